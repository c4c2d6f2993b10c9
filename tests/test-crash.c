/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-crash.c — a cavelog process killed with SIGKILL at a random moment
 * leaves a game file that opens, ends exactly at its last completed turn, and
 * plays on. Runs the real executable named by $CAVELOG_BIN. */
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"
#include "testutil.h"

/* $CAVELOG_BIN, or NULL after marking the test skipped. */
static const char *cavelog_bin(void)
{
    const char *bin = g_getenv("CAVELOG_BIN");

    if (bin == NULL || !g_file_test(bin, G_FILE_TEST_IS_EXECUTABLE)) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return NULL;
    }
    return bin;
}

/* Start `cavelog autoplay` on @path for ever; its stderr goes to @log. */
static GPid spawn_autoplay(const char *bin, const char *path, const char *log)
{
    const char *argv[] = {bin,         "autoplay", "--seed", "7",       "--turns",
                          "100000000", "--save",   path,     "--quiet", NULL};
    g_autoptr(GError) error = NULL;
    int err_fd = g_open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    GPid pid = 0;

    g_assert_cmpint(err_fd, >=, 0);
    g_spawn_async_with_fds(NULL, (char **) argv, NULL,
                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &pid,
                           -1, -1, err_fd, &error);
    close(err_fd);
    g_assert_no_error(error);
    return pid;
}

/* SIGKILL @pid after @ms milliseconds and reap it. Returns FALSE when it
 * had already exited with success (the bot's game ended by death or win);
 * any other way of ending is an error. */
static gboolean kill_after(GPid pid, gint32 ms, const char *log)
{
    int status = 0;

    g_usleep((gulong) ms * 1000);
    kill(pid, SIGKILL);
    g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return FALSE;
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL) {
        g_autofree char *text = NULL;
        g_file_get_contents(log, &text, NULL, NULL);
        g_error("cavelog ended by itself (status %d) after %d ms: %s", status, ms,
                text != NULL ? text : "");
    }
    return TRUE;
}

/* The killed game's file: it resumes straight from what the killed process
 * left (main file plus -wal), and holds whole turns only. Returns the number
 * of the last completed turn. */
static gint32 check_killed_file(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    sqlite3 *db = NULL;
    gint64 last_turn, last_seq;

    /* First our own resume, before any other connection recovers the WAL:
     * it folds every event and checks the last turn's digest. */
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(session);

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'turns'"), ==, 1);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM turns"), >, 0);
    last_turn = db_int(db, "SELECT max(turn) FROM turns");
    last_seq = db_int(db, "SELECT last_seq FROM turns ORDER BY turn DESC LIMIT 1");
    g_assert_cmpint(db_int(db, "SELECT max(seq) FROM events"), ==, last_seq);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM events"), ==, last_seq);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM events WHERE turn > (SELECT max(turn) FROM "
                               "turns)"),
                    ==, 0);
    g_assert_cmpint(db_int(db, "SELECT turns FROM game"), ==, last_turn);
    sqlite3_close(db);

    g_assert_cmpint(session_state(session)->turn, ==, last_turn);
    g_assert_cmpint(session_state(session)->last_seq, ==, last_seq);
    return (gint32) last_turn;
}

static void assert_runs_ok(const char *const *argv)
{
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, &error))
        g_error("%s %s failed: %s\n%s", argv[1], argv[2], error->message, err);
}

static gboolean game_over(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(path, NULL, &error);

    g_assert_no_error(error);
    return session_state(session)->outcome != OUTCOME_PLAYING;
}

/* No PATH.PID.part file is left in @dir. */
static void assert_no_parts(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name(folder)) != NULL)
        if (strstr(name, ".part") != NULL)
            g_error("%s was left in %s", name, dir);
}

/* Kill the bot at random moments while it plays on one growing file; when
 * its game ends (a death, a win), go on with a new file. */
static void test_sigkill(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    g_autofree char *log = g_build_filename(fixture->dir, "stderr.txt", NULL);
    g_autofree char *path = NULL;
    const guint kills = 25;
    gint32 turn = -1, files = 0, grew = 0;

    if (bin == NULL)
        return;
    for (guint i = 0; i < kills; i++) {
        GPid pid;
        gint32 previous = turn;
        if (path == NULL) {
            g_autofree char *name = g_strdup_printf("crash-%d.cavelog", files++);
            path = g_build_filename(fixture->dir, name, NULL);
            previous = turn = -1;
        }
        pid = spawn_autoplay(bin, path, log);
        if (!kill_after(pid, g_test_rand_int_range(30, 401), log)) {
            g_assert_true(game_over(path));
            g_clear_pointer(&path, g_free);
            continue;
        }
        if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
            /* Killed before the new game was whole: nothing is left at all. */
            g_assert_cmpint(previous, <, 0);
            continue;
        }
        turn = check_killed_file(path);
        /* A kill never takes away a turn that was already saved. */
        g_assert_cmpint(turn, >=, previous);
        grew += previous >= 0 && turn > previous;
        {
            const char *verify[] = {bin, "verify", path, NULL};
            assert_runs_ok(verify);
        }
    }
    g_test_message("%d files; %d kills found the game grown since the last", files, grew);
    g_assert_cmpint(grew, >, 0);
}

/* Killed while the game file is being created: afterwards there is either no
 * file, or one that resumes and plays on. */
static void test_sigkill_while_creating(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    g_autofree char *log = g_build_filename(fixture->dir, "stderr.txt", NULL);
    guint created = 0;

    if (bin == NULL)
        return;
    for (guint i = 0; i < 20; i++) {
        g_autofree char *name = g_strdup_printf("new-%u.cavelog", i);
        g_autofree char *path = g_build_filename(fixture->dir, name, NULL);
        const char *more[] = {bin, "autoplay", "--seed", "7",       "--turns",
                              "5", "--save",   path,     "--quiet", NULL};
        GPid pid = spawn_autoplay(bin, path, log);
        kill_after(pid, g_test_rand_int_range(0, 60), log);
        if (g_file_test(path, G_FILE_TEST_EXISTS)) {
            created++;
            check_killed_file(path);
        }
        /* Either way, the same command goes on (or starts afresh). */
        assert_runs_ok(more);
        g_assert_cmpint(check_killed_file(path), >=, 5);
        assert_no_parts(fixture->dir);
    }
    g_test_message("%u of 20 files existed when killed", created);
}

/* The pid of a process that has ended (and been reaped). */
static GPid dead_pid(void)
{
    const char *argv[] = {"true", NULL};
    g_autoptr(GError) error = NULL;
    GPid pid = 0;
    int status;

    g_assert_true(g_spawn_async(NULL, (char **) argv, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                &error));
    g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
    return pid;
}

static void touch(const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);

    g_assert_true(g_file_set_contents(path, "left over", -1, NULL));
}

static gboolean exists_in(const char *dir, const char *name)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);

    return g_file_test(path, G_FILE_TEST_EXISTS);
}

/* The .part files of creations killed before their game was whole are
 * removed by the next game made beside them; those of a live process, and
 * files that only look alike, are left alone. */
static void test_part_leftovers(TmpDir *fixture, gconstpointer data)
{
    GPid dead = dead_pid();
    g_autofree char *gone = g_strdup_printf("old.cavelog.%d.part", (int) dead);
    g_autofree char *gone_wal = g_strconcat(gone, "-wal", NULL);
    g_autofree char *download = g_strdup_printf("movie.%d.part", (int) dead);
    g_autofree char *path = tmp_path(fixture, "new.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    touch(fixture->dir, gone);
    touch(fixture->dir, gone_wal);
    touch(fixture->dir, "busy.cavelog.1.part"); /* pid 1 lives */
    touch(fixture->dir, download);
    session = session_new_game(path, 5, "tester", NULL, &error);
    g_assert_no_error(error);
    g_assert_false(exists_in(fixture->dir, gone));
    g_assert_false(exists_in(fixture->dir, gone_wal));
    g_assert_true(exists_in(fixture->dir, "busy.cavelog.1.part"));
    g_assert_true(exists_in(fixture->dir, download));
}

/* A disk that fills up mid-game (a file-size limit makes every write past it
 * fail like a full disk): one clear line, exit status 1, and the file keeps
 * every turn completed before, still whole and still resumable. */
static void test_disk_full(TmpDir *fixture, gconstpointer data)
{
    const char *bin = cavelog_bin();
    g_autofree char *path = NULL;
    g_autofree char *script = NULL;
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    if (bin == NULL)
        return;
    path = g_build_filename(fixture->dir, "full.cavelog", NULL);
    script = g_strdup_printf("ulimit -f 800; trap '' XFSZ; exec '%s' autoplay --seed 9 --turns "
                             "1000000 --save '%s'",
                             bin, path);
    const char *argv[] = {"/bin/sh", "-c", script, NULL};
    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
    g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    g_assert_true(g_str_has_prefix(err, "cavelog: "));
    g_assert_nonnull(strstr(err, "could not write to the disk; is it full?"));
    g_assert_cmpint(strchr(err, '\n') - err, ==, (gssize) strlen(err) - 1); /* one line */
    g_assert_cmpint(check_killed_file(path), >, 0);
    {
        const char *verify[] = {bin, "verify", path, NULL};
        assert_runs_ok(verify);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add("/crash/sigkill", TmpDir, NULL, tmp_dir_setup, test_sigkill, tmp_dir_teardown);
    g_test_add("/crash/disk-full", TmpDir, NULL, tmp_dir_setup, test_disk_full, tmp_dir_teardown);
    g_test_add("/crash/sigkill-while-creating", TmpDir, NULL, tmp_dir_setup,
               test_sigkill_while_creating, tmp_dir_teardown);
    g_test_add("/crash/part-leftovers", TmpDir, NULL, tmp_dir_setup, test_part_leftovers,
               tmp_dir_teardown);
    return g_test_run();
}
