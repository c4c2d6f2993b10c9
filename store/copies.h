/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copies.h — a reader opens a gzip-compressed game file (NAME.cavelog.gz)
 * or a pack (NAME.cavepack, history/pack.h) as it opens a game file: into a
 * private copy (a folder of its own under the temporary folder, only the
 * user's), opened read-only and removed when the store is closed. Known by
 * their first bytes, not their names. */
#ifndef CAV_STORE_COPIES_H
#define CAV_STORE_COPIES_H

#include "store.h"

G_BEGIN_DECLS

/* The most a compressed game may grow to when decompressed (1 GiB: a
 * 100,000-turn game is about 225 MB); a larger one is refused. */
#define STORE_COPY_MAX (G_GINT64_CONSTANT(1) << 30)

/* The first bytes of a pack (history/pack.h). */
#define STORE_PACK_MAGIC "CAVEPACK"
#define STORE_PACK_MAGIC_LEN 8

/* Rebuild the game file @dest (which does not exist yet) from the pack
 * @pack; FALSE with an error naming @pack when it cannot. */
typedef gboolean (*StoreRebuildFunc)(const char *pack, const char *dest, GError **error);

/* Let readers open packs, rebuilt by @rebuild (history/pack.c sets it:
 * the store cannot re-run a game). Without it a pack is refused, saying
 * how to unpack it. */
void store_set_rebuilder(StoreRebuildFunc rebuild);

/* The limit on a decompressed copy, STORE_COPY_MAX unless a test sets a
 * smaller one (0: back to STORE_COPY_MAX). */
void store_set_copy_limit(gint64 bytes);

/* When @path is a compressed game or a pack: the path of its private copy
 * (caller frees; remove it with store_copy_remove). NULL without an error
 * when @path is to be opened as itself (or is not there: the open says
 * what is wrong); NULL with a STORE_ERROR naming @path when the copy
 * cannot be made (damaged, too large, a disk that fills). */
char *store_copy_make(const char *path, GError **error);

/* Remove the copy @copy made by store_copy_make, its sidecars and its
 * private folder. */
void store_copy_remove(const char *copy);

/* Whether a file named @name is one of a folder's games: NAME.cavelog, or
 * NAME.cavelog.gz (packs are rebuilt only when one is opened by name). */
gboolean store_is_game_name(const char *name);

/* Whether @store reads such a copy: it is read-only for good (a bookmark,
 * a resume or a migration would be lost with the copy). */
gboolean store_is_copy(const Store *store);

G_END_DECLS

#endif
