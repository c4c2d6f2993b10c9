/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-open.c — libFuzzer target for the whole way a game file is read: the
 * input is written as a file (a gzip one is decompressed: copies.h), opened
 * read-only with every check, folded with every event validated, and
 * re-simulated. Any file must be read or refused with an error, never
 * crash, hang or exhaust memory. */
#include <glib/gstdio.h>
#include <stdint.h>
#include <unistd.h>

#include "checks.h"
#include "copies.h"
#include "store.h"
#include "verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *path;
    Store *store;
    GError *error = NULL;

    if (path == NULL) {
        path = g_strdup_printf("%s/cavelog-fuzz-%d.cavelog", g_get_tmp_dir(), (int) getpid());
        /* A gzip input is decompressed first (copies.h): to 16 MiB here,
         * so that a bomb costs a run no more than a large input does. */
        store_set_copy_limit(1 << 24);
    }
    if (!g_file_set_contents(path, (const char *) data, (gssize) size, NULL))
        return 0;
    store = store_open(path, FALSE, &error);
    if (store != NULL) {
        Game *game = game_new(NULL);
        game_track_view(game, FALSE);
        if (checks_fold(store, game, NULL, NULL, &error))
            verify_resimulate(store, content_new_builtin(), NULL, &error);
        game_free(game);
        store_free(store);
    }
    g_clear_error(&error);
    g_unlink(path);
    return 0;
}
