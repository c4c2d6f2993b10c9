/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-ask.c — the questions a sighted player answers with a glance, asked
 * in words: where am I, what do I see (with direction and distance), where
 * are the nearest stairs and unexplored place, what do I carry, what works
 * on me, and the map around me (walls and openings each way). Each answers
 * from the state and the player's view only: what the player could know. */
#include "text-private.h"

#include <stdlib.h>

#include "messages.h"

/* How far "around" looks each way. */
#define TEXT_AROUND_REACH 8

static const char *text_compass(gint32 dx, gint32 dy)
{
    static const char *const words[3][3] = {
        {"north-west", "north", "north-east"},
        {"west", "here", "east"},
        {"south-west", "south", "south-east"},
    };

    return words[CLAMP(dy, -1, 1) + 1][CLAMP(dx, -1, 1) + 1];
}

void text_ask_direction(gint32 dx, gint32 dy, GString *out)
{
    if (dx == 0 && dy == 0)
        g_string_append(out, "here");
    else if (dx == 0 || dy == 0 || abs(dx) == abs(dy))
        g_string_append_printf(out, "%d %s", MAX(abs(dx), abs(dy)), text_compass(dx, dy));
    else
        g_string_append_printf(out, "%d %s, %d %s", abs(dy), text_compass(0, dy), abs(dx),
                               text_compass(dx, 0));
}

void text_ask_creature(const CavState *state, const CavCreature *creature, GString *out)
{
    const CavCreature *player = state_player(state);
    const CavItem *weapon = state_item(state, creature->weapon);
    const CavItem *armour = state_item(state, creature->armour);

    g_string_append_printf(out, "%s %s, ", messages_indefinite(creature->kind), creature->kind);
    text_ask_direction(creature->x - player->x, creature->y - player->y, out);
    g_string_append_printf(out, ", %s", messages_health_words(creature->hp, creature->max_hp));
    if (weapon != NULL) {
        g_string_append(out, ", wields ");
        messages_item_name(state, weapon, 1, MESSAGES_A, out);
    }
    if (armour != NULL) {
        g_string_append(out, ", wears ");
        messages_item_name(state, armour, 1, MESSAGES_A, out);
    }
}

/* What lies on the player's cell and what the cell is, appended. */
static void text_ask_underfoot(const CavState *state, const CavCreature *player, GString *out)
{
    const CavItem *item = state_item_at(state, player->z, player->x, player->y);
    CavTile tile = state_tile(state, player->z, player->x, player->y);

    if (tile == TILE_STAIRS_DOWN)
        g_string_append(out, " You stand on stairs down.");
    else if (tile == TILE_STAIRS_UP)
        g_string_append(out, player->z == 0 ? " You stand on the way out of the caves."
                                            : " You stand on stairs up.");
    if (item != NULL) {
        g_string_append(out, " Here lies ");
        messages_item_name(state, item, item->count, MESSAGES_A, out);
        g_string_append_c(out, '.');
    }
}

void text_ask_where(Text *text)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GString) line = g_string_new(NULL);

    g_string_append_printf(line, "Depth %d, at x %d, y %d.", player->z + 1, player->x, player->y);
    text_ask_underfoot(text->state, player, line);
    text_say(text, line->str);
}

/* Order creature ids by their distance in @data (indexed by id). */
static gint text_ask_nearer(gconstpointer a, gconstpointer b, gpointer data)
{
    const gint32 *distance = data;

    return distance[*(const gint32 *) a] - distance[*(const gint32 *) b];
}

GArray *text_menu_targets(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(gint32));
    g_autofree gint32 *distance = g_new0(gint32, CAV_CREATURES_MAX + 1);

    for (gint32 id = 1; player != NULL && id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);

        if (c == NULL || !c->alive || id == player->id || c->z != player->z ||
            !view_sees(view, c->z, c->x, c->y))
            continue;
        distance[id] = MAX(abs(c->x - player->x), abs(c->y - player->y));
        g_array_append_val(ids, id);
    }
    g_array_sort_with_data(ids, text_ask_nearer, distance);
    return ids;
}

/* The items the player sees lying, nearest first: item ids. */
static GArray *text_ask_items_seen(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(gint32));

    for (gint32 r = 0; r < MAX(CAV_WIDTH, CAV_HEIGHT); r++)
        for (gint32 y = player->y - r; y <= player->y + r; y++)
            for (gint32 x = player->x - r; x <= player->x + r; x++) {
                const CavItem *item;
                if (MAX(abs(x - player->x), abs(y - player->y)) != r ||
                    !view_sees(view, player->z, x, y))
                    continue;
                item = state_item_at(state, player->z, x, y);
                if (item != NULL)
                    g_array_append_val(ids, item->id);
            }
    return ids;
}

/* At most this many places are said for items of one name. */
#define TEXT_SEE_PLACES 3

/* The items seen, one line for all of a name, nearest first: "A dagger, 5
 * north." "Rocks, 1 south-west; 2 east; 3 south; and 4 more." */
static void text_ask_items_said(Text *text, const CavCreature *player, GArray *items)
{
    g_autoptr(GHashTable) said = g_hash_table_new(g_str_hash, g_str_equal);

    for (guint i = 0; i < items->len; i++) {
        const CavItem *item = state_item(text->state, g_array_index(items, gint32, i));
        g_autoptr(GString) line = g_string_new(NULL);
        guint same = 0;

        if (g_hash_table_contains(said, item->name))
            continue;
        g_hash_table_add(said, (gpointer) item->name);
        for (guint j = i; j < items->len; j++)
            same += g_str_equal(state_item(text->state, g_array_index(items, gint32, j))->name,
                                item->name);
        if (same > 1)
            messages_plural(item->name, line);
        else
            messages_item_name(text->state, item, item->count, MESSAGES_A, line);
        for (guint j = i, told = 0; j < items->len && told < TEXT_SEE_PLACES; j++) {
            const CavItem *other = state_item(text->state, g_array_index(items, gint32, j));
            if (!g_str_equal(other->name, item->name))
                continue;
            g_string_append(line, told++ == 0 ? ", " : "; ");
            text_ask_direction(other->x - player->x, other->y - player->y, line);
        }
        if (same > TEXT_SEE_PLACES)
            g_string_append_printf(line, "; and %u more", same - TEXT_SEE_PLACES);
        g_string_append_c(line, '.');
        line->str[0] = g_ascii_toupper(line->str[0]);
        text_say(text, line->str);
    }
}

void text_ask_see(Text *text)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GArray) creatures = text_menu_targets(text->state, text->sight);
    g_autoptr(GArray) items = text_ask_items_seen(text->state, text->sight);

    if (creatures->len == 0)
        text_say(text, "You see no creature.");
    for (guint i = 0; i < creatures->len; i++) {
        g_autoptr(GString) line = g_string_new(NULL);
        text_ask_creature(text->state,
                          state_creature(text->state, g_array_index(creatures, gint32, i)), line);
        g_string_append_c(line, '.');
        line->str[0] = g_ascii_toupper(line->str[0]);
        text_say(text, line->str);
    }
    if (items->len == 0)
        text_say(text, "You see no item.");
    text_ask_items_said(text, player, items);
}

/* ---- stairs: distances by the known ways -------------------------------- */

/* Steps from the player to each cell of their level by known ways (-1: no
 * known way). Caller frees. */
static gint32 *text_ask_steps(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);
    gint32 *steps = g_new(gint32, CAV_WIDTH * CAV_HEIGHT);
    g_autoptr(GQueue) queue = g_queue_new();

    for (gint i = 0; i < CAV_WIDTH * CAV_HEIGHT; i++)
        steps[i] = -1;
    steps[player->y * CAV_WIDTH + player->x] = 0;
    g_queue_push_tail(queue, GINT_TO_POINTER(player->y * CAV_WIDTH + player->x));
    while (!g_queue_is_empty(queue)) {
        gint at = GPOINTER_TO_INT(g_queue_pop_head(queue));
        gint32 x = at % CAV_WIDTH, y = at / CAV_WIDTH;
        for (gint32 dy = -1; dy <= 1; dy++)
            for (gint32 dx = -1; dx <= 1; dx++) {
                gint32 nx = x + dx, ny = y + dy;
                if (!world_in_bounds(nx, ny) || steps[ny * CAV_WIDTH + nx] >= 0 ||
                    !travel_walkable(state, view, player->z, nx, ny))
                    continue;
                steps[ny * CAV_WIDTH + nx] = steps[at] + 1;
                g_queue_push_tail(queue, GINT_TO_POINTER(ny * CAV_WIDTH + nx));
            }
    }
    return steps;
}

/* Whether (@x, @y) borders a cell of level @z the player never saw. */
static gboolean text_ask_borders_unknown(const CavView *view, gint32 z, gint32 x, gint32 y)
{
    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++)
            if (world_in_bounds(x + dx, y + dy) && !view_remembers(view, z, x + dx, y + dy))
                return TRUE;
    return FALSE;
}

/* The nearest cell by known ways that is @tile (or, for TILE_OUTSIDE,
 * borders the unknown) in *@x, *@y, with its steps; -1 when none. */
static gint32 text_ask_nearest(const CavState *state, const CavView *view, const gint32 *steps,
                               CavTile tile, gint32 *x, gint32 *y)
{
    const CavCreature *player = state_player(state);
    gint32 best = -1;

    for (gint32 cy = 0; cy < CAV_HEIGHT; cy++)
        for (gint32 cx = 0; cx < CAV_WIDTH; cx++) {
            gint32 n = steps[cy * CAV_WIDTH + cx];
            gboolean fits = tile == TILE_OUTSIDE
                                ? n > 0 && text_ask_borders_unknown(view, player->z, cx, cy)
                                : state_tile(state, player->z, cx, cy) == tile;
            if (n < 0 || !fits || (best >= 0 && n >= best))
                continue;
            best = n;
            *x = cx;
            *y = cy;
        }
    return best;
}

gboolean text_ask_place(const CavState *state, const CavView *view, CavTile tile, gint32 *x,
                        gint32 *y)
{
    g_autofree gint32 *steps = text_ask_steps(state, view);

    return text_ask_nearest(state, view, steps, tile, x, y) >= 0;
}

/* "Stairs down: 12 south-east, 14 steps." or that none is known. */
static void text_ask_one(Text *text, const gint32 *steps, CavTile tile, const char *name)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GString) line = g_string_new(NULL);
    gint32 x = 0, y = 0;
    gint32 n = text_ask_nearest(text->state, text->sight, steps, tile, &x, &y);

    g_string_append_printf(line, "%c%s: ", g_ascii_toupper(name[0]), name + 1);
    if (n < 0) {
        g_string_append(line, "none known.");
    } else {
        text_ask_direction(x - player->x, y - player->y, line);
        g_string_append(line, ", ");
        messages_count(n, "step", line);
        g_string_append_c(line, '.');
    }
    text_say(text, line->str);
}

void text_ask_stairs(Text *text)
{
    const CavCreature *player = state_player(text->state);
    g_autofree gint32 *steps = text_ask_steps(text->state, text->sight);

    text_ask_one(text, steps, TILE_STAIRS_DOWN, "stairs down");
    text_ask_one(text, steps, TILE_STAIRS_UP, player->z == 0 ? "the way out" : "stairs up");
    text_ask_one(text, steps, TILE_OUTSIDE, "unexplored place");
}

/* ---- around: each way from the player ----------------------------------- */

/* What lies @dx, @dy of the player: "North: 3 open, then rock." said; a
 * way closed at once by rock is added to @closed instead. */
static void text_ask_way(Text *text, gint32 dx, gint32 dy, GString *closed)
{
    const CavCreature *player = state_player(text->state);
    g_autoptr(GString) line = g_string_new(NULL);
    const char *end = "more beyond";
    gint32 open = 0;

    for (gint32 n = 1; n <= TEXT_AROUND_REACH; n++) {
        gint32 x = player->x + dx * n, y = player->y + dy * n;
        CavTile tile = state_tile(text->state, player->z, x, y);
        const CavCreature *c = state_creature_at(text->state, player->z, x, y);

        if (!view_remembers(text->sight, player->z, x, y)) {
            end = "unknown";
            break;
        }
        if (tile == TILE_WALL || tile == TILE_OUTSIDE) {
            end = "rock";
            break;
        }
        if (c != NULL && view_sees(text->sight, player->z, x, y)) {
            end = c->kind;
            break;
        }
        open++;
        if (tile == TILE_STAIRS_DOWN || tile == TILE_STAIRS_UP) {
            end = tile == TILE_STAIRS_DOWN ? "stairs down" : "stairs up";
            break;
        }
    }
    if (open == 0 && g_str_equal(end, "rock")) {
        g_string_append_printf(closed, "%s%s", closed->len > 0 ? ", " : "", text_compass(dx, dy));
        return;
    }
    g_string_append_printf(line, "%c%s: %d open, then %s.",
                           g_ascii_toupper(text_compass(dx, dy)[0]), text_compass(dx, dy) + 1, open,
                           end);
    text_say(text, line->str);
}

void text_ask_around(Text *text)
{
    static const gint32 ways[8][2] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                      {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};
    g_autoptr(GString) closed = g_string_new(NULL);

    for (gsize i = 0; i < G_N_ELEMENTS(ways); i++)
        text_ask_way(text, ways[i][0], ways[i][1], closed);
    if (closed->len > 0) {
        g_string_prepend(closed, "Rock at once: ");
        g_string_append_c(closed, '.');
        text_say(text, closed->str);
    }
}

/* ---- the pack and the effects ------------------------------------------- */

void text_ask_pack(Text *text)
{
    const CavCreature *player = state_player(text->state);
    guint told = 0;

    for (int slot = 0; slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(text->state, player->pack[slot]);
        g_autoptr(GString) line = g_string_new(NULL);

        if (item == NULL || item->count <= 0)
            continue;
        messages_item_name(text->state, item, item->count, MESSAGES_A, line);
        if (player->weapon == item->id)
            g_string_append(line, ", wielded");
        else if (player->armour == item->id)
            g_string_append(line, ", worn");
        g_string_append_c(line, '.');
        line->str[0] = g_ascii_toupper(line->str[0]);
        text_say(text, line->str);
        told++;
    }
    if (told == 0)
        text_say(text, "You carry nothing.");
}

void text_ask_effects(Text *text)
{
    const CavCreature *player = state_player(text->state);
    guint told = 0;

    for (gint32 id = 1; id <= text->state->effect_count; id++) {
        const CavEffect *effect = state_effect(text->state, id);
        g_autoptr(GString) line = g_string_new(NULL);

        if (effect == NULL || !effect->active || effect->creature != player->id)
            continue;
        g_string_append_printf(line, "%s, ", effect->name);
        messages_count(effect->remaining, "turn", line);
        g_string_append(line, " left.");
        text_say(text, line->str);
        told++;
    }
    if (told == 0)
        text_say(text, "Nothing works on you.");
}
