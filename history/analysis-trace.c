/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-trace.c — which policies received an event and what each
 * emitted, and why a creature acted as it did, both found by re-running the
 * event's turn with a tracer or an explainer on the Game (nothing about
 * dispatch or decisions is stored). */
#include "analysis-private.h"

#include <string.h>

#include "codec.h"
#include "fov.h"
#include "game.h"
#include "session.h"
#include "store.h"

static void delivery_free(gpointer data)
{
    AnalysisDelivery *delivery = data;

    g_array_unref(delivery->follow_ups);
    g_free(delivery);
}

typedef struct {
    gint64 seq;
    GPtrArray *deliveries;
} Tracing;

static void on_policy(const CavEvent *event, const char *name, const GArray *follow_ups,
                      gpointer data)
{
    Tracing *tracing = data;
    AnalysisDelivery *delivery;

    if (event->seq != tracing->seq)
        return;
    delivery = g_new0(AnalysisDelivery, 1);
    delivery->policy = name;
    delivery->follow_ups = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_array_append_vals(delivery->follow_ups, follow_ups->data, follow_ups->len);
    g_ptr_array_add(tracing->deliveries, delivery);
}

/* The content @history's game was played by: the file's own, else the one
 * games are played by now. */
static CavContent *content_of(const History *history, GError **error)
{
    g_autoptr(Store) store = store_open(history_path(history), FALSE, error);
    CavContent *content;
    GError *local = NULL;

    if (store == NULL)
        return NULL;
    content = store_read_content(store, &local);
    if (local != NULL) {
        g_propagate_error(error, local);
        return NULL;
    }
    return content != NULL ? content : session_load_content(error);
}

/* Whether the re-run turn holds event @seq as the log does. */
static gboolean reproduced(History *history, const Game *game, gint64 seq, GError **error)
{
    const GArray *events = game_turn_events(game);
    g_autoptr(GArray) stored = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GString) a = g_string_new(NULL);
    g_autoptr(GString) b = g_string_new(NULL);

    if (!history_read(history, seq, seq, stored, error))
        return FALSE;
    for (guint i = 0; i < events->len; i++) {
        const CavEvent *event = &g_array_index(events, CavEvent, i);
        if (event->seq != seq)
            continue;
        codec_encode_event(event, a);
        codec_encode_event(&g_array_index(stored, CavEvent, 0), b);
        if (strcmp(a->str, b->str) == 0)
            return TRUE;
        break;
    }
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                "re-running turn %d did not reproduce event %" G_GINT64_FORMAT
                " (the file was played by other rules)",
                history_entry(history, seq)->turn, seq);
    return FALSE;
}

/* Re-run turn @turn of @history in @game with the recorded command. */
static gboolean rerun(History *history, Game *game, gint32 turn, GError **error)
{
    g_autofree CavState *before = NULL;
    g_autofree char *json = NULL;
    CavCommand command;

    if (turn == 0) {
        const CavState *last = history_last_state(history);
        game_start(game, last->seed, last->player_name);
        return TRUE;
    }
    before = analysis_state_at(history, history_turn_start(history, turn) - 1, error);
    json = before != NULL ? history_turn_command(history, turn, error) : NULL;
    if (json == NULL || !command_from_json(json, &command, error))
        return FALSE;
    game_restore(game, before);
    if (!game_play(game, &command, NULL)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                    "the recorded command of turn %d is refused on re-running it", turn);
        return FALSE;
    }
    return TRUE;
}

GPtrArray *analysis_trace(History *history, gint64 seq, GError **error)
{
    Tracing tracing = {.seq = seq};
    CavContent *content;
    g_autoptr(Game) game = NULL;

    g_return_val_if_fail(history != NULL && 1 <= seq && seq <= history_length(history), NULL);
    if ((content = content_of(history, error)) == NULL)
        return NULL;
    game = game_new_with_content(content, NULL);
    game_track_view(game, FALSE);
    tracing.deliveries = g_ptr_array_new_with_free_func(delivery_free);
    game_set_tracer(game, on_policy, &tracing);
    if (!rerun(history, game, history_entry(history, seq)->turn, error) ||
        !reproduced(history, game, seq, error)) {
        g_ptr_array_unref(tracing.deliveries);
        return NULL;
    }
    return tracing.deliveries;
}

/* ---- why did it do that ------------------------------------------------------------ */

typedef struct {
    gint64 seq;
    AnalysisDecision *out;
    gboolean found;
} Explaining;

static void on_decision(const CavDecision *decision, gint64 first, gint64 last, guint64 draws,
                        gpointer data)
{
    Explaining *explaining = data;

    if (explaining->found || explaining->seq < first || explaining->seq > last)
        return;
    explaining->found = TRUE;
    explaining->out->decision = *decision;
    explaining->out->first = first;
    explaining->out->last = last;
    explaining->out->draws_after = draws;
}

/* What the creature saw: its field of view from where it stood, by its
 * vision, over the terrain of the turn's start. */
static gboolean compute_sight(History *history, gint32 turn, AnalysisDecision *out, GError **error)
{
    g_autofree CavState *before =
        analysis_state_at(history, history_turn_start(history, turn) - 1, error);
    const CavDecision *d = &out->decision;

    if (before == NULL)
        return FALSE;
    memset(out->sight, 0, sizeof out->sight);
    fov_compute(before, d->z, d->x, d->y, d->vision, out->sight);
    return TRUE;
}

gboolean analysis_explain(History *history, gint64 seq, AnalysisDecision *out, GError **error)
{
    Explaining explaining = {.seq = seq, .out = out};
    CavContent *content;
    g_autoptr(Game) game = NULL;
    gint32 turn;

    g_return_val_if_fail(history != NULL && 1 <= seq && seq <= history_length(history), FALSE);
    g_return_val_if_fail(out != NULL, FALSE);
    turn = history_entry(history, seq)->turn;
    if (turn == 0)
        return g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           "event %" G_GINT64_FORMAT " is the game's setting up, not a creature's "
                           "choice",
                           seq),
               FALSE;
    if ((content = content_of(history, error)) == NULL)
        return FALSE;
    game = game_new_with_content(content, NULL);
    game_track_view(game, FALSE);
    game_set_explainer(game, on_decision, &explaining);
    if (!rerun(history, game, turn, error) || !reproduced(history, game, seq, error))
        return FALSE;
    if (!explaining.found)
        return g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           "event %" G_GINT64_FORMAT " came of no creature's choice", seq),
               FALSE;
    return compute_sight(history, turn, out, error);
}
