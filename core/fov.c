/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fov.c — libtcod field of view over a window around the viewer. Copying just
 * the (2r+1)² window into a libtcod map keeps a computation near 5 µs, cheap
 * enough to run whenever the player moves, inside evolve. */
#include "fov.h"

#include <libtcod/fov.h>
#include <string.h>

static gboolean transparent(CavTile tile)
{
    return tile != TILE_WALL && tile != TILE_OUTSIDE;
}

void fov_compute(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                 guint8 out[CAV_HEIGHT][CAV_WIDTH])
{
    gint32 x0 = MAX(0, x - radius), y0 = MAX(0, y - radius);
    gint32 x1 = MIN(CAV_WIDTH - 1, x + radius), y1 = MIN(CAV_HEIGHT - 1, y + radius);
    gint32 w = x1 - x0 + 1;
    TCOD_Map *map;

    memset(out, 0, sizeof(guint8) * CAV_HEIGHT * CAV_WIDTH);
    if (!world_in_bounds(x, y) || radius < 0 || z < 0 || z >= CAV_LEVELS)
        return;
    /* The window is within the level, so its tiles are read as they are;
     * the map's cells (the row-major array fov_types.h declares, what
     * TCOD_map_set_properties and TCOD_map_is_in_fov write and read) are
     * set and read directly: a call per cell was a third of the cost. */
    map = TCOD_map_new(w, y1 - y0 + 1);
    for (gint32 cy = y0; cy <= y1; cy++)
        for (gint32 cx = x0; cx <= x1; cx++) {
            struct TCOD_MapCell *cell = &map->cells[(cy - y0) * w + (cx - x0)];
            cell->transparent = cell->walkable = transparent((CavTile) state->tiles[z][cy][cx]);
        }
    TCOD_map_compute_fov(map, x - x0, y - y0, radius, true, FOV_SYMMETRIC_SHADOWCAST);
    for (gint32 cy = y0; cy <= y1; cy++)
        for (gint32 cx = x0; cx <= x1; cx++)
            out[cy][cx] = map->cells[(cy - y0) * w + (cx - x0)].fov ? 1 : 0;
    TCOD_map_delete(map);
}

gboolean fov_sees(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius, gint32 tx,
                  gint32 ty)
{
    guint8 view[CAV_HEIGHT][CAV_WIDTH];

    if (!world_in_bounds(tx, ty) || ABS(tx - x) > radius || ABS(ty - y) > radius)
        return FALSE;
    fov_compute(state, z, x, y, radius, view);
    return view[ty][tx] != 0;
}
