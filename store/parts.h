/* SPDX-License-Identifier: GPL-3.0-or-later */
/* parts.h — a game file is made under a temporary name, PATH.PID.part, and
 * put in place only when whole, never over an existing file (a new game, a
 * fork); the parts of creations killed midway are removed. */
#ifndef CAV_STORE_PARTS_H
#define CAV_STORE_PARTS_H

#include "store.h"

G_BEGIN_DECLS

/* Put the finished file at @part in place as @path, never over an existing
 * file; @part is removed either way. FALSE with STORE_ERROR_EXISTS or _IO. */
gboolean store_move_into_place(const char *part, const char *path, GError **error);

/* Remove the file @part and any sidecar SQLite left beside it. */
void store_remove_part(const char *part);

/* @error (nullable) names @path where it named the temporary @part. */
void store_error_rename(GError *error, const char *part, const char *path);

/* Close @store, the game being made at @part (with its sidecars) for
 * @path: TRUE when it is whole in @part alone; else FALSE with @error
 * naming @path (not the temporary name), and @part and its sidecars gone. */
gboolean store_close_part(Store *store, const char *part, const char *path, GError **error);

/* Remove the PATH.PID.part files (and sidecars) beside @path left by
 * creations whose process is gone. */
void store_remove_dead_parts(const char *path);

G_END_DECLS

#endif
