/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-menu.c — reading lines, and the numbered menus of text mode: an item
 * of the pack for an action, a spell of a book, a creature or a place to
 * aim at, a place to travel to, a level-up bonus, a potion to name, and the
 * yes-or-no questions. Each menu says its choices as "N. choice" lines and
 * reads a number; nothing chosen passes no turn. */
#include "text-private.h"

#include <stdlib.h>
#include <string.h>

#include "messages.h"

char *text_read_line(Text *text)
{
    GString *line;
    gboolean any = FALSE;
    int c;

    if (text->lost || text_signal() != 0 || text->in == NULL) {
        text->lost = TRUE;
        return NULL;
    }
    text_keys_cook(text, TRUE); /* a line is typed as ever, echoed */
    line = g_string_new(NULL);
    /* Kept to TEXT_LINE_MAX bytes, the rest of a longer line read and
     * dropped: an endless line (a stream with no newline) costs no memory. */
    while ((c = getc(text->in)) != EOF && c != '\n') {
        any = TRUE;
        if (line->len < TEXT_LINE_MAX)
            g_string_append_c(line, (char) c);
    }
    text_keys_cook(text, FALSE);
    if (c == EOF && !any) {
        g_string_free(line, TRUE);
        text->lost = TRUE;
        return NULL;
    }
    line->len = strcspn(line->str, "\r"); /* and at a NUL byte */
    line->str[line->len] = '\0';
    return g_string_free(line, FALSE);
}

gint text_menu_ask(Text *text, const char *title, const GPtrArray *choices)
{
    g_autofree char *line = NULL;
    char *end = NULL;
    gint64 number;

    text_say(text, title);
    for (guint i = 0; i < choices->len; i++) {
        g_autofree char *choice = g_strdup_printf("%u. %s", i + 1, (char *) choices->pdata[i]);
        text_say(text, choice);
    }
    line = text_read_line(text);
    if (line == NULL)
        return -1;
    number = g_ascii_strtoll(g_strstrip(line), &end, 10);
    if (line[0] != '\0' && end != NULL && *end == '\0' && number >= 1 &&
        number <= (gint64) choices->len)
        return (gint) number - 1;
    text_say(text, "Cancelled.");
    return -1;
}

/* ---- items ---------------------------------------------------------------- */

static const struct {
    const char *title, *nothing;
    guint32 features; /* the item must have one of these; 0 for any */
} text_menus[TEXT_MENU_COUNT] = {
    [TEXT_MENU_DROP] = {"Drop what?", "You carry nothing.", 0},
    [TEXT_MENU_EAT] = {"Eat what?", "You have nothing to eat.", 1u << CAV_FEATURE_EAT},
    [TEXT_MENU_EQUIP] = {"Wield or wear what? What you have on comes off.",
                         "You have nothing to wield or wear.",
                         (1u << CAV_FEATURE_WIELD) | (1u << CAV_FEATURE_WEAR)},
    [TEXT_MENU_QUAFF] = {"Drink what?", "You have nothing to drink.", 1u << CAV_FEATURE_QUAFF},
    [TEXT_MENU_THROW] = {"Throw what?", "You have nothing to throw.", 1u << CAV_FEATURE_THROW},
    [TEXT_MENU_EXAMINE] = {"Examine what?", "You carry nothing.", 0},
    [TEXT_MENU_READ] = {"Read what?", "You have nothing to read.", 1u << CAV_FEATURE_READ},
};

GArray *text_menu_items(const CavState *state, TextMenuKind kind)
{
    const CavCreature *player = state_player(state);
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(gint32));
    guint32 features = text_menus[kind].features;

    for (int slot = 0; player != NULL && slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, player->pack[slot]);

        if (item != NULL && item->count > 0 && (features == 0 || (item->features & features) != 0))
            g_array_append_val(ids, item->id);
    }
    return ids;
}

/* "a dagger, wielded": an item as a menu says it. Caller frees. */
static char *text_menu_item_words(const CavState *state, const CavItem *item)
{
    const CavCreature *player = state_player(state);
    GString *words = g_string_new(NULL);

    messages_item_name(state, item, item->count, MESSAGES_A, words);
    if (player->weapon == item->id)
        g_string_append(words, ", wielded");
    else if (player->armour == item->id)
        g_string_append(words, ", worn");
    else if (item->rot_turns > 0 && state_item_rotten(state, item))
        g_string_append(words, ", rotten");
    return g_string_free(words, FALSE);
}

gint32 text_menu_item(Text *text, TextMenuKind kind)
{
    g_autoptr(GArray) ids = text_menu_items(text->state, kind);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    gint picked;

    if (ids->len == 0) {
        text_say(text, text_menus[kind].nothing);
        return 0;
    }
    for (guint i = 0; i < ids->len; i++)
        g_ptr_array_add(
            choices, text_menu_item_words(text->state,
                                          state_item(text->state, g_array_index(ids, gint32, i))));
    picked = text_menu_ask(text, text_menus[kind].title, choices);
    return picked < 0 ? 0 : g_array_index(ids, gint32, picked);
}

/* ---- spells --------------------------------------------------------------- */

GPtrArray *text_menu_spells(const CavState *state, const CavItem *book)
{
    GPtrArray *spells = g_ptr_array_new();

    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        if (g_str_equal(state->spells[i].book, book->type))
            g_ptr_array_add(spells, (gpointer) &state->spells[i]);
    return spells;
}

const CavSpell *text_menu_spell(Text *text, const CavItem *book)
{
    g_autoptr(GPtrArray) spells = text_menu_spells(text->state, book);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *title =
        g_strdup_printf("Cast which spell? You have %d mana.", state_player(text->state)->mana);
    gint picked;

    for (guint i = 0; i < spells->len; i++) {
        const CavSpell *spell = spells->pdata[i];
        GString *words = g_string_new(NULL);
        g_string_append_printf(words, "%s, %d mana: ", spell->name, spell->cost);
        messages_spell_words(spell, words);
        g_ptr_array_add(choices, g_string_free(words, FALSE));
    }
    if (spells->len == 0) {
        text_say(text, "The book holds no spell.");
        return NULL;
    }
    picked = text_menu_ask(text, title, choices);
    return picked < 0 ? NULL : spells->pdata[picked];
}

/* ---- aiming and travelling -------------------------------------------------- */

/* "x y" typed as two whole numbers inside the level. */
static gboolean text_menu_cell(const char *line, gint32 *x, gint32 *y)
{
    g_auto(GStrv) parts = g_strsplit_set(line, " ,", -1);
    gint64 values[2];
    guint n = 0;

    for (guint i = 0; parts[i] != NULL; i++) {
        char *end = NULL;
        if (parts[i][0] == '\0')
            continue;
        if (n == 2)
            return FALSE;
        values[n] = g_ascii_strtoll(parts[i], &end, 10);
        if (end == NULL || *end != '\0')
            return FALSE;
        n++;
    }
    if (n != 2 || !world_in_bounds((gint32) values[0], (gint32) values[1]))
        return FALSE;
    *x = (gint32) values[0];
    *y = (gint32) values[1];
    return TRUE;
}

/* Say @title and @choices (of which @cells holds the places, x then y),
 * then read a number, "me" (@self) or "x y". */
static gboolean text_menu_aim(Text *text, const char *title, const GPtrArray *choices,
                              const GArray *cells, gboolean self, gint32 *x, gint32 *y)
{
    const CavCreature *player = state_player(text->state);
    g_autofree char *line = NULL;
    char *end = NULL;
    gint64 number;

    text_say(text, title);
    for (guint i = 0; i < choices->len; i++) {
        g_autofree char *choice = g_strdup_printf("%u. %s", i + 1, (char *) choices->pdata[i]);
        text_say(text, choice);
    }
    if ((line = text_read_line(text)) == NULL)
        return FALSE;
    g_strstrip(line);
    number = g_ascii_strtoll(line, &end, 10);
    if (line[0] != '\0' && *end == '\0' && number >= 1 && number <= (gint64) choices->len) {
        *x = g_array_index(cells, gint32, 2 * (number - 1));
        *y = g_array_index(cells, gint32, 2 * (number - 1) + 1);
        return TRUE;
    }
    if (self && (g_ascii_strcasecmp(line, "me") == 0 || g_ascii_strcasecmp(line, "self") == 0)) {
        *x = player->x;
        *y = player->y;
        return TRUE;
    }
    if (text_menu_cell(line, x, y))
        return TRUE;
    text_say(text, "Cancelled.");
    return FALSE;
}

static void text_menu_add_cell(GArray *cells, gint32 x, gint32 y)
{
    g_array_append_val(cells, x);
    g_array_append_val(cells, y);
}

gboolean text_menu_target(Text *text, const char *title, gboolean self, gint32 *x, gint32 *y)
{
    g_autoptr(GArray) ids = text_menu_targets(text->state, text->sight);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(gint32));
    g_autofree char *full =
        g_strdup_printf("%s Type a number, %sor the x and y of a place (where tells yours).", title,
                        self ? "me, " : "");

    for (guint i = 0; i < ids->len; i++) {
        const CavCreature *c = state_creature(text->state, g_array_index(ids, gint32, i));
        GString *words = g_string_new(NULL);
        text_ask_creature(text->state, c, words);
        g_ptr_array_add(choices, g_string_free(words, FALSE));
        text_menu_add_cell(cells, c->x, c->y);
    }
    return text_menu_aim(text, full, choices, cells, self, x, y);
}

/* Add the nearest @tile (text_ask_place()) as a choice named @name. */
static void text_menu_add_place(Text *text, CavTile tile, const char *name, GPtrArray *choices,
                                GArray *cells)
{
    const CavCreature *player = state_player(text->state);
    GString *words;
    gint32 x, y;

    if (!text_ask_place(text->state, text->sight, tile, &x, &y))
        return;
    words = g_string_new(name);
    g_string_append(words, ", ");
    text_ask_direction(x - player->x, y - player->y, words);
    g_ptr_array_add(choices, g_string_free(words, FALSE));
    text_menu_add_cell(cells, x, y);
}

gboolean text_menu_place(Text *text, gint32 *x, gint32 *y)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) cells = g_array_new(FALSE, FALSE, sizeof(gint32));

    text_menu_add_place(text, TILE_STAIRS_DOWN, "the nearest stairs down", choices, cells);
    text_menu_add_place(text, TILE_STAIRS_UP,
                        player->z == 0 ? "the way out of the caves" : "the nearest stairs up",
                        choices, cells);
    text_menu_add_place(text, TILE_OUTSIDE, "the nearest unexplored place", choices, cells);
    return text_menu_aim(text, "Travel where? Type a number, or the x and y of a place.", choices,
                         cells, FALSE, x, y);
}

/* ---- questions -------------------------------------------------------------- */

gboolean text_menu_yes(Text *text, const char *question)
{
    g_autofree char *full = g_strdup_printf("%s Yes or no?", question);
    g_autofree char *line = NULL;

    text_say(text, full);
    line = text_read_line(text);
    if (line == NULL)
        return FALSE;
    g_strstrip(line);
    return g_ascii_strcasecmp(line, "y") == 0 || g_ascii_strcasecmp(line, "yes") == 0;
}

/* "30 hp", "1 hp every 10 turns": a creature's number a bonus raises. */
static void text_menu_bonus_value(const CavCreature *player, CavBonus bonus, gint32 extra,
                                  GString *out)
{
    switch (bonus) {
    case CAV_BONUS_MAX_HP:
        g_string_append_printf(out, "%d hp", player->max_hp + extra);
        break;
    case CAV_BONUS_MAX_MANA:
        g_string_append_printf(out, "%d mana", player->max_mana + extra);
        break;
    case CAV_BONUS_ATTACK:
        g_string_append_printf(out, "%d", player->attack + extra);
        break;
    case CAV_BONUS_DEFENSE:
        g_string_append_printf(out, "%d", player->defense + extra);
        break;
    case CAV_BONUS_VISION:
        messages_count(player->vision + extra, "cell", out);
        break;
    case CAV_BONUS_HP_REGEN:
        messages_regen_words(player->hp_regen + extra, "hp", out);
        break;
    case CAV_BONUS_MANA_REGEN:
        messages_regen_words(player->mana_regen + extra, "mana", out);
        break;
    case CAV_BONUS_COUNT:
    default:
        break;
    }
}

gint text_menu_bonus(Text *text)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *title =
        g_strdup_printf("Level %d! Choose a bonus: type its number.", state_bonus_level(player));

    for (;;) {
        gint picked;

        g_ptr_array_set_size(choices, 0);
        for (int bonus = 0; bonus < CAV_BONUS_COUNT; bonus++) {
            gint32 amount = content_rules(text->content)->bonus[bonus];
            GString *words = g_string_new(NULL);
            g_string_append_printf(words, "%+d %s: now ", amount,
                                   content_bonus_words((CavBonus) bonus));
            text_menu_bonus_value(player, (CavBonus) bonus, 0, words);
            g_string_append(words, ", after ");
            text_menu_bonus_value(player, (CavBonus) bonus, amount, words);
            g_ptr_array_add(choices, g_string_free(words, FALSE));
        }
        picked = text_menu_ask(text, title, choices);
        if (picked >= 0 || text->lost)
            return picked;
    }
}

/* ---- naming potions and examining items --------------------------------- */

void text_note_drunk(guint32 *drunk, const CavState *state, const CavView *view,
                     const CavEvent *event)
{
    const CavItem *item;
    const CavCreature *drinker;
    const CavPotionLook *look;

    g_return_if_fail(drunk != NULL && state != NULL && view != NULL && event != NULL);
    if (event->type != CAV_EVENT_ITEM_QUAFFED)
        return;
    item = state_item(state, event->as.ItemQuaffed.item);
    drinker = state_creature(state, event->as.ItemQuaffed.creature);
    look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
    if (look == NULL || drinker == NULL || look - state->looks >= CAV_POTION_KINDS_MAX)
        return;
    if (drinker->id == state->player || view_sees(view, drinker->z, drinker->x, drinker->y))
        *drunk |= 1u << (look - state->looks);
}

/* Whether the call menu lists look @i: the player does not know it, or
 * named it. */
static gboolean text_menu_callable(const CavState *state, gint32 i)
{
    return (state_player(state)->known & (1u << i)) == 0 || state->looks[i].called[0] != '\0';
}

GArray *text_menu_looks(const CavState *state, const CavView *view, guint32 drunk)
{
    const CavCreature *player = state_player(state);
    GArray *looks = g_array_new(FALSE, FALSE, sizeof(gint32));
    guint32 seen = drunk;

    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);
        const CavPotionLook *look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
        if (look == NULL || item->count <= 0)
            continue;
        if (item->holder == player->id ||
            (item->holder == 0 && view_sees(view, item->z, item->x, item->y)))
            seen |= 1u << (look - state->looks);
    }
    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++)
        if ((seen & (1u << i)) != 0 && text_menu_callable(state, i))
            g_array_append_val(looks, i);
    return looks;
}

gboolean text_menu_call(Text *text, CavCommand *command)
{
    g_autoptr(GArray) looks = text_menu_looks(text->state, text->sight, text->drunk);
    g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *name = NULL;
    const CavPotionLook *look;
    gint picked;

    if (looks->len == 0) {
        text_say(text, "You have seen no potion you do not know.");
        return FALSE;
    }
    for (guint i = 0; i < looks->len; i++) {
        const CavPotionLook *each = &text->state->looks[g_array_index(looks, gint32, i)];
        g_ptr_array_add(
            choices, each->called[0] != '\0'
                         ? g_strdup_printf("%s potion, called %s", each->appearance, each->called)
                         : g_strdup_printf("%s potion", each->appearance));
    }
    if ((picked = text_menu_ask(text, "Call which potions by a name?", choices)) < 0)
        return FALSE;
    look = &text->state->looks[g_array_index(looks, gint32, picked)];
    text_say(text, "Type the name (an empty line forgets it).");
    if ((name = text_read_line(text)) == NULL)
        return FALSE;
    *command = command_name(look->appearance, g_strstrip(name));
    return TRUE;
}

void text_menu_examine(Text *text, const CavItem *item)
{
    g_autoptr(GString) line = g_string_new(NULL);

    messages_item_name(text->state, item, item->count, MESSAGES_A, line);
    g_string_append_c(line, '.');
    if (item->attack != 0)
        g_string_append_printf(line, " Attack %+d.", item->attack);
    if (item->defense != 0)
        g_string_append_printf(line, " Defense %+d.", item->defense);
    if (item->thrown != 0)
        g_string_append_printf(line, " Thrown, it hurts for %d.", item->thrown);
    if (item->ranged != 0)
        g_string_append_printf(line, " It shoots for %d.", item->ranged);
    if (item->food != 0)
        g_string_append_printf(line, " Food %d.", item->food);
    if (item->rot_turns > 0 && state_item_rotten(text->state, item))
        g_string_append(line, " It is rotten.");
    text_say(text, line->str);
    if ((item->features & (1u << CAV_FEATURE_READ)) != 0) {
        g_autoptr(GPtrArray) spells = text_menu_spells(text->state, item);
        for (guint i = 0; i < spells->len; i++) {
            const CavSpell *spell = spells->pdata[i];
            g_autoptr(GString) words = g_string_new(NULL);
            g_string_append_printf(words, "Spell %s, %d mana: ", spell->name, spell->cost);
            messages_spell_words(spell, words);
            text_say(text, words->str);
        }
    }
}
