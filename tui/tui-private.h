/* tui-private.h — what the tui-*.c files share: the terminal (tui-screen.c),
 * the message log projection (tui-log.c), key bindings (tui-keys.c), drawing
 * the play screen (tui-draw.c) and the panels drawn over it (tui-panels.c). */
#ifndef CAV_TUI_TUI_PRIVATE_H
#define CAV_TUI_TUI_PRIVATE_H

#include <curses.h>
#include <glib.h>

#include "command.h"
#include "event.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

/* ---- tui-screen.c: the terminal ---------------------------------------- */

#define TUI_MIN_COLS 80
#define TUI_MIN_LINES 24

/* What tui_screen_read_key() returns when the terminal is gone (EOF on input). */
#define TUI_KEY_LOST (-2)

/* The key code of Ctrl-@letter (an upper-case letter). */
#define TUI_KEY_CTRL(letter) ((letter) - '@')
#define TUI_KEY_ESCAPE 27

/* How a thing on screen looks; tui_screen_attr() turns it into attributes. */
typedef enum {
    TUI_STYLE_TEXT,
    TUI_STYLE_TITLE,
    TUI_STYLE_HINT,
    TUI_STYLE_FRAME,
    TUI_STYLE_FLOOR,
    TUI_STYLE_WALL,
    TUI_STYLE_STAIRS,
    TUI_STYLE_REMEMBERED,
    TUI_STYLE_PLAYER,
    TUI_STYLE_FUNGUS,
    TUI_STYLE_BAT,
    TUI_STYLE_ZOMBIE,
    TUI_STYLE_GOBLIN,
    TUI_STYLE_STRANGER,
    TUI_STYLE_COUNT
} TuiStyle;

/* Set the locale, install signal handlers and take the terminal (cbreak, no
 * echo, keypad, no cursor, colours). FALSE with a TUI_ERROR if it cannot. */
gboolean tui_screen_begin(GError **error);

/* Give the terminal back as it was (endwin) and restore the signal handlers.
 * Does nothing when the screen is not active. */
void tui_screen_end(void);

/* The next key (a curses key code, KEY_RESIZE after a resize, TUI_KEY_LOST
 * when input is gone). A caught SIGINT/SIGTERM/SIGHUP ends the screen and
 * kills the process with that signal. */
int tui_screen_read_key(void);

/* Throw away keys typed ahead (before a screen that any key dismisses). */
void tui_screen_flush_input(void);

/* TRUE when the terminal is at least TUI_MIN_COLS × TUI_MIN_LINES. */
gboolean tui_screen_big_enough(void);

/* Erase the screen and draw the centred "needs a terminal of at least…" note. */
void tui_screen_draw_too_small(void);

attr_t tui_screen_attr(TuiStyle style);

/* "×" where the terminal speaks UTF-8, else "x". */
const char *tui_screen_times(void);

/* Draw @text at (@row, @col), clipped to @max_cols columns (characters). */
void tui_screen_put(int row, int col, const char *text, int max_cols, attr_t attr);

/* Draw @text centred on @row, clipped to the screen width. */
void tui_screen_put_centred(int row, const char *text, attr_t attr);

/* Clear a rectangle and draw a frame around it (outer size @lines × @cols). */
void tui_screen_frame(int top, int left, int lines, int cols);

/* Break @text into lines of at most @width characters at spaces (words longer
 * than @width are cut). Returns a GPtrArray of strings owned by the caller. */
GPtrArray *tui_screen_wrap(const char *text, int width);

/* Number of characters (not bytes) of UTF-8 @text. */
int tui_screen_text_cols(const char *text);

/* ---- tui-log.c: the message log, a projection of events --------------- */

typedef struct {
    gint32 turn;
    char *text;
} TuiMessage;

typedef struct TuiLog TuiLog;

/* At most this many messages are kept in the history. */
#define TUI_LOG_HISTORY_MAX 500

TuiLog *tui_log_new(void);
void tui_log_free(TuiLog *log);

/* Offer @event to the log. With @state (the state right after evolving
 * @event) the message is written now; with NULL the event is kept (the last
 * few thousand) until tui_log_flush_pending(). */
void tui_log_event(TuiLog *log, const CavState *state, const CavEvent *event);

/* Describe the kept events with @state (the best state there is now). Those
 * of the state's last turn become unread messages; older ones go straight
 * into the history. */
void tui_log_flush_pending(TuiLog *log, const CavState *state);

/* Add a message that did not come from an event (a rejected command). */
void tui_log_add(TuiLog *log, gint32 turn, const char *text);

/* Mark every message read (the player pressed a key). */
void tui_log_mark_read(TuiLog *log);

/* The history, oldest first, of TuiMessage (borrowed), and how many of its
 * last entries are unread. */
const GPtrArray *tui_log_history(const TuiLog *log);
guint tui_log_unread(const TuiLog *log);

/* ---- tui-keys.c: what a key means on the play screen ------------------ */

typedef enum {
    TUI_ACTION_NONE, /* an unknown key: nothing happens, no turn passes */
    TUI_ACTION_COMMAND,
    TUI_ACTION_HELP,
    TUI_ACTION_HISTORY,
    TUI_ACTION_SAVE_QUIT,
    TUI_ACTION_REDRAW,
} TuiAction;

/* The action of @key; for TUI_ACTION_COMMAND, the command in *@command. */
TuiAction tui_keys_action(int key, CavCommand *command);

/* ---- tui-draw.c: the play screen --------------------------------------- */

/* Which part of the map is on screen: its top-left cell, kept between frames
 * so the map only scrolls when the player nears the edge of the screen. */
typedef struct {
    gint32 z, left, top;
    gboolean placed;
} TuiViewport;

/* Erase and draw the play screen (messages on top, map, stats line) for
 * @state as the player knows it (@sight), scrolling @viewport to follow the
 * player; or the too-small note. Does not refresh. */
void tui_draw_play(const CavState *state, const CavView *sight, const TuiLog *log,
                   TuiViewport *viewport);

/* ---- tui-panels.c: screens over the play screen ------------------------ */

/* Draws whatever lies behind a panel (after a resize too). */
typedef void (*TuiBackdrop)(gpointer data);

/* The key help; any key closes it. */
void tui_panels_help(TuiBackdrop backdrop, gpointer data);

/* The message history, scrollable; any other key closes it. */
void tui_panels_history(const TuiLog *log);

/* The end of the game (won or lost); waits for a key. */
void tui_panels_end(const CavState *state, TuiBackdrop backdrop, gpointer data);

G_END_DECLS

#endif
