/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-entity-row.c — an entity list item: plain values, set once. */
#include "cav-entity-row.h"

struct _CavEntityRow {
    GObject parent_instance;
    CavRefKind kind;
    gint32 id;
    char *name, *place, *condition;
};

G_DEFINE_FINAL_TYPE(CavEntityRow, cav_entity_row, G_TYPE_OBJECT)

enum { PROP_0, PROP_NAME, PROP_PLACE, PROP_CONDITION, N_PROPS };
static GParamSpec *props[N_PROPS];

static void cav_entity_row_finalize(GObject *object)
{
    CavEntityRow *self = CAV_ENTITY_ROW(object);

    g_free(self->name);
    g_free(self->place);
    g_free(self->condition);
    G_OBJECT_CLASS(cav_entity_row_parent_class)->finalize(object);
}

static void cav_entity_row_get_property(GObject *object, guint prop_id, GValue *value,
                                        GParamSpec *pspec)
{
    CavEntityRow *self = CAV_ENTITY_ROW(object);

    switch (prop_id) {
    case PROP_NAME:
        g_value_set_string(value, self->name);
        break;
    case PROP_PLACE:
        g_value_set_string(value, self->place);
        break;
    case PROP_CONDITION:
        g_value_set_string(value, self->condition);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_entity_row_class_init(CavEntityRowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

    object_class->finalize = cav_entity_row_finalize;
    object_class->get_property = cav_entity_row_get_property;
    props[PROP_NAME] = g_param_spec_string("name", NULL, NULL, NULL, flags);
    props[PROP_PLACE] = g_param_spec_string("place", NULL, NULL, NULL, flags);
    props[PROP_CONDITION] = g_param_spec_string("condition", NULL, NULL, NULL, flags);
    g_object_class_install_properties(object_class, N_PROPS, props);
}

static void cav_entity_row_init(CavEntityRow *self)
{
}

CavEntityRow *cav_entity_row_new(CavRefKind kind, gint32 id, const char *name, const char *place,
                                 const char *condition)
{
    CavEntityRow *self = g_object_new(CAV_TYPE_ENTITY_ROW, NULL);

    self->kind = kind;
    self->id = id;
    self->name = g_strdup(name);
    self->place = g_strdup(place);
    self->condition = g_strdup(condition);
    return self;
}

CavRefKind cav_entity_row_get_kind(CavEntityRow *self)
{
    g_return_val_if_fail(CAV_IS_ENTITY_ROW(self), CAV_REF_NONE);
    return self->kind;
}

gint32 cav_entity_row_get_id(CavEntityRow *self)
{
    g_return_val_if_fail(CAV_IS_ENTITY_ROW(self), 0);
    return self->id;
}

const char *cav_entity_row_get_name(CavEntityRow *self)
{
    g_return_val_if_fail(CAV_IS_ENTITY_ROW(self), NULL);
    return self->name;
}

const char *cav_entity_row_get_place(CavEntityRow *self)
{
    g_return_val_if_fail(CAV_IS_ENTITY_ROW(self), NULL);
    return self->place;
}

const char *cav_entity_row_get_condition(CavEntityRow *self)
{
    g_return_val_if_fail(CAV_IS_ENTITY_ROW(self), NULL);
    return self->condition;
}
