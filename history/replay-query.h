/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-query.h — a small language of conditions, in two uses: the
 * replay's seeks, over a turn's events and the player's state at its end
 * ("type=CreatureDied", "hp<25%", "depth=4 and level>=3"), evaluated per
 * turn; and the inspector's search, over one event's envelope and payload
 * ("damage>5", "creature=3 and type=CreatureAttacked"), evaluated per event.
 * Parsed once. Pure: it knows nothing of files or screens. */
#ifndef CAV_HISTORY_REPLAY_QUERY_H
#define CAV_HISTORY_REPLAY_QUERY_H

#include <glib.h>

#include "event.h"

G_BEGIN_DECLS

#define REPLAY_QUERY_ERROR (replay_query_error_quark())
GQuark replay_query_error_quark(void);

typedef enum {
    REPLAY_QUERY_ERROR_SYNTAX, /* the text is not a condition */
} ReplayQueryError;

/* The names a condition on events knows, for help and errors. */
#define REPLAY_QUERY_EVENT_NAMES                                                                   \
    "type, seq, turn, cause, actor, or a payload's number (damage, creature, …)"

/* The names of the state terms, for the `?` help and errors. */
#define REPLAY_QUERY_NAMES "hp, mp, food, depth, level, xp, kills, turn"

/* What a condition is evaluated on: one turn. */
typedef struct {
    gboolean types[CAV_EVENT_TYPE_COUNT]; /* an event of this type happened in the turn */
    gint32 turn;                          /* the player's state at the turn's end: */
    gint32 hp, max_hp, mp, max_mp, food, max_food;
    gint32 depth; /* 1 … 5 */
    gint32 level, xp, kills;
} ReplayFacts;

typedef struct ReplayQuery ReplayQuery;

/* Parse @text: terms joined by "and", each "type=EventName",
 * "type!=EventName" or "NAME OP NUMBER" with NAME one of
 * REPLAY_QUERY_NAMES, OP one of = != < <= > >=, and NUMBER a whole number
 * or, for hp, mp and food, a percentage of the maximum ("25%"). Names and
 * "and" in any case; spaces optional around operators. NULL with a
 * one-line REPLAY_QUERY_ERROR saying what is wrong and where. */
ReplayQuery *replay_query_parse(const char *text, GError **error);

/* Parse @text as a condition on one event: terms joined by "and", each
 * "type=EventName", "type!=EventName" or "NAME OP NUMBER", NAME one of the
 * envelope's seq, turn, cause (the causing event's seq) and actor, or the
 * name of a payload's numeric field (damage, creature, target, hp, z …; a
 * term on a field holds only for events whose type has it). No
 * percentages. NULL with a one-line REPLAY_QUERY_ERROR otherwise. */
ReplayQuery *replay_query_parse_events(const char *text, GError **error);

/* Whether @text is meant as a condition rather than words to find: it
 * holds an operator character (= < > !). */
gboolean replay_query_looks_like(const char *text);

void replay_query_free(ReplayQuery *query);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ReplayQuery, replay_query_free)

/* Whether the condition reads the player's state (so the turn's state must
 * be known), or only the turn's events. */
gboolean replay_query_needs_state(const ReplayQuery *query);

/* Whether every event term ("type…") holds for @facts (state terms are not
 * looked at): a cheap first test before the state is made. */
gboolean replay_query_events_hold(const ReplayQuery *query, const ReplayFacts *facts);

/* Whether the whole condition holds for @facts. */
gboolean replay_query_holds(const ReplayQuery *query, const ReplayFacts *facts);

/* For a condition on events: whether an event of @type can satisfy it
 * (its type terms allow @type and it has every payload field named), a
 * cheap first test before the event is decoded. */
gboolean replay_query_type_may_hold(const ReplayQuery *query, CavEventType type);

/* For a condition on events: whether it holds for @event. */
gboolean replay_query_event_holds(const ReplayQuery *query, const CavEvent *event);

G_END_DECLS

#endif
