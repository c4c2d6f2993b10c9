/* SPDX-License-Identifier: GPL-3.0-or-later */
/* archive-none.c — the archive in a build without libpq (-Darchive=disabled
 * or no libpq-dev): every way in says so, and nothing else is reachable. */
#include "archive.h"

G_DEFINE_QUARK(cavelog - archive - error - quark, archive_error)

gboolean archive_available(void)
{
    return FALSE;
}

Archive *archive_open(const char *uri, GError **error)
{
    g_set_error(error, ARCHIVE_ERROR, ARCHIVE_ERROR_UNAVAILABLE,
                "this cavelog was built without PostgreSQL (libpq-dev, meson -Darchive=enabled)");
    return NULL;
}

void archive_close(Archive *archive)
{
    g_return_if_fail(archive == NULL);
}

gboolean archive_has_game(Archive *archive, const ArchiveGameRow *row, gboolean *there,
                          GError **error)
{
    g_return_val_if_reached(FALSE);
}

gboolean archive_new_game_id(Archive *archive, gint64 *id, GError **error)
{
    g_return_val_if_reached(FALSE);
}

void archive_copy_row(gint64 id, const CavEvent *event, GString *out)
{
    g_return_if_reached();
}

gboolean archive_put_game(Archive *archive, gint64 id, const ArchiveGameRow *row,
                          const GString *rows, gboolean *there, GError **error)
{
    g_return_val_if_reached(FALSE);
}

gboolean archive_refresh_statistics(Archive *archive, GError **error)
{
    g_return_val_if_reached(FALSE);
}

gboolean archive_commit(Archive *archive, GError **error)
{
    g_return_val_if_reached(FALSE);
}

void archive_rollback(Archive *archive)
{
    g_return_if_reached();
}

gboolean archive_query_game(Archive *archive, gint64 id, const char *sql, gint64 max_ms,
                            ArchiveRowFunc func, gpointer user_data, GError **error)
{
    g_return_val_if_reached(FALSE);
}

gboolean archive_begin(Archive *archive, GError **error)
{
    g_return_val_if_reached(FALSE);
}

gboolean archive_select(Archive *archive, const char *sql, int n, const char *const *params,
                        ArchiveRowFunc func, gpointer user_data, GError **error)
{
    g_return_val_if_reached(FALSE);
}
