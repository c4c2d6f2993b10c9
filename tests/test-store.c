/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c — the SQLite game file and the session on top of it: folding a
 * file rebuilds the live state, resuming plays on exactly like an
 * uninterrupted game, every turn is one transaction, rejected commands leave
 * no trace, filters, the games folder, and the SQL a stock sqlite3 user sees. */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "bot.h"
#include "checks.h"
#include "codec.h"
#include "game.h"
#include "seal.h"
#include "session.h"
#include "scenario.h"
#include "testutil.h"
#include "history.h"
#include "store.h"
#include "verify.h"

/* ---- fixtures and helpers ------------------------------------------------- */

static Session *new_game(const char *path, gint64 seed)
{
    g_autoptr(GError) error = NULL;
    Session *session = session_new_game(path, seed, "tester", NULL, &error);

    g_assert_no_error(error);
    g_assert_nonnull(session);
    return session;
}

static sqlite3 *db_open(const char *path)
{
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL);

    g_assert_cmpint(rc, ==, SQLITE_OK);
    return db;
}

/* Every row of @sql, each as a string of "kind:value" cells separated by
 * '|', so NULL, integers and text stay distinguishable. */
static GPtrArray *db_rows(sqlite3 *db, const char *sql)
{
    GPtrArray *rows = g_ptr_array_new_with_free_func(g_free);
    sqlite3_stmt *stmt = NULL;
    int rc;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        g_error("cannot prepare %s: %s", sql, sqlite3_errmsg(db));
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        GString *row = g_string_new(NULL);
        for (int c = 0; c < sqlite3_column_count(stmt); c++) {
            int type = sqlite3_column_type(stmt, c);
            if (c > 0)
                g_string_append_c(row, '|');
            if (type == SQLITE_NULL)
                g_string_append(row, "null");
            else
                g_string_append_printf(row, "%d:%s", type,
                                       (const char *) sqlite3_column_text(stmt, c));
        }
        g_ptr_array_add(rows, g_string_free(row, FALSE));
    }
    g_assert_cmpint(rc, ==, SQLITE_DONE);
    sqlite3_finalize(stmt);
    return rows;
}

static void assert_same_rows(GPtrArray *a, GPtrArray *b)
{
    g_assert_cmpuint(a->len, ==, b->len);
    for (guint i = 0; i < a->len; i++)
        g_assert_cmpstr(g_ptr_array_index(a, i), ==, g_ptr_array_index(b, i));
}

/* ---- /store/fold/equals-live ----------------------------------------------- */

/* What the live game looked like after one turn. */
typedef struct {
    guint64 state; /* the rules state's digest (the one the turns table records) */
    guint64 view;  /* the player's view and memory, a projection folded alongside */
} LiveDigests;

static LiveDigests live_digests(const Session *session)
{
    return (LiveDigests){.state = state_digest(session_state(session)),
                         .view = view_digest(session_view(session))};
}

typedef struct {
    Store *store;
    Game *game;
    const GArray *live; /* LiveDigests after each turn */
    gint32 turn;        /* turn of the events folded so far */
    gint32 turns_checked;
    guint moved, dug;
} FoldCheck;

/* The folded state has taken in every event of fold->turn: compare it. */
static void fold_check_turn(FoldCheck *fold)
{
    guint64 folded = state_digest(game_state(fold->game)), recorded = 0;
    g_autoptr(GError) error = NULL;
    const LiveDigests *live;

    g_assert_cmpint(fold->turn, <, (gint32) fold->live->len);
    live = &g_array_index(fold->live, LiveDigests, fold->turn);
    g_assert_cmphex(folded, ==, live->state);
    g_assert_cmphex(view_digest(game_view(fold->game)), ==, live->view);
    g_assert_true(store_turn_digest(fold->store, fold->turn, &recorded, &error));
    g_assert_no_error(error);
    g_assert_cmphex(folded, ==, recorded);
    fold->turns_checked++;
}

static gboolean fold_event(const CavEvent *event, gpointer user_data, GError **error)
{
    FoldCheck *fold = user_data;

    if (event->turn != fold->turn) {
        g_assert_cmpint(event->turn, ==, fold->turn + 1);
        fold_check_turn(fold);
        fold->turn = event->turn;
    }
    fold->moved += event->type == CAV_EVENT_CREATURE_MOVED;
    fold->dug += event->type == CAV_EVENT_TILE_DUG;
    return game_fold(fold->game, event, error);
}

static void test_fold_equals_live(TmpDir *fixture, gconstpointer data)
{
    static const gint64 seeds[] = {1, 7, 20240601, 99991};
    const gint32 turns = 2000;
    gint32 deepest = 0;

    for (guint s = 0; s < G_N_ELEMENTS(seeds); s++) {
        g_autofree char *name = g_strdup_printf("fold-%u.cavelog", s);
        g_autofree char *path = tmp_path(fixture, name);
        g_autoptr(GArray) live = g_array_new(FALSE, FALSE, sizeof(LiveDigests));
        g_autoptr(Session) session = new_game(path, seeds[s]);
        g_autoptr(GError) error = NULL;
        g_autoptr(Game) game = game_new(NULL);
        g_autofree CavState *final_live = NULL;
        g_autofree CavView *final_view = NULL;
        FoldCheck fold = {0};
        LiveDigests digests = live_digests(session);

        g_array_append_val(live, digests);
        for (gint32 t = 0; t < turns && play_bot_turn(session); t++) {
            digests = live_digests(session);
            g_assert_cmpint(session_state(session)->turn, ==, (gint32) live->len);
            g_array_append_val(live, digests);
        }
        final_live = g_memdup2(session_state(session), sizeof(CavState));
        final_view = g_memdup2(session_view(session), sizeof(CavView));
        deepest = MAX(deepest, final_live->deepest);
        g_clear_pointer(&session, session_free);

        fold.store = store_open(path, FALSE, &error);
        g_assert_no_error(error);
        fold.game = game;
        fold.live = live;
        g_assert_true(store_foreach_event(fold.store, NULL, fold_event, &fold, &error));
        g_assert_no_error(error);
        fold_check_turn(&fold);
        store_free(fold.store);

        /* Every turn was compared, and the folded state is the live one,
         * byte for byte, not just by digest. */
        g_assert_cmpint(fold.turns_checked, ==, (gint32) live->len);
        g_assert_cmpint(fold.turn, ==, final_live->turn);
        g_assert_true(memcmp(game_state(game), final_live, sizeof(CavState)) == 0);
        g_assert_true(memcmp(game_view(game), final_view, sizeof(CavView)) == 0);
        g_assert_cmpuint(fold.moved, >, 100);
        g_assert_cmpuint(fold.dug + fold.moved, >, (guint) final_live->turn / 2);
        g_test_message("seed %" G_GINT64_FORMAT ": %d turns, %u moves, %u digs, depth %d", seeds[s],
                       final_live->turn, fold.moved, fold.dug, final_live->deepest + 1);
    }
    /* The bot got somewhere: some game went below the first level. */
    g_assert_cmpint(deepest, >=, 1);
}

/* ---- /store/resume/equals-uninterrupted ------------------------------------ */

/* Play up to @turns bot turns; fewer when the game ends first. */
static void play_turns(Session *session, gint32 turns)
{
    for (gint32 t = 0; t < turns && play_bot_turn(session); t++)
        ;
}

static void test_resume_equals_uninterrupted(TmpDir *fixture, gconstpointer data)
{
    const gint32 before = 60, after = 400;
    const gint64 seed = seed_lasting(fixture, 4242, before);
    g_autofree char *path_a = tmp_path(fixture, "resumed.cavelog");
    g_autofree char *path_b = tmp_path(fixture, "uninterrupted.cavelog");
    g_autoptr(Session) a = new_game(path_a, seed);
    g_autoptr(Session) b = new_game(path_b, seed);
    g_autoptr(GError) error = NULL;
    const char *queries[] = {
        "SELECT seq, turn, type, version, cause, actor, payload FROM events ORDER BY seq",
        "SELECT turn, command, digest, first_seq, last_seq FROM turns ORDER BY turn",
        "SELECT seed, build, player_name, outcome, cause, turns, depth FROM game",
    };
    sqlite3 *db_a, *db_b;
    guint64 digest_a, view_a;

    play_turns(a, before);
    g_assert_cmpint(session_state(a)->turn, ==, before); /* still alive, mid-game */
    digest_a = state_digest(session_state(a));
    view_a = view_digest(session_view(a));
    g_clear_pointer(&a, session_free);
    a = session_resume(path_a, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(a);
    g_assert_cmpint(session_state(a)->turn, ==, before);
    g_assert_cmphex(state_digest(session_state(a)), ==, digest_a);
    g_assert_cmphex(view_digest(session_view(a)), ==, view_a);
    play_turns(a, after);
    play_turns(b, before + after);
    g_assert_cmphex(state_digest(session_state(a)), ==, state_digest(session_state(b)));
    g_clear_pointer(&a, session_free);
    g_clear_pointer(&b, session_free);

    db_a = db_open(path_a);
    db_b = db_open(path_b);
    for (guint q = 0; q < G_N_ELEMENTS(queries); q++) {
        g_autoptr(GPtrArray) rows_a = db_rows(db_a, queries[q]);
        g_autoptr(GPtrArray) rows_b = db_rows(db_b, queries[q]);
        g_assert_cmpuint(rows_a->len, >, 0);
        assert_same_rows(rows_a, rows_b);
    }
    g_assert_cmpint(db_int(db_a, "SELECT count(*) FROM turns"), ==,
                    db_int(db_a, "SELECT max(turn) FROM turns") + 1);
    g_assert_cmpint(db_int(db_a, "SELECT max(turn) FROM turns"), >, before);
    sqlite3_close(db_a);
    sqlite3_close(db_b);
}

/* ---- /store/append/… ------------------------------------------------------- */

/* The turns table tiles the events without gaps or overlaps, and each
 * event's turn is the turn whose range holds it. */
static void assert_turns_tile_events(sqlite3 *db)
{
    gint64 events = db_int(db, "SELECT count(*) FROM events");

    g_assert_cmpint(db_int(db, "SELECT min(seq) FROM events"), ==, 1);
    g_assert_cmpint(db_int(db, "SELECT max(seq) FROM events"), ==, events);
    g_assert_cmpint(db_int(db, "SELECT first_seq FROM turns WHERE turn = 0"), ==, 1);
    g_assert_cmpint(db_int(db, "SELECT sum(last_seq - first_seq + 1) FROM turns"), ==, events);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM turns t JOIN turns n ON n.turn = t.turn + 1"
                               " WHERE n.first_seq != t.last_seq + 1"),
                    ==, 0);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM turns WHERE last_seq < first_seq"), ==, 0);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM events e JOIN turns t"
                               " ON e.seq BETWEEN t.first_seq AND t.last_seq"
                               " WHERE e.turn = t.turn"),
                    ==, events);
    g_assert_cmpint(db_int(db, "SELECT max(turn) FROM turns"), ==,
                    db_int(db, "SELECT count(*) FROM turns") - 1);
}

static void test_append_one_transaction(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "append.cavelog");
    g_autoptr(Session) session = new_game(path, 31337);
    sqlite3 *db = db_open(path);
    gint64 last_seq = session_state(session)->last_seq;

    g_assert_cmpint(last_seq, >, 0);
    for (gint32 t = 0; t < 300; t++) {
        const CavState *state = session_state(session);
        if (!play_bot_turn(session))
            break;
        /* The file, read by another connection right after the call, ends
         * exactly where the live game does. */
        g_assert_cmpint(db_int(db, "SELECT max(seq) FROM events"), ==, state->last_seq);
        g_assert_cmpint(db_int(db, "SELECT last_seq FROM turns ORDER BY turn DESC LIMIT 1"), ==,
                        state->last_seq);
        g_assert_cmpint(db_int(db, "SELECT max(turn) FROM turns"), ==, state->turn);
        g_assert_cmpint(db_int(db, "SELECT turns FROM game"), ==, state->turn);
        g_assert_cmpint(db_int(db, "SELECT first_seq FROM turns ORDER BY turn DESC LIMIT 1"), ==,
                        last_seq + 1);
        g_assert_cmpint(state->last_seq, >, last_seq);
        last_seq = state->last_seq;
    }
    assert_turns_tile_events(db);
    sqlite3_close(db);
}

/* A turn whose saving fails half-way leaves nothing of itself in the file. */
static void test_append_failure_rolls_back(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "rollback.cavelog");
    g_autoptr(Session) session = new_game(path, 5);
    g_autoptr(GError) error = NULL;
    CavCommand wait = command_simple(CMD_WAIT);
    g_autofree char *why = NULL;
    sqlite3 *db = NULL;
    gint64 events_before, next_turn;

    play_turns(session, 20);
    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    events_before = db_int(db, "SELECT count(*) FROM events");
    next_turn = db_int(db, "SELECT max(turn) FROM turns") + 1;
    /* Occupy the next turn's row: the events insert, the turn row then fails. */
    {
        g_autofree char *sql =
            g_strdup_printf("INSERT INTO turns VALUES (%" G_GINT64_FORMAT ", '{}', "
                            "'0000000000000000', 1, 1)",
                            next_turn);
        g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    }
    g_assert_false(session_play(session, &wait, &why, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_IO);
    g_assert_null(why);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM events"), ==, events_before);
    g_clear_pointer(&session, session_free);

    /* Without the intruder the file is whole and resumes at the turn before. */
    g_assert_cmpint(
        sqlite3_exec(db, "DELETE FROM turns WHERE first_seq = 1 AND turn > 0", NULL, NULL, NULL),
        ==, SQLITE_OK);
    assert_turns_tile_events(db);
    sqlite3_close(db);
    g_clear_error(&error);
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, next_turn - 1);
}

/* ---- /store/reject/no-events ------------------------------------------------ */

static void test_reject_no_events(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "reject.cavelog");
    g_autoptr(Session) session = new_game(path, 77);
    const CavState *state = session_state(session);
    const CavCreature *player;
    sqlite3 *db = db_open(path);
    CavCommand rejected[] = {
        command_move(0, 0),          command_move(2, 0),         command_move(0, -5),
        command_simple(CMD_DESCEND), command_simple(CMD_ASCEND), command_simple(CMD_START),
    };
    gint64 events, turns, last_seq;
    guint64 digest;

    play_turns(session, 10);
    /* Stand somewhere that is neither stairs down nor up. */
    player = state_player(state);
    while (state_tile(state, player->z, player->x, player->y) != TILE_FLOOR)
        g_assert_true(play_bot_turn(session));
    events = db_int(db, "SELECT count(*) FROM events");
    turns = db_int(db, "SELECT count(*) FROM turns");
    digest = state_digest(state);
    last_seq = state->last_seq;
    for (guint i = 0; i < G_N_ELEMENTS(rejected); i++) {
        g_autofree char *why = NULL;
        g_autoptr(GError) error = NULL;
        g_assert_true(session_play(session, &rejected[i], &why, &error));
        g_assert_no_error(error);
        g_assert_nonnull(why);
        g_assert_cmpuint(strlen(why), >, 0);
        g_assert_cmpint(db_int(db, "SELECT count(*) FROM events"), ==, events);
        g_assert_cmpint(db_int(db, "SELECT count(*) FROM turns"), ==, turns);
        g_assert_cmphex(state_digest(state), ==, digest);
        g_assert_cmpint(state->last_seq, ==, last_seq);
    }
    /* No turn was spent: the next accepted command is the very next turn. */
    {
        CavCommand wait = command_simple(CMD_WAIT);
        g_autofree char *why = NULL;
        g_autoptr(GError) error = NULL;
        g_assert_true(session_play(session, &wait, &why, &error));
        g_assert_null(why);
        g_assert_cmpint(db_int(db, "SELECT count(*) FROM turns"), ==, turns + 1);
        g_assert_cmpint(db_int(db, "SELECT first_seq FROM turns ORDER BY turn DESC LIMIT 1"), ==,
                        last_seq + 1);
        g_assert_cmpint(state->turn, ==, turns);
    }
    sqlite3_close(db);
}

/* ---- /store/events/filter --------------------------------------------------- */

static gboolean collect_event(const CavEvent *event, gpointer user_data, GError **error)
{
    g_array_append_val((GArray *) user_data, *event);
    return TRUE;
}

static GArray *read_events(const char *path, const StoreFilter *filter)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    GArray *events = g_array_new(FALSE, FALSE, sizeof(CavEvent));

    g_assert_no_error(error);
    g_assert_true(store_foreach_event(store, filter, collect_event, events, &error));
    g_assert_no_error(error);
    return events;
}

static gboolean filter_wants(const StoreFilter *filter, const CavEvent *event)
{
    if (filter->by_type && !filter->types[event->type])
        return FALSE;
    return !filter->by_turn ||
           (event->turn >= filter->first_turn && event->turn <= filter->last_turn);
}

static char *event_text(const CavEvent *event)
{
    GString *text = g_string_new(NULL);

    codec_encode_event(event, text);
    return g_string_free(text, FALSE);
}

static void assert_filter(const char *path, const GArray *all, const StoreFilter *filter)
{
    g_autoptr(GArray) got = read_events(path, filter);
    guint k = 0;

    for (guint i = 0; i < all->len; i++) {
        const CavEvent *want = &g_array_index(all, CavEvent, i);
        if (!filter_wants(filter, want))
            continue;
        g_assert_cmpuint(k, <, got->len);
        g_autofree char *want_text = event_text(want);
        g_autofree char *got_text = event_text(&g_array_index(got, CavEvent, k));
        g_assert_cmpstr(got_text, ==, want_text);
        k++;
    }
    g_assert_cmpuint(got->len, ==, k);
}

/* Whether the game in @path has a TileDug event. */
static gboolean has_digs(const char *path)
{
    g_autoptr(GArray) events = read_events(path, NULL);

    for (guint i = 0; i < events->len; i++)
        if (g_array_index(events, CavEvent, i).type == CAV_EVENT_TILE_DUG)
            return TRUE;
    return FALSE;
}

/* A bot game of up to 800 turns in @path that has digs (the filters need
 * them), from the first of a few seeds whose game digs. Returns its last turn. */
static gint32 play_digging_game(const char *path)
{
    for (gint64 seed = 2718; seed < 2718 + 8; seed++) {
        g_autoptr(Session) session = NULL;
        gint32 last_turn;
        g_remove(path);
        session = new_game(path, seed);
        play_turns(session, 800);
        last_turn = session_state(session)->turn;
        g_clear_pointer(&session, session_free);
        if (has_digs(path))
            return last_turn;
    }
    g_error("no bot game of 800 turns dug");
}

/* What a read handed over before it stopped, and why. */
typedef struct {
    GArray *events;
    gint64 fail_at; /* the callback refuses this seq (0: none) */
    char *message;  /* the error the read ended with, or NULL */
} Reading;

static gboolean collect_until(const CavEvent *event, gpointer user_data, GError **error)
{
    Reading *r = user_data;

    if (event->seq == r->fail_at) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "refused %" G_GINT64_FORMAT, event->seq);
        return FALSE;
    }
    g_array_append_val(r->events, *event);
    return TRUE;
}

/* Read @path's events (on two threads when @piped) into @r. */
static void read_into(const char *path, gboolean piped, Reading *r)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    gboolean ok;

    g_assert_no_error(error);
    r->events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    ok = piped ? store_foreach_event_piped(store, NULL, collect_until, r, &error)
               : store_foreach_event(store, NULL, collect_until, r, &error);
    g_assert_true(ok == (error == NULL));
    r->message = error != NULL ? g_strdup(error->message) : NULL;
}

/* The piped read hands over exactly what the plain one does: the same
 * events, then the same error (or none). */
static void assert_piped_same(const char *path, gint64 fail_at)
{
    Reading plain = {.fail_at = fail_at}, piped = {.fail_at = fail_at};

    read_into(path, FALSE, &plain);
    read_into(path, TRUE, &piped);
    g_assert_cmpstr(piped.message, ==, plain.message);
    g_assert_cmpuint(piped.events->len, ==, plain.events->len);
    for (guint i = 0; i < plain.events->len; i++) {
        g_autofree char *want = event_text(&g_array_index(plain.events, CavEvent, i));
        g_autofree char *got = event_text(&g_array_index(piped.events, CavEvent, i));
        g_assert_cmpstr(got, ==, want);
    }
    g_array_unref(plain.events);
    g_array_unref(piped.events);
    g_free(plain.message);
    g_free(piped.message);
}

static void damage(const char *path, const char *sql)
{
    sqlite3 *db = NULL;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close(db);
}

/* Reading on two threads: the same events as on one, a refusal by the
 * callback and a bad row (its payload, decoded on either thread, or its
 * columns) stopping it at the same event with the same error. */
static void test_events_piped(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "piped.cavelog");
    gint64 events = 0;

    /* Many batches, so that both threads decode (a bot game may end early). */
    for (gint64 seed = 31; seed < 31 + 8 && events <= 3000; seed++) {
        g_autoptr(Session) session = NULL;
        g_remove(path);
        session = new_game(path, seed);
        while (session_state(session)->last_seq <= 3000 && play_bot_turn(session))
            ;
        events = session_state(session)->last_seq;
    }
    g_assert_cmpint(events, >, 3000);
    assert_piped_same(path, 0);
    assert_piped_same(path, 1);
    assert_piped_same(path, 1500);
    assert_piped_same(path, events);
    damage(path, "UPDATE events SET payload = '{}' WHERE seq = 2900");
    assert_piped_same(path, 0);
    assert_piped_same(path, 1700);
    damage(path, "UPDATE events SET payload = ' {}' WHERE seq = 1000");
    assert_piped_same(path, 0);
    damage(path, "UPDATE events SET type = 7 WHERE seq = 600");
    assert_piped_same(path, 0);
    damage(path, "UPDATE events SET payload = '{}' WHERE seq = 300");
    assert_piped_same(path, 0);
}

static void test_events_filter(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "filter.cavelog");
    g_autoptr(GArray) all = NULL;
    StoreFilter filter;
    gint32 last_turn = play_digging_game(path);
    guint moved = 0, dug = 0, in_range = 0;

    all = read_events(path, NULL);
    g_assert_cmpuint(all->len, >, 800);
    for (guint i = 0; i < all->len; i++) {
        const CavEvent *event = &g_array_index(all, CavEvent, i);
        g_assert_cmpint(event->seq, ==, (gint64) i + 1);
        moved += event->type == CAV_EVENT_CREATURE_MOVED;
        dug += event->type == CAV_EVENT_TILE_DUG;
        in_range += event->turn >= 400 && event->turn <= 700;
    }
    /* The filters below select something and leave something out. */
    g_assert_cmpuint(moved, >, 0);
    g_assert_cmpuint(dug, >, 0);
    g_assert_cmpuint(in_range, >, 0);

    memset(&filter, 0, sizeof filter);
    assert_filter(path, all, &filter);

    memset(&filter, 0, sizeof filter);
    filter.by_type = TRUE;
    filter.types[CAV_EVENT_CREATURE_MOVED] = TRUE;
    assert_filter(path, all, &filter);

    filter.types[CAV_EVENT_TILE_DUG] = TRUE;
    filter.types[CAV_EVENT_LEVEL_GENERATED] = TRUE;
    assert_filter(path, all, &filter);

    memset(&filter, 0, sizeof filter);
    filter.by_turn = TRUE;
    filter.first_turn = 400;
    filter.last_turn = 700;
    assert_filter(path, all, &filter);

    filter.by_type = TRUE;
    filter.types[CAV_EVENT_TILE_DUG] = TRUE;
    assert_filter(path, all, &filter);

    memset(&filter, 0, sizeof filter);
    filter.by_turn = TRUE;
    filter.first_turn = 0;
    filter.last_turn = 0;
    assert_filter(path, all, &filter);

    filter.first_turn = last_turn;
    filter.last_turn = G_MAXINT32;
    assert_filter(path, all, &filter);

    filter.first_turn = last_turn + 1;
    filter.last_turn = last_turn + 1000;
    assert_filter(path, all, &filter);

    memset(&filter, 0, sizeof filter);
    filter.by_type = TRUE; /* no type selected: nothing */
    assert_filter(path, all, &filter);
}

/* ---- /store/list ------------------------------------------------------------ */

static const StoreListing *find_listing(GPtrArray *games, const char *path)
{
    for (guint i = 0; i < games->len; i++) {
        const StoreListing *listing = g_ptr_array_index(games, i);
        if (g_strcmp0(listing->path, path) == 0)
            return listing;
    }
    return NULL;
}

static guint listing_index(GPtrArray *games, const char *path)
{
    for (guint i = 0; i < games->len; i++)
        if (g_strcmp0(((const StoreListing *) g_ptr_array_index(games, i))->path, path) == 0)
            return i;
    g_assert_not_reached();
}

static void assert_listing(GPtrArray *games, const char *path, gint64 seed, gint32 turns)
{
    const StoreListing *listing = find_listing(games, path);

    g_assert_nonnull(listing);
    g_assert_null(listing->problem);
    g_assert_cmpint(listing->info.seed, ==, seed);
    g_assert_cmpint(listing->info.turns, ==, turns);
    g_assert_cmpstr(listing->info.outcome, ==, "playing");
    g_assert_cmpstr(listing->info.player_name, ==, "tester");
    g_assert_cmpint(listing->info.depth, >=, 1);
    g_assert_null(listing->info.cause);
}

static void test_list(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *dir = store_games_dir();
    g_autofree char *path_a = g_build_filename(dir, "a.cavelog", NULL);
    g_autofree char *path_b = g_build_filename(dir, "b.cavelog", NULL);
    g_autofree char *junk = g_build_filename(dir, "junk.cavelog", NULL);
    g_autofree char *other = g_build_filename(dir, "notes.txt", NULL);
    g_autofree char *expected_dir =
        g_build_filename(g_getenv("XDG_DATA_HOME"), "cavelog", "games", NULL);
    g_autoptr(Session) a = NULL;
    g_autoptr(Session) b = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GError) error = NULL;

    /* main() pointed XDG_DATA_HOME at a temporary folder. */
    g_assert_cmpstr(dir, ==, expected_dir);
    games = store_list_games(dir, seal_open_listed); /* the folder does not exist yet */
    g_assert_cmpuint(games->len, ==, 0);
    g_clear_pointer(&games, g_ptr_array_unref);

    a = new_game(path_a, 1111); /* makes the folder */
    play_turns(a, 5);
    g_clear_pointer(&a, session_free);
    g_usleep(1100 * 1000); /* `updated` has one-second resolution */
    b = new_game(path_b, 2222);
    play_turns(b, 3);
    g_clear_pointer(&b, session_free);
    g_assert_true(g_file_set_contents(junk, "this is not a game\n", -1, &error));
    g_assert_true(g_file_set_contents(other, "not listed", -1, &error));

    games = store_list_games(dir, seal_open_listed);
    g_assert_cmpuint(games->len, ==, 3);
    assert_listing(games, path_a, 1111, 5);
    assert_listing(games, path_b, 2222, 3);
    g_assert_cmpuint(listing_index(games, path_b), <, listing_index(games, path_a));
    g_assert_nonnull(find_listing(games, junk));
    g_assert_nonnull(find_listing(games, junk)->problem);
    g_assert_nonnull(strstr(find_listing(games, junk)->problem, "not an SQLite database"));
    g_clear_pointer(&games, g_ptr_array_unref);

    /* Playing A again makes it the most recent. */
    g_usleep(1100 * 1000);
    a = session_resume(path_a, NULL, &error);
    g_assert_no_error(error);
    play_turns(a, 2);
    g_clear_pointer(&a, session_free);
    games = store_list_games(dir, seal_open_listed);
    assert_listing(games, path_a, 1111, 7);
    g_assert_cmpuint(listing_index(games, path_a), <, listing_index(games, path_b));

    remove_tree(dir);
}

/* ---- /store/close-then, /store/list/opener ---------------------------------- */

static void note_closed(const char *path, gpointer data)
{
    g_ptr_array_add(data, g_strdup(path));
}

/* store_close_then() calls back, before the writer's lock is let go, only
 * when the file at the path is exactly what the store wrote: never for a
 * reader, nor for a file replaced meanwhile (the seal above would vouch for
 * a file no one checked). */
static void test_close_then(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "closed.cavelog");
    g_autofree char *aside = tmp_path(fixture, "aside.cavelog");
    g_autoptr(GPtrArray) closed = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(CavContent) content = content_new_builtin();
    g_autoptr(GError) error = NULL;
    g_autofree char *bytes = NULL;
    gsize len = 0;
    Store *store = store_create(path, 7, "tester", content, &error);

    g_assert_no_error(error);
    g_assert_true(store_checked_whole(store)); /* new: nothing to trust */
    g_assert_true(store_close_then(store, note_closed, closed, &error));
    g_assert_cmpuint(closed->len, ==, 1);
    g_assert_cmpstr(g_ptr_array_index(closed, 0), ==, path);

    store = store_open(path, FALSE, &error); /* a reader writes nothing */
    g_assert_no_error(error);
    g_assert_true(store_checked_whole(store));
    g_assert_true(store_close_then(store, note_closed, closed, &error));
    g_assert_cmpuint(closed->len, ==, 1);

    store = store_open(path, TRUE, &error); /* the file is replaced under it */
    g_assert_no_error(error);
    g_assert_true(g_file_get_contents(path, &bytes, &len, &error));
    g_assert_cmpint(g_rename(path, aside), ==, 0);
    g_assert_true(g_file_set_contents(path, bytes, (gssize) len, &error));
    /* SQLite notices the move (the close fails); the store checks the inode too. */
    g_assert_false(store_close_then(store, note_closed, closed, NULL));
    g_assert_cmpuint(closed->len, ==, 1);

    store = store_open_sound(path, &error); /* the caller's word: no quick_check */
    g_assert_no_error(error);
    g_assert_false(store_checked_whole(store));
    store_free(store);
}

/* The games list opens files the way its caller says: store_open's whole
 * check seals nothing, the seal's opener seals each file that passes it
 * (so that resuming it need not read it whole). */
static void test_list_opener(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "listed.cavelog");
    g_autoptr(CavContent) content = content_new_builtin();
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) games = NULL;
    SealKey key;

    g_assert_true(seal_load_key(&key, TRUE, &error));
    g_assert_true(store_close(store_create(path, 8, "tester", content, &error), &error));
    g_assert_no_error(error);
    g_assert_cmpint(seal_level(path), ==, SEAL_NONE); /* closed without a word from above */
    games = store_list_games(fixture->dir, NULL);
    g_assert_cmpuint(games->len, ==, 1);
    g_assert_null(((StoreListing *) g_ptr_array_index(games, 0))->problem);
    g_assert_cmpint(seal_level(path), ==, SEAL_NONE);
    g_clear_pointer(&games, g_ptr_array_unref);
    games = store_list_games(fixture->dir, seal_open_listed);
    g_assert_cmpuint(games->len, ==, 1);
    g_assert_cmpint(seal_level(path), ==, SEAL_SOUND);
}

/* ---- /store/sql/views ------------------------------------------------------- */

static gboolean count_types(const CavEvent *event, gpointer user_data, GError **error)
{
    ((gint64 *) user_data)[event->type]++;
    return TRUE;
}

static void test_sql_views(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "views.cavelog");
    g_autoptr(Session) session = new_game(path, 1234);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    gint64 decoded[CAV_EVENT_TYPE_COUNT] = {0};
    gint64 listed = 0;
    sqlite3 *db;
    sqlite3_stmt *stmt = NULL;

    play_turns(session, 300);
    g_clear_pointer(&session, session_free);
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(store_foreach_event(store, NULL, count_types, decoded, &error));
    g_assert_no_error(error);
    g_clear_pointer(&store, store_free);

    /* The stock C API, no cavelog code: counts per type agree with decoding. */
    db = db_open(path);
    g_assert_cmpint(
        sqlite3_prepare_v2(db, "SELECT type, count(*) FROM events GROUP BY type", -1, &stmt, NULL),
        ==, SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        CavEventType type;
        g_assert_true(ev_type_from_name((const char *) sqlite3_column_text(stmt, 0), &type));
        g_assert_cmpint(sqlite3_column_int64(stmt, 1), ==, decoded[type]);
        listed += sqlite3_column_int64(stmt, 1);
    }
    sqlite3_finalize(stmt);
    g_assert_cmpint(listed, ==, db_int(db, "SELECT max(seq) FROM events"));
    g_assert_cmpint(decoded[CAV_EVENT_CREATURE_MOVED], >, 0);

    /* The documented example. */
    {
        g_autoptr(GPtrArray) view = db_rows(db, "SELECT seq, x, y FROM CreatureMoved ORDER BY seq");
        g_autoptr(GPtrArray) raw =
            db_rows(db, "SELECT seq, json_extract(payload, '$.x'), json_extract(payload, '$.y')"
                        " FROM events WHERE type = 'CreatureMoved' ORDER BY seq");
        g_assert_cmpint(view->len, ==, decoded[CAV_EVENT_CREATURE_MOVED]);
        assert_same_rows(view, raw);
    }

    /* Every type has its view, and every payload field is a column of it. */
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        const char *name = ev_type_name((CavEventType) t);
        const CavFieldInfo *fields;
        guint n = ev_type_fields((CavEventType) t, &fields);
        /* The envelope's cause is cause_seq, so a payload field may be
         * called cause (CreatureDied's is the words of the death). */
        g_autoptr(GString) columns = g_string_new("seq, turn, cause_seq, actor");
        g_autoptr(GString) extracts = g_string_new("seq, turn, cause, actor");
        for (guint i = 0; i < n; i++) {
            g_string_append_printf(columns, ", \"%s\"", fields[i].name);
            g_string_append_printf(extracts, ", json_extract(payload, '$.%s')", fields[i].name);
        }
        g_autofree char *view_sql =
            g_strdup_printf("SELECT %s FROM \"%s\" ORDER BY seq", columns->str, name);
        g_autofree char *raw_sql = g_strdup_printf(
            "SELECT %s FROM events WHERE type = '%s' ORDER BY seq", extracts->str, name);
        g_autoptr(GPtrArray) view = db_rows(db, view_sql);
        g_autoptr(GPtrArray) raw = db_rows(db, raw_sql);
        g_assert_cmpint(view->len, ==, decoded[t]);
        assert_same_rows(view, raw);
    }
    sqlite3_close(db);
}

/* ---- /store/schema/v1-migrates ---------------------------------------------- */

typedef struct {
    Game *game;
    GArray *digests; /* state_digest_v1 at the end of each turn */
} V1Digests;

static gboolean fold_v1(const CavEvent *event, gpointer user_data, GError **error)
{
    V1Digests *v1 = user_data;
    const CavState *state = game_state(v1->game);

    if (state->last_seq > 0 && event->turn != state->turn) {
        guint64 digest = state_digest_v1(state);
        g_array_append_val(v1->digests, digest);
    }
    return game_fold(v1->game, event, error);
}

/* Turn @path into a version 1 file: the game row without kills and score,
 * and each turn's digest as version 1 computed it. */
static void downgrade_to_v1(const char *path)
{
    sqlite3 *db = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(GArray) digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    V1Digests v1 = {.game = game, .digests = digests};

    {
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        guint64 last;
        g_assert_no_error(error);
        g_assert_true(store_foreach_event(store, NULL, fold_v1, &v1, &error));
        last = state_digest_v1(game_state(game));
        g_array_append_val(digests, last);
    }
    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    for (guint t = 0; t < digests->len; t++) {
        g_autofree char *sql = g_strdup_printf("UPDATE turns SET digest = '%016" G_GINT64_MODIFIER
                                               "x' WHERE turn = %u",
                                               g_array_index(digests, guint64, t), t);
        g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    }
    g_assert_cmpint(sqlite3_exec(db,
                                 "ALTER TABLE game DROP COLUMN kills;"
                                 "ALTER TABLE game DROP COLUMN score;"
                                 "DROP TABLE content;"
                                 "PRAGMA application_id = 0;"
                                 "PRAGMA user_version = 1;",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    sqlite3_close(db);
}

static gboolean fold_into(const CavEvent *event, gpointer user_data, GError **error)
{
    return game_fold(user_data, event, error);
}

static void assert_info(const char *path, gint32 kills, gint32 score)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    StoreGameInfo info;

    g_assert_no_error(error);
    g_assert_true(store_read_info(store, &info, &error));
    g_assert_no_error(error);
    g_assert_cmpint(info.kills, ==, kills);
    g_assert_cmpint(info.score, ==, score);
    store_game_info_clear(&info);
}

/* A file from before kills and score were recorded reads with both worked
 * out from its events, is left as it is by reading, and is brought up to
 * date the first time it is continued. */
static void test_schema_v1_migrates(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "old.cavelog");
    g_autoptr(Session) session = new_game(path, 3);
    g_autoptr(GError) error = NULL;
    gint32 kills, score;
    sqlite3 *db;

    play_turns(session, 300);
    kills = state_player(session_state(session))->kills;
    score = state_score(session_state(session));
    g_assert_cmpint(kills, >, 0);
    assert_info(path, kills, score);
    {
        /* A new game records the data it is played by: here the built-in. */
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        gboolean standard = FALSE;
        g_assert_true(store_read_content_standard(store, &standard, &error));
        g_assert_true(standard);
    }
    /* Version 1 knew no turn without time: its score counts every turn. */
    score = (session_state(session)->deepest + 1) * 100 + kills * 10 +
            session_state(session)->turn / 10;
    g_clear_pointer(&session, session_free);
    downgrade_to_v1(path);

    assert_info(path, kills, score);
    db = db_open(path);
    g_assert_cmpint(db_int(db, "PRAGMA user_version"), ==, 1);
    sqlite3_close(db);

    session = session_resume(path, NULL, &error); /* checks kills against the fold */
    g_assert_no_error(error);
    db = db_open(path);
    g_assert_cmpint(db_int(db, "PRAGMA user_version"), ==, STORE_SCHEMA_VERSION);
    g_assert_cmpint(db_int(db, "SELECT kills FROM game"), ==, kills);
    g_assert_cmpint(db_int(db, "SELECT score FROM game"), ==, score);
    sqlite3_close(db);
    play_turns(session, 200);
    kills = state_player(session_state(session))->kills;
    score = state_score(session_state(session));
    g_clear_pointer(&session, session_free);
    assert_info(path, kills, score);
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
}

/* A real file written by cavelog 0.1 (store schema 1, before creatures,
 * items and food; tests/data/v1-game.cavelog, seed 3, 50 turns): its events
 * upcast, its digests check by the old rule, and continuing it migrates the
 * file, digests included, so that it checks by the new rule afterwards. */
static void test_schema_v1_real_file(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *src = g_test_build_filename(G_TEST_DIST, "data", "v1-game.cavelog", NULL);
    g_autofree char *path = tmp_path(fixture, "v1.cavelog");
    g_autofree char *contents = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    gsize length;
    sqlite3 *db;

    g_assert_true(g_file_get_contents(src, &contents, &length, &error));
    g_assert_true(g_file_set_contents(path, contents, (gssize) length, &error));
    db = db_open(path);
    g_assert_cmpint(db_int(db, "PRAGMA user_version"), ==, 1);
    g_assert_cmpint(db_int(db, "SELECT max(version) FROM events WHERE type = 'CreatureMoved'"), ==,
                    1);
    sqlite3_close(db);
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, 50);
    g_assert_cmpint(state_player(session_state(session))->food, ==, 666); /* as upcast */
    play_turns(session, 20);
    g_assert_cmpint(session_state(session)->turn, ==, 70);
    g_clear_pointer(&session, session_free);
    db = db_open(path);
    g_assert_cmpint(db_int(db, "PRAGMA user_version"), ==, STORE_SCHEMA_VERSION);
    /* The format of today: the application id, a content table that knows
     * nothing of what 0.1 played by, and today's views (cause_seq, food). */
    g_assert_cmpint(db_int(db, "PRAGMA application_id"), ==, 1128355404);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM content"), ==, 0);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'view'"), ==,
                    CAV_EVENT_TYPE_COUNT);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM CreatureMoved WHERE cause_seq IS NULL"
                               " AND food IS NOT NULL"),
                    >, 0);
    sqlite3_close(db);
    {
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        gboolean standard = TRUE;
        g_assert_true(store_read_content_standard(store, &standard, &error));
        g_assert_false(standard); /* not known */
    }
    {
        /* Every turn, old and new, now checks by this build's digest. */
        g_autoptr(Store) store = store_open(path, FALSE, &error);
        g_autoptr(Game) game = game_new(NULL);
        g_autoptr(GArray) starts = NULL;
        g_assert_no_error(error);
        g_assert_true(store_check_turns(store, &starts, &error));
        for (gint32 turn = 0; turn <= 70; turn++) {
            StoreFilter filter = {.by_turn = TRUE, .first_turn = turn, .last_turn = turn};
            g_assert_true(store_foreach_event(store, &filter, fold_into, game, &error));
            g_assert_no_error(error);
            g_assert_true(checks_digest(store, turn, game_state(game), &error));
            g_assert_no_error(error);
        }
    }
}

/* ---- /store/history/seek ------------------------------------------------------ */

/* The state after event N, reached by seeking (forward, backward, across
 * snapshots), equals the fold of the first N events. */
static void test_history_seek(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "history.cavelog");
    g_autoptr(Session) session = new_game(path, 20251);
    g_autoptr(GError) error = NULL;
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(GArray) digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    g_autoptr(GArray) view_digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    g_autoptr(History) history = NULL;
    gint64 n;

    play_turns(session, 400);
    g_clear_pointer(&session, session_free);
    fold_digests(path, game, digests, view_digests);
    history = history_open(path, 97, &error);
    g_assert_no_error(error);
    n = history_length(history);
    g_assert_cmpint(n, ==, (gint64) digests->len - 1);
    g_assert_cmpint(n, >, 2000);
    for (gint i = 0; i < 400; i++) {
        gint64 seq = i % 4 == 3 ? history_state(history)->last_seq + g_test_rand_int_range(-3, 4)
                                : g_test_rand_int_range(0, (gint32) n + 1);
        seq = CLAMP(seq, 0, n);
        g_assert_true(history_seek(history, seq, &error));
        g_assert_no_error(error);
        g_assert_cmpint(history_state(history)->last_seq, ==, seq);
        g_assert_cmphex(state_digest(history_state(history)), ==,
                        g_array_index(digests, guint64, seq));
        g_assert_cmphex(view_digest(history_view(history)), ==,
                        g_array_index(view_digests, guint64, seq));
    }
    g_assert_true(history_seek(history, n, &error));
    /* Digested (which refreshes what the digest keeps), the two are one. */
    state_digest(history_state(history));
    state_digest(game_state(game));
    g_assert_cmpint(memcmp(history_state(history), game_state(game), sizeof(CavState)), ==, 0);
    g_assert_cmpuint(history_snapshot_bytes(history), <, (gsize) (n / 97 + 1) * 400 * 1024);
}

/* ---- /store/history/index ----------------------------------------------------- */

/* Every entity field of the catalog fits an index entry. */
static void test_history_refs_fit(void)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        const CavFieldInfo *fields;
        guint n = ev_type_fields((CavEventType) t, &fields), creatures = 0, items = 0;

        for (guint i = 0; i < n; i++) {
            creatures += ev_field_ref_kind(fields[i].name) == CAV_REF_CREATURE;
            items += ev_field_ref_kind(fields[i].name) == CAV_REF_ITEM;
        }
        g_assert_cmpuint(creatures, <=, HISTORY_REFS);
        g_assert_cmpuint(items, <=, HISTORY_REFS);
    }
    g_assert_cmpint(ev_field_ref_kind("killer"), ==, CAV_REF_CREATURE);
    g_assert_cmpint(ev_field_ref_kind("split"), ==, CAV_REF_ITEM);
    g_assert_cmpint(ev_field_ref_kind("damage"), ==, CAV_REF_NONE);
}

/* The id in the I32 field @name of @event's payload, or 0 when it has none. */
static gint32 payload_id(const CavEvent *event, const char *name)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++)
        if (strcmp(fields[i].name, name) == 0 && fields[i].kind == CAV_FIELD_I32)
            return *(const gint32 *) ((const guint8 *) &event->as + fields[i].offset);
    return 0;
}

static History *history_of_game(TmpDir *fixture, gint64 seed, gint32 turns, char **out_path)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autoptr(Session) session = new_game(path, seed);
    g_autoptr(GError) error = NULL;
    History *history;

    play_turns(session, turns);
    g_clear_pointer(&session, session_free);
    history = history_open(path, 0, &error);
    g_assert_no_error(error);
    if (out_path != NULL)
        *out_path = g_steal_pointer(&path);
    return history;
}

/* Each index entry says what its decoded event says: turn, type, cause,
 * actor, and exactly the entities named by the fields that name them. */
static void test_history_index(TmpDir *fixture, gconstpointer data)
{
    static const char *const creature_fields[] = {"creature", "target", "killer", "parent",
                                                  "child",    "colony", "holder"};
    static const char *const item_fields[] = {"item", "split", "into"};
    g_autoptr(History) history = history_of_game(fixture, 20252, 500, NULL);
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GError) error = NULL;
    gint64 n = history_length(history);
    guint named = 0;

    g_assert_true(history_read(history, 1, n, events, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(events->len, ==, (guint) n);
    g_assert_null(history_entry(history, 0));
    g_assert_null(history_entry(history, n + 1));
    for (guint i = 0; i < events->len; i++) {
        const CavEvent *event = &g_array_index(events, CavEvent, i);
        const HistoryEntry *entry = history_entry(history, event->seq);
        guint creatures = 0, items = 0;

        g_assert_cmpint(event->seq, ==, (gint64) i + 1);
        g_assert_cmpint(entry->turn, ==, event->turn);
        g_assert_cmpint(entry->type, ==, event->type);
        g_assert_cmpint(entry->cause, ==, event->cause);
        g_assert_cmpint(entry->actor, ==, event->actor);
        for (guint f = 0; f < G_N_ELEMENTS(creature_fields); f++) {
            gint32 id = payload_id(event, creature_fields[f]);
            if (id != 0) {
                g_assert_true(history_entry_names(entry, CAV_REF_CREATURE, id));
                creatures++;
            }
        }
        for (guint f = 0; f < G_N_ELEMENTS(item_fields); f++) {
            gint32 id = payload_id(event, item_fields[f]);
            if (id != 0) {
                g_assert_true(history_entry_names(entry, CAV_REF_ITEM, id));
                items++;
            }
        }
        for (guint r = 0; r < HISTORY_REFS; r++) {
            creatures -= entry->creatures[r] != 0;
            items -= entry->items[r] != 0;
        }
        g_assert_cmpuint(creatures, ==, 0);
        g_assert_cmpuint(items, ==, 0);
        g_assert_false(history_entry_names(entry, CAV_REF_CREATURE, 1000));
        named += entry->items[0] != 0;
    }
    g_assert_cmpuint(named, >, 0);
}

/* history_caused lists exactly the events whose cause is the given one. */
static void test_history_caused(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(History) history = history_of_game(fixture, 20253, 500, NULL);
    gint64 n = history_length(history);
    g_autoptr(GHashTable) effects = g_hash_table_new(g_int64_hash, g_int64_equal);
    guint with_effects = 0;

    for (gint64 seq = 1; seq <= n; seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        if (entry->cause != 0)
            g_hash_table_insert(
                effects, (gpointer) &entry->cause,
                GINT_TO_POINTER(GPOINTER_TO_INT(g_hash_table_lookup(effects, &entry->cause)) + 1));
    }
    for (gint64 seq = 1; seq <= n; seq++) {
        g_autoptr(GArray) caused = history_caused(history, seq);
        gint expected = GPOINTER_TO_INT(g_hash_table_lookup(effects, &seq));

        g_assert_cmpint((gint) caused->len, ==, expected);
        for (guint i = 0; i < caused->len; i++)
            g_assert_cmpint(history_entry(history, g_array_index(caused, gint64, i))->cause, ==,
                            seq);
        with_effects += caused->len > 0;
    }
    g_assert_cmpuint(with_effects, >, 0);
}

/* A turn's first event, its command, and the names of things. */
static void test_history_turns_and_names(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = NULL;
    g_autoptr(History) history = history_of_game(fixture, 20254, 300, &path);
    sqlite3 *db = db_open(path);
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint32 turns = history_turns(history);
    const CavState *state = history_last_state(history);
    gboolean named_monster = FALSE;

    g_assert_cmpint(turns, ==, db_int(db, "SELECT count(*) FROM turns"));
    for (gint32 t = 0; t < turns; t++) {
        g_autofree char *sql = g_strdup_printf("SELECT first_seq FROM turns WHERE turn = %d", t);
        g_autofree char *command = NULL;

        g_assert_cmpint(history_turn_start(history, t), ==, db_int(db, sql));
        if (t % 50 == 1) {
            command = history_turn_command(history, t, &error);
            g_assert_no_error(error);
            g_assert_nonnull(strstr(command, "\"command\":"));
        }
    }
    g_assert_cmpint(history_turn_start(history, turns), ==, 0);
    g_assert_null(history_turn_command(history, turns + 5, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    sqlite3_close(db);

    history_append_name(history, CAV_REF_CREATURE, state->player, text);
    g_assert_cmpstr(text->str, ==, "you");
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *creature = state_creature(state, id);
        g_autofree char *expected = g_strdup_printf("%s %d", creature->kind, id);

        if (id == state->player)
            continue;
        g_string_truncate(text, 0);
        history_append_name(history, CAV_REF_CREATURE, id, text);
        g_assert_cmpstr(text->str, ==, expected);
        named_monster = TRUE;
    }
    g_assert_true(named_monster);
    g_string_truncate(text, 0);
    history_append_name(history, CAV_REF_ITEM, 0, text);
    g_assert_cmpstr(text->str, ==, "nothing");

    /* A summary names the actor: the player's first move is "you moved". */
    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        if (entry->type == CAV_EVENT_CREATURE_MOVED && entry->actor == state->player) {
            g_assert_true(history_read(history, seq, seq, events, &error));
            break;
        }
    }
    g_assert_cmpuint(events->len, ==, 1);
    g_string_truncate(text, 0);
    history_summary(history, &g_array_index(events, CavEvent, 0), text);
    g_assert_true(g_str_has_prefix(text->str, "you moved ("));
}

/* ---- /store/history/follow --------------------------------------------------- */

/* A history opened while the game goes on takes in each new turn, checked,
 * and ends up where the live game is. */
static void test_history_follow(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "live.cavelog");
    g_autoptr(Session) session = new_game(path, seed_lasting(fixture, 20255, 190));
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = NULL;
    gint64 added = -1, before;

    play_turns(session, 40);
    history = history_open(path, 64, &error);
    g_assert_no_error(error);
    g_assert_true(history_update(history, &added, &error));
    g_assert_cmpint(added, ==, 0);
    for (gint round = 0; round < 5; round++) {
        before = history_length(history);
        play_turns(session, 30);
        g_assert_true(history_update(history, &added, &error));
        g_assert_no_error(error);
        g_assert_cmpint(added, >, 0);
        g_assert_cmpint(history_length(history), ==, before + added);
        g_assert_cmpint(history_length(history), ==, session_state(session)->last_seq);
        g_assert_cmphex(state_digest(history_last_state(history)), ==,
                        state_digest(session_state(session)));
        g_assert_true(history_seek(history, history_length(history), &error));
        g_assert_cmphex(state_digest(history_state(history)), ==,
                        state_digest(session_state(session)));
        g_assert_nonnull(history_entry(history, history_length(history)));
    }
    g_assert_true(history_seek(history, 1, &error));
    g_assert_cmpint(history_state(history)->last_seq, ==, 1);
}

/* New rows a game never writes (a turn whose digest does not match: the
 * newest, or one in the middle of what is new) are refused, naming the
 * turn, and the history stays as it was. */
static void test_history_follow_tampered(TmpDir *fixture, gconstpointer data)
{
    for (gint back = 0; back <= 5; back += 5) {
        g_autofree char *name = g_strdup_printf("live-%d.cavelog", back);
        g_autofree char *path = tmp_path(fixture, name);
        g_autoptr(Session) session = new_game(path, 20256);
        g_autoptr(GError) error = NULL;
        g_autoptr(History) history = NULL;
        g_autofree char *sql = NULL;
        g_autofree char *named = NULL;
        sqlite3 *db;
        gint64 length, added = -1;
        guint64 digest;
        gint32 turn;

        play_turns(session, 30);
        history = history_open(path, 64, &error);
        g_assert_no_error(error);
        length = history_length(history);
        digest = state_digest(history_last_state(history));
        play_turns(session, 10);
        turn = session_state(session)->turn - back;
        g_clear_pointer(&session, session_free);
        g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
        sql = g_strdup_printf("UPDATE turns SET digest = '0000000000000001' WHERE turn = %d", turn);
        g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
        sqlite3_close(db);
        g_assert_false(history_update(history, &added, &error));
        g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
        named = g_strdup_printf("after turn %d ", turn);
        g_assert_nonnull(strstr(error->message, named));
        g_assert_cmpint(added, ==, 0);
        g_assert_cmpint(history_length(history), ==, length);
        g_assert_null(history_entry(history, length + 1));
        g_assert_cmphex(state_digest(history_last_state(history)), ==, digest);
    }
}

/* ---- main ------------------------------------------------------------------- */

/* ---- /store/resume/mid-effect ---------------------------------------------------- */

/* Saved in the middle of two poisons (the player's, and one thrown on a
 * fungus): the resumed game folds to the live state and plays on exactly as
 * the uninterrupted one, effects ticking and ending alike. */
/* Close @store, resume the file at @path, and play @turns waits in it and in
 * the scenario side by side: the digests agree before and after each. */
static Session *resume_alongside(const char *path, Store *store, Scenario *s, gint turns)
{
    g_autoptr(GError) error = NULL;
    Session *resumed;

    store_free(store);
    resumed = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmphex(state_digest(session_state(resumed)), ==, state_digest(game_state(s->game)));
    for (gint i = 0; i < turns; i++) {
        CavCommand wait = command_simple(CMD_WAIT);
        g_free(scenario_play(s, wait));
        g_assert_true(session_play(resumed, &wait, NULL, &error));
        g_assert_no_error(error);
        g_assert_cmphex(state_digest(session_state(resumed)), ==,
                        state_digest(game_state(s->game)));
    }
    return resumed;
}

/* A real game re-runs from its commands to the very same events. */
static void test_resimulate(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = g_build_filename(fixture->dir, "played.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 4242, "tester", NULL, &error);
    g_autoptr(Store) store = NULL;
    gint32 turns = 0, played;

    g_assert_no_error(error);
    for (gint t = 0; t < 300 && play_bot_turn(session); t++)
        ;
    played = session_state(session)->turn;
    g_clear_pointer(&session, session_free);
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(verify_resimulate(store, content_new_builtin(), &turns, &error));
    g_assert_no_error(error);
    g_assert_cmpint(turns, ==, played + 1); /* with turn 0 */
}

static const char *const resume_room[] = {
    "############", "#..........#", "#..@.......#", "#..........#", "############", NULL,
};

static void test_resume_mid_effect(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = g_build_filename(fixture->dir, "poisoned.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) resumed = NULL;
    Store *store;
    Scenario s;
    gint32 poison;

    scenario_setup(&s, resume_room, NULL);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 3);
    scenario_spawn(&s, "fungus", 0, 8, 2, 40, 0, 20);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_item(CMD_QUAFF, poison));
    scenario_store_play(&s, store, command_throw(poison, 8, 2));
    for (gint i = 0; i < 5; i++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->effect_count, ==, 2);
    resumed = resume_alongside(path, store, &s, 25);
    g_assert_false(state_effect(session_state(resumed), 1)->active);
    /* 20 hp of poison, 3 regenerated (1 per 10 turns hurt) */
    g_assert_cmpint(session_state(resumed)->creatures[1].hp, ==, 100 - 20 + 3);
    scenario_teardown(&s);
}

/* Saved with spells in flight (a slow heal, detection, bats just called)
 * and knowledge that differs between creatures (a goblin that drank out of
 * the player's sight, a look the player named): the resumed game plays on
 * as the uninterrupted one. */
static void test_resume_mid_spell(TmpDir *fixture, gconstpointer data)
{
    static const char *const rooms[] = {
        "#########################",
        "#.@.....#...............#",
        "#.......#...............#",
        "#########################",
        NULL,
    };
    g_autofree char *path = g_build_filename(fixture->dir, "casting.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) resumed = NULL;
    Store *store;
    Scenario s;
    gint32 white, blue, goblin;

    scenario_setup_caster(&s, rooms, 60);
    white = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    blue = scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    goblin = scenario_spawn(&s, "goblin", 0, 20, 2, -1, -1, -1);
    scenario_item(&s, "potion of slow health", goblin, 0, 0, 0, 1);
    scenario_hurt(&s, goblin, 40);
    scenario_hurt(&s, 1, 50);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_cast(white, "slow heal", 2, 1));
    scenario_store_play(&s, store, command_cast(blue, "detect creatures", 2, 1));
    scenario_store_play(&s, store, command_name("green", "goblin's choice"));
    scenario_store_play(&s, store, command_cast(blue, "summon bats", 2, 1));
    g_assert_cmpuint(game_state(s.game)->creatures[goblin].known, !=, 0);
    g_assert_cmpuint(game_state(s.game)->creatures[1].known, ==, 0);
    g_assert_cmpint(game_state(s.game)->creatures[1].effect_detect, ==, 1);
    resumed = resume_alongside(path, store, &s, 30);
    g_assert_cmpstr(session_state(resumed)->looks[2].called, ==, "goblin's choice");
    scenario_teardown(&s);
}

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *data_home = g_dir_make_tmp("cavelog-store-data-XXXXXX", &error);
    int status;

    /* Before anything asks GLib for the user data dir (it caches it). */
    g_assert_no_error(error);
    g_setenv("XDG_DATA_HOME", data_home, TRUE);
    g_test_init(&argc, &argv, NULL);

#define ADD(path, func) g_test_add(path, TmpDir, NULL, tmp_dir_setup, func, tmp_dir_teardown)
    ADD("/store/fold/equals-live", test_fold_equals_live);
    ADD("/store/resume/equals-uninterrupted", test_resume_equals_uninterrupted);
    ADD("/store/resume/mid-effect", test_resume_mid_effect);
    ADD("/store/resume/mid-spell", test_resume_mid_spell);
    ADD("/store/verify/resimulate", test_resimulate);
    ADD("/store/append/one-transaction", test_append_one_transaction);
    ADD("/store/append/failure-rolls-back", test_append_failure_rolls_back);
    ADD("/store/reject/no-events", test_reject_no_events);
    ADD("/store/events/filter", test_events_filter);
    ADD("/store/events/piped", test_events_piped);
    ADD("/store/list", test_list);
    ADD("/store/list/opener", test_list_opener);
    ADD("/store/close-then", test_close_then);
    ADD("/store/sql/views", test_sql_views);
    ADD("/store/schema/v1-migrates", test_schema_v1_migrates);
    ADD("/store/schema/v1-real-file", test_schema_v1_real_file);
    ADD("/store/history/seek", test_history_seek);
    ADD("/store/history/index", test_history_index);
    ADD("/store/history/caused", test_history_caused);
    ADD("/store/history/turns-and-names", test_history_turns_and_names);
    ADD("/store/history/follow", test_history_follow);
    ADD("/store/history/follow-tampered", test_history_follow_tampered);
    g_test_add_func("/store/history/refs-fit", test_history_refs_fit);
#undef ADD

    status = g_test_run();
    remove_tree(data_home);
    return status;
}
