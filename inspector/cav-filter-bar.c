/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-filter-bar.c — the filter bar's widgets, bound to a CavTimelineFilter
 * and the incremental GtkFilterListModel it filters. */
#include "cav-filter-bar.h"

#include "history.h"

#include <string.h>

struct _CavFilterBar {
    GtkWidget parent_instance;

    /* Template children. */
    GtkWidget *box;
    GtkMenuButton *types_button;
    GtkBox *types_box, *entity_chip;
    GtkLabel *entity_label, *count_label;
    GtkEntry *first_turn, *last_turn;
    GtkSearchEntry *search_entry;

    CavTimelineFilter *filter; /* or NULL */
    GtkFilterListModel *filtered;
    gboolean types[CAV_EVENT_TYPE_COUNT];
    gboolean syncing; /* the checks are being set, not clicked */
};

G_DEFINE_FINAL_TYPE(CavFilterBar, cav_filter_bar, GTK_TYPE_WIDGET)

static History *filter_history(CavFilterBar *self)
{
    return cav_timeline_get_history(cav_timeline_filter_get_timeline(self->filter));
}

void cav_filter_bar_update_count(CavFilterBar *self)
{
    g_autofree char *text = NULL;
    gint64 total;
    guint shown, pending;

    g_return_if_fail(CAV_IS_FILTER_BAR(self));
    if (self->filtered == NULL)
        return;
    total = history_length(filter_history(self));
    shown = g_list_model_get_n_items(G_LIST_MODEL(self->filtered));
    pending = gtk_filter_list_model_get_pending(self->filtered);
    if (cav_timeline_filter_get_error(self->filter) != NULL)
        text = g_strdup("not a condition (see its tooltip)");
    else if (!cav_timeline_filter_is_active(self->filter))
        text = g_strdup_printf("%" G_GINT64_FORMAT " event%s", total, total == 1 ? "" : "s");
    else
        text = g_strdup_printf("%u of %" G_GINT64_FORMAT " event%s%s", shown, total,
                               total == 1 ? "" : "s", pending > 0 ? " (searching…)" : "");
    gtk_label_set_text(self->count_label, text);
}

/* ---- the model ------------------------------------------------------------ */

void cav_filter_bar_set_timeline(CavFilterBar *self, CavTimeline *timeline)
{
    g_return_if_fail(CAV_IS_FILTER_BAR(self));
    g_clear_object(&self->filtered);
    g_clear_object(&self->filter);
    if (timeline == NULL)
        return;
    self->filter = cav_timeline_filter_new(timeline);
    cav_timeline_filter_set_types(self->filter, self->types);
    /* Incremental before the filter is set: a filter given to the
     * constructor runs over every event at once. */
    self->filtered = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(timeline)), NULL);
    gtk_filter_list_model_set_incremental(self->filtered, TRUE);
    gtk_filter_list_model_set_filter(self->filtered, GTK_FILTER(self->filter));
    g_signal_connect_swapped(self->filtered, "notify::pending",
                             G_CALLBACK(cav_filter_bar_update_count), self);
    g_signal_connect_swapped(self->filtered, "items-changed",
                             G_CALLBACK(cav_filter_bar_update_count), self);
    cav_filter_bar_update_count(self);
}

GListModel *cav_filter_bar_get_model(CavFilterBar *self)
{
    g_return_val_if_fail(CAV_IS_FILTER_BAR(self), NULL);
    return self->filtered != NULL ? G_LIST_MODEL(self->filtered) : NULL;
}

CavTimelineFilter *cav_filter_bar_get_filter(CavFilterBar *self)
{
    g_return_val_if_fail(CAV_IS_FILTER_BAR(self), NULL);
    return self->filter;
}

/* ---- types ------------------------------------------------------------------ */

static void update_types_label(CavFilterBar *self)
{
    guint n = 0, last = 0;
    g_autofree char *label = NULL;

    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
        if (self->types[t]) {
            n++;
            last = t;
        }
    if (n == 0)
        label = g_strdup("All Types");
    else if (n == 1)
        label = g_strdup(ev_type_name((CavEventType) last));
    else
        label = g_strdup_printf("%u Types", n);
    gtk_menu_button_set_label(self->types_button, label);
}

static void apply_types(CavFilterBar *self)
{
    if (self->filter != NULL)
        cav_timeline_filter_set_types(self->filter, self->types);
    update_types_label(self);
}

static void on_type_toggled(GtkCheckButton *check, gpointer user_data)
{
    CavFilterBar *self = user_data;
    guint type = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(check), "type"));

    if (self->syncing)
        return;
    self->types[type] = gtk_check_button_get_active(check);
    apply_types(self);
}

void cav_filter_bar_any_type(CavFilterBar *self)
{
    g_return_if_fail(CAV_IS_FILTER_BAR(self));
    memset(self->types, 0, sizeof self->types);
    self->syncing = TRUE;
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self->types_box)); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        gtk_check_button_set_active(GTK_CHECK_BUTTON(child), FALSE);
    self->syncing = FALSE;
    apply_types(self);
}

static void add_type_checks(CavFilterBar *self)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        GtkWidget *check = gtk_check_button_new_with_label(ev_type_name((CavEventType) t));

        gtk_widget_set_tooltip_text(check, ev_type_meaning((CavEventType) t));
        g_object_set_data(G_OBJECT(check), "type", GUINT_TO_POINTER(t));
        g_signal_connect(check, "toggled", G_CALLBACK(on_type_toggled), self);
        gtk_box_append(self->types_box, check);
    }
}

/* ---- turns, search, entity ---------------------------------------------------- */

/* Mark @widget as holding what is not a value (TRUE), or not. */
static void mark_error(GtkWidget *widget, gboolean error)
{
    if (error)
        gtk_widget_add_css_class(widget, "error");
    else
        gtk_widget_remove_css_class(widget, "error");
}

/* The turn typed in @entry: -1 when empty (unbounded); FALSE, and the
 * entry marked, when it is not a turn number. */
static gboolean entry_turn(GtkEntry *entry, gint32 *turn)
{
    const char *text = gtk_editable_get_text(GTK_EDITABLE(entry));
    gint64 value = -1;
    gboolean ok = *text == '\0' || g_ascii_string_to_signed(text, 10, 0, G_MAXINT32, &value, NULL);

    mark_error(GTK_WIDGET(entry), !ok);
    *turn = (gint32) value;
    return ok;
}

static void on_turns_changed(CavFilterBar *self)
{
    gint32 first, last;

    if (entry_turn(self->first_turn, &first) & entry_turn(self->last_turn, &last) &&
        self->filter != NULL)
        cav_timeline_filter_set_turns(self->filter, first, last);
}

static void on_search_changed(GtkSearchEntry *entry, gpointer user_data)
{
    CavFilterBar *self = user_data;

    if (self->filter == NULL)
        return;
    cav_timeline_filter_set_text(self->filter, gtk_editable_get_text(GTK_EDITABLE(entry)));
    /* a condition that is not one: marked, and why in its tooltip */
    gtk_widget_set_tooltip_text(GTK_WIDGET(entry), cav_timeline_filter_get_error(self->filter));
    mark_error(GTK_WIDGET(entry), cav_timeline_filter_get_error(self->filter) != NULL);
    cav_filter_bar_update_count(self);
}

void cav_filter_bar_set_entity(CavFilterBar *self, CavRefKind kind, gint32 id)
{
    g_autoptr(GString) name = g_string_new("Only ");

    g_return_if_fail(CAV_IS_FILTER_BAR(self));
    if (self->filter == NULL)
        return;
    cav_timeline_filter_set_entity(self->filter, kind, id);
    gtk_widget_set_visible(GTK_WIDGET(self->entity_chip), kind != CAV_REF_NONE);
    if (kind != CAV_REF_NONE) {
        history_append_name(filter_history(self), kind, id, name);
        gtk_label_set_text(self->entity_label, name->str);
    }
}

void cav_filter_bar_focus_search(CavFilterBar *self)
{
    g_return_if_fail(CAV_IS_FILTER_BAR(self));
    gtk_widget_grab_focus(GTK_WIDGET(self->search_entry));
}

/* ---- class -------------------------------------------------------------------- */

static void cav_filter_bar_dispose(GObject *object)
{
    CavFilterBar *self = CAV_FILTER_BAR(object);

    g_clear_object(&self->filtered);
    g_clear_object(&self->filter);
    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_FILTER_BAR);
    G_OBJECT_CLASS(cav_filter_bar_parent_class)->dispose(object);
}

static void cav_filter_bar_class_init(CavFilterBarClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_filter_bar_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-filter-bar.ui");
#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavFilterBar, name)
    BIND(box);
    BIND(types_button);
    BIND(types_box);
    BIND(entity_chip);
    BIND(entity_label);
    BIND(count_label);
    BIND(first_turn);
    BIND(last_turn);
    BIND(search_entry);
#undef BIND
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void cav_filter_bar_init(CavFilterBar *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    add_type_checks(self);
    g_signal_connect_swapped(self->first_turn, "changed", G_CALLBACK(on_turns_changed), self);
    g_signal_connect_swapped(self->last_turn, "changed", G_CALLBACK(on_turns_changed), self);
    g_signal_connect(self->search_entry, "search-changed", G_CALLBACK(on_search_changed), self);
}

GtkWidget *cav_filter_bar_new(void)
{
    return g_object_new(CAV_TYPE_FILTER_BAR, NULL);
}
