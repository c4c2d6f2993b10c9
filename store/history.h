/* history.h — a game file's whole history, for seeking: the state after any
 * event, backward as well as forward, without re-playing from the start.
 * Opening folds the file once (with every check a resume makes) and keeps a
 * compact snapshot of the state every N events; a seek restores the nearest
 * snapshot at or before the target and folds forward from there (or folds
 * on from where it stands, when that is nearer). Read-only: the file is
 * never changed, and a file being played right now opens too (WAL). */
#ifndef CAV_STORE_HISTORY_H
#define CAV_STORE_HISTORY_H

#include "state.h"

G_BEGIN_DECLS

typedef struct History History;

/* Open @path and fold it, keeping a snapshot every @every events (0: a
 * default). NULL with an error naming the problem for a bad file. */
History *history_open(const char *path, gint64 every, GError **error);

void history_free(History *history);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(History, history_free)

/* The number of events (the last seq) the history holds. */
gint64 history_length(const History *history);

/* Make the current state the one after event @seq (0: before any event).
 * FALSE with an error if the file cannot be read any more. */
gboolean history_seek(History *history, gint64 seq, GError **error);

/* The current state. Borrowed; changes with each seek. */
const CavState *history_state(const History *history);

/* Bytes held in snapshots, for the benchmark's report. */
gsize history_snapshot_bytes(const History *history);

G_END_DECLS

#endif
