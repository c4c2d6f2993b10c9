/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-loading-page.h — opening a game file: it is read and checked in a
 * worker thread while this page shows how far that is, and the newest
 * state (its map and a line about it) as soon as a keyframe gives it. */
#ifndef CAV_INSPECTOR_CAV_LOADING_PAGE_H
#define CAV_INSPECTOR_CAV_LOADING_PAGE_H

#include <gtk/gtk.h>

#include "cav-markers.h"
#include "history.h"

G_BEGIN_DECLS

#define CAV_TYPE_LOADING_PAGE (cav_loading_page_get_type())
G_DECLARE_FINAL_TYPE(CavLoadingPage, cav_loading_page, CAV, LOADING_PAGE, GtkWidget)

GtkWidget *cav_loading_page_new(void);

/* Read @file in the background (cancelling the read before, whose
 * @callback gets G_IO_ERROR_CANCELLED), showing its progress; @callback
 * gets the page and a result for cav_loading_page_open_finish(). */
void cav_loading_page_open(CavLoadingPage *self, GFile *file, GAsyncReadyCallback callback,
                           gpointer user_data);

/* The history read (and @markers, its scrubber's markers: both the
 * caller's), or NULL and @error. @file is the file asked for (borrowed
 * from @result). */
History *cav_loading_page_open_finish(CavLoadingPage *self, GAsyncResult *result, GFile **file,
                                      CavMarkers **markers, GError **error);

/* Stop reading (the callback gets G_IO_ERROR_CANCELLED). */
void cav_loading_page_cancel(CavLoadingPage *self);

/* Draw the preview's map as the whole truth has it (TRUE) or as the
 * player saw it. */
void cav_loading_page_set_truth(CavLoadingPage *self, gboolean truth);

/* The turn of the newest state previewed while the file read last was
 * being checked; -1 when none was. */
gint32 cav_loading_page_get_preview_turn(CavLoadingPage *self);

G_END_DECLS

#endif
