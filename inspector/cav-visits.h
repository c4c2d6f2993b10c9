/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-visits.h — the events a window has jumped between (a link followed,
 * a bookmark, a marker), for Back and Forward as a web browser has them:
 * a jump forgets what lay ahead; stepping (arrows, the timeline, playing)
 * is no jump. */
#ifndef CAV_INSPECTOR_CAV_VISITS_H
#define CAV_INSPECTOR_CAV_VISITS_H

#include <glib.h>

G_BEGIN_DECLS

/* The two stacks; a plain struct inside the window. */
typedef struct {
    GArray *back, *ahead; /* gint64 seqs, the nearest last */
} CavVisits;

/* Begin empty; cav_visits_clear() frees (and empties: a new game). */
void cav_visits_init(CavVisits *visits);
void cav_visits_clear(CavVisits *visits);

/* A jump from event @from to @to: @from is the place Back returns to
 * (nothing when @from == @to); what lay ahead is forgotten. */
void cav_visits_jump(CavVisits *visits, gint64 from, gint64 to);

/* Going back (@forward FALSE) or forward from @at: the event to show, or
 * -1 when there is none that way; @at becomes the way back. */
gint64 cav_visits_go(CavVisits *visits, gint64 at, gboolean forward);

/* Whether there is a visit that way. */
gboolean cav_visits_can_go(const CavVisits *visits, gboolean forward);

G_END_DECLS

#endif
