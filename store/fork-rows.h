/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork-rows.h — the rows a fork copies into its new file, in one
 * transaction: the events as the parent's fold checks them, the turns with
 * this build's digests, the bookmarks, the lineage row and the game row.
 * What to copy is decided above (history/fork.c); this writes it. */
#ifndef CAV_STORE_FORK_ROWS_H
#define CAV_STORE_FORK_ROWS_H

#include "store.h"

G_BEGIN_DECLS

typedef struct ForkRows ForkRows;

/* Begin the transaction on @fork (a file store_create just made) and
 * prepare the insert of events. NULL with a StoreError when it cannot. */
ForkRows *fork_rows_begin(Store *fork, GError **error);

/* Finalize what @rows prepared (before closing the fork); not the store. */
void fork_rows_free(ForkRows *rows);

/* @event, checked and folded, as a row of the fork (as store.c writes it). */
gboolean fork_rows_event(ForkRows *rows, const CavEvent *event, GError **error);

/* The last seq of each turn 0 … @turn of @parent's turns table into @ends
 * (gint64s). FALSE with a StoreError when the table cannot be read. */
gboolean fork_rows_turn_ends(Store *parent, gint32 turn, GArray *ends, GError **error);

/* @parent's turns 0 … @turn into the fork, each command as this build
 * writes it and each digest from @digests (guint64 per turn, this build's). */
gboolean fork_rows_turns(ForkRows *rows, Store *parent, gint32 turn, const GArray *digests,
                         GError **error);

/* @parent's bookmarks on events up to @end_seq; *@copied counts them. */
gboolean fork_rows_bookmarks(ForkRows *rows, Store *parent, gint64 end_seq, gint64 *copied,
                             GError **error);

/* The lineage row: @parent_path's file name, @parent's seed, creation and
 * recorded digest of @turn. */
gboolean fork_rows_lineage(ForkRows *rows, Store *parent, const char *parent_path, gint32 turn,
                           GError **error);

/* The fork's game row: the game as it stood at @at, recorded by the
 * parent's build @parent_build (verify names it). */
gboolean fork_rows_game(ForkRows *rows, const CavState *at, const char *parent_build,
                        GError **error);

/* COMMIT; FALSE (no error set) when it fails. */
gboolean fork_rows_commit(ForkRows *rows);

/* After a failure: "saving the fork" in @error (when none is set yet),
 * and the transaction rolled back. */
void fork_rows_abandon(ForkRows *rows, GError **error);

G_END_DECLS

#endif
