/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-fold.c — events per second read back from game files: SQLite plus
 * JSON decoding alone; the rules' fold (validate + evolve) from the file,
 * with the player's view, and from memory (the events already decoded);
 * and the checked fold that resume, verify and the inspector do.
 * Bot games end (death, win), so it records games of successive seeds until
 * they hold TURNS turns in all; or it folds the game FILE, left as it is.
 * Usage: bench-fold [TURNS | FILE]. */
#include <glib/gstdio.h>
#include <stdlib.h>

#include "autoplay.h"
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

typedef struct {
    gint64 decode_us, serial_us, fold_us, view_us, memory_us, checked_us, events, turns;
} Round;

/* Microseconds to fold @store's events into a fresh game (@view: the
 * player's view too; @piped: read on a second thread, as the checked fold
 * does); the final state must hold @events events. */
static gint64 time_fold(Store *store, gboolean view, gboolean piped, gint64 events)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    gint64 t0;

    game_track_view(game, view);
    t0 = g_get_monotonic_time();
    if (piped)
        g_assert_true(store_foreach_event_piped(store, NULL, fold_one, game, &error));
    else
        g_assert_true(store_foreach_event(store, NULL, fold_one, game, &error));
    t0 = g_get_monotonic_time() - t0;
    g_assert_cmpint(game_state(game)->last_seq, ==, events);
    return t0;
}

/* Microseconds to fold @events (decoded already), rules only. */
static gint64 time_memory_fold(const GArray *events)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    gint64 t0;

    game_track_view(game, FALSE);
    t0 = g_get_monotonic_time();
    for (guint i = 0; i < events->len; i++)
        g_assert_true(game_fold(game, &g_array_index(events, CavEvent, i), &error));
    return g_get_monotonic_time() - t0;
}

/* Microseconds of the checked fold: every check, every turn's digest;
 * *@turns gets the game's turns. */
static gint64 time_checked_fold(Store *store, gint64 *turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    gint64 t0;

    game_track_view(game, FALSE);
    t0 = g_get_monotonic_time();
    g_assert_true(store_fold_checked(store, game, NULL, NULL, &error));
    t0 = g_get_monotonic_time() - t0;
    *turns = game_state(game)->turn + 1;
    return t0;
}

static void fold_file(const char *path, Round *round)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint64 t0, turns = 0;

    g_assert_no_error(error);
    t0 = g_get_monotonic_time();
    g_assert_true(store_foreach_event(store, NULL, keep, events, &error));
    round->decode_us += g_get_monotonic_time() - t0;
    round->serial_us += time_fold(store, FALSE, FALSE, events->len);
    round->fold_us += time_fold(store, FALSE, TRUE, events->len);
    round->view_us += time_fold(store, TRUE, TRUE, events->len);
    round->memory_us += time_memory_fold(events);
    round->checked_us += time_checked_fold(store, &turns);
    round->turns += turns;
    round->events += events->len;
}

static void print_rate(const char *what, gint64 events, gint64 us)
{
    g_print("  %-34s %5.2f M events/s\n", what, (double) events / (double) us);
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
    gint64 turns = argc > 1 && !given ? g_ascii_strtoll(argv[1], NULL, 10) : 20000;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    Round best = {G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64, 0, 0};

    if (given)
        g_ptr_array_add(paths, g_strdup(argv[1]));
    else
        record_games(dir, turns, paths);
    for (int r = 0; r < 3; r++) {
        Round round = {0};
        for (guint i = 0; i < paths->len; i++)
            fold_file(g_ptr_array_index(paths, i), &round);
        best.decode_us = MIN(best.decode_us, round.decode_us);
        best.serial_us = MIN(best.serial_us, round.serial_us);
        best.fold_us = MIN(best.fold_us, round.fold_us);
        best.view_us = MIN(best.view_us, round.view_us);
        best.memory_us = MIN(best.memory_us, round.memory_us);
        best.checked_us = MIN(best.checked_us, round.checked_us);
        best.events = round.events;
        best.turns = round.turns;
    }
    g_print("fold: %" G_GINT64_FORMAT " events of %" G_GINT64_FORMAT " turns in %u games (best "
            "of 3)\n",
            best.events, best.turns, paths->len);
    print_rate("read + decode (no fold):", best.events, best.decode_us);
    print_rate("rules-only fold, file, one thread:", best.events, best.serial_us);
    print_rate("rules-only fold from the file:", best.events, best.fold_us);
    print_rate("fold with the view from the file:", best.events, best.view_us);
    print_rate("rules-only fold from memory:", best.events, best.memory_us);
    print_rate("checked fold (every digest):", best.events, best.checked_us);
    g_print("  checked fold: %.1f us a turn\n", (double) best.checked_us / (double) best.turns);
    if (!given)
        remove_games(dir, paths);
    else
        g_rmdir(dir);
    return EXIT_SUCCESS;
}
