/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pipeline.c — a fold on two cores: a reading thread checks rows into
 * batches and decodes them when the folder has work waiting (else the
 * folder does), so the JSON work goes where there is room. The caller gets
 * what store_foreach_event gives: a bad row's error travels behind the
 * events before it. */
#include <string.h>

#include "store-private.h"

#define PIPE_BATCH 256 /* rows a batch holds */
#define PIPE_DEPTH 4   /* batches in flight: bounds the memory and the lead */

typedef struct {
    StoreRow rows[PIPE_BATCH];
    gsize at[PIPE_BATCH]; /* where each row's payload starts in text */
    CavEvent events[PIPE_BATCH];
    GString *text; /* the rows' payloads, copied out of SQLite */
    guint len;
    gboolean decoded; /* events[] holds the rows */
    gboolean last;    /* the reader stopped after these rows: set by it alone */
    GError *error;    /* why, when not at the end of the rows */
} PipeBatch;

typedef struct {
    Store *store;
    const StoreFilter *filter;
    sqlite3_stmt *stmt;
    GAsyncQueue *full;  /* batches to fold, in order */
    GAsyncQueue *empty; /* batches to fill */
    gint stop;          /* atomic: the folding side wants no more */
} Pipe;

/* Keep the row just read, its payload copied out of SQLite. */
static void keep_row(PipeBatch *b, const StoreRow *row)
{
    b->rows[b->len] = *row;
    b->at[b->len] = b->text->len;
    g_string_append_len(b->text, row->payload, (gssize) row->len);
    b->len++;
}

/* Fill @b with the next rows, columns checked; sets last at the end of
 * the rows, at a bad row, or when the folding side has stopped. */
static void fill_batch(Pipe *p, PipeBatch *b)
{
    int rc = SQLITE_ROW;
    StoreRow row;

    b->len = 0;
    b->decoded = FALSE;
    g_string_truncate(b->text, 0);
    b->last = g_atomic_int_get(&p->stop);
    while (!b->last && b->len < PIPE_BATCH && (rc = sqlite3_step(p->stmt)) == SQLITE_ROW) {
        if (store_read_row(p->store, p->stmt, &row, &b->error))
            keep_row(b, &row);
        else
            b->last = TRUE;
    }
    if (rc != SQLITE_ROW) {
        b->last = TRUE;
        if (rc != SQLITE_DONE)
            store_fail_sqlite(p->store, rc, &b->error, "reading the events");
    }
}

/* Decode @b's payloads by @decoder; a payload that does not decode ends
 * the batch there, its error in place of any later one (the reader learns
 * of it by the stop, when the folder reaches it). */
static void decode_batch(Pipe *p, PipeBatch *b, CodecDecoder *decoder)
{
    GError *bad = NULL;

    for (guint i = 0; i < b->len; i++) {
        b->rows[i].payload = b->text->str + b->at[i];
        if (!store_decode_payload(p->store, decoder, &b->rows[i], &b->events[i], &bad)) {
            g_clear_error(&b->error);
            b->error = bad;
            b->len = i;
        }
    }
    b->decoded = TRUE;
}

/* The reading thread: the only user of the connection while it runs. */
static gpointer read_side(gpointer data)
{
    Pipe *p = data;
    PipeBatch *b;

    do {
        b = g_async_queue_pop(p->empty);
        fill_batch(p, b);
        /* The folder has work waiting: decoding here costs it nothing. */
        if (g_async_queue_length(p->full) > 0)
            decode_batch(p, b, p->store->decoder);
        g_async_queue_push(p->full, b);
    } while (!b->last);
    return NULL;
}

/* Hand @b's events that the filter wants to @func until one fails; then
 * @b's own error, if any. */
static gboolean fold_batch(Pipe *p, PipeBatch *b, StoreEventFunc func, gpointer data,
                           GError **error)
{
    for (guint i = 0; i < b->len; i++)
        if (store_filter_wants(p->filter, &b->events[i]) && !func(&b->events[i], data, error))
            return FALSE;
    if (b->error == NULL)
        return TRUE;
    g_propagate_error(error, g_steal_pointer(&b->error));
    return FALSE;
}

/* The caller's side: decode what the reader left, fold every batch until
 * the last; after a failure, tell the reader to stop and take back the
 * batches still coming. */
static gboolean fold_side(Pipe *p, StoreEventFunc func, gpointer data, GError **error)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    gboolean ok = TRUE, last;

    do {
        PipeBatch *b = g_async_queue_pop(p->full);
        if (ok && !b->decoded)
            decode_batch(p, b, decoder);
        if (ok && !(ok = fold_batch(p, b, func, data, error)))
            g_atomic_int_set(&p->stop, TRUE);
        g_clear_error(&b->error);
        last = b->last;
        g_async_queue_push(p->empty, b);
    } while (!last);
    return ok;
}

static PipeBatch *batches_new(void)
{
    PipeBatch *batches = g_new0(PipeBatch, PIPE_DEPTH);

    for (guint i = 0; i < PIPE_DEPTH; i++)
        batches[i].text = g_string_sized_new(PIPE_BATCH * 128);
    return batches;
}

static void pipe_clear(Pipe *p, PipeBatch *batches)
{
    g_async_queue_unref(p->full);
    g_async_queue_unref(p->empty);
    sqlite3_finalize(p->stmt);
    for (guint i = 0; i < PIPE_DEPTH; i++)
        g_string_free(batches[i].text, TRUE);
    g_free(batches);
}

gboolean store_foreach_event_piped(Store *store, const StoreFilter *filter, StoreEventFunc func,
                                   gpointer user_data, GError **error)
{
    Pipe p = {.store = store, .filter = filter};
    PipeBatch *batches;
    GThread *reader;
    gboolean ok;

    g_return_val_if_fail(store != NULL && func != NULL, FALSE);
    /* A build of SQLite without threads reads on this thread. */
    if (!sqlite3_threadsafe())
        return store_foreach_event(store, filter, func, user_data, error);
    if (!store_events_stmt(store, filter, &p.stmt, error))
        return FALSE;
    p.full = g_async_queue_new();
    p.empty = g_async_queue_new();
    batches = batches_new();
    for (guint i = 0; i < PIPE_DEPTH; i++)
        g_async_queue_push(p.empty, &batches[i]);
    reader = g_thread_try_new("cavelog-read", read_side, &p, NULL);
    if (reader == NULL) { /* no thread to be had: one thread does both */
        pipe_clear(&p, batches);
        return store_foreach_event(store, filter, func, user_data, error);
    }
    ok = fold_side(&p, func, user_data, error);
    g_thread_join(reader);
    pipe_clear(&p, batches);
    return ok;
}
