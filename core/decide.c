/* decide.c — turning commands into events. One function per command; each
 * returns the facts that follow or a rejection the player reads. */
#include "rules.h"

static void push(GArray *out, CavEvent event)
{
    g_array_append_val(out, event);
}

static void decide_level(CavLevelTiles tiles, gint32 z, GArray *out)
{
    CavEvent level = ev_init(CAV_EVENT_LEVEL_GENERATED);

    level.as.LevelGenerated =
        (CavEvLevelGenerated){.z = z, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    push(out, level);
    for (gint32 y = 0; y < CAV_HEIGHT; y++) {
        CavEvent row = ev_init(CAV_EVENT_LEVEL_ROW_GENERATED);
        row.as.LevelRowGenerated.z = z;
        row.as.LevelRowGenerated.y = y;
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            row.as.LevelRowGenerated.cells[x] = world_tile_glyph((CavTile) tiles[y][x]);
        push(out, row);
    }
}

/* A random plain floor cell of @tiles, or FALSE if there is none. */
static gboolean random_floor(CavLevelTiles tiles, CavRng *rng, gint32 *x, gint32 *y)
{
    gint32 floors = 0, pick;

    for (gint32 cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++)
        floors += tiles[cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR;
    if (floors == 0)
        return FALSE;
    pick = rng_range(rng, 0, floors - 1);
    for (gint32 cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++) {
        if (tiles[cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR && pick-- == 0) {
            *x = cell % CAV_WIDTH;
            *y = cell / CAV_WIDTH;
            return TRUE;
        }
    }
    return FALSE;
}

void decide_start(const CavState *state, gint64 seed, const char *player_name, CavRng *rng,
                  GArray *out)
{
    CavLevelTiles *levels = g_new0(CavLevelTiles, CAV_LEVELS);
    CavEvent started = ev_init(CAV_EVENT_GAME_STARTED);
    CavEvent spawn = ev_init(CAV_EVENT_CREATURE_SPAWNED);
    gint32 x = 0, y = 0;

    g_return_if_fail(state->last_seq == 0);
    started.as.GameStarted = (CavEvGameStarted){
        .seed = seed, .levels = CAV_LEVELS, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    EV_SET_STR(started.as.GameStarted.player_name, player_name);
    push(out, started);

    world_generate(rng, levels);
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        decide_level(levels[z], z, out);

    random_floor(levels[0], rng, &x, &y);
    spawn.as.CreatureSpawned = (CavEvCreatureSpawned){.creature = 1,
                                                      .z = 0,
                                                      .x = x,
                                                      .y = y,
                                                      .max_hp = PLAYER_MAX_HP,
                                                      .attack = PLAYER_ATTACK,
                                                      .defense = PLAYER_DEFENSE,
                                                      .vision = PLAYER_VISION};
    EV_SET_STR(spawn.as.CreatureSpawned.kind, "player");
    push(out, spawn);
    g_free(levels);
}

static gboolean reject(char **why, const char *message)
{
    if (why != NULL)
        *why = g_strdup(message);
    return FALSE;
}

static gboolean decide_move(const CavState *state, const CavCreature *player, gint32 dx, gint32 dy,
                            GArray *out, char **why)
{
    gint32 x, y;
    CavTile tile;
    CavEvent event;

    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return reject(why, "That is not a direction.");
    x = player->x + dx;
    y = player->y + dy;
    tile = state_tile(state, player->z, x, y);
    switch (tile) {
    case TILE_OUTSIDE:
        return reject(why, "Solid bedrock: the caves end here.");
    case TILE_WALL:
        event = ev_init(CAV_EVENT_TILE_DUG);
        event.as.TileDug = (CavEvTileDug){.creature = player->id, .z = player->z, .x = x, .y = y};
        break;
    case TILE_FLOOR:
    case TILE_STAIRS_DOWN:
    case TILE_STAIRS_UP:
    default:
        if (state_creature_at(state, player->z, x, y) != NULL)
            return reject(why, "Something is in the way.");
        event = ev_init(CAV_EVENT_CREATURE_MOVED);
        event.as.CreatureMoved = (CavEvCreatureMoved){.creature = player->id,
                                                      .z = player->z,
                                                      .from_x = player->x,
                                                      .from_y = player->y,
                                                      .x = x,
                                                      .y = y};
        break;
    }
    event.actor = player->id;
    push(out, event);
    return TRUE;
}

static gboolean decide_stairs(const CavState *state, const CavCreature *player, gint32 dz,
                              GArray *out, char **why)
{
    CavTile here = state_tile(state, player->z, player->x, player->y);
    CavEvent event;

    if (dz > 0 && here != TILE_STAIRS_DOWN)
        return reject(why, "There are no stairs down here.");
    if (dz < 0 && here != TILE_STAIRS_UP)
        return reject(why, "There are no stairs up here.");
    if (dz < 0 && player->z == 0) {
        /* The exit. Without the teddy bear (which arrives with items) it is a loss. */
        event = ev_init(CAV_EVENT_GAME_LOST);
        event.as.GameLost.creature = player->id;
        EV_SET_STR(event.as.GameLost.cause, "fled the caves without the bear");
    } else {
        event = ev_init(CAV_EVENT_CREATURE_TOOK_STAIRS);
        event.as.CreatureTookStairs = (CavEvCreatureTookStairs){.creature = player->id,
                                                                .from_z = player->z,
                                                                .z = player->z + dz,
                                                                .x = player->x,
                                                                .y = player->y};
    }
    event.actor = player->id;
    push(out, event);
    return TRUE;
}

gboolean decide_player(const CavState *state, const CavCommand *command, CavRng *rng, GArray *out,
                       char **why)
{
    const CavCreature *player = state_player(state);
    CavEvent waited;

    (void) rng;
    if (state->outcome != OUTCOME_PLAYING)
        return reject(why, "The game is over.");
    if (player == NULL || !player->alive)
        return reject(why, "There is no one to command.");
    switch (command->kind) {
    case CMD_MOVE:
        return decide_move(state, player, command->dx, command->dy, out, why);
    case CMD_DESCEND:
        return decide_stairs(state, player, +1, out, why);
    case CMD_ASCEND:
        return decide_stairs(state, player, -1, out, why);
    case CMD_WAIT:
        waited = ev_init(CAV_EVENT_CREATURE_WAITED);
        waited.actor = player->id;
        waited.as.CreatureWaited.creature = player->id;
        push(out, waited);
        return TRUE;
    case CMD_START:
    default:
        return reject(why, "The game has already started.");
    }
}
