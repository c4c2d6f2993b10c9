/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-timeline.c — the inspector's timeline model and its filter
 * over real bot games, needing no display: every row agrees with the file read
 * through SQL, rows follow a game still being played, a filter model (at once
 * and incremental) holds exactly the events an independent SQL query or a
 * brute-force pass over the summaries picks, however the criteria change, and
 * the page cache stays bounded. */
#include <gtk/gtk.h>
#include <sqlite3.h>
#include <string.h>

#include "cav-event-row.h"
#include "cav-timeline-filter.h"
#include "cav-timeline.h"
#include "scenario.h"
#include "testutil.h"
#include "store.h"

/* A game with fights, deaths, fungi spreading, items picked up and dropped. */
#define SEED 20261
#define TURNS 600
/* The same game played on until it holds more pages than the cache keeps. */
#define LONG_TURNS 1500

/* ---- games, files and queries ------------------------------------------------ */

static void play_turns(Session *session, gint32 turns)
{
    for (gint32 t = 0; t < turns && play_bot_turn(session); t++)
        ;
}

static Session *new_game(const char *path, gint64 seed)
{
    g_autoptr(GError) error = NULL;
    Session *session = session_new_game(path, seed, "tester", NULL, &error);

    g_assert_no_error(error);
    return session;
}

static CavTimeline *open_timeline(const char *path)
{
    g_autoptr(GError) error = NULL;
    History *history = history_open(path, 0, &error);

    g_assert_no_error(error);
    return cav_timeline_new(history);
}

static sqlite3 *db_open(const char *path, int flags)
{
    sqlite3 *db = NULL;

    g_assert_cmpint(sqlite3_open_v2(path, &db, flags, NULL), ==, SQLITE_OK);
    return db;
}

/* The seqs of the events @where (SQL over the events table) selects, in order. */
static GArray *sql_seqs(sqlite3 *db, const char *where)
{
    g_autofree char *sql = g_strdup_printf("SELECT seq FROM events WHERE %s ORDER BY seq", where);
    GArray *seqs = g_array_new(FALSE, FALSE, sizeof(gint64));
    sqlite3_stmt *stmt = NULL;
    int rc;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        g_error("cannot prepare %s: %s", sql, sqlite3_errmsg(db));
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        gint64 seq = sqlite3_column_int64(stmt, 0);
        g_array_append_val(seqs, seq);
    }
    g_assert_cmpint(rc, ==, SQLITE_DONE);
    sqlite3_finalize(stmt);
    return seqs;
}

/* SQL: the event names creature @id, as actor or in any creature field. */
static char *sql_names_creature(gint32 id)
{
    return g_strdup_printf("(actor = %d OR json_extract(payload, '$.creature') = %d"
                           " OR json_extract(payload, '$.target') = %d"
                           " OR json_extract(payload, '$.killer') = %d"
                           " OR json_extract(payload, '$.parent') = %d"
                           " OR json_extract(payload, '$.child') = %d"
                           " OR json_extract(payload, '$.colony') = %d"
                           " OR json_extract(payload, '$.holder') = %d)",
                           id, id, id, id, id, id, id, id);
}

static char *sql_names_item(gint32 id)
{
    return g_strdup_printf("(json_extract(payload, '$.item') = %d"
                           " OR json_extract(payload, '$.split') = %d"
                           " OR json_extract(payload, '$.into') = %d)",
                           id, id, id);
}

/* Every event of @history decoded, read independently of any timeline. */
static GArray *read_all(History *history)
{
    GArray *events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GError) error = NULL;

    g_assert_true(history_read(history, 1, history_length(history), events, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(events->len, ==, (guint) history_length(history));
    return events;
}

/* Every event's summary, in order (a GPtrArray of strings). */
static GPtrArray *all_summaries(History *history)
{
    g_autoptr(GArray) events = read_all(history);
    GPtrArray *summaries = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < events->len; i++) {
        GString *text = g_string_new(NULL);
        history_summary_seen(history, &g_array_index(events, CavEvent, i), text);
        g_ptr_array_add(summaries, g_string_free(text, FALSE));
    }
    return summaries;
}

/* The seqs whose summary contains every word of @text, ignoring case, in
 * any order, by brute force; only those also in @among when it is not NULL. */
static GArray *text_seqs(GPtrArray *summaries, const char *text, GArray *among)
{
    g_autofree char *folded_text = g_utf8_casefold(text, -1);
    g_auto(GStrv) words = g_strsplit(folded_text, " ", -1);
    g_autoptr(GHashTable) allowed = g_hash_table_new(g_int64_hash, g_int64_equal);
    GArray *seqs = g_array_new(FALSE, FALSE, sizeof(gint64));

    for (guint i = 0; among != NULL && i < among->len; i++)
        g_hash_table_add(allowed, &g_array_index(among, gint64, i));
    for (guint i = 0; i < summaries->len; i++) {
        g_autofree char *folded = g_utf8_casefold(summaries->pdata[i], -1);
        gint64 seq = (gint64) i + 1;
        gboolean all = TRUE;
        for (guint w = 0; words[w] != NULL; w++)
            all &= strstr(folded, words[w]) != NULL;
        if (all && (among == NULL || g_hash_table_contains(allowed, &seq)))
            g_array_append_val(seqs, seq);
    }
    return seqs;
}

/* A name as the timeline shows it by default: as the player knew it
 * after event @seq. */
static char *name_of(History *history, CavRefKind kind, gint32 id, gint64 seq)
{
    GString *name = g_string_new(NULL);

    history_append_name_seen(history, kind, id, seq, name);
    return g_string_free(name, FALSE);
}

/* ---- the game fixture --------------------------------------------------------- */

typedef struct {
    TmpDir tmp;
    char *path;
    CavTimeline *timeline; /* fresh: nothing read through it yet */
    History *history;      /* the timeline's */
    sqlite3 *db;           /* the same file, read-only */
} GameFixture;

static const gint32 game_turns = TURNS, long_game_turns = LONG_TURNS;

/* @data: the number of bot turns to play (a gint32). */
static void game_setup(GameFixture *f, gconstpointer data)
{
    g_autoptr(Session) session = NULL;

    tmp_dir_setup(&f->tmp, NULL);
    f->path = tmp_path(&f->tmp, "game.cavelog");
    session = new_game(f->path, SEED);
    play_turns(session, *(const gint32 *) data);
    g_clear_pointer(&session, session_free);
    f->timeline = open_timeline(f->path);
    f->history = cav_timeline_get_history(f->timeline);
    f->db = db_open(f->path, SQLITE_OPEN_READONLY);
}

static void game_teardown(GameFixture *f, gconstpointer data)
{
    sqlite3_close(f->db);
    g_assert_finalize_object(f->timeline);
    g_free(f->path);
    tmp_dir_teardown(&f->tmp, NULL);
}

/* ---- filter models ------------------------------------------------------------- */

/* One filter under two filter models of the timeline: one filtering at once,
 * one incrementally (in idle steps of the default main context). */
typedef struct {
    CavTimelineFilter *filter;
    GtkFilterListModel *at_once;
    GtkFilterListModel *incremental;
} Filtered;

static void filtered_init(Filtered *fm, CavTimeline *timeline)
{
    fm->filter = cav_timeline_filter_new(timeline);
    fm->at_once = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(timeline)),
                                            GTK_FILTER(g_object_ref(fm->filter)));
    fm->incremental = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(timeline)),
                                                GTK_FILTER(g_object_ref(fm->filter)));
    gtk_filter_list_model_set_incremental(fm->incremental, TRUE);
}

static void filtered_clear(Filtered *fm)
{
    g_clear_object(&fm->at_once);
    g_clear_object(&fm->incremental);
    g_assert_finalize_object(fm->filter);
}

static void wait_filtered(GtkFilterListModel *model)
{
    while (gtk_filter_list_model_get_pending(model) > 0)
        g_main_context_iteration(NULL, TRUE);
}

static GArray *model_seqs(GListModel *model)
{
    GArray *seqs = g_array_new(FALSE, FALSE, sizeof(gint64));
    guint n = g_list_model_get_n_items(model);

    for (guint i = 0; i < n; i++) {
        g_autoptr(CavEventRow) row = g_list_model_get_item(model, i);
        gint64 seq = cav_event_row_get_seq(row);
        g_array_append_val(seqs, seq);
    }
    return seqs;
}

static void assert_same_seqs(GArray *got, GArray *expected, const char *what)
{
    for (guint i = 0; i < MIN(got->len, expected->len); i++)
        if (g_array_index(got, gint64, i) != g_array_index(expected, gint64, i)) {
            g_test_message("%s: item %u differs", what, i);
            g_assert_cmpint(g_array_index(got, gint64, i), ==, g_array_index(expected, gint64, i));
        }
    if (got->len != expected->len)
        g_test_message("%s: the number of events differs", what);
    g_assert_cmpuint(got->len, ==, expected->len);
}

/* Both filter models hold exactly the events @expected (seqs, in order).
 * Returns how many that is. */
static guint assert_filtered(Filtered *fm, GArray *expected, const char *what)
{
    g_autoptr(GArray) at_once = NULL, incremental = NULL;

    g_assert_cmpuint(gtk_filter_list_model_get_pending(fm->at_once), ==, 0);
    at_once = model_seqs(G_LIST_MODEL(fm->at_once));
    assert_same_seqs(at_once, expected, what);
    wait_filtered(fm->incremental);
    incremental = model_seqs(G_LIST_MODEL(fm->incremental));
    assert_same_seqs(incremental, expected, what);
    g_test_message("%s: %u events", what, expected->len);
    return expected->len;
}

/* Both filter models hold exactly the events @where selects. */
static guint assert_filtered_sql(Filtered *fm, sqlite3 *db, const char *where)
{
    g_autoptr(GArray) expected = sql_seqs(db, where);

    return assert_filtered(fm, expected, where);
}

static void choose_types(gboolean types[CAV_EVENT_TYPE_COUNT], const CavEventType *chosen, guint n)
{
    memset(types, 0, sizeof(gboolean) * CAV_EVENT_TYPE_COUNT);
    for (guint i = 0; i < n; i++)
        types[chosen[i]] = TRUE;
}

/* ---- /inspector/timeline/rows ---------------------------------------------------- */

/* The entity each type happens to, read from its payload (the README's
 * rule, written out here type by type apart from the catalog's table):
 * the one hit or cast upon, the victim, the item used, the creature whose
 * numbers change; nothing for a creature's own step, wait or stairs and for
 * the world's levels, tiles and upkeep. */
static CavRef expected_target(const CavEvent *e)
{
#define C(value) ((CavRef){.kind = CAV_REF_CREATURE, .id = (value)})
#define I(value) ((CavRef){.kind = CAV_REF_ITEM, .id = (value)})
    switch (e->type) {
    case CAV_EVENT_CREATURE_SPAWNED:
        return C(e->as.CreatureSpawned.creature);
    case CAV_EVENT_FUNGUS_SPREAD:
        return C(e->as.FungusSpread.child);
    case CAV_EVENT_CREATURE_ATTACKED:
        return C(e->as.CreatureAttacked.target);
    case CAV_EVENT_CREATURE_HURT:
        return C(e->as.CreatureHurt.creature);
    case CAV_EVENT_CREATURE_REGENERATED:
        return C(e->as.CreatureRegenerated.creature);
    case CAV_EVENT_HUNGER_CHANGED:
        return C(e->as.HungerChanged.creature);
    case CAV_EVENT_CREATURE_OVERATE:
        return C(e->as.CreatureOverate.creature);
    case CAV_EVENT_CREATURE_DIED:
        return C(e->as.CreatureDied.creature);
    case CAV_EVENT_XP_GAINED:
        return C(e->as.XpGained.creature);
    case CAV_EVENT_LEVEL_GAINED:
        return C(e->as.LevelGained.creature);
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        return C(e->as.LevelUpChosen.creature);
    case CAV_EVENT_ITEM_SPAWNED:
        return I(e->as.ItemSpawned.item);
    case CAV_EVENT_ITEM_PICKED_UP:
        return I(e->as.ItemPickedUp.item);
    case CAV_EVENT_ITEM_DROPPED:
        return I(e->as.ItemDropped.item);
    case CAV_EVENT_ITEM_EATEN:
        return I(e->as.ItemEaten.item);
    case CAV_EVENT_ITEM_EQUIPPED:
        return I(e->as.ItemEquipped.item);
    case CAV_EVENT_ITEM_UNEQUIPPED:
        return I(e->as.ItemUnequipped.item);
    case CAV_EVENT_ITEM_THROWN:
        return C(e->as.ItemThrown.target);
    case CAV_EVENT_SHOT_FIRED:
        return C(e->as.ShotFired.target);
    case CAV_EVENT_ITEM_QUAFFED:
        return I(e->as.ItemQuaffed.item);
    case CAV_EVENT_EFFECT_STARTED:
        return C(e->as.EffectStarted.creature);
    case CAV_EVENT_EFFECT_APPLIED:
        return C(e->as.EffectApplied.creature);
    case CAV_EVENT_EFFECT_ENDED:
        return C(e->as.EffectEnded.creature);
    case CAV_EVENT_ITEM_IDENTIFIED:
        return C(e->as.ItemIdentified.creature);
    case CAV_EVENT_SPELL_CAST:
        return C(e->as.SpellCast.target);
    case CAV_EVENT_MANA_DRAWN:
        return C(e->as.ManaDrawn.creature);
    case CAV_EVENT_CREATURE_BLINKED:
        return C(e->as.CreatureBlinked.creature);
    case CAV_EVENT_CREATURE_SUMMONED:
        return C(e->as.CreatureSummoned.creature);
    case CAV_EVENT_GAME_WON:
        return C(e->as.GameWon.creature);
    case CAV_EVENT_GAME_LOST:
        return C(e->as.GameLost.creature);
    case CAV_EVENT_GAME_STARTED:
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_MOVED:
    case CAV_EVENT_TILE_DUG:
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
    case CAV_EVENT_CREATURE_WAITED:
    case CAV_EVENT_UPKEEP_APPLIED:
    case CAV_EVENT_APPEARANCE_ASSIGNED:
    case CAV_EVENT_EFFECTS_TICKED:
    case CAV_EVENT_SPELL_DEFINED:
    case CAV_EVENT_ITEM_NAMED:
    case CAV_EVENT_TYPE_COUNT:
        break;
    }
    return C(0);
#undef C
#undef I
}

/* What a row shows for the actor and target of an event, from the payload:
 * the envelope's actor, the game's end included, and the expected target. */
static void check_actor_target(GameFixture *f, CavEventRow *row, const CavEvent *event,
                               guint *checked)
{
    CavRef target = expected_target(event);
    g_autofree char *actor = event->actor != 0
                                 ? name_of(f->history, CAV_REF_CREATURE, event->actor, event->seq)
                                 : g_strdup("");
    g_autofree char *target_name =
        target.id != 0 ? name_of(f->history, target.kind, target.id, event->seq) : g_strdup("");

    g_assert_cmpstr(cav_event_row_get_actor(row), ==, actor);
    g_assert_cmpstr(cav_event_row_get_target(row), ==, target_name);
    checked[event->type]++;
}

/* n_items is the history's length; every row's seq, turn and type agree with
 * the file read through SQL, its summary with history_summary() of an
 * independent read, its actor and target with the payload; a row read twice
 * is the same. */
static void test_timeline_rows(GameFixture *f, gconstpointer data)
{
    GListModel *model = G_LIST_MODEL(f->timeline);
    g_autoptr(GArray) events = read_all(f->history);
    g_autoptr(GString) text = g_string_new(NULL);
    guint checked[CAV_EVENT_TYPE_COUNT] = {0}, n, i = 0;
    sqlite3_stmt *stmt = NULL;
    int rc;

    n = g_list_model_get_n_items(model);
    g_assert_cmpint(n, ==, history_length(f->history));
    g_assert_cmpint(n, ==, db_int(f->db, "SELECT count(*) FROM events"));
    g_assert_cmpuint(n, >, 5000);
    g_assert_true(g_list_model_get_item_type(model) == CAV_TYPE_EVENT_ROW);
    g_assert_null(g_list_model_get_item(model, n));
    g_assert_cmpint(sqlite3_prepare_v2(f->db, "SELECT seq, turn, type FROM events ORDER BY seq", -1,
                                       &stmt, NULL),
                    ==, SQLITE_OK);
    for (; (rc = sqlite3_step(stmt)) == SQLITE_ROW; i++) {
        g_autoptr(CavEventRow) row = g_list_model_get_item(model, i);
        g_autoptr(CavEventRow) again = g_list_model_get_item(model, i);
        const CavEvent *event = &g_array_index(events, CavEvent, i);
        g_autofree char *type_name = NULL, *summary = NULL;
        gint64 seq;
        int turn;

        g_assert_true(CAV_IS_EVENT_ROW(row));
        g_object_get(row, "seq", &seq, "turn", &turn, "type-name", &type_name, "summary", &summary,
                     NULL);
        g_assert_cmpint(seq, ==, sqlite3_column_int64(stmt, 0));
        g_assert_cmpint(turn, ==, sqlite3_column_int(stmt, 1));
        g_assert_cmpstr(type_name, ==, (const char *) sqlite3_column_text(stmt, 2));
        g_string_truncate(text, 0);
        history_summary_seen(f->history, event, text);
        g_assert_cmpstr(summary, ==, text->str);
        g_assert_cmpstr(cav_event_row_get_summary(row), ==, text->str);
        check_actor_target(f, row, event, checked);
        /* Read again, as another row and through the getters. */
        g_assert_cmpint(cav_event_row_get_seq(again), ==, seq);
        g_assert_cmpint(cav_event_row_get_turn(again), ==, turn);
        g_assert_cmpstr(cav_event_row_get_type_name(again), ==, type_name);
        g_assert_cmpstr(cav_event_row_get_actor(again), ==, cav_event_row_get_actor(row));
        g_assert_cmpstr(cav_event_row_get_target(again), ==, cav_event_row_get_target(row));
        g_assert_cmpstr(cav_event_row_get_summary(again), ==, summary);
        g_assert_true(cav_event_row_get_summary(row) == cav_event_row_get_summary(row));
        g_assert_true(cav_event_row_get_timeline(row) == f->timeline);
        g_assert_cmpint(cav_timeline_event(f->timeline, seq)->seq, ==, seq);
        g_assert_cmpint(cav_timeline_event(f->timeline, seq)->type, ==, event->type);
    }
    g_assert_cmpint(rc, ==, SQLITE_DONE);
    sqlite3_finalize(stmt);
    g_assert_cmpuint(i, ==, n);
    g_assert_null(cav_timeline_event(f->timeline, 0));
    g_assert_null(cav_timeline_event(f->timeline, n + 1));
    g_assert_null(cav_timeline_summary(f->timeline, n + 1));
    g_assert_cmpuint(checked[CAV_EVENT_CREATURE_ATTACKED], >, 50);
    g_assert_cmpuint(checked[CAV_EVENT_ITEM_PICKED_UP], >, 10);
    g_assert_cmpuint(checked[CAV_EVENT_CREATURE_SPAWNED], >, 10);
    g_assert_cmpuint(checked[CAV_EVENT_CREATURE_DIED], >, 2);
    g_assert_cmpuint(checked[CAV_EVENT_LEVEL_ROW_GENERATED], >, 10);
}

/* ---- /inspector/timeline/follow ------------------------------------------------- */

static void on_items_changed(GListModel *model, guint position, guint removed, guint added,
                             gpointer data)
{
    g_string_append_printf(data, "%s%u-%u+%u", ((GString *) data)->len > 0 ? " " : "", position,
                           removed, added);
}

/* A timeline of a game still being played takes in each new turn with one
 * items-changed at its end, of exactly the events added; the rows after the
 * old end (including the rest of a page read while it was partial) read
 * right, and a filter model over it follows. */
static void test_timeline_follow(TmpDir *fixture, gconstpointer data)
{
    static const CavEventType moves[] = {CAV_EVENT_CREATURE_MOVED, CAV_EVENT_CREATURE_ATTACKED};
    g_autofree char *path = tmp_path(fixture, "live.cavelog");
    g_autoptr(Session) session = new_game(path, SEED);
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) changes = g_string_new(NULL);
    g_autoptr(CavTimeline) timeline = NULL;
    gboolean types[CAV_EVENT_TYPE_COUNT];
    GListModel *model;
    Filtered fm;
    sqlite3 *db;
    gint64 added = -1;

    play_turns(session, 40);
    timeline = open_timeline(path);
    model = G_LIST_MODEL(timeline);
    db = db_open(path, SQLITE_OPEN_READONLY);
    filtered_init(&fm, timeline);
    choose_types(types, moves, G_N_ELEMENTS(moves));
    cav_timeline_filter_set_types(fm.filter, types);
    g_signal_connect(timeline, "items-changed", G_CALLBACK(on_items_changed), changes);

    g_assert_true(cav_timeline_update(timeline, &added, &error));
    g_assert_no_error(error);
    g_assert_cmpint(added, ==, 0);
    g_assert_cmpstr(changes->str, ==, "");
    for (gint round = 0; round < 5; round++) {
        guint before = g_list_model_get_n_items(model), n;
        g_autofree char *expected = NULL;
        g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
        g_autoptr(GString) text = g_string_new(NULL);

        /* Cache the page of the last event, partial. */
        g_assert_nonnull(cav_timeline_summary(timeline, before));
        play_turns(session, 30);
        g_string_truncate(changes, 0);
        g_assert_true(cav_timeline_update(timeline, &added, &error));
        g_assert_no_error(error);
        n = (guint) session_state(session)->last_seq;
        g_assert_cmpint(added, ==, n - before);
        g_assert_cmpint(added, >, 0);
        expected = g_strdup_printf("%u-0+%u", before, n - before);
        g_assert_cmpstr(changes->str, ==, expected);
        g_assert_cmpuint(g_list_model_get_n_items(model), ==, n);
        g_assert_cmpint(db_int(db, "SELECT count(*) FROM events"), ==, n);
        g_assert_true(history_read(cav_timeline_get_history(timeline), before, n, events, &error));
        for (guint pos = before - 1; pos < n; pos++) {
            g_autoptr(CavEventRow) row = g_list_model_get_item(model, pos);
            const CavEvent *event = &g_array_index(events, CavEvent, pos - (before - 1));
            g_autofree char *sql =
                g_strdup_printf("SELECT turn FROM events WHERE seq = %u", pos + 1);

            g_assert_cmpint(cav_event_row_get_seq(row), ==, event->seq);
            g_assert_cmpint(cav_event_row_get_turn(row), ==, db_int(db, sql));
            g_assert_cmpstr(cav_event_row_get_type_name(row), ==, ev_type_name(event->type));
            g_string_truncate(text, 0);
            history_summary_seen(cav_timeline_get_history(timeline), event, text);
            g_assert_cmpstr(cav_event_row_get_summary(row), ==, text->str);
        }
        g_assert_null(g_list_model_get_item(model, n));
        assert_filtered_sql(&fm, db, "type IN ('CreatureMoved', 'CreatureAttacked')");
    }
    g_string_truncate(changes, 0);
    g_assert_true(cav_timeline_update(timeline, &added, &error));
    g_assert_cmpint(added, ==, 0);
    g_assert_cmpstr(changes->str, ==, "");
    filtered_clear(&fm);
    sqlite3_close(db);
}

/* ---- /inspector/timeline/unreadable --------------------------------------------- */

/* An event the file can no longer give (its payload broken behind the
 * timeline's back) makes rows that say so instead of crashing; the index
 * still gives their seq, turn and type, and other pages still read. */
static void test_timeline_unreadable(GameFixture *f, gconstpointer data)
{
    const gint64 bad = 3 * CAV_TIMELINE_PAGE_EVENTS + 10;
    g_autofree char *sql = g_strdup_printf(
        "UPDATE events SET payload = 'not json' WHERE seq = %" G_GINT64_FORMAT, bad);
    g_autofree char *type_sql =
        g_strdup_printf("SELECT turn FROM events WHERE seq = %" G_GINT64_FORMAT, bad);
    g_autoptr(CavEventRow) row = NULL, neighbour = NULL, other = NULL;
    sqlite3 *db = db_open(f->path, SQLITE_OPEN_READWRITE);

    g_assert_cmpint(cav_timeline_cached_pages(f->timeline), ==, 0);
    g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close(db);

    row = g_list_model_get_item(G_LIST_MODEL(f->timeline), (guint) bad - 1);
    g_assert_nonnull(row);
    g_assert_cmpint(cav_event_row_get_seq(row), ==, bad);
    g_assert_cmpint(cav_event_row_get_turn(row), ==, db_int(f->db, type_sql));
    g_assert_true(g_str_has_prefix(cav_event_row_get_summary(row), "(unreadable: "));
    g_assert_nonnull(strstr(cav_event_row_get_summary(row), "event"));
    g_test_message("%s", cav_event_row_get_summary(row));
    g_assert_null(cav_timeline_event(f->timeline, bad));
    g_assert_true(g_str_has_prefix(cav_timeline_summary(f->timeline, bad), "(unreadable: "));
    /* Its page fails as a whole and is not cached; others read. */
    neighbour = g_list_model_get_item(G_LIST_MODEL(f->timeline), (guint) bad);
    g_assert_true(g_str_has_prefix(cav_event_row_get_summary(neighbour), "(unreadable: "));
    g_assert_cmpint(cav_timeline_cached_pages(f->timeline), ==, 0);
    other = g_list_model_get_item(G_LIST_MODEL(f->timeline), 0);
    g_assert_true(g_str_has_prefix(cav_event_row_get_summary(other), "game began with seed "));
    g_assert_nonnull(cav_timeline_event(f->timeline, bad + CAV_TIMELINE_PAGE_EVENTS));
    g_assert_cmpint(cav_timeline_cached_pages(f->timeline), ==, 2);
}

/* ---- /inspector/timeline/cache-bounded ------------------------------------------ */

/* Reading every row of a game of more pages than the cache keeps, one after
 * another and then at random, never holds more than the limit and always
 * gives the right event and summary. */
static void test_timeline_cache_bounded(GameFixture *f, gconstpointer data)
{
    GListModel *model = G_LIST_MODEL(f->timeline);
    g_autoptr(GPtrArray) summaries = all_summaries(f->history);
    guint n = g_list_model_get_n_items(model), most = 0;

    g_assert_cmpuint(n, >, (CAV_TIMELINE_MAX_PAGES + 10) * CAV_TIMELINE_PAGE_EVENTS);
    for (guint i = 0; i < n; i++) {
        g_autoptr(CavEventRow) row = g_list_model_get_item(model, i);

        g_assert_cmpstr(cav_event_row_get_summary(row), ==, summaries->pdata[i]);
        most = MAX(most, cav_timeline_cached_pages(f->timeline));
        g_assert_cmpuint(cav_timeline_cached_pages(f->timeline), <=, CAV_TIMELINE_MAX_PAGES);
    }
    g_assert_cmpuint(most, ==, CAV_TIMELINE_MAX_PAGES);
    for (guint k = 0; k < 5000; k++) {
        gint64 seq = g_test_rand_int_range(1, (gint32) n + 1);
        const CavEvent *event = cav_timeline_event(f->timeline, seq);

        g_assert_nonnull(event);
        g_assert_cmpint(event->seq, ==, seq);
        g_assert_cmpstr(cav_timeline_summary(f->timeline, seq), ==, summaries->pdata[seq - 1]);
        g_assert_cmpuint(cav_timeline_cached_pages(f->timeline), <=, CAV_TIMELINE_MAX_PAGES);
    }
}

/* ---- /inspector/filter/… --------------------------------------------------------- */

/* Several types at once, widened, narrowed and changed. */
static void test_filter_types(GameFixture *f, gconstpointer data)
{
    static const CavEventType fights[] = {CAV_EVENT_CREATURE_ATTACKED, CAV_EVENT_CREATURE_DIED,
                                          CAV_EVENT_ITEM_PICKED_UP};
    static const CavEventType more[] = {CAV_EVENT_CREATURE_ATTACKED, CAV_EVENT_CREATURE_DIED,
                                        CAV_EVENT_ITEM_PICKED_UP, CAV_EVENT_CREATURE_MOVED};
    static const CavEventType died[] = {CAV_EVENT_CREATURE_DIED};
    static const CavEventType fungi[] = {CAV_EVENT_FUNGUS_SPREAD, CAV_EVENT_ITEM_DROPPED};
    gboolean types[CAV_EVENT_TYPE_COUNT];
    Filtered fm;
    guint n = g_list_model_get_n_items(G_LIST_MODEL(f->timeline));

    filtered_init(&fm, f->timeline);
    g_assert_cmpuint(g_list_model_get_n_items(G_LIST_MODEL(fm.at_once)), ==, n);
    choose_types(types, fights, G_N_ELEMENTS(fights));
    cav_timeline_filter_set_types(fm.filter, types);
    g_assert_cmpuint(
        assert_filtered_sql(&fm, f->db,
                            "type IN ('CreatureAttacked', 'CreatureDied', 'ItemPickedUp')"),
        >, 100);
    choose_types(types, more, G_N_ELEMENTS(more));
    cav_timeline_filter_set_types(fm.filter, types);
    assert_filtered_sql(&fm, f->db,
                        "type IN ('CreatureAttacked', 'CreatureDied', 'ItemPickedUp',"
                        " 'CreatureMoved')");
    choose_types(types, died, G_N_ELEMENTS(died));
    cav_timeline_filter_set_types(fm.filter, types);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, "type = 'CreatureDied'"), >, 10);
    choose_types(types, fungi, G_N_ELEMENTS(fungi));
    cav_timeline_filter_set_types(fm.filter, types);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, "type IN ('FungusSpread', 'ItemDropped')"), >,
                     10);
    cav_timeline_filter_set_types(fm.filter, NULL);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, "1"), ==, n);
    filtered_clear(&fm);
}

/* Turn ranges, closed and open at either end, and an empty one. */
static void test_filter_turns(GameFixture *f, gconstpointer data)
{
    Filtered fm;

    filtered_init(&fm, f->timeline);
    cav_timeline_filter_set_turns(fm.filter, 100, 300);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, "turn BETWEEN 100 AND 300"), >, 1000);
    cav_timeline_filter_set_turns(fm.filter, 150, 160);
    assert_filtered_sql(&fm, f->db, "turn BETWEEN 150 AND 160");
    cav_timeline_filter_set_turns(fm.filter, -1, 50);
    assert_filtered_sql(&fm, f->db, "turn <= 50");
    cav_timeline_filter_set_turns(fm.filter, 0, 0);
    assert_filtered_sql(&fm, f->db, "turn = 0");
    cav_timeline_filter_set_turns(fm.filter, 500, -1);
    assert_filtered_sql(&fm, f->db, "turn >= 500");
    cav_timeline_filter_set_turns(fm.filter, 300, 100);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, "0"), ==, 0);
    g_assert_cmpint(gtk_filter_get_strictness(GTK_FILTER(fm.filter)), ==, GTK_FILTER_MATCH_NONE);
    cav_timeline_filter_set_turns(fm.filter, 250, 400);
    assert_filtered_sql(&fm, f->db, "turn BETWEEN 250 AND 400");
    cav_timeline_filter_set_turns(fm.filter, -1, -1);
    assert_filtered_sql(&fm, f->db, "1");
    filtered_clear(&fm);
}

/* A creature that fought and died, an item picked up, and the player. */
static void test_filter_entity(GameFixture *f, gconstpointer data)
{
    gint32 player = history_last_state(f->history)->player;
    g_autofree char *pick =
        g_strdup_printf("SELECT json_extract(payload, '$.creature') FROM events"
                        " WHERE type = 'CreatureDied' AND json_extract(payload, '$.creature') IN"
                        " (SELECT json_extract(payload, '$.target') FROM events"
                        "  WHERE type = 'CreatureAttacked')"
                        " AND json_extract(payload, '$.creature') != %d ORDER BY seq LIMIT 1",
                        player);
    gint32 creature = (gint32) db_int(f->db, pick);
    gint32 item = (gint32) db_int(f->db, "SELECT json_extract(payload, '$.item') FROM events"
                                         " WHERE type = 'ItemPickedUp' ORDER BY seq LIMIT 1");
    g_autofree char *by_creature = sql_names_creature(creature);
    g_autofree char *by_player = sql_names_creature(player);
    g_autofree char *by_item = sql_names_item(item);
    g_autofree char *attacked = NULL, *died = NULL;
    CavRefKind kind;
    gint32 id;
    Filtered fm;

    g_assert_cmpint(creature, >, 0);
    g_assert_cmpint(item, >, 0);
    attacked = g_strdup_printf("SELECT count(*) FROM events WHERE type = 'CreatureAttacked'"
                               " AND %s",
                               by_creature);
    died = g_strdup_printf("SELECT count(*) FROM events WHERE type = 'CreatureDied' AND %s",
                           by_creature);
    g_assert_cmpint(db_int(f->db, attacked), >, 0);
    g_assert_cmpint(db_int(f->db, died), >, 0);

    filtered_init(&fm, f->timeline);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, creature);
    cav_timeline_filter_get_entity(fm.filter, &kind, &id);
    g_assert_cmpint(kind, ==, CAV_REF_CREATURE);
    g_assert_cmpint(id, ==, creature);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, by_creature), >, 2);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_ITEM, item);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, by_item), >, 1);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, by_player), >, 500);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_NONE, 0);
    cav_timeline_filter_get_entity(fm.filter, &kind, &id);
    g_assert_cmpint(kind, ==, CAV_REF_NONE);
    g_assert_cmpint(id, ==, 0);
    assert_filtered_sql(&fm, f->db, "1");
    filtered_clear(&fm);
}

/* Types, turns and an entity at once; then one criterion dropped, another
 * changed, and all of them dropped. */
static void test_filter_combined(GameFixture *f, gconstpointer data)
{
    static const CavEventType fights[] = {CAV_EVENT_CREATURE_ATTACKED, CAV_EVENT_CREATURE_DIED,
                                          CAV_EVENT_CREATURE_MOVED};
    gint32 player = history_last_state(f->history)->player;
    g_autofree char *by_player = sql_names_creature(player);
    g_autofree char *all =
        g_strdup_printf("type IN ('CreatureAttacked', 'CreatureDied', 'CreatureMoved')"
                        " AND turn BETWEEN 100 AND 400 AND %s",
                        by_player);
    g_autofree char *narrower =
        g_strdup_printf("type IN ('CreatureAttacked', 'CreatureDied', 'CreatureMoved')"
                        " AND turn BETWEEN 200 AND 250 AND %s",
                        by_player);
    gboolean types[CAV_EVENT_TYPE_COUNT];
    Filtered fm;

    filtered_init(&fm, f->timeline);
    choose_types(types, fights, G_N_ELEMENTS(fights));
    cav_timeline_filter_set_types(fm.filter, types);
    cav_timeline_filter_set_turns(fm.filter, 100, 400);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player);
    g_assert_cmpuint(assert_filtered_sql(&fm, f->db, all), >, 100);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_NONE, 0);
    assert_filtered_sql(&fm, f->db,
                        "type IN ('CreatureAttacked', 'CreatureDied', 'CreatureMoved')"
                        " AND turn BETWEEN 100 AND 400");
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player);
    cav_timeline_filter_set_turns(fm.filter, 200, 250);
    assert_filtered_sql(&fm, f->db, narrower);
    cav_timeline_filter_set_types(fm.filter, NULL);
    cav_timeline_filter_set_turns(fm.filter, -1, -1);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_NONE, 0);
    g_assert_false(cav_timeline_filter_is_active(fm.filter));
    assert_filtered_sql(&fm, f->db, "1");
    filtered_clear(&fm);
}

/* Words in the summaries, every one, in any order, ignoring case (ſ folds
 * to s), alone and with a turn range and types, against a brute-force pass
 * over every summary. */
static void test_filter_text(GameFixture *f, gconstpointer data)
{
    static const char *const texts[] = {"YOU",     "hit",         "ſPENT",       "GoBlIn 1",
                                        "for hit", "hit you for", "no such text"};
    static const CavEventType fights[] = {CAV_EVENT_CREATURE_ATTACKED, CAV_EVENT_CREATURE_DIED};
    g_autoptr(GPtrArray) summaries = all_summaries(f->history);
    g_autoptr(GArray) in_turns = sql_seqs(f->db, "turn BETWEEN 100 AND 300");
    g_autoptr(GArray) fought = sql_seqs(
        f->db, "type IN ('CreatureAttacked', 'CreatureDied') AND turn BETWEEN 100 AND 300");
    gboolean types[CAV_EVENT_TYPE_COUNT];
    Filtered fm;

    filtered_init(&fm, f->timeline);
    for (guint t = 0; t < G_N_ELEMENTS(texts); t++) {
        g_autoptr(GArray) expected = text_seqs(summaries, texts[t], NULL);

        cav_timeline_filter_set_text(fm.filter, texts[t]);
        g_assert_cmpstr(cav_timeline_filter_get_text(fm.filter), ==, texts[t]);
        g_assert_cmpuint(assert_filtered(&fm, expected, texts[t]), ==, expected->len);
        if (t + 1 < G_N_ELEMENTS(texts))
            g_assert_cmpuint(expected->len, >, 10);
        else
            g_assert_cmpuint(expected->len, ==, 0);
    }
    {
        g_autoptr(GArray) expected = text_seqs(summaries, "you", in_turns);
        g_autoptr(GArray) fights_expected = text_seqs(summaries, "you", fought);

        cav_timeline_filter_set_text(fm.filter, "you");
        cav_timeline_filter_set_turns(fm.filter, 100, 300);
        g_assert_cmpuint(assert_filtered(&fm, expected, "you, turns 100-300"), >, 100);
        choose_types(types, fights, G_N_ELEMENTS(fights));
        cav_timeline_filter_set_types(fm.filter, types);
        g_assert_cmpuint(assert_filtered(&fm, fights_expected, "you, fights, turns 100-300"), >,
                         10);
    }
    cav_timeline_filter_set_text(fm.filter, "");
    cav_timeline_filter_set_types(fm.filter, NULL);
    cav_timeline_filter_set_turns(fm.filter, -1, -1);
    assert_filtered_sql(&fm, f->db, "1");
    filtered_clear(&fm);
}

/* With a text set, summaries are rendered (and their pages read) only for
 * events the other criteria let through. */
static void test_filter_text_reads_little(GameFixture *f, gconstpointer data)
{
    static const CavEventType won[] = {CAV_EVENT_GAME_WON};
    g_autoptr(GPtrArray) summaries = NULL;
    g_autoptr(GArray) in_turns = sql_seqs(f->db, "turn BETWEEN 200 AND 210");
    g_autoptr(GArray) expected = NULL;
    gboolean types[CAV_EVENT_TYPE_COUNT];
    gint64 first = g_array_index(in_turns, gint64, 0);
    gint64 last = g_array_index(in_turns, gint64, in_turns->len - 1);
    guint span = (guint) ((last - 1) / CAV_TIMELINE_PAGE_EVENTS -
                          (first - 1) / CAV_TIMELINE_PAGE_EVENTS + 1);
    Filtered fm;

    filtered_init(&fm, f->timeline);
    choose_types(types, won, G_N_ELEMENTS(won));
    cav_timeline_filter_set_types(fm.filter, types);
    cav_timeline_filter_set_text(fm.filter, "you");
    wait_filtered(fm.incremental);
    g_assert_cmpuint(g_list_model_get_n_items(G_LIST_MODEL(fm.at_once)), ==, 0);
    g_assert_cmpuint(cav_timeline_cached_pages(f->timeline), ==, 0);

    /* Turns first: types alone would leave the text to check everywhere. */
    cav_timeline_filter_set_turns(fm.filter, 200, 210);
    cav_timeline_filter_set_types(fm.filter, NULL);
    wait_filtered(fm.incremental);
    g_assert_cmpuint(cav_timeline_cached_pages(f->timeline), <=, span);
    g_assert_cmpuint(cav_timeline_cached_pages(f->timeline), >, 0);
    summaries = all_summaries(f->history);
    expected = text_seqs(summaries, "you", in_turns);
    g_assert_cmpuint(assert_filtered(&fm, expected, "you, turns 200-210"), >, 5);
    filtered_clear(&fm);
}

/* Text in another script: a data folder whose rocks are "RÖCK", searched for
 * as "röck" and "RÖCK" (which ASCII-only case folding cannot match). */
static void test_filter_text_utf8(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "..", "core", "data", NULL);
    g_autofree char *path = tmp_path(fixture, "rocks.cavelog");
    g_autoptr(Session) session = NULL;
    g_autoptr(CavTimeline) timeline = NULL;
    g_autoptr(GPtrArray) summaries = NULL;
    g_autoptr(GArray) expected = NULL, ascii_only = NULL;
    Filtered fm;

    {
        g_autofree char *from = g_build_filename(source, "creatures.ini", NULL);
        g_autofree char *from_items = g_build_filename(source, "items.ini", NULL);
        g_autofree char *to = g_build_filename(fixture->dir, "creatures.ini", NULL);
        g_autofree char *to_items = g_build_filename(fixture->dir, "items.ini", NULL);
        g_autofree char *creatures = NULL, *items = NULL, *renamed = NULL;
        g_autoptr(GError) error = NULL;
        g_auto(GStrv) parts = NULL;

        g_assert_true(g_file_get_contents(from, &creatures, NULL, &error));
        g_assert_true(g_file_get_contents(from_items, &items, NULL, &error));
        parts = g_strsplit(items, "\n[rock]\n", 2);
        g_assert_cmpuint(g_strv_length(parts), ==, 2);
        renamed = g_strjoinv("\n[RÖCK]\n", parts);
        g_assert_true(g_file_set_contents(to, creatures, -1, &error));
        g_assert_true(g_file_set_contents(to_items, renamed, -1, &error));
    }
    g_setenv("CAVELOG_DATA_DIR", fixture->dir, TRUE);
    session = new_game(path, SEED);
    g_unsetenv("CAVELOG_DATA_DIR");
    play_turns(session, 200);
    g_clear_pointer(&session, session_free);
    timeline = open_timeline(path);
    summaries = all_summaries(cav_timeline_get_history(timeline));
    expected = text_seqs(summaries, "röck", NULL);
    g_assert_cmpuint(expected->len, >, 10);
    ascii_only = text_seqs(summaries, "rock", NULL);
    g_assert_cmpuint(ascii_only->len, ==, 0);

    filtered_init(&fm, timeline);
    cav_timeline_filter_set_text(fm.filter, "röck");
    assert_filtered(&fm, expected, "röck");
    cav_timeline_filter_set_text(fm.filter, "RÖCK");
    assert_filtered(&fm, expected, "RÖCK");
    filtered_clear(&fm);
}

/* ---- /inspector/filter/changes -------------------------------------------------- */

static void on_filter_changed(GtkFilter *filter, GtkFilterChange change, gpointer data)
{
    static const char *const names[] = {
        [GTK_FILTER_CHANGE_DIFFERENT] = "different",
        [GTK_FILTER_CHANGE_LESS_STRICT] = "less",
        [GTK_FILTER_CHANGE_MORE_STRICT] = "more",
    };
    GString *log = data;

    g_assert_cmpuint(change, <, G_N_ELEMENTS(names));
    g_string_append_printf(log, "%s%s", log->len > 0 ? " " : "", names[change]);
}

/* Each criterion says whether it only narrowed, only widened or neither (and
 * nothing when it did not change), the strictness is "all" exactly when no
 * criterion is set, and a filter model kept up by those changes alone holds
 * the right events as the criteria widen and narrow. */
static void test_filter_changes(GameFixture *f, gconstpointer data)
{
    static const CavEventType a[] = {CAV_EVENT_CREATURE_ATTACKED};
    static const CavEventType ab[] = {CAV_EVENT_CREATURE_ATTACKED, CAV_EVENT_CREATURE_MOVED};
    static const CavEventType c[] = {CAV_EVENT_CREATURE_DIED};
    gint32 player = history_last_state(f->history)->player;
    g_autoptr(GString) log = g_string_new(NULL);
    g_autoptr(GPtrArray) summaries = all_summaries(f->history);
    gboolean types[CAV_EVENT_TYPE_COUNT], got[CAV_EVENT_TYPE_COUNT];
    GtkFilter *filter;
    gint32 first, last;
    Filtered fm;

    filtered_init(&fm, f->timeline);
    filter = GTK_FILTER(fm.filter);
    g_signal_connect(filter, "changed", G_CALLBACK(on_filter_changed), log);
    g_assert_cmpint(gtk_filter_get_strictness(filter), ==, GTK_FILTER_MATCH_ALL);
    g_assert_false(cav_timeline_filter_is_active(fm.filter));
    g_assert_true(cav_timeline_filter_get_timeline(fm.filter) == f->timeline);

    /* Types: one, two, another one, the same again, none. */
    choose_types(types, a, G_N_ELEMENTS(a));
    cav_timeline_filter_set_types(fm.filter, types);
    g_assert_cmpint(gtk_filter_get_strictness(filter), ==, GTK_FILTER_MATCH_SOME);
    g_assert_true(cav_timeline_filter_is_active(fm.filter));
    assert_filtered_sql(&fm, f->db, "type = 'CreatureAttacked'");
    choose_types(types, ab, G_N_ELEMENTS(ab));
    cav_timeline_filter_set_types(fm.filter, types);
    cav_timeline_filter_get_types(fm.filter, got);
    g_assert_true(memcmp(got, types, sizeof types) == 0);
    assert_filtered_sql(&fm, f->db, "type IN ('CreatureAttacked', 'CreatureMoved')");
    choose_types(types, a, G_N_ELEMENTS(a));
    cav_timeline_filter_set_types(fm.filter, types);
    assert_filtered_sql(&fm, f->db, "type = 'CreatureAttacked'");
    choose_types(types, c, G_N_ELEMENTS(c));
    cav_timeline_filter_set_types(fm.filter, types);
    cav_timeline_filter_set_types(fm.filter, types);
    assert_filtered_sql(&fm, f->db, "type = 'CreatureDied'");
    cav_timeline_filter_set_types(fm.filter, NULL);
    g_assert_cmpint(gtk_filter_get_strictness(filter), ==, GTK_FILTER_MATCH_ALL);
    g_assert_cmpstr(log->str, ==, "more less more different less");
    g_string_truncate(log, 0);

    /* Turns: set, narrowed, opened at one end, moved, empty, unset. */
    cav_timeline_filter_set_turns(fm.filter, 100, 400);
    assert_filtered_sql(&fm, f->db, "turn BETWEEN 100 AND 400");
    cav_timeline_filter_set_turns(fm.filter, 150, 200);
    assert_filtered_sql(&fm, f->db, "turn BETWEEN 150 AND 200");
    cav_timeline_filter_set_turns(fm.filter, 150, -1);
    assert_filtered_sql(&fm, f->db, "turn >= 150");
    cav_timeline_filter_get_turns(fm.filter, &first, &last);
    g_assert_cmpint(first, ==, 150);
    g_assert_cmpint(last, ==, -1);
    cav_timeline_filter_set_turns(fm.filter, 10, 90);
    assert_filtered_sql(&fm, f->db, "turn BETWEEN 10 AND 90");
    cav_timeline_filter_set_turns(fm.filter, 10, 90);
    cav_timeline_filter_set_turns(fm.filter, 90, 10);
    assert_filtered_sql(&fm, f->db, "0");
    cav_timeline_filter_set_turns(fm.filter, 0, -1);
    g_assert_false(cav_timeline_filter_is_active(fm.filter));
    assert_filtered_sql(&fm, f->db, "1");
    cav_timeline_filter_set_turns(fm.filter, -1, -1);
    g_assert_cmpstr(log->str, ==, "more more less different more less");
    g_string_truncate(log, 0);

    /* An entity: set, another, the same, none. */
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player + 1);
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_CREATURE, player + 1);
    {
        g_autofree char *by = sql_names_creature(player + 1);
        assert_filtered_sql(&fm, f->db, by);
    }
    cav_timeline_filter_set_entity(fm.filter, CAV_REF_NONE, 0);
    assert_filtered_sql(&fm, f->db, "1");
    g_assert_cmpstr(log->str, ==, "more different less");
    g_string_truncate(log, 0);

    /* Text: typed on, deleted back, the same in other case, replaced, cleared. */
    {
        static const char *const steps[] = {"g", "go", "gob", "o", "O", "hit", ""};
        for (guint i = 0; i < G_N_ELEMENTS(steps); i++) {
            g_autoptr(GArray) expected = text_seqs(summaries, steps[i], NULL);
            cav_timeline_filter_set_text(fm.filter, steps[i]);
            assert_filtered(&fm, expected, steps[i]);
        }
    }
    g_assert_cmpint(gtk_filter_get_strictness(filter), ==, GTK_FILTER_MATCH_ALL);
    g_assert_cmpstr(log->str, ==, "more more more less different less");
    filtered_clear(&fm);
}

/* ---- the player's view -------------------------------------------------------- */

/* The summary of the first event of @type, as the timeline shows it. */
static const char *summary_of_first(CavTimeline *timeline, CavEventType type)
{
    History *history = cav_timeline_get_history(timeline);

    for (gint64 seq = 1; seq <= history_length(history); seq++)
        if (history_entry(history, seq)->type == type)
            return cav_timeline_summary(timeline, seq);
    g_assert_not_reached();
}

/* A potion the player carries unknown, then drinks: before, the player's
 * view names it by its look alone (the truth by its kind); after, by kind. */
static void test_player_view(TmpDir *fixture, gconstpointer data)
{
    static const char *const room[] = {"#####", "#.@.#", "#####", NULL};
    g_autofree char *path = tmp_path(fixture, "potion.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(CavTimeline) timeline = NULL;
    g_autoptr(Store) store = NULL;
    g_autofree char *spawned = NULL, *truth = NULL, *assigned = NULL;
    Scenario s;
    gint32 potion;

    scenario_setup_player(&s, room, NULL, 0, 0);
    potion = scenario_item(&s, "potion of health", 1, 0, 0, 0, 1);
    scenario_hurt(&s, 1, 5); /* so that the drink shows */
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_store_play(&s, store, command_item(CMD_QUAFF, potion));
    scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_teardown(&s);
    g_clear_pointer(&store, store_free);

    timeline = open_timeline(path);
    spawned = g_strdup(summary_of_first(timeline, CAV_EVENT_ITEM_SPAWNED));
    assigned = g_strdup(summary_of_first(timeline, CAV_EVENT_APPEARANCE_ASSIGNED));
    g_test_message("player's view: %s / %s", spawned, assigned);
    g_assert_null(strstr(spawned, "health"));
    g_assert_nonnull(strstr(spawned, "potion"));
    g_assert_null(strstr(assigned, "potion of"));
    g_assert_nonnull(strstr(summary_of_first(timeline, CAV_EVENT_ITEM_IDENTIFIED), "health"));
    cav_timeline_set_truth(timeline, TRUE);
    truth = g_strdup(summary_of_first(timeline, CAV_EVENT_ITEM_SPAWNED));
    g_assert_nonnull(strstr(truth, "health"));
    /* The player only ever stood on the first depth. */
    g_assert_cmpint(history_depth_seen(cav_timeline_get_history(timeline), 0), <, G_MAXINT64);
    g_assert_cmpint(history_depth_seen(cav_timeline_get_history(timeline), 1), ==, G_MAXINT64);
}

/* ---- main ----------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    g_unsetenv("CAVELOG_DATA_DIR");
    g_test_init(&argc, &argv, NULL);

#define ADD_GAME(path, turns, func)                                                                \
    g_test_add(path, GameFixture, &(turns), game_setup, func, game_teardown)
#define ADD_TMP(path, func) g_test_add(path, TmpDir, NULL, tmp_dir_setup, func, tmp_dir_teardown)
    ADD_GAME("/inspector/timeline/rows", game_turns, test_timeline_rows);
    ADD_TMP("/inspector/timeline/follow", test_timeline_follow);
    ADD_GAME("/inspector/timeline/unreadable", game_turns, test_timeline_unreadable);
    ADD_GAME("/inspector/timeline/cache-bounded", long_game_turns, test_timeline_cache_bounded);
    ADD_GAME("/inspector/filter/types", game_turns, test_filter_types);
    ADD_GAME("/inspector/filter/turns", game_turns, test_filter_turns);
    ADD_GAME("/inspector/filter/entity", game_turns, test_filter_entity);
    ADD_GAME("/inspector/filter/combined", game_turns, test_filter_combined);
    ADD_GAME("/inspector/filter/text", game_turns, test_filter_text);
    ADD_GAME("/inspector/filter/text-reads-little", game_turns, test_filter_text_reads_little);
    ADD_TMP("/inspector/filter/text-utf8", test_filter_text_utf8);
    ADD_GAME("/inspector/filter/changes", game_turns, test_filter_changes);
    ADD_TMP("/inspector/timeline/player-view", test_player_view);
#undef ADD_GAME
#undef ADD_TMP
    return g_test_run();
}
