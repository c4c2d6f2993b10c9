/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c — the `cavelog` command line as a user meets it: usage errors
 * and --help name the program once ("cavelog new"), a missing folder is
 * named, and output lost to a full disk is an error. Runs the real
 * executable named by $CAVELOG_BIN. */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* What one run of the program did. */
typedef struct {
    int exit_status; /* -1 when it did not exit normally */
    char *out, *err;
} Run;

static void run_clear(Run *run)
{
    g_free(run->out);
    g_free(run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Run, run_clear)

/* $CAVELOG_BIN, or NULL after marking the test skipped. */
static const char *cavelog_bin(void)
{
    const char *bin = g_getenv("CAVELOG_BIN");

    if (bin == NULL || !g_file_test(bin, G_FILE_TEST_IS_EXECUTABLE)) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog program");
        return NULL;
    }
    return bin;
}

/* In the child: standard output goes to /dev/full. */
static void stdout_to_full(gpointer data)
{
    int fd = open("/dev/full", O_WRONLY);

    if (fd >= 0)
        dup2(fd, STDOUT_FILENO);
}

/* Run `cavelog ARGS…` (@args NULL-terminated) in @env with stdin from
 * /dev/null; with @full, its stdout is /dev/full and run->out stays NULL. */
static void run_cavelog(Run *run, char **env, gboolean full, const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_ptr_array_add(argv, (gpointer) g_getenv("CAVELOG_BIN"));
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    *run = (Run){0};
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT,
                               full ? stdout_to_full : NULL, NULL, full ? NULL : &run->out,
                               &run->err, &status, &error));
    g_assert_no_error(error);
    run->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The environment of the tests: games live under @dir, in a UTF-8 locale
 * (what the program prints depends on it: cli_for_terminal). */
static char **test_env(const char *dir)
{
    char **env = g_environ_setenv(g_get_environ(), "XDG_DATA_HOME", dir, TRUE);

    return g_environ_setenv(env, "LC_ALL", "C.UTF-8", TRUE);
}

/* ---- /cli/usage ------------------------------------------------------------ */

/* An unknown command or option at the top level: exit 2 and a hint that
 * names the program once, as "cavelog", not by the path it was run by. */
static void test_usage_top_level(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    const char *cases[][2] = {
        {"bogus", "cavelog: unknown command “bogus”. Try “cavelog --help”.\n"},
        {"--bogus", "\nTry “cavelog --help”.\n"}};
    g_auto(GStrv) env = test_env(fixture->dir);

    if (bin == NULL)
        return;
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *args[] = {cases[i][0], NULL};
        g_auto(Run) run = {0};
        run_cavelog(&run, env, FALSE, args);
        g_test_message("cavelog %s: %s", cases[i][0], run.err);
        g_assert_cmpint(run.exit_status, ==, 2);
        g_assert_true(g_str_has_prefix(run.err, "cavelog: "));
        g_assert_true(g_str_has_suffix(run.err, cases[i][1]));
        g_assert_null(strstr(run.err, bin));
        g_assert_null(strstr(run.err, "cavelog cavelog"));
    }
}

static const char *const subcommands[] = {"new",      "continue", "list", "events",
                                          "autoplay", "verify",   "fork"};

/* Each subcommand's --help says "Usage: cavelog NAME [OPTION…]", and an
 * unknown option's hint names "cavelog NAME --help". */
static void test_usage_subcommands(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);

    if (cavelog_bin() == NULL)
        return;
    for (guint i = 0; i < G_N_ELEMENTS(subcommands); i++) {
        const char *help[] = {subcommands[i], "--help", NULL};
        const char *bogus[] = {subcommands[i], "--bogus", NULL};
        g_autofree char *usage = g_strdup_printf("Usage:\n  cavelog %s [OPTION…]", subcommands[i]);
        g_autofree char *hint = g_strdup_printf("\nTry “cavelog %s --help”.\n", subcommands[i]);
        g_auto(Run) shown = {0};
        g_auto(Run) refused = {0};
        run_cavelog(&shown, env, FALSE, help);
        g_assert_cmpint(shown.exit_status, ==, 0);
        g_assert_true(g_str_has_prefix(shown.out, usage));
        run_cavelog(&refused, env, FALSE, bogus);
        g_assert_cmpint(refused.exit_status, ==, 2);
        g_assert_true(g_str_has_suffix(refused.err, hint));
    }
}

/* A command that reads one FILE, given none (or two), says so in one line
 * that ends with the hint to its --help: exit 2. */
static void test_usage_file_count(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    const char *const commands[][5] = {
        {"events", NULL}, {"verify", NULL}, {"replay", NULL}, {"fork", "--turn", "2", NULL},
        {"morgue", NULL}, {"pack", NULL},   {"unpack", NULL}, {"continue", "a", "b", NULL},
    };

    if (cavelog_bin() == NULL)
        return;
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
        g_autofree char *hint = g_strdup_printf(" Try “cavelog %s --help”.\n", commands[i][0]);
        g_auto(Run) run = {0};
        run_cavelog(&run, env, FALSE, commands[i]);
        g_test_message("cavelog %s: exit %d, %s", commands[i][0], run.exit_status, run.err);
        g_assert_cmpint(run.exit_status, ==, 2);
        g_assert_true(g_str_has_prefix(run.err, "cavelog: "));
        g_assert_true(g_str_has_suffix(run.err, hint));
        g_assert_true(strchr(run.err, '\n') == run.err + strlen(run.err) - 1); /* one line */
    }
}

/* ---- /cli/list -------------------------------------------------------------- */

/* `list` of a folder that is not there says so, naming it: exit 1. A file
 * where a folder belongs stays a usage error. */
static void test_list_missing_folder(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *missing = tmp_path(fixture, "no-such-folder");
    g_autofree char *expected = g_strdup_printf("cavelog: %s: no such folder\n", missing);
    g_autofree char *file = tmp_path(fixture, "plain-file");
    g_auto(GStrv) env = test_env(fixture->dir);
    const char *args[] = {"list", missing, NULL};
    const char *file_args[] = {"list", file, NULL};
    g_auto(Run) run = {0};
    g_auto(Run) file_run = {0};

    if (cavelog_bin() == NULL)
        return;
    run_cavelog(&run, env, FALSE, args);
    g_assert_cmpint(run.exit_status, ==, 1);
    g_assert_cmpstr(run.err, ==, expected);
    g_assert_cmpstr(run.out, ==, "");
    g_assert_false(g_file_test(missing, G_FILE_TEST_EXISTS)); /* not made by looking */
    g_assert_true(g_file_set_contents(file, "not a folder", -1, NULL));
    run_cavelog(&file_run, env, FALSE, file_args);
    g_assert_cmpint(file_run.exit_status, ==, 2);
    g_assert_nonnull(strstr(file_run.err, "not a file"));
}

/* ---- /cli/list/unreadable ------------------------------------------------------ */

/* A file in the folder that is not a game is listed by its name, then
 * "unreadable: " and the problem, which does not name the file again. */
static void test_list_unreadable(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *junk = tmp_path(fixture, "junk.cavelog");
    const char *args[] = {"list", fixture->dir, NULL};
    g_auto(Run) run = {0};
    const char *row = NULL;

    if (cavelog_bin() == NULL)
        return;
    g_assert_true(g_file_set_contents(junk, "not a game", -1, NULL));
    run_cavelog(&run, env, FALSE, args);
    g_test_message("cavelog list: %s", run.out);
    g_assert_cmpint(run.exit_status, ==, 0);
    row = strstr(run.out, "\njunk.cavelog ");
    g_assert_nonnull(row);
    g_assert_nonnull(strstr(row, "  unreadable: not a cavelog game"));
    g_assert_null(strstr(run.out, junk)); /* the path is not repeated */
}

/* ---- /cli/stdout-full ------------------------------------------------------- */

/* A recorded game of a few turns at "DIR/cavelog/games/short.cavelog",
 * where `list` without a FOLDER looks. Returns its path. */
static char *record_game(const char *dir, char **env)
{
    g_autofree char *games = g_build_filename(dir, "cavelog", "games", NULL);
    char *path = g_build_filename(games, "short.cavelog", NULL);
    const char *args[] = {"autoplay", "--seed", "7", "--turns", "5", "--save", path, NULL};
    g_auto(Run) run = {0};

    g_assert_cmpint(g_mkdir_with_parents(games, 0700), ==, 0);
    run_cavelog(&run, env, FALSE, args);
    g_assert_cmpint(run.exit_status, ==, 0);
    return path;
}

/* Every command that prints, with its output going to a full disk, exits 1
 * saying so in one line (also --help and --version, which GLib or we print
 * and exit on); the same commands to /dev/null succeed. */
static void test_stdout_full(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL;
    g_autofree char *games = NULL;

    if (cavelog_bin() == NULL)
        return;
    if (!g_file_test("/dev/full", G_FILE_TEST_EXISTS)) {
        g_test_skip("no /dev/full here");
        return;
    }
    game = record_game(fixture->dir, env);
    games = g_path_get_dirname(game);
    const char *const commands[][4] = {
        {"events", game, NULL}, {"events", "--json", game, NULL}, {"list", NULL},
        {"list", games, NULL},  {"verify", game, NULL},           {"--version", NULL},
        {"--help", NULL},       {"new", "--help", NULL},          {"events", "--help", NULL},
    };
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
        g_auto(Run) full = {0};
        g_auto(Run) fine = {0};
        g_autofree char *shown = g_strjoinv(" ", (char **) commands[i]);
        run_cavelog(&full, env, TRUE, commands[i]);
        g_test_message("cavelog %s >/dev/full: exit %d, %s", shown, full.exit_status, full.err);
        g_assert_cmpint(full.exit_status, ==, 1);
        g_assert_true(g_str_has_prefix(full.err, "cavelog: cannot write to standard output"));
        g_assert_true(strchr(full.err, '\n') == full.err + strlen(full.err) - 1); /* one line */
        run_cavelog(&fine, env, FALSE, commands[i]);
        g_assert_cmpint(fine.exit_status, ==, 0);
        /* list's note that its rows are unchecked goes to stderr, alone */
        if (g_str_equal(commands[i][0], "list"))
            g_assert_true(g_str_has_prefix(fine.err, "(Each game as its file describes it") &&
                          strchr(fine.err, '\n') == fine.err + strlen(fine.err) - 1);
        else
            g_assert_cmpstr(fine.err, ==, "");
        g_assert_cmpuint(strlen(fine.out), >, 0);
    }
}

/* ---- /cli/ascii -------------------------------------------------------------- */

/* Whether @text is all ASCII. */
static gboolean all_ascii(const char *text)
{
    for (const char *c = text; *c != '\0'; c++)
        if ((guchar) *c >= 0x80)
            return FALSE;
    return TRUE;
}

/* Under a locale whose charset is not UTF-8 (LANG=C), what goes to the
 * terminal is ASCII: verify's "ok — " is "ok - ", the morgue printed is
 * "cavelog - the story of", --help's "[OPTION…]" is "[OPTION...]". Under
 * UTF-8 the dash stays. The morgue file written is UTF-8 either way. */
static void test_ascii_locale(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) utf8_env = test_env(fixture->dir);
    g_auto(GStrv) env = NULL;
    g_autofree char *game = NULL;
    g_autofree char *morgue_file = NULL;
    g_autofree char *morgue_text = NULL;
    g_auto(Run) utf8 = {0};

    if (cavelog_bin() == NULL)
        return;
    env = g_environ_setenv(g_strdupv(utf8_env), "LC_ALL", "C", TRUE);
    env = g_environ_setenv(env, "LANG", "C", TRUE);
    game = record_game(fixture->dir, utf8_env);
    morgue_file = g_build_filename(fixture->dir, "story.txt", NULL);
    const char *const commands[][5] = {
        {"verify", game, NULL},
        {"morgue", "-o", "-", game, NULL},
        {"autoplay", "--help", NULL},
        {"morgue", "-o", morgue_file, game, NULL},
    };
    const char *expected[] = {": ok - ", "cavelog - the story of", "[OPTION...] - ", ""};
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
        g_auto(Run) run = {0};
        run_cavelog(&run, env, FALSE, commands[i]);
        g_test_message("LANG=C cavelog %s: %s%s", commands[i][0], run.out, run.err);
        g_assert_cmpint(run.exit_status, ==, 0);
        g_assert_true(all_ascii(run.out) && all_ascii(run.err));
        g_assert_nonnull(strstr(run.out, expected[i]));
    }
    g_assert_true(g_file_get_contents(morgue_file, &morgue_text, NULL, NULL));
    g_assert_nonnull(strstr(morgue_text, "cavelog \u2014 the story of"));
    run_cavelog(&utf8, utf8_env, FALSE, (const char *const[]){"verify", game, NULL});
    g_assert_nonnull(strstr(utf8.out, ": ok \u2014 "));
}

/* ---- /cli/events/type-case ------------------------------------------------------ */

/* events --type takes a type's name in any case, as the replay's conditions
 * do: creaturemoved lists what CreatureMoved lists; a name no type has is
 * still a usage error. */
static void test_events_type_case(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL;
    g_auto(Run) exact = {0};
    g_auto(Run) lower = {0};
    g_auto(Run) bogus = {0};

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    {
        const char *args[] = {"events", game, "--type", "CreatureMoved", NULL};
        run_cavelog(&exact, env, FALSE, args);
    }
    {
        const char *args[] = {"events", game, "--type", "creaturemoved", NULL};
        run_cavelog(&lower, env, FALSE, args);
    }
    {
        const char *args[] = {"events", game, "--type", "CreatureMovedd", NULL};
        run_cavelog(&bogus, env, FALSE, args);
    }
    g_assert_cmpint(exact.exit_status, ==, 0);
    g_assert_nonnull(strstr(exact.out, " CreatureMoved "));
    g_assert_cmpint(lower.exit_status, ==, 0);
    g_assert_cmpstr(lower.out, ==, exact.out);
    g_assert_cmpint(bogus.exit_status, ==, 2);
    g_assert_true(g_str_has_prefix(bogus.err, "cavelog: unknown event type “CreatureMovedd”."));
}

/* ---- /cli/fork ---------------------------------------------------------------- */

/* `fork FILE --turn N` writes NAME-turnN.cavelog in the games folder and
 * says so; `list` shows where it came from, `verify` passes it; a turn the
 * game does not have is one line and exit 1, a missing --turn a usage
 * error, and a second fork at the same turn gets a name of its own. */
static void test_fork(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL, *games = NULL, *fork = NULL, *again = NULL;
    const char *list[] = {"list", NULL};
    g_auto(Run) made = {0}, second = {0}, listed = {0}, verified = {0}, bad = {0}, usage = {0};

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    games = g_path_get_dirname(game);
    fork = g_build_filename(games, "short-turn3.cavelog", NULL);
    again = g_build_filename(games, "short-turn3-2.cavelog", NULL);
    {
        const char *args[] = {"fork", game, "--turn", "3", NULL};
        run_cavelog(&made, env, FALSE, args);
        run_cavelog(&second, env, FALSE, args);
    }
    g_assert_cmpint(made.exit_status, ==, 0);
    g_assert_nonnull(strstr(made.out, fork));
    g_assert_nonnull(strstr(made.out, "cavelog continue"));
    g_assert_cmpint(second.exit_status, ==, 0);
    g_assert_true(g_file_test(again, G_FILE_TEST_EXISTS));
    run_cavelog(&listed, env, FALSE, list);
    g_assert_nonnull(strstr(listed.out, "(forked from short.cavelog at turn 3)"));
    {
        const char *args[] = {"verify", fork, NULL};
        run_cavelog(&verified, env, FALSE, args);
    }
    g_assert_cmpint(verified.exit_status, ==, 0);
    /* a fork at turn 3 stands at turn 3, as list says: not 4 (the start is no turn) */
    g_assert_nonnull(strstr(verified.out, ": ok — 3 turns"));
    {
        const char *args[] = {"fork", game, "--turn", "99", "--save", "x.cavelog", NULL};
        run_cavelog(&bad, env, FALSE, args);
    }
    g_assert_cmpint(bad.exit_status, ==, 1);
    g_assert_nonnull(strstr(bad.err, "the game has no turn 99 (its turns are 0 to 5)"));
    g_assert_true(strchr(bad.err, '\n') == bad.err + strlen(bad.err) - 1);
    {
        const char *args[] = {"fork", game, NULL};
        run_cavelog(&usage, env, FALSE, args);
    }
    g_assert_cmpint(usage.exit_status, ==, 2);
}

/* `fork`'s "Play on with:" line is one a shell runs as it reads: the new
 * file's path, spaces, quotes and all, is one word. */
static void test_fork_play_on_quoted(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL, *fork = NULL;
    g_auto(GStrv) words = NULL;
    g_auto(Run) made = {0};
    const char *line;
    int n_words = 0;

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    fork = g_build_filename(fixture->dir, "my game's fork $HOME.cavelog", NULL);
    {
        const char *args[] = {"fork", game, "--turn", "2", "--save", fork, NULL};
        run_cavelog(&made, env, FALSE, args);
    }
    g_assert_cmpint(made.exit_status, ==, 0);
    line = strstr(made.out, "Play on with: ");
    g_assert_nonnull(line);
    line += strlen("Play on with: ");
    {
        g_autofree char *command = g_strndup(line, strcspn(line, "\n"));
        g_assert_true(g_shell_parse_argv(command, &n_words, &words, NULL));
    }
    g_assert_cmpint(n_words, ==, 3);
    g_assert_cmpstr(words[0], ==, "cavelog");
    g_assert_cmpstr(words[1], ==, "continue");
    g_assert_cmpstr(words[2], ==, fork);
    g_assert_true(g_file_test(words[2], G_FILE_TEST_IS_REGULAR));
}

/* ---- /cli/fork/of-pack ------------------------------------------------------- */

/* A pack (and so a compressed game) forks without --save into the games
 * folder as NAME-turnN.cavelog, its ending dropped as a .cavelog's is, not
 * as NAME.cavepack-turnN.cavelog. */
static void test_fork_of_pack(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL;
    g_autofree char *pack = NULL;
    g_autofree char *expected = NULL;
    g_auto(Run) packed = {0};
    g_auto(Run) forked = {0};

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    pack = tmp_path(fixture, "short.cavepack");
    {
        const char *args[] = {"pack", game, "-o", pack, NULL};
        run_cavelog(&packed, env, FALSE, args);
    }
    g_assert_cmpint(packed.exit_status, ==, 0);
    {
        const char *args[] = {"fork", pack, "--turn", "2", NULL};
        run_cavelog(&forked, env, FALSE, args);
    }
    g_test_message("cavelog fork: %s%s", forked.out, forked.err);
    g_assert_cmpint(forked.exit_status, ==, 0);
    expected = g_build_filename(fixture->dir, "cavelog", "games", "short-turn2.cavelog", NULL);
    g_assert_true(g_file_test(expected, G_FILE_TEST_IS_REGULAR));
    g_assert_nonnull(strstr(forked.out, expected));
}

/* ---- /cli/pack/of-pack -------------------------------------------------------- */

/* Packing a game says what share of the game file the pack is; packing a
 * pack (or a .gz) has no game file to compare with and says only its size,
 * never "1/1 of the game". */
static void test_pack_of_pack(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL;
    g_autofree char *pack = tmp_path(fixture, "short.cavepack");
    g_autofree char *again = tmp_path(fixture, "again.cavepack");
    g_auto(Run) packed = {0};
    g_auto(Run) repacked = {0};

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    {
        const char *args[] = {"pack", game, "-o", pack, NULL};
        run_cavelog(&packed, env, FALSE, args);
    }
    g_assert_cmpint(packed.exit_status, ==, 0);
    g_assert_nonnull(strstr(packed.out, " of the game)\n"));
    {
        const char *args[] = {"pack", pack, "-o", again, NULL};
        run_cavelog(&repacked, env, FALSE, args);
    }
    g_test_message("cavelog pack PACK: %s%s", repacked.out, repacked.err);
    g_assert_cmpint(repacked.exit_status, ==, 0);
    g_assert_true(g_str_has_prefix(repacked.out, "cavelog pack: wrote "));
    g_assert_null(strstr(repacked.out, "of the game"));
    g_assert_true(g_str_has_suffix(repacked.out, ")\n"));
}

/* ---- /cli/output-folder ------------------------------------------------------ */

/* A folder given where a command writes a file (morgue's --output, pack's
 * -o, fork's and new's --save, replay's --asciicast) is refused in one line
 * that calls it a folder, exit 1, and the folder is left empty. */
static void test_output_folder(TmpDir *fixture, gconstpointer data)
{
    g_auto(GStrv) env = test_env(fixture->dir);
    g_autofree char *game = NULL;
    g_autofree char *folder = tmp_path(fixture, "out");
    g_autofree char *said = g_strdup_printf("cavelog: %s: a folder", folder);

    if (cavelog_bin() == NULL)
        return;
    game = record_game(fixture->dir, env);
    g_assert_cmpint(g_mkdir(folder, 0700), ==, 0);
    const char *const commands[][8] = {
        {"morgue", game, "--output", folder, NULL},
        {"pack", game, "-o", folder, NULL},
        {"fork", game, "--turn", "2", "--save", folder, NULL},
        {"new", "--text", "--seed", "3", "--save", folder, NULL},
        {"replay", game, "--asciicast", folder, NULL},
    };
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
        g_auto(Run) run = {0};
        g_autoptr(GDir) dir = NULL;
        run_cavelog(&run, env, FALSE, commands[i]);
        g_test_message("cavelog %s: exit %d, %s", commands[i][0], run.exit_status, run.err);
        g_assert_cmpint(run.exit_status, ==, 1);
        g_assert_true(g_str_has_prefix(run.err, said));
        g_assert_null(strstr(run.err, "a file of that name"));
        g_assert_true(strchr(run.err, '\n') == run.err + strlen(run.err) - 1); /* one line */
        dir = g_dir_open(folder, 0, NULL);
        g_assert_nonnull(dir);
        g_assert_null(g_dir_read_name(dir)); /* nothing left inside */
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
#define ADD(path, func) g_test_add(path, TmpDir, NULL, tmp_dir_setup, func, tmp_dir_teardown)
    ADD("/cli/usage/top-level", test_usage_top_level);
    ADD("/cli/usage/subcommands", test_usage_subcommands);
    ADD("/cli/usage/file-count", test_usage_file_count);
    ADD("/cli/list/missing-folder", test_list_missing_folder);
    ADD("/cli/list/unreadable", test_list_unreadable);
    ADD("/cli/events/type-case", test_events_type_case);
    ADD("/cli/stdout-full", test_stdout_full);
    ADD("/cli/ascii-locale", test_ascii_locale);
    ADD("/cli/fork", test_fork);
    ADD("/cli/fork/play-on-quoted", test_fork_play_on_quoted);
    ADD("/cli/fork/of-pack", test_fork_of_pack);
    ADD("/cli/pack/of-pack", test_pack_of_pack);
    ADD("/cli/output-folder", test_output_folder);
#undef ADD
    return g_test_run();
}
