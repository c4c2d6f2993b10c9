/* SPDX-License-Identifier: GPL-3.0-or-later */
/* records.h — what a folder of past games tells: high scores, statistics
 * across games and achievements earned. Each game file is opened read-only
 * and its history checked (a checked fold, streamed event by event) before
 * it counts; statistics and achievements are SQL over one game's events at
 * a time, added up in C, so no game is ever held in memory whole. Files are
 * never changed; one that cannot be read is listed with its problem. */
#ifndef CAV_HISTORY_RECORDS_H
#define CAV_HISTORY_RECORDS_H

#include "store.h"

G_BEGIN_DECLS

/* How far one query over one game file may go before it is stopped. */
#define RECORDS_QUERY_STEPS G_GINT64_CONSTANT(200000000)
#define RECORDS_QUERY_MS G_GINT64_CONSTANT(10000)

/* One game file of a folder. */
typedef struct {
    char *path;
    StoreGameInfo info;
    gboolean standard; /* played with the standard content data */
    char *problem;     /* non-NULL when the file could not be read: why */
} RecordsGame;

void records_game_free(RecordsGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RecordsGame, records_game_free)

/* Called for each game: @store is open read-only and its history checked,
 * or NULL when @game->problem says why it could not be read. Return FALSE
 * (with @error set) to stop. */
typedef gboolean (*RecordsGameFunc)(const RecordsGame *game, Store *store, gpointer user_data,
                                    GError **error);

/* Visit every *.cavelog (and *.cavelog.gz) file in @dir, in file-name order. FALSE with a
 * G_FILE_ERROR when @dir cannot be read, or with @func's error. */
gboolean records_foreach_game(const char *dir, RecordsGameFunc func, gpointer user_data,
                              GError **error);

/* ---- high scores --------------------------------------------------------- */

/* Every game of @dir (a GPtrArray of RecordsGame, caller unrefs), ranked:
 * standard games by score (highest first; then fewer turns, then earlier),
 * then those played with other content data ranked the same way apart,
 * then the unreadable ones by name. NULL with an error when @dir cannot be
 * read. */
GPtrArray *records_scores(const char *dir, GError **error);

/* Rank @games (of RecordsGame) as records_scores() does. */
void records_scores_rank(GPtrArray *games);

/* Append @games (from records_scores) as a table for a terminal to @out. */
void records_scores_print(const GPtrArray *games, GString *out);

/* ---- statistics ---------------------------------------------------------- */

typedef struct {
    gint64 games, won, lost, playing, unreadable;
    gint64 turns;        /* summed over every readable game */
    GHashTable *causes;  /* cause of a lost game → games (gint64 *) */
    GHashTable *killers; /* "goblin, at depth 3": what killed the player, where → deaths */
    GHashTable *items;   /* item type → times the player used one (drank, ate, threw,
                            fired, wielded or wore, read a spell from) */
    GPtrArray *problems; /* "FILE: why" for each unreadable file */
} RecordsStats;

void records_stats_free(RecordsStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RecordsStats, records_stats_free)

/* The statistics of every game in @dir, each query run on each file and
 * the rows added up. NULL with an error when @dir cannot be read. */
RecordsStats *records_stats(const char *dir, GError **error);

/* Append @stats for a terminal to @out, followed by how they were
 * computed: the SQL run on each file, and how the files are added up. */
void records_stats_print(const RecordsStats *stats, GString *out);

/* records_stats_print without how the figures were computed. */
void records_stats_print_figures(const RecordsStats *stats, GString *out);

/* ---- achievements -------------------------------------------------------- */

typedef struct {
    char *id;          /* the data file's group name */
    char *name;        /* "First blood" */
    char *description; /* "Killed a creature." */
    char *query;       /* SQL over one game: its first value is truthy when earned */
    GPtrArray *earned; /* after evaluation: paths of the games that earned it */
    char *problem;     /* after evaluation: why the query failed, or NULL */
} RecordsAchievement;

/* The achievements in the data file achievements.ini: $CAVELOG_DATA_DIR's
 * when it holds one, else the installed one, else the copy built into the
 * program. A GPtrArray of RecordsAchievement in file order (caller unrefs);
 * NULL with a G_KEY_FILE_ERROR naming the file and the problem. */
GPtrArray *records_achievements_load(GError **error);

/* The same from the text of an achievements.ini (@origin names it in
 * errors). */
GPtrArray *records_achievements_parse(const char *text, const char *origin, GError **error);

/* Evaluate @achievements over every game of @dir, filling each one's
 * earned list (and problem). Returns the games visited (a GPtrArray of
 * RecordsGame; the unreadable ones carry their problem), or NULL with an
 * error when @dir cannot be read. */
GPtrArray *records_achievements_evaluate(const char *dir, GPtrArray *achievements, GError **error);

/* Append @achievements (evaluated over @games) for a terminal to @out. */
void records_achievements_print(const GPtrArray *achievements, const GPtrArray *games,
                                GString *out);

/* Whether @value, the text of an SQL value, is truthy: a number other
 * than 0 (NULL and text that is no number are not). */
gboolean records_truthy(const char *value);

G_END_DECLS

#endif
