/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector.c — the inspector's window and program on a real (virtual)
 * display: the state shown at event N is the fold of the first N events,
 * whichever way the window got there; the scrubber, timeline and keys stay
 * in step; bad files are refused without harm; a live file is followed; and
 * --screenshot renders a PNG whose map is drawn. Run under xvfb-run. */
#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "inspector-testutil.h"
#include "cav-entity-row.h"
#include "cav-event-row.h"
#include "cav-inspector-window.h"
#include "cav-map-view.h"
#include "cav-bookmarks.h"
#include "cav-render.h"
#include "cav-timeline-filter.h"
#include "cav-timeline.h"
#include "game.h"
#include "history.h"
#include "rules.h"
#include "store.h"
#include "testutil.h"
#include "verify.h"
#include "seal.h"
#include "bookmarks.h"
#include "fork.h"

#define SEED 20261
#define TURNS 700

/* ---- fixture: a recorded game and the digest after every event ------------- */

typedef struct {
    TmpDir tmp;
    char *path;
    GArray *digests; /* state_digest after each seq; [0] before any */
    GtkWidget *window;
} Fixture;

static void record_game(Fixture *f, gint32 turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(f->path, SEED, "tester", NULL, &error);

    g_assert_no_error(error);
    for (gint32 t = 0; t < turns && play_bot_turn(session); t++)
        ;
}

static void compute_digests(Fixture *f)
{
    g_autoptr(Game) game = game_new(NULL);

    game_track_view(game, FALSE);
    fold_digests(f->path, game, f->digests, NULL);
}

static void fixture_setup(Fixture *f, gconstpointer data)
{
    tmp_dir_setup(&f->tmp, data);
    f->path = tmp_path(&f->tmp, "game.cavelog");
    f->digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    if (data != NULL) {
        record_game(f, GPOINTER_TO_INT(data));
        compute_digests(f);
    }
}

static void fixture_teardown(Fixture *f, gconstpointer data)
{
    if (f->window != NULL)
        gtk_window_destroy(GTK_WINDOW(f->window));
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_array_unref(f->digests);
    g_free(f->path);
    tmp_dir_teardown(&f->tmp, data);
}

/* ---- driving the window ------------------------------------------------------ */

static gboolean on_timeout(gpointer data)
{
    *(gboolean *) data = TRUE;
    return G_SOURCE_REMOVE;
}

static void on_failed(CavInspectorWindow *window, GError *error, gpointer data)
{
    GError **out = data;

    *out = g_error_copy(error);
}

/* Open the fixture's file in a new headless window and wait until shown. */
static CavInspectorWindow *open_window(Fixture *f)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);
    GError *error = NULL;
    gboolean loaded = FALSE;

    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, TRUE);
    g_signal_connect_swapped(window, "loaded", G_CALLBACK(itest_on_flag), &loaded);
    g_signal_connect(window, "failed", G_CALLBACK(on_failed), &error);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    {
        gboolean timed_out = FALSE;
        guint timeout = g_timeout_add_seconds(ITEST_WAIT_S, on_timeout, &timed_out);

        while (!loaded && error == NULL && !timed_out)
            g_main_context_iteration(NULL, TRUE);
        g_assert_false(timed_out);
        g_source_remove(timeout);
    }
    g_assert_no_error(error);
    g_signal_handlers_disconnect_by_data(window, &loaded);
    g_signal_handlers_disconnect_by_data(window, &error);
    return window;
}

static GtkWidget *find_widget(GtkWidget *root, GType type)
{
    const char *name = type == GTK_TYPE_SCALE         ? "scrubber"
                       : type == GTK_TYPE_COLUMN_VIEW ? "timeline"
                       : type == GTK_TYPE_LIST_VIEW   ? "entity-history"
                       : type == GTK_TYPE_MENU_BUTTON ? "types"
                                                      : NULL;
    GtkWidget *found = itest_find_named(root, type, name);

    g_assert_nonnull(found);
    return found;
}

static void assert_shows(Fixture *f, CavInspectorWindow *window, gint64 seq)
{
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *scale = find_widget(GTK_WIDGET(window), GTK_TYPE_SCALE);

    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
    g_assert_cmpint(history_state(history)->last_seq, ==, seq);
    g_assert_cmphex(state_digest(history_state(history)), ==,
                    g_array_index(f->digests, guint64, seq));
    g_assert_cmpfloat(gtk_range_get_value(GTK_RANGE(scale)), ==, (double) seq);
}

static void activate(CavInspectorWindow *window, const char *action)
{
    g_action_group_activate_action(G_ACTION_GROUP(window), action, NULL);
}

/* The timeline's selected row, as the column view holds it. */
static gint64 selected_seq(CavInspectorWindow *window)
{
    GtkColumnView *view = GTK_COLUMN_VIEW(find_widget(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW));
    GtkSingleSelection *selection = GTK_SINGLE_SELECTION(gtk_column_view_get_model(view));
    CavEventRow *row = gtk_single_selection_get_selected_item(selection);

    return row != NULL ? cav_event_row_get_seq(row) : 0;
}

static void wait_for_row(Fixture *f, CavInspectorWindow *window, gint64 seq);

/* ---- /inspector/window/old-releases ------------------------------------------- */

/* Gunzip tests/data/@name.cavelog.gz over the fixture's file. */
static void unpack_release(Fixture *f, const char *name)
{
    g_autofree char *gz_name = g_strdup_printf("%s.cavelog.gz", name);
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "data", gz_name, NULL);
    gunzip_file(source, f->path);
}

/* Games earlier releases wrote (0.2.0, whose ManaDrawn is of version 1,
 * and 0.3.0) open whole, at their newest event, each state the fold of the
 * events before it. */
static void test_old_releases(Fixture *f, gconstpointer data)
{
    const char *const names[] = {"release-0.2.0-seed-8", "release-0.3.0-seed-8",
                                 "release-0.3.0-seed-11"};

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        CavInspectorWindow *window;

        unpack_release(f, names[i]);
        g_array_set_size(f->digests, 0);
        compute_digests(f);
        window = open_window(f);
        g_assert_cmpint(history_length(cav_inspector_window_get_history(window)), ==,
                        (gint64) f->digests->len - 1);
        assert_shows(f, window, (gint64) f->digests->len - 1);
        activate(window, "first"); /* before any event */
        assert_shows(f, window, 0);
        activate(window, "next-event");
        assert_shows(f, window, 1);
        gtk_window_destroy(GTK_WINDOW(window));
        f->window = NULL;
        while (g_main_context_iteration(NULL, FALSE))
            ;
    }
}

/* ---- /inspector/window/seek ---------------------------------------------------- */

/* Whatever moves the window — the scrubber, a timeline row, the keys'
 * actions — the state shown after event N is the fold of the first N. */
static void test_seek(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    gint64 n = history_length(history);
    GtkWidget *scale = find_widget(GTK_WIDGET(window), GTK_TYPE_SCALE);
    GtkColumnView *view = GTK_COLUMN_VIEW(find_widget(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW));
    GtkSingleSelection *selection = GTK_SINGLE_SELECTION(gtk_column_view_get_model(view));

    g_assert_cmpint(n, ==, (gint64) f->digests->len - 1);
    g_assert_cmpint(n, >, 5000);
    /* It opens at the newest event, and the file is now a recent one. */
    assert_shows(f, window, n);
    {
        g_autoptr(GFile) file = g_file_new_for_path(f->path);
        g_autofree char *uri = g_file_get_uri(file);
        gint64 until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;
        gboolean listed = FALSE;

        /* The manager writes its file, and reads it back, in idles. */
        while (!listed && g_get_monotonic_time() < until) {
            GList *items = gtk_recent_manager_get_items(gtk_recent_manager_get_default());
            for (GList *l = items; l != NULL; l = l->next)
                listed = listed || g_strcmp0(gtk_recent_info_get_uri(l->data), uri) == 0;
            g_list_free_full(items, (GDestroyNotify) gtk_recent_info_unref);
            g_main_context_iteration(NULL, FALSE);
        }
        g_assert_true(listed);
    }
    g_assert_cmpint(selected_seq(window), ==, n);
    g_assert_cmpuint(g_list_model_get_n_items(G_LIST_MODEL(selection)), ==, (guint) n);

    for (gint i = 0; i < 60; i++) {
        gint64 seq = g_test_rand_int_range(0, (gint32) n + 1);

        /* The scrubber, dragged: the timeline follows. */
        gtk_range_set_value(GTK_RANGE(scale), (double) seq);
        assert_shows(f, window, seq);
        g_assert_cmpint(selected_seq(window), ==, seq);

        /* A row chosen in the timeline: the scrubber follows. */
        seq = g_test_rand_int_range(1, (gint32) n + 1);
        gtk_single_selection_set_selected(selection, (guint) seq - 1);
        assert_shows(f, window, seq);

        /* The keys, forward and back. */
        activate(window, "next-event");
        assert_shows(f, window, MIN(seq + 1, n));
        activate(window, "prev-event");
        activate(window, "prev-event");
        assert_shows(f, window, MAX(MIN(seq + 1, n) - 2, 0));
    }

    /* The detail of a blow: its payload, the creature it names as a link,
     * and the events it caused (the death it led to, when it killed). */
    for (gint64 seq = 1; seq <= n; seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        g_autoptr(GArray) caused = NULL;
        GtkLabel *detail;
        const char *text;

        if (entry->type != CAV_EVENT_CREATURE_DIED || entry->cause == 0)
            continue;
        cav_inspector_window_show_event(window, entry->cause);
        detail = GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "detail"));
        text = gtk_label_get_label(detail); /* the markup */
        g_assert_nonnull(strstr(text, "CreatureAttacked"));
        g_assert_nonnull(strstr(text, "damage"));
        g_assert_nonnull(strstr(text, "href=\"creature:"));
        caused = history_caused(history, entry->cause);
        g_assert_cmpuint(caused->len, >, 0);
        {
            g_autofree char *link = g_strdup_printf("seq:%" G_GINT64_FORMAT, seq);
            g_autofree char *href = g_strdup_printf("href=\"%s\"", link);
            gboolean handled = FALSE;

            g_assert_nonnull(strstr(text, href));
            /* Following the link shows the death. */
            g_signal_emit_by_name(detail, "activate-link", link, &handled);
            g_assert_true(handled);
            assert_shows(f, window, seq);
        }
        break;
    }

    /* A turn at a time: the first event of the next turn, then back. */
    cav_inspector_window_show_event(window, history_turn_start(history, 10) + 2);
    activate(window, "next-turn");
    assert_shows(f, window, history_turn_start(history, 11));
    activate(window, "prev-turn");
    assert_shows(f, window, history_turn_start(history, 10));
    activate(window, "prev-turn");
    assert_shows(f, window, history_turn_start(history, 9));
    activate(window, "first");
    assert_shows(f, window, 0);
    activate(window, "last");
    assert_shows(f, window, n);
}

/* With a filter, the keys step between matching events only, and the
 * timeline holds exactly those. */
static void test_filtered_steps(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GListModel *timeline = cav_inspector_window_get_timeline(window);
    GtkWidget *types = find_widget(GTK_WIDGET(window), GTK_TYPE_MENU_BUTTON);
    g_autoptr(GArray) died = g_array_new(FALSE, FALSE, sizeof(gint64));
    GtkWidget *popover = GTK_WIDGET(gtk_menu_button_get_popover(GTK_MENU_BUTTON(types)));
    GtkWidget *check = NULL;

    for (gint64 seq = 1; seq <= history_length(history); seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_DIED)
            g_array_append_val(died, seq);
    g_assert_cmpuint(died->len, >=, 3);

    /* Tick "CreatureDied" in the types popover, as a person would. */
    (void) types;
    for (GtkWidget *w = find_widget(popover, GTK_TYPE_CHECK_BUTTON); w != NULL;
         w = gtk_widget_get_next_sibling(w))
        if (g_strcmp0(gtk_check_button_get_label(GTK_CHECK_BUTTON(w)), "CreatureDied") == 0)
            check = w;
    g_assert_nonnull(check);
    gtk_check_button_set_active(GTK_CHECK_BUTTON(check), TRUE);
    while (gtk_filter_list_model_get_pending(GTK_FILTER_LIST_MODEL(timeline)) > 0)
        g_main_context_iteration(NULL, TRUE);
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, died->len);

    activate(window, "first");
    assert_shows(f, window, g_array_index(died, gint64, 0));
    for (guint i = 1; i < died->len; i++) {
        activate(window, "next-event");
        assert_shows(f, window, g_array_index(died, gint64, i));
        g_assert_cmpint(selected_seq(window), ==, g_array_index(died, gint64, i));
    }
    activate(window, "next-event"); /* past the last: stays */
    assert_shows(f, window, g_array_index(died, gint64, died->len - 1));
    activate(window, "prev-event");
    assert_shows(f, window, g_array_index(died, gint64, died->len - 2));
    /* The scrubber between two matches shows that event; the timeline marks
     * the match before it. */
    gtk_range_set_value(GTK_RANGE(find_widget(GTK_WIDGET(window), GTK_TYPE_SCALE)),
                        (double) g_array_index(died, gint64, 1) + 1);
    assert_shows(f, window, g_array_index(died, gint64, 1) + 1);
    g_assert_cmpint(selected_seq(window), ==, g_array_index(died, gint64, 1));
}

/* Clicking a creature on the map selects it: its history is every event
 * that names it. */
static void test_entity_history(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMapView *map = CAV_MAP_VIEW(find_widget(GTK_WIDGET(window), CAV_TYPE_MAP_VIEW));
    GtkListView *list = GTK_LIST_VIEW(find_widget(GTK_WIDGET(window), GTK_TYPE_LIST_VIEW));
    GListModel *events;
    const CavCreature *player;
    guint expected = 0;

    /* Mid-game, where the player stands. */
    cav_inspector_window_show_event(window, history_length(history) / 2);
    player = state_player(history_state(history));
    g_assert_nonnull(player);
    g_signal_emit_by_name(map, "cell-clicked", player->x, player->y);
    events = G_LIST_MODEL(gtk_list_view_get_model(list));
    while (gtk_filter_list_model_get_pending(GTK_FILTER_LIST_MODEL(
               gtk_single_selection_get_model(GTK_SINGLE_SELECTION(events)))) > 0)
        g_main_context_iteration(NULL, TRUE);
    for (gint64 seq = 1; seq <= history_length(history); seq++)
        expected += history_entry_names(history_entry(history, seq), CAV_REF_CREATURE, player->id);
    g_assert_cmpuint(expected, >, 100);
    g_assert_cmpuint(g_list_model_get_n_items(events), ==, expected);
    for (guint i = 0; i < expected; i += 37) {
        g_autoptr(CavEventRow) row = g_list_model_get_item(events, i);
        g_assert_true(history_entry_names(history_entry(history, cav_event_row_get_seq(row)),
                                          CAV_REF_CREATURE, player->id));
    }
    itest_save_shot(GTK_WIDGET(f->window), "entities.png");
    /* "Filter timeline" narrows the main timeline to the same events. */
    g_action_group_activate_action(G_ACTION_GROUP(window), "filter-entity", NULL);
    while (gtk_filter_list_model_get_pending(
               GTK_FILTER_LIST_MODEL(cav_inspector_window_get_timeline(window))) > 0)
        g_main_context_iteration(NULL, TRUE);
    g_assert_cmpuint(g_list_model_get_n_items(cav_inspector_window_get_timeline(window)), ==,
                     expected);
}

/* The keys of DESIGN.md and the README reach the window's actions. */
static void test_keys(Fixture *f, gconstpointer data)
{
    static const char *const expected[][2] = {
        {"Right", "win.next-event"},
        {"Left", "win.prev-event"},
        {"<Shift>Right", "win.next-turn"},
        {"<Shift>Left", "win.prev-turn"},
        {"Home", "win.first"},
        {"End", "win.last"},
        {"space", "win.play"},
        {"f", "win.follow"},
        {"t", "win.truth"},
        {"b", "win.bookmark"},
    };
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    GtkWidget *map = itest_find_named(GTK_WIDGET(window), CAV_TYPE_MAP_VIEW, NULL);
    g_autoptr(GHashTable) found = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);

    f->window = GTK_WIDGET(window);
    /* Every controller on the map's ancestors, as a key press would meet them. */
    for (GtkWidget *w = map; w != NULL; w = gtk_widget_get_parent(w)) {
        g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(w);
        for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
            g_autoptr(GObject) controller = g_list_model_get_item(controllers, i);
            if (!GTK_IS_SHORTCUT_CONTROLLER(controller))
                continue;
            for (guint j = 0; j < g_list_model_get_n_items(G_LIST_MODEL(controller)); j++) {
                g_autoptr(GtkShortcut) shortcut =
                    g_list_model_get_item(G_LIST_MODEL(controller), j);
                GtkShortcutAction *action = gtk_shortcut_get_action(shortcut);
                if (GTK_IS_NAMED_ACTION(action))
                    g_hash_table_insert(
                        found, gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut)),
                        g_strdup(gtk_named_action_get_action_name(GTK_NAMED_ACTION(action))));
            }
        }
    }
    for (guint i = 0; i < G_N_ELEMENTS(expected); i++) {
        g_autoptr(GtkShortcutTrigger) trigger = gtk_shortcut_trigger_parse_string(expected[i][0]);
        g_autofree char *key = gtk_shortcut_trigger_to_string(trigger);
        const char *name = expected[i][1] + strlen("win.");

        g_assert_cmpstr(g_hash_table_lookup(found, key), ==, expected[i][1]);
        g_assert_true(g_action_group_has_action(G_ACTION_GROUP(window), name));
    }
}

/* The level selector shows another level; "Player's Level" follows them. */
static void test_levels(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMapView *map = CAV_MAP_VIEW(itest_find_named(GTK_WIDGET(window), CAV_TYPE_MAP_VIEW, NULL));
    GtkDropDown *levels =
        GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(window), GTK_TYPE_DROP_DOWN, NULL));
    gint64 deeper = 0;

    g_assert_cmpint(cav_map_view_get_level(map), ==, state_player(history_state(history))->z);
    /* the truth lists every depth (the player's view only those stood on) */
    g_action_group_change_action_state(G_ACTION_GROUP(window), "truth",
                                       g_variant_new_boolean(TRUE));
    gtk_drop_down_set_selected(levels, 3);
    g_assert_cmpint(cav_map_view_get_level(map), ==, 2);
    activate(window, "first");
    g_assert_cmpint(cav_map_view_get_level(map), ==, 2);
    gtk_drop_down_set_selected(levels, 0);
    for (gint64 seq = 1; seq <= history_length(history) && deeper == 0; seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_TOOK_STAIRS &&
            history_entry(history, seq)->actor == state_player(history_last_state(history))->id)
            deeper = seq;
    g_assert_cmpint(deeper, >, 0);
    cav_inspector_window_show_event(window, deeper);
    g_assert_cmpint(cav_map_view_get_level(map), ==, state_player(history_state(history))->z);
    g_assert_cmpint(cav_map_view_get_level(map), !=, 0);
}

/* ---- effects and potions ----------------------------------------------------- */

#define PLAN_GAMES 40   /* new games tried for one that has what a test needs */
#define POTION_WALK 400 /* turns the player may take to dig and walk to an item */
#define TICKS_IN 5      /* the effect is looked at after this many turns of it */

/* Items a plan sends the player for. */
typedef gboolean (*Wanted)(const CavState *state, const CavItem *item);

/* A potion whose effect lasts a while, but not long. */
static gboolean lasting_potion(const CavState *state, const CavItem *item)
{
    const CavPotionLook *look = state_look_of_kind(state, item->type);

    return look != NULL && look->spec.duration > TICKS_IN + 1 && look->spec.duration <= 30;
}

static gboolean is_rock(const CavState *state, const CavItem *item)
{
    return strcmp(item->type, "rock") == 0;
}

static gboolean is_launcher(const CavState *state, const CavItem *item)
{
    return item->ranged > 0 && (item->features & (1u << CAV_FEATURE_WIELD));
}

typedef gint32 Steps[CAV_HEIGHT][CAV_WIDTH];

/* Steps from every cell of level @z to (tx, ty): a breadth-first search over
 * the eight directions, through walls too (a step into one digs it). */
static void steps_to(const CavState *state, gint32 z, gint32 tx, gint32 ty, Steps steps)
{
    g_autoptr(GArray) queue = g_array_new(FALSE, FALSE, sizeof(gint32));

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            steps[y][x] = -1;
    steps[ty][tx] = 0;
    g_array_append_val(queue, (gint32){ty * CAV_WIDTH + tx});
    for (guint head = 0; head < queue->len; head++) {
        gint32 cell = g_array_index(queue, gint32, head), cx = cell % CAV_WIDTH,
               cy = cell / CAV_WIDTH;
        for (gint32 dy = -1; dy <= 1; dy++)
            for (gint32 dx = -1; dx <= 1; dx++) {
                gint32 x = cx + dx, y = cy + dy;
                CavTile tile = state_tile(state, z, x, y);
                if (tile == TILE_OUTSIDE || steps[y][x] >= 0)
                    continue;
                steps[y][x] = steps[cy][cx] + 1;
                g_array_append_val(queue, (gint32){y * CAV_WIDTH + x});
            }
    }
}

/* The nearest item on the player's level lying on the floor that @wanted
 * wants, by steps (digging included), or NULL. */
static const CavItem *nearest(const CavState *state, Wanted wanted)
{
    const CavCreature *player = state_player(state);
    g_autofree Steps *steps = g_new(Steps, 1);
    const CavItem *found = NULL;
    gint32 best = G_MAXINT32;

    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);
        if (item == NULL || item->count <= 0 || item->holder != 0 || item->z != player->z ||
            !wanted(state, item))
            continue;
        steps_to(state, item->z, item->x, item->y, *steps);
        if ((*steps)[player->y][player->x] >= 0 && (*steps)[player->y][player->x] < best) {
            best = (*steps)[player->y][player->x];
            found = item;
        }
    }
    return found;
}

/* Play @command, or wait should the game refuse it; TRUE while the game goes on. */
static gboolean play(Session *session, CavCommand command)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *why = NULL;

    g_assert_true(session_play(session, &command, &why, &error));
    g_assert_no_error(error);
    if (why != NULL) {
        CavCommand wait = command_simple(CMD_WAIT);
        g_assert_true(session_play(session, &wait, NULL, &error));
    }
    return session_state(session)->outcome == OUTCOME_PLAYING;
}

/* The player's pack item of @type, or 0. */
static gint32 carried(const CavState *state, const char *type)
{
    const CavCreature *p = state_player(state);

    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, p->pack[i]);
        if (item != NULL && item->count > 0 && strcmp(item->type, type) == 0)
            return item->id;
    }
    return 0;
}

/* Walk the player to the nearest item @wanted wants, pick it up, and
 * return its id in the pack (0 when that failed). */
static gint32 fetch(Session *session, Wanted wanted)
{
    g_autofree Steps *steps = g_new(Steps, 1);
    const CavState *state = session_state(session);
    const CavItem *item = nearest(state, wanted);
    gint32 tx, ty;
    char type[CAV_NAME_MAX];

    if (item == NULL)
        return 0;
    tx = item->x;
    ty = item->y;
    g_strlcpy(type, item->type, sizeof type);
    steps_to(state, state_player(state)->z, tx, ty, *steps);
    for (gint t = 0; t < POTION_WALK; t++) {
        const CavCreature *p = state_player(state);
        CavCommand step = command_simple(CMD_WAIT);

        if (p->x == tx && p->y == ty)
            return play(session, command_simple(CMD_PICKUP)) ? carried(state, type) : 0;
        for (gint32 dy = -1; dy <= 1; dy++)
            for (gint32 dx = -1; dx <= 1; dx++) {
                gint32 s = state_tile(state, p->z, p->x + dx, p->y + dy) != TILE_OUTSIDE
                               ? (*steps)[p->y + dy][p->x + dx]
                               : -1;
                if (s >= 0 && s < (*steps)[p->y][p->x])
                    step = command_move(dx, dy);
            }
        if (!play(session, step))
            return 0;
    }
    return 0;
}

/* A plan for a game: TRUE when the player did what the test needs. */
typedef gboolean (*Plan)(Session *session);

/* Record a game at the fixture's path by @plan, trying new games until one
 * lets the player do it (has what it needs in reach, and the player lives). */
static void record_planned(Fixture *f, Plan plan, const char *what)
{
    for (gint64 seed = SEED; seed < SEED + PLAN_GAMES; seed++) {
        g_autoptr(GError) error = NULL;
        Session *session = session_new_game(f->path, seed, "tester", NULL, &error);
        gboolean done;

        g_assert_no_error(error);
        done = plan(session);
        session_free(session);
        if (done)
            return;
        g_test_message("seed %" G_GINT64_FORMAT ": the player could not %s", seed, what);
        remove_tree(f->path);
    }
    g_error("in none of %d games could the player %s", PLAN_GAMES, what);
}

/* The player walks to a potion whose effect lasts, drinks it, and waits
 * until it wears off. */
static gboolean drink_plan(Session *session)
{
    gint32 potion = fetch(session, lasting_potion), duration;
    const CavItem *item = state_item(session_state(session), potion);

    if (potion == 0)
        return FALSE;
    duration = state_look_of_kind(session_state(session), item->type)->spec.duration;
    if (!play(session, command_item(CMD_QUAFF, potion)))
        return FALSE;
    for (gint32 t = 0; t < duration + 2; t++)
        if (!play(session, command_simple(CMD_WAIT)))
            return FALSE;
    return TRUE;
}

/* A cell the player may aim at, a creature's if there is one in aim. */
static gboolean aim(const CavState *state, gint32 *ax, gint32 *ay)
{
    const CavCreature *p = state_player(state);
    gboolean found = FALSE;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++) {
            if (!rules_can_aim(state, p, x, y) || (found && !state_creature_at(state, p->z, x, y)))
                continue;
            *ax = x;
            *ay = y;
            found = TRUE;
        }
    return found;
}

/* The player fetches a ranged weapon and wields it, fetches a rock, and
 * fires the weapon and throws the rock. */
static gboolean missiles_plan(Session *session)
{
    const CavState *state = session_state(session);
    gint32 launcher = fetch(session, is_launcher), rock, x = 0, y = 0;

    if (launcher == 0 || !play(session, command_item(CMD_EQUIP, launcher)) ||
        state_player(state)->weapon != launcher || (rock = fetch(session, is_rock)) == 0)
        return FALSE;
    return aim(state, &x, &y) && play(session, command_fire(x, y)) && aim(state, &x, &y) &&
           play(session, command_throw(rock, x, y));
}

/* Where the drink shows in the file. */
typedef struct {
    CavEvent started; /* EffectStarted */
    gint64 picked;    /* seq of the player's ItemPickedUp of the potion */
    gint64 learned;   /* seq of the ItemIdentified */
    gint64 tick;      /* seq of the TICKS_IN-th EffectsTicked after the start */
    gint64 ended;     /* seq of its EffectEnded */
} Drink;

static const CavEvent *event_at(History *history, gint64 seq, GArray *scratch)
{
    g_autoptr(GError) error = NULL;

    g_array_set_size(scratch, 0);
    g_assert_true(history_read(history, seq, seq, scratch, &error));
    g_assert_no_error(error);
    return &g_array_index(scratch, CavEvent, 0);
}

static void find_drink(History *history, Drink *drink)
{
    g_autoptr(GArray) scratch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint32 player = history_last_state(history)->player, ticks = 0;

    memset(drink, 0, sizeof *drink);
    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        const CavEvent *event;

        if (entry->type == CAV_EVENT_ITEM_PICKED_UP && entry->actor == player)
            drink->picked = seq;
        if (entry->type == CAV_EVENT_EFFECT_STARTED && drink->started.seq == 0)
            drink->started = *event_at(history, seq, scratch);
        if (entry->type == CAV_EVENT_ITEM_IDENTIFIED)
            drink->learned = seq;
        if (drink->started.seq == 0 || drink->ended != 0)
            continue;
        event = event_at(history, seq, scratch);
        if (entry->type == CAV_EVENT_EFFECTS_TICKED && ++ticks == TICKS_IN)
            drink->tick = seq;
        if (entry->type == CAV_EVENT_EFFECT_ENDED &&
            event->as.EffectEnded.effect == drink->started.as.EffectStarted.effect)
            drink->ended = seq;
    }
    g_assert_cmpint(drink->started.as.EffectStarted.creature, ==, player);
    g_assert_cmpint(drink->picked, >, 0);
    g_assert_cmpint(drink->picked, <, drink->started.seq);
    g_assert_cmpint(drink->learned, >, drink->started.seq);
    g_assert_cmpint(drink->tick, >, drink->learned);
    g_assert_cmpint(drink->ended, >, drink->tick);
}

/* The name the entity list gives entity @id of @kind, or NULL when not listed. */
static const char *listed_name(CavInspectorWindow *window, CavRefKind kind, gint32 id)
{
    GtkColumnView *view =
        GTK_COLUMN_VIEW(itest_find_named(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW, "entities"));
    GListModel *rows = G_LIST_MODEL(gtk_column_view_get_model(view));

    for (guint i = 0; i < g_list_model_get_n_items(rows); i++) {
        g_autoptr(CavEntityRow) row = g_list_model_get_item(rows, i);
        if (cav_entity_row_get_kind(row) == kind && cav_entity_row_get_id(row) == id)
            return cav_entity_row_get_name(row);
    }
    return NULL;
}

static void click_link(CavInspectorWindow *window, const char *label_name, const char *uri)
{
    GtkWidget *label = itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, label_name);
    gboolean handled = FALSE;

    g_signal_emit_by_name(label, "activate-link", uri, &handled);
    g_assert_true(handled);
}

static const char *entity_text(CavInspectorWindow *window)
{
    return gtk_label_get_text(
        GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "entity-detail")));
}

static void assert_contains(const char *text, const char *part)
{
    if (strstr(text, part) == NULL)
        g_error("“%s” is not in:\n%s", part, text);
}

static void assert_lacks(const char *text, const char *part)
{
    if (strstr(text, part) != NULL)
        g_error("“%s” should not be in:\n%s", part, text);
}

/* The potion drunk is named by its look until the player learned it, and
 * with its kind too in the truth; the events of the drink link to it. */
static void test_potion_names(CavInspectorWindow *window, const Drink *drink,
                              const CavPotionLook *look)
{
    const CavEvEffectStarted *e = &drink->started.as.EffectStarted;
    g_autofree char *unknown = g_strdup_printf("%s potion %d", look->appearance, e->item);
    g_autofree char *truth =
        g_strdup_printf("%s potion (%s) %d", look->appearance, look->kind, e->item);
    g_autofree char *learned = g_strdup_printf("%s %d", look->kind, e->item);
    g_autofree char *item_uri = g_strdup_printf("item:%d", e->item);
    g_autofree char *item_link = g_strdup_printf("href=\"%s\"", item_uri);
    g_autofree char *creature_link = g_strdup_printf("href=\"creature:%d\"", e->creature);
    const char *markup;

    /* Carried, not yet drunk: the player's view knows only its look. */
    cav_inspector_window_show_event(window, drink->picked);
    cav_inspector_window_select_entity(window, CAV_REF_ITEM, e->item);
    assert_contains(entity_text(window), unknown);
    assert_lacks(entity_text(window), look->kind);
    g_assert_cmpstr(listed_name(window, CAV_REF_ITEM, e->item), ==, unknown);
    activate(window, "truth");
    assert_contains(entity_text(window), truth);
    assert_contains(entity_text(window), "Drinking it: ");
    g_assert_cmpstr(listed_name(window, CAV_REF_ITEM, e->item), ==, truth);
    activate(window, "truth");
    g_assert_cmpstr(listed_name(window, CAV_REF_ITEM, e->item), ==, unknown);

    /* Its EffectStarted names the drinker and the potion, as links that work. */
    cav_inspector_window_show_event(window, drink->started.seq);
    markup = gtk_label_get_label(
        GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "detail")));
    assert_contains(markup, item_link);
    assert_contains(markup, creature_link);
    assert_contains(markup, unknown);
    click_link(window, "detail", item_uri);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, drink->started.seq);
    assert_contains(entity_text(window), unknown);

    /* Once drunk, the player knows it by its kind. */
    cav_inspector_window_show_event(window, drink->learned);
    assert_contains(entity_text(window), learned);
    assert_lacks(entity_text(window), unknown);
}

/* The player drank a potion whose effect lasts: the entity panel lists it
 * with its turns left while it works (counted here from the file's ticks),
 * the stats it changes, and the look the player learned; once it ended it
 * is gone. */
static void test_effects(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window;
    History *history;
    Drink drink;
    const CavEvEffectStarted *e;
    g_autofree char *working = NULL, *left = NULL, *known = NULL;
    const CavPotionLook *look;
    const CavItem *item;
    const char *name;

    record_planned(f, drink_plan, "drink a potion that lasts and live");
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    find_drink(history, &drink);
    e = &drink.started.as.EffectStarted;
    item = state_item(history_last_state(history), e->item);
    g_assert_nonnull(item);
    look = state_look_of_kind(history_last_state(history), item->type);
    g_assert_nonnull(look);
    g_test_message("effect %d \"%s\" on %d from item %d, duration %d; seqs %" G_GINT64_FORMAT
                   " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                   " %" G_GINT64_FORMAT,
                   e->effect, e->name, e->creature, e->item, e->duration, drink.picked,
                   drink.started.seq, drink.learned, drink.tick, drink.ended);
    /* Effects are recorded without their name for now: the panel says the potion's kind. */
    name = e->name[0] != '\0' ? e->name : look->kind;
    working = g_strdup_printf("%s — ", name);
    left = g_strdup_printf("%s — %d turns left, ", name, e->duration - TICKS_IN);
    known = g_strdup_printf("%s → %s", look->appearance, look->kind);

    cav_inspector_window_show_event(window, drink.started.seq - 1);
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, e->creature);
    assert_lacks(entity_text(window), working);
    assert_contains(entity_text(window), "Effects none");
    assert_contains(entity_text(window), "Knows no potions");

    cav_inspector_window_show_event(window, drink.tick);
    assert_contains(entity_text(window), left);
    assert_contains(entity_text(window), known);
    if (e->turn_hp != 0) {
        g_autofree char *per_turn =
            g_strdup_printf("%s%d hp a turn", e->turn_hp < 0 ? "−" : "+", ABS(e->turn_hp));
        assert_contains(entity_text(window), per_turn);
    }
    if (e->attack != 0) {
        g_autofree char *stat = g_strdup_printf("(effects: +%d attack", e->attack);
        assert_contains(entity_text(window), stat);
    }
    itest_save_shot(GTK_WIDGET(f->window), "effects.png");

    cav_inspector_window_show_event(window, drink.ended);
    assert_lacks(entity_text(window), working);
    assert_contains(entity_text(window), "Effects none");
    assert_contains(entity_text(window), known);
    test_potion_names(window, &drink, look);
}

/* The seq of the first event of @type, or 0. */
static gint64 first_of(History *history, CavEventType type)
{
    for (gint64 seq = 1; seq <= history_length(history); seq++)
        if (history_entry(history, seq)->type == type)
            return seq;
    return 0;
}

/* The detail of event @seq links every entity its payload names, and a
 * click on the link of @field shows that entity, named @name. */
static void assert_links(CavInspectorWindow *window, gint64 seq, const char *field,
                         const char *name)
{
    History *history = cav_inspector_window_get_history(window);
    g_autoptr(GArray) scratch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    const CavEvent *event = event_at(history, seq, scratch);
    CavRef refs[8];
    guint n = ev_refs(event, refs, G_N_ELEMENTS(refs));
    const char *markup;
    g_autofree char *uri = NULL;

    cav_inspector_window_show_event(window, seq);
    markup = gtk_label_get_label(
        GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "detail")));
    for (guint i = 0; i < n; i++) {
        g_autofree char *link = g_strdup_printf(
            "href=\"%s:%d\"", refs[i].kind == CAV_REF_ITEM ? "item" : "creature", refs[i].id);
        assert_contains(markup, link);
        if (strcmp(refs[i].field, field) == 0)
            uri = g_strdup_printf("%s:%d", refs[i].kind == CAV_REF_ITEM ? "item" : "creature",
                                  refs[i].id);
    }
    g_assert_nonnull(uri);
    click_link(window, "detail", uri);
    assert_contains(entity_text(window), name);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

/* A shot and a throw: their events link the shooter, the weapon (ShotFired
 * names it in "item"), the missile and whoever was hit; the entity panel
 * then shows the weapon in the shooter's hands and the rock where it fell. */
static void test_missiles(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window;
    History *history;
    g_autoptr(GArray) scratch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint64 fired, thrown;
    CavEvShotFired shot;
    CavEvItemThrown throw;
    g_autofree char *weapon = NULL, *fell = NULL;

    record_planned(f, missiles_plan, "fire a ranged weapon and throw a rock");
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    fired = first_of(history, CAV_EVENT_SHOT_FIRED);
    thrown = first_of(history, CAV_EVENT_ITEM_THROWN);
    g_assert_cmpint(fired, >, 0);
    g_assert_cmpint(thrown, >, fired);
    shot = event_at(history, fired, scratch)->as.ShotFired;
    throw = event_at(history, thrown, scratch)->as.ItemThrown;
    g_assert_cmpint(shot.item, !=, 0);
    g_assert_true(history_entry_names(history_entry(history, fired), CAV_REF_ITEM, shot.item));

    weapon = g_strdup_printf("%s %d", history_kind(history, CAV_REF_ITEM, shot.item), shot.item);
    assert_links(window, fired, "item", weapon);
    assert_contains(entity_text(window), "carried by you");
    itest_save_shot(GTK_WIDGET(f->window), "shot.png");

    fell = g_strdup_printf("depth %d (%d,%d)", throw.z + 1, throw.x, throw.y);
    assert_links(window, thrown, throw.split != 0 ? "split" : "item", "rock");
    assert_contains(entity_text(window), fell);
    assert_links(window, thrown, "creature", "you — player");
    itest_save_shot(GTK_WIDGET(f->window), "throw.png");
}

/* ---- bad files ----------------------------------------------------------------- */

static void expect_refused(const char *path, gint code)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) error = NULL;
    g_autofree char *before = NULL, *after = NULL;
    gsize before_len = 0, after_len = 0;

    g_file_get_contents(path, &before, &before_len, NULL);
    cav_inspector_window_set_headless(window, TRUE);
    g_signal_connect(window, "failed", G_CALLBACK(on_failed), &error);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    while (error == NULL)
        g_main_context_iteration(NULL, TRUE);
    g_assert_error(error, STORE_ERROR, code);
    g_assert_false(cav_inspector_window_is_loaded(window));
    g_assert_null(cav_inspector_window_get_file(window));
    g_file_get_contents(path, &after, &after_len, NULL);
    g_assert_cmpmem(before, before_len, after, after_len);
    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_bad_files(Fixture *f, gconstpointer data)
{
    g_autofree char *text = tmp_path(&f->tmp, "notes.cavelog");
    g_autofree char *missing = tmp_path(&f->tmp, "missing.cavelog");
    sqlite3 *db;

    g_assert_true(g_file_set_contents(text, "not a game at all\n", -1, NULL));
    expect_refused(text, STORE_ERROR_NOT_A_GAME);
    expect_refused(missing, STORE_ERROR_NOT_FOUND);
    /* Tampered: an event's payload changed after the fact. */
    record_game(f, 40);
    g_assert_cmpint(sqlite3_open_v2(f->path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "UPDATE events SET payload = json_set(payload, '$.x', 2)"
                                 " WHERE seq = (SELECT max(seq) FROM events"
                                 " WHERE type = 'CreatureMoved')",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    sqlite3_close(db);
    expect_refused(f->path, STORE_ERROR_TAMPERED);
    /* Written by a newer cavelog. */
    g_assert_cmpint(sqlite3_open_v2(f->path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close(db);
    expect_refused(f->path, STORE_ERROR_NEWER);
}

/* The AdwMessageDialog over @window, waited for. */
static AdwMessageDialog *wait_for_dialog(CavInspectorWindow *window)
{
    gint64 until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;

    while (g_get_monotonic_time() < until) {
        GListModel *toplevels = gtk_window_get_toplevels(); /* GTK's own */
        g_main_context_iteration(NULL, FALSE);
        for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
            g_autoptr(GtkWidget) w = g_list_model_get_item(toplevels, i);
            if (ADW_IS_MESSAGE_DIALOG(w) &&
                gtk_window_get_transient_for(GTK_WINDOW(w)) == GTK_WINDOW(window))
                return ADW_MESSAGE_DIALOG(w);
        }
    }
    g_assert_not_reached();
}

/* The window's page ("empty", "error", "game"…). */
static const char *page_shown(CavInspectorWindow *window)
{
    return gtk_stack_get_visible_child_name(
        GTK_STACK(itest_find_named(GTK_WIDGET(window), GTK_TYPE_STACK, "pages")));
}

/* With a person at the window, a bad file opened in an empty window is a
 * status page saying what is wrong, in a window that goes on working; over
 * a game shown, it is a dialog, and the game stays. */
static void test_error_dialog(Fixture *f, gconstpointer data)
{
    g_autofree char *bad = tmp_path(&f->tmp, "broken.cavelog");
    g_autoptr(GFile) file = g_file_new_for_path(bad);
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    AdwStatusPage *page;
    AdwMessageDialog *dialog;
    gint64 until = g_get_monotonic_time() + ITEST_WAIT_S * G_USEC_PER_SEC;

    f->window = GTK_WIDGET(window);
    g_assert_true(g_file_set_contents(bad, "SQLite format 3\0garbage", 24, NULL));
    gtk_window_present(GTK_WINDOW(window));
    g_assert_cmpstr(page_shown(window), ==, "empty");
    cav_inspector_window_open(window, file);
    while (g_strcmp0(page_shown(window), "error") != 0 && g_get_monotonic_time() < until)
        g_main_context_iteration(NULL, TRUE);
    g_assert_cmpstr(page_shown(window), ==, "error");
    page =
        ADW_STATUS_PAGE(itest_find_named(GTK_WIDGET(window), ADW_TYPE_STATUS_PAGE, "error-page"));
    g_assert_nonnull(strstr(adw_status_page_get_title(page), "broken.cavelog"));
    g_assert_nonnull(strstr(adw_status_page_get_description(page), "broken.cavelog"));
    g_assert_null(strchr(adw_status_page_get_description(page), '\n'));
    g_assert_false(cav_inspector_window_is_loaded(window));
    itest_save_shot(GTK_WIDGET(f->window), "error-page.png");
    /* The window still opens a good file afterwards. */
    record_game(f, 20);
    gtk_window_destroy(GTK_WINDOW(window));
    f->window = NULL;
    window = open_window(f);
    cav_inspector_window_set_headless(window, FALSE);
    /* Over the game, the bad file is a dialog, and the game stays. */
    cav_inspector_window_open(window, file);
    dialog = wait_for_dialog(window);
    g_assert_nonnull(strstr(adw_message_dialog_get_body(dialog), "broken.cavelog"));
    g_assert_true(cav_inspector_window_is_loaded(window));
    g_assert_cmpstr(page_shown(window), ==, "game");
    {
        const char *dir = g_getenv("CAVELOG_TEST_SHOTS");
        gint64 settle = g_get_monotonic_time() + G_USEC_PER_SEC / 2;
        while (g_get_monotonic_time() < settle)
            g_main_context_iteration(NULL, FALSE);
        if (dir != NULL) {
            g_autofree char *path = g_build_filename(dir, "error-dialog.png", NULL);
            cav_render_widget_png(GTK_WIDGET(dialog), path, NULL);
        }
    }
    gtk_window_destroy(GTK_WINDOW(dialog));
}

/* ---- following a live file ------------------------------------------------------- */

static void test_follow(Fixture *f, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(f->path, SEED + 2, "tester", NULL, &error);
    CavInspectorWindow *window;
    History *history;
    gint64 before;
    gint64 start;
    EventWait newest;

    g_assert_no_error(error);
    for (gint t = 0; t < 30; t++)
        play_bot_turn(session);
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    activate(window, "follow");
    before = history_length(history);
    for (gint t = 0; t < 20; t++)
        play_bot_turn(session);
    g_assert_cmpint(session_state(session)->last_seq, >, before);
    /* New events appear (at the window's next poll, a quarter of a second
     * on an idle machine; a loaded one may take longer, so no clock bound
     * here), and follow shows the newest. */
    start = g_get_monotonic_time();
    newest = (EventWait){window, session_state(session)->last_seq};
    g_assert_true(itest_wait_until(itest_shows_event, &newest));
    g_test_message("caught up in %.2f s", (g_get_monotonic_time() - start) / 1e6);
    g_assert_cmphex(state_digest(history_state(history)), ==, state_digest(session_state(session)));
    g_assert_cmpuint(g_list_model_get_n_items(cav_inspector_window_get_timeline(window)), ==,
                     (guint) session_state(session)->last_seq);
    /* The timeline keeps up: the newest row is selected and in view. */
    wait_for_row(f, window, session_state(session)->last_seq);
    /* Moving away stops following; the list still grows. */
    activate(window, "first");
    g_assert_false(
        g_variant_get_boolean(g_action_group_get_action_state(G_ACTION_GROUP(window), "follow")));
}

/* ---- screenshots ---------------------------------------------------------------- */

/* Pixels of @texture inside @box that differ from @background. */
static guint count_drawn(GdkTexture *texture, const graphene_rect_t *box, const GdkRGBA *background)
{
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    g_autofree guchar *pixels = g_malloc((gsize) width * (gsize) height * 4);
    guint drawn = 0;
    guint8 bg[3] = {(guint8) (background->red * 255 + 0.5),
                    (guint8) (background->green * 255 + 0.5),
                    (guint8) (background->blue * 255 + 0.5)};

    /* Memory format: B, G, R, A on little-endian machines (CAIRO_FORMAT_ARGB32). */
    gdk_texture_download(texture, pixels, (gsize) width * 4);
    for (int y = (int) box->origin.y; y < (int) (box->origin.y + box->size.height); y++)
        for (int x = (int) box->origin.x; x < (int) (box->origin.x + box->size.width); x++) {
            const guchar *p = pixels + ((gsize) y * (gsize) width + (gsize) x) * 4;
            if (abs(p[2] - bg[0]) + abs(p[1] - bg[1]) + abs(p[0] - bg[2]) > 60)
                drawn++;
        }
    return drawn;
}

static char *inspector_bin(void)
{
    return g_test_build_filename(G_TEST_BUILT, "..", "inspector", "cavelog-inspector", NULL);
}

/* The program's --screenshot: a PNG of the window at the event, whose map
 * area is drawn; the same window, rendered in this process, says where the
 * map is. */
static void test_screenshot(Fixture *f, gconstpointer data)
{
    g_autofree char *bin = inspector_bin();
    g_autofree char *png = tmp_path(&f->tmp, "shot.png");
    g_autofree char *at = g_strdup_printf("%u", f->digests->len / 2);
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) shot = NULL;
    CavInspectorWindow *window;
    GtkWidget *map;
    graphene_rect_t box;
    GdkRGBA background;
    int status;
    const char *argv[] = {bin, "--screenshot", png, "--at", at, f->path, NULL};

    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("cavelog-inspector --screenshot failed: %s", err);
    shot = gdk_texture_new_from_filename(png, &error);
    g_assert_no_error(error);

    /* The same window in this process, at the same event and default size. */
    window = open_window(f);
    cav_inspector_window_show_event(window, f->digests->len / 2);
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_assert_cmpint(gdk_texture_get_width(shot), ==, gtk_widget_get_width(f->window));
    g_assert_cmpint(gdk_texture_get_height(shot), ==, gtk_widget_get_height(f->window));
    map = find_widget(f->window, CAV_TYPE_MAP_VIEW);
    g_assert_true(gtk_widget_compute_bounds(map, f->window, &box));
    g_assert_cmpfloat(box.size.width, >, 400);
    cav_map_background(&background);
    /* A map drawn: many glyph pixels, not a blank rectangle. */
    g_assert_cmpuint(count_drawn(shot, &box, &background), >, 2000);

    /* --at 0: the world before the first event, where nothing is drawn
     * (GApplication once dropped the 0 and drew the last event). */
    argv[4] = "0";
    g_clear_pointer(&err, g_free);
    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("cavelog-inspector --screenshot --at 0 failed: %s", err);
    g_clear_object(&shot);
    shot = gdk_texture_new_from_filename(png, &error);
    g_assert_no_error(error);
    {
        /* The same as this process draws at event 0, not at the last. */
        g_autoptr(GdkTexture) at_zero = NULL, at_last = NULL;
        guint shot_ink = count_drawn(shot, &box, &background);

        cav_inspector_window_show_event(window, 0);
        itest_wait_painted(f->window);
        at_zero = cav_render_widget(f->window, &error);
        g_assert_no_error(error);
        activate(window, "last");
        itest_wait_painted(f->window);
        at_last = cav_render_widget(f->window, &error);
        g_assert_no_error(error);
        g_test_message("ink at 0: --screenshot %u, here %u; here at the last %u", shot_ink,
                       count_drawn(at_zero, &box, &background),
                       count_drawn(at_last, &box, &background));
        g_assert_cmpuint(shot_ink, ==, count_drawn(at_zero, &box, &background));
        g_assert_cmpuint(shot_ink, !=, count_drawn(at_last, &box, &background));
    }
}

/* A file it cannot read: a message on stderr, a failing status, no PNG. */
static void test_screenshot_bad_file(Fixture *f, gconstpointer data)
{
    g_autofree char *bin = inspector_bin();
    g_autofree char *png = tmp_path(&f->tmp, "shot.png");
    g_autofree char *bad = tmp_path(&f->tmp, "bad.cavelog");
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;
    int status;
    const char *argv[] = {bin, "--screenshot", png, bad, NULL};

    g_assert_true(g_file_set_contents(bad, "SQLite format 3\0garbage", 24, NULL));
    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                               &status, &error));
    g_assert_false(g_spawn_check_wait_status(status, NULL));
    g_assert_nonnull(strstr(err, "bad.cavelog"));
    g_assert_false(g_file_test(png, G_FILE_TEST_EXISTS));
}

/* --entity shows a creature or an item under Entities; anything else is refused. */
static void test_screenshot_entity(Fixture *f, gconstpointer data)
{
    g_autofree char *bin = inspector_bin();
    g_autofree char *png = tmp_path(&f->tmp, "shot.png");
    const char *entities[] = {"creature:1", "item:1", "goblin", "creature:x", "item:0"};

    record_game(f, 5);
    for (guint i = 0; i < G_N_ELEMENTS(entities); i++) {
        const char *argv[] = {bin, "--screenshot", png, "--entity", entities[i], f->path, NULL};
        g_autofree char *err = NULL;
        g_autoptr(GError) error = NULL;
        int status;

        g_remove(png);
        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                   &err, &status, &error));
        g_assert_no_error(error);
        if (i < 2) {
            if (!g_spawn_check_wait_status(status, NULL))
                g_error("--entity %s failed: %s", entities[i], err);
            g_assert_true(g_file_test(png, G_FILE_TEST_EXISTS));
        } else {
            g_assert_false(g_spawn_check_wait_status(status, NULL));
            g_assert_nonnull(strstr(err, "--entity"));
            g_assert_false(g_file_test(png, G_FILE_TEST_EXISTS));
        }
    }
}

/* ---- spells, knowledge and detection -------------------------------------------- */

/* With CAVELOG_TEST_SHOTS=DIR, keep a copy of the fixture's game as DIR/@name,
 * to open in the inspector. */
static void keep_game(Fixture *f, const char *name)
{
    const char *dir = g_getenv("CAVELOG_TEST_SHOTS");
    g_autofree char *path = NULL, *contents = NULL;
    g_autoptr(GError) error = NULL;
    gsize length;

    if (dir == NULL)
        return;
    path = g_build_filename(dir, name, NULL);
    if (!g_file_get_contents(f->path, &contents, &length, &error) ||
        !g_file_set_contents(path, contents, (gssize) length, &error))
        g_test_message("could not keep %s: %s", path, error->message);
}

/* A hand-made game: a hurt goblin beside the player drinks a potion of
 * health (the player sees it and learns the look), a goblin sits sealed in
 * rock out of sight, and the player casts detect creatures on themself,
 * waits until it wears off, names a look, and casts the blue book's other
 * spells. */
typedef struct {
    gint32 drinker, hidden, book;
    char learned[CAV_WORD_MAX]; /* the look the player learns: the potion of health's */
    char named[CAV_WORD_MAX];   /* the look the player names: the potion of poison's */
} Magic;

#define MAGIC_MANA 40
#define DETECT_COST 16
#define DETECT_TURNS 75

static void record_magic(Fixture *f, Magic *m)
{
    static const char *const cave[] = {
        "##############################",
        "#............................#",
        "#..@.........................#",
        "#............................#",
        "#............................#",
        "##############################",
        "##############################",
        "#################.############",
        NULL,
    };
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    const CavState *state;
    const CavCreature *player;
    gint32 potion;
    Scenario s;

    scenario_setup_mage(&s, cave, NULL, 1000, MAGIC_MANA);
    state = game_state(s.game);
    m->drinker = scenario_spawn(&s, "goblin", 0, 5, 2, 20, 0, 0);
    potion = scenario_item(&s, "potion of health", m->drinker, 0, 0, 0, 1);
    scenario_hurt(&s, m->drinker, 15);
    m->hidden = scenario_spawn(&s, "goblin", 0, 17, 7, -1, 0, -1);
    m->book = scenario_item(&s, "blue mage's spellbook", state->player, 0, 0, 0, 1);
    g_strlcpy(m->learned, state_look_of_kind(state, state_item(state, potion)->type)->appearance,
              sizeof m->learned);
    g_strlcpy(m->named, state_look_of_kind(state, "potion of poison")->appearance, sizeof m->named);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    player = state_player(state);
    scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_store_play(&s, store, command_cast(m->book, "detect creatures", player->x, player->y));
    for (gint t = 0; t < DETECT_TURNS + 2; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_store_play(&s, store, command_name(m->named, "maybe poison"));
    scenario_store_play(&s, store, command_cast(m->book, "blink", player->x, player->y));
    scenario_store_play(&s, store, command_cast(m->book, "summon bats", player->x, player->y));
    scenario_store_play(&s, store, command_cast(m->book, "blood to mana", player->x, player->y));
    scenario_teardown(&s);
    g_clear_pointer(&store, store_free);
    keep_game(f, "magic.cavelog");
}

/* The seq of the first event of @type after @after that names creature @id, or 0. */
static gint64 next_naming(History *history, CavEventType type, gint64 after, gint32 id)
{
    for (gint64 seq = after + 1; seq <= history_length(history); seq++) {
        const HistoryEntry *entry = history_entry(history, seq);
        if (entry->type == type && history_entry_names(entry, CAV_REF_CREATURE, id))
            return seq;
    }
    return 0;
}

/* What the player knows, and since when: before the goblin drinks, no
 * potions; from the ItemIdentified on, the look with that event's seq and
 * turn as a link that shows it, and how ("saw one drunk"; the goblin itself
 * "drank one"). Mana before and after a cast, the spell's effect with its
 * book, and the player's own name for a look. */
static void test_knowledge(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window;
    History *history;
    Magic m;
    gint32 player;
    gint64 learned, cast, named;
    g_autofree char *line = NULL, *link = NULL, *uri = NULL, *own = NULL, *calls = NULL;
    const char *markup;

    record_magic(f, &m);
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    player = history_last_state(history)->player;
    learned = next_naming(history, CAV_EVENT_ITEM_IDENTIFIED, 0, player);
    cast = next_naming(history, CAV_EVENT_SPELL_CAST, 0, player);
    named = next_naming(history, CAV_EVENT_ITEM_NAMED, 0, player);
    g_assert_cmpint(learned, >, 0);
    g_assert_cmpint(cast, >, learned);
    g_assert_cmpint(named, >, cast);

    cav_inspector_window_show_event(window, learned - 1);
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, player);
    assert_contains(entity_text(window), "Knows no potions");
    assert_contains(entity_text(window), "mana 40/40");

    cav_inspector_window_show_event(window, cast);
    line = g_strdup_printf("%s → potion of health, since #%" G_GINT64_FORMAT " (turn %d): "
                           "saw one drunk",
                           m.learned, learned, history_entry(history, learned)->turn);
    assert_contains(entity_text(window), line);
    assert_contains(entity_text(window), "mana 24/40");
    assert_lacks(entity_text(window), "Calls");
    markup = gtk_label_get_label(
        GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "entity-detail")));
    uri = g_strdup_printf("seq:%" G_GINT64_FORMAT, learned);
    link = g_strdup_printf("href=\"%s\"", uri);
    assert_contains(markup, link);

    /* The goblin learned it by drinking, in the same turn. */
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, m.drinker);
    assert_contains(entity_text(window), "potion of health, since #");
    assert_contains(entity_text(window), "drank one");

    /* The spell's effect, from the book, while it works. */
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, player);
    cav_inspector_window_show_event(window,
                                    next_naming(history, CAV_EVENT_EFFECT_STARTED, cast, player));
    assert_contains(entity_text(window), "detect creatures — 75 turns left, perceives every "
                                         "creature on its depth · from blue mage's spellbook");
    itest_save_shot(GTK_WIDGET(f->window), "knowledge.png");

    /* The book says what its spells cost and do. */
    cav_inspector_window_select_entity(window, CAV_REF_ITEM, m.book);
    assert_contains(entity_text(window), "detect creatures (16 mana): perceives every creature "
                                         "on its depth for 75 turns");
    assert_contains(entity_text(window), "summon bats (11 mana): a bat on each free cell around");
    cav_inspector_window_select_entity(window, CAV_REF_CREATURE, player);

    /* The player's own name for a look. */
    cav_inspector_window_show_event(window, named);
    calls = g_strdup_printf("Calls\n  %s: called maybe poison", m.named);
    assert_contains(entity_text(window), calls);

    /* The link to the lesson shows it. */
    click_link(window, "entity-detail", uri);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, learned);
    assert_contains(entity_text(window), line);
}

/* Pixels of map cell (@x, @y) that differ from the map's background, as drawn now. */
static guint ink_in_cell(CavMapView *map, gint32 x, gint32 y)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = NULL;
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(map));
    graphene_rect_t cell, box;
    GdkRGBA background;

    itest_wait_painted(GTK_WIDGET(map));
    texture = cav_render_widget(GTK_WIDGET(map), &error);
    g_assert_no_error(error);
    cav_map_view_cell_rect(map, x, y, &cell);
    graphene_rect_init(&box, ceil(cell.origin.x * scale), ceil(cell.origin.y * scale),
                       floor(cell.size.width * scale) - 1, floor(cell.size.height * scale) - 1);
    cav_map_background(&background);
    return count_drawn(texture, &box, &background);
}

/* In the player's view, the goblin sealed in rock (never in sight) is drawn
 * only while the player detects creatures: not before the cast, from the
 * effect's start, and not once it ended. The truth draws it throughout. */
static void test_detect(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window;
    History *history;
    CavMapView *map;
    Magic m;
    gint32 player;
    gint64 cast, started, ended;
    const CavCreature *hidden;

    record_magic(f, &m);
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    map = CAV_MAP_VIEW(itest_find_named(GTK_WIDGET(window), CAV_TYPE_MAP_VIEW, NULL));
    player = history_last_state(history)->player;
    cast = next_naming(history, CAV_EVENT_SPELL_CAST, 0, player);
    started = next_naming(history, CAV_EVENT_EFFECT_STARTED, cast, player);
    ended = next_naming(history, CAV_EVENT_EFFECT_ENDED, started, player);
    g_assert_cmpint(started, >, cast);
    g_assert_cmpint(ended, >, started);
    g_assert_false(cav_map_view_get_truth(map));

    cav_inspector_window_show_event(window, cast - 1);
    hidden = state_creature(history_state(history), m.hidden);
    g_assert_true(hidden->alive);
    g_assert_false(view_sees(history_view(history), hidden->z, hidden->x, hidden->y));
    g_assert_cmpuint(ink_in_cell(map, hidden->x, hidden->y), ==, 0);
    activate(window, "truth");
    g_assert_cmpuint(ink_in_cell(map, hidden->x, hidden->y), >, 5);
    activate(window, "truth");

    cav_inspector_window_show_event(window, started);
    hidden = state_creature(history_state(history), m.hidden);
    g_assert_cmpint(state_player(history_state(history))->effect_detect, >, 0);
    g_assert_false(view_sees(history_view(history), hidden->z, hidden->x, hidden->y));
    g_assert_cmpuint(ink_in_cell(map, hidden->x, hidden->y), >, 5);
    itest_save_shot(GTK_WIDGET(f->window), "detect.png");

    cav_inspector_window_show_event(window, ended - 1);
    g_assert_cmpuint(ink_in_cell(map, hidden->x, hidden->y), >, 5);
    cav_inspector_window_show_event(window, ended);
    hidden = state_creature(history_state(history), m.hidden);
    g_assert_cmpint(state_player(history_state(history))->effect_detect, ==, 0);
    g_assert_cmpuint(ink_in_cell(map, hidden->x, hidden->y), ==, 0);
}

/* Each new kind of event shows in the detail with a link for every entity
 * it names, and the links show them: the caster and the book of a cast,
 * the summoner of a bat. */
static void test_spell_events(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window;
    History *history;
    Magic m;
    static const CavEventType types[] = {
        CAV_EVENT_SPELL_DEFINED,    CAV_EVENT_SPELL_CAST,        CAV_EVENT_MANA_DRAWN,
        CAV_EVENT_CREATURE_BLINKED, CAV_EVENT_CREATURE_SUMMONED, CAV_EVENT_ITEM_NAMED,
    };
    gint64 summoned, cast;
    const char *markup;

    record_magic(f, &m);
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    for (guint i = 0; i < G_N_ELEMENTS(types); i++) {
        gint64 seq = first_of(history, types[i]);

        g_assert_cmpint(seq, >, 0);
        cav_inspector_window_show_event(window, seq);
        markup = gtk_label_get_label(
            GTK_LABEL(itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "detail")));
        assert_contains(markup, ev_type_name(types[i]));
        assert_lacks(markup, "cannot be read");
    }
    cast = first_of(history, CAV_EVENT_SPELL_CAST);
    assert_links(window, cast, "item", "blue mage's spellbook");
    assert_links(window, cast, "target", "you — player");
    {
        /* The detail's Target is the creature cast upon, as the timeline's. */
        g_autoptr(GArray) scratch = g_array_new(FALSE, FALSE, sizeof(CavEvent));
        g_autofree char *target =
            g_strdup_printf("<b>Target</b> <a href=\"creature:%d\"",
                            event_at(history, cast, scratch)->as.SpellCast.target);
        cav_inspector_window_show_event(window, cast);
        assert_contains(gtk_label_get_label(GTK_LABEL(
                            itest_find_named(GTK_WIDGET(window), GTK_TYPE_LABEL, "detail"))),
                        target);
    }
    assert_links(window, first_of(history, CAV_EVENT_MANA_DRAWN), "creature", "you — player");
    assert_links(window, first_of(history, CAV_EVENT_CREATURE_BLINKED), "creature", "you — player");
    assert_links(window, first_of(history, CAV_EVENT_ITEM_NAMED), "creature", "you — player");
    summoned = first_of(history, CAV_EVENT_CREATURE_SUMMONED);
    assert_links(window, summoned, "creature", "— bat");
    itest_save_shot(GTK_WIDGET(f->window), "summoned.png");
    assert_links(window, summoned, "summoner", "you — player");
}

/* Iterate the main loop until @done says so (or fail after ITEST_WAIT_S). */
static void wait_for_notice(CavInspectorWindow *window, const char *const *last)
{
    gboolean timed_out = FALSE;
    guint timeout = g_timeout_add_seconds(ITEST_WAIT_S, on_timeout, &timed_out);

    while (cav_bookmarks_get_notice(window) == *last && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    g_assert_false(timed_out);
    g_source_remove(timeout);
}

/* Bookmarks: win.bookmark-note bookmarks the event shown (a row in the
 * file's bookmarks table), the popover lists it and activating its row
 * jumps there; a bad note is refused and changes nothing. */
static void test_bookmarks(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    gint64 seq = history_length(history) / 3;
    GtkWidget *list = itest_find_named(GTK_WIDGET(window), GTK_TYPE_LIST_BOX, "bookmarks-list");
    g_autoptr(GPtrArray) stored = NULL;
    g_autoptr(GError) error = NULL;
    const GPtrArray *shown;
    GtkListBoxRow *row;

    g_assert_nonnull(list);
    g_assert_null(gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 0));
    cav_inspector_window_show_event(window, seq);
    g_action_group_activate_action(G_ACTION_GROUP(window), "bookmark-note",
                                   g_variant_new_string("  the middle  "));
    stored = bookmarks_read_file(f->path, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(stored->len, ==, 1);
    g_assert_cmpint(((Bookmark *) stored->pdata[0])->seq, ==, seq);
    g_assert_cmpstr(((Bookmark *) stored->pdata[0])->note, ==, "the middle");
    shown = cav_bookmarks_get_bookmarks(window);
    g_assert_cmpuint(shown->len, ==, 1);
    /* A note with a control character is refused, and said so. */
    g_action_group_activate_action(G_ACTION_GROUP(window), "bookmark-note",
                                   g_variant_new_string("bell\a"));
    g_assert_nonnull(strstr(cav_bookmarks_get_notice(window), "control character"));
    g_assert_cmpuint(cav_bookmarks_get_bookmarks(window)->len, ==, 1);
    /* The popover's row jumps to the bookmarked event. */
    row = gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 0);
    g_assert_nonnull(row);
    g_assert_null(gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 1));
    cav_inspector_window_show_event(window, 0);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, 0);
    gtk_widget_activate(GTK_WIDGET(row));
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, seq);
}

/* "Play from here" (win.fork) saves turns 0 … the turn shown beside the
 * games and says where; the fork verifies, records its lineage and holds
 * the bookmark made before it. */
static void test_fork(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    gint64 seq = history_length(history) / 2;
    gint32 turn = history_entry(history, seq)->turn;
    g_autofree char *name = g_strdup_printf("game-turn%d.cavelog", turn);
    g_autofree char *expected =
        g_build_filename(g_get_user_data_dir(), "cavelog", "games", name, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(GPtrArray) copied = NULL;
    const char *before = NULL;
    VerifyReport report;
    Lineage lineage;
    gboolean found = FALSE;

    cav_inspector_window_show_event(window, seq);
    g_action_group_activate_action(G_ACTION_GROUP(window), "bookmark-note",
                                   g_variant_new_string("before the fork"));
    before = cav_bookmarks_get_notice(window);
    g_action_group_activate_action(G_ACTION_GROUP(window), "fork", NULL);
    wait_for_notice(window, &before);
    g_assert_cmpstr(cav_bookmarks_get_fork_path(window), ==, expected);
    g_assert_nonnull(strstr(cav_bookmarks_get_notice(window), expected));
    store = store_open(expected, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(verify_game(store, &report, &error));
    g_assert_no_error(error);
    g_assert_cmpint(report.turns, ==, turn); /* verify counts turns as list does */
    g_assert_true(lineage_read(store, &found, &lineage, &error));
    g_assert_true(found);
    g_assert_cmpint(lineage.turn, ==, turn);
    g_assert_cmpstr(lineage.parent_file, ==, "game.cavelog");
    lineage_clear(&lineage);
    copied = bookmarks_read(store, &error);
    g_assert_cmpuint(copied->len, ==, 1);
    g_assert_cmpint(((Bookmark *) copied->pdata[0])->seq, ==, seq);
    g_unlink(expected);
}

/* ---- what users hit (issue 14) ------------------------------------------------ */

/* The Seq cell (an inscription in a row's first cell) that reads @seq, in
 * the timeline as laid out, or NULL. */
static GtkWidget *seq_cell(GtkWidget *root, gint64 seq)
{
    g_autofree char *text = g_strdup_printf("%" G_GINT64_FORMAT, seq);

    if (GTK_IS_INSCRIPTION(root) &&
        gtk_widget_get_prev_sibling(gtk_widget_get_parent(root)) == NULL &&
        g_strcmp0(gtk_inscription_get_text(GTK_INSCRIPTION(root)), text) == 0 &&
        gtk_widget_get_mapped(root))
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = seq_cell(child, seq);
        if (found != NULL)
            return found;
    }
    return NULL;
}

typedef struct {
    CavInspectorWindow *window;
    gint64 seq;
} RowWait;

/* Whether the timeline's selected row is @seq and drawn inside its
 * scrolled window. */
static gboolean row_shown(gpointer data)
{
    RowWait *w = data;
    GtkWidget *view = find_widget(GTK_WIDGET(w->window), GTK_TYPE_COLUMN_VIEW);
    GtkWidget *scrolled = gtk_widget_get_parent(view);
    GtkWidget *cell;
    graphene_rect_t box;

    if (selected_seq(w->window) != w->seq || (cell = seq_cell(view, w->seq)) == NULL ||
        !gtk_widget_compute_bounds(cell, scrolled, &box))
        return FALSE;
    return box.origin.y >= 0 && box.origin.y + box.size.height <= gtk_widget_get_height(scrolled);
}

/* Wait until row @seq is the selected one and in view; fail if it never is. */
static void wait_for_row(Fixture *f, CavInspectorWindow *window, gint64 seq)
{
    RowWait w = {window, seq};

    if (!itest_wait_until(row_shown, &w))
        g_error("row %" G_GINT64_FORMAT " not selected and in view (selected %" G_GINT64_FORMAT ")",
                seq, selected_seq(window));
}

static gboolean filter_done(gpointer window)
{
    return gtk_filter_list_model_get_pending(
               GTK_FILTER_LIST_MODEL(cav_inspector_window_get_timeline(window))) == 0;
}

static void press_keys(CavInspectorWindow *window, const char *const *keys)
{
    itest_press_keys(GTK_WIDGET(window), keys);
}

static GtkWidget *named(CavInspectorWindow *window, GType type, const char *name)
{
    GtkWidget *found = itest_find_named(GTK_WIDGET(window), type, name);

    g_assert_nonnull(found);
    return found;
}

/* After a filter change the shown event's row stays selected and in view;
 * the turn fields are empty with a placeholder, empty meaning unbounded. */
static void test_filter_keeps_row(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GListModel *timeline = cav_inspector_window_get_timeline(window);
    GtkWidget *popover = GTK_WIDGET(gtk_menu_button_get_popover(
        GTK_MENU_BUTTON(find_widget(GTK_WIDGET(window), GTK_TYPE_MENU_BUTTON))));
    GtkEditable *first = GTK_EDITABLE(named(window, GTK_TYPE_ENTRY, "first-turn"));
    GtkEditable *last = GTK_EDITABLE(named(window, GTK_TYPE_ENTRY, "last-turn"));
    gint64 shown = 0;
    guint in_turns = 0;

    for (gint64 seq = history_length(history) / 2; seq <= history_length(history) && shown == 0;
         seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_CREATURE_DIED)
            shown = seq;
    g_assert_cmpint(shown, >, 0);
    itest_wait_painted(f->window);
    cav_inspector_window_show_event(window, shown);
    wait_for_row(f, window, shown);

    /* Only deaths: the shown death stays the selected row, in view. */
    for (GtkWidget *w = find_widget(popover, GTK_TYPE_CHECK_BUTTON); w != NULL;
         w = gtk_widget_get_next_sibling(w))
        if (g_strcmp0(gtk_check_button_get_label(GTK_CHECK_BUTTON(w)), "CreatureDied") == 0)
            gtk_check_button_set_active(GTK_CHECK_BUTTON(w), TRUE);
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), <, 1000);
    wait_for_row(f, window, shown);
    /* Every type again: among thousands of rows, still that one. */
    activate(window, "any-type");
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, (guint) history_length(history));
    wait_for_row(f, window, shown);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, shown);

    /* The turn range: empty fields with placeholders, no -1. */
    g_assert_cmpstr(gtk_editable_get_text(first), ==, "");
    g_assert_cmpstr(gtk_editable_get_text(last), ==, "");
    g_assert_cmpstr(gtk_entry_get_placeholder_text(GTK_ENTRY(first)), ==, "first");
    g_assert_cmpstr(gtk_entry_get_placeholder_text(GTK_ENTRY(last)), ==, "last");
    for (gint64 seq = 1; seq <= history_length(history); seq++)
        in_turns += history_entry(history, seq)->turn >= 10;
    gtk_editable_set_text(first, "10");
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, in_turns);
    in_turns = 0;
    for (gint64 seq = 1; seq <= history_length(history); seq++)
        in_turns +=
            history_entry(history, seq)->turn >= 10 && history_entry(history, seq)->turn <= 12;
    gtk_editable_set_text(last, "12");
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, in_turns);
    /* Not a number: marked, and the filter stays as it was. */
    {
        int end = -1;

        gtk_editable_insert_text(last, "x", -1, &end); /* "12x" */
    }
    g_assert_true(gtk_widget_has_css_class(GTK_WIDGET(last), "error"));
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, in_turns);
    gtk_editable_set_text(first, "");
    gtk_editable_set_text(last, "");
    g_assert_false(gtk_widget_has_css_class(GTK_WIDGET(last), "error"));
    g_assert_true(itest_wait_until(filter_done, window));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, (guint) history_length(history));
}

static gboolean focus_on_row(gpointer data)
{
    EventWait *w = data;
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(w->window));

    return focus != NULL && seq_cell(focus, w->seq) != NULL;
}

typedef struct {
    CavInspectorWindow *window;
    GtkWidget *before;
} FocusWait;

/* Whether the focus left @before (a key's press has been handled). */
static gboolean focus_moved(gpointer data)
{
    FocusWait *w = data;

    return gtk_root_get_focus(GTK_ROOT(w->window)) != w->before;
}

/* Real key presses (xdotool): the keys work before anything has focus, and
 * Tab into the timeline keeps the shown event's row. */
static void test_real_keys(Fixture *f, gconstpointer data)
{
    static const char *const right_right[] = {"Right", "Right", NULL};
    static const char *const tab[] = {"Tab", NULL};
    static const char *const down[] = {"Down", NULL};
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *view = find_widget(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW);
    gint64 middle = history_length(history) / 2;
    EventWait w = {window, 2};
    EventWait w_middle = {window, middle};
    GtkWidget *focus = NULL;

    itest_wait_painted(f->window);
    /* Nothing focused: Right, Right from the start shows event 2. */
    activate(window, "first");
    gtk_window_set_focus(GTK_WINDOW(window), NULL);
    press_keys(window, right_right);
    g_assert_true(itest_wait_until(itest_shows_event, &w));

    /* From the scrubber, Tab by Tab into the timeline: the event shown
     * never changes, and the focused row is its row. */
    cav_inspector_window_show_event(window, middle);
    wait_for_row(f, window, middle);
    gtk_widget_grab_focus(find_widget(GTK_WIDGET(window), GTK_TYPE_SCALE));
    for (gint i = 0; i < 12; i++) {
        FocusWait moved = {window, gtk_root_get_focus(GTK_ROOT(window))};

        /* One Tab at a time: the next only once this one has moved focus. */
        press_keys(window, tab);
        g_assert_true(itest_wait_until(focus_moved, &moved));
        g_assert_cmpint(cav_inspector_window_get_event(window), ==, middle);
        focus = gtk_root_get_focus(GTK_ROOT(window));
        if (focus != NULL && gtk_widget_is_ancestor(focus, view))
            break;
    }
    g_assert_nonnull(focus);
    g_assert_true(gtk_widget_is_ancestor(focus, view));
    g_assert_cmpint(selected_seq(window), ==, middle);
    /* Within a few frames, the focused row is the shown event's. */
    g_assert_true(itest_wait_until(focus_on_row, &w_middle));
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, middle);
    /* The list's own Down moves on from there, to the next event. */
    press_keys(window, down);
    w.seq = middle + 1;
    g_assert_true(itest_wait_until(itest_shows_event, &w));
}

/* Opening makes timeline rows on demand only: once the window is shown and
 * has painted a few frames, the model has made a screenful or so of rows,
 * not one per event (a pass over every row at open would make them all). */
static void test_open_lazy(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkFilterListModel *filtered = GTK_FILTER_LIST_MODEL(cav_inspector_window_get_timeline(window));
    CavTimeline *timeline = CAV_TIMELINE(gtk_filter_list_model_get_model(filtered));

    for (int i = 0; i < 5; i++)
        itest_wait_painted(GTK_WIDGET(window));
    g_assert_cmpint(history_length(history), >, 5000);
    g_assert_cmpuint(gtk_filter_list_model_get_pending(filtered), ==, 0);
    /* GTK 4.8 makes ~200 rows per place a list has shown (the top, where
     * it scrolled to), and the seek by seq asks for ~log2(length). */
    g_assert_cmpuint(cav_timeline_rows_made(timeline), <=, 1000);
    g_assert_cmpuint(cav_timeline_rows_made(timeline) * 8, <, (guint64) history_length(history));
    /* The pages read are those rows' and the seek's few, never the whole
     * history (over 20 pages here): how many exactly depends on where the
     * game's events fall across page ends. */
    g_assert_cmpuint(cav_timeline_cached_pages(timeline), <=, 8);
    g_assert_cmpuint(cav_timeline_cached_pages(timeline) * CAV_TIMELINE_PAGE_EVENTS * 2, <,
                     (guint64) history_length(history));
}

/* The number of widgets of @type at or below @root. */
static guint count_widgets(GtkWidget *root, GType type)
{
    guint n = G_TYPE_CHECK_INSTANCE_TYPE(root, type) ? 1 : 0;

    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        n += count_widgets(child, type);
    return n;
}

/* A turn before the keyframe tampered with: the file is no longer what this
 * installation wrote (its seal fails), so no keyframe stands in for its
 * history, not even as a preview; the game is refused when the full fold
 * reaches that turn, and nothing of it is shown. */
static void expect_preview_refused(Fixture *f)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);
    g_autoptr(GError) error = NULL;
    sqlite3 *db;

    g_assert_cmpint(sqlite3_open_v2(f->path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "UPDATE events SET payload = json_set(payload, '$.x', 2)"
                                 " WHERE seq = (SELECT min(seq) FROM events"
                                 " WHERE type = 'CreatureMoved' AND turn > 10)",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    sqlite3_close(db);
    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, TRUE);
    g_signal_connect(window, "failed", G_CALLBACK(on_failed), &error);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    while (error == NULL)
        g_main_context_iteration(NULL, TRUE);
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_cmpint(cav_inspector_window_get_preview_turn(window), ==, -1);
    g_assert_false(cav_inspector_window_is_loaded(window));
    /* The preview's map is gone: only the game page's is left. */
    g_assert_cmpuint(count_widgets(GTK_WIDGET(window), CAV_TYPE_MAP_VIEW), ==, 1);
}

/* While a game is checked, the window previews its newest state from a
 * keyframe this installation sealed (the fixture's game has one at turn
 * 500); a keyframe sealed with another key gives no preview. */
static void test_open_preview(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    gint32 last = history_last_state(cav_inspector_window_get_history(window))->turn;
    g_autofree char *config = g_strdup(g_getenv("XDG_STATE_HOME"));
    g_autofree char *other = tmp_path(&f->tmp, "other-state");
    SealKey key;
    g_autoptr(GError) error = NULL;

    g_assert_cmpint(last, >, KEYFRAME_EVERY);
    g_assert_cmpint(cav_inspector_window_get_preview_turn(window), ==, last);
    gtk_window_destroy(GTK_WINDOW(window));
    f->window = NULL;
    /* Another installation (another key) opens the same file: no preview. */
    g_setenv("XDG_STATE_HOME", other, TRUE); /* where the key lives */
    g_assert_true(seal_load_key(&key, TRUE, &error));
    g_assert_no_error(error);
    window = open_window(f);
    if (config != NULL)
        g_setenv("XDG_STATE_HOME", config, TRUE);
    else
        g_unsetenv("XDG_STATE_HOME");
    g_assert_cmpint(cav_inspector_window_get_preview_turn(window), ==, -1);
    g_assert_cmpint(history_last_state(cav_inspector_window_get_history(window))->turn, ==, last);
    gtk_window_destroy(GTK_WINDOW(window));
    f->window = NULL;
    expect_preview_refused(f);
}

typedef struct {
    CavInspectorWindow *window;
    gint64 start_seq, start_time, end_seq, end_time; /* at painted frames, by frame time */
} PlayWait;

/* After each frame: the event it showed, at its frame time (the clock the
 * window plays by, so a slow machine's late frames measure true). */
static void on_play_painted(GdkFrameClock *clock, gpointer data)
{
    PlayWait *p = data;

    if (p->start_time == 0) {
        p->start_seq = cav_inspector_window_get_event(p->window);
        p->start_time = gdk_frame_clock_get_frame_time(clock);
    }
    p->end_seq = cav_inspector_window_get_event(p->window);
    p->end_time = gdk_frame_clock_get_frame_time(clock);
}

static gboolean played_enough(gpointer data)
{
    PlayWait *p = data;

    return p->start_time != 0 && p->end_time - p->start_time > 3 * G_USEC_PER_SEC / 2;
}

/* Playing: the speed starts at 10 events/s, 1000 events/s plays about a
 * thousand a second, and the button shows pause while it plays. */
static void test_play(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    GtkDropDown *speed = GTK_DROP_DOWN(named(window, GTK_TYPE_DROP_DOWN, "speed"));
    GtkButton *play = GTK_BUTTON(named(window, GTK_TYPE_TOGGLE_BUTTON, "play"));
    GtkStringObject *label;
    PlayWait p = {.window = window};
    GdkFrameClock *clock;
    gulong painted;
    double rate;
    gint64 paused_at;

    label = gtk_drop_down_get_selected_item(speed);
    g_assert_cmpstr(gtk_string_object_get_string(label), ==, "10 events/s");
    g_assert_cmpstr(gtk_button_get_icon_name(play), ==, "media-playback-start-symbolic");
    itest_wait_painted(f->window);
    activate(window, "first");
    gtk_drop_down_set_selected(speed, 4);
    label = gtk_drop_down_get_selected_item(speed);
    g_assert_cmpstr(gtk_string_object_get_string(label), ==, "1000 events/s");
    activate(window, "play");
    g_assert_cmpstr(gtk_button_get_icon_name(play), ==, "media-playback-pause-symbolic");
    clock = gtk_widget_get_frame_clock(f->window);
    painted = g_signal_connect(clock, "after-paint", G_CALLBACK(on_play_painted), &p);
    g_assert_true(itest_wait_until(played_enough, &p));
    g_signal_handler_disconnect(clock, painted);
    activate(window, "play");
    g_assert_cmpstr(gtk_button_get_icon_name(play), ==, "media-playback-start-symbolic");
    rate =
        (double) (p.end_seq - p.start_seq) * G_USEC_PER_SEC / (double) (p.end_time - p.start_time);
    g_test_message("played %" G_GINT64_FORMAT " events in %.2f s: %.0f/s", p.end_seq - p.start_seq,
                   (p.end_time - p.start_time) / 1e6, rate);
    /* By the frame clock, however slow the frames: near 1000/s. */
    g_assert_cmpfloat(rate, >, 600);
    g_assert_cmpfloat(rate, <, 1400);
    /* Paused: it stays. */
    p.start_seq = cav_inspector_window_get_event(window);
    paused_at = g_get_monotonic_time();
    while (g_get_monotonic_time() - paused_at < G_USEC_PER_SEC / 4)
        g_main_context_iteration(NULL, FALSE);
    g_assert_cmpint(cav_inspector_window_get_event(window), ==, p.start_seq);
}

/* A long payload string (a level's row of 90 cells) wraps inside the
 * detail's pane instead of widening it. */
static void test_long_payload(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *detail = named(window, GTK_TYPE_LABEL, "detail");
    GtkWidget *notebook = itest_find_named(GTK_WIDGET(window), GTK_TYPE_NOTEBOOK, NULL);
    gint64 row = 0;
    int min, pane;

    for (gint64 seq = 1; seq <= history_length(history) && row == 0; seq++)
        if (history_entry(history, seq)->type == CAV_EVENT_LEVEL_ROW_GENERATED)
            row = seq;
    g_assert_cmpint(row, >, 0);
    cav_inspector_window_show_event(window, row);
    itest_wait_painted(f->window);
    itest_wait_painted(f->window);
    pane = gtk_widget_get_width(notebook);
    gtk_widget_measure(detail, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
    g_assert_cmpint(pane, >, 0);
    g_assert_cmpint(min, <, pane);
    g_assert_cmpint(gtk_widget_get_width(detail), <=, pane);
}

typedef struct {
    CavInspectorWindow *window;
    Session *session;
} FollowWait;

/* A game played to its end while followed: the header says how it ended,
 * not "playing", and the last row is selected and in view. */
static void test_follow_to_end(Fixture *f, gconstpointer data)
{
    static const char *const cave[] = {
        "##########", "#........#", "#..@.....#", "#........#", "##########", NULL,
    };
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    CavInspectorWindow *window;
    AdwWindowTitle *title;
    EventWait w;
    Scenario s;
    gint turns = 0;

    scenario_setup(&s, cave, NULL);
    scenario_spawn(&s, "goblin", 0, 4, 2, 100, 1000, 100);
    scenario_hurt(&s, game_state(s.game)->player, state_player(game_state(s.game))->hp - 1);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    window = open_window(f);
    title = ADW_WINDOW_TITLE(named(window, ADW_TYPE_WINDOW_TITLE, NULL));
    g_assert_nonnull(strstr(adw_window_title_get_title(title), "playing"));
    activate(window, "follow");
    while (game_state(s.game)->outcome == OUTCOME_PLAYING && turns++ < 200)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    g_assert_cmpint(game_state(s.game)->outcome, ==, OUTCOME_LOST);
    w = (EventWait){window, game_state(s.game)->last_seq};
    g_assert_true(itest_wait_until(itest_shows_event, &w));
    g_test_message("title: %s", adw_window_title_get_title(title));
    g_assert_null(strstr(adw_window_title_get_title(title), "playing"));
    g_assert_nonnull(strstr(adw_window_title_get_title(title), "lost"));
    wait_for_row(f, window, w.seq);
    scenario_teardown(&s);
}

/* Whether @cell (an inscription) shows all of @text, unellipsized. */
static gboolean fits(GtkWidget *cell)
{
    const char *text = gtk_inscription_get_text(GTK_INSCRIPTION(cell));
    g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout(cell, text);
    int width;

    pango_layout_get_pixel_size(layout, &width, NULL);
    return width <= gtk_widget_get_width(cell);
}

/* A game of more than 10,000 turns: its Seq and Turn columns are wide
 * enough for the largest numbers, which show whole. */
static void test_number_columns(Fixture *f, gconstpointer data)
{
    static const char *const cave[] = {
        "#######", "#.....#", "#..@..#", "#.....#", "#######", NULL,
    };
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    CavInspectorWindow *window;
    History *history;
    GtkWidget *view, *seq_widget, *turn_widget;
    gint64 last;
    Scenario s;

    scenario_setup_player(&s, cave, NULL, 0, 1000000);
    store = scenario_store_new(f->path, &s, &error);
    g_assert_no_error(error);
    for (gint t = 0; t < 10050; t++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_teardown(&s);
    g_clear_pointer(&store, store_free);
    window = open_window(f);
    history = cav_inspector_window_get_history(window);
    g_assert_cmpint(history_turns(history), >=, 10000);
    last = history_length(history);
    view = find_widget(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW);
    wait_for_row(f, window, last);
    seq_widget = seq_cell(view, last);
    /* The Turn cell: the next cell of the same row. */
    turn_widget =
        gtk_widget_get_first_child(gtk_widget_get_next_sibling(gtk_widget_get_parent(seq_widget)));
    g_test_message(
        "seq %s in %d px, turn %s in %d px", gtk_inscription_get_text(GTK_INSCRIPTION(seq_widget)),
        gtk_widget_get_width(seq_widget), gtk_inscription_get_text(GTK_INSCRIPTION(turn_widget)),
        gtk_widget_get_width(turn_widget));
    g_assert_true(fits(seq_widget));
    g_assert_true(fits(turn_widget));
}

/* An inscription drawn below @root whose text holds @needle, or NULL. */
static GtkWidget *cell_saying(GtkWidget *root, const char *needle)
{
    if (GTK_IS_INSCRIPTION(root) && gtk_widget_get_mapped(root) &&
        gtk_inscription_get_text(GTK_INSCRIPTION(root)) != NULL &&
        strstr(gtk_inscription_get_text(GTK_INSCRIPTION(root)), needle) != NULL)
        return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = cell_saying(child, needle);
        if (found != NULL)
            return found;
    }
    return NULL;
}

typedef struct {
    CavInspectorWindow *window;
    const char *needle;
} CellWait;

static gboolean cell_shown(gpointer data)
{
    CellWait *w = data;

    return cell_saying(find_widget(GTK_WIDGET(w->window), GTK_TYPE_COLUMN_VIEW), w->needle) != NULL;
}

/* A file changed while open (one UPDATE from another connection: a depth
 * of INT32_MAX) reaches no undefined behaviour when the timeline scrolls
 * over the changed row: the row is read again, found changed, and the
 * window says so instead of what the row now holds. */
static void test_changed_while_open(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GtkWidget *view = find_widget(GTK_WIDGET(window), GTK_TYPE_COLUMN_VIEW);
    GtkAdjustment *adjustment;
    g_autofree char *sql = NULL;
    CellWait wait = {window, "changed after the file was opened"};
    gint64 changed = 0;
    sqlite3 *db;

    /* In the middle of the game, far from the rows shown on opening. */
    for (gint64 seq = history_length(history) / 2; seq <= history_length(history); seq++) {
        const CavFieldInfo *fields;
        guint n = ev_type_fields(history_entry(history, seq)->type, &fields);

        for (guint i = 0; i < n && changed == 0; i++)
            if (strcmp(fields[i].name, "z") == 0)
                changed = seq;
        if (changed != 0)
            break;
    }
    g_assert_cmpint(changed, >, 0);
    sql = g_strdup_printf("UPDATE events SET payload = json_set(payload, '$.z', 2147483647)"
                          " WHERE seq = %" G_GINT64_FORMAT,
                          changed);
    g_assert_cmpint(sqlite3_open_v2(f->path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_changes(db), ==, 1);
    sqlite3_close(db);
    /* Scrolled over, not chosen: the rows are drawn, nothing is folded.
     * (Once the window has brought its last row into view.) */
    wait_for_row(f, window, history_length(history));
    itest_wait_painted(f->window);
    adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view));
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) *
                                             (double) (changed - 3) /
                                             (double) history_length(history));
    if (!itest_wait_until(cell_shown, &wait))
        g_error("no row says event %" G_GINT64_FORMAT " changed", changed);
    g_assert_null(cell_saying(view, "2147483648"));
    g_assert_null(cell_saying(view, "2147483647"));
}

int main(int argc, char **argv)
{
    ItestEnv env;

    itest_init(&argc, &argv, &env);
#define ADD(path, turns, func)                                                                     \
    g_test_add(path, Fixture, GINT_TO_POINTER(turns), fixture_setup, func, fixture_teardown)
    ADD("/inspector/window/seek", TURNS, test_seek);
    ADD("/inspector/window/old-releases", 0, test_old_releases);
    ADD("/inspector/window/filtered-steps", TURNS, test_filtered_steps);
    ADD("/inspector/window/entity-history", TURNS, test_entity_history);
    ADD("/inspector/window/follow", 0, test_follow);
    ADD("/inspector/window/keys", 0, test_keys);
    ADD("/inspector/window/levels", TURNS, test_levels);
    ADD("/inspector/window/effects", 0, test_effects);
    ADD("/inspector/window/missiles", 0, test_missiles);
    ADD("/inspector/window/knowledge", 0, test_knowledge);
    ADD("/inspector/window/detect", 0, test_detect);
    ADD("/inspector/window/spell-events", 0, test_spell_events);
    ADD("/inspector/window/bad-files", 0, test_bad_files);
    ADD("/inspector/window/bookmarks", TURNS, test_bookmarks);
    ADD("/inspector/window/fork", TURNS, test_fork);
    ADD("/inspector/window/filter-keeps-row", TURNS, test_filter_keeps_row);
    ADD("/inspector/window/real-keys", TURNS, test_real_keys);
    ADD("/inspector/window/play", TURNS, test_play);
    ADD("/inspector/window/long-payload", TURNS, test_long_payload);
    ADD("/inspector/window/follow-to-end", 0, test_follow_to_end);
    ADD("/inspector/window/number-columns", 0, test_number_columns);
    ADD("/inspector/window/error-dialog", 0, test_error_dialog);
    ADD("/inspector/window/open-lazy", TURNS, test_open_lazy);
    ADD("/inspector/window/open-preview", TURNS, test_open_preview);
    ADD("/inspector/window/changed-while-open", TURNS, test_changed_while_open);
    ADD("/inspector/screenshot/png", TURNS, test_screenshot);
    ADD("/inspector/screenshot/bad-file", 0, test_screenshot_bad_file);
    ADD("/inspector/screenshot/entity", 0, test_screenshot_entity);
#undef ADD
    return itest_run(&env);
}
