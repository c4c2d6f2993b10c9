/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-golden.c — the golden recordings (the .cavelog.gz files in tests/golden, STYLE.md
 * §15): real games recorded by an earlier build of these rules. Each must
 * still fold with every digest matching, and re-running its recorded
 * commands must reproduce every stored event; together they hold every
 * event type of the catalog. A failure here means the rules changed: if on
 * purpose, regenerate them with tests/golden/regenerate.sh (never a test). */
#include <gio/gio.h>
#include <glib/gstdio.h>

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
    return g_test_run();
}
