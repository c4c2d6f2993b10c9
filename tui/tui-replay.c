/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay.c — the replay screen: the play screen as the player saw it at
 * a turn (map, memory, stats, the messages of that turn) under a replay bar,
 * moved by keys (play, pause, speed, steps, jumps, searches) and, for a game
 * still being played, following the file as it grows. Every move, backward
 * too, is a seek in the history's snapshots. */
#include "tui.h"

#include "tui-replay.h"

#include <string.h>

#include "bookmarks.h"
#include "fork.h"
#include "shown.h"

/* Turns a second of each speed, slowest first; 0 is "as fast as the screen
 * draws". */
static const double replay_speeds[] = {0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 0};
static const char *const replay_speed_names[] = {
    "1/4 turn/s", "1/2 turn/s", "1 turn/s",   "2 turns/s",  "4 turns/s",
    "8 turns/s",  "16 turns/s", "32 turns/s", "64 turns/s", "max speed",
};
#define REPLAY_SPEED_DEFAULT 4

/* How often a game still being played is looked at for new turns. */
#define REPLAY_POLL_MS 250
/* How long the loop sleeps when nothing plays. */
#define REPLAY_IDLE_MS 1000
#define REPLAY_JUMP 20
#define REPLAY_INPUT_MAX 80

typedef struct {
    History *history;
    gint32 turn, last;   /* the turn shown, the file's last */
    gboolean playing;    /* turns advance by themselves */
    gboolean omniscient; /* the whole level, not what the player saw */
    gboolean following;  /* the game is unfinished: the file may grow */
    guint speed;         /* index into replay_speeds */
    gint64 next_step;    /* when playing: monotonic µs of the next turn */
    gint64 next_poll;    /* when following: of the next look at the file */
    TuiLog *log;         /* the messages of the turn shown */
    TuiViewport viewport;
    CavView all; /* the omniscient view */
    GString *note;
    char *query;          /* the last condition sought */
    GPtrArray *bookmarks; /* the file's bookmarks (Bookmark), or NULL */
    char *play_on;        /* after `P`: the fork to play, which ends the replay */
    char *cast_speed;     /* recording a cast: its speed, as the bar says it; else NULL */
    GError *failure;
} Replay;

static const char *const replay_help_lines[] = {
    "Replay keys",
    "Space                 play or pause",
    "+  -                  faster, slower: 1/4 to 64 turns a second, then max",
    "l h  Right Left       one turn forward, back",
    "L H  Shift-arrows     twenty turns forward, back",
    "Home End              the first turn, the last",
    "g                     go to a turn typed in",
    ">  <                  the next, previous change of depth",
    "n  N                  the next, previous notable moment: you were hurt,",
    "                      a kill, a level gained, an item identified, the end",
    "o                     omniscient view (all of the depth) on or off",
    "Ctrl-P                the messages up to this turn",
    "b                     bookmark this turn, with a note",
    "'                     the bookmarks: a letter jumps to one",
    "P                     play from here: a new game from this turn",
    "/  \\                  the next, previous turn where a condition holds, as",
    "                      type=CreatureDied  hp<25%  depth=4 and kills>=10",
    "  type=EVENT or type!=EVENT: an event of that type in the turn (or none);",
    "  hp mp food (a number, or a % of the maximum), depth level xp kills turn",
    "  with = != < <= > >=; join terms with “and”. Enter alone: the last again.",
    "q  Esc                quit",
    "Press any key to go back.",
};

/* ---- moving -------------------------------------------------------------- */

/* Show @turn (clamped to the file): seek there and word its messages. */
static void replay_goto(Replay *r, gint32 turn)
{
    if (r->failure != NULL)
        return;
    r->turn = CLAMP(turn, 0, r->last);
    tui_log_free(r->log);
    r->log = tui_log_new();
    replay_show_turn(r->history, r->turn, r->log, &r->failure);
}

static void replay_note(Replay *r, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void replay_note(Replay *r, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_string_vprintf(r->note, format, args);
    va_end(args);
}

/* Look for new turns of a game still being played (as `tail -f` does). */
static void replay_poll(Replay *r)
{
    g_autoptr(GError) error = NULL;
    gint64 now = g_get_monotonic_time();

    if (!r->following || now < r->next_poll)
        return;
    r->next_poll = now + REPLAY_POLL_MS * 1000;
    if (!history_update(r->history, NULL, &error)) {
        r->following = FALSE;
        replay_note(r, "Stopped following the file: %s", error->message);
        return;
    }
    r->last = replay_last_turn(r->history);
    r->following = history_last_state(r->history)->outcome == OUTCOME_PLAYING;
}

/* The time between turns at the present speed, in µs (0: none). */
static gint64 replay_interval(const Replay *r)
{
    double speed = replay_speeds[r->speed];

    return speed > 0 ? (gint64) (1e6 / speed) : 0;
}

static void replay_toggle_play(Replay *r)
{
    r->playing = !r->playing;
    r->next_step = g_get_monotonic_time() + replay_interval(r);
}

/* Playing: the next turn is due; show it, or wait at the end. */
static void replay_advance(Replay *r)
{
    gint64 now = g_get_monotonic_time();

    if (!r->playing || now < r->next_step)
        return;
    r->next_step = MAX(r->next_step + replay_interval(r), now);
    if (r->turn < r->last)
        replay_goto(r, r->turn + 1);
    else if (!r->following)
        r->playing = FALSE;
}

/* ---- drawing ----------------------------------------------------------- */
/* A note (the answer to a search) goes on the row under the bar, or over
 * the map's row above it when there is none: the turn's messages stay. */

/* What the bar says of playing: "playing", "waiting for new turns"… */
static const char *replay_mode(const Replay *r)
{
    if (!r->playing)
        return r->turn == r->last && !r->following ? "paused at the end" : "paused";
    return r->turn == r->last && r->following ? "waiting for new turns" : "playing";
}

/* The replay bar: below the effects line when there is a row for it, else
 * over the map's last row. Returns its row. */
static int replay_draw_bar(const Replay *r, const CavState *state)
{
    const CavCreature *player = state_player(state);
    g_autofree char *text = NULL;
    const char *hint = r->cast_speed != NULL ? ""
                       : r->playing          ? "Space pause  ? keys"
                                             : "Space play  ? keys";
    TuiLayout layout;
    int row;

    tui_draw_layout(&layout);
    row = layout.effects_row + 1 < LINES ? layout.effects_row + 1 : layout.stats_row - 1;
    text = g_strdup_printf("REPLAY  turn %d of %d  depth %d  %s  %s%s%s", r->turn, r->last,
                           player != NULL ? player->z + 1 : 1,
                           r->cast_speed != NULL ? r->cast_speed : replay_speed_names[r->speed],
                           replay_mode(r), r->omniscient ? "  omniscient" : "",
                           replay_has_bookmark(r->history, r->bookmarks, r->turn) ? "  bookmarked"
                                                                                  : "");
    move(row, 0);
    clrtoeol();
    mvhline(row, 0, ' ' | tui_screen_attr(TUI_STYLE_TITLE) | A_REVERSE, COLS);
    tui_screen_put(row, 0, text, COLS, tui_screen_attr(TUI_STYLE_TITLE) | A_REVERSE);
    if (*hint != '\0' && COLS - tui_screen_text_cols(hint) > tui_screen_text_cols(text) + 2)
        tui_screen_put(row, COLS - tui_screen_text_cols(hint), hint, COLS,
                       tui_screen_attr(TUI_STYLE_TITLE) | A_REVERSE);
    return row;
}

/* The view drawn: the player's, or every cell of their level. */
static const CavView *replay_sight(Replay *r, const CavState *state)
{
    const CavCreature *player = state_player(state);

    if (!r->omniscient || player == NULL)
        return history_view(r->history);
    r->all.z = player->z;
    memset(r->all.visible, 1, sizeof r->all.visible);
    memset(r->all.memory, MEMORY_SEEN, sizeof r->all.memory);
    return &r->all;
}

static void replay_draw(gpointer data)
{
    Replay *r = data;
    const CavState *state = history_state(r->history);
    TuiLayout layout;
    int row;

    /* Centred on the player each time: the screen at a turn is the same
     * however it was reached (a viewport that follows would depend on the
     * way). */
    r->viewport.placed = FALSE;
    tui_draw_play(state, replay_sight(r, state), r->log, &r->viewport);
    if (!tui_screen_big_enough())
        return;
    row = replay_draw_bar(r, state);
    if (r->note->len == 0)
        return;
    tui_draw_layout(&layout);
    /* under the bar when it is under the effects line, else over the map */
    row = row > layout.effects_row && row + 1 < LINES ? row + 1 : row - 1;
    move(row, 0);
    clrtoeol();
    tui_screen_put(row, 0, r->note->str, COLS, tui_screen_attr(TUI_STYLE_HINT));
}

/* ---- asking ------------------------------------------------------------ */

/* Read a line on the message rows after @prompt, starting from @initial.
 * TRUE with the text (caller frees) on Enter; FALSE on Esc. */
static gboolean replay_ask(Replay *r, const char *prompt, const char *initial, char **out)
{
    g_autoptr(GString) text = g_string_new(initial);
    TuiLayout layout;

    for (;;) {
        g_autofree char *line = g_strdup_printf("%s%s_", prompt, text->str);
        int key;

        replay_draw(r);
        tui_draw_layout(&layout);
        tui_draw_message_rows(&layout, line, "Enter go  Esc cancel");
        refresh();
        key = tui_screen_read_key();
        if (key == '\n' || key == '\r' || key == KEY_ENTER) {
            *out = g_strdup(text->str);
            return TRUE;
        }
        if (key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            return FALSE;
        if ((key == KEY_BACKSPACE || key == 127 || key == 8) && text->len > 0)
            g_string_truncate(text, text->len - 1);
        else if (key >= ' ' && key < 127 && text->len < REPLAY_INPUT_MAX)
            g_string_append_c(text, (char) key);
    }
}

/* `g`: go to a turn typed in. */
static void replay_ask_turn(Replay *r)
{
    g_autofree char *text = NULL;
    guint64 turn;

    if (!replay_ask(r, "Go to turn: ", "", &text) || *g_strstrip(text) == '\0')
        return;
    if (!g_ascii_string_to_unsigned(text, 10, 0, G_MAXINT32, &turn, NULL)) {
        replay_note(r, "“%s” is not a turn: type a whole number from 0 to %d.", text, r->last);
        return;
    }
    if ((gint64) turn > r->last)
        replay_note(r, "The game has %d turn%s; this is the last.", r->last,
                    r->last == 1 ? "" : "s");
    replay_goto(r, (gint32) turn);
}

/* `/` (@forward) or `\`: the next or previous turn where a condition holds
 * (Enter alone: the last one sought, either way). */
static void replay_ask_query(Replay *r, gboolean forward)
{
    g_autofree char *text = NULL;
    g_autoptr(ReplayQuery) query = NULL;
    g_autoptr(GError) error = NULL;
    gint32 found = 0, from = r->turn;

    if (!replay_ask(r, forward ? "Seek: " : "Seek back: ", r->query != NULL ? r->query : "", &text))
        return;
    query = replay_query_parse(text, &error);
    if (query == NULL) {
        replay_note(r, "Bad condition: %s.", error->message);
        return;
    }
    g_free(r->query);
    r->query = g_strdup(g_strstrip(text));
    /* a condition on the state folds turn after turn: say so meanwhile */
    replay_note(r, "Seeking %s…", r->query);
    replay_draw(r);
    refresh();
    g_string_truncate(r->note, 0);
    if (replay_find_query(r->history, from, forward, query, &found, &r->failure))
        replay_goto(r, found);
    else {
        replay_note(r, "No turn %s %d where %s holds.", forward ? "after" : "before", from,
                    r->query);
        replay_goto(r, from);
    }
}

/* ---- bookmarks and forks ------------------------------------------------ */

/* The file's bookmarks, read again (another viewer may have added some). */
static void replay_load_bookmarks(Replay *r)
{
    g_autoptr(GError) error = NULL;
    GPtrArray *bookmarks = bookmarks_read(history_store(r->history), &error);

    if (bookmarks == NULL) {
        replay_note(r, "Cannot read the bookmarks: %s", error->message);
        return;
    }
    if (r->bookmarks != NULL)
        g_ptr_array_unref(r->bookmarks);
    r->bookmarks = bookmarks;
}

/* `b`: bookmark the turn shown (its last event) with a note typed in. */
static void replay_bookmark(Replay *r)
{
    g_autofree char *note = NULL;
    g_autofree char *prompt = g_strdup_printf("Bookmark turn %d, note: ", r->turn);
    g_autoptr(GError) error = NULL;
    gint64 seq = replay_turn_end(r->history, r->turn);

    r->playing = FALSE;
    if (seq == 0 || !replay_ask(r, prompt, "", &note))
        return;
    if (!bookmarks_add(history_store(r->history), seq, g_strstrip(note), &error)) {
        replay_note(r, "Not bookmarked: %s", error->message);
        return;
    }
    replay_load_bookmarks(r);
    replay_note(r, "Bookmarked turn %d. ' lists the bookmarks.", r->turn);
}

/* `'`: the bookmarks; a letter jumps to one. */
static void replay_list_bookmarks(Replay *r)
{
    const HistoryEntry *entry;
    gint64 seq;

    replay_load_bookmarks(r);
    if (r->bookmarks == NULL)
        return;
    seq = replay_pick_bookmark(r->history, r->bookmarks, r->turn, replay_draw, r);
    entry = seq > 0 ? history_entry(r->history, seq) : NULL;
    if (entry == NULL)
        return;
    r->playing = FALSE;
    replay_goto(r, entry->turn);
    for (guint i = 0; i < r->bookmarks->len; i++) {
        const Bookmark *bookmark = g_ptr_array_index(r->bookmarks, i);
        g_autofree char *shown = bookmarks_note_shown(bookmark->note);
        if (bookmark->seq == seq)
            replay_note(r, "Turn %d: %s", entry->turn, shown);
    }
}

/* Ask whether to play the fork at @path now: TRUE for yes. */
static gboolean replay_ask_play_on(Replay *r, const char *path)
{
    g_autofree char *name = g_filename_display_basename(path);
    g_autofree char *question =
        g_strdup_printf("Forked: turns 0 to %d saved as %s. Play on now? (y/n)", r->turn, name);
    TuiLayout layout;
    int key;

    do {
        replay_draw(r);
        tui_draw_layout(&layout);
        tui_draw_message_rows(&layout, question, "y play on  n keep watching");
        refresh();
        key = tui_screen_read_key();
    } while (key == KEY_RESIZE);
    return key == 'y' || key == 'Y';
}

/* `P`: play from here — fork the game at the turn shown, then offer to
 * play the fork (the replay ends) or say where it was saved. */
static void replay_fork(Replay *r)
{
    const char *parent = history_path(r->history);
    g_autofree char *path = fork_default_path(parent, r->turn);
    g_autoptr(GError) error = NULL;

    r->playing = FALSE;
    replay_note(r, "Forking the game at turn %d…", r->turn);
    replay_draw(r);
    refresh();
    g_string_truncate(r->note, 0);
    if (!fork_game_from(history_store(r->history), r->turn, path, NULL, &error)) {
        replay_note(r, "Could not fork: %s", error->message);
        return;
    }
    if (replay_ask_play_on(r, path))
        r->play_on = g_steal_pointer(&path);
    else
        replay_note(r, "The fork is saved as %s; cavelog continue plays it.", path);
}

/* ---- keys ---------------------------------------------------------------- */

/* `>` `<` `n` `N`: the next or previous turn of @what. */
static void replay_jump(Replay *r, ReplayFind what, gboolean forward)
{
    const char *why = NULL;
    gint32 found = 0;

    if (replay_find(r->history, r->turn, forward, what, &found, &why, &r->failure)) {
        replay_goto(r, found);
        replay_note(r, "Turn %d: %s.", found, why);
    } else if (r->failure == NULL) {
        replay_note(r, "No %s %s turn %d.",
                    what == REPLAY_FIND_LEVEL ? "change of depth" : "notable moment",
                    forward ? "after" : "before", r->turn);
    }
}

static void replay_history(Replay *r)
{
    TuiLog *log = tui_log_new();

    if (replay_history_upto(r->history, r->turn, log, &r->failure))
        tui_panels_history(log);
    tui_log_free(log);
    replay_goto(r, r->turn);
}

/* The keys that move the replay; FALSE for another key. */
static gboolean replay_move_key(Replay *r, int key)
{
    switch (key) {
    case KEY_RIGHT:
    case 'l':
        replay_goto(r, r->turn + 1);
        return TRUE;
    case KEY_LEFT:
    case 'h':
        replay_goto(r, r->turn - 1);
        return TRUE;
    case KEY_SRIGHT:
    case 'L':
        replay_goto(r, r->turn + REPLAY_JUMP);
        return TRUE;
    case KEY_SLEFT:
    case 'H':
        replay_goto(r, r->turn - REPLAY_JUMP);
        return TRUE;
    case KEY_HOME:
        replay_goto(r, 0);
        return TRUE;
    case KEY_END:
        replay_goto(r, r->last);
        return TRUE;
    default:
        return FALSE;
    }
}

/* The keys that search; FALSE for another key. */
static gboolean replay_search_key(Replay *r, int key)
{
    switch (key) {
    case '>':
    case '<':
        replay_jump(r, REPLAY_FIND_LEVEL, key == '>');
        return TRUE;
    case 'n':
    case 'N':
        replay_jump(r, REPLAY_FIND_NOTABLE, key == 'n');
        return TRUE;
    case 'g':
        replay_ask_turn(r);
        return TRUE;
    case '/':
    case '\\':
        replay_ask_query(r, key == '/');
        return TRUE;
    default:
        return FALSE;
    }
}

/* One key; FALSE when it quits. */
static gboolean replay_key(Replay *r, int key)
{
    /* the too-small note offers S, as on the play screen */
    if (key == 'q' || key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST ||
        (key == 'S' && !tui_screen_big_enough()))
        return FALSE;
    g_string_truncate(r->note, 0);
    if (replay_move_key(r, key) || replay_search_key(r, key))
        return TRUE;
    if (key == ' ')
        replay_toggle_play(r);
    else if ((key == '+' || key == '=') && r->speed + 1 < G_N_ELEMENTS(replay_speeds))
        r->speed++;
    else if (key == '-' && r->speed > 0)
        r->speed--;
    else if (key == 'o')
        r->omniscient = !r->omniscient;
    else if (key == TUI_KEY_CTRL('P'))
        replay_history(r);
    else if (key == '?')
        tui_panels_show(replay_help_lines, G_N_ELEMENTS(replay_help_lines), replay_draw, r);
    else if (key == 'b')
        replay_bookmark(r);
    else if (key == '\'')
        replay_list_bookmarks(r);
    else if (key == 'P')
        replay_fork(r);
    else if (key == TUI_KEY_CTRL('L'))
        clearok(curscr, TRUE);
    return r->play_on == NULL;
}

/* How long to wait for a key before the loop has something to do. */
static int replay_wait_ms(const Replay *r)
{
    gint64 now = g_get_monotonic_time(), until = now + REPLAY_IDLE_MS * 1000;

    /* at the end of a game being played, the next look at the file */
    if (r->playing && r->turn < r->last)
        until = MIN(until, r->next_step);
    if (r->following)
        until = MIN(until, r->next_poll);
    return (int) MAX((until - now + 999) / 1000, 0);
}

static void replay_loop(Replay *r)
{
    for (;;) {
        int key;

        replay_poll(r);
        replay_advance(r);
        if (r->failure != NULL)
            return;
        replay_draw(r);
        refresh();
        key = tui_screen_read_key_within(replay_wait_ms(r));
        if (key != ERR && !replay_key(r, key))
            return;
    }
}

gboolean tui_replay_run(History *history, gint32 turn, GError **error)
{
    return tui_replay_run_full(history, turn, NULL, error);
}

gboolean tui_replay_run_full(History *history, gint32 turn, char **play_on, GError **error)
{
    Replay r = {.history = history, .speed = REPLAY_SPEED_DEFAULT};
    gboolean ok;

    g_return_val_if_fail(history != NULL, FALSE);
    if (play_on != NULL)
        *play_on = NULL;
    r.last = replay_last_turn(history);
    r.following = history_last_state(history)->outcome == OUTCOME_PLAYING;
    r.note = g_string_new(NULL);
    replay_load_bookmarks(&r);
    view_init(&r.all);
    replay_goto(&r, turn);
    ok = r.failure == NULL && tui_screen_begin(error);
    if (ok) {
        replay_loop(&r);
        tui_screen_end();
    }
    if (r.failure != NULL) {
        g_propagate_error(error, r.failure);
        ok = FALSE;
    }
    tui_log_free(r.log);
    g_string_free(r.note, TRUE);
    g_free(r.query);
    if (r.bookmarks != NULL)
        g_ptr_array_unref(r.bookmarks);
    if (ok && play_on != NULL)
        *play_on = g_steal_pointer(&r.play_on);
    g_free(r.play_on);
    return ok;
}

/* ---- an asciicast ------------------------------------------------------- */

/* Draw turns @first to @last of @r's history, one frame each, into @cast,
 * @speed turns a second; stopped (FALSE) by SIGINT, SIGTERM or SIGHUP. */
static gboolean replay_record(Replay *r, ReplayCast *cast, gint32 first, gint32 last, double speed,
                              GError **error)
{
    for (gint32 turn = first; turn <= last; turn++) {
        if (tui_screen_signal() != 0) {
            g_set_error_literal(error, TUI_ERROR, TUI_ERROR_INTERRUPTED,
                                "interrupted: the asciicast is not written");
            return FALSE;
        }
        replay_goto(r, turn);
        if (r->failure != NULL) {
            g_propagate_error(error, g_steal_pointer(&r->failure));
            return FALSE;
        }
        erase();
        replay_draw(r);
        if (!replay_cast_frame(cast, (turn - first) / speed, error))
            return FALSE;
    }
    return TRUE;
}

/* The cast's title: "cavelog replay: NAME, turns A to B". */
static char *replay_cast_title(History *history, gint32 first, gint32 last)
{
    g_autofree char *name = g_filename_display_basename(history_path(history));
    /* A player shows the title: no control or bidi character of a file
     * name goes into it (JSON would only escape C0). */
    g_autofree char *shown = ev_shown(name);

    return g_strdup_printf("cavelog replay: %s, turns %d to %d", shown, first, last);
}

gboolean tui_replay_cast(History *history, gint32 first, gint32 last, double speed,
                         const char *path, GError **error)
{
    Replay r = {.history = history, .playing = TRUE, .speed = REPLAY_SPEED_DEFAULT};
    g_autofree char *title = NULL;
    ReplayCast *cast;
    gboolean ok;

    g_return_val_if_fail(history != NULL && path != NULL && speed > 0, FALSE);
    r.last = replay_last_turn(history);
    last = MIN(last, r.last);
    g_return_val_if_fail(first >= 0 && first <= last, FALSE);
    if (!tui_screen_begin_offscreen(TUI_MIN_LINES, TUI_MIN_COLS, error))
        return FALSE;
    r.note = g_string_new(NULL);
    r.cast_speed = g_strdup_printf("%g turn%s/s", speed, speed == 1 ? "" : "s");
    view_init(&r.all);
    title = replay_cast_title(history, first, last);
    cast = replay_cast_open(path, title, error);
    ok = cast != NULL && replay_record(&r, cast, first, last, speed, error);
    if (ok)
        ok = replay_cast_close(cast, error);
    else
        replay_cast_abandon(cast);
    tui_screen_end();
    tui_log_free(r.log);
    g_string_free(r.note, TRUE);
    g_free(r.cast_speed);
    return ok;
}
