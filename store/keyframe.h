/* SPDX-License-Identifier: GPL-3.0-or-later */
/* keyframe.h — authenticated keyframes: the state and the player's view at
 * the end of a turn, which the playing session writes into the snapshots
 * table, sealed by an HMAC-SHA256 keyed by this installation's secret
 * ($XDG_STATE_HOME/cavelog/key), so that resuming one's own long game
 * starts from the newest keyframe while a file from elsewhere is folded
 * whole. A keyframe that does not verify is never used. */
#ifndef CAV_STORE_KEYFRAME_H
#define CAV_STORE_KEYFRAME_H

#include "store.h"
#include "view.h"

G_BEGIN_DECLS

/* Turns between keyframes, by measurement (bench-resume): resume then
 * folds at most this many turns of play (each ≈ 0.05 ms), and a keyframe
 * (≈ 23 KB deflated) adds about 46 bytes a turn to the file. */
#define KEYFRAME_EVERY 500

#define KEYFRAME_KEY_BYTES 32

typedef struct {
    guint8 bytes[KEYFRAME_KEY_BYTES];
} KeyframeKey;

/* Where the key lives: $XDG_STATE_HOME/cavelog/key (read from the
 * environment each call), else GLib's user state folder. Caller frees. */
char *keyframe_key_path(void);

/* Where earlier builds kept it: $XDG_CONFIG_HOME/cavelog/key, else GLib's
 * user config folder. A key found there is moved to keyframe_key_path()
 * the first time one is wanted. Caller frees. */
char *keyframe_old_key_path(void);

/* Read this installation's key into @key (moving one of an earlier build
 * from the config folder first). With @create, a key is made
 * (32 random bytes, a file of mode 0600 in a folder of 0700) when there is
 * none. FALSE with a G_FILE_ERROR when there is none (and !@create), when
 * it cannot be made, or when the file is not a key only its owner can read
 * and write. */
gboolean keyframe_load_key(KeyframeKey *key, gboolean create, GError **error);

/* What ties a keyframe to its game: the seed, the time the game was made
 * and turn 0's digest, as the file records them. Caller frees. */
char *keyframe_identity(Store *store, GError **error);

/* The keyframe of @state and @view, the end of turn @state->turn whose
 * recorded digest is @digest, in the game @identity. */
GBytes *keyframe_seal(const KeyframeKey *key, const char *identity, guint64 digest,
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
gboolean keyframe_restore(Store *store, const KeyframeKey *key, const char *identity,
                          CavState *state, CavView *view, KeyframeFound *found, GError **error);

/* keyframe_restore() with this installation's key (never made here) for
 * @store's own game, when @store is of this build's schema and its history
 * is vouched for (store_history_vouched(): the file is exactly what this
 * installation wrote or checked whole; a keyframe proves its own state, not
 * the events before it): what a reader resuming or previewing calls. FALSE when there is no key, no
 * identity or no keyframe to use; a problem reading keyframes is left to the full fold to find and
 * name. */
gboolean keyframe_restore_newest(Store *store, CavState *state, CavView *view,
                                 KeyframeFound *found);

G_END_DECLS

#endif
