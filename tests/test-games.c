/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-games.c — properties that must hold over many whole bot games: the
 * bot's commands are never refused, fungus colonies stay within their limit,
 * every death names a cause, the dead do nothing, folding the events equals
 * the live game turn by turn, and games end (death or win) within a budget.
 * Then resuming a saved game in the middle of a fight, and autoplay/list on
 * the command line. */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "bot.h"
#include "game.h"
#include "session.h"
#include "store.h"
#include "testutil.h"

/* The bot rests now that resting heals (its games run longer), and on the
 * fairer rules it seldom loses or needs to summon: 40 games of 4000 turns
 * hold a loss and a summons. */
#define SEEDS 40         /* games played by /games/bot/properties */
#define TURN_BUDGET 4000 /* turns each may last */
#define DIGEST_EVERY 25  /* turns between digest checks (states are compared every turn) */
#define PURE_EVERY 8     /* turns between checks that the bot chooses the same twice */

/* ---- watching a game's events ---------------------------------------------- */

typedef struct {
    const CavContent *content;
    Game *folded; /* folds the live game's events */
    gboolean dead[CAV_CREATURES_MAX + 1];
    gint32 colony[CAV_CREATURES_MAX + 1]; /* fungi of each colony, by founder, from the events */
    guint deaths, spreads, player_blows;
    /* Over all the games watched, by event type: every event, and the ones
     * the player did or that happened to the player (CAV_EVENT_TYPE_COUNT). */
    guint *seen, *mine;
    guint *hits; /* the player's throws [0] and shots [1] that hit someone */
} Watch;

/* The creature that does something in @event, or 0 for facts that are
 * nobody's deed (a body regenerating, a corpse's pack falling, the upkeep). */
static gint32 doer(const CavEvent *e)
{
    switch (e->type) {
    case CAV_EVENT_CREATURE_MOVED:
        return e->as.CreatureMoved.creature;
    case CAV_EVENT_TILE_DUG:
        return e->as.TileDug.creature;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return e->as.CreatureTookStairs.creature;
    case CAV_EVENT_CREATURE_WAITED:
        return e->as.CreatureWaited.creature;
    case CAV_EVENT_FUNGUS_SPREAD:
        return e->as.FungusSpread.parent;
    case CAV_EVENT_CREATURE_ATTACKED:
        return e->as.CreatureAttacked.creature;
    case CAV_EVENT_ITEM_PICKED_UP:
        return e->as.ItemPickedUp.creature;
    case CAV_EVENT_ITEM_EATEN:
        return e->as.ItemEaten.creature;
    case CAV_EVENT_ITEM_EQUIPPED:
        return e->as.ItemEquipped.creature;
    case CAV_EVENT_ITEM_UNEQUIPPED:
        return e->as.ItemUnequipped.creature;
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        return e->as.LevelUpChosen.creature;
    case CAV_EVENT_ITEM_THROWN:
        return e->as.ItemThrown.creature;
    case CAV_EVENT_SHOT_FIRED:
        return e->as.ShotFired.creature;
    case CAV_EVENT_ITEM_QUAFFED:
        return e->as.ItemQuaffed.creature;
    case CAV_EVENT_SPELL_CAST:
        return e->as.SpellCast.creature;
    case CAV_EVENT_ITEM_NAMED:
        return e->as.ItemNamed.creature;
    case CAV_EVENT_SPELL_DEFINED:
    case CAV_EVENT_MANA_DRAWN:
    case CAV_EVENT_CREATURE_BLINKED:
    case CAV_EVENT_CREATURE_SUMMONED:
    case CAV_EVENT_APPEARANCE_ASSIGNED:
    case CAV_EVENT_EFFECT_STARTED:
    case CAV_EVENT_EFFECT_APPLIED:
    case CAV_EVENT_EFFECTS_TICKED:
    case CAV_EVENT_EFFECT_ENDED:
    case CAV_EVENT_ITEM_IDENTIFIED:
    case CAV_EVENT_GAME_STARTED:
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_SPAWNED:
    case CAV_EVENT_CREATURE_HURT:
    case CAV_EVENT_CREATURE_REGENERATED:
    case CAV_EVENT_UPKEEP_APPLIED:
    case CAV_EVENT_HUNGER_CHANGED:
    case CAV_EVENT_CREATURE_OVERATE:
    case CAV_EVENT_CREATURE_DIED:
    case CAV_EVENT_XP_GAINED:
    case CAV_EVENT_LEVEL_GAINED:
    case CAV_EVENT_ITEM_SPAWNED:
    case CAV_EVENT_ITEM_DROPPED:
    case CAV_EVENT_GAME_WON:
    case CAV_EVENT_GAME_LOST:
    case CAV_EVENT_TYPE_COUNT:
    default:
        return 0;
    }
}

/* The creature an effect, a lesson, a blink, a draw of mana or a stretched
 * stomach happened to (or the caster bats were summoned for), or 0. */
static gint32 undergoer(const CavEvent *e)
{
    if (e->type == CAV_EVENT_CREATURE_BLINKED)
        return e->as.CreatureBlinked.creature;
    if (e->type == CAV_EVENT_MANA_DRAWN)
        return e->as.ManaDrawn.creature;
    if (e->type == CAV_EVENT_CREATURE_OVERATE)
        return e->as.CreatureOverate.creature;
    if (e->type == CAV_EVENT_CREATURE_SUMMONED)
        return e->as.CreatureSummoned.summoner;
    if (e->type == CAV_EVENT_EFFECT_STARTED)
        return e->as.EffectStarted.creature;
    if (e->type == CAV_EVENT_EFFECT_APPLIED)
        return e->as.EffectApplied.creature;
    if (e->type == CAV_EVENT_EFFECT_ENDED)
        return e->as.EffectEnded.creature;
    if (e->type == CAV_EVENT_ITEM_IDENTIFIED)
        return e->as.ItemIdentified.creature;
    return 0;
}

static void assert_alive(const Watch *w, gint32 id, const CavEvent *e)
{
    if (id > 0 && id <= CAV_CREATURES_MAX && w->dead[id])
        g_error("event %" G_GINT64_FORMAT " (%s, turn %d): creature %d acts after it died", e->seq,
                ev_type_name(e->type), e->turn, id);
}

/* The colony bookkeeping: founders count themselves, each spread one more. */
static void watch_colonies(Watch *w, const CavEvent *e)
{
    gint32 max = content_rules(w->content)->colony_max;

    if (e->type == CAV_EVENT_CREATURE_SPAWNED &&
        e->as.CreatureSpawned.colony == e->as.CreatureSpawned.creature)
        w->colony[e->as.CreatureSpawned.creature] = 1;
    if (e->type != CAV_EVENT_FUNGUS_SPREAD)
        return;
    g_assert_cmpint(e->as.FungusSpread.colony, >, 0);
    g_assert_cmpint(e->as.FungusSpread.colony, <=, CAV_CREATURES_MAX);
    w->colony[e->as.FungusSpread.colony]++;
    w->spreads++;
    if (w->colony[e->as.FungusSpread.colony] > max)
        g_error("colony %d grew to %d fungi (limit %d) at turn %d", e->as.FungusSpread.colony,
                w->colony[e->as.FungusSpread.colony], max, e->turn);
}

static void watch_event(Watch *w, const CavState *live, const CavEvent *e)
{
    g_autoptr(GError) error = NULL;

    assert_alive(w, e->actor, e);
    assert_alive(w, doer(e), e);
    if (e->type == CAV_EVENT_CREATURE_ATTACKED) {
        assert_alive(w, e->as.CreatureAttacked.target, e);
        w->player_blows += e->as.CreatureAttacked.creature == live->player;
    }
    watch_colonies(w, e);
    w->seen[e->type]++;
    if (live->player != 0 && (doer(e) == live->player || undergoer(e) == live->player))
        w->mine[e->type]++;
    if (e->type == CAV_EVENT_ITEM_THROWN && e->as.ItemThrown.creature == live->player)
        w->hits[0] += e->as.ItemThrown.target != 0;
    if (e->type == CAV_EVENT_SHOT_FIRED && e->as.ShotFired.creature == live->player)
        w->hits[1] += e->as.ShotFired.target != 0;
    if (e->type == CAV_EVENT_CREATURE_DIED) {
        gint32 id = e->as.CreatureDied.creature;
        g_assert_cmpint(strlen(e->as.CreatureDied.cause), >, 0);
        g_assert_cmpint(id, >, 0);
        g_assert_cmpint(id, <=, CAV_CREATURES_MAX);
        g_assert_false(w->dead[id]); /* nobody dies twice */
        w->dead[id] = TRUE;
        w->deaths++;
    }
    if (!game_fold(w->folded, e, &error))
        g_error("folding event %" G_GINT64_FORMAT " (%s): %s", e->seq, ev_type_name(e->type),
                error->message);
}

/* After a turn: the fold is the live game, byte for byte (and by digest
 * every DIGEST_EVERY turns: hashing the whole state is the dearer check),
 * and the state's colony sizes are the events' counts. */
static void check_turn(const Watch *w, const CavState *live)
{
    const CavState *folded = game_state(w->folded);
    gint32 max = content_rules(w->content)->colony_max;

    if (memcmp(folded, live, sizeof *live) != 0)
        g_error("turn %d: the folded state differs from the live one", live->turn);
    if (live->turn % DIGEST_EVERY == 0 || live->outcome != OUTCOME_PLAYING)
        g_assert_cmphex(state_digest(folded), ==, state_digest(live));
    for (gint32 id = 1; id <= live->creature_count; id++) {
        const CavCreature *c = state_creature(live, id);
        if (c == NULL || c->behaviour != CAV_BEHAVIOUR_FUNGUS)
            continue;
        g_assert_nonnull(state_creature(live, c->colony));
        if (c->colony != id)
            continue;
        g_assert_cmpint(c->colony_size, <=, max);
        g_assert_cmpint(c->colony_size, ==, w->colony[id]);
    }
}

static void watch_turn(Watch *w, const Game *live)
{
    const GArray *events = game_turn_events(live);

    for (guint i = 0; i < events->len; i++)
        watch_event(w, game_state(live), &g_array_index(events, CavEvent, i));
    check_turn(w, game_state(live));
}

/* ---- /games/bot/properties ------------------------------------------------- */

typedef struct {
    gint64 seed;
    CavOutcome outcome;
    char cause[CAV_STR_MAX];
    gint32 turns, depth, kills, score;
} Outcome;

/* Play @seed with the bot for up to @budget turns, checking every event and
 * every turn; add its events by type to @seen and @mine, and the player's
 * hits to @hits (see Watch). */
static Outcome play_watched(gint64 seed, gint32 budget, guint *seen, guint *mine, guint *hits)
{
    g_autoptr(Game) live = game_new(NULL);
    g_autofree Watch *w = g_new0(Watch, 1);
    const CavState *state = game_state(live);
    Outcome outcome = {.seed = seed};

    w->content = game_content(live);
    w->seen = seen;
    w->mine = mine;
    w->hits = hits;
    w->folded = game_new(NULL);
    game_track_view(w->folded, FALSE); /* the digest covers the rules state */
    game_start(live, seed, "bot");
    watch_turn(w, live);
    for (gint32 t = 0; t < budget && state->outcome == OUTCOME_PLAYING; t++) {
        CavCommand command = bot_choose(state, game_content(live), game_view(live));
        g_autofree char *why = NULL;
        if (t % PURE_EVERY == 0) {
            CavCommand again = bot_choose(state, game_content(live), game_view(live));
            g_assert_true(memcmp(&command, &again, sizeof command) == 0);
        }
        if (!game_play(live, &command, &why))
            g_error("seed %" G_GINT64_FORMAT " turn %d: the rules refused the bot's command %d: %s",
                    seed, state->turn + 1, command.kind, why);
        watch_turn(w, live);
    }
    g_assert_true(memcmp(game_state(w->folded), state, sizeof *state) == 0);
    if (state->outcome == OUTCOME_LOST)
        g_assert_cmpint(strlen(state->cause), >, 0);
    outcome.outcome = state->outcome;
    g_strlcpy(outcome.cause, state->outcome == OUTCOME_WON ? "won" : state->cause,
              sizeof outcome.cause);
    outcome.turns = state->turn;
    outcome.depth = state->deepest + 1;
    outcome.kills = state_player(state)->kills;
    outcome.score = state_score(state);
    g_test_message("seed %" G_GINT64_FORMAT ": %s after %d turns, depth %d, %d kills, score %d; "
                   "%u deaths, %u spreads, %u blows by the player",
                   seed, state->outcome == OUTCOME_PLAYING ? "still playing" : outcome.cause,
                   outcome.turns, outcome.depth, outcome.kills, outcome.score, w->deaths,
                   w->spreads, w->player_blows);
    game_free(w->folded);
    return outcome;
}

/* The SEEDS games both /games/bot tests look at, played (and checked) once
 * for the whole run: their outcomes and event counts. */
typedef struct {
    Outcome outcomes[SEEDS];
    guint seen[CAV_EVENT_TYPE_COUNT], mine[CAV_EVENT_TYPE_COUNT];
    guint hits[2]; /* the player's throws and shots that hit */
} BotGames;

static const BotGames *bot_games(void)
{
    static BotGames *games = NULL;

    if (games != NULL)
        return games;
    games = g_new0(BotGames, 1);
    for (gint64 seed = 1; seed <= SEEDS; seed++)
        games->outcomes[seed - 1] =
            play_watched(seed, TURN_BUDGET, games->seen, games->mine, games->hits);
    return games;
}

static void test_bot_properties(void)
{
    g_autoptr(GHashTable) causes = g_hash_table_new(g_str_hash, g_str_equal);
    const BotGames *games = bot_games();
    guint ended = 0, won = 0, deepest = 0;
    GHashTableIter iter;
    gpointer cause, count;

    for (guint i = 0; i < SEEDS; i++) {
        const Outcome *o = &games->outcomes[i];
        ended += o->outcome != OUTCOME_PLAYING;
        won += o->outcome == OUTCOME_WON;
        deepest = MAX(deepest, (guint) o->depth);
        if (o->outcome != OUTCOME_PLAYING)
            g_hash_table_insert(
                causes, (gpointer) o->cause,
                GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(causes, o->cause)) + 1));
    }
    g_test_message("%u of %d games ended within %d turns: %u won", ended, SEEDS, TURN_BUDGET, won);
    g_hash_table_iter_init(&iter, causes);
    while (g_hash_table_iter_next(&iter, &cause, &count))
        g_test_message("  %s: %u", (const char *) cause, GPOINTER_TO_UINT(count));
    /* Games really end, and the bot gets deep: it does not just wait. */
    g_assert_cmpuint(ended * 4, >=, SEEDS * 3);
    g_assert_cmpuint(deepest, ==, CAV_LEVELS);
}

/* ---- /games/bot/ranged-and-potions ---------------------------------------- */

/* Over the same games, the bot throws (and hits), fires a bow, drinks, and
 * so meets every kind of event the potions and missiles brought: effects on
 * the player that start, work, tick and end, and potions it learns. (The
 * games' folds and refusals are checked by play_watched, so the fold equals
 * the live game through all of these too.) */
static void test_bot_ranged_and_potions(void)
{
    const BotGames *games = bot_games();
    static const CavEventType the_players[] = {
        CAV_EVENT_ITEM_THROWN,     CAV_EVENT_SHOT_FIRED,     CAV_EVENT_ITEM_QUAFFED,
        CAV_EVENT_EFFECT_STARTED,  CAV_EVENT_EFFECT_APPLIED, CAV_EVENT_EFFECT_ENDED,
        CAV_EVENT_ITEM_IDENTIFIED,
    };
    static const CavEventType anyones[] = {CAV_EVENT_APPEARANCE_ASSIGNED, CAV_EVENT_EFFECTS_TICKED};

    for (guint i = 0; i < G_N_ELEMENTS(the_players); i++) {
        g_test_message("%s: %u, %u of them the player's", ev_type_name(the_players[i]),
                       games->seen[the_players[i]], games->mine[the_players[i]]);
        if (games->mine[the_players[i]] == 0)
            g_error("over %d bot games the player never had a %s event", SEEDS,
                    ev_type_name(the_players[i]));
    }
    for (guint i = 0; i < G_N_ELEMENTS(anyones); i++)
        g_assert_cmpuint(games->seen[anyones[i]], >, 0);
    /* It aims at someone, not at walls. */
    g_test_message("the player's throws that hit: %u, shots: %u", games->hits[0], games->hits[1]);
    g_assert_cmpuint(games->hits[0] * 2, >, games->mine[CAV_EVENT_ITEM_THROWN]);
    g_assert_cmpuint(games->hits[1] * 2, >, games->mine[CAV_EVENT_SHOT_FIRED]);
}

/* ---- /games/bot/every-event ------------------------------------------------ */

/* Over the same games, every type of event in the catalog happens at least
 * once (the bot reads books and casts every kind of spell, names and tries
 * potions, waits, overeats, puts gear away; a win and a loss may come from
 * different games), and the spells' events are the player's doing. */
static void test_bot_every_event(void)
{
    const BotGames *games = bot_games();
    static const CavEventType the_players[] = {
        CAV_EVENT_SPELL_CAST,      CAV_EVENT_ITEM_NAMED,        CAV_EVENT_CREATURE_WAITED,
        CAV_EVENT_ITEM_UNEQUIPPED, CAV_EVENT_CREATURE_SUMMONED, CAV_EVENT_CREATURE_BLINKED,
        CAV_EVENT_MANA_DRAWN,      CAV_EVENT_CREATURE_OVERATE,
    };
    /* A blink is the bot's way out of a fight it would lose, with 6 mana:
     * under 0.4.0's rules (blood no longer pays for mana, the player heals
     * ten times as fast) it comes in about 4 of 60 games, none of these 20;
     * /core/bot/blinks-and-summons builds the fight it blinks out of. */
    static const CavEventType rare[] = {CAV_EVENT_CREATURE_BLINKED};
    guint missing = 0;

    for (guint type = 0; type < CAV_EVENT_TYPE_COUNT; type++) {
        gboolean is_rare = FALSE;
        for (guint i = 0; i < G_N_ELEMENTS(rare); i++)
            is_rare |= rare[i] == type;
        g_test_message("%s: %u, %u of them the player's", ev_type_name(type), games->seen[type],
                       games->mine[type]);
        if (games->seen[type] == 0 && !is_rare) {
            g_printerr("over %d bot games no %s event happened\n", SEEDS, ev_type_name(type));
            missing++;
        }
    }
    g_assert_cmpuint(missing, ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(the_players); i++)
        if (games->mine[the_players[i]] == 0 && the_players[i] != CAV_EVENT_CREATURE_BLINKED)
            g_error("over %d bot games the player never had a %s event", SEEDS,
                    ev_type_name(the_players[i]));
}

/* ---- /games/resume/mid-fight ----------------------------------------------- */

/* Whether the player is in a fight: wounded, next to a wounded monster. */
static gboolean mid_fight(const Session *session)
{
    const CavState *state = session_state(session);
    const CavCreature *player = state_player(state);

    if (player == NULL || !player->alive || player->hp >= player->max_hp)
        return FALSE;
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c != NULL && c->alive && id != state->player && c->z == player->z &&
            c->behaviour != CAV_BEHAVIOUR_FUNGUS && c->hp < c->max_hp &&
            ABS(c->x - player->x) <= 1 && ABS(c->y - player->y) <= 1)
            return TRUE;
    }
    return FALSE;
}

static sqlite3 *db_open(const char *path)
{
    sqlite3 *db = NULL;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    return db;
}

/* Every row of @sql on the two files, compared as text. */
static void assert_same_query(sqlite3 *a, sqlite3 *b, const char *sql)
{
    sqlite3_stmt *sa = NULL, *sb = NULL;
    int ra, rb;
    guint rows = 0;

    g_assert_cmpint(sqlite3_prepare_v2(a, sql, -1, &sa, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(b, sql, -1, &sb, NULL), ==, SQLITE_OK);
    while ((ra = sqlite3_step(sa)) == SQLITE_ROW) {
        rb = sqlite3_step(sb);
        g_assert_cmpint(rb, ==, SQLITE_ROW);
        for (int c = 0; c < sqlite3_column_count(sa); c++) {
            g_assert_cmpint(sqlite3_column_type(sa, c), ==, sqlite3_column_type(sb, c));
            g_assert_cmpstr((const char *) sqlite3_column_text(sa, c), ==,
                            (const char *) sqlite3_column_text(sb, c));
        }
        rows++;
    }
    g_assert_cmpint(ra, ==, SQLITE_DONE);
    g_assert_cmpint(sqlite3_step(sb), ==, SQLITE_DONE);
    g_assert_cmpuint(rows, >, 0);
    sqlite3_finalize(sa);
    sqlite3_finalize(sb);
}

static Session *new_session(const char *path, gint64 seed)
{
    g_autoptr(GError) error = NULL;
    Session *session = session_new_game(path, seed, "bot", NULL, &error);

    g_assert_no_error(error);
    return session;
}

/* Stop a saved game in the middle of a fight (the player wounded, next to a
 * wounded monster), resume it, and play on to the end: the file is the same,
 * event for event, as the game's played without a break. */
static void test_resume_mid_fight(TmpDir *fixture, gconstpointer data)
{
    const gint64 seed = 3;
    g_autofree char *path_a = tmp_path(fixture, "resumed.cavelog");
    g_autofree char *path_b = tmp_path(fixture, "uninterrupted.cavelog");
    g_autoptr(Session) a = new_session(path_a, seed);
    g_autoptr(Session) b = new_session(path_b, seed);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    gint32 cut = -1;
    sqlite3 *db_a, *db_b;

    for (gint32 t = 0; t < TURN_BUDGET && play_bot_turn(b); t++) {
        guint64 digest = state_digest(session_state(b));
        g_array_append_val(digests, digest);
        if (cut < 0 && t > 20 && mid_fight(b))
            cut = session_state(b)->turn;
    }
    g_assert_cmpint(cut, >, 0);
    g_assert_cmpint(session_state(b)->outcome, !=, OUTCOME_PLAYING);
    g_test_message("cut at turn %d of %d; the game ended: %s", cut, session_state(b)->turn,
                   session_state(b)->outcome == OUTCOME_WON ? "won" : session_state(b)->cause);

    while (session_state(a)->turn < cut)
        g_assert_true(play_bot_turn(a));
    g_assert_true(mid_fight(a));
    g_clear_pointer(&a, session_free);
    a = session_resume(path_a, NULL, &error);
    g_assert_no_error(error);
    g_assert_true(mid_fight(a));
    while (play_bot_turn(a))
        g_assert_cmphex(state_digest(session_state(a)), ==,
                        g_array_index(digests, guint64, session_state(a)->turn - 1));
    g_assert_cmpint(session_state(a)->turn, ==, session_state(b)->turn);
    g_clear_pointer(&a, session_free);
    g_clear_pointer(&b, session_free);

    db_a = db_open(path_a);
    db_b = db_open(path_b);
    assert_same_query(db_a, db_b, "SELECT * FROM events ORDER BY seq");
    assert_same_query(db_a, db_b, "SELECT * FROM turns ORDER BY turn");
    assert_same_query(db_a, db_b,
                      "SELECT seed, build, player_name, outcome, cause, turns, depth, kills, score"
                      " FROM game");
    sqlite3_close(db_a);
    sqlite3_close(db_b);
}

/* ---- /games/cli/autoplay-list ---------------------------------------------- */

static const char *cavelog_bin(void)
{
    const char *bin = g_getenv("CAVELOG_BIN");

    if (bin == NULL || !g_file_test(bin, G_FILE_TEST_IS_EXECUTABLE)) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog program");
        return NULL;
    }
    return bin;
}

/* Run @argv, which must succeed; its stdout, and its stderr in *@err
 * (caller frees) unless @err is NULL. */
static char *run_ok_err(const char *const *argv, char **err)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *said = NULL;
    char *out = NULL;
    int status = 0;

    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &said,
                               &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("%s %s failed: %s", argv[0], argv[1], said);
    if (err != NULL)
        *err = g_steal_pointer(&said);
    return out;
}

static char *run_ok(const char *const *argv)
{
    return run_ok_err(argv, NULL);
}

/* `autoplay --games` fills a folder with one game per seed and prints a
 * line per game; `list FOLDER` shows each with its outcome and score. */
static void test_cli_autoplay_list(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    g_autofree char *folder = NULL;
    g_autofree char *played = NULL;
    g_autofree char *listed = NULL;
    g_autofree char *note = NULL;
    g_auto(GStrv) lines = NULL;

    if (bin == NULL)
        return;
    folder = tmp_path(fixture, "run");
    {
        const char *argv[] = {bin,       "autoplay", "--seed", "21",   "--games", "3",
                              "--turns", "500",      "--save", folder, NULL};
        played = run_ok(argv);
    }
    lines = g_strsplit(played, "\n", -1);
    g_assert_cmpuint(g_strv_length(lines), ==, 5); /* 3 games, the tally, the final "" */
    for (guint i = 0; i < 3; i++) {
        g_autofree char *prefix = g_strdup_printf("seed %u: ", 21 + i);
        g_autofree char *name = g_strdup_printf("seed-%u.cavelog", 21 + i);
        g_autofree char *path = g_build_filename(folder, name, NULL);
        g_assert_true(g_str_has_prefix(lines[i], prefix));
        g_assert_nonnull(strstr(lines[i], " turns, depth "));
        g_assert_nonnull(strstr(lines[i], " kills, score "));
        g_assert_true(g_file_test(path, G_FILE_TEST_IS_REGULAR));
    }
    g_assert_true(g_str_has_prefix(lines[3], "3 games: "));
    {
        const char *argv[] = {bin, "list", folder, NULL};
        listed = run_ok_err(argv, &note);
    }
    g_assert_nonnull(strstr(listed, "KILLS"));
    g_assert_nonnull(strstr(listed, "SCORE"));
    for (guint i = 0; i < 3; i++) {
        g_autofree char *name = g_strdup_printf("seed-%u.cavelog", 21 + i);
        g_assert_nonnull(strstr(listed, name));
    }
    /* Each game that ended shows how. */
    for (guint i = 0; i < 3; i++)
        if (strstr(lines[i], ": lost (") != NULL) {
            const char *cause = strstr(lines[i], ": lost (") + strlen(": lost (");
            g_autofree char *words = g_strndup(cause, strcspn(cause, ")"));
            g_autofree char *status = g_strdup_printf("lost: %s", words);
            g_assert_nonnull(strstr(listed, status));
        }
    /* The list says its descriptions are unchecked (on stderr: a note, not
     * a row); --check checks them and names the one whose score was raised
     * with sqlite3. */
    g_assert_nonnull(strstr(note, "not checked against its events"));
    g_assert_null(strstr(listed, "not checked against its events"));
    {
        g_autofree char *raised = g_build_filename(folder, "seed-22.cavelog", NULL);
        const char *argv[] = {bin, "list", "--check", folder, NULL};
        g_autofree char *checked = NULL;
        g_auto(GStrv) rows = NULL;
        sqlite3 *db = NULL;
        g_assert_cmpint(sqlite3_open(raised, &db), ==, SQLITE_OK);
        g_assert_cmpint(sqlite3_exec(db, "UPDATE game SET score = score + 1000", NULL, NULL, NULL),
                        ==, SQLITE_OK);
        sqlite3_close(db);
        checked = run_ok(argv);
        rows = g_strsplit(checked, "\n", -1);
        for (guint i = 1; i <= 3; i++) {
            gboolean bad = g_str_has_prefix(rows[i], "seed-22.cavelog");
            g_assert_nonnull(strstr(rows[i], bad ? "does not check: " : "(checked)"));
        }
        g_assert_null(strstr(checked, "not checked against its events"));
    }
}

/* Copy core/data into @dir, replacing @from by @to in creatures.ini. */
static void write_data(const char *dir, const char *from, const char *to)
{
    const char *names[] = {"creatures.ini", "items.ini"};

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *src =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", names[i], NULL);
        g_autofree char *dst = g_build_filename(dir, names[i], NULL);
        g_autofree char *text = NULL;
        g_auto(GStrv) parts = NULL;
        g_autofree char *changed = NULL;
        g_assert_true(g_file_get_contents(src, &text, NULL, NULL));
        parts = g_strsplit(text, from, 2);
        g_assert_cmpuint(g_strv_length(parts), ==, i == 0 ? 2 : 1);
        changed = g_strjoinv(to, parts);
        g_assert_true(g_file_set_contents(dst, changed, -1, NULL));
    }
}

/* @game, played by the data files in @dir, records them, and re-simulates
 * by them wherever CAVELOG_DATA_DIR points (nowhere, or a broken folder). */
static void assert_verifies_by_recorded_data(const char *game, const char *dir)
{
    const char *argv[] = {cavelog_bin(), "verify", game, NULL};
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(game, FALSE, &error);
    g_autoptr(CavContent) recorded = store_read_content(store, &error);
    g_autoptr(CavContent) tuned = content_load(dir, &error);
    g_auto(GStrv) env = g_environ_unsetenv(g_get_environ(), "CAVELOG_DATA_DIR");
    gboolean standard = TRUE;

    g_assert_no_error(error);
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        g_assert_cmpstr(content_text(recorded, f), ==, content_text(tuned, f));
    g_assert_true(store_read_content_standard(store, &standard, &error));
    g_assert_false(standard);
    for (int i = 0; i < 2; i++) {
        g_autofree char *out = NULL, *err = NULL;
        g_autofree char *broken = g_build_filename(dir, "..", "broken", NULL);
        int status = 0;
        if (i == 1)
            env = g_environ_setenv(env, "CAVELOG_DATA_DIR", broken, TRUE);
        g_assert_true(g_spawn_sync(NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, NULL));
        g_assert_cmpstr(err, ==, "");
        g_assert_true(g_spawn_check_wait_status(status, NULL));
        g_assert_nonnull(strstr(out, "by the game's own recorded data"));
    }
}

/* The game plays by the data files in $CAVELOG_DATA_DIR; a malformed one
 * stops it with the file, line and key, and no game file is made. */
static void test_cli_data_dir(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    g_autofree char *tuned = tmp_path(fixture, "tuned");
    g_autofree char *broken = tmp_path(fixture, "broken");
    g_autofree char *game = tmp_path(fixture, "tuned.cavelog");
    g_autofree char *refused = tmp_path(fixture, "refused.cavelog");
    const char *argv[] = {bin, "autoplay", "--seed", "5", "--turns", "1", "--save", game, NULL};
    g_autofree char *out = NULL, *err = NULL;
    g_auto(GStrv) env = NULL;
    int status = 0;

    if (bin == NULL)
        return;
    write_data(tuned, "hp=100\n", "hp=150\n");
    write_data(broken, "hp=100\n", "hp=lots\n");
    env = g_environ_setenv(g_get_environ(), "CAVELOG_DATA_DIR", tuned, TRUE);
    g_assert_true(g_spawn_sync(NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, NULL));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_resume(game, NULL, &error);
        g_assert_no_error(error);
        g_assert_cmpint(state_player(session_state(session))->max_hp, ==, 150);
    }
    assert_verifies_by_recorded_data(game, tuned);
    g_clear_pointer(&out, g_free);
    g_clear_pointer(&err, g_free);
    env = g_environ_setenv(env, "CAVELOG_DATA_DIR", broken, TRUE);
    argv[7] = refused;
    g_assert_true(g_spawn_sync(NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, NULL));
    g_assert_false(g_spawn_check_wait_status(status, NULL));
    g_assert_nonnull(strstr(err, "creatures.ini:"));
    g_assert_nonnull(strstr(err, "[player] hp"));
    g_assert_false(g_file_test(refused, G_FILE_TEST_EXISTS));
}

/* The display column where @row's second field (the seed) ends: the FILE
 * column's width, whatever the name's characters. */
static glong seed_end_column(const char *row)
{
    const char *end = row;
    glong cols = 0;

    while (*end != '\0' && *end != ' ') /* the name: no spaces in these */
        end = g_utf8_next_char(end);
    while (*end == ' ')
        end++;
    while (*end != '\0' && *end != ' ')
        end++;
    for (const char *p = row; p < end; p = g_utf8_next_char(p))
        cols += g_unichar_iswide(g_utf8_get_char(p)) ? 2 : 1;
    return cols;
}

/* `list` lines its columns up by what a terminal shows: a name of wide
 * characters (two columns each) and a name as long as the games folder's
 * own (a date, a time and a nine-digit seed) keep every column where the
 * header has it. */
static void test_cli_list_columns(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    const char *names[] = {"g.cavelog", "洞窟の冒険の記録.cavelog",
                           "20261128-001700-seed123456789-2.cavelog"};
    g_autofree char *folder = NULL;
    g_autofree char *listed = NULL;
    g_auto(GStrv) rows = NULL;

    if (bin == NULL)
        return;
    folder = tmp_path(fixture, "games");
    g_assert_cmpint(g_mkdir(folder, 0700), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *path = g_build_filename(folder, names[i], NULL);
        const char *argv[] = {bin, "autoplay", "--seed", "123456789", "--turns",
                              "3", "--quiet",  "--save", path,        NULL};
        g_free(run_ok(argv));
    }
    {
        const char *argv[] = {bin, "list", folder, NULL};
        listed = run_ok(argv);
    }
    g_test_message("%s", listed);
    rows = g_strsplit(listed, "\n", -1);
    g_assert_cmpuint(g_strv_length(rows), ==, 5); /* header, 3 games, the final "" */
    g_assert_true(g_str_has_prefix(rows[0], "FILE "));
    for (guint i = 1; i <= 3; i++)
        g_assert_cmpint(seed_end_column(rows[i]), ==, seed_end_column(rows[0]));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/games/bot/properties", test_bot_properties);
    g_test_add_func("/games/bot/ranged-and-potions", test_bot_ranged_and_potions);
    g_test_add_func("/games/bot/every-event", test_bot_every_event);
    g_test_add("/games/resume/mid-fight", TmpDir, NULL, tmp_dir_setup, test_resume_mid_fight,
               tmp_dir_teardown);
    g_test_add("/games/cli/autoplay-list", TmpDir, NULL, tmp_dir_setup, test_cli_autoplay_list,
               tmp_dir_teardown);
    g_test_add("/games/cli/list-columns", TmpDir, NULL, tmp_dir_setup, test_cli_list_columns,
               tmp_dir_teardown);
    g_test_add("/games/cli/data-dir", TmpDir, NULL, tmp_dir_setup, test_cli_data_dir,
               tmp_dir_teardown);
    return g_test_run();
}
