/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seams.c — trust at the seams (issue 22), driving the real commands:
 * a keyframe never stands in for an edited history, a write that fails
 * (a full disk, a busy checkpoint) says so and leaves nothing half-made, a
 * closed game's file is whole on its own, and no byte that came from a
 * file reaches the terminal raw. */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>

#include "integrity.h"
#include "testutil.h"

/* ---- helpers ---------------------------------------------------------------- */

/* Each test has its own key and seals, in its own folder. */
static void seams_setup(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *config = NULL;

    tmp_dir_setup(fixture, data);
    config = tmp_path(fixture, "config");
    g_setenv("XDG_CONFIG_HOME", config, TRUE);
}

/* What `cavelog ARGV…` printed, and its exit status; stdin is /dev/null. */
typedef struct {
    char *out;
    char *err;
    int status; /* the exit status, or -1 when it did not exit */
} Run;

static void run_clear(Run *run)
{
    g_free(run->out);
    g_free(run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Run, run_clear)

static void run_cavelog(Run *run, const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_ptr_array_add(argv, (gpointer) g_getenv("CAVELOG_BIN"));
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &status, &error));
    g_assert_no_error(error);
    run->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    g_test_message("cavelog %s: exit %d, stderr: %s", args[0], run->status, run->err);
}

/* The command failed (not crashed) with exactly one line on stderr. */
static void assert_one_line_failure(const Run *run)
{
    g_assert_cmpint(run->status, >, 0);
    g_assert_true(g_str_has_prefix(run->err, "cavelog: "));
    g_assert_true(strchr(run->err, '\n') == run->err + strlen(run->err) - 1);
}

static gboolean have_cavelog(void)
{
    if (g_getenv("CAVELOG_BIN") != NULL)
        return TRUE;
    g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
    return FALSE;
}

static GBytes *file_bytes(const char *path)
{
    gchar *contents = NULL;
    gsize length = 0;

    g_assert_true(g_file_get_contents(path, &contents, &length, NULL));
    return g_bytes_new_take(contents, length);
}

static void copy_file(const char *from, const char *to)
{
    g_autoptr(GBytes) bytes = file_bytes(from);

    g_assert_true(g_file_set_contents(to, g_bytes_get_data(bytes, NULL),
                                      (gssize) g_bytes_get_size(bytes), NULL));
}

static gint64 file_int(const char *path, const char *query)
{
    sqlite3 *db = NULL;
    gint64 value;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    value = db_int(db, query);
    sqlite3_close(db);
    return value;
}

/* Run @statement on @path with the stock API, as anyone with sqlite3 can. */
static void edit(const char *path, const char *statement)
{
    sqlite3 *db = NULL;
    char *message = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    if (sqlite3_exec(db, statement, NULL, NULL, &message) != SQLITE_OK)
        g_error("%s: %s", statement, message);
    g_assert_cmpint(sqlite3_close(db), ==, SQLITE_OK);
}

/* `cavelog autoplay` of @turns turns of seed @seed into @path. */
static void autoplay(const char *path, const char *seed, const char *turns)
{
    const char *args[] = {"autoplay", "--seed", seed, "--turns", turns, "--save", path, NULL};
    g_auto(Run) run = {0};

    run_cavelog(&run, args);
    g_assert_cmpint(run.status, ==, 0);
}

/* ---- 1. a keyframe never stands in for an edited history -------------------- */

/* A copy of one's own game, an attack before its newest keyframe turned
 * into a GameWon: `continue` folds it whole and refuses it as verify does,
 * and leaves it as it was; the copy as it was made goes on. */
static void test_keyframe_edited_history(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = tmp_path(fixture, "g.cavelog");
    g_autofree char *copy = tmp_path(fixture, "t.cavelog");
    g_autofree char *plain = tmp_path(fixture, "p.cavelog");
    const char *resume[] = {"continue", copy, NULL};
    const char *resume_plain[] = {"continue", plain, NULL};
    const char *check[] = {"verify", copy, NULL};
    g_auto(Run) run = {0}, verified = {0}, untouched = {0};
    g_autoptr(GBytes) before = NULL, after = NULL;
    gint64 keyframe_turn;

    if (!have_cavelog())
        return;
    autoplay(game, "7", "600");
    keyframe_turn = file_int(game, "SELECT max(t.turn) FROM snapshots s JOIN turns t"
                                   " ON t.last_seq = s.seq");
    g_assert_cmpint(keyframe_turn, >, 1); /* a keyframe to stand in for the turns before */
    copy_file(game, copy);
    copy_file(game, plain);
    edit(copy, "UPDATE events SET type = 'GameWon' WHERE seq = (SELECT min(e.seq) FROM events e"
               " JOIN turns t ON t.turn = e.turn WHERE e.type = 'CreatureAttacked' AND"
               " e.turn > 0 AND t.last_seq < (SELECT max(seq) FROM snapshots))");
    g_assert_cmpint(file_int(copy, "SELECT count(*) FROM events WHERE type = 'GameWon'"), ==, 1);
    before = file_bytes(copy);
    run_cavelog(&run, resume);
    assert_one_line_failure(&run);
    g_assert_null(strstr(run.err, "terminal")); /* refused, not resumed */
    g_assert_nonnull(strstr(run.err, "GameWon"));
    after = file_bytes(copy);
    g_assert_true(g_bytes_equal(before, after));
    run_cavelog(&verified, check);
    g_assert_cmpint(verified.status, >, 0);
    /* The same copy, unedited, passes every check (and only the terminal is missing). */
    run_cavelog(&untouched, resume_plain);
    g_assert_nonnull(strstr(untouched.err, "needs a terminal"));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
#define ADD(path, func) g_test_add(path, TmpDir, NULL, seams_setup, func, tmp_dir_teardown)
    ADD("/seams/keyframe/edited-history", test_keyframe_edited_history);
#undef ADD
    return g_test_run();
}
