/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-analysis.c — what the inspector's Analysis page costs (store/analysis.h)
 * on one game: the why tree and "why did I die", a value's origins over the
 * whole game, a diff across half of it, a series per turn, a state search
 * and a bus trace. Usage: bench-analysis [FILE] (default: a bot game of
 * 2,000 turns recorded in a temporary folder). */
#include <glib/gstdio.h>

#include "analysis.h"
#include "autoplay.h"
#include "session.h"

static double since(gint64 start)
{
    return (double) (g_get_monotonic_time() - start) / 1000.0;
}

static char *record_game(char **dir)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    char *path;

    *dir = g_dir_make_tmp("cavelog-bench-analysis-XXXXXX", &error);
    g_assert_no_error(error);
    path = g_build_filename(*dir, "bot.cavelog", NULL);
    session = session_new_game(path, 31337, "bench", NULL, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 2000 && session_state(session)->outcome == OUTCOME_PLAYING; t++)
        if (!autoplay_turn(session, &error))
            g_error("%s", error->message);
    return path;
}

/* Time @expr (true on success). What it returns is left for the exit to free. */
#define TIME(label, expr)                                                                          \
    do {                                                                                           \
        gint64 start_ = g_get_monotonic_time();                                                    \
        gboolean ok_ = (expr);                                                                     \
        g_print("%-40s %9.1f ms%s\n", label, since(start_), ok_ ? "" : "  (failed)");              \
    } while (0)

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = NULL;
    g_autofree char *path = argc > 1 ? g_strdup(argv[1]) : record_game(&dir);
    gint64 start = g_get_monotonic_time();
    g_autoptr(History) history = history_open(path, 0, &error);
    gint64 n;
    gint32 player;

    if (history == NULL)
        g_error("%s", error->message);
    n = history_length(history);
    player = history_last_state(history)->player;
    g_print("%s: %" G_GINT64_FORMAT " events, %d turns, opened in %.0f ms\n", path, n,
            history_turns(history), since(start));
    TIME("why (last event, 5 turns)", analysis_why(history, n, 5, NULL) != NULL);
    TIME("origins of the player's food (all)",
         analysis_origins(history, player, ANALYSIS_FIELD_FOOD, 0, n, NULL) != NULL);
    TIME("origins of the player's hp (last 1000)",
         analysis_origins(history, player, ANALYSIS_FIELD_HP, MAX(0, n - 1000), n, NULL) != NULL);
    TIME("diff (n/2 to n)", analysis_diff(history, n / 2, n, NULL) != NULL);
    TIME("series of hp per turn (all)",
         analysis_series(history, player, ANALYSIS_FIELD_HP, 1, n, TRUE, NULL) != NULL);
    TIME("search \"alive=yes hp<10\" (last state)",
         analysis_search(history, history_last_state(history), "alive=yes hp<10", NULL) != NULL);
    TIME("bus trace (last event)", analysis_trace(history, n, NULL) != NULL);
    if (dir != NULL) {
        g_unlink(path);
        g_rmdir(dir);
    }
    return 0;
}
