/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-spells.c — the spells of a book on screen: a lettered menu of the
 * spells the game's book of that type holds, each with its mana cost and
 * what it does, those the player cannot afford greyed out. Picking one is not yet casting it:
 * the play loop asks for the target and the rules decide. */
#include "tui-private.h"

#include "messages.h"

/* The spells @book holds, in the game's order (borrowed CavSpell pointers). */
static GPtrArray *tui_spells_of(const CavState *state, const CavItem *book)
{
    GPtrArray *spells = g_ptr_array_new();

    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        if (g_str_equal(state->spells[i].book, book->type))
            g_ptr_array_add(spells, (gpointer) &state->spells[i]);
    return spells;
}

static char *tui_spells_title(const CavState *state, const CavItem *book)
{
    const CavCreature *player = state_player(state);
    g_autoptr(GString) name = g_string_new(NULL);

    state_item_name_for(state, player, book, name);
    return g_strdup_printf("Cast which spell from the %s? (you have %d mana)", name->str,
                           player->mana);
}

/* Room for a spell's words at 80 columns, after the indent. */
#define TUI_SPELLS_WIDTH 66
#define TUI_SPELLS_INDENT "      "

/* Add a line to the menu, greyed out when @dim. */
static void tui_spells_add(GPtrArray *text, GArray *dimmed, char *line, gboolean dim)
{
    g_ptr_array_add(text, line);
    g_array_append_val(dimmed, dim);
}

/* Spell @index's lines: its letter, name and cost, then what it does. */
static void tui_spells_lines(const CavSpell *spell, int index, gboolean dim, GPtrArray *text,
                             GArray *dimmed)
{
    g_autoptr(GString) words = g_string_new(NULL);
    g_autoptr(GPtrArray) wrapped = NULL;

    tui_spells_add(text, dimmed,
                   g_strdup_printf("%c - %-20s %3d mana", 'a' + index, spell->name, spell->cost),
                   dim);
    messages_spell_words(spell, words);
    wrapped = tui_screen_wrap(words->str, TUI_SPELLS_WIDTH);
    for (guint i = 0; i < wrapped->len; i++)
        tui_spells_add(text, dimmed,
                       g_strdup_printf(TUI_SPELLS_INDENT "%s", (const char *) wrapped->pdata[i]),
                       dim);
}

static void tui_spells_draw(const CavState *state, const CavItem *book, const GPtrArray *spells,
                            TuiBackdrop backdrop, gpointer data)
{
    const CavCreature *player = state_player(state);
    g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) dimmed = g_array_new(FALSE, TRUE, sizeof(gboolean));

    backdrop(data);
    if (!tui_screen_big_enough())
        return;
    tui_spells_add(text, dimmed, tui_spells_title(state, book), FALSE);
    for (guint i = 0; i < spells->len; i++) {
        const CavSpell *spell = spells->pdata[i];
        tui_spells_lines(spell, (int) i, spell->cost > player->mana, text, dimmed);
    }
    tui_spells_add(text, dimmed,
                   g_strdup("A letter chooses (greyed: not enough mana); Esc closes."), FALSE);
    tui_panels_box_dimmed((const char *const *) text->pdata, text->len,
                          (const gboolean *) (gpointer) dimmed->data);
}

const CavSpell *tui_spells_pick(const CavState *state, const CavItem *book, TuiBackdrop backdrop,
                                gpointer data)
{
    g_autoptr(GPtrArray) spells = NULL;

    g_return_val_if_fail(state != NULL && book != NULL && backdrop != NULL, NULL);
    g_return_val_if_fail(state_player(state) != NULL, NULL);
    spells = tui_spells_of(state, book);
    if (spells->len == 0)
        return NULL;
    for (;;) {
        int key;

        tui_spells_draw(state, book, spells, backdrop, data);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST || key == ' ' || key == '\r' ||
            key == '\n')
            return NULL;
        if (key >= 'a' && key < 'a' + (int) spells->len)
            return spells->pdata[key - 'a'];
    }
}
