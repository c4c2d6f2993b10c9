/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-text.c — text mode, the line-mode front-end for screen readers
 * (issue 26): every key of the play screen means the same there; the
 * questions answer from what the player knows; whole games are played
 * through a pipe (no terminal) by the bot's commands written as the lines
 * a player types, to a win in a game built for it, and the file each makes
 * is the very game the bot played beside it (same digest) and verifies; no
 * line of output holds a control character; `replay --text` tells any
 * game; and in a real terminal (tmux) text mode only ever prints lines. */
#include <gio/gio.h>
#include <signal.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bot.h"
#include "shown.h"
#include "testutil.h"
#include "text-private.h"
#include "tmux.h"
#include "tui-private.h"

/* ---- every key of the play screen -------------------------------------- */

/* Each printable key (and Ctrl-P, Ctrl-L) bound on the play screen is a
 * command in text mode too, and a key that plays a turn plays the same. */
static void test_keys(void)
{
    static const int controls[] = {TUI_KEY_CTRL('P'), TUI_KEY_CTRL('L')};
    guint bound = 0;

    for (int key = 0x01; key < 0x7f; key++) {
        char line[2] = {(char) key, '\0'};
        CavCommand command;
        TuiAction action;
        TextWords words;
        gboolean control = key == controls[0] || key == controls[1];

        if (key < 0x20 && !control)
            continue;
        action = tui_keys_action(key, &command);
        if (action == TUI_ACTION_NONE || action == TUI_ACTION_REDRAW)
            continue;
        bound++;
        words = text_words_parse(line);
        g_test_message("key %c: play screen %d, text mode %d", key < 0x20 ? '^' : key, action,
                       words.what);
        g_assert_cmpint(words.what, !=, TEXT_DO_UNKNOWN);
        if (action == TUI_ACTION_COMMAND || action == TUI_ACTION_RUN) {
            g_assert_cmpint(words.what, ==,
                            action == TUI_ACTION_COMMAND ? TEXT_DO_COMMAND : TEXT_DO_RUN);
            g_assert_cmpint(words.command.kind, ==, command.kind);
            g_assert_cmpint(words.command.dx, ==, command.dx);
            g_assert_cmpint(words.command.dy, ==, command.dy);
        }
    }
    g_assert_cmpuint(bound, >, 40);
    /* Ctrl-L redraws the screen; in text mode it says the last lines again */
    g_assert_cmpint(text_words_parse("\x0c").what, ==, TEXT_DO_AGAIN);
}

/* Words a player types mean what they say, in any case. */
static void test_words(void)
{
    gint32 dx = 0, dy = 0;

    g_assert_cmpint(text_words_parse("North-East").command.dx, ==, 1);
    g_assert_cmpint(text_words_parse("north-east").command.dy, ==, -1);
    g_assert_cmpint(text_words_parse("pick up").command.kind, ==, CMD_PICKUP);
    g_assert_cmpint(text_words_parse("  quaff ").menu, ==, TEXT_MENU_QUAFF);
    g_assert_cmpint(text_words_parse("run south-west").what, ==, TEXT_DO_RUN);
    g_assert_cmpint(text_words_parse("run south-west").command.dx, ==, -1);
    g_assert_cmpint(text_words_parse("where").what, ==, TEXT_DO_WHERE);
    g_assert_cmpint(text_words_parse("").what, ==, TEXT_DO_NOTHING);
    g_assert_cmpint(text_words_parse("dance").what, ==, TEXT_DO_UNKNOWN);
    g_assert_cmpint(text_words_parse("\x1b[A").command.dy, ==, -1); /* an arrow key */
    /* a key is a key: S saves and quits, s is nothing */
    g_assert_cmpint(text_words_parse("S").what, ==, TEXT_DO_QUIT);
    g_assert_cmpint(text_words_parse("s").what, ==, TEXT_DO_UNKNOWN);
    g_assert_true(text_words_direction("sw", &dx, &dy));
    g_assert_true(dx == -1 && dy == 1);
}

/* Directions and distances as they are said. */
static void test_direction_words(void)
{
    static const struct {
        gint32 dx, dy;
        const char *said;
    } cases[] = {
        {0, 0, "here"},          {0, -3, "3 north"},        {3, -3, "3 north-east"},
        {-1, 1, "1 south-west"}, {5, 2, "2 south, 5 east"}, {-7, -1, "1 north, 7 west"},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(GString) out = g_string_new(NULL);
        text_ask_direction(cases[i].dx, cases[i].dy, out);
        g_assert_cmpstr(out->str, ==, cases[i].said);
    }
}

/* A creature is told with its direction, distance, health and gear. */
static void test_creature_words(void)
{
    static const char *const room[] = {
        "##########", "#........#", "#...@....#", "#........#", "##########", NULL,
    };
    g_autoptr(GString) said = g_string_new(NULL);
    g_autoptr(GString) where = g_string_new(NULL);
    g_autofree char *expected = NULL;
    const CavCreature *goblin, *player;
    gint32 id;
    Scenario s;

    scenario_setup(&s, room, NULL);
    id = scenario_spawn(&s, "goblin", 0, 8, 3, 20, 0, 0);
    scenario_item(&s, "bow", id, 0, 0, 0, 1);
    scenario_hurt(&s, id, 8);                         /* 12 of 20: wounded */
    scenario_repeat(&s, command_simple(CMD_WAIT), 1); /* the goblin takes up its bow */
    goblin = state_creature(game_state(s.game), id);
    player = state_player(game_state(s.game));
    g_assert_cmpint(goblin->weapon, !=, 0);
    text_ask_creature(game_state(s.game), goblin, said);
    text_ask_direction(goblin->x - player->x, goblin->y - player->y, where);
    expected = g_strdup_printf("a goblin, %s, wounded, wields a bow", where->str);
    g_assert_cmpstr(said->str, ==, expected);
    scenario_teardown(&s);
}

/* ---- running cavelog ----------------------------------------------------- */

typedef struct {
    char *dir;
    const char *bin;
} Fixture;

static void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    f->dir = g_dir_make_tmp("cavelog-text-XXXXXX", NULL);
    f->bin = g_getenv("CAVELOG_BIN");
    g_assert_nonnull(f->dir);
}

static void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    remove_tree(f->dir);
    g_free(f->dir);
}

/* Run cavelog with @args (NULL-terminated, after the program) in @f's
 * folder as its data home, @input on stdin (a pipe: no terminal) and
 * stdout and stderr pipes. Returns stdout; the exit status in *@status. */
static char *run_cavelog(Fixture *f, const char *const *args, const char *input, int *status)
{
    g_autoptr(GSubprocessLauncher) launcher =
        g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                  G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GSubprocess) process = NULL;
    g_autoptr(GBytes) in = g_bytes_new(input, strlen(input));
    g_autoptr(GBytes) out = NULL;
    g_autoptr(GBytes) err = NULL;
    g_autoptr(GError) error = NULL;

    g_subprocess_launcher_setenv(launcher, "XDG_DATA_HOME", f->dir, TRUE);
    g_subprocess_launcher_unsetenv(launcher, "CAVELOG_TEXT");
    g_subprocess_launcher_unsetenv(launcher, "TERM");
    g_ptr_array_add(argv, (gpointer) f->bin);
    for (gsize i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    process = g_subprocess_launcher_spawnv(launcher, (const char *const *) argv->pdata, &error);
    g_assert_no_error(error);
    g_subprocess_communicate(process, in, NULL, &out, &err, &error);
    g_assert_no_error(error);
    *status = g_subprocess_get_exit_status(process);
    if (g_bytes_get_size(err) > 0)
        g_test_message("stderr: %.*s", (int) g_bytes_get_size(err),
                       (const char *) g_bytes_get_data(err, NULL));
    return g_strndup(g_bytes_get_data(out, NULL), g_bytes_get_size(out));
}

/* No byte of @output is a control character other than the newline (no
 * escape sequence, no carriage return, no bell), no character a C1 or bidi
 * control, and it is UTF-8. */
static void assert_plain_lines(const char *output)
{
    g_autofree char *shown = ev_shown_lines(output);

    g_assert_true(g_utf8_validate(output, -1, NULL));
    g_assert_cmpstr(shown, ==, output); /* no C1 or bidi control either */
    for (const char *c = output; *c != '\0'; c++)
        if (((guchar) *c < 0x20 && *c != '\n') || *c == 0x7f)
            g_error("a control byte 0x%02x in the output at %ld: %.40s", (guchar) *c,
                    (long) (c - output), c > output + 20 ? c - 20 : output);
}

/* `cavelog verify @path` passes: fully (@built FALSE), or, for a game
 * built by hand (@built), every event and digest checked but its turn 0
 * not re-run (exit 3, as for any scenario file). */
static void assert_verifies(Fixture *f, const char *path, gboolean built)
{
    g_autofree char *out = NULL;
    int status;

    out = run_cavelog(f, (const char *const[]){"verify", path, NULL}, "", &status);
    g_test_message("%s", out);
    g_assert_cmpint(status, ==, built ? 3 : 0);
    g_assert_nonnull(strstr(out, "every digest matches"));
}

/* ---- the bot at the keyboard ---------------------------------------------- */

/* What text mode's play loop remembers of digging, mirrored to know when
 * it asks before a dig. */
typedef struct {
    GString *script; /* the lines typed so far */
    gboolean digging;
    gint32 dig_dx, dig_dy;
    Session *session; /* the bot's game, for the potions drunk */
    guint32 drunk;    /* the looks drunk, as text mode notes them */
} Driver;

static void type_line(Driver *d, const char *line)
{
    g_string_append_printf(d->script, "%s\n", line);
}

static void type_number(Driver *d, guint index)
{
    g_string_append_printf(d->script, "%u\n", index + 1);
}

/* A direction as a player might type it: words and keys mixed. */
static const char *direction_typed(gint32 dx, gint32 dy)
{
    static const char *const typed[3][3] = {
        {"y", "north", "north-east"},
        {"west", "", "l"},
        {"southwest", "j", "n"},
    };

    return typed[dy + 1][dx + 1];
}

/* The menu number of item @item in menu @kind. */
static void type_item(Driver *d, const CavState *state, TextMenuKind kind, gint32 item)
{
    g_autoptr(GArray) ids = text_menu_items(state, kind);

    for (guint i = 0; i < ids->len; i++)
        if (g_array_index(ids, gint32, i) == item) {
            type_number(d, i);
            return;
        }
    g_error("item %d is not in menu %d", item, kind);
}

/* Aim at (@x, @y): a creature's number when one the player sees stands
 * there, "me" for their own cell (@self), else the coordinates. */
static void type_target(Driver *d, const CavState *state, const CavView *view, gint32 x, gint32 y,
                        gboolean self)
{
    g_autoptr(GArray) ids = text_menu_targets(state, view);
    const CavCreature *player = state_player(state);
    g_autofree char *cell = NULL;

    for (guint i = 0; i < ids->len; i++) {
        const CavCreature *c = state_creature(state, g_array_index(ids, gint32, i));
        if (c->x == x && c->y == y) {
            type_number(d, i);
            return;
        }
    }
    if (self && x == player->x && y == player->y) {
        type_line(d, "me");
        return;
    }
    type_line(d, (cell = g_strdup_printf("%d %d", x, y)));
}

static void type_cast(Driver *d, const CavState *state, const CavView *view, const CavCommand *c)
{
    const CavItem *book = state_item(state, c->item);
    g_autoptr(GPtrArray) spells = text_menu_spells(state, book);
    const CavSpell *spell = NULL;

    type_line(d, "cast");
    type_item(d, state, TEXT_MENU_READ, c->item);
    for (guint i = 0; i < spells->len; i++)
        if (g_str_equal(((const CavSpell *) spells->pdata[i])->name, c->word)) {
            spell = spells->pdata[i];
            type_number(d, i);
        }
    g_assert_nonnull(spell);
    if (spell->cost <= state_player(state)->mana)
        type_target(d, state, view, c->x, c->y, TRUE);
}

/* Call a potion look by a name: the look's number, then the name. */
static void type_call(Driver *d, const CavState *state, const CavView *view, const CavCommand *c)
{
    g_autoptr(GArray) looks = text_menu_looks(state, view, d->drunk);
    gint32 look = state_look_index(state, c->word);

    type_line(d, "call");
    for (guint i = 0; i < looks->len; i++)
        if (g_array_index(looks, gint32, i) == look) {
            type_number(d, i);
            type_line(d, c->text);
            return;
        }
    g_error("look %s is not in the call menu", c->word);
}

/* A move; "yes" when text mode will ask before digging. */
static void type_move(Driver *d, const CavState *state, const CavCommand *c)
{
    const CavCreature *player = state_player(state);

    type_line(d, direction_typed(c->dx, c->dy));
    if (state_tile(state, player->z, player->x + c->dx, player->y + c->dy) != TILE_WALL)
        return;
    if (d->digging && d->dig_dx == c->dx && d->dig_dy == c->dy)
        return;
    type_line(d, "yes");
    d->digging = TRUE;
    d->dig_dx = c->dx;
    d->dig_dy = c->dy;
}

/* The lines a player types for @c in the game @state, @view. */
static void type_command(Driver *d, const CavState *state, const CavView *view, const CavCommand *c)
{
    static const struct {
        CavCommandKind kind;
        const char *word;
        TextMenuKind menu;
    } menus[] = {
        {CMD_DROP, "drop", TEXT_MENU_DROP},
        {CMD_EAT, "e", TEXT_MENU_EAT},
        {CMD_EQUIP, "wield", TEXT_MENU_EQUIP},
        {CMD_QUAFF, "quaff", TEXT_MENU_QUAFF},
    };

    if (c->kind == CMD_CHOOSE) { /* asked before any command: not a command line */
        type_number(d, (guint) c->bonus);
        return;
    }
    if (c->kind != CMD_MOVE)
        d->digging = FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(menus); i++)
        if (menus[i].kind == c->kind) {
            type_line(d, menus[i].word);
            type_item(d, state, menus[i].menu, c->item);
            return;
        }
    switch (c->kind) {
    case CMD_MOVE:
        type_move(d, state, c);
        break;
    case CMD_WAIT:
        type_line(d, "wait");
        break;
    case CMD_DESCEND:
        type_line(d, ">");
        break;
    case CMD_ASCEND:
        type_line(d, "up");
        break;
    case CMD_PICKUP:
        type_line(d, "pick up");
        break;
    case CMD_THROW:
        type_line(d, "throw");
        type_item(d, state, TEXT_MENU_THROW, c->item);
        type_target(d, state, view, c->x, c->y, FALSE);
        break;
    case CMD_FIRE:
        type_line(d, "f");
        type_target(d, state, view, c->x, c->y, FALSE);
        break;
    case CMD_CAST:
        type_cast(d, state, view, c);
        break;
    case CMD_NAME:
        type_call(d, state, view, c);
        break;
    case CMD_START:
    case CMD_DROP:
    case CMD_EAT:
    case CMD_EQUIP:
    case CMD_CHOOSE:
    case CMD_QUAFF:
    default:
        g_error("the bot chose a command text mode is not driven with here: %d", c->kind);
    }
}

/* Let the bot play @session (the driver's own copy of the game) for up to
 * @turns turns, writing each of its commands as typed lines. The script. */
/* The potions drunk in the bot's game, noted as text mode notes them (its
 * call menu lists their looks). */
static void driver_hear(const CavEvent *event, gpointer data)
{
    Driver *d = data;

    text_note_drunk(&d->drunk, session_state(d->session), session_view(d->session), event);
}

static char *bot_script(Session *session, Bus *bus, gint32 turns)
{
    Driver d = {.script = g_string_new(NULL), .session = session};
    guint heard = bus_subscribe_all(bus, driver_hear, &d);

    while (session_state(session)->outcome == OUTCOME_PLAYING &&
           session_state(session)->turn < turns) {
        g_autoptr(GError) error = NULL;
        g_autofree char *why = NULL;
        CavCommand command =
            bot_choose(session_state(session), session_content(session), session_view(session));

        type_command(&d, session_state(session), session_view(session), &command);
        g_assert_true(session_play(session, &command, &why, &error));
        g_assert_no_error(error);
        if (why != NULL) { /* as autoplay does: a wait instead */
            command = command_simple(CMD_WAIT);
            type_command(&d, session_state(session), session_view(session), &command);
            g_assert_true(session_play(session, &command, NULL, &error));
        }
    }
    bus_unsubscribe(bus, heard);
    return g_string_free(d.script, FALSE);
}

/* The game file at @path is the game @session holds: same turn, same
 * outcome, same state digest. */
static void assert_same_game(const char *path, Session *session)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) played = session_open(path, NULL, &error);

    g_assert_no_error(error);
    g_assert_cmpint(session_state(played)->turn, ==, session_state(session)->turn);
    g_assert_cmpint(session_state(played)->outcome, ==, session_state(session)->outcome);
    g_assert_cmpuint(state_digest(session_state(played)), ==, state_digest(session_state(session)));
}

/* ---- a win, by the bot's commands typed as lines ---------------------------- */

/* Level 1 with the way out, the teddy bear lying across the room and a
 * goblin between: built, not a seed's luck. */
static void build_win(const char *path)
{
    static const char *const room[] = {
        "##############", "#<...........#", "#............#", "#..@.........#",
        "#............#", "#............#", "##############", NULL,
    };
    g_autoptr(GError) error = NULL;
    Store *store;
    Scenario s;

    scenario_setup(&s, room, NULL);
    scenario_item(&s, "teddy bear", 0, 0, 11, 5, 1);
    scenario_item(&s, "dagger", 0, 0, 6, 4, 1);
    scenario_item(&s, "rock", state_player(game_state(s.game))->id, 0, 0, 0, 4);
    scenario_item(&s, "potion of health", state_player(game_state(s.game))->id, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 9, 3, 20, 0, 0);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
}

static void test_bot_win(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "win.cavelog", NULL);
    g_autofree char *copy = g_build_filename(f->dir, "bot.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Session) bot = NULL;
    g_autofree char *script = NULL;
    g_autofree char *out = NULL;
    int status;

    build_win(path);
    build_win(copy);
    bot = session_resume(copy, bus, &error);
    g_assert_no_error(error);
    script = bot_script(bot, bus, 2000);
    g_assert_cmpint(session_state(bot)->outcome, ==, OUTCOME_WON);
    out = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL}, script, &status);
    g_test_message("%s", out);
    g_assert_cmpint(status, ==, 0);
    assert_plain_lines(out);
    g_assert_nonnull(strstr(out, "You won! You brought the teddy bear back to the surface."));
    assert_same_game(path, bot);
    assert_verifies(f, path, TRUE);
}

/* The questions answer from what the player knows, in a room built for
 * them: a fungus east (it never moves), a dagger west, a rock underfoot,
 * stairs down in a corner, nothing left to explore. */
static void test_questions(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const room[] = {
        "##########", "#...@....#", "#........#", "#.......>#", "##########", NULL,
    };
    static const char *const answers[] = {
        "You see a fungus, 2 east, unhurt.\nHP 100 of 100, mana 5 of 5.\n", /* news at once */
        "Depth 1, at x 4, y 1. Here lies a rock.\n",
        "A fungus, 2 east, unhurt.\nA rock, here.\nA dagger, 2 west.\n",
        "Stairs down: 2 south, 4 east, 4 steps.\nThe way out: none known.\n"
        "Unexplored place: none known.\n",
        "East: 1 open, then fungus.\nSouth-east: 2 open, then rock.\nSouth: 2 open, then "
        "rock.\nSouth-west: 2 open, then rock.\nWest: 3 open, then rock.\n"
        "Rock at once: north, north-east, north-west.\n",
        "4 rocks.\nA ", /* a potion of a look of this game's */
        "Nothing works on you.\n",
    };
    g_autofree char *path = g_build_filename(f->dir, "q.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *out = NULL;
    gint32 player;
    Store *store;
    Scenario s;
    int status;

    scenario_setup(&s, room, NULL);
    player = state_player(game_state(s.game))->id;
    scenario_spawn(&s, "fungus", 0, 6, 1, 5, 0, 0);
    scenario_item(&s, "dagger", 0, 0, 2, 1, 1);
    scenario_item(&s, "rock", 0, 0, 4, 1, 1);
    scenario_item(&s, "rock", player, 0, 0, 0, 4);
    scenario_item(&s, "potion of health", player, 0, 0, 0, 1);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    out = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL},
                      "where\nsee\nstairs\naround\npack\neffects\n", &status);
    g_test_message("%s", out);
    g_assert_cmpint(status, ==, 0);
    for (gsize i = 0; i < G_N_ELEMENTS(answers); i++)
        g_assert_nonnull(strstr(out, answers[i]));
    g_assert_cmpint(file_int(path, "SELECT max(turn) FROM events"), ==, 0); /* no turn passed */
}

/* A creature that comes into view is told once, where it is (a sighted
 * player sees it appear on the map), as soon as the step that shows it. */
static void test_news(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const rooms[] = {
        "#########", "#@.#....#", "#..#....#", "#........", "#########", NULL,
    };
    g_autofree char *path = g_build_filename(f->dir, "n.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *out = NULL;
    const char *first, *seen;
    Store *store;
    Scenario s;
    int status;

    scenario_setup(&s, rooms, NULL);
    scenario_spawn(&s, "fungus", 0, 6, 1, 5, 0, 0); /* behind the wall */
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    out = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL},
                      "where\nsouth-east\nsouth-east\nwait\nwait\n", &status);
    g_test_message("%s", out);
    g_assert_cmpint(status, ==, 0);
    first = strstr(out, "Depth 1, at x 1, y 1.");
    seen = strstr(out, "You see a fungus, ");
    g_assert_nonnull(first);
    g_assert_nonnull(seen);
    g_assert_true(seen > first);                         /* not before it came into view */
    g_assert_null(strstr(seen + 1, "You see a fungus")); /* and once */
}

/* The call menu lists a potion drunk and gone (to name it, or forget the
 * name given), as the play screen's does. */
static void test_call_drunk(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const room[] = {"#######", "#.@...#", "#######", NULL};
    g_autofree char *path = g_build_filename(f->dir, "c.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *out = NULL;
    const char *drunk;
    Store *store;
    Scenario s;
    int status;

    scenario_setup(&s, room, NULL);
    scenario_item(&s, "potion of health", state_player(game_state(s.game))->id, 0, 0, 0, 1);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    out = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL},
                      "call\n1\nfizzy\nquaff\n1\ncall\n", &status);
    g_test_message("%s", out);
    g_assert_cmpint(status, ==, 0);
    drunk = strstr(out, "Drink what?");
    g_assert_nonnull(drunk);
    drunk = strstr(drunk, "Call which potions by a name?\n1. ");
    g_assert_nonnull(drunk);
    g_assert_nonnull(strstr(drunk, " potion, called fizzy\n"));
    g_assert_null(strstr(out, "You have seen no potion you do not know."));
}

/* The first time the player feels hungry in a game, a hint says what is
 * food; the next time (in a later session: the log folds the whole game)
 * the message comes alone. */
static void test_hunger_hint(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const room[] = {
        "#######", "#.....#", "#..@..#", "#.....#", "#######", NULL,
    };
    static const char *const hint = "You feel hungry. Fresh corpses are food";
    g_autofree char *path = g_build_filename(f->dir, "h.cavelog", NULL);
    g_autoptr(GString) waits = g_string_new(NULL);
    g_autoptr(GString) eat_and_waits = g_string_new("eat\n1\n");
    g_autoptr(GError) error = NULL;
    g_autofree char *first = NULL, *second = NULL;
    const char *told;
    Store *store;
    Scenario s;
    int status;

    scenario_setup_player(&s, room, NULL, 0, 256); /* hungry below 250 of 1000 */
    scenario_item(&s, "apple", 1, 0, 0, 0, 1);     /* 100 food */
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    for (int i = 0; i < 12; i++)
        g_string_append(waits, "wait\n");
    first = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL}, waits->str,
                        &status);
    g_test_message("%s", first);
    g_assert_cmpint(status, ==, 0);
    told = strstr(first, hint);
    g_assert_nonnull(told);
    g_assert_null(strstr(told + 1, "You feel hungry"));
    for (int i = 0; i < 140; i++)
        g_string_append(eat_and_waits, "wait\n");
    second = run_cavelog(f, (const char *const[]){"continue", "--text", path, NULL},
                         eat_and_waits->str, &status);
    g_test_message("%s", second);
    g_assert_cmpint(status, ==, 0);
    g_assert_nonnull(strstr(second, "You eat the apple"));
    told = strstr(second, "You feel hungry.");
    g_assert_nonnull(told);
    g_assert_null(strstr(second, "Fresh corpses"));
}

/* ---- whole games through a pipe ---------------------------------------------- */

/* A new game by the bot's commands, typed as lines into `new --text` with no
 * terminal: the file is the game the bot played; questions asked between
 * turns pass no turn; the input's end saves and leaves. */
static void test_pipe_game(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "g.cavelog", NULL);
    g_autofree char *copy = g_build_filename(f->dir, "bot.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Session) bot = session_new_game(copy, 7, "bot", bus, &error);
    g_autoptr(GString) script = g_string_new("where\nsee\nstairs\naround\npack\neffects\nhelp\n");
    g_autofree char *bot_lines = NULL;
    g_autofree char *out = NULL;
    int status;

    g_assert_no_error(error);
    bot_lines = bot_script(bot, bus, 1500);
    g_string_append(script, bot_lines);
    g_string_append(script, "status\nmessages\nagain\nkeys\n");
    out = run_cavelog(f,
                      (const char *const[]){"new", "--text", "--seed", "7", "--name", "bot",
                                            "--save", path, NULL},
                      script->str, &status);
    g_assert_cmpint(status, ==, 0);
    assert_plain_lines(out);
    g_assert_nonnull(strstr(out, "You enter the caves."));
    g_assert_nonnull(strstr(out, "Depth 1, at x "));
    g_assert_null(strstr(out, "Unknown command"));
    g_assert_nonnull(strstr(out, "Key mode needs a terminal."));
    /* help names the things the game has: a bow to fire, no sling */
    g_assert_nonnull(strstr(out, "fire: the bow you wield (f)"));
    g_assert_null(strstr(out, "sling"));
    assert_same_game(path, bot);
    assert_verifies(f, path, FALSE);
}

/* Hostile input, typed where a command is read: ESC, CSI sequences in C0
 * and C1, a bidi override, bytes that are not UTF-8, a line of a megabyte
 * and a burst of bytes with no newline before the end. The unknown commands
 * are echoed with every control shown escaped; the game is saved whole at
 * the input's end and verifies; nothing else is left in the folder. */
static void test_hostile_input(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "g.cavelog", NULL);
    g_autoptr(GString) script = g_string_new("a\xc2\x9b"
                                             "31m\xe2\x80\xae\x1b[2J\xff\xfe\x07\r\n");
    g_autofree char *out = NULL;
    g_autoptr(GDir) folder = NULL;
    g_autoptr(GString) names = g_string_new(NULL);
    const char *name;
    int status;

    for (int i = 0; i < 1 << 20; i++)
        g_string_append_c(script, (char) ('a' + i % 26));
    g_string_append(script, "\nwait\n");
    for (int i = 0; i < 4096; i++)
        g_string_append_c(script, (char) (1 + (i * 151) % 255));
    out = run_cavelog(f,
                      (const char *const[]){"new", "--text", "--seed", "7", "--name", "bot",
                                            "--save", path, NULL},
                      script->str, &status);
    g_assert_cmpint(status, ==, 0);
    assert_plain_lines(out);
    g_assert_nonnull(strstr(out, "Unknown command: a\\u009b31m\\u202e\\e[2J\\xff\\xfe\\x07"));
    assert_verifies(f, path, FALSE);
    folder = g_dir_open(f->dir, 0, NULL);
    while ((name = g_dir_read_name(folder)) != NULL)
        if (g_str_has_prefix(name, "g."))
            g_string_append_printf(names, "%s ", name);
    g_assert_cmpstr(names->str, ==, "g.cavelog ");
}

/* The output's reader gone after the first line (`| head -1`): the game is
 * closed in order (no -wal or -shm left, it verifies) and cavelog dies of
 * SIGPIPE, as a program in a pipe does. */
static void test_output_gone(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "g.cavelog", NULL);
    g_autofree char *input = g_build_filename(f->dir, "input", NULL);
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    g_autofree char *shm = g_strconcat(path, "-shm", NULL);
    g_autoptr(GString) script = g_string_new(NULL);
    g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new(
        G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
    g_autoptr(GSubprocess) process = NULL;
    g_autoptr(GDataInputStream) lines = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *first = NULL;

    for (int i = 0; i < 2000; i++)
        g_string_append(script, "wait\n");
    g_assert_true(g_file_set_contents(input, script->str, -1, &error));
    g_subprocess_launcher_set_stdin_file_path(launcher, input);
    g_subprocess_launcher_setenv(launcher, "XDG_DATA_HOME", f->dir, TRUE);
    g_subprocess_launcher_unsetenv(launcher, "CAVELOG_TEXT");
    process = g_subprocess_launcher_spawn(launcher, &error, f->bin, "new", "--text", "--seed", "7",
                                          "--save", path, NULL);
    g_assert_no_error(error);
    lines = g_data_input_stream_new(g_subprocess_get_stdout_pipe(process));
    first = g_data_input_stream_read_line(lines, NULL, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(first);
    g_assert_true(g_input_stream_close(G_INPUT_STREAM(lines), NULL, &error));
    g_assert_true(g_input_stream_close(g_subprocess_get_stdout_pipe(process), NULL, &error));
    g_assert_true(g_subprocess_wait(process, NULL, &error));
    g_assert_true(g_subprocess_get_if_signaled(process));
    g_assert_cmpint(g_subprocess_get_term_sig(process), ==, SIGPIPE);
    g_assert_false(g_file_test(wal, G_FILE_TEST_EXISTS));
    g_assert_false(g_file_test(shm, G_FILE_TEST_EXISTS));
    assert_verifies(f, path, FALSE);
}

/* `replay --text` tells a game turn by turn as its player read it, with
 * plain lines only, and says how it stands; --turn skips what came before. */
static void test_replay_text(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "r.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) bot = session_new_game(path, 3, "bot", NULL, &error);
    g_autofree char *all = NULL;
    g_autofree char *late = NULL;
    g_autofree char *heading = NULL;
    int status;

    g_assert_no_error(error);
    session_set_keyframe_every(bot, 50); /* told from turn 0 all the same */
    for (gint i = 0; i < 300 && play_bot_turn(bot); i++)
        ;
    g_assert_true(session_close(bot, &error));
    all = run_cavelog(f, (const char *const[]){"replay", "--text", path, NULL}, "", &status);
    g_assert_cmpint(status, ==, 0);
    assert_plain_lines(all);
    g_assert_true(g_str_has_prefix(all, "Turn 0.\nYou enter the caves."));
    g_assert_nonnull(strstr(all, "Turn 1"));
    g_assert_true(g_str_has_suffix(
        all, session_state(bot)->outcome == OUTCOME_PLAYING ? "The game goes on.\n" : "\n"));
    late = run_cavelog(f, (const char *const[]){"replay", "--text", "--turn", "200", path, NULL},
                       "", &status);
    g_assert_cmpint(status, ==, 0);
    g_assert_null(strstr(late, "Turn 199."));
    g_assert_null(strstr(late, "You enter the caves."));
    heading = g_strdup_printf("Turn %d.", session_state(bot)->turn);
    g_assert_cmpint(strstr(late, heading) != NULL, ==, strstr(all, heading) != NULL);
}

/* CAVELOG_TEXT=1 is --text: without a terminal, a new game plays in lines. */
static void test_environment(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "e.cavelog", NULL);
    g_autofree char *out = NULL;
    int status;

    g_setenv("CAVELOG_TEXT", "1", TRUE);
    {
        g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new(
            G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
        g_autoptr(GSubprocess) process = NULL;
        g_autoptr(GBytes) in = g_bytes_new_static("where\nS\n", 8);
        g_autoptr(GBytes) got = NULL;
        g_autoptr(GError) error = NULL;

        g_subprocess_launcher_setenv(launcher, "XDG_DATA_HOME", f->dir, TRUE);
        process =
            g_subprocess_launcher_spawn(launcher, &error, f->bin, "new", "--save", path, NULL);
        g_assert_no_error(error);
        g_subprocess_communicate(process, in, NULL, &got, NULL, &error);
        g_assert_no_error(error);
        status = g_subprocess_get_exit_status(process);
        out = g_strndup(g_bytes_get_data(got, NULL), g_bytes_get_size(got));
    }
    g_unsetenv("CAVELOG_TEXT");
    g_assert_cmpint(status, ==, 0);
    g_assert_nonnull(strstr(out, "Depth 1, at x "));
    assert_plain_lines(out);
    assert_verifies(f, path, FALSE);
}

/* A kill while text mode waits for a line ends the game as the end of the
 * input does (saved, the file closed: no -wal beside it), and the program
 * dies of that signal. */
static void test_signal(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *path = g_build_filename(f->dir, "k.cavelog", NULL);
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    g_autoptr(GSubprocessLauncher) launcher =
        g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
    g_autoptr(GSubprocess) process = NULL;
    g_autoptr(GDataInputStream) out = NULL;
    g_autoptr(GError) error = NULL;
    gboolean answered = FALSE;

    g_subprocess_launcher_setenv(launcher, "XDG_DATA_HOME", f->dir, TRUE);
    g_subprocess_launcher_unsetenv(launcher, "CAVELOG_TEXT");
    process = g_subprocess_launcher_spawn(launcher, &error, f->bin, "new", "--text", "--save", path,
                                          NULL);
    g_assert_no_error(error);
    g_output_stream_write_all(g_subprocess_get_stdin_pipe(process), "wait\nwhere\n", 11, NULL, NULL,
                              &error);
    g_assert_no_error(error);
    out = g_data_input_stream_new(g_subprocess_get_stdout_pipe(process));
    while (!answered) { /* the answer to "where": the game waits for a line now */
        g_autofree char *line = g_data_input_stream_read_line(out, NULL, NULL, &error);
        g_assert_no_error(error);
        g_assert_nonnull(line);
        answered = g_str_has_prefix(line, "Depth 1, at x ");
    }
    g_subprocess_send_signal(process, SIGTERM);
    g_subprocess_wait(process, NULL, &error);
    g_assert_no_error(error);
    g_assert_true(g_subprocess_get_if_signaled(process));
    g_assert_cmpint(g_subprocess_get_term_sig(process), ==, SIGTERM);
    g_assert_false(g_file_test(wal, G_FILE_TEST_EXISTS));
    g_assert_cmpint(file_int(path, "SELECT max(turn) FROM events"), ==, 1);
    assert_verifies(f, path, FALSE);
}

/* ---- in a terminal ------------------------------------------------------------- */

/* Wait until the program in @g's pane has ended (remain-on-exit keeps
 * the pane); its exit status. */
static int wait_pane_ended(TmuxGame *g)
{
    const char *args[] = {
        "display-message", "-p", "-t", "cav", "#{pane_dead} #{pane_dead_status}", NULL};
    gint64 end = g_get_monotonic_time() + (gint64) TMUX_WAIT_MS * 1000;

    while (g_get_monotonic_time() < end) {
        g_autofree char *text = tmux_run(&g->tmux, FALSE, args);
        if (text != NULL && text[0] == '1')
            return (int) g_ascii_strtoll(text + 1, NULL, 10);
        g_usleep(TMUX_POLL_MS * 1000);
    }
    g_error("the game in the pane never ended");
}

/* In tmux, text mode prints lines and reads lines: the questions answer,
 * a walk tells why it stopped, S saves and leaves; the pane's text with
 * its attributes holds no escape sequence (no colour, no cursor). */
static void test_tmux(TmuxGame *g, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *command = NULL;
    g_autofree char *styled = NULL;
    g_autofree char *words = NULL;

    if (TMUX_GAME_SKIPPED(g))
        return;
    words = g_strdup_printf("new --text --seed 5 --save %s", g->save);
    command = tmux_game_command(g, words);
    tmux_start(&g->tmux, 80, 24, command);
    g_free(tmux_wait_for(&g->tmux, "Type help for the commands."));
    tmux_send_text(&g->tmux, "where");
    tmux_send_named_key(&g->tmux, "Enter");
    g_free(tmux_wait_for(&g->tmux, "Depth 1, at x "));
    tmux_send_text(&g->tmux, "stairs");
    tmux_send_named_key(&g->tmux, "Enter");
    g_free(tmux_wait_for(&g->tmux, "Unexplored place"));
    tmux_send_text(&g->tmux, "o");
    tmux_send_named_key(&g->tmux, "Enter");
    tmux_send_text(&g->tmux, "status");
    tmux_send_named_key(&g->tmux, "Enter");
    g_free(tmux_wait_for(&g->tmux, "level 1, depth"));
    styled = tmux_capture_styled(&g->tmux);
    g_assert_null(strchr(styled, '\x1b'));
    tmux_send_text(&g->tmux, "S");
    tmux_send_named_key(&g->tmux, "Enter");
    g_assert_cmpint(wait_pane_ended(g), ==, 0);
    g_assert_true(g_file_test(g->save, G_FILE_TEST_EXISTS));
}

/* Key mode in a terminal: after "keys", a key acts at once (no Enter), ':'
 * takes a word on a line, menus still take a number and Enter; out of a
 * terminal "keys" says it cannot. */
static void test_tmux_keys(TmuxGame *g, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *command = NULL;
    g_autofree char *words = NULL;
    g_autofree char *screen = NULL;

    if (TMUX_GAME_SKIPPED(g))
        return;
    words = g_strdup_printf("new --text --seed 5 --save %s", g->save);
    command = tmux_game_command(g, words);
    tmux_start(&g->tmux, 80, 24, command);
    g_free(tmux_wait_for(&g->tmux, "Type help for the commands."));
    tmux_send_text(&g->tmux, "keys");
    tmux_send_named_key(&g->tmux, "Enter");
    g_free(tmux_wait_for(&g->tmux, "Key mode: keys act at once."));
    tmux_send_text(&g->tmux, "i"); /* no Enter */
    g_free(tmux_wait_for(&g->tmux, "You carry nothing."));
    tmux_send_text(&g->tmux, "d");
    g_free(tmux_wait_for(&g->tmux, "You carry nothing.\nYou carry nothing."));
    tmux_send_text(&g->tmux, ":where");
    tmux_send_named_key(&g->tmux, "Enter");
    g_free(tmux_wait_for(&g->tmux, "Depth 1, at x "));
    tmux_send_text(&g->tmux, "S");
    g_assert_cmpint(wait_pane_ended(g), ==, 0);
    screen = tmux_capture(&g->tmux);
    g_assert_null(strstr(screen, "Unknown command"));
}

/* A whole game in a terminal: the bot's lines for the built win typed
 * into `continue --text` in tmux, one by one; the game is won, and the
 * file is the one the bot played. */
static void test_tmux_win(TmuxGame *g, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *copy = NULL;
    g_autofree char *command = NULL;
    g_autofree char *words = NULL;
    g_autofree char *script = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Session) bot = NULL;
    g_auto(GStrv) lines = NULL;

    if (TMUX_GAME_SKIPPED(g))
        return;
    copy = g_build_filename(g->dir, "bot.cavelog", NULL);
    build_win(g->save);
    build_win(copy);
    bot = session_resume(copy, bus, &error);
    g_assert_no_error(error);
    script = bot_script(bot, bus, 2000);
    g_assert_cmpint(session_state(bot)->outcome, ==, OUTCOME_WON);
    words = g_strdup_printf("continue --text %s", g->save);
    command = tmux_game_command(g, words);
    tmux_start(&g->tmux, 80, 24, command);
    g_free(tmux_wait_for(&g->tmux, "Type help for the commands."));
    lines = g_strsplit(script, "\n", -1);
    for (guint i = 0; lines[i] != NULL && lines[i + 1] != NULL; i++) {
        if (lines[i][0] != '\0')
            tmux_send_text(&g->tmux, lines[i]);
        tmux_send_named_key(&g->tmux, "Enter");
    }
    g_free(tmux_wait_for(&g->tmux, "You won!"));
    g_assert_cmpint(wait_pane_ended(g), ==, 0);
    assert_same_game(g->save, bot);
}

static void tmux_set_up(TmuxGame *g, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_set_up(g, "text");
}

static void tmux_tear_down(TmuxGame *g, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_tear_down(g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add_func("/text/keys", test_keys);
    g_test_add_func("/text/words", test_words);
    g_test_add_func("/text/direction-words", test_direction_words);
    g_test_add_func("/text/creature-words", test_creature_words);
    g_test_add("/text/questions", Fixture, NULL, fixture_set_up, test_questions, fixture_tear_down);
    g_test_add("/text/news", Fixture, NULL, fixture_set_up, test_news, fixture_tear_down);
    g_test_add("/text/call-drunk", Fixture, NULL, fixture_set_up, test_call_drunk,
               fixture_tear_down);
    g_test_add("/text/hunger-hint", Fixture, NULL, fixture_set_up, test_hunger_hint,
               fixture_tear_down);
    g_test_add("/text/bot-win", Fixture, NULL, fixture_set_up, test_bot_win, fixture_tear_down);
    g_test_add("/text/pipe-game", Fixture, NULL, fixture_set_up, test_pipe_game, fixture_tear_down);
    g_test_add("/text/replay", Fixture, NULL, fixture_set_up, test_replay_text, fixture_tear_down);
    g_test_add("/text/hostile-input", Fixture, NULL, fixture_set_up, test_hostile_input,
               fixture_tear_down);
    g_test_add("/text/output-gone", Fixture, NULL, fixture_set_up, test_output_gone,
               fixture_tear_down);
    g_test_add("/text/environment", Fixture, NULL, fixture_set_up, test_environment,
               fixture_tear_down);
    g_test_add("/text/signal", Fixture, NULL, fixture_set_up, test_signal, fixture_tear_down);
    g_test_add("/text/tmux", TmuxGame, NULL, tmux_set_up, test_tmux, tmux_tear_down);
    g_test_add("/text/tmux-keys", TmuxGame, NULL, tmux_set_up, test_tmux_keys, tmux_tear_down);
    g_test_add("/text/tmux-win", TmuxGame, NULL, tmux_set_up, test_tmux_win, tmux_tear_down);
    return g_test_run();
}
