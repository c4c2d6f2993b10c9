/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-potion.c — the bot and its potions: what it knows of each (only the
 * kinds the player has learned; an unknown one is a gamble), drinking to heal
 * when hurt, drinking a known strength potion for a hard fight and a known
 * experience potion in peace. Known harmful potions are never drunk; bot-missile.c
 * throws them instead. */
#include "bot-private.h"

#include <string.h>

#define HURT_PERCENT 50       /* below this share of max hp the bot drinks to heal */
#define HARD_FIGHT_PERCENT 25 /* a fight costing this share of the hp left calls for strength */

/* What drinking @item does, when it is a potion the player knows; else NULL. */
static const CavEffectSpec *known_spec(const Bot *bot, const CavItem *item)
{
    const CavPotionLook *look = state_look_of_kind(bot->state, item->type);

    if (look == NULL || !state_knows_item(bot->state, bot->player, item))
        return NULL;
    return &look->spec;
}

static gboolean is_potion(const CavItem *item)
{
    return bot_can(item, CAV_FEATURE_QUAFF) && bot_has_tag(item, CAV_TAG_POTION);
}

static gboolean harmful(const CavEffectSpec *spec)
{
    return spec->hp < 0 || spec->turn_hp < 0 || spec->attack < 0 || spec->defense < 0;
}

gboolean bot_potion_harmful(const Bot *bot, const CavItem *item)
{
    const CavEffectSpec *spec = is_potion(item) ? known_spec(bot, item) : NULL;

    return spec != NULL && harmful(spec);
}

/* Whether an active effect on the player passes @wanted. */
static gboolean player_has_effect(const Bot *bot, gboolean (*wanted)(const CavEffectSpec *))
{
    for (gint32 id = 1; id <= bot->state->effect_count; id++) {
        const CavEffect *effect = state_effect(bot->state, id);
        if (effect != NULL && effect->active && effect->creature == bot->player->id &&
            effect->remaining > 0 && wanted(&effect->spec))
            return TRUE;
    }
    return FALSE;
}

static gboolean heals_over_time(const CavEffectSpec *spec)
{
    return spec->turn_hp > 0;
}

static gboolean strengthens(const CavEffectSpec *spec)
{
    return !harmful(spec) && (spec->attack > 0 || spec->defense > 0);
}

static gboolean teaches(const CavEffectSpec *spec)
{
    return !harmful(spec) && spec->xp_per_level > 0;
}

/* How good a drink @item is for a player who is hurt: a known potion that
 * heals at once by what it heals, one that heals over time (unless one is
 * already at work) a little, an unknown one least; 0 for none. */
static gint32 healing_worth(const Bot *bot, const CavItem *item, gboolean mending)
{
    const CavEffectSpec *spec;

    if (!is_potion(item))
        return 0;
    spec = known_spec(bot, item);
    if (spec == NULL)
        return mending ? 0 : 1; /* a gamble: it may be poison */
    if (harmful(spec))
        return 0;
    if (spec->hp > 0)
        return 2 + spec->hp;
    return spec->turn_hp > 0 && !mending ? 2 : 0;
}

gboolean bot_potion_heal(Bot *bot, CavCommand *out)
{
    const CavItem *best = NULL;
    gint32 best_worth = 0;
    gboolean mending;

    if (bot->player->hp * 100 >= bot->player->max_hp * HURT_PERCENT)
        return FALSE;
    mending = player_has_effect(bot, heals_over_time);
    if (mending && !bot_hostile_in_view(bot))
        return FALSE; /* mending in peace: the heal over time is waited for */
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        gint32 worth = item != NULL ? healing_worth(bot, item, mending) : 0;
        if (worth > best_worth) {
            best = item;
            best_worth = worth;
        }
    }
    if (best == NULL)
        return FALSE;
    *out = command_item(CMD_QUAFF, best->id);
    return TRUE;
}

/* A known potion in the pack whose effect passes @wanted, or NULL. */
static const CavItem *known_potion(const Bot *bot, gboolean (*wanted)(const CavEffectSpec *))
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        const CavEffectSpec *spec = item != NULL && is_potion(item) ? known_spec(bot, item) : NULL;
        if (spec != NULL && wanted(spec))
            return item;
    }
    return NULL;
}

gboolean bot_potion_boost(Bot *bot, CavCommand *out)
{
    gint32 threat = bot_fight_threat(bot, bot->here);
    const CavItem *potion = NULL;

    if (threat * 100 >= bot->player->hp * 10 * HARD_FIGHT_PERCENT &&
        !player_has_effect(bot, strengthens))
        potion = known_potion(bot, strengthens);
    else if (threat == 0 && !bot_hostile_in_view(bot))
        potion = known_potion(bot, teaches);
    if (potion == NULL)
        return FALSE;
    *out = command_item(CMD_QUAFF, potion->id);
    return TRUE;
}

#define TRY_PERCENT 60 /* the share of max hp from which an unknown potion is tried */

gboolean bot_potion_try(Bot *bot, CavCommand *out)
{
    const CavCreature *p = bot->player;

    if (p->hp * 100 < p->max_hp * TRY_PERCENT || p->hp >= p->max_hp || bot_hostile_in_view(bot) ||
        bot_fight_threat(bot, bot->here) > 0)
        return FALSE;
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && is_potion(item) && state_look_of_kind(bot->state, item->type) != NULL &&
            !state_knows_item(bot->state, p, item)) {
            *out = command_item(CMD_QUAFF, item->id);
            return TRUE;
        }
    }
    return FALSE;
}

#define UNTRIED "untried" /* what the bot calls a look it has not learned */

gboolean bot_potion_name(Bot *bot, CavCommand *out)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        const CavPotionLook *look =
            item != NULL && is_potion(item) ? state_look_of_kind(bot->state, item->type) : NULL;
        gboolean knows;
        if (look == NULL)
            continue;
        knows = state_knows_item(bot->state, bot->player, item);
        if (!knows && look->called[0] == '\0') {
            *out = command_name(look->appearance, UNTRIED);
            return TRUE;
        }
        if (knows && strcmp(look->called, UNTRIED) == 0) {
            *out = command_name(look->appearance, "");
            return TRUE;
        }
    }
    return FALSE;
}
