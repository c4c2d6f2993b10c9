/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-fork.c — how fast a fork copies a game's rows, against SQLite's
 * own speed on the same rows: a bare prepared INSERT of every event row
 * into a fresh file with the same journal settings, in one transaction.
 * Both figures leave the COMMIT out; the fork's include encoding each
 * payload. Usage: bench-fork [TURNS] (a bot game of up to TURNS turns). */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>

#include "fork.h"
#include "autoplay.h"
#include "session.h"

/* Play bot games of successive seeds at @path until one lasts @turns or
 * five have been tried (keeping the longest); returns its last turn. */
static gint32 record(const char *path, gint64 turns)
{
    g_autofree char *trial = g_strconcat(path, ".trial", NULL);
    gint32 best = -1;

    for (gint64 seed = 1; seed <= 5 && best < turns; seed++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(trial, seed, "bench", NULL, &error);
        gint32 reached;
        g_assert_no_error(error);
        for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++)
            g_assert_true(autoplay_turn(session, &error));
        reached = session_state(session)->turn;
        g_clear_pointer(&session, session_free);
        if (reached > best) {
            best = reached;
            g_assert_cmpint(g_rename(trial, path), ==, 0);
        } else {
            g_unlink(trial);
        }
    }
    return best;
}

typedef struct {
    gint64 seq, turn, version, cause, actor; /* 0 cause/actor: NULL */
    char *type, *payload;
} Row;

static void row_clear(Row *row)
{
    g_free(row->type);
    g_free(row->payload);
}

/* Every event row of @path, as the fork wrote them. */
static GArray *read_rows(const char *path)
{
    GArray *rows = g_array_new(FALSE, FALSE, sizeof(Row));
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;

    g_array_set_clear_func(rows, (GDestroyNotify) row_clear);
    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(db,
                                       "SELECT seq, turn, type, version, cause, actor, payload"
                                       " FROM events ORDER BY seq",
                                       -1, &stmt, NULL),
                    ==, SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        Row row = {
            .seq = sqlite3_column_int64(stmt, 0),
            .turn = sqlite3_column_int64(stmt, 1),
            .type = g_strdup((const char *) sqlite3_column_text(stmt, 2)),
            .version = sqlite3_column_int64(stmt, 3),
            .cause = sqlite3_column_int64(stmt, 4),
            .actor = sqlite3_column_int64(stmt, 5),
            .payload = g_strdup((const char *) sqlite3_column_text(stmt, 6)),
        };
        g_array_append_val(rows, row);
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rows;
}

static void bind_id(sqlite3_stmt *stmt, int column, gint64 id)
{
    if (id == 0)
        sqlite3_bind_null(stmt, column);
    else
        sqlite3_bind_int64(stmt, column, id);
}

/* Microseconds a bare prepared INSERT of @rows takes into a fresh file at
 * @path (WAL, synchronous NORMAL, the events table as cavelog makes it). */
static gint64 bare_insert(const char *path, GArray *rows)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    gint64 start, took;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    if (sqlite3_exec(db,
                     "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                     "CREATE TABLE events (seq INTEGER PRIMARY KEY, turn INTEGER NOT"
                     " NULL, type TEXT NOT NULL, version INTEGER NOT NULL, cause"
                     " INTEGER, actor INTEGER, payload TEXT NOT NULL) STRICT;"
                     "BEGIN IMMEDIATE;",
                     NULL, NULL, NULL) != SQLITE_OK)
        g_error("%s: %s", path, sqlite3_errmsg(db));
    g_assert_cmpint(sqlite3_prepare_v2(db,
                                       "INSERT INTO events (seq, turn, type, version, cause,"
                                       " actor, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                       -1, &stmt, NULL),
                    ==, SQLITE_OK);
    start = g_get_monotonic_time();
    for (guint i = 0; i < rows->len; i++) {
        const Row *row = &g_array_index(rows, Row, i);
        sqlite3_bind_int64(stmt, 1, row->seq);
        sqlite3_bind_int64(stmt, 2, row->turn);
        sqlite3_bind_text(stmt, 3, row->type, -1, SQLITE_STATIC);
        sqlite3_bind_int64(stmt, 4, row->version);
        bind_id(stmt, 5, row->cause);
        bind_id(stmt, 6, row->actor);
        sqlite3_bind_text(stmt, 7, row->payload, -1, SQLITE_STATIC);
        g_assert_cmpint(sqlite3_step(stmt), ==, SQLITE_DONE);
        sqlite3_reset(stmt);
    }
    took = g_get_monotonic_time() - start;
    sqlite3_finalize(stmt);
    g_assert_cmpint(sqlite3_exec(db, "COMMIT;", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close(db);
    return took;
}

static void remove_game(const char *path)
{
    static const char *const sidecars[] = {"", "-wal", "-shm", "-journal"};

    for (guint i = 0; i < G_N_ELEMENTS(sidecars); i++) {
        g_autofree char *name = g_strconcat(path, sidecars[i], NULL);
        g_unlink(name);
    }
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 6000;
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-fork-XXXXXX", &error);
    g_autofree char *parent = g_build_filename(dir, "parent.cavelog", NULL);
    g_autofree char *fork = g_build_filename(dir, "fork.cavelog", NULL);
    g_autofree char *bare = g_build_filename(dir, "bare.cavelog", NULL);
    gint64 best_copy = G_MAXINT64, best_bare = G_MAXINT64, best_total = G_MAXINT64, events = 0;
    gint32 last;

    g_assert_no_error(error);
    last = record(parent, turns);
    for (int round = 0; round < 3; round++) {
        ForkReport report;
        g_autoptr(GArray) rows = NULL;
        gint64 bare_us;
        remove_game(fork);
        remove_game(bare);
        g_assert_true(fork_game(parent, last, fork, &report, &error));
        rows = read_rows(fork);
        g_assert_cmpint(rows->len, ==, report.events);
        events = report.events;
        best_copy = MIN(best_copy, report.copy_us);
        best_total = MIN(best_total, report.total_us);
        bare_us = bare_insert(bare, rows); /* not inside MIN, which evaluates twice */
        best_bare = MIN(best_bare, bare_us);
    }
    {
        double fork_rate = events / (best_copy / 1e6), bare_rate = events / (best_bare / 1e6);
        double whole_rate = events / (best_total / 1e6);
        g_print("fork of a %d-turn game: %" G_GINT64_FORMAT " event rows (best of 3)\n", last,
                events);
        g_print("  fork's copy (encode + prepared INSERT):  %10.0f rows/s\n", fork_rate);
        g_print("  bare prepared INSERT of the same rows:   %10.0f rows/s\n", bare_rate);
        g_print("  ratio: %.0f %% (the issue asks for at least 40 %%)\n",
                100.0 * fork_rate / bare_rate);
        g_print("  whole fork (checks, fold, copy, commit): %10.0f rows/s, %.0f ms\n", whole_rate,
                best_total / 1e3);
    }
    remove_game(fork);
    remove_game(bare);
    remove_game(parent);
    g_rmdir(dir);
    return EXIT_SUCCESS;
}
