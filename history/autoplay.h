/* SPDX-License-Identifier: GPL-3.0-or-later */
/* autoplay.h — the bot plays recorded games: the service behind `cavelog
 * autoplay`, the tests and the benchmarks. The bot (core/bot/) only chooses
 * commands from what a player could know; the session plays and saves them
 * like anyone's. */
#ifndef CAV_HISTORY_AUTOPLAY_H
#define CAV_HISTORY_AUTOPLAY_H

#include "session.h"

G_BEGIN_DECLS

/* Play one turn chosen by the bot; should the game refuse its choice (it
 * never should), a wait instead. Nothing when the game is over. FALSE when
 * the turn could not be saved (as session_play). */
gboolean autoplay_turn(Session *session, GError **error);

/* Play up to @turns turns, stopping when the game ends. */
gboolean autoplay_play(Session *session, gint64 turns, GError **error);

/* The game at @path to go on with (resumed, with every check), or a new one
 * there with @seed when there is none. */
Session *autoplay_open(const char *path, gint64 seed, GError **error);

G_END_DECLS

#endif
