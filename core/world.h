/* SPDX-License-Identifier: GPL-3.0-or-later */
/* world.h — cave terrain: tile kinds, their glyphs, and level generation as
 * GAME.md "World" specifies (cellular automaton, small regions filled, stairs
 * wherever regions of neighbouring levels overlap, one exit on level 1). */
#ifndef CAV_CORE_WORLD_H
#define CAV_CORE_WORLD_H

#include <glib.h>

#include "rng.h"

G_BEGIN_DECLS

#define CAV_LEVELS 5
#define CAV_WIDTH 90
#define CAV_HEIGHT 32

typedef enum {
    TILE_OUTSIDE = 0, /* any out-of-range lookup; never stored in a level */
    TILE_FLOOR,
    TILE_WALL,
    TILE_STAIRS_DOWN,
    TILE_STAIRS_UP,
} CavTile;

typedef guint8 CavLevelTiles[CAV_HEIGHT][CAV_WIDTH];

/* The glyph a tile is recorded and drawn with ('.', '#', '>', '<'). */
char world_tile_glyph(CavTile tile);

/* The tile for a recorded glyph; FALSE for anything else (a tampered row). */
gboolean world_tile_from_glyph(char glyph, CavTile *out_tile);

gboolean world_in_bounds(gint32 x, gint32 y);

/* Generate all levels from @rng into @levels (CAV_LEVELS of them). Pure: the
 * same rng position always yields the same world. */
void world_generate(CavRng *rng, CavLevelTiles levels[CAV_LEVELS]);

/* Mark in @mask the cells of @tiles' largest 8-connected open region (stairs
 * are open); of regions of one size, the first found in row-major order. All
 * zero when the level has no open cell. */
void world_largest_region(CavLevelTiles tiles, guint8 mask[CAV_HEIGHT][CAV_WIDTH]);

/* One smoothing pass: a cell becomes floor when floors >= walls in its 3x3
 * block (itself included), counting only cells inside the map; else wall.
 * Exposed so tests can check the rule on its own. */
void world_smooth(CavLevelTiles tiles);

/* Tunable numbers of the generator, exposed for tests. */
#define WORLD_SMOOTH_PASSES 8
#define WORLD_MIN_REGION 25
#define WORLD_CELLS_PER_EXTRA_STAIR 250

G_END_DECLS

#endif
