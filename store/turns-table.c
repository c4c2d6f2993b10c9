/* SPDX-License-Identifier: GPL-3.0-or-later */
/* turns-table.c — the turns table judged against itself and the events:
 * every value of its kind, the turns numbered without gaps and following
 * one another event by event, every command one cavelog could have
 * recorded, every digest readable. The checked fold (history/checks.c)
 * starts from what this reads. */
#include "turns-table.h"

#include "store-private.h"

static gboolean check_none(Store *store, const char *sql, const char *problem, GError **error)
{
    gint64 found = 0;

    if (!store_query_int(store, sql, &found, error))
        return FALSE;
    return found == 0 || store_fail(error, STORE_ERROR_TAMPERED, store->path, "%s", problem);
}

/* check_none for @sql whose ?1 is a turn and ?2 an event's seq. */
static gboolean check_none_from(Store *store, const char *sql, gint32 turn, gint64 seq,
                                const char *problem, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gint64 found;
    int rc;

    if (!store_prepare(store, sql, &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, turn);
    sqlite3_bind_int64(stmt, 2, seq);
    rc = sqlite3_step(stmt);
    found = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the file");
    return found == 0 || store_fail(error, STORE_ERROR_TAMPERED, store->path, "%s", problem);
}

/* Turn 0's command starts the game with the game's seed (the game plays by
 * its GameStarted event, checked against the game row by the fold). */
static gboolean check_start_seed(Store *store, gint64 seed, GError **error)
{
    g_autofree char *sql =
        g_strdup_printf("SELECT count(*) FROM game WHERE seed IS NOT %" G_GINT64_FORMAT, seed);

    return check_none(store, sql, "turn 0 starts the game with another seed than the game's",
                      error);
}

/* Each turn's command from turn @from on parses, and only turn 0 starts
 * the game, with the game's seed; each turn's first seq, digest and command
 * go into @starts, @digests and @commands (indexed by turn: zeros before
 * @from). */
static gboolean check_commands(Store *store, gint32 from, GArray *starts, GArray *digests,
                               GArray *commands, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;
    gint64 start_seed = 0;
    int rc;

    if (!store_prepare(store,
                       "SELECT turn, command, first_seq, digest FROM turns WHERE turn >= ?"
                       " ORDER BY turn",
                       &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, from);
    g_array_set_size(starts, (guint) from);
    g_array_set_size(digests, (guint) from);
    g_array_set_size(commands, (guint) from);
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        gint64 turn = sqlite3_column_int64(stmt, 0), first = sqlite3_column_int64(stmt, 2);
        guint64 digest = 0;
        CavCommand command;
        ok = command_from_json((const char *) sqlite3_column_text(stmt, 1), &command, NULL) &&
             (command.kind == CMD_START) == (turn == 0);
        if (!ok)
            store_fail(error, STORE_ERROR_TAMPERED, store->path,
                       "turn %" G_GINT64_FORMAT " holds a command cavelog could not have recorded",
                       turn);
        else if (turn == 0)
            start_seed = command.seed;
        if (ok && !(ok = store_parse_digest((const char *) sqlite3_column_text(stmt, 3), &digest)))
            store_fail(error, STORE_ERROR_TAMPERED, store->path,
                       "turn %" G_GINT64_FORMAT " has a damaged digest", turn);
        g_array_append_val(starts, first);
        g_array_append_val(digests, digest);
        g_array_append_val(commands, command);
    }
    sqlite3_finalize(stmt);
    if (ok && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the turns");
    return ok && (from > 0 || check_start_seed(store, start_seed, error));
}

/* check_commands from turn @from into new arrays, handed to those of
 * @starts, @digests and @commands that are not NULL. */
static gboolean read_turns(Store *store, gint32 from, GArray **starts, GArray **digests,
                           GArray **commands, GError **error)
{
    g_autoptr(GArray) firsts = g_array_new(FALSE, TRUE, sizeof(gint64));
    g_autoptr(GArray) recorded = g_array_new(FALSE, TRUE, sizeof(guint64));
    g_autoptr(GArray) played = g_array_new(FALSE, TRUE, sizeof(CavCommand));

    if (!check_commands(store, from, firsts, recorded, played, error))
        return FALSE;
    if (starts != NULL)
        *starts = g_steal_pointer(&firsts);
    if (digests != NULL)
        *digests = g_steal_pointer(&recorded);
    if (commands != NULL)
        *commands = g_steal_pointer(&played);
    return TRUE;
}

gboolean store_read_turns_checked(Store *store, GArray **starts, GArray **digests,
                                  GArray **commands, GError **error)
{
    static const struct {
        const char *sql;
        const char *problem;
    } checks[] = {
        {"SELECT count(*) FROM turns WHERE typeof(turn) != 'integer' OR typeof(command) != 'text'"
         " OR typeof(digest) != 'text' OR typeof(first_seq) != 'integer'"
         " OR typeof(last_seq) != 'integer'",
         "a turn row holds a value of the wrong kind"},
        {"SELECT count(*) != coalesce(max(turn) + 1, 0) OR coalesce(min(turn), 0) != 0"
         " OR count(*) = 0 FROM turns",
         "the turns are not numbered 0, 1, 2 … without gaps"},
        {"SELECT count(*) FROM turns WHERE last_seq < first_seq OR (turn = 0 AND first_seq != 1)",
         "a turn's events are out of place"},
        {"SELECT count(*) FROM turns a JOIN turns b ON b.turn = a.turn + 1"
         " WHERE b.first_seq != a.last_seq + 1",
         "the turns do not follow one another event by event"},
        {"SELECT (SELECT count(*) FROM events) != (SELECT max(last_seq) FROM turns)"
         " OR (SELECT coalesce(max(seq), 0) FROM events) != (SELECT max(last_seq) FROM turns)",
         "the events do not end where the last turn ends"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(checks); i++)
        if (!check_none(store, checks[i].sql, checks[i].problem, error))
            return FALSE;
    return read_turns(store, 0, starts, digests, commands, error);
}

gboolean store_read_turns_checked_from(Store *store, gint32 from, gint64 from_seq, GArray **starts,
                                       GArray **digests, GArray **commands, GError **error)
{
    static const struct {
        const char *sql;
        const char *problem;
    } checks[] = {
        {"SELECT count(*) FROM turns WHERE turn >= ?1 AND (typeof(command) != 'text'"
         " OR typeof(digest) != 'text' OR typeof(first_seq) != 'integer'"
         " OR typeof(last_seq) != 'integer')",
         "a turn row holds a value of the wrong kind"},
        {"SELECT count(*) != max(turn) - ?1 + 1 OR min(turn) != ?1 FROM turns"
         " WHERE turn >= ?1",
         "the turns are not numbered 0, 1, 2 … without gaps"},
        {"SELECT count(*) FROM turns WHERE turn >= ?1 AND (last_seq < first_seq"
         " OR (turn = ?1 AND last_seq != ?2))",
         "a turn's events are out of place"},
        {"SELECT count(*) FROM turns a JOIN turns b ON b.turn = a.turn + 1"
         " WHERE a.turn >= ?1 AND b.first_seq != a.last_seq + 1",
         "the turns do not follow one another event by event"},
        /* The last turn's last seq (the turns after ?1 follow one another). */
        {"SELECT (SELECT count(*) FROM events WHERE seq > ?2)"
         " != (SELECT last_seq FROM turns ORDER BY turn DESC LIMIT 1) - ?2"
         " OR (SELECT max(seq) FROM events)"
         " != (SELECT last_seq FROM turns ORDER BY turn DESC LIMIT 1)",
         "the events do not end where the last turn ends"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(checks); i++)
        if (!check_none_from(store, checks[i].sql, from, from_seq, checks[i].problem, error))
            return FALSE;
    return read_turns(store, from, starts, digests, commands, error);
}

gboolean store_check_turns(Store *store, GArray **starts, GError **error)
{
    return store_read_turns_checked(store, starts, NULL, NULL, error);
}
