/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-marker-strip.h — the markers (cav-markers.h) drawn as ticks in a
 * strip just above the scrubber, each under the slider's place for its
 * event: a tooltip names the moment, a click seeks to it. Installs the
 * window's actions win.next-marker / win.prev-marker, win.marker-KIND (which
 * kinds are shown) and win.play-turns (the play button steps by turns),
 * and a menu for them beside the scrubber. */
#ifndef CAV_INSPECTOR_CAV_MARKER_STRIP_H
#define CAV_INSPECTOR_CAV_MARKER_STRIP_H

#include "cav-inspector-window.h"
#include "cav-markers.h"

G_BEGIN_DECLS

#define CAV_TYPE_MARKER_STRIP (cav_marker_strip_get_type())
G_DECLARE_FINAL_TYPE(CavMarkerStrip, cav_marker_strip, CAV, MARKER_STRIP, GtkWidget)

/* Put a strip above @scrubber (moved into a box with it) and a menu button
 * after it, and add the actions to @window. Once, while the window is
 * made. */
void cav_marker_strip_install(CavInspectorWindow *window, GtkScale *scrubber);

/* Find the markers of the window's game again (a game loaded, a bookmark
 * added): for the game already marked, only the bookmarks are merged in
 * again. A no-op before cav_marker_strip_install(). */
void cav_marker_strip_reload(CavInspectorWindow *window);

/* The markers of @history, found elsewhere (cav_markers_new() with no
 * bookmarks, e.g. in the thread that opened it), taken over for the game
 * the window shows now; the window's bookmarks are merged in. Frees
 * @markers when there is no strip. */
void cav_marker_strip_take(CavInspectorWindow *window, History *history, CavMarkers *markers);

/* The window's strip, or NULL. */
CavMarkerStrip *cav_marker_strip_get(CavInspectorWindow *window);

/* The markers drawn (NULL before a game); events a followed game gained
 * are taken in first. Borrowed. */
const CavMarkers *cav_marker_strip_get_markers(CavMarkerStrip *self);

/* Which kinds are shown (indexed by CavMarkerKind). Borrowed. */
const gboolean *cav_marker_strip_get_shown(CavMarkerStrip *self);

/* The x (in the strip's coordinates) where event @seq is drawn; -1 before
 * the strip has a size. For tests that click it. */
double cav_marker_strip_x_of(CavMarkerStrip *self, gint64 seq);

/* The text of the tooltip at @x, NULL when no marker is near. Caller
 * frees. */
char *cav_marker_strip_tooltip_at(CavMarkerStrip *self, double x);

G_END_DECLS

#endif
