/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lineage.c — the lineage row of a fork's file, read back and checked: a
 * value of the wrong kind, a seed or turn not the file's own is tampering. */
#include "lineage.h"

#include <string.h>

#include "bookmarks.h"
#include "store-private.h"

void lineage_clear(Lineage *lineage)
{
    g_free(lineage->parent_file);
    g_free(lineage->parent_created);
    memset(lineage, 0, sizeof *lineage);
}

static gboolean tampered(GError **error, Store *store, const char *what)
{
    return store_fail(error, STORE_ERROR_TAMPERED, store_path(store), "%s", what);
}

/* One lineage row into @out when every value is one cavelog writes. */
static gboolean read_lineage_row(sqlite3 *db, sqlite3_stmt *stmt, Lineage *out)
{
    gboolean integers = sqlite3_column_type(stmt, 1) == SQLITE_INTEGER &&
                        sqlite3_column_type(stmt, 4) == SQLITE_INTEGER;
    g_autofree char *digest = store_column_checked_text(stmt, 3, 16);
    gint64 turn = sqlite3_column_int64(stmt, 4);
    sqlite3_stmt *game = NULL;
    gboolean ok;

    out->parent_file = store_column_checked_text(stmt, 0, LINEAGE_FILE_MAX);
    out->parent_seed = sqlite3_column_int64(stmt, 1);
    out->parent_created = store_column_checked_text(stmt, 2, LINEAGE_CREATED_MAX);
    ok = out->parent_file != NULL && strchr(out->parent_file, '/') == NULL &&
         out->parent_created != NULL && store_parse_digest(digest, &out->parent_digest) && integers;
    /* The fork plays the parent's seed, and holds the turn it was made at. */
    ok = ok && sqlite3_prepare_v2(db,
                                  "SELECT (SELECT seed FROM game WHERE id = 1) = ?1"
                                  " AND ?2 BETWEEN 0 AND (SELECT max(turn) FROM turns)",
                                  -1, &game, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(game, 1, out->parent_seed);
        sqlite3_bind_int64(game, 2, turn);
        ok = sqlite3_step(game) == SQLITE_ROW && sqlite3_column_int(game, 0) == 1;
    }
    sqlite3_finalize(game);
    out->turn = (gint32) turn;
    return ok;
}

gboolean lineage_read(Store *store, gboolean *found, Lineage *out, GError **error)
{
    sqlite3 *db = store->db;
    sqlite3_stmt *stmt = NULL;
    gboolean ok = TRUE;
    int rows = 0, rc;

    g_return_val_if_fail(store != NULL && found != NULL && out != NULL, FALSE);
    memset(out, 0, sizeof *out);
    *found = FALSE;
    if (!store_has_table(db, "lineage"))
        return TRUE; /* a file made before forks were */
    if (sqlite3_prepare_v2(db,
                           "SELECT parent_file, parent_seed, parent_created, parent_digest, turn"
                           " FROM lineage LIMIT 2",
                           -1, &stmt, NULL) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return tampered(error, store, "the lineage table is not the one cavelog makes");
    }
    while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW)
        ok = ++rows == 1 && read_lineage_row(db, stmt, out);
    sqlite3_finalize(stmt);
    if (!ok) {
        lineage_clear(out);
        return tampered(error, store,
                        rows > 1 ? "the lineage table holds more than one row"
                                 : "the lineage is not one cavelog writes (a value of the wrong "
                                   "kind, a seed or turn not this game's, a damaged digest)");
    }
    if (rc != SQLITE_DONE)
        return store_fail_db(error, db, sqlite3_extended_errcode(db), store_path(store),
                             "reading the lineage");
    *found = rows == 1;
    return TRUE;
}

char *lineage_describe(Store *store)
{
    Lineage lineage;
    gboolean found = FALSE;
    g_autofree char *shown = NULL;
    char *text;

    if (!lineage_read(store, &found, &lineage, NULL) || !found)
        return NULL;
    shown = bookmarks_note_shown(lineage.parent_file);
    text = g_strdup_printf("forked from %s at turn %d", shown, lineage.turn);
    lineage_clear(&lineage);
    return text;
}
