/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis.c — the inspector's questions, answered by history/analysis:
 * why an event happened and why the player died, where a value came from,
 * what changed between two events, series over time and search inside the
 * state — each checked against an independent fold or a brute-force scan of
 * a game made here (a bot game, or a scripted death). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "analysis.h"
#include "codec.h"
#include "game.h"
#include "scenario.h"
#include "store.h"
#include "testutil.h"

#define BOT_SEED 4242
#define BOT_TURNS 400

static char *bot_path; /* one bot game shared by the tests that only read it */
static char *bot_dir;

/* ---- helpers ---------------------------------------------------------------- */

static History *open_history(const char *path)
{
    g_autoptr(GError) error = NULL;
    History *history = history_open(path, 0, &error);

    g_assert_no_error(error);
    return history;
}

static void record_bot_game(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    bot_dir = g_dir_make_tmp("cavelog-analysis-XXXXXX", &error);
    g_assert_no_error(error);
    bot_path = g_build_filename(bot_dir, "bot.cavelog", NULL);
    session = session_new_game(bot_path, BOT_SEED, "tester", NULL, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < BOT_TURNS && play_bot_turn(session); t++)
        ;
}

/* States folded from the file by a fresh Game, independently of History:
 * the state after each seq in @seqs (ascending), copied. */
typedef struct {
    Game *game;
    const gint64 *seqs;
    guint n, next;
    CavState **out;
} Folder;

static gboolean fold_one(const CavEvent *event, gpointer data, GError **error)
{
    Folder *f = data;

    if (!game_fold(f->game, event, error))
        return FALSE;
    while (f->next < f->n && f->seqs[f->next] == event->seq)
        f->out[f->next++] = g_memdup2(game_state(f->game), sizeof(CavState));
    return TRUE;
}

static CavState **fold_states(const char *path, const gint64 *seqs, guint n)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);
    Folder f = {.game = game, .seqs = seqs, .n = n, .out = g_new0(CavState *, n)};

    g_assert_no_error(error);
    game_track_view(game, FALSE);
    while (f.next < n && seqs[f.next] == 0)
        f.out[f.next++] = g_memdup2(game_state(game), sizeof(CavState));
    g_assert_true(store_foreach_event(store, NULL, fold_one, &f, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(f.next, ==, n);
    return f.out;
}

static void free_states(CavState **states, guint n)
{
    for (guint i = 0; i < n; i++)
        g_free(states[i]);
    g_free(states);
}

/* The value of @field of @id in the history's state after @seq (0 when the
 * creature does not exist yet). */
static gint64 seek_value(History *history, gint64 seq, gint32 id, AnalysisField field)
{
    g_autoptr(GError) error = NULL;
    const CavCreature *c;

    g_assert_true(history_seek(history, seq, &error));
    g_assert_no_error(error);
    c = state_creature(history_state(history), id);
    return c == NULL ? 0 : analysis_field_value(history_state(history), c, field);
}

/* A creature of @kind that ever lived in the game, or 0. */
static gint32 some_creature(History *history, const char *kind)
{
    const CavState *last = history_last_state(history);

    for (gint32 id = 1; id <= last->creature_count; id++)
        if (g_strcmp0(history_kind(history, CAV_REF_CREATURE, id), kind) == 0)
            return id;
    return 0;
}

/* ---- a scripted death ---------------------------------------------------------- */

static const char *const room[] = {
    "############", "#..........#", "#..@.......#", "#..........#",
    "#..........#", "############", NULL,
};

typedef struct {
    TmpDir tmp;
    char *path;
    gint32 goblin, potion, bread;
} Death;

/* A weak player carrying an unknown potion and bread beside a strong
 * goblin: the player strikes once, then waits until the goblin kills it. */
static void death_setup(Death *d, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;

    tmp_dir_setup(&d->tmp, data);
    d->path = tmp_path(&d->tmp, "death.cavelog");
    scenario_setup_player(&s, room, NULL, 30, 0);
    d->goblin = scenario_spawn(&s, "goblin", 0, 4, 2, 200, 30, 50);
    d->potion = scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    d->bread = scenario_item(&s, "bread", 1, 0, 0, 0, 1);
    store = scenario_store_new(d->path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_move(1, 0));
    for (gint t = 0; t < 100 && game_state(s.game)->outcome == OUTCOME_PLAYING; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    scenario_teardown(&s);
}

static void death_teardown(Death *d, gconstpointer data)
{
    g_free(d->path);
    tmp_dir_teardown(&d->tmp, data);
}

static gint64 find_type(History *history, CavEventType type)
{
    for (gint64 seq = history_length(history); seq >= 1; seq--)
        if (history_entry(history, seq)->type == type)
            return seq;
    return 0;
}

static const AnalysisNode *child(const AnalysisNode *node, guint i)
{
    g_assert_cmpuint(i, <, node->children->len);
    return g_ptr_array_index(node->children, i);
}

/* The killing blow: GameLost's cause is the death, whose cause is the
 * goblin's blow, which the goblin decided on its own; what put the goblin
 * beside the player is listed. */
static void check_killing_blow(History *history, const AnalysisNode *group, const Death *d,
                               gint64 lost)
{
    const HistoryEntry *lost_entry = history_entry(history, lost);
    const AnalysisNode *died = child(group, 0), *node = died;

    g_assert_cmpint(group->kind, ==, ANALYSIS_NODE_GROUP);
    g_assert_cmpstr(group->text, ==, "Killing blow");
    g_assert_cmpint(died->kind, ==, ANALYSIS_NODE_EVENT);
    g_assert_cmpint(died->seq, ==, lost_entry->cause);
    g_assert_cmpint(history_entry(history, died->seq)->type, ==, CAV_EVENT_CREATURE_DIED);
    /* Follow the chain: each EVENT's first child is its cause. */
    while (node->kind == ANALYSIS_NODE_EVENT) {
        const AnalysisNode *next = child(node, 0);
        if (next->kind == ANALYSIS_NODE_EVENT)
            g_assert_cmpint(next->seq, ==, history_entry(history, node->seq)->cause);
        else
            g_assert_cmpint(history_entry(history, node->seq)->cause, ==, 0);
        node = next;
    }
    g_assert_cmpint(node->kind, ==, ANALYSIS_NODE_DECISION);
    g_assert_cmpint(node->creature, ==, d->goblin);
    g_assert_cmpuint(node->children->len, >=, 2);
    for (guint i = 0; i < node->children->len; i++)
        g_assert_cmpint(child(node, i)->kind, ==, ANALYSIS_NODE_PLACED);
    g_assert_cmpint(child(node, 0)->creature, ==, d->goblin);
    g_assert_cmpint(child(node, 1)->creature, ==, 1);
}

/* Every blow on the player within the window is in the hp group, with the
 * player's hp after it as the history says. */
static void check_hp_group(History *history, const AnalysisNode *group, gint64 lost, gint32 turns)
{
    gint32 first_turn = MAX(1, history_entry(history, lost)->turn - turns + 1);
    guint blows = 0;
    gint64 previous = G_MAXINT64;

    g_assert_true(g_str_has_prefix(group->text, "hp of you over the last"));
    for (guint i = 0; i < group->children->len; i++) {
        const AnalysisNode *hp = child(group, i);
        g_assert_cmpint(hp->kind, ==, ANALYSIS_NODE_HP_CHANGE);
        g_assert_cmpint(hp->seq, <, previous); /* newest first */
        previous = hp->seq;
        g_assert_cmpint(hp->value, ==, seek_value(history, hp->seq, 1, ANALYSIS_FIELD_HP));
        g_assert_cmpint(hp->value, !=, seek_value(history, hp->seq - 1, 1, ANALYSIS_FIELD_HP));
        blows += history_entry(history, hp->seq)->type == CAV_EVENT_CREATURE_ATTACKED;
    }
    for (gint64 seq = history_turn_start(history, first_turn); seq <= lost; seq++) {
        const HistoryEntry *e = history_entry(history, seq);
        if (e->type == CAV_EVENT_CREATURE_ATTACKED && e->actor != 1 &&
            seek_value(history, seq, 1, ANALYSIS_FIELD_HP) !=
                seek_value(history, seq - 1, 1, ANALYSIS_FIELD_HP))
            blows--;
    }
    g_assert_cmpuint(blows, ==, 0);
    g_assert_cmpint(child(group, 0)->value, <=, 0); /* the last blow killed */
}

static void test_why_died(Death *d, gconstpointer data)
{
    g_autoptr(History) history = open_history(d->path);
    g_autoptr(GError) error = NULL;
    g_autoptr(AnalysisNode) tree = NULL;
    g_autoptr(GString) dumped = g_string_new(NULL);
    gint64 lost = find_type(history, CAV_EVENT_GAME_LOST);
    gint32 turn = history_entry(history, lost)->turn;
    const AnalysisNode *commands, *pack;

    g_assert_cmpint(lost, >, 0);
    g_assert_true(history_seek(history, 3, &error));
    tree = analysis_why_died(history, lost, 5, &error);
    g_assert_no_error(error);
    g_assert_cmpint(history_state(history)->last_seq, ==, 3); /* left where it stood */
    analysis_node_dump(tree, dumped);
    g_test_message("%s", dumped->str);
    g_assert_cmpint(tree->kind, ==, ANALYSIS_NODE_EVENT);
    g_assert_cmpint(tree->seq, ==, lost);
    g_assert_cmpuint(tree->children->len, ==, 4);
    check_killing_blow(history, child(tree, 0), d, lost);
    check_hp_group(history, child(tree, 1), lost, 5);
    commands = child(tree, 2);
    g_assert_cmpstr(commands->text, ==, "Your commands");
    g_assert_cmpuint(commands->children->len, ==, MIN(5, turn));
    for (guint i = 0; i < commands->children->len; i++) {
        g_assert_cmpint(child(commands, i)->kind, ==, ANALYSIS_NODE_COMMAND);
        g_assert_cmpint(child(commands, i)->turn, ==, turn - (gint32) i);
    }
    g_assert_nonnull(strstr(child(commands, 0)->text, "wait"));
    pack = child(tree, 3);
    g_assert_cmpstr(pack->text, ==, "In your pack");
    /* the potion would have healed; bread does not help against a goblin */
    g_assert_cmpuint(pack->children->len, ==, 1);
    g_assert_cmpint(child(pack, 0)->item, ==, d->potion);
    g_assert_nonnull(strstr(child(pack, 0)->text, "unknown: it was potion of health"));
    /* Not a GameLost: refused with a message. */
    g_assert_null(analysis_why_died(history, 1, 5, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* The player's own blow goes back to the command of turn 1. */
static void test_why_command(Death *d, gconstpointer data)
{
    g_autoptr(History) history = open_history(d->path);
    g_autoptr(GError) error = NULL;
    g_autoptr(AnalysisNode) tree = NULL;
    gint64 blow = 0;

    for (gint64 seq = 1; seq <= history_length(history) && blow == 0; seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_ATTACKED &&
            history_entry(history, seq)->actor == 1)
            blow = seq;
    g_assert_cmpint(blow, >, 0);
    tree = analysis_why(history, blow, 3, &error);
    g_assert_no_error(error);
    g_assert_cmpint(child(tree, 0)->kind, ==, ANALYSIS_NODE_COMMAND);
    g_assert_cmpint(child(tree, 0)->turn, ==, 1);
    g_assert_nonnull(strstr(child(tree, 0)->text, "move (+1,+0)"));
    /* The victim's hp group lists the blow itself. */
    g_assert_cmpint(child(tree, 1)->kind, ==, ANALYSIS_NODE_GROUP);
    g_assert_cmpint(child(child(tree, 1), 0)->seq, ==, blow);
}

/* How many nodes of @kind the tree holds. */
static guint count_kind(const AnalysisNode *node, AnalysisNodeKind kind)
{
    guint n = node->kind == kind;

    for (guint i = 0; i < node->children->len; i++)
        n += count_kind(g_ptr_array_index(node->children, i), kind);
    return n;
}

/* The player's blow at the goblin beside it says what put both there; a
 * spell cast on oneself says nothing of the kind (no one acted on another). */
static void test_why_placed(void)
{
    g_autoptr(GError) error = NULL;
    TmpDir tmp;
    g_autofree char *path = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(History) history = NULL;
    g_autoptr(AnalysisNode) cast_tree = NULL;
    g_autoptr(AnalysisNode) blow_tree = NULL;
    Scenario s;
    gint32 book;

    tmp_dir_setup(&tmp, NULL);
    path = tmp_path(&tmp, "cast.cavelog");
    scenario_setup_caster(&s, room, 50);
    scenario_spawn(&s, "goblin", 0, 4, 2, 200, 1, 50);
    book = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_hurt(&s, 1, 5);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_cast(book, "minor heal", 3, 2));
    scenario_store_play(&s, store, command_move(1, 0));
    scenario_teardown(&s);
    history = open_history(path);
    cast_tree = analysis_why(history, find_type(history, CAV_EVENT_SPELL_CAST), 3, &error);
    g_assert_no_error(error);
    g_assert_cmpint(count_kind(cast_tree, ANALYSIS_NODE_COMMAND), ==, 1);
    g_assert_cmpint(count_kind(cast_tree, ANALYSIS_NODE_PLACED), ==, 0);
    blow_tree = analysis_why(history, find_type(history, CAV_EVENT_CREATURE_ATTACKED), 3, &error);
    g_assert_no_error(error);
    g_assert_cmpint(count_kind(blow_tree, ANALYSIS_NODE_PLACED), ==, 2);
    g_clear_pointer(&history, history_free);
    g_clear_pointer(&store, store_free);
    tmp_dir_teardown(&tmp, NULL);
}

/* A death with nothing in the pack says so under "In your pack". */
static void test_why_died_empty_pack(void)
{
    g_autoptr(GError) error = NULL;
    TmpDir tmp;
    g_autofree char *path = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(History) history = NULL;
    g_autoptr(AnalysisNode) tree = NULL;
    const AnalysisNode *pack;
    Scenario s;

    tmp_dir_setup(&tmp, NULL);
    path = tmp_path(&tmp, "empty.cavelog");
    scenario_setup_player(&s, room, NULL, 30, 0);
    scenario_spawn(&s, "goblin", 0, 4, 2, 200, 30, 50);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 100 && game_state(s.game)->outcome == OUTCOME_PLAYING; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    scenario_teardown(&s);
    history = open_history(path);
    tree = analysis_why_died(history, find_type(history, CAV_EVENT_GAME_LOST), 5, &error);
    g_assert_no_error(error);
    pack = child(tree, tree->children->len - 1);
    g_assert_cmpuint(pack->children->len, ==, 0);
    g_assert_cmpstr(pack->text, ==, "In your pack: nothing (it was empty)");
    g_clear_pointer(&history, history_free);
    g_clear_pointer(&store, store_free);
    tmp_dir_teardown(&tmp, NULL);
}

/* The pack group of a mage of @mana mana killed by a goblin while carrying
 * a healer's spellbook, a potion of poison and bread. */
static AnalysisNode *mage_pack(gint32 mana, gint32 *book)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(History) history = NULL;
    g_autoptr(AnalysisNode) tree = NULL;
    g_autofree char *path = NULL;
    TmpDir tmp;
    Scenario s;

    tmp_dir_setup(&tmp, NULL);
    path = tmp_path(&tmp, "mage.cavelog");
    scenario_setup_mage(&s, room, NULL, 30, mana);
    scenario_spawn(&s, "goblin", 0, 4, 2, 200, 30, 50);
    *book = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    scenario_item(&s, "potion of poison", 1, 0, 0, 0, 1);
    scenario_item(&s, "bread", 1, 0, 0, 0, 1);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 100 && game_state(s.game)->outcome == OUTCOME_PLAYING; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    scenario_teardown(&s);
    history = open_history(path);
    tree = analysis_why_died(history, find_type(history, CAV_EVENT_GAME_LOST), 5, &error);
    g_assert_no_error(error);
    g_clear_pointer(&history, history_free);
    g_clear_pointer(&store, store_free);
    tmp_dir_teardown(&tmp, NULL);
    return g_ptr_array_steal_index(tree->children, tree->children->len - 1);
}

/* Only what could have helped is listed: not food (the death was not
 * starving), nor a potion that harms, nor a book whose healing the mana
 * could not pay for; the same book with the mana for minor heal is. */
static void test_why_died_helped(void)
{
    gint32 book;
    g_autoptr(AnalysisNode) poor = mage_pack(2, &book);
    g_autoptr(AnalysisNode) rich = mage_pack(6, &book);

    g_assert_cmpuint(poor->children->len, ==, 0);
    g_assert_cmpstr(poor->text, ==, "In your pack: nothing that could have helped");
    g_assert_cmpuint(rich->children->len, ==, 1);
    g_assert_cmpint(child(rich, 0)->item, ==, book);
    g_assert_nonnull(strstr(child(rich, 0)->text, "minor heal, 4 mana"));
    g_assert_null(strstr(child(rich, 0)->text, "major heal"));
}

/* A game of one turn (the player waits) beside goblin(s) set up by @setup;
 * its history. */
static History *one_turn(TmpDir *tmp, void (*setup)(Scenario *s, gint32 *goblin), gint32 *goblin)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    static guint made;
    g_autofree char *name = g_strdup_printf("turn-%u.cavelog", made++);
    g_autofree char *path = tmp_path(tmp, name);
    Scenario s;

    scenario_setup_player(&s, room, NULL, 100, 0);
    setup(&s, goblin);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_teardown(&s);
    g_clear_pointer(&store, store_free);
    return open_history(path);
}

/* The first event of turn 1 whose actor is @creature. */
static gint64 action_of(History *history, gint32 creature)
{
    for (gint64 seq = history_turn_start(history, 1); seq <= history_length(history); seq++)
        if (history_entry(history, seq)->actor == creature)
            return seq;
    g_assert_not_reached();
}

static void far_goblin(Scenario *s, gint32 *goblin)
{
    *goblin = scenario_spawn(s, "goblin", 0, 9, 3, 20, 1, 0);
}

static void hurt_goblin(Scenario *s, gint32 *goblin)
{
    *goblin = scenario_spawn(s, "goblin", 0, 9, 3, 20, 1, 0);
    scenario_item(s, "potion of poison", *goblin, 0, 0, 0, 1);
    scenario_hurt(s, *goblin, 15);
}

/* Why a goblin acted: one that sees the player across the room hunts them
 * along a path that ends beside them; one below half hp with a potion
 * drinks it. The player's own command is no creature's choice. */
static void test_explain(void)
{
    TmpDir tmp;
    g_autoptr(GError) error = NULL;
    AnalysisDecision why;
    gint32 goblin;
    History *history;
    const CavCreature *player;
    gint32 last;

    tmp_dir_setup(&tmp, NULL);
    history = one_turn(&tmp, far_goblin, &goblin);
    player = state_player(history_last_state(history));
    g_assert_true(analysis_explain(history, action_of(history, goblin), &why, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(why.decision.rule, ==, "hunt");
    g_assert_true(why.decision.sees_player);
    g_assert_cmpint(why.decision.target, ==, player->id);
    g_assert_cmpint(why.decision.creature, ==, goblin);
    g_assert_cmpint(why.decision.x, ==, 9);
    g_assert_cmpint(why.decision.path_length, >=, 5);
    last = why.decision.path_length - 1;
    g_assert_cmpint(why.decision.path_x[last], ==, player->x);
    g_assert_cmpint(why.decision.path_y[last], ==, player->y);
    g_assert_cmpint(why.sight[player->y][player->x], ==, 1); /* it saw the player */
    g_assert_cmpint(why.sight[0][0], ==, 0);
    g_assert_false(analysis_explain(history, history_turn_start(history, 1), &why, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_clear_error(&error);
    history_free(history);

    history = one_turn(&tmp, hurt_goblin, &goblin);
    g_assert_true(analysis_explain(history, action_of(history, goblin), &why, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(why.decision.rule, ==, "drink");
    g_assert_cmpint(why.decision.item, >, 0);
    history_free(history);
    tmp_dir_teardown(&tmp, NULL);
}

/* For every event of a bot game (a sample), the chain of EVENT nodes is the
 * index's cause chain and ends at the player's command exactly when the
 * first event of the chain is the player's. */
static void test_why_chains(void)
{
    g_autoptr(History) history = open_history(bot_path);
    gint32 player = history_last_state(history)->player;

    for (gint64 seq = 1; seq <= history_length(history); seq += 37) {
        g_autoptr(GError) error = NULL;
        g_autoptr(AnalysisNode) tree = analysis_why(history, seq, 2, &error);
        const AnalysisNode *node = tree;
        const HistoryEntry *entry = history_entry(history, seq);

        g_assert_no_error(error);
        while (entry->cause != 0) {
            node = child(node, 0);
            g_assert_cmpint(node->kind, ==, ANALYSIS_NODE_EVENT);
            g_assert_cmpint(node->seq, ==, entry->cause);
            entry = history_entry(history, entry->cause);
        }
        node = child(node, 0);
        if (entry->actor == player && entry->turn > 0)
            g_assert_cmpint(node->kind, ==, ANALYSIS_NODE_COMMAND);
        else
            g_assert_cmpint(node->kind, ==, ANALYSIS_NODE_DECISION);
        g_assert_cmpint(node->turn, ==, entry->turn);
    }
}

/* ---- where did this value come from ---------------------------------------------- */

/* The brute force: seek to every seq in turn and note where the value
 * differs from the one before. */
static GArray *brute_origins(History *history, gint32 id, AnalysisField field, gint64 at)
{
    GArray *seqs = g_array_new(FALSE, FALSE, sizeof(gint64));
    gint64 before = seek_value(history, 0, id, field);

    for (gint64 seq = 1; seq <= at; seq++) {
        gint64 after = seek_value(history, seq, id, field);
        if (after != before)
            g_array_prepend_val(seqs, seq);
        before = after;
    }
    return seqs;
}

static void check_origins(History *history, gint32 id, AnalysisField field)
{
    g_autoptr(GError) error = NULL;
    gint64 at = history_length(history);
    g_autoptr(GArray) got = analysis_origins(history, id, field, 0, at, &error);
    g_autoptr(GArray) want = brute_origins(history, id, field, at);

    g_assert_no_error(error);
    g_test_message("%s of creature %d: %u changes", analysis_field_name(field), id, want->len);
    g_assert_cmpuint(got->len, ==, want->len);
    for (guint i = 0; i < got->len; i++) {
        const AnalysisChange *c = &g_array_index(got, AnalysisChange, i);
        g_assert_cmpint(c->seq, ==, g_array_index(want, gint64, i));
        g_assert_cmpint(c->after, ==, seek_value(history, c->seq, id, field));
        g_assert_cmpint(c->before, ==, seek_value(history, c->seq - 1, id, field));
        g_assert_cmpint(c->turn, ==, history_entry(history, c->seq)->turn);
    }
}

static void test_origins(void)
{
    g_autoptr(History) history = open_history(bot_path);
    gint32 player = history_last_state(history)->player;
    static const AnalysisField fields[] = {
        ANALYSIS_FIELD_HP,     ANALYSIS_FIELD_FOOD,  ANALYSIS_FIELD_POSITION, ANALYSIS_FIELD_XP,
        ANALYSIS_FIELD_ATTACK, ANALYSIS_FIELD_KNOWN, ANALYSIS_FIELD_LEVEL,
    };
    gint32 goblin = some_creature(history, "goblin");

    for (guint i = 0; i < G_N_ELEMENTS(fields); i++)
        check_origins(history, player, fields[i]);
    if (goblin != 0)
        check_origins(history, goblin, ANALYSIS_FIELD_HP);
}

/* A range that starts late lists only the changes inside it. */
static void test_origins_window(void)
{
    g_autoptr(History) history = open_history(bot_path);
    g_autoptr(GError) error = NULL;
    gint32 player = history_last_state(history)->player;
    gint64 length = history_length(history), from = length / 2;
    g_autoptr(GArray) all =
        analysis_origins(history, player, ANALYSIS_FIELD_FOOD, 0, length, &error);
    g_autoptr(GArray) late =
        analysis_origins(history, player, ANALYSIS_FIELD_FOOD, from, length, &error);
    guint expected = 0;

    g_assert_no_error(error);
    for (guint i = 0; i < all->len; i++)
        expected += g_array_index(all, AnalysisChange, i).seq > from;
    g_assert_cmpuint(late->len, ==, expected);
    g_assert_cmpuint(late->len, >, 0);
}

/* ---- what changed between A and B ----------------------------------------------------- */

/* The differences of two states as sorted strings, found field by field. */
static GPtrArray *brute_diff(const CavState *a, const CavState *b)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    for (gint32 id = 1; id <= CAV_CREATURES_MAX; id++) {
        const CavCreature *was = &a->creatures[id], *now = &b->creatures[id];
        if (was->id != 0 && now->id == 0)
            g_ptr_array_add(lines, g_strdup_printf("not yet c%d", id));
        if (now->id == 0)
            continue;
        if (was->id == 0) {
            g_ptr_array_add(lines, g_strdup_printf("appeared c%d", id));
            if (!now->alive)
                g_ptr_array_add(lines, g_strdup_printf("died c%d", id));
            continue;
        }
        if (!was->alive && now->alive)
            g_ptr_array_add(lines, g_strdup_printf("alive again c%d", id));
        if (was->alive && !now->alive)
            g_ptr_array_add(lines, g_strdup_printf("died c%d", id));
        if (was->z != now->z || was->x != now->x || was->y != now->y)
            g_ptr_array_add(lines, g_strdup_printf("moved c%d %d,%d,%d>%d,%d,%d", id, was->z,
                                                   was->x, was->y, now->z, now->x, now->y));
#define NUM(name, value_a, value_b)                                                                \
    if ((value_a) != (value_b))                                                                    \
        g_ptr_array_add(lines, g_strdup_printf("field c%d %s %d>%d", id, name, (gint) (value_a),   \
                                               (gint) (value_b)));
        NUM("hp", was->hp, now->hp)
        NUM("max_hp", was->max_hp, now->max_hp)
        NUM("attack", state_attack(a, was), state_attack(b, now))
        NUM("defense", state_defense(a, was), state_defense(b, now))
        NUM("food", was->food, now->food)
        NUM("max_food", was->max_food, now->max_food)
        NUM("mana", was->mana, now->mana)
        NUM("max_mana", was->max_mana, now->max_mana)
        NUM("xp", was->xp, now->xp)
        NUM("level", was->level, now->level)
        NUM("kills", was->kills, now->kills)
#undef NUM
        for (gint32 look = 0; look < 32; look++)
            if ((now->known & ~was->known) & (1u << look))
                g_ptr_array_add(lines, g_strdup_printf("learned c%d %d", id, look));
    }
    for (gint32 id = 1; id <= CAV_ITEMS_MAX; id++) {
        const CavItem *was = &a->items[id], *now = &b->items[id];
        if (was->id != 0 && now->id == 0)
            g_ptr_array_add(lines, g_strdup_printf("item not yet i%d", id));
        if (now->id == 0)
            continue;
        if (was->id == 0)
            g_ptr_array_add(lines, g_strdup_printf("item appeared i%d", id));
        else if (was->holder != now->holder ||
                 (now->holder == 0 && (was->z != now->z || was->x != now->x || was->y != now->y)))
            g_ptr_array_add(lines, g_strdup_printf("item moved i%d", id));
        if (was->id != 0 && was->count != now->count)
            g_ptr_array_add(lines,
                            g_strdup_printf("item count i%d %d>%d", id, was->count, now->count));
    }
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        for (gint32 y = 0; y < CAV_HEIGHT; y++)
            for (gint32 x = 0; x < CAV_WIDTH; x++)
                if (a->tiles[z][y][x] != b->tiles[z][y][x])
                    g_ptr_array_add(lines, g_strdup_printf("tile %d,%d,%d %d>%d", z, x, y,
                                                           a->tiles[z][y][x], b->tiles[z][y][x]));
    for (gint32 id = 1; id <= CAV_EFFECTS_MAX; id++) {
        gboolean was = a->effects[id].id != 0 && a->effects[id].active;
        gboolean now = b->effects[id].id != 0 && b->effects[id].active;
        if (was != now)
            g_ptr_array_add(lines, g_strdup_printf("effect %s e%d", now ? "started" : "ended", id));
    }
    return lines;
}

/* The engine's diff in the brute force's words. */
static GPtrArray *engine_lines(const GArray *diff)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < diff->len; i++) {
        const AnalysisDiffEntry *e = &g_array_index(diff, AnalysisDiffEntry, i);
        gint32 z0, x0, y0, z1, x1, y1;
        switch (e->kind) {
        case ANALYSIS_DIFF_APPEARED:
            g_ptr_array_add(lines, g_strdup_printf("appeared c%d", e->id));
            break;
        case ANALYSIS_DIFF_DIED:
            g_ptr_array_add(lines, g_strdup_printf("died c%d", e->id));
            break;
        case ANALYSIS_DIFF_ALIVE_AGAIN:
            g_ptr_array_add(lines, g_strdup_printf("alive again c%d", e->id));
            break;
        case ANALYSIS_DIFF_NOT_YET:
            g_ptr_array_add(lines, g_strdup_printf("not yet c%d", e->id));
            break;
        case ANALYSIS_DIFF_MOVED:
            analysis_position_unpack(e->before, &z0, &x0, &y0);
            analysis_position_unpack(e->after, &z1, &x1, &y1);
            g_ptr_array_add(lines, g_strdup_printf("moved c%d %d,%d,%d>%d,%d,%d", e->id, z0, x0, y0,
                                                   z1, x1, y1));
            break;
        case ANALYSIS_DIFF_FIELD:
            g_ptr_array_add(lines, g_strdup_printf("field c%d %s %d>%d", e->id,
                                                   analysis_field_name(e->field), (gint) e->before,
                                                   (gint) e->after));
            break;
        case ANALYSIS_DIFF_KNOWLEDGE:
            g_ptr_array_add(lines, g_strdup_printf("learned c%d %d", e->id, (gint) e->after));
            break;
        case ANALYSIS_DIFF_ITEM_APPEARED:
            g_ptr_array_add(lines, g_strdup_printf("item appeared i%d", e->id));
            break;
        case ANALYSIS_DIFF_ITEM_NOT_YET:
            g_ptr_array_add(lines, g_strdup_printf("item not yet i%d", e->id));
            break;
        case ANALYSIS_DIFF_ITEM_MOVED:
            g_ptr_array_add(lines, g_strdup_printf("item moved i%d", e->id));
            break;
        case ANALYSIS_DIFF_ITEM_COUNT:
            g_ptr_array_add(lines, g_strdup_printf("item count i%d %d>%d", e->id, (gint) e->before,
                                                   (gint) e->after));
            break;
        case ANALYSIS_DIFF_TILE:
            g_ptr_array_add(lines, g_strdup_printf("tile %d,%d,%d %d>%d", e->z, e->x, e->y,
                                                   (gint) e->before, (gint) e->after));
            break;
        case ANALYSIS_DIFF_EFFECT_STARTED:
        case ANALYSIS_DIFF_EFFECT_ENDED:
            g_ptr_array_add(
                lines, g_strdup_printf(
                           "effect %s e%d",
                           e->kind == ANALYSIS_DIFF_EFFECT_STARTED ? "started" : "ended", e->id));
            break;
        }
    }
    return lines;
}

static gint compare_lines(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *) a, *(const char *const *) b);
}

/* Engine and brute force agree between the states after @a and @b (either
 * may be the earlier); returns the kinds of change met, as bits, and adds
 * to @yours the lines that place an item in the player's pack ("in your
 * pack", never "in the pack of you"). */
static guint check_diff(History *history, gint64 a, gint64 b, const CavState *state_a,
                        const CavState *state_b, guint *yours)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) diff = analysis_diff(history, a, b, &error);
    g_autoptr(GPtrArray) got = NULL;
    g_autoptr(GPtrArray) want = brute_diff(state_a, state_b);
    guint kinds_seen = 0;

    g_assert_no_error(error);
    got = engine_lines(diff);
    g_ptr_array_sort(got, compare_lines);
    g_ptr_array_sort(want, compare_lines);
    g_test_message("diff %" G_GINT64_FORMAT " → %" G_GINT64_FORMAT ": %u changes", a, b, want->len);
    for (guint k = 0; k < MIN(got->len, want->len); k++)
        g_assert_cmpstr(g_ptr_array_index(got, k), ==, g_ptr_array_index(want, k));
    g_assert_cmpuint(got->len, ==, want->len);
    for (guint k = 0; k < diff->len; k++) {
        g_autoptr(GString) line = g_string_new(NULL);
        analysis_diff_describe(history, state_b, &g_array_index(diff, AnalysisDiffEntry, k), line);
        g_assert_cmpuint(line->len, >, 0);
        g_assert_null(strstr(line->str, "of you"));
        *yours += strstr(line->str, "in your pack") != NULL;
        kinds_seen |= 1u << g_array_index(diff, AnalysisDiffEntry, k).kind;
    }
    return kinds_seen;
}

/* Every pair of a few states, forwards and backwards: entities that come
 * and go between them, and B before A, are listed as the folds differ. */
static void test_diff(void)
{
    g_autoptr(History) history = open_history(bot_path);
    gint64 n = history_length(history);
    const gint64 seqs[] = {0, n / 5, n / 5 + 1, n / 2, n - 40, n};
    CavState **states = fold_states(bot_path, seqs, G_N_ELEMENTS(seqs));
    guint kinds_seen = 0, yours = 0;

    for (guint i = 0; i < G_N_ELEMENTS(seqs); i++)
        for (guint j = 0; j < G_N_ELEMENTS(seqs); j++)
            if (i != j)
                kinds_seen |= check_diff(history, seqs[i], seqs[j], states[i], states[j], &yours);
    g_assert_cmpuint(yours, >, 0); /* the bot carries things */
    /* The game is long enough for the diff to meet most kinds of change. */
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_APPEARED));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_DIED));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_ALIVE_AGAIN));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_NOT_YET));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_MOVED));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_FIELD));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_ITEM_APPEARED));
    g_assert_true(kinds_seen & (1u << ANALYSIS_DIFF_ITEM_NOT_YET));
    free_states(states, G_N_ELEMENTS(seqs));
}

/* Between an event and itself nothing changed. */
static void test_diff_empty(void)
{
    g_autoptr(History) history = open_history(bot_path);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) diff = analysis_diff(history, 100, 100, &error);

    g_assert_no_error(error);
    g_assert_cmpuint(diff->len, ==, 0);
}

/* ---- over time -------------------------------------------------------------------- */

/* The player's @fields after every event, folded event by event by a fresh
 * Game: row seq - 1, one column per field. */
typedef struct {
    Game *game;
    const AnalysisField *fields;
    guint n_fields;
    GArray *values; /* of gint64 */
} ValueFolder;

static gboolean fold_values(const CavEvent *event, gpointer data, GError **error)
{
    ValueFolder *f = data;
    const CavState *state = game_state(f->game);

    if (!game_fold(f->game, event, error))
        return FALSE;
    for (guint i = 0; i < f->n_fields; i++) {
        const CavCreature *c = state_player(state);
        gint64 value = c == NULL ? 0 : analysis_field_value(state, c, f->fields[i]);
        g_array_append_val(f->values, value);
    }
    return TRUE;
}

static GArray *fold_player_values(const char *path, const AnalysisField *fields, guint n)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);
    ValueFolder f = {game, fields, n, g_array_new(FALSE, FALSE, sizeof(gint64))};

    g_assert_no_error(error);
    game_track_view(game, FALSE);
    g_assert_true(store_foreach_event(store, NULL, fold_values, &f, &error));
    g_assert_no_error(error);
    return f.values;
}

static void test_series(void)
{
    g_autoptr(History) history = open_history(bot_path);
    g_autoptr(GError) error = NULL;
    gint32 player = history_last_state(history)->player;
    gint64 n = history_length(history);
    static const AnalysisField fields[] = {ANALYSIS_FIELD_HP, ANALYSIS_FIELD_MANA,
                                           ANALYSIS_FIELD_FOOD, ANALYSIS_FIELD_XP,
                                           ANALYSIS_FIELD_LEVEL};
    const guint nf = G_N_ELEMENTS(fields);
    g_autoptr(GArray) folded = fold_player_values(bot_path, fields, nf);

    g_assert_cmpuint(folded->len, ==, n * nf);
    for (guint f = 0; f < nf; f++) {
        g_autoptr(GArray) series = analysis_series(history, player, fields[f], 1, n, FALSE, &error);
        g_autoptr(GArray) turns = analysis_series(history, player, fields[f], 1, n, TRUE, &error);
        g_assert_no_error(error);
        g_assert_cmpuint(series->len, ==, n);
        for (guint i = 0; i < series->len; i++) {
            const AnalysisPoint *p = &g_array_index(series, AnalysisPoint, i);
            g_assert_cmpint(p->seq, ==, i + 1);
            g_assert_cmpint(p->value, ==, g_array_index(folded, gint64, i * nf + f));
        }
        /* One point per turn: the value after the turn's last event. */
        g_assert_cmpuint(turns->len, ==, history_turns(history));
        for (guint i = 0; i < turns->len; i++) {
            const AnalysisPoint *p = &g_array_index(turns, AnalysisPoint, i);
            g_assert_cmpint(p->turn, ==, (gint32) i);
            g_assert_cmpint(p->value, ==, g_array_index(folded, gint64, (p->seq - 1) * nf + f));
            g_assert_true(p->seq == n || history_entry(history, p->seq + 1)->turn != p->turn);
        }
    }
}

static void test_events_per_turn(void)
{
    g_autoptr(History) history = open_history(bot_path);
    gint32 turns = 0;
    g_autofree guint32 *counts = analysis_events_per_turn(history, &turns);
    gint64 total = 0;

    g_assert_cmpint(turns, ==, history_turns(history));
    for (gint32 t = 0; t < turns; t++) {
        gint64 in_turn = 0;
        for (guint type = 0; type < CAV_EVENT_TYPE_COUNT; type++)
            in_turn += counts[(gsize) t * CAV_EVENT_TYPE_COUNT + type];
        gint64 end =
            t + 1 < turns ? history_turn_start(history, t + 1) : history_length(history) + 1;
        g_assert_cmpint(in_turn, ==, end - history_turn_start(history, t));
        total += in_turn;
    }
    g_assert_cmpint(total, ==, history_length(history));
    g_assert_cmpuint(counts[1 * CAV_EVENT_TYPE_COUNT + CAV_EVENT_UPKEEP_APPLIED], >=, 1);
}

/* ---- search inside the state -------------------------------------------------------- */

static gboolean carries_brute(const CavState *state, const CavCreature *c, const char *what)
{
    for (gint32 slot = 0; slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, c->pack[slot]);
        if (item != NULL && item->count > 0 &&
            (strstr(item->name, what) != NULL || strstr(item->type, what) != NULL))
            return TRUE;
    }
    return FALSE;
}

/* The brute force: creatures (only) that match a fixed predicate. */
static void check_search(History *history, const CavState *state, const char *query,
                         gboolean (*match)(const CavState *, const CavCreature *))
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) found = analysis_search(history, state, query, &error);
    guint k = 0;

    g_assert_no_error(error);
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c == NULL || !match(state, c))
            continue;
        g_assert_cmpuint(k, <, found->len);
        g_assert_cmpint(g_array_index(found, CavRef, k).kind, ==, CAV_REF_CREATURE);
        g_assert_cmpint(g_array_index(found, CavRef, k).id, ==, id);
        k++;
    }
    g_assert_cmpuint(k, ==, found->len);
    g_test_message("%s: %u", query, k);
}

static gboolean hp_below_10(const CavState *s, const CavCreature *c)
{
    return c->hp < 10;
}
static gboolean goblins(const CavState *s, const CavCreature *c)
{
    return strstr(c->kind, "goblin") != NULL;
}
static const char *carried; /* what check_search's carries= query names */
static gboolean carriers_of(const CavState *s, const CavCreature *c)
{
    return carries_brute(s, c, carried);
}
static gboolean living_deep(const CavState *s, const CavCreature *c)
{
    return c->alive && c->z + 1 >= 2 && state_attack(s, c) > 3;
}

/* Search at several moments of the game; each query finds something at
 * one of them at least, so the comparison is not between empty lists. */
static void test_search(void)
{
    static const char *const malformed[] = {"hp<10z>=0", "hp<10z", "z>=two", "hp=5=5"};
    g_autoptr(History) history = open_history(bot_path);
    g_autoptr(GError) error = NULL;
    gint64 n = history_length(history);
    guint potions = 0, goblin_count = 0, breads_total = 0;

    for (gint64 at = n / 8; at <= n; at += n / 8) {
        g_autofree CavState *state = NULL;
        g_autoptr(GArray) breads = NULL;
        g_autoptr(GArray) carriers = NULL;
        guint items = 0;

        g_assert_true(history_seek(history, at, &error));
        state = g_memdup2(history_state(history), sizeof(CavState));
        check_search(history, state, "hp<10", hp_below_10);
        check_search(history, state, "kind=goblin", goblins);
        check_search(history, state, "alive=yes z>=2 attack>3", living_deep);
        /* carries=: the name of something the player has in the pack. */
        for (gint32 slot = 0; slot < CAV_PACK_SLOTS; slot++) {
            const CavItem *item = state_item(state, state_player(state)->pack[slot]);
            g_autofree char *query = NULL;
            if (item == NULL || item->count == 0 || strchr(item->type, ' ') != NULL)
                continue;
            carried = item->type;
            query = g_strdup_printf("carries=%s", carried);
            check_search(history, state, query, carriers_of);
            carriers = analysis_search(history, state, query, &error);
            potions += carriers->len;
            break;
        }
        for (gint32 id = 1; id <= state->creature_count; id++)
            goblin_count +=
                state_creature(state, id) != NULL && goblins(state, state_creature(state, id));
        /* Items by kind: every present item whose type says bread. */
        breads = analysis_search(history, state, "kind=bread", &error);
        g_assert_no_error(error);
        for (gint32 id = 1; id <= state->item_count; id++) {
            const CavItem *item = state_item(state, id);
            items += item != NULL && item->count > 0 && strstr(item->type, "bread") != NULL;
        }
        g_assert_cmpuint(breads->len, ==, items);
        breads_total += items;
    }
    g_assert_cmpuint(potions, >, 0);
    g_assert_cmpuint(goblin_count, >, 0);
    g_assert_cmpuint(breads_total, >, 0);
    /* A condition that means nothing is refused in one line. */
    g_assert_null(analysis_search(history, history_state(history), "colour<3", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    /* So are two conditions run together, and a number field given no number. */
    for (guint i = 0; i < G_N_ELEMENTS(malformed); i++) {
        g_clear_error(&error);
        g_assert_null(analysis_search(history, history_state(history), malformed[i], &error));
        g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
        g_assert_nonnull(strstr(error->message, malformed[i]));
    }
}

/* ---- bus trace ------------------------------------------------------------------------ */

/* The trace of @seq: the policies the code registers for its type, in
 * order, and, emitted by them in that order, the events the log says it
 * caused (all of them, unless the game ended in that turn and dropped the
 * rest: then the log holds the first ones). Returns the follow-ups traced. */
static guint check_trace(History *history, gint64 seq)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) trace = analysis_trace(history, seq, &error);
    g_autoptr(Game) game = game_new(NULL);
    const HistoryEntry *entry = history_entry(history, seq);
    const char *names[32];
    guint n = game_policy_names(game, entry->type, names, G_N_ELEMENTS(names));
    g_autoptr(GArray) caused = history_caused(history, seq);
    g_autoptr(GArray) emitted = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gboolean ended = history_last_state(history)->outcome != OUTCOME_PLAYING &&
                     entry->turn == history_entry(history, history_length(history))->turn;

    g_assert_no_error(error);
    g_assert_cmpuint(trace->len, ==, n);
    for (guint i = 0; i < n; i++) {
        const AnalysisDelivery *d = g_ptr_array_index(trace, i);
        g_assert_cmpstr(d->policy, ==, names[i]);
        g_array_append_vals(emitted, d->follow_ups->data, d->follow_ups->len);
    }
    if (ended)
        g_assert_cmpuint(caused->len, <=, emitted->len);
    else
        g_assert_cmpuint(caused->len, ==, emitted->len);
    for (guint i = 0; i < caused->len; i++) {
        g_autoptr(GArray) logged = g_array_new(FALSE, FALSE, sizeof(CavEvent));
        g_autoptr(GString) want = g_string_new(NULL);
        g_autoptr(GString) got = g_string_new(NULL);
        gint64 at = g_array_index(caused, gint64, i);
        g_assert_true(history_read(history, at, at, logged, &error));
        codec_encode_payload(&g_array_index(logged, CavEvent, 0), want);
        codec_encode_payload(&g_array_index(emitted, CavEvent, i), got);
        g_assert_cmpint(g_array_index(emitted, CavEvent, i).type, ==,
                        g_array_index(logged, CavEvent, 0).type);
        g_assert_cmpstr(got->str, ==, want->str);
    }
    return emitted->len;
}

static void test_trace(void)
{
    g_autoptr(History) history = open_history(bot_path);
    guint follow_ups = 0, causes = 0;
    gboolean seen[CAV_EVENT_TYPE_COUNT] = {FALSE};

    /* The first event of every type the game holds, the first 40 events
     * that caused others, and a sample. */
    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        guint16 type = history_entry(history, seq)->type;
        g_autoptr(GArray) caused = history_caused(history, seq);
        gboolean a_cause = caused->len > 0 && causes < 40;
        if (seen[type] && seq % 97 != 0 && !a_cause)
            continue;
        seen[type] = TRUE;
        causes += caused->len > 0;
        follow_ups += check_trace(history, seq);
    }
    g_test_message("%u follow-ups traced from %u causes", follow_ups, causes);
    g_assert_cmpuint(causes, >=, 10);
}

/* The player's death: the policies of CreatureDied, and the GameLost among
 * what they emitted. */
static void test_trace_death(Death *d, gconstpointer data)
{
    g_autoptr(History) history = open_history(d->path);
    g_autoptr(GError) error = NULL;
    gint64 lost = find_type(history, CAV_EVENT_GAME_LOST);
    gint64 died = history_entry(history, lost)->cause;
    g_autoptr(GPtrArray) trace = NULL;
    gboolean emitted_lost = FALSE;

    g_assert_cmpuint(check_trace(history, died), >=, 1);
    trace = analysis_trace(history, died, &error);
    g_assert_no_error(error);
    for (guint i = 0; i < trace->len; i++) {
        const AnalysisDelivery *delivery = g_ptr_array_index(trace, i);
        for (guint k = 0; k < delivery->follow_ups->len; k++)
            emitted_lost |=
                g_array_index(delivery->follow_ups, CavEvent, k).type == CAV_EVENT_GAME_LOST;
    }
    g_assert_true(emitted_lost);
}

int main(int argc, char **argv)
{
    int rc;

    g_test_init(&argc, &argv, NULL);
    record_bot_game();
    g_test_add("/analysis/why/died", Death, NULL, death_setup, test_why_died, death_teardown);
    g_test_add("/analysis/why/command", Death, NULL, death_setup, test_why_command, death_teardown);
    g_test_add_func("/analysis/why/chains", test_why_chains);
    g_test_add_func("/analysis/why/placed", test_why_placed);
    g_test_add_func("/analysis/why/died-empty-pack", test_why_died_empty_pack);
    g_test_add_func("/analysis/why/died-helped", test_why_died_helped);
    g_test_add_func("/analysis/why/explain", test_explain);
    g_test_add_func("/analysis/origins/brute-force", test_origins);
    g_test_add_func("/analysis/origins/window", test_origins_window);
    g_test_add_func("/analysis/diff/folded-states", test_diff);
    g_test_add_func("/analysis/diff/empty", test_diff_empty);
    g_test_add_func("/analysis/series/folded", test_series);
    g_test_add_func("/analysis/series/events-per-turn", test_events_per_turn);
    g_test_add_func("/analysis/search/brute-force", test_search);
    g_test_add_func("/analysis/trace/policies", test_trace);
    g_test_add("/analysis/trace/death", Death, NULL, death_setup, test_trace_death, death_teardown);
    rc = g_test_run();
    remove_tree(bot_dir);
    g_free(bot_path);
    g_free(bot_dir);
    return rc;
}
