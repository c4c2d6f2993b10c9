/* SPDX-License-Identifier: GPL-3.0-or-later */
/* datafile.c — one data file read whole, after checking what it is: opened
 * without waiting (a FIFO would block), measured, read, and looked at. */
#include "datafile.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean refuse(GError **error, GFileError code, const char *path, const char *why)
{
    g_set_error(error, G_FILE_ERROR, code, "%s: %s", path, why);
    return FALSE;
}

/* Exactly @size bytes of @fd into @buffer. */
static gboolean read_all(int fd, char *buffer, gsize size)
{
    gsize done = 0;

    while (done < size) {
        gssize got = read(fd, buffer + done, size - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return FALSE;
        done += (gsize) got;
    }
    return TRUE;
}

/* @text (@size bytes) is text a data file may hold. */
static gboolean check_text(const char *path, const char *text, gsize size, GError **error)
{
    const char *nul = memchr(text, '\0', size);
    const char *end = NULL;
    g_autofree char *why = NULL;

    if (nul != NULL) {
        why = g_strdup_printf("holds a NUL byte (at byte %" G_GSIZE_FORMAT "); a data file is text",
                              (gsize) (nul - text));
        return refuse(error, G_FILE_ERROR_INVAL, path, why);
    }
    if (!g_utf8_validate(text, (gssize) size, &end)) {
        why = g_strdup_printf("is not UTF-8 text (at byte %" G_GSIZE_FORMAT ")",
                              (gsize) (end - text));
        return refuse(error, G_FILE_ERROR_INVAL, path, why);
    }
    return TRUE;
}

gboolean ev_read_data_file(const char *path, char **text, GError **error)
{
    int fd = g_open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
    struct stat st;
    g_autofree char *buffer = NULL;
    gboolean ok;

    g_return_val_if_fail(path != NULL && text != NULL, FALSE);
    if (fd < 0) {
        int code = errno;
        return refuse(error, g_file_error_from_errno(code), path, g_strerror(code));
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return refuse(error, G_FILE_ERROR_INVAL, path,
                      "not a regular file (a data file must be one)");
    }
    if (st.st_size > EV_DATA_FILE_MAX) {
        close(fd);
        return refuse(error, G_FILE_ERROR_INVAL, path,
                      "too big for a data file (they hold at most 1 MB)");
    }
    buffer = g_malloc((gsize) st.st_size + 1);
    ok = read_all(fd, buffer, (gsize) st.st_size);
    close(fd);
    if (!ok)
        return refuse(error, G_FILE_ERROR_IO, path, "could not be read whole");
    buffer[st.st_size] = '\0';
    if (!check_text(path, buffer, (gsize) st.st_size, error))
        return FALSE;
    *text = g_steal_pointer(&buffer);
    return TRUE;
}
