/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-event-row.h — one event of a CavTimeline as a list item: its seq, turn
 * and type, who did it and to whom (from the history's index, no decoding),
 * and its one-line summary (decoded through the timeline's page cache the
 * first time it is read). Every property is read-only. */
#ifndef CAV_INSPECTOR_CAV_EVENT_ROW_H
#define CAV_INSPECTOR_CAV_EVENT_ROW_H

#include <glib-object.h>

#include "cav-timeline.h"

G_BEGIN_DECLS

#define CAV_TYPE_EVENT_ROW (cav_event_row_get_type())
G_DECLARE_FINAL_TYPE(CavEventRow, cav_event_row, CAV, EVENT_ROW, GObject)

/* The row of event @seq (1 … length of @timeline's history). The row holds a
 * reference on @timeline. Returns a new reference. */
CavEventRow *cav_event_row_new(CavTimeline *timeline, gint64 seq);

/* The timeline the row belongs to. Borrowed. */
CavTimeline *cav_event_row_get_timeline(CavEventRow *self);

/* "seq": the event's sequence number, 1, 2, 3 … */
gint64 cav_event_row_get_seq(CavEventRow *self);

/* "turn": the turn the event belongs to (0 is the game's setup). */
int cav_event_row_get_turn(CavEventRow *self);

/* "type-name": the catalog's name of its type, "CreatureAttacked". Static. */
const char *cav_event_row_get_type_name(CavEventRow *self);

/* "actor": the name of the creature whose deed it is, the envelope's actor
 * ("you", "goblin 5"); "" for an event of the rules (a death, an upkeep, a
 * game lost), whose envelope names none. Owned by the row. */
const char *cav_event_row_get_actor(CavEventRow *self);

/* "target": the name of the entity it happens to, the payload field its type
 * names in the catalog (ev_target: "goblin 5" hit or cast upon, the victim of
 * a death, "bread 12" picked up); "" when there is none. Owned by the row. */
const char *cav_event_row_get_target(CavEventRow *self);

/* "summary": the one-line summary ("goblin 5 hit you for 7"), rendered on
 * first read; "(unreadable: …)" when the event could not be read then. Owned
 * by the row. */
const char *cav_event_row_get_summary(CavEventRow *self);

G_END_DECLS

#endif
