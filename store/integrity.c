/* SPDX-License-Identifier: GPL-3.0-or-later */
/* integrity.c — seals of game files that passed the whole-file check: one
 * small file a game (named by its device and inode) in the folder of
 * seals, holding the HMAC-SHA256 by this installation's key of the file's
 * device, inode, size, mtime and ctime. */
#include "integrity.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "keyframe.h"

#define SEAL_HEX (2 * 32)

char *integrity_dir(void)
{
    g_autofree char *key = keyframe_key_path();
    g_autofree char *dir = g_path_get_dirname(key);

    return g_build_filename(dir, "checked", NULL);
}

/* Whether @path's @suffix sidecar is there with something in it. */
static gboolean sidecar_busy(const char *path, const char *suffix)
{
    g_autofree char *sidecar = g_strconcat(path, suffix, NULL);
    struct stat st;

    return lstat(sidecar, &st) == 0 && (!S_ISREG(st.st_mode) || st.st_size > 0);
}

/* The stat of the game file at @path, when it is a regular file with no
 * -wal or -journal holding anything beside it, on a file system that keeps
 * times to the nanosecond (on one that keeps whole seconds, or two, a change
 * made within the second of the seal would go unseen: its files are always
 * checked whole). */
static gboolean quiet_file(const char *path, struct stat *st)
{
    return lstat(path, st) == 0 && S_ISREG(st->st_mode) &&
           (st->st_mtim.tv_nsec != 0 || st->st_ctim.tv_nsec != 0) && !sidecar_busy(path, "-wal") &&
           !sidecar_busy(path, "-journal");
}

static void put_u64(guint8 *out, guint64 value)
{
    for (guint i = 0; i < 8; i++)
        out[i] = (guint8) (value >> (8 * i));
}

/* What each level of seal says, as its MAC's domain (a seal of the first
 * releases, which sealed any file that passed quick_check, says "sound"). */
static const char *const level_domain[] = {
    [INTEGRITY_SOUND] = "cavelog integrity 1",
    [INTEGRITY_HISTORY] = "cavelog history 1",
};

/* The seal of @st at @level by @key, as hex into @hex (SEAL_HEX + 1 bytes). */
static void seal_of(const KeyframeKey *key, const struct stat *st, IntegrityLevel level, char *hex)
{
    const guint64 fields[] = {
        (guint64) st->st_dev,          (guint64) st->st_ino,          (guint64) st->st_size,
        (guint64) st->st_mtim.tv_sec,  (guint64) st->st_mtim.tv_nsec, (guint64) st->st_ctim.tv_sec,
        (guint64) st->st_ctim.tv_nsec,
    };
    guint8 bytes[G_N_ELEMENTS(fields) * 8];
    GHmac *hmac = g_hmac_new(G_CHECKSUM_SHA256, key->bytes, sizeof key->bytes);

    for (guint i = 0; i < G_N_ELEMENTS(fields); i++)
        put_u64(bytes + 8 * i, fields[i]);
    g_hmac_update(hmac, (const guchar *) level_domain[level], strlen(level_domain[level]) + 1);
    g_hmac_update(hmac, bytes, sizeof bytes);
    g_strlcpy(hex, g_hmac_get_string(hmac), SEAL_HEX + 1);
    g_hmac_unref(hmac);
}

/* Where the seal of the file of @st lives. */
static char *seal_path(const struct stat *st)
{
    g_autofree char *dir = integrity_dir();
    g_autofree char *name = g_strdup_printf("%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x",
                                            (guint64) st->st_dev, (guint64) st->st_ino);

    return g_build_filename(dir, name, NULL);
}

IntegrityLevel integrity_level(const char *path)
{
    KeyframeKey key;
    struct stat st;
    char want[SEAL_HEX + 1];
    g_autofree char *seal = NULL;
    g_autofree char *have = NULL;
    gsize len = 0;
    IntegrityLevel found = INTEGRITY_NONE;

    g_return_val_if_fail(path != NULL, INTEGRITY_NONE);
    if (!quiet_file(path, &st) || !keyframe_load_key(&key, FALSE, NULL))
        return INTEGRITY_NONE;
    seal = seal_path(&st);
    if (g_file_get_contents(seal, &have, &len, NULL) && len == SEAL_HEX)
        for (IntegrityLevel level = INTEGRITY_SOUND; level <= INTEGRITY_HISTORY; level++) {
            seal_of(&key, &st, level, want);
            if (memcmp(want, have, SEAL_HEX) == 0)
                found = level;
        }
    memset(&key, 0, sizeof key);
    return found;
}

gboolean integrity_remembered(const char *path)
{
    return integrity_level(path) >= INTEGRITY_SOUND;
}

void integrity_remember(const char *path)
{
    integrity_remember_level(path, INTEGRITY_SOUND);
}

void integrity_remember_level(const char *path, IntegrityLevel level)
{
    KeyframeKey key;
    struct stat st;
    char hex[SEAL_HEX + 1];
    g_autofree char *dir = integrity_dir();
    g_autofree char *seal = NULL;

    g_return_if_fail(path != NULL && level >= INTEGRITY_SOUND && level <= INTEGRITY_HISTORY);
    if (!quiet_file(path, &st) || !keyframe_load_key(&key, FALSE, NULL))
        return;
    seal_of(&key, &st, level, hex);
    memset(&key, 0, sizeof key);
    seal = seal_path(&st);
    if (g_mkdir_with_parents(dir, 0700) == 0)
        /* Written in place: a torn seal does not verify, and the file is checked whole. */
        g_file_set_contents_full(seal, hex, SEAL_HEX, G_FILE_SET_CONTENTS_NONE, 0600, NULL);
}
