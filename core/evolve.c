/* SPDX-License-Identifier: GPL-3.0-or-later */
/* evolve.c — applying events to the state. One small function per event
 * type; the switch in evolve() lists every type, so -Wswitch-enum tells a new
 * event where it must be handled. Evolve trusts validate.c for the rules but
 * never reads outside the state, whatever the event says. */
#include "rules.h"

#include <string.h>

/* Every write to a record goes through one of these, which tell the digest
 * that the record changed (state_touch): the digest hashes only those. */
static CavCreature *creature_mut(CavState *state, gint32 id)
{
    CavCreature *c = (CavCreature *) state_creature(state, id);

    if (c != NULL)
        state_touch(state, CAV_PART_CREATURE, id);
    return c;
}

static CavItem *item_mut(CavState *state, gint32 id)
{
    CavItem *item = (CavItem *) state_item(state, id);

    if (item != NULL)
        state_touch(state, CAV_PART_ITEM, id);
    return item;
}

static CavEffect *effect_mut(CavState *state, gint32 id)
{
    CavEffect *effect = (CavEffect *) state_effect(state, id);

    if (effect != NULL)
        state_touch(state, CAV_PART_EFFECT, id);
    return effect;
}

/* The slot of a record being made (@id checked by the caller). */
static CavCreature *creature_slot(CavState *state, gint32 id)
{
    state_touch(state, CAV_PART_CREATURE, id);
    return &state->creatures[id];
}

static CavItem *item_slot(CavState *state, gint32 id)
{
    state_touch(state, CAV_PART_ITEM, id);
    return &state->items[id];
}

static CavEffect *effect_slot(CavState *state, gint32 id)
{
    state_touch(state, CAV_PART_EFFECT, id);
    return &state->effects[id];
}

/* Keep the occupant and floor-item maps in step with positions. */
static void occupy(CavState *state, const CavCreature *c, gboolean here)
{
    guint16 *cell;

    if (c->id >= 0 && c->id <= CAV_CREATURES_MAX)
        state->creature_on[c->id] =
            here && c->alive && c->z >= 0 && c->z < CAV_LEVELS ? (guint8) (c->z + 1) : 0;
    if (c->z < 0 || c->z >= CAV_LEVELS || !world_in_bounds(c->x, c->y))
        return;
    cell = &state->occupant[c->z][c->y][c->x];
    if (here)
        *cell = (guint16) c->id;
    else if (*cell == c->id)
        *cell = 0;
}

static void lie(CavState *state, const CavItem *item, gboolean here)
{
    guint16 *cell;

    if (item->z < 0 || item->z >= CAV_LEVELS || !world_in_bounds(item->x, item->y))
        return;
    cell = &state->floor_item[item->z][item->y][item->x];
    if (here)
        *cell = (guint16) item->id;
    else if (*cell == item->id)
        *cell = 0;
}

static void spend_food(CavCreature *c, gint32 food)
{
    c->food = MAX(0, c->food - food);
}

static void pack_add(CavCreature *c, gint32 item)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        if (c->pack[i] == 0) {
            c->pack[i] = item;
            return;
        }
}

/* Take @item out of @c's pack and hands. */
static void pack_remove(CavCreature *c, gint32 item)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        if (c->pack[i] == item)
            c->pack[i] = 0;
    if (c->weapon == item)
        c->weapon = 0;
    if (c->armour == item)
        c->armour = 0;
}

static void evolve_started(CavState *state, const CavEvGameStarted *e)
{
    state->seed = e->seed;
    g_strlcpy(state->player_name, e->player_name, sizeof state->player_name);
}

static void evolve_level(CavState *state, const CavEvLevelGenerated *e)
{
    if (e->z >= 0 && e->z < CAV_LEVELS)
        state->levels_generated = MAX(state->levels_generated, e->z + 1);
}

static void evolve_row(CavState *state, const CavEvLevelRowGenerated *e)
{
    if (e->z < 0 || e->z >= CAV_LEVELS || e->y < 0 || e->y >= CAV_HEIGHT)
        return;
    state->rows_generated++;
    state_touch(state, CAV_PART_TILES, e->z);
    for (gint32 x = 0; x < CAV_WIDTH; x++) {
        CavTile tile = TILE_WALL;
        world_tile_from_glyph(e->cells[x], &tile);
        state->tiles[e->z][e->y][x] = (guint8) tile;
    }
}

static void evolve_spawned(CavState *state, const CavEvCreatureSpawned *e)
{
    CavCreature *c;
    CavBehaviour behaviour = CAV_BEHAVIOUR_PLAYER;

    if (e->creature <= 0 || e->creature > CAV_CREATURES_MAX)
        return;
    content_behaviour_from_name(e->behaviour, &behaviour);
    c = creature_slot(state, e->creature);
    *c = (CavCreature){.id = e->creature,
                       .behaviour = behaviour,
                       .glyph = e->glyph[0],
                       .z = e->z,
                       .x = e->x,
                       .y = e->y,
                       .hp = e->max_hp,
                       .max_hp = e->max_hp,
                       .attack = e->attack,
                       .defense = e->defense,
                       .vision = e->vision,
                       .level = e->level,
                       .food = e->food,
                       .max_food = e->max_food,
                       .mana = e->max_mana,
                       .max_mana = e->max_mana,
                       .hp_regen = e->hp_regen,
                       .mana_regen = e->mana_regen,
                       .colony = e->colony,
                       .colony_size = e->colony == e->creature ? 1 : 0,
                       .alive = TRUE};
    g_strlcpy(c->kind, e->kind, sizeof c->kind);
    g_strlcpy(c->colour, e->colour, sizeof c->colour);
    state->creature_count = MAX(state->creature_count, e->creature);
    occupy(state, c, TRUE);
    if (state->player == 0 && behaviour == CAV_BEHAVIOUR_PLAYER)
        state->player = e->creature;
}

static void evolve_moved(CavState *state, const CavEvCreatureMoved *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    occupy(state, c, FALSE);
    c->x = e->x;
    c->y = e->y;
    occupy(state, c, TRUE);
    spend_food(c, e->food);
}

static void evolve_dug(CavState *state, const CavEvTileDug *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (e->z >= 0 && e->z < CAV_LEVELS && world_in_bounds(e->x, e->y)) {
        state->tiles[e->z][e->y][e->x] = TILE_FLOOR;
        state_touch(state, CAV_PART_TILES, e->z);
    }
    if (c != NULL)
        spend_food(c, e->food);
}

static void evolve_stairs(CavState *state, const CavEvCreatureTookStairs *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    occupy(state, c, FALSE);
    c->z = e->z;
    c->x = e->x;
    c->y = e->y;
    occupy(state, c, TRUE);
    if (c->id == state->player)
        state->deepest = MAX(state->deepest, e->z);
}

/* A new fungus like its parent, fresh, at the event's place. */
static void evolve_spread(CavState *state, const CavEvFungusSpread *e)
{
    const CavCreature *parent = state_creature(state, e->parent);
    CavCreature *founder;
    CavCreature *child;

    if (parent == NULL || e->child <= 0 || e->child > CAV_CREATURES_MAX)
        return;
    child = creature_slot(state, e->child);
    *child = (CavCreature){.id = e->child,
                           .behaviour = parent->behaviour,
                           .glyph = parent->glyph,
                           .z = e->z,
                           .x = e->x,
                           .y = e->y,
                           .hp = parent->max_hp,
                           .max_hp = parent->max_hp,
                           .attack = parent->attack,
                           .defense = parent->defense,
                           .vision = parent->vision,
                           .level = 1,
                           .food = parent->food,
                           .max_food = parent->max_food,
                           .mana = parent->max_mana,
                           .max_mana = parent->max_mana,
                           .hp_regen = parent->hp_regen,
                           .mana_regen = parent->mana_regen,
                           .colony = e->colony,
                           .alive = TRUE};
    g_strlcpy(child->kind, parent->kind, sizeof child->kind);
    g_strlcpy(child->colour, parent->colour, sizeof child->colour);
    state->creature_count = MAX(state->creature_count, e->child);
    occupy(state, child, TRUE);
    founder = creature_mut(state, e->colony);
    if (founder != NULL)
        founder->colony_size++;
}

static void evolve_attacked(CavState *state, const CavEvCreatureAttacked *e)
{
    CavCreature *attacker = creature_mut(state, e->creature);
    CavCreature *target = creature_mut(state, e->target);

    if (attacker != NULL)
        spend_food(attacker, e->food);
    if (target != NULL)
        target->hp -= e->damage;
}

static void evolve_hurt(CavState *state, const CavEvCreatureHurt *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL)
        c->hp -= e->damage;
}

/* Each point regenerated uses up 1000 per mille gathered. */
static void evolve_regenerated(CavState *state, const CavEvCreatureRegenerated *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL || e->hp < 0 || e->mana < 0 || e->hp > 1000 || e->mana > 1000)
        return;
    c->hp = MIN(c->max_hp, c->hp + e->hp);
    c->hp_regen_acc = c->hp >= c->max_hp ? 0 : c->hp_regen_acc - 1000 * e->hp;
    c->mana = MIN(c->max_mana, c->mana + e->mana);
    c->mana_regen_acc = c->mana >= c->max_mana ? 0 : c->mana_regen_acc - 1000 * e->mana;
    spend_food(c, e->food);
}

/* Every living creature on the level spends food and gathers regeneration
 * toward hp and mana it lacks. Only a creature whose record changes is
 * touched (most monsters, fed by nothing and whole, do not change): the
 * digest hashes again only those. */
static void evolve_upkeep(CavState *state, const CavEvUpkeepApplied *e)
{
    state->time++;
    for (gint32 id = 1; id <= state->creature_count; id++) {
        CavCreature *c = &state->creatures[id];
        gint32 food, hp_acc, mana_acc;
        if (!state_alive_on(state, id, e->z))
            continue;
        food = MAX(0, c->food - e->food);
        hp_acc = c->hp < c->max_hp
                     ? (gint32) MIN((gint64) c->hp_regen_acc + state_hp_regen(c), G_MAXINT32 / 2)
                     : c->hp_regen_acc;
        mana_acc =
            c->mana < c->max_mana
                ? (gint32) MIN((gint64) c->mana_regen_acc + state_mana_regen(c), G_MAXINT32 / 2)
                : c->mana_regen_acc;
        if (food == c->food && hp_acc == c->hp_regen_acc && mana_acc == c->mana_regen_acc)
            continue;
        state_touch(state, CAV_PART_CREATURE, id);
        c->food = food;
        c->hp_regen_acc = hp_acc;
        c->mana_regen_acc = mana_acc;
    }
}

static void evolve_hunger(CavState *state, const CavEvHungerChanged *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL)
        g_strlcpy(c->hunger, e->word, sizeof c->hunger);
}

static void evolve_overate(CavState *state, const CavEvCreatureOverate *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL || e->max_food <= 0)
        return;
    c->max_food = e->max_food;
    c->food = MIN(c->food, c->max_food);
}

static void evolve_died(CavState *state, const CavEvent *event)
{
    const CavEvCreatureDied *e = &event->as.CreatureDied;
    CavCreature *c = creature_mut(state, e->creature);
    CavCreature *killer = creature_mut(state, e->killer);

    if (c == NULL)
        return;
    occupy(state, c, FALSE);
    c->alive = FALSE;
    c->died_turn = event->turn;
    if (killer != NULL && killer != c)
        killer->kills++;
}

static void evolve_xp(CavState *state, const CavEvXpGained *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL)
        c->xp = (gint32) CLAMP((gint64) c->xp + e->amount, 0, G_MAXINT32);
}

static void evolve_level_gained(CavState *state, const CavEvLevelGained *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    c->level = e->level;
    c->hp = MIN(c->max_hp, c->hp + e->heal);
    c->pending_bonuses++;
}

static void evolve_bonus(CavState *state, const CavEvLevelUpChosen *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavBonus bonus;
    gint32 a = e->amount;

    if (c == NULL || !content_bonus_from_name(e->bonus, &bonus))
        return;
    c->pending_bonuses = MAX(0, c->pending_bonuses - 1);
    switch (bonus) {
    case CAV_BONUS_MAX_HP:
        c->max_hp += a;
        c->hp += a;
        break;
    case CAV_BONUS_MAX_MANA:
        c->max_mana += a;
        c->mana += a;
        break;
    case CAV_BONUS_ATTACK:
        c->attack += a;
        break;
    case CAV_BONUS_DEFENSE:
        c->defense += a;
        break;
    case CAV_BONUS_VISION:
        c->vision += a;
        break;
    case CAV_BONUS_HP_REGEN:
        c->hp_regen += a;
        break;
    case CAV_BONUS_MANA_REGEN:
        c->mana_regen += a;
        break;
    case CAV_BONUS_COUNT:
    default:
        break;
    }
}

static void evolve_item_spawned(CavState *state, const CavEvent *event)
{
    const CavEvItemSpawned *e = &event->as.ItemSpawned;
    CavItem *item;
    CavCreature *holder = creature_mut(state, e->holder);

    if (e->item <= 0 || e->item > CAV_ITEMS_MAX)
        return;
    item = item_slot(state, e->item);
    *item = (CavItem){.id = e->item,
                      .glyph = e->glyph[0],
                      .attack = e->attack,
                      .defense = e->defense,
                      .thrown = e->thrown,
                      .ranged = e->ranged,
                      .food = e->food,
                      .rot_turns = e->rot_turns,
                      .born = event->turn,
                      .count = e->count,
                      .holder = holder != NULL ? e->holder : 0,
                      .z = e->z,
                      .x = e->x,
                      .y = e->y};
    g_strlcpy(item->type, e->type, sizeof item->type);
    g_strlcpy(item->name, e->name, sizeof item->name);
    g_strlcpy(item->colour, e->colour, sizeof item->colour);
    content_tags_from_names(e->tags, &item->tags);
    content_features_from_names(e->features, &item->features);
    content_stack_from_name(e->stack, &item->stack);
    state->item_count = MAX(state->item_count, e->item);
    if (holder != NULL)
        pack_add(holder, e->item);
    else
        lie(state, item, TRUE);
}

static void evolve_picked_up(CavState *state, const CavEvItemPickedUp *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavItem *item = item_mut(state, e->item);
    CavItem *into = item_mut(state, e->into);

    if (c == NULL || item == NULL)
        return;
    lie(state, item, FALSE);
    if (into != NULL) {
        into->count += item->count;
        item->count = 0;
        return;
    }
    item->holder = c->id;
    pack_add(c, item->id);
}

/* One unit merges into a floor stack, or splits off as a new item, or the
 * whole item lands. */
static void evolve_dropped(CavState *state, const CavEvItemDropped *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavItem *item = item_mut(state, e->item);
    CavItem *into = item_mut(state, e->into);

    if (c == NULL || item == NULL)
        return;
    if (into != NULL || (e->split > 0 && e->split <= CAV_ITEMS_MAX)) {
        item->count--;
        if (into != NULL) {
            into->count++;
        } else {
            CavItem *part = item_slot(state, e->split);
            *part = *item;
            part->id = e->split;
            part->count = 1;
            part->holder = 0;
            part->z = e->z;
            part->x = e->x;
            part->y = e->y;
            lie(state, part, TRUE);
            state->item_count = MAX(state->item_count, e->split);
        }
        if (item->count <= 0)
            pack_remove(c, item->id);
        return;
    }
    pack_remove(c, item->id);
    item->holder = 0;
    item->z = e->z;
    item->x = e->x;
    item->y = e->y;
    lie(state, item, TRUE);
}

static void evolve_eaten(CavState *state, const CavEvItemEaten *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavItem *item = item_mut(state, e->item);

    if (c == NULL || item == NULL)
        return;
    c->food = (gint32) CLAMP((gint64) c->food + e->food, 0, G_MAXINT32 / 2);
    item->count--;
    if (item->count <= 0)
        pack_remove(c, item->id);
}

static void evolve_equipped(CavState *state, gint32 creature, gint32 item, const char *slot_name,
                            gboolean on)
{
    CavCreature *c = creature_mut(state, creature);
    gint32 *slot;

    if (c == NULL)
        return;
    slot = strcmp(slot_name, "weapon") == 0 ? &c->weapon : &c->armour;
    if (on)
        *slot = item;
    else if (*slot == item)
        *slot = 0;
}

static void evolve_look(CavState *state, const CavEvAppearanceAssigned *e)
{
    CavPotionLook *look;

    if (state->look_count < 0 || state->look_count >= CAV_POTION_KINDS_MAX)
        return;
    state_touch(state, CAV_PART_MAGIC, 0);
    look = &state->looks[state->look_count++];
    g_strlcpy(look->kind, e->kind, sizeof look->kind);
    g_strlcpy(look->appearance, e->appearance, sizeof look->appearance);
    g_strlcpy(look->colour, e->colour, sizeof look->colour);
    g_strlcpy(look->effect, e->effect, sizeof look->effect);
    CAV_EFFECT_COPY(&look->spec, e);
}

/* The unit that flies: a split-off one from a stack, or the whole item. */
static CavItem *take_one(CavState *state, CavCreature *c, CavItem *item, gint32 split)
{
    CavItem *part;

    if (split <= 0 || split > CAV_ITEMS_MAX) {
        pack_remove(c, item->id);
        item->holder = 0;
        return item;
    }
    part = item_slot(state, split);
    *part = *item;
    part->id = split;
    part->count = 1;
    part->holder = 0;
    state->item_count = MAX(state->item_count, split);
    if (--item->count <= 0)
        pack_remove(c, item->id);
    return part;
}

static void wound(CavState *state, gint32 target, gint32 damage)
{
    CavCreature *t = creature_mut(state, target);

    if (t != NULL && damage > 0 && damage <= 100000)
        t->hp -= damage;
}

/* A potion breaks where it stops; anything else lies where it landed. */
static void evolve_thrown(CavState *state, const CavEvItemThrown *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavItem *item = item_mut(state, e->item);
    CavItem *flying;

    if (c == NULL || item == NULL)
        return;
    spend_food(c, e->food);
    flying = take_one(state, c, item, e->split);
    flying->z = e->z;
    flying->x = e->x;
    flying->y = e->y;
    if (flying->tags & (1u << CAV_TAG_POTION))
        flying->count = 0;
    else
        lie(state, flying, TRUE);
    wound(state, e->target, e->damage);
}

static void evolve_fired(CavState *state, const CavEvShotFired *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL)
        spend_food(c, e->food);
    wound(state, e->target, e->damage);
}

static void evolve_quaffed(CavState *state, const CavEvItemQuaffed *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavItem *item = item_mut(state, e->item);

    if (c == NULL || item == NULL)
        return;
    if (--item->count <= 0)
        pack_remove(c, item->id);
}

/* Add (@sign 1) or take away (-1) an effect's modifiers on its holder. */
static void modify(CavCreature *c, const CavEffectSpec *spec, gint32 sign)
{
    c->effect_attack += sign * spec->attack;
    c->effect_defense += sign * spec->defense;
    c->effect_vision += sign * spec->vision;
    c->effect_hp_regen += sign * spec->hp_regen;
    c->effect_mana_regen += sign * spec->mana_regen;
    c->effect_detect += sign * spec->detect;
}

static void evolve_effect_started(CavState *state, const CavEvEffectStarted *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    CavEffect *effect;

    if (c == NULL || e->effect <= 0 || e->effect > CAV_EFFECTS_MAX)
        return;
    effect = effect_slot(state, e->effect);
    *effect = (CavEffect){.id = e->effect,
                          .creature = e->creature,
                          .item = e->item,
                          .remaining = e->duration,
                          .active = TRUE};
    g_strlcpy(effect->name, e->name, sizeof effect->name);
    CAV_EFFECT_COPY(&effect->spec, e);
    state->effect_count = MAX(state->effect_count, e->effect);
    modify(c, &effect->spec, 1);
}

static void change_hp_mana(CavCreature *c, gint32 hp, gint32 mana)
{
    c->hp = hp > 0 ? MIN(c->max_hp, c->hp + hp) : c->hp + hp;
    c->mana = CLAMP(c->mana + mana, 0, c->max_mana);
}

static void evolve_effect_applied(CavState *state, const CavEvEffectApplied *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL && ABS(e->hp) <= 100000 && ABS(e->mana) <= 100000)
        change_hp_mana(c, e->hp, e->mana);
}

/* Every effect working on level @z: its hp a turn when sure to come (those
 * left to chance came as EffectApplied), and one turn less to run. */
static void evolve_ticked(CavState *state, const CavEvEffectsTicked *e)
{
    for (gint32 id = 1; id <= state->effect_count; id++) {
        CavEffect *effect = &state->effects[id];
        const CavCreature *holder = state_creature(state, effect->creature);
        CavCreature *c;
        if (!effect->active || holder == NULL || !holder->alive || holder->z != e->z)
            continue;
        c = creature_mut(state, effect->creature);
        effect = effect_mut(state, id);
        if (effect->spec.turn_chance >= 100)
            change_hp_mana(c, effect->spec.turn_hp, 0);
        effect->remaining = MAX(0, effect->remaining - 1);
    }
}

static void evolve_effect_ended(CavState *state, const CavEvEffectEnded *e)
{
    CavEffect *effect = effect_mut(state, e->effect);
    CavCreature *c;

    if (effect == NULL || !effect->active)
        return;
    effect->active = FALSE;
    c = creature_mut(state, effect->creature);
    if (c != NULL)
        modify(c, &effect->spec, -1);
}

static void evolve_identified(CavState *state, const CavEvItemIdentified *e)
{
    CavCreature *c = creature_mut(state, e->creature);
    gint32 look = state_look_index(state, e->appearance);

    if (c != NULL && look >= 0)
        c->known |= 1u << look;
}

static void evolve_spell_defined(CavState *state, const CavEvSpellDefined *e)
{
    CavSpell *spell;

    if (state->spell_count < 0 || state->spell_count >= CAV_SPELLS_MAX)
        return;
    state_touch(state, CAV_PART_MAGIC, 0);
    spell = &state->spells[state->spell_count++];
    g_strlcpy(spell->name, e->spell, sizeof spell->name);
    g_strlcpy(spell->book, e->book, sizeof spell->book);
    g_strlcpy(spell->effect, e->effect, sizeof spell->effect);
    g_strlcpy(spell->summon, e->summon, sizeof spell->summon);
    spell->cost = e->cost;
    spell->range = e->range;
    spell->min_range = e->min_range;
    spell->hp_per_mana = e->hp_per_mana;
    spell->special = CAV_SPECIAL_NONE;
    content_special_from_name(e->special, &spell->special);
    CAV_EFFECT_COPY(&spell->spec, e);
}

static void evolve_cast(CavState *state, const CavEvSpellCast *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c != NULL && e->cost >= 0 && e->cost <= c->mana)
        c->mana -= e->cost;
}

static void evolve_drawn(CavState *state, const CavEvManaDrawn *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL || e->hp <= 0 || e->mana <= 0 || e->hp >= c->hp)
        return;
    c->hp -= e->hp;
    c->mana = MIN(c->max_mana, c->mana + e->mana);
}

static void evolve_blinked(CavState *state, const CavEvCreatureBlinked *e)
{
    CavCreature *c = creature_mut(state, e->creature);

    if (c == NULL)
        return;
    occupy(state, c, FALSE);
    c->x = e->x;
    c->y = e->y;
    occupy(state, c, TRUE);
}

/* A summoned creature comes into the world as a spawned one does, marked
 * as summoned (no xp, no corpse). */
static void evolve_summoned(CavState *state, const CavEvCreatureSummoned *e)
{
    CavEvCreatureSpawned spawned;
    CavCreature *c;

    G_STATIC_ASSERT(G_STRUCT_OFFSET(CavEvCreatureSummoned, summoner) ==
                    sizeof(CavEvCreatureSpawned));
    memcpy(&spawned, e, sizeof spawned);
    evolve_spawned(state, &spawned);
    c = creature_mut(state, e->creature);
    if (c != NULL)
        c->summoned = TRUE;
}

static void evolve_named(CavState *state, const CavEvItemNamed *e)
{
    gint32 look = state_look_index(state, e->appearance);

    if (look >= 0) {
        state_touch(state, CAV_PART_MAGIC, 0);
        g_strlcpy(state->looks[look].called, e->name, sizeof state->looks[look].called);
    }
}

static void evolve_lost(CavState *state, const CavEvGameLost *e)
{
    state->outcome = OUTCOME_LOST;
    g_strlcpy(state->cause, e->cause, sizeof state->cause);
}

static void evolve_payload(CavState *state, const CavEvent *event)
{
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        evolve_started(state, &event->as.GameStarted);
        break;
    case CAV_EVENT_LEVEL_GENERATED:
        evolve_level(state, &event->as.LevelGenerated);
        break;
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        evolve_row(state, &event->as.LevelRowGenerated);
        break;
    case CAV_EVENT_CREATURE_SPAWNED:
        evolve_spawned(state, &event->as.CreatureSpawned);
        break;
    case CAV_EVENT_CREATURE_MOVED:
        evolve_moved(state, &event->as.CreatureMoved);
        break;
    case CAV_EVENT_TILE_DUG:
        evolve_dug(state, &event->as.TileDug);
        break;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        evolve_stairs(state, &event->as.CreatureTookStairs);
        break;
    case CAV_EVENT_CREATURE_WAITED:
        break;
    case CAV_EVENT_FUNGUS_SPREAD:
        evolve_spread(state, &event->as.FungusSpread);
        break;
    case CAV_EVENT_CREATURE_ATTACKED:
        evolve_attacked(state, &event->as.CreatureAttacked);
        break;
    case CAV_EVENT_CREATURE_HURT:
        evolve_hurt(state, &event->as.CreatureHurt);
        break;
    case CAV_EVENT_CREATURE_REGENERATED:
        evolve_regenerated(state, &event->as.CreatureRegenerated);
        break;
    case CAV_EVENT_UPKEEP_APPLIED:
        evolve_upkeep(state, &event->as.UpkeepApplied);
        break;
    case CAV_EVENT_HUNGER_CHANGED:
        evolve_hunger(state, &event->as.HungerChanged);
        break;
    case CAV_EVENT_CREATURE_OVERATE:
        evolve_overate(state, &event->as.CreatureOverate);
        break;
    case CAV_EVENT_CREATURE_DIED:
        evolve_died(state, event);
        break;
    case CAV_EVENT_XP_GAINED:
        evolve_xp(state, &event->as.XpGained);
        break;
    case CAV_EVENT_LEVEL_GAINED:
        evolve_level_gained(state, &event->as.LevelGained);
        break;
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        evolve_bonus(state, &event->as.LevelUpChosen);
        break;
    case CAV_EVENT_ITEM_SPAWNED:
        evolve_item_spawned(state, event);
        break;
    case CAV_EVENT_ITEM_PICKED_UP:
        evolve_picked_up(state, &event->as.ItemPickedUp);
        break;
    case CAV_EVENT_ITEM_DROPPED:
        evolve_dropped(state, &event->as.ItemDropped);
        break;
    case CAV_EVENT_ITEM_EATEN:
        evolve_eaten(state, &event->as.ItemEaten);
        break;
    case CAV_EVENT_ITEM_EQUIPPED:
        evolve_equipped(state, event->as.ItemEquipped.creature, event->as.ItemEquipped.item,
                        event->as.ItemEquipped.slot, TRUE);
        break;
    case CAV_EVENT_ITEM_UNEQUIPPED:
        evolve_equipped(state, event->as.ItemUnequipped.creature, event->as.ItemUnequipped.item,
                        event->as.ItemUnequipped.slot, FALSE);
        break;
    case CAV_EVENT_APPEARANCE_ASSIGNED:
        evolve_look(state, &event->as.AppearanceAssigned);
        break;
    case CAV_EVENT_ITEM_THROWN:
        evolve_thrown(state, &event->as.ItemThrown);
        break;
    case CAV_EVENT_SHOT_FIRED:
        evolve_fired(state, &event->as.ShotFired);
        break;
    case CAV_EVENT_ITEM_QUAFFED:
        evolve_quaffed(state, &event->as.ItemQuaffed);
        break;
    case CAV_EVENT_EFFECT_STARTED:
        evolve_effect_started(state, &event->as.EffectStarted);
        break;
    case CAV_EVENT_EFFECT_APPLIED:
        evolve_effect_applied(state, &event->as.EffectApplied);
        break;
    case CAV_EVENT_EFFECTS_TICKED:
        evolve_ticked(state, &event->as.EffectsTicked);
        break;
    case CAV_EVENT_EFFECT_ENDED:
        evolve_effect_ended(state, &event->as.EffectEnded);
        break;
    case CAV_EVENT_ITEM_IDENTIFIED:
        evolve_identified(state, &event->as.ItemIdentified);
        break;
    case CAV_EVENT_SPELL_DEFINED:
        evolve_spell_defined(state, &event->as.SpellDefined);
        break;
    case CAV_EVENT_SPELL_CAST:
        evolve_cast(state, &event->as.SpellCast);
        break;
    case CAV_EVENT_MANA_DRAWN:
        evolve_drawn(state, &event->as.ManaDrawn);
        break;
    case CAV_EVENT_CREATURE_BLINKED:
        evolve_blinked(state, &event->as.CreatureBlinked);
        break;
    case CAV_EVENT_CREATURE_SUMMONED:
        evolve_summoned(state, &event->as.CreatureSummoned);
        break;
    case CAV_EVENT_ITEM_NAMED:
        evolve_named(state, &event->as.ItemNamed);
        break;
    case CAV_EVENT_GAME_WON:
        state->outcome = OUTCOME_WON;
        break;
    case CAV_EVENT_GAME_LOST:
        evolve_lost(state, &event->as.GameLost);
        break;
    case CAV_EVENT_TYPE_COUNT:
    default:
        break;
    }
}

/* Who acts in this turn, and how often (validate.c's one act a turn): the
 * monsters act one after the other, a bat its steps in a row, until the
 * turn's upkeep (the first event of the turn with neither actor nor cause). */
static void note_act(CavState *state, const CavEvent *event)
{
    if (event->turn != state->turn || state->last_seq == 0) {
        state->turn_first_seq = event->seq;
        state->turn_last_actor = 0;
        state->turn_acts = 0;
    }
    if (event->cause != 0 || event->turn == 0)
        return;
    if (event->actor == 0) {
        state->turn_last_actor = CAV_ACTS_OVER;
        state->turn_acts = 0;
    } else if (event->actor != state->player) {
        state->turn_acts = event->actor == state->turn_last_actor ? state->turn_acts + 1 : 1;
        state->turn_last_actor = event->actor;
    }
}

void evolve(CavState *state, const CavEvent *event)
{
    g_return_if_fail(state != NULL && event != NULL);
    if (event->type >= CAV_EVENT_TYPE_COUNT)
        return;
    note_act(state, event);
    state->turn = event->turn;
    evolve_payload(state, event);
    if (state->outcome != OUTCOME_PLAYING)
        state->turn_acts = 0; /* the end comes mid-turn: no one acts after it */
    if (event->actor != 0 && event->actor == state->player && event->cause == 0 && event->turn > 0)
        state->player_acted_turn = event->turn;
    state->last_seq = event->seq;
}
