/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-bonus.c — the level-up bonus the bot chooses, as a person would: max
 * mana while a spell it carries is out of reach, else the bonus worth the most
 * hp over the stretch ahead (attack or defense by the fights it saves, max hp
 * at once, regeneration by the turns it works, vision for an archer), each
 * worth less the more often it was taken already. */
#include "bot-private.h"

#define REGEN_TURNS 400 /* turns a regeneration bonus is expected to work for */
#define HP_PER_MANA 5   /* hp a mana buys with a heal (the minor heal's rate) */
#define ARCHER_WORTH                                                                               \
    200 /* tenths of hp a point of vision saves one with a bow: a shot more a fight */
#define LOOKER_WORTH 20 /* the same for one who does not */

/* The player kind's numbers at level 1 (what the bonuses add to). */
static const CavCreatureKind *player_kind(const Bot *bot)
{
    return content_creature_kind(bot->content, "player");
}

/* Times @bonus was taken, judged from how far the stat is above the kind's. */
static gint32 taken(const Bot *bot, CavBonus bonus, gint32 now, gint32 base)
{
    gint32 amount = content_rules(bot->content)->bonus[bonus];

    return amount > 0 ? MAX(0, now - base) / amount : 0;
}

static gboolean carries_bow(const Bot *bot)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && item->ranged > 0 && bot_can(item, CAV_FEATURE_WIELD))
            return TRUE;
    }
    return FALSE;
}

/* Tenths of hp a regeneration bonus of @permille brings over REGEN_TURNS,
 * at @hp_a_point tenths of hp for each point regenerated. */
static gint32 regen_worth(gint32 permille, gint32 hp_a_point)
{
    return permille * REGEN_TURNS * hp_a_point / 1000;
}

/* What @bonus is worth now, in tenths of hp. */
static gint32 worth(const Bot *bot, CavBonus bonus)
{
    const CavCreature *p = bot->player;
    const CavCreatureKind *kind = player_kind(bot);
    gint32 amount = content_rules(bot->content)->bonus[bonus];

    switch (bonus) {
    case CAV_BONUS_MAX_HP:
        return amount * 10;
    case CAV_BONUS_ATTACK:
    case CAV_BONUS_DEFENSE:
        return bot_fight_bonus_worth(bot, bonus);
    case CAV_BONUS_HP_REGEN:
        return regen_worth(amount, 10) /
               (1 + taken(bot, bonus, p->hp_regen, kind->hp_regen_permille));
    case CAV_BONUS_MANA_REGEN:
        if (!bot_spell_knows(bot, "minor heal"))
            return 0;
        return regen_worth(amount, 10 * HP_PER_MANA) /
               (1 + taken(bot, bonus, p->mana_regen, kind->mana_regen_permille));
    case CAV_BONUS_VISION:
        return (carries_bow(bot) ? ARCHER_WORTH : LOOKER_WORTH) /
               (1 + taken(bot, bonus, p->vision, kind->vision));
    case CAV_BONUS_MAX_MANA: /* wanted for a spell only (bot_spell_wants_mana) */
    case CAV_BONUS_COUNT:
        return 0;
    }
    return 0;
}

CavBonus bot_bonus_choose(const Bot *bot)
{
    CavBonus best = CAV_BONUS_MAX_HP;

    if (bot_spell_wants_mana(bot))
        return CAV_BONUS_MAX_MANA;
    if (player_kind(bot) == NULL)
        return best;
    for (gint32 b = 0; b < CAV_BONUS_COUNT; b++)
        if (worth(bot, (CavBonus) b) > worth(bot, best))
            best = (CavBonus) b;
    return best;
}
