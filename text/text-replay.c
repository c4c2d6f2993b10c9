/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-replay.c — `cavelog replay --text`: any game told as lines, turn by
 * turn, as its player perceived it: the file is opened read-only and
 * folded with every check; each event is worded from the state and view of
 * the moment it happened, exactly as text mode tells a game being played. */
#include "text-private.h"

gboolean text_replay(const char *path, gint32 from_turn, FILE *out, GError **error)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Text) text = NULL;
    g_autoptr(Session) session = NULL;
    const CavState *state;

    g_return_val_if_fail(path != NULL && out != NULL, FALSE);
    text = text_new(bus, NULL, out);
    text->narrate_from = MAX(from_turn, 0);
    session = session_open(path, bus, error); /* every event, from turn 0 */
    if (session == NULL)
        return FALSE;
    text_narrate_turn(text); /* the last turn */
    state = session_state(session);
    if (state->outcome == OUTCOME_WON)
        text_say(text, "The game was won.");
    else if (state->outcome == OUTCOME_LOST)
        text_say(text, "The game was lost.");
    else
        text_say(text, "The game goes on.");
    return TRUE;
}
