/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay-bookmarks.c — the replay's bookmarks list: the file's bookmarks,
 * a letter each, the ones nearest the turn shown, to jump to one. */
#include "tui.h"

#include "bookmarks.h"
#include "tui-replay.h"

/* Most bookmarks listed at once: one letter each, a to p. */
#define BOOKMARKS_SHOWN 16

/* The first of the @len bookmarks to list so that those around @seq show. */
static guint bookmarks_first(const GPtrArray *bookmarks, gint64 seq)
{
    guint at = 0;

    while (at < bookmarks->len && ((const Bookmark *) g_ptr_array_index(bookmarks, at))->seq < seq)
        at++;
    at = at > BOOKMARKS_SHOWN / 2 ? at - BOOKMARKS_SHOWN / 2 : 0;
    return MIN(at, bookmarks->len > BOOKMARKS_SHOWN ? bookmarks->len - BOOKMARKS_SHOWN : 0);
}

/* "a  turn 12  the troll": a line of the list. */
static char *bookmark_line(const History *history, const Bookmark *bookmark, char letter)
{
    const HistoryEntry *entry = history_entry(history, bookmark->seq);
    g_autofree char *note = bookmarks_note_shown(bookmark->note);

    return g_strdup_printf("%c  turn %-6d %s", letter, entry != NULL ? entry->turn : 0, note);
}

gint64 replay_pick_bookmark(History *history, const GPtrArray *bookmarks, gint32 turn,
                            TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    guint first = bookmarks_first(bookmarks, replay_turn_end(history, turn));
    guint n = MIN(bookmarks->len - first, BOOKMARKS_SHOWN);
    int key;

    g_ptr_array_add(lines, g_strdup(bookmarks->len > 0 ? "Bookmarks" : "No bookmarks yet"));
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(lines, bookmark_line(history, g_ptr_array_index(bookmarks, first + i),
                                             (char) ('a' + i)));
    g_ptr_array_add(lines, g_strdup(bookmarks->len > 0 ? "A letter jumps there; Esc goes back."
                                                       : "b bookmarks a turn; any key goes back."));
    key = tui_panels_show((const char *const *) lines->pdata, lines->len, backdrop, data);
    if (key < 'a' || key >= 'a' + (int) n)
        return 0;
    return ((const Bookmark *) g_ptr_array_index(bookmarks, first + (guint) (key - 'a')))->seq;
}

gboolean replay_has_bookmark(const History *history, const GPtrArray *bookmarks, gint32 turn)
{
    for (guint i = 0; bookmarks != NULL && i < bookmarks->len; i++) {
        const HistoryEntry *entry =
            history_entry(history, ((const Bookmark *) g_ptr_array_index(bookmarks, i))->seq);
        if (entry != NULL && entry->turn == turn)
            return TRUE;
    }
    return FALSE;
}
