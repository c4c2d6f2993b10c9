/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-marker-strip.c — CavMarkerStrip: ticks drawn where the scrubber's
 * slider would stand for each marker, the window's marker actions, and the
 * menu beside the scrubber. The markers are found once per game (and per
 * bookmark added); drawing only maps them to pixels. */
#include "cav-marker-strip.h"

#include "bookmarks.h"
#include "cav-bookmarks.h"

#define STRIP_HEIGHT 12
#define NEAR_PX 5.0 /* how far from a tick a pointer still means it */
#define TOOLTIP_LINES 4
#define STRIP_KEY "cav-marker-strip"

struct _CavMarkerStrip {
    GtkWidget parent_instance;

    CavInspectorWindow *window; /* owns the strip */
    GtkScale *scrubber;
    CavMarkers *markers; /* or NULL */
    History *history;    /* the markers' history (borrowed) */
    gboolean shown[CAV_MARKER_KINDS];
};

G_DEFINE_FINAL_TYPE(CavMarkerStrip, cav_marker_strip, GTK_TYPE_WIDGET)

/* Action names of the kinds (by CavMarkerKind; colours: cav_marker_kind_colour). */
static const char *const kind_actions[CAV_MARKER_KINDS] = {
    "marker-death", "marker-end",      "marker-stairs",
    "marker-hurt",  "marker-level-up", "marker-bookmark",
};
static const char *const kind_menu_labels[CAV_MARKER_KINDS] = {
    "Deaths",    "Your death, the game's end", "Your stairs", "You hurt", "Your level-ups",
    "Bookmarks",
};
#define WON_COLOUR "#e5a50a" /* the end, when it is a win */

/* Drawn in this order: the frequent first, the rare on top. */
static const CavMarkerKind draw_order[CAV_MARKER_KINDS] = {
    CAV_MARKER_HURT,     CAV_MARKER_DEATH,    CAV_MARKER_STAIRS,
    CAV_MARKER_LEVEL_UP, CAV_MARKER_BOOKMARK, CAV_MARKER_END,
};

/* ---- the markers --------------------------------------------------------------- */

/* The window's bookmarks merged into the markers. */
static void take_bookmarks(CavMarkerStrip *self)
{
    const GPtrArray *bookmarks = cav_bookmarks_get_bookmarks(self->window);
    g_autoptr(GArray) seqs = g_array_new(FALSE, FALSE, sizeof(gint64));

    for (guint i = 0; bookmarks != NULL && i < bookmarks->len; i++)
        g_array_append_val(seqs, ((const Bookmark *) g_ptr_array_index(bookmarks, i))->seq);
    cav_markers_set_bookmarks(self->markers, (const gint64 *) (gconstpointer) seqs->data,
                              seqs->len);
}

/* The markers of the window's game as it is now: found again when the game
 * changed, extended when it grew. */
static CavMarkers *markers_now(CavMarkerStrip *self)
{
    History *history = cav_inspector_window_get_history(self->window);

    if (history != self->history) {
        g_clear_pointer(&self->markers, cav_markers_free);
        self->history = NULL;
    }
    if (history == NULL)
        return NULL;
    if (self->markers == NULL) {
        self->markers = cav_markers_new(history, NULL, 0);
        self->history = history;
        take_bookmarks(self);
    } else {
        cav_markers_extend(self->markers);
    }
    return self->markers;
}

const CavMarkers *cav_marker_strip_get_markers(CavMarkerStrip *self)
{
    g_return_val_if_fail(CAV_IS_MARKER_STRIP(self), NULL);
    return markers_now(self);
}

const gboolean *cav_marker_strip_get_shown(CavMarkerStrip *self)
{
    g_return_val_if_fail(CAV_IS_MARKER_STRIP(self), NULL);
    return self->shown;
}

/* ---- where events are drawn ---------------------------------------------------- */

/* The descendant of @root whose CSS name is @name, or NULL. */
static GtkWidget *css_child(GtkWidget *root, const char *name)
{
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found =
            g_strcmp0(gtk_widget_get_css_name(child), name) == 0 ? child : css_child(child, name);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* The x of the scrubber's slider centre at its lowest value, in the
 * strip's coordinates, and how far it travels; FALSE before a size. (The
 * slider moves inside the trough, its centre from half its width to the
 * trough's width less half.) */
static gboolean slider_track(CavMarkerStrip *self, double *x0, double *travel)
{
    GtkWidget *trough = css_child(GTK_WIDGET(self->scrubber), "trough");
    GtkWidget *slider = trough != NULL ? css_child(trough, "slider") : NULL;
    int width, slider_width;
    double x, y;

    if (slider == NULL)
        return FALSE;
    width = gtk_widget_get_width(trough);
    slider_width = gtk_widget_get_width(slider);
    if (width <= 0 ||
        !gtk_widget_translate_coordinates(trough, GTK_WIDGET(self), slider_width / 2.0, 0, &x, &y))
        return FALSE;
    *x0 = x;
    *travel = MAX(width - slider_width, 1);
    return TRUE;
}

double cav_marker_strip_x_of(CavMarkerStrip *self, gint64 seq)
{
    GtkAdjustment *adjustment = gtk_range_get_adjustment(GTK_RANGE(self->scrubber));
    double lower = gtk_adjustment_get_lower(adjustment);
    double upper = gtk_adjustment_get_upper(adjustment);
    double x0, travel;

    g_return_val_if_fail(CAV_IS_MARKER_STRIP(self), -1);
    if (!slider_track(self, &x0, &travel))
        return -1;
    return upper > lower ? x0 + ((double) seq - lower) / (upper - lower) * travel : x0;
}

/* ---- drawing --------------------------------------------------------------------- */

static void draw_kind(CavMarkerStrip *self, GtkSnapshot *snapshot, CavMarkerKind kind,
                      const CavMarker *markers, guint n, int height)
{
    History *history = cav_inspector_window_get_history(self->window);
    GdkRGBA colour, won;
    int last_px = G_MININT;

    gdk_rgba_parse(&colour, cav_marker_kind_colour(kind));
    gdk_rgba_parse(&won, WON_COLOUR);
    for (guint i = 0; i < n; i++) {
        int px;

        if (markers[i].kind != kind)
            continue;
        px = (int) cav_marker_strip_x_of(self, markers[i].seq);
        if (px == last_px)
            continue; /* one tick per pixel is enough */
        last_px = px;
        gtk_snapshot_append_color(snapshot,
                                  kind == CAV_MARKER_END &&
                                          history_entry(history, markers[i].seq)->type ==
                                              CAV_EVENT_GAME_WON
                                      ? &won
                                      : &colour,
                                  &GRAPHENE_RECT_INIT(px - 1, 0, 2, (float) height));
    }
}

static void cav_marker_strip_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    CavMarkerStrip *self = CAV_MARKER_STRIP(widget);
    CavMarkers *markers = markers_now(self);
    const CavMarker *all;
    guint n;

    if (markers == NULL)
        return;
    all = cav_markers_get(markers, &n);
    for (guint k = 0; k < CAV_MARKER_KINDS; k++)
        if (self->shown[draw_order[k]])
            draw_kind(self, snapshot, draw_order[k], all, n, gtk_widget_get_height(widget));
}

static void cav_marker_strip_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                     int *minimum, int *natural, int *minimum_baseline,
                                     int *natural_baseline)
{
    *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? STRIP_HEIGHT : 0;
}

/* ---- pointing ----------------------------------------------------------------------- */

/* The index of the shown marker nearest @x within NEAR_PX, or -1. */
static gint64 nearest(CavMarkerStrip *self, double x)
{
    CavMarkers *markers = markers_now(self);
    const CavMarker *all;
    double best = NEAR_PX + 1;
    gint64 found = -1;
    guint n;

    if (markers == NULL)
        return -1;
    all = cav_markers_get(markers, &n);
    for (guint i = 0; i < n; i++) {
        double d;

        if (!self->shown[all[i].kind])
            continue;
        d = fabs(cav_marker_strip_x_of(self, all[i].seq) - x);
        if (d <= NEAR_PX && d < best) {
            best = d;
            found = i;
        }
    }
    return found;
}

/* "You were hurt — turn 12, event 345: goblin 3 hit you for 4". */
static void describe_marker(CavMarkerStrip *self, const CavMarker *marker, GString *out)
{
    History *history = cav_inspector_window_get_history(self->window);
    const HistoryEntry *entry = history_entry(history, marker->seq);
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));

    g_string_append_printf(out, "%s — turn %d, event %" G_GINT64_FORMAT,
                           cav_marker_kind_name(marker->kind), entry != NULL ? entry->turn : 0,
                           marker->seq);
    if (history_read(history, marker->seq, marker->seq, events, NULL) && events->len == 1) {
        g_string_append(out, ": ");
        history_summary(history, &g_array_index(events, CavEvent, 0), out);
    }
}

char *cav_marker_strip_tooltip_at(CavMarkerStrip *self, double x)
{
    gint64 index = nearest(self, x);
    const CavMarker *all;
    GString *text;
    double at;
    guint n, lines = 0;

    g_return_val_if_fail(CAV_IS_MARKER_STRIP(self), NULL);
    if (index < 0)
        return NULL;
    all = cav_markers_get(self->markers, &n);
    at = cav_marker_strip_x_of(self, all[index].seq);
    text = g_string_new(NULL);
    /* every shown marker drawn on the same pixel as the nearest */
    for (guint i = 0; i < n && lines < TOOLTIP_LINES; i++) {
        if (!self->shown[all[i].kind] || fabs(cav_marker_strip_x_of(self, all[i].seq) - at) >= 1)
            continue;
        if (lines++ > 0)
            g_string_append_c(text, '\n');
        describe_marker(self, &all[i], text);
    }
    return g_string_free(text, FALSE);
}

static gboolean on_query_tooltip(GtkWidget *widget, int x, int y, gboolean keyboard,
                                 GtkTooltip *tooltip, gpointer user_data)
{
    g_autofree char *text = cav_marker_strip_tooltip_at(CAV_MARKER_STRIP(widget), x);

    if (text == NULL)
        return FALSE;
    gtk_tooltip_set_text(tooltip, text);
    return TRUE;
}

static void on_pressed(GtkGestureClick *gesture, int n_press, double x, double y,
                       gpointer user_data)
{
    CavMarkerStrip *self = user_data;
    gint64 index = nearest(self, x);
    guint n;

    if (index < 0)
        return;
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    cav_inspector_window_show_event(self->window, cav_markers_get(self->markers, &n)[index].seq);
}

/* ---- the object -------------------------------------------------------------------- */

static void cav_marker_strip_dispose(GObject *object)
{
    CavMarkerStrip *self = CAV_MARKER_STRIP(object);

    g_clear_pointer(&self->markers, cav_markers_free);
    G_OBJECT_CLASS(cav_marker_strip_parent_class)->dispose(object);
}

static void cav_marker_strip_class_init(CavMarkerStripClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = cav_marker_strip_dispose;
    widget_class->snapshot = cav_marker_strip_snapshot;
    widget_class->measure = cav_marker_strip_measure;
    gtk_widget_class_set_css_name(widget_class, "markerstrip");
}

static void cav_marker_strip_init(CavMarkerStrip *self)
{
    GtkGesture *click = gtk_gesture_click_new();

    for (guint k = 0; k < CAV_MARKER_KINDS; k++)
        self->shown[k] = TRUE;
    gtk_widget_set_has_tooltip(GTK_WIDGET(self), TRUE);
    g_signal_connect(self, "query-tooltip", G_CALLBACK(on_query_tooltip), NULL);
    g_signal_connect(click, "pressed", G_CALLBACK(on_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
}

/* ---- actions and the menu ------------------------------------------------------------ */

static void step_marker(CavMarkerStrip *self, gboolean forward)
{
    CavMarkers *markers = markers_now(self);
    gint64 seq;

    if (markers == NULL)
        return;
    seq = cav_markers_next(markers, cav_inspector_window_get_event(self->window), forward,
                           self->shown);
    if (seq >= 0)
        cav_inspector_window_show_event(self->window, seq);
}

static void on_next_marker(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_marker(self, TRUE);
}

static void on_prev_marker(GSimpleAction *a, GVariant *p, gpointer self)
{
    step_marker(self, FALSE);
}

static void on_kind_shown(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    CavMarkerStrip *self = user_data;

    for (guint k = 0; k < CAV_MARKER_KINDS; k++)
        if (g_strcmp0(g_action_get_name(G_ACTION(action)), kind_actions[k]) == 0)
            self->shown[k] = g_variant_get_boolean(state);
    g_simple_action_set_state(action, state);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void on_play_turns(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    g_simple_action_set_state(action, state);
}

static GMenuModel *strip_menu(void)
{
    GMenu *menu = g_menu_new();
    g_autoptr(GMenu) kinds = g_menu_new();
    g_autoptr(GMenu) moves = g_menu_new();
    g_autoptr(GMenuItem) next = g_menu_item_new("Next marker", "win.next-marker");
    g_autoptr(GMenuItem) prev = g_menu_item_new("Previous marker", "win.prev-marker");

    for (guint k = 0; k < CAV_MARKER_KINDS; k++) {
        g_autofree char *action = g_strconcat("win.", kind_actions[k], NULL);
        g_autofree char *accel = g_strdup_printf("<Control>%u", k + 1); /* cav-keys.c's */
        g_autoptr(GMenuItem) item = g_menu_item_new(kind_menu_labels[k], action);
        g_menu_item_set_attribute(item, "accel", "s", accel);
        g_menu_append_item(kinds, item);
    }
    g_menu_item_set_attribute(next, "accel", "s", "m");
    g_menu_item_set_attribute(prev, "accel", "s", "<Shift>m");
    g_menu_append_item(moves, next);
    g_menu_append_item(moves, prev);
    g_menu_append(moves, "Play by turns", "win.play-turns");
    g_menu_append_section(menu, "Markers shown", G_MENU_MODEL(kinds));
    g_menu_append_section(menu, NULL, G_MENU_MODEL(moves));
    return G_MENU_MODEL(menu);
}

static void add_actions(CavMarkerStrip *self)
{
    const GActionEntry actions[] = {
        {.name = "next-marker", .activate = on_next_marker},
        {.name = "prev-marker", .activate = on_prev_marker},
        {.name = "play-turns", .state = "false", .change_state = on_play_turns},
    };

    g_action_map_add_action_entries(G_ACTION_MAP(self->window), actions, G_N_ELEMENTS(actions),
                                    self);
    for (guint k = 0; k < CAV_MARKER_KINDS; k++) {
        g_autoptr(GSimpleAction) action =
            g_simple_action_new_stateful(kind_actions[k], NULL, g_variant_new_boolean(TRUE));

        g_signal_connect(action, "change-state", G_CALLBACK(on_kind_shown), self);
        g_action_map_add_action(G_ACTION_MAP(self->window), G_ACTION(action));
    }
}

/* The scrubber moves into a vertical box with the strip above it; a menu
 * button follows the box. */
static void place(CavMarkerStrip *self, GtkScale *scrubber)
{
    GtkWidget *parent = gtk_widget_get_parent(GTK_WIDGET(scrubber));
    GtkWidget *before = gtk_widget_get_prev_sibling(GTK_WIDGET(scrubber));
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *button = gtk_menu_button_new();
    g_autoptr(GMenuModel) menu = strip_menu();

    g_return_if_fail(GTK_IS_BOX(parent));
    g_object_ref(scrubber);
    gtk_box_remove(GTK_BOX(parent), GTK_WIDGET(scrubber));
    gtk_box_append(GTK_BOX(column), GTK_WIDGET(self));
    gtk_box_append(GTK_BOX(column), GTK_WIDGET(scrubber));
    g_object_unref(scrubber);
    gtk_widget_set_hexpand(column, TRUE);
    gtk_widget_set_valign(column, GTK_ALIGN_CENTER);
    gtk_box_insert_child_after(GTK_BOX(parent), column, before);
    gtk_widget_set_name(button, "markers");
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(button), "find-location-symbolic");
    gtk_widget_set_tooltip_text(button, "Markers on the scrubber (M / Shift+M: next / previous)");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(button), menu);
    gtk_box_insert_child_after(GTK_BOX(parent), button, column);
}

void cav_marker_strip_install(CavInspectorWindow *window, GtkScale *scrubber)
{
    CavMarkerStrip *self = g_object_new(CAV_TYPE_MARKER_STRIP, NULL);

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(window) && GTK_IS_SCALE(scrubber));
    self->window = window;
    self->scrubber = scrubber;
    gtk_widget_set_name(GTK_WIDGET(self), "marker-strip");
    g_object_set_data(G_OBJECT(window), STRIP_KEY, self);
    add_actions(self);
    place(self, scrubber);
    g_signal_connect_object(gtk_range_get_adjustment(GTK_RANGE(scrubber)), "changed",
                            G_CALLBACK(gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

CavMarkerStrip *cav_marker_strip_get(CavInspectorWindow *window)
{
    return g_object_get_data(G_OBJECT(window), STRIP_KEY);
}

void cav_marker_strip_reload(CavInspectorWindow *window)
{
    CavMarkerStrip *self = cav_marker_strip_get(window);

    if (self == NULL)
        return;
    /* The same game: only the bookmarks can have changed. */
    if (self->markers != NULL && self->history == cav_inspector_window_get_history(window))
        take_bookmarks(self);
    else {
        g_clear_pointer(&self->markers, cav_markers_free);
        self->history = NULL;
    }
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void cav_marker_strip_take(CavInspectorWindow *window, History *history, CavMarkers *markers)
{
    CavMarkerStrip *self = cav_marker_strip_get(window);

    if (self == NULL) {
        cav_markers_free(markers);
        return;
    }
    g_clear_pointer(&self->markers, cav_markers_free);
    self->markers = markers;
    self->history = history;
    take_bookmarks(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}
