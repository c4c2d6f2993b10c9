/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-query.c — the one language of conditions: a hand-written scanner
 * turns the text into terms (NAME OP VALUE, every term ANDed), each name
 * resolved for what is asked (a turn, an event, an entity); one comparison
 * evaluates them all. */
#include "replay-query.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef enum { Q_EQ, Q_NE, Q_LT, Q_LE, Q_GT, Q_GE } QueryOp;

/* What is asked. */
typedef enum { ON_TURNS, ON_EVENTS, ON_ENTITIES } QueryOn;

/* What a term reads. */
typedef enum {
    Q_TYPE,
    Q_HP,
    Q_MP,
    Q_FOOD,
    Q_DEPTH,
    Q_LEVEL,
    Q_XP,
    Q_KILLS,
    Q_TURN,
    Q_SEQ, /* events only: the envelope */
    Q_CAUSE,
    Q_ACTOR,
    Q_PAYLOAD, /* events only: a payload field, by name */
    Q_ENTITY,  /* entities only: the caller's name @index */
} QueryField;

typedef struct {
    QueryField field;
    QueryOp op;
    gint64 value;     /* the number, the CavEventType for Q_TYPE, 1/0 for yes/no */
    gboolean percent; /* value is a percentage of the field's maximum */
    char *word;       /* a TEXT value */
    guint index;      /* Q_ENTITY: the name's index */
    ReplayQueryKind kind;
    /* Q_PAYLOAD: the field of each type with the name (NULL: no such number) */
    const CavFieldInfo *fields[CAV_EVENT_TYPE_COUNT];
} QueryTerm;

struct ReplayQuery {
    GArray *terms; /* of QueryTerm */
    QueryOn on;
};

/* The parse under way: what is asked and, for entities, the caller's names. */
typedef struct {
    const char *at;
    QueryOn on;
    const ReplayQueryName *names;
    guint n_names;
} Scan;

/* The envelope's names in a condition on events. */
static const struct {
    const char *name;
    QueryField field;
} event_names[] = {
    {"type", Q_TYPE}, {"seq", Q_SEQ}, {"turn", Q_TURN}, {"cause", Q_CAUSE}, {"actor", Q_ACTOR},
};

/* The player's state (turns and events) and the turn's types (turns). */
static const struct {
    const char *name;
    QueryField field;
    gboolean percent; /* takes a percentage */
} state_names[] = {
    {"type", Q_TYPE, FALSE}, {"hp", Q_HP, TRUE},        {"mp", Q_MP, TRUE},
    {"food", Q_FOOD, TRUE},  {"depth", Q_DEPTH, FALSE}, {"level", Q_LEVEL, FALSE},
    {"xp", Q_XP, FALSE},     {"kills", Q_KILLS, FALSE}, {"turn", Q_TURN, FALSE},
};

static const struct {
    const char *text;
    QueryOp op;
} query_ops[] = {
    /* longest first, so that "<=" is not read as "<" */
    {"!=", Q_NE}, {"<=", Q_LE}, {">=", Q_GE}, {"==", Q_EQ},
    {"=", Q_EQ},  {":", Q_EQ},  {"<", Q_LT},  {">", Q_GT},
};

GQuark replay_query_error_quark(void)
{
    return g_quark_from_static_string("replay-query-error-quark");
}

static void scan_spaces(Scan *s)
{
    while (g_ascii_isspace(*s->at))
        s->at++;
}

/* The next name: letters, digits after the first, underscores and a dot
 * ("event.hp"); empty when there is none. Caller frees. */
static char *scan_word(Scan *s)
{
    const char *start = s->at;

    while (g_ascii_isalpha(*s->at) || *s->at == '_' || *s->at == '.' ||
           (s->at > start && g_ascii_isdigit(*s->at)))
        s->at++;
    return g_strndup(start, (gsize) (s->at - start));
}

/* A word as a value: anything up to a space or an operator. Caller frees. */
static char *scan_value_word(Scan *s)
{
    gsize len = strcspn(s->at, " \t\n=<>!:");
    char *word = g_strndup(s->at, len);

    s->at += len;
    return word;
}

static gboolean query_fail(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean query_fail(GError **error, const char *format, ...)
{
    va_list args;
    g_autofree char *message = NULL;

    va_start(args, format);
    message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, REPLAY_QUERY_ERROR, REPLAY_QUERY_ERROR_SYNTAX, message);
    return FALSE;
}

/* Where the scanner stands, for errors: "at “x”", "at the end". Caller
 * frees. */
static char *scan_where(const Scan *s)
{
    return *s->at != '\0' ? g_strdup_printf("at “%s”", s->at) : g_strdup("at the end");
}

/* The numeric payload field called @word in each type; FALSE when no
 * type has one. */
static gboolean payload_fields_named(const char *word, QueryTerm *term)
{
    gboolean any = FALSE;

    for (int t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        const CavFieldInfo *fields;
        guint n = ev_type_fields((CavEventType) t, &fields);

        for (guint i = 0; i < n; i++) {
            if ((fields[i].kind == CAV_FIELD_I32 || fields[i].kind == CAV_FIELD_I64) &&
                g_ascii_strcasecmp(word, fields[i].name) == 0) {
                term->fields[t] = &fields[i];
                any = TRUE;
            }
        }
    }
    return any;
}

/* @word among the state names (the turn's types too, for turns). */
static gboolean state_named(const char *word, gboolean types, QueryTerm *term)
{
    for (gsize i = 0; i < G_N_ELEMENTS(state_names); i++) {
        if ((types || state_names[i].field != Q_TYPE) &&
            g_ascii_strcasecmp(word, state_names[i].name) == 0) {
            term->field = state_names[i].field;
            term->kind = state_names[i].percent ? REPLAY_QUERY_SHARE : REPLAY_QUERY_NUMBER;
            return TRUE;
        }
    }
    return FALSE;
}

static gboolean event_named(const char *word, QueryTerm *term)
{
    const char *payload = word;

    for (gsize i = 0; i < G_N_ELEMENTS(event_names); i++) {
        if (g_ascii_strcasecmp(word, event_names[i].name) == 0) {
            term->field = event_names[i].field;
            return TRUE;
        }
    }
    if (g_ascii_strncasecmp(word, "event.", 6) == 0)
        payload = word + 6;
    else if (state_named(word, FALSE, term))
        return TRUE;
    term->field = Q_PAYLOAD;
    return *payload != '\0' && payload_fields_named(payload, term);
}

static gboolean entity_named(const Scan *s, const char *word, QueryTerm *term)
{
    for (guint i = 0; i < s->n_names; i++) {
        if (g_ascii_strcasecmp(word, s->names[i].name) == 0) {
            term->field = Q_ENTITY;
            term->index = i;
            term->kind = s->names[i].kind;
            return TRUE;
        }
    }
    return FALSE;
}

/* The names @s knows, for errors. Caller frees. */
static char *scan_known(const Scan *s)
{
    g_autoptr(GString) names = g_string_new(NULL);

    if (s->on == ON_TURNS)
        return g_strdup("type, " REPLAY_QUERY_NAMES);
    if (s->on == ON_EVENTS)
        return g_strdup(REPLAY_QUERY_EVENT_NAMES);
    for (guint i = 0; i < s->n_names; i++)
        g_string_append_printf(names, "%s%s", i > 0 ? ", " : "", s->names[i].name);
    return g_string_free(g_steal_pointer(&names), FALSE);
}

static gboolean scan_name(Scan *s, QueryTerm *term, GError **error)
{
    g_autofree char *word = scan_word(s);
    g_autofree char *known = scan_known(s);
    gboolean found;

    if (*word == '\0') {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected a name (%s) %s", known, where);
    }
    found = s->on == ON_TURNS    ? state_named(word, TRUE, term)
            : s->on == ON_EVENTS ? event_named(word, term)
                                 : entity_named(s, word, term);
    if (!found)
        return query_fail(error, "“%s” is not a name conditions know; try %s", word, known);
    return TRUE;
}

static gboolean scan_op(Scan *s, QueryTerm *term, GError **error)
{
    g_autofree char *where = NULL;

    for (gsize i = 0; i < G_N_ELEMENTS(query_ops); i++) {
        gsize len = strlen(query_ops[i].text);

        if (strncmp(s->at, query_ops[i].text, len) == 0) {
            term->op = query_ops[i].op;
            s->at += len;
            return TRUE;
        }
    }
    where = scan_where(s);
    return query_fail(error, "expected one of = != < <= > >= %s", where);
}

/* An event type named in any case: "creaturedied" is CreatureDied. */
static gboolean query_type_named(const char *word, gint64 *type)
{
    for (int t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        if (g_ascii_strcasecmp(word, ev_type_name((CavEventType) t)) == 0) {
            *type = t;
            return TRUE;
        }
    }
    return FALSE;
}

/* A word after = or !=: an event type, a text, yes or no. */
static gboolean scan_word_value(Scan *s, QueryTerm *term, GError **error)
{
    const char *what = term->field == Q_TYPE             ? "an event type (such as CreatureDied)"
                       : term->kind == REPLAY_QUERY_TEXT ? "a word"
                                                         : "yes or no";

    if (term->op != Q_EQ && term->op != Q_NE)
        return query_fail(error, "%s takes = or != and %s",
                          term->field == Q_TYPE ? "type" : "a word", what);
    term->word = scan_value_word(s);
    if (*term->word == '\0') {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected %s %s", what, where);
    }
    if (term->field == Q_TYPE && !query_type_named(term->word, &term->value))
        return query_fail(error, "“%s” is not an event type (such as CreatureDied)", term->word);
    if (term->kind != REPLAY_QUERY_YES_NO)
        return TRUE;
    if (g_ascii_strcasecmp(term->word, "yes") == 0 || g_ascii_strcasecmp(term->word, "true") == 0)
        term->value = 1;
    else if (g_ascii_strcasecmp(term->word, "no") != 0 &&
             g_ascii_strcasecmp(term->word, "false") != 0)
        return query_fail(error, "expected yes or no, not “%s”", term->word);
    g_clear_pointer(&term->word, g_free);
    return TRUE;
}

static gboolean scan_number(Scan *s, QueryTerm *term, GError **error)
{
    const char *start = s->at;
    char *end = NULL;

    if (*start == '-')
        s->at++;
    if (!g_ascii_isdigit(*s->at)) {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected a whole number %s", where);
    }
    errno = 0;
    term->value = g_ascii_strtoll(start, &end, 10);
    s->at = end;
    if (errno == ERANGE || term->value > G_MAXINT32 || term->value < G_MININT32)
        return query_fail(error, "%.*s is too large a number", (int) (end - start), start);
    if (*s->at != '%')
        return TRUE;
    if (term->kind != REPLAY_QUERY_SHARE)
        return query_fail(error, "only hp, mp and food take a percentage");
    term->percent = TRUE;
    s->at++;
    return TRUE;
}

static gboolean scan_value(Scan *s, QueryTerm *term, GError **error)
{
    gboolean word = term->field == Q_TYPE || term->kind == REPLAY_QUERY_TEXT ||
                    (term->kind == REPLAY_QUERY_YES_NO && !g_ascii_isdigit(*s->at));

    if (word)
        return scan_word_value(s, term, error);
    return scan_number(s, term, error);
}

/* For entities: a word with no operator is a name to find ("goblin"). */
static gboolean scan_bare(Scan *s, QueryTerm *term)
{
    gsize len = strcspn(s->at, " \t\n");
    const char *op = strpbrk(s->at, "=<>!:");

    if (s->on != ON_ENTITIES || (op != NULL && op < s->at + len))
        return FALSE;
    if (!entity_named(s, "name", term) || term->kind != REPLAY_QUERY_TEXT)
        return FALSE;
    term->op = Q_EQ;
    term->word = g_strndup(s->at, len);
    s->at += len;
    return TRUE;
}

static gboolean scan_term(Scan *s, QueryTerm *term, GError **error)
{
    scan_spaces(s);
    if (scan_bare(s, term))
        return TRUE;
    if (!scan_name(s, term, error))
        return FALSE;
    scan_spaces(s);
    if (!scan_op(s, term, error))
        return FALSE;
    scan_spaces(s);
    return scan_value(s, term, error);
}

/* After a term: the end, or "and" or a space and another term. */
static gboolean scan_joint(Scan *s, gboolean *more, GError **error)
{
    const char *start = s->at;
    g_autofree char *word = NULL;

    if (*s->at != '\0' && !g_ascii_isspace(*s->at))
        return query_fail(error, "not one condition at “%s”: put a space or “and” between them",
                          s->at);
    scan_spaces(s);
    *more = *s->at != '\0';
    if (!*more)
        return TRUE;
    start = s->at;
    word = scan_word(s);
    if (g_ascii_strcasecmp(word, "and") == 0 && (g_ascii_isspace(*s->at) || *s->at == '\0'))
        return TRUE;
    if (g_ascii_strcasecmp(word, "or") == 0 && (g_ascii_isspace(*s->at) || *s->at == '\0'))
        return query_fail(error, "only “and” joins conditions");
    s->at = start;
    return TRUE;
}

static void term_clear(gpointer data)
{
    g_free(((QueryTerm *) data)->word);
}

static ReplayQuery *query_parse(const char *text, Scan *s, GError **error)
{
    g_autoptr(ReplayQuery) query = g_new0(ReplayQuery, 1);
    gboolean more = TRUE;

    g_return_val_if_fail(text != NULL, NULL);
    query->terms = g_array_new(FALSE, TRUE, sizeof(QueryTerm));
    g_array_set_clear_func(query->terms, term_clear);
    query->on = s->on;
    s->at = text;
    scan_spaces(s);
    if (*s->at == '\0') {
        query_fail(error, s->on == ON_EVENTS ? "an empty condition; try hp<25%% or damage>5"
                          : s->on == ON_TURNS
                              ? "an empty condition; try type=CreatureDied or hp<25%%"
                              : "an empty condition; try kind=goblin or hp<10");
        return NULL;
    }
    while (more) {
        QueryTerm term = {0};
        gboolean ok = scan_term(s, &term, error);

        g_array_append_val(query->terms, term);
        if (!ok || !scan_joint(s, &more, error))
            return NULL;
    }
    return g_steal_pointer(&query);
}

ReplayQuery *replay_query_parse(const char *text, GError **error)
{
    Scan s = {.on = ON_TURNS};

    return query_parse(text, &s, error);
}

ReplayQuery *replay_query_parse_events(const char *text, GError **error)
{
    Scan s = {.on = ON_EVENTS};

    return query_parse(text, &s, error);
}

ReplayQuery *replay_query_parse_entities(const char *text, const ReplayQueryName *names, guint n,
                                         GError **error)
{
    Scan s = {.on = ON_ENTITIES, .names = names, .n_names = n};

    g_return_val_if_fail(names != NULL || n == 0, NULL);
    return query_parse(text, &s, error);
}

gboolean replay_query_looks_like(const char *text)
{
    g_return_val_if_fail(text != NULL, FALSE);
    return strpbrk(text, "=<>!") != NULL;
}

void replay_query_free(ReplayQuery *query)
{
    if (query == NULL)
        return;
    if (query->terms != NULL)
        g_array_unref(query->terms);
    g_free(query);
}

static gboolean is_state(QueryField field)
{
    return field >= Q_HP && field <= Q_KILLS;
}

gboolean replay_query_needs_state(const ReplayQuery *query)
{
    g_return_val_if_fail(query != NULL && query->on != ON_ENTITIES, FALSE);
    for (guint i = 0; i < query->terms->len; i++) {
        QueryField field = g_array_index(query->terms, QueryTerm, i).field;
        if (query->on == ON_TURNS ? field != Q_TYPE : is_state(field))
            return TRUE;
    }
    return FALSE;
}

gboolean replay_query_needs_payload(const ReplayQuery *query)
{
    g_return_val_if_fail(query != NULL && query->on == ON_EVENTS, FALSE);
    for (guint i = 0; i < query->terms->len; i++)
        if (g_array_index(query->terms, QueryTerm, i).field == Q_PAYLOAD)
            return TRUE;
    return FALSE;
}

static gboolean query_compare(gint64 a, QueryOp op, gint64 b)
{
    switch (op) {
    case Q_EQ:
        return a == b;
    case Q_NE:
        return a != b;
    case Q_LT:
        return a < b;
    case Q_LE:
        return a <= b;
    case Q_GT:
        return a > b;
    case Q_GE:
    default:
        return a >= b;
    }
}

/* A number term against @value (of maximum @max, for a percentage):
 * hp<25% is hp × 100 < 25 × max_hp, exact, no rounding. */
static gboolean term_compare(const QueryTerm *term, gint64 value, gint64 max)
{
    if (term->percent)
        return query_compare(value * 100, term->op, term->value * max);
    return query_compare(value, term->op, term->value);
}

/* The value a state term reads from @facts, and its maximum (for %). */
static gint64 query_value(const ReplayFacts *facts, QueryField field, gint64 *max)
{
    *max = 0;
    switch (field) {
    case Q_HP:
        *max = facts->max_hp;
        return facts->hp;
    case Q_MP:
        *max = facts->max_mp;
        return facts->mp;
    case Q_FOOD:
        *max = facts->max_food;
        return facts->food;
    case Q_DEPTH:
        return facts->depth;
    case Q_LEVEL:
        return facts->level;
    case Q_XP:
        return facts->xp;
    case Q_KILLS:
        return facts->kills;
    case Q_TURN:
    case Q_TYPE:
    case Q_SEQ:
    case Q_CAUSE:
    case Q_ACTOR:
    case Q_PAYLOAD:
    case Q_ENTITY:
    default:
        return facts->turn;
    }
}

static gboolean query_term_holds(const QueryTerm *term, const ReplayFacts *facts)
{
    gint64 max, value;

    if (term->field == Q_TYPE) {
        gboolean seen = facts->types[term->value];
        return term->op == Q_EQ ? seen : !seen;
    }
    value = query_value(facts, term->field, &max);
    return term_compare(term, value, max);
}

gboolean replay_query_events_hold(const ReplayQuery *query, const ReplayFacts *facts)
{
    g_return_val_if_fail(query != NULL && facts != NULL && query->on == ON_TURNS, FALSE);
    for (guint i = 0; i < query->terms->len; i++) {
        const QueryTerm *term = &g_array_index(query->terms, QueryTerm, i);
        if (term->field == Q_TYPE && !query_term_holds(term, facts))
            return FALSE;
    }
    return TRUE;
}

gboolean replay_query_holds(const ReplayQuery *query, const ReplayFacts *facts)
{
    g_return_val_if_fail(query != NULL && facts != NULL && query->on == ON_TURNS, FALSE);
    for (guint i = 0; i < query->terms->len; i++)
        if (!query_term_holds(&g_array_index(query->terms, QueryTerm, i), facts))
            return FALSE;
    return TRUE;
}

/* ---- conditions on events ---------------------------------------------------- */

gboolean replay_query_type_may_hold(const ReplayQuery *query, CavEventType type)
{
    g_return_val_if_fail(query != NULL && query->on == ON_EVENTS, FALSE);
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, FALSE);
    for (guint i = 0; i < query->terms->len; i++) {
        const QueryTerm *term = &g_array_index(query->terms, QueryTerm, i);

        if (term->field == Q_TYPE && (term->value == type) != (term->op == Q_EQ))
            return FALSE;
        if (term->field == Q_PAYLOAD && term->fields[type] == NULL)
            return FALSE;
    }
    return TRUE;
}

/* The number a payload field holds. */
static gint64 payload_value(const CavEvent *event, const CavFieldInfo *field)
{
    const guint8 *at = (const guint8 *) &event->as + field->offset;

    if (field->kind == CAV_FIELD_I64)
        return *(const gint64 *) (const void *) at;
    return *(const gint32 *) (const void *) at;
}

static gboolean event_term_holds(const QueryTerm *term, const CavEvent *event,
                                 const ReplayFacts *facts)
{
    switch (term->field) {
    case Q_TYPE:
        return (term->value == event->type) == (term->op == Q_EQ);
    case Q_SEQ:
        return query_compare(event->seq, term->op, term->value);
    case Q_TURN:
        return query_compare(event->turn, term->op, term->value);
    case Q_CAUSE:
        return query_compare(event->cause, term->op, term->value);
    case Q_ACTOR:
        return query_compare(event->actor, term->op, term->value);
    case Q_PAYLOAD:
        return term->fields[event->type] != NULL &&
               query_compare(payload_value(event, term->fields[event->type]), term->op,
                             term->value);
    case Q_HP:
    case Q_MP:
    case Q_FOOD:
    case Q_DEPTH:
    case Q_LEVEL:
    case Q_XP:
    case Q_KILLS:
        return facts != NULL && query_term_holds(term, facts);
    case Q_ENTITY:
    default:
        return FALSE; /* not parsed on events */
    }
}

gboolean replay_query_event_holds(const ReplayQuery *query, const CavEvent *event,
                                  const ReplayFacts *facts)
{
    g_return_val_if_fail(query != NULL && query->on == ON_EVENTS && event != NULL, FALSE);
    if (event->type >= CAV_EVENT_TYPE_COUNT)
        return FALSE;
    for (guint i = 0; i < query->terms->len; i++)
        if (!event_term_holds(&g_array_index(query->terms, QueryTerm, i), event, facts))
            return FALSE;
    return TRUE;
}

/* ---- conditions on entities ---------------------------------------------------- */

static gboolean entity_term_holds(const QueryTerm *term, const ReplayQueryReader *reader,
                                  gpointer data)
{
    gint64 max = 0, value;

    if (term->kind == REPLAY_QUERY_TEXT) {
        gboolean holds = reader->holds(term->index, term->word, data);
        return term->op == Q_NE ? !holds : holds;
    }
    return reader->number(term->index, &value, &max, data) && term_compare(term, value, max);
}

gboolean replay_query_entity_holds(const ReplayQuery *query, const ReplayQueryReader *reader,
                                   gpointer data)
{
    g_return_val_if_fail(query != NULL && query->on == ON_ENTITIES && reader != NULL, FALSE);
    for (guint i = 0; i < query->terms->len; i++)
        if (!entity_term_holds(&g_array_index(query->terms, QueryTerm, i), reader, data))
            return FALSE;
    return TRUE;
}
