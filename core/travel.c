/* SPDX-License-Identifier: GPL-3.0-or-later */
/* travel.c — ways by the player's memory (breadth-first over remembered,
 * walkable cells, 8-connected as moves are) and the stop rules of
 * auto-explore, travel, running and resting: what is new to the player on
 * their level, and which blows strike them. */
#include "travel.h"

#include "messages.h"

#include <string.h>

/* Decides whether cell (@x, @y) is where the search ends. */
typedef gboolean (*TravelGoal)(const CavState *state, const CavView *view, gint32 x, gint32 y,
                               gconstpointer data);

typedef struct {
    gint32 x, y;
} TravelCell;

gboolean travel_walkable(const CavState *state, const CavView *view, gint32 z, gint32 x, gint32 y)
{
    const CavCreature *there;
    CavTile tile;

    if (!view_remembers(view, z, x, y))
        return FALSE;
    tile = state_tile(state, z, x, y);
    if (tile != TILE_FLOOR && tile != TILE_STAIRS_DOWN && tile != TILE_STAIRS_UP)
        return FALSE;
    there = state_creature_at(state, z, x, y);
    return there == NULL || there->id == state->player || !view_sees(view, z, x, y);
}

/* Follow @from (each cell's predecessor, as y * CAV_WIDTH + x) back from
 * @goal to the player's cell @start: the first step's direction. */
static void travel_first_step(const gint32 *from, gint32 start, gint32 goal, gint32 *dx, gint32 *dy)
{
    gint32 cell = goal;

    while (from[cell] != start)
        cell = from[cell];
    *dx = cell % CAV_WIDTH - start % CAV_WIDTH;
    *dy = cell / CAV_WIDTH - start / CAV_WIDTH;
}

/* Whether the player could walk onto (@z, @x, @y) if no creature stood in
 * the way: a remembered floor or stairs cell. */
static gboolean travel_walkable_through(const CavState *state, const CavView *view, gint32 z,
                                        gint32 x, gint32 y)
{
    CavTile tile = state_tile(state, z, x, y);

    return view_remembers(view, z, x, y) &&
           (tile == TILE_FLOOR || tile == TILE_STAIRS_DOWN || tile == TILE_STAIRS_UP);
}

/* Breadth-first from the player over walkable cells (with @through, also
 * over cells where a creature is seen) to the nearest cell (not the
 * player's own) that @goal accepts. Fills @from with each reached cell's
 * predecessor (as y * CAV_WIDTH + x; -1: not reached) and returns the cell
 * found, or -1. Neighbours are tried in a fixed order, so the way is the
 * same for the same knowledge. */
static gint32 travel_breadth(const CavState *state, const CavView *view, TravelGoal goal,
                             gconstpointer data, gboolean through, gint32 *from)
{
    const CavCreature *player = state_player(state);
    g_autofree gint32 *queue = g_new(gint32, CAV_WIDTH * CAV_HEIGHT);
    gint32 start = player->y * CAV_WIDTH + player->x, head = 0, tail = 0;

    for (gint32 i = 0; i < CAV_WIDTH * CAV_HEIGHT; i++)
        from[i] = -1;
    from[start] = start;
    queue[tail++] = start;
    while (head < tail) {
        gint32 cell = queue[head++], cx = cell % CAV_WIDTH, cy = cell / CAV_WIDTH;

        if (cell != start && goal(state, view, cx, cy, data))
            return cell;
        for (gint32 ny = cy - 1; ny <= cy + 1; ny++)
            for (gint32 nx = cx - 1; nx <= cx + 1; nx++) {
                gint32 next = ny * CAV_WIDTH + nx;

                if (!world_in_bounds(nx, ny) || from[next] >= 0 ||
                    !(travel_walkable(state, view, player->z, nx, ny) ||
                      (through && travel_walkable_through(state, view, player->z, nx, ny))))
                    continue;
                from[next] = cell;
                queue[tail++] = next;
            }
    }
    return -1;
}

/* Whether the player is alive on a cell of the map (searches start there). */
static gboolean travel_can_search(const CavState *state)
{
    const CavCreature *player = state_player(state);

    return player != NULL && player->alive && world_in_bounds(player->x, player->y);
}

/* The nearest cell that @goal accepts by a way over walkable cells: its
 * first step in *@dx, *@dy, the cell in *@found. */
static gboolean travel_search(const CavState *state, const CavView *view, TravelGoal goal,
                              gconstpointer data, gint32 *dx, gint32 *dy, TravelCell *found)
{
    const CavCreature *player = state_player(state);
    g_autofree gint32 *from = NULL;
    gint32 cell;

    if (!travel_can_search(state))
        return FALSE;
    from = g_new(gint32, CAV_WIDTH * CAV_HEIGHT);
    cell = travel_breadth(state, view, goal, data, FALSE, from);
    if (cell < 0)
        return FALSE;
    travel_first_step(from, player->y * CAV_WIDTH + player->x, cell, dx, dy);
    *found = (TravelCell){.x = cell % CAV_WIDTH, .y = cell / CAV_WIDTH};
    return TRUE;
}

/* A cell bordering one the player has never seen. */
static gboolean travel_is_frontier(const CavState *state, const CavView *view, gint32 x, gint32 y,
                                   G_GNUC_UNUSED gconstpointer data)
{
    gint32 z = state_player(state)->z;

    for (gint32 ny = y - 1; ny <= y + 1; ny++)
        for (gint32 nx = x - 1; nx <= x + 1; nx++)
            if (world_in_bounds(nx, ny) && !view_remembers(view, z, nx, ny))
                return TRUE;
    return FALSE;
}

gboolean travel_explore_step(const CavState *state, const CavView *view, gint32 *dx, gint32 *dy)
{
    TravelCell found;

    g_return_val_if_fail(state != NULL && view != NULL && dx != NULL && dy != NULL, FALSE);
    return travel_search(state, view, travel_is_frontier, NULL, dx, dy, &found);
}

/* The living creatures the player sees on the way @from leads back from
 * @cell to the player: the nearest in *@first, how many in all, and
 * whether they are all of its kind. */
static gint travel_blockers(const CavState *state, const CavView *view, const gint32 *from,
                            gint32 cell, const CavCreature **first, gboolean *one_kind)
{
    const CavCreature *player = state_player(state);
    gint32 start = player->y * CAV_WIDTH + player->x;
    gint count = 0;

    *first = NULL;
    for (; cell != start; cell = from[cell]) {
        const CavCreature *c =
            state_creature_at(state, player->z, cell % CAV_WIDTH, cell / CAV_WIDTH);

        if (c == NULL || c->id == state->player || !view_sees(view, c->z, c->x, c->y))
            continue;
        *one_kind = *first == NULL || (*one_kind && strcmp((*first)->kind, c->kind) == 0);
        *first = c; /* walking back: the last one met is the nearest */
        count++;
    }
    return count;
}

void travel_explored_words(const CavState *state, const CavView *view, GString *out)
{
    g_autofree gint32 *from = g_new(gint32, CAV_WIDTH * CAV_HEIGHT);
    const CavCreature *first = NULL;
    gboolean one_kind = TRUE;
    gint32 cell;
    gint count;

    g_return_if_fail(state != NULL && view != NULL && out != NULL);
    cell = travel_can_search(state)
               ? travel_breadth(state, view, travel_is_frontier, NULL, TRUE, from)
               : -1;
    count = cell < 0 ? 0 : travel_blockers(state, view, from, cell, &first, &one_kind);
    if (count == 0) {
        g_string_append(out, travel_stop_text(TRAVEL_EXPLORED));
    } else if (count > 1 && one_kind) {
        g_autofree char *kinds = NULL;
        g_autoptr(GString) plural = g_string_new(NULL);

        messages_plural(first->kind, plural);
        kinds = messages_capitalised(plural->str);
        g_string_append_printf(out, "%s block the way on.", kinds);
    } else {
        g_autofree char *one =
            g_strdup_printf("%s %s", messages_indefinite(first->kind), first->kind);
        g_autofree char *said = messages_capitalised(one);

        g_string_append_printf(out, "%s blocks the way on.", said);
    }
}

static gboolean travel_is_cell(G_GNUC_UNUSED const CavState *state,
                               G_GNUC_UNUSED const CavView *view, gint32 x, gint32 y,
                               gconstpointer data)
{
    const TravelCell *cell = data;

    return cell->x == x && cell->y == y;
}

gboolean travel_step_to(const CavState *state, const CavView *view, gint32 x, gint32 y, gint32 *dx,
                        gint32 *dy)
{
    TravelCell target = {.x = x, .y = y}, found;

    g_return_val_if_fail(state != NULL && view != NULL && dx != NULL && dy != NULL, FALSE);
    return travel_search(state, view, travel_is_cell, &target, dx, dy, &found);
}

static gboolean travel_is_tile(const CavState *state, G_GNUC_UNUSED const CavView *view, gint32 x,
                               gint32 y, gconstpointer data)
{
    return state_tile(state, state_player(state)->z, x, y) == *(const CavTile *) data;
}

gboolean travel_nearest_tile(const CavState *state, const CavView *view, CavTile tile, gint32 *x,
                             gint32 *y)
{
    const CavCreature *player;
    TravelCell found;
    gint32 dx, dy;

    g_return_val_if_fail(state != NULL && view != NULL && x != NULL && y != NULL, FALSE);
    player = state_player(state);
    if (player != NULL && state_tile(state, player->z, player->x, player->y) == tile) {
        *x = player->x;
        *y = player->y;
        return TRUE;
    }
    if (!travel_search(state, view, travel_is_tile, &tile, &dx, &dy, &found))
        return FALSE;
    *x = found.x;
    *y = found.y;
    return TRUE;
}

gint32 travel_threat(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);

    g_return_val_if_fail(state != NULL && view != NULL, 0);
    for (gint32 dy = -1; player != NULL && dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            const CavCreature *c =
                state_creature_at(state, player->z, player->x + dx, player->y + dy);

            if (c != NULL && c != player && c->alive && view_sees(view, c->z, c->x, c->y) &&
                state_attack(state, c) > 0)
                return c->id;
        }
    return 0;
}

/* Fill @watch's sets with what the player perceives now. */
static void travel_watch_fill(TravelWatch *watch, const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);

    memset(watch->creatures, 0, sizeof watch->creatures);
    memset(watch->items, 0, sizeof watch->items);
    g_strlcpy(watch->hunger, player != NULL ? player->hunger : "", sizeof watch->hunger);
    watch->noticed = 0;
    watch->struck = 0;
    if (player == NULL)
        return;
    for (gint32 id = 1; id <= state->creature_count && id <= CAV_CREATURES_MAX; id++) {
        const CavCreature *c = state_creature(state, id);

        if (c != NULL && c->alive && id != state->player && c->z == player->z &&
            view_sees(view, c->z, c->x, c->y))
            watch->creatures[id] = 1;
    }
    for (gint32 id = 1; id <= state->item_count && id <= CAV_ITEMS_MAX; id++) {
        const CavItem *item = state_item(state, id);

        if (item != NULL && item->count > 0 && item->holder == 0 && item->z == player->z &&
            view_sees(view, item->z, item->x, item->y))
            watch->items[id] = 1;
    }
}

/* The bit of @watch->met for the player's level. */
static guint8 travel_level_bit(const CavState *state)
{
    const CavCreature *player = state_player(state);

    return player != NULL ? (guint8) (1u << CLAMP(player->z, 0, CAV_LEVELS - 1)) : 0;
}

/* Whatever is in view (or has been on this walk) is met on this level. */
static void travel_watch_meet(TravelWatch *watch, const CavState *state)
{
    guint8 bit = travel_level_bit(state);

    for (gsize id = 0; id < G_N_ELEMENTS(watch->met); id++)
        if (watch->creatures[id])
            watch->met[id] |= bit;
}

void travel_watch_begin(TravelWatch *watch, const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);

    g_return_if_fail(watch != NULL && state != NULL && view != NULL);
    travel_watch_fill(watch, state, view);
    travel_watch_meet(watch, state);
    /* what the player remembers lying about is no news either */
    for (gint32 y = 0; player != NULL && y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            watch->items[view_remembered_item(view, player->z, x, y)] = 1;
    watch->items[0] = 0;
}

void travel_watch_see(TravelWatch *watch, const CavState *state, const CavView *view)
{
    g_autofree TravelWatch *now = NULL;

    g_return_if_fail(watch != NULL && state != NULL && view != NULL);
    now = g_new0(TravelWatch, 1);
    travel_watch_fill(now, state, view);
    travel_watch_meet(now, state);
    for (gsize id = 0; id < G_N_ELEMENTS(watch->met); id++)
        watch->met[id] |= now->met[id];
}

/* Whether the effect that took hold (@started) hurts its holder, at once or
 * turn by turn. */
static gboolean travel_effect_harms(const CavEvEffectStarted *started)
{
    return started->hp < 0 || (started->turn_hp < 0 && started->turn_chance > 0);
}

/* The creature whose blow @event is when it hits the player (melee, thrown
 * or fired), else 0. */
static gint32 travel_blow_by(const CavState *state, const CavEvent *event)
{
    if (event->type == CAV_EVENT_CREATURE_ATTACKED &&
        event->as.CreatureAttacked.target == state->player)
        return event->as.CreatureAttacked.creature;
    if (event->type == CAV_EVENT_ITEM_THROWN && event->as.ItemThrown.target == state->player)
        return event->as.ItemThrown.creature;
    if (event->type == CAV_EVENT_SHOT_FIRED && event->as.ShotFired.target == state->player)
        return event->as.ShotFired.creature;
    return 0;
}

void travel_watch_event(TravelWatch *watch, const CavState *state, const CavEvent *event)
{
    gint32 striker;

    g_return_if_fail(watch != NULL && state != NULL && event != NULL);
    striker = travel_blow_by(state, event);
    if (striker != 0)
        watch->struck = striker;
    else if (event->type == CAV_EVENT_EFFECT_STARTED && watch->struck == 0 &&
             event->as.EffectStarted.creature == state->player &&
             travel_effect_harms(&event->as.EffectStarted))
        watch->struck = -1;
    /* an effect's tick (EffectApplied), hunger, anything else: no blow */
}

/* Whether the player remembers, on their level, another item of the kind
 * of @item (its type) than @item itself: rocks seen once stop no walk. */
static gboolean travel_kind_known(const CavState *state, const CavView *view, const CavItem *item)
{
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++) {
            const CavItem *other = state_item(state, view_remembered_item(view, item->z, x, y));

            if (other != NULL && other->id != item->id && g_str_equal(other->type, item->type))
                return TRUE;
        }
    return FALSE;
}

/* The first item in @now and not in @before whose kind the player does not
 * know on this level yet, or 0. */
static gint32 travel_first_new_kind(const guint8 *before, const guint8 *now, const CavState *state,
                                    const CavView *view)
{
    for (gint32 id = 1; id <= CAV_ITEMS_MAX; id++)
        if (now[id] && !before[id] && !travel_kind_known(state, view, state_item(state, id)))
            return id;
    return 0;
}

/* Whether @c is a fungus of a colony the player has met on this level
 * (fungi never move and a colony's new growth is more of the same). */
static gboolean travel_colony_met(const TravelWatch *watch, const CavState *state,
                                  const CavCreature *c)
{
    guint8 bit = travel_level_bit(state);

    if (c == NULL || c->behaviour != CAV_BEHAVIOUR_FUNGUS)
        return FALSE;
    for (gint32 id = 1; id <= state->creature_count && id <= CAV_CREATURES_MAX; id++) {
        const CavCreature *met = state_creature(state, id);

        if ((watch->met[id] & bit) && met != NULL && met->colony == c->colony)
            return TRUE;
    }
    return FALSE;
}

/* The first creature in view now that is news: not met on this level, on
 * this walk or before, nor a fungus of a colony met there. 0 for none. */
static gint32 travel_first_new_creature(const TravelWatch *before, const TravelWatch *now,
                                        const CavState *state)
{
    guint8 bit = travel_level_bit(state);

    for (gint32 id = 1; id <= CAV_CREATURES_MAX; id++)
        if (now->creatures[id] && !(before->met[id] & bit) &&
            !travel_colony_met(before, state, state_creature(state, id)))
            return id;
    return 0;
}

/* Whether the hunger word @now is worse than @before: "hungry" after
 * none, "full" or "stuffed", and "starving" after anything else. */
static gboolean travel_hungrier(const char *before, const char *now)
{
    if (strcmp(now, "starving") == 0)
        return strcmp(before, "starving") != 0;
    return strcmp(now, "hungry") == 0 && strcmp(before, "hungry") != 0 &&
           strcmp(before, "starving") != 0;
}

TravelStop travel_watch_step(TravelWatch *watch, const CavState *state, const CavView *view)
{
    g_autofree TravelWatch *now = g_new(TravelWatch, 1);
    TravelStop stop = TRAVEL_GO;
    gint32 creature, item;

    g_return_val_if_fail(watch != NULL && state != NULL && view != NULL, TRAVEL_GO);
    travel_watch_fill(now, state, view);
    creature = travel_first_new_creature(watch, now, state);
    item = travel_first_new_kind(watch->items, now->items, state, view);
    now->noticed = creature != 0 ? creature : item;
    /* what was seen once on this walk stays known when it leaves view */
    for (gsize id = 0; id < G_N_ELEMENTS(now->items); id++)
        now->items[id] |= watch->items[id];
    for (gsize id = 0; id < G_N_ELEMENTS(now->creatures); id++)
        now->creatures[id] |= watch->creatures[id];
    memcpy(now->met, watch->met, sizeof now->met);
    travel_watch_meet(now, state);
    if (watch->struck != 0) {
        stop = TRAVEL_HURT;
        now->noticed = MAX(watch->struck, 0);
    } else if (travel_hungrier(watch->hunger, now->hunger)) {
        stop = TRAVEL_HUNGRIER;
    } else if (creature != 0) {
        stop = TRAVEL_CREATURE;
    } else if (item != 0) {
        stop = TRAVEL_ITEM;
    }
    *watch = *now;
    return stop;
}

/* Whether the cell @dx, @dy from (@x, @y) is open (walkable) for a run. */
static gboolean travel_open(const CavState *state, const CavView *view, gint32 z, gint32 x,
                            gint32 y, gint32 dx, gint32 dy)
{
    return travel_walkable(state, view, z, x + dx, y + dy);
}

TravelStop travel_run_check(const CavState *state, const CavView *view, gint32 dx, gint32 dy,
                            gboolean first)
{
    const CavCreature *p = state_player(state);
    CavTile here;

    g_return_val_if_fail(state != NULL && view != NULL, TRAVEL_BLOCKED);
    if (p == NULL || !p->alive)
        return TRAVEL_BLOCKED;
    here = state_tile(state, p->z, p->x, p->y);
    if (!first && (state_item_at(state, p->z, p->x, p->y) != NULL || here == TILE_STAIRS_DOWN ||
                   here == TILE_STAIRS_UP))
        return TRAVEL_UNDERFOOT;
    /* the sides: the way turned a quarter left (dy, -dx) and right (-dy, dx) */
    if (!first && ((travel_open(state, view, p->z, p->x, p->y, dy, -dx) &&
                    !travel_open(state, view, p->z, p->x - dx, p->y - dy, dy, -dx)) ||
                   (travel_open(state, view, p->z, p->x, p->y, -dy, dx) &&
                    !travel_open(state, view, p->z, p->x - dx, p->y - dy, -dy, dx))))
        return TRAVEL_BRANCH;
    if (!travel_open(state, view, p->z, p->x, p->y, dx, dy))
        return TRAVEL_BLOCKED;
    return TRAVEL_GO;
}

TravelStop travel_rest_check(const CavState *state)
{
    const CavCreature *p = state_player(state);

    g_return_val_if_fail(state != NULL, TRAVEL_RESTED);
    if (p == NULL || !p->alive || (p->hp >= p->max_hp && p->mana >= p->max_mana))
        return TRAVEL_RESTED;
    return strcmp(p->hunger, "starving") == 0 ? TRAVEL_STARVING : TRAVEL_GO;
}

const char *travel_stop_text(TravelStop stop)
{
    switch (stop) {
    case TRAVEL_EXPLORED:
        return "Nothing left to explore here that you can reach.";
    case TRAVEL_NO_WAY:
        return "You know no way there.";
    case TRAVEL_HURT:
        return "You stop: you are hurt.";
    case TRAVEL_CREATURE:
        return "You stop: something comes into view.";
    case TRAVEL_ITEM:
        return "You stop: you spot something.";
    case TRAVEL_RESTED:
        return "You are rested.";
    case TRAVEL_STARVING:
        return "You are too hungry to rest: eat something first.";
    case TRAVEL_GO:
    case TRAVEL_ARRIVED:
    case TRAVEL_UNDERFOOT:
    case TRAVEL_BLOCKED:
    case TRAVEL_BRANCH:
    case TRAVEL_HUNGRIER: /* the hunger message says it */
    default:
        return NULL;
    }
}

/* How many cells of level @z the player remembers. */
static gint remembered_cells(const CavView *view, gint32 z)
{
    gint known = 0;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            known += view_remembers(view, z, x, y);
    return known;
}

gboolean travel_going_round(const CavState *state, const CavView *view, guint8 *been, gint *known)
{
    const CavCreature *player = state_player(state);
    gint now;
    guint8 *here;

    g_return_val_if_fail(player != NULL && view != NULL && been != NULL && known != NULL, FALSE);
    now = remembered_cells(view, player->z);
    here = &been[player->y * CAV_WIDTH + player->x];
    if (now > *known)
        memset(been, 0, CAV_WIDTH * CAV_HEIGHT);
    *known = now;
    if (*here)
        return TRUE;
    *here = 1;
    return FALSE;
}
