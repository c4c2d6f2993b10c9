/* bot.h — the autoplay bot: picks the player's next command from the state
 * alone (no memory of its own, so a resumed bot plays on exactly as an
 * uninterrupted one). It explores toward unseen cells, digs when that is the
 * shorter way, and takes stairs down once a level is explored. */
#ifndef CAV_CORE_BOT_H
#define CAV_CORE_BOT_H

#include "command.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

/* The bot's command for the player in @state, who knows what @view holds. */
CavCommand bot_choose(const CavState *state, const CavView *view);

G_END_DECLS

#endif
