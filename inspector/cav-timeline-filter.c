/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline-filter.c — CavTimelineFilter: criteria on a timeline's events.
 * Each setter compares the new criterion with the old as sets of events and
 * tells the filter model whether it only narrowed (so only the rows shown are
 * checked again), only widened (only the rows hidden), or neither. */
#include "cav-timeline-filter.h"

#include <string.h>

#include "cav-event-row.h"
#include "analysis.h"
#include "replay-query.h"

struct _CavTimelineFilter {
    GtkFilter parent_instance;

    CavTimeline *timeline; /* a reference */
    gboolean types[CAV_EVENT_TYPE_COUNT];
    gboolean any_type; /* none or all chosen: every type goes */
    CavRefKind entity_kind;
    gint32 entity_id;
    gint32 first_turn, last_turn; /* -1: open */
    char *text;                   /* as set; "" for none */
    char **words;                 /* @text's words casefolded, NULL for none or a condition */
    ReplayQuery *query;           /* @text as a condition on events, or NULL */
    char *query_error;            /* why @text, meant as a condition, is not one */
};

enum { PROP_0, PROP_TIMELINE, PROP_TEXT, N_PROPS };

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE(CavTimelineFilter, cav_timeline_filter, GTK_TYPE_FILTER)

/* How a criterion changed, as sets of the events it lets through. */
typedef enum { CHANGE_SAME, CHANGE_NARROWER, CHANGE_WIDER, CHANGE_OTHER } Change;

/* The change from a criterion letting @old through to one letting @new
 * through, knowing whether each contains the other. */
static Change change_of(gboolean old_has_new, gboolean new_has_old)
{
    if (old_has_new && new_has_old)
        return CHANGE_SAME;
    return old_has_new ? CHANGE_NARROWER : new_has_old ? CHANGE_WIDER : CHANGE_OTHER;
}

static void announce(CavTimelineFilter *self, Change change)
{
    switch (change) {
    case CHANGE_SAME:
        break;
    case CHANGE_NARROWER:
        gtk_filter_changed(GTK_FILTER(self), GTK_FILTER_CHANGE_MORE_STRICT);
        break;
    case CHANGE_WIDER:
        gtk_filter_changed(GTK_FILTER(self), GTK_FILTER_CHANGE_LESS_STRICT);
        break;
    case CHANGE_OTHER:
        gtk_filter_changed(GTK_FILTER(self), GTK_FILTER_CHANGE_DIFFERENT);
        break;
    }
}

/* ---- matching ---------------------------------------------------------------- */

/* The turns let through, as an inclusive range (empty when lo > hi). */
static void turn_range(gint32 first, gint32 last, gint32 *lo, gint32 *hi)
{
    *lo = first < 0 ? 0 : first;
    *hi = last < 0 ? G_MAXINT32 : last;
}

static gboolean is_ascii(const char *text)
{
    for (; *text != '\0'; text++)
        if ((guchar) *text >= 0x80)
            return FALSE;
    return TRUE;
}

/* Whether @haystack contains @folded (casefolded), ignoring case. */
static gboolean contains_folded(const char *haystack, const char *folded)
{
    g_autofree char *folded_haystack = NULL;
    gsize n = strlen(folded);

    /* ASCII folds to ASCII lower case: no copy needed. */
    if (is_ascii(haystack) && is_ascii(folded)) {
        for (const char *h = haystack; *h != '\0'; h++) {
            gsize i = 0;
            while (i < n && h[i] != '\0' && g_ascii_tolower(h[i]) == folded[i])
                i++;
            if (i == n)
                return TRUE;
        }
        return n == 0;
    }
    folded_haystack = g_utf8_casefold(haystack, -1);
    return strstr(folded_haystack, folded) != NULL;
}

/* Whether @haystack contains every one of @words (casefolded), ignoring
 * case, in any order. */
static gboolean contains_words(const char *haystack, char *const *words)
{
    for (guint i = 0; words[i] != NULL; i++)
        if (!contains_folded(haystack, words[i]))
            return FALSE;
    return TRUE;
}

/* @text's words, casefolded, or NULL when it has none. */
static char **fold_words(const char *text)
{
    g_autofree char *folded = g_utf8_casefold(text, -1);
    g_auto(GStrv) split = g_strsplit_set(g_strstrip(folded), " \t\n", -1);
    g_autoptr(GStrvBuilder) words = g_strv_builder_new();

    for (guint i = 0; split[i] != NULL; i++)
        if (*split[i] != '\0')
            g_strv_builder_add(words, split[i]);
    {
        char **result = g_strv_builder_end(words);
        if (result[0] == NULL)
            g_clear_pointer(&result, g_strfreev);
        return result;
    }
}

/* Whether every event with all of @longer's words has all of @shorter's:
 * each of @shorter's words is inside one of @longer's. NULL: no words. */
static gboolean words_imply(char *const *longer, char *const *shorter)
{
    for (guint i = 0; shorter != NULL && shorter[i] != NULL; i++) {
        gboolean found = FALSE;
        for (guint j = 0; !found && longer != NULL && longer[j] != NULL; j++)
            found = strstr(longer[j], shorter[i]) != NULL;
        if (!found)
            return FALSE;
    }
    return TRUE;
}

/* Whether event @seq (indexed by @entry) meets the condition: the index
 * rules out most types before the event is decoded. */
static gboolean query_matches(CavTimelineFilter *self, const HistoryEntry *entry, gint64 seq)
{
    const CavEvent *event = NULL;

    if (entry->type >= CAV_EVENT_TYPE_COUNT ||
        !replay_query_type_may_hold(self->query, (CavEventType) entry->type))
        return FALSE;
    if (replay_query_needs_payload(self->query) &&
        (event = cav_timeline_event(self->timeline, seq)) == NULL)
        return FALSE;
    return analysis_event_meets(cav_timeline_get_history(self->timeline), self->query, seq, entry,
                                event);
}

static gboolean cav_timeline_filter_match(GtkFilter *filter, gpointer item)
{
    CavTimelineFilter *self = CAV_TIMELINE_FILTER(filter);
    CavEventRow *row = item;
    const HistoryEntry *entry;
    gint32 lo, hi;

    g_return_val_if_fail(CAV_IS_EVENT_ROW(row), FALSE);
    g_return_val_if_fail(cav_event_row_get_timeline(row) == self->timeline, FALSE);
    entry = history_entry(cav_timeline_get_history(self->timeline), cav_event_row_get_seq(row));
    turn_range(self->first_turn, self->last_turn, &lo, &hi);
    if (!self->any_type && (entry->type >= CAV_EVENT_TYPE_COUNT || !self->types[entry->type]))
        return FALSE;
    if (entry->turn < lo || entry->turn > hi)
        return FALSE;
    if (self->entity_kind != CAV_REF_NONE &&
        !history_entry_names(entry, self->entity_kind, self->entity_id))
        return FALSE;
    if (self->query_error != NULL)
        return FALSE;
    if (self->query != NULL)
        return query_matches(self, entry, cav_event_row_get_seq(row));
    return self->words == NULL || contains_words(cav_event_row_get_summary(row), self->words);
}

static GtkFilterMatch cav_timeline_filter_get_strictness(GtkFilter *filter)
{
    CavTimelineFilter *self = CAV_TIMELINE_FILTER(filter);
    gint32 lo, hi;

    turn_range(self->first_turn, self->last_turn, &lo, &hi);
    if (lo > hi)
        return GTK_FILTER_MATCH_NONE;
    return cav_timeline_filter_is_active(self) ? GTK_FILTER_MATCH_SOME : GTK_FILTER_MATCH_ALL;
}

gboolean cav_timeline_filter_is_active(CavTimelineFilter *self)
{
    gint32 lo, hi;

    g_return_val_if_fail(CAV_IS_TIMELINE_FILTER(self), FALSE);
    turn_range(self->first_turn, self->last_turn, &lo, &hi);
    return !self->any_type || self->entity_kind != CAV_REF_NONE || lo > 0 || hi < G_MAXINT32 ||
           self->words != NULL || self->query != NULL || self->query_error != NULL;
}

/* ---- criteria ---------------------------------------------------------------- */

/* Whether every type @inner lets through @outer does too; an all-FALSE set
 * (any) lets every type through. */
static gboolean types_contain(const gboolean outer[], gboolean outer_any, const gboolean inner[],
                              gboolean inner_any)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
        if ((inner_any || inner[t]) && !(outer_any || outer[t]))
            return FALSE;
    return TRUE;
}

void cav_timeline_filter_set_types(CavTimelineFilter *self,
                                   const gboolean types[CAV_EVENT_TYPE_COUNT])
{
    gboolean chosen[CAV_EVENT_TYPE_COUNT] = {FALSE}, any;
    guint count = 0;
    Change change;

    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    for (guint t = 0; types != NULL && t < CAV_EVENT_TYPE_COUNT; t++) {
        chosen[t] = types[t] != FALSE;
        count += chosen[t];
    }
    /* None chosen or all chosen: either way every type goes. */
    any = count == 0 || count == CAV_EVENT_TYPE_COUNT;
    change = change_of(types_contain(self->types, self->any_type, chosen, any),
                       types_contain(chosen, any, self->types, self->any_type));
    memcpy(self->types, chosen, sizeof chosen);
    self->any_type = any;
    announce(self, change);
}

void cav_timeline_filter_get_types(CavTimelineFilter *self, gboolean types[CAV_EVENT_TYPE_COUNT])
{
    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self) && types != NULL);
    memcpy(types, self->types, sizeof self->types);
}

void cav_timeline_filter_set_entity(CavTimelineFilter *self, CavRefKind kind, gint32 id)
{
    gboolean old_any, new_any;
    Change change;

    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    g_return_if_fail(kind == CAV_REF_NONE || kind == CAV_REF_CREATURE || kind == CAV_REF_ITEM);
    g_return_if_fail(kind == CAV_REF_NONE || id > 0);
    if (kind == CAV_REF_NONE)
        id = 0;
    old_any = self->entity_kind == CAV_REF_NONE;
    new_any = kind == CAV_REF_NONE;
    if (kind == self->entity_kind && id == self->entity_id)
        change = CHANGE_SAME;
    else
        change = change_of(old_any, new_any);
    self->entity_kind = kind;
    self->entity_id = id;
    announce(self, change);
}

void cav_timeline_filter_get_entity(CavTimelineFilter *self, CavRefKind *kind, gint32 *id)
{
    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    if (kind != NULL)
        *kind = self->entity_kind;
    if (id != NULL)
        *id = self->entity_id;
}

/* Whether the turns @outer_lo … @outer_hi include @inner_lo … @inner_hi. */
static gboolean range_contains(gint32 outer_lo, gint32 outer_hi, gint32 inner_lo, gint32 inner_hi)
{
    if (inner_lo > inner_hi)
        return TRUE;
    return outer_lo <= inner_lo && inner_hi <= outer_hi;
}

void cav_timeline_filter_set_turns(CavTimelineFilter *self, gint32 first, gint32 last)
{
    gint32 old_lo, old_hi, new_lo, new_hi;
    Change change;

    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    g_return_if_fail(first >= -1 && last >= -1);
    turn_range(self->first_turn, self->last_turn, &old_lo, &old_hi);
    turn_range(first, last, &new_lo, &new_hi);
    change = change_of(range_contains(old_lo, old_hi, new_lo, new_hi),
                       range_contains(new_lo, new_hi, old_lo, old_hi));
    self->first_turn = first;
    self->last_turn = last;
    announce(self, change);
}

void cav_timeline_filter_get_turns(CavTimelineFilter *self, gint32 *first, gint32 *last)
{
    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    if (first != NULL)
        *first = self->first_turn;
    if (last != NULL)
        *last = self->last_turn;
}

/* Take @text as a condition on events when it looks like one (setting
 * the query or the error, TRUE), else clear both (FALSE). */
static gboolean set_query(CavTimelineFilter *self, const char *text)
{
    g_autoptr(GError) error = NULL;

    g_clear_pointer(&self->query, replay_query_free);
    g_clear_pointer(&self->query_error, g_free);
    if (!replay_query_looks_like(text))
        return FALSE;
    self->query = replay_query_parse_events(text, &error);
    if (self->query == NULL)
        self->query_error = g_strdup(error->message);
    return TRUE;
}

void cav_timeline_filter_set_text(CavTimelineFilter *self, const char *text)
{
    g_auto(GStrv) words = NULL;
    gboolean was_query;
    Change change;

    g_return_if_fail(CAV_IS_TIMELINE_FILTER(self));
    if (text == NULL)
        text = "";
    if (strcmp(text, self->text) == 0)
        return;
    was_query = self->query != NULL || self->query_error != NULL;
    if (set_query(self, text)) {
        change = CHANGE_OTHER; /* conditions are not compared */
    } else {
        words = fold_words(text);
        change = was_query
                     ? CHANGE_OTHER
                     : change_of(words_imply(words, self->words), words_imply(self->words, words));
    }
    g_free(self->text);
    self->text = g_strdup(text);
    g_strfreev(self->words);
    self->words = g_steal_pointer(&words);
    announce(self, change);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_TEXT]);
}

const char *cav_timeline_filter_get_text(CavTimelineFilter *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE_FILTER(self), NULL);
    return self->text;
}

const ReplayQuery *cav_timeline_filter_get_query(CavTimelineFilter *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE_FILTER(self), NULL);
    return self->query;
}

const char *cav_timeline_filter_get_error(CavTimelineFilter *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE_FILTER(self), NULL);
    return self->query_error;
}

/* ---- the object -------------------------------------------------------------- */

CavTimelineFilter *cav_timeline_filter_new(CavTimeline *timeline)
{
    g_return_val_if_fail(CAV_IS_TIMELINE(timeline), NULL);
    return g_object_new(CAV_TYPE_TIMELINE_FILTER, "timeline", timeline, NULL);
}

CavTimeline *cav_timeline_filter_get_timeline(CavTimelineFilter *self)
{
    g_return_val_if_fail(CAV_IS_TIMELINE_FILTER(self), NULL);
    return self->timeline;
}

static void cav_timeline_filter_get_property(GObject *object, guint prop_id, GValue *value,
                                             GParamSpec *pspec)
{
    CavTimelineFilter *self = CAV_TIMELINE_FILTER(object);

    switch (prop_id) {
    case PROP_TIMELINE:
        g_value_set_object(value, self->timeline);
        break;
    case PROP_TEXT:
        g_value_set_string(value, self->text);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_timeline_filter_set_property(GObject *object, guint prop_id, const GValue *value,
                                             GParamSpec *pspec)
{
    CavTimelineFilter *self = CAV_TIMELINE_FILTER(object);

    switch (prop_id) {
    case PROP_TIMELINE:
        self->timeline = g_value_dup_object(value);
        break;
    case PROP_TEXT:
        cav_timeline_filter_set_text(self, g_value_get_string(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_timeline_filter_finalize(GObject *object)
{
    CavTimelineFilter *self = CAV_TIMELINE_FILTER(object);

    g_clear_object(&self->timeline);
    g_free(self->text);
    g_strfreev(self->words);
    g_clear_pointer(&self->query, replay_query_free);
    g_free(self->query_error);
    G_OBJECT_CLASS(cav_timeline_filter_parent_class)->finalize(object);
}

static void cav_timeline_filter_class_init(CavTimelineFilterClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkFilterClass *filter_class = GTK_FILTER_CLASS(klass);

    object_class->get_property = cav_timeline_filter_get_property;
    object_class->set_property = cav_timeline_filter_set_property;
    object_class->finalize = cav_timeline_filter_finalize;
    filter_class->match = cav_timeline_filter_match;
    filter_class->get_strictness = cav_timeline_filter_get_strictness;
    properties[PROP_TIMELINE] = g_param_spec_object(
        "timeline", NULL, "The timeline whose rows are filtered", CAV_TYPE_TIMELINE,
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    properties[PROP_TEXT] =
        g_param_spec_string("text", NULL, "Text the summary must contain, ignoring case", "",
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void cav_timeline_filter_init(CavTimelineFilter *self)
{
    self->any_type = TRUE;
    self->entity_kind = CAV_REF_NONE;
    self->first_turn = -1;
    self->last_turn = -1;
    self->text = g_strdup("");
}
