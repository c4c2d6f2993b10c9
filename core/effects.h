/* SPDX-License-Identifier: GPL-3.0-or-later */
/* effects.h — the effects mechanism's policies (effects.c): what follows a
 * drink, a throw, a shot, an effect's start and tick, and a death. */
#ifndef CAV_CORE_EFFECTS_H
#define CAV_CORE_EFFECTS_H

#include "game.h"

G_BEGIN_DECLS

/* Register the effect policies on @game. Called by policies_install, with
 * the CreatureDied one before the policy that ends the game, so that a
 * dying holder's effects end first. */
void effects_install(Game *game);

/* How many effects work on level @z this turn: active, on a living holder
 * standing there. */
gint32 effects_working_on(const CavState *state, gint32 z);

/* Append the death text of a creature killed by @by's missile @missile
 * (an item id): "killed by a goblin's dagger". */
void effects_missile_cause(const CavState *state, const CavCreature *by, gint32 missile,
                           GString *out);

/* The name of the harmful effect @c holds, its cause of death when an
 * effects tick empties its hp ("a lingering effect" when it holds none). */
const char *effects_harm_of(const CavState *state, const CavCreature *c);

G_END_DECLS

#endif
