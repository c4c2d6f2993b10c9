/* SPDX-License-Identifier: GPL-3.0-or-later */
/* records-archive.c — high scores, statistics and achievements answered
 * from the archive: each query over one game (records.c's statistics, the
 * achievements' queries) runs on the archive's views of that game and its
 * answer is kept by the query's SHA-256; the answers are added up by
 * records.c's own code, so the figures are the files' figures. */
#include "records-archive.h"

#include <string.h>

#include "records-private.h"

/* The most cells an answer keeps (a query over one game gives a few rows). */
#define ANSWER_MAX_CELLS 100000

/* One game's answer to one query. */
typedef struct {
    gint64 id;
    char *file;
    gboolean known;   /* kept in the archive (else: to be computed) */
    char *problem;    /* why the query failed on this game, or NULL */
    int width;        /* values a row */
    GPtrArray *cells; /* of char * (NULL for NULL), row after row */
} Answer;

static void answer_free(gpointer data)
{
    Answer *a = data;

    g_free(a->file);
    g_free(a->problem);
    g_ptr_array_unref(a->cells);
    g_free(a);
}

static Answer *answer_new(gint64 id, const char *file)
{
    Answer *a = g_new0(Answer, 1);

    a->id = id;
    a->file = g_strdup(file);
    a->cells = g_ptr_array_new_with_free_func(g_free);
    return a;
}

static gboolean collect_row(int n, const char *const *values, gpointer user_data, GError **error)
{
    Answer *a = user_data;

    if (a->cells->len + (guint) n > ANSWER_MAX_CELLS) {
        g_set_error(error, ARCHIVE_ERROR, ARCHIVE_ERROR_QUERY, "the query gave too many rows");
        return FALSE;
    }
    a->width = n;
    for (int i = 0; i < n; i++)
        g_ptr_array_add(a->cells, g_strdup(values[i]));
    return TRUE;
}

/* @cells as a PostgreSQL array literal: every element quoted, " and \
 * escaped, NULL bare. */
static char *array_literal(const GPtrArray *cells)
{
    GString *out = g_string_new("{");

    for (guint i = 0; i < cells->len; i++) {
        const char *v = g_ptr_array_index(cells, i);
        if (i > 0)
            g_string_append_c(out, ',');
        if (v == NULL) {
            g_string_append(out, "NULL");
            continue;
        }
        g_string_append_c(out, '"');
        for (; *v != '\0'; v++) {
            if (*v == '"' || *v == '\\')
                g_string_append_c(out, '\\');
            g_string_append_c(out, *v);
        }
        g_string_append_c(out, '"');
    }
    g_string_append_c(out, '}');
    return g_string_free(out, FALSE);
}

static const char keep_answer_sql[] =
    "INSERT INTO cavelog.answers (query_sha, game_id, problem, width, cells)"
    " VALUES ($1, $2, $3, $4, $5::text[]) ON CONFLICT DO NOTHING";

/* Run @sql over @a's game, inside a transaction, and (when @keep) keep the
 * answer: its rows, or its problem. FALSE only when the archive fails. */
static gboolean answer_query(Archive *archive, const char *sql, const char *sha, Answer *a,
                             gboolean keep, GError **error)
{
    g_autoptr(GError) failed = NULL;
    g_autofree char *id = g_strdup_printf("%" G_GINT64_FORMAT, a->id);
    g_autofree char *width = NULL;
    g_autofree char *cells = NULL;

    if (!archive_query_game(archive, a->id, sql, RECORDS_QUERY_MS, collect_row, a, &failed)) {
        if (!g_error_matches(failed, ARCHIVE_ERROR, ARCHIVE_ERROR_QUERY)) {
            g_propagate_error(error, g_steal_pointer(&failed));
            return FALSE;
        }
        a->problem = g_strdup(failed->message);
        g_ptr_array_set_size(a->cells, 0);
    }
    a->known = TRUE;
    if (!keep)
        return TRUE;
    width = g_strdup_printf("%d", a->width);
    cells = array_literal(a->cells);
    return archive_select(archive, keep_answer_sql, 5,
                          (const char *const[]){sha, id, a->problem, width, cells}, NULL, NULL,
                          error);
}

static char *query_sha(const char *sql)
{
    return g_compute_checksum_for_string(G_CHECKSUM_SHA256, sql, -1);
}

static gboolean note_true(int n, const char *const *values, gpointer user_data, GError **error)
{
    *(gboolean *) user_data = g_strcmp0(values[0], "t") == 0;
    return FALSE;
}

/* ---- every game's answer to one query ------------------------------------- */

static const char answers_sql[] =
    "SELECT g.game_id, g.file, a.game_id IS NOT NULL, a.problem, a.width, c.v, c.o"
    " FROM cavelog.games g"
    " LEFT JOIN cavelog.answers a ON a.game_id = g.game_id AND a.query_sha = $1"
    " LEFT JOIN LATERAL unnest(a.cells) WITH ORDINALITY AS c(v, o) ON true"
    " ORDER BY g.file, g.game_id, c.o";

/* One row of answers_sql: a cell of the last game's answer, or a new game. */
static gboolean add_answer_cell(int n, const char *const *values, gpointer user_data,
                                GError **error)
{
    GPtrArray *answers = user_data;
    gint64 id = g_ascii_strtoll(values[0], NULL, 10);
    Answer *a = answers->len > 0 ? g_ptr_array_index(answers, answers->len - 1) : NULL;

    if (a == NULL || a->id != id) {
        a = answer_new(id, values[1]);
        a->known = g_strcmp0(values[2], "t") == 0;
        a->problem = g_strdup(values[3]);
        a->width = values[4] != NULL ? (int) g_ascii_strtoll(values[4], NULL, 10) : 0;
        g_ptr_array_add(answers, a);
    }
    if (a->known && values[6] != NULL) /* a cell, NULL or not */
        g_ptr_array_add(a->cells, g_strdup(values[5]));
    return TRUE;
}

/* Every archived game's answer to @sql, in file-name order: the kept ones
 * read, the others computed now and kept (inside the caller's
 * transaction; by a role that may only read, computed and not kept). NULL with an ARCHIVE_ERROR
 * when the archive fails. */
static GPtrArray *answers_to(Archive *archive, const char *sql, GError **error)
{
    g_autoptr(GPtrArray) answers = g_ptr_array_new_with_free_func(answer_free);
    g_autofree char *sha = query_sha(sql);
    const char *params[] = {sha};

    gboolean keep = FALSE;

    if (!archive_select(archive, answers_sql, 1, params, add_answer_cell, answers, error) ||
        !archive_select(archive, "SELECT has_table_privilege('cavelog.answers', 'INSERT')", 0, NULL,
                        note_true, &keep, error))
        return NULL;
    for (guint i = 0; i < answers->len; i++) {
        Answer *a = g_ptr_array_index(answers, i);
        if (!a->known && !answer_query(archive, sql, sha, a, keep, error))
            return NULL;
    }
    return g_steal_pointer(&answers);
}

/* Hand each row of @a to @func; FALSE with @error when @func fails. */
static gboolean feed_rows(const Answer *a, ArchiveRowFunc func, gpointer user_data, GError **error)
{
    for (guint at = 0; a->width > 0 && at + (guint) a->width <= a->cells->len; at += a->width) {
        GError *stop = NULL;
        if (!func(a->width, (const char *const *) a->cells->pdata + at, user_data, &stop)) {
            if (stop == NULL)
                return TRUE;
            g_propagate_error(error, stop);
            return FALSE;
        }
    }
    return TRUE;
}

/* Begin reading the archive as one moment (games archived meanwhile are
 * not half counted); answers computed on the way are kept at the end. */
static gboolean begin_snapshot(Archive *archive, GError **error)
{
    return archive_select(archive, "BEGIN ISOLATION LEVEL REPEATABLE READ", 0, NULL, NULL, NULL,
                          error);
}

/* Commit what was read (and the answers kept); @result is returned, or
 * freed with @free_func and NULL returned when that fails. */
static gpointer end_snapshot(Archive *archive, gpointer result, GDestroyNotify free_func,
                             GError **error)
{
    if (result == NULL) {
        archive_rollback(archive);
        return NULL;
    }
    if (archive_commit(archive, error))
        return result;
    free_func(result);
    return NULL;
}

/* ---- high scores ------------------------------------------------------------ */

static const char games_sql[] =
    "SELECT file, seed, build, created, updated, player_name, outcome, cause, turns, depth, kills,"
    " score, standard FROM cavelog.games ORDER BY file, game_id";

static gboolean add_game_row(int n, const char *const *v, gpointer user_data, GError **error)
{
    RecordsGame *game = g_new0(RecordsGame, 1);

    game->path = g_strdup(v[0]);
    game->info = (StoreGameInfo){
        .seed = g_ascii_strtoll(v[1], NULL, 10),
        .build = g_strdup(v[2]),
        .created = g_strdup(v[3]),
        .updated = g_strdup(v[4]),
        .player_name = g_strdup(v[5]),
        .outcome = g_strdup(v[6]),
        .cause = g_strdup(v[7]),
        .turns = (gint32) g_ascii_strtoll(v[8], NULL, 10),
        .depth = (gint32) g_ascii_strtoll(v[9], NULL, 10),
        .kills = (gint32) g_ascii_strtoll(v[10], NULL, 10),
        .score = (gint32) g_ascii_strtoll(v[11], NULL, 10),
    };
    game->standard = g_strcmp0(v[12], "t") == 0;
    g_ptr_array_add(user_data, game);
    return TRUE;
}

/* Every archived game, in file-name order. */
static GPtrArray *read_games(Archive *archive, GError **error)
{
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify) records_game_free);

    if (!archive_select(archive, games_sql, 0, NULL, add_game_row, games, error))
        return NULL;
    return g_steal_pointer(&games);
}

GPtrArray *records_archive_scores(Archive *archive, GError **error)
{
    GPtrArray *games;

    g_return_val_if_fail(archive != NULL, NULL);
    games = read_games(archive, error);
    if (games != NULL)
        records_scores_rank(games);
    return games;
}

/* ---- statistics ------------------------------------------------------------- */

static const char *const stats_queries[] = {
    records_stats_outcome_sql,
    records_stats_killer_sql,
    records_stats_items_sql,
};
static const ArchiveRowFunc stats_adders[] = {
    records_add_outcome,
    records_add_killer,
    records_add_items,
};

/* Add game @g (of @answers, one array a statistics query) to @stats, as
 * records.c adds a file: counted when every query answered. */
static gboolean add_game_answers(RecordsStats *stats, GPtrArray **answers, guint g, GError **error)
{
    for (guint q = 0; q < G_N_ELEMENTS(stats_queries); q++) {
        const Answer *a = g_ptr_array_index(answers[q], g);
        if (a->problem != NULL) {
            stats->unreadable++;
            g_ptr_array_add(stats->problems, g_strdup_printf("%s: %s", a->file, a->problem));
            return TRUE;
        }
    }
    for (guint q = 0; q < G_N_ELEMENTS(stats_queries); q++)
        if (!feed_rows(g_ptr_array_index(answers[q], g), stats_adders[q], stats, error))
            return FALSE;
    stats->games++;
    return TRUE;
}

static RecordsStats *read_stats(Archive *archive, GError **error)
{
    g_autoptr(RecordsStats) stats = records_stats_new();
    GPtrArray *answers[G_N_ELEMENTS(stats_queries)] = {NULL};
    gboolean ok = TRUE;

    for (guint q = 0; ok && q < G_N_ELEMENTS(stats_queries); q++)
        ok = (answers[q] = answers_to(archive, stats_queries[q], error)) != NULL &&
             answers[q]->len == answers[0]->len;
    for (guint g = 0; ok && g < answers[0]->len; g++)
        ok = add_game_answers(stats, answers, g, error);
    for (guint q = 0; q < G_N_ELEMENTS(stats_queries); q++)
        g_clear_pointer(&answers[q], g_ptr_array_unref);
    return ok ? g_steal_pointer(&stats) : NULL;
}

RecordsStats *records_archive_stats(Archive *archive, GError **error)
{
    g_return_val_if_fail(archive != NULL, NULL);
    if (!begin_snapshot(archive, error))
        return NULL;
    return end_snapshot(archive, read_stats(archive, error), (GDestroyNotify) records_stats_free,
                        error);
}

void records_archive_print_how(GString *out)
{
    g_string_append(
        out, "\nHow this was computed: each game was checked as `cavelog verify` checks it\n"
             "before it was archived; these queries ran on each game's views (schema\n"
             "cavelog_game, with SET cavelog.game = ID), their answers kept by the query:\n\n");
    g_string_append_printf(out, "  games, outcomes, causes, turns:\n    %s\n",
                           records_stats_outcome_sql);
    g_string_append_printf(out, "  what killed the player, at which depth:\n    %s\n",
                           records_stats_killer_sql);
    g_string_append_printf(out, "  items the player used:\n    %s\n", records_stats_items_sql);
    g_string_append(out, "\nAcross games the rows are added up as for a folder of files.\n");
}

/* ---- achievements ----------------------------------------------------------- */

/* Fill @a's earned list and problem from every game's answer to its query. */
static gboolean earn(Archive *archive, RecordsAchievement *a, GError **error)
{
    g_autoptr(GPtrArray) answers = answers_to(archive, a->query, error);

    if (answers == NULL)
        return FALSE;
    for (guint g = 0; g < answers->len; g++) {
        const Answer *answer = g_ptr_array_index(answers, g);
        gboolean earned = FALSE;
        if (answer->problem != NULL && a->problem == NULL)
            a->problem = g_strdup_printf("%s: %s", answer->file, answer->problem);
        if (!feed_rows(answer, records_first_value, &earned, error))
            return FALSE;
        if (earned)
            g_ptr_array_add(a->earned, g_strdup(answer->file));
    }
    return TRUE;
}

static GPtrArray *read_achievements(Archive *archive, GPtrArray *achievements, GError **error)
{
    g_autoptr(GPtrArray) games = read_games(archive, error);

    for (guint i = 0; games != NULL && i < achievements->len; i++)
        if (!earn(archive, g_ptr_array_index(achievements, i), error))
            return NULL;
    return g_steal_pointer(&games);
}

GPtrArray *records_archive_achievements(Archive *archive, GPtrArray *achievements, GError **error)
{
    g_return_val_if_fail(archive != NULL && achievements != NULL, NULL);
    if (!begin_snapshot(archive, error))
        return NULL;
    return end_snapshot(archive, read_achievements(archive, achievements, error),
                        (GDestroyNotify) g_ptr_array_unref, error);
}

/* ---- archiving files ---------------------------------------------------------- */

#include "verify.h"

/* One file on its way in. */
typedef struct {
    gint64 id;
    GString *rows; /* COPY rows of its events */
    StoreGameInfo info;
    ArchiveGameRow row;
} Incoming;

static gboolean copy_event(const CavEvent *event, gpointer user_data, GError **error)
{
    Incoming *in = user_data;

    archive_copy_row(in->id, event, in->rows);
    return TRUE;
}

/* Read @store's game row and identity into @in; FALSE with why it is not
 * one to archive (unreadable, or still being played). */
static gboolean read_row(Store *store, const char *path, Incoming *in, GError **error)
{
    gint32 turn;
    gint64 last_seq;

    if (!store_begin_read(store, error) || !store_read_info(store, &in->info, error) ||
        !store_last_turn(store, &turn, &in->row.last_digest, &last_seq, error) ||
        !store_read_content_standard(store, &in->row.standard, error))
        return FALSE;
    if (g_strcmp0(in->info.outcome, "playing") == 0)
        return store_fail(error, STORE_ERROR_IO, path,
                          "this game is still being played; archive it once it has ended");
    in->row.seed = in->info.seed;
    in->row.build = in->info.build;
    in->row.created = in->info.created;
    in->row.updated = in->info.updated;
    in->row.player_name = in->info.player_name;
    in->row.outcome = in->info.outcome;
    in->row.cause = in->info.cause;
    in->row.turns = in->info.turns;
    in->row.depth = in->info.depth;
    in->row.kills = in->info.kills;
    return TRUE;
}

/* Answer @sql over game @in->id and keep the answer, inside its transaction. */
static gboolean answer_one(Archive *archive, const Incoming *in, const char *sql, GError **error)
{
    g_autofree char *sha = query_sha(sql);
    Answer *a = answer_new(in->id, in->row.file);
    gboolean ok = answer_query(archive, sql, sha, a, TRUE, error);

    answer_free(a);
    return ok;
}

/* Answer every known query (the statistics', @achievements') over game
 * @in->id, inside its transaction. */
static gboolean answer_known(Archive *archive, const Incoming *in, GPtrArray *achievements,
                             GError **error)
{
    for (guint q = 0; q < G_N_ELEMENTS(stats_queries); q++)
        if (!answer_one(archive, in, stats_queries[q], error))
            return FALSE;
    for (guint i = 0; achievements != NULL && i < achievements->len; i++)
        if (!answer_one(archive, in,
                        ((RecordsAchievement *) g_ptr_array_index(achievements, i))->query, error))
            return FALSE;
    return TRUE;
}

/* What became of one file: ready (checked, to be stored), then archived. */
typedef enum { PUT_ARCHIVED, PUT_ALREADY, PUT_REFUSED, PUT_FAILED } PutResult;

/* Open and check @path as verify does, making its COPY rows in @in;
 * PUT_ARCHIVED when it is ready to be stored. *@why says why it was
 * refused, *@error why the archive failed. */
static PutResult check_file(Archive *archive, const char *path, Incoming *in, GError **why,
                            GError **error)
{
    g_autoptr(Store) store = store_open(path, FALSE, why);
    gboolean there = FALSE;
    VerifyReport report;

    if (store == NULL || !read_row(store, path, in, why))
        return PUT_REFUSED;
    if (!archive_has_game(archive, &in->row, &there, error) ||
        (!there && !archive_new_game_id(archive, &in->id, error)))
        return PUT_FAILED;
    if (there)
        return PUT_ALREADY;
    if (!verify_game_each(store, &report, copy_event, in, why))
        return PUT_REFUSED;
    in->row.score = report.score;
    in->row.events = report.events;
    return PUT_ARCHIVED;
}

/* Store @in, checked, in one transaction with the answers of the known
 * queries. */
static PutResult store_game(Archive *archive, Incoming *in, GPtrArray *achievements,
                            RecordsArchiveTally *tally, GError **error)
{
    gint64 t0 = g_get_monotonic_time(), t1;
    gboolean there = FALSE;

    if (!archive_put_game(archive, in->id, &in->row, in->rows, &there, error))
        return PUT_FAILED;
    if (there)
        return PUT_ALREADY; /* another archiver was first */
    t1 = g_get_monotonic_time();
    if (!archive_refresh_statistics(archive, error) ||
        !answer_known(archive, in, achievements, error) || !archive_commit(archive, error)) {
        archive_rollback(archive);
        return PUT_FAILED;
    }
    tally->copy_us += t1 - t0;
    tally->answer_us += g_get_monotonic_time() - t1;
    tally->events += in->row.events;
    return PUT_ARCHIVED;
}

/* One file: checked on the caller's thread, stored on the writer's. */
typedef struct {
    char *path;
    char *base;
    Incoming in;
    PutResult result;
    GError *why;   /* refused: why */
    GError *error; /* the archive failed: why */
} Job;

static Job *job_new(const char *path)
{
    Job *job = g_new0(Job, 1);

    job->path = g_strdup(path);
    job->base = g_path_get_basename(path);
    job->in.rows = g_string_new(NULL);
    job->in.row.file = job->base;
    return job;
}

static void job_free(Job *job)
{
    g_string_free(job->in.rows, TRUE);
    store_game_info_clear(&job->in.info);
    g_clear_error(&job->why);
    g_clear_error(&job->error);
    g_free(job->base);
    g_free(job->path);
    g_free(job);
}

/* The writer: its own connection stores each checked game while the
 * caller's thread checks the next file (two cores: the check and the
 * server's COPY at once). After a failure it stores nothing more. */
typedef struct {
    Archive *archive;
    GPtrArray *achievements;
    RecordsArchiveTally tally; /* copy_us, answer_us, events */
    GAsyncQueue *todo, *done;  /* of Job; todo ends with the Writer itself */
    gboolean failed;
} Writer;

static gpointer writer_run(gpointer data)
{
    Writer *w = data;
    Job *job;

    while ((job = g_async_queue_pop(w->todo)) != (gpointer) w) {
        job->result =
            w->failed ? PUT_FAILED
                      : store_game(w->archive, &job->in, w->achievements, &w->tally, &job->error);
        w->failed = w->failed || job->result == PUT_FAILED;
        g_async_queue_push(w->done, job);
    }
    return NULL;
}

/* What became of @job, told and counted; FALSE (with @error, the first
 * only) when the archive failed. */
static gboolean finish_job(Job *job, RecordsArchiveTally *tally, RecordsArchiveSay say,
                           gpointer user_data, GError **error)
{
    g_autofree char *line = NULL;

    switch (job->result) {
    case PUT_FAILED:
        if (job->error != NULL && error != NULL && *error == NULL)
            g_propagate_error(error, g_steal_pointer(&job->error));
        return FALSE;
    case PUT_ARCHIVED:
        tally->archived++;
        line = g_strdup_printf("%s: archived", job->path);
        break;
    case PUT_ALREADY:
        tally->already++;
        line = g_strdup_printf("%s: already in the archive", job->path);
        break;
    case PUT_REFUSED:
        tally->refused++;
        line = g_strdup_printf("refused: %s", job->why->message); /* it names the file */
        break;
    }
    if (say != NULL)
        say(line, job->why != NULL, user_data);
    return TRUE;
}

/* Check each of @paths on this thread and hand the ready ones to @w, at
 * most two at a time (a game's rows are a few megabytes). */
static gboolean check_files(Archive *checker, Writer *w, const char *const *paths,
                            RecordsArchiveTally *tally, RecordsArchiveSay say, gpointer user_data,
                            GError **error)
{
    gboolean ok = TRUE;
    guint in_flight = 0;

    for (guint i = 0; ok && paths[i] != NULL; i++) {
        Job *job = job_new(paths[i]);
        gint64 t0 = g_get_monotonic_time();
        job->result = check_file(checker, paths[i], &job->in, &job->why, &job->error);
        tally->check_us += g_get_monotonic_time() - t0;
        if (job->result == PUT_ARCHIVED) {
            g_async_queue_push(w->todo, job);
            in_flight++;
        } else {
            ok = finish_job(job, tally, say, user_data, error);
            job_free(job);
        }
        for (; ok && in_flight >= 2; in_flight--) {
            job = g_async_queue_pop(w->done);
            ok = finish_job(job, tally, say, user_data, error);
            job_free(job);
        }
    }
    return ok;
}

gboolean records_archive_files(const char *uri, const char *const *paths, GPtrArray *achievements,
                               RecordsArchiveTally *tally, RecordsArchiveSay say,
                               gpointer user_data, GError **error)
{
    g_autoptr(Archive) checker = NULL;
    Writer w = {.achievements = achievements};
    GThread *thread;
    gboolean ok;
    Job *job;
    gint64 t0 = g_get_monotonic_time();

    g_return_val_if_fail(uri != NULL && paths != NULL && tally != NULL, FALSE);
    checker = archive_open(uri, error);
    w.archive = checker != NULL ? archive_open(uri, error) : NULL;
    if (w.archive == NULL)
        return FALSE;
    w.todo = g_async_queue_new();
    w.done = g_async_queue_new();
    thread = g_thread_new("archive-writer", writer_run, &w);
    ok = check_files(checker, &w, paths, tally, say, user_data, error);
    g_async_queue_push(w.todo, &w);
    g_thread_join(thread);
    while ((job = g_async_queue_try_pop(w.done)) != NULL) {
        ok = finish_job(job, tally, say, user_data, error) && ok;
        job_free(job);
    }
    g_async_queue_unref(w.todo);
    g_async_queue_unref(w.done);
    archive_close(w.archive);
    tally->copy_us += w.tally.copy_us;
    tally->answer_us += w.tally.answer_us;
    tally->events += w.tally.events;
    tally->wall_us += g_get_monotonic_time() - t0;
    return ok;
}
