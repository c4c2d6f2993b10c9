/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-filter-bar.h — the timeline's filters above the window's panes: event
 * types, one entity, a range of turns, a search of summaries or fields, and
 * how many events pass. It makes the filtered model the timeline shows. */
#ifndef CAV_INSPECTOR_CAV_FILTER_BAR_H
#define CAV_INSPECTOR_CAV_FILTER_BAR_H

#include <gtk/gtk.h>

#include "cav-timeline-filter.h"
#include "cav-timeline.h"

G_BEGIN_DECLS

#define CAV_TYPE_FILTER_BAR (cav_filter_bar_get_type())
G_DECLARE_FINAL_TYPE(CavFilterBar, cav_filter_bar, CAV, FILTER_BAR, GtkWidget)

GtkWidget *cav_filter_bar_new(void);

/* Filter the events of @timeline (NULL: none). The types checked stay
 * checked from one timeline to the next and apply at once. */
void cav_filter_bar_set_timeline(CavFilterBar *self, CavTimeline *timeline);

/* The rows that pass (CavEventRows, filtered incrementally; borrowed), or
 * NULL without a timeline. */
GListModel *cav_filter_bar_get_model(CavFilterBar *self);

/* The filter (borrowed), or NULL without a timeline. */
CavTimelineFilter *cav_filter_bar_get_filter(CavFilterBar *self);

/* Show only events naming entity @id of @kind (CAV_REF_NONE: any), with
 * a chip that names it. Does nothing without a timeline. */
void cav_filter_bar_set_entity(CavFilterBar *self, CavRefKind kind, gint32 id);

/* Uncheck every type: events of any type pass. */
void cav_filter_bar_any_type(CavFilterBar *self);

/* Put the keyboard focus in the search entry. */
void cav_filter_bar_focus_search(CavFilterBar *self);

/* Count the events again (the timeline grew). */
void cav_filter_bar_update_count(CavFilterBar *self);

G_END_DECLS

#endif
