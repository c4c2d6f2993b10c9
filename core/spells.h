/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spells.h — the policy that carries out a cast spell (spells.c). */
#ifndef CAV_CORE_SPELLS_H
#define CAV_CORE_SPELLS_H

#include "game.h"

G_BEGIN_DECLS

/* Register the spell policy on @game; @content (for summoned kinds) must
 * outlive it. */
void spells_install(Game *game, const CavContent *content);

G_END_DECLS

#endif
