/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-keys.c — one table of keys and actions, used twice: a shortcut
 * controller on the content, and a capture-phase key handler on the window
 * for when the focus is outside the content. Neither takes a key while the
 * focus is in a text field (an entry, a search field, a spin button…):
 * typing there gets every key. */
#include "cav-keys.h"

#include "cav-map-view.h"

/* Keys over the map and lists (not the filter bar, where they are typing). */
static const struct {
    const char *trigger, *action;
    const char *target; /* the action's parameter (GVariant text), or NULL */
} content_keys[] = {
    {"Right", "win.next-event", NULL},
    {"Left", "win.prev-event", NULL},
    {"<Shift>Right", "win.next-turn", NULL},
    {"<Shift>Left", "win.prev-turn", NULL},
    {"Home", "win.first", NULL},
    {"End", "win.last", NULL},
    {"space", "win.play", NULL},
    {"f", "win.follow", NULL},
    {"t", "win.truth", NULL},
    {"b", "win.bookmark", NULL},
    {"m", "win.next-marker", NULL},
    {"<Shift>m", "win.prev-marker", NULL},
    {"<Alt>Left", "win.back", NULL},
    {"<Alt>Right", "win.forward", NULL},
    {"0", "win.depth", "uint32 0"}, /* the player's */
    {"1", "win.depth", "uint32 1"},
    {"2", "win.depth", "uint32 2"},
    {"3", "win.depth", "uint32 3"},
    {"4", "win.depth", "uint32 4"},
    {"5", "win.depth", "uint32 5"},
    {"plus", "win.faster", NULL},
    {"equal", "win.faster", NULL},
    {"minus", "win.slower", NULL},
    {"<Control>1", "win.marker-death", NULL},
    {"<Control>2", "win.marker-end", NULL},
    {"<Control>3", "win.marker-stairs", NULL},
    {"<Control>4", "win.marker-hurt", NULL},
    {"<Control>5", "win.marker-level-up", NULL},
    {"<Control>6", "win.marker-bookmark", NULL},
};

/* What the window's key handler needs (freed with the controller). */
typedef struct {
    GtkWidget *content;
    GtkStack *pages;
    char *page;
    CavTimelinePane *pane;
} WindowKeys;

static void window_keys_free(gpointer data, GClosure *closure)
{
    WindowKeys *keys = data;

    g_free(keys->page);
    g_free(keys);
}

/* Whether @focus is where one types: a GtkText, or inside an editable (an
 * entry, a search field, a spin button). */
static gboolean is_typing(GtkWidget *focus)
{
    for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent(w))
        if (GTK_IS_EDITABLE(w))
            return TRUE;
    return FALSE;
}

/* The content's shortcuts are in the capture phase, ahead of the focused
 * widget: they sleep while the focus is a text field; on the map they
 * come after it (its arrows move its cursor). */
static void on_focus_changed(GtkWindow *window, GParamSpec *pspec, gpointer controller)
{
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
    GtkPropagationPhase phase = is_typing(focus)         ? GTK_PHASE_NONE
                                : CAV_IS_MAP_VIEW(focus) ? GTK_PHASE_BUBBLE
                                                         : GTK_PHASE_CAPTURE;

    gtk_event_controller_set_propagation_phase(controller, phase);
}

static void add_content_shortcuts(GtkWindow *window, GtkWidget *content)
{
    GtkEventController *controller = gtk_shortcut_controller_new();

    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    for (guint i = 0; i < G_N_ELEMENTS(content_keys); i++) {
        GtkShortcut *shortcut =
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string(content_keys[i].trigger),
                             gtk_named_action_new(content_keys[i].action));
        if (content_keys[i].target != NULL)
            gtk_shortcut_set_arguments(
                shortcut, g_variant_parse(NULL, content_keys[i].target, NULL, NULL, NULL));
        gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller), shortcut);
    }
    gtk_widget_add_controller(content, controller);
    g_signal_connect_object(window, "notify::focus-widget", G_CALLBACK(on_focus_changed),
                            controller, 0);
}

/* Activate on @widget the action of the key @event is, if it is one. */
static gboolean activate_key(GtkWidget *widget, GdkEvent *event)
{
    for (guint i = 0; i < G_N_ELEMENTS(content_keys); i++) {
        g_autoptr(GtkShortcutTrigger) trigger =
            gtk_shortcut_trigger_parse_string(content_keys[i].trigger);

        if (gtk_shortcut_trigger_trigger(trigger, event, FALSE) == GDK_KEY_MATCH_EXACT) {
            GVariant *target = content_keys[i].target != NULL
                                   ? g_variant_parse(NULL, content_keys[i].target, NULL, NULL, NULL)
                                   : NULL;
            return gtk_widget_activate_action_variant(widget, content_keys[i].action, target);
        }
    }
    return FALSE;
}

/* The same keys when the focus is outside the map and lists — nowhere yet,
 * a header button — but not where they are typing, nor in a popover. */
static gboolean on_window_key(GtkEventControllerKey *controller, guint keyval, guint keycode,
                              GdkModifierType modifiers, gpointer user_data)
{
    WindowKeys *keys = user_data;
    GtkWidget *window = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller));
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));

    /* Focus moved by this key enters the timeline as by keyboard. */
    cav_timeline_pane_note_key(keys->pane);
    if (focus != NULL && (gtk_widget_is_ancestor(focus, keys->content) || is_typing(focus) ||
                          gtk_widget_get_native(focus) != GTK_NATIVE(window)))
        return FALSE; /* the content's own shortcuts, typing, or a popover */
    if (g_strcmp0(gtk_stack_get_visible_child_name(keys->pages), keys->page) != 0)
        return FALSE;
    return activate_key(window,
                        gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller)));
}

void cav_keys_install(GtkWindow *window, GtkWidget *content, GtkStack *pages, const char *page,
                      CavTimelinePane *pane)
{
    GtkEventController *controller = gtk_event_controller_key_new();
    WindowKeys *keys = g_new0(WindowKeys, 1);

    g_return_if_fail(GTK_IS_WINDOW(window) && GTK_IS_WIDGET(content) && GTK_IS_STACK(pages));
    add_content_shortcuts(window, content);
    keys->content = content;
    keys->pages = pages;
    keys->page = g_strdup(page);
    keys->pane = pane;
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    g_signal_connect_data(controller, "key-pressed", G_CALLBACK(on_window_key), keys,
                          window_keys_free, 0);
    gtk_widget_add_controller(GTK_WIDGET(window), controller);
}
