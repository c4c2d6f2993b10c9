/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-query.c — parsing and evaluating the conditions on turns (the
 * replay's seeks) and on events (the inspector's search): a hand-written
 * scanner over the text, terms kept in an array, every term ANDed. */
#include "replay-query.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef enum { Q_EQ, Q_NE, Q_LT, Q_LE, Q_GT, Q_GE } QueryOp;

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
} QueryField;

typedef struct {
    QueryField field;
    QueryOp op;
    gint64 value;     /* the number, or the CavEventType for Q_TYPE */
    gboolean percent; /* value is a percentage of the field's maximum */
    /* Q_PAYLOAD: the field of each type with the name (NULL: no such number) */
    const CavFieldInfo *fields[CAV_EVENT_TYPE_COUNT];
} QueryTerm;

struct ReplayQuery {
    GArray *terms;   /* of QueryTerm */
    gboolean events; /* on events (replay_query_parse_events), not turns */
};

/* The envelope's names in a condition on events; any other is a payload's. */
static const struct {
    const char *name;
    QueryField field;
} event_names[] = {
    {"type", Q_TYPE}, {"seq", Q_SEQ}, {"turn", Q_TURN}, {"cause", Q_CAUSE}, {"actor", Q_ACTOR},
};

static const struct {
    const char *name;
    QueryField field;
    gboolean percent; /* takes a percentage */
} query_names[] = {
    {"type", Q_TYPE, FALSE}, {"hp", Q_HP, TRUE},        {"mp", Q_MP, TRUE},
    {"food", Q_FOOD, TRUE},  {"depth", Q_DEPTH, FALSE}, {"level", Q_LEVEL, FALSE},
    {"xp", Q_XP, FALSE},     {"kills", Q_KILLS, FALSE}, {"turn", Q_TURN, FALSE},
};

static const struct {
    const char *text;
    QueryOp op;
} query_ops[] = {
    /* longest first, so that "<=" is not read as "<" */
    {"!=", Q_NE}, {"<=", Q_LE}, {">=", Q_GE}, {"==", Q_EQ}, {"=", Q_EQ}, {"<", Q_LT}, {">", Q_GT},
};

GQuark replay_query_error_quark(void)
{
    return g_quark_from_static_string("replay-query-error-quark");
}

/* A scanner: the text and where it stands. */
typedef struct {
    const char *at;
} Scan;

static void scan_spaces(Scan *s)
{
    while (g_ascii_isspace(*s->at))
        s->at++;
}

/* The next run of letters and underscores (empty when there is none). */
static char *scan_word(Scan *s)
{
    const char *start = s->at;

    while (g_ascii_isalpha(*s->at) || *s->at == '_')
        s->at++;
    return g_strndup(start, (gsize) (s->at - start));
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

static gboolean scan_event_name(Scan *s, QueryTerm *term, GError **error)
{
    g_autofree char *word = scan_word(s);

    for (gsize i = 0; i < G_N_ELEMENTS(event_names); i++) {
        if (g_ascii_strcasecmp(word, event_names[i].name) == 0) {
            term->field = event_names[i].field;
            return TRUE;
        }
    }
    term->field = Q_PAYLOAD;
    if (*word != '\0' && payload_fields_named(word, term))
        return TRUE;
    if (*word == '\0') {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected a name (%s) %s", REPLAY_QUERY_EVENT_NAMES, where);
    }
    return query_fail(error, "“%s” is not a number any event holds; try %s", word,
                      REPLAY_QUERY_EVENT_NAMES);
}

static gboolean scan_name(Scan *s, QueryTerm *term, gboolean *percent_ok, GError **error)
{
    g_autofree char *word = scan_word(s);

    for (gsize i = 0; i < G_N_ELEMENTS(query_names); i++) {
        if (g_ascii_strcasecmp(word, query_names[i].name) == 0) {
            term->field = query_names[i].field;
            *percent_ok = query_names[i].percent;
            return TRUE;
        }
    }
    if (*word == '\0') {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected a name (type, %s) %s", REPLAY_QUERY_NAMES, where);
    }
    return query_fail(error, "“%s” is not a name conditions know; try type, %s", word,
                      REPLAY_QUERY_NAMES);
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

static gboolean scan_type(Scan *s, QueryTerm *term, GError **error)
{
    g_autofree char *word = NULL;

    if (term->op != Q_EQ && term->op != Q_NE)
        return query_fail(error, "type takes = or != and an event type");
    word = scan_word(s);
    if (*word == '\0') {
        g_autofree char *where = scan_where(s);
        return query_fail(error, "expected an event type (such as CreatureDied) %s", where);
    }
    if (!query_type_named(word, &term->value))
        return query_fail(error, "“%s” is not an event type (such as CreatureDied)", word);
    return TRUE;
}

static gboolean scan_number(Scan *s, QueryTerm *term, gboolean percent_ok, GError **error)
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
    if (!percent_ok)
        return query_fail(error, "only hp, mp and food take a percentage");
    term->percent = TRUE;
    s->at++;
    return TRUE;
}

static gboolean scan_term(Scan *s, gboolean events, QueryTerm *term, GError **error)
{
    gboolean percent_ok = FALSE;

    scan_spaces(s);
    if (events ? !scan_event_name(s, term, error) : !scan_name(s, term, &percent_ok, error))
        return FALSE;
    scan_spaces(s);
    if (!scan_op(s, term, error))
        return FALSE;
    scan_spaces(s);
    if (term->field == Q_TYPE)
        return scan_type(s, term, error);
    return scan_number(s, term, percent_ok, error);
}

/* After a term: the end, or "and" and another term. */
static gboolean scan_joint(Scan *s, gboolean *more, GError **error)
{
    const char *start;
    g_autofree char *word = NULL;

    scan_spaces(s);
    *more = *s->at != '\0';
    if (!*more)
        return TRUE;
    start = s->at;
    word = scan_word(s);
    if (g_ascii_strcasecmp(word, "and") == 0 && (g_ascii_isspace(*s->at) || *s->at == '\0'))
        return TRUE;
    if (g_ascii_strcasecmp(word, "or") == 0)
        return query_fail(error, "only “and” joins conditions");
    s->at = start;
    return query_fail(error, "expected “and” or the end at “%s”", s->at);
}

static ReplayQuery *query_parse(const char *text, gboolean events, GError **error)
{
    g_autoptr(ReplayQuery) query = g_new0(ReplayQuery, 1);
    Scan s = {.at = text};
    gboolean more = TRUE;

    g_return_val_if_fail(text != NULL, NULL);
    query->terms = g_array_new(FALSE, TRUE, sizeof(QueryTerm));
    query->events = events;
    scan_spaces(&s);
    if (*s.at == '\0') {
        query_fail(error, events ? "an empty condition; try type=CreatureDied or damage>5"
                                 : "an empty condition; try type=CreatureDied or hp<25%%");
        return NULL;
    }
    while (more) {
        QueryTerm term = {0};

        if (!scan_term(&s, events, &term, error) || !scan_joint(&s, &more, error))
            return NULL;
        g_array_append_val(query->terms, term);
    }
    return g_steal_pointer(&query);
}

ReplayQuery *replay_query_parse(const char *text, GError **error)
{
    return query_parse(text, FALSE, error);
}

ReplayQuery *replay_query_parse_events(const char *text, GError **error)
{
    return query_parse(text, TRUE, error);
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

gboolean replay_query_needs_state(const ReplayQuery *query)
{
    g_return_val_if_fail(query != NULL && !query->events, FALSE);
    for (guint i = 0; i < query->terms->len; i++)
        if (g_array_index(query->terms, QueryTerm, i).field != Q_TYPE)
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
    /* hp<25% is hp × 100 < 25 × max_hp: exact, no rounding */
    if (term->percent)
        return query_compare(value * 100, term->op, term->value * max);
    return query_compare(value, term->op, term->value);
}

gboolean replay_query_events_hold(const ReplayQuery *query, const ReplayFacts *facts)
{
    g_return_val_if_fail(query != NULL && facts != NULL && !query->events, FALSE);
    for (guint i = 0; i < query->terms->len; i++) {
        const QueryTerm *term = &g_array_index(query->terms, QueryTerm, i);
        if (term->field == Q_TYPE && !query_term_holds(term, facts))
            return FALSE;
    }
    return TRUE;
}

gboolean replay_query_holds(const ReplayQuery *query, const ReplayFacts *facts)
{
    g_return_val_if_fail(query != NULL && facts != NULL && !query->events, FALSE);
    for (guint i = 0; i < query->terms->len; i++)
        if (!query_term_holds(&g_array_index(query->terms, QueryTerm, i), facts))
            return FALSE;
    return TRUE;
}

/* ---- conditions on events ---------------------------------------------------- */

gboolean replay_query_type_may_hold(const ReplayQuery *query, CavEventType type)
{
    g_return_val_if_fail(query != NULL && query->events, FALSE);
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

static gboolean event_term_holds(const QueryTerm *term, const CavEvent *event)
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
    default:
        return FALSE; /* not parsed on events */
    }
}

gboolean replay_query_event_holds(const ReplayQuery *query, const CavEvent *event)
{
    g_return_val_if_fail(query != NULL && query->events && event != NULL, FALSE);
    if (event->type >= CAV_EVENT_TYPE_COUNT)
        return FALSE;
    for (guint i = 0; i < query->terms->len; i++)
        if (!event_term_holds(&g_array_index(query->terms, QueryTerm, i), event))
            return FALSE;
    return TRUE;
}
