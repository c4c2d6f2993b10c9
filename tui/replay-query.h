/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-query.h — the replay's seek conditions: a small language over a
 * turn's events and the player's state at its end ("type=CreatureDied",
 * "hp<25%", "depth=4 and level>=3"), parsed once and evaluated per turn.
 * Pure: it knows nothing of files or screens. */
#ifndef CAV_TUI_REPLAY_QUERY_H
#define CAV_TUI_REPLAY_QUERY_H

#include <glib.h>

#include "event.h"

G_BEGIN_DECLS

#define REPLAY_QUERY_ERROR (replay_query_error_quark())
GQuark replay_query_error_quark(void);

typedef enum {
    REPLAY_QUERY_ERROR_SYNTAX, /* the text is not a condition */
} ReplayQueryError;

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

G_END_DECLS

#endif
