/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules.c — the rules of creatures, combat, experience, food and items
 * on hand-made scenarios, asserted as compact event streams (STYLE.md §14):
 * the damage formula's edges, kills and their policies, level thresholds,
 * starvation, overeating, regeneration, rot, stacks, gear, each behaviour,
 * and validation of the new events. */
#include <string.h>

#include "messages.h"
#include "rules.h"
#include "scenario.h"

static const char *const room[] = {
    "############", "#..........#", "#..@.......#", "#..........#",
    "#..........#", "############", NULL,
};

#define PLAYER_X 3
#define PLAYER_Y 2

static const CavCreature *creature(Scenario *s, gint32 id)
{
    return state_creature(game_state(s->game), id);
}

static const CavItem *item(Scenario *s, gint32 id)
{
    return state_item(game_state(s->game), id);
}

/* ---- combat ------------------------------------------------------------------ */

static void test_damage_formula(void)
{
    CavRng rng = rng_at(5, RNG_STREAM_GAME, 1);
    gboolean low = FALSE, high = FALSE;

    g_assert_cmpint(rules_damage(5, 5, &rng), ==, 1);  /* attack = defense */
    g_assert_cmpint(rules_damage(0, 10, &rng), ==, 1); /* attack < defense */
    g_assert_cmpint(rules_damage(6, 5, &rng), ==, 1);  /* the range 1 … 1 */
    for (gint i = 0; i < 2000; i++) {
        gint32 d = rules_damage(20, 5, &rng);
        g_assert_cmpint(d, >=, 1);
        g_assert_cmpint(d, <=, 15);
        low |= d == 1;
        high |= d == 15;
    }
    g_assert_true(low && high);
}

/* A kill: the blow, the death with its cause, the corpse, the xp. */
static void test_kill(void)
{
    Scenario s;
    gint32 bat;
    const CavItem *corpse;

    scenario_setup(&s, room, NULL);
    /* Attack 20 against defense 20: every blow does exactly 1. */
    bat = scenario_spawn(&s, "bat", 0, 4, 2, 1, 0, 20);
    ASSERT_PLAY(&s, command_move(1, 0),
                "attacked(c1>c2 1) died(c2,killed by the player) item(i1 bat corpse 4,2) "
                "xp(c1 +20) upkeep(0)");
    g_assert_false(creature(&s, bat)->alive);
    g_assert_cmpint(creature(&s, 1)->kills, ==, 1);
    g_assert_cmpint(creature(&s, 1)->xp, ==, 20);
    g_assert_cmpint(creature(&s, 1)->food, ==, 666 - 2 - 1); /* the blow, the turn */
    corpse = item(&s, 1);
    g_assert_cmpint(corpse->food, ==, 1 * 5); /* max hp × 5 */
    g_assert_cmpstr(corpse->colour, ==, "bright yellow");
    g_assert_cmpint(corpse->rot_turns, ==, 200);
    /* The dead do not act: the next turn has only the player and upkeep. */
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0)");
    scenario_teardown(&s);
}

/* A dead goblin leaves its corpse where it fell and its gear around it. */
static void test_death_drops(void)
{
    Scenario s;
    gint32 goblin, sword, tunic;

    scenario_setup(&s, room, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 2, 1, 0, 20);
    sword = scenario_item(&s, "sword", goblin, 0, 0, 0, 1);
    tunic = scenario_item(&s, "tunic", goblin, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_move(1, 0),
                "attacked(c1>c2 1) died(c2,killed by the player) item(i3 goblin corpse 4,2) "
                "dropped(c2 i1 3,1) dropped(c2 i2 4,1) xp(c1 +20) upkeep(0)");
    g_assert_cmpint(item(&s, sword)->holder, ==, 0);
    g_assert_cmpint(item(&s, tunic)->holder, ==, 0);
    g_assert_cmpint(state_pack_used(creature(&s, goblin)), ==, 0);
    {
        const GArray *events = game_turn_events(s.game);
        gint64 died_seq = g_array_index(events, CavEvent, 1).seq;
        /* Corpse, drops and xp all name the death as their cause. */
        for (guint i = 2; i <= 5; i++)
            g_assert_cmpint(g_array_index(events, CavEvent, i).cause, ==, died_seq);
        g_assert_cmpint(g_array_index(events, CavEvent, 1).cause, ==,
                        g_array_index(events, CavEvent, 0).seq);
    }
    scenario_teardown(&s);
}

/* The player killed: the game ends with the cause; the pack stays. */
static void test_player_killed(void)
{
    Scenario s;
    gint32 bread;

    scenario_setup_player(&s, room, NULL, 1, 0);
    bread = scenario_item(&s, "bread", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "goblin", 0, 4, 2, -1, 0, -1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) attacked(c2>c1 1) died(c1,killed by a goblin) "
                "item(i2 player corpse 3,2) xp(c2 +25) lost(c1,killed by a goblin)");
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    g_assert_cmpstr(game_state(s.game)->cause, ==, "killed by a goblin");
    g_assert_cmpint(item(&s, bread)->holder, ==, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "rejected: The game is over.");
    scenario_teardown(&s);
}

/* ---- experience --------------------------------------------------------------- */

static void test_xp_thresholds(void)
{
    g_autoptr(CavContent) content = content_new_builtin();
    CavCreature victim = {.max_hp = 15, .attack = 5, .defense = 0};
    CavCreature killer = {.level = 3};

    /* level^1.75 × 25, worked by hand: 25, 84.09, 170.96, 282.84 */
    g_assert_cmpint(rules_xp_threshold(content, 1), ==, 25);
    g_assert_cmpint(rules_xp_threshold(content, 2), ==, 84);
    g_assert_cmpint(rules_xp_threshold(content, 3), ==, 170);
    g_assert_cmpint(rules_xp_threshold(content, 4), ==, 282);
    g_assert_cmpint(rules_kill_xp(&victim, &killer), ==, 15 + 5 + 0 - 3);
    killer.level = 30;
    g_assert_cmpint(rules_kill_xp(&victim, &killer), ==, 0);
}

/* Crossing two thresholds at once gives two levels, each healing, and the
 * player must choose both bonuses before anything else; choosing takes no time. */
static void test_level_up(void)
{
    Scenario s;
    const CavCreature *player;

    /* xp = 100 + 0 + 40 − 1 = 139: past 25 (level 1) and 84 (level 2), not 170. */
    scenario_setup_player(&s, room, NULL, 1000, 0);
    scenario_spawn(&s, "zombie", 0, 4, 2, 100, 0, 40);
    /* Wear it down with blows of exactly 1 (it regenerates a point every
     * 100 turns). The zombie hits back for 1. */
    for (gint i = 0; i < 300 && creature(&s, 2)->hp > 1; i++)
        g_free(scenario_play(&s, command_move(1, 0)));
    g_assert_cmpint(creature(&s, 2)->hp, ==, 1);
    player = creature(&s, 1);
    {
        g_autofree char *got = scenario_play(&s, command_move(1, 0));
        g_assert_nonnull(strstr(got, "xp(c1 +139) levelled(c1 2) levelled(c1 3) upkeep(0)"));
    }
    g_assert_cmpint(player->level, ==, 3);
    g_assert_cmpint(player->pending_bonuses, ==, 2);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "rejected: Choose the bonus of your new level first.");
    {
        gint32 turn = game_state(s.game)->turn, attack = player->attack, hp = player->hp;
        ASSERT_PLAY(&s, command_choose(CAV_BONUS_ATTACK), "chose(c1 attack)");
        ASSERT_PLAY(&s, command_choose(CAV_BONUS_MAX_HP), "chose(c1 max_hp)");
        g_assert_cmpint(player->attack, ==, attack + 2);
        g_assert_cmpint(player->max_hp, ==, 1010);
        g_assert_cmpint(player->hp, ==, hp + 10);
        g_assert_cmpint(game_state(s.game)->turn, ==, turn + 2);
    }
    ASSERT_PLAY(&s, command_choose(CAV_BONUS_VISION),
                "rejected: You have no level-up bonus to choose.");
    scenario_teardown(&s);
}

/* ---- food --------------------------------------------------------------------- */

static void test_starvation(void)
{
    Scenario s;

    scenario_setup_player(&s, room, NULL, 0, 2);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0) hunger(c1,starving)");
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) died(c1,starved) item(i1 player corpse 3,2) "
                "lost(c1,starved)");
    g_assert_cmpstr(game_state(s.game)->cause, ==, "starved");
    scenario_teardown(&s);
}

/* Eating past the limit grows the stomach, caps food and hurts; the lost hp
 * regenerates after 10 turns at the player's 100 per mille, paying 1 food. */
static void test_overeating_and_regeneration(void)
{
    Scenario s;
    const CavCreature *player;
    gint32 food;

    scenario_setup_player(&s, room, NULL, 0, 950);
    scenario_item(&s, "bread", 1, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_item(CMD_EAT, 1),
                "ate(c1 i1 400) overate(c1,1175) hurt(c1 1,overeating) upkeep(0) "
                "hunger(c1,stuffed)");
    player = creature(&s, 1);
    g_assert_cmpint(player->max_food, ==, (1000 + 1350) / 2);
    g_assert_cmpint(player->food, ==, 1175 - 1);
    g_assert_cmpint(player->hp, ==, 99);
    g_assert_cmpint(item(&s, 1)->count, ==, 0);
    g_assert_cmpint(state_pack_used(player), ==, 0);
    scenario_repeat(&s, command_simple(CMD_WAIT), 8); /* turns 2 … 9 */
    g_assert_cmpint(player->hp, ==, 99);
    food = player->food;
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0) regen(c1 +1,+0)");
    g_assert_cmpint(player->hp, ==, 100);
    g_assert_cmpint(player->food, ==, food - 2); /* the turn and the point */
    scenario_teardown(&s);
}

/* A corpse is fresh for 200 turns; eaten rotten it takes food and hurts. */
static void test_corpse_rot(void)
{
    Scenario s;
    const CavItemType *type;
    CavEvent e;

    scenario_setup(&s, room, NULL);
    type = content_item_type(game_content(s.game), "corpse");
    for (gint i = 1; i <= 2; i++) {
        e = ev_init(CAV_EVENT_ITEM_SPAWNED);
        e.as.ItemSpawned = (CavEvItemSpawned){
            .item = i, .food = 50, .rot_turns = type->rot_turns, .count = 1, .holder = 1};
        EV_SET_STR(e.as.ItemSpawned.type, "corpse");
        EV_SET_STR(e.as.ItemSpawned.name, "bat corpse");
        EV_SET_STR(e.as.ItemSpawned.glyph, "%");
        EV_SET_STR(e.as.ItemSpawned.colour, "yellow");
        EV_SET_STR(e.as.ItemSpawned.tags, "food;corpse");
        EV_SET_STR(e.as.ItemSpawned.features, "eat");
        EV_SET_STR(e.as.ItemSpawned.stack, "soft");
        scenario_fold(&s, e);
    }
    g_free(recorder_take(s.recorder));
    scenario_repeat(&s, command_simple(CMD_WAIT), 199);
    g_assert_false(state_item_rotten(game_state(s.game), item(&s, 1)));
    ASSERT_PLAY(&s, command_item(CMD_EAT, 1), "ate(c1 i1 50) upkeep(0)");
    g_assert_true(state_item_rotten(game_state(s.game), item(&s, 2)));
    {
        g_autofree char *got = scenario_play(&s, command_item(CMD_EAT, 2));
        g_assert_true(g_str_has_prefix(got, "ate(c1 i2 -25) hurt(c1 5,rotten food) upkeep(0)"));
    }
    scenario_teardown(&s);
}

/* ---- items -------------------------------------------------------------------- */

static void test_hard_stacks(void)
{
    Scenario s;
    gint32 rocks, floor_rock, sword;

    scenario_setup(&s, room, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    floor_rock = scenario_item(&s, "rock", 0, 0, PLAYER_X, PLAYER_Y, 1);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_simple(CMD_PICKUP), "picked(c1 i2>i1) upkeep(0)");
    g_assert_cmpint(item(&s, rocks)->count, ==, 4);
    g_assert_cmpint(item(&s, floor_rock)->count, ==, 0);
    g_assert_cmpint(state_pack_used(creature(&s, 1)), ==, 2);
    ASSERT_PLAY(&s, command_item(CMD_DROP, rocks), "dropped(c1 i1/i4 3,2) upkeep(0)");
    g_assert_cmpint(item(&s, rocks)->count, ==, 3);
    g_assert_cmpint(item(&s, 4)->count, ==, 1);
    g_assert_cmpint(item(&s, 4)->holder, ==, 0);
    ASSERT_PLAY(&s, command_item(CMD_DROP, rocks), "dropped(c1 i1>i4 3,2) upkeep(0)");
    g_assert_cmpint(item(&s, 4)->count, ==, 2);
    g_assert_cmpint(item(&s, rocks)->count, ==, 2);
    /* The rocks lie here: the sword goes to the nearest free cell. */
    ASSERT_PLAY(&s, command_item(CMD_DROP, sword), "dropped(c1 i3 2,1) upkeep(0)");
    ASSERT_PLAY(&s, command_item(CMD_DROP, 99), "rejected: You do not have that.");
    ASSERT_PLAY(&s, command_move(1, 0), "moved(c1 3,2>4,2) upkeep(0)");
    ASSERT_PLAY(&s, command_simple(CMD_PICKUP), "rejected: There is nothing here to pick up.");
    ASSERT_PLAY(&s, command_item(CMD_EAT, rocks), "rejected: You cannot eat that.");
    scenario_teardown(&s);
}

/* Twenty slots; a hard stack still merges into a full pack. */
static void test_pack_full(void)
{
    Scenario s;

    scenario_setup(&s, room, NULL);
    scenario_item(&s, "rock", 1, 0, 0, 0, 1);
    for (gint i = 1; i < CAV_PACK_SLOTS; i++)
        scenario_item(&s, "dagger", 1, 0, 0, 0, 1);
    scenario_item(&s, "sword", 0, 0, 4, 2, 1);
    scenario_item(&s, "rock", 0, 0, 5, 2, 1);
    g_free(scenario_play(&s, command_move(1, 0)));
    ASSERT_PLAY(&s, command_simple(CMD_PICKUP), "rejected: Your pack is full.");
    g_free(scenario_play(&s, command_move(1, 0)));
    ASSERT_PLAY(&s, command_simple(CMD_PICKUP), "picked(c1 i22>i1) upkeep(0)");
    scenario_teardown(&s);
}

static void test_equip(void)
{
    Scenario s;
    gint32 sword, tunic, staff, apple;
    const CavState *state;

    scenario_setup(&s, room, NULL);
    state = game_state(s.game);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    tunic = scenario_item(&s, "tunic", 1, 0, 0, 0, 1);
    staff = scenario_item(&s, "staff", 1, 0, 0, 0, 1);
    apple = scenario_item(&s, "apple", 1, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_item(CMD_EQUIP, sword), "equipped(c1 i1 weapon) upkeep(0)");
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 30);
    ASSERT_PLAY(&s, command_item(CMD_EQUIP, tunic), "equipped(c1 i2 armour) upkeep(0)");
    g_assert_cmpint(state_defense(state, creature(&s, 1)), ==, 7);
    /* The staff (attack 5 ≥ defense 3) goes in the weapon hand, replacing the sword. */
    ASSERT_PLAY(&s, command_item(CMD_EQUIP, staff), "equipped(c1 i3 weapon) upkeep(0)");
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 25);
    g_assert_cmpint(state_defense(state, creature(&s, 1)), ==, 10);
    ASSERT_PLAY(&s, command_item(CMD_EQUIP, staff), "unequipped(c1 i3) upkeep(0)");
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 20);
    ASSERT_PLAY(&s, command_item(CMD_EQUIP, apple), "rejected: You cannot wield or wear that.");
    /* Dropping worn armour takes it off. */
    ASSERT_PLAY(&s, command_item(CMD_DROP, tunic), "dropped(c1 i2 3,2) upkeep(0)");
    g_assert_cmpint(creature(&s, 1)->armour, ==, 0);
    scenario_teardown(&s);
}

static const char *const exit_room[] = {
    "#######", "#<@...#", "#.....#", "#######", NULL,
};

static void test_win_with_bear(void)
{
    Scenario s;

    scenario_setup(&s, exit_room, NULL);
    scenario_item(&s, "teddy bear", 1, 0, 0, 0, 1);
    g_free(scenario_play(&s, command_move(-1, 0)));
    ASSERT_PLAY(&s, command_simple(CMD_ASCEND), "won(c1)");
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_WON);
    g_assert_cmpint(state_score(game_state(s.game)), ==, 100 + 0 + 0 + 1000);
    scenario_teardown(&s);
}

/* ---- behaviours ----------------------------------------------------------------- */

static const char *const hall[] = {
    "##########################################", "#........................................#",
    "#........................................#", "#........................................#",
    "#........................................#", "#........................................#",
    "#........................................#", "#........................................#",
    "#........................................#", "#.@......................................#",
    "##########################################", NULL,
};

/* Fungi spread within 2 cells at 2 % a turn, and a colony stops at 20. */
static void test_fungus_colony(void)
{
    Scenario s;
    gint32 founder, spreads = 0;
    const CavState *state;

    scenario_setup_player(&s, hall, NULL, 0, 1000);
    state = game_state(s.game);
    founder = scenario_spawn(&s, "fungus", 0, 30, 4, -1, -1, -1);
    for (gint turn = 0; turn < 800; turn++) {
        g_autofree char *got = scenario_play(&s, command_simple(CMD_WAIT));
        const GArray *events = game_turn_events(s.game);
        for (guint i = 0; i < events->len; i++) {
            const CavEvent *e = &g_array_index(events, CavEvent, i);
            const CavCreature *parent, *child;
            if (e->type != CAV_EVENT_FUNGUS_SPREAD)
                continue;
            spreads++;
            parent = state_creature(state, e->as.FungusSpread.parent);
            child = state_creature(state, e->as.FungusSpread.child);
            g_assert_cmpint(e->as.FungusSpread.colony, ==, founder);
            g_assert_cmpint(child->colony, ==, founder);
            g_assert_cmpint(ABS(child->x - parent->x), <=, 2);
            g_assert_cmpint(ABS(child->y - parent->y), <=, 2);
        }
        g_assert_cmpint(creature(&s, founder)->colony_size, <=, 20);
    }
    g_assert_cmpint(creature(&s, founder)->colony_size, ==, 20);
    g_assert_cmpint(spreads, ==, 19);
    g_assert_cmpint(state->creature_count, ==, 21);
    scenario_teardown(&s);
}

/* A bat blunders two steps a turn; one on another level waits. */
static void test_bat(void)
{
    Scenario s;
    gint32 twice = 0, moves_below = 0;

    scenario_setup_player(&s, hall, hall, 0, 1000);
    scenario_spawn(&s, "bat", 0, 30, 4, -1, -1, -1);
    scenario_spawn(&s, "bat", 1, 30, 4, -1, -1, -1);
    for (gint turn = 0; turn < 60; turn++) {
        const GArray *events;
        gint32 moves = 0;
        g_free(scenario_play(&s, command_simple(CMD_WAIT)));
        events = game_turn_events(s.game);
        for (guint i = 0; i < events->len; i++) {
            const CavEvent *e = &g_array_index(events, CavEvent, i);
            moves += e->type == CAV_EVENT_CREATURE_MOVED && e->as.CreatureMoved.creature == 2;
            moves_below += e->actor == 3;
        }
        g_assert_cmpint(moves, <=, 2);
        twice += moves == 2;
    }
    g_assert_cmpint(twice, >, 10);
    g_assert_cmpint(moves_below, ==, 0);
    g_assert_cmpint(creature(&s, 3)->x, ==, 30);
    scenario_teardown(&s);
}

static gint32 distance(const CavCreature *a, const CavCreature *b)
{
    return MAX(ABS(a->x - b->x), ABS(a->y - b->y));
}

/* A zombie that sees the player closes in (idling some turns) and strikes. */
static void test_zombie_hunts(void)
{
    Scenario s;
    gint32 zombie, idle = 0, before;
    gboolean struck = FALSE;

    scenario_setup_player(&s, hall, NULL, 1000, 1000);
    zombie = scenario_spawn(&s, "zombie", 0, 9, 5, -1, -1, -1);
    for (gint turn = 0; turn < 60 && !struck; turn++) {
        g_autofree char *got = NULL;
        before = distance(creature(&s, zombie), creature(&s, 1));
        got = scenario_play(&s, command_simple(CMD_WAIT));
        g_assert_cmpint(distance(creature(&s, zombie), creature(&s, 1)), <=, before);
        idle += distance(creature(&s, zombie), creature(&s, 1)) == before && before > 1;
        struck = strstr(got, "attacked(c2>c1") != NULL;
    }
    g_assert_true(struck);
    g_assert_cmpint(idle, >=, 0);
    scenario_teardown(&s);
}

static const char *const walled[] = {
    "####################", "#.@....#...........#", "#......#...........#",
    "#......#...........#", "####################", NULL,
};

/* A goblin first puts on better gear it carries, then picks up what it
 * stands on when it does not see the player. */
static void test_goblin(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, walled, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 14, 2, -1, -1, -1);
    scenario_item(&s, "dagger", goblin, 0, 0, 0, 1);
    scenario_item(&s, "sword", goblin, 0, 0, 0, 1);
    scenario_item(&s, "apple", 0, 0, 14, 2, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) equipped(c2 i2 weapon) upkeep(0)");
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) picked(c2 i3) upkeep(0)");
    g_assert_cmpint(item(&s, 3)->holder, ==, goblin);
    g_assert_cmpint(state_attack(game_state(s.game), creature(&s, goblin)), ==, 15 + 10);
    scenario_teardown(&s);
}

/* ---- messages ----------------------------------------------------------------- */

static const char *const two_rooms[] = {
    "#########################",
    "#.@.....#...............#",
    "#.......#...............#",
    "#########################",
    NULL,
};

/* Second person for the player's deeds, third for what they see, and nothing
 * for what happens behind a wall. */
static void test_messages_perception(void)
{
    Scenario s;
    g_autofree char *seen = NULL, *own = NULL;

    scenario_setup_player(&s, two_rooms, NULL, 0, 0);
    scenario_spawn(&s, "bat", 0, 3, 1, 1, 0, 20);
    scenario_spawn(&s, "goblin", 0, 12, 1, -1, -1, -1);
    scenario_spawn(&s, "bat", 0, 13, 1, 1, 0, 0); /* beside the goblin, behind the wall */
    g_free(scenario_play(&s, command_move(1, 0)));
    own = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(own, "You kill the bat."));
    /* A fight behind the wall gives no message. */
    for (gint i = 0; i < 60 && creature(&s, 4)->alive; i++) {
        g_autofree char *text = NULL;
        g_free(scenario_play(&s, command_simple(CMD_WAIT)));
        text = scenario_turn_messages(&s);
        g_assert_null(strstr(text, "goblin"));
        g_assert_null(strstr(text, "bat"));
    }
    g_assert_false(creature(&s, 4)->alive); /* the fight did happen */
    scenario_teardown(&s);

    scenario_setup_player(&s, two_rooms, NULL, 0, 0);
    scenario_spawn(&s, "goblin", 0, 4, 1, -1, 0, -1);
    g_free(scenario_play(&s, command_simple(CMD_WAIT)));
    g_free(scenario_play(&s, command_simple(CMD_WAIT)));
    seen = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(seen, "The goblin hits you."));
    scenario_teardown(&s);
}

/* An item lying on stairs hides them on the map, so stepping onto it says
 * where it lies: "You see here a dagger, on the stairs down." */
static const char *const stairs_row[] = {"######", "#@>.<#", "######", NULL};

static void test_messages_item_on_stairs(void)
{
    Scenario s;
    g_autofree char *down = NULL, *floor = NULL, *up = NULL;

    scenario_setup(&s, stairs_row, NULL);
    scenario_item(&s, "dagger", 0, 0, 2, 1, 1);
    scenario_item(&s, "rock", 0, 0, 3, 1, 1);
    scenario_item(&s, "apple", 0, 0, 4, 1, 1);
    g_free(scenario_play(&s, command_move(1, 0)));
    down = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(down, "You see here a dagger, on the stairs down."));
    g_free(scenario_play(&s, command_move(1, 0)));
    floor = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(floor, "You see here a rock."));
    g_free(scenario_play(&s, command_move(1, 0)));
    up = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(up, "You see here an apple, on the way out."));
    scenario_teardown(&s);
}

/* Items are named with "a" (a bat corpse too), and mail, a mass noun,
 * without: "You see here platemail." */
static void test_messages_articles(void)
{
    Scenario s;
    g_autofree char *corpse = NULL, *mail = NULL, *picked = NULL;

    scenario_setup_player(&s, two_rooms, NULL, 0, 0);
    scenario_spawn(&s, "bat", 0, 3, 1, 1, 0, 20);
    scenario_item(&s, "platemail", 0, 0, 4, 1, 1);
    g_free(scenario_play(&s, command_move(1, 0))); /* kills the bat */
    g_free(scenario_play(&s, command_move(1, 0)));
    corpse = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(corpse, "You see here a bat corpse."));
    g_free(scenario_play(&s, command_move(1, 0)));
    mail = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(mail, "You see here platemail."));
    g_free(scenario_play(&s, command_simple(CMD_PICKUP)));
    picked = scenario_turn_messages(&s);
    g_assert_nonnull(strstr(picked, "You pick up platemail."));
    scenario_teardown(&s);
}

/* ---- validation of the new events ----------------------------------------------- */

static void test_validate_new_events(void)
{
    Scenario s;
    CavEvent e;
    gint32 bat;

    scenario_setup(&s, room, NULL);
    bat = scenario_spawn(&s, "bat", 0, 4, 2, -1, -1, -1);
    scenario_item(&s, "sword", 0, 0, 6, 2, 1);
    e = ev_init(CAV_EVENT_CREATURE_ATTACKED);
    e.actor = 1;
    e.as.CreatureAttacked = (CavEvCreatureAttacked){.creature = 1, .target = bat, .damage = 21};
    scenario_assert_refused(&s, e, TRUE, "cannot come from attack 20 against defense 0");
    e.as.CreatureAttacked.damage = 0;
    scenario_assert_refused(&s, e, TRUE, "a blow of 0");
    e = ev_init(CAV_EVENT_CREATURE_DIED);
    e.as.CreatureDied.creature = bat;
    EV_SET_STR(e.as.CreatureDied.cause, "killed by the player");
    scenario_assert_refused(&s, e, FALSE, "is not dying");
    e = ev_init(CAV_EVENT_ITEM_PICKED_UP);
    e.actor = 1;
    e.as.ItemPickedUp = (CavEvItemPickedUp){.creature = 1, .item = 1};
    scenario_assert_refused(&s, e, TRUE, "cannot reach item 1");
    e = ev_init(CAV_EVENT_ITEM_EQUIPPED);
    e.actor = 1;
    e.as.ItemEquipped = (CavEvItemEquipped){.creature = 1, .item = 1};
    EV_SET_STR(e.as.ItemEquipped.slot, "weapon");
    scenario_assert_refused(&s, e, TRUE, "does not carry item 1");
    e = ev_init(CAV_EVENT_LEVEL_UP_CHOSEN);
    e.actor = 1;
    e.as.LevelUpChosen.creature = 1;
    EV_SET_STR(e.as.LevelUpChosen.bonus, "attack");
    scenario_assert_refused(&s, e, TRUE, "no bonus to choose");
    e = ev_init(CAV_EVENT_XP_GAINED);
    e.as.XpGained = (CavEvXpGained){.creature = 1, .amount = 1000};
    scenario_assert_refused(&s, e, FALSE, "consequence of another event");
    e = ev_init(CAV_EVENT_GAME_WON);
    e.actor = 1;
    e.as.GameWon.creature = 1;
    scenario_assert_refused(&s, e, TRUE, "with the bear at the exit");
    /* Kill the bat for real; then it can no longer act. */
    scenario_teardown(&s);

    scenario_setup(&s, room, NULL);
    bat = scenario_spawn(&s, "bat", 0, 4, 2, 1, 0, 20);
    g_free(scenario_play(&s, command_move(1, 0)));
    g_assert_false(creature(&s, bat)->alive);
    e = ev_init(CAV_EVENT_CREATURE_WAITED);
    e.actor = bat;
    e.as.CreatureWaited.creature = bat;
    scenario_assert_refused(&s, e, FALSE, "acts after its death");
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rules/combat/damage-formula", test_damage_formula);
    g_test_add_func("/rules/combat/kill", test_kill);
    g_test_add_func("/rules/combat/death-drops", test_death_drops);
    g_test_add_func("/rules/combat/player-killed", test_player_killed);
    g_test_add_func("/rules/xp/thresholds", test_xp_thresholds);
    g_test_add_func("/rules/xp/level-up", test_level_up);
    g_test_add_func("/rules/food/starvation", test_starvation);
    g_test_add_func("/rules/food/overeating-and-regeneration", test_overeating_and_regeneration);
    g_test_add_func("/rules/food/corpse-rot", test_corpse_rot);
    g_test_add_func("/rules/items/hard-stacks", test_hard_stacks);
    g_test_add_func("/rules/items/pack-full", test_pack_full);
    g_test_add_func("/rules/items/equip", test_equip);
    g_test_add_func("/rules/items/win-with-bear", test_win_with_bear);
    g_test_add_func("/rules/creatures/fungus-colony", test_fungus_colony);
    g_test_add_func("/rules/creatures/bat", test_bat);
    g_test_add_func("/rules/creatures/zombie-hunts", test_zombie_hunts);
    g_test_add_func("/rules/creatures/goblin", test_goblin);
    g_test_add_func("/rules/messages/perception", test_messages_perception);
    g_test_add_func("/rules/messages/articles", test_messages_articles);
    g_test_add_func("/rules/messages/item-on-stairs", test_messages_item_on_stairs);
    g_test_add_func("/rules/validate/new-events", test_validate_new_events);
    return g_test_run();
}
