/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-world-rules.c — the rules of GAME.md marked "changed" that shape the
 * world and the goblins: the start and the exit in level 1's largest region,
 * goblin gear no better than depth allows (over many generated worlds), one
 * item a cell (drops, deaths, throws onto taken cells), "throwable", and the
 * goblins' order of fire and throw before the hunt, even next to the player. */
#include <string.h>

#include "content.h"
#include "game.h"
#include "rules.h"
#include "scenario.h"

#define SEEDS 120

static const CavCreature *creature(Scenario *s, gint32 id)
{
    return state_creature(game_state(s->game), id);
}

static const CavItem *item(Scenario *s, gint32 id)
{
    return state_item(game_state(s->game), id);
}

static Game *started(gint64 seed)
{
    Game *game = game_new(NULL);

    game_track_view(game, FALSE);
    game_start(game, seed, "tester");
    return game;
}

/* ---- the start and the exit ------------------------------------------------ */

typedef gint32 Regions[CAV_HEIGHT][CAV_WIDTH];

static gboolean open_cell(const CavState *state, gint32 x, gint32 y)
{
    CavTile tile = state_tile(state, 0, x, y);

    return tile != TILE_WALL && tile != TILE_OUTSIDE;
}

/* Label level 1's 8-connected open regions 1…n (a flood fill of its own, so
 * the test does not trust the generator's); sizes[id] gets each size. */
static gint32 label(const CavState *state, Regions regions, gint32 *sizes)
{
    g_autofree gint32 *stack = g_new(gint32, CAV_WIDTH * CAV_HEIGHT);
    gint32 n = 0;

    memset(regions, 0, sizeof(Regions));
    for (gint32 start = 0; start < CAV_WIDTH * CAV_HEIGHT; start++) {
        gint32 top = 0;
        if (!open_cell(state, start % CAV_WIDTH, start / CAV_WIDTH) ||
            regions[start / CAV_WIDTH][start % CAV_WIDTH])
            continue;
        regions[start / CAV_WIDTH][start % CAV_WIDTH] = ++n;
        sizes[n] = 0;
        stack[top++] = start;
        while (top > 0) {
            gint32 cell = stack[--top];
            sizes[n]++;
            for (gint32 d = 0; d < 9; d++) {
                gint32 x = cell % CAV_WIDTH + d % 3 - 1, y = cell / CAV_WIDTH + d / 3 - 1;
                if (!open_cell(state, x, y) || regions[y][x])
                    continue;
                regions[y][x] = n;
                stack[top++] = y * CAV_WIDTH + x;
            }
        }
    }
    return n;
}

/* In every generated world the player starts in level 1's largest region and
 * the one stairs-up of level 1 (the exit) lies in that region too. */
static void test_start_in_largest_region(void)
{
    g_autofree Regions *regions = g_new(Regions, 1);
    g_autofree gint32 *sizes = g_new0(gint32, CAV_WIDTH * CAV_HEIGHT + 1);

    for (gint64 seed = 1; seed <= SEEDS; seed++) {
        g_autoptr(GError) error = NULL;
        Game *game = started(seed * 7919);
        const CavState *state = game_state(game);
        const CavCreature *player = state_player(state);
        gint32 n = label(state, *regions, sizes), mine, exits = 0;

        g_assert_nonnull(player);
        g_assert_cmpint(player->z, ==, 0);
        mine = (*regions)[player->y][player->x];
        g_assert_cmpint(mine, >, 0);
        for (gint32 id = 1; id <= n; id++)
            g_assert_cmpint(sizes[id], <=, sizes[mine]);
        for (gint32 y = 0; y < CAV_HEIGHT; y++)
            for (gint32 x = 0; x < CAV_WIDTH; x++) {
                if (state_tile(state, 0, x, y) != TILE_STAIRS_UP)
                    continue;
                exits++;
                g_assert_cmpint((*regions)[y][x], ==, mine);
            }
        g_assert_cmpint(exits, ==, 1);
        game_free(game);
    }
}

/* ---- goblin gear by depth --------------------------------------------------- */

/* Over many worlds, no goblin starts with gear its depth does not allow (a
 * sword from depth 2, chainmail from 3, platemail from 4), every goblin
 * starts with a weapon and an armour, and the deep ones do get the best. */
static void test_goblin_gear_by_depth(void)
{
    static const struct {
        const char *type;
        gint32 from_depth;
    } limits[] = {{"sword", 2}, {"chainmail", 3}, {"platemail", 4}};
    gint32 deep_best[G_N_ELEMENTS(limits)] = {0};

    for (gint64 seed = 1; seed <= SEEDS; seed++) {
        Game *game = started(seed * 104729);
        const CavState *state = game_state(game);
        for (gint32 id = 1; id <= state->creature_count; id++) {
            const CavCreature *c = state_creature(state, id);
            gint32 weapons = 0, armours = 0;
            if (strcmp(c->kind, "goblin") != 0)
                continue;
            for (gint32 i = 1; i <= state->item_count; i++) {
                const CavItem *it = state_item(state, i);
                if (it->holder != id)
                    continue;
                weapons += (it->tags & (1u << CAV_TAG_WEAPON)) != 0;
                armours += (it->tags & (1u << CAV_TAG_ARMOUR)) != 0;
                for (guint k = 0; k < G_N_ELEMENTS(limits); k++) {
                    if (strcmp(it->type, limits[k].type) != 0)
                        continue;
                    g_assert_cmpint(c->z + 1, >=, limits[k].from_depth);
                    deep_best[k]++;
                }
            }
            g_assert_cmpint(weapons, ==, 1);
            g_assert_cmpint(armours, ==, 1);
        }
        game_free(game);
    }
    for (guint k = 0; k < G_N_ELEMENTS(limits); k++)
        g_assert_cmpint(deep_best[k], >, 0);
}

/* The limits are data: items.ini's goblin_from_depth, as GAME.md gives them. */
static void test_gear_depth_is_data(void)
{
    CavContent *content = content_new_builtin();

    g_assert_cmpint(content_item_type(content, "dagger")->goblin_from_depth, ==, 1);
    g_assert_cmpint(content_item_type(content, "sword")->goblin_from_depth, ==, 2);
    g_assert_cmpint(content_item_type(content, "tunic")->goblin_from_depth, ==, 1);
    g_assert_cmpint(content_item_type(content, "chainmail")->goblin_from_depth, ==, 3);
    g_assert_cmpint(content_item_type(content, "platemail")->goblin_from_depth, ==, 4);
    content_free(content);
}

/* ---- one item a cell ----------------------------------------------------------- */

static const char *const room[] = {
    "############", "#..........#", "#..@.......#", "#..........#",
    "#..........#", "############", NULL,
};

static const char *const cell[] = {
    "####",
    "#@.#",
    "####",
    NULL,
};

/* No two items on one cell (a floor stack is one item with a count). */
static void assert_one_item_a_cell(Scenario *s)
{
    const CavState *state = game_state(s->game);

    for (gint32 a = 1; a <= state->item_count; a++) {
        const CavItem *x = state_item(state, a);
        if (x->holder != 0 || x->count <= 0)
            continue;
        for (gint32 b = a + 1; b <= state->item_count; b++) {
            const CavItem *y = state_item(state, b);
            g_assert_false(y->holder == 0 && y->count > 0 && y->z == x->z && y->x == x->x &&
                           y->y == x->y);
        }
    }
}

/* Dropped on a cell that holds an item it does not stack with, an item goes
 * to the nearest free open cell — ring by ring, row by row — and a stack
 * splits there; with no free cell near, the drop is refused. */
static void test_drop_onto_taken_cell(void)
{
    Scenario s;
    gint32 sword, tunic, rocks;

    scenario_setup(&s, room, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    tunic = scenario_item(&s, "tunic", 1, 0, 0, 0, 1);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    scenario_item(&s, "apple", 0, 0, 3, 2, 1);
    ASSERT_PLAY(&s, command_item(CMD_DROP, sword), "dropped(c1 i1 2,1) upkeep(0)");
    ASSERT_PLAY(&s, command_item(CMD_DROP, tunic), "dropped(c1 i2 3,1) upkeep(0)");
    ASSERT_PLAY(&s, command_item(CMD_DROP, rocks), "dropped(c1 i3/i5 4,1) upkeep(0)");
    g_assert_cmpint(item(&s, 5)->count, ==, 1);
    g_assert_cmpint(item(&s, rocks)->count, ==, 2);
    assert_one_item_a_cell(&s);
    scenario_teardown(&s);

    scenario_setup(&s, cell, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    scenario_item(&s, "apple", 0, 0, 1, 1, 1);
    scenario_item(&s, "bread", 0, 0, 2, 1, 1);
    ASSERT_PLAY(&s, command_item(CMD_DROP, sword), "rejected: There is no room to drop it here.");
    g_assert_cmpint(item(&s, sword)->holder, ==, 1);
    scenario_teardown(&s);
}

/* A living drop beside the creature is valid only where the rule puts it:
 * when its own cell is taken, and on the nearest free cell. */
static void test_validate_drop_beside(void)
{
    Scenario s;
    gint32 sword;
    CavEvent e = ev_init(CAV_EVENT_ITEM_DROPPED);

    scenario_setup(&s, room, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    e.actor = 1;
    e.as.ItemDropped = (CavEvItemDropped){.creature = 1, .item = sword, .z = 0, .x = 2, .y = 1};
    scenario_assert_refused(&s, e, TRUE, "cannot land");
    scenario_item(&s, "apple", 0, 0, 3, 2, 1);
    e.as.ItemDropped.x = 4;
    scenario_assert_refused(&s, e, TRUE, "cannot land");
    e.as.ItemDropped.x = 2;
    e.seq = game_state(s.game)->last_seq + 1;
    e.turn = game_state(s.game)->turn + 1;
    e.version = ev_type_version(e.type);
    g_assert_true(game_fold(s.game, &e, NULL));
    g_assert_cmpint(item(&s, sword)->x, ==, 2);
    g_assert_cmpint(item(&s, sword)->y, ==, 1);
    scenario_teardown(&s);
}

/* A goblin killed on a crowded floor leaves its corpse and its gear on the
 * nearest free cells, none on a cell that already holds an item. */
static void test_death_onto_taken_cells(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, room, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 2, 1, 0, 20);
    scenario_item(&s, "sword", goblin, 0, 0, 0, 1);
    scenario_item(&s, "tunic", goblin, 0, 0, 0, 1);
    scenario_item(&s, "rock", goblin, 0, 0, 0, 2);
    scenario_item(&s, "apple", 0, 0, 4, 2, 1);
    scenario_item(&s, "bread", 0, 0, 3, 1, 1);
    scenario_item(&s, "dagger", 0, 0, 4, 1, 1);
    ASSERT_PLAY(&s, command_move(1, 0),
                "attacked(c1>c2 1) died(c2,killed by the player) item(i7 goblin corpse 5,1) "
                "dropped(c2 i1 3,2) dropped(c2 i2 5,2) dropped(c2 i3 3,3) xp(c1 +20) upkeep(0)");
    g_assert_false(creature(&s, goblin)->alive);
    assert_one_item_a_cell(&s);
    scenario_teardown(&s);
}

/* Two creatures that die of one poison tick, side by side: the second one's
 * corpse neither takes the first one's item id nor its cell, and the turn's
 * events pass validation one after the other, as a reader folds them. */
static void test_deaths_of_one_tick(void)
{
    Scenario s;
    gint32 potions;
    g_autofree CavState *copy = NULL;
    const GArray *events;

    scenario_setup(&s, room, NULL);
    /* 4 and 3 hp: the throws take 1 each, then the ticks bring both to 0 together. */
    scenario_spawn(&s, "fungus", 0, 5, 2, 4, 0, 50);
    scenario_spawn(&s, "fungus", 0, 6, 3, 3, 0, 50);
    potions = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    scenario_item(&s, "apple", 0, 0, 6, 3, 1);
    scenario_repeat(&s, command_throw(potions, 5, 2), 1);
    scenario_repeat(&s, command_throw(potions, 6, 3), 1);
    copy = g_memdup2(game_state(s.game), sizeof(CavState));
    scenario_assert_starts(&s, command_simple(CMD_WAIT),
                           "waited(c1) upkeep(0) ticked(0 x2) died(c2,poison) died(c3,poison) "
                           "item(i4 fungus corpse 5,2) ended(e1 c2 its holder died) "
                           "item(i5 fungus corpse 6,2) ended(e2 c3 its holder died)");
    events = game_turn_events(s.game);
    for (guint i = 0; i < events->len; i++) {
        g_autoptr(GError) error = NULL;
        const CavEvent *e = &g_array_index(events, CavEvent, i);
        if (!validate_event(copy, e, &error))
            g_error("event %u of the turn refused: %s", i, error->message);
        evolve(copy, e);
    }
    assert_one_item_a_cell(&s);
    scenario_teardown(&s);
}

/* A throw that stops on a cell holding an item lands on the nearest free
 * one; a missile that misses lies on the last open cell of its line. */
static void test_throw_onto_taken_cell(void)
{
    Scenario s;
    gint32 rocks;

    scenario_setup(&s, room, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    scenario_item(&s, "apple", 0, 0, 10, 2, 1);
    ASSERT_PLAY(&s, command_throw(rocks, 10, 2), "thrown(c1 i1/i3 9,1) upkeep(0)");
    ASSERT_PLAY(&s, command_throw(rocks, 8, 4), "thrown(c1 i1/i4 8,4) upkeep(0)");
    assert_one_item_a_cell(&s);
    scenario_teardown(&s);
}

/* ---- throwable ------------------------------------------------------------------- */

/* GAME.md's definition over every type of the data: a missile, or a weapon
 * whose thrown value is above 1; never food, armour or a potion. */
static void test_throwable_definition(void)
{
    CavContent *content = content_new_builtin();
    const CavItemType *types;
    guint n = content_item_types(content, &types);
    Scenario s;

    scenario_setup(&s, room, NULL);
    for (guint t = 0; t < n; t++) {
        gint32 id = scenario_item(&s, types[t].name, 1, 0, 0, 0, 1);
        const CavItem *it = item(&s, id);
        gboolean never =
            (it->tags & ((1u << CAV_TAG_FOOD) | (1u << CAV_TAG_ARMOUR) | (1u << CAV_TAG_POTION))) !=
            0;
        gboolean expected = !never && (it->features & (1u << CAV_FEATURE_THROW)) &&
                            ((it->tags & (1u << CAV_TAG_MISSILE)) ||
                             ((it->tags & (1u << CAV_TAG_WEAPON)) && it->thrown > 1));
        g_assert_cmpint(rules_throwable(it), ==, expected);
        if (state_pack_used(creature(&s, 1)) >= CAV_PACK_SLOTS - 1) {
            scenario_teardown(&s);
            scenario_setup(&s, room, NULL);
        }
    }
    scenario_teardown(&s);
    g_assert_false(rules_throwable(&(CavItem){.tags = (1u << CAV_TAG_FOOD) | (1u << CAV_TAG_WEAPON),
                                              .features = 1u << CAV_FEATURE_THROW,
                                              .thrown = 5}));
    g_assert_true(rules_throwable(&(CavItem){
        .tags = 1u << CAV_TAG_WEAPON, .features = 1u << CAV_FEATURE_THROW, .thrown = 3}));
    g_assert_false(rules_throwable(&(CavItem){
        .tags = 1u << CAV_TAG_WEAPON, .features = 1u << CAV_FEATURE_THROW, .thrown = 1}));
    content_free(content);
}

/* ---- goblin priorities ------------------------------------------------------------- */

static const char *const hall[] = {
    "######################",
    "#..@.................#",
    "#....................#",
    "######################",
    NULL,
};

/* Next to the player, a goblin with a bow fires it rather than strike. */
static void test_adjacent_goblin_fires(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    scenario_item(&s, "bow", goblin, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) equipped(c2 i1 weapon) upkeep(0)");
    for (gint i = 0; i < 5; i++)
        scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) fired(c2 i1>c1 ");
    scenario_teardown(&s);
}

/* Next to the player, a goblin with a spare rock throws it rather than
 * strike; with nothing left to throw it hunts (strikes). */
static void test_adjacent_goblin_throws(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    scenario_item(&s, "rock", goblin, 0, 0, 0, 1);
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) thrown(c2 i1>c1 ");
    g_assert_cmpint(state_pack_used(creature(&s, goblin)), ==, 0);
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) attacked(c2>c1 ");
    scenario_teardown(&s);
}

/* A goblin carrying only food, spare armour, a spare baguette and a potion
 * (at full hp) never throws any of them: it gears up, then hunts. */
static void test_goblin_never_throws_food_armour_potion(void)
{
    static const char *const carried[] = {"apple",     "bread",  "baguette",        "tunic",
                                          "chainmail", "dagger", "potion of health"};
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 12, 1, -1, -1, -1);
    for (guint i = 0; i < G_N_ELEMENTS(carried); i++)
        scenario_item(&s, carried[i], goblin, 0, 0, 0, 1);
    for (gint turn = 0; turn < 12 && creature(&s, 1)->alive; turn++) {
        g_autofree char *stream = scenario_play(&s, command_simple(CMD_WAIT));
        g_assert_null(strstr(stream, "thrown(c2"));
    }
    g_assert_cmpint(state_pack_used(creature(&s, goblin)), ==, G_N_ELEMENTS(carried));
    g_assert_cmpstr(item(&s, creature(&s, goblin)->weapon)->type, ==, "dagger");
    g_assert_cmpstr(item(&s, creature(&s, goblin)->armour)->type, ==, "chainmail");
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/world-rules/start/largest-region", test_start_in_largest_region);
    g_test_add_func("/world-rules/goblins/gear-by-depth", test_goblin_gear_by_depth);
    g_test_add_func("/world-rules/goblins/gear-depth-is-data", test_gear_depth_is_data);
    g_test_add_func("/world-rules/items/drop-onto-taken", test_drop_onto_taken_cell);
    g_test_add_func("/world-rules/items/validate-drop-beside", test_validate_drop_beside);
    g_test_add_func("/world-rules/items/death-onto-taken", test_death_onto_taken_cells);
    g_test_add_func("/world-rules/items/deaths-of-one-tick", test_deaths_of_one_tick);
    g_test_add_func("/world-rules/items/throw-onto-taken", test_throw_onto_taken_cell);
    g_test_add_func("/world-rules/throwable", test_throwable_definition);
    g_test_add_func("/world-rules/goblins/adjacent-fires", test_adjacent_goblin_fires);
    g_test_add_func("/world-rules/goblins/adjacent-throws", test_adjacent_goblin_throws);
    g_test_add_func("/world-rules/goblins/never-throws-food-armour-potion",
                    test_goblin_never_throws_food_armour_potion);
    return g_test_run();
}
