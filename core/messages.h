/* messages.h — the player's message log as a projection of events: what the
 * player could perceive, in second person for their own deeds. */
#ifndef CAV_CORE_MESSAGES_H
#define CAV_CORE_MESSAGES_H

#include "state.h"

G_BEGIN_DECLS

/* Append the message @event gives the player (state @after is the state
 * right after evolving it) to @out. Returns FALSE (and appends nothing) when
 * the player perceives nothing worth a message. */
gboolean messages_describe(const CavState *after, const CavEvent *event, GString *out);

G_END_DECLS

#endif
