/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules-private.h — helpers shared by the files that decide events
 * (decide.c, creatures.c, upkeep.c, policies.c): building events from data,
 * finding free cells, and the small rules every actor obeys. */
#ifndef CAV_CORE_RULES_PRIVATE_H
#define CAV_CORE_RULES_PRIVATE_H

#include "rules.h"

G_BEGIN_DECLS

/* The death text of a player who leaves the caves without the bear. */
#define RULES_FLED_CAUSE "fled the caves without the bear"

static inline void rules_push(GArray *out, CavEvent event)
{
    g_array_append_val(out, event);
}

/* A CreatureSpawned for @kind as creature @id at (z, x, y). */
CavEvent rules_creature_spawned(const CavCreatureKind *kind, gint32 id, gint32 z, gint32 x,
                                gint32 y);

/* An ItemSpawned of @type as item @id, carried by @holder or (holder 0) on
 * the floor at (z, x, y). */
CavEvent rules_item_spawned(const CavItemType *type, gint32 id, gint32 holder, gint32 z, gint32 x,
                            gint32 y);

/* The AppearanceAssigned that gives potion @type the look @look. */
CavEvent rules_look_assigned(const CavItemType *type, const CavAppearanceLook *look);

/* The SpellDefined that sets down @spell as a game plays it. */
CavEvent rules_spell_defined(const CavSpellKind *spell);

/* The corpse @dead leaves, as item @id at (x, y) on its level. */
CavEvent rules_corpse_spawned(const CavContent *content, const CavCreature *dead, gint32 id,
                              gint32 x, gint32 y);

/* @creature steps to (x, y): attack whoever of another kind stands there (the
 * player attacks anyone), refuse the same kind, else move. Appends the event
 * and returns TRUE, or FALSE when nothing happens. */
gboolean rules_step(const CavState *state, const CavContent *content, const CavCreature *creature,
                    gint32 x, gint32 y, CavRng *rng, GArray *out);

/* A blow from @attacker to @target. */
CavEvent rules_attack(const CavState *state, const CavContent *content, const CavCreature *attacker,
                      const CavCreature *target, CavRng *rng);

/* The nearest cell to (x, y) on level @z (ring by ring, up to @radius) that is
 * open floor without an item and not in @taken (a GArray of gint32 cell
 * indices, nullable). FALSE when there is none. */
gboolean rules_free_item_cell(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                              const GArray *taken, gint32 *out_x, gint32 *out_y);

/* @c throws one of @item (from its pack) at (ax, ay): an ItemThrown with
 * where it stopped, whom it hit and where it lies. FALSE (nothing appended)
 * when it would have nowhere to land. The aim is the caller's to check
 * (rules_can_aim). */
gboolean rules_throw(const CavState *state, const CavContent *content, const CavCreature *c,
                     const CavItem *item, gint32 ax, gint32 ay, CavRng *rng, GArray *out);

/* @c fires its wielded ranged weapon at (ax, ay): a ShotFired. FALSE when
 * it wields none. */
gboolean rules_fire(const CavState *state, const CavContent *content, const CavCreature *c,
                    gint32 ax, gint32 ay, CavRng *rng, GArray *out);

/* @c drinks one of @item: an ItemQuaffed. */
void rules_quaff(const CavCreature *c, const CavItem *item, GArray *out);

/* @c reads @spell from @book at @target: a SpellCast (what it does follows
 * as the policies' follow-ups). The caller checks mana and sight. */
void rules_cast(const CavCreature *c, const CavItem *book, const CavSpell *spell,
                const CavCreature *target, GArray *out);

/* The EffectStarted of a potion of @kind on @holder, from @item. FALSE when
 * the kind has no look in this game or no effect slot is left. */
gboolean rules_potion_effect(const CavState *state, gint32 holder, const CavItem *item,
                             CavEvent *out);

/* "a goblin", "an apple", "the player". */
void rules_article(const char *name, GString *out);

G_END_DECLS

#endif
