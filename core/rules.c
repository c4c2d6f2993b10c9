/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules.c — the small rules every actor obeys (a step, a blow, the damage
 * formula, xp, hunger words, food values) and building events from data. */
#include "rules-private.h"

#include "fov.h"

#include <math.h>
#include <string.h>

CavEvent rules_creature_spawned(const CavCreatureKind *kind, gint32 id, gint32 z, gint32 x,
                                gint32 y)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_SPAWNED);
    CavEvCreatureSpawned *e = &event.as.CreatureSpawned;
    char glyph[2] = {kind->glyph, '\0'};

    *e = (CavEvCreatureSpawned){.creature = id,
                                .z = z,
                                .x = x,
                                .y = y,
                                .max_hp = kind->hp,
                                .attack = kind->attack,
                                .defense = kind->defense,
                                .vision = kind->vision,
                                .level = kind->level,
                                .max_food = kind->max_food,
                                .food = kind->food,
                                .max_mana = kind->max_mana,
                                .hp_regen = kind->hp_regen_permille,
                                .mana_regen = kind->mana_regen_permille,
                                .colony = kind->behaviour == CAV_BEHAVIOUR_FUNGUS ? id : 0};
    EV_SET_STR(e->kind, kind->name);
    EV_SET_STR(e->behaviour, content_behaviour_name(kind->behaviour));
    EV_SET_STR(e->glyph, glyph);
    EV_SET_STR(e->colour, kind->colour);
    return event;
}

CavEvent rules_item_spawned(const CavItemType *type, gint32 id, gint32 holder, gint32 z, gint32 x,
                            gint32 y)
{
    CavEvent event = ev_init(CAV_EVENT_ITEM_SPAWNED);
    CavEvItemSpawned *e = &event.as.ItemSpawned;
    char glyph[2] = {type->glyph, '\0'};

    *e = (CavEvItemSpawned){.item = id,
                            .attack = type->attack,
                            .defense = type->defense,
                            .thrown = type->thrown,
                            .ranged = type->ranged,
                            .food = type->food,
                            .rot_turns = type->rot_turns,
                            .count = 1,
                            .holder = holder,
                            .z = z,
                            .x = holder != 0 ? 0 : x,
                            .y = holder != 0 ? 0 : y};
    EV_SET_STR(e->type, type->name);
    EV_SET_STR(e->name, type->name);
    EV_SET_STR(e->glyph, glyph);
    EV_SET_STR(e->colour, type->colour);
    content_tags_to_names(type->tags, e->tags, sizeof e->tags);
    content_features_to_names(type->features, e->features, sizeof e->features);
    EV_SET_STR(e->stack, content_stack_name(type->stack));
    return event;
}

CavEvent rules_look_assigned(const CavItemType *type, const CavAppearanceLook *look)
{
    CavEvent event = ev_init(CAV_EVENT_APPEARANCE_ASSIGNED);
    CavEvAppearanceAssigned *e = &event.as.AppearanceAssigned;

    CAV_EFFECT_COPY(e, &type->effect);
    EV_SET_STR(e->kind, type->name);
    EV_SET_STR(e->appearance, look->name);
    EV_SET_STR(e->colour, look->colour);
    EV_SET_STR(e->effect, type->effect_name);
    return event;
}

CavEvent rules_spell_defined(const CavSpellKind *spell)
{
    CavEvent event = ev_init(CAV_EVENT_SPELL_DEFINED);
    CavEvSpellDefined *e = &event.as.SpellDefined;

    e->cost = spell->cost;
    e->range = spell->range;
    e->min_range = spell->min_range;
    e->hp_per_mana = spell->hp_per_mana;
    CAV_EFFECT_COPY(e, &spell->effect);
    EV_SET_STR(e->spell, spell->name);
    EV_SET_STR(e->book, spell->book);
    EV_SET_STR(e->effect, spell->effect_name);
    EV_SET_STR(e->special, content_special_name(spell->special));
    EV_SET_STR(e->summon, spell->summon);
    return event;
}

CavEvent rules_corpse_spawned(const CavContent *content, const CavCreature *dead, gint32 id,
                              gint32 x, gint32 y)
{
    const CavItemType *corpse = content_item_type(content, "corpse");
    CavEvent event;
    g_autofree char *name = g_strdup_printf("%s corpse", dead->kind);

    g_return_val_if_fail(corpse != NULL, ev_init(CAV_EVENT_ITEM_SPAWNED));
    event = rules_item_spawned(corpse, id, 0, dead->z, x, y);
    event.as.ItemSpawned.food = dead->max_hp * corpse->food_per_hp;
    EV_SET_STR(event.as.ItemSpawned.name, name);
    EV_SET_STR(event.as.ItemSpawned.colour, dead->colour);
    return event;
}

gint32 rules_damage(gint32 attack, gint32 defense, CavRng *rng)
{
    if (attack <= defense)
        return 1;
    return rng_range(rng, 1, attack - defense);
}

CavEvent rules_attack(const CavState *state, const CavContent *content, const CavCreature *attacker,
                      const CavCreature *target, CavRng *rng)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_ATTACKED);

    event.as.CreatureAttacked = (CavEvCreatureAttacked){
        .creature = attacker->id,
        .target = target->id,
        .damage = rules_damage(state_attack(state, attacker), state_defense(state, target), rng),
        .food = content_rules(content)->attack_food};
    event.actor = attacker->id;
    return event;
}

gboolean rules_step(const CavState *state, const CavContent *content, const CavCreature *creature,
                    gint32 x, gint32 y, CavRng *rng, GArray *out)
{
    const CavCreature *other = state_creature_at(state, creature->z, x, y);
    CavTile tile = state_tile(state, creature->z, x, y);
    CavEvent event;

    if (x == creature->x && y == creature->y)
        return FALSE;
    if (other != NULL) {
        if (creature->behaviour != CAV_BEHAVIOUR_PLAYER && strcmp(other->kind, creature->kind) == 0)
            return FALSE;
        rules_push(out, rules_attack(state, content, creature, other, rng));
        return TRUE;
    }
    if (tile == TILE_WALL || tile == TILE_OUTSIDE)
        return FALSE;
    event = ev_init(CAV_EVENT_CREATURE_MOVED);
    event.as.CreatureMoved = (CavEvCreatureMoved){.creature = creature->id,
                                                  .z = creature->z,
                                                  .from_x = creature->x,
                                                  .from_y = creature->y,
                                                  .x = x,
                                                  .y = y,
                                                  .food = content_rules(content)->move_food};
    event.actor = creature->id;
    rules_push(out, event);
    return TRUE;
}

static gboolean cell_taken(const GArray *taken, gint32 cell)
{
    for (guint i = 0; taken != NULL && i < taken->len; i++)
        if (g_array_index(taken, gint32, i) == cell)
            return TRUE;
    return FALSE;
}

gboolean rules_free_item_cell(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                              const GArray *taken, gint32 *out_x, gint32 *out_y)
{
    for (gint32 r = 0; r <= radius; r++) {
        for (gint32 dy = -r; dy <= r; dy++) {
            for (gint32 dx = -r; dx <= r; dx++) {
                gint32 cx = x + dx, cy = y + dy;
                CavTile tile;
                if (MAX(ABS(dx), ABS(dy)) != r)
                    continue;
                tile = state_tile(state, z, cx, cy);
                if (tile == TILE_WALL || tile == TILE_OUTSIDE ||
                    state_item_at(state, z, cx, cy) != NULL ||
                    cell_taken(taken, cy * CAV_WIDTH + cx))
                    continue;
                *out_x = cx;
                *out_y = cy;
                return TRUE;
            }
        }
    }
    return FALSE;
}

void rules_article(const char *name, GString *out)
{
    if (strcmp(name, "player") == 0) {
        g_string_append(out, "the player");
        return;
    }
    g_string_append_printf(out, "%s %s", strchr("aeiou", name[0]) != NULL ? "an" : "a", name);
}

gint64 rules_xp_threshold(const CavContent *content, gint32 level)
{
    const CavRules *rules = content_rules(content);

    return (gint64) (pow(level, rules->xp_exponent_permille / 1000.0) * rules->xp_base);
}

gint32 rules_kill_xp(const CavCreature *victim, const CavCreature *killer)
{
    return MAX(0, victim->max_hp + victim->attack + victim->defense - killer->level);
}

gboolean rules_stacks_with(const CavItem *a, const CavItem *b)
{
    return a != b && a->stack == CAV_STACK_HARD && b->stack == CAV_STACK_HARD &&
           strcmp(a->type, b->type) == 0 && strcmp(a->name, b->name) == 0;
}

const CavItem *rules_pack_stack_for(const CavState *state, const CavCreature *c,
                                    const CavItem *item)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *mine = state_item(state, c->pack[i]);
        if (mine != NULL && mine->count > 0 && rules_stacks_with(mine, item))
            return mine;
    }
    return NULL;
}

gboolean rules_is_weapon(const CavItem *item)
{
    return item->attack + item->ranged >= item->defense;
}

gboolean rules_throwable(const CavItem *item)
{
    guint32 never = (1u << CAV_TAG_FOOD) | (1u << CAV_TAG_ARMOUR) | (1u << CAV_TAG_POTION);

    if (!(item->features & (1u << CAV_FEATURE_THROW)) || (item->tags & never))
        return FALSE;
    return (item->tags & (1u << CAV_TAG_MISSILE)) ||
           ((item->tags & (1u << CAV_TAG_WEAPON)) && item->thrown > 1);
}

gint32 rules_food_value(const CavState *state, const CavContent *content, const CavItem *item)
{
    const CavItemType *type = content_item_type(content, item->type);

    if (!state_item_rotten(state, item))
        return item->food;
    return item->food * (type != NULL ? type->rotten_food_percent : -100) / 100;
}

const char *rules_hunger_word(const CavContent *content, const CavCreature *c)
{
    const CavRules *rules = content_rules(content);
    gint64 percent100 = (gint64) c->food * 100; /* compare food × 100 with max × percent */

    if (percent100 < (gint64) c->max_food * rules->starving_percent)
        return "starving";
    if (percent100 < (gint64) c->max_food * rules->hungry_percent)
        return "hungry";
    if (percent100 > (gint64) c->max_food * rules->stuffed_percent)
        return "stuffed";
    if (percent100 > (gint64) c->max_food * rules->full_percent)
        return "full";
    return "";
}

void rules_line_begin(CavLine *line, gint32 fx, gint32 fy, gint32 tx, gint32 ty)
{
    *line = (CavLine){.x = fx,
                      .y = fy,
                      .to_x = tx,
                      .to_y = ty,
                      .dx = ABS(tx - fx),
                      .dy = -ABS(ty - fy),
                      .sx = fx < tx ? 1 : -1,
                      .sy = fy < ty ? 1 : -1};
    line->err = line->dx + line->dy;
}

gboolean rules_line_next(CavLine *line, gint32 *x, gint32 *y)
{
    gint32 e2 = 2 * line->err;

    if (line->x == line->to_x && line->y == line->to_y)
        return FALSE;
    if (e2 >= line->dy) {
        line->err += line->dy;
        line->x += line->sx;
    }
    if (e2 <= line->dx) {
        line->err += line->dx;
        line->y += line->sy;
    }
    *x = line->x;
    *y = line->y;
    return TRUE;
}

void rules_flight(const CavState *state, gint32 z, gint32 fx, gint32 fy, gint32 ax, gint32 ay,
                  gint32 *to_x, gint32 *to_y, gint32 *target)
{
    CavLine line;
    gint32 x, y;

    *to_x = fx;
    *to_y = fy;
    *target = 0;
    rules_line_begin(&line, fx, fy, ax, ay);
    while (rules_line_next(&line, &x, &y)) {
        const CavCreature *there;
        CavTile tile = state_tile(state, z, x, y);
        if (tile == TILE_WALL || tile == TILE_OUTSIDE)
            return;
        *to_x = x;
        *to_y = y;
        there = state_creature_at(state, z, x, y);
        if (there != NULL) {
            *target = there->id;
            return;
        }
    }
}

gint32 rules_missile_attack(const CavState *state, const CavCreature *thrower, gint32 value)
{
    const CavItem *weapon = state_item(state, thrower->weapon);
    gint32 attack = state_attack(state, thrower) - (weapon != NULL ? weapon->attack : 0);

    return MAX(0, attack) / 2 + value;
}

gboolean rules_can_aim(const CavState *state, const CavCreature *c, gint32 ax, gint32 ay)
{
    if (!world_in_bounds(ax, ay) || (ax == c->x && ay == c->y))
        return FALSE;
    return fov_sees(state, c->z, c->x, c->y, state_vision(c), ax, ay);
}
