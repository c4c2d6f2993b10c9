/* SPDX-License-Identifier: GPL-3.0-or-later */
/* parts.c — a game file made under a temporary name (PATH.PID.part) and put
 * in place whole, never over an existing file; the parts a killed process
 * left are removed. */
#include "parts.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "store-private.h"

/* Put the finished file at @part in place as @path, never over an existing
 * file (link fails with EEXIST; where links are not supported, rename after
 * the existence check). */
gboolean store_move_into_place(const char *part, const char *path, GError **error)
{
    gboolean moved = link(part, path) == 0;
    int code = errno;

    if (!moved && code != EEXIST) {
        if (g_file_test(path, G_FILE_TEST_EXISTS)) {
            code = EEXIST;
        } else {
            moved = g_rename(part, path) == 0;
            code = errno;
        }
    }
    g_unlink(part);
    if (moved)
        return TRUE;
    g_set_error(error, STORE_ERROR, code == EEXIST ? STORE_ERROR_EXISTS : STORE_ERROR_IO, "%s: %s",
                path, code == EEXIST ? "a file of that name already exists" : g_strerror(code));
    return FALSE;
}

/* Remove the file @part and any sidecar SQLite left beside it. */
void store_remove_part(const char *part)
{
    static const char *const sidecars[] = {"", "-wal", "-shm", "-journal"};

    for (guint i = 0; i < G_N_ELEMENTS(sidecars); i++) {
        g_autofree char *name = g_strconcat(part, sidecars[i], NULL);
        g_unlink(name);
    }
}

void store_error_rename(GError *error, const char *part, const char *path)
{
    char *named;

    if (error == NULL || !g_str_has_prefix(error->message, part))
        return;
    named = g_strconcat(path, error->message + strlen(part), NULL);
    g_free(error->message);
    error->message = named;
}

gboolean store_close_part(Store *store, const char *part, const char *path, GError **error)
{
    g_autoptr(GError) local = NULL;

    if (store_close(store, &local))
        return TRUE;
    store_remove_part(part);
    store_error_rename(local, part, path);
    g_propagate_error(error, g_steal_pointer(&local));
    return FALSE;
}

/* The pid in NAME.PID.part, when @name is the .part file of a game file
 * NAME ending in .cavelog or named @base; else 0. */
static GPid part_pid(const char *name, const char *base)
{
    g_autofree char *stem =
        g_str_has_suffix(name, ".part") ? g_strndup(name, strlen(name) - strlen(".part")) : NULL;
    char *dot = stem != NULL ? strrchr(stem, '.') : NULL;
    guint64 pid = 0;

    if (dot == NULL || !g_ascii_string_to_unsigned(dot + 1, 10, 1, G_MAXINT32, &pid, NULL))
        return 0;
    *dot = '\0';
    return g_str_has_suffix(stem, ".cavelog") || strcmp(stem, base) == 0 ? (GPid) pid : 0;
}

/* Creations killed before their game was whole leave PATH.PID.part files
 * (with sidecars) that nothing else would ever remove: remove those beside
 * @path whose process is gone. */
void store_remove_dead_parts(const char *path)
{
    g_autofree char *dir = g_path_get_dirname(path);
    g_autofree char *base = g_path_get_basename(path);
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        GPid pid = part_pid(name, base);
        if (pid != 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH) {
            g_autofree char *part = g_build_filename(dir, name, NULL);
            store_remove_part(part);
        }
    }
}
