/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-columns.c — one-line text cells: a GtkInscription each, set from a
 * property of the row through GValue's transform to a string; the rows
 * named for screen readers. */
#include "cav-columns.h"

static void setup_inscription(GtkSignalListItemFactory *factory, GtkListItem *item,
                              gpointer user_data)
{
    GtkWidget *cell = gtk_inscription_new(NULL);
    const char *widest = g_object_get_data(G_OBJECT(factory), "widest");

    gtk_inscription_set_min_chars(GTK_INSCRIPTION(cell), GPOINTER_TO_UINT(user_data));
    if (widest != NULL) { /* a number column: as wide as its widest number */
        g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout(cell, widest);
        int width;

        pango_layout_get_pixel_size(layout, &width, NULL);
        gtk_widget_set_size_request(cell, width, -1);
    }
    gtk_inscription_set_text_overflow(GTK_INSCRIPTION(cell),
                                      GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
    gtk_list_item_set_child(item, cell);
}

/* A row of the timeline (its Summary cell's bind) or of the Entities list
 * (its State cell's) named for screen readers by what it says, not by
 * GTK's class ("GtkListItemWidget"): cell, its column cell, the row. */
static void name_row(GtkWidget *cell, GObject *row, const char *property)
{
    GtkWidget *column_cell = gtk_widget_get_parent(cell);
    GtkWidget *row_widget = column_cell != NULL ? gtk_widget_get_parent(column_cell) : NULL;
    g_autofree char *label = NULL, *a = NULL, *b = NULL, *c = NULL;
    gint64 seq = 0;
    int turn = 0;

    if (row_widget == NULL || !GTK_IS_ACCESSIBLE(row_widget))
        return;
    if (g_strcmp0(property, "summary") == 0) {
        g_object_get(row, "seq", &seq, "turn", &turn, "type-name", &a, "summary", &b, NULL);
        label = g_strdup_printf("Event %" G_GINT64_FORMAT ", turn %d, %s: %s", seq, turn, a, b);
    } else if (g_strcmp0(property, "condition") == 0) {
        g_object_get(row, "name", &a, "place", &b, "condition", &c, NULL);
        label = g_strdup_printf("%s, %s, %s", a, b, c);
    } else {
        return;
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(row_widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   -1);
}

static void bind_property(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
    const char *property = g_object_get_data(G_OBJECT(factory), "property");
    GObject *row = gtk_list_item_get_item(item);
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(row), property);
    g_auto(GValue) value = G_VALUE_INIT;
    g_auto(GValue) text = G_VALUE_INIT;

    g_value_init(&value, pspec->value_type);
    g_value_init(&text, G_TYPE_STRING);
    g_object_get_property(row, property, &value);
    g_value_transform(&value, &text);
    gtk_inscription_set_text(GTK_INSCRIPTION(gtk_list_item_get_child(item)),
                             g_value_get_string(&text));
    name_row(gtk_list_item_get_child(item), row, property);
}

GtkListItemFactory *cav_columns_text_factory(guint min_chars, const char *widest)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();

    if (widest != NULL)
        g_object_set_data_full(G_OBJECT(factory), "widest", g_strdup(widest), g_free);
    g_signal_connect(factory, "setup", G_CALLBACK(setup_inscription), GUINT_TO_POINTER(min_chars));
    return factory;
}

GtkListItemFactory *cav_columns_property_factory(const char *property, guint min_chars,
                                                 const char *widest)
{
    GtkListItemFactory *factory = cav_columns_text_factory(min_chars, widest);

    g_object_set_data_full(G_OBJECT(factory), "property", g_strdup(property), g_free);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_property), NULL);
    return factory;
}

void cav_columns_add(GtkColumnView *view, const char *title, const char *property, guint min_chars,
                     gboolean expand)
{
    GtkListItemFactory *factory = cav_columns_property_factory(property, min_chars, NULL);
    GtkColumnViewColumn *column = gtk_column_view_column_new(title, factory);

    gtk_column_view_column_set_resizable(column, TRUE);
    gtk_column_view_column_set_expand(column, expand);
    gtk_column_view_append_column(view, column);
    g_object_unref(column);
}
