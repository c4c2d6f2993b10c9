/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui-screen.c — the play screen's map and walks, and its small
 * courtesies, driven for real in tmux (tmux.h) over hand-made games: the
 * viewport keeps the player centred and every cell they see on screen,
 * walks stop only for what is new and for blows, and the keys around the
 * stairs, Enter, the start screen's help and a too-small terminal behave. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "scenario.h"
#include "session.h"
#include "testutil.h"
#include "tmux.h"

/* A test's game in a private terminal. */
typedef TmuxGame Fixture;

static void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_set_up(f, "tui-screen");
}

static void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_tear_down(f);
}

/* ---- hand-made games ---------------------------------------------------- */

/* A picture of level 0 as large as a level: rock around, the rest floor,
 * the player at (@x, @y). Free with g_strfreev. */
static char **open_level(gint32 x, gint32 y)
{
    char **rows = g_new0(char *, CAV_HEIGHT + 1);

    for (gint32 row = 0; row < CAV_HEIGHT; row++) {
        rows[row] = g_strnfill(CAV_WIDTH, row == 0 || row == CAV_HEIGHT - 1 ? '#' : '.');
        rows[row][0] = rows[row][CAV_WIDTH - 1] = '#';
    }
    rows[y][x] = '@';
    return rows;
}

/* Write scenario @s as it stands to the fixture's game file, then play
 * @commands (@n of them) into it, and tear @s down. */
static void save_scenario(Fixture *f, Scenario *s, const CavCommand *commands, guint n)
{
    g_autoptr(GError) error = NULL;
    Store *store = scenario_store_new(f->save, s, &error);

    g_assert_no_error(error);
    for (guint i = 0; i < n; i++)
        scenario_store_play(s, store, commands[i]);
    store_free(store);
    scenario_teardown(s);
}

/* A game on an open level (90 × 32, rock around) with the player at (@x, @y). */
static void make_open_level(Fixture *f, gint32 x, gint32 y)
{
    g_auto(GStrv) level = open_level(x, y);
    Scenario s;

    scenario_setup(&s, (const char *const *) level, NULL);
    save_scenario(f, &s, NULL, 0);
}

/* ---- running cavelog ---------------------------------------------------- */

/* Run cavelog with @arguments (shell words, the fixture's file after them
 * when @on_file) in a @cols × @rows pane. */
static void run_in_pane(Fixture *f, const char *arguments, gboolean on_file, int cols, int rows)
{
    g_autofree char *save = g_shell_quote(f->save);
    g_autofree char *words = g_strdup_printf("%s %s", arguments, on_file ? save : "");
    g_autofree char *command = tmux_game_command(f, words);
    g_autofree char *exec_command = g_strconcat("exec ", command, NULL);

    tmux_start(&f->tmux, cols, rows, exec_command);
}

/* Whether the program in the pane has ended; its exit status in *@status. */
static gboolean pane_ended(Fixture *f, int *status)
{
    const char *args[] = {
        "display-message", "-p", "-t", "cav", "#{pane_dead} #{pane_dead_status}", NULL};
    g_autofree char *text = tmux_run(&f->tmux, FALSE, args);

    if (text == NULL || text[0] != '1')
        return FALSE;
    *status = (int) g_ascii_strtoll(text + 1, NULL, 10);
    return TRUE;
}

/* Wait until the program in the pane has ended; its exit status. */
static int wait_pane_ended(Fixture *f)
{
    gint64 end = g_get_monotonic_time() + (gint64) TMUX_WAIT_MS * 1000;
    int status = -1;

    while (!pane_ended(f, &status) && g_get_monotonic_time() < end)
        g_usleep(TMUX_POLL_MS * 1000);
    g_assert_true(pane_ended(f, &status));
    return status;
}

/* Save and quit, wait for the game to end, and open its file. */
static Session *quit_and_open(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    Session *session;

    tmux_send_text(&f->tmux, "S");
    g_assert_cmpint(wait_pane_ended(f), ==, 0);
    session = session_open(f->save, NULL, &error);
    g_assert_no_error(error);
    return session;
}

/* ---- reading the screen ------------------------------------------------- */

typedef struct {
    gint32 turn, x, y;
} Stats;

/* The turn and the player's place on the stats line; FALSE without one. */
static gboolean parse_stats(const char *text, Stats *out)
{
    g_autoptr(GRegex) regex = g_regex_new("Turn (\\d+)  \\((\\d+),(\\d+)\\)", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    gint32 *fields[] = {&out->turn, &out->x, &out->y};

    if (!g_regex_match(regex, text, 0, &match))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(fields); i++) {
        g_autofree char *digits = g_match_info_fetch(match, (gint) i + 1);
        *fields[i] = (gint32) g_ascii_strtoll(digits, NULL, 10);
    }
    return TRUE;
}

/* Whether the stats line shows a turn after *@data. */
static gboolean turn_after(const char *text, gconstpointer data)
{
    Stats stats;

    return parse_stats(text, &stats) && stats.turn > *(const gint32 *) data;
}

/* The turn on the stats line now; fails the test without one. */
static gint32 screen_turn(Fixture *f)
{
    g_autofree char *text = tmux_capture(&f->tmux);
    Stats stats;

    g_assert_true(parse_stats(text, &stats));
    return stats.turn;
}

/* Press @key and wait until it passed a turn; the screen then. */
static char *press_for_turn(Fixture *f, const char *key)
{
    g_autofree char *now = tmux_capture(&f->tmux);
    char *text = NULL;
    Stats before;

    g_assert_true(parse_stats(now, &before));
    tmux_send_text(&f->tmux, key);
    if (!tmux_wait_until(&f->tmux, turn_after, &before.turn, TMUX_WAIT_MS, &text))
        g_error("\"%s\" did not pass a turn; the screen shows:\n%s", key, text);
    return text;
}

/* Press @key and wait for @needle; the screen showing it. */
static char *press_for(Fixture *f, const char *key, const char *needle)
{
    tmux_send_text(&f->tmux, key);
    return tmux_wait_for(&f->tmux, needle);
}

/* The key that steps by (@dx, @dy), or runs that way with @run. */
static const char *step_key(gint32 dx, gint32 dy, gboolean run)
{
    static const char *const keys[2][3][3] = {
        {{"y", "k", "u"}, {"h", ".", "l"}, {"b", "j", "n"}},
        {{"Y", "K", "U"}, {"H", ".", "L"}, {"B", "J", "N"}},
    };

    return keys[run ? 1 : 0][dy + 1][dx + 1];
}

/* ---- /tui-screen/viewport ---------------------------------------------- */

/* Where the map goes on a terminal of @cols × @rows, as the play screen
 * lays it out: two message rows (three when there is room) on top, the
 * stats line and the effects line under it. */
typedef struct {
    int cols, rows;
    int map_top, map_rows, map_cols;
} MapArea;

static MapArea map_area(int cols, int rows)
{
    MapArea area = {.cols = cols, .rows = rows};

    area.map_rows = MIN(CAV_HEIGHT, rows - 4);
    area.map_top = CLAMP(rows - 2 - area.map_rows, 2, 3);
    area.map_cols = MIN(CAV_WIDTH, cols);
    return area;
}

/* The origin of one axis when the player at @pos is centred in @span of a
 * level @size long, and clamped to its edges. */
static gint32 centred_origin(gint32 pos, gint32 span, gint32 size)
{
    return span >= size ? 0 : CLAMP(pos - span / 2, 0, size - span);
}

/* The character at (@row, @col) of the screen @lines (' ' past a line's end). */
static char screen_char(char **lines, int row, int col)
{
    if (row < 0 || lines[row] == NULL || col < 0 || col >= (int) strlen(lines[row]))
        return ' ';
    return lines[row][col];
}

/* The '@' on the map rows of @lines, in *@row, *@col; FALSE if none. */
static gboolean find_player(char **lines, const MapArea *area, int *row, int *col)
{
    for (int r = area->map_top; r < area->map_top + area->map_rows && lines[r] != NULL; r++) {
        const char *at = strchr(lines[r], '@');

        if (at != NULL) {
            *row = r;
            *col = (int) (at - lines[r]);
            return TRUE;
        }
    }
    return FALSE;
}

/* Check the screen @text against the game: the '@' where a centred view
 * (clamped to the level) puts it, and every cell the player sees drawn on
 * the map, in its place around the '@', with its glyph. */
static void assert_view_on_screen(const char *text, const CavState *state, const CavView *view,
                                  const MapArea *area)
{
    const CavCreature *player = state_player(state);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    gint32 left = centred_origin(player->x, area->map_cols, CAV_WIDTH);
    gint32 top = centred_origin(player->y, area->map_rows, CAV_HEIGHT);
    int at_row = -1, at_col = -1, seen = 0;

    g_test_message("player at (%d,%d); the screen:\n%s", player->x, player->y, text);
    g_assert_true(find_player(lines, area, &at_row, &at_col));
    g_assert_cmpint(at_col, ==, player->x - left);
    g_assert_cmpint(at_row, ==, area->map_top + player->y - top);
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++) {
            int row = at_row + (y - player->y), col = at_col + (x - player->x);
            char want = x == player->x && y == player->y
                            ? '@'
                            : world_tile_glyph(state_tile(state, player->z, x, y));

            if (!view_sees(view, player->z, x, y))
                continue;
            seen++;
            g_assert_cmpint(row, >=, area->map_top);
            g_assert_cmpint(row, <, area->map_top + area->map_rows);
            g_assert_cmpint(col, >=, 0);
            g_assert_cmpint(col, <, area->map_cols);
            g_assert_cmpint(screen_char(lines, row, col), ==, want);
        }
    g_assert_cmpint(seen, >, 100); /* the open level: a wide view */
}

typedef struct {
    gint32 x, y;   /* where the player starts */
    gint32 dx, dy; /* then steps this way */
    gint steps;    /* this many times */
} ViewWalk;

/* Start on an open level at the walk's start in a @cols × @rows terminal,
 * step as it says, and check the screen against the saved game. */
static void check_view_walk(Fixture *f, const ViewWalk *walk, int cols, int rows)
{
    MapArea area = map_area(cols, rows);
    g_autoptr(Session) session = NULL;
    g_autofree char *text = NULL;
    Stats stats;

    make_open_level(f, walk->x, walk->y);
    run_in_pane(f, "continue", TRUE, cols, rows);
    text = tmux_wait_for(&f->tmux, "Turn 0");
    for (gint i = 0; i < walk->steps; i++) {
        g_free(text);
        text = press_for_turn(f, step_key(walk->dx, walk->dy, FALSE));
    }
    g_free(text);
    text = tmux_capture_settled(&f->tmux);
    g_assert_true(parse_stats(text, &stats));
    session = quit_and_open(f);
    g_assert_cmpint(stats.turn, ==, session_state(session)->turn);
    g_assert_cmpint(stats.x, ==, walk->x + walk->dx * walk->steps);
    g_assert_cmpint(stats.y, ==, walk->y + walk->dy * walk->steps);
    assert_view_on_screen(text, session_state(session), session_view(session), &area);
    g_clear_pointer(&session, session_free);
    tmux_stop(&f->tmux);
    g_unlink(f->save);
}

/* At 80 × 24 the level (90 × 32) is larger than the map (80 × 20): after
 * steps from the middle and toward each edge and corner, the '@' is
 * centred, or as near as the level's edges let it be, and every cell in
 * view is on screen. On terminals where the level fits one way or both, it
 * does not scroll that way. */
static void test_viewport(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const ViewWalk walks[] = {
        {.x = 45, .y = 16, .dx = 0, .dy = -1, .steps = 4},
        {.x = 45, .y = 16, .dx = 1, .dy = 0, .steps = 6},
        {.x = 5, .y = 16, .dx = -1, .dy = 0, .steps = 3},
        {.x = 84, .y = 16, .dx = 1, .dy = 0, .steps = 3},
        {.x = 45, .y = 5, .dx = 0, .dy = -1, .steps = 3},
        {.x = 45, .y = 26, .dx = 0, .dy = 1, .steps = 3},
        {.x = 4, .y = 4, .dx = -1, .dy = -1, .steps = 2},
        {.x = 85, .y = 27, .dx = 1, .dy = 1, .steps = 2},
    };

    if (TMUX_GAME_SKIPPED(f))
        return;
    for (guint i = 0; i < G_N_ELEMENTS(walks); i++)
        check_view_walk(f, &walks[i], 80, 24);
    check_view_walk(f, &walks[0], 100, 40); /* the level fits: no scrolling */
    check_view_walk(f, &walks[6], 100, 40);
    check_view_walk(f, &walks[0], 120, 26); /* as wide as the level, not as tall */
    check_view_walk(f, &walks[5], 120, 26);
}

/* ---- /tui-screen/walk-known-bat ---------------------------------------- */

/* A corridor east from the player; at its end, a pocket at (11, 1) whose
 * one open neighbour (10, 1) a fungus fills (in view from the start), for
 * a bat that can never leave it (just out of view). */
static const char *const pocket[] = {
    "##############",
    "#.@.........##",
    "##############",
    NULL,
};

/* Whether the player on screen stands at x = data[0] or further east, or a
 * walk said why it stopped. */
static gboolean ran_east_or_stopped(const char *text, gconstpointer data)
{
    Stats stats;

    return strstr(text, "You stop") != NULL ||
           (parse_stats(text, &stats) && stats.x >= *(const gint32 *) data);
}

/* Run east toward the bat: it comes into view and stops the run, named.
 * Run back west out of its sight, then east again: the bat, already seen on
 * this level, stops no run; the run goes on to the fungus. */
static void test_walk_known_bat(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    const gint32 far = 5;
    Stats stats;
    Scenario s;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, pocket, NULL);
    scenario_spawn(&s, "fungus", 0, 10, 1, 100000, -1, -1);
    scenario_spawn(&s, "bat", 0, 11, 1, -1, -1, -1);
    g_assert_true(view_sees(game_view(s.game), 0, 10, 1));
    g_assert_false(view_sees(game_view(s.game), 0, 11, 1));
    save_scenario(f, &s, NULL, 0);
    run_in_pane(f, "continue", TRUE, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    text = press_for(f, "L", "You stop: a bat comes into view.");
    g_assert_true(parse_stats(text, &stats));
    g_assert_cmpint(stats.x, <, far);
    g_free(text);
    text = press_for(f, "H", "(1,1)");
    g_free(text);
    tmux_send_text(&f->tmux, "L");
    if (!tmux_wait_until(&f->tmux, ran_east_or_stopped, &far, TMUX_WAIT_MS, &text))
        g_error("the second run went nowhere; the screen shows:\n%s", text);
    g_assert_null(strstr(text, "You stop"));
    g_assert_true(parse_stats(text, &stats));
    g_assert_cmpint(stats.x, >=, far);
}

/* ---- /tui-screen/rest-poisoned ----------------------------------------- */

/* Whether the stats line shows turn data[0] or later, or a walk stopped. */
static gboolean turn_reached_or_stopped(const char *text, gconstpointer data)
{
    Stats stats;

    return strstr(text, "You stop") != NULL ||
           (parse_stats(text, &stats) && stats.turn >= *(const gint32 *) data);
}

/* The turn a rest that began at turn 1 goes on to, at least. */
#define REST_UNTIL 8

/* Whether an effect that costs hp each turn is on the player, for longer
 * than the rest of the test goes on. */
static gboolean poisoned(const CavState *state)
{
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = state_effect(state, id);

        if (effect != NULL && effect->active && effect->creature == state->player &&
            effect->spec.turn_hp < 0 && effect->remaining > REST_UNTIL)
            return TRUE;
    }
    return FALSE;
}

/* Hurt and poisoned, alone: `Z` rests on through the poison's ticks (each
 * costs hp) until a key stops it; no tick stops it. */
static void test_rest_poisoned(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_auto(GStrv) level = open_level(5, 5);
    g_autoptr(Session) session = NULL;
    g_autofree char *text = NULL;
    const gint32 until = REST_UNTIL;
    g_autoptr(GError) error = NULL;
    CavCommand quaff;
    Store *store;
    Scenario s;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, (const char *const *) level, NULL);
    quaff = command_item(CMD_QUAFF, scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1));
    scenario_hurt(&s, 1, 30);
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, quaff);
    g_assert_true(poisoned(game_state(s.game)));
    store_free(store);
    scenario_teardown(&s);
    run_in_pane(f, "continue", TRUE, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "Turn 1"));
    tmux_send_text(&f->tmux, "Z");
    if (!tmux_wait_until(&f->tmux, turn_reached_or_stopped, &until, TMUX_WAIT_MS, &text))
        g_error("the rest did not go on; the screen shows:\n%s", text);
    tmux_send_text(&f->tmux, "x"); /* any key stops a walk, and is thrown away */
    g_free(text);
    text = tmux_capture_settled(&f->tmux);
    g_assert_null(strstr(text, "You stop"));
    session = quit_and_open(f);
    g_assert_cmpint(session_state(session)->turn, >=, until);
}

/* ---- /tui-screen/stairs-keys ------------------------------------------- */

/* The stairs down west of the player, the exit (stairs up) two cells
 * further west. */
static const char *const stairs_room[] = {
    "#######", "#<.>@.#", "#.....#", "#######", NULL,
};

/* The travel cursor has closed by itself: its key hint is gone. */
static void assert_cursor_closed(Fixture *f)
{
    g_autofree char *text = NULL;

    if (!tmux_wait_until(&f->tmux, tmux_hides, "Enter travels there", TMUX_WAIT_MS, &text))
        g_error("the travel cursor stayed open:\n%s", text);
}

/* `_` then `>` on the stairs down says that `>` takes them, closes the
 * cursor (and passes no
 * turn); on the exit, `_` then `<` says that `<` leaves, and `>` says there
 * are no stairs down here. */
static void test_stairs_keys(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    CavCommand onto = command_move(-1, 0);
    Scenario s;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, stairs_room, NULL);
    save_scenario(f, &s, &onto, 1);
    run_in_pane(f, "continue", TRUE, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "Turn 1"));
    g_free(press_for(f, "_", "Enter travels there"));
    g_free(press_for(f, ">", "You are on the stairs down: > takes them."));
    assert_cursor_closed(f); /* so that the next > would take them */
    g_free(press_for_turn(f, "h"));
    g_free(press_for_turn(f, "h"));
    g_free(press_for(f, "_", "Enter travels there"));
    g_free(press_for(f, "<", "You are on the stairs up, the way out: < takes them."));
    assert_cursor_closed(f);
    g_free(press_for(f, ">", "There are no stairs down here."));
    g_assert_cmpint(screen_turn(f), ==, 3);
}

/* ---- /tui-screen/enter-silent ------------------------------------------ */

/* Enter, with nothing open, passes no turn and says nothing (it is no
 * "Ctrl-M"); Tab, bound to nothing there, is named as Tab. */
static void test_enter_silent(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_open_level(f, 45, 16);
    run_in_pane(f, "continue", TRUE, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_named_key(&f->tmux, "Enter");
    tmux_send_named_key(&f->tmux, "Tab");
    text = tmux_wait_for(&f->tmux, "Unknown key: Tab (press ? for help).");
    g_assert_cmpint(screen_turn(f), ==, 0);
    g_free(text);
    tmux_send_named_key(&f->tmux, "C-p");
    text = tmux_wait_for(&f->tmux, "Messages, oldest first.");
    g_assert_nonnull(strstr(text, "Unknown key: Tab"));
    g_assert_null(strstr(text, "Ctrl-M"));
    g_assert_null(strstr(text, "Unknown key: Enter"));
}

/* ---- /tui-screen/start-help -------------------------------------------- */

/* `?` on the start screen shows the keys; a key goes back to it. */
static void test_start_help(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_in_pane(f, "", FALSE, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "n   new game"));
    g_free(press_for(f, "?", "Press any key to go back."));
    tmux_send_text(&f->tmux, " ");
    if (!tmux_wait_until(&f->tmux, tmux_hides, "Press any key to go back.", TMUX_WAIT_MS, &text))
        g_error("the help stayed; the screen shows:\n%s", text);
    g_assert_nonnull(strstr(text, "n   new game"));
    tmux_send_text(&f->tmux, "q");
    g_assert_cmpint(wait_pane_ended(f), ==, 0);
}

/* ---- /tui-screen/too-small-no-file ------------------------------------- */

/* `cavelog new` in a terminal smaller than 80 × 24 asks for a bigger one
 * before it makes the game file: quitting there (q, or Ctrl-C) leaves no
 * file; enlarged, the game begins and its file is made. */
static void test_too_small_no_file(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *const quits[] = {"q", "C-c"};

    if (TMUX_GAME_SKIPPED(f))
        return;
    for (guint i = 0; i < G_N_ELEMENTS(quits); i++) {
        run_in_pane(f, "new --seed 3 --save", TRUE, 60, 20);
        g_free(tmux_wait_for(&f->tmux, "this one is 60"));
        g_assert_false(g_file_test(f->save, G_FILE_TEST_EXISTS));
        tmux_send_named_key(&f->tmux, quits[i]);
        wait_pane_ended(f);
        g_assert_false(g_file_test(f->save, G_FILE_TEST_EXISTS));
        tmux_stop(&f->tmux);
    }
    run_in_pane(f, "new --seed 3 --save", TRUE, 60, 20);
    g_free(tmux_wait_for(&f->tmux, "this one is 60"));
    g_assert_false(g_file_test(f->save, G_FILE_TEST_EXISTS));
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "80", "-y", "24");
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    g_assert_true(g_file_test(f->save, G_FILE_TEST_EXISTS));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
#define ADD(path, fn) g_test_add(path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
    ADD("/tui-screen/viewport", test_viewport);
    ADD("/tui-screen/walk-known-bat", test_walk_known_bat);
    ADD("/tui-screen/rest-poisoned", test_rest_poisoned);
    ADD("/tui-screen/stairs-keys", test_stairs_keys);
    ADD("/tui-screen/enter-silent", test_enter_silent);
    ADD("/tui-screen/start-help", test_start_help);
    ADD("/tui-screen/too-small-no-file", test_too_small_no_file);
#undef ADD
    return g_test_run();
}
