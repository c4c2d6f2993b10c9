/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bookmarks.c — the bookmarks table: reading it back with every row
 * checked, and a reader's one small write. */
#include "bookmarks.h"

#include <string.h>

#include "copies.h"
#include "shown.h"
#include "store-private.h"

/* The longest `created` text cavelog writes is 20 bytes; room for others. */
#define BOOKMARK_CREATED_MAX 64

void bookmark_free(Bookmark *bookmark)
{
    if (bookmark == NULL)
        return;
    g_free(bookmark->note);
    g_free(bookmark->created);
    g_free(bookmark);
}

static gboolean tampered(GError **error, Store *store, const char *what)
{
    return store_fail(error, STORE_ERROR_TAMPERED, store_path(store), "%s", what);
}

static gboolean failed(GError **error, const char *path, sqlite3 *db, const char *doing)
{
    return store_fail_db(error, db, sqlite3_extended_errcode(db), path, doing);
}

gboolean store_has_table(sqlite3 *db, const char *name)
{
    sqlite3_stmt *stmt = NULL;
    gboolean found = FALSE;

    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", -1,
                           &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
        found = sqlite3_step(stmt) == SQLITE_ROW;
    }
    sqlite3_finalize(stmt);
    return found;
}

/* The last seq the turns table gives the game (0 for none). */
static gint64 last_seq_of(sqlite3 *db)
{
    sqlite3_stmt *stmt = NULL;
    gint64 last = 0;

    if (sqlite3_prepare_v2(db, "SELECT coalesce(max(last_seq), 0) FROM turns", -1, &stmt, NULL) ==
            SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
        last = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return last;
}

char *store_column_checked_text(sqlite3_stmt *stmt, int column, int max)
{
    const char *text;
    int bytes;

    /* The type first: reading a value as text converts it. */
    if (sqlite3_column_type(stmt, column) != SQLITE_TEXT)
        return NULL;
    text = (const char *) sqlite3_column_text(stmt, column);
    bytes = sqlite3_column_bytes(stmt, column);
    if (text == NULL || bytes > max || strlen(text) != (gsize) bytes ||
        !g_utf8_validate(text, bytes, NULL))
        return NULL;
    return g_strdup(text);
}

/* One row (seq, note, created) as a Bookmark, or NULL when it is not one
 * cavelog writes: @after is the previous row's seq, @last the game's. */
static Bookmark *read_row(sqlite3_stmt *stmt, gint64 after, gint64 last)
{
    g_autoptr(Bookmark) bookmark = g_new0(Bookmark, 1);

    if (sqlite3_column_type(stmt, 0) != SQLITE_INTEGER)
        return NULL;
    bookmark->seq = sqlite3_column_int64(stmt, 0);
    if (bookmark->seq < 1 || bookmark->seq > last || bookmark->seq <= after)
        return NULL;
    bookmark->note = store_column_checked_text(stmt, 1, BOOKMARK_NOTE_MAX);
    bookmark->created = store_column_checked_text(stmt, 2, BOOKMARK_CREATED_MAX);
    if (bookmark->note == NULL || bookmark->created == NULL)
        return NULL;
    return g_steal_pointer(&bookmark);
}

GPtrArray *bookmarks_read(Store *store, GError **error)
{
    sqlite3 *db = store->db;
    g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func((GDestroyNotify) bookmark_free);
    sqlite3_stmt *stmt = NULL;
    gint64 last, after = 0;
    int rc;

    g_return_val_if_fail(store != NULL, NULL);
    if (!store_has_table(db, "bookmarks"))
        return g_steal_pointer(&found);
    last = last_seq_of(db);
    if (sqlite3_prepare_v2(db, "SELECT seq, note, created FROM bookmarks ORDER BY seq", -1, &stmt,
                           NULL) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        tampered(error, store, "the bookmarks table is not the one cavelog makes");
        return NULL;
    }
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        Bookmark *bookmark = read_row(stmt, after, last);
        if (bookmark == NULL)
            break;
        after = bookmark->seq;
        g_ptr_array_add(found, bookmark);
    }
    sqlite3_finalize(stmt);
    if (rc == SQLITE_ROW) {
        tampered(error, store,
                 "a bookmark is not one cavelog writes (an event outside the game, a note over "
                 "200 bytes or not UTF-8, or a value of the wrong kind)");
        return NULL;
    }
    if (rc != SQLITE_DONE) {
        failed(error, store_path(store), db, "reading the bookmarks");
        return NULL;
    }
    return g_steal_pointer(&found);
}

GPtrArray *bookmarks_read_file(const char *path, GError **error)
{
    g_autoptr(Store) store = store_open(path, FALSE, error);

    return store != NULL ? bookmarks_read(store, error) : NULL;
}

gboolean bookmarks_check(Store *store, GError **error)
{
    g_autoptr(GPtrArray) found = bookmarks_read(store, error);

    return found != NULL;
}

gboolean bookmarks_note_ok(const char *note, GError **error)
{
    const char *end = NULL;

    g_return_val_if_fail(note != NULL, FALSE);
    if (strlen(note) > BOOKMARK_NOTE_MAX) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_IO, "a note holds at most %d bytes",
                    BOOKMARK_NOTE_MAX);
        return FALSE;
    }
    if (!g_utf8_validate(note, -1, &end)) {
        g_set_error_literal(error, STORE_ERROR, STORE_ERROR_IO, "the note is not valid UTF-8");
        return FALSE;
    }
    if (!ev_text_clean(note)) {
        g_set_error_literal(error, STORE_ERROR, STORE_ERROR_IO,
                            "the note holds a control character (a terminal or bidi control)");
        return FALSE;
    }
    return TRUE;
}

/* A connection for the bookmark's write, with the settings every cavelog
 * connection has; it waits a little for a player's turn to be saved. */
static sqlite3 *open_for_bookmark(const char *path, GError **error)
{
    sqlite3 *db = NULL;

    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, NULL) !=
        SQLITE_OK) {
        failed(error, path, db, "opening the file to save a bookmark");
        sqlite3_close_v2(db);
        return NULL;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, 5000);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
    return db;
}

static gboolean insert_bookmark(sqlite3 *db, gint64 seq, const char *note)
{
    sqlite3_stmt *stmt = NULL;
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *created = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
    int rc;

    if (sqlite3_prepare_v2(db,
                           "INSERT OR REPLACE INTO bookmarks (seq, note, created)"
                           " VALUES (?, ?, ?)",
                           -1, &stmt, NULL) != SQLITE_OK)
        return FALSE;
    sqlite3_bind_int64(stmt, 1, seq);
    sqlite3_bind_text(stmt, 2, note, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, created, -1, SQLITE_STATIC);
    rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE;
}

/* In one transaction: the event is still in the game, the table is there,
 * the row is written. */
static gboolean write_bookmark(sqlite3 *db, const char *path, gint64 seq, const char *note,
                               GError **error)
{
    if (sqlite3_exec(db, "BEGIN IMMEDIATE;", NULL, NULL, NULL) != SQLITE_OK)
        return failed(error, path, db, "saving a bookmark");
    if (seq < 1 || seq > last_seq_of(db)) {
        sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
        g_set_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND,
                    "%s: the game has no event %" G_GINT64_FORMAT " to bookmark", path, seq);
        return FALSE;
    }
    if (sqlite3_exec(db, BOOKMARKS_TABLE_SQL, NULL, NULL, NULL) != SQLITE_OK ||
        !insert_bookmark(db, seq, note) ||
        sqlite3_exec(db, "COMMIT;", NULL, NULL, NULL) != SQLITE_OK) {
        failed(error, path, db, "saving a bookmark");
        sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
        return FALSE;
    }
    return TRUE;
}

gboolean bookmarks_add(Store *store, gint64 seq, const char *note, GError **error)
{
    const char *path;
    sqlite3 *db;
    gboolean ok;

    g_return_val_if_fail(store != NULL && note != NULL, FALSE);
    path = store_path(store);
    /* Its bookmarks so far, as every reader checks them. */
    if (!bookmarks_note_ok(note, error) || !bookmarks_check(store, error))
        return FALSE;
    if (store_is_copy(store)) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_IO,
                    "%s: a compressed game or a pack is only read; decompress (gunzip) or unpack "
                    "it to bookmark it",
                    path);
        return FALSE;
    }
    if (store_schema_version(store) < STORE_SCHEMA_VERSION) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_IO,
                    "%s: the file is in an older format; bookmarks need this version's (continue "
                    "the game once to update it)",
                    path);
        return FALSE;
    }
    /* A connection of SQLite's own: closing it keeps the locks of the
     * process's other connections to the file (a raw close would not). */
    db = open_for_bookmark(path, error);
    if (db == NULL)
        return FALSE;
    ok = write_bookmark(db, path, seq, note, error);
    sqlite3_close_v2(db);
    return ok;
}

char *bookmarks_note_shown(const char *note)
{
    return ev_shown(note);
}
