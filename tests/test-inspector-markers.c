/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-markers.c — the scrubber's markers, playing by turns and
 * the search by fields, on a real (virtual) display with real input
 * (xdotool): every expectation is computed here from the events and the
 * folded states by brute force, not by the code under test. Run under
 * xvfb-run. */
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "inspector-testutil.h"
#include "bookmarks.h"
#include "cav-event-row.h"
#include "cav-inspector-window.h"
#include "cav-marker-strip.h"
#include "cav-markers.h"
#include "cav-render.h"
#include "cav-timeline-filter.h"
#include "history.h"
#include "session.h"
#include "store.h"
#include "testutil.h"

#define SEED 20261
#define TURNS 700

typedef struct {
    TmpDir tmp;
    char *path;
    gint64 bookmarks[2];
    GtkWidget *window;
} Fixture;

/* A bot's game, with two bookmarks a third and two thirds of the way. */
static void fixture_setup(Fixture *f, gconstpointer data)
{
    g_autoptr(GError) error = NULL;

    tmp_dir_setup(&f->tmp, data);
    f->path = tmp_path(&f->tmp, "game.cavelog");
    {
        g_autoptr(Session) session = session_new_game(f->path, SEED, "tester", NULL, &error);

        g_assert_no_error(error);
        for (gint32 t = 0; t < TURNS && play_bot_turn(session); t++)
            ;
    }
    {
        g_autoptr(Store) store = store_open(f->path, TRUE, &error);
        gint64 length = 0;
        gint32 turn;
        guint64 digest;

        g_assert_no_error(error);
        g_assert_true(store_last_turn(store, &turn, &digest, &length, &error));
        g_assert_no_error(error);
        f->bookmarks[0] = length / 3;
        f->bookmarks[1] = 2 * length / 3;
        for (int i = 0; i < 2; i++) {
            bookmarks_add(store, f->bookmarks[i], "test", &error);
            g_assert_no_error(error);
        }
    }
}

static void fixture_teardown(Fixture *f, gconstpointer data)
{
    if (f->window != NULL)
        gtk_window_destroy(GTK_WINDOW(f->window));
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_free(f->path);
    tmp_dir_teardown(&f->tmp, data);
}

/* ---- driving the window ---------------------------------------------------------- */

static CavInspectorWindow *open_window(Fixture *f)
{
    CavInspectorWindow *window = cav_inspector_window_new(NULL);
    g_autoptr(GFile) file = g_file_new_for_path(f->path);
    gboolean loaded = FALSE;

    f->window = GTK_WIDGET(window);
    cav_inspector_window_set_headless(window, TRUE);
    g_signal_connect_swapped(window, "loaded", G_CALLBACK(itest_on_flag), &loaded);
    gtk_window_set_default_size(GTK_WINDOW(window), 1400, 900);
    gtk_window_present(GTK_WINDOW(window));
    cav_inspector_window_open(window, file);
    g_assert_true(itest_wait_until(itest_flag_set, &loaded));
    g_signal_handlers_disconnect_by_data(window, &loaded);
    return window;
}

static void show_and_wait(CavInspectorWindow *window, gint64 seq)
{
    EventWait w = {window, seq};

    cav_inspector_window_show_event(window, seq);
    g_assert_true(itest_wait_until(itest_shows_event, &w));
}

static void press_key(CavInspectorWindow *window, const char *key)
{
    const char *const keys[] = {key, NULL};

    itest_press_keys(GTK_WIDGET(window), keys);
}

static void click_at(CavInspectorWindow *window, GtkWidget *widget, double x, double y)
{
    itest_click_at(GTK_WIDGET(window), widget, x, y);
}

/* With CAVELOG_TEST_SHOTS=DIR, the markers menu open, as DIR/@name. */
static void shoot_menu(CavInspectorWindow *window, const char *name)
{
    GtkMenuButton *button =
        GTK_MENU_BUTTON(itest_find_named(GTK_WIDGET(window), GTK_TYPE_MENU_BUTTON, "markers"));
    g_autofree char *path = NULL;
    gint64 until = g_get_monotonic_time() + G_USEC_PER_SEC / 2;

    g_assert_nonnull(button);
    if (g_getenv("CAVELOG_TEST_SHOTS") == NULL)
        return;
    path = g_build_filename(g_getenv("CAVELOG_TEST_SHOTS"), name, NULL);
    gtk_menu_button_popup(button);
    while (g_get_monotonic_time() < until)
        g_main_context_iteration(NULL, FALSE);
    if (!cav_render_widget_png(GTK_WIDGET(gtk_menu_button_get_popover(button)), path, NULL))
        g_test_message("could not save %s", path);
    gtk_menu_button_popdown(button);
}

/* ---- the expected markers, by brute force ---------------------------------------- */

/* One event of @history decoded. */
static CavEvent event_at(History *history, gint64 seq)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GError) error = NULL;

    g_assert_true(history_read(history, seq, seq, events, &error));
    g_assert_no_error(error);
    return g_array_index(events, CavEvent, 0);
}

typedef struct {
    gint32 hp, z, level;
} PlayerFacts;

static PlayerFacts player_facts(History *history)
{
    const CavCreature *player = state_player(history_state(history));
    PlayerFacts facts = {0};

    if (player != NULL)
        facts = (PlayerFacts){player->hp, player->z, player->level};
    return facts;
}

/* The marker kinds at each seq (bit per CavMarkerKind), from the folded
 * states event by event (hp went down, z changed, level went up) and the
 * decoded deaths and ends, and the fixture's bookmarks. Leaves the
 * history's state at its last event. */
static GArray *expected_markers(Fixture *f, History *history)
{
    gint64 n = history_length(history);
    GArray *kinds = g_array_sized_new(FALSE, TRUE, sizeof(guint), (guint) n + 1);
    gint32 player = history_last_state(history)->player;
    PlayerFacts before;

    g_array_set_size(kinds, (guint) n + 1);
    g_assert_true(history_seek(history, 0, NULL));
    before = player_facts(history);
    for (gint64 seq = 1; seq <= n; seq++) {
        CavEvent event = event_at(history, seq);
        guint *bits = &g_array_index(kinds, guint, seq);
        gboolean had_player = state_player(history_state(history)) != NULL;
        PlayerFacts after;

        g_assert_true(history_seek(history, seq, NULL));
        after = player_facts(history);
        if (event.type == CAV_EVENT_CREATURE_DIED)
            *bits |= 1u << (event.as.CreatureDied.creature == player ? CAV_MARKER_END
                                                                     : CAV_MARKER_DEATH);
        if (event.type == CAV_EVENT_GAME_LOST || event.type == CAV_EVENT_GAME_WON)
            *bits |= 1u << CAV_MARKER_END;
        if (had_player && after.hp < before.hp)
            *bits |= 1u << CAV_MARKER_HURT;
        if (had_player && after.z != before.z)
            *bits |= 1u << CAV_MARKER_STAIRS;
        if (had_player && after.level > before.level)
            *bits |= 1u << CAV_MARKER_LEVEL_UP;
        before = after;
    }
    for (int i = 0; i < 2; i++)
        g_array_index(kinds, guint, f->bookmarks[i]) |= 1u << CAV_MARKER_BOOKMARK;
    return kinds;
}

/* The first seq after (or last before) @seq whose bits meet @mask; -1. */
static gint64 expected_next(const GArray *kinds, gint64 seq, gboolean forward, guint mask)
{
    for (gint64 s = forward ? seq + 1 : seq - 1; s >= 1 && s < (gint64) kinds->len;
         s += forward ? 1 : -1)
        if (g_array_index(kinds, guint, s) & mask)
            return s;
    return -1;
}

/* ---- /inspector/markers/found ------------------------------------------------------ */

/* The markers found equal the brute force's, seq by seq and kind by kind. */
static void test_found(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMarkerStrip *strip = cav_marker_strip_get(window);
    g_autoptr(GArray) kinds = NULL;
    g_autoptr(GArray) found = g_array_sized_new(FALSE, TRUE, sizeof(guint), 0);
    guint counts[CAV_MARKER_KINDS] = {0}, n;
    const CavMarker *markers;

    g_assert_nonnull(strip);
    markers = cav_markers_get(cav_marker_strip_get_markers(strip), &n);
    kinds = expected_markers(f, history);
    g_array_set_size(found, kinds->len);
    for (guint i = 0; i < n; i++) {
        g_assert_cmpint(markers[i].seq, >=, 1);
        g_assert_cmpint(markers[i].seq, <, (gint64) kinds->len);
        if (i > 0)
            g_assert_cmpint(markers[i - 1].seq, <=, markers[i].seq);
        g_array_index(found, guint, markers[i].seq) |= 1u << markers[i].kind;
        counts[markers[i].kind]++;
    }
    for (guint s = 1; s < kinds->len; s++)
        if (g_array_index(found, guint, s) != g_array_index(kinds, guint, s))
            g_error("event %u: markers 0x%x, expected 0x%x", s, g_array_index(found, guint, s),
                    g_array_index(kinds, guint, s));
    /* The game has what the test means to see. */
    g_assert_cmpuint(counts[CAV_MARKER_DEATH], >, 0);
    g_assert_cmpuint(counts[CAV_MARKER_HURT], >, 0);
    g_assert_cmpuint(counts[CAV_MARKER_BOOKMARK], ==, 2);
    g_test_message("markers: %u deaths, %u ends, %u stairs, %u hurt, %u level-ups",
                   counts[CAV_MARKER_DEATH], counts[CAV_MARKER_END], counts[CAV_MARKER_STAIRS],
                   counts[CAV_MARKER_HURT], counts[CAV_MARKER_LEVEL_UP]);
}

/* ---- /inspector/markers/keys --------------------------------------------------------- */

/* M and Shift+M, pressed for real, land where the brute force says, with
 * every kind shown and with only deaths shown. */
static void test_keys(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    g_autoptr(GArray) kinds = expected_markers(f, history);
    gint64 seq = 0;

    itest_wait_painted(f->window);
    show_and_wait(window, 0);
    gtk_window_set_focus(GTK_WINDOW(window), NULL);
    for (int i = 0; i < 8; i++) {
        EventWait w = {window, expected_next(kinds, seq, TRUE, ~0u)};

        g_assert_cmpint(w.seq, >, 0);
        press_key(window, "m");
        g_assert_true(itest_wait_until(itest_shows_event, &w));
        seq = w.seq;
    }
    for (int i = 0; i < 3; i++) {
        EventWait w = {window, expected_next(kinds, seq, FALSE, ~0u)};

        g_assert_cmpint(w.seq, >, 0);
        press_key(window, "shift+m");
        g_assert_true(itest_wait_until(itest_shows_event, &w));
        seq = w.seq;
    }
    /* Only deaths: the hurts and bookmarks between are skipped. */
    for (guint k = 0; k < CAV_MARKER_KINDS; k++) {
        static const char *const names[] = {"marker-death", "marker-end",      "marker-stairs",
                                            "marker-hurt",  "marker-level-up", "marker-bookmark"};
        g_action_group_change_action_state(G_ACTION_GROUP(window), names[k],
                                           g_variant_new_boolean(k == CAV_MARKER_DEATH));
    }
    seq = history_length(history) / 2;
    show_and_wait(window, seq);
    for (int i = 0; i < 3; i++) {
        EventWait w = {window, expected_next(kinds, seq, TRUE, 1u << CAV_MARKER_DEATH)};

        if (w.seq < 0)
            break;
        press_key(window, "m");
        g_assert_true(itest_wait_until(itest_shows_event, &w));
        seq = w.seq;
    }
    itest_save_shot(GTK_WIDGET(f->window), "markers-deaths-only.png");
}

/* ---- /inspector/markers/click ---------------------------------------------------------- */

static void show_only(CavInspectorWindow *window, CavMarkerKind kind)
{
    static const char *const names[] = {"marker-death", "marker-end",      "marker-stairs",
                                        "marker-hurt",  "marker-level-up", "marker-bookmark"};

    for (guint k = 0; k < CAV_MARKER_KINDS; k++)
        g_action_group_change_action_state(G_ACTION_GROUP(window), names[k],
                                           g_variant_new_boolean(k == kind));
}

/* A real click on a bookmark's tick, and on a death's tick that stands
 * alone, shows that event; the tooltip names the moment. */
static void test_click(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    CavMarkerStrip *strip = cav_marker_strip_get(window);
    g_autoptr(GArray) kinds = expected_markers(f, history);
    double y;
    gint64 lone = -1;

    itest_wait_painted(f->window);
    itest_save_shot(GTK_WIDGET(f->window), "markers-all.png");
    shoot_menu(window, "markers-menu.png");
    y = gtk_widget_get_height(GTK_WIDGET(strip)) / 2.0;
    show_only(window, CAV_MARKER_BOOKMARK);
    for (int i = 1; i >= 0; i--) {
        EventWait w = {window, f->bookmarks[i]};
        double x = cav_marker_strip_x_of(strip, f->bookmarks[i]);
        g_autofree char *tip = cav_marker_strip_tooltip_at(strip, x + 2);
        g_autofree char *event = g_strdup_printf("event %" G_GINT64_FORMAT, f->bookmarks[i]);

        g_assert_cmpfloat(x, >=, 0);
        g_assert_nonnull(tip);
        g_assert_nonnull(strstr(tip, "A bookmark"));
        g_assert_nonnull(strstr(tip, event));
        show_and_wait(window, 0);
        click_at(window, GTK_WIDGET(strip), x, y);
        g_assert_true(itest_wait_until(itest_shows_event, &w));
    }
    /* A death with no other death within 8 pixels, clicked 2 pixels off. */
    show_only(window, CAV_MARKER_DEATH);
    for (gint64 s = 1; s < (gint64) kinds->len && lone < 0; s++) {
        gint64 before, after;
        double x;

        if (!(g_array_index(kinds, guint, s) & (1u << CAV_MARKER_DEATH)))
            continue;
        before = expected_next(kinds, s, FALSE, 1u << CAV_MARKER_DEATH);
        after = expected_next(kinds, s, TRUE, 1u << CAV_MARKER_DEATH);
        x = cav_marker_strip_x_of(strip, s);
        if ((before < 0 || x - cav_marker_strip_x_of(strip, before) > 8) &&
            (after < 0 || cav_marker_strip_x_of(strip, after) - x > 8))
            lone = s;
    }
    if (lone > 0) {
        EventWait w = {window, lone};
        double x = cav_marker_strip_x_of(strip, lone);
        g_autofree char *tip = cav_marker_strip_tooltip_at(strip, x - 2);

        g_assert_nonnull(tip);
        g_assert_nonnull(strstr(tip, "A death"));
        g_assert_null(cav_marker_strip_tooltip_at(strip, x + 7)); /* nothing near */
        click_at(window, GTK_WIDGET(strip), x - 2, y);
        g_assert_true(itest_wait_until(itest_shows_event, &w));
    } else {
        g_test_message("no death stands alone on the strip; that click is not tried");
    }
}

/* ---- /inspector/markers/play-turns ----------------------------------------------------- */

/* The last event of each turn, by a scan of the index. */
static GArray *turn_ends(History *history)
{
    GArray *ends = g_array_new(FALSE, TRUE, sizeof(gint64));

    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        gint32 turn = history_entry(history, seq)->turn;

        if (turn >= (gint32) ends->len)
            g_array_set_size(ends, (guint) turn + 1);
        g_array_index(ends, gint64, turn) = seq;
    }
    return ends;
}

static gint32 turn_of(History *history, gint64 seq)
{
    return seq == 0 ? -1 : history_entry(history, seq)->turn;
}

/* One step from every event lands where the scan says: the end of its
 * turn, or of the next when it is at its turn's end. */
static void test_turn_steps(Fixture *f, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = history_open(f->path, 0, &error);
    g_autoptr(GArray) ends = NULL;
    gint64 n;

    g_assert_no_error(error);
    ends = turn_ends(history);
    n = history_length(history);
    for (gint64 seq = 0; seq <= n; seq++) {
        gint32 turn = turn_of(history, seq);
        gint64 expected;

        if (seq == n)
            expected = -1;
        else if (seq == 0 || g_array_index(ends, gint64, turn) == seq)
            expected = g_array_index(ends, gint64, turn + 1);
        else
            expected = g_array_index(ends, gint64, turn);
        g_assert_cmpint(cav_markers_turns_ahead(history, seq, 1), ==, expected);
    }
    g_assert_cmpint(cav_markers_turns_ahead(history, 0, 1 << 30), ==, n);
}

typedef struct {
    CavInspectorWindow *window;
    gint64 last;
    GArray *seen; /* seqs shown, in order */
    guint want;
} PlayWatch;

static gboolean played(gpointer data)
{
    PlayWatch *p = data;
    gint64 now = cav_inspector_window_get_event(p->window);

    if (now != p->last) {
        g_array_append_val(p->seen, now);
        p->last = now;
    }
    return p->seen->len >= p->want;
}

/* The play button with "Play by turns" on: the first step finishes the
 * turn it starts in, each step shows the last event of a later turn (never
 * an event inside one), and at 2 a second steps are one turn's events. */
static void test_play_turns(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    g_autoptr(GArray) ends = turn_ends(history);
    g_autoptr(GArray) seen = g_array_new(FALSE, FALSE, sizeof(gint64));
    GtkDropDown *speed =
        GTK_DROP_DOWN(itest_find_named(GTK_WIDGET(window), GTK_TYPE_DROP_DOWN, "speed"));
    gint64 start = g_array_index(ends, gint64, 20) - 2; /* inside turn 20 */
    PlayWatch watch = {window, start, seen, 5};
    guint single = 0;
    gint64 from = start;

    g_assert_nonnull(speed);
    itest_wait_painted(f->window);
    gtk_drop_down_set_selected(speed, 0); /* 2 a second */
    show_and_wait(window, start);
    g_action_group_change_action_state(G_ACTION_GROUP(window), "play-turns",
                                       g_variant_new_boolean(TRUE));
    g_action_group_change_action_state(G_ACTION_GROUP(window), "play", g_variant_new_boolean(TRUE));
    g_assert_true(itest_wait_until(played, &watch));
    g_action_group_change_action_state(G_ACTION_GROUP(window), "play",
                                       g_variant_new_boolean(FALSE));
    for (guint i = 0; i < seen->len; i++) {
        gint64 to = g_array_index(seen, gint64, i);
        gint32 turn = turn_of(history, to);

        g_assert_cmpint(to, ==, g_array_index(ends, gint64, turn)); /* a turn's end */
        g_assert_cmpint(to, >, from);
        single += i == 0 ? turn == 20 : turn == turn_of(history, from) + 1;
        from = to;
    }
    g_assert_cmpint(turn_of(history, g_array_index(seen, gint64, 0)), ==, 20);
    /* A frame late by half a second plays two turns at once, as it must
     * to keep the speed; the stepping itself is checked by turn-steps. */
    g_assert_cmpuint(single, >=, 1);
}

/* ---- /inspector/markers/search --------------------------------------------------------- */

/* The number in @event's payload field called @name, by its text. */
static gboolean field_number(const CavEvent *event, const char *name, gint64 *value)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        if (strcmp(fields[i].name, name) == 0 && fields[i].kind == CAV_FIELD_I32) {
            g_autoptr(GString) text = g_string_new(NULL);

            ev_append_field_value(event, &fields[i], text);
            *value = g_ascii_strtoll(text->str, NULL, 10);
            return TRUE;
        }
    }
    return FALSE;
}

typedef gboolean (*EventTest)(const CavEvent *event, gint64 arg);

static gboolean damage_over(const CavEvent *e, gint64 arg)
{
    gint64 v;
    return field_number(e, "damage", &v) && v > arg;
}

static gboolean creature_is(const CavEvent *e, gint64 arg)
{
    gint64 v;
    return field_number(e, "creature", &v) && v == arg;
}

static gboolean died(const CavEvent *e, gint64 arg)
{
    return e->type == CAV_EVENT_CREATURE_DIED;
}

static gboolean caused_by(const CavEvent *e, gint64 arg)
{
    return e->cause == arg;
}

static gboolean hits_on(const CavEvent *e, gint64 arg)
{
    gint64 v, d;
    return e->type == CAV_EVENT_CREATURE_ATTACKED && field_number(e, "target", &v) && v == arg &&
           field_number(e, "damage", &d) && d >= 1;
}

typedef struct {
    CavInspectorWindow *window;
    const char *text;
} SearchWait;

/* The search entry's text reached the filter (after the entry's delay) and
 * the filter model went through every row. */
static gboolean filter_done(gpointer data)
{
    SearchWait *w = data;
    GtkFilterListModel *model = GTK_FILTER_LIST_MODEL(cav_inspector_window_get_timeline(w->window));
    CavTimelineFilter *filter = CAV_TIMELINE_FILTER(gtk_filter_list_model_get_filter(model));

    return g_strcmp0(cav_timeline_filter_get_text(filter), w->text) == 0 &&
           gtk_filter_list_model_get_pending(model) == 0;
}

static void search(CavInspectorWindow *window, GtkEditable *entry, const char *text)
{
    SearchWait w = {window, text};

    gtk_editable_set_text(entry, text);
    g_assert_true(itest_wait_until(filter_done, &w));
}

/* The events a search shows equal a scan of every decoded event. */
static void test_search(Fixture *f, gconstpointer data)
{
    CavInspectorWindow *window = open_window(f);
    History *history = cav_inspector_window_get_history(window);
    GListModel *timeline = cav_inspector_window_get_timeline(window);
    GtkEditable *entry =
        GTK_EDITABLE(itest_find_named(GTK_WIDGET(window), GTK_TYPE_SEARCH_ENTRY, NULL));
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint32 player = history_last_state(history)->player;
    g_autoptr(GHashTable) causes = g_hash_table_new(g_int64_hash, g_int64_equal);
    gint64 cause = 0;
    guint most = 0;

    g_assert_true(history_read(history, 1, history_length(history), events, NULL));
    /* the event that caused the most others */
    for (guint i = 0; i < events->len; i++) {
        CavEvent *e = &g_array_index(events, CavEvent, i);
        guint count = GPOINTER_TO_UINT(g_hash_table_lookup(causes, &e->cause)) + 1;

        if (e->cause == 0)
            continue;
        g_hash_table_insert(causes, &e->cause, GUINT_TO_POINTER(count));
        if (count > most)
            most = count, cause = e->cause;
    }
    {
        g_autofree char *by_cause = g_strdup_printf("cause=%" G_GINT64_FORMAT, cause);
        g_autofree char *on_player = g_strdup_printf("target=%d and damage>=1 and "
                                                     "type=CreatureAttacked",
                                                     player);
        const struct {
            const char *text;
            EventTest test;
            gint64 arg;
        } cases[] = {
            {"damage>5", damage_over, 5},   {"creature = 3", creature_is, 3},
            {"type=CreatureDied", died, 0}, {by_cause, caused_by, cause},
            {on_player, hits_on, player},
        };

        for (gsize c = 0; c < G_N_ELEMENTS(cases); c++) {
            guint expected = 0, position = 0;

            search(window, entry, cases[c].text);
            for (guint i = 0; i < events->len; i++) {
                const CavEvent *e = &g_array_index(events, CavEvent, i);

                if (!cases[c].test(e, cases[c].arg))
                    continue;
                expected++;
                g_assert_cmpuint(position, <, g_list_model_get_n_items(timeline));
                {
                    g_autoptr(CavEventRow) row = g_list_model_get_item(timeline, position++);
                    g_assert_cmpint(cav_event_row_get_seq(row), ==, e->seq);
                }
            }
            g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, expected);
            g_assert_cmpuint(expected, >, 0);
            g_test_message("%s: %u events", cases[c].text, expected);
        }
    }
    itest_save_shot(GTK_WIDGET(f->window), "markers-search.png");
    /* A condition that is not one: nothing shown, the entry marked. */
    search(window, entry, "damge>5");
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, 0);
    g_assert_true(gtk_widget_has_css_class(GTK_WIDGET(entry), "error"));
    g_assert_nonnull(strstr(gtk_widget_get_tooltip_text(GTK_WIDGET(entry)), "“damge”"));
    itest_save_shot(GTK_WIDGET(f->window), "markers-search-error.png");
    /* Words are still words. */
    search(window, entry, "");
    g_assert_false(gtk_widget_has_css_class(GTK_WIDGET(entry), "error"));
    g_assert_cmpuint(g_list_model_get_n_items(timeline), ==, events->len);
}

/* A file changed while open (another connection's UPDATE) cannot be read
 * for the hurt markers; the warning names the file as ev_shown() shows
 * it: an ESC in its name is written \\e, never raw to the terminal. */
static void test_changed_warning(Fixture *f, gconstpointer data)
{
    g_autofree char *path = tmp_path(&f->tmp, "game\033[2J.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = NULL;
    sqlite3 *db;

    if (!g_test_subprocess()) {
        g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
        g_test_trap_assert_stderr(
            "*markers: *game\\e[2J.cavelog*changed after the file was opened*");
        g_test_trap_assert_stderr_unmatched("*\033*");
        return;
    }
    g_assert_cmpint(g_rename(f->path, path), ==, 0);
    history = history_open(path, 0, &error);
    g_assert_no_error(error);
    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "UPDATE events SET cause = coalesce(cause, 0) + 1000000"
                                 " WHERE type = 'CreatureAttacked'",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_changes(db), >, 0);
    sqlite3_close(db);
    g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
    cav_markers_free(cav_markers_new(history, NULL, 0));
}

int main(int argc, char **argv)
{
    ItestEnv env;

    itest_init(&argc, &argv, &env);
#define ADD(path, func) g_test_add(path, Fixture, NULL, fixture_setup, func, fixture_teardown)
    ADD("/inspector/markers/found", test_found);
    ADD("/inspector/markers/keys", test_keys);
    ADD("/inspector/markers/click", test_click);
    ADD("/inspector/markers/turn-steps", test_turn_steps);
    ADD("/inspector/markers/play-turns", test_play_turns);
    ADD("/inspector/markers/search", test_search);
    ADD("/inspector/markers/changed-warning", test_changed_warning);
#undef ADD
    return itest_run(&env);
}
