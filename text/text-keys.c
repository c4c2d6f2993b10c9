/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-keys.c — key mode (the "keys" command, in a terminal): a command key
 * acts as soon as it is pressed, as on the play screen, with no Enter; ':'
 * opens a line for a word ("where", "run north"), and menus still read a
 * whole line. The terminal is put back as it was on leaving key mode, at
 * the end of text_run() and when the input ends. */
#include "text-private.h"

#include <termios.h>
#include <unistd.h>

/* The terminal as it was before key mode, while key mode is on. */
static struct termios text_keys_saved;

gboolean text_keys_toggle(Text *text)
{
    int fd;

    if (text->keys) {
        text_keys_end(text);
        return TRUE;
    }
    if (text->in == NULL || !isatty(fd = fileno(text->in)) || tcgetattr(fd, &text_keys_saved) != 0)
        return FALSE;
    text->keys = TRUE;
    text_keys_cook(text, FALSE);
    return TRUE;
}

void text_keys_end(Text *text)
{
    if (!text->keys)
        return;
    tcsetattr(fileno(text->in), TCSANOW, &text_keys_saved);
    text->keys = FALSE;
}

void text_keys_cook(Text *text, gboolean cooked)
{
    struct termios raw = text_keys_saved;

    if (!text->keys)
        return;
    raw.c_lflag &= ~(tcflag_t) (ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    tcsetattr(fileno(text->in), TCSANOW, cooked ? &text_keys_saved : &raw);
}

/* The rest of an arrow key's sequence after its ESC, when it follows
 * within a tenth of a second (a lone Esc waits no longer); appended to
 * @key. */
static void text_keys_sequence(Text *text, GString *key)
{
    struct termios wait = text_keys_saved;

    wait.c_lflag &= ~(tcflag_t) (ICANON | ECHO);
    wait.c_cc[VMIN] = 0;
    wait.c_cc[VTIME] = 1;
    tcsetattr(fileno(text->in), TCSANOW, &wait);
    for (int i = 0; i < 2; i++) {
        int c = getc(text->in);
        if (c == EOF)
            break;
        g_string_append_c(key, (char) c);
    }
    clearerr(text->in); /* a timeout is no end of the input */
    text_keys_cook(text, FALSE);
}

char *text_read_command(Text *text)
{
    g_autoptr(GString) key = g_string_new(NULL);
    int c;

    if (!text->keys)
        return text_read_line(text);
    if (text_signal() != 0 || (c = getc(text->in)) == EOF) {
        text->lost = TRUE;
        text_keys_end(text);
        return NULL;
    }
    if (c == ':') {
        text_say(text, "Command:");
        return text_read_line(text);
    }
    if (c == '\n' || c == '\r')
        return g_strdup("");
    g_string_append_c(key, (char) c);
    if (c == 0x1b)
        text_keys_sequence(text, key);
    return g_string_free(g_steal_pointer(&key), FALSE);
}
