/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline.h — a game's events as a GListModel of CavEventRow, for a
 * GtkColumnView: item i is event seq i + 1. Rows come from the history's
 * index; decoded events and their summaries are read a page at a time into a
 * small, bounded cache, so a game of a million events costs nothing until its
 * rows are shown. */
#ifndef CAV_INSPECTOR_CAV_TIMELINE_H
#define CAV_INSPECTOR_CAV_TIMELINE_H

#include <gio/gio.h>

#include "event.h"
#include "history.h"

G_BEGIN_DECLS

/* Events read with one history_read(), and how many such pages are kept. */
#define CAV_TIMELINE_PAGE_EVENTS 256
#define CAV_TIMELINE_MAX_PAGES 64

#define CAV_TYPE_TIMELINE (cav_timeline_get_type())
G_DECLARE_FINAL_TYPE(CavTimeline, cav_timeline, CAV, TIMELINE, GObject)

/* A timeline of @history, which it takes over (history_free()d when the
 * timeline is finalized; use it through cav_timeline_get_history() after). */
CavTimeline *cav_timeline_new(History *history);

/* The history shown. Borrowed; valid while @self lives. */
History *cav_timeline_get_history(CavTimeline *self);

/* Event @seq (1 … length) decoded, from the page cache (reading its page when
 * it is not there). Borrowed: valid until the next call that reads through
 * the cache (cav_timeline_event(), cav_timeline_summary(), a row's summary)
 * or cav_timeline_update(). NULL when @seq is out of range or its page cannot
 * be read (cav_timeline_summary() then says why). */
const CavEvent *cav_timeline_event(CavTimeline *self, gint64 seq);

/* The one-line summary of event @seq with entities named (as the truth has
 * them, or as the player knew them after the event: history_summary_seen),
 * rendered once and kept with its page; "(unreadable: …)" naming the problem when the page
 * cannot be read. Borrowed, with the same lifetime as cav_timeline_event().
 * NULL only when @seq is out of range. */
const char *cav_timeline_summary(CavTimeline *self, gint64 seq);

/* Whether summaries and names tell the truth (TRUE) or what the player
 * knew (FALSE, the default): changing it drops the summaries rendered and
 * emits items-changed over every row. */
void cav_timeline_set_truth(CavTimeline *self, gboolean truth);
gboolean cav_timeline_get_truth(CavTimeline *self);

/* Take in the events appended to a file still being played (history_update())
 * and emit items-changed (old length, 0, added) when there are any. *@added
 * (nullable) receives their number. FALSE with @error when the file changed
 * in a way a game never writes; the timeline is then as before. */
gboolean cav_timeline_update(CavTimeline *self, gint64 *added, GError **error);

/* For tests: the number of pages the cache holds now (at most
 * CAV_TIMELINE_MAX_PAGES). */
guint cav_timeline_cached_pages(CavTimeline *self);

/* For tests: how many rows (CavEventRow) the model has made so far. Rows
 * are made on demand only, so opening a long game makes a screenful or
 * so, never one per event. */
guint64 cav_timeline_rows_made(CavTimeline *self);

G_END_DECLS

#endif
