/* testutil.c — helpers shared by the store-level test programs. */
#include "testutil.h"

#include <glib/gstdio.h>

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
    g_assert_true(session_play_bot(session, &error));
    g_assert_no_error(error);
    return TRUE;
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
