/* SPDX-License-Identifier: GPL-3.0-or-later */
/* integrity.h — what this installation remembers of game files that passed
 * SQLite's whole-file check: a seal, by the keyframe key (keyframe.h), over
 * the file's identity and the times and size the kernel keeps for it, so
 * that resuming one's own long game need not read the whole file again
 * while a file that changed in any way (or that came from elsewhere) is
 * checked whole. */
#ifndef CAV_STORE_INTEGRITY_H
#define CAV_STORE_INTEGRITY_H

#include <glib.h>

G_BEGIN_DECLS

/* What a seal vouches for, each level more than the one before. */
typedef enum {
    INTEGRITY_NONE,   /* nothing: the file is checked whole */
    INTEGRITY_SOUND,  /* the file passed SQLite's whole-file check */
    INTEGRITY_HISTORY /* and its whole history is what this installation wrote, or folded
                       * and checked from its first event: a keyframe may stand in for it */
} IntegrityLevel;

/* The level this installation's seal of @path vouches for, as the file is
 * now (the same conditions as integrity_remembered()). Never an error. */
IntegrityLevel integrity_level(const char *path);

/* Whether the file at @path passed the whole-file check as it is now: this
 * installation has a key, a seal for @path's device and inode that the key
 * verifies over its size, mtime and ctime (the kernel sets ctime on every
 * change and no one but root can set it back), and no -wal with anything
 * in it beside the file. Never an error: FALSE means "check it whole". */
gboolean integrity_remembered(const char *path);

/* Seal the file at @path, as it is now, as one that passed the whole-file
 * check (or that only this installation wrote since it passed): the caller
 * vouches. Nothing when there is no key (none is made here), when a -wal
 * beside it holds anything, or when the seal cannot be written. */
void integrity_remember(const char *path);

/* integrity_remember() at @level (INTEGRITY_SOUND or INTEGRITY_HISTORY):
 * for INTEGRITY_HISTORY the caller vouches that every event in the file is
 * one this installation wrote or folded and checked from the first. */
void integrity_remember_level(const char *path, IntegrityLevel level);

/* The folder of the seals: $XDG_CACHE_HOME/cavelog/checked (read from the
 * environment each call; else GLib's user cache folder), one folder in it
 * a key. Seals are a cache: writing one prunes those of files gone.
 * Caller frees. */
char *integrity_dir(void);

G_END_DECLS

#endif
