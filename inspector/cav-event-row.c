/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-event-row.c — CavEventRow: one event of a timeline as a list item.
 * Making a row costs an object and a reference: every text is rendered the
 * first time it is read (a filter over a long game makes a row per event). */
#include "cav-event-row.h"

struct _CavEventRow {
    GObject parent_instance;

    CavTimeline *timeline; /* a reference */
    gint64 seq;
    char *actor; /* each rendered on first read */
    char *target;
    char *summary;
};

enum {
    PROP_0,
    PROP_SEQ,
    PROP_TURN,
    PROP_TYPE_NAME,
    PROP_ACTOR,
    PROP_TARGET,
    PROP_SUMMARY,
    N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE(CavEventRow, cav_event_row, G_TYPE_OBJECT)

static const HistoryEntry *row_entry(CavEventRow *self)
{
    const HistoryEntry *entry = history_entry(cav_timeline_get_history(self->timeline), self->seq);

    g_assert(entry != NULL); /* a history only grows */
    return entry;
}

/* The creature the row counts as the actor: the envelope's, the one whose
 * deed the event records, as the detail's "Actor" says; 0 for none (a
 * follow-up of the rules, a game lost). */
static gint32 actor_id(const HistoryEntry *entry)
{
    return entry->actor;
}

static char *entity_name(CavEventRow *self, CavRefKind kind, gint32 id)
{
    GString *name = g_string_new(NULL);

    if (id != 0 && cav_timeline_get_truth(self->timeline))
        history_append_name(cav_timeline_get_history(self->timeline), kind, id, name);
    else if (id != 0)
        history_append_name_seen(cav_timeline_get_history(self->timeline), kind, id, self->seq,
                                 name);
    return g_string_free(name, FALSE);
}

CavEventRow *cav_event_row_new(CavTimeline *timeline, gint64 seq)
{
    CavEventRow *self;

    g_return_val_if_fail(CAV_IS_TIMELINE(timeline), NULL);
    g_return_val_if_fail(history_entry(cav_timeline_get_history(timeline), seq) != NULL, NULL);
    self = g_object_new(CAV_TYPE_EVENT_ROW, NULL);
    self->timeline = g_object_ref(timeline);
    self->seq = seq;
    return self;
}

CavTimeline *cav_event_row_get_timeline(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), NULL);
    return self->timeline;
}

gint64 cav_event_row_get_seq(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), 0);
    return self->seq;
}

int cav_event_row_get_turn(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), 0);
    return row_entry(self)->turn;
}

const char *cav_event_row_get_type_name(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), NULL);
    return ev_type_name((CavEventType) row_entry(self)->type);
}

const char *cav_event_row_get_actor(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), NULL);
    if (self->actor == NULL)
        self->actor = entity_name(self, CAV_REF_CREATURE, actor_id(row_entry(self)));
    return self->actor;
}

const char *cav_event_row_get_target(CavEventRow *self)
{
    const HistoryEntry *entry;

    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), NULL);
    if (self->target == NULL) {
        entry = row_entry(self);
        self->target = entity_name(self, (CavRefKind) entry->target_kind, entry->target);
    }
    return self->target;
}

const char *cav_event_row_get_summary(CavEventRow *self)
{
    g_return_val_if_fail(CAV_IS_EVENT_ROW(self), NULL);
    if (self->summary == NULL)
        self->summary = g_strdup(cav_timeline_summary(self->timeline, self->seq));
    return self->summary;
}

static void cav_event_row_get_property(GObject *object, guint prop_id, GValue *value,
                                       GParamSpec *pspec)
{
    CavEventRow *self = CAV_EVENT_ROW(object);

    switch (prop_id) {
    case PROP_SEQ:
        g_value_set_int64(value, self->seq);
        break;
    case PROP_TURN:
        g_value_set_int(value, cav_event_row_get_turn(self));
        break;
    case PROP_TYPE_NAME:
        g_value_set_static_string(value, cav_event_row_get_type_name(self));
        break;
    case PROP_ACTOR:
        g_value_set_string(value, cav_event_row_get_actor(self));
        break;
    case PROP_TARGET:
        g_value_set_string(value, cav_event_row_get_target(self));
        break;
    case PROP_SUMMARY:
        g_value_set_string(value, cav_event_row_get_summary(self));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_event_row_finalize(GObject *object)
{
    CavEventRow *self = CAV_EVENT_ROW(object);

    g_clear_object(&self->timeline);
    g_free(self->actor);
    g_free(self->target);
    g_free(self->summary);
    G_OBJECT_CLASS(cav_event_row_parent_class)->finalize(object);
}

static void cav_event_row_class_init(CavEventRowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

    object_class->get_property = cav_event_row_get_property;
    object_class->finalize = cav_event_row_finalize;
    properties[PROP_SEQ] =
        g_param_spec_int64("seq", NULL, "The event's sequence number", 0, G_MAXINT64, 0, flags);
    properties[PROP_TURN] =
        g_param_spec_int("turn", NULL, "The turn of the event", 0, G_MAXINT, 0, flags);
    properties[PROP_TYPE_NAME] =
        g_param_spec_string("type-name", NULL, "The catalog's name of its type", NULL, flags);
    properties[PROP_ACTOR] =
        g_param_spec_string("actor", NULL, "Who brought it about", NULL, flags);
    properties[PROP_TARGET] =
        g_param_spec_string("target", NULL, "The first other entity it names", NULL, flags);
    properties[PROP_SUMMARY] =
        g_param_spec_string("summary", NULL, "Its one-line summary", NULL, flags);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void cav_event_row_init(CavEventRow *self)
{
}
