/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-items.c — the player's pack on screen: the lettered menus that pick an
 * item for an action (drop, eat, wear or wield, drink, throw, examine, read),
 * filtered by what the action can use, and the examine panel. Items are
 * named as the player knows them ("a cyan potion"). A letter is the item's
 * pack slot; a hard stack is one line with a count; a soft stack (corpses of one
 * kind) is one folded line that its letter unfolds. No menu passes a turn. */
#include "tui-private.h"

#include <string.h>

#include "messages.h"
#include "rules.h"

/* One line of a menu: an item, or a folded soft stack of @members items
 * whose first (lowest letter) is @item. */
typedef struct {
    gint32 item;
    int slot;
    int members;
} TuiMenuLine;

typedef struct {
    const char *title;   /* the question */
    const char *nothing; /* what the player is told when nothing fits */
    guint32 features;    /* the item must have one of these; 0 for any */
} TuiMenuSpec;

static const TuiMenuSpec tui_menus[] = {
    [TUI_MENU_DROP] = {.title = "Drop what?", .nothing = "You carry nothing.", .features = 0},
    [TUI_MENU_EAT] = {.title = "Eat what?",
                      .nothing = "You have nothing to eat.",
                      .features = 1u << CAV_FEATURE_EAT},
    [TUI_MENU_EQUIP] = {.title = "Wield or wear what? (what you have on comes off)",
                        .nothing = "You have nothing to wield or wear.",
                        .features = (1u << CAV_FEATURE_WIELD) | (1u << CAV_FEATURE_WEAR)},
    [TUI_MENU_QUAFF] = {.title = "Drink what?",
                        .nothing = "You have nothing to drink.",
                        .features = 1u << CAV_FEATURE_QUAFF},
    [TUI_MENU_THROW] = {.title = "Throw what?",
                        .nothing = "You have nothing to throw.",
                        .features = 1u << CAV_FEATURE_THROW},
    [TUI_MENU_EXAMINE] = {.title = "Examine what?", .nothing = "You carry nothing.", .features = 0},
    [TUI_MENU_READ] = {.title = "Read what?",
                       .nothing = "You have nothing to read.",
                       .features = 1u << CAV_FEATURE_READ},
};

static gboolean tui_menu_fits(const CavItem *item, TuiMenuKind kind)
{
    guint32 features = tui_menus[kind].features;

    return item != NULL && item->count > 0 && (features == 0 || (item->features & features) != 0);
}

/* What folds @item with others: its name, and whether it has rotted (a
 * rotten corpse never folds in with fresh ones). Caller frees. */
static char *tui_fold_key(const CavState *state, const CavItem *item)
{
    return g_strdup_printf("%s%s", state_item_rotten(state, item) ? "rotten " : "", item->name);
}

/* Turns until @item rots (0 once it has; G_MAXINT32 when it never does). */
static gint32 tui_item_fresh_for(const CavState *state, const CavItem *item)
{
    if (item->rot_turns <= 0)
        return G_MAXINT32;
    return MAX(item->born + item->rot_turns - state->turn, 0);
}

/* The folded line of @item's soft stack in @lines, or NULL. */
static TuiMenuLine *tui_menu_fold_of(GArray *lines, const CavState *state, const CavItem *item)
{
    g_autofree char *key = tui_fold_key(state, item);

    for (guint i = 0; i < lines->len; i++) {
        TuiMenuLine *line = &g_array_index(lines, TuiMenuLine, i);
        const CavItem *first = state_item(state, line->item);
        g_autofree char *first_key = tui_fold_key(state, first);
        if (first->stack == CAV_STACK_SOFT && strcmp(first_key, key) == 0)
            return line;
    }
    return NULL;
}

/* Fold @item (in pack slot @slot) into @fold. The folded line keeps the
 * letter of the member that rots last, so that eating the others (the
 * ones that rot first) leaves the stack under the letter it had. */
static void tui_menu_fold_in(TuiMenuLine *fold, const CavState *state, const CavItem *item,
                             int slot)
{
    const CavItem *keeper = state_item(state, fold->item);

    fold->members++;
    if (tui_item_fresh_for(state, item) > tui_item_fresh_for(state, keeper)) {
        fold->item = item->id;
        fold->slot = slot;
    }
}

/* The menu's lines: the pack in slot order, soft stacks folded unless their
 * fold key (tui_fold_key()) is in @unfolded. */
static GArray *tui_menu_lines(const CavState *state, TuiMenuKind kind, GPtrArray *unfolded)
{
    const CavCreature *player = state_player(state);
    GArray *lines = g_array_new(FALSE, FALSE, sizeof(TuiMenuLine));

    for (int slot = 0; player != NULL && slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, player->pack[slot]);
        TuiMenuLine line = {.slot = slot, .members = 1};
        TuiMenuLine *fold = NULL;

        if (!tui_menu_fits(item, kind))
            continue;
        line.item = item->id;
        if (item->stack == CAV_STACK_SOFT) {
            g_autofree char *key = tui_fold_key(state, item);
            if (!g_ptr_array_find_with_equal_func(unfolded, key, g_str_equal, NULL))
                fold = tui_menu_fold_of(lines, state, item);
        }
        if (fold != NULL)
            tui_menu_fold_in(fold, state, item, slot);
        else
            g_array_append_val(lines, line);
    }
    return lines;
}

/* "wielded", "rotten"…: what the player should know beside the name. */
static void tui_item_notes(const CavState *state, const CavItem *item, GString *out)
{
    const CavCreature *player = state_player(state);

    if (player != NULL && player->weapon == item->id)
        g_string_append(out, " (wielded)");
    else if (player != NULL && player->armour == item->id)
        g_string_append(out, " (worn)");
    if (item->rot_turns > 0 && state_item_rotten(state, item)) {
        g_string_append(out, " (rotten)");
    } else if (item->rot_turns > 0) {
        g_string_append(out, " (fresh for ");
        messages_count(tui_item_fresh_for(state, item), "turn", out);
        g_string_append_c(out, ')');
    }
}

/* "3 rotten bat corpses", "2 bat corpses (fresh)": a folded soft stack. */
static void tui_fold_text(const CavState *state, const TuiMenuLine *line, const char *name,
                          GString *out)
{
    const CavItem *item = state_item(state, line->item);
    gboolean rotten = state_item_rotten(state, item);

    g_string_append_printf(out, "%d %s", line->members, rotten ? "rotten " : "");
    messages_plural(name, out);
    if (item->rot_turns > 0 && !rotten)
        g_string_append(out, " (fresh)");
    g_string_append_printf(out, "  (%c: show each)", 'a' + line->slot);
}

static char *tui_menu_text(const CavState *state, const TuiMenuLine *line)
{
    const CavItem *item = state_item(state, line->item);
    GString *text = g_string_new(NULL);

    g_autoptr(GString) name = g_string_new(NULL);

    state_item_name_for(state, state_player(state), item, name);
    g_string_append_printf(text, "%c - ", 'a' + line->slot);
    if (line->members > 1) {
        tui_fold_text(state, line, name->str, text);
        return g_string_free(text, FALSE);
    }
    if (item->count > 1) {
        g_string_append_printf(text, "%d ", item->count);
        messages_plural(name->str, text);
    } else {
        g_string_append(text, name->str);
    }
    tui_item_notes(state, item, text);
    return g_string_free(text, FALSE);
}

static void tui_menu_draw(const CavState *state, TuiMenuKind kind, const GArray *lines,
                          TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GPtrArray) text = g_ptr_array_new_with_free_func(g_free);

    backdrop(data);
    if (!tui_screen_big_enough())
        return;
    g_ptr_array_add(text, g_strdup(tui_menus[kind].title));
    for (guint i = 0; i < lines->len; i++)
        g_ptr_array_add(text, tui_menu_text(state, &g_array_index(lines, TuiMenuLine, i)));
    g_ptr_array_add(text, g_strdup("A letter chooses; Esc closes."));
    tui_panels_box((const char *const *) text->pdata, text->len);
}

/* The item in slot @key of the pack if it fits the menu (one folded away
 * in a soft stack can be picked by its own letter too), or 0. */
static gint32 tui_menu_slot_item(const CavState *state, TuiMenuKind kind, int key)
{
    const CavCreature *player = state_player(state);
    const CavItem *item;

    if (player == NULL || key < 'a' || key >= 'a' + CAV_PACK_SLOTS)
        return 0;
    item = state_item(state, player->pack[key - 'a']);
    return tui_menu_fits(item, kind) ? item->id : 0;
}

/* The line whose letter is @key, or NULL. */
static const TuiMenuLine *tui_menu_line_of(const GArray *lines, int key)
{
    for (guint i = 0; i < lines->len; i++) {
        const TuiMenuLine *line = &g_array_index(lines, TuiMenuLine, i);
        if (key == 'a' + line->slot)
            return line;
    }
    return NULL;
}

gint32 tui_menu_pick(const CavState *state, TuiMenuKind kind, TuiBackdrop backdrop, gpointer data,
                     const char **nothing)
{
    g_autoptr(GPtrArray) unfolded = g_ptr_array_new_with_free_func(g_free);

    g_return_val_if_fail(state != NULL && backdrop != NULL && kind < G_N_ELEMENTS(tui_menus), 0);
    *nothing = NULL;
    for (;;) {
        g_autoptr(GArray) lines = tui_menu_lines(state, kind, unfolded);
        const TuiMenuLine *line;
        int key;

        if (lines->len == 0) {
            *nothing = tui_menus[kind].nothing;
            return 0;
        }
        tui_menu_draw(state, kind, lines, backdrop, data);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST || key == ' ' || key == '\r' ||
            key == '\n')
            return 0;
        line = tui_menu_line_of(lines, key);
        if (line != NULL && line->members > 1)
            g_ptr_array_add(unfolded, tui_fold_key(state, state_item(state, line->item)));
        else if (tui_menu_slot_item(state, kind, key) != 0)
            return tui_menu_slot_item(state, kind, key);
    }
}

/* ---- the pack ----------------------------------------------------------- */

/* The pack panel's lines: a title with the slots used and the food in the
 * player's belly, an item a line (as the menus write them, soft stacks
 * folded unless in @unfolded), and the hint. */
static GPtrArray *tui_pack_text(const CavState *state, GPtrArray *unfolded)
{
    const CavCreature *player = state_player(state);
    g_autoptr(GArray) lines = tui_menu_lines(state, TUI_MENU_EXAMINE, unfolded);
    GPtrArray *text = g_ptr_array_new_with_free_func(g_free);
    gboolean folded = FALSE;

    g_ptr_array_add(text, g_strdup_printf("Your pack (%d of %d slots used); food %d of %d",
                                          player != NULL ? state_pack_used(player) : 0,
                                          CAV_PACK_SLOTS, player != NULL ? player->food : 0,
                                          player != NULL ? player->max_food : 0));
    if (lines->len == 0)
        g_ptr_array_add(text, g_strdup("You carry nothing."));
    for (guint i = 0; i < lines->len; i++) {
        const TuiMenuLine *line = &g_array_index(lines, TuiMenuLine, i);
        folded = folded || line->members > 1;
        g_ptr_array_add(text, tui_menu_text(state, line));
    }
    g_ptr_array_add(text,
                    g_strdup(folded ? "A stack's letter shows each; Esc closes." : "Esc closes."));
    return text;
}

void tui_items_pack(const CavState *state, TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GPtrArray) unfolded = g_ptr_array_new_with_free_func(g_free);
    int key;

    g_return_if_fail(state != NULL && backdrop != NULL);
    for (;;) {
        g_autoptr(GPtrArray) text = tui_pack_text(state, unfolded);
        g_autoptr(GArray) lines = tui_menu_lines(state, TUI_MENU_EXAMINE, unfolded);
        const TuiMenuLine *line;

        key = tui_panels_show((const char *const *) text->pdata, text->len, backdrop, data);
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST || key == ' ' || key == '\r' ||
            key == '\n' || key == 'i')
            return;
        line = tui_menu_line_of(lines, key);
        if (line != NULL && line->members > 1)
            g_ptr_array_add(unfolded, tui_fold_key(state, state_item(state, line->item)));
    }
}

/* ---- examine ------------------------------------------------------------ */

/* Room for the text of a panel's line at 80 columns. */
#define TUI_EXAMINE_WIDTH 72

static void tui_examine_numbers(const CavState *state, const CavContent *content,
                                const CavItem *item, GString *out)
{
    const struct {
        const char *label;
        gint32 value;
    } numbers[] = {
        {.label = "attack", .value = item->attack},
        {.label = "defense", .value = item->defense},
        {.label = "thrown", .value = item->thrown},
        {.label = "ranged", .value = item->ranged},
        {.label = "food", .value = rules_food_value(state, content, item)},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(numbers); i++)
        if (numbers[i].value != 0)
            g_string_append_printf(out, "%s%s %d", out->len > 0 ? "   " : "", numbers[i].label,
                                   numbers[i].value);
    if (out->len == 0)
        g_string_append(out, "no numbers to speak of");
}

/* Add @text to @lines, wrapped to the panel's width, each line after the
 * first indented by @indent spaces. */
static void tui_examine_add(GPtrArray *lines, const char *text, int indent)
{
    g_autoptr(GPtrArray) wrapped = tui_screen_wrap(text, TUI_EXAMINE_WIDTH - indent);

    for (guint i = 0; i < wrapped->len; i++)
        g_ptr_array_add(lines, g_strdup_printf("%*s%s", i > 0 ? indent : 0, "",
                                               (const char *) wrapped->pdata[i]));
}

/* What a potion the player knows does: "It gives +15 hp." */
static void tui_examine_potion(const CavState *state, const CavItem *item, GPtrArray *lines)
{
    const CavPotionLook *look = state_look_of_kind(state, item->type);
    g_autoptr(GString) text = g_string_new("Drunk, it gives ");

    if (look == NULL)
        return;
    if (!state_knows_item(state, state_player(state), item)) {
        tui_examine_add(lines, "You do not know what it is; c calls potions like it by a name.", 0);
        return;
    }
    messages_effect_words(&look->spec, text);
    g_string_append_c(text, '.');
    tui_examine_add(lines, text->str, 0);
}

/* The spells a book holds, each with its cost and what it does. */
static void tui_examine_book(const CavState *state, const CavItem *item, GPtrArray *lines)
{
    gboolean any = FALSE;

    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++) {
        const CavSpell *spell = &state->spells[i];
        g_autoptr(GString) text = g_string_new(NULL);

        if (!g_str_equal(spell->book, item->type))
            continue;
        if (!any)
            g_ptr_array_add(lines, g_strdup("Its spells:"));
        any = TRUE;
        g_string_append_printf(text, "  %s (%d mana): ", spell->name, spell->cost);
        messages_spell_words(spell, text);
        tui_examine_add(lines, text->str, 4);
    }
}

/* "Tags: weapon, blade" from the bits. */
static char *tui_examine_names(const char *label, guint32 bits, gboolean tags)
{
    char names[CAV_STR_MAX * 4];
    g_auto(GStrv) split = NULL;
    g_autofree char *listed = NULL;

    if (tags)
        content_tags_to_names(bits, names, sizeof names);
    else
        content_features_to_names(bits, names, sizeof names);
    split = g_strsplit(names, ";", -1);
    listed = g_strjoinv(", ", split);
    return g_strdup_printf("%s: %s", label, listed[0] != '\0' ? listed : "none");
}

static char *tui_examine_freshness(const CavState *state, const CavItem *item)
{
    gint32 left = item->born + item->rot_turns - state->turn;

    if (item->rot_turns <= 0)
        return g_strdup("It keeps.");
    if (state_item_rotten(state, item))
        return g_strdup("It is rotten: eating it will make you sick.");
    return g_strdup_printf("Fresh: it rots in %d turn%s.", left, left == 1 ? "" : "s");
}

static char *tui_examine_title(const CavState *state, const CavItem *item)
{
    g_autoptr(GString) title = g_string_new(NULL);
    g_autoptr(GString) name = g_string_new(NULL);

    if (state_item_rotten(state, item))
        g_string_append(name, "rotten ");
    state_item_name_for(state, state_player(state), item, name);
    if (item->count > 1) {
        g_string_append_printf(title, "%d ", item->count);
        messages_plural(name->str, title);
    } else {
        g_string_append(title, name->str);
    }
    title->str[0] = g_ascii_toupper(title->str[0]);
    return g_string_free(g_steal_pointer(&title), FALSE);
}

/* "You wield it." / "You wear it." / NULL. */
static const char *tui_examine_worn(const CavState *state, const CavItem *item)
{
    const CavCreature *player = state_player(state);

    if (player != NULL && player->weapon == item->id)
        return "You wield it.";
    if (player != NULL && player->armour == item->id)
        return "You wear it.";
    return NULL;
}

int tui_items_examine(const CavState *state, const CavContent *content, const CavItem *item,
                      TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GString) numbers = g_string_new(NULL);
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    const char *worn;

    g_return_val_if_fail(state != NULL && content != NULL && item != NULL && backdrop != NULL,
                         TUI_KEY_LOST);
    tui_examine_numbers(state, content, item, numbers);
    worn = tui_examine_worn(state, item);
    g_ptr_array_add(lines, tui_examine_title(state, item));
    g_ptr_array_add(lines, g_strdup(numbers->str));
    g_ptr_array_add(lines, tui_examine_names("Tags", item->tags, TRUE));
    g_ptr_array_add(lines, tui_examine_names("Uses", item->features, FALSE));
    if (item->rot_turns > 0)
        g_ptr_array_add(lines, tui_examine_freshness(state, item));
    if (worn != NULL)
        g_ptr_array_add(lines, g_strdup(worn));
    tui_examine_potion(state, item, lines);
    tui_examine_book(state, item, lines);
    g_ptr_array_add(lines, g_strdup("Press any key."));
    return tui_panels_show((const char *const *) lines->pdata, lines->len, backdrop, data);
}
