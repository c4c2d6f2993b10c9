/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline-pane.c — the timeline's column view and the selection that
 * follows the shown event. GTK 4.8 cannot scroll a column view to a row
 * before it is laid out, so the pane moves the scroll adjustment itself, a
 * frame after the rows changed; it undoes the row GTK picks when the
 * focus enters by Tab, and lets Tab and Escape leave the list; and a click, double click or Return
 * on a row shows its event, even on the row kept selected for an event filtered out. When the
 * filters let no event through, a message takes the list's place. */
#include "cav-timeline-pane.h"

#include "cav-columns.h"
#include "cav-event-row.h"
#include "cav-list-scroll.h"
#include "cav-timeline-filter.h"

#include <string.h>

struct _CavTimelinePane {
    GtkWidget parent_instance;
    GtkWidget *scroller; /* template children */
    GtkColumnView *view;
    GtkStack *pages;
    GtkLabel *none_label;

    GListModel *model; /* the rows, or NULL */
    GtkSingleSelection *selection;
    gint64 seq;                    /* the event shown */
    guint seq_digits, turn_digits; /* the numbers the Seq and Turn columns are sized for */
    gboolean syncing;              /* the pane is moving the selection itself */
    gboolean seeking;              /* "seek" is being emitted */
    gboolean keep_selection;       /* focus is entering the list: keep its row */
    gboolean key_focus;            /* a key is being handled: focus moves by keyboard */
    guint focus_tries;             /* frames waited for the shown row to focus it */
    CavListScroll scroll;          /* a row to bring into view once laid out */
    guint resync_source;
    guint click_source; /* to select the shown event's row again after a press */
};

G_DEFINE_FINAL_TYPE(CavTimelinePane, cav_timeline_pane, GTK_TYPE_WIDGET)

enum { SIGNAL_SEEK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- rows by seq ---------------------------------------------------------- */

static gint64 row_seq(GListModel *model, guint position)
{
    g_autoptr(CavEventRow) row = g_list_model_get_item(model, position);

    return row != NULL ? cav_event_row_get_seq(row) : 0;
}

/* The position of the last row whose seq is at most @seq (rows are in seq
 * order), or GTK_INVALID_LIST_POSITION for none. */
static guint position_at_or_before(CavTimelinePane *self, gint64 seq)
{
    guint lo = 0, hi = self->model != NULL ? g_list_model_get_n_items(self->model) : 0;

    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (row_seq(self->model, mid) <= seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 0 ? GTK_INVALID_LIST_POSITION : lo - 1;
}

static guint n_rows(CavTimelinePane *self)
{
    return self->model != NULL ? g_list_model_get_n_items(self->model) : 0;
}

gint64 cav_timeline_pane_next(CavTimelinePane *self, gint64 seq, gboolean forward)
{
    guint position, n = n_rows(self);

    g_return_val_if_fail(CAV_IS_TIMELINE_PANE(self), -1);
    position = position_at_or_before(self, seq);
    if (forward) {
        guint next = position == GTK_INVALID_LIST_POSITION ? 0 : position + 1;
        return next < n ? row_seq(self->model, next) : -1;
    }
    if (position == GTK_INVALID_LIST_POSITION)
        return -1;
    if (row_seq(self->model, position) < seq)
        return row_seq(self->model, position);
    return position > 0 ? row_seq(self->model, position - 1) : 0;
}

gint64 cav_timeline_pane_first_from(CavTimelinePane *self, gint64 seq)
{
    guint position, next;

    g_return_val_if_fail(CAV_IS_TIMELINE_PANE(self), -1);
    position = position_at_or_before(self, seq - 1);
    next = position == GTK_INVALID_LIST_POSITION ? 0 : position + 1;
    return next < n_rows(self) ? row_seq(self->model, next) : -1;
}

gint64 cav_timeline_pane_ahead(CavTimelinePane *self, gint64 seq, gint64 steps)
{
    guint position, n = n_rows(self);
    gint64 target;

    g_return_val_if_fail(CAV_IS_TIMELINE_PANE(self), -1);
    position = position_at_or_before(self, seq);
    if (n == 0 || (position != GTK_INVALID_LIST_POSITION && position + 1 >= n))
        return -1; /* nothing after @seq */
    target = position == GTK_INVALID_LIST_POSITION ? steps - 1 : (gint64) position + steps;
    return row_seq(self->model, (guint) MIN(target, (gint64) n - 1));
}

gint64 cav_timeline_pane_next_turn(CavTimelinePane *self, const History *history, gint64 seq,
                                   gboolean forward)
{
    const HistoryEntry *entry;
    gint32 turn;
    gint64 target;

    g_return_val_if_fail(CAV_IS_TIMELINE_PANE(self) && history != NULL, -1);
    entry = history_entry(history, seq);
    turn = entry != NULL ? entry->turn : -1;
    if (forward) {
        target = history_turn_start(history, turn + 1);
        return target > 0 ? cav_timeline_pane_first_from(self, target) : -1;
    }
    if (entry == NULL)
        return -1;
    /* Back to the start of this turn, or of the one before from there. */
    target = history_turn_start(history, turn);
    if (target == seq)
        target = turn > 0 ? history_turn_start(history, turn - 1) : 0;
    return target > 0 ? cav_timeline_pane_first_from(self, target) : 0;
}

gint64 cav_timeline_pane_last(CavTimelinePane *self)
{
    guint n;

    g_return_val_if_fail(CAV_IS_TIMELINE_PANE(self), -1);
    n = n_rows(self);
    return n > 0 ? row_seq(self->model, n - 1) : -1;
}

/* ---- the selection ------------------------------------------------------------ */

/* Select the shown event's row (without a "seek") and bring it into view. */
static void select_shown(CavTimelinePane *self)
{
    guint position = position_at_or_before(self, self->seq);

    self->syncing = TRUE;
    if (gtk_single_selection_get_selected(self->selection) != position)
        gtk_single_selection_set_selected(self->selection, position);
    self->syncing = FALSE;
    cav_list_scroll_to(&self->scroll, position);
}

void cav_timeline_pane_show(CavTimelinePane *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_TIMELINE_PANE(self));
    self->seq = seq;
    if (self->selection != NULL && !self->seeking)
        select_shown(self);
}

/* The rows changed (a filter, rows filtered in as it works, events added
 * while following): the shown event's row stays selected and in view. */
static gboolean resync_selection(gpointer user_data)
{
    CavTimelinePane *self = user_data;

    self->resync_source = 0;
    select_shown(self);
    return G_SOURCE_REMOVE;
}

/* The filter of a filtered model, or NULL. */
static CavTimelineFilter *model_filter(CavTimelinePane *self)
{
    GtkFilter *filter = GTK_IS_FILTER_LIST_MODEL(self->model)
                            ? gtk_filter_list_model_get_filter(GTK_FILTER_LIST_MODEL(self->model))
                            : NULL;

    return CAV_IS_TIMELINE_FILTER(filter) ? CAV_TIMELINE_FILTER(filter) : NULL;
}

/* The rows, or when there are none (and none are being looked for) a
 * message naming the filter that lets nothing through. */
static void show_rows_or_none(CavTimelinePane *self)
{
    CavTimelineFilter *filter = model_filter(self);
    const char *text = filter != NULL ? cav_timeline_filter_get_text(filter) : "";
    gboolean searching = GTK_IS_FILTER_LIST_MODEL(self->model) &&
                         gtk_filter_list_model_get_pending(GTK_FILTER_LIST_MODEL(self->model)) > 0;
    g_autofree char *message = NULL;

    if (self->model == NULL || n_rows(self) > 0 || searching) {
        gtk_stack_set_visible_child_name(self->pages, "rows");
        return;
    }
    if (filter != NULL && cav_timeline_filter_get_error(filter) != NULL)
        message = g_strdup_printf("No events: “%s” is not a condition.\n%s", text,
                                  cav_timeline_filter_get_error(filter));
    else if (text != NULL && *text != '\0')
        message = g_strdup_printf("No events match “%s”.", text);
    else
        message = g_strdup("No events match the filters (types, entity, turns).");
    gtk_label_set_text(self->none_label, message);
    gtk_stack_set_visible_child_name(self->pages, "none");
}

/* Ask to show event @seq, marking the ask as ours (cav_timeline_pane_show
 * then leaves the selection as the user made it). */
static void emit_seek(CavTimelinePane *self, gint64 seq)
{
    self->seeking = TRUE;
    g_signal_emit(self, signals[SIGNAL_SEEK], 0, seq);
    self->seeking = FALSE;
}

/* In an idle: the list view takes the change in after this handler. */
static void on_items_changed(CavTimelinePane *self)
{
    cav_list_scroll_rows_changed(&self->scroll);
    show_rows_or_none(self);
    if (self->resync_source == 0)
        self->resync_source = g_idle_add(resync_selection, self);
}

static void on_selected(GtkSingleSelection *selection, GParamSpec *pspec, gpointer user_data)
{
    CavTimelinePane *self = user_data;
    CavEventRow *row;

    if (self->syncing)
        return;
    if (self->keep_selection) { /* focus entering by Tab: undo GTK's choice */
        self->syncing = TRUE;
        gtk_single_selection_set_selected(selection, position_at_or_before(self, self->seq));
        self->syncing = FALSE;
        return;
    }
    row = gtk_single_selection_get_selected_item(selection);
    if (row != NULL)
        emit_seek(self, cav_event_row_get_seq(row));
}

/* Show the event of row @position (a "seek"), unless it is shown. */
static void seek_row(CavTimelinePane *self, guint position)
{
    gint64 seq;

    if (self->model == NULL || position >= n_rows(self))
        return;
    seq = row_seq(self->model, position);
    if (seq != self->seq)
        emit_seek(self, seq);
}

/* A double click or Return on a row shows its event, even the row kept
 * selected for an event the filters hide. */
static void on_activate(GtkColumnView *view, guint position, gpointer user_data)
{
    seek_row(user_data, position);
}

static gboolean end_click(gpointer user_data)
{
    CavTimelinePane *self = user_data;

    self->click_source = 0;
    if (self->selection != NULL)
        select_shown(self);
    return G_SOURCE_REMOVE;
}

/* A press in the list, before its row handles it: when the selected row
 * stands in for a hidden event (the one before it), it is unselected, so
 * that a click on it selects it anew and shows its event; a press
 * elsewhere (a header, below the rows) gets it back once handled. */
static void on_press(GtkGestureClick *gesture, int n_press, double x, double y, gpointer user_data)
{
    CavTimelinePane *self = user_data;
    guint position;

    if (self->selection == NULL)
        return;
    position = gtk_single_selection_get_selected(self->selection);
    if (position == GTK_INVALID_LIST_POSITION || row_seq(self->model, position) == self->seq)
        return;
    self->syncing = TRUE;
    gtk_single_selection_set_selected(self->selection, GTK_INVALID_LIST_POSITION);
    self->syncing = FALSE;
    if (self->click_source == 0)
        self->click_source = g_idle_add_full(G_PRIORITY_HIGH_IDLE, end_click, self, NULL);
}

/* ---- the model and columns -------------------------------------------------- */

void cav_timeline_pane_size_columns(CavTimelinePane *self, gint64 events, gint32 turns)
{
    g_autofree char *seq = g_strdup_printf("%" G_GINT64_FORMAT, events);
    g_autofree char *turn = g_strdup_printf("%d", turns);
    guint digits[2] = {(guint) strlen(seq), (guint) strlen(turn)};
    GListModel *columns = gtk_column_view_get_columns(self->view);
    g_autoptr(GtkSelectionModel) model = NULL;

    g_return_if_fail(CAV_IS_TIMELINE_PANE(self));
    if (digits[0] == self->seq_digits && digits[1] == self->turn_digits)
        return;
    self->seq_digits = digits[0];
    self->turn_digits = digits[1];
    /* GTK 4.8 keeps the cells made by a column's old factory: new cells. */
    model = gtk_column_view_get_model(self->view);
    if (model != NULL)
        g_object_ref(model);
    gtk_column_view_set_model(self->view, NULL);
    for (guint i = 0; i < 2; i++) {
        g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item(columns, i);
        /* Digits are as wide as each other in the fonts GTK uses. */
        g_autofree char *widest = g_strnfill(digits[i], '0');
        g_autoptr(GtkListItemFactory) factory =
            cav_columns_property_factory(i == 0 ? "seq" : "turn", 4, widest);
        gtk_column_view_column_set_factory(column, factory);
    }
    gtk_column_view_set_model(self->view, model);
    cav_list_scroll_rows_changed(&self->scroll);
}

static void clear_model(CavTimelinePane *self)
{
    g_clear_handle_id(&self->resync_source, g_source_remove);
    g_clear_handle_id(&self->click_source, g_source_remove);
    if (self->selection != NULL)
        gtk_column_view_set_model(self->view, NULL);
    g_clear_object(&self->selection);
    if (self->model != NULL)
        g_signal_handlers_disconnect_by_data(self->model, self);
    g_clear_object(&self->model);
}

void cav_timeline_pane_set_model(CavTimelinePane *self, GListModel *model, gint64 events,
                                 gint32 turns)
{
    g_return_if_fail(CAV_IS_TIMELINE_PANE(self));
    clear_model(self);
    if (model == NULL)
        return;
    self->model = g_object_ref(model);
    self->selection = gtk_single_selection_new(g_object_ref(model));
    gtk_single_selection_set_autoselect(self->selection, FALSE);
    gtk_single_selection_set_can_unselect(self->selection, TRUE);
    g_signal_connect(self->selection, "notify::selected", G_CALLBACK(on_selected), self);
    /* From the selection, which has taken the change in by then. */
    g_signal_connect_swapped(self->selection, "items-changed", G_CALLBACK(on_items_changed), self);
    /* Sized before the model is set: sizing again makes every cell again. */
    cav_timeline_pane_size_columns(self, events, turns);
    gtk_column_view_set_model(self->view, GTK_SELECTION_MODEL(self->selection));
    if (GTK_IS_FILTER_LIST_MODEL(model))
        g_signal_connect_swapped(model, "notify::pending", G_CALLBACK(show_rows_or_none), self);
    cav_list_scroll_rows_changed(&self->scroll);
    show_rows_or_none(self);
}

/* ---- focus by keyboard ------------------------------------------------------ */

static gboolean end_key_focus(gpointer user_data)
{
    CAV_TIMELINE_PANE(user_data)->key_focus = FALSE;
    return G_SOURCE_REMOVE;
}

void cav_timeline_pane_note_key(CavTimelinePane *self)
{
    g_return_if_fail(CAV_IS_TIMELINE_PANE(self));
    self->key_focus = TRUE;
    g_idle_add_full(G_PRIORITY_HIGH, end_key_focus, g_object_ref(self), g_object_unref);
}

/* Tab into the list: GTK focuses (and, the first time, selects) its first
 * row; the shown event's row, found by its Seq cell, is focused instead. */
static GtkWidget *row_widget(GtkWidget *root, const char *seq)
{
    if (GTK_IS_INSCRIPTION(root) &&
        gtk_widget_get_prev_sibling(gtk_widget_get_parent(root)) == NULL &&
        g_strcmp0(gtk_inscription_get_text(GTK_INSCRIPTION(root)), seq) == 0)
        return gtk_widget_get_parent(gtk_widget_get_parent(root)); /* inscription, cell, row */
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = row_widget(child, seq);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static gboolean end_keep_selection(gpointer user_data)
{
    CAV_TIMELINE_PANE(user_data)->keep_selection = FALSE;
    return G_SOURCE_REMOVE;
}

/* After GTK has focused its row: focus the shown event's row instead,
 * scrolling it back into view first if GTK scrolled away. */
static gboolean focus_shown_row(GtkWidget *view, GdkFrameClock *clock, gpointer user_data)
{
    CavTimelinePane *self = user_data;
    guint position = position_at_or_before(self, self->seq);
    g_autofree char *seq = NULL;
    GtkWidget *widget;

    GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(view));

    if (position == GTK_INVALID_LIST_POSITION || self->focus_tries++ > 30)
        return G_SOURCE_REMOVE;
    if (focus == NULL || !gtk_widget_is_ancestor(focus, view))
        return G_SOURCE_REMOVE; /* the focus has gone on (Tab again): left there */
    seq = g_strdup_printf("%" G_GINT64_FORMAT, row_seq(self->model, position));
    widget = row_widget(GTK_WIDGET(self->view), seq);
    if (widget == NULL) {
        cav_list_scroll_to(&self->scroll, position);
        return G_SOURCE_CONTINUE;
    }
    gtk_widget_grab_focus(widget);
    return G_SOURCE_REMOVE;
}

static void on_focus_enter(GtkEventControllerFocus *controller, gpointer user_data)
{
    CavTimelinePane *self = user_data;

    if (self->model == NULL || !self->key_focus)
        return; /* a click chooses its own row */
    self->keep_selection = TRUE;
    g_idle_add_full(G_PRIORITY_HIGH, end_keep_selection, g_object_ref(self), g_object_unref);
    self->focus_tries = 0;
    gtk_widget_add_tick_callback(GTK_WIDGET(self->view), focus_shown_row, self, NULL);
}

/* Tab, Shift+Tab or Escape in the list leave it, to the widget after it
 * (Shift+Tab: before it) in the window: GTK 4.8's list moves Tab from row
 * to row, and the focus could never leave. The list refuses the focus
 * while the window looks for where it goes. */
static gboolean on_key(GtkEventControllerKey *controller, guint keyval, guint keycode,
                       GdkModifierType modifiers, gpointer user_data)
{
    CavTimelinePane *self = user_data;
    GtkWidget *root = GTK_WIDGET(gtk_widget_get_root(GTK_WIDGET(self)));
    GtkDirectionType direction;

    if (keyval == GDK_KEY_ISO_Left_Tab || (keyval == GDK_KEY_Tab && (modifiers & GDK_SHIFT_MASK)))
        direction = GTK_DIR_TAB_BACKWARD;
    else if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_Escape)
        direction = GTK_DIR_TAB_FORWARD;
    else
        return FALSE;
    if (root == NULL)
        return FALSE;
    gtk_widget_set_can_focus(GTK_WIDGET(self->view), FALSE);
    if (!gtk_widget_child_focus(root, direction))
        gtk_widget_child_focus(root, direction); /* wrapped past the window's end */
    gtk_widget_set_can_focus(GTK_WIDGET(self->view), TRUE);
    return TRUE;
}

/* ---- class -------------------------------------------------------------------- */

static void cav_timeline_pane_dispose(GObject *object)
{
    CavTimelinePane *self = CAV_TIMELINE_PANE(object);

    clear_model(self);
    cav_list_scroll_clear(&self->scroll);
    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_TIMELINE_PANE);
    G_OBJECT_CLASS(cav_timeline_pane_parent_class)->dispose(object);
}

static void cav_timeline_pane_class_init(CavTimelinePaneClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_timeline_pane_dispose;
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-timeline-pane.ui");
    gtk_widget_class_bind_template_child(widget_class, CavTimelinePane, scroller);
    gtk_widget_class_bind_template_child(widget_class, CavTimelinePane, view);
    gtk_widget_class_bind_template_child(widget_class, CavTimelinePane, pages);
    gtk_widget_class_bind_template_child(widget_class, CavTimelinePane, none_label);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void cav_timeline_pane_init(CavTimelinePane *self)
{
    GtkEventController *focus = gtk_event_controller_focus_new();
    GtkGesture *press = gtk_gesture_click_new();
    GtkEventController *keys = gtk_event_controller_key_new();

    gtk_widget_init_template(GTK_WIDGET(self));
    cav_list_scroll_init(&self->scroll, GTK_WIDGET(self->view));
    cav_list_scroll_tame_wheel(GTK_WIDGET(self->view));
    cav_columns_add(self->view, "Seq", "seq", 6, FALSE);
    cav_columns_add(self->view, "Turn", "turn", 4, FALSE);
    cav_columns_add(self->view, "Type", "type-name", 15, FALSE);
    cav_columns_add(self->view, "Actor", "actor", 11, FALSE);
    cav_columns_add(self->view, "Target", "target", 11, FALSE);
    cav_columns_add(self->view, "Summary", "summary", 24, TRUE);
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_enter), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), focus);
    /* Before the row's own gesture selects it. */
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(press), GTK_PHASE_CAPTURE);
    g_signal_connect(press, "pressed", G_CALLBACK(on_press), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), GTK_EVENT_CONTROLLER(press));
    g_signal_connect(self->view, "activate", G_CALLBACK(on_activate), self);
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), keys);
}

GtkWidget *cav_timeline_pane_new(void)
{
    return g_object_new(CAV_TYPE_TIMELINE_PANE, NULL);
}
