/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timing.c — timing marks since the process started (its start time
 * from /proc/self/stat, so that the dynamic loader and GTK's own start are
 * counted too). */
#include "cav-timing.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The process's start on the monotonic clock, in µs; 0 when unknown. */
static gint64 process_start(void)
{
    g_autofree char *stat = NULL;
    const char *field;
    long ticks = sysconf(_SC_CLK_TCK);
    guint64 start;
    struct timespec boot;

    if (!g_file_get_contents("/proc/self/stat", &stat, NULL, NULL) || ticks <= 0)
        return 0;
    field = strrchr(stat, ')');                   /* the name may hold spaces */
    for (int i = 0; field != NULL && i < 20; i++) /* to field 22, starttime */
        field = strchr(field + 1, ' ');
    if (field == NULL || clock_gettime(CLOCK_BOOTTIME, &boot) != 0)
        return 0;
    start = g_ascii_strtoull(field + 1, NULL, 10);
    /* Boot time and the monotonic clock differ by the time suspended. */
    return g_get_monotonic_time() - ((gint64) boot.tv_sec * G_USEC_PER_SEC + boot.tv_nsec / 1000 -
                                     (gint64) (start * G_USEC_PER_SEC / (guint64) ticks));
}

gboolean cav_timing_enabled(void)
{
    static gsize enabled;

    if (g_once_init_enter(&enabled))
        g_once_init_leave(&enabled, g_getenv("CAVELOG_INSPECTOR_TIMING") != NULL ? 2 : 1);
    return enabled == 2;
}

void cav_timing_mark(const char *what)
{
    static gsize start;

    if (!cav_timing_enabled())
        return;
    if (g_once_init_enter(&start))
        g_once_init_leave(&start, (gsize) MAX(process_start(), 1));
    fprintf(stderr, "timing: %.3f %s\n", (g_get_monotonic_time() - (gint64) start) / 1e6, what);
    fflush(stderr);
}

/* The handler's data, to find it by. */
static char first_paint_tag;

static void on_first_paint(GdkFrameClock *clock, gpointer user_data)
{
    cav_timing_mark("first frame painted");
    g_signal_handlers_disconnect_matched(clock, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, user_data);
}

void cav_timing_mark_first_paint(GtkWidget *widget)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);

    if (cav_timing_enabled() && clock != NULL)
        g_signal_connect(clock, "after-paint", G_CALLBACK(on_first_paint), &first_paint_tag);
}
