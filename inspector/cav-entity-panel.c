/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-entity-panel.c — the Entities page: a column view of the living
 * creatures and the items at the history's event, the selected one's
 * description (cav_describe_entity) and its events, filtered from the
 * timeline only while the page is in view. */
#include "cav-entity-panel.h"

#include "cav-columns.h"
#include "cav-describe.h"
#include "cav-entity-row.h"
#include "cav-event-row.h"
#include "cav-list-scroll.h"
#include "cav-timeline-filter.h"

struct _CavEntityPanel {
    GtkWidget parent_instance;

    /* Template children. */
    GtkWidget *paned;
    GtkColumnView *entities_view;
    GtkLabel *entity_detail;
    GtkListView *entity_history_view;

    CavTimeline *timeline; /* a reference, or NULL */
    GListStore *entities;  /* CavEntityRow at the event shown */
    GtkSingleSelection *entity_selection;
    CavTimelineFilter *entity_filter;   /* the selected entity's events */
    GtkSingleSelection *entity_history; /* over a filter model of the timeline */
    CavRefKind entity_kind;
    gint32 entity_id;
    gboolean active, truth, syncing;
    CavListScroll scroll; /* the selected row, brought into view once laid out */
};

G_DEFINE_FINAL_TYPE(CavEntityPanel, cav_entity_panel, GTK_TYPE_WIDGET)

enum { SIGNAL_SELECTED, SIGNAL_SEEK, SIGNAL_ACTIVATE_LINK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- the list and the description ------------------------------------------ */

static CavEntityRow *creature_row(CavEntityPanel *self, const CavCreature *c)
{
    History *history = cav_timeline_get_history(self->timeline);
    g_autoptr(GString) name = g_string_new(NULL), place = g_string_new(NULL);
    g_autofree char *condition = g_strdup_printf("hp %d/%d · level %d", c->hp, c->max_hp, c->level);

    history_append_name(history, CAV_REF_CREATURE, c->id, name);
    cav_describe_place(history, c->z, c->x, c->y, 0, place);
    return cav_entity_row_new(CAV_REF_CREATURE, c->id, name->str, place->str, condition);
}

static CavEntityRow *item_row(CavEntityPanel *self, const CavState *state, const CavItem *item)
{
    History *history = cav_timeline_get_history(self->timeline);
    g_autoptr(GString) name = g_string_new(NULL), place = g_string_new(NULL);
    g_autofree char *condition =
        g_strdup_printf("×%d%s", item->count, state_item_rotten(state, item) ? " · rotten" : "");

    cav_describe_name(history, self->truth, CAV_REF_ITEM, item->id, name);
    cav_describe_place(history, item->z, item->x, item->y, item->holder, place);
    return cav_entity_row_new(CAV_REF_ITEM, item->id, name->str, place->str, condition);
}

static void update_entities(CavEntityPanel *self)
{
    const CavState *state = history_state(cav_timeline_get_history(self->timeline));
    g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(g_object_unref);
    guint selected = GTK_INVALID_LIST_POSITION;

    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);

        if (c == NULL || !c->alive)
            continue;
        if (self->entity_kind == CAV_REF_CREATURE && self->entity_id == id)
            selected = rows->len;
        g_ptr_array_add(rows, creature_row(self, c));
    }
    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);

        if (item == NULL || item->count <= 0)
            continue;
        if (self->entity_kind == CAV_REF_ITEM && self->entity_id == id)
            selected = rows->len;
        g_ptr_array_add(rows, item_row(self, state, item));
    }
    self->syncing = TRUE;
    g_list_store_splice(self->entities, 0, g_list_model_get_n_items(G_LIST_MODEL(self->entities)),
                        rows->pdata, rows->len);
    gtk_single_selection_set_selected(self->entity_selection, selected);
    self->syncing = FALSE;
    cav_list_scroll_rows_changed(&self->scroll);
    if (self->scroll.tick != 0) /* still to bring into view: where its row is now */
        cav_list_scroll_to(&self->scroll, selected);
}

static void describe_entity(CavEntityPanel *self)
{
    g_autoptr(GString) out = g_string_new(NULL);

    cav_describe_entity(self->timeline, self->truth, self->entity_kind, self->entity_id, out);
    gtk_label_set_markup(self->entity_detail, out->str);
}

/* The entity's history is filtered only while the panel is in view: on a
 * long game the filter is a pass over every event, which the window need
 * not make while it opens. */
static void sync_entity_history(CavEntityPanel *self)
{
    GtkFilterListModel *events;

    if (self->entity_history == NULL)
        return;
    events = GTK_FILTER_LIST_MODEL(gtk_single_selection_get_model(self->entity_history));
    if (self->active && gtk_filter_list_model_get_filter(events) == NULL)
        gtk_filter_list_model_set_filter(events, GTK_FILTER(self->entity_filter));
    else if (!self->active && gtk_filter_list_model_get_filter(events) != NULL)
        gtk_filter_list_model_set_filter(events, NULL);
}

void cav_entity_panel_refresh(CavEntityPanel *self)
{
    g_return_if_fail(CAV_IS_ENTITY_PANEL(self));
    if (!self->active || self->timeline == NULL)
        return;
    update_entities(self);
    describe_entity(self);
}

/* ---- selecting ------------------------------------------------------------ */

/* The list's row of the selected entity, or GTK_INVALID_LIST_POSITION. */
static guint selected_position(CavEntityPanel *self)
{
    GListModel *model = G_LIST_MODEL(self->entities);

    for (guint i = 0; i < g_list_model_get_n_items(model); i++) {
        g_autoptr(CavEntityRow) row = g_list_model_get_item(model, i);
        if (cav_entity_row_get_kind(row) == self->entity_kind &&
            cav_entity_row_get_id(row) == self->entity_id)
            return i;
    }
    return GTK_INVALID_LIST_POSITION;
}

/* Select the selected entity's row, if it is not already. Only a change is
 * made: a click runs this inside the selection's own "notify::selected",
 * and GObject's notify does not recurse: a change made inside it restarts
 * that emission once the handler returns, with `syncing` cleared, which
 * would select again, for ever. */
static void sync_list_selection(CavEntityPanel *self, guint position)
{
    if (gtk_single_selection_get_selected(self->entity_selection) == position)
        return;
    self->syncing = TRUE;
    gtk_single_selection_set_selected(self->entity_selection, position);
    self->syncing = FALSE;
}

void cav_entity_panel_select(CavEntityPanel *self, CavRefKind kind, gint32 id)
{
    g_return_if_fail(CAV_IS_ENTITY_PANEL(self));
    self->entity_kind = kind;
    self->entity_id = id;
    if (self->entity_filter != NULL)
        cav_timeline_filter_set_entity(self->entity_filter, kind, id);
    gtk_widget_set_sensitive(GTK_WIDGET(self->entity_history_view), kind != CAV_REF_NONE);
    sync_list_selection(self, selected_position(self));
    cav_list_scroll_to(&self->scroll, gtk_single_selection_get_selected(self->entity_selection));
    if (self->timeline != NULL)
        describe_entity(self);
    g_signal_emit(self, signals[SIGNAL_SELECTED], 0, (int) kind, (int) id);
}

CavRefKind cav_entity_panel_get_selected(CavEntityPanel *self, gint32 *id)
{
    g_return_val_if_fail(CAV_IS_ENTITY_PANEL(self), CAV_REF_NONE);
    if (id != NULL)
        *id = self->entity_id;
    return self->entity_kind;
}

static void on_entity_selected(GtkSingleSelection *selection, GParamSpec *pspec, gpointer user_data)
{
    CavEntityPanel *self = user_data;
    CavEntityRow *row;

    if (self->syncing)
        return;
    row = gtk_single_selection_get_selected_item(selection);
    if (row != NULL)
        cav_entity_panel_select(self, cav_entity_row_get_kind(row), cav_entity_row_get_id(row));
}

static void on_history_activate(GtkListView *view, guint position, gpointer user_data)
{
    CavEntityPanel *self = user_data;
    g_autoptr(CavEventRow) row =
        g_list_model_get_item(G_LIST_MODEL(self->entity_history), position);

    if (row != NULL)
        g_signal_emit(self, signals[SIGNAL_SEEK], 0, cav_event_row_get_seq(row));
}

static gboolean on_activate_link(GtkLabel *label, const char *uri, gpointer user_data)
{
    gboolean handled = FALSE;

    g_signal_emit(user_data, signals[SIGNAL_ACTIVATE_LINK], 0, uri, &handled);
    return handled;
}

/* ---- the game ------------------------------------------------------------- */

void cav_entity_panel_set_timeline(CavEntityPanel *self, CavTimeline *timeline)
{
    GtkFilterListModel *events;

    g_return_if_fail(CAV_IS_ENTITY_PANEL(self));
    gtk_list_view_set_model(self->entity_history_view, NULL);
    g_clear_object(&self->entity_history);
    g_clear_object(&self->entity_filter);
    g_set_object(&self->timeline, timeline);
    self->entity_kind = CAV_REF_NONE;
    self->entity_id = 0;
    if (timeline == NULL)
        return;
    self->entity_filter = cav_timeline_filter_new(timeline);
    /* No entity selected yet: an id no file can hold, so the list is empty. */
    cav_timeline_filter_set_entity(self->entity_filter, CAV_REF_CREATURE, G_MAXINT32);
    /* The filter is set while the panel is in view (sync_entity_history). */
    events = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(timeline)), NULL);
    gtk_filter_list_model_set_incremental(events, TRUE);
    self->entity_history = gtk_single_selection_new(G_LIST_MODEL(events));
    gtk_single_selection_set_autoselect(self->entity_history, FALSE);
    gtk_list_view_set_model(self->entity_history_view, GTK_SELECTION_MODEL(self->entity_history));
    sync_entity_history(self);
}

void cav_entity_panel_set_active(CavEntityPanel *self, gboolean active)
{
    g_return_if_fail(CAV_IS_ENTITY_PANEL(self));
    if (self->active == active)
        return;
    self->active = active;
    sync_entity_history(self);
    cav_entity_panel_refresh(self);
}

void cav_entity_panel_set_truth(CavEntityPanel *self, gboolean truth)
{
    g_return_if_fail(CAV_IS_ENTITY_PANEL(self));
    self->truth = truth;
    cav_entity_panel_refresh(self);
}

/* ---- class ---------------------------------------------------------------- */

static void bind_history_row(GtkSignalListItemFactory *factory, GtkListItem *item,
                             gpointer user_data)
{
    CavEventRow *row = gtk_list_item_get_item(item);
    g_autofree char *text =
        g_strdup_printf("#%" G_GINT64_FORMAT " · turn %d · %s", cav_event_row_get_seq(row),
                        cav_event_row_get_turn(row), cav_event_row_get_summary(row));

    gtk_inscription_set_text(GTK_INSCRIPTION(gtk_list_item_get_child(item)), text);
}

static void setup_lists(CavEntityPanel *self)
{
    GtkListItemFactory *factory = cav_columns_text_factory(16, NULL);

    self->entities = g_list_store_new(CAV_TYPE_ENTITY_ROW);
    self->entity_selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(self->entities)));
    gtk_single_selection_set_autoselect(self->entity_selection, FALSE);
    gtk_single_selection_set_can_unselect(self->entity_selection, TRUE);
    g_signal_connect(self->entity_selection, "notify::selected", G_CALLBACK(on_entity_selected),
                     self);
    gtk_column_view_set_model(self->entities_view, GTK_SELECTION_MODEL(self->entity_selection));
    /* Wide enough for "fungus 12", "depth 2 (48,25)", "hp 100/100 · level 2". */
    cav_columns_add(self->entities_view, "Entity", "name", 10, FALSE);
    cav_columns_add(self->entities_view, "Where", "place", 15, FALSE);
    cav_columns_add(self->entities_view, "State", "condition", 18, TRUE);

    g_signal_connect(factory, "bind", G_CALLBACK(bind_history_row), NULL);
    gtk_list_view_set_factory(self->entity_history_view, factory);
    gtk_list_view_set_single_click_activate(self->entity_history_view, TRUE);
    g_signal_connect(self->entity_history_view, "activate", G_CALLBACK(on_history_activate), self);
    g_object_unref(factory);
}

static void cav_entity_panel_dispose(GObject *object)
{
    CavEntityPanel *self = CAV_ENTITY_PANEL(object);

    cav_list_scroll_clear(&self->scroll);
    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_ENTITY_PANEL);
    g_clear_object(&self->entity_history);
    g_clear_object(&self->entity_filter);
    g_clear_object(&self->entity_selection);
    g_clear_object(&self->entities);
    g_clear_object(&self->timeline);
    G_OBJECT_CLASS(cav_entity_panel_parent_class)->dispose(object);
}

static void cav_entity_panel_class_init(CavEntityPanelClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_entity_panel_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-entity-panel.ui");
    gtk_widget_class_bind_template_child(widget_class, CavEntityPanel, paned);
    gtk_widget_class_bind_template_child(widget_class, CavEntityPanel, entities_view);
    gtk_widget_class_bind_template_child(widget_class, CavEntityPanel, entity_detail);
    gtk_widget_class_bind_template_child(widget_class, CavEntityPanel, entity_history_view);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    signals[SIGNAL_SELECTED] =
        g_signal_new("selected", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
    signals[SIGNAL_ACTIVATE_LINK] = g_signal_new(
        "activate-link", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
        g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_STRING);
}

static void cav_entity_panel_init(CavEntityPanel *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    cav_list_scroll_init(&self->scroll, GTK_WIDGET(self->entities_view));
    cav_list_scroll_tame_wheel(GTK_WIDGET(self->entities_view));
    setup_lists(self);
    g_signal_connect(self->entity_detail, "activate-link", G_CALLBACK(on_activate_link), self);
}

GtkWidget *cav_entity_panel_new(void)
{
    return g_object_new(CAV_TYPE_ENTITY_PANEL, NULL);
}
