/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-fight.c — the bot sizing up a fight: the hp a fight is likely to cost
 * (from the mean blow each side deals), which level-up bonus saves the most
 * hp over the fights ahead, and running (for the stairs, or just out of
 * reach of a foe that does not shoot) from a fight it would lose. */
#include "bot-private.h"

#include "rules.h"

#define FIGHTS_AHEAD 5  /* fights a level-up bonus is expected to help with */
#define GEAR_ATTACK 5   /* what a goblin's weapon adds, about */
#define GEAR_DEFENSE 4  /* what a goblin's armour adds, about */
#define RISK_PERCENT 60 /* a fight costing more of the hp left is one to avoid */

/* The mean damage of a blow, in tenths (rules_damage: 1 … attack − defense). */
static gint32 mean_blow(gint32 attack, gint32 defense)
{
    return attack <= defense ? 10 : (attack - defense + 1) * 5;
}

/* Expected hp (in tenths) lost killing a foe of @foe_hp with @foe_attack
 * and @foe_defense, when the player has @attack and @defense. */
static gint32 fight_cost(gint32 attack, gint32 defense, gint32 foe_hp, gint32 foe_attack,
                         gint32 foe_defense)
{
    gint32 dealt = mean_blow(attack, foe_defense);
    gint32 blows = (foe_hp * 10 + dealt - 1) / dealt;

    return blows * mean_blow(foe_attack, defense);
}

gboolean bot_fight_fires(const Bot *bot, const CavCreature *foe)
{
    const CavItem *weapon = state_item(bot->state, foe->weapon);

    return foe->behaviour == CAV_BEHAVIOUR_GOBLIN && weapon != NULL && weapon->ranged > 0;
}

gint32 bot_fight_cost(const Bot *bot, const CavCreature *foe)
{
    gint32 attack = state_attack(bot->state, foe);

    /* A goblin with a bow shoots even from next door: its shots are its blows. */
    if (bot_fight_fires(bot, foe))
        attack = rules_missile_attack(bot->state, foe, state_item(bot->state, foe->weapon)->ranged);
    return fight_cost(state_attack(bot->state, bot->player), state_defense(bot->state, bot->player),
                      foe->hp, attack, state_defense(bot->state, foe));
}

gboolean bot_fight_winnable(const Bot *bot, gint32 cost)
{
    return cost < bot->player->hp * 10 * RISK_PERCENT / 100;
}

/* The reference foe for judging bonuses: a goblin with middling gear. */
static const CavCreatureKind *goblin_kind(const Bot *bot)
{
    const CavCreatureKind *kinds;
    guint n = content_creature_kinds(bot->content, &kinds);

    for (guint i = 0; i < n; i++)
        if (kinds[i].behaviour == CAV_BEHAVIOUR_GOBLIN)
            return &kinds[i];
    return NULL;
}

gint32 bot_fight_bonus_worth(const Bot *bot, CavBonus bonus)
{
    const CavRules *rules = content_rules(bot->content);
    const CavCreatureKind *goblin = goblin_kind(bot);
    gint32 a = state_attack(bot->state, bot->player), d = state_defense(bot->state, bot->player);
    gint32 hp, atk, def;

    if (goblin == NULL || (bonus != CAV_BONUS_ATTACK && bonus != CAV_BONUS_DEFENSE))
        return 0;
    hp = goblin->hp;
    atk = goblin->attack + GEAR_ATTACK;
    def = goblin->defense + GEAR_DEFENSE;
    if (bonus == CAV_BONUS_ATTACK)
        a += rules->bonus[CAV_BONUS_ATTACK];
    else
        d += rules->bonus[CAV_BONUS_DEFENSE];
    return FIGHTS_AHEAD * (fight_cost(state_attack(bot->state, bot->player),
                                      state_defense(bot->state, bot->player), hp, atk, def) -
                           fight_cost(a, d, hp, atk, def));
}

static gboolean hostile_at(const Bot *bot, gint32 x, gint32 y)
{
    const CavCreature *c;

    if (!world_in_bounds(x, y))
        return FALSE;
    c = state_creature(bot->state, bot->creature[y * CAV_WIDTH + x]);
    return c != NULL && bot_hostile(c);
}

/* The hp (tenths) the hostile creatures next to @cell are likely to cost. */
/* The hp (tenths) the hostile creatures next to @cell are likely to cost;
 * with @firing, only those that shoot. */
static gint32 threat_of(const Bot *bot, gint32 cell, gboolean firing)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH, cost = 0;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            const CavCreature *c;
            if ((dx == 0 && dy == 0) || !hostile_at(bot, x + dx, y + dy))
                continue;
            c = state_creature(bot->state, bot->creature[(y + dy) * CAV_WIDTH + x + dx]);
            if (!firing || bot_fight_fires(bot, c))
                cost += bot_fight_cost(bot, c);
        }
    return cost;
}

static gint32 threat_at(const Bot *bot, gint32 cell)
{
    return threat_of(bot, cell, FALSE);
}

gint32 bot_fight_threat(const Bot *bot, gint32 cell)
{
    return threat_at(bot, cell);
}

/* A cell the player can step onto and be out of reach there. */
static gboolean safe_step(const Bot *bot, gint32 cell)
{
    CavTile tile = (CavTile) bot->state->tiles[bot->z][cell / CAV_WIDTH][cell % CAV_WIDTH];

    return tile != TILE_WALL && bot->creature[cell] == 0 && threat_at(bot, cell) == 0;
}

gboolean bot_fight_stairs_safe(const Bot *bot, gint32 cell, CavTile tile)
{
    gint32 z = bot->z + (tile == TILE_STAIRS_DOWN ? 1 : -1), x = cell % CAV_WIDTH,
           y = cell / CAV_WIDTH, cost = 0;
    const CavState *state = bot->state;

    if (z < 0 || z >= CAV_LEVELS)
        return TRUE;
    if (state_creature_at(state, z, x, y) != NULL)
        return FALSE; /* the rules refuse stairs onto someone */
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        if (c->id != 0 && c->z == z && bot_hostile(c) && ABS(c->x - x) <= 1 && ABS(c->y - y) <= 1)
            cost += bot_fight_cost(bot, c);
    }
    return cost == 0 || bot_fight_winnable(bot, cost);
}

/* Stairs to run by: down if there are any, else up (never out of the caves
 * without the bear), and not into another fight. */
static gboolean escape_tile(const Bot *bot, gint32 cell)
{
    CavTile tile = (CavTile) bot->state->tiles[bot->z][cell / CAV_WIDTH][cell % CAV_WIDTH];

    if (tile == TILE_STAIRS_DOWN && bot->z == CAV_LEVELS - 1)
        return FALSE;
    if (tile == TILE_STAIRS_UP && bot->z == 0 && !bot_carries_bear(bot))
        return FALSE;
    return (tile == TILE_STAIRS_DOWN || tile == TILE_STAIRS_UP) &&
           bot_fight_stairs_safe(bot, cell, tile);
}

static gint32 nearest_escape(const Bot *bot)
{
    gint32 best = -1;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        if (bot->seen[cell] && bot->dist[cell] != BOT_UNREACHED &&
            (best < 0 || bot->dist[cell] < bot->dist[best]) &&
            escape_tile(bot,
                        (CavTile) bot->state->tiles[bot->z][cell / CAV_WIDTH][cell % CAV_WIDTH]))
            best = cell;
    return best;
}

/* The first cell of the path to @target. */
static gint32 first_step(const Bot *bot, gint32 target)
{
    while (bot->prev[target] != bot->here)
        target = bot->prev[target];
    return target;
}

/* How good a place @cell is to keep running from: room to move on, and
 * unknown ground next to it (running there explores, and may find stairs). */
static gint32 running_room(const Bot *bot, gint32 cell)
{
    gint32 x = cell % CAV_WIDTH, y = cell / CAV_WIDTH, room = 0;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            CavTile t = state_tile(bot->state, bot->z, x + dx, y + dy);
            if ((dx == 0 && dy == 0) || t == TILE_OUTSIDE)
                continue;
            if (!bot->seen[(y + dy) * CAV_WIDTH + x + dx])
                room += 3;
            else if (t != TILE_WALL)
                room += 2;
        }
    return room;
}

/* The neighbour out of reach with the most running room, or -1. A hunter
 * that only follows never gets a blow in. */
static gint32 kite_step(const Bot *bot)
{
    gint32 best = -1, best_room = -1;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy, cell, room;
            if ((dx == 0 && dy == 0) || !world_in_bounds(x, y))
                continue;
            cell = y * CAV_WIDTH + x;
            if (!safe_step(bot, cell))
                continue;
            room = running_room(bot, cell);
            if (room > best_room) {
                best = cell;
                best_room = room;
            }
        }
    return best;
}

gboolean bot_fight_flee(Bot *bot, CavCommand *out)
{
    CavTile here = state_tile(bot->state, bot->z, bot->player->x, bot->player->y);
    gint32 threat = threat_at(bot, bot->here), target, step = -1;

    if (threat == 0 || bot_fight_winnable(bot, threat))
        return FALSE;
    if (escape_tile(bot, bot->here)) {
        *out = command_simple(here == TILE_STAIRS_DOWN ? CMD_DESCEND : CMD_ASCEND);
        return TRUE;
    }
    if (bot_spell_escape(bot, out))
        return TRUE;
    /* A step away is no escape from one that shoots: fight it instead. */
    if (threat_of(bot, bot->here, TRUE) > 0)
        return FALSE;
    bot_map_search(bot);
    target = nearest_escape(bot);
    if (target >= 0 && safe_step(bot, first_step(bot, target)))
        step = first_step(bot, target);
    else
        step = kite_step(bot);
    if (step < 0)
        return FALSE;
    *out = command_move(step % CAV_WIDTH - bot->player->x, step / CAV_WIDTH - bot->player->y);
    return TRUE;
}
