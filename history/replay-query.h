/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-query.h — the one language of conditions, asked of three things:
 * a turn (the replay's `/` seeks: its events' types and the player's state
 * at its end, "type=CreatureDied", "hp<25%", "depth=4 and level>=3"), an
 * event (the inspector's timeline search and its F3: the envelope, the
 * payload's numbers, and the player's state at the end of its turn,
 * "damage>5 and hp<25%"), and an entity of a state (Analysis › Search,
 * "kind=goblin hp<10", "carries=potion"). One scanner, one kind of term,
 * one comparison; parsed once. Pure: it knows nothing of files or screens. */
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
    "type, seq, turn, cause, actor, the player's hp, mp, food, depth, level, xp, kills, or a "     \
    "payload's number (damage, creature, event.hp …)"

/* The names of the state terms, for the `?` help and errors. */
#define REPLAY_QUERY_NAMES "hp, mp, food, depth, level, xp, kills, turn"

/* What a condition is evaluated on: one turn (or, for the player's state,
 * the turn an event is in). */
typedef struct {
    gboolean types[CAV_EVENT_TYPE_COUNT]; /* an event of this type happened in the turn */
    gint32 turn;                          /* the player's state at the turn's end: */
    gint32 hp, max_hp, mp, max_mp, food, max_food;
    gint32 depth; /* 1 … 5 */
    gint32 level, xp, kills;
} ReplayFacts;

typedef struct ReplayQuery ReplayQuery;

/* The grammar, the same for all three: terms, each "NAME OP VALUE", joined
 * by "and" or by spaces; OP one of = == != < <= > >= (":" is "="); VALUE a
 * whole number, a percentage of the name's maximum ("25%", for the names
 * that have one: hp, mp, food), or a word (an event type for "type", a
 * text for an entity's kind, name or pack). Names and "and" in any case;
 * spaces optional around operators. Each parse returns NULL with a
 * one-line REPLAY_QUERY_ERROR saying what is wrong and where. */

/* A condition on turns: NAME is type or one of REPLAY_QUERY_NAMES. */
ReplayQuery *replay_query_parse(const char *text, GError **error);

/* A condition on events: NAME is type, seq, turn, cause (the causing
 * event's seq), actor, a player's state name (hp, mp, food, depth, level,
 * xp, kills: the player's at the end of the event's turn), or a payload's
 * numeric field (damage, creature, target, z …; "event.hp" for a payload
 * field a state name hides; a term on a field holds only for events whose
 * type has it). */
ReplayQuery *replay_query_parse_events(const char *text, GError **error);

/* What a name of an entity condition compares. */
typedef enum {
    REPLAY_QUERY_NUMBER, /* a whole number */
    REPLAY_QUERY_SHARE,  /* a whole number, or a percentage of a maximum */
    REPLAY_QUERY_TEXT,   /* a word: = holds when the entity's text holds it, != when not */
    REPLAY_QUERY_YES_NO, /* yes, no, true, false, 1 or 0 */
} ReplayQueryKind;

typedef struct {
    const char *name;
    ReplayQueryKind kind;
} ReplayQueryName;

/* A condition on entities, over the @n names of @names (the caller's:
 * "kind", "hp" …); a bare word (no operator) is "name=WORD" and needs a
 * TEXT name "name" in @names. */
ReplayQuery *replay_query_parse_entities(const char *text, const ReplayQueryName *names, guint n,
                                         GError **error);

/* How an entity condition reads one entity, @name being the index of a
 * name in the table it was parsed with. */
typedef struct {
    /* NUMBER, SHARE, YES_NO (1 or 0): the value, and for SHARE its maximum;
     * FALSE when the entity has no such number (the term does not hold) */
    gboolean (*number)(guint name, gint64 *value, gint64 *max, gpointer data);
    /* TEXT: whether the entity's text holds @word (case ignored) */
    gboolean (*holds)(guint name, const char *word, gpointer data);
} ReplayQueryReader;

/* Whether every term of the entity condition holds for the entity
 * @reader reads (with @data). */
gboolean replay_query_entity_holds(const ReplayQuery *query, const ReplayQueryReader *reader,
                                   gpointer data);

/* Whether @text is meant as a condition rather than words to find: it
 * holds an operator character (= < > !). */
gboolean replay_query_looks_like(const char *text);

void replay_query_free(ReplayQuery *query);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(ReplayQuery, replay_query_free)

/* Whether the condition (on turns or events) reads the player's state (so
 * the turn's state must be known), or only the turn's or event's own. */
gboolean replay_query_needs_state(const ReplayQuery *query);

/* For a condition on events: whether it reads a payload's field (so the
 * event must be decoded), or only the envelope (type, seq, turn, cause,
 * actor) and the player's state. */
gboolean replay_query_needs_payload(const ReplayQuery *query);

/* Whether every event term ("type…") holds for @facts (state terms are not
 * looked at): a cheap first test before the state is made. */
gboolean replay_query_events_hold(const ReplayQuery *query, const ReplayFacts *facts);

/* Whether the whole condition holds for @facts. */
gboolean replay_query_holds(const ReplayQuery *query, const ReplayFacts *facts);

/* For a condition on events: whether an event of @type can satisfy it
 * (its type terms allow @type and it has every payload field named), a
 * cheap first test before the event is decoded. */
gboolean replay_query_type_may_hold(const ReplayQuery *query, CavEventType type);

/* For a condition on events: whether it holds for @event, with @facts the
 * player's state at the end of its turn (nullable when the condition does
 * not need the state; a state term then never holds). */
gboolean replay_query_event_holds(const ReplayQuery *query, const CavEvent *event,
                                  const ReplayFacts *facts);

G_END_DECLS

#endif
