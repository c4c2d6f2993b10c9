/* SPDX-License-Identifier: GPL-3.0-or-later */
/* creatures.c — what each creature does on its turn, by behaviour (GAME.md
 * "Creatures"): fungi spread, bats blunder twice, zombies idle or hunt,
 * goblins gear up, drink, fire, throw, hunt, pick up and wander. The player decides in decide.c. */
#include "rules-private.h"

#include <libtcod/fov.h>
#include <libtcod/path.h>
#include <string.h>

static gboolean sees_player(const CavState *state, const guint8 fov[CAV_HEIGHT][CAV_WIDTH],
                            const CavCreature *c)
{
    const CavCreature *player = state_player(state);
    gint32 dx, dy;

    if (player == NULL || !player->alive || player->z != c->z || !world_in_bounds(c->x, c->y) ||
        !fov[c->y][c->x])
        return FALSE;
    dx = player->x - c->x;
    dy = player->y - c->y;
    return dx * dx + dy * dy <= state_vision(c) * state_vision(c);
}

/* Note in @why (nullable) that @rule fired, aimed at @target and (x, y). */
static void note(CavDecision *why, const char *rule, gint32 target, gint32 item, gint32 x, gint32 y)
{
    if (why == NULL)
        return;
    why->rule = rule;
    why->target = target;
    why->item = item;
    why->goal_x = x;
    why->goal_y = y;
}

/* A random neighbour or staying put; a step into another kind attacks. */
static void wander(const CavState *state, const CavContent *content, const CavCreature *c,
                   CavRng *rng, GArray *out, CavDecision *why)
{
    gint32 dx = rng_range(rng, -1, 1), dy = rng_range(rng, -1, 1);

    if (why != NULL && why->rule == NULL)
        note(why, "wander", 0, 0, -1, -1);
    if (why != NULL) {
        why->goal_x = c->x + dx;
        why->goal_y = c->y + dy;
    }
    rules_step(state, content, c, c->x + dx, c->y + dy, rng, out);
}

/* The first step of a shortest path to (tx, ty), searched in a window of
 * the hunt radius around @c (walls block; creatures do not). FALSE when the
 * target is outside the window or cannot be reached. */
static gboolean path_step(const CavState *state, const CavContent *content, const CavCreature *c,
                          gint32 tx, gint32 ty, gint32 *sx, gint32 *sy, CavDecision *why)
{
    gint32 r = content_rules(content)->hunt_radius;
    gint32 x0 = MAX(0, c->x - r), y0 = MAX(0, c->y - r);
    gint32 x1 = MIN(CAV_WIDTH - 1, c->x + r), y1 = MIN(CAV_HEIGHT - 1, c->y + r);
    TCOD_Map *map;
    TCOD_path_t path;
    gboolean found = FALSE;

    if (tx < x0 || tx > x1 || ty < y0 || ty > y1)
        return FALSE;
    map = TCOD_map_new(x1 - x0 + 1, y1 - y0 + 1);
    for (gint32 y = y0; y <= y1; y++)
        for (gint32 x = x0; x <= x1; x++) {
            CavTile tile = state_tile(state, c->z, x, y);
            gboolean open = tile != TILE_WALL && tile != TILE_OUTSIDE;
            TCOD_map_set_properties(map, x - x0, y - y0, open, open);
        }
    path = TCOD_path_new_using_map(map, 1.0f);
    if (TCOD_path_compute(path, c->x - x0, c->y - y0, tx - x0, ty - y0) &&
        TCOD_path_size(path) > 0) {
        int px, py;
        TCOD_path_get(path, 0, &px, &py);
        *sx = px + x0;
        *sy = py + y0;
        found = TRUE;
        for (int i = 0; why != NULL && i < TCOD_path_size(path) && i < CAV_DECISION_PATH_MAX; i++) {
            TCOD_path_get(path, i, &px, &py);
            why->path_x[i] = px + x0;
            why->path_y[i] = py + y0;
            why->path_length = i + 1;
        }
    }
    TCOD_path_delete(path);
    TCOD_map_delete(map);
    return found;
}

/* Step along a path toward the player; with no path, wander. */
static void hunt(const CavState *state, const CavContent *content, const CavCreature *c,
                 CavRng *rng, GArray *out, CavDecision *why)
{
    const CavCreature *player = state_player(state);
    gint32 sx, sy;

    if (player != NULL && path_step(state, content, c, player->x, player->y, &sx, &sy, why)) {
        note(why, "hunt", player->id, 0, sx, sy);
        rules_step(state, content, c, sx, sy, rng, out);
    } else {
        note(why, "hunt, but no path: wander", player != NULL ? player->id : 0, 0, -1, -1);
        wander(state, content, c, rng, out, why);
    }
}

/* A random free floor cell within the spread radius, or FALSE. */
static gboolean spread_cell(const CavState *state, const CavContent *content, const CavCreature *c,
                            CavRng *rng, gint32 *x, gint32 *y)
{
    gint32 r = content_rules(content)->fungus_spread_radius;
    gint32 free_cells = 0, pick = 0;

    for (gint32 pass = 0; pass < 2; pass++) {
        for (gint32 cy = c->y - r; cy <= c->y + r; cy++)
            for (gint32 cx = c->x - r; cx <= c->x + r; cx++) {
                CavTile tile = state_tile(state, c->z, cx, cy);
                if (tile != TILE_FLOOR || state_creature_at(state, c->z, cx, cy) != NULL)
                    continue;
                if (pass == 0) {
                    free_cells++;
                } else if (pick-- == 0) {
                    *x = cx;
                    *y = cy;
                    return TRUE;
                }
            }
        if (free_cells == 0)
            return FALSE;
        pick = rng_range(rng, 0, free_cells - 1);
    }
    return FALSE;
}

static void act_fungus(const CavState *state, const CavContent *content, const CavCreature *c,
                       CavRng *rng, GArray *out, CavDecision *why)
{
    const CavRules *rules = content_rules(content);
    const CavCreature *founder = state_creature(state, c->colony);
    CavEvent event;
    gint32 x, y;

    /* Most turns a fungus does nothing: the event is made only when it
     * spreads (an event is 424 bytes to clear). */
    note(why, "rest", 0, 0, -1, -1);
    if (!rng_permille(rng, rules->fungus_spread_permille))
        return;
    if (founder == NULL || founder->colony_size >= rules->colony_max ||
        state->creature_count >= CAV_CREATURES_MAX || !spread_cell(state, content, c, rng, &x, &y))
        return;
    note(why, "spread", 0, 0, x, y);
    event = ev_init(CAV_EVENT_FUNGUS_SPREAD);
    event.as.FungusSpread = (CavEvFungusSpread){.parent = c->id,
                                                .child = state->creature_count + 1,
                                                .colony = c->colony,
                                                .z = c->z,
                                                .x = x,
                                                .y = y};
    event.actor = c->id;
    rules_push(out, event);
}

/* The best item in @c's pack for a slot: the weapon with the most attack +
 * ranged, or the armour with the most defense. */
static const CavItem *best_gear(const CavState *state, const CavCreature *c, gboolean weapon)
{
    const CavItem *best = NULL;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, c->pack[i]);
        if (item == NULL || item->count <= 0 ||
            !(item->features & ((1u << CAV_FEATURE_WIELD) | (1u << CAV_FEATURE_WEAR))) ||
            rules_is_weapon(item) != weapon)
            continue;
        if (best == NULL || (weapon ? item->attack + item->ranged > best->attack + best->ranged
                                    : item->defense > best->defense))
            best = item;
    }
    return best;
}

/* Equip something better than what @c has on, if it carries it. */
static gboolean gear_up(const CavState *state, const CavCreature *c, GArray *out, CavDecision *why)
{
    for (gint32 weapon = 1; weapon >= 0; weapon--) {
        const CavItem *best = best_gear(state, c, weapon);
        gint32 current = weapon ? c->weapon : c->armour;
        CavEvent event;
        if (best == NULL || best->id == current)
            continue;
        if (current != 0) {
            const CavItem *on = state_item(state, current);
            if (weapon ? on->attack + on->ranged >= best->attack + best->ranged
                       : on->defense >= best->defense)
                continue;
        }
        event = ev_init(CAV_EVENT_ITEM_EQUIPPED);
        event.as.ItemEquipped.creature = c->id;
        event.as.ItemEquipped.item = best->id;
        EV_SET_STR(event.as.ItemEquipped.slot, weapon ? "weapon" : "armour");
        event.actor = c->id;
        rules_push(out, event);
        note(why, "gear up", 0, best->id, -1, -1);
        return TRUE;
    }
    return FALSE;
}

/* Pick up what lies here, into a stack already carried when it fits one
 * (GAME.md's stacks are every creature's). */
static gboolean pick_up(const CavState *state, const CavCreature *c, GArray *out, CavDecision *why)
{
    const CavItem *item = state_item_at(state, c->z, c->x, c->y);
    const CavItem *into = item != NULL ? rules_pack_stack_for(state, c, item) : NULL;
    CavEvent event;

    if (item == NULL || (into == NULL && state_pack_used(c) >= CAV_PACK_SLOTS))
        return FALSE;
    event = ev_init(CAV_EVENT_ITEM_PICKED_UP);
    event.as.ItemPickedUp = (CavEvItemPickedUp){
        .creature = c->id, .item = item->id, .into = into != NULL ? into->id : 0};
    event.actor = c->id;
    rules_push(out, event);
    note(why, "pick up", 0, item->id, c->x, c->y);
    return TRUE;
}

/* Below half hp, a goblin drinks the first potion it carries, known or
 * not: that is how others learn what potions are. */
static gboolean drink(const CavState *state, const CavCreature *c, GArray *out, CavDecision *why)
{
    if (c->hp * 2 >= c->max_hp)
        return FALSE;
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, c->pack[i]);
        if (item != NULL && item->count > 0 && (item->features & (1u << CAV_FEATURE_QUAFF)) &&
            state_look_of_kind(state, item->type) != NULL) {
            rules_quaff(c, item, out);
            note(why, "drink", 0, item->id, -1, -1);
            return TRUE;
        }
    }
    return FALSE;
}

/* The spare throwable @c would throw (GAME.md's "throwable", not what it
 * wields or wears): the highest thrown value. */
static const CavItem *best_throwable(const CavState *state, const CavCreature *c)
{
    const CavItem *best = NULL;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, c->pack[i]);
        if (item == NULL || item->count <= 0 || item->id == c->weapon || item->id == c->armour ||
            !rules_throwable(item))
            continue;
        if (best == NULL || item->thrown > best->thrown)
            best = item;
    }
    return best;
}

/* A goblin that sees the player fires its bow at them, or else throws its
 * best throwable: at range and next to them alike (GAME.md's priorities
 * put both before the hunt). */
static gboolean shoot(const CavState *state, const CavContent *content, const CavCreature *c,
                      CavRng *rng, GArray *out, CavDecision *why)
{
    const CavCreature *player = state_player(state);
    const CavItem *weapon = state_item(state, c->weapon), *missile;

    if (!rules_can_aim(state, c, player->x, player->y))
        return FALSE;
    if (weapon != NULL && weapon->ranged > 0 &&
        rules_fire(state, content, c, player->x, player->y, rng, out)) {
        note(why, "fire", player->id, weapon->id, player->x, player->y);
        return TRUE;
    }
    missile = best_throwable(state, c);
    if (missile == NULL || !rules_throw(state, content, c, missile, player->x, player->y, rng, out))
        return FALSE;
    note(why, "throw", player->id, missile->id, player->x, player->y);
    return TRUE;
}

static void act_goblin(const CavState *state, const CavContent *content,
                       const guint8 player_fov[CAV_HEIGHT][CAV_WIDTH], const CavCreature *c,
                       CavRng *rng, GArray *out, CavDecision *why)
{
    gboolean sees = sees_player(state, player_fov, c);

    if (gear_up(state, c, out, why) || drink(state, c, out, why))
        return;
    if (sees && shoot(state, content, c, rng, out, why))
        return;
    if (sees)
        hunt(state, content, c, rng, out, why);
    else if (!pick_up(state, c, out, why))
        wander(state, content, c, rng, out, why);
}

/* Where @c stands and what it sees, for @why (nullable). */
static void note_start(CavDecision *why, const CavState *state,
                       const guint8 player_fov[CAV_HEIGHT][CAV_WIDTH], const CavCreature *c,
                       const CavRng *rng)
{
    if (why == NULL)
        return;
    *why = (CavDecision){.creature = c->id,
                         .z = c->z,
                         .x = c->x,
                         .y = c->y,
                         .vision = state_vision(c),
                         .sees_player = sees_player(state, player_fov, c),
                         .goal_x = -1,
                         .goal_y = -1,
                         .draws_from = rng->counter};
}

/* The behaviour's choice (decide_creature). */
static void act(const CavState *state, const CavContent *content,
                const guint8 player_fov[CAV_HEIGHT][CAV_WIDTH], const CavCreature *c, CavRng *rng,
                GArray *out, CavDecision *why)
{
    const CavRules *rules = content_rules(content);

    switch (c->behaviour) {
    case CAV_BEHAVIOUR_FUNGUS:
        act_fungus(state, content, c, rng, out, why);
        return;
    case CAV_BEHAVIOUR_BAT:
        /* The second step starts from where the first one left it: the
         * caller evolves between creatures, not between a bat's steps, so
         * a bat takes its steps one decision at a time. */
        wander(state, content, c, rng, out, why);
        return;
    case CAV_BEHAVIOUR_ZOMBIE:
        if (rng_range(rng, 1, 100) <= rules->zombie_idle_percent) {
            note(why, "idle", 0, 0, -1, -1);
            return;
        }
        if (sees_player(state, player_fov, c))
            hunt(state, content, c, rng, out, why);
        else
            wander(state, content, c, rng, out, why);
        return;
    case CAV_BEHAVIOUR_GOBLIN:
        act_goblin(state, content, player_fov, c, rng, out, why);
        return;
    case CAV_BEHAVIOUR_PLAYER:
    case CAV_BEHAVIOUR_COUNT:
    default:
        return;
    }
}

void decide_creature(const CavState *state, const CavContent *content,
                     const guint8 player_fov[CAV_HEIGHT][CAV_WIDTH], gint32 id, CavRng *rng,
                     GArray *out, CavDecision *why)
{
    const CavCreature *c = state_creature(state, id);

    g_return_if_fail(c != NULL && c->alive);
    note_start(why, state, player_fov, c, rng);
    act(state, content, player_fov, c, rng, out, why);
    if (why != NULL)
        why->draws_to = rng->counter;
}
