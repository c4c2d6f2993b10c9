/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-input.c — the inspector's window under a person's hands,
 * on a virtual 1366×768 screen with real input (xdotool): clicks in the
 * Entities list and on the map, typing in text fields, a damaged file
 * opened over a game, and how the entity card and list fit. Expectations
 * come from the models and the file, never from one seed's luck. Run under
 * xvfb-run. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "inspector-testutil.h"
#include "cav-analysis-view.h"
#include "cav-detail-pane.h"
#include "cav-entity-panel.h"
#include "cav-describe.h"
#include "cav-entity-row.h"
#include "cav-event-detail.h"
#include "cav-event-row.h"
#include "cav-filter-bar.h"
#include "cav-inspector-app.h"
#include "cav-inspector-window.h"
#include "cav-map-view.h"
#include "cav-recent.h"
#include "cav-settings.h"
#include "cav-bookmarks.h"
#include "history.h"
#include "session.h"
#include "scenario.h"
#include "store.h"
#include "testutil.h"

#define SEED 20261
#define TURNS 700

typedef ItestGame Fixture;

/* A bot's game of TURNS turns. */
static void fixture_setup(Fixture *f, gconstpointer data)
{
    itest_game_setup(f, data);
    itest_record_bot(f->path, SEED, TURNS);
}

/* ---- driving the window ------------------------------------------------------------ */

/* The fixture's game in a window @width wide (a 16:9 screen's), painted;
 * of @app (with dialogs), or headless without one. */
static CavInspectorWindow *open_app_window(Fixture *f, GtkApplication *app, int width)
{
    CavInspectorWindow *window = cav_inspector_window_new(app);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);
    gboolean loaded = FALSE;

    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, app == NULL);
    g_signal_connect_swapped(window, "loaded", G_CALLBACK(itest_on_flag), &loaded);
    gtk_window_set_default_size(GTK_WINDOW(window), width, width == 1366 ? 768 : width * 9 / 16);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    g_assert_true(itest_wait_until(itest_flag_set, &loaded));
    g_signal_handlers_disconnect_by_data(window, &loaded);
    itest_wait_painted(f->window);
    return window;
}

static CavInspectorWindow *open_window(Fixture *f)
{
    return open_app_window(f, NULL, 1366); /* a laptop's screen */
}

static GtkWidget *named(GtkWidget *root, GType type, const char *name)
{
    GtkWidget *found = itest_find_named(root, type, name);

    g_assert_nonnull(found);
    return found;
}

/* The first widget of @type below @root that is on screen (a page's, not
 * one of a page hidden or a popover closed). */
static GtkWidget *mapped(GtkWidget *root, GType type)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(root, type) && gtk_widget_get_mapped(root))
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = mapped(child, type);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static CavDetailPane *detail_pane(CavInspectorWindow *window)
{
    return CAV_DETAIL_PANE(named(GTK_WIDGET(window), CAV_TYPE_DETAIL_PANE, NULL));
}

/* The Entities list's column view and its selection. */
static GtkColumnView *entity_list(CavInspectorWindow *window)
{
    return GTK_COLUMN_VIEW(named(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW, "entities"));
}

static GtkSingleSelection *entity_selection(CavInspectorWindow *window)
{
    return GTK_SINGLE_SELECTION(gtk_column_view_get_model(entity_list(window)));
}

/* The cell below @root showing @text, or NULL (rows out of view may have
 * no cell). */
static GtkWidget *cell_showing(GtkWidget *root, const char *text)
{
    if (GTK_IS_INSCRIPTION(root) &&
        g_strcmp0(gtk_inscription_get_text(GTK_INSCRIPTION(root)), text) == 0)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = cell_showing(child, text);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* A list and the name of one of its rows, for row_in_view(). */
typedef struct {
    GtkColumnView *view;
    const char *name;
} RowWait;

/* Whether the row named @data's name is drawn wholly inside its list's
 * scrolled window. */
static gboolean row_in_view(gpointer data)
{
    RowWait *w = data;
    GtkWidget *scroller = gtk_widget_get_parent(GTK_WIDGET(w->view));
    GtkWidget *cell = cell_showing(GTK_WIDGET(w->view), w->name);
    graphene_rect_t bounds;

    if (cell == NULL || !gtk_widget_get_mapped(cell) ||
        !gtk_widget_compute_bounds(cell, scroller, &bounds))
        return FALSE;
    return bounds.origin.y >= 0 &&
           bounds.origin.y + bounds.size.height <= gtk_widget_get_height(scroller) &&
           bounds.size.height > 0;
}

/* The entity selected on the Entities page, for entity_selected(). */
typedef struct {
    CavInspectorWindow *window;
    CavRefKind kind;
    gint32 id;
} EntityWait;

static gboolean entity_selected(gpointer data)
{
    EntityWait *w = data;
    GtkSingleSelection *selection = entity_selection(w->window);
    CavEntityRow *row = gtk_single_selection_get_selected_item(selection);
    gint32 id = 0;

    return cav_detail_pane_get_selected(detail_pane(w->window), &id) == w->kind && id == w->id &&
           row != NULL && cav_entity_row_get_kind(row) == w->kind &&
           cav_entity_row_get_id(row) == w->id;
}

/* A "selected" of the Entities page: one click makes one or two, never a
 * stream (a selection changed inside its own notification restarts it). */
static void count_selected(CavEntityPanel *panel, int kind, int id, gpointer data)
{
    guint *count = data;

    if (++*count > 20)
        g_error("one click selected %u times: the selection feeds itself", *count);
}

/* ---- /inspector/input/entity-click --------------------------------------------------- */

/* A click on a row of the Entities list selects that entity, once, and
 * the window goes on answering. */
static void test_entity_click(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    GtkColumnView *list = entity_list(window);
    GListModel *rows = G_LIST_MODEL(entity_selection(window));
    CavEntityPanel *panel = CAV_ENTITY_PANEL(named(f->window, CAV_TYPE_ENTITY_PANEL, NULL));
    guint count = 0, position;
    g_autoptr(CavEntityRow) row = NULL;
    RowWait shown;
    EntityWait w = {window, CAV_REF_NONE, 0};
    GtkWidget *cell;
    gint64 seq = cav_inspector_window_get_event(window);

    cav_detail_pane_set_page(detail_pane(window), "entities");
    g_assert_cmpuint(g_list_model_get_n_items(rows), >=, 3);
    /* The second row, or the third if the second is selected already. */
    position = gtk_single_selection_get_selected(entity_selection(window)) == 1 ? 2 : 1;
    row = g_list_model_get_item(rows, position);
    shown = (RowWait){list, cav_entity_row_get_name(row)};
    g_assert_true(itest_wait_until(row_in_view, &shown));
    cell = cell_showing(GTK_WIDGET(list), shown.name);
    g_signal_connect(panel, "selected", G_CALLBACK(count_selected), &count);
    itest_click_at(f->window, cell, gtk_widget_get_width(cell) / 2.0,
                   gtk_widget_get_height(cell) / 2.0);
    w.kind = cav_entity_row_get_kind(row);
    w.id = cav_entity_row_get_id(row);
    g_assert_true(itest_wait_until(entity_selected, &w));
    g_assert_cmpuint(gtk_single_selection_get_selected(entity_selection(window)), ==, position);
    /* Still answering: another frame is painted, the event unchanged. */
    itest_wait_painted(f->window);
    g_assert_cmpuint(count, >=, 1);
    g_assert_cmpuint(count, <=, 2);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
    itest_save_shot(f->window, "entity-click.png");
}

/* ---- /inspector/input/map-pick ------------------------------------------------------- */

/* The first living creature in the list (ids in order) on map level @z
 * that is not selected; 0 if none. */
static gint32 creature_on_level(const CavState *state, int z, gint32 selected)
{
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c != NULL && c->alive && c->z == z && id != selected)
            return id;
    }
    return 0;
}

static const char *row_name(GListModel *rows, CavRefKind kind, gint32 id)
{
    for (guint i = 0; i < g_list_model_get_n_items(rows); i++) {
        g_autoptr(CavEntityRow) row = g_list_model_get_item(rows, i);
        if (cav_entity_row_get_kind(row) == kind && cav_entity_row_get_id(row) == id)
            return cav_entity_row_get_name(row); /* the list holds the row */
    }
    g_assert_not_reached();
}

/* A creature clicked on the map is selected in the Entities list and
 * scrolled into view, from wherever the list was scrolled. */
static void test_map_pick(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMapView *map = CAV_MAP_VIEW(named(f->window, CAV_TYPE_MAP_VIEW, NULL));
    GtkColumnView *list = entity_list(window);
    GtkAdjustment *scroll = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
    gint32 selected = 0;
    EntityWait w = {window, CAV_REF_CREATURE, 0};
    RowWait shown = {list, NULL};
    const CavCreature *creature;
    graphene_rect_t cell;

    g_action_group_activate_action(G_ACTION_GROUP(window), "truth", NULL); /* all is pickable */
    cav_inspector_window_show_event(window, history_length(history) / 2);
    cav_detail_pane_set_page(detail_pane(window), "entities");
    cav_detail_pane_get_selected(detail_pane(window), &selected);
    w.id = creature_on_level(history_state(history), cav_map_view_get_level(map), selected);
    g_assert_cmpint(w.id, >, 0);
    creature = state_creature(history_state(history), w.id);
    shown.name = row_name(G_LIST_MODEL(entity_selection(window)), CAV_REF_CREATURE, w.id);
    /* The list scrolled to its end, the creature's row out of view. */
    itest_wait_painted(f->window);
    gtk_adjustment_set_value(scroll, gtk_adjustment_get_upper(scroll));
    itest_wait_painted(f->window);
    itest_wait_painted(f->window);
    g_assert_false(row_in_view(&shown));
    cav_map_view_cell_rect(map, creature->x, creature->y, &cell);
    itest_click_at(f->window, GTK_WIDGET(map), cell.origin.x + cell.size.width / 2,
                   cell.origin.y + cell.size.height / 2);
    g_assert_true(itest_wait_until(entity_selected, &w));
    g_assert_true(itest_wait_until(row_in_view, &shown));
    itest_save_shot(f->window, "map-pick.png");
}

/* ---- /inspector/input/entity-card --------------------------------------------------- */

static guint pack_size(const CavState *state, const CavCreature *c)
{
    guint n = 0;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        n += state_item(state, c->pack[i]) != NULL && state_item(state, c->pack[i])->count > 0;
    return n;
}

/* The event (of every 100th) after which the player carries the most. */
static gint64 fullest_pack(History *history, guint *most)
{
    gint64 best = 0;
    g_autoptr(GError) error = NULL;

    *most = 0;
    for (gint64 seq = 0; seq <= history_length(history); seq += 100) {
        const CavCreature *player;
        g_assert_true(history_seek(history, seq, &error));
        player = state_player(history_state(history));
        if (player != NULL && pack_size(history_state(history), player) > *most) {
            *most = pack_size(history_state(history), player);
            best = seq;
        }
    }
    return best;
}

/* Whether @widget lies wholly inside @area, across and down. */
static gboolean inside(GtkWidget *widget, GtkWidget *area)
{
    graphene_rect_t bounds;

    g_assert_true(gtk_widget_compute_bounds(widget, area, &bounds));
    return bounds.origin.x >= -0.5 && bounds.origin.y >= -0.5 &&
           bounds.origin.x + bounds.size.width <= gtk_widget_get_width(area) + 0.5 &&
           bounds.origin.y + bounds.size.height <= gtk_widget_get_height(area) + 0.5;
}

/* Whether the text of the cell @cell shows whole. */
static gboolean fits(GtkWidget *cell)
{
    g_autoptr(PangoLayout) layout =
        gtk_widget_create_pango_layout(cell, gtk_inscription_get_text(GTK_INSCRIPTION(cell)));
    int width;

    pango_layout_get_pixel_size(layout, &width, NULL);
    return width <= gtk_widget_get_width(cell);
}

/* Every cell of the list shows its text whole. */
static void assert_cells_fit(GtkWidget *root, guint *checked)
{
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        assert_cells_fit(child, checked);
    if (GTK_IS_INSCRIPTION(root) && gtk_widget_get_mapped(root)) {
        const char *text = gtk_inscription_get_text(GTK_INSCRIPTION(root));
        if (text == NULL)
            return;
        if (!fits(root))
            g_error("the list cell “%s” is cut (%d px wide)", text, gtk_widget_get_width(root));
        ++*checked;
    }
}

/* The player's card at 1366×768 (a laptop's screen) and 1280×720 (the
 * window's first size), with the fullest pack of the game: the
 * card wraps inside its box and scrolls (its whole height is there to
 * scroll to), its pack is one item a line, where it is reads "depth", and
 * the list's cells (Entity, Where, State) show whole. */
static void test_entity_card(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_app_window(f, NULL, GPOINTER_TO_INT(data));
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *card = named(f->window, GTK_TYPE_LABEL, "entity-detail");
    GtkWidget *scroller = gtk_widget_get_ancestor(card, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *down = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    guint most = 0, checked = 0, lines = 0;
    gint64 seq = fullest_pack(history, &most);
    const CavCreature *player;
    g_auto(GStrv) text = NULL;
    g_autofree char *depth = NULL, *place = NULL;
    int natural;

    g_assert_cmpuint(most, >=, 2); /* the bot picks things up in 700 turns */
    cav_inspector_window_show_event(window, seq);
    player = state_player(history_state(history));
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, player->id);
    itest_wait_painted(f->window);
    itest_wait_painted(f->window);
    itest_save_shot(f->window,
                    GPOINTER_TO_INT(data) == 1366 ? "entity-card.png" : "entity-card-1280.png");
    /* One item a line, under its heading. */
    text = g_strsplit(gtk_label_get_text(GTK_LABEL(card)), "\n", -1);
    for (guint i = 0; text[i] != NULL; i++)
        lines += g_regex_match_simple("^  [a-z]\\) ", text[i], 0, 0);
    g_assert_cmpuint(lines, ==, most);
    g_assert_nonnull(strstr(gtk_label_get_text(GTK_LABEL(card)), "Carries\n"));
    depth = g_strdup_printf("depth %d at (%d,%d)", player->z + 1, player->x, player->y);
    g_assert_nonnull(strstr(gtk_label_get_text(GTK_LABEL(card)), depth));
    /* Wrapped inside the box; all of its height to scroll through. */
    g_assert_true(inside(scroller, f->window));
    g_assert_cmpint(gtk_widget_get_width(card), <=, gtk_widget_get_width(scroller));
    gtk_widget_measure(card, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(card), NULL, &natural,
                       NULL, NULL);
    g_assert_cmpint(gtk_widget_get_height(card), >=, natural);
    g_assert_cmpfloat(gtk_adjustment_get_upper(down), >=, natural);
    g_assert_true(inside(named(f->window, GTK_TYPE_LIST_VIEW, "entity-history"), f->window));
    /* The list: places in depths, every cell whole. */
    assert_cells_fit(named(f->window, GTK_TYPE_COLUMN_VIEW, "entities"), &checked);
    g_assert_cmpuint(checked, >, 10);
    place = g_strdup_printf("depth %d (%d,%d)", player->z + 1, player->x, player->y);
    g_assert_nonnull(cell_showing(GTK_WIDGET(entity_list(window)), place));
}

/* ---- /inspector/input/analysis-fits --------------------------------------------------- */

/* Every widget of the Analysis page shown lies inside @window: those below
 * a scrolled window are its to scroll, the scrolled window must fit. */
static void assert_page_inside(GtkWidget *root, GtkWidget *window, const char *page)
{
    if (!gtk_widget_get_mapped(root))
        return;
    if (!inside(root, window)) {
        graphene_rect_t bounds;
        g_assert_true(gtk_widget_compute_bounds(root, window, &bounds));
        itest_save_shot(window, "analysis-fits-failed.png");
        g_error("Analysis › %s: a %s runs out of the window (y %.0f, height %.0f; window %d)", page,
                G_OBJECT_TYPE_NAME(root), bounds.origin.y, bounds.size.height,
                gtk_widget_get_height(window));
    }
    if (GTK_IS_SCROLLED_WINDOW(root) &&
        gtk_widget_get_ancestor(gtk_widget_get_parent(root), GTK_TYPE_STACK) != NULL)
        return; /* the rows scroll inside it */
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        assert_page_inside(child, window, page);
}

/* At 1366×768 with the panes as they open, every Analysis page fits the
 * window, the chart's axis included; and a long Changes list scrolls to
 * its last row, inside the window. */
static void test_analysis_fits(Fixture *f, gconstpointer data)
{
    static const char *const pages[] = {"why", "changes", "time", "origins", "trace", "search"};
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *analysis = CAV_ANALYSIS_VIEW(named(f->window, CAV_TYPE_ANALYSIS_VIEW, NULL));
    GtkWidget *changes = named(GTK_WIDGET(analysis), GTK_TYPE_LIST_VIEW, "changes");
    GtkWidget *scroller = gtk_widget_get_ancestor(changes, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *down = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    GListModel *rows = cav_analysis_view_get_changes(analysis);

    cav_detail_pane_set_page(detail_pane(window), "analysis");
    cav_inspector_window_show_event(window, 1);
    cav_analysis_view_pin(analysis);
    cav_inspector_window_show_event(window, history_length(history));
    for (guint i = 0; i < G_N_ELEMENTS(pages); i++) {
        cav_analysis_view_show_page(analysis, pages[i]);
        itest_wait_painted(f->window);
        itest_wait_painted(f->window);
        assert_page_inside(GTK_WIDGET(analysis), f->window, pages[i]);
    }
    /* The Changes list: long, scrolled to its end, its viewport in the window. */
    cav_analysis_view_show_page(analysis, "changes");
    itest_wait_painted(f->window);
    g_assert_cmpuint(g_list_model_get_n_items(rows), >, 30);
    g_assert_true(inside(scroller, f->window));
    gtk_adjustment_set_value(down, gtk_adjustment_get_upper(down));
    itest_wait_painted(f->window);
    itest_wait_painted(f->window);
    g_assert_cmpfloat(gtk_adjustment_get_page_size(down), >, 0);
    g_assert_cmpfloat(gtk_adjustment_get_value(down) + gtk_adjustment_get_page_size(down), >=,
                      gtk_adjustment_get_upper(down) - 0.5);
    g_assert_true(inside(scroller, f->window));
    itest_save_shot(f->window, "analysis-fits.png");
}

/* ---- /inspector/input/filtered-click -------------------------------------------------- */

/* A list and how many rows it should have, for has_rows(). */
typedef struct {
    GListModel *rows;
    guint n;
} RowsWait;

static gboolean has_rows(gpointer data)
{
    RowsWait *w = data;

    return g_list_model_get_n_items(w->rows) == w->n;
}

/* The timeline filtered to one event while the last is shown: that row,
 * kept selected for the shown event the filter hides, shows its event
 * when clicked; and, the last event shown again, when Return is pressed
 * on it. */
static void test_filtered_click(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkColumnView *timeline = GTK_COLUMN_VIEW(named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline"));
    GtkWidget *search = named(f->window, GTK_TYPE_SEARCH_ENTRY, NULL);
    gint64 last = history_length(history), seq = last / 2;
    g_autofree char *query = g_strdup_printf("seq=%" G_GINT64_FORMAT, seq);
    g_autofree char *seq_text = g_strdup_printf("%" G_GINT64_FORMAT, seq);
    RowsWait one = {G_LIST_MODEL(gtk_column_view_get_model(timeline)), 1};
    RowWait shown = {timeline, seq_text};
    EventWait at = {window, seq}, at_last = {window, last};
    static const char *const enter[] = {"Return", NULL};
    GtkWidget *cell;

    g_assert_true(gtk_widget_get_ancestor(search, CAV_TYPE_FILTER_BAR) != NULL);
    cav_inspector_window_show_event(window, last);
    gtk_editable_set_text(GTK_EDITABLE(search), query);
    g_assert_true(itest_wait_until(has_rows, &one));
    g_assert_true(itest_wait_until(row_in_view, &shown));
    itest_wait_painted(f->window);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, last);
    cell = cell_showing(GTK_WIDGET(timeline), seq_text);
    itest_click_at(f->window, cell, gtk_widget_get_width(cell) / 2.0,
                   gtk_widget_get_height(cell) / 2.0);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
    /* The focus on the row, the last event shown again: Return shows the row's. */
    cav_inspector_window_show_event(window, last);
    g_assert_true(itest_wait_until(itest_shows_event, &at_last));
    itest_wait_painted(f->window);
    itest_press_keys(f->window, enter);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
}

/* ---- /inspector/input/won-actor ------------------------------------------------------ */

/* A game won at once: the player beside the exit with the bear, a step
 * onto it and the climb out (built, not a bot's luck). */
static void won_setup(Fixture *f, gconstpointer data)
{
    static const char *const exit_room[] = {
        "#######", "#<@...#", "#.....#", "#######", NULL,
    };
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;

    itest_game_setup(f, data);
    scenario_setup(&s, exit_room, NULL);
    scenario_item(&s, "teddy bear", 1, 0, 0, 0, 1);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_move(-1, 0));
    scenario_store_play(&s, store, command_simple(CMD_ASCEND));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_WON);
    scenario_teardown(&s);
}

/* At the end of a won game the detail's Actor and the timeline's Actor
 * both say what the file's envelope holds: GameWon's actor, you. */
static void test_won_actor(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkColumnView *timeline = GTK_COLUMN_VIEW(named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline"));
    GListModel *rows = G_LIST_MODEL(gtk_column_view_get_model(timeline));
    gint64 last = history_length(history);
    g_autoptr(CavEventRow) row = NULL;
    GtkLabel *detail;

    g_assert_cmpint(history_entry(history, last)->type, ==, CAV_EVENT_GAME_WON);
    g_assert_cmpint(history_entry(history, last)->actor, ==, 1);
    cav_inspector_window_show_event(window, last);
    cav_detail_pane_set_page(detail_pane(window), "event");
    itest_wait_painted(f->window);
    detail = GTK_LABEL(mapped(named(f->window, CAV_TYPE_EVENT_DETAIL, NULL), GTK_TYPE_LABEL));
    g_assert_nonnull(detail);
    g_test_message("%s", gtk_label_get_text(detail));
    g_assert_nonnull(strstr(gtk_label_get_text(detail), "Actor you"));
    row = g_list_model_get_item(rows, g_list_model_get_n_items(rows) - 1);
    g_assert_cmpint(cav_event_row_get_seq(row), ==, last);
    g_assert_cmpstr(cav_event_row_get_actor(row), ==, "you");
}

/* ---- /inspector/input/no-match ------------------------------------------------------- */

/* A label and whether it should be on screen, for label_shown(). */
typedef struct {
    GtkWidget *label;
    gboolean shown;
} ShownWait;

static gboolean label_shown(gpointer data)
{
    ShownWait *w = data;

    return gtk_widget_get_mapped(w->label) == w->shown;
}

/* A search that matches nothing: a message naming it takes the list's
 * place (no rows under squashed headers), inside the window; the rows come
 * back when the search is cleared. */
static void test_no_match(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    GtkWidget *timeline = named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline");
    GtkWidget *search = named(f->window, GTK_TYPE_SEARCH_ENTRY, NULL);
    ShownWait none = {named(f->window, GTK_TYPE_LABEL, "timeline-none"), TRUE};
    ShownWait back = {none.label, FALSE};

    g_assert_true(gtk_widget_get_ancestor(search, CAV_TYPE_FILTER_BAR) != NULL);
    g_assert_false(gtk_widget_get_mapped(none.label));
    gtk_editable_set_text(GTK_EDITABLE(search), "zqxv nothing");
    g_assert_true(itest_wait_until(label_shown, &none));
    itest_wait_painted(f->window);
    g_assert_false(gtk_widget_get_mapped(timeline));
    g_assert_nonnull(strstr(gtk_label_get_text(GTK_LABEL(none.label)), "No events match"));
    g_assert_nonnull(strstr(gtk_label_get_text(GTK_LABEL(none.label)), "“zqxv nothing”"));
    g_assert_true(inside(none.label, f->window));
    itest_save_shot(f->window, "no-match.png");
    gtk_editable_set_text(GTK_EDITABLE(search), "");
    g_assert_true(itest_wait_until(label_shown, &back));
    g_assert_true(gtk_widget_get_mapped(timeline));
    g_assert_cmpint(cav_inspector_window_get_event(window), >, 0);
}

/* ---- /inspector/input/typing ---------------------------------------------------------- */

/* A text field and what it should hold, for holds_text(). */
typedef struct {
    GtkEditable *field;
    const char *text;
} TextWait;

static gboolean holds_text(gpointer data)
{
    TextWait *w = data;

    return g_strcmp0(gtk_editable_get_text(w->field), w->text) == 0;
}

/* A label and a part of what it should say, for label_says(). */
typedef struct {
    GtkLabel *label;
    const char *part;
} LabelWait;

static gboolean label_says(gpointer data)
{
    LabelWait *w = data;

    return strstr(gtk_label_get_text(w->label), w->part) != NULL;
}

/* Whether the focus of @data's window is in its field. */
static gboolean focus_in_field(gpointer data)
{
    TextWait *w = data;
    GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(GTK_WIDGET(w->field)));

    return focus != NULL &&
           (focus == GTK_WIDGET(w->field) || gtk_widget_is_ancestor(focus, GTK_WIDGET(w->field)));
}

/* Click @field, then press the window's one-key shortcuts and type @text
 * into it: the field gets every key, and the window does nothing. */
static void type_into(CavInspectorWindow *window, GtkWidget *field, const char *text)
{
    static const char *const moves[] = {"Left", "Right", "Home", "End", "Return", NULL};
    gint64 seq = cav_inspector_window_get_event(window);
    TextWait w = {GTK_EDITABLE(field), text};

    itest_click_at(GTK_WIDGET(window), field, gtk_widget_get_width(field) / 2.0,
                   gtk_widget_get_height(field) / 2.0);
    if (!itest_wait_until(focus_in_field, &w)) {
        GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
        itest_save_shot(GTK_WIDGET(window), "typing-failed.png");
        g_error("clicked, and the focus is on %s", focus ? G_OBJECT_TYPE_NAME(focus) : "nothing");
    }
    itest_press_keys(GTK_WIDGET(window), moves);
    itest_type(GTK_WIDGET(window), text);
    /* Every key handled once the last one has reached the field. */
    if (!itest_wait_until(holds_text, &w)) {
        itest_save_shot(GTK_WIDGET(window), "typing-failed.png");
        g_error("typed “%s”, the field holds “%s”", text, gtk_editable_get_text(w.field));
    }
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
    for (guint i = 0; i < 3; i++) {
        static const char *const toggles[] = {"play", "follow", "truth"};
        g_autoptr(GVariant) state =
            g_action_group_get_action_state(G_ACTION_GROUP(window), toggles[i]);
        g_assert_false(g_variant_get_boolean(state));
    }
    g_assert_cmpuint(cav_bookmarks_get_bookmarks(window)->len, ==, 0);
}

/* Keys typed in a text field inside the window's content (Analysis ›
 * Search) or in the filter bar (Turns) are text, never the window's
 * one-key shortcuts (B bookmarks, Space plays, arrows move); and a
 * malformed query is refused in words. */
static void test_typing(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *analysis = CAV_ANALYSIS_VIEW(named(f->window, CAV_TYPE_ANALYSIS_VIEW, NULL));
    GtkWidget *search;
    LabelWait refused = {NULL, "not one condition"};
    static const char *const clear[] = {"ctrl+a", "BackSpace", NULL};

    cav_inspector_window_show_event(window, history_length(history) / 2);
    cav_detail_pane_set_page(detail_pane(window), "analysis");
    cav_analysis_view_show_page(analysis, "search");
    itest_wait_painted(f->window);
    search = mapped(GTK_WIDGET(analysis), GTK_TYPE_SEARCH_ENTRY);
    g_assert_nonnull(search);
    refused.label = GTK_LABEL(gtk_widget_get_next_sibling(search)); /* the answer */
    type_into(window, search, "kind=goblin tfmb");
    itest_press_keys(f->window, clear);
    type_into(window, search, "hp<10z>=0");
    g_assert_true(itest_wait_until(label_says, &refused));
    itest_save_shot(f->window, "typing-search.png");
    type_into(window, named(f->window, GTK_TYPE_ENTRY, "first-turn"), "1 fb");
}

/* ---- /inspector/input/tab-to-timeline ------------------------------------------------- */

/* A timeline and the Seq of a row, for focus_on_row(). */
typedef struct {
    GtkColumnView *view;
    const char *seq;
} FocusWait;

/* Whether the focus is on the timeline's row of @data's seq. */
static gboolean focus_on_row(gpointer data)
{
    FocusWait *w = data;
    GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(GTK_WIDGET(w->view)));

    return focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(w->view)) &&
           cell_showing(focus, w->seq) != NULL;
}

/* Tab from the speed menu (the last control left of the timeline) goes
 * into the timeline, onto the shown event's row (README: the focus
 * order), not to the row GTK would pick. */
static void test_tab_to_timeline(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkColumnView *timeline = GTK_COLUMN_VIEW(named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline"));
    GtkWidget *speed = named(f->window, GTK_TYPE_DROP_DOWN, "speed");
    gint64 seq = history_length(history) / 2;
    g_autofree char *seq_text = g_strdup_printf("%" G_GINT64_FORMAT, seq);
    FocusWait on_row = {timeline, seq_text};
    EventWait at = {window, seq};
    static const char *const tab[] = {"Tab", NULL};

    cav_inspector_window_show_event(window, seq);
    itest_wait_painted(f->window);
    gtk_widget_grab_focus(speed);
    itest_press_keys(f->window, tab);
    if (!itest_wait_until(focus_on_row, &on_row)) {
        GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
        g_error("Tab from the speed menu: the focus is on %s",
                focus ? G_OBJECT_TYPE_NAME(focus) : "nothing");
    }
    g_assert_true(itest_shows_event(&at));
}

/* ---- /inspector/input/damaged-over-game ----------------------------------------------- */

/* The inspector windows on screen, and the message dialog over @window if
 * there is one. */
static guint windows_shown(CavInspectorWindow *window, AdwMessageDialog **dialog)
{
    GListModel *toplevels = gtk_window_get_toplevels(); /* GTK's own */
    guint windows = 0;

    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        g_autoptr(GtkWidget) w = g_list_model_get_item(toplevels, i);
        windows += CAV_IS_INSPECTOR_WINDOW(w) && gtk_widget_get_visible(w);
        if (ADW_IS_MESSAGE_DIALOG(w) && gtk_widget_get_visible(w) &&
            gtk_window_get_transient_for(GTK_WINDOW(w)) == GTK_WINDOW(window))
            *dialog = ADW_MESSAGE_DIALOG(w);
    }
    return windows;
}

/* Whether opening has shown something: a dialog over @data, or a window. */
static gboolean something_shown(gpointer data)
{
    AdwMessageDialog *dialog = NULL;

    return windows_shown(data, &dialog) > 1 || dialog != NULL;
}

/* A damaged file opened (as Open and the recent files do) over a window
 * showing a game: a dialog over that window says, in words, that the file
 * is damaged; no other window opens, and the game stays shown. */
static void test_damaged_over_game(Fixture *f, gconstpointer data)
{
    g_autoptr(CavInspectorApp) app = cav_inspector_app_new();
    g_autofree char *damaged = tmp_path(&f->tmp, "damaged.cavelog");
    g_autofree char *uri = g_filename_to_uri(damaged, NULL, NULL);
    g_autofree char *game = NULL;
    g_autoptr(GError) error = NULL;
    AdwMessageDialog *dialog = NULL;
    CavInspectorWindow *window;
    gsize length = 0;
    gint64 seq;
    const char *body;

    g_application_set_flags(G_APPLICATION(app), G_APPLICATION_NON_UNIQUE);
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, &error));
    window = open_app_window(f, GTK_APPLICATION(app), 1366);
    seq = cav_inspector_window_get_event(window);
    g_assert_true(g_file_get_contents(f->path, &game, &length, NULL));
    g_assert_true(g_file_set_contents(damaged, game, (gssize) length / 2, NULL)); /* cut short */
    gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri);           /* opened once */
    g_action_group_activate_action(G_ACTION_GROUP(app), "open-uri", g_variant_new_string(uri));
    g_assert_true(itest_wait_until(something_shown, window));
    g_assert_false(gtk_recent_manager_has_item(gtk_recent_manager_get_default(), uri));
    g_assert_cmpuint(windows_shown(window, &dialog), ==, 1);
    g_assert_nonnull(dialog);
    g_assert_nonnull(strstr(adw_message_dialog_get_heading(dialog), "damaged.cavelog"));
    body = adw_message_dialog_get_body(dialog);
    g_test_message("%s", body);
    g_assert_true(g_str_has_prefix(body, "This file is damaged: it was cut short"));
    g_assert_nonnull(strstr(body, damaged));
    g_assert_null(strstr(body, "SQLite"));
    g_assert_null(strstr(body, "malformed"));
    g_assert_true(cav_inspector_window_is_loaded(window));
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
    itest_save_shot(GTK_WIDGET(dialog), "damaged-dialog.png");
    gtk_window_destroy(GTK_WINDOW(dialog));
}

/* ---- /inspector/input/empty-window, /inspector/input/tooltips -------------------------- */

/* A window with no game has no Truth button to press; it comes with one. */
static void test_empty_window(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *empty = cav_inspector_window_new(NULL);
    CavInspectorWindow *window;

    gtk_window_present(GTK_WINDOW(empty));
    itest_wait_painted(GTK_WIDGET(empty));
    g_assert_false(
        gtk_widget_is_visible(named(GTK_WIDGET(empty), GTK_TYPE_TOGGLE_BUTTON, "truth")));
    gtk_window_destroy(GTK_WINDOW(empty));
    window = open_window(f);
    g_assert_true(
        gtk_widget_is_visible(named(GTK_WIDGET(window), GTK_TYPE_TOGGLE_BUTTON, "truth")));
}

/* The tooltip on screen in @window, or NULL. */
static GtkWidget *tooltip_shown(GtkWidget *window)
{
    GtkWidget *tooltip = itest_find_named(window, g_type_from_name("GtkTooltipWindow"), NULL);

    return tooltip != NULL && gtk_widget_get_mapped(tooltip) ? tooltip : NULL;
}

static gboolean has_tooltip(gpointer window)
{
    return tooltip_shown(window) != NULL;
}

static gboolean lacks_tooltip(gpointer window)
{
    return tooltip_shown(window) == NULL;
}

static gboolean popover_open(gpointer button)
{
    return gtk_widget_get_mapped(GTK_WIDGET(gtk_menu_button_get_popover(button)));
}

/* Move the pointer (really) over the middle of @widget, plus @dx. */
static void hover(GtkWidget *window, GtkWidget *widget, int dx)
{
    double x, y, sx, sy;
    g_autofree char *xs = NULL, *ys = NULL;

    g_assert_true(gtk_widget_translate_coordinates(widget, window,
                                                   gtk_widget_get_width(widget) / 2.0,
                                                   gtk_widget_get_height(widget) / 2.0, &x, &y));
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    xs = g_strdup_printf("%d", (int) (x + sx) + dx);
    ys = g_strdup_printf("%d", (int) (y + sy));
    {
        const char *const args[] = {"mousemove", "--window", "XID", xs, ys, NULL};

        itest_xdotool(window, args);
    }
}

static gboolean popover_closed(gpointer button);

/* The bookmarks button's tooltip, shown while the pointer rests on it,
 * goes when its popover opens and stays away while it is open, even as
 * the pointer moves on the button. */
static void test_tooltips(Fixture *f, gconstpointer data)
{
    GtkWidget *button;

    open_window(f);
    button = named(f->window, GTK_TYPE_MENU_BUTTON, "bookmarks");
    hover(f->window, button, 0);
    hover(f->window, button, 1);
    g_assert_true(itest_wait_until(has_tooltip, f->window));
    itest_click_at(f->window, button, gtk_widget_get_width(button) / 2.0,
                   gtk_widget_get_height(button) / 2.0);
    g_assert_true(itest_wait_until(popover_open, button));
    g_assert_true(itest_wait_until(lacks_tooltip, f->window));
    /* The pointer moving on the button asks for its tooltip again. */
    hover(f->window, button, 2);
    hover(f->window, button, -2);
    g_assert_false(gtk_widget_get_has_tooltip(button));
    /* GTK shows a tooltip half a second after the pointer rests: none in
     * twice that (a loaded machine can only make this pass, not fail). */
    for (gint64 until = g_get_monotonic_time() + G_USEC_PER_SEC; g_get_monotonic_time() < until;) {
        g_main_context_iteration(NULL, FALSE);
        g_assert_null(tooltip_shown(f->window));
    }
    g_assert_true(popover_open(button));
    itest_save_shot(f->window, "tooltip-popover.png");
    /* Closed again: a popover open as its window goes keeps the pointer
     * from the next test's window (its wheel went nowhere). */
    gtk_menu_button_popdown(GTK_MENU_BUTTON(button));
    g_assert_true(itest_wait_until(popover_closed, button));
}

/* ---- /inspector/input/wheel ------------------------------------------------------------ */

/* The top row of @view's list as its scroll stands (rows are of one height). */
static double top_row(GtkColumnView *view)
{
    GtkAdjustment *scroll = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view));
    guint n = g_list_model_get_n_items(G_LIST_MODEL(gtk_column_view_get_model(view)));

    return gtk_adjustment_get_value(scroll) / (gtk_adjustment_get_upper(scroll) / n);
}

/* Run the main loop for @ms milliseconds (what the wheel's clicks queued is
 * handled: xdotool returns once the X server has them). */
static void settle(GtkWidget *window, guint ms)
{
    for (gint64 until = g_get_monotonic_time() + ms * 1000; g_get_monotonic_time() < until;) {
        g_main_context_iteration(NULL, FALSE);
        g_usleep(1000);
    }
    itest_wait_painted(window);
}

/* Whether the timeline draws, in view, the row @rows_down rows below its
 * top row. */
static gboolean draws_row_below_top(GtkColumnView *view, guint rows_down)
{
    GListModel *rows = G_LIST_MODEL(gtk_column_view_get_model(view));
    g_autoptr(CavEventRow) row = g_list_model_get_item(rows, (guint) top_row(view) + rows_down);
    g_autofree char *seq = g_strdup_printf("%" G_GINT64_FORMAT, cav_event_row_get_seq(row));
    RowWait shown = {view, seq};

    return row_in_view(&shown);
}

/* Thirty quick turns of the wheel @button (4 up, 5 down) over the timeline. */
static void spin_wheel(GtkWidget *window, GtkWidget *over, const char *button)
{
    const char *const args[] = {"click", "--repeat", "30", "--delay", "10", button, NULL};

    hover(window, over, 0);
    itest_xdotool(window, args);
    settle(window, 600);
}

/* Fast wheel turns over the timeline, down then up, move its rows by a
 * few rows a turn: the place is kept, never thrown to the list's end (GTK
 * 4.8's list, alone, jumps there). */
static void test_wheel(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkColumnView *timeline = GTK_COLUMN_VIEW(named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline"));
    guint n = g_list_model_get_n_items(G_LIST_MODEL(gtk_column_view_get_model(timeline)));
    gint64 seq = history_length(history) / 3;
    g_autofree char *seq_text = g_strdup_printf("%" G_GINT64_FORMAT, seq);
    RowWait shown = {timeline, seq_text};
    double before, after;

    g_assert_cmpuint(n, >, 3000);
    cav_inspector_window_show_event(window, seq);
    g_assert_true(itest_wait_until(row_in_view, &shown));
    settle(f->window, 100);
    before = top_row(timeline);
    spin_wheel(f->window, GTK_WIDGET(timeline), "5");
    after = top_row(timeline);
    g_test_message("wheel down: top row %.0f → %.0f of %u", before, after, n);
    itest_save_shot(f->window, "wheel-down.png");
    g_assert_cmpfloat(after, >, before + 10);
    g_assert_cmpfloat(after, <, before + 30 * 10);
    g_assert_true(draws_row_below_top(timeline, 3)); /* the rows drawn are those */
    before = after;
    spin_wheel(f->window, GTK_WIDGET(timeline), "4");
    after = top_row(timeline);
    g_test_message("wheel up: top row %.0f → %.0f of %u", before, after, n);
    g_assert_cmpfloat(after, <, before - 10);
    g_assert_cmpfloat(after, >, before - 30 * 10);
    g_assert_true(draws_row_below_top(timeline, 3));
}

/* ---- /inspector/input/event-tab ------------------------------------------------------- */

/* The tab of @notebook's page that holds @page (a tab's label). */
static GtkWidget *tab_of(GtkNotebook *notebook, GtkWidget *page)
{
    while (gtk_widget_get_parent(page) != NULL && gtk_notebook_page_num(notebook, page) < 0)
        page = gtk_widget_get_parent(page);
    return gtk_notebook_get_tab_label(notebook, page);
}

static gboolean widget_mapped(gpointer widget)
{
    return gtk_widget_get_mapped(widget);
}

/* Click the middle of @widget, really. */
static void click_middle(GtkWidget *window, GtkWidget *widget)
{
    itest_click_at(window, widget, gtk_widget_get_width(widget) / 2.0,
                   gtk_widget_get_height(widget) / 2.0);
}

/* Where, in @label, the character at byte @index of its text is drawn. */
static void label_char_middle(GtkLabel *label, int index, double *x, double *y)
{
    PangoLayout *layout = gtk_label_get_layout(label);
    PangoRectangle pos;
    int ox, oy;

    gtk_label_get_layout_offsets(label, &ox, &oy);
    pango_layout_index_to_pos(layout, index, &pos);
    *x = ox + (pos.x + pos.width / 2.0) / PANGO_SCALE;
    *y = oy + (pos.y + pos.height / 2.0) / PANGO_SCALE;
}

/* An event with a cause: from the Entities tab a click on the Event tab,
 * then one on the "Caused by" link, shows the cause; the first click
 * selects none of the detail's text. */
static void test_event_tab(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkNotebook *notebook = GTK_NOTEBOOK(named(f->window, GTK_TYPE_NOTEBOOK, NULL));
    GtkLabel *detail = GTK_LABEL(named(f->window, GTK_TYPE_LABEL, "detail"));
    gint64 seq = history_length(history) / 2;
    EventWait at = {window, 0};
    const char *text, *link;
    int start, end;
    double x, y;

    while (history_entry(history, seq)->cause == 0)
        seq++;
    at.seq = history_entry(history, seq)->cause;
    cav_inspector_window_show_event(window, seq);
    cav_detail_pane_set_page(detail_pane(window), "entities");
    itest_wait_painted(f->window);
    click_middle(f->window, tab_of(notebook, named(f->window, CAV_TYPE_EVENT_DETAIL, NULL)));
    g_assert_true(itest_wait_until(widget_mapped, detail));
    itest_wait_painted(f->window);
    g_assert_false(gtk_label_get_selection_bounds(detail, &start, &end));
    text = gtk_label_get_text(detail);
    link = strstr(text, "Caused by #");
    g_assert_nonnull(link);
    label_char_middle(detail, (int) (link - text) + (int) strlen("Caused by #") + 1, &x, &y);
    itest_click_at(f->window, GTK_WIDGET(detail), x, y);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
}

/* ---- /inspector/input/search-focus, /inspector/input/bookmark-closes -------------------- */

/* The button of @switcher's page titled @title. */
static GtkWidget *switcher_button(GtkWidget *root, const char *title)
{
    GtkWidget *switcher = named(root, GTK_TYPE_STACK_SWITCHER, NULL);

    for (GtkWidget *b = gtk_widget_get_first_child(switcher); b != NULL;
         b = gtk_widget_get_next_sibling(b)) {
        GtkWidget *label = gtk_button_get_child(GTK_BUTTON(b));
        if (GTK_IS_LABEL(label) && g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), title) == 0)
            return b;
    }
    g_error("no page “%s” in the switcher", title);
}

/* Whether none of the window's toggles (play, follow, truth) is on and no
 * bookmark was made: no one-key shortcut has fired. */
static void assert_no_shortcut_fired(CavInspectorWindow *window)
{
    static const char *const toggles[] = {"play", "follow", "truth"};

    for (guint i = 0; i < G_N_ELEMENTS(toggles); i++) {
        g_autoptr(GVariant) state =
            g_action_group_get_action_state(G_ACTION_GROUP(window), toggles[i]);
        g_assert_false(g_variant_get_boolean(state));
    }
    g_assert_cmpuint(cav_bookmarks_get_bookmarks(window)->len, ==, 0);
}

static gboolean search_shown(gpointer analysis)
{
    return mapped(analysis, GTK_TYPE_SEARCH_ENTRY) != NULL;
}

/* A click on Analysis › Search puts the focus in its field: a query typed
 * straight away ("kind=goblin": a "b", an "f", a "t") is the field's,
 * never the window's shortcuts. */
static void test_search_focus(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    CavAnalysisView *analysis = CAV_ANALYSIS_VIEW(named(f->window, CAV_TYPE_ANALYSIS_VIEW, NULL));
    TextWait typed = {NULL, "kind=goblin ft"};
    gint64 seq = cav_inspector_window_get_event(window);
    GtkWidget *search;

    cav_detail_pane_set_page(detail_pane(window), "analysis");
    itest_wait_painted(f->window);
    click_middle(f->window, switcher_button(GTK_WIDGET(analysis), "Search"));
    g_assert_true(itest_wait_until(search_shown, analysis));
    search = mapped(GTK_WIDGET(analysis), GTK_TYPE_SEARCH_ENTRY);

    typed.field = GTK_EDITABLE(search);
    itest_type(f->window, typed.text);
    if (!itest_wait_until(holds_text, &typed))
        g_error("typed “%s” after the click, the field holds “%s”", typed.text,
                gtk_editable_get_text(typed.field));
    g_assert_false(popover_open(named(f->window, GTK_TYPE_MENU_BUTTON, "bookmarks")));
    assert_no_shortcut_fired(window);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

static gboolean popover_closed(gpointer button)
{
    return !popover_open(button);
}

static gboolean truth_on(gpointer window)
{
    g_autoptr(GVariant) state = g_action_group_get_action_state(window, "truth");

    return g_variant_get_boolean(state);
}

/* B, a note, Return: the event is bookmarked, the popover closes, and the
 * keys pressed next are the window's (T turns the truth on) and none is
 * typed into the note. */
static void test_bookmark_closes(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    GtkWidget *button = named(f->window, GTK_TYPE_MENU_BUTTON, "bookmarks");
    GtkWidget *note = named(GTK_WIDGET(gtk_menu_button_get_popover(GTK_MENU_BUTTON(button))),
                            GTK_TYPE_ENTRY, "bookmark-note");
    static const char *const b[] = {"b", NULL}, *const enter[] = {"Return", NULL},
                             *const t[] = {"t", NULL};
    TextWait in_note = {GTK_EDITABLE(note), "gone wrong"};

    itest_wait_painted(f->window);
    itest_press_keys(f->window, b);
    g_assert_true(itest_wait_until(popover_open, button));
    g_assert_true(itest_wait_until(focus_in_field, &in_note));
    itest_type(f->window, in_note.text);
    g_assert_true(itest_wait_until(holds_text, &in_note));
    itest_press_keys(f->window, enter);
    g_assert_true(itest_wait_until(popover_closed, button));
    g_assert_cmpuint(cav_bookmarks_get_bookmarks(window)->len, ==, 1);
    itest_press_keys(f->window, t);
    g_assert_true(itest_wait_until(truth_on, window));
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(note)), ==, "");
}

/* ---- /inspector/input/back-forward ---------------------------------------------------- */

static gboolean action_enabled(CavInspectorWindow *window, const char *name)
{
    return g_action_group_get_action_enabled(G_ACTION_GROUP(window), name);
}

/* Two links followed (the Event page's "Caused by"), then Alt+← twice
 * back to where it began, Alt+→ forward again, and the header's Back
 * button, clicked, back once more. */
static void test_back_forward(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkLabel *detail = GTK_LABEL(named(f->window, GTK_TYPE_LABEL, "detail"));
    GtkWidget *back = named(f->window, GTK_TYPE_BUTTON, "back");
    gint64 start = history_length(history) / 2, seq[3];
    static const char *const alt_left[] = {"alt+Left", NULL}, *const alt_right[] = {"alt+Right",
                                                                                    NULL};
    EventWait at = {window, 0};

    while (history_entry(history, start)->cause == 0 ||
           history_entry(history, history_entry(history, start)->cause)->cause == 0)
        start++;
    seq[0] = start;
    seq[1] = history_entry(history, seq[0])->cause;
    seq[2] = history_entry(history, seq[1])->cause;
    g_assert_false(action_enabled(window, "back")); /* nothing visited yet */
    cav_detail_pane_set_page(detail_pane(window), "event");
    cav_inspector_window_show_event(window, seq[0]);
    for (guint i = 1; i <= 2; i++) {
        const char *text, *link;
        double x, y;
        settle(f->window, 600); /* two clicks, not a double click */
        text = gtk_label_get_text(detail);
        link = strstr(text, "Caused by #");
        label_char_middle(detail, (int) (link - text) + (int) strlen("Caused by #") + 1, &x, &y);
        itest_click_at(f->window, GTK_WIDGET(detail), x, y);
        at.seq = seq[i];
        g_assert_true(itest_wait_until(itest_shows_event, &at));
    }
    g_assert_true(action_enabled(window, "back"));
    g_assert_false(action_enabled(window, "forward"));
    at.seq = seq[1];
    itest_press_keys(f->window, alt_left);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
    at.seq = seq[0];
    itest_press_keys(f->window, alt_left);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
    at.seq = seq[1];
    itest_press_keys(f->window, alt_right);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
    at.seq = seq[0];
    click_middle(f->window, back);
    g_assert_true(itest_wait_until(itest_shows_event, &at));
    g_assert_true(action_enabled(window, "forward"));
}

/* ---- /inspector/input/tab-cycle, /inspector/input/control-keys ------------------------- */

/* The controls Tab must reach, by their names, in the order they are
 * seen (left column top to bottom, then the timeline, then the pages). */
static const char *const tab_controls[] = {"depth", "map",      "play",      "scrubber", "markers",
                                           "speed", "timeline", "bookmarks", "back"};

/* The index in tab_controls of the control holding @focus, or -1. */
static int control_of(GtkWidget *focus)
{
    for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent(w))
        for (guint i = 0; i < G_N_ELEMENTS(tab_controls); i++)
            if (g_strcmp0(gtk_widget_get_name(w), tab_controls[i]) == 0)
                return (int) i;
    return -1;
}

/* A window and the focus before a key, for focus_moved(). */
typedef struct {
    GtkWidget *window, *before;
} MoveWait;

static gboolean focus_moved(gpointer data)
{
    MoveWait *w = data;

    return gtk_root_get_focus(GTK_ROOT(w->window)) != w->before;
}

static gboolean focus_moved_soon(MoveWait *moved)
{
    for (gint64 until = g_get_monotonic_time() + G_USEC_PER_SEC; g_get_monotonic_time() < until;) {
        g_main_context_iteration(NULL, FALSE);
        if (focus_moved(moved))
            return TRUE;
    }
    return FALSE;
}

/* Press @key until the focus moves (a text's links take a press each
 * before Tab leaves it), at most 30 times; the focus then. */
static GtkWidget *press_moving(GtkWidget *window, const char *key)
{
    const char *const keys[] = {key, NULL};
    MoveWait moved = {window, gtk_root_get_focus(GTK_ROOT(window))};

    for (guint i = 0; i < 30; i++) {
        itest_press_keys(window, keys);
        if (focus_moved_soon(&moved))
            return gtk_root_get_focus(GTK_ROOT(window));
    }
    g_error("%s did not move the focus from %s", key,
            moved.before ? G_OBJECT_TYPE_NAME(moved.before) : "nothing");
}

/* Tab from the search field, one press at a time, all the way round the
 * window back to it: every control is reached (the timeline left again by
 * Tab), the left column's in the order seen, before the timeline; the
 * event shown never changes. Shift+Tab from the timeline goes back to the
 * speed menu, and Escape leaves it forward. */
static void test_tab_cycle(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *search = named(f->window, GTK_TYPE_SEARCH_ENTRY, NULL);
    gint64 seq = history_length(history) / 2;
    int first_seen[G_N_ELEMENTS(tab_controls)];
    TextWait in_search = {GTK_EDITABLE(search), ""};
    GtkWidget *focus;
    int presses = 0;

    for (guint i = 0; i < G_N_ELEMENTS(tab_controls); i++)
        first_seen[i] = -1;
    cav_inspector_window_show_event(window, seq); /* a jump: Back can be pressed */
    itest_wait_painted(f->window);
    click_middle(f->window, search);
    g_assert_true(itest_wait_until(focus_in_field, &in_search));
    do {
        int control;
        focus = press_moving(f->window, "Tab");
        control = control_of(focus);
        g_test_message("Tab %d: %s (%s)", presses, G_OBJECT_TYPE_NAME(focus),
                       control >= 0 ? tab_controls[control] : "-");
        if (control >= 0 && first_seen[control] < 0)
            first_seen[control] = presses;
        g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
        g_assert_cmpint(++presses, <, 80);
    } while (!focus_in_field(&in_search));
    for (guint i = 0; i < G_N_ELEMENTS(tab_controls); i++)
        if (first_seen[i] < 0)
            g_error("Tab never reached the %s", tab_controls[i]);
    for (guint i = 0; i + 1 < 7; i++) /* depth … timeline */
        g_assert_cmpint(first_seen[i], <, first_seen[i + 1]);
    /* Into the timeline from the speed menu, back out with Shift+Tab. */
    gtk_widget_grab_focus(named(f->window, GTK_TYPE_DROP_DOWN, "speed"));
    focus = press_moving(f->window, "Tab");
    g_assert_cmpstr(tab_controls[control_of(focus)], ==, "timeline");
    focus = press_moving(f->window, "shift+Tab");
    g_assert_cmpstr(tab_controls[MAX(control_of(focus), 0)], ==, "speed");
    focus = press_moving(f->window, "Tab");
    g_assert_cmpstr(tab_controls[control_of(focus)], ==, "timeline");
    focus = press_moving(f->window, "Escape");
    g_assert_cmpint(control_of(focus), !=, 6); /* out of the timeline */
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

static guint dropdown_selected(GtkWidget *window, const char *name)
{
    return gtk_drop_down_get_selected(GTK_DROP_DOWN(named(window, GTK_TYPE_DROP_DOWN, name)));
}

/* A dropdown and the item it should have, for dropdown_at(). */
typedef struct {
    GtkWidget *window;
    const char *name;
    guint item;
} DropWait;

static gboolean dropdown_at(gpointer data)
{
    DropWait *w = data;

    return dropdown_selected(w->window, w->name) == w->item;
}

static gboolean marker_kind_hidden(gpointer window)
{
    g_autoptr(GVariant) state = g_action_group_get_action_state(window, "marker-death");

    return !g_variant_get_boolean(state);
}

/* Keys for the depth (3, then 0: the player's), the speed (+, -) and the
 * scrubber's marker kinds (Ctrl+1: deaths), pressed with the focus in the
 * timeline; the truth shown, so that every depth is listed. */
static void test_control_keys(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    guint speed = dropdown_selected(f->window, "speed");
    DropWait depth3 = {f->window, "depth", 3}, depth0 = {f->window, "depth", 0};
    DropWait faster = {f->window, "speed", speed + 1}, slower = {f->window, "speed", speed};
    static const char *const three[] = {"3", NULL}, *const zero[] = {"0", NULL},
                             *const plus[] = {"plus", NULL}, *const minus[] = {"minus", NULL},
                             *const ctrl1[] = {"ctrl+1", NULL};

    g_assert_cmpuint(speed, <, 4);
    /* With the truth shown the menu lists every depth, so depth 3 is its row 3
     * (the player's view lists only the depths the player has stood on). */
    g_action_group_change_action_state(G_ACTION_GROUP(window), "truth",
                                       g_variant_new_boolean(TRUE));
    gtk_widget_grab_focus(named(f->window, GTK_TYPE_DROP_DOWN, "speed"));
    press_moving(f->window, "Tab"); /* into the timeline */
    itest_press_keys(f->window, three);
    g_assert_true(itest_wait_until(dropdown_at, &depth3));
    itest_press_keys(f->window, zero);
    g_assert_true(itest_wait_until(dropdown_at, &depth0));
    itest_press_keys(f->window, plus);
    g_assert_true(itest_wait_until(dropdown_at, &faster));
    itest_press_keys(f->window, minus);
    g_assert_true(itest_wait_until(dropdown_at, &slower));
    itest_press_keys(f->window, ctrl1);
    g_assert_true(itest_wait_until(marker_kind_hidden, window));
}

/* ---- /inspector/input/map-keys -------------------------------------------------------- */

/* A map and the cell its cursor should be on, for cursor_at(). */
typedef struct {
    CavMapView *map;
    int x, y;
} CursorWait;

static gboolean cursor_at(gpointer data)
{
    CursorWait *w = data;
    int x = -1, y = -1;

    return cav_map_view_get_selected(w->map, &x, &y) && x == w->x && y == w->y;
}

/* Tab from the depth menu onto the map; its arrows move a cursor (from
 * the player) instead of the event shown, and Return on the player picks
 * the player under Entities, as a click would. */
static void test_map_keys(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMapView *map = CAV_MAP_VIEW(named(f->window, CAV_TYPE_MAP_VIEW, NULL));
    gint64 seq = cav_inspector_window_get_event(window);
    const CavCreature *player = state_player(history_state(history));
    CursorWait start = {map, player->x, player->y}, right = {map, player->x + 2, player->y};
    EntityWait picked = {window, CAV_REF_CREATURE, player->id};
    static const char *const rights[] = {"Right", "Right", "Right", NULL},
                             *const lefts[] = {"Left", "Left", NULL},
                             *const enter[] = {"Return", NULL};
    GtkWidget *focus;

    g_assert_true(player->alive && player->x + 2 < CAV_WIDTH);
    cav_detail_pane_set_page(detail_pane(window), "event");
    gtk_widget_grab_focus(named(f->window, GTK_TYPE_DROP_DOWN, "depth"));
    focus = press_moving(f->window, "Tab");
    g_assert_true(focus == GTK_WIDGET(map));
    itest_press_keys(f->window, rights);
    g_assert_true(itest_wait_until(cursor_at, &right));
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
    itest_press_keys(f->window, lefts);
    g_assert_true(itest_wait_until(cursor_at, &start));
    itest_press_keys(f->window, enter);
    g_assert_true(itest_wait_until(entity_selected, &picked));
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

/* ---- /inspector/input/chart-export, /inspector/input/quit-saves ------------------------- */

/* Export… says where the chart went, or why it could not go there, in
 * words (not "no error has occurred"). */
static void test_chart_export(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    CavAnalysisView *analysis = CAV_ANALYSIS_VIEW(named(f->window, CAV_TYPE_ANALYSIS_VIEW, NULL));
    GtkLabel *label = GTK_LABEL(named(GTK_WIDGET(analysis), GTK_TYPE_LABEL, "chart-label"));
    g_autofree char *good = tmp_path(&f->tmp, "chart.png");
    g_autofree char *bad = tmp_path(&f->tmp, "no-such-folder/chart.svg");
    g_autofree char *saved = g_strdup_printf("The chart is saved in %s.", good);

    cav_detail_pane_set_page(detail_pane(window), "analysis");
    cav_analysis_view_show_page(analysis, "time");
    itest_wait_painted(f->window);
    cav_analysis_view_export_chart(analysis, good);
    g_assert_cmpstr(gtk_label_get_text(label), ==, saved);
    g_assert_true(g_file_test(good, G_FILE_TEST_IS_REGULAR));
    cav_analysis_view_export_chart(analysis, bad);
    g_test_message("%s", gtk_label_get_text(label));
    g_assert_true(g_str_has_prefix(gtk_label_get_text(label), "The chart was not saved."));
    g_assert_nonnull(strstr(gtk_label_get_text(label), "No such file or directory"));
    g_assert_null(strstr(gtk_label_get_text(label), "no error"));
}

static gboolean window_gone(gpointer data)
{
    return *(GtkWidget **) data == NULL;
}

/* Ctrl+Q, pressed (not the window's close button), remembers the window's
 * size as closing it does. */
static void test_quit_saves(Fixture *f, gconstpointer data)
{
    g_autoptr(CavInspectorApp) app = cav_inspector_app_new();
    g_autoptr(GSettings) settings = cav_settings_new();
    g_autoptr(GError) error = NULL;
    static const char *const quit[] = {"ctrl+q", NULL};
    CavInspectorWindow *window;

    g_assert_nonnull(settings);
    g_settings_set_int(settings, "window-width", 1280);
    g_application_set_flags(G_APPLICATION(app), G_APPLICATION_NON_UNIQUE);
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, &error));
    window = open_app_window(f, GTK_APPLICATION(app), 1200);
    g_object_add_weak_pointer(G_OBJECT(window), (gpointer *) &f->window);
    itest_press_keys(f->window, quit);
    g_assert_true(itest_wait_until(window_gone, &f->window));
    g_assert_cmpint(g_settings_get_int(settings, "window-width"), ==, 1200);
}

/* ---- /inspector/input/roomy ------------------------------------------------------------ */

/* The label below @root showing @text, or NULL. */
static GtkWidget *label_showing(GtkWidget *root, const char *text)
{
    if (GTK_IS_LABEL(root) && g_strcmp0(gtk_label_get_text(GTK_LABEL(root)), text) == 0)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = label_showing(child, text);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* The width of an average letter and the height of a line in @widget's font. */
static void letter_size(GtkWidget *widget, double *width, int *height)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
    g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout(widget, letters);
    int w;

    pango_layout_get_pixel_size(layout, &w, height);
    *width = w / (double) strlen(letters);
}

/* At 1366×768, as the window opens: the timeline's Summary column shows 40
 * letters or more, and the Why page and an entity's card 10 lines or more
 * (they showed about 25 letters, 4 and 6 lines). */
static void test_roomy(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavAnalysisView *analysis = CAV_ANALYSIS_VIEW(named(f->window, CAV_TYPE_ANALYSIS_VIEW, NULL));
    GtkWidget *timeline = named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline");
    GtkWidget *summary = label_showing(timeline, "Summary");
    GtkWidget *card = named(f->window, GTK_TYPE_LABEL, "entity-detail");
    GtkWidget *card_box = gtk_widget_get_ancestor(card, GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *why = cav_analysis_view_get_why(analysis);
    double letter;
    int line;

    g_assert_cmpint(gtk_widget_get_width(f->window), <=, 1366);
    g_assert_nonnull(summary);
    letter_size(timeline, &letter, &line);
    itest_save_shot(f->window, "roomy.png");
    g_test_message("Summary %d px (%.0f letters)",
                   gtk_widget_get_width(gtk_widget_get_parent(summary)),
                   gtk_widget_get_width(gtk_widget_get_parent(summary)) / letter);
    g_assert_cmpfloat(gtk_widget_get_width(gtk_widget_get_parent(summary)), >=, 40 * letter);
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE,
                                       state_player(history_state(history))->id);
    itest_wait_painted(f->window);
    g_test_message("card %d px (%d lines)", gtk_widget_get_height(card_box),
                   gtk_widget_get_height(card_box) / line);
    g_assert_cmpint(gtk_widget_get_height(card_box), >=, 10 * line);
    cav_detail_pane_set_page(detail_pane(window), "analysis");
    cav_analysis_view_show_page(analysis, "why");
    itest_wait_painted(f->window);
    g_test_message("why %d px (%d lines)", gtk_widget_get_height(why),
                   gtk_widget_get_height(why) / line);
    g_assert_cmpint(gtk_widget_get_height(why), >=, 10 * line);
}

/* ---- /inspector/input/maximized --------------------------------------------------------- */

/* Whether @data's window is maximized, or fills the screen's width where
 * no window manager can maximize it. */
static gboolean fills_screen(gpointer data)
{
    GtkWidget *window = data;
    GdkDisplay *display = gtk_widget_get_display(window);
    g_autoptr(GdkMonitor) monitor = g_list_model_get_item(gdk_display_get_monitors(display), 0);
    GdkRectangle area;

    gdk_monitor_get_geometry(monitor, &area);
    return gtk_widget_get_mapped(window) && (gtk_window_is_maximized(GTK_WINDOW(window)) ||
                                             gtk_widget_get_width(window) >= area.width - 20);
}

/* A window closed maximized opens maximized again (with a window manager;
 * without one, as large as the screen). */
static void test_maximized(Fixture *f, gconstpointer data)
{
    g_autoptr(GSettings) settings = cav_settings_new();
    CavInspectorWindow *window;

    g_assert_nonnull(settings);
    g_settings_set_boolean(settings, "window-maximized", TRUE);
    window = cav_inspector_window_new(NULL);
    f->window = GTK_WIDGET(window);
    gtk_window_present(GTK_WINDOW(window));
    g_settings_set_boolean(settings, "window-maximized", FALSE); /* for the tests after */
    if (!itest_wait_until(fills_screen, window))
        g_error("the window opened %d px wide, not maximized", gtk_widget_get_width(f->window));
}

/* ---- /inspector/input/fork-turn-0 ----------------------------------------------------- */

static gboolean has_notice(gpointer window)
{
    return cav_bookmarks_get_notice(window) != NULL;
}

/* Play from Here, clicked on the first turn: the notice speaks of one turn
 * ("Turn 0 … is saved"), never "Turns 0 to 0". */
static void test_fork_turn_0(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    const char *notice;

    g_assert_cmpint(history_entry(history, 1)->turn, ==, 0);
    cav_inspector_window_show_event(window, 1);
    itest_wait_painted(f->window);
    click_middle(f->window, named(f->window, GTK_TYPE_BUTTON, "fork"));
    g_assert_true(itest_wait_until(has_notice, window));
    notice = cav_bookmarks_get_notice(window);
    g_test_message("%s", notice);
    g_assert_true(g_str_has_prefix(notice, "Turn 0 of this game is saved as a new game in "));
    g_assert_null(strstr(notice, "Turns 0 to 0"));
}

int main(int argc, char **argv)
{
    ItestEnv env;

    itest_init(&argc, &argv, &env);
#define ADD_WITH(path, data, func)                                                                 \
    g_test_add(path, Fixture, data, fixture_setup, func, itest_game_teardown)
#define ADD(path, func) ADD_WITH(path, NULL, func)
    ADD("/inspector/input/entity-click", test_entity_click);
    ADD("/inspector/input/map-pick", test_map_pick);
    ADD_WITH("/inspector/input/entity-card/1366x768", GINT_TO_POINTER(1366), test_entity_card);
    ADD_WITH("/inspector/input/entity-card/1280x720", GINT_TO_POINTER(1280), test_entity_card);
    ADD("/inspector/input/analysis-fits", test_analysis_fits);
    ADD("/inspector/input/filtered-click", test_filtered_click);
    g_test_add("/inspector/input/won-actor", Fixture, NULL, won_setup, test_won_actor,
               itest_game_teardown);
    ADD("/inspector/input/no-match", test_no_match);
    ADD("/inspector/input/typing", test_typing);
    ADD("/inspector/input/tab-to-timeline", test_tab_to_timeline);
    ADD("/inspector/input/damaged-over-game", test_damaged_over_game);
    ADD("/inspector/input/empty-window", test_empty_window);
    ADD("/inspector/input/tooltips", test_tooltips);
    ADD("/inspector/input/wheel", test_wheel);
    ADD("/inspector/input/event-tab", test_event_tab);
    ADD("/inspector/input/search-focus", test_search_focus);
    ADD("/inspector/input/bookmark-closes", test_bookmark_closes);
    ADD("/inspector/input/back-forward", test_back_forward);
    ADD("/inspector/input/tab-cycle", test_tab_cycle);
    ADD("/inspector/input/control-keys", test_control_keys);
    ADD("/inspector/input/map-keys", test_map_keys);
    ADD("/inspector/input/chart-export", test_chart_export);
    ADD("/inspector/input/quit-saves", test_quit_saves);
    ADD("/inspector/input/roomy", test_roomy);
    ADD("/inspector/input/maximized", test_maximized);
    ADD("/inspector/input/fork-turn-0", test_fork_turn_0);
#undef ADD
#undef ADD_WITH
    return itest_run(&env);
}
