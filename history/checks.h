/* SPDX-License-Identifier: GPL-3.0-or-later */
/* checks.h — the checked fold: a game file's whole history folded with
 * every check a resume makes (its turns, every event in its turn, every
 * digest, the data and the game row), the one way every reader reads one. */
#ifndef CAV_HISTORY_CHECKS_H
#define CAV_HISTORY_CHECKS_H

#include "store.h"

G_BEGIN_DECLS

/* Fold @event, read from @store, into @game: when @starts (from
 * store_check_turns) is given, the event must lie in its turn's run; then it
 * is validated and evolved. A problem is a STORE_ERROR_TAMPERED naming the
 * file; @game is then unchanged. */
gboolean checks_fold_event(Store *store, Game *game, const GArray *starts, const CavEvent *event,
                           GError **error);

/* Check @state, the fold of the events up to the end of @turn, against the
 * digest recorded for @turn. */
gboolean checks_digest(Store *store, gint32 turn, const CavState *state, GError **error);

/* Check the game table's description (seed, turns, depth, kills, outcome)
 * against @state, the fold of the file. */
gboolean checks_description(Store *store, const CavState *state, GError **error);

/* Fold every event of @store into @game (fresh), with every check a resume
 * makes: the turns table, each event validated and inside its turn's run,
 * every turn's digest (the first lie is named by its turn), the events
 * ending exactly where the last turn ends, and the game row. @each (nullable) is called after each
 * event is folded, on this thread while another reads the events: it must
 * not use @store. FALSE with a STORE_ERROR naming the first problem. */
gboolean checks_fold(Store *store, Game *game, StoreEventFunc each, gpointer data, GError **error);

/* checks_fold for a @game that already holds the state at the end
 * of one of the file's turns (a keyframe's, seal.h): the same checks,
 * over the turns from that one on and the events after it (read on another
 * thread: @each must not use @store either). */
gboolean checks_fold_after(Store *store, Game *game, StoreEventFunc each, gpointer data,
                           GError **error);

G_END_DECLS

#endif
