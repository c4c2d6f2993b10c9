/* evolve.c — applying events to the state. One small function per event
 * type; the switch in evolve() lists every type, so -Wswitch-enum tells a new
 * event where it must be handled. */
#include "rules.h"

#include <string.h>

static CavCreature *creature_mut(CavState *state, gint32 id)
{
    return (CavCreature *) state_creature(state, id);
}

static void evolve_started(CavState *state, const CavEvGameStarted *e)
{
    state->seed = e->seed;
    g_strlcpy(state->player_name, e->player_name, sizeof state->player_name);
}

static void evolve_level(CavState *state, const CavEvLevelGenerated *e)
{
    if (e->z >= 0 && e->z < CAV_LEVELS)
        state->levels_generated = MAX(state->levels_generated, e->z + 1);
}

static void evolve_row(CavState *state, const CavEvLevelRowGenerated *e)
{
    if (e->z < 0 || e->z >= CAV_LEVELS || e->y < 0 || e->y >= CAV_HEIGHT)
        return;
    state->rows_generated++;
    for (gint32 x = 0; x < CAV_WIDTH; x++) {
        CavTile tile = TILE_WALL;
        world_tile_from_glyph(e->cells[x], &tile);
        state->tiles[e->z][e->y][x] = (guint8) tile;
    }
}

static void evolve_spawned(CavState *state, const CavEvCreatureSpawned *e)
{
    CavCreature *c;

    if (e->creature <= 0 || e->creature > CAV_CREATURES_MAX)
        return;
    c = &state->creatures[e->creature];
    memset(c, 0, sizeof *c);
    *c = (CavCreature){.id = e->creature,
                       .z = e->z,
                       .x = e->x,
                       .y = e->y,
                       .hp = e->max_hp,
                       .max_hp = e->max_hp,
                       .attack = e->attack,
                       .defense = e->defense,
                       .vision = e->vision,
                       .alive = TRUE};
    g_strlcpy(c->kind, e->kind, sizeof c->kind);
    state->creature_count = MAX(state->creature_count, e->creature);
    if (state->player == 0 && strcmp(e->kind, "player") == 0)
        state->player = e->creature;
}

static void evolve_moved(CavState *state, const CavEvCreatureMoved *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    c->x = e->x;
    c->y = e->y;
}

static void evolve_dug(CavState *state, const CavEvTileDug *e)
{
    if (e->z >= 0 && e->z < CAV_LEVELS && world_in_bounds(e->x, e->y))
        state->tiles[e->z][e->y][e->x] = TILE_FLOOR;
}

static void evolve_stairs(CavState *state, const CavEvCreatureTookStairs *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    c->z = e->z;
    c->x = e->x;
    c->y = e->y;
    if (c->id == state->player)
        state->deepest = MAX(state->deepest, e->z);
}

static void evolve_lost(CavState *state, const CavEvGameLost *e)
{
    state->outcome = OUTCOME_LOST;
    g_strlcpy(state->cause, e->cause, sizeof state->cause);
}

void evolve(CavState *state, const CavEvent *event)
{
    g_return_if_fail(state != NULL && event != NULL);
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        evolve_started(state, &event->as.GameStarted);
        break;
    case CAV_EVENT_LEVEL_GENERATED:
        evolve_level(state, &event->as.LevelGenerated);
        break;
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        evolve_row(state, &event->as.LevelRowGenerated);
        break;
    case CAV_EVENT_CREATURE_SPAWNED:
        evolve_spawned(state, &event->as.CreatureSpawned);
        break;
    case CAV_EVENT_CREATURE_MOVED:
        evolve_moved(state, &event->as.CreatureMoved);
        break;
    case CAV_EVENT_TILE_DUG:
        evolve_dug(state, &event->as.TileDug);
        break;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        evolve_stairs(state, &event->as.CreatureTookStairs);
        break;
    case CAV_EVENT_CREATURE_WAITED:
        break;
    case CAV_EVENT_GAME_WON:
        state->outcome = OUTCOME_WON;
        break;
    case CAV_EVENT_GAME_LOST:
        evolve_lost(state, &event->as.GameLost);
        break;
    case CAV_EVENT_TYPE_COUNT:
    default:
        return;
    }
    if (event->actor != 0 && event->actor == state->player && event->cause == 0 && event->turn > 0)
        state->player_acted_turn = event->turn;
    state->last_seq = event->seq;
    state->turn = event->turn;
}
