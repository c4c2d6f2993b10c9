/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seams.c — trust at the seams (issue 22), driving the real commands:
 * a keyframe never stands in for an edited history, a write that fails
 * (a full disk, a busy checkpoint) says so and leaves nothing half-made, a
 * closed game's file is whole on its own, and no byte that came from a
 * file reaches the terminal raw. */
#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bookmarks.h"
#include "shown.h"
#include "testutil.h"

/* ---- helpers ---------------------------------------------------------------- */

/* Each test has its own key and seals, in its own folder. */
static void seams_setup(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *config = NULL, *cache = NULL;

    tmp_dir_setup(fixture, data);
    config = tmp_path(fixture, "config");
    cache = tmp_path(fixture, "cache");
    g_setenv("XDG_CONFIG_HOME", config, TRUE);
    g_setenv("XDG_STATE_HOME", config, TRUE);
    g_setenv("XDG_CACHE_HOME", cache, TRUE);
}

/* The small file system a test may have mounted goes first. */
static void seams_teardown(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *small = tmp_path(fixture, "small");

    umount2(small, MNT_DETACH);
    tmp_dir_teardown(fixture, data);
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

/* ---- 2. a write that fails leaves nothing half-made ------------------------- */

/* A small file system of @size bytes mounted at @dir; FALSE (the test
 * skipped, saying why) where this process may not mount one. */
static gboolean mount_small(const char *dir, gsize size)
{
    g_autofree char *options = g_strdup_printf("size=%" G_GSIZE_FORMAT, size);

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    if (mount("tmpfs", dir, "tmpfs", 0, options) == 0)
        return TRUE;
    g_test_skip_printf("cannot mount a small tmpfs to fill (%s); run as root to test a full disk",
                       g_strerror(errno));
    return FALSE;
}

/* The names in @dir but @except, sorted and joined by spaces. */
static char *names_in(const char *dir, const char *except)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    const char *name;

    while ((name = g_dir_read_name(folder)) != NULL)
        if (strcmp(name, except) != 0)
            g_ptr_array_add(names, g_strdup(name));
    g_ptr_array_sort(names, (GCompareFunc) g_strcmp0);
    g_ptr_array_add(names, NULL);
    return g_strjoinv(" ", (char **) names->pdata);
}

/* A file of @size bytes of zeros at @path (none when @size is 0). */
static void fill(const char *path, gsize size)
{
    g_autofree char *zeros = g_malloc0(size + 1);

    g_unlink(path);
    if (size > 0)
        g_assert_true(g_file_set_contents(path, zeros, (gssize) size, NULL));
}

static gsize file_size(const char *path)
{
    GStatBuf info;

    g_assert_cmpint(g_stat(path, &info), ==, 0);
    return (gsize) info.st_size;
}

/* `cavelog fork` onto a disk with less and less room: each fork either is
 * whole in its file alone (verify passes on a copy of it by itself) or
 * fails with one line and a non-zero exit, leaving no file, no .part, no
 * -wal and no -shm. Some forks must fail. */
static void test_fork_full_disk(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = tmp_path(fixture, "base.cavelog");
    g_autofree char *roomy = tmp_path(fixture, "roomy.cavelog");
    g_autofree char *small = tmp_path(fixture, "small");
    g_autofree char *filler = g_build_filename(small, "filler", NULL);
    g_autofree char *fork = g_build_filename(small, "fk.cavelog", NULL);
    g_autofree char *alone = tmp_path(fixture, "alone.cavelog");
    const char *first[] = {"fork", game, "--turn", "200", "--save", roomy, NULL};
    const char *onto[] = {"fork", game, "--turn", "200", "--save", fork, NULL};
    const char *check[] = {"verify", alone, NULL};
    gsize need, room = 0;
    guint failed = 0;

    if (!have_cavelog())
        return;
    autoplay(game, "7", "400");
    {
        g_auto(Run) run = {0};
        run_cavelog(&run, first);
        g_assert_cmpint(run.status, ==, 0);
    }
    need = file_size(roomy);
    if (!mount_small(small, 4 * need))
        return;
    for (guint step = 1; step <= 12; step++) {
        g_auto(Run) run = {0};
        g_autofree char *left = NULL;
        room = need * step / 4; /* from a quarter of the fork's size to three times it */
        fill(filler, 4 * need - room);
        run_cavelog(&run, onto);
        left = names_in(small, "filler");
        if (run.status == 0) {
            g_auto(Run) verified = {0};
            g_assert_cmpstr(left, ==, "fk.cavelog"); /* no -wal, -shm or .part beside it */
            copy_file(fork, alone);
            run_cavelog(&verified, check);
            g_assert_cmpint(verified.status, ==, 0);
            g_unlink(fork);
        } else {
            assert_one_line_failure(&run);
            g_assert_cmpstr(left, ==, "");
            failed++;
        }
    }
    g_test_message("%u of 12 forks failed for want of room", failed);
    g_assert_cmpuint(failed, >, 0);
}

/* In the child: files may grow to *@data bytes, and a write past that
 * fails (EFBIG) instead of killing the process (SIGXFSZ ignored). */
static void limit_file_size(gpointer data)
{
    struct rlimit limit = {.rlim_cur = *(rlim_t *) data, .rlim_max = *(rlim_t *) data};

    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &limit);
}

/* `cavelog new` (in text mode, from a script) under a file-size limit
 * from 4 KiB up: each either makes a game whole in its file alone (verify
 * passes; a turn that found no room is not in it) or fails in one line
 * leaving nothing in the folder: no game, no .part, no -wal, no -shm. */
static void test_new_full_disk(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *dir = tmp_path(fixture, "games");
    g_autofree char *game = g_build_filename(dir, "g.cavelog", NULL);
    g_autofree char *script = tmp_path(fixture, "script");
    const char *argv[] = {
        g_getenv("CAVELOG_BIN"), "new", "--text", "--seed", "5", "--save", game, NULL};
    const char *check[] = {"verify", game, NULL};
    g_autoptr(GString) waits = g_string_new(NULL);
    guint failed = 0;

    if (!have_cavelog())
        return;
    for (int i = 0; i < 300; i++)
        g_string_append(waits, "wait\n");
    g_assert_true(g_file_set_contents(script, waits->str, -1, NULL));
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    for (rlim_t size = 4096; size <= 1024 * 1024; size *= 2) {
        g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new(
            G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
        g_autoptr(GSubprocess) process = NULL;
        g_autofree char *err = NULL, *left = NULL;
        g_autoptr(GError) error = NULL;
        int status;

        g_subprocess_launcher_set_stdin_file_path(launcher, script);
        g_subprocess_launcher_set_child_setup(launcher, limit_file_size, &size, NULL);
        g_subprocess_launcher_set_cwd(launcher, dir);
        process = g_subprocess_launcher_spawnv(launcher, argv, &error);
        g_assert_no_error(error);
        g_assert_true(g_subprocess_communicate_utf8(process, NULL, NULL, NULL, &err, &error));
        g_assert_no_error(error);
        status = g_subprocess_get_status(process);
        left = names_in(dir, "");
        g_test_message("limit %lu: status %d, %s; left: %s", (unsigned long) size, status, err,
                       left);
        g_assert_true(WIFEXITED(status));
        if (g_strcmp0(left, "") == 0) {
            g_assert_cmpint(WEXITSTATUS(status), ==, 1);
            g_assert_true(g_str_has_prefix(err, "cavelog: g.cavelog: ") ||
                          g_str_has_prefix(err, "cavelog: /"));
            g_assert_null(strstr(err, ".part"));
            failed++;
            continue;
        }
        g_assert_cmpstr(left, ==, "g.cavelog");
        {
            g_auto(Run) verified = {0};
            run_cavelog(&verified, check);
            g_assert_cmpint(verified.status, ==, 0);
        }
        g_unlink(game);
    }
    g_assert_cmpuint(failed, >, 0);
}

/* Bookmarks written onto a disk that fills: the one that finds no room is
 * refused (FALSE, a one-line message), and the game file keeps what it
 * had: every bookmark written before it, every check passing (verify on a
 * copy of the file alone), no -wal or -shm left. */
static void test_bookmark_full_disk(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = tmp_path(fixture, "base.cavelog");
    g_autofree char *small = tmp_path(fixture, "small");
    g_autofree char *filler = g_build_filename(small, "filler", NULL);
    g_autofree char *held = g_build_filename(small, "held.cavelog", NULL);
    g_autofree char *alone = tmp_path(fixture, "alone.cavelog");
    g_autofree char *note = g_strnfill(190, 'n');
    g_autofree char *left = NULL;
    const char *check[] = {"verify", alone, NULL};
    g_auto(Run) verified = {0};
    g_autoptr(GError) error = NULL;
    gint64 written = 0;
    gsize size;

    if (!have_cavelog())
        return;
    autoplay(game, "7", "300");
    size = file_size(game);
    if (!mount_small(small, 2 * size + 65536))
        return;
    copy_file(game, held);
    fill(filler, size + 65536 - 16384); /* a few pages of room left */
    {
        g_autoptr(Store) store = store_open(held, FALSE, &error);

        g_assert_no_error(error);
        while (written < 5000 && bookmarks_add(store, written + 1, note, &error))
            written++;
    }
    g_assert_nonnull(error); /* the disk filled before 5,000 bookmarks */
    g_test_message("%" G_GINT64_FORMAT " bookmarks, then: %s", written, error->message);
    g_assert_null(strchr(error->message, '\n'));
    left = names_in(small, "filler");
    g_assert_cmpstr(left, ==, "held.cavelog");
    g_assert_cmpint(file_int(held, "SELECT count(*) FROM bookmarks"), ==, written);
    copy_file(held, alone);
    run_cavelog(&verified, check);
    g_assert_cmpint(verified.status, ==, 0);
}

/* A game that ends while its morgue cannot be written (a folder in its
 * place): `cavelog autoplay` says so in one line and exits non-zero; the
 * game itself is saved whole. */
static void test_morgue_unwritable(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "ends.cavelog");
    g_autofree char *morgue = tmp_path(fixture, "ends.morgue.txt");
    const char *args[] = {"autoplay", "--seed", "7", "--turns", "5000", "--save", path, NULL};
    g_auto(Run) run = {0};

    if (!have_cavelog())
        return;
    g_assert_cmpint(g_mkdir(morgue, 0755), ==, 0);
    run_cavelog(&run, args);
    if (file_int(path, "SELECT outcome = 'playing' FROM game") == 1) {
        g_test_skip("the bot's game did not end within 5000 turns: no morgue was written");
        return;
    }
    assert_one_line_failure(&run);
    g_assert_nonnull(strstr(run.err, "the game is saved"));
    g_assert_nonnull(strstr(run.err, "ends.morgue.txt"));
    g_assert_cmpint(file_int(path, "SELECT count(*) FROM turns"), ==,
                    file_int(path, "SELECT turns FROM game") + 1);
    {
        /* no half-written story left beside it */
        g_autofree char *left = names_in(fixture->dir, "ends.morgue.txt");
        g_assert_null(strstr(left, "morgue"));
    }
}

/* `morgue --output` naming a pipe (or a device: /dev/stdout) writes the
 * story into it: the pipe stays a pipe (no file renamed over it) and its
 * reader gets the story. */
static void test_morgue_into_pipe(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "g.cavelog");
    g_autofree char *fifo = tmp_path(fixture, "story.fifo");
    g_autofree char *copy = tmp_path(fixture, "story.txt");
    g_autofree char *reader = NULL, *story = NULL;
    const char *play[] = {"autoplay", "--seed", "7", "--turns", "20", "--save", path, NULL};
    const char *args[] = {"morgue", path, "--output", fifo, NULL};
    const char *argv[] = {"/bin/sh", "-c", NULL, NULL};
    g_autoptr(GError) error = NULL;
    g_auto(Run) run = {0};
    GStatBuf info;
    gboolean still;
    GPid cat;
    int status = 0;

    if (!have_cavelog())
        return;
    {
        g_auto(Run) played = {0};
        run_cavelog(&played, play);
        g_assert_cmpint(played.status, ==, 0);
    }
    g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
    reader = g_strdup_printf("exec cat %s > %s", fifo, copy);
    argv[2] = reader;
    g_assert_true(g_spawn_async(NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                &cat, &error));
    g_assert_no_error(error);
    run_cavelog(&run, args);
    still = g_lstat(fifo, &info) == 0 && S_ISFIFO(info.st_mode);
    if (!still)
        kill(cat, SIGKILL); /* it waits for a writer that never comes */
    g_assert_cmpint(waitpid(cat, &status, 0), ==, cat);
    g_spawn_close_pid(cat);
    g_assert_true(still);
    g_assert_cmpint(run.status, ==, 0);
    g_assert_true(g_file_get_contents(copy, &story, NULL, NULL));
    g_assert_nonnull(strstr(story, "Turns"));
}

/* ---- 3. a closed game's file stands alone ----------------------------------- */

/* Whether @path's -wal holds anything yet. */
static gboolean wal_started(const char *path)
{
    g_autofree char *wal = g_strconcat(path, "-wal", NULL);
    GStatBuf info;

    return g_stat(wal, &info) == 0 && info.st_size > 0;
}

/* What a follower of a game played by another process holds. */
typedef struct {
    GPid writer;     /* `cavelog autoplay`, going on with the game */
    sqlite3 *held;   /* a read held from the game's first turns on */
    sqlite3 *looker; /* another look, not held, that follows the game */
    gint64 last;     /* the last turn the game played */
    int err;         /* the writer's stderr */
} Follower;

/* Start `cavelog autoplay` on the game at @path (made with 20 turns) for
 * 1000 turns more, hold a read of it from its first new turn on, and wait
 * until it has played its last turn (it is then closing the file). */
static void follow_game(Follower *f, const char *path)
{
    const char *argv[] = {g_getenv("CAVELOG_BIN"),
                          "autoplay",
                          "--seed",
                          "7",
                          "--turns",
                          "1000",
                          "--save",
                          path,
                          NULL};
    g_autoptr(GError) error = NULL;

    autoplay(path, "7", "20");
    g_assert_true(g_spawn_async_with_pipes(NULL, (char **) argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                           NULL, NULL, &f->writer, NULL, NULL, &f->err, &error));
    g_assert_no_error(error);
    while (!wal_started(path))
        g_usleep(200);
    g_assert_cmpint(sqlite3_open_v2(path, &f->held, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(f->held, "BEGIN; SELECT count(*) FROM turns;", NULL, NULL, NULL),
                    ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_open_v2(path, &f->looker, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    while (db_int(f->looker, "SELECT outcome = 'playing' AND turns < 1020 FROM game") == 1)
        g_usleep(200);
    f->last = db_int(f->looker, "SELECT turns FROM game");
}

/* The writer's exit status, once it has exited; what it said on stderr
 * into @said (nullable). */
static int writer_status(Follower *f, GString *said)
{
    int status = 0;
    char buffer[256];
    gssize got;

    while ((got = read(f->err, buffer, sizeof buffer)) > 0)
        if (said != NULL)
            g_string_append_len(said, buffer, got);
    close(f->err);
    g_assert_cmpint(waitpid(f->writer, &status, 0), ==, f->writer);
    g_spawn_close_pid(f->writer);
    g_assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A game played by `cavelog autoplay` while this test, as a replay or the
 * inspector would, holds a read of the file from its first new turn on,
 * and looks away a second after the last turn: the program waits for that,
 * and once it has exited, the file copied on its own (no -wal) holds every
 * turn. */
static void test_closed_while_read(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "followed.cavelog");
    g_autofree char *alone = tmp_path(fixture, "alone.cavelog");
    Follower f;
    GPid exited = 0;
    int status = 0;

    if (!have_cavelog())
        return;
    follow_game(&f, path);
    for (gint64 until = g_get_monotonic_time() + G_USEC_PER_SEC;
         exited == 0 && g_get_monotonic_time() < until; g_usleep(1000))
        exited = waitpid(f.writer, &status, WNOHANG);
    g_assert_cmpint(exited, ==, 0); /* still waiting for the reader */
    sqlite3_exec(f.held, "COMMIT;", NULL, NULL, NULL);
    g_assert_cmpint(writer_status(&f, NULL), ==, 0);
    copy_file(path, alone); /* the file alone, as a player copies it */
    g_assert_cmpint(file_int(alone, "SELECT max(turn) FROM turns"), ==, f.last);
    g_assert_cmpint(file_int(alone, "SELECT count(*) FROM turns"), ==, f.last + 1);
    sqlite3_close(f.held);
    sqlite3_close(f.looker);
}

/* The same, but the reader never looks away while the program runs: after
 * a few seconds the program exits non-zero saying the last turns wait in
 * the -wal (and they do: a copy of the file alone lacks them). */
static void test_closed_while_held(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "held.cavelog");
    g_autofree char *alone = tmp_path(fixture, "alone.cavelog");
    g_autoptr(GString) said = g_string_new(NULL);
    Follower f;

    if (!have_cavelog())
        return;
    follow_game(&f, path);
    g_assert_cmpint(writer_status(&f, said), ==, 1);
    g_test_message("%s", said->str);
    g_assert_true(g_str_has_prefix(said->str, "cavelog: "));
    g_assert_nonnull(strstr(said->str, "held.cavelog-wal"));
    copy_file(path, alone);
    g_assert_cmpint(file_int(alone, "SELECT max(turn) FROM turns"), <, f.last);
    sqlite3_exec(f.held, "COMMIT;", NULL, NULL, NULL);
    sqlite3_close(f.held);
    sqlite3_close(f.looker);
}

/* ---- 4. no byte from a file reaches the terminal raw ------------------------ */

/* The one rule, character by character. */
static void test_shown_rule(void)
{
    const struct {
        const char *text, *shown;
    } cases[] = {
        {"plain text, ünïcode ✓", "plain text, ünïcode ✓"},
        {"a\033[2Jb", "a\\e[2Jb"},
        {"\001\n\t\r\177", "\\x01\\n\\t\\r\\x7f"},
        {"c1 \xc2\x9b"
         "31m \xc2\x85",
         "c1 \\u009b31m \\u0085"},
        {"bidi \xe2\x80\xae \xe2\x81\xa6 \xe2\x80\x8f \xd8\x9c",
         "bidi \\u202e \\u2066 \\u200f \\u061c"},
        {"bad \xff\xc2 utf", "bad \\xff\\xc2 utf"},
        {"\xe2\x80\xa9 \xe2\x80\xaf", "\xe2\x80\xa9 \xe2\x80\xaf"}, /* not controls: kept */
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *shown = ev_shown(cases[i].text);
        g_assert_cmpstr(shown, ==, cases[i].shown);
        g_assert_true(ev_text_clean(cases[i].text) == (strcmp(shown, cases[i].text) == 0));
    }
    {
        g_autofree char *lines = ev_shown_lines("a\tb\nc\033d\n");
        g_assert_cmpstr(lines, ==, "a\tb\nc\\ed\n");
    }
    g_assert_cmpstr(ev_shown(NULL), ==, "");
}

/* ---- 6. a value read from a file is any value ------------------------------- */

/* A depth of G_MAXINT32 (a row changed under a reader) is summarised as the
 * number it is plus one, with no signed overflow (UBSan would stop here). */
static void test_summary_extreme_depth(void)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_TOOK_STAIRS);
    g_autoptr(GString) text = g_string_new(NULL);

    e.as.CreatureTookStairs =
        (CavEvCreatureTookStairs){.creature = 1, .from_z = G_MININT32, .z = G_MAXINT32};
    ev_summary(&e, text);
    g_assert_nonnull(strstr(text->str, "from depth -2147483647 to depth 2147483648"));
}

/* @text (what a command printed) holds no control byte raw: no C0 but
 * newline and tab, no DEL, no C1, no bidi control, nothing but UTF-8. */
static void assert_no_raw_controls(const char *text, const char *what)
{
    g_autofree char *shown = ev_shown_lines(text);

    if (strcmp(shown, text) != 0)
        g_error("%s printed a control byte raw: %s", what, shown);
}

/* A name, a cause, a bookmark note and a file name carrying ESC, a C1 CSI
 * and U+202E: whatever each command says of them (or of their problem) on
 * stdout and stderr holds no raw control byte. */
static void test_shown_everywhere(TmpDir *fixture, gconstpointer data)
{
    static const char evil[] = "\033]0;owned\007\033[2J\xc2\x9b"
                               "31m\xe2\x80\xae";
    g_autofree char *games = tmp_path(fixture, "games");
    g_autofree char *good = NULL, *named = NULL, *noted = NULL, *fork_to = NULL, *sql = NULL;
    g_autofree char *evil_file = g_strdup_printf("evil%s.cavelog", evil);

    if (!have_cavelog())
        return;
    g_assert_cmpint(g_mkdir_with_parents(games, 0700), ==, 0);
    good = g_build_filename(games, "good.cavelog", NULL);
    named = g_build_filename(games, evil_file, NULL);
    noted = g_build_filename(games, "noted.cavelog", NULL);
    fork_to = tmp_path(fixture, "fork.cavelog");
    autoplay(good, "7", "60");
    copy_file(good, named);
    copy_file(good, noted);
    sql = g_strdup_printf("UPDATE game SET player_name = 'x%s', cause = 'by %s'", evil, evil);
    edit(named, sql);
    g_free(sql);
    sql =
        g_strdup_printf("CREATE TABLE IF NOT EXISTS bookmarks (seq INTEGER PRIMARY KEY, note TEXT"
                        " NOT NULL, created TEXT NOT NULL); INSERT INTO bookmarks VALUES (3, 'n%s',"
                        " '2026-01-01T00:00:00Z')",
                        evil);
    edit(noted, sql);
    {
        const char *folder_commands[][4] = {
            {"list", games, NULL},  {"list", "--check", games, NULL}, {"scores", games, NULL},
            {"stats", games, NULL}, {"achievements", games, NULL},
        };
        for (guint i = 0; i < G_N_ELEMENTS(folder_commands); i++) {
            g_auto(Run) run = {0};
            run_cavelog(&run, folder_commands[i]);
            assert_no_raw_controls(run.out, folder_commands[i][0]);
            assert_no_raw_controls(run.err, folder_commands[i][0]);
        }
    }
    for (guint f = 0; f < 2; f++) {
        const char *path = f == 0 ? named : noted;
        const char *file_commands[][7] = {
            {"verify", path, NULL}, {"continue", path, NULL},
            {"replay", path, NULL}, {"events", path, NULL},
            {"morgue", path, NULL}, {"fork", path, "--turn", "5", "--save", fork_to, NULL},
        };
        for (guint i = 0; i < G_N_ELEMENTS(file_commands); i++) {
            g_auto(Run) run = {0};
            run_cavelog(&run, file_commands[i]);
            assert_no_raw_controls(run.out, file_commands[i][0]);
            assert_no_raw_controls(run.err, file_commands[i][0]);
            g_unlink(fork_to);
        }
    }
}

/* What cavelog itself writes never holds them: a name or a note that does
 * is refused, saying why, with nothing made. */
static void test_shown_refused_on_write(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "named.cavelog");
    g_autofree char *game = tmp_path(fixture, "game.cavelog");
    const char *names[] = {"a\033[2Jb", "c1\xc2\x9b", "bidi\xe2\x80\xae"};

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(path, 1, names[i], NULL, &error);
        g_assert_null(session);
        g_assert_nonnull(error);
        g_assert_nonnull(strstr(error->message, "control character"));
        assert_no_raw_controls(error->message, "the refusal");
        g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    }
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(Session) session = session_new_game(game, 1, "tester", NULL, &error);
        g_assert_no_error(error);
        g_clear_pointer(&session, session_free);
        g_autoptr(Store) store = store_open(game, FALSE, &error);
        g_assert_no_error(error);
        g_assert_false(bookmarks_add(store, 1, "note \xe2\x80\xae", &error));
        g_assert_nonnull(strstr(error->message, "control character"));
    }
    if (have_cavelog()) {
        const char *args[] = {"new", "--name", "a\033[2Jb", "--save", path, NULL};
        g_auto(Run) run = {0};
        run_cavelog(&run, args);
        assert_one_line_failure(&run);
        g_assert_nonnull(strstr(run.err, "control character"));
        assert_no_raw_controls(run.err, "new");
    }
}

/* ---- 5. a data folder is read as warily as a game file --------------------- */

/* A copy of the game's data files in folder "data" of the fixture, with
 * @name replaced by a FIFO (@how 'f'), @text (@how 't', @len bytes) or a
 * file of 2 MB ('b'); its path. */
static char *data_dir_with(TmpDir *fixture, const char *name, char how, const char *text, gsize len)
{
    const char *files[] = {"creatures.ini", "items.ini", "spells.ini", "achievements.ini"};
    char *dir = tmp_path(fixture, "data");
    g_autofree char *target = g_build_filename(dir, name, NULL);

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(files); i++) {
        g_autofree char *from =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", files[i], NULL);
        g_autofree char *to = g_build_filename(dir, files[i], NULL);
        copy_file(from, to);
    }
    g_unlink(target);
    if (how == 'f')
        g_assert_cmpint(mkfifo(target, 0600), ==, 0);
    else if (how == 't')
        g_assert_true(g_file_set_contents(target, text, (gssize) len, NULL));
    else
        fill(target, 2 * 1024 * 1024);
    return dir;
}

/* `cavelog @command` with CAVELOG_DATA_DIR at @dir fails at once, in one
 * line naming @file and @problem. */
static void assert_data_refused(const char *dir, const char *command, const char *file,
                                const char *problem)
{
    g_autofree char *save = g_build_filename(dir, "..", "game.cavelog", NULL);
    const char *play[] = {"autoplay", "--turns", "3", "--save", save, NULL};
    const char *achievements[] = {"achievements", dir, NULL};
    g_auto(Run) run = {0};

    g_setenv("CAVELOG_DATA_DIR", dir, TRUE);
    run_cavelog(&run, strcmp(command, "autoplay") == 0 ? play : achievements);
    g_unsetenv("CAVELOG_DATA_DIR");
    assert_one_line_failure(&run);
    g_assert_nonnull(strstr(run.err, file));
    g_assert_nonnull(strstr(run.err, problem));
    g_assert_false(g_file_test(save, G_FILE_TEST_EXISTS));
}

/* A FIFO is refused, not waited on; a NUL byte, a file too big and bytes
 * that are not UTF-8 are refused, each named; none is read cut short. */
static void test_data_dir(TmpDir *fixture, gconstpointer data)
{
    static const char cut[] = "[rat]\nglyph = r\n\0[goblin]\nglyph = g\n";
    static const char latin[] = "[rat]\nname = caf\xe9\n";
    const struct {
        const char *file, *command, *problem;
        char how;
        const char *text;
        gsize len;
    } cases[] = {
        {"items.ini", "autoplay", "not a regular file", 'f', NULL, 0},
        {"achievements.ini", "achievements", "not a regular file", 'f', NULL, 0},
        {"creatures.ini", "autoplay", "NUL byte", 't', cut, sizeof cut - 1},
        {"items.ini", "autoplay", "too big", 'b', NULL, 0},
        {"creatures.ini", "autoplay", "not UTF-8", 't', latin, sizeof latin - 1},
    };

    if (!have_cavelog())
        return;
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *dir =
            data_dir_with(fixture, cases[i].file, cases[i].how, cases[i].text, cases[i].len);
        assert_data_refused(dir, cases[i].command, cases[i].file, cases[i].problem);
        remove_tree(dir);
    }
}

/* ---- 7. the rows and columns cavelog relies on ------------------------------- */

/* `cavelog verify` (and every reader: stats here) refuses @path naming @problem. */
static void assert_refused(const char *path, const char *folder, const char *problem)
{
    const char *check[] = {"verify", path, NULL};
    const char *stats[] = {"stats", folder, NULL};
    g_auto(Run) verified = {0}, counted = {0};

    run_cavelog(&verified, check);
    assert_one_line_failure(&verified);
    g_assert_nonnull(strstr(verified.err, problem));
    run_cavelog(&counted, stats);
    g_assert_null(strstr(counted.out, "Games: 2"));
}

/* A second game row, put in past the CHECK (id = 1) constraint. */
static void test_second_game_row(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *folder = tmp_path(fixture, "games");
    g_autofree char *path = g_build_filename(folder, "two.cavelog", NULL);

    if (!have_cavelog())
        return;
    g_assert_cmpint(g_mkdir_with_parents(folder, 0700), ==, 0);
    autoplay(path, "7", "30");
    edit(path, "PRAGMA ignore_check_constraints = ON; CREATE TEMP TABLE g AS SELECT * FROM game;"
               " UPDATE g SET id = 2, outcome = 'won', score = 99999;"
               " INSERT INTO game SELECT * FROM g;");
    g_assert_cmpint(file_int(path, "SELECT count(*) FROM game"), ==, 2);
    assert_refused(path, folder, "game table holds 2 rows");
}

/* A table rebuilt with a column cavelog never makes. */
static void test_table_shape(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *folder = tmp_path(fixture, "games");
    g_autofree char *path = g_build_filename(folder, "shape.cavelog", NULL);

    if (!have_cavelog())
        return;
    g_assert_cmpint(g_mkdir_with_parents(folder, 0700), ==, 0);
    autoplay(path, "7", "30");
    edit(path, "ALTER TABLE snapshots ADD COLUMN note TEXT");
    assert_refused(path, folder, "snapshots table does not have the columns");
}

/* ---- 8. a fork's lineage tells the truth ------------------------------------ */

/* A fork made by `cavelog fork` verifies; a copy whose lineage names another
 * fork turn, or another parent digest, is refused by verify and shown as a
 * problem (never "checked") by list --check. */
static void test_lineage_lies(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *parent = tmp_path(fixture, "parent.cavelog");
    g_autofree char *folder = tmp_path(fixture, "forks");
    g_autofree char *fork = g_build_filename(folder, "fork.cavelog", NULL);
    const char *make[] = {"fork", parent, "--turn", "20", "--save", fork, NULL};
    const char *lies[] = {"UPDATE lineage SET turn = 3",
                          "UPDATE lineage SET parent_digest = '0123456789abcdef'"};

    if (!have_cavelog())
        return;
    g_assert_cmpint(g_mkdir_with_parents(folder, 0700), ==, 0);
    autoplay(parent, "7", "40");
    {
        g_auto(Run) made = {0}, verified = {0};
        const char *check[] = {"verify", fork, NULL};
        run_cavelog(&made, make);
        g_assert_cmpint(made.status, ==, 0);
        run_cavelog(&verified, check);
        g_assert_cmpint(verified.status, ==, 0);
    }
    for (guint i = 0; i < G_N_ELEMENTS(lies); i++) {
        g_autofree char *name = g_strdup_printf("lie-%u.cavelog", i);
        g_autofree char *lie = g_build_filename(folder, name, NULL);
        const char *check[] = {"verify", lie, NULL};
        const char *listed[] = {"list", "--check", folder, NULL};
        g_auto(Run) verified = {0}, run = {0};
        g_auto(GStrv) lines = NULL;
        copy_file(fork, lie);
        edit(lie, lies[i]);
        run_cavelog(&verified, check);
        assert_one_line_failure(&verified);
        g_assert_nonnull(strstr(verified.err, "lineage"));
        run_cavelog(&run, listed);
        lines = g_strsplit(run.out, "\n", -1);
        for (guint l = 0; lines[l] != NULL; l++)
            if (strstr(lines[l], name) != NULL)
                g_assert_null(strstr(lines[l], "(checked)"));
        g_unlink(lie);
    }
}

/* ---- 10. seals are a cache ------------------------------------------------- */

/* The seal files under the cache folder of seals, counted. */
static guint count_seals(const char *dir)
{
    g_autoptr(GDir) keys = g_dir_open(dir, 0, NULL);
    const char *tag, *name;
    guint n = 0;

    while (keys != NULL && (tag = g_dir_read_name(keys)) != NULL) {
        g_autofree char *sub = g_build_filename(dir, tag, NULL);
        g_autoptr(GDir) seals = g_dir_open(sub, 0, NULL);
        while (seals != NULL && (name = g_dir_read_name(seals)) != NULL)
            n++;
    }
    return n;
}

/* Seals live in $XDG_CACHE_HOME/cavelog/checked (none in the config
 * folder), one a game file; those of files deleted are pruned when the
 * next seal is written: 20 forks deleted leave the seals of the files that
 * remain. */
static void test_seals_pruned(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = tmp_path(fixture, "game.cavelog");
    g_autofree char *other = tmp_path(fixture, "other.cavelog");
    g_autofree char *seals = tmp_path(fixture, "cache/cavelog/checked");
    g_autofree char *old = tmp_path(fixture, "config/cavelog/checked");

    if (!have_cavelog())
        return;
    autoplay(game, "7", "600"); /* long enough for a keyframe: makes the key; sealed on close */
    g_assert_cmpuint(count_seals(seals), ==, 1);
    for (guint i = 0; i < 20; i++) {
        g_autofree char *name = g_strdup_printf("fork-%u.cavelog", i);
        g_autofree char *fork = tmp_path(fixture, name);
        const char *make[] = {"fork", game, "--turn", "10", "--save", fork, NULL};
        g_auto(Run) run = {0};
        run_cavelog(&run, make);
        g_assert_cmpint(run.status, ==, 0);
    }
    g_assert_cmpuint(count_seals(seals), ==, 21);
    for (guint i = 0; i < 20; i++) {
        g_autofree char *name = g_strdup_printf("fork-%u.cavelog", i);
        g_autofree char *fork = tmp_path(fixture, name);
        g_assert_cmpint(g_unlink(fork), ==, 0);
    }
    autoplay(other, "8", "30"); /* a seal written: the others pruned */
    g_assert_cmpuint(count_seals(seals), ==, 2);
    g_assert_false(g_file_test(old, G_FILE_TEST_EXISTS));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
#define ADD(path, func) g_test_add(path, TmpDir, NULL, seams_setup, func, seams_teardown)
    ADD("/seams/keyframe/edited-history", test_keyframe_edited_history);
    ADD("/seams/write/fork-full-disk", test_fork_full_disk);
    ADD("/seams/write/new-full-disk", test_new_full_disk);
    ADD("/seams/write/morgue-unwritable", test_morgue_unwritable);
    ADD("/seams/write/morgue-into-pipe", test_morgue_into_pipe);
    ADD("/seams/write/bookmark-full-disk", test_bookmark_full_disk);
    ADD("/seams/close/while-read", test_closed_while_read);
    ADD("/seams/close/while-held", test_closed_while_held);
    ADD("/seams/shown/everywhere", test_shown_everywhere);
    ADD("/seams/shown/refused-on-write", test_shown_refused_on_write);
    g_test_add_func("/seams/shown/rule", test_shown_rule);
    g_test_add_func("/seams/summary/extreme-depth", test_summary_extreme_depth);
    ADD("/seams/data-dir", test_data_dir);
    ADD("/seams/tables/second-game-row", test_second_game_row);
    ADD("/seams/tables/shape", test_table_shape);
    ADD("/seams/lineage/lies", test_lineage_lies);
    ADD("/seams/seals/pruned", test_seals_pruned);
#undef ADD
    return g_test_run();
}
