/* messages.c — what the player reads about each event. Second person for the
 * player's own deeds; events the player cannot perceive give no message. */
#include "messages.h"

static gboolean is_player(const CavState *after, gint32 creature)
{
    return creature != 0 && creature == after->player;
}

gboolean messages_describe(const CavState *after, const CavEvent *event, GString *out)
{
    g_return_val_if_fail(after != NULL && event != NULL && out != NULL, FALSE);
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        g_string_append(out, "You enter the caves. The teddy bear waits on level 5.");
        return TRUE;
    case CAV_EVENT_TILE_DUG:
        if (!is_player(after, event->as.TileDug.creature))
            return FALSE;
        g_string_append(out, "You dig through the rock.");
        return TRUE;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        if (!is_player(after, event->as.CreatureTookStairs.creature))
            return FALSE;
        g_string_append_printf(
            out, "You climb %s to level %d.",
            event->as.CreatureTookStairs.z > event->as.CreatureTookStairs.from_z ? "down" : "up",
            event->as.CreatureTookStairs.z + 1);
        return TRUE;
    case CAV_EVENT_GAME_WON:
        g_string_append(out, "You carry the bear into the daylight. You win!");
        return TRUE;
    case CAV_EVENT_GAME_LOST:
        g_string_append_printf(out, "Game over: you %s.", event->as.GameLost.cause);
        return TRUE;
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_SPAWNED:
    case CAV_EVENT_CREATURE_MOVED:
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
    case CAV_EVENT_LEVEL_UP_CHOSEN:
    case CAV_EVENT_ITEM_SPAWNED:
    case CAV_EVENT_ITEM_PICKED_UP:
    case CAV_EVENT_ITEM_DROPPED:
    case CAV_EVENT_ITEM_EATEN:
    case CAV_EVENT_ITEM_EQUIPPED:
    case CAV_EVENT_ITEM_UNEQUIPPED:
    case CAV_EVENT_TYPE_COUNT:
    default:
        return FALSE;
    }
}
