/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-recent.h — the games opened lately, in GTK's recent files: added as
 * they open, and offered in a menu button's menu (app.open-uri). */
#ifndef CAV_INSPECTOR_CAV_RECENT_H
#define CAV_INSPECTOR_CAV_RECENT_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Remember @file as a game opened now. */
void cav_recent_add(GFile *file);

/* Take @file off the recent games (it could not be opened). */
void cav_recent_forget(GFile *file);

/* Give @button a menu of the ten games opened last that still exist
 * (".cavelog" files), made again each time it opens. */
void cav_recent_install(GtkMenuButton *button);

G_END_DECLS

#endif
