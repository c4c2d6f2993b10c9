/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-list-scroll.c — a row brought into view once its list is laid out,
 * and the wheel's scrolling done by hand (see cav-list-scroll.h). */
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

/* Rows moved by one turn of a wheel. */
#define WHEEL_ROWS 3

/* The wheel's scrolling not yet applied to a view (freed with its
 * controller). */
typedef struct {
    GtkWidget *view, *scroller; /* the scroller ticks: it holds the controller */
    double pending;             /* pixels down (up when negative) */
    guint tick;
} Wheel;

static void wheel_free(gpointer data, GClosure *closure)
{
    Wheel *wheel = data;

    if (wheel->tick != 0)
        gtk_widget_remove_tick_callback(wheel->scroller, wheel->tick);
    g_free(wheel);
}

/* Once a frame, the scrolling gathered, at most a page of it (the rest
 * the next frame): moved more than once between two layouts, GTK 4.8's
 * list loses its place and jumps to its end. */
static gboolean wheel_apply(GtkWidget *scroller, GdkFrameClock *clock, gpointer data)
{
    Wheel *wheel = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(wheel->view));
    double page = gtk_adjustment_get_page_size(adjustment);
    double value = gtk_adjustment_get_value(adjustment);
    double lower = gtk_adjustment_get_lower(adjustment);
    double upper = gtk_adjustment_get_upper(adjustment) - page;
    double delta = CLAMP(wheel->pending, -page, page);

    wheel->pending -= delta;
    if ((value + delta <= lower && delta <= 0) || (value + delta >= upper && delta >= 0))
        wheel->pending = 0; /* an end: nothing more that way */
    gtk_adjustment_set_value(adjustment, CLAMP(value + delta, lower, upper));
    if (wheel->pending != 0)
        return G_SOURCE_CONTINUE;
    wheel->tick = 0;
    return G_SOURCE_REMOVE;
}

/* Gather the scrolling of @dy (wheel turns or touchpad pixels); the
 * scrolled window's own handler never runs. */
static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, gpointer data)
{
    Wheel *wheel = data;
    GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(wheel->view));
    guint n = n_rows(&(CavListScroll){.view = wheel->view});
    double row = n > 0 ? gtk_adjustment_get_upper(adjustment) / n : 0;

    if (dy == 0 || gtk_adjustment_get_page_size(adjustment) <= 0 || row <= 0)
        return FALSE; /* sideways, or nothing to scroll yet */
    if (gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL)
        wheel->pending += dy * WHEEL_ROWS * row;
    else
        wheel->pending += dy;
    if (wheel->tick == 0)
        wheel->tick = gtk_widget_add_tick_callback(wheel->scroller, wheel_apply, wheel, NULL);
    return TRUE;
}

void cav_list_scroll_tame_wheel(GtkWidget *view)
{
    GtkWidget *scroller = gtk_widget_get_ancestor(view, GTK_TYPE_SCROLLED_WINDOW);
    GtkEventController *controller =
        gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    Wheel *wheel = g_new0(Wheel, 1);

    g_return_if_fail(GTK_IS_SCROLLABLE(view) && scroller != NULL);
    wheel->view = view;
    wheel->scroller = scroller;
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    g_signal_connect_data(controller, "scroll", G_CALLBACK(on_scroll), wheel, wheel_free, 0);
    gtk_widget_add_controller(scroller, controller);
}
