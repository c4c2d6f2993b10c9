/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-detail-pane.c — a notebook of CavEventDetail, CavEntityPanel and
 * CavAnalysisView, moved together; entity links are followed here, event
 * links handed on. */
#include "cav-detail-pane.h"

#include "cav-analysis-view.h"
#include "cav-entity-panel.h"
#include "cav-event-detail.h"

#include <string.h>

#define ENTITIES_PAGE 1

struct _CavDetailPane {
    GtkWidget parent_instance;

    /* Template children. */
    GtkNotebook *notebook;
    CavEventDetail *detail;
    CavEntityPanel *entity_panel;
    CavAnalysisView *analysis;

    CavTimeline *timeline; /* a reference, or NULL */
};

G_DEFINE_FINAL_TYPE(CavDetailPane, cav_detail_pane, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_PAGE, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_SEEK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The notebook's pages, by name (the window remembers the name). */
static const char *const page_names[] = {"event", "entities", "analysis"};

/* ---- the shown event ---------------------------------------------------------- */

void cav_detail_pane_set_timeline(CavDetailPane *self, CavTimeline *timeline)
{
    History *history = timeline != NULL ? cav_timeline_get_history(timeline) : NULL;

    g_return_if_fail(CAV_IS_DETAIL_PANE(self));
    g_set_object(&self->timeline, timeline);
    cav_event_detail_set_timeline(self->detail, timeline);
    cav_analysis_view_set_history(self->analysis, history);
    cav_entity_panel_set_timeline(self->entity_panel, timeline);
    if (history == NULL)
        return;
    cav_entity_panel_select(self->entity_panel, CAV_REF_CREATURE,
                            history_last_state(history)->player);
    cav_entity_panel_set_active(self->entity_panel,
                                gtk_notebook_get_current_page(self->notebook) == ENTITIES_PAGE);
}

GtkWidget *cav_detail_pane_get_analysis(CavDetailPane *self)
{
    g_return_val_if_fail(CAV_IS_DETAIL_PANE(self), NULL);
    return GTK_WIDGET(self->analysis);
}

void cav_detail_pane_show(CavDetailPane *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_DETAIL_PANE(self));
    cav_event_detail_show(self->detail, seq);
    cav_analysis_view_set_event(self->analysis, seq);
    cav_entity_panel_refresh(self->entity_panel);
}

void cav_detail_pane_set_truth(CavDetailPane *self, gboolean truth)
{
    g_return_if_fail(CAV_IS_DETAIL_PANE(self));
    /* Potions are named as the truth has them or as the player knows them. */
    cav_event_detail_set_truth(self->detail, truth);
    cav_entity_panel_set_truth(self->entity_panel, truth);
}

/* ---- entities ---------------------------------------------------------------- */

void cav_detail_pane_select_entity(CavDetailPane *self, CavRefKind kind, gint32 id)
{
    g_return_if_fail(CAV_IS_DETAIL_PANE(self));
    gtk_notebook_set_current_page(self->notebook, ENTITIES_PAGE);
    if (kind != CAV_REF_NONE)
        cav_entity_panel_select(self->entity_panel, kind, id);
}

void cav_detail_pane_select_at(CavDetailPane *self, int z, int x, int y)
{
    const CavState *state;
    const CavCreature *creature;
    const CavItem *item;

    g_return_if_fail(CAV_IS_DETAIL_PANE(self));
    if (self->timeline == NULL)
        return;
    state = history_state(cav_timeline_get_history(self->timeline));
    creature = state_creature_at(state, z, x, y);
    item = state_item_at(state, z, x, y);
    if (creature != NULL)
        cav_detail_pane_select_entity(self, CAV_REF_CREATURE, creature->id);
    else if (item != NULL)
        cav_detail_pane_select_entity(self, CAV_REF_ITEM, item->id);
    else
        cav_detail_pane_select_entity(self, CAV_REF_NONE, 0);
}

CavRefKind cav_detail_pane_get_selected(CavDetailPane *self, gint32 *id)
{
    g_return_val_if_fail(CAV_IS_DETAIL_PANE(self), CAV_REF_NONE);
    return cav_entity_panel_get_selected(self->entity_panel, id);
}

/* The Analysis page follows the creature selected. */
static void on_entity_selected(CavEntityPanel *panel, int kind, int id, gpointer user_data)
{
    CavDetailPane *self = user_data;

    if (kind == CAV_REF_CREATURE)
        cav_analysis_view_set_creature(self->analysis, id);
}

/* A link in the detail or an entity's description: "seq:N" is asked for,
 * "creature:ID" and "item:ID" selected on the Entities page. */
static gboolean on_activate_link(GtkWidget *source, const char *uri, gpointer user_data)
{
    CavDetailPane *self = user_data;
    gint64 value;

    if (self->timeline == NULL)
        return TRUE;
    if (g_str_has_prefix(uri, "seq:") &&
        g_ascii_string_to_signed(uri + 4, 10, 0, G_MAXINT64, &value, NULL))
        g_signal_emit(self, signals[SIGNAL_SEEK], 0, value);
    else if (g_str_has_prefix(uri, "creature:") &&
             g_ascii_string_to_signed(uri + 9, 10, 1, G_MAXINT32, &value, NULL))
        cav_detail_pane_select_entity(self, CAV_REF_CREATURE, (gint32) value);
    else if (g_str_has_prefix(uri, "item:") &&
             g_ascii_string_to_signed(uri + 5, 10, 1, G_MAXINT32, &value, NULL))
        cav_detail_pane_select_entity(self, CAV_REF_ITEM, (gint32) value);
    return TRUE;
}

static void on_seek(CavDetailPane *self, gint64 seq)
{
    g_signal_emit(self, signals[SIGNAL_SEEK], 0, seq);
}

/* ---- pages ------------------------------------------------------------------- */

const char *cav_detail_pane_get_page(CavDetailPane *self)
{
    int page;

    g_return_val_if_fail(CAV_IS_DETAIL_PANE(self), NULL);
    page = gtk_notebook_get_current_page(self->notebook);
    return page >= 0 && page < (int) G_N_ELEMENTS(page_names) ? page_names[page] : NULL;
}

void cav_detail_pane_set_page(CavDetailPane *self, const char *page)
{
    g_return_if_fail(CAV_IS_DETAIL_PANE(self) && page != NULL);
    for (guint i = 0; i < G_N_ELEMENTS(page_names); i++)
        if (strcmp(page, page_names[i]) == 0)
            gtk_notebook_set_current_page(self->notebook, (int) i);
}

/* The Entities page works only while it is in view. */
static void on_page(CavDetailPane *self)
{
    cav_entity_panel_set_active(self->entity_panel,
                                gtk_notebook_get_current_page(self->notebook) == ENTITIES_PAGE);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_PAGE]);
}

/* ---- class ------------------------------------------------------------------- */

static void cav_detail_pane_get_property(GObject *object, guint id, GValue *value,
                                         GParamSpec *pspec)
{
    if (id == PROP_PAGE)
        g_value_set_string(value, cav_detail_pane_get_page(CAV_DETAIL_PANE(object)));
    else
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void cav_detail_pane_dispose(GObject *object)
{
    CavDetailPane *self = CAV_DETAIL_PANE(object);

    g_clear_object(&self->timeline);
    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_DETAIL_PANE);
    G_OBJECT_CLASS(cav_detail_pane_parent_class)->dispose(object);
}

static void cav_detail_pane_class_init(CavDetailPaneClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->get_property = cav_detail_pane_get_property;
    object_class->dispose = cav_detail_pane_dispose;
    props[PROP_PAGE] =
        g_param_spec_string("page", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, props);
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
    g_type_ensure(CAV_TYPE_EVENT_DETAIL);
    g_type_ensure(CAV_TYPE_ENTITY_PANEL);
    g_type_ensure(CAV_TYPE_ANALYSIS_VIEW);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-detail-pane.ui");
#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavDetailPane, name)
    BIND(notebook);
    BIND(detail);
    BIND(entity_panel);
    BIND(analysis);
#undef BIND
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void cav_detail_pane_init(CavDetailPane *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    /* "switch-page" comes before the page is current; "notify::page" after. */
    g_signal_connect_swapped(self->notebook, "notify::page", G_CALLBACK(on_page), self);
    g_signal_connect(self->detail, "activate-link", G_CALLBACK(on_activate_link), self);
    g_signal_connect(self->entity_panel, "activate-link", G_CALLBACK(on_activate_link), self);
    g_signal_connect(self->entity_panel, "selected", G_CALLBACK(on_entity_selected), self);
    g_signal_connect_swapped(self->entity_panel, "seek", G_CALLBACK(on_seek), self);
    g_signal_connect_swapped(self->analysis, "seek", G_CALLBACK(on_seek), self);
}

GtkWidget *cav_detail_pane_new(void)
{
    return g_object_new(CAV_TYPE_DETAIL_PANE, NULL);
}
