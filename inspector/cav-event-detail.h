/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-event-detail.h — the detail of one event: what it is and means, its
 * turn, actor and target, what caused it and what it caused, its command and
 * payload, with links to the events and entities it names. */
#ifndef CAV_INSPECTOR_CAV_EVENT_DETAIL_H
#define CAV_INSPECTOR_CAV_EVENT_DETAIL_H

#include <gtk/gtk.h>

#include "cav-timeline.h"

G_BEGIN_DECLS

#define CAV_TYPE_EVENT_DETAIL (cav_event_detail_get_type())
G_DECLARE_FINAL_TYPE(CavEventDetail, cav_event_detail, CAV, EVENT_DETAIL, GtkWidget)

GtkWidget *cav_event_detail_new(void);

/* Read events from @timeline (referenced; NULL: none, the detail is left as
 * it was). Its history must be at the event shown when one is shown. */
void cav_event_detail_set_timeline(CavEventDetail *self, CavTimeline *timeline);

/* Name things as the whole truth has them (TRUE) or as the player knows
 * them, and show the event again. */
void cav_event_detail_set_truth(CavEventDetail *self, gboolean truth);

/* Show event @seq (0: before the first). Does nothing without a timeline. */
void cav_event_detail_show(CavEventDetail *self, gint64 seq);

/* Signal "activate-link" (const char *uri) → gboolean: a link was clicked:
 * "seq:N", "creature:ID" or "item:ID". Return TRUE when handled. */

G_END_DECLS

#endif
