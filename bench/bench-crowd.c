/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-crowd.c — games on a level full of monsters: the bytes a turn costs
 * on disk beside the command alone, and resuming a long one end to end
 * (store_open and its integrity check, the keyframe, the tail fold). The
 * games are built: a data folder (CAVELOG_DATA_DIR) makes the player
 * unkillable and never hungry and puts ~110 monsters on the first level,
 * and the player waits there while they live around it. Two games:
 * FULL_TURNS (3000) turns on a level kept full (the monsters as hard to
 * kill: ~100, each moving every turn), for the bytes; TURNS (100 000) turns
 * among monsters that fight and die as ever (the level empties slowly to
 * ~40), a realistic big file, for resuming. Usage: bench-crowd DATA_DIR
 * [TURNS [FULL_TURNS]]; with BENCH_CROWD_KEEP set, the games, their data and
 * the key are kept (and named), for perf and sqlite3; with
 * BENCH_CROWD_REUSE=DIR, the games kept in DIR are measured again. */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>

#include "benchutil.h"
#include "seal.h"
#include "session.h"
#include "store.h"

#define ROUNDS 5

/* @text with @from replaced by @to; aborts when @from is missing. */
static char *replaced(const char *text, const char *from, const char *to)
{
    g_auto(GStrv) parts = g_strsplit(text, from, 2);

    if (g_strv_length(parts) != 2)
        g_error("the data files changed: “%s” not found", from);
    return g_strjoinv(to, parts);
}

static char *read_data(const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    char *text = NULL;

    if (!g_file_get_contents(path, &text, NULL, NULL))
        g_error("cannot read %s", path);
    return text;
}

static void write_data(const char *dir, const char *name, const char *text)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);

    g_assert_true(g_file_set_contents(path, text, -1, NULL));
}

/* The data of @source, with an everlasting player and about 110 monsters
 * on the first level (instead of 16), into @dir. With @armoured, the
 * monsters are as hard to kill (1000 hp, and 1000 defense, so that a blow
 * takes 1 hp): the level stays full (fungi, which spread, stay mortal);
 * else they fight and die as ever, and the level empties slowly. */
static void write_crowded_data(const char *source, const char *dir, gboolean armoured)
{
    g_autofree char *creatures = read_data(source, "creatures.ini");
    g_autofree char *items = read_data(source, "items.ini");
    g_autofree char *spells = read_data(source, "spells.ini");
    g_autofree char *p = NULL, *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL;
    const char *const armour[][2] = {
        {"hp=15\nattack=5\ndefense=0\n", "hp=1000\nattack=5\ndefense=1000\n"},
        {"hp=50\nattack=10\ndefense=10\n", "hp=1000\nattack=10\ndefense=1000\n"},
        {"hp=66\nattack=15\ndefense=5\n", "hp=1000\nattack=15\ndefense=1000\n"},
    };

    /* The player's own lines, each replaced where it stands. */
    p = replaced(creatures, "hp=100\nattack=20\ndefense=5\n",
                 "hp=100000\nattack=20\ndefense=1000\nmax_food=1000000\nfood=1000000\n");
    a = replaced(p, "hp_regen_permille=100\n", "hp_regen_permille=5000\n");
    b = replaced(a, "spawn_base=4\n", "spawn_base=12\n");  /* fungi */
    c = replaced(b, "spawn_base=10\n", "spawn_base=40\n"); /* bats */
    d = replaced(c, "spawn_base=1\n", "spawn_base=30\n");  /* zombies */
    e = replaced(d, "spawn_base=1\n", "spawn_base=30\n");  /* goblins */
    for (guint i = 0; armoured && i < G_N_ELEMENTS(armour); i++) {
        g_free(a);
        a = g_steal_pointer(&e);
        e = replaced(a, armour[i][0], armour[i][1]);
    }
    write_data(dir, "creatures.ini", e);
    write_data(dir, "items.ini", items);
    write_data(dir, "spells.ini", spells);
}

static guint monsters_on(const CavState *state, gint32 z)
{
    guint n = 0;

    for (guint i = 1; i <= CAV_CREATURES_MAX; i++)
        n += state->creatures[i].id != 0 && state->creatures[i].alive &&
             state->creatures[i].z == z && state->creatures[i].behaviour != CAV_BEHAVIOUR_PLAYER;
    return n;
}

/* The player waits @turns turns; the monsters alive at the start and end. */
static void record(const char *path, gint32 turns, guint *first, guint *last)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 4242, "bench", NULL, &error);
    CavCommand wait = command_simple(CMD_WAIT);

    g_assert_no_error(error);
    *first = monsters_on(session_state(session), 0);
    while (session_state(session)->turn < turns) {
        g_assert_true(session_play(session, &wait, NULL, &error));
        g_assert_no_error(error);
        g_assert_cmpint(session_state(session)->outcome, ==, OUTCOME_PLAYING);
    }
    *last = monsters_on(session_state(session), 0);
}

/* Bytes a turn: the file (closed, so checkpointed), each table on disk (by
 * dbstat, when SQLite has it), the payloads and the commands. */
static void report_bytes(const char *path)
{
    sqlite3 *db = NULL;
    GStatBuf st;
    double turns, file, payload, events, commands, turn_rows, t_events, t_turns, t_snaps;

    g_assert_cmpint(g_stat(path, &st), ==, 0);
    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    turns = (double) bench_query(db, "SELECT count(*) FROM turns");
    file = (double) st.st_size;
    events = (double) bench_query(db, "SELECT count(*) FROM events");
    payload = (double) bench_query(db, "SELECT sum(length(payload)) FROM events");
    commands = (double) bench_query(db, "SELECT sum(length(command)) FROM turns");
    turn_rows =
        (double) bench_query(db, "SELECT sum(length(command) + length(digest) + 12) FROM turns");
    t_events = (double) bench_query(db, "SELECT sum(pgsize) FROM dbstat WHERE name = 'events'");
    t_turns = (double) bench_query(db, "SELECT sum(pgsize) FROM dbstat WHERE name = 'turns'");
    t_snaps = (double) bench_query(db, "SELECT sum(pgsize) FROM dbstat WHERE name = 'snapshots'");
    sqlite3_close(db);
    g_print("file: %.0f turns, %.0f events (%.1f a turn), %.1f MB\n", turns, events, events / turns,
            file / 1e6);
    g_print("on disk a turn: %.0f bytes (events table %.0f, turns table %.0f, keyframes %.0f)\n",
            file / turns, t_events / turns, t_turns / turns, t_snaps / turns);
    g_print("event payloads a turn: %.0f bytes (%.1f an event)\n", payload / turns,
            payload / events);
    g_print("turns rows a turn: %.0f bytes (the command alone: %.1f)\n", turn_rows / turns,
            commands / turns);
    g_print("ratio on disk / command: %.0fx; payloads / command: %.0fx\n", file / commands,
            payload / commands);
}

static void sort(double *v, guint n)
{
    for (guint i = 1; i < n; i++)
        for (guint j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* The median of ROUNDS store_open (read-only) of @path, in ms. */
static double time_open(const char *path)
{
    double ms[ROUNDS];

    for (guint r = 0; r < ROUNDS; r++) {
        g_autoptr(GError) error = NULL;
        gint64 t0 = g_get_monotonic_time();
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        ms[r] = (double) (g_get_monotonic_time() - t0) / 1000.0;
        g_assert_no_error(error);
    }
    sort(ms, ROUNDS);
    return ms[ROUNDS / 2];
}

/* The median of ROUNDS `PRAGMA quick_check` of @path alone, in ms. */
static double time_quick_check(const char *path)
{
    double ms[ROUNDS];

    for (guint r = 0; r < ROUNDS; r++) {
        sqlite3 *db = NULL;
        gint64 t0 = g_get_monotonic_time();
        g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
        g_assert_cmpint(sqlite3_exec(db, "PRAGMA quick_check", NULL, NULL, NULL), ==, SQLITE_OK);
        sqlite3_close(db);
        ms[r] = (double) (g_get_monotonic_time() - t0) / 1000.0;
    }
    sort(ms, ROUNDS);
    return ms[ROUNDS / 2];
}

/* The median of ROUNDS resumes of @path, end to end (to a session ready to
 * play, closed untimed), in ms, and of their first step (opened, checked and
 * folded, before it is made writable) in *@opened; with @forget, the
 * installation's seals of sound files are removed first (a file copied from
 * elsewhere is read whole the same way). */
static double time_resume(const char *path, gboolean forget, gint32 *from, gboolean *remembered,
                          double *opened)
{
    double ms[ROUNDS], open_ms[ROUNDS];

    for (guint r = 0; r < ROUNDS; r++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = NULL;
        gint64 t0;
        if (forget) {
            g_autofree char *seals = seal_dir();
            bench_remove_tree(seals);
        }
        t0 = g_get_monotonic_time();
        session = session_open(path, NULL, &error);
        g_assert_no_error(error);
        open_ms[r] = (double) (g_get_monotonic_time() - t0) / 1000.0;
        g_assert_true(session_make_writable(session, &error));
        ms[r] = (double) (g_get_monotonic_time() - t0) / 1000.0;
        *from = session_keyframe_turn(session);
        *remembered = session_seal_remembered(session);
    }
    sort(ms, ROUNDS);
    sort(open_ms, ROUNDS);
    *opened = open_ms[ROUNDS / 2];
    return ms[ROUNDS / 2];
}

/* A crowded game of @turns turns at @path, with its data in @data. */
static void build(const char *source, const char *data, const char *path, gint32 turns,
                  gboolean armoured)
{
    gint64 t0 = g_get_monotonic_time();
    guint first = 0, last = 0;

    g_assert_cmpint(g_mkdir(data, 0700), ==, 0);
    write_crowded_data(source, data, armoured);
    g_setenv("CAVELOG_DATA_DIR", data, TRUE);
    record(path, turns, &first, &last);
    g_print("built in %.1f s: %u monsters on the level at the start, %u at the end\n",
            (double) (g_get_monotonic_time() - t0) / 1e6, first, last);
}

static void report_resume(const char *path)
{
    gint32 from = -1;
    gboolean remembered = FALSE, checked = TRUE;
    double check = time_quick_check(path), open = time_open(path), whole_open, resume_open;
    double whole = time_resume(path, TRUE, &from, &checked, &whole_open);
    double resume = time_resume(path, FALSE, &from, &remembered, &resume_open);

    g_assert_false(checked);
    g_assert_true(remembered);
    g_print("PRAGMA quick_check alone: %.1f ms; store_open (read-only): %.1f ms\n", check, open);
    g_print("resume end to end from the keyframe at turn %d (median of %d):\n", from, ROUNDS);
    g_print("  the file read whole (not remembered, as one from elsewhere): %.1f ms"
            " (%.1f ms of it before it is made writable)\n",
            whole, whole_open);
    g_print("  the file remembered sound as it is (one's own game): %.1f ms"
            " (%.1f ms of it before it is made writable)\n",
            resume, resume_open);
}

int main(int argc, char **argv)
{
    gint32 turns = argc > 2 ? atoi(argv[2]) : 100000;
    gint32 full_turns = argc > 3 ? atoi(argv[3]) : 3000;
    const char *reuse = g_getenv("BENCH_CROWD_REUSE");
    g_autofree char *dir =
        reuse != NULL ? g_strdup(reuse) : g_dir_make_tmp("bench-crowd-XXXXXX", NULL);
    g_autofree char *full_data = g_build_filename(dir, "full-data", NULL);
    g_autofree char *full = g_build_filename(dir, "full.cavelog", NULL);
    g_autofree char *data = g_build_filename(dir, "data", NULL);
    g_autofree char *path = g_build_filename(dir, "crowd.cavelog", NULL);
    g_autofree char *config = g_build_filename(dir, "config", NULL);

    if (argc < 2)
        g_error("usage: bench-crowd DATA_DIR [TURNS [FULL_TURNS]]");
    g_setenv("XDG_CONFIG_HOME", config, TRUE);
    g_setenv("XDG_STATE_HOME", config, TRUE);
    g_print("== a level kept full of monsters, %d turns: the bytes a turn costs\n", full_turns);
    if (reuse == NULL)
        build(argv[1], full_data, full, full_turns, TRUE);
    report_bytes(full);
    g_print("== monsters that fight and die, %d turns: a long game resumed\n", turns);
    /* To turn TURNS − 1: the longest tail after a keyframe (every
     * KEYFRAME_EVERY turns) that a game of TURNS turns can have. */
    if (reuse == NULL)
        build(argv[1], data, path, turns - 1, FALSE);
    g_setenv("CAVELOG_DATA_DIR", data, TRUE);
    report_bytes(path);
    report_resume(path);
    if (g_getenv("BENCH_CROWD_KEEP") == NULL && reuse == NULL)
        bench_remove_tree(dir);
    else
        g_print("kept %s\n", dir);
    return 0;
}
