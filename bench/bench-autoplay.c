/* bench-autoplay.c — turns and events per second of bot play including the
 * SQLite store, split into bot thinking, game rules and saving; and bytes on
 * disk per event and per turn. Usage: bench-autoplay [TURNS] [GAMES]. */
#include <glib/gstdio.h>
#include <stdlib.h>

#include "bot.h"
#include "autoplay.h"
#include "session.h"
#include "store.h"

typedef struct {
    gint64 turns, events, bytes;
    gint64 bot_us, play_us;
} Figures;

static void play_one(const char *path, gint64 seed, gint64 turns, Figures *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);
    GStatBuf st;

    g_assert_no_error(error);
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++) {
        gint64 t0 = g_get_monotonic_time();
        CavCommand command =
            bot_choose(session_state(session), session_content(session), session_view(session));
        gint64 t1 = g_get_monotonic_time();
        g_autofree char *why = NULL;
        if (!session_play(session, &command, &why, &error))
            g_error("%s", error->message);
        f->bot_us += t1 - t0;
        f->play_us += g_get_monotonic_time() - t1;
        if (why != NULL && !autoplay_turn(session, &error)) /* refused: let the bot wait */
            g_error("%s", error->message);
    }
    f->turns += session_state(session)->turn;
    f->events += session_state(session)->last_seq;
    g_clear_pointer(&session, session_free); /* closes and checkpoints the file */
    g_assert_cmpint(g_stat(path, &st), ==, 0);
    f->bytes += st.st_size;
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 5000;
    gint64 games = argc > 2 ? g_ascii_strtoll(argv[2], NULL, 10) : 3;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    Figures f = {0};

    for (gint64 g = 0; g < games; g++) {
        g_autofree char *path = g_strdup_printf("%s/game%" G_GINT64_FORMAT ".cavelog", dir, g);
        play_one(path, 1000 + g, turns, &f);
        g_unlink(path);
    }
    g_rmdir(dir);
    g_print("autoplay: %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT " turns, %" G_GINT64_FORMAT
            " events\n",
            games, f.turns, f.events);
    g_print("  play + store: %.1f us/turn  (%.0f turns/s, %.0f events/s)\n",
            (double) f.play_us / (double) f.turns, 1e6 * (double) f.turns / (double) f.play_us,
            1e6 * (double) f.events / (double) f.play_us);
    g_print("  bot thinking: %.1f us/turn\n", (double) f.bot_us / (double) f.turns);
    g_print("  whole loop:   %.0f turns/s, %.0f events/s\n",
            1e6 * (double) f.turns / (double) (f.play_us + f.bot_us),
            1e6 * (double) f.events / (double) (f.play_us + f.bot_us));
    g_print("  disk: %.1f bytes/event, %.1f bytes/turn (%" G_GINT64_FORMAT " bytes)\n",
            (double) f.bytes / (double) f.events, (double) f.bytes / (double) f.turns, f.bytes);
    return EXIT_SUCCESS;
}
