/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-releases.c — old saves are sacred: games that earlier releases
 * wrote (tests/data/release-0.2.0-* by 0.2.0, tests/data/release-0.3.0-* by 0.3.0) open
 * and fold with every digest matching, replay (seek back and forth through
 * their history), continue (a game still playing, and a fork of each at
 * its middle turn, play on with this build and fold again), and `cavelog
 * verify` checks them whole but, their commands being another release's,
 * does not re-run them: it says so, naming the release, and exits 3. */
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/wait.h>

#include "cavelog-config.h"
#include "checks.h"
#include "fork.h"
#include "history.h"
#include "session.h"
#include "store.h"
#include "testutil.h"

typedef struct {
    const char *folder, *name; /* the .cavelog.gz under tests/ */
    const char *release;       /* the release that wrote it */
} Recording;

static const Recording recordings[] = {
    {.folder = "data", .name = "release-0.2.0-seed-8", .release = "0.2.0"},
    {.folder = "data", .name = "release-0.2.0-seed-11", .release = "0.2.0"},
    {.folder = "data", .name = "release-0.2.0-seed-6", .release = "0.2.0"},
    {.folder = "data", .name = "release-0.3.0-seed-8", .release = "0.3.0"},
    {.folder = "data", .name = "release-0.3.0-seed-11", .release = "0.3.0"},
};

/* Unpack @r into @dir; the path (caller frees). */
static char *unpack(const char *dir, const Recording *r)
{
    g_autofree char *gz_name = g_strdup_printf("%s.cavelog.gz", r->name);
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, r->folder, gz_name, NULL);
    g_autofree char *target = g_strdup_printf("%s/%s.cavelog", dir, r->name);
    gunzip_file(source, target);
    return g_steal_pointer(&target);
}

/* After every event the digest kept by parts equals the one from nothing. */
static gboolean digests_agree(const CavEvent *event, gpointer user_data, GError **error)
{
    const CavState *state = game_state(user_data);

    (void) error;
    if (state_digest(state) != state_digest_full(state))
        g_error("after event %" G_GINT64_FORMAT " (%s) the kept digest misses a change", event->seq,
                ev_type_name(event->type));
    return TRUE;
}

/* Fold @path with every check a resume makes (every turn's digest among
 * them); the digest of its last state. */
static guint64 fold_checked(const char *path, gint32 *turn)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);

    g_assert_no_error(error);
    game_track_view(game, FALSE);
    if (!checks_fold(store, game, digests_agree, game, &error))
        g_error("%s does not fold: %s", path, error->message);
    *turn = game_state(game)->turn;
    return state_digest_full(game_state(game));
}

/* `cavelog verify` on a file of @release: checked, not re-run, exit 3. */
static void assert_verify_names(const char *path, const char *release)
{
    const char *argv[] = {g_getenv("CAVELOG_BIN"), "verify", path, NULL};
    g_autofree char *out = NULL, *err = NULL, *said = NULL;
    int status = 0;

    if (argv[0] == NULL)
        return;
    g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, NULL));
    g_test_message("%s", out);
    g_assert_cmpstr(err, ==, "");
    g_assert_true(WIFEXITED(status));
    g_assert_cmpint(WEXITSTATUS(status), ==, 3);
    said = g_strdup_printf("every digest matches; but its commands were recorded under the rules "
                           "of cavelog %s, which this build (" CAVELOG_VERSION ") does not "
                           "re-run: not a full verification",
                           release);
    g_assert_nonnull(strstr(out, said));
}

/* The history seeks to its end, back to its middle and its start, and to
 * its end again, where the state is the fold's. */
static void assert_replays(const char *path, guint64 last)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = history_open(path, 0, &error);
    gint64 length;

    g_assert_no_error(error);
    length = history_length(history);
    g_assert_cmpint(length, >, 0);
    g_assert_true(history_seek(history, length, &error));
    g_assert_cmpuint(state_digest_full(history_state(history)), ==, last);
    g_assert_true(history_seek(history, length / 2, &error));
    g_assert_cmpint(history_state(history)->last_seq, ==, length / 2);
    g_assert_true(history_seek(history, 1, &error));
    g_assert_true(history_seek(history, length, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(state_digest_full(history_state(history)), ==, last);
}

/* Resume @path with this build and let the bot play @turns turns (none
 * once the game is over), saved; it folds again with every digest.
 * Returns the turns played. */
static gint32 assert_continues(const char *path, gint32 turns)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(path, NULL, &error);
    gint32 before, after, played = 0;

    g_assert_no_error(error);
    before = session_state(session)->turn;
    while (played < turns && play_bot_turn(session))
        played++;
    g_clear_pointer(&session, session_free);
    fold_checked(path, &after);
    g_assert_cmpint(after, ==, before + played);
    g_test_message("%s: %d turns played on from turn %d", path, played, before);
    return played;
}

static void check_recording(const char *dir, const Recording *r)
{
    g_autofree char *path = unpack(dir, r);
    g_autofree char *fork = g_strdup_printf("%s/%s-fork.cavelog", dir, r->name);
    g_autoptr(GError) error = NULL;
    gint32 turns;
    guint64 last = fold_checked(path, &turns);

    assert_verify_names(path, r->release);
    assert_replays(path, last);
    g_assert_true(fork_game(path, turns / 2, fork, NULL, &error));
    g_assert_no_error(error);
    g_assert_cmpint(assert_continues(fork, 20), >, 0); /* its middle turn: still playing */
    assert_verify_names(fork, r->release);
    assert_continues(path, 20);
    assert_verify_names(path, r->release);
}

static void test_release(TmpDir *fixture, gconstpointer data)
{
    check_recording(fixture->dir, data);
}

/* cavelog 0.2.0's ManaDrawn held one amount: once the file is continued
 * (its views made this build's), the view reads it as both hp and mana. */
static void test_old_mana_view(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = unpack(fixture->dir, &recordings[2]);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_resume(path, NULL, &error);
    sqlite3 *db = NULL;

    (void) data;
    g_assert_no_error(error);
    g_clear_pointer(&session, session_free);
    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM ManaDrawn"), >, 0);
    g_assert_cmpint(db_int(db, "SELECT count(*) FROM ManaDrawn v JOIN events e ON e.seq = v.seq "
                               "WHERE v.hp IS NULL OR v.hp != v.mana OR "
                               "v.hp != json_extract(e.payload, '$.amount')"),
                    ==, 0);
    sqlite3_close(db);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (guint i = 0; i < G_N_ELEMENTS(recordings); i++) {
        g_autofree char *path =
            g_strdup_printf("/releases/%s/%s", recordings[i].release, recordings[i].name);
        g_test_add(path, TmpDir, &recordings[i], tmp_dir_setup, test_release, tmp_dir_teardown);
    }
    g_test_add("/releases/0.2.0/mana-drawn-view", TmpDir, NULL, tmp_dir_setup, test_old_mana_view,
               tmp_dir_teardown);
    return g_test_run();
}
