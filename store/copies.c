/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copies.c — the private copies readers open in place of a compressed game
 * file or a pack: gzip decompressed here with a limit on the size it grows
 * to, a pack rebuilt by the function history/pack.c sets. */
#include "copies.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parts.h"
#include "store-private.h"

#define CHUNK 65536

static StoreRebuildFunc rebuilder;
static gint64 copy_limit;

void store_set_rebuilder(StoreRebuildFunc rebuild)
{
    rebuilder = rebuild;
}

void store_set_copy_limit(gint64 bytes)
{
    copy_limit = bytes;
}

static gint64 limit(void)
{
    return copy_limit > 0 ? copy_limit : STORE_COPY_MAX;
}

gboolean store_is_game_name(const char *name)
{
    return g_str_has_suffix(name, ".cavelog") || g_str_has_suffix(name, ".cavelog.gz");
}

gboolean store_is_copy(const Store *store)
{
    g_return_val_if_fail(store != NULL, FALSE);
    return store->copy != NULL;
}

typedef enum { KIND_ITSELF, KIND_GZIP, KIND_PACK } CopyKind;

/* What @path holds by its first bytes; -1 (with nothing open) for a file
 * that is not there, not regular or a link: the open says what is wrong. */
static int open_kind(const char *path, CopyKind *kind)
{
    unsigned char head[STORE_PACK_MAGIC_LEN] = {0};
    struct stat info;
    gssize got;
    int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);

    if (fd < 0)
        return -1;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return -1;
    }
    got = read(fd, head, sizeof head);
    *kind = KIND_ITSELF;
    if (got >= 2 && head[0] == 0x1f && head[1] == 0x8b)
        *kind = KIND_GZIP;
    else if (got == STORE_PACK_MAGIC_LEN && memcmp(head, STORE_PACK_MAGIC, got) == 0)
        *kind = KIND_PACK;
    if (*kind == KIND_ITSELF || lseek(fd, 0, SEEK_SET) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Write all of @data to @fd. */
static gboolean write_all(int fd, const guint8 *data, gsize size)
{
    while (size > 0) {
        gssize put = write(fd, data, size);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return FALSE;
        data += put;
        size -= (gsize) put;
    }
    return TRUE;
}

typedef struct {
    GConverter *inflater;
    int in, out;
    gint64 written;
    guint8 input[CHUNK], output[CHUNK];
} Inflate;

/* Convert @size bytes of input (@last: the file ends there); *@done once
 * the gzip stream has ended. */
static gboolean inflate_chunk(Inflate *z, const char *path, gsize size, gboolean last,
                              gboolean *done, GError **error)
{
    const guint8 *at = z->input;
    GError *local = NULL;

    do {
        gsize read = 0, wrote = 0;
        GConverterResult result = g_converter_convert(
            z->inflater, at, size, z->output, sizeof z->output,
            last ? G_CONVERTER_INPUT_AT_END : G_CONVERTER_NO_FLAGS, &read, &wrote, &local);
        if (result == G_CONVERTER_ERROR) {
            store_fail(error, STORE_ERROR_CORRUPT, path, "a damaged gzip file: %s", local->message);
            g_error_free(local);
            return FALSE;
        }
        z->written += (gint64) wrote;
        if (z->written > limit())
            return store_fail(error, STORE_ERROR_CORRUPT, path,
                              "decompressed, it grows past %" G_GINT64_FORMAT
                              " MB, more than any game file",
                              limit() >> 20);
        if (!write_all(z->out, z->output, wrote))
            return store_fail(error, STORE_ERROR_IO, path, "decompressing it: %s",
                              g_strerror(errno));
        at += read;
        size -= read;
        *done = result == G_CONVERTER_FINISHED;
    } while (!*done && (size > 0 || last));
    return TRUE;
}

/* Decompress the gzip file open as @in into @copy (new). */
static gboolean gunzip(int in, const char *path, const char *copy, GError **error)
{
    g_autofree Inflate *z = g_new0(Inflate, 1);
    gboolean done = FALSE, ok = TRUE;

    z->in = in;
    z->out = g_open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (z->out < 0)
        return store_fail(error, STORE_ERROR_IO, path, "decompressing it: %s", g_strerror(errno));
    z->inflater = G_CONVERTER(g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP));
    while (ok && !done) {
        gssize got = read(in, z->input, sizeof z->input);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            ok = store_fail(error, STORE_ERROR_IO, path, "%s", g_strerror(errno));
        else
            ok = inflate_chunk(z, path, (gsize) got, got == 0, &done, error);
    }
    g_object_unref(z->inflater);
    if (close(z->out) != 0 && ok)
        ok = store_fail(error, STORE_ERROR_IO, path, "decompressing it: %s", g_strerror(errno));
    return ok;
}

/* The private folders' names: the process's id, then random letters. */
#define COPY_PREFIX "cavelog-copy-"

/* Remove the folder @dir (a copy's) and the files in it. */
static void remove_copy_dir(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        g_unlink(path);
    }
    g_rmdir(dir);
}

/* Remove the copies that readers killed midway left (a reader whose
 * output was cut, a signal): folders of this user's whose process is gone. */
static void remove_dead_copies(void)
{
    const char *tmp = g_get_tmp_dir();
    g_autoptr(GDir) folder = g_dir_open(tmp, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *dir = NULL;
        struct stat info;
        gint64 pid;
        if (!g_str_has_prefix(name, COPY_PREFIX))
            continue;
        pid = g_ascii_strtoll(name + strlen(COPY_PREFIX), NULL, 10);
        dir = g_build_filename(tmp, name, NULL);
        if (pid <= 0 || pid == getpid() || kill((pid_t) pid, 0) == 0 || errno != ESRCH)
            continue; /* its reader may still read it */
        if (lstat(dir, &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid())
            continue;
        remove_copy_dir(dir);
    }
}

/* A new private folder for the copy of @path, and the copy's name in it
 * (the file's own, without ".gz"). NULL with an error when none can be made. */
static char *copy_name(const char *path, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autofree char *template = g_strdup_printf(COPY_PREFIX "%d-XXXXXX", (int) getpid());
    g_autofree char *dir = NULL;
    g_autofree char *base = g_path_get_basename(path);

    remove_dead_copies();
    dir = g_dir_make_tmp(template, &local);
    if (dir == NULL) {
        store_fail(error, STORE_ERROR_IO, path, "no private temporary folder to read it in: %s",
                   local->message);
        return NULL;
    }
    if (g_str_has_suffix(base, ".gz"))
        base[strlen(base) - 3] = '\0';
    if (base[0] == '\0' || base[0] == '.')
        return g_build_filename(dir, "game.cavelog", NULL);
    return g_build_filename(dir, base, NULL);
}

/* A pack, rebuilt into @copy. */
static gboolean rebuild(const char *path, const char *copy, GError **error)
{
    if (rebuilder == NULL)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                          "a pack, not a game file; “cavelog unpack” rebuilds its game");
    return rebuilder(path, copy, error);
}

char *store_copy_make(const char *path, GError **error)
{
    CopyKind kind = KIND_ITSELF;
    int fd;
    g_autofree char *copy = NULL;
    gboolean ok;

    g_return_val_if_fail(path != NULL, NULL);
    fd = open_kind(path, &kind);
    if (fd < 0)
        return NULL;
    copy = copy_name(path, error);
    if (copy == NULL) {
        close(fd);
        return NULL;
    }
    if (kind == KIND_GZIP) {
        ok = gunzip(fd, path, copy, error);
        close(fd);
    } else {
        close(fd);
        ok = rebuild(path, copy, error);
    }
    if (!ok) {
        store_copy_remove(copy);
        return NULL;
    }
    return g_steal_pointer(&copy);
}

void store_copy_remove(const char *copy)
{
    g_autofree char *dir = NULL;

    if (copy == NULL)
        return;
    store_remove_part(copy); /* the file and its sidecars */
    dir = g_path_get_dirname(copy);
    g_rmdir(dir);
}
