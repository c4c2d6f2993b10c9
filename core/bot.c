/* bot.c — the autoplay explorer. A Dijkstra search from the player over the
 * current level, where seen floor costs 1, unseen cells 2 and seen walls 6
 * (digging), finds the nearest goal: the exploration frontier first, then the
 * stairs down once the level is well seen, then any unseen rock. */
#include "bot.h"

#include <string.h>

#define CELLS (CAV_WIDTH * CAV_HEIGHT)
#define WELL_SEEN 1200 /* seen cells after which the bot heads for the stairs */

typedef struct {
    gint32 dist[CELLS];
    gint32 prev[CELLS];
} Search;

static gint32 step_cost(const CavState *state, const CavView *view, gint32 z, gint32 cell)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH;

    if (!(view->memory[z][y][x] & MEMORY_SEEN))
        return 2;
    return state->tiles[z][y][x] == TILE_WALL ? 6 : 1;
}

/* Binary min-heap of (distance << 32 | cell). */
static void heap_push(GArray *heap, guint64 item)
{
    guint i = heap->len;

    g_array_append_val(heap, item);
    while (i > 0 && g_array_index(heap, guint64, (i - 1) / 2) > item) {
        g_array_index(heap, guint64, i) = g_array_index(heap, guint64, (i - 1) / 2);
        i = (i - 1) / 2;
    }
    g_array_index(heap, guint64, i) = item;
}

static guint64 heap_pop(GArray *heap)
{
    guint64 top = g_array_index(heap, guint64, 0),
            last = g_array_index(heap, guint64, heap->len - 1);
    guint i = 0, n = heap->len - 1;

    g_array_set_size(heap, n);
    while (n > 0) {
        guint child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n &&
            g_array_index(heap, guint64, child + 1) < g_array_index(heap, guint64, child))
            child++;
        if (g_array_index(heap, guint64, child) >= last)
            break;
        g_array_index(heap, guint64, i) = g_array_index(heap, guint64, child);
        i = child;
    }
    if (n > 0)
        g_array_index(heap, guint64, i) = last;
    return top;
}

static gboolean is_frontier(const CavState *state, const CavView *view, gint32 z, gint32 x,
                            gint32 y)
{
    if (view->memory[z][y][x] & MEMORY_SEEN)
        return FALSE;
    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            CavTile t = state_tile(state, z, x + dx, y + dy);
            if (t != TILE_OUTSIDE && t != TILE_WALL &&
                (view->memory[z][y + dy][x + dx] & MEMORY_SEEN))
                return TRUE;
        }
    return FALSE;
}

typedef enum { GOAL_FRONTIER, GOAL_STAIRS, GOAL_UNSEEN } Goal;

static gboolean is_goal(const CavState *state, const CavView *view, gint32 z, gint32 cell,
                        Goal goal)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH;

    switch (goal) {
    case GOAL_FRONTIER:
        return is_frontier(state, view, z, x, y);
    case GOAL_STAIRS:
        return (view->memory[z][y][x] & MEMORY_SEEN) && state->tiles[z][y][x] == TILE_STAIRS_DOWN;
    case GOAL_UNSEEN:
    default:
        return !(view->memory[z][y][x] & MEMORY_SEEN);
    }
}

/* Dijkstra from the player that stops at the first cell meeting @goal, which
 * is then a nearest one (ties go to the lower cell index). Returns the cell or
 * -1; @s holds the paths found. */
static gint32 search(const CavState *state, const CavView *view, const CavCreature *player,
                     Goal goal, Search *s)
{
    g_autoptr(GArray) heap = g_array_new(FALSE, FALSE, sizeof(guint64));
    gint32 start = player->y * CAV_WIDTH + player->x;

    for (gint32 i = 0; i < CELLS; i++) {
        s->dist[i] = G_MAXINT32;
        s->prev[i] = -1;
    }
    s->dist[start] = 0;
    heap_push(heap, (guint64) start);
    while (heap->len > 0) {
        guint64 item = heap_pop(heap);
        gint32 cell = (gint32) (item & 0xffffffffu), d = (gint32) (item >> 32);
        if (d != s->dist[cell])
            continue;
        if (is_goal(state, view, player->z, cell, goal))
            return cell;
        for (gint32 dy = -1; dy <= 1; dy++)
            for (gint32 dx = -1; dx <= 1; dx++) {
                gint32 x = cell % CAV_WIDTH + dx, y = cell / CAV_WIDTH + dy;
                if ((dx == 0 && dy == 0) || !world_in_bounds(x, y))
                    continue;
                gint32 next = y * CAV_WIDTH + x, nd = d + step_cost(state, view, player->z, next);
                if (nd < s->dist[next]) {
                    s->dist[next] = nd;
                    s->prev[next] = cell;
                    heap_push(heap, ((guint64) nd << 32) | (guint64) next);
                }
            }
    }
    return -1;
}

static CavCommand step_toward(const CavCreature *player, const Search *s, gint32 target)
{
    gint32 start = player->y * CAV_WIDTH + player->x, cell = target;

    while (s->prev[cell] != start && s->prev[cell] >= 0)
        cell = s->prev[cell];
    return command_move(cell % CAV_WIDTH - player->x, cell / CAV_WIDTH - player->y);
}

static gint32 seen_cells(const CavView *view, gint32 z)
{
    gint32 n = 0;

    for (gint32 cell = 0; cell < CELLS; cell++)
        n += (view->memory[z][cell / CAV_WIDTH][cell % CAV_WIDTH] & MEMORY_SEEN) != 0;
    return n;
}

CavCommand bot_choose(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);
    Search *s;
    gint32 target;
    gboolean deepest, well_seen;
    CavCommand command;
    Goal goals[4];
    guint n_goals;

    if (player == NULL || state->outcome != OUTCOME_PLAYING)
        return command_simple(CMD_WAIT);
    if (player->pending_bonuses > 0)
        return command_choose(CAV_BONUS_MAX_HP);
    deepest = player->z == CAV_LEVELS - 1;
    well_seen = seen_cells(view, player->z) >= WELL_SEEN;
    if (!deepest && well_seen && state->tiles[player->z][player->y][player->x] == TILE_STAIRS_DOWN)
        return command_simple(CMD_DESCEND);

    /* Goals in order of preference: the stairs once the level is well
     * seen, the frontier of the explored part, the stairs anyway, then any
     * unseen rock (digging). */
    n_goals = 0;
    if (!deepest && well_seen)
        goals[n_goals++] = GOAL_STAIRS;
    goals[n_goals++] = GOAL_FRONTIER;
    if (!deepest)
        goals[n_goals++] = GOAL_STAIRS;
    goals[n_goals++] = GOAL_UNSEEN;
    s = g_new(Search, 1);
    target = -1;
    for (guint i = 0; i < n_goals && target < 0; i++)
        target = search(state, view, player, goals[i], s);
    if (target == player->y * CAV_WIDTH + player->x || target < 0)
        command = !deepest && state->tiles[player->z][player->y][player->x] == TILE_STAIRS_DOWN
                      ? command_simple(CMD_DESCEND)
                      : command_simple(CMD_WAIT);
    else
        command = step_toward(player, s, target);
    g_free(s);
    return command;
}
