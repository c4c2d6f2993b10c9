/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-a11y.c — controls named for screen readers after their tooltips, and
 * drop-downs described by their current choice (see cav-a11y.h). */
#include "cav-a11y.h"

#include <string.h>

void cav_a11y_name(GtkWidget *widget, const char *label)
{
    g_return_if_fail(GTK_IS_WIDGET(widget) && label != NULL);
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        if (GTK_IS_BUTTON(child))
            gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           label, -1);
}

/* Tell screen readers @drop_down's choice ("Player’s Depth", "50 events/s")
 * as its description, on it and on the button inside it that takes the
 * focus: its name says only what it chooses. */
static void describe_choice(GtkDropDown *drop_down)
{
    GObject *item = gtk_drop_down_get_selected_item(drop_down);
    const char *choice =
        GTK_IS_STRING_OBJECT(item) ? gtk_string_object_get_string(GTK_STRING_OBJECT(item)) : "";

    gtk_accessible_update_property(GTK_ACCESSIBLE(drop_down), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   choice, -1);
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(drop_down)); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        if (GTK_IS_BUTTON(child))
            gtk_accessible_update_property(GTK_ACCESSIBLE(child),
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, choice, -1);
}

static void on_choice(GtkDropDown *drop_down, GParamSpec *pspec, gpointer unused)
{
    describe_choice(drop_down);
}

void cav_a11y_follow_choice(GtkDropDown *drop_down)
{
    g_return_if_fail(GTK_IS_DROP_DOWN(drop_down));
    if (g_object_get_data(G_OBJECT(drop_down), "cav-a11y-choice") == NULL) {
        g_object_set_data(G_OBJECT(drop_down), "cav-a11y-choice", GINT_TO_POINTER(1));
        /* "selected-item" changes too when the model is replaced (the depths seen). */
        g_signal_connect(drop_down, "notify::selected-item", G_CALLBACK(on_choice), NULL);
    }
    describe_choice(drop_down);
}

/* "Bookmarks: add one…" → "Bookmarks"; "Play / Pause (Space)" → "Play / Pause". */
static char *label_of_tooltip(const char *tooltip)
{
    gsize end = strcspn(tooltip, ":;");
    const char *paren = strstr(tooltip, " (");

    if (paren != NULL && (gsize) (paren - tooltip) < end)
        end = (gsize) (paren - tooltip);
    return g_strstrip(g_strndup(tooltip, end));
}

/* Whether @widget is a control whose words a screen reader cannot take
 * from what it shows. */
static gboolean needs_name(GtkWidget *widget)
{
    if (GTK_IS_MENU_BUTTON(widget) || GTK_IS_DROP_DOWN(widget) || GTK_IS_SCALE(widget) ||
        GTK_IS_ENTRY(widget) || GTK_IS_SEARCH_ENTRY(widget))
        return TRUE;
    return GTK_IS_BUTTON(widget) && !GTK_IS_MENU_BUTTON(gtk_widget_get_parent(widget)) &&
           gtk_button_get_label(GTK_BUTTON(widget)) == NULL &&
           gtk_widget_get_tooltip_text(widget) != NULL;
}

/* An entry's or search entry's placeholder text, or NULL. */
static char *placeholder_of(GtkWidget *widget)
{
    char *text = NULL;

    if (GTK_IS_ENTRY(widget) || GTK_IS_SEARCH_ENTRY(widget))
        g_object_get(widget, "placeholder-text", &text, NULL);
    return text;
}

/* A notebook's tabs are "Tab" to GTK 4.8: each is named by its label; the
 * notebook (which takes the focus) "Pages". */
static void name_tabs(GtkNotebook *notebook)
{
    gtk_accessible_update_property(GTK_ACCESSIBLE(notebook), GTK_ACCESSIBLE_PROPERTY_LABEL, "Pages",
                                   -1);
    for (int i = 0; i < gtk_notebook_get_n_pages(notebook); i++) {
        GtkWidget *label =
            gtk_notebook_get_tab_label(notebook, gtk_notebook_get_nth_page(notebook, i));

        if (GTK_IS_LABEL(label) && gtk_widget_get_parent(label) != NULL)
            gtk_accessible_update_property(GTK_ACCESSIBLE(gtk_widget_get_parent(label)),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           gtk_label_get_text(GTK_LABEL(label)), -1);
    }
}

void cav_a11y_name_controls(GtkWidget *root)
{
    g_return_if_fail(GTK_IS_WIDGET(root));
    if (GTK_IS_NOTEBOOK(root))
        name_tabs(GTK_NOTEBOOK(root));
    if (GTK_IS_COLUMN_VIEW(root) && gtk_widget_get_first_child(root) != NULL)
        gtk_accessible_update_property(GTK_ACCESSIBLE(gtk_widget_get_first_child(root)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Column titles", -1);
    if (GTK_IS_COLUMN_VIEW(root) && gtk_widget_get_name(root) != NULL)
        gtk_accessible_update_property(
            GTK_ACCESSIBLE(root), GTK_ACCESSIBLE_PROPERTY_LABEL,
            g_strcmp0(gtk_widget_get_name(root), "timeline") == 0 ? "Timeline" : "Entities", -1);
    if (GTK_IS_STACK_SWITCHER(root))
        gtk_accessible_update_property(GTK_ACCESSIBLE(root), GTK_ACCESSIBLE_PROPERTY_LABEL, "Pages",
                                       -1);
    if (needs_name(root)) {
        const char *tooltip = gtk_widget_get_tooltip_text(root);
        g_autofree char *label = tooltip != NULL ? label_of_tooltip(tooltip) : NULL;

        if (label == NULL)
            label = placeholder_of(root);
        if (label != NULL && *label != '\0')
            cav_a11y_name(root, label);
    }
    if (GTK_IS_DROP_DOWN(root))
        cav_a11y_follow_choice(GTK_DROP_DOWN(root));
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        cav_a11y_name_controls(child);
}
