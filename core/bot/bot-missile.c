/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-missile.c — the bot at range: throwing rocks, spare blades and known
 * harmful potions at goblins and zombies on their way to it, and firing a
 * bow. A bow is wielded when the melee weapon is no better (it then simply
 * is the weapon), or for a far foe when there is nothing left to throw; the
 * best melee weapon goes back in hand before the foe arrives. */
#include "bot-private.h"

#include "rules.h"

#define ROCKS_KEPT 10 /* missiles the bot picks up to carry, at most */
#define BOW_RANGE 4   /* steps from which taking up a bow still leaves shots to fire */
#define MELEE_RANGE 2 /* steps within which the melee weapon goes back in hand */
#define CLOSE_IN 5    /* steps within which a goblin that shoots is walked up to */

static gint32 steps_to(const Bot *bot, const CavCreature *c)
{
    return MAX(ABS(c->x - bot->player->x), ABS(c->y - bot->player->y));
}

static gboolean is_ranged(const CavItem *item)
{
    return item != NULL && item->ranged > 0;
}

static gboolean is_missile(const CavItem *item)
{
    return bot_has_tag(item, CAV_TAG_MISSILE) && bot_can(item, CAV_FEATURE_THROW) &&
           item->thrown > 1;
}

/* The carried (or wielded) weapon best hand to hand, ranged weapons only
 * when there is nothing else; NULL for none. */
static const CavItem *best_melee(const Bot *bot)
{
    const CavItem *best = NULL;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item == NULL || !bot_can(item, CAV_FEATURE_WIELD) || !rules_is_weapon(item))
            continue;
        if (best == NULL || is_ranged(best) > is_ranged(item) ||
            (is_ranged(best) == is_ranged(item) && bot_gear_score(item) > bot_gear_score(best)))
            best = item;
    }
    return best;
}

/* The carried ranged weapon that shoots hardest, or NULL. */
static const CavItem *best_bow(const Bot *bot)
{
    const CavItem *best = NULL;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && is_ranged(item) && bot_can(item, CAV_FEATURE_WIELD) &&
            (best == NULL || item->ranged > best->ranged))
            best = item;
    }
    return best;
}

/* Whether @item may be thrown: a throwable (rules_throwable, as goblins
 * choose) that is spare (not worn, not the melee weapon kept for later, not a
 * bow) and worth throwing. */
static gboolean throwable(const Bot *bot, const CavItem *item, const CavItem *melee)
{
    return !bot_equipped(bot, item) && item != melee && !is_ranged(item) && item->thrown > 1 &&
           rules_throwable(item);
}

/* What to throw: a missile before a spare weapon, the hardest-hitting first. */
static const CavItem *best_throwable(const Bot *bot)
{
    const CavItem *melee = best_melee(bot), *best = NULL;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item == NULL || !throwable(bot, item, melee))
            continue;
        if (best == NULL || is_missile(item) > is_missile(best) ||
            (is_missile(item) == is_missile(best) && item->thrown > best->thrown))
            best = item;
    }
    return best;
}

/* A known harmful potion to throw, or NULL. */
static const CavItem *harmful_potion(const Bot *bot)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && bot_can(item, CAV_FEATURE_THROW) && bot_potion_harmful(bot, item))
            return item;
    }
    return NULL;
}

/* Whether @c is worth missiles: a zombie or goblin coming for the player.
 * A goblin that shoots stays where it is and shoots as hard near as far:
 * one within CLOSE_IN steps is walked up to and struck (bot.c's errand;
 * blows hurt more than missiles), unless the bot is too hurt to close in. */
static gboolean worth_missiles(const Bot *bot, const CavCreature *c)
{
    if (c->behaviour == CAV_BEHAVIOUR_ZOMBIE)
        return TRUE;
    if (c->behaviour != CAV_BEHAVIOUR_GOBLIN)
        return FALSE;
    if (!bot_fight_fires(bot, c))
        return TRUE;
    return steps_to(bot, c) > CLOSE_IN || bot->player->hp * 2 < bot->player->max_hp;
}

/* Whether a missile aimed at @c's cell flies to @c and no one else. */
static gboolean clear_shot(const Bot *bot, const CavCreature *c)
{
    gint32 x, y, hit = 0;

    if (!rules_can_aim(bot->state, bot->player, c->x, c->y))
        return FALSE;
    rules_flight(bot->state, bot->z, bot->player->x, bot->player->y, c->x, c->y, &x, &y, &hit);
    return hit == c->id;
}

/* The nearest goblin or zombie in view, not next to the player, that a
 * missile reaches (the weakest among the nearest), or NULL. */
static const CavCreature *target(const Bot *bot)
{
    const CavCreature *best = NULL;

    for (gint32 cell = 0; cell < BOT_CELLS; cell++) {
        const CavCreature *c = state_creature(bot->state, bot->creature[cell]);
        if (c == NULL || !bot->visible[cell] || !bot_hostile(c) || steps_to(bot, c) < 2 ||
            !worth_missiles(bot, c) || !clear_shot(bot, c))
            continue;
        if (best == NULL || steps_to(bot, c) < steps_to(bot, best) ||
            (steps_to(bot, c) == steps_to(bot, best) && c->hp < best->hp))
            best = c;
    }
    return best;
}

/* Whether a hostile creature the player sees is within @range steps. */
static gboolean hostile_within(const Bot *bot, gint32 range)
{
    for (gint32 cell = 0; cell < BOT_CELLS; cell++) {
        const CavCreature *c = state_creature(bot->state, bot->creature[cell]);
        if (c != NULL && bot->visible[cell] && bot_hostile(c) && steps_to(bot, c) <= range)
            return TRUE;
    }
    return FALSE;
}

gboolean bot_missile_ready(Bot *bot, CavCommand *out)
{
    const CavItem *wielded = state_item(bot->state, bot->player->weapon);
    const CavItem *melee = best_melee(bot);

    if (!is_ranged(wielded) || melee == NULL || is_ranged(melee) ||
        bot_gear_score(melee) <= bot_gear_score(wielded) || !hostile_within(bot, MELEE_RANGE))
        return FALSE;
    *out = command_item(CMD_EQUIP, melee->id);
    return TRUE;
}

gboolean bot_missile_shoot(Bot *bot, CavCommand *out)
{
    const CavCreature *foe = target(bot);
    const CavItem *missile, *bow;

    if (foe == NULL)
        return FALSE;
    if (is_ranged(state_item(bot->state, bot->player->weapon))) {
        *out = command_fire(foe->x, foe->y);
        return TRUE;
    }
    missile = foe->behaviour == CAV_BEHAVIOUR_GOBLIN ? harmful_potion(bot) : NULL;
    if (missile == NULL)
        missile = best_throwable(bot);
    if (missile != NULL) {
        *out = command_throw(missile->id, foe->x, foe->y);
        return TRUE;
    }
    bow = best_bow(bot);
    if (bow == NULL || steps_to(bot, foe) < BOW_RANGE)
        return FALSE;
    *out = command_item(CMD_EQUIP, bow->id);
    return TRUE;
}

/* The missiles the player carries (a stack counts each). */
static gint32 missiles_carried(const Bot *bot)
{
    gint32 n = 0;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && is_missile(item))
            n += item->count;
    }
    return n;
}

gboolean bot_missile_wanted(const Bot *bot, const CavItem *item)
{
    if (bot_has_tag(item, CAV_TAG_POTION) && bot_can(item, CAV_FEATURE_QUAFF))
        return TRUE;
    if (is_missile(item))
        return missiles_carried(bot) < ROCKS_KEPT;
    return is_ranged(item) && bot_can(item, CAV_FEATURE_WIELD) && best_bow(bot) == NULL;
}

gboolean bot_missile_keeps(const Bot *bot, const CavItem *item)
{
    return is_ranged(item) && item == best_bow(bot);
}
