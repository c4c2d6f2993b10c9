/* tui-panels.c — the screens around play: the start screen, and the panels
 * drawn over the play screen (key help, message history, end of game). None
 * of them passes a turn; each redraws itself after a resize. */
#include "tui-private.h"

#include "tui.h"

static const char *const tui_help_lines[] = {
    "Keys",
    "",
    "  y k u   7 8 9   move, or attack what is there;",
    "   \\|/     \\|/    moving into rock digs it.",
    "  h-@-l   4-@-6   vi-keys, the keypad or the arrows",
    "   /|\\     /|\\",
    "  b j n   1 2 3",
    "",
    "  . or 5          wait a turn",
    "  <  >            climb the stairs up / down",
    "  Ctrl-P          message history",
    "  ?               this help",
    "  S               save and quit (every turn is saved as you play)",
    "",
    "Press any key to go back.",
};

/* A framed box in the middle of the screen; the first line is its title and
 * the last a hint. */
static void tui_panels_box(const char *const *lines, gsize n_lines)
{
    int width = 0, height = (int) n_lines + 2, top, left;

    for (gsize i = 0; i < n_lines; i++)
        width = MAX(width, tui_screen_text_cols(lines[i]));
    width = MIN(width + 4, COLS);
    height = MIN(height, LINES);
    top = (LINES - height) / 2;
    left = (COLS - width) / 2;
    tui_screen_frame(top, left, height, width);
    for (gsize i = 0; i < n_lines && (int) i < height - 2; i++) {
        TuiStyle style =
            i == 0 ? TUI_STYLE_TITLE : (i + 1 == n_lines ? TUI_STYLE_HINT : TUI_STYLE_TEXT);
        tui_screen_put(top + 1 + (int) i, left + 2, lines[i], width - 4, tui_screen_attr(style));
    }
}

/* Show a box over @backdrop until a key other than a resize comes. */
static int tui_panels_over(const char *const *lines, gsize n_lines, TuiBackdrop backdrop,
                           gpointer data)
{
    int key;

    do {
        backdrop(data);
        if (tui_screen_big_enough())
            tui_panels_box(lines, n_lines);
        refresh();
        key = tui_screen_read_key();
    } while (key == KEY_RESIZE);
    return key;
}

void tui_panels_help(TuiBackdrop backdrop, gpointer data)
{
    g_return_if_fail(backdrop != NULL);
    tui_panels_over(tui_help_lines, G_N_ELEMENTS(tui_help_lines), backdrop, data);
}

void tui_panels_end(const CavState *state, TuiBackdrop backdrop, gpointer data)
{
    gboolean won = state->outcome == OUTCOME_WON;
    g_autofree char *cause = g_strdup_printf("You %s.", state->cause[0] ? state->cause : "died");
    g_autofree char *tally =
        g_strdup_printf("Turns: %d   Deepest level: %d", state->turn, state->deepest + 1);
    const char *lines[] = {
        won ? "You won!" : "Game over",
        won ? "You brought the teddy bear back to the surface." : cause,
        tally,
        "",
        "Press any key.",
    };

    g_return_if_fail(backdrop != NULL);
    tui_screen_flush_input();
    tui_panels_over(lines, G_N_ELEMENTS(lines), backdrop, data);
}

/* ---- message history --------------------------------------------------- */

/* The history as screen lines: the turn, then the message wrapped. */
static GPtrArray *tui_history_lines(const TuiLog *log)
{
    const GPtrArray *history = tui_log_history(log);
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < history->len; i++) {
        const TuiMessage *message = history->pdata[i];
        g_autoptr(GPtrArray) wrapped = tui_screen_wrap(message->text, MAX(COLS - 9, 10));

        for (guint j = 0; j < wrapped->len; j++) {
            if (j == 0)
                g_ptr_array_add(
                    lines, g_strdup_printf("%7d  %s", message->turn, (char *) wrapped->pdata[j]));
            else
                g_ptr_array_add(lines, g_strdup_printf("         %s", (char *) wrapped->pdata[j]));
        }
    }
    return lines;
}

static void tui_history_draw(const GPtrArray *lines, int first, int body)
{
    erase();
    tui_screen_put(0, 0, "Messages, oldest first.  Up/Down/PgUp/PgDn scroll; other keys go back.",
                   COLS, tui_screen_attr(TUI_STYLE_TITLE));
    if (lines->len == 0)
        tui_screen_put(2, 2, "Nothing has happened yet.", COLS, tui_screen_attr(TUI_STYLE_TEXT));
    for (int row = 0; row < body && first + row < (int) lines->len; row++)
        tui_screen_put(1 + row, 0, lines->pdata[first + row], COLS,
                       tui_screen_attr(TUI_STYLE_TEXT));
    refresh();
}

/* The new first line after @key, or -1 when @key leaves the history. */
static int tui_history_scroll(int key, int first, int body, int last)
{
    switch (key) {
    case KEY_UP:
    case 'k':
        return MAX(first - 1, 0);
    case KEY_DOWN:
    case 'j':
        return MIN(first + 1, last);
    case KEY_PPAGE:
        return MAX(first - body, 0);
    case KEY_NPAGE:
    case ' ':
        return MIN(first + body, last);
    case KEY_HOME:
        return 0;
    case KEY_END:
        return last;
    case KEY_RESIZE:
        return first;
    default:
        return -1;
    }
}

void tui_panels_history(const TuiLog *log)
{
    int first = G_MAXINT;

    g_return_if_fail(log != NULL);
    while (first >= 0) {
        g_autoptr(GPtrArray) lines = tui_history_lines(log);
        int body = MAX(LINES - 1, 1), last = MAX((int) lines->len - body, 0);

        first = CLAMP(first, 0, last);
        tui_history_draw(lines, first, body);
        first = tui_history_scroll(tui_screen_read_key(), first, body, last);
    }
}

/* ---- start screen ------------------------------------------------------ */

static void tui_start_draw(gboolean can_continue)
{
    const char *items[] = {"n   new game", "c   continue", "q   quit"};
    int top = MAX(0, LINES / 2 - 5), left = MAX(0, (COLS - 12) / 2), row = top + 4;

    erase();
    tui_screen_put_centred(top, "c a v e l o g", tui_screen_attr(TUI_STYLE_TITLE));
    tui_screen_put_centred(top + 1, "five levels of caves, and every deed written down",
                           tui_screen_attr(TUI_STYLE_HINT));
    for (gsize i = 0; i < G_N_ELEMENTS(items); i++) {
        if (i == 1 && !can_continue)
            continue;
        tui_screen_put(row++, left, items[i], COLS, tui_screen_attr(TUI_STYLE_TEXT));
    }
    refresh();
}

static TuiStartChoice tui_start_loop(gboolean can_continue)
{
    for (;;) {
        int key;

        tui_start_draw(can_continue);
        key = tui_screen_read_key();
        if (key == 'n' || key == 'N')
            return TUI_START_NEW;
        if ((key == 'c' || key == 'C') && can_continue)
            return TUI_START_CONTINUE;
        if (key == 'q' || key == 'Q' || key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            return TUI_START_QUIT;
    }
}

TuiStartChoice tui_start_screen(gboolean can_continue)
{
    g_autoptr(GError) error = NULL;
    TuiStartChoice choice;

    if (!tui_screen_begin(&error)) {
        g_printerr("cavelog: %s\n", error->message);
        return TUI_START_QUIT;
    }
    choice = tui_start_loop(can_continue);
    tui_screen_end();
    return choice;
}
