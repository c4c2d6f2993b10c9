/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork.c — a new game file from another's history up to a turn: the parent
 * folded whole with every check, the rows up to the turn copied in one
 * transaction, the lineage recorded; and the lineage read back, checked. */
#include "fork.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "bookmarks.h"
#include "codec.h"
#include "integrity.h"
#include "session.h"
#include "store-private.h"

/* The longest parent file name and creation time a lineage row holds. */
#define LINEAGE_FILE_MAX 255
#define LINEAGE_CREATED_MAX 64

void fork_lineage_clear(ForkLineage *lineage)
{
    g_free(lineage->parent_file);
    g_free(lineage->parent_created);
    memset(lineage, 0, sizeof *lineage);
}

/* One fork being made: the parent being folded, the fork being written. */
typedef struct {
    Store *parent;
    gboolean owns_parent; /* opened here (else the caller's) */
    Game *game;
    Store *fork;                /* the new file (under its .part name) */
    sqlite3 *db;                /* its connection */
    sqlite3_stmt *insert_event; /* into the fork */
    GString *payload;
    gint32 turn;        /* the fork's last turn */
    GArray *ends;       /* gint64: the last seq of each turn 0 … turn */
    GError *ends_error; /* why they did not load: told at the first event */
    gint64 end_seq;     /* the fork's last event */
    GArray *digests;    /* guint64: this build's digest after each turn 0 … turn */
    CavState *at;       /* the state at the end of turn */
    char *parent_build; /* the build that recorded the parent */
    gint64 copied, copy_us;
} Forking;

/* A failure on @db, the fork's or the parent's connection. */
static gboolean fail_db(GError **error, sqlite3 *db, const char *path, const char *doing)
{
    return store_fail_db(error, db, sqlite3_extended_errcode(db), path, doing);
}

static gboolean tampered(GError **error, Store *store, const char *what)
{
    return store_fail(error, STORE_ERROR_TAMPERED, store_path(store), "%s", what);
}

/* The last seq of each turn 0 … @f->turn, from the parent's turns table
 * (loaded before the fold, whose reader then holds the connection; checked
 * by the fold before the first event, so a failure waits for that). */
static gboolean load_turn_ends(Forking *f, GError **error)
{
    sqlite3 *db = f->parent->db;
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT last_seq FROM turns WHERE turn <= ? ORDER BY turn", -1,
                                &stmt, NULL);

    f->ends = g_array_new(FALSE, FALSE, sizeof(gint64));
    sqlite3_bind_int(stmt, 1, f->turn);
    while (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        gint64 end = sqlite3_column_int64(stmt, 0);
        g_array_append_val(f->ends, end);
    }
    rc = rc == SQLITE_OK ? sqlite3_errcode(db) : rc;
    sqlite3_finalize(stmt);
    if (rc != SQLITE_OK && rc != SQLITE_DONE)
        return fail_db(error, db, store_path(f->parent), "reading the turns");
    if (f->ends->len != (guint) f->turn + 1)
        return tampered(error, f->parent, "the turns changed while the game was being forked");
    f->end_seq = g_array_index(f->ends, gint64, f->turn);
    return TRUE;
}

/* @event, checked and folded, as a row of the fork (as store.c writes it). */
static gboolean copy_event(Forking *f, const CavEvent *event, GError **error)
{
    sqlite3_stmt *stmt = f->insert_event;
    gint64 start = g_get_monotonic_time();
    int rc;

    store_bind_event(stmt, event, f->payload);
    rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    f->copy_us += g_get_monotonic_time() - start;
    f->copied++;
    return rc == SQLITE_DONE || fail_db(error, f->db, store_path(f->fork), "copying the events");
}

/* Called after each event of the parent is folded (with every check). */
static gboolean fork_one(const CavEvent *event, gpointer user_data, GError **error)
{
    Forking *f = user_data;
    const CavState *state = game_state(f->game);

    if (f->ends_error != NULL) {
        g_propagate_error(error, g_steal_pointer(&f->ends_error));
        return FALSE;
    }
    if (event->seq > f->end_seq)
        return TRUE; /* checked, not copied */
    if (event->seq == g_array_index(f->ends, gint64, event->turn)) {
        guint64 digest = state_digest(state);
        g_array_append_val(f->digests, digest);
        if (event->turn == f->turn)
            f->at = g_memdup2(state, sizeof *state);
    }
    return copy_event(f, event, error);
}

/* The parent's turns 0 … @f->turn into the fork, each command as this
 * build writes it and each digest as this build computes it. */
static gboolean copy_turns(Forking *f, GError **error)
{
    sqlite3_stmt *from = NULL, *to = NULL;
    g_autoptr(GString) json = g_string_new(NULL);
    int rc = sqlite3_prepare_v2(f->parent->db,
                                "SELECT turn, command, first_seq, last_seq FROM turns"
                                " WHERE turn <= ? ORDER BY turn",
                                -1, &from, NULL);
    gboolean ok =
        rc == SQLITE_OK &&
        sqlite3_prepare_v2(f->db,
                           "INSERT INTO turns (turn, command, digest, first_seq, last_seq)"
                           " VALUES (?, ?, ?, ?, ?)",
                           -1, &to, NULL) == SQLITE_OK;

    sqlite3_bind_int(from, 1, f->turn);
    while (ok && sqlite3_step(from) == SQLITE_ROW) {
        gint64 turn = sqlite3_column_int64(from, 0);
        char digest[17];
        CavCommand command;
        ok = turn >= 0 && turn < (gint64) f->digests->len &&
             command_from_json((const char *) sqlite3_column_text(from, 1), &command, NULL);
        if (!ok)
            break;
        g_string_truncate(json, 0);
        command_to_json(&command, json);
        g_snprintf(digest, sizeof digest, "%016" G_GINT64_MODIFIER "x",
                   g_array_index(f->digests, guint64, turn));
        sqlite3_bind_int64(to, 1, turn);
        sqlite3_bind_text(to, 2, json->str, (int) json->len, SQLITE_STATIC);
        sqlite3_bind_text(to, 3, digest, -1, SQLITE_STATIC);
        sqlite3_bind_int64(to, 4, sqlite3_column_int64(from, 2));
        sqlite3_bind_int64(to, 5, sqlite3_column_int64(from, 3));
        ok = sqlite3_step(to) == SQLITE_DONE;
        sqlite3_reset(to);
    }
    sqlite3_finalize(from);
    sqlite3_finalize(to);
    return ok || fail_db(error, f->db, store_path(f->fork), "copying the turns");
}

/* The parent's bookmarks on the fork's events. */
static gboolean copy_bookmarks(Forking *f, gint64 *copied, GError **error)
{
    g_autoptr(GPtrArray) bookmarks = bookmarks_read(f->parent, error);
    sqlite3_stmt *stmt = NULL;
    gboolean ok;

    *copied = 0;
    if (bookmarks == NULL)
        return FALSE;
    ok = sqlite3_prepare_v2(f->db, "INSERT INTO bookmarks (seq, note, created) VALUES (?, ?, ?)",
                            -1, &stmt, NULL) == SQLITE_OK;
    for (guint i = 0; ok && i < bookmarks->len; i++) {
        const Bookmark *bookmark = g_ptr_array_index(bookmarks, i);
        if (bookmark->seq > f->end_seq)
            break;
        sqlite3_bind_int64(stmt, 1, bookmark->seq);
        sqlite3_bind_text(stmt, 2, bookmark->note, -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 3, bookmark->created, -1, SQLITE_STATIC);
        ok = sqlite3_step(stmt) == SQLITE_DONE;
        sqlite3_reset(stmt);
        (*copied)++;
    }
    sqlite3_finalize(stmt);
    return ok || fail_db(error, f->db, store_path(f->fork), "copying the bookmarks");
}

/* The lineage row: the parent's file name, seed, creation and turn digest. */
static gboolean write_lineage(Forking *f, const char *parent, GError **error)
{
    StoreGameInfo info;
    guint64 digest = 0;
    char hex[17];
    g_autofree char *name = g_filename_display_basename(parent);
    sqlite3_stmt *stmt = NULL;
    gboolean ok;

    if (!store_read_info(f->parent, &info, error) ||
        !store_turn_digest(f->parent, f->turn, &digest, error))
        return FALSE;
    g_snprintf(hex, sizeof hex, "%016" G_GINT64_MODIFIER "x", digest);
    if (strlen(name) > LINEAGE_FILE_MAX)
        *g_utf8_find_prev_char(name, name + LINEAGE_FILE_MAX) = '\0';
    ok = sqlite3_prepare_v2(f->db,
                            "INSERT INTO lineage (id, parent_file, parent_seed, parent_created,"
                            " parent_digest, turn) VALUES (1, ?, ?, ?, ?, ?)",
                            -1, &stmt, NULL) == SQLITE_OK;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 2, info.seed);
    sqlite3_bind_text(stmt, 3, info.created != NULL ? info.created : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 4, hex, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 5, f->turn);
    ok = ok && sqlite3_step(stmt) == SQLITE_DONE;
    sqlite3_finalize(stmt);
    store_game_info_clear(&info);
    return ok || fail_db(error, f->db, store_path(f->fork), "recording the lineage");
}

/* The fork's game row: the game as it stood at the end of the turn. */
static gboolean write_game_row(Forking *f, GError **error)
{
    const CavState *at = f->at;
    const CavCreature *player = state_player(at);
    g_autoptr(GDateTime) now = g_date_time_new_now_utc();
    g_autofree char *stamp = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
    sqlite3_stmt *stmt = NULL;
    gboolean ok = sqlite3_prepare_v2(f->db,
                                     "UPDATE game SET updated = ?, outcome = ?, cause = ?,"
                                     " turns = ?, depth = ?, kills = ?, score = ?,"
                                     " build = ? WHERE id = 1",
                                     -1, &stmt, NULL) == SQLITE_OK;

    sqlite3_bind_text(stmt, 1, stamp, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 2, state_outcome_name(at->outcome), -1, SQLITE_STATIC);
    if (at->cause[0] != '\0')
        sqlite3_bind_text(stmt, 3, at->cause, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(stmt, 3);
    sqlite3_bind_int(stmt, 4, at->turn);
    sqlite3_bind_int(stmt, 5, at->deepest + 1);
    sqlite3_bind_int(stmt, 6, player != NULL ? player->kills : 0);
    sqlite3_bind_int(stmt, 7, state_score(at));
    /* The copied turns were played by the parent's build: verify names it. */
    sqlite3_bind_text(stmt, 8, f->parent_build, -1, SQLITE_STATIC);
    ok = ok && sqlite3_step(stmt) == SQLITE_DONE;
    sqlite3_finalize(stmt);
    return ok || fail_db(error, f->db, store_path(f->fork), "describing the fork");
}

/* Everything but the events, once the parent is folded whole. */
static gboolean finish_fork(Forking *f, const char *parent, ForkReport *report, GError **error)
{
    if (f->at == NULL)
        return tampered(error, f->parent, "the turn to fork at was not found in the events");
    return copy_turns(f, error) && copy_bookmarks(f, &report->bookmarks, error) &&
           write_lineage(f, parent, error) && write_game_row(f, error) &&
           sqlite3_exec(f->db, "COMMIT;", NULL, NULL, NULL) == SQLITE_OK;
}

/* Fold the parent (every check) while copying into the fork, then finish. */
static gboolean fork_into(Forking *f, const char *parent, ForkReport *report, GError **error)
{
    f->db = f->fork->db;
    if (sqlite3_exec(f->db, "BEGIN IMMEDIATE;", NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v3(f->db,
                           "INSERT INTO events (seq, turn, type, version, cause, actor, payload)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           -1, SQLITE_PREPARE_PERSISTENT, &f->insert_event, NULL) != SQLITE_OK)
        return fail_db(error, f->db, store_path(f->fork), "starting the fork");
    load_turn_ends(f, &f->ends_error);
    if (!store_fold_checked(f->parent, f->game, fork_one, f, error) ||
        !finish_fork(f, parent, report, error)) {
        if (error != NULL && *error == NULL)
            fail_db(error, f->db, store_path(f->fork), "saving the fork");
        sqlite3_exec(f->db, "ROLLBACK;", NULL, NULL, NULL);
        return FALSE;
    }
    return TRUE;
}

/* The parent, read in one transaction, checked far enough to know @turn is one of its
 * turns; the game to fold it into, by the data it is played by. */
static gboolean open_parent(Forking *f, gint32 turn, GError **error)
{
    const char *parent = store_path(f->parent);
    g_autoptr(GError) damaged = NULL;
    CavContent *content;
    gint32 last;
    guint64 digest;
    gint64 last_seq;

    if (!store_begin_read(f->parent, error) ||
        !store_last_turn(f->parent, &last, &digest, &last_seq, error))
        return FALSE;
    if (turn < 0 || turn > last) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND,
                    "%s: the game has no turn %d (its turns are 0 to %d)", parent, turn, last);
        return FALSE;
    }
    content = store_read_content(f->parent, &damaged);
    if (damaged != NULL) {
        g_propagate_error(error, g_steal_pointer(&damaged));
        return FALSE;
    }
    if (content == NULL && (content = session_load_content(error)) == NULL)
        return FALSE;
    f->game = game_new_with_content(content, NULL);
    game_track_view(f->game, FALSE); /* the digests cover the rules state only */
    return TRUE;
}

/* The fork's file under @part, with its schema, views, data and game row. */
static gboolean create_fork(Forking *f, const char *part, GError **error)
{
    StoreGameInfo info;

    if (!store_read_info(f->parent, &info, error))
        return FALSE;
    f->fork = store_create(part, info.seed, info.player_name, game_content(f->game), error);
    f->parent_build = g_steal_pointer(&info.build);
    store_game_info_clear(&info);
    return f->fork != NULL;
}

static void forking_clear(Forking *f)
{
    sqlite3_finalize(f->insert_event);
    if (f->parent != NULL)
        store_end_read(f->parent);
    if (f->owns_parent)
        store_free(f->parent);
    store_free(f->fork);
    game_free(f->game);
    g_string_free(f->payload, TRUE);
    if (f->ends != NULL)
        g_array_unref(f->ends);
    g_clear_error(&f->ends_error);
    g_array_unref(f->digests);
    g_free(f->at);
    g_free(f->parent_build);
}

/* fork_game_from with the Forking ready, its parent open. */
static gboolean fork_with(Forking *f, gint32 turn, const char *path, ForkReport *report,
                          GError **error)
{
    ForkReport figures = {0};
    g_autofree char *part = NULL;
    gint64 start = g_get_monotonic_time();
    gboolean ok;

    ok = store_check_free(path, error) && open_parent(f, turn, error);
    if (ok) {
        store_remove_dead_parts(path);
        part = g_strdup_printf("%s.%d.part", path, (int) getpid());
        store_remove_part(part);
        ok = create_fork(f, part, error) && fork_into(f, store_path(f->parent), &figures, error);
    }
    figures.events = f->copied;
    figures.copy_us = f->copy_us;
    g_clear_pointer(&f->insert_event, sqlite3_finalize);
    /* The WAL folded into @part: a fork that cannot be finished is none. */
    if (ok)
        ok = store_close_part(g_steal_pointer(&f->fork), part, path, error);
    forking_clear(f);
    if (part != NULL)
        ok = ok ? store_move_into_place(part, path, error) : (store_remove_part(part), FALSE);
    if (!ok && part != NULL && error != NULL)
        store_error_rename(*error, part, path); /* the player knows no .part */
    if (ok) /* made here from a parent folded whole and checked: its history is vouched for */
        integrity_remember_level(path, INTEGRITY_HISTORY);
    figures.total_us = g_get_monotonic_time() - start;
    if (ok && report != NULL)
        *report = figures;
    return ok;
}

gboolean fork_game_from(Store *parent, gint32 turn, const char *path, ForkReport *report,
                        GError **error)
{
    Forking f = {.parent = parent,
                 .turn = turn,
                 .payload = g_string_sized_new(512),
                 .digests = g_array_new(FALSE, FALSE, sizeof(guint64))};

    g_return_val_if_fail(parent != NULL && path != NULL, FALSE);
    return fork_with(&f, turn, path, report, error);
}

gboolean fork_game(const char *parent, gint32 turn, const char *path, ForkReport *report,
                   GError **error)
{
    Forking f = {.turn = turn,
                 .owns_parent = TRUE,
                 .payload = g_string_sized_new(512),
                 .digests = g_array_new(FALSE, FALSE, sizeof(guint64))};

    g_return_val_if_fail(parent != NULL && path != NULL, FALSE);
    if (!store_check_free(path, error) || (f.parent = store_open(parent, FALSE, error)) == NULL) {
        forking_clear(&f);
        return FALSE;
    }
    return fork_with(&f, turn, path, report, error);
}

/* ---- lineage --------------------------------------------------------------- */

/* One lineage row into @out when every value is one cavelog writes. */
static gboolean read_lineage_row(sqlite3 *db, sqlite3_stmt *stmt, ForkLineage *out)
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

gboolean fork_read_lineage(Store *store, gboolean *found, ForkLineage *out, GError **error)
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
        fork_lineage_clear(out);
        return tampered(error, store,
                        rows > 1 ? "the lineage table holds more than one row"
                                 : "the lineage is not one cavelog writes (a value of the wrong "
                                   "kind, a seed or turn not this game's, a damaged digest)");
    }
    if (rc != SQLITE_DONE)
        return fail_db(error, db, store_path(store), "reading the lineage");
    *found = rows == 1;
    return TRUE;
}

char *fork_describe_lineage(Store *store)
{
    ForkLineage lineage;
    gboolean found = FALSE;
    g_autofree char *shown = NULL;
    char *text;

    if (!fork_read_lineage(store, &found, &lineage, NULL) || !found)
        return NULL;
    shown = bookmarks_note_shown(lineage.parent_file);
    text = g_strdup_printf("forked from %s at turn %d", shown, lineage.turn);
    fork_lineage_clear(&lineage);
    return text;
}

char *fork_default_path(const char *parent, gint32 turn)
{
    g_autofree char *dir = store_games_dir();
    g_autofree char *base = g_path_get_basename(parent);
    g_autofree char *stem =
        g_str_has_suffix(base, ".cavelog") ? g_strndup(base, strlen(base) - 8) : g_strdup(base);
    char *path = NULL;

    for (int n = 1; path == NULL || !store_check_free(path, NULL); n++) {
        g_autofree char *name = n == 1 ? g_strdup_printf("%s-turn%d.cavelog", stem, turn)
                                       : g_strdup_printf("%s-turn%d-%d.cavelog", stem, turn, n);
        g_free(path);
        path = g_build_filename(dir, name, NULL);
    }
    return path;
}
