/* SPDX-License-Identifier: GPL-3.0-or-later */
/* games.c — the games folder: where saved games live, and the listing of
 * them with what each file says of itself. */
#include "store.h"
#include "store-private.h"

#include <sqlite3.h>
#include <string.h>

#include "copies.h"
#include "lineage.h"
#include "shown.h"

/* ---- the games folder ---------------------------------------------------- */

char *store_printable(const char *text)
{
    return ev_shown(text);
}

char *store_games_dir(void)
{
    return g_build_filename(g_get_user_data_dir(), "cavelog", "games", NULL);
}

static void listing_free(gpointer data)
{
    StoreListing *listing = data;

    g_free(listing->path);
    store_game_info_clear(&listing->info);
    g_free(listing->problem);
    g_free(listing->lineage);
    g_free(listing);
}

static gint newest_first(gconstpointer a, gconstpointer b)
{
    const StoreListing *x = *(StoreListing *const *) a, *y = *(StoreListing *const *) b;

    return g_strcmp0(y->info.updated, x->info.updated);
}

static Store *open_read_only(const char *path, GError **error)
{
    return store_open(path, FALSE, error);
}

GPtrArray *store_list_games(const char *dir, StoreOpenFunc opener)
{
    GPtrArray *games = g_ptr_array_new_with_free_func(listing_free);
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    if (opener == NULL)
        opener = open_read_only;
    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        if (!store_is_game_name(name))
            continue;
        StoreListing *listing = g_new0(StoreListing, 1);
        g_autoptr(GError) error = NULL;
        g_autoptr(Store) store = NULL;
        listing->path = g_build_filename(dir, name, NULL);
        store = opener(listing->path, &error);
        if (store == NULL || !store_read_info(store, &listing->info, &error))
            listing->problem = g_strdup(error->message);
        else
            listing->lineage = lineage_describe(store);
        g_ptr_array_add(games, listing);
    }
    g_ptr_array_sort(games, newest_first);
    return games;
}
