/* tui-log.c — the player's message log as a projection of bus events: a
 * capped history plus a count of messages the player has not yet seen.
 * Events that arrive before there is a state to describe them with are kept
 * in a small ring until tui_log_flush_pending(). */
#include "tui-private.h"

#include "messages.h"

/* Events kept while there is no state (folding a long game keeps the last). */
#define TUI_LOG_PENDING_MAX 4096

struct TuiLog {
    GPtrArray *history; /* of TuiMessage, oldest first */
    guint unread;       /* the last @unread messages of @history */
    CavEvent *pending;  /* ring of TUI_LOG_PENDING_MAX */
    guint pending_start, pending_len;
};

static void tui_message_free(gpointer data)
{
    TuiMessage *message = data;

    g_free(message->text);
    g_free(message);
}

TuiLog *tui_log_new(void)
{
    TuiLog *log = g_new0(TuiLog, 1);

    log->history = g_ptr_array_new_with_free_func(tui_message_free);
    log->pending = g_new(CavEvent, TUI_LOG_PENDING_MAX);
    return log;
}

void tui_log_free(TuiLog *log)
{
    if (log == NULL)
        return;
    g_ptr_array_unref(log->history);
    g_free(log->pending);
    g_free(log);
}

static void tui_log_append(TuiLog *log, gint32 turn, const char *text, gboolean unread)
{
    TuiMessage *message = g_new(TuiMessage, 1);

    message->turn = turn;
    message->text = g_strdup(text);
    g_ptr_array_add(log->history, message);
    log->unread = unread ? log->unread + 1 : 0;
    if (log->history->len > TUI_LOG_HISTORY_MAX) {
        g_ptr_array_remove_index(log->history, 0);
        log->unread = MIN(log->unread, log->history->len);
    }
}

static void tui_log_describe(TuiLog *log, const CavState *state, const CavEvent *event,
                             gboolean unread)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (messages_describe(state, event, text) && text->len > 0)
        tui_log_append(log, event->turn, text->str, unread);
}

static void tui_log_keep(TuiLog *log, const CavEvent *event)
{
    guint end = (log->pending_start + log->pending_len) % TUI_LOG_PENDING_MAX;

    log->pending[end] = *event;
    if (log->pending_len < TUI_LOG_PENDING_MAX)
        log->pending_len++;
    else
        log->pending_start = (log->pending_start + 1) % TUI_LOG_PENDING_MAX;
}

void tui_log_event(TuiLog *log, const CavState *state, const CavEvent *event)
{
    g_return_if_fail(log != NULL && event != NULL);
    if (state == NULL)
        tui_log_keep(log, event);
    else
        tui_log_describe(log, state, event, TRUE);
}

void tui_log_flush_pending(TuiLog *log, const CavState *state)
{
    g_return_if_fail(log != NULL && state != NULL);
    for (guint i = 0; i < log->pending_len; i++) {
        const CavEvent *event = &log->pending[(log->pending_start + i) % TUI_LOG_PENDING_MAX];
        tui_log_describe(log, state, event, event->turn == state->turn);
    }
    log->pending_start = log->pending_len = 0;
}

void tui_log_add(TuiLog *log, gint32 turn, const char *text)
{
    g_return_if_fail(log != NULL && text != NULL);
    tui_log_append(log, turn, text, TRUE);
}

void tui_log_mark_read(TuiLog *log)
{
    g_return_if_fail(log != NULL);
    log->unread = 0;
}

const GPtrArray *tui_log_history(const TuiLog *log)
{
    g_return_val_if_fail(log != NULL, NULL);
    return log->history;
}

guint tui_log_unread(const TuiLog *log)
{
    g_return_val_if_fail(log != NULL, 0);
    return log->unread;
}
