/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-render.h — pictures of widgets: a realized, mapped widget as it was
 * last drawn, rendered to a texture by its window's own renderer, or saved
 * as a PNG file (for tests and screenshots). */
#ifndef CAV_INSPECTOR_CAV_RENDER_H
#define CAV_INSPECTOR_CAV_RENDER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* @widget as it was last drawn, rendered by the GskRenderer of its native
 * (window), at the widget's size times its scale factor. @widget must be
 * realized, mapped and drawn at least once (a window presented and painted
 * once). Returns a new texture (the caller's; g_object_unref), or NULL with
 * @error (G_IO_ERROR) set when the widget is not realized or mapped, has no
 * size or has drawn nothing yet. */
GdkTexture *cav_render_widget(GtkWidget *widget, GError **error);

/* Render @widget as cav_render_widget() does and save it as a PNG at @path
 * (replaced atomically). FALSE with @error set when it cannot be rendered
 * (G_IO_ERROR) or the file cannot be written (G_FILE_ERROR, naming @path). */
gboolean cav_render_widget_png(GtkWidget *widget, const char *path, GError **error);

G_END_DECLS

#endif
