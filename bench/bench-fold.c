/* bench-fold.c — events per second read back from a game file: SQLite plus
 * JSON decoding alone, and decoding plus validation plus evolve (the fold
 * that resume, verify and the inspector do). Usage: bench-fold [TURNS]. */
#include <glib/gstdio.h>
#include <stdlib.h>

#include "bot.h"
#include "session.h"
#include "store.h"

static gboolean count_only(const CavEvent *event, gpointer user_data, GError **error)
{
    (*(gint64 *) user_data)++;
    return TRUE;
}

static gboolean fold_one(const CavEvent *event, gpointer user_data, GError **error)
{
    return game_fold(user_data, event, error);
}

static void record(const char *path, gint64 turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 4242, "bench", NULL, &error);

    g_assert_no_error(error);
    for (gint64 t = 0; t < turns; t++) {
        g_assert_true(session_play_bot(session, &error));
    }
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 20000;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "fold.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    gint64 decoded = 0, t0, t1, t2, t3, best_decode = G_MAXINT64, best_fold = G_MAXINT64;
    gint64 best_view = G_MAXINT64;
    gint64 events = 0;

    record(path, turns);
    for (int round = 0; round < 3; round++) {
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        g_autoptr(Game) game = game_new(NULL);
        g_autoptr(Game) seeing = game_new(NULL);
        g_assert_no_error(error);
        game_track_view(game, FALSE);
        decoded = 0;
        t0 = g_get_monotonic_time();
        g_assert_true(store_foreach_event(store, NULL, count_only, &decoded, &error));
        t1 = g_get_monotonic_time();
        g_assert_true(store_foreach_event(store, NULL, fold_one, game, &error));
        t2 = g_get_monotonic_time();
        g_assert_true(store_foreach_event(store, NULL, fold_one, seeing, &error));
        t3 = g_get_monotonic_time();
        best_view = MIN(best_view, t3 - t2);
        events = game_state(game)->last_seq;
        g_assert_cmpint(events, ==, decoded);
        best_decode = MIN(best_decode, t1 - t0);
        best_fold = MIN(best_fold, t2 - t1);
    }
    g_print("fold: %" G_GINT64_FORMAT " events of %" G_GINT64_FORMAT " turns (best of 3)\n", events,
            turns);
    g_print("  read + decode:            %.0f events/s\n",
            1e6 * (double) events / (double) best_decode);
    g_print("  read + decode + evolve:   %.0f events/s\n",
            1e6 * (double) events / (double) best_fold);
    g_print("  + the player view:        %.0f events/s\n",
            1e6 * (double) events / (double) best_view);
    g_unlink(path);
    g_rmdir(dir);
    return EXIT_SUCCESS;
}
