/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-walk.c — where the bot explores when nothing nearer calls: goals tried
 * in order (stairs, the edge of the known, unknown rock; the player's own cell
 * counts, so reaching stairs means taking them). A region closed off by rock
 * is reached through the next level rather than by digging far: stairs whose
 * other end is unseen are "leads". */
#include "bot-private.h"

#define BOX 3 /* an unknown area: a (2 BOX + 1)² box mostly unseen */

typedef enum {
    GOAL_STAIRS_UP,
    GOAL_STAIRS_UP_NEW, /* stairs up whose other end is unseen */
    GOAL_STAIRS_DOWN,
    GOAL_STAIRS_DOWN_NEW, /* stairs down whose other end is unseen */
    GOAL_FRONTIER_WALK,   /* the edge of the known, reached without digging */
    GOAL_FRONTIER,
    GOAL_UNSEEN_AREA, /* unknown rock in the middle of more unknown */
    GOAL_UNSEEN,
} Goal;

#define PLAN_MAX 8

typedef struct {
    Goal goals[PLAN_MAX];
    guint n;
} Plan;

static void plan_add(Plan *plan, Goal goal)
{
    g_assert(plan->n < PLAN_MAX);
    plan->goals[plan->n++] = goal;
}

static CavTile tile_at(const Bot *bot, gint32 z, gint32 cell)
{
    return (CavTile) bot->state->tiles[z][cell / CAV_WIDTH][cell % CAV_WIDTH];
}

static gboolean remembered(const Bot *bot, gint32 z, gint32 cell)
{
    return (bot->view->memory[z][cell / CAV_WIDTH][cell % CAV_WIDTH] & MEMORY_SEEN) != 0;
}

/* Seen stairs (@tile) on level @z leading to a cell of the next level (@dz)
 * that is not seen: a way into a part of that level not explored yet. */
static gboolean is_lead(const Bot *bot, gint32 z, gint32 cell, CavTile tile)
{
    gint32 dz = tile == TILE_STAIRS_DOWN ? 1 : -1;

    return z + dz >= 0 && z + dz < CAV_LEVELS && tile_at(bot, z, cell) == tile &&
           remembered(bot, z, cell) && !remembered(bot, z + dz, cell);
}

static gboolean level_has_lead(const Bot *bot, gint32 z, CavTile tile)
{
    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        if (is_lead(bot, z, cell, tile))
            return TRUE;
    return FALSE;
}

static gboolean exit_known(const Bot *bot)
{
    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        if (tile_at(bot, 0, cell) == TILE_STAIRS_UP && remembered(bot, 0, cell))
            return TRUE;
    return FALSE;
}

/* Unseen cells in the box around @cell, and cells in it at all. */
static gboolean unseen_area(const Bot *bot, gint32 cell)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH, unseen = 0, all = 0;

    if (bot->seen[cell])
        return FALSE;
    for (gint32 by = MAX(0, y - BOX); by <= MIN(CAV_HEIGHT - 1, y + BOX); by++)
        for (gint32 bx = MAX(0, x - BOX); bx <= MIN(CAV_WIDTH - 1, x + BOX); bx++) {
            unseen += !bot->seen[by * CAV_WIDTH + bx];
            all++;
        }
    return unseen * 5 >= all * 4;
}

static gboolean stairs(const Bot *bot, gint32 cell, CavTile tile)
{
    return bot->seen[cell] && tile_at(bot, bot->z, cell) == tile &&
           bot_fight_stairs_safe(bot, cell, tile);
}

static gboolean is_goal(const Bot *bot, gint32 cell, Goal goal)
{
    switch (goal) {
    case GOAL_STAIRS_UP:
        return stairs(bot, cell, TILE_STAIRS_UP);
    case GOAL_STAIRS_UP_NEW:
        return is_lead(bot, bot->z, cell, TILE_STAIRS_UP) && stairs(bot, cell, TILE_STAIRS_UP);
    case GOAL_STAIRS_DOWN:
        return stairs(bot, cell, TILE_STAIRS_DOWN);
    case GOAL_STAIRS_DOWN_NEW:
        return is_lead(bot, bot->z, cell, TILE_STAIRS_DOWN) && stairs(bot, cell, TILE_STAIRS_DOWN);
    case GOAL_FRONTIER_WALK:
        return bot->digs[cell] == 0 && bot_map_frontier(bot, cell);
    case GOAL_FRONTIER:
        return bot_map_frontier(bot, cell);
    case GOAL_UNSEEN_AREA:
        return unseen_area(bot, cell);
    case GOAL_UNSEEN:
    default:
        return !bot->seen[cell];
    }
}

/* The nearest reached cell meeting @goal, the player's own included (ties:
 * the lower cell), or -1. */
static gint32 nearest(const Bot *bot, Goal goal)
{
    gint32 best = -1;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        if (bot->dist[cell] != BOT_UNREACHED && (best < 0 || bot->dist[cell] < bot->dist[best]) &&
            is_goal(bot, cell, goal))
            best = cell;
    return best;
}

/* The last resorts, on every level: dig toward unknown areas, then into
 * any unknown rock. */
static void plan_dig(Plan *plan)
{
    plan_add(plan, GOAL_FRONTIER);
    plan_add(plan, GOAL_UNSEEN_AREA);
    plan_add(plan, GOAL_UNSEEN);
}

/* Without the bear: explore each level, go down once it is known (new
 * stairs first); on the deepest, when nothing is left to walk to, go up
 * to reach another part through stairs not taken yet. */
static void plan_descent(const Bot *bot, Plan *plan)
{
    if (bot->z == CAV_LEVELS - 1) {
        plan_add(plan, GOAL_FRONTIER_WALK);
        if (level_has_lead(bot, bot->z - 1, TILE_STAIRS_DOWN))
            plan_add(plan, GOAL_STAIRS_UP);
    } else if (bot_wants_down(bot)) {
        plan_add(plan, GOAL_STAIRS_DOWN_NEW);
        plan_add(plan, GOAL_FRONTIER_WALK);
        plan_add(plan, GOAL_STAIRS_DOWN);
    } else {
        plan_add(plan, GOAL_FRONTIER_WALK);
        plan_add(plan, GOAL_FRONTIER);
        if (bot->player->food * 2 >= bot->player->max_food)
            plan_add(plan, GOAL_UNSEEN_AREA); /* dig out of a small region while food allows */
        plan_add(plan, GOAL_STAIRS_DOWN_NEW);
        plan_add(plan, GOAL_STAIRS_DOWN);
    }
    plan_dig(plan);
}

/* With the bear: up, level by level, to the exit. While the exit is not
 * known, level 2's stairs into unseen parts of level 1 come first, and on
 * level 1 with nothing left to walk to the bot goes down to reach them. */
static void plan_ascent(const Bot *bot, Plan *plan)
{
    gboolean search_exit = !exit_known(bot) && level_has_lead(bot, 1, TILE_STAIRS_UP);

    if (bot->z == 1 && search_exit)
        plan_add(plan, GOAL_STAIRS_UP_NEW);
    else
        plan_add(plan, GOAL_STAIRS_UP);
    plan_add(plan, GOAL_FRONTIER_WALK);
    if (bot->z == 0 && search_exit)
        plan_add(plan, GOAL_STAIRS_DOWN);
    plan_dig(plan);
}

static gboolean is_stairs_goal(Goal goal)
{
    return goal == GOAL_STAIRS_UP || goal == GOAL_STAIRS_UP_NEW || goal == GOAL_STAIRS_DOWN ||
           goal == GOAL_STAIRS_DOWN_NEW;
}

gboolean bot_walk_explore(Bot *bot, CavCommand *out)
{
    Plan plan = {.n = 0};

    if (bot_carries_bear(bot))
        plan_ascent(bot, &plan);
    else
        plan_descent(bot, &plan);
    for (guint i = 0; i < plan.n; i++) {
        gint32 target = nearest(bot, plan.goals[i]);
        if (target < 0)
            continue;
        if (target != bot->here)
            *out = bot_map_step(bot, target);
        else if (is_stairs_goal(plan.goals[i]))
            *out = command_simple(tile_at(bot, bot->z, target) == TILE_STAIRS_UP ? CMD_ASCEND
                                                                                 : CMD_DESCEND);
        else
            continue;
        return TRUE;
    }
    return FALSE;
}
