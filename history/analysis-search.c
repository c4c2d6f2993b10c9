/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-search.c — find the creatures and items of a state by name, kind
 * or a condition on a field ("hp<10", "kind=goblin", "carries=potion"). */
#include "analysis-private.h"

#include <stdlib.h>
#include <string.h>

typedef enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE } SearchOp;

typedef struct {
    char *key; /* a field name, "kind", "name", "carries", "z", "x", "y" */
    SearchOp op;
    char *text;
    gint64 number;
    gboolean numeric;
} SearchCondition;

static void condition_clear(gpointer data)
{
    SearchCondition *c = data;

    g_free(c->key);
    g_free(c->text);
}

/* Split @word at its operator; FALSE when it has none (a bare name). */
static gboolean split_op(const char *word, SearchCondition *c)
{
    static const struct {
        const char *text;
        SearchOp op;
    } ops[] = {{"<=", OP_LE}, {">=", OP_GE}, {"!=", OP_NE}, {"<", OP_LT},
               {">", OP_GT},  {"=", OP_EQ},  {":", OP_EQ}};
    gsize at = strcspn(word, "<>=!:");
    char *end = NULL;

    if (word[at] == '\0')
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(ops); i++) {
        if (strncmp(word + at, ops[i].text, strlen(ops[i].text)) != 0)
            continue;
        c->key = g_ascii_strdown(word, (gssize) at);
        c->op = ops[i].op;
        c->text = g_strdup(word + at + strlen(ops[i].text));
        c->number = g_ascii_strtoll(c->text, &end, 10);
        c->numeric = c->text[0] != '\0' && end != NULL && *end == '\0';
        return TRUE;
    }
    return FALSE;
}

static gboolean known_key(const SearchCondition *c)
{
    static const char *const keys[] = {"kind", "name", "carries", "z", "x", "y"};
    AnalysisField field;

    for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
        if (strcmp(c->key, keys[i]) == 0)
            return TRUE;
    return analysis_field_from_name(c->key, &field) && field != ANALYSIS_FIELD_POSITION &&
           field != ANALYSIS_FIELD_KNOWN;
}

/* Whether @c compares a number: not a text field, nor alive=yes/no. */
static gboolean wants_number(const SearchCondition *c)
{
    AnalysisField field;

    if (strcmp(c->key, "kind") == 0 || strcmp(c->key, "name") == 0 ||
        strcmp(c->key, "carries") == 0)
        return FALSE;
    return !(analysis_field_from_name(c->key, &field) && field == ANALYSIS_FIELD_ALIVE);
}

/* Refuse @word (parsed as @c) with a reason, unless it is a condition. */
static gboolean check_condition(const char *word, const SearchCondition *c, GError **error)
{
    if (!known_key(c) || c->text[0] == '\0')
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    "cannot search for “%s”: try hp<10, kind=goblin, carries=potion", word);
    else if (c->text[strcspn(c->text, "<>=!:")] != '\0')
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    "“%s” is not one condition: put a space between conditions", word);
    else if (wants_number(c) && !c->numeric)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    "“%s”: %s is compared with a number, as in %s<10", word, c->key, c->key);
    else
        return TRUE;
    return FALSE;
}

static GArray *parse(const char *query, GError **error)
{
    g_auto(GStrv) words = g_strsplit_set(query, " \t", -1);
    g_autoptr(GArray) conditions = g_array_new(FALSE, TRUE, sizeof(SearchCondition));

    g_array_set_clear_func(conditions, condition_clear);
    for (guint i = 0; words[i] != NULL; i++) {
        SearchCondition c = {0};
        if (words[i][0] == '\0')
            continue;
        if (!split_op(words[i], &c))
            c = (SearchCondition){.key = g_strdup("name"), .op = OP_EQ, .text = g_strdup(words[i])};
        g_array_append_val(conditions, c);
        if (!check_condition(words[i], &c, error))
            return NULL;
    }
    return g_steal_pointer(&conditions);
}

static gboolean compare_number(SearchOp op, gint64 value, gint64 wanted)
{
    switch (op) {
    case OP_EQ:
        return value == wanted;
    case OP_NE:
        return value != wanted;
    case OP_LT:
        return value < wanted;
    case OP_LE:
        return value <= wanted;
    case OP_GT:
        return value > wanted;
    case OP_GE:
        return value >= wanted;
    }
    return FALSE;
}

/* Text conditions: = and : mean "holds" (case-insensitive), != "does not". */
static gboolean compare_text(const SearchCondition *c, const char *value)
{
    g_autofree char *hay = g_utf8_strdown(value, -1);
    g_autofree char *needle = g_utf8_strdown(c->text, -1);
    gboolean holds = strstr(hay, needle) != NULL;

    if (c->op == OP_EQ)
        return holds;
    if (c->op == OP_NE)
        return !holds;
    return FALSE;
}

static gboolean carries(const CavState *state, const CavCreature *creature,
                        const SearchCondition *c)
{
    gboolean any = FALSE;

    for (gint32 slot = 0; slot < CAV_PACK_SLOTS && !any; slot++) {
        const CavItem *item = state_item(state, creature->pack[slot]);
        any = item != NULL && item->count > 0 &&
              (compare_text(&(SearchCondition){.op = OP_EQ, .text = c->text}, item->name) ||
               compare_text(&(SearchCondition){.op = OP_EQ, .text = c->text}, item->type));
    }
    return c->op == OP_NE ? !any : any;
}

static gboolean place_matches(const SearchCondition *c, gint32 z, gint32 x, gint32 y)
{
    gint64 value = c->key[0] == 'z' ? z + 1 : c->key[0] == 'x' ? x : y;

    return c->numeric && compare_number(c->op, value, c->number);
}

static gboolean creature_matches(const History *history, const CavState *state,
                                 const CavCreature *creature, const SearchCondition *c)
{
    g_autoptr(GString) name = g_string_new(NULL);
    AnalysisField field;

    if (strcmp(c->key, "kind") == 0)
        return compare_text(c, creature->kind);
    if (strcmp(c->key, "name") == 0) {
        history_append_name(history, CAV_REF_CREATURE, creature->id, name);
        return compare_text(c, name->str);
    }
    if (strcmp(c->key, "carries") == 0)
        return carries(state, creature, c);
    if (strlen(c->key) == 1)
        return place_matches(c, creature->z, creature->x, creature->y);
    if (!analysis_field_from_name(c->key, &field))
        return FALSE;
    if (field == ANALYSIS_FIELD_ALIVE && !c->numeric)
        return compare_number(c->op, creature->alive,
                              g_ascii_strcasecmp(c->text, "yes") == 0 ||
                                  g_ascii_strcasecmp(c->text, "true") == 0);
    return c->numeric &&
           compare_number(c->op, analysis_field_value(state, creature, field), c->number);
}

static gboolean item_matches(const History *history, const CavItem *item, const SearchCondition *c)
{
    g_autoptr(GString) name = g_string_new(NULL);

    if (strcmp(c->key, "kind") == 0)
        return compare_text(c, item->type);
    if (strcmp(c->key, "name") == 0) {
        history_append_name(history, CAV_REF_ITEM, item->id, name);
        return compare_text(c, name->str) || (c->op == OP_EQ && compare_text(c, item->name));
    }
    if (strlen(c->key) == 1 && item->holder == 0)
        return place_matches(c, item->z, item->x, item->y);
    return FALSE;
}

static gboolean all_match(const History *history, const CavState *state, CavRefKind kind, gint32 id,
                          const GArray *conditions)
{
    for (guint i = 0; i < conditions->len; i++) {
        const SearchCondition *c = &g_array_index(conditions, SearchCondition, i);
        gboolean ok = kind == CAV_REF_CREATURE
                          ? creature_matches(history, state, state_creature(state, id), c)
                          : item_matches(history, state_item(state, id), c);
        if (!ok)
            return FALSE;
    }
    return TRUE;
}

GArray *analysis_search(const History *history, const CavState *state, const char *query,
                        GError **error)
{
    g_autoptr(GArray) conditions = NULL;
    GArray *found;

    g_return_val_if_fail(history != NULL && state != NULL && query != NULL, NULL);
    if ((conditions = parse(query, error)) == NULL)
        return NULL;
    found = g_array_new(FALSE, FALSE, sizeof(CavRef));
    for (gint32 id = 1; id <= state->creature_count; id++) {
        CavRef ref = {CAV_REF_CREATURE, id, NULL};
        if (state_creature(state, id) != NULL &&
            all_match(history, state, CAV_REF_CREATURE, id, conditions))
            g_array_append_val(found, ref);
    }
    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);
        CavRef ref = {CAV_REF_ITEM, id, NULL};
        if (item != NULL && item->count > 0 &&
            all_match(history, state, CAV_REF_ITEM, id, conditions))
            g_array_append_val(found, ref);
    }
    return found;
}
