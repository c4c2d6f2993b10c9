/* cav-inspector-window.c — the inspector's window.
 *
 * One number drives everything: the seq of the event shown. The scrubber,
 * the timeline's selection, the map, the entities and the detail follow it;
 * moving any of them calls show_event(), which seeks the history and brings
 * the others into step (a flag keeps their signals from echoing back). */
#include "cav-inspector-window.h"

#include "cav-analysis-view.h"
#include "cav-describe.h"
#include "cav-entity-row.h"
#include "cav-event-row.h"
#include "cav-map-view.h"
#include "cav-timeline-filter.h"
#include "cav-timeline.h"

#include <string.h>

#define FOLLOW_POLL_MS 250
#define PROGRESS_POLL_MS 100

static const guint play_speeds[] = {2, 10, 50, 250, 1000}; /* events a second */

struct _CavInspectorWindow {
    GtkApplicationWindow parent_instance;

    /* Template children. */
    GtkStack *pages;
    GtkLabel *title_label, *subtitle_label, *loading_label, *count_label, *status_label;
    GtkProgressBar *loading_bar;
    GtkMenuButton *recent_button, *types_button;
    GtkBox *types_box, *entity_chip;
    GtkLabel *entity_label, *detail_label, *entity_detail;
    GtkAdjustment *first_turn_adjustment, *last_turn_adjustment, *scrub;
    GtkSearchEntry *search_entry;
    GtkPaned *content;
    GtkDropDown *level_dropdown, *speed_dropdown;
    CavMapView *map;
    GtkScale *scrubber;
    GtkColumnView *timeline_view, *entities_view;
    GtkNotebook *notebook;
    CavAnalysisView *analysis; /* the notebook's Analysis page */
    GtkListView *entity_history_view;

    /* The game shown. */
    GFile *file;
    CavTimeline *timeline; /* owns the history */
    History *history;
    CavTimelineFilter *filter;
    GtkFilterListModel *filtered;
    GtkSingleSelection *selection;
    gint64 seq;
    gboolean types[CAV_EVENT_TYPE_COUNT];

    /* Entities at the shown event, and the one selected. */
    GListStore *entities;
    GtkSingleSelection *entity_selection;
    CavTimelineFilter *entity_filter;
    GtkSingleSelection *entity_history;
    CavRefKind entity_kind;
    gint32 entity_id;

    /* Loading in a worker thread. */
    GCancellable *loading;
    gint progress_done, progress_total; /* atomics, written by the worker */
    guint progress_source;

    guint play_source, follow_source;
    guint scroll_to, scroll_tick; /* a timeline row to bring into view, and its wait */
    gboolean syncing, headless;
};

G_DEFINE_FINAL_TYPE(CavInspectorWindow, cav_inspector_window, GTK_TYPE_APPLICATION_WINDOW)

enum { SIGNAL_LOADED, SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- small helpers -------------------------------------------------------- */

static gint64 row_seq(GListModel *model, guint position)
{
    g_autoptr(CavEventRow) row = g_list_model_get_item(model, position);

    return row != NULL ? cav_event_row_get_seq(row) : 0;
}

/* The position of the last row of @model whose seq is at most @seq
 * (rows are in seq order), or GTK_INVALID_LIST_POSITION for none. */
static guint position_at_or_before(GListModel *model, gint64 seq)
{
    guint lo = 0, hi = g_list_model_get_n_items(model);

    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (row_seq(model, mid) <= seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 0 ? GTK_INVALID_LIST_POSITION : lo - 1;
}

static void show_error(CavInspectorWindow *self, const char *primary, const GError *error)
{
    GtkWidget *dialog;

    if (self->headless) {
        g_signal_emit(self, signals[SIGNAL_FAILED], 0, error);
        return;
    }
    dialog =
        gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                               GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", error->message);
    g_signal_connect(dialog, "response", G_CALLBACK(gtk_window_destroy), NULL);
    gtk_window_present(GTK_WINDOW(dialog));
}

static void set_action_state(CavInspectorWindow *self, const char *name, gboolean state)
{
    GAction *action = g_action_map_lookup_action(G_ACTION_MAP(self), name);

    g_simple_action_set_state(G_SIMPLE_ACTION(action), g_variant_new_boolean(state));
}

static gboolean action_state(CavInspectorWindow *self, const char *name)
{
    g_autoptr(GVariant) state = g_action_group_get_action_state(G_ACTION_GROUP(self), name);

    return state != NULL && g_variant_get_boolean(state);
}

/* Bring row @position of the timeline into view, if it is out of view.
 * GTK 4.8 has no gtk_column_view_scroll_to(), and its "list.scroll-to-item"
 * action leaves the list blank when used before the list is laid out; so
 * this moves the scroll adjustment, from the average row height the list
 * estimates, and until the list is laid out it waits for a frame. */
static gboolean scroll_pending(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data);

static gboolean scroll_now(CavInspectorWindow *self)
{
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(self->timeline_view));
    guint n = self->filtered != NULL ? g_list_model_get_n_items(G_LIST_MODEL(self->filtered)) : 0;
    double upper = gtk_adjustment_get_upper(adjustment);
    double page = gtk_adjustment_get_page_size(adjustment);
    double value = gtk_adjustment_get_value(adjustment);
    double row, top;

    if (n == 0)
        return TRUE; /* nothing to scroll to */
    if (page <= 0 || upper <= 0)
        return FALSE; /* not laid out yet */
    row = upper / n;
    top = row * self->scroll_to;
    if (top < value || top + row > value + page)
        gtk_adjustment_set_value(adjustment, CLAMP(top - (page - row) / 2, 0, upper - page));
    return TRUE;
}

static gboolean scroll_pending(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->scroll_to == GTK_INVALID_LIST_POSITION || scroll_now(self)) {
        self->scroll_tick = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static void scroll_timeline_to(CavInspectorWindow *self, guint position)
{
    self->scroll_to = position;
    if (position == GTK_INVALID_LIST_POSITION || self->scroll_tick != 0)
        return;
    if (!gtk_widget_get_mapped(GTK_WIDGET(self->timeline_view)) || !scroll_now(self))
        self->scroll_tick = gtk_widget_add_tick_callback(GTK_WIDGET(self->timeline_view),
                                                         scroll_pending, self, NULL);
}

/* ---- the detail of the shown event ---------------------------------------- */

/* Whether the panels tell the whole truth, or what the player knows. */
static gboolean truth(CavInspectorWindow *self)
{
    return cav_map_view_get_truth(self->map);
}

static void append_link(CavInspectorWindow *self, GString *out, CavRefKind kind, gint32 id)
{
    cav_describe_link(self->history, truth(self), kind, id, out);
}

static void append_event_link(CavInspectorWindow *self, GString *out, gint64 seq)
{
    const HistoryEntry *entry = history_entry(self->history, seq);
    const char *summary = cav_timeline_summary(self->timeline, seq);
    g_autofree char *escaped = g_markup_escape_text(summary != NULL ? summary : "", -1);

    g_string_append_printf(out,
                           "<a href=\"seq:%" G_GINT64_FORMAT "\">#%" G_GINT64_FORMAT " %s</a> — %s",
                           seq, seq, ev_type_name((CavEventType) entry->type), escaped);
}

static void append_payload(CavInspectorWindow *self, GString *out, const CavEvent *event)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        CavRefKind kind = ev_field_ref_kind(fields[i].name);
        g_autoptr(GString) value = g_string_new(NULL);
        g_autofree char *escaped = NULL;

        g_string_append_printf(out, "\n  <tt>%-10s</tt> ", fields[i].name);
        if (kind != CAV_REF_NONE && fields[i].kind == CAV_FIELD_I32) {
            append_link(self, out, kind,
                        *(const gint32 *) ((const guint8 *) &event->as + fields[i].offset));
            continue;
        }
        ev_append_field_value(event, &fields[i], value);
        escaped = g_markup_escape_text(value->str, -1);
        if (fields[i].kind == CAV_FIELD_STR || fields[i].kind == CAV_FIELD_ROW)
            g_string_append_printf(out, "<tt>“%s”</tt>", escaped);
        else
            g_string_append(out, escaped);
    }
}

static void update_detail(CavInspectorWindow *self)
{
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) caused = NULL;
    g_autofree char *command = NULL, *summary = NULL;
    const HistoryEntry *entry = history_entry(self->history, self->seq);
    const CavEvent *event;

    if (entry == NULL) {
        gtk_label_set_markup(self->detail_label,
                             "<i>Before the first event: nothing exists yet.</i>");
        return;
    }
    event = cav_timeline_event(self->timeline, self->seq);
    if (event == NULL) {
        gtk_label_set_text(self->detail_label, "This event cannot be read.");
        return;
    }
    summary = g_markup_escape_text(cav_timeline_summary(self->timeline, self->seq), -1);
    g_string_append_printf(
        out, "<big><b>#%" G_GINT64_FORMAT " %s</b></big>  <small>version %d</small>\n", event->seq,
        ev_type_name(event->type), event->version);
    g_string_append_printf(out, "<i>%s</i>\n\n%s\n\n", ev_type_meaning(event->type), summary);
    g_string_append_printf(out, "<b>Turn</b> %d    <b>Actor</b> ", event->turn);
    append_link(self, out, CAV_REF_CREATURE, event->actor);
    g_string_append(out, "\n<b>Caused by</b> ");
    if (event->cause != 0)
        append_event_link(self, out, event->cause);
    else
        g_string_append(out, "no other event");
    command = history_turn_command(self->history, event->turn, &error);
    if (command != NULL) {
        g_autofree char *escaped = g_markup_escape_text(command, -1);
        g_string_append_printf(
            out,
            "\n<b>Command of turn %d</b> <tt>%s</tt> (<a href=\"seq:%" G_GINT64_FORMAT
            "\">its first event</a>)",
            event->turn, escaped, history_turn_start(self->history, event->turn));
    }
    caused = history_caused(self->history, event->seq);
    g_string_append_printf(out, "\n<b>Caused</b> %s", caused->len == 0 ? "nothing" : "");
    for (guint i = 0; i < caused->len; i++) {
        g_string_append(out, "\n  ");
        append_event_link(self, out, g_array_index(caused, gint64, i));
    }
    g_string_append(out, "\n\n<b>Payload</b>");
    /* The event may have been evicted from the cache by the links above. */
    event = cav_timeline_event(self->timeline, self->seq);
    if (event != NULL)
        append_payload(self, out, event);
    gtk_label_set_markup(self->detail_label, out->str);
}

/* ---- entities ----------------------------------------------------------- */

static void update_entities(CavInspectorWindow *self)
{
    const CavState *state = history_state(self->history);
    g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(g_object_unref);
    guint selected = GTK_INVALID_LIST_POSITION;

    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        g_autoptr(GString) name = g_string_new(NULL), place = g_string_new(NULL);
        g_autofree char *condition = NULL;

        if (c == NULL || !c->alive)
            continue;
        history_append_name(self->history, CAV_REF_CREATURE, id, name);
        cav_describe_place(self->history, c->z, c->x, c->y, 0, place);
        condition = g_strdup_printf("hp %d/%d · level %d", c->hp, c->max_hp, c->level);
        if (self->entity_kind == CAV_REF_CREATURE && self->entity_id == id)
            selected = rows->len;
        g_ptr_array_add(rows,
                        cav_entity_row_new(CAV_REF_CREATURE, id, name->str, place->str, condition));
    }
    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);
        g_autoptr(GString) name = g_string_new(NULL), place = g_string_new(NULL);
        g_autofree char *condition = NULL;

        if (item == NULL || item->count <= 0)
            continue;
        cav_describe_name(self->history, truth(self), CAV_REF_ITEM, id, name);
        cav_describe_place(self->history, item->z, item->x, item->y, item->holder, place);
        condition = g_strdup_printf("×%d%s", item->count,
                                    state_item_rotten(state, item) ? " · rotten" : "");
        if (self->entity_kind == CAV_REF_ITEM && self->entity_id == id)
            selected = rows->len;
        g_ptr_array_add(rows,
                        cav_entity_row_new(CAV_REF_ITEM, id, name->str, place->str, condition));
    }
    self->syncing = TRUE;
    g_list_store_splice(self->entities, 0, g_list_model_get_n_items(G_LIST_MODEL(self->entities)),
                        rows->pdata, rows->len);
    gtk_single_selection_set_selected(self->entity_selection, selected);
    self->syncing = FALSE;
}

static void describe_entity(CavInspectorWindow *self)
{
    g_autoptr(GString) out = g_string_new(NULL);

    cav_describe_entity(self->timeline, truth(self), self->entity_kind, self->entity_id, out);
    gtk_label_set_markup(self->entity_detail, out->str);
}

/* Select entity @id of @kind: its state, its history, and a cross on the map. */
static void select_entity(CavInspectorWindow *self, CavRefKind kind, gint32 id)
{
    GListModel *model = G_LIST_MODEL(self->entities);
    guint n = g_list_model_get_n_items(model);

    self->entity_kind = kind;
    self->entity_id = id;
    if (kind == CAV_REF_CREATURE)
        cav_analysis_view_set_creature(self->analysis, id);
    cav_timeline_filter_set_entity(self->entity_filter, kind, id);
    gtk_widget_set_sensitive(GTK_WIDGET(self->entity_history_view), kind != CAV_REF_NONE);
    self->syncing = TRUE;
    gtk_single_selection_set_selected(self->entity_selection, GTK_INVALID_LIST_POSITION);
    for (guint i = 0; i < n; i++) {
        g_autoptr(CavEntityRow) row = g_list_model_get_item(model, i);
        if (cav_entity_row_get_kind(row) == kind && cav_entity_row_get_id(row) == id) {
            gtk_single_selection_set_selected(self->entity_selection, i);
            break;
        }
    }
    self->syncing = FALSE;
    describe_entity(self);
}

/* ---- showing an event ---------------------------------------------------- */

typedef enum { FROM_OTHER, FROM_SCRUBBER, FROM_TIMELINE, FROM_FOLLOW } ShowFrom;

static void update_status(CavInspectorWindow *self)
{
    const CavState *state = history_state(self->history);
    const CavCreature *player = state_player(state);
    g_autofree char *text = NULL;

    if (player != NULL)
        text = g_strdup_printf("Event %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
                               " · turn %d · you: level %d (%d,%d), hp %d/%d, %s",
                               self->seq, history_length(self->history), state->turn, player->z + 1,
                               player->x, player->y, player->hp, player->max_hp,
                               player->alive ? "alive" : "dead");
    else
        text = g_strdup_printf("Event %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT, self->seq,
                               history_length(self->history));
    gtk_label_set_text(self->status_label, text);
}

static void update_map(CavInspectorWindow *self)
{
    const CavState *state = history_state(self->history);
    const CavCreature *player = state_player(state);
    guint level = gtk_drop_down_get_selected(self->level_dropdown);

    if (level == 0 || level == GTK_INVALID_LIST_POSITION)
        cav_map_view_set_level(self->map, player != NULL ? player->z : 0);
    else
        cav_map_view_set_level(self->map, (int) level - 1);
    cav_map_view_set_state(self->map, state, history_view(self->history));
}

static void show_event_from(CavInspectorWindow *self, gint64 seq, ShowFrom from)
{
    g_autoptr(GError) error = NULL;

    if (self->history == NULL)
        return;
    seq = CLAMP(seq, 0, history_length(self->history));
    if (!history_seek(self->history, seq, &error)) {
        set_action_state(self, "follow", FALSE);
        set_action_state(self, "play", FALSE);
        show_error(self, "The game file cannot be read any more", error);
        return;
    }
    self->seq = seq;
    if (from != FROM_FOLLOW && seq != history_length(self->history) && action_state(self, "follow"))
        set_action_state(self, "follow", FALSE);
    self->syncing = TRUE;
    if (from != FROM_SCRUBBER)
        gtk_adjustment_set_value(self->scrub, (double) seq);
    if (from != FROM_TIMELINE) {
        guint position = position_at_or_before(G_LIST_MODEL(self->filtered), seq);

        gtk_single_selection_set_selected(self->selection, position);
        scroll_timeline_to(self, position);
    }
    self->syncing = FALSE;
    update_map(self);
    update_status(self);
    update_detail(self);
    cav_analysis_view_set_event(self->analysis, seq);
    if (gtk_notebook_get_current_page(self->notebook) == 1) {
        update_entities(self);
        describe_entity(self);
    }
}

void cav_inspector_window_show_event(CavInspectorWindow *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    show_event_from(self, seq, FROM_OTHER);
}

void cav_inspector_window_select_entity(CavInspectorWindow *self, CavRefKind kind, gint32 id)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    g_return_if_fail(kind == CAV_REF_CREATURE || kind == CAV_REF_ITEM);
    if (self->history == NULL)
        return;
    gtk_notebook_set_current_page(self->notebook, 1);
    select_entity(self, kind, id);
}

gint64 cav_inspector_window_get_event(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), 0);
    return self->seq;
}

History *cav_inspector_window_get_history(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), NULL);
    return self->history;
}

GListModel *cav_inspector_window_get_timeline(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), NULL);
    return self->filtered != NULL ? G_LIST_MODEL(self->filtered) : NULL;
}

GFile *cav_inspector_window_get_file(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), NULL);
    return self->file;
}

gboolean cav_inspector_window_is_loaded(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), FALSE);
    return self->history != NULL;
}

void cav_inspector_window_set_headless(CavInspectorWindow *self, gboolean headless)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    self->headless = headless;
}

/* ---- moving: actions ------------------------------------------------------- */

/* The next (@forward) or previous row of the filtered timeline from the
 * shown event, or -1 for none. */
static gint64 neighbour(CavInspectorWindow *self, gboolean forward)
{
    GListModel *model = G_LIST_MODEL(self->filtered);
    guint position = position_at_or_before(model, self->seq);
    guint n = g_list_model_get_n_items(model);

    if (forward) {
        guint next = position == GTK_INVALID_LIST_POSITION ? 0 : position + 1;
        return next < n ? row_seq(model, next) : -1;
    }
    if (position == GTK_INVALID_LIST_POSITION)
        return -1;
    if (row_seq(model, position) < self->seq)
        return row_seq(model, position);
    return position > 0 ? row_seq(model, position - 1) : 0;
}

/* The first filtered event at or after @seq, or -1. */
static gint64 first_from(CavInspectorWindow *self, gint64 seq)
{
    GListModel *model = G_LIST_MODEL(self->filtered);
    guint position = position_at_or_before(model, seq - 1);
    guint next = position == GTK_INVALID_LIST_POSITION ? 0 : position + 1;

    return next < g_list_model_get_n_items(model) ? row_seq(model, next) : -1;
}

static void step_event(CavInspectorWindow *self, gboolean forward)
{
    gint64 seq;

    if (self->history == NULL)
        return;
    seq = neighbour(self, forward);
    if (seq >= 0)
        show_event_from(self, seq, FROM_OTHER);
    else if (forward && action_state(self, "play"))
        set_action_state(self, "play", FALSE);
}

static void step_turn(CavInspectorWindow *self, gboolean forward)
{
    const HistoryEntry *entry;
    gint32 turn;
    gint64 target;

    if (self->history == NULL)
        return;
    entry = history_entry(self->history, self->seq);
    turn = entry != NULL ? entry->turn : -1;
    if (forward) {
        target = history_turn_start(self->history, turn + 1);
        target = target > 0 ? first_from(self, target) : -1;
    } else if (entry == NULL) {
        return;
    } else {
        /* Back to the start of this turn, or of the one before from there. */
        target = history_turn_start(self->history, turn);
        if (target == self->seq)
            target = turn > 0 ? history_turn_start(self->history, turn - 1) : 0;
        target = target > 0 ? first_from(self, target) : 0;
    }
    if (target >= 0)
        show_event_from(self, target, FROM_OTHER);
}

static void on_next_event(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_event(self, TRUE);
}

static void on_prev_event(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_event(self, FALSE);
}

static void on_next_turn(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_turn(self, TRUE);
}

static void on_prev_turn(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_turn(self, FALSE);
}

static void on_first(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL)
        show_event_from(self, cav_timeline_filter_is_active(self->filter) ? first_from(self, 1) : 0,
                        FROM_OTHER);
}

static void on_last(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    GListModel *model;
    guint n;

    if (self->history == NULL)
        return;
    model = G_LIST_MODEL(self->filtered);
    n = g_list_model_get_n_items(model);
    if (n > 0)
        show_event_from(self, row_seq(model, n - 1), FROM_OTHER);
}

static gboolean play_tick(gpointer user_data)
{
    step_event(user_data, TRUE);
    return G_SOURCE_CONTINUE;
}

static void restart_play(CavInspectorWindow *self)
{
    guint speed = gtk_drop_down_get_selected(self->speed_dropdown);

    g_clear_handle_id(&self->play_source, g_source_remove);
    if (!action_state(self, "play"))
        return;
    speed = MIN(speed, G_N_ELEMENTS(play_speeds) - 1);
    self->play_source = g_timeout_add(MAX(1000 / play_speeds[speed], 1), play_tick, self);
}

static void on_play(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    g_simple_action_set_state(action, state);
    restart_play(self);
}

static void on_speed(GObject *object, GParamSpec *pspec, gpointer self)
{
    restart_play(self);
}

static void on_follow(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    g_simple_action_set_state(action, state);
    if (g_variant_get_boolean(state) && self->history != NULL)
        show_event_from(self, history_length(self->history), FROM_FOLLOW);
}

static void on_truth(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    g_simple_action_set_state(action, state);
    cav_map_view_set_truth(self->map, g_variant_get_boolean(state));
    /* Potions are named as the truth has them or as the player knows them. */
    if (self->history == NULL)
        return;
    update_detail(self);
    if (gtk_notebook_get_current_page(self->notebook) == 1) {
        update_entities(self);
        describe_entity(self);
    }
}

static void on_find(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    gtk_widget_grab_focus(GTK_WIDGET(self->search_entry));
}

/* ---- filters ------------------------------------------------------------- */

static void update_count(CavInspectorWindow *self)
{
    g_autofree char *text = NULL;
    guint shown, pending;

    if (self->filtered == NULL)
        return;
    shown = g_list_model_get_n_items(G_LIST_MODEL(self->filtered));
    pending = gtk_filter_list_model_get_pending(self->filtered);
    if (!cav_timeline_filter_is_active(self->filter))
        text = g_strdup_printf("%" G_GINT64_FORMAT " events", history_length(self->history));
    else
        text = g_strdup_printf("%u of %" G_GINT64_FORMAT " events%s", shown,
                               history_length(self->history), pending > 0 ? " (searching…)" : "");
    gtk_label_set_text(self->count_label, text);
}

static void on_filtered_changed(CavInspectorWindow *self)
{
    update_count(self);
}

static void update_types_label(CavInspectorWindow *self)
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

static void on_type_toggled(GtkCheckButton *check, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    guint type = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(check), "type"));

    if (self->syncing)
        return;
    self->types[type] = gtk_check_button_get_active(check);
    cav_timeline_filter_set_types(self->filter, self->types);
    update_types_label(self);
}

static void on_any_type(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    guint t = 0;

    memset(self->types, 0, sizeof self->types);
    self->syncing = TRUE;
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self->types_box)); child != NULL;
         child = gtk_widget_get_next_sibling(child), t++)
        gtk_check_button_set_active(GTK_CHECK_BUTTON(child), FALSE);
    self->syncing = FALSE;
    cav_timeline_filter_set_types(self->filter, self->types);
    update_types_label(self);
}

static void on_turns_changed(CavInspectorWindow *self)
{
    if (self->filter != NULL)
        cav_timeline_filter_set_turns(
            self->filter, (gint32) gtk_adjustment_get_value(self->first_turn_adjustment),
            (gint32) gtk_adjustment_get_value(self->last_turn_adjustment));
}

static void on_search_changed(GtkSearchEntry *entry, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->filter != NULL)
        cav_timeline_filter_set_text(self->filter, gtk_editable_get_text(GTK_EDITABLE(entry)));
}

static void set_timeline_entity(CavInspectorWindow *self, CavRefKind kind, gint32 id)
{
    g_autoptr(GString) name = g_string_new("Only ");

    cav_timeline_filter_set_entity(self->filter, kind, id);
    gtk_widget_set_visible(GTK_WIDGET(self->entity_chip), kind != CAV_REF_NONE);
    if (kind != CAV_REF_NONE) {
        history_append_name(self->history, kind, id, name);
        gtk_label_set_text(self->entity_label, name->str);
    }
}

static void on_filter_entity(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL && self->entity_kind != CAV_REF_NONE)
        set_timeline_entity(self, self->entity_kind, self->entity_id);
}

static void on_clear_entity(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL)
        set_timeline_entity(self, CAV_REF_NONE, 0);
}

/* ---- signals from the widgets --------------------------------------------- */

static void on_scrub(GtkAdjustment *adjustment, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (!self->syncing)
        show_event_from(self, (gint64) gtk_adjustment_get_value(adjustment), FROM_SCRUBBER);
}

static void on_timeline_selected(GtkSingleSelection *selection, GParamSpec *pspec,
                                 gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    CavEventRow *row;

    if (self->syncing)
        return;
    row = gtk_single_selection_get_selected_item(selection);
    if (row != NULL)
        show_event_from(self, cav_event_row_get_seq(row), FROM_TIMELINE);
}

static void on_entity_selected(GtkSingleSelection *selection, GParamSpec *pspec, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    CavEntityRow *row;

    if (self->syncing)
        return;
    row = gtk_single_selection_get_selected_item(selection);
    if (row != NULL)
        select_entity(self, cav_entity_row_get_kind(row), cav_entity_row_get_id(row));
}

static void on_entity_history_activate(GtkListView *view, guint position, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    show_event_from(self, row_seq(G_LIST_MODEL(self->entity_history), position), FROM_OTHER);
}

static void on_level_changed(GObject *object, GParamSpec *pspec, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL)
        update_map(self);
}

static void on_page_switched(GtkNotebook *notebook, GtkWidget *page, guint number,
                             gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (number == 1 && self->history != NULL) {
        update_entities(self);
        describe_entity(self);
    }
}

static void on_cell_clicked(CavMapView *map, int x, int y, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    const CavState *state;
    const CavCreature *creature;
    const CavItem *item;
    int z = cav_map_view_get_level(map);

    if (self->history == NULL)
        return;
    state = history_state(self->history);
    cav_map_view_set_selected(map, TRUE, x, y);
    if (!cav_map_view_get_truth(map) && !view_sees(history_view(self->history), z, x, y))
        return;
    creature = state_creature_at(state, z, x, y);
    item = state_item_at(state, z, x, y);
    gtk_notebook_set_current_page(self->notebook, 1);
    if (creature != NULL)
        select_entity(self, CAV_REF_CREATURE, creature->id);
    else if (item != NULL)
        select_entity(self, CAV_REF_ITEM, item->id);
}

static gboolean on_activate_link(GtkLabel *label, const char *uri, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    gint64 value;

    if (self->history == NULL)
        return TRUE;
    if (g_str_has_prefix(uri, "seq:") &&
        g_ascii_string_to_signed(uri + 4, 10, 0, G_MAXINT64, &value, NULL)) {
        show_event_from(self, value, FROM_OTHER);
    } else if (g_str_has_prefix(uri, "creature:") &&
               g_ascii_string_to_signed(uri + 9, 10, 1, G_MAXINT32, &value, NULL)) {
        gtk_notebook_set_current_page(self->notebook, 1);
        select_entity(self, CAV_REF_CREATURE, (gint32) value);
    } else if (g_str_has_prefix(uri, "item:") &&
               g_ascii_string_to_signed(uri + 5, 10, 1, G_MAXINT32, &value, NULL)) {
        gtk_notebook_set_current_page(self->notebook, 1);
        select_entity(self, CAV_REF_ITEM, (gint32) value);
    }
    return TRUE;
}

/* ---- following a live file ------------------------------------------------ */

static gboolean follow_poll(gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    g_autoptr(GError) error = NULL;
    gint64 added = 0;

    if (!cav_timeline_update(self->timeline, &added, &error)) {
        self->follow_source = 0;
        set_action_state(self, "follow", FALSE);
        show_error(self, "The game file changed in a way a game never writes", error);
        return G_SOURCE_REMOVE;
    }
    if (added > 0) {
        self->syncing = TRUE;
        gtk_adjustment_set_upper(self->scrub, (double) history_length(self->history));
        self->syncing = FALSE;
        update_count(self);
        if (action_state(self, "follow"))
            show_event_from(self, history_length(self->history), FROM_FOLLOW);
        else
            update_status(self);
    }
    return G_SOURCE_CONTINUE;
}

/* ---- list factories --------------------------------------------------------- */

static void setup_inscription(GtkSignalListItemFactory *factory, GtkListItem *item,
                              gpointer user_data)
{
    GtkWidget *cell = gtk_inscription_new(NULL);

    gtk_inscription_set_min_chars(GTK_INSCRIPTION(cell), GPOINTER_TO_UINT(user_data));
    gtk_inscription_set_text_overflow(GTK_INSCRIPTION(cell),
                                      GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
    gtk_list_item_set_child(item, cell);
}

static void bind_property(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
    const char *property = g_object_get_data(G_OBJECT(factory), "property");
    GObject *row = gtk_list_item_get_item(item);
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(row), property);
    g_auto(GValue) value = G_VALUE_INIT;
    g_auto(GValue) text = G_VALUE_INIT;

    g_value_init(&value, pspec->value_type);
    g_value_init(&text, G_TYPE_STRING);
    g_object_get_property(row, property, &value);
    g_value_transform(&value, &text);
    gtk_inscription_set_text(GTK_INSCRIPTION(gtk_list_item_get_child(item)),
                             g_value_get_string(&text));
}

static void add_column(GtkColumnView *view, const char *title, const char *property,
                       guint min_chars, gboolean expand)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    GtkColumnViewColumn *column;

    g_object_set_data_full(G_OBJECT(factory), "property", g_strdup(property), g_free);
    g_signal_connect(factory, "setup", G_CALLBACK(setup_inscription), GUINT_TO_POINTER(min_chars));
    g_signal_connect(factory, "bind", G_CALLBACK(bind_property), NULL);
    column = gtk_column_view_column_new(title, factory);
    gtk_column_view_column_set_resizable(column, TRUE);
    gtk_column_view_column_set_expand(column, expand);
    gtk_column_view_append_column(view, column);
    g_object_unref(column);
}

static void bind_history_row(GtkSignalListItemFactory *factory, GtkListItem *item,
                             gpointer user_data)
{
    CavEventRow *row = gtk_list_item_get_item(item);
    g_autofree char *text =
        g_strdup_printf("#%" G_GINT64_FORMAT " · turn %d · %s", cav_event_row_get_seq(row),
                        cav_event_row_get_turn(row), cav_event_row_get_summary(row));

    gtk_inscription_set_text(GTK_INSCRIPTION(gtk_list_item_get_child(item)), text);
}

/* ---- loading ---------------------------------------------------------------- */

static void loading_progress(gint64 done, gint64 total, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    /* Called in the worker thread. */
    g_atomic_int_set(&self->progress_total, (gint) MIN(total, G_MAXINT));
    g_atomic_int_set(&self->progress_done, (gint) MIN(done, G_MAXINT));
}

static gboolean progress_poll(gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    gint done = g_atomic_int_get(&self->progress_done);
    gint total = g_atomic_int_get(&self->progress_total);
    g_autofree char *text = NULL;

    if (total > 0) {
        gtk_progress_bar_set_fraction(self->loading_bar, (double) done / (double) total);
        text = g_strdup_printf("%d of %d events", done, total);
        gtk_progress_bar_set_text(self->loading_bar, text);
    } else {
        gtk_progress_bar_pulse(self->loading_bar);
    }
    return G_SOURCE_CONTINUE;
}

static void open_in_thread(GTask *task, gpointer source, gpointer task_data,
                           GCancellable *cancellable)
{
    g_autofree char *path = g_file_get_path(task_data);
    GError *error = NULL;
    History *history;

    if (path == NULL) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                "Only local game files can be opened");
        return;
    }
    history = history_open_full(path, 0, loading_progress, source, cancellable, &error);
    if (history == NULL)
        g_task_return_error(task, error);
    else
        g_task_return_pointer(task, history, (GDestroyNotify) history_free);
}

static void update_title(CavInspectorWindow *self)
{
    g_autofree char *name = g_file_get_basename(self->file);
    g_autofree char *subtitle = NULL;
    const CavState *last = history_last_state(self->history);

    gtk_label_set_text(self->title_label, name);
    gtk_window_set_title(GTK_WINDOW(self), name);
    subtitle = g_strdup_printf(
        "%s · seed %" G_GINT64_FORMAT " · %d turns · %s%s%s", last->player_name, last->seed,
        last->turn, state_outcome_name(last->outcome), last->cause[0] ? ": " : "", last->cause);
    gtk_label_set_text(self->subtitle_label, subtitle);
}

static void unload(CavInspectorWindow *self)
{
    g_clear_handle_id(&self->play_source, g_source_remove);
    g_clear_handle_id(&self->follow_source, g_source_remove);
    if (self->selection != NULL) {
        gtk_column_view_set_model(self->timeline_view, NULL);
        gtk_list_view_set_model(self->entity_history_view, NULL);
    }
    g_clear_object(&self->selection);
    g_clear_object(&self->entity_history);
    g_clear_object(&self->filtered);
    g_clear_object(&self->filter);
    g_clear_object(&self->entity_filter);
    g_clear_object(&self->timeline);
    self->history = NULL;
    if (self->analysis != NULL)
        cav_analysis_view_set_history(self->analysis, NULL);
    self->entity_kind = CAV_REF_NONE;
    self->entity_id = 0;
}

static void show_history(CavInspectorWindow *self, History *history)
{
    GtkFilterListModel *entity_events;

    unload(self);
    self->timeline = cav_timeline_new(history);
    self->history = history;
    cav_analysis_view_set_history(self->analysis, history);
    self->filter = cav_timeline_filter_new(self->timeline);
    cav_timeline_filter_set_types(self->filter, self->types);
    self->filtered = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(self->timeline)),
                                               GTK_FILTER(g_object_ref(self->filter)));
    gtk_filter_list_model_set_incremental(self->filtered, TRUE);
    g_signal_connect_swapped(self->filtered, "items-changed", G_CALLBACK(on_filtered_changed),
                             self);
    g_signal_connect_swapped(self->filtered, "notify::pending", G_CALLBACK(on_filtered_changed),
                             self);
    self->selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(self->filtered)));
    gtk_single_selection_set_autoselect(self->selection, FALSE);
    gtk_single_selection_set_can_unselect(self->selection, TRUE);
    g_signal_connect(self->selection, "notify::selected", G_CALLBACK(on_timeline_selected), self);
    gtk_column_view_set_model(self->timeline_view, GTK_SELECTION_MODEL(self->selection));

    self->entity_filter = cav_timeline_filter_new(self->timeline);
    /* No entity selected yet: an id no file can hold, so the list is empty. */
    cav_timeline_filter_set_entity(self->entity_filter, CAV_REF_CREATURE, G_MAXINT32);
    entity_events = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(self->timeline)),
                                              GTK_FILTER(g_object_ref(self->entity_filter)));
    gtk_filter_list_model_set_incremental(entity_events, TRUE);
    self->entity_history = gtk_single_selection_new(G_LIST_MODEL(entity_events));
    gtk_single_selection_set_autoselect(self->entity_history, FALSE);
    gtk_list_view_set_model(self->entity_history_view, GTK_SELECTION_MODEL(self->entity_history));

    /* The first turn-range values are free now that the file is known. */
    gtk_adjustment_set_upper(self->first_turn_adjustment, history_turns(history));
    gtk_adjustment_set_upper(self->last_turn_adjustment, history_turns(history));
    self->syncing = TRUE;
    gtk_adjustment_set_upper(self->scrub, (double) history_length(history));
    self->syncing = FALSE;
    update_title(self);
    update_count(self);
    gtk_stack_set_visible_child_name(self->pages, "game");
    select_entity(self, CAV_REF_CREATURE, history_last_state(history)->player);
    show_event_from(self, history_length(history), FROM_FOLLOW);
    self->follow_source = g_timeout_add(FOLLOW_POLL_MS, follow_poll, self);
}

static void open_done(GObject *source, GAsyncResult *result, gpointer user_data)
{
    CavInspectorWindow *self = CAV_INSPECTOR_WINDOW(source);
    g_autoptr(GError) error = NULL;
    History *history = g_task_propagate_pointer(G_TASK(result), &error);
    g_autofree char *uri = NULL;

    g_clear_handle_id(&self->progress_source, g_source_remove);
    g_clear_object(&self->loading);
    if (history == NULL) {
        g_autofree char *name = g_file_get_basename(G_FILE(g_task_get_task_data(G_TASK(result))));
        g_autofree char *primary = g_strdup_printf("Could not open “%s”", name);

        if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            return;
        gtk_stack_set_visible_child_name(self->pages, self->history != NULL ? "game" : "empty");
        if (self->history == NULL)
            g_clear_object(&self->file);
        show_error(self, primary, error);
        return;
    }
    g_set_object(&self->file, G_FILE(g_task_get_task_data(G_TASK(result))));
    uri = g_file_get_uri(self->file);
    gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri);
    show_history(self, history);
    g_signal_emit(self, signals[SIGNAL_LOADED], 0);
}

void cav_inspector_window_open(CavInspectorWindow *self, GFile *file)
{
    g_autoptr(GTask) task = NULL;
    g_autofree char *name = NULL, *label = NULL;

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self) && G_IS_FILE(file));
    if (self->loading != NULL)
        g_cancellable_cancel(self->loading);
    g_clear_object(&self->loading);
    self->loading = g_cancellable_new();
    self->progress_done = self->progress_total = 0;
    name = g_file_get_basename(file);
    label = g_strdup_printf("Reading “%s”…", name);
    gtk_label_set_text(self->loading_label, label);
    gtk_progress_bar_set_fraction(self->loading_bar, 0);
    gtk_stack_set_visible_child_name(self->pages, "loading");
    g_clear_handle_id(&self->progress_source, g_source_remove);
    self->progress_source = g_timeout_add(PROGRESS_POLL_MS, progress_poll, self);
    task = g_task_new(self, self->loading, open_done, NULL);
    g_task_set_task_data(task, g_object_ref(file), g_object_unref);
    g_task_run_in_thread(task, open_in_thread);
}

/* ---- recent files ----------------------------------------------------------- */

static void fill_recent_menu(GtkMenuButton *button, gpointer user_data)
{
    g_autoptr(GMenu) menu = g_menu_new();
    GList *items = gtk_recent_manager_get_items(gtk_recent_manager_get_default());
    guint shown = 0;

    for (GList *l = items; l != NULL && shown < 10; l = l->next) {
        GtkRecentInfo *info = l->data;
        const char *uri = gtk_recent_info_get_uri(info);
        g_autoptr(GMenuItem) item = NULL;

        if (!g_str_has_suffix(uri, ".cavelog") || !gtk_recent_info_exists(info))
            continue;
        item = g_menu_item_new(gtk_recent_info_get_display_name(info), NULL);
        g_menu_item_set_action_and_target(item, "app.open-uri", "s", uri);
        g_menu_append_item(menu, item);
        shown++;
    }
    g_list_free_full(items, (GDestroyNotify) gtk_recent_info_unref);
    if (shown == 0)
        g_menu_append(menu, "No recent games", "app.nothing");
    gtk_menu_button_set_menu_model(button, G_MENU_MODEL(menu));
}

/* ---- class ------------------------------------------------------------------ */

static const GActionEntry win_actions[] = {
    {.name = "next-event", .activate = on_next_event},
    {.name = "prev-event", .activate = on_prev_event},
    {.name = "next-turn", .activate = on_next_turn},
    {.name = "prev-turn", .activate = on_prev_turn},
    {.name = "first", .activate = on_first},
    {.name = "last", .activate = on_last},
    {.name = "play", .state = "false", .change_state = on_play},
    {.name = "follow", .state = "false", .change_state = on_follow},
    {.name = "truth", .state = "false", .change_state = on_truth},
    {.name = "find", .activate = on_find},
    {.name = "any-type", .activate = on_any_type},
    {.name = "filter-entity", .activate = on_filter_entity},
    {.name = "clear-entity", .activate = on_clear_entity},
};

/* Keys over the map and lists (not the filter bar, where they are typing). */
static const struct {
    const char *trigger, *action;
} content_keys[] = {
    {"Right", "win.next-event"},
    {"Left", "win.prev-event"},
    {"<Shift>Right", "win.next-turn"},
    {"<Shift>Left", "win.prev-turn"},
    {"Home", "win.first"},
    {"End", "win.last"},
    {"space", "win.play"},
    {"f", "win.follow"},
    {"t", "win.truth"},
};

static void add_content_shortcuts(CavInspectorWindow *self)
{
    GtkEventController *controller = gtk_shortcut_controller_new();

    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    for (guint i = 0; i < G_N_ELEMENTS(content_keys); i++)
        gtk_shortcut_controller_add_shortcut(
            GTK_SHORTCUT_CONTROLLER(controller),
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string(content_keys[i].trigger),
                             gtk_named_action_new(content_keys[i].action)));
    gtk_widget_add_controller(GTK_WIDGET(self->content), controller);
}

static void add_type_checks(CavInspectorWindow *self)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        GtkWidget *check = gtk_check_button_new_with_label(ev_type_name((CavEventType) t));

        gtk_widget_set_tooltip_text(check, ev_type_meaning((CavEventType) t));
        g_object_set_data(G_OBJECT(check), "type", GUINT_TO_POINTER(t));
        g_signal_connect(check, "toggled", G_CALLBACK(on_type_toggled), self);
        gtk_box_append(self->types_box, check);
    }
}

static void setup_lists(CavInspectorWindow *self)
{
    GtkListItemFactory *factory;

    add_column(self->timeline_view, "Seq", "seq", 6, FALSE);
    add_column(self->timeline_view, "Turn", "turn", 4, FALSE);
    add_column(self->timeline_view, "Type", "type-name", 15, FALSE);
    add_column(self->timeline_view, "Actor", "actor", 11, FALSE);
    add_column(self->timeline_view, "Target", "target", 11, FALSE);
    add_column(self->timeline_view, "Summary", "summary", 24, TRUE);

    self->entities = g_list_store_new(CAV_TYPE_ENTITY_ROW);
    self->entity_selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(self->entities)));
    gtk_single_selection_set_autoselect(self->entity_selection, FALSE);
    gtk_single_selection_set_can_unselect(self->entity_selection, TRUE);
    g_signal_connect(self->entity_selection, "notify::selected", G_CALLBACK(on_entity_selected),
                     self);
    gtk_column_view_set_model(self->entities_view, GTK_SELECTION_MODEL(self->entity_selection));
    add_column(self->entities_view, "Entity", "name", 10, FALSE);
    add_column(self->entities_view, "Where", "place", 10, FALSE);
    add_column(self->entities_view, "State", "condition", 10, TRUE);

    factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_inscription), GUINT_TO_POINTER(30));
    g_signal_connect(factory, "bind", G_CALLBACK(bind_history_row), NULL);
    gtk_list_view_set_factory(self->entity_history_view, factory);
    gtk_list_view_set_single_click_activate(self->entity_history_view, TRUE);
    g_signal_connect(self->entity_history_view, "activate", G_CALLBACK(on_entity_history_activate),
                     self);
    g_object_unref(factory);
}

static void cav_inspector_window_dispose(GObject *object)
{
    CavInspectorWindow *self = CAV_INSPECTOR_WINDOW(object);

    if (self->loading != NULL)
        g_cancellable_cancel(self->loading);
    g_clear_object(&self->loading);
    g_clear_handle_id(&self->progress_source, g_source_remove);
    unload(self);
    self->analysis = NULL; /* a notebook child, going with the window */
    g_clear_object(&self->entity_selection);
    g_clear_object(&self->entities);
    g_clear_object(&self->file);
    G_OBJECT_CLASS(cav_inspector_window_parent_class)->dispose(object);
}

static void cav_inspector_window_class_init(CavInspectorWindowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = cav_inspector_window_dispose;
    signals[SIGNAL_LOADED] = g_signal_new("loaded", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
    signals[SIGNAL_FAILED] = g_signal_new("failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

    g_type_ensure(CAV_TYPE_MAP_VIEW);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-inspector-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavInspectorWindow, name)
    BIND(pages);
    BIND(title_label);
    BIND(subtitle_label);
    BIND(loading_label);
    BIND(count_label);
    BIND(status_label);
    BIND(loading_bar);
    BIND(recent_button);
    BIND(types_button);
    BIND(types_box);
    BIND(entity_chip);
    BIND(entity_label);
    BIND(detail_label);
    BIND(entity_detail);
    BIND(first_turn_adjustment);
    BIND(last_turn_adjustment);
    BIND(scrub);
    BIND(search_entry);
    BIND(content);
    BIND(level_dropdown);
    BIND(speed_dropdown);
    BIND(map);
    BIND(scrubber);
    BIND(timeline_view);
    BIND(entities_view);
    BIND(notebook);
    BIND(entity_history_view);
#undef BIND
}

static void cav_inspector_window_init(CavInspectorWindow *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->scroll_to = GTK_INVALID_LIST_POSITION;
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_actions, G_N_ELEMENTS(win_actions),
                                    self);
    add_content_shortcuts(self);
    add_type_checks(self);
    setup_lists(self);
    gtk_stack_set_visible_child_name(self->pages, "empty");
    gtk_menu_button_set_create_popup_func(self->recent_button, fill_recent_menu, NULL, NULL);
    g_signal_connect(self->scrub, "value-changed", G_CALLBACK(on_scrub), self);
    g_signal_connect_swapped(self->first_turn_adjustment, "value-changed",
                             G_CALLBACK(on_turns_changed), self);
    g_signal_connect_swapped(self->last_turn_adjustment, "value-changed",
                             G_CALLBACK(on_turns_changed), self);
    g_signal_connect(self->search_entry, "search-changed", G_CALLBACK(on_search_changed), self);
    g_signal_connect(self->speed_dropdown, "notify::selected", G_CALLBACK(on_speed), self);
    g_signal_connect(self->level_dropdown, "notify::selected", G_CALLBACK(on_level_changed), self);
    g_signal_connect(self->notebook, "switch-page", G_CALLBACK(on_page_switched), self);
    self->analysis = CAV_ANALYSIS_VIEW(cav_analysis_view_new());
    gtk_notebook_append_page(self->notebook, GTK_WIDGET(self->analysis),
                             gtk_label_new_with_mnemonic("_Analysis"));
    g_signal_connect_swapped(self->analysis, "seek", G_CALLBACK(cav_inspector_window_show_event),
                             self);
    g_signal_connect(self->map, "cell-clicked", G_CALLBACK(on_cell_clicked), self);
    g_signal_connect(self->detail_label, "activate-link", G_CALLBACK(on_activate_link), self);
    g_signal_connect(self->entity_detail, "activate-link", G_CALLBACK(on_activate_link), self);
}

CavInspectorWindow *cav_inspector_window_new(GtkApplication *application)
{
    return g_object_new(CAV_TYPE_INSPECTOR_WINDOW, "application", application, NULL);
}
