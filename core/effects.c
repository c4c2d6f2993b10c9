/* SPDX-License-Identifier: GPL-3.0-or-later */
/* effects.c — effects, one mechanism for potions now and spells next:
 * each application is its own instance with its own remaining turns. It
 * starts as the follow-up of a drink or a hit, changes hp or mana (once at
 * the start, or each turn), adds to its holder's numbers while it lasts,
 * and ends when it runs out or its holder dies. The per-turn work of every
 * effect on a level is one EffectsTicked event, as the upkeep is one
 * UpkeepApplied: a level of poisoned monsters does not flood the log. */
#include "effects.h"

#include "fov.h"
#include "rules-private.h"

#include <string.h>

gboolean rules_potion_effect(const CavState *state, gint32 holder, const CavItem *item,
                             CavEvent *out)
{
    const CavPotionLook *look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
    CavEvEffectStarted *e = &out->as.EffectStarted;
    const CavEffectSpec *spec;

    if (look == NULL || state->effect_count >= CAV_EFFECTS_MAX)
        return FALSE;
    spec = &look->spec;
    *out = ev_init(CAV_EVENT_EFFECT_STARTED);
    *e = (CavEvEffectStarted){
        .effect = state->effect_count + 1, .creature = holder, .item = item->id};
    CAV_EFFECT_COPY(e, spec);
    EV_SET_STR(e->name, look->effect);
    return TRUE;
}

/* What @hp and @mana would really change on @c: gains stop at the maximum,
 * mana never goes below 0. */
static void clamp_change(const CavCreature *c, gint32 *hp, gint32 *mana)
{
    if (*hp > 0)
        *hp = MIN(*hp, MAX(0, c->max_hp - c->hp));
    if (*mana > 0)
        *mana = MIN(*mana, MAX(0, c->max_mana - c->mana));
    else
        *mana = MAX(*mana, -c->mana);
}

static CavEvent applied(const CavEffect *effect, const CavCreature *c, gint32 hp, gint32 mana)
{
    CavEvent event = ev_init(CAV_EVENT_EFFECT_APPLIED);

    clamp_change(c, &hp, &mana);
    event.as.EffectApplied =
        (CavEvEffectApplied){.effect = effect->id, .creature = c->id, .hp = hp, .mana = mana};
    return event;
}

static CavEvent death_by(const CavCreature *c, const char *cause)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_DIED);

    event.as.CreatureDied.creature = c->id;
    EV_SET_STR(event.as.CreatureDied.cause, cause);
    return event;
}

/* Whether a potion of @look working on @c shows at all, and @c lives
 * through its first turn: nothing shows at full hp from a healing draught,
 * and nobody learns from a drinker the bottle kills at once (its start, or
 * the first tick of the turn it is drunk in). */
static gboolean effect_shows(const CavPotionLook *look, const CavCreature *c)
{
    const CavEffectSpec *spec = &look->spec;
    gint32 hp = spec->hp, mana = spec->mana;

    clamp_change(c, &hp, &mana);
    if (c->hp + hp <= 0 || (spec->turn_chance >= 100 && c->hp + hp + spec->turn_hp <= 0))
        return FALSE;
    return hp != 0 || mana != 0 || spec->xp_per_level != 0 || spec->turn_hp != 0 ||
           spec->attack != 0 || spec->defense != 0 || spec->vision != 0 || spec->hp_regen != 0 ||
           spec->mana_regen != 0 || spec->detect != 0;
}

static CavEvent identified(const CavCreature *knower, const CavPotionLook *look, const char *how)
{
    CavEvent event = ev_init(CAV_EVENT_ITEM_IDENTIFIED);

    event.as.ItemIdentified.creature = knower->id;
    EV_SET_STR(event.as.ItemIdentified.appearance, look->appearance);
    EV_SET_STR(event.as.ItemIdentified.kind, look->kind);
    EV_SET_STR(event.as.ItemIdentified.how, how);
    return event;
}

/* Everyone who sees @subject (symmetric sight: the subject's field of view,
 * within each watcher's own vision) and does not know @look yet learns it:
 * @subject itself "@mine", the watchers "@seen". Once per knower. */
static void identify_watched(const CavState *state, const CavCreature *subject,
                             const CavPotionLook *look, const char *mine, const char *seen,
                             GArray *follow_ups)
{
    g_autofree guint8(*sight)[CAV_WIDTH] = g_malloc0(sizeof(guint8[CAV_HEIGHT][CAV_WIDTH]));
    guint32 bit = 1u << (look - state->looks);
    gint32 widest = 0;

    for (gint32 id = 1; id <= state->creature_count; id++)
        if (state_alive_on(state, id, subject->z))
            widest = MAX(widest, state_vision(&state->creatures[id]));
    fov_compute(state, subject->z, subject->x, subject->y, widest, sight);
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        gint32 dx = c->x - subject->x, dy = c->y - subject->y, v = state_vision(c);
        if (c->id == 0 || !c->alive || c->z != subject->z || (c->known & bit) ||
            !world_in_bounds(c->x, c->y))
            continue;
        if (c == subject)
            rules_push(follow_ups, identified(c, look, mine));
        else if (sight[c->y][c->x] && dx * dx + dy * dy <= v * v)
            rules_push(follow_ups, identified(c, look, seen));
    }
}

/* A drink starts the potion's effect on the drinker; if it shows, the
 * drinker and everyone who sees it happen learn the potion. */
static void on_quaffed(const CavState *state, const CavEvent *event, CavRng *rng,
                       GArray *follow_ups, gpointer user_data)
{
    const CavEvItemQuaffed *e = &event->as.ItemQuaffed;
    const CavCreature *c = state_creature(state, e->creature);
    const CavItem *item = state_item(state, e->item);
    const CavPotionLook *look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
    CavEvent started;

    (void) rng;
    (void) user_data;
    if (c == NULL || look == NULL)
        return;
    if (rules_potion_effect(state, c->id, item, &started))
        rules_push(follow_ups, started);
    if (effect_shows(look, c))
        identify_watched(state, c, look, "drank one", "saw one drunk", follow_ups);
}

void effects_missile_cause(const CavState *state, const CavCreature *by, gint32 missile,
                           GString *out)
{
    const CavItem *item = state_item(state, missile);

    g_string_append(out, "killed by ");
    rules_article(by->kind, out);
    g_string_append_printf(out, "'s %s", item != NULL ? item->name : "missile");
}

/* A missile that emptied its target's hp kills it, for the thrower's xp. */
static void missile_hit(const CavState *state, gint32 by, gint32 target, gint32 missile,
                        GArray *follow_ups)
{
    const CavCreature *thrower = state_creature(state, by);
    const CavCreature *hit = state_creature(state, target);
    g_autoptr(GString) cause = g_string_new(NULL);
    CavEvent death;

    if (thrower == NULL || hit == NULL || !hit->alive || hit->hp > 0)
        return;
    effects_missile_cause(state, thrower, missile, cause);
    death = death_by(hit, cause->str);
    death.as.CreatureDied.killer = thrower->id;
    rules_push(follow_ups, death);
}

/* A thrown potion that hits someone still alive breaks over them. */
static void on_thrown(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                      gpointer user_data)
{
    const CavEvItemThrown *e = &event->as.ItemThrown;
    gint32 flying = e->split != 0 ? e->split : e->item;
    const CavItem *item = state_item(state, flying);
    const CavCreature *hit = state_creature(state, e->target);
    CavEvent started;

    (void) rng;
    (void) user_data;
    missile_hit(state, e->creature, e->target, flying, follow_ups);
    if (item == NULL || !(item->tags & (1u << CAV_TAG_POTION)) || hit == NULL || !hit->alive ||
        hit->hp <= 0)
        return;
    if (rules_potion_effect(state, hit->id, item, &started))
        rules_push(follow_ups, started);
    if (state_look_of_kind(state, item->type) != NULL &&
        effect_shows(state_look_of_kind(state, item->type), hit))
        identify_watched(state, hit, state_look_of_kind(state, item->type), "was hit by one",
                         "saw one break", follow_ups);
}

static void on_fired(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                     gpointer user_data)
{
    const CavEvShotFired *e = &event->as.ShotFired;

    (void) rng;
    (void) user_data;
    missile_hit(state, e->creature, e->target, e->item, follow_ups);
}

/* An effect's start: its hp and mana at once, its xp. */
static void on_started(const CavState *state, const CavEvent *event, CavRng *rng,
                       GArray *follow_ups, gpointer user_data)
{
    const CavEvEffectStarted *e = &event->as.EffectStarted;
    const CavEffect *effect = state_effect(state, e->effect);
    const CavCreature *c = state_creature(state, e->creature);
    CavEvent change;

    (void) rng;
    (void) user_data;
    if (effect == NULL || c == NULL || !c->alive)
        return;
    change = applied(effect, c, e->hp, e->mana);
    if (change.as.EffectApplied.hp != 0 || change.as.EffectApplied.mana != 0)
        rules_push(follow_ups, change);
    if (e->xp_per_level > 0) {
        CavEvent xp = ev_init(CAV_EVENT_XP_GAINED);
        xp.as.XpGained = (CavEvXpGained){.creature = c->id, .amount = c->level * e->xp_per_level};
        rules_push(follow_ups, xp);
    }
}

static void on_applied(const CavState *state, const CavEvent *event, CavRng *rng,
                       GArray *follow_ups, gpointer user_data)
{
    const CavEvEffectApplied *e = &event->as.EffectApplied;
    const CavCreature *c = state_creature(state, e->creature);
    const CavEffect *effect = state_effect(state, e->effect);

    (void) rng;
    (void) user_data;
    if (c != NULL && effect != NULL && c->alive && c->hp <= 0)
        rules_push(follow_ups, death_by(c, effect->name));
}

const char *effects_harm_of(const CavState *state, const CavCreature *c)
{
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = &state->effects[id];
        if (effect->active && effect->creature == c->id && effect->spec.turn_hp < 0)
            return effect->name;
    }
    return "a lingering effect";
}

/* Whoever the tick left without hp dies of it. */
static void on_ticked(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                      gpointer user_data)
{
    (void) rng;
    (void) user_data;
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        if (state_alive_on(state, id, event->as.EffectsTicked.z) && c->hp <= 0)
            rules_push(follow_ups, death_by(c, effects_harm_of(state, c)));
    }
}

static CavEvent ended(const CavEffect *effect, const char *reason)
{
    CavEvent event = ev_init(CAV_EVENT_EFFECT_ENDED);

    event.as.EffectEnded.effect = effect->id;
    event.as.EffectEnded.creature = effect->creature;
    EV_SET_STR(event.as.EffectEnded.reason, reason);
    return event;
}

/* An effect outlives nothing: its holder's death ends it. */
static void on_died(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                    gpointer user_data)
{
    (void) rng;
    (void) user_data;
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = &state->effects[id];
        if (effect->active && effect->creature == event->as.CreatureDied.creature)
            rules_push(follow_ups, ended(effect, "its holder died"));
    }
}

/* Whether @effect works this turn: active, on a living holder on level @z. */
static const CavCreature *working(const CavState *state, const CavEffect *effect, gint32 z)
{
    const CavCreature *c = state_creature(state, effect->creature);

    return effect->active && c != NULL && c->alive && c->z == z ? c : NULL;
}

gint32 effects_working_on(const CavState *state, gint32 z)
{
    gint32 count = 0;

    for (gint32 id = 1; id <= state->effect_count; id++)
        count += working(state, &state->effects[id], z) != NULL;
    return count;
}

void decide_effects(const CavState *state, CavRng *rng, GArray *out)
{
    const CavCreature *player = state_player(state);
    CavEvent tick = ev_init(CAV_EVENT_EFFECTS_TICKED);

    if (player == NULL || !player->alive)
        return;
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = &state->effects[id];
        const CavCreature *c = working(state, effect, player->z);
        if (c == NULL || effect->spec.turn_hp == 0 || effect->spec.turn_chance >= 100)
            continue;
        if (rng_range(rng, 1, 100) <= effect->spec.turn_chance) {
            CavEvent change = applied(effect, c, effect->spec.turn_hp, 0);
            if (change.as.EffectApplied.hp != 0) /* at full hp a heal changes nothing */
                rules_push(out, change);
        }
    }
    tick.as.EffectsTicked.z = player->z;
    tick.as.EffectsTicked.effects = effects_working_on(state, player->z);
    if (tick.as.EffectsTicked.effects > 0)
        rules_push(out, tick);
}

void decide_effect_ends(const CavState *state, GArray *out)
{
    const CavCreature *player = state_player(state);

    if (player == NULL || !player->alive)
        return;
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = &state->effects[id];
        if (working(state, effect, player->z) != NULL && effect->remaining <= 0)
            rules_push(out, ended(effect, "wore off"));
    }
}

void effects_install(Game *game)
{
    game_add_policy(game, CAV_EVENT_ITEM_QUAFFED, on_quaffed, NULL);
    game_add_policy(game, CAV_EVENT_ITEM_THROWN, on_thrown, NULL);
    game_add_policy(game, CAV_EVENT_SHOT_FIRED, on_fired, NULL);
    game_add_policy(game, CAV_EVENT_EFFECT_STARTED, on_started, NULL);
    game_add_policy(game, CAV_EVENT_EFFECT_APPLIED, on_applied, NULL);
    game_add_policy(game, CAV_EVENT_EFFECTS_TICKED, on_ticked, NULL);
    game_add_policy(game, CAV_EVENT_CREATURE_DIED, on_died, NULL);
}
