/* SPDX-License-Identifier: GPL-3.0-or-later */
/* store-private.h — what the store's own files share: the Store itself
 * and the helpers that turn SQLite's answers into StoreErrors. store.c is
 * the SQLite adapter (opening untrusted files defensively, schema and
 * migrations, appending turns, reading rows); fork-rows.c, lineage.c and
 * bookmarks.c read and write the tables a fork and a reader add. What a
 * file holds is judged above, in history/ (checks.c; seal.c for trust). */
#ifndef CAV_STORE_STORE_PRIVATE_H
#define CAV_STORE_STORE_PRIVATE_H

#include <sqlite3.h>
#include <sys/types.h>

#include "codec.h"
#include "parts.h"
#include "store.h"

G_BEGIN_DECLS

struct Store {
    sqlite3 *db;
    char *path;
    /* The private copy SQLite reads in place of @path (a compressed game or
     * a pack: copies.h), or NULL; removed on close. */
    char *copy;
    gboolean writable;
    gint64 version;          /* the file's schema version (PRAGMA user_version) */
    GArray *current_digests; /* guint64 per turn by this build's digest, for a migration */
    sqlite3_stmt *insert_event;
    sqlite3_stmt *insert_turn;
    sqlite3_stmt *update_game;
    CodecDecoder *decoder;
    GString *scratch;
    dev_t device; /* the file SQLite opened, to notice it deleted or replaced */
    ino_t inode;
    int lock_fd;            /* holds the writer's lock (see take_writer_lock), or -1 */
    gboolean temp_views;    /* this build's views are made for store_query() */
    gboolean whole_checked; /* the open ran quick_check (not store_open_sound) */
    gboolean write_failed;
    gint64 now_second; /* the second now_text was formatted for */
    char now_text[32]; /* ISO 8601 UTC, for the game row's update */
};

/* An SQLite failure @rc on connection @db (nullable) to the file at @path,
 * while @doing, as the StoreError a player reads; returns FALSE. For a
 * connection of the store's own, store_fail_sqlite. */
gboolean store_fail_db(GError **error, sqlite3 *db, int rc, const char *path, const char *doing);
gboolean store_fail_sqlite(Store *store, int rc, GError **error, const char *doing);

/* Run @sql (no rows wanted), or prepare it into *@stmt (caller finalizes). */
gboolean store_exec(Store *store, const char *sql, GError **error, const char *doing);
gboolean store_prepare(Store *store, const char *sql, sqlite3_stmt **stmt, GError **error);

/* The first column of the first row of @sql (0 when there is none). */
gboolean store_query_int(Store *store, const char *sql, gint64 *out, GError **error);

/* Bind @event to @stmt, an INSERT INTO events (seq, turn, type, version,
 * cause, actor, payload) VALUES (?, …): the one way a row of events is
 * written. The payload is encoded into @payload, which must outlive the
 * statement's next step. */
void store_bind_event(sqlite3_stmt *stmt, const CavEvent *event, GString *payload);

/* The statement that reads the events @filter (nullable) wants, in seq
 * order, as rows of (seq, turn, type, version, cause, actor, payload);
 * the caller steps it and finalizes it. */
gboolean store_events_stmt(Store *store, const StoreFilter *filter, sqlite3_stmt **stmt,
                           GError **error);
/* Decode @stmt's current row (see store_events_stmt) into @event, every
 * column checked; FALSE with the one-line error naming the event. Uses
 * @store's decoder, so one thread at a time. It is the two steps below. */
gboolean store_decode_row(Store *store, sqlite3_stmt *stmt, CavEvent *event, GError **error);

/* A row of events with its columns checked, its payload not yet decoded. */
typedef struct {
    gint64 seq, cause;
    gint32 turn, version, actor;
    CavEventType type;
    const char *payload; /* SQLite's until the next step, unless copied */
    gsize len;
} StoreRow;

/* Check @stmt's current row's columns into @row (the first step of
 * store_decode_row, with its errors). */
gboolean store_read_row(Store *store, sqlite3_stmt *stmt, StoreRow *row, GError **error);
/* Decode @row's payload into @event by @decoder (the second step; it
 * does not touch @store's connection, so any thread with its own decoder). */
gboolean store_decode_payload(Store *store, CodecDecoder *decoder, const StoreRow *row,
                              CavEvent *event, GError **error);
/* A digest as the turns table spells it: 16 lowercase hex digits. */
gboolean store_parse_digest(const char *text, guint64 *out);

/* Text column @column of @stmt's row when it is text of at most @max bytes
 * of valid UTF-8 without a NUL (a copy; caller frees); else NULL. */
char *store_column_checked_text(sqlite3_stmt *stmt, int column, int max);

/* Bind the game row's description of @state to @stmt's parameters 1-7, in
 * the order "UPDATE game SET updated = ?, outcome = ?, cause = ?, turns = ?,
 * depth = ?, kills = ?, score = ?": @stamp the time of the update, which
 * must live until the step; the cause is copied. */
void store_bind_description(sqlite3_stmt *stmt, const char *stamp, const CavState *state);

/* Whether @db has a table named @name. */
gboolean store_has_table(sqlite3 *db, const char *name);

G_END_DECLS

#endif
