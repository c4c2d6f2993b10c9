/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork.h — play on from any turn: a new game file holding another game's
 * history up to a turn (events, turns, the data it is played by, bookmarks),
 * with its lineage recorded: the parent game, its file name, the turn. The
 * fork is a game like any other: it resumes, plays on and verifies. */
#ifndef CAV_HISTORY_FORK_H
#define CAV_HISTORY_FORK_H

#include "lineage.h"
#include "store.h"

G_BEGIN_DECLS

/* What a fork did, for the benchmark and the curious. */
typedef struct {
    gint64 events;    /* event rows copied */
    gint64 bookmarks; /* bookmarks copied */
    gint64 copy_us;   /* time spent writing the event rows (encoding too) */
    gint64 total_us;  /* the whole fork: checks, fold, copy, commit */
} ForkReport;

/* Make at @path (which must not exist) a new game holding the history of
 * the game file @parent up to the end of @turn: the events of turns 0 …
 * @turn, those turns, the data the game is played by, the bookmarks on
 * those events, the game row as the game stood then and a lineage row. The
 * parent is folded whole with every check a resume makes (a hostile file
 * is refused with the same error), read only, in one read transaction (a
 * game being played can be forked). The file is built under a temporary
 * name and moved into place whole. @report (nullable) receives figures.
 * FALSE with a STORE_ERROR (NOT_FOUND for a turn the game does not have);
 * then no file is left behind. */
gboolean fork_game(const char *parent, gint32 turn, const char *path, ForkReport *report,
                   GError **error);

/* fork_game from @parent, a game file the caller has open read-only (a
 * history's store: a process must not open a file it has open a second
 * time, see history_store()). Not in a read transaction; used only by
 * this call meanwhile. The parent is then checked whole here as well. */
gboolean fork_game_from(Store *parent, gint32 turn, const char *path, ForkReport *report,
                        GError **error);

/* A free path in the games folder for a fork of @parent at @turn:
 * "NAME-turnN.cavelog" (NAME: the parent's file name without .cavelog,
 * .cavelog.gz or .cavepack),
 * then "NAME-turnN-2.cavelog" and so on. Caller frees. */
char *fork_default_path(const char *parent, gint32 turn);

G_END_DECLS

#endif
