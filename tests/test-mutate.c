/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mutate.c — every number of a real game's events pushed to extremes.
 * The digests are no barrier (anyone can recompute them), so validate and
 * evolve must take any value a file can hold: each integer field of each
 * sampled event is set to INT_MAX, INT_MIN, -1, 0 and a large value in turn;
 * validation must refuse the lie or evolve must take it, and neither may
 * overflow (the CI runs this built with UBSan, halting on the first signed
 * overflow) or leave the state changed by a refused event. */
#include <string.h>

#include "bot.h"
#include "game.h"
#include "rules.h"

#define TURNS 400
#define SAMPLE_EVERY 3

/* A real game: the bot plays TURNS turns; every event, in order. */
static GArray *record_game(gint64 seed)
{
    g_autoptr(Game) game = game_new(NULL);
    GArray *events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    const GArray *turn;

    game_start(game, seed, "mutant");
    turn = game_turn_events(game);
    g_array_append_vals(events, turn->data, turn->len);
    for (gint t = 0; t < TURNS && game_state(game)->outcome == OUTCOME_PLAYING; t++) {
        CavCommand command = bot_choose(game_state(game), game_content(game), game_view(game));
        g_autofree char *why = NULL;
        if (!game_play(game, &command, &why))
            g_error("turn %d: %s", t, why);
        turn = game_turn_events(game);
        g_array_append_vals(events, turn->data, turn->len);
    }
    return events;
}

/* Try @event with one field set to @value against @state: if validation
 * refuses it the state must be unchanged; if it accepts it, evolve it on a
 * copy. Returns whether it was accepted. */
static gboolean try_value(const CavState *state, CavState *scratch, const CavEvent *event,
                          const CavFieldInfo *field, gint64 value)
{
    CavEvent mutated = *event;
    guint8 *at = (guint8 *) &mutated.as + field->offset;

    if (field->kind == CAV_FIELD_I32) {
        gint32 v = (gint32) CLAMP(value, G_MININT32, G_MAXINT32);
        memcpy(at, &v, sizeof v);
    } else {
        memcpy(at, &value, sizeof value);
    }
    if (!validate_event(state, &mutated, NULL))
        return FALSE;
    memcpy(scratch, state, sizeof *scratch);
    evolve(scratch, &mutated);
    return TRUE;
}

static void test_extremes(void)
{
    static const gint64 values[] = {G_MAXINT32, G_MININT32, -1, 0, 1000000007, G_MAXINT64};
    g_autoptr(GArray) events = record_game(31);
    g_autoptr(Game) game = game_new(NULL);
    g_autofree CavState *scratch = state_new();
    guint tried = 0, accepted = 0;

    game_track_view(game, FALSE);
    for (guint i = 0; i < events->len; i++) {
        const CavEvent *event = &g_array_index(events, CavEvent, i);
        const CavFieldInfo *fields;
        guint n = ev_type_fields(event->type, &fields);
        guint64 before = state_digest(game_state(game));
        g_autoptr(GError) error = NULL;
        for (guint f = 0; i % SAMPLE_EVERY == 0 && f < n; f++) {
            if (fields[f].kind != CAV_FIELD_I32 && fields[f].kind != CAV_FIELD_I64)
                continue;
            for (guint v = 0; v < G_N_ELEMENTS(values); v++, tried++)
                accepted += try_value(game_state(game), scratch, event, &fields[f], values[v]);
        }
        g_assert_cmphex(state_digest(game_state(game)), ==, before);
        if (!game_fold(game, event, &error))
            g_error("the real event %" G_GINT64_FORMAT " was refused: %s", event->seq,
                    error->message);
    }
    g_test_message("%u events, %u mutations tried, %u accepted", events->len, tried, accepted);
    g_assert_cmpuint(tried, >, 10000);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/mutate/extremes", test_extremes);
    return g_test_run();
}
