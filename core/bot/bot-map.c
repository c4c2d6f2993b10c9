/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-map.c — the bot's picture of the player's level: where creatures and
 * items are, what the player knows, and a search from the player over every
 * cell (Dijkstra with a bucket queue: step costs are small whole numbers),
 * where digging through rock and cutting through fungi cost extra. */
#include "bot-private.h"

#define COST_KNOWN 1
#define COST_UNKNOWN 2
#define COST_DIG 6
#define COST_FUNGUS 3
/* Only a known wall costs COST_DIG: the search counts digs by it. */
G_STATIC_ASSERT(COST_KNOWN + COST_FUNGUS != COST_DIG && COST_UNKNOWN != COST_DIG);

static guint8 step_cost(const Bot *bot, gint32 cell)
{
    const CavCreature *c = state_creature(bot->state, bot->creature[cell]);
    guint8 cost;

    if (!bot->seen[cell])
        cost = COST_UNKNOWN;
    else if (bot->state->tiles[bot->z][cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_WALL)
        cost = COST_DIG;
    else
        cost = COST_KNOWN;
    if (c != NULL && c->behaviour == CAV_BEHAVIOUR_FUNGUS && bot->visible[cell])
        cost += COST_FUNGUS;
    return cost;
}

void bot_map_scan(Bot *bot)
{
    const CavView *view = bot->view;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++) {
        gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH;
        /* The state's cell maps, checked where they name someone. */
        const CavCreature *c = bot->state->occupant[bot->z][y][x] != 0
                                   ? state_creature_at(bot->state, bot->z, x, y)
                                   : NULL;
        const CavItem *item = bot->state->floor_item[bot->z][y][x] != 0
                                  ? state_item_at(bot->state, bot->z, x, y)
                                  : NULL;
        bot->creature[cell] = c != NULL ? c->id : 0;
        bot->item[cell] = item != NULL ? item->id : 0;
        bot->seen[cell] = (view->memory[bot->z][y][x] & MEMORY_SEEN) != 0;
        bot->visible[cell] = view->z == bot->z && view->visible[y][x] != 0;
    }
    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        bot->cost[cell] = step_cost(bot, cell);
}

gint32 bot_map_seen_cells(const Bot *bot)
{
    gint32 n = 0;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        n += bot->seen[cell];
    return n;
}

gboolean bot_map_frontier(const Bot *bot, gint32 cell)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH;

    if (bot->seen[cell])
        return FALSE;
    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            CavTile t = state_tile(bot->state, bot->z, x + dx, y + dy);
            if (t != TILE_OUTSIDE && t != TILE_WALL && bot->seen[(y + dy) * CAV_WIDTH + x + dx])
                return TRUE;
        }
    return FALSE;
}

static void enqueue(Bot *bot, gint32 cell, gint32 dist)
{
    gint32 b = dist % BOT_BUCKETS;

    g_assert(bot->entries < (gint32) G_N_ELEMENTS(bot->entry_cell));
    bot->entry_cell[bot->entries] = cell;
    bot->entry_next[bot->entries] = bot->bucket[b];
    bot->bucket[b] = bot->entries++;
    bot->queued++;
}

/* Offer each neighbour of @cell (reached at @d) a path through it. */
static void relax(Bot *bot, gint32 cell, gint32 d)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH;

    for (gint32 ny = MAX(0, y - 1); ny <= MIN(CAV_HEIGHT - 1, y + 1); ny++)
        for (gint32 nx = MAX(0, x - 1); nx <= MIN(CAV_WIDTH - 1, x + 1); nx++) {
            gint32 next = ny * CAV_WIDTH + nx, nd = d + bot->cost[next];
            if (nd < bot->dist[next]) {
                bot->dist[next] = nd;
                bot->prev[next] = cell;
                bot->digs[next] = bot->digs[cell] + (bot->cost[next] == COST_DIG);
                enqueue(bot, next, nd);
            }
        }
}

void bot_map_search(Bot *bot)
{
    for (gint32 i = 0; i < BOT_CELLS; i++) {
        bot->dist[i] = BOT_UNREACHED;
        bot->prev[i] = -1;
    }
    for (gint32 b = 0; b < BOT_BUCKETS; b++)
        bot->bucket[b] = -1;
    bot->entries = bot->queued = 0;
    bot->dist[bot->here] = 0;
    bot->digs[bot->here] = 0;
    enqueue(bot, bot->here, 0);
    /* Every entry in the buckets lies within BOT_BUCKETS of the distance
     * being settled, so sweeping the distances in order visits each bucket
     * at the right time. */
    for (gint32 d = 0; bot->queued > 0; d++) {
        gint32 b = d % BOT_BUCKETS, at = bot->bucket[b];
        bot->bucket[b] = -1;
        for (; at >= 0; at = bot->entry_next[at]) {
            gint32 cell = bot->entry_cell[at];
            bot->queued--;
            if (bot->dist[cell] == d)
                relax(bot, cell, d);
        }
    }
}

CavCommand bot_map_step(const Bot *bot, gint32 cell)
{
    g_assert(cell != bot->here && bot->dist[cell] != BOT_UNREACHED);
    while (bot->prev[cell] != bot->here)
        cell = bot->prev[cell];
    return command_move(cell % CAV_WIDTH - bot->player->x, cell / CAV_WIDTH - bot->player->y);
}
