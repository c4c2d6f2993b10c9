/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tmux.h — the terminal harness of the tmux-driven test programs (test-tui,
 * test-replay, test-records): a private tmux server per session, keys in
 * with send-keys, the screen out with capture-pane, polled until what a test
 * expects shows (never a fixed long sleep), and everything taken down even
 * when a test dies on a failed assertion or a timeout. */
#ifndef CAV_TESTS_TMUX_H
#define CAV_TESTS_TMUX_H

#include <glib.h>

/* How long to wait for the screen to show what a test expects. */
#define TMUX_WAIT_MS 60000 /* generous: CI runs suites side by side on 2 cores */
/* How often to look at the screen while waiting. */
#define TMUX_POLL_MS 50

typedef struct {
    const char *prefix; /* server names are cavelog-<prefix>-<pid>-<random> */
    const char *dir;    /* removed if the test dies (borrowed; may be NULL) */
    char **env;         /* for tmux: the test's, without $TMUX and $TMUX_PANE */
    char *server;       /* tmux -L name, unique per session; NULL when none runs */
    char *socket;       /* the server's socket file, once started */
} Tmux;

/* Make @t ready for sessions named after @prefix (borrowed, e.g. "tui"), and
 * make it the one the fatal signal handlers clean up, with the folder @dir
 * (borrowed; NULL for none). No server runs until tmux_start(). */
void tmux_init(Tmux *t, const char *prefix, const char *dir);

/* Stop @t's session if one runs, stop cleaning it up on a fatal signal, and
 * free what tmux_init() made. Harmless on a zeroed Tmux (a skipped test). */
void tmux_clear(Tmux *t);

/* Install handlers for SIGABRT (a failed g_assert), SIGTRAP (g_error),
 * SIGTERM (meson's timeout) and SIGINT that kill the current Tmux's server,
 * remove its socket and folder, then die of the signal as before. */
void tmux_catch_fatal_signals(void);

/* Run tmux with @args (NULL-terminated) on @t's server; its stdout (caller
 * frees). When tmux fails: the test fails if @must_succeed, else NULL. */
char *tmux_run(Tmux *t, gboolean must_succeed, const char *const *args);

/* Run one tmux command on @t's server, which must succeed: tmux_do(t,
 * "resize-window", "-t", "cav", "-x", "100", "-y", "30"). */
#define tmux_do(t, ...) g_free(tmux_run((t), TRUE, (const char *const[]){__VA_ARGS__, NULL}))

/* Start @shell_command in a @cols × @rows window "cav" of a new tmux server,
 * status line off, panes kept once their program exits (to read what it
 * printed). Each session gets a server of its own, never one by the name of a
 * server stopped before: `kill-server` returns before that server has gone,
 * and a client reaching it in between is dropped. Fails the test if tmux
 * cannot start. At most one session per Tmux at a time. */
void tmux_start(Tmux *t, int cols, int rows, const char *shell_command);

/* Stop @t's server (and what runs in it), wait until the programs that ran
 * in its pane have ended, and remove its socket file, which tmux leaves
 * behind; a later tmux_start() starts another. No-op when none runs. */
void tmux_stop(Tmux *t);

/* The pane's text now ("" if tmux cannot tell). Caller frees. */
char *tmux_capture(Tmux *t);

/* The pane's text once it has settled: two captures TMUX_POLL_MS apart
 * alike (what one refresh draws may reach the pane in pieces), or the last
 * capture after TMUX_WAIT_MS. Caller frees. */
char *tmux_capture_settled(Tmux *t);

/* The pane's text now with its attributes as escape sequences. Caller frees. */
char *tmux_capture_styled(Tmux *t);

/* Type @text literally (a lone ";" or a leading "-" too). */
void tmux_send_text(Tmux *t, const char *text);

/* Press a key tmux names: "Escape", "Enter", "C-p", "S-Right"… */
void tmux_send_named_key(Tmux *t, const char *name);

/* Whether the screen @text passes a test with @data. */
typedef gboolean (*TmuxScreenTest)(const char *text, gconstpointer data);

/* Poll the pane until @test holds, for at most @ms. Whether it held; the
 * last screen is returned in *@last either way (caller frees). */
gboolean tmux_wait_until(Tmux *t, TmuxScreenTest test, gconstpointer data, int ms, char **last);

/* Screen tests: @needle (a string) is on the screen, or is not. */
gboolean tmux_shows(const char *text, gconstpointer needle);
gboolean tmux_hides(const char *text, gconstpointer needle);

/* Wait up to TMUX_WAIT_MS for @needle; the screen showing it (caller frees).
 * Fails the test, logging the last screen, if it never comes. */
char *tmux_wait_for(Tmux *t, const char *needle);

/* A test's cavelog game in a private terminal: the g_test_add fixture of
 * the tmux-driven programs. */
typedef struct {
    Tmux tmux;       /* the terminal */
    char *dir;       /* the test's own folder (XDG_DATA_HOME, stty output…),
                      * removed afterwards; NULL when the test is skipped */
    char *save;      /* the game file, g.cavelog in @dir */
    const char *bin; /* the cavelog binary, $CAVELOG_BIN */
    char *data;      /* content data the test gave the game as
                      * $CAVELOG_DATA_DIR (in @dir), or NULL */
} TmuxGame;

/* Set up @g for a test named @name (borrowed; it names the folder
 * cavelog-@name-XXXXXX and the tmux servers): skips the test, leaving @g
 * zeroed, when tmux is not installed or $CAVELOG_BIN is not set. */
void tmux_game_set_up(TmuxGame *g, const char *name);

/* Stop @g's session, unset $CAVELOG_DATA_DIR if the test set @g->data,
 * remove the folder and free what @g holds. */
void tmux_game_tear_down(TmuxGame *g);

/* Seconds after which `timeout` ends a cavelog a failed test left behind. */
#define TMUX_SAFETY_SECONDS "90"

/* The shell words that run @g's cavelog with @arguments (shell words, may
 * be "") in a pane: TERM=xterm-256color, XDG_DATA_HOME the test's folder,
 * CAVELOG_DATA_DIR @g->data when set, under `timeout --foreground
 * TMUX_SAFETY_SECONDS` when there is a timeout. Caller frees. */
char *tmux_game_command(TmuxGame *g, const char *arguments);

/* Run @g's cavelog with @args (NULL-terminated) outside the terminal: stdin
 * and stdout not a terminal (stdout thrown away), environment @env (NULL:
 * the test's). Its exit status (-1 if it did not exit); its stderr in *@err
 * (caller frees) unless @err is NULL (then it goes to the test's). */
int tmux_game_run(TmuxGame *g, char **env, const char *const *args, char **err);

/* Whether tmux_game_set_up() skipped the test (tests return at once). */
#define TMUX_GAME_SKIPPED(g) ((g)->dir == NULL)

#endif
