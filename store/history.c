/* history.c — snapshots plus folding: the state at any event of a game. */
#include "history.h"

#include "game.h"
#include "rules.h"
#include "store.h"

#include <string.h>

#define HISTORY_DEFAULT_EVERY 2048

struct History {
    Store *store;
    gint64 every;     /* events between snapshots */
    gint64 length;    /* the last seq */
    GPtrArray *shots; /* of GBytes: shots[i] is the state after event i × every */
    CavState *state;  /* the current state */
    gsize shot_bytes;
};

typedef struct {
    History *history;
    Game *game;
} Opening;

/* After each event folded on opening: a snapshot every h->every events. */
static gboolean snapshot_every(const CavEvent *event, gpointer user_data, GError **error)
{
    Opening *o = user_data;
    History *h = o->history;

    if (event->seq % h->every == 0) {
        GBytes *shot = state_snapshot(game_state(o->game));
        h->shot_bytes += g_bytes_get_size(shot);
        g_ptr_array_add(h->shots, shot);
    }
    return TRUE;
}

History *history_open(const char *path, gint64 every, GError **error)
{
    g_autoptr(History) h = g_new0(History, 1);
    g_autoptr(Game) game = game_new(NULL);
    Opening o = {.history = h, .game = game};

    g_return_val_if_fail(path != NULL, NULL);
    h->every = every > 0 ? every : HISTORY_DEFAULT_EVERY;
    h->shots = g_ptr_array_new_with_free_func((GDestroyNotify) g_bytes_unref);
    h->state = state_new();
    h->store = store_open(path, FALSE, error);
    if (h->store == NULL)
        return NULL;
    game_track_view(game, FALSE);
    g_ptr_array_add(h->shots, state_snapshot(h->state));
    if (!store_fold_checked(h->store, game, snapshot_every, &o, error))
        return NULL;
    h->length = game_state(game)->last_seq;
    memcpy(h->state, game_state(game), sizeof *h->state);
    return g_steal_pointer(&h);
}

void history_free(History *history)
{
    if (history == NULL)
        return;
    store_free(history->store);
    if (history->shots != NULL)
        g_ptr_array_unref(history->shots);
    g_free(history->state);
    g_free(history);
}

gint64 history_length(const History *history)
{
    g_return_val_if_fail(history != NULL, 0);
    return history->length;
}

const CavState *history_state(const History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->state;
}

gsize history_snapshot_bytes(const History *history)
{
    g_return_val_if_fail(history != NULL, 0);
    return history->shot_bytes;
}

static gboolean fold_seek(const CavEvent *event, gpointer user_data, GError **error)
{
    CavState *state = user_data;

    /* Checked when the history was opened; checked again, since the file
     * may have been changed behind our back (the checks are cheap). */
    if (!validate_event(state, event, error))
        return FALSE;
    evolve(state, event);
    return TRUE;
}

gboolean history_seek(History *history, gint64 seq, GError **error)
{
    CavState *state;
    gint64 shot;
    StoreFilter filter = {.by_seq = TRUE};

    g_return_val_if_fail(history != NULL, FALSE);
    state = history->state;
    seq = CLAMP(seq, 0, history->length);
    shot = seq / history->every;
    /* Fold on from here when here is at or past the nearest snapshot. */
    if (state->last_seq > seq || state->last_seq < shot * history->every)
        state_restore(state, g_ptr_array_index(history->shots, shot));
    if (state->last_seq == seq)
        return TRUE;
    filter.first_seq = state->last_seq + 1;
    filter.last_seq = seq;
    return store_foreach_event(history->store, &filter, fold_seek, state, error);
}
