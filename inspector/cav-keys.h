/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-keys.h — the inspector's single keys (arrows, Home/End, Space, F, T, B,
 * M, 0–5 for the depth, +/- for the speed, Ctrl+1–6 for the marker kinds,
 * Alt+arrows for Back and Forward): over the map and lists, and from anywhere in the window that is
 * not for typing, each activates its win.* action. */
#ifndef CAV_INSPECTOR_CAV_KEYS_H
#define CAV_INSPECTOR_CAV_KEYS_H

#include <gtk/gtk.h>

#include "cav-timeline-pane.h"

G_BEGIN_DECLS

/* Give @window the keys: as shortcuts over @content (the map and lists),
 * and from elsewhere in @window (no focus yet, a header button) while
 * @pages shows page @page — never while the focus is in a text field
 * (anywhere, @content too), nor in a popover. Every key
 * pressed in @window is noted to @pane (focus that a key moves into the
 * timeline keeps its row). */
void cav_keys_install(GtkWindow *window, GtkWidget *content, GtkStack *pages, const char *page,
                      CavTimelinePane *pane);

G_END_DECLS

#endif
