/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui-walk.c — the play screen's walks, driven for real in tmux
 * (tui-play.h): auto-explore (and where it stops), travel with the cursor,
 * running, resting, digging, the aim and look cursors, and the items the
 * player remembers out of view. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "messages.h"
#include "travel.h"
#include "scenario.h"
#include "testutil.h"
#include "tui-play.h"

/* ---- comforts: auto-explore, travel, running, the pack, digging --------- */

/* How long a whole level's auto-explore may take on a loaded machine. */
#define EXPLORE_WAIT_MS 240000

/* A level 1 (of data without creatures or items) whose region around the
 * player holds stairs down. */
#define EXPLORE_SEED 3

#define EXPLORED_TEXT "Nothing left to explore"

/* No spawns at all, and (creatures.ini) food that never runs out. */
static char *empty_data(guint index, const char *text)
{
    g_autoptr(GRegex) spawns =
        g_regex_new("^(spawn|spawn_base|spawn_per_level)=.*$", G_REGEX_MULTILINE, 0, NULL);
    g_autoptr(GRegex) max_food = g_regex_new("^max_food=.*$", G_REGEX_MULTILINE, 0, NULL);
    g_autoptr(GRegex) food = g_regex_new("^food=.*$", G_REGEX_MULTILINE, 0, NULL);
    g_autofree char *no_spawn = g_regex_replace(spawns, text, -1, 0, "\\1=0", 0, NULL);
    g_autofree char *roomy = NULL;

    if (index != 0)
        return g_steal_pointer(&no_spawn);
    roomy = g_regex_replace(max_food, no_spawn, -1, 0, "max_food=1000000", 0, NULL);
    return g_regex_replace(food, roomy, -1, 0, "food=500000", 0, NULL);
}

/* Play with no creature and no item spawned anywhere, and food enough
 * never to go hungry: a level to explore undisturbed. */
static void use_empty_data(Fixture *f)
{
    use_data(f, empty_data);
}

/* Whether every open cell of level 0 that can be walked to from the player
 * (8-way over floor and stairs, the true terrain) is remembered. */
static gboolean explored_everything(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);
    g_autofree DistanceMap *distance = g_new(DistanceMap, 1);
    gint unseen = 0;

    fetch_distances(state, player->x, player->y, *distance);
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            unseen += (*distance)[y][x] >= 0 && !view_remembers(view, 0, x, y);
    g_test_message("%d reachable cells never seen", unseen);
    return unseen == 0;
}

static gint count_walls(const CavState *state)
{
    gint walls = 0;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            walls += state_tile(state, 0, x, y) == TILE_WALL;
    return walls;
}

/* Wait until the turn on screen stays the same for a while; that turn. */
static gint32 wait_turn_settles(Fixture *f)
{
    gint32 last = -1, now = screen_turn(f);

    for (int tries = 0; tries < 100 && now != last; tries++) {
        g_usleep(500 * 1000);
        last = now;
        now = screen_turn(f);
    }
    g_assert_cmpint(now, ==, last);
    return now;
}

/* Whether auto-explore said it is done, or stopped for another reason. */
static gboolean explore_ended(const char *text, G_GNUC_UNUSED gconstpointer data)
{
    return strstr(text, EXPLORED_TEXT) != NULL || strstr(text, "You stop") != NULL;
}

/* `o` on a level without creatures or items walks, turn by turn, until it
 * says nothing is left: then every cell the player can reach is
 * remembered, and not one wall was dug. `_` then `>` travels to known
 * stairs down, where `>` climbs down. */
static void test_explore(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autoptr(Session) session = NULL;
    gint walls = 0;
    Screen screen;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_empty_data(f);
    session = make_fresh_game(f, EXPLORE_SEED);
    walls = count_walls(session_state(session));
    g_assert_false(explored_everything(session_state(session), session_view(session)));
    g_clear_pointer(&session, session_free);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_text(&f->tmux, "o");
    if (!tmux_wait_until(&f->tmux, explore_ended, NULL, EXPLORE_WAIT_MS, &text))
        g_error("auto-explore never finished; the screen shows:\n%s", text);
    g_assert_nonnull(strstr(text, EXPLORED_TEXT));
    g_test_message("explored:\n%s", text);
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen.turn, >, 50);
    /* travel to the nearest known stairs down, and take them */
    g_free(press_for(f, "_", "Enter travels there"));
    tmux_send_text(&f->tmux, ">");
    g_assert_cmpint(wait_turn_settles(f), >, screen.turn);
    g_free(text);
    text = press_for(f, ">", "You climb down to depth 2.");
    g_assert_nonnull(strstr(text, "Depth 2"));
    session = quit_and_open(f);
    /* the player stands where the stairs down were: level 0's memory is
     * checked from there, and it holds every cell reachable */
    g_assert_true(explored_everything(session_state(session), session_view(session)));
    g_assert_cmpint(count_walls(session_state(session)), ==, walls);
}

/* A key pressed while exploring stops it at once (and does nothing else). */
static void test_explore_key(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gint32 started = 4, stopped;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_empty_data(f);
    session_free(make_fresh_game(f, EXPLORE_SEED));
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    tmux_send_text(&f->tmux, "o");
    g_assert_true(tmux_wait_until(&f->tmux, turn_after, &started, TMUX_WAIT_MS, &text));
    tmux_send_text(&f->tmux, "i");
    stopped = wait_turn_settles(f);
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_test_message("stopped at turn %d:\n%s", stopped, text);
    g_assert_null(strstr(text, EXPLORED_TEXT));
    g_assert_null(strstr(text, "Your pack")); /* the key was thrown away */
    g_assert_cmpint(stopped, <, 150);         /* the whole level takes over 300 */
}

/* The standard data with a player who heals a point of hp and of mana
 * every four turns and never hungers. */
static char *healing_data(guint index, const char *text)
{
    g_auto(GStrv) parts = g_strsplit(text, "behaviour=player\n", 2);

    /* after the player's own keys: the last value of a key counts */
    g_assert_cmpint(g_strv_length(parts), ==, index == 0 ? 2 : 1);
    return g_strjoinv("behaviour=player\nhp_regen_permille=250\nmana_regen_permille=250\n"
                      "max_food=1000000\nfood=500000\n",
                      parts);
}

/* The player has killed the nearest zombie, lost hp doing it, and sees no
 * creature but fungi. */
static gboolean make_hurt_alone(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    const CavCreature *zombie = fetch_nearest_creature(session_state(session), "zombie");
    const CavCreature *player;
    CavCommand choose = command_choose(CAV_BONUS_ATTACK);

    if (zombie == NULL || !fetch_beside(session, zombie->id, out) ||
        fetch_strike(session, out, 30) == 0)
        return FALSE;
    while (state_player(session_state(session))->pending_bonuses > 0)
        g_assert_true(session_play(session, &choose, NULL, NULL));
    player = state_player(session_state(session));
    return player->hp < player->max_hp &&
           fetch_sees_only_fungi(session_state(session), session_view(session));
}

/* Resting goes, wait by wait, until hp and mana are full, with nothing
 * coming into view on the way (as travel.h's rules tell). */
static gboolean rehearse_rest(Fixture *f, G_GNUC_UNUSED const Fetched *fetched)
{
    char *path = NULL;
    Session *session = rehearsal_open(f, &path);
    g_autofree TravelWatch *watch = g_new0(TravelWatch, 1);
    CavCommand wait = command_simple(CMD_WAIT);
    gboolean ok = FALSE;

    travel_watch_begin(watch, session_state(session), session_view(session));
    for (int turn = 0; turn < 1000 && !ok; turn++) {
        g_autofree char *why = NULL;

        ok = travel_rest_check(session_state(session)) == TRAVEL_RESTED;
        if (ok)
            break;
        g_assert_true(session_play(session, &wait, &why, NULL));
        if (why != NULL ||
            travel_watch_step(watch, session_state(session), session_view(session)) != TRAVEL_GO)
            break;
    }
    rehearsal_close(session, path);
    return ok;
}

/* `Z`, hurt and alone: one key waits turn after turn until hp and mana are
 * full, where the player stands; `Z` again, rested, takes no turn. */
static void test_rest(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autoptr(Session) session = NULL;
    const CavCreature *player;
    Fetched fetched;
    Screen before, after;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, healing_data);
    fetched = fetch_situation(f, make_hurt_alone, rehearse_rest, NULL);
    continue_game(f, 100);
    text = tmux_wait_for(&f->tmux, "Turn ");
    g_assert_true(parse_screen(text, &before));
    g_free(text);
    text = press_for(f, "Z", "You are rested.");
    g_assert_true(parse_screen(text, &after));
    g_assert_cmpint(after.turn, >, before.turn + 1);
    g_assert_cmpint(after.x, ==, before.x);
    g_assert_cmpint(after.y, ==, before.y);
    tmux_send_text(&f->tmux, "Z");
    g_assert_cmpint(wait_turn_settles(f), ==, after.turn);
    session = quit_and_open(f);
    player = state_player(session_state(session));
    g_assert_cmpint(player->hp, ==, player->max_hp);
    g_assert_cmpint(player->mana, ==, player->max_mana);
    g_assert_cmpint(session_state(session)->turn, ==, after.turn);
    g_assert_cmpint(fetched.turn, ==, before.turn);
}

/* A direction from the player of @session with two floor cells that way. */
static void open_direction(Session *session, gint32 *dx, gint32 *dy)
{
    const CavCreature *player = state_player(session_state(session));

    *dx = *dy = 0;
    for (gint32 d = 0; d < 9 && *dx == 0 && *dy == 0; d++) {
        gint32 ddx = d % 3 - 1, ddy = d / 3 - 1;
        if ((ddx != 0 || ddy != 0) &&
            state_tile(session_state(session), 0, player->x + ddx, player->y + ddy) == TILE_FLOOR &&
            state_tile(session_state(session), 0, player->x + 2 * ddx, player->y + 2 * ddy) ==
                TILE_FLOOR) {
            *dx = ddx;
            *dy = ddy;
        }
    }
    g_assert_true(*dx != 0 || *dy != 0);
}

/* Whether the stats line shows the player at the (x, y) of @data. */
static gboolean stands_at(const char *text, gconstpointer data)
{
    const gint32 *at = data;
    Screen screen;

    return parse_screen(text, &screen) && screen.x == at[0] && screen.y == at[1];
}

/* Travel to a cell picked with the cursor: `_`, two cells away, Enter; and
 * from looking: `;`, back to the start, `_`. Each step a turn. */
static void test_travel_cursor(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autoptr(Session) session = NULL;
    g_autofree char *text = NULL;
    gint32 dx, dy, there[2], start[2];

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_empty_data(f);
    session = make_fresh_game(f, EXPLORE_SEED);
    open_direction(session, &dx, &dy);
    start[0] = state_player(session_state(session))->x;
    start[1] = state_player(session_state(session))->y;
    there[0] = start[0] + 2 * dx;
    there[1] = start[1] + 2 * dy;
    g_clear_pointer(&session, session_free);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    g_free(press_for(f, "_", "Enter travels there"));
    tmux_send_text(&f->tmux, step_key(dx, dy));
    tmux_send_text(&f->tmux, step_key(dx, dy));
    tmux_send_text(&f->tmux, "\r");
    if (!tmux_wait_until(&f->tmux, stands_at, there, TMUX_WAIT_MS, &text))
        g_error("travel did not get there; the screen shows:\n%s", text);
    g_assert_cmpint(wait_turn_settles(f), ==, 2);
    g_free(press_for(f, ";", "_ travel"));
    tmux_send_text(&f->tmux, step_key(-dx, -dy));
    tmux_send_text(&f->tmux, step_key(-dx, -dy));
    tmux_send_text(&f->tmux, "_");
    g_free(text);
    if (!tmux_wait_until(&f->tmux, stands_at, start, TMUX_WAIT_MS, &text))
        g_error("travel from look did not get back; the screen shows:\n%s", text);
    g_assert_cmpint(wait_turn_settles(f), ==, 4);
}

/* Shift+direction runs: one turn a step, in a straight line, until the
 * run's rule says stop (checked on the saved game); G then a direction
 * runs back. */
static void test_run(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autoptr(Session) session = NULL;
    g_autofree char *key = NULL;
    gint32 dx = 0, dy = 0, x0, y0, steps;
    const CavCreature *player;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_empty_data(f);
    session = make_fresh_game(f, EXPLORE_SEED);
    player = state_player(session_state(session));
    x0 = player->x;
    y0 = player->y;
    open_direction(session, &dx, &dy);
    g_clear_pointer(&session, session_free);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    key = g_ascii_strup(step_key(dx, dy), -1);
    g_free(press_for_turn(f, key));
    wait_turn_settles(f);
    session = quit_and_open(f);
    player = state_player(session_state(session));
    steps = MAX(ABS(player->x - x0), ABS(player->y - y0));
    g_test_message("ran %d steps from (%d,%d) by (%d,%d)", steps, x0, y0, dx, dy);
    g_assert_cmpint(steps, >=, 2);
    g_assert_cmpint(player->x, ==, x0 + dx * steps);
    g_assert_cmpint(player->y, ==, y0 + dy * steps);
    g_assert_cmpint(session_state(session)->turn, ==, steps);
    g_assert_cmpint(travel_run_check(session_state(session), session_view(session), dx, dy, FALSE),
                    !=, TRAVEL_GO);
    g_clear_pointer(&session, session_free);
    tmux_stop(&f->tmux);

    /* G and the opposite direction: back the same way, at least a step */
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_free(press_for(f, "G", "Run which way?"));
    g_free(press_for_turn(f, step_key(-dx, -dy)));
    wait_turn_settles(f);
    session = quit_and_open(f);
    g_assert_cmpint(session_state(session)->turn, >, steps);
    g_assert_cmpint(state_player(session_state(session))->x, ==,
                    x0 + dx * (steps - (session_state(session)->turn - steps)));
}

/* The player stands next to rock (east, west, north or south; the way in
 * out->dx, out->dy), unhurt and seeing no one. */
static gboolean make_by_rock(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    static const gint32 ways[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

    for (int turn = 0; turn < FETCH_TURNS; turn++) {
        const CavState *state = session_state(session);
        const CavCreature *p = state_player(state);

        for (guint i = 0; i < G_N_ELEMENTS(ways); i++)
            if (state_tile(state, 0, p->x + ways[i][0], p->y + ways[i][1]) == TILE_WALL &&
                world_in_bounds(p->x + 2 * ways[i][0], p->y + 2 * ways[i][1])) {
                out->dx = ways[i][0];
                out->dy = ways[i][1];
                return fetch_alone(state, session_view(session)) && p->hp == p->max_hp;
            }
        if (!fetch_step(session, MIN(p->x + 5, CAV_WIDTH - 1), p->y))
            return FALSE;
    }
    return FALSE;
}

/* A move into rock asks first: no digs nothing and passes no turn; yes
 * digs (a turn). */
static void test_dig(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_by_rock, NULL, NULL);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_free(press_for(f, step_key(fetched.dx, fetched.dy), DIG_QUESTION));
    tmux_send_text(&f->tmux, "n");
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, DIG_QUESTION, TMUX_WAIT_MS, &text));
    g_usleep(300 * 1000);
    g_assert_cmpint(screen_turn(f), ==, fetched.turn);
    g_free(text);
    g_free(press_for(f, step_key(fetched.dx, fetched.dy), DIG_QUESTION));
    text = press_for_turn(f, "y");
    g_assert_nonnull(strstr(text, "You dig through the rock."));
}

static gboolean fits_any(G_GNUC_UNUSED const CavState *state, G_GNUC_UNUSED const CavItem *item)
{
    return TRUE;
}

/* The player has seen an item (out->item) and walked away from it: it
 * lies where they saw it, out of view, remembered, at most 30 columns and
 * 8 rows away (on screen), with no one in view. */
static gboolean make_item_behind(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    const CavItem *item = fetch_nearest(session_state(session), fits_any);
    g_autofree DistanceMap *from_item = g_new(DistanceMap, 1);
    gint32 far_x = -1, far_y = -1, far = -1;

    if (item == NULL || !fetch_walk_to(session, item->id))
        return FALSE;
    out->item = item->id;
    fetch_distances(session_state(session), item->x, item->y, *from_item);
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            if ((*from_item)[y][x] > far && (*from_item)[y][x] <= 20) {
                far = (*from_item)[y][x];
                far_x = x;
                far_y = y;
            }
    for (int turn = 0; turn < FETCH_TURNS; turn++) {
        const CavState *state = session_state(session);
        const CavCreature *p = state_player(state);

        item = state_item(state, out->item);
        if (item->holder != 0 || p->z != item->z)
            return FALSE;
        if (!view_sees(session_view(session), item->z, item->x, item->y)) {
            out->dx = item->x - p->x;
            out->dy = item->y - p->y;
            return ABS(out->dx) <= 30 && ABS(out->dy) <= 8 &&
                   view_remembered_item(session_view(session), item->z, item->x, item->y) ==
                       item->id &&
                   fetch_alone(state, session_view(session));
        }
        if ((p->x == far_x && p->y == far_y) || !fetch_step(session, far_x, far_y))
            return FALSE;
    }
    return FALSE;
}

/* Whether the cell at @row, @col (columns of plain text) of @styled is
 * drawn dim (SGR 2). */
static gboolean dim_at(const char *styled, int row, int col)
{
    g_auto(GStrv) lines = g_strsplit(styled, "\n", -1);
    const char *c;
    gboolean dim = FALSE;
    int column = 0;

    g_assert_cmpint(row, <, (int) g_strv_length(lines));
    for (c = lines[row]; *c != '\0'; c++) {
        if (c[0] == '\033' && c[1] == '[') {
            g_auto(GStrv) codes = NULL;
            const char *end = strchr(c, 'm');
            g_autofree char *inside = g_strndup(c + 2, (gsize) (end - c - 2));

            codes = g_strsplit(inside, ";", -1);
            for (guint i = 0; codes[i] != NULL; i++)
                dim = g_str_equal(codes[i], "2") ? TRUE
                      : g_str_equal(codes[i], "0") || codes[i][0] == '\0' ||
                              g_str_equal(codes[i], "22")
                          ? FALSE
                          : dim;
            c = end;
            continue;
        }
        if (column == col)
            return dim;
        column++;
    }
    return FALSE;
}

/* An item seen and left behind stays drawn where it lay, dimmed, and
 * looking there names it. */
static void test_remembered_item(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *styled = NULL;
    g_autofree char *glyph = NULL;
    g_autoptr(GString) sentence = g_string_new("You remember floor there, and ");
    Fetched fetched;
    Screen screen;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_item_behind, NULL, NULL);
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_open(f->save, NULL, &error);
        const CavItem *item;

        g_assert_no_error(error);
        item = state_item(session_state(session), fetched.item);
        glyph = g_strdup_printf("%c", item->glyph);
        messages_item_name(session_state(session), item, item->count, MESSAGES_A, sentence);
        g_string_append(sentence, " on it.");
    }
    continue_game(f, 100);
    text = tmux_wait_for(&f->tmux, "Turn ");
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen_char_at(text, &screen, fetched.dx, fetched.dy), ==, glyph[0]);
    styled = tmux_capture_styled(&f->tmux);
    g_assert_true(dim_at(styled, screen.at_row + fetched.dy, screen.at_col + fetched.dx));
    g_assert_false(dim_at(styled, screen.at_row, screen.at_col));
    /* the look cursor walked there: what is remembered */
    g_free(press_for(f, ";", "Esc ends"));
    for (gint32 x = 0, y = 0; x != fetched.dx || y != fetched.dy;) {
        gint32 sx = CLAMP(fetched.dx - x, -1, 1), sy = CLAMP(fetched.dy - y, -1, 1);

        tmux_send_text(&f->tmux, step_key(sx, sy));
        x += sx;
        y += sy;
    }
    g_free(text);
    text = tmux_wait_for(&f->tmux, sentence->str);
}

/* ---- /tui/aim-text-whole ------------------------------------------------- */

#define TRAVEL_HINT "Enter travels there, < > stairs, * next item, Esc cancel"

static gboolean shows_sentence_and_hint(const char *text, gconstpointer sentence)
{
    return strstr(text, sentence) != NULL && strstr(text, TRAVEL_HINT) != NULL;
}

/* At 80 × 24, what the travel cursor says of a remembered cell with an item
 * ("You remember floor there, and … on it.") is read whole, and so are the
 * keys: the hint takes a row of its own rather than cut the description. */
static void test_aim_text_whole(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    g_autoptr(GString) sentence = g_string_new("You remember floor there, and ");
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_item_behind, NULL, NULL);
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_open(f->save, NULL, &error);

        g_assert_no_error(error);
        messages_item_name(session_state(session), state_item(session_state(session), fetched.item),
                           1, MESSAGES_A, sentence);
        g_string_append(sentence, " on it.");
    }
    g_assert_cmpint((int) sentence->len + 2 + (int) strlen(TRAVEL_HINT), >, 80);
    continue_game(f, 80);
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "80", "-y", "24");
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_free(press_for(f, "_", "Enter travels"));
    for (gint32 x = 0, y = 0; x != fetched.dx || y != fetched.dy;) {
        gint32 sx = CLAMP(fetched.dx - x, -1, 1), sy = CLAMP(fetched.dy - y, -1, 1);

        tmux_send_text(&f->tmux, step_key(sx, sy));
        x += sx;
        y += sy;
    }
    /* one capture may catch the frame half drawn: wait for the two */
    if (!tmux_wait_until(&f->tmux, shows_sentence_and_hint, sentence->str, TMUX_WAIT_MS, &text))
        g_error("the description or the hint is not whole:\n%s", text);
    g_test_message("the travel cursor on the item:\n%s", text);
    g_assert_nonnull(strstr(text, TRAVEL_HINT));
}

/* ---- /tui/look-scrolls -------------------------------------------------- */

/* The map rows at 80 × 24: the rows of the level the screen shows. */
#define SMALL_MAP_ROWS 20

/* Whether the '@' is on screen row data[0] (-1: not on screen). */
static gboolean at_row_is(const char *text, gconstpointer data)
{
    Screen screen;

    return parse_screen(text, &screen) && screen.at_row == *(const int *) data;
}

/* The screen row of the player at map row @y under a viewport whose top
 * row is @top; -1 when off screen. */
static int player_row(gint32 y, gint32 top)
{
    return y - top >= 0 && y - top < SMALL_MAP_ROWS ? MAP_TOP + (int) (y - top) : -1;
}

/* The look cursor goes past the edge of the map on screen: at 80 × 24 the
 * level (32 rows) does not fit, and the viewport follows the cursor to the
 * level's last (or first) row; Esc brings it back to the player. */
static void test_look_scrolls(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gint32 top, far_top;
    int before, after;
    gboolean down;
    Screen screen;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 80, 24);
    text = tmux_wait_for(&f->tmux, "Turn 0");
    g_assert_true(parse_screen(text, &screen));
    /* a new level is centred on the player, as far as the map lets it */
    top = CLAMP(screen.y - SMALL_MAP_ROWS / 2, 0, CAV_HEIGHT - SMALL_MAP_ROWS);
    before = player_row(screen.y, top);
    g_assert_cmpint(screen.at_row, ==, before);
    down = top < CAV_HEIGHT - SMALL_MAP_ROWS;
    far_top = down ? CAV_HEIGHT - SMALL_MAP_ROWS : 0;
    after = player_row(screen.y, far_top);
    g_free(press_for(f, ";", "Esc ends"));
    for (int step = 0; step < CAV_HEIGHT; step++)
        tmux_send_text(&f->tmux, down ? "j" : "k");
    g_free(text);
    if (!tmux_wait_until(&f->tmux, at_row_is, &after, TMUX_WAIT_MS, &text))
        g_error("the map did not follow the cursor; the screen shows:\n%s", text);
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    if (!tmux_wait_until(&f->tmux, at_row_is, &before, TMUX_WAIT_MS, &text))
        g_error("the map did not come back to the player; the screen shows:\n%s", text);
}

/* ---- /tui/explore-going-round -------------------------------------------- */

/* Most seeds searched for a level where auto-explore goes round. */
#define ROUND_SEEDS 60

/* Whether auto-explore, walked as tui-walk.c walks it (travel_explore_step(),
 * a move a turn), comes back to a cell it stood on without having learned a
 * cell since, before it runs out of places to explore. */
static gboolean explore_goes_round(Session *session)
{
    g_autofree guint8 *been = g_new0(guint8, CAV_WIDTH * CAV_HEIGHT);
    gint known = -1;

    for (int step = 0; step < CAV_WIDTH * CAV_HEIGHT; step++) {
        g_autofree char *why = NULL;
        const CavCreature *player;
        CavCommand move;
        gint32 dx, dy;
        gint now = 0;

        if (!travel_explore_step(session_state(session), session_view(session), &dx, &dy))
            return FALSE;
        move = command_move(dx, dy);
        g_assert_true(session_play(session, &move, &why, NULL));
        if (why != NULL)
            return FALSE;
        player = state_player(session_state(session));
        for (gint32 y = 0; y < CAV_HEIGHT; y++)
            for (gint32 x = 0; x < CAV_WIDTH; x++)
                now += view_remembers(session_view(session), player->z, x, y);
        if (now > known)
            memset(been, 0, CAV_WIDTH * CAV_HEIGHT);
        known = now;
        if (been[player->y * CAV_WIDTH + player->x])
            return TRUE;
        been[player->y * CAV_WIDTH + player->x] = 1;
    }
    return FALSE;
}

/* Whether a walk begun at turn *@data has stopped and said why (or was
 * refused). */
static gboolean explore_stopped(const char *text, gconstpointer data)
{
    return strstr(text, "Not with") != NULL ||
           ((strstr(text, EXPLORED_TEXT) != NULL || strstr(text, "stop") != NULL) &&
            turn_after(text, data));
}

#define GOING_ROUND_TEXT "You stop: you keep coming back the same way"

/* No items and no creatures but fungi (as empty_data()), which never move
 * and never strike: one in a passage blocks the way while in view and is
 * forgotten out of it, so auto-explore may turn back and forth there. */
static char *fungi_only_data(guint index, const char *text)
{
    g_autoptr(GRegex) fungus = g_regex_new("(\\[fungus\\][^\\[]*)spawn_base=0", 0, 0, NULL);
    g_autofree char *empty = empty_data(index, text);

    return g_regex_replace(fungus, empty, -1, 0, "\\1spawn_base=6", 0, NULL);
}

/* On a level where auto-explore comes back the same way without seeing
 * anything new (a fungus in the way, seen, then out of view), `o` (pressed
 * again after each sighting) stops and says that, not that there is
 * nothing new to find. */
static void test_explore_going_round(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gint64 seed = 1;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, fungi_only_data);
    for (;; seed++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(f->save, seed, "tester", NULL, &error);
        gboolean round;

        g_assert_no_error(error);
        round = explore_goes_round(session);
        g_clear_pointer(&session, session_free);
        g_unlink(f->save);
        if (round)
            break;
        if (seed == ROUND_SEEDS)
            g_error("no seed up to %d has auto-explore go round", ROUND_SEEDS);
    }
    g_test_message("seed %" G_GINT64_FORMAT " goes round", seed);
    session_free(make_fresh_game(f, seed));
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    /* each sighting of a fungus stops a walk once: `o` again goes on */
    for (int walk = 0; walk < 20 && (text == NULL || strstr(text, GOING_ROUND_TEXT) == NULL);
         walk++) {
        gint32 turn = screen_turn(f);

        g_free(text);
        text = NULL;
        tmux_send_text(&f->tmux, "o");
        if (!tmux_wait_until(&f->tmux, explore_stopped, &turn, EXPLORE_WAIT_MS, &text))
            g_error("auto-explore never stopped; the screen shows:\n%s", text);
        g_test_message("stopped:\n%s", text);
        g_assert_null(strstr(text, "nothing new;"));
        g_assert_null(strstr(text, "Not with"));
        g_assert_null(strstr(text, EXPLORED_TEXT));
    }
    g_assert_nonnull(strstr(text, GOING_ROUND_TEXT));
}

/* ---- /tui/walk-threat ---------------------------------------------------- */

/* No walk starts with a goblin next to the player, and the refusal says on
 * which side it stands, in the words text mode and the README use: a
 * goblin to the north-east (a diagonal, the words that differed). */
static void test_walk_threat(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const room[] = {
        "##########", "#......###", "#..@...###", "#......###", "######.###",
        "#######.##", "########.#", "##########", NULL,
    }; /* the corridor round the bend is unexplored: explore would walk */
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    Scenario s;
    Store *store;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    scenario_spawn(&s, "goblin", 0, 4, 1, -1, -1, -1);
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    text = press_for(f, "o", "Not with the goblin");
    g_assert_nonnull(strstr(text, "Not with the goblin next to you (north-east)."));
}

/* ---- /tui/travel-items --------------------------------------------------- */

/* Travel's cursor jumps with '*' to the items the player knows of, nearest
 * first and round again; Enter then travels to the one under it. */
static void test_travel_items(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    static const char *const room[] = {
        "##########", "#........#", "#..@.....#", "#........#", "##########", NULL,
    };
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    Scenario s;
    Store *store;

    if (TMUX_GAME_SKIPPED(f))
        return;
    scenario_setup(&s, room, NULL);
    scenario_item(&s, "dagger", 0, 0, 8, 3, 1); /* 5 steps away */
    scenario_item(&s, "apple", 0, 0, 5, 2, 1);  /* 2 steps away: the nearest */
    store = scenario_store_new(f->save, &s, &error);
    g_assert_no_error(error);
    store_free(store);
    scenario_teardown(&s);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "(3,2)"));
    g_free(press_for(f, "_", "* next item"));
    text = press_for(f, "*", "apple");
    g_assert_null(strstr(text, "dagger"));
    g_free(text);
    text = press_for(f, "*", "dagger"); /* freed at the end */
    g_assert_null(strstr(text, "apple"));
    g_free(press_for(f, "*", "apple")); /* round again */
    tmux_send_named_key(&f->tmux, "Enter");
    g_free(tmux_wait_for(&f->tmux, "(5,2)"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add("/tui/explore", Fixture, NULL, fixture_set_up, test_explore, fixture_tear_down);
    g_test_add("/tui/walk-threat", Fixture, NULL, fixture_set_up, test_walk_threat,
               fixture_tear_down);
    g_test_add("/tui/travel-items", Fixture, NULL, fixture_set_up, test_travel_items,
               fixture_tear_down);
    g_test_add("/tui/explore-going-round", Fixture, NULL, fixture_set_up, test_explore_going_round,
               fixture_tear_down);
    g_test_add("/tui/explore-key", Fixture, NULL, fixture_set_up, test_explore_key,
               fixture_tear_down);
    g_test_add("/tui/run", Fixture, NULL, fixture_set_up, test_run, fixture_tear_down);
    g_test_add("/tui/rest", Fixture, NULL, fixture_set_up, test_rest, fixture_tear_down);
    g_test_add("/tui/travel-cursor", Fixture, NULL, fixture_set_up, test_travel_cursor,
               fixture_tear_down);
    g_test_add("/tui/dig", Fixture, NULL, fixture_set_up, test_dig, fixture_tear_down);
    g_test_add("/tui/aim-text-whole", Fixture, NULL, fixture_set_up, test_aim_text_whole,
               fixture_tear_down);
    g_test_add("/tui/look-scrolls", Fixture, NULL, fixture_set_up, test_look_scrolls,
               fixture_tear_down);
    g_test_add("/tui/remembered-item", Fixture, NULL, fixture_set_up, test_remembered_item,
               fixture_tear_down);
    return g_test_run();
}
