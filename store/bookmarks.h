/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bookmarks.h — notes a reader pins to events of a game file ("the troll
 * first seen"). They live in the file's `bookmarks` table, not among the
 * events: they are what a reader thought, not facts of the game. Writing
 * one is the only write a reader makes, on the user's request, in its own
 * small transaction. Every row read back is checked like any other. */
#ifndef CAV_STORE_BOOKMARKS_H
#define CAV_STORE_BOOKMARKS_H

#include "store.h"

G_BEGIN_DECLS

/* One bookmark per event: a second on the same event replaces the note. */
#define BOOKMARKS_TABLE_SQL                                                                        \
    "CREATE TABLE IF NOT EXISTS bookmarks (seq INTEGER PRIMARY KEY, note TEXT NOT NULL,"           \
    " created TEXT NOT NULL) STRICT;\n"

/* The longest note, in bytes of UTF-8. */
#define BOOKMARK_NOTE_MAX 200

typedef struct {
    gint64 seq;    /* the event bookmarked, 1 … the file's last seq */
    char *note;    /* valid UTF-8, at most BOOKMARK_NOTE_MAX bytes */
    char *created; /* when, ISO 8601 UTC */
} Bookmark;

void bookmark_free(Bookmark *bookmark);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Bookmark, bookmark_free)

/* The bookmarks of @store in seq order (a GPtrArray of Bookmark; caller
 * unrefs), empty for a file without the table. NULL with a
 * STORE_ERROR_TAMPERED naming the problem when a row is not one cavelog
 * writes (a seq outside the game, a note too long, not UTF-8 or holding a
 * NUL, a value of the wrong kind). */
GPtrArray *bookmarks_read(Store *store, GError **error);

/* bookmarks_read on @path opened read-only with every check of store_open
 * (not for a file this process has open: see history_store()). */
GPtrArray *bookmarks_read_file(const char *path, GError **error);

/* The checks bookmarks_read makes, for every reader (checks_fold). */
gboolean bookmarks_check(Store *store, GError **error);

/* Whether @note may be written: at most BOOKMARK_NOTE_MAX bytes of valid
 * UTF-8 without control characters. FALSE with a one-line reason. */
gboolean bookmarks_note_ok(const char *note, GError **error);

/* Bookmark event @seq of the game file @store reads (opened read-only and
 * checked by the caller, e.g. a history's) with @note, replacing the note
 * it had: its bookmarks are checked, then one small transaction on a
 * connection of its own adds the row. A game being played by another process right
 * now is written too, safely: SQLite's write lock (WAL) orders the bookmark
 * between two of its turns, the player's process waits for it at most
 * briefly and never reads the table. A file of an older format is refused
 * (a reader never changes a file's format). FALSE with a STORE_ERROR. */
gboolean bookmarks_add(Store *store, gint64 seq, const char *note, GError **error);

/* @note fit to show, by ev_shown() (shown.h). Caller frees. */
char *bookmarks_note_shown(const char *note);

G_END_DECLS

#endif
