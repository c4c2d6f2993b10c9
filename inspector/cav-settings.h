/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-settings.h — the inspector's remembered settings (the schema
 * org.cavelog.Inspector): the window's size and state, and its toggles. */
#ifndef CAV_INSPECTOR_CAV_SETTINGS_H
#define CAV_INSPECTOR_CAV_SETTINGS_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The inspector's settings, or NULL when the schema is not installed (a
 * build run in place without GSETTINGS_SCHEMA_DIR): nothing is remembered
 * then, rather than GSettings aborting the program. */
GSettings *cav_settings_new(void);

/* Give @window the size and maximized state @settings remember, and
 * remember them again when the window is closed (not when it is merely
 * destroyed: a headless window never closes). */
void cav_settings_track_window(GSettings *settings, GtkWindow *window);

G_END_DECLS

#endif
