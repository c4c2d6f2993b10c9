/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay.h — what the replay's files share: finding turns in a history
 * (tui-replay-seek.c: a turn's messages, the next change of level, notable
 * moment or turn where a condition holds) for the replay screen
 * (tui-replay.c). Every search reads the history's index and snapshots; none
 * re-plays the game from its start. */
#ifndef CAV_TUI_TUI_REPLAY_H
#define CAV_TUI_TUI_REPLAY_H

#include <glib.h>

#include "history.h"
#include "replay-query.h"
#include "tui-private.h"

G_BEGIN_DECLS

/* The last turn @history holds (0 for a file of its set-up alone). */
gint32 replay_last_turn(const History *history);

/* The last event of @turn (the state shown at that turn is the one after
 * it); 0 before any event. */
gint64 replay_turn_end(const History *history, gint32 turn);

/* Seek @history to the end of @turn, appending to @log the messages the
 * player read in that turn, each worded as it was (the turn's events run
 * through the messages projection with the state and view of the moment). */
gboolean replay_show_turn(History *history, gint32 turn, TuiLog *log, GError **error);

/* Append to @log the messages of the turns up to @turn (at most
 * TUI_LOG_HISTORY_MAX of them, the newest), all read. Leaves @history
 * anywhere: seek it back afterwards. */
gboolean replay_history_upto(History *history, gint32 turn, TuiLog *log, GError **error);

/* What replay_find() looks for. */
typedef enum {
    REPLAY_FIND_LEVEL,   /* the player took the stairs */
    REPLAY_FIND_NOTABLE, /* the player hurt, a kill, a level gained, an item identified, the end */
} ReplayFind;

/* The first turn after @from (@forward) or the last before it (backward)
 * with @what in *@found, and (for NOTABLE, nullable) what made it notable
 * in *@why (static). FALSE (no error) when there is none. */
gboolean replay_find(History *history, gint32 from, gboolean forward, ReplayFind what,
                     gint32 *found, const char **why, GError **error);

/* The first turn after @from (@forward) or the last before it (backward)
 * where @query holds, in *@found. FALSE with no error when there is none.
 * Leaves @history anywhere. */
gboolean replay_find_query(History *history, gint32 from, gboolean forward,
                           const ReplayQuery *query, gint32 *found, GError **error);

/* ---- tui-replay-bookmarks.c ---- */

/* `'`: @bookmarks (the file's bookmarks, Bookmark, by seq) as a lettered list
 * over @backdrop, those around @turn; returns the seq of the one picked, 0
 * when none was. */
gint64 replay_pick_bookmark(History *history, const GPtrArray *bookmarks, gint32 turn,
                            TuiBackdrop backdrop, gpointer data);

/* Whether one of @bookmarks (nullable) lies in @turn. */
gboolean replay_has_bookmark(const History *history, const GPtrArray *bookmarks, gint32 turn);

/* ---- tui-replay-cast.c ---- */

/* An asciicast v2 file being written from the curses screen. */
typedef struct ReplayCast ReplayCast;

/* Start the cast that will be @path (written beside it until closed),
 * with its header: the screen's size, the time, @title. NULL with the
 * error when it cannot be written. */
ReplayCast *replay_cast_open(const char *path, const char *title, GError **error);

/* Append the screen as drawn now (no refresh needed) as a frame shown
 * @seconds after the start. */
gboolean replay_cast_frame(ReplayCast *cast, double seconds, GError **error);

/* Finish @cast: written to the disk, then renamed to its path. Frees
 * @cast; on failure nothing is left but what was at the path before. */
gboolean replay_cast_close(ReplayCast *cast, GError **error);

/* Give @cast up, removing the partial file (nullable). */
void replay_cast_abandon(ReplayCast *cast);

G_END_DECLS

#endif
