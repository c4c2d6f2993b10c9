/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seal-keyframe.c — sealing and opening keyframes: a header of fixed
 * little-endian fields, the state and view deflated, and an HMAC-SHA256 by
 * the installation's key (seal.c) over the game's identity, the header and
 * the payload. Opening is as wary as any file input: sizes, format, build
 * layout and MAC first, then the turn's record, then the state's own
 * digest. The rows themselves are the store's (store_foreach_snapshot). */
#include "seal.h"

#include <gio/gio.h>
#include <string.h>

#include "cavelog-config.h"

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

char *seal_identity(Store *store, GError **error)
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
static void mac_of(const SealKey *key, const char *identity, const guint8 *head,
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

GBytes *seal_keyframe(const SealKey *key, const char *identity, guint64 digest,
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
static gboolean keyframe_open(const SealKey *key, const char *identity, gint64 seq,
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

typedef struct {
    Store *store;
    const SealKey *key;
    const char *identity;
    CavState *state;
    CavView *view;
    KeyframeFound *found;
    gboolean usable; /* r's state and view are the keyframe's */
} KeyframeReader;

/* Whether the keyframe @blob (@size bytes, the row of event @seq) is one to
 * resume from (into r's state); else it is counted as passed over. A
 * problem reading the turns stops the read. */
static gboolean row_usable(gint64 seq, const guint8 *blob, gsize size, gpointer data,
                           GError **error)
{
    KeyframeReader *r = data;
    KeyframeHead head;
    gboolean same = FALSE;

    if (keyframe_open(r->key, r->identity, seq, blob, size, &head) &&
        store_turn_ends(r->store, head.turn, head.digest, head.last_seq, &same, error) && same &&
        keyframe_unpack(&head, blob + KF_TOP, r->state, r->view)) {
        r->usable = TRUE;
        return FALSE;
    }
    if (error == NULL || *error == NULL)
        r->found->ignored++;
    return error == NULL || *error == NULL;
}

gboolean seal_restore_keyframe(Store *store, const SealKey *key, const char *identity,
                               CavState *state, CavView *view, KeyframeFound *found, GError **error)
{
    KeyframeReader r = {.store = store, .key = key, .identity = identity, .found = found};
    gboolean ok;

    g_return_val_if_fail(store != NULL && key != NULL && identity != NULL && found != NULL, FALSE);
    found->turn = -1;
    found->ignored = 0;
    r.state = state_new();
    r.view = g_new(CavView, 1);
    ok = store_foreach_snapshot(store, row_usable, &r, error);
    if (ok && r.usable) {
        memcpy(state, r.state, sizeof *state);
        *view = *r.view;
        found->turn = state->turn;
    }
    g_free(r.state);
    g_free(r.view);
    return ok && r.usable;
}

gboolean seal_restore_newest(Store *store, gboolean vouched, CavState *state, CavView *view,
                             KeyframeFound *found)
{
    SealKey key;
    g_autofree char *identity = NULL;

    g_return_val_if_fail(store != NULL && state != NULL && view != NULL && found != NULL, FALSE);
    found->turn = -1;
    found->ignored = 0;
    /* A keyframe vouches for the state, not for the events before it: a
     * history edited since this installation wrote it is folded whole. */
    return store_schema_version(store) == STORE_SCHEMA_VERSION &&
           (vouched || seal_level(store_path(store)) == SEAL_HISTORY) &&
           seal_load_key(&key, FALSE, NULL) && (identity = seal_identity(store, NULL)) != NULL &&
           seal_restore_keyframe(store, &key, identity, state, view, found, NULL);
}
