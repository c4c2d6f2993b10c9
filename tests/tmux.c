/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tmux.c — the terminal harness of the tmux-driven test programs: one
 * private tmux server per session, driven with send-keys and read with
 * capture-pane, and taken down by a fatal signal handler if a test dies. */
#include "tmux.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* The Tmux of the running test, for the fatal signal handler. */
static Tmux *running;

void tmux_init(Tmux *t, const char *prefix, const char *dir)
{
    t->prefix = prefix;
    t->dir = dir;
    t->env = g_environ_unsetenv(g_environ_unsetenv(g_get_environ(), "TMUX"), "TMUX_PANE");
    t->server = NULL;
    t->socket = NULL;
    running = t;
}

void tmux_clear(Tmux *t)
{
    tmux_stop(t);
    if (running == t)
        running = NULL;
    g_clear_pointer(&t->env, g_strfreev);
}

/* Run @argv and wait for it; async-signal-safe but for execvp's PATH search. */
static void run_quietly(char *const *argv)
{
    pid_t child = fork();

    if (child == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    if (child > 0)
        waitpid(child, NULL, 0);
}

/* A failed assertion aborts the test, and a timeout terminates it: take its
 * tmux server (and the program in it) and its files down too. */
static void on_fatal_signal(int signum)
{
    if (running != NULL && running->server != NULL) {
        char *kill_server[] = {"tmux", "-L", running->server, "kill-server", NULL};

        run_quietly(kill_server);
        if (running->socket != NULL)
            unlink(running->socket);
    }
    if (running != NULL && running->dir != NULL) {
        char *remove_dir[] = {"rm", "-rf", (char *) running->dir, NULL};

        run_quietly(remove_dir);
    }
    signal(signum, SIG_DFL);
    raise(signum);
}

void tmux_catch_fatal_signals(void)
{
    signal(SIGABRT, on_fatal_signal);
    signal(SIGTRAP, on_fatal_signal);
    signal(SIGTERM, on_fatal_signal);
    signal(SIGINT, on_fatal_signal);
}

char *tmux_run(Tmux *t, gboolean must_succeed, const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    char *out = NULL;
    int status = 0;

    g_ptr_array_add(argv, "tmux");
    g_ptr_array_add(argv, "-L");
    g_ptr_array_add(argv, t->server);
    g_ptr_array_add(argv, "-f");
    g_ptr_array_add(argv, "/dev/null");
    for (const char *const *arg = args; *arg != NULL; arg++)
        g_ptr_array_add(argv, (gpointer) *arg);
    g_ptr_array_add(argv, NULL);
    if (!g_spawn_sync(NULL, (char **) argv->pdata, t->env,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                      &status, &error) ||
        !g_spawn_check_wait_status(status, &error)) {
        if (must_succeed)
            g_error("tmux %s: %s", args[0], error->message);
        g_free(out);
        return NULL;
    }
    return out;
}

void tmux_start(Tmux *t, int cols, int rows, const char *shell_command)
{
    g_autofree char *x = g_strdup_printf("%d", cols);
    g_autofree char *y = g_strdup_printf("%d", rows);
    const char *socket_args[] = {"display-message", "-p", "#{socket_path}", NULL};

    g_assert_null(t->server);
    t->server = g_strdup_printf("cavelog-%s-%d-%08x", t->prefix, (int) getpid(), g_random_int());
    running = t;
    /* remain-on-exit keeps what a failed start printed on screen */
    tmux_do(t, "set-option", "-g", "status", "off", ";", "set-option", "-g", "remain-on-exit", "on",
            ";", "new-session", "-d", "-s", "cav", "-x", x, "-y", y, shell_command);
    t->socket = g_strchomp(tmux_run(t, TRUE, socket_args));
}

/* Wait until no process of group @group is left: the pane's programs end
 * on the hangup, but a game closing its file takes a moment, and the next
 * start on that file must not find it half closed (its -wal still there).
 * One that outlives TMUX_WAIT_MS is killed. */
static void wait_group_gone(pid_t group)
{
    gint64 end = g_get_monotonic_time() + (gint64) TMUX_WAIT_MS * 1000;

    while (kill(-group, 0) == 0 || errno != ESRCH) {
        if (g_get_monotonic_time() > end) {
            g_test_message("the pane's programs outlived the hangup by %d ms: killed",
                           TMUX_WAIT_MS);
            kill(-group, SIGKILL);
            return;
        }
        g_usleep(10 * 1000);
    }
}

void tmux_stop(Tmux *t)
{
    const char *args[] = {"kill-server", NULL};
    const char *pid_args[] = {"display-message", "-p", "-t", "cav", "#{pane_pid}", NULL};
    char *server = t->server, *socket = t->socket;
    g_autofree char *pid = NULL;
    gint64 group = 0;

    if (server == NULL)
        return;
    /* The pane's program leads a session and process group of its own. */
    pid = tmux_run(t, FALSE, pid_args);
    if (pid == NULL || !g_ascii_string_to_signed(g_strstrip(pid), 10, 2, G_MAXINT, &group, NULL))
        group = 0;
    g_free(tmux_run(t, FALSE, args));
    if (group > 0)
        wait_group_gone((pid_t) group);
    if (socket != NULL)
        g_unlink(socket);
    /* cleared before freed: the fatal signal handler reads them */
    t->server = NULL;
    t->socket = NULL;
    g_free(server);
    g_free(socket);
}

char *tmux_capture(Tmux *t)
{
    const char *args[] = {"capture-pane", "-p", "-t", "cav", NULL};
    char *screen = tmux_run(t, FALSE, args);

    return screen != NULL ? screen : g_strdup("");
}

char *tmux_capture_settled(Tmux *t)
{
    gint64 end = g_get_monotonic_time() + (gint64) TMUX_WAIT_MS * 1000;
    char *text = tmux_capture(t);

    for (;;) {
        char *again;

        g_usleep(TMUX_POLL_MS * 1000);
        again = tmux_capture(t);
        if (strcmp(again, text) == 0 || g_get_monotonic_time() > end) {
            g_free(text);
            return again;
        }
        g_free(text);
        text = again;
    }
}

char *tmux_capture_styled(Tmux *t)
{
    const char *args[] = {"capture-pane", "-p", "-e", "-t", "cav", NULL};
    char *screen = tmux_run(t, FALSE, args);

    return screen != NULL ? screen : g_strdup("");
}

void tmux_send_text(Tmux *t, const char *text)
{
    /* tmux would take a lone ";" for its own command separator */
    tmux_do(t, "send-keys", "-t", "cav", "-l", "--", strcmp(text, ";") == 0 ? "\\;" : text);
}

void tmux_send_named_key(Tmux *t, const char *name)
{
    tmux_do(t, "send-keys", "-t", "cav", name);
}

gboolean tmux_wait_until(Tmux *t, TmuxScreenTest test, gconstpointer data, int ms, char **last)
{
    gint64 end = g_get_monotonic_time() + (gint64) ms * 1000;
    gboolean ok = FALSE;
    char *text = NULL;

    do {
        g_free(text);
        text = tmux_capture(t);
        ok = test(text, data);
        if (!ok)
            g_usleep(TMUX_POLL_MS * 1000);
    } while (!ok && g_get_monotonic_time() < end);
    *last = text;
    return ok;
}

gboolean tmux_shows(const char *text, gconstpointer needle)
{
    return strstr(text, needle) != NULL;
}

gboolean tmux_hides(const char *text, gconstpointer needle)
{
    return strstr(text, needle) == NULL;
}

char *tmux_wait_for(Tmux *t, const char *needle)
{
    char *text = NULL;

    if (!tmux_wait_until(t, tmux_shows, needle, TMUX_WAIT_MS, &text)) {
        g_test_message("waited for \"%s\"; the screen shows:\n%s", needle, text);
        g_error("\"%s\" never appeared on the screen", needle);
    }
    return text;
}

void tmux_game_set_up(TmuxGame *g, const char *name)
{
    g_autofree char *tmux_path = g_find_program_in_path("tmux");
    g_autofree char *template = g_strdup_printf("cavelog-%s-XXXXXX", name);
    g_autoptr(GError) error = NULL;

    g->bin = g_getenv("CAVELOG_BIN");
    if (tmux_path == NULL) {
        g_test_skip("tmux is not installed");
        return;
    }
    if (g->bin == NULL) {
        g_test_skip("CAVELOG_BIN is not set (meson test sets it)");
        return;
    }
    g->dir = g_dir_make_tmp(template, &error);
    g_assert_no_error(error);
    g->save = g_build_filename(g->dir, "g.cavelog", NULL);
    tmux_init(&g->tmux, name, g->dir);
}

void tmux_game_tear_down(TmuxGame *g)
{
    tmux_clear(&g->tmux);
    if (g->data != NULL)
        g_unsetenv("CAVELOG_DATA_DIR");
    g_free(g->data);
    if (g->dir != NULL)
        remove_tree(g->dir);
    g_free(g->dir);
    g_free(g->save);
}

int tmux_game_run(TmuxGame *g, char **env, const char *const *args, char **err)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_ptr_array_add(argv, (gpointer) g->bin);
    for (const char *const *arg = args; *arg != NULL; arg++)
        g_ptr_array_add(argv, (gpointer) *arg);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, err, &status, &error));
    g_assert_no_error(error);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

char *tmux_game_command(TmuxGame *g, const char *arguments)
{
    g_autofree char *dir = g_shell_quote(g->dir);
    g_autofree char *bin = g_shell_quote(g->bin);
    g_autofree char *safety = g_find_program_in_path("timeout");
    g_autofree char *data = g->data != NULL ? g_shell_quote(g->data) : NULL;

    return g_strdup_printf("env TERM=xterm-256color XDG_DATA_HOME=%s%s%s %s%s %s", dir,
                           data != NULL ? " CAVELOG_DATA_DIR=" : "", data != NULL ? data : "",
                           safety != NULL ? "timeout --foreground " TMUX_SAFETY_SECONDS " " : "",
                           bin, arguments);
}
