/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-diff.c — what changed between two states, in the game's terms:
 * creatures that appeared, died, moved or changed a number, what they
 * learned, items that appeared, moved or were used up, tiles dug, effects
 * started and ended. */
#include "analysis-private.h"

/* The creature fields a FIELD entry may name: all but those with kinds of
 * their own. */
static gboolean plain_field(AnalysisField field)
{
    return field != ANALYSIS_FIELD_POSITION && field != ANALYSIS_FIELD_KNOWN &&
           field != ANALYSIS_FIELD_ALIVE;
}

static void push(GArray *out, AnalysisDiffKind kind, gint32 id, gint64 before, gint64 after)
{
    AnalysisDiffEntry entry = {.kind = kind, .id = id, .before = before, .after = after};

    g_array_append_val(out, entry);
}

/* A creature in one state only: there in B alone (appeared, and perhaps
 * died since), or in A alone (B is earlier: ids are never reused). Returns
 * FALSE when it is in both, to be compared field by field. */
static gboolean diff_creature_presence(const CavState *a, const CavState *b, gint32 id, GArray *out)
{
    const CavCreature *was = state_creature(a, id), *now = state_creature(b, id);

    if (was != NULL && now != NULL)
        return FALSE;
    if (now == NULL) {
        if (was != NULL)
            push(out, ANALYSIS_DIFF_NOT_YET, id,
                 analysis_field_value(a, was, ANALYSIS_FIELD_POSITION), 0);
        return TRUE;
    }
    push(out, ANALYSIS_DIFF_APPEARED, id, 0, analysis_field_value(b, now, ANALYSIS_FIELD_POSITION));
    if (!now->alive)
        push(out, ANALYSIS_DIFF_DIED, id, 1, 0);
    return TRUE;
}

static void diff_creature(const CavState *a, const CavState *b, gint32 id, GArray *out)
{
    const CavCreature *was = state_creature(a, id), *now = state_creature(b, id);
    gint64 where;

    if (diff_creature_presence(a, b, id, out))
        return;
    where = analysis_field_value(b, now, ANALYSIS_FIELD_POSITION);
    if (was->alive && !now->alive)
        push(out, ANALYSIS_DIFF_DIED, id, 1, 0);
    else if (!was->alive && now->alive)
        push(out, ANALYSIS_DIFF_ALIVE_AGAIN, id, 0, 1);
    if (analysis_field_value(a, was, ANALYSIS_FIELD_POSITION) != where)
        push(out, ANALYSIS_DIFF_MOVED, id, analysis_field_value(a, was, ANALYSIS_FIELD_POSITION),
             where);
    for (guint f = 0; f < ANALYSIS_FIELD_COUNT; f++) {
        gint64 before = analysis_field_value(a, was, (AnalysisField) f);
        gint64 after = analysis_field_value(b, now, (AnalysisField) f);
        if (plain_field((AnalysisField) f) && before != after) {
            push(out, ANALYSIS_DIFF_FIELD, id, before, after);
            g_array_index(out, AnalysisDiffEntry, out->len - 1).field = (AnalysisField) f;
        }
    }
    for (gint32 look = 0; look < 32; look++)
        if (!(was->known & (1u << look)) && (now->known & (1u << look)))
            push(out, ANALYSIS_DIFF_KNOWLEDGE, id, 0, look);
}

gint64 analysis_item_place(const CavItem *item)
{
    g_return_val_if_fail(item != NULL, 0);
    if (item->holder != 0)
        return -(gint64) item->holder;
    return analysis_position_pack(item->z, item->x, item->y);
}

static void diff_item(const CavState *a, const CavState *b, gint32 id, GArray *out)
{
    const CavItem *was = state_item(a, id), *now = state_item(b, id);

    if (was == NULL && now == NULL)
        return;
    if (was == NULL || now == NULL) {
        if (was == NULL)
            push(out, ANALYSIS_DIFF_ITEM_APPEARED, id, 0, analysis_item_place(now));
        else
            push(out, ANALYSIS_DIFF_ITEM_NOT_YET, id, analysis_item_place(was), 0);
        return;
    }
    if (analysis_item_place(was) != analysis_item_place(now))
        push(out, ANALYSIS_DIFF_ITEM_MOVED, id, analysis_item_place(was), analysis_item_place(now));
    if (was->count != now->count)
        push(out, ANALYSIS_DIFF_ITEM_COUNT, id, was->count, now->count);
}

static void diff_tiles(const CavState *a, const CavState *b, GArray *out)
{
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        for (gint32 y = 0; y < CAV_HEIGHT; y++)
            for (gint32 x = 0; x < CAV_WIDTH; x++) {
                if (a->tiles[z][y][x] == b->tiles[z][y][x])
                    continue;
                push(out, ANALYSIS_DIFF_TILE, 0, a->tiles[z][y][x], b->tiles[z][y][x]);
                AnalysisDiffEntry *entry = &g_array_index(out, AnalysisDiffEntry, out->len - 1);
                entry->z = z, entry->x = x, entry->y = y;
            }
}

static gboolean effect_active(const CavState *state, gint32 id)
{
    const CavEffect *effect = state_effect(state, id);

    return effect != NULL && effect->active;
}

GArray *analysis_diff_states(const CavState *a, const CavState *b)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(AnalysisDiffEntry));

    g_return_val_if_fail(a != NULL && b != NULL, out);
    for (gint32 id = 1; id <= MAX(a->creature_count, b->creature_count); id++)
        diff_creature(a, b, id, out);
    for (gint32 id = 1; id <= MAX(a->item_count, b->item_count); id++)
        diff_item(a, b, id, out);
    diff_tiles(a, b, out);
    for (gint32 id = 1; id <= MAX(a->effect_count, b->effect_count); id++) {
        if (!effect_active(a, id) && effect_active(b, id))
            push(out, ANALYSIS_DIFF_EFFECT_STARTED, id, 0, 1);
        else if (effect_active(a, id) && !effect_active(b, id))
            push(out, ANALYSIS_DIFF_EFFECT_ENDED, id, 1, 0);
    }
    return out;
}

GArray *analysis_diff(History *history, gint64 a, gint64 b, GError **error)
{
    g_autofree CavState *before = NULL;
    g_autofree CavState *after = NULL;

    g_return_val_if_fail(history != NULL, NULL);
    g_return_val_if_fail(0 <= a && a <= history_length(history), NULL);
    g_return_val_if_fail(0 <= b && b <= history_length(history), NULL);
    before = analysis_state_at(history, a, error);
    if (before == NULL)
        return NULL;
    after = analysis_state_at(history, b, error);
    if (after == NULL)
        return NULL;
    return analysis_diff_states(before, after);
}

/* ---- describing ------------------------------------------------------------------ */

/* "at (x,y) on depth z", "in the pack of goblin 3", or "in your pack" when
 * the holder is the player (named "you"). */
static void append_place(const History *history, gint64 place, GString *out)
{
    if (place < 0 && -place == history_last_state(history)->player) {
        g_string_append(out, "in your pack");
    } else if (place < 0) {
        g_string_append(out, "in the pack of ");
        history_append_name(history, CAV_REF_CREATURE, (gint32) -place, out);
    } else {
        g_string_append(out, "at ");
        analysis_append_value(NULL, ANALYSIS_FIELD_POSITION, place, out);
    }
}

static void describe_creature(const History *history, const CavState *b, const AnalysisDiffEntry *e,
                              GString *out)
{
    history_append_name(history, CAV_REF_CREATURE, e->id, out);
    switch (e->kind) {
    case ANALYSIS_DIFF_APPEARED:
        g_string_append(out, " appeared at ");
        break;
    case ANALYSIS_DIFF_DIED:
        g_string_append(out, " died");
        return;
    case ANALYSIS_DIFF_ALIVE_AGAIN:
        g_string_append(out, " alive again — this is before the death");
        return;
    case ANALYSIS_DIFF_NOT_YET:
        g_string_append(out, " not there yet — it appears later, at ");
        analysis_append_value(NULL, ANALYSIS_FIELD_POSITION, e->before, out);
        return;
    case ANALYSIS_DIFF_MOVED:
        g_string_append(out, " moved ");
        analysis_append_value(NULL, ANALYSIS_FIELD_POSITION, e->before, out);
        g_string_append(out, " → ");
        break;
    case ANALYSIS_DIFF_FIELD:
        g_string_append_printf(out, " %s %" G_GINT64_FORMAT " → ", analysis_field_label(e->field),
                               e->before);
        break;
    case ANALYSIS_DIFF_KNOWLEDGE:
        g_string_append(out, " learned ");
        analysis_append_value(b, ANALYSIS_FIELD_KNOWN, G_GINT64_CONSTANT(1) << e->after, out);
        return;
    case ANALYSIS_DIFF_ITEM_APPEARED:
    case ANALYSIS_DIFF_ITEM_NOT_YET:
    case ANALYSIS_DIFF_ITEM_MOVED:
    case ANALYSIS_DIFF_ITEM_COUNT:
    case ANALYSIS_DIFF_TILE:
    case ANALYSIS_DIFF_EFFECT_STARTED:
    case ANALYSIS_DIFF_EFFECT_ENDED:
        g_return_if_reached();
    }
    analysis_append_value(b, e->kind == ANALYSIS_DIFF_FIELD ? e->field : ANALYSIS_FIELD_POSITION,
                          e->after, out);
}

static void describe_effect(const History *history, const CavState *b, const AnalysisDiffEntry *e,
                            GString *out)
{
    const CavEffect *effect = b != NULL ? state_effect(b, e->id) : NULL;

    g_string_append_printf(out, "effect %d", e->id);
    if (effect != NULL) {
        g_string_append_printf(out, " (%s) on ", effect->name);
        history_append_name(history, CAV_REF_CREATURE, effect->creature, out);
    }
    g_string_append(out, e->kind == ANALYSIS_DIFF_EFFECT_STARTED ? " started" : " ended");
}

void analysis_diff_describe(const History *history, const CavState *b, const AnalysisDiffEntry *e,
                            GString *out)
{
    g_return_if_fail(history != NULL && e != NULL && out != NULL);
    switch (e->kind) {
    case ANALYSIS_DIFF_APPEARED:
    case ANALYSIS_DIFF_DIED:
    case ANALYSIS_DIFF_ALIVE_AGAIN:
    case ANALYSIS_DIFF_NOT_YET:
    case ANALYSIS_DIFF_MOVED:
    case ANALYSIS_DIFF_FIELD:
    case ANALYSIS_DIFF_KNOWLEDGE:
        describe_creature(history, b, e, out);
        return;
    case ANALYSIS_DIFF_ITEM_NOT_YET:
        history_append_name(history, CAV_REF_ITEM, e->id, out);
        g_string_append(out, " not there yet — it appears later, ");
        append_place(history, e->before, out);
        return;
    case ANALYSIS_DIFF_ITEM_APPEARED:
    case ANALYSIS_DIFF_ITEM_MOVED:
        history_append_name(history, CAV_REF_ITEM, e->id, out);
        if (e->kind == ANALYSIS_DIFF_ITEM_MOVED) {
            g_string_append(out, " moved from ");
            append_place(history, e->before, out);
            g_string_append(out, " to ");
        } else {
            g_string_append(out, " appeared ");
        }
        append_place(history, e->after, out);
        return;
    case ANALYSIS_DIFF_ITEM_COUNT:
        history_append_name(history, CAV_REF_ITEM, e->id, out);
        g_string_append_printf(out, " count %" G_GINT64_FORMAT " → %" G_GINT64_FORMAT "%s",
                               e->before, e->after, e->after == 0 ? " (gone)" : "");
        return;
    case ANALYSIS_DIFF_TILE:
        g_string_append_printf(out, "tile (%d,%d) on depth %d: %c → %c", e->x, e->y, e->z + 1,
                               world_tile_glyph((CavTile) e->before),
                               world_tile_glyph((CavTile) e->after));
        return;
    case ANALYSIS_DIFF_EFFECT_STARTED:
    case ANALYSIS_DIFF_EFFECT_ENDED:
        describe_effect(history, b, e, out);
        return;
    }
}
