/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-words.c — what a typed line means in text mode: one table of words
 * and keys. Every key of the play screen is here (hjklyubn and the digits
 * move, HJKLYUBN run, o explores, _ travels, Z rests, > < take stairs, g
 * picks up, d e w q t f r c x drop, eat, wear, drink, throw, fire, read,
 * call, examine, i the pack, ; looks, ? helps, S saves and quits), beside
 * the words a player may rather type, and the questions of text mode. */
#include "text-private.h"

#include <string.h>

typedef struct {
    const char *words; /* the spellings, separated by '|' */
    TextDo what;
    CavCommandKind kind;
    gint32 dx, dy;
    TextMenuKind menu;
    const char *help; /* NULL: not listed on its own in the help */
} TextBinding;

/* clang-format off */
#define TEXT_MOVE(w, x, y, h) {.words = (w), .what = TEXT_DO_COMMAND, .kind = CMD_MOVE, \
                               .dx = (x), .dy = (y), .help = (h)}
#define TEXT_RUN(w, x, y) {.words = (w), .what = TEXT_DO_RUN, .kind = CMD_MOVE, .dx = (x), .dy = (y)}
#define TEXT_CMD(w, k, h) {.words = (w), .what = TEXT_DO_COMMAND, .kind = (k), .help = (h)}
#define TEXT_ITEMS(w, m, h) {.words = (w), .what = TEXT_DO_MENU, .menu = (m), .help = (h)}
#define TEXT_ASK(w, d, h) {.words = (w), .what = (d), .help = (h)}

static const TextBinding text_bindings[] = {
    TEXT_MOVE("north|k|8", 0, -1, "move: north (k), south (j), east (l), west (h)"),
    TEXT_MOVE("south|j|2", 0, 1, NULL),
    TEXT_MOVE("east|l|6", 1, 0, NULL),
    TEXT_MOVE("west|h|4", -1, 0, NULL),
    TEXT_MOVE("northwest|north-west|north west|nw|y|7", -1, -1,
              "move: north-east (u), north-west (y), south-east (n), south-west (b)"),
    TEXT_MOVE("northeast|north-east|north east|ne|u|9", 1, -1, NULL),
    TEXT_MOVE("southwest|south-west|south west|sw|b|1", -1, 1, NULL),
    TEXT_MOVE("southeast|south-east|south east|se|n|3", 1, 1, NULL),
    TEXT_RUN("H", -1, 0), TEXT_RUN("L", 1, 0), TEXT_RUN("K", 0, -1), TEXT_RUN("J", 0, 1),
    TEXT_RUN("Y", -1, -1), TEXT_RUN("U", 1, -1), TEXT_RUN("B", -1, 1), TEXT_RUN("N", 1, 1),
    TEXT_ASK("run|G", TEXT_DO_RUN_PREFIX,
             "run DIRECTION: walk that way until something is worth a stop (G, or H J K L...)"),
    TEXT_CMD("wait|.|5", CMD_WAIT, "wait: let one turn pass (.)"),
    TEXT_ASK("rest|Z", TEXT_DO_REST, "rest: wait until healed, or until something happens (Z)"),
    TEXT_ASK("explore|o", TEXT_DO_EXPLORE, "explore: walk to the nearest unexplored place (o)"),
    TEXT_ASK("travel|_", TEXT_DO_TRAVEL, "travel: walk to stairs, an item or a place (_)"),
    TEXT_CMD("down|descend|go down|>", CMD_DESCEND, "down: take stairs down (>)"),
    TEXT_CMD("up|ascend|go up|climb|<", CMD_ASCEND, "up: take stairs up, or leave the caves (<)"),
    TEXT_CMD("pick up|pickup|get|take|g|,", CMD_PICKUP, "pick up: what lies here (g)"),
    TEXT_ITEMS("drop|d", TEXT_MENU_DROP, "drop (d)"),
    TEXT_ITEMS("eat|e", TEXT_MENU_EAT, "eat (e)"),
    TEXT_ITEMS("wear|wield|equip|take off|w", TEXT_MENU_EQUIP,
               "wear or wield, or take off (w)"),
    TEXT_ITEMS("quaff|drink|q", TEXT_MENU_QUAFF, "quaff: drink a potion (q)"),
    TEXT_ITEMS("examine|x", TEXT_MENU_EXAMINE, "examine: what an item in your pack is (x)"),
    TEXT_ASK("throw|t", TEXT_DO_THROW, "throw: an item at a creature or a place (t)"),
    TEXT_ASK("fire|shoot|f", TEXT_DO_FIRE, "fire: the bow you wield (f)"),
    TEXT_ASK("read|cast|r", TEXT_DO_READ, "cast: read a spell from a book (r)"),
    TEXT_ASK("call|name|c", TEXT_DO_CALL, "call: give a potion you do not know a name (c)"),
    TEXT_ASK("where|here|position", TEXT_DO_WHERE,
             "where: depth, position and what lies here"),
    TEXT_ASK("see|look|view|;", TEXT_DO_SEE,
             "see: creatures and items in view, with direction and distance (;)"),
    TEXT_ASK("stairs|exits", TEXT_DO_STAIRS, "stairs: the nearest known stairs and unexplored place"),
    TEXT_ASK("around|map|walls", TEXT_DO_AROUND, "around: walls and openings in each direction"),
    TEXT_ASK("pack|inventory|inv|i", TEXT_DO_PACK, "pack: what you carry (i)"),
    TEXT_ASK("effects|affects", TEXT_DO_EFFECTS, "effects: what works on you, and for how long"),
    TEXT_ASK("status|stats|hp", TEXT_DO_STATUS, "status: hp, mana, hunger, level, depth, turn"),
    TEXT_ASK("messages|history|\x10", TEXT_DO_MESSAGES, "messages: the last messages (Ctrl-P)"),
    TEXT_ASK("again|repeat|\x0c", TEXT_DO_AGAIN, "again: what was last said (Ctrl-L)"),
    TEXT_ASK("help|commands|?", TEXT_DO_HELP, "help: this list (?)"),
    TEXT_ASK("keys|key mode", TEXT_DO_KEYS,
             "keys: in a terminal, keys act at once, no Enter; : then a word; keys again ends"),
    TEXT_ASK("quit|save|exit|S", TEXT_DO_QUIT, "quit: save and leave; the game waits (S)"),
};
/* clang-format on */

/* The arrow keys a terminal in line mode sends as they are. */
static const struct {
    const char *sequence;
    const char *word;
} text_arrows[] = {
    {"\x1b[A", "north"}, {"\x1b[B", "south"}, {"\x1b[C", "east"}, {"\x1b[D", "west"},
    {"\x1bOA", "north"}, {"\x1bOB", "south"}, {"\x1bOC", "east"}, {"\x1bOD", "west"},
};

/* Whether @word is one of the '|'-separated spellings of @binding. A
 * one-character spelling is a key: it matches as typed (case counts);
 * longer ones match in any case. */
static gboolean text_words_match(const TextBinding *binding, const char *word)
{
    g_auto(GStrv) spellings = g_strsplit(binding->words, "|", -1);

    for (guint i = 0; spellings[i] != NULL; i++) {
        const char *spelling = spellings[i];
        if (strlen(spelling) == 1 ? strcmp(spelling, word) == 0
                                  : g_ascii_strcasecmp(spelling, word) == 0)
            return TRUE;
    }
    return FALSE;
}

static const TextBinding *text_words_find(const char *word)
{
    for (gsize i = 0; i < G_N_ELEMENTS(text_arrows); i++)
        if (strcmp(word, text_arrows[i].sequence) == 0)
            word = text_arrows[i].word;
    for (gsize i = 0; i < G_N_ELEMENTS(text_bindings); i++)
        if (text_words_match(&text_bindings[i], word))
            return &text_bindings[i];
    return NULL;
}

gboolean text_words_direction(const char *line, gint32 *dx, gint32 *dy)
{
    g_autofree char *word = g_strstrip(g_strdup(line));
    const TextBinding *binding = text_words_find(word);

    if (binding == NULL || (binding->what != TEXT_DO_COMMAND && binding->what != TEXT_DO_RUN) ||
        binding->kind != CMD_MOVE)
        return FALSE;
    *dx = binding->dx;
    *dy = binding->dy;
    return TRUE;
}

/* "run north", "run k": a run that way. */
static gboolean text_words_run(const char *line, TextWords *out)
{
    gint32 dx, dy;

    if (g_ascii_strncasecmp(line, "run ", 4) != 0 || !text_words_direction(line + 4, &dx, &dy))
        return FALSE;
    out->what = TEXT_DO_RUN;
    out->command = command_move(dx, dy);
    return TRUE;
}

TextWords text_words_parse(const char *line)
{
    TextWords out = {.what = TEXT_DO_UNKNOWN};
    g_autofree char *word = g_strstrip(g_strdup(line));
    const TextBinding *binding;

    if (word[0] == '\0' && strchr(line, '\x10') == NULL && strchr(line, '\x0c') == NULL) {
        out.what = TEXT_DO_NOTHING;
        return out;
    }
    if (word[0] == '\0') /* g_strstrip took the control key for space */
        word = (g_free(word), g_strdup(line));
    if (text_words_run(word, &out))
        return out;
    binding = text_words_find(word);
    if (binding == NULL)
        return out;
    out.what = binding->what;
    out.menu = binding->menu;
    if (binding->kind == CMD_MOVE)
        out.command = command_move(binding->dx, binding->dy);
    else if (binding->what == TEXT_DO_COMMAND)
        out.command = command_simple(binding->kind);
    return out;
}

void text_words_help(Text *text)
{
    text_say(text, "Type a command and Enter. Commands, with the key that does the same:");
    for (gsize i = 0; i < G_N_ELEMENTS(text_bindings); i++)
        if (text_bindings[i].help != NULL)
            text_say(text, text_bindings[i].help);
    text_say(text, "Menus list numbered choices: type the number, or Enter alone to cancel.");
    text_say(text, "To aim, type the number of a creature, or the x and y of a place.");
}
