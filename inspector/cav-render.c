/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-render.c — rendering a widget to a texture or a PNG file: the widget's
 * last drawn render node (through a GtkWidgetPaintable), replayed by the
 * GskRenderer of the widget's native. No GSK_RENDERER setting is needed:
 * under Xvfb GTK 4.8 gets GL from Mesa's software rasteriser (GskGLRenderer),
 * and where GL is missing it has already fallen back to GskCairoRenderer;
 * both render textures (tests/test-inspector-map.c passes with either). */
#include "cav-render.h"

/* The widget's last frame as a render node at device pixels, or NULL with
 * @error set. */
static GskRenderNode *cav_render_node(GtkWidget *widget, int *width, int *height, GError **error)
{
    GdkPaintable *paintable;
    GtkSnapshot *snapshot;
    int scale = gtk_widget_get_scale_factor(widget);
    int logical_width = gtk_widget_get_width(widget),
        logical_height = gtk_widget_get_height(widget);
    GskRenderNode *node;

    if (logical_width <= 0 || logical_height <= 0) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    "Cannot render a %s of size %d×%d", G_OBJECT_TYPE_NAME(widget), logical_width,
                    logical_height);
        return NULL;
    }
    paintable = gtk_widget_paintable_new(widget);
    snapshot = gtk_snapshot_new();
    gtk_snapshot_scale(snapshot, (float) scale, (float) scale);
    gdk_paintable_snapshot(paintable, snapshot, logical_width, logical_height);
    node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(paintable);
    if (node == NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                    "The %s has drawn nothing yet (present its window and let it paint once)",
                    G_OBJECT_TYPE_NAME(widget));
        return NULL;
    }
    *width = logical_width * scale;
    *height = logical_height * scale;
    return node;
}

GdkTexture *cav_render_widget(GtkWidget *widget, GError **error)
{
    GskRenderer *renderer;
    GskRenderNode *node;
    GdkTexture *texture;
    int width, height;

    g_return_val_if_fail(GTK_IS_WIDGET(widget), NULL);
    g_return_val_if_fail(error == NULL || *error == NULL, NULL);
    if (!gtk_widget_get_realized(widget) || !gtk_widget_get_mapped(widget)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                    "Cannot render a %s that is not shown on screen", G_OBJECT_TYPE_NAME(widget));
        return NULL;
    }
    renderer = gtk_native_get_renderer(gtk_widget_get_native(widget));
    if (renderer == NULL) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                    "The window of the %s has no renderer", G_OBJECT_TYPE_NAME(widget));
        return NULL;
    }
    node = cav_render_node(widget, &width, &height, error);
    if (node == NULL)
        return NULL;
    texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, width, height));
    gsk_render_node_unref(node);
    return texture;
}

gboolean cav_render_widget_png(GtkWidget *widget, const char *path, GError **error)
{
    g_autoptr(GdkTexture) texture = NULL;
    g_autoptr(GBytes) png = NULL;
    g_autoptr(GError) local = NULL;

    g_return_val_if_fail(GTK_IS_WIDGET(widget), FALSE);
    g_return_val_if_fail(path != NULL, FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    texture = cav_render_widget(widget, error);
    if (texture == NULL)
        return FALSE;
    png = gdk_texture_save_to_png_bytes(texture);
    if (!g_file_set_contents_full(path, g_bytes_get_data(png, NULL), (gssize) g_bytes_get_size(png),
                                  G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local)) {
        g_propagate_prefixed_error(error, g_steal_pointer(&local), "Could not save “%s”: ", path);
        return FALSE;
    }
    return TRUE;
}
