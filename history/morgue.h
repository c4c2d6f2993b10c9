/* SPDX-License-Identifier: GPL-3.0-or-later */
/* morgue.h — the story of one game in plain text, as DCSS and Angband write
 * one at a character's end: who they were, how it ended, what they killed,
 * carried and knew, their last messages and a timeline of notable moments.
 * Everything is computed from the game file's events (a checked fold and a
 * projection over it), so any game, finished or not, has one. */
#ifndef CAV_HISTORY_MORGUE_H
#define CAV_HISTORY_MORGUE_H

#include "store.h"

G_BEGIN_DECLS

/* How many of the player's last messages a morgue shows. */
#define MORGUE_MESSAGES 20

/* Append the morgue of the game in @store to @out. The file is folded with
 * every check a resume makes; nothing is written to it. FALSE with a
 * STORE_ERROR naming the file's first problem (then @out is unspecified). */
gboolean morgue_describe(Store *store, GString *out, GError **error);

/* Where the morgue of the game file @game_path goes beside it:
 * GAME.cavelog, GAME.cavelog.gz or GAME.cavepack → GAME.morgue.txt (any other
 * name gets .morgue.txt added).
 * Caller frees. */
char *morgue_path_for(const char *game_path);

/* Write the morgue of @store to @path atomically (a temporary file renamed
 * into place): @path is either the whole old report or the whole new one.
 * FALSE with an error (STORE_ERROR or G_FILE_ERROR) naming the problem. */
gboolean morgue_write(Store *store, const char *path, GError **error);

G_END_DECLS

#endif
