/* state.h — the game's rules state: terrain, creatures, outcome. (The
 * player's view and memory are a projection: view.h.) It is a flat value (no pointers), so a
 * snapshot is a copy and the digest is a hash over a canonical field-by-field encoding.
 *
 * Only evolve.c writes a CavState (besides state_init); everyone else reads. */
#ifndef CAV_CORE_STATE_H
#define CAV_CORE_STATE_H

#include <glib.h>

#include "event.h"
#include "world.h"

G_BEGIN_DECLS

#define CAV_CREATURES_MAX 1024

typedef enum {
    OUTCOME_PLAYING = 0,
    OUTCOME_WON,
    OUTCOME_LOST,
} CavOutcome;

typedef struct {
    gint32 id; /* index into CavState.creatures; 0 for an empty slot */
    char kind[CAV_STR_MAX];
    gint32 z, x, y;
    gint32 hp, max_hp, attack, defense, vision;
    gboolean alive;
} CavCreature;

typedef struct {
    gint64 seed;
    gint64 last_seq; /* seq of the last evolved event; 0 for a fresh state */
    gint32 turn;     /* turn of the last evolved event */
    gint32 levels_generated;
    gint32 rows_generated;    /* terrain rows laid so far, over all levels */
    gint32 player_acted_turn; /* the last turn in which the player acted */
    gint32 player;            /* creature id of the player, 0 before spawn */
    gint32 creature_count;    /* highest creature id in use */
    CavOutcome outcome;
    char cause[CAV_STR_MAX];
    char player_name[CAV_STR_MAX];
    gint32 deepest; /* deepest level (0-based) the player reached */
    CavLevelTiles tiles[CAV_LEVELS];
    CavCreature creatures[CAV_CREATURES_MAX + 1];
} CavState;

/* A fresh, empty state (before GameStarted). Caller frees with g_free(). */
CavState *state_new(void);

/* Reset @state to the fresh, empty state. */
void state_init(CavState *state);

/* The tile at (z, x, y), TILE_OUTSIDE for anything out of range. */
CavTile state_tile(const CavState *state, gint32 z, gint32 x, gint32 y);

/* The creature with @id, or NULL for 0, out of range or an empty slot. */
const CavCreature *state_creature(const CavState *state, gint32 id);

/* The player creature, or NULL before the player has spawned. */
const CavCreature *state_player(const CavState *state);

/* The living creature standing at (z, x, y), or NULL. */
const CavCreature *state_creature_at(const CavState *state, gint32 z, gint32 x, gint32 y);

/* 64-bit digest of a canonical encoding of the whole state. Two states have
 * the same digest exactly when every field is equal (up to hash collisions). */
guint64 state_digest(const CavState *state);

G_END_DECLS

#endif
