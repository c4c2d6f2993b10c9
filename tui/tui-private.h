/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-private.h — what the tui-*.c files share: the terminal (tui-screen.c),
 * the message log projection (tui-log.c), key bindings (tui-keys.c), drawing
 * the play screen (tui-draw.c), the panels drawn over it (tui-panels.c), the
 * item menus (tui-items.c), looking around (tui-look.c), the map cursor
 * that looking, throwing, firing, casting and travel share (tui-target.c),
 * the spell menu (tui-spells.c), naming potion looks (tui-call.c) and walks
 * of many steps (tui-walk.c). */
#ifndef CAV_TUI_TUI_PRIVATE_H
#define CAV_TUI_TUI_PRIVATE_H

#include <curses.h>
#include <glib.h>

#include "command.h"
#include "content.h"
#include "event.h"
#include "state.h"
#include "travel.h"
#include "session.h"
#include "view.h"

G_BEGIN_DECLS

/* ---- tui-screen.c: the terminal ---------------------------------------- */

#define TUI_MIN_COLS 80
#define TUI_MIN_LINES 24

/* What tui_screen_read_key() returns when the terminal is gone (EOF on input). */
#define TUI_KEY_LOST (-2)

/* The key code of Ctrl-@letter (an upper-case letter). */
#define TUI_KEY_CTRL(letter) ((letter) - '@')
#define TUI_KEY_ESCAPE 27

/* How a thing on screen looks; tui_screen_attr() turns it into attributes. */
typedef enum {
    TUI_STYLE_TEXT,
    TUI_STYLE_TITLE,
    TUI_STYLE_HINT,
    TUI_STYLE_FRAME,
    TUI_STYLE_FLOOR,
    TUI_STYLE_WALL,
    TUI_STYLE_STAIRS,
    TUI_STYLE_REMEMBERED,
    TUI_STYLE_STRANGER, /* a thing whose colour has no name we know */
    TUI_STYLE_WARNING,  /* hp below half */
    TUI_STYLE_DANGER,   /* hp below a quarter */
    TUI_STYLE_COUNT
} TuiStyle;

/* Set the locale, install signal handlers and take the terminal (cbreak, no
 * echo, keypad, no cursor, colours). FALSE with a TUI_ERROR if it cannot. */
gboolean tui_screen_begin(GError **error);

/* Draw into a screen of @lines × @cols that no terminal shows (its output
 * goes to /dev/null): the same drawing code, read back cell by cell with
 * curses' in_wch (an asciicast is made so). Colours as on a 256-colour
 * xterm, unless NO_COLOR. End it with tui_screen_end(). FALSE with a
 * TUI_ERROR when no terminfo entry for an xterm is installed. */
gboolean tui_screen_begin_offscreen(int lines, int cols, GError **error);

/* Give the terminal back as it was (endwin) and restore the signal handlers.
 * Does nothing when the screen is not active. */
void tui_screen_end(void);

/* The next key (a curses key code, KEY_RESIZE after a resize, TUI_KEY_LOST
 * when input is gone). A caught SIGINT/SIGTERM/SIGHUP ends the screen and
 * kills the process with that signal. */
int tui_screen_read_key(void);

/* The same, waiting at most @ms milliseconds: ERR when no key came. */
int tui_screen_read_key_within(int ms);

/* Throw away keys typed ahead (before a screen that any key dismisses). */
void tui_screen_flush_input(void);

/* Whether a key (other than a resize) has been pressed, without waiting;
 * when one has, it and any typed after it are thrown away. */
gboolean tui_screen_key_waiting(void);

/* TRUE when the terminal is at least TUI_MIN_COLS × TUI_MIN_LINES. */
gboolean tui_screen_big_enough(void);

/* Erase the screen and draw the centred "needs a terminal of at least…" note. */
void tui_screen_draw_too_small(void);

attr_t tui_screen_attr(TuiStyle style);

/* The attributes of a colour named as in the data files: black, red, green,
 * yellow, blue, magenta, cyan or white, optionally prefixed "bright ". An
 * unknown name gives TUI_STYLE_STRANGER's. */
attr_t tui_screen_colour(const char *name);

/* "×" where the terminal speaks UTF-8, else "x". */
const char *tui_screen_times(void);

/* Draw @text at (@row, @col), clipped to @max_cols columns (characters). */
void tui_screen_put(int row, int col, const char *text, int max_cols, attr_t attr);

/* Draw @text centred on @row, clipped to the screen width. */
void tui_screen_put_centred(int row, const char *text, attr_t attr);

/* Clear a rectangle and draw a frame around it (outer size @lines × @cols). */
void tui_screen_frame(int top, int left, int lines, int cols);

/* Break @text into lines of at most @width characters at spaces (words longer
 * than @width are cut). Returns a GPtrArray of strings owned by the caller. */
GPtrArray *tui_screen_wrap(const char *text, int width);

/* Number of characters (not bytes) of UTF-8 @text. */
int tui_screen_text_cols(const char *text);

/* ---- tui-log.c: the message log, a projection of events --------------- */

typedef struct {
    gint32 turn;
    char *text;
} TuiMessage;

typedef struct TuiLog TuiLog;

/* At most this many messages are kept in the history. */
#define TUI_LOG_HISTORY_MAX 500

TuiLog *tui_log_new(void);
void tui_log_free(TuiLog *log);

/* Offer @event to the log. @state and @view are the live state right after
 * evolving @event and the player's view then. Before there is a live state
 * (folding a saved game, turn 0 of a new one) pass NULL for both: the log
 * then folds the events into its own copy, so every message is worded from
 * the moment it happened. */
void tui_log_event(TuiLog *log, const CavState *state, const CavView *view, const CavEvent *event);

/* The events that follow start from @state and @view (a keyframe's, when a
 * resume starts from one), not from a fresh state: the log's copy begins
 * as theirs. */
void tui_log_start(TuiLog *log, const CavState *state, const CavView *view);

/* The live @state takes over: the log drops its own copy; the messages of
 * the state's last turn stay unread, older ones count as read. */
void tui_log_settle(TuiLog *log, const CavState *state);

/* Add a message that did not come from an event (a rejected command). */
void tui_log_add(TuiLog *log, gint32 turn, const char *text);

/* Mark every message read (the player pressed a key). */
void tui_log_mark_read(TuiLog *log);

/* The potion looks (bit i for CavState.looks[i]) the player drank or saw
 * drunk in the events the log was given. */
guint32 tui_log_drunk_looks(const TuiLog *log);

/* The history, oldest first, of TuiMessage (borrowed), and how many of its
 * last entries are unread. */
const GPtrArray *tui_log_history(const TuiLog *log);
guint tui_log_unread(const TuiLog *log);

/* ---- tui-keys.c: what a key means on the play screen ------------------ */

typedef enum {
    TUI_ACTION_NONE, /* an unknown key: nothing happens, no turn passes */
    TUI_ACTION_COMMAND,
    TUI_ACTION_DROP, /* the item menus: no turn until an item is chosen */
    TUI_ACTION_EAT,
    TUI_ACTION_EQUIP,
    TUI_ACTION_QUAFF,
    TUI_ACTION_THROW,   /* a menu, then the targeting cursor */
    TUI_ACTION_FIRE,    /* the targeting cursor */
    TUI_ACTION_READ,    /* a book, a spell, then the targeting cursor */
    TUI_ACTION_CALL,    /* a potion look, then its name; never a turn */
    TUI_ACTION_EXAMINE, /* never a turn */
    TUI_ACTION_LOOK,
    TUI_ACTION_HELP,
    TUI_ACTION_HISTORY,
    TUI_ACTION_SAVE_QUIT,
    TUI_ACTION_REDRAW,
    TUI_ACTION_PACK,       /* the pack's panel; never a turn */
    TUI_ACTION_EXPLORE,    /* auto-explore: steps, each a turn */
    TUI_ACTION_REST,       /* rest until healed: waits, each a turn */
    TUI_ACTION_TRAVEL,     /* pick a place, then steps there */
    TUI_ACTION_RUN,        /* steps in one direction (the command's) */
    TUI_ACTION_RUN_PREFIX, /* G: the next movement key runs */
} TuiAction;

/* The action of @key; for TUI_ACTION_COMMAND, the command in *@command (for
 * TUI_ACTION_RUN, a move in the direction of the run). */
TuiAction tui_keys_action(int key, CavCommand *command);

/* The direction of movement key @key in *@dx, *@dy; FALSE for other keys. */
gboolean tui_keys_direction(int key, gint32 *dx, gint32 *dy);

/* Whether @key, bound to nothing on the play screen, is one a player presses
 * out of habit to close or pass something (Esc, Enter): with nothing open,
 * it does nothing and says nothing. */
gboolean tui_keys_nothing(int key);

/* How to write @key for the player ("Z", "Enter", "Ctrl-X", "KEY_F(1)"),
 * appended. */
void tui_keys_name(int key, GString *out);

/* ---- tui-draw.c: the play screen --------------------------------------- */

/* Which part of the map is on screen: its top-left cell. It keeps the player
 * centred where the level is larger than the screen (clamped to the level's
 * edges) and every cell they see on screen; while @focused, it is kept from
 * frame to frame and scrolls only when the map cursor (at @focus_x,
 * @focus_y) nears the edge of the screen. */
typedef struct {
    gint32 z, left, top;
    gboolean placed;
    gboolean focused;
    gint32 focus_x, focus_y;
} TuiViewport;

/* Where the parts of the play screen go at the terminal's size. */
typedef struct {
    int message_rows;
    int map_top, map_rows, map_cols;
    int stats_row;
    int effects_row; /* the effects on the player, and the help hint */
} TuiLayout;

void tui_draw_layout(TuiLayout *layout);

/* The screen position of map cell (@x, @y) in @viewport; FALSE when it is
 * not on screen. */
gboolean tui_draw_cell_at(const TuiViewport *viewport, const TuiLayout *layout, gint32 x, gint32 y,
                          int *row, int *col);

/* Erase and draw the play screen (messages on top, map, stats line,
 * effects line) for @state as the player knows it (@sight), placing
 * @viewport on the player (or scrolling it after its focus); or the
 * too-small note.
 * Does not refresh. */
void tui_draw_play(const CavState *state, const CavView *sight, const TuiLog *log,
                   TuiViewport *viewport);

/* Draw the unread messages of @log over the message rows with "--More--"
 * at the end. Does not refresh. */
void tui_draw_more(const TuiLog *log);

/* Draw @text over the message rows of @layout, wrapped (only what does not
 * fit in all of them is cut), and @hint (keys, never split) after it when
 * there is room on its last row, else on a row of its own: the next message
 * row, or the effects line when the text takes every message row. */
void tui_draw_message_rows(const TuiLayout *layout, const char *text, const char *hint);

/* ---- tui-panels.c: screens over the play screen ------------------------ */

/* Draws whatever lies behind a panel (after a resize too). */
typedef void (*TuiBackdrop)(gpointer data);

/* A framed box in the middle of the screen: the first line is its title and
 * the last a hint. Does not refresh. */
void tui_panels_box(const char *const *lines, gsize n_lines);

/* The same box with the lines whose @dimmed entry is TRUE greyed out
 * (@dimmed NULL: none). */
void tui_panels_box_dimmed(const char *const *lines, gsize n_lines, const gboolean *dimmed);

/* Show a box of @lines over @backdrop until a key other than a resize comes;
 * returns that key. */
int tui_panels_show(const char *const *lines, gsize n_lines, TuiBackdrop backdrop, gpointer data);

/* Ask @question (a yes/no one) on the message rows over @backdrop; TRUE
 * for `y`, FALSE for `n`, Esc or a lost terminal; other keys are ignored. */
gboolean tui_panels_ask(const char *question, TuiBackdrop backdrop, gpointer data);

/* "--More--" after the unread messages of @log, over @backdrop: keys typed
 * before it are thrown away, and only Enter, Space or Esc (or a lost
 * terminal) pass it. */
void tui_panels_more(const TuiLog *log, TuiBackdrop backdrop, gpointer data);

/* The key help; any key closes it. */
void tui_panels_help(TuiBackdrop backdrop, gpointer data);

/* The message history, scrollable; any other key closes it. */
void tui_panels_history(const TuiLog *log);

/* The level-up screen: the bonuses of @content with their amounts and what
 * @player has now. Keys typed before it are thrown away; a letter or an
 * arrow marks a bonus and only Enter takes it (a-g are keys of play too).
 * Waits for a choice: returns the CavBonus chosen, or -1 when the player saves and
 * quits instead (S, or the terminal is gone). */
int tui_panels_levelup(const CavContent *content, const CavCreature *player, TuiBackdrop backdrop,
                       gpointer data);

/* The end of the game (won or lost): the cause, turns, depth reached, kills,
 * what the player carried and the score; waits for a key. */
void tui_panels_end(const CavState *state, TuiBackdrop backdrop, gpointer data);

/* ---- tui-items.c: the pack's menus and the examine panel --------------- */

typedef enum {
    TUI_MENU_DROP,
    TUI_MENU_EAT,
    TUI_MENU_EQUIP,
    TUI_MENU_QUAFF,
    TUI_MENU_THROW,
    TUI_MENU_EXAMINE,
    TUI_MENU_READ,
} TuiMenuKind;

/* Let the player pick an item of their pack for @kind, over @backdrop.
 * Returns the item's id, or 0 when the player closed the menu (Esc) or
 * nothing fits; then *@nothing is NULL or says why ("You have nothing to
 * eat.", static). A folded soft stack's letter unfolds it. */
gint32 tui_menu_pick(const CavState *state, TuiMenuKind kind, TuiBackdrop backdrop, gpointer data,
                     const char **nothing);

/* The pack panel: every item carried, lettered, as the menus show them,
 * until Esc (or Space, Enter, `i`). No turn passes. */
void tui_items_pack(const CavState *state, TuiBackdrop backdrop, gpointer data);

/* A panel on @item: its numbers (food as eating it now gives, by
 * @content's rules), tags, uses, freshness, what a potion the player knows
 * does (for one they do not know, that `c` names its look) and the spells
 * of a book with their costs and effects; waits for a key and returns it. */
int tui_items_examine(const CavState *state, const CavContent *content, const CavItem *item,
                      TuiBackdrop backdrop, gpointer data);

/* ---- tui-look.c: looking around ---------------------------------------- */

/* Append what the player knows of cell (@z, @x, @y) to @out: who stands
 * there (the player with hp; another by how hurt it looks, what it wields
 * and wears), what lies there (a rotten corpse named so) and the terrain,
 * or what they remember. */
void tui_look_describe(const CavState *state, const CavView *sight, gint32 z, gint32 x, gint32 y,
                       GString *out);

/* Look mode: a cursor, moved with the movement keys from the player over the
 * map (Tab jumps to the creatures in view), with the description of
 * its cell on the message line; Esc (or Enter, or ;) ends it. `_` ends it
 * to travel to a remembered cell: then TRUE with the cell in *@x, *@y.
 * @backdrop draws the play screen. No turn passes. */
gboolean tui_look(const CavState *state, const CavView *sight, TuiViewport *viewport,
                  TuiBackdrop backdrop, gpointer data, gint32 *x, gint32 *y);

/* ---- tui-target.c: the map cursor of looking and aiming ----------------- */

/* What the cursor is for. */
typedef enum {
    TUI_AIM_LOOK,  /* starts on the player; any ending key just ends it */
    TUI_AIM_THROW, /* starts on the nearest creature in view; shows the line */
    TUI_AIM_FIRE,
    TUI_AIM_CAST,      /* picks a creature in view, the player included; starts on the player */
    TUI_AIM_CAST_AWAY, /* the same, starting on the nearest other creature */
    TUI_AIM_TRAVEL,    /* picks a remembered cell; `<` `>` pick the nearest known stairs */
} TuiAim;

/* The cursor over the map, which @viewport (the one @backdrop draws) follows
 * while it is open and gives back to the player after: moved with the
 * movement keys anywhere on the level, `Tab`
 * (Shift-Tab back) jumps through the creatures in view nearest first (the
 * player among them when casting), the message line says what is under it
 * and which keys do what. For THROW and FIRE the line a missile would fly
 * from the player is drawn up to where it would stop; Enter (or `.`, or the
 * key that opened it: `t`, `f`, `r`) picks a cell, but only one
 * rules_can_aim() allows (casting: one where the player or a creature in
 * view stands); for another the message line says why and the cursor stays.
 * Returns TRUE with the cell picked in *@x, *@y; FALSE when the player
 * cancels (Esc) or, for LOOK, unless `_` picked a remembered cell to
 * travel to. Travel's `<` or `>` on the stairs the player stands on picks
 * the player's own cell. */
gboolean tui_target(const CavState *state, const CavView *sight, TuiViewport *viewport, TuiAim aim,
                    TuiBackdrop backdrop, gpointer data, gint32 *x, gint32 *y);

/* Why travel to @player's own cell goes nowhere: the stairs they stand on
 * and the key that takes them ("You are on the stairs down: > takes
 * them."), or that they are there. A static string. */
const char *tui_target_here(const CavState *state, const CavCreature *player);

/* ---- tui-spells.c: the spells of a book -------------------------------- */

/* Let the player pick a spell of @book (a lettered menu over @backdrop, each
 * spell with its mana cost; those the player cannot afford greyed out).
 * Returns the spell, or NULL when the player closed the menu (Esc) or the
 * book holds none. Picking one too dear returns it too: the rules say why
 * it cannot be cast. */
const CavSpell *tui_spells_pick(const CavState *state, const CavItem *book, TuiBackdrop backdrop,
                                gpointer data);

/* ---- tui-call.c: naming potion looks ------------------------------------ */

/* Let the player pick a potion look they have seen and do not know: in the
 * pack, on the floor in view, or drunk (by them, or by a creature they saw:
 * the bits of @drunk, tui_log_drunk_looks()). Returns its index in
 * CavState.looks, or -1 when the player closed the menu or there is none
 * (then *@nothing says so, static). */
gint32 tui_call_pick(const CavState *state, const CavView *sight, guint32 drunk,
                     TuiBackdrop backdrop, gpointer data, const char **nothing);

/* Ask for the name of look @look on the message rows (up to
 * CAV_COMMAND_WORD_MAX - 1 printable characters, starting from its present
 * name; Backspace erases). TRUE with the name in @name when the player
 * pressed Enter (an empty name forgets it); FALSE on Esc. */
gboolean tui_call_ask(const CavState *state, gint32 look, TuiBackdrop backdrop, gpointer data,
                      char name[CAV_COMMAND_WORD_MAX]);

/* ---- tui-walk.c: auto-explore, travel and running ---------------------- */

typedef enum {
    TUI_WALK_EXPLORE, /* toward the nearest unexplored cell, again and again */
    TUI_WALK_TRAVEL,  /* to (x, y) */
    TUI_WALK_RUN,     /* in direction (dx, dy) */
    TUI_WALK_REST,    /* waiting, until hp and mana are full */
} TuiWalkKind;

typedef struct {
    TuiWalkKind kind;
    gint32 x, y;   /* TUI_WALK_TRAVEL: where to */
    gint32 dx, dy; /* TUI_WALK_RUN: which way */
} TuiWalk;

/* Walk @walk in @session: one ordinary move a turn, each drawn over
 * @backdrop, by the player's memory and never into rock, until travel.h's
 * rules stop it (something new to the player on this level in view, a
 * blow, arrived, nothing left to explore, a wall or a branching when
 * running), the rules refuse a step, the game ends or a bonus waits, or a
 * key is pressed. Why it stopped goes to @log when the screen does not show
 * it. @watch holds what the player has met in this game (travel_watch_see())
 * and is told of each event as it happens (travel_watch_event()), by the
 * caller. FALSE with @error only when a turn could not be saved. */
gboolean tui_walk(Session *session, TuiLog *log, TravelWatch *watch, const TuiWalk *walk,
                  TuiBackdrop backdrop, gpointer data, GError **error);

G_END_DECLS

#endif
