/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fork.c — forking a game at a turn: the fork holds the parent's rows
 * up to the turn, plays on and verifies, records its lineage, copies the
 * bookmarks on its events; bad turns and tampered parents are refused with
 * the parent unchanged and nothing left behind. Also bookmarks themselves. */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "bookmarks.h"
#include "fork.h"
#include "seal.h"
#include "testutil.h"
#include "verify.h"

typedef struct {
    char *dir;    /* a fresh temporary folder, removed after the test */
    char *parent; /* a game of some bot turns, closed */
    gint32 turns; /* its last turn */
} Forks;

static void forks_setup(Forks *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    fixture->dir = g_dir_make_tmp("cavelog-fork-XXXXXX", &error);
    g_assert_no_error(error);
    fixture->parent = g_build_filename(fixture->dir, "parent.cavelog", NULL);
    session = session_new_game(fixture->parent, 4242, "tester", NULL, &error);
    g_assert_no_error(error);
    for (int t = 0; t < 80 && play_bot_turn(session); t++)
        ;
    fixture->turns = session_state(session)->turn;
    g_assert_cmpint(fixture->turns, >=, 20);
}

static void forks_teardown(Forks *fixture, gconstpointer data)
{
    remove_tree(fixture->dir);
    g_free(fixture->dir);
    g_free(fixture->parent);
}

static GBytes *file_bytes(const char *path)
{
    char *contents = NULL;
    gsize length = 0;

    g_assert_true(g_file_get_contents(path, &contents, &length, NULL));
    return g_bytes_new_take(contents, length);
}

/* One integer from @sql run on @path, with @other ATTACHed as "p". */
static gint64 query2(const char *path, const char *other, const char *sql)
{
    sqlite3 *db = NULL;
    g_autofree char *attach = g_strdup_printf("ATTACH '%s' AS p", other);
    gint64 value;

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, attach, NULL, NULL, NULL), ==, SQLITE_OK);
    value = db_int(db, sql);
    sqlite3_close(db);
    return value;
}

static gint64 last_seq_of_turn(const char *path, gint32 turn)
{
    g_autofree char *sql = g_strdup_printf("SELECT last_seq FROM p.turns WHERE turn = %d", turn);

    return query2(path, path, sql);
}

static char *fork_at(Forks *fixture, gint32 turn, const char *name)
{
    g_autoptr(GError) error = NULL;
    char *path = g_build_filename(fixture->dir, name, NULL);
    ForkReport report;

    g_assert_true(fork_game(fixture->parent, turn, path, &report, &error));
    g_assert_no_error(error);
    g_assert_cmpint(report.events, ==, last_seq_of_turn(fixture->parent, turn));
    return path;
}

/* The fork's rows of @table equal the parent's with @where, both ways. */
static void assert_same_rows(const char *fork, const char *parent, const char *table,
                             const char *where)
{
    g_autofree char *missing = g_strdup_printf(
        "SELECT count(*) FROM (SELECT * FROM p.%s WHERE %s EXCEPT SELECT * FROM main.%s)", table,
        where, table);
    g_autofree char *extra = g_strdup_printf(
        "SELECT count(*) FROM (SELECT * FROM main.%s EXCEPT SELECT * FROM p.%s WHERE %s)", table,
        table, where);
    g_autofree char *count = g_strdup_printf("SELECT count(*) FROM main.%s", table);

    g_assert_cmpint(query2(fork, parent, missing), ==, 0);
    g_assert_cmpint(query2(fork, parent, extra), ==, 0);
    g_assert_cmpint(query2(fork, parent, count), >, 0);
}

static void assert_fork_rows(const char *fork, const char *parent, gint32 turn)
{
    gint64 end = last_seq_of_turn(parent, turn);
    g_autofree char *events = g_strdup_printf("seq <= %" G_GINT64_FORMAT, end);
    g_autofree char *turns = g_strdup_printf("turn <= %d", turn);

    assert_same_rows(fork, parent, "events", events);
    assert_same_rows(fork, parent, "turns", turns);
    assert_same_rows(fork, parent, "content", "1");
    g_assert_cmpint(query2(fork, parent, "SELECT max(seq) FROM main.events"), ==, end);
}

static void test_events_equal(Forks *fixture, gconstpointer data)
{
    gint32 turn = fixture->turns / 2;
    g_autoptr(GBytes) before = file_bytes(fixture->parent);
    g_autofree char *fork = fork_at(fixture, turn, "fork.cavelog");
    g_autoptr(GBytes) after = file_bytes(fixture->parent);

    assert_fork_rows(fork, fixture->parent, turn);
    g_assert_true(g_bytes_equal(before, after)); /* the parent is unchanged */
}

/* The fork resumes at @turn and plays on with the bot. */
static void assert_resumes(const char *fork, gint32 turn)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(fork, NULL, &error);

    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, turn);
    for (int t = 0; t < 15 && play_bot_turn(session); t++)
        ;
    g_assert_cmpint(session_state(session)->turn, >, turn);
}

/* The fork resumes, plays on with the bot and verifies like any game. */
static void assert_plays_on(const char *fork, gint32 turn)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    VerifyReport report;

    assert_resumes(fork, turn);
    store = store_open(fork, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(verify_game(store, &report, &error));
    g_assert_no_error(error);
    g_assert_true(report.rerun);
    g_assert_cmpint(report.turns, >, turn);
}

static void test_plays_on(Forks *fixture, gconstpointer data)
{
    gint32 turn = fixture->turns / 2;
    g_autofree char *fork = fork_at(fixture, turn, "fork.cavelog");

    assert_plays_on(fork, turn);
}

/* A fork at turn 0 and one at the last turn: both whole and playable. */
static void test_first_and_last(Forks *fixture, gconstpointer data)
{
    g_autofree char *first = fork_at(fixture, 0, "first.cavelog");
    g_autofree char *last = fork_at(fixture, fixture->turns, "last.cavelog");

    assert_fork_rows(first, fixture->parent, 0);
    assert_fork_rows(last, fixture->parent, fixture->turns);
    g_assert_cmpint(query2(last, fixture->parent, "SELECT count(*) FROM main.events"), ==,
                    query2(last, fixture->parent, "SELECT count(*) FROM p.events"));
    assert_plays_on(first, 0);
    assert_plays_on(last, fixture->turns);
}

static void test_lineage(Forks *fixture, gconstpointer data)
{
    gint32 turn = fixture->turns / 3;
    g_autofree char *fork = fork_at(fixture, turn, "fork.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) parent = store_open(fixture->parent, FALSE, &error);
    g_autoptr(Store) store = store_open(fork, FALSE, &error);
    g_autoptr(GPtrArray) listed = NULL;
    g_autofree char *expected = g_strdup_printf("forked from parent.cavelog at turn %d", turn);
    StoreGameInfo info;
    Lineage lineage;
    gboolean found = FALSE, listed_fork = FALSE;
    guint64 digest = 0;

    g_assert_no_error(error);
    g_assert_true(store_read_info(parent, &info, &error));
    g_assert_true(store_turn_digest(parent, turn, &digest, &error));
    g_assert_true(lineage_read(store, &found, &lineage, &error));
    g_assert_no_error(error);
    g_assert_true(found);
    g_assert_cmpstr(lineage.parent_file, ==, "parent.cavelog");
    g_assert_cmpint(lineage.parent_seed, ==, info.seed);
    g_assert_cmpstr(lineage.parent_created, ==, info.created);
    g_assert_cmphex(lineage.parent_digest, ==, digest);
    g_assert_cmpint(lineage.turn, ==, turn);
    lineage_clear(&lineage);
    /* The parent is no fork; the listing says which one is. */
    g_assert_true(lineage_read(parent, &found, &lineage, &error));
    g_assert_false(found);
    listed = store_list_games(fixture->dir, seal_open_listed);
    for (guint i = 0; i < listed->len; i++) {
        const StoreListing *game = g_ptr_array_index(listed, i);
        if (g_str_has_suffix(game->path, "fork.cavelog")) {
            g_assert_cmpstr(game->lineage, ==, expected);
            listed_fork = TRUE;
        } else {
            g_assert_null(game->lineage);
        }
    }
    g_assert_true(listed_fork);
    store_game_info_clear(&info);
}

/* bookmarks_add on @path (opened read-only for it), FALSE with @error. */
static gboolean try_bookmark(const char *path, gint64 seq, const char *note, GError **error)
{
    g_autoptr(Store) store = store_open(path, FALSE, error);

    return store != NULL && bookmarks_add(store, seq, note, error);
}

static void add_bookmark(const char *path, gint64 seq, const char *note)
{
    g_autoptr(GError) error = NULL;

    g_assert_true(try_bookmark(path, seq, note, &error));
    g_assert_no_error(error);
}

static void test_bookmarks_copy(Forks *fixture, gconstpointer data)
{
    gint32 turn = fixture->turns / 2;
    gint64 end = last_seq_of_turn(fixture->parent, turn);
    g_autofree char *fork = NULL;
    g_autoptr(GPtrArray) copied = NULL;
    g_autoptr(GError) error = NULL;

    add_bookmark(fixture->parent, 1, "the start");
    add_bookmark(fixture->parent, end, "the fork's last event");
    add_bookmark(fixture->parent, end + 1, "just after");
    fork = fork_at(fixture, turn, "fork.cavelog");
    copied = bookmarks_read_file(fork, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(copied->len, ==, 2);
    g_assert_cmpint(((Bookmark *) copied->pdata[0])->seq, ==, 1);
    g_assert_cmpstr(((Bookmark *) copied->pdata[0])->note, ==, "the start");
    g_assert_cmpint(((Bookmark *) copied->pdata[1])->seq, ==, end);
    g_assert_cmpstr(((Bookmark *) copied->pdata[1])->note, ==, "the fork's last event");
    g_assert_cmpint(query2(fork, fixture->parent,
                           "SELECT count(*) FROM (SELECT * FROM main.bookmarks"
                           " EXCEPT SELECT * FROM p.bookmarks)"),
                    ==, 0);
}

/* Nothing at @path nor beside it (no .part, no sidecar). */
static void assert_nothing_left(Forks *fixture, const char *path)
{
    g_autoptr(GDir) dir = g_dir_open(fixture->dir, 0, NULL);
    g_autofree char *base = g_path_get_basename(path);
    const char *name;

    while ((name = g_dir_read_name(dir)) != NULL)
        g_assert_false(g_str_has_prefix(name, base));
}

static void test_bad_turn(Forks *fixture, gconstpointer data)
{
    g_autofree char *path = g_build_filename(fixture->dir, "bad.cavelog", NULL);
    g_autoptr(GBytes) before = file_bytes(fixture->parent);
    const gint32 turns[] = {-1, fixture->turns + 1, G_MAXINT32};

    for (guint i = 0; i < G_N_ELEMENTS(turns); i++) {
        g_autoptr(GError) error = NULL;
        g_assert_false(fork_game(fixture->parent, turns[i], path, NULL, &error));
        g_assert_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND);
        g_assert_nonnull(strstr(error->message, "has no turn"));
        assert_nothing_left(fixture, path);
    }
    {
        g_autoptr(GBytes) after = file_bytes(fixture->parent);
        g_assert_true(g_bytes_equal(before, after));
    }
}

/* A tampered parent: fork says what continue says, and changes nothing. */
static void test_tampered_parent(Forks *fixture, gconstpointer data)
{
    g_autofree char *path = g_build_filename(fixture->dir, "bad.cavelog", NULL);
    g_autofree char *sql = g_strdup_printf(
        "UPDATE turns SET digest = '0123456789abcdef' WHERE turn = %d", fixture->turns);
    g_autoptr(GError) resumed = NULL, forked = NULL;
    g_autoptr(GBytes) before = NULL, after = NULL;
    g_autoptr(Session) session = NULL;
    sqlite3 *db = NULL;

    g_assert_cmpint(sqlite3_open(fixture->parent, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_exec(db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close(db);
    before = file_bytes(fixture->parent);
    session = session_resume(fixture->parent, NULL, &resumed);
    g_assert_null(session);
    /* The lie is after the turn forked at: the whole parent is checked. */
    g_assert_false(fork_game(fixture->parent, 1, path, NULL, &forked));
    g_assert_error(forked, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_cmpstr(forked->message, ==, resumed->message);
    assert_nothing_left(fixture, path);
    after = file_bytes(fixture->parent);
    g_assert_true(g_bytes_equal(before, after));
}

static void test_bookmark_notes(Forks *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) read = NULL;
    g_autofree char *long_note = g_strnfill(BOOKMARK_NOTE_MAX + 1, 'x');
    g_autofree char *shown = bookmarks_note_shown("a\033[2Jb");
    g_autoptr(GBytes) before = NULL, after = NULL;
    gint64 last = last_seq_of_turn(fixture->parent, fixture->turns);

    add_bookmark(fixture->parent, 5, "first note");
    add_bookmark(fixture->parent, 5, "second thoughts"); /* replaces */
    before = file_bytes(fixture->parent);
    g_assert_false(try_bookmark(fixture->parent, 6, long_note, &error));
    g_clear_error(&error);
    g_assert_false(try_bookmark(fixture->parent, 6, "bell\a", &error));
    g_clear_error(&error);
    g_assert_false(try_bookmark(fixture->parent, last + 1, "beyond", &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND);
    g_clear_error(&error);
    g_assert_false(try_bookmark(fixture->parent, 0, "before", &error));
    g_clear_error(&error);
    after = file_bytes(fixture->parent);
    g_assert_true(g_bytes_equal(before, after));
    read = bookmarks_read_file(fixture->parent, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(read->len, ==, 1);
    g_assert_cmpstr(((Bookmark *) read->pdata[0])->note, ==, "second thoughts");
    g_assert_cmpstr(shown, ==, "a\\e[2Jb");
}

/* A bookmark written while the game is being played: the game goes on
 * saving turns, and resumes and verifies with the bookmark in it. */
static void test_bookmark_while_played(Forks *fixture, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(fixture->parent, NULL, &error);
    g_autoptr(GPtrArray) read = NULL;
    g_autoptr(Store) store = NULL;
    VerifyReport report;

    g_assert_no_error(error);
    add_bookmark(fixture->parent, 3, "while played");
    for (int t = 0; t < 10 && play_bot_turn(session); t++)
        ;
    g_clear_pointer(&session, session_free);
    store = store_open(fixture->parent, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(verify_game(store, &report, &error));
    g_assert_no_error(error);
    read = bookmarks_read(store, &error);
    g_assert_cmpuint(read->len, ==, 1);
}

/* A file of the first format (schema 1, no recorded data) forks into one of
 * this version's, with this build's digests, that resumes and plays on; its
 * verify says, as the parent's does, that an older build's rules made it. */
static void test_old_parent(Forks *fixture, gconstpointer data)
{
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "data", "v1-game.cavelog", NULL);
    g_autofree char *old = g_build_filename(fixture->dir, "v1.cavelog", NULL);
    g_autofree char *fork = g_build_filename(fixture->dir, "v1-fork.cavelog", NULL);
    g_autofree char *contents = NULL;
    g_autoptr(GBytes) before = NULL, after = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    VerifyReport report;
    gsize length = 0;

    g_assert_true(g_file_get_contents(source, &contents, &length, &error));
    g_assert_true(g_file_set_contents(old, contents, (gssize) length, &error));
    before = file_bytes(old);
    g_assert_true(fork_game(old, 20, fork, NULL, &error));
    g_assert_no_error(error);
    after = file_bytes(old);
    g_assert_true(g_bytes_equal(before, after));
    store = store_open(fork, FALSE, &error);
    g_assert_no_error(error);
    g_assert_cmpint(store_schema_version(store), ==, STORE_SCHEMA_VERSION);
    g_clear_pointer(&store, store_free);
    assert_resumes(fork, 20);
    store = store_open(fork, FALSE, &error);
    g_assert_no_error(error);
    /* played by 0.1.0's rules: every check, but no re-run */
    g_assert_true(verify_game(store, &report, &error));
    g_assert_no_error(error);
    g_assert_false(report.rerun);
    g_assert_cmpstr(report.build, ==, "0.1.0");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
#define ADD(path, func) g_test_add(path, Forks, NULL, forks_setup, func, forks_teardown)
    ADD("/fork/events-equal", test_events_equal);
    ADD("/fork/plays-on", test_plays_on);
    ADD("/fork/first-and-last", test_first_and_last);
    ADD("/fork/lineage", test_lineage);
    ADD("/fork/bookmarks-copy", test_bookmarks_copy);
    ADD("/fork/bad-turn", test_bad_turn);
    ADD("/fork/tampered-parent", test_tampered_parent);
    ADD("/fork/bookmark-notes", test_bookmark_notes);
    ADD("/fork/old-parent", test_old_parent);
    ADD("/fork/bookmark-while-played", test_bookmark_while_played);
#undef ADD
    return g_test_run();
}
