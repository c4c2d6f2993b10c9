/* SPDX-License-Identifier: GPL-3.0-or-later */
/* missiles.c — throwing, firing, drinking and casting (GAME.md "Combat",
 * "Potions", "Spellbooks"): the events a creature's throw, shot, drink or
 * cast produces, shared by the
 * player's commands (decide.c) and the goblins (creatures.c). What follows
 * from them — wounds, deaths, effects — is the policies' (effects.c). */
#include "rules-private.h"

/* The damage of a missile of @value from @c at whoever it hit (0: none). */
static gint32 missile_damage(const CavState *state, const CavCreature *c, gint32 value,
                             gint32 target, CavRng *rng)
{
    const CavCreature *hit = state_creature(state, target);

    if (hit == NULL)
        return 0;
    return rules_damage(rules_missile_attack(state, c, value), state_defense(state, hit), rng);
}

gboolean rules_throw(const CavState *state, const CavContent *content, const CavCreature *c,
                     const CavItem *item, gint32 ax, gint32 ay, CavRng *rng, GArray *out)
{
    CavEvent event = ev_init(CAV_EVENT_ITEM_THROWN);
    CavEvItemThrown *e = &event.as.ItemThrown;
    gboolean breaks = (item->tags & (1u << CAV_TAG_POTION)) != 0;

    *e = (CavEvItemThrown){.creature = c->id,
                           .item = item->id,
                           .split = item->count > 1 ? state->item_count + 1 : 0,
                           .z = c->z,
                           .from_x = c->x,
                           .from_y = c->y,
                           .aim_x = ax,
                           .aim_y = ay,
                           .food = content_rules(content)->attack_food};
    if (e->split > CAV_ITEMS_MAX)
        return FALSE;
    rules_flight(state, c->z, c->x, c->y, ax, ay, &e->to_x, &e->to_y, &e->target);
    e->x = e->to_x;
    e->y = e->to_y;
    if (!breaks && !rules_free_item_cell(state, c->z, e->to_x, e->to_y,
                                         content_rules(content)->drop_radius, NULL, &e->x, &e->y))
        return FALSE;
    e->damage = missile_damage(state, c, item->thrown, e->target, rng);
    event.actor = c->id;
    rules_push(out, event);
    return TRUE;
}

gboolean rules_fire(const CavState *state, const CavContent *content, const CavCreature *c,
                    gint32 ax, gint32 ay, CavRng *rng, GArray *out)
{
    const CavItem *weapon = state_item(state, c->weapon);
    CavEvent event = ev_init(CAV_EVENT_SHOT_FIRED);
    CavEvShotFired *e = &event.as.ShotFired;

    if (weapon == NULL || weapon->ranged <= 0)
        return FALSE;
    *e = (CavEvShotFired){.creature = c->id,
                          .item = weapon->id,
                          .z = c->z,
                          .from_x = c->x,
                          .from_y = c->y,
                          .aim_x = ax,
                          .aim_y = ay,
                          .food = content_rules(content)->attack_food};
    rules_flight(state, c->z, c->x, c->y, ax, ay, &e->to_x, &e->to_y, &e->target);
    e->damage = missile_damage(state, c, weapon->ranged, e->target, rng);
    event.actor = c->id;
    rules_push(out, event);
    return TRUE;
}

void rules_quaff(const CavCreature *c, const CavItem *item, GArray *out)
{
    CavEvent event = ev_init(CAV_EVENT_ITEM_QUAFFED);

    event.as.ItemQuaffed = (CavEvItemQuaffed){.creature = c->id, .item = item->id};
    event.actor = c->id;
    rules_push(out, event);
}

void rules_cast(const CavCreature *c, const CavItem *book, const CavSpell *spell,
                const CavCreature *target, GArray *out)
{
    CavEvent event = ev_init(CAV_EVENT_SPELL_CAST);

    event.as.SpellCast = (CavEvSpellCast){
        .creature = c->id, .item = book->id, .target = target->id, .cost = spell->cost};
    EV_SET_STR(event.as.SpellCast.spell, spell->name);
    event.actor = c->id;
    rules_push(out, event);
}
