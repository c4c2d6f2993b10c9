/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view.c — keeping the player's view and memory (of cells, and of the item
 * last seen on each) in step with the events. */
#include "view.h"

#include <string.h>
#include <xxhash.h>

#include "fov.h"

void view_init(CavView *view)
{
    g_return_if_fail(view != NULL);
    memset(view, 0, sizeof *view);
    view->z = -1;
}

/* Remember, for every cell in view, the item lying there now (or none).
 * Only the square of the player's vision radius around them can be in
 * view, so only that is scanned. */
static void view_note_items(CavView *view, const CavState *state)
{
    const CavCreature *player = state_player(state);
    gint32 r = player != NULL ? MAX(state_vision(player), 1) : 0;

    if (player == NULL || player->z != view->z)
        return;
    for (gint32 y = MAX(player->y - r, 0); y <= MIN(player->y + r, CAV_HEIGHT - 1); y++)
        for (gint32 x = MAX(player->x - r, 0); x <= MIN(player->x + r, CAV_WIDTH - 1); x++) {
            const CavItem *item;

            if (!view->visible[y][x])
                continue;
            /* Most cells hold nothing: no lookup for those. */
            item =
                state->floor_item[view->z][y][x] != 0 ? state_item_at(state, view->z, x, y) : NULL;
            view->items[view->z][y][x] = (guint16) (item != NULL ? item->id : 0);
        }
}

void view_refresh(CavView *view, const CavState *state)
{
    const CavCreature *player = state_player(state);
    gint32 r;

    if (player == NULL || player->z < 0 || player->z >= CAV_LEVELS) {
        memset(view->visible, 0, sizeof view->visible);
        view->z = -1;
        return;
    }
    view->z = player->z;
    r = state_vision(player);
    fov_compute(state, player->z, player->x, player->y, r, view->visible);
    /* Only the square of the vision radius can be in view. */
    for (gint32 y = MAX(player->y - r, 0); y <= MIN(player->y + r, CAV_HEIGHT - 1); y++)
        for (gint32 x = MAX(player->x - r, 0); x <= MIN(player->x + r, CAV_WIDTH - 1); x++)
            if (view->visible[y][x])
                view->memory[player->z][y][x] |= MEMORY_SEEN;
    view_note_items(view, state);
}

/* Whether @event names an item (which may have come, gone or moved). */
static gboolean involves_item(const CavEvent *event)
{
    CavRef refs[8];
    guint n = ev_refs(event, refs, G_N_ELEMENTS(refs));

    for (guint i = 0; i < n && i < G_N_ELEMENTS(refs); i++)
        if (refs[i].kind == CAV_REF_ITEM)
            return TRUE;
    return FALSE;
}

/* Whether @event can change what the player sees. */
static gboolean changes_sight(const CavState *after, const CavEvent *event)
{
    const CavCreature *player = state_player(after);

    if (player == NULL)
        return FALSE;
    switch (event->type) {
    case CAV_EVENT_CREATURE_SPAWNED:
        return event->as.CreatureSpawned.creature == after->player;
    case CAV_EVENT_CREATURE_MOVED:
        return event->as.CreatureMoved.creature == after->player;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return event->as.CreatureTookStairs.creature == after->player;
    case CAV_EVENT_TILE_DUG:
        return event->as.TileDug.z == player->z;
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        return event->as.LevelUpChosen.creature == after->player;
    case CAV_EVENT_EFFECT_STARTED:
        return event->as.EffectStarted.creature == after->player &&
               event->as.EffectStarted.vision != 0;
    case CAV_EVENT_EFFECT_ENDED:
        return event->as.EffectEnded.creature == after->player &&
               state_effect(after, event->as.EffectEnded.effect) != NULL &&
               state_effect(after, event->as.EffectEnded.effect)->spec.vision != 0;
    case CAV_EVENT_CREATURE_BLINKED:
        return event->as.CreatureBlinked.creature == after->player;
    case CAV_EVENT_SPELL_DEFINED:
    case CAV_EVENT_SPELL_CAST:
    case CAV_EVENT_MANA_DRAWN:
    case CAV_EVENT_CREATURE_SUMMONED:
    case CAV_EVENT_ITEM_NAMED:
    case CAV_EVENT_APPEARANCE_ASSIGNED:
    case CAV_EVENT_ITEM_THROWN:
    case CAV_EVENT_SHOT_FIRED:
    case CAV_EVENT_ITEM_QUAFFED:
    case CAV_EVENT_EFFECT_APPLIED:
    case CAV_EVENT_EFFECTS_TICKED:
    case CAV_EVENT_ITEM_IDENTIFIED:
    case CAV_EVENT_GAME_STARTED:
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_WAITED:
    case CAV_EVENT_FUNGUS_SPREAD:
    case CAV_EVENT_CREATURE_ATTACKED:
    case CAV_EVENT_CREATURE_HURT:
    case CAV_EVENT_CREATURE_REGENERATED:
    case CAV_EVENT_UPKEEP_APPLIED:
    case CAV_EVENT_HUNGER_CHANGED:
    case CAV_EVENT_CREATURE_OVERATE:
    case CAV_EVENT_CREATURE_DIED:
    case CAV_EVENT_XP_GAINED:
    case CAV_EVENT_LEVEL_GAINED:
    case CAV_EVENT_ITEM_SPAWNED:
    case CAV_EVENT_ITEM_PICKED_UP:
    case CAV_EVENT_ITEM_DROPPED:
    case CAV_EVENT_ITEM_EATEN:
    case CAV_EVENT_ITEM_EQUIPPED:
    case CAV_EVENT_ITEM_UNEQUIPPED:
    case CAV_EVENT_GAME_WON:
    case CAV_EVENT_GAME_LOST:
    case CAV_EVENT_TYPE_COUNT:
    default:
        return FALSE;
    }
}

gboolean view_apply(CavView *view, const CavState *after, const CavEvent *event)
{
    g_return_val_if_fail(view != NULL && after != NULL && event != NULL, FALSE);
    if (changes_sight(after, event)) {
        view_refresh(view, after);
        return TRUE;
    }
    if (view->z < 0 || !involves_item(event))
        return FALSE;
    view_note_items(view, after);
    return TRUE;
}

gboolean view_sees(const CavView *view, gint32 z, gint32 x, gint32 y)
{
    return z == view->z && world_in_bounds(x, y) && view->visible[y][x] != 0;
}

gboolean view_remembers(const CavView *view, gint32 z, gint32 x, gint32 y)
{
    return z >= 0 && z < CAV_LEVELS && world_in_bounds(x, y) &&
           (view->memory[z][y][x] & MEMORY_SEEN) != 0;
}

gint32 view_remembered_item(const CavView *view, gint32 z, gint32 x, gint32 y)
{
    if (!view_remembers(view, z, x, y))
        return 0;
    return view->items[z][y][x];
}

guint64 view_digest(const CavView *view)
{
    XXH3_state_t *h = XXH3_createState();
    gint32 z = view->z;
    guint64 digest;

    XXH3_64bits_reset(h);
    XXH3_64bits_update(h, &z, sizeof z);
    XXH3_64bits_update(h, view->visible, sizeof view->visible);
    XXH3_64bits_update(h, view->memory, sizeof view->memory);
    XXH3_64bits_update(h, view->items, sizeof view->items);
    digest = XXH3_64bits_digest(h);
    XXH3_freeState(h);
    return digest;
}
