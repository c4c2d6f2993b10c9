/* state.c — constructing, querying and digesting the game state. */
#include "state.h"

#include <string.h>
#include <xxhash.h>

CavState *state_new(void)
{
    CavState *state = g_new(CavState, 1);

    state_init(state);
    return state;
}

void state_init(CavState *state)
{
    g_return_if_fail(state != NULL);
    memset(state, 0, sizeof *state);
}

CavTile state_tile(const CavState *state, gint32 z, gint32 x, gint32 y)
{
    if (z < 0 || z >= CAV_LEVELS || !world_in_bounds(x, y))
        return TILE_OUTSIDE;
    return (CavTile) state->tiles[z][y][x];
}

const CavCreature *state_creature(const CavState *state, gint32 id)
{
    if (id <= 0 || id > state->creature_count || id > CAV_CREATURES_MAX)
        return NULL;
    return state->creatures[id].id == id ? &state->creatures[id] : NULL;
}

const CavCreature *state_player(const CavState *state)
{
    return state_creature(state, state->player);
}

const CavCreature *state_creature_at(const CavState *state, gint32 z, gint32 x, gint32 y)
{
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        if (c->id != 0 && c->alive && c->z == z && c->x == x && c->y == y)
            return c;
    }
    return NULL;
}

static void hash_i64(XXH3_state_t *h, gint64 value)
{
    guint8 bytes[8];

    for (gint i = 0; i < 8; i++)
        bytes[i] = (guint8) ((guint64) value >> (8 * i));
    XXH3_64bits_update(h, bytes, sizeof bytes);
}

static void hash_text(XXH3_state_t *h, const char *text, gsize cap)
{
    gsize len = strnlen(text, cap);

    hash_i64(h, (gint64) len);
    XXH3_64bits_update(h, text, len);
}

static void hash_creature(XXH3_state_t *h, const CavCreature *c)
{
    const gint64 numbers[] = {c->id,     c->z,      c->x,       c->y,      c->hp,
                              c->max_hp, c->attack, c->defense, c->vision, c->alive ? 1 : 0};

    hash_text(h, c->kind, sizeof c->kind);
    for (guint i = 0; i < G_N_ELEMENTS(numbers); i++)
        hash_i64(h, numbers[i]);
}

guint64 state_digest(const CavState *state)
{
    XXH3_state_t *h = XXH3_createState();
    const gint64 header[] = {state->seed,           state->last_seq,
                             state->turn,           state->levels_generated,
                             state->rows_generated, state->player_acted_turn,
                             state->player,         state->creature_count,
                             state->outcome,        state->deepest};
    guint64 digest;

    g_return_val_if_fail(state != NULL, 0);
    XXH3_64bits_reset(h);
    for (guint i = 0; i < G_N_ELEMENTS(header); i++)
        hash_i64(h, header[i]);
    hash_text(h, state->cause, sizeof state->cause);
    hash_text(h, state->player_name, sizeof state->player_name);
    XXH3_64bits_update(h, state->tiles, sizeof state->tiles);
    for (gint32 id = 1; id <= state->creature_count; id++)
        hash_creature(h, &state->creatures[id]);
    digest = XXH3_64bits_digest(h);
    XXH3_freeState(h);
    return digest;
}
