/* SPDX-License-Identifier: GPL-3.0-or-later */
/* read.c — events, turns and the data a game is played by, read back out
 * of a game file: every row checked before it is decoded. */
#include "store.h"
#include "store-private.h"

#include <sqlite3.h>
#include <string.h>

#include "codec.h"

/* ---- reading ------------------------------------------------------------- */

gboolean store_parse_digest(const char *text, guint64 *out)
{
    if (text == NULL || strlen(text) != 16)
        return FALSE;
    /* Sixteen hex digits, nothing else: strtoull alone would take a sign
     * or leading blanks. */
    for (guint i = 0; i < 16; i++)
        if (!g_ascii_isxdigit(text[i]))
            return FALSE;
    *out = g_ascii_strtoull(text, NULL, 16);
    return TRUE;
}

gboolean store_last_turn(Store *store, gint32 *turn, guint64 *digest, gint64 *last_seq,
                         GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc;
    gboolean ok = TRUE;

    *turn = -1;
    *digest = 0;
    *last_seq = 0;
    if (!store_prepare(store, "SELECT turn, digest, last_seq FROM turns ORDER BY turn DESC LIMIT 1",
                       &stmt, error))
        return FALSE;
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        gint64 number = sqlite3_column_int64(stmt, 0);
        *turn = number >= 0 && number <= G_MAXINT32 ? (gint32) number : -2;
        *last_seq = sqlite3_column_int64(stmt, 2);
        ok = store_parse_digest((const char *) sqlite3_column_text(stmt, 1), digest);
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the turns");
    if (*turn < -1)
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "the last turn's number is out of range");
    return ok || store_fail(error, STORE_ERROR_TAMPERED, store->path,
                            "turn %d has a damaged digest", *turn);
}

gboolean store_turn_digest(Store *store, gint32 turn, guint64 *digest, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc;
    gboolean ok = FALSE;

    if (!store_prepare(store, "SELECT digest FROM turns WHERE turn = ?", &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, turn);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW)
        ok = store_parse_digest((const char *) sqlite3_column_text(stmt, 0), digest);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the turns");
    return ok || store_fail(error, STORE_ERROR_TAMPERED, store->path, "turn %d has no valid digest",
                            turn);
}

gboolean store_turn_command(Store *store, gint32 turn, char **json, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc;

    g_return_val_if_fail(store != NULL && json != NULL, FALSE);
    *json = NULL;
    if (!store_prepare(store, "SELECT command FROM turns WHERE turn = ?", &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, turn);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW && sqlite3_column_type(stmt, 0) == SQLITE_TEXT)
        *json = g_strdup((const char *) sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the turns");
    return *json != NULL ||
           store_fail(error, STORE_ERROR_TAMPERED, store->path, "turn %d has no command", turn);
}

GPtrArray *store_turn_commands(Store *store, GError **error)
{
    g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func(g_free);
    sqlite3_stmt *stmt = NULL;
    int rc;

    g_return_val_if_fail(store != NULL, NULL);
    if (!store_prepare(store, "SELECT turn, command FROM turns ORDER BY turn", &stmt, error))
        return NULL;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW &&
           sqlite3_column_int64(stmt, 0) == (gint64) commands->len) {
        gboolean text = sqlite3_column_type(stmt, 1) == SQLITE_TEXT;
        g_ptr_array_add(commands,
                        text ? g_strdup((const char *) sqlite3_column_text(stmt, 1)) : NULL);
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        store_fail_sqlite(store, rc, error, "reading the turns");
        return NULL;
    }
    return g_steal_pointer(&commands);
}

gboolean store_begin_read(Store *store, GError **error)
{
    g_return_val_if_fail(store != NULL, FALSE);
    /* A deferred transaction takes its snapshot at the first read. */
    return store_exec(store, "BEGIN; SELECT count(*) FROM turns;", error, "reading");
}

void store_end_read(Store *store)
{
    g_return_if_fail(store != NULL);
    if (!sqlite3_get_autocommit(store->db))
        sqlite3_exec(store->db, "COMMIT;", NULL, NULL, NULL);
}

/* Each column's kind into @kinds; whether each is the kind the events
 * table holds there (cause and actor may be NULL). */
static gboolean row_kinds_right(sqlite3_stmt *stmt, int kinds[7])
{
    for (int c = 0; c < 7; c++) {
        gboolean nullable = c == 4 || c == 5;
        gboolean want_text = c == 2 || c == 6;
        kinds[c] = sqlite3_column_type(stmt, c);
        if (!(kinds[c] == (want_text ? SQLITE_TEXT : SQLITE_INTEGER) ||
              (nullable && kinds[c] == SQLITE_NULL)))
            return FALSE;
    }
    return TRUE;
}

/* Integer column @column (known to be one) as an int32. */
static gboolean int32_column(sqlite3_stmt *stmt, int column, gint32 *out)
{
    gint64 value = sqlite3_column_int64(stmt, column);

    if (value < G_MININT32 || value > G_MAXINT32)
        return FALSE;
    *out = (gint32) value;
    return TRUE;
}

gboolean store_read_row(Store *store, sqlite3_stmt *stmt, StoreRow *row, GError **error)
{
    const char *type_name = (const char *) sqlite3_column_text(stmt, 2);
    int kinds[7];

    row->seq = sqlite3_column_int64(stmt, 0);
    row->actor = 0;
    if (!row_kinds_right(stmt, kinds))
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "event %" G_GINT64_FORMAT " has a column of the wrong kind", row->seq);
    if (strlen(type_name) != (gsize) sqlite3_column_bytes(stmt, 2))
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "event %" G_GINT64_FORMAT " has a NUL character inside its type",
                          row->seq);
    if (!ev_type_from_name(type_name, &row->type))
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "event %" G_GINT64_FORMAT " has an unknown type \"%.40s\"", row->seq,
                          type_name);
    if (!int32_column(stmt, 1, &row->turn) || !int32_column(stmt, 3, &row->version) ||
        (kinds[5] != SQLITE_NULL && !int32_column(stmt, 5, &row->actor)))
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "event %" G_GINT64_FORMAT " has a number out of range", row->seq);
    row->cause = sqlite3_column_int64(stmt, 4);
    row->payload = (const char *) sqlite3_column_text(stmt, 6);
    row->len = (gsize) sqlite3_column_bytes(stmt, 6);
    return TRUE;
}

gboolean store_decode_payload(Store *store, CodecDecoder *decoder, const StoreRow *row,
                              CavEvent *event, GError **error)
{
    g_autoptr(GError) local = NULL;

    if (!codec_decode_payload(decoder, row->type, row->version, row->payload, row->len, event,
                              &local))
        return store_fail(
            error, local->code == CODEC_ERROR_VERSION ? STORE_ERROR_NEWER : STORE_ERROR_TAMPERED,
            store->path, "event %" G_GINT64_FORMAT ": %s", row->seq, local->message);
    event->seq = row->seq;
    event->turn = row->turn;
    event->cause = row->cause;
    event->actor = row->actor;
    return TRUE;
}

gboolean store_decode_row(Store *store, sqlite3_stmt *stmt, CavEvent *event, GError **error)
{
    StoreRow row;

    return store_read_row(store, stmt, &row, error) &&
           store_decode_payload(store, store->decoder, &row, event, error);
}

gboolean store_filter_wants(const StoreFilter *filter, const CavEvent *event)
{
    if (filter == NULL)
        return TRUE;
    if (filter->by_type && !filter->types[event->type])
        return FALSE;
    if (filter->by_seq && (event->seq < filter->first_seq || event->seq > filter->last_seq))
        return FALSE;
    return !filter->by_turn ||
           (event->turn >= filter->first_turn && event->turn <= filter->last_turn);
}

/* The seq range that a turn range covers, from the turns table. */
static gboolean seq_range(Store *store, const StoreFilter *filter, gint64 *first, gint64 *last,
                          GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc;

    *first = 1;
    *last = G_MAXINT64;
    if (filter != NULL && filter->by_seq) {
        *first = filter->first_seq;
        *last = filter->last_seq;
    }
    if (filter == NULL || !filter->by_turn)
        return TRUE;
    if (!store_prepare(store,
                       "SELECT coalesce(min(first_seq), 1), coalesce(max(last_seq), 0) FROM turns"
                       " WHERE turn BETWEEN ? AND ?",
                       &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, filter->first_turn);
    sqlite3_bind_int(stmt, 2, filter->last_turn);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        *first = MAX(*first, sqlite3_column_int64(stmt, 0));
        *last = MIN(*last, sqlite3_column_int64(stmt, 1));
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW || store_fail_sqlite(store, rc, error, "reading the turns");
}

gboolean store_events_stmt(Store *store, const StoreFilter *filter, sqlite3_stmt **stmt,
                           GError **error)
{
    gint64 first, last;

    if (!seq_range(store, filter, &first, &last, error) ||
        !store_prepare(store,
                       "SELECT seq, turn, type, version, cause, actor, payload FROM events"
                       " WHERE seq BETWEEN ? AND ? ORDER BY seq",
                       stmt, error))
        return FALSE;
    sqlite3_bind_int64(*stmt, 1, first);
    sqlite3_bind_int64(*stmt, 2, last);
    return TRUE;
}

gboolean store_foreach_event(Store *store, const StoreFilter *filter, StoreEventFunc func,
                             gpointer user_data, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;
    int rc;
    CavEvent event;

    g_return_val_if_fail(store != NULL && func != NULL, FALSE);
    if (!store_events_stmt(store, filter, &stmt, error))
        return FALSE;
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        ok = store_decode_row(store, stmt, &event, error);
        if (ok && !store_filter_wants(filter, &event))
            continue;
        ok = ok && func(&event, user_data, error);
    }
    sqlite3_finalize(stmt);
    if (ok && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the events");
    return ok;
}

/* ---- the data a game is played by --------------------------------------- */

/* The texts of the content table into @texts (by CavContentFile); *@rows
 * is how many rows it has. */
static gboolean read_content_texts(Store *store, char **texts, gint *rows, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;
    int rc;

    *rows = 0;
    if (!store_prepare(store, "SELECT file, text FROM content", &stmt, error))
        return FALSE;
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *file = (const char *) sqlite3_column_text(stmt, 0);
        guint f = 0;
        while (f < CAV_CONTENT_FILES && g_strcmp0(file, content_file_name(f)) != 0)
            f++;
        ok = f < CAV_CONTENT_FILES && texts[f] == NULL &&
             sqlite3_column_type(stmt, 1) == SQLITE_TEXT &&
             strlen((const char *) sqlite3_column_text(stmt, 1)) ==
                 (gsize) sqlite3_column_bytes(stmt, 1);
        if (ok)
            texts[f] = g_strdup((const char *) sqlite3_column_text(stmt, 1));
        (*rows)++;
    }
    sqlite3_finalize(stmt);
    if (!ok)
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "the game's recorded data holds a file cavelog never records");
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "reading the game's data");
}

CavContent *store_read_content(Store *store, GError **error)
{
    char *texts[CAV_CONTENT_FILES] = {NULL};
    g_autoptr(GError) local = NULL;
    CavContent *content = NULL;
    gint rows = 0;

    g_return_val_if_fail(store != NULL, NULL);
    if (store->version < 3)
        return NULL;
    if (read_content_texts(store, texts, &rows, error) && rows == CAV_CONTENT_FILES) {
        content = content_parse(texts[CAV_CONTENT_CREATURES], "creatures.ini (recorded)",
                                texts[CAV_CONTENT_ITEMS], "items.ini (recorded)",
                                texts[CAV_CONTENT_SPELLS], "spells.ini (recorded)", &local);
        if (content == NULL)
            store_fail(error, STORE_ERROR_TAMPERED, store->path,
                       "the game's recorded data is damaged: %s", local->message);
    } else if (rows != 0 && (error == NULL || *error == NULL)) {
        store_fail(error, STORE_ERROR_TAMPERED, store->path,
                   "the game's recorded data is incomplete");
    }
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        g_free(texts[f]);
    return content;
}

gboolean store_read_content_standard(Store *store, gboolean *standard, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(CavContent) content = store_read_content(store, &local);

    *standard = content != NULL && content_is_builtin(content);
    if (local != NULL) {
        g_propagate_error(error, g_steal_pointer(&local));
        return FALSE;
    }
    return TRUE;
}
