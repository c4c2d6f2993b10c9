/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyframe.c — authenticated keyframes: resuming from one gives the
 * full fold's game and plays on like an uninterrupted one; a keyframe with
 * a wrong MAC, another game's, an altered one or another installation's is
 * passed over for the full fold; no key folder means no keyframes, not no
 * game; readers never write; deserialising is as wary as any file input. */
#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>

#include "checks.h"
#include "seal.h"
#include "testutil.h"

#define EVERY 4 /* turns between keyframes in these tests */

/* ---- helpers ---------------------------------------------------------------- */

/* Point the key at @name inside the fixture's folder (the state folder,
 * where the key lives, and the config folder, where it once did). */
static void use_config(const TmpDir *fixture, const char *name)
{
    g_autofree char *dir = tmp_path(fixture, name);

    g_setenv("XDG_CONFIG_HOME", dir, TRUE);
    g_setenv("XDG_STATE_HOME", dir, TRUE);
}

static Session *keyed_game(const char *path, gint64 seed)
{
    g_autoptr(GError) error = NULL;
    Session *session = session_new_game(path, seed, "tester", NULL, &error);

    g_assert_no_error(error);
    session_set_keyframe_every(session, EVERY);
    return session;
}

/* Bot turns until turn @turn or the end of the game; the turn reached. */
static gint32 play_to(Session *session, gint32 turn)
{
    while (session_state(session)->turn < turn && play_bot_turn(session))
        ;
    return session_state(session)->turn;
}

/* The game at @path opened read-only with the key in config folder @config. */
static Session *open_with(const TmpDir *fixture, const char *path, const char *config)
{
    g_autoptr(GError) error = NULL;
    Session *session;

    use_config(fixture, config);
    session = session_open(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(session);
    return session;
}

/* The same game: every field of the state (derived ones too, once both
 * digests are refreshed), the same view and memory. */
static void assert_same_game(const Session *a, const Session *b)
{
    g_autofree CavState *sa = g_memdup2(session_state(a), sizeof(CavState));
    g_autofree CavState *sb = g_memdup2(session_state(b), sizeof(CavState));

    g_assert_cmphex(state_digest(sa), ==, state_digest(sb));
    g_assert_cmphex(state_digest_full(sa), ==, state_digest_full(sb));
    g_assert_true(memcmp(sa, sb, sizeof *sa) == 0);
    g_assert_cmphex(view_digest(session_view(a)), ==, view_digest(session_view(b)));
    g_assert_true(memcmp(session_view(a), session_view(b), sizeof(CavView)) == 0);
}

/* Resume @path with the key and without any; both the same game. The turn
 * the keyed one resumed from. */
static gint32 assert_resumes_alike(const TmpDir *fixture, const char *path)
{
    g_autoptr(Session) keyed = open_with(fixture, path, "config");
    g_autoptr(Session) full = open_with(fixture, path, "elsewhere");

    g_assert_cmpint(session_keyframe_turn(full), ==, -1);
    assert_same_game(keyed, full);
    return session_keyframe_turn(keyed);
}

static void sql(const char *path, const char *statement)
{
    sqlite3 *db = NULL;
    char *message = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    if (sqlite3_exec(db, statement, NULL, NULL, &message) != SQLITE_OK)
        g_error("%s: %s", statement, message);
    sqlite3_close(db);
}

/* Only @path's keyframes were changed: its history is still what this
 * installation wrote, and the test says so by sealing it with the key in
 * "config" (as a clean close would), so that the keyframes themselves are
 * judged. Without that seal no keyframe stands in for the history at all. */
static void vouch(const TmpDir *fixture, const char *path)
{
    use_config(fixture, "config");
    seal_remember(path, SEAL_HISTORY);
    g_assert_cmpint(seal_level(path), ==, SEAL_HISTORY);
}

/* Flip the bits of byte @offset of the keyframes of @path (every one, or
 * only the newest). */
static void flip_byte(const char *path, gsize offset, gboolean newest_only)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *read = NULL, *write = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(db,
                                       newest_only ? "SELECT seq, state FROM snapshots"
                                                     " ORDER BY seq DESC LIMIT 1"
                                                   : "SELECT seq, state FROM snapshots",
                                       -1, &read, NULL),
                    ==, SQLITE_OK);
    sqlite3_prepare_v2(db, "UPDATE snapshots SET state = ? WHERE seq = ?", -1, &write, NULL);
    while (sqlite3_step(read) == SQLITE_ROW) {
        gsize size = (gsize) sqlite3_column_bytes(read, 1);
        g_autofree guint8 *blob = g_memdup2(sqlite3_column_blob(read, 1), size);
        g_assert_cmpuint(size, >, offset);
        blob[offset] ^= 0xff;
        sqlite3_bind_blob(write, 1, blob, (int) size, SQLITE_TRANSIENT);
        sqlite3_bind_int64(write, 2, sqlite3_column_int64(read, 0));
        g_assert_cmpint(sqlite3_step(write), ==, SQLITE_DONE);
        sqlite3_reset(write);
    }
    sqlite3_finalize(read);
    sqlite3_finalize(write);
    sqlite3_close(db);
}

/* A game of @turns turns at @path (fewer if the bot dies), with keyframes. */
static gint32 make_game(const TmpDir *fixture, const char *path, gint64 seed, gint32 turns)
{
    g_autoptr(Session) session = NULL;

    use_config(fixture, "config");
    session = keyed_game(path, seed);
    return play_to(session, turns);
}

/* ---- /keyframe/resume/… -------------------------------------------------------- */

/* At several points of one game, resuming from the newest keyframe is the
 * full fold, and the keyframe used is the newest one. */
static void test_resume_equals_full_fold(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    const gint32 points[] = {EVERY + 1, 2 * EVERY + 3, 4 * EVERY, 6 * EVERY + 2};
    g_autoptr(Session) session = NULL;

    use_config(fixture, "config");
    session = keyed_game(path, 4242);
    for (guint i = 0; i < G_N_ELEMENTS(points); i++) {
        gint32 reached = play_to(session, points[i]);
        g_clear_pointer(&session, session_free);
        g_assert_cmpint(assert_resumes_alike(fixture, path), ==, reached / EVERY * EVERY);
        use_config(fixture, "config");
        session = session_resume(path, NULL, NULL); /* and plays on from the keyframe */
        g_assert_nonnull(session);
        session_set_keyframe_every(session, EVERY);
        g_assert_cmpint(session_keyframe_turn(session), ==, reached / EVERY * EVERY);
    }
    g_assert_cmpint(file_int(path, "SELECT count(*) FROM snapshots"), ==,
                    session_state(session)->turn / EVERY);
}

/* A game resumed from a keyframe plays on exactly like one never left: the
 * same events, turns and game row. */
static void test_resume_equals_uninterrupted(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path_a = tmp_path(fixture, "resumed.cavelog");
    g_autofree char *path_b = tmp_path(fixture, "uninterrupted.cavelog");
    const char *queries[] = {
        "SELECT group_concat(seq || type || payload, '') FROM events",
        "SELECT group_concat(turn || command || digest || last_seq, '') FROM turns",
        "SELECT seed || outcome || turns || depth || kills || score FROM game",
    };
    gint32 stop = make_game(fixture, path_a, 77, 3 * EVERY + 1);
    g_autoptr(Session) a = NULL;
    g_autoptr(Session) b = keyed_game(path_b, 77);

    a = session_resume(path_a, NULL, NULL);
    g_assert_cmpint(session_keyframe_turn(a), ==, stop / EVERY * EVERY);
    play_to(a, stop + 40);
    play_to(b, stop + 40);
    assert_same_game(a, b);
    g_clear_pointer(&a, session_free);
    g_clear_pointer(&b, session_free);
    for (guint q = 0; q < G_N_ELEMENTS(queries); q++) {
        sqlite3 *da = NULL, *db = NULL;
        g_assert_cmpint(sqlite3_open_v2(path_a, &da, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
        g_assert_cmpint(sqlite3_open_v2(path_b, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
        g_assert_cmpint(db_int(da, "SELECT count(*) FROM events"), >, 0);
        {
            sqlite3_stmt *sa = NULL, *sb = NULL;
            sqlite3_prepare_v2(da, queries[q], -1, &sa, NULL);
            sqlite3_prepare_v2(db, queries[q], -1, &sb, NULL);
            g_assert_cmpint(sqlite3_step(sa), ==, SQLITE_ROW);
            g_assert_cmpint(sqlite3_step(sb), ==, SQLITE_ROW);
            g_assert_cmpstr((const char *) sqlite3_column_text(sa, 0), ==,
                            (const char *) sqlite3_column_text(sb, 0));
            sqlite3_finalize(sa);
            sqlite3_finalize(sb);
        }
        sqlite3_close(da);
        sqlite3_close(db);
    }
}

/* ---- /keyframe/ignored/… ------------------------------------------------------- */

/* Resume @path with the key: by the full fold, every one of @n keyframes
 * counted as passed over, and the same game as without a key. */
static void assert_full_fold(const TmpDir *fixture, const char *path, guint n)
{
    g_autoptr(Session) keyed = open_with(fixture, path, "config");
    g_autoptr(Session) full = open_with(fixture, path, "elsewhere");

    g_assert_cmpint(session_keyframe_turn(keyed), ==, -1);
    g_assert_cmpuint(session_keyframes_ignored(keyed), ==, n);
    assert_same_game(keyed, full);
}

static void test_ignored_wrong_mac(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    gint32 turn = make_game(fixture, path, 4242, 3 * EVERY);
    gint64 n = file_int(path, "SELECT count(*) FROM snapshots");

    g_assert_cmpint(turn, ==, 3 * EVERY); /* keyframes at 4, 8, 12 */
    g_assert_cmpint(n, ==, 3);
    /* Byte 60 lies in the MAC (after the 48-byte header). */
    flip_byte(path, 60, TRUE);
    vouch(fixture, path);
    {
        g_autoptr(Session) keyed = open_with(fixture, path, "config");
        g_assert_cmpint(session_keyframe_turn(keyed), ==, 2 * EVERY); /* the one before */
        g_assert_cmpuint(session_keyframes_ignored(keyed), ==, 1);
    }
    flip_byte(path, 61, FALSE); /* every one now */
    vouch(fixture, path);
    assert_full_fold(fixture, path, 3);
}

/* @in through @converter, to its end (at most @cap bytes). */
static GBytes *convert(GConverter *converter, const guint8 *in, gsize size, gsize cap)
{
    guint8 *out = g_malloc(cap);
    gsize got = 0, put = 0;

    g_assert_cmpint(g_converter_convert(converter, in, size, out, cap, G_CONVERTER_INPUT_AT_END,
                                        &got, &put, NULL),
                    ==, G_CONVERTER_FINISHED);
    return g_bytes_new_take(out, put);
}

/* @blob with one cell of the player's memory forgotten in its payload,
 * deflated again, the header's sizes made to fit and the MAC kept: what a
 * forger without the key can make, and nothing but the MAC tells. */
static GBytes *forget_a_cell(const guint8 *blob, gsize size)
{
    g_autoptr(GZlibDecompressor) inflate = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW);
    g_autoptr(GZlibCompressor) deflate = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW, 6);
    guint32 raw_size, packed_size;
    g_autoptr(GBytes) raw = NULL, packed = NULL;
    guint8 *plain, *out;
    CavView *view;

    memcpy(&raw_size, blob + 40, 4);
    raw = convert(G_CONVERTER(inflate), blob + 80, size - 80, GUINT32_FROM_LE(raw_size));
    plain = g_bytes_unref_to_data(g_steal_pointer(&raw), &size);
    view = (CavView *) (plain + size - sizeof(CavView));
    for (guint cell = 0; cell < sizeof view->memory; cell++)
        if (((guint8 *) view->memory)[cell] != 0) {
            ((guint8 *) view->memory)[cell] = 0;
            break;
        }
    packed = convert(G_CONVERTER(deflate), plain, size, size + 1024);
    g_free(plain);
    out = g_malloc(80 + g_bytes_get_size(packed));
    memcpy(out, blob, 80);
    packed_size = GUINT32_TO_LE((guint32) g_bytes_get_size(packed));
    memcpy(out + 20, &packed_size, 4);
    memcpy(out + 80, g_bytes_get_data(packed, NULL), g_bytes_get_size(packed));
    return g_bytes_new_take(out, 80 + g_bytes_get_size(packed));
}

static void forge_keyframes(const char *path)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *read = NULL, *write = NULL;

    g_assert_cmpint(sqlite3_open(path, &db), ==, SQLITE_OK);
    sqlite3_prepare_v2(db, "SELECT seq, state FROM snapshots", -1, &read, NULL);
    sqlite3_prepare_v2(db, "UPDATE snapshots SET state = ? WHERE seq = ?", -1, &write, NULL);
    while (sqlite3_step(read) == SQLITE_ROW) {
        g_autoptr(GBytes) forged =
            forget_a_cell(sqlite3_column_blob(read, 1), (gsize) sqlite3_column_bytes(read, 1));
        sqlite3_bind_blob(write, 1, g_bytes_get_data(forged, NULL), (int) g_bytes_get_size(forged),
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(write, 2, sqlite3_column_int64(read, 0));
        g_assert_cmpint(sqlite3_step(write), ==, SQLITE_DONE);
        sqlite3_reset(write);
    }
    sqlite3_finalize(read);
    sqlite3_finalize(write);
    sqlite3_close(db);
}

/* A keyframe whose state and view were changed, its MAC kept. */
static void test_ignored_forged(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");

    make_game(fixture, path, 4242, 2 * EVERY);
    forge_keyframes(path);
    vouch(fixture, path);
    assert_full_fold(fixture, path, 2);
}

static void test_ignored_altered_blob(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");

    make_game(fixture, path, 4242, 2 * EVERY);
    /* One byte of the deflated state changed, the MAC kept. */
    flip_byte(path, 100, FALSE);
    vouch(fixture, path);
    assert_full_fold(fixture, path, 2);
}

/* Another game, played alike to the very same states but made at another
 * time: its keyframes, moved into this file, are not this game's. */
static void test_ignored_other_game(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path_a = tmp_path(fixture, "a.cavelog");
    g_autofree char *path_b = tmp_path(fixture, "b.cavelog");
    g_autofree char *move = NULL;
    g_autoptr(Session) b = NULL;

    make_game(fixture, path_a, 4242, 2 * EVERY);
    make_game(fixture, path_b, 4242, 0);
    sql(path_b, "UPDATE game SET created = '2001-01-01T00:00:00Z'");
    b = session_resume(path_b, NULL, NULL);
    session_set_keyframe_every(b, EVERY);
    play_to(b, 2 * EVERY);
    g_clear_pointer(&b, session_free);
    g_assert_cmpint(file_int(path_b, "SELECT count(*) FROM snapshots"), ==, 2);
    /* The same events: only the game's identity tells them apart. */
    g_assert_cmpint(file_int(path_a, "SELECT max(seq) FROM snapshots"), ==,
                    file_int(path_b, "SELECT max(seq) FROM snapshots"));
    g_assert_cmpint(assert_resumes_alike(fixture, path_b), ==, 2 * EVERY);
    move = g_strdup_printf("ATTACH '%s' AS b; DELETE FROM snapshots;"
                           " INSERT INTO snapshots SELECT * FROM b.snapshots;",
                           path_b);
    sql(path_a, move);
    vouch(fixture, path_a);
    assert_full_fold(fixture, path_a, 2);
}

/* Keyframes sealed by another installation's key. */
static void test_ignored_foreign_key(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autoptr(Session) foreign = NULL;

    use_config(fixture, "stranger");
    foreign = keyed_game(path, 4242);
    play_to(foreign, 2 * EVERY);
    g_clear_pointer(&foreign, session_free);
    g_assert_cmpint(file_int(path, "SELECT count(*) FROM snapshots"), ==, 2);
    use_config(fixture, "config");
    {
        SealKey key;
        g_assert_true(seal_load_key(&key, TRUE, NULL)); /* this installation has a key */
    }
    /* Not sealed here: folded whole. */
    g_assert_cmpint(seal_level(path), ==, SEAL_NONE);
    vouch(fixture, path); /* even so, the keyframes are another key's */
    assert_full_fold(fixture, path, 2);
}

/* Rows no cavelog writes: blobs too short, zeros, a magic alone, noise. */
static void test_ignored_garbage(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");

    make_game(fixture, path, 4242, EVERY);
    sql(path, "UPDATE snapshots SET state = zeroblob(80)");
    sql(path, "INSERT INTO snapshots VALUES (1, x'00'), (2, zeroblob(100000)), (3, x'4341564b'),"
              " (-5, randomblob(90))");
    vouch(fixture, path);
    assert_full_fold(fixture, path, 5);
}

/* ---- /keyframe/key/… ------------------------------------------------------------- */

/* Made on first need, 32 bytes of mode 0600 in a folder of 0700. */
static void test_key_made(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autofree char *key = NULL;
    GStatBuf st;

    make_game(fixture, path, 4242, EVERY - 1);
    use_config(fixture, "config");
    key = seal_key_path();
    g_assert_false(g_file_test(key, G_FILE_TEST_EXISTS)); /* no keyframe yet, no key */
    g_unlink(path);
    make_game(fixture, path, 4242, EVERY);
    g_assert_cmpint(g_stat(key, &st), ==, 0);
    g_assert_cmpint(st.st_size, ==, SEAL_KEY_BYTES);
    g_assert_cmpint(st.st_mode & 0777, ==, 0600);
    {
        g_autofree char *dir = g_path_get_dirname(key);
        g_assert_cmpint(g_stat(dir, &st), ==, 0);
        g_assert_cmpint(st.st_mode & 0777, ==, 0700);
    }
    g_assert_cmpint(assert_resumes_alike(fixture, path), ==, EVERY);
    /* A key others may read is no secret: not used. */
    g_assert_cmpint(g_chmod(key, 0644), ==, 0);
    assert_full_fold(fixture, path, 0);
}

/* A key of an earlier build, in the config folder, is moved to the state
 * folder the first time it is wanted: the same 32 bytes, none left behind. */
static void test_key_moved(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *config = tmp_path(fixture, "cfg");
    g_autofree char *state = tmp_path(fixture, "state");
    g_autofree char *old_dir = g_build_filename(config, "cavelog", NULL);
    g_autofree char *old = g_build_filename(old_dir, "key", NULL);
    g_autofree char *moved = NULL;
    g_autofree char *bytes = NULL;
    gsize len = 0;
    SealKey key;
    const char secret[] = "0123456789abcdef0123456789abcdef";

    g_setenv("XDG_CONFIG_HOME", config, TRUE);
    g_setenv("XDG_STATE_HOME", state, TRUE);
    g_assert_cmpint(g_mkdir_with_parents(old_dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents_full(old, secret, SEAL_KEY_BYTES, G_FILE_SET_CONTENTS_NONE,
                                           0600, NULL));
    g_assert_true(seal_load_key(&key, FALSE, NULL));
    g_assert_true(memcmp(key.bytes, secret, SEAL_KEY_BYTES) == 0);
    g_assert_false(g_file_test(old, G_FILE_TEST_EXISTS));
    moved = seal_key_path();
    g_assert_true(g_str_has_prefix(moved, state));
    g_assert_true(g_file_get_contents(moved, &bytes, &len, NULL));
    g_assert_cmpuint(len, ==, SEAL_KEY_BYTES);
    g_assert_true(memcmp(bytes, secret, SEAL_KEY_BYTES) == 0);
}

/* No key can be made: the game is played and saved all the same, without
 * keyframes, and the problem is told once. */
static void test_key_unwritable(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autofree char *blocker = tmp_path(fixture, "blocker");
    g_autofree char *config = g_build_filename(blocker, "config", NULL);
    g_autoptr(Session) session = NULL;
    g_autoptr(GError) error = NULL;

    /* A file where the folder would go: even root cannot make it. */
    g_assert_true(g_file_set_contents(blocker, "", 0, NULL));
    g_setenv("XDG_CONFIG_HOME", config, TRUE);
    g_setenv("XDG_STATE_HOME", config, TRUE);
    session = keyed_game(path, 4242);
    g_assert_cmpint(play_to(session, 3 * EVERY), ==, 3 * EVERY);
    g_assert_nonnull(session_keyframe_problem(session));
    g_assert_nonnull(strstr(session_keyframe_problem(session), "key"));
    g_clear_pointer(&session, session_free);
    g_assert_cmpint(file_int(path, "SELECT count(*) FROM snapshots"), ==, 0);
    g_assert_cmpint(file_int(path, "SELECT max(turn) FROM turns"), ==, 3 * EVERY);
    session = session_resume(path, NULL, &error);
    g_assert_no_error(error);
    g_assert_cmpint(session_state(session)->turn, ==, 3 * EVERY);
}

/* ---- readers, verify, deserialising ----------------------------------------------- */

static char *file_sum(const char *path)
{
    g_autofree char *contents = NULL;
    gsize size;

    g_assert_true(g_file_get_contents(path, &contents, &size, NULL));
    return g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *) contents, size);
}

/* Opening from a keyframe writes nothing to the file. */
static void test_reader_writes_nothing(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autofree char *before = NULL, *after = NULL;

    make_game(fixture, path, 4242, 2 * EVERY + 1);
    before = file_sum(path);
    {
        g_autoptr(Session) keyed = open_with(fixture, path, "config");
        g_assert_cmpint(session_keyframe_turn(keyed), ==, 2 * EVERY);
    }
    after = file_sum(path);
    g_assert_cmpstr(before, ==, after);
}

/* A keyframe proves its own state, never the events before it: a history
 * edited before the newest keyframe (the file no longer as this
 * installation sealed it) is folded whole on resume, and refused there as
 * verify refuses it. */
static void test_verify_folds_everything(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = tmp_path(fixture, "game.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(Session) keyed = NULL;

    make_game(fixture, path, 4242, 2 * EVERY + 1);
    sql(path, "UPDATE turns SET digest = '0000000000000001' WHERE turn = 1");
    use_config(fixture, "config");
    keyed = session_open(path, NULL, &error);
    g_assert_null(keyed);
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_nonnull(strstr(error->message, "turn 1"));
    g_clear_error(&error);
    store = store_open(path, FALSE, &error);
    g_assert_no_error(error);
    g_assert_false(checks_fold(store, game, NULL, NULL, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_nonnull(strstr(error->message, "turn 1"));
}

/* state_restore_checked refuses what state_snapshot could not have made. */
static void test_restore_checked(void)
{
    g_autofree CavState *state = state_new();
    g_autofree CavState *into = state_new();
    g_autoptr(GBytes) snapshot = NULL;
    g_autofree guint8 *bytes = NULL;
    gsize size;
    gint32 huge = CAV_CREATURES_MAX + 1;

    state->creature_count = 3;
    state->turn = 17;
    snapshot = state_snapshot(state);
    g_bytes_get_data(snapshot, &size);
    bytes = g_memdup2(g_bytes_get_data(snapshot, NULL), size);
    g_assert_false(state_restore_checked(into, bytes, 10));
    g_assert_false(state_restore_checked(into, bytes, size - 1));
    g_assert_cmpint(into->turn, ==, 0); /* untouched */
    memcpy(bytes + G_STRUCT_OFFSET(CavState, creature_count), &huge, sizeof huge);
    g_assert_false(state_restore_checked(into, bytes, size));
    huge = -1;
    memcpy(bytes + G_STRUCT_OFFSET(CavState, creature_count), &huge, sizeof huge);
    g_assert_false(state_restore_checked(into, bytes, size));
    g_assert_true(state_restore_checked(into, g_bytes_get_data(snapshot, NULL), size));
    g_assert_cmpint(into->turn, ==, 17);
    g_assert_cmphex(state_digest_full(into), ==, state_digest_full(state));
}

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *data_home = g_dir_make_tmp("cavelog-keyframe-data-XXXXXX", &error);
    int status;

    g_assert_no_error(error);
    g_setenv("XDG_DATA_HOME", data_home, TRUE);
    g_test_init(&argc, &argv, NULL);

#define ADD(path, func) g_test_add(path, TmpDir, NULL, tmp_dir_setup, func, tmp_dir_teardown)
    ADD("/keyframe/resume/equals-full-fold", test_resume_equals_full_fold);
    ADD("/keyframe/resume/equals-uninterrupted", test_resume_equals_uninterrupted);
    ADD("/keyframe/ignored/wrong-mac", test_ignored_wrong_mac);
    ADD("/keyframe/ignored/altered-blob", test_ignored_altered_blob);
    ADD("/keyframe/ignored/forged", test_ignored_forged);
    ADD("/keyframe/ignored/other-game", test_ignored_other_game);
    ADD("/keyframe/ignored/foreign-key", test_ignored_foreign_key);
    ADD("/keyframe/ignored/garbage", test_ignored_garbage);
    ADD("/keyframe/key/made", test_key_made);
    ADD("/keyframe/key/unwritable", test_key_unwritable);
    ADD("/keyframe/key/moved", test_key_moved);
    ADD("/keyframe/reader-writes-nothing", test_reader_writes_nothing);
    ADD("/keyframe/verify-folds-everything", test_verify_folds_everything);
#undef ADD
    g_test_add_func("/keyframe/restore-checked", test_restore_checked);
    status = g_test_run();
    remove_tree(data_home);
    return status;
}
