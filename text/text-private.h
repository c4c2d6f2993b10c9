/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-private.h — what the text-*.c files share: the Text object, telling
 * (text-say.c: the messages of events and the status), reading a line and
 * the numbered menus (text-menu.c), what a typed line means
 * (text-words.c), the questions a sighted player answers with a glance
 * (text-ask.c) and walks of many steps (text-walk.c). */
#ifndef CAV_TEXT_TEXT_PRIVATE_H
#define CAV_TEXT_TEXT_PRIVATE_H

#include "command.h"
#include "content.h"
#include "text.h"
#include "travel.h"

G_BEGIN_DECLS

/* The status as last told: what text_tell() compares with. */
typedef struct {
    gboolean known; /* something was told */
    gint32 hp, max_hp, mana, max_mana, level, depth;
    char hunger[CAV_WORD_MAX];
    char effects[256]; /* the names of the effects on the player, joined */
} TextStatus;

struct Text {
    Bus *bus;
    guint subscription;
    FILE *in, *out;
    gboolean lost;             /* the input ended or the output failed: every read gives nothing */
    const CavState *state;     /* the live state, while text_run() runs */
    const CavView *sight;      /* the player's view and memory, likewise */
    const CavContent *content; /* what the game plays by, likewise */
    CavState *shadow;          /* the own fold while there is no live state */
    CavView *shadow_view;
    GPtrArray *heard;   /* of TextHeard: messages not told yet */
    GPtrArray *history; /* of TextHeard: the last messages, for "messages" */
    GPtrArray *last;    /* the lines last told, for "again" (of char *) */
    TextStatus status;
    TravelWatch *watch;
    gboolean keys_told;
    gboolean digging; /* a dig was confirmed and the player keeps on that way */
    gint32 dig_dx, dig_dy;
    gint32 narrate_from; /* text_replay: tell each turn from this one on; -1: not */
    guint8 in_view[CAV_CREATURES_MAX + 1]; /* 1: in view when last told */
    gboolean keys;                         /* key mode is on (text-keys.c) */
    guint32 drunk;          /* bit i: the player drank, or saw drunk, a potion of look i */
    gboolean hunger_hinted; /* the first hunger's hint was told (messages_hunger_hint) */
};

typedef struct {
    gint32 turn;
    char *text;
} TextHeard;

/* At most this many messages are kept for "messages". */
#define TEXT_HISTORY_MAX 200
/* The bytes of a typed line kept (no command is longer; the rest is dropped). */
#define TEXT_LINE_MAX 4096

/* ---- text-say.c --------------------------------------------------------- */

/* Word @event for the player (the bus subscriber's work): into the messages
 * to tell, folded into the own state while there is no live one. */
void text_hear(Text *text, const CavEvent *event);

/* text_replay: tell the turn the own fold has reached, headed by its
 * number, when it is one to tell and the player perceived something. */
void text_narrate_turn(Text *text);

/* Add a message that no event gave (a refusal, why a walk stopped). */
void text_hear_note(Text *text, const char *line);

/* Drop the messages not told yet (the steps of a walk). */
void text_forget(Text *text);

/* Print @line on its own line as ev_shown() shows it (shown.h): no control
 * character, bidi control or byte that is not UTF-8 goes out raw. When the
 * output fails, @text is lost (every read then gives nothing). */
void text_say(Text *text, const char *line);

/* Tell the messages heard since the last time, then the status where it
 * changed; remembers them for "again". */
void text_tell(Text *text);

/* The creatures in view now that were not when last told, as lines on
 * @lines ("You see a goblin, 5 north-east, unhurt."; "You see 3 fungi, the
 * nearest 2 east."); what is in view is remembered for the next time. */
void text_news_creatures(Text *text, const CavState *state, const CavView *view, GPtrArray *lines);

/* The whole status in words: "HP 12 of 20, mana 3 of 5, hungry, level 2,
 * depth 1, turn 40." */
void text_status_words(const CavState *state, GString *out);

/* The status parts that differ from @told (all when it knows nothing),
 * appended as a sentence; @told becomes the present. Nothing when alike. */
void text_status_changes(const CavState *state, TextStatus *told, GString *out);

/* ---- text-words.c ------------------------------------------------------- */

typedef enum {
    TEXT_DO_UNKNOWN,
    TEXT_DO_NOTHING, /* an empty line */
    TEXT_DO_COMMAND, /* a turn: move, wait, stairs, pick up */
    TEXT_DO_RUN,
    TEXT_DO_RUN_PREFIX,
    TEXT_DO_EXPLORE,
    TEXT_DO_TRAVEL,
    TEXT_DO_REST,
    TEXT_DO_MENU, /* an item menu: drop, eat, equip, quaff, examine */
    TEXT_DO_THROW,
    TEXT_DO_FIRE,
    TEXT_DO_READ,
    TEXT_DO_CALL,
    TEXT_DO_WHERE,
    TEXT_DO_SEE,
    TEXT_DO_STAIRS,
    TEXT_DO_AROUND,
    TEXT_DO_PACK,
    TEXT_DO_EFFECTS,
    TEXT_DO_STATUS,
    TEXT_DO_MESSAGES,
    TEXT_DO_AGAIN,
    TEXT_DO_HELP,
    TEXT_DO_KEYS,
    TEXT_DO_QUIT,
} TextDo;

typedef struct {
    TextDo what;
    CavCommand command; /* TEXT_DO_COMMAND; a move's direction for TEXT_DO_RUN */
    TextMenuKind menu;  /* TEXT_DO_MENU */
} TextWords;

/* What the typed @line means (a word, a few words, or a key). */
TextWords text_words_parse(const char *line);

/* The direction @line names ("north", "ne", "k", "8"…) in *@dx, *@dy. */
gboolean text_words_direction(const char *line, gint32 *dx, gint32 *dy);

/* The help: every command and its keys, one a line. */
void text_words_help(Text *text);

/* ---- text-ask.c --------------------------------------------------------- */

/* "3 north-east", "2 north, 5 east", "here": where (@dx, @dy) lies. */
void text_ask_direction(gint32 dx, gint32 dy, GString *out);

/* The questions: each says its answer on @text's output. */
void text_ask_where(Text *text);
void text_ask_see(Text *text);
void text_ask_stairs(Text *text);
void text_ask_around(Text *text);
void text_ask_pack(Text *text);
void text_ask_effects(Text *text);

/* The nearest cell by known ways that is @tile (TILE_OUTSIDE: that borders
 * a cell the player never saw) in *@x, *@y; FALSE when none is known. */
gboolean text_ask_place(const CavState *state, const CavView *view, CavTile tile, gint32 *x,
                        gint32 *y);

/* "a goblin, 3 north-east, wounded, wields a bow" for @creature. */
void text_ask_creature(const CavState *state, const CavCreature *creature, GString *out);

/* ---- text-menu.c -------------------------------------------------------- */

/* The next line of input without its end (caller frees), or NULL when the
 * input has ended (then it stays ended). */
char *text_read_line(Text *text);

/* Say @title, then each of @choices as "N. choice", and read a number:
 * its index, or -1 when the line was empty, not a listed number, or the
 * input ended (then "Cancelled." is said, but not at the end of input). */
gint text_menu_ask(Text *text, const char *title, const GPtrArray *choices);

/* Pick an item for @kind: its id, or 0 (nothing fits: said; or cancelled). */
gint32 text_menu_item(Text *text, TextMenuKind kind);

/* Pick a spell of @book, or NULL. */
const CavSpell *text_menu_spell(Text *text, const CavItem *book);

/* Pick a cell to aim at: a creature in view by its number, "me" (with
 * @self), or "x y" coordinates. FALSE when cancelled. */
gboolean text_menu_target(Text *text, const char *title, gboolean self, gint32 *x, gint32 *y);

/* Pick a place to travel to: the nearest stairs, unexplored place, an item
 * remembered on the level, or "x y". FALSE when cancelled. */
gboolean text_menu_place(Text *text, gint32 *x, gint32 *y);

/* Ask @question, answered yes or no (the end of input: no). */
gboolean text_menu_yes(Text *text, const char *question);

/* Ask for a level-up bonus: the bonus, or -1 when the input ended. */
gint text_menu_bonus(Text *text);

/* Pick a potion look the player has seen and does not know, then read a
 * name for it. FALSE when cancelled (or there is none: said). */
gboolean text_menu_call(Text *text, CavCommand *command);

/* Examine @item: what it is, does, and its numbers, as lines. */
void text_menu_examine(Text *text, const CavItem *item);

/* ---- text-keys.c ------------------------------------------------------- */

/* Turn key mode on (the input must be a terminal) or off. FALSE when it
 * cannot be turned on. */
gboolean text_keys_toggle(Text *text);

/* In key mode, put the terminal back as it was while a whole line is typed
 * (@cooked), or keys only again. Nothing outside key mode. */
void text_keys_cook(Text *text, gboolean cooked);

/* Leave key mode, the terminal as it was (nothing when it is off). */
void text_keys_end(Text *text);

/* The next command: a line, or in key mode a key as soon as it is pressed
 * (':' then a line). NULL when the input has ended. Caller frees. */
char *text_read_command(Text *text);

/* ---- text-walk.c -------------------------------------------------------- */

typedef enum {
    TEXT_WALK_EXPLORE,
    TEXT_WALK_TRAVEL,
    TEXT_WALK_RUN,
    TEXT_WALK_REST,
} TextWalkKind;

/* Walk in @session: one ordinary move (or wait) a turn until travel.h's
 * rules stop it; only the last step's messages and why it stopped are
 * told. FALSE with @error only when a turn could not be saved. */
gboolean text_walk(Text *text, Session *session, TextWalkKind kind, gint32 x, gint32 y, gint32 dx,
                   gint32 dy, GError **error);

G_END_DECLS

#endif
