/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-search.c — find the creatures and items of a state by name, kind
 * or a condition on a field ("hp<10", "kind=goblin", "carries=potion"), in
 * the one language of conditions (replay-query.h): this file only says
 * which names an entity has and reads them. */
#include "analysis-private.h"

#include "replay-query.h"

#include <string.h>

/* Whether a creature field has a name in conditions: not the packed
 * position nor the looks known. */
static gboolean searchable(guint f)
{
    return f != ANALYSIS_FIELD_POSITION && f != ANALYSIS_FIELD_KNOWN;
}

/* The creature field of name @i, counted from NAME_FIELDS (search_names()). */
static AnalysisField field_at(guint i)
{
    guint f = 0;

    for (;; f++)
        if (searchable(f) && i-- == 0)
            return (AnalysisField) f;
}

/* The names besides the creature fields (analysis.h), in the table's order. */
enum { NAME_KIND, NAME_NAME, NAME_CARRIES, NAME_X, NAME_Y, NAME_Z, NAME_MP, NAME_FIELDS };

/* The names an entity condition knows: the words, the place, then one per
 * creature field (but the packed position and the looks known). */
static guint search_names(ReplayQueryName *names)
{
    static const ReplayQueryName words[] = {
        {"kind", REPLAY_QUERY_TEXT}, {"name", REPLAY_QUERY_TEXT}, {"carries", REPLAY_QUERY_TEXT},
        {"x", REPLAY_QUERY_NUMBER},  {"y", REPLAY_QUERY_NUMBER},  {"z", REPLAY_QUERY_NUMBER},
        {"mp", REPLAY_QUERY_SHARE},
    };
    guint n = G_N_ELEMENTS(words);

    memcpy(names, words, sizeof words);
    for (guint f = 0; f < ANALYSIS_FIELD_COUNT; f++) {
        gboolean share;

        if (!searchable(f))
            continue;
        share = f == ANALYSIS_FIELD_HP || f == ANALYSIS_FIELD_FOOD || f == ANALYSIS_FIELD_MANA;
        names[n].name = analysis_field_name((AnalysisField) f);
        names[n++].kind = f == ANALYSIS_FIELD_ALIVE ? REPLAY_QUERY_YES_NO
                          : share                   ? REPLAY_QUERY_SHARE
                                                    : REPLAY_QUERY_NUMBER;
    }
    return n;
}

/* The entity being read. */
typedef struct {
    const History *history;
    const CavState *state;
    const CavCreature *creature; /* or */
    const CavItem *item;
} Entity;

/* Whether @text holds @word, case ignored. */
static gboolean text_holds(const char *text, const char *word)
{
    g_autofree char *hay = g_utf8_strdown(text, -1);
    g_autofree char *needle = g_utf8_strdown(word, -1);

    return strstr(hay, needle) != NULL;
}

static gboolean carries(const Entity *e, const char *word)
{
    for (gint32 slot = 0; e->creature != NULL && slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(e->state, e->creature->pack[slot]);
        if (item != NULL && item->count > 0 &&
            (text_holds(item->name, word) || text_holds(item->type, word)))
            return TRUE;
    }
    return FALSE;
}

static gboolean entity_holds(guint name, const char *word, gpointer data)
{
    const Entity *e = data;
    g_autoptr(GString) called = g_string_new(NULL);

    if (name == NAME_KIND)
        return text_holds(e->creature != NULL ? e->creature->kind : e->item->type, word);
    if (name == NAME_CARRIES)
        return carries(e, word);
    if (e->creature != NULL) {
        history_append_name(e->history, CAV_REF_CREATURE, e->creature->id, called);
        return text_holds(called->str, word);
    }
    history_append_name(e->history, CAV_REF_ITEM, e->item->id, called);
    return text_holds(called->str, word) || text_holds(e->item->name, word);
}

/* The field a name past the words reads, with the maximum a share is of. */
static AnalysisField field_of(guint name, AnalysisField *max)
{
    AnalysisField field = name == NAME_MP ? ANALYSIS_FIELD_MANA : field_at(name - NAME_FIELDS);

    *max = field == ANALYSIS_FIELD_HP     ? ANALYSIS_FIELD_MAX_HP
           : field == ANALYSIS_FIELD_FOOD ? ANALYSIS_FIELD_MAX_FOOD
                                          : ANALYSIS_FIELD_MAX_MANA;
    return field;
}

static gboolean entity_number(guint name, gint64 *value, gint64 *max, gpointer data)
{
    const Entity *e = data;
    AnalysisField field, of;
    gint32 z = e->creature != NULL ? e->creature->z : e->item->z;
    gint32 x = e->creature != NULL ? e->creature->x : e->item->x;
    gint32 y = e->creature != NULL ? e->creature->y : e->item->y;

    if (name == NAME_X || name == NAME_Y || name == NAME_Z) {
        *value = name == NAME_Z ? z + 1 : name == NAME_X ? x : y;
        return e->creature != NULL || e->item->holder == 0;
    }
    if (e->creature == NULL)
        return FALSE;
    field = field_of(name, &of);
    *value = analysis_field_value(e->state, e->creature, field);
    *max = analysis_field_value(e->state, e->creature, of);
    return TRUE;
}

static const ReplayQueryReader entity_reader = {.number = entity_number, .holds = entity_holds};

static ReplayQuery *parse(const char *query, GError **error)
{
    ReplayQueryName names[NAME_FIELDS + ANALYSIS_FIELD_COUNT];
    g_autoptr(GError) local = NULL;
    ReplayQuery *parsed = replay_query_parse_entities(query, names, search_names(names), &local);

    if (parsed == NULL)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "cannot search for “%s”: %s",
                    query, local->message);
    return parsed;
}

GArray *analysis_search(const History *history, const CavState *state, const char *query,
                        GError **error)
{
    g_autoptr(ReplayQuery) parsed = NULL;
    GArray *found;

    g_return_val_if_fail(history != NULL && state != NULL && query != NULL, NULL);
    if ((parsed = parse(query, error)) == NULL)
        return NULL;
    found = g_array_new(FALSE, FALSE, sizeof(CavRef));
    for (gint32 id = 1; id <= state->creature_count; id++) {
        Entity e = {history, state, state_creature(state, id), NULL};
        CavRef ref = {CAV_REF_CREATURE, id, NULL};
        if (e.creature != NULL && replay_query_entity_holds(parsed, &entity_reader, &e))
            g_array_append_val(found, ref);
    }
    for (gint32 id = 1; id <= state->item_count; id++) {
        Entity e = {history, state, NULL, state_item(state, id)};
        CavRef ref = {CAV_REF_ITEM, id, NULL};
        if (e.item != NULL && e.item->count > 0 &&
            replay_query_entity_holds(parsed, &entity_reader, &e))
            g_array_append_val(found, ref);
    }
    return found;
}

/* ---- first / next / previous event where … ------------------------------------------ */

gboolean analysis_event_meets(const History *history, const ReplayQuery *query, gint64 seq,
                              const HistoryEntry *entry, const CavEvent *event)
{
    ReplayFacts facts;
    CavEvent envelope;

    g_return_val_if_fail(history != NULL && query != NULL && entry != NULL, FALSE);
    if (entry->type >= CAV_EVENT_TYPE_COUNT ||
        !replay_query_type_may_hold(query, (CavEventType) entry->type))
        return FALSE;
    if (event == NULL) {
        g_return_val_if_fail(!replay_query_needs_payload(query), FALSE);
        envelope = (CavEvent){.type = (CavEventType) entry->type,
                              .seq = seq,
                              .turn = entry->turn,
                              .cause = entry->cause,
                              .actor = entry->actor};
        event = &envelope;
    }
    if (!replay_query_needs_state(query))
        return replay_query_event_holds(query, event, NULL);
    return history_turn_facts(history, entry->turn, &facts) &&
           replay_query_event_holds(query, event, &facts);
}

/* Events decoded at once while finding. */
#define FIND_CHUNK 4096

/* Event @seq, decoded into @batch (holding @first …) when the condition
 * reads payloads; NULL when it does not. */
static const CavEvent *find_decoded(History *history, gboolean payload, gint64 seq, GArray *batch,
                                    gint64 *first, gboolean forward, GError **error)
{
    gint64 n = history_length(history);

    if (!payload)
        return NULL;
    if (batch->len == 0 || seq < *first || seq >= *first + batch->len) {
        *first = forward ? seq : MAX(seq - FIND_CHUNK + 1, 1);
        g_array_set_size(batch, 0);
        if (!history_read(history, *first, MIN(*first + FIND_CHUNK - 1, n), batch, error))
            return NULL;
    }
    return &g_array_index(batch, CavEvent, seq - *first);
}

gboolean analysis_find_event(History *history, const ReplayQuery *query, gint64 from,
                             gboolean forward, gint64 *found, GError **error)
{
    gboolean payload = replay_query_needs_payload(query);
    g_autoptr(GArray) batch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint64 n = history_length(history), first = 0;

    g_return_val_if_fail(history != NULL && query != NULL && found != NULL, FALSE);
    *found = 0;
    for (gint64 seq = forward ? MAX(from + 1, 1) : MIN(from - 1, n); seq >= 1 && seq <= n;
         seq += forward ? 1 : -1) {
        const HistoryEntry *entry = history_entry(history, seq);
        const CavEvent *event;

        if (entry->type >= CAV_EVENT_TYPE_COUNT ||
            !replay_query_type_may_hold(query, (CavEventType) entry->type))
            continue;
        event = find_decoded(history, payload, seq, batch, &first, forward, error);
        if (payload && event == NULL)
            return FALSE;
        if (analysis_event_meets(history, query, seq, entry, event)) {
            *found = seq;
            return TRUE;
        }
    }
    return FALSE;
}
