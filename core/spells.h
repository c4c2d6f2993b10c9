/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spells.h — the policy that carries out a cast spell (spells.c). */
#ifndef CAV_CORE_SPELLS_H
#define CAV_CORE_SPELLS_H

#include "game.h"

G_BEGIN_DECLS

/* Register the spell policy on @game; @content (for summoned kinds) must
 * outlive it. */
void spells_install(Game *game, const CavContent *content);

/* The cells where blink @spell may land @c: open, free, seen by @c, from
 * @spell's min_range to its range cells away (the larger of the two
 * distances across and down). Appends each (y × CAV_WIDTH + x) to @cells
 * when it is not NULL; returns how many there are. */
guint spells_blink_landings(const CavState *state, const CavCreature *c, const CavSpell *spell,
                            GArray *cells);

G_END_DECLS

#endif
