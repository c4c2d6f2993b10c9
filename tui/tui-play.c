/* tui-play.c — the play screen: the Tui object (a bus subscriber feeding the
 * message log) and the loop that reads a key, plays it as a turn through the
 * session, and draws the result. */
#include "tui.h"

#include "tui-private.h"

struct Tui {
    Bus *bus;
    guint subscription;
    const CavState *state; /* the state being played, while tui_run() runs */
    const CavView *sight;  /* the player's view and memory, likewise */
    TuiLog *log;
    TuiViewport viewport;
};

/* What one key press did to the loop. */
typedef enum {
    TUI_STEP_GO_ON,
    TUI_STEP_QUIT,
    TUI_STEP_FAILED,
} TuiStep;

static void tui_on_event(const CavEvent *event, gpointer user_data)
{
    Tui *tui = user_data;

    tui_log_event(tui->log, tui->state, event);
}

Tui *tui_new(Bus *bus)
{
    Tui *tui;

    g_return_val_if_fail(bus != NULL, NULL);
    tui = g_new0(Tui, 1);
    tui->bus = bus;
    tui->log = tui_log_new();
    tui->subscription = bus_subscribe_all(bus, tui_on_event, tui);
    return tui;
}

void tui_free(Tui *tui)
{
    if (tui == NULL)
        return;
    bus_unsubscribe(tui->bus, tui->subscription);
    tui_log_free(tui->log);
    g_free(tui);
}

static void tui_play_draw(gpointer data)
{
    Tui *tui = data;

    tui_draw_play(tui->state, tui->sight, tui->log, &tui->viewport);
}

static TuiStep tui_play_command(Tui *tui, Session *session, const CavCommand *command,
                                GError **error)
{
    g_autofree char *why = NULL;

    if (!session_play(session, command, &why, error))
        return TUI_STEP_FAILED;
    if (why != NULL)
        tui_log_add(tui->log, tui->state->turn, why);
    return TUI_STEP_GO_ON;
}

static TuiStep tui_play_key(Tui *tui, Session *session, int key, GError **error)
{
    CavCommand command;

    if (key == TUI_KEY_LOST)
        return TUI_STEP_QUIT;
    if (key == KEY_RESIZE)
        return TUI_STEP_GO_ON;
    if (!tui_screen_big_enough())
        return key == 'S' ? TUI_STEP_QUIT : TUI_STEP_GO_ON;
    tui_log_mark_read(tui->log);
    switch (tui_keys_action(key, &command)) {
    case TUI_ACTION_COMMAND:
        return tui_play_command(tui, session, &command, error);
    case TUI_ACTION_HELP:
        tui_panels_help(tui_play_draw, tui);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_HISTORY:
        tui_panels_history(tui->log);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_SAVE_QUIT:
        return TUI_STEP_QUIT;
    case TUI_ACTION_REDRAW:
        clearok(curscr, TRUE);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_NONE:
    default:
        return TUI_STEP_GO_ON;
    }
}

static gboolean tui_play_loop(Tui *tui, Session *session, GError **error)
{
    for (;;) {
        tui->state = session_state(session);
        tui->sight = session_view(session);
        if (tui->state->outcome != OUTCOME_PLAYING) {
            tui_panels_end(tui->state, tui_play_draw, tui);
            return TRUE;
        }
        tui_play_draw(tui);
        refresh();
        switch (tui_play_key(tui, session, tui_screen_read_key(), error)) {
        case TUI_STEP_GO_ON:
            break;
        case TUI_STEP_QUIT:
            return TRUE;
        case TUI_STEP_FAILED:
        default:
            return FALSE;
        }
    }
}

gboolean tui_run(Tui *tui, Session *session, GError **error)
{
    gboolean ok;

    g_return_val_if_fail(tui != NULL && session != NULL, FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    tui->state = session_state(session);
    tui_log_flush_pending(tui->log, tui->state);
    tui->viewport.placed = FALSE;
    if (!tui_screen_begin(error)) {
        tui->state = NULL;
        return FALSE;
    }
    ok = tui_play_loop(tui, session, error);
    tui_screen_end();
    tui->state = NULL;
    tui->sight = NULL;
    return ok;
}
