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

/* Play a game on @path, timing session_play alone; returns its turns. */
static gint64 play_timed(const char *path, gint64 seed, gint64 turns, gint64 *play_us)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);

    g_assert_no_error(error);
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++) {
        CavCommand command =
            bot_choose(session_state(session), session_content(session), session_view(session));
        g_autofree char *why = NULL;
        gint64 t0 = g_get_monotonic_time();
        if (!session_play(session, &command, &why, &error))
            g_error("%s", error->message);
        *play_us += g_get_monotonic_time() - t0;
        if (why != NULL && !autoplay_turn(session, &error))
            g_error("%s", error->message);
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
 * in the settings a game is played with. */
static sqlite3 *make_bare(sqlite3 *from, const char *to)
{
    sqlite3 *db = open_db(to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    sqlite3_stmt *tables = prepare(from, "SELECT sql FROM sqlite_schema WHERE type = 'table'");

    exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    while (sqlite3_step(tables) == SQLITE_ROW)
        exec(db, (const char *) sqlite3_column_text(tables, 0));
    sqlite3_finalize(tables);
    exec(db, "INSERT INTO game (id, seed, build, created, updated, player_name)"
             " VALUES (1, 0, '', '', '', 'bench')");
    return db;
}

/* Copy one column of @from's row into parameter @i of @to. */
static void bind_copy(sqlite3_stmt *to, int i, sqlite3_stmt *from, int column)
{
    if (sqlite3_column_type(from, column) == SQLITE_NULL)
        sqlite3_bind_null(to, i);
    else if (sqlite3_column_type(from, column) == SQLITE_INTEGER)
        sqlite3_bind_int64(to, i, sqlite3_column_int64(from, column));
    else
        sqlite3_bind_text(to, i, (const char *) sqlite3_column_text(from, column), -1,
                          SQLITE_TRANSIENT);
}

typedef struct {
    sqlite3_stmt *event, *turn, *game;
} Bare;

/* Write turn @turn of @from (its rows in @events, @turns) into the bare
 * file in one transaction; returns the time it took. */
static gint64 write_turn(sqlite3 *db, Bare *bare, sqlite3_stmt *turns, sqlite3_stmt *events,
                         gint64 last_seq, gboolean *more_events)
{
    gint64 t0 = g_get_monotonic_time();

    exec(db, "BEGIN IMMEDIATE;");
    while (*more_events && sqlite3_column_int64(events, 0) <= last_seq) {
        for (int c = 0; c < 7; c++)
            bind_copy(bare->event, c + 1, events, c);
        if (sqlite3_step(bare->event) != SQLITE_DONE)
            g_error("insert: %s", sqlite3_errmsg(db));
        sqlite3_reset(bare->event);
        *more_events = sqlite3_step(events) == SQLITE_ROW;
    }
    for (int c = 0; c < 5; c++)
        bind_copy(bare->turn, c + 1, turns, c);
    if (sqlite3_step(bare->turn) != SQLITE_DONE)
        g_error("insert: %s", sqlite3_errmsg(db));
    sqlite3_reset(bare->turn);
    sqlite3_bind_text(bare->game, 1, "2026-01-01T00:00:00Z", -1, SQLITE_STATIC);
    sqlite3_bind_int64(bare->game, 2, sqlite3_column_int64(turns, 0));
    if (sqlite3_step(bare->game) != SQLITE_DONE)
        g_error("update: %s", sqlite3_errmsg(db));
    sqlite3_reset(bare->game);
    exec(db, "COMMIT;");
    return g_get_monotonic_time() - t0;
}

/* The rows of @path written again, bare; returns the microseconds. */
static gint64 write_bare(const char *path, const char *bare_path)
{
    sqlite3 *from = open_db(path, SQLITE_OPEN_READONLY);
    sqlite3 *db = make_bare(from, bare_path);
    sqlite3_stmt *turns =
        prepare(from, "SELECT turn, command, digest, first_seq, last_seq FROM turns ORDER BY turn");
    sqlite3_stmt *events = prepare(from, "SELECT seq, turn, type, version, cause, actor, payload"
                                         " FROM events ORDER BY seq");
    Bare bare = {
        .event = prepare(db, "INSERT INTO events (seq, turn, type, version, cause, actor,"
                             " payload) VALUES (?, ?, ?, ?, ?, ?, ?)"),
        .turn = prepare(db, "INSERT INTO turns (turn, command, digest, first_seq, last_seq)"
                            " VALUES (?, ?, ?, ?, ?)"),
        .game = prepare(db, "UPDATE game SET updated = ?1, outcome = 'playing', cause = NULL,"
                            " turns = ?2, depth = 1, kills = 0, score = ?2 / 10 WHERE id = 1"),
    };
    gboolean more_events = sqlite3_step(events) == SQLITE_ROW;
    gint64 us = 0;

    /* Turn 0 (the world being made) is not a turn of play: both leave it out. */
    while (sqlite3_step(turns) == SQLITE_ROW) {
        gint64 spent =
            write_turn(db, &bare, turns, events, sqlite3_column_int64(turns, 4), &more_events);
        if (sqlite3_column_int64(turns, 0) > 0)
            us += spent;
    }
    sqlite3_finalize(bare.event);
    sqlite3_finalize(bare.turn);
    sqlite3_finalize(bare.game);
    sqlite3_finalize(turns);
    sqlite3_finalize(events);
    sqlite3_close(db);
    sqlite3_close(from);
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
