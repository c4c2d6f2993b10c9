/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seal.h — what this installation vouches for, by its secret key
 * ($XDG_STATE_HOME/cavelog/key): keyframes (the state and the player's view
 * at the end of a turn, sealed by an HMAC-SHA256 so that resuming one's own
 * long game starts from the newest one while a file from elsewhere is
 * folded whole), and game files remembered as sound (a seal in
 * $XDG_CACHE_HOME over a file's identity, size and times, so that one's own
 * file need not be read whole again). The store only reads and writes the
 * rows and the file; every decision to trust one is taken here. */
#ifndef CAV_HISTORY_SEAL_H
#define CAV_HISTORY_SEAL_H

#include "store.h"
#include "view.h"

G_BEGIN_DECLS

/* ---- the installation's key (seal.c) ------------------------------------- */

#define SEAL_KEY_BYTES 32

typedef struct {
    guint8 bytes[SEAL_KEY_BYTES];
} SealKey;

/* Where the key lives: $XDG_STATE_HOME/cavelog/key (read from the
 * environment each call), else GLib's user state folder. Caller frees. */
char *seal_key_path(void);

/* Where earlier builds kept it: $XDG_CONFIG_HOME/cavelog/key, else GLib's
 * user config folder. A key found there is moved to seal_key_path() the
 * first time one is wanted. Caller frees. */
char *seal_old_key_path(void);

/* Read this installation's key into @key (moving one of an earlier build
 * from the config folder first). With @create, a key is made (32 random
 * bytes, a file of mode 0600 in a folder of 0700) when there is none. FALSE
 * with a G_FILE_ERROR when there is none (and !@create), when it cannot be
 * made, or when the file is not a key only its owner can read and write. */
gboolean seal_load_key(SealKey *key, gboolean create, GError **error);

/* ---- sealed keyframes (seal-keyframe.c) ---------------------------------- */

/* Turns between keyframes, by measurement (bench-resume): resume then
 * folds at most this many turns of play (each ≈ 0.05 ms), and a keyframe
 * (≈ 23 KB deflated) adds about 46 bytes a turn to the file. */
#define KEYFRAME_EVERY 500

/* What ties a keyframe to its game: the seed, the time the game was made
 * and turn 0's digest, as the file records them. Caller frees. */
char *seal_identity(Store *store, GError **error);

/* The keyframe of @state and @view, the end of turn @state->turn whose
 * recorded digest is @digest, in the game @identity, sealed by @key: a blob
 * for store_append_turn_keyframe(). */
GBytes *seal_keyframe(const SealKey *key, const char *identity, guint64 digest,
                      const CavState *state, const CavView *view);

/* What resuming from a keyframe found. */
typedef struct {
    gint32 turn;   /* the keyframe's turn, or -1 when none was used */
    guint ignored; /* keyframes passed over: a wrong MAC, a wrong turn or digest, damaged */
} KeyframeFound;

/* Make @state and @view those of the newest keyframe of @store (opened for
 * reading, of this build's schema) that @key verifies for the game
 * @identity, whose turn's recorded digest and last event it matches and
 * whose state hashes to that digest. FALSE with @found->turn -1 when there
 * is none; a keyframe passed over is counted, never an error; FALSE with
 * @error only when the file cannot be read. */
gboolean seal_restore_keyframe(Store *store, const SealKey *key, const char *identity,
                               CavState *state, CavView *view, KeyframeFound *found,
                               GError **error);

/* seal_restore_keyframe() with this installation's key (never made here)
 * for @store's own game, when @store is of this build's schema and its
 * history is vouched for (@vouched: the caller made the file or folded it
 * whole, see SealTrust; else the file's seal must say SEAL_HISTORY): a
 * keyframe proves its own state, not the events before it. What a reader
 * resuming or previewing calls. FALSE when there is no key, no identity or
 * no keyframe to use; a problem reading keyframes is left to the full fold
 * to find and name. */
gboolean seal_restore_newest(Store *store, gboolean vouched, CavState *state, CavView *view,
                             KeyframeFound *found);

/* ---- files remembered as sound (seal.c) ---------------------------------- */

/* What a file's seal vouches for, each level more than the one before. */
typedef enum {
    SEAL_NONE,   /* nothing: the file is checked whole */
    SEAL_SOUND,  /* the file passed SQLite's whole-file check */
    SEAL_HISTORY /* and its whole history is what this installation wrote, or folded
                  * and checked from its first event: a keyframe may stand in for it */
} SealLevel;

/* The level this installation's seal of @path vouches for, as the file is
 * now: it has a key, a seal for @path's device and inode that the key
 * verifies over its size, mtime and ctime (the kernel sets ctime on every
 * change and no one but root can set it back), and no -wal or -journal with
 * anything in it beside the file. Never an error: SEAL_NONE means "check it
 * whole". */
SealLevel seal_level(const char *path);

/* Seal the file at @path, as it is now, at @level (SEAL_SOUND or
 * SEAL_HISTORY): the caller vouches that it passed the whole-file check (or
 * that only this installation wrote it since it passed), and for
 * SEAL_HISTORY that every event in it is one this installation wrote or
 * folded and checked from the first. Nothing when there is no key (none is
 * made here), when a -wal beside it holds anything, or when the seal cannot
 * be written. */
void seal_remember(const char *path, SealLevel level);

/* The folder of the seals: $XDG_CACHE_HOME/cavelog/checked (read from the
 * environment each call; else GLib's user cache folder), one folder in it
 * a key. Seals are a cache: writing one prunes those of files gone.
 * Caller frees. */
char *seal_dir(void);

/* ---- one's own game file, open (seal.c) ---------------------------------- */

/* What this installation knows of a game file it has open, kept beside
 * its Store by whoever opened it (the session). Zeroed: nothing. */
typedef struct {
    gboolean remembered; /* the open skipped SQLite's whole-file check: the seal vouched */
    gboolean sound;      /* the whole file is known sound (checked, remembered or made
                          * here): a clean close by its writer is sealed (seal_close) */
    gboolean history;    /* every event is this installation's, or was folded and
                          * checked from the first: a keyframe may stand in for them */
} SealTrust;

/* Open @path read-only as one's own game: store_open_sound() when its
 * seal vouches for it as it is now, else store_open() with the whole-file
 * check, after which the file is sealed SEAL_SOUND. @trust (nullable)
 * receives what is known of it. */
Store *seal_open_own(const char *path, SealTrust *trust, GError **error);

/* seal_open_own() keeping no trust, for store_list_games(). */
Store *seal_open_listed(const char *path, GError **error);

/* The caller has just folded and checked @store's whole history: it is
 * vouched for, and (when the file is known sound and @store read-only)
 * sealed SEAL_HISTORY at once; a writable store is sealed when closed. */
void seal_vouch_history(SealTrust *trust, Store *store);

/* @store's file was made just now by this installation (a new game): a
 * clean close remembers it, and its whole history is vouched for. */
void seal_vouch_made(SealTrust *trust);

/* store_close() @store (nullable), and when the file is known sound
 * (@trust) and its writer closed it cleanly (store_close_then), seal it as
 * it is then: SEAL_HISTORY when its history is vouched for, else
 * SEAL_SOUND; the next resume need not read it whole. */
gboolean seal_close(Store *store, const SealTrust *trust, GError **error);

G_END_DECLS

#endif
