/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-loading-page.c — the worker that opens a history (history.h) and finds
 * its markers, and the page that shows its progress and preview. The
 * worker writes the progress into atomics that a timer reads, and hands
 * copies of the newest state to the main thread in an idle. */
#include "cav-loading-page.h"

#include "cav-map-view.h"
#include "cav-timing.h"

/* The page redraws at each poll, and with a software GL renderer (llvmpipe,
 * as under xvfb) a frame of the whole window costs ~50 ms of CPU taken from
 * the worker that reads the game: twice a second will do. */
#define PROGRESS_POLL_MS 500

struct _CavLoadingPage {
    GtkWidget parent_instance;

    /* Template children. */
    GtkWidget *box;
    GtkLabel *loading_label;
    GtkProgressBar *loading_bar;
    GtkLabel *preview_label; /* the newest state while the rest is checked */
    GtkBox *preview_box;     /* holds the preview's map while there is one */

    CavMapView *preview_map; /* or NULL */
    CavState *preview_state; /* what the preview's map draws: the page owns it */
    CavView *preview_view;
    gint32 preview_turn; /* of the last open's preview, or -1 */
    gboolean truth;
    GCancellable *loading;              /* the read going on, or NULL */
    gint progress_done, progress_total; /* atomics, written by the worker */
    guint progress_source;
};

G_DEFINE_FINAL_TYPE(CavLoadingPage, cav_loading_page, GTK_TYPE_WIDGET)

/* ---- progress ---------------------------------------------------------------- */

static void loading_progress(gint64 done, gint64 total, gpointer user_data)
{
    CavLoadingPage *self = g_task_get_source_object(user_data);

    /* Called in the worker thread. */
    g_atomic_int_set(&self->progress_total, (gint) MIN(total, G_MAXINT));
    g_atomic_int_set(&self->progress_done, (gint) MIN(done, G_MAXINT));
}

static gboolean progress_poll(gpointer user_data)
{
    CavLoadingPage *self = user_data;
    gint done = g_atomic_int_get(&self->progress_done);
    gint total = g_atomic_int_get(&self->progress_total);
    g_autofree char *text = NULL;

    if (total > 0) {
        gtk_progress_bar_set_fraction(self->loading_bar, (double) done / (double) total);
        text = g_strdup_printf("%d of %d event%s checked", done, total, total == 1 ? "" : "s");
        gtk_progress_bar_set_text(self->loading_bar, text);
    } else {
        gtk_progress_bar_pulse(self->loading_bar);
    }
    return G_SOURCE_CONTINUE;
}

/* ---- the preview ---------------------------------------------------------------- */

/* No preview shown (its map is dropped: it holds a whole state). */
static void drop_preview(CavLoadingPage *self)
{
    gtk_widget_set_visible(GTK_WIDGET(self->preview_label), FALSE);
    if (self->preview_map != NULL)
        gtk_box_remove(self->preview_box, GTK_WIDGET(self->preview_map));
    self->preview_map = NULL;
    g_clear_pointer(&self->preview_state, g_free); /* after the map that draws it */
    g_clear_pointer(&self->preview_view, g_free);
}

/* The newest state, handed from the worker to the page. */
typedef struct {
    CavLoadingPage *page;  /* owned */
    GCancellable *loading; /* the open it belongs to (owned) */
    CavState *state;
    CavView *view;
} Preview;

static void preview_free(gpointer data)
{
    Preview *preview = data;

    g_object_unref(preview->page);
    g_object_unref(preview->loading);
    g_free(preview->state);
    g_free(preview->view);
    g_free(preview);
}

/* The map draws the state it is given until it is given another: the page
 * takes @preview's state and view, and frees the ones drawn before only
 * once the map no longer holds them. */
static void show_preview_map(CavLoadingPage *self, Preview *preview)
{
    const CavCreature *player = state_player(preview->state);
    g_autofree CavState *old_state = self->preview_state;
    g_autofree CavView *old_view = self->preview_view;

    self->preview_state = g_steal_pointer(&preview->state);
    self->preview_view = g_steal_pointer(&preview->view);
    if (self->preview_map == NULL) {
        self->preview_map = CAV_MAP_VIEW(cav_map_view_new());
        gtk_box_append(self->preview_box, GTK_WIDGET(self->preview_map));
    }
    cav_map_view_set_truth(self->preview_map, self->truth);
    cav_map_view_set_level(self->preview_map, player != NULL ? player->z : 0);
    cav_map_view_set_state(self->preview_map, self->preview_state, self->preview_view);
}

/* In the main thread: the newest state (its map at the player's level and
 * a line about it), marked as being checked still. */
static gboolean show_preview(gpointer data)
{
    Preview *preview = data;
    CavLoadingPage *self = preview->page;
    const CavCreature *player = state_player(preview->state);
    g_autofree char *text = NULL;

    if (self->loading != preview->loading || g_cancellable_is_cancelled(preview->loading))
        return G_SOURCE_REMOVE;
    text = g_strdup_printf(
        "The newest turn, %d%s%s. The history before it is being checked: until then "
        "nothing here is trusted, and the timeline opens when every turn is checked.",
        preview->state->turn, player != NULL ? " · you: " : "",
        player != NULL ? (player->alive ? "alive" : "dead") : "");
    gtk_label_set_text(self->preview_label, text);
    gtk_widget_set_visible(GTK_WIDGET(self->preview_label), TRUE);
    self->preview_turn = preview->state->turn;
    show_preview_map(self, preview); /* takes the state */
    cav_timing_mark("newest state shown");
    cav_timing_mark_first_paint(GTK_WIDGET(self));
    return G_SOURCE_REMOVE;
}

/* In the worker: copies of the newest state go to the main thread. */
static void loading_preview(const CavState *state, const CavView *view, gpointer user_data)
{
    GTask *task = user_data;
    Preview *preview = g_new0(Preview, 1);

    preview->page = g_object_ref(g_task_get_source_object(task));
    preview->loading = g_object_ref(g_task_get_cancellable(task));
    preview->state = g_memdup2(state, sizeof *state);
    preview->view = g_memdup2(view, sizeof *view);
    g_idle_add_full(G_PRIORITY_DEFAULT, show_preview, preview, preview_free);
}

/* ---- the worker ----------------------------------------------------------------- */

/* What the worker hands the page: the history and its markers. */
typedef struct {
    History *history;
    CavMarkers *markers;
} Opened;

static void opened_free(gpointer data)
{
    Opened *opened = data;

    cav_markers_free(opened->markers); /* before the history it reads */
    history_free(opened->history);
    g_free(opened);
}

static void open_in_thread(GTask *task, gpointer source, gpointer task_data,
                           GCancellable *cancellable)
{
    Opened *opened;
    g_autofree char *path = g_file_get_path(task_data);
    GError *error = NULL;
    History *history;

    if (path == NULL) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                "Only local game files can be opened");
        return;
    }
    cav_timing_mark("fold started");
    history = history_open_previewed(path, 0, loading_preview, loading_progress, task, cancellable,
                                     &error);
    cav_timing_mark("fold done");
    if (history == NULL) {
        g_task_return_error(task, error);
        return;
    }
    /* The scrubber's markers, one pass over every event: here, not in
     * the window's first frame. */
    opened = g_new0(Opened, 1);
    opened->history = history;
    opened->markers = cav_markers_new(history, NULL, 0);
    cav_timing_mark("markers found");
    g_task_return_pointer(task, opened, opened_free);
}

/* ---- opening -------------------------------------------------------------------- */

void cav_loading_page_cancel(CavLoadingPage *self)
{
    g_return_if_fail(CAV_IS_LOADING_PAGE(self));
    if (self->loading != NULL)
        g_cancellable_cancel(self->loading);
    g_clear_object(&self->loading);
    g_clear_handle_id(&self->progress_source, g_source_remove);
}

void cav_loading_page_open(CavLoadingPage *self, GFile *file, GAsyncReadyCallback callback,
                           gpointer user_data)
{
    g_autoptr(GTask) task = NULL;
    g_autofree char *name = NULL, *label = NULL;

    g_return_if_fail(CAV_IS_LOADING_PAGE(self) && G_IS_FILE(file));
    cav_loading_page_cancel(self);
    self->loading = g_cancellable_new();
    self->progress_done = self->progress_total = 0;
    name = g_file_get_basename(file);
    label = g_strdup_printf("Reading “%s”…", name);
    gtk_label_set_text(self->loading_label, label);
    gtk_progress_bar_set_fraction(self->loading_bar, 0);
    gtk_progress_bar_set_text(self->loading_bar, "checking…");
    self->preview_turn = -1;
    drop_preview(self);
    self->progress_source = g_timeout_add(PROGRESS_POLL_MS, progress_poll, self);
    task = g_task_new(self, self->loading, callback, user_data);
    g_task_set_task_data(task, g_object_ref(file), g_object_unref);
    g_task_run_in_thread(task, open_in_thread);
}

History *cav_loading_page_open_finish(CavLoadingPage *self, GAsyncResult *result, GFile **file,
                                      CavMarkers **markers, GError **error)
{
    Opened *opened;
    History *history;
    GError *failure = NULL;

    g_return_val_if_fail(g_task_is_valid(result, self), NULL);
    *file = G_FILE(g_task_get_task_data(G_TASK(result)));
    *markers = NULL;
    opened = g_task_propagate_pointer(G_TASK(result), &failure);
    if (g_task_get_cancellable(G_TASK(result)) == self->loading) { /* the read shown */
        g_clear_object(&self->loading);
        g_clear_handle_id(&self->progress_source, g_source_remove);
    }
    if (!g_error_matches(failure, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        drop_preview(self);
    if (opened == NULL) {
        g_propagate_error(error, failure);
        return NULL;
    }
    history = opened->history;
    *markers = opened->markers;
    g_free(opened); /* its parts are the caller's now */
    return history;
}

void cav_loading_page_set_truth(CavLoadingPage *self, gboolean truth)
{
    g_return_if_fail(CAV_IS_LOADING_PAGE(self));
    self->truth = truth;
}

gint32 cav_loading_page_get_preview_turn(CavLoadingPage *self)
{
    g_return_val_if_fail(CAV_IS_LOADING_PAGE(self), -1);
    return self->preview_turn;
}

/* ---- class ---------------------------------------------------------------------- */

static void cav_loading_page_dispose(GObject *object)
{
    CavLoadingPage *self = CAV_LOADING_PAGE(object);

    cav_loading_page_cancel(self);
    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_LOADING_PAGE);
    self->preview_map = NULL; /* gone with the template's box */
    g_clear_pointer(&self->preview_state, g_free);
    g_clear_pointer(&self->preview_view, g_free);
    G_OBJECT_CLASS(cav_loading_page_parent_class)->dispose(object);
}

static void cav_loading_page_class_init(CavLoadingPageClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_loading_page_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-loading-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavLoadingPage, name)
    BIND(box);
    BIND(loading_label);
    BIND(loading_bar);
    BIND(preview_label);
    BIND(preview_box);
#undef BIND
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void cav_loading_page_init(CavLoadingPage *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->preview_turn = -1;
}

GtkWidget *cav_loading_page_new(void)
{
    return g_object_new(CAV_TYPE_LOADING_PAGE, NULL);
}
