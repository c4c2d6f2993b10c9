/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-resume.c — resuming a game of TURNS turns from its newest keyframe
 * against the full fold, and the bytes keyframes add. Bot games die long
 * before 100 k turns, so the game is built: the bot plays 1000 turns, the
 * player then names a potion (a turn that takes no time) up to turn TURNS −
 * 999, and the bot plays on to turn TURNS − 1 (unless it dies): 999 turns
 * after the last keyframe, the longest tail keyframes every 1000 turns
 * leave. Usage: bench-resume [TURNS [EVERY]] (EVERY: turns between
 * keyframes, KEYFRAME_EVERY by default); with BENCH_RESUME_KEEP set, the
 * game and its key are left in their folder, for perf. */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>

#include "autoplay.h"
#include "benchutil.h"
#include "seal.h"
#include "session.h"
#include "store.h"

#define BOT_TURNS 1000
#define ROUNDS 5

static gint32 every = KEYFRAME_EVERY;

/* A game on @path whose bot survived its first BOT_TURNS turns. */
static Session *bot_start(const char *path)
{
    for (gint64 seed = 1;; seed++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);
        g_assert_no_error(error);
        session_set_keyframe_every(session, every);
        g_assert_true(autoplay_play(session, BOT_TURNS, &error));
        if (session_state(session)->outcome == OUTCOME_PLAYING)
            return g_steal_pointer(&session);
        g_clear_pointer(&session, session_free);
        g_unlink(path);
    }
}

/* Name the first potion look in turn until turn @until. */
static void name_until(Session *session, gint32 until)
{
    CavCommand name = {.kind = CMD_NAME};
    g_autoptr(GError) error = NULL;

    g_strlcpy(name.word, session_state(session)->looks[0].appearance, sizeof name.word);
    while (session_state(session)->turn < until) {
        g_autofree char *why = NULL;
        g_strlcpy(name.text, session_state(session)->turn % 2 ? "bad" : "good", sizeof name.text);
        g_assert_true(session_play(session, &name, &why, &error));
        g_assert_null(why);
    }
}

static void build_game(const char *path, gint32 turns)
{
    g_autoptr(Session) session = bot_start(path);
    g_autoptr(GError) error = NULL;

    name_until(session, turns - every + 1);
    g_assert_true(autoplay_play(session, every - 2, &error));
}

/* The median of ROUNDS resumes of @path, in ms; the turn resumed from. */
static double time_resume(const char *path, gint32 *from, gint32 *turn)
{
    double ms[ROUNDS];

    for (guint r = 0; r < ROUNDS; r++) {
        g_autoptr(GError) error = NULL;
        gint64 t0 = g_get_monotonic_time();
        g_autoptr(Session) session = session_resume(path, NULL, &error);
        ms[r] = (double) (g_get_monotonic_time() - t0) / 1000.0;
        g_assert_no_error(error);
        *from = session_keyframe_turn(session);
        *turn = session_state(session)->turn;
    }
    for (guint i = 1; i < ROUNDS; i++)
        for (guint j = i; j > 0 && ms[j - 1] > ms[j]; j--) {
            double t = ms[j];
            ms[j] = ms[j - 1];
            ms[j - 1] = t;
        }
    return ms[ROUNDS / 2];
}

static void report_bytes(const char *path, gint32 turns)
{
    sqlite3 *db = NULL;
    gint64 keyframes, bytes, events, payload;
    GStatBuf st;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    keyframes = bench_query(db, "SELECT count(*) FROM snapshots");
    bytes = bench_query(db, "SELECT coalesce(sum(length(state)), 0) FROM snapshots");
    events = bench_query(db, "SELECT count(*) FROM events");
    payload = bench_query(db, "SELECT sum(length(payload)) FROM events");
    sqlite3_close(db);
    g_assert_cmpint(g_stat(path, &st), ==, 0);
    g_print("file: %d turns, %" G_GINT64_FORMAT " events (%.0f bytes of payload a turn), %.1f MB\n",
            turns, events, (double) payload / turns, (double) st.st_size / 1e6);
    g_print("keyframes: %" G_GINT64_FORMAT ", %.1f KB each, %.1f bytes a turn\n", keyframes,
            keyframes > 0 ? (double) bytes / (double) keyframes / 1024.0 : 0.0,
            (double) bytes / turns);
}

int main(int argc, char **argv)
{
    gint32 turns = argc > 1 ? atoi(argv[1]) : 100000, from = 0, at = 0;
    g_autofree char *dir = g_dir_make_tmp("bench-resume-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "long.cavelog", NULL);
    g_autofree char *keyed = g_build_filename(dir, "config", NULL);
    g_autofree char *keyless = g_build_filename(dir, "elsewhere", NULL);
    gint64 t0 = g_get_monotonic_time();
    double with, without;

    every = argc > 2 ? atoi(argv[2]) : KEYFRAME_EVERY;
    g_assert_true(every >= 2 && turns > 2 * every && turns > BOT_TURNS + every);
    g_setenv("XDG_CONFIG_HOME", keyed, TRUE);
    g_setenv("XDG_STATE_HOME", keyed, TRUE);
    build_game(path, turns);
    g_print("built in %.1f s\n", (double) (g_get_monotonic_time() - t0) / 1e6);
    with = time_resume(path, &from, &at);
    g_print("keyframes every %d turns\n", every);
    g_print("resume from the keyframe at turn %d to turn %d: %.1f ms (median of %d)\n", from, at,
            with, ROUNDS);
    g_setenv("XDG_CONFIG_HOME", keyless, TRUE); /* another installation: no key */
    g_setenv("XDG_STATE_HOME", keyless, TRUE);
    without = time_resume(path, &from, &at);
    g_assert_cmpint(from, ==, -1);
    g_print("resume by the full fold to turn %d: %.1f ms (median of %d)\n", at, without, ROUNDS);
    report_bytes(path, at);
    g_print("speed-up: %.1fx\n", without / with);
    if (g_getenv("BENCH_RESUME_KEEP") == NULL)
        bench_remove_tree(dir);
    else
        g_print("kept %s\n", dir);
    return 0;
}
