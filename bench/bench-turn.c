/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-turn.c — what a turn costs beside what SQLite alone costs for it.
 * A bot plays games; each turn's session_play (the rules, every monster of
 * the level, encoding, the digest and the store's one transaction) is timed.
 * Then the very same rows (each turn's events, its turns row and the game
 * row's update) are written again into a fresh file with the same schema
 * and settings by bare prepared statements, a transaction a turn, and timed.
 * Both in one run, so their ratio holds on a noisy machine.
 * Usage: bench-turn [TURNS] [GAMES]. */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>

#include "autoplay.h"
#include "bot.h"
#include "session.h"
#include "store.h"

/* Play @command on @session, adding the time session_play took to
 * @play_us; returns why it was refused, or NULL. */
static char *play_one(Session *session, const CavCommand *command, gint64 *play_us)
{
    g_autoptr(GError) error = NULL;
    char *why = NULL;
    gint64 t0 = g_get_monotonic_time();

    if (!session_play(session, command, &why, &error))
        g_error("%s", error->message);
    *play_us += g_get_monotonic_time() - t0;
    return why;
}

/* Play a game on @path, timing every session_play (a refused command's and
 * the wait played instead too: every turn in the file is timed); returns
 * its turns. */
static gint64 play_timed(const char *path, gint64 seed, gint64 turns, gint64 *play_us)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);

    g_assert_no_error(error);
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++) {
        CavCommand command =
            bot_choose(session_state(session), session_content(session), session_view(session));
        g_autofree char *why = play_one(session, &command, play_us);
        if (why != NULL) {
            CavCommand wait = command_simple(CMD_WAIT);
            g_autofree char *refused = play_one(session, &wait, play_us);
            g_assert_null(refused);
        }
    }
    return session_state(session)->turn;
}

static sqlite3 *open_db(const char *path, int flags)
{
    sqlite3 *db = NULL;

    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK)
        g_error("%s: %s", path, sqlite3_errmsg(db));
    return db;
}

static void exec(sqlite3 *db, const char *sql)
{
    char *message = NULL;

    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK)
        g_error("%s: %s", sql, message);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        g_error("%s: %s", sql, sqlite3_errmsg(db));
    return stmt;
}

/* A fresh file at @to with @from's tables (not its views) and one game row,
 * opened and set as the store opens a game it plays (one thread a
 * connection, WAL, synchronous NORMAL, cell size checks). */
static sqlite3 *make_bare(sqlite3 *from, const char *to)
{
    sqlite3 *db = open_db(to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
    sqlite3_stmt *tables = prepare(from, "SELECT sql FROM sqlite_schema WHERE type = 'table'");

    exec(db, "PRAGMA cell_size_check = ON; PRAGMA journal_mode = WAL;"
             " PRAGMA synchronous = NORMAL;");
    while (sqlite3_step(tables) == SQLITE_ROW)
        exec(db, (const char *) sqlite3_column_text(tables, 0));
    sqlite3_finalize(tables);
    exec(db, "INSERT INTO game (id, seed, build, created, updated, player_name)"
             " VALUES (1, 0, '', '', '', 'bench')");
    return db;
}

/* One column's value, as read from the played file. */
typedef struct {
    int type; /* SQLITE_NULL, SQLITE_INTEGER, SQLITE_TEXT or SQLITE_BLOB */
    gint64 number;
    GBytes *bytes;
} Value;

/* Every row of one table, @columns values a row, in memory. */
typedef struct {
    int columns;
    GArray *values;
} Rows;

static void rows_clear(Rows *rows)
{
    for (guint i = 0; i < rows->values->len; i++)
        g_clear_pointer(&g_array_index(rows->values, Value, i).bytes, g_bytes_unref);
    g_array_unref(rows->values);
}

/* The rows @sql selects from @from, read before any timing. */
static Rows read_rows(sqlite3 *from, const char *sql)
{
    sqlite3_stmt *stmt = prepare(from, sql);
    Rows rows = {sqlite3_column_count(stmt), g_array_new(FALSE, TRUE, sizeof(Value))};

    while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int c = 0; c < rows.columns; c++) {
            Value value = {sqlite3_column_type(stmt, c), sqlite3_column_int64(stmt, c), NULL};
            if (value.type == SQLITE_TEXT || value.type == SQLITE_BLOB)
                value.bytes = g_bytes_new(sqlite3_column_blob(stmt, c),
                                          (gsize) sqlite3_column_bytes(stmt, c));
            g_array_append_val(rows.values, value);
        }
    }
    sqlite3_finalize(stmt);
    return rows;
}

static const Value *row_value(const Rows *rows, guint row, int column)
{
    return &g_array_index(rows->values, Value, row * (guint) rows->columns + (guint) column);
}

static guint rows_count(const Rows *rows)
{
    return rows->values->len / (guint) rows->columns;
}

/* Bind row @row of @rows to @stmt's parameters, run it and reset it. */
static void insert_row(sqlite3 *db, sqlite3_stmt *stmt, const Rows *rows, guint row)
{
    for (int c = 0; c < rows->columns; c++) {
        const Value *value = row_value(rows, row, c);
        gsize size = 0;
        const void *data = value->bytes != NULL ? g_bytes_get_data(value->bytes, &size) : NULL;
        if (value->type == SQLITE_NULL)
            sqlite3_bind_null(stmt, c + 1);
        else if (value->type == SQLITE_INTEGER)
            sqlite3_bind_int64(stmt, c + 1, value->number);
        else if (value->type == SQLITE_TEXT)
            sqlite3_bind_text(stmt, c + 1, data, (int) size, SQLITE_STATIC);
        else
            sqlite3_bind_blob(stmt, c + 1, data, (int) size, SQLITE_STATIC);
    }
    if (sqlite3_step(stmt) != SQLITE_DONE)
        g_error("insert: %s", sqlite3_errmsg(db));
    sqlite3_reset(stmt);
}

typedef struct {
    sqlite3 *db;
    sqlite3_stmt *event, *turn, *game, *snapshot;
    Rows events, turns, snapshots;
    guint next_event, next_snapshot;
} Bare;

/* Write turn row @t (with its events, and its keyframe if it wrote one)
 * into the bare file in one transaction; returns the time it took. */
static gint64 write_turn(Bare *bare, guint t)
{
    gint64 last_seq = row_value(&bare->turns, t, 4)->number;
    gint64 t0 = g_get_monotonic_time();

    exec(bare->db, "BEGIN IMMEDIATE;");
    for (; bare->next_event < rows_count(&bare->events) &&
           row_value(&bare->events, bare->next_event, 0)->number <= last_seq;
         bare->next_event++)
        insert_row(bare->db, bare->event, &bare->events, bare->next_event);
    insert_row(bare->db, bare->turn, &bare->turns, t);
    sqlite3_bind_text(bare->game, 1, "2026-01-01T00:00:00Z", -1, SQLITE_STATIC);
    sqlite3_bind_int64(bare->game, 2, row_value(&bare->turns, t, 0)->number);
    if (sqlite3_step(bare->game) != SQLITE_DONE)
        g_error("update: %s", sqlite3_errmsg(bare->db));
    sqlite3_reset(bare->game);
    if (bare->next_snapshot < rows_count(&bare->snapshots) &&
        row_value(&bare->snapshots, bare->next_snapshot, 0)->number == last_seq)
        insert_row(bare->db, bare->snapshot, &bare->snapshots, bare->next_snapshot++);
    exec(bare->db, "COMMIT;");
    return g_get_monotonic_time() - t0;
}

/* The rows of @path written again, bare; returns the microseconds. */
static gint64 write_bare(const char *path, const char *bare_path)
{
    sqlite3 *from = open_db(path, SQLITE_OPEN_READONLY);
    Bare bare = {
        .db = make_bare(from, bare_path),
        .events = read_rows(from, "SELECT seq, turn, type, version, cause, actor, payload"
                                  " FROM events ORDER BY seq"),
        .turns = read_rows(from, "SELECT turn, command, digest, first_seq, last_seq"
                                 " FROM turns ORDER BY turn"),
        .snapshots = read_rows(from, "SELECT seq, state FROM snapshots ORDER BY seq"),
    };
    gint64 us = 0;

    sqlite3_close(from);
    bare.event = prepare(bare.db, "INSERT INTO events (seq, turn, type, version, cause, actor,"
                                  " payload) VALUES (?, ?, ?, ?, ?, ?, ?)");
    bare.turn = prepare(bare.db, "INSERT INTO turns (turn, command, digest, first_seq, last_seq)"
                                 " VALUES (?, ?, ?, ?, ?)");
    bare.game = prepare(bare.db, "UPDATE game SET updated = ?1, outcome = 'playing', cause = NULL,"
                                 " turns = ?2, depth = 1, kills = 0, score = ?2 / 10 WHERE id = 1");
    bare.snapshot = prepare(bare.db, "INSERT INTO snapshots (seq, state) VALUES (?, ?)");
    /* Turn 0 (the world being made) is not a turn of play: both leave it out. */
    for (guint t = 0; t < rows_count(&bare.turns); t++) {
        gint64 spent = write_turn(&bare, t);
        if (row_value(&bare.turns, t, 0)->number > 0)
            us += spent;
    }
    g_assert_cmpuint(bare.next_event, ==, rows_count(&bare.events));
    g_assert_cmpuint(bare.next_snapshot, ==, rows_count(&bare.snapshots));
    sqlite3_finalize(bare.event);
    sqlite3_finalize(bare.turn);
    sqlite3_finalize(bare.game);
    sqlite3_finalize(bare.snapshot);
    sqlite3_close(bare.db);
    rows_clear(&bare.events);
    rows_clear(&bare.turns);
    rows_clear(&bare.snapshots);
    return us;
}

static void remove_game(const char *path)
{
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    g_autofree char *shm = g_strconcat(path, "-shm", NULL);
    g_autofree char *morgue = NULL;

    g_unlink(path);
    g_unlink(wal);
    g_unlink(shm);
    if (g_str_has_suffix(path, ".cavelog")) {
        g_autofree char *stem = g_strndup(path, strlen(path) - strlen(".cavelog"));
        morgue = g_strconcat(stem, ".morgue.txt", NULL);
        g_unlink(morgue);
    }
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 2000;
    gint64 games = argc > 2 ? g_ascii_strtoll(argv[2], NULL, 10) : 3;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    gint64 played = 0, play_us = 0, bare_us = 0;

    for (gint64 g = 0; g < games; g++) {
        g_autofree char *path = g_strdup_printf("%s/turn-%" G_GINT64_FORMAT ".cavelog", dir, g);
        g_autofree char *bare = g_strdup_printf("%s/bare-%" G_GINT64_FORMAT ".db", dir, g);
        played += play_timed(path, 7100 + g, turns, &play_us);
        bare_us += write_bare(path, bare);
        remove_game(path);
        remove_game(bare);
    }
    g_print("turn: %" G_GINT64_FORMAT " turns in %" G_GINT64_FORMAT " games\n", played, games);
    g_print("  a whole turn (rules, every monster, digest, store): %.1f us\n",
            (double) play_us / (double) played);
    g_print("  the same rows, bare SQLite, a transaction a turn:  %.1f us\n",
            (double) bare_us / (double) played);
    g_print("  ratio: %.2f (goal: at most 1.5)\n", (double) play_us / (double) bare_us);
    g_rmdir(dir);
    return EXIT_SUCCESS;
}
