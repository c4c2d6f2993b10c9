/* SPDX-License-Identifier: GPL-3.0-or-later */
/* session.h — a game being played and saved: a Game plus its Store. Each
 * played turn is appended to the file in one transaction before the call
 * returns, so a killed process loses at most the turn in progress. */
#ifndef CAV_HISTORY_SESSION_H
#define CAV_HISTORY_SESSION_H

#include "game.h"

G_BEGIN_DECLS

typedef struct Session Session;

/* Create a new game file at @path (it must not exist) and play turn 0.
 * @bus (nullable, not owned) receives every event. */
Session *session_new_game(const char *path, gint64 seed, const char *player_name, Bus *bus,
                          GError **error);

/* Open @path, fold its events (published on @bus) with every check, and
 * make it ready to go on. Without a @bus the fold starts from the newest
 * keyframe this installation sealed, when there is one (session_open_from).
 * On any problem: NULL, an error naming it, and the file unchanged. */
Session *session_resume(const char *path, Bus *bus, GError **error);

/* Called once, before the first event a resume publishes, with the state
 * and view those events start from: a fresh state, or a keyframe's. */
typedef void (*SessionStartFunc)(const CavState *state, const CavView *view, gpointer data);

/* session_open, resuming from the newest keyframe (seal.h) that this
 * installation's key verifies, when there is one: every check of the full
 * fold, over the turns after it. @start (nullable) is told where the events
 * published on @bus start. session_open itself uses keyframes only without
 * a @bus (whose subscribers would otherwise miss the events before them). */
Session *session_open_from(const char *path, Bus *bus, SessionStartFunc start, gpointer data,
                           GError **error);

/* session_resume in two steps: open and check @path read-only (nothing is
 * written; NULL and an error on any problem), then make it ready to go on
 * (an older file is migrated then). Between the two, a caller can check
 * whatever else it needs (a terminal) and leave the file as it was. */
Session *session_open(const char *path, Bus *bus, GError **error);
gboolean session_make_writable(Session *session, GError **error);

/* Play one turn and save it. Returns FALSE with @error when saving failed
 * (the game cannot go on; the file still holds every earlier turn). A
 * rejected command returns TRUE with *@why set (free with g_free). */
gboolean session_play(Session *session, const CavCommand *command, char **why, GError **error);

/* The content games are played by: the data files in $CAVELOG_DATA_DIR when
 * it is set, else the installed ones, else the copy built into the program.
 * NULL with a CONTENT_ERROR naming a malformed file's line. */
CavContent *session_load_content(GError **error);

const CavState *session_state(const Session *session);
const CavView *session_view(const Session *session);
/* The content the game plays by. Borrowed; valid while @session lives. */
const CavContent *session_content(const Session *session);
const char *session_path(const Session *session);

/* When a turn played here ends the game, its morgue (morgue.h) is written
 * beside the file: its path, or NULL when no game ended here. When it
 * could not be written, the problem (a sentence) is kept instead: the game
 * itself is saved either way. Borrowed. */
const char *session_morgue_path(const Session *session);
const char *session_morgue_problem(const Session *session);
/* Write a keyframe every @turns turns from now on (0: none). */
void session_set_keyframe_every(Session *session, gint32 turns);

/* The turn of the keyframe the resume started from, or -1 (a full fold). */
gint32 session_keyframe_turn(const Session *session);

/* Whether opening the file skipped SQLite's whole-file check because this
 * installation remembers it as sound, exactly as it is (seal_open_own). */
gboolean session_seal_remembered(const Session *session);

/* Keyframes the resume passed over: not this installation's, altered, or
 * not matching their turn. They are never used, and are not an error. */
guint session_keyframes_ignored(const Session *session);

/* Why this session writes no keyframes (no key could be read or made), a
 * sentence, or NULL. Play goes on without them. Borrowed. */
const char *session_keyframe_problem(const Session *session);

/* Close @session's file, now: its -wal folded into it (waiting a few
 * seconds for readers such as a replay or the inspector to let go), so that
 * the file stands alone. FALSE with a STORE_ERROR_IO saying so when it
 * cannot (a full disk, a reader that holds on): the game is saved, but its
 * last turns are only in the -wal. The game stays readable; nothing more
 * is played or saved. */
gboolean session_close(Session *session, GError **error);

void session_free(Session *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Session, session_free)

G_END_DECLS

#endif
