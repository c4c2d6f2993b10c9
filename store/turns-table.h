/* SPDX-License-Identifier: GPL-3.0-or-later */
/* turns-table.h — the turns table read with its checks (see
 * store_check_turns in store.h): what the checked fold starts from. */
#ifndef CAV_STORE_TURNS_TABLE_H
#define CAV_STORE_TURNS_TABLE_H

#include "store.h"

G_BEGIN_DECLS

/* store_check_turns, with each turn's digest (guint64, by turn) and
 * command (CavCommand, by turn) as well, each into the pointer given (any
 * may be NULL; caller unrefs). */
gboolean store_read_turns_checked(Store *store, GArray **starts, GArray **digests,
                                  GArray **commands, GError **error);

/* store_read_turns_checked for the turns from @from on, whose first turn
 * ends at event @from_seq (a keyframe's): the same checks, over those turns
 * and the events after @from_seq; the arrays are indexed by turn, zeros
 * before @from. */
gboolean store_read_turns_checked_from(Store *store, gint32 from, gint64 from_seq, GArray **starts,
                                       GArray **digests, GArray **commands, GError **error);

G_END_DECLS

#endif
