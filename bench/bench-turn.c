/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-turn.c — what a turn costs beside what SQLite alone costs for it.
 * A bot plays games; each turn's session_play (the rules, every monster of
 * the level, encoding, the digest, the keyframe when one is due and the
 * store's one transaction) is timed. Right after it, the very same rows
 * (the turn's events, its turns row, the game row's update, its keyframe
 * row), read back from the game file untimed, are written into a fresh file
 * with the same schema and settings by bare prepared statements in one
 * transaction, and timed. Turn by turn in one run, so that the ratio holds
 * on a noisy, shared machine. The turn that ends a game also writes the
 * game's morgue (a fold of the whole file, once a game): it is shown apart.
 * Then the rules and digest of the same games with and without 600 more
 * creatures on another level: a turn's cost must not follow the world's.
 * Usage: bench-turn [TURNS] [GAMES]. */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <time.h>

#include "bot.h"
#include "game.h"
#include "seal.h"
#include "rules-private.h"
#include "session.h"
#include "store.h"

/* The processor time this thread has used, in nanoseconds: beside the
 * wall clock, a figure that time spent waiting for a shared processor does
 * not blur (but that leaves out waiting for the disk). */
static gint64 cpu_ns(void)
{
    struct timespec now;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (gint64) now.tv_sec * 1000000000 + now.tv_nsec;
}

/* Processor nanoseconds spent playing, and writing bare (turn 0 too). */
static gint64 turn_cpu, bare_cpu;

/* Play @command on @session, adding the time session_play took to
 * @play_us; returns why it was refused, or NULL. */
static char *play_one(Session *session, const CavCommand *command, gint64 *play_us)
{
    g_autoptr(GError) error = NULL;
    char *why = NULL;
    gint64 c0 = cpu_ns(), t0 = g_get_monotonic_time();

    if (!session_play(session, command, &why, &error))
        g_error("%s", error->message);
    *play_us += g_get_monotonic_time() - t0;
    turn_cpu += cpu_ns() - c0;
    return why;
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

/* The rows @sql selects from @from with @after for ?1, read untimed. */
static Rows read_rows(sqlite3 *from, const char *sql, gint64 after)
{
    sqlite3_stmt *stmt = prepare(from, sql);
    Rows rows = {sqlite3_column_count(stmt), g_array_new(FALSE, TRUE, sizeof(Value))};

    sqlite3_bind_int64(stmt, 1, after);
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
    Rows events, turns, snapshots; /* the rows not yet written */
    guint next_event, next_snapshot;
    gint64 last_turn, last_seq; /* the last written */
} Bare;

/* Write turn row @t (with its events, and its keyframe if it wrote one)
 * into the bare file in one transaction; returns the time it took. */
static gint64 write_turn(Bare *bare, guint t)
{
    gint64 last_seq = row_value(&bare->turns, t, 4)->number;
    gint64 c0 = cpu_ns(), t0 = g_get_monotonic_time();

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
    t0 = g_get_monotonic_time() - t0;
    bare_cpu += cpu_ns() - c0;
    return t0;
}

/* The bare file at @bare_path, made like the game file @from. */
static void bare_open(Bare *bare, sqlite3 *from, const char *bare_path)
{
    *bare = (Bare){.db = make_bare(from, bare_path), .last_turn = -1};
    bare->event = prepare(bare->db, "INSERT INTO events (seq, turn, type, version, cause, actor,"
                                    " payload) VALUES (?, ?, ?, ?, ?, ?, ?)");
    bare->turn = prepare(bare->db, "INSERT INTO turns (turn, command, digest, first_seq,"
                                   " last_seq) VALUES (?, ?, ?, ?, ?)");
    bare->game = prepare(bare->db, "UPDATE game SET updated = ?1, outcome = 'playing',"
                                   " cause = NULL, turns = ?2, depth = 1, kills = 0,"
                                   " score = ?2 / 10 WHERE id = 1");
    bare->snapshot = prepare(bare->db, "INSERT INTO snapshots (seq, state) VALUES (?, ?)");
}

static void bare_close(Bare *bare)
{
    sqlite3_finalize(bare->event);
    sqlite3_finalize(bare->turn);
    sqlite3_finalize(bare->game);
    sqlite3_finalize(bare->snapshot);
    sqlite3_close(bare->db);
}

/* The turns of @from not yet in the bare file written into it, bare, a
 * transaction a turn; returns the microseconds (turn 0, the world being
 * made, is not a turn of play: both sides leave it out). */
static gint64 bare_catch_up(Bare *bare, sqlite3 *from)
{
    gint64 us = 0;

    bare->events = read_rows(from,
                             "SELECT seq, turn, type, version, cause, actor, payload"
                             " FROM events WHERE seq > ?1 ORDER BY seq",
                             bare->last_seq);
    bare->turns = read_rows(from,
                            "SELECT turn, command, digest, first_seq, last_seq"
                            " FROM turns WHERE turn > ?1 ORDER BY turn",
                            bare->last_turn);
    bare->snapshots = read_rows(
        from, "SELECT seq, state FROM snapshots WHERE seq > ?1 ORDER BY seq", bare->last_seq);
    bare->next_event = bare->next_snapshot = 0;
    for (guint t = 0; t < rows_count(&bare->turns); t++) {
        gint64 spent = write_turn(bare, t);
        bare->last_turn = row_value(&bare->turns, t, 0)->number;
        bare->last_seq = row_value(&bare->turns, t, 4)->number;
        if (bare->last_turn > 0)
            us += spent;
    }
    g_assert_cmpuint(bare->next_event, ==, rows_count(&bare->events));
    g_assert_cmpuint(bare->next_snapshot, ==, rows_count(&bare->snapshots));
    rows_clear(&bare->events);
    rows_clear(&bare->turns);
    rows_clear(&bare->snapshots);
    return us;
}

static gint compare_doubles(gconstpointer a, gconstpointer b)
{
    double x = *(const double *) a, y = *(const double *) b;

    return x < y ? -1 : x > y;
}

/* Both sides' microseconds and turns: turns of play, and the turns that
 * ended a game (and wrote its morgue). */
typedef struct {
    gint64 turn_us, bare_us, turns;
    gint64 turn_cpu, bare_cpu; /* nanoseconds, the turns of play */
    gint64 end_turn_us, end_bare_us, ends;
    gint64 block_turn_us, block_bare_us; /* since the last keyframe */
    GArray *ratios;                      /* of double: a block's */
} Tally;

/* The ratio of the turns since the last keyframe up to and with the next,
 * when a keyframe was just written (so that each block holds one). */
static void close_block(Tally *tally, gint32 turn)
{
    double ratio;

    if (turn % KEYFRAME_EVERY != 0)
        return;
    ratio = (double) tally->block_turn_us / (double) MAX(tally->block_bare_us, 1);
    g_array_append_val(tally->ratios, ratio);
    tally->block_turn_us = tally->block_bare_us = 0;
}

/* The bot's next command played (and a wait, when it was refused: every
 * turn in the file is timed); returns the microseconds session_play took. */
static gint64 play_timed(Session *session)
{
    CavCommand command =
        bot_choose(session_state(session), session_content(session), session_view(session));
    gint64 us = 0;
    g_autofree char *why = play_one(session, &command, &us);

    if (why != NULL) {
        CavCommand wait = command_simple(CMD_WAIT);
        g_autofree char *refused = play_one(session, &wait, &us);
        g_assert_null(refused);
    }
    return us;
}

/* A game of up to @turns turns on @path, each turn written bare into
 * @bare_path right after it is played. */
static void play_game(const char *path, const char *bare_path, gint64 seed, gint64 turns,
                      Tally *tally)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "bench", NULL, &error);
    sqlite3 *from = open_db(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    Bare bare;

    g_assert_no_error(error);
    bare_open(&bare, from, bare_path);
    bare_catch_up(&bare, from);
    tally->block_turn_us = tally->block_bare_us = 0; /* a game's last block is not whole */
    for (gint64 t = 0; t < turns && session_state(session)->outcome == OUTCOME_PLAYING; t++) {
        gint64 before = bare.last_turn, cpu_before = turn_cpu, bare_cpu_before = bare_cpu;
        gint64 turn_us = play_timed(session);
        gint64 bare_us = bare_catch_up(&bare, from);
        gboolean ended = session_state(session)->outcome != OUTCOME_PLAYING;
        tally->turn_cpu += ended ? 0 : turn_cpu - cpu_before;
        tally->bare_cpu += ended ? 0 : bare_cpu - bare_cpu_before;
        *(ended ? &tally->end_turn_us : &tally->turn_us) += turn_us;
        *(ended ? &tally->end_bare_us : &tally->bare_us) += bare_us;
        *(ended ? &tally->ends : &tally->turns) += bare.last_turn - before;
        tally->block_turn_us += ended ? 0 : turn_us;
        tally->block_bare_us += ended ? 0 : bare_us;
        close_block(tally, session_state(session)->turn);
    }
    bare_close(&bare);
    sqlite3_close(from);
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

/* ---- creatures elsewhere ------------------------------------------------ */

#define ELSEWHERE_LEVEL (CAV_LEVELS - 1)

/* @extra goblins spawned on the deepest level's free floor (as many as
 * there is room for); returns how many. */
static gint32 spawn_elsewhere(Game *game, gint32 extra)
{
    const CavCreatureKind *kind = content_creature_kind(game_content(game), "goblin");
    gint32 spawned = 0;

    g_assert_nonnull(kind);
    for (gint32 y = 0; y < CAV_HEIGHT && spawned < extra; y++)
        for (gint32 x = 0; x < CAV_WIDTH && spawned < extra; x++) {
            const CavState *state = game_state(game);
            g_autoptr(GError) error = NULL;
            CavEvent event;
            if (state_tile(state, ELSEWHERE_LEVEL, x, y) != TILE_FLOOR ||
                state->occupant[ELSEWHERE_LEVEL][y][x] != 0)
                continue;
            event = rules_creature_spawned(kind, state->creature_count + 1, ELSEWHERE_LEVEL, x, y);
            event.seq = state->last_seq + 1;
            event.turn = state->turn;
            event.version = ev_type_version(event.type);
            if (!game_fold(game, &event, &error))
                g_error("%s", error->message);
            spawned++;
        }
    return spawned;
}

/* One bot turn of @game, its rules and its digest timed: the microseconds. */
static gint64 rules_turn(Game *game)
{
    CavCommand command = bot_choose(game_state(game), game_content(game), game_view(game));
    g_autofree char *why = NULL;
    gint64 t0 = g_get_monotonic_time();

    if (!game_play(game, &command, &why)) {
        command = command_simple(CMD_WAIT);
        g_clear_pointer(&why, g_free);
        g_assert_true(game_play(game, &command, &why));
    }
    (void) state_digest(game_state(game));
    return g_get_monotonic_time() - t0;
}

static gboolean above_elsewhere(const Game *game)
{
    const CavState *state = game_state(game);

    return state->outcome == OUTCOME_PLAYING && state_player(state)->z < ELSEWHERE_LEVEL;
}

#define ELSEWHERE_BLOCK 50 /* turns a ratio is taken over */

/* The same game played twice, turn by turn side by side (so that both see
 * the same load): as it is, and with hundreds more creatures on the
 * deepest level, while the player is above it. A turn's cost (the rules
 * and the digest) follows its own level, not the world. Printed: the
 * median of the ratios over blocks of ELSEWHERE_BLOCK turns. */
static void bench_elsewhere(gint64 turns, gint64 games)
{
    g_autoptr(GArray) ratios = g_array_new(FALSE, FALSE, sizeof(double));
    gint64 alone_us = 0, crowded_us = 0, played = 0;
    gint32 spawned = 0;

    for (gint64 g = 0; g < games; g++) {
        g_autoptr(Game) alone = game_new(NULL);
        g_autoptr(Game) crowded = game_new(NULL);
        gint64 block_alone = 0, block_crowded = 0;
        game_start(alone, 7100 + g, "bench");
        game_start(crowded, 7100 + g, "bench");
        spawned = spawn_elsewhere(crowded, 600);
        (void) state_digest(game_state(alone));
        (void) state_digest(game_state(crowded));
        for (gint64 t = 1; t <= turns && above_elsewhere(alone) && above_elsewhere(crowded);
             t++, played++) {
            block_alone += rules_turn(alone);
            block_crowded += rules_turn(crowded);
            if (t % ELSEWHERE_BLOCK == 0) {
                double ratio = (double) block_crowded / (double) MAX(block_alone, 1);
                g_array_append_val(ratios, ratio);
                alone_us += block_alone;
                crowded_us += block_crowded;
                block_alone = block_crowded = 0;
            }
        }
        g_assert_cmpint(game_state(alone)->turn, ==, game_state(crowded)->turn);
        alone_us += block_alone;
        crowded_us += block_crowded;
    }
    g_array_sort(ratios, compare_doubles);
    g_print("  rules and digest: %.1f us a turn; with %d more creatures on another level:"
            " %.1f us (median ratio over %u blocks of %d turns: %.2f)\n",
            (double) alone_us / (double) played, spawned, (double) crowded_us / (double) played,
            ratios->len, ELSEWHERE_BLOCK,
            ratios->len > 0 ? g_array_index(ratios, double, ratios->len / 2) : 0.0);
}

static void print_tally(Tally *tally, gint64 games)
{
    double all_turns = (double) (tally->turns + tally->ends);

    g_print("turn: %" G_GINT64_FORMAT " turns in %" G_GINT64_FORMAT " games\n",
            tally->turns + tally->ends, games);
    g_print("  a whole turn (rules, every monster, digest, store): %.1f us\n",
            (double) tally->turn_us / (double) tally->turns);
    g_print("  the same rows, bare SQLite, a transaction a turn:  %.1f us\n",
            (double) tally->bare_us / (double) tally->turns);
    g_print("  ratio: %.2f (goal: at most 1.5)\n",
            (double) tally->turn_us / (double) tally->bare_us);
    g_print("  in processor time: %.1f us, bare %.1f us, ratio %.2f\n",
            (double) tally->turn_cpu / 1e3 / (double) tally->turns,
            (double) tally->bare_cpu / 1e3 / (double) tally->turns,
            (double) tally->turn_cpu / (double) tally->bare_cpu);
    g_array_sort(tally->ratios, compare_doubles);
    g_print("  median ratio of the %u blocks of %d turns (each with its keyframe): %.2f\n",
            tally->ratios->len, KEYFRAME_EVERY,
            tally->ratios->len > 0 ? g_array_index(tally->ratios, double, tally->ratios->len / 2)
                                   : 0.0);
    g_print("  the %" G_GINT64_FORMAT " turns that ended a game (and wrote its morgue): %.1f ms"
            " each\n",
            tally->ends,
            tally->ends > 0 ? (double) tally->end_turn_us / 1e3 / (double) tally->ends : 0);
    g_print("  every turn with them: %.1f us, bare %.1f us, ratio %.2f\n",
            (double) (tally->turn_us + tally->end_turn_us) / all_turns,
            (double) (tally->bare_us + tally->end_bare_us) / all_turns,
            (double) (tally->turn_us + tally->end_turn_us) /
                (double) (tally->bare_us + tally->end_bare_us));
}

int main(int argc, char **argv)
{
    gint64 turns = argc > 1 ? g_ascii_strtoll(argv[1], NULL, 10) : 2000;
    gint64 games = argc > 2 ? g_ascii_strtoll(argv[2], NULL, 10) : 3;
    g_autofree char *dir = g_dir_make_tmp("cavelog-bench-XXXXXX", NULL);
    Tally tally = {.ratios = g_array_new(FALSE, FALSE, sizeof(double))};

    for (gint64 g = 0; g < games; g++) {
        g_autofree char *path = g_strdup_printf("%s/turn-%" G_GINT64_FORMAT ".cavelog", dir, g);
        g_autofree char *bare = g_strdup_printf("%s/bare-%" G_GINT64_FORMAT ".db", dir, g);
        play_game(path, bare, 7100 + g, turns, &tally);
        remove_game(path);
        remove_game(bare);
    }
    print_tally(&tally, games);
    g_array_unref(tally.ratios);
    bench_elsewhere(MIN(turns, 1000), games);
    g_rmdir(dir);
    return EXIT_SUCCESS;
}
