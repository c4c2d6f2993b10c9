/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c — damaged and tampered game files. Each case corrupts a copy
 * of a good game; then resuming it fails with a message naming the problem,
 * `cavelog continue` and `cavelog events` exit non-zero with one line on
 * stderr, and the file is not changed by any of them. */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "bot.h"
#include "cavelog-config.h"
#include "history.h"
#include "seal.h"
#include "session.h"
#include "testutil.h"
#include "store.h"

/* ---- fixture: a good game, made once per test ----------------------------- */

typedef struct {
    char *dir;    /* a fresh temporary folder, removed after the test */
    char *good;   /* a finished (closed, checkpointed) game file in it */
    gint32 turns; /* the turns it holds */
} Hostile;

static char *sidecar(const char *path, const char *suffix)
{
    return g_strconcat(path, suffix, NULL);
}

/* No change can be waiting in a -wal sidecar: there is none, or it is empty
 * (a read-only connection leaves an empty one behind). */
static void assert_no_wal(const char *path)
{
    g_autofree char *wal = sidecar(path, "-wal");
    GStatBuf info;

    if (g_stat(wal, &info) == 0)
        g_assert_cmpint(info.st_size, ==, 0);
}

static void hostile_setup(Hostile *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    fixture->dir = g_dir_make_tmp("cavelog-hostile-XXXXXX", &error);
    g_assert_no_error(error);
    fixture->good = g_build_filename(fixture->dir, "good.cavelog", NULL);
    /* A seed whose first 400 turns hold a blow of 2 or more on a creature
     * that lives on (resimulation softens it): the resting bot of 0.4.0
     * kills all it strikes in seed 606's. */
    session = session_new_game(fixture->good, 609, "tester", NULL, &error);
    g_assert_no_error(error);
    for (int t = 0; t < 400 && play_bot_turn(session); t++)
        ;
    fixture->turns = session_state(session)->turn;
    g_assert_cmpint(fixture->turns, >=, 40);
    g_clear_pointer(&session, session_free);
    /* Closing the last connection checkpoints: the file stands alone. */
    assert_no_wal(fixture->good);
    session = session_resume(fixture->good, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, fixture->turns);
}

static void hostile_teardown(Hostile *fixture, gconstpointer data)
{
    remove_tree(fixture->dir);
    g_free(fixture->dir);
    g_free(fixture->good);
}

/* ---- helpers ---------------------------------------------------------------- */

static char *copy_good(const Hostile *fixture, const char *name)
{
    g_autofree char *contents = NULL;
    g_autoptr(GError) error = NULL;
    gsize length = 0;
    char *path = g_build_filename(fixture->dir, name, NULL);

    g_assert_true(g_file_get_contents(fixture->good, &contents, &length, &error));
    g_assert_true(g_file_set_contents(path, contents, (gssize) length, &error));
    g_assert_no_error(error);
    return path;
}

/* Run @sql on @path with the stock API (no defensive settings), then close
 * and make sure the change sits in the file itself, not in a -wal. */
static void tamper(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    char *message = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK)
        g_error("tampering with %s failed: %s", sql, message);
    g_assert_cmpint(sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL), ==,
                    SQLITE_OK);
    g_assert_cmpint(sqlite3_close(db), ==, SQLITE_OK);
    assert_no_wal(path);
}

static GBytes *file_bytes(const char *path)
{
    char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;

    g_assert_true(g_file_get_contents(path, &contents, &length, &error));
    return g_bytes_new_take(contents, length);
}

/* Run `cavelog SUBCOMMAND @path` with stdin from /dev/null; it must exit
 * (not crash) with a non-zero status and say exactly one line on stderr,
 * starting "cavelog: ". Returns that line, or NULL after failing the test
 * when the command succeeded. */
static char *run_failing_argv(const char *const *argv);

static char *run_failing(const char *subcommand, const char *path)
{
    const char *argv[] = {g_getenv("CAVELOG_BIN"), subcommand, path, NULL};

    return run_failing_argv(argv);
}

/* run_failing with the whole command line @argv (argv[0] the program). */
static char *run_failing_argv(const char *const *argv)
{
    const char *subcommand = argv[1], *path = argv[2];
    g_autofree char *out = NULL;
    char *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 0) {
        g_strdelimit(out, "\n", ' ');
        g_test_fail_printf("cavelog %s %s exited 0 on a bad file, printing: %.80s", subcommand,
                           path, out);
        g_free(err);
        return NULL;
    }
    g_assert_true(g_str_has_prefix(err, "cavelog: "));
    g_assert_true(g_str_has_suffix(err, "\n"));
    g_assert_true(strchr(err, '\n') == err + strlen(err) - 1); /* one line */
    return err;
}

/* Which commands must refuse a bad file. Files that cannot be read or
 * decoded stop every command; what only the turns table, the digests or
 * the game row can reveal is caught by continue, verify and morgue (which
 * folds with a resume's checks); events shows events, and folds them, but
 * does not check turns (see events-validates). */
typedef enum {
    FAILS_ON_READ,
    FAILS_ON_FOLD,
} Detection;

/* `cavelog fork` refuses the bad file as continue does: one line naming
 * @problem, the file as it was (@before), and no fork left behind. */
static void assert_fork_refused(const char *path, const char *problem, GBytes *before)
{
    g_autofree char *out = g_strconcat(path, ".fork", NULL);
    const char *argv[] = {
        g_getenv("CAVELOG_BIN"), "fork", path, "--turn", "0", "--save", out, NULL};
    g_autofree char *line = run_failing_argv(argv);
    g_autoptr(GBytes) after = file_bytes(path);

    if (line == NULL)
        return;
    if (strstr(line, problem) == NULL)
        g_error("cavelog fork: expected \"%s\" in: %s", problem, line);
    g_assert_true(g_bytes_equal(before, after));
    g_assert_false(g_file_test(out, G_FILE_TEST_EXISTS));
}

/* The whole check for one bad file: resuming fails naming @problem (and,
 * when non-NULL, @detail), the commands fail saying the same, and nothing
 * changed the file. */
static void assert_rejected(const char *path, const char *problem, const char *detail,
                            Detection detection)
{
    g_autoptr(GBytes) before = file_bytes(path);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(path, NULL, &error);
    const char *commands[] = {"continue", "verify", "morgue", "events"};
    guint n_commands = detection == FAILS_ON_READ ? 4 : 3;

    g_assert_null(session);
    g_assert_nonnull(error);
    g_assert_true(error->domain == STORE_ERROR);
    g_test_message("%s", error->message);
    if (strstr(error->message, problem) == NULL ||
        (detail != NULL && strstr(error->message, detail) == NULL))
        g_error("expected \"%s\" in the error, got: %s", problem, error->message);
    g_assert_nonnull(strstr(error->message, path));
    g_assert_null(strchr(error->message, '\n')); /* a message, not a report */
    {
        /* The inspector's (and the replay's) reading refuses it the same way. */
        g_autoptr(GError) seen = NULL;
        g_autoptr(History) history = history_open(path, 0, &seen);
        g_assert_null(history);
        g_assert_nonnull(seen);
        if (strstr(seen->message, problem) == NULL)
            g_error("history: expected \"%s\" in the error, got: %s", problem, seen->message);
    }
    {
        g_autoptr(GBytes) after = file_bytes(path);
        g_assert_true(g_bytes_equal(before, after));
        assert_no_wal(path); /* no change waiting in a sidecar either */
    }
    if (g_getenv("CAVELOG_BIN") == NULL)
        return;
    for (guint i = 0; i < n_commands; i++) {
        g_autofree char *line = run_failing(commands[i], path);
        g_autoptr(GBytes) after = file_bytes(path);
        if (line == NULL)
            return;
        if (strstr(line, problem) == NULL)
            g_error("cavelog %s: expected \"%s\" in: %s", commands[i], problem, line);
        g_assert_true(g_bytes_equal(before, after));
        assert_no_wal(path);
    }
    assert_fork_refused(path, problem, before);
}

/* The seq of the @n-th event of @type (0-based), from the middle of the game. */
static gint64 nth_of_type(const char *path, const char *type, gint64 n)
{
    g_autofree char *sql = g_strdup_printf("SELECT seq FROM events WHERE type = '%s'"
                                           " ORDER BY seq LIMIT 1 OFFSET %" G_GINT64_FORMAT,
                                           type, n);

    return file_int(path, sql);
}

static gint64 middle_of_type(const char *path, const char *type)
{
    g_autofree char *sql = g_strdup_printf("SELECT count(*) FROM events WHERE type = '%s'", type);
    gint64 count = file_int(path, sql);

    g_assert_cmpint(count, >, 0);
    return nth_of_type(path, type, count / 2);
}

static void tamper_printf(const char *path, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void tamper_printf(const char *path, const char *format, ...)
{
    va_list args;
    g_autofree char *sql = NULL;

    va_start(args, format);
    sql = g_strdup_vprintf(format, args);
    va_end(args);
    tamper(path, sql);
}

/* ---- the cases ------------------------------------------------------------- */

static void test_not_sqlite(Hostile *fixture, gconstpointer data)
{
    g_autofree char *text = g_build_filename(fixture->dir, "text.cavelog", NULL);
    g_autofree char *empty = g_build_filename(fixture->dir, "empty.cavelog", NULL);
    g_autofree char *missing = g_build_filename(fixture->dir, "missing.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    g_assert_true(g_file_set_contents(text, "Dear diary, today I found a cave.\n", -1, &error));
    g_assert_true(g_file_set_contents(empty, "", 0, &error));
    assert_rejected(text, "not an SQLite database", NULL, FAILS_ON_READ);
    assert_rejected(empty, "empty", NULL, FAILS_ON_READ);

    session = session_resume(missing, NULL, &error);
    g_assert_null(session);
    g_assert_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND);
    g_assert_false(g_file_test(missing, G_FILE_TEST_EXISTS));
}

static void test_truncated(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "truncated.cavelog");
    g_autoptr(GBytes) whole = file_bytes(path);
    g_autoptr(GError) error = NULL;

    g_assert_cmpuint(g_bytes_get_size(whole), >, 16 * 4096);
    g_assert_true(g_file_set_contents(path, g_bytes_get_data(whole, NULL),
                                      (gssize) g_bytes_get_size(whole) / 2, &error));
    /* Said in words, not SQLite's ("database disk image is malformed"). */
    assert_rejected(path, "this file is damaged: it was cut short", "are left", FAILS_ON_READ);
}

/* quick_check's verdict through the stock API: TRUE for "ok". */
static gboolean quick_check_ok(const char *path)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    gboolean ok = FALSE;

    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &stmt, NULL) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
        ok = g_strcmp0((const char *) sqlite3_column_text(stmt, 0), "ok") == 0;
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return ok;
}

static void test_quick_check(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "scribbled.cavelog");
    g_autoptr(GBytes) good = file_bytes(path);
    gsize size = g_bytes_get_size(good);
    gint64 page = file_int(path, "PRAGMA page_size");
    gint64 pages = (gint64) size / page;
    gboolean found = FALSE;

    g_assert_true(quick_check_ok(path));
    /* Scribble over one page's cells, from the middle of the file outward,
     * until SQLite's own check notices. */
    for (gint64 k = 0; k < pages && !found; k++) {
        gint64 p = pages / 2 + (k % 2 == 0 ? k / 2 : -(k / 2) - 1);
        g_autofree guint8 *bytes = g_memdup2(g_bytes_get_data(good, NULL), size);
        g_autoptr(GError) error = NULL;
        if (p < 1 || p >= pages)
            continue;
        for (gint64 i = page / 4; i < page; i++)
            bytes[p * page + i] = (guint8) (0xa5 ^ i);
        g_assert_true(g_file_set_contents(path, (const char *) bytes, (gssize) size, &error));
        found = !quick_check_ok(path);
    }
    g_assert_true(found);
    /* Said in words, not as SQLite's check report ("btreeInitPage() …"). */
    assert_rejected(path, "this file is damaged: parts of it were overwritten", NULL,
                    FAILS_ON_READ);
}

/* ---- files this installation remembers as sound ------------------------------ */

/* Whether resuming @path (read-only first) skipped the whole-file check. */
static gboolean resume_remembered(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_open(path, NULL, &error);

    g_assert_no_error(error);
    return session_seal_remembered(session);
}

/* A good game closed cleanly by the session that wrote it is remembered;
 * playing on and closing again keeps it so; a copy, another installation
 * (without this key) and the readers that judge a file check it whole. */
static void test_remembered_own(Hostile *fixture, gconstpointer data)
{
    g_autofree char *state = g_strdup(g_getenv("XDG_STATE_HOME"));
    g_autofree char *elsewhere = g_build_filename(fixture->dir, "elsewhere", NULL);
    g_autofree char *copy = copy_good(fixture, "copy.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    g_autoptr(Store) store = NULL;
    SealKey key;

    g_assert_true(seal_load_key(&key, TRUE, &error)); /* the installation's key */
    session = session_resume(fixture->good, NULL, &error);
    g_assert_no_error(error);
    g_clear_pointer(&session, session_free); /* a clean close, by the writer */
    g_assert_true(resume_remembered(fixture->good));
    session = session_resume(fixture->good, NULL, &error);
    g_assert_no_error(error);
    g_assert_true(session_seal_remembered(session));
    g_assert_true(play_bot_turn(session));
    g_clear_pointer(&session, session_free);
    g_assert_true(resume_remembered(fixture->good));
    g_assert_false(resume_remembered(copy));          /* another file: checked whole */
    store = store_open(fixture->good, FALSE, &error); /* verify, replay, inspector */
    g_assert_no_error(error);
    g_assert_true(store_checked_whole(store));
    g_setenv("XDG_STATE_HOME", elsewhere, TRUE); /* where the key lives */
    g_assert_false(resume_remembered(fixture->good));
    if (state != NULL)
        g_setenv("XDG_STATE_HOME", state, TRUE);
    else
        g_unsetenv("XDG_STATE_HOME");
}

/* Scribble over one page of @path in place, from the middle of the file
 * outward until SQLite's own check notices: the same inode and size, and
 * the old times put back, as one who wants the change unnoticed would. */
static void scribble_in_place(const char *path)
{
    gint64 page = file_int(path, "PRAGMA page_size");
    g_autoptr(GBytes) good = file_bytes(path);
    const guint8 *bytes = g_bytes_get_data(good, NULL);
    gint64 pages = (gint64) g_bytes_get_size(good) / page;
    g_autofree guint8 *scribbled = g_malloc(page);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    gboolean found = FALSE;
    struct stat before;

    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(fstat(fd, &before), ==, 0);
    for (gint64 k = 0; k < pages && !found; k++) {
        gint64 p = pages / 2 + (k % 2 == 0 ? k / 2 : -(k / 2) - 1);
        if (p < 1 || p >= pages)
            continue;
        memcpy(scribbled, bytes + p * page, page);
        for (gint64 i = page / 4; i < page; i++)
            scribbled[i] = (guint8) (0xa5 ^ i);
        g_assert_cmpint(pwrite(fd, scribbled, page, p * page), ==, page);
        found = !quick_check_ok(path);
        if (!found)
            g_assert_cmpint(pwrite(fd, bytes + p * page, page, p * page), ==, page);
    }
    g_assert_cmpint(close(fd), ==, 0);
    g_assert_true(found);
    {
        const struct timespec times[2] = {before.st_atim, before.st_mtim};
        struct stat after;
        g_assert_cmpint(utimensat(AT_FDCWD, path, times, 0), ==, 0);
        g_assert_cmpint(stat(path, &after), ==, 0);
        g_assert_cmpint(after.st_ino, ==, before.st_ino);
        g_assert_cmpint(after.st_size, ==, before.st_size);
        g_assert_cmpint(after.st_mtim.tv_nsec, ==, before.st_mtim.tv_nsec);
    }
}

/* A remembered game damaged in place afterwards (its size and mtime kept)
 * is checked whole again: resuming it is refused and nothing is written. */
static void test_remembered_scribbled(Hostile *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;
    SealKey key;

    g_autofree char *path = g_build_filename(fixture->dir, "keyed.cavelog", NULL);

    /* Keyframes close to the end: resuming reads little of the file, and
     * never the page damaged in its middle. */
    g_assert_true(seal_load_key(&key, TRUE, &error));
    session = session_new_game(path, 606, "tester", NULL, &error);
    g_assert_no_error(error);
    session_set_keyframe_every(session, 4);
    for (int t = 0; t < 400 && play_bot_turn(session); t++)
        ;
    g_assert_cmpint(session_state(session)->turn, >=, 40);
    g_clear_pointer(&session, session_free); /* a clean close, by the writer */
    g_assert_true(seal_level(path) >= SEAL_SOUND);
    scribble_in_place(path);
    g_assert_false(seal_level(path) >= SEAL_SOUND);
    assert_rejected(path, "damaged", NULL, FAILS_ON_READ);
}

static void test_unknown_type(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "dragon.cavelog");
    gint64 seq = file_int(path, "SELECT max(seq) / 2 FROM events");

    tamper_printf(path, "UPDATE events SET type = 'DragonSummoned' WHERE seq = %" G_GINT64_FORMAT,
                  seq);
    assert_rejected(path, "unknown type", "DragonSummoned", FAILS_ON_READ);
}

/* A copy whose middle CreatureMoved steps to x = 500. */
static char *make_outside_map(const Hostile *fixture, const char *name)
{
    char *path = copy_good(fixture, name);

    tamper_printf(path,
                  "UPDATE events SET payload = json_set(payload, '$.x', 500)"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(path, "CreatureMoved"));
    return path;
}

/* A copy whose middle CreatureMoved moves creature 999, which never spawned. */
static char *make_unknown_creature(const Hostile *fixture, const char *name)
{
    char *path = copy_good(fixture, name);

    tamper_printf(path,
                  "UPDATE events SET payload = json_set(payload, '$.creature', 999)"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(path, "CreatureMoved"));
    return path;
}

static void test_outside_map(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = make_outside_map(fixture, "outside.cavelog");

    assert_rejected(path, "outside the map", NULL, FAILS_ON_FOLD);
}

/* Combat and items tampered with: a blow larger than the stats allow, and
 * an item that jumps into the player's pack from wherever it lay. */
static void test_combat_and_items(Hostile *fixture, gconstpointer data)
{
    g_autofree char *blow = copy_good(fixture, "blow.cavelog");
    g_autofree char *theft = copy_good(fixture, "theft.cavelog");
    g_autofree char *elsewhere = copy_good(fixture, "elsewhere.cavelog");

    tamper_printf(blow,
                  "UPDATE events SET payload = json_set(payload, '$.damage', 500)"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(blow, "CreatureAttacked"));
    assert_rejected(blow, "a blow of 500", NULL, FAILS_ON_FOLD);
    tamper_printf(theft,
                  "UPDATE events SET payload = json_set(payload, '$.item',"
                  " (SELECT max(json_extract(payload, '$.item')) FROM events"
                  "  WHERE type = 'ItemSpawned' AND turn = 0))"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  nth_of_type(theft, "ItemPickedUp", 0));
    assert_rejected(theft, "cannot reach item", NULL, FAILS_ON_FOLD);
    /* A death said to be caused by event 1, from another turn. */
    tamper_printf(elsewhere, "UPDATE events SET cause = 1 WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(elsewhere, "CreatureDied"));
    assert_rejected(elsewhere, "names a cause outside its own turn", NULL, FAILS_ON_FOLD);
}

static void test_impossible_id(Hostile *fixture, gconstpointer data)
{
    g_autofree char *creature = make_unknown_creature(fixture, "creature.cavelog");
    g_autofree char *actor = copy_good(fixture, "actor.cavelog");
    g_autofree char *spawn = copy_good(fixture, "spawn.cavelog");

    assert_rejected(creature, "does not exist", "999", FAILS_ON_FOLD);

    tamper_printf(actor, "UPDATE events SET actor = 12345 WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(actor, "CreatureMoved"));
    assert_rejected(actor, "does not exist", "12345", FAILS_ON_FOLD);

    tamper_printf(spawn, "UPDATE events SET payload = json_set(payload, '$.creature', 7)"
                         " WHERE type = 'CreatureSpawned'");
    assert_rejected(spawn, "not the next free id", NULL, FAILS_ON_FOLD);
}

/* `cavelog events` on events that decode but could not have happened: the
 * design says a bad file is an error, so printing it must fail too. */
static void test_events_validates(Hostile *fixture, gconstpointer data)
{
    g_autofree char *outside = make_outside_map(fixture, "outside.cavelog");
    g_autofree char *creature = make_unknown_creature(fixture, "creature.cavelog");
    g_autofree char *line = NULL;

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    line = run_failing("events", outside);
    if (line == NULL)
        return;
    g_assert_nonnull(strstr(line, "outside the map"));
    g_clear_pointer(&line, g_free);
    line = run_failing("events", creature);
    if (line == NULL)
        return;
    g_assert_nonnull(strstr(line, "does not exist"));
}

static void test_newer_schema(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "future.cavelog");

    tamper(path, "PRAGMA user_version = 99");
    assert_rejected(path, "newer cavelog", NULL, FAILS_ON_READ);
}

/* A file that says it belongs to another program (its application id) is
 * not taken for a game, whatever tables it holds. */
static void test_application_id(Hostile *fixture, gconstpointer data)
{
    g_autofree char *other = copy_good(fixture, "other-app.cavelog");
    g_autofree char *none = copy_good(fixture, "no-app.cavelog");

    tamper(other, "PRAGMA application_id = 1");
    assert_rejected(other, "not a cavelog game", "application id 1", FAILS_ON_READ);
    tamper(none, "PRAGMA application_id = 0");
    assert_rejected(none, "not a cavelog game", "application id 0", FAILS_ON_READ);
}

/* Turn 0's command says another seed than the game's (the GameStarted
 * event and the game row keep theirs): `sqlite3` would read another seed
 * than the game plays by. Every digest still matches. */
static void test_start_seed(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "start.cavelog");

    tamper(path, "UPDATE turns SET command = json_set(command, '$.seed',"
                 " json_extract(command, '$.seed') + 1) WHERE turn = 0");
    assert_rejected(path, "turn 0 starts the game with another seed than the game's", NULL,
                    FAILS_ON_FOLD);
}

static char *text_of(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    char *text;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_step(stmt), ==, SQLITE_ROW);
    text = g_strdup((const char *) sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return text;
}

static void test_digest(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "digest.cavelog");
    const char *sql = "SELECT digest FROM turns ORDER BY turn DESC LIMIT 1";
    g_autofree char *original = text_of(path, sql);
    g_autofree char *forged = g_strdup(original);
    g_autofree char *stored = NULL;

    /* Another well-formed digest: the last hex digit changed. */
    g_assert_cmpuint(strlen(original), ==, 16);
    forged[15] = forged[15] == '0' ? '1' : '0';
    tamper_printf(path, "UPDATE turns SET digest = '%s' WHERE turn = (SELECT max(turn) FROM turns)",
                  forged);
    stored = text_of(path, sql);
    g_assert_cmpstr(stored, ==, forged);
    g_assert_cmpstr(stored, !=, original);
    assert_rejected(path, "does not match its recorded digest", NULL, FAILS_ON_FOLD);
}

static void test_bad_json(Hostile *fixture, gconstpointer data)
{
    g_autofree char *cut = copy_good(fixture, "cut.cavelog");
    g_autofree char *array = copy_good(fixture, "array.cavelog");

    tamper_printf(cut,
                  "UPDATE events SET payload = '{\"creature\":1,' WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(cut, "CreatureMoved"));
    assert_rejected(cut, "no object", "CreatureMoved", FAILS_ON_READ);

    tamper_printf(array, "UPDATE events SET payload = '[1,2]' WHERE seq = %" G_GINT64_FORMAT,
                  middle_of_type(array, "CreatureMoved"));
    assert_rejected(array, "no object", "CreatureMoved", FAILS_ON_READ);
}

/* The turns table must agree with itself and the events, and the game row
 * with the fold. */
static void test_turns_table(Hostile *fixture, gconstpointer data)
{
    g_autofree char *gap = copy_good(fixture, "gap.cavelog");
    g_autofree char *shifted = copy_good(fixture, "shifted.cavelog");
    g_autofree char *restart = copy_good(fixture, "restart.cavelog");
    g_autofree char *won = copy_good(fixture, "won.cavelog");
    g_autofree char *score = copy_good(fixture, "score.cavelog");
    g_autofree char *cause = copy_good(fixture, "cause.cavelog");
    g_autofree char *name = copy_good(fixture, "name.cavelog");

    tamper(gap, "DELETE FROM turns WHERE turn = 20");
    assert_rejected(gap, "without gaps", NULL, FAILS_ON_FOLD);
    tamper(shifted,
           "UPDATE turns SET first_seq = first_seq + 1, last_seq = last_seq + 1 WHERE turn = 20");
    assert_rejected(shifted, "follow one another", NULL, FAILS_ON_FOLD);
    tamper(restart, "UPDATE turns SET command = '{\"command\":\"start\",\"seed\":1}'"
                    " WHERE turn = 7");
    assert_rejected(restart, "could not have recorded", NULL, FAILS_ON_FOLD);
    tamper(won, "UPDATE game SET outcome = 'won'");
    assert_rejected(won, "description", NULL, FAILS_ON_FOLD);
    /* The score, the cause and the player's name, each changed alone. */
    tamper(score, "UPDATE game SET score = score + 1000");
    assert_rejected(score, "description", NULL, FAILS_ON_FOLD);
    tamper(cause, "UPDATE game SET cause = 'slain by the Wizard of Yendor'");
    assert_rejected(cause, "description", NULL, FAILS_ON_FOLD);
    tamper(name, "UPDATE game SET player_name = 'Someone Else'");
    assert_rejected(name, "description", NULL, FAILS_ON_FOLD);
}

static void copy_file(const char *from, const char *to)
{
    g_autoptr(GBytes) bytes = file_bytes(from);
    g_autoptr(GError) error = NULL;
    gsize length;
    const char *contents = g_bytes_get_data(bytes, &length);

    g_assert_true(g_file_set_contents(to, contents, (gssize) length, &error));
    g_assert_no_error(error);
}

/* A tampered turn that sits only in the -wal beside the file: refusing it
 * must not copy it into the file (as closing a writable connection would). */
static void test_tamper_in_wal(Hostile *fixture, gconstpointer data)
{
    g_autofree char *source = copy_good(fixture, "source.cavelog");
    g_autofree char *source_wal = sidecar(source, "-wal");
    g_autofree char *path = g_build_filename(fixture->dir, "walled.cavelog", NULL);
    g_autofree char *wal = sidecar(path, "-wal");
    g_autofree char *sql =
        g_strdup_printf("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; UPDATE events "
                        "SET payload = json_set(payload, '$.x', 500)"
                        " WHERE seq = %" G_GINT64_FORMAT,
                        middle_of_type(source, "CreatureMoved"));
    sqlite3 *db = NULL;
    g_autoptr(GBytes) main_before = NULL;
    g_autoptr(GBytes) wal_before = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    g_assert_cmpint(sqlite3_open(source, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    copy_file(source, path); /* while the change is still only in the -wal */
    copy_file(source_wal, wal);
    sqlite3_close(db);
    main_before = file_bytes(path);
    wal_before = file_bytes(wal);
    g_assert_cmpuint(g_bytes_get_size(wal_before), >, 0);

    session = session_resume(path, NULL, &error);
    g_assert_null(session);
    g_assert_nonnull(strstr(error->message, "outside the map"));
    {
        g_autoptr(GBytes) main_after = file_bytes(path);
        g_autoptr(GBytes) wal_after = file_bytes(wal);
        g_assert_true(g_bytes_equal(main_before, main_after));
        g_assert_true(g_bytes_equal(wal_before, wal_after));
    }
    if (g_getenv("CAVELOG_BIN") != NULL) {
        g_autofree char *line = run_failing("continue", path);
        g_autoptr(GBytes) main_after = file_bytes(path);
        g_assert_true(g_bytes_equal(main_before, main_after));
    }
}

/* A last turn numbered past what a turn number holds: store_last_turn
 * refuses it instead of handing back a negative turn as if it were fine. */
static void test_last_turn_number(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "numbered.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    gint32 turn = 0;
    guint64 digest = 0;
    gint64 last_seq = 0;

    tamper(path, "UPDATE turns SET turn = 4294967296 WHERE turn = (SELECT max(turn) FROM turns)");
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_false(store_last_turn(store, &turn, &digest, &last_seq, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_nonnull(strstr(error->message, "out of range"));
}

/* Integers are read at their full width: a value raised by 2^32 is not
 * mistaken for the value in its low 32 bits. */
static void test_full_width(Hostile *fixture, gconstpointer data)
{
    static const struct {
        const char *sql, *problem;
    } cases[] = {
        {"UPDATE game SET turns = turns + 4294967296", "out of range"},
        {"UPDATE game SET kills = kills + 4294967296", "out of range"},
        {"UPDATE game SET depth = depth + 4294967296", "out of range"},
        {"UPDATE events SET version = version + 4294967296 WHERE seq = 10", "out of range"},
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *name = g_strdup_printf("wide-%u.cavelog", i);
        g_autofree char *path = copy_good(fixture, name);

        tamper(path, cases[i].sql);
        assert_rejected(path, cases[i].problem, NULL, i == 3 ? FAILS_ON_READ : FAILS_ON_FOLD);
    }
}

/* Text after a payload's object is refused at that very event (the
 * streaming parser once carried an open string over to the next event), on
 * the last event too; and a NUL inside the type column is no type. */
static void test_payload_junk(Hostile *fixture, gconstpointer data)
{
    g_autofree char *middle = copy_good(fixture, "junk-middle.cavelog");
    g_autofree char *last = copy_good(fixture, "junk-last.cavelog");
    g_autofree char *nul = copy_good(fixture, "nul-type.cavelog");
    gint64 seq = middle_of_type(middle, "CreatureMoved");
    gint64 died = middle_of_type(nul, "CreatureDied");
    gint64 end = file_int(last, "SELECT max(seq) FROM events");
    g_autofree char *at = g_strdup_printf("event %" G_GINT64_FORMAT ":", seq);
    g_autofree char *at_end = g_strdup_printf("event %" G_GINT64_FORMAT ":", end);
    g_autofree char *at_died = g_strdup_printf("event %" G_GINT64_FORMAT " ", died);

    tamper_printf(
        middle, "UPDATE events SET payload = payload || '\"}' WHERE seq = %" G_GINT64_FORMAT, seq);
    assert_rejected(middle, "text after the payload object", at, FAILS_ON_READ);
    tamper_printf(
        last, "UPDATE events SET payload = payload || ' \"x}' WHERE seq = %" G_GINT64_FORMAT, end);
    assert_rejected(last, "text after the payload object", at_end, FAILS_ON_READ);
    tamper_printf(nul,
                  "UPDATE events SET type = 'CreatureDied' || char(0) || 'x'"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  died);
    assert_rejected(nul, "NUL character inside its type", at_died, FAILS_ON_READ);
}

/* One spelling per event and per command: a key spelled with an escape
 * (the game read it, json_extract and the views did not), spaces, fields in
 * another order —
 * each would let `sqlite3` and the game read different facts. */
static void test_canonical(Hostile *fixture, gconstpointer data)
{
    static const struct {
        const char *what; /* SQL applied to the payload of one CreatureAttacked */
        const char *sql;
    } payloads[] = {
        {"escaped key", "replace(payload, '\"damage\"', '\"\\u0064amage\"')"},
        {"space", "replace(payload, ',', ', ')"},
        {"padding", "' ' || payload"},
        {"order", "'{\"damage\":' || json_extract(payload, '$.damage') || ',' || "
                  "substr(replace(payload, ',\"damage\":' || json_extract(payload, '$.damage'), "
                  "''), 2)"},
    };
    gint64 turn;

    for (guint i = 0; i < G_N_ELEMENTS(payloads); i++) {
        g_autofree char *name = g_strdup_printf("canonical-%u.cavelog", i);
        g_autofree char *path = copy_good(fixture, name);
        gint64 seq = middle_of_type(path, "CreatureAttacked");
        g_autofree char *at = g_strdup_printf("event %" G_GINT64_FORMAT ":", seq);
        g_test_message("payload: %s", payloads[i].what);
        tamper_printf(path, "UPDATE events SET payload = %s WHERE seq = %" G_GINT64_FORMAT,
                      payloads[i].sql, seq);
        g_assert_cmpint(file_int(path, "SELECT count(*) FROM events WHERE json_valid(payload) = 0"),
                        ==, 0);
        assert_rejected(path, "not written the way cavelog writes it", at, FAILS_ON_READ);
    }
    {
        g_autofree char *path = copy_good(fixture, "canonical-command.cavelog");
        turn = file_int(path, "SELECT min(turn) FROM turns WHERE command LIKE '%\"move\"%'");
        tamper_printf(path,
                      "UPDATE turns SET command = replace(command, '\"move\"', '\"mo\\u0076e\"')"
                      " WHERE turn = %" G_GINT64_FORMAT,
                      turn);
        assert_rejected(path, "holds a command cavelog could not have recorded", NULL,
                        FAILS_ON_FOLD);
    }
}

/* Input built to exhaust a reader: a command nested 300,000 deep (it once
 * overflowed the stack of the tree parser), a count of 4,000,000,000 events
 * (the inspector's index once took it for its size), a 5 MB player name. */
static void test_exhausting(Hostile *fixture, gconstpointer data)
{
    g_autofree char *nested = copy_good(fixture, "nested.cavelog");
    g_autofree char *named = copy_good(fixture, "named.cavelog");
    g_autofree char *counted = copy_good(fixture, "counted.cavelog");
    const guint deep = 300000;
    g_autoptr(GString) sql = g_string_new("UPDATE turns SET command = '{\"command\":");

    for (guint i = 0; i < deep; i++)
        g_string_append_c(sql, '[');
    for (guint i = 0; i < deep; i++)
        g_string_append_c(sql, ']');
    g_string_append(sql, "}' WHERE turn = 5");
    tamper(nested, sql->str);
    assert_rejected(nested, "could not have recorded", NULL, FAILS_ON_FOLD);
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(History) history = history_open(nested, 0, &error);
        g_assert_null(history);
        g_assert_nonnull(strstr(error->message, "could not have recorded"));
    }
    /* The index of the inspector is not sized by an unchecked number. */
    tamper(counted,
           "UPDATE turns SET last_seq = 4000000000 WHERE turn = (SELECT max(turn) FROM turns)");
    assert_rejected(counted, "the events do not end where the last turn ends", NULL, FAILS_ON_FOLD);
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(History) history = history_open(counted, 0, &error);
        g_assert_null(history);
        g_assert_nonnull(strstr(error->message, "the events do not end where the last turn ends"));
    }
    tamper(named, "UPDATE game SET player_name = printf('%5000000s', 'x')");
    assert_rejected(named, "larger than any game writes", NULL, FAILS_ON_FOLD);
}

/* Run `cavelog @subcommand @path` under a 20 s timeout (a hang fails the
 * test instead of stopping it); stdout and stderr into *@out and *@err. */
static int run_bounded(const char *subcommand, const char *path, char **out, char **err)
{
    const char *argv[] = {"timeout", "20", g_getenv("CAVELOG_BIN"), subcommand, path, NULL};
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, out,
                               err, &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A FIFO named like a game is refused at once by every command (it hung
 * list, continue and verify), and a link to a game is refused saying so. */
static void test_not_a_file(Hostile *fixture, gconstpointer data)
{
    g_autofree char *fifo = g_build_filename(fixture->dir, "fifo.cavelog", NULL);
    g_autofree char *link = g_build_filename(fixture->dir, "link.cavelog", NULL);
    const char *commands[] = {"continue", "verify", "events"};
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
    g_assert_cmpint(symlink(fixture->good, link), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
        g_autofree char *out = NULL, *err = NULL;
        g_assert_cmpint(run_bounded(commands[i], fifo, &out, &err), ==, 1);
        g_assert_true(g_str_has_prefix(err, "cavelog: "));
        g_assert_nonnull(strstr(err, "not a regular file"));
    }
    {
        g_autofree char *out = NULL, *err = NULL;
        g_assert_cmpint(run_bounded("list", fixture->dir, &out, &err), ==, 0);
        g_assert_nonnull(strstr(out, "good.cavelog"));
        g_assert_nonnull(strstr(out, "not a regular file"));
    }
    session = session_resume(link, NULL, &error);
    g_assert_null(session);
    g_assert_nonnull(strstr(error->message, "a symbolic link (to "));
    assert_rejected(link, "a symbolic link", fixture->good, FAILS_ON_READ);
}

/* A game killed and then deleted leaves its -wal (and -shm): a new game
 * of the same name must not open over them (SQLite would replay the old
 * game's pages into it); it is refused, naming the leftover. */
static void test_stale_wal(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "again.cavelog");
    g_autofree char *wal = sidecar(path, "-wal");
    g_autofree char *shm = sidecar(path, "-shm");
    g_autofree char *kept_wal = tmp_path(fixture, "kept-wal");
    g_autofree char *kept_shm = tmp_path(fixture, "kept-shm");
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 11, "first", NULL, &error);
    g_autoptr(GBytes) stale = NULL;

    g_assert_no_error(error);
    for (int t = 0; t < 5; t++)
        g_assert_true(play_bot_turn(session));
    copy_file(wal, kept_wal); /* as a SIGKILL would leave them */
    copy_file(shm, kept_shm);
    g_clear_pointer(&session, session_free);
    g_assert_cmpint(g_unlink(path), ==, 0);
    copy_file(kept_wal, wal);
    copy_file(kept_shm, shm);
    stale = file_bytes(wal);
    g_assert_cmpuint(g_bytes_get_size(stale), >, 0);

    session = session_new_game(path, 12, "second", NULL, &error);
    g_assert_null(session);
    g_assert_error(error, STORE_ERROR, STORE_ERROR_EXISTS);
    g_assert_nonnull(strstr(error->message, "again.cavelog-wal, left by an earlier game"));
    g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    if (g_getenv("CAVELOG_BIN") != NULL) {
        const char *argv[] = {g_getenv("CAVELOG_BIN"),
                              "autoplay",
                              "--seed",
                              "12",
                              "--turns",
                              "3",
                              "--save",
                              path,
                              NULL};
        g_autofree char *out = NULL, *err = NULL;
        int status = 0;
        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, NULL));
        g_assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
        g_assert_true(g_str_has_prefix(err, "cavelog: "));
        g_assert_nonnull(strstr(err, "is in the way"));
        g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    }
    {
        g_autoptr(GBytes) after = file_bytes(wal);
        g_assert_true(g_bytes_equal(stale, after));
    }
}

/* A game whose file is deleted, or replaced, while it is played says so at
 * the next turn and stops, instead of saving into a file nobody can open. */
static void test_deleted_while_played(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "played.cavelog");
    g_autofree char *other = tmp_path(fixture, "other.cavelog");
    g_autofree char *copy = tmp_path(fixture, "copy.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 21, "tester", NULL, &error);
    CavCommand wait = command_simple(CMD_WAIT);
    g_autofree char *why = NULL;

    g_assert_no_error(error);
    g_assert_true(play_bot_turn(session));
    g_assert_cmpint(g_unlink(path), ==, 0);
    g_assert_false(session_play(session, &wait, &why, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_IO);
    g_assert_nonnull(strstr(error->message, "was deleted while the game was played"));
    g_clear_error(&error);
    g_clear_pointer(&session, session_free);

    session = session_new_game(other, 22, "tester", NULL, &error);
    g_assert_no_error(error);
    g_assert_true(play_bot_turn(session));
    copy_file(other, copy);
    g_assert_cmpint(g_rename(copy, other), ==, 0);
    g_assert_false(session_play(session, &wait, &why, &error));
    g_assert_nonnull(strstr(error->message, "was replaced by another"));
}

/* A second process that would write a game being played is refused at
 * once, naming the player's process, and the game plays on unharmed (it
 * used to die of "UNIQUE constraint failed" at its next turn). */
static void test_second_writer(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "shared.cavelog");
    g_autofree char *expected =
        g_strdup_printf("this game is being played by process %d", (int) getpid());
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, 31, "tester", NULL, &error);
    const char *argv[] = {
        g_getenv("CAVELOG_BIN"), "autoplay", "--seed", "31", "--turns", "3", "--save", path, NULL};
    g_autofree char *out = NULL, *err = NULL;
    int status = 0;
    gint32 turn;

    g_assert_no_error(error);
    if (argv[0] == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    g_assert_true(play_bot_turn(session));
    turn = session_state(session)->turn;
    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
    g_assert_true(WIFEXITED(status));
    g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    g_assert_true(g_str_has_prefix(err, "cavelog: "));
    if (strstr(err, expected) == NULL)
        g_error("expected \"%s\" in: %s", expected, err);
    g_assert_true(play_bot_turn(session));
    g_assert_cmpint(session_state(session)->turn, ==, turn + 1);
}

/* `cavelog continue` without a terminal fails before it writes: an older
 * file is not migrated (it used to be, and then the game could not start). */
static void test_continue_without_terminal(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "data", "v1-game.cavelog", NULL);
    g_autofree char *path = tmp_path(fixture, "old.cavelog");
    g_autoptr(GBytes) before = NULL;
    g_autoptr(GBytes) after = NULL;
    g_autofree char *line = NULL;

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    copy_file(source, path);
    before = file_bytes(path);
    line = run_failing("continue", path);
    g_assert_nonnull(line);
    g_assert_nonnull(strstr(line, "needs a terminal"));
    after = file_bytes(path);
    g_assert_true(g_bytes_equal(before, after));
    assert_no_wal(path);
    g_assert_cmpint(file_int(path, "PRAGMA user_version"), ==, 1);
}

/* Run `cavelog @subcommand @path` (as nobody when we are root, so that
 * permissions bind); it must succeed (and list no game as unreadable). */
static void assert_reads(const char *subcommand, const char *path, gboolean as_nobody)
{
    const char *plain[] = {g_getenv("CAVELOG_BIN"), subcommand, path, NULL};
    const char *nobody[] = {"setpriv",
                            "--reuid=65534",
                            "--regid=65534",
                            "--clear-groups",
                            g_getenv("CAVELOG_BIN"),
                            subcommand,
                            path,
                            NULL};
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_true(g_spawn_sync(NULL, (char **) (as_nobody ? nobody : plain), NULL,
                               G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error));
    g_assert_no_error(error);
    if (!g_spawn_check_wait_status(status, NULL) || strstr(out, "unreadable") != NULL)
        g_error("cavelog %s %s failed: %s%s", subcommand, path, out, err);
}

static void assert_no_sidecars(const char *path)
{
    g_autofree char *wal = sidecar(path, "-wal");
    g_autofree char *shm = sidecar(path, "-shm");

    g_assert_false(g_file_test(wal, G_FILE_TEST_EXISTS));
    g_assert_false(g_file_test(shm, G_FILE_TEST_EXISTS));
}

/* Reading a game needs no write access and leaves nothing beside it: a
 * finished game is read with no -wal or -shm made, in a read-only folder,
 * and beside a hot -journal (left by another program) that SQLite would
 * want to roll back. */
static void test_read_only(Hostile *fixture, gconstpointer data)
{
    g_autofree char *ro = g_build_filename(fixture->dir, "ro", NULL);
    g_autofree char *locked = g_build_filename(ro, "locked.cavelog", NULL);
    g_autofree char *hot = g_build_filename(fixture->dir, "hot.cavelog", NULL);
    g_autofree char *hot_journal = sidecar(hot, "-journal");
    g_autofree char *journal = sidecar(fixture->good, "-journal");
    const char *commands[] = {"events", "verify"};
    g_autofree char *setpriv = g_find_program_in_path("setpriv");
    gboolean root = geteuid() == 0;
    gboolean can_drop = !root || setpriv != NULL;
    g_autoptr(GBytes) before = NULL;
    sqlite3 *db = NULL;

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
        assert_reads(commands[i], fixture->good, FALSE);
    assert_reads("list", fixture->dir, FALSE);
    assert_no_sidecars(fixture->good);

    /* A transaction of another program, its journal copied while open. */
    copy_file(fixture->good, hot);
    g_assert_cmpint(sqlite3_open(fixture->good, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db,
                                 "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN;"
                                 " UPDATE events SET payload = payload || ' ';",
                                 NULL, NULL, NULL),
                    ==, SQLITE_OK);
    copy_file(journal, hot_journal);
    sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
    sqlite3_close(db);
    before = file_bytes(hot);
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
        assert_reads(commands[i], hot, FALSE);
    g_assert_true(g_file_test(hot_journal, G_FILE_TEST_EXISTS));
    {
        g_autoptr(GBytes) after = file_bytes(hot);
        g_assert_true(g_bytes_equal(before, after));
    }

    if (!can_drop) {
        g_test_message("root without setpriv: the read-only folder is not tried");
        return;
    }
    g_assert_cmpint(g_mkdir(ro, 0755), ==, 0);
    copy_file(fixture->good, locked);
    g_assert_cmpint(g_chmod(locked, 0444), ==, 0);
    g_assert_cmpint(g_chmod(ro, 0555), ==, 0);
    g_assert_cmpint(g_chmod(fixture->dir, 0755), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
        assert_reads(commands[i], locked, root);
    assert_reads("list", ro, root);
    assert_no_sidecars(locked);
    g_assert_cmpint(g_chmod(ro, 0755), ==, 0);
}

static int compare_lines(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* What a reader could change in @dir: each entry's name, kind, size and
 * mode, and each file's checksum. */
static char *folder_snapshot(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    const char *name;

    g_assert_nonnull(folder);
    while ((name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_autofree char *sum = NULL;
        GStatBuf info;

        g_assert_cmpint(g_lstat(path, &info), ==, 0);
        if (S_ISREG(info.st_mode)) {
            g_autoptr(GBytes) bytes = file_bytes(path);
            sum = g_compute_checksum_for_bytes(G_CHECKSUM_SHA256, bytes);
        }
        g_ptr_array_add(lines, g_strdup_printf("%s %o %" G_GINT64_FORMAT " %s", name,
                                               (unsigned) info.st_mode, (gint64) info.st_size,
                                               sum != NULL ? sum : "-"));
    }
    g_ptr_array_sort(lines, compare_lines);
    g_ptr_array_add(lines, NULL);
    return g_strjoinv("\n", (char **) lines->pdata);
}

/* Run cavelog with @args (stdin from /dev/null, output thrown away); it
 * must end by itself, not by a signal. */
static void run_reader(const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_ptr_array_add(argv, (char *) g_getenv("CAVELOG_BIN"));
    for (; *args != NULL; args++)
        g_ptr_array_add(argv, (char *) *args);
    g_ptr_array_add(argv, NULL);
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, NULL,
                               G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
}

/* Each reader verb on a copy of @source alone in a fresh folder leaves the
 * folder exactly as it was: no -wal, -shm or journal made, the file's
 * bytes unchanged. */
static void assert_readers_leave(const char *source)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp("cavelog-reader-XXXXXX", &error);
    g_autofree char *base = g_path_get_basename(source);
    g_autofree char *path = g_build_filename(dir, base, NULL);
    g_autofree char *pack = g_strconcat(dir, ".cavepack", NULL);
    g_autofree char *before = NULL;
    const char *const readers[][5] = {
        {"events", path},
        {"verify", path},
        {"morgue", path, "--output", "-"},
        {"replay", path, "--text"},
        {"pack", path, "-o", pack},
        {"list", dir},
        {"scores", dir},
        {"stats", dir},
        {"achievements", dir},
    };

    g_assert_no_error(error);
    copy_file(source, path);
    before = folder_snapshot(dir);
    for (guint i = 0; i < G_N_ELEMENTS(readers); i++) {
        g_autofree char *after = NULL;

        run_reader(readers[i]);
        after = folder_snapshot(dir);
        if (g_strcmp0(before, after) != 0)
            g_error("cavelog %s %s changed its folder:\n%s\nbecame\n%s", readers[i][0], base,
                    before, after);
    }
    g_unlink(pack);
    g_unlink(path);
    g_rmdir(dir);
}

/* A reader never changes the files it reads, nor their folder: every
 * recorded game of tests/data and tests/golden, among them a 0.1.0 file
 * left in WAL mode (SQLite made a -wal and a -shm beside it to read it). */
static void test_readers_leave_folder(void)
{
    const char *folders[] = {"data", "golden"};

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set to the cavelog executable");
        return;
    }
    for (guint f = 0; f < G_N_ELEMENTS(folders); f++) {
        g_autofree char *dir = g_test_build_filename(G_TEST_DIST, folders[f], NULL);
        g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
        const char *name;

        g_assert_nonnull(folder);
        while ((name = g_dir_read_name(folder)) != NULL) {
            g_autofree char *source = g_build_filename(dir, name, NULL);

            if (g_str_has_suffix(name, ".cavelog") || g_str_has_suffix(name, ".cavelog.gz"))
                assert_readers_leave(source);
        }
    }
}

/* ---- lies that fold: only re-running the commands finds them ----------------- */

/* Rewrite every turn's digest as the (tampered) events fold, as a forger
 * with the project's own libraries would. */
static void recompute_digests(const char *path)
{
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(GArray) digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    g_autoptr(GString) sql = g_string_new("BEGIN;");
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;

    game_track_view(game, FALSE);
    fold_digests(path, game, digests, NULL);
    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(db, "SELECT turn, last_seq FROM turns", -1, &stmt, NULL), ==,
                    SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        gint64 last = sqlite3_column_int64(stmt, 1);
        g_assert_cmpint(last, <, (gint64) digests->len);
        g_string_append_printf(sql,
                               "UPDATE turns SET digest = '%016" G_GINT64_MODIFIER
                               "x' WHERE turn = %" G_GINT64_FORMAT ";",
                               g_array_index(digests, guint64, last),
                               (gint64) sqlite3_column_int64(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    g_string_append(sql, "COMMIT;");
    tamper(path, sql->str);
}

/* A death @d whose turn holds an earlier blow than its own. */
#define OTHER_BLOW_EXISTS                                                                          \
    "EXISTS (SELECT 1 FROM events o WHERE o.turn = d.turn AND o.seq < d.seq AND o.seq !="          \
    " d.cause AND o.type = 'CreatureAttacked')"

/* The file still opens and folds (resume accepts it), but `cavelog verify`
 * re-runs the commands and names the turn where it stops replaying. */
static void assert_verify_refuses(const char *path, const char *expected)
{
    g_autoptr(GBytes) before = file_bytes(path);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(path, NULL, &error);
    g_autofree char *line = NULL;
    g_autoptr(GBytes) after = NULL;

    g_assert_no_error(error); /* a lie that the fold and the digests cannot see */
    g_clear_pointer(&session, session_free);
    before = file_bytes(path);
    if (g_getenv("CAVELOG_BIN") == NULL)
        return;
    line = run_failing("verify", path);
    if (line == NULL)
        return;
    g_test_message("%s", line);
    if (strstr(line, "does not replay") == NULL || strstr(line, expected) == NULL)
        g_error("cavelog verify: expected “does not replay” and “%s” in: %s", expected, line);
    after = file_bytes(path);
    g_assert_true(g_bytes_equal(before, after));
}

/* A blow made softer keeps every invariant a reader checks (the command
 * agrees with the player's action, a death with its cause: see
 * command-to-wait, death-text) and, recomputed, every digest: only
 * re-running the turn finds it. A death put down to another blow is
 * refused by every reader. */
static void test_resimulation(Hostile *fixture, gconstpointer data)
{
    g_autofree char *cause = copy_good(fixture, "cause.cavelog");
    g_autofree char *blow = copy_good(fixture, "blow.cavelog");
    /* The last blow of more than 1 on a creature that lives on. */
    gint64 attacked = file_int(
        blow, "SELECT max(seq) FROM events a WHERE type = 'CreatureAttacked'"
              " AND json_extract(payload, '$.damage') >= 2 AND NOT EXISTS (SELECT 1 FROM events d"
              " WHERE d.type = 'CreatureDied' AND d.seq > a.seq AND"
              " json_extract(d.payload, '$.creature') = json_extract(a.payload, '$.target'))");

    /* A death put down to another blow of its turn than the one that dealt
     * it: still inside the turn and still an event a rule reacts to, but a
     * blow of another attacker or on another victim (a cause in another
     * turn, or one no rule reacts to: see combat-and-items, cause-type). */
    g_assert_cmpint(file_int(cause, "SELECT count(*) FROM events d WHERE type = 'CreatureDied'"
                                    " AND " OTHER_BLOW_EXISTS),
                    >, 0);
    tamper(cause, "UPDATE events SET cause = (SELECT max(o.seq) FROM events o WHERE o.turn ="
                  " events.turn AND o.seq < events.seq AND o.seq != events.cause AND o.type ="
                  " 'CreatureAttacked') WHERE seq = (SELECT max(seq) FROM events d WHERE type ="
                  " 'CreatureDied' AND " OTHER_BLOW_EXISTS ")");
    assert_rejected(cause, "its cause, event", NULL, FAILS_ON_FOLD);
    /* A blow made softer, with every digest recomputed to match. */
    g_assert_cmpint(attacked, >, 0);
    tamper_printf(blow,
                  "UPDATE events SET payload = json_set(payload, '$.damage',"
                  " json_extract(payload, '$.damage') - 1) WHERE seq = %" G_GINT64_FORMAT,
                  attacked);
    recompute_digests(blow);
    assert_verify_refuses(blow, "damage: stored");
    /* Said to be written by another release: its rules are not this
     * build's, so its commands are not re-run and the lie the re-run finds
     * goes unseen; but verify says so and never exits 0 (3: checked, not
     * re-run), whatever release the row names. */
    tamper(blow, "UPDATE game SET build = '0.1.0'");
    if (g_getenv("CAVELOG_BIN") != NULL) {
        const char *argv[] = {g_getenv("CAVELOG_BIN"), "verify", blow, NULL};
        g_autofree char *out = NULL, *err = NULL, *line = NULL;
        int status = 0;
        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, NULL));
        g_assert_true(WIFEXITED(status));
        g_assert_cmpint(WEXITSTATUS(status), ==, 3);
        g_assert_cmpstr(err, ==, "");
        g_assert_nonnull(strstr(out,
                                "every digest matches; but its commands were recorded under "
                                "the rules of cavelog 0.1.0, which this build (" CAVELOG_VERSION
                                ") does not re-run: not a full verification\n"));
        /* A damaged file of another release keeps its error status. */
        tamper(blow, "UPDATE game SET kills = kills + 1");
        line = run_failing("verify", blow);
        g_assert_nonnull(strstr(line, "description"));
    }
}

/* The score of a file said to come from another build is not checked
 * against the fold (that build may have scored by other rules), so a forged
 * one passed every check: the high scores and `list --check` show the score
 * the checked events give, never the row's. */
static void test_forged_score(Hostile *fixture, gconstpointer data)
{
    g_autofree char *folder = g_build_filename(fixture->dir, "scores", NULL);
    g_autofree char *path = g_build_filename(folder, "forged.cavelog", NULL);
    g_autofree char *good = copy_good(fixture, "forged.cavelog");
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    if (g_getenv("CAVELOG_BIN") == NULL) {
        g_test_skip("CAVELOG_BIN is not set");
        return;
    }
    g_assert_cmpint(g_mkdir(folder, 0700), ==, 0);
    g_assert_cmpint(g_rename(good, path), ==, 0);
    /* Saying another build wrote it buys no other score: the row's score
     * must be one that some build's rule gives these events. */
    tamper(path, "UPDATE game SET build = '0.1.0', score = 987654");
    g_assert_cmpint(run_bounded("scores", folder, &out, &err), ==, 0);
    g_test_message("%s", out);
    g_assert_null(strstr(out, "987654"));
    g_assert_nonnull(strstr(out, "does not match its events"));
    assert_rejected(path, "does not match its events", NULL, FAILS_ON_FOLD);
    {
        /* `list --check` names it too. */
        const char *argv[] = {g_getenv("CAVELOG_BIN"), "list", "--check", folder, NULL};
        g_autofree char *listed = NULL;
        g_autoptr(GError) error = NULL;
        int status = 0;
        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &listed, NULL, &status, &error));
        g_assert_no_error(error);
        g_test_message("%s", listed);
        g_assert_nonnull(strstr(listed, "does not check: "));
        g_assert_null(strstr(listed, "987654"));
    }
}

/* ---- throws, shots, potions and effects -------------------------------------- */

/* A file where every new kind of event happens at a known place: the player
 * throws a rock at a fungus, drinks poison, throws poison at the fungus,
 * waits for the effects to tick, wields a bow and shoots. */
static char *make_magic_game(const TmpDir *fixture)
{
    static const char *const room[] = {
        "############", "#..........#", "#..@.......#", "#..........#", "############", NULL,
    };
    char *path = g_build_filename(fixture->dir, "magic.cavelog", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    Scenario s;
    gint32 rocks, poison, bow, white, blue;
    const CavCreature *player;

    scenario_setup_caster(&s, room, 60);
    white = scenario_item(&s, "white mage's spellbook", 1, 0, 0, 0, 1);
    blue = scenario_item(&s, "blue mage's spellbook", 1, 0, 0, 0, 1);
    rocks = scenario_item(&s, "rock", 1, 0, 0, 0, 3);
    poison = scenario_item(&s, "potion of poison", 1, 0, 0, 0, 2);
    bow = scenario_item(&s, "bow", 1, 0, 0, 0, 1);
    scenario_spawn(&s, "fungus", 0, 8, 2, 60, 0, 20);
    store = scenario_store_new(path, &s, &error);
    g_assert_no_error(error);
    scenario_store_play(&s, store, command_throw(rocks, 8, 2));
    scenario_store_play(&s, store, command_item(CMD_QUAFF, poison));
    scenario_store_play(&s, store, command_throw(poison, 8, 2));
    for (gint i = 0; i < 3; i++)
        scenario_store_play(&s, store, command_simple(CMD_WAIT));
    scenario_store_play(&s, store, command_item(CMD_EQUIP, bow));
    scenario_store_play(&s, store, command_fire(8, 2));
    scenario_store_play(&s, store, command_name("yellow", "maybe mana"));
    scenario_store_play(&s, store, command_cast(white, "slow heal", 3, 2));
    scenario_store_play(&s, store, command_cast(blue, "blink", 3, 2));
    player = state_player(game_state(s.game));
    scenario_store_play(&s, store, command_cast(blue, "blood to mana", player->x, player->y));
    scenario_store_play(&s, store, command_cast(blue, "summon bats", player->x, player->y));
    scenario_teardown(&s);
    return path;
}

/* One lie per new event type, each told with the stock sqlite3 API on its
 * own copy; each refused with the file unchanged. */
static void test_magic_lies(TmpDir *fixture, gconstpointer data)
{
    static const struct {
        const char *type, *change, *problem;
    } lies[] = {
        {"ItemThrown", "json_set(payload, '$.damage', 500)", "a missile of 500"},
        {"ItemThrown", "json_set(payload, '$.to_x', 5)", "stops at (8,2)"},
        {"ShotFired", "json_set(payload, '$.damage', 500)", "a missile of 500"},
        {"ItemQuaffed", "json_set(payload, '$.item', 1)", "is not a potion"},
        {"EffectStarted", "json_set(payload, '$.duration', 999)", "does"},
        {"EffectsTicked", "json_set(payload, '$.effects', 99)", "effects do not work"},
        {"SpellCast", "json_set(payload, '$.cost', 0)", "has not 0 mana"},
        {"ManaDrawn", "json_set(payload, '$.hp', 500)", "cannot turn 500 hp into"},
        {"CreatureBlinked", "json_set(payload, '$.x', 0)", "a blink cannot land"},
        {"CreatureSummoned", "json_set(payload, '$.x', 10)", "free cell beside"},
        {"ItemNamed", "json_set(payload, '$.appearance', 'golden')", "no potion looks golden"},
        {"SpellDefined", "json_set(payload, '$.special', 'teleport')", "not a spell"},
        {"ItemIdentified", "json_set(payload, '$.kind', 'potion of health')", "are not"},
        {"AppearanceAssigned", "json_set(payload, '$.appearance', 'red')", "already has a look"},
    };
    g_autofree char *good = make_magic_game(fixture);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(good, NULL, &error);

    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->effect_count, ==, 3);
    g_clear_pointer(&session, session_free);
    for (guint i = 0; i < G_N_ELEMENTS(lies); i++) {
        g_autofree char *name = g_strdup_printf("lie-%u.cavelog", i);
        g_autofree char *path = g_build_filename(fixture->dir, name, NULL);

        copy_file(good, path);
        /* The last event of the type: the first AppearanceAssigned is red's. */
        tamper_printf(path,
                      "UPDATE events SET payload = %s WHERE seq = (SELECT max(seq) FROM events"
                      " WHERE type = '%s')",
                      lies[i].change, lies[i].type);
        assert_rejected(path, lies[i].problem, NULL, FAILS_ON_FOLD);
    }
}

/* A wrong digest in the middle of the game, not only at its end, is found
 * by every reader, at its turn. */
static void test_digest_middle(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "digest-middle.cavelog");
    gint32 turn = fixture->turns / 2;
    g_autofree char *sql = g_strdup_printf("SELECT digest FROM turns WHERE turn = %d", turn);
    g_autofree char *forged = text_of(path, sql);
    g_autofree char *detail = g_strdup_printf("after turn %d ", turn);

    forged[15] = forged[15] == '0' ? '1' : '0';
    tamper_printf(path, "UPDATE turns SET digest = '%s' WHERE turn = %d", forged, turn);
    assert_rejected(path, "does not match its recorded digest", detail, FAILS_ON_FOLD);
}

/* A view rewritten to show `sqlite3` users another death, or one column
 * reading another field, and objects cavelog never makes are refused. */
static void test_schema_objects(Hostile *fixture, gconstpointer data)
{
    static const struct {
        const char *sql;
        const char *problem;
    } cases[] = {
        {"DROP VIEW CreatureDied; CREATE VIEW CreatureDied AS SELECT seq, turn, cause AS "
         "cause_seq, actor, 'slain by the Wizard of Yendor' AS cause FROM events WHERE type = "
         "'CreatureDied'",
         "the view CreatureDied does not read"},
        {"DROP VIEW CreatureAttacked; CREATE VIEW CreatureAttacked AS SELECT seq, turn, cause AS "
         "cause_seq, actor, json_extract(payload, '$.creature') AS \"target\", "
         "json_extract(payload, '$.target') AS \"creature\" FROM events WHERE type = "
         "'CreatureAttacked'",
         "the view CreatureAttacked does not read"},
        {"CREATE VIEW deaths AS SELECT * FROM events", "the view deaths does not read"},
        {"CREATE TRIGGER t AFTER INSERT ON events BEGIN DELETE FROM events; END",
         "holds a trigger cavelog never makes"},
        {"CREATE TABLE extra (x)", "holds a table cavelog never makes"},
        {"CREATE INDEX byturn ON events (turn)", "holds an index cavelog never makes"},
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *name = g_strdup_printf("schema-%u.cavelog", i);
        g_autofree char *path = copy_good(fixture, name);
        tamper(path, cases[i].sql);
        assert_rejected(path, cases[i].problem, NULL, FAILS_ON_READ);
    }
}

/* The data a game was played by is part of its record: damaged, it is
 * refused; changed, the re-run shows the numbers differ. */
static void test_recorded_content(Hostile *fixture, gconstpointer data)
{
    g_autofree char *damaged = copy_good(fixture, "content-damaged.cavelog");
    g_autofree char *changed = copy_good(fixture, "content-changed.cavelog");
    g_autofree char *extra = copy_good(fixture, "content-extra.cavelog");
    g_autofree char *spell = copy_good(fixture, "content-spell.cavelog");
    g_autofree char *potion = copy_good(fixture, "content-potion.cavelog");
    g_autofree char *line = NULL;

    g_assert_cmpint(file_int(damaged, "PRAGMA application_id"), ==, 1128355404);
    g_assert_cmpint(file_int(damaged, "SELECT count(*) FROM content"), ==, 3);
    tamper(damaged, "UPDATE content SET text = '[player' WHERE file = 'creatures.ini'");
    assert_rejected(damaged, "the game's recorded data is damaged", "creatures.ini", FAILS_ON_FOLD);
    tamper(extra, "INSERT INTO content VALUES ('evil.ini', '')");
    assert_rejected(extra, "a file cavelog never records", NULL, FAILS_ON_FOLD);
    /* Every bat of the game was born with 15 hp; say they had 16. */
    g_assert_cmpint(file_int(changed, "SELECT instr(text, 'hp=15') > 0 FROM content"
                                      " WHERE file = 'creatures.ini'"),
                    ==, 1);
    tamper(changed, "UPDATE content SET text = replace(text, 'hp=15', 'hp=16')"
                    " WHERE file = 'creatures.ini'");
    /* Every reader holds the spawns to the recorded data, without a re-run. */
    assert_rejected(changed, "its max_hp is not what the game's data gives", "turn 0, event",
                    FAILS_ON_FOLD);
    /* So too the spells the game defines and the potions' effects. */
    tamper(spell, "UPDATE content SET text = replace(text, 'cost=4', 'cost=5')"
                  " WHERE file = 'spells.ini'");
    assert_rejected(spell, "its cost is not what the game's data gives", "(SpellDefined)",
                    FAILS_ON_FOLD);
    tamper(potion, "UPDATE content SET text = replace(text, 'effect_hp=15', 'effect_hp=16')"
                   " WHERE file = 'items.ini'");
    assert_rejected(potion, "its hp is not what the game's data gives", "(AppearanceAssigned)",
                    FAILS_ON_FOLD);
}

/* The bookmarks table: every row is range-checked and its note bounded. */
static void test_bookmarks(Hostile *fixture, gconstpointer data)
{
    static const char *const cases[] = {
        "INSERT INTO bookmarks VALUES (0, 'before the game', 't')",
        "INSERT INTO bookmarks VALUES ((SELECT max(seq) + 1 FROM events), 'after it', 't')",
        "INSERT INTO bookmarks VALUES (5, printf('%.*c', 201, 'x'), 't')",
        "INSERT INTO bookmarks VALUES (5, CAST(x'ff41' AS TEXT), 't')",
        "INSERT INTO bookmarks VALUES (5, CAST(x'410042' AS TEXT), 't')",
        "INSERT INTO bookmarks VALUES (5, 'note', printf('%.*c', 65, 't'))",
        "DROP TABLE bookmarks; CREATE TABLE bookmarks (seq, note, created);"
        " INSERT INTO bookmarks VALUES (5, x'41', 't')",
        "DROP TABLE bookmarks; CREATE TABLE bookmarks (seq, note, created);"
        " INSERT INTO bookmarks VALUES (5, 'a', 't'), (5, 'b', 't')",
        "DROP TABLE bookmarks; CREATE TABLE bookmarks (seq, note, created);"
        " INSERT INTO bookmarks VALUES ('5', 'a', 't')",
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *name = g_strdup_printf("bookmark-%u.cavelog", i);
        g_autofree char *path = copy_good(fixture, name);
        tamper(path, cases[i]);
        /* A table rebuilt without its types is refused on open, for its shape. */
        assert_rejected(path,
                        g_str_has_prefix(cases[i], "DROP")
                            ? "its bookmarks table does not have the columns cavelog makes"
                            : "a bookmark is not one cavelog writes",
                        NULL, g_str_has_prefix(cases[i], "DROP") ? FAILS_ON_READ : FAILS_ON_FOLD);
    }
    {
        g_autofree char *path = copy_good(fixture, "bookmark-columns.cavelog");
        tamper(path, "DROP TABLE bookmarks; CREATE TABLE bookmarks (what, ever)");
        assert_rejected(path, "its bookmarks table does not have the columns cavelog makes", NULL,
                        FAILS_ON_READ);
    }
}

/* The lineage table: one row at most, of this game's seed and turns. */
static void test_lineage(Hostile *fixture, gconstpointer data)
{
#define LINEAGE_ROW(file, seed, digest, turn)                                                      \
    "INSERT INTO lineage VALUES (1, " file ", " seed ", '2026-01-01T00:00:00Z', " digest ", " turn \
    ")"
#define SEED "(SELECT seed FROM game)"
    static const struct {
        const char *sql, *problem;
    } cases[] = {
        {"DROP TABLE lineage; CREATE TABLE lineage (id, parent_file, parent_seed, parent_created,"
         " parent_digest, turn); " LINEAGE_ROW("'a.cavelog'", SEED, "'0123456789abcdef'",
                                               "3") "; " LINEAGE_ROW("'b.cavelog'", SEED,
                                                                     "'0123456789abcdef'", "3"),
         "lineage table does not have the columns"},
        {LINEAGE_ROW("'a.cavelog'", SEED " + 1", "'0123456789abcdef'", "3"), "lineage is not one"},
        {LINEAGE_ROW("'a.cavelog'", SEED, "'0123456789abcdef'", "99999"), "lineage is not one"},
        {LINEAGE_ROW("'a.cavelog'", SEED, "'0123456789abcdef'", "-1"), "lineage is not one"},
        {LINEAGE_ROW("'a.cavelog'", SEED, "'not a digest'", "3"), "lineage is not one"},
        {LINEAGE_ROW("'../a.cavelog'", SEED, "'0123456789abcdef'", "3"), "lineage is not one"},
        {LINEAGE_ROW("printf('%.*c', 256, 'a')", SEED, "'0123456789abcdef'", "3"),
         "lineage is not one"},
        {LINEAGE_ROW("CAST(x'ff' AS TEXT)", SEED, "'0123456789abcdef'", "3"), "lineage is not one"},
        {"DROP TABLE lineage; CREATE TABLE lineage (what, ever)",
         "lineage table does not have the columns"},
    };
    g_autofree char *fine = copy_good(fixture, "lineage-fine.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *name = g_strdup_printf("lineage-%u.cavelog", i);
        g_autofree char *path = copy_good(fixture, name);
        tamper(path, cases[i].sql);
        /* A table rebuilt without its types is refused on open, for its shape. */
        assert_rejected(path, cases[i].problem, NULL,
                        g_str_has_prefix(cases[i].sql, "DROP") ? FAILS_ON_READ : FAILS_ON_FOLD);
    }
    /* A row that lies about the fork's turn 3 (another digest than its own). */
    {
        g_autofree char *lies = copy_good(fixture, "lineage-lies.cavelog");
        tamper(lies, LINEAGE_ROW("'a.cavelog'", SEED, "'0123456789abcdef'", "3"));
        assert_rejected(lies, "forked at turn 3 from another state", NULL, FAILS_ON_FOLD);
    }
    /* The same row, as cavelog writes it (turn 3's own digest), is read. */
    tamper(fine,
           LINEAGE_ROW("'a.cavelog'", SEED, "(SELECT digest FROM turns WHERE turn = 3)", "3"));
    session = session_resume(fine, NULL, &error);
    g_assert_no_error(error);
#undef LINEAGE_ROW
#undef SEED
}

/* A follow-up's cause must be an event some rule reacts to: a death caused
 * by a step of its turn is refused by every reader, naming both events. */
static void test_cause_type(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "cause-type.cavelog");
    const char *where = "type = 'CreatureDied' AND turn > 0 AND EXISTS (SELECT 1 FROM events m"
                        " WHERE m.turn = d.turn AND m.seq < d.seq AND m.type = 'CreatureMoved')";
    g_autofree char *count = g_strdup_printf("SELECT count(*) FROM events d WHERE %s", where);
    g_autofree char *pick = g_strdup_printf("SELECT max(seq) FROM events d WHERE %s", where);
    gint64 died;
    g_autofree char *detail = NULL;

    g_assert_cmpint(file_int(path, count), >, 0);
    died = file_int(path, pick);
    tamper_printf(path,
                  "UPDATE events SET cause = (SELECT max(m.seq) FROM events m WHERE m.turn ="
                  " events.turn AND m.seq < events.seq AND m.type = 'CreatureMoved')"
                  " WHERE seq = %" G_GINT64_FORMAT,
                  died);
    detail = g_strdup_printf("event %" G_GINT64_FORMAT " (CreatureDied)", died);
    assert_rejected(path, "which no rule of the game reacts to", detail, FAILS_ON_FOLD);
}

/* ---- lies that only a re-run used to see (issue 11) ------------------------- */

/* The turn of the first event chosen by @where (an SQL condition on e). */
static gint32 turn_where(const char *path, const char *where)
{
    g_autofree char *count = g_strdup_printf("SELECT count(*) FROM events e WHERE %s", where);
    g_autofree char *pick = g_strdup_printf("SELECT min(turn) FROM events e WHERE %s", where);

    g_assert_cmpint(file_int(path, count), >, 0);
    return (gint32) file_int(path, pick);
}

/* A turn whose player attacked, recorded as a wait: the command must be
 * what the player's action shows, for every reader. */
static void test_command_to_wait(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "command-wait.cavelog");
    gint32 turn = turn_where(path, "e.type = 'CreatureAttacked' AND e.actor = 1 AND e.seq ="
                                   " (SELECT first_seq FROM turns t WHERE t.turn = e.turn)");
    g_autofree char *detail = g_strdup_printf("turn %d,", turn);

    tamper_printf(path, "UPDATE turns SET command = '{\"command\":\"wait\"}' WHERE turn = %d",
                  turn);
    assert_rejected(path, "its command {\"command\":\"wait\"} is not what its first event", detail,
                    FAILS_ON_FOLD);
}

/* Two turns of different commands swap them: the first is refused. */
static void test_commands_swapped(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "commands-swapped.cavelog");
    gint32 turn = turn_where(path, "e.turn > 0 AND (SELECT a.command != b.command FROM turns a,"
                                   " turns b WHERE a.turn = e.turn AND b.turn = e.turn + 1)");
    g_autofree char *detail = g_strdup_printf("turn %d,", turn);

    tamper_printf(path,
                  "CREATE TEMP TABLE c AS SELECT turn, command FROM turns WHERE turn IN (%d, %d);"
                  " UPDATE turns SET command = (SELECT command FROM c WHERE c.turn <> turns.turn)"
                  " WHERE turn IN (%d, %d)",
                  turn, turn + 1, turn, turn + 1);
    assert_rejected(path, "is not what its first event", detail, FAILS_ON_FOLD);
}

/* A monster's death text (which no digest covers) rewritten: a death says
 * what the rules write for its cause. */
static void test_death_text(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "death-text.cavelog");
    gint32 turn = turn_where(path, "e.type = 'CreatureDied' AND e.turn > 0 AND e.cause != 0");
    g_autofree char *detail = g_strdup_printf("turn %d,", turn);

    tamper_printf(path,
                  "UPDATE events SET payload = json_set(payload, '$.cause', 'slain by the Wizard"
                  " of Yendor') WHERE seq = (SELECT min(seq) FROM events WHERE turn = %d AND"
                  " type = 'CreatureDied' AND cause != 0)",
                  turn);
    assert_rejected(path, "not creature", "“slain by the Wizard of Yendor”", FAILS_ON_FOLD);
    assert_rejected(path, "its cause, event", detail, FAILS_ON_FOLD);
}

/* A death by a blow that names no cause: only starving kills without one. */
static void test_death_without_cause(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "death-no-cause.cavelog");
    gint32 turn = turn_where(path, "e.type = 'CreatureDied' AND e.turn > 0 AND e.cause != 0");
    g_autofree char *detail = g_strdup_printf("turn %d,", turn);

    tamper_printf(path,
                  "UPDATE events SET cause = NULL WHERE seq = (SELECT min(seq) FROM events"
                  " WHERE turn = %d AND type = 'CreatureDied' AND cause != 0)",
                  turn);
    assert_rejected(path, "names no cause; only starving kills without one", detail, FAILS_ON_FOLD);
}

/* Xp names the event before its kill as its cause: xp follows a kill (to
 * the killer) or a potion (to the drinker). */
static void test_xp_cause_moved(Hostile *fixture, gconstpointer data)
{
    g_autofree char *path = copy_good(fixture, "xp-cause.cavelog");
    gint32 turn = turn_where(path, "e.type = 'XpGained' AND e.turn > 0 AND (SELECT d.type FROM"
                                   " events d WHERE d.seq = e.cause - 1) NOT IN"
                                   " ('CreatureDied', 'EffectStarted')");
    g_autofree char *detail = g_strdup_printf("turn %d,", turn);

    tamper_printf(path,
                  "UPDATE events SET cause = cause - 1 WHERE seq = (SELECT min(seq) FROM events"
                  " WHERE turn = %d AND type = 'XpGained')",
                  turn);
    assert_rejected(path, "no rule gives creature", detail, FAILS_ON_FOLD);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
#define ADD(path, func) g_test_add(path, Hostile, NULL, hostile_setup, func, hostile_teardown)
    ADD("/hostile/not-sqlite", test_not_sqlite);
    ADD("/hostile/truncated", test_truncated);
    ADD("/hostile/quick-check", test_quick_check);
    ADD("/hostile/remembered/own", test_remembered_own);
    ADD("/hostile/remembered/scribbled", test_remembered_scribbled);
    ADD("/hostile/unknown-type", test_unknown_type);
    ADD("/hostile/outside-map", test_outside_map);
    ADD("/hostile/impossible-id", test_impossible_id);
    ADD("/hostile/combat-and-items", test_combat_and_items);
    ADD("/hostile/newer-schema", test_newer_schema);
    ADD("/hostile/application-id", test_application_id);
    ADD("/hostile/start-seed", test_start_seed);
    ADD("/hostile/forged-score", test_forged_score);
    ADD("/hostile/digest", test_digest);
    ADD("/hostile/digest-middle", test_digest_middle);
    ADD("/hostile/schema-objects", test_schema_objects);
    ADD("/hostile/recorded-content", test_recorded_content);
    ADD("/hostile/bad-json", test_bad_json);
    ADD("/hostile/events-validates", test_events_validates);
    ADD("/hostile/turns-table", test_turns_table);
    ADD("/hostile/tamper-in-wal", test_tamper_in_wal);
    ADD("/hostile/resimulation", test_resimulation);
    ADD("/hostile/cause-type", test_cause_type);
    ADD("/hostile/last-turn-number", test_last_turn_number);
    ADD("/hostile/full-width", test_full_width);
    ADD("/hostile/payload-junk", test_payload_junk);
    ADD("/hostile/canonical", test_canonical);
    ADD("/hostile/exhausting", test_exhausting);
    ADD("/hostile/not-a-file", test_not_a_file);
    ADD("/hostile/read-only", test_read_only);
    g_test_add_func("/hostile/readers-leave-folder", test_readers_leave_folder);
    ADD("/hostile/bookmarks", test_bookmarks);
    ADD("/hostile/lineage", test_lineage);
    ADD("/hostile/command-to-wait", test_command_to_wait);
    ADD("/hostile/commands-swapped", test_commands_swapped);
    ADD("/hostile/death-text", test_death_text);
    ADD("/hostile/death-without-cause", test_death_without_cause);
    ADD("/hostile/xp-cause-moved", test_xp_cause_moved);
#undef ADD
    g_test_add("/hostile/stale-wal", TmpDir, NULL, tmp_dir_setup, test_stale_wal, tmp_dir_teardown);
    g_test_add("/hostile/deleted-while-played", TmpDir, NULL, tmp_dir_setup,
               test_deleted_while_played, tmp_dir_teardown);
    g_test_add("/hostile/second-writer", TmpDir, NULL, tmp_dir_setup, test_second_writer,
               tmp_dir_teardown);
    g_test_add("/hostile/continue-without-terminal", TmpDir, NULL, tmp_dir_setup,
               test_continue_without_terminal, tmp_dir_teardown);
    g_test_add("/hostile/magic-lies", TmpDir, NULL, tmp_dir_setup, test_magic_lies,
               tmp_dir_teardown);
    return g_test_run();
}
