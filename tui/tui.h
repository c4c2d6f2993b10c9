/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui.h — the ncurses front-end: the start screen and the play screen.
 *
 * The play screen learns what happened only from the bus (its message log is
 * a projection of events); it reads the state to draw the map. */
#ifndef CAV_TUI_TUI_H
#define CAV_TUI_TUI_H

#include <glib.h>

#include "bus.h"
#include "history.h"
#include "session.h"

G_BEGIN_DECLS

#define TUI_ERROR (tui_error_quark())
GQuark tui_error_quark(void);

typedef enum {
    TUI_ERROR_TERMINAL,    /* the terminal could not be set up (no TERM, unknown type…) */
    TUI_ERROR_INTERRUPTED, /* a signal (SIGINT, SIGTERM, SIGHUP) stopped the work */
} TuiError;

typedef struct Tui Tui;

/* Whether the game can be played here: stdin and stdout are a terminal and
 * $TERM names one that can move its cursor (not "dumb"). FALSE with a
 * TUI_ERROR saying why. Touches nothing: call it before making any file. */
gboolean tui_check_terminal(GError **error);

/* Whether the terminal is big enough to play in (TUI_MIN_COLS ×
 * TUI_MIN_LINES), waiting while it is not: TRUE at once when it is; else a
 * note asks for a bigger one until it is enlarged (TRUE), or the player
 * quits (q, Esc or S) or a signal ends the screen (FALSE, @error unset).
 * FALSE with a TUI_ERROR when the terminal cannot be set up. Makes no file:
 * call it before making a new game's. */
gboolean tui_wait_for_room(GError **error);

/* A play screen whose projections (the message log) subscribe to @bus (not
 * owned; it must outlive the Tui). Does not touch the terminal. Events that
 * arrive before tui_run() (folding a saved game, turn 0 of a new one) are
 * folded by the log into its own copy of the state and the player's view,
 * so each becomes the message the player read at the time; those of the
 * last turn are shown when tui_run() starts. Free with tui_free(). */
Tui *tui_new(Bus *bus);

/* A SessionStartFunc (session.h) for session_open_from with @tui as its
 * data: the events the resume publishes start from @state and @view. */
void tui_resume_start(const CavState *state, const CavView *view, gpointer tui);

/* Unsubscribe from the bus and free @tui (NULL is ignored). */
void tui_free(Tui *tui);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Tui, tui_free)

/* Take over the terminal and play @session until the player saves and quits
 * (S) or the game ends (state->outcome != OUTCOME_PLAYING: the win or lose
 * screen waits for a key). A level gained opens the level-up screen until
 * its bonus is chosen. The terminal is always restored before returning, and on
 * SIGINT, SIGTERM and SIGHUP (the process then dies of that signal; every
 * finished turn is already saved). Returns TRUE when the game was left
 * normally; FALSE with @error when the terminal could not be set up
 * (TUI_ERROR) or saving a turn failed (the error of session_play()). */
gboolean tui_run(Tui *tui, Session *session, GError **error);

typedef enum {
    TUI_START_NEW,
    TUI_START_CONTINUE,
    TUI_START_REPLAY,
    TUI_START_QUIT,
    TUI_START_FAILED, /* there is no terminal to show it in */
} TuiStartChoice;

/* The start screen: title, "n new game", "c continue" (only if
 * @can_continue), "r replay a game", "? help" (the keys, over it) and
 * "q quit". Takes the terminal and restores it before
 * returning. A terminal that cannot be set up prints why on stderr and
 * returns TUI_START_FAILED. */
TuiStartChoice tui_start_screen(gboolean can_continue);

/* Take over the terminal and replay @history (opened with every check),
 * starting at @turn (clamped): the play screen as the player saw it at each
 * turn under a replay bar, moved with the keys of its `?` help; a game not
 * finished is followed as its file grows. The file is only read. Returns
 * TRUE when the viewer quit; FALSE with @error when the terminal could not
 * be set up (TUI_ERROR) or the file could not be read any more. */
gboolean tui_replay_run(History *history, gint32 turn, GError **error);

/* tui_replay_run, where `P` (play from here) forks the game at the turn
 * shown; when the viewer then chose to play the fork, the replay ends with
 * its path in *@play_on (caller frees; else NULL). */
gboolean tui_replay_run_full(History *history, gint32 turn, char **play_on, GError **error);

/* Write the replay of turns @first to @last (clamped to the last turn
 * @history holds; @first at most that) to @path as an asciicast v2 file:
 * 80×24, one frame per turn, @speed (> 0) turns a second, each drawn as the
 * replay screen draws it playing (the messages as the player read them),
 * without a terminal. The file appears whole or not at all. */
gboolean tui_replay_cast(History *history, gint32 first, gint32 last, double speed,
                         const char *path, GError **error);

/* The start screen's "Replay a game": a list of @games (StoreListing,
 * newest first) to pick from. Takes the terminal and gives it back. Returns
 * the path of the game picked (caller frees), or NULL when none was. */
char *tui_replay_pick(const GPtrArray *games);

/* The fatal signal (SIGINT, SIGTERM or SIGHUP: a closed terminal) a screen
 * caught, or 0. From then on every screen reads as if the terminal were
 * gone, so the game ends its turn, is saved and closed in order (no -wal
 * left beside it); the program should then die of the signal. */
int tui_screen_signal(void);

G_END_DECLS

#endif
