/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline-pane.h — the timeline as the window shows it: a column view of
 * the filtered events (seq, turn, type, actor, target, summary) whose
 * selected row is the event shown, kept selected and in view as rows are
 * filtered or added, and kept when the focus enters by keyboard. */
#ifndef CAV_INSPECTOR_CAV_TIMELINE_PANE_H
#define CAV_INSPECTOR_CAV_TIMELINE_PANE_H

#include <gtk/gtk.h>

#include "history.h"

G_BEGIN_DECLS

#define CAV_TYPE_TIMELINE_PANE (cav_timeline_pane_get_type())
G_DECLARE_FINAL_TYPE(CavTimelinePane, cav_timeline_pane, CAV, TIMELINE_PANE, GtkWidget)

GtkWidget *cav_timeline_pane_new(void);

/* Show the rows of @model (CavEventRows in seq order, referenced; NULL: no
 * rows). The Seq and Turn columns are sized for @events and @turns. */
void cav_timeline_pane_set_model(CavTimelinePane *self, GListModel *model, gint64 events,
                                 gint32 turns);

/* Size the Seq and Turn columns for @events and @turns (the game grew). */
void cav_timeline_pane_size_columns(CavTimelinePane *self, gint64 events, gint32 turns);

/* The event @seq is shown: select the last row at or before it and bring
 * it into view (unless the pane itself asked for it, by "seek"). */
void cav_timeline_pane_show(CavTimelinePane *self, gint64 seq);

/* A key is being handled: focus entering the timeline until the main loop
 * is idle again comes from the keyboard (Tab), and keeps the shown row. */
void cav_timeline_pane_note_key(CavTimelinePane *self);

/* The next (@forward) or previous row's seq from event @seq, or -1 for
 * none (0, before the first, going back from the first row). */
gint64 cav_timeline_pane_next(CavTimelinePane *self, gint64 seq, gboolean forward);

/* The seq of the first row of the next (@forward) turn of @history after
 * event @seq's, or -1; going back, the first row of @seq's turn, or of the
 * turn before when @seq starts its turn (0 from the first turn; -1 from
 * before the first event). */
gint64 cav_timeline_pane_next_turn(CavTimelinePane *self, const History *history, gint64 seq,
                                   gboolean forward);

/* The seq of the first row at or after event @seq, or -1. */
gint64 cav_timeline_pane_first_from(CavTimelinePane *self, gint64 seq);

/* The seq of the row @steps rows after event @seq (the last row, when fewer
 * are left), or -1 when @seq's row is the last. */
gint64 cav_timeline_pane_ahead(CavTimelinePane *self, gint64 seq, gint64 steps);

/* The seq of the last row, or -1 when there are none. */
gint64 cav_timeline_pane_last(CavTimelinePane *self);

/* Signal "seek" (gint64 seq): a row was chosen (clicked, or moved to by the
 * list's own keys). */

G_END_DECLS

#endif
