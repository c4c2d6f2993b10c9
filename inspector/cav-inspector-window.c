/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-inspector-window.c — the inspector's window: the wiring of its parts,
 * opening a file (CavLoadingPage reads it), following it, and the actions.
 *
 * One number drives everything: the seq of the event shown. The scrubber,
 * the timeline (CavTimelinePane), the map, the status line and the pages
 * under the timeline (CavDetailPane) follow it; any of them asking for
 * another event calls show_event_from(), which seeks the history and brings
 * the others into step (a flag keeps their signals from echoing back). The
 * filters (CavFilterBar) make the timeline's rows; CavPlayback plays them. */
#include "cav-inspector-window.h"

#include "cav-a11y.h"
#include "cav-describe.h"
#include "cav-detail-pane.h"
#include "cav-filter-bar.h"
#include "cav-keys.h"
#include "cav-loading-page.h"
#include "cav-map-view.h"
#include "cav-marker-strip.h"
#include "cav-bookmarks.h"
#include "cav-recent.h"
#include "cav-playback.h"
#include "cav-settings.h"
#include "cav-timeline-pane.h"
#include "cav-timeline.h"
#include "cav-timing.h"
#include "cav-timeline-filter.h"
#include "analysis.h"
#include "cav-visits.h"
#include "shown.h"

#include <string.h>

#define FOLLOW_POLL_MS 250

struct _CavInspectorWindow {
    AdwApplicationWindow parent_instance;

    /* Template children. */
    GtkStack *pages;
    AdwWindowTitle *window_title;
    AdwToastOverlay *toasts;
    AdwStatusPage *error_page;
    CavLoadingPage *loading_page;
    GtkLabel *status_label;
    GtkMenuButton *recent_button, *bookmarks_button;
    /* With bookmarks_button, shown only while a game is. */
    GtkWidget *follow_button, *fork_button, *truth_button, *visit_buttons;
    CavFilterBar *filter_bar;
    GtkAdjustment *scrub;
    GtkToggleButton *play_button;
    GtkPaned *content, *right_panes;
    GtkDropDown *level_dropdown, *speed_dropdown;
    CavMapView *map;
    GtkScale *scrubber;
    CavTimelinePane *timeline_pane;
    CavDetailPane *detail_pane;

    /* The game shown. */
    GFile *file;
    CavTimeline *timeline; /* owns the history */
    History *history;
    gint64 seq;

    CavPlayback *playback;
    CavVisits visits; /* Back and Forward */
    guint follow_source;
    gboolean syncing, headless;
    gboolean truth;                /* the truth shown, not the player's knowledge */
    guint32 depths_listed;         /* the depth menu's depths, a bit each (0: not made yet) */
    gint depth_of[CAV_LEVELS + 1]; /* the depth (0-based) of each menu row past the first */
    GSettings *settings;           /* what the window remembers, or NULL without the schema */
};

G_DEFINE_FINAL_TYPE(CavInspectorWindow, cav_inspector_window, ADW_TYPE_APPLICATION_WINDOW)

enum { SIGNAL_LOADED, SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- small helpers -------------------------------------------------------- */

void cav_inspector_window_alert(CavInspectorWindow *self, const char *heading, const char *body)
{
    GtkWidget *dialog;

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    if (self->headless)
        return;
    dialog = adw_message_dialog_new(GTK_WINDOW(self), heading, body);
    adw_message_dialog_add_response(ADW_MESSAGE_DIALOG(dialog), "close", "_Close");
    gtk_window_present(GTK_WINDOW(dialog));
}

void cav_inspector_window_alert_error(CavInspectorWindow *self, const char *heading,
                                      const GError *error)
{
    const char *what = error->message[0] == '/' ? strstr(error->message, ": ") : NULL;
    g_autofree char *path = NULL, *sentence = NULL, *body = NULL;

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    if (what == NULL) {
        cav_inspector_window_alert(self, heading, error->message);
        return;
    }
    path = g_strndup(error->message, (gsize) (what - error->message));
    sentence = g_strdup(what + 2);
    sentence[0] = g_ascii_toupper(sentence[0]);
    body = g_strdup_printf("%s.\n\n%s", sentence, path);
    cav_inspector_window_alert(self, heading, body);
}

void cav_inspector_window_add_toast(CavInspectorWindow *self, const char *text)
{
    g_autofree char *escaped = NULL;

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    if (self->headless)
        return;
    escaped = g_markup_escape_text(text, -1); /* a toast's title is markup */
    adw_toast_overlay_add_toast(self->toasts, adw_toast_new(escaped));
}

static void show_error(CavInspectorWindow *self, const char *primary, const GError *error)
{
    if (self->headless)
        g_signal_emit(self, signals[SIGNAL_FAILED], 0, error);
    else
        cav_inspector_window_alert_error(self, primary, error);
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

/* ---- entities ----------------------------------------------------------- */

/* ---- showing an event ---------------------------------------------------- */

typedef enum { FROM_OTHER, FROM_SCRUBBER, FROM_TIMELINE, FROM_FOLLOW } ShowFrom;

static void stop_playing(CavInspectorWindow *self);

static void update_subtitle(CavInspectorWindow *self)
{
    g_autofree char *file = g_file_get_basename(self->file);
    g_autofree char *name = ev_shown(file); /* a file name shows no control raw */
    g_autofree char *subtitle =
        g_strdup_printf("%s · turn %d of %d", name, history_state(self->history)->turn,
                        history_last_state(self->history)->turn);

    adw_window_title_set_subtitle(self->window_title, subtitle);
}

/* The title is the game (who, which seed, how it went); the subtitle the
 * file and the turn shown (update_subtitle). */
static void update_title(CavInspectorWindow *self)
{
    g_autofree char *file = g_file_get_basename(self->file);
    g_autofree char *name = ev_shown(file);
    g_autofree char *described = cav_describe_game(self->history);
    g_autofree char *title = ev_shown(described); /* the player's name and cause, from the file */

    gtk_window_set_title(GTK_WINDOW(self), name);
    adw_window_title_set_title(self->window_title, title);
    update_subtitle(self);
}

static void update_status(CavInspectorWindow *self)
{
    g_autofree char *text = cav_describe_status(self->history, self->seq);

    gtk_label_set_text(self->status_label, text);
    update_subtitle(self);
}

/* The depths the menu offers: every one in the truth; in the player's
 * view those the player had stood on by the event shown. */
static guint32 depths_known(CavInspectorWindow *self)
{
    guint32 depths = 0;

    for (gint z = 0; z < history_last_state(self->history)->levels_generated && z < CAV_LEVELS; z++)
        if (self->truth || history_depth_seen(self->history, z) <= self->seq)
            depths |= 1u << z;
    return depths | 1u << CAV_LEVELS; /* never 0: "made" */
}

/* Make the depth menu anew when the depths it should list changed, keeping
 * the depth chosen when it is still listed. */
static void update_depths(CavInspectorWindow *self)
{
    guint32 depths = depths_known(self);
    guint selected = gtk_drop_down_get_selected(self->level_dropdown);
    gint chosen =
        selected > 0 && selected != GTK_INVALID_LIST_POSITION ? self->depth_of[selected] : -1;
    g_autoptr(GtkStringList) list = NULL;
    guint n = 1, again = 0;

    if (depths == self->depths_listed)
        return;
    self->depths_listed = depths;
    list = gtk_string_list_new((const char *const[]){"Player’s Depth", NULL});
    for (gint z = 0; z < CAV_LEVELS; z++) {
        g_autofree char *name = NULL;
        if ((depths & (1u << z)) == 0)
            continue;
        name = g_strdup_printf("Depth %d", z + 1);
        gtk_string_list_append(list, name);
        again = z == chosen ? n : again;
        self->depth_of[n++] = z;
    }
    self->syncing = TRUE;
    gtk_drop_down_set_model(self->level_dropdown, G_LIST_MODEL(list));
    gtk_drop_down_set_selected(self->level_dropdown, again);
    self->syncing = FALSE;
}

static void update_map(CavInspectorWindow *self)
{
    const CavState *state = history_state(self->history);
    const CavCreature *player = state_player(state);
    guint level;

    update_depths(self);
    level = gtk_drop_down_get_selected(self->level_dropdown);
    if (level == 0 || level == GTK_INVALID_LIST_POSITION)
        cav_map_view_set_level(self->map, player != NULL ? player->z : 0);
    else
        cav_map_view_set_level(self->map, self->depth_of[level]);
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
        stop_playing(self);
        show_error(self, "The game file cannot be read any more", error);
        return;
    }
    self->seq = seq;
    cav_map_view_set_decision(self->map, NULL); /* the Why page draws it anew */
    if (from != FROM_FOLLOW && seq != history_length(self->history) && action_state(self, "follow"))
        set_action_state(self, "follow", FALSE);
    self->syncing = TRUE;
    if (from != FROM_SCRUBBER)
        gtk_adjustment_set_value(self->scrub, (double) seq);
    self->syncing = FALSE;
    cav_timeline_pane_show(self->timeline_pane, seq);
    update_map(self);
    update_status(self);
    cav_detail_pane_show(self->detail_pane, seq);
}

/* Back and Forward can go only where there is somewhere to go. */
static void update_visits(CavInspectorWindow *self)
{
    GAction *back = g_action_map_lookup_action(G_ACTION_MAP(self), "back");
    GAction *forward = g_action_map_lookup_action(G_ACTION_MAP(self), "forward");

    g_simple_action_set_enabled(G_SIMPLE_ACTION(back), cav_visits_can_go(&self->visits, FALSE));
    g_simple_action_set_enabled(G_SIMPLE_ACTION(forward), cav_visits_can_go(&self->visits, TRUE));
}

void cav_inspector_window_show_event(CavInspectorWindow *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    if (self->history == NULL)
        return;
    cav_visits_jump(&self->visits, self->seq, CLAMP(seq, 0, history_length(self->history)));
    update_visits(self);
    show_event_from(self, seq, FROM_OTHER);
}

static void go_visit(CavInspectorWindow *self, gboolean forward)
{
    gint64 seq;

    if (self->history == NULL)
        return;
    seq = cav_visits_go(&self->visits, self->seq, forward);
    update_visits(self);
    if (seq >= 0)
        show_event_from(self, seq, FROM_OTHER);
}

static void on_back(GSimpleAction *a, GVariant *p, gpointer self)
{
    go_visit(self, FALSE);
}

static void on_forward(GSimpleAction *a, GVariant *p, gpointer self)
{
    go_visit(self, TRUE);
}

void cav_inspector_window_select_entity(CavInspectorWindow *self, CavRefKind kind, gint32 id)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self));
    g_return_if_fail(kind == CAV_REF_CREATURE || kind == CAV_REF_ITEM);
    if (self->history == NULL)
        return;
    cav_detail_pane_select_entity(self->detail_pane, kind, id);
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
    return cav_filter_bar_get_model(self->filter_bar);
}

gint32 cav_inspector_window_get_preview_turn(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), -1);
    return cav_loading_page_get_preview_turn(self->loading_page);
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
    /* A picture shows the page it is of, never half of a crossfade. */
    gtk_stack_set_transition_type(self->pages, headless ? GTK_STACK_TRANSITION_TYPE_NONE
                                                        : GTK_STACK_TRANSITION_TYPE_CROSSFADE);
}

gboolean cav_inspector_window_get_headless(CavInspectorWindow *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_WINDOW(self), FALSE);
    return self->headless;
}

/* ---- moving: actions ------------------------------------------------------- */

static void step_event(CavInspectorWindow *self, gboolean forward)
{
    gint64 seq;

    if (self->history == NULL)
        return;
    seq = cav_timeline_pane_next(self->timeline_pane, self->seq, forward);
    if (seq >= 0)
        show_event_from(self, seq, FROM_OTHER);
}

static void step_turn(CavInspectorWindow *self, gboolean forward)
{
    gint64 seq;

    if (self->history == NULL)
        return;
    seq = cav_timeline_pane_next_turn(self->timeline_pane, self->history, self->seq, forward);
    if (seq >= 0)
        show_event_from(self, seq, FROM_OTHER);
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

    if (self->history == NULL)
        return;
    if (cav_timeline_filter_is_active(cav_filter_bar_get_filter(self->filter_bar)))
        show_event_from(self, cav_timeline_pane_first_from(self->timeline_pane, 1), FROM_OTHER);
    else
        show_event_from(self, 0, FROM_OTHER);
}

static void on_last(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    gint64 last;

    if (self->history == NULL)
        return;
    last = cav_timeline_pane_last(self->timeline_pane);
    if (last >= 0)
        show_event_from(self, last, FROM_OTHER);
}

/* ---- playing ----------------------------------------------------------------- */

/* The playback's step: @steps rows of the timeline on, or turns with
 * win.play-turns. */
static gboolean play_advance(gint64 steps, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    gint64 seq;

    if (self->history == NULL)
        return TRUE; /* nothing to play yet */
    seq = action_state(self, "play-turns")
              ? cav_markers_turns_ahead(self->history, self->seq, steps)
              : cav_timeline_pane_ahead(self->timeline_pane, self->seq, steps);
    if (seq < 0)
        return FALSE; /* the end */
    show_event_from(self, seq, FROM_OTHER);
    return TRUE;
}

/* The play action follows the playback (which stops at the end). */
static void on_playing_changed(CavInspectorWindow *self)
{
    set_action_state(self, "play", cav_playback_get_playing(self->playback));
}

/* Pause, as the play button and Space would. */
static void stop_playing(CavInspectorWindow *self)
{
    if (self->playback != NULL)
        cav_playback_set_playing(self->playback, FALSE);
}

static void on_play(GSimpleAction *action, GVariant *state, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    g_simple_action_set_state(action, state);
    cav_playback_set_playing(self->playback, g_variant_get_boolean(state));
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
    cav_loading_page_set_truth(self->loading_page, g_variant_get_boolean(state));
    if (self->settings != NULL && !self->headless)
        g_settings_set_boolean(self->settings, "truth", g_variant_get_boolean(state));
    cav_detail_pane_set_truth(self->detail_pane, g_variant_get_boolean(state));
    self->truth = g_variant_get_boolean(state);
    if (self->timeline != NULL)
        cav_timeline_set_truth(self->timeline, self->truth);
    if (self->history != NULL)
        update_map(self);
}

/* The depth shown: 0 the player's, 1 to 5 that depth (the 0 to 5 keys); a
 * depth the menu does not list (not yet seen, without Truth) changes nothing. */
static void on_depth(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    guint depth = g_variant_get_uint32(p);
    guint rows = g_list_model_get_n_items(gtk_drop_down_get_model(self->level_dropdown));

    if (depth == 0) {
        gtk_drop_down_set_selected(self->level_dropdown, 0);
        return;
    }
    for (guint row = 1; row < rows && row <= CAV_LEVELS; row++)
        if (self->depth_of[row] == (gint) depth - 1)
            gtk_drop_down_set_selected(self->level_dropdown, row);
}

/* The speed menu's next item up (or down). */
static void change_speed(CavInspectorWindow *self, int by)
{
    guint n = g_list_model_get_n_items(gtk_drop_down_get_model(self->speed_dropdown));
    int item = (int) gtk_drop_down_get_selected(self->speed_dropdown) + by;

    gtk_drop_down_set_selected(self->speed_dropdown, (guint) CLAMP(item, 0, (int) n - 1));
}

static void on_faster(GSimpleAction *a, GVariant *p, gpointer self)
{
    change_speed(self, 1);
}

static void on_slower(GSimpleAction *a, GVariant *p, gpointer self)
{
    change_speed(self, -1);
}

static void on_find(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    cav_filter_bar_focus_search(self->filter_bar);
}

/* F3 / Shift+F3: the next (previous) event after the one shown where the
 * timeline search's condition holds, from the first (last) when none is
 * shown; with plain words, the next row the search lets through. */
static void find_event(CavInspectorWindow *self, gboolean forward)
{
    const ReplayQuery *query =
        cav_timeline_filter_get_query(cav_filter_bar_get_filter(self->filter_bar));
    g_autoptr(GError) error = NULL;
    gint64 from, found = -1;

    if (self->history == NULL)
        return;
    from = self->seq > 0 ? self->seq : forward ? 0 : history_length(self->history) + 1;
    if (query == NULL) {
        step_event(self, forward);
        return;
    }
    if (analysis_find_event(self->history, query, from, forward, &found, &error))
        show_event_from(self, found, FROM_OTHER);
    else if (error != NULL)
        show_error(self, "Could not search the game", error);
    else
        cav_inspector_window_add_toast(self, forward ? "No later event meets the search."
                                                     : "No earlier event meets the search.");
}

static void on_find_next(GSimpleAction *a, GVariant *p, gpointer self)
{
    find_event(self, TRUE);
}

static void on_find_previous(GSimpleAction *a, GVariant *p, gpointer self)
{
    find_event(self, FALSE);
}

/* ---- filters ------------------------------------------------------------- */

static void on_any_type(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    cav_filter_bar_any_type(self->filter_bar);
}

static void on_filter_entity(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    gint32 id;
    CavRefKind kind = cav_detail_pane_get_selected(self->detail_pane, &id);

    if (self->history != NULL && kind != CAV_REF_NONE)
        cav_filter_bar_set_entity(self->filter_bar, kind, id);
}

static void on_clear_entity(GSimpleAction *a, GVariant *p, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL)
        cav_filter_bar_set_entity(self->filter_bar, CAV_REF_NONE, 0);
}

/* ---- signals from the widgets --------------------------------------------- */

static void on_scrub(GtkAdjustment *adjustment, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (!self->syncing)
        show_event_from(self, (gint64) gtk_adjustment_get_value(adjustment), FROM_SCRUBBER);
}

static void on_timeline_seek(CavInspectorWindow *self, gint64 seq)
{
    show_event_from(self, seq, FROM_TIMELINE);
}

static void on_level_changed(GObject *object, GParamSpec *pspec, gpointer user_data)
{
    CavInspectorWindow *self = user_data;

    if (self->history != NULL && !self->syncing)
        update_map(self);
}

/* The page under the timeline is remembered. */
static void on_detail_page(CavInspectorWindow *self)
{
    const char *page = cav_detail_pane_get_page(self->detail_pane);

    if (self->settings != NULL && !self->headless && page != NULL)
        g_settings_set_string(self->settings, "detail-page", page);
}

static void on_cell_clicked(CavMapView *map, int x, int y, gpointer user_data)
{
    CavInspectorWindow *self = user_data;
    int z = cav_map_view_get_level(map);

    if (self->history == NULL)
        return;
    cav_map_view_set_selected(map, TRUE, x, y);
    if (cav_map_view_get_truth(map) || view_sees(history_view(self->history), z, x, y))
        cav_detail_pane_select_at(self->detail_pane, z, x, y);
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
        cav_filter_bar_update_count(self->filter_bar);
        update_title(self); /* "playing" until the game ends */
        cav_timeline_pane_size_columns(self->timeline_pane, history_length(self->history),
                                       history_turns(self->history));
        if (action_state(self, "follow"))
            show_event_from(self, history_length(self->history), FROM_FOLLOW);
        else
            update_status(self);
    }
    return G_SOURCE_CONTINUE;
}

/* ---- opening ---------------------------------------------------------------- */

static void unload(CavInspectorWindow *self)
{
    stop_playing(self);
    g_clear_handle_id(&self->follow_source, g_source_remove);
    cav_timeline_pane_set_model(self->timeline_pane, NULL, 0, 0);
    cav_filter_bar_set_timeline(self->filter_bar, NULL);
    g_clear_object(&self->timeline);
    self->history = NULL;
    self->depths_listed = 0;
    if (self->detail_pane != NULL)
        cav_detail_pane_set_timeline(self->detail_pane, NULL);
}

static void show_history(CavInspectorWindow *self, History *history, CavMarkers *markers)
{
    unload(self);
    self->timeline = cav_timeline_new(history);
    self->history = history;
    cav_timeline_set_truth(self->timeline, self->truth);
    cav_visits_clear(&self->visits); /* another game's events */
    cav_filter_bar_set_timeline(self->filter_bar, self->timeline);
    cav_timeline_pane_set_model(self->timeline_pane, cav_filter_bar_get_model(self->filter_bar),
                                history_length(history), history_turns(history));

    /* The first turn-range values are free now that the file is known. */
    self->syncing = TRUE;
    gtk_adjustment_set_upper(self->scrub, (double) history_length(history));
    self->syncing = FALSE;
    update_title(self);
    gtk_stack_set_visible_child_name(self->pages, "game");
    cav_detail_pane_set_timeline(self->detail_pane, self->timeline);
    show_event_from(self, history_length(history), FROM_FOLLOW);
    cav_marker_strip_take(self, history, markers);
    cav_bookmarks_reload(self);
    self->follow_source = g_timeout_add(FOLLOW_POLL_MS, follow_poll, self);
    cav_timing_mark_first_paint(GTK_WIDGET(self));
}

/* Nothing shown: the window itself says what is wrong, on one line. */
static void show_open_failure(CavInspectorWindow *self, const char *primary, const GError *error)
{
    g_autofree char *description = g_markup_escape_text(error->message, -1);

    adw_status_page_set_title(self->error_page, primary);
    adw_status_page_set_description(self->error_page, description); /* markup */
    gtk_stack_set_visible_child_name(self->pages, "error");
    g_signal_emit(self, signals[SIGNAL_FAILED], 0, error);
}

/* The file could not be read: said, over the game shown if there is one. */
static void open_failed(CavInspectorWindow *self, GFile *file, const GError *error)
{
    g_autofree char *name = g_file_get_basename(file);
    g_autofree char *primary = g_strdup_printf("Could not open “%s”", name);

    cav_recent_forget(file);     /* offered again, it would fail again */
    if (self->history != NULL) { /* the game shown stays, under a dialog */
        gtk_stack_set_visible_child_name(self->pages, "game");
        show_error(self, primary, error);
        return;
    }
    g_clear_object(&self->file);
    show_open_failure(self, primary, error);
}

static void open_done(GObject *source, GAsyncResult *result, gpointer user_data)
{
    g_autoptr(CavInspectorWindow) self = user_data; /* held while reading */
    g_autoptr(GError) error = NULL;
    GFile *file;
    CavMarkers *markers;
    History *history =
        cav_loading_page_open_finish(CAV_LOADING_PAGE(source), result, &file, &markers, &error);

    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
    if (history == NULL) {
        open_failed(self, file, error);
        return;
    }
    g_set_object(&self->file, file);
    cav_recent_add(file);
    cav_timing_mark("window takes the history");
    show_history(self, history, markers);
    cav_timing_mark("history shown");
    g_signal_emit(self, signals[SIGNAL_LOADED], 0);
}

void cav_inspector_window_open(CavInspectorWindow *self, GFile *file)
{
    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(self) && G_IS_FILE(file));
    cav_loading_page_open(self->loading_page, file, open_done, g_object_ref(self));
    gtk_stack_set_visible_child_name(self->pages, "loading");
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
    {.name = "find-next", .activate = on_find_next},
    {.name = "find-previous", .activate = on_find_previous},
    {.name = "depth", .activate = on_depth, .parameter_type = "u"},
    {.name = "faster", .activate = on_faster},
    {.name = "slower", .activate = on_slower},
    {.name = "back", .activate = on_back},
    {.name = "forward", .activate = on_forward},
    {.name = "any-type", .activate = on_any_type},
    {.name = "filter-entity", .activate = on_filter_entity},
    {.name = "clear-entity", .activate = on_clear_entity},
};

static void cav_inspector_window_dispose(GObject *object)
{
    CavInspectorWindow *self = CAV_INSPECTOR_WINDOW(object);

    if (self->loading_page != NULL)
        cav_loading_page_cancel(self->loading_page);
    unload(self);
    g_clear_object(&self->playback);
    self->detail_pane = NULL; /* a template child, going with the window */
    g_clear_object(&self->file);
    g_clear_object(&self->settings);
    g_clear_pointer(&self->visits.back, g_array_unref);
    g_clear_pointer(&self->visits.ahead, g_array_unref);
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
    g_type_ensure(CAV_TYPE_DETAIL_PANE);
    g_type_ensure(CAV_TYPE_FILTER_BAR);
    g_type_ensure(CAV_TYPE_LOADING_PAGE);
    g_type_ensure(CAV_TYPE_TIMELINE_PANE);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-inspector-window.ui");
    /* F3 finds on while one types the search: the window's, not the content's keys */
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_F3, 0, "win.find-next", NULL);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_F3, GDK_SHIFT_MASK,
                                        "win.find-previous", NULL);
#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavInspectorWindow, name)
    BIND(pages);
    BIND(window_title);
    BIND(toasts);
    BIND(error_page);
    BIND(loading_page);
    BIND(status_label);
    BIND(recent_button);
    BIND(bookmarks_button);
    BIND(follow_button);
    BIND(fork_button);
    BIND(truth_button);
    BIND(visit_buttons);
    BIND(filter_bar);
    BIND(play_button);
    BIND(scrub);
    BIND(content);
    BIND(right_panes);
    BIND(level_dropdown);
    BIND(speed_dropdown);
    BIND(map);
    BIND(scrubber);
    BIND(timeline_pane);
    BIND(detail_pane);
#undef BIND
}

/* The header's buttons about the game shown, only while one is. */
static void on_page_changed(CavInspectorWindow *self)
{
    gboolean game = g_strcmp0(gtk_stack_get_visible_child_name(self->pages), "game") == 0;

    gtk_widget_set_visible(GTK_WIDGET(self->bookmarks_button), game);
    gtk_widget_set_visible(self->visit_buttons, game);
    gtk_widget_set_visible(self->follow_button, game);
    gtk_widget_set_visible(self->fork_button, game);
    gtk_widget_set_visible(self->truth_button, game);
}

/* A popover open hides the tooltip of the button that opened it (GTK 4.8
 * leaves it over the popover) until it closes. */
static void on_popover_visible(GtkWidget *popover, GParamSpec *pspec, gpointer user_data)
{
    GtkWidget *owner = gtk_widget_get_parent(popover);

    gtk_widget_set_has_tooltip(owner, !gtk_widget_get_visible(popover) &&
                                          gtk_widget_get_tooltip_text(owner) != NULL);
    gtk_widget_trigger_tooltip_query(owner);
}

/* Every popover below @widget (menu buttons', drop-downs') keeps its
 * owner's tooltip away while open. */
static void quiet_tooltips(GtkWidget *widget)
{
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_POPOVER(child))
            g_signal_connect(child, "notify::visible", G_CALLBACK(on_popover_visible), NULL);
        quiet_tooltips(child);
    }
}

/* The map's share of the window's width, and the timeline's of the height
 * beside it, as the window opens: at 1366×768 the timeline's summaries,
 * the Why page and an entity's card each get room to be read. */
#define MAP_SHARE 0.44
#define TIMELINE_SHARE 0.40

/* A pane kept at a share of its length as the window's size changes; a
 * handle dragged sets the share. */
typedef struct {
    GtkPaned *paned;
    double share;
    int length;       /* the length the share was last applied to */
    gboolean placing; /* the position is being set from the share */
} PaneShare;

static int pane_length(GtkPaned *paned)
{
    return gtk_orientable_get_orientation(GTK_ORIENTABLE(paned)) == GTK_ORIENTATION_HORIZONTAL
               ? gtk_widget_get_width(GTK_WIDGET(paned))
               : gtk_widget_get_height(GTK_WIDGET(paned));
}

/* Laid out at a new length ("max-position" follows the size): the
 * position from the share. */
static void on_pane_sized(GtkPaned *paned, GParamSpec *pspec, PaneShare *pane)
{
    int length = pane_length(paned), most;

    g_object_get(paned, "max-position", &most, NULL);
    if (length <= 0 || most == G_MAXINT || length == pane->length)
        return;
    pane->length = length;
    pane->placing = TRUE;
    gtk_paned_set_position(paned, (int) (length * pane->share));
    pane->placing = FALSE;
}

/* The handle moved at the same length: the person chose a new share. */
static void on_pane_moved(GtkPaned *paned, GParamSpec *pspec, PaneShare *pane)
{
    if (!pane->placing && pane->length > 0 && pane_length(paned) == pane->length)
        pane->share = gtk_paned_get_position(paned) / (double) pane->length;
}

static void keep_share(GtkPaned *paned, double share)
{
    PaneShare *pane = g_new0(PaneShare, 1);

    pane->paned = paned;
    pane->share = share;
    g_signal_connect_data(paned, "notify::max-position", G_CALLBACK(on_pane_sized), pane,
                          (GClosureNotify) (void (*)(void)) g_free, 0);
    g_signal_connect(paned, "notify::position", G_CALLBACK(on_pane_moved), pane);
}

/* The size, state and toggles the last window closed had. */
static void restore_settings(CavInspectorWindow *self)
{
    g_autofree char *page = NULL;

    self->settings = cav_settings_new();
    if (self->settings == NULL)
        return;
    cav_settings_track_window(self->settings, GTK_WINDOW(self));
    if (g_settings_get_boolean(self->settings, "truth"))
        g_action_group_change_action_state(G_ACTION_GROUP(self), "truth",
                                           g_variant_new_boolean(TRUE));
    page = g_settings_get_string(self->settings, "detail-page");
    cav_detail_pane_set_page(self->detail_pane, page);
}

static void cav_inspector_window_init(CavInspectorWindow *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    /* A selectable text (the event's detail, an entity's card) given the
     * focus by its tab selects nothing: selected whole, the next click, on
     * a link, only cleared the selection. */
    g_object_set(gtk_widget_get_settings(GTK_WIDGET(self)), "gtk-label-select-on-focus", FALSE,
                 NULL);
    self->playback = cav_playback_new(GTK_WIDGET(self), play_advance, self);
    g_signal_connect_swapped(self->playback, "notify::playing", G_CALLBACK(on_playing_changed),
                             self);
    cav_playback_bind_controls(self->playback, GTK_BUTTON(self->play_button), self->speed_dropdown);
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_actions, G_N_ELEMENTS(win_actions),
                                    self);
    cav_visits_init(&self->visits);
    update_visits(self);
    cav_bookmarks_install(self, self->scrubber, self->bookmarks_button);
    cav_marker_strip_install(self, self->scrubber);
    cav_keys_install(GTK_WINDOW(self), GTK_WIDGET(self->content), self->pages, "game",
                     self->timeline_pane);
    g_signal_connect_swapped(self->pages, "notify::visible-child-name", G_CALLBACK(on_page_changed),
                             self);
    gtk_stack_set_visible_child_name(self->pages, "empty");
    on_page_changed(self);
    cav_recent_install(self->recent_button);
    g_signal_connect(self->scrub, "value-changed", G_CALLBACK(on_scrub), self);
    g_signal_connect(self->level_dropdown, "notify::selected", G_CALLBACK(on_level_changed), self);
    g_signal_connect_swapped(self->detail_pane, "notify::page", G_CALLBACK(on_detail_page), self);
    g_signal_connect_swapped(cav_detail_pane_get_analysis(self->detail_pane), "decision",
                             G_CALLBACK(cav_map_view_set_decision), self->map);
    g_signal_connect_swapped(self->detail_pane, "seek", G_CALLBACK(cav_inspector_window_show_event),
                             self);
    g_signal_connect_swapped(self->timeline_pane, "seek", G_CALLBACK(on_timeline_seek), self);
    g_signal_connect(self->map, "cell-clicked", G_CALLBACK(on_cell_clicked), self);
    keep_share(self->content, MAP_SHARE);
    keep_share(self->right_panes, TIMELINE_SHARE);
    quiet_tooltips(GTK_WIDGET(self));
    cav_a11y_name_controls(GTK_WIDGET(self));
    restore_settings(self);
}

CavInspectorWindow *cav_inspector_window_new(GtkApplication *application)
{
    return g_object_new(CAV_TYPE_INSPECTOR_WINDOW, "application", application, NULL);
}
