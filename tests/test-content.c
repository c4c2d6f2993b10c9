/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-content.c — the data files: the built-in copy holds GAME.md's numbers,
 * the installed files equal it, and every kind of mistake in a file is an
 * error naming the file, the line and the key. */
#include <string.h>

#include "content.h"

typedef struct {
    const char *name;
    char glyph;
    const char *colour;
    gint32 hp, attack, defense, spawn_base, spawn_per_level;
} KindSpec;

/* GAME.md "Creatures". */
static const KindSpec kinds[] = {
    {"player", '@', "bright white", 100, 20, 5, 0, 0}, {"fungus", 'f', "green", 10, 0, 0, 4, 0},
    {"bat", 'b', "bright yellow", 15, 5, 0, 10, 0},    {"zombie", 'z', "white", 50, 10, 10, 1, 2},
    {"goblin", 'g', "bright green", 66, 15, 5, 1, 2},
};

static void test_builtin_creatures(void)
{
    g_autoptr(CavContent) content = content_new_builtin();
    const CavCreatureKind *all;

    g_assert_cmpuint(content_creature_kinds(content, &all), ==, G_N_ELEMENTS(kinds));
    for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
        const CavCreatureKind *k = content_creature_kind(content, kinds[i].name);
        g_assert_nonnull(k);
        g_assert_cmpint(k->glyph, ==, kinds[i].glyph);
        g_assert_cmpstr(k->colour, ==, kinds[i].colour);
        g_assert_cmpint(k->hp, ==, kinds[i].hp);
        g_assert_cmpint(k->attack, ==, kinds[i].attack);
        g_assert_cmpint(k->defense, ==, kinds[i].defense);
        g_assert_cmpint(k->spawn_base, ==, kinds[i].spawn_base);
        g_assert_cmpint(k->spawn_per_level, ==, kinds[i].spawn_per_level);
        g_assert_cmpstr(k->name, ==, kinds[i].name);
        /* "All creatures" */
        g_assert_cmpint(k->inventory, ==, 20);
        g_assert_cmpint(k->max_food, ==, 1000);
        g_assert_cmpint(k->food, ==, 666);
        g_assert_cmpint(k->level, ==, 1);
        g_assert_cmpint(k->max_mana, ==, 5);
        /* the player heals ten times as fast (GAME.md "Creatures") */
        g_assert_cmpint(k->hp_regen_permille, ==, strcmp(k->name, "player") == 0 ? 100 : 10);
        g_assert_cmpint(k->mana_regen_permille, ==, 20);
        g_assert_cmpint(k->vision, ==, 9);
    }
    g_assert_cmpint(content_creature_kind(content, "goblin")->behaviour, ==, CAV_BEHAVIOUR_GOBLIN);
    g_assert_null(content_creature_kind(content, "dragon"));
}

typedef struct {
    const char *name;
    char glyph;
    gint32 attack, defense, thrown, ranged, food, spawn;
    const char *pool;
} TypeSpec;

/* GAME.md "Items" (potions and spellbooks arrive with magic). */
static const TypeSpec types[] = {
    {"rock", ',', 0, 0, 5, 0, 0, 57, ""},           {"apple", '%', 0, 0, 1, 0, 100, 1, ""},
    {"bread", '%', 0, 0, 1, 0, 400, 1, ""},         {"baguette", ')', 3, 0, 1, 0, 100, 1, ""},
    {"dagger", ')', 5, 0, 5, 0, 0, 2, "weapon"},    {"sword", ')', 10, 0, 3, 0, 0, 2, "weapon"},
    {"staff", ')', 5, 3, 3, 0, 0, 2, "weapon"},     {"bow", ')', 1, 0, 1, 5, 0, 2, "weapon"},
    {"tunic", '[', 0, 2, 1, 0, 0, 1, "armour"},     {"chainmail", '[', 0, 4, 1, 0, 0, 1, "armour"},
    {"platemail", '[', 0, 6, 1, 0, 0, 1, "armour"}, {"teddy bear", '*', 0, 0, 1, 0, 0, 1, ""},
    {"corpse", '%', 0, 0, 1, 0, 0, 0, ""},
};

static void test_builtin_items(void)
{
    g_autoptr(CavContent) content = content_new_builtin();
    const CavItemType *all;

    g_assert_cmpuint(content_item_types(content, &all), ==, G_N_ELEMENTS(types) + 7 + 2);
    for (guint i = 0; i < G_N_ELEMENTS(types); i++) {
        const CavItemType *t = content_item_type(content, types[i].name);
        g_assert_nonnull(t);
        g_assert_cmpint(t->glyph, ==, types[i].glyph);
        g_assert_cmpint(t->attack, ==, types[i].attack);
        g_assert_cmpint(t->defense, ==, types[i].defense);
        g_assert_cmpint(t->thrown, ==, types[i].thrown);
        g_assert_cmpint(t->ranged, ==, types[i].ranged);
        g_assert_cmpint(t->food, ==, types[i].food);
        g_assert_cmpint(t->spawn, ==, types[i].spawn);
        g_assert_cmpstr(t->pool, ==, types[i].pool);
    }
    g_assert_cmpint(content_item_type(content, "teddy bear")->spawn_level, ==, 5);
    g_assert_true(content_item_can(content_item_type(content, "baguette"), CAV_FEATURE_EAT));
    g_assert_true(content_item_can(content_item_type(content, "baguette"), CAV_FEATURE_WIELD));
    g_assert_false(content_item_can(content_item_type(content, "apple"), CAV_FEATURE_WIELD));
    g_assert_true(content_item_has_tag(content_item_type(content, "sword"), CAV_TAG_BLADE));
    g_assert_false(content_item_has_tag(content_item_type(content, "staff"), CAV_TAG_BLADE));
    g_assert_true(content_item_can(content_item_type(content, "tunic"), CAV_FEATURE_WEAR));
    /* Stacks: identical things share a slot, corpses fold into one line. */
    g_assert_cmpint(content_item_type(content, "rock")->stack, ==, CAV_STACK_HARD);
    g_assert_cmpint(content_item_type(content, "apple")->stack, ==, CAV_STACK_HARD);
    g_assert_cmpint(content_item_type(content, "corpse")->stack, ==, CAV_STACK_SOFT);
    g_assert_cmpint(content_item_type(content, "sword")->stack, ==, CAV_STACK_NONE);
    g_assert_cmpint(content_item_type(content, "corpse")->rot_turns, ==, 200);
    g_assert_cmpint(content_item_type(content, "corpse")->food_per_hp, ==, 5);
}

/* GAME.md "Potions": weight, duration and effect of each kind, and the looks. */
static void test_builtin_potions(void)
{
    static const struct {
        const char *name;
        gint32 weight;
        CavEffectSpec effect;
    } potions[] = {
        {"potion of health", 2, {.duration = 1, .hp = 15, .turn_chance = 100}},
        {"potion of mana", 2, {.duration = 1, .mana = 10, .turn_chance = 100}},
        {"potion of slow health", 1, {.duration = 100, .turn_hp = 1, .turn_chance = 100}},
        {"potion of poison", 1, {.duration = 20, .turn_hp = -1, .turn_chance = 100}},
        {"warrior's potion", 1, {.duration = 20, .attack = 5, .defense = 5, .turn_chance = 100}},
        {"archer's potion", 1, {.duration = 20, .vision = 3, .turn_chance = 100}},
        {"potion of experience", 1, {.duration = 20, .xp_per_level = 5, .turn_chance = 100}},
    };
    static const char *const looks[] = {"red",     "yellow", "green", "cyan", "blue",
                                        "magenta", "dark",   "grey",  "light"};
    g_autoptr(CavContent) content = content_new_builtin();
    const CavAppearanceLook *all;

    for (guint i = 0; i < G_N_ELEMENTS(potions); i++) {
        const CavItemType *t = content_item_type(content, potions[i].name);
        g_assert_nonnull(t);
        g_assert_true(content_item_has_tag(t, CAV_TAG_POTION));
        g_assert_true(content_item_can(t, CAV_FEATURE_QUAFF));
        g_assert_true(content_item_can(t, CAV_FEATURE_THROW));
        g_assert_cmpint(t->stack, ==, CAV_STACK_HARD);
        g_assert_cmpint(t->glyph, ==, '!');
        g_assert_cmpstr(t->pool, ==, "potion");
        g_assert_cmpint(t->spawn, ==, 1); /* z + 1 per level */
        g_assert_cmpint(t->spawn_per_level, ==, 1);
        g_assert_cmpint(t->weight, ==, potions[i].weight);
        g_assert_cmpmem(&t->effect, sizeof t->effect, &potions[i].effect, sizeof potions[i].effect);
        g_assert_cmpstr(t->effect_name, !=, "");
    }
    g_assert_cmpuint(content_appearances(content, &all), ==, G_N_ELEMENTS(looks));
    for (guint i = 0; i < G_N_ELEMENTS(looks); i++)
        g_assert_cmpstr(all[i].name, ==, looks[i]);
    g_assert_cmpint(content_item_type(content, "dagger")->weight, ==, 1);
}

/* GAME.md "Spellbooks and spells": each spell's book, cost and effect. */
static void test_builtin_spells(void)
{
    static const char *const white = "white mage's spellbook", *const blue =
                                                                   "blue mage's spellbook";
    static const struct {
        const char *name, *book;
        gint32 cost;
        CavSpecial special;
        CavEffectSpec effect;
    } spells[] = {
        {"minor heal", white, 4, CAV_SPECIAL_NONE, {.duration = 1, .hp = 20, .turn_chance = 100}},
        {"major heal", white, 8, CAV_SPECIAL_NONE, {.duration = 1, .hp = 50, .turn_chance = 100}},
        {"slow heal",
         white,
         12,
         CAV_SPECIAL_NONE,
         {.duration = 40, .turn_hp = 2, .turn_chance = 100}}, /* GAME.md: 50 (see spells.ini) */
        {"inner strength",
         white,
         16,
         CAV_SPECIAL_NONE,
         {.duration = 50,
          .attack = 2,
          .defense = 2,
          .vision = 1,
          .hp_regen = 10,
          .mana_regen = -10,
          .turn_hp = 1,
          .turn_chance = 25}},
        {"blood to mana", blue, 1, CAV_SPECIAL_BLOOD_TO_MANA, {.duration = 1, .turn_chance = 100}},
        {"blink", blue, 6, CAV_SPECIAL_BLINK, {.duration = 1, .turn_chance = 100}},
        {"summon bats", blue, 11, CAV_SPECIAL_SUMMON, {.duration = 1, .turn_chance = 100}},
        {"detect creatures",
         blue,
         16,
         CAV_SPECIAL_NONE,
         {.duration = 75, .detect = 1, .turn_chance = 100}},
    };
    g_autoptr(CavContent) content = content_new_builtin();
    const CavSpellKind *all;

    g_assert_cmpuint(content_spells(content, &all), ==, G_N_ELEMENTS(spells));
    for (guint i = 0; i < G_N_ELEMENTS(spells); i++) {
        g_assert_cmpstr(all[i].name, ==, spells[i].name);
        g_assert_cmpstr(all[i].book, ==, spells[i].book);
        g_assert_cmpint(all[i].cost, ==, spells[i].cost);
        g_assert_cmpint(all[i].special, ==, spells[i].special);
        g_assert_cmpmem(&all[i].effect, sizeof all[i].effect, &spells[i].effect,
                        sizeof spells[i].effect);
        g_assert_true(
            content_item_can(content_item_type(content, spells[i].book), CAV_FEATURE_READ));
    }
    g_assert_cmpint(all[5].range, ==, 5);
    g_assert_cmpint(all[5].min_range, ==, 3);
    g_assert_cmpint(all[4].hp_per_mana, ==, 7);
    for (guint i = 0; i < G_N_ELEMENTS(spells); i++)
        if (i != 4)
            g_assert_cmpint(all[i].hp_per_mana, ==, 1); /* the default: one for one */
    g_assert_cmpstr(all[6].summon, ==, "bat");
    g_assert_cmpint(content_item_type(content, white)->spawn_per_level, ==, 1);
}

/* GAME.md "Turns", "Creatures", "Combat", "Experience", "Food". */
static void test_builtin_rules(void)
{
    g_autoptr(CavContent) content = content_new_builtin();
    const CavRules *r = content_rules(content);

    g_assert_cmpint(r->turn_food, ==, 1);
    g_assert_cmpint(r->move_food, ==, 1);
    g_assert_cmpint(r->attack_food, ==, 2);
    g_assert_cmpint(r->dig_food, ==, 10);
    g_assert_cmpint(r->fungus_spread_permille, ==, 20);
    g_assert_cmpint(r->fungus_spread_radius, ==, 2);
    g_assert_cmpint(r->colony_max, ==, 20);
    g_assert_cmpint(r->zombie_idle_percent, ==, 20);
    g_assert_cmpint(r->bat_steps, ==, 2);
    g_assert_cmpint(r->xp_base, ==, 25);
    g_assert_cmpint(r->xp_exponent_permille, ==, 1750);
    g_assert_cmpint(r->heal_per_level, ==, 2);
    g_assert_cmpint(r->starving_percent, ==, 10);
    g_assert_cmpint(r->hungry_percent, ==, 25);
    g_assert_cmpint(r->full_percent, ==, 75);
    g_assert_cmpint(r->stuffed_percent, ==, 90);
    g_assert_cmpint(r->bonus[CAV_BONUS_MAX_HP], ==, 10);
    g_assert_cmpint(r->bonus[CAV_BONUS_MAX_MANA], ==, 5);
    g_assert_cmpint(r->bonus[CAV_BONUS_ATTACK], ==, 2);
    g_assert_cmpint(r->bonus[CAV_BONUS_DEFENSE], ==, 1);
    g_assert_cmpint(r->bonus[CAV_BONUS_VISION], ==, 1);
    g_assert_cmpint(r->bonus[CAV_BONUS_HP_REGEN], ==, 50);
    g_assert_cmpint(r->bonus[CAV_BONUS_MANA_REGEN], ==, 10);
}

static void test_installed_equals_builtin(void)
{
    g_autofree char *dir = g_test_build_filename(G_TEST_DIST, "..", "core", "data", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(CavContent) loaded = content_load(dir, &error);
    g_autoptr(CavContent) builtin = content_new_builtin();
    const CavCreatureKind *a, *b;
    const CavItemType *x, *y;
    guint n;

    g_assert_no_error(error);
    n = content_creature_kinds(loaded, &a);
    g_assert_cmpuint(n, ==, content_creature_kinds(builtin, &b));
    g_assert_cmpmem(a, n * sizeof *a, b, n * sizeof *b);
    n = content_item_types(loaded, &x);
    g_assert_cmpuint(n, ==, content_item_types(builtin, &y));
    g_assert_cmpmem(x, n * sizeof *x, y, n * sizeof *y);
    {
        const CavSpellKind *p, *q;
        n = content_spells(loaded, &p);
        g_assert_cmpuint(n, ==, content_spells(builtin, &q));
        g_assert_cmpuint(n, >, 0);
        g_assert_cmpmem(p, n * sizeof *p, q, n * sizeof *q);
    }
}

static char *read_data(const char *name)
{
    g_autofree char *path = g_test_build_filename(G_TEST_DIST, "..", "core", "data", name, NULL);
    char *text = NULL;

    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    return text;
}

/* The 1-based line of @needle in @text. */
static guint line_in(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    guint line = 1;

    g_assert_nonnull(at);
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* Replace @from by @to in the creatures (or items) file, parse, and expect
 * an error that starts with "FILE:LINE: @head" (LINE being where @to is) and
 * mentions @problem; with @head NULL, only "FILE:". */
static void assert_error(gboolean items, const char *from, const char *to, const char *head,
                         const char *problem)
{
    g_autofree char *creatures = read_data("creatures.ini");
    g_autofree char *item_text = read_data("items.ini");
    char **target = items ? &item_text : &creatures;
    g_autofree char *changed = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(CavContent) content = NULL;
    g_autofree char *expected = NULL;
    GString *s = g_string_new(*target);

    g_assert_cmpuint(g_string_replace(s, from, to, 1), ==, 1);
    changed = g_string_free(s, FALSE);
    g_free(*target);
    *target = g_steal_pointer(&changed);
    content = content_parse(creatures, "creatures.ini", item_text, "items.ini", NULL, NULL, &error);
    g_assert_null(content);
    g_assert_error(error, CONTENT_ERROR, 0);
    if (head != NULL)
        expected = g_strdup_printf("%s:%u: %s", items ? "items.ini" : "creatures.ini",
                                   line_in(*target, to), head);
    else
        expected = g_strdup(items ? "items.ini:" : "creatures.ini:");
    if (!g_str_has_prefix(error->message, expected) || strstr(error->message, problem) == NULL)
        g_error("got “%s”; expected it to start with “%s” and mention “%s”", error->message,
                expected, problem);
}

/* A spells.ini with @from replaced by @to is refused with the line of @at
 * (NULL: of @to) and @problem. */
static void assert_spell_error(const char *from, const char *to, const char *at,
                               const char *problem)
{
    g_autofree char *creatures = read_data("creatures.ini");
    g_autofree char *items = read_data("items.ini");
    g_autofree char *spells = read_data("spells.ini");
    GString *changed = g_string_new(spells);
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(CavContent) content = NULL;
    g_autofree char *where = NULL;

    g_assert_cmpuint(g_string_replace(changed, from, to, 1), ==, 1);
    text = g_string_free(changed, FALSE);
    content =
        content_parse(creatures, "creatures.ini", items, "items.ini", text, "spells.ini", &error);
    g_assert_null(content);
    where = g_strdup_printf("spells.ini:%u:", line_in(text, at != NULL ? at : to));
    if (!g_str_has_prefix(error->message, where) || strstr(error->message, problem) == NULL)
        g_error("got “%s”; expected “%s” and “%s”", error->message, where, problem);
}

static void test_spell_errors(void)
{
    assert_spell_error("book=white mage's spellbook\ncost=4", "book=cookbook\ncost=4", NULL,
                       "not a book");
    assert_spell_error("special=blink", "special=teleport", NULL, "not blood to mana");
    assert_spell_error("summon=bat", "summon=dragon", NULL, "not a kind of creature");
    assert_spell_error("cost=8", "cost=-8", NULL, "from 0 to");
    assert_spell_error("effect=slow heal", "effect=slow heal\nspecial=blink", "[slow heal]",
                       "an effect or a special");
    assert_spell_error("min_range=3", "min_range=6", NULL, "no nearer than");
    assert_spell_error("hp_per_mana=7", "hp_per_mana=0", NULL, "from 1 to");
}

static void test_errors(void)
{
    assert_error(FALSE, "hp=15", "hp=lots", "[bat] hp:", "not a whole number");
    assert_error(FALSE, "hp=15", "hp=-4", "[bat] hp:", "from 1 to");
    assert_error(FALSE, "hp=15", "hitpoints=15", "[bat] hitpoints:", "not a key");
    assert_error(FALSE, "colour=green\nhp=10", "colour=mauve\nhp=10",
                 "[fungus] colour:", "not a colour");
    assert_error(FALSE, "behaviour=bat", "behaviour=vampire", "[bat] behaviour:", "vampire");
    /* A kind that recorded games could not hold is refused up front. */
    assert_error(FALSE, "[bat]", "[Bät]", "[Bät]", "lowercase letters and spaces");
    assert_error(FALSE, "glyph=b", "glyph=bb", "[bat] glyph:", "one visible");
    assert_error(TRUE, "tags=weapon;blade\nfeatures=wield;throw\nattack=10",
                 "tags=weapon;shiny\nfeatures=wield;throw\nattack=10", "[sword] tags:", "shiny");
    assert_error(TRUE, "spawn=pool:armour:1\n\n[chainmail]", "spawn=pool:armour:x\n\n[chainmail]",
                 "[tunic] spawn:", "not a whole number");
    assert_error(TRUE, "[rock]\nglyph=,", "[rock]\nthis is not a key file line", NULL,
                 "this is not a key file line");
}

static void test_missing(void)
{
    g_autofree char *creatures = read_data("creatures.ini");
    g_autofree char *items = read_data("items.ini");
    g_autoptr(GError) error = NULL;
    GString *s = g_string_new(creatures);
    g_autofree char *no_player = NULL;
    g_autofree char *no_hp = NULL;

    g_string_replace(s, "[player]", "[hero]", 1);
    no_player = g_string_free(s, FALSE);
    g_assert_null(
        content_parse(no_player, "creatures.ini", items, "items.ini", NULL, NULL, &error));
    g_assert_nonnull(strstr(error->message, "[player]"));
    g_clear_error(&error);

    s = g_string_new(creatures);
    g_string_replace(s, "hp=66\n", "", 1);
    no_hp = g_string_free(s, FALSE);
    g_assert_null(content_parse(no_hp, "creatures.ini", items, "items.ini", NULL, NULL, &error));
    g_assert_true(g_str_has_prefix(error->message, "creatures.ini:"));
    g_assert_nonnull(strstr(error->message, "[goblin]"));
    g_assert_nonnull(strstr(error->message, "“hp”"));
    g_clear_error(&error);

    g_assert_null(content_load("/nonexistent", &error));
    g_assert_nonnull(strstr(error->message, "creatures.ini"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/content/builtin-creatures", test_builtin_creatures);
    g_test_add_func("/core/content/builtin-items", test_builtin_items);
    g_test_add_func("/core/content/builtin-potions", test_builtin_potions);
    g_test_add_func("/core/content/builtin-spells", test_builtin_spells);
    g_test_add_func("/core/content/spell-errors", test_spell_errors);
    g_test_add_func("/core/content/builtin-rules", test_builtin_rules);
    g_test_add_func("/core/content/installed-equals-builtin", test_installed_equals_builtin);
    g_test_add_func("/core/content/errors", test_errors);
    g_test_add_func("/core/content/missing", test_missing);
    return g_test_run();
}
