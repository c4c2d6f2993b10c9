/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-spell.c — the bot and its spellbooks: one of each kind is carried;
 * heals are cast when hurt (and when full mana would otherwise go to waste),
 * blood is turned to mana when that buys a heal or a detection the bot can
 * spare the hp for, creatures are detected on arriving on a level, inner
 * strength is cast before a hard fight, and a losing fight is left by a
 * blink, or a swarm of bats is summoned to keep a crowd busy. */
#include "bot-private.h"

#include <string.h>

#include "rules.h"
#include "spells.h"

#define HURT_PERCENT 50       /* below this share of max hp a heal is cast */
#define HARD_FIGHT_PERCENT 25 /* a fight costing this share of the hp left calls for strength */
#define SPARE_PERCENT 25      /* hp kept after turning blood to mana (share of max hp) */
#define NEW_LEVEL_CELLS 300   /* known cells of a level below which it counts as just arrived */
#define MANA_GOAL_ONE 10      /* max mana wanted with the blue book first: a blink */
#define MANA_GOAL_BLUE 20     /* and with the blue book: detection, bats */
#define CROWD 2               /* foes near enough to call for bats */

static const char *const heals[] = {"major heal", "minor heal"}; /* biggest first */

/* The carried book that holds spell @name, or NULL. */
static const CavItem *book_with(const Bot *bot, const char *name)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = bot_pack_item(bot, i);
        if (item != NULL && bot_can(item, CAV_FEATURE_READ) &&
            state_spell(bot->state, item->type, name) != NULL)
            return item;
    }
    return NULL;
}

/* Spell @name when the player carries its book, else NULL. */
static const CavSpell *known(const Bot *bot, const char *name)
{
    const CavItem *book = book_with(bot, name);

    return book != NULL ? state_spell(bot->state, book->type, name) : NULL;
}

gboolean bot_spell_knows(const Bot *bot, const char *name)
{
    return known(bot, name) != NULL;
}

static gboolean affordable(const Bot *bot, const CavSpell *spell)
{
    return spell != NULL && spell->cost <= bot->player->mana;
}

/* Cast @name from its book at the creature on (x, y). */
static gboolean cast_at(const Bot *bot, const char *name, gint32 x, gint32 y, CavCommand *out)
{
    const CavItem *book = book_with(bot, name);

    if (book == NULL)
        return FALSE;
    *out = command_cast(book->id, name, x, y);
    return TRUE;
}

static gboolean cast_self(const Bot *bot, const char *name, CavCommand *out)
{
    return cast_at(bot, name, bot->player->x, bot->player->y, out);
}

/* ---- books and bonuses ------------------------------------------------------- */

gboolean bot_spell_wanted(const Bot *bot, const CavItem *item)
{
    if (!bot_can(item, CAV_FEATURE_READ) || !bot_has_tag(item, CAV_TAG_BOOK))
        return FALSE;
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *held = bot_pack_item(bot, i);
        if (held != NULL && strcmp(held->type, item->type) == 0)
            return FALSE;
    }
    return TRUE;
}

gboolean bot_spell_wants_mana(const Bot *bot)
{
    const CavSpell *slow = known(bot, "slow heal");
    gint32 max = bot->player->max_mana;

    if (known(bot, "blink") != NULL && max < MANA_GOAL_BLUE)
        return max < MANA_GOAL_ONE || bot->player->level % 2 == 0;
    return slow != NULL && max < slow->cost;
}

/* ---- heals --------------------------------------------------------------------- */

/* The heal to cast now: hurt, the biggest affordable one (a small wound
 * does not take the big one); with full mana (regeneration would be lost)
 * one that the wound takes whole. NULL for none. */
static const CavSpell *heal_now(const Bot *bot)
{
    const CavCreature *p = bot->player;
    gint32 missing = p->max_hp - p->hp;
    gboolean hurt = p->hp * 100 < p->max_hp * HURT_PERCENT;
    gboolean full = p->mana >= p->max_mana;

    for (guint i = 0; i < G_N_ELEMENTS(heals); i++) {
        const CavSpell *spell = known(bot, heals[i]);
        if (!affordable(bot, spell))
            continue;
        if ((hurt && (missing >= spell->spec.hp || i + 1 == G_N_ELEMENTS(heals))) ||
            (full && missing >= spell->spec.hp))
            return spell;
    }
    return NULL;
}

/* Whether an effect named @effect is at work on the player. */
static gboolean under(const Bot *bot, const char *effect)
{
    for (gint32 id = 1; id <= bot->state->effect_count; id++) {
        const CavEffect *e = state_effect(bot->state, id);
        if (e != NULL && e->active && e->creature == bot->player->id && e->remaining > 0 &&
            strcmp(e->name, effect) == 0)
            return TRUE;
    }
    return FALSE;
}

/* The mana blood to mana would bring (after its own cost); it takes
 * b2m->hp_per_mana hp for each. */
static gint32 blood_mana(const Bot *bot, const CavSpell *b2m)
{
    const CavCreature *p = bot->player;

    return MAX(0, MIN((p->hp - 1) / MAX(b2m->hp_per_mana, 1), p->max_mana - (p->mana - b2m->cost)));
}

/* Whether turning blood to mana now makes @spell affordable, leaving the
 * player enough hp, with no foe next to it. */
static gboolean blood_buys(const Bot *bot, const CavSpell *spell)
{
    const CavSpell *b2m = known(bot, "blood to mana");
    const CavCreature *p = bot->player;
    gint32 mana, hp;

    if (spell == NULL || affordable(bot, spell) || !affordable(bot, b2m) ||
        spell->cost > p->max_mana || bot_fight_threat(bot, bot->here) > 0)
        return FALSE;
    mana = blood_mana(bot, b2m);
    hp = mana * b2m->hp_per_mana;
    return mana > 0 && p->mana - b2m->cost + mana >= spell->cost &&
           (p->hp - hp) * 100 >= p->max_hp * SPARE_PERCENT && p->hp - hp >= 10;
}

/* The heal blood to mana would pay for: the biggest the wound (after the
 * blood drawn) takes whole, and that gives back more than it took. */
static const CavSpell *heal_to_buy(const Bot *bot)
{
    const CavSpell *b2m = known(bot, "blood to mana");
    const CavCreature *p = bot->player;

    if (b2m == NULL || p->hp * 100 >= p->max_hp * 90)
        return NULL;
    for (guint i = 0; i < G_N_ELEMENTS(heals); i++) {
        const CavSpell *spell = known(bot, heals[i]);
        gint32 drawn = blood_mana(bot, b2m) * b2m->hp_per_mana;
        if (spell != NULL && p->max_hp - p->hp + drawn >= spell->spec.hp &&
            spell->spec.hp > drawn && blood_buys(bot, spell))
            return spell;
    }
    return NULL;
}

/* Out of a fight, with a wound it would heal whole (half its worth at
 * least, the rest coming by itself meanwhile): the heal over time, the most
 * hp for the mana. */
static gboolean slow_heal_fits(const Bot *bot, const CavSpell *slow)
{
    const CavCreature *p = bot->player;

    return affordable(bot, slow) && !under(bot, slow->effect) && !bot_hostile_in_view(bot) &&
           (p->max_hp - p->hp) * 2 >= slow->spec.turn_hp * slow->spec.duration;
}

gboolean bot_spell_heal(Bot *bot, CavCommand *out)
{
    const CavSpell *slow = known(bot, "slow heal");

    if (slow_heal_fits(bot, slow))
        return cast_self(bot, slow->name, out);
    /* Mending in peace, the heal over time is waited for. */
    if (heal_now(bot) != NULL &&
        (slow == NULL || !under(bot, slow->effect) || bot_hostile_in_view(bot)))
        return cast_self(bot, heal_now(bot)->name, out);
    if (heal_to_buy(bot) != NULL)
        return cast_self(bot, "blood to mana", out);
    return FALSE;
}

/* ---- detection, strength ---------------------------------------------------- */

gboolean bot_spell_detect(Bot *bot, CavCommand *out)
{
    const CavSpell *detect = known(bot, "detect creatures");

    if (detect == NULL || bot->player->effect_detect > 0 ||
        bot_map_seen_cells(bot) >= NEW_LEVEL_CELLS || bot_fight_threat(bot, bot->here) > 0)
        return FALSE;
    if (affordable(bot, detect))
        return cast_self(bot, detect->name, out);
    if (bot->player->hp * 100 >= bot->player->max_hp * 80 && blood_buys(bot, detect))
        return cast_self(bot, "blood to mana", out);
    return FALSE;
}

gboolean bot_spell_boost(Bot *bot, CavCommand *out)
{
    const CavSpell *strength = known(bot, "inner strength");
    gint32 threat = bot_fight_threat(bot, bot->here);

    if (!affordable(bot, strength) || under(bot, strength->effect) ||
        threat * 100 < bot->player->hp * 10 * HARD_FIGHT_PERCENT)
        return FALSE;
    return cast_self(bot, strength->name, out);
}

/* ---- away from a losing fight ----------------------------------------------- */

/* Hostile creatures (bats aside: they blunder) within two steps. */
static gint32 crowd(const Bot *bot)
{
    gint32 n = 0;

    for (gint32 dy = -2; dy <= 2; dy++)
        for (gint32 dx = -2; dx <= 2; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy;
            const CavCreature *c;
            if (!world_in_bounds(x, y))
                continue;
            c = state_creature(bot->state, bot->creature[y * CAV_WIDTH + x]);
            n += bot_hostile(c) && c->behaviour != CAV_BEHAVIOUR_BAT;
        }
    return n;
}

/* Free open cells next to the player (where bats would appear). */
static gint32 free_neighbours(const Bot *bot)
{
    gint32 n = 0;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy;
            CavTile t = state_tile(bot->state, bot->z, x, y);
            n += (dx != 0 || dy != 0) && t != TILE_WALL && t != TILE_OUTSIDE &&
                 bot->creature[y * CAV_WIDTH + x] == 0;
        }
    return n;
}

/* A foe two steps away, coming, whose fight would be hard (bats aside). */
static gboolean losing_foe_near(const Bot *bot)
{
    for (gint32 dy = -2; dy <= 2; dy++)
        for (gint32 dx = -2; dx <= 2; dx++) {
            gint32 x = bot->player->x + dx, y = bot->player->y + dy;
            const CavCreature *c;
            if ((ABS(dx) < 2 && ABS(dy) < 2) || !world_in_bounds(x, y) ||
                !bot_map_visible(bot, y * CAV_WIDTH + x))
                continue;
            c = state_creature(bot->state, bot->creature[y * CAV_WIDTH + x]);
            if (bot_hostile(c) && c->behaviour != CAV_BEHAVIOUR_BAT &&
                bot_fight_cost(bot, c) * 100 >= bot->player->hp * 10 * HARD_FIGHT_PERCENT)
                return TRUE;
        }
    return FALSE;
}

gboolean bot_spell_wall(Bot *bot, CavCommand *out)
{
    const CavSpell *bats = known(bot, "summon bats");

    if (!affordable(bot, bats) || free_neighbours(bot) < 3 ||
        bot_fight_threat(bot, bot->here) > 0 || !losing_foe_near(bot))
        return FALSE;
    return cast_self(bot, bats->name, out);
}

/* Whether @blink is affordable and has somewhere to land (else it is refused). */
static gboolean blink_ready(const Bot *bot, const CavSpell *blink)
{
    return affordable(bot, blink) &&
           spells_blink_landings(bot->state, bot->player, blink, NULL) > 0;
}

gboolean bot_spell_escape(Bot *bot, CavCommand *out)
{
    const CavSpell *bats = known(bot, "summon bats"), *blink = known(bot, "blink");
    gboolean room = affordable(bot, bats) && free_neighbours(bot) >= 2;

    /* A crowd coming: bats in the free cells keep the rest off and busy. */
    if (room && crowd(bot) >= CROWD)
        return cast_self(bot, bats->name, out);
    if (blink_ready(bot, blink))
        return cast_self(bot, blink->name, out);
    /* Nowhere to blink to: a wall of bats to hide behind. */
    if (room)
        return cast_self(bot, bats->name, out);
    return FALSE;
}

#define BADLY_HURT_PERCENT                                                                         \
    50 /* below this share of max hp, with no heal, a foe is left by a blink */

gboolean bot_spell_blink_hurt(Bot *bot, CavCommand *out)
{
    const CavCreature *p = bot->player;

    if (p->hp * 100 >= p->max_hp * BADLY_HURT_PERCENT || bot_fight_threat(bot, bot->here) == 0)
        return FALSE;
    return bot_spell_escape(bot, out);
}
