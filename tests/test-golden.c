/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-golden.c — the golden recordings (the .cavelog.gz files in tests/golden, STYLE.md
 * §15): real games recorded by an earlier build of these rules. Each must
 * still fold with every digest matching, and re-running its recorded
 * commands must reproduce every stored event; together they hold every
 * event type of the catalog. They are this version's, so `cavelog verify`
 * re-runs them too. A failure here means the rules changed: if on purpose,
 * change the version in meson.build (files of this version must keep
 * replaying) and regenerate them with tests/golden/regenerate.sh (never a
 * test). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cavelog-config.h"
#include "checks.h"
#include "store.h"
#include "testutil.h"
#include "verify.h"

static const char *const recordings[] = {"seed-23", "seed-44", "seed-45"};

/* Unpack golden recording @name into @dir; the path (caller frees). */
static char *unpack(const char *dir, const char *name)
{
    g_autofree char *gz_name = g_strdup_printf("%s.cavelog.gz", name);
    g_autofree char *source = g_test_build_filename(G_TEST_DIST, "golden", gz_name, NULL);
    g_autofree char *target = g_strdup_printf("%s/%s.cavelog", dir, name);
    gunzip_file(source, target);
    return g_steal_pointer(&target);
}

typedef struct {
    gboolean seen[CAV_EVENT_TYPE_COUNT];
    Game *game; /* the fold */
} Coverage;

/* After every event: the derived index of the creatures' levels says of
 * each creature what its record says (alive, on its level). */
static void assert_levels_indexed(const CavState *state, const CavEvent *event)
{
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        for (gint32 z = 0; z < CAV_LEVELS; z++)
            if (state_alive_on(state, id, z) != (c->id != 0 && c->alive && c->z == z))
                g_error("after event %" G_GINT64_FORMAT " (%s) creature %d is indexed wrongly"
                        " on level %d",
                        event->seq, ev_type_name(event->type), id, z);
    }
}

/* After every event of every type: the digest that hashes only the parts
 * evolve said it touched equals the digest worked out from nothing (a write
 * evolve does not announce would make them differ). */
static gboolean note_type(const CavEvent *event, gpointer user_data, GError **error)
{
    Coverage *coverage = user_data;
    const CavState *state = game_state(coverage->game);

    coverage->seen[event->type] = TRUE;
    if (state_digest(state) != state_digest_full(state))
        g_error("after event %" G_GINT64_FORMAT " (%s) the kept digest misses a change", event->seq,
                ev_type_name(event->type));
    assert_levels_indexed(state, event);
    return TRUE;
}

/* `cavelog verify` re-runs a file of this build's version (and only such
 * a file) by the rules of this build: the golden recordings must be this
 * version's, so that a change of the rules without a new version shows
 * here as recordings of this version that no longer replay. */
static void assert_verified_as_ours(const char *path, Store *store)
{
    g_autoptr(GError) error = NULL;
    VerifyReport report = {0};

    if (!verify_game(store, &report, &error))
        g_error("%s does not verify: %s (if the rules changed, the version in meson.build must "
                "change too; then regenerate with tests/golden/regenerate.sh)",
                path, error->message);
    if (strcmp(report.build, CAVELOG_VERSION) != 0 || !report.rerun)
        g_error("%s was recorded by cavelog %s, not by this build's version %s: `cavelog verify` "
                "would not re-run it (regenerate with tests/golden/regenerate.sh)",
                path, report.build, CAVELOG_VERSION);
}

/* Fold with every check a resume makes, then re-simulate. */
static void check_recording(const char *path, Coverage *coverage)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);
    gint32 turns = 0;

    g_assert_no_error(error);
    game_track_view(game, FALSE);
    coverage->game = game;
    if (!checks_fold(store, game, note_type, coverage, &error))
        g_error("%s does not fold: %s", path, error->message);
    if (!verify_resimulate(store, content_new_builtin(), &turns, &error))
        g_error("%s does not replay with these rules: %s (if the rules changed on purpose, "
                "run tests/golden/regenerate.sh)",
                path, error->message);
    g_assert_cmpint(turns, ==, game_state(game)->turn + 1);
    g_test_message("%s: %d turns re-run", path, turns);
    assert_verified_as_ours(path, store);
}

/* The built-in data with @from replaced by @to in creatures.ini: a rule
 * changed (for verify_resimulate, which takes it over). */
static CavContent *changed_rules(const char *from, const char *to)
{
    const char *names[] = {"creatures.ini", "items.ini", "spells.ini"};
    char *texts[G_N_ELEMENTS(names)];
    g_autoptr(GError) error = NULL;
    g_auto(GStrv) parts = NULL;
    CavContent *content;

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *path =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", names[i], NULL);
        g_assert_true(g_file_get_contents(path, &texts[i], NULL, NULL));
    }
    parts = g_strsplit(texts[0], from, -1);
    g_assert_cmpuint(g_strv_length(parts), ==, 2); /* the rule is there, once */
    g_free(texts[0]);
    texts[0] = g_strjoinv(to, parts);
    content = content_parse(texts[0], names[0], texts[1], names[1], texts[2], names[2], &error);
    g_assert_no_error(error);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
        g_free(texts[i]);
    return content;
}

/* A change of the rules under the same version is caught: a recording of
 * this version, re-run with bats that take one step a turn instead of two,
 * no longer replays, and the error calls it a file that does not replay
 * (not another release's rules). */
static void test_rules_changed(TmpDir *fixture, gconstpointer data)
{
    g_autofree char *path = unpack(fixture->dir, recordings[0]);
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    gint32 turns = 0;

    g_assert_no_error(error);
    g_assert_false(
        verify_resimulate(store, changed_rules("bat_steps=2", "bat_steps=1"), &turns, &error));
    g_assert_error(error, STORE_ERROR, STORE_ERROR_TAMPERED);
    g_assert_nonnull(strstr(error->message, "does not replay"));
    g_assert_null(strstr(error->message, "recorded with the rules of cavelog"));
}

static void test_replay(TmpDir *fixture, gconstpointer data)
{
    Coverage coverage = {0};

    for (guint i = 0; i < G_N_ELEMENTS(recordings); i++) {
        g_autofree char *path = unpack(fixture->dir, recordings[i]);
        check_recording(path, &coverage);
    }
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
        if (!coverage.seen[t])
            g_error("no golden recording holds a %s", ev_type_name(t));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add("/golden/replay", TmpDir, NULL, tmp_dir_setup, test_replay, tmp_dir_teardown);
    g_test_add("/golden/rules-changed", TmpDir, NULL, tmp_dir_setup, test_rules_changed,
               tmp_dir_teardown);
    return g_test_run();
}
