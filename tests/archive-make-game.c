/* SPDX-License-Identifier: GPL-3.0-or-later */
/* archive-make-game.c — a game played by the bot under a name of the test's
 * choosing (cavelog autoplay plays as "bot"), for the archive's tests: a
 * name holding quotes and SQL must reach the archive as data. With --wait
 * the player only waits (and, in the end, starves): a lost game.
 * Usage: archive-make-game PATH SEED NAME TURNS [--wait] */
#include <stdlib.h>

#include "autoplay.h"
#include "session.h"

/* Wait until the game ends or @turns have passed. */
static gboolean wait_out(Session *session, gint64 turns, GError **error)
{
    CavCommand wait = {.kind = CMD_WAIT};

    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++) {
        g_autofree char *why = NULL;
        if (!session_play(session, &wait, &why, error))
            return FALSE;
    }
    return TRUE;
}

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    gboolean waiting = argc == 6 && g_strcmp0(argv[5], "--wait") == 0;

    if (argc != 5 && !waiting) {
        g_printerr("usage: archive-make-game PATH SEED NAME TURNS [--wait]\n");
        return 2;
    }
    session = session_new_game(argv[1], g_ascii_strtoll(argv[2], NULL, 10), argv[3], NULL, &error);
    if (session == NULL || !(waiting ? wait_out : autoplay_play)(
                               session, g_ascii_strtoll(argv[4], NULL, 10), &error)) {
        g_printerr("archive-make-game: %s\n", error->message);
        return 1;
    }
    return 0;
}
