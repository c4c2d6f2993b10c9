/* rules.h — decide and evolve, the two halves of the event-sourcing contract.
 *
 * decide(state, command, rng) → events | rejection: reads the state, draws
 * randomness, never mutates. evolve(state, event): deterministic and total, no
 * randomness, no I/O. validate checks an untrusted event before evolve. */
#ifndef CAV_CORE_RULES_H
#define CAV_CORE_RULES_H

#include "command.h"
#include "rng.h"
#include "state.h"

G_BEGIN_DECLS

/* The player's stats until creature data files arrive. */
#define PLAYER_MAX_HP 100
#define PLAYER_ATTACK 20
#define PLAYER_DEFENSE 5
#define PLAYER_VISION 9

/* Append to @out (a GArray of CavEvent) the events that set up a new game:
 * GameStarted, every level's terrain, the player's spawn. */
void decide_start(const CavState *state, gint64 seed, const char *player_name, CavRng *rng,
                  GArray *out);

/* Append the events that follow from the player's @command. Returns FALSE
 * when the command is rejected; *@why then holds the reason for the player
 * (caller frees) and nothing was appended. */
gboolean decide_player(const CavState *state, const CavCommand *command, CavRng *rng, GArray *out,
                       char **why);

/* Apply @event to @state. Total: never fails, never reads outside @state. */
void evolve(CavState *state, const CavEvent *event);

#define VALIDATE_ERROR (validate_error_quark())
GQuark validate_error_quark(void);

/* Check that @event could have been produced by cavelog from @state: it comes
 * next in sequence, names existing creatures, stays inside the map, and obeys
 * the rules of its type. FALSE with a message naming the problem. */
gboolean validate_event(const CavState *state, const CavEvent *event, GError **error);

G_END_DECLS

#endif
