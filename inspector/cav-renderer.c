/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-renderer.c — GTK 4.8 draws with OpenGL wherever it can make a GL
 * context, even when that GL is Mesa's software rasteriser (Xvfb, virtual
 * machines, remote X, no driver). There every frame of the window runs on
 * the processors, on as many threads as there are cores: opening a game of
 * a million events, llvmpipe took about 1.1 s of processor time from the
 * thread reading the game, and the cairo renderer draws the same window for
 * a fraction of it. So on a software GL the windows draw with cairo; on a
 * real GPU, or when the user chose GSK_RENDERER, nothing changes. */
#include "cav-renderer.h"

#include <epoxy/gl.h>
#include <string.h>

gboolean cav_renderer_is_software(const char *gl_renderer)
{
    static const char *const software[] = {"llvmpipe", "softpipe", "swrast", "Software Rasterizer",
                                           "SWR"};

    g_return_val_if_fail(gl_renderer != NULL, FALSE);
    for (guint i = 0; i < G_N_ELEMENTS(software); i++)
        if (strstr(gl_renderer, software[i]) != NULL)
            return TRUE;
    return FALSE;
}

char *cav_renderer_probe(GdkDisplay *display)
{
    g_autoptr(GdkGLContext) context = NULL;
    g_autoptr(GError) error = NULL;
    const char *name;
    char *renderer = NULL;

    g_return_val_if_fail(GDK_IS_DISPLAY(display), NULL);
    context = gdk_display_create_gl_context(display, &error);
    if (context == NULL || !gdk_gl_context_realize(context, &error))
        return NULL;
    gdk_gl_context_make_current(context);
    name = (const char *) glGetString(GL_RENDERER);
    if (name != NULL)
        renderer = g_strdup(name);
    gdk_gl_context_clear_current();
    return renderer;
}

gboolean cav_renderer_choose(GdkDisplay *display)
{
    g_autofree char *renderer = NULL;

    g_return_val_if_fail(GDK_IS_DISPLAY(display), FALSE);
    if (g_getenv("GSK_RENDERER") != NULL)
        return FALSE;
    renderer = cav_renderer_probe(display);
    if (renderer == NULL || !cav_renderer_is_software(renderer))
        return FALSE;
    g_setenv("GSK_RENDERER", "cairo", FALSE);
    return TRUE;
}
