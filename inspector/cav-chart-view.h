/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-chart-view.h — one number over time (a series from history/analysis.h)
 * drawn with cairo: a step line over the events' seqs, markers for notable
 * events, a line at the shown event. Clicking a point emits "seek" with its
 * seq; the same drawing exports to PNG or SVG. */
#ifndef CAV_INSPECTOR_CAV_CHART_VIEW_H
#define CAV_INSPECTOR_CAV_CHART_VIEW_H

#include <gtk/gtk.h>

#include "analysis.h"

G_BEGIN_DECLS

#define CAV_TYPE_CHART_VIEW (cav_chart_view_get_type())
G_DECLARE_FINAL_TYPE(CavChartView, cav_chart_view, CAV, CHART_VIEW, GtkWidget)

GtkWidget *cav_chart_view_new(void);

/* Plot @points (a GArray of AnalysisPoint in seq order, copied; NULL or
 * empty clears) under @title (drawn in an export only: on screen the
 * page's label says it). */
void cav_chart_view_set_series(CavChartView *self, const GArray *points, const char *title);

/* Mark these events (a GArray of AnalysisPoint whose value is the event's
 * CavEventType; copied): deaths in red, levels gained in gold, stairs in blue. */
void cav_chart_view_set_markers(CavChartView *self, const GArray *markers);

/* The axes' labels as text, "x: turn 1 turn 20 … turn 80; y: 0 5 10 15":
 * the turns of the points labelled under the x axis (by turn, as the
 * series is plotted after each turn) and the values beside the y axis. For
 * tests; caller frees. */
char *cav_chart_view_describe_axes(CavChartView *self);

/* Draw a line at event @seq (the one shown; 0 for none). */
void cav_chart_view_set_cursor(CavChartView *self, gint64 seq);

/* The seq of the plotted point nearest to @x in a drawing @width pixels
 * wide (what a click there seeks to), or 0 with nothing plotted. */
gint64 cav_chart_view_seq_at(CavChartView *self, double x, int width);

/* Draw the chart at @width × @height into @path: SVG when the name ends in
 * ".svg", else PNG. FALSE with an error when it cannot be written. */
gboolean cav_chart_view_export(CavChartView *self, const char *path, int width, int height,
                               GError **error);

G_END_DECLS

#endif
