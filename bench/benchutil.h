/* SPDX-License-Identifier: GPL-3.0-or-later */
/* benchutil.h — small helpers shared by the benchmarks that build game
 * files of their own. */
#pragma once

#include <glib.h>
#include <sqlite3.h>

/* Remove @dir and everything below it (what is left of a benchmark's work). */
void bench_remove_tree(const char *dir);

/* The first column of the first row of @sql on @db: 0 without a row, -1
 * when @sql cannot be prepared (a table SQLite was built without, say). */
gint64 bench_query(sqlite3 *db, const char *sql);
