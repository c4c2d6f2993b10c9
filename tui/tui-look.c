/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-look.c — looking around (`;`): the map cursor (tui-target.c) and a
 * line saying what the player knows of the cell under it: what they see
 * there now (a creature's state in words and its gear), or what they
 * remember. No turn passes. */
#include "tui-private.h"

#include "messages.h"

static const char *tui_look_terrain(CavTile tile)
{
    switch (tile) {
    case TILE_FLOOR:
        return "floor";
    case TILE_WALL:
        return "a wall";
    case TILE_STAIRS_DOWN:
        return "stairs down";
    case TILE_STAIRS_UP:
        return "stairs up";
    case TILE_OUTSIDE:
    default:
        return "nothing at all";
    }
}

/* Append @text with its first letter raised, after a space if need be. */
static void tui_look_sentence(GString *out, const char *text)
{
    g_autofree char *raised = messages_capitalised(text);

    g_string_append_printf(out, "%s%s", out->len > 0 ? " " : "", raised);
}

/* ", wielding a sword and wearing platemail": the gear @creature has on. */
static void tui_look_gear(const CavState *state, const CavCreature *creature, GString *out)
{
    const CavItem *weapon = state_item(state, creature->weapon);
    const CavItem *armour = state_item(state, creature->armour);

    if (weapon != NULL) {
        g_string_append(out, ", wielding ");
        messages_item_name(state, weapon, 1, MESSAGES_A, out);
    }
    if (armour != NULL) {
        g_string_append(out, weapon != NULL ? " and wearing " : ", wearing ");
        messages_item_name(state, armour, 1, MESSAGES_A, out);
    }
}

static void tui_look_creature(const CavState *state, const CavCreature *creature, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (creature->id == state->player) {
        g_string_append_printf(text, "you (%d/%d hp).", creature->hp, creature->max_hp);
    } else {
        g_string_append_printf(text, "%s %s, %s", messages_indefinite(creature->kind),
                               creature->kind,
                               messages_health_words(creature->hp, creature->max_hp));
        tui_look_gear(state, creature, text);
        g_string_append_c(text, '.');
    }
    tui_look_sentence(out, text->str);
    /* every death leaves a food corpse but a summoned creature's (GAME.md) */
    if (creature->id != state->player && !creature->summoned)
        tui_look_sentence(out, "its corpse would be food.");
}

static void tui_look_item(const CavState *state, const CavItem *item, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    /* a rotten one is named so ("a rotten bat corpse") */
    messages_item_name(state, item, item->count, MESSAGES_A, text);
    if (item->rot_turns > 0 && !state_item_rotten(state, item))
        g_string_append(text, " (fresh)");
    g_string_append(text, item->count > 1 ? " lie here." : " lies here.");
    tui_look_sentence(out, text->str);
}

/* What the player remembers of a cell out of view: its terrain, and the
 * item last seen on it (by the name they know it by now). */
static void tui_look_remembered(const CavState *state, const CavView *sight, gint32 z, gint32 x,
                                gint32 y, GString *out)
{
    const CavItem *item = state_item(state, view_remembered_item(sight, z, x, y));
    g_autoptr(GString) text = g_string_new(NULL);

    if (!view_remembers(sight, z, x, y)) {
        tui_look_sentence(out, "you have not seen that place.");
        return;
    }
    g_string_append_printf(text, "you remember %s there",
                           tui_look_terrain(state_tile(state, z, x, y)));
    if (item != NULL) {
        g_string_append(text, ", and ");
        messages_item_name(state, item, MAX(item->count, 1), MESSAGES_A, text);
        g_string_append(text, " on it");
    }
    g_string_append_c(text, '.');
    tui_look_sentence(out, text->str);
}

void tui_look_describe(const CavState *state, const CavView *sight, gint32 z, gint32 x, gint32 y,
                       GString *out)
{
    CavTile tile = state_tile(state, z, x, y);
    g_autofree char *terrain = NULL;
    const CavCreature *creature;
    const CavItem *item;

    g_return_if_fail(state != NULL && sight != NULL && out != NULL);
    if (!view_sees(sight, z, x, y)) {
        tui_look_remembered(state, sight, z, x, y, out);
        return;
    }
    creature = state_creature_at(state, z, x, y);
    item = state_item_at(state, z, x, y);
    if (creature != NULL)
        tui_look_creature(state, creature, out);
    if (item != NULL)
        tui_look_item(state, item, out);
    terrain = g_strdup_printf("%s.", tui_look_terrain(tile));
    tui_look_sentence(out, terrain);
}

gboolean tui_look(const CavState *state, const CavView *sight, TuiViewport *viewport,
                  TuiBackdrop backdrop, gpointer data, gint32 *x, gint32 *y)
{
    g_return_val_if_fail(state != NULL && sight != NULL && viewport != NULL && backdrop != NULL,
                         FALSE);
    return tui_target(state, sight, viewport, TUI_AIM_LOOK, backdrop, data, x, y);
}
