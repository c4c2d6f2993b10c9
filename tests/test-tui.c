/* test-tui.c — the play screen driven for real: the `cavelog` binary (from
 * $CAVELOG_BIN) runs in a private tmux server; keys go in with send-keys and
 * the screen comes back with capture-pane, polled until the expected text
 * shows (never a fixed long sleep). Skipped when tmux is not installed. */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long to wait for the screen to show what a test expects. */
#define WAIT_MS 10000
/* How long to wait for a key to pass a turn before trying another. */
#define TURN_WAIT_MS 2000
#define POLL_MS 50
/* Kills a cavelog left behind by a failed (aborted) test. */
#define SAFETY_SECONDS "60"

typedef struct {
    char *server; /* tmux -L name, unique per test */
    char *dir;    /* save file, XDG_DATA_HOME, stty output */
    char *save;
    const char *bin;
    char **env;   /* for tmux: ours, without $TMUX */
    char *socket; /* the server's socket file, once started */
} Fixture;

/* The running test's fixture, for the fatal signal handler. */
static Fixture *running;

typedef struct {
    gint32 turn, x, y;
    int at_row, at_col; /* where '@' is on screen; -1 if not found */
} Screen;

/* ---- running tmux ------------------------------------------------------ */

/* Run tmux with @args (NULL-terminated) on our server; its stdout, or NULL. */
static char *tmux_v(Fixture *f, gboolean must_succeed, const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    char *out = NULL;
    int status = 0;

    g_ptr_array_add(argv, "tmux");
    g_ptr_array_add(argv, "-L");
    g_ptr_array_add(argv, f->server);
    g_ptr_array_add(argv, "-f");
    g_ptr_array_add(argv, "/dev/null");
    for (; *args != NULL; args++)
        g_ptr_array_add(argv, (gpointer) *args);
    g_ptr_array_add(argv, NULL);
    if (!g_spawn_sync(NULL, (char **) argv->pdata, f->env,
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

#define tmux(f, ...) g_free(tmux_v((f), TRUE, (const char *const[]){__VA_ARGS__, NULL}))

static char *capture(Fixture *f)
{
    const char *args[] = {"capture-pane", "-p", "-t", "cav", NULL};
    char *screen = tmux_v(f, FALSE, args);

    return screen != NULL ? screen : g_strdup("");
}

static void send_key(Fixture *f, const char *key)
{
    tmux(f, "send-keys", "-t", "cav", "-l", key);
}

/* Start @shell_command in a @cols × @rows window of a new tmux server. */
static void start_session(Fixture *f, int cols, int rows, const char *shell_command)
{
    g_autofree char *x = g_strdup_printf("%d", cols);
    g_autofree char *y = g_strdup_printf("%d", rows);
    const char *socket_args[] = {"display-message", "-p", "#{socket_path}", NULL};

    running = f;
    /* remain-on-exit keeps what a failed start printed on screen */
    tmux(f, "set-option", "-g", "status", "off", ";", "set-option", "-g", "remain-on-exit", "on",
         ";", "new-session", "-d", "-s", "cav", "-x", x, "-y", y, shell_command);
    f->socket = g_strchomp(tmux_v(f, TRUE, socket_args));
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
 * tmux server (and the game in it) and its files down too. */
static void on_fatal_signal(int signum)
{
    if (running != NULL) {
        char *kill_server[] = {"tmux", "-L", running->server, "kill-server", NULL};
        char *remove_dir[] = {"rm", "-rf", running->dir, NULL};

        run_quietly(kill_server);
        if (running->socket != NULL)
            unlink(running->socket);
        run_quietly(remove_dir);
    }
    signal(signum, SIG_DFL);
    raise(signum);
}

/* The shell words that run cavelog on a new game (seed 42) in the pane. */
static char *cavelog_command(Fixture *f)
{
    g_autofree char *dir = g_shell_quote(f->dir);
    g_autofree char *bin = g_shell_quote(f->bin);
    g_autofree char *save = g_shell_quote(f->save);
    g_autofree char *safety = g_find_program_in_path("timeout");

    return g_strdup_printf("env TERM=xterm-256color XDG_DATA_HOME=%s %s%s new --seed 42 --save %s",
                           dir, safety != NULL ? "timeout --foreground " SAFETY_SECONDS " " : "",
                           bin, save);
}

static void start_game(Fixture *f, int cols, int rows)
{
    g_autofree char *command = cavelog_command(f);
    g_autofree char *exec_command = g_strconcat("exec ", command, NULL);

    start_session(f, cols, rows, exec_command);
}

/* ---- reading the screen ------------------------------------------------ */

static gint32 match_number(const GMatchInfo *match, int group)
{
    g_autofree char *digits = g_match_info_fetch(match, group);

    return (gint32) g_ascii_strtoll(digits, NULL, 10);
}

/* Find the stats line's turn and position and the '@' on the map. */
static gboolean parse_screen(const char *text, Screen *out)
{
    g_autoptr(GRegex) stats = g_regex_new("Turn (\\d+)  \\((\\d+),(\\d+)\\)", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint n_lines = g_strv_length(lines);

    out->at_row = out->at_col = -1;
    /* the first line holds messages, the last lines the stats */
    for (guint row = 1; row + 2 < n_lines && out->at_row < 0; row++) {
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

typedef gboolean (*ScreenTest)(const char *text, gconstpointer data);

/* Poll the pane until @test holds, for at most @ms. The last screen is
 * returned in *@last (caller frees). */
static gboolean wait_until(Fixture *f, ScreenTest test, gconstpointer data, int ms, char **last)
{
    gint64 end = g_get_monotonic_time() + (gint64) ms * 1000;
    gboolean ok = FALSE;
    char *text = NULL;

    do {
        g_free(text);
        text = capture(f);
        ok = test(text, data);
        if (!ok)
            g_usleep(POLL_MS * 1000);
    } while (!ok && g_get_monotonic_time() < end);
    *last = text;
    return ok;
}

static gboolean shows(const char *text, gconstpointer needle)
{
    return strstr(text, needle) != NULL;
}

static gboolean hides(const char *text, gconstpointer needle)
{
    return strstr(text, needle) == NULL;
}

static gboolean turn_after(const char *text, gconstpointer turn)
{
    Screen screen;

    return parse_screen(text, &screen) && screen.turn > *(const gint32 *) turn;
}

/* Wait for @needle; fail the test showing the screen if it never comes. */
static char *wait_for(Fixture *f, const char *needle)
{
    char *text = NULL;

    if (!wait_until(f, shows, needle, WAIT_MS, &text)) {
        g_test_message("waited for \"%s\"; the screen shows:\n%s", needle, text);
        g_error("\"%s\" never appeared on the screen", needle);
    }
    return text;
}

/* ---- fixture ------------------------------------------------------------ */

static void remove_tree(const char *path)
{
    GDir *dir = g_dir_open(path, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);
        if (g_file_test(child, G_FILE_TEST_IS_DIR) && !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
            remove_tree(child);
        else
            g_unlink(child);
    }
    if (dir != NULL)
        g_dir_close(dir);
    g_rmdir(path);
}

static void fixture_set_up(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *tmux_path = g_find_program_in_path("tmux");
    g_autoptr(GError) error = NULL;

    f->bin = g_getenv("CAVELOG_BIN");
    if (tmux_path == NULL) {
        g_test_skip("tmux is not installed");
        return;
    }
    if (f->bin == NULL) {
        g_test_skip("CAVELOG_BIN is not set (meson test sets it)");
        return;
    }
    f->server = g_strdup_printf("cavelog-test-%d-%08x", (int) getpid(), g_random_int());
    f->dir = g_dir_make_tmp("cavelog-tui-XXXXXX", &error);
    g_assert_no_error(error);
    f->save = g_build_filename(f->dir, "g.cavelog", NULL);
    f->env = g_environ_unsetenv(g_environ_unsetenv(g_get_environ(), "TMUX"), "TMUX_PANE");
}

static void fixture_tear_down(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    if (f->socket != NULL) {
        const char *args[] = {"kill-server", NULL};
        g_free(tmux_v(f, FALSE, args));
        g_unlink(f->socket);
    }
    running = NULL;
    if (f->dir != NULL)
        remove_tree(f->dir);
    g_free(f->server);
    g_free(f->dir);
    g_free(f->save);
    g_free(f->socket);
    g_strfreev(f->env);
}

#define SKIPPED(f) ((f)->server == NULL)

/* ---- tests -------------------------------------------------------------- */

/* Movement keys pass turns and move the '@': `l` first, and another
 * direction whenever a key did not pass a turn (the edge of the map). */
static void test_move(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *keys[] = {"l", "h", "j", "k"};
    g_autofree char *text = NULL;
    Screen first, now;
    guint direction = 0;
    gboolean moved = FALSE;

    if (SKIPPED(f))
        return;
    start_game(f, 100, 30);
    text = wait_for(f, "Turn 0");
    g_assert_true(parse_screen(text, &first));
    g_assert_cmpint(first.at_row, >=, 0);
    now = first;
    for (int attempt = 0; attempt < 16 && !(now.turn >= 3 && moved); attempt++) {
        gint32 before = now.turn;

        send_key(f, keys[direction]);
        g_clear_pointer(&text, g_free);
        if (!wait_until(f, turn_after, &before, TURN_WAIT_MS, &text))
            direction = (direction + 1) % G_N_ELEMENTS(keys);
        g_assert_true(parse_screen(text, &now));
        moved = moved || now.at_row != first.at_row || now.at_col != first.at_col;
    }
    g_test_message("last screen:\n%s", text);
    g_assert_cmpint(now.turn, >=, 3);
    g_assert_true(moved);
    g_assert_true(now.x != first.x || now.y != first.y);
}

/* `?` shows the keys; the key that closes the help does not pass a turn. */
static void test_help(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    const char *closing = "Press any key to go back.";
    g_autofree char *text = NULL;
    Screen screen;

    if (SKIPPED(f))
        return;
    start_game(f, 100, 30);
    g_free(wait_for(f, "Turn 0"));
    send_key(f, "?");
    text = wait_for(f, closing);
    g_assert_nonnull(strstr(text, "Keys"));
    g_assert_nonnull(strstr(text, "save and quit"));
    /* a movement key closes it, and must not move */
    send_key(f, "l");
    g_clear_pointer(&text, g_free);
    g_assert_true(wait_until(f, hides, closing, WAIT_MS, &text));
    g_usleep(300 * 1000);
    g_free(text);
    text = capture(f);
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen.turn, ==, 0);
}

static gboolean has_word(const char *text, const char *word)
{
    g_auto(GStrv) words = g_strsplit_set(text, " \t\n;", -1);

    return g_strv_contains((const char *const *) words, word);
}

/* Run cavelog in a shell that, once it exits, saves `stty -a` and says so. */
static void start_game_in_shell(Fixture *f, const char *stty_path)
{
    g_autofree char *game = cavelog_command(f);
    g_autofree char *stty_quoted = g_shell_quote(stty_path);
    g_autofree char *command =
        g_strdup_printf("%s; status=$?; stty -a > %s; echo CAVELOG-EXITED status=$status; sleep 30",
                        game, stty_quoted);

    start_session(f, 100, 30, command);
}

/* `S` leaves the game with the terminal restored and the game saved. */
static void test_save_quit(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *stty_path = NULL;
    g_autofree char *text = NULL;
    g_autofree char *stty = NULL;
    g_autofree char *header = NULL;
    gsize length = 0;

    if (SKIPPED(f))
        return;
    stty_path = g_build_filename(f->dir, "stty.txt", NULL);
    start_game_in_shell(f, stty_path);
    g_free(wait_for(f, "Turn 0"));
    send_key(f, "S");
    text = wait_for(f, "CAVELOG-EXITED");
    g_assert_nonnull(strstr(text, "CAVELOG-EXITED status=0"));

    g_assert_true(g_file_get_contents(stty_path, &stty, NULL, NULL));
    g_test_message("stty -a after cavelog:\n%s", stty);
    g_assert_true(has_word(stty, "icanon"));
    g_assert_true(has_word(stty, "echo"));
    g_assert_false(has_word(stty, "-icanon"));
    g_assert_false(has_word(stty, "-echo"));

    g_assert_true(g_file_get_contents(f->save, &header, &length, NULL));
    g_assert_cmpuint(length, >=, 16);
    g_assert_cmpmem(header, 16, "SQLite format 3", 16);
}

/* Below 80×24 a note says so; enlarged, the game shows up. */
static void test_too_small(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Screen screen;

    if (SKIPPED(f))
        return;
    start_game(f, 60, 20);
    text = wait_for(f, "at least 80");
    g_assert_nonnull(strstr(text, "this one is 60"));
    g_assert_null(strstr(text, "Turn 0"));
    tmux(f, "resize-window", "-t", "cav", "-x", "100", "-y", "30");
    g_free(text);
    text = wait_for(f, "Turn 0");
    g_assert_null(strstr(text, "at least 80"));
    g_assert_true(parse_screen(text, &screen));
    g_assert_cmpint(screen.at_row, >=, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    signal(SIGABRT, on_fatal_signal); /* a failed g_assert */
    signal(SIGTRAP, on_fatal_signal); /* g_error */
    signal(SIGTERM, on_fatal_signal); /* meson's timeout */
    signal(SIGINT, on_fatal_signal);
    g_test_add("/tui/move", Fixture, NULL, fixture_set_up, test_move, fixture_tear_down);
    g_test_add("/tui/help", Fixture, NULL, fixture_set_up, test_help, fixture_tear_down);
    g_test_add("/tui/save-quit", Fixture, NULL, fixture_set_up, test_save_quit, fixture_tear_down);
    g_test_add("/tui/too-small", Fixture, NULL, fixture_set_up, test_too_small, fixture_tear_down);
    return g_test_run();
}
