/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-describe.c — the entity panel's words: a creature with its mana, the
 * effects on it and the potions it knows (with the event that taught each),
 * an item with what drinking or reading it does, and the names of potions,
 * which differ between the truth and the player's view. Reads the history's
 * current state, and the events that taught a creature through the timeline. */
#include "cav-describe.h"

#include <string.h>

/* ---- names ------------------------------------------------------------------- */

void cav_describe_name(const History *history, gboolean truth, CavRefKind kind, gint32 id,
                       GString *out)
{
    const CavState *state;
    const CavItem *item;

    g_return_if_fail(history != NULL && out != NULL);
    state = history_state(history);
    item = kind == CAV_REF_ITEM ? state_item(state, id) : NULL;
    if (truth || item == NULL || state_look_of_kind(state, item->type) == NULL) {
        history_append_name(history, kind, id, out);
        return;
    }
    state_item_name_for(state, state_player(state), item, out);
    g_string_append_printf(out, " %" G_GINT32_FORMAT, id);
}

void cav_describe_link(const History *history, gboolean truth, CavRefKind kind, gint32 id,
                       GString *out)
{
    g_autoptr(GString) name = g_string_new(NULL);
    g_autofree char *escaped = NULL;

    g_return_if_fail(history != NULL && out != NULL);
    cav_describe_name(history, truth, kind, id, name);
    escaped = g_markup_escape_text(name->str, -1);
    if (id == 0)
        g_string_append(out, escaped);
    else
        g_string_append_printf(out, "<a href=\"%s:%d\">%s</a>",
                               kind == CAV_REF_ITEM ? "item" : "creature", id, escaped);
}

void cav_describe_place(const History *history, gint32 z, gint32 x, gint32 y, gint32 holder,
                        GString *out)
{
    g_return_if_fail(history != NULL && out != NULL);
    if (holder != 0) {
        g_string_append(out, "carried by ");
        history_append_name(history, CAV_REF_CREATURE, holder, out);
    } else {
        g_string_append_printf(out, "depth %d (%d,%d)", z + 1, x, y);
    }
}

/* ---- effects ----------------------------------------------------------------- */

/* ", " before every part but the first. */
static void part(GString *out, gsize start)
{
    if (out->len > start)
        g_string_append(out, ", ");
}

/* "+5" or "−5" (a real minus sign). */
static void append_signed(GString *out, gint32 value)
{
    if (value < 0)
        g_string_append_printf(out, "−%d", -value);
    else
        g_string_append_printf(out, "+%d", value);
}

static void append_change(GString *out, gsize start, gint32 value, const char *what)
{
    if (value == 0)
        return;
    part(out, start);
    append_signed(out, value);
    g_string_append_printf(out, " %s", what);
}

void cav_describe_spec(const CavEffectSpec *spec, GString *out)
{
    gsize start;

    g_return_if_fail(spec != NULL && out != NULL);
    start = out->len;
    append_change(out, start, spec->turn_hp, "hp a turn");
    if (spec->turn_hp != 0 && spec->turn_chance < 100)
        g_string_append_printf(out, " (%d%% of turns)", spec->turn_chance);
    append_change(out, start, spec->attack, "attack");
    append_change(out, start, spec->defense, "defense");
    append_change(out, start, spec->vision, "vision");
    append_change(out, start, spec->hp_regen, "‰ hp regeneration");
    append_change(out, start, spec->mana_regen, "‰ mana regeneration");
    append_change(out, start, spec->hp, "hp at once");
    append_change(out, start, spec->mana, "mana at once");
    append_change(out, start, spec->xp_per_level, "xp per level at once");
    if (spec->detect > 0) {
        part(out, start);
        g_string_append(out, "perceives every creature on its depth");
    }
    if (out->len == start)
        g_string_append(out, "no change");
}

void cav_describe_effect(const CavState *state, const CavEffect *effect, GString *out)
{
    const CavItem *potion;

    g_return_if_fail(state != NULL && effect != NULL && out != NULL);
    potion = state_item(state, effect->item);
    if (effect->name[0] != '\0')
        g_string_append(out, effect->name);
    else if (potion != NULL)
        g_string_append(out, potion->type);
    else
        g_string_append_printf(out, "effect %d", effect->id);
    g_string_append_printf(out, " — %d turn%s left, ", effect->remaining,
                           effect->remaining == 1 ? "" : "s");
    cav_describe_spec(&effect->spec, out);
}

/* ---- a creature -------------------------------------------------------------- */

static void append_escaped(GString *out, const char *text)
{
    g_autofree char *escaped = g_markup_escape_text(text, -1);

    g_string_append(out, escaped);
}

/* "attack 25 · defense 10 · vision 11 (effects: +5 attack, +3 vision)" */
static void append_fighting(const CavState *state, const CavCreature *c, GString *out)
{
    g_autoptr(GString) from_effects = g_string_new(NULL);

    g_string_append_printf(out, "attack %d · defense %d · vision %d", state_attack(state, c),
                           state_defense(state, c), state_vision(c));
    append_change(from_effects, 0, c->effect_attack, "attack");
    append_change(from_effects, 0, c->effect_defense, "defense");
    append_change(from_effects, 0, c->effect_vision, "vision");
    if (from_effects->len > 0)
        g_string_append_printf(out, " (effects: %s)", from_effects->str);
    g_string_append_c(out, '\n');
}

static void append_effects(const History *history, gboolean truth, const CavCreature *c,
                           GString *out)
{
    const CavState *state = history_state(history);
    guint shown = 0;

    g_string_append(out, "<b>Effects</b>");
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = state_effect(state, id);
        g_autoptr(GString) text = g_string_new(NULL);

        if (effect == NULL || !effect->active || effect->creature != c->id)
            continue;
        cav_describe_effect(state, effect, text);
        g_string_append(out, "\n  ");
        append_escaped(out, text->str);
        if (effect->item != 0) {
            g_string_append(out, " · from ");
            cav_describe_link(history, truth, CAV_REF_ITEM, effect->item, out);
        }
        shown++;
    }
    g_string_append(out, shown == 0 ? " none\n" : "\n");
}

/* The event that taught a creature one look: ItemIdentified @seq of @turn. */
typedef struct {
    gint64 seq; /* 0: not found (the file does not say) */
    gint32 turn;
    char how[CAV_STR_MAX];
} Lesson;

/* For each look @c knows at the history's current event, the ItemIdentified
 * that taught it (one per creature and look), searched backward from there
 * until every known look has its lesson. */
static void find_lessons(CavTimeline *timeline, const CavCreature *c,
                         Lesson lessons[CAV_POTION_KINDS_MAX])
{
    History *history = cav_timeline_get_history(timeline);
    const CavState *state = history_state(history);
    guint32 missing = c->known;

    for (gint64 seq = state->last_seq; seq >= 1 && missing != 0; seq--) {
        const HistoryEntry *entry = history_entry(history, seq);
        const CavEvent *event;
        gint32 look;

        if (entry->type != CAV_EVENT_ITEM_IDENTIFIED ||
            !history_entry_names(entry, CAV_REF_CREATURE, c->id))
            continue;
        event = cav_timeline_event(timeline, seq);
        if (event == NULL || event->as.ItemIdentified.creature != c->id)
            continue;
        look = state_look_index(state, event->as.ItemIdentified.appearance);
        if (look < 0 || look >= 32 || (missing & (1u << look)) == 0)
            continue;
        missing &= ~(1u << look);
        lessons[look].seq = seq;
        lessons[look].turn = event->turn;
        g_strlcpy(lessons[look].how, event->as.ItemIdentified.how, sizeof lessons[look].how);
    }
}

/* One line a look: "red → potion of health, since #57 (turn 1): saw one drunk". */
static void append_known(CavTimeline *timeline, const CavCreature *c, GString *out)
{
    const CavState *state = history_state(cav_timeline_get_history(timeline));
    g_autofree Lesson *lessons = g_new0(Lesson, CAV_POTION_KINDS_MAX);
    guint shown = 0;

    find_lessons(timeline, c, lessons);
    g_string_append(out, "<b>Knows</b>");
    for (gint32 i = 0; i < state->look_count && i < 32; i++) {
        g_autofree char *line = NULL;

        if ((c->known & (1u << i)) == 0)
            continue;
        line = g_strdup_printf("%s → %s", state->looks[i].appearance, state->looks[i].kind);
        g_string_append(out, "\n  ");
        append_escaped(out, line);
        shown++;
        if (lessons[i].seq == 0)
            continue;
        g_string_append_printf(out,
                               ", since <a href=\"seq:%" G_GINT64_FORMAT "\">#%" G_GINT64_FORMAT
                               " (turn %d)</a>: ",
                               lessons[i].seq, lessons[i].seq, lessons[i].turn);
        append_escaped(out, lessons[i].how);
    }
    g_string_append(out, shown == 0 ? " no potions\n" : "\n");
}

/* The player's own names for looks: "cyan: called maybe poison". */
static void append_called(const CavState *state, GString *out)
{
    guint shown = 0;

    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++) {
        g_autofree char *line = NULL;

        if (state->looks[i].called[0] == '\0')
            continue;
        if (shown++ == 0)
            g_string_append(out, "<b>Calls</b>");
        line = g_strdup_printf("%s: called %s", state->looks[i].appearance, state->looks[i].called);
        g_string_append(out, "\n  ");
        append_escaped(out, line);
    }
    if (shown > 0)
        g_string_append_c(out, '\n');
}

static void append_pack(const History *history, gboolean truth, const CavCreature *c, GString *out)
{
    const CavState *state = history_state(history);
    guint shown = 0;

    g_string_append(out, "<b>Carries</b>");
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, c->pack[i]);
        if (item == NULL || item->count <= 0)
            continue;
        shown++;
        g_string_append_printf(out, "\n  %c) ", 'a' + i);
        cav_describe_link(history, truth, CAV_REF_ITEM, item->id, out);
        if (item->count > 1)
            g_string_append_printf(out, " ×%d", item->count);
        if (item->id == c->weapon || item->id == c->armour)
            g_string_append(out, " (in use)");
    }
    if (shown == 0)
        g_string_append(out, " nothing");
}

static void describe_creature(CavTimeline *timeline, gboolean truth, const CavCreature *c,
                              GString *out)
{
    const History *history = cav_timeline_get_history(timeline);
    const CavState *state = history_state(history);
    g_autoptr(GString) name = g_string_new(NULL);

    history_append_name(history, CAV_REF_CREATURE, c->id, name);
    g_string_append(out, "<b>");
    append_escaped(out, name->str);
    g_string_append(out, "</b> — ");
    append_escaped(out, c->kind);
    g_string_append_printf(out, " %d%s\n", c->id, c->alive ? "" : " (dead)");
    g_string_append_printf(out, "hp %d/%d · level %d (%d xp)", c->hp, c->max_hp, c->level, c->xp);
    if (c->max_mana > 0)
        g_string_append_printf(out, " · mana %d/%d", c->mana, c->max_mana);
    g_string_append_c(out, '\n');
    append_fighting(state, c, out);
    g_string_append_printf(out, "food %d/%d · depth %d at (%d,%d) · kills %d\n", c->food,
                           c->max_food, c->z + 1, c->x, c->y, c->kills);
    append_effects(history, truth, c, out);
    append_known(timeline, c, out);
    if (c->id == state->player)
        append_called(state, out);
    append_pack(history, truth, c, out);
}

/* ---- an item ------------------------------------------------------------------ */

/* What drinking potion @item does, when the viewer knows; and who knows it. */
static void append_potion(const History *history, gboolean truth, const CavItem *item,
                          const CavPotionLook *look, GString *out)
{
    const CavState *state = history_state(history);
    const CavCreature *player = state_player(state);
    gint32 index = state_look_index(state, look->appearance);
    g_autoptr(GString) text = g_string_new(NULL);
    guint knowers = 0;

    if (!truth && !state_knows_item(state, player, item)) {
        g_string_append_printf(text, "Drinking it: unknown (%s potions not yet learned)\n",
                               look->appearance);
        append_escaped(out, text->str);
        return;
    }
    g_string_append_printf(text, "Drinking it: %s for %d turn%s, ",
                           look->effect[0] != '\0' ? look->effect : look->kind, look->spec.duration,
                           look->spec.duration == 1 ? "" : "s");
    cav_describe_spec(&look->spec, text);
    append_escaped(out, text->str);
    g_string_append(out, "\nKnown to:");
    for (gint32 id = 1; id <= state->creature_count && index >= 0 && index < 32; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c == NULL || (c->known & (1u << index)) == 0)
            continue;
        g_string_append(out, knowers++ > 0 ? ", " : " ");
        cav_describe_link(history, truth, CAV_REF_CREATURE, id, out);
    }
    g_string_append(out, knowers == 0 ? " nobody\n" : "\n");
}

/* What casting @spell does, as plain text. */
static void append_spell(const CavSpell *spell, GString *out)
{
    switch (spell->special) {
    case CAV_SPECIAL_BLOOD_TO_MANA:
        g_string_append(out, "turns hp into mana");
        return;
    case CAV_SPECIAL_BLINK:
        g_string_append_printf(out, "a jump to an open cell in sight within %d", spell->range);
        return;
    case CAV_SPECIAL_SUMMON:
        g_string_append_printf(out, "a %s on each free cell around", spell->summon);
        return;
    case CAV_SPECIAL_NONE:
    case CAV_SPECIAL_COUNT:
        break;
    }
    cav_describe_spec(&spell->spec, out);
    if (spell->spec.duration > 1)
        g_string_append_printf(out, " for %d turns", spell->spec.duration);
}

/* "Spells: minor heal (4 mana): +20 hp at once; …", for a book. */
static void append_spells(const CavState *state, const CavItem *item, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++) {
        const CavSpell *spell = &state->spells[i];

        if (strcmp(spell->book, item->type) != 0)
            continue;
        g_string_append_printf(text, "\n  %s (%d mana): ", spell->name, spell->cost);
        append_spell(spell, text);
    }
    if (text->len == 0)
        return;
    g_string_append(out, "<b>Spells</b>");
    append_escaped(out, text->str);
    g_string_append_c(out, '\n');
}

static void describe_item(const History *history, gboolean truth, const CavItem *item, GString *out)
{
    const CavState *state = history_state(history);
    const CavPotionLook *look = state_look_of_kind(state, item->type);
    g_autoptr(GString) name = g_string_new(NULL), place = g_string_new(NULL);

    cav_describe_name(history, truth, CAV_REF_ITEM, item->id, name);
    g_string_append(out, "<b>");
    append_escaped(out, name->str);
    g_string_append_printf(out, "</b> ×%d%s\n", item->count, item->count <= 0 ? " (gone)" : "");
    g_string_append_printf(out, "attack %d · defense %d · thrown %d · ranged %d · food %d\n",
                           item->attack, item->defense, item->thrown, item->ranged, item->food);
    if (look != NULL)
        append_potion(history, truth, item, look, out);
    append_spells(state, item, out);
    cav_describe_place(history, item->z, item->x, item->y, item->holder, place);
    append_escaped(out, place->str);
}

void cav_describe_entity(CavTimeline *timeline, gboolean truth, CavRefKind kind, gint32 id,
                         GString *out)
{
    const History *history;
    const CavState *state;

    g_return_if_fail(CAV_IS_TIMELINE(timeline) && out != NULL);
    history = cav_timeline_get_history(timeline);
    state = history_state(history);
    if (kind == CAV_REF_CREATURE && state_creature(state, id) != NULL)
        describe_creature(timeline, truth, state_creature(state, id), out);
    else if (kind == CAV_REF_ITEM && state_item(state, id) != NULL)
        describe_item(history, truth, state_item(state, id), out);
    else if (kind != CAV_REF_NONE)
        g_string_append(out, "Not yet spawned at this event.");
}

char *cav_describe_status(const History *history, gint64 seq)
{
    const CavState *state = history_state(history);
    const CavCreature *player = state_player(state);

    if (player == NULL)
        return g_strdup_printf("Event %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT, seq,
                               history_length(history));
    return g_strdup_printf("Event %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
                           " · turn %d · you: depth %d (%d,%d), level %d, hp %d/%d, %s",
                           seq, history_length(history), state->turn, player->z + 1, player->x,
                           player->y, player->level, player->hp, player->max_hp,
                           player->alive ? "alive" : "dead");
}

char *cav_describe_game(const History *history)
{
    const CavState *last = history_last_state(history);

    return g_strdup_printf("%s%sseed %" G_GINT64_FORMAT " · %s%s%s", last->player_name,
                           last->player_name[0] ? " · " : "", last->seed,
                           state_outcome_name(last->outcome), last->cause[0] ? ": " : "",
                           last->cause);
}
