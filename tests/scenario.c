/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scenario.c — building rule-test states by folding hand-made events. */
#include "scenario.h"

#include <string.h>

#include "messages.h"
#include "rules-private.h"

void scenario_fold(Scenario *s, CavEvent event)
{
    g_autoptr(GError) error = NULL;

    event.seq = ++s->seq;
    event.turn = game_state(s->game)->turn;
    if (event.seq <= game_state(s->game)->last_seq) /* turns were played since */
        event.seq = s->seq = game_state(s->game)->last_seq + 1;
    event.version = ev_type_version(event.type);
    if (!game_fold(s->game, &event, &error))
        g_error("scenario event rejected: %s", error->message);
    g_array_append_val(s->folded, event);
}

void scenario_begin_turn(Scenario *s)
{
    g_autoptr(GError) error = NULL;
    const CavState *state = game_state(s->game);
    CavEvent wait = ev_init(CAV_EVENT_CREATURE_WAITED);

    wait.seq = s->seq = state->last_seq + 1;
    wait.turn = state->turn + 1;
    wait.version = ev_type_version(wait.type);
    wait.actor = wait.as.CreatureWaited.creature = state->player;
    if (!game_fold(s->game, &wait, &error))
        g_error("the player's wait was refused: %s", error->message);
    g_array_append_val(s->folded, wait);
}

static void fold_levels(Scenario *s, const char *const *top, const char *const *below, gint *px,
                        gint *py)
{
    for (gint z = 0; z < CAV_LEVELS; z++) {
        const char *const *picture = z == 0 ? top : z == 1 ? below : NULL;
        CavEvent level = ev_init(CAV_EVENT_LEVEL_GENERATED);
        level.as.LevelGenerated =
            (CavEvLevelGenerated){.z = z, .width = CAV_WIDTH, .height = CAV_HEIGHT};
        scenario_fold(s, level);
        for (gint y = 0; y < CAV_HEIGHT; y++) {
            CavEvent row = ev_init(CAV_EVENT_LEVEL_ROW_GENERATED);
            const char *line = picture != NULL ? picture[y] : NULL;
            row.as.LevelRowGenerated.z = z;
            row.as.LevelRowGenerated.y = y;
            for (gint x = 0; x < CAV_WIDTH; x++) {
                char c = line != NULL && x < (gint) strlen(line) ? line[x] : '#';
                if (c == '@') {
                    *px = x;
                    *py = y;
                    c = '.';
                }
                row.as.LevelRowGenerated.cells[x] = c;
            }
            if (line != NULL && picture[y + 1] == NULL)
                picture = NULL;
            scenario_fold(s, row);
        }
    }
}

/* Potion looks in a fixed order: the data's kinds of potion, in file order,
 * get the data's looks in file order (red, yellow, green, cyan, …). */
static void fold_looks(Scenario *s)
{
    const CavItemType *types;
    const CavAppearanceLook *looks;
    guint n = content_item_types(game_content(s->game), &types), next = 0;
    guint n_looks = content_appearances(game_content(s->game), &looks);

    for (guint t = 0; t < n && next < n_looks; t++)
        if (content_item_has_tag(&types[t], CAV_TAG_POTION))
            scenario_fold(s, rules_look_assigned(&types[t], &looks[next++]));
}

/* The data's spells, as a game's start records them. */
static void fold_spells(Scenario *s)
{
    const CavSpellKind *spells;
    guint n = content_spells(game_content(s->game), &spells);

    for (guint i = 0; i < n; i++)
        scenario_fold(s, rules_spell_defined(&spells[i]));
}

/* The game is played by @content (taken over; NULL: the built-in data). */
static void setup_with(Scenario *s, const char *const *top, const char *const *below, gint32 max_hp,
                       gint32 food, gint32 max_mana, CavContent *content)
{
    CavEvent e = ev_init(CAV_EVENT_GAME_STARTED);
    gint px = -1, py = -1;

    memset(s, 0, sizeof *s);
    s->bus = bus_new();
    s->game = content != NULL ? game_new_with_content(content, s->bus) : game_new(s->bus);
    s->folded = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    e.as.GameStarted = (CavEvGameStarted){
        .seed = 99, .levels = CAV_LEVELS, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    scenario_fold(s, e);
    fold_levels(s, top, below, &px, &py);
    fold_looks(s);
    fold_spells(s);
    g_assert_cmpint(px, >=, 0);
    e = rules_creature_spawned(content_creature_kind(game_content(s->game), "player"), 1, 0, px,
                               py);
    if (max_hp > 0)
        e.as.CreatureSpawned.max_hp = max_hp;
    if (food > 0)
        e.as.CreatureSpawned.food = food;
    /* More food than a stomach holds: a bigger stomach (a long test game). */
    e.as.CreatureSpawned.max_food = MAX(e.as.CreatureSpawned.max_food, e.as.CreatureSpawned.food);
    if (max_mana > 0)
        e.as.CreatureSpawned.max_mana = max_mana;
    scenario_fold(s, e);
    s->recorder = recorder_new(s->bus, FALSE);
}

static void setup(Scenario *s, const char *const *top, const char *const *below, gint32 max_hp,
                  gint32 food, gint32 max_mana)
{
    setup_with(s, top, below, max_hp, food, max_mana, NULL);
}

void scenario_setup_with_content(Scenario *s, const char *const *top, gint32 max_hp,
                                 gint32 max_mana, CavContent *content)
{
    setup_with(s, top, NULL, max_hp, 0, max_mana, content);
}

void scenario_setup_player(Scenario *s, const char *const *top, const char *const *below,
                           gint32 max_hp, gint32 food)
{
    setup(s, top, below, max_hp, food, 0);
}

void scenario_setup(Scenario *s, const char *const *top, const char *const *below)
{
    setup(s, top, below, 0, 0, 0);
}

void scenario_setup_caster(Scenario *s, const char *const *top, gint32 max_mana)
{
    setup(s, top, NULL, 0, 0, max_mana);
}

void scenario_setup_mage(Scenario *s, const char *const *top, const char *const *below,
                         gint32 max_hp, gint32 max_mana)
{
    setup(s, top, below, max_hp, 0, max_mana);
}

void scenario_teardown(Scenario *s)
{
    recorder_free(s->recorder);
    g_array_unref(s->folded);
    game_free(s->game);
    bus_free(s->bus);
}

gint32 scenario_spawn(Scenario *s, const char *kind, gint32 z, gint32 x, gint32 y, gint32 max_hp,
                      gint32 attack, gint32 defense)
{
    const CavCreatureKind *k = content_creature_kind(game_content(s->game), kind);
    gint32 id = game_state(s->game)->creature_count + 1;
    CavEvent e;

    g_assert_nonnull(k);
    e = rules_creature_spawned(k, id, z, x, y);
    if (max_hp >= 0)
        e.as.CreatureSpawned.max_hp = max_hp;
    if (attack >= 0)
        e.as.CreatureSpawned.attack = attack;
    if (defense >= 0)
        e.as.CreatureSpawned.defense = defense;
    scenario_fold(s, e);
    g_free(recorder_take(s->recorder));
    return id;
}

gint32 scenario_item(Scenario *s, const char *type, gint32 holder, gint32 z, gint32 x, gint32 y,
                     gint32 count)
{
    const CavItemType *t = content_item_type(game_content(s->game), type);
    gint32 id = game_state(s->game)->item_count + 1;
    CavEvent e;

    g_assert_nonnull(t);
    e = rules_item_spawned(t, id, holder, z, x, y);
    e.as.ItemSpawned.count = count;
    scenario_fold(s, e);
    g_free(recorder_take(s->recorder));
    return id;
}

char *scenario_play(Scenario *s, CavCommand command)
{
    g_autofree char *why = NULL;

    if (!game_play(s->game, &command, &why))
        return g_strdup_printf("rejected: %s", why);
    return recorder_take(s->recorder);
}

void scenario_repeat(Scenario *s, CavCommand command, gint n)
{
    for (gint i = 0; i < n; i++) {
        g_autofree char *got = scenario_play(s, command);
        if (g_str_has_prefix(got, "rejected"))
            g_error("turn %d: %s", i, got);
    }
}

void scenario_hurt(Scenario *s, gint32 creature, gint32 damage)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_HURT);

    e.cause = game_state(s->game)->turn_first_seq; /* within its own turn */
    e.as.CreatureHurt.creature = creature;
    e.as.CreatureHurt.damage = damage;
    EV_SET_STR(e.as.CreatureHurt.cause, "a test");
    scenario_fold(s, e);
    g_free(recorder_take(s->recorder));
}

void scenario_assert_starts(Scenario *s, CavCommand command, const char *expected)
{
    g_autofree char *got = scenario_play(s, command);

    if (!g_str_has_prefix(got, expected))
        g_error("“%s” does not start with “%s”", got, expected);
}

void scenario_assert_refused(Scenario *s, CavEvent e, gboolean new_turn, const char *problem)
{
    g_autoptr(GError) error = NULL;
    const CavState *state = game_state(s->game);
    guint64 before = state_digest(state);

    e.seq = state->last_seq + 1;
    e.turn = new_turn ? state->turn + 1 : state->turn;
    e.version = ev_type_version(e.type);
    g_assert_false(game_fold(s->game, &e, &error));
    if (strstr(error->message, problem) == NULL)
        g_error("“%s” does not mention “%s”", error->message, problem);
    g_assert_cmpuint(state_digest(state), ==, before);
}

char *scenario_turn_messages(Scenario *s)
{
    const GArray *events = game_turn_events(s->game);
    g_autoptr(GString) all = g_string_new(NULL);

    for (guint i = 0; i < events->len; i++) {
        g_autoptr(GString) line = g_string_new(NULL);
        if (messages_describe(game_state(s->game), game_view(s->game),
                              &g_array_index(events, CavEvent, i), line) &&
            line->len > 0)
            g_string_append_printf(all, "%s%s", all->len > 0 ? " | " : "", line->str);
    }
    return g_strdup(all->str);
}
