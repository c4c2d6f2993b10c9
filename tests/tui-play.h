/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-play.h — what the tests of the play screen share (test-tui*.c): a
 * fixture that runs `cavelog` in a private tmux terminal (tmux.h), reading
 * the stats line and the '@' off the screen, pressing keys until a turn
 * passes, and games made in a known situation with the rules' own API
 * (fetch_situation), then continued on screen. */
#ifndef CAV_TESTS_TUI_PLAY_H
#define CAV_TESTS_TUI_PLAY_H

#include <glib.h>

#include "session.h"
#include "tmux.h"

/* How long to wait for a key to pass a turn before trying another. */
#define TURN_WAIT_MS 2000

/* What a move into rock asks. */
#define DIG_QUESTION "Dig through the rock?"

/* The first row of the map on screen (under two message rows) in terminals
 * shorter than the map, and the rows under the map (stats and effects). */
#define MAP_TOP 2
#define STATUS_ROWS 2

/* A test's game in a private terminal (tmux.h). */
typedef TmuxGame Fixture;

/* What the screen shows: the stats line's turn and position, and the '@'. */
typedef struct {
    gint32 turn, x, y;
    int at_row, at_col; /* where '@' is on screen; -1 if not found */
} Screen;

/* ---- a game in a known situation ----------------------------------------
 * The tests of throwing and drinking need the player to carry a given item.
 * Rather than trust one seed's luck, the test makes such a game itself with
 * the rules' own API: for seeds 1, 2, … it starts a game file, walks the
 * player (move commands, as keys would) to the nearest fitting item on
 * level 1 and picks it up, and keeps the first game where that worked and
 * the situation is as the test needs it. `cavelog continue` then plays on
 * from there: a real recorded game, no hidden option. */

/* Most seeds tried, and most turns the walk to an item may take. */
#define FETCH_SEEDS 200
#define FETCH_TURNS 120

/* Steps from each cell of a level to one cell (fetch_distances). */
typedef gint32 DistanceMap[CAV_HEIGHT][CAV_WIDTH];

/* Whether @item is one the test needs the player to carry. */
typedef gboolean (*ItemFits)(const CavState *state, const CavItem *item);

/* What the test learns of the game it made. */
typedef struct {
    gint64 seed;
    gint32 item;     /* the item fetched, now in the pack */
    gint32 dx, dy;   /* a direction with two open, seen, empty cells from the player,
                      * or toward the creature fought */
    gint32 creature; /* the creature the situation is about, or 0 */
    gint32 turn;     /* the game's turn once made */
} Fetched;

/* Make, in a fresh game of @seed, the situation a test needs (filling in
 * *@out); FALSE when this seed does not give it. */
typedef gboolean (*Situation)(Session *session, Fetched *out, gconstpointer data);

/* Whether what the test will do in the game made at f->save goes as it
 * needs: played beforehand on a copy, since the same commands give the
 * same events. */
typedef gboolean (*Rehearsal)(Fixture *f, const Fetched *fetched);

/* The shell words that run cavelog with @arguments (shell words) on the
 * fixture's save file. */
char *cavelog_run(Fixture *f, const char *arguments);

/* The shell words that run cavelog on a new game of @seed in the pane. */
char *cavelog_new_seeded(Fixture *f, int seed);

/* Run cavelog in the fixture's terminal of @cols x @rows on a new game of
 * @seed, saved in the fixture's file. */
void start_game_seeded(Fixture *f, int cols, int rows, int seed);

/* start_game_seeded on the seed most tests play. */
void start_game(Fixture *f, int cols, int rows);

/* Find the stats line's turn and position and the '@' on the map. */
gboolean parse_screen(const char *text, Screen *out);

/* A TmuxScreenTest: the stats line shows a turn after *@turn (a gint32). */
gboolean turn_after(const char *text, gconstpointer turn);

/* Every play-screen test's fixture: a private terminal and folder
 * (tmux_game_set_up); the test is skipped without tmux. */
void fixture_set_up(Fixture *f, gconstpointer data);

/* Stop the fixture's terminal and remove its folder. */
void fixture_tear_down(Fixture *f, gconstpointer data);

/* The turn on the screen now; fails the test when there is no stats line. */
gint32 screen_turn(Fixture *f);

/* Press @key and wait for it to pass a turn; the screen after it. */
char *press_for_turn(Fixture *f, const char *key);

/* Press @key and wait for @needle. */
char *press_for(Fixture *f, const char *key, const char *needle);

/* The key that steps by (@dx, @dy). */
const char *step_key(int dx, int dy);

/* Steps from every cell of level 0 to (@x, @y) over open cells, 8-connected
 * (-1: no way), in @distance[y][x]. */
void fetch_distances(const CavState *state, gint32 x, gint32 y,
                     gint32 distance[CAV_HEIGHT][CAV_WIDTH]);

/* The fitting item on the floor of level 0 nearest the player by the way
 * there, or NULL. */
const CavItem *fetch_nearest(const CavState *state, ItemFits fits);

/* One step toward (@x, @y) along a shortest way; FALSE when the game
 * refused it or is over. */
gboolean fetch_step(Session *session, gint32 x, gint32 y);

/* Walk onto the floor item @item; FALSE when it was taken or the way failed. */
gboolean fetch_walk_to(Session *session, gint32 item);

/* Whether the player sees no other creature. */
gboolean fetch_alone(const CavState *state, const CavView *view);

/* Make the game file f->save one in the situation @make makes (with
 * @data), a game still going on with no bonus to choose, where @rehearse
 * (when not NULL) goes as the test needs: for seeds 1, 2, … the first that
 * gives it. Fails the test when no seed up to FETCH_SEEDS does. */
Fetched fetch_situation(Fixture *f, Situation make, Rehearsal rehearse, gconstpointer data);

/* Continue the game at f->save in a @cols × 30 window. */
void continue_game(Fixture *f, int cols);

/* The living creature of @kind on level 0 nearest the player by the way
 * there, or NULL. */
const CavCreature *fetch_nearest_creature(const CavState *state, const char *kind);

/* Walk until next to the creature @id; FALSE when it died or the way failed. */
gboolean fetch_beside(Session *session, gint32 id, Fetched *out);

/* Strike the creature next to the player (out->dx, out->dy) until it dies,
 * at most @blows times; how many blows it took, or 0 when it did not die by
 * the player's hand. */
int fetch_strike(Session *session, const Fetched *out, int blows);

/* Whether the player sees no creature but fungi. */
gboolean fetch_sees_only_fungi(const CavState *state, const CavView *view);

/* Copy f->save to a rehearsal file and open it there (the path in *@path). */
Session *rehearsal_open(Fixture *f, char **path);

/* Close @session from rehearsal_open and remove its file @path (freed). */
void rehearsal_close(Session *session, char *path);

/* Whether the file at @path exists. */
gboolean file_exists(const char *path);

/* The screen position of the cell (@dx, @dy) × @step from the '@'. */
char screen_char_at(const char *text, const Screen *screen, gint32 dx, gint32 dy);

/* Play by the data @edit makes (here, and in the games the pane starts). */
void use_data(Fixture *f, char *(*edit)(guint index, const char *text));

/* A fresh game of @seed at f->save, opened (read-only). */
Session *make_fresh_game(Fixture *f, gint64 seed);

/* Save and quit, wait for the game to be gone, and open its file. */
Session *quit_and_open(Fixture *f);

#endif
