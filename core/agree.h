/* SPDX-License-Identifier: GPL-3.0-or-later */
/* agree.h — invariants that hold between events of one turn, and between
 * events and the game's data, in every game the rules play: cheap checks a
 * reader makes without re-running the game (the checked fold calls them;
 * verify re-runs the game on top). Each says in one line what disagrees. */
#ifndef CAV_CORE_AGREE_H
#define CAV_CORE_AGREE_H

#include "command.h"
#include "content.h"
#include "state.h"

G_BEGIN_DECLS

/* Whether @first, the first event of a turn played from @state, is what
 * @command makes the player do: a wait is a CreatureWaited, a move a step,
 * blow or dig toward its direction, an item command acts on its item, and
 * so on. FALSE with the reason in @why (free it) otherwise. */
gboolean agree_command(const CavState *state, const CavCommand *command, const CavEvent *first,
                       char **why);

/* Whether @event (about to be folded into @state) agrees with @cause, the
 * event of its turn it names as its cause (NULL when it names none): a
 * death carries the text the rules write for what killed, a lost game the
 * text of the player's death, xp comes from a kill or a potion. Other
 * types always agree. FALSE with the reason in @why otherwise. */
gboolean agree_cause(const CavState *state, const CavEvent *event, const CavEvent *cause,
                     char **why);

/* Whether a spawned creature's or item's numbers (CreatureSpawned,
 * CreatureSummoned, ItemSpawned), a spell's (SpellDefined) or a potion
 * look's effect (AppearanceAssigned) are those of its kind, type or spell
 * in @content, the data the game is played with. Other types agree. */
gboolean agree_content(const CavContent *content, const CavEvent *event, char **why);

G_END_DECLS

#endif
