/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-target.c — the cursor over the map that looking (`;`), throwing (`t`),
 * firing (`f`) and casting (`r`) share: moved with the movement keys or from
 * creature to creature with Tab, the message line saying what lies under it.
 * Throwing and firing also draw the line a missile would fly, stopping where
 * the rules' flight would stop, and pick only a cell the rules let the player
 * aim at; casting picks a creature in view, the player included. */
#include "tui-private.h"

#include "rules.h"
#include "travel.h"

typedef struct {
    const char *hint; /* the keys, at the end of the message line */
    const char *verb; /* "throw", "fire"; NULL for looking */
    int key;          /* the key that opened it, which also picks */
} TuiAimSpec;

static const TuiAimSpec tui_aims[] = {
    [TUI_AIM_LOOK] = {.hint = "(Tab next creature, _ travel there, Esc ends)", .key = ';'},
    [TUI_AIM_THROW] = {.hint = "Enter to throw, Tab next target, Esc cancel",
                       .verb = "throw",
                       .key = 't'},
    [TUI_AIM_FIRE] = {.hint = "Enter to fire, Tab next target, Esc cancel",
                      .verb = "fire",
                      .key = 'f'},
    [TUI_AIM_CAST] = {.hint = "Enter to cast, Tab next creature, Esc cancel",
                      .verb = "cast",
                      .key = 'r'},
    [TUI_AIM_CAST_AWAY] = {.hint = "Enter to cast, Tab next creature, Esc cancel",
                           .verb = "cast",
                           .key = 'r'},
    [TUI_AIM_TRAVEL] = {.hint = "Enter travels there, < > stairs, * next item, Esc cancel",
                        .verb = "travel",
                        .key = '_'},
};

/* Whether @aim picks a creature to cast at rather than a cell to shoot at. */
static gboolean tui_aim_casts(TuiAim aim)
{
    return aim == TUI_AIM_CAST || aim == TUI_AIM_CAST_AWAY;
}

typedef struct {
    const CavState *state;
    const CavView *sight;
    TuiViewport *viewport; /* follows the cursor */
    const CavCreature *player;
    TuiAim aim;
    gint32 x, y;         /* the cell under the cursor */
    const char *refusal; /* why the last pick was refused, until the next key */
    GArray *creatures;   /* ids of the creatures in view on screen, nearest first */
    GArray *items;       /* travel: cells (y * CAV_WIDTH + x) of the items remembered on the
                          * level, nearest first; NULL until '*' is first pressed */
    guint next_item;     /* the one '*' jumps to next */
} TuiCursor;

/* ---- the creatures in view ---------------------------------------------- */

static gint32 tui_target_distance(const CavCreature *from, const CavCreature *to)
{
    gint32 dx = to->x - from->x, dy = to->y - from->y;

    return dx * dx + dy * dy;
}

static gint tui_target_nearer(gconstpointer a, gconstpointer b, gpointer data)
{
    const TuiCursor *cursor = data;
    const CavCreature *first = state_creature(cursor->state, *(const gint32 *) a);
    const CavCreature *second = state_creature(cursor->state, *(const gint32 *) b);
    gint32 by_distance =
        tui_target_distance(cursor->player, first) - tui_target_distance(cursor->player, second);

    return by_distance != 0 ? by_distance : first->id - second->id;
}

/* The living creatures other than the player (or, casting, with the player)
 * that the player sees and that are on screen, nearest first (ties by id). */
static GArray *tui_target_creatures(TuiCursor *cursor)
{
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(gint32));
    TuiLayout layout;

    tui_draw_layout(&layout);
    for (gint32 id = 1; id <= cursor->state->creature_count; id++) {
        const CavCreature *creature = state_creature(cursor->state, id);
        int row, col;

        if (creature == NULL || !creature->alive ||
            (id == cursor->state->player && !tui_aim_casts(cursor->aim)) ||
            creature->z != cursor->player->z ||
            !view_sees(cursor->sight, creature->z, creature->x, creature->y) ||
            !tui_draw_cell_at(cursor->viewport, &layout, creature->x, creature->y, &row, &col))
            continue;
        g_array_append_val(ids, id);
    }
    g_array_sort_with_data(ids, tui_target_nearer, cursor);
    return ids;
}

/* Move the cursor to the next (@step 1) or previous (-1) creature in view
 * after the one under it; to the nearest when it is on none. */
static void tui_target_cycle(TuiCursor *cursor, int step)
{
    gint n = (gint) cursor->creatures->len, next = 0;
    const CavCreature *creature;

    if (n == 0)
        return;
    for (gint i = 0; i < n; i++) {
        creature = state_creature(cursor->state, g_array_index(cursor->creatures, gint32, i));
        if (creature->x == cursor->x && creature->y == cursor->y)
            next = (i + step + n) % n;
    }
    creature = state_creature(cursor->state, g_array_index(cursor->creatures, gint32, next));
    cursor->x = creature->x;
    cursor->y = creature->y;
}

/* ---- the line of flight ------------------------------------------------- */

/* The attributes of the line and of what it would hit. */
static attr_t tui_target_highlight(void)
{
    return tui_screen_colour("bright red");
}

const char *tui_target_here(const CavState *state, const CavCreature *player)
{
    g_return_val_if_fail(state != NULL && player != NULL, NULL);
    switch (state_tile(state, player->z, player->x, player->y)) {
    case TILE_STAIRS_DOWN:
        return "You are on the stairs down: > takes them.";
    case TILE_STAIRS_UP:
        return player->z == 0 ? "You are on the stairs up, the way out: < takes them."
                              : "You are on the stairs up: < takes them.";
    case TILE_FLOOR:
    case TILE_WALL:
    case TILE_OUTSIDE:
    default:
        return "You are there already.";
    }
}

/* Whether the cursor's cell is one the player may aim at; else why not. */
static const char *tui_target_refusal(const TuiCursor *cursor)
{
    const CavCreature *there;

    if (cursor->aim == TUI_AIM_TRAVEL && cursor->x == cursor->player->x &&
        cursor->y == cursor->player->y)
        return tui_target_here(cursor->state, cursor->player);
    if (cursor->aim == TUI_AIM_TRAVEL)
        return view_remembers(cursor->sight, cursor->player->z, cursor->x, cursor->y)
                   ? NULL
                   : "You do not know that place.";

    if (tui_aim_casts(cursor->aim)) {
        there = state_creature_at(cursor->state, cursor->player->z, cursor->x, cursor->y);
        if (there == cursor->player)
            return NULL;
        if (there == NULL || !view_sees(cursor->sight, there->z, there->x, there->y) ||
            !rules_can_aim(cursor->state, cursor->player, cursor->x, cursor->y))
            return "There is no one there you can see to cast it on.";
        return NULL;
    }
    if (cursor->x == cursor->player->x && cursor->y == cursor->player->y)
        return "Aim at something other than yourself.";
    if (!rules_can_aim(cursor->state, cursor->player, cursor->x, cursor->y))
        return "You cannot see there.";
    return NULL;
}

/* Walk the line from the player to the cursor as rules_flight() does: each
 * cell past the player up to the cursor's gets a '*' until a wall stops it
 * (before the wall) or a creature the player sees does (on it, highlighted).
 * Returns that creature, or NULL. */
static const CavCreature *tui_target_draw_line(const TuiCursor *cursor, const TuiLayout *layout)
{
    gint32 z = cursor->player->z, x, y;
    attr_t highlight = tui_target_highlight();
    CavLine line;

    rules_line_begin(&line, cursor->player->x, cursor->player->y, cursor->x, cursor->y);
    while (rules_line_next(&line, &x, &y)) {
        const CavCreature *there;
        CavTile tile;
        int row, col;

        tile = state_tile(cursor->state, z, x, y);
        if (tile == TILE_WALL || tile == TILE_OUTSIDE ||
            !tui_draw_cell_at(cursor->viewport, layout, x, y, &row, &col))
            return NULL;
        there = state_creature_at(cursor->state, z, x, y);
        if (there != NULL && view_sees(cursor->sight, z, x, y)) {
            mvchgat(row, col, 1, (highlight & ~A_COLOR) | A_REVERSE, PAIR_NUMBER(highlight), NULL);
            return there;
        }
        if (x != cursor->x || y != cursor->y)
            mvaddch(row, col, (chtype) '*' | highlight);
    }
    return NULL;
}

/* ---- drawing ------------------------------------------------------------ */

/* What the message line says: the refusal, or what is under the cursor (and
 * what a missile would hit first on the way there). */
static void tui_target_text(const TuiCursor *cursor, const CavCreature *hit, GString *out)
{
    if (cursor->refusal != NULL) {
        g_string_append(out, cursor->refusal);
        return;
    }
    tui_look_describe(cursor->state, cursor->sight, cursor->viewport->z, cursor->x, cursor->y, out);
    if (hit != NULL && (hit->x != cursor->x || hit->y != cursor->y))
        g_string_append_printf(out, " The %s is in the way.", hit->kind);
}

static void tui_target_draw(const TuiCursor *cursor)
{
    g_autoptr(GString) text = g_string_new(NULL);
    const CavCreature *hit = NULL;
    TuiLayout layout;
    int row, col;

    tui_draw_layout(&layout);
    if ((cursor->aim == TUI_AIM_THROW || cursor->aim == TUI_AIM_FIRE) &&
        tui_target_refusal(cursor) == NULL)
        hit = tui_target_draw_line(cursor, &layout);
    tui_target_text(cursor, hit, text);
    tui_draw_message_rows(&layout, text->str, tui_aims[cursor->aim].hint);
    if (tui_draw_cell_at(cursor->viewport, &layout, cursor->x, cursor->y, &row, &col))
        mvchgat(row, col, 1, A_REVERSE, 0, NULL);
}

/* ---- keys --------------------------------------------------------------- */

/* Whether @key picks the cell under the cursor (aiming) or ends looking. */
static gboolean tui_target_picks(TuiAim aim, int key)
{
    if (key == '\r' || key == '\n' || key == KEY_ENTER || key == tui_aims[aim].key)
        return TRUE;
    return aim == TUI_AIM_LOOK ? key == 'q' : key == '.';
}

/* Move the cursor by movement key @key, staying on the map (the viewport
 * scrolls after it). */
static void tui_target_move(TuiCursor *cursor, int key)
{
    gint32 dx, dy;

    if (tui_keys_direction(key, &dx, &dy) && world_in_bounds(cursor->x + dx, cursor->y + dy)) {
        cursor->x += dx;
        cursor->y += dy;
    }
}

/* Where the cursor starts: on the nearest creature in view when throwing,
 * firing or casting away, else (or when there is none) on the player. */
static void tui_target_start(TuiCursor *cursor)
{
    cursor->x = cursor->player->x;
    cursor->y = cursor->player->y;
    cursor->creatures = tui_target_creatures(cursor);
    if (cursor->aim != TUI_AIM_LOOK && cursor->aim != TUI_AIM_CAST && cursor->aim != TUI_AIM_TRAVEL)
        tui_target_cycle(cursor, 1);
}

/* Travelling: put the cursor on the nearest stairs of @tile the player
 * knows a way to; FALSE (and the message line says so) when there are none,
 * or when the player stands on them (then it says which key takes them). */
static gboolean tui_target_stairs(TuiCursor *cursor, CavTile tile)
{
    gint32 x, y;

    if (!travel_nearest_tile(cursor->state, cursor->sight, tile, &x, &y)) {
        cursor->refusal = tile == TILE_STAIRS_UP ? "You know no way to stairs up."
                                                 : "You know no way to stairs down.";
        return FALSE;
    }
    cursor->x = x;
    cursor->y = y;
    cursor->refusal = tui_target_refusal(cursor);
    return cursor->refusal == NULL;
}

/* Steps (as a king moves) from the player to the cell @cell (y * CAV_WIDTH + x). */
static gint32 tui_target_steps_to(const CavCreature *player, gint32 cell)
{
    return MAX(ABS(cell % CAV_WIDTH - player->x), ABS(cell / CAV_WIDTH - player->y));
}

static gint tui_target_cell_nearer(gconstpointer a, gconstpointer b, gpointer data)
{
    gint32 ca = *(const gint32 *) a, cb = *(const gint32 *) b;
    gint32 da = tui_target_steps_to(data, ca), db = tui_target_steps_to(data, cb);

    return da != db ? (da < db ? -1 : 1) : (ca < cb ? -1 : ca > cb);
}

/* The cells of the items the player remembers on their level, but the one
 * they stand on, nearest first. */
static GArray *tui_target_item_cells(const TuiCursor *cursor)
{
    GArray *cells = g_array_new(FALSE, FALSE, sizeof(gint32));
    const CavCreature *player = cursor->player;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++) {
            gint32 cell = y * CAV_WIDTH + x;

            if (view_remembered_item(cursor->sight, player->z, x, y) != 0 &&
                (x != player->x || y != player->y))
                g_array_append_val(cells, cell);
        }
    g_array_sort_with_data(cells, tui_target_cell_nearer, (gpointer) player);
    return cells;
}

/* Travelling: put the cursor on the next item the player remembers on the
 * level, nearest first, round again after the farthest; the message line
 * says so when they remember none. */
static void tui_target_next_item(TuiCursor *cursor)
{
    gint32 cell;

    if (cursor->items == NULL)
        cursor->items = tui_target_item_cells(cursor);
    if (cursor->items->len == 0) {
        cursor->refusal = "You know of no item on this level.";
        return;
    }
    cell = g_array_index(cursor->items, gint32, cursor->next_item % cursor->items->len);
    cursor->next_item++;
    cursor->x = cell % CAV_WIDTH;
    cursor->y = cell / CAV_WIDTH;
}

/* Draw the screen with the viewport following the cursor. */
static void tui_target_frame(const TuiCursor *cursor, TuiBackdrop backdrop, gpointer data)
{
    cursor->viewport->focused = TRUE;
    cursor->viewport->focus_x = cursor->x;
    cursor->viewport->focus_y = cursor->y;
    backdrop(data);
    if (tui_screen_big_enough())
        tui_target_draw(cursor);
    refresh();
}

gboolean tui_target(const CavState *state, const CavView *sight, TuiViewport *viewport, TuiAim aim,
                    TuiBackdrop backdrop, gpointer data, gint32 *x, gint32 *y)
{
    TuiCursor cursor = {.state = state, .sight = sight, .viewport = viewport, .aim = aim};
    TuiViewport before = *viewport;
    gboolean picked = FALSE;

    g_return_val_if_fail(state != NULL && sight != NULL && viewport != NULL, FALSE);
    g_return_val_if_fail(backdrop != NULL && x != NULL && y != NULL, FALSE);
    g_return_val_if_fail(aim < G_N_ELEMENTS(tui_aims), FALSE);
    cursor.player = state_player(state);
    if (cursor.player == NULL)
        return FALSE;
    tui_target_start(&cursor);
    for (;;) {
        int key;

        tui_target_frame(&cursor, backdrop, data);
        key = tui_screen_read_key();
        cursor.refusal = NULL;
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            break;
        if (aim == TUI_AIM_LOOK && key == '_') {
            cursor.aim = TUI_AIM_TRAVEL;
            cursor.refusal = tui_target_refusal(&cursor);
            cursor.aim = TUI_AIM_LOOK;
            picked = cursor.refusal == NULL;
            if (picked)
                break;
        } else if (aim == TUI_AIM_TRAVEL && (key == '<' || key == '>')) {
            picked = tui_target_stairs(&cursor, key == '<' ? TILE_STAIRS_UP : TILE_STAIRS_DOWN);
            /* the stairs underfoot: the cursor closes on the player's cell,
             * so that the next key (the one that takes them) is play's */
            picked = picked || (cursor.x == cursor.player->x && cursor.y == cursor.player->y);
            if (picked)
                break;
        } else if (aim == TUI_AIM_TRAVEL && key == '*') {
            tui_target_next_item(&cursor);
        } else if (tui_target_picks(aim, key)) {
            cursor.refusal = aim == TUI_AIM_LOOK ? NULL : tui_target_refusal(&cursor);
            picked = aim != TUI_AIM_LOOK && cursor.refusal == NULL;
            if (aim == TUI_AIM_LOOK || picked)
                break;
        } else if (key == '\t' || key == KEY_BTAB) {
            tui_target_cycle(&cursor, key == '\t' ? 1 : -1);
        } else {
            tui_target_move(&cursor, key);
        }
    }
    g_array_unref(cursor.creatures);
    g_clear_pointer(&cursor.items, g_array_unref);
    *viewport = before; /* back to where the player was */
    *x = cursor.x;
    *y = cursor.y;
    return picked;
}
