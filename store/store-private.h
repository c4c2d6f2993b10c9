/* store-private.h — what the store module's own files share and nothing
 * else may use: the SQLite connection behind a Store, and putting a game
 * file built under a temporary name into place. */
#ifndef CAV_STORE_STORE_PRIVATE_H
#define CAV_STORE_STORE_PRIVATE_H

#include <sqlite3.h>

#include "store.h"

G_BEGIN_DECLS

/* The connection @store reads and writes through. Borrowed; for the store's
 * own modules (fork, bookmarks), which keep to the same checks. */
sqlite3 *store_sqlite(Store *store);

/* Put the finished file at @part in place as @path, never over an existing
 * file; @part is removed either way. FALSE with STORE_ERROR_EXISTS or _IO. */
gboolean store_move_into_place(const char *part, const char *path, GError **error);

/* Remove the file @part and any sidecar SQLite left beside it. */
void store_remove_part(const char *part);

/* Remove the PATH.PID.part files (and sidecars) beside @path left by
 * creations whose process is gone. */
void store_remove_dead_parts(const char *path);

/* Text column @column of @stmt's row when it is text of at most @max bytes
 * of valid UTF-8 without a NUL (a copy; caller frees); else NULL. */
char *store_column_checked_text(sqlite3_stmt *stmt, int column, int max);

/* Whether @db has a table named @name. */
gboolean store_has_table(sqlite3 *db, const char *name);

G_END_DECLS

#endif
