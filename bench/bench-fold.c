/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-fold.c — events per second read back from game files: SQLite plus
 * JSON decoding alone; the rules' fold (validate + evolve) from the file,
 * with the player's view, and from memory (the events already decoded);
 * the checked fold that resume, verify and the inspector do; and opening
 * the game in the history engine (history/history.c), as the inspector does.
 * Bot games end (death, win), so it records games of successive seeds until
 * they hold TURNS turns in all; or it folds the game FILE, left as it is.
 * Usage: bench-fold [TURNS | FILE]. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <time.h>

#include "autoplay.h"
#include "checks.h"
#include "history.h"
#include "session.h"
#include "store.h"

static gboolean keep(const CavEvent *event, gpointer user_data, GError **error)
{
    g_array_append_val((GArray *) user_data, *event);
    return TRUE;
}

static gboolean fold_one(const CavEvent *event, gpointer user_data, GError **error)
{
    return game_fold(user_data, event, error);
}

/* Play one bot game on @path until it ends or @turns; returns its turns. */
static gint64 record(const char *path, gint64 seed, gint64 turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);

    g_assert_no_error(error);
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++)
        g_assert_true(autoplay_turn(session, &error));
    return session_state(session)->turn;
}

/* The figures, each timed by the wall clock and by the process's CPU
 * time (both threads' work: the machine may be busy with other things). */
enum { DECODE, SERIAL, PIPED, VIEW, MEMORY, CHECKED, HISTORY, FIGURES };

typedef struct {
    gint64 wall[FIGURES], cpu[FIGURES], events, turns;
} Round;

static gint64 cpu_us(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

typedef struct {
    gint64 wall, cpu;
} Stopwatch;

static Stopwatch started(void)
{
    return (Stopwatch){g_get_monotonic_time(), cpu_us()};
}

static void stop(const Stopwatch *w, Round *round, int figure)
{
    round->wall[figure] += g_get_monotonic_time() - w->wall;
    round->cpu[figure] += cpu_us() - w->cpu;
}

/* Fold @store's events into a fresh game (@view: the player's view too;
 * @piped: read on a second thread, as the checked fold does), timed as
 * @figure; the final state must hold @events events. */
static void time_fold(Store *store, gboolean view, gboolean piped, gint64 events, Round *round,
                      int figure)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    Stopwatch w;

    game_track_view(game, view);
    w = started();
    if (piped)
        g_assert_true(store_foreach_event_piped(store, NULL, fold_one, game, &error));
    else
        g_assert_true(store_foreach_event(store, NULL, fold_one, game, &error));
    stop(&w, round, figure);
    g_assert_cmpint(game_state(game)->last_seq, ==, events);
}

/* Fold @events (decoded already), rules only. */
static void time_memory_fold(const GArray *events, Round *round)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    Stopwatch w;

    game_track_view(game, FALSE);
    w = started();
    for (guint i = 0; i < events->len; i++)
        g_assert_true(game_fold(game, &g_array_index(events, CavEvent, i), &error));
    stop(&w, round, MEMORY);
}

/* The checked fold: every check, every turn's digest; counts the turns. */
static void time_checked_fold(Store *store, Round *round)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    Stopwatch w;

    game_track_view(game, FALSE);
    w = started();
    g_assert_true(checks_fold(store, game, NULL, NULL, &error));
    stop(&w, round, CHECKED);
    round->turns += game_state(game)->turn + 1;
}

/* Opening the game in the history engine, as the inspector does. */
static void time_history_open(const char *path, Round *round)
{
    g_autoptr(GError) error = NULL;
    History *history;
    Stopwatch w = started();

    history = history_open(path, 0, &error);
    stop(&w, round, HISTORY);
    g_assert_no_error(error);
    history_free(history);
}

static void fold_file(const char *path, Round *round)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    Stopwatch w;

    g_assert_no_error(error);
    w = started();
    g_assert_true(store_foreach_event(store, NULL, keep, events, &error));
    stop(&w, round, DECODE);
    time_fold(store, FALSE, FALSE, events->len, round, SERIAL);
    time_fold(store, FALSE, TRUE, events->len, round, PIPED);
    time_fold(store, TRUE, TRUE, events->len, round, VIEW);
    time_memory_fold(events, round);
    time_checked_fold(store, round);
    time_history_open(path, round);
    round->events += events->len;
}

static void print_rates(const Round *best)
{
    static const char *const what[FIGURES] = {
        [DECODE] = "read + decode (no fold), one thread:",
        [SERIAL] = "rules-only fold, file, one thread:",
        [PIPED] = "rules-only fold from the file:",
        [VIEW] = "fold with the view from the file:",
        [MEMORY] = "rules-only fold from memory:",
        [CHECKED] = "checked fold (every digest):",
        [HISTORY] = "opening in the history engine:",
    };

    g_print("  %-37s %s\n", "", "   wall      CPU time");
    for (int f = 0; f < FIGURES; f++)
        g_print("  %-37s %5.2f M/s  %5.3f us an event\n", what[f],
                (double) best->events / (double) best->wall[f],
                (double) best->cpu[f] / (double) best->events);
}

/* Bot games of successive seeds in @dir, into @paths, until they hold
 * @turns turns in all. */
static void record_games(const char *dir, gint64 turns, GPtrArray *paths)
{
    gint64 recorded = 0;

    while (recorded < turns) {
        char *path = g_strdup_printf("%s/fold-%u.cavelog", dir, paths->len);
        recorded += record(path, 4242 + paths->len, turns - recorded);
        g_ptr_array_add(paths, path);
    }
}

static void remove_games(const char *dir, GPtrArray *paths)
{
    for (guint i = 0; i < paths->len; i++) {
        g_autofree char *wal = g_strconcat(g_ptr_array_index(paths, i), "-wal", NULL);
        g_autofree char *shm = g_strconcat(g_ptr_array_index(paths, i), "-shm", NULL);
        g_unlink(g_ptr_array_index(paths, i));
        g_unlink(wal);
        g_unlink(shm);
    }
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    gboolean given = argc > 1 && g_file_test(argv[1], G_FILE_TEST_IS_REGULAR);
    gint64 turns = 20000;
    g_autofree char *dir = NULL;
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    Round best = {.events = 0};

    /* neither a game file nor a number of turns (a typo, --help): say how */
    if (argc > 2 || (argc == 2 && !given &&
                     !g_ascii_string_to_signed(argv[1], 10, 1, G_MAXINT32, &turns, NULL))) {
        g_printerr("Usage: bench-fold [TURNS | FILE]: TURNS of bot games (default 20000), "
                   "or the game FILE\n");
        return 2;
    }
    dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    for (int f = 0; f < FIGURES; f++)
        best.wall[f] = best.cpu[f] = G_MAXINT64;
    if (given)
        g_ptr_array_add(paths, g_strdup(argv[1]));
    else
        record_games(dir, turns, paths);
    for (int r = 0; r < 3; r++) {
        Round round = {.events = 0};
        for (guint i = 0; i < paths->len; i++)
            fold_file(g_ptr_array_index(paths, i), &round);
        for (int f = 0; f < FIGURES; f++) {
            best.wall[f] = MIN(best.wall[f], round.wall[f]);
            best.cpu[f] = MIN(best.cpu[f], round.cpu[f]);
        }
        best.events = round.events;
        best.turns = round.turns;
    }
    g_print("fold: %" G_GINT64_FORMAT " events of %" G_GINT64_FORMAT " turns in %u %s (best "
            "of 3)\n",
            best.events, best.turns, paths->len, paths->len == 1 ? "game" : "games");
    print_rates(&best);
    g_print("  checked fold: %.1f us a turn\n", (double) best.wall[CHECKED] / (double) best.turns);
    if (!given)
        remove_games(dir, paths);
    else
        g_rmdir(dir);
    return EXIT_SUCCESS;
}
