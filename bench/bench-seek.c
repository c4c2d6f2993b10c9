/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-seek.c — the time to reconstruct the state at a random event of a
 * long game, backward as well as forward (DESIGN.md "Seeking through
 * history"; budget < 16 ms on a 1M-event game). It records one long game by
 * having the player wait in the caves with enough hp and food for ever (a
 * data folder tuned for it, through CAVELOG_DATA_DIR), while the monsters go
 * on living. It also times what the inspector's window does on top: the
 * timeline's first screen of rows, a row far away, and a filter over every
 * event. With CAVELOG_BENCH_INSPECTOR set to the inspector program (and a
 * display), it times the real window opening the game, from process start
 * to the newest state painted and to the whole history painted (the
 * inspector's CAVELOG_INSPECTOR_TIMING marks), beside the checked fold
 * `cavelog verify` does of the same file and the inspector's peak memory,
 * against issue 24's budgets (newest state < 1 s, whole window <= 1.2 x the
 * checked fold, <= 300 MiB).
 * Usage: bench-seek DATA_DIR [EVENTS] [SEEKS]. With CAVELOG_BENCH_KEEP set,
 * the game and its data folder are kept (and named) for the inspector. */
#include <glib/gstdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "cav-event-row.h"
#include "cav-markers.h"
#include "cav-timeline-filter.h"
#include "cav-timeline.h"
#include "checks.h"
#include "history.h"
#include "session.h"
#include "store.h"

/* @text with @from replaced by @to; aborts when @from is missing. */
static char *replaced(const char *text, const char *from, const char *to)
{
    g_auto(GStrv) parts = g_strsplit(text, from, 2);

    if (g_strv_length(parts) != 2)
        g_error("the data files changed: “%s” not found", from);
    return g_strjoinv(to, parts);
}

static void write_tuned_data(const char *source, const char *dir)
{
    g_autofree char *creatures_path = g_build_filename(source, "creatures.ini", NULL);
    g_autofree char *items_path = g_build_filename(source, "items.ini", NULL);
    g_autofree char *creatures = NULL, *items = NULL, *p = NULL, *a = NULL, *b = NULL;
    g_autofree char *out_creatures = g_build_filename(dir, "creatures.ini", NULL);
    g_autofree char *out_items = g_build_filename(dir, "items.ini", NULL);

    if (!g_file_get_contents(creatures_path, &creatures, NULL, NULL) ||
        !g_file_get_contents(items_path, &items, NULL, NULL))
        g_error("cannot read the data files in %s", source);
    /* The player's own lines, each replaced where it stands. */
    p = replaced(creatures, "hp=100\nattack=20\ndefense=5\n",
                 "hp=100000\nattack=20\ndefense=1000\nmax_food=1000000\nfood=1000000\n");
    a = replaced(p, "hp_regen_permille=100\n", "hp_regen_permille=5000\n");
    b = replaced(items, "spawn=1\nspawn_level=5", "spawn=0\nspawn_level=5");
    g_assert_true(g_file_set_contents(out_creatures, a, -1, NULL));
    g_assert_true(g_file_set_contents(out_items, b, -1, NULL));
}

static gint64 record(const char *path, gint64 events)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 777, "bench", NULL, &error);
    CavCommand wait = command_simple(CMD_WAIT);

    g_assert_no_error(error);
    while (session_state(session)->last_seq < events &&
           session_state(session)->outcome == OUTCOME_PLAYING) {
        g_assert_true(session_play(session, &wait, NULL, &error));
        g_assert_no_error(error);
    }
    return session_state(session)->turn;
}

static gint compare_i64(gconstpointer a, gconstpointer b)
{
    gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

    return x < y ? -1 : x > y;
}

/* Read every column of row @position of @model, as a cell would. */
static void read_row(GListModel *model, guint position)
{
    g_autoptr(CavEventRow) row = g_list_model_get_item(model, position);

    g_assert_nonnull(cav_event_row_get_summary(row));
    g_assert_nonnull(cav_event_row_get_actor(row));
    g_assert_nonnull(cav_event_row_get_target(row));
}

/* The scrubber's markers of the whole game, and a search by a field. */
static void time_markers_and_fields(CavTimeline *timeline, CavTimelineFilter *filter,
                                    GtkFilterListModel *filtered)
{
    gint64 t0 = g_get_monotonic_time(), t1, t2;
    g_autoptr(CavMarkers) markers = cav_markers_new(cav_timeline_get_history(timeline), NULL, 0);
    guint n;

    t1 = g_get_monotonic_time();
    cav_markers_get(markers, &n);
    cav_timeline_filter_set_types(filter, NULL);
    cav_timeline_filter_set_text(filter, "damage>5");
    t2 = g_get_monotonic_time();
    g_print("  scrubber markers: %.3f s (%u); search damage>5 over all events: %.2f s (%u match)\n",
            (t1 - t0) / 1e6, n, (t2 - t1) / 1e6, g_list_model_get_n_items(G_LIST_MODEL(filtered)));
}

/* The inspector's timeline over the history (which it takes over). */
static void time_timeline(History *history, GRand *rand)
{
    g_autoptr(CavTimeline) timeline = NULL;
    g_autoptr(CavTimelineFilter) filter = NULL;
    g_autoptr(GtkFilterListModel) filtered = NULL;
    gboolean types[CAV_EVENT_TYPE_COUNT] = {FALSE};
    gint64 t0 = g_get_monotonic_time(), t1, t2, t3, t4;
    guint n;

    timeline = cav_timeline_new(history);
    n = g_list_model_get_n_items(G_LIST_MODEL(timeline));
    for (guint i = 0; i < 40; i++) /* a screenful at the newest events */
        read_row(G_LIST_MODEL(timeline), n - 1 - i);
    t1 = g_get_monotonic_time();
    for (guint i = 0; i < 100; i++) /* jumps anywhere */
        read_row(G_LIST_MODEL(timeline), (guint) g_rand_int_range(rand, 0, (gint32) n));
    t2 = g_get_monotonic_time();
    for (guint i = 0; i < 2000; i++) /* scrolling on from one of them */
        read_row(G_LIST_MODEL(timeline), i);
    t3 = g_get_monotonic_time();
    types[CAV_EVENT_CREATURE_ATTACKED] = TRUE;
    filter = cav_timeline_filter_new(timeline);
    cav_timeline_filter_set_types(filter, types);
    filtered = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(timeline)),
                                         GTK_FILTER(g_object_ref(filter)));
    t4 = g_get_monotonic_time();
    g_print("  timeline: first screen (40 rows) %.2f ms, a row anywhere %.0f us,"
            " a row scrolled to %.1f us\n",
            (t1 - t0) / 1e3, (t2 - t1) / 100.0, (t3 - t2) / 2000.0);
    g_print("  type filter over all %u events: %.2f s (%u match)\n", n, (t4 - t3) / 1e6,
            g_list_model_get_n_items(G_LIST_MODEL(filtered)));
    time_markers_and_fields(timeline, filter, filtered);
}

/* The seconds of mark @what in the inspector's timing lines @err (the
 * last such mark at or after @after), or -1. */
static double timing_of(const char *err, const char *what, double after)
{
    g_auto(GStrv) lines = g_strsplit(err, "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++) {
        char *end = NULL;
        double t;

        if (!g_str_has_prefix(lines[i], "timing: "))
            continue;
        t = g_ascii_strtod(lines[i] + 8, &end);
        if (*end == ' ' && g_str_equal(end + 1, what) && t >= after)
            return t;
    }
    return -1;
}

/* The real window, open to usable: the inspector run on @path (with
 * --screenshot, so that it ends) and its own timing marks (cav-timing.h),
 * from process start. Needs a display (the benchmark runs under xvfb-run). */
/* The seconds of the checked fold `cavelog verify` does of @path (every
 * check, every turn's digest), best of 3; *@opened, the same with the
 * file's opening (its integrity checks) before it. */
static double checked_fold_s(const char *path, double *opened)
{
    double best = G_MAXDOUBLE;

    *opened = G_MAXDOUBLE;
    for (int run = 0; run < 3; run++) {
        g_autoptr(GError) error = NULL;
        gint64 t0 = g_get_monotonic_time(), t1;
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        g_autoptr(Game) game = game_new(NULL);

        g_assert_no_error(error);
        game_track_view(game, FALSE);
        t1 = g_get_monotonic_time();
        g_assert_true(checks_fold(store, game, NULL, NULL, &error));
        best = MIN(best, (g_get_monotonic_time() - t1) / 1e6);
        *opened = MIN(*opened, (g_get_monotonic_time() - t0) / 1e6);
    }
    return best;
}

/* The budgets of issue 24, against the best of the runs. */
static void print_budgets(double preview, double painted, double fold, double opened,
                          glong peak_kib)
{
    g_print("  open budget: newest state painted %.2f s (budget < 1 s: %s)\n", preview,
            preview >= 0 && preview < 1.0 ? "met" : "NOT met");
    g_print("  open budget: whole window %.2f s = %.2f x the checked fold of verify %.2f s "
            "(budget <= 1.2 x: %s)\n",
            painted, painted / fold, fold, painted <= 1.2 * fold ? "met" : "NOT met");
    g_print("  open budget: (with the file's opening and integrity checks, verify takes %.2f s: "
            "%.2f x)\n",
            opened, painted / opened);
    g_print("  open budget: inspector peak memory %.0f MiB (budget <= 300 MiB: %s)\n",
            peak_kib / 1024.0, peak_kib <= 300 * 1024 ? "met" : "NOT met");
}

static void time_inspector(const char *inspector, const char *dir, const char *path)
{
    double opened_s, fold_s = checked_fold_s(path, &opened_s);
    double best_preview = -1, best_painted = G_MAXDOUBLE;
    struct rusage usage;

    g_autofree char *png = g_build_filename(dir, "open.png", NULL);
    const char *argv[] = {inspector, "--screenshot", png, path, NULL};
    g_auto(GStrv) env = g_environ_setenv(g_get_environ(), "CAVELOG_INSPECTOR_TIMING", "1", TRUE);

    for (int run = 0; run < 3; run++) {
        g_autofree char *out = NULL, *err = NULL;
        g_autoptr(GError) error = NULL;
        int status = 0;
        double preview, fold, shown, painted;

        if (!g_spawn_sync(NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                          &status, &error) ||
            !g_spawn_check_wait_status(status, &error))
            g_error("%s: %s\n%s", inspector, error->message, err != NULL ? err : "");
        preview = timing_of(err, "first frame painted", 0);
        fold = timing_of(err, "fold done", 0);
        shown = timing_of(err, "history shown", 0);
        painted = timing_of(err, "first frame painted", MAX(shown, 0));
        if (fold < 0 || shown < 0 || painted < 0)
            g_error("%s printed no timing marks:\n%s", inspector, err);
        if (preview >= fold)
            g_print("  inspector run %d: no preview painted before the fold was done (no keyframe, "
                    "or a short game)\n",
                    run + 1);
        else
            g_print("  inspector run %d, from process start: the newest state painted %.2f s\n",
                    run + 1, preview);
        g_print("  inspector run %d, from process start: fold done %.2f s; whole history shown"
                " %.2f s, painted %.2f s\n",
                run + 1, fold, shown, painted);
        if (preview < fold && (best_preview < 0 || preview < best_preview))
            best_preview = preview;
        best_painted = MIN(best_painted, painted);
    }
    g_unlink(png);
    getrusage(RUSAGE_CHILDREN, &usage); /* the largest child's: the inspector's */
    print_budgets(best_preview, best_painted, fold_s, opened_s, usage.ru_maxrss);
}

int main(int argc, char **argv)
{
    gint64 events = argc > 2 ? g_ascii_strtoll(argv[2], NULL, 10) : 1000000;
    gint64 seeks = argc > 3 ? g_ascii_strtoll(argv[3], NULL, 10) : 300;
    g_autofree char *dir = g_dir_make_tmp("cavelog-seek-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "long.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = NULL;
    g_autoptr(GArray) times = g_array_new(FALSE, FALSE, sizeof(gint64));
    GRand *rand = g_rand_new_with_seed(42);
    gint64 turns, t0, t1, total = 0;

    if (argc < 2)
        g_error("usage: bench-seek DATA_DIR [EVENTS] [SEEKS]");
    write_tuned_data(argv[1], dir);
    g_setenv("CAVELOG_DATA_DIR", dir, TRUE);
    turns = record(path, events);
    t0 = g_get_monotonic_time();
    history = history_open(path, 0, &error);
    t1 = g_get_monotonic_time();
    g_assert_no_error(error);
    for (gint64 i = 0; i < seeks; i++) {
        gint64 seq = g_rand_int_range(rand, 0, (gint32) history_length(history) + 1);
        gint64 s0 = g_get_monotonic_time(), took;
        g_assert_true(history_seek(history, seq, &error));
        took = g_get_monotonic_time() - s0;
        g_assert_cmpint(history_state(history)->last_seq, ==, seq);
        g_array_append_val(times, took);
        total += took;
    }
    g_array_sort(times, compare_i64);
    g_print("seek: %" G_GINT64_FORMAT " events of %" G_GINT64_FORMAT " turns, %" G_GINT64_FORMAT
            " random seeks\n",
            history_length(history), turns, seeks);
    g_print("  opening (fold + snapshots): %.2f s, snapshots %.1f MB\n", (t1 - t0) / 1e6,
            history_snapshot_bytes(history) / 1e6);
    g_print("  seek median %.2f ms, 95th %.2f ms, worst %.2f ms, mean %.2f ms\n",
            g_array_index(times, gint64, times->len / 2) / 1e3,
            g_array_index(times, gint64, times->len * 95 / 100) / 1e3,
            g_array_index(times, gint64, times->len - 1) / 1e3, total / 1e3 / (double) seeks);
    time_timeline(g_steal_pointer(&history), rand);
    if (g_getenv("CAVELOG_BENCH_INSPECTOR") != NULL)
        time_inspector(g_getenv("CAVELOG_BENCH_INSPECTOR"), dir, path);
    g_rand_free(rand);
    if (g_getenv("CAVELOG_BENCH_KEEP") != NULL) {
        g_print("kept: CAVELOG_DATA_DIR=%s %s\n", dir, path);
        return EXIT_SUCCESS;
    }
    {
        g_autofree char *wal = g_strconcat(path, "-wal", NULL);
        g_autofree char *shm = g_strconcat(path, "-shm", NULL);
        g_autofree char *c = g_build_filename(dir, "creatures.ini", NULL);
        g_autofree char *i = g_build_filename(dir, "items.ini", NULL);
        g_clear_pointer(&history, history_free);
        g_unlink(path);
        g_unlink(wal);
        g_unlink(shm);
        g_unlink(c);
        g_unlink(i);
        g_rmdir(dir);
    }
    return EXIT_SUCCESS;
}
