/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot.c — the autoplay bot's choices: rules tried in order, the first that
 * applies giving the command (choose a bonus, eat when starving, heal when
 * hurt, run from or fight what stands next to it, shoot what comes, wait for
 * a hunter to strike first, detect, name potions, eat, try potions, tidy the
 * pack, gear up, pick up, rest when wounded, cut fungi, walk). bot-map.c finds the way,
 * bot-fight.c sizes up fights, bot-missile.c, bot-potion.c and bot-spell.c
 * use missiles, potions and spells, and bot-walk.c decides where exploring
 * goes. */
#include "bot-private.h"

#include <string.h>

#include "rules.h"

#define WELL_SEEN 1200       /* known cells of a level after which the bot heads down */
#define FOOD_HOARD 1200      /* food carried beyond which the bot picks up no more */
#define PACK_TIDY 16         /* pack slots in use from which the bot drops spare gear */
#define CHASE_RANGE 10       /* path cost within which the bot goes for a monster it can beat */
#define ARCHER_CHASE 40      /* the same for a goblin that shoots, before anything else */
#define FUNGUS_RANGE 8       /* the same for fungi, which are food but never attack */
#define ITEM_DETOUR 20       /* path cost the bot walks out of its way for a useful item */
#define STRETCH_PERCENT 50   /* share of max hp from which the bot overeats a corpse about to rot */
#define ROT_SOON 10          /* turns before rotting from which a corpse is about to rot */
#define AWAIT_TURNS 4        /* one turn in this many, the bot does not wait for a hunter */
#define REST_PERCENT 75      /* share of max hp below which the bot rests when it safely can */
#define FOOD_KEPT_PERCENT 40 /* food (stomach and pack, share of max food) a rest must leave */

typedef gboolean (*BotRule)(Bot *bot, CavCommand *out);

/* ---- what the bot carries -------------------------------------------------- */

gboolean bot_carries_bear(const Bot *bot)
{
    return state_carries_tag(bot->state, bot->player, CAV_TAG_BEAR);
}

static gboolean is_gear(const CavItem *item)
{
    return bot_can(item, CAV_FEATURE_WIELD) || bot_can(item, CAV_FEATURE_WEAR);
}

/* The best score of gear for the slot @item would take, carried or worn. */
static gint32 best_carried_score(const Bot *bot, const CavItem *like)
{
    gint32 best = bot_gear_score(
        state_item(bot->state, rules_is_weapon(like) ? bot->player->weapon : bot->player->armour));

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && is_gear(item) && rules_is_weapon(item) == rules_is_weapon(like))
            best = MAX(best, bot_gear_score(item));
    }
    return best;
}

/* Food worth eating now: fresh, and more than nothing. */
static gint32 food_value(const Bot *bot, const CavItem *item)
{
    if (!bot_can(item, CAV_FEATURE_EAT) || state_item_rotten(bot->state, item))
        return 0;
    return MAX(0, rules_food_value(bot->state, bot->content, item));
}

static gint32 food_carried(const Bot *bot)
{
    gint32 total = 0;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        if (bot_pack_item(bot, i) != NULL)
            total += food_value(bot, bot_pack_item(bot, i)) * bot_pack_item(bot, i)->count;
    return total;
}

static gboolean has_room_for(const Bot *bot, const CavItem *item)
{
    return state_pack_used(bot->player) < CAV_PACK_SLOTS ||
           rules_pack_stack_for(bot->state, bot->player, item) != NULL;
}

/* Whether @item (on the floor) is worth carrying: the bear, potions, rocks
 * while it has few, a bow when it has none, a book of a new kind, food while the pack holds
 * little, gear better than any the bot has. */
static gboolean useful(const Bot *bot, const CavItem *item)
{
    if (!has_room_for(bot, item))
        return FALSE;
    if (bot_has_tag(item, CAV_TAG_BEAR) || bot_missile_wanted(bot, item) ||
        bot_spell_wanted(bot, item))
        return TRUE;
    if (is_gear(item) && bot_gear_score(item) > best_carried_score(bot, item))
        return TRUE;
    return food_value(bot, item) > 0 && food_carried(bot) < FOOD_HOARD;
}

static const char *hunger(const Bot *bot)
{
    return rules_hunger_word(bot->content, bot->player);
}

static gboolean hungry(const Bot *bot)
{
    return strcmp(hunger(bot), "hungry") == 0 || strcmp(hunger(bot), "starving") == 0;
}

/* ---- rules ------------------------------------------------------------------ */

static gboolean choose_bonus(Bot *bot, CavCommand *out)
{
    if (bot->player->pending_bonuses <= 0)
        return FALSE;
    *out = command_choose(bot_bonus_choose(bot));
    return TRUE;
}

/* The food to eat: a corpse before it rots (the one nearest rotting), else
 * the largest that fits the stomach. Gear in hand only when @starving. */
static const CavItem *food_to_eat(const Bot *bot, gboolean corpses_only, gboolean starving)
{
    const CavItem *best = NULL;
    gint32 room = bot->player->max_food - bot->player->food;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        gint32 value = item != NULL ? food_value(bot, item) : 0;
        gboolean corpse = value > 0 && bot_has_tag(item, CAV_TAG_CORPSE);
        if (value <= 0 || (value > room && !starving) || (bot_equipped(bot, item) && !starving) ||
            (corpses_only && !corpse))
            continue;
        if (best == NULL)
            best = item;
        else if (corpse != bot_has_tag(best, CAV_TAG_CORPSE))
            best = corpse ? item : best;
        else if (corpse ? item->born < best->born : value > food_value(bot, best))
            best = item;
    }
    return best;
}

static gboolean eat(const CavItem *item, CavCommand *out)
{
    if (item == NULL)
        return FALSE;
    *out = command_item(CMD_EAT, item->id);
    return TRUE;
}

static gboolean eat_if_starving(Bot *bot, CavCommand *out)
{
    return strcmp(hunger(bot), "starving") == 0 && eat(food_to_eat(bot, FALSE, TRUE), out);
}

static gboolean eat_if_hungry(Bot *bot, CavCommand *out)
{
    return hungry(bot) && eat(food_to_eat(bot, FALSE, FALSE), out);
}

/* Corpses rot: eat one whenever it fits, hungry or not. */
static gboolean eat_corpse(Bot *bot, CavCommand *out)
{
    return eat(food_to_eat(bot, TRUE, FALSE), out);
}

gboolean bot_hostile_in_view(const Bot *bot)
{
    for (gint32 cell = 0; cell < BOT_CELLS; cell++)
        if (bot->creature[cell] != 0 && bot->visible[cell] &&
            bot_hostile(state_creature(bot->state, bot->creature[cell])))
            return TRUE;
    return FALSE;
}

gboolean bot_hostile(const CavCreature *c)
{
    return c != NULL && c->alive && c->behaviour != CAV_BEHAVIOUR_PLAYER &&
           c->behaviour != CAV_BEHAVIOUR_FUNGUS;
}

/* The neighbour cell holding the weakest creature that passes @wanted, or -1. */
static gint32 weakest_neighbour(const Bot *bot, gboolean (*wanted)(const CavCreature *))
{
    gint32 best = -1, best_hp = G_MAXINT32;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy;
            const CavCreature *c;
            if ((dx == 0 && dy == 0) || !world_in_bounds(x, y))
                continue;
            c = state_creature(bot->state, bot->creature[y * CAV_WIDTH + x]);
            if (c != NULL && wanted(c) && c->hp < best_hp) {
                best = y * CAV_WIDTH + x;
                best_hp = c->hp;
            }
        }
    return best;
}

static CavCommand move_to_neighbour(const Bot *bot, gint32 cell)
{
    return command_move(cell % CAV_WIDTH - bot->player->x, cell / CAV_WIDTH - bot->player->y);
}

static gboolean fight(Bot *bot, CavCommand *out)
{
    gint32 cell = weakest_neighbour(bot, bot_hostile);

    if (cell < 0)
        return FALSE;
    *out = move_to_neighbour(bot, cell);
    return TRUE;
}

static gboolean is_fungus(const CavCreature *c)
{
    return c != NULL && c->alive && c->behaviour == CAV_BEHAVIOUR_FUNGUS;
}

/* Fungi never fight back, and leave a corpse to eat. */
static gboolean cut_fungus(Bot *bot, CavCommand *out)
{
    gint32 cell = weakest_neighbour(bot, is_fungus);

    if (cell < 0)
        return FALSE;
    *out = move_to_neighbour(bot, cell);
    return TRUE;
}

/* A corpse about to rot that the stomach cannot take is eaten all the
 * same when the hp allow: overeating stretches the stomach for a blow of
 * damage, and the corpse would be lost anyway. */
static gboolean eat_stretching(Bot *bot, CavCommand *out)
{
    if (bot->player->hp * 100 < bot->player->max_hp * STRETCH_PERCENT)
        return FALSE;
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && bot_has_tag(item, CAV_TAG_CORPSE) && food_value(bot, item) > 0 &&
            item->rot_turns > 0 && bot->state->turn - item->born >= item->rot_turns - ROT_SOON)
            return eat(item, out);
    }
    return FALSE;
}

/* Whether the player's food is below three quarters of its stomach (it
 * is no longer "full"). */
static gboolean not_full(const Bot *bot)
{
    return bot->player->food * 4 < bot->player->max_food * 3;
}

/* No longer full, with nothing else to eat but the food in hand (a
 * baguette): put it away, to be eaten next (eat_food_put_away), before
 * hunger comes with nothing to eat. */
static gboolean unwield_food(Bot *bot, CavCommand *out)
{
    const CavItem *weapon = state_item(bot->state, bot->player->weapon);

    if (!not_full(bot) || weapon == NULL || food_value(bot, weapon) <= 0 ||
        food_to_eat(bot, FALSE, FALSE) != NULL)
        return FALSE;
    *out = command_item(CMD_EQUIP, weapon->id);
    return TRUE;
}

/* No longer full: eat gear-food put away (a baguette), the one thing
 * carried that is both; other food waits for hunger. */
static gboolean eat_food_put_away(Bot *bot, CavCommand *out)
{
    const CavItem *item = not_full(bot) ? food_to_eat(bot, FALSE, FALSE) : NULL;

    return item != NULL && is_gear(item) && eat(item, out);
}

/* Whether @c hunts the player hand to hand: a zombie, a goblin without a bow. */
static gboolean melee_hunter(const Bot *bot, const CavCreature *c)
{
    const CavItem *weapon;

    if (c->behaviour == CAV_BEHAVIOUR_ZOMBIE)
        return TRUE;
    weapon = state_item(bot->state, c->weapon);
    return c->behaviour == CAV_BEHAVIOUR_GOBLIN && (weapon == NULL || weapon->ranged <= 0);
}

/* A hunter it can beat two steps away: let it come, and strike first
 * (on most turns: a hunter that does not come is not waited for forever). */
static gboolean await_foe(Bot *bot, CavCommand *out)
{
    if (bot->state->turn % AWAIT_TURNS == AWAIT_TURNS - 1)
        return FALSE;
    for (gint32 dy = -2; dy <= 2; dy++)
        for (gint32 dx = -2; dx <= 2; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy;
            const CavCreature *c;
            if ((ABS(dx) < 2 && ABS(dy) < 2) || !world_in_bounds(x, y) ||
                !bot->visible[y * CAV_WIDTH + x])
                continue;
            c = state_creature(bot->state, bot->creature[y * CAV_WIDTH + x]);
            if (bot_hostile(c) && melee_hunter(bot, c) &&
                bot_fight_winnable(bot, bot_fight_cost(bot, c))) {
                *out = command_simple(CMD_WAIT);
                return TRUE;
            }
        }
    return FALSE;
}

/* Whether @item is dead weight: rotten food, or gear worse than what is worn
 * (but never the bow it keeps). */
static gboolean junk(const Bot *bot, const CavItem *item)
{
    if (bot_equipped(bot, item) || bot_has_tag(item, CAV_TAG_BEAR) || bot_missile_keeps(bot, item))
        return FALSE;
    if (bot_can(item, CAV_FEATURE_EAT) && food_value(bot, item) <= 0)
        return TRUE;
    return is_gear(item) && !bot_can(item, CAV_FEATURE_EAT) &&
           state_pack_used(bot->player) >= PACK_TIDY &&
           bot_gear_score(item) <=
               bot_gear_score(state_item(bot->state, rules_is_weapon(item) ? bot->player->weapon
                                                                           : bot->player->armour));
}

static gboolean drop_junk(Bot *bot, CavCommand *out)
{
    if (bot->item[bot->here] != 0)
        return FALSE; /* the floor here is taken: drops go elsewhere */
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && junk(bot, item)) {
            *out = command_item(CMD_DROP, item->id);
            return TRUE;
        }
    }
    return FALSE;
}

/* Put on the best weapon and the best armour carried, when better than worn. */
static gboolean equip_better(Bot *bot, CavCommand *out)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        gint32 worn;
        if (item == NULL || !is_gear(item) || bot_equipped(bot, item))
            continue;
        worn = rules_is_weapon(item) ? bot->player->weapon : bot->player->armour;
        if (bot_gear_score(item) > bot_gear_score(state_item(bot->state, worn)) &&
            bot_gear_score(item) >= best_carried_score(bot, item)) {
            *out = command_item(CMD_EQUIP, item->id);
            return TRUE;
        }
    }
    return FALSE;
}

static gboolean pick_up(Bot *bot, CavCommand *out)
{
    const CavItem *item = state_item(bot->state, bot->item[bot->here]);

    if (item == NULL || !useful(bot, item))
        return FALSE;
    *out = command_simple(CMD_PICKUP);
    return TRUE;
}

gboolean bot_wants_down(const Bot *bot)
{
    return bot->z < CAV_LEVELS - 1 && !bot_carries_bear(bot) &&
           (bot_map_seen_cells(bot) >= WELL_SEEN || (hungry(bot) && food_carried(bot) == 0));
}

/* ---- walking ----------------------------------------------------------------- */

/* How far out of its way the bot goes for what is on @cell; 0 for nothing. */
static gint32 errand_worth(const Bot *bot, gint32 cell)
{
    const CavCreature *c = state_creature(bot->state, bot->creature[cell]);
    const CavItem *item = state_item(bot->state, bot->item[cell]);

    if (c != NULL && bot_map_visible(bot, cell)) {
        for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
            const CavItem *held = state_item(bot->state, c->pack[i]);
            if (held != NULL && held->count > 0 && bot_has_tag(held, CAV_TAG_BEAR))
                return BOT_UNREACHED / 2;
        }
        /* One that shoots hits as hard from afar: close in first, while healthy. */
        if (bot_hostile(c) && bot_fight_fires(bot, c) && bot->player->hp * 2 >= bot->player->max_hp)
            return ARCHER_CHASE;
        if (bot_hostile(c) && bot_fight_winnable(bot, bot_fight_cost(bot, c)))
            return CHASE_RANGE;
        if (is_fungus(c))
            return FUNGUS_RANGE;
    }
    if (item != NULL && bot_map_seen(bot, cell) && useful(bot, item)) {
        if (bot_has_tag(item, CAV_TAG_BEAR))
            return BOT_UNREACHED / 2;
        return hungry(bot) && food_value(bot, item) > 0 ? 3 * ITEM_DETOUR : ITEM_DETOUR;
    }
    return 0;
}

/* The reached cell with the best (distance − worth) below zero, or -1. */
static gint32 errand(const Bot *bot)
{
    gint32 best = -1, best_score = 0;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++) {
        gint32 worth, score;
        if (cell == bot->here || bot->dist[cell] == BOT_UNREACHED ||
            (bot->creature[cell] == 0 && bot->item[cell] == 0))
            continue;
        worth = errand_worth(bot, cell);
        score = bot->dist[cell] - worth;
        if (worth > 0 && score < best_score) {
            best = cell;
            best_score = score;
        }
    }
    return best;
}

/* To a monster, an item or the bear when one is worth it; else exploring
 * (bot-walk.c) says where. */
static gboolean walk(Bot *bot, CavCommand *out)
{
    gint32 target;

    bot_map_search(bot);
    target = errand(bot);
    if (target < 0)
        return bot_walk_explore(bot, out);
    *out = bot_map_step(bot, target);
    return TRUE;
}

/* Whether the player stands on the stairs down it means to take. */
static gboolean leaving_down(const Bot *bot)
{
    return state_tile(bot->state, bot->z, bot->player->x, bot->player->y) == TILE_STAIRS_DOWN &&
           bot_wants_down(bot);
}

/* Wounded (below REST_PERCENT, or at all before going down), with nothing
 * hostile in view and the food for it: wait a turn for the hp to come back,
 * as `Z` does, turn by turn (whatever comes into view ends it). */
static gboolean rest(Bot *bot, CavCommand *out)
{
    const CavCreature *p = bot->player;
    const CavRules *rules = content_rules(bot->content);
    gint32 regen = state_hp_regen(p), goal, turns, food_left;

    goal = leaving_down(bot) ? p->max_hp : p->max_hp * REST_PERCENT / 100;
    if (p->hp >= goal || regen <= 0 || hungry(bot) || bot_hostile_in_view(bot) ||
        bot_fight_threat(bot, bot->here) > 0)
        return FALSE;
    turns = ((goal - p->hp) * 1000 + regen - 1) / regen;
    food_left = p->food + food_carried(bot) - turns * rules->turn_food - (goal - p->hp);
    if (food_left * 100 < p->max_food * FOOD_KEPT_PERCENT)
        return FALSE;
    *out = command_simple(CMD_WAIT);
    return TRUE;
}

static gboolean idle(Bot *bot, CavCommand *out)
{
    (void) bot;
    *out = command_simple(CMD_WAIT);
    return TRUE;
}

static const BotRule rules_in_order[] = {
    choose_bonus,
    eat_if_starving,
    bot_spell_heal,
    bot_potion_heal,
    bot_spell_blink_hurt,
    bot_missile_ready,
    bot_spell_boost,
    bot_potion_boost,
    bot_fight_flee,
    fight,
    bot_missile_shoot,
    bot_spell_wall,
    await_foe,
    bot_spell_detect,
    bot_potion_name,
    eat_if_hungry,
    unwield_food,
    eat_food_put_away,
    eat_corpse,
    eat_stretching,
    bot_potion_try,
    drop_junk,
    equip_better,
    pick_up,
    rest,
    cut_fungus,
    walk,
    idle,
};

CavCommand bot_choose(const CavState *state, const CavContent *content, const CavView *view)
{
    const CavCreature *player;
    g_autofree Bot *bot = NULL;
    CavCommand command = command_simple(CMD_WAIT);

    g_return_val_if_fail(state != NULL && content != NULL && view != NULL, command);
    player = state_player(state);
    if (player == NULL || !player->alive || state->outcome != OUTCOME_PLAYING)
        return command;
    bot = g_new(Bot, 1); /* every field is set before it is read */
    bot->state = state;
    bot->content = content;
    bot->view = view;
    bot->player = player;
    bot->z = player->z;
    bot->here = player->y * CAV_WIDTH + player->x;
    bot_map_scan(bot);
    for (guint i = 0; i < G_N_ELEMENTS(rules_in_order); i++)
        if (rules_in_order[i](bot, &command))
            break;
    return command;
}
