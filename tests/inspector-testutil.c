/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inspector-testutil.c — waits and finds shared by the inspector's tests. */
#include "inspector-testutil.h"

#include <gdk/x11/gdkx.h>
#include <math.h>

#include "cav-render.h"
#include "cav-renderer.h"
#include "testfonts.h"
#include "testutil.h"

void itest_init(int *argc, char ***argv, ItestEnv *env)
{
    g_autoptr(GError) error = NULL;

    env->fonts = test_fonts_pin();
    env->data_home = g_dir_make_tmp("cavelog-inspector-data-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_DATA_HOME", env->data_home, TRUE);
    g_setenv("GDK_BACKEND", "x11", TRUE);
    g_setenv("GTK_A11Y", "none", TRUE);
    gtk_test_init(argc, argv, NULL);
    adw_init();
    /* Draw as the program draws (its startup makes the same choice), so
     * that a picture made here and one made by the program agree. */
    cav_renderer_choose(gdk_display_get_default());
}

int itest_run(ItestEnv *env)
{
    int status = g_test_run();

    remove_tree(env->data_home);
    g_free(env->data_home);
    test_fonts_unpin(env->fonts);
    return status;
}

gboolean itest_wait_until(gboolean (*done)(gpointer), gpointer data)
{
    gint64 until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;

    while (!done(data) && g_get_monotonic_time() < until) {
        g_main_context_iteration(NULL, FALSE);
        g_usleep(1000);
    }
    return done(data);
}

void itest_on_flag(gpointer data)
{
    *(gboolean *) data = TRUE;
}

gboolean itest_flag_set(gpointer data)
{
    return *(gboolean *) data;
}

static gboolean is_realized(gpointer widget)
{
    return gtk_widget_get_realized(widget) && gtk_widget_get_frame_clock(widget) != NULL;
}

void itest_wait_painted(GtkWidget *widget)
{
    gboolean painted = FALSE;
    GdkFrameClock *clock;
    gulong handler;

    g_assert_true(itest_wait_until(is_realized, widget));
    clock = gtk_widget_get_frame_clock(widget);
    handler = g_signal_connect_swapped(clock, "after-paint", G_CALLBACK(itest_on_flag), &painted);
    gtk_widget_queue_draw(widget);
    g_assert_true(itest_wait_until(itest_flag_set, &painted));
    g_signal_handler_disconnect(clock, handler);
}

GtkWidget *itest_find_named(GtkWidget *root, GType type, const char *name)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(root, type) &&
        (name == NULL || g_strcmp0(gtk_widget_get_name(root), name) == 0))
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = itest_find_named(child, type, name);
        if (found != NULL)
            return found;
    }
    return NULL;
}

gboolean itest_shows_event(gpointer data)
{
    EventWait *w = data;

    return cav_inspector_window_get_event(w->window) == w->seq;
}

void itest_render_shot(GtkWidget *window, const char *path)
{
    gint64 until;

    /* let page transitions and the loading overlay's fade (a quarter
     * second) run out first */
    for (until = g_get_monotonic_time() + G_USEC_PER_SEC / 2; g_get_monotonic_time() < until;)
        g_main_context_iteration(NULL, FALSE);
    /* A widget that asks for a redraw drops the window's last drawing until
     * the next paint (cav_render's "drawn nothing yet"); on a loaded machine
     * that frame is given up and the next one taken, until ITEST_WAIT_S. */
    until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;
    for (;;) {
        g_autoptr(GError) error = NULL;

        itest_wait_painted(window);
        if (cav_render_widget_png(window, path, &error))
            return;
        g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
        g_test_message("%s: %s; the next frame", path, error->message);
        g_assert_cmpint(g_get_monotonic_time(), <, until);
    }
}

void itest_save_shot(GtkWidget *window, const char *name)
{
    const char *dir = g_getenv("CAVELOG_TEST_SHOTS");
    g_autofree char *path = NULL;

    if (dir == NULL)
        return;
    path = g_build_filename(dir, name, NULL);
    itest_render_shot(window, path);
}

void itest_xdotool(GtkWidget *window, const char *const *args)
{
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    g_autofree char *xid = g_strdup_printf("%lu", (unsigned long) gdk_x11_surface_get_xid(surface));
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    g_autofree char *err = NULL;
    int status;

    g_ptr_array_add(argv, "xdotool");
    g_ptr_array_add(argv, "windowfocus");
    g_ptr_array_add(argv, xid);
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, g_strcmp0(args[i], "XID") == 0 ? xid : (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, &err, &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("xdotool failed: %s", err);
}

void itest_press_keys(GtkWidget *window, const char *const *keys)
{
    g_autoptr(GPtrArray) args = g_ptr_array_new();

    g_ptr_array_add(args, "key");
    g_ptr_array_add(args, "--delay");
    g_ptr_array_add(args, "30");
    for (guint i = 0; keys[i] != NULL; i++)
        g_ptr_array_add(args, (gpointer) keys[i]);
    g_ptr_array_add(args, NULL);
    itest_xdotool(window, (const char *const *) args->pdata);
}

void itest_type(GtkWidget *window, const char *text)
{
    const char *const args[] = {"type", "--delay", "30", text, NULL};

    itest_xdotool(window, args);
}

void itest_click_at(GtkWidget *window, GtkWidget *widget, double x, double y)
{
    double wx, wy, sx, sy;
    g_autofree char *xs = NULL, *ys = NULL;

    g_assert_true(gtk_widget_translate_coordinates(widget, window, x, y, &wx, &wy));
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    xs = g_strdup_printf("%d", (int) lround(wx + sx));
    ys = g_strdup_printf("%d", (int) lround(wy + sy));
    {
        const char *const args[] = {"mousemove", "--window", "XID", xs, ys, "click", "1", NULL};

        itest_xdotool(window, args);
    }
}

void itest_game_setup(ItestGame *game, gconstpointer data)
{
    tmp_dir_setup(&game->tmp, data);
    game->path = tmp_path(&game->tmp, "game.cavelog");
    game->window = NULL;
}

void itest_game_teardown(ItestGame *game, gconstpointer data)
{
    if (game->window != NULL)
        gtk_window_destroy(GTK_WINDOW(game->window));
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_free(game->path);
    tmp_dir_teardown(&game->tmp, data);
}

void itest_record_bot(const char *path, gint64 seed, gint32 turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, "tester", NULL, &error);

    g_assert_no_error(error);
    for (gint32 t = 0; t < turns && play_bot_turn(session); t++)
        ;
}
