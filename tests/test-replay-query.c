/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replay-query.c — the replay's seek conditions: what parses, what each
 * term means on a turn's facts, and the one-line errors of bad conditions. */
#include <glib.h>
#include <string.h>

#include "replay-query.h"

/* A turn: the player at 30/100 hp, 5/10 mp, food 400/1000, on depth 3, level
 * 4 with 250 xp and 7 kills, at turn 120; a creature died in it. */
static ReplayFacts sample_facts(void)
{
    ReplayFacts facts = {
        .turn = 120,
        .hp = 30,
        .max_hp = 100,
        .mp = 5,
        .max_mp = 10,
        .food = 400,
        .max_food = 1000,
        .depth = 3,
        .level = 4,
        .xp = 250,
        .kills = 7,
    };

    facts.types[CAV_EVENT_CREATURE_DIED] = TRUE;
    return facts;
}

static gboolean holds(const char *text)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(ReplayQuery) query = replay_query_parse(text, &error);
    ReplayFacts facts = sample_facts();

    g_assert_no_error(error);
    g_assert_nonnull(query);
    return replay_query_holds(query, &facts);
}

static void test_numbers(void)
{
    g_assert_true(holds("hp=30"));
    g_assert_false(holds("hp=31"));
    g_assert_true(holds("hp!=31"));
    g_assert_true(holds("hp<31"));
    g_assert_false(holds("hp<30"));
    g_assert_true(holds("hp<=30"));
    g_assert_true(holds("hp>29"));
    g_assert_false(holds("hp>30"));
    g_assert_true(holds("hp>=30"));
    g_assert_true(holds("hp==30"));
    g_assert_true(holds("depth=3"));
    g_assert_false(holds("depth=4"));
    g_assert_true(holds("level=4"));
    g_assert_true(holds("xp>=250"));
    g_assert_true(holds("kills=7"));
    g_assert_true(holds("turn=120"));
    g_assert_true(holds("mp=5"));
    g_assert_true(holds("food=400"));
    g_assert_true(holds("hp>-1"));
}

/* A percentage is of the maximum, exactly: 30/100 is below 31% and not
 * below 30%. */
static void test_percent(void)
{
    g_assert_true(holds("hp<31%"));
    g_assert_false(holds("hp<30%"));
    g_assert_true(holds("hp<=30%"));
    g_assert_true(holds("mp=50%"));
    g_assert_true(holds("food<41%"));
    g_assert_false(holds("food<40%"));
}

static void test_types(void)
{
    g_assert_true(holds("type=CreatureDied"));
    g_assert_true(holds("type = creaturedied"));
    g_assert_false(holds("type=LevelGained"));
    g_assert_true(holds("type!=LevelGained"));
    g_assert_false(holds("type!=CreatureDied"));
}

static void test_and(void)
{
    g_assert_true(holds("type=CreatureDied and depth=3"));
    g_assert_false(holds("type=CreatureDied and depth=4"));
    g_assert_false(holds("depth=4 and type=CreatureDied"));
    g_assert_true(holds("  HP < 50%   AND  depth>=2 and kills>5 "));
    g_assert_true(holds("hp<50% depth>=2")); /* a space joins as "and" does */
    g_assert_false(holds("hp<50% depth>3"));
    g_assert_true(holds("hp<50% and hp>20%"));
}

/* Event terms are known from the index alone; state terms need the state. */
static void test_needs_state(void)
{
    g_autoptr(ReplayQuery) events = replay_query_parse("type=CreatureDied", NULL);
    g_autoptr(ReplayQuery) mixed = replay_query_parse("type=CreatureDied and hp<10", NULL);
    ReplayFacts facts = sample_facts();

    g_assert_false(replay_query_needs_state(events));
    g_assert_true(replay_query_needs_state(mixed));
    /* the event part holds, the state part does not */
    g_assert_true(replay_query_events_hold(mixed, &facts));
    g_assert_false(replay_query_holds(mixed, &facts));
    facts.types[CAV_EVENT_CREATURE_DIED] = FALSE;
    g_assert_false(replay_query_events_hold(mixed, &facts));
}

/* Each bad condition: an error of one line that names what is wrong. */
static void test_errors(void)
{
    const struct {
        const char *text, *says;
    } bad[] = {
        {"", "empty"},
        {"   ", "empty"},
        {"hpp<3", "“hpp” is not a name"},
        {"hp", "expected one of = != < <= > >="},
        {"hp<", "expected a whole number"},
        {"hp<x", "expected a whole number"},
        {"depth=4%", "only hp, mp and food take a percentage"},
        {"type<CreatureDied", "type takes = or !="},
        {"type=CreatureDie", "“CreatureDie” is not an event type"},
        {"type=", "expected an event type"},
        {"hp<3depth=2", "not one condition"},
        {"hp<3 or depth=2", "only “and” joins"},
        {"hp<3 and", "expected a name"},
        {"hp<99999999999", "too large"},
        {"<3", "expected a name"},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(ReplayQuery) query = replay_query_parse(bad[i].text, &error);

        g_test_message("“%s”: %s", bad[i].text, error != NULL ? error->message : "(parsed)");
        g_assert_null(query);
        g_assert_error(error, REPLAY_QUERY_ERROR, REPLAY_QUERY_ERROR_SYNTAX);
        g_assert_nonnull(strstr(error->message, bad[i].says));
        g_assert_null(strchr(error->message, '\n'));
    }
}

/* An attack: creature 3 hit creature 1 for 7, event 50 of turn 9 caused by
 * event 48, brought about by creature 3. */
static CavEvent sample_attack(void)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_ATTACKED);

    event.seq = 50;
    event.turn = 9;
    event.cause = 48;
    event.actor = 3;
    event.as.CreatureAttacked.creature = 3;
    event.as.CreatureAttacked.target = 1;
    event.as.CreatureAttacked.damage = 7;
    return event;
}

static gboolean event_holds(const char *text, const CavEvent *event)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(ReplayQuery) query = replay_query_parse_events(text, &error);

    g_assert_no_error(error);
    g_assert_nonnull(query);
    return replay_query_event_holds(query, event, NULL);
}

/* Conditions on one event: the envelope, payload fields by name, and a
 * field the event's type lacks never holding. */
static void test_event_fields(void)
{
    CavEvent attack = sample_attack();
    CavEvent waited = ev_init(CAV_EVENT_CREATURE_WAITED);
    g_autoptr(ReplayQuery) damage = replay_query_parse_events("damage>5", NULL);

    waited.as.CreatureWaited.creature = 3;
    g_assert_true(event_holds("damage>5", &attack));
    g_assert_false(event_holds("damage>7", &attack));
    g_assert_true(event_holds("DAMAGE >= 7 and target=1", &attack));
    g_assert_true(event_holds("creature=3", &attack));
    g_assert_true(event_holds("creature=3", &waited));
    g_assert_false(event_holds("creature!=3", &waited));
    g_assert_true(event_holds("type=CreatureAttacked and seq=50 and turn<10", &attack));
    g_assert_true(event_holds("cause=48 and actor=3", &attack));
    g_assert_false(event_holds("cause=47", &attack));
    g_assert_false(event_holds("damage>0", &waited));  /* no damage field */
    g_assert_false(event_holds("damage!=0", &waited)); /* nor any other test of it */
    g_assert_true(replay_query_type_may_hold(damage, CAV_EVENT_CREATURE_HURT));
    g_assert_false(replay_query_type_may_hold(damage, CAV_EVENT_CREATURE_WAITED));
}

static void test_event_errors(void)
{
    const char *bad[] = {"damge>5", "damage>5%", "damage>", "type=Nothing", "=5", "damage>5x"};

    for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(ReplayQuery) query = replay_query_parse_events(bad[i], &error);

        g_assert_null(query);
        g_assert_error(error, REPLAY_QUERY_ERROR, REPLAY_QUERY_ERROR_SYNTAX);
        g_assert_null(strchr(error->message, '\n'));
    }
    g_assert_true(replay_query_looks_like("damage>5"));
    g_assert_false(replay_query_looks_like("goblin died"));
}

/* The player's state on events: hp<25% on the timeline is the player's hp
 * at the end of the event's turn, not a payload's; "event.hp" is the
 * payload's. A state term without the state never holds. */
static void test_event_state(void)
{
    ReplayFacts facts = sample_facts();
    CavEvent hurt = ev_init(CAV_EVENT_CREATURE_REGENERATED);
    g_autoptr(GError) error = NULL;
    g_autoptr(ReplayQuery) low = replay_query_parse_events("hp<25%", &error);
    g_autoptr(ReplayQuery) deep = replay_query_parse_events("depth=3 level>=4 mana>1", &error);
    g_autoptr(ReplayQuery) payload = replay_query_parse_events("event.hp=2", &error);

    g_assert_no_error(error);
    hurt.as.CreatureRegenerated.hp = 2;
    hurt.as.CreatureRegenerated.mana = 5;
    g_assert_true(replay_query_needs_state(low));
    g_assert_false(replay_query_needs_payload(low));
    g_assert_true(replay_query_needs_payload(deep));
    g_assert_false(replay_query_needs_state(payload));
    g_assert_false(replay_query_event_holds(low, &hurt, &facts)); /* 30 of 100 */
    facts.hp = 24;
    g_assert_true(replay_query_event_holds(low, &hurt, &facts));
    g_assert_false(replay_query_event_holds(low, &hurt, NULL));
    g_assert_true(replay_query_event_holds(deep, &hurt, &facts));
    facts.depth = 4;
    g_assert_false(replay_query_event_holds(deep, &hurt, &facts));
    g_assert_true(replay_query_event_holds(payload, &hurt, NULL));
}

/* An entity condition, read through the caller's names. */
static const ReplayQueryName entity_names[] = {
    {"name", REPLAY_QUERY_TEXT},
    {"hp", REPLAY_QUERY_SHARE},
    {"alive", REPLAY_QUERY_YES_NO},
};

static gboolean entity_number(guint name, gint64 *value, gint64 *max, gpointer data)
{
    *value = name == 1 ? 3 : 1; /* 3 of 20 hp, alive */
    *max = 20;
    return TRUE;
}

static gboolean entity_text(guint name, const char *word, gpointer data)
{
    return g_ascii_strcasecmp(word, "goblin") == 0;
}

static gboolean entity_holds(const char *text)
{
    static const ReplayQueryReader reader = {.number = entity_number, .holds = entity_text};
    g_autoptr(GError) error = NULL;
    g_autoptr(ReplayQuery) query =
        replay_query_parse_entities(text, entity_names, G_N_ELEMENTS(entity_names), &error);

    g_assert_no_error(error);
    return replay_query_entity_holds(query, &reader, NULL);
}

/* The same grammar over entities: spaces join terms as "and" does, a bare
 * word is a name, yes/no and percentages. */
static void test_entities(void)
{
    const char *bad[] = {"hp<10z>=0", "colour<3", "hp=5=5", "alive=maybe", "name<3", "hp=lots"};

    g_assert_true(entity_holds("goblin"));
    g_assert_false(entity_holds("rat"));
    g_assert_true(entity_holds("name!=rat hp<20% alive=yes"));
    g_assert_false(entity_holds("hp<15%"));
    g_assert_true(entity_holds("hp<=3 and alive=1"));
    g_assert_false(entity_holds("alive=no"));
    for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(ReplayQuery) query =
            replay_query_parse_entities(bad[i], entity_names, G_N_ELEMENTS(entity_names), &error);

        g_assert_null(query);
        g_assert_error(error, REPLAY_QUERY_ERROR, REPLAY_QUERY_ERROR_SYNTAX);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/replay-query/numbers", test_numbers);
    g_test_add_func("/replay-query/percent", test_percent);
    g_test_add_func("/replay-query/types", test_types);
    g_test_add_func("/replay-query/and", test_and);
    g_test_add_func("/replay-query/needs-state", test_needs_state);
    g_test_add_func("/replay-query/errors", test_errors);
    g_test_add_func("/replay-query/event-fields", test_event_fields);
    g_test_add_func("/replay-query/event-errors", test_event_errors);
    g_test_add_func("/replay-query/event-state", test_event_state);
    g_test_add_func("/replay-query/entities", test_entities);
    return g_test_run();
}
