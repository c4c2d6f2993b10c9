/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-inspector-app.h — the cavelog Inspector application (an AdwApplication,
 * so it follows the system's dark style): opens game files in windows, keeps recent files, and
 * renders a window to a PNG headlessly
 * (--screenshot). */
#ifndef CAV_INSPECTOR_CAV_INSPECTOR_APP_H
#define CAV_INSPECTOR_CAV_INSPECTOR_APP_H

#include <adwaita.h>

G_BEGIN_DECLS

#define CAV_TYPE_INSPECTOR_APP (cav_inspector_app_get_type())
G_DECLARE_FINAL_TYPE(CavInspectorApp, cav_inspector_app, CAV, INSPECTOR_APP, AdwApplication)

CavInspectorApp *cav_inspector_app_new(void);

/* Check @argv (NULL-terminated, as main gets it) against the program's
 * options before GApplication sees it: an unknown option or a missing or bad
 * value is said on stderr, naming the program, and 2 (a usage error) is
 * returned; -1 to go on (also when GApplication's own help is asked). */
int cav_inspector_app_check_arguments(char **argv);

/* The About window, over the active window; the caller may destroy it. */
GtkWindow *cav_inspector_app_show_about(CavInspectorApp *self);

/* What the program should exit with: g_application_run()'s status, or 1 when
 * a headless screenshot failed. */
int cav_inspector_app_get_exit_status(CavInspectorApp *self);

G_END_DECLS

#endif
