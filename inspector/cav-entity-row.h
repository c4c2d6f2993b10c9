/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-entity-row.h — one creature or item as it is at the shown event, as an
 * item of the inspector's entity list. */
#ifndef CAV_INSPECTOR_CAV_ENTITY_ROW_H
#define CAV_INSPECTOR_CAV_ENTITY_ROW_H

#include <glib-object.h>

#include "event.h"

G_BEGIN_DECLS

#define CAV_TYPE_ENTITY_ROW (cav_entity_row_get_type())
G_DECLARE_FINAL_TYPE(CavEntityRow, cav_entity_row, CAV, ENTITY_ROW, GObject)

/* A row for entity @id of @kind, shown as @name, @place ("level 2 (3,4)",
 * "carried by you") and @condition ("hp 12/20, level 2", "×3"). */
CavEntityRow *cav_entity_row_new(CavRefKind kind, gint32 id, const char *name, const char *place,
                                 const char *condition);

CavRefKind cav_entity_row_get_kind(CavEntityRow *self);
gint32 cav_entity_row_get_id(CavEntityRow *self);
const char *cav_entity_row_get_name(CavEntityRow *self);
const char *cav_entity_row_get_place(CavEntityRow *self);
const char *cav_entity_row_get_condition(CavEntityRow *self);

G_END_DECLS

#endif
