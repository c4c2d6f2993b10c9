/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-events.c — libFuzzer target that mutates the fields of a real game's
 * events before folding them (the digests are no barrier: anyone can
 * recompute them). A bot game is recorded once; each input is read as
 * (event index, field, value) triples that rewrite events, and the whole
 * game is then folded: every event must be refused or evolved without a
 * crash or an overflow. */
#include <stdint.h>
#include <string.h>

#include "bot.h"
#include "game.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static GArray *record_game(void)
{
    Game *game = game_new(NULL);
    GArray *events = g_array_new(FALSE, FALSE, sizeof(CavEvent));

    game_start(game, 31, "fuzz");
    g_array_append_vals(events, game_turn_events(game)->data, game_turn_events(game)->len);
    for (gint t = 0; t < 150 && game_state(game)->outcome == OUTCOME_PLAYING; t++) {
        CavCommand command = bot_choose(game_state(game), game_content(game), game_view(game));
        if (!game_play(game, &command, NULL))
            break;
        g_array_append_vals(events, game_turn_events(game)->data, game_turn_events(game)->len);
    }
    game_free(game);
    return events;
}

/* Rewrite one field of one event from 9 input bytes. */
static void mutate(GArray *events, const uint8_t *at)
{
    guint index = ((guint) at[0] << 8 | at[1]) % events->len;
    CavEvent *event = &g_array_index(events, CavEvent, index);
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    gint32 value;

    if (n == 0)
        return;
    memcpy(&value, at + 3, sizeof value);
    if (fields[at[2] % n].kind == CAV_FIELD_I32)
        memcpy((guint8 *) &event->as + fields[at[2] % n].offset, &value, sizeof value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static GArray *recorded;
    GArray *events;
    Game *game;

    if (recorded == NULL)
        recorded = record_game();
    events = g_array_copy(recorded);
    for (size_t i = 0; i + 7 <= size && i < 7 * 16; i += 7)
        mutate(events, data + i);
    game = game_new(NULL);
    game_track_view(game, FALSE);
    for (guint i = 0; i < events->len; i++)
        if (!game_fold(game, &g_array_index(events, CavEvent, i), NULL))
            break;
    game_free(game);
    g_array_unref(events);
    return 0;
}
