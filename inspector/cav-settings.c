/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-settings.c — the inspector's remembered settings: found without
 * aborting when the schema is missing, and the window's size kept. */
#include "cav-settings.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#define SCHEMA_ID "org.cavelog.Inspector"

GSettings *cav_settings_new(void)
{
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    g_autoptr(GSettingsSchema) schema = NULL;

    if (source != NULL)
        schema = g_settings_schema_source_lookup(source, SCHEMA_ID, TRUE);
    return schema != NULL ? g_settings_new_full(schema, NULL, NULL) : NULL;
}

/* GTK 4 keeps a window's default size equal to its size as it is resized,
 * so the default size is what to remember; while maximized it is the size
 * to return to. */
static gboolean on_close_request(GtkWindow *window, gpointer user_data)
{
    GSettings *settings = user_data;
    int width, height;

    gtk_window_get_default_size(window, &width, &height);
    g_settings_delay(settings);
    if (width > 0 && height > 0) {
        g_settings_set_int(settings, "window-width", width);
        g_settings_set_int(settings, "window-height", height);
    }
    g_settings_set_boolean(settings, "window-maximized", gtk_window_is_maximized(window));
    g_settings_apply(settings);
    return FALSE; /* close it */
}

/* Whether a window manager that maximizes windows runs: on X11 without one
 * (a bare X server, a kiosk) asking to maximize does nothing. */
static gboolean can_maximize(GdkDisplay *display)
{
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_DISPLAY(display))
        return gdk_x11_screen_supports_net_wm_hint(gdk_x11_display_get_screen(display),
                                                   "_NET_WM_STATE_MAXIMIZED_VERT");
#endif
    return TRUE;
}

/* Asked again once shown: GTK 4.8's ask before the window is mapped is
 * lost under some window managers (openbox). */
static char maximize_tag; /* the handler's data, to find it by */

static void maximize_again(GtkWindow *window, gpointer data)
{
    g_signal_handlers_disconnect_by_data(window, &maximize_tag); /* once */
    if (!gtk_window_is_maximized(window))
        gtk_window_maximize(window);
}

/* Maximized, or where no window manager can, as large as the first
 * screen. */
static void maximize(GtkWindow *window)
{
    GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(window));
    g_autoptr(GdkMonitor) monitor = g_list_model_get_item(gdk_display_get_monitors(display), 0);
    GdkRectangle area;

    gtk_window_maximize(window);
    g_signal_connect_after(window, "map", G_CALLBACK(maximize_again), &maximize_tag);
    if (can_maximize(display) || monitor == NULL)
        return;
    gdk_monitor_get_geometry(monitor, &area);
    gtk_window_set_default_size(window, area.width, area.height);
}

void cav_settings_track_window(GSettings *settings, GtkWindow *window)
{
    g_return_if_fail(G_IS_SETTINGS(settings) && GTK_IS_WINDOW(window));
    gtk_window_set_default_size(window, g_settings_get_int(settings, "window-width"),
                                g_settings_get_int(settings, "window-height"));
    if (g_settings_get_boolean(settings, "window-maximized"))
        maximize(window);
    g_signal_connect_data(window, "close-request", G_CALLBACK(on_close_request),
                          g_object_ref(settings), (GClosureNotify) (void (*)(void)) g_object_unref,
                          0);
}
