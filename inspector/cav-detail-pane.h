/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-detail-pane.h — the pages under the timeline, at the shown event: the
 * event's detail, the entities (one selected, with its history) and the
 * analysis (why, changes, chart, search). Their links and rows ask for
 * another event by "seek". */
#ifndef CAV_INSPECTOR_CAV_DETAIL_PANE_H
#define CAV_INSPECTOR_CAV_DETAIL_PANE_H

#include <gtk/gtk.h>

#include "cav-timeline.h"

G_BEGIN_DECLS

#define CAV_TYPE_DETAIL_PANE (cav_detail_pane_get_type())
G_DECLARE_FINAL_TYPE(CavDetailPane, cav_detail_pane, CAV, DETAIL_PANE, GtkWidget)

GtkWidget *cav_detail_pane_new(void);

/* Show @timeline's game (referenced; NULL: none), with its player selected
 * on the Entities page. */
void cav_detail_pane_set_timeline(CavDetailPane *self, CavTimeline *timeline);

/* The history is at event @seq now: every page shows it. */
void cav_detail_pane_show(CavDetailPane *self, gint64 seq);

/* Name things as the whole truth has them (TRUE) or as the player knows
 * them. */
void cav_detail_pane_set_truth(CavDetailPane *self, gboolean truth);

/* Turn to the Entities page and select entity @id of @kind there
 * (CAV_REF_NONE: only turn to it). */
void cav_detail_pane_select_entity(CavDetailPane *self, CavRefKind kind, gint32 id);

/* Turn to the Entities page and select what is at (@x, @y) on level @z at
 * the shown event: a creature, else the item on top, else nothing new. */
void cav_detail_pane_select_at(CavDetailPane *self, int z, int x, int y);

/* The entity selected on the Entities page (CAV_REF_NONE for none). */
CavRefKind cav_detail_pane_get_selected(CavDetailPane *self, gint32 *id);

/* The page shown, by name: "event", "entities" or "analysis". Property
 * "page" (a string) is notified when it changes. */
const char *cav_detail_pane_get_page(CavDetailPane *self);

/* Turn to the page named @page (a name not known: nothing). */
void cav_detail_pane_set_page(CavDetailPane *self, const char *page);

/* Signal "seek" (gint64 seq): a link, a history row or a chart point asks
 * for event @seq. */

/* The Analysis page (borrowed), for its signals ("decision"). */
GtkWidget *cav_detail_pane_get_analysis(CavDetailPane *self);

G_END_DECLS

#endif
