/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-inspector-app.c — the application: windows, the open dialog, recent
 * files, About, and the headless screenshot mode. */
#include "cav-inspector-app.h"

#include "cav-inspector-window.h"
#include "cav-render.h"
#include "cav-renderer.h"
#include "cavelog-config.h"
#include "shown.h"
#include "store.h"

#include <stdio.h>
#include <string.h>

#define SCREENSHOT_FRAMES 12  /* frames to let the window settle before rendering */
#define SCREENSHOT_RETRIES 30 /* frames to wait for one whose drawing outlives its paint */
#define SHOW_LOADING_MS 700   /* a new window still reading its game is shown after this */

struct _CavInspectorApp {
    AdwApplication parent_instance;
    char *screenshot; /* --screenshot: the PNG to write, or NULL */
    gint64 at;        /* --at: the event to show, -1 for the last */
    gboolean truth;   /* --truth */
    char *entity;     /* --entity: "creature:ID" or "item:ID" to show, or NULL */
    guint frames, retries;
    GtkWidget *shot_window; /* the window being rendered */
    gulong after_paint;
    int exit_status;
};

G_DEFINE_FINAL_TYPE(CavInspectorApp, cav_inspector_app, ADW_TYPE_APPLICATION)

/* ---- windows and files --------------------------------------------------- */

/* A window; --truth turns the truth on (a screenshot shows what the options
 * say, whatever the last window remembered). */
static CavInspectorWindow *new_window(CavInspectorApp *self)
{
    CavInspectorWindow *window = cav_inspector_window_new(GTK_APPLICATION(self));

    cav_inspector_window_set_headless(window, self->screenshot != NULL);
    if (self->truth || self->screenshot != NULL)
        g_action_group_change_action_state(G_ACTION_GROUP(window), "truth",
                                           g_variant_new_boolean(self->truth));
    return window;
}

/* A game being read for a window of its own, opened from a window that
 * shows one: the new window appears once the game is read (or after
 * SHOW_LOADING_MS, to show its progress); a file that cannot be read is
 * said in a dialog over the window it was opened from, and the new window
 * goes, so a bad file never leaves a window holding only its error. */
typedef struct {
    CavInspectorWindow *window; /* the new one, a reference */
    GWeakRef opener;            /* the window it was opened from */
    char *name;                 /* the file's name */
    guint show_source;
} PendingOpen;

static void pending_open_free(PendingOpen *pending)
{
    g_clear_handle_id(&pending->show_source, g_source_remove);
    g_signal_handlers_disconnect_by_data(pending->window, pending);
    g_object_unref(pending->window);
    g_weak_ref_clear(&pending->opener);
    g_free(pending->name);
    g_free(pending);
}

static gboolean pending_show(gpointer data)
{
    PendingOpen *pending = data;

    pending->show_source = 0;
    gtk_window_present(GTK_WINDOW(pending->window));
    return G_SOURCE_REMOVE;
}

static void pending_loaded(CavInspectorWindow *window, PendingOpen *pending)
{
    gtk_window_present(GTK_WINDOW(window));
    pending_open_free(pending);
}

static void pending_failed(CavInspectorWindow *window, const GError *error, PendingOpen *pending)
{
    g_autoptr(CavInspectorWindow) opener = g_weak_ref_get(&pending->opener);
    g_autofree char *primary = g_strdup_printf("Could not open “%s”", pending->name);

    if (opener != NULL)
        cav_inspector_window_alert_error(opener, primary, error);
    else
        gtk_window_present(GTK_WINDOW(window)); /* its own page says it */
    if (opener != NULL)
        gtk_window_destroy(GTK_WINDOW(window));
    pending_open_free(pending);
}

/* Read @file for a new window, opened from @opener, which shows a game. */
static void open_beside(CavInspectorApp *self, CavInspectorWindow *opener, GFile *file)
{
    PendingOpen *pending = g_new0(PendingOpen, 1);

    pending->window = g_object_ref(new_window(self));
    g_weak_ref_init(&pending->opener, opener);
    pending->name = g_file_get_basename(file);
    g_signal_connect(pending->window, "loaded", G_CALLBACK(pending_loaded), pending);
    g_signal_connect(pending->window, "failed", G_CALLBACK(pending_failed), pending);
    pending->show_source = g_timeout_add(SHOW_LOADING_MS, pending_show, pending);
    cav_inspector_window_open(pending->window, file);
}

/* Open @file in the active window when it shows nothing, else in a new one
 * (open_beside). */
static void open_file(CavInspectorApp *self, GFile *file)
{
    GtkWindow *active = gtk_application_get_active_window(GTK_APPLICATION(self));
    CavInspectorWindow *window;

    if (!CAV_IS_INSPECTOR_WINDOW(active) || self->screenshot != NULL) {
        window = new_window(self);
    } else if (cav_inspector_window_get_file(CAV_INSPECTOR_WINDOW(active)) == NULL) {
        window = CAV_INSPECTOR_WINDOW(active);
    } else {
        open_beside(self, CAV_INSPECTOR_WINDOW(active), file);
        return;
    }
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
}

static void on_chooser_response(GtkNativeDialog *dialog, int response, gpointer user_data)
{
    CavInspectorApp *self = user_data;

    if (response == GTK_RESPONSE_ACCEPT) {
        g_autoptr(GFile) file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(dialog));
        if (file != NULL)
            open_file(self, file);
    }
    g_object_unref(dialog);
}

static void show_open_dialog(CavInspectorApp *self)
{
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(self));
    GtkFileChooserNative *chooser = gtk_file_chooser_native_new(
        "Open a Game", parent, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
    g_autoptr(GtkFileFilter) games = gtk_file_filter_new();
    g_autoptr(GtkFileFilter) all = gtk_file_filter_new();
    g_autofree char *dir = store_games_dir();
    g_autoptr(GFile) folder = g_file_new_for_path(dir);

    gtk_file_filter_set_name(games, "cavelog games");
    gtk_file_filter_add_pattern(games, "*.cavelog");
    gtk_file_filter_add_pattern(games, "*.cavelog.gz");
    gtk_file_filter_add_pattern(games, "*.cavepack");
    gtk_file_filter_set_name(all, "All files");
    gtk_file_filter_add_pattern(all, "*");
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), games);
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), all);
    if (g_file_test(dir, G_FILE_TEST_IS_DIR))
        gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(chooser), folder, NULL);
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(chooser), TRUE);
    g_signal_connect(chooser, "response", G_CALLBACK(on_chooser_response), self);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser));
}

static void on_open(GSimpleAction *action, GVariant *parameter, gpointer self)
{
    show_open_dialog(self);
}

static void on_open_uri(GSimpleAction *action, GVariant *parameter, gpointer self)
{
    g_autoptr(GFile) file = g_file_new_for_uri(g_variant_get_string(parameter, NULL));

    open_file(self, file);
}

static void on_new_window(GSimpleAction *action, GVariant *parameter, gpointer self)
{
    gtk_window_present(GTK_WINDOW(new_window(self)));
}

GtkWindow *cav_inspector_app_show_about(CavInspectorApp *self)
{
    static const char *const developers[] = {"The cavelog developers", NULL};
    GtkWidget *about = adw_about_window_new();

    g_return_val_if_fail(CAV_IS_INSPECTOR_APP(self), NULL);
    /* The project's own icon: installed in hicolor, and in the resources
     * (GtkApplication adds their icons/ to the theme) for a build not
     * installed. */
    g_object_set(about, "transient-for", gtk_application_get_active_window(GTK_APPLICATION(self)),
                 "application-name", "cavelog Inspector", "application-icon",
                 "org.cavelog.Inspector", "version", CAVELOG_VERSION, "developer-name",
                 "The cavelog developers", "developers", developers, "comments",
                 "Move through a cavelog game’s whole history: the world at any event, "
                 "every event, and what caused what.",
                 "license-type", GTK_LICENSE_GPL_3_0, NULL);
    gtk_window_present(GTK_WINDOW(about));
    return GTK_WINDOW(about);
}

static void on_about(GSimpleAction *action, GVariant *parameter, gpointer self)
{
    cav_inspector_app_show_about(self);
}

/* Every window closed as its close button would (each remembers its size
 * and state on "close-request"), which quits with the last. */
static void on_quit(GSimpleAction *action, GVariant *parameter, gpointer self)
{
    GList *windows = g_list_copy(gtk_application_get_windows(GTK_APPLICATION(self)));

    for (GList *l = windows; l != NULL; l = l->next)
        gtk_window_close(l->data);
    g_list_free(windows);
    g_application_quit(G_APPLICATION(self));
}

static const GActionEntry app_actions[] = {
    {.name = "open", .activate = on_open},
    {.name = "open-uri", .activate = on_open_uri, .parameter_type = "s"},
    {.name = "new-window", .activate = on_new_window},
    {.name = "about", .activate = on_about},
    {.name = "quit", .activate = on_quit},
};

/* ---- headless screenshots -------------------------------------------------- */

static void screenshot_fail(CavInspectorApp *self, GtkWidget *window, const char *message)
{
    g_autofree char *shown = ev_shown(message); /* it names the file, and what is wrong in it */

    fprintf(stderr, "cavelog-inspector: %s\n", shown);
    self->exit_status = 1;
    gtk_window_destroy(GTK_WINDOW(window));
}

static void screenshot_after_paint(GdkFrameClock *clock, gpointer user_data);

/* Render in an idle after a paint, when the window's last frame is whole.
 * Should something have asked for a redraw in between (a list still being
 * filled), the frame is gone: wait for the next paint and try again. */
static gboolean screenshot_render(gpointer user_data)
{
    CavInspectorApp *self = user_data;
    GtkWidget *window = self->shot_window;
    g_autoptr(GError) error = NULL;

    if (cav_render_widget_png(window, self->screenshot, &error)) {
        gtk_window_destroy(GTK_WINDOW(window));
    } else if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED) &&
               self->retries++ < SCREENSHOT_RETRIES) {
        GdkFrameClock *clock = gtk_widget_get_frame_clock(window);

        self->after_paint =
            g_signal_connect(clock, "after-paint", G_CALLBACK(screenshot_after_paint), self);
        gtk_widget_queue_draw(window);
    } else {
        screenshot_fail(self, window, error->message);
    }
    return G_SOURCE_REMOVE;
}

static void screenshot_after_paint(GdkFrameClock *clock, gpointer user_data)
{
    CavInspectorApp *self = user_data;

    g_clear_signal_handler(&self->after_paint, clock);
    g_idle_add(screenshot_render, user_data);
}

/* Let the window settle for a few frames (lists fill, sizes settle). */
static gboolean screenshot_tick(GtkWidget *window, GdkFrameClock *clock, gpointer user_data)
{
    CavInspectorApp *self = user_data;

    gtk_widget_queue_draw(window);
    if (++self->frames < SCREENSHOT_FRAMES)
        return G_SOURCE_CONTINUE;
    self->shot_window = window;
    self->after_paint =
        g_signal_connect(clock, "after-paint", G_CALLBACK(screenshot_after_paint), self);
    return G_SOURCE_REMOVE;
}

/* Show @entity ("creature:ID" or "item:ID", checked when parsed). */
static void select_entity(CavInspectorWindow *window, const char *entity)
{
    CavRefKind kind = g_str_has_prefix(entity, "item:") ? CAV_REF_ITEM : CAV_REF_CREATURE;
    const char *id = strchr(entity, ':') + 1;

    cav_inspector_window_select_entity(window, kind, (gint32) g_ascii_strtoll(id, NULL, 10));
}

static void screenshot_loaded(CavInspectorWindow *window, gpointer user_data)
{
    CavInspectorApp *self = user_data;
    gint64 length = history_length(cav_inspector_window_get_history(window));

    if (self->at > length) {
        g_autofree char *message = g_strdup_printf(
            "--at %" G_GINT64_FORMAT ": the game has only %" G_GINT64_FORMAT " events", self->at,
            length);
        screenshot_fail(self, GTK_WIDGET(window), message);
        return;
    }
    cav_inspector_window_show_event(window, self->at >= 0 ? self->at : length);
    if (self->entity != NULL)
        select_entity(window, self->entity);
    gtk_widget_add_tick_callback(GTK_WIDGET(window), screenshot_tick, self, NULL);
}

static void screenshot_failed(CavInspectorWindow *window, GError *error, gpointer user_data)
{
    screenshot_fail(user_data, GTK_WIDGET(window), error->message);
}

static void start_screenshot(CavInspectorApp *self, GFile *file)
{
    CavInspectorWindow *window = new_window(self);

    g_signal_connect(window, "loaded", G_CALLBACK(screenshot_loaded), self);
    g_signal_connect(window, "failed", G_CALLBACK(screenshot_failed), self);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
}

/* ---- GApplication ----------------------------------------------------------- */

/* Whether @entity is "creature:ID" or "item:ID" with ID a positive number. */
static gboolean entity_valid(const char *entity)
{
    const char *colon = strchr(entity, ':');
    gint64 id;

    if (colon == NULL ||
        (!g_str_has_prefix(entity, "creature:") && !g_str_has_prefix(entity, "item:")))
        return FALSE;
    return g_ascii_string_to_signed(colon + 1, 10, 1, G_MAXINT32, &id, NULL);
}

/* The program's options (GApplication keeps their values: no arg_data). */
static const GOptionEntry app_options[] = {
    {"screenshot", 0, 0, G_OPTION_ARG_FILENAME, NULL,
     "Draw the window showing FILE into OUT.png and exit", "OUT.png"},
    {"at", 0, 0, G_OPTION_ARG_STRING, NULL, "With --screenshot: the world after event SEQ", "SEQ"},
    {"entity", 0, 0, G_OPTION_ARG_STRING, NULL, "With --screenshot: show creature:ID or item:ID",
     "KIND:ID"},
    {"truth", 0, 0, G_OPTION_ARG_NONE, NULL, "The whole truth, not what the player saw", NULL},
    {"version", 0, 0, G_OPTION_ARG_NONE, NULL, "Print the version and exit", NULL},
    G_OPTION_ENTRY_NULL,
};

/* An argument GApplication answers itself (its help, its own options). */
static gboolean app_own_argument(const char *argument)
{
    return g_str_equal(argument, "-h") || g_str_equal(argument, "-?") ||
           g_str_has_prefix(argument, "--help") || g_str_has_prefix(argument, "--gapplication-");
}

int cav_inspector_app_check_arguments(char **argv)
{
    GOptionEntry entries[G_N_ELEMENTS(app_options)];
    gpointer values[G_N_ELEMENTS(app_options)] = {0};
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_auto(GStrv) arguments = g_strdupv(argv);
    g_autoptr(GError) error = NULL;
    gboolean parsed;

    for (gsize i = 1; argv[i] != NULL; i++)
        if (app_own_argument(argv[i]))
            return -1;
    memcpy(entries, app_options, sizeof entries);
    for (gsize i = 0; entries[i].long_name != NULL; i++)
        entries[i].arg_data = &values[i];
    g_option_context_set_help_enabled(context, FALSE);
    g_option_context_add_main_entries(context, entries, NULL);
    parsed = g_option_context_parse_strv(context, &arguments, &error);
    for (gsize i = 0; entries[i].long_name != NULL; i++)
        if (entries[i].arg != G_OPTION_ARG_NONE)
            g_free(values[i]);
    if (parsed)
        return -1;
    fprintf(stderr, "cavelog-inspector: %s\nTry “cavelog-inspector --help”.\n", error->message);
    return 2;
}

static int cav_inspector_app_handle_local_options(GApplication *app, GVariantDict *options)
{
    CavInspectorApp *self = CAV_INSPECTOR_APP(app);
    const char *at = NULL;

    if (g_variant_dict_contains(options, "version")) {
        printf("cavelog-inspector %s\n", CAVELOG_VERSION);
        return 0;
    }
    g_variant_dict_lookup(options, "screenshot", "^ay", &self->screenshot);
    /* A string, not an int64: GApplication drops an int64 option of 0, so
     * "--at 0" would read as no --at at all. */
    if (g_variant_dict_lookup(options, "at", "&s", &at) &&
        !g_ascii_string_to_signed(at, 10, 0, G_MAXINT64, &self->at, NULL)) {
        fprintf(stderr, "cavelog-inspector: --at takes an event number (0 or more)\n");
        return 2;
    }
    self->truth = g_variant_dict_contains(options, "truth");
    g_variant_dict_lookup(options, "entity", "s", &self->entity);
    if (self->entity != NULL && !entity_valid(self->entity)) {
        fprintf(stderr, "cavelog-inspector: --entity takes creature:ID or item:ID\n");
        return 2;
    }
    /* A screenshot is this process's own business, not a running instance's. */
    if (self->screenshot != NULL)
        g_application_set_flags(app, g_application_get_flags(app) | G_APPLICATION_NON_UNIQUE);
    return -1;
}

static void cav_inspector_app_startup(GApplication *app)
{
    static const struct {
        const char *action;
        const char *accels[2];
    } accels[] = {
        {"app.open", {"<Control>o", NULL}},     {"app.new-window", {"<Control>n", NULL}},
        {"app.quit", {"<Control>q", NULL}},     {"win.find", {"<Control>f", NULL}},
        {"window.close", {"<Control>w", NULL}},
    };

    G_APPLICATION_CLASS(cav_inspector_app_parent_class)->startup(app);
    cav_renderer_choose(gdk_display_get_default());
    gtk_window_set_default_icon_name("org.cavelog.Inspector");
    g_action_map_add_action_entries(G_ACTION_MAP(app), app_actions, G_N_ELEMENTS(app_actions), app);
    for (guint i = 0; i < G_N_ELEMENTS(accels); i++)
        gtk_application_set_accels_for_action(GTK_APPLICATION(app), accels[i].action,
                                              accels[i].accels);
}

static void cav_inspector_app_activate(GApplication *app)
{
    CavInspectorApp *self = CAV_INSPECTOR_APP(app);

    if (self->screenshot != NULL) {
        fprintf(stderr, "cavelog-inspector: --screenshot needs a game FILE\n");
        self->exit_status = 2;
        return;
    }
    gtk_window_present(GTK_WINDOW(new_window(self)));
    show_open_dialog(self);
}

static void cav_inspector_app_open(GApplication *app, GFile **files, int n_files, const char *hint)
{
    CavInspectorApp *self = CAV_INSPECTOR_APP(app);

    if (self->screenshot != NULL) {
        if (n_files != 1) {
            fprintf(stderr, "cavelog-inspector: --screenshot takes exactly one game FILE\n");
            self->exit_status = 2;
            return;
        }
        start_screenshot(self, files[0]);
        return;
    }
    for (int i = 0; i < n_files; i++) {
        CavInspectorWindow *window = new_window(self);
        gtk_window_present(GTK_WINDOW(window));
        cav_inspector_window_open(window, files[i]);
    }
}

static void cav_inspector_app_finalize(GObject *object)
{
    CavInspectorApp *self = CAV_INSPECTOR_APP(object);

    g_free(self->screenshot);
    g_free(self->entity);
    G_OBJECT_CLASS(cav_inspector_app_parent_class)->finalize(object);
}

static void cav_inspector_app_class_init(CavInspectorAppClass *klass)
{
    GApplicationClass *app_class = G_APPLICATION_CLASS(klass);

    G_OBJECT_CLASS(klass)->finalize = cav_inspector_app_finalize;
    app_class->handle_local_options = cav_inspector_app_handle_local_options;
    app_class->startup = cav_inspector_app_startup;
    app_class->activate = cav_inspector_app_activate;
    app_class->open = cav_inspector_app_open;
}

static void cav_inspector_app_init(CavInspectorApp *self)
{
    self->at = -1;
    g_application_add_main_option_entries(G_APPLICATION(self), app_options);
    g_application_set_option_context_parameter_string(G_APPLICATION(self), "[FILE…]");
    g_application_set_option_context_summary(G_APPLICATION(self),
                                             "Move through the history of cavelog game files.\n"
                                             "--at SEQ: the last event by default; 0 is the world "
                                             "before the first.");
}

CavInspectorApp *cav_inspector_app_new(void)
{
    return g_object_new(CAV_TYPE_INSPECTOR_APP, "application-id", "org.cavelog.Inspector", "flags",
                        G_APPLICATION_HANDLES_OPEN, NULL);
}

int cav_inspector_app_get_exit_status(CavInspectorApp *self)
{
    g_return_val_if_fail(CAV_IS_INSPECTOR_APP(self), 1);
    return self->exit_status;
}
