/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pack.c — packs (history/pack.h) and compressed games (store/copies.h):
 * unpack(pack(g)) is g, row for row, on the golden recordings and on a fork
 * with bookmarks; a pack that does not rebuild is refused naming its first
 * wrong turn and leaves no file; hostile packs (truncated, bit-flipped,
 * counts out of bounds, another format or release) are refused; and every
 * reader opens a pack and a .cavelog.gz as the game itself, leaving no copy
 * behind. The verbs are run as the real program ($CAVELOG_BIN). */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "bookmarks.h"
#include "checks.h"
#include "copies.h"
#include "fork.h"
#include "history.h"
#include "pack.h"
#include "testutil.h"
#include "tmux.h"

/* The private temporary folder of this run (TMPDIR), where copies go. */
static char *private_tmp;

/* The copies left in the temporary folder (copies.c names their folders). */
static guint copies_left(void)
{
    g_autoptr(GDir) dir = g_dir_open(private_tmp, 0, NULL);
    const char *name;
    guint left = 0;

    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL)
        left += g_str_has_prefix(name, "cavelog-copy-");
    return left;
}

static char *golden_gz(const char *name)
{
    g_autofree char *gz = g_strdup_printf("%s.cavelog.gz", name);

    return g_test_build_filename(G_TEST_DIST, "golden", gz, NULL);
}

/* Golden recording @name gunzipped into the fixture's folder. */
static char *golden_file(const TmpDir *fixture, const char *name)
{
    g_autofree char *gz = golden_gz(name);
    g_autofree char *file = g_strdup_printf("%s.cavelog", name);
    char *path = tmp_path(fixture, file);

    gunzip_file(gz, path);
    return path;
}

/* The pack of the game at @game, written to @out; its size. */
static gsize pack_file(const char *game, const char *out)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(game, FALSE, &error);
    g_autoptr(Pack) pack = NULL;
    gsize size = 0;

    g_assert_no_error(error);
    pack = pack_from_store(store, &error);
    g_assert_no_error(error);
    g_assert_true(pack_save(pack, out, &size, &error));
    g_assert_no_error(error);
    return size;
}

/* The rows @sql gives on the game file @path, as one text. */
static char *file_rows(const char *path, const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    GString *rows = g_string_new(NULL);

    g_assert_cmpint(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(stmt); c++)
            g_string_append_printf(rows, "%s|", (const char *) sqlite3_column_text(stmt, c));
        g_string_append_c(rows, '\n');
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return g_string_free(rows, FALSE);
}

/* @a and @b hold the same game: events, turns (commands, digests), game
 * row, data, bookmarks and lineage, row for row. */
static void assert_same_game(const char *a, const char *b)
{
    static const char *const queries[] = {
        "SELECT seq, turn, type, version, cause, actor, payload FROM events ORDER BY seq",
        "SELECT turn, command, digest, first_seq, last_seq FROM turns ORDER BY turn",
        "SELECT seed, build, created, updated, player_name, outcome, cause, turns, depth, kills,"
        " score FROM game",
        "SELECT file, text FROM content ORDER BY file",
        "SELECT seq, note, created FROM bookmarks ORDER BY seq",
        "SELECT parent_file, parent_seed, parent_created, parent_digest, turn FROM lineage",
    };

    for (guint i = 0; i < G_N_ELEMENTS(queries); i++) {
        g_autofree char *x = file_rows(a, queries[i]);
        g_autofree char *y = file_rows(b, queries[i]);
        g_assert_cmpstr(x, ==, y);
    }
    g_assert_cmpint(file_int(b, "SELECT count(*) FROM events"), >, 0);
}

/* Pack @game, unpack it beside, and compare. */
static void round_trip(const TmpDir *fixture, const char *game)
{
    g_autofree char *pack = g_strconcat(game, ".cavepack", NULL);
    g_autofree char *back = tmp_path(fixture, "back.cavelog");
    g_autoptr(GError) error = NULL;
    PackCounts counts;

    pack_file(game, pack);
    g_assert_true(pack_unpack(pack, back, &counts, &error));
    g_assert_no_error(error);
    g_assert_cmpint(counts.turns, ==, file_int(game, "SELECT max(turn) FROM turns"));
    g_assert_cmpint(counts.events, ==, file_int(game, "SELECT count(*) FROM events"));
    assert_same_game(game, back);
    g_unlink(back);
}

/* ---- /pack/round-trip ----------------------------------------------------- */

static void test_round_trip_golden(TmpDir *fixture, gconstpointer data)
{
    static const char *const names[] = {"seed-23", "seed-44", "seed-45"};

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *game = golden_file(fixture, names[i]);
        round_trip(fixture, game);
    }
}

/* A fork (its lineage) with bookmarks, their notes and times, comes back. */
static void test_round_trip_fork(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *parent = golden_file(fixture, "seed-45");
    g_autofree char *fork = tmp_path(fixture, "fork.cavelog");
    g_autoptr(GError) error = NULL;

    g_assert_true(fork_game(parent, 12, fork, NULL, &error));
    g_assert_no_error(error);
    {
        g_autoptr(Store) store = store_open(fork, FALSE, &error);
        g_assert_no_error(error);
        g_assert_true(bookmarks_add(store, 3, "the first row", &error));
        g_assert_true(bookmarks_add(store, 40, "a goblin ahead", &error));
        g_assert_no_error(error);
    }
    g_assert_cmpint(file_int(fork, "SELECT count(*) FROM bookmarks"), ==, 2);
    g_assert_cmpint(file_int(fork, "SELECT count(*) FROM lineage"), ==, 1);
    round_trip(fixture, fork);
}

/* ---- /pack/size ------------------------------------------------------------ */

/* A bot game of 2,000 turns and more packs into at most 1/50 of its file. */
static void test_size(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = golden_file(fixture, "seed-44");
    g_autofree char *pack = tmp_path(fixture, "seed-44.cavepack");
    g_autoptr(GMappedFile) file = g_mapped_file_new(game, FALSE, NULL);
    gsize size = pack_file(game, pack);

    g_assert_cmpint(file_int(game, "SELECT max(turn) FROM turns"), >=, 2000);
    g_test_message("a %zu-byte game packs into %zu bytes", g_mapped_file_get_length(file), size);
    g_assert_cmpuint(size * 50, <=, g_mapped_file_get_length(file));
}

/* ---- /pack/refuse ---------------------------------------------------------- */

/* The pack of golden seed-45, decoded. */
static Pack *golden_pack(const TmpDir *fixture)
{
    g_autofree char *game = golden_file(fixture, "seed-45");
    g_autofree char *path = tmp_path(fixture, "seed-45.cavepack");
    g_autoptr(GError) error = NULL;
    g_autoptr(GMappedFile) file = NULL;
    Pack *pack;

    pack_file(game, path);
    file = g_mapped_file_new(path, FALSE, &error);
    g_assert_no_error(error);
    pack = pack_decode((const guint8 *) g_mapped_file_get_contents(file),
                       g_mapped_file_get_length(file), path, &error);
    g_assert_no_error(error);
    g_unlink(path);
    return pack;
}

/* Unpacking the bytes @bytes fails with a message holding @words, and no
 * file (nor any part of one) is left. */
static void assert_refused_bytes(const TmpDir *fixture, GBytes *bytes, const char *words)
{
    g_autofree char *path = tmp_path(fixture, "bad.cavepack");
    g_autofree char *out = tmp_path(fixture, "bad.cavelog");
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) dir = NULL;
    PackCounts counts;
    const char *name;

    g_assert_true(g_file_set_contents(path, g_bytes_get_data(bytes, NULL),
                                      (gssize) g_bytes_get_size(bytes), NULL));
    g_assert_false(pack_unpack(path, out, &counts, &error));
    g_assert_nonnull(error);
    g_test_message("%s", error->message);
    g_assert_nonnull(strstr(error->message, words));
    g_assert_true(g_str_has_prefix(error->message, path));
    dir = g_dir_open(fixture->dir, 0, NULL);
    while ((name = g_dir_read_name(dir)) != NULL)
        g_assert_false(g_str_has_prefix(name, "bad.cavelog"));
    g_unlink(path);
}

static void assert_refused(const TmpDir *fixture, const Pack *pack, const char *words)
{
    g_autoptr(GBytes) bytes = pack_encode(pack);

    assert_refused_bytes(fixture, bytes, words);
}

/* A digest that the re-run does not reach names its turn. */
static void test_refuse_digest(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);

    g_array_index(pack->digests, guint64, 7) ^= 1;
    assert_refused(fixture, pack, "turn 7 (");
}

/* Another command in a turn: that turn is the first to differ. */
static void test_refuse_command(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    char **commands = (char **) pack->commands->pdata;
    guint other = 2;

    while (strcmp(commands[other], commands[3]) == 0)
        other++;
    g_free(commands[3]);
    commands[3] = g_strdup(commands[other]);
    assert_refused(fixture, pack, "turn 3 (");
}

/* A turn that made another number of events is named too. */
static void test_refuse_events(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);

    g_array_index(pack->events, guint32, 5) += 1;
    assert_refused(fixture, pack, "turn 5 (");
}

/* A pack of another release is refused, naming it; a game file of another
 * release is not packed. */
static void test_refuse_release(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    g_autofree char *old =
        g_test_build_filename(G_TEST_DIST, "data", "release-0.3.0-seed-8.cavelog.gz", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;

    g_free(pack->build);
    pack->build = g_strdup("0.3.0");
    assert_refused(fixture, pack, "rules of cavelog 0.3.0");
    store = store_open(old, FALSE, &error);
    g_assert_no_error(error);
    g_assert_null(pack_from_store(store, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_NEWER);
    g_assert_nonnull(strstr(error->message, "cavelog 0.3.0"));
    g_assert_nonnull(strstr(error->message, "not packed"));
}

/* ---- /pack/hostile --------------------------------------------------------- */

/* Decoding @bytes fails with a STORE_ERROR holding @words (NULL: any). */
static void assert_undecodable(GBytes *bytes, const char *words)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Pack) pack = pack_decode(g_bytes_get_data(bytes, NULL), g_bytes_get_size(bytes),
                                       "hostile.cavepack", &error);

    g_assert_null(pack);
    g_assert_nonnull(error);
    g_assert_true(error->domain == STORE_ERROR);
    if (words != NULL && strstr(error->message, words) == NULL)
        g_error("“%s” does not say “%s”", error->message, words);
}

/* Every cut of a pack is refused, and unpacking one leaves no file. */
static void test_hostile_truncated(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    g_autoptr(GBytes) whole = pack_encode(pack);
    gsize size = g_bytes_get_size(whole);

    for (gsize cut = 0; cut < size; cut += cut < 40 ? 1 : 61) {
        g_autoptr(GBytes) part = g_bytes_new_from_bytes(whole, 0, cut);
        assert_undecodable(part, NULL);
    }
    {
        g_autoptr(GBytes) half = g_bytes_new_from_bytes(whole, 0, size / 2);
        assert_refused_bytes(fixture, half, "damaged pack");
    }
}

/* A bit flipped anywhere is refused (the zlib stream's checksum, the
 * header, the form of the data). */
static void test_hostile_bitflip(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    g_autoptr(GBytes) whole = pack_encode(pack);
    gsize size = g_bytes_get_size(whole);

    for (gsize at = 0; at < size; at += at < 24 ? 1 : 7) {
        g_autofree guint8 *bytes = g_memdup2(g_bytes_get_data(whole, NULL), size);
        g_autoptr(GBytes) flipped = NULL;
        bytes[at] ^= (guint8) (1u << (at % 8));
        flipped = g_bytes_new(bytes, size);
        assert_undecodable(flipped, NULL);
    }
}

/* A pack file's header and @body compressed by zlib. */
static GBytes *raw_pack(guint32 format, const void *body, gsize size)
{
    g_autoptr(GByteArray) file = g_byte_array_new();
    g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1);
    g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data(body, (gssize) size, NULL);
    g_autoptr(GInputStream) packed = g_converter_input_stream_new(in, G_CONVERTER(zlib));
    guint8 buffer[65536];
    guint32 le = GUINT32_TO_LE(format);
    gssize got;

    g_byte_array_append(file, (const guint8 *) STORE_PACK_MAGIC, STORE_PACK_MAGIC_LEN);
    g_byte_array_append(file, (const guint8 *) &le, sizeof le);
    while ((got = g_input_stream_read(packed, buffer, sizeof buffer, NULL, NULL)) > 0)
        g_byte_array_append(file, buffer, (guint) got);
    return g_byte_array_free_to_bytes(g_steal_pointer(&file));
}

/* Formats and magic: a newer one says so, others are refused. */
static void test_hostile_version(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    g_autoptr(GBytes) whole = pack_encode(pack);
    gsize size = g_bytes_get_size(whole);
    g_autofree guint8 *bytes = g_memdup2(g_bytes_get_data(whole, NULL), size);
    g_autoptr(GBytes) newer = NULL;
    g_autoptr(GBytes) zero = NULL;
    g_autoptr(GBytes) sqlite = g_bytes_new_static("SQLite format 3\0\0\0\0\0", 20);

    bytes[STORE_PACK_MAGIC_LEN] = PACK_FORMAT + 1;
    newer = g_bytes_new(bytes, size);
    assert_undecodable(newer, "newer format (2)");
    bytes[STORE_PACK_MAGIC_LEN] = 0;
    zero = g_bytes_new(bytes, size);
    assert_undecodable(zero, "no pack format 0");
    assert_undecodable(sqlite, "not a cavelog pack");
}

/* Counts and texts out of bounds, data not in cavelog's form, a stream
 * that grows too far, a file too large: each refused before any use. */
static void test_hostile_counts(TmpDir *fixture, gconstpointer data)
{
    g_autoptr(Pack) pack = golden_pack(fixture);
    g_autofree char *long_command = g_strnfill(PACK_COMMAND_MAX + 1, 'x');
    gsize zeros_size = PACK_DATA_MAX + 1;
    g_autofree guint8 *zeros = g_malloc0(zeros_size);
    g_autoptr(GBytes) bomb = raw_pack(PACK_FORMAT, zeros, zeros_size);
    g_autoptr(GBytes) garbage = raw_pack(PACK_FORMAT, "\xff\xff\xff\xff\x01\x02\x03", 7);
    g_autoptr(GBytes) huge = g_bytes_new_take(g_malloc0(PACK_FILE_MAX + 1), PACK_FILE_MAX + 1);
    assert_undecodable(bomb, "grows past");
    assert_undecodable(garbage, "not in the form");
    assert_undecodable(huge, NULL);
    {
        g_autoptr(Pack) fewer = golden_pack(fixture);
        g_array_set_size(fewer->digests, fewer->digests->len - 1);
        g_autoptr(GBytes) bytes = pack_encode(fewer);
        assert_undecodable(bytes, "digests");
    }
    {
        g_array_index(pack->events, guint32, 2) = 0;
        g_autoptr(GBytes) bytes = pack_encode(pack);
        assert_undecodable(bytes, "turn 2");
        g_array_index(pack->events, guint32, 2) = PACK_TURN_EVENTS_MAX + 1;
        g_autoptr(GBytes) more = pack_encode(pack);
        assert_undecodable(more, "turn 2");
        g_array_index(pack->events, guint32, 2) = 1;
    }
    {
        g_autoptr(Pack) longer = golden_pack(fixture);
        g_free(g_ptr_array_index(longer->commands, 4));
        g_ptr_array_index(longer->commands, 4) = g_strdup(long_command);
        g_autoptr(GBytes) bytes = pack_encode(longer);
        assert_undecodable(bytes, "turn 4");
    }
    {
        g_autoptr(Pack) named = golden_pack(fixture);
        g_free(named->player_name);
        named->player_name = g_strdup("bot\x1b[31m");
        g_autoptr(GBytes) bytes = pack_encode(named);
        assert_undecodable(bytes, "name");
    }
    {
        g_autoptr(Pack) marked = golden_pack(fixture);
        Bookmark *mark = g_new0(Bookmark, 1);
        mark->seq = 1;
        mark->note = g_strnfill(BOOKMARK_NOTE_MAX + 1, 'n');
        mark->created = g_strdup("2026-11-28T00:00:00Z");
        g_ptr_array_add(marked->bookmarks, mark);
        g_autoptr(GBytes) bytes = pack_encode(marked);
        assert_undecodable(bytes, "bookmark 1");
    }
}

/* ---- /pack/readers --------------------------------------------------------- */

/* What the replay and the inspector open (history_open), on a pack and
 * on a .cavelog.gz: the whole game, and no copy left after. */
static void test_readers_history(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = golden_file(fixture, "seed-45");
    g_autofree char *pack = tmp_path(fixture, "seed-45.cavepack");
    g_autofree char *gz = golden_gz("seed-45");
    const char *paths[] = {pack, gz};
    gint64 events = file_int(game, "SELECT count(*) FROM events");

    pack_file(game, pack);
    for (guint i = 0; i < G_N_ELEMENTS(paths); i++) {
        g_autoptr(GError) error = NULL;
        History *history = history_open(paths[i], 0, &error);
        g_assert_no_error(error);
        g_assert_cmpint(history_length(history), ==, events);
        g_assert_cmpstr(history_path(history), ==, paths[i]);
        g_assert_cmpuint(copies_left(), ==, 1);
        history_free(history);
        g_assert_cmpuint(copies_left(), ==, 0);
    }
}

/* A compressed game is only read: no bookmark, no resume; the file is
 * left as it was. */
static void test_readers_read_only(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *source = golden_gz("seed-45");
    g_autofree char *gz = tmp_path(fixture, "seed-45.cavelog.gz");
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    g_autoptr(GError) error = NULL;
    gsize size;

    g_assert_true(g_file_get_contents(source, &before, &size, NULL));
    g_assert_true(g_file_set_contents(gz, before, (gssize) size, NULL));
    {
        g_autoptr(Store) store = store_open(gz, FALSE, &error);
        g_assert_no_error(error);
        g_assert_false(bookmarks_add(store, 3, "a note", &error));
        g_assert_nonnull(strstr(error->message, "only read"));
        g_clear_error(&error);
    }
    {
        g_autoptr(Session) session = session_open(gz, NULL, &error);
        g_assert_no_error(error);
        g_assert_false(session_make_writable(session, &error));
        g_assert_nonnull(strstr(error->message, "only read"));
        g_clear_error(&error);
    }
    g_assert_null(store_open(gz, TRUE, &error)); /* never written */
    g_clear_error(&error);
    g_assert_true(g_file_get_contents(gz, &after, NULL, NULL));
    g_assert_true(memcmp(before, after, size) == 0);
    g_assert_cmpuint(copies_left(), ==, 0);
}

/* A compressed game that grows past the limit, or is cut short, is
 * refused by name; no copy is left. */
static void test_readers_gz_hostile(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *source = golden_gz("seed-45");
    g_autofree char *cut = tmp_path(fixture, "cut.cavelog.gz");
    g_autofree char *bytes = NULL;
    g_autoptr(GError) error = NULL;
    gsize size;

    store_set_copy_limit(100000);
    g_assert_null(store_open(source, FALSE, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_CORRUPT);
    g_assert_nonnull(strstr(error->message, "grows past"));
    g_assert_true(g_str_has_prefix(error->message, source));
    g_clear_error(&error);
    store_set_copy_limit(0);
    g_assert_true(g_file_get_contents(source, &bytes, &size, NULL));
    g_assert_true(g_file_set_contents(cut, bytes, (gssize) size / 2, NULL));
    g_assert_null(store_open(cut, FALSE, &error));
    g_assert_nonnull(strstr(error->message, "damaged gzip"));
    g_assert_true(g_str_has_prefix(error->message, cut));
    g_assert_cmpuint(copies_left(), ==, 0);
}

/* A copy left by a reader that was killed (its process gone) is removed
 * by the next copy made; one of a live process is left alone. */
static void test_readers_dead_copies(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *gz = golden_gz("seed-45");
    const char *true_argv[] = {"true", NULL};
    g_autoptr(GError) error = NULL;
    GPid dead;
    int status;
    g_autofree char *dead_dir = NULL;
    g_autofree char *live_dir = NULL;
    g_autofree char *dead_file = NULL;

    g_assert_true(g_spawn_async(NULL, (char **) true_argv, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &dead,
                                &error));
    g_assert_cmpint(waitpid(dead, &status, 0), ==, dead); /* gone */
    dead_dir = g_strdup_printf("%s/cavelog-copy-%d-ABCDEF", private_tmp, (int) dead);
    live_dir = g_strdup_printf("%s/cavelog-copy-%d-ABCDEF", private_tmp, (int) getppid());
    dead_file = g_build_filename(dead_dir, "left.cavelog", NULL);
    g_assert_cmpint(g_mkdir(dead_dir, 0700), ==, 0);
    g_assert_cmpint(g_mkdir(live_dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(dead_file, "x", 1, NULL));
    {
        g_autoptr(Store) store = store_open(gz, FALSE, &error);
        g_assert_no_error(error);
    }
    g_assert_false(g_file_test(dead_dir, G_FILE_TEST_EXISTS));
    g_assert_true(g_file_test(live_dir, G_FILE_TEST_IS_DIR));
    g_rmdir(live_dir);
    g_assert_cmpuint(copies_left(), ==, 0);
}

/* ---- /pack/cli ------------------------------------------------------------- */

typedef struct {
    int status;
    char *out, *err;
} Run;

static void run_clear(Run *run)
{
    g_free(run->out);
    g_free(run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Run, run_clear)

/* Run `cavelog ARGS…` with TMPDIR the private one and games under @dir. */
static void run_cavelog(Run *run, const char *dir, const char *const *args)
{
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    g_auto(GStrv) env = g_environ_setenv(g_get_environ(), "XDG_DATA_HOME", dir, TRUE);
    g_autoptr(GError) error = NULL;
    int status = 0;

    env = g_environ_setenv(env, "TMPDIR", private_tmp, TRUE);
    g_ptr_array_add(argv, (gpointer) g_getenv("CAVELOG_BIN"));
    for (guint i = 0; args[i] != NULL; i++)
        g_ptr_array_add(argv, (gpointer) args[i]);
    g_ptr_array_add(argv, NULL);
    *run = (Run){0};
    g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &status, &error));
    g_assert_no_error(error);
    run->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static gboolean have_cavelog(void)
{
    const char *bin = g_getenv("CAVELOG_BIN");

    if (bin != NULL && g_file_test(bin, G_FILE_TEST_IS_EXECUTABLE))
        return TRUE;
    g_test_skip("CAVELOG_BIN is not set to the cavelog program");
    return FALSE;
}

/* pack and unpack say what they wrote; unpack never writes over a file
 * and, for a pack that does not rebuild, names the turn and leaves none. */
static void test_cli_pack_unpack(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = golden_file(fixture, "seed-44");
    g_autofree char *pack = tmp_path(fixture, "seed-44.cavepack");
    g_autofree char *back = tmp_path(fixture, "back.cavelog");
    g_autofree char *bad = tmp_path(fixture, "bad.cavepack");
    g_autofree char *bad_out = tmp_path(fixture, "bad.cavelog");
    g_autofree char *expected = NULL;
    g_autoptr(GRegex) said = g_regex_new(
        "^cavelog pack: wrote .*seed-44\\.cavepack \\([0-9]+ KB, 1/[0-9]+ of the game\\)\n$", 0, 0,
        NULL);
    g_auto(Run) packed, unpacked, again, refused;

    if (!have_cavelog())
        return;
    run_cavelog(&packed, fixture->dir, (const char *const[]){"pack", game, NULL});
    g_assert_cmpint(packed.status, ==, 0);
    g_assert_true(g_regex_match(said, packed.out, 0, NULL));
    g_assert_true(g_file_test(pack, G_FILE_TEST_IS_REGULAR));
    run_cavelog(&unpacked, fixture->dir, (const char *const[]){"unpack", pack, "-o", back, NULL});
    g_assert_cmpint(unpacked.status, ==, 0);
    expected = g_strdup_printf("cavelog unpack: wrote %s (2081 turns, 32226 events; every turn's "
                               "digest matches)\n",
                               back);
    g_assert_cmpstr(unpacked.out, ==, expected);
    assert_same_game(game, back);
    run_cavelog(&again, fixture->dir, (const char *const[]){"unpack", pack, "-o", back, NULL});
    g_assert_cmpint(again.status, ==, 1);
    g_assert_nonnull(strstr(again.err, "already exists"));
    {
        g_autoptr(Pack) spoilt = golden_pack(fixture);
        g_autoptr(GBytes) bytes = NULL;
        g_array_index(spoilt->digests, guint64, 9) ^= 4;
        bytes = pack_encode(spoilt);
        g_assert_true(g_file_set_contents(bad, g_bytes_get_data(bytes, NULL),
                                          (gssize) g_bytes_get_size(bytes), NULL));
    }
    run_cavelog(&refused, fixture->dir, (const char *const[]){"unpack", bad, NULL});
    g_assert_cmpint(refused.status, ==, 1);
    g_assert_nonnull(strstr(refused.err, "turn 9 ("));
    g_assert_false(g_file_test(bad_out, G_FILE_TEST_EXISTS));
}

/* In the child: files may grow to *@data bytes, and a write past that
 * fails (EFBIG) instead of killing the process (SIGXFSZ ignored). */
static void limit_file_size(gpointer data)
{
    struct rlimit limit = {.rlim_cur = *(rlim_t *) data, .rlim_max = *(rlim_t *) data};

    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &limit);
}

/* unpack onto a disk that fills (a file-size limit from 8 KiB up): each
 * either writes the game whole or fails in one line that names OUT (not
 * its .part) and leaves nothing in OUT's folder. Some must fail. */
static void test_cli_unpack_full_disk(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = golden_file(fixture, "seed-45");
    g_autofree char *pack = tmp_path(fixture, "seed-45.cavepack");
    g_autofree char *dir = tmp_path(fixture, "out");
    g_autofree char *out = g_build_filename(dir, "x.cavelog", NULL);
    const char *argv[] = {g_getenv("CAVELOG_BIN"), "unpack", pack, "-o", out, NULL};
    guint failed = 0;

    if (!have_cavelog())
        return;
    pack_file(game, pack);
    g_assert_cmpint(g_mkdir(dir, 0700), ==, 0);
    for (rlim_t size = 8192; size <= 2 * 1024 * 1024; size *= 2) {
        g_autofree char *err = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(GDir) folder = NULL;
        const char *name;
        int status = 0;
        guint files = 0;

        g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                                   limit_file_size, &size, NULL, &err, &status, &error));
        g_assert_no_error(error);
        g_test_message("limit %lu: status %d, %s", (unsigned long) size, status, err);
        g_assert_true(WIFEXITED(status));
        folder = g_dir_open(dir, 0, NULL);
        while ((name = g_dir_read_name(folder)) != NULL)
            files++;
        if (WEXITSTATUS(status) == 0) {
            g_assert_cmpuint(files, ==, 1);
            g_assert_true(g_file_test(out, G_FILE_TEST_IS_REGULAR));
            g_unlink(out);
            continue;
        }
        failed++;
        g_assert_cmpuint(files, ==, 0);
        g_assert_true(g_str_has_prefix(err, "cavelog: "));
        g_assert_nonnull(strstr(err, "x.cavelog: "));
        g_assert_null(strstr(err, ".part"));
        g_assert_true(strchr(err, '\n') == err + strlen(err) - 1);
    }
    g_assert_cmpuint(failed, >, 0);
}

/* Each reader verb opens a pack and a .cavelog.gz as the game itself, and
 * leaves no copy behind. */
static void test_cli_readers(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *game = golden_file(fixture, "seed-45");
    g_autofree char *pack = tmp_path(fixture, "seed-45.cavepack");
    g_autofree char *folder = tmp_path(fixture, "folder");
    g_autofree char *gz_in_folder = g_build_filename(folder, "seed-45.cavelog.gz", NULL);
    g_autofree char *gz = golden_gz("seed-45");
    g_autofree char *gz_bytes = NULL;
    gsize gz_size;
    const char *files[] = {pack, gz};

    if (!have_cavelog())
        return;
    pack_file(game, pack);
    g_assert_cmpint(g_mkdir(folder, 0700), ==, 0);
    g_assert_true(g_file_get_contents(gz, &gz_bytes, &gz_size, NULL));
    g_assert_true(g_file_set_contents(gz_in_folder, gz_bytes, (gssize) gz_size, NULL));
    for (guint i = 0; i < G_N_ELEMENTS(files); i++) {
        g_auto(Run) events, verify, morgue;
        run_cavelog(&events, fixture->dir, (const char *const[]){"events", files[i], NULL});
        g_assert_cmpint(events.status, ==, 0);
        g_assert_nonnull(strstr(events.out, "GameLost"));
        run_cavelog(&verify, fixture->dir, (const char *const[]){"verify", files[i], NULL});
        g_assert_cmpint(verify.status, ==, 0);
        /* seed-45 ends on turn 24 ("turn 24 of 24" below): verify counts
         * turns as list and the morgue do, not the start as one more */
        g_assert_nonnull(strstr(verify.out, ": ok — 24 turns, 1122 events"));
        run_cavelog(&morgue, fixture->dir,
                    (const char *const[]){"morgue", files[i], "--output", "-", NULL});
        g_assert_cmpint(morgue.status, ==, 0);
        g_assert_nonnull(strstr(morgue.out, "Seed 45"));
        g_assert_cmpuint(copies_left(), ==, 0);
    }
    {
        g_auto(Run) scores, stats, list;
        run_cavelog(&scores, fixture->dir, (const char *const[]){"scores", folder, NULL});
        g_assert_cmpint(scores.status, ==, 0);
        g_assert_nonnull(strstr(scores.out, "seed-45.cavelog.gz"));
        g_assert_null(strstr(scores.out, "unreadable"));
        run_cavelog(&stats, fixture->dir, (const char *const[]){"stats", folder, NULL});
        g_assert_cmpint(stats.status, ==, 0);
        g_assert_nonnull(strstr(stats.out, "Games: 1 (0 won, 1 lost"));
        run_cavelog(&list, fixture->dir, (const char *const[]){"list", "--check", folder, NULL});
        g_assert_cmpint(list.status, ==, 0);
        g_assert_nonnull(strstr(list.out, "(checked)"));
    }
    g_assert_cmpuint(copies_left(), ==, 0);
}

/* `cavelog replay` on a pack and on a .cavelog.gz: the game's turns, and
 * the bookmark key says the copy is only read; no copy left after. */
static void replay_set_up(TmuxGame *g, gconstpointer data)
{
    tmux_game_set_up(g, "pack");
}

static void replay_tear_down(TmuxGame *g, gconstpointer data)
{
    tmux_game_tear_down(g);
}

static void test_cli_replay(TmuxGame *g, gconstpointer data)
{
    g_autofree char *gz = golden_gz("seed-45");
    g_autofree char *game = NULL;
    g_autofree char *pack = NULL;
    const char *files[2];

    if (TMUX_GAME_SKIPPED(g))
        return;
    game = g_build_filename(g->dir, "seed-45.cavelog", NULL);
    pack = g_build_filename(g->dir, "seed-45.cavepack", NULL);
    gunzip_file(gz, game);
    pack_file(game, pack);
    files[0] = pack;
    files[1] = gz;
    for (guint i = 0; i < G_N_ELEMENTS(files); i++) {
        g_autofree char *quoted = g_shell_quote(files[i]);
        g_autofree char *arguments = g_strdup_printf("replay %s", quoted);
        g_autofree char *run = tmux_game_command(g, arguments);
        g_autofree char *command = g_strdup_printf(
            "TMPDIR=%s %s; echo REPLAY-EXITED status=$?; sleep 60", private_tmp, run);
        tmux_start(&g->tmux, 150, 40, command); /* room for the whole refusal */
        g_free(tmux_wait_for(&g->tmux, "turn 0 of 24"));
        tmux_send_named_key(&g->tmux, "End");
        g_free(tmux_wait_for(&g->tmux, "turn 24 of 24"));
        tmux_send_text(&g->tmux, "b");
        g_free(tmux_wait_for(&g->tmux, "note:"));
        tmux_send_text(&g->tmux, "seen");
        tmux_send_named_key(&g->tmux, "Enter");
        g_free(tmux_wait_for(&g->tmux, "only read"));
        tmux_send_text(&g->tmux, "q");
        g_free(tmux_wait_for(&g->tmux, "REPLAY-EXITED status=0"));
        tmux_stop(&g->tmux);
        g_assert_cmpuint(copies_left(), ==, 0);
    }
}

int main(int argc, char **argv)
{
    const char *tmp = g_getenv("TMPDIR");

    /* Copies go to a temporary folder of this run's own, to be counted
     * (made before GLib reads TMPDIR, which it does once). */
    private_tmp = g_build_filename(tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp",
                                   "cavelog-pack-tmp-XXXXXX", NULL);
    g_assert_nonnull(g_mkdtemp(private_tmp));
    g_setenv("TMPDIR", private_tmp, TRUE);
    pack_enable_readers();
    g_test_init(&argc, &argv, NULL);
#define ADD(path, fn) g_test_add(path, TmpDir, NULL, tmp_dir_setup, fn, tmp_dir_teardown)
    ADD("/pack/round-trip/golden", test_round_trip_golden);
    ADD("/pack/round-trip/fork-bookmarks", test_round_trip_fork);
    ADD("/pack/size", test_size);
    ADD("/pack/refuse/digest", test_refuse_digest);
    ADD("/pack/refuse/command", test_refuse_command);
    ADD("/pack/refuse/events", test_refuse_events);
    ADD("/pack/refuse/release", test_refuse_release);
    ADD("/pack/hostile/truncated", test_hostile_truncated);
    ADD("/pack/hostile/bitflip", test_hostile_bitflip);
    ADD("/pack/hostile/version", test_hostile_version);
    ADD("/pack/hostile/counts", test_hostile_counts);
    ADD("/pack/readers/history", test_readers_history);
    ADD("/pack/readers/read-only", test_readers_read_only);
    ADD("/pack/cli/unpack-full-disk", test_cli_unpack_full_disk);
    ADD("/pack/readers/gz-hostile", test_readers_gz_hostile);
    ADD("/pack/readers/dead-copies", test_readers_dead_copies);
    ADD("/pack/cli/pack-unpack", test_cli_pack_unpack);
    ADD("/pack/cli/readers", test_cli_readers);
#undef ADD
    g_test_add("/pack/cli/replay", TmuxGame, NULL, replay_set_up, test_cli_replay,
               replay_tear_down);
    tmux_catch_fatal_signals();
    {
        int status = g_test_run();
        remove_tree(private_tmp);
        return status;
    }
}
