/* SPDX-License-Identifier: GPL-3.0-or-later */
/* store.c — the SQLite game file: schema and migrations, defensive opening
 * of untrusted files, the game row, one transaction per turn. Reading rows
 * back is read.c, the user's queries query.c, the games folder games.c. */
#include "store.h"
#include "store-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cavelog-config.h"
#include "bookmarks.h"
#include "codec.h"
#include "copies.h"
#include "lineage.h"
#include "shown.h"

G_DEFINE_QUARK(cavelog_store_error, store_error)

/* No text or blob in a game file is longer (payloads and commands are a few
 * hundred bytes); SQLite refuses to read a longer one. */
#define STORE_VALUE_MAX (1 << 20)

/* A writer holds a POSIX lock on this byte of the game file, far from the
 * bytes SQLite locks (from 2^30 on), so that a second writer learns at once
 * which process plays the game. POSIX locks belong to the process: the lock
 * is no guard between two stores of one process. */
#define WRITER_LOCK_BYTE G_GINT64_CONSTANT(0x50000000)

/* The data files the game is played by, as they were (schema 3 on). */
#define CONTENT_TABLE_SQL                                                                          \
    "CREATE TABLE content (file TEXT PRIMARY KEY, text TEXT NOT NULL) STRICT;\n"

/* "CAVL": the SQLite header says that the file is a cavelog game. */
#define STORE_APPLICATION_ID 1128355404

static const char schema_sql[] =
    "CREATE TABLE game ("
    " id INTEGER PRIMARY KEY CHECK (id = 1),"
    " seed INTEGER NOT NULL,"
    " build TEXT NOT NULL,"
    " created TEXT NOT NULL,"
    " updated TEXT NOT NULL,"
    " player_name TEXT NOT NULL,"
    " outcome TEXT NOT NULL DEFAULT 'playing' CHECK (outcome IN ('playing', 'won', 'lost')),"
    " cause TEXT,"
    " turns INTEGER NOT NULL DEFAULT 0,"
    " depth INTEGER NOT NULL DEFAULT 1,"
    " kills INTEGER NOT NULL DEFAULT 0,"
    " score INTEGER NOT NULL DEFAULT 0"
    ") STRICT;\n"
    "CREATE TABLE turns ("
    " turn INTEGER PRIMARY KEY,"
    " command TEXT NOT NULL,"
    " digest TEXT NOT NULL,"
    " first_seq INTEGER NOT NULL,"
    " last_seq INTEGER NOT NULL"
    ") STRICT;\n"
    "CREATE TABLE events ("
    " seq INTEGER PRIMARY KEY,"
    " turn INTEGER NOT NULL,"
    " type TEXT NOT NULL,"
    " version INTEGER NOT NULL,"
    " cause INTEGER,"
    " actor INTEGER,"
    " payload TEXT NOT NULL"
    ") STRICT;\n"
    "CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, state BLOB NOT NULL) "
    "STRICT;\n" CONTENT_TABLE_SQL LINEAGE_TABLE_SQL BOOKMARKS_TABLE_SQL;

/* Version 1 files did not record the player's kills and score; both follow
 * from the events and the description: the CreatureDied naming the player
 * (the first creature spawned as one) as the killer, and state_score(). */
/* clang-format off */
#define V1_KILLS_SQL                                                                               \
    "(SELECT count(*) FROM events WHERE type = 'CreatureDied'"                                     \
    " AND json_extract(payload, '$.killer') = (SELECT json_extract(payload, '$.creature')"         \
    " FROM events WHERE type = 'CreatureSpawned'"                                                  \
    " AND json_extract(payload, '$.behaviour') = 'player' ORDER BY seq LIMIT 1))"
#define V1_SCORE_SQL                                                                               \
    "(depth * 100 + kills * 10 + turns / 10 + CASE outcome WHEN 'won' THEN 1000 ELSE 0 END)"

static const char migrate_v1_sql[] =
    "ALTER TABLE game ADD COLUMN kills INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE game ADD COLUMN score INTEGER NOT NULL DEFAULT 0;"
    "UPDATE game SET kills = " V1_KILLS_SQL ";"
    "UPDATE game SET score = " V1_SCORE_SQL ";"
    "PRAGMA user_version = 2;";

/* Version 2 → 3: the content table (empty: what the game was played by was
 * not recorded) and the application id. */
static const char migrate_v2_sql[] =
    CONTENT_TABLE_SQL LINEAGE_TABLE_SQL BOOKMARKS_TABLE_SQL
    "PRAGMA application_id = 1128355404;"
    "PRAGMA user_version = 3;";

static const char read_info_v1_sql[] =
    "SELECT seed, build, created, updated, player_name, outcome, cause, turns, depth,"
    " kills, " V1_SCORE_SQL " FROM game, (SELECT " V1_KILLS_SQL " AS kills) WHERE id = 1";
/* clang-format on */

gboolean store_fail(GError **error, StoreError code, const char *path, const char *format, ...)
    G_GNUC_PRINTF(4, 5);

gboolean store_fail(GError **error, StoreError code, const char *path, const char *format, ...)
{
    va_list args;
    g_autofree char *what = NULL;

    va_start(args, format);
    what = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error(error, STORE_ERROR, code, "%s: %s", path, what);
    return FALSE;
}

/* What is wrong with the damaged file at @path, in a player's words: cut
 * short (its header says how many pages it holds), or garbled in places. */
static char *damage_in_words(const char *path)
{
    guchar header[32] = {0};
    GStatBuf info;
    guint64 page, pages, expected;
    FILE *file = path != NULL ? g_fopen(path, "rb") : NULL;
    gsize got = file != NULL ? fread(header, 1, sizeof header, file) : 0;

    if (file != NULL)
        fclose(file);
    page = (guint64) header[16] << 8 | header[17];
    page = page == 1 ? 65536 : page;
    pages = (guint64) header[28] << 24 | header[29] << 16 | header[30] << 8 | header[31];
    expected = page * pages;
    if (got == sizeof header && g_stat(path, &info) == 0 && (guint64) info.st_size < expected) {
        g_autofree char *has = g_format_size((guint64) info.st_size);
        g_autofree char *should = g_format_size(expected);
        return g_strdup_printf("it was cut short (%s of its %s are left), and its game cannot "
                               "be read",
                               has, should);
    }
    return g_strdup("parts of it were overwritten with something else, and its game cannot be "
                    "read");
}

/* A damaged file, said in words (the SQLite detail is for the debug log). */
static gboolean fail_damaged(GError **error, const char *path, const char *detail)
{
    g_autofree char *what = damage_in_words(path);

    g_debug("%s: damaged: %s", path, detail);
    return store_fail(error, STORE_ERROR_CORRUPT, path, "this file is damaged: %s", what);
}

/* Map an SQLite failure to our error kinds with a readable message. */
gboolean store_fail_db(GError **error, sqlite3 *db, int rc, const char *path, const char *doing)
{
    int primary = rc & 0xff;

    switch (primary) {
    case SQLITE_NOTADB:
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path, "not a cavelog game (%s)",
                          sqlite3_errstr(rc));
    case SQLITE_CORRUPT:
        return fail_damaged(error, path, db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    case SQLITE_TOOBIG:
        return store_fail(error, STORE_ERROR_TAMPERED, path,
                          "the file holds a value larger than any game writes (while %s)", doing);
    case SQLITE_FULL:
        return store_fail(error, STORE_ERROR_IO, path, "the disk is full (while %s)", doing);
    case SQLITE_READONLY:
        return store_fail(error, STORE_ERROR_IO, path,
                          "the file cannot be written (read-only) while %s", doing);
    case SQLITE_IOERR:
        /* SQLite's "disk I/O error" tells a player little; a failed write or
         * sync is almost always a full disk or a size limit. */
        return store_fail(error, STORE_ERROR_IO, path, "could not write to the disk%s (while %s)",
                          rc == SQLITE_IOERR_WRITE || rc == SQLITE_IOERR_FSYNC ||
                                  rc == SQLITE_IOERR_TRUNCATE
                              ? "; is it full?"
                              : "",
                          doing);
    default:
        return store_fail(error, STORE_ERROR_IO, path, "%s while %s",
                          db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc), doing);
    }
}

gboolean store_fail_sqlite(Store *store, int rc, GError **error, const char *doing)
{
    return store_fail_db(error, store->db, rc, store->path, doing);
}

gboolean store_exec(Store *store, const char *sql, GError **error, const char *doing)
{
    int rc = sqlite3_exec(store->db, sql, NULL, NULL, NULL);

    return rc == SQLITE_OK || store_fail_sqlite(store, rc, error, doing);
}

gboolean store_prepare(Store *store, const char *sql, sqlite3_stmt **stmt, GError **error)
{
    int rc = sqlite3_prepare_v3(store->db, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, NULL);

    if (rc == SQLITE_ERROR)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, store->path,
                          "not a cavelog game (its tables are not cavelog's: %s)",
                          sqlite3_errmsg(store->db));
    return rc == SQLITE_OK || store_fail_sqlite(store, rc, error, "reading the file's layout");
}

static gboolean check_in_place(Store *store, GError **error);

/* How long closing a game waits for readers (a replay, the inspector) to
 * let go of the turns its -wal holds, so that the file stands alone. */
#define CHECKPOINT_WAIT_MS 5000

/* The -wal folded into the file and emptied, waiting a little for readers;
 * then, when no one else has the file open, WAL mode left: in rollback-
 * journal mode a file is read with no -wal or -shm made beside it, and on
 * read-only media. While others have it open the mode stays, the -wal
 * empty. A failure (a full disk, readers that never let go) is an error. */
static gboolean finish_writing(Store *store, GError **error)
{
    int rc;

    sqlite3_busy_timeout(store->db, CHECKPOINT_WAIT_MS);
    rc = sqlite3_wal_checkpoint_v2(store->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    sqlite3_busy_timeout(store->db, 0);
    if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
        return store_fail(error, STORE_ERROR_IO, store->path,
                          "the game is saved, but its last turns wait in %s-wal while another "
                          "program reads the file; copy the two together, or open the game once "
                          "more after that program is closed",
                          store->path);
    if (rc != SQLITE_OK)
        return store_fail_sqlite(store, rc, error, "finishing the file");
    rc = sqlite3_exec(store->db, "PRAGMA journal_mode = DELETE;", NULL, NULL, NULL);
    if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
        return store_fail_sqlite(store, rc, error, "finishing the file");
    return TRUE;
}

gboolean store_close(Store *store, GError **error)
{
    return store_close_then(store, NULL, NULL, error);
}

gboolean store_close_then(Store *store, StoreClosedFunc closed, gpointer data, GError **error)
{
    gboolean ok = TRUE;
    int rc;

    if (store == NULL)
        return TRUE;
    g_clear_pointer(&store->insert_event, sqlite3_finalize);
    g_clear_pointer(&store->insert_turn, sqlite3_finalize);
    g_clear_pointer(&store->update_game, sqlite3_finalize);
    if (store->writable && store->db != NULL && !finish_writing(store, error))
        ok = FALSE;
    rc = sqlite3_close_v2(store->db);
    if (ok && rc != SQLITE_OK)
        ok = store_fail(error, STORE_ERROR_IO, store->path, "closing the file: %s",
                        sqlite3_errstr(rc));
    store->write_failed |= !ok;
    /* The file is exactly what this store left: the caller may say so
     * (history/seal.h remembers one's own game), under the lock still. */
    if (closed != NULL && store->writable && !store->write_failed && check_in_place(store, NULL))
        closed(store->path, data);
    if (store->lock_fd >= 0)
        close(store->lock_fd); /* after SQLite: a close drops the process's locks on the file */
    codec_decoder_free(store->decoder);
    g_string_free(store->scratch, TRUE);
    if (store->current_digests != NULL)
        g_array_unref(store->current_digests);
    store_copy_remove(store->copy);
    g_free(store->copy);
    g_free(store->path);
    g_free(store);
    return ok;
}

void store_free(Store *store)
{
    store_close(store, NULL);
}

static Store *store_alloc(const char *path, gboolean writable)
{
    Store *store = g_new0(Store, 1);

    store->path = g_strdup(path);
    store->writable = writable;
    store->decoder = codec_decoder_new();
    store->scratch = g_string_sized_new(256);
    store->lock_fd = -1;
    store->now_second = G_MININT64;
    return store;
}

/* The file SQLite opens: the game file, or the private copy read in its
 * place (copies.h). */
static const char *store_file(const Store *store)
{
    return store->copy != NULL ? store->copy : store->path;
}

/* Open the database at @name (the store's path, or a URI naming it). */
static gboolean open_db_as(Store *store, const char *name, int flags, GError **error)
{
    /* One thread at a time uses a store: SQLite need not lock each call. */
    int rc =
        sqlite3_open_v2(name, &store->db, flags | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, NULL);

    GStatBuf info;

    if (rc != SQLITE_OK)
        return store_fail_sqlite(store, rc, error, "opening");
    if (g_stat(store_file(store), &info) == 0) {
        store->device = info.st_dev;
        store->inode = info.st_ino;
    }
    sqlite3_extended_result_codes(store->db, 1);
    sqlite3_limit(store->db, SQLITE_LIMIT_LENGTH, STORE_VALUE_MAX);
    sqlite3_busy_timeout(store->db, 2000);
    sqlite3_db_config(store->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(store->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
    sqlite3_db_config(store->db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
    sqlite3_db_config(store->db, SQLITE_DBCONFIG_ENABLE_VIEW, 1, NULL);
    return store_exec(store, "PRAGMA cell_size_check = ON;", error, "opening");
}

static gboolean open_db(Store *store, int flags, GError **error)
{
    return open_db_as(store, store_file(store), flags, error);
}

/* Whether @path has a -wal with something in it. */
static gboolean has_wal(const char *path)
{
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    GStatBuf info;

    return g_lstat(wal, &info) == 0 && info.st_size > 0;
}

/* Whether the file at @path says WAL mode in its header (bytes 18 and 19
 * are 2) with neither a -wal nor a -shm beside it: no connection has it open
 * in WAL mode, and the file alone holds the whole game. SQLite would make a
 * -wal and a -shm beside it to read it (and leave them): a file from a
 * release that left WAL mode on, or one whose writer was killed after its
 * sidecars were removed. */
static gboolean wal_without_sidecars(const char *path)
{
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    g_autofree char *shm = g_strconcat(path, "-shm", NULL);
    guchar header[20] = {0};
    GStatBuf info;
    gssize got;
    int fd;

    fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
    if (fd < 0)
        return FALSE;
    got = read(fd, header, sizeof header);
    close(fd);
    return got == (gssize) sizeof header && header[18] == 2 && header[19] == 2 &&
           g_lstat(wal, &info) != 0 && errno == ENOENT && g_lstat(shm, &info) != 0 &&
           errno == ENOENT;
}

/* Open the file as immutable: read as it is, with no lock and nothing made
 * beside it. */
static gboolean open_immutable(Store *store, GError **error)
{
    g_autofree char *escaped = g_uri_escape_string(store_file(store), "/", FALSE);
    g_autofree char *uri = g_strconcat("file:", escaped, "?immutable=1", NULL);

    return open_db_as(store, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, error);
}

/* Reading needs no write access. SQLite needs some when the file is in WAL
 * mode (it makes a -shm beside it) or beside a hot -journal (it would roll
 * it back): in a read-only folder, on read-only media or beside a journal
 * left by another program, reading fails with SQLITE_READONLY or
 * SQLITE_CANTOPEN. Then, unless turns wait in a -wal, the file itself holds
 * the whole game: it is read as it is, as immutable (the checks that follow
 * judge what it holds). */
static gboolean open_for_reading(Store *store, GError **error)
{
    int rc, primary;

    if (wal_without_sidecars(store_file(store)))
        return open_immutable(store, error);
    if (!open_db(store, SQLITE_OPEN_READONLY, error))
        return FALSE;
    rc = sqlite3_exec(store->db, "SELECT count(*) FROM sqlite_schema;", NULL, NULL, NULL);
    primary = rc & 0xff;
    if ((primary != SQLITE_READONLY && primary != SQLITE_CANTOPEN) || has_wal(store_file(store)))
        return TRUE; /* any other problem: the checks say what it is */
    sqlite3_close_v2(store->db);
    store->db = NULL;
    return open_immutable(store, error);
}

static gboolean prepare_writers(Store *store, GError **error)
{
    return store_prepare(store,
                         "INSERT INTO events (seq, turn, type, version, cause, actor, payload)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)",
                         &store->insert_event, error) &&
           store_prepare(store,
                         "INSERT INTO turns (turn, command, digest, first_seq, last_seq)"
                         " VALUES (?, ?, ?, ?, ?)",
                         &store->insert_turn, error) &&
           store_prepare(
               store,
               "UPDATE game SET updated = ?, outcome = ?, cause = ?, turns = ?, depth = ?,"
               " kills = ?, score = ? WHERE id = 1",
               &store->update_game, error);
}

static char *now_iso8601(void)
{
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();

    return g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
}

/* The time now as now_iso8601() writes it, formatted again only when the
 * second changes (the game row's update of every turn wants it). */
static const char *store_now(Store *store)
{
    gint64 second = g_get_real_time() / G_USEC_PER_SEC;

    if (second != store->now_second) {
        g_autoptr(GDateTime) now = g_date_time_new_from_unix_utc(second);
        g_autofree char *text = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
        g_strlcpy(store->now_text, text, sizeof store->now_text);
        store->now_second = second;
    }
    return store->now_text;
}

static gboolean insert_game_row(Store *store, gint64 seed, const char *player_name, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    g_autofree char *now = now_iso8601();
    int rc;

    if (!store_prepare(store,
                       "INSERT INTO game (id, seed, build, created, updated, player_name)"
                       " VALUES (1, ?, ?, ?, ?, ?)",
                       &stmt, error))
        return FALSE;
    sqlite3_bind_int64(stmt, 1, seed);
    sqlite3_bind_text(stmt, 2, CAVELOG_VERSION, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, now, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, now, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 5, player_name, -1, SQLITE_STATIC);
    rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "creating the game");
}

static const char *const sidecars[] = {"-wal", "-shm", "-journal"};

gboolean store_check_free(const char *path, GError **error)
{
    GStatBuf info;

    g_return_val_if_fail(path != NULL, FALSE);
    if (g_lstat(path, &info) == 0)
        return store_fail(error, STORE_ERROR_EXISTS, path,
                          S_ISDIR(info.st_mode) ? "a folder of that name already exists"
                                                : "a file of that name already exists");
    /* An empty -wal and a -shm are harmless: nothing in them is replayed. */
    for (guint i = 0; i < G_N_ELEMENTS(sidecars); i++) {
        g_autofree char *sidecar = g_strconcat(path, sidecars[i], NULL);
        if (g_lstat(sidecar, &info) == 0 && (!S_ISREG(info.st_mode) || info.st_size > 0) &&
            strcmp(sidecars[i], "-shm") != 0)
            return store_fail(
                error, STORE_ERROR_EXISTS, path,
                "%s, left by an earlier game of that name, is in the way; move it away or "
                "delete it to start a new game here",
                sidecar);
    }
    return TRUE;
}

/* The data files @content was parsed from, into the content table. */
static gboolean insert_content(Store *store, const CavContent *content, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc = SQLITE_DONE;

    if (!store_prepare(store, "INSERT INTO content (file, text) VALUES (?, ?)", &stmt, error))
        return FALSE;
    for (guint f = 0; rc == SQLITE_DONE && f < CAV_CONTENT_FILES; f++) {
        sqlite3_bind_text(stmt, 1, content_file_name(f), -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 2, content_text(content, f), -1, SQLITE_STATIC);
        rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "recording the game's data");
}

Store *store_create(const char *path, gint64 seed, const char *player_name,
                    const CavContent *content, GError **error)
{
    g_autoptr(Store) store = NULL;
    g_autofree char *dir = NULL;
    g_autoptr(GString) sql = g_string_new(NULL);

    g_return_val_if_fail(path != NULL && player_name != NULL && content != NULL, NULL);
    if (!store_check_free(path, error))
        return NULL;
    dir = g_path_get_dirname(path);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        store_fail(error, STORE_ERROR_IO, path, "cannot create folder %s: %s", dir,
                   g_strerror(errno));
        return NULL;
    }
    store = store_alloc(path, TRUE);
    store->version = STORE_SCHEMA_VERSION;
    store->whole_checked = TRUE; /* new, so whole */
    g_string_append(sql, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; BEGIN;");
    g_string_append(sql, schema_sql);
    codec_sql_views(sql);
    g_string_append_printf(sql, "PRAGMA application_id = %d; PRAGMA user_version = %d;",
                           STORE_APPLICATION_ID, STORE_SCHEMA_VERSION);
    if (!open_db(store, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE,
                 error) ||
        !store_exec(store, sql->str, error, "creating the game") ||
        !insert_game_row(store, seed, player_name, error) ||
        !insert_content(store, content, error) ||
        !store_exec(store, "COMMIT;", error, "creating the game") ||
        !prepare_writers(store, error)) {
        g_clear_pointer(&store, store_free);
        /* With its sidecars: on a full disk the close cannot fold the
         * -wal, and SQLite leaves it and the -shm. */
        store_remove_part(path);
        return NULL;
    }
    return g_steal_pointer(&store);
}

/* ---- opening untrusted files -------------------------------------------- */

/* Only a regular file is opened as a game, by its own name: a FIFO or a
 * device would block or never end, and a link would have SQLite put its
 * sidecars beside another file. A sidecar (-wal, -shm, -journal) that is
 * there must be a regular file too. */
static gboolean check_file_kind(const char *path, GError **error)
{
    GStatBuf info;

    if (g_lstat(path, &info) != 0)
        return store_fail(error, errno == ENOENT ? STORE_ERROR_NOT_FOUND : STORE_ERROR_IO, path,
                          "%s", g_strerror(errno));
    if (S_ISLNK(info.st_mode)) {
        g_autofree char *target = g_file_read_link(path, NULL);
        return store_fail(
            error, STORE_ERROR_NOT_A_GAME, path,
            "a symbolic link (to %s); cavelog opens a game by the name of the file itself",
            target != NULL ? target : "?");
    }
    if (S_ISDIR(info.st_mode))
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path, "a folder, not a game file");
    if (!S_ISREG(info.st_mode))
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                          "not a game file (a FIFO, device or socket, not a regular file)");
    for (guint i = 0; i < G_N_ELEMENTS(sidecars); i++) {
        g_autofree char *sidecar = g_strconcat(path, sidecars[i], NULL);
        if (g_lstat(sidecar, &info) == 0 && !S_ISREG(info.st_mode))
            return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                              "%s beside it is not a regular file; move it away to open the game",
                              sidecar);
    }
    return TRUE;
}

static gboolean check_header(const char *path, GError **error)
{
    static const char magic[16] = "SQLite format 3";
    char header[16] = {0};
    GStatBuf info;
    gssize got;
    int fd;

    if (!check_file_kind(path, error))
        return FALSE;
    /* Not blocking, and checked again once open: the name may have changed. */
    fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
    if (fd < 0)
        return store_fail(error, errno == ENOENT ? STORE_ERROR_NOT_FOUND : STORE_ERROR_IO, path,
                          "%s", g_strerror(errno));
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                          "not a game file (not a regular file)");
    }
    got = read(fd, header, sizeof header);
    close(fd);
    if (got == 0)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                          "not a cavelog game (the file is empty)");
    if (got < (gssize) sizeof header || memcmp(header, magic, sizeof magic) != 0)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                          "not a cavelog game (not an SQLite database)");
    return TRUE;
}

/* The first problem in a quick_check report, as one line: the report can
 * hold many problems in one row, after a "*** in database main ***" line. */
static char *first_problem(const char *report)
{
    g_auto(GStrv) lines = g_strsplit(report != NULL ? report : "?", "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0' && !g_str_has_prefix(lines[i], "*** "))
            return g_strndup(lines[i], 200);
    return g_strdup("?");
}

static gboolean check_integrity(Store *store, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(store->db, "PRAGMA quick_check", -1, &stmt, NULL);
    g_autofree char *first = NULL;

    if (rc != SQLITE_OK)
        return store_fail_sqlite(store, rc, error, "checking the file");
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW)
        first = g_strdup((const char *) sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW)
        return store_fail_sqlite(store, rc, error, "checking the file");
    if (first == NULL || strcmp(first, "ok") != 0) {
        g_autofree char *problem = first_problem(first);
        return fail_damaged(error, store->path, problem);
    }
    return TRUE;
}

gboolean store_query_int(Store *store, const char *sql, gint64 *out, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(store->db, sql, -1, &stmt, NULL);

    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return store_fail_sqlite(store, rc, error, "reading the file");
    }
    rc = sqlite3_step(stmt);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ||
           store_fail_sqlite(store, rc, error, "reading the file");
}

/* Whether a schema object (type, name) is one cavelog makes, views apart. */
static gboolean known_object(const char *type, const char *name)
{
    static const char *const tables[] = {"game",    "turns",   "events",   "snapshots",
                                         "content", "lineage", "bookmarks"};

    if (g_str_has_prefix(name, "sqlite_"))
        return strcmp(type, "trigger") != 0 && strcmp(type, "view") != 0;
    for (guint i = 0; strcmp(type, "table") == 0 && i < G_N_ELEMENTS(tables); i++)
        if (strcmp(name, tables[i]) == 0)
            return TRUE;
    return FALSE;
}

/* Nothing in the schema but cavelog's tables and views, and each view reads
 * what its name and columns say: a rewritten view would show a `sqlite3`
 * user other numbers than the game reads. */
static gboolean check_objects(Store *store, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;
    int rc;

    if (!store_prepare(store, "SELECT type, name, sql FROM sqlite_schema", &stmt, error))
        return FALSE;
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *type = (const char *) sqlite3_column_text(stmt, 0);
        const char *name = (const char *) sqlite3_column_text(stmt, 1);
        const char *sql = (const char *) sqlite3_column_text(stmt, 2);
        g_autofree char *shown = NULL;
        if (type == NULL || name == NULL)
            continue;
        shown = g_strndup(name, 40);
        g_strcanon(shown, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", '?');
        if (strcmp(type, "view") == 0)
            ok = codec_sql_view_is_honest(name, sql) ||
                 store_fail(error, STORE_ERROR_TAMPERED, store->path,
                            "the view %s does not read what cavelog makes it read (rewritten?)",
                            shown);
        else if (!known_object(type, name))
            ok = store_fail(error, STORE_ERROR_TAMPERED, store->path,
                            "it holds %s %s cavelog never makes (%s)",
                            strchr("aeiou", type[0]) != NULL ? "an" : "a", type, shown);
    }
    sqlite3_finalize(stmt);
    if (ok && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the file's schema");
    return ok;
}

/* The shape of @table in @db: each column's name, type, NOT NULL and key
 * place; "" when there is no such table. Caller frees. */
static char *table_shape(sqlite3 *db, const char *table)
{
    sqlite3_stmt *stmt = NULL;
    char *shape = NULL;

    if (sqlite3_prepare_v2(db,
                           "SELECT group_concat(name || ' ' || type || ' ' || \"notnull\" || ' ' ||"
                           " pk, ', ') FROM pragma_table_xinfo(?1)",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, table, -1, SQLITE_STATIC);
        if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != NULL)
            shape = g_strdup((const char *) sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    return shape != NULL ? shape : g_strdup("");
}

/* Each of cavelog's tables in a file of this build's schema has the
 * columns this build makes (names, types, NOT NULL, keys): a table rebuilt
 * with other columns is not read as if it were cavelog's. */
static gboolean check_shapes(Store *store, GError **error)
{
    static const char *const tables[] = {"game",    "turns",   "events",   "snapshots",
                                         "content", "lineage", "bookmarks"};
    sqlite3 *made = NULL;
    gboolean ok = TRUE;

    if (store->version != STORE_SCHEMA_VERSION)
        return TRUE; /* older layouts are migrated, then checked */
    if (sqlite3_open_v2(":memory:", &made, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sqlite3_exec(made, schema_sql, NULL, NULL, NULL) != SQLITE_OK) {
        sqlite3_close(made);
        return store_fail(error, STORE_ERROR_IO, store->path, "cannot check the file's tables");
    }
    for (guint i = 0; ok && i < G_N_ELEMENTS(tables); i++) {
        g_autofree char *want = table_shape(made, tables[i]);
        g_autofree char *have = table_shape(store->db, tables[i]);
        if (have[0] != '\0' && strcmp(want, have) != 0)
            ok = store_fail(error, STORE_ERROR_TAMPERED, store->path,
                            "its %s table does not have the columns cavelog makes", tables[i]);
    }
    sqlite3_close(made);
    return ok;
}

/* The rows cavelog relies on being alone: one game row (id 1), at most one
 * lineage row. */
static gboolean check_rows(Store *store, GError **error)
{
    gint64 games = 0, first = 0, lineages = 0;

    if (!store_query_int(store, "SELECT count(*) FROM game", &games, error) ||
        !store_query_int(store, "SELECT min(id) FROM game", &first, error))
        return FALSE;
    if (games != 1 || first != 1)
        return store_fail(
            error, STORE_ERROR_TAMPERED, store->path,
            "its game table holds %" G_GINT64_FORMAT " rows; cavelog writes one, game 1", games);
    if (store_has_table(store->db, "lineage") &&
        !store_query_int(store, "SELECT count(*) FROM lineage", &lineages, error))
        return FALSE;
    return lineages <= 1 || store_fail(error, STORE_ERROR_TAMPERED, store->path,
                                       "its lineage table holds more than one row");
}

static gboolean check_schema(Store *store, GError **error)
{
    gint64 version = 0, tables = 0, application_id = 0;

    if (!store_query_int(store, "PRAGMA user_version", &version, error) ||
        !store_query_int(store,
                         "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
                         " AND name IN ('game', 'turns', 'events', 'content')",
                         &tables, error))
        return FALSE;
    if (version > STORE_SCHEMA_VERSION)
        return store_fail(error, STORE_ERROR_NEWER, store->path,
                          "written by a newer cavelog (file format %" G_GINT64_FORMAT
                          "; this build reads up to %d)",
                          version, STORE_SCHEMA_VERSION);
    if (version < 1 || tables != (version >= 3 ? 4 : 3))
        return store_fail(error, STORE_ERROR_NOT_A_GAME, store->path,
                          "not a cavelog game (an SQLite database without cavelog's tables)");
    /* Version 3 files carry cavelog's id (older ones get it when migrated). */
    if (version >= 3 && !store_query_int(store, "PRAGMA application_id", &application_id, error))
        return FALSE;
    if (version >= 3 && application_id != STORE_APPLICATION_ID)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, store->path,
                          "not a cavelog game (SQLite application id %" G_GINT64_FORMAT
                          ", not cavelog's)",
                          application_id);
    /* Older versions are read as they are and migrated when opened for
     * writing (set_up_writing). */
    store->version = version;
    return check_objects(store, error) && check_shapes(store, error) && check_rows(store, error);
}

/* Every turn's digest rewritten as this build computes it (the state grew
 * fields since version 1), inside the migration's transaction. */
static gboolean rewrite_digests(Store *store, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(store->db, "UPDATE turns SET digest = ?1 WHERE turn = ?2", -1,
                                &stmt, NULL);

    for (guint t = 0; rc == SQLITE_OK && t < store->current_digests->len; t++) {
        char digest[17];
        g_snprintf(digest, sizeof digest, "%016" G_GINT64_MODIFIER "x",
                   g_array_index(store->current_digests, guint64, t));
        sqlite3_bind_text(stmt, 1, digest, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 2, t);
        rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(store->db);
        sqlite3_reset(stmt);
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_OK || store_fail_sqlite(store, rc, error, "updating the file's digests");
}

/* Every turn's digest as this build computes it, which the session worked
 * out while it checked the file: the same number of turns, or none. */
static gboolean check_current_digests(Store *store, GError **error)
{
    gint64 turns = 0;

    if (store->current_digests == NULL)
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "an older game can only be updated once it has been checked");
    if (!store_query_int(store, "SELECT count(*) FROM turns", &turns, error))
        return FALSE;
    return turns == (gint64) store->current_digests->len ||
           store_fail(error, STORE_ERROR_TAMPERED, store->path,
                      "the game's turns changed while it was being updated");
}

/* *@same: the file's views are exactly the ones this build makes. */
static gboolean views_current(Store *store, gboolean *same, GError **error)
{
    g_autoptr(GString) ours = g_string_new(NULL);
    g_auto(GStrv) made = NULL;
    sqlite3_stmt *stmt = NULL;
    guint found = 0;
    int rc;

    codec_sql_views(ours);
    made = g_strsplit(ours->str, ";\n", -1);
    *same = TRUE;
    if (!store_prepare(store, "SELECT sql FROM sqlite_schema WHERE type = 'view'", &stmt, error))
        return FALSE;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *sql = (const char *) sqlite3_column_text(stmt, 0);
        found++;
        if (sql == NULL || !g_strv_contains((const char *const *) made, sql))
            *same = FALSE;
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the file's views");
    if (found != CAV_EVENT_TYPE_COUNT)
        *same = FALSE;
    return TRUE;
}

/* Drop every view and make this build's: a file made by an older build
 * gets the views of newer event types (inside the writer's transaction). */
static gboolean refresh_views(Store *store, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    g_autoptr(GString) sql = g_string_new(NULL);
    gboolean same = FALSE;
    int rc;

    /* Views already this build's are left alone: no write for nothing. */
    if (!views_current(store, &same, error))
        return FALSE;
    if (same)
        return TRUE;
    if (!store_prepare(store, "SELECT name FROM sqlite_schema WHERE type = 'view'", &stmt, error))
        return FALSE;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        g_autofree char *quoted = g_strescape((const char *) sqlite3_column_text(stmt, 0), NULL);
        /* The name passed the schema check: an event type's, no quotes in it. */
        g_string_append_printf(sql, "DROP VIEW \"%s\";\n", quoted);
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the file's views");
    codec_sql_views(sql);
    return store_exec(store, sql->str, error, "updating the file's views");
}

/* Bring the file up to this build's format and views, all or nothing. */
static gboolean migrate_and_refresh(Store *store, GError **error)
{
    G_STATIC_ASSERT(STORE_SCHEMA_VERSION == 3); /* a new version needs its migration here */
    const char *doing = "updating the file to this version's format";

    /* Version 1 → 2: the game row learns the player's kills and score.
     * 2 → 3: the content table, the application id, and digests by parts. */
    if (store->version < 3 && !check_current_digests(store, error))
        return FALSE;
    if (!store_exec(store, "BEGIN IMMEDIATE;", error, doing))
        return FALSE;
    if ((store->version >= 3 || rewrite_digests(store, error)) &&
        (store->version >= 2 || store_exec(store, migrate_v1_sql, error, doing)) &&
        (store->version >= 3 || store_exec(store, migrate_v2_sql, error, doing)) &&
        refresh_views(store, error) && store_exec(store, "COMMIT;", error, doing)) {
        store->version = STORE_SCHEMA_VERSION;
        return TRUE;
    }
    sqlite3_exec(store->db, "ROLLBACK;", NULL, NULL, NULL);
    return FALSE;
}

void store_set_current_digests(Store *store, GArray *digests)
{
    g_return_if_fail(store != NULL && digests != NULL);
    g_clear_pointer(&store->current_digests, g_array_unref);
    store->current_digests = g_array_ref(digests);
}

gint64 store_schema_version(const Store *store)
{
    g_return_val_if_fail(store != NULL, 0);
    return store->version;
}

/* The process holding the writer's lock on the file open as @fd, or 0. */
static pid_t writer_of(int fd)
{
    struct flock lock = {
        .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = WRITER_LOCK_BYTE, .l_len = 1};

    if (fcntl(fd, F_GETLK, &lock) != 0 || lock.l_type == F_UNLCK)
        return 0;
    return lock.l_pid;
}

static gboolean fail_played(GError **error, const char *path, pid_t pid)
{
    return store_fail(error, STORE_ERROR_IO, path, "this game is being played by process %d",
                      (int) pid);
}

gboolean store_check_not_played(const char *path, GError **error)
{
    int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
    pid_t pid;

    if (fd < 0)
        return TRUE; /* store_open says what is wrong */
    pid = writer_of(fd);
    close(fd);
    return pid == 0 || fail_played(error, path, pid);
}

/* Take (or hold on to) the writer's lock: one process writes a game. */
static gboolean take_writer_lock(Store *store, GError **error)
{
    struct flock lock = {
        .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = WRITER_LOCK_BYTE, .l_len = 1};

    if (store->lock_fd < 0)
        store->lock_fd = g_open(store->path, O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0);
    if (store->lock_fd < 0)
        return store_fail(error, STORE_ERROR_IO, store->path, "%s", g_strerror(errno));
    if (fcntl(store->lock_fd, F_SETLK, &lock) == 0)
        return TRUE;
    if (errno != EAGAIN && errno != EACCES)
        return store_fail(error, STORE_ERROR_IO, store->path, "%s", g_strerror(errno));
    return fail_played(error, store->path, writer_of(store->lock_fd));
}

/* Only a file that passed the checks gets written to: make sure it is in
 * the journal mode every cavelog writer uses, bring an older format up to
 * date, and ready the statements. */
static gboolean set_up_writing(Store *store, GError **error)
{
    /* The lock after WAL mode: in rollback mode SQLite unlocks the whole
     * file (our byte too) after each transaction; in WAL mode it holds its
     * shared lock while open. */
    return store_exec(store, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", error,
                      "opening") &&
           take_writer_lock(store, error) && migrate_and_refresh(store, error) &&
           prepare_writers(store, error);
}

/* SQLite's whole-file check, unless the caller knows the file sound. */
static gboolean check_whole(Store *store, gboolean sound, GError **error)
{
    if (sound)
        return TRUE;
    store->whole_checked = TRUE;
    return check_integrity(store, error);
}

static Store *open_checked(const char *path, gboolean writable, gboolean sound, GError **error)
{
    g_autoptr(Store) store = NULL;
    int flags = writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
    GError *local = NULL;
    char *copy;

    g_return_val_if_fail(path != NULL, NULL);
    /* A compressed game or a pack is read from a private copy, never
     * remembered as sound (the copy goes with the store). */
    copy = writable ? NULL : store_copy_make(path, &local);
    if (local != NULL) {
        g_propagate_error(error, local);
        return NULL;
    }
    if (!check_header(copy != NULL ? copy : path, error)) {
        if (copy != NULL)
            store_error_rename(error != NULL ? *error : NULL, copy, path);
        store_copy_remove(copy);
        g_free(copy);
        return NULL;
    }
    store = store_alloc(path, writable);
    store->copy = copy;
    sound = sound && copy == NULL; /* a copy is checked whole, never vouched for */
    if (!(writable ? open_db(store, flags, error) : open_for_reading(store, error)) ||
        !check_whole(store, sound, error) || !check_schema(store, error))
        return NULL;
    if (!writable && !store_exec(store, "PRAGMA query_only = ON;", error, "opening"))
        return NULL;
    if (writable && !set_up_writing(store, error))
        return NULL;
    return g_steal_pointer(&store);
}

Store *store_open(const char *path, gboolean writable, GError **error)
{
    return open_checked(path, writable, FALSE, error);
}

Store *store_open_sound(const char *path, GError **error)
{
    return open_checked(path, FALSE, TRUE, error);
}

gboolean store_checked_whole(const Store *store)
{
    g_return_val_if_fail(store != NULL, FALSE);
    return store->whole_checked;
}

gboolean store_writable(const Store *store)
{
    g_return_val_if_fail(store != NULL, FALSE);
    return store->writable;
}

gboolean store_reads_copy(const Store *store)
{
    g_return_val_if_fail(store != NULL, FALSE);
    return store->copy != NULL;
}

gboolean store_make_writable(Store *store, GError **error)
{
    sqlite3 *readonly;

    g_return_val_if_fail(store != NULL, FALSE);
    if (store->writable)
        return TRUE;
    if (store->copy != NULL)
        return store_fail(error, STORE_ERROR_IO, store->path,
                          "a compressed game or a pack is only read; decompress (gunzip) or "
                          "unpack it to play on");
    readonly = store->db;
    store->db = NULL;
    /* The schema check is cheap and guards against the file having been
     * swapped; the read-only open ran the full quick_check, or found the
     * caller knew the file sound as it was (store_open_sound). */
    if (!open_db(store, SQLITE_OPEN_READWRITE, error) || !check_schema(store, error) ||
        !set_up_writing(store, error)) {
        sqlite3_finalize(store->insert_event);
        sqlite3_finalize(store->insert_turn);
        sqlite3_finalize(store->update_game);
        store->insert_event = store->insert_turn = store->update_game = NULL;
        sqlite3_close_v2(store->db);
        store->db = readonly;
        return FALSE;
    }
    sqlite3_close_v2(readonly);
    store->writable = TRUE;
    /* Closing the read-only connection may have dropped the lock. */
    return take_writer_lock(store, error);
}

const char *store_path(const Store *store)
{
    return store->path;
}

/* ---- metadata ------------------------------------------------------------ */

void store_game_info_clear(StoreGameInfo *info)
{
    g_free(info->build);
    g_free(info->created);
    g_free(info->updated);
    g_free(info->player_name);
    g_free(info->outcome);
    g_free(info->cause);
    memset(info, 0, sizeof *info);
}

static char *column_text(sqlite3_stmt *stmt, int column)
{
    const unsigned char *text = sqlite3_column_text(stmt, column);

    if (text == NULL)
        return NULL;
    return g_utf8_make_valid((const char *) text, -1);
}

/* Integer column @column into *@out when it lies in @lo…G_MAXINT32: read
 * at its full width, so that a value raised by 2^32 is not taken for its low
 * 32 bits. */
static gboolean column_int32(sqlite3_stmt *stmt, int column, gint64 lo, gint32 *out)
{
    gint64 value = sqlite3_column_int64(stmt, column);

    if (sqlite3_column_type(stmt, column) != SQLITE_INTEGER || value < lo || value > G_MAXINT32)
        return FALSE;
    *out = (gint32) value;
    return TRUE;
}

gboolean store_read_info(Store *store, StoreGameInfo *out, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean in_range = TRUE;
    int rc;

    memset(out, 0, sizeof *out);
    if (!store_prepare(
            store,
            store->version >= 2
                ? "SELECT seed, build, created, updated, player_name, outcome, cause, turns,"
                  " depth, kills, score FROM game WHERE id = 1"
                : read_info_v1_sql,
            &stmt, error))
        return FALSE;
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
        out->seed = sqlite3_column_int64(stmt, 0);
        out->build = column_text(stmt, 1);
        out->created = column_text(stmt, 2);
        out->updated = column_text(stmt, 3);
        out->player_name = column_text(stmt, 4);
        out->outcome = column_text(stmt, 5);
        out->cause = column_text(stmt, 6);
        in_range = column_int32(stmt, 7, 0, &out->turns) && column_int32(stmt, 8, 1, &out->depth) &&
                   column_int32(stmt, 9, 0, &out->kills) &&
                   column_int32(stmt, 10, G_MININT32, &out->score);
    }
    sqlite3_finalize(stmt);
    if (rc == SQLITE_DONE)
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "the game's description is missing");
    if (rc != SQLITE_ROW)
        return store_fail_sqlite(store, rc, error, "reading the game's description");
    if (!in_range) {
        store_game_info_clear(out);
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "the game's description holds a number out of range");
    }
    if (out->outcome == NULL || out->updated == NULL || out->player_name == NULL) {
        store_game_info_clear(out);
        return store_fail(error, STORE_ERROR_TAMPERED, store->path,
                          "the game's description is damaged");
    }
    return TRUE;
}

/* ---- appending ----------------------------------------------------------- */

static gboolean step_reset(Store *store, sqlite3_stmt *stmt, GError **error, const char *doing)
{
    int rc = sqlite3_step(stmt);
    gboolean ok = rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, doing);

    /* Reset only after reading the error: a reset forgets the system errno. */
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    return ok;
}

static void bind_id(sqlite3_stmt *stmt, int column, gint64 id)
{
    if (id == 0)
        sqlite3_bind_null(stmt, column);
    else
        sqlite3_bind_int64(stmt, column, id);
}

void store_bind_event(sqlite3_stmt *stmt, const CavEvent *event, GString *payload)
{
    g_string_truncate(payload, 0);
    codec_encode_payload(event, payload);
    sqlite3_bind_int64(stmt, 1, event->seq);
    sqlite3_bind_int(stmt, 2, event->turn);
    sqlite3_bind_text(stmt, 3, ev_type_name(event->type), -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 4, event->version);
    bind_id(stmt, 5, event->cause);
    bind_id(stmt, 6, event->actor);
    sqlite3_bind_text(stmt, 7, payload->str, (int) payload->len, SQLITE_STATIC);
}

static gboolean insert_event(Store *store, const CavEvent *event, GError **error)
{
    store_bind_event(store->insert_event, event, store->scratch);
    return step_reset(store, store->insert_event, error, "saving an event");
}

static gboolean insert_turn(Store *store, const CavCommand *command, const CavEvent *events,
                            guint n_events, const CavState *after, GError **error)
{
    sqlite3_stmt *stmt = store->insert_turn;
    char digest[17];

    g_snprintf(digest, sizeof digest, "%016" G_GINT64_MODIFIER "x", state_digest(after));
    g_string_truncate(store->scratch, 0);
    command_to_json(command, store->scratch);
    sqlite3_bind_int(stmt, 1, after->turn);
    sqlite3_bind_text(stmt, 2, store->scratch->str, (int) store->scratch->len, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, digest, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 4, events[0].seq);
    sqlite3_bind_int64(stmt, 5, events[n_events - 1].seq);
    return step_reset(store, stmt, error, "saving a turn");
}

void store_bind_description(sqlite3_stmt *stmt, const char *stamp, const CavState *state)
{
    const CavCreature *player = state_player(state);

    sqlite3_bind_text(stmt, 1, stamp, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, state_outcome_name(state->outcome), -1, SQLITE_STATIC);
    if (state->cause[0] != '\0')
        sqlite3_bind_text(stmt, 3, state->cause, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(stmt, 3);
    sqlite3_bind_int(stmt, 4, state->turn);
    sqlite3_bind_int(stmt, 5, state->deepest + 1);
    sqlite3_bind_int(stmt, 6, player != NULL ? player->kills : 0);
    sqlite3_bind_int(stmt, 7, state_score(state));
}

static gboolean update_game(Store *store, const CavState *after, GError **error)
{
    sqlite3_stmt *stmt = store->update_game;

    store_bind_description(stmt, store_now(store), after);
    return step_reset(store, stmt, error, "saving the game's description");
}

/* The file at the store's path is still the one it opened: a game whose
 * file was deleted (or replaced) while it is played would go on saving into
 * a file nobody can open again. */
static gboolean check_in_place(Store *store, GError **error)
{
    GStatBuf info;

    if (g_stat(store->path, &info) != 0)
        return store_fail(
            error, STORE_ERROR_IO, store->path,
            "the game file was deleted while the game was played; this turn is not saved, "
            "and the game stops here");
    if (info.st_dev != store->device || info.st_ino != store->inode)
        return store_fail(
            error, STORE_ERROR_IO, store->path,
            "the game file was replaced by another while the game was played; this turn is "
            "not saved, and the game stops here");
    return TRUE;
}

/* The keyframe row of the turn whose last event is @seq. */
static gboolean insert_keyframe(Store *store, gint64 seq, GBytes *keyframe, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gsize size;
    const void *data = g_bytes_get_data(keyframe, &size);
    int rc;

    if (!store_prepare(store, "INSERT OR REPLACE INTO snapshots (seq, state) VALUES (?, ?)", &stmt,
                       error))
        return FALSE;
    sqlite3_bind_int64(stmt, 1, seq);
    sqlite3_bind_blob64(stmt, 2, data, size, SQLITE_STATIC);
    rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE || store_fail_sqlite(store, rc, error, "saving a keyframe");
}

gboolean store_append_turn(Store *store, const CavCommand *command, const CavEvent *events,
                           guint n_events, const CavState *after, GError **error)
{
    return store_append_turn_keyframe(store, command, events, n_events, after, NULL, error);
}

gboolean store_append_turn_keyframe(Store *store, const CavCommand *command, const CavEvent *events,
                                    guint n_events, const CavState *after, GBytes *keyframe,
                                    GError **error)
{
    gboolean ok;

    g_return_val_if_fail(store != NULL && store->writable, FALSE);
    g_return_val_if_fail(events != NULL && n_events > 0 && after != NULL, FALSE);
    /* The lock again: a close of the file elsewhere in this process drops it. */
    if (!check_in_place(store, error) || !take_writer_lock(store, error))
        return FALSE;
    if (!store_exec(store, "BEGIN IMMEDIATE;", error, "saving a turn"))
        return FALSE;
    ok = TRUE;
    for (guint i = 0; ok && i < n_events; i++)
        ok = insert_event(store, &events[i], error);
    ok = ok && insert_turn(store, command, events, n_events, after, error) &&
         update_game(store, after, error) &&
         (keyframe == NULL || insert_keyframe(store, after->last_seq, keyframe, error)) &&
         store_exec(store, "COMMIT;", error, "saving a turn");
    if (!ok) {
        sqlite3_exec(store->db, "ROLLBACK;", NULL, NULL, NULL);
        store->write_failed = TRUE;
    }
    return ok;
}
