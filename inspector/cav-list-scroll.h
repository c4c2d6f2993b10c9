/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-list-scroll.h — bringing a row of a column or list view into view.
 * GTK 4.8 has no gtk_column_view_scroll_to(), and its "list.scroll-to-item"
 * action leaves the list blank when used before the list is laid out; so
 * the scroll adjustment is moved from the average row height, once a frame
 * has laid out the rows the model has now. Used by the timeline pane and
 * the Entities list. */
#ifndef CAV_INSPECTOR_CAV_LIST_SCROLL_H
#define CAV_INSPECTOR_CAV_LIST_SCROLL_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One view's pending scroll; a plain struct inside its widget's instance. */
typedef struct {
    GtkWidget *view;     /* a GtkColumnView or GtkListView (borrowed) */
    guint target;        /* the row to bring into view, or GTK_INVALID_LIST_POSITION */
    guint tick;          /* the tick callback waiting for the layout, or 0 */
    gint64 rows_changed; /* the frame counter when the rows last changed */
} CavListScroll;

/* Begin with @view (a GtkScrollable whose model is a GListModel). */
void cav_list_scroll_init(CavListScroll *scroll, GtkWidget *view);

/* The view's rows changed (added, filtered, rebuilt): the scroll range is
 * the old one until a frame has laid them out. */
void cav_list_scroll_rows_changed(CavListScroll *scroll);

/* Bring row @position into view if it is out of view, now or once the
 * list is laid out; GTK_INVALID_LIST_POSITION forgets a pending one. */
void cav_list_scroll_to(CavListScroll *scroll, guint position);

/* Drop a pending scroll (in the owner's dispose). */
void cav_list_scroll_clear(CavListScroll *scroll);

G_END_DECLS

#endif
