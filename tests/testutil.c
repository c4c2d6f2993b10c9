/* SPDX-License-Identifier: GPL-3.0-or-later */
/* testutil.c — helpers shared by the store-level test programs. */
#include "testutil.h"

#include <gio/gio.h>

#include <glib/gstdio.h>

#include "store.h"

typedef struct {
    Game *game;
    GArray *digests, *view_digests;
} Digests;

static void append_digests(Digests *d)
{
    guint64 digest = state_digest(game_state(d->game));

    g_array_append_val(d->digests, digest);
    if (d->view_digests != NULL) {
        digest = view_digest(game_view(d->game));
        g_array_append_val(d->view_digests, digest);
    }
}

static gboolean fold_and_digest(const CavEvent *event, gpointer user_data, GError **error)
{
    if (!game_fold(((Digests *) user_data)->game, event, error))
        return FALSE;
    append_digests(user_data);
    return TRUE;
}

void fold_digests(const char *path, Game *game, GArray *digests, GArray *view_digests)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    Digests d = {.game = game, .digests = digests, .view_digests = view_digests};

    g_assert_no_error(error);
    append_digests(&d);
    g_assert_true(store_foreach_event(store, NULL, fold_and_digest, &d, &error));
    g_assert_no_error(error);
}

void gunzip_file(const char *source, const char *target)
{
    g_autoptr(GFile) in_file = g_file_new_for_path(source);
    g_autoptr(GFile) out_file = g_file_new_for_path(target);
    g_autoptr(GError) error = NULL;
    g_autoptr(GInputStream) raw = G_INPUT_STREAM(g_file_read(in_file, NULL, &error));
    g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP);
    g_autoptr(GInputStream) plain = NULL;
    g_autoptr(GOutputStream) out = NULL;

    g_assert_no_error(error);
    plain = g_converter_input_stream_new(raw, G_CONVERTER(gunzip));
    out = G_OUTPUT_STREAM(g_file_replace(out_file, NULL, FALSE, 0, NULL, &error));
    g_assert_no_error(error);
    g_output_stream_splice(
        out, plain, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL,
        &error);
    g_assert_no_error(error);
}

void remove_tree(const char *path)
{
    GDir *dir;
    const char *name;

    if (!g_file_test(path, G_FILE_TEST_IS_DIR) || g_file_test(path, G_FILE_TEST_IS_SYMLINK)) {
        g_unlink(path);
        return;
    }
    dir = g_dir_open(path, 0, NULL);
    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);
        remove_tree(child);
    }
    if (dir != NULL)
        g_dir_close(dir);
    g_rmdir(path);
}

void tmp_dir_setup(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;

    fixture->dir = g_dir_make_tmp("cavelog-test-XXXXXX", &error);
    g_assert_no_error(error);
}

void tmp_dir_teardown(TmpDir *fixture, gconstpointer data)
{
    remove_tree(fixture->dir);
    g_free(fixture->dir);
}

char *tmp_path(const TmpDir *fixture, const char *name)
{
    return g_build_filename(fixture->dir, name, NULL);
}

gboolean play_bot_turn(Session *session)
{
    g_autoptr(GError) error = NULL;

    if (session_state(session)->outcome != OUTCOME_PLAYING)
        return FALSE;
    g_assert_true(autoplay_turn(session, &error));
    g_assert_no_error(error);
    return TRUE;
}

gint64 seed_lasting(const TmpDir *fixture, gint64 first, gint32 turns)
{
    g_autofree char *path = tmp_path(fixture, "seed-trial.cavelog");

    for (gint64 seed = first; seed < first + 50; seed++) {
        g_autoptr(GError) error = NULL;
        Session *session = session_new_game(path, seed, "tester", NULL, &error);
        gint32 played = 0;

        g_assert_no_error(error);
        while (played < turns && play_bot_turn(session))
            played++;
        session_free(session);
        remove_tree(path);
        if (played == turns)
            return seed;
    }
    g_error("no seed from %" G_GINT64_FORMAT " on lets the bot live %d turns", first, turns);
}

gint64 db_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    gint64 value;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        g_error("cannot prepare %s: %s", sql, sqlite3_errmsg(db));
    g_assert_cmpint(sqlite3_step(stmt), ==, SQLITE_ROW);
    value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return value;
}

gint64 file_int(const char *path, const char *query)
{
    sqlite3 *db = NULL;
    gint64 value;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    value = db_int(db, query);
    sqlite3_close(db);
    return value;
}

/* A scenario's world is made by hand, not by this build's rules from its
 * data: its file says so by its build, so that no reader holds its spawns
 * to the data (checks.c check_content). */
static void mark_hand_made(const char *path)
{
    sqlite3 *db = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    g_assert_cmpint(
        sqlite3_exec(db, "UPDATE game SET build = build || '+scenario'", NULL, NULL, NULL), ==,
        SQLITE_OK);
    sqlite3_close(db);
}

Store *scenario_store_new(const char *path, Scenario *s, GError **error)
{
    Store *store = store_create(path, game_state(s->game)->seed, game_state(s->game)->player_name,
                                game_content(s->game), error);
    CavCommand start = {.kind = CMD_START, .seed = game_state(s->game)->seed};

    if (store == NULL)
        return NULL;
    mark_hand_made(path);
    if (!store_append_turn(store, &start, (const CavEvent *) s->folded->data, s->folded->len,
                           game_state(s->game), error)) {
        store_free(store);
        return NULL;
    }
    return store;
}

void scenario_store_play(Scenario *s, Store *store, CavCommand command)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *stream = scenario_play(s, command);
    const GArray *events = game_turn_events(s->game);

    g_assert_false(g_str_has_prefix(stream, "rejected"));
    g_assert_true(store_append_turn(store, &command, (const CavEvent *) events->data, events->len,
                                    game_state(s->game), &error));
    g_assert_no_error(error);
}
