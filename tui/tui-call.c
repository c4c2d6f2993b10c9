/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-call.c — naming potion looks (`c`): a lettered menu of the looks the
 * player has seen and does not know (in the pack, on the floor in view, or
 * drunk by them or by a creature they saw),
 * then a line to type the name on. The name is the player's own note; the
 * play loop hands it to the rules as CMD_NAME, which takes no time. */
#include "tui-private.h"

#include <string.h>

#define TUI_CALL_TITLE "Call which potions by a name?"
#define TUI_CALL_NOTHING "You have seen no potion you do not know."
#define TUI_CALL_HINT "Enter names, Esc cancels (empty: forget the name)"

/* The index of @item's look if it is a potion the player does not know
 * and has seen: carries, sees on the floor, or drank the last of (it is
 * used up in their hands); else -1. */
static gint32 tui_call_look_of(const CavState *state, const CavView *sight, const CavItem *item)
{
    const CavCreature *player = state_player(state);
    const CavPotionLook *look;

    if (item == NULL || state_knows_item(state, player, item))
        return -1;
    if (item->holder != player->id &&
        (item->count <= 0 || item->holder != 0 || !view_sees(sight, item->z, item->x, item->y)))
        return -1;
    look = state_look_of_kind(state, item->type);
    return look != NULL ? (gint32) (look - state->looks) : -1;
}

/* Whether the player knows what potions of look @index are. */
static gboolean tui_call_known(const CavState *state, gint32 index)
{
    return (state_player(state)->known & (1u << index)) != 0;
}

/* The menu's looks (indexes into CavState.looks), in the game's order:
 * those of tui_call_look_of() and those in @drunk the player does not know. */
static GArray *tui_call_looks(const CavState *state, const CavView *sight, guint32 drunk)
{
    GArray *looks = g_array_new(FALSE, FALSE, sizeof(gint32));
    guint32 seen = drunk;

    for (gint32 id = 1; id <= state->item_count; id++) {
        gint32 look = tui_call_look_of(state, sight, state_item(state, id));
        if (look >= 0 && look < CAV_POTION_KINDS_MAX)
            seen |= 1u << look;
    }
    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++)
        if ((seen & (1u << i)) != 0 && !tui_call_known(state, i))
            g_array_append_val(looks, i);
    return looks;
}

static void tui_call_draw(const CavState *state, const GArray *looks, TuiBackdrop backdrop,
                          gpointer data)
{
    g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func(g_free);

    backdrop(data);
    if (!tui_screen_big_enough())
        return;
    g_ptr_array_add(text, g_strdup(TUI_CALL_TITLE));
    for (guint i = 0; i < looks->len; i++) {
        const CavPotionLook *look = &state->looks[g_array_index(looks, gint32, i)];
        GString *line = g_string_new(NULL);

        g_string_append_printf(line, "%c - %s potion", 'a' + (int) i, look->appearance);
        if (look->called[0] != '\0')
            g_string_append_printf(line, " called %s", look->called);
        g_ptr_array_add(text, g_string_free(line, FALSE));
    }
    g_ptr_array_add(text, g_strdup("A letter chooses; Esc closes."));
    tui_panels_box((const char *const *) text->pdata, text->len);
}

gint32 tui_call_pick(const CavState *state, const CavView *sight, guint32 drunk,
                     TuiBackdrop backdrop, gpointer data, const char **nothing)
{
    g_autoptr(GArray) looks = NULL;

    g_return_val_if_fail(state != NULL && sight != NULL && backdrop != NULL, -1);
    g_return_val_if_fail(nothing != NULL && state_player(state) != NULL, -1);
    *nothing = NULL;
    looks = tui_call_looks(state, sight, drunk);
    if (looks->len == 0) {
        *nothing = TUI_CALL_NOTHING;
        return -1;
    }
    for (;;) {
        int key;

        tui_call_draw(state, looks, backdrop, data);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST || key == ' ' || key == '\r' ||
            key == '\n')
            return -1;
        if (key >= 'a' && key < 'a' + (int) looks->len)
            return g_array_index(looks, gint32, key - 'a');
    }
}

/* ---- typing the name ---------------------------------------------------- */

static void tui_call_draw_line(const CavState *state, gint32 look, const GString *name,
                               TuiBackdrop backdrop, gpointer data)
{
    g_autofree char *text =
        g_strdup_printf("Call %s potions: %s_", state->looks[look].appearance, name->str);
    TuiLayout layout;

    backdrop(data);
    if (!tui_screen_big_enough())
        return;
    tui_draw_layout(&layout);
    tui_draw_message_rows(&layout, text, TUI_CALL_HINT);
}

/* Edit @name by @key: Backspace erases the last character, a printable
 * one is added while there is room; other keys do nothing. */
static void tui_call_edit(GString *name, int key)
{
    const char *last;

    if (key == KEY_BACKSPACE || key == 127 || key == '\b') {
        last = g_utf8_find_prev_char(name->str, name->str + name->len);
        g_string_truncate(name, last != NULL ? (gsize) (last - name->str) : 0);
    } else if (key >= 0x20 && key < 0x7f && name->len < CAV_COMMAND_WORD_MAX - 1) {
        g_string_append_c(name, (char) key);
    }
}

gboolean tui_call_ask(const CavState *state, gint32 look, TuiBackdrop backdrop, gpointer data,
                      char name[CAV_COMMAND_WORD_MAX])
{
    g_autoptr(GString) typed = NULL;

    g_return_val_if_fail(state != NULL && backdrop != NULL && name != NULL, FALSE);
    g_return_val_if_fail(look >= 0 && look < state->look_count, FALSE);
    typed = g_string_new(NULL);
    if (strlen(state->looks[look].called) < CAV_COMMAND_WORD_MAX)
        g_string_append(typed, state->looks[look].called);
    for (;;) {
        int key;

        tui_call_draw_line(state, look, typed, backdrop, data);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            return FALSE;
        if (key == '\r' || key == '\n' || key == KEY_ENTER) {
            g_strlcpy(name, typed->str, CAV_COMMAND_WORD_MAX);
            return TRUE;
        }
        tui_call_edit(typed, key);
    }
}
