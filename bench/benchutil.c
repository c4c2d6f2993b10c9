/* SPDX-License-Identifier: GPL-3.0-or-later */
/* benchutil.c — small helpers shared by the benchmarks that build game
 * files of their own. */
#include "benchutil.h"

#include <glib/gstdio.h>

void bench_remove_tree(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_DIR))
            bench_remove_tree(path);
        else
            g_unlink(path);
    }
    g_rmdir(dir);
}

gint64 bench_query(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *stmt = NULL;
    gint64 value = 0;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(stmt) == SQLITE_ROW)
        value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return value;
}
