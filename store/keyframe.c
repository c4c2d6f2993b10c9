/* SPDX-License-Identifier: GPL-3.0-or-later */
/* keyframe.c — sealing and opening keyframes: the installation's key, a
 * header of fixed little-endian fields, the state and view deflated, and an
 * HMAC-SHA256 over the game's identity, the header and the payload. Opening
 * is as wary as any file input: sizes, format, build layout and MAC first,
 * then the turn's record, then the state's own digest. */
#include "keyframe.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cavelog-config.h"
#include "store-private.h"

#define KF_MAGIC "CAVK"
#define KF_FORMAT 1
#define KF_HEAD 48                /* the fields below, before the MAC */
#define KF_MAC 32                 /* HMAC-SHA256 */
#define KF_TOP (KF_HEAD + KF_MAC) /* where the payload starts */
#define KF_RAW_MAX (sizeof(CavState) + sizeof(CavView))

typedef struct {
    guint64 layout; /* this build's structs: a keyframe of another build is not read */
    gint32 turn;
    gint64 last_seq;
    guint64 digest;
    guint32 packed; /* bytes of the deflated payload */
    guint32 raw;    /* bytes of the payload inflated */
} KeyframeHead;

char *keyframe_key_path(void)
{
    const char *state = g_getenv("XDG_STATE_HOME");

    if (state == NULL || !g_path_is_absolute(state))
        state = g_get_user_state_dir();
    return g_build_filename(state, "cavelog", "key", NULL);
}

char *keyframe_old_key_path(void)
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
static gboolean read_key(const char *path, KeyframeKey *key, GError **error)
{
    int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
    struct stat st;
    gboolean ok;

    if (fd < 0)
        return fail_errno(error, errno, path, "reading the keyframe key");
    ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == getuid() &&
         (st.st_mode & 077) == 0 && st.st_size == KEYFRAME_KEY_BYTES &&
         read(fd, key->bytes, KEYFRAME_KEY_BYTES) == KEYFRAME_KEY_BYTES;
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
    if (write(fd, bytes, KEYFRAME_KEY_BYTES) != KEYFRAME_KEY_BYTES || fsync(fd) != 0)
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
    guint8 bytes[KEYFRAME_KEY_BYTES];
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
    g_autofree char *old = keyframe_old_key_path();
    KeyframeKey key;
    gboolean moved;

    if (!read_key(old, &key, NULL))
        return FALSE;
    moved = write_key(path, key.bytes, NULL);
    memset(&key, 0, sizeof key);
    if (moved)
        g_unlink(old);
    return moved;
}

gboolean keyframe_load_key(KeyframeKey *key, gboolean create, GError **error)
{
    g_autofree char *path = keyframe_key_path();
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

char *keyframe_identity(Store *store, GError **error)
{
    StoreGameInfo info;
    guint64 first = 0;
    char *identity;

    g_return_val_if_fail(store != NULL, NULL);
    if (!store_turn_digest(store, 0, &first, error) || !store_read_info(store, &info, error))
        return NULL;
    identity =
        g_strdup_printf("seed %" G_GINT64_FORMAT "\ncreated %s\nturn 0 %016" G_GINT64_MODIFIER "x",
                        info.seed, info.created != NULL ? info.created : "", first);
    store_game_info_clear(&info);
    return identity;
}

/* This build's structs, as a number: FNV-1a over the version and sizes. */
static guint64 layout_of_build(void)
{
    g_autofree char *text =
        g_strdup_printf("%s %" G_GSIZE_FORMAT " %" G_GSIZE_FORMAT " %" G_GSIZE_FORMAT
                        " %" G_GSIZE_FORMAT " %" G_GSIZE_FORMAT,
                        CAVELOG_VERSION, sizeof(CavState), sizeof(CavCreature), sizeof(CavItem),
                        sizeof(CavEffect), sizeof(CavView));
    guint64 hash = G_GUINT64_CONSTANT(14695981039346656037);

    for (const char *c = text; *c != '\0'; c++)
        hash = (hash ^ (guchar) *c) * G_GUINT64_CONSTANT(1099511628211);
    return hash;
}

static void put_u32(guint8 *at, guint32 value)
{
    value = GUINT32_TO_LE(value);
    memcpy(at, &value, sizeof value);
}

static void put_u64(guint8 *at, guint64 value)
{
    value = GUINT64_TO_LE(value);
    memcpy(at, &value, sizeof value);
}

static guint32 get_u32(const guint8 *at)
{
    guint32 value;

    memcpy(&value, at, sizeof value);
    return GUINT32_FROM_LE(value);
}

static guint64 get_u64(const guint8 *at)
{
    guint64 value;

    memcpy(&value, at, sizeof value);
    return GUINT64_FROM_LE(value);
}

static void head_write(guint8 out[KF_HEAD], const KeyframeHead *head)
{
    memcpy(out, KF_MAGIC, 4);
    put_u32(out + 4, KF_FORMAT);
    put_u64(out + 8, head->layout);
    put_u32(out + 16, (guint32) head->turn);
    put_u32(out + 20, head->packed);
    put_u64(out + 24, (guint64) head->last_seq);
    put_u64(out + 32, head->digest);
    put_u32(out + 40, head->raw);
    put_u32(out + 44, 0);
}

/* The header at @in, when it is of this format and this build. */
static gboolean head_read(const guint8 in[KF_HEAD], KeyframeHead *head)
{
    if (memcmp(in, KF_MAGIC, 4) != 0 || get_u32(in + 4) != KF_FORMAT || get_u32(in + 44) != 0)
        return FALSE;
    head->layout = get_u64(in + 8);
    head->turn = (gint32) get_u32(in + 16);
    head->packed = get_u32(in + 20);
    head->last_seq = (gint64) get_u64(in + 24);
    head->digest = get_u64(in + 32);
    head->raw = get_u32(in + 40);
    return head->layout == layout_of_build() && head->turn > 0 && head->last_seq > 0 &&
           head->raw <= KF_RAW_MAX;
}

/* HMAC-SHA256 keyed by @key over the identity, the header and the payload. */
static void mac_of(const KeyframeKey *key, const char *identity, const guint8 *head,
                   const guint8 *payload, gsize size, guint8 out[KF_MAC])
{
    GHmac *hmac = g_hmac_new(G_CHECKSUM_SHA256, key->bytes, sizeof key->bytes);
    gsize len = KF_MAC;

    g_hmac_update(hmac, (const guchar *) "cavelog keyframe", sizeof "cavelog keyframe");
    g_hmac_update(hmac, (const guchar *) identity, (gssize) strlen(identity) + 1);
    g_hmac_update(hmac, head, KF_HEAD);
    g_hmac_update(hmac, payload, (gssize) size);
    g_hmac_get_digest(hmac, out, &len);
    g_hmac_unref(hmac);
}

/* Run @converter over @in into @out (of @cap bytes) to its end; the bytes
 * written, or -1 when it fails, does not finish in @cap or leaves input. */
static gssize convert_all(GConverter *converter, const guint8 *in, gsize size, guint8 *out,
                          gsize cap)
{
    gsize read_at = 0, written_at = 0;
    GConverterResult result = G_CONVERTER_CONVERTED;

    while (result != G_CONVERTER_FINISHED) {
        gsize got = 0, put = 0;
        result = g_converter_convert(converter, in + read_at, size - read_at, out + written_at,
                                     cap - written_at, G_CONVERTER_INPUT_AT_END, &got, &put, NULL);
        if (result == G_CONVERTER_ERROR || (got == 0 && put == 0 && result != G_CONVERTER_FINISHED))
            return -1;
        read_at += got;
        written_at += put;
    }
    return read_at == size ? (gssize) written_at : -1;
}

/* The state's snapshot and the view, one after the other. */
static GBytes *payload_of(const CavState *state, const CavView *view)
{
    g_autoptr(GBytes) snapshot = state_snapshot(state);
    gsize size;
    const guint8 *data = g_bytes_get_data(snapshot, &size);
    guint8 *raw = g_malloc(size + sizeof *view);

    memcpy(raw, data, size);
    memcpy(raw + size, view, sizeof *view);
    return g_bytes_new_take(raw, size + sizeof *view);
}

GBytes *keyframe_seal(const KeyframeKey *key, const char *identity, guint64 digest,
                      const CavState *state, const CavView *view)
{
    g_autoptr(GBytes) raw = payload_of(state, view);
    g_autoptr(GZlibCompressor) deflate = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW, 1);
    gsize size;
    const guint8 *data = g_bytes_get_data(raw, &size);
    gsize cap = KF_TOP + size + size / 100 + 1024;
    guint8 *blob = g_malloc(cap);
    gssize packed = convert_all(G_CONVERTER(deflate), data, size, blob + KF_TOP, cap - KF_TOP);
    KeyframeHead head = {.layout = layout_of_build(),
                         .turn = state->turn,
                         .last_seq = state->last_seq,
                         .digest = digest,
                         .packed = (guint32) packed,
                         .raw = (guint32) size};

    g_return_val_if_fail(key != NULL && identity != NULL && view != NULL, NULL);
    g_assert(packed >= 0);
    head_write(blob, &head);
    mac_of(key, identity, blob, blob + KF_TOP, (gsize) packed, blob + KF_HEAD);
    return g_bytes_new_take(g_realloc(blob, KF_TOP + (gsize) packed), KF_TOP + (gsize) packed);
}

/* Whether @blob (@size bytes, the row of event @seq) is a keyframe of
 * this build sealed by @key for @identity; its header into @head. */
static gboolean keyframe_open(const KeyframeKey *key, const char *identity, gint64 seq,
                              const guint8 *blob, gsize size, KeyframeHead *head)
{
    guint8 mac[KF_MAC];
    guint8 differ = 0;

    if (blob == NULL || size < KF_TOP || !head_read(blob, head) || head->last_seq != seq ||
        head->packed != size - KF_TOP)
        return FALSE;
    mac_of(key, identity, blob, blob + KF_TOP, head->packed, mac);
    for (guint i = 0; i < KF_MAC; i++)
        differ |= mac[i] ^ blob[KF_HEAD + i];
    return differ == 0;
}

/* The payload inflated into @state and @view, when it is exactly a
 * snapshot and a view that hold together. */
static gboolean keyframe_unpack(const KeyframeHead *head, const guint8 *packed, CavState *state,
                                CavView *view)
{
    g_autoptr(GZlibDecompressor) inflate = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_RAW);
    g_autofree guint8 *raw = g_malloc(head->raw);
    gssize got = convert_all(G_CONVERTER(inflate), packed, head->packed, raw, head->raw);
    gsize state_size;

    if (got != (gssize) head->raw || head->raw < sizeof *view)
        return FALSE;
    state_size = head->raw - sizeof *view;
    if (!state_restore_checked(state, raw, state_size))
        return FALSE;
    memcpy(view, raw + state_size, sizeof *view);
    return view->z >= -1 && view->z < CAV_LEVELS && state->turn == head->turn &&
           state->last_seq == head->last_seq && state_digest_full(state) == head->digest;
}

/* The recorded digest and last seq of @turn agree with @head. */
static gboolean matches_turn(Store *store, const KeyframeHead *head, GError **error)
{
    sqlite3_stmt *stmt = NULL;
    guint64 digest = 0;
    gboolean same = FALSE;
    int rc;

    if (!store_prepare(store, "SELECT digest, last_seq FROM turns WHERE turn = ?", &stmt, error))
        return FALSE;
    sqlite3_bind_int(stmt, 1, head->turn);
    rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW)
        same = store_parse_digest((const char *) sqlite3_column_text(stmt, 0), &digest) &&
               digest == head->digest && sqlite3_column_int64(stmt, 1) == head->last_seq;
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the turns");
    return same;
}

typedef struct {
    Store *store;
    const KeyframeKey *key;
    const char *identity;
    CavState *state;
    CavView *view;
} KeyframeReader;

/* Whether the row at @stmt is a keyframe to resume from (into r's state). */
static gboolean row_usable(KeyframeReader *r, sqlite3_stmt *stmt, GError **error)
{
    KeyframeHead head;
    const guint8 *blob;
    gsize size;

    /* The type first: asking for a blob would convert any other value. */
    if (sqlite3_column_type(stmt, 1) != SQLITE_BLOB)
        return FALSE;
    blob = sqlite3_column_blob(stmt, 1);
    size = (gsize) sqlite3_column_bytes(stmt, 1);
    if (!keyframe_open(r->key, r->identity, sqlite3_column_int64(stmt, 0), blob, size, &head))
        return FALSE;
    return matches_turn(r->store, &head, error) &&
           keyframe_unpack(&head, blob + KF_TOP, r->state, r->view);
}

gboolean keyframe_restore(Store *store, const KeyframeKey *key, const char *identity,
                          CavState *state, CavView *view, KeyframeFound *found, GError **error)
{
    KeyframeReader r = {.store = store, .key = key, .identity = identity};
    sqlite3_stmt *stmt = NULL;
    g_autoptr(GError) local = NULL;
    gboolean usable = FALSE;
    int rc = SQLITE_DONE;

    g_return_val_if_fail(store != NULL && key != NULL && identity != NULL && found != NULL, FALSE);
    found->turn = -1;
    found->ignored = 0;
    if (!store_prepare(store, "SELECT seq, state FROM snapshots ORDER BY seq DESC", &stmt, error))
        return FALSE;
    r.state = state_new();
    r.view = g_new(CavView, 1);
    while (!usable && local == NULL && (rc = sqlite3_step(stmt)) == SQLITE_ROW)
        if (!(usable = row_usable(&r, stmt, &local)) && local == NULL)
            found->ignored++;
    sqlite3_finalize(stmt);
    if (usable) {
        memcpy(state, r.state, sizeof *state);
        *view = *r.view;
        found->turn = state->turn;
    }
    g_free(r.state);
    g_free(r.view);
    if (local != NULL)
        g_propagate_error(error, g_steal_pointer(&local));
    else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return store_fail_sqlite(store, rc, error, "reading the keyframes");
    return usable;
}

gboolean keyframe_restore_newest(Store *store, CavState *state, CavView *view, KeyframeFound *found)
{
    KeyframeKey key;
    g_autofree char *identity = NULL;

    g_return_val_if_fail(store != NULL && state != NULL && view != NULL && found != NULL, FALSE);
    found->turn = -1;
    found->ignored = 0;
    /* A keyframe vouches for the state, not for the events before it: a
     * history edited since this installation wrote it is folded whole. */
    return store_schema_version(store) == STORE_SCHEMA_VERSION && store_history_vouched(store) &&
           keyframe_load_key(&key, FALSE, NULL) &&
           (identity = keyframe_identity(store, NULL)) != NULL &&
           keyframe_restore(store, &key, identity, state, view, found, NULL);
}
