/* SPDX-License-Identifier: GPL-3.0-or-later */
/* snapshots.c — the snapshots table read back: its rows (keyframes,
 * opaque blobs here, sealed and opened by history/seal.h), newest first,
 * and the turn record a keyframe must agree with. */
#include "store.h"
#include "store-private.h"

#include <sqlite3.h>

gboolean store_foreach_snapshot(Store *store, StoreSnapshotFunc func, gpointer user_data,
                                GError **error)
{
    sqlite3_stmt *stmt = NULL;
    g_autoptr(GError) local = NULL;
    gboolean going = TRUE;
    int rc = SQLITE_DONE;

    g_return_val_if_fail(store != NULL && func != NULL, FALSE);
    if (!store_prepare(store, "SELECT seq, state FROM snapshots ORDER BY seq DESC", &stmt, error))
        return FALSE;
    while (going && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        /* The type first: asking for a blob would convert any other value. */
        gboolean blob = sqlite3_column_type(stmt, 1) == SQLITE_BLOB;
        going = func(sqlite3_column_int64(stmt, 0), blob ? sqlite3_column_blob(stmt, 1) : NULL,
                     blob ? (gsize) sqlite3_column_bytes(stmt, 1) : 0, user_data, &local);
    }
    sqlite3_finalize(stmt);
    if (local != NULL) {
        g_propagate_error(error, g_steal_pointer(&local));
        return FALSE;
    }
    if (going && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the keyframes");
    return TRUE;
}

gboolean store_turn_ends(Store *store, gint32 turn, guint64 digest, gint64 last_seq, gboolean *same,
                         GError **error)
{
    sqlite3_stmt *stmt = NULL;
    guint64 recorded = 0;
    int rc;

    g_return_val_if_fail(store != NULL && same != NULL, FALSE);
    *same = FALSE;
    if (!store_prepare(store, "SELECT digest, last_seq FROM turns WHERE turn = ?", &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, turn);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW)
        *same = store_parse_digest((const char *) sqlite3_column_text(stmt, 0), &recorded) &&
                recorded == digest && sqlite3_column_int64(stmt, 1) == last_seq;
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ||
           store_fail_sqlite(store, rc, error, "reading the turns");
}
