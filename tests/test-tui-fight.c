/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui-fight.c — the play screen in a fight, driven for real in tmux
 * (tui-play.h): blows and their messages, the corpse's soft stack, gaining
 * a level (and keys typed ahead of the bonus screen), death and its end
 * screen, and the message history of a resumed game. */
#include <glib.h>
#include <string.h>

#include "tui-play.h"

/* A game whose player, hunting the nearest monster, soon gains a level. */
#define LEVEL_UP_SEED 42

/* ---- playing the rules -------------------------------------------------- */

/* The direction from '@' to the nearest monster on the map of @text. */
static gboolean toward_monster(const char *text, const Screen *screen, int *dx, int *dy)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint n_lines = g_strv_length(lines);
    int best = G_MAXINT;

    for (guint row = MAP_TOP; row + STATUS_ROWS + 1 < n_lines; row++)
        for (int col = 0; lines[row][col] != '\0'; col++) {
            int rows = (int) row - screen->at_row, cols = col - screen->at_col;
            int distance = MAX(ABS(rows), ABS(cols));
            if (strchr("bfzg", lines[row][col]) == NULL || distance >= best)
                continue;
            best = distance;
            *dx = CLAMP(cols, -1, 1);
            *dy = CLAMP(rows, -1, 1);
        }
    return best < G_MAXINT;
}

typedef struct {
    gint32 turn;
    const char *goal;
} Progress;

static gboolean turn_passed_or_goal(const char *text, gconstpointer data)
{
    const Progress *progress = data;

    return strstr(text, progress->goal) != NULL || turn_after(text, &progress->turn);
}

/* Walk to the nearest monster and fight it, over and over (digging through
 * rock when it is in the way), until @goal shows; the screen then. */
static char *hunt_until(Fixture *f, const char *goal, int max_turns)
{
    static const char *const wander[] = {"l", "j", "h", "k"};
    char *text = tmux_capture(&f->tmux);

    for (int step = 0; step < max_turns && strstr(text, goal) == NULL; step++) {
        Screen screen;
        Progress progress = {.goal = goal};
        int dx = 0, dy = 0;
        const char *key;

        g_assert_true(parse_screen(text, &screen));
        progress.turn = screen.turn;
        key = toward_monster(text, &screen, &dx, &dy) ? step_key(dx, dy) : wander[(step / 10) % 4];
        tmux_send_text(&f->tmux, key);
        g_free(text);
        tmux_wait_until(&f->tmux, turn_passed_or_goal, &progress, TURN_WAIT_MS, &text);
        if (strstr(text, DIG_QUESTION) != NULL) {
            tmux_send_text(&f->tmux, "y");
            g_free(text);
            tmux_wait_until(&f->tmux, turn_passed_or_goal, &progress, TURN_WAIT_MS, &text);
        }
    }
    if (strstr(text, goal) == NULL) {
        g_test_message("hunted for \"%s\"; the screen shows:\n%s", goal, text);
        g_error("\"%s\" never came", goal);
    }
    return text;
}

/* Killing monsters gains a level: the level-up screen opens by itself with
 * the seven bonuses; the one chosen shows on the stats line, and the game
 * goes on. */
static void test_level_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game_seeded(f, 100, 30, LEVEL_UP_SEED);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    text = hunt_until(f, "Choose a bonus:", 300);
    g_test_message("level-up screen:\n%s", text);
    g_assert_nonnull(strstr(text, "Level 2!"));
    g_assert_nonnull(strstr(text, "a - +10 max hp"));
    g_assert_nonnull(strstr(text, "c - +2 attack"));
    g_assert_nonnull(strstr(text, "g - +10 mana regeneration"));
    /* other keys do not get past it, and a letter (b and g are keys of
     * play too: a step, a pick-up) only marks a bonus */
    tmux_send_text(&f->tmux, "l");
    g_free(press_for(f, "b", "> b - +5 max mana"));
    g_free(press_for(f, "g", "> g - +10 mana regeneration"));
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_assert_nonnull(strstr(text, "Choose a bonus:"));
    g_assert_nonnull(strstr(text, "Enter takes +10 mana regeneration"));
    g_assert_null(strstr(text, "You gain"));

    g_free(text);
    g_free(press_for(f, "c", "> c - +2 attack"));
    tmux_send_named_key(&f->tmux, "Enter");
    text = tmux_wait_for(&f->tmux, "You gain +2 attack.");
    g_assert_null(strstr(text, "Choose a bonus:"));
    g_assert_nonnull(strstr(text, "Lv 2 "));
    g_assert_nonnull(strstr(text, "Atk 22 "));
    g_free(press_for_turn(f, "."));
}

/* ---- situations of the older tests -------------------------------------- */

/* Whether the player, at full hp and with no kills, sees no creature but
 * fungi. */
static gboolean fetch_only_fungi(const CavState *state, const CavView *view)
{
    const CavCreature *player = state_player(state);

    return fetch_sees_only_fungi(state, view) && player->hp == player->max_hp && player->kills == 0;
}

/* The player stands next to a fungus, unhurt, seeing no other kind. */
static gboolean make_beside_fungus(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    const CavCreature *fungus = fetch_nearest_creature(session_state(session), "fungus");

    return fungus != NULL && fetch_beside(session, fungus->id, out) &&
           fetch_only_fungi(session_state(session), session_view(session));
}

/* The fight: at least two blows (one hit that does not kill) and at most
 * 12; the player still unhurt; the corpse left alone on the fungus's cell. */
static gboolean rehearse_fight(Fixture *f, const Fetched *fetched)
{
    char *path = NULL;
    Session *session = rehearsal_open(f, &path);
    const CavCreature *player = state_player(session_state(session));
    gint32 x = player->x + fetched->dx, y = player->y + fetched->dy, z = player->z;
    int blows = fetch_strike(session, fetched, 12);
    const CavState *state = session_state(session);
    const CavItem *corpse = state_item_at(state, z, x, y);
    gboolean ok = blows >= 2 && state_player(state)->hp == 100 &&
                  state_player(state)->max_hp == 100 && corpse != NULL &&
                  strcmp(corpse->name, "fungus corpse") == 0 &&
                  state_creature_at(state, z, x, y) == NULL;

    rehearsal_close(session, path);
    return ok;
}

/* Next to a fungus: attack it until it dies, reading the blows on the
 * message line; the history keeps them and looking at the cell finds its
 * corpse. */
static void test_fight(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gboolean hit = FALSE, killed = FALSE;
    Fetched fetched;
    const char *toward;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_beside_fungus, rehearse_fight, NULL);
    toward = step_key(fetched.dx, fetched.dy);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    for (int blow = 0; blow < 12 && !killed; blow++) {
        g_free(text);
        text = press_for_turn(f, toward);
        hit = hit || strstr(text, "You hit the fungus.") != NULL;
        killed = strstr(text, "You kill the fungus.") != NULL;
    }
    g_test_message("last screen:\n%s", text);
    g_assert_true(hit);
    g_assert_true(killed);

    tmux_send_named_key(&f->tmux, "C-p");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Messages, oldest first.");
    g_assert_nonnull(strstr(text, "You enter the caves."));
    g_assert_nonnull(strstr(text, "You hit the fungus."));
    g_assert_nonnull(strstr(text, "You kill the fungus."));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(
        tmux_wait_until(&f->tmux, tmux_hides, "Messages, oldest first.", TMUX_WAIT_MS, &text));

    /* look: the cursor starts on the player and moves onto the corpse; the
     * movement keys move only the cursor, and no turn passes */
    turn = screen_turn(f);
    g_free(text);
    text = press_for(f, ";", "You (100/100 hp).");
    g_free(text);
    text = press_for(f, toward, "A fungus corpse (fresh) lies here.");
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "lies here", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn);
}

/* Kill the fungus next to the player and walk onto its corpse; FALSE when
 * that failed or something else lies on top there. */
static gboolean fetch_fungus_corpse(Session *session, Fetched *out)
{
    const CavCreature *fungus = fetch_nearest_creature(session_state(session), "fungus");
    const CavItem *corpse;
    gint32 x, y;

    if (fungus == NULL || !fetch_beside(session, fungus->id, out))
        return FALSE;
    x = fungus->x;
    y = fungus->y;
    if (fetch_strike(session, out, 30) == 0)
        return FALSE;
    corpse = state_item_at(session_state(session), 0, x, y);
    return corpse != NULL && strcmp(corpse->name, "fungus corpse") == 0 &&
           fetch_walk_to(session, corpse->id);
}

/* The player has killed two fungi, carries the first's corpse (slot a) and
 * stands on the second's, both fresh. */
static gboolean make_two_corpses(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    CavCommand pickup = command_simple(CMD_PICKUP);
    g_autofree char *why = NULL;
    const CavState *state = session_state(session);
    const CavItem *first;

    if (!fetch_fungus_corpse(session, out))
        return FALSE;
    g_assert_true(session_play(session, &pickup, &why, NULL));
    first = state_item(state, state_player(state)->pack[0]);
    if (why != NULL || first == NULL || strcmp(first->name, "fungus corpse") != 0 ||
        state_pack_used(state_player(state)) != 1 || !fetch_fungus_corpse(session, out))
        return FALSE;
    return !state_item_rotten(state, first) && state_player(state)->kills == 2;
}

/* Kill two fungi and pick up both corpses; they share one folded menu line
 * with a count, under the letter of the one that rots last (b), which
 * unfolds it to pick one; eating the other keeps the letter. */
static void test_soft_stack(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetch_situation(f, make_two_corpses, NULL, NULL);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    text = press_for_turn(f, "g");
    g_test_message("after picking up:\n%s", text);
    g_assert_nonnull(strstr(text, "You pick up a fungus corpse."));
    turn = screen_turn(f);

    g_free(text);
    text = press_for(f, "e", "Eat what?");
    g_assert_nonnull(strstr(text, "b - 2 fungus corpses"));
    g_assert_null(strstr(text, "a - fungus corpse"));
    g_free(text);
    text = press_for(f, "b", "b - fungus corpse (fresh for ");
    g_assert_nonnull(strstr(text, "a - fungus corpse (fresh for "));
    g_assert_null(strstr(text, "2 fungus corpses"));
    g_assert_cmpint(screen_turn(f), ==, turn);
    g_free(text);
    text = press_for(f, "a", "You eat the fungus corpse.");
    g_assert_cmpint(screen_turn(f), ==, turn + 1);

    g_free(text);
    text = press_for(f, "e", "Eat what?");
    g_assert_nonnull(strstr(text, "b - fungus corpse (fresh for "));
    g_assert_null(strstr(text, "fungus corpses"));
    tmux_send_named_key(&f->tmux, "Escape");
}

/* Whether @needle in the styled screen @styled is drawn in xterm's
 * colour 196 (bright red). */
static gboolean drawn_red(const char *styled, const char *needle)
{
    const char *at = strstr(styled, needle);
    const char *red = g_strrstr_len(styled, at != NULL ? at - styled : 0, "38;5;196m");
    const char *reset = g_strrstr_len(styled, at != NULL ? at - styled : 0, "\033[0m");

    return at != NULL && red != NULL && (reset == NULL || reset < red);
}

/* Most turns the player waits for the goblin to kill them. */
#define DEATH_WAITS 300

/* The player, unhurt and with no kills, has walked until they see the
 * goblin of level 1. */
static gboolean make_goblin_in_view(Session *session, Fetched *out,
                                    G_GNUC_UNUSED gconstpointer data)
{
    for (int turn = 0; turn < FETCH_TURNS; turn++) {
        const CavState *state = session_state(session);
        const CavCreature *goblin = fetch_nearest_creature(state, "goblin");
        const CavCreature *player = state_player(state);

        if (goblin == NULL || player->kills > 0 || player->hp < player->max_hp)
            return FALSE;
        if (view_sees(session_view(session), goblin->z, goblin->x, goblin->y)) {
            out->creature = goblin->id;
            return TRUE;
        }
        if (!fetch_step(session, goblin->x, goblin->y))
            return FALSE;
    }
    return FALSE;
}

/* Waiting, the player dies by the goblin's blows within DEATH_WAITS turns,
 * with max hp 100. */
static gboolean rehearse_death(Fixture *f, G_GNUC_UNUSED const Fetched *fetched)
{
    char *path = NULL;
    Session *session = rehearsal_open(f, &path);
    CavCommand wait = command_simple(CMD_WAIT);
    const CavState *state = session_state(session);
    gboolean ok;

    for (int turn = 0; turn < DEATH_WAITS && state->outcome == OUTCOME_PLAYING; turn++) {
        g_autofree char *why = NULL;
        g_assert_true(session_play(session, &wait, &why, NULL));
        if (why != NULL)
            break;
    }
    ok = state->outcome == OUTCOME_LOST && strcmp(state->cause, "killed by a goblin") == 0 &&
         state_player(state)->max_hp == 100;
    rehearsal_close(session, path);
    return ok;
}

/* A goblin comes for a player who only waits; its blows are on the message
 * line, and the end screen gives the cause of death. */
static void test_death(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetch_situation(f, make_goblin_in_view, rehearse_death, NULL);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    for (int wait = 0; wait < DEATH_WAITS && (text == NULL || strstr(text, "--More--") == NULL);
         wait++) {
        Progress progress = {.turn = screen_turn(f), .goal = "--More--"};

        tmux_send_text(&f->tmux, ".");
        g_free(text);
        g_assert_true(
            tmux_wait_until(&f->tmux, turn_passed_or_goal, &progress, TMUX_WAIT_MS, &text));
    }
    g_free(text);
    text = tmux_wait_for(&f->tmux, "--More--");
    g_assert_nonnull(strstr(text, "You die."));
    g_free(text);
    /* hp below a quarter are drawn red (xterm-256color: colour 196) */
    text = tmux_capture_styled(&f->tmux);
    g_assert_true(drawn_red(text, "HP 0/100"));
    g_free(text);
    text = press_for(f, " ", "Press any key.");
    g_test_message("end screen:\n%s", text);
    g_assert_nonnull(strstr(text, "The goblin hits you."));
    g_assert_nonnull(strstr(text, "You die."));
    g_assert_nonnull(strstr(text, "Killed by a goblin."));
    g_assert_nonnull(strstr(text, "Depth reached: 1"));
    g_assert_nonnull(strstr(text, "Kills: 0"));
    g_assert_nonnull(strstr(text, "HP 0/100"));
}

/* A resumed game words its history as it happened: the kill of the first
 * session is in the second one's history. */
static void test_resume_history(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *game = NULL, *command = NULL, *text = NULL;
    g_autofree char *marker = NULL, *marker_quoted = NULL;
    gboolean killed = FALSE;
    Fetched fetched;
    gint64 end;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_beside_fungus, rehearse_fight, NULL);
    marker = g_build_filename(f->dir, "first-session-over", NULL);
    marker_quoted = g_shell_quote(marker);
    game = cavelog_run(f, "continue");
    command = g_strdup_printf("%s; touch %s; %s; sleep 30", game, marker_quoted, game);
    tmux_start(&f->tmux, 100, 30, command);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    for (int blow = 0; blow < 12 && !killed; blow++) {
        g_free(text);
        text = press_for_turn(f, step_key(fetched.dx, fetched.dy));
        killed = strstr(text, "You kill the fungus.") != NULL;
    }
    g_assert_true(killed);
    tmux_send_text(&f->tmux, "S");
    end = g_get_monotonic_time() + TMUX_WAIT_MS * 1000;
    while (!file_exists(marker) && g_get_monotonic_time() < end)
        g_usleep(TMUX_POLL_MS * 1000);
    g_assert_true(file_exists(marker));
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Turn ");
    tmux_send_named_key(&f->tmux, "C-p");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Messages, oldest first.");
    g_test_message("history after resuming:\n%s", text);
    g_assert_nonnull(strstr(text, "You enter the caves."));
    g_assert_nonnull(strstr(text, "You hit the fungus."));
    g_assert_nonnull(strstr(text, "You kill the fungus."));
}

/* ---- /tui/level-up-typed-ahead ------------------------------------------- */

/* Fungi of 1 hp worth 30 xp (their attack counts; they never strike),
 * and a level gained above 10 xp. */
static char *quick_level_data(guint index, const char *text)
{
    g_autoptr(GRegex) xp_base = g_regex_new("^xp_base=.*$", G_REGEX_MULTILINE, 0, NULL);
    g_autoptr(GRegex) fungus_hp = g_regex_new("(\\[fungus\\][^\\[]*)hp=10\nattack=0\n", 0, 0, NULL);
    g_autofree char *quick = NULL;

    if (index != 0)
        return g_strdup(text);
    quick = g_regex_replace(xp_base, text, -1, 0, "xp_base=10", 0, NULL);
    return g_regex_replace(fungus_hp, quick, -1, 0, "\\1hp=1\nattack=30\n", 0, NULL);
}

/* One blow kills the fungus next to the player and gains a level. */
static gboolean rehearse_one_blow_level(Fixture *f, const Fetched *fetched)
{
    char *path = NULL;
    Session *session = rehearsal_open(f, &path);
    gboolean ok = fetch_strike(session, fetched, 1) == 1 &&
                  state_player(session_state(session))->pending_bonuses == 1;

    rehearsal_close(session, path);
    return ok;
}

static gboolean bonus_screen_or_gain(const char *text, G_GNUC_UNUSED gconstpointer data)
{
    return strstr(text, "Choose a bonus:") != NULL || strstr(text, "You gain") != NULL;
}

/* A key typed on after the blow that gains a level (as a player does
 * who does not expect it) does not choose the bonus: the level-up screen
 * throws it away and waits for a key pressed while it shows. */
static void test_level_up_typed_ahead(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *keys = NULL;
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, quick_level_data);
    fetched = fetch_situation(f, make_beside_fungus, rehearse_one_blow_level, NULL);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    /* the blow and an `a` in one write: the `a` is typed before the screen */
    keys = g_strdup_printf("%sa", step_key(fetched.dx, fetched.dy));
    tmux_send_text(&f->tmux, keys);
    if (!tmux_wait_until(&f->tmux, bonus_screen_or_gain, NULL, TMUX_WAIT_MS, &text))
        g_error("no level-up screen; the screen shows:\n%s", text);
    g_test_message("after the blow:\n%s", text);
    g_assert_null(strstr(text, "You gain"));
    g_free(text);
    g_free(press_for(f, "c", "> c - +2 attack"));
    tmux_send_named_key(&f->tmux, "Enter");
    text = tmux_wait_for(&f->tmux, "You gain");
    g_assert_nonnull(strstr(text, "You gain +2 attack."));
    g_assert_null(strstr(text, "max hp."));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add("/tui/soft-stack", Fixture, NULL, fixture_set_up, test_soft_stack,
               fixture_tear_down);
    g_test_add("/tui/fight", Fixture, NULL, fixture_set_up, test_fight, fixture_tear_down);
    g_test_add("/tui/level-up", Fixture, NULL, fixture_set_up, test_level_up, fixture_tear_down);
    g_test_add("/tui/level-up-typed-ahead", Fixture, NULL, fixture_set_up,
               test_level_up_typed_ahead, fixture_tear_down);
    g_test_add("/tui/death", Fixture, NULL, fixture_set_up, test_death, fixture_tear_down);
    g_test_add("/tui/resume-history", Fixture, NULL, fixture_set_up, test_resume_history,
               fixture_tear_down);
    return g_test_run();
}
