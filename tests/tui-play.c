/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-play.c — the play-screen tests' shared harness (tui-play.h): running
 * cavelog in tmux, reading the screen, and making games in a known
 * situation. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tui-play.h"

char *cavelog_run(Fixture *f, const char *arguments)
{
    g_autofree char *save = g_shell_quote(f->save);
    g_autofree char *words = g_strdup_printf("%s %s", arguments, save);

    return tmux_game_command(f, words);
}

char *cavelog_new_seeded(Fixture *f, int seed)
{
    g_autofree char *arguments = g_strdup_printf("new --seed %d --save", seed);

    return cavelog_run(f, arguments);
}

void start_game_seeded(Fixture *f, int cols, int rows, int seed)
{
    g_autofree char *command = cavelog_new_seeded(f, seed);
    g_autofree char *exec_command = g_strconcat("exec ", command, NULL);

    tmux_start(&f->tmux, cols, rows, exec_command);
}

void start_game(Fixture *f, int cols, int rows)
{
    start_game_seeded(f, cols, rows, 42);
}

static gint32 match_number(const GMatchInfo *match, int group)
{
    g_autofree char *digits = g_match_info_fetch(match, group);

    return (gint32) g_ascii_strtoll(digits, NULL, 10);
}

gboolean parse_screen(const char *text, Screen *out)
{
    g_autoptr(GRegex) stats = g_regex_new("Turn (\\d+)  \\((\\d+),(\\d+)\\)", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint n_lines = g_strv_length(lines);

    out->at_row = out->at_col = -1;
    /* the first lines hold messages, the last ones the stats and effects */
    for (guint row = MAP_TOP; row + STATUS_ROWS + 1 < n_lines && out->at_row < 0; row++) {
        const char *at = strchr(lines[row], '@');
        if (at != NULL) {
            out->at_row = (int) row;
            out->at_col = (int) (at - lines[row]);
        }
    }
    if (!g_regex_match(stats, text, 0, &match))
        return FALSE;
    out->turn = match_number(match, 1);
    out->x = match_number(match, 2);
    out->y = match_number(match, 3);
    return TRUE;
}

gboolean turn_after(const char *text, gconstpointer turn)
{
    Screen screen;

    return parse_screen(text, &screen) && screen.turn > *(const gint32 *) turn;
}

void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_set_up(f, "tui");
}

void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    tmux_game_tear_down(f);
}

gint32 screen_turn(Fixture *f)
{
    g_autofree char *text = tmux_capture(&f->tmux);
    Screen screen;

    g_assert_true(parse_screen(text, &screen));
    return screen.turn;
}

char *press_for_turn(Fixture *f, const char *key)
{
    gint32 before = screen_turn(f);
    char *text = NULL;

    tmux_send_text(&f->tmux, key);
    if (!tmux_wait_until(&f->tmux, turn_after, &before, TMUX_WAIT_MS, &text)) {
        g_test_message("pressed \"%s\" at turn %d; the screen shows:\n%s", key, before, text);
        g_error("\"%s\" did not pass a turn", key);
    }
    return text;
}

char *press_for(Fixture *f, const char *key, const char *needle)
{
    tmux_send_text(&f->tmux, key);
    return tmux_wait_for(&f->tmux, needle);
}

const char *step_key(int dx, int dy)
{
    static const char *const keys[3][3] = {{"y", "k", "u"}, {"h", ".", "l"}, {"b", "j", "n"}};

    return keys[CLAMP(dy, -1, 1) + 1][CLAMP(dx, -1, 1) + 1];
}

void fetch_distances(const CavState *state, gint32 x, gint32 y,
                     gint32 distance[CAV_HEIGHT][CAV_WIDTH])
{
    g_autoptr(GArray) queue = g_array_new(FALSE, FALSE, sizeof(gint32));
    gint32 start = y * CAV_WIDTH + x;

    g_assert_true(world_in_bounds(x, y));
    for (gint32 row = 0; row < CAV_HEIGHT; row++)
        for (gint32 col = 0; col < CAV_WIDTH; col++)
            distance[row][col] = -1;
    distance[y][x] = 0;
    g_array_append_val(queue, start);
    for (guint head = 0; head < queue->len; head++) {
        gint32 cell = g_array_index(queue, gint32, head), cx = cell % CAV_WIDTH,
               cy = cell / CAV_WIDTH;
        for (gint32 dy = -1; dy <= 1; dy++)
            for (gint32 dx = -1; dx <= 1; dx++) {
                gint32 nx = cx + dx, ny = cy + dy, next = ny * CAV_WIDTH + nx;
                CavTile tile = state_tile(state, 0, nx, ny);
                if (tile == TILE_WALL || tile == TILE_OUTSIDE || distance[ny][nx] >= 0)
                    continue;
                distance[ny][nx] = distance[cy][cx] + 1;
                g_array_append_val(queue, next);
            }
    }
}

const CavItem *fetch_nearest(const CavState *state, ItemFits fits)
{
    const CavCreature *player = state_player(state);
    g_autofree DistanceMap *distance = g_new(DistanceMap, 1);
    const CavItem *best = NULL;
    gint32 best_steps = G_MAXINT32;

    fetch_distances(state, player->x, player->y, *distance);
    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);
        if (item == NULL || item->count <= 0 || item->holder != 0 || item->z != 0 ||
            !fits(state, item) || (*distance)[item->y][item->x] < 0 ||
            (*distance)[item->y][item->x] >= best_steps)
            continue;
        best = item;
        best_steps = (*distance)[item->y][item->x];
    }
    return best;
}

gboolean fetch_step(Session *session, gint32 x, gint32 y)
{
    const CavCreature *player = state_player(session_state(session));
    g_autofree DistanceMap *distance = g_new(DistanceMap, 1);
    g_autofree char *why = NULL;
    gint32 best_dx = 0, best_dy = 0, best = G_MAXINT32;
    CavCommand command;

    fetch_distances(session_state(session), x, y, *distance);
    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gint32 d = (dx == 0 && dy == 0) || !world_in_bounds(player->x + dx, player->y + dy)
                           ? -1
                           : (*distance)[player->y + dy][player->x + dx];
            if (d >= 0 && d < best) {
                best = d;
                best_dx = dx;
                best_dy = dy;
            }
        }
    if (best == G_MAXINT32)
        return FALSE;
    command = command_move(best_dx, best_dy);
    g_assert_true(session_play(session, &command, &why, NULL));
    return why == NULL && session_state(session)->outcome == OUTCOME_PLAYING;
}

gboolean fetch_walk_to(Session *session, gint32 item)
{
    for (int turn = 0; turn < FETCH_TURNS; turn++) {
        const CavCreature *player = state_player(session_state(session));
        const CavItem *there = state_item(session_state(session), item);

        if (there->holder != 0)
            return FALSE; /* a goblin took it */
        if (player->x == there->x && player->y == there->y)
            return TRUE;
        if (!fetch_step(session, there->x, there->y))
            return FALSE;
    }
    return FALSE;
}

gboolean fetch_alone(const CavState *state, const CavView *view)
{
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c != NULL && c->alive && id != state->player && c->z == state_player(state)->z &&
            view_sees(view, c->z, c->x, c->y))
            return FALSE;
    }
    return TRUE;
}

Fetched fetch_situation(Fixture *f, Situation make, Rehearsal rehearse, gconstpointer data)
{
    for (gint64 seed = 1; seed <= FETCH_SEEDS; seed++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(f->save, seed, "tester", NULL, &error);
        Fetched fetched = {.seed = seed};
        const CavState *state;
        gboolean made;

        g_assert_no_error(error);
        if (make(session, &fetched, data)) {
            state = session_state(session);
            fetched.turn = state->turn;
            made = state->outcome == OUTCOME_PLAYING && state_player(state)->pending_bonuses == 0;
            g_clear_pointer(&session, session_free);
            if (made && (rehearse == NULL || rehearse(f, &fetched))) {
                g_test_message("seed %" G_GINT64_FORMAT " gives the game (item %d)", seed,
                               fetched.item);
                return fetched;
            }
        }
        g_clear_pointer(&session, session_free);
        g_unlink(f->save);
    }
    g_error("no seed up to %d gave the game this test needs", FETCH_SEEDS);
}

void continue_game(Fixture *f, int cols)
{
    g_autofree char *command = cavelog_run(f, "continue");
    g_autofree char *exec_command = g_strconcat("exec ", command, NULL);

    tmux_start(&f->tmux, cols, 30, exec_command);
}

const CavCreature *fetch_nearest_creature(const CavState *state, const char *kind)
{
    const CavCreature *player = state_player(state), *best = NULL;
    g_autofree DistanceMap *distance = g_new(DistanceMap, 1);
    gint32 best_steps = G_MAXINT32;

    fetch_distances(state, player->x, player->y, *distance);
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c == NULL || !c->alive || c->z != 0 || strcmp(c->kind, kind) != 0 ||
            (*distance)[c->y][c->x] < 0 || (*distance)[c->y][c->x] >= best_steps)
            continue;
        best = c;
        best_steps = (*distance)[c->y][c->x];
    }
    return best;
}

gboolean fetch_beside(Session *session, gint32 id, Fetched *out)
{
    for (int turn = 0; turn < FETCH_TURNS; turn++) {
        const CavCreature *player = state_player(session_state(session));
        const CavCreature *c = state_creature(session_state(session), id);

        if (!c->alive)
            return FALSE;
        if (MAX(ABS(c->x - player->x), ABS(c->y - player->y)) == 1) {
            out->dx = c->x - player->x;
            out->dy = c->y - player->y;
            out->creature = id;
            return TRUE;
        }
        if (!fetch_step(session, c->x, c->y))
            return FALSE;
    }
    return FALSE;
}

int fetch_strike(Session *session, const Fetched *out, int blows)
{
    CavCommand strike = command_move(out->dx, out->dy);

    for (int blow = 1; blow <= blows; blow++) {
        g_autofree char *why = NULL;
        gint32 kills = state_player(session_state(session))->kills;

        g_assert_true(session_play(session, &strike, &why, NULL));
        if (why != NULL || session_state(session)->outcome != OUTCOME_PLAYING)
            return 0;
        if (!state_creature(session_state(session), out->creature)->alive)
            return state_player(session_state(session))->kills > kills ? blow : 0;
    }
    return 0;
}

gboolean fetch_sees_only_fungi(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);

    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = state_creature(state, id);
        if (c != NULL && c->alive && id != state->player && c->z == player->z &&
            view_sees(view, c->z, c->x, c->y) && strcmp(c->kind, "fungus") != 0)
            return FALSE;
    }
    return TRUE;
}

Session *rehearsal_open(Fixture *f, char **path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *bytes = NULL;
    gsize length = 0;
    Session *session;

    *path = g_build_filename(f->dir, "rehearsal.cavelog", NULL);
    g_assert_true(g_file_get_contents(f->save, &bytes, &length, NULL));
    g_assert_true(g_file_set_contents(*path, bytes, (gssize) length, NULL));
    session = session_resume(*path, NULL, &error);
    g_assert_no_error(error);
    return session;
}

void rehearsal_close(Session *session, char *path)
{
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    g_autofree char *shm = g_strconcat(path, "-shm", NULL);

    session_free(session);
    g_unlink(path);
    g_unlink(wal);
    g_unlink(shm);
    g_free(path);
}

gboolean file_exists(const char *path)
{
    return g_file_test(path, G_FILE_TEST_EXISTS);
}

char screen_char_at(const char *text, const Screen *screen, gint32 dx, gint32 dy)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    int row = screen->at_row + dy, col = screen->at_col + dx;

    if (row < 0 || row >= (int) g_strv_length(lines) || col < 0 || col >= (int) strlen(lines[row]))
        return '\0';
    return lines[row][col];
}

/* Write the three data files into @dir, each as @edit makes it from the
 * installed one (its index: 0 creatures.ini, 1 items.ini, 2 spells.ini). */
static void write_data(const char *dir, char *(*edit)(guint index, const char *text))
{
    const char *names[] = {"creatures.ini", "items.ini", "spells.ini"};

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *src =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", names[i], NULL);
        g_autofree char *dst = g_build_filename(dir, names[i], NULL);
        g_autofree char *text = NULL, *edited = NULL;

        g_assert_true(g_file_get_contents(src, &text, NULL, NULL));
        edited = edit(i, text);
        g_assert_true(g_file_set_contents(dst, edited, -1, NULL));
    }
}

void use_data(Fixture *f, char *(*edit)(guint index, const char *text))
{
    f->data = g_build_filename(f->dir, "data", NULL);
    write_data(f->data, edit);
    g_setenv("CAVELOG_DATA_DIR", f->data, TRUE);
}

Session *make_fresh_game(Fixture *f, gint64 seed)
{
    g_autoptr(GError) error = NULL;
    Session *session = session_new_game(f->save, seed, "tester", NULL, &error);

    g_assert_no_error(error);
    session_free(session);
    session = session_open(f->save, NULL, &error);
    g_assert_no_error(error);
    return session;
}

Session *quit_and_open(Fixture *f)
{
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    Session *session;

    const char *args[] = {"display-message", "-p", "-t", "cav", "#{pane_dead}", NULL};
    gint64 end = g_get_monotonic_time() + (gint64) TMUX_WAIT_MS * 1000;

    tmux_send_text(&f->tmux, "S");
    /* the game's process has ended (remain-on-exit keeps the pane) */
    do {
        g_free(text);
        text = tmux_run(&f->tmux, FALSE, args);
        if (text == NULL || text[0] != '1')
            g_usleep(TMUX_POLL_MS * 1000);
    } while ((text == NULL || text[0] != '1') && g_get_monotonic_time() < end);
    g_assert_nonnull(text);
    g_assert_cmpint(text[0], ==, '1');
    session = session_open(f->save, NULL, &error);
    g_assert_no_error(error);
    return session;
}
