/* SPDX-License-Identifier: GPL-3.0-or-later */
/* records.c — a folder of past games read as one history: each file opened
 * read-only and folded with every check, then high scores from the checked
 * game rows, statistics as SQL over each file's events added up across
 * files, and achievements as queries from the installed data file. */
#include "records.h"

#include <string.h>

#include "cavelog-config.h"
#include "checks.h"
#include "copies.h"
#include "datafile.h"
#include "records-private.h"

/* The player is the first creature of every game. */
#define RECORDS_PLAYER "1"

/* ---- the games of a folder ------------------------------------------------- */

void records_game_free(RecordsGame *game)
{
    if (game == NULL)
        return;
    g_free(game->path);
    store_game_info_clear(&game->info);
    g_free(game->problem);
    g_free(game);
}

static gint by_name(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *) a, *(const char *const *) b);
}

/* The *.cavelog (and *.cavelog.gz) names in @dir, sorted. */
static GPtrArray *game_names(const char *dir, GError **error)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, error);
    GPtrArray *names;
    const char *name;

    if (folder == NULL)
        return NULL;
    names = g_ptr_array_new_with_free_func(g_free);
    while ((name = g_dir_read_name(folder)) != NULL)
        if (store_is_game_name(name))
            g_ptr_array_add(names, g_strdup(name));
    g_ptr_array_sort(names, by_name);
    return names;
}

/* Open @game->path read-only and check its whole history; NULL with
 * @game->problem set when that fails. The store is left inside one read
 * transaction (store_begin_read), so that the checks and the queries that
 * follow see one moment of a game being played right now. */
static Store *open_checked(RecordsGame *game)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(game->path, FALSE, &error);
    g_autoptr(Game) fold = game_new(NULL);

    game_track_view(fold, FALSE);
    if (store == NULL || !store_begin_read(store, &error) ||
        !checks_fold(store, fold, NULL, NULL, &error) ||
        !store_read_info(store, &game->info, &error) ||
        !store_read_content_standard(store, &game->standard, &error)) {
        game->problem = g_strdup(error->message);
        return NULL;
    }
    /* The row's score is checked only for this build's files (another build
     * may have scored by other rules), so it is never ranked: the checked
     * events' score is, by this build's rules, the same for every game. */
    game->info.score = state_score(game_state(fold));
    return g_steal_pointer(&store);
}

gboolean records_foreach_game(const char *dir, RecordsGameFunc func, gpointer user_data,
                              GError **error)
{
    g_autoptr(GPtrArray) names = game_names(dir, error);

    g_return_val_if_fail(dir != NULL && func != NULL, FALSE);
    if (names == NULL)
        return FALSE;
    for (guint i = 0; i < names->len; i++) {
        g_autoptr(RecordsGame) game = g_new0(RecordsGame, 1);
        g_autoptr(Store) store = NULL;
        game->path = g_build_filename(dir, g_ptr_array_index(names, i), NULL);
        store = open_checked(game);
        if (!func(game, store, user_data, error))
            return FALSE;
        if (store != NULL)
            store_end_read(store);
    }
    return TRUE;
}

/* ---- high scores ------------------------------------------------------------ */

gboolean records_keep_game(const RecordsGame *game, Store *store, gpointer user_data,
                           GError **error)
{
    RecordsGame *copy = g_new0(RecordsGame, 1);

    (void) store;
    (void) error;
    *copy = *game;
    copy->path = g_strdup(game->path);
    copy->problem = g_strdup(game->problem);
    copy->info = (StoreGameInfo){
        .seed = game->info.seed,
        .build = g_strdup(game->info.build),
        .created = g_strdup(game->info.created),
        .updated = g_strdup(game->info.updated),
        .player_name = g_strdup(game->info.player_name),
        .outcome = g_strdup(game->info.outcome),
        .cause = g_strdup(game->info.cause),
        .turns = game->info.turns,
        .depth = game->info.depth,
        .kills = game->info.kills,
        .score = game->info.score,
    };
    g_ptr_array_add(user_data, copy);
    return TRUE;
}

/* 0 for standard games, 1 for other content, 2 for unreadable files. */
static gint score_group(const RecordsGame *game)
{
    return game->problem != NULL ? 2 : game->standard ? 0 : 1;
}

static gint by_rank(gconstpointer a, gconstpointer b)
{
    const RecordsGame *x = *(RecordsGame *const *) a, *y = *(RecordsGame *const *) b;
    gint gx = score_group(x), gy = score_group(y);

    if (gx != gy)
        return gx - gy;
    if (gx == 2)
        return strcmp(x->path, y->path);
    if (x->info.score != y->info.score)
        return x->info.score > y->info.score ? -1 : 1;
    if (x->info.turns != y->info.turns)
        return x->info.turns < y->info.turns ? -1 : 1;
    return g_strcmp0(x->info.updated, y->info.updated);
}

void records_scores_rank(GPtrArray *games)
{
    g_return_if_fail(games != NULL);
    g_ptr_array_sort(games, by_rank);
}

GPtrArray *records_scores(const char *dir, GError **error)
{
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify) records_game_free);

    g_return_val_if_fail(dir != NULL, NULL);
    if (!records_foreach_game(dir, records_keep_game, games, error))
        return NULL;
    records_scores_rank(games);
    return g_steal_pointer(&games);
}

/* "lost: killed by a goblin": how @game ended, printable. Caller frees. */
static char *score_outcome(const RecordsGame *game)
{
    g_autofree char *outcome = store_printable(game->info.outcome);
    g_autofree char *cause = store_printable(game->info.cause);

    return game->info.cause != NULL ? g_strdup_printf("%s: %s", outcome, cause)
                                    : g_steal_pointer(&outcome);
}

/* The width of the outcome column: the longest outcome of @games, whole. */
static int score_outcome_width(const GPtrArray *games)
{
    int width = (int) strlen("OUTCOME");

    for (guint i = 0; i < games->len; i++) {
        const RecordsGame *game = g_ptr_array_index(games, i);
        g_autofree char *how = NULL;

        if (game->problem != NULL)
            continue;
        how = score_outcome(game);
        width = MAX(width, (int) g_utf8_strlen(how, -1));
    }
    return width;
}

/* Append @text padded with spaces to @width characters. */
static void append_padded(GString *out, const char *text, int width)
{
    g_string_append(out, text);
    for (int n = (int) g_utf8_strlen(text, -1); n < width; n++)
        g_string_append_c(out, ' ');
}

static void print_score_row(const RecordsGame *game, guint rank, int outcome_width, GString *out)
{
    g_autofree char *base = g_path_get_basename(game->path);
    g_autofree char *name = store_printable(game->info.player_name);
    g_autofree char *date = store_printable(game->info.updated);
    g_autofree char *how = score_outcome(game);

    if (strlen(date) > 16)
        date[10] = ' ', date[16] = '\0'; /* 2026-11-25T12:13:14Z → 2026-11-25 12:13 */
    g_string_append_printf(out, "%4u %6d  %-12.12s ", rank, game->info.score, name);
    append_padded(out, how, outcome_width);
    g_string_append_printf(out, " %5d %6d  %-16s  %s\n", game->info.depth, game->info.turns, date,
                           base);
}

void records_scores_print(const GPtrArray *games, GString *out)
{
    static const char *const titles[] = {
        "High scores",
        "Played with other content data ($CAVELOG_DATA_DIR), ranked apart",
        "Unreadable files",
    };
    int outcome_width = score_outcome_width(games);
    gint group = -1;
    guint rank = 0;

    if (games->len == 0)
        g_string_append(out, "No games here yet.\n");
    for (guint i = 0; i < games->len; i++) {
        const RecordsGame *game = g_ptr_array_index(games, i);
        if (score_group(game) != group) {
            group = score_group(game);
            rank = 0;
            g_string_append_printf(out, "%s%s\n", i > 0 ? "\n" : "", titles[group]);
            if (group < 2) {
                g_string_append_printf(out, "%4s %6s  %-12s ", "RANK", "SCORE", "NAME");
                append_padded(out, "OUTCOME", outcome_width);
                g_string_append_printf(out, " %5s %6s  %-16s  %s\n", "DEPTH", "TURNS", "DATE",
                                       "FILE");
            }
        }
        if (group == 2) {
            g_autofree char *why = store_printable(game->problem); /* it names the file */
            g_string_append_printf(out, "  %s\n", why);
        } else {
            print_score_row(game, ++rank, outcome_width, out);
        }
    }
}

/* ---- statistics ------------------------------------------------------------- */

/* The queries, each run on one game file as it is; their rows are added up
 * across files (records_stats_print says how). */
const char records_stats_outcome_sql[] = "SELECT outcome, cause, turns FROM game;";

const char records_stats_killer_sql[] =
    "SELECT coalesce((SELECT kind FROM CreatureSpawned WHERE creature = d.killer"
    " UNION ALL SELECT kind FROM CreatureSummoned WHERE creature = d.killer LIMIT 1),"
    " d.cause) AS killer,"
    " 1 + coalesce((SELECT z FROM CreatureTookStairs WHERE creature = d.creature"
    " AND seq < d.seq ORDER BY seq DESC LIMIT 1), 0) AS depth"
    " FROM CreatureDied d WHERE d.creature = " RECORDS_PLAYER ";";

/* An item split off a stack (one thrown or dropped) has no ItemSpawned of
 * its own: its type is that of the item it was split from, and so on. */
const char records_stats_items_sql[] =
    "WITH RECURSIVE used(item) AS ("
    "SELECT item FROM ItemQuaffed WHERE creature = " RECORDS_PLAYER
    " UNION ALL SELECT item FROM ItemEaten WHERE creature = " RECORDS_PLAYER
    " UNION ALL SELECT item FROM ItemThrown WHERE creature = " RECORDS_PLAYER
    " UNION ALL SELECT item FROM ShotFired WHERE creature = " RECORDS_PLAYER
    " UNION ALL SELECT item FROM ItemEquipped WHERE creature = " RECORDS_PLAYER
    " UNION ALL SELECT item FROM SpellCast WHERE creature = " RECORDS_PLAYER "),"
    " split(item, origin) AS MATERIALIZED (SELECT split, item FROM ItemThrown WHERE split > 0"
    " UNION ALL SELECT split, item FROM ItemDropped WHERE split > 0),"
    " kind(item, type) AS (SELECT item, type FROM ItemSpawned"
    " UNION SELECT s.item, k.type FROM split s JOIN kind k ON k.item = s.origin)"
    " SELECT coalesce(k.type, 'unknown') AS type, count(*) AS uses"
    " FROM used u LEFT JOIN kind k ON k.item = u.item GROUP BY 1 ORDER BY 2 DESC;";

void records_stats_free(RecordsStats *stats)
{
    if (stats == NULL)
        return;
    g_hash_table_unref(stats->causes);
    g_hash_table_unref(stats->killers);
    g_hash_table_unref(stats->items);
    g_ptr_array_unref(stats->problems);
    g_free(stats);
}

static void add_count(GHashTable *table, const char *key, gint64 count)
{
    gint64 *total = g_hash_table_lookup(table, key);

    if (total == NULL) {
        total = g_new0(gint64, 1);
        g_hash_table_insert(table, g_strdup(key), total);
    }
    *total += count;
}

static gint64 number(const char *value)
{
    return value != NULL ? g_ascii_strtoll(value, NULL, 10) : 0;
}

gboolean records_add_outcome(int n, const char *const *values, gpointer user_data, GError **error)
{
    RecordsStats *stats = user_data;

    (void) error;
    g_assert(n == 3);
    stats->won += g_strcmp0(values[0], "won") == 0;
    stats->playing += g_strcmp0(values[0], "playing") == 0;
    if (g_strcmp0(values[0], "lost") == 0) {
        stats->lost++;
        add_count(stats->causes, values[1] != NULL ? values[1] : "(no cause)", 1);
    }
    stats->turns += number(values[2]);
    return TRUE;
}

gboolean records_add_killer(int n, const char *const *values, gpointer user_data, GError **error)
{
    RecordsStats *stats = user_data;
    g_autofree char *key = g_strdup_printf("%s, at depth %s", values[0] != NULL ? values[0] : "?",
                                           values[1] != NULL ? values[1] : "?");

    (void) error;
    g_assert(n == 2);
    add_count(stats->killers, key, 1);
    return TRUE;
}

gboolean records_add_items(int n, const char *const *values, gpointer user_data, GError **error)
{
    RecordsStats *stats = user_data;

    (void) error;
    g_assert(n == 2);
    add_count(stats->items, values[0] != NULL ? values[0] : "unknown", number(values[1]));
    return TRUE;
}

static gboolean add_game(const RecordsGame *game, Store *store, gpointer user_data, GError **error)
{
    RecordsStats *stats = user_data;
    g_autoptr(GError) problem = NULL;

    (void) error;
    if (store != NULL &&
        store_query(store, records_stats_outcome_sql, RECORDS_QUERY_STEPS, RECORDS_QUERY_MS,
                    records_add_outcome, stats, &problem) &&
        store_query(store, records_stats_killer_sql, RECORDS_QUERY_STEPS, RECORDS_QUERY_MS,
                    records_add_killer, stats, &problem) &&
        store_query(store, records_stats_items_sql, RECORDS_QUERY_STEPS, RECORDS_QUERY_MS,
                    records_add_items, stats, &problem)) {
        stats->games++;
        return TRUE;
    }
    /* Half-added rows of a file that failed midway are not taken back: a
     * file that passed the checked fold and then fails a query is rare
     * enough (a hostile query budget) to be named, not hidden. */
    stats->unreadable++;
    g_ptr_array_add(stats->problems, g_strdup(problem != NULL ? problem->message : game->problem));
    return TRUE;
}

RecordsStats *records_stats_new(void)
{
    RecordsStats *stats = g_new0(RecordsStats, 1);

    stats->causes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    stats->killers = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    stats->items = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    stats->problems = g_ptr_array_new_with_free_func(g_free);
    return stats;
}

RecordsStats *records_stats(const char *dir, GError **error)
{
    g_autoptr(RecordsStats) stats = records_stats_new();

    g_return_val_if_fail(dir != NULL, NULL);
    if (!records_foreach_game(dir, add_game, stats, error))
        return NULL;
    return g_steal_pointer(&stats);
}

static gint by_total(gconstpointer a, gconstpointer b, gpointer user_data)
{
    gint64 x = *(gint64 *) g_hash_table_lookup(user_data, a);
    gint64 y = *(gint64 *) g_hash_table_lookup(user_data, b);

    return x != y ? (x > y ? -1 : 1) : strcmp(a, b);
}

/* @table's rows, largest first, as "  COUNT  KEY" lines (at most @limit). */
static void print_table(GHashTable *table, const char *title, guint limit, GString *out)
{
    GList *keys = g_list_sort_with_data(g_hash_table_get_keys(table), by_total, table);
    guint shown = 0;

    g_string_append_printf(out, "\n%s\n", title);
    if (keys == NULL)
        g_string_append(out, "  (none)\n");
    for (GList *k = keys; k != NULL && shown < limit; k = k->next, shown++) {
        g_autofree char *key = store_printable(k->data);
        g_string_append_printf(out, "  %6" G_GINT64_FORMAT "  %s\n",
                               *(gint64 *) g_hash_table_lookup(table, k->data), key);
    }
    g_list_free(keys);
}

static void print_how(GString *out)
{
    g_string_append(out,
                    "\nHow this was computed: each game file was opened read-only and its history\n"
                    "checked, then these queries ran on it, as you can run them yourself with\n"
                    "`sqlite3 FILE \"QUERY\"` (the per-event views are in every game file):\n\n");
    g_string_append_printf(out, "  games, outcomes, causes, turns:\n    %s\n",
                           records_stats_outcome_sql);
    g_string_append_printf(out, "  what killed the player, at which depth:\n    %s\n",
                           records_stats_killer_sql);
    g_string_append_printf(out, "  items the player used:\n    %s\n", records_stats_items_sql);
    g_string_append(out,
                    "\nAcross files the rows are added up: counts are summed key by key; the\n"
                    "win rate is won / (won + lost) over finished games; the average turns are\n"
                    "the summed turns / the readable games (finished or not).\n");
}

void records_stats_print(const RecordsStats *stats, GString *out)
{
    records_stats_print_figures(stats, out);
    print_how(out);
}

void records_stats_print_figures(const RecordsStats *stats, GString *out)
{
    gint64 finished = stats->won + stats->lost;

    g_string_append_printf(out,
                           "Games: %" G_GINT64_FORMAT " (%" G_GINT64_FORMAT
                           " won, %" G_GINT64_FORMAT " lost, %" G_GINT64_FORMAT " still playing)",
                           stats->games, stats->won, stats->lost, stats->playing);
    if (stats->unreadable > 0)
        g_string_append_printf(out, ", %" G_GINT64_FORMAT " unreadable", stats->unreadable);
    g_string_append_c(out, '\n');
    if (finished > 0)
        g_string_append_printf(out, "Win rate: %.1f %% of finished games\n",
                               100.0 * (double) stats->won / (double) finished);
    if (stats->games > 0)
        g_string_append_printf(out, "Average turns: %.1f\n",
                               (double) stats->turns / (double) stats->games);
    print_table(stats->causes, "Causes of the end of lost games", 20, out);
    print_table(stats->killers, "What killed the player", 20, out);
    print_table(stats->items, "Items the player used most", 20, out);
    for (guint i = 0; i < stats->problems->len; i++) {
        g_autofree char *why = store_printable(g_ptr_array_index(stats->problems, i));
        g_string_append_printf(out, "%sunreadable: %s\n", i == 0 ? "\n" : "", why);
    }
}

/* ---- achievements ----------------------------------------------------------- */

extern const char records_builtin_achievements[];

static void achievement_free(gpointer data)
{
    RecordsAchievement *a = data;

    g_free(a->id);
    g_free(a->name);
    g_free(a->description);
    g_free(a->query);
    g_ptr_array_unref(a->earned);
    g_free(a->problem);
    g_free(a);
}

static RecordsAchievement *read_achievement(GKeyFile *file, const char *id, const char *origin,
                                            GError **error)
{
    RecordsAchievement *a = g_new0(RecordsAchievement, 1);

    a->id = g_strdup(id);
    a->earned = g_ptr_array_new_with_free_func(g_free);
    a->name = g_key_file_get_string(file, id, "name", error);
    if (a->name != NULL)
        a->description = g_key_file_get_string(file, id, "description", error);
    if (a->description != NULL)
        a->query = g_key_file_get_string(file, id, "query", error);
    if (a->query == NULL) {
        g_prefix_error(error, "%s: achievement [%s]: ", origin, id);
        achievement_free(a);
        return NULL;
    }
    return a;
}

GPtrArray *records_achievements_parse(const char *text, const char *origin, GError **error)
{
    g_autoptr(GKeyFile) file = g_key_file_new();
    g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func(achievement_free);
    g_auto(GStrv) ids = NULL;

    g_return_val_if_fail(text != NULL && origin != NULL, NULL);
    if (!g_key_file_load_from_data(file, text, (gsize) -1, G_KEY_FILE_NONE, error)) {
        g_prefix_error(error, "%s: ", origin);
        return NULL;
    }
    ids = g_key_file_get_groups(file, NULL);
    for (guint i = 0; ids[i] != NULL; i++) {
        RecordsAchievement *a = read_achievement(file, ids[i], origin, error);
        if (a == NULL)
            return NULL;
        g_ptr_array_add(list, a);
    }
    return g_steal_pointer(&list);
}

GPtrArray *records_achievements_load(GError **error)
{
    const char *dir = g_getenv("CAVELOG_DATA_DIR");
    g_autofree char *own =
        dir != NULL && dir[0] != '\0' ? g_build_filename(dir, "achievements.ini", NULL) : NULL;
    g_autofree char *installed = g_build_filename(CAVELOG_DATADIR, "achievements.ini", NULL);
    const char *path = own != NULL && g_file_test(own, G_FILE_TEST_EXISTS) ? own
                       : g_file_test(installed, G_FILE_TEST_EXISTS)        ? installed
                                                                           : NULL;
    g_autofree char *text = NULL;

    if (path == NULL)
        return records_achievements_parse(records_builtin_achievements,
                                          "the built-in achievements.ini", error);
    if (!ev_read_data_file(path, &text, error))
        return NULL;
    return records_achievements_parse(text, path, error);
}

gboolean records_truthy(const char *value)
{
    char *end = NULL;
    double number;

    if (value == NULL)
        return FALSE;
    number = g_ascii_strtod(value, &end);
    return end != value && number != 0.0;
}

gboolean records_first_value(int n, const char *const *values, gpointer user_data, GError **error)
{
    gboolean *earned = user_data;

    (void) error;
    *earned = n > 0 && records_truthy(values[0]);
    return FALSE; /* the first row is the answer */
}

static gboolean evaluate_game(const RecordsGame *game, Store *store, gpointer user_data,
                              GError **error)
{
    GPtrArray *achievements = g_ptr_array_index((GPtrArray *) user_data, 0);
    GPtrArray *games = g_ptr_array_index((GPtrArray *) user_data, 1);

    records_keep_game(game, store, games, error);
    for (guint i = 0; store != NULL && i < achievements->len; i++) {
        RecordsAchievement *a = g_ptr_array_index(achievements, i);
        g_autoptr(GError) problem = NULL;
        gboolean earned = FALSE;
        if (!store_query(store, a->query, RECORDS_QUERY_STEPS, RECORDS_QUERY_MS,
                         records_first_value, &earned, &problem) &&
            problem != NULL && a->problem == NULL)
            a->problem = g_strdup(problem->message);
        if (earned)
            g_ptr_array_add(a->earned, g_strdup(game->path));
    }
    return TRUE;
}

GPtrArray *records_achievements_evaluate(const char *dir, GPtrArray *achievements, GError **error)
{
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify) records_game_free);
    g_autoptr(GPtrArray) both = g_ptr_array_new();

    g_return_val_if_fail(dir != NULL && achievements != NULL, NULL);
    g_ptr_array_add(both, achievements);
    g_ptr_array_add(both, games);
    if (!records_foreach_game(dir, evaluate_game, both, error))
        return NULL;
    return g_steal_pointer(&games);
}

static void print_achievement(const RecordsAchievement *a, guint readable, GString *out)
{
    g_autofree char *name = store_printable(a->name);
    g_autofree char *description = store_printable(a->description);

    g_string_append_printf(out, "%s — %s\n", name, description);
    if (a->problem != NULL) {
        g_autofree char *why = store_printable(a->problem);
        g_string_append_printf(out, "  (its query failed: %s)\n", why);
    }
    if (a->earned->len == 0)
        g_string_append(out, "  not earned yet\n");
    else
        g_string_append_printf(out, "  earned by %u of %u game%s:", a->earned->len, readable,
                               readable == 1 ? "" : "s");
    for (guint i = 0; i < a->earned->len; i++) {
        g_autofree char *base = g_path_get_basename(g_ptr_array_index(a->earned, i));
        g_string_append_printf(out, " %s", base);
    }
    if (a->earned->len > 0)
        g_string_append_c(out, '\n');
}

void records_achievements_print(const GPtrArray *achievements, const GPtrArray *games, GString *out)
{
    guint readable = 0;

    for (guint i = 0; i < games->len; i++)
        readable += ((const RecordsGame *) g_ptr_array_index(games, i))->problem == NULL;
    for (guint i = 0; i < achievements->len; i++)
        print_achievement(g_ptr_array_index(achievements, i), readable, out);
    for (guint i = 0; i < games->len; i++) {
        const RecordsGame *game = g_ptr_array_index(games, i);
        if (game->problem != NULL) {
            g_autofree char *why = store_printable(game->problem);
            g_string_append_printf(out, "unreadable: %s\n", why);
        }
    }
}
