/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-columns.h — list cells of one line of text (GtkInscription) for the
 * inspector's column views and lists: the timeline, entities, histories. */
#ifndef CAV_INSPECTOR_CAV_COLUMNS_H
#define CAV_INSPECTOR_CAV_COLUMNS_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Set @factory's cells to GtkInscriptions of at least @min_chars, ellipsized
 * at the end; @widest, when not NULL, also sizes them for that text (a
 * number column, as wide as its widest number). Returns a new factory; the
 * caller binds its cells (GtkSignalListItemFactory's "bind"). */
GtkListItemFactory *cav_columns_text_factory(guint min_chars, const char *widest);

/* A factory whose cells show the item's property @property as text. */
GtkListItemFactory *cav_columns_property_factory(const char *property, guint min_chars,
                                                 const char *widest);

/* Append to @view a resizable column @title showing @property. */
void cav_columns_add(GtkColumnView *view, const char *title, const char *property, guint min_chars,
                     gboolean expand);

G_END_DECLS

#endif
