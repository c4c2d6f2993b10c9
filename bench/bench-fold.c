/* bench-fold.c — events per second read back from game files: SQLite plus
 * JSON decoding alone, decoding plus validation plus evolve (the fold that
 * resume, verify and the inspector do), and that plus the player's view.
 * Bot games end (death, win), so it records games of successive seeds until
 * they hold TURNS turns in all. Usage: bench-fold [TURNS]. */
#include <glib/gstdio.h>
#include <stdlib.h>

#include "autoplay.h"
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
    gint64 decode_us, fold_us, view_us, checked_us, events;
} Round;

static void fold_file(const char *path, Round *round)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(Game) seeing = game_new(NULL);
    gint64 decoded = 0, t0, t1, t2, t3;

    g_assert_no_error(error);
    game_track_view(game, FALSE);
    t0 = g_get_monotonic_time();
    g_assert_true(store_foreach_event(store, NULL, count_only, &decoded, &error));
    t1 = g_get_monotonic_time();
    g_assert_true(store_foreach_event(store, NULL, fold_one, game, &error));
    t2 = g_get_monotonic_time();
    g_assert_true(store_foreach_event(store, NULL, fold_one, seeing, &error));
    t3 = g_get_monotonic_time();
    g_assert_cmpint(game_state(game)->last_seq, ==, decoded);
    {
        /* What resume and the inspector do: every check, every turn's digest. */
        g_autoptr(Game) checked = game_new(NULL);
        gint64 t4;
        game_track_view(checked, FALSE);
        g_assert_true(store_fold_checked(store, checked, NULL, NULL, &error));
        t4 = g_get_monotonic_time();
        round->checked_us += t4 - t3;
    }
    round->decode_us += t1 - t0;
    round->fold_us += t2 - t1;
    round->view_us += t3 - t2;
    round->events += decoded;
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 20000;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);
    Round best = {G_MAXINT64, G_MAXINT64, G_MAXINT64, G_MAXINT64, 0};
    gint64 recorded = 0;

    while (recorded < turns) {
        char *path = g_strdup_printf("%s/fold-%u.cavelog", dir, paths->len);
        recorded += record(path, 4242 + paths->len, turns - recorded);
        g_ptr_array_add(paths, path);
    }
    for (int r = 0; r < 3; r++) {
        Round round = {0};
        for (guint i = 0; i < paths->len; i++)
            fold_file(g_ptr_array_index(paths, i), &round);
        best.decode_us = MIN(best.decode_us, round.decode_us);
        best.fold_us = MIN(best.fold_us, round.fold_us);
        best.view_us = MIN(best.view_us, round.view_us);
        best.checked_us = MIN(best.checked_us, round.checked_us);
        best.events = round.events;
    }
    g_print("fold: %" G_GINT64_FORMAT " events of %" G_GINT64_FORMAT " turns in %u games (best "
            "of 3)\n",
            best.events, recorded, paths->len);
    g_print("  read + decode:            %.0f events/s\n",
            1e6 * (double) best.events / (double) best.decode_us);
    g_print("  read + decode + evolve:   %.0f events/s\n",
            1e6 * (double) best.events / (double) best.fold_us);
    g_print("  + the player view:        %.0f events/s\n",
            1e6 * (double) best.events / (double) best.view_us);
    g_print("  checked (every digest):   %.0f events/s, %.1f us a turn\n",
            1e6 * (double) best.events / (double) best.checked_us,
            (double) best.checked_us / (double) recorded);
    for (guint i = 0; i < paths->len; i++) {
        g_autofree char *wal = g_strconcat(g_ptr_array_index(paths, i), "-wal", NULL);
        g_autofree char *shm = g_strconcat(g_ptr_array_index(paths, i), "-shm", NULL);
        g_unlink(g_ptr_array_index(paths, i));
        g_unlink(wal);
        g_unlink(shm);
    }
    g_rmdir(dir);
    return EXIT_SUCCESS;
}
