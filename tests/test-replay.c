/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replay.c — `cavelog replay` driven for real in a private tmux server
 * (send-keys in, capture-pane out, polled; the harness is tmux.h's).
 * Games come from the bot; every turn a test expects is computed from the
 * file itself (SQL on its event views, or the history API), never from one
 * seed's trajectory. Skipped when tmux is not installed. */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "bookmarks.h"
#include "history.h"
#include "testutil.h"
#include "tmux.h"

/* The bot's game most tests replay: long enough for stairs, kills, levels. */
#define GAME_SEED 3
#define GAME_TURNS "2500"

/* A test's game in a private terminal (tmux.h). */
typedef TmuxGame Fixture;

/* ---- running cavelog in tmux ------------------------------------------- */

/* Run `cavelog replay @path` in a @cols × @rows pane; a shell around it
 * says how it exited ("REPLAY-EXITED status=N") and saves `stty -a`. */
static void start_replay(Fixture *f, int cols, int rows, const char *path, const char *options)
{
    g_autofree char *file = g_shell_quote(path);
    g_autofree char *stty = g_build_filename(f->dir, "stty.txt", NULL);
    g_autofree char *stty_q = g_shell_quote(stty);
    g_autofree char *arguments =
        g_strdup_printf("replay %s %s", file, options != NULL ? options : "");
    g_autofree char *game = tmux_game_command(f, arguments);
    g_autofree char *command = g_strdup_printf(
        "%s; status=$?; stty -a > %s; echo REPLAY-EXITED status=$status; sleep 60", game, stty_q);

    tmux_start(&f->tmux, cols, rows, command);
}

/* ---- reading the screen ------------------------------------------------ */

typedef struct {
    gint32 turn, last; /* the bar's "turn N of M" */
    gint32 stats_turn; /* the stats line's "Turn N" */
} Bar;

static gboolean parse_bar(const char *text, Bar *out)
{
    g_autoptr(GRegex) bar = g_regex_new("REPLAY  turn (\\d+) of (\\d+)", 0, 0, NULL);
    g_autoptr(GRegex) stats = g_regex_new("Turn (\\d+)", 0, 0, NULL);
    g_autoptr(GMatchInfo) m1 = NULL;
    g_autoptr(GMatchInfo) m2 = NULL;
    g_autofree char *t = NULL, *l = NULL, *s = NULL;

    if (!g_regex_match(bar, text, 0, &m1) || !g_regex_match(stats, text, 0, &m2))
        return FALSE;
    t = g_match_info_fetch(m1, 1);
    l = g_match_info_fetch(m1, 2);
    s = g_match_info_fetch(m2, 1);
    out->turn = (gint32) g_ascii_strtoll(t, NULL, 10);
    out->last = (gint32) g_ascii_strtoll(l, NULL, 10);
    out->stats_turn = (gint32) g_ascii_strtoll(s, NULL, 10);
    return TRUE;
}

/* The bar and the stats line both at @turn. */
static gboolean at_turn(const char *text, gconstpointer turn)
{
    Bar bar;

    return parse_bar(text, &bar) && bar.turn == *(const gint32 *) turn &&
           bar.stats_turn == bar.turn;
}

/* The screen once it has settled, after @text, a capture taken (freed). */
static char *settled(Fixture *f, char *text)
{
    g_free(text);
    return tmux_capture_settled(&f->tmux);
}

/* Whether the replay's bar shows *@turn or a later turn (playing, a capture
 * may fall between two turns' screens). */
static gboolean at_least_turn(const char *text, gconstpointer turn)
{
    Bar bar;

    return parse_bar(text, &bar) && bar.turn >= *(const gint32 *) turn;
}

/* Wait until the replay shows @turn, and the screen has settled; return it. */
static char *wait_turn(Fixture *f, gint32 turn)
{
    char *text = NULL;

    if (!tmux_wait_until(&f->tmux, at_turn, &turn, TMUX_WAIT_MS, &text)) {
        g_test_message("waited for turn %d; the screen shows:\n%s", turn, text);
        g_error("turn %d never showed", turn);
    }
    return settled(f, text);
}

/* `g` @turn Enter, and wait until the prompt is gone: until then the bar
 * still shows the turn before, which may be @turn itself. */
static void go_to(Fixture *f, gint32 turn)
{
    g_autofree char *digits = g_strdup_printf("%d", turn), *text = NULL;

    tmux_send_text(&f->tmux, "g");
    g_free(tmux_wait_for(&f->tmux, "Go to turn:"));
    tmux_send_text(&f->tmux, digits);
    tmux_send_named_key(&f->tmux, "Enter");
    if (!tmux_wait_until(&f->tmux, tmux_hides, "Go to turn:", TMUX_WAIT_MS, &text)) {
        g_test_message("went to turn %d; the screen shows:\n%s", turn, text);
        g_error("the prompt for turn %d never closed", turn);
    }
}

/* ---- the game file --------------------------------------------------- */

static void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_set_up(f, "replay");
}

static void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_tear_down(f);
}

/* The bot plays @turns turns into the fixture's save file (going on with
 * the game there if there is one). */
static void run_autoplay(Fixture *f, const char *turns)
{
    const char *args[] = {"autoplay", "--seed", G_STRINGIFY(GAME_SEED),
                          "--turns",  turns,    "--quiet",
                          "--save",   f->save,  NULL};
    g_autofree char *err = NULL;

    g_assert_cmpint(tmux_game_run(f, NULL, args, &err), ==, 0);
}

static void make_game(Fixture *f)
{
    run_autoplay(f, GAME_TURNS);
}

static char *file_digest(const char *path)
{
    g_autofree char *bytes = NULL;
    gsize len = 0;

    g_assert_true(g_file_get_contents(path, &bytes, &len, NULL));
    return g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *) bytes, len);
}

/* One number from @sql on the file at @path (NULL counts as -1). */
static gint64 file_int_or_none(const char *path, const char *sql)
{
    g_autofree char *wrapped = g_strdup_printf("SELECT coalesce((%s), -1)", sql);

    return file_int(path, wrapped);
}

static gint32 last_turn(const char *path)
{
    return (gint32) file_int_or_none(path, "SELECT max(turn) FROM events");
}

static gint32 player_id(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = history_open(path, 0, &error);

    g_assert_no_error(error);
    return history_last_state(history)->player;
}

/* The turns of the notable moments for player @p: hurt, a kill, a level
 * gained, an item identified, the player's death, the end. */
#define NOTABLE_SQL                                                                                \
    "SELECT turn FROM CreatureAttacked WHERE target=@P AND damage>0 "                              \
    "UNION ALL SELECT turn FROM CreatureHurt WHERE creature=@P AND damage>0 "                      \
    "UNION ALL SELECT turn FROM ItemThrown WHERE target=@P AND damage>0 "                          \
    "UNION ALL SELECT turn FROM ShotFired WHERE target=@P AND damage>0 "                           \
    "UNION ALL SELECT turn FROM EffectApplied WHERE creature=@P AND hp<0 "                         \
    "UNION ALL SELECT turn FROM CreatureDied WHERE creature=@P OR killer=@P "                      \
    "UNION ALL SELECT turn FROM LevelGained WHERE creature=@P "                                    \
    "UNION ALL SELECT turn FROM ItemIdentified UNION ALL SELECT turn FROM GameWon "                \
    "UNION ALL SELECT turn FROM GameLost"

/* The first turn after @after (or, with @max, the last before it) in the
 * turns @sql gives; -1 for none. */
static gint32 turn_of(const char *path, const char *sql, gint32 after, gboolean max)
{
    g_autofree char *query = g_strdup_printf("SELECT %s(turn) FROM (%s) WHERE turn %s %d",
                                             max ? "max" : "min", sql, max ? "<" : ">", after);

    return (gint32) file_int_or_none(path, query);
}

/* @sql with the player's id for each @P. */
static char *with_player(const char *path, const char *sql)
{
    g_autoptr(GString) out = g_string_new(sql);
    g_autofree char *id = g_strdup_printf("%d", player_id(path));

    g_string_replace(out, "@P", id, 0);
    return g_string_free(g_steal_pointer(&out), FALSE);
}

static char *notable_sql(const char *path)
{
    return with_player(path, NOTABLE_SQL);
}

/* The turns the player took the stairs (to level @z, 0-based; -1: any). */
static char *stairs_sql(const char *path, int z)
{
    g_autofree char *sql =
        z >= 0
            ? g_strdup_printf("SELECT turn FROM CreatureTookStairs WHERE creature=@P AND z=%d", z)
            : g_strdup("SELECT turn FROM CreatureTookStairs WHERE creature=@P");

    return with_player(path, sql);
}

/* ---- tests -------------------------------------------------------------- */

/* It opens on turn 0 of the file's last, as the player saw it; q quits with
 * status 0, the terminal as it was, and the file unchanged. */
static void test_open_quit(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *before = NULL, *after = NULL, *text = NULL, *stty = NULL, *last = NULL;
    g_autofree char *stty_path = NULL, *first = NULL, *later = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    before = file_digest(f->save);
    start_replay(f, 100, 40, f->save, NULL);
    text = wait_turn(f, 0);
    first = g_strdup(text);
    last = g_strdup_printf("turn 0 of %d", last_turn(f->save));
    g_assert_nonnull(strstr(text, last));
    g_assert_nonnull(strstr(text, "paused"));
    g_assert_nonnull(strstr(text, "@"));
    g_assert_nonnull(strstr(text, "You enter the caves."));
    /* `?` lists the keys and the condition language; any key closes it */
    tmux_send_text(&f->tmux, "?");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Replay keys");
    g_assert_nonnull(strstr(text, "play or pause"));
    g_assert_nonnull(strstr(text, "omniscient view"));
    g_assert_nonnull(strstr(text, "type=CreatureDied"));
    g_assert_nonnull(strstr(text, "hp mp food"));
    tmux_send_text(&f->tmux, "x");
    g_assert_true(
        tmux_wait_until(&f->tmux, (TmuxScreenTest) g_str_equal, first, TMUX_WAIT_MS, &later));
    tmux_send_text(&f->tmux, "q");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
    stty_path = g_build_filename(f->dir, "stty.txt", NULL);
    g_assert_true(g_file_get_contents(stty_path, &stty, NULL, NULL));
    g_assert_nonnull(strstr(stty, " icanon"));
    g_assert_nonnull(strstr(stty, " echo"));
    after = file_digest(f->save);
    g_assert_cmpstr(before, ==, after);
}

/* Each step key moves by its number of turns; Home, End and `g` go where
 * they say; the ends stop the steps. */
static void test_steps(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const struct {
        const char *key;
        gint32 delta;
    } steps[] = {
        {"l", 1},  {"l", 1},   {"h", -1},       {"Right", 1},    {"Left", -1},
        {"L", 20}, {"H", -20}, {"S-Right", 20}, {"S-Right", 20}, {"S-Left", -20},
    };
    gint32 turn = 0, last;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    last = last_turn(f->save);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    for (gsize i = 0; i < G_N_ELEMENTS(steps); i++) {
        tmux_send_named_key(&f->tmux, steps[i].key);
        turn += steps[i].delta;
        g_free(wait_turn(f, turn));
    }
    tmux_send_named_key(&f->tmux, "End");
    g_free(wait_turn(f, last));
    tmux_send_text(&f->tmux, "l");
    g_usleep(300 * 1000);
    g_free(wait_turn(f, last));
    tmux_send_named_key(&f->tmux, "Home");
    g_free(wait_turn(f, 0));
    tmux_send_text(&f->tmux, "h");
    g_usleep(300 * 1000);
    g_free(wait_turn(f, 0));
    go_to(f, last / 2);
    g_free(wait_turn(f, last / 2));
    go_to(f, last + 1000);
    g_free(wait_turn(f, last));
}

/* Space plays (the turns advance by themselves) and pauses (they stop),
 * and the bar says which it will do;
 * `+` and `-` step through the speeds and stop at either end. */
static void test_play_pause(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *later = NULL;
    gint32 five = 5;
    Bar bar, again;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(tmux_wait_for(&f->tmux, "4 turns/s"));
    tmux_send_text(&f->tmux, "++");
    g_free(tmux_wait_for(&f->tmux, "16 turns/s"));
    tmux_send_text(&f->tmux, " ");
    text = tmux_wait_for(&f->tmux, "playing");
    g_assert_nonnull(strstr(text, "Space pause")); /* the bar offers what Space does now */
    g_free(text);
    text = NULL;
    g_assert_true(tmux_wait_until(&f->tmux, at_least_turn, &five, TMUX_WAIT_MS, &text));
    g_free(text);
    text = NULL;
    tmux_send_text(&f->tmux, " ");
    text = tmux_wait_for(&f->tmux, "paused");
    g_assert_nonnull(strstr(text, "Space play "));
    g_usleep(200 * 1000);
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_assert_true(parse_bar(text, &bar));
    g_assert_cmpint(bar.turn, >=, 5);
    g_usleep(600 * 1000);
    later = tmux_capture(&f->tmux);
    g_assert_true(parse_bar(later, &again));
    g_assert_cmpint(again.turn, ==, bar.turn);
    tmux_send_text(&f->tmux, "---------");
    g_free(tmux_wait_for(&f->tmux, "1/4 turn/s"));
    tmux_send_text(&f->tmux, "++++++++++++");
    g_free(tmux_wait_for(&f->tmux, "max speed"));
}

/* The screen at a turn is the same reached from before, from after, or
 * jumped to (on a small terminal, where the map scrolls). */
static void test_backward_forward(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    gint32 last;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    last = last_turn(f->save);
    start_replay(f, 80, 24, f->save, NULL);
    g_free(wait_turn(f, 0));
    for (gint32 n = 1; n < last; n += last / 5) {
        g_autofree char *forward = NULL, *backward = NULL, *jumped = NULL;

        go_to(f, n - 1);
        g_free(wait_turn(f, n - 1));
        tmux_send_text(&f->tmux, "l");
        forward = wait_turn(f, n);
        go_to(f, n + 1);
        g_free(wait_turn(f, n + 1));
        tmux_send_text(&f->tmux, "h");
        backward = wait_turn(f, n);
        tmux_send_named_key(&f->tmux, "End");
        g_free(wait_turn(f, last));
        go_to(f, n);
        jumped = wait_turn(f, n);
        g_test_message("turn %d:\n%s", n, forward);
        g_assert_cmpstr(forward, ==, backward);
        g_assert_cmpstr(forward, ==, jumped);
    }
}

/* Send @key at turn @from and expect turn @expected, or, when it is -1,
 * the note that there is none (the turn staying). */
static void expect_jump(Fixture *f, const char *key, gint32 from, gint32 expected, const char *none)
{
    go_to(f, from);
    g_free(wait_turn(f, from));
    tmux_send_text(&f->tmux, key);
    if (expected >= 0) {
        g_autofree char *note = g_strdup_printf("Turn %d: ", expected);
        g_free(wait_turn(f, expected));
        g_free(tmux_wait_for(&f->tmux, note));
    } else {
        g_free(tmux_wait_for(&f->tmux, none));
        g_free(wait_turn(f, from));
    }
}

/* `>` `<` go to the next and previous turn the player took the stairs;
 * `n` `N` to the next and previous notable moment. */
static void test_jumps(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *stairs = NULL, *notable = NULL;
    gint32 last, first_notable;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    last = last_turn(f->save);
    stairs = stairs_sql(f->save, -1);
    notable = notable_sql(f->save);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    expect_jump(f, ">", 0, turn_of(f->save, stairs, 0, FALSE), "No change of depth after");
    expect_jump(f, "<", last, turn_of(f->save, stairs, last, TRUE), "No change of depth before");
    first_notable = turn_of(f->save, notable, 0, FALSE);
    expect_jump(f, "n", 0, first_notable, "No notable moment after");
    if (first_notable >= 0)
        expect_jump(f, "n", first_notable, turn_of(f->save, notable, first_notable, FALSE),
                    "No notable moment after");
    expect_jump(f, "N", last, turn_of(f->save, notable, last, TRUE), "No notable moment before");
    expect_jump(f, "N", 0, -1, "No notable moment before turn 0");
}

/* The number of map cells drawn (rows between the messages and the stats). */
static int map_cells(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    int cells = 0;

    for (guint row = 3; lines[row] != NULL && strstr(lines[row], "Turn ") == NULL; row++)
        for (const char *c = lines[row]; *c != '\0'; c++)
            cells += *c != ' ';
    return cells;
}

/* `o` shows the whole level (more of the map than the player saw), and
 * again gives the player's view back as it was. */
static void test_omniscient(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *seen = NULL, *all = NULL, *back = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    start_replay(f, 100, 40, f->save, NULL);
    seen = wait_turn(f, 0);
    tmux_send_text(&f->tmux, "o");
    all = tmux_wait_for(&f->tmux, "omniscient");
    g_test_message("omniscient:\n%s", all);
    g_assert_cmpint(map_cells(all), >, 2 * map_cells(seen));
    tmux_send_text(&f->tmux, "o");
    g_assert_true(
        tmux_wait_until(&f->tmux, (TmuxScreenTest) g_str_equal, seen, TMUX_WAIT_MS, &back));
}

/* `/` goes to the next turn where a condition holds; a bad condition
 * gets one line saying why and moves nothing. */
static void test_condition(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *died = NULL, *depth2 = NULL;
    gint32 first, second, deeper;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    died = g_strdup("SELECT turn FROM CreatureDied");
    first = turn_of(f->save, died, 0, FALSE);
    g_assert_cmpint(first, >, 0);
    second = turn_of(f->save, died, first, FALSE);
    depth2 = stairs_sql(f->save, 1);
    deeper = turn_of(f->save, depth2, 0, FALSE);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    tmux_send_text(&f->tmux, "/");
    g_free(tmux_wait_for(&f->tmux, "Seek:"));
    tmux_send_text(&f->tmux, "type=CreatureDied");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(wait_turn(f, first));
    /* the prompt offers the last condition again */
    tmux_send_text(&f->tmux, "/");
    g_free(tmux_wait_for(&f->tmux, "Seek: type=CreatureDied_"));
    tmux_send_named_key(&f->tmux, "Enter");
    if (second >= 0)
        g_free(wait_turn(f, second));
    tmux_send_named_key(&f->tmux, "Home");
    g_free(wait_turn(f, 0));
    tmux_send_text(&f->tmux, "/");
    g_free(tmux_wait_for(&f->tmux, "Seek: type=CreatureDied_"));
    for (int i = 0; i < 20; i++)
        tmux_send_named_key(&f->tmux, "BSpace");
    tmux_send_text(&f->tmux, "depth=2 and hp>0");
    tmux_send_named_key(&f->tmux, "Enter");
    if (deeper >= 0)
        g_free(wait_turn(f, deeper));
    else
        g_free(tmux_wait_for(&f->tmux, "No turn after 0 where"));
    tmux_send_named_key(&f->tmux, "Home");
    tmux_send_text(&f->tmux, "/");
    g_free(tmux_wait_for(&f->tmux, "Seek:"));
    for (int i = 0; i < 30; i++)
        tmux_send_named_key(&f->tmux, "BSpace");
    tmux_send_text(&f->tmux, "hp<x");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "Bad condition: expected a whole number at “x”."));
    g_free(wait_turn(f, 0));
}

/* `\` goes to the previous turn where a condition holds, Enter alone asks
 * the last condition again, and before the first such turn it says so and
 * stays; `/` still goes forward from there. */
static void test_condition_back(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *died = g_strdup("SELECT turn FROM CreatureDied");
    gint32 from, last, before, first;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    first = turn_of(f->save, died, 0, FALSE);
    g_assert_cmpint(first, >, 0);
    from = turn_of(f->save, died, first, FALSE); /* a second death, if any */
    from = (from > first ? from : first) + 1;
    last = turn_of(f->save, died, from, TRUE);
    before = turn_of(f->save, died, last, TRUE);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    go_to(f, from);
    g_free(wait_turn(f, from));
    tmux_send_text(&f->tmux, "\\");
    g_free(tmux_wait_for(&f->tmux, "Seek back:"));
    tmux_send_text(&f->tmux, "type=CreatureDied");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(wait_turn(f, last));
    tmux_send_text(&f->tmux, "\\");
    g_free(tmux_wait_for(&f->tmux, "Seek back: type=CreatureDied_"));
    tmux_send_named_key(&f->tmux, "Enter");
    if (before >= 0)
        g_free(wait_turn(f, before));
    go_to(f, first);
    g_free(wait_turn(f, first));
    tmux_send_text(&f->tmux, "\\");
    g_free(tmux_wait_for(&f->tmux, "Seek back: type=CreatureDied_"));
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "No turn before"));
    g_free(wait_turn(f, first));
    tmux_send_text(&f->tmux, "/");
    g_free(tmux_wait_for(&f->tmux, "Seek: type=CreatureDied_"));
    tmux_send_named_key(&f->tmux, "Enter");
    if (turn_of(f->save, died, first, FALSE) >= 0)
        g_free(wait_turn(f, turn_of(f->save, died, first, FALSE)));
}

/* Ctrl-P lists the messages up to the turn shown, the last ones being
 * that turn's, and none of a later turn. */
static void test_history(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *panel = NULL, *first_message = NULL, *kills = NULL;
    g_autoptr(GRegex) line = g_regex_new("^ *(\\d+)  ", G_REGEX_MULTILINE, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    gint32 turn, newest = -1;
    char *cut;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    kills = g_strdup_printf("SELECT turn FROM CreatureDied WHERE killer=%d", player_id(f->save));
    turn = turn_of(f->save, kills, 0, FALSE);
    g_assert_cmpint(turn, >, 0);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    go_to(f, turn);
    text = wait_turn(f, turn);
    /* the first message of the turn, on the top row */
    first_message = g_strndup(text, strcspn(text, "\n"));
    cut = strstr(first_message, "  ");
    if (cut != NULL)
        *cut = '\0';
    g_assert_cmpstr(first_message, !=, "");
    tmux_send_named_key(&f->tmux, "C-p");
    panel = tmux_wait_for(&f->tmux, "Messages, oldest first.");
    g_test_message("history:\n%s", panel);
    g_assert_nonnull(strstr(panel, first_message));
    g_regex_match(line, panel, 0, &match);
    while (g_match_info_matches(match)) {
        g_autofree char *digits = g_match_info_fetch(match, 1);
        newest = MAX(newest, (gint32) g_ascii_strtoll(digits, NULL, 10));
        g_match_info_next(match, NULL);
    }
    g_assert_cmpint(newest, ==, turn);
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(wait_turn(f, turn));
}

/* A game written while it is replayed: at the end the replay waits for new
 * turns and shows them as the bot plays them; paused, it stays put while
 * the count of turns grows. */
static void test_follow(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    g_autofree char *text = NULL, *of = NULL;
    gint32 shown;

    if (TMUX_GAME_SKIPPED(f))
        return;
    session = session_new_game(f->save, GAME_SEED, "bot", bus, &error);
    g_assert_no_error(error);
    for (int i = 0; i < 5; i++)
        g_assert_true(play_bot_turn(session));
    start_replay(f, 100, 40, f->save, NULL);
    g_free(tmux_wait_for(&f->tmux, "turn 0 of 5"));
    tmux_send_named_key(&f->tmux, "End");
    g_free(wait_turn(f, 5));
    /* A bookmark and a fork made meanwhile leave the replay's hold on the
     * file as it was: the writer closing later must not take itself for
     * the file's last user (and put the file out of WAL mode under it). */
    tmux_send_text(&f->tmux, "b");
    g_free(tmux_wait_for(&f->tmux, "Bookmark turn 5, note:"));
    tmux_send_text(&f->tmux, "live");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "Bookmarked turn 5."));
    tmux_send_text(&f->tmux, "P");
    g_free(tmux_wait_for(&f->tmux, "Play on now?"));
    tmux_send_text(&f->tmux, "n");
    g_free(tmux_wait_for(&f->tmux, "The fork is saved as"));
    tmux_send_text(&f->tmux, " ");
    g_free(tmux_wait_for(&f->tmux, "waiting for new turns"));
    for (int i = 0; i < 30 && play_bot_turn(session); i++)
        g_usleep(20 * 1000);
    shown = session_state(session)->turn;
    g_free(wait_turn(f, shown));
    of = g_strdup_printf("turn %d of %d", shown, shown);
    g_free(tmux_wait_for(&f->tmux, of));
    tmux_send_text(&f->tmux, " ");
    g_free(tmux_wait_for(&f->tmux, "paused"));
    for (int i = 0; i < 10 && play_bot_turn(session); i++)
        ;
    g_free(of);
    of = g_strdup_printf("turn %d of %d", shown, session_state(session)->turn);
    text = tmux_wait_for(&f->tmux, of);
    /* and `cavelog autoplay` going on with the game in a process of its own */
    g_clear_pointer(&session, session_free);
    tmux_send_named_key(&f->tmux, "End");
    tmux_send_text(&f->tmux, "++++++ ");
    g_free(tmux_wait_for(&f->tmux, "max speed  waiting for new turns"));
    run_autoplay(f, "40");
    shown = last_turn(f->save);
    g_free(of);
    of = g_strdup_printf("turn %d of %d", shown, shown);
    g_free(tmux_wait_for(&f->tmux, of));
    g_free(wait_turn(f, shown));
    tmux_send_text(&f->tmux, "q");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
}

/* Bad files: the same one line as `continue`, a non-zero exit, and the
 * file unchanged. An old-schema file replays, unchanged too. */
static void write_hostile(Fixture *f, const char *name, char **path)
{
    *path = g_build_filename(f->dir, name, NULL);
    if (strcmp(name, "text.cavelog") == 0) {
        g_assert_true(g_file_set_contents(*path, "not a game at all\n", -1, NULL));
    } else if (strcmp(name, "cut.cavelog") == 0) {
        g_autofree char *bytes = NULL;
        gsize len = 0;
        g_assert_true(g_file_get_contents(f->save, &bytes, &len, NULL));
        g_assert_true(g_file_set_contents(*path, bytes, (gssize) len / 2, NULL));
    } else if (strcmp(name, "tampered.cavelog") == 0) {
        sqlite3 *db = NULL;
        g_autofree char *bytes = NULL;
        gsize len = 0;
        g_assert_true(g_file_get_contents(f->save, &bytes, &len, NULL));
        g_assert_true(g_file_set_contents(*path, bytes, (gssize) len, NULL));
        g_assert_cmpint(sqlite3_open(*path, &db), ==, SQLITE_OK);
        g_assert_cmpint(sqlite3_exec(db,
                                     "UPDATE events SET payload = json_set(payload, '$.damage', "
                                     "9999) WHERE seq = (SELECT min(seq) FROM events WHERE "
                                     "type = 'CreatureAttacked')",
                                     NULL, NULL, NULL),
                        ==, SQLITE_OK);
        sqlite3_close(db);
    }
}

/* The files come from elsewhere: another installation, whose key did not
 * seal their keyframes, so continue folds them whole as replay does. (On
 * the installation that wrote it, continue trusts its own keyframe for the
 * turns before it, and only verify and replay find a change there:
 * test-keyframe's /keyframe/verify-folds-everything.) */
static void test_hostile(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *names[] = {"text.cavelog", "cut.cavelog", "tampered.cavelog", "missing.cavelog"};
    g_autofree char *elsewhere = g_build_filename(f->dir, "elsewhere", NULL);
    g_auto(GStrv) env =
        g_environ_setenv(g_environ_setenv(g_get_environ(), "XDG_CONFIG_HOME", elsewhere, TRUE),
                         "XDG_STATE_HOME", elsewhere, TRUE);

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *path = NULL, *before = NULL, *after = NULL;
        g_autofree char *replay_err = NULL, *continue_err = NULL;
        const char *replay[] = {"replay", NULL, NULL};
        const char *cont[] = {"continue", NULL, NULL};

        write_hostile(f, names[i], &path);
        replay[1] = cont[1] = path;
        before = g_file_test(path, G_FILE_TEST_EXISTS) ? file_digest(path) : NULL;
        g_assert_cmpint(tmux_game_run(f, env, replay, &replay_err), ==, 1);
        g_assert_cmpint(tmux_game_run(f, env, cont, &continue_err), ==, 1);
        g_test_message("%s: %s", names[i], replay_err);
        g_assert_true(g_str_has_prefix(replay_err, "cavelog: "));
        g_assert_nonnull(strchr(replay_err, '\n'));
        g_assert_cmpstr(strchr(replay_err, '\n') + 1, ==, "");
        g_assert_cmpstr(replay_err, ==, continue_err);
        after = g_file_test(path, G_FILE_TEST_EXISTS) ? file_digest(path) : NULL;
        g_assert_cmpstr(before, ==, after);
    }
}

/* A file of an older schema (tests/data) replays, and stays as it was. */
static void test_old_schema(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "data", "v1-game.cavelog", NULL);
    g_autofree char *bytes = NULL, *before = NULL, *after = NULL, *of = NULL;
    gsize len = 0;
    gint32 last;

    if (TMUX_GAME_SKIPPED(f))
        return;
    g_assert_true(g_file_get_contents(source, &bytes, &len, NULL));
    g_assert_true(g_file_set_contents(f->save, bytes, (gssize) len, NULL));
    before = file_digest(f->save);
    last = last_turn(f->save);
    start_replay(f, 100, 40, f->save, NULL);
    of = g_strdup_printf("turn 0 of %d", last);
    g_free(tmux_wait_for(&f->tmux, of));
    tmux_send_named_key(&f->tmux, "End");
    g_free(wait_turn(f, last));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
    after = file_digest(f->save);
    g_assert_cmpstr(before, ==, after);
}

/* The message rows and the stats line of a play or replay screen (40 rows:
 * three message rows on top, the stats line under the map). */
static char *words_of(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autoptr(GString) out = g_string_new(NULL);

    for (guint row = 0; row < 3 && lines[row] != NULL; row++)
        g_string_append_printf(out, "%s\n", g_strchomp(lines[row]));
    for (guint row = 0; lines[row] != NULL; row++)
        if (g_str_has_prefix(lines[row], "HP "))
            g_string_append(out, g_strchomp(lines[row]));
    return g_string_free(g_steal_pointer(&out), FALSE);
}

/* What a move into rock asks. */
#define DIG_QUESTION "Dig through the rock?"

/* The turn the play screen's stats line shows, or -1. */
static gint32 stats_turn(const char *text)
{
    g_autoptr(GRegex) stats = g_regex_new("Turn (\\d+)  \\(", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_autofree char *digits = NULL;

    if (!g_regex_match(stats, text, 0, &match))
        return -1;
    digits = g_match_info_fetch(match, 1);
    return (gint32) g_ascii_strtoll(digits, NULL, 10);
}

/* Whether the play screen shows a turn after *@turn. */
static gboolean turn_passed(const char *text, gconstpointer turn)
{
    return stats_turn(text) > *(const gint32 *) turn;
}

/* Whether the play screen shows a turn after *@turn, or asks to dig. */
static gboolean turn_passed_or_dig(const char *text, gconstpointer turn)
{
    return turn_passed(text, turn) || strstr(text, DIG_QUESTION) != NULL;
}

/* A game played by keys, then replayed: at every turn the replay shows
 * the messages and the stats line the player saw after that turn. */
static void test_as_played(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *keys[] = {"l", "j", "h", "k"};
    g_autofree char *bin = g_shell_quote(f->bin), *save = NULL, *command = NULL, *first = NULL;
    g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func(g_free);
    guint direction = 0;
    gint32 turn = 0;
    gboolean bonus = FALSE;

    if (TMUX_GAME_SKIPPED(f))
        return;
    save = g_shell_quote(f->save);
    command = g_strdup_printf(
        "env TERM=xterm-256color %s new --seed 7 --save %s; echo PLAYED-EXITED; sleep 60", bin,
        save);
    tmux_start(&f->tmux, 100, 40, command);
    first = settled(f, tmux_wait_for(&f->tmux, "Turn 0"));
    g_ptr_array_add(seen, words_of(first));
    for (int attempt = 0; turn < 25 && attempt < 100; attempt++) {
        g_autofree char *text = NULL;
        gint32 shown;

        tmux_do(&f->tmux, "send-keys", "-t", "cav", keys[direction]);
        /* No turn: rock that way (the game asks to dig: no), or no turn
         * within 2 s (bedrock, something in the way); another way. On a
         * slow machine that key's turn may come later, so each screen is
         * kept under the turn it shows, not counted. */
        if (!tmux_wait_until(&f->tmux, turn_passed_or_dig, &turn, 2000, &text) ||
            strstr(text, DIG_QUESTION) != NULL) {
            direction = (direction + 1) % G_N_ELEMENTS(keys);
            if ((bonus = strstr(text, "Choose a bonus:") != NULL))
                break;
            if (strstr(text, DIG_QUESTION) != NULL) {
                tmux_do(&f->tmux, "send-keys", "-t", "cav", "n");
                g_free(text);
                g_assert_true(
                    tmux_wait_until(&f->tmux, tmux_hides, DIG_QUESTION, TMUX_WAIT_MS, &text));
            }
            continue;
        }
        text = settled(f, text);
        shown = stats_turn(text);
        if ((guint) shown >= seen->len)
            g_ptr_array_set_size(seen, shown + 1);
        g_free(seen->pdata[shown]);
        seen->pdata[shown] = words_of(text);
        turn = shown;
    }
    if (!bonus) { /* saved and quit, not killed */
        tmux_do(&f->tmux, "send-keys", "-t", "cav", "S");
        g_free(tmux_wait_for(&f->tmux, "PLAYED-EXITED"));
    }
    tmux_stop(&f->tmux);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    for (gint32 t = 0; t < (gint32) seen->len; t++) {
        g_autofree char *text = NULL, *words = NULL;

        if (seen->pdata[t] == NULL) {
            g_test_message("turn %d passed while the screen was not looked at", t);
            continue;
        }
        go_to(f, t);
        text = wait_turn(f, t);
        words = words_of(text);
        g_test_message("turn %d:\n%s", t, words);
        g_assert_cmpstr(words, ==, seen->pdata[t]);
    }
}

/* The bot plays a game in steps; after each, `cavelog continue` shows the
 * last turn as the play screen words it (its log folds the file through
 * the bus). The replay shows each of those turns with the same messages and
 * stats line. */
static void test_as_continued(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *bin = g_shell_quote(f->bin), *save = NULL, *command = NULL;
    g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) turns = g_array_new(FALSE, FALSE, sizeof(gint32));
    int messages = 0;

    if (TMUX_GAME_SKIPPED(f))
        return;
    save = g_shell_quote(f->save);
    command = g_strdup_printf(
        "env TERM=xterm-256color %s continue %s; echo CONTINUED-EXITED; sleep 60", bin, save);
    for (int step = 0; step < 8; step++) {
        g_autofree char *text = NULL, *stats = NULL;
        gint32 turn;

        run_autoplay(f, "37");
        turn = last_turn(f->save);
        if (file_int_or_none(f->save, "SELECT outcome = 'playing' FROM game") != 1)
            break;
        tmux_start(&f->tmux, 100, 40, command);
        stats = g_strdup_printf("Turn %d  (", turn);
        text = settled(f, tmux_wait_for(&f->tmux, stats));
        if (strstr(text, "Choose a bonus:") == NULL) { /* saved and quit, not killed */
            tmux_do(&f->tmux, "send-keys", "-t", "cav", "S");
            g_free(tmux_wait_for(&f->tmux, "CONTINUED-EXITED"));
        }
        tmux_stop(&f->tmux);
        if (strstr(text, "Choose a bonus:") != NULL)
            continue;
        g_ptr_array_add(seen, words_of(text));
        g_array_append_val(turns, turn);
        messages += text[0] != ' ' && text[0] != '\n';
    }
    g_assert_cmpuint(seen->len, >, 0);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    for (guint i = 0; i < seen->len; i++) {
        gint32 turn = g_array_index(turns, gint32, i);
        g_autofree char *text = NULL, *words = NULL;

        go_to(f, turn);
        text = wait_turn(f, turn);
        words = words_of(text);
        g_test_message("turn %d:\n%s", turn, words);
        g_assert_cmpstr(words, ==, seen->pdata[i]);
    }
    g_test_message("%d of %u turns compared had messages", messages, seen->len);
}

/* The start screen's `r` lists the saved games; a letter replays one. */
static void test_start_screen(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *games = NULL, *game = NULL, *command = NULL, *text = NULL;
    g_autofree char *of = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    games = g_build_filename(f->dir, "cavelog", "games", NULL);
    g_assert_cmpint(g_mkdir_with_parents(games, 0700), ==, 0);
    g_free(f->save);
    f->save = g_build_filename(games, "g.cavelog", NULL);
    make_game(f);
    game = tmux_game_command(f, "");
    command = g_strdup_printf("%s; echo REPLAY-EXITED status=$?; sleep 60", game);
    tmux_start(&f->tmux, 100, 40, command);
    g_free(tmux_wait_for(&f->tmux, "r   replay a game"));
    tmux_send_text(&f->tmux, "r");
    text = tmux_wait_for(&f->tmux, "Replay which game?");
    g_assert_nonnull(strstr(text, "a  g.cavelog  "));
    tmux_send_text(&f->tmux, "a");
    of = g_strdup_printf("turn 0 of %d", last_turn(f->save));
    g_free(tmux_wait_for(&f->tmux, of));
    /* Leaving the replay goes back to the start screen, where q quits. */
    tmux_send_text(&f->tmux, "q");
    g_free(tmux_wait_for(&f->tmux, "r   replay a game"));
    tmux_send_text(&f->tmux, "q");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
}

/* `b` bookmarks the turn shown with a note typed in (a row of the file's
 * bookmarks table on the turn's last event); `'` lists the bookmarks and a
 * letter jumps to one. The game's own rows are not touched. */
static void test_bookmarks(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *events = NULL, *text = NULL;
    const char *verify[] = {"verify", f->save, NULL};

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    events = g_strdup_printf("%" G_GINT64_FORMAT,
                             file_int_or_none(f->save, "SELECT sum(length(payload)) FROM events"));
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    go_to(f, 40);
    g_free(wait_turn(f, 40));
    tmux_send_text(&f->tmux, "b");
    g_free(tmux_wait_for(&f->tmux, "Bookmark turn 40, note:"));
    tmux_send_text(&f->tmux, "troll here");
    tmux_send_named_key(&f->tmux, "Enter");
    text = tmux_wait_for(&f->tmux, "Bookmarked turn 40.");
    g_assert_nonnull(strstr(text, "bookmarked  "));
    g_assert_cmpint(
        file_int_or_none(f->save, "SELECT seq FROM bookmarks WHERE note = 'troll here'"), ==,
        file_int_or_none(f->save, "SELECT last_seq FROM turns WHERE turn = 40"));
    go_to(f, 70);
    g_free(wait_turn(f, 70));
    tmux_send_text(&f->tmux, "b");
    g_free(tmux_wait_for(&f->tmux, "Bookmark turn 70, note:"));
    tmux_send_text(&f->tmux, "the second");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "Bookmarked turn 70."));
    tmux_send_named_key(&f->tmux, "Home");
    g_free(wait_turn(f, 0));
    tmux_send_text(&f->tmux, "'");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Bookmarks");
    g_assert_nonnull(strstr(text, "a  turn 40     troll here"));
    g_assert_nonnull(strstr(text, "b  turn 70     the second"));
    tmux_send_text(&f->tmux, "b");
    g_free(wait_turn(f, 70));
    g_free(tmux_wait_for(&f->tmux, "Turn 70: the second"));
    tmux_send_text(&f->tmux, "'");
    g_free(tmux_wait_for(&f->tmux, "Bookmarks"));
    tmux_send_text(&f->tmux, "a");
    g_free(wait_turn(f, 40));
    tmux_send_text(&f->tmux, "q");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
    g_assert_cmpint(file_int_or_none(f->save, "SELECT count(*) FROM bookmarks"), ==, 2);
    g_assert_cmpint(file_int_or_none(f->save, "SELECT sum(length(payload)) FROM events"), ==,
                    g_ascii_strtoll(events, NULL, 10));
    g_assert_cmpint(tmux_game_run(f, NULL, verify, NULL), ==, 0);
}

/* The play screen (no replay bar) at @turn. */
static gboolean playing_at(const char *text, gconstpointer turn)
{
    g_autofree char *stats = g_strdup_printf("Turn %d ", *(const gint32 *) turn);

    return strstr(text, "REPLAY  turn") == NULL && strstr(text, stats) != NULL;
}

/* `P` forks the game at the turn shown into the games folder: `n` keeps
 * watching and says where the fork is; `y` ends the replay and plays the
 * fork on. Each fork verifies and records its lineage. */
static void test_play_from_here(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *games = g_build_filename(f->dir, "cavelog", "games", NULL);
    g_autofree char *kept = g_build_filename(games, "g-turn30.cavelog", NULL);
    g_autofree char *played = g_build_filename(games, "g-turn30-2.cavelog", NULL);
    g_autofree char *text = NULL, *before = NULL, *after = NULL;
    const char *verify_kept[] = {"verify", kept, NULL};
    const char *verify_played[] = {"verify", played, NULL};
    gint32 thirty = 30;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_game(f);
    before = file_digest(f->save);
    start_replay(f, 100, 40, f->save, NULL);
    g_free(wait_turn(f, 0));
    go_to(f, 30);
    g_free(wait_turn(f, 30));
    tmux_send_text(&f->tmux, "P");
    g_free(tmux_wait_for(&f->tmux, "Play on now?"));
    tmux_send_text(&f->tmux, "n");
    g_free(tmux_wait_for(&f->tmux, "The fork is saved as"));
    g_assert_cmpint(tmux_game_run(f, NULL, verify_kept, NULL), ==, 0);
    g_assert_cmpint(file_int_or_none(kept, "SELECT max(turn) FROM turns"), ==, 30);
    g_assert_cmpint(
        file_int_or_none(kept, "SELECT turn FROM lineage WHERE parent_file = 'g.cavelog'"), ==, 30);
    tmux_send_text(&f->tmux, "P");
    g_free(tmux_wait_for(&f->tmux, "Play on now?"));
    tmux_send_text(&f->tmux, "y");
    if (!tmux_wait_until(&f->tmux, playing_at, &thirty, TMUX_WAIT_MS, &text))
        g_error("the fork's play screen never showed:\n%s", text);
    tmux_send_text(&f->tmux, "S");
    g_free(tmux_wait_for(&f->tmux, "REPLAY-EXITED status=0"));
    g_assert_cmpint(tmux_game_run(f, NULL, verify_played, NULL), ==, 0);
    g_assert_cmpint(file_int_or_none(played, "SELECT turn FROM lineage"), ==, 30);
    after = file_digest(f->save);
    g_assert_cmpstr(before, ==, after); /* the parent is unchanged */
}

/* A bookmark written while another process plays the game: written at
 * once between two of its turns; the game plays on, saves, and the file
 * verifies with the bookmark in it. */
static void test_bookmark_while_played(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *file = NULL, *continued = NULL, *game = NULL, *command = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    const char *verify[] = {"verify", f->save, NULL};
    gint32 before;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "30");
    before = last_turn(f->save);
    file = g_shell_quote(f->save);
    continued = g_strdup_printf("continue %s", file);
    game = tmux_game_command(f, continued);
    command = g_strdup_printf("%s; echo CAVELOG-EXITED status=$?; sleep 60", game);
    tmux_start(&f->tmux, 100, 40, command);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_assert_false(store_check_not_played(f->save, NULL)); /* it is being played */
    store = store_open(f->save, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(bookmarks_add(store, 2, "while played", &error));
    g_assert_no_error(error);
    g_clear_pointer(&store, store_free);
    for (int i = 0; i < 3; i++)
        tmux_send_text(&f->tmux, ".");
    tmux_send_text(&f->tmux, "S");
    g_free(tmux_wait_for(&f->tmux, "CAVELOG-EXITED status=0"));
    g_assert_cmpint(last_turn(f->save), ==, before + 3);
    g_assert_cmpint(
        file_int_or_none(f->save, "SELECT seq FROM bookmarks WHERE note = 'while played'"), ==, 2);
    g_assert_cmpint(tmux_game_run(f, NULL, verify, NULL), ==, 0);
}

/* In a locale that is not UTF-8 (LANG=C), the replay's key help draws in
 * ASCII: the condition language's “and” as "and", every row of the box
 * between its two edges, each edge in one column. */
static void test_help_ascii(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *file = NULL, *arguments = NULL, *game = NULL, *command = NULL;
    g_autofree char *text = NULL;
    g_auto(GStrv) rows = NULL;
    glong left = -1, right = -1;
    guint framed = 0;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "50");
    file = g_shell_quote(f->save);
    arguments = g_strdup_printf("replay %s", file);
    game = tmux_game_command(f, arguments);
    command = g_strdup_printf("env LANG=C LC_ALL=C %s; sleep 60", game);
    tmux_start(&f->tmux, 100, 40, command);
    g_free(wait_turn(f, 0));
    tmux_send_text(&f->tmux, "?");
    g_free(tmux_wait_for(&f->tmux, "Replay keys"));
    text = tmux_capture_settled(&f->tmux);
    g_test_message("%s", text);
    g_assert_nonnull(strstr(text, "join terms with \"and\"."));
    rows = g_strsplit(text, "\n", -1);
    for (guint i = 0; rows[i] != NULL; i++) {
        const char *first = strchr(rows[i], '|'), *last = strrchr(rows[i], '|');

        for (const char *p = rows[i]; *p != '\0'; p++)
            g_assert_cmpint((guchar) *p, <, 0x80);
        if (first == NULL || first == last)
            continue;
        if (left < 0) {
            left = first - rows[i];
            right = last - rows[i];
        }
        g_assert_cmpint(first - rows[i], ==, left);
        g_assert_cmpint(last - rows[i], ==, right);
        framed++;
    }
    g_assert_cmpuint(framed, >=, 20);
}

/* ---- an asciicast --------------------------------------------------------- */

/* The rows of @screen but the replay bar's; the bar's "REPLAY  turn N of M
 * depth D" in *@bar (caller frees). */
static char *rows_but_bar(const char *screen, char **bar)
{
    g_auto(GStrv) rows = g_strsplit(screen, "\n", -1);
    g_autoptr(GRegex) pattern = g_regex_new("REPLAY  turn \\d+ of \\d+  depth \\d+", 0, 0, NULL);
    g_autoptr(GString) rest = g_string_new(NULL);

    *bar = NULL;
    for (guint i = 0; rows[i] != NULL; i++) {
        g_autoptr(GMatchInfo) match = NULL;

        if (*bar == NULL && g_regex_match(pattern, rows[i], 0, &match))
            *bar = g_match_info_fetch(match, 0);
        else
            g_string_append_printf(rest, "%s\n", rows[i]);
    }
    g_assert_nonnull(*bar);
    return g_string_free(g_steal_pointer(&rest), FALSE);
}

/* Frame @index of @cast drawn in an 80×24 pane, once it has settled. */
static char *cast_frame_shown(Fixture *f, const char *python, const char *cast, int index)
{
    g_autofree char *script = g_test_build_filename(G_TEST_DIST, "cast-frame.py", NULL);
    g_autofree char *q_python = g_shell_quote(python), *q_script = g_shell_quote(script);
    g_autofree char *q_cast = g_shell_quote(cast);
    g_autofree char *command =
        g_strdup_printf("%s %s %s %d; sleep 60", q_python, q_script, q_cast, index);

    tmux_start(&f->tmux, 80, 24, command);
    g_free(tmux_wait_for(&f->tmux, "REPLAY  turn"));
    return tmux_capture_settled(&f->tmux);
}

/* The replay in an 80×24 pane at @turn, once it has settled. */
static char *replay_shown(Fixture *f, gint32 turn)
{
    g_autofree char *option = g_strdup_printf("--turn %d", turn);

    start_replay(f, 80, 24, f->save, option);
    return wait_turn(f, turn);
}

/* --asciicast writes an asciicast v2 file (header, then one frame a turn of
 * --turns at --speed, checked by tests/cast-frame.py as a player reads
 * it), and each frame, drawn in a terminal, is the screen the replay shows
 * at that turn: every row but the bar's alike, and the bar at the same
 * turn and depth. Turns around a notable moment, so that messages show. */
static void test_asciicast(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *python = g_find_program_in_path("python3");
    g_autofree char *cast = NULL, *script = NULL, *notable = NULL, *range = NULL, *out = NULL;
    gint32 moment, first, last;

    if (TMUX_GAME_SKIPPED(f))
        return;
    if (python == NULL) {
        g_test_skip("no python3");
        return;
    }
    run_autoplay(f, "400");
    notable = notable_sql(f->save);
    moment = turn_of(f->save, notable, 5, FALSE);
    g_assert_cmpint(moment, >, 5);
    first = moment - 3;
    last = MIN(moment + 3, last_turn(f->save));
    cast = g_build_filename(f->dir, "g.cast", NULL);
    range = g_strdup_printf("%d..%d", first, last);
    {
        const char *args[] = {"replay", f->save,   "--asciicast", cast, "--turns",
                              range,    "--speed", "2",           NULL};
        g_assert_cmpint(tmux_game_run(f, NULL, args, NULL), ==, 0);
    }
    script = g_test_build_filename(G_TEST_DIST, "cast-frame.py", NULL);
    {
        const char *argv[] = {python, script, cast, "--check", "2", NULL};
        int status = -1;

        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   NULL, &status, NULL));
        g_assert_true(g_spawn_check_wait_status(status, NULL));
        g_assert_cmpint(g_ascii_strtoll(out, NULL, 10), ==, last - first + 1);
    }
    for (gint32 turn = first; turn <= last; turn += MAX(1, (last - first) / 2)) {
        g_autofree char *shown = replay_shown(f, turn), *drawn = NULL;
        g_autofree char *shown_bar = NULL, *drawn_bar = NULL, *shown_rows = NULL;
        g_autofree char *drawn_rows = NULL;

        tmux_stop(&f->tmux);
        drawn = cast_frame_shown(f, python, cast, turn - first);
        tmux_stop(&f->tmux);
        shown_rows = rows_but_bar(shown, &shown_bar);
        drawn_rows = rows_but_bar(drawn, &drawn_bar);
        g_test_message("turn %d, the cast's frame:\n%s", turn, drawn);
        g_assert_cmpstr(drawn_bar, ==, shown_bar);
        g_assert_cmpstr(drawn_rows, ==, shown_rows);
    }
}

/* A cast that finds the disk full (a file-size limit) fails in one line
 * with status 1 and leaves no file, not even a partial one; a cast of
 * turns the game does not have is a usage error. */
static void test_asciicast_full_disk(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *cast = NULL, *q_cast = NULL, *q_save = NULL, *command = NULL;
    g_autofree char *err = NULL, *left = NULL;
    g_autoptr(GDir) dir = NULL;
    g_autoptr(GString) names = g_string_new(NULL);
    const char *name;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "300");
    cast = g_build_filename(f->dir, "g.cast", NULL);
    q_cast = g_shell_quote(cast);
    q_save = g_shell_quote(f->save);
    command = g_strdup_printf("ulimit -f 64; trap '' XFSZ; exec %s replay %s --asciicast %s",
                              f->bin, q_save, q_cast);
    {
        const char *argv[] = {"/bin/sh", "-c", command, NULL};
        int status = -1;

        g_assert_true(g_spawn_sync(f->dir, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                   &err, &status, NULL));
        g_test_message("%s", err);
        g_assert_true(WIFEXITED(status));
        g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    }
    g_assert_true(g_str_has_prefix(err, "cavelog: cannot write "));
    g_assert_cmpint(strchr(err, '\n') - err, ==, (gssize) strlen(err) - 1);
    dir = g_dir_open(f->dir, 0, NULL);
    while ((name = g_dir_read_name(dir)) != NULL)
        if (g_str_has_prefix(name, "g.cast"))
            g_string_append_printf(names, "%s ", name);
    g_assert_cmpstr(names->str, ==, "");
    {
        const char *args[] = {"replay", f->save, "--asciicast", cast, "--turns", "100000..", NULL};
        g_assert_cmpint(tmux_game_run(f, NULL, args, &left), ==, 2);
        g_assert_false(g_file_test(cast, G_FILE_TEST_EXISTS));
    }
}

/* A cast whose OUT is a pipe (or a device: /dev/stdout) is written into
 * it, not renamed over it: the pipe stays a pipe and its reader gets the
 * whole cast; a folder as OUT is refused in one line. */
static void test_asciicast_pipe(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *fifo = g_build_filename(f->dir, "cast.fifo", NULL);
    g_autofree char *copy = g_build_filename(f->dir, "copy.cast", NULL);
    g_autofree char *reader = NULL, *contents = NULL;
    g_autoptr(GError) error = NULL;
    const char *argv[] = {"/bin/sh", "-c", NULL, NULL};
    GPid cat;
    GStatBuf info;
    int status = 0;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "100");
    g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
    reader = g_strdup_printf("exec cat %s > %s", fifo, copy);
    argv[2] = reader;
    g_assert_true(g_spawn_async(f->dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &cat, &error));
    g_assert_no_error(error);
    {
        const char *args[] = {"replay", f->save, "--asciicast", fifo, NULL};
        int code = tmux_game_run(f, NULL, args, NULL);
        gboolean still = g_lstat(fifo, &info) == 0 && S_ISFIFO(info.st_mode);

        if (!still)
            kill(cat, SIGKILL); /* it waits for a writer that never comes */
        g_assert_cmpint(waitpid(cat, &status, 0), ==, cat);
        g_spawn_close_pid(cat);
        g_assert_true(still);
        g_assert_cmpint(code, ==, 0);
    }
    g_assert_true(g_file_get_contents(copy, &contents, NULL, NULL));
    g_assert_true(g_str_has_prefix(contents, "{\"version\": 2, "));
    g_assert_cmpuint(strlen(contents), >, 1000);
    {
        g_autofree char *left = NULL;
        const char *args[] = {"replay", f->save, "--asciicast", f->dir, NULL};
        g_assert_cmpint(tmux_game_run(f, NULL, args, &left), ==, 1);
    }
}

/* A game file whose name holds ESC, BEL, a bidi override and a C1 CSI:
 * its cast's title shows them escaped (ev_shown), and no byte of the cast
 * is such a character raw or JSON-escaped in the title. */
static void test_asciicast_hostile_name(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *hostile =
        g_build_filename(f->dir, "ev\033]0;x\007\xe2\x80\xae\xc2\x9bil.cavelog", NULL);
    g_autofree char *cast = g_build_filename(f->dir, "h.cast", NULL);
    g_autofree char *contents = NULL;
    g_auto(GStrv) lines = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "20");
    g_assert_cmpint(g_rename(f->save, hostile), ==, 0);
    {
        const char *args[] = {"replay", hostile, "--asciicast", cast, NULL};
        g_assert_cmpint(tmux_game_run(f, NULL, args, NULL), ==, 0);
    }
    g_assert_true(g_file_get_contents(cast, &contents, NULL, NULL));
    g_assert_true(g_utf8_validate(contents, -1, NULL));
    g_assert_null(strstr(contents, "\xe2\x80\xae"));
    g_assert_null(strstr(contents, "\xc2\x9b"));
    lines = g_strsplit(contents, "\n", 2);
    g_test_message("%s", lines[0]);
    g_assert_nonnull(strstr(
        lines[0], "\"title\": \"cavelog replay: ev\\\\e]0;x\\\\x07\\\\u202e\\\\u009bil.cavelog, "));
}

/* Whether @dir holds a file whose name starts with @prefix. */
static gboolean dir_has_prefix(const char *dir, const char *prefix)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL)
        if (g_str_has_prefix(name, prefix))
            return TRUE;
    return FALSE;
}

/* A cast stopped by SIGINT or SIGTERM while it writes removes its partial
 * file (g.cast.XXXXXX) and dies of that signal. The writer is paused as
 * soon as its partial file shows, so that it cannot finish first. */
static void test_asciicast_interrupted(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const int signals[] = {SIGINT, SIGTERM};

    if (TMUX_GAME_SKIPPED(f))
        return;
    run_autoplay(f, "300");
    for (guint i = 0; i < G_N_ELEMENTS(signals); i++) {
        g_autofree char *cast = g_build_filename(f->dir, "g.cast", NULL);
        const char *argv[] = {f->bin, "replay", f->save, "--asciicast", cast, NULL};
        g_autoptr(GError) error = NULL;
        GPid pid;
        int status = 0;

        g_assert_true(g_spawn_async(f->dir, (char **) argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                    NULL, &pid, &error));
        g_assert_no_error(error);
        while (!dir_has_prefix(f->dir, "g.cast."))
            g_usleep(1000);
        kill(pid, SIGSTOP);
        kill(pid, signals[i]);
        kill(pid, SIGCONT);
        g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
        g_spawn_close_pid(pid);
        g_assert_true(WIFSIGNALED(status));
        g_assert_cmpint(WTERMSIG(status), ==, signals[i]);
        g_assert_false(dir_has_prefix(f->dir, "g.cast"));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add("/replay/open-quit", Fixture, NULL, fixture_set_up, test_open_quit,
               fixture_tear_down);
    g_test_add("/replay/steps", Fixture, NULL, fixture_set_up, test_steps, fixture_tear_down);
    g_test_add("/replay/play-pause", Fixture, NULL, fixture_set_up, test_play_pause,
               fixture_tear_down);
    g_test_add("/replay/backward-forward", Fixture, NULL, fixture_set_up, test_backward_forward,
               fixture_tear_down);
    g_test_add("/replay/jumps", Fixture, NULL, fixture_set_up, test_jumps, fixture_tear_down);
    g_test_add("/replay/omniscient", Fixture, NULL, fixture_set_up, test_omniscient,
               fixture_tear_down);
    g_test_add("/replay/condition", Fixture, NULL, fixture_set_up, test_condition,
               fixture_tear_down);
    g_test_add("/replay/condition-back", Fixture, NULL, fixture_set_up, test_condition_back,
               fixture_tear_down);
    g_test_add("/replay/history", Fixture, NULL, fixture_set_up, test_history, fixture_tear_down);
    g_test_add("/replay/follow", Fixture, NULL, fixture_set_up, test_follow, fixture_tear_down);
    g_test_add("/replay/hostile", Fixture, NULL, fixture_set_up, test_hostile, fixture_tear_down);
    g_test_add("/replay/old-schema", Fixture, NULL, fixture_set_up, test_old_schema,
               fixture_tear_down);
    g_test_add("/replay/as-played", Fixture, NULL, fixture_set_up, test_as_played,
               fixture_tear_down);
    g_test_add("/replay/as-continued", Fixture, NULL, fixture_set_up, test_as_continued,
               fixture_tear_down);
    g_test_add("/replay/bookmarks", Fixture, NULL, fixture_set_up, test_bookmarks,
               fixture_tear_down);
    g_test_add("/replay/bookmark-while-played", Fixture, NULL, fixture_set_up,
               test_bookmark_while_played, fixture_tear_down);
    g_test_add("/replay/play-from-here", Fixture, NULL, fixture_set_up, test_play_from_here,
               fixture_tear_down);
    g_test_add("/replay/help-ascii", Fixture, NULL, fixture_set_up, test_help_ascii,
               fixture_tear_down);
    g_test_add("/replay/asciicast", Fixture, NULL, fixture_set_up, test_asciicast,
               fixture_tear_down);
    g_test_add("/replay/asciicast-full-disk", Fixture, NULL, fixture_set_up,
               test_asciicast_full_disk, fixture_tear_down);
    g_test_add("/replay/asciicast-interrupted", Fixture, NULL, fixture_set_up,
               test_asciicast_interrupted, fixture_tear_down);
    g_test_add("/replay/asciicast-pipe", Fixture, NULL, fixture_set_up, test_asciicast_pipe,
               fixture_tear_down);
    g_test_add("/replay/asciicast-hostile-name", Fixture, NULL, fixture_set_up,
               test_asciicast_hostile_name, fixture_tear_down);
    g_test_add("/replay/start-screen", Fixture, NULL, fixture_set_up, test_start_screen,
               fixture_tear_down);
    return g_test_run();
}
