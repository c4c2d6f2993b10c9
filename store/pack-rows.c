/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-rows.c — writing the rows a rebuilt game gets from its pack (the
 * times of the game row, bookmarks, lineage), in one transaction. */
#include "pack-rows.h"

#include "store-private.h"

/* Step @stmt (its values bound) once and reset it. */
static gboolean step_once(Store *store, sqlite3_stmt *stmt, GError **error)
{
    int rc = sqlite3_step(stmt);

    sqlite3_reset(stmt);
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "rebuilding the game");
}

static gboolean write_times(Store *store, const char *created, const char *updated, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok;

    if (!store_prepare(store, "UPDATE game SET created = ?, updated = ? WHERE id = 1", &stmt,
                       error))
        return FALSE;
    sqlite3_bind_text(stmt, 1, created, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, updated, -1, SQLITE_STATIC);
    ok = step_once(store, stmt, error);
    sqlite3_finalize(stmt);
    return ok;
}

static gboolean write_bookmarks(Store *store, const GPtrArray *bookmarks, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;

    if (bookmarks == NULL || bookmarks->len == 0)
        return TRUE;
    if (!store_prepare(store, "INSERT INTO bookmarks (seq, note, created) VALUES (?, ?, ?)", &stmt,
                       error))
        return FALSE;
    for (guint i = 0; ok && i < bookmarks->len; i++) {
        const Bookmark *mark = g_ptr_array_index(bookmarks, i);
        sqlite3_bind_int64(stmt, 1, mark->seq);
        sqlite3_bind_text(stmt, 2, mark->note, -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 3, mark->created, -1, SQLITE_STATIC);
        ok = step_once(store, stmt, error);
    }
    sqlite3_finalize(stmt);
    return ok;
}

static gboolean write_lineage(Store *store, const Lineage *lineage, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    char hex[17];
    gboolean ok;

    if (lineage == NULL)
        return TRUE;
    if (!store_prepare(store,
                       "INSERT INTO lineage (id, parent_file, parent_seed, parent_created,"
                       " parent_digest, turn) VALUES (1, ?, ?, ?, ?, ?)",
                       &stmt, error))
        return FALSE;
    g_snprintf(hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", lineage->parent_digest);
    sqlite3_bind_text(stmt, 1, lineage->parent_file, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, lineage->parent_seed);
    sqlite3_bind_text(stmt, 3, lineage->parent_created, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, hex, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 5, lineage->turn);
    ok = step_once(store, stmt, error);
    sqlite3_finalize(stmt);
    return ok;
}

gboolean pack_rows_write(Store *store, const char *created, const char *updated,
                         const GPtrArray *bookmarks, const Lineage *lineage, GError **error)
{
    g_return_val_if_fail(store != NULL && store->writable, FALSE);
    if (!store_exec(store, "BEGIN;", error, "rebuilding the game"))
        return FALSE;
    if (write_times(store, created, updated, error) && write_bookmarks(store, bookmarks, error) &&
        write_lineage(store, lineage, error) &&
        store_exec(store, "COMMIT;", error, "rebuilding the game"))
        return TRUE;
    sqlite3_exec(store->db, "ROLLBACK;", NULL, NULL, NULL);
    return FALSE;
}
