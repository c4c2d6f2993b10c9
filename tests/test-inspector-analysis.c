/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-analysis.c — the inspector's Analysis page on a real
 * (virtual) display: "Why did I die?" is one click from a lost game and its
 * rows are the engine's tree, activating a row seeks there; the chart plots
 * the engine's series, seeks on click and exports PNG and SVG; the changes
 * list and the state search show what the engine computes. With
 * CAVELOG_TEST_SHOTS=DIR each view is saved as a PNG there, to look at. */
#include <math.h>
#include <string.h>

#include "inspector-testutil.h"
#include "analysis.h"
#include "cav-analysis-view.h"
#include "cav-chart-view.h"
#include "cav-describe.h"
#include "cav-filter-bar.h"
#include "cav-timeline-filter.h"
#include "cav-map-view.h"
#include "cav-markers.h"
#include "cav-inspector-window.h"
#include "cav-render.h"
#include "cav-timeline.h"
#include "cav-why-view.h"
#include "game.h"
#include "scenario.h"
#include "testutil.h"

typedef ItestGame Fixture;

static const char *const room[] = {
    "############", "#..........#", "#..@.......#", "#..........#",
    "#..........#", "############", NULL,
};

/* A weak player with a potion and bread beside a strong goblin, waiting to die. */
static void record_death(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;

    scenario_setup_player(&s, room, NULL, 30, 0);
    scenario_spawn(&s, "goblin", 0, 4, 2, 200, 30, 50);
    scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    scenario_item(&s, "bread", 1, 0, 0, 0, 1);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_move(1, 0));
    for (gint t = 0; t < 100 && game_state(s.game)->outcome == OUTCOME_PLAYING; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    scenario_teardown(&s);
}

/* A player of 100 hp beside a weak goblin, waiting: many turns above a
 * quarter of their hp, then many below it, until death. */
static void record_wounding(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;

    scenario_setup_player(&s, room, NULL, 100, 0);
    scenario_spawn(&s, "goblin", 0, 4, 2, 500, 12, 50);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 400 && game_state(s.game)->outcome == OUTCOME_PLAYING; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    scenario_teardown(&s);
}

/* A well-fed player kills a goblin of 1 hp at once, then waits 1,100 turns:
 * the kill is older than the 1,000 turns Origins first looks at. */
static void record_old_kill(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;
    gint32 goblin;

    scenario_setup_player(&s, room, NULL, 0, 50000);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 2, 1, 0, 0);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 50 && state_creature(game_state(s.game), goblin)->alive; t++)
        scenario_store_play(&s, store, command_move(1, 0));
    g_assert_false(state_creature(game_state(s.game), goblin)->alive);
    for (gint t = 0; t < 1100; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_PLAYING);
    scenario_teardown(&s);
}

/* A goblin across the room hunts a waiting player for three turns. */
static void record_hunt(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;

    scenario_setup_player(&s, room, NULL, 100, 0);
    scenario_spawn(&s, "goblin", 0, 9, 3, 20, 1, 0);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 3; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_teardown(&s);
}

static void fixture_setup(Fixture *f, gconstpointer data)
{
    itest_game_setup(f, data);
    if (GPOINTER_TO_INT(data) == 1)
        record_death(f);
    else if (GPOINTER_TO_INT(data) == 3)
        record_wounding(f);
    else if (GPOINTER_TO_INT(data) == 4)
        record_old_kill(f);
    else if (GPOINTER_TO_INT(data) == 5)
        record_hunt(f);
    else
        itest_record_bot(f->path, 777, 300);
}

static gboolean on_timeout(gpointer data)
{
    *(gboolean *) data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Wait until @window shows event @seq, and say so (fail after ITEST_WAIT_S). */
static void assert_shows(CavInspectorWindow *window, gint64 seq)
{
    EventWait w = {window, seq};

    itest_wait_until(itest_shows_event, &w);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

static CavInspectorWindow *open_window(Fixture *f)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);
    gboolean loaded = FALSE, timed_out = FALSE;
    guint timeout = g_timeout_add_seconds(ITEST_WAIT_S, on_timeout, &timed_out);

    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, TRUE);
    g_signal_connect_swapped(window, "loaded", G_CALLBACK(itest_on_flag), &loaded);
    gtk_window_set_default_size(GTK_WINDOW(window), 1400, 900);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    while (!loaded && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    g_assert_false(timed_out);
    g_source_remove(timeout);
    g_signal_handlers_disconnect_by_data(window, &loaded);
    return window;
}

static GtkWidget *find_type(GtkWidget *root, GType type)
{
    return itest_find_named(root, type, NULL);
}

/* Bring the Analysis page up (the notebook's last page) at @page. */
static CavAnalysisView *show_analysis(CavInspectorWindow *window, const char *page)
{
    GtkNotebook *notebook = GTK_NOTEBOOK(find_type(GTK_WIDGET(window), GTK_TYPE_NOTEBOOK));
    CavAnalysisView *view =
        CAV_ANALYSIS_VIEW(find_type(GTK_WIDGET(window), CAV_TYPE_ANALYSIS_VIEW));

    g_assert_nonnull(view);
    gtk_notebook_set_current_page(notebook, gtk_notebook_get_n_pages(notebook) - 1);
    itest_wait_painted(GTK_WIDGET(window));
    cav_analysis_view_show_page(view, page);
    itest_wait_painted(GTK_WIDGET(window));
    return view;
}

/* Render the window to @name in $CAVELOG_TEST_SHOTS, or in the test's own
 * directory: the drawing is checked in every run, kept when asked. */
static void save_shot(Fixture *f, const char *name)
{
    const char *dir = g_getenv("CAVELOG_TEST_SHOTS");
    g_autofree char *path = g_build_filename(dir != NULL ? dir : f->tmp.dir, name, NULL);

    itest_render_shot(f->window, path);
}

static gint64 lost_seq(History *history)
{
    for (gint64 seq = history_length(history); seq >= 1; seq--)
        if (history_entry(history, seq)->type == CAV_EVENT_GAME_LOST)
            return seq;
    return 0;
}

/* The engine's tree as the view indents it. */
static void expected_rows(const AnalysisNode *node, guint depth, GString *out)
{
    for (guint i = 0; i < depth; i++)
        g_string_append(out, "  ");
    g_string_append_printf(out, "%s\n", node->text);
    for (guint i = 0; i < node->children->len; i++)
        expected_rows(g_ptr_array_index(node->children, i), depth + 1, out);
}

/* One click on "Why Did I Die?" from the start of the game: the window
 * seeks to the GameLost event and the tree lists the engine's nodes;
 * activating the row of a blow seeks to that blow. */
static void test_why_died(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "why");
    CavWhyView *why = CAV_WHY_VIEW(cav_analysis_view_get_why(view));
    gint64 lost = lost_seq(history);
    g_autoptr(GError) error = NULL;
    g_autoptr(AnalysisNode) tree = NULL;
    g_autoptr(GString) want = g_string_new(NULL);
    g_autofree char *rows = NULL;
    g_auto(GStrv) lines = NULL;
    GtkWidget *button;

    cav_inspector_window_show_event(window, 1);
    itest_wait_painted(GTK_WIDGET(window));
    g_assert_cmpint(lost, >, 0);
    button = itest_find_named(GTK_WIDGET(view), GTK_TYPE_BUTTON, "why-died");
    g_assert_nonnull(button);
    g_assert_true(gtk_widget_get_sensitive(button));
    g_assert_true(gtk_widget_get_visible(button));
    gtk_widget_activate(button); /* the click: pressed, then clicked a moment later */
    assert_shows(window, lost);
    tree = analysis_why_died(history, lost, 5, &error);
    g_assert_no_error(error);
    expected_rows(tree, 0, want);
    rows = cav_why_view_dump_rows(why);
    g_assert_cmpstr(rows, ==, want->str);
    g_assert_nonnull(strstr(rows, "Killing blow"));
    g_assert_nonnull(strstr(rows, "In your pack"));
    save_shot(f, "analysis-why-died.png");
    /* The row of the first hp change (under the hp group) seeks to its event. */
    lines = g_strsplit(rows, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
        if (strstr(lines[i], "→ hp") != NULL) {
            gint64 seq = g_ascii_strtoll(strchr(lines[i], '#') + 1, NULL, 10);
            cav_why_view_activate_row(why, i);
            assert_shows(window, seq);
            break;
        }
    }
    g_assert_cmpint(cav_inspector_window_get_event(window), <, lost);
    /* The shown event changed, so the tree is now that event's own. */
    g_assert_cmpint(cav_why_view_get_tree(why)->seq, ==, cav_inspector_window_get_event(window));
}

/* Pixels of @texture close to the chart's line colour. */
static guint count_line_pixels(GdkTexture *texture)
{
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    g_autofree guint8 *pixels = g_malloc((gsize) width * height * 4);
    guint count = 0;

    gdk_texture_download(texture, pixels, (gsize) width * 4);
    for (gsize i = 0; i < (gsize) width * height; i++) {
        const guint8 *p = pixels + i * 4; /* B G R A */
        count += ABS(p[2] - 26) < 30 && ABS(p[1] - 140) < 30 && ABS(p[0] - 64) < 30;
    }
    return count;
}

/* Pixels of @texture of colour @spec laid over white at some opacity (a
 * thin line's anti-aliased pixels): each channel the same mix of the two. */
static guint count_pixels(GdkTexture *texture, const char *spec)
{
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    g_autofree guint8 *pixels = g_malloc((gsize) width * height * 4);
    GdkRGBA c;
    guint count = 0;

    g_assert_true(gdk_rgba_parse(&c, spec));
    gdk_texture_download(texture, pixels, (gsize) width * 4);
    for (gsize i = 0; i < (gsize) width * height; i++) {
        const guint8 *p = pixels + i * 4; /* B G R A */
        double a = (255.0 - p[1]) / (255.0 * (1 - c.green));
        gboolean mixed = a > 0.3 && a <= 1.05 && fabs(p[2] - 255.0 * (1 - a + a * c.red)) < 12 &&
                         fabs(p[0] - 255.0 * (1 - a + a * c.blue)) < 12;
        count += mixed;
    }
    return count;
}

/* The x axis is labelled by turn (the series is after each turn), from the
 * first plotted turn to the last, and the y axis has more than its ends. */
static void check_axes(History *history, CavChartView *chart)
{
    g_autofree char *axes = cav_chart_view_describe_axes(chart);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) series =
        analysis_series(history, history_last_state(history)->player, ANALYSIS_FIELD_HP, 1,
                        history_length(history), TRUE, &error);
    g_autofree char *first =
        g_strdup_printf("x: turn %d ", g_array_index(series, AnalysisPoint, 0).turn);
    g_autofree char *last =
        g_strdup_printf(" turn %d;", g_array_index(series, AnalysisPoint, series->len - 1).turn);
    g_auto(GStrv) y = NULL;

    g_test_message("axes: %s", axes);
    g_assert_no_error(error);
    g_assert_true(g_str_has_prefix(axes, first));
    g_assert_nonnull(strstr(axes, last));
    g_assert_null(strchr(axes, '#'));
    y = g_strsplit(strstr(axes, "y: ") + 3, " ", -1);
    g_assert_cmpuint(g_strv_length(y), >=, 3);
}

static void test_chart(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "time");
    CavChartView *chart = CAV_CHART_VIEW(cav_analysis_view_get_chart(view));
    g_autofree char *png = g_build_filename(f->tmp.dir, "chart.png", NULL);
    g_autofree char *svg = g_build_filename(f->tmp.dir, "chart.svg", NULL);
    g_autofree char *svg_text = NULL;
    g_autoptr(GdkTexture) texture = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) series = NULL;
    gint64 seq;

    save_shot(f, "analysis-chart.png");
    check_axes(history, chart);
    g_assert_true(cav_chart_view_export(chart, png, 600, 200, &error));
    g_assert_no_error(error);
    g_assert_true(cav_chart_view_export(chart, svg, 600, 200, &error));
    texture = gdk_texture_new_from_filename(png, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(texture), ==, 600);
    g_assert_cmpuint(count_line_pixels(texture), >, 200); /* the line is drawn */
    /* A level-up is marked in the scrubber's colour for level-ups. */
    {
        g_autoptr(GArray) markers = g_array_new(FALSE, FALSE, sizeof(AnalysisPoint));
        g_autoptr(GdkTexture) marked = NULL;
        AnalysisPoint level_up = {history_length(history) / 2, 0, CAV_EVENT_LEVEL_GAINED};
        g_array_append_val(markers, level_up);
        cav_chart_view_set_markers(chart, markers);
        g_assert_true(cav_chart_view_export(chart, png, 600, 200, &error));
        marked = gdk_texture_new_from_filename(png, &error);
        g_assert_no_error(error);
        g_assert_cmpuint(count_pixels(marked, cav_marker_kind_colour(CAV_MARKER_LEVEL_UP)), >, 100);
    }
    g_assert_true(g_file_get_contents(svg, &svg_text, NULL, &error));
    g_assert_nonnull(strstr(svg_text, "<svg"));
    /* A click seeks to the plotted turn nearest to it: the middle of the
     * plot is the end of some turn of the engine's series. */
    seq = cav_chart_view_seq_at(chart, 300, 600);
    series = analysis_series(history, history_last_state(history)->player, ANALYSIS_FIELD_HP, 1,
                             history_length(history), TRUE, &error);
    g_assert_no_error(error);
    {
        gboolean plotted = FALSE;
        for (guint i = 0; i < series->len; i++)
            plotted |= g_array_index(series, AnalysisPoint, i).seq == seq;
        g_assert_true(plotted);
    }
    g_signal_emit_by_name(chart, "seek", seq);
    assert_shows(window, seq);
    /* The last choice plots the events of each turn. */
    {
        GtkDropDown *fields =
            GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(view), GTK_TYPE_DROP_DOWN, "chart-field"));
        g_autoptr(GdkTexture) counts = NULL;
        g_assert_nonnull(fields);
        gtk_drop_down_set_selected(fields, 5);
        itest_wait_painted(GTK_WIDGET(window));
        g_assert_true(cav_chart_view_export(chart, png, 600, 200, &error));
        counts = gdk_texture_new_from_filename(png, &error);
        g_assert_no_error(error);
        g_assert_cmpuint(count_line_pixels(counts), >, 200);
        save_shot(f, "analysis-events-per-turn.png");
    }
}

static void test_changes_and_search(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "changes");
    gint64 a = history_length(history) / 3, b = history_length(history) / 2;
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) diff = NULL;
    g_autoptr(GArray) found = NULL;

    cav_inspector_window_show_event(window, a);
    cav_analysis_view_pin(view);
    cav_inspector_window_show_event(window, b);
    itest_wait_painted(GTK_WIDGET(window));
    diff = analysis_diff(history, a, b, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(diff->len, >, 0);
    g_assert_cmpuint(g_list_model_get_n_items(cav_analysis_view_get_changes(view)), ==, diff->len);
    save_shot(f, "analysis-changes.png");
    cav_analysis_view_show_page(view, "search");
    cav_analysis_view_search(view, "alive=yes");
    itest_wait_painted(GTK_WIDGET(window));
    found = analysis_search(history, history_state(history), "alive=yes", &error);
    g_assert_no_error(error);
    g_assert_cmpuint(found->len, >, 0);
    g_assert_cmpuint(g_list_model_get_n_items(cav_analysis_view_get_found(view)), ==, found->len);
    save_shot(f, "analysis-search.png");
}

/* "Origins": the player's food at an event lists exactly the engine's
 * origins, and a row seeks to its event. "Trace": a death lists the
 * policies registered for CreatureDied and the follow-ups the log holds. */
static void test_origins_and_trace(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "origins");
    CavWhyView *origins = CAV_WHY_VIEW(cav_analysis_view_get_origins(view));
    CavWhyView *trace = CAV_WHY_VIEW(cav_analysis_view_get_trace(view));
    GtkDropDown *fields =
        GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(view), GTK_TYPE_DROP_DOWN, "origin-field"));
    gint64 at = history_length(history) / 2, died = 0;
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) changes = NULL;
    g_autoptr(GArray) caused = NULL;
    g_autofree char *rows = NULL;
    g_autoptr(Game) game = game_new(NULL);
    const char *names[16];
    guint n_policies;
    const AnalysisNode *tree;

    g_assert_nonnull(fields);
    cav_inspector_window_show_event(window, at);
    gtk_drop_down_set_selected(fields, ANALYSIS_FIELD_FOOD);
    itest_wait_painted(GTK_WIDGET(window));
    changes = analysis_origins(history, history_last_state(history)->player, ANALYSIS_FIELD_FOOD, 0,
                               at, &error);
    g_assert_no_error(error);
    tree = cav_why_view_get_tree(origins);
    g_assert_nonnull(tree);
    g_assert_cmpuint(tree->children->len, ==, changes->len);
    for (guint i = 0; i < changes->len; i++)
        g_assert_cmpint(((AnalysisNode *) g_ptr_array_index(tree->children, i))->seq, ==,
                        g_array_index(changes, AnalysisChange, i).seq);
    /* The label says whose value it is; the tree's root does not repeat it,
     * nor speak of the last 1000 turns in a game shorter than that. */
    g_assert_cmpstr(tree->text, !=,
                    gtk_label_get_text(GTK_LABEL(
                        itest_find_named(GTK_WIDGET(view), GTK_TYPE_LABEL, "origins-label"))));
    g_assert_null(strstr(tree->text, "your"));
    g_assert_null(strstr(tree->text, "last"));
    save_shot(f, "analysis-origins.png");
    cav_why_view_activate_row(origins, 2); /* the second newest change */
    assert_shows(window, g_array_index(changes, AnalysisChange, 1).seq);

    for (gint64 seq = 1; seq <= history_length(history) && died == 0; seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_DIED)
            died = seq;
    g_assert_cmpint(died, >, 0);
    cav_analysis_view_show_page(view, "trace");
    cav_inspector_window_show_event(window, died);
    itest_wait_painted(GTK_WIDGET(window));
    n_policies = game_policy_names(game, CAV_EVENT_CREATURE_DIED, names, G_N_ELEMENTS(names));
    caused = history_caused(history, died);
    tree = cav_why_view_get_tree(trace);
    g_assert_cmpint(tree->seq, ==, died);
    g_assert_cmpuint(tree->children->len, ==, n_policies);
    {
        guint follow_ups = 0;
        for (guint i = 0; i < n_policies; i++) {
            const AnalysisNode *policy = g_ptr_array_index(tree->children, i);
            g_autofree char *title = g_strdup_printf("%u. policy %s", i + 1, names[i]);
            g_assert_cmpstr(policy->text, ==, title);
            for (guint k = 0; k < policy->children->len; k++, follow_ups++)
                g_assert_cmpint(((AnalysisNode *) g_ptr_array_index(policy->children, k))->seq, ==,
                                g_array_index(caused, gint64, follow_ups));
        }
        g_assert_cmpuint(follow_ups, ==, caused->len);
    }
    rows = cav_why_view_dump_rows(trace);
    g_test_message("%s", rows);
    save_shot(f, "analysis-trace.png");
}

/* Where a creature is, is a depth; "level" is only the experience level:
 * the status line, the player's card, the Changes lines and the Origins
 * menu say so, with the fields in words. A game not lost shows no Why Did I
 * Die? button. */
static void test_words(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "changes");
    GtkDropDown *fields =
        GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(view), GTK_TYPE_DROP_DOWN, "origin-field"));
    GListModel *menu = gtk_drop_down_get_model(fields);
    g_autoptr(GError) error = NULL;
    g_autoptr(CavTimeline) timeline = cav_timeline_new(history_open(f->path, 0, &error));
    g_autoptr(GString) card = g_string_new(NULL);
    g_autofree char *status = NULL, *where = NULL, *level = NULL, *card_where = NULL;
    const CavCreature *you;

    cav_inspector_window_show_event(window, history_length(history));
    itest_wait_painted(GTK_WIDGET(window));
    /* A game not lost has no death to explain: no Why Did I Die? button. */
    g_assert_cmpint(lost_seq(history), ==, 0);
    g_assert_false(
        gtk_widget_get_visible(itest_find_named(GTK_WIDGET(view), GTK_TYPE_BUTTON, "why-died")));
    you = state_player(history_state(history));
    status = cav_describe_status(history, history_length(history));
    where = g_strdup_printf("you: depth %d (%d,%d)", you->z + 1, you->x, you->y);
    level = g_strdup_printf("level %d,", you->level);
    g_assert_nonnull(strstr(status, where));
    g_assert_nonnull(strstr(status, level));
    g_assert_no_error(error);
    g_assert_true(
        history_seek(cav_timeline_get_history(timeline), history_length(history), &error));
    cav_describe_entity(timeline, TRUE, CAV_REF_CREATURE, you->id, card);
    card_where = g_strdup_printf("depth %d at (%d,%d)", you->z + 1, you->x, you->y);
    g_assert_nonnull(strstr(card->str, card_where));
    cav_inspector_window_show_event(window, 0);
    cav_analysis_view_pin(view);
    cav_inspector_window_show_event(window, history_length(history));
    itest_wait_painted(GTK_WIDGET(window));
    for (guint i = 0; i < g_list_model_get_n_items(cav_analysis_view_get_changes(view)); i++) {
        g_autoptr(GtkStringObject) line =
            g_list_model_get_item(cav_analysis_view_get_changes(view), i);
        g_assert_null(strstr(gtk_string_object_get_string(line), "on level"));
    }
    for (guint i = 0; i < g_list_model_get_n_items(menu); i++) {
        g_autoptr(GtkStringObject) name = g_list_model_get_item(menu, i);
        g_assert_null(strchr(gtk_string_object_get_string(name), '_'));
    }
}

/* ---- /inspector/analysis/search-state ------------------------------------------------- */

/* The events after which the player, at the end of the event's turn, has
 * under a quarter of their hp: found by seeking to each turn's end. */
static GArray *wounded_events(History *history)
{
    GArray *seqs = g_array_new(FALSE, FALSE, sizeof(gint64));
    gint32 turns = history_turns(history);

    for (gint32 turn = 0; turn < turns; turn++) {
        gint64 first = history_turn_start(history, turn);
        gint64 last =
            turn + 1 < turns ? history_turn_start(history, turn + 1) - 1 : history_length(history);
        const CavCreature *player;

        g_assert_true(history_seek(history, last, NULL));
        player = state_player(history_state(history));
        if (player != NULL && player->hp * 4 < player->max_hp)
            for (gint64 seq = first; seq <= last; seq++)
                g_array_append_val(seqs, seq);
    }
    return seqs;
}

typedef struct {
    GListModel *rows;
    guint want;
} RowsWait;

static gboolean rows_are(gpointer data)
{
    RowsWait *w = data;

    return g_list_model_get_n_items(w->rows) == w->want;
}

static gboolean entry_focused(gpointer data)
{
    GtkWidget *entry = data;
    GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(entry));

    return focus != NULL && gtk_widget_is_ancestor(focus, entry);
}

/* Typed into the timeline's search, hp<25% is the player's hp (it was
 * refused: "only hp, mp and food take a percentage"), and F3 / Shift+F3 go
 * to the next and previous event where it holds. */
static void test_search_state(Fixture *f, gconstpointer data)
{
    static const char *const next[] = {"F3", NULL}, *const previous[] = {"shift+F3", NULL};
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    g_autoptr(GArray) wounded = wounded_events(history);
    CavFilterBar *bar = CAV_FILTER_BAR(find_type(f->window, CAV_TYPE_FILTER_BAR));
    GtkWidget *entry = itest_find_named(GTK_WIDGET(bar), GTK_TYPE_SEARCH_ENTRY, NULL);
    RowsWait rows = {cav_filter_bar_get_model(bar), wounded->len};
    gint64 first = g_array_index(wounded, gint64, 0);

    /* The situation holds both: turns above a quarter and turns below. */
    g_assert_cmpuint(wounded->len, >, 10);
    g_assert_cmpuint(wounded->len, <, history_length(history) - 10);
    cav_inspector_window_show_event(window, 1);
    itest_wait_painted(f->window);
    itest_click_at(f->window, entry, gtk_widget_get_width(entry) / 2.0,
                   gtk_widget_get_height(entry) / 2.0);
    g_assert_true(itest_wait_until(entry_focused, entry));
    itest_type(f->window, "hp<25%");
    if (!itest_wait_until(rows_are, &rows))
        g_error("%u rows for “%s” (%s), %u expected", g_list_model_get_n_items(rows.rows),
                gtk_editable_get_text(GTK_EDITABLE(entry)),
                cav_timeline_filter_get_error(cav_filter_bar_get_filter(bar)), rows.want);
    g_assert_null(cav_timeline_filter_get_error(cav_filter_bar_get_filter(bar)));
    itest_press_keys(f->window, next);
    assert_shows(window, first);
    itest_press_keys(f->window, next);
    assert_shows(window, g_array_index(wounded, gint64, 1));
    itest_press_keys(f->window, previous);
    assert_shows(window, first);
    save_shot(f, "search-state.png");
}

/* ---- /inspector/analysis/origins-further --------------------------------------------- */

typedef struct {
    CavWhyView *view;
    const char *start;
} TreeWait;

static gboolean tree_starts(gpointer data)
{
    TreeWait *w = data;
    const AnalysisNode *tree = cav_why_view_get_tree(w->view);

    return tree != NULL && g_str_has_prefix(tree->text, w->start);
}

/* Origins first looks back 1,000 turns and finds no kill there; "Look
 * Further Back", clicked, finds the kill of long before. */
static void test_origins_further(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    CavAnalysisView *view = show_analysis(window, "origins");
    CavWhyView *origins = CAV_WHY_VIEW(cav_analysis_view_get_origins(view));
    GtkDropDown *fields =
        GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(view), GTK_TYPE_DROP_DOWN, "origin-field"));
    GtkWidget *further = itest_find_named(GTK_WIDGET(view), GTK_TYPE_BUTTON, "origins-further");
    TreeWait none = {origins, "0 events made it in the last 1000 turns"};
    TreeWait found = {origins, "1 event made it in the whole game"};

    gtk_drop_down_set_selected(fields, ANALYSIS_FIELD_KILLS);
    itest_wait_painted(GTK_WIDGET(window));
    g_assert_true(itest_wait_until(tree_starts, &none));
    g_assert_true(gtk_widget_get_visible(further));
    itest_click_at(f->window, further, gtk_widget_get_width(further) / 2.0,
                   gtk_widget_get_height(further) / 2.0);
    if (!itest_wait_until(tree_starts, &found))
        g_error("after Look Further Back: %s", cav_why_view_get_tree(origins)->text);
    g_assert_cmpuint(cav_why_view_get_tree(origins)->children->len, ==, 1);
    g_assert_false(gtk_widget_get_visible(further));
}

/* ---- /inspector/analysis/why-monster ------------------------------------------------- */

typedef struct {
    CavWhyView *view;
    const char *start;
} FirstChildWait;

static gboolean first_child_starts(gpointer data)
{
    FirstChildWait *w = data;
    const AnalysisNode *tree = cav_why_view_get_tree(w->view);

    return tree != NULL && tree->children->len > 0 &&
           g_str_has_prefix(((AnalysisNode *) g_ptr_array_index(tree->children, 0))->text,
                            w->start);
}

/* The Why of a goblin's step says it hunted you, and the map draws what it
 * saw and the path it meant to take. */
static void test_why_monster(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *view = show_analysis(window, "why");
    CavMapView *map = CAV_MAP_VIEW(find_type(f->window, CAV_TYPE_MAP_VIEW));
    FirstChildWait hunted = {CAV_WHY_VIEW(cav_analysis_view_get_why(view)), "Why it did it: hunt"};
    gint32 player = history_last_state(history)->player;
    gint64 step = 0;
    const AnalysisDecision *drawn;

    for (gint64 seq = history_turn_start(history, 1); seq <= history_length(history) && step == 0;
         seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_MOVED &&
            history_entry(history, seq)->actor != player)
            step = seq;
    g_assert_cmpint(step, >, 0);
    cav_inspector_window_show_event(window, step);
    itest_wait_painted(f->window);
    if (!itest_wait_until(first_child_starts, &hunted))
        g_error("the Why of event %" G_GINT64_FORMAT " does not say it hunted", step);
    drawn = cav_map_view_get_decision(map);
    g_assert_nonnull(drawn);
    g_assert_cmpstr(drawn->decision.rule, ==, "hunt");
    g_assert_cmpint(drawn->decision.target, ==, player);
    g_assert_cmpint(drawn->decision.path_length, >, 0);
    save_shot(f, "why-monster.png");
    /* Another event: nothing of the goblin's decision stays drawn. */
    cav_inspector_window_show_event(window, history_turn_start(history, 1));
    itest_wait_painted(f->window);
    g_assert_null(cav_map_view_get_decision(map));
}

/* ---- /inspector/analysis/depths-seen ------------------------------------------------ */

/* The widget below @root with tooltip @tip. */
static GtkWidget *find_tooltip(GtkWidget *root, const char *tip)
{
    if (g_strcmp0(gtk_widget_get_tooltip_text(root), tip) == 0)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find_tooltip(child, tip);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* In the player's view the depth menu lists only the depths the player
 * had stood on by the event shown; the truth lists every depth made. */
static void test_depths_seen(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkDropDown *depths = GTK_DROP_DOWN(find_tooltip(f->window, "The depth shown"));
    gint32 made = history_last_state(history)->levels_generated;
    gint64 first = 1;

    g_assert_cmpint(made, >, 1);
    /* the first event after which the player stands somewhere */
    for (cav_inspector_window_show_event(window, first);
         state_player(history_state(history)) == NULL ||
         state_player(history_state(history))->id == 0;)
        cav_inspector_window_show_event(window, ++first);
    itest_wait_painted(f->window);
    g_assert_cmpuint(g_list_model_get_n_items(gtk_drop_down_get_model(depths)), ==, 2);
    g_action_group_change_action_state(G_ACTION_GROUP(window), "truth",
                                       g_variant_new_boolean(TRUE));
    g_assert_cmpuint(g_list_model_get_n_items(gtk_drop_down_get_model(depths)), ==,
                     (guint) made + 1);
}

int main(int argc, char **argv)
{
    ItestEnv env;

    itest_init(&argc, &argv, &env);
    g_test_add("/inspector/analysis/why-died", Fixture, GINT_TO_POINTER(1), fixture_setup,
               test_why_died, itest_game_teardown);
    g_test_add("/inspector/analysis/chart", Fixture, GINT_TO_POINTER(2), fixture_setup, test_chart,
               itest_game_teardown);
    g_test_add("/inspector/analysis/changes-search", Fixture, GINT_TO_POINTER(2), fixture_setup,
               test_changes_and_search, itest_game_teardown);
    g_test_add("/inspector/analysis/origins-trace", Fixture, GINT_TO_POINTER(2), fixture_setup,
               test_origins_and_trace, itest_game_teardown);
    g_test_add("/inspector/analysis/words", Fixture, GINT_TO_POINTER(2), fixture_setup, test_words,
               itest_game_teardown);
    g_test_add("/inspector/analysis/search-state", Fixture, GINT_TO_POINTER(3), fixture_setup,
               test_search_state, itest_game_teardown);
    g_test_add("/inspector/analysis/depths-seen", Fixture, GINT_TO_POINTER(2), fixture_setup,
               test_depths_seen, itest_game_teardown);
    g_test_add("/inspector/analysis/origins-further", Fixture, GINT_TO_POINTER(4), fixture_setup,
               test_origins_further, itest_game_teardown);
    g_test_add("/inspector/analysis/why-monster", Fixture, GINT_TO_POINTER(5), fixture_setup,
               test_why_monster, itest_game_teardown);
    return itest_run(&env);
}
