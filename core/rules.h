/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules.h — decide and evolve, the two halves of the event-sourcing contract.
 *
 * decide(state, command, rng) → events | rejection: reads the state, draws
 * randomness, never mutates. evolve(state, event): deterministic and total, no
 * randomness, no I/O. validate checks an untrusted event before evolve. */
#ifndef CAV_CORE_RULES_H
#define CAV_CORE_RULES_H

#include "command.h"
#include "content.h"
#include "rng.h"
#include "state.h"

G_BEGIN_DECLS

/* Append to @out (a GArray of CavEvent) the events that set up a new game:
 * GameStarted, every level's terrain, the player, then each level's
 * creatures (goblins with their gear) and items, all from @content. */
void decide_start(const CavState *state, const CavContent *content, gint64 seed,
                  const char *player_name, CavRng *rng, GArray *out);

/* Append the events that follow from the player's @command. Returns FALSE
 * when the command is rejected; *@why then holds the reason for the player
 * (caller frees) and nothing was appended. */
gboolean decide_player(const CavState *state, const CavContent *content, const CavCommand *command,
                       CavRng *rng, GArray *out, char **why);

/* The path cells a decision remembers, at most. */
#define CAV_DECISION_PATH_MAX 64

/* Why a creature did what it did (an explanation, for the inspector):
 * filled by decide_creature when asked, with no effect on what it decides
 * or draws. */
typedef struct {
    const char *rule;         /* static: "gear up", "drink", "fire", "throw", "hunt", "pick up",
                                 "wander", "idle", "spread", "rest" */
    gint32 creature, z, x, y; /* who, and where it stood */
    gint32 vision;
    gboolean sees_player;
    gint32 target;         /* the creature aimed at or hunted, 0 for none */
    gint32 item;           /* the item equipped, drunk, fired with, thrown or picked up */
    gint32 goal_x, goal_y; /* the cell it went for (its step, or its aim); -1 for none */
    gint32 path_length;    /* the path it meant to take (hunt), its cells after its own */
    gint32 path_x[CAV_DECISION_PATH_MAX], path_y[CAV_DECISION_PATH_MAX];
    guint64 draws_from, draws_to; /* the turn's random draws it consumed: [from, to) */
} CavDecision;

/* What creature @id (alive, not the player) does this turn, by its
 * behaviour. @player_fov marks the cells the player sees (by symmetry, the
 * creatures that could see the player), computed with a radius no smaller
 * than any creature's vision. Appends nothing when the creature idles.
 * @why (nullable) receives the reasons; the decision is the same either way. */
void decide_creature(const CavState *state, const CavContent *content,
                     const guint8 player_fov[CAV_HEIGHT][CAV_WIDTH], gint32 id, CavRng *rng,
                     GArray *out, CavDecision *why);

/* The end of a turn, in three steps that each read the state the step before
 * left: UpkeepApplied for the player's level; then a CreatureRegenerated for
 * each creature whose gathered regeneration reached a point; then the
 * player's hunger: a HungerChanged when the word changed, and death when
 * food ran out. */
void decide_upkeep(const CavState *state, const CavContent *content, GArray *out);

/* Effects on the player's level after the upkeep: an EffectApplied for each
 * effect whose chance per turn came up, then one EffectsTicked for all. Then
 * (decide_effect_ends, once the tick is evolved) an EffectEnded for each
 * effect that ran out. */
void decide_effects(const CavState *state, CavRng *rng, GArray *out);
void decide_effect_ends(const CavState *state, GArray *out);
void decide_regeneration(const CavState *state, GArray *out);
void decide_hunger(const CavState *state, const CavContent *content, GArray *out);

/* The hunger word for @c ("starving", "hungry", "full", "stuffed" or ""). */
const char *rules_hunger_word(const CavContent *content, const CavCreature *c);

/* Damage of a blow: 1 … attack − defense, and exactly 1 when attack ≤ defense. */
gint32 rules_damage(gint32 attack, gint32 defense, CavRng *rng);

/* A straight line of cells from one cell to another (Bresenham's), walked
 * one cell at a time: rules_line_begin, then rules_line_next until it
 * returns FALSE (the end cell reached). Missiles and the aiming line share
 * it, so what is drawn is what flies. */
typedef struct {
    gint32 x, y, to_x, to_y, dx, dy, sx, sy, err;
} CavLine;

void rules_line_begin(CavLine *line, gint32 fx, gint32 fy, gint32 tx, gint32 ty);

/* The next cell of @line into *@x, *@y; FALSE once the end was reached. */
gboolean rules_line_next(CavLine *line, gint32 *x, gint32 *y);

/* Where a missile thrown or fired from (fx, fy) at (ax, ay) on level @z
 * stops, walking the line cell by cell: on the first creature in its way
 * (*@target its id), on the last open cell before a wall, or on the aimed
 * cell (*@target 0 when nobody is hit). */
void rules_flight(const CavState *state, gint32 z, gint32 fx, gint32 fy, gint32 ax, gint32 ay,
                  gint32 *to_x, gint32 *to_y, gint32 *target);

/* The attack a missile carries (GAME.md "Combat"): half the thrower's
 * attack with its effects and without its wielded weapon (base, armour and
 * effects), plus the missile's thrown or ranged @value. */
gint32 rules_missile_attack(const CavState *state, const CavCreature *thrower, gint32 value);

/* Whether (ax, ay) is a cell @c may aim at: on its level, not its own, in
 * its view and within its vision. */
gboolean rules_can_aim(const CavState *state, const CavCreature *c, gint32 ax, gint32 ay);

/* Xp needed to leave @level: level^(exponent) × base (GAME.md "Experience"). */
gint64 rules_xp_threshold(const CavContent *content, gint32 level);

/* Xp for killing @victim: its max hp + attack + defense − killer's level, at least 0. */
gint32 rules_kill_xp(const CavCreature *victim, const CavCreature *killer);

/* Whether @a and @b are two entries of one hard stack (identical things
 * that share a slot with a count). */
gboolean rules_stacks_with(const CavItem *a, const CavItem *b);

/* The entry of @c's pack that @item would merge into, or NULL. */
const CavItem *rules_pack_stack_for(const CavState *state, const CavCreature *c,
                                    const CavItem *item);

/* Whether @item goes in the weapon hand (attack + ranged ≥ defense) or is worn. */
gboolean rules_is_weapon(const CavItem *item);

/* GAME.md's "throwable", what goblins (and the bot) throw at a foe: a
 * missile, or a weapon whose thrown value is above 1 — never food, armour
 * or a potion, and only what can be thrown at all. */
gboolean rules_throwable(const CavItem *item);

/* The food value of eating @item now (a rotten corpse's is negative). */
gint32 rules_food_value(const CavState *state, const CavContent *content, const CavItem *item);

/* Apply @event to @state. Total: never fails, never reads outside @state. */
void evolve(CavState *state, const CavEvent *event);

#define VALIDATE_ERROR (validate_error_quark())
GQuark validate_error_quark(void);

/* Check that @event could have been produced by cavelog from @state: it comes
 * next in sequence, names existing creatures, stays inside the map, and obeys
 * the rules of its type. FALSE with a message naming the problem. */
gboolean validate_event(const CavState *state, const CavEvent *event, GError **error);

G_END_DECLS

#endif
