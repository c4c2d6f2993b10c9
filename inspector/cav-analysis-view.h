/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-analysis-view.h — the window's "Analysis" page: why the shown event
 * happened (and why the player died), what changed since a pinned event,
 * a creature's numbers over time, where a creature's value came from, the
 * policies that received the shown event (bus trace), and search inside
 * the shown state. Each
 * part is computed from the History (history/analysis.h) only while it is on
 * screen. Links emit "seek" with a seq. */
#ifndef CAV_INSPECTOR_CAV_ANALYSIS_VIEW_H
#define CAV_INSPECTOR_CAV_ANALYSIS_VIEW_H

#include <gtk/gtk.h>

#include "history.h"

G_BEGIN_DECLS

#define CAV_TYPE_ANALYSIS_VIEW (cav_analysis_view_get_type())
G_DECLARE_FINAL_TYPE(CavAnalysisView, cav_analysis_view, CAV, ANALYSIS_VIEW, GtkWidget)

GtkWidget *cav_analysis_view_new(void);

/* The history to analyse (borrowed; NULL when the window unloads it). */
void cav_analysis_view_set_history(CavAnalysisView *self, History *history);

/* The event the window shows (0: before the first). */
void cav_analysis_view_set_event(CavAnalysisView *self, gint64 seq);

/* The creature whose values "Where From" follows (the window's selected
 * entity; 0: the player). */
void cav_analysis_view_set_creature(CavAnalysisView *self, gint32 creature);

/* Show page @name: "why", "changes", "time", "origins", "trace" or "search". */
void cav_analysis_view_show_page(CavAnalysisView *self, const char *name);

/* Save the Over Time chart to @path (PNG, or SVG by its name), as Export…
 * does: the chart's line then says where it is saved, or why it was not. */
void cav_analysis_view_export_chart(CavAnalysisView *self, const char *path);

/* Show "why did I die" for the game's GameLost event, as the button does;
 * FALSE when the game was not lost. */
gboolean cav_analysis_view_why_died(CavAnalysisView *self);

/* Pin the shown event as the "changes" page's A. */
void cav_analysis_view_pin(CavAnalysisView *self);

/* Search the shown state for @query as the search entry does. */
void cav_analysis_view_search(CavAnalysisView *self, const char *query);

/* The parts, for tests and screenshots (borrowed). */
GtkWidget *cav_analysis_view_get_why(CavAnalysisView *self);
GtkWidget *cav_analysis_view_get_chart(CavAnalysisView *self);
GtkWidget *cav_analysis_view_get_origins(CavAnalysisView *self);
GtkWidget *cav_analysis_view_get_trace(CavAnalysisView *self);
GListModel *cav_analysis_view_get_changes(CavAnalysisView *self);
GListModel *cav_analysis_view_get_found(CavAnalysisView *self);

G_END_DECLS

#endif
