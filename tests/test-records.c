/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-records.c — after the game: the morgue, high scores, statistics and
 * achievements over a folder of games whose numbers are known, checked
 * against facts the test gathers itself (by hand for the hand-made games,
 * by its own fold of the events for the bot's), never against the output
 * of the code under test. Hostile files sit in the folder too. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "checks.h"
#include "morgue.h"
#include "records.h"
#include "testutil.h"
#include "tmux.h"

/* The folder every test reads (built once, in main). */
static char *folder;
static char *story_path;      /* lost: killed by a goblin on depth 2 */
static char *won_path;        /* won at once with the bear */
static char *fled_path;       /* lost: fled without the bear */
static char *unfinished_path; /* still playing */
static char *other_path;      /* played with other content data */
static char *bot_path;        /* a whole game by the bot */
static char *notagame_path, *tampered_path;

/* ---- the games -------------------------------------------------------------- */

static const char *const story_top[] = {
    "##########", "#<@......#", "#.>......#", "##########", NULL,
};
static const char *const story_below[] = {
    "##########", "#........#", "#.<......#", "##########", NULL,
};

/* The id of the item of @type in the player's pack. */
static gint32 pack_item(Scenario *s, const char *type)
{
    const CavState *state = game_state(s->game);
    const CavCreature *player = state_player(state);

    for (gint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, player->pack[i]);
        if (item != NULL && item->count > 0 && strcmp(item->type, type) == 0)
            return item->id;
    }
    g_assert_not_reached();
}

/* Hand-made: hp 1 of 8 at the start (near death), drinks the potion of
 * health (learned: "drank one"), kills a goblin (level 2), kills a fungus
 * with a thrown rock, goes down to depth 2 and waits there for a goblin
 * that hits for exactly 1 (attack 0 against defense 5) until it dies. The
 * last turns are played through a session, where the game ends. */
static void make_story(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    Scenario s;
    Store *store;
    gint32 potion, rocks;

    scenario_setup_player(&s, story_top, story_below, 8, 0);
    potion = scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    scenario_spawn(&s, "goblin", 0, 3, 1, 1, 0, 30);
    scenario_spawn(&s, "fungus", 0, 8, 1, 1, 0, 0);
    scenario_spawn(&s, "goblin", 1, 3, 2, 1000, 0, 0);
    scenario_hurt(&s, 1, 7);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_item(CMD_QUAFF, potion));
    scenario_store_play(&s, store, command_move(1, 0));
    g_assert_cmpint(state_player(game_state(s.game))->level, ==, 2);
    scenario_store_play(&s, store, command_choose(CAV_BONUS_ATTACK));
    /* Rocks dropped one by one and picked up again, twice: the rock thrown
     * is a split of a split of the rocks the game spawned. */
    for (gint round = 0; round < 2; round++) {
        for (gint i = 0; i < 3; i++)
            scenario_store_play(&s, store, command_item(CMD_DROP, rocks));
        scenario_store_play(&s, store, command_simple(CMD_PICKUP));
        rocks = pack_item(&s, "rock");
    }
    scenario_store_play(&s, store, command_throw(rocks, 8, 1));
    g_assert_false(game_state(s.game)->creatures[3].alive);
    scenario_store_play(&s, store, command_move(0, 1));
    scenario_store_play(&s, store, command_simple(CMD_DESCEND));
    store_free(store);
    scenario_teardown(&s);

    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    for (gint i = 0; i < 500 && session_state(session)->outcome == OUTCOME_PLAYING; i++) {
        CavCommand wait = command_simple(CMD_WAIT);
        g_assert_true(session_play(session, &wait, NULL, &error));
    }
    g_assert_cmpint(session_state(session)->outcome, ==, OUTCOME_LOST);
    g_assert_cmpstr(session_morgue_problem(session), ==, NULL);
    g_assert_nonnull(session_morgue_path(session));
}

static const char *const exit_room[] = {
    "#######", "#<@...#", "#.....#", "#######", NULL,
};

/* Hand-made: a step to the exit, then out, with the bear or without;
 * @turns 0 leaves it unfinished. */
static void make_exit(const char *path, gboolean bear, gint turns)
{
    g_autoptr(GError) error = NULL;
    Scenario s;
    Store *store;

    scenario_setup(&s, exit_room, NULL);
    if (bear)
        scenario_item(&s, "teddy bear", 1, 0, 0, 0, 1);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    if (turns > 0)
        scenario_store_play(&s, store, command_move(-1, 0));
    if (turns > 1)
        scenario_store_play(&s, store, command_simple(CMD_ASCEND));
    store_free(store);
    scenario_teardown(&s);
}

/* Other numbers than the standard ones: the data files with the player's
 * hp changed, in $CAVELOG_DATA_DIR while the game is created. */
static void make_other(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *data = g_build_filename(folder, "..", "other-data", NULL);
    const char *names[] = {"creatures.ini", "items.ini", "spells.ini"};
    g_autoptr(Session) session = NULL;

    g_mkdir_with_parents(data, 0755);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *from =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", names[i], NULL);
        g_autofree char *to = g_build_filename(data, names[i], NULL);
        g_autofree char *text = NULL;
        g_assert_true(g_file_get_contents(from, &text, NULL, NULL));
        if (i == 0) {
            char *hp = strstr(text, "\nhp=100\n");
            g_assert_nonnull(hp);
            memcpy(hp, "\nhp=120\n", 8);
        }
        g_assert_true(g_file_set_contents(to, text, -1, NULL));
    }
    g_setenv("CAVELOG_DATA_DIR", data, TRUE);
    session = session_new_game(path, 11, "other", NULL, &error);
    g_unsetenv("CAVELOG_DATA_DIR");
    g_assert_no_error(error);
    g_assert_cmpint(state_player(session_state(session))->max_hp, ==, 120);
    for (gint i = 0; i < 5; i++)
        play_bot_turn(session);
}

static void make_bot(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 3, "bot", NULL, &error);

    g_assert_no_error(error);
    for (gint i = 0; i < 6000 && play_bot_turn(session); i++)
        ;
}

/* A copy of @from at @to with one blow's damage changed: a game that no
 * longer folds. */
static void make_tampered(const char *from, const char *to)
{
    g_autofree char *bytes = NULL;
    gsize length;
    sqlite3 *db = NULL;

    g_assert_true(g_file_get_contents(from, &bytes, &length, NULL));
    g_assert_true(g_file_set_contents(to, bytes, (gssize) length, NULL));
    g_assert_cmpint(sqlite3_open(to, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "UPDATE events SET payload = json_set(payload, '$.damage', 77)"
                                 " WHERE seq = (SELECT min(seq) FROM events"
                                 " WHERE type = 'CreatureAttacked');",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_changes(db), ==, 1);
    sqlite3_close(db);
}

static char *in_folder(const char *name)
{
    return g_build_filename(folder, name, NULL);
}

static void make_folder(void)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *root = g_dir_make_tmp("cavelog-records-XXXXXX", &error);

    g_assert_no_error(error);
    folder = g_build_filename(root, "games", NULL);
    g_mkdir(folder, 0755);
    story_path = in_folder("story.cavelog");
    won_path = in_folder("won.cavelog");
    fled_path = in_folder("fled.cavelog");
    unfinished_path = in_folder("unfinished.cavelog");
    other_path = in_folder("other.cavelog");
    bot_path = in_folder("bot.cavelog");
    notagame_path = in_folder("notagame.cavelog");
    tampered_path = in_folder("tampered.cavelog");
    make_story(story_path);
    make_exit(won_path, TRUE, 2);
    make_exit(fled_path, FALSE, 2);
    make_exit(unfinished_path, FALSE, 0);
    make_other(other_path);
    make_bot(bot_path);
    g_assert_true(g_file_set_contents(notagame_path, "hello, not a game\n", -1, NULL));
    make_tampered(story_path, tampered_path);
}

/* ---- what the test knows of each game, by its own fold ------------------- */

typedef struct {
    gboolean readable;
    CavOutcome outcome;
    char cause[CAV_STR_MAX];
    gint32 turns, deepest, level, score, look_count;
    gint32 kills, goblin_kills, missile_kills, eaten, quaffed, casts;
    guint32 identified; /* bit per look the player learned */
    gboolean depth5_before_500, picked_bear, died;
    char died_of[CAV_STR_MAX];
    char killer[CAV_STR_MAX]; /* kind, or the cause when no creature killed */
    gint32 death_depth;
    GHashTable *items_used; /* type → count (GINT_TO_POINTER) */
    GArray *types;          /* CavEventType by seq */
    Game *game;
    Store *store;
} Facts;

static void count_use(Facts *f, const CavState *state, gint32 creature, gint32 item)
{
    const CavItem *it = state_item(state, item);
    gpointer n;

    if (creature != 1 || it == NULL)
        return;
    n = g_hash_table_lookup(f->items_used, it->type);
    g_hash_table_insert(f->items_used, g_strdup(it->type), GINT_TO_POINTER(GPOINTER_TO_INT(n) + 1));
}

static void note_death(Facts *f, const CavState *before, const CavEvent *event)
{
    const CavEvCreatureDied *e = &event->as.CreatureDied;
    const CavCreature *dead = state_creature(before, e->creature);
    const CavCreature *killer = state_creature(before, e->killer);

    if (e->creature == 1) {
        f->died = TRUE;
        g_strlcpy(f->died_of, e->cause, sizeof f->died_of);
        g_strlcpy(f->killer, killer != NULL ? killer->kind : e->cause, sizeof f->killer);
        f->death_depth = dead->z + 1;
    }
    if (e->killer != 1)
        return;
    f->kills++;
    f->goblin_kills += strcmp(dead->kind, "goblin") == 0;
    if (event->cause > 0 && (guint) event->cause < f->types->len) {
        CavEventType cause = g_array_index(f->types, CavEventType, event->cause);
        f->missile_kills += cause == CAV_EVENT_ITEM_THROWN || cause == CAV_EVENT_SHOT_FIRED;
    }
}

/* What one event tells, seen against the state before it. */
static void note_before(Facts *f, const CavState *state, const CavEvent *event)
{
    switch ((gint) event->type) {
    case CAV_EVENT_CREATURE_DIED:
        note_death(f, state, event);
        break;
    case CAV_EVENT_ITEM_QUAFFED:
        f->quaffed += event->as.ItemQuaffed.creature == 1;
        count_use(f, state, event->as.ItemQuaffed.creature, event->as.ItemQuaffed.item);
        break;
    case CAV_EVENT_ITEM_EATEN:
        f->eaten += event->as.ItemEaten.creature == 1;
        count_use(f, state, event->as.ItemEaten.creature, event->as.ItemEaten.item);
        break;
    case CAV_EVENT_ITEM_THROWN:
        count_use(f, state, event->as.ItemThrown.creature, event->as.ItemThrown.item);
        break;
    case CAV_EVENT_SHOT_FIRED:
        count_use(f, state, event->as.ShotFired.creature, event->as.ShotFired.item);
        break;
    case CAV_EVENT_ITEM_EQUIPPED:
        count_use(f, state, event->as.ItemEquipped.creature, event->as.ItemEquipped.item);
        break;
    case CAV_EVENT_SPELL_CAST:
        f->casts += event->as.SpellCast.creature == 1;
        count_use(f, state, event->as.SpellCast.creature, event->as.SpellCast.item);
        break;
    case CAV_EVENT_ITEM_PICKED_UP: {
        const CavItem *it = state_item(state, event->as.ItemPickedUp.item);
        f->picked_bear |= event->as.ItemPickedUp.creature == 1 && it != NULL &&
                          (it->tags & (1u << CAV_TAG_BEAR)) != 0;
        break;
    }
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        f->depth5_before_500 |= event->as.CreatureTookStairs.creature == 1 &&
                                event->as.CreatureTookStairs.z == 4 && event->turn < 500;
        break;
    case CAV_EVENT_ITEM_IDENTIFIED:
        if (event->as.ItemIdentified.creature == 1)
            f->identified |= 1u << state_look_index(state, event->as.ItemIdentified.appearance);
        break;
    default:
        break;
    }
}

static gboolean gather(const CavEvent *event, gpointer user_data, GError **error)
{
    Facts *f = user_data;
    CavEventType type = event->type;

    if (f->types->len <= (guint) event->seq)
        g_array_set_size(f->types, (guint) event->seq + 1);
    g_array_index(f->types, CavEventType, event->seq) = type;
    note_before(f, game_state(f->game), event);
    return checks_fold_event(f->store, f->game, NULL, event, error);
}

/* The test's own account of the game at @path (readable FALSE when its
 * history does not fold). */
static Facts *facts_of(const char *path)
{
    Facts *f = g_new0(Facts, 1);
    g_autoptr(GError) error = NULL;
    const CavState *state;

    f->items_used = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    f->types = g_array_new(FALSE, TRUE, sizeof(CavEventType));
    f->store = store_open(path, FALSE, &error);
    if (f->store == NULL)
        return f;
    f->game = game_new(NULL);
    game_track_view(f->game, FALSE);
    f->readable = store_foreach_event(f->store, NULL, gather, f, &error);
    state = game_state(f->game);
    f->outcome = state->outcome;
    g_strlcpy(f->cause, state->cause, sizeof f->cause);
    f->turns = state->turn;
    f->deepest = state->deepest;
    f->score = state_score(state);
    f->look_count = state->look_count;
    f->level = state_player(state) != NULL ? state_player(state)->level : 0;
    return f;
}

static void facts_free(Facts *f)
{
    g_hash_table_unref(f->items_used);
    g_array_unref(f->types);
    if (f->game != NULL)
        game_free(f->game);
    if (f->store != NULL)
        store_free(f->store);
    g_free(f);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Facts, facts_free)

/* Every game file of the folder, readable or not, by name. */
static GPtrArray *folder_paths(void)
{
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
    const char *names[] = {"bot.cavelog",        "fled.cavelog",  "notagame.cavelog",
                           "other.cavelog",      "story.cavelog", "tampered.cavelog",
                           "unfinished.cavelog", "won.cavelog"};

    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
        g_ptr_array_add(paths, in_folder(names[i]));
    return paths;
}

static char *file_digest(const char *path)
{
    g_autofree char *bytes = NULL;
    gsize length = 0;

    g_assert_true(g_file_get_contents(path, &bytes, &length, NULL));
    return g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *) bytes, length);
}

/* ---- the morgue ------------------------------------------------------------- */

static char *read_text(const char *path)
{
    g_autofree char *text = NULL;

    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    return g_steal_pointer(&text);
}

static guint occurrences(const char *text, const char *needle)
{
    guint n = 0;

    for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The story game ended in a session: its morgue lies beside it and tells
 * what the test made happen. */
static void test_morgue_at_end(void)
{
    g_autofree char *morgue = morgue_path_for(story_path);
    g_autofree char *text = read_text(morgue);
    g_autoptr(Facts) f = facts_of(story_path);
    /* The score counts the turns shown, those that pass no time too
     * (choosing the bonus, and the last one, which ends with the player's
     * death before its upkeep). */
    g_autofree char *turns = g_strdup_printf("Turns: %d. Deepest: depth 2 of 5. Score: %d.",
                                             f->turns, 200 + 2 * 10 + f->turns / 10);

    g_assert_true(g_str_has_suffix(morgue, "story.morgue.txt"));
    g_test_message("%s", text);
    g_assert_nonnull(strstr(text, "Lost: Killed by a goblin.\n"));
    g_assert_nonnull(strstr(text, turns));
    g_assert_nonnull(strstr(text, "level 2 ("));
    g_assert_nonnull(strstr(text, "at depth 2 of the caves"));
    g_assert_nonnull(strstr(text, "hp 0/8, attack 22"));
    g_assert_nonnull(strstr(text, "Kills: 2\n     1 fungus\n     1 goblin\n\n"));
    g_assert_nonnull(strstr(text, ") 2 rocks\n"));
    g_assert_null(strstr(text, "potion of health\n")); /* drunk: not in the pack */
    g_assert_nonnull(strstr(text, "potion of health: learned on turn 1 (drank one)"));
    g_assert_cmpuint(occurrences(text, "not identified"), ==, (guint) f->look_count - 1);
    g_assert_nonnull(strstr(text, "  turn      0  near death: 1 of 8 hp\n"));
    g_assert_cmpuint(occurrences(text, "near death"), ==, 2); /* again on depth 2 */
    g_assert_nonnull(strstr(text, "  turn      1  learned that red potions are potions of health"
                                  " (drank one)\n"));
    g_assert_nonnull(strstr(text, "  turn      2  reached experience level 2\n"));
    g_assert_nonnull(strstr(text, "  turn     14  reached depth 2\n"));
    g_assert_nonnull(strstr(text, "  died: killed by a goblin\n"));
    g_assert_nonnull(strstr(text, "Last messages\n"));
    g_assert_nonnull(strstr(text, "The goblin hits you."));
    g_assert_true(g_str_has_suffix(text, "\n"));
}

/* The bot's game went through autoplay_turn, as `cavelog autoplay`
 * does: it has a morgue beside it exactly when it ended. */
static void test_morgue_bot(void)
{
    g_autofree char *morgue = morgue_path_for(bot_path);
    g_autoptr(Facts) f = facts_of(bot_path);

    g_assert_true(f->readable);
    g_assert_cmpint(g_file_test(morgue, G_FILE_TEST_EXISTS), ==, f->outcome != OUTCOME_PLAYING);
    if (f->outcome != OUTCOME_PLAYING) {
        g_autofree char *text = read_text(morgue);
        g_autofree char *kills = g_strdup_printf("Kills: %d\n", f->kills);
        g_assert_nonnull(strstr(text, kills));
        g_assert_nonnull(strstr(text, f->outcome == OUTCOME_WON ? "Won: " : "Lost: "));
    }
}

/* The morgue of any game on demand, finished or not, and the file it is
 * written from is not changed. */
static void test_morgue_any_game(void)
{
    g_autofree char *before = file_digest(unfinished_path);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(unfinished_path, FALSE, &error);
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(Store) story = store_open(story_path, FALSE, &error);
    g_autoptr(GString) again = g_string_new(NULL);
    g_autofree char *morgue_path = morgue_path_for(story_path);
    g_autofree char *written = read_text(morgue_path);
    g_autofree char *after = NULL;

    g_assert_no_error(error);
    g_assert_true(morgue_describe(store, text, &error));
    g_assert_nonnull(strstr(text->str, "Still playing.\n"));
    g_assert_nonnull(strstr(text->str, "Kills: 0\n"));
    g_assert_nonnull(strstr(text->str, "(nothing of note)"));
    g_clear_pointer(&store, store_free);
    after = file_digest(unfinished_path);
    g_assert_cmpstr(before, ==, after);
    /* The same history tells the same story the end of the game wrote. */
    g_assert_true(morgue_describe(story, again, &error));
    g_assert_cmpstr(again->str, ==, written);
}

/* A morgue that cannot be written is a warning: the game is saved. */
static void test_morgue_failure_keeps_game(void)
{
    g_autofree char *dir = g_build_filename(folder, "..", "blocked", NULL);
    g_autofree char *path = g_build_filename(dir, "g.cavelog", NULL);
    g_autofree char *morgue = morgue_path_for(path);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    gint32 turns;

    g_mkdir_with_parents(dir, 0755);
    make_exit(path, FALSE, 1);
    g_mkdir(morgue, 0755); /* a folder where the morgue should go */
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    CavCommand up = command_simple(CMD_ASCEND);
    g_assert_true(session_play(session, &up, NULL, &error));
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->outcome, ==, OUTCOME_LOST);
    g_assert_null(session_morgue_path(session));
    g_assert_nonnull(strstr(session_morgue_problem(session), "the game is saved"));
    turns = session_state(session)->turn;
    g_clear_pointer(&session, session_free);
    {
        g_autoptr(Facts) f = facts_of(path);
        g_assert_true(f->readable);
        g_assert_cmpint(f->turns, ==, turns);
        g_assert_cmpint(f->outcome, ==, OUTCOME_LOST);
    }
    g_rmdir(morgue);
}

/* ---- high scores ------------------------------------------------------------ */

static const RecordsGame *find_game(const GPtrArray *games, const char *path)
{
    for (guint i = 0; i < games->len; i++) {
        const RecordsGame *game = g_ptr_array_index(games, i);
        if (strcmp(game->path, path) == 0)
            return game;
    }
    g_assert_not_reached();
}

static gint rank_of(const GPtrArray *paths, const char *path)
{
    for (guint i = 0; i < paths->len; i++)
        if (strcmp(g_ptr_array_index(paths, i), path) == 0)
            return (gint) i;
    return -1;
}

static void test_scores(void)
{
    g_autoptr(GPtrArray) paths = folder_paths();
    g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GPtrArray) readable = g_ptr_array_new();
    g_autoptr(GString) table = g_string_new(NULL);
    gboolean other_standard = TRUE;

    for (guint i = 0; i < paths->len; i++)
        g_ptr_array_add(digests, file_digest(g_ptr_array_index(paths, i)));
    games = records_scores(folder, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(games->len, ==, paths->len);
    /* Each readable game's score is the one its own fold gives. */
    for (guint i = 0; i < paths->len; i++) {
        g_autoptr(Facts) f = facts_of(g_ptr_array_index(paths, i));
        const RecordsGame *game = find_game(games, g_ptr_array_index(paths, i));
        g_assert_cmpint(f->readable, ==, game->problem == NULL);
        if (f->readable) {
            g_assert_cmpint(game->info.score, ==, f->score);
            g_assert_cmpint(game->info.turns, ==, f->turns);
            g_assert_cmpint(game->info.depth, ==, f->deepest + 1);
        }
    }
    /* By hand: bot (won, deep) > won (1100) > story (220 + turns/10) >
     * unfinished (100, 0 turns) > fled (100, 2 turns); other's place is
     * read through store_read_content_standard. (For the lead: with the
     * stub it reads standard; with the content table it must be ranked
     * apart, after every standard game.) */
    {
        g_autoptr(Store) store = store_open(other_path, FALSE, &error);
        g_assert_true(store_read_content_standard(store, &other_standard, &error));
    }
    for (guint i = 0; i < games->len; i++) {
        const RecordsGame *game = g_ptr_array_index(games, i);
        if (game->problem == NULL && strcmp(game->path, other_path) != 0)
            g_ptr_array_add(readable, game->path);
    }
    g_assert_cmpuint(readable->len, ==, 5);
    g_assert_true(rank_of(readable, won_path) < rank_of(readable, story_path));
    g_assert_true(rank_of(readable, story_path) < rank_of(readable, unfinished_path));
    g_assert_cmpint(rank_of(readable, fled_path), ==, 4);
    {
        g_autoptr(Facts) bot = facts_of(bot_path);
        g_autoptr(Facts) won = facts_of(won_path);
        g_assert_cmpint(won->score, ==, 1100);
        g_assert_cmpint(rank_of(readable, bot_path), ==, bot->score > 1100 ? 0 : 1);
    }
    g_assert_cmpint(find_game(games, other_path)->standard, ==, other_standard);
    if (!other_standard)
        g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 5))->path, ==, other_path);
    /* The unreadable ones come last, each with its problem. */
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 6))->path, ==, notagame_path);
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 7))->path, ==, tampered_path);
    g_assert_nonnull(strstr(find_game(games, notagame_path)->problem, "not a cavelog game"));
    g_assert_nonnull(strstr(find_game(games, tampered_path)->problem, "event"));
    records_scores_print(games, table);
    g_assert_nonnull(strstr(table->str, "Unreadable files\n"));
    for (guint i = 0; i < paths->len; i++) {
        g_autofree char *now = file_digest(g_ptr_array_index(paths, i));
        g_assert_cmpstr(now, ==, g_ptr_array_index(digests, i));
    }
}

static RecordsGame *made_game(const char *path, gint32 score, gint32 turns, gboolean standard)
{
    RecordsGame *game = g_new0(RecordsGame, 1);

    game->path = g_strdup(path);
    game->info.score = score;
    game->info.turns = turns;
    game->info.player_name = g_strdup("p");
    game->info.outcome = g_strdup("lost");
    game->info.updated = g_strdup("2026-01-01T00:00:00Z");
    game->standard = standard;
    return game;
}

/* Games played with other data are ranked apart, however high they score. */
static void test_scores_apart(void)
{
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func((GDestroyNotify) records_game_free);
    g_autoptr(GString) table = g_string_new(NULL);
    const char *apart, *first, *second, *third;

    g_ptr_array_add(games, made_game("/x/low.cavelog", 150, 9, TRUE));
    g_ptr_array_add(games, made_game("/x/modded.cavelog", 9000, 5, FALSE));
    g_ptr_array_add(games, made_game("/x/high.cavelog", 1200, 50, TRUE));
    g_ptr_array_add(games, made_game("/x/tie.cavelog", 150, 3, TRUE));
    records_scores_rank(games);
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 0))->path, ==, "/x/high.cavelog");
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 1))->path, ==, "/x/tie.cavelog");
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 2))->path, ==, "/x/low.cavelog");
    g_assert_cmpstr(((RecordsGame *) g_ptr_array_index(games, 3))->path, ==, "/x/modded.cavelog");
    records_scores_print(games, table);
    apart = strstr(table->str, "other content data");
    first = strstr(table->str, "high.cavelog");
    second = strstr(table->str, "low.cavelog");
    third = strstr(table->str, "modded.cavelog");
    g_assert_nonnull(apart);
    g_assert_true(first < second && second < apart && apart < third);
    /* Rank 1 of its own table. */
    g_assert_true(g_str_has_prefix(strrchr(table->str, '\n') != NULL
                                       ? g_strrstr_len(table->str, third - table->str, "\n") + 1
                                       : "",
                                   "   1   9000"));
}

/* ---- statistics ------------------------------------------------------------- */

static gint64 table_count(GHashTable *table, const char *key)
{
    gint64 *n = g_hash_table_lookup(table, key);

    return n != NULL ? *n : 0;
}

static void test_stats(void)
{
    g_autoptr(GPtrArray) paths = folder_paths();
    g_autoptr(GError) error = NULL;
    g_autoptr(RecordsStats) stats = records_stats(folder, &error);
    g_autoptr(GHashTable) items = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GHashTable) killers = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    gint64 games = 0, won = 0, lost = 0, playing = 0, turns = 0, fled = 0;
    GHashTableIter iter;
    gpointer key, value;

    g_assert_no_error(error);
    for (guint i = 0; i < paths->len; i++) {
        g_autoptr(Facts) f = facts_of(g_ptr_array_index(paths, i));
        if (!f->readable)
            continue;
        games++;
        won += f->outcome == OUTCOME_WON;
        lost += f->outcome == OUTCOME_LOST;
        playing += f->outcome == OUTCOME_PLAYING;
        fled += strcmp(f->cause, "fled the caves without the bear") == 0;
        turns += f->turns;
        if (f->died) {
            g_autofree char *k = g_strdup_printf("%s, at depth %d", f->killer, f->death_depth);
            g_hash_table_insert(
                killers, g_strdup(k),
                GINT_TO_POINTER(GPOINTER_TO_INT(g_hash_table_lookup(killers, k)) + 1));
        }
        g_hash_table_iter_init(&iter, f->items_used);
        while (g_hash_table_iter_next(&iter, &key, &value))
            g_hash_table_insert(items, g_strdup(key),
                                GINT_TO_POINTER(GPOINTER_TO_INT(g_hash_table_lookup(items, key)) +
                                                GPOINTER_TO_INT(value)));
    }
    g_assert_cmpint(stats->games, ==, games);
    g_assert_cmpint(stats->games, ==, 6);
    g_assert_cmpint(stats->unreadable, ==, 2);
    g_assert_cmpint(stats->won, ==, won);
    g_assert_cmpint(stats->lost, ==, lost);
    g_assert_cmpint(stats->playing, ==, playing);
    g_assert_cmpint(stats->turns, ==, turns);
    g_assert_cmpint(table_count(stats->causes, "fled the caves without the bear"), ==, fled);
    g_assert_cmpint(fled, ==, 1);
    g_assert_cmpint(table_count(stats->causes, "killed by a goblin"), >=, 1);
    /* What killed the player, and where: the story's goblin on depth 2 among them. */
    g_assert_cmpint(GPOINTER_TO_INT(g_hash_table_lookup(killers, "goblin, at depth 2")), >=, 1);
    g_assert_cmpuint(g_hash_table_size(stats->killers), ==, g_hash_table_size(killers));
    g_hash_table_iter_init(&iter, killers);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_assert_cmpint(table_count(stats->killers, key), ==, GPOINTER_TO_INT(value));
    /* Items used, type by type, as the test's own fold counted them. */
    g_assert_cmpint(GPOINTER_TO_INT(g_hash_table_lookup(items, "potion of health")), >=, 1);
    g_assert_cmpuint(g_hash_table_size(stats->items), ==, g_hash_table_size(items));
    g_hash_table_iter_init(&iter, items);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_assert_cmpint(table_count(stats->items, key), ==, GPOINTER_TO_INT(value));
}

/* The statistics print the SQL they ran, which the stock sqlite3 would run
 * on one file; running it here through SQLite itself gives the same rows. */
static void test_stats_show_sql(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(RecordsStats) stats = records_stats(folder, &error);
    g_autoptr(GString) text = g_string_new(NULL);
    const char *items, *end;
    g_autofree char *sql = NULL;
    sqlite3 *db = NULL;
    g_autoptr(Facts) f = facts_of(story_path);

    g_assert_no_error(error);
    records_stats_print(stats, text);
    g_assert_nonnull(strstr(text->str, "Win rate: "));
    g_assert_nonnull(strstr(text->str, "Average turns: "));
    g_assert_nonnull(strstr(text->str, "How this was computed"));
    items = strstr(text->str, "WITH RECURSIVE");
    g_assert_nonnull(items);
    end = strchr(items, '\n');
    sql = g_strndup(items, (gsize) (end - items));
    g_assert_cmpint(sqlite3_open_v2(story_path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM ItemQuaffed WHERE creature = 1"), ==, 1);
    {
        sqlite3_stmt *stmt = NULL;
        gint rows = 0;
        g_assert_cmpint(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            const char *type = (const char *) sqlite3_column_text(stmt, 0);
            g_assert_cmpint(sqlite3_column_int(stmt, 1), ==,
                            GPOINTER_TO_INT(g_hash_table_lookup(f->items_used, type)));
            rows++;
        }
        sqlite3_finalize(stmt);
        g_assert_cmpint(rows, ==, 2); /* the potion and the rock */
    }
    sqlite3_close(db);
}

/* ---- achievements ----------------------------------------------------------- */

/* Whether the game @f earned achievement @id, by the test's own account. */
static gboolean expected_earned(const Facts *f, const char *id)
{
    gboolean won = f->outcome == OUTCOME_WON;
    guint32 all = f->look_count > 0 ? (1u << f->look_count) - 1 : 0;

    if (strcmp(id, "first-blood") == 0)
        return f->kills >= 1;
    if (strcmp(id, "centurion") == 0)
        return f->kills >= 100;
    if (strcmp(id, "bear-hug") == 0)
        return won;
    if (strcmp(id, "goblin-friend") == 0)
        return won && f->goblin_kills == 0;
    if (strcmp(id, "pacifist") == 0)
        return won && f->kills == 0;
    if (strcmp(id, "alchemist") == 0)
        return all != 0 && f->identified == all;
    if (strcmp(id, "bad-label") == 0)
        return f->died && strcmp(f->died_of, "poison") == 0;
    if (strcmp(id, "forgot-to-eat") == 0)
        return f->died && strcmp(f->died_of, "starved") == 0;
    if (strcmp(id, "deserter") == 0)
        return strcmp(f->cause, "fled the caves without the bear") == 0;
    if (strcmp(id, "deep-down") == 0)
        return f->deepest == 4;
    if (strcmp(id, "speed-delver") == 0)
        return f->depth5_before_500;
    if (strcmp(id, "bear-finder") == 0)
        return f->picked_bear;
    if (strcmp(id, "spellcaster") == 0)
        return f->casts >= 20;
    if (strcmp(id, "seasoned") == 0)
        return f->level >= 5;
    if (strcmp(id, "sharpshooter") == 0)
        return f->missile_kills > 0;
    if (strcmp(id, "tippler") == 0)
        return f->quaffed >= 10;
    if (strcmp(id, "glutton") == 0)
        return f->eaten >= 10;
    g_error("no expectation for achievement %s", id);
}

static gboolean earned_by(const RecordsAchievement *a, const char *path)
{
    for (guint i = 0; i < a->earned->len; i++)
        if (strcmp(g_ptr_array_index(a->earned, i), path) == 0)
            return TRUE;
    return FALSE;
}

static void test_achievements(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = records_achievements_load(&error);
    g_autoptr(GPtrArray) paths = folder_paths();
    g_autoptr(GPtrArray) games = NULL;
    guint earned_somewhere = 0;

    g_assert_no_error(error);
    g_assert_cmpuint(achievements->len, >=, 12);
    games = records_achievements_evaluate(folder, achievements, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(games->len, ==, paths->len);
    for (guint p = 0; p < paths->len; p++) {
        g_autoptr(Facts) f = facts_of(g_ptr_array_index(paths, p));
        for (guint i = 0; i < achievements->len; i++) {
            const RecordsAchievement *a = g_ptr_array_index(achievements, i);
            gboolean expected = f->readable && expected_earned(f, a->id);
            g_assert_cmpstr(a->problem, ==, NULL);
            if (expected != earned_by(a, g_ptr_array_index(paths, p)))
                g_error("%s: achievement %s: expected %d", (char *) g_ptr_array_index(paths, p),
                        a->id, expected);
        }
    }
    for (guint i = 0; i < achievements->len; i++)
        earned_somewhere +=
            ((RecordsAchievement *) g_ptr_array_index(achievements, i))->earned->len > 0;
    /* The hand-made games earn what they were made to. */
    for (guint i = 0; i < achievements->len; i++) {
        const RecordsAchievement *a = g_ptr_array_index(achievements, i);
        if (strcmp(a->id, "sharpshooter") == 0 || strcmp(a->id, "first-blood") == 0)
            g_assert_true(earned_by(a, story_path));
        if (strcmp(a->id, "pacifist") == 0 || strcmp(a->id, "bear-hug") == 0)
            g_assert_true(earned_by(a, won_path));
        if (strcmp(a->id, "deserter") == 0)
            g_assert_true(earned_by(a, fled_path) && !earned_by(a, unfinished_path));
    }
    g_assert_cmpuint(earned_somewhere, >=, 8);
}

/* An achievement written after the games were played is earned by them:
 * one from $CAVELOG_DATA_DIR's own achievements.ini. */
static void test_achievements_retroactive(void)
{
    g_autofree char *data = g_build_filename(folder, "..", "own-data", NULL);
    g_autofree char *file = g_build_filename(data, "achievements.ini", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = NULL;
    g_autoptr(GPtrArray) games = NULL;
    const RecordsAchievement *a;

    g_mkdir_with_parents(data, 0755);
    g_assert_true(g_file_set_contents(file,
                                      "[stone-thrower]\nname=Stone thrower\n"
                                      "description=Threw something.\n"
                                      "query=SELECT count(*) FROM ItemThrown"
                                      " WHERE creature = 1\n",
                                      -1, NULL));
    g_setenv("CAVELOG_DATA_DIR", data, TRUE);
    achievements = records_achievements_load(&error);
    g_unsetenv("CAVELOG_DATA_DIR");
    g_assert_no_error(error);
    g_assert_cmpuint(achievements->len, ==, 1);
    games = records_achievements_evaluate(folder, achievements, &error);
    g_assert_no_error(error);
    a = g_ptr_array_index(achievements, 0);
    g_assert_cmpstr(a->name, ==, "Stone thrower");
    g_assert_true(earned_by(a, story_path));
    g_assert_false(earned_by(a, won_path));
}

/* A game file holding views of its own (here one that invents a hundred
 * kills) is refused as tampered (every reader checks the views), and earns
 * nothing. */
static void test_achievements_file_views_ignored(void)
{
    g_autofree char *dir = g_build_filename(folder, "..", "lying", NULL);
    g_autofree char *path = g_build_filename(dir, "liar.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = records_achievements_load(&error);
    g_autoptr(GPtrArray) games = NULL;
    sqlite3 *db = NULL;

    g_mkdir_with_parents(dir, 0755);
    make_exit(path, FALSE, 2);
    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "DROP VIEW CreatureDied; CREATE VIEW CreatureDied AS"
                                 " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n"
                                 " WHERE i < 150) SELECT i AS seq, 1 AS killer, 2 AS creature,"
                                 " 'x' AS cause, 0 AS turn, 0 AS cause_seq FROM n;",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM CreatureDied WHERE killer = 1"), ==, 150);
    sqlite3_close(db);
    games = records_achievements_evaluate(dir, achievements, &error);
    g_assert_no_error(error);
    g_assert_nonnull(strstr(((RecordsGame *) g_ptr_array_index(games, 0))->problem,
                            "the view CreatureDied does not read"));
    for (guint i = 0; i < achievements->len; i++) {
        const RecordsAchievement *a = g_ptr_array_index(achievements, i);
        g_assert_cmpuint(a->earned->len, ==, 0);
    }
}

static gboolean count_rows(int n, const char *const *values, gpointer user_data, GError **error)
{
    (*(gint64 *) user_data)++;
    return TRUE;
}

/* A query that would run forever is stopped by its bound; one that writes
 * is refused; the file is unchanged. */
static void test_query_bounded(void)
{
    g_autofree char *before = file_digest(fled_path);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(fled_path, FALSE, &error);
    g_autofree char *after = NULL;
    gint64 rows = 0, start = g_get_monotonic_time();

    g_assert_no_error(error);
    g_assert_false(store_query(store,
                               "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
                               " SELECT count(*) FROM n",
                               1000000, 60000, count_rows, &rows, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_nonnull(strstr(error->message, "too long"));
    g_assert_cmpint(g_get_monotonic_time() - start, <, 30 * G_USEC_PER_SEC);
    g_clear_error(&error);
    g_assert_false(
        store_query(store, "DELETE FROM events", 1000000, 1000, count_rows, &rows, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_assert_false(store_query(store, "SELECT 1; DELETE FROM events", 1000000, 1000, count_rows,
                               &rows, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_assert_false(store_query(store, "ATTACH DATABASE ':memory:' AS other", 1000000, 1000,
                               count_rows, &rows, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_assert_false(store_query(store, "COMMIT", 1000000, 1000, count_rows, &rows, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_assert_true(store_query(store, "SELECT seq FROM CreatureMoved", 1000000, 1000, count_rows,
                              &rows, &error));
    g_assert_no_error(error);
    g_assert_cmpint(rows, ==, 1);
    g_clear_pointer(&store, store_free);
    after = file_digest(fled_path);
    g_assert_cmpstr(before, ==, after);
}

/* ---- the terminal ----------------------------------------------------------- */

/* Poll the pane for @needle for up to 20 s, pressing Enter every poll when
 * @press; the last screen (caller frees), or NULL when it never came. */
static char *pane_wait(Tmux *t, const char *needle, gboolean press)
{
    gint64 end = g_get_monotonic_time() + 20 * G_USEC_PER_SEC;

    while (g_get_monotonic_time() < end) {
        g_autofree char *screen = tmux_capture(t);
        if (strstr(screen, needle) != NULL)
            return g_steal_pointer(&screen);
        if (press)
            tmux_send_named_key(t, "Enter");
        g_usleep(250 * 1000);
    }
    return NULL;
}

/* A game won in the terminal writes its morgue beside it, and says where
 * once the screen is given back. */
static void test_terminal_end(void)
{
    g_autofree char *tmux_path = g_find_program_in_path("tmux");
    g_autofree char *dir = g_build_filename(folder, "..", "terminal", NULL);
    g_autofree char *path = g_build_filename(dir, "won.cavelog", NULL);
    g_autofree char *morgue = morgue_path_for(path);
    g_autofree char *bin = g_shell_quote(g_getenv("CAVELOG_BIN"));
    g_autofree char *quoted = g_shell_quote(path);
    g_autofree char *command =
        g_strdup_printf("%s continue %s; echo CAVELOG-EXITED status=$?; sleep 30", bin, quoted);
    g_autofree char *told = g_strdup_printf("The story of this game: %s", morgue);
    g_autofree char *screen = NULL;
    g_autofree char *text = NULL;
    Tmux t;

    if (tmux_path == NULL) {
        g_test_skip("tmux is not installed");
        return;
    }
    tmux_init(&t, "records", NULL); /* the folder goes at the end of main */
    g_mkdir_with_parents(dir, 0755);
    make_exit(path, TRUE, 1); /* on the way out, with the bear */
    tmux_start(&t, 100, 30, command);
    g_free(pane_wait(&t, "Turn 1", FALSE));
    g_assert_false(g_file_test(morgue, G_FILE_TEST_EXISTS));
    tmux_send_text(&t, "<");
    screen = pane_wait(&t, "CAVELOG-EXITED", TRUE);
    tmux_clear(&t);
    g_assert_nonnull(screen);
    g_assert_nonnull(strstr(screen, "CAVELOG-EXITED status=0"));
    g_assert_nonnull(strstr(screen, told));
    text = read_text(morgue);
    g_assert_nonnull(strstr(text, "Won: brought the bear out of the caves.\n"));
}

/* ---- the command line ------------------------------------------------------- */

static int run_cli(const char *const *args, char **out, char **err)
{
    const char *bin = g_getenv("CAVELOG_BIN");
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_nonnull(bin);
    g_ptr_array_add(argv, (gpointer) bin);
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out,
                               err, &status, &error));
    g_assert_no_error(error);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_cli(void)
{
    g_autoptr(GPtrArray) paths = folder_paths();
    g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func(g_free);
    const char *commands[] = {"scores", "stats", "achievements"};
    g_autofree char *morgue_path = morgue_path_for(story_path);
    g_autofree char *written = read_text(morgue_path);

    for (guint i = 0; i < paths->len; i++)
        g_ptr_array_add(digests, file_digest(g_ptr_array_index(paths, i)));
    for (guint c = 0; c < G_N_ELEMENTS(commands); c++) {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = {commands[c], folder, NULL};
        g_assert_cmpint(run_cli(args, &out, &err), ==, 0);
        g_assert_nonnull(strstr(out, "notagame.cavelog: not a cavelog game"));
        g_assert_nonnull(strstr(out, "tampered.cavelog: event"));
        g_assert_cmpstr(err, ==, "");
    }
    {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = {"morgue", story_path, "--output", "-", NULL};
        g_assert_cmpint(run_cli(args, &out, &err), ==, 0);
        g_assert_cmpstr(out, ==, written);
    }
    {
        g_autofree char *out = NULL, *err = NULL;
        g_autofree char *to = g_build_filename(folder, "..", "story-copy.txt", NULL);
        const char *args[] = {"morgue", story_path, "--output", to, NULL};
        g_autofree char *copy = NULL;
        g_assert_cmpint(run_cli(args, &out, &err), ==, 0);
        copy = read_text(to);
        g_assert_cmpstr(copy, ==, written);
    }
    {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = {"morgue", tampered_path, NULL};
        g_autofree char *morgue = morgue_path_for(tampered_path);
        g_assert_cmpint(run_cli(args, &out, &err), ==, 1);
        g_assert_cmpuint(occurrences(err, "\n"), ==, 1);
        g_assert_true(g_str_has_prefix(err, "cavelog: "));
        g_assert_false(g_file_test(morgue, G_FILE_TEST_EXISTS));
    }
    {
        g_autofree char *out = NULL, *err = NULL;
        const char *args[] = {"stats", "/nonexistent/folder", NULL};
        g_assert_cmpint(run_cli(args, &out, &err), ==, 1);
        g_assert_nonnull(strstr(err, "no such folder"));
    }
    for (guint i = 0; i < paths->len; i++) {
        g_autofree char *now = file_digest(g_ptr_array_index(paths, i));
        g_assert_cmpstr(now, ==, g_ptr_array_index(digests, i));
    }
}

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *data_home = g_dir_make_tmp("cavelog-records-data-XXXXXX", &error);
    g_autofree char *root = NULL;
    int status;

    g_assert_no_error(error);
    g_setenv("XDG_DATA_HOME", data_home, TRUE);
    g_unsetenv("CAVELOG_DATA_DIR");
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    make_folder();
    g_test_add_func("/records/morgue/at-end", test_morgue_at_end);
    g_test_add_func("/records/morgue/any-game", test_morgue_any_game);
    g_test_add_func("/records/morgue/bot", test_morgue_bot);
    g_test_add_func("/records/morgue/failure-keeps-game", test_morgue_failure_keeps_game);
    g_test_add_func("/records/scores/ranked", test_scores);
    g_test_add_func("/records/scores/apart", test_scores_apart);
    g_test_add_func("/records/stats/figures", test_stats);
    g_test_add_func("/records/stats/show-sql", test_stats_show_sql);
    g_test_add_func("/records/achievements/earned", test_achievements);
    g_test_add_func("/records/achievements/retroactive", test_achievements_retroactive);
    g_test_add_func("/records/achievements/file-views-ignored",
                    test_achievements_file_views_ignored);
    g_test_add_func("/records/query/bounded", test_query_bounded);
    g_test_add_func("/records/cli", test_cli);
    g_test_add_func("/records/terminal-end", test_terminal_end);
    status = g_test_run();
    root = g_path_get_dirname(folder);
    remove_tree(root);
    remove_tree(data_home);
    return status;
}
