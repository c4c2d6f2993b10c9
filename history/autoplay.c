/* SPDX-License-Identifier: GPL-3.0-or-later */
/* autoplay.c — the bot at the controls of a session: it chooses, the
 * session plays and saves, as for a person at the keyboard. */
#include "autoplay.h"

#include "bot.h"

gboolean autoplay_turn(Session *session, GError **error)
{
    CavCommand command;
    g_autofree char *why = NULL;

    g_return_val_if_fail(session != NULL, FALSE);
    if (session_state(session)->outcome != OUTCOME_PLAYING)
        return TRUE;
    command = bot_choose(session_state(session), session_content(session), session_view(session));
    if (!session_play(session, &command, &why, error))
        return FALSE;
    if (why == NULL)
        return TRUE;
    command = command_simple(CMD_WAIT);
    g_clear_pointer(&why, g_free);
    return session_play(session, &command, &why, error);
}

gboolean autoplay_play(Session *session, gint64 turns, GError **error)
{
    g_return_val_if_fail(session != NULL, FALSE);
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++)
        if (!autoplay_turn(session, error))
            return FALSE;
    return TRUE;
}

Session *autoplay_open(const char *path, gint64 seed, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    if (g_file_test(path, G_FILE_TEST_EXISTS))
        return session_resume(path, NULL, error);
    return session_new_game(path, seed, "bot", NULL, error);
}
