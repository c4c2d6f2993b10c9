/* SPDX-License-Identifier: GPL-3.0-or-later */
/* integrity.c — seals of game files that passed the whole-file check: one
 * small file a game (named by its device and inode) in the cache folder of
 * this key's seals, holding the HMAC-SHA256 by this installation's key of
 * the file's device, inode, size, mtime and ctime, then the file's path
 * (by which seals of files gone are pruned). */
#include "integrity.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "keyframe.h"

#define SEAL_HEX (2 * 32)

char *integrity_dir(void)
{
    const char *cache = g_getenv("XDG_CACHE_HOME");

    if (cache == NULL || !g_path_is_absolute(cache))
        cache = g_get_user_cache_dir();
    return g_build_filename(cache, "cavelog", "checked", NULL);
}

/* The folder of the seals made with @key: one per key, so that two
 * installations sharing a cache never overwrite each other's. */
static char *key_seals_dir(const KeyframeKey *key)
{
    g_autofree char *base = integrity_dir();
    g_autofree char *tag =
        g_compute_checksum_for_data(G_CHECKSUM_SHA256, key->bytes, sizeof key->bytes);

    tag[16] = '\0';
    return g_build_filename(base, tag, NULL);
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

/* Where the seal by @key of the file of @st lives. */
static char *seal_path(const KeyframeKey *key, const struct stat *st)
{
    g_autofree char *dir = key_seals_dir(key);
    g_autofree char *name = g_strdup_printf("%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x",
                                            (guint64) st->st_dev, (guint64) st->st_ino);

    return g_build_filename(dir, name, NULL);
}

/* Whether the seal at @seal (named @name, as seal_path names them) is of a
 * file that is gone: the path it records holds no file, or another one. */
static gboolean seal_orphaned(const char *seal, const char *name)
{
    g_autofree char *text = NULL;
    g_autofree char *want = NULL;
    gsize len = 0;
    struct stat st;

    if (!g_file_get_contents(seal, &text, &len, NULL) || len <= SEAL_HEX + 1 ||
        text[SEAL_HEX] != '\n')
        return FALSE; /* unreadable, or of a build that recorded no path: left */
    if (lstat(text + SEAL_HEX + 1, &st) != 0)
        return TRUE;
    want = g_strdup_printf("%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x", (guint64) st.st_dev,
                           (guint64) st.st_ino);
    return strcmp(want, name) != 0;
}

/* Seals of earlier builds lived beside the key, in the config folder: a
 * cache has no place there, and they are gone once one is written here. */
static void forget_old_seals(void)
{
    g_autofree char *key = keyframe_old_key_path();
    g_autofree char *config = g_path_get_dirname(key);
    g_autofree char *old = g_build_filename(config, "checked", NULL);
    g_autoptr(GDir) folder = g_dir_open(old, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *seal = g_build_filename(old, name, NULL);
        g_unlink(seal);
    }
    g_rmdir(old);
}

/* Seals are a cache: those of files deleted (or replaced) go. */
static void prune_seals(const char *dir)
{
    g_autoptr(GDir) folder = g_dir_open(dir, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name(folder)) != NULL) {
        g_autofree char *seal = g_build_filename(dir, name, NULL);
        if (seal_orphaned(seal, name))
            g_unlink(seal);
    }
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
    seal = seal_path(&key, &st);
    if (g_file_get_contents(seal, &have, &len, NULL) && len >= SEAL_HEX &&
        (len == SEAL_HEX || have[SEAL_HEX] == '\n'))
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
    g_autofree char *dir = NULL;
    g_autofree char *seal = NULL;
    g_autofree char *where = NULL;
    g_autofree char *text = NULL;

    g_return_if_fail(path != NULL && level >= INTEGRITY_SOUND && level <= INTEGRITY_HISTORY);
    if (!quiet_file(path, &st) || !keyframe_load_key(&key, FALSE, NULL))
        return;
    seal_of(&key, &st, level, hex);
    dir = key_seals_dir(&key);
    seal = seal_path(&key, &st);
    memset(&key, 0, sizeof key);
    where = g_canonicalize_filename(path, NULL);
    text = g_strconcat(hex, "\n", where, NULL);
    if (g_mkdir_with_parents(dir, 0700) != 0)
        return;
    forget_old_seals();
    prune_seals(dir);
    /* Written in place: a torn seal does not verify, and the file is checked whole. */
    g_file_set_contents_full(seal, text, (gssize) strlen(text), G_FILE_SET_CONTENTS_NONE, 0600,
                             NULL);
}
