/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-entity-panel.h — the Entities page: the creatures and items at the
 * event shown, and the one selected: what it is, and its history. */
#ifndef CAV_INSPECTOR_CAV_ENTITY_PANEL_H
#define CAV_INSPECTOR_CAV_ENTITY_PANEL_H

#include <gtk/gtk.h>

#include "cav-timeline.h"

G_BEGIN_DECLS

#define CAV_TYPE_ENTITY_PANEL (cav_entity_panel_get_type())
G_DECLARE_FINAL_TYPE(CavEntityPanel, cav_entity_panel, CAV, ENTITY_PANEL, GtkWidget)

GtkWidget *cav_entity_panel_new(void);

/* Show the entities of @timeline's history (referenced; NULL: none, and
 * nothing selected). The history is read where it stands at each refresh. */
void cav_entity_panel_set_timeline(CavEntityPanel *self, CavTimeline *timeline);

/* Whether the panel is in view. Out of view it neither lists nor filters
 * (on a long game the entity's history is a pass over every event); coming
 * into view it catches up. */
void cav_entity_panel_set_active(CavEntityPanel *self, gboolean active);

/* Name things as the whole truth has them (TRUE) or as the player knows
 * them. */
void cav_entity_panel_set_truth(CavEntityPanel *self, gboolean truth);

/* The history moved: list the entities at its event again (when active). */
void cav_entity_panel_refresh(CavEntityPanel *self);

/* Select entity @id of @kind (CAV_REF_NONE: none): its state and history.
 * Emits "selected". */
void cav_entity_panel_select(CavEntityPanel *self, CavRefKind kind, gint32 id);

/* The entity selected: its kind (CAV_REF_NONE for none) and id. */
CavRefKind cav_entity_panel_get_selected(CavEntityPanel *self, gint32 *id);

/* Signals:
 * "selected" (int kind, int id): an entity was selected, by a click or
 * cav_entity_panel_select();
 * "seek" (gint64 seq): a row of its history was activated;
 * "activate-link" (const char *uri) → gboolean: a link in its description
 * was clicked, as CavEventDetail's. */

G_END_DECLS

#endif
