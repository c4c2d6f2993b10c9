/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-adw.c — the inspector as a GNOME application (issue 14): an
 * AdwApplication whose About window shows the project's icon, status pages
 * for no game and for a file it cannot open, toasts, the window's size and
 * toggles remembered in GSettings, and a layout whose parts all lie inside
 * the window on a 1366×768 screen. Run under xvfb-run at that screen size. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "inspector-testutil.h"
#include "cav-inspector-app.h"
#include "cav-inspector-window.h"
#include "cav-map-view.h"
#include "cav-render.h"
#include "history.h"
#include "store.h"
#include "testutil.h"

#define SEED 20261
#define TURNS 300
#define SCREEN_W 1366
#define SCREEN_H 768
#define PANEL_H 32 /* GNOME's top bar, which the screen's height must spare */

typedef ItestGame Fixture;

static void fixture_setup(Fixture *f, gconstpointer data)
{
    itest_game_setup(f, data);
    if (GPOINTER_TO_INT(data) > 0)
        itest_record_bot(f->path, SEED, GPOINTER_TO_INT(data));
}

/* ---- helpers ---------------------------------------------------------------- */

/* Let the main loop run until @done(@data), failing after ITEST_WAIT_S seconds. */
static void wait_until(gboolean (*done)(gpointer), gpointer data)
{
    g_assert_true(itest_wait_until(done, data));
}

/* @widget as drawn, rendered right after a frame is painted: anything that
 * asks for a redraw drops the drawing until the next paint (cav_render's
 * "drawn nothing yet"), so a frame dropped is given up for the next one. */
static GdkTexture *render_painted(GtkWidget *widget)
{
    gint64 until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;

    for (;;) {
        g_autoptr(GError) error = NULL;
        GdkTexture *texture;

        itest_wait_painted(widget);
        texture = cav_render_widget(widget, &error);
        if (texture != NULL)
            return texture;
        g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
        g_assert_cmpint(g_get_monotonic_time(), <, until);
    }
}

/* The first visible label below @root (itself visible) whose text contains
 * @part. */
static GtkWidget *find_label(GtkWidget *root, const char *part)
{
    if (!gtk_widget_get_visible(root))
        return NULL; /* nor anything in it */
    if (GTK_IS_LABEL(root) && strstr(gtk_label_get_text(GTK_LABEL(root)), part) != NULL)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find_label(child, part);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* The first image below @root showing the icon named @icon. */
static GtkWidget *find_icon(GtkWidget *root, const char *icon)
{
    if (GTK_IS_IMAGE(root) && g_strcmp0(gtk_image_get_icon_name(GTK_IMAGE(root)), icon) == 0)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find_icon(child, icon);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static const char *page_shown(CavInspectorWindow *window)
{
    return gtk_stack_get_visible_child_name(
        GTK_STACK(itest_find_named(GTK_WIDGET(window), GTK_TYPE_STACK, "pages")));
}

static gboolean is_loaded(gpointer window)
{
    return cav_inspector_window_is_loaded(window);
}

/* Open the fixture's game in a new window and wait until it is shown. */
static CavInspectorWindow *open_window(Fixture *f, gboolean headless)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);

    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, headless);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    wait_until(is_loaded, window);
    return window;
}

static char *inspector_bin(void)
{
    return g_test_build_filename(G_TEST_BUILT, "..", "inspector", "cavelog-inspector", NULL);
}

/* Run the program with @argv (after the program's name) and @envp; it must
 * succeed. */
static void run_inspector(const char *const *args, char **envp)
{
    g_autofree char *bin = inspector_bin();
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;
    int status;

    g_ptr_array_add(argv, bin);
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               &err, &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("cavelog-inspector failed: %s", err);
}

/* ---- the application ---------------------------------------------------------- */

/* The program is an AdwApplication, which leaves the colour scheme to the
 * system (light or dark as the desktop says); its About window is
 * libadwaita's and shows the project's own icon, not the missing-image one. */
static void test_about(Fixture *f, gconstpointer data)
{
    g_autoptr(CavInspectorApp) app = cav_inspector_app_new();
    g_autoptr(GError) error = NULL;
    GtkWindow *about;
    GtkWidget *image;
    GtkIconTheme *theme;
    g_autoptr(GtkIconPaintable) icon = NULL;
    g_autoptr(GFile) icon_file = NULL;
    g_autoptr(GdkTexture) drawn = NULL, broken = NULL;
    g_autofree char *icon_uri = NULL;

    g_assert_true(ADW_IS_APPLICATION(app));
    g_application_set_flags(G_APPLICATION(app), G_APPLICATION_NON_UNIQUE);
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, &error));
    g_assert_no_error(error);
    g_assert_cmpint(adw_style_manager_get_color_scheme(adw_style_manager_get_default()), ==,
                    ADW_COLOR_SCHEME_DEFAULT);
    about = cav_inspector_app_show_about(app);
    g_assert_true(ADW_IS_ABOUT_WINDOW(about));
    g_assert_cmpstr(adw_about_window_get_application_icon(ADW_ABOUT_WINDOW(about)), ==,
                    "org.cavelog.Inspector");
    /* The icon the theme finds is the project's file, not a fallback. */
    theme = gtk_icon_theme_get_for_display(gdk_display_get_default());
    icon = gtk_icon_theme_lookup_icon(theme, "org.cavelog.Inspector", NULL, 128, 1,
                                      GTK_TEXT_DIR_NONE, 0);
    icon_file = gtk_icon_paintable_get_file(icon);
    g_assert_nonnull(icon_file);
    icon_uri = g_file_get_uri(icon_file);
    g_test_message("About icon: %s", icon_uri);
    g_assert_true(g_str_has_suffix(icon_uri, "/org.cavelog.Inspector.svg"));
    /* And it draws: the About window's image differs from a missing one. */
    image = find_icon(GTK_WIDGET(about), "org.cavelog.Inspector");
    g_assert_nonnull(image);
    g_assert_true(gtk_widget_get_mapped(image));
    itest_save_shot(GTK_WIDGET(about), "about.png");
    drawn = render_painted(image);
    gtk_image_set_from_icon_name(GTK_IMAGE(image), "image-missing");
    broken = render_painted(image);
    {
        g_autoptr(GBytes) a = gdk_texture_save_to_png_bytes(drawn);
        g_autoptr(GBytes) b = gdk_texture_save_to_png_bytes(broken);
        g_assert_false(g_bytes_equal(a, b));
    }
    gtk_window_destroy(about);
    while (g_main_context_iteration(NULL, FALSE))
        ;
}

/* ---- pages and notices ---------------------------------------------------------- */

/* A window with no game shows the status page that says so. */
static void test_empty(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    GtkWidget *page;

    f->window = GTK_WIDGET(window);
    gtk_window_present(GTK_WINDOW(window));
    itest_wait_painted(GTK_WIDGET(window));
    g_assert_cmpstr(page_shown(window), ==, "empty");
    page = itest_find_named(GTK_WIDGET(window), ADW_TYPE_STATUS_PAGE, "empty-page");
    g_assert_nonnull(page);
    g_assert_true(gtk_widget_get_mapped(page));
    g_assert_cmpstr(adw_status_page_get_title(ADW_STATUS_PAGE(page)), ==, "No Game Open");
    /* Nothing about a game in the header while there is none. */
    g_assert_null(find_label(GTK_WIDGET(window), "Follow"));
    g_assert_null(find_label(GTK_WIDGET(window), "Play from Here"));
    g_assert_null(find_label(GTK_WIDGET(window), "Truth"));
    itest_save_shot(f->window, "empty.png");
}

static gboolean shows_error(gpointer window)
{
    return g_strcmp0(page_shown(window), "error") == 0;
}

/* A file that cannot be opened, in a window with no game: the status page
 * with the file's name and the error's one line, and no game loaded. */
static void test_unopenable(Fixture *f, gconstpointer data)
{
    g_autofree char *bad = tmp_path(&f->tmp, "notes.cavelog");
    g_autoptr(GFile) file = g_file_new_for_path(bad);
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    AdwStatusPage *page;
    const char *line;

    f->window = GTK_WIDGET(window);
    g_assert_true(g_file_set_contents(bad, "not a game at all\n", -1, NULL));
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    wait_until(shows_error, window);
    page =
        ADW_STATUS_PAGE(itest_find_named(GTK_WIDGET(window), ADW_TYPE_STATUS_PAGE, "error-page"));
    g_assert_true(gtk_widget_get_mapped(GTK_WIDGET(page)));
    g_assert_cmpstr(adw_status_page_get_title(page), ==, "Could not open “notes.cavelog”");
    line = adw_status_page_get_description(page);
    g_test_message("error line: %s", line);
    g_assert_nonnull(strstr(line, "not a cavelog game"));
    g_assert_null(strchr(line, '\n'));
    g_assert_false(cav_inspector_window_is_loaded(window));
    itest_save_shot(f->window, "unopenable.png");
}

static gboolean toast_shown(gpointer window)
{
    GtkWidget *overlay = itest_find_named(window, ADW_TYPE_TOAST_OVERLAY, NULL);

    return find_label(overlay, "Bookmarked event") != NULL;
}

/* A notice that needs no answer (a bookmark made) is a toast. */
static void test_toast(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f, FALSE);

    g_assert_false(toast_shown(window));
    g_assert_nonnull(find_label(GTK_WIDGET(window), "Follow"));
    g_assert_nonnull(find_label(GTK_WIDGET(window), "Play from Here"));
    cav_inspector_window_show_event(window, 10);
    g_action_group_activate_action(G_ACTION_GROUP(window), "bookmark-note",
                                   g_variant_new_string("a toast"));
    wait_until(toast_shown, window);
    itest_save_shot(f->window, "toast.png");
}

/* ---- remembered settings ----------------------------------------------------------- */

/* Closing a window remembers its size and toggles; the next window (as
 * after a restart: the settings are all it shares with the first) has them. */
static void test_remembered(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *first = cav_inspector_window_new(NULL), *second;
    GtkNotebook *notebook;
    int width, height;
    g_autoptr(GVariant) truth = NULL;

    gtk_window_set_default_size(GTK_WINDOW(first), 1000, 640);
    gtk_window_present(GTK_WINDOW(first));
    g_action_group_change_action_state(G_ACTION_GROUP(first), "truth", g_variant_new_boolean(TRUE));
    notebook = GTK_NOTEBOOK(itest_find_named(GTK_WIDGET(first), GTK_TYPE_NOTEBOOK, NULL));
    gtk_notebook_set_current_page(notebook, 2);
    itest_wait_painted(GTK_WIDGET(first));
    gtk_window_close(GTK_WINDOW(first));
    while (g_main_context_iteration(NULL, FALSE))
        ;

    second = cav_inspector_window_new(NULL);
    f->window = GTK_WIDGET(second);
    gtk_window_get_default_size(GTK_WINDOW(second), &width, &height);
    g_assert_cmpint(width, ==, 1000);
    g_assert_cmpint(height, ==, 640);
    truth = g_action_group_get_action_state(G_ACTION_GROUP(second), "truth");
    g_assert_true(g_variant_get_boolean(truth));
    notebook = GTK_NOTEBOOK(itest_find_named(GTK_WIDGET(second), GTK_TYPE_NOTEBOOK, NULL));
    g_assert_cmpint(gtk_notebook_get_current_page(notebook), ==, 2);
    /* A headless window (a screenshot) changes nothing that is remembered. */
    cav_inspector_window_set_headless(second, TRUE);
    g_action_group_change_action_state(G_ACTION_GROUP(second), "truth",
                                       g_variant_new_boolean(FALSE));
    {
        g_autoptr(GSettings) settings = g_settings_new("org.cavelog.Inspector");
        g_assert_true(g_settings_get_boolean(settings, "truth"));
        g_settings_reset(settings, "truth");
        g_settings_reset(settings, "detail-page");
        g_settings_reset(settings, "window-width");
        g_settings_reset(settings, "window-height");
    }
}

/* The program, started again, takes the size its settings file remembers
 * (the keyfile backend, in a folder of the test's own). */
static void test_remembered_across_runs(Fixture *f, gconstpointer data)
{
    g_autofree char *config = tmp_path(&f->tmp, "config");
    g_autofree char *dir = g_build_filename(config, "glib-2.0", "settings", NULL);
    g_autofree char *keyfile = g_build_filename(dir, "keyfile", NULL);
    g_autofree char *png = tmp_path(&f->tmp, "shot.png");
    g_auto(GStrv) envp = g_get_environ();
    g_autoptr(GdkTexture) shot = NULL;
    g_autoptr(GError) error = NULL;
    const char *args[] = {"--screenshot", png, f->path, NULL};

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(
        keyfile, "[org/cavelog/Inspector]\nwindow-width=1111\nwindow-height=666\n", -1, NULL));
    envp = g_environ_setenv(envp, "GSETTINGS_BACKEND", "keyfile", TRUE);
    envp = g_environ_setenv(envp, "XDG_CONFIG_HOME", config, TRUE);
    run_inspector(args, envp);
    shot = gdk_texture_new_from_filename(png, &error);
    g_assert_no_error(error);
    /* As wide and tall as a window given that size here (GTK's default size
     * counts the window's frame, the PNG is its inside). */
    gtk_window_set_default_size(GTK_WINDOW(f->window = GTK_WIDGET(cav_inspector_window_new(NULL))),
                                1111, 666);
    gtk_window_present(GTK_WINDOW(f->window));
    itest_wait_painted(f->window);
    g_test_message("remembered 1111×666; the program drew %d×%d, here %d×%d",
                   gdk_texture_get_width(shot), gdk_texture_get_height(shot),
                   gtk_widget_get_width(f->window), gtk_widget_get_height(f->window));
    g_assert_cmpint(gdk_texture_get_width(shot), ==, gtk_widget_get_width(f->window));
    g_assert_cmpint(gdk_texture_get_height(shot), ==, gtk_widget_get_height(f->window));
    g_assert_cmpint(gdk_texture_get_width(shot), >, 1050);
    g_assert_cmpint(gdk_texture_get_width(shot), <=, 1111);
}

/* ---- a 1366×768 screen ------------------------------------------------------------ */

/* Whether @widget is drawn with a size, wholly inside @window. */
static void assert_inside(GtkWidget *window, GtkWidget *widget, const char *what)
{
    graphene_rect_t box;
    int width = gtk_widget_get_width(window), height = gtk_widget_get_height(window);

    g_assert_nonnull(widget);
    g_assert_true(gtk_widget_get_mapped(widget));
    g_assert_true(gtk_widget_compute_bounds(widget, window, &box));
    g_test_message("%-12s at %4.0f,%4.0f size %4.0f×%-4.0f in %d×%d", what, box.origin.x,
                   box.origin.y, box.size.width, box.size.height, width, height);
    g_assert_cmpfloat(box.size.width, >=, 16);
    g_assert_cmpfloat(box.size.height, >=, 16);
    /* A pixel of slack: the header bar lies under the window's 1-pixel frame. */
    g_assert_cmpfloat(box.origin.x, >=, -1);
    g_assert_cmpfloat(box.origin.y, >=, -1);
    g_assert_cmpfloat(box.origin.x + box.size.width, <=, width + 1);
    g_assert_cmpfloat(box.origin.y + box.size.height, <=, height + 1);
}

/* On the Analysis page, the button of every view lies inside the part of the
 * pane that shows them: none is scrolled off its right edge. */
static void assert_views_in_sight(GtkWidget *window)
{
    GtkNotebook *notebook = GTK_NOTEBOOK(itest_find_named(window, GTK_TYPE_NOTEBOOK, NULL));
    GtkWidget *switcher, *shown;
    graphene_rect_t pane, box;
    guint buttons = 0;

    gtk_notebook_set_current_page(notebook, gtk_notebook_get_n_pages(notebook) - 1);
    itest_wait_painted(window);
    switcher = itest_find_named(window, GTK_TYPE_STACK_SWITCHER, NULL);
    g_assert_nonnull(switcher);
    shown = gtk_widget_get_ancestor(switcher, GTK_TYPE_SCROLLED_WINDOW);
    g_assert_true(gtk_widget_compute_bounds(shown, window, &pane));
    for (GtkWidget *b = gtk_widget_get_first_child(switcher); b;
         b = gtk_widget_get_next_sibling(b)) {
        g_assert_true(gtk_widget_compute_bounds(b, window, &box));
        g_test_message("view button %u: %.0f..%.0f in %.0f..%.0f", buttons, box.origin.x,
                       box.origin.x + box.size.width, pane.origin.x,
                       pane.origin.x + pane.size.width);
        g_assert_cmpfloat(box.origin.x, >=, pane.origin.x);
        g_assert_cmpfloat(box.origin.x + box.size.width, <=, pane.origin.x + pane.size.width + 1);
        buttons++;
    }
    g_assert_cmpuint(buttons, ==, 6);
}

/* Pixels of @texture inside @box that are not all one colour as its
 * top-left one: something is drawn there. */
static guint ink(GdkTexture *texture, const graphene_rect_t *box)
{
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    g_autofree guchar *pixels = g_malloc((gsize) width * (gsize) height * 4);
    const guchar *corner;
    guint drawn = 0;

    gdk_texture_download(texture, pixels, (gsize) width * 4);
    corner = pixels + ((gsize) box->origin.y * (gsize) width + (gsize) box->origin.x) * 4;
    for (int y = (int) box->origin.y; y < (int) (box->origin.y + box->size.height); y++)
        for (int x = (int) box->origin.x; x < (int) (box->origin.x + box->size.width); x++) {
            const guchar *p = pixels + ((gsize) y * (gsize) width + (gsize) x) * 4;
            if (abs(p[0] - corner[0]) + abs(p[1] - corner[1]) + abs(p[2] - corner[2]) > 60)
                drawn++;
        }
    return drawn;
}

/* On a 1366×768 screen the window as it first opens fits (with a panel),
 * cannot be made to need more, and every part of it lies inside it: the
 * program's --screenshot is that size, and its map and timeline are drawn. */
static void test_small_screen(Fixture *f, gconstpointer data)
{
    static const struct {
        GType (*type)(void);
        const char *name, *what;
    } parts[] = {
        {adw_header_bar_get_type, NULL, "header bar"},
        {adw_window_title_get_type, NULL, "title"},
        {gtk_menu_button_get_type, "types", "types"},
        {gtk_search_entry_get_type, NULL, "search"},
        {cav_map_view_get_type, NULL, "map"},
        {gtk_toggle_button_get_type, "play", "play"},
        {gtk_scale_get_type, "scrubber", "scrubber"},
        {gtk_drop_down_get_type, "speed", "speed"},
        {gtk_column_view_get_type, "timeline", "timeline"},
        {gtk_notebook_get_type, NULL, "detail"},
    };
    GdkMonitor *monitor =
        g_list_model_get_item(gdk_display_get_monitors(gdk_display_get_default()), 0);
    g_autofree char *png = tmp_path(&f->tmp, "shot.png");
    const char *args[] = {"--screenshot", png, "--at", "200", f->path, NULL};
    g_autoptr(GdkTexture) shot = NULL;
    g_autoptr(GError) error = NULL;
    CavInspectorWindow *window;
    GdkRectangle screen;
    graphene_rect_t box;
    int min_width, min_height, default_width, default_height;

    gdk_monitor_get_geometry(monitor, &screen);
    g_object_unref(monitor);
    g_assert_cmpint(screen.width, ==, SCREEN_W);
    g_assert_cmpint(screen.height, ==, SCREEN_H);
    /* The size a first window opens at (GTK would clamp a larger one to
     * the screen, hiding that it does not fit). */
    {
        g_autoptr(GSettings) settings = g_settings_new("org.cavelog.Inspector");
        default_width = g_settings_get_int(settings, "window-width");
        default_height = g_settings_get_int(settings, "window-height");
    }
    g_assert_cmpint(default_width, <=, SCREEN_W);
    g_assert_cmpint(default_height, <=, SCREEN_H - PANEL_H);
    run_inspector(args, NULL);
    shot = gdk_texture_new_from_filename(png, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(shot), <=, SCREEN_W);
    g_assert_cmpint(gdk_texture_get_height(shot), <=, SCREEN_H - PANEL_H);
    /* Drawn at that size, not squeezed (the frame aside). */
    g_assert_cmpint(gdk_texture_get_width(shot), >=, default_width - 20);
    g_assert_cmpint(gdk_texture_get_height(shot), >=, default_height - 20);

    /* The same window here, at the same event and size. */
    window = open_window(f, TRUE);
    cav_inspector_window_show_event(window, 200);
    itest_wait_painted(f->window);
    g_assert_cmpint(gtk_widget_get_width(f->window), ==, gdk_texture_get_width(shot));
    g_assert_cmpint(gtk_widget_get_height(f->window), ==, gdk_texture_get_height(shot));
    gtk_widget_measure(f->window, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
    gtk_widget_measure(f->window, GTK_ORIENTATION_VERTICAL, min_width, &min_height, NULL, NULL,
                       NULL);
    g_test_message("smallest window: %d×%d", min_width, min_height);
    g_assert_cmpint(min_width, <=, SCREEN_W);
    g_assert_cmpint(min_height, <=, SCREEN_H - PANEL_H);
    for (guint i = 0; i < G_N_ELEMENTS(parts); i++)
        assert_inside(f->window, itest_find_named(f->window, parts[i].type(), parts[i].name),
                      parts[i].what);
    /* In the program's PNG, the map and the timeline are drawn. */
    g_assert_true(gtk_widget_compute_bounds(itest_find_named(f->window, CAV_TYPE_MAP_VIEW, NULL),
                                            f->window, &box));
    g_assert_cmpuint(ink(shot, &box), >, 2000);
    g_assert_true(gtk_widget_compute_bounds(
        itest_find_named(f->window, GTK_TYPE_COLUMN_VIEW, "timeline"), f->window, &box));
    g_assert_cmpuint(ink(shot, &box), >, 2000);
    assert_views_in_sight(f->window);
    {
        const char *dir = g_getenv("CAVELOG_TEST_SHOTS");
        if (dir != NULL) {
            g_autofree char *copy = g_build_filename(dir, "screen-1366x768.png", NULL);
            g_assert_true(gdk_texture_save_to_png(shot, copy));
        }
    }
}

int main(int argc, char **argv)
{
    ItestEnv env;

    itest_init(&argc, &argv, &env);
#define ADD(path, turns, func)                                                                     \
    g_test_add(path, Fixture, GINT_TO_POINTER(turns), fixture_setup, func, itest_game_teardown)
    ADD("/inspector/adw/about", 0, test_about);
    ADD("/inspector/adw/empty", 0, test_empty);
    ADD("/inspector/adw/unopenable", 0, test_unopenable);
    ADD("/inspector/adw/toast", 40, test_toast);
    ADD("/inspector/adw/remembered", 0, test_remembered);
    ADD("/inspector/adw/remembered-across-runs", 40, test_remembered_across_runs);
    ADD("/inspector/adw/small-screen", TURNS, test_small_screen);
#undef ADD
    return itest_run(&env);
}
