/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-screen.c — owning the terminal: taking it over and always giving it
 * back (on return, exit() and fatal signals), reading keys, colours, the
 * "terminal too small" note, and small text-drawing helpers. */
#include "tui-private.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "tui.h"

/* getch() waits at most this long, so a caught signal is acted on quickly. */
#define TUI_POLL_MS 200

/* Quick ERRs in a row that mean input is gone (EOF) rather than a timeout. */
#define TUI_LOST_AFTER 10

typedef struct {
    short fg;     /* colour on an 8-colour terminal */
    short fg256;  /* colour on a 256-colour terminal */
    attr_t attrs; /* with colours */
    attr_t mono;  /* without colours */
} TuiStyleSpec;

static const TuiStyleSpec tui_styles[TUI_STYLE_COUNT] = {
    [TUI_STYLE_TEXT] = {.fg = COLOR_WHITE, .fg256 = 252, .attrs = A_NORMAL, .mono = A_NORMAL},
    [TUI_STYLE_TITLE] = {.fg = COLOR_YELLOW, .fg256 = 220, .attrs = A_BOLD, .mono = A_BOLD},
    [TUI_STYLE_HINT] = {.fg = COLOR_CYAN, .fg256 = 109, .attrs = A_NORMAL, .mono = A_NORMAL},
    [TUI_STYLE_FRAME] = {.fg = COLOR_YELLOW, .fg256 = 137, .attrs = A_NORMAL, .mono = A_NORMAL},
    [TUI_STYLE_FLOOR] = {.fg = COLOR_WHITE, .fg256 = 248, .attrs = A_NORMAL, .mono = A_NORMAL},
    [TUI_STYLE_WALL] = {.fg = COLOR_YELLOW, .fg256 = 137, .attrs = A_NORMAL, .mono = A_BOLD},
    [TUI_STYLE_STAIRS] = {.fg = COLOR_WHITE, .fg256 = 231, .attrs = A_BOLD, .mono = A_BOLD},
    [TUI_STYLE_REMEMBERED] = {.fg = COLOR_BLUE, .fg256 = 240, .attrs = A_DIM, .mono = A_DIM},
    [TUI_STYLE_STRANGER] = {.fg = COLOR_MAGENTA, .fg256 = 201, .attrs = A_BOLD, .mono = A_BOLD},
    [TUI_STYLE_WARNING] = {.fg = COLOR_YELLOW, .fg256 = 220, .attrs = A_BOLD, .mono = A_BOLD},
    [TUI_STYLE_DANGER] = {.fg = COLOR_RED, .fg256 = 196, .attrs = A_BOLD, .mono = A_REVERSE},
};

/* Sequences terminals send for keypad keys that their terminfo entry may not
 * list: Home and End of xterm's normal mode, of vt220, tmux and rxvt, and the
 * keypad's centre. Defined only where the entry leaves them free. */
static const struct {
    const char *sequence;
    int key;
} tui_extra_keys[] = {
    {.sequence = "\033[H", .key = KEY_HOME},  {.sequence = "\033[F", .key = KEY_END},
    {.sequence = "\033[1~", .key = KEY_HOME}, {.sequence = "\033[4~", .key = KEY_END},
    {.sequence = "\033[7~", .key = KEY_HOME}, {.sequence = "\033[8~", .key = KEY_END},
    {.sequence = "\033[E", .key = KEY_B2},    {.sequence = "\033OE", .key = KEY_B2},
    {.sequence = "\033[G", .key = KEY_B2},
};

static const int tui_fatal_signals[] = {SIGINT, SIGTERM, SIGHUP};

static volatile sig_atomic_t tui_caught_signal;
static struct sigaction tui_old_actions[G_N_ELEMENTS(tui_fatal_signals)];
static SCREEN *tui_terminal;
static FILE *tui_offscreen_in, *tui_offscreen_out; /* /dev/null, for an off-screen one */
static gboolean tui_colours;

GQuark tui_error_quark(void)
{
    return g_quark_from_static_string("tui-error-quark");
}

static void tui_on_signal(int signum)
{
    tui_caught_signal = signum;
}

/* No SA_RESTART: a signal interrupts getch(), which polls anyway. A signal
 * that is ignored (nohup) stays ignored. Once one is caught it stays caught:
 * every screen after it reads as if the terminal were gone. */
static void tui_screen_catch_signals(void)
{
    struct sigaction action;

    memset(&action, 0, sizeof action);
    action.sa_handler = tui_on_signal;
    sigemptyset(&action.sa_mask);
    for (gsize i = 0; i < G_N_ELEMENTS(tui_fatal_signals); i++) {
        sigaction(tui_fatal_signals[i], NULL, &tui_old_actions[i]);
        if (tui_old_actions[i].sa_handler != SIG_IGN)
            sigaction(tui_fatal_signals[i], &action, NULL);
    }
}

static void tui_screen_release_signals(void)
{
    for (gsize i = 0; i < G_N_ELEMENTS(tui_fatal_signals); i++)
        sigaction(tui_fatal_signals[i], &tui_old_actions[i], NULL);
}

/* The colour names of the data files, in curses order (COLOR_BLACK…). */
static const char *const tui_colour_names[] = {
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

#define TUI_COLOUR_COUNT ((int) G_N_ELEMENTS(tui_colour_names))
#define TUI_BRIGHT "bright "

/* The pair of named colour @colour (0 … 7) in its @bright variant. */
static short tui_colour_pair(int colour, gboolean bright)
{
    return (short) (TUI_STYLE_COUNT + 1 + colour + (bright ? TUI_COLOUR_COUNT : 0));
}

/* One pair per named colour and its bright variant, after the styles'. On
 * a terminal of 16 colours or more, bright ones use the bright palette, and
 * black is drawn dark grey so that it shows on a black screen. */
static void tui_screen_init_named_colours(short background)
{
    gboolean sixteen = COLORS >= 16;

    if (COLOR_PAIRS <= tui_colour_pair(TUI_COLOUR_COUNT - 1, TRUE))
        return;
    for (int colour = 0; colour < TUI_COLOUR_COUNT; colour++) {
        short dark = (short) (sixteen && colour == COLOR_BLACK ? TUI_COLOUR_COUNT : colour);

        init_pair(tui_colour_pair(colour, FALSE), dark, background);
        init_pair(tui_colour_pair(colour, TRUE),
                  (short) (sixteen ? colour + TUI_COLOUR_COUNT : colour), background);
    }
}

static void tui_screen_init_colours(void)
{
    const char *no_colour = g_getenv("NO_COLOR");
    short background = COLOR_BLACK;
    gboolean rich;

    /* https://no-color.org: any non-empty value turns colours off */
    tui_colours =
        (no_colour == NULL || no_colour[0] == '\0') && has_colors() && start_color() == OK;
    if (!tui_colours)
        return;
    if (use_default_colors() == OK)
        background = -1;
    rich = COLORS >= 256 && COLOR_PAIRS > TUI_STYLE_COUNT;
    for (int style = 0; style < TUI_STYLE_COUNT; style++) {
        short fg = rich ? tui_styles[style].fg256 : tui_styles[style].fg;
        init_pair((short) (style + 1), fg, background);
    }
    tui_screen_init_named_colours(background);
}

static void tui_screen_define_keys(void)
{
    for (gsize i = 0; i < G_N_ELEMENTS(tui_extra_keys); i++)
        if (key_defined(tui_extra_keys[i].sequence) == 0)
            define_key(tui_extra_keys[i].sequence, tui_extra_keys[i].key);
}

static void tui_screen_at_exit(void)
{
    tui_screen_end();
}

/* Open the terminal named by $TERM; FALSE when there is none, or when it
 * cannot move its cursor (TERM=dumb). */
static gboolean tui_screen_open(void)
{
    const char *move;

    tui_terminal = newterm(NULL, stdout, stdin);
    if (tui_terminal == NULL)
        return FALSE;
    set_term(tui_terminal);
    move = tigetstr("cup");
    if (move != NULL && move != (const char *) -1)
        return TRUE;
    endwin();
    delscreen(tui_terminal);
    tui_terminal = NULL;
    return FALSE;
}

static void tui_screen_set_modes(void)
{
    set_escdelay(25);
    cbreak();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    curs_set(0);
    timeout(TUI_POLL_MS);
    tui_screen_define_keys();
    tui_screen_init_colours();
}

gboolean tui_screen_begin(GError **error)
{
    static gboolean exit_hook;
    const char *term = g_getenv("TERM");

    g_return_val_if_fail(tui_terminal == NULL, FALSE);
    setlocale(LC_ALL, "");
    if (!tui_check_terminal(error))
        return FALSE;
    tui_screen_catch_signals();
    if (!tui_screen_open()) {
        tui_screen_release_signals();
        g_set_error(error, TUI_ERROR, TUI_ERROR_TERMINAL, "cannot drive this terminal (TERM=%s)",
                    term != NULL ? term : "unset");
        return FALSE;
    }
    if (!exit_hook)
        exit_hook = atexit(tui_screen_at_exit) == 0;
    tui_screen_set_modes();
    return TRUE;
}

/* The terminal types an off-screen screen is drawn as, best first. */
static const char *const tui_offscreen_terms[] = {"xterm-256color", "xterm", "vt100"};

gboolean tui_screen_begin_offscreen(int lines, int cols, GError **error)
{
    g_return_val_if_fail(tui_terminal == NULL, FALSE);
    tui_offscreen_in = fopen("/dev/null", "re");
    tui_offscreen_out = fopen("/dev/null", "we");
    for (gsize i = 0; i < G_N_ELEMENTS(tui_offscreen_terms) && tui_terminal == NULL &&
                      tui_offscreen_in != NULL && tui_offscreen_out != NULL;
         i++)
        tui_terminal = newterm(tui_offscreen_terms[i], tui_offscreen_out, tui_offscreen_in);
    if (tui_terminal == NULL) {
        g_set_error_literal(error, TUI_ERROR, TUI_ERROR_TERMINAL,
                            "cannot draw the screen: no terminfo entry for an xterm");
        g_clear_pointer(&tui_offscreen_in, fclose);
        g_clear_pointer(&tui_offscreen_out, fclose);
        return FALSE;
    }
    set_term(tui_terminal);
    resizeterm(lines, cols);
    curs_set(0);
    tui_screen_init_colours();
    /* Caught as on a terminal: what draws off-screen (an asciicast) stops
     * at the next frame and removes what it was writing. */
    tui_screen_catch_signals();
    return TRUE;
}

void tui_screen_end(void)
{
    if (tui_terminal == NULL)
        return;
    endwin();
    delscreen(tui_terminal);
    tui_terminal = NULL;
    g_clear_pointer(&tui_offscreen_in, fclose);
    g_clear_pointer(&tui_offscreen_out, fclose);
    tui_screen_release_signals();
}

int tui_screen_signal(void)
{
    return tui_caught_signal;
}

/* After an ESC: swallow the rest of an escape sequence that is no key we
 * know (its digits and letters must not be taken for keys); give back a key
 * that follows a lone ESC (Alt-key). */
static void tui_screen_skip_sequence(void)
{
    int introducer, next;

    timeout(0);
    introducer = getch();
    if (introducer == '[') {
        do
            next = getch();
        while (next != ERR && (next < 0x40 || next > 0x7e));
    } else if (introducer == 'O') {
        getch();
    } else if (introducer != ERR) {
        ungetch(introducer);
    }
    timeout(TUI_POLL_MS);
}

int tui_screen_read_key(void)
{
    int quick_errors = 0;

    for (;;) {
        gint64 asked = g_get_monotonic_time();
        int key = getch();

        if (tui_caught_signal != 0)
            return TUI_KEY_LOST;
        if (key == TUI_KEY_ESCAPE)
            tui_screen_skip_sequence();
        if (key != ERR)
            return key;
        if (g_get_monotonic_time() - asked >= TUI_POLL_MS * 1000 / 2)
            quick_errors = 0;
        else if (++quick_errors >= TUI_LOST_AFTER)
            return TUI_KEY_LOST;
    }
}

int tui_screen_read_key_within(int ms)
{
    gint64 deadline = g_get_monotonic_time() + (gint64) MAX(ms, 0) * 1000;
    int quick_errors = 0, key;

    for (;;) {
        gint64 asked = g_get_monotonic_time(), left = (deadline - asked) / 1000;

        timeout((int) CLAMP(left, 0, TUI_POLL_MS));
        key = getch();
        timeout(TUI_POLL_MS);
        if (tui_caught_signal != 0)
            return TUI_KEY_LOST;
        if (key == TUI_KEY_ESCAPE)
            tui_screen_skip_sequence();
        if (key != ERR)
            return key;
        if (g_get_monotonic_time() >= deadline)
            return ERR;
        /* ERR long before the time asked for, again and again: input is gone */
        if (g_get_monotonic_time() - asked >= MIN(left, TUI_POLL_MS) * 1000 / 2)
            quick_errors = 0;
        else if (++quick_errors >= TUI_LOST_AFTER)
            return TUI_KEY_LOST;
    }
}

void tui_screen_flush_input(void)
{
    flushinp();
}

gboolean tui_screen_key_waiting(void)
{
    int key;

    timeout(0);
    key = getch();
    timeout(TUI_POLL_MS);
    if (tui_caught_signal != 0)
        return TRUE;
    if (key == ERR || key == KEY_RESIZE)
        return FALSE;
    flushinp();
    return TRUE;
}

gboolean tui_screen_big_enough(void)
{
    return COLS >= TUI_MIN_COLS && LINES >= TUI_MIN_LINES;
}

attr_t tui_screen_attr(TuiStyle style)
{
    g_return_val_if_fail(style < TUI_STYLE_COUNT, A_NORMAL);
    if (!tui_colours)
        return tui_styles[style].mono;
    return tui_styles[style].attrs | (attr_t) COLOR_PAIR(style + 1);
}

attr_t tui_screen_colour(const char *name)
{
    gboolean bright;
    const char *base;

    g_return_val_if_fail(name != NULL, A_NORMAL);
    bright = g_str_has_prefix(name, TUI_BRIGHT);
    base = bright ? name + strlen(TUI_BRIGHT) : name;
    for (int colour = 0; colour < TUI_COLOUR_COUNT; colour++) {
        if (strcmp(base, tui_colour_names[colour]) != 0)
            continue;
        if (!tui_colours || COLOR_PAIRS <= tui_colour_pair(TUI_COLOUR_COUNT - 1, TRUE))
            return bright ? A_BOLD : A_NORMAL;
        return (attr_t) COLOR_PAIR(tui_colour_pair(colour, bright)) | (bright ? A_BOLD : A_NORMAL);
    }
    return tui_screen_attr(TUI_STYLE_STRANGER);
}

static gboolean tui_screen_utf8(void)
{
    return g_str_equal(nl_langinfo(CODESET), "UTF-8");
}

const char *tui_screen_times(void)
{
    return tui_screen_utf8() ? "×" : "x";
}

/* @text as this terminal can show it: itself where the locale is UTF-8,
 * else transliterated to ASCII (“and” as "and", … as ..., × as x; any other
 * character as ?), one column a byte. Caller frees. */
static char *tui_screen_shown(const char *text)
{
    return tui_screen_utf8() ? g_strdup(text) : g_str_to_ascii(text, "C");
}

int tui_screen_text_cols(const char *text)
{
    g_autofree char *shown = tui_screen_shown(text);

    return (int) g_utf8_strlen(shown, -1);
}

void tui_screen_put(int row, int col, const char *text, int max_cols, attr_t attr)
{
    g_autofree char *shown = tui_screen_shown(text);
    glong chars = g_utf8_strlen(shown, -1);
    const char *end;

    if (row < 0 || row >= LINES || col >= COLS || max_cols <= 0)
        return;
    max_cols = MIN(max_cols, COLS - col);
    end = chars > max_cols ? g_utf8_offset_to_pointer(shown, max_cols) : shown + strlen(shown);
    attrset(attr);
    mvaddnstr(row, col, shown, (int) (end - shown));
    attrset(A_NORMAL);
}

void tui_screen_put_centred(int row, const char *text, attr_t attr)
{
    int cols = tui_screen_text_cols(text);

    tui_screen_put(row, MAX(0, (COLS - cols) / 2), text, COLS, attr);
}

/* Draw @piece @count times from (@row, @col), rightwards or downwards. */
static void tui_frame_run(int row, int col, const char *piece, int count, gboolean down)
{
    for (int i = 0; i < count; i++)
        mvaddstr(down ? row + i : row, down ? col : col + i, piece);
}

void tui_screen_frame(int top, int left, int lines, int cols)
{
    gboolean utf8 = tui_screen_utf8();
    int bottom = top + lines - 1, right = left + cols - 1;

    for (int row = top; row < top + lines; row++)
        mvhline(row, left, ' ', cols);
    attrset(tui_screen_attr(TUI_STYLE_FRAME));
    tui_frame_run(top, left + 1, utf8 ? "─" : "-", cols - 2, FALSE);
    tui_frame_run(bottom, left + 1, utf8 ? "─" : "-", cols - 2, FALSE);
    tui_frame_run(top + 1, left, utf8 ? "│" : "|", lines - 2, TRUE);
    tui_frame_run(top + 1, right, utf8 ? "│" : "|", lines - 2, TRUE);
    mvaddstr(top, left, utf8 ? "┌" : "+");
    mvaddstr(top, right, utf8 ? "┐" : "+");
    mvaddstr(bottom, left, utf8 ? "└" : "+");
    mvaddstr(bottom, right, utf8 ? "┘" : "+");
    attrset(A_NORMAL);
}

/* Append the first @cols characters of @text (which has at least that many). */
static void tui_wrap_take(GPtrArray *lines, const char *text, int cols)
{
    const char *end = g_utf8_offset_to_pointer(text, cols);

    g_ptr_array_add(lines, g_strndup(text, (gsize) (end - text)));
}

GPtrArray *tui_screen_wrap(const char *text, int width)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    g_return_val_if_fail(text != NULL && width > 0, lines);
    while (*text == ' ')
        text++;
    while (*text != '\0') {
        int cols = tui_screen_text_cols(text), cut = 0, i = 0;

        if (cols <= width) {
            g_ptr_array_add(lines, g_strdup(text));
            break;
        }
        /* the last space at or before column @width */
        for (const char *p = text; i <= width; p = g_utf8_next_char(p), i++)
            if (*p == ' ')
                cut = i;
        tui_wrap_take(lines, text, cut > 0 ? cut : width);
        text = g_utf8_offset_to_pointer(text, cut > 0 ? cut : width);
        while (*text == ' ')
            text++;
    }
    return lines;
}

/* Erase the screen and draw the centred note that the terminal is too small,
 * ending in @what to do ("Enlarge it to go on…"). */
static void tui_screen_draw_small_note(const char *what)
{
    g_autofree char *need = g_strdup_printf("cavelog needs a terminal of at least %d%s%d;",
                                            TUI_MIN_COLS, tui_screen_times(), TUI_MIN_LINES);
    g_autofree char *have = g_strdup_printf("this one is %d%s%d.", COLS, tui_screen_times(), LINES);
    const char *paragraphs[] = {need, have, "", what};
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);

    for (gsize i = 0; i < G_N_ELEMENTS(paragraphs); i++) {
        g_autoptr(GPtrArray) wrapped = tui_screen_wrap(paragraphs[i], MAX(COLS, 1));
        if (wrapped->len == 0)
            g_ptr_array_add(lines, g_strdup(""));
        for (guint j = 0; j < wrapped->len; j++)
            g_ptr_array_add(lines, g_strdup(wrapped->pdata[j]));
    }
    erase();
    for (guint i = 0; i < lines->len; i++)
        tui_screen_put_centred(MAX(0, (LINES - (int) lines->len) / 2) + (int) i, lines->pdata[i],
                               tui_screen_attr(i < 2 ? TUI_STYLE_TITLE : TUI_STYLE_TEXT));
}

void tui_screen_draw_too_small(void)
{
    tui_screen_draw_small_note("Enlarge it to go on (S saves and quits).");
}

/* Whether the terminal on stdout is big enough by its own word (the
 * kernel's window size), without taking it over. */
static gboolean tui_screen_told_big_enough(void)
{
    struct winsize size;

    return ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= TUI_MIN_COLS &&
           size.ws_row >= TUI_MIN_LINES;
}

gboolean tui_wait_for_room(GError **error)
{
    int key = KEY_RESIZE;
    gboolean big;

    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (tui_screen_told_big_enough())
        return TRUE;
    if (!tui_screen_begin(error))
        return FALSE;
    while (!tui_screen_big_enough() && key != 'q' && key != 'Q' && key != 'S' &&
           key != TUI_KEY_ESCAPE && key != TUI_KEY_LOST) {
        tui_screen_draw_small_note("Enlarge it to begin (q quits).");
        refresh();
        key = tui_screen_read_key();
    }
    big = tui_screen_big_enough() && key != TUI_KEY_LOST;
    tui_screen_end();
    return big;
}
