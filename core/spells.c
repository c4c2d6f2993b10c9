/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spells.c — what a cast spell does (GAME.md "Spellbooks and spells"), as
 * the policy that answers a SpellCast: an effect on the target (one
 * instance per cast), or a special — blood to mana, a blink, a summons. The
 * cast itself (mana spent, refusals) is decided in decide.c, which asks
 * here where a blink may land. */
#include "spells.h"

#include "fov.h"
#include "rules-private.h"

#include <string.h>

static gboolean spell_effect(const CavState *state, const CavSpell *spell, gint32 holder,
                             gint32 book, CavEvent *out)
{
    CavEvEffectStarted *e = &out->as.EffectStarted;

    if (state->effect_count >= CAV_EFFECTS_MAX)
        return FALSE;
    *out = ev_init(CAV_EVENT_EFFECT_STARTED);
    *e = (CavEvEffectStarted){.effect = state->effect_count + 1, .creature = holder, .item = book};
    CAV_EFFECT_COPY(e, &spell->spec);
    EV_SET_STR(e->name, spell->effect);
    return TRUE;
}

/* Turn @ratio hp into each mana, as many as the hp above 1 and the room
 * in mana allow. */
static void blood_to_mana(const CavCreature *c, gint32 ratio, GArray *out)
{
    CavEvent event = ev_init(CAV_EVENT_MANA_DRAWN);
    gint32 mana = MIN((c->hp - 1) / MAX(ratio, 1), c->max_mana - c->mana);

    if (mana <= 0)
        return;
    event.as.ManaDrawn = (CavEvManaDrawn){.creature = c->id, .hp = mana * ratio, .mana = mana};
    rules_push(out, event);
}

guint spells_blink_landings(const CavState *state, const CavCreature *c, const CavSpell *spell,
                            GArray *cells)
{
    g_autofree guint8(*seen)[CAV_WIDTH] = g_malloc0(sizeof(guint8[CAV_HEIGHT][CAV_WIDTH]));
    gint32 range = spell->range;
    guint n = 0;

    g_return_val_if_fail(state != NULL && c != NULL && spell != NULL, 0);
    fov_compute(state, c->z, c->x, c->y, range, seen);
    for (gint32 y = MAX(0, c->y - range); y <= MIN(CAV_HEIGHT - 1, c->y + range); y++)
        for (gint32 x = MAX(0, c->x - range); x <= MIN(CAV_WIDTH - 1, c->x + range); x++) {
            CavTile tile = state_tile(state, c->z, x, y);
            gint32 cell = y * CAV_WIDTH + x;
            if (!seen[y][x] || tile == TILE_WALL || tile == TILE_OUTSIDE ||
                MAX(ABS(x - c->x), ABS(y - c->y)) < spell->min_range ||
                state_creature_at(state, c->z, x, y) != NULL)
                continue;
            if (cells != NULL)
                g_array_append_val(cells, cell);
            n++;
        }
    return n;
}

/* A random landing of @spell for @c (see spells_blink_landings). */
static void blink(const CavState *state, const CavCreature *c, const CavSpell *spell, CavRng *rng,
                  GArray *out)
{
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(gint32));
    CavEvent event = ev_init(CAV_EVENT_CREATURE_BLINKED);
    gint32 cell;

    if (spells_blink_landings(state, c, spell, cells) == 0)
        return;
    cell = g_array_index(cells, gint32, rng_range(rng, 0, (gint32) cells->len - 1));
    event.as.CreatureBlinked = (CavEvCreatureBlinked){.creature = c->id,
                                                      .z = c->z,
                                                      .from_x = c->x,
                                                      .from_y = c->y,
                                                      .x = cell % CAV_WIDTH,
                                                      .y = cell / CAV_WIDTH};
    rules_push(out, event);
}

/* A creature of @kind in each free neighbouring cell of @c. */
static void summon(const CavState *state, const CavCreatureKind *kind, const CavCreature *c,
                   GArray *out)
{
    gint32 next = state->creature_count + 1;

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gint32 x = c->x + dx, y = c->y + dy;
            CavTile tile = state_tile(state, c->z, x, y);
            CavEvent spawned, event = ev_init(CAV_EVENT_CREATURE_SUMMONED);
            if ((dx == 0 && dy == 0) || tile == TILE_WALL || tile == TILE_OUTSIDE ||
                state_creature_at(state, c->z, x, y) != NULL || next > CAV_CREATURES_MAX)
                continue;
            spawned = rules_creature_spawned(kind, next++, c->z, x, y);
            memcpy(&event.as.CreatureSummoned, &spawned.as.CreatureSpawned,
                   sizeof spawned.as.CreatureSpawned);
            event.as.CreatureSummoned.summoner = c->id;
            rules_push(out, event);
        }
}

static void on_cast(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                    gpointer user_data)
{
    const CavContent *content = user_data;
    const CavEvSpellCast *e = &event->as.SpellCast;
    const CavCreature *caster = state_creature(state, e->creature);
    const CavCreature *target = state_creature(state, e->target);
    const CavItem *book = state_item(state, e->item);
    const CavSpell *spell = book != NULL ? state_spell(state, book->type, e->spell) : NULL;
    const CavCreatureKind *kind;
    CavEvent started;

    if (caster == NULL || target == NULL || spell == NULL || !target->alive)
        return;
    switch (spell->special) {
    case CAV_SPECIAL_BLOOD_TO_MANA:
        blood_to_mana(target, spell->hp_per_mana, follow_ups);
        return;
    case CAV_SPECIAL_BLINK:
        blink(state, target, spell, rng, follow_ups);
        return;
    case CAV_SPECIAL_SUMMON:
        kind = content_creature_kind(content, spell->summon);
        if (kind != NULL)
            summon(state, kind, caster, follow_ups);
        return;
    case CAV_SPECIAL_NONE:
    case CAV_SPECIAL_COUNT:
    default:
        if (spell_effect(state, spell, target->id, e->item, &started))
            rules_push(follow_ups, started);
        return;
    }
}

void spells_install(Game *game, const CavContent *content)
{
    game_add_policy(game, CAV_EVENT_SPELL_CAST, on_cast, (gpointer) content);
}
