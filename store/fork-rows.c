/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork-rows.c — the SQL of a fork: the rows copied from the parent's file
 * into the new one, in one transaction (see history/fork.c for what is
 * copied and why). */
#include "fork-rows.h"

#include <string.h>

#include "bookmarks.h"
#include "lineage.h"
#include "store-private.h"

struct ForkRows {
    Store *fork;                /* the new file (under its .part name) */
    sqlite3 *db;                /* its connection */
    sqlite3_stmt *insert_event; /* into the fork */
    GString *payload;
};

/* A failure on @db, the fork's or the parent's connection. */
static gboolean fail_db(GError **error, sqlite3 *db, const char *path, const char *doing)
{
    return store_fail_db(error, db, sqlite3_extended_errcode(db), path, doing);
}

ForkRows *fork_rows_begin(Store *fork, GError **error)
{
    ForkRows *rows = g_new0(ForkRows, 1);

    g_return_val_if_fail(fork != NULL, NULL);
    rows->fork = fork;
    rows->db = fork->db;
    rows->payload = g_string_sized_new(512);
    if (sqlite3_exec(rows->db, "BEGIN IMMEDIATE;", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v3(rows->db,
                           "INSERT INTO events (seq, turn, type, version, cause, actor, payload)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           -1, SQLITE_PREPARE_PERSISTENT, &rows->insert_event, NULL) != SQLITE_OK) {
        fail_db(error, rows->db, store_path(fork), "starting the fork");
        fork_rows_free(rows);
        return NULL;
    }
    return rows;
}

void fork_rows_free(ForkRows *rows)
{
    if (rows == NULL)
        return;
    sqlite3_finalize(rows->insert_event);
    g_string_free(rows->payload, TRUE);
    g_free(rows);
}

gboolean fork_rows_event(ForkRows *rows, const CavEvent *event, GError **error)
{
    sqlite3_stmt *stmt = rows->insert_event;
    int rc;

    store_bind_event(stmt, event, rows->payload);
    rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    return rc == SQLITE_DONE ||
           fail_db(error, rows->db, store_path(rows->fork), "copying the events");
}

gboolean fork_rows_turn_ends(Store *parent, gint32 turn, GArray *ends, GError **error)
{
    sqlite3 *db = parent->db;
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT last_seq FROM turns WHERE turn <= ? ORDER BY turn", -1,
                                &stmt, NULL);

    sqlite3_bind_int(stmt, 1, turn);
    while (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        gint64 end = sqlite3_column_int64(stmt, 0);
        g_array_append_val(ends, end);
    }
    rc = rc == SQLITE_OK ? sqlite3_errcode(db) : rc;
    sqlite3_finalize(stmt);
    if (rc != SQLITE_OK && rc != SQLITE_DONE)
        return fail_db(error, db, store_path(parent), "reading the turns");
    return TRUE;
}

gboolean fork_rows_turns(ForkRows *rows, Store *parent, gint32 turn, const GArray *digests,
                         GError **error)
{
    sqlite3_stmt *from = NULL, *to = NULL;
    g_autoptr(GString) json = g_string_new(NULL);
    int rc = sqlite3_prepare_v2(parent->db,
                                "SELECT turn, command, first_seq, last_seq FROM turns"
                                " WHERE turn <= ? ORDER BY turn",
                                -1, &from, NULL);
    gboolean ok =
        rc == SQLITE_OK &&
        sqlite3_prepare_v2(rows->db,
                           "INSERT INTO turns (turn, command, digest, first_seq, last_seq)"
                           " VALUES (?, ?, ?, ?, ?)",
                           -1, &to, NULL) == SQLITE_OK;

    sqlite3_bind_int(from, 1, turn);
    while (ok && sqlite3_step(from) == SQLITE_ROW) {
        gint64 at = sqlite3_column_int64(from, 0);
        char digest[17];
        CavCommand command;
        ok = at >= 0 && at < (gint64) digests->len &&
             command_from_json((const char *) sqlite3_column_text(from, 1), &command, NULL);
        if (!ok)
            break;
        g_string_truncate(json, 0);
        command_to_json(&command, json);
        g_snprintf(digest, sizeof digest, "%016" G_GINT64_MODIFIER "x",
                   g_array_index(digests, guint64, at));
        sqlite3_bind_int64(to, 1, at);
        sqlite3_bind_text(to, 2, json->str, (int) json->len, SQLITE_STATIC);
        sqlite3_bind_text(to, 3, digest, -1, SQLITE_STATIC);
        sqlite3_bind_int64(to, 4, sqlite3_column_int64(from, 2));
        sqlite3_bind_int64(to, 5, sqlite3_column_int64(from, 3));
        ok = sqlite3_step(to) == SQLITE_DONE;
        sqlite3_reset(to);
    }
    sqlite3_finalize(from);
    sqlite3_finalize(to);
    return ok || fail_db(error, rows->db, store_path(rows->fork), "copying the turns");
}

gboolean fork_rows_bookmarks(ForkRows *rows, Store *parent, gint64 end_seq, gint64 *copied,
                             GError **error)
{
    g_autoptr(GPtrArray) bookmarks = bookmarks_read(parent, error);
    sqlite3_stmt *stmt = NULL;
    gboolean ok;

    *copied = 0;
    if (bookmarks == NULL)
        return FALSE;
    ok = sqlite3_prepare_v2(rows->db, "INSERT INTO bookmarks (seq, note, created) VALUES (?, ?, ?)",
                            -1, &stmt, NULL) == SQLITE_OK;
    for (guint i = 0; ok && i < bookmarks->len; i++) {
        const Bookmark *bookmark = g_ptr_array_index(bookmarks, i);
        if (bookmark->seq > end_seq)
            break;
        sqlite3_bind_int64(stmt, 1, bookmark->seq);
        sqlite3_bind_text(stmt, 2, bookmark->note, -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 3, bookmark->created, -1, SQLITE_STATIC);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
        sqlite3_reset(stmt);
        (*copied)++;
    }
    sqlite3_finalize(stmt);
    return ok || fail_db(error, rows->db, store_path(rows->fork), "copying the bookmarks");
}

gboolean fork_rows_lineage(ForkRows *rows, Store *parent, const char *parent_path, gint32 turn,
                           GError **error)
{
    StoreGameInfo info;
    guint64 digest = 0;
    char hex[17];
    g_autofree char *name = g_filename_display_basename(parent_path);
    sqlite3_stmt *stmt = NULL;
    gboolean ok;

    if (!store_read_info(parent, &info, error) || !store_turn_digest(parent, turn, &digest, error))
        return FALSE;
    g_snprintf(hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", digest);
    if (strlen(name) > LINEAGE_FILE_MAX)
        *g_utf8_find_prev_char(name, name + LINEAGE_FILE_MAX) = '\0';
    ok = sqlite3_prepare_v2(rows->db,
                            "INSERT INTO lineage (id, parent_file, parent_seed, parent_created,"
                            " parent_digest, turn) VALUES (1, ?, ?, ?, ?, ?)",
                            -1, &stmt, NULL) == SQLITE_OK;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, info.seed);
    sqlite3_bind_text(stmt, 3, info.created != NULL ? info.created : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, hex, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 5, turn);
    ok = ok && sqlite3_step(stmt) == SQLITE_DONE;
    sqlite3_finalize(stmt);
    store_game_info_clear(&info);
    return ok || fail_db(error, rows->db, store_path(rows->fork), "recording the lineage");
}

gboolean fork_rows_game(ForkRows *rows, const CavState *at, const char *parent_build,
                        GError **error)
{
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *stamp = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
    sqlite3_stmt *stmt = NULL;
    gboolean ok = sqlite3_prepare_v2(rows->db,
                                     "UPDATE game SET updated = ?, outcome = ?, cause = ?,"
                                     " turns = ?, depth = ?, kills = ?, score = ?,"
                                     " build = ? WHERE id = 1",
                                     -1, &stmt, NULL) == SQLITE_OK;

    store_bind_description(stmt, stamp, at);
    /* The copied turns were played by the parent's build: verify names it. */
    sqlite3_bind_text(stmt, 8, parent_build, -1, SQLITE_STATIC);
    ok = ok && sqlite3_step(stmt) == SQLITE_DONE;
    sqlite3_finalize(stmt);
    return ok || fail_db(error, rows->db, store_path(rows->fork), "describing the fork");
}

gboolean fork_rows_commit(ForkRows *rows)
{
    return sqlite3_exec(rows->db, "COMMIT;", NULL, NULL, NULL) == SQLITE_OK;
}

void fork_rows_abandon(ForkRows *rows, GError **error)
{
    if (error != NULL && *error == NULL)
        fail_db(error, rows->db, store_path(rows->fork), "saving the fork");
    sqlite3_exec(rows->db, "ROLLBACK;", NULL, NULL, NULL);
}
