/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-term.c — whether the game can be played here at all: a terminal on
 * stdin and stdout whose terminfo entry can move the cursor. Apart from
 * tui-screen.c because <term.h> defines macros (lines, columns…) that
 * clash with ordinary names. */
#include <curses.h>
#include <term.h>
#include <unistd.h>

#include "tui.h"

/* Whether $TERM names a terminal whose cursor can be moved (terminfo's
 * "cup"; not TERM=dumb). Loads its entry and frees it again. */
static gboolean tui_screen_term_moves(void)
{
    int problem = 0;
    const char *move;
    gboolean moves;

    if (setupterm(NULL, STDOUT_FILENO, &problem) != OK)
        return FALSE;
    move = tigetstr("cup");
    moves = move != NULL && move != (const char *) -1;
    del_curterm(cur_term);
    return moves;
}

gboolean tui_check_terminal(GError **error)
{
    const char *term = g_getenv("TERM");

    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        g_set_error_literal(error, TUI_ERROR, TUI_ERROR_TERMINAL,
                            "the game needs a terminal to play in");
        return FALSE;
    }
    if (term == NULL || term[0] == '\0' || !tui_screen_term_moves()) {
        g_set_error(error, TUI_ERROR, TUI_ERROR_TERMINAL,
                    "cannot play in this terminal (TERM=%s): it cannot move its cursor",
                    term != NULL && term[0] != '\0' ? term : "unset");
        return FALSE;
    }
    return TRUE;
}
