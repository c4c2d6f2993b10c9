/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shown.c — escaping text from files for a terminal or a window title: one
 * walk over the UTF-8, each character kept or shown as an escape. */
#include "shown.h"

#include <string.h>

/* Whether @c steers a terminal or the order text is read in. */
static gboolean is_control(gunichar c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e ||
           c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

static void append_escape(GString *out, gunichar c)
{
    switch (c) {
    case 0x1b:
        g_string_append(out, "\\e");
        break;
    case '\n':
        g_string_append(out, "\\n");
        break;
    case '\r':
        g_string_append(out, "\\r");
        break;
    case '\t':
        g_string_append(out, "\\t");
        break;
    default:
        g_string_append_printf(out, c < 0x80 ? "\\x%02x" : "\\u%04x", (guint) c);
    }
}

/* @text shown into @out; newlines and tabs kept when @lines. */
static void show(GString *out, const char *text, gboolean lines)
{
    const char *p = text;

    while (*p != '\0') {
        gunichar c = g_utf8_get_char_validated(p, -1);
        if (c == (gunichar) -1 || c == (gunichar) -2) {
            g_string_append_printf(out, "\\x%02x", (guint) (guchar) *p);
            p++;
            continue;
        }
        if (is_control(c) && !(lines && (c == '\n' || c == '\t')))
            append_escape(out, c);
        else
            g_string_append_len(out, p, g_utf8_next_char(p) - p);
        p = g_utf8_next_char(p);
    }
}

char *ev_shown(const char *text)
{
    GString *out = g_string_new(NULL);

    show(out, text != NULL ? text : "", FALSE);
    return g_string_free(out, FALSE);
}

char *ev_shown_lines(const char *text)
{
    GString *out = g_string_new(NULL);

    show(out, text != NULL ? text : "", TRUE);
    return g_string_free(out, FALSE);
}

gboolean ev_text_clean(const char *text)
{
    g_autofree char *shown = ev_shown(text);

    return text != NULL && strcmp(shown, text) == 0;
}
