/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-timeline-filter.h — which events of a CavTimeline to show, for a
 * GtkFilterListModel over it: by type, by an entity they name, by turn and by
 * text in their summary, all criteria at once. The index decides the first
 * three; a summary is rendered only when a text is set and the rest match. */
#ifndef CAV_INSPECTOR_CAV_TIMELINE_FILTER_H
#define CAV_INSPECTOR_CAV_TIMELINE_FILTER_H

#include <gtk/gtk.h>

#include "cav-timeline.h"
#include "replay-query.h"

G_BEGIN_DECLS

#define CAV_TYPE_TIMELINE_FILTER (cav_timeline_filter_get_type())
G_DECLARE_FINAL_TYPE(CavTimelineFilter, cav_timeline_filter, CAV, TIMELINE_FILTER, GtkFilter)

/* A filter of @timeline's rows (the "timeline" property; referenced) that
 * lets every event through until a criterion is set. Matching a row of
 * another timeline is a programmer error. */
CavTimelineFilter *cav_timeline_filter_new(CavTimeline *timeline);

CavTimeline *cav_timeline_filter_get_timeline(CavTimelineFilter *self);

/* Whether any criterion can leave an event out (the filter's strictness is
 * GTK_FILTER_MATCH_ALL when not). */
gboolean cav_timeline_filter_is_active(CavTimelineFilter *self);

/* Let through only the types whose entry in @types is TRUE (indexed by
 * CavEventType). NULL, or all FALSE, lets any type through. */
void cav_timeline_filter_set_types(CavTimelineFilter *self,
                                   const gboolean types[CAV_EVENT_TYPE_COUNT]);

/* Copy the types chosen into @types (all FALSE when any type goes). */
void cav_timeline_filter_get_types(CavTimelineFilter *self, gboolean types[CAV_EVENT_TYPE_COUNT]);

/* Let through only events naming entity @id of @kind, as actor or in their
 * payload (history_entry_names()). CAV_REF_NONE lets any through (@id is then
 * ignored); otherwise @id must be positive. */
void cav_timeline_filter_set_entity(CavTimelineFilter *self, CavRefKind kind, gint32 id);

/* The entity chosen: *@kind (CAV_REF_NONE for any) and *@id (0 then); both
 * nullable. */
void cav_timeline_filter_get_entity(CavTimelineFilter *self, CavRefKind *kind, gint32 *id);

/* Let through only events of turns @first … @last (inclusive); -1 for an open
 * end. @first > @last (both set) lets nothing through. */
void cav_timeline_filter_set_turns(CavTimelineFilter *self, gint32 first, gint32 last);
void cav_timeline_filter_get_turns(CavTimelineFilter *self, gint32 *first, gint32 *last);

/* Let through only events whose summary contains every word of @text (split
 * at spaces), in any order, ignoring case (g_utf8_casefold); NULL or ""
 * lets any through. A text holding = < > or !
 * is a condition on the event's fields and the player's state at the end of
 * its turn instead (replay_query_parse_events(): "damage>5", "hp<25%",
 * "creature=3 and type=CreatureAttacked", "cause=123"); one that
 * does not parse lets nothing through (cav_timeline_filter_get_error() says
 * why). The "text" property. */
void cav_timeline_filter_set_text(CavTimelineFilter *self, const char *text);

/* The text as set, "" for none. Borrowed. */
const char *cav_timeline_filter_get_text(CavTimelineFilter *self);

/* The text as a condition on events, NULL when it is plain words or does
 * not parse. Borrowed; valid until the text changes. */
const ReplayQuery *cav_timeline_filter_get_query(CavTimelineFilter *self);

/* Why the text, meant as a condition, is not one (one line); NULL when it
 * is one or is plain text. Borrowed. */
const char *cav_timeline_filter_get_error(CavTimelineFilter *self);

G_END_DECLS

#endif
