/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-rows.h — the rows of a game file that re-running its commands does
 * not make: the game row's times, the bookmarks with theirs and a fork's
 * lineage, written into a game a pack rebuilds (history/pack.c), in one
 * transaction. */
#ifndef CAV_STORE_PACK_ROWS_H
#define CAV_STORE_PACK_ROWS_H

#include "bookmarks.h"
#include "lineage.h"

G_BEGIN_DECLS

/* Into @store (writable, every turn appended): the game row's @created
 * and @updated, @bookmarks (of Bookmark, nullable) with their own times,
 * and @lineage (nullable). What is written is not judged here: the caller
 * reads the file back with every check before it is kept. FALSE with a
 * STORE_ERROR, nothing written. */
gboolean pack_rows_write(Store *store, const char *created, const char *updated,
                         const GPtrArray *bookmarks, const Lineage *lineage, GError **error);

G_END_DECLS

#endif
