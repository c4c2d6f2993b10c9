/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-bookmarks.c — the inspector's bookmarks (popover, list, scrubber marks)
 * and its "Play from here" (a fork made in a worker thread). */
#include "cav-bookmarks.h"

#include "bookmarks.h"
#include "cav-marker-strip.h"
#include "fork.h"

#include <string.h>

typedef struct {
    CavInspectorWindow *window; /* owns this */
    GtkScale *scrubber;
    GtkMenuButton *button;
    GtkEntry *note_entry;
    GtkListBox *list;
    GPtrArray *bookmarks; /* Bookmark, or NULL */
    char *notice;
    char *fork_path;
} CavBookmarks;

#define MARKS_KEY "cav-marks"

static CavBookmarks *marks_of(CavInspectorWindow *window)
{
    return g_object_get_data(G_OBJECT(window), MARKS_KEY);
}

static void marks_free(CavBookmarks *marks)
{
    if (marks->bookmarks != NULL)
        g_ptr_array_unref(marks->bookmarks);
    g_free(marks->notice);
    g_free(marks->fork_path);
    g_free(marks);
}

/* Say @text: kept for cav_bookmarks_get_notice, and told to the person at the
 * window (not a headless one's): a problem or a long notice in a dialog
 * under @primary, a short notice in a toast. */
static void marks_say(CavBookmarks *marks, gboolean problem, const char *primary, const char *text)
{
    g_free(marks->notice);
    marks->notice = g_strdup(text);
    if (problem || strchr(text, '\n') != NULL)
        cav_inspector_window_alert(marks->window, primary, text);
    else
        cav_inspector_window_add_toast(marks->window, text);
}

/* ---- the list and the scrubber ------------------------------------------- */

static GtkWidget *bookmark_row(History *history, const Bookmark *bookmark)
{
    const HistoryEntry *entry = history_entry(history, bookmark->seq);
    g_autofree char *note = bookmarks_note_shown(bookmark->note);
    g_autofree char *text = g_strdup_printf("Turn %d · event %" G_GINT64_FORMAT " — %s",
                                            entry != NULL ? entry->turn : 0, bookmark->seq,
                                            note[0] != '\0' ? note : "(no note)");
    GtkWidget *label = gtk_label_new(text);
    GtkWidget *row = gtk_list_box_row_new();

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), label);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(row), "win.bookmark-jump");
    gtk_actionable_set_action_target(GTK_ACTIONABLE(row), "x", bookmark->seq);
    return row;
}

/* The list and the scrubber's marks, from marks->bookmarks. */
static void marks_show(CavBookmarks *marks)
{
    History *history = cav_inspector_window_get_history(marks->window);
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(marks->list))) != NULL)
        gtk_list_box_remove(marks->list, child);
    gtk_scale_clear_marks(marks->scrubber);
    for (guint i = 0; marks->bookmarks != NULL && i < marks->bookmarks->len; i++) {
        const Bookmark *bookmark = g_ptr_array_index(marks->bookmarks, i);
        gtk_list_box_append(marks->list, bookmark_row(history, bookmark));
        gtk_scale_add_mark(marks->scrubber, (double) bookmark->seq, GTK_POS_BOTTOM, NULL);
    }
    cav_marker_strip_reload(marks->window);
}

void cav_bookmarks_reload(CavInspectorWindow *window)
{
    CavBookmarks *marks = marks_of(window);
    History *history = cav_inspector_window_get_history(window);
    g_autoptr(GError) error = NULL;

    g_return_if_fail(marks != NULL);
    g_clear_pointer(&marks->bookmarks, g_ptr_array_unref);
    if (history != NULL) {
        marks->bookmarks = bookmarks_read(history_store(history), &error);
        if (marks->bookmarks == NULL)
            marks_say(marks, TRUE, "Could not read the bookmarks", error->message);
    }
    marks_show(marks);
}

/* ---- actions --------------------------------------------------------------- */

static void on_bookmark(GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
    CavBookmarks *marks = user_data;

    if (cav_inspector_window_get_history(marks->window) == NULL)
        return;
    gtk_menu_button_popup(marks->button);
    gtk_widget_grab_focus(GTK_WIDGET(marks->note_entry));
}

static void on_bookmark_note(GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
    CavBookmarks *marks = user_data;
    History *history = cav_inspector_window_get_history(marks->window);
    gint64 seq = cav_inspector_window_get_event(marks->window);
    g_autoptr(GError) error = NULL;
    g_autofree char *note = g_strstrip(g_variant_dup_string(parameter, NULL));
    g_autofree char *text = NULL;

    if (history == NULL)
        return;
    if (seq == 0) {
        marks_say(marks, FALSE, "Nothing to bookmark",
                  "Nothing to bookmark before the first event");
        return;
    }
    if (!bookmarks_add(history_store(history), seq, note, &error)) {
        marks_say(marks, TRUE, "Could not bookmark this event", error->message);
        return;
    }
    gtk_editable_set_text(GTK_EDITABLE(marks->note_entry), "");
    /* Closed, so that the keys pressed next are the window's, not a note's. */
    gtk_menu_button_popdown(marks->button);
    text = g_strdup_printf("Bookmarked event %" G_GINT64_FORMAT ".", seq);
    cav_bookmarks_reload(marks->window);
    marks_say(marks, FALSE, "Bookmarked", text);
}

static void on_bookmark_jump(GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
    CavBookmarks *marks = user_data;

    gtk_menu_button_popdown(marks->button);
    cav_inspector_window_show_event(marks->window, g_variant_get_int64(parameter));
}

/* The fork is made here, in the main thread, through the history's own
 * store: a worker would need a second open of the file, whose close drops
 * the POSIX locks SQLite holds on it (a game of 40 000 events forks in
 * about 0.2 s). */
static void on_fork(GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
    CavBookmarks *marks = user_data;
    History *history = cav_inspector_window_get_history(marks->window);
    const HistoryEntry *entry;
    g_autoptr(GError) error = NULL;
    g_autofree char *path = NULL, *text = NULL;
    gint32 turn;

    if (history == NULL)
        return;
    entry = history_entry(history, cav_inspector_window_get_event(marks->window));
    turn = entry != NULL ? entry->turn : 0;
    path = fork_default_path(history_path(history), turn);
    if (!fork_game_from(history_store(history), turn, path, NULL, &error)) {
        marks_say(marks, TRUE, "Could not make a game from here", error->message);
        return;
    }
    g_free(marks->fork_path);
    marks->fork_path = g_strdup(path);
    if (turn == 0)
        text = g_strdup_printf("Turn 0 of this game is saved as a new game in %s.\n"
                               "Play on from there in a terminal: cavelog continue '%s'",
                               path, path);
    else
        text = g_strdup_printf("Turns 0 to %d of this game are saved as a new game in %s.\n"
                               "Play on from there in a terminal: cavelog continue '%s'",
                               turn, path, path);
    marks_say(marks, FALSE, "A new game from this turn", text);
}

/* ---- the popover --------------------------------------------------------- */

static void on_note_activate(GtkWidget *widget, gpointer user_data)
{
    CavBookmarks *marks = user_data;
    const char *text = gtk_editable_get_text(GTK_EDITABLE(marks->note_entry));

    g_action_group_activate_action(G_ACTION_GROUP(marks->window), "bookmark-note",
                                   g_variant_new_string(text));
}

static GtkWidget *note_row(CavBookmarks *marks)
{
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *add = gtk_button_new_with_mnemonic("_Bookmark");

    marks->note_entry = GTK_ENTRY(gtk_entry_new());
    gtk_widget_set_name(GTK_WIDGET(marks->note_entry), "bookmark-note");
    gtk_entry_set_placeholder_text(marks->note_entry, "A short note on the event shown");
    gtk_entry_set_max_length(marks->note_entry, BOOKMARK_NOTE_MAX / 4);
    gtk_widget_set_hexpand(GTK_WIDGET(marks->note_entry), TRUE);
    g_signal_connect(marks->note_entry, "activate", G_CALLBACK(on_note_activate), marks);
    g_signal_connect(add, "clicked", G_CALLBACK(on_note_activate), marks);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(marks->note_entry));
    gtk_box_append(GTK_BOX(row), add);
    return row;
}

static GtkWidget *popover_content(CavBookmarks *marks)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    GtkWidget *empty = gtk_label_new("No bookmarks yet");

    marks->list = GTK_LIST_BOX(gtk_list_box_new());
    gtk_widget_set_name(GTK_WIDGET(marks->list), "bookmarks-list");
    gtk_list_box_set_placeholder(marks->list, empty);
    gtk_widget_add_css_class(empty, "dim-label");
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), GTK_WIDGET(marks->list));
    gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scrolled), TRUE);
    gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(scrolled), 320);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_widget_set_size_request(box, 380, -1);
    gtk_box_append(GTK_BOX(box), note_row(marks));
    gtk_box_append(GTK_BOX(box), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
    gtk_box_append(GTK_BOX(box), scrolled);
    return box;
}

/* The popover closed (a bookmark made, Escape): the focus, left on the
 * note hidden, goes back to the button, so that the window's keys work
 * again and none is typed into the note. */
static void on_popover_closed(GtkPopover *popover, gpointer user_data)
{
    CavBookmarks *marks = user_data;
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(marks->window));

    if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(popover)))
        gtk_widget_grab_focus(GTK_WIDGET(marks->button));
}

void cav_bookmarks_install(CavInspectorWindow *window, GtkScale *scrubber, GtkMenuButton *button)
{
    CavBookmarks *marks = g_new0(CavBookmarks, 1);
    const GActionEntry actions[] = {
        {.name = "bookmark", .activate = on_bookmark},
        {.name = "bookmark-note", .activate = on_bookmark_note, .parameter_type = "s"},
        {.name = "bookmark-jump", .activate = on_bookmark_jump, .parameter_type = "x"},
        {.name = "fork", .activate = on_fork},
    };
    GtkWidget *popover = gtk_popover_new();

    g_return_if_fail(CAV_IS_INSPECTOR_WINDOW(window) && GTK_IS_SCALE(scrubber));
    marks->window = window;
    marks->scrubber = scrubber;
    marks->button = button;
    g_object_set_data_full(G_OBJECT(window), MARKS_KEY, marks, (GDestroyNotify) marks_free);
    g_action_map_add_action_entries(G_ACTION_MAP(window), actions, G_N_ELEMENTS(actions), marks);
    gtk_popover_set_child(GTK_POPOVER(popover), popover_content(marks));
    g_signal_connect(popover, "closed", G_CALLBACK(on_popover_closed), marks);
    gtk_menu_button_set_popover(button, popover);
}

const GPtrArray *cav_bookmarks_get_bookmarks(CavInspectorWindow *window)
{
    CavBookmarks *marks = marks_of(window);

    return marks != NULL ? marks->bookmarks : NULL;
}

const char *cav_bookmarks_get_notice(CavInspectorWindow *window)
{
    CavBookmarks *marks = marks_of(window);

    return marks != NULL ? marks->notice : NULL;
}

const char *cav_bookmarks_get_fork_path(CavInspectorWindow *window)
{
    CavBookmarks *marks = marks_of(window);

    return marks != NULL ? marks->fork_path : NULL;
}
