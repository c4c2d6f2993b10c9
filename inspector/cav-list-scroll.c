/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-list-scroll.c — a row brought into view once its list is laid out
 * (see cav-list-scroll.h). */
#include "cav-list-scroll.h"

void cav_list_scroll_init(CavListScroll *scroll, GtkWidget *view)
{
    g_return_if_fail(scroll != NULL && GTK_IS_SCROLLABLE(view));
    *scroll = (CavListScroll){.view = view, .target = GTK_INVALID_LIST_POSITION};
}

void cav_list_scroll_rows_changed(CavListScroll *scroll)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(scroll->view);

    scroll->rows_changed = clock != NULL ? gdk_frame_clock_get_frame_counter(clock) : 0;
}

/* The number of rows the view's model has now. */
static guint n_rows(const CavListScroll *scroll)
{
    GListModel *model = GTK_IS_COLUMN_VIEW(scroll->view)
                            ? G_LIST_MODEL(gtk_column_view_get_model(GTK_COLUMN_VIEW(scroll->view)))
                            : G_LIST_MODEL(gtk_list_view_get_model(GTK_LIST_VIEW(scroll->view)));

    return model != NULL ? g_list_model_get_n_items(model) : 0;
}

/* Whether the scroll range counts the rows the model has now: a frame
 * begun after the change has been laid out. Frame c's layout comes after
 * its tick callbacks, so a tick in frame c knows only frame c - 1's; a
 * change made between frames (counter c0) is laid out in frame c0 + 1;
 * c >= c0 + 2 is true of both only once that layout is done. Without this
 * a row added while following was scrolled to from the old range: out of
 * view, or past the list's end (a GTK warning). */
static gboolean laid_out(const CavListScroll *scroll)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(scroll->view);

    return gtk_widget_get_mapped(scroll->view) && clock != NULL &&
           gdk_frame_clock_get_frame_counter(clock) >= scroll->rows_changed + 2;
}

/* Bring the target row into view, if it is out of view, from the average
 * row height the list estimates; FALSE when the list is not laid out yet. */
static gboolean scroll_now(CavListScroll *scroll)
{
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(scroll->view));
    guint n = n_rows(scroll);
    double upper = gtk_adjustment_get_upper(adjustment);
    double page = gtk_adjustment_get_page_size(adjustment);
    double value = gtk_adjustment_get_value(adjustment);
    double row, top;

    if (scroll->target == GTK_INVALID_LIST_POSITION || n == 0)
        return TRUE; /* nothing to scroll to */
    if (page <= 0 || upper <= 0 || !laid_out(scroll))
        return FALSE;
    row = upper / n;
    top = row * scroll->target;
    if (top < value || top + row > value + page)
        gtk_adjustment_set_value(adjustment, CLAMP(top - (page - row) / 2, 0, upper - page));
    return TRUE;
}

static gboolean scroll_pending(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
    CavListScroll *scroll = user_data;

    if (!scroll_now(scroll))
        return G_SOURCE_CONTINUE;
    scroll->tick = 0;
    return G_SOURCE_REMOVE;
}

void cav_list_scroll_to(CavListScroll *scroll, guint position)
{
    g_return_if_fail(scroll != NULL && scroll->view != NULL);
    scroll->target = position;
    if (scroll->tick == 0 && !scroll_now(scroll))
        scroll->tick = gtk_widget_add_tick_callback(scroll->view, scroll_pending, scroll, NULL);
}

void cav_list_scroll_clear(CavListScroll *scroll)
{
    if (scroll->tick != 0)
        gtk_widget_remove_tick_callback(scroll->view, scroll->tick);
    scroll->tick = 0;
    scroll->target = GTK_INVALID_LIST_POSITION;
}
