/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-describe.h — the words the inspector's panels use for creatures,
 * items and effects at the shown event: names as the truth has them or as
 * the player knows them, and the entity panel's text (Pango markup, entities
 * as "creature:ID" / "item:ID" links). */
#ifndef CAV_INSPECTOR_CAV_DESCRIBE_H
#define CAV_INSPECTOR_CAV_DESCRIBE_H

#include <glib.h>

#include "cav-timeline.h"
#include "history.h"

G_BEGIN_DECLS

/* Append entity @id's name to @out (plain text): with @truth, the history's
 * name ("goblin 5", "cyan potion (potion of poison) 12"); without, an item
 * as the player knows it at the history's current state ("cyan potion 12"
 * until the player learns it, then "potion of poison 12"). */
void cav_describe_name(const History *history, gboolean truth, CavRefKind kind, gint32 id,
                       GString *out);

/* The same as markup: a link to the entity, or plain "nobody" / "nothing"
 * for id 0. */
void cav_describe_link(const History *history, gboolean truth, CavRefKind kind, gint32 id,
                       GString *out);

/* "depth 2 (3,4)" or "carried by goblin 5" (with @holder), as plain text. */
void cav_describe_place(const History *history, gint32 z, gint32 x, gint32 y, gint32 holder,
                        GString *out);

/* What an effect of @spec does, as plain text: "−1 hp a turn", "+5 attack,
 * +5 defense", "+15 hp at once", "perceives every creature on its depth". */
void cav_describe_spec(const CavEffectSpec *spec, GString *out);

/* One working effect in @state as plain text: "poison — 12 turns left, −1 hp
 * a turn" (an effect recorded without a name is named by its potion's kind). */
void cav_describe_effect(const CavState *state, const CavEffect *effect, GString *out);

/* The entity panel's markup for entity @id of @kind at the current state of
 * @timeline's history: a creature's numbers (mana too, for those who have
 * any) with effects, its working effects and where each came from, the
 * potion looks it knows with a link to the event that taught each (found
 * through the timeline's cache), the player's own names for looks, and what
 * it carries; an item's numbers, what drinking it does (as far as the viewer
 * knows), a book's spells, and where it is. */
void cav_describe_entity(CavTimeline *timeline, gboolean truth, CavRefKind kind, gint32 id,
                         GString *out);

/* The window's status line at event @seq, the history's current state:
 * "Event 12 of 340 · turn 3 · you: depth 1 (4,5), level 1, hp 9/12, alive". */
char *cav_describe_status(const History *history, gint64 seq);

/* The window's title for the history's game: who, which seed, how it went
 * ("bob · seed 3 · lost: killed by a goblin"). */
char *cav_describe_game(const History *history);

G_END_DECLS

#endif
