/* SPDX-License-Identifier: GPL-3.0-or-later */
/* records-private.h — what records.c shares with records-archive.c, so that
 * the archive runs the very queries of a folder's statistics and adds up
 * their rows with the very same code. */
#ifndef CAV_HISTORY_RECORDS_PRIVATE_H
#define CAV_HISTORY_RECORDS_PRIVATE_H

#include "records.h"

G_BEGIN_DECLS

/* The statistics' queries over one game, and what adds each row up
 * (StoreRowFunc's shape, @user_data a RecordsStats). */
extern const char records_stats_outcome_sql[];
extern const char records_stats_killer_sql[];
extern const char records_stats_items_sql[];
gboolean records_add_outcome(int n, const char *const *values, gpointer user_data, GError **error);
gboolean records_add_killer(int n, const char *const *values, gpointer user_data, GError **error);
gboolean records_add_items(int n, const char *const *values, gpointer user_data, GError **error);

/* Empty statistics, to add games to. */
RecordsStats *records_stats_new(void);

/* Append a copy of @game to @user_data (a GPtrArray of RecordsGame). */
gboolean records_keep_game(const RecordsGame *game, Store *store, gpointer user_data,
                           GError **error);

/* An achievement's row: *@user_data (gboolean) is whether the first value
 * is truthy; stops after the first row. */
gboolean records_first_value(int n, const char *const *values, gpointer user_data, GError **error);

G_END_DECLS

#endif
