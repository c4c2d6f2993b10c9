/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui-words.c — the words the game shows: examine, look, the spell menu,
 * the level-up screen, rotten corpses and soft stacks, naming potion looks,
 * the morgue's timeline and the scores table. Each situation is built by
 * hand (tests/scenario.c) into a game file that `cavelog continue` opens in
 * a private tmux terminal of 80 × 24; the wording the screen does not need
 * is tested as functions. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "messages.h"
#include "morgue.h"
#include "records.h"
#include "rules-private.h"
#include "testutil.h"
#include "tmux.h"

typedef TmuxGame Fixture;

/* A room of level 0 with the player in it; rock around. */
static const char *const room[] = {
    "##########", "#........#", "#...@....#", "#........#", "##########", NULL,
};

/* Where room's '@' stands. */
#define ROOM_X 4
#define ROOM_Y 2

static void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_set_up(f, "words");
}

static void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_tear_down(f);
}

/* ---- building games --------------------------------------------------- */

/* A corpse of @kind ("bat corpse", 40 food fresh) held by @holder or lying
 * at (0, @x, @y), fresh for @rot_turns turns from now. Returns its id. */
static gint32 spawn_corpse(Scenario *s, const char *kind, gint32 holder, gint32 x, gint32 y,
                           gint32 rot_turns)
{
    const CavItemType *type = content_item_type(game_content(s->game), "corpse");
    gint32 id = game_state(s->game)->item_count + 1;
    CavEvent e = rules_item_spawned(type, id, holder, 0, x, y);

    EV_SET_STR(e.as.ItemSpawned.name, kind);
    e.as.ItemSpawned.rot_turns = rot_turns;
    e.as.ItemSpawned.food = 40;
    scenario_fold(s, e);
    return id;
}

/* Write @s to f->save as a game file, play @commands (@n of them) into it,
 * and tear @s down. */
static void save_scenario(Fixture *f, Scenario *s, const CavCommand *commands, gsize n)
{
    g_autoptr(GError) error = NULL;
    Store *store = scenario_store_new(f->save, s, &error);

    g_assert_no_error(error);
    for (gsize i = 0; i < n; i++)
        scenario_store_play(s, store, commands[i]);
    store_free(store);
    scenario_teardown(s);
}

/* Continue the game at f->save in an 80 × 24 terminal; the play screen. */
static char *continue_game(Fixture *f)
{
    g_autofree char *save = g_shell_quote(f->save);
    g_autofree char *words = g_strdup_printf("continue %s", save);
    g_autofree char *command = tmux_game_command(f, words);
    g_autofree char *exec_command = g_strconcat("exec ", command, NULL);

    tmux_start(&f->tmux, 80, 24, exec_command);
    return tmux_wait_for(&f->tmux, "Turn ");
}

/* Press @keys and wait for @needle. */
static char *press_for(Fixture *f, const char *keys, const char *needle)
{
    tmux_send_text(&f->tmux, keys);
    return tmux_wait_for(&f->tmux, needle);
}

/* Close what is open (Esc) and wait until @gone has left the screen. */
static void close_until_gone(Fixture *f, const char *gone)
{
    g_autofree char *text = NULL;

    tmux_send_named_key(&f->tmux, "Escape");
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, gone, TMUX_WAIT_MS, &text));
}

/* The letter of the pack line that contains @needle on @screen, or 0. */
static char letter_of(const char *screen, const char *needle)
{
    const char *at = strstr(screen, needle);
    const char *line = at;

    if (at == NULL)
        return 0;
    while (line > screen && line[-1] != '\n')
        line--;
    for (const char *c = line; c + 4 <= at; c++)
        if (c[1] == ' ' && c[2] == '-' && c[3] == ' ' && g_ascii_islower(c[0]))
            return c[0];
    return 0;
}

/* ---- examine, look, spells -------------------------------------------- */

/* Examining a known potion says what it does; a book lists its spells with
 * cost and effect; a weapon gives its numbers. */
static void test_examine(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Scenario s;
    gint32 potion;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    scenario_item(&s, "sword", 1, 0, 0, 0, 1);                     /* a */
    potion = scenario_item(&s, "potion of health", 1, 0, 0, 0, 2); /* b */
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);    /* c */
    scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);     /* d */
    scenario_hurt(&s, 1, 20); /* drinking health then shows: learned */
    save_scenario(f, &s, (CavCommand[]){command_item(CMD_QUAFF, potion)}, 1);
    g_free(continue_game(f));

    text = press_for(f, "xa", "Press any key.");
    g_assert_nonnull(strstr(text, "attack 10"));
    g_assert_nonnull(strstr(text, "thrown 3"));
    close_until_gone(f, "Press any key.");
    g_free(text);
    text = press_for(f, "xb", "Press any key.");
    g_assert_nonnull(strstr(text, "Drunk, it gives +15 hp."));
    close_until_gone(f, "Press any key.");
    g_free(text);
    text = press_for(f, "xc", "Press any key.");
    g_test_message("examining the white book:\n%s", text);
    g_assert_nonnull(strstr(text, "minor heal (4 mana): +20 hp"));
    g_assert_nonnull(strstr(text, "slow heal (12 mana): +2 hp a turn for ")); /* turns: data */
    g_assert_nonnull(strstr(text, "inner strength (16 mana):"));
    close_until_gone(f, "Press any key.");
    g_free(text);
    text = press_for(f, "xd", "Press any key.");
    g_assert_nonnull(strstr(text, "blink (6 mana): the target jumps to an open"));
    g_assert_nonnull(strstr(text, "summon bats (11 mana): call a hostile bat into"));
    g_assert_nonnull(strstr(text, "detect creatures (16 mana): see every creature"));
}

/* The spell menu says what each spell does. */
static void test_spell_menu(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Scenario s;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup_caster(&s, room, 20);
    scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    save_scenario(f, &s, NULL, 0);
    g_free(continue_game(f));

    text = press_for(f, "ra", "Cast which spell");
    g_test_message("the spell menu:\n%s", text);
    g_assert_nonnull(strstr(text, "a - minor heal"));
    g_assert_nonnull(strstr(text, "+20 hp"));
    g_assert_nonnull(strstr(text, "+50 hp"));
    g_assert_nonnull(strstr(text, "+2 hp a turn for ")); /* how long: the data says */
    g_assert_nonnull(strstr(text, "+2 attack, +2 defense"));
}

/* Looking at a goblin names its weapon, its armour and how hurt it is, and
 * that its corpse would be food (the first hunger's hint names corpses). */
static void test_look_creature(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;
    const CavCreature *seen;
    Scenario s;
    Store *store;
    gint32 goblin;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, ROOM_X + 4, ROOM_Y, 20, 0, 0);
    scenario_item(&s, "sword", goblin, 0, 0, 0, 1);
    scenario_item(&s, "platemail", goblin, 0, 0, 0, 1);
    scenario_hurt(&s, goblin, 12); /* 8 of 20: badly wounded */
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    /* the goblin puts its gear on, a piece a turn */
    for (gint i = 0; i < 2; i++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    seen = state_creature(game_state(s.game), goblin);
    g_assert_true(seen->weapon != 0 && seen->armour != 0);
    g_assert_cmpstr(messages_health_words(seen->hp, seen->max_hp), ==, "badly wounded");
    store_free(store);
    scenario_teardown(&s);
    g_free(continue_game(f));

    tmux_send_text(&f->tmux, ";");
    tmux_send_named_key(&f->tmux, "Tab");
    /* the message rows wrap the second sentence; the lower row is drawn last */
    text = tmux_wait_for(&f->tmux, "would be food.");
    g_assert_nonnull(strstr(
        text, "A goblin, badly wounded, wielding a sword and wearing platemail. Its corpse"));
}

/* ---- the level-up screen ---------------------------------------------- */

/* Two levels gained at once: the screen gives each bonus now and after in
 * a player's units, and says one more bonus waits (not "1 more bonuses"). */
static void test_level_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autoptr(GString) now = g_string_new(NULL);
    g_autoptr(GString) after = g_string_new(NULL);
    g_autofree char *vision = NULL;
    g_autoptr(GError) error = NULL;
    const CavCreature *player;
    Scenario s;
    Store *store;
    gint32 zombie, regen_bonus;

    if (TMUX_GAME_SKIPPED(f))
        return;
    /* a zombie of 100 hp and defense 40 left at 1 hp: killing it gives
     * 139 xp, two levels at once (tests/test-rules.c) */
    scenario_setup_player(&s, room, NULL, 1000, 0);
    zombie = scenario_spawn(&s, "zombie", 0, ROOM_X + 1, ROOM_Y, 100, 0, 40);
    scenario_hurt(&s, zombie, 99);
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_move(1, 0));
    player = state_player(game_state(s.game));
    g_assert_cmpint(player->pending_bonuses, ==, 2);
    g_assert_cmpint(player->level, ==, 3);
    regen_bonus = content_rules(game_content(s.game))->bonus[CAV_BONUS_HP_REGEN];
    messages_regen_words(player->hp_regen, "hp", now);
    messages_regen_words(player->hp_regen + regen_bonus, "hp", after);
    vision = g_strdup_printf("%d cells", player->vision + 1);
    store_free(store);
    scenario_teardown(&s);
    g_free(continue_game(f));

    text = tmux_wait_for(&f->tmux, "Choose a bonus");
    g_test_message("the level-up screen:\n%s", text);
    g_assert_nonnull(strstr(text, now->str));
    g_assert_nonnull(strstr(text, after->str));
    g_assert_nonnull(strstr(text, vision));
    g_assert_nonnull(strstr(text, "1 more bonus to choose"));
    /* the first bonus is level 2's, the second level 3's */
    g_assert_nonnull(strstr(text, "Level 2! Choose a bonus"));
    g_free(text);
    tmux_send_text(&f->tmux, "a");
    tmux_send_named_key(&f->tmux, "Enter");
    text = tmux_wait_for(&f->tmux, "Level 3! Choose a bonus");
    g_assert_null(strstr(text, "more bonus"));
}

/* ---- corpses and stacks ----------------------------------------------- */

/* The player carries two fresh bat corpses (the older in slot a) and one
 * that has rotted (slot c), and stands beside a rotten one on the floor. */
static void make_corpses(Fixture *f)
{
    Scenario s;

    scenario_setup_player(&s, room, NULL, 0, 3000);
    spawn_corpse(&s, "bat corpse", 1, 0, 0, 150); /* a: rots first of the fresh */
    spawn_corpse(&s, "bat corpse", 1, 0, 0, 190); /* b */
    spawn_corpse(&s, "bat corpse", 1, 0, 0, 1);   /* c: rotten once a turn passed */
    spawn_corpse(&s, "goblin corpse", 0, ROOM_X + 1, ROOM_Y, 1);
    save_scenario(f, &s, (CavCommand[]){command_simple(CMD_WAIT), command_simple(CMD_WAIT)}, 2);
}

/* The rotten corpse is listed apart from the fresh ones, as rotten, in
 * the pack, the eat menu, examine, look and the floor; eating it says so. */
static void test_rotten(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_corpses(f);
    g_free(continue_game(f));

    text = press_for(f, "i", "Your pack");
    g_test_message("the pack:\n%s", text);
    g_assert_nonnull(strstr(text, "2 bat corpses (fresh)"));
    g_assert_nonnull(strstr(text, "c - bat corpse (rotten)"));
    g_assert_null(strstr(text, "3 bat corpses"));
    close_until_gone(f, "Your pack");
    g_free(text);
    text = press_for(f, "e", "Eat what?");
    g_assert_nonnull(strstr(text, "2 bat corpses (fresh)"));
    g_assert_nonnull(strstr(text, "c - bat corpse (rotten)"));
    close_until_gone(f, "Eat what?");
    g_free(text);
    text = press_for(f, "xc", "Press any key.");
    g_test_message("examining the rotten corpse:\n%s", text);
    g_assert_nonnull(strstr(text, "Rotten bat corpse"));
    g_assert_nonnull(strstr(text, "It is rotten"));
    g_assert_nonnull(strstr(text, "food -")); /* what eating it now gives */
    close_until_gone(f, "Press any key.");
    g_free(text);
    tmux_send_text(&f->tmux, ";l");
    text = tmux_wait_for(&f->tmux, "A rotten goblin corpse lies here.");
    close_until_gone(f, "lies here");
    g_free(text);
    text = press_for(f, "l", "You see here a rotten goblin corpse.");
    g_free(text);
    text = press_for(f, "ec", "You eat the rotten bat corpse.");
    g_test_message("eating the rotten corpse:\n%s", text);
    g_assert_nonnull(strstr(text, "You feel sick."));
}

/* `i` unfolds a soft stack by its letter; eating the corpse that rots
 * first leaves the stack under the letter it had. */
static void test_stack_letters(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autofree char *hint = NULL;
    g_autofree char *keys = NULL;
    char letter;

    if (TMUX_GAME_SKIPPED(f))
        return;
    make_corpses(f);
    g_free(continue_game(f));

    text = press_for(f, "i", "Your pack");
    letter = letter_of(text, "2 bat corpses");
    g_assert_cmpint(letter, !=, 0);
    hint = g_strdup_printf("(%c: show each)", letter);
    g_assert_nonnull(strstr(text, hint));
    g_free(text);
    /* the letter unfolds: each corpse on a line of its own */
    text = press_for(f, (char[]){letter, '\0'}, "b - bat corpse (fresh for ");
    g_assert_nonnull(strstr(text, "a - bat corpse (fresh for "));
    g_assert_null(strstr(text, "2 bat corpses"));
    close_until_gone(f, "Your pack");
    g_free(text);
    /* eat the one that rots first (a), from the unfolded stack */
    keys = g_strdup_printf("e%c", letter);
    text = press_for(f, keys, "a - bat corpse (fresh for ");
    g_free(text);
    text = press_for(f, "a", "You eat the bat corpse.");
    g_free(text);
    text = press_for(f, "i", "Your pack");
    g_assert_cmpint(letter_of(text, "bat corpse (fresh for "), ==, letter);
}

/* ---- naming a look drunk ---------------------------------------------- */

/* A potion drunk without learning what it is (mana at full mana shows
 * nothing) can be named with `c` although none is left. */
static void test_call_drunk(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Scenario s;
    gint32 potion;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    potion = scenario_item(&s, "potion of mana", 1, 0, 0, 0, 1);
    save_scenario(f, &s, (CavCommand[]){command_item(CMD_QUAFF, potion)}, 1);
    g_free(continue_game(f));

    text = press_for(f, "c", "Call which potions by a name?");
    g_assert_nonnull(strstr(text, "a - yellow potion")); /* mana: the second look */
    g_free(press_for(f, "a", "Call yellow potions:"));
    tmux_send_text(&f->tmux, "dud");
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "You call yellow potions \"dud\"."));
}

/* A potion a goblin in view drank, without anyone learning what it is,
 * can be named with `c` too. */
static void test_call_seen_drunk(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;
    const CavState *state;
    Scenario s;
    Store *store;
    gint32 goblin, potion;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    goblin = scenario_spawn(&s, "goblin", 0, ROOM_X + 4, ROOM_Y, 20, 0, 0);
    potion = scenario_item(&s, "potion of mana", goblin, 0, 0, 0, 1);
    scenario_hurt(&s, goblin, 12); /* below half: it drinks */
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_simple(CMD_WAIT));
    state = game_state(s.game);
    g_assert_cmpint(state_item(state, potion)->count, ==, 0);
    g_assert_false(state_knows_item(state, state_player(state), state_item(state, potion)));
    store_free(store);
    scenario_teardown(&s);
    g_free(continue_game(f));

    text = press_for(f, "c", "Call which potions by a name?");
    g_assert_nonnull(strstr(text, "a - yellow potion"));
}

/* The pack's title gives the food in the player's belly. */
static void test_food_number(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autofree char *food = NULL;
    Scenario s;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup_player(&s, room, NULL, 0, 0);
    food = g_strdup_printf("food %d of %d", state_player(game_state(s.game))->food,
                           state_player(game_state(s.game))->max_food);
    save_scenario(f, &s, NULL, 0);
    g_free(continue_game(f));
    text = press_for(f, "i", "Your pack");
    g_assert_nonnull(strstr(text, food));
}

/* ---- words without a screen ------------------------------------------- */

static void test_counts(void)
{
    const struct {
        gint32 n;
        const char *noun, *expected;
    } cases[] = {
        {1, "turn", "1 turn"},
        {2, "turn", "2 turns"},
        {0, "turn", "0 turns"},
        {1, "cell", "1 cell"},
        {-1, "turn", "-1 turn"},
        {3, "bat corpse", "3 bat corpses"},
        {2, "fungus", "2 fungi"},
        {2, "fungus corpse", "2 fungus corpses"},
        {3, "bread", "3 loaves of bread"},
        {2, "box", "2 boxes"},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(GString) out = g_string_new(NULL);
        messages_count(cases[i].n, cases[i].noun, out);
        g_assert_cmpstr(out->str, ==, cases[i].expected);
    }
}

/* Bread is a mass noun: "You spot bread.", never "a bread"; a stack of it
 * is loaves. Armour of mail takes no "a" either; a dagger does. */
static void test_item_articles(void)
{
    const struct {
        const char *type;
        gint32 count;
        MessagesArticle article;
        const char *expected;
    } cases[] = {
        {"bread", 1, MESSAGES_A, "bread"},       {"bread", 2, MESSAGES_A, "2 loaves of bread"},
        {"bread", 1, MESSAGES_THE, "the bread"}, {"chainmail", 1, MESSAGES_A, "chainmail"},
        {"apple", 1, MESSAGES_A, "an apple"},    {"dagger", 1, MESSAGES_A, "a dagger"},
    };
    Scenario s;

    scenario_setup(&s, room, NULL);
    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(GString) out = g_string_new(NULL);
        gint32 id = scenario_item(&s, cases[i].type, 0, 0, 1 + (gint32) i % 8, 1, cases[i].count);
        const CavItem *item = state_item(game_state(s.game), id);

        messages_item_name(game_state(s.game), item, item->count, cases[i].article, out);
        g_assert_cmpstr(out->str, ==, cases[i].expected);
    }
    scenario_teardown(&s);
}

static void test_regen_words(void)
{
    const struct {
        gint32 permille;
        const char *expected;
    } cases[] = {
        {100, "1 hp every 10 turns"}, {150, "1 hp every 6.7 turns"},
        {10, "1 hp every 100 turns"}, {0, "no hp"},
        {1000, "1 hp a turn"},        {2500, "2.5 hp a turn"},
        {999, "1 hp a turn"},
    };

    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(GString) out = g_string_new(NULL);
        messages_regen_words(cases[i].permille, "hp", out);
        g_assert_cmpstr(out->str, ==, cases[i].expected);
    }
}

/* Choosing faster regeneration says the new rate in turns. */
static void test_regen_chosen(void)
{
    g_autofree char *messages = NULL;
    g_autoptr(GString) rate = g_string_new("You now regain ");
    Scenario s;
    gint32 zombie;

    scenario_setup_player(&s, room, NULL, 1000, 0);
    zombie = scenario_spawn(&s, "zombie", 0, ROOM_X + 1, ROOM_Y, 100, 0, 40);
    scenario_hurt(&s, zombie, 99);
    g_free(scenario_play(&s, command_move(1, 0)));
    g_free(scenario_play(&s, command_choose(CAV_BONUS_HP_REGEN)));
    messages = scenario_turn_messages(&s);
    messages_regen_words(state_player(game_state(s.game))->hp_regen, "hp", rate);
    g_assert_nonnull(strstr(messages, "You gain +"));
    g_assert_nonnull(strstr(messages, rate->str));
    scenario_teardown(&s);
}

/* An effect in words: what it gives, each turn, while it lasts. */
static void test_effect_words(void)
{
    const CavEffectSpec poison = {.duration = 20, .turn_hp = -1, .turn_chance = 100};
    const CavEffectSpec strength = {.duration = 50,
                                    .attack = 2,
                                    .hp_regen = 10,
                                    .mana_regen = -10,
                                    .turn_hp = 1,
                                    .turn_chance = 25};
    const CavEffectSpec health = {.duration = 1, .hp = 15};
    g_autoptr(GString) out = g_string_new(NULL);

    messages_effect_words(&poison, out);
    g_assert_cmpstr(out->str, ==, "-1 hp a turn for 20 turns");
    g_string_truncate(out, 0);
    messages_effect_words(&strength, out);
    g_assert_cmpstr(out->str, ==,
                    "a 25% chance of +1 hp a turn, +2 attack, +1 hp every 100 turns, "
                    "-1 mana every 100 turns for 50 turns");
    g_string_truncate(out, 0);
    messages_effect_words(&health, out);
    g_assert_cmpstr(out->str, ==, "+15 hp");
}

/* The blue book's specials in words, with the numbers they work by. */
static void test_special_words(void)
{
    const CavSpell blood = {.special = CAV_SPECIAL_BLOOD_TO_MANA, .hp_per_mana = 7};
    const CavSpell blink = {.special = CAV_SPECIAL_BLINK, .min_range = 3, .range = 5};
    const CavSpell old_blink = {.special = CAV_SPECIAL_BLINK, .min_range = 1, .range = 1};
    g_autoptr(GString) out = g_string_new(NULL);

    messages_spell_words(&blood, out);
    g_assert_cmpstr(out->str, ==,
                    "turn 7 hp of the target into each mana, as much as there is room for");
    g_string_truncate(out, 0);
    messages_spell_words(&blink, out);
    g_assert_cmpstr(out->str, ==, "the target jumps to an open cell in view 3 to 5 cells away");
    g_string_truncate(out, 0);
    messages_spell_words(&old_blink, out);
    g_assert_cmpstr(out->str, ==, "the target jumps to an open cell in view 1 cell away");
}

static void test_health_words(void)
{
    g_assert_cmpstr(messages_health_words(20, 20), ==, "unhurt");
    g_assert_cmpstr(messages_health_words(10, 20), ==, "wounded");
    g_assert_cmpstr(messages_health_words(9, 20), ==, "badly wounded");
    g_assert_cmpstr(messages_health_words(5, 20), ==, "badly wounded");
    g_assert_cmpstr(messages_health_words(4, 20), ==, "nearly dead");
}

/* A hand-made game: the player picks up the bear, then, poisoned at 7 of
 * 20 hp, sinks below a quarter and on until a potion of health saves them.
 * The lowest hp after any turn is in *@lowest, the first below a quarter
 * in *@first_low. */
static void make_low_game(const char *path, gint32 *lowest, gint32 *first_low)
{
    g_autoptr(GError) error = NULL;
    Scenario s;
    Store *store;
    gint32 poison, health;

    scenario_setup_player(&s, room, NULL, 20, 0);
    scenario_item(&s, "teddy bear", 0, 0, ROOM_X, ROOM_Y, 1);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1);
    health = scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    scenario_hurt(&s, 1, 13);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_simple(CMD_PICKUP));
    scenario_store_play(&s, store, command_item(CMD_QUAFF, poison));
    *lowest = *first_low = G_MAXINT32;
    for (gint i = 0; i < 30 && state_player(game_state(s.game))->hp > 2; i++) {
        gint32 hp;
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
        hp = state_player(game_state(s.game))->hp;
        *lowest = MIN(*lowest, hp);
        if (*first_low == G_MAXINT32 && hp * 4 < 20)
            *first_low = hp;
    }
    scenario_store_play(&s, store, command_item(CMD_QUAFF, health));
    g_assert_cmpint(state_player(game_state(s.game))->hp * 2, >=, 20);
    store_free(store);
    scenario_teardown(&s);
}

/* The morgue's timeline has the bear picked up, and "near death" at the
 * lowest hp of the spell, not where it began. */
static void test_morgue_timeline(void)
{
    g_autofree char *dir = g_dir_make_tmp("cavelog-morgue-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "low.cavelog", NULL);
    g_autofree char *low = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) text = g_string_new(NULL);
    Store *store;
    const char *near;
    gint32 lowest, first_low, said;

    make_low_game(path, &lowest, &first_low);
    g_assert_cmpint(lowest, <, first_low); /* else the test tells nothing */
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(morgue_describe(store, text, &error));
    store_free(store);
    g_test_message("%s", text->str);
    g_assert_nonnull(strstr(text->str, "picked up the teddy bear at depth 1"));
    near = strstr(text->str, "near death: ");
    g_assert_nonnull(near);
    said = atoi(near + strlen("near death: "));
    g_assert_cmpint(said, <=, lowest);
    g_assert_cmpint(said, <, first_low);
    g_assert_null(strstr(near + 1, "near death: ")); /* one spell, one moment */
    remove_tree(dir);
}

/* The morgue's kills say "2 fungi": a count with its noun in the plural. */
static void test_morgue_kills(void)
{
    g_autofree char *dir = g_dir_make_tmp("cavelog-morgue-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "kills.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) text = g_string_new(NULL);
    Scenario s;
    Store *store;

    scenario_setup(&s, room, NULL);
    scenario_spawn(&s, "fungus", 0, ROOM_X + 1, ROOM_Y, 1, 0, 0);
    scenario_spawn(&s, "fungus", 0, ROOM_X - 1, ROOM_Y, 1, 0, 0);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_move(1, 0));
    scenario_store_play(&s, store, command_move(-1, 0));
    g_assert_cmpint(state_player(game_state(s.game))->kills, ==, 2);
    store_free(store);
    scenario_teardown(&s);
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(morgue_describe(store, text, &error));
    store_free(store);
    g_test_message("%s", text->str);
    g_assert_nonnull(strstr(text->str, "Kills: 2\n     2 fungi\n\n"));
    remove_tree(dir);
}

/* `scores` shows the whole outcome, however long. */
static void test_scores_whole(void)
{
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify) records_game_free);
    g_autoptr(GString) table = g_string_new(NULL);
    RecordsGame *game = g_new0(RecordsGame, 1);

    game->path = g_strdup("/x/fled.cavelog");
    game->info.score = 100;
    game->info.player_name = g_strdup("p");
    game->info.outcome = g_strdup("lost");
    game->info.cause = g_strdup("fled the caves without the bear, a long way from home");
    game->info.updated = g_strdup("2026-01-01T00:00:00Z");
    game->standard = TRUE;
    g_ptr_array_add(games, game);
    records_scores_print(games, table);
    g_assert_nonnull(
        strstr(table->str, "lost: fled the caves without the bear, a long way from home "));
    g_assert_nonnull(strstr(table->str, "fled.cavelog"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add_func("/words/counts", test_counts);
    g_test_add_func("/words/item-articles", test_item_articles);
    g_test_add_func("/words/regen", test_regen_words);
    g_test_add_func("/words/health", test_health_words);
    g_test_add_func("/words/effects", test_effect_words);
    g_test_add_func("/words/specials", test_special_words);
    g_test_add_func("/words/regen-chosen", test_regen_chosen);
    g_test_add_func("/words/morgue-timeline", test_morgue_timeline);
    g_test_add_func("/words/morgue-kills", test_morgue_kills);
    g_test_add_func("/words/scores-whole", test_scores_whole);
    g_test_add("/words/examine", Fixture, NULL, fixture_set_up, test_examine, fixture_tear_down);
    g_test_add("/words/spell-menu", Fixture, NULL, fixture_set_up, test_spell_menu,
               fixture_tear_down);
    g_test_add("/words/look-creature", Fixture, NULL, fixture_set_up, test_look_creature,
               fixture_tear_down);
    g_test_add("/words/level-up", Fixture, NULL, fixture_set_up, test_level_up, fixture_tear_down);
    g_test_add("/words/rotten", Fixture, NULL, fixture_set_up, test_rotten, fixture_tear_down);
    g_test_add("/words/stack-letters", Fixture, NULL, fixture_set_up, test_stack_letters,
               fixture_tear_down);
    g_test_add("/words/call-drunk", Fixture, NULL, fixture_set_up, test_call_drunk,
               fixture_tear_down);
    g_test_add("/words/call-seen-drunk", Fixture, NULL, fixture_set_up, test_call_seen_drunk,
               fixture_tear_down);
    g_test_add("/words/food-number", Fixture, NULL, fixture_set_up, test_food_number,
               fixture_tear_down);
    return g_test_run();
}
