/* tui-look.c — looking around (`;`): a cursor over the map, moved with the
 * movement keys, and a line saying what the player knows of the cell under
 * it: what they see there now, or what they remember. No turn passes. */
#include "tui-private.h"

#include "messages.h"

#define TUI_LOOK_HINT "(move the cursor; Esc ends)"

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

static void tui_look_creature(const CavState *state, const CavCreature *creature, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);
    const CavItem *weapon = state_item(state, creature->weapon);

    if (creature->id == state->player) {
        g_string_append_printf(text, "you (%d/%d hp).", creature->hp, creature->max_hp);
    } else {
        g_string_append_printf(text, "%s %s (%d/%d hp", messages_indefinite(creature->kind),
                               creature->kind, creature->hp, creature->max_hp);
        if (weapon != NULL)
            g_string_append_printf(text, ", wielding %s", weapon->name);
        g_string_append(text, ").");
    }
    tui_look_sentence(out, text->str);
}

static void tui_look_item(const CavState *state, const CavItem *item, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    messages_item_name(state, item, item->count, MESSAGES_A, text);
    if (item->rot_turns > 0)
        g_string_append(text, state_item_rotten(state, item) ? " (rotten)" : " (fresh)");
    g_string_append(text, item->count > 1 ? " lie here." : " lies here.");
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
        terrain = g_strdup_printf("you remember %s there.", tui_look_terrain(tile));
        tui_look_sentence(out, view_remembers(sight, z, x, y) ? terrain
                                                              : "you have not seen that place.");
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

/* The play screen with the cell's description on the message lines and the
 * cursor at (@x, @y). */
static void tui_look_draw(const CavState *state, const CavView *sight, const TuiViewport *viewport,
                          gint32 x, gint32 y)
{
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GPtrArray) lines = NULL;
    TuiLayout layout;
    int row, col;

    tui_draw_layout(&layout);
    tui_look_describe(state, sight, viewport->z, x, y, text);
    g_string_append(text, "  " TUI_LOOK_HINT);
    lines = tui_screen_wrap(text->str, COLS);
    for (int r = 0; r < layout.message_rows; r++) {
        move(r, 0);
        clrtoeol();
        if (r < (int) lines->len)
            tui_screen_put(r, 0, lines->pdata[r], COLS, tui_screen_attr(TUI_STYLE_TEXT));
    }
    if (tui_draw_cell_at(viewport, &layout, x, y, &row, &col))
        mvchgat(row, col, 1, A_REVERSE, 0, NULL);
}

void tui_look(const CavState *state, const CavView *sight, const TuiViewport *viewport,
              TuiBackdrop backdrop, gpointer data)
{
    const CavCreature *player = state_player(state);
    gint32 x, y;

    g_return_if_fail(state != NULL && sight != NULL && viewport != NULL && backdrop != NULL);
    if (player == NULL)
        return;
    x = player->x;
    y = player->y;
    for (;;) {
        TuiLayout layout;
        gint32 dx, dy;
        int key, row, col;

        backdrop(data);
        if (tui_screen_big_enough())
            tui_look_draw(state, sight, viewport, x, y);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST || key == ';' || key == '\r' ||
            key == '\n' || key == 'q')
            return;
        tui_draw_layout(&layout);
        if (tui_keys_direction(key, &dx, &dy) &&
            tui_draw_cell_at(viewport, &layout, x + dx, y + dy, &row, &col)) {
            x += dx;
            y += dy;
        }
    }
}
