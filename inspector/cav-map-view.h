/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-map-view.h — a widget that draws one level of the cave as glyphs on a
 * dark, terminal-like background: either the whole truth (every tile,
 * creature and item) or what the player saw (as the terminal shows it).
 * It scales the map to fit its allocation and reports clicks on cells. */
#ifndef CAV_INSPECTOR_CAV_MAP_VIEW_H
#define CAV_INSPECTOR_CAV_MAP_VIEW_H

#include <gtk/gtk.h>

#include "analysis.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

#define CAV_TYPE_MAP_VIEW (cav_map_view_get_type())
G_DECLARE_FINAL_TYPE(CavMapView, cav_map_view, CAV, MAP_VIEW, GtkWidget)

/* A new map view of level 0, in player's-view mode, showing nothing until
 * cav_map_view_set_state() is called. */
GtkWidget *cav_map_view_new(void);

/* Show @state as seen through @view. Both are borrowed: the caller keeps them
 * alive while they are set, and calls this again (with the same pointers or
 * others) whenever their contents changed, which queues a redraw. A NULL
 * @state draws only the background; a NULL @view does the same unless the
 * view shows the truth, which needs no view. */
void cav_map_view_set_state(CavMapView *self, const CavState *state, const CavView *view);

/* The level drawn ("level" property), 0 … CAV_LEVELS - 1. */
int cav_map_view_get_level(CavMapView *self);
void cav_map_view_set_level(CavMapView *self, int level);

/* Whether the whole truth is drawn ("truth" property). TRUE: every tile,
 * creature and item of the level. FALSE: what the player saw: cells in view
 * fully, cells only remembered as dimmed terrain, cells never seen blank;
 * creatures where the player sees them, or anywhere on the player's level
 * while the player detects creatures; the player on their own level either
 * way. */
gboolean cav_map_view_get_truth(CavMapView *self);
void cav_map_view_set_truth(CavMapView *self, gboolean truth);

/* Highlight the cell (@x, @y) with a box, or no cell when @any is FALSE.
 * A cell outside the map is a programmer error. */
void cav_map_view_set_selected(CavMapView *self, gboolean any, int x, int y);

/* Whether a cell is highlighted; if so, and @x / @y are non-NULL, which. */
gboolean cav_map_view_get_selected(CavMapView *self, int *x, int *y);

/* The map cell under the point (@px, @py) of the widget's coordinates, in
 * *@x, *@y; FALSE (and the outputs untouched) when the point is not on the
 * map (the margins left by scaling, or outside the widget). */
gboolean cav_map_view_cell_at(CavMapView *self, double px, double py, int *x, int *y);

/* The rectangle cell (@x, @y) occupies, in the widget's coordinates, for the
 * current allocation. (@x, @y) must be on the map. */
void cav_map_view_cell_rect(CavMapView *self, int x, int y, graphene_rect_t *out);

/* The colour the data files call @name ("red", "bright cyan"…) in the map's
 * palette, in *@out. An unknown name (or NULL) gives a neutral grey and FALSE. */
gboolean cav_map_colour(const char *name, GdkRGBA *out);

/* The colour of the map's background, which is all a blank cell shows. */
void cav_map_background(GdkRGBA *out);

/* Draw a creature's decision over its depth: the cells it saw tinted, the
 * path it meant to take stronger (copied; NULL draws none). */
void cav_map_view_set_decision(CavMapView *self, const AnalysisDecision *decision);

/* The decision drawn, or NULL. Borrowed. */
const AnalysisDecision *cav_map_view_get_decision(CavMapView *self);

G_END_DECLS

#endif
