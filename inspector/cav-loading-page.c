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

/* Read @file (in a worker thread), telling @preview and @progress; the
 * history and its markers, or NULL and @error. */
static Opened *read_game(GFile *file, HistoryPreview preview, HistoryProgress progress,
                         gpointer data, GCancellable *cancellable, GError **error)
{
    Opened *opened;
    g_autofree char *path = g_file_get_path(file);
    History *history;

    if (path == NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                    "Only local game files can be opened");
        return NULL;
    }
    cav_timing_mark("fold started");
    history = history_open_previewed(path, 0, preview, progress, data, cancellable, error);
    cav_timing_mark("fold done");
    if (history == NULL)
        return NULL;
    /* The scrubber's markers, one pass over every event: here, not in
     * the window's first frame. */
    opened = g_new0(Opened, 1);
    opened->history = history;
    opened->markers = cav_markers_new(history, NULL, 0);
    cav_timing_mark("markers found");
    return opened;
}

static void open_in_thread(GTask *task, gpointer source, gpointer task_data,
                           GCancellable *cancellable)
{
    GError *error = NULL;
    Opened *opened =
        read_game(task_data, loading_preview, loading_progress, task, cancellable, &error);

    if (opened == NULL)
        g_task_return_error(task, error);
    else
        g_task_return_pointer(task, opened, opened_free);
}

/* ---- a head start ----------------------------------------------------------- */

/* The game named on the command line, read from the program's start while
 * GTK starts and the window is built: the window's page takes the read
 * over (cav_loading_page_open of the same file). Until then its progress
 * and preview wait here. */
typedef struct {
    GFile *file;
    GCancellable *cancellable;
    GThread *thread;
    GMutex lock;
    GTask *task; /* the page's, once it took the read over (under lock) */
    gint64 done, total;
    CavState *state; /* the preview, until then (under lock) */
    CavView *view;
    Opened *opened; /* the reader's result, read after joining it */
    GError *error;
} HeadStart;

static HeadStart *head_start;

static void head_progress(gint64 done, gint64 total, gpointer data)
{
    HeadStart *head = data;

    g_mutex_lock(&head->lock);
    if (head->task != NULL)
        loading_progress(done, total, head->task);
    head->done = done;
    head->total = total;
    g_mutex_unlock(&head->lock);
}

static void head_preview(const CavState *state, const CavView *view, gpointer data)
{
    HeadStart *head = data;

    g_mutex_lock(&head->lock);
    if (head->task != NULL) {
        loading_preview(state, view, head->task);
    } else {
        head->state = g_memdup2(state, sizeof *state);
        head->view = g_memdup2(view, sizeof *view);
    }
    g_mutex_unlock(&head->lock);
}

static gpointer head_read(gpointer data)
{
    HeadStart *head = data;

    head->opened =
        read_game(head->file, head_preview, head_progress, head, head->cancellable, &head->error);
    return NULL;
}

void cav_loading_page_read_ahead(GFile *file)
{
    HeadStart *head;

    g_return_if_fail(G_IS_FILE(file) && head_start == NULL);
    head = g_new0(HeadStart, 1);
    head->file = g_object_ref(file);
    head->cancellable = g_cancellable_new();
    g_mutex_init(&head->lock);
    head->thread = g_thread_try_new("cavelog-ahead", head_read, head, NULL);
    if (head->thread == NULL) { /* no head start to be had */
        g_object_unref(head->file);
        g_object_unref(head->cancellable);
        g_free(head);
        return;
    }
    head_start = head;
}

/* A head start, its reader joined first if it has not been. */
static void head_free_joined(gpointer data)
{
    HeadStart *head = data;

    if (head->thread != NULL)
        g_thread_join(head->thread);
    head->thread = NULL;
    if (head->opened != NULL)
        opened_free(head->opened);
    g_clear_error(&head->error);
    g_object_unref(head->file);
    g_object_unref(head->cancellable);
    g_free(head->state);
    g_free(head->view);
    g_mutex_clear(&head->lock);
    g_free(head);
}

/* The head start's read of @file, taken over (NULL: none); one of another
 * file is stopped. */
static HeadStart *take_head_start(GFile *file)
{
    HeadStart *head = g_steal_pointer(&head_start);

    if (head == NULL || g_file_equal(head->file, file))
        return head;
    g_cancellable_cancel(head->cancellable);
    head_free_joined(head);
    return NULL;
}

/* The worker of a read taken over: it waits for the head start's. */
static void join_in_thread(GTask *task, gpointer source, gpointer task_data,
                           GCancellable *cancellable)
{
    HeadStart *head = g_object_get_data(G_OBJECT(task), "cav-head-start");

    g_thread_join(head->thread);
    head->thread = NULL;
    g_clear_object(&head->task); /* no more news: the task holds the head start */
    if (head->opened != NULL)
        g_task_return_pointer(task, g_steal_pointer(&head->opened), opened_free);
    else
        g_task_return_error(task, g_steal_pointer(&head->error));
}

/* Hand @task (the page's) the head start's read, and what it has told so
 * far. */
static void take_over(HeadStart *head, GTask *task)
{
    g_mutex_lock(&head->lock);
    head->task = g_object_ref(task);
    if (head->total > 0)
        loading_progress(head->done, head->total, task);
    if (head->state != NULL)
        loading_preview(head->state, head->view, task);
    g_mutex_unlock(&head->lock);
    g_object_set_data_full(G_OBJECT(task), "cav-head-start", head, head_free_joined);
    g_task_run_in_thread(task, join_in_thread);
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
    HeadStart *head;

    g_return_if_fail(CAV_IS_LOADING_PAGE(self) && G_IS_FILE(file));
    cav_loading_page_cancel(self);
    head = take_head_start(file);
    self->loading = head != NULL ? g_object_ref(head->cancellable) : g_cancellable_new();
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
    if (head != NULL)
        take_over(head, task);
    else
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
