/* SPDX-License-Identifier: GPL-3.0-or-later */
/* schema.c — the archive's tables, and its per-type views generated from
 * the event catalog as a game file's are (codec_sql_views), with a game_id
 * column across games (schema cavelog) and without it over the one game a
 * query is run on (schema cavelog_game, by the setting cavelog.game). */
#include "archive-private.h"

static const char tables_sql[] =
    "CREATE SCHEMA IF NOT EXISTS cavelog;"
    "CREATE SCHEMA IF NOT EXISTS cavelog_game;"
    "CREATE TABLE IF NOT EXISTS cavelog.meta (key text PRIMARY KEY, value text NOT NULL);"
    "CREATE TABLE IF NOT EXISTS cavelog.games ("
    " game_id serial PRIMARY KEY,"
    " file text NOT NULL,"
    " seed bigint NOT NULL,"
    " build text NOT NULL,"
    " created text NOT NULL,"
    " updated text NOT NULL,"
    " player_name text NOT NULL,"
    " outcome text NOT NULL CHECK (outcome IN ('won', 'lost')),"
    " cause text,"
    " turns integer NOT NULL,"
    " depth integer NOT NULL,"
    " kills integer NOT NULL,"
    " score integer NOT NULL,"
    " standard boolean NOT NULL,"
    " last_digest text NOT NULL,"
    " events bigint NOT NULL,"
    " archived timestamptz NOT NULL DEFAULT now(),"
    " UNIQUE (seed, created, player_name, last_digest));"
    /* Every number four bytes (a game holds fewer than 2^31 events), ordered
     * so that none is padded: a smaller row and index, a cheaper COPY. */
    "CREATE TABLE IF NOT EXISTS cavelog.events ("
    " game_id integer NOT NULL,"
    " turn integer NOT NULL,"
    " seq integer NOT NULL,"
    " cause integer,"
    " version integer NOT NULL,"
    " actor integer,"
    " type text NOT NULL,"
    " payload json NOT NULL,"
    " PRIMARY KEY (game_id, seq));"
    "CREATE INDEX IF NOT EXISTS events_by_type ON cavelog.events (game_id, type);"
    /* What a query (an achievement's, a statistic's) gave on one game,
     * kept by the query's SHA-256: its rows' cells, row after row. */
    "CREATE TABLE IF NOT EXISTS cavelog.answers ("
    " query_sha text NOT NULL,"
    " game_id integer NOT NULL,"
    " problem text,"
    " width integer NOT NULL,"
    " cells text[] NOT NULL,"
    " PRIMARY KEY (query_sha, game_id));"
    /* README's queries read payloads with SQLite's json_extract('$.x'). */
    "CREATE OR REPLACE FUNCTION cavelog.json_extract(doc json, path text) RETURNS text"
    " LANGUAGE sql IMMUTABLE STRICT AS"
    " $$SELECT doc #>> string_to_array(substr(path, 3), '.')$$;";

/* The column of @field: the payload's value, typed as the catalog says. */
static void view_column(const CavFieldInfo *field, GString *out)
{
    const char *cast = field->kind == CAV_FIELD_I32   ? "::integer"
                       : field->kind == CAV_FIELD_I64 ? "::bigint"
                                                      : "";
    const char *open = cast[0] != '\0' ? "(" : "";
    const char *close = cast[0] != '\0' ? ")" : "";

    g_string_append_printf(out, ", %spayload->>'%s'%s%s AS \"%s\"", open, field->name, close, cast,
                           field->name);
}

/* @type's view in @schema (with @game_id the column of that name first),
 * named in lower case as PostgreSQL folds a name written without quotes
 * (SQLite ignores case: CreatureDied and creaturedied are one view), and
 * again as the catalog spells it, for a name written in quotes. */
static void type_view(CavEventType type, const char *schema, gboolean game_id, GString *out)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(type, &fields);
    const char *name = ev_type_name(type);
    g_autofree char *folded = g_ascii_strdown(name, -1);

    g_string_append_printf(out,
                           "CREATE VIEW %s.%s AS SELECT %sseq, turn, cause AS cause_seq, actor",
                           schema, folded, game_id ? "game_id, " : "");
    for (guint i = 0; i < n; i++)
        view_column(&fields[i], out);
    g_string_append_printf(out, " FROM %s.events WHERE type = '%s';\n", schema, name);
    g_string_append_printf(out, "CREATE VIEW %s.\"%s\" AS SELECT * FROM %s.%s;\n", schema, name,
                           schema, folded);
}

#define ONE_GAME "game_id = current_setting('cavelog.game')::integer"

void archive_schema_views(GString *out)
{
    g_string_append(out,
                    "CREATE VIEW cavelog.game AS SELECT game_id, seed, build, created, updated,"
                    " player_name, outcome, cause, turns, depth, kills, score FROM cavelog.games;\n"
                    "CREATE VIEW cavelog_game.events AS SELECT seq, turn, type, version, cause,"
                    " actor, payload FROM cavelog.events WHERE " ONE_GAME ";\n"
                    "CREATE VIEW cavelog_game.game AS SELECT 1 AS id, seed, build, created,"
                    " updated, player_name, outcome, cause, turns, depth, kills, score"
                    " FROM cavelog.games WHERE " ONE_GAME ";\n");
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        type_view((CavEventType) t, "cavelog", TRUE, out);
        type_view((CavEventType) t, "cavelog_game", FALSE, out);
    }
}

static gboolean read_value(int n, const char *const *values, gpointer user_data, GError **error)
{
    *(char **) user_data = g_strdup(values[0]);
    return FALSE;
}

/* Drop every view of the archive: the ones of this build's types and the
 * per-game schema (kept whole by nothing but views). */
static void drop_views(GString *sql)
{
    g_string_append(sql, "DROP SCHEMA cavelog_game CASCADE; CREATE SCHEMA cavelog_game;"
                         "DROP VIEW IF EXISTS cavelog.game;");
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        g_autofree char *folded = g_ascii_strdown(ev_type_name((CavEventType) t), -1);
        g_string_append_printf(
            sql, "DROP VIEW IF EXISTS cavelog.\"%s\"; DROP VIEW IF EXISTS cavelog.%s;",
            ev_type_name((CavEventType) t), folded);
    }
}

/* The SHA-256 of the schema this build makes: its tables and views. */
static char *schema_sha(void)
{
    g_autoptr(GString) all = g_string_new(tables_sql);

    archive_schema_views(all);
    return g_compute_checksum_for_string(G_CHECKSUM_SHA256, all->str, -1);
}

/* Whether the archive's schema is this build's already (a role that may
 * only read then never needs to write). */
static gboolean schema_current(Archive *archive, const char *sha)
{
    g_autofree char *theirs = NULL;

    return archive_select(archive, "SELECT value FROM cavelog.meta WHERE key = 'schema'", 0, NULL,
                          read_value, &theirs, NULL) &&
           g_strcmp0(theirs, sha) == 0;
}

/* Tables made when missing, then (unless another archiver did meanwhile)
 * the views remade and the schema's SHA noted. */
static gboolean make_schema(Archive *archive, const char *sha, GError **error)
{
    g_autoptr(GString) sql = g_string_new(NULL);
    const char *params[] = {sha};

    if (!archive_exec(archive, tables_sql, "making the archive's tables", error))
        return FALSE;
    if (schema_current(archive, sha))
        return TRUE;
    drop_views(sql);
    archive_schema_views(sql);
    return archive_exec(archive, sql->str, "making the archive's views", error) &&
           archive_select(archive,
                          "INSERT INTO cavelog.meta VALUES ('schema', $1)"
                          " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                          1, params, NULL, NULL, error);
}

gboolean archive_schema_ensure(Archive *archive, GError **error)
{
    g_autofree char *sha = schema_sha();

    if (schema_current(archive, sha))
        return TRUE;
    /* The lock's key: "CAVL" (the game files' application id). */
    if (!archive_exec(archive, "BEGIN; SELECT pg_advisory_xact_lock(1128355404);",
                      "making the archive", error))
        return FALSE;
    if (make_schema(archive, sha, error) && archive_commit(archive, error))
        return TRUE;
    archive_rollback(archive);
    return FALSE;
}
