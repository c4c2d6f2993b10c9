/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay-cast.c — the replay as an asciicast v2 file (asciinema's
 * format: a JSON header line, then one [time, "o", data] line per frame).
 * Each frame is the curses screen the replay drew, read back cell by cell
 * and written as a whole-screen redraw in plain ANSI, so that any player
 * shows it and any frame alone shows the whole screen. The file is written
 * beside its final name and renamed over it only once whole (a device or a
 * pipe named as OUT is written in place). */
#include "tui-replay.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

struct ReplayCast {
    char *path;    /* the final name */
    char *partial; /* the file being written, renamed to @path when done */
    FILE *file;
    GString *line; /* the line being made */
    GString *data; /* the frame being made */
};

/* Append @text to @out as the inside of a JSON string. */
static void cast_json_text(GString *out, const char *text)
{
    for (const char *p = text; *p != '\0'; p++) {
        guchar c = (guchar) *p;

        if (c == '"' || c == '\\')
            g_string_append_printf(out, "\\%c", c);
        else if (c == '\n')
            g_string_append(out, "\\n");
        else if (c == '\r')
            g_string_append(out, "\\r");
        else if (c < 0x20 || c == 0x7f)
            g_string_append_printf(out, "\\u%04x", c);
        else
            g_string_append_c(out, (char) c);
    }
}

/* Write @cast->line and a newline; FALSE with the error when it fails. */
static gboolean cast_put_line(ReplayCast *cast, GError **error)
{
    g_string_append_c(cast->line, '\n');
    if (fwrite(cast->line->str, 1, cast->line->len, cast->file) == cast->line->len)
        return TRUE;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "cannot write %s: %s",
                cast->path, g_strerror(errno));
    return FALSE;
}

/* The SGR sequence of a cell drawn with @attrs in colour pair @pair. */
static void cast_sgr(GString *out, attr_t attrs, short pair)
{
    short fg = -1, bg = -1;

    if (pair > 0)
        pair_content(pair, &fg, &bg);
    g_string_append(out, "\033[0");
    if (attrs & A_BOLD)
        g_string_append(out, ";1");
    if (attrs & A_DIM)
        g_string_append(out, ";2");
    if (attrs & A_UNDERLINE)
        g_string_append(out, ";4");
    if (attrs & A_REVERSE)
        g_string_append(out, ";7");
    if (fg >= 0)
        g_string_append_printf(out,
                               fg < 8    ? ";3%d"
                               : fg < 16 ? ";9%d"
                                         : ";38;5;%d",
                               fg < 16 ? fg % 8 : fg);
    if (bg >= 0)
        g_string_append_printf(out,
                               bg < 8    ? ";4%d"
                               : bg < 16 ? ";10%d"
                                         : ";48;5;%d",
                               bg < 16 ? bg % 8 : bg);
    g_string_append_c(out, 'm');
}

/* Row @row of the screen: its characters with a new SGR wherever the
 * look changes, without the plain spaces that end it (the screen was
 * cleared). Starts from the plain look. */
static void cast_row(GString *out, int row)
{
    attr_t last_attrs = A_NORMAL;
    short last_pair = 0;
    gsize keep = out->len;

    for (int col = 0; col < COLS; col++) {
        cchar_t cell;
        wchar_t chars[CCHARW_MAX + 1] = {0};
        attr_t attrs = A_NORMAL;
        short pair = 0;
        char utf8[8];

        if (mvin_wch(row, col, &cell) == ERR ||
            getcchar(&cell, chars, &attrs, &pair, NULL) == ERR || chars[0] == L'\0')
            chars[0] = L' ';
        attrs &= A_BOLD | A_DIM | A_UNDERLINE | A_REVERSE;
        if (attrs != last_attrs || pair != last_pair)
            cast_sgr(out, attrs, pair);
        last_attrs = attrs;
        last_pair = pair;
        g_string_append_len(out, utf8, g_unichar_to_utf8((gunichar) chars[0], utf8));
        if (chars[0] != L' ' || attrs != A_NORMAL || pair != 0)
            keep = out->len;
        if (wcwidth(chars[0]) == 2)
            col++; /* the second half of a wide character */
    }
    g_string_truncate(out, keep);
}

/* The whole screen as ANSI: cleared, then every row from its first
 * column, each starting from the plain look. */
static void cast_screen(GString *out)
{
    g_string_append(out, "\033[?25l\033[0m\033[H\033[2J");
    for (int row = 0; row < LINES; row++) {
        g_string_append_printf(out, "\033[0m\033[%d;1H", row + 1);
        cast_row(out, row);
    }
    g_string_append(out, "\033[0m");
}

/* The header: format, size, when, a title. */
static gboolean cast_header(ReplayCast *cast, const char *title, GError **error)
{
    g_string_printf(
        cast->line,
        "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %" G_GINT64_FORMAT
        ", \"title\": \"",
        COLS, LINES, g_get_real_time() / G_USEC_PER_SEC);
    cast_json_text(cast->line, title);
    g_string_append(cast->line, "\", \"env\": {\"TERM\": \"xterm-256color\"}}");
    return cast_put_line(cast, error);
}

/* Whether @path names something that is there and no regular file (a
 * device, a pipe, a terminal, or a link to one): written in place, never
 * replaced (a rename over /dev/stdout or /dev/full would put a file there). */
static gboolean cast_in_place(const char *path)
{
    GStatBuf info;

    return g_stat(path, &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

/* The file descriptor @cast is written to: @cast->partial made beside
 * @cast->path, or the device @cast->path itself. */
static int cast_open_fd(ReplayCast *cast)
{
    mode_t mask = umask(0);
    int fd;

    umask(mask);
    if (cast_in_place(cast->path))
        return g_open(cast->path, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0);
    cast->partial = g_strdup_printf("%s.XXXXXX", cast->path);
    fd = g_mkstemp_full(cast->partial, O_WRONLY | O_CLOEXEC, 0666 & ~mask);
    if (fd < 0)
        g_clear_pointer(&cast->partial, g_free);
    else if (fchmod(fd, 0666 & ~mask) != 0) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    return fd;
}

ReplayCast *replay_cast_open(const char *path, const char *title, GError **error)
{
    ReplayCast *cast = g_new0(ReplayCast, 1);
    int fd;

    cast->path = g_strdup(path);
    cast->line = g_string_new(NULL);
    cast->data = g_string_new(NULL);
    fd = cast_open_fd(cast);
    if (fd < 0 || (cast->file = fdopen(fd, "w")) == NULL) {
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "cannot write %s: %s",
                    path, g_strerror(errno));
        if (fd >= 0)
            close(fd);
        replay_cast_abandon(cast);
        return NULL;
    }
    if (!cast_header(cast, title, error)) {
        replay_cast_abandon(cast);
        return NULL;
    }
    return cast;
}

gboolean replay_cast_frame(ReplayCast *cast, double seconds, GError **error)
{
    char time[G_ASCII_DTOSTR_BUF_SIZE];

    g_string_truncate(cast->data, 0);
    cast_screen(cast->data);
    g_string_printf(cast->line, "[%s, \"o\", \"",
                    g_ascii_formatd(time, sizeof time, "%.3f", seconds));
    cast_json_text(cast->line, cast->data->str);
    g_string_append(cast->line, "\"]");
    return cast_put_line(cast, error);
}

gboolean replay_cast_close(ReplayCast *cast, GError **error)
{
    int problem = 0;

    if (fflush(cast->file) != 0 || (cast->partial != NULL && fsync(fileno(cast->file)) != 0))
        problem = errno;
    if (fclose(cast->file) != 0 && problem == 0)
        problem = errno;
    cast->file = NULL;
    if (problem == 0 && cast->partial != NULL && g_rename(cast->partial, cast->path) != 0)
        problem = errno;
    if (problem != 0)
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(problem), "cannot write %s: %s",
                    cast->path, g_strerror(problem));
    else
        g_clear_pointer(&cast->partial, g_free); /* renamed: nothing to remove */
    replay_cast_abandon(cast);
    return problem == 0;
}

void replay_cast_abandon(ReplayCast *cast)
{
    if (cast == NULL)
        return;
    if (cast->file != NULL)
        fclose(cast->file);
    if (cast->partial != NULL)
        g_unlink(cast->partial);
    g_free(cast->partial);
    g_free(cast->path);
    g_string_free(cast->line, TRUE);
    g_string_free(cast->data, TRUE);
    g_free(cast);
}
