/* SPDX-License-Identifier: GPL-3.0-or-later */
/* archive.c — the PostgreSQL archive over libpq: connecting, the schema and
 * the per-type views made from the catalog, a game's rows by COPY in one
 * transaction, and queries (cavelog's own with parameters; a user's over
 * one game's views, read-only and bounded in time). */
#include "archive.h"

#include <libpq-fe.h>
#include <string.h>

#include "archive-private.h"
#include "codec.h"

G_DEFINE_QUARK(cavelog - archive - error - quark, archive_error)

struct Archive {
    PGconn *conn;
    GString *scratch;
};

gboolean archive_available(void)
{
    return TRUE;
}

/* An ARCHIVE_ERROR @code "DOING: what the server said", one line. */
static gboolean fail_server(Archive *archive, GError **error, ArchiveError code, const char *doing,
                            const PGresult *result)
{
    const char *said = result != NULL ? PQresultErrorMessage(result) : "";
    g_autofree char *message = g_strdup(said[0] != '\0' ? said : PQerrorMessage(archive->conn));

    g_strstrip(message);
    g_set_error(error, ARCHIVE_ERROR, code, "%s: %s", doing, message);
    return FALSE;
}

/* Run @sql (no parameters, several statements allowed: cavelog's own). */
gboolean archive_exec(Archive *archive, const char *sql, const char *doing, GError **error)
{
    PGresult *result = PQexec(archive->conn, sql);
    ExecStatusType status = PQresultStatus(result);
    gboolean ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;

    if (!ok)
        fail_server(archive, error, ARCHIVE_ERROR_SERVER, doing, result);
    PQclear(result);
    return ok;
}

/* Hand each row of @result to @func; FALSE with its error. */
static gboolean hand_rows(const PGresult *result, gboolean booleans_as_numbers, ArchiveRowFunc func,
                          gpointer user_data, GError **error)
{
    int n = PQnfields(result), rows = PQntuples(result);
    g_autofree const char **values = g_new0(const char *, n + 1);

    for (int r = 0; func != NULL && r < rows; r++) {
        GError *stop = NULL;
        for (int c = 0; c < n; c++) {
            const char *v = PQgetisnull(result, r, c) ? NULL : PQgetvalue(result, r, c);
            if (booleans_as_numbers && v != NULL && PQftype(result, c) == ARCHIVE_BOOL_OID)
                v = v[0] == 't' ? "1" : "0"; /* as SQLite, which has no booleans */
            values[c] = v;
        }
        if (!func(n, values, user_data, &stop)) {
            if (stop == NULL)
                return TRUE;
            g_propagate_error(error, stop);
            return FALSE;
        }
    }
    return TRUE;
}

gboolean archive_select(Archive *archive, const char *sql, int n, const char *const *params,
                        ArchiveRowFunc func, gpointer user_data, GError **error)
{
    PGresult *result = PQexecParams(archive->conn, sql, n, NULL, params, NULL, NULL, 0);
    ExecStatusType status = PQresultStatus(result);
    gboolean ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;

    if (!ok)
        fail_server(archive, error, ARCHIVE_ERROR_SERVER, "reading the archive", result);
    else
        ok = hand_rows(result, FALSE, func, user_data, error);
    PQclear(result);
    return ok;
}

gboolean archive_begin(Archive *archive, GError **error)
{
    return archive_exec(archive, "BEGIN", "starting a transaction", error);
}

gboolean archive_commit(Archive *archive, GError **error)
{
    return archive_exec(archive, "COMMIT", "committing", error);
}

void archive_rollback(Archive *archive)
{
    archive_exec(archive, "ROLLBACK", "rolling back", NULL);
}

/* ---- connecting ----------------------------------------------------------- */

Archive *archive_open(const char *uri, GError **error)
{
    g_autoptr(Archive) archive = g_new0(Archive, 1);

    g_return_val_if_fail(uri != NULL, NULL);
    archive->scratch = g_string_new(NULL);
    archive->conn = PQconnectdb(uri);
    if (PQstatus(archive->conn) != CONNECTION_OK) {
        g_autofree char *why = g_strdup(PQerrorMessage(archive->conn));
        g_set_error(error, ARCHIVE_ERROR, ARCHIVE_ERROR_CONNECT, "cannot reach the archive: %s",
                    g_strstrip(why));
        return NULL;
    }
    PQsetClientEncoding(archive->conn, "UTF8");
    if (!archive_exec(archive, "SET client_min_messages = warning", "connecting", error) ||
        !archive_schema_ensure(archive, error))
        return NULL;
    return g_steal_pointer(&archive);
}

void archive_close(Archive *archive)
{
    if (archive == NULL)
        return;
    PQfinish(archive->conn);
    g_string_free(archive->scratch, TRUE);
    g_free(archive);
}

/* ---- a game's rows ---------------------------------------------------------- */

static const char has_game_sql[] =
    "SELECT 1 FROM cavelog.games WHERE seed = $1 AND created = $2 AND player_name = $3"
    " AND last_digest = $4";

static gboolean note_there(int n, const char *const *values, gpointer user_data, GError **error)
{
    *(gboolean *) user_data = TRUE;
    return FALSE;
}

gboolean archive_has_game(Archive *archive, const ArchiveGameRow *row, gboolean *there,
                          GError **error)
{
    g_autofree char *seed = g_strdup_printf("%" G_GINT64_FORMAT, row->seed);
    g_autofree char *digest = g_strdup_printf("%016" G_GINT64_MODIFIER "x", row->last_digest);
    const char *params[] = {seed, row->created, row->player_name, digest};

    *there = FALSE;
    return archive_select(archive, has_game_sql, 4, params, note_there, there, error);
}

static gboolean read_id(int n, const char *const *values, gpointer user_data, GError **error)
{
    *(gint64 *) user_data = g_ascii_strtoll(values[0], NULL, 10);
    return FALSE;
}

gboolean archive_new_game_id(Archive *archive, gint64 *id, GError **error)
{
    *id = 0;
    return archive_select(archive, "SELECT nextval('cavelog.games_game_id_seq')", 0, NULL, read_id,
                          id, error);
}

/* Append @text to @out as COPY's text format reads it. */
static void copy_escaped(GString *out, const char *text, gsize len)
{
    for (gsize i = 0; i < len; i++) {
        char c = text[i];
        switch (c) {
        case '\\':
            g_string_append(out, "\\\\");
            break;
        case '\t':
            g_string_append(out, "\\t");
            break;
        case '\n':
            g_string_append(out, "\\n");
            break;
        case '\r':
            g_string_append(out, "\\r");
            break;
        default:
            g_string_append_c(out, c);
        }
    }
}

/* "\N" for 0 (none), else the number. */
static void copy_id(GString *out, gint64 id)
{
    if (id == 0)
        g_string_append(out, "\\N\t");
    else
        g_string_append_printf(out, "%" G_GINT64_FORMAT "\t", id);
}

void archive_copy_row(gint64 id, const CavEvent *event, GString *out)
{
    gsize start;

    g_string_append_printf(out, "%" G_GINT64_FORMAT "\t%" G_GINT64_FORMAT "\t%d\t%s\t%d\t", id,
                           event->seq, event->turn, ev_type_name(event->type),
                           ev_type_version(event->type));
    copy_id(out, event->cause);
    copy_id(out, event->actor);
    start = out->len;
    codec_encode_payload(event, out);
    if (memchr(out->str + start, '\\', out->len - start) != NULL ||
        memchr(out->str + start, '\n', out->len - start) != NULL) {
        g_autofree char *payload = g_strndup(out->str + start, out->len - start);
        g_string_truncate(out, start);
        copy_escaped(out, payload, strlen(payload));
    }
    g_string_append_c(out, '\n');
}

static const char insert_game_sql[] =
    "INSERT INTO cavelog.games (game_id, file, seed, build, created, updated, player_name,"
    " outcome, cause, turns, depth, kills, score, standard, last_digest, events)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    " ON CONFLICT DO NOTHING RETURNING game_id";

static gboolean insert_game(Archive *archive, gint64 id, const ArchiveGameRow *row,
                            gboolean *inserted, GError **error)
{
    char numbers[8][32];
    const char *params[16];

    g_snprintf(numbers[0], 32, "%" G_GINT64_FORMAT, id);
    g_snprintf(numbers[1], 32, "%" G_GINT64_FORMAT, row->seed);
    g_snprintf(numbers[2], 32, "%d", row->turns);
    g_snprintf(numbers[3], 32, "%d", row->depth);
    g_snprintf(numbers[4], 32, "%d", row->kills);
    g_snprintf(numbers[5], 32, "%d", row->score);
    g_snprintf(numbers[6], 32, "%016" G_GINT64_MODIFIER "x", row->last_digest);
    g_snprintf(numbers[7], 32, "%" G_GINT64_FORMAT, row->events);
    memcpy(params,
           (const char *[]){numbers[0], row->file, numbers[1], row->build, row->created,
                            row->updated, row->player_name, row->outcome, row->cause, numbers[2],
                            numbers[3], numbers[4], numbers[5], row->standard ? "t" : "f",
                            numbers[6], numbers[7]},
           sizeof params);
    *inserted = FALSE;
    return archive_select(archive, insert_game_sql, 16, params, note_there, inserted, error);
}

/* Send @rows by COPY into the events table. */
static gboolean copy_rows(Archive *archive, const GString *rows, GError **error)
{
    PGresult *result = PQexec(archive->conn, "COPY cavelog.events (game_id, seq, turn, type,"
                                             " version, cause, actor, payload) FROM STDIN");
    gboolean ok = PQresultStatus(result) == PGRES_COPY_IN;

    PQclear(result);
    if (!ok)
        return fail_server(archive, error, ARCHIVE_ERROR_SERVER, "storing the events", NULL);
    for (gsize at = 0; ok && at < rows->len; at += 1 << 20) {
        gsize len = MIN((gsize) 1 << 20, rows->len - at);
        ok = PQputCopyData(archive->conn, rows->str + at, (int) len) == 1;
    }
    ok = PQputCopyEnd(archive->conn, ok ? NULL : "stopped") == 1 && ok;
    result = PQgetResult(archive->conn);
    ok = ok && PQresultStatus(result) == PGRES_COMMAND_OK;
    if (!ok)
        fail_server(archive, error, ARCHIVE_ERROR_SERVER, "storing the events", result);
    PQclear(result);
    while ((result = PQgetResult(archive->conn)) != NULL)
        PQclear(result);
    return ok;
}

gboolean archive_put_game(Archive *archive, gint64 id, const ArchiveGameRow *row,
                          const GString *rows, gboolean *there, GError **error)
{
    gboolean inserted = FALSE;

    *there = FALSE;
    if (!archive_begin(archive, error))
        return FALSE;
    if (!insert_game(archive, id, row, &inserted, error)) {
        archive_rollback(archive);
        return FALSE;
    }
    if (!inserted) {
        *there = TRUE;
        archive_rollback(archive);
        return TRUE;
    }
    if (!copy_rows(archive, rows, error)) {
        archive_rollback(archive);
        return FALSE;
    }
    return TRUE;
}

static gboolean note_true(int n, const char *const *values, gpointer user_data, GError **error)
{
    *(gboolean *) user_data = g_strcmp0(values[0], "t") == 0;
    return FALSE;
}

gboolean archive_refresh_statistics(Archive *archive, GError **error)
{
    gboolean stale = FALSE;

    return archive_select(archive,
                          "SELECT c.reltuples < 0.8 * (SELECT coalesce(sum(events), 0)"
                          " FROM cavelog.games) FROM pg_class c"
                          " WHERE c.oid = 'cavelog.events'::regclass",
                          0, NULL, note_true, &stale, error) &&
           (!stale || archive_exec(archive, "ANALYZE cavelog.events, cavelog.games",
                                   "counting the archive's rows", error));
}

/* ---- a user's query over one game ------------------------------------------ */

/* Prepare @sql as the unnamed statement: one statement (the extended
 * protocol takes no second one) that gives rows, so no COMMIT nor SET. */
static gboolean check_query(Archive *archive, const char *sql, GError **error)
{
    PGresult *result = PQprepare(archive->conn, "", sql, 0, NULL);
    gboolean ok = PQresultStatus(result) == PGRES_COMMAND_OK;

    if (!ok)
        fail_server(archive, error, ARCHIVE_ERROR_QUERY, "the query does not run", result);
    PQclear(result);
    if (!ok)
        return FALSE;
    result = PQdescribePrepared(archive->conn, "");
    ok = PQresultStatus(result) == PGRES_COMMAND_OK && PQnfields(result) > 0;
    PQclear(result);
    if (!ok)
        g_set_error(error, ARCHIVE_ERROR, ARCHIVE_ERROR_QUERY,
                    "a query must be one statement that only reads");
    return ok;
}

/* The planner cannot know which game cavelog.game names, and so guesses
 * one row where a game has thousands: a nested loop over one game's events
 * then ran for seconds. Without nested loops a join over one game is
 * hashed, in milliseconds (one game is small). */
gboolean archive_query_game(Archive *archive, gint64 id, const char *sql, gint64 max_ms,
                            ArchiveRowFunc func, gpointer user_data, GError **error)
{
    g_autofree char *enter =
        g_strdup_printf("SAVEPOINT cavelog_query;"
                        " SET LOCAL transaction_read_only = on;"
                        " SET LOCAL search_path = cavelog_game, cavelog;"
                        " SET LOCAL enable_nestloop = off;"
                        " SET LOCAL statement_timeout = %" G_GINT64_FORMAT ";"
                        " SELECT set_config('cavelog.game', '%" G_GINT64_FORMAT "', true)",
                        max_ms, id);
    PGresult *result;
    gboolean ok;

    if (!archive_exec(archive, enter, "preparing a query", error))
        return FALSE;
    ok = check_query(archive, sql, error);
    if (ok) {
        result = PQexecPrepared(archive->conn, "", 0, NULL, NULL, NULL, 0);
        ok = PQresultStatus(result) == PGRES_TUPLES_OK;
        if (!ok)
            fail_server(archive, error, ARCHIVE_ERROR_QUERY, "the query does not run", result);
        else
            ok = hand_rows(result, TRUE, func, user_data, error);
        PQclear(result);
    }
    /* Back to before the query: its settings (read-only, the views) go too. */
    return archive_exec(archive,
                        "ROLLBACK TO SAVEPOINT cavelog_query; RELEASE SAVEPOINT cavelog_query",
                        "ending a query", ok ? error : NULL) &&
           ok;
}
