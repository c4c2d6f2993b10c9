/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-log.c — the player's message log as a projection of bus events: a
 * capped history plus a count of messages the player has not yet seen.
 * Events that arrive before there is a live state (folding a saved game,
 * turn 0 of a new one) are folded by the log into its own copy of the state
 * and view, so that each is worded as the player saw it at that moment. */
#include "tui-private.h"

#include "messages.h"
#include "rules.h"

struct TuiLog {
    GPtrArray *history; /* of TuiMessage, oldest first */
    guint unread;       /* the last @unread messages of @history */
    CavState *shadow;   /* the log's own fold while there is no live state */
    CavView *shadow_view;
    guint32 drunk;          /* bit i: the player drank, or saw drunk, a potion of look i */
    gboolean hunger_hinted; /* the first hunger's hint was told (messages_hunger_hint) */
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
    return log;
}

static void tui_log_drop_shadow(TuiLog *log)
{
    g_clear_pointer(&log->shadow, g_free);
    g_clear_pointer(&log->shadow_view, g_free);
}

void tui_log_free(TuiLog *log)
{
    if (log == NULL)
        return;
    g_ptr_array_unref(log->history);
    tui_log_drop_shadow(log);
    g_free(log);
}

static void tui_log_append(TuiLog *log, gint32 turn, const char *text)
{
    TuiMessage *message = g_new(TuiMessage, 1);

    message->turn = turn;
    message->text = g_strdup(text);
    g_ptr_array_add(log->history, message);
    log->unread++;
    if (log->history->len > TUI_LOG_HISTORY_MAX) {
        g_ptr_array_remove_index(log->history, 0);
        log->unread = MIN(log->unread, log->history->len);
    }
}

/* Note the look of the potion @event (an ItemQuaffed) drinks when the
 * player drinks it or sees it drunk. */
static void tui_log_note_drunk(TuiLog *log, const CavState *state, const CavView *view,
                               const CavEvent *event)
{
    const CavItem *item = state_item(state, event->as.ItemQuaffed.item);
    const CavCreature *drinker = state_creature(state, event->as.ItemQuaffed.creature);
    const CavPotionLook *look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
    gint32 index = look != NULL ? (gint32) (look - state->looks) : -1;

    if (index < 0 || index >= CAV_POTION_KINDS_MAX || drinker == NULL)
        return;
    if (drinker->id == state->player || view_sees(view, drinker->z, drinker->x, drinker->y))
        log->drunk |= 1u << index;
}

static void tui_log_describe(TuiLog *log, const CavState *state, const CavView *view,
                             const CavEvent *event)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (event->type == CAV_EVENT_ITEM_QUAFFED)
        tui_log_note_drunk(log, state, view, event);

    if (!messages_describe(state, view, event, text) || text->len == 0)
        return;
    if (!log->hunger_hinted)
        log->hunger_hinted = messages_hunger_hint(state, event, text);
    tui_log_append(log, event->turn, text->str);
}

/* Fold @event into the log's own state and view, then word it. */
static void tui_log_fold(TuiLog *log, const CavEvent *event)
{
    if (log->shadow == NULL) {
        log->shadow = state_new();
        log->shadow_view = g_new(CavView, 1);
        view_init(log->shadow_view);
    }
    evolve(log->shadow, event);
    view_apply(log->shadow_view, log->shadow, event);
    tui_log_describe(log, log->shadow, log->shadow_view, event);
}

void tui_log_start(TuiLog *log, const CavState *state, const CavView *view)
{
    g_return_if_fail(log != NULL && state != NULL && view != NULL);
    tui_log_drop_shadow(log);
    log->shadow = g_memdup2(state, sizeof *state);
    log->shadow_view = g_memdup2(view, sizeof *view);
}

void tui_log_event(TuiLog *log, const CavState *state, const CavView *view, const CavEvent *event)
{
    g_return_if_fail(log != NULL && event != NULL);
    g_return_if_fail((state == NULL) == (view == NULL));
    if (state == NULL)
        tui_log_fold(log, event);
    else
        tui_log_describe(log, state, view, event);
}

void tui_log_settle(TuiLog *log, const CavState *state)
{
    const GPtrArray *history;

    g_return_if_fail(log != NULL && state != NULL);
    tui_log_drop_shadow(log);
    history = log->history;
    log->unread = 0;
    while (log->unread < history->len) {
        const TuiMessage *message = history->pdata[history->len - 1 - log->unread];
        if (message->turn != state->turn)
            break;
        log->unread++;
    }
}

void tui_log_add(TuiLog *log, gint32 turn, const char *text)
{
    g_return_if_fail(log != NULL && text != NULL);
    tui_log_append(log, turn, text);
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

guint32 tui_log_drunk_looks(const TuiLog *log)
{
    g_return_val_if_fail(log != NULL, 0);
    return log->drunk;
}
