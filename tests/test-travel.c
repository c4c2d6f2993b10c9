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

/* A corridor that turns south behind the cell (6, 1), out of the player's
 * sight round the bend. */
static const char *const bend[] = {
    "##########", "#@.....###", "######.###", "#######.##", "########.#", "##########", NULL,
};

/* When only creatures the player sees stand on the way on, exploring says
 * what blocks it, not that nothing is left: one by name, several of a kind
 * in the plural. */
static void test_explore_blocked_by_creatures(void)
{
    g_autoptr(GString) one = g_string_new(NULL);
    g_autoptr(GString) two = g_string_new(NULL);
    g_autoptr(GString) free_way = g_string_new(NULL);
    Scenario s;
    gint32 dx, dy;

    scenario_setup(&s, bend, NULL);
    g_assert_true(travel_explore_step(state(&s), view(&s), &dx, &dy)); /* the way is open */
    travel_explored_words(state(&s), view(&s), free_way);
    g_assert_cmpstr(free_way->str, ==, "Nothing left to explore here that you can reach.");
    scenario_spawn(&s, "fungus", 0, 5, 1, -1, -1, -1);
    g_assert_false(travel_explore_step(state(&s), view(&s), &dx, &dy));
    travel_explored_words(state(&s), view(&s), one);
    g_assert_cmpstr(one->str, ==, "A fungus blocks the way on.");
    scenario_spawn(&s, "fungus", 0, 4, 1, -1, -1, -1);
    travel_explored_words(state(&s), view(&s), two);
    g_assert_cmpstr(two->str, ==, "Fungi block the way on.");
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
    scenario_begin_turn(&s);
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

/* A room; in the wall east of it, a pocket whose one open neighbour
 * (10, 1) a fungus fills, for a bat at (11, 1) that can never leave it. */
static const char *const pocket[] = {
    "##############", "#@..........##", "#.........####", "##############", NULL,
};

/* Travel to (@x, @y), a step at a time, offering each step to the
 * @n_watches @watches; @stops[i] counts the walk's stops for a creature by
 * watch i, and @noticed[i] is set when one of them was for @id. */
static void walk_met(Scenario *s, gint32 x, gint32 y, TravelWatch **watches, guint n_watches,
                     gint *stops, gboolean *noticed, gint32 id)
{
    gint32 dx, dy;

    for (gint steps = 0; steps < 50 && travel_step_to(state(s), view(s), x, y, &dx, &dy); steps++) {
        g_free(scenario_play(s, command_move(dx, dy)));
        for (guint i = 0; i < n_watches; i++) {
            if (travel_watch_step(watches[i], state(s), view(s)) != TRAVEL_CREATURE)
                continue;
            stops[i]++;
            noticed[i] = noticed[i] || watches[i]->noticed == id;
        }
    }
    g_assert_cmpint(state_player(state(s))->x, ==, x);
    g_assert_cmpint(state_player(state(s))->y, ==, y);
}

/* A bat met on this level, on a walk or between walks, stops no later walk
 * when it comes into view again; a watch that never met it stops for it. */
static void test_watch_met_across_walks(void)
{
    Scenario s;
    g_autofree TravelWatch *walked = g_new0(TravelWatch, 1);
    g_autofree TravelWatch *seen = g_new0(TravelWatch, 1);
    g_autofree TravelWatch *fresh = g_new0(TravelWatch, 1);
    TravelWatch *first[] = {walked};
    TravelWatch *second[] = {walked, seen, fresh};
    gint stops[3] = {0};
    gboolean noticed[3] = {FALSE};
    gint32 bat;

    scenario_setup(&s, pocket, NULL);
    scenario_spawn(&s, "fungus", 0, 10, 1, 100000, -1, -1);
    bat = scenario_spawn(&s, "bat", 0, 11, 1, -1, -1, -1);
    g_assert_false(view_sees(view(&s), 0, 11, 1));
    travel_watch_begin(walked, state(&s), view(&s));
    walk_met(&s, 5, 1, first, 1, stops, noticed, bat);
    g_assert_true(view_sees(view(&s), 0, 11, 1));
    g_assert_true(noticed[0]);                   /* the first walk toward it stops for it */
    travel_watch_see(seen, state(&s), view(&s)); /* seen between walks */
    stops[0] = 0;
    noticed[0] = FALSE;
    travel_watch_begin(walked, state(&s), view(&s));
    walk_met(&s, 1, 1, first, 1, stops, noticed, bat);
    g_assert_false(view_sees(view(&s), 0, 11, 1));
    /* a new walk toward it again */
    for (guint i = 0; i < G_N_ELEMENTS(second); i++)
        travel_watch_begin(second[i], state(&s), view(&s));
    walk_met(&s, 5, 1, second, G_N_ELEMENTS(second), stops, noticed, bat);
    g_assert_true(view_sees(view(&s), 0, 11, 1));
    g_assert_cmpint(state_creature(state(&s), bat)->x, ==, 11);
    g_assert_false(noticed[0]);
    g_assert_false(noticed[1]);
    g_assert_true(noticed[2]);
    g_assert_cmpint(stops[0], ==, 0);
    g_assert_cmpint(stops[1], ==, 0);
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

/* Offer the events of the turn just played to @watch, as the play screen
 * does with each event it hears of. */
static void watch_turn(Scenario *s, TravelWatch *watch)
{
    const GArray *events = game_turn_events(s->game);

    for (guint i = 0; i < events->len; i++)
        travel_watch_event(watch, state(s), &g_array_index(events, CavEvent, i));
}

/* A blow stops a walk (and names who struck); losing hp to something not a
 * blow (hunger, here) does not. */
static void test_watch_hurt(void)
{
    Scenario s;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);
    gint32 goblin, hp;

    scenario_setup(&s, corridor, NULL);
    travel_watch_begin(watch, state(&s), view(&s));
    hp = state_player(state(&s))->hp;
    scenario_hurt(&s, state(&s)->player, 3);
    g_assert_cmpint(state_player(state(&s))->hp, <, hp);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_GO);
    goblin = scenario_spawn(&s, "goblin", 0, 2, 1, -1, -1, -1);
    travel_watch_begin(watch, state(&s), view(&s)); /* the goblin is no news */
    g_free(scenario_play(&s, command_simple(CMD_WAIT)));
    watch_turn(&s, watch);
    g_assert_cmpint(watch->struck, ==, goblin);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_HURT);
    g_assert_cmpint(watch->noticed, ==, goblin);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_GO);
    scenario_teardown(&s);
}

/* A harmful effect taking hold stops a walk; its ticks after that, each
 * costing hp, stop none. */
static void test_watch_poison(void)
{
    Scenario s;
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);
    gint32 potion, hp;
    gint ticks;

    scenario_setup(&s, two_rooms, NULL);
    potion = scenario_item(&s, "potion of poison", state(&s)->player, 0, 0, 0, 1);
    travel_watch_begin(watch, state(&s), view(&s));
    g_free(scenario_play(&s, command_item(CMD_QUAFF, potion)));
    watch_turn(&s, watch);
    g_assert_cmpint(watch->struck, ==, -1);
    g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_HURT);
    hp = state_player(state(&s))->hp;
    for (ticks = 0; ticks < 10; ticks++) {
        g_free(scenario_play(&s, command_simple(CMD_WAIT)));
        watch_turn(&s, watch);
        g_assert_cmpint(travel_watch_step(watch, state(&s), view(&s)), ==, TRAVEL_GO);
    }
    g_assert_cmpint(state_player(state(&s))->hp, <, hp); /* the poison did work */
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
    g_test_add_func("/travel/explore-blocked", test_explore_blocked_by_creatures);
    g_test_add_func("/travel/explore-never-digs", test_explore_never_digs);
    g_test_add_func("/travel/explore-stops-for-creature", test_explore_stops_for_creature);
    g_test_add_func("/travel/watch-met", test_watch_met);
    g_test_add_func("/travel/threat", test_threat);
    g_test_add_func("/travel/watch-met-across-walks", test_watch_met_across_walks);
    g_test_add_func("/travel/watch-hurt", test_watch_hurt);
    g_test_add_func("/travel/watch-poison", test_watch_poison);
    g_test_add_func("/travel/watch-hunger-rest", test_watch_hunger_rest);
    g_test_add_func("/travel/watch-items", test_watch_items);
    g_test_add_func("/travel/travel", test_travel);
    g_test_add_func("/travel/run", test_run);
    g_test_add_func("/travel/remembered-items", test_remembered_items);
    return g_test_run();
}
