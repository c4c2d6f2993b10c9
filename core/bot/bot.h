/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot.h — the autoplay bot: picks the player's next command from the state
 * and what the player knows (no memory of its own, so a resumed bot plays on
 * exactly as an uninterrupted one). It chooses level-up bonuses by their
 * worth, fights what it can beat and runs from what it cannot (but closes in
 * on a bowman), throws and fires at what comes for it, heals with spells and
 * potions, rests when wounded and safe, eats, gears up, explores (digging
 * when that is shorter), goes down, and with the teddy bear climbs back to
 * the exit on level 1. */
#ifndef CAV_CORE_BOT_H
#define CAV_CORE_BOT_H

#include "command.h"
#include "content.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

/* The bot's command for the player in @state, playing by @content, who knows
 * what @view holds. Never a command the rules reject, except while the game
 * is over (then CMD_WAIT). */
CavCommand bot_choose(const CavState *state, const CavContent *content, const CavView *view);

G_END_DECLS

#endif
