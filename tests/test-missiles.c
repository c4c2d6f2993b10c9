/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-missiles.c — throwing, firing, potions and effects on hand-made
 * scenarios, asserted as compact event streams (STYLE.md §14): a throw that
 * hits, kills, misses or meets a wall; fire with and without a bow; each
 * potion's effect from start to end; overlapping effects; death by poison
 * ending its effects; thrown potions; each goblin priority; and validation
 * of every new event. Scenarios give potions their looks in file order
 * (health red, mana yellow, slow health green, poison cyan, warrior's blue,
 * archer's magenta, experience dark). */
#include <string.h>

#include "messages.h"
#include "rules.h"
#include "scenario.h"

static const char *const room[] = {
    "############", "#..........#", "#..@.......#", "#..........#",
    "#..........#", "############", NULL,
};

static const char *const nook[] = {
    "##########",
    "#@..#....#",
    "##########",
    NULL,
};

static const CavCreature *creature(Scenario *s, gint32 id)
{
    return state_creature(game_state(s->game), id);
}

static const CavItem *item(Scenario *s, gint32 id)
{
    return state_item(game_state(s->game), id);
}

/* A fungus that never dies of a blow's worth: a still target. */
static gint32 still_target(Scenario *s, gint32 x, gint32 y, gint32 hp)
{
    return scenario_spawn(s, "fungus", 0, x, y, hp, 0, 20);
}

/* ---- throwing -------------------------------------------------------------- */

/* A stack splits: one rock flies, hits for attack 20 ÷ 2 + 5 = 15 against
 * defense 20 (exactly 1), and lies where the fungus stands. */
static void test_throw_hit(void)
{
    Scenario s;
    gint32 rocks, fungus;

    scenario_setup(&s, room, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    fungus = still_target(&s, 7, 2, 50);
    scenario_assert_starts(&s, command_throw(rocks, 7, 2), "thrown(c1 i1/i2>c2 1 7,2)");
    g_assert_cmpint(item(&s, rocks)->count, ==, 2);
    g_assert_cmpint(item(&s, 2)->count, ==, 1);
    g_assert_cmpint(item(&s, 2)->holder, ==, 0);
    g_assert_true(state_item_at(game_state(s.game), 0, 7, 2) == item(&s, 2));
    g_assert_cmpint(creature(&s, fungus)->hp, ==, 49);
    g_assert_cmpint(creature(&s, 1)->food, ==, 666 - 2 - 1); /* the throw, the turn */
    scenario_teardown(&s);
}

/* The attack a missile carries: the thrower's attack ÷ 2 with its effects
 * and without its wielded weapon, plus the missile's value (GAME.md
 * "Combat"). A player of attack 20 wielding a sword (+10) under a warrior's
 * potion (+5): (20 + 5) ÷ 2 + 5 = 17 for a rock; with a bow (+1) the same
 * attack plus its ranged 5. */
static void test_missile_attack(void)
{
    Scenario s;
    const CavState *state;
    gint32 sword, bow, warrior;

    scenario_setup(&s, room, NULL);
    state = game_state(s.game);
    sword = scenario_item(&s, "sword", 1, 0, 0, 0, 1);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    warrior = scenario_item(&s, "warrior's potion", 1, 0, 0, 0, 1);
    g_assert_cmpint(rules_missile_attack(state, creature(&s, 1), 5), ==, 20 / 2 + 5);
    g_free(scenario_play(&s, command_item(CMD_EQUIP, sword)));
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 30);
    g_assert_cmpint(rules_missile_attack(state, creature(&s, 1), 5), ==, 20 / 2 + 5);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, warrior)));
    g_assert_cmpint(rules_missile_attack(state, creature(&s, 1), 5), ==, 25 / 2 + 5);
    g_free(scenario_play(&s, command_item(CMD_EQUIP, bow)));
    g_assert_cmpint(creature(&s, 1)->weapon, ==, bow);
    g_assert_cmpint(rules_missile_attack(state, creature(&s, 1), item(&s, bow)->ranged), ==,
                    25 / 2 + 5);
    scenario_teardown(&s);
}

/* A kill by a missile: xp, a corpse and a cause that names the missile. */
static void test_throw_kill(void)
{
    Scenario s;
    gint32 dagger;

    scenario_setup(&s, room, NULL);
    dagger = scenario_item(&s, "dagger", 1, 0, 0, 0, 1);
    still_target(&s, 7, 2, 1);
    ASSERT_PLAY(&s, command_throw(dagger, 7, 2),
                "thrown(c1 i1>c2 1 7,2) died(c2,killed by the player's dagger) "
                "item(i2 fungus corpse 6,1) xp(c1 +20) upkeep(0)");
    g_assert_cmpint(item(&s, dagger)->holder, ==, 0);
    g_assert_cmpint(state_pack_used(creature(&s, 1)), ==, 0);
    g_assert_cmpint(creature(&s, 1)->kills, ==, 1);
    scenario_teardown(&s);
}

/* Thrown at an empty cell, it lands there; thrown at a wall, it lands on
 * the last open cell before it; never in the wall. */
static void test_throw_miss_and_wall(void)
{
    Scenario s;
    gint32 rocks;

    scenario_setup(&s, room, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 2);
    ASSERT_PLAY(&s, command_throw(rocks, 8, 3), "thrown(c1 i1/i2 8,3) upkeep(0)");
    g_assert_true(state_item_at(game_state(s.game), 0, 8, 3) == item(&s, 2));
    /* The last rock: no split; a second throw at the same cell lands beside. */
    ASSERT_PLAY(&s, command_throw(rocks, 8, 3), "thrown(c1 i1 7,2) upkeep(0)");
    g_assert_cmpint(state_pack_used(creature(&s, 1)), ==, 0);
    scenario_teardown(&s);

    scenario_setup(&s, nook, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 2);
    ASSERT_PLAY(&s, command_throw(rocks, 4, 1), "thrown(c1 i1/i2 3,1) upkeep(0)");
    g_assert_cmpint(state_tile(game_state(s.game), 0, 4, 1), ==, TILE_WALL);
    /* Behind the wall is out of sight; your own cell is no target. */
    ASSERT_PLAY(&s, command_throw(rocks, 6, 1), "rejected: You cannot see there.");
    ASSERT_PLAY(&s, command_throw(rocks, 1, 1), "rejected: Aim at something other than yourself.");
    ASSERT_PLAY(&s, command_throw(99, 2, 1), "rejected: You do not have that.");
    g_assert_cmpint(game_state(s.game)->turn, ==, 1);
    scenario_teardown(&s);
}

/* ---- firing ------------------------------------------------------------------- */

static void test_fire(void)
{
    Scenario s;
    gint32 bow, fungus;

    scenario_setup(&s, room, NULL);
    ASSERT_PLAY(&s, command_fire(7, 2), "rejected: You wield nothing that shoots.");
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    fungus = still_target(&s, 7, 2, 50);
    ASSERT_PLAY(&s, command_fire(7, 2), "rejected: You wield nothing that shoots.");
    g_assert_cmpint(game_state(s.game)->turn, ==, 0);
    g_free(scenario_play(&s, command_item(CMD_EQUIP, bow)));
    /* attack 20 ÷ 2 + ranged 5 against defense 20: exactly 1. No ammunition. */
    scenario_assert_starts(&s, command_fire(7, 2), "fired(c1 i1>c2 1 7,2)");
    g_assert_cmpint(creature(&s, fungus)->hp, ==, 49);
    g_assert_cmpint(creature(&s, 1)->weapon, ==, bow);
    ASSERT_PLAY(&s, command_fire(9, 4), "fired(c1 i1 9,4) upkeep(0)");
    scenario_teardown(&s);
}

/* ---- potions and effects -------------------------------------------------------- */

/* Poison: 20 turns of −1 hp, then it wears off; the drinker knows cyan. */
static void test_poison(void)
{
    Scenario s;
    gint32 poison;

    scenario_setup(&s, room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, poison),
                "quaffed(c1 i1) effect(e1 poison c1 20) "
                "identified(c1 cyan=potion of poison drank one) upkeep(0) ticked(0 x1)");
    g_assert_cmpint(creature(&s, 1)->hp, ==, 99);
    g_assert_true(state_knows_item(game_state(s.game), creature(&s, 1), item(&s, poison)));
    /* 18 more points lost, 1 regenerated (a point per 10 turns hurt) */
    scenario_repeat(&s, command_simple(CMD_WAIT), 18);
    g_assert_cmpint(creature(&s, 1)->hp, ==, 82);
    g_assert_cmpint(state_effect(game_state(s.game), 1)->remaining, ==, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) ticked(0 x1) ended(e1 c1 wore off)");
    g_assert_cmpint(creature(&s, 1)->hp, ==, 81);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0) regen(c1 +1,+0)");
    g_assert_cmpint(creature(&s, 1)->hp, ==, 82);
    scenario_teardown(&s);
}

/* Health heals at once what is missing, up to 15; at full hp it changes
 * nothing, and no change is recorded. */
static void test_health(void)
{
    Scenario s;
    gint32 health;

    scenario_setup(&s, room, NULL);
    health = scenario_item(&s, "potion of health", 1, 0, 0, 0, 2);
    scenario_hurt(&s, 1, 10);
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, health),
                "quaffed(c1 i1) effect(e1 health c1 1) "
                "identified(c1 red=potion of health drank one) applied(e1 c1 +10,+0) upkeep(0) "
                "ticked(0 x1) ended(e1 c1 wore off)");
    g_assert_cmpint(creature(&s, 1)->hp, ==, 100);
    g_assert_cmpint(item(&s, health)->count, ==, 1);
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, health),
                "quaffed(c1 i1) effect(e2 health c1 1) upkeep(0) ticked(0 x1) "
                "ended(e2 c1 wore off)");
    g_assert_cmpint(state_pack_used(creature(&s, 1)), ==, 0);
    scenario_teardown(&s);
}

/* Warrior's and archer's potions add to the numbers while they last;
 * experience pays level × 5 xp at its start; mana fills up to the maximum;
 * slow health heals a point a turn. */
static void test_modifiers(void)
{
    Scenario s;
    const CavState *state;
    gint32 warrior, archer, xp, mana, slow;

    scenario_setup(&s, room, NULL);
    state = game_state(s.game);
    warrior = scenario_item(&s, "warrior's potion", 1, 0, 0, 0, 1);
    archer = scenario_item(&s, "archer's potion", 1, 0, 0, 0, 1);
    xp = scenario_item(&s, "potion of experience", 1, 0, 0, 0, 1);
    mana = scenario_item(&s, "potion of mana", 1, 0, 0, 0, 1);
    slow = scenario_item(&s, "potion of slow health", 1, 0, 0, 0, 1);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, warrior)));
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 25);
    g_assert_cmpint(state_defense(state, creature(&s, 1)), ==, 10);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, archer)));
    g_assert_cmpint(state_vision(creature(&s, 1)), ==, 12);
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, xp),
                "quaffed(c1 i3) effect(e3 experience c1 20) "
                "identified(c1 dark=potion of experience drank one) xp(c1 +5) upkeep(0) "
                "ticked(0 x3)");
    g_assert_cmpint(creature(&s, 1)->xp, ==, 5);
    /* Mana is full: nothing shows, so nothing is learned. */
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, mana),
                "quaffed(c1 i4) effect(e4 mana c1 1) upkeep(0) ticked(0 x4) "
                "ended(e4 c1 wore off)");
    g_assert_false(state_knows_item(state, creature(&s, 1), item(&s, mana)));
    scenario_hurt(&s, 1, 5);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, slow)));
    g_assert_cmpint(creature(&s, 1)->hp, ==, 96); /* one tick of +1 */
    scenario_repeat(&s, command_simple(CMD_WAIT), 14);
    /* Turn 20, the warrior's potion's 20th: it wears off, and the numbers
     * return; the archer's, drunk a turn later, goes a turn later. */
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) ticked(0 x4) ended(e1 c1 wore off)");
    g_assert_cmpint(state_attack(state, creature(&s, 1)), ==, 20);
    g_assert_cmpint(state_defense(state, creature(&s, 1)), ==, 5);
    g_assert_cmpint(state_vision(creature(&s, 1)), ==, 12);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) ticked(0 x3) ended(e2 c1 wore off)");
    g_assert_cmpint(state_vision(creature(&s, 1)), ==, 9);
    g_assert_cmpint(creature(&s, 1)->hp, ==, 100);
    scenario_teardown(&s);
}

/* Two potions of poison are two effects, each with its own count. */
static void test_overlapping(void)
{
    Scenario s;
    gint32 poison;

    scenario_setup(&s, room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, poison)));
    scenario_repeat(&s, command_simple(CMD_WAIT), 4);
    ASSERT_PLAY(&s, command_item(CMD_QUAFF, poison),
                "quaffed(c1 i1) effect(e2 poison c1 20) upkeep(0) ticked(0 x2)");
    g_assert_cmpint(creature(&s, 1)->hp, ==, 100 - 5 - 2);
    scenario_repeat(&s, command_simple(CMD_WAIT), 13);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) ticked(0 x2) ended(e1 c1 wore off)");
    /* (a point of hp may regenerate after the tick) */
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) upkeep(0) ticked(0 x1)");
    g_assert_cmpint(state_effect(game_state(s.game), 2)->remaining, ==, 4);
    scenario_teardown(&s);
}

/* Death by poison: the corpse, the effect ended with its holder, the end. */
static void test_poison_kills(void)
{
    Scenario s;
    gint32 poison;

    scenario_setup_player(&s, room, NULL, 2, 0);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, poison)));
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) upkeep(0) ticked(0 x1) died(c1,poison) item(i2 player corpse 3,2) "
                "ended(e1 c1 its holder died) lost(c1,poison)");
    g_assert_false(state_effect(game_state(s.game), 1)->active);
    g_assert_cmpstr(game_state(s.game)->cause, ==, "poison");
    scenario_teardown(&s);
}

/* A thrown potion breaks over whom it hits and works on them; a miss
 * breaks on the floor and is gone. */
static void test_thrown_potion(void)
{
    Scenario s;
    gint32 poison, fungus;

    scenario_setup(&s, room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    fungus = still_target(&s, 7, 2, 3);
    scenario_assert_starts(&s, command_throw(poison, 7, 2),
                           "thrown(c1 i1/i2>c2 1 7,2) effect(e1 poison c2 20) "
                           "identified(c1 cyan=potion of poison saw one break) "
                           "identified(c2 cyan=potion of poison was hit by one)");
    g_assert_cmpint(item(&s, 2)->count, ==, 0);
    g_assert_null(state_item_at(game_state(s.game), 0, 7, 2));
    g_assert_cmpint(creature(&s, fungus)->hp, ==, 1); /* the blow and a tick */
    /* The thrower saw it break on the fungus. */
    g_assert_true(state_knows_item(game_state(s.game), creature(&s, 1), item(&s, poison)));
    scenario_assert_starts(&s, command_simple(CMD_WAIT),
                           "waited(c1) upkeep(0) ticked(0 x1) died(c2,poison)");
    ASSERT_PLAY(&s, command_throw(poison, 9, 4), "thrown(c1 i1 9,4) upkeep(0)");
    g_assert_cmpint(item(&s, poison)->count, ==, 0);
    g_assert_null(state_item_at(game_state(s.game), 0, 9, 4));
    scenario_teardown(&s);
}

/* ---- goblins ----------------------------------------------------------------- */

static const char *const hall[] = {
    "######################",
    "#..@.................#",
    "#....................#",
    "######################",
    NULL,
};

/* Below half hp a goblin drinks what it carries, known or not. */
static void test_goblin_drinks(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, nook, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 7, 1, -1, -1, -1);
    scenario_item(&s, "potion of health", goblin, 0, 0, 0, 1);
    scenario_hurt(&s, goblin, 40);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT),
                "waited(c1) quaffed(c2 i1) effect(e1 health c2 1) "
                "identified(c2 red=potion of health drank one) applied(e1 c2 +15,+0) upkeep(0) "
                "ticked(0 x1) ended(e1 c2 wore off)");
    g_assert_cmpint(creature(&s, goblin)->hp, ==, 66 - 40 + 15);
    scenario_teardown(&s);
}

/* A goblin that sees the player at range fires its bow, or throws its best
 * spare missile (rocks over a spare sword), never its own gear; next to the
 * player it throws too, and fights hand to hand only with nothing to throw. */
static void test_goblin_ranged(void)
{
    Scenario s;
    gint32 goblin;

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 10, 1, -1, -1, -1);
    scenario_item(&s, "bow", goblin, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) equipped(c2 i1 weapon) upkeep(0)");
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) fired(c2 i1>c1 ");
    scenario_teardown(&s);

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 10, 1, -1, -1, -1);
    scenario_item(&s, "dagger", goblin, 0, 0, 0, 1);
    scenario_item(&s, "rock", goblin, 0, 0, 0, 3);
    scenario_item(&s, "sword", goblin, 0, 0, 0, 1);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) equipped(c2 i3 weapon) upkeep(0)");
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) thrown(c2 i1>c1 ");
    g_assert_cmpint(creature(&s, goblin)->weapon, ==, 3);
    g_assert_cmpint(state_pack_used(creature(&s, goblin)), ==, 2);
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) thrown(c2 i2/i4>c1 ");
    scenario_teardown(&s);

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    scenario_item(&s, "rock", goblin, 0, 0, 0, 3);
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) thrown(c2 i1/i2>c1 ");
    scenario_teardown(&s);

    scenario_setup(&s, hall, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    scenario_item(&s, "apple", goblin, 0, 0, 0, 3);
    scenario_assert_starts(&s, command_simple(CMD_WAIT), "waited(c1) attacked(c2>c1 ");
    scenario_teardown(&s);
}

/* Out of sight, a goblin picks up what it stands on, into a stack it has. */
static void test_goblin_stacks(void)
{
    Scenario s;
    gint32 goblin, rocks;

    scenario_setup(&s, nook, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, 7, 1, -1, -1, -1);
    rocks = scenario_item(&s, "rock", goblin, 0, 0, 0, 2);
    scenario_item(&s, "rock", 0, 0, 7, 1, 3);
    ASSERT_PLAY(&s, command_simple(CMD_WAIT), "waited(c1) picked(c2 i2>i1) upkeep(0)");
    g_assert_cmpint(item(&s, rocks)->count, ==, 5);
    g_assert_cmpint(state_pack_used(creature(&s, goblin)), ==, 1);
    scenario_teardown(&s);
}

/* ---- messages -------------------------------------------------------------------- */

/* The player's messages, worded as each event is published (the state then
 * is the state right after that event, as the terminal sees it). */
typedef struct {
    Scenario *s;
    GString *all;
} Listener;

static void listen(const CavEvent *event, gpointer user_data)
{
    Listener *l = user_data;
    g_autoptr(GString) line = g_string_new(NULL);

    if (messages_describe(game_state(l->s->game), game_view(l->s->game), event, line) &&
        line->len > 0)
        g_string_append_printf(l->all, "%s%s", l->all->len > 0 ? " | " : "", line->str);
}

static char *play_messages(Scenario *s, CavCommand command)
{
    Listener l = {.s = s, .all = g_string_new(NULL)};
    guint id = bus_subscribe_all(s->bus, listen, &l);

    g_free(scenario_play(s, command));
    bus_unsubscribe(s->bus, id);
    return g_string_free(l.all, FALSE);
}

static void test_messages(void)
{
    Scenario s;
    gint32 poison, rocks, mana;
    g_autofree char *drink = NULL, *thrown = NULL, *hit = NULL, *nothing = NULL;

    scenario_setup(&s, room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 2);
    mana = scenario_item(&s, "potion of mana", 1, 0, 0, 0, 1);
    still_target(&s, 7, 2, 50);
    thrown = play_messages(&s, command_throw(poison, 7, 2));
    g_assert_cmpstr(thrown, ==,
                    "You throw a cyan potion.  The cyan potion shatters on the fungus. | "
                    "The fungus looks sick. | You now know: cyan potions are potions of poison.");
    drink = play_messages(&s, command_item(CMD_QUAFF, poison));
    g_assert_cmpstr(drink, ==, "You drink a potion of poison. | You feel sick.");
    hit = play_messages(&s, command_throw(rocks, 7, 2));
    g_assert_true(g_str_has_prefix(hit, "You throw a rock; it hits the fungus."));
    /* A draught that changes nothing says so, and teaches nothing. */
    nothing = play_messages(&s, command_item(CMD_QUAFF, mana));
    g_assert_cmpstr(nothing, ==, "You drink a yellow potion. | You feel nothing special.");
    scenario_teardown(&s);
}

/* ---- validation ------------------------------------------------------------------ */

/* The first event of @type in the turn just played. */
static CavEvent first_of(Scenario *s, CavEventType type)
{
    const GArray *events = game_turn_events(s->game);

    for (guint i = 0; i < events->len; i++)
        if (g_array_index(events, CavEvent, i).type == type)
            return g_array_index(events, CavEvent, i);
    g_error("no %s in the turn", ev_type_name(type));
}

/* Each lie about a throw is refused: a blow too big, an aim out of sight, a
 * flight that does not stop there, a split that is not, a landing in rock,
 * an item not carried, a thrower elsewhere. */
static void test_validate_throw(void)
{
    Scenario s, fresh;
    CavEvent good, e;
    gint32 rocks, dagger;

    /* Play a real throw in one scenario; try lies about it in a twin. */
    scenario_setup(&s, nook, NULL);
    scenario_setup(&fresh, nook, NULL);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 2);
    scenario_item(&fresh, "rock", 1, 0, 0, 0, 2);
    scenario_item(&s, "dagger", 1, 0, 0, 0, 1);
    dagger = scenario_item(&fresh, "dagger", 1, 0, 0, 0, 1);
    still_target(&s, 3, 1, 50);
    still_target(&fresh, 3, 1, 50);
    g_free(scenario_play(&s, command_throw(rocks, 3, 1)));
    good = first_of(&s, CAV_EVENT_ITEM_THROWN);
    e = good;
    e.as.ItemThrown.damage = 2;
    scenario_assert_refused(&fresh, e, TRUE, "cannot come from attack 15 against defense 20");
    e = good;
    e.as.ItemThrown.aim_x = 6;
    scenario_assert_refused(&fresh, e, TRUE, "cannot see (6,1)");
    e = good;
    e.as.ItemThrown.target = 0;
    e.as.ItemThrown.damage = 0;
    scenario_assert_refused(&fresh, e, TRUE, "stops at (3,1), hitting 2");
    e = good;
    e.as.ItemThrown.split = 0;
    scenario_assert_refused(&fresh, e, TRUE, "cannot be split");
    e = good;
    e.as.ItemThrown.x = 4;
    scenario_assert_refused(&fresh, e, TRUE, "cannot land at (4,1)");
    e = good;
    e.as.ItemThrown.item = 42;
    scenario_assert_refused(&fresh, e, TRUE, "does not carry item 42");
    e = good;
    e.as.ItemThrown.from_x = 2;
    scenario_assert_refused(&fresh, e, TRUE, "does not stand where it shoots from");
    e = good;
    e.as.ItemThrown.item = dagger;
    e.as.ItemThrown.split = 0;
    g_assert_true(game_fold(fresh.game,
                            &(CavEvent){.seq = game_state(fresh.game)->last_seq + 1,
                                        .turn = 1,
                                        .type = CAV_EVENT_ITEM_THROWN,
                                        .version = 1,
                                        .actor = 1,
                                        .as.ItemThrown = e.as.ItemThrown},
                            NULL));
    scenario_teardown(&fresh);
    scenario_teardown(&s);
}

/* Shots need a wielded bow; drinks need a potion. */
static void test_validate_fire_and_quaff(void)
{
    Scenario s;
    CavEvent e;
    gint32 bow, rocks;

    scenario_setup(&s, room, NULL);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 1);
    e = ev_init(CAV_EVENT_SHOT_FIRED);
    e.actor = 1;
    e.as.ShotFired = (CavEvShotFired){.creature = 1,
                                      .item = bow,
                                      .from_x = 3,
                                      .from_y = 2,
                                      .aim_x = 8,
                                      .aim_y = 2,
                                      .to_x = 8,
                                      .to_y = 2,
                                      .food = 2};
    scenario_assert_refused(&s, e, TRUE, "wields nothing that shoots");
    e = ev_init(CAV_EVENT_ITEM_QUAFFED);
    e.actor = 1;
    e.as.ItemQuaffed = (CavEvItemQuaffed){.creature = 1, .item = rocks};
    scenario_assert_refused(&s, e, TRUE, "is not a potion");
    scenario_teardown(&s);
}

/* Effects: the numbers must be the potion's, ids in order, changes within
 * what the effect does, a tick must count what works, an end must be due,
 * and a look is learned once, for the kind it is. */
static void test_validate_effects(void)
{
    Scenario s;
    CavEvent good, e;
    gint32 poison;

    scenario_setup(&s, room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    g_free(scenario_play(&s, command_item(CMD_QUAFF, poison)));
    good = first_of(&s, CAV_EVENT_EFFECT_STARTED);
    e = good;
    e.as.EffectStarted.effect = 2;
    e.as.EffectStarted.duration = 200;
    scenario_assert_refused(&s, e, FALSE, "does not do that");
    e.as.EffectStarted.duration = 20;
    e.as.EffectStarted.effect = 5;
    scenario_assert_refused(&s, e, FALSE, "not the next free id");
    e.as.EffectStarted.effect = 2;
    e.cause = 0;
    scenario_assert_refused(&s, e, FALSE, "consequence of another event");
    e = ev_init(CAV_EVENT_EFFECT_APPLIED);
    e.cause = game_state(s.game)->turn_first_seq;
    e.as.EffectApplied = (CavEvEffectApplied){.effect = 1, .creature = 1, .hp = -5};
    scenario_assert_refused(&s, e, FALSE, "does not change hp by -5");
    e.as.EffectApplied.creature = 2;
    scenario_assert_refused(&s, e, FALSE, "creature 2 does not exist");
    e = ev_init(CAV_EVENT_EFFECTS_TICKED);
    e.as.EffectsTicked = (CavEvEffectsTicked){.z = 0, .effects = 2};
    scenario_assert_refused(&s, e, FALSE, "2 effects do not work on level 1");
    e = ev_init(CAV_EVENT_EFFECT_ENDED);
    e.cause = game_state(s.game)->turn_first_seq;
    e.as.EffectEnded.effect = 1;
    e.as.EffectEnded.creature = 1;
    EV_SET_STR(e.as.EffectEnded.reason, "wore off");
    scenario_assert_refused(&s, e, FALSE, "has not run out");
    e.as.EffectEnded.effect = 3;
    scenario_assert_refused(&s, e, FALSE, "under no effect 3");
    good = first_of(&s, CAV_EVENT_ITEM_IDENTIFIED);
    scenario_assert_refused(&s, good, FALSE, "knows cyan potions already");
    e = good;
    EV_SET_STR(e.as.ItemIdentified.appearance, "red");
    scenario_assert_refused(&s, e, FALSE, "red potions are not potion of poison");
    e = ev_init(CAV_EVENT_APPEARANCE_ASSIGNED);
    EV_SET_STR(e.as.AppearanceAssigned.kind, "potion of wishes");
    EV_SET_STR(e.as.AppearanceAssigned.appearance, "gold");
    scenario_assert_refused(&s, e, FALSE, "once the world is made, before anyone");
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/missiles/throw/hit", test_throw_hit);
    g_test_add_func("/missiles/attack", test_missile_attack);
    g_test_add_func("/missiles/throw/kill", test_throw_kill);
    g_test_add_func("/missiles/throw/miss-and-wall", test_throw_miss_and_wall);
    g_test_add_func("/missiles/fire", test_fire);
    g_test_add_func("/missiles/potions/poison", test_poison);
    g_test_add_func("/missiles/potions/health", test_health);
    g_test_add_func("/missiles/potions/modifiers", test_modifiers);
    g_test_add_func("/missiles/potions/overlapping", test_overlapping);
    g_test_add_func("/missiles/potions/poison-kills", test_poison_kills);
    g_test_add_func("/missiles/potions/thrown", test_thrown_potion);
    g_test_add_func("/missiles/goblins/drink", test_goblin_drinks);
    g_test_add_func("/missiles/goblins/ranged", test_goblin_ranged);
    g_test_add_func("/missiles/goblins/stacks", test_goblin_stacks);
    g_test_add_func("/missiles/messages", test_messages);
    g_test_add_func("/missiles/validate/throw", test_validate_throw);
    g_test_add_func("/missiles/validate/fire-and-quaff", test_validate_fire_and_quaff);
    g_test_add_func("/missiles/validate/effects", test_validate_effects);
    return g_test_run();
}
