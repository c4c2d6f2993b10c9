/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query.c — the queries a user writes (an achievement's or a record's SQL in
 * a data file): one read-only statement over this build's views, bounded in
 * steps and in time. */
#include "store.h"
#include "store-private.h"

#include <sqlite3.h>
#include <string.h>

/* ---- queries a user writes ------------------------------------------------ */

/* How far a query may go: SQLite calls this every QUERY_STEP_GRAIN steps. */
#define QUERY_STEP_GRAIN 1000

typedef struct {
    gint64 steps_left;
    gint64 deadline; /* monotonic µs */
    gboolean stopped;
} QueryBound;

static int query_progress(void *data)
{
    QueryBound *bound = data;

    bound->steps_left -= QUERY_STEP_GRAIN;
    bound->stopped = bound->steps_left < 0 || g_get_monotonic_time() > bound->deadline;
    return bound->stopped;
}

/* This build's per-type views, as temporary views over the file's events:
 * a query reads them, never the views the (untrusted) file holds. Only the
 * temp schema is written; the file stays read-only. */
static gboolean make_temp_views(Store *store, GError **error)
{
    g_autoptr(GString) views = g_string_new("PRAGMA query_only = OFF;\n");
    g_autoptr(GString) file_views = g_string_new(NULL);
    g_auto(GStrv) parts = NULL;
    g_autofree char *joined = NULL;
    gboolean made;

    codec_sql_views(file_views);
    parts = g_strsplit(file_views->str, "CREATE VIEW ", -1);
    joined = g_strjoinv("CREATE TEMP VIEW IF NOT EXISTS ", parts);
    g_strfreev(g_steal_pointer(&parts));
    parts = g_strsplit(joined, " FROM events WHERE ", -1);
    g_free(joined);
    joined = g_strjoinv(" FROM main.events WHERE ", parts);
    g_string_append(views, joined);
    made = store_exec(store, views->str, error, "preparing a query");
    /* Back to reading only, whatever happened. */
    return store_exec(store, "PRAGMA query_only = ON;", made ? error : NULL, "preparing a query") &&
           made;
}

/* Whether @stmt is one read-only statement that gives rows, with nothing
 * after it (no ATTACH either: the limit of attached files is 0). */
static gboolean check_query(Store *store, sqlite3_stmt *stmt, const char *tail, GError **error)
{
    while (tail != NULL && g_ascii_isspace(*tail))
        tail++;
    if (stmt == NULL || (tail != NULL && *tail != '\0') || !sqlite3_stmt_readonly(stmt) ||
        sqlite3_column_count(stmt) == 0)
        return store_fail(error, STORE_ERROR_IO, store->path,
                          "a query must be one statement that only reads");
    return TRUE;
}

static gboolean run_query(Store *store, sqlite3_stmt *stmt, StoreRowFunc func, gpointer user_data,
                          GError **error)
{
    int n = sqlite3_column_count(stmt), rc;
    g_autofree const char **values = g_new0(const char *, n + 1);

    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        GError *stop = NULL;
        for (int i = 0; i < n; i++)
            values[i] = (const char *) sqlite3_column_text(stmt, i);
        if (!func(n, values, user_data, &stop)) {
            if (stop == NULL)
                return TRUE; /* it has seen enough */
            g_propagate_error(error, stop);
            return FALSE;
        }
    }
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "running a query");
}

gboolean store_query(Store *store, const char *sql, gint64 max_steps, gint64 max_ms,
                     StoreRowFunc func, gpointer user_data, GError **error)
{
    QueryBound bound = {.steps_left = max_steps,
                        .deadline = g_get_monotonic_time() + max_ms * 1000};
    sqlite3_stmt *stmt = NULL;
    const char *tail = NULL;
    gboolean ok;
    int rc;

    g_return_val_if_fail(store != NULL && sql != NULL && func != NULL, FALSE);
    g_return_val_if_fail(!store->writable, FALSE);
    if (!store->temp_views && !make_temp_views(store, error))
        return FALSE;
    store->temp_views = TRUE;
    sqlite3_limit(store->db, SQLITE_LIMIT_ATTACHED, 0);
    rc = sqlite3_prepare_v2(store->db, sql, -1, &stmt, &tail);
    if (rc != SQLITE_OK)
        return store_fail(error, STORE_ERROR_IO, store->path, "the query does not run: %s",
                          sqlite3_errmsg(store->db));
    sqlite3_progress_handler(store->db, QUERY_STEP_GRAIN, query_progress, &bound);
    ok = check_query(store, stmt, tail, error) && run_query(store, stmt, func, user_data, error);
    sqlite3_progress_handler(store->db, 0, NULL, NULL);
    sqlite3_finalize(stmt);
    if (!ok && bound.stopped) {
        g_clear_error(error);
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "a query over this file ran too long (stopped)");
    }
    return ok;
}
