/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-renderer.h — which of GTK's renderers draws the inspector's windows:
 * cairo where OpenGL is only Mesa's software rasteriser, GTK's own choice
 * everywhere else (see cav-renderer.c for why). */
#ifndef CAV_INSPECTOR_CAV_RENDERER_H
#define CAV_INSPECTOR_CAV_RENDERER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether @gl_renderer (OpenGL's GL_RENDERER string) names a rasteriser
 * that runs on the processor (llvmpipe, softpipe, swrast…). */
gboolean cav_renderer_is_software(const char *gl_renderer);

/* The GL_RENDERER string of a context made on @display (caller frees), or
 * NULL when no GL context can be made there. */
char *cav_renderer_probe(GdkDisplay *display);

/* Unless the user set GSK_RENDERER, set it to "cairo" when @display's
 * OpenGL is a software one. Call before the first window is shown: GTK
 * reads the variable once, when it makes its first renderer. Returns
 * whether it chose cairo. */
gboolean cav_renderer_choose(GdkDisplay *display);

G_END_DECLS

#endif
