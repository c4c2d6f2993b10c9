/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui.c — the program around the play screen, driven for real: the
 * `cavelog` binary (from $CAVELOG_BIN) runs in a private tmux server (keys
 * in with send-keys, the screen back with capture-pane, polled until the
 * expected text shows; tui-play.h): moving, help, saving and quitting,
 * signals, a too-small or missing terminal, colours, the stats line, the
 * end of a game by the exit and starting again, and continuing a game.
 * Skipped when tmux is not installed. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "testutil.h"
#include "tui-play.h"

/* Longer than the end screen ignores keys for. */
#define END_GRACE_MS 700

/* What taking the exit of level 1 without the bear asks. */
#define LEAVE_QUESTION "Leave the caves without the bear?"

/* ---- running cavelog in tmux ------------------------------------------- */

static char *cavelog_command(Fixture *f)
{
    return cavelog_new_seeded(f, 42);
}

/* ---- tests -------------------------------------------------------------- */

/* Movement keys pass turns and move the '@': `l` first, and another
 * direction whenever a key did not pass a turn (the edge of the map). */
static void test_move(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *keys[] = {"l", "h", "j", "k"};
    g_autofree char *text = NULL;
    Screen first, now;
    guint direction = 0;
    gboolean moved = FALSE;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 100, 30);
    text = tmux_wait_for(&f->tmux, "Turn 0");
    g_assert_true(parse_screen(text, &first));
    g_assert_cmpint(first.at_row, >=, 0);
    now = first;
    for (int attempt = 0; attempt < 16 && !(now.turn >= 3 && moved); attempt++) {
        gint32 before = now.turn;

        tmux_send_text(&f->tmux, keys[direction]);
        g_clear_pointer(&text, g_free);
        if (!tmux_wait_until(&f->tmux, turn_after, &before, TURN_WAIT_MS, &text)) {
            /* rock that way: say no to digging, and try another */
            if (strstr(text, DIG_QUESTION) != NULL) {
                tmux_send_text(&f->tmux, "n");
                g_free(text);
                g_assert_true(
                    tmux_wait_until(&f->tmux, tmux_hides, DIG_QUESTION, TMUX_WAIT_MS, &text));
            }
            direction = (direction + 1) % G_N_ELEMENTS(keys);
        }
        g_assert_true(parse_screen(text, &now));
        moved = moved || now.at_row != first.at_row || now.at_col != first.at_col;
    }
    g_test_message("last screen:\n%s", text);
    g_assert_cmpint(now.turn, >=, 3);
    g_assert_true(moved);
    g_assert_true(now.x != first.x || now.y != first.y);
}

/* Whether the box on the screen @text is as wide as the screen: it is
 * clipped to the screen, cutting its widest line, when that line does not
 * fit (the box is its widest line plus a border and a space each side). */
static gboolean box_cuts_text(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

    for (guint row = 0; lines[row] != NULL; row++)
        if (g_str_has_prefix(lines[row], "│") || g_str_has_prefix(lines[row], "┌"))
            return TRUE;
    return FALSE;
}

/* `?` shows the keys, every line whole at 80 × 24; the key that closes the
 * help does not pass a turn. */
static void test_help(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *closing = "Press any key to go back.";
    g_autofree char *text = NULL;
    Screen screen;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 80, 24);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_text(&f->tmux, "?");
    text = tmux_wait_for(&f->tmux, closing);
    g_assert_false(box_cuts_text(text));
    g_assert_nonnull(strstr(text, "Keys"));
    g_assert_nonnull(strstr(text, "save and quit"));
    g_assert_nonnull(strstr(text, "pick up what lies here"));
    g_assert_nonnull(strstr(text, "drop, eat, wield or wear"));
    g_assert_nonnull(strstr(text, "look around"));
    g_assert_nonnull(strstr(text, "wield or wear, drink"));
    g_assert_nonnull(strstr(text, "throw something"));
    g_assert_nonnull(strstr(text, "fire what you wield"));
    g_assert_nonnull(strstr(text, "read a spell from a book"));
    g_assert_nonnull(strstr(text, "call potions that look alike"));
    g_assert_nonnull(strstr(text, "o explore"));
    g_assert_nonnull(strstr(text, "_ travel"));
    g_assert_nonnull(strstr(text, "HJKLYUBN"));
    g_assert_nonnull(strstr(text, "your pack"));
    /* a movement key closes it, and must not move */
    tmux_send_text(&f->tmux, "l");
    g_clear_pointer(&text, g_free);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, closing, TMUX_WAIT_MS, &text));
    g_usleep(300 * 1000);
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen.turn, ==, 0);
}

static gboolean has_word(const char *text, const char *word)
{
    g_auto(GStrv) words = g_strsplit_set(text, " \t\n;", -1);

    return g_strv_contains((const char *const *) words, word);
}

/* Run cavelog in a shell that, once it exits, saves `stty -a` and says so. */
static void start_game_in_shell(Fixture *f, const char *stty_path)
{
    g_autofree char *game = cavelog_command(f);
    g_autofree char *stty_quoted = g_shell_quote(stty_path);
    g_autofree char *command =
        g_strdup_printf("%s; status=$?; stty -a > %s; echo CAVELOG-EXITED status=$status; sleep 30",
                        game, stty_quoted);

    tmux_start(&f->tmux, 100, 30, command);
}

/* `S` leaves the game with the terminal restored and the game saved. */
static void test_save_quit(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *stty_path = NULL;
    g_autofree char *text = NULL;
    g_autofree char *stty = NULL;
    g_autofree char *header = NULL;
    gsize length = 0;

    if (TMUX_GAME_SKIPPED(f))
        return;
    stty_path = g_build_filename(f->dir, "stty.txt", NULL);
    start_game_in_shell(f, stty_path);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_text(&f->tmux, "S");
    text = tmux_wait_for(&f->tmux, "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=0"));

    g_assert_true(g_file_get_contents(stty_path, &stty, NULL, NULL));
    g_test_message("stty -a after cavelog:\n%s", stty);
    g_assert_true(has_word(stty, "icanon"));
    g_assert_true(has_word(stty, "echo"));
    g_assert_false(has_word(stty, "-icanon"));
    g_assert_false(has_word(stty, "-echo"));

    g_assert_true(g_file_get_contents(f->save, &header, &length, NULL));
    g_assert_cmpuint(length, >=, 16);
    g_assert_cmpmem(header, 16, "SQLite format 3", 16);
}

/* A fatal signal (a closed terminal, a shutdown) saves and closes the game
 * in order: the terminal is given back, nothing is left beside the file,
 * the turns played are kept, and the program dies of the signal. */
static void test_signal(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *pane[] = {"display-message", "-p", "-t", "cav", "#{pane_pid}", NULL};
    g_autofree char *stty_path = NULL, *text = NULL, *stty = NULL, *shell = NULL;
    g_autofree char *wal = NULL, *kill = NULL;
    g_autoptr(Session) session = NULL;
    g_autoptr(GError) error = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    stty_path = g_build_filename(f->dir, "stty.txt", NULL);
    start_game_in_shell(f, stty_path);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_text(&f->tmux, ".");
    g_free(tmux_wait_for(&f->tmux, "Turn 1"));
    shell = g_strstrip(tmux_run(&f->tmux, TRUE, pane));
    kill = g_strdup_printf("pkill -TERM -P %s", shell);
    g_assert_true(g_spawn_command_line_sync(kill, NULL, NULL, NULL, &error));
    g_assert_no_error(error);
    text = tmux_wait_for(&f->tmux, "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=143")); /* 128 + SIGTERM */
    g_assert_true(g_file_get_contents(stty_path, &stty, NULL, NULL));
    g_assert_true(has_word(stty, "echo"));
    g_assert_false(has_word(stty, "-echo"));
    wal = g_strconcat(f->save, "-wal", NULL);
    g_assert_false(g_file_test(wal, G_FILE_TEST_EXISTS));
    session = session_open(f->save, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, 1);
}

/* Below 80×24 a note says so; enlarged, the game shows up. */
static void test_too_small(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Screen screen;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 60, 20);
    text = tmux_wait_for(&f->tmux, "at least 80");
    g_assert_nonnull(strstr(text, "this one is 60"));
    g_assert_null(strstr(text, "Turn 0"));
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "100", "-y", "30");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Turn 0");
    g_assert_null(strstr(text, "at least 80"));
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen.at_row, >=, 0);
}

/* ---- situations of the older tests -------------------------------------- */

/* The player, with an empty pack and no kills, stands on an exit of level 1. */
static gboolean make_on_exit(Session *session, G_GNUC_UNUSED Fetched *out,
                             G_GNUC_UNUSED gconstpointer data)
{
    const CavState *state = session_state(session);
    const CavCreature *player = state_player(state);
    g_autofree DistanceMap *distance = g_new(DistanceMap, 1);
    gint32 best = G_MAXINT32, ex = -1, ey = -1;

    fetch_distances(state, player->x, player->y, *distance);
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            if (state_tile(state, 0, x, y) == TILE_STAIRS_UP && (*distance)[y][x] >= 0 &&
                (*distance)[y][x] < best) {
                best = (*distance)[y][x];
                ex = x;
                ey = y;
            }
    for (int turn = 0; ex >= 0 && turn < FETCH_TURNS; turn++) {
        player = state_player(state);
        if (player->x == ex && player->y == ey)
            return state_pack_used(player) == 0 && player->kills == 0;
        if (!fetch_step(session, ex, ey))
            return FALSE;
    }
    return FALSE;
}

/* Leaving by the exit without the bear is asked first (no: no turn);
 * then it loses: a --More-- that keys typed on do not pass, then the end
 * screen says why, with the tally and the score. */
static void test_lose(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    gint32 fetch_turn;
    g_autofree char *game = NULL;
    g_autofree char *command = NULL;
    g_autofree char *text = NULL;
    g_autofree char *turns = NULL;
    gint64 asked, after;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetch_turn = fetch_situation(f, make_on_exit, NULL, NULL).turn;
    turns = g_strdup_printf("Turns: %d", fetch_turn + 1);
    game = cavelog_run(f, "continue");
    command = g_strdup_printf("%s; echo CAVELOG-EXITED status=$?; sleep 30", game);
    tmux_start(&f->tmux, 100, 30, command);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    /* asked first; no: nothing happens, no turn passes */
    g_free(press_for(f, "<", LEAVE_QUESTION));
    tmux_send_text(&f->tmux, "n");
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, LEAVE_QUESTION, TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, fetch_turn);
    g_free(text);
    g_free(press_for(f, "<", LEAVE_QUESTION));
    /* yes, and a burst of keys typed on: the --More-- stands */
    tmux_send_text(&f->tmux, "y  \r\r xq");
    g_free(tmux_wait_for(&f->tmux, "--More--"));
    g_usleep(END_GRACE_MS * 1000);
    text = tmux_capture(&f->tmux);
    g_assert_nonnull(strstr(text, "--More--"));
    g_assert_nonnull(strstr(text, "Game over: fled the caves without the bear."));
    g_assert_null(strstr(text, "Press any key."));
    tmux_send_text(&f->tmux, "xq.");
    g_usleep(300 * 1000);
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_assert_nonnull(strstr(text, "--More--"));
    g_assert_null(strstr(text, "Press any key."));
    g_free(text);
    asked = g_get_monotonic_time(); /* the end screen opens after this */
    text = press_for(f, "\r", "Press any key.");
    g_test_message("end screen:\n%s", text);
    g_assert_nonnull(strstr(text, "Fled the caves without the bear."));
    g_assert_nonnull(strstr(text, turns));
    g_assert_nonnull(strstr(text, "Depth reached: 1"));
    g_assert_nonnull(strstr(text, "Kills: 0"));
    g_assert_nonnull(strstr(text, "You carried nothing."));
    g_assert_nonnull(strstr(text, "Score: "));
    /* a key at once is taken for typing on, not for an answer; "at once"
     * is the end screen's 500 ms from its opening, which came after
     * `asked`: on a machine so loaded that this key went later than 300 ms
     * after, it may rightly be an answer, so then it is not judged */
    tmux_send_text(&f->tmux, " ");
    after = g_get_monotonic_time() - asked;
    g_usleep(END_GRACE_MS * 1000);
    g_free(text);
    text = tmux_capture(&f->tmux);
    if (after > 300 * 1000)
        g_test_message("the key went %.2f s after the end screen was asked for: not judged",
                       after / 1e6);
    else
        g_assert_nonnull(strstr(text, "Press any key."));
    tmux_send_text(&f->tmux, " ");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=0"));

    /* Continuing the finished game opens on its end screen again. */
    tmux_stop(&f->tmux);
    g_free(command);
    g_free(game);
    game = cavelog_run(f, "continue");
    command = g_strdup_printf("%s; echo CAVELOG-AGAIN status=$?; sleep 30", game);
    tmux_start(&f->tmux, 100, 30, command);
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Press any key.");
    g_assert_nonnull(strstr(text, "Fled the caves without the bear."));
    g_assert_nonnull(strstr(text, turns));
    g_usleep(END_GRACE_MS * 1000);
    tmux_send_text(&f->tmux, " ");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "CAVELOG-AGAIN");
    g_assert_nonnull(strstr(text, "CAVELOG-AGAIN status=0"));
}

/* ---- comforts: auto-explore, travel, running, the pack, digging --------- */

/* A player of the biggest numbers the data allow (creatures.ini): hp,
 * mana, attack and defense at their limits. */
static char *big_player_data(guint index, const char *text)
{
    g_autoptr(GRegex) player =
        g_regex_new("^hp=100\nattack=20\ndefense=5", G_REGEX_MULTILINE, 0, NULL);

    if (index != 0)
        return g_strdup(text);
    return g_regex_replace_literal(
        player, text, -1, 0, "hp=100000\nmax_mana=100000\nattack=10000\ndefense=10000", 0, NULL);
}

/* At 80 × 24, stats too long for two spaces between them (a long game's
 * big numbers) still show the turn whole: they close up. */
static void test_long_stats(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_auto(GStrv) lines = NULL;
    g_autoptr(Session) session = NULL;
    guint row;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, big_player_data);
    session = make_fresh_game(f, 5);
    g_assert_cmpint(state_player(session_state(session))->max_mana, ==, 100000);
    g_clear_pointer(&session, session_free);
    continue_game(f, 80);
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "80", "-y", "24");
    text = tmux_wait_for(&f->tmux, "HP 100000/100000 MP 100000/100000 Atk 10000 Def 10000 ");
    g_test_message("the screen:\n%s", text);
    lines = g_strsplit(text, "\n", -1);
    for (row = 0; lines[row] != NULL && !g_str_has_prefix(lines[row], "HP "); row++)
        ;
    g_assert_nonnull(lines[row]);
    g_assert_true(g_regex_match_simple("Depth 1 Turn 0( |$)", lines[row], 0, 0));
}

/* Run cavelog with @args (NULL-terminated) outside a terminal, as in the
 * pane (XDG_DATA_HOME the test's folder, TERM set). Its exit status; its
 * stderr in *@err. */
static int run_without_terminal(Fixture *f, const char *const *args, char **err)
{
    g_auto(GStrv) env = g_environ_setenv(g_strdupv(f->tmux.env), "XDG_DATA_HOME", f->dir, TRUE);

    env = g_environ_setenv(env, "TERM", "xterm-256color", TRUE);
    return tmux_game_run(f, env, args, err);
}

/* Whether the games folder under f->dir holds any file. */
static gboolean games_folder_empty(Fixture *f)
{
    g_autofree char *games = g_build_filename(f->dir, "cavelog", NULL);
    GDir *dir = g_dir_open(games, 0, NULL);
    gboolean empty = dir == NULL || g_dir_read_name(dir) == NULL;

    if (dir != NULL)
        g_dir_close(dir);
    return empty;
}

/* Without a terminal, or in one that cannot move its cursor, `new` and
 * the start screen refuse in one line with status 1, and no game file is
 * made (which `continue` would otherwise pick up). */
static void test_no_terminal(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *new_default[] = {"new", NULL};
    const char *new_saved[] = {"new", "--save", f->save, NULL};
    const char *start[] = {NULL};
    g_autofree char *err = NULL, *game = NULL, *command = NULL, *text = NULL;
    g_auto(GStrv) dumb = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    g_assert_cmpint(run_without_terminal(f, new_default, &err), ==, 1);
    g_assert_nonnull(strstr(err, "needs a terminal"));
    g_assert_cmpint(strchr(err, '\n') - err + 1, ==, (int) strlen(err));
    g_clear_pointer(&err, g_free);
    g_assert_cmpint(run_without_terminal(f, new_saved, &err), ==, 1);
    g_assert_false(file_exists(f->save));
    g_clear_pointer(&err, g_free);
    g_assert_cmpint(run_without_terminal(f, start, &err), !=, 0);
    g_assert_true(games_folder_empty(f));

    /* a terminal, but TERM=dumb */
    game = cavelog_run(f, "new --save");
    dumb = g_strsplit(game, "TERM=xterm-256color", 2);
    g_assert_cmpuint(g_strv_length(dumb), ==, 2);
    g_free(game);
    game = g_strjoinv("TERM=dumb", dumb);
    command = g_strdup_printf("%s; echo CAVELOG-EXITED status=$?; sleep 30", game);
    tmux_start(&f->tmux, 100, 30, command);
    text = tmux_wait_for(&f->tmux, "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=1"));
    g_assert_nonnull(strstr(text, "TERM=dumb"));
    g_assert_false(file_exists(f->save));
    g_assert_true(games_folder_empty(f));
}

/* Whether @styled (capture-pane -e) sets a foreground or background colour. */
static gboolean has_colour(const char *styled)
{
    g_autoptr(GRegex) colour =
        g_regex_new("\\e\\[([0-9]*;)*([34][0-8]|9[0-7]|10[0-7])[;m]", 0, 0, NULL);

    return g_regex_match(colour, styled, 0, NULL);
}

/* NO_COLOR set (to anything) draws the play screen without a colour. */
static void test_no_colour(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const sidecars[] = {"", "-wal", "-shm", "-journal"};
    g_autofree char *game = NULL, *command = NULL, *styled = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 100, 30);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    styled = tmux_capture_styled(&f->tmux);
    g_assert_true(has_colour(styled));
    /* Stopped by a hangup, the game dies of it as it ends up reading its
     * terminal or not: its -wal may stay (a new game beside it is refused),
     * so the file goes with its side files, once the game has ended. */
    tmux_stop(&f->tmux);
    for (guint i = 0; i < G_N_ELEMENTS(sidecars); i++) {
        g_autofree char *side = g_strconcat(f->save, sidecars[i], NULL);
        g_unlink(side);
    }
    g_clear_pointer(&styled, g_free);

    game = cavelog_new_seeded(f, 42);
    command = g_strdup_printf("exec env NO_COLOR=1 %s", game);
    tmux_start(&f->tmux, 100, 30, command);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    styled = tmux_capture_styled(&f->tmux);
    g_test_message("styled screen:\n%s", styled);
    g_assert_false(has_colour(styled));
}

/* A game continued from the start screen and lost there returns to the
 * start screen, where `q` quits with status 0. */
static void test_start_again(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *games = NULL, *game = NULL, *command = NULL, *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    games = g_build_filename(f->dir, "cavelog", "games", NULL);
    g_assert_cmpint(g_mkdir_with_parents(games, 0700), ==, 0);
    g_free(f->save);
    f->save = g_build_filename(games, "on-exit.cavelog", NULL);
    fetch_situation(f, make_on_exit, NULL, NULL);
    game = tmux_game_command(f, "");
    command = g_strdup_printf("%s; echo CAVELOG-EXITED status=$?; sleep 30", game);
    tmux_start(&f->tmux, 100, 30, command);
    g_free(tmux_wait_for(&f->tmux, "c   continue"));
    g_free(press_for(f, "c", "Turn "));
    g_free(press_for(f, "<", LEAVE_QUESTION));
    g_free(press_for(f, "y", "--More--"));
    g_free(press_for(f, "\r", "Press any key."));
    g_usleep(END_GRACE_MS * 1000);
    text = press_for(f, " ", "n   new game");
    g_assert_null(strstr(text, "c   continue")); /* the game is over: nothing to continue */
    g_free(text);
    text = press_for(f, "q", "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=0"));
}

/* ---- /tui/continue-keyframe ----------------------------------------------- */

/* Continue f->save with the keyframe key in @config, and the first screen
 * (map, stats line, the last turn's messages); then save and quit. */
static char *continue_screen(Fixture *f, const char *config)
{
    g_autofree char *command = cavelog_run(f, "continue");
    g_autofree char *exec_command = NULL;
    g_autoptr(Session) session = NULL;
    char *text;

    g_assert_true(g_str_has_prefix(command, "env "));
    exec_command = g_strdup_printf("exec env XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s %s", config,
                                   config, command + 4);
    tmux_start(&f->tmux, 100, 30, exec_command);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    text = tmux_capture_settled(&f->tmux);
    session = quit_and_open(f);
    tmux_stop(&f->tmux);
    return text;
}

/* `cavelog continue` of a game with keyframes starts from the newest one,
 * and shows exactly what the full fold shows, messages worded alike. */
static void test_continue_keyframe(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *config = g_build_filename(f->dir, "config", NULL);
    g_autofree char *keyed = NULL, *full = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    g_setenv("XDG_CONFIG_HOME", config, TRUE);
    g_setenv("XDG_STATE_HOME", config, TRUE);
    session = session_new_game(f->save, 4242, "tester", NULL, &error);
    g_assert_no_error(error);
    session_set_keyframe_every(session, 4);
    while (session_state(session)->turn < 10 && play_bot_turn(session))
        ;
    turn = session_state(session)->turn;
    g_clear_pointer(&session, session_free);
    session = session_open(f->save, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_keyframe_turn(session), ==, turn / 4 * 4);
    g_clear_pointer(&session, session_free);
    keyed = continue_screen(f, config);
    {
        Screen screen;
        g_assert_true(parse_screen(keyed, &screen));
        g_assert_cmpint(screen.turn, ==, turn);
    }
    full = continue_screen(f, f->dir); /* no key there: the full fold */
    g_assert_cmpstr(keyed, ==, full);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add("/tui/move", Fixture, NULL, fixture_set_up, test_move, fixture_tear_down);
    g_test_add("/tui/help", Fixture, NULL, fixture_set_up, test_help, fixture_tear_down);
    g_test_add("/tui/save-quit", Fixture, NULL, fixture_set_up, test_save_quit, fixture_tear_down);
    g_test_add("/tui/signal", Fixture, NULL, fixture_set_up, test_signal, fixture_tear_down);
    g_test_add("/tui/too-small", Fixture, NULL, fixture_set_up, test_too_small, fixture_tear_down);
    g_test_add("/tui/lose", Fixture, NULL, fixture_set_up, test_lose, fixture_tear_down);
    g_test_add("/tui/long-stats", Fixture, NULL, fixture_set_up, test_long_stats,
               fixture_tear_down);
    g_test_add("/tui/no-terminal", Fixture, NULL, fixture_set_up, test_no_terminal,
               fixture_tear_down);
    g_test_add("/tui/no-colour", Fixture, NULL, fixture_set_up, test_no_colour, fixture_tear_down);
    g_test_add("/tui/continue-keyframe", Fixture, NULL, fixture_set_up, test_continue_keyframe,
               fixture_tear_down);
    g_test_add("/tui/start-again", Fixture, NULL, fixture_set_up, test_start_again,
               fixture_tear_down);
    return g_test_run();
}
