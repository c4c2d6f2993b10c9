/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis.h — questions asked of a game's history (the inspector's "why"
 * views): why did this event happen (a tree of causes), where did a value
 * come from (the events that changed it), what changed between two events
 * (a domain diff), how a number went over time (a series), and which
 * entities match a condition (search inside the state).
 *
 * Everything is computed from the History by folding (core's evolve) and
 * comparing states; nothing is stored. Functions taking a History may seek
 * it, and leave it at the event it stood at when they were called. */
#ifndef CAV_HISTORY_ANALYSIS_H
#define CAV_HISTORY_ANALYSIS_H

#include "history.h"

G_BEGIN_DECLS

/* ---- a creature's fields ---------------------------------------------------- */

/* The numbers of a creature one can follow. ATTACK and DEFENSE are the
 * effective ones (state_attack: base + weapon + armour + effects); POSITION
 * packs (z, x, y) (analysis_position_pack); LEVEL is the experience level; KNOWN is the bit set of
 * potion looks it knows (CavCreature.known); ALIVE is 1 or 0. */
#define ANALYSIS_FIELD_LIST(X)                                                                     \
    X(HP, "hp", "hp")                                                                              \
    X(MAX_HP, "max_hp", "max hp")                                                                  \
    X(ATTACK, "attack", "attack")                                                                  \
    X(DEFENSE, "defense", "defense")                                                               \
    X(FOOD, "food", "food")                                                                        \
    X(MAX_FOOD, "max_food", "max food")                                                            \
    X(MANA, "mana", "mana")                                                                        \
    X(MAX_MANA, "max_mana", "max mana")                                                            \
    X(XP, "xp", "xp")                                                                              \
    X(LEVEL, "level", "experience level")                                                          \
    X(KILLS, "kills", "kills")                                                                     \
    X(POSITION, "position", "position")                                                            \
    X(KNOWN, "known", "looks known")                                                               \
    X(ALIVE, "alive", "alive")

typedef enum {
#define ANALYSIS_X(ENUM, name, label) ANALYSIS_FIELD_##ENUM,
    ANALYSIS_FIELD_LIST(ANALYSIS_X)
#undef ANALYSIS_X
        ANALYSIS_FIELD_COUNT
} AnalysisField;

/* The field's name in queries ("max_hp"), or its field for a name; FALSE
 * when unknown. */
const char *analysis_field_name(AnalysisField field);

/* The field as people read it ("max hp", "experience level"), static. */
const char *analysis_field_label(AnalysisField field);
gboolean analysis_field_from_name(const char *name, AnalysisField *out);

/* The value of @field of @creature in @state. */
gint64 analysis_field_value(const CavState *state, const CavCreature *creature,
                            AnalysisField field);

/* (z, x, y) as one number, and back. */
gint64 analysis_position_pack(gint32 z, gint32 x, gint32 y);
void analysis_position_unpack(gint64 packed, gint32 *z, gint32 *x, gint32 *y);

/* @value of @field as people read it ("(3,4) on depth 2" for a position,
 * depth counted from 1; the looks' appearances for KNOWN, with @state
 * nullable). Appended to @out. */
void analysis_append_value(const CavState *state, AnalysisField field, gint64 value, GString *out);

/* ---- where did this value come from ---------------------------------------- */

/* One event that changed a value: from @before to @after. */
typedef struct {
    gint64 seq;
    gint32 turn;
    gint64 before, after;
} AnalysisChange;

/* The events after @from up to and including @at (0 ≤ @from ≤ @at ≤ the
 * history's length) that changed @field of creature @creature, newest
 * first, as a GArray of AnalysisChange (caller unrefs; empty when none did).
 * Found by folding every event of the range and comparing the field before
 * and after it (upkeep and ticks change creatures they do not name). NULL
 * with an error when the file cannot be read. */
GArray *analysis_origins(History *history, gint32 creature, AnalysisField field, gint64 from,
                         gint64 at, GError **error);

/* ---- over time --------------------------------------------------------------- */

typedef struct {
    gint64 seq; /* the event after which the value holds */
    gint32 turn;
    gint64 value;
} AnalysisPoint;

/* @field of @creature after each event from @from to @to (1 ≤ @from ≤ @to ≤
 * length), or with @per_turn after the last event of each turn the range
 * touches, as a GArray of AnalysisPoint in order (caller unrefs). A creature
 * not yet spawned reads 0. NULL with an error when the file cannot be read. */
GArray *analysis_series(History *history, gint32 creature, AnalysisField field, gint64 from,
                        gint64 to, gboolean per_turn, GError **error);

/* How many events of each type every turn holds: a new array of
 * (turns + 1) × CAV_EVENT_TYPE_COUNT counts, row t for turn t, from the
 * index alone (caller g_free()s). *@n_turns receives the turn count. */
guint32 *analysis_events_per_turn(const History *history, gint32 *n_turns);

/* ---- what changed between A and B ------------------------------------------ */

typedef enum {
    ANALYSIS_DIFF_APPEARED,       /* creature @id exists in B, not in A (after: its position) */
    ANALYSIS_DIFF_DIED,           /* creature @id alive in A (or not in A), dead in B */
    ANALYSIS_DIFF_ALIVE_AGAIN,    /* creature @id dead in A, alive in B (B earlier) */
    ANALYSIS_DIFF_NOT_YET,        /* creature @id exists in A, not in B: B is earlier than its
                                     birth (before: its position in A) */
    ANALYSIS_DIFF_MOVED,          /* creature @id's position, before → after (packed) */
    ANALYSIS_DIFF_FIELD,          /* creature @id's @field, before → after (never POSITION,
                                     KNOWN or ALIVE, which have kinds of their own) */
    ANALYSIS_DIFF_KNOWLEDGE,      /* creature @id learned look index @after */
    ANALYSIS_DIFF_ITEM_APPEARED,  /* item @id exists in B, not in A (after: its place) */
    ANALYSIS_DIFF_ITEM_NOT_YET,   /* item @id exists in A, not in B (before: its place in A) */
    ANALYSIS_DIFF_ITEM_MOVED,     /* item @id's place, before → after (analysis_item_place) */
    ANALYSIS_DIFF_ITEM_COUNT,     /* item @id's count, before → after (0: eaten, merged) */
    ANALYSIS_DIFF_TILE,           /* the tile at (@z, @x, @y), before → after (CavTile) */
    ANALYSIS_DIFF_EFFECT_STARTED, /* effect @id is active in B, was not in A */
    ANALYSIS_DIFF_EFFECT_ENDED,   /* effect @id was active in A, is not in B */
} AnalysisDiffKind;

typedef struct {
    AnalysisDiffKind kind;
    gint32 id; /* the creature, item or effect; 0 for a tile */
    AnalysisField field;
    gint32 z, x, y;
    gint64 before, after;
} AnalysisDiffEntry;

/* Where an item is: in creature @holder's pack (a negative number) or on
 * the floor (a packed position). */
gint64 analysis_item_place(const CavItem *item);

/* The domain differences from state @a to state @b, earlier or later: every
 * creature and item of either state is compared (one that appeared and died
 * between them is both APPEARED and DIED; one in @a alone, NOT_YET, since
 * entities are never removed), as a GArray of AnalysisDiffEntry (caller
 * unrefs): creatures by id, then items, tiles and effects, each in id (or z,
 * y, x) order. */
GArray *analysis_diff_states(const CavState *a, const CavState *b);

/* The same between the states after events @a and @b (0 … length). NULL
 * with an error when the file cannot be read. */
GArray *analysis_diff(History *history, gint64 a, gint64 b, GError **error);

/* One line for @entry ("goblin 5 moved (3,4) → (4,4) on depth 1"), naming
 * entities through @history; @b (nullable) is the later state, for looks
 * and effects. Appended to @out. */
void analysis_diff_describe(const History *history, const CavState *b,
                            const AnalysisDiffEntry *entry, GString *out);

/* ---- why did this happen ------------------------------------------------------ */

/* The kinds of node of a "why" tree. A node's children are its reasons. */
typedef enum {
    /* Event @seq. As the root: the event asked about. As a child of an
     * EVENT: its cause (the event whose policy emitted it, same turn). */
    ANALYSIS_NODE_EVENT,
    /* The player's command of @turn (@text: as the player would say it, with
     * the recorded JSON): what an uncaused event of the player came from. */
    ANALYSIS_NODE_COMMAND,
    /* Creature @creature decided an uncaused event on its own turn (@creature
     * 0: time passing — upkeep, effects, hunger). Its children are the state
     * it read: PLACED nodes. */
    ANALYSIS_NODE_DECISION,
    /* Event @seq put creature @creature where it stood (@value: the position,
     * packed) — the earlier turn that brought an attacker next to its target. */
    ANALYSIS_NODE_PLACED,
    /* Event @seq changed creature @creature's hp to @value: a blow, effect,
     * regeneration or drain, newest first under a GROUP. */
    ANALYSIS_NODE_HP_CHANGE,
    /* Item @item of the pack that might have helped (@text says what it is,
     * to the player and in truth). */
    ANALYSIS_NODE_ITEM,
    /* A heading (@text) over its children. */
    ANALYSIS_NODE_GROUP,
} AnalysisNodeKind;

typedef struct AnalysisNode AnalysisNode;
struct AnalysisNode {
    AnalysisNodeKind kind;
    gint64 seq; /* the event the node is about, 0 for none (GROUP, ITEM) */
    gint32 turn;
    gint32 creature, item;
    gint64 value;
    char *text;          /* one line, entities named */
    GPtrArray *children; /* of AnalysisNode, owned */
};

void analysis_node_free(AnalysisNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(AnalysisNode, analysis_node_free)

/* Why event @seq (1 … length) happened: an EVENT root whose child is its
 * cause chain (EVENT → EVENT … → COMMAND or DECISION); for a melee attack on
 * another creature, the COMMAND's or DECISION's PLACED children say what put
 * attacker and target side by side (nothing for a spell, a throw or a shot);
 * for an event that hurt or killed a creature, a GROUP of that creature's
 * HP_CHANGEs over the @turns turns before. Caller frees. NULL with an error
 * when the file cannot be read. */
AnalysisNode *analysis_why(History *history, gint64 seq, gint32 turns, GError **error);

/* "Why did I die", from the GameLost event @seq: an EVENT root with four
 * GROUPs — "Killing blow" (the death's cause chain), "Hp over the last
 * @turns turns" (HP_CHANGEs, hp after each), "Your commands" (COMMANDs,
 * newest first) and "In your pack" (ITEMs that could have helped, as the
 * pack was before the death: potions that heal, known or not; food when
 * the death was starving; books with a spell that heals or blinks away
 * and the mana to cast it, named; with none, the heading says "nothing
 * that could have helped", or that the pack was empty). NULL with an error when @seq is not a
 * GameLost or the file cannot be read. */
AnalysisNode *analysis_why_died(History *history, gint64 seq, gint32 turns, GError **error);

/* The tree as indented text, one node a line (for tests and the CLI). */
void analysis_node_dump(const AnalysisNode *node, GString *out);

/* ---- search inside the state ---------------------------------------------------- */

/* The entities of @state that match @query, a condition on entities in the
 * one language of conditions (replay-query.h): terms "NAME OP VALUE",
 * NAME a creature field (analysis_field_name; "mp" is mana; hp, food, mana
 * and mp take a percentage of their maximum, "hp<25%"), "kind" (a
 * creature's kind or an item's type holds VALUE), "name" (the name the
 * inspector shows holds it), "carries" (a creature carries an item whose
 * name or type holds VALUE), "alive" (yes/no), "z" (the depth, from 1),
 * "x", "y". Text compares ignore case; = holds, != does not. A bare word
 * matches names. Creatures and items are returned as CavRef (kind, id),
 * creatures first, in id order; a condition about a creature field never
 * matches an item. NULL with a G_IO_ERROR_INVALID_ARGUMENT naming @query
 * and the fault: a NAME no entity has, two terms run together
 * ("hp<10z>=0"), a number field given no number. */
GArray *analysis_search(const History *history, const CavState *state, const char *query,
                        GError **error);

/* The first event after @from (forward) or before it (backward) that
 * meets @query, a condition on events (replay_query_parse_events), found
 * from the index and, when the condition reads the payload, by decoding;
 * @from 0 (forward) or length + 1 (backward) asks for the first or last of
 * all. FALSE with *@found 0 when none does, or with an error when the file
 * cannot be read. */
gboolean analysis_find_event(History *history, const ReplayQuery *query, gint64 from,
                             gboolean forward, gint64 *found, GError **error);

/* Whether event @seq, indexed by @entry, meets @query, @event being the
 * event decoded (nullable when the condition reads no payload,
 * replay_query_needs_payload). */
gboolean analysis_event_meets(const History *history, const ReplayQuery *query, gint64 seq,
                              const HistoryEntry *entry, const CavEvent *event);

/* ---- why did it do that --------------------------------------------------------- */

/* A creature's decision that led to an event: what core's monster AI
 * reasoned (the rule that fired, what it saw, its target, its path, the
 * random draws it consumed), found by re-running the event's turn from the
 * state before it; nothing of it is stored. */
typedef struct {
    CavDecision decision;
    gint64 first, last;  /* the events its action made (@seq among them) */
    guint64 draws_after; /* the turn's draws counted once those events were played */
    /* the cells it saw as it decided (1: seen), by its vision from where it stood */
    guint8 sight[CAV_HEIGHT][CAV_WIDTH];
} AnalysisDecision;

/* The decision behind event @seq, a creature's action (not the player's),
 * in *@out. FALSE with a G_IO_ERROR_NOT_FOUND when no creature's action
 * made it (the player's command, upkeep, the game's start), or another
 * error when the file cannot be read or the re-run does not reproduce it. */
gboolean analysis_explain(History *history, gint64 seq, AnalysisDecision *out, GError **error);

/* ---- bus trace ------------------------------------------------------------------- */

/* One policy's turn with an event: its name (the function's, static) and
 * what it emitted (a GArray of CavEvent with type and payload; the seqs and
 * causes the game then gave them are the log's: history_caused). */
typedef struct {
    const char *policy;
    GArray *follow_ups;
} AnalysisDelivery;

/* The policies that received event @seq, in the order they ran, and what
 * each emitted, as a GPtrArray of AnalysisDelivery (caller unrefs; empty
 * when no policy listens to its type or the event was not live — the
 * setup's are, every turn's are). Found by re-running the event's turn from
 * the state before it with its recorded command and the game's recorded
 * content, with a tracer on the Game: the rules are pure and the draws
 * counter-based, so the re-run is the turn. NULL with an error when the
 * file cannot be read or the re-run does not reproduce event @seq. */
GPtrArray *analysis_trace(History *history, gint64 seq, GError **error);

G_END_DECLS

#endif
