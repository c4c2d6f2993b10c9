/* SPDX-License-Identifier: GPL-3.0-or-later */
/* world.c — the cave generator. Each step is its own function, in the order
 * GAME.md lists them: random fill, smoothing, region clean-up, stairs, exit. */
#include "world.h"

#include <string.h>

char world_tile_glyph(CavTile tile)
{
    switch (tile) {
    case TILE_FLOOR:
        return '.';
    case TILE_WALL:
        return '#';
    case TILE_STAIRS_DOWN:
        return '>';
    case TILE_STAIRS_UP:
        return '<';
    case TILE_OUTSIDE:
    default:
        return ' ';
    }
}

gboolean world_tile_from_glyph(char glyph, CavTile *out_tile)
{
    static const CavTile stored[] = {TILE_FLOOR, TILE_WALL, TILE_STAIRS_DOWN, TILE_STAIRS_UP};

    for (guint i = 0; i < G_N_ELEMENTS(stored); i++) {
        if (world_tile_glyph(stored[i]) == glyph) {
            *out_tile = stored[i];
            return TRUE;
        }
    }
    return FALSE;
}

gboolean world_in_bounds(gint32 x, gint32 y)
{
    return x >= 0 && y >= 0 && x < CAV_WIDTH && y < CAV_HEIGHT;
}

static void fill_randomly(CavRng *rng, CavLevelTiles tiles)
{
    for (gint y = 0; y < CAV_HEIGHT; y++)
        for (gint x = 0; x < CAV_WIDTH; x++)
            tiles[y][x] = rng_range(rng, 0, 99) < 50 ? TILE_FLOOR : TILE_WALL;
}

/* A cell becomes floor when floors >= walls in its 3x3 block (itself
 * included), counting only cells inside the map. */
void world_smooth(CavLevelTiles tiles)
{
    CavLevelTiles next;

    for (gint y = 0; y < CAV_HEIGHT; y++) {
        for (gint x = 0; x < CAV_WIDTH; x++) {
            gint floors = 0, walls = 0;
            for (gint dy = -1; dy <= 1; dy++)
                for (gint dx = -1; dx <= 1; dx++) {
                    if (!world_in_bounds(x + dx, y + dy))
                        continue;
                    if (tiles[y + dy][x + dx] == TILE_FLOOR)
                        floors++;
                    else
                        walls++;
                }
            next[y][x] = floors >= walls ? TILE_FLOOR : TILE_WALL;
        }
    }
    memcpy(tiles, next, sizeof next);
}

typedef gint16 RegionMap[CAV_HEIGHT][CAV_WIDTH];

/* Label 8-connected open regions 1…n in row-major discovery order; walls get
 * 0. Returns n. @sizes (may be NULL) receives each region's size at [id]. */
static gint label_regions(CavLevelTiles tiles, RegionMap regions, GArray *sizes)
{
    gint n = 0;
    g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(gint));

    memset(regions, 0, sizeof(RegionMap));
    if (sizes != NULL)
        g_array_set_size(sizes, 1);
    for (gint start = 0; start < CAV_WIDTH * CAV_HEIGHT; start++) {
        gint sx = start % CAV_WIDTH, sy = start / CAV_WIDTH, size = 0;
        if (tiles[sy][sx] == TILE_WALL || regions[sy][sx] != 0)
            continue;
        regions[sy][sx] = (gint16) ++n;
        g_array_append_val(stack, start);
        while (stack->len > 0) {
            gint cell = g_array_index(stack, gint, stack->len - 1);
            g_array_set_size(stack, stack->len - 1);
            size++;
            for (gint dy = -1; dy <= 1; dy++)
                for (gint dx = -1; dx <= 1; dx++) {
                    gint x = cell % CAV_WIDTH + dx, y = cell / CAV_WIDTH + dy;
                    if (!world_in_bounds(x, y) || tiles[y][x] == TILE_WALL || regions[y][x] != 0)
                        continue;
                    regions[y][x] = (gint16) n;
                    gint next = y * CAV_WIDTH + x;
                    g_array_append_val(stack, next);
                }
        }
        if (sizes != NULL)
            g_array_append_val(sizes, size);
    }
    return n;
}

static void fill_small_regions(CavLevelTiles tiles)
{
    RegionMap regions;
    g_autoptr(GArray) sizes = g_array_new(FALSE, FALSE, sizeof(gint));

    label_regions(tiles, regions, sizes);
    for (gint y = 0; y < CAV_HEIGHT; y++)
        for (gint x = 0; x < CAV_WIDTH; x++)
            if (regions[y][x] != 0 && g_array_index(sizes, gint, regions[y][x]) < WORLD_MIN_REGION)
                tiles[y][x] = TILE_WALL;
}

/* Overlapping open cells of one region on z and one on z+1. */
typedef struct {
    gint upper, lower;
    GArray *cells; /* of gint, y * CAV_WIDTH + x, in row-major order */
} Overlap;

static void overlap_clear(gpointer data)
{
    g_array_unref(((Overlap *) data)->cells);
}

/* The overlaps of levels @upper and @lower, in order of first overlapping cell. */
static GArray *find_overlaps(CavLevelTiles upper, CavLevelTiles lower)
{
    RegionMap up_regions, low_regions;
    GArray *overlaps = g_array_new(FALSE, FALSE, sizeof(Overlap));
    g_autoptr(GHashTable) index = g_hash_table_new(g_direct_hash, g_direct_equal);

    g_array_set_clear_func(overlaps, overlap_clear);
    label_regions(upper, up_regions, NULL);
    label_regions(lower, low_regions, NULL);
    for (gint cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++) {
        gint a = up_regions[cell / CAV_WIDTH][cell % CAV_WIDTH];
        gint b = low_regions[cell / CAV_WIDTH][cell % CAV_WIDTH];
        if (a == 0 || b == 0)
            continue;
        gpointer key = GINT_TO_POINTER((a << 16) | b);
        gpointer slot;
        if (!g_hash_table_lookup_extended(index, key, NULL, &slot)) {
            Overlap fresh = {
                .upper = a, .lower = b, .cells = g_array_new(FALSE, FALSE, sizeof(gint))};
            slot = GUINT_TO_POINTER(overlaps->len);
            g_array_append_val(overlaps, fresh);
            g_hash_table_insert(index, key, slot);
        }
        g_array_append_val(g_array_index(overlaps, Overlap, GPOINTER_TO_UINT(slot)).cells, cell);
    }
    return overlaps;
}

/* Place 1 + n/250 stair pairs on distinct cells of each overlap, skipping
 * cells that already hold stairs on either level. */
static void place_stairs(CavRng *rng, CavLevelTiles upper, CavLevelTiles lower)
{
    g_autoptr(GArray) overlaps = find_overlaps(upper, lower);

    for (guint i = 0; i < overlaps->len; i++) {
        GArray *cells = g_array_index(overlaps, Overlap, i).cells;
        gint wanted = 1 + (gint) cells->len / WORLD_CELLS_PER_EXTRA_STAIR;
        guint free_cells = 0;
        /* Keep only cells free on both levels (the upper one may already
         * hold stairs up from the level above it). */
        for (guint k = 0; k < cells->len; k++) {
            gint cell = g_array_index(cells, gint, k);
            if (upper[cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR &&
                lower[cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR)
                g_array_index(cells, gint, free_cells++) = cell;
        }
        /* A partial Fisher-Yates shuffle picks @wanted distinct cells. */
        for (gint k = 0; k < wanted && (guint) k < free_cells; k++) {
            gint pick = rng_range(rng, k, (gint) free_cells - 1);
            gint cell = g_array_index(cells, gint, pick);
            g_array_index(cells, gint, pick) = g_array_index(cells, gint, k);
            g_array_index(cells, gint, k) = cell;
            upper[cell / CAV_WIDTH][cell % CAV_WIDTH] = TILE_STAIRS_DOWN;
            lower[cell / CAV_WIDTH][cell % CAV_WIDTH] = TILE_STAIRS_UP;
        }
    }
}

void world_largest_region(CavLevelTiles tiles, guint8 mask[CAV_HEIGHT][CAV_WIDTH])
{
    RegionMap regions;
    g_autoptr(GArray) sizes = g_array_new(FALSE, FALSE, sizeof(gint));
    gint n = label_regions(tiles, regions, sizes), largest = 0;

    /* Ties go to the region found first in row-major order. */
    for (gint id = 1; id <= n; id++)
        if (largest == 0 || g_array_index(sizes, gint, id) > g_array_index(sizes, gint, largest))
            largest = id;
    for (gint y = 0; y < CAV_HEIGHT; y++)
        for (gint x = 0; x < CAV_WIDTH; x++)
            mask[y][x] = largest != 0 && regions[y][x] == largest;
}

/* The exit: a random plain floor cell of level 1's largest region, where the
 * player starts too (GAME.md "World"). */
static void place_exit(CavRng *rng, CavLevelTiles top)
{
    guint8 region[CAV_HEIGHT][CAV_WIDTH];
    gint floors = 0, pick;

    world_largest_region(top, region);
    for (gint cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++)
        floors += top[cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR &&
                  region[cell / CAV_WIDTH][cell % CAV_WIDTH];
    if (floors == 0)
        return;
    pick = rng_range(rng, 0, floors - 1);
    for (gint cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++) {
        if (top[cell / CAV_WIDTH][cell % CAV_WIDTH] != TILE_FLOOR ||
            !region[cell / CAV_WIDTH][cell % CAV_WIDTH])
            continue;
        if (pick-- == 0) {
            top[cell / CAV_WIDTH][cell % CAV_WIDTH] = TILE_STAIRS_UP;
            return;
        }
    }
}

void world_generate(CavRng *rng, CavLevelTiles levels[CAV_LEVELS])
{
    g_return_if_fail(rng != NULL && levels != NULL);
    for (gint z = 0; z < CAV_LEVELS; z++) {
        fill_randomly(rng, levels[z]);
        for (gint pass = 0; pass < WORLD_SMOOTH_PASSES; pass++)
            world_smooth(levels[z]);
        fill_small_regions(levels[z]);
    }
    for (gint z = 0; z + 1 < CAV_LEVELS; z++)
        place_stairs(rng, levels[z], levels[z + 1]);
    place_exit(rng, levels[0]);
}
