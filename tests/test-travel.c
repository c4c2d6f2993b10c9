/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-travel.c — the rules of auto-explore, travel and running (travel.h)
 * on hand-made levels: where the way leads, that it never digs, and why a
 * walk stops; and the player's memory of the items last seen on a cell. */
#include <string.h>

#include "scenario.h"
#include "travel.h"

/* Two rooms joined by a gap in the wall; the right one out of sight. */
static const char *const two_rooms[] = {
    "##########################", "#@.......#...............#", "#........#...............#",
    "#........................#", "##########################", NULL,
};

/* A room sealed off by rock from another one. */
static const char *const sealed[] = {
    "####################",
    "#@...#.............#",
    "#....#.............#",
    "####################",
    NULL,
};

/* Two rooms joined by a gap at (4, 2), the player before it; stairs down
 * beyond it. */
static const char *const gap[] = {
    "###########", "#...#.....#", "#..@......#", "#...#..>..#", "###########", NULL,
};

/* A corridor east with a side way south at x = 5 and a wall at its end. */
static const char *const corridor[] = {
    "###########", "#@.......##", "#####.#####", "#####.#####", "###########", NULL,
};

static const CavState *state(Scenario *s)
{
    return game_state(s->game);
}

static const CavView *view(Scenario *s)
{
    return game_view(s->game);
}

static gint count_walls(Scenario *s)
{
    gint walls = 0;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            walls += state_tile(state(s), 0, x, y) == TILE_WALL;
    return walls;
}

/* Whether every open cell of level 0 that the player could walk to (8-way,
 * over floor and stairs) is remembered. */
static gboolean all_reachable_seen(Scenario *s)
{
    gboolean open[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            open[y][x] = state_tile(state(s), 0, x, y) != TILE_WALL &&
                         state_tile(state(s), 0, x, y) != TILE_OUTSIDE;
    /* the test levels are one open region: every open cell is reachable */
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            if (open[y][x] && !view_remembers(view(s), 0, x, y))
                return FALSE;
    return TRUE;
}

/* Auto-explore as the play screen does it, without keys: the stop reason. */
static TravelStop explore(Scenario *s, gint max_steps, gint *steps)
{
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);

    travel_watch_begin(watch, state(s), view(s));
    for (*steps = 0; *steps < max_steps; (*steps)++) {
        gint32 dx, dy;
        TravelStop stop;

        if (!travel_explore_step(state(s), view(s), &dx, &dy))
            return TRAVEL_EXPLORED;
        g_assert_cmpint(MAX(ABS(dx), ABS(dy)), ==, 1);
        g_free(scenario_play(s, command_move(dx, dy)));
        stop = travel_watch_step(watch, state(s), view(s));
        if (stop != TRAVEL_GO)
            return stop;
    }
    return TRAVEL_GO;
}

/* Auto-explore reaches every reachable cell, then says the level is done;
 * no wall was dug on the way. */
static void test_explore_everything(void)
{
    Scenario s;
    gint walls, steps;

    scenario_setup(&s, two_rooms, NULL);
    walls = count_walls(&s);
    g_assert_false(all_reachable_seen(&s));
    g_assert_cmpint(explore(&s, 200, &steps), ==, TRAVEL_EXPLORED);
    g_assert_cmpint(steps, >, 5);
    g_assert_true(all_reachable_seen(&s));
    g_assert_cmpint(count_walls(&s), ==, walls);
    scenario_teardown(&s);
}

/* What lies behind rock is never a goal: exploring never digs. */
static void test_explore_never_digs(void)
{
    Scenario s;
    gint32 dx, dy;

    scenario_setup(&s, sealed, NULL);
    g_assert_false(travel_explore_step(state(&s), view(&s), &dx, &dy));
    g_assert_false(view_remembers(view(&s), 0, 10, 1));
    scenario_teardown(&s);
}

/* A creature coming into view stops the walk and is named; one already in
 * view at the start does not. */
static void test_explore_stops_for_creature(void)
{
    Scenario s;
    gint steps;
    gint32 fungus;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);

    scenario_setup(&s, two_rooms, NULL);
    fungus = scenario_spawn(&s, "fungus", 0, 20, 2, -1, -1, -1);
    g_assert_false(view_sees(view(&s), 0, 20, 2));
    g_assert_cmpint(explore(&s, 200, &steps), ==, TRAVEL_CREATURE);
    g_assert_true(view_sees(view(&s), 0, 20, 2));
    travel_watch_begin(watch, state(&s), view(&s));
    g_assert_cmpint(watch->noticed, ==, 0);
    g_assert_true(watch->creatures[fungus]);
    scenario_teardown(&s);
}

/* Walk back to (1, 1) along known ways, watching. */
static void walk_back(Scenario *s, TravelWatch *watch)
{
    gint32 dx, dy;

    while (travel_step_to(state(s), view(s), 1, 1, &dx, &dy)) {
        g_free(scenario_play(s, command_move(dx, dy)));
        travel_watch_step(watch, state(s), view(s));
    }
}

/* A fungus met on one walk is no news on the next one (fungi never move),
 * nor is its colony's growth, where a watch that never met it stops for it; creatures seen once on
 * a walk stay known on it when they leave view and come back. */
static void test_watch_met(void)
{
    Scenario s;
    gint steps;
    gint32 fungus;
    CavEvent spread = ev_init(CAV_EVENT_FUNGUS_SPREAD);
    gint kept_stops = 0, fresh_stops = 0;
    g_autofree TravelWatch *kept = g_new0(TravelWatch, 1);
    g_autofree TravelWatch *fresh = g_new0(TravelWatch, 1);

    scenario_setup(&s, two_rooms, NULL);
    fungus = scenario_spawn(&s, "fungus", 0, 20, 2, -1, -1, -1);
    travel_watch_begin(kept, state(&s), view(&s));
    for (steps = 0; steps < 200 && !view_sees(view(&s), 0, 20, 2); steps++) {
        gint32 dx, dy;

        g_assert_true(travel_explore_step(state(&s), view(&s), &dx, &dy));
        g_free(scenario_play(&s, command_move(dx, dy)));
        travel_watch_step(kept, state(&s), view(&s));
    }
    g_assert_cmpint(kept->noticed, ==, fungus);
    walk_back(&s, kept);
    g_assert_false(view_sees(view(&s), 0, 20, 2));
    g_assert_true(kept->creatures[fungus]); /* out of view, still known on this walk */
    spread.actor = fungus;
    spread.as.FungusSpread = (CavEvFungusSpread){
        .parent = fungus, .child = fungus + 1, .colony = fungus, .x = 21, .y = 2};
    scenario_fold(&s, spread); /* the colony grows out of sight */
    travel_watch_begin(kept, state(&s), view(&s));
    travel_watch_begin(fresh, state(&s), view(&s));
    for (steps = 0;
         steps < 200 && !(view_sees(view(&s), 0, 20, 2) && view_sees(view(&s), 0, 21, 2));
         steps++) {
        gint32 dx, dy;

        g_assert_true(travel_step_to(state(&s), view(&s), 15, 2, &dx, &dy));
        g_free(scenario_play(&s, command_move(dx, dy)));
        if (travel_watch_step(kept, state(&s), view(&s)) == TRAVEL_CREATURE)
            kept_stops++;
        if (travel_watch_step(fresh, state(&s), view(&s)) == TRAVEL_CREATURE)
            fresh_stops++;
    }
    g_assert_true(view_sees(view(&s), 0, 21, 2));
    g_assert_cmpint(fresh_stops, >=, 1);
    g_assert_cmpint(kept_stops, ==, 0);
    scenario_teardown(&s);
}

/* A goblin next to the player forbids a walk; a fungus (no attack) does
 * not, nor does a goblin two cells away. */
static void test_threat(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, corridor, NULL);
    scenario_spawn(&s, "fungus", 0, 2, 1, -1, -1, -1);
    scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    g_assert_cmpint(travel_threat(state(&s), view(&s)), ==, 0);
    scenario_teardown(&s);
    scenario_setup(&s, corridor, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 2, 1, -1, -1, -1);
    g_assert_cmpint(travel_threat(state(&s), view(&s)), ==, goblin);
    scenario_teardown(&s);
}

/* Losing hp stops a walk. */
static void test_watch_hurt(void)
{
    Scenario s;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);

    scenario_setup(&s, two_rooms, NULL);
    travel_watch_begin(watch, state(&s), view(&s));
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_GO);
    scenario_hurt(&s, state(&s)->player, 3);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_HURT);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_GO);
    scenario_teardown(&s);
}

/* Becoming hungry, then starving, stops a walk; feeling full does not;
 * resting goes on while hp or mana is lacking, but not while starving. */
static void test_watch_hunger_rest(void)
{
    Scenario s;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);
    CavEvent hunger = ev_init(CAV_EVENT_HUNGER_CHANGED);
    const char *const words[] = {"full", "", "hungry", "starving", ""};
    const TravelStop stops[] = {TRAVEL_GO, TRAVEL_GO, TRAVEL_HUNGRIER, TRAVEL_HUNGRIER, TRAVEL_GO};

    scenario_setup(&s, two_rooms, NULL);
    g_assert_cmpint(travel_rest_check(state(&s)), ==, TRAVEL_RESTED);
    travel_watch_begin(watch, state(&s), view(&s));
    hunger.as.HungerChanged.creature = state(&s)->player;
    for (guint i = 0; i < G_N_ELEMENTS(words); i++) {
        EV_SET_STR(hunger.as.HungerChanged.word, words[i]);
        scenario_fold(&s, hunger);
        g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, stops[i]);
    }
    scenario_hurt(&s, state(&s)->player, 3);
    g_assert_cmpint(travel_rest_check(state(&s)), ==, TRAVEL_GO);
    EV_SET_STR(hunger.as.HungerChanged.word, "starving");
    scenario_fold(&s, hunger);
    g_assert_cmpint(travel_rest_check(state(&s)), ==, TRAVEL_STARVING);
    scenario_teardown(&s);
}

/* Travel to (@x, @y), exploring on the way until it is known, watching
 * each step: TRUE when it got there and nothing stopped the walk. */
static gboolean walk_watching(Scenario *s, TravelWatch *watch, gint32 x, gint32 y)
{
    for (gint steps = 0; steps < 200; steps++) {
        const CavCreature *p = state_player(state(s));
        gint32 dx, dy;

        if (p->x == x && p->y == y)
            return TRUE;
        if (!travel_step_to(state(s), view(s), x, y, &dx, &dy) &&
            !travel_explore_step(state(s), view(s), &dx, &dy))
            return FALSE;
        g_free(scenario_play(s, command_move(dx, dy)));
        if (travel_watch_step(watch, state(s), view(s)) != TRAVEL_GO)
            return FALSE;
    }
    return FALSE;
}

/* An item of a kind new on the level stops a walk, named; a second one of
 * a kind already seen there (another rock) does not. */
static void test_watch_items(void)
{
    Scenario s;
    gint steps;
    gint32 sword;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);

    scenario_setup(&s, two_rooms, NULL);
    scenario_item(&s, "rock", 0, 0, 3, 2, 1);
    scenario_item(&s, "rock", 0, 0, 20, 2, 1);
    g_assert_cmpint(explore(&s, 200, &steps), ==, TRAVEL_EXPLORED);
    g_assert_true(view_remembers(view(&s), 0, 20, 2));
    scenario_teardown(&s);

    scenario_setup(&s, two_rooms, NULL);
    sword = scenario_item(&s, "sword", 0, 0, 22, 1, 1);
    travel_watch_begin(watch, state(&s), view(&s));
    for (steps = 0; steps < 200 && !view_sees(view(&s), 0, 22, 1); steps++) {
        gint32 dx, dy;

        g_assert_true(travel_explore_step(state(&s), view(&s), &dx, &dy));
        g_free(scenario_play(&s, command_move(dx, dy)));
        g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==,
                        view_sees(view(&s), 0, 22, 1) ? TRAVEL_ITEM : TRAVEL_GO);
    }
    g_assert_cmpint(watch->noticed, ==, sword);
    g_assert_cmpint(view_remembered_item(view(&s), 0, 22, 1), ==, sword);
    scenario_teardown(&s);

    /* a sword seen when the walk began leaves view and comes back: no news */
    scenario_setup(&s, two_rooms, NULL);
    scenario_item(&s, "sword", 0, 0, 2, 2, 1);
    travel_watch_begin(watch, state(&s), view(&s));
    g_assert_true(walk_watching(&s, watch, 20, 2));
    g_assert_false(view_sees(view(&s), 0, 2, 2));
    g_assert_true(walk_watching(&s, watch, 2, 1));
    g_assert_true(view_sees(view(&s), 0, 2, 2));
    scenario_teardown(&s);
}

/* Travel follows a known way to a remembered cell, around the wall; there
 * is none to a cell never seen or behind a creature in a gap. */
static void test_travel(void)
{
    Scenario s;
    gint32 dx, dy, x, y;
    gint steps = 0;

    scenario_setup(&s, two_rooms, NULL);
    g_assert_false(travel_step_to(state(&s), view(&s), 20, 1, &dx, &dy));
    g_assert_true(view_remembers(view(&s), 0, 8, 3));
    while (travel_step_to(state(&s), view(&s), 8, 3, &dx, &dy) && steps++ < 50)
        g_free(scenario_play(&s, command_move(dx, dy)));
    g_assert_cmpint(state_player(state(&s))->x, ==, 8);
    g_assert_cmpint(state_player(state(&s))->y, ==, 3);
    g_assert_cmpint(steps, ==, 7); /* diagonals: max(7, 2) steps from (1, 1) */
    g_assert_false(travel_nearest_tile(state(&s), view(&s), TILE_STAIRS_DOWN, &x, &y));
    scenario_teardown(&s);

    /* the same way with a creature in the gap: none */
    scenario_setup(&s, gap, NULL);
    g_assert_true(view_remembers(view(&s), 0, 6, 3));
    g_assert_true(travel_step_to(state(&s), view(&s), 6, 3, &dx, &dy));
    g_assert_cmpint(dx, ==, 1);
    g_assert_cmpint(dy, ==, 0);
    g_assert_true(travel_nearest_tile(state(&s), view(&s), TILE_STAIRS_DOWN, &x, &y));
    g_assert_cmpint(x, ==, 7);
    g_assert_cmpint(y, ==, 3);
    scenario_teardown(&s);
    scenario_setup(&s, gap, NULL);
    scenario_spawn(&s, "fungus", 0, 4, 2, -1, -1, -1);
    g_assert_false(travel_step_to(state(&s), view(&s), 6, 3, &dx, &dy));
    g_assert_false(travel_nearest_tile(state(&s), view(&s), TILE_STAIRS_DOWN, &x, &y));
    scenario_teardown(&s);
}

/* Running east along the corridor stops where the side way opens, then at
 * the wall; standing on an item stops it too. */
static void test_run(void)
{
    Scenario s;
    gint32 x;

    scenario_setup(&s, corridor, NULL);
    g_assert_cmpint(travel_run_check(state(&s), view(&s), 1, 0, TRUE), ==, TRAVEL_GO);
    g_assert_cmpint(travel_run_check(state(&s), view(&s), 0, -1, TRUE), ==, TRAVEL_BLOCKED);
    for (x = 2; x <= 5; x++) {
        g_free(scenario_play(&s, command_move(1, 0)));
        g_assert_cmpint(travel_run_check(state(&s), view(&s), 1, 0, FALSE), ==,
                        x == 5 ? TRAVEL_BRANCH : TRAVEL_GO);
    }
    for (x = 6; x <= 8; x++) {
        g_free(scenario_play(&s, command_move(1, 0)));
        g_assert_cmpint(travel_run_check(state(&s), view(&s), 1, 0, FALSE), ==,
                        x == 8 ? TRAVEL_BLOCKED : TRAVEL_GO);
    }
    scenario_teardown(&s);

    scenario_setup(&s, corridor, NULL);
    scenario_item(&s, "rock", 0, 0, 3, 1, 1);
    g_free(scenario_play(&s, command_move(1, 0)));
    g_assert_cmpint(travel_run_check(state(&s), view(&s), 1, 0, FALSE), ==, TRAVEL_GO);
    g_free(scenario_play(&s, command_move(1, 0)));
    g_assert_cmpint(travel_run_check(state(&s), view(&s), 1, 0, FALSE), ==, TRAVEL_UNDERFOOT);
    scenario_teardown(&s);
}

/* The player remembers the item last seen on a cell after it leaves view,
 * and forgets it once they see it gone. */
static void test_remembered_items(void)
{
    Scenario s;
    gint32 rock;
    gint steps = 0;
    gint32 dx, dy;

    scenario_setup(&s, two_rooms, NULL);
    rock = scenario_item(&s, "rock", 0, 0, 2, 2, 1);
    g_assert_cmpint(view_remembered_item(view(&s), 0, 2, 2), ==, rock);
    while (view_sees(view(&s), 0, 2, 2) && steps++ < 120 &&
           travel_explore_step(state(&s), view(&s), &dx, &dy))
        g_free(scenario_play(&s, command_move(dx, dy)));
    g_assert_false(view_sees(view(&s), 0, 2, 2));
    g_assert_cmpint(view_remembered_item(view(&s), 0, 2, 2), ==, rock);
    /* walk back onto it, pick it up: the cell is remembered empty */
    while (travel_step_to(state(&s), view(&s), 2, 2, &dx, &dy) && steps++ < 200)
        g_free(scenario_play(&s, command_move(dx, dy)));
    g_free(scenario_play(&s, command_simple(CMD_PICKUP)));
    g_assert_cmpint(view_remembered_item(view(&s), 0, 2, 2), ==, 0);
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/travel/explore-everything", test_explore_everything);
    g_test_add_func("/travel/explore-never-digs", test_explore_never_digs);
    g_test_add_func("/travel/explore-stops-for-creature", test_explore_stops_for_creature);
    g_test_add_func("/travel/watch-met", test_watch_met);
    g_test_add_func("/travel/threat", test_threat);
    g_test_add_func("/travel/watch-hurt", test_watch_hurt);
    g_test_add_func("/travel/watch-hunger-rest", test_watch_hunger_rest);
    g_test_add_func("/travel/watch-items", test_watch_items);
    g_test_add_func("/travel/travel", test_travel);
    g_test_add_func("/travel/run", test_run);
    g_test_add_func("/travel/remembered-items", test_remembered_items);
    return g_test_run();
}
