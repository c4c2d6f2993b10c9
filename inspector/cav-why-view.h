/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-why-view.h — a "why" tree (history/analysis.h) as an expandable list:
 * each node one row, indented under its parent; activating a row that is
 * about an event emits "seek" with its seq. */
#ifndef CAV_INSPECTOR_CAV_WHY_VIEW_H
#define CAV_INSPECTOR_CAV_WHY_VIEW_H

#include <gtk/gtk.h>

#include "analysis.h"

G_BEGIN_DECLS

#define CAV_TYPE_WHY_VIEW (cav_why_view_get_type())
G_DECLARE_FINAL_TYPE(CavWhyView, cav_why_view, CAV, WHY_VIEW, GtkWidget)

GtkWidget *cav_why_view_new(void);

/* Show @tree (taken over; NULL empties the view), every node expanded. */
void cav_why_view_set_tree(CavWhyView *self, AnalysisNode *tree);

/* The tree shown (borrowed), or NULL. */
const AnalysisNode *cav_why_view_get_tree(CavWhyView *self);

/* The rows as the list shows them now, one line each, indented by depth
 * (for tests). Caller frees. */
char *cav_why_view_dump_rows(CavWhyView *self);

/* Activate row @position as a click would (emits "seek" for an event). */
void cav_why_view_activate_row(CavWhyView *self, guint position);

G_END_DECLS

#endif
