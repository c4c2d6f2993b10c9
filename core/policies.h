/* SPDX-License-Identifier: GPL-3.0-or-later */
/* policies.h — the game's standard policies (policies.c), installed on every
 * Game by game_new. */
#ifndef CAV_CORE_POLICIES_H
#define CAV_CORE_POLICIES_H

#include "content.h"
#include "game.h"

G_BEGIN_DECLS

/* Register every standard policy on @game; @content must outlive it. */
void policies_install(Game *game, const CavContent *content);

G_END_DECLS

#endif
