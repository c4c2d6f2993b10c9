/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay-marks.c — the replay's bookmarks list: the file's bookmarks,
 * a letter each, the ones nearest the turn shown, to jump to one. */
#include "tui.h"

#include "bookmarks.h"
#include "tui-replay.h"

/* Most bookmarks listed at once: one letter each, a to p. */
#define MARKS_MAX 16

/* The first of the @len bookmarks to list so that those around @seq show. */
static guint marks_first(const GPtrArray *marks, gint64 seq)
{
    guint at = 0;

    while (at < marks->len && ((const Bookmark *) g_ptr_array_index(marks, at))->seq < seq)
        at++;
    at = at > MARKS_MAX / 2 ? at - MARKS_MAX / 2 : 0;
    return MIN(at, marks->len > MARKS_MAX ? marks->len - MARKS_MAX : 0);
}

/* "a  turn 12  the troll": a line of the list. */
static char *marks_line(const History *history, const Bookmark *mark, char letter)
{
    const HistoryEntry *entry = history_entry(history, mark->seq);
    g_autofree char *note = bookmarks_note_shown(mark->note);

    return g_strdup_printf("%c  turn %-6d %s", letter, entry != NULL ? entry->turn : 0, note);
}

gint64 replay_pick_bookmark(History *history, const GPtrArray *marks, gint32 turn,
                            TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    guint first = marks_first(marks, replay_turn_end(history, turn));
    guint n = MIN(marks->len - first, MARKS_MAX);
    int key;

    g_ptr_array_add(lines, g_strdup(marks->len > 0 ? "Bookmarks" : "No bookmarks yet"));
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(lines,
                        marks_line(history, g_ptr_array_index(marks, first + i), (char) ('a' + i)));
    g_ptr_array_add(lines, g_strdup(marks->len > 0 ? "A letter jumps there; Esc goes back."
                                                   : "b bookmarks a turn; any key goes back."));
    key = tui_panels_show((const char *const *) lines->pdata, lines->len, backdrop, data);
    if (key < 'a' || key >= 'a' + (int) n)
        return 0;
    return ((const Bookmark *) g_ptr_array_index(marks, first + (guint) (key - 'a')))->seq;
}

gboolean replay_has_bookmark(const History *history, const GPtrArray *marks, gint32 turn)
{
    for (guint i = 0; marks != NULL && i < marks->len; i++) {
        const HistoryEntry *entry =
            history_entry(history, ((const Bookmark *) g_ptr_array_index(marks, i))->seq);
        if (entry != NULL && entry->turn == turn)
            return TRUE;
    }
    return FALSE;
}
