/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timing.h — where the time of opening a game goes: with the environment
 * variable CAVELOG_INSPECTOR_TIMING set, marks are printed to stderr as
 * "timing: SECONDS WHAT", seconds since the process started (bench-open
 * reads them). Without it the marks cost one branch. */
#ifndef CAV_INSPECTOR_CAV_TIMING_H
#define CAV_INSPECTOR_CAV_TIMING_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Print the time since the process started and @what, when timing is on.
 * Safe from any thread. */
void cav_timing_mark(const char *what);

/* Whether CAVELOG_INSPECTOR_TIMING is set. */
gboolean cav_timing_enabled(void);

/* When timing is on, mark "first frame painted" after the next frame of
 * @widget's frame clock is painted (nothing when it has none yet). */
void cav_timing_mark_first_paint(GtkWidget *widget);

G_END_DECLS

#endif
