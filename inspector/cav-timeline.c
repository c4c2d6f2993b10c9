/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline.c — CavTimeline: a history's events as a GListModel. Rows are
 * made on demand from the index; decoded events and summaries live in pages
 * of CAV_TIMELINE_PAGE_EVENTS events (one history_read() each), found by page
 * number in a hash table and kept in order of use, the least recently used
 * page going when CAV_TIMELINE_MAX_PAGES are held. */
#include "cav-timeline.h"

#include "cav-event-row.h"

#include <string.h>

typedef struct {
    gint64 number;        /* holds seqs number × PAGE_EVENTS + 1 … */
    GArray *events;       /* of CavEvent, as read; fewer than a page at the end */
    const char **summary; /* per event, rendered on demand into @text */
    GStringChunk *text;
    GList use; /* the page's link in the timeline's queue of use */
} TimelinePage;

struct _CavTimeline {
    GObject parent_instance;

    History *history;
    GHashTable *pages; /* page number (gint64 *) → TimelinePage, owned */
    GQueue use;        /* of TimelinePage, the most recently used first */
    char *unreadable;  /* the last "(unreadable: …)" summary handed out */
    GString *scratch;  /* a summary being rendered */
    guint64 rows_made; /* CavEventRows handed out, ever */
    gboolean truth;    /* summaries tell the truth, not the player's knowledge */
};

static void cav_timeline_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(CavTimeline, cav_timeline, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    cav_timeline_list_model_init))

/* ---- the page cache ---------------------------------------------------------- */

static void page_free(gpointer data)
{
    TimelinePage *page = data;

    g_array_unref(page->events);
    g_free(page->summary);
    if (page->text != NULL)
        g_string_chunk_free(page->text);
    g_free(page);
}

static void drop_page(CavTimeline *self, TimelinePage *page)
{
    g_queue_unlink(&self->use, &page->use);
    g_hash_table_remove(self->pages, &page->number); /* frees it */
}

/* Read page @number whole; NULL with @error when the file cannot give it. */
static TimelinePage *read_page(CavTimeline *self, gint64 number, GError **error)
{
    gint64 first = number * CAV_TIMELINE_PAGE_EVENTS + 1;
    gint64 last = MIN(first + CAV_TIMELINE_PAGE_EVENTS - 1, history_length(self->history));
    g_autoptr(GArray) events =
        g_array_sized_new(FALSE, FALSE, sizeof(CavEvent), (guint) (last - first + 1));
    TimelinePage *page;

    if (!history_read(self->history, first, last, events, error))
        return NULL;
    if ((gint64) events->len != last - first + 1) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                    "“%s”: events %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT " are missing",
                    history_path(self->history), first, last);
        return NULL;
    }
    page = g_new0(TimelinePage, 1);
    page->number = number;
    page->events = g_steal_pointer(&events);
    page->summary = g_new0(const char *, page->events->len);
    page->use.data = page;
    return page;
}

/* The page holding @seq (in range), read when it is not cached or holds
 * fewer events than the history has grown to, and made the most recently
 * used. NULL with @error when it cannot be read. */
static TimelinePage *lookup_page(CavTimeline *self, gint64 seq, GError **error)
{
    gint64 number = (seq - 1) / CAV_TIMELINE_PAGE_EVENTS;
    TimelinePage *page = g_hash_table_lookup(self->pages, &number);

    if (page != NULL && seq - number * CAV_TIMELINE_PAGE_EVENTS > (gint64) page->events->len) {
        drop_page(self, page);
        page = NULL;
    }
    if (page != NULL) {
        g_queue_unlink(&self->use, &page->use);
        g_queue_push_head_link(&self->use, &page->use);
        return page;
    }
    page = read_page(self, number, error);
    if (page == NULL)
        return NULL;
    while (self->use.length >= CAV_TIMELINE_MAX_PAGES)
        drop_page(self, g_queue_peek_tail(&self->use));
    g_hash_table_insert(self->pages, &page->number, page);
    g_queue_push_head_link(&self->use, &page->use);
    return page;
}

const CavEvent *cav_timeline_event(CavTimeline *self, gint64 seq)
{
    g_autoptr(GError) error = NULL;
    TimelinePage *page;

    g_return_val_if_fail(CAV_IS_TIMELINE(self), NULL);
    if (seq < 1 || seq > history_length(self->history))
        return NULL;
    page = lookup_page(self, seq, &error);
    if (page == NULL)
        return NULL;
    return &g_array_index(page->events, CavEvent,
                          seq - 1 - page->number * CAV_TIMELINE_PAGE_EVENTS);
}

const char *cav_timeline_summary(CavTimeline *self, gint64 seq)
{
    g_autoptr(GError) error = NULL;
    TimelinePage *page;
    guint i;

    g_return_val_if_fail(CAV_IS_TIMELINE(self), NULL);
    if (seq < 1 || seq > history_length(self->history))
        return NULL;
    page = lookup_page(self, seq, &error);
    if (page == NULL) {
        g_free(self->unreadable);
        self->unreadable = g_strdup_printf("(unreadable: %s)", error->message);
        return self->unreadable;
    }
    i = (guint) (seq - 1 - page->number * CAV_TIMELINE_PAGE_EVENTS);
    if (page->summary[i] == NULL) {
        if (page->text == NULL)
            page->text = g_string_chunk_new(4096);
        g_string_truncate(self->scratch, 0);
        (self->truth ? history_summary : history_summary_seen)(
            self->history, &g_array_index(page->events, CavEvent, i), self->scratch);
        page->summary[i] =
            g_string_chunk_insert_len(page->text, self->scratch->str, (gssize) self->scratch->len);
    }
    return page->summary[i];
}

void cav_timeline_set_truth(CavTimeline *self, gboolean truth)
{
    GHashTableIter iter;
    gpointer value;
    guint n;

    g_return_if_fail(CAV_IS_TIMELINE(self));
    if (self->truth == truth)
        return;
    self->truth = truth;
    g_hash_table_iter_init(&iter, self->pages);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        TimelinePage *page = value;
        memset(page->summary, 0, page->events->len * sizeof *page->summary);
        g_clear_pointer(&page->text, g_string_chunk_free);
    }
    n = g_list_model_get_n_items(G_LIST_MODEL(self));
    g_list_model_items_changed(G_LIST_MODEL(self), 0, n, n);
}

gboolean cav_timeline_get_truth(CavTimeline *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE(self), FALSE);
    return self->truth;
}

guint64 cav_timeline_rows_made(CavTimeline *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE(self), 0);
    return self->rows_made;
}

guint cav_timeline_cached_pages(CavTimeline *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE(self), 0);
    return self->use.length;
}

/* ---- the list model ---------------------------------------------------------- */

static GType cav_timeline_get_item_type(GListModel *model)
{
    return CAV_TYPE_EVENT_ROW;
}

static guint cav_timeline_get_n_items(GListModel *model)
{
    CavTimeline *self = CAV_TIMELINE(model);

    return (guint) MIN(history_length(self->history), (gint64) G_MAXUINT);
}

static gpointer cav_timeline_get_item(GListModel *model, guint position)
{
    CavTimeline *self = CAV_TIMELINE(model);

    if ((gint64) position >= history_length(self->history))
        return NULL;
    self->rows_made++;
    return cav_event_row_new(self, (gint64) position + 1);
}

static void cav_timeline_list_model_init(GListModelInterface *iface)
{
    iface->get_item_type = cav_timeline_get_item_type;
    iface->get_n_items = cav_timeline_get_n_items;
    iface->get_item = cav_timeline_get_item;
}

gboolean cav_timeline_update(CavTimeline *self, gint64 *added, GError **error)
{
    gint64 before, grown = 0, last_page;
    TimelinePage *page;

    g_return_val_if_fail(CAV_IS_TIMELINE(self), FALSE);
    if (added != NULL)
        *added = 0;
    before = history_length(self->history);
    if (!history_update(self->history, &grown, error))
        return FALSE;
    if (added != NULL)
        *added = grown;
    if (grown == 0)
        return TRUE;
    /* The page that held the last events may hold more now. */
    last_page = before > 0 ? (before - 1) / CAV_TIMELINE_PAGE_EVENTS : 0;
    page = g_hash_table_lookup(self->pages, &last_page);
    if (page != NULL && page->events->len < CAV_TIMELINE_PAGE_EVENTS)
        drop_page(self, page);
    g_list_model_items_changed(G_LIST_MODEL(self), (guint) before, 0, (guint) grown);
    return TRUE;
}

/* ---- the object -------------------------------------------------------------- */

CavTimeline *cav_timeline_new(History *history)
{
    CavTimeline *self;

    g_return_val_if_fail(history != NULL, NULL);
    self = g_object_new(CAV_TYPE_TIMELINE, NULL);
    self->history = history;
    return self;
}

History *cav_timeline_get_history(CavTimeline *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE(self), NULL);
    return self->history;
}

static void cav_timeline_finalize(GObject *object)
{
    CavTimeline *self = CAV_TIMELINE(object);

    /* The pages are unlinked from the queue by being freed with it. */
    g_queue_init(&self->use);
    g_hash_table_unref(self->pages);
    g_clear_pointer(&self->history, history_free);
    g_free(self->unreadable);
    g_string_free(self->scratch, TRUE);
    G_OBJECT_CLASS(cav_timeline_parent_class)->finalize(object);
}

static void cav_timeline_class_init(CavTimelineClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = cav_timeline_finalize;
}

static void cav_timeline_init(CavTimeline *self)
{
    self->pages = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, page_free);
    g_queue_init(&self->use);
    self->scratch = g_string_new(NULL);
}
