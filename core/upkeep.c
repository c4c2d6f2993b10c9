/* SPDX-License-Identifier: GPL-3.0-or-later */
/* upkeep.c — the end of every turn: food spent, regeneration, hunger and
 * starvation. One UpkeepApplied covers every creature of the level, so the
 * log grows by one event a turn, plus one for each point regenerated and
 * each hunger word that changes. */
#include "rules-private.h"

#include <string.h>

void decide_upkeep(const CavState *state, const CavContent *content, GArray *out)
{
    const CavCreature *player = state_player(state);
    CavEvent event = ev_init(CAV_EVENT_UPKEEP_APPLIED);

    if (player == NULL || !player->alive)
        return;
    event.as.UpkeepApplied =
        (CavEvUpkeepApplied){.z = player->z, .food = content_rules(content)->turn_food};
    rules_push(out, event);
}

void decide_regeneration(const CavState *state, GArray *out)
{
    const CavCreature *player = state_player(state);

    if (player == NULL)
        return;
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        gint32 hp, mana;
        CavEvent event;
        if (!state_alive_on(state, id, player->z))
            continue;
        hp = MIN(c->hp_regen_acc / 1000, MAX(0, c->max_hp - c->hp));
        mana = MIN(c->mana_regen_acc / 1000, MAX(0, c->max_mana - c->mana));
        if (hp <= 0 && mana <= 0)
            continue;
        event = ev_init(CAV_EVENT_CREATURE_REGENERATED);
        event.as.CreatureRegenerated =
            (CavEvCreatureRegenerated){.creature = id, .hp = hp, .mana = mana, .food = hp + mana};
        rules_push(out, event); /* no actor: a body at work, not an action */
    }
}

void decide_hunger(const CavState *state, const CavContent *content, GArray *out)
{
    const CavCreature *player = state_player(state);
    const char *word;
    CavEvent event;

    if (player == NULL || !player->alive)
        return;
    if (player->food <= 0) {
        event = ev_init(CAV_EVENT_CREATURE_DIED);
        event.as.CreatureDied.creature = player->id;
        EV_SET_STR(event.as.CreatureDied.cause, "starved");
        rules_push(out, event);
        return;
    }
    word = rules_hunger_word(content, player);
    if (strcmp(word, player->hunger) == 0)
        return;
    event = ev_init(CAV_EVENT_HUNGER_CHANGED);
    event.as.HungerChanged.creature = player->id;
    EV_SET_STR(event.as.HungerChanged.word, word);
    rules_push(out, event);
}
