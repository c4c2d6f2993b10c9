/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-events.c — libFuzzer target that mutates the fields of a real game's
 * events before folding them (the digests are no barrier: anyone can
 * recompute them). A bot game is recorded once; each input is read as up to
 * MUTATIONS records of MUTATION_BYTES (event index, field, value) that
 * rewrite a field of any kind (32- or 64-bit numbers, texts, with or without
 * an end), and the whole game is then folded: every event must be refused
 * or evolved without a crash or an overflow. */
#include <stdint.h>
#include <string.h>

#include "bot.h"
#include "game.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MUTATIONS 16
#define MUTATION_BYTES 12 /* index (2), field (1), how a text ends (1), value (8) */

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

/* Rewrite one field of one event from MUTATION_BYTES input bytes. */
static void mutate(GArray *events, const uint8_t *at)
{
    guint index = ((guint) at[0] << 8 | at[1]) % events->len;
    CavEvent *event = &g_array_index(events, CavEvent, index);
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    const CavFieldInfo *field;
    guint8 *place;

    if (n == 0)
        return;
    field = &fields[at[2] % n];
    place = (guint8 *) &event->as + field->offset;
    switch (field->kind) {
    case CAV_FIELD_I32:
        memcpy(place, at + 4, 4);
        break;
    case CAV_FIELD_I64:
        memcpy(place, at + 4, 8);
        break;
    case CAV_FIELD_STR:
        /* Eight bytes at a place the input picks; ended there, or not at all. */
        memcpy(place + at[3] % (field->size - 8), at + 4, 8);
        if (at[3] & 0x80)
            place[field->size - 1] = '\0';
        break;
    case CAV_FIELD_ROW: /* a level's terrain: fuzz-open reaches its text */
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static GArray *recorded;
    GArray *events;
    Game *game;

    if (recorded == NULL)
        recorded = record_game();
    events = g_array_copy(recorded);
    for (size_t i = 0; i + MUTATION_BYTES <= size && i < MUTATION_BYTES * MUTATIONS;
         i += MUTATION_BYTES)
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
