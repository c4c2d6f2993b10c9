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

/* A libtcod map of the window of @radius around (@x, @y) on level @z (in
 * bounds, the caller checked), its field of view computed; *@x0, *@y0: the
 * window's top left corner. */
static TCOD_Map *window_fov(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                            gint32 *x0, gint32 *y0)
{
    gint32 x1 = MIN(CAV_WIDTH - 1, x + radius), y1 = MIN(CAV_HEIGHT - 1, y + radius);
    TCOD_Map *map;

    *x0 = MAX(0, x - radius);
    *y0 = MAX(0, y - radius);
    map = TCOD_map_new(x1 - *x0 + 1, y1 - *y0 + 1);
    /* In bounds: the level's tiles as they are, without state_tile's
     * checks, into the map's cells (the row-major array fov_types.h
     * declares, what TCOD_map_set_properties writes) set directly: a call
     * per cell was a third of the cost. */
    for (gint32 cy = *y0; cy <= y1; cy++)
        for (gint32 cx = *x0; cx <= x1; cx++) {
            struct TCOD_MapCell *cell = &map->cells[(cy - *y0) * map->width + (cx - *x0)];
            cell->transparent = cell->walkable = transparent((CavTile) state->tiles[z][cy][cx]);
        }
    TCOD_map_compute_fov(map, x - *x0, y - *y0, radius, true, FOV_SYMMETRIC_SHADOWCAST);
    return map;
}

static gboolean window_fits(gint32 z, gint32 x, gint32 y, gint32 radius)
{
    return world_in_bounds(x, y) && radius >= 0 && z >= 0 && z < CAV_LEVELS;
}

void fov_compute(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                 guint8 out[CAV_HEIGHT][CAV_WIDTH])
{
    gint32 x0, y0, width, height;
    TCOD_Map *map;

    memset(out, 0, sizeof(guint8) * CAV_HEIGHT * CAV_WIDTH);
    if (!window_fits(z, x, y, radius))
        return;
    map = window_fov(state, z, x, y, radius, &x0, &y0);
    width = TCOD_map_get_width(map);
    height = TCOD_map_get_height(map);
    for (gint32 cy = 0; cy < height; cy++)
        for (gint32 cx = 0; cx < width; cx++)
            out[y0 + cy][x0 + cx] = map->cells[cy * width + cx].fov ? 1 : 0;
    TCOD_map_delete(map);
}

gboolean fov_sees(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius, gint32 tx,
                  gint32 ty)
{
    gint32 x0, y0;
    TCOD_Map *map;
    gboolean seen;

    if (!world_in_bounds(tx, ty) || ABS(tx - x) > radius || ABS(ty - y) > radius ||
        !window_fits(z, x, y, radius))
        return FALSE;
    /* The one cell asked about, not the whole window copied out. */
    map = window_fov(state, z, x, y, radius, &x0, &y0);
    seen = TCOD_map_is_in_fov(map, tx - x0, ty - y0);
    TCOD_map_delete(map);
    return seen;
}
