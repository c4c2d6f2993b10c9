/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-list-scroll.h — bringing a row of a column or list view into view.
 * GTK 4.8 has no gtk_column_view_scroll_to(), and its "list.scroll-to-item"
 * action leaves the list blank when used before the list is laid out; so
 * the scroll adjustment is moved from the average row height, once a frame
 * has laid out the rows the model has now. Used by the timeline pane and
 * the Entities list; and the wheel, which GTK 4.8 gets wrong on long
 * lists (cav_list_scroll_tame_wheel). */
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

/* Scroll @view (a GtkScrollable inside a GtkScrolledWindow) by the wheel
 * and touchpad itself: a few rows a wheel turn, a touchpad's distance as
 * it moves, never more than a page an event. GTK 4.8's list views throw a
 * long list to its end under a fast wheel; this handles the scroll before
 * the scrolled window does (capture phase on @view's scrolled window). */
void cav_list_scroll_tame_wheel(GtkWidget *view);

G_END_DECLS

#endif
