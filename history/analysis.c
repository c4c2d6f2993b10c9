/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis.c — the shared fold over a range of events, a creature's fields,
 * where a value came from (the events that changed it) and how it went over
 * time (series), and the events per turn. */
#include "analysis-private.h"

#include <string.h>

#include "rules.h"

#define FOLD_BATCH 4096

/* ---- the fold ------------------------------------------------------------------ */

/* The history's current seq, to seek back to. */
static gint64 history_here(const History *history)
{
    return history_state(history)->last_seq;
}

CavState *analysis_state_at(History *history, gint64 seq, GError **error)
{
    gint64 here = history_here(history);
    CavState *state;

    if (!history_seek(history, seq, error))
        return NULL;
    state = g_memdup2(history_state(history), sizeof(CavState));
    if (!history_seek(history, here, error)) {
        g_free(state);
        return NULL;
    }
    return state;
}

gboolean analysis_fold_begin(AnalysisFold *fold, History *history, gint64 from, gint64 to,
                             GError **error)
{
    memset(fold, 0, sizeof *fold);
    fold->history = history;
    fold->state = analysis_state_at(history, from, error);
    fold->batch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    fold->next = from + 1;
    fold->to = to;
    return fold->state != NULL;
}

const CavEvent *analysis_fold_step(AnalysisFold *fold, GError **error)
{
    const CavEvent *event;

    if (fold->index >= fold->batch->len) {
        gint64 last = MIN(fold->to, fold->next + FOLD_BATCH - 1);
        g_array_set_size(fold->batch, 0);
        fold->index = 0;
        if (fold->next > last)
            return NULL;
        if (!history_read(fold->history, fold->next, last, fold->batch, error))
            return NULL;
        fold->next = last + 1;
    }
    event = &g_array_index(fold->batch, CavEvent, fold->index++);
    evolve(fold->state, event);
    return event;
}

void analysis_fold_end(AnalysisFold *fold)
{
    g_clear_pointer(&fold->state, g_free);
    g_clear_pointer(&fold->batch, g_array_unref);
}

/* ---- fields ------------------------------------------------------------------- */

static const char *const field_names[] = {
#define ANALYSIS_X(ENUM, name, label) [ANALYSIS_FIELD_##ENUM] = name,
    ANALYSIS_FIELD_LIST(ANALYSIS_X)
#undef ANALYSIS_X
};

static const char *const field_labels[] = {
#define ANALYSIS_X(ENUM, name, label) [ANALYSIS_FIELD_##ENUM] = label,
    ANALYSIS_FIELD_LIST(ANALYSIS_X)
#undef ANALYSIS_X
};

const char *analysis_field_label(AnalysisField field)
{
    g_return_val_if_fail(field < ANALYSIS_FIELD_COUNT, NULL);
    return field_labels[field];
}

const char *analysis_field_name(AnalysisField field)
{
    g_return_val_if_fail(field < ANALYSIS_FIELD_COUNT, NULL);
    return field_names[field];
}

gboolean analysis_field_from_name(const char *name, AnalysisField *out)
{
    for (guint f = 0; f < ANALYSIS_FIELD_COUNT; f++) {
        if (g_strcmp0(name, field_names[f]) == 0) {
            *out = (AnalysisField) f;
            return TRUE;
        }
    }
    return FALSE;
}

gint64 analysis_position_pack(gint32 z, gint32 x, gint32 y)
{
    return ((gint64) z << 32) | ((gint64) (y & 0xffff) << 16) | (x & 0xffff);
}

void analysis_position_unpack(gint64 packed, gint32 *z, gint32 *x, gint32 *y)
{
    *z = (gint32) (packed >> 32);
    *y = (gint32) ((packed >> 16) & 0xffff);
    *x = (gint32) (packed & 0xffff);
}

gint64 analysis_field_value(const CavState *state, const CavCreature *c, AnalysisField field)
{
    g_return_val_if_fail(state != NULL && c != NULL, 0);
    switch (field) {
    case ANALYSIS_FIELD_HP:
        return c->hp;
    case ANALYSIS_FIELD_MAX_HP:
        return c->max_hp;
    case ANALYSIS_FIELD_ATTACK:
        return state_attack(state, c);
    case ANALYSIS_FIELD_DEFENSE:
        return state_defense(state, c);
    case ANALYSIS_FIELD_FOOD:
        return c->food;
    case ANALYSIS_FIELD_MAX_FOOD:
        return c->max_food;
    case ANALYSIS_FIELD_MANA:
        return c->mana;
    case ANALYSIS_FIELD_MAX_MANA:
        return c->max_mana;
    case ANALYSIS_FIELD_XP:
        return c->xp;
    case ANALYSIS_FIELD_LEVEL:
        return c->level;
    case ANALYSIS_FIELD_KILLS:
        return c->kills;
    case ANALYSIS_FIELD_POSITION:
        return analysis_position_pack(c->z, c->x, c->y);
    case ANALYSIS_FIELD_KNOWN:
        return c->known;
    case ANALYSIS_FIELD_ALIVE:
        return c->alive ? 1 : 0;
    case ANALYSIS_FIELD_COUNT:
        break;
    }
    g_return_val_if_reached(0);
}

/* The value of @field of creature @id, 0 when there is no such creature. */
static gint64 value_of(const CavState *state, gint32 id, AnalysisField field)
{
    const CavCreature *c = state_creature(state, id);

    return c == NULL ? 0 : analysis_field_value(state, c, field);
}

static void append_looks(const CavState *state, gint64 known, GString *out)
{
    gboolean any = FALSE;

    for (gint32 i = 0; i < 32; i++) {
        if (!(known & (G_GINT64_CONSTANT(1) << i)))
            continue;
        if (any)
            g_string_append(out, ", ");
        any = TRUE;
        if (state != NULL && i < state->look_count)
            g_string_append_printf(out, "%s = %s", state->looks[i].appearance,
                                   state->looks[i].effect);
        else
            g_string_append_printf(out, "look %d", i);
    }
    if (!any)
        g_string_append(out, "nothing");
}

void analysis_append_value(const CavState *state, AnalysisField field, gint64 value, GString *out)
{
    gint32 z, x, y;

    switch (field) {
    case ANALYSIS_FIELD_POSITION:
        analysis_position_unpack(value, &z, &x, &y);
        g_string_append_printf(out, "(%d,%d) on depth %d", x, y, z + 1);
        return;
    case ANALYSIS_FIELD_KNOWN:
        append_looks(state, value, out);
        return;
    case ANALYSIS_FIELD_ALIVE:
        g_string_append(out, value ? "alive" : "dead");
        return;
    case ANALYSIS_FIELD_LEVEL:
    case ANALYSIS_FIELD_HP:
    case ANALYSIS_FIELD_MAX_HP:
    case ANALYSIS_FIELD_ATTACK:
    case ANALYSIS_FIELD_DEFENSE:
    case ANALYSIS_FIELD_FOOD:
    case ANALYSIS_FIELD_MAX_FOOD:
    case ANALYSIS_FIELD_MANA:
    case ANALYSIS_FIELD_MAX_MANA:
    case ANALYSIS_FIELD_XP:
    case ANALYSIS_FIELD_KILLS:
    case ANALYSIS_FIELD_COUNT:
        break;
    }
    g_string_append_printf(out, "%" G_GINT64_FORMAT, value);
}

/* ---- origins and series ---------------------------------------------------------- */

GArray *analysis_origins(History *history, gint32 creature, AnalysisField field, gint64 from,
                         gint64 at, GError **error)
{
    AnalysisFold fold;
    const CavEvent *event;
    GArray *changes;
    GError *local = NULL;

    g_return_val_if_fail(history != NULL && field < ANALYSIS_FIELD_COUNT, NULL);
    g_return_val_if_fail(0 <= from && from <= at && at <= history_length(history), NULL);
    if (!analysis_fold_begin(&fold, history, from, at, error)) {
        analysis_fold_end(&fold);
        return NULL;
    }
    changes = g_array_new(FALSE, FALSE, sizeof(AnalysisChange));
    for (gint64 before = value_of(fold.state, creature, field);
         (event = analysis_fold_step(&fold, &local)) != NULL;) {
        gint64 after = value_of(fold.state, creature, field);
        if (after != before) {
            AnalysisChange change = {event->seq, event->turn, before, after};
            g_array_prepend_val(changes, change);
        }
        before = after;
    }
    analysis_fold_end(&fold);
    if (local != NULL) {
        g_propagate_error(error, local);
        g_clear_pointer(&changes, g_array_unref);
    }
    return changes;
}

/* Whether the event after @event (NULL at the end of the range) is of
 * another turn, so that @event closes its turn within the range. */
static gboolean closes_turn(const History *history, const CavEvent *event, gint64 to)
{
    const HistoryEntry *next = history_entry(history, event->seq + 1);

    return event->seq == to || next == NULL || next->turn != event->turn;
}

GArray *analysis_series(History *history, gint32 creature, AnalysisField field, gint64 from,
                        gint64 to, gboolean per_turn, GError **error)
{
    AnalysisFold fold;
    const CavEvent *event;
    GArray *points;
    GError *local = NULL;

    g_return_val_if_fail(history != NULL && field < ANALYSIS_FIELD_COUNT, NULL);
    g_return_val_if_fail(1 <= from && from <= to && to <= history_length(history), NULL);
    if (!analysis_fold_begin(&fold, history, from - 1, to, error)) {
        analysis_fold_end(&fold);
        return NULL;
    }
    points = g_array_new(FALSE, FALSE, sizeof(AnalysisPoint));
    while ((event = analysis_fold_step(&fold, &local)) != NULL) {
        AnalysisPoint point = {event->seq, event->turn, value_of(fold.state, creature, field)};
        if (!per_turn || closes_turn(history, event, to))
            g_array_append_val(points, point);
    }
    analysis_fold_end(&fold);
    if (local != NULL) {
        g_propagate_error(error, local);
        g_clear_pointer(&points, g_array_unref);
    }
    return points;
}

guint32 *analysis_events_per_turn(const History *history, gint32 *n_turns)
{
    gint32 turns = history_turns(history);
    guint32 *counts = g_new0(guint32, (gsize) (turns + 1) * CAV_EVENT_TYPE_COUNT);

    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        if (entry->turn >= 0 && entry->turn <= turns)
            counts[(gsize) entry->turn * CAV_EVENT_TYPE_COUNT + entry->type]++;
    }
    *n_turns = turns;
    return counts;
}
