/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-core.c — randomness, generation, field of view, decide/evolve on
 * hand-made scenarios (asserted as compact event streams), validation,
 * digest, policies and the bot. Scenarios are built the event-sourced way:
 * by folding hand-written events into a fresh game. */
#include <string.h>

#include "bot.h"
#include "fov.h"
#include "game.h"
#include "recorder.h"
#include "rules-private.h"
#include "scenario.h"
#include "rules.h"
#include "view.h"

/* ---- rng ----------------------------------------------------------------- */

static void test_rng_pure(void)
{
    CavRng a = rng_at(42, RNG_STREAM_GAME, 7), b = rng_at(42, RNG_STREAM_GAME, 7);
    CavRng other_turn = rng_at(42, RNG_STREAM_GAME, 8);
    CavRng cosmetic = rng_at(42, RNG_STREAM_COSMETIC, 7);
    guint64 first = rng_next(&a);

    g_assert_cmpuint(first, ==, rng_next(&b));
    g_assert_cmpuint(first, ==, rng_peek(42, RNG_STREAM_GAME, 7, 0));
    g_assert_cmpuint(rng_next(&a), ==, rng_peek(42, RNG_STREAM_GAME, 7, 1));
    g_assert_cmpuint(first, !=, rng_next(&other_turn));
    g_assert_cmpuint(first, !=, rng_next(&cosmetic));
    g_assert_cmpuint(first, !=, rng_peek(43, RNG_STREAM_GAME, 7, 0));
}

static void test_rng_range(void)
{
    CavRng rng = rng_at(1, RNG_STREAM_GAME, 0);
    guint counts[10] = {0};

    for (int i = 0; i < 100000; i++) {
        gint32 v = rng_range(&rng, -3, 6);
        g_assert_cmpint(v, >=, -3);
        g_assert_cmpint(v, <=, 6);
        counts[v + 3]++;
    }
    for (int i = 0; i < 10; i++) /* expected 10000 each; 5 sigma is ~470 */
        g_assert_cmpint(ABS((gint) counts[i] - 10000), <, 600);
    g_assert_cmpint(rng_range(&rng, 5, 5), ==, 5);
}

/* ---- world --------------------------------------------------------------- */

static CavLevelTiles *generate(guint64 seed)
{
    CavLevelTiles *levels = g_new0(CavLevelTiles, CAV_LEVELS);
    CavRng rng = rng_at(seed, RNG_STREAM_GAME, 0);

    world_generate(&rng, levels);
    return levels;
}

static void test_world_deterministic(void)
{
    g_autofree CavLevelTiles *a = generate(5), *b = generate(5), *c = generate(6);

    g_assert_cmpmem(a, sizeof(CavLevelTiles) * CAV_LEVELS, b, sizeof(CavLevelTiles) * CAV_LEVELS);
    g_assert_true(memcmp(a, c, sizeof(CavLevelTiles) * CAV_LEVELS) != 0);
}

/* The rule, written out independently: count the 3x3 block's floors and
 * walls inside the map. */
static void test_world_smooth_rule(void)
{
    CavRng rng = rng_at(8, RNG_STREAM_GAME, 0);

    for (int round = 0; round < 20; round++) {
        CavLevelTiles before, after;
        for (gint y = 0; y < CAV_HEIGHT; y++)
            for (gint x = 0; x < CAV_WIDTH; x++)
                before[y][x] = rng_range(&rng, 0, 99) < 45 + round ? TILE_FLOOR : TILE_WALL;
        memcpy(after, before, sizeof before);
        world_smooth(after);
        for (gint y = 0; y < CAV_HEIGHT; y++)
            for (gint x = 0; x < CAV_WIDTH; x++) {
                gint floors = 0, walls = 0;
                for (gint yy = MAX(0, y - 1); yy <= MIN(CAV_HEIGHT - 1, y + 1); yy++)
                    for (gint xx = MAX(0, x - 1); xx <= MIN(CAV_WIDTH - 1, x + 1); xx++)
                        before[yy][xx] == TILE_FLOOR ? floors++ : walls++;
                g_assert_cmpint(after[y][x], ==, floors >= walls ? TILE_FLOOR : TILE_WALL);
            }
    }
}

static gboolean open_tile(guint8 t)
{
    return t != TILE_WALL;
}

/* Size of the 8-connected open region around (x, y); marks it in @seen. */
static gint region_size(CavLevelTiles tiles, gboolean seen[CAV_HEIGHT][CAV_WIDTH], gint x, gint y)
{
    gint size = 0;
    g_autoptr(GArray) stack = g_array_new(FALSE, FALSE, sizeof(gint));
    gint start = y * CAV_WIDTH + x;

    seen[y][x] = TRUE;
    g_array_append_val(stack, start);
    while (stack->len > 0) {
        gint cell = g_array_index(stack, gint, --stack->len);
        size++;
        for (gint dy = -1; dy <= 1; dy++)
            for (gint dx = -1; dx <= 1; dx++) {
                gint nx = cell % CAV_WIDTH + dx, ny = cell / CAV_WIDTH + dy;
                if (!world_in_bounds(nx, ny) || seen[ny][nx] || !open_tile(tiles[ny][nx]))
                    continue;
                seen[ny][nx] = TRUE;
                gint next = ny * CAV_WIDTH + nx;
                g_array_append_val(stack, next);
            }
    }
    return size;
}

static void test_world_rules(void)
{
    for (guint64 seed = 1; seed <= 8; seed++) {
        g_autofree CavLevelTiles *levels = generate(seed);
        gint exits = 0;
        for (gint z = 0; z < CAV_LEVELS; z++) {
            gboolean seen[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};
            gint floors = 0;
            for (gint y = 0; y < CAV_HEIGHT; y++)
                for (gint x = 0; x < CAV_WIDTH; x++) {
                    guint8 t = levels[z][y][x];
                    floors += open_tile(t);
                    if (open_tile(t) && !seen[y][x])
                        g_assert_cmpint(region_size(levels[z], seen, x, y), >=, WORLD_MIN_REGION);
                    if (t == TILE_STAIRS_DOWN) {
                        g_assert_cmpint(z, <, CAV_LEVELS - 1);
                        g_assert_cmpint(levels[z + 1][y][x], ==, TILE_STAIRS_UP);
                    }
                    if (t == TILE_STAIRS_UP && z == 0)
                        exits++;
                    if (t == TILE_STAIRS_UP && z > 0)
                        g_assert_cmpint(levels[z - 1][y][x], ==, TILE_STAIRS_DOWN);
                }
            /* A cave, not solid rock nor an open field. */
            g_assert_cmpint(floors, >, CAV_WIDTH * CAV_HEIGHT / 5);
            g_assert_cmpint(floors, <, CAV_WIDTH * CAV_HEIGHT * 4 / 5);
        }
        g_assert_cmpint(exits, ==, 1);
    }
}

/* Every pair of overlapping regions on neighbouring levels has stairs. */
static void test_world_stairs_connect(void)
{
    for (guint64 seed = 1; seed <= 8; seed++) {
        g_autofree CavLevelTiles *levels = generate(seed);
        for (gint z = 0; z + 1 < CAV_LEVELS; z++) {
            gboolean seen_up[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};
            for (gint y = 0; y < CAV_HEIGHT; y++)
                for (gint x = 0; x < CAV_WIDTH; x++) {
                    if (!open_tile(levels[z][y][x]) || seen_up[y][x])
                        continue;
                    /* For this upper region: every lower region it overlaps
                     * must share a stair with it. */
                    gboolean region[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};
                    region_size(levels[z], region, x, y);
                    gboolean checked[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};
                    for (gint yy = 0; yy < CAV_HEIGHT; yy++)
                        for (gint xx = 0; xx < CAV_WIDTH; xx++) {
                            seen_up[yy][xx] |= region[yy][xx];
                            if (!region[yy][xx] || !open_tile(levels[z + 1][yy][xx]) ||
                                checked[yy][xx])
                                continue;
                            gboolean lower[CAV_HEIGHT][CAV_WIDTH] = {{FALSE}};
                            region_size(levels[z + 1], lower, xx, yy);
                            gboolean stair = FALSE;
                            for (gint c = 0; c < CAV_WIDTH * CAV_HEIGHT; c++) {
                                gint cx = c % CAV_WIDTH, cy = c / CAV_WIDTH;
                                if (region[cy][cx] && lower[cy][cx]) {
                                    checked[cy][cx] = TRUE;
                                    stair |= levels[z][cy][cx] == TILE_STAIRS_DOWN;
                                }
                            }
                            g_assert_true(stair);
                        }
                }
        }
    }
}

/* ---- scenarios ------------------------------------------------------------ */

static char *play(Scenario *s, CavCommand command)
{
    return scenario_play(s, command);
}

static const char *const corridor[] = {
    "##########", "#....>...#", "#..@.....#", "#<.......#", "##########", NULL,
};

static const char *const corridor_below[] = {
    "##########", "#....<...#", "#........#", "#........#", "##########", NULL,
};

static void test_decide_moves(void)
{
    Scenario s;

    scenario_setup(&s, corridor, corridor_below);
    ASSERT_PLAY(&s, command_move(1, 0), "moved(c1 3,2>4,2) upkeep(0)");
    ASSERT_PLAY(&s, command_move(1, -1), "moved(c1 4,2>5,1) upkeep(0)");
    ASSERT_PLAY(&s, command_move(0, -1), "dug(5,0) upkeep(0)");
    g_assert_cmpint(state_player(game_state(s.game))->y, ==, 1);
    g_assert_cmpint(state_tile(game_state(s.game), 0, 5, 0), ==, TILE_FLOOR);
    ASSERT_PLAY(&s, command_move(0, -1), "moved(c1 5,1>5,0) upkeep(0)");
    ASSERT_PLAY(&s, command_move(0, -1), "rejected: Solid bedrock: the caves end here.");
    ASSERT_PLAY(&s, command_move(0, 0), "rejected: That is not a direction.");
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0)");
    g_assert_cmpint(game_state(s.game)->turn, ==, 5);
    scenario_teardown(&s);
}

static void test_decide_stairs(void)
{
    Scenario s;

    scenario_setup(&s, corridor, corridor_below);
    ASSERT_PLAY(&s, command_simple(CMD_DESCEND), "rejected: There are no stairs down here.");
    ASSERT_PLAY(&s, command_simple(CMD_ASCEND), "rejected: There are no stairs up here.");
    g_assert_cmpint(game_state(s.game)->turn, ==, 0); /* rejections cost no turn */
    ASSERT_PLAY(&s, command_move(1, -1), "moved(c1 3,2>4,1) upkeep(0)");
    ASSERT_PLAY(&s, command_move(1, 0), "moved(c1 4,1>5,1) upkeep(0)");
    ASSERT_PLAY(&s, command_simple(CMD_DESCEND), "stairs(c1 0>1) upkeep(1)");
    g_assert_cmpint(state_player(game_state(s.game))->z, ==, 1);
    g_assert_cmpint(game_state(s.game)->deepest, ==, 1);
    ASSERT_PLAY(&s, command_simple(CMD_ASCEND), "stairs(c1 1>0) upkeep(0)");
    scenario_teardown(&s);
}

static void test_decide_exit_without_bear(void)
{
    Scenario s;

    scenario_setup(&s, corridor, corridor_below);
    ASSERT_PLAY(&s, command_move(-1, 1), "moved(c1 3,2>2,3) upkeep(0)");
    ASSERT_PLAY(&s, command_move(-1, 0), "moved(c1 2,3>1,3) upkeep(0)");
    ASSERT_PLAY(&s, command_simple(CMD_ASCEND), "lost(c1,fled the caves without the bear)");
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "rejected: The game is over.");
    scenario_teardown(&s);
}

/* ---- sight ---------------------------------------------------------------- */

static const char *const pillar[] = {
    "####################", "#..................#", "#..@......#........#",
    "#..................#", "####################", NULL,
};

static void test_fov_walls_block(void)
{
    Scenario s;
    const CavView *view;

    scenario_setup(&s, pillar, NULL);
    view = game_view(s.game);
    g_assert_true(view_sees(view, 0, 4, 2));   /* open floor nearby */
    g_assert_true(view_sees(view, 0, 3, 0));   /* the wall itself is seen */
    g_assert_true(view_sees(view, 0, 10, 2));  /* the pillar */
    g_assert_false(view_sees(view, 0, 11, 2)); /* right behind the pillar */
    g_assert_false(view_sees(view, 0, 13, 2)); /* beyond radius 9 */
    g_assert_false(view_sees(view, 1, 4, 2));  /* another level */
    g_assert_true(view_remembers(view, 0, 10, 2));
    g_assert_false(view_remembers(view, 0, 13, 2));
    g_assert_false(view_remembers(view, 1, 3, 2));
    scenario_teardown(&s);
}

static void test_fov_memory(void)
{
    Scenario s;
    const CavView *view;

    scenario_setup(&s, pillar, NULL);
    for (int i = 0; i < 8; i++)
        g_free(play(&s, command_move(1, 1 - (i % 2) * 2)));
    view = game_view(s.game);
    g_assert_cmpint(state_player(game_state(s.game))->x, ==, 11);
    g_assert_false(view_sees(view, 0, 1, 2));     /* out of view now … */
    g_assert_true(view_remembers(view, 0, 1, 2)); /* … but remembered */
    g_assert_true(view_sees(view, 0, 18, 2));
    scenario_teardown(&s);
}

static void test_fov_symmetric(void)
{
    g_autofree CavState *state = state_new();
    CavLevelTiles *levels = generate(11);
    CavRng rng = rng_at(3, RNG_STREAM_GAME, 0);
    gint pairs = 0, seen = 0;

    memcpy(state->tiles, levels, sizeof state->tiles);
    g_free(levels);
    while (pairs < 3000) {
        gint ax = rng_range(&rng, 0, CAV_WIDTH - 1), ay = rng_range(&rng, 0, CAV_HEIGHT - 1);
        gint bx = ax + rng_range(&rng, -9, 9), by = ay + rng_range(&rng, -9, 9);
        if (state_tile(state, 0, ax, ay) != TILE_FLOOR ||
            state_tile(state, 0, bx, by) != TILE_FLOOR)
            continue;
        gboolean ab = fov_sees(state, 0, ax, ay, 9, bx, by);
        g_assert_cmpint(ab, ==, fov_sees(state, 0, bx, by, 9, ax, ay));
        pairs++;
        seen += ab;
    }
    g_assert_cmpint(seen, >, 100);  /* the check was not vacuous */
    g_assert_cmpint(seen, <, 2900); /* and walls do block */
}

/* ---- validation ------------------------------------------------------------ */

/* @e must be refused with a message mentioning @problem, changing nothing.
 * It is placed at the start of a new turn, or (@same_turn) in the last one. */
static void assert_invalid_at(Scenario *s, CavEvent e, gboolean same_turn, const char *problem)
{
    g_autoptr(GError) error = NULL;
    const CavState *state = game_state(s->game);
    guint64 before = state_digest(state);

    e.seq = state->last_seq + 1;
    e.turn = same_turn ? state->turn : state->turn + 1;
    e.version = ev_type_version(e.type);
    g_assert_false(game_fold(s->game, &e, &error));
    g_assert_error(error, VALIDATE_ERROR, 0);
    if (strstr(error->message, problem) == NULL)
        g_error("“%s” does not mention “%s”", error->message, problem);
    g_assert_cmpuint(state_digest(state), ==, before);
}

static void assert_invalid(Scenario *s, CavEvent e, const char *problem)
{
    assert_invalid_at(s, e, FALSE, problem);
}

static CavEvent moved(gint32 creature, gint32 fx, gint32 fy, gint32 x, gint32 y)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_MOVED);

    e.actor = creature;
    e.as.CreatureMoved =
        (CavEvCreatureMoved){.creature = creature, .from_x = fx, .from_y = fy, .x = x, .y = y};
    return e;
}

static CavEvent by_player(CavEventType type)
{
    CavEvent e = ev_init(type);

    e.actor = 1;
    return e;
}

static void test_validate_moves(void)
{
    Scenario s;
    CavEvent e;

    scenario_setup(&s, corridor, corridor_below);
    assert_invalid(&s, moved(1, 3, 2, 500, 2), "outside the map");
    assert_invalid(&s, moved(7, 3, 2, 4, 2), "actor 7 does not exist");
    assert_invalid(&s, moved(1, 4, 2, 5, 2), "is not at");
    assert_invalid(&s, moved(1, 3, 2, 5, 2), "more than one cell");
    assert_invalid(&s, moved(1, 3, 2, 3, 2), "goes nowhere");
    e = moved(1, 3, 2, 4, 2);
    e.actor = 0;
    assert_invalid(&s, e, "does not begin with the player's action");
    e.actor = 12345;
    assert_invalid(&s, e, "actor 12345 does not exist");
    g_free(play(&s, command_move(-1, 0)));
    g_free(play(&s, command_move(-1, 0)));
    assert_invalid(&s, moved(1, 1, 2, 0, 2), "into a wall");
    assert_invalid_at(&s, moved(1, 1, 2, 2, 2), TRUE, "acts twice");
    e = moved(1, 1, 2, 2, 2);
    e.actor = 0;
    assert_invalid_at(&s, e, TRUE, "moved by someone else");
    e = moved(1, 1, 2, 2, 2);
    e.seq = 1000;
    {
        g_autoptr(GError) error = NULL;
        e.turn = game_state(s.game)->turn + 1;
        g_assert_false(game_fold(s.game, &e, &error));
        g_assert_nonnull(strstr(error->message, "out of order"));
    }
    scenario_teardown(&s);
}

/* The acts of one creature in the turn begun by hand: @e by @creature, folded
 * in or, with @problem, refused with it. */
static void act(Scenario *s, CavEvent e, gint32 creature, const char *problem)
{
    e.actor = creature;
    if (problem == NULL)
        scenario_fold(s, e);
    else
        assert_invalid_at(s, e, TRUE, problem);
}

static CavEvent picked_up(gint32 creature, gint32 item)
{
    CavEvent e = ev_init(CAV_EVENT_ITEM_PICKED_UP);

    e.as.ItemPickedUp = (CavEvItemPickedUp){.creature = creature, .item = item};
    return e;
}

static CavEvent waited(gint32 creature)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_WAITED);

    e.as.CreatureWaited.creature = creature;
    return e;
}

/* What the validator says when @creature of @kind acts once too often. */
static char *twice(const Scenario *s, gint32 creature, const char *kind, const char *rest)
{
    return g_strdup_printf("creature %d (%s) %s in turn %d", creature, kind, rest,
                           game_state(s->game)->turn);
}

/* One act a turn for every creature, not only the player (GAME.md "Turns"):
 * a goblin that steps then picks up, or steps twice, and a zombie that
 * waits twice are refused, by name and turn; a bat takes its steps (up to
 * the most creatures.ini allows), but a second act that is not a step is
 * refused. */
static void test_validate_acts(void)
{
    Scenario s;
    gint32 goblin, bat, zombie, rock, pebble;
    g_autofree char *goblin_twice = NULL, *bat_twice = NULL, *bat_steps = NULL;
    g_autofree char *zombie_twice = NULL;

    scenario_setup(&s, corridor, corridor_below); /* the player at (3,2) */
    goblin = scenario_spawn(&s, "goblin", 0, 6, 2, -1, -1, -1);
    bat = scenario_spawn(&s, "bat", 0, 8, 1, -1, -1, -1);
    zombie = scenario_spawn(&s, "zombie", 0, 2, 3, -1, -1, -1);
    rock = scenario_item(&s, "rock", 0, 0, 7, 2, 1);
    pebble = scenario_item(&s, "rock", 0, 0, 7, 1, 1);
    scenario_begin_turn(&s);
    goblin_twice = twice(&s, goblin, "goblin", "acts twice");
    bat_twice = twice(&s, bat, "bat", "acts twice");
    bat_steps = g_strdup_printf("creature %d (bat) takes more than %d steps in turn %d", bat,
                                CAV_BAT_STEPS_MAX, game_state(s.game)->turn);
    zombie_twice = twice(&s, zombie, "zombie", "acts twice");
    act(&s, moved(goblin, 6, 2, 7, 2), goblin, NULL);
    act(&s, picked_up(goblin, rock), goblin, goblin_twice);
    act(&s, moved(goblin, 7, 2, 6, 2), goblin, goblin_twice);
    act(&s, moved(bat, 8, 1, 7, 1), bat, NULL);
    act(&s, picked_up(bat, pebble), bat, bat_twice);
    for (gint steps = 1; steps < CAV_BAT_STEPS_MAX; steps++)
        act(&s, steps % 2 ? moved(bat, 7, 1, 8, 1) : moved(bat, 8, 1, 7, 1), bat, NULL);
    act(&s, moved(bat, 8, 1, 7, 1), bat, bat_steps);
    act(&s, waited(zombie), zombie, NULL);
    act(&s, waited(zombie), zombie, zombie_twice);
    scenario_teardown(&s);
}

/* No one acts as the consequence of another event, nor after the upkeep
 * that ends a played turn. */
static void test_validate_act_order(void)
{
    Scenario s;
    gint32 goblin;
    CavEvent e;
    g_autofree char *late = NULL;

    scenario_setup(&s, corridor, corridor_below);
    goblin = scenario_spawn(&s, "goblin", 0, 6, 2, -1, -1, -1);
    scenario_begin_turn(&s);
    e = waited(goblin);
    e.cause = game_state(s.game)->turn_first_seq;
    act(&s, e, goblin, "acts as the consequence of another event");
    g_free(play(&s, command_simple(CMD_WAIT)));
    late = g_strdup_printf("creature %d (goblin) acts after the upkeep of turn %d", goblin,
                           game_state(s.game)->turn);
    act(&s, waited(goblin), goblin, late);
    scenario_teardown(&s);
}

static void test_validate_deeds(void)
{
    Scenario s;
    CavEvent e;

    scenario_setup(&s, corridor, corridor_below); /* the player stands at (3,2) */
    e = by_player(CAV_EVENT_TILE_DUG);
    e.as.TileDug = (CavEvTileDug){.creature = 1, .x = 2, .y = 2};
    assert_invalid(&s, e, "no wall");
    e.as.TileDug = (CavEvTileDug){.creature = 1, .x = 8, .y = 0};
    assert_invalid(&s, e, "cannot reach");
    e = by_player(CAV_EVENT_CREATURE_TOOK_STAIRS);
    e.as.CreatureTookStairs =
        (CavEvCreatureTookStairs){.creature = 1, .from_z = 0, .z = 1, .x = 3, .y = 2};
    assert_invalid(&s, e, "no stairs lead that way");
    e = by_player(CAV_EVENT_GAME_WON);
    e.as.GameWon.creature = 1;
    assert_invalid(&s, e, "with the bear at the exit");
    e = by_player(CAV_EVENT_GAME_LOST);
    e.as.GameLost.creature = 1;
    EV_SET_STR(e.as.GameLost.cause, "fled the caves without the bear");
    assert_invalid(&s, e, "only flee by the exit");
    EV_SET_STR(e.as.GameLost.cause, "fled\x1b]0;pwned\x07");
    assert_invalid(&s, e, "control character");
    g_free(play(&s, command_simple(CMD_WAIT)));
    e = ev_init(CAV_EVENT_LEVEL_ROW_GENERATED);
    e.as.LevelRowGenerated.z = 0;
    memset(e.as.LevelRowGenerated.cells, '#', CAV_WIDTH);
    assert_invalid_at(&s, e, TRUE, "only be made at turn 0");
    scenario_teardown(&s);
}

static void test_validate_spawns(void)
{
    Scenario s;
    CavEvent e;

    scenario_setup(&s, corridor, corridor_below);
    e = rules_creature_spawned(content_creature_kind(game_content(s.game), "bat"), 5, 0, 4, 2);
    assert_invalid_at(&s, e, TRUE, "not the next free id");
    e.as.CreatureSpawned.creature = 2;
    EV_SET_STR(e.as.CreatureSpawned.kind, "Bat!");
    assert_invalid_at(&s, e, TRUE, "not a kind of creature");
    EV_SET_STR(e.as.CreatureSpawned.kind, "player");
    assert_invalid_at(&s, e, TRUE, "only one player");
    EV_SET_STR(e.as.CreatureSpawned.kind, "bat");
    e.as.CreatureSpawned.x = 3;
    assert_invalid_at(&s, e, TRUE, "where another stands");
    e.as.CreatureSpawned.x = 4;
    e.as.CreatureSpawned.food = 5000;
    assert_invalid_at(&s, e, TRUE, "impossible stats");
    e.as.CreatureSpawned.food = 10;
    /* Numbers no creatures.ini can give would overflow the turn's upkeep. */
    e.as.CreatureSpawned.hp_regen = 1351812195;
    assert_invalid_at(&s, e, TRUE, "impossible stats");
    e.as.CreatureSpawned.hp_regen = 0;
    e.as.CreatureSpawned.max_hp = 100001;
    assert_invalid_at(&s, e, TRUE, "impossible stats");
    e.as.CreatureSpawned.max_hp = 4;
    EV_SET_STR(e.as.CreatureSpawned.behaviour, "dragon");
    assert_invalid_at(&s, e, TRUE, "not a behaviour");
    EV_SET_STR(e.as.CreatureSpawned.behaviour, "player");
    assert_invalid_at(&s, e, TRUE, "only the player behaves as the player");
    EV_SET_STR(e.as.CreatureSpawned.behaviour, "bat");
    g_free(play(&s, command_simple(CMD_WAIT)));
    assert_invalid_at(&s, e, TRUE, "only when the world is made");
    scenario_teardown(&s);
}

/* Terrain comes once, in order, before anyone lives, in the one size. */
static void test_validate_terrain(void)
{
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(GError) error = NULL;
    CavEvent e = ev_init(CAV_EVENT_GAME_STARTED);

    e.seq = 1;
    e.as.GameStarted =
        (CavEvGameStarted){.levels = CAV_LEVELS, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    g_assert_true(game_fold(game, &e, &error));
    e = ev_init(CAV_EVENT_LEVEL_GENERATED);
    e.seq = 2;
    e.as.LevelGenerated = (CavEvLevelGenerated){.z = 0, .width = 0, .height = CAV_HEIGHT};
    g_assert_false(game_fold(game, &e, &error));
    g_assert_nonnull(strstr(error->message, "must be 90x32"));
    g_clear_error(&error);
    e.as.LevelGenerated = (CavEvLevelGenerated){.z = 1, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    g_assert_false(game_fold(game, &e, &error));
    g_assert_nonnull(strstr(error->message, "in order"));
    g_clear_error(&error);
    e.as.LevelGenerated.z = 0;
    g_assert_true(game_fold(game, &e, &error));
    e = ev_init(CAV_EVENT_LEVEL_ROW_GENERATED);
    e.seq = 3;
    e.as.LevelRowGenerated.y = 1; /* row 0 must come first */
    memset(e.as.LevelRowGenerated.cells, '#', CAV_WIDTH);
    g_assert_false(game_fold(game, &e, &error));
    g_assert_nonnull(strstr(error->message, "in order"));
    g_clear_error(&error);
    e = ev_init(CAV_EVENT_CREATURE_SPAWNED);
    e.seq = 3;
    e.as.CreatureSpawned = (CavEvCreatureSpawned){.creature = 1, .max_hp = 1};
    EV_SET_STR(e.as.CreatureSpawned.kind, "player");
    g_assert_false(game_fold(game, &e, &error));
    g_assert_nonnull(strstr(error->message, "before the world is made"));
}

/* ---- digest, fold, policies, bot ----------------------------------------- */

/* Every field counts (written here by hand, so by the digest from nothing;
 * evolve tells the kept digest what it writes: see digest-by-parts). */
static void test_digest_sensitive(void)
{
    g_autofree CavState *a = state_new(), *b = state_new();

    g_assert_cmpuint(state_digest(a), ==, state_digest(b));
    g_assert_cmpuint(state_digest(a), ==, state_digest_full(b));
    b->tiles[4][31][89] = TILE_STAIRS_UP;
    g_assert_cmpuint(state_digest_full(a), !=, state_digest_full(b));
    memcpy(b, a, sizeof *a);
    b->creature_count = 1;
    b->creatures[1].hp = 1;
    a->creature_count = 1;
    g_assert_cmpuint(state_digest_full(a), !=, state_digest_full(b));
    b->creatures[1].hp = 0;
    g_assert_cmpuint(state_digest_full(a), ==, state_digest_full(b));
    b->creatures[1].known = 4;
    g_assert_cmpuint(state_digest_full(a), !=, state_digest_full(b));
    b->creatures[1].known = 0;
    g_strlcpy(b->cause, "x", sizeof b->cause);
    g_assert_cmpuint(state_digest_full(a), !=, state_digest_full(b));
    /* Told what changed, the kept digest sees it too. */
    g_assert_cmpuint(state_digest(a), !=, state_digest(b));
    b->cause[0] = '\0';
    b->items[0].count = 0;
    a->item_count = b->item_count = 1;
    g_assert_cmpuint(state_digest(a), ==, state_digest(b));
    b->items[1].count = 3;
    state_touch(b, CAV_PART_ITEM, 1);
    g_assert_cmpuint(state_digest(a), !=, state_digest(b));
    state_touch(b, CAV_PART_CREATURE, 1); /* counted in by hand above, untold */
    g_assert_cmpuint(state_digest(b), ==, state_digest_full(b));
    /* A record touched again before the digest is hashed once, as it is then. */
    b->creatures[1].hp = 7;
    state_touch(b, CAV_PART_CREATURE, 1);
    state_touch(b, CAV_PART_ITEM, 1);
    b->creatures[1].hp = 8;
    b->items[1].count = 4;
    state_touch(b, CAV_PART_CREATURE, 1);
    state_touch(b, CAV_PART_ITEM, 1);
    g_assert_cmpuint(state_digest(b), ==, state_digest_full(b));
    b->creatures[1].hp = 9;
    state_touch(b, CAV_PART_CREATURE, 1);
    g_assert_cmpuint(state_digest(b), ==, state_digest_full(b));
}

/* A part touched many times between two digests is hashed again once;
 * a creature, an item and an effect of the same id are three parts, each
 * hashed again; and a part changed after it was hashed again in a digest
 * is hashed again by the next. */
static void test_digest_touched_once(void)
{
    g_autofree CavState *state = state_new();

    state->creature_count = state->item_count = state->effect_count = 2;
    g_assert_cmpuint(state_digest(state), ==, state_digest_full(state));
    for (gint32 round = 1; round <= 3; round++) {
        for (gint32 id = 1; id <= 2; id++) {
            state->creatures[id].hp += round * id;
            state_touch(state, CAV_PART_CREATURE, id);
            state_touch(state, CAV_PART_CREATURE, id);
            state->items[id].count += round;
            state_touch(state, CAV_PART_ITEM, id);
            state->effects[id].remaining += round;
            state_touch(state, CAV_PART_EFFECT, id);
            state->tiles[id][1][1] = (CavTile) (TILE_FLOOR + round % 2);
            state_touch(state, CAV_PART_TILES, id);
        }
        /* Changed again after its touches in the round, and touched again. */
        state->creatures[1].hp += 100;
        state_touch(state, CAV_PART_ITEM, 1);
        state_touch(state, CAV_PART_CREATURE, 1);
        g_assert_cmpuint(state_digest(state), ==, state_digest_full(state));
    }
}

static void collect(const CavEvent *event, gpointer user_data)
{
    g_array_append_val((GArray *) user_data, *event);
}

static void test_fold_equals_live(void)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(Game) live = game_new(bus);
    g_autoptr(Game) folded = game_new(NULL);
    g_autoptr(GArray) digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    guint next = 0;

    bus_subscribe_all(bus, collect, events);
    game_start(live, 2024, "tester");
    for (gint turn = 0; turn <= 400 && game_state(live)->outcome == OUTCOME_PLAYING; turn++) {
        if (turn > 0) {
            CavCommand command = bot_choose(game_state(live), game_content(live), game_view(live));
            g_assert_true(game_play(live, &command, NULL));
        }
        guint64 digest = state_digest(game_state(live));
        g_array_append_val(digests, digest);
        for (; next < events->len; next++) {
            g_autoptr(GError) error = NULL;
            game_fold(folded, &g_array_index(events, CavEvent, next), &error);
            g_assert_no_error(error);
        }
        g_assert_cmpuint(state_digest(game_state(folded)), ==, digest);
        g_assert_cmpuint(view_digest(game_view(folded)), ==, view_digest(game_view(live)));
    }
    g_assert_cmpint(memcmp(game_state(live), game_state(folded), sizeof(CavState)), ==, 0);
    g_assert_cmpint(memcmp(game_view(live), game_view(folded), sizeof(CavView)), ==, 0);
}

static void dig_echo(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                     gpointer user_data)
{
    CavEvent echo = ev_init(CAV_EVENT_CREATURE_WAITED);

    (void) state;
    (void) rng;

    echo.as.CreatureWaited.creature = event->as.TileDug.creature;
    g_array_append_val(follow_ups, echo);
    (*(int *) user_data)++;
}

static void test_policy_follow_up(void)
{
    Scenario s;
    int calls = 0;
    const GArray *events;

    scenario_setup(&s, corridor, corridor_below);
    game_add_policy(s.game, CAV_EVENT_TILE_DUG, dig_echo, &calls);
    ASSERT_PLAY(&s, command_move(0, -1), "moved(c1 3,2>3,1) upkeep(0)");
    ASSERT_PLAY(&s, command_move(0, -1), "dug(3,0) waited(c1) upkeep(0)");
    events = game_turn_events(s.game);
    g_assert_cmpuint(events->len, ==, 3);
    g_assert_cmpint(g_array_index(events, CavEvent, 1).cause, ==,
                    g_array_index(events, CavEvent, 0).seq);
    g_assert_cmpint(g_array_index(events, CavEvent, 0).cause, ==, 0);
    g_assert_cmpint(calls, ==, 1);
    scenario_teardown(&s);
}

static void test_bot_explores(void)
{
    g_autoptr(Game) game = game_new(NULL);
    gint seen_before = 0, seen_after = 0;

    game_start(game, 77, "bot");
    for (gint c = 0; c < CAV_WIDTH * CAV_HEIGHT; c++)
        seen_before += view_remembers(game_view(game), 0, c % CAV_WIDTH, c / CAV_WIDTH);
    for (gint turn = 0; turn < 3000 && game_state(game)->deepest < 2 &&
                        game_state(game)->outcome == OUTCOME_PLAYING;
         turn++) {
        CavCommand command = bot_choose(game_state(game), game_content(game), game_view(game));
        g_autofree char *why = NULL;
        if (!game_play(game, &command, &why))
            g_error("the bot asked for a rejected command: %s", why);
    }
    for (gint c = 0; c < CAV_WIDTH * CAV_HEIGHT; c++)
        seen_after += view_remembers(game_view(game), 0, c % CAV_WIDTH, c / CAV_WIDTH);
    g_assert_cmpint(seen_after, >, seen_before * 3);
    /* Monsters may end the exploration; a bot still alive has gone down. */
    if (game_state(game)->outcome == OUTCOME_PLAYING)
        g_assert_cmpint(game_state(game)->deepest, >=, 2);
}

/* ---- the bot at range and with potions ------------------------------------ */

/* A lit room: the player at (2,2), room to throw along row 2. */
static const char *const bot_room[] = {
    "##############",
    "#............#",
    "#.@..........#",
    "#............#",
    "#............#",
    "##############",
    NULL,
};

static CavCommand bot_in(Scenario *s)
{
    return bot_choose(game_state(s->game), game_content(s->game), game_view(s->game));
}

/* Fold a follow-up event (a wound, a lesson) as if something caused it. */
static void fold_follow_up(Scenario *s, CavEvent event)
{
    event.cause = game_state(s->game)->turn_first_seq; /* within its own turn */
    scenario_fold(s, event);
}

static void hurt_player(Scenario *s, gint32 damage)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_HURT);

    e.as.CreatureHurt.creature = 1;
    e.as.CreatureHurt.damage = damage;
    EV_SET_STR(e.as.CreatureHurt.cause, "a test");
    fold_follow_up(s, e);
}

static void player_learns(Scenario *s, const char *kind)
{
    const CavPotionLook *look = state_look_of_kind(game_state(s->game), kind);
    CavEvent e = ev_init(CAV_EVENT_ITEM_IDENTIFIED);

    g_assert_nonnull(look);
    e.as.ItemIdentified.creature = 1;
    EV_SET_STR(e.as.ItemIdentified.appearance, look->appearance);
    EV_SET_STR(e.as.ItemIdentified.kind, kind);
    EV_SET_STR(e.as.ItemIdentified.how, "a test");
    fold_follow_up(s, e);
}

static void assert_command(CavCommand got, CavCommandKind kind, gint32 item, gint32 x, gint32 y)
{
    g_assert_cmpint(got.kind, ==, kind);
    g_assert_cmpint(got.item, ==, item);
    g_assert_cmpint(got.x, ==, x);
    g_assert_cmpint(got.y, ==, y);
}

/* Where creature @id stands now. */
static void creature_cell(Scenario *s, gint32 id, gint32 *x, gint32 *y)
{
    const CavCreature *c = state_creature(game_state(s->game), id);

    *x = c->x;
    *y = c->y;
}

/* Rocks go at a goblin on its way (aimed at its cell), before a spare
 * dagger; the wielded sword is never thrown; next to it, the bot fights. */
static void test_bot_throws(void)
{
    Scenario s;
    gint32 sword, rocks, goblin, x, y;

    scenario_setup(&s, bot_room, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    scenario_item(&s, "dagger", 1, 0, 0, 0, 1);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    goblin = scenario_spawn(&s, "goblin", 0, 10, 2, -1, -1, -1);
    scenario_repeat(&s, command_item(CMD_EQUIP, sword), 1);
    creature_cell(&s, goblin, &x, &y);
    g_assert_cmpint(x, >=, 5);
    assert_command(bot_in(&s), CMD_THROW, rocks, x, y);
    scenario_repeat(&s, bot_in(&s), 1);
    g_assert_cmpint(state_item(game_state(s.game), rocks)->count, ==, 2);
    g_assert_cmpint(state_creature(game_state(s.game), goblin)->hp, <,
                    state_creature(game_state(s.game), goblin)->max_hp);
    scenario_teardown(&s);

    /* Next to the player, it is a fight. */
    scenario_setup(&s, bot_room, NULL);
    scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    scenario_spawn(&s, "goblin", 0, 3, 2, -1, -1, -1);
    assert_command(bot_in(&s), CMD_MOVE, 0, 0, 0);
    scenario_teardown(&s);
}

/* With a bow wielded (and nothing better), the bot fires at a far goblin;
 * with a sword in hand and nothing to throw, it takes up the bow for a far
 * goblin, and the sword again once a goblin is two steps away. */
static void test_bot_fires(void)
{
    Scenario s;
    gint32 bow, sword, goblin, x, y;

    scenario_setup(&s, bot_room, NULL);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    goblin = scenario_spawn(&s, "goblin", 0, 10, 2, -1, -1, -1);
    scenario_repeat(&s, command_item(CMD_EQUIP, bow), 1);
    creature_cell(&s, goblin, &x, &y);
    assert_command(bot_in(&s), CMD_FIRE, 0, x, y);
    scenario_teardown(&s);

    scenario_setup(&s, bot_room, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 10, 2, -1, -1, -1);
    scenario_repeat(&s, command_item(CMD_EQUIP, sword), 1);
    assert_command(bot_in(&s), CMD_EQUIP, bow, 0, 0);
    scenario_repeat(&s, bot_in(&s), 1);
    g_assert_cmpint(state_player(game_state(s.game))->weapon, ==, bow);
    scenario_teardown(&s);

    scenario_setup(&s, bot_room, NULL);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 5, 3, -1, -1, -1);
    scenario_repeat(&s, command_item(CMD_EQUIP, bow), 1); /* the goblin steps closer */
    assert_command(bot_in(&s), CMD_EQUIP, sword, 0, 0);
    scenario_teardown(&s);
}

/* Losing to a goblin next to it, the bot steps out of its reach — unless
 * the goblin wields a bow: out of reach it would only be shot, so it fights. */
static void test_bot_stands_to_archer(void)
{
    static const char *const weapons[] = {"dagger", "bow"};

    for (guint i = 0; i < G_N_ELEMENTS(weapons); i++) {
        Scenario s;
        gint32 goblin, x, y;
        CavCommand got;

        scenario_setup(&s, bot_room, NULL);
        goblin = scenario_spawn(&s, "goblin", 0, 3, 2, -1, -1, -1);
        scenario_item(&s, weapons[i], goblin, 0, 0, 0, 1);
        scenario_repeat(&s, command_simple(CMD_WAIT), 1); /* the goblin takes it up */
        g_assert_cmpint(state_creature(game_state(s.game), goblin)->weapon, !=, 0);
        hurt_player(&s, state_player(game_state(s.game))->hp - 40);
        creature_cell(&s, goblin, &x, &y);
        got = bot_in(&s);
        g_assert_cmpint(got.kind, ==, CMD_MOVE);
        if (strcmp(weapons[i], "bow") == 0) {
            g_assert_cmpint(2 + got.dx, ==, x); /* a blow */
            g_assert_cmpint(2 + got.dy, ==, y);
        } else {
            g_assert_cmpint(MAX(ABS(2 + got.dx - x), ABS(2 + got.dy - y)), >=, 2);
        }
        scenario_teardown(&s);
    }
}

/* Hurt, the bot drinks the unknown potion rather than the poison it knows,
 * and with only the poison it drinks nothing. */
static void test_bot_drinks(void)
{
    Scenario s;
    gint32 health;

    scenario_setup(&s, bot_room, NULL);
    scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    health = scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    player_learns(&s, "potion of poison");
    hurt_player(&s, 70);
    assert_command(bot_in(&s), CMD_QUAFF, health, 0, 0);
    scenario_repeat(&s, bot_in(&s), 1);
    g_assert_cmpint(state_player(game_state(s.game))->hp, ==, 30 + 15);
    g_assert_true(state_knows_item(game_state(s.game), state_player(game_state(s.game)),
                                   state_item(game_state(s.game), health)));
    g_assert_cmpint(state_player(game_state(s.game))->hp * 2, <,
                    state_player(game_state(s.game))->max_hp);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_QUAFF); /* only the poison is left */
    scenario_teardown(&s);
}

/* A known poison goes at a goblin on its way, before any rock. */
static void test_bot_throws_poison(void)
{
    Scenario s;
    gint32 poison;

    scenario_setup(&s, bot_room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1);
    scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    player_learns(&s, "potion of poison");
    scenario_spawn(&s, "goblin", 0, 9, 2, -1, -1, -1);
    assert_command(bot_in(&s), CMD_THROW, poison, 9, 2);
    scenario_teardown(&s);
}

/* ---- the bot with spellbooks, and its other habits ------------------------- */

/* Whether @c casts @spell. */
static gboolean casts(CavCommand c, const char *spell)
{
    return c.kind == CMD_CAST && strcmp(c.word, spell) == 0;
}

/* The bot room (spells are defined in every scenario). */
static void spell_room(Scenario *s)
{
    scenario_setup(s, bot_room, NULL);
}

/* Hurt, with the white book and mana for a minor heal only, the bot casts
 * it on itself (before drinking anything); the heal lands. */
static void test_bot_casts_heal(void)
{
    Scenario s;
    gint32 book;
    CavCommand c;

    spell_room(&s);
    book = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    player_learns(&s, "potion of health");
    hurt_player(&s, 80);
    c = bot_in(&s);
    g_assert_cmpint(c.kind, ==, CMD_CAST);
    g_assert_cmpint(c.item, ==, book);
    g_assert_cmpstr(c.word, ==, "minor heal");
    g_assert_cmpint(c.x, ==, 2);
    g_assert_cmpint(c.y, ==, 2);
    scenario_repeat(&s, c, 1);
    g_assert_cmpint(state_player(game_state(s.game))->hp, ==, 20 + 20);
    /* Out of mana, it drinks. */
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_QUAFF);
    scenario_teardown(&s);
}

/* With both books and too little mana for a heal (1 left), the bot does
 * not buy the heal with blood: at 7 hp a mana the 4 mana of a minor heal
 * cost 28 hp for its 20 (and the loop of blood and heals gains nothing);
 * with no hp to spare it does not either. */
static void test_bot_blood_to_mana(void)
{
    Scenario s;
    const CavCreature *p;
    gint32 white;

    spell_room(&s);
    white = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    scenario_repeat(&s, command_cast(white, "minor heal", 2, 2), 1); /* mana 1 */
    hurt_player(&s, 40);
    p = state_player(game_state(s.game));
    g_assert_cmpint(p->hp, ==, 60);
    g_assert_false(casts(bot_in(&s), "blood to mana"));
    scenario_teardown(&s);

    /* Nearly dead: no blood to spare. */
    spell_room(&s);
    white = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    scenario_repeat(&s, command_cast(white, "minor heal", 2, 2), 1);
    hurt_player(&s, 85);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_CAST);
    scenario_teardown(&s);
}

/* Raise the player's max mana (and mana) by @bonuses level-up choices. */
static void more_mana(Scenario *s, gint32 bonuses)
{
    for (gint32 i = 0; i < bonuses; i++) {
        CavEvent gained = ev_init(CAV_EVENT_LEVEL_GAINED);
        gained.as.LevelGained.creature = 1;
        gained.as.LevelGained.level = state_player(game_state(s->game))->level + 1;
        fold_follow_up(s, gained);
        scenario_repeat(s, command_choose(CAV_BONUS_MAX_MANA), 1);
    }
}

/* Facing a fight it would lose, the bot blinks away; with a crowd of foes
 * near and mana for it, it summons bats first, which fill the free cells
 * around it. */
static void test_bot_blinks_and_summons(void)
{
    Scenario s;
    gint32 here_x, here_y, bats;
    g_autofree char *stream = NULL;

    spell_room(&s);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 3, 2, 66, 30, 5);
    more_mana(&s, 1);
    hurt_player(&s, 60);
    g_assert_true(casts(bot_in(&s), "blink"));
    scenario_repeat(&s, bot_in(&s), 1);
    creature_cell(&s, 1, &here_x, &here_y);
    g_assert_false(here_x == 2 && here_y == 2);
    scenario_teardown(&s);

    spell_room(&s);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 3, 2, 66, 30, 5);
    scenario_spawn(&s, "zombie", 0, 4, 4, -1, -1, -1);
    more_mana(&s, 2);
    hurt_player(&s, 60);
    g_assert_true(casts(bot_in(&s), "summon bats"));
    stream = scenario_play(&s, bot_in(&s));
    bats = 0;
    for (const char *at = strstr(stream, "summoned(bat "); at != NULL;
         at = strstr(at + 1, "summoned(bat "))
        bats++;
    g_assert_cmpint(bats, ==, 7); /* every neighbour cell but the goblin's */
    scenario_teardown(&s);
}

/* Just arrived with the blue book and mana for it: detect creatures; a
 * hard fight next to it with the white book: inner strength. */
static void test_bot_detects_and_strengthens(void)
{
    Scenario s;

    spell_room(&s);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    more_mana(&s, 3);
    g_assert_true(casts(bot_in(&s), "detect creatures"));
    scenario_repeat(&s, bot_in(&s), 1);
    g_assert_cmpint(state_player(game_state(s.game))->effect_detect, >, 0);
    g_assert_false(casts(bot_in(&s), "detect creatures"));
    scenario_teardown(&s);

    spell_room(&s);
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 3, 2, -1, -1, -1);
    more_mana(&s, 3);
    g_assert_true(casts(bot_in(&s), "inner strength"));
    scenario_teardown(&s);
}

/* A level-up with a book in the pack goes to max mana; without, to fighting. */
static void test_bot_mana_bonus(void)
{
    Scenario s;
    CavEvent gained = ev_init(CAV_EVENT_LEVEL_GAINED);

    gained.as.LevelGained.creature = 1;
    gained.as.LevelGained.level = 2;
    spell_room(&s);
    fold_follow_up(&s, gained);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_CHOOSE);
    g_assert_cmpint(bot_in(&s).bonus, !=, CAV_BONUS_MAX_MANA);
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_CHOOSE);
    g_assert_cmpint(bot_in(&s).bonus, ==, CAV_BONUS_MAX_MANA);
    scenario_teardown(&s);
}

/* Calm, hurt a little: the bot first calls the unknown look "untried"
 * (no turn passes), then drinks it; once it knows the kind, the name goes.
 * At full hp it drinks nothing unknown, nor with a goblin in view. */
static void test_bot_tries_and_names(void)
{
    Scenario s;
    gint32 potion;
    const CavPotionLook *look;
    CavCommand c;
    g_autofree char *named = NULL;

    spell_room(&s);
    potion = scenario_item(&s, "potion of health", 1, 0, 0, 0, 2);
    look = state_look_of_kind(game_state(s.game), "potion of health");
    hurt_player(&s, 20);
    c = bot_in(&s);
    g_assert_cmpint(c.kind, ==, CMD_NAME);
    g_assert_cmpstr(c.word, ==, look->appearance);
    g_assert_cmpstr(c.text, ==, "untried");
    named = scenario_play(&s, c);
    g_assert_null(strstr(named, "upkeep")); /* nobody else acts */
    g_assert_cmpstr(look->called, ==, "untried");
    assert_command(bot_in(&s), CMD_QUAFF, potion, 0, 0);
    scenario_repeat(&s, bot_in(&s), 1);
    c = bot_in(&s);
    g_assert_cmpint(c.kind, ==, CMD_NAME);
    g_assert_cmpstr(c.text, ==, "");
    scenario_teardown(&s);

    spell_room(&s);
    scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    scenario_repeat(
        &s,
        command_name(state_look_of_kind(game_state(s.game), "potion of health")->appearance,
                     "mine"),
        1);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_QUAFF); /* full hp */
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_NAME);  /* its own name stays */
    scenario_teardown(&s);

    spell_room(&s);
    scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 10, 3, -1, -1, -1);
    hurt_player(&s, 20);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_QUAFF); /* a goblin in view */
    scenario_teardown(&s);
}

/* A zombie two steps away is waited for (it comes, the bot strikes first). */
static void test_bot_waits_for_hunter(void)
{
    Scenario s;

    spell_room(&s);
    scenario_spawn(&s, "zombie", 0, 4, 2, -1, -1, -1);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_WAIT);
    scenario_teardown(&s);
}

/* The bot room with bread in the pack and a dagger lying at (8,2) to
 * fetch, the player @damage hp down. */
static void rest_room(Scenario *s, gint32 damage, gboolean bread)
{
    spell_room(s);
    if (bread)
        scenario_item(s, "bread", 1, 0, 0, 0, 2);
    scenario_item(s, "dagger", 0, 0, 8, 2, 1);
    hurt_player(s, damage);
}

/* Wounded and alone, with bread for the turns it takes, the bot rests
 * (waits) for its hp to come back before fetching the dagger; a little
 * hurt, with a goblin in view, or without the food for the turns, it goes
 * for the dagger. */
static void test_bot_rests(void)
{
    Scenario s;

    rest_room(&s, 60, TRUE);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_WAIT);
    scenario_teardown(&s);

    rest_room(&s, 10, TRUE);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_MOVE);
    scenario_teardown(&s);

    rest_room(&s, 60, TRUE);
    scenario_spawn(&s, "goblin", 0, 10, 4, -1, -1, -1);
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_MOVE);
    scenario_teardown(&s);

    rest_room(&s, 60, FALSE); /* 666 food: 350 turns of rest would leave too little */
    g_assert_cmpint(bot_in(&s).kind, ==, CMD_MOVE);
    scenario_teardown(&s);
}

/* Gain a level and let the bot choose its bonus; the bonus chosen. */
static CavBonus bot_levels_up(Scenario *s)
{
    CavEvent gained = ev_init(CAV_EVENT_LEVEL_GAINED);
    CavCommand c;

    gained.as.LevelGained.creature = 1;
    gained.as.LevelGained.level = state_player(game_state(s->game))->level + 1;
    fold_follow_up(s, gained);
    c = bot_in(s);
    g_assert_cmpint(c.kind, ==, CMD_CHOOSE);
    scenario_repeat(s, c, 1);
    return (CavBonus) c.bonus;
}

/* The bonuses the bot chooses over @n levels, counted by kind. */
static void bot_bonuses(Scenario *s, gint32 n, guint times[CAV_BONUS_COUNT])
{
    memset(times, 0, sizeof(guint) * CAV_BONUS_COUNT);
    for (gint32 i = 0; i < n; i++)
        times[bot_levels_up(s)]++;
}

/* Give the player a sword and platemail, worn (and a bow in the pack). */
static void gear_up(Scenario *s, gboolean bow)
{
    gint32 sword = scenario_item(s, "sword", 1, 0, 0, 0, 1);
    gint32 plate = scenario_item(s, "platemail", 1, 0, 0, 0, 1);

    if (bow)
        scenario_item(s, "bow", 1, 0, 0, 0, 1);

    scenario_repeat(s, command_item(CMD_EQUIP, sword), 1);
    scenario_repeat(s, command_item(CMD_EQUIP, plate), 1);
}

/* The bot's bonuses vary as a person's would: fresh, it takes attack for
 * the fights ahead; well geared (goblins hurt little), hp regeneration,
 * now worth its turns, but not every time; with a bow, vision too. */
static void test_bot_bonus_choices(void)
{
    Scenario s;
    guint times[CAV_BONUS_COUNT];

    spell_room(&s);
    g_assert_cmpint(bot_levels_up(&s), ==, CAV_BONUS_ATTACK);
    scenario_teardown(&s);

    spell_room(&s);
    gear_up(&s, FALSE);
    g_assert_cmpint(bot_levels_up(&s), ==, CAV_BONUS_HP_REGEN);
    g_assert_cmpint(bot_levels_up(&s), !=, CAV_BONUS_HP_REGEN);
    scenario_teardown(&s);

    spell_room(&s);
    gear_up(&s, FALSE);
    bot_bonuses(&s, 4, times);
    g_assert_cmpuint(times[CAV_BONUS_VISION], ==, 0);
    scenario_teardown(&s);

    spell_room(&s);
    gear_up(&s, TRUE);
    bot_bonuses(&s, 4, times);
    g_assert_cmpuint(times[CAV_BONUS_VISION], >, 0);
    scenario_teardown(&s);
}

/* Badly hurt with mana for it and no foe in view, the bot casts slow heal
 * (the most hp for the mana), then lets it work rather than casting a
 * quicker heal; with a goblin in view it casts the quick one at once. */
static void test_bot_slow_heal(void)
{
    Scenario s;

    spell_room(&s);
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    more_mana(&s, 2);
    hurt_player(&s, 70);
    g_assert_true(casts(bot_in(&s), "slow heal"));
    scenario_repeat(&s, bot_in(&s), 1);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_CAST);
    g_assert_cmpint(bot_in(&s).kind, !=, CMD_QUAFF);
    scenario_teardown(&s);

    spell_room(&s);
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 10, 4, -1, -1, -1);
    more_mana(&s, 2);
    hurt_player(&s, 70);
    g_assert_true(casts(bot_in(&s), "major heal"));
    scenario_teardown(&s);
}

/* A goblin with a bow next to the bot shoots it there as anywhere in
 * view: hurt, the bot strikes it rather than stepping away; a bowman
 * farther off is walked up to rather than fled. */
static void test_bot_faces_archer(void)
{
    Scenario s;
    gint32 goblin;
    CavCommand c;

    spell_room(&s);
    goblin = scenario_spawn(&s, "goblin", 0, 3, 2, -1, -1, -1);
    scenario_item(&s, "bow", goblin, 0, 0, 0, 1);
    scenario_repeat(&s, command_simple(CMD_WAIT), 1); /* it takes up the bow */
    g_assert_cmpint(state_creature(game_state(s.game), goblin)->weapon, >, 0);
    hurt_player(&s, 55);
    c = bot_in(&s);
    g_assert_cmpint(c.kind, ==, CMD_MOVE);
    g_assert_cmpint(c.dx, ==, 1);
    g_assert_cmpint(c.dy, ==, 0);
    scenario_teardown(&s);

    spell_room(&s);
    goblin = scenario_spawn(&s, "goblin", 0, 6, 2, -1, -1, -1);
    scenario_item(&s, "bow", goblin, 0, 0, 0, 1);
    scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    scenario_repeat(&s, command_simple(CMD_WAIT), 1);
    c = bot_in(&s);
    g_assert_cmpint(c.kind, ==, CMD_MOVE);
    g_assert_cmpint(c.dx, ==, 1);
    scenario_teardown(&s);
}

/* In a cell with no landing 3 to 5 cells away, a hurt bot facing a foe
 * never casts blink (the rules would refuse it). */
static void test_bot_blink_needs_landing(void)
{
    static const char *const cell[] = {"#####", "#@..#", "#####", NULL};
    Scenario s;

    scenario_setup(&s, cell, NULL);
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 2, 1, 66, 30, 5);
    more_mana(&s, 1);
    hurt_player(&s, 60);
    g_assert_false(casts(bot_in(&s), "blink"));
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/rng/pure", test_rng_pure);
    g_test_add_func("/core/rng/range", test_rng_range);
    g_test_add_func("/core/world/deterministic", test_world_deterministic);
    g_test_add_func("/core/world/smooth-rule", test_world_smooth_rule);
    g_test_add_func("/core/world/rules", test_world_rules);
    g_test_add_func("/core/world/stairs-connect", test_world_stairs_connect);
    g_test_add_func("/core/decide/moves", test_decide_moves);
    g_test_add_func("/core/decide/stairs", test_decide_stairs);
    g_test_add_func("/core/decide/exit-without-bear", test_decide_exit_without_bear);
    g_test_add_func("/core/fov/walls-block", test_fov_walls_block);
    g_test_add_func("/core/fov/memory", test_fov_memory);
    g_test_add_func("/core/fov/symmetric", test_fov_symmetric);
    g_test_add_func("/core/validate/moves", test_validate_moves);
    g_test_add_func("/core/validate/deeds", test_validate_deeds);
    g_test_add_func("/core/validate/acts", test_validate_acts);
    g_test_add_func("/core/validate/act-order", test_validate_act_order);
    g_test_add_func("/core/validate/spawns", test_validate_spawns);
    g_test_add_func("/core/validate/terrain", test_validate_terrain);
    g_test_add_func("/core/digest/sensitive", test_digest_sensitive);
    g_test_add_func("/core/digest/touched-once", test_digest_touched_once);
    g_test_add_func("/core/evolve/fold-equals-live", test_fold_equals_live);
    g_test_add_func("/core/policy/follow-up", test_policy_follow_up);
    g_test_add_func("/core/bot/explores", test_bot_explores);
    g_test_add_func("/core/bot/throws", test_bot_throws);
    g_test_add_func("/core/bot/fires", test_bot_fires);
    g_test_add_func("/core/bot/drinks", test_bot_drinks);
    g_test_add_func("/core/bot/stands-to-archer", test_bot_stands_to_archer);
    g_test_add_func("/core/bot/throws-poison", test_bot_throws_poison);
    g_test_add_func("/core/bot/casts-heal", test_bot_casts_heal);
    g_test_add_func("/core/bot/blood-to-mana", test_bot_blood_to_mana);
    g_test_add_func("/core/bot/blinks-and-summons", test_bot_blinks_and_summons);
    g_test_add_func("/core/bot/detects-and-strengthens", test_bot_detects_and_strengthens);
    g_test_add_func("/core/bot/mana-bonus", test_bot_mana_bonus);
    g_test_add_func("/core/bot/tries-and-names", test_bot_tries_and_names);
    g_test_add_func("/core/bot/waits-for-hunter", test_bot_waits_for_hunter);
    g_test_add_func("/core/bot/rests", test_bot_rests);
    g_test_add_func("/core/bot/bonus-choices", test_bot_bonus_choices);
    g_test_add_func("/core/bot/slow-heal", test_bot_slow_heal);
    g_test_add_func("/core/bot/faces-archer", test_bot_faces_archer);
    g_test_add_func("/core/bot/blink-needs-landing", test_bot_blink_needs_landing);
    return g_test_run();
}
