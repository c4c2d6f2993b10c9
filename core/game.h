/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game.h — the game's unit of work. A Game owns the live state and runs one
 * player turn at a time: decide the player's command, evolve and publish each
 * resulting event, run the policies that answer with follow-up events (each
 * naming its cause), and collect everything as the turn's events, which the
 * caller appends to the store in one transaction.
 *
 * The same Game folds stored events (game_fold) to rebuild a saved game: then
 * events are validated and evolved and published, but policies stay silent,
 * because their follow-ups are already in the log. */
#ifndef CAV_CORE_GAME_H
#define CAV_CORE_GAME_H

#include "bus.h"
#include "command.h"
#include "content.h"
#include "rng.h"
#include "rules.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

typedef struct Game Game;

/* A policy reacts to @event (already evolved into @state) by appending
 * follow-up events (type and payload filled in) to @follow_ups. */
typedef void (*GamePolicy)(const CavState *state, const CavEvent *event, CavRng *rng,
                           GArray *follow_ups, gpointer user_data);

/* A new game with a fresh, empty state, playing by the built-in content.
 * @bus (nullable, not owned, must outlive the game) receives every event
 * after it is evolved. The standard policies (policies.h) are installed. */
Game *game_new(Bus *bus);

/* The same, playing by @content (taken over by the game). */
Game *game_new_with_content(CavContent *content, Bus *bus);

/* The content the game plays by. Borrowed. */
const CavContent *game_content(const Game *game);
void game_free(Game *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Game, game_free)

const CavState *game_state(const Game *game);

/* The player's view and memory, kept in step with every evolved event
 * unless tracking is off. */
const CavView *game_view(const Game *game);

/* Turn view tracking on (the default) or off. Off makes folding cheaper for
 * uses that never look through the player's eyes (verify, benchmarks);
 * turning it back on recomputes only the current view, not the memory. */
void game_track_view(Game *game, gboolean track);

/* Register a policy for events of @type under @name (static). Policies run
 * in registration order. game_add_policy names it after its function. */
void game_add_policy_named(Game *game, CavEventType type, GamePolicy policy, gpointer user_data,
                           const char *name);
#define game_add_policy(game, type, policy, user_data)                                             \
    game_add_policy_named((game), (type), (policy), (user_data), #policy)

/* Hand @data to @game, which frees it with @free when it is freed (a
 * policy's own bookkeeping, given to it as its user_data). */
void game_keep(Game *game, gpointer data, GDestroyNotify free);

/* The names of the policies registered for @type, in the order they run,
 * into @names (at most @max); returns how many there are. */
guint game_policy_names(const Game *game, CavEventType type, const char **names, guint max);

/* Called after each policy ran on a live event: @event (evolved, stamped),
 * the policy's @name and the @follow_ups it emitted (before they are
 * stamped: no seq or cause yet). For tracing a turn (analysis.h). */
typedef void (*GameTracer)(const CavEvent *event, const char *name, const GArray *follow_ups,
                           gpointer data);

/* Call @tracer (NULL: none) after every policy from now on. */
void game_set_tracer(Game *game, GameTracer tracer, gpointer data);

/* Called after each creature's action: why it acted (@decision), the
 * events it led to (@first … @last; none when @last < @first) and the
 * turn's random draws counted after them (@draws). For explaining a
 * monster's turn (analysis.h); the game plays the same with or without. */
typedef void (*GameExplainer)(const CavDecision *decision, gint64 first, gint64 last, guint64 draws,
                              gpointer data);

/* Call @explainer (NULL: none) after every creature's action from now on. */
void game_set_explainer(Game *game, GameExplainer explainer, gpointer data);

/* Make the game's state a copy of @state (a state this game's rules
 * folded, say from a History), to play on from there. The player's view is
 * recomputed; the memory of what was seen before is not. */
void game_restore(Game *game, const CavState *state);

/* Make the game's state and the player's view and memory copies of @state
 * and @view (a keyframe's, checked by the caller), to fold or play on. */
void game_restore_seen(Game *game, const CavState *state, const CavView *view);

/* Whether a policy of @game reacts to events of @type: only such an event
 * can be the cause of another. */
gboolean game_reacts_to(const Game *game, CavEventType type);

/* Turn 0: generate the world and place everyone and everything. Only on a
 * fresh game. */
void game_start(Game *game, gint64 seed, const char *player_name);

/* Play one player turn: the player's command and what follows from it, then
 * every living creature on the player's level in spawn order (a bat twice),
 * then the upkeep (food, regeneration, hunger). Choosing a level-up bonus
 * and naming a look take no time: no one else acts. The turn stops early once the game is
 * over. Returns FALSE when the command is rejected: then no event exists, no
 * turn passed, and *@why (if non-NULL) holds a message for the player (free
 * with g_free). */
gboolean game_play(Game *game, const CavCommand *command, char **why);

/* The events of the last turn (started or played), in seq order. Borrowed;
 * valid until the next game_start/game_play. */
const GArray *game_turn_events(const Game *game);

/* The command of the last turn (started or played). */
const CavCommand *game_turn_command(const Game *game);

/* Validate @event against the current state and evolve it (stored events,
 * untrusted). FALSE with an error naming the problem, state unchanged. */
gboolean game_fold(Game *game, const CavEvent *event, GError **error);

G_END_DECLS

#endif
