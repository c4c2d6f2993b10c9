/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-renderer.c — which renderer draws the inspector's windows
 * (cav-renderer.c): cairo where OpenGL is a software rasteriser, what GTK
 * picks elsewhere, and never against the user's GSK_RENDERER. Each case runs
 * in a subprocess, since GTK reads GSK_RENDERER once per process. Run under
 * xvfb-run: a real (virtual) display, whatever GL it offers. */
#include <gtk/gtk.h>
#include <string.h>

#include "cav-renderer.h"

static void test_names(void)
{
    g_assert_true(cav_renderer_is_software("llvmpipe (LLVM 15.0.6, 256 bits)"));
    g_assert_true(cav_renderer_is_software("softpipe"));
    g_assert_true(cav_renderer_is_software("Mesa X11 swrast"));
    g_assert_true(cav_renderer_is_software("Software Rasterizer"));
    g_assert_false(cav_renderer_is_software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    g_assert_false(cav_renderer_is_software("AMD Radeon RX 580 Series (polaris10, LLVM 15.0.6)"));
    g_assert_false(cav_renderer_is_software("NVIDIA GeForce GTX 1060/PCIe/SSE2"));
    g_assert_false(cav_renderer_is_software(""));
}

/* The type name of the renderer a new, realized window draws with. */
static const char *window_renderer(void)
{
    GtkWidget *window = gtk_window_new();
    const char *name;

    gtk_widget_realize(window);
    name = G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(window)));
    gtk_window_destroy(GTK_WINDOW(window));
    return name;
}

static void choose_child(void)
{
    GdkDisplay *display;
    g_autofree char *probed = NULL;
    gboolean chose;

    g_unsetenv("GSK_RENDERER");
    gtk_init();
    display = gdk_display_get_default();
    probed = cav_renderer_probe(display);
    chose = cav_renderer_choose(display);
    /* Cairo exactly when the display's GL is a software one. */
    g_assert_cmpint(chose, ==, probed != NULL && cav_renderer_is_software(probed));
    if (chose)
        g_assert_cmpstr(window_renderer(), ==, "GskCairoRenderer");
    else
        g_assert_null(g_getenv("GSK_RENDERER"));
    g_print("GL: %s; windows draw with %s\n", probed != NULL ? probed : "none", window_renderer());
}

static void user_child(void)
{
    g_setenv("GSK_RENDERER", "gl", TRUE);
    gtk_init();
    g_assert_false(cav_renderer_choose(gdk_display_get_default()));
    g_assert_cmpstr(g_getenv("GSK_RENDERER"), ==, "gl");
}

static void test_in_subprocess(gconstpointer data)
{
    g_autofree char *path = g_strdup_printf("%s/subprocess", g_test_get_path());

    (void) data;
    g_test_trap_subprocess(path, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_test_trap_assert_passed();
}

int main(int argc, char **argv)
{
    g_setenv("GDK_BACKEND", "x11", TRUE);
    g_setenv("GTK_A11Y", "none", TRUE); /* no accessibility bus to look for */
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/inspector/renderer/software-names", test_names);
    g_test_add_data_func("/inspector/renderer/choose", NULL, test_in_subprocess);
    g_test_add_func("/inspector/renderer/choose/subprocess", choose_child);
    g_test_add_data_func("/inspector/renderer/user-choice", NULL, test_in_subprocess);
    g_test_add_func("/inspector/renderer/user-choice/subprocess", user_child);
    return g_test_run();
}
