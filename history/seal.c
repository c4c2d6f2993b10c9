/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seal.c — this installation's key, and the seals of game files that passed
 * the whole-file check: one small file a game (named by its device and
 * inode) in the cache folder of this key's seals, holding the HMAC-SHA256
 * by the key of the file's device, inode, size, mtime and ctime, then the
 * file's path (by which seals of files gone are pruned); and one's own file
 * opened, vouched for and closed by them. Keyframes: seal-keyframe.c. */
#include "seal.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the key ------------------------------------------------------------- */

char *seal_key_path(void)
{
    const char *state = g_getenv("XDG_STATE_HOME");

    if (state == NULL || !g_path_is_absolute(state))
        state = g_get_user_state_dir();
    return g_build_filename(state, "cavelog", "key", NULL);
}

char *seal_old_key_path(void)
{
    const char *config = g_getenv("XDG_CONFIG_HOME");

    if (config == NULL || !g_path_is_absolute(config))
        config = g_get_user_config_dir();
    return g_build_filename(config, "cavelog", "key", NULL);
}

static gboolean fail_errno(GError **error, int code, const char *path, const char *doing)
{
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(code), "%s: %s: %s", path, doing,
                g_strerror(code));
    return FALSE;
}

/* The key at @path, when it is a regular file of 32 bytes that only its
 * owner (this user) can read and write. */
static gboolean read_key(const char *path, SealKey *key, GError **error)
{
    int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
    struct stat st;
    gboolean ok;

    if (fd < 0)
        return fail_errno(error, errno, path, "reading the keyframe key");
    ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == getuid() &&
         (st.st_mode & 077) == 0 && st.st_size == SEAL_KEY_BYTES &&
         read(fd, key->bytes, SEAL_KEY_BYTES) == SEAL_KEY_BYTES;
    close(fd);
    if (!ok)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_PERM,
                    "%s is not a keyframe key (32 bytes that only you can read, mode 0600)", path);
    return ok;
}

/* 32 bytes from the kernel's random source. */
static gboolean random_bytes(guint8 *out, gsize n)
{
    int fd = g_open("/dev/urandom", O_RDONLY | O_CLOEXEC, 0);
    gboolean ok = fd >= 0 && read(fd, out, n) == (gssize) n;

    if (fd >= 0)
        close(fd);
    return ok;
}

/* The key @bytes at @path, written under a temporary name and linked into
 * place, so that two processes making one at once agree on the first. */
static gboolean write_key(const char *path, const guint8 *bytes, GError **error)
{
    g_autofree char *dir = g_path_get_dirname(path);
    g_autofree char *part = g_strdup_printf("%s.%d.new", path, (int) getpid());
    int fd, code = 0;

    if (g_mkdir_with_parents(dir, 0700) != 0)
        return fail_errno(error, errno, dir, "making the folder of the keyframe key");
    fd = g_open(part, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return fail_errno(error, errno, part, "writing the keyframe key");
    if (write(fd, bytes, SEAL_KEY_BYTES) != SEAL_KEY_BYTES || fsync(fd) != 0)
        code = errno != 0 ? errno : EIO;
    close(fd);
    if (code == 0 && link(part, path) != 0 && errno != EEXIST)
        code = errno;
    g_unlink(part);
    return code == 0 || fail_errno(error, code, path, "writing the keyframe key");
}

/* A new key at @path. */
static gboolean make_key(const char *path, GError **error)
{
    guint8 bytes[SEAL_KEY_BYTES];
    gboolean ok;

    if (!random_bytes(bytes, sizeof bytes))
        return fail_errno(error, EIO, "/dev/urandom", "drawing a keyframe key");
    ok = write_key(path, bytes, error);
    memset(bytes, 0, sizeof bytes);
    return ok;
}

/* The key of earlier builds, in the config folder, moved to @path (the
 * state folder) when there is one: FALSE when there is none to move. */
static gboolean migrate_key(const char *path)
{
    g_autofree char *old = seal_old_key_path();
    SealKey key;
    gboolean moved;

    if (!read_key(old, &key, NULL))
        return FALSE;
    moved = write_key(path, key.bytes, NULL);
    memset(&key, 0, sizeof key);
    if (moved)
        g_unlink(old);
    return moved;
}

gboolean seal_load_key(SealKey *key, gboolean create, GError **error)
{
    g_autofree char *path = seal_key_path();
    g_autoptr(GError) local = NULL;

    g_return_val_if_fail(key != NULL, FALSE);
    if (read_key(path, key, &local))
        return TRUE;
    if (g_error_matches(local, G_FILE_ERROR, G_FILE_ERROR_NOENT) && migrate_key(path))
        return read_key(path, key, error);
    if (!create || !g_error_matches(local, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
        g_propagate_error(error, g_steal_pointer(&local));
        return FALSE;
    }
    return make_key(path, error) && read_key(path, key, error);
}

/* ---- seals of files ------------------------------------------------------ */

#define SEAL_HEX (2 * 32)

char *seal_dir(void)
{
    const char *cache = g_getenv("XDG_CACHE_HOME");

    if (cache == NULL || !g_path_is_absolute(cache))
        cache = g_get_user_cache_dir();
    return g_build_filename(cache, "cavelog", "checked", NULL);
}

/* The folder of the seals made with @key: one per key, so that two
 * installations sharing a cache never overwrite each other's. */
static char *key_seals_dir(const SealKey *key)
{
    g_autofree char *base = seal_dir();
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
    [SEAL_SOUND] = "cavelog integrity 1",
    [SEAL_HISTORY] = "cavelog history 1",
};

/* The seal of @st at @level by @key, as hex into @hex (SEAL_HEX + 1 bytes). */
static void seal_of(const SealKey *key, const struct stat *st, SealLevel level, char *hex)
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
static char *seal_path(const SealKey *key, const struct stat *st)
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
    g_autofree char *key = seal_old_key_path();
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

SealLevel seal_level(const char *path)
{
    SealKey key;
    struct stat st;
    char want[SEAL_HEX + 1];
    g_autofree char *seal = NULL;
    g_autofree char *have = NULL;
    gsize len = 0;
    SealLevel found = SEAL_NONE;

    g_return_val_if_fail(path != NULL, SEAL_NONE);
    if (!quiet_file(path, &st) || !seal_load_key(&key, FALSE, NULL))
        return SEAL_NONE;
    seal = seal_path(&key, &st);
    if (g_file_get_contents(seal, &have, &len, NULL) && len >= SEAL_HEX &&
        (len == SEAL_HEX || have[SEAL_HEX] == '\n'))
        for (SealLevel level = SEAL_SOUND; level <= SEAL_HISTORY; level++) {
            seal_of(&key, &st, level, want);
            if (memcmp(want, have, SEAL_HEX) == 0)
                found = level;
        }
    memset(&key, 0, sizeof key);
    return found;
}

void seal_remember(const char *path, SealLevel level)
{
    SealKey key;
    struct stat st;
    char hex[SEAL_HEX + 1];
    g_autofree char *dir = NULL;
    g_autofree char *seal = NULL;
    g_autofree char *where = NULL;
    g_autofree char *text = NULL;

    g_return_if_fail(path != NULL && level >= SEAL_SOUND && level <= SEAL_HISTORY);
    if (!quiet_file(path, &st) || !seal_load_key(&key, FALSE, NULL))
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

/* ---- one's own file ------------------------------------------------------ */

Store *seal_open_own(const char *path, SealTrust *trust, GError **error)
{
    SealLevel level = seal_level(path);
    SealTrust known = {0};
    Store *store;

    if (level >= SEAL_SOUND) {
        store = store_open_sound(path, error);
        known = (SealTrust){.remembered = TRUE, .sound = TRUE, .history = level == SEAL_HISTORY};
    } else {
        store = store_open(path, FALSE, error);
        known.sound = TRUE;
        /* Reading it changes nothing the seal covers. */
        if (store != NULL && !store_reads_copy(store))
            seal_remember(path, SEAL_SOUND);
    }
    if (trust != NULL)
        *trust = store != NULL ? known : (SealTrust){0};
    return store;
}

Store *seal_open_listed(const char *path, GError **error)
{
    return seal_open_own(path, NULL, error);
}

void seal_vouch_history(SealTrust *trust, Store *store)
{
    g_return_if_fail(trust != NULL && store != NULL);
    trust->history = TRUE;
    if (trust->sound && !store_writable(store) && !store_reads_copy(store))
        seal_remember(store_path(store), SEAL_HISTORY);
}

void seal_vouch_made(SealTrust *trust)
{
    g_return_if_fail(trust != NULL);
    trust->sound = TRUE; /* made here: sound when closed cleanly */
    trust->history = TRUE;
}

/* A sound file that only its writer wrote since, closed cleanly, still is. */
static void seal_closed(const char *path, gpointer data)
{
    const SealTrust *trust = data;

    seal_remember(path, trust->history ? SEAL_HISTORY : SEAL_SOUND);
}

gboolean seal_close(Store *store, const SealTrust *trust, GError **error)
{
    g_return_val_if_fail(trust != NULL, FALSE);
    return store_close_then(store, trust->sound ? seal_closed : NULL, (gpointer) trust, error);
}
