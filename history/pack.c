/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack.c — a pack's bytes: the header, the zlib stream, the GVariant in it,
 * and every limit and field checked on the way in (pack-game.c makes a
 * pack from a game and rebuilds a game from a pack). */
#include "pack.h"

#include <gio/gio.h>
#include <string.h>

#include "copies.h"
#include "shown.h"

#define HEADER_LEN (STORE_PACK_MAGIC_LEN + 4)
#define SHORT_TEXT_MAX 64 /* a release, a time */

Pack *pack_new(void)
{
    Pack *pack = g_new0(Pack, 1);

    pack->commands = g_ptr_array_new_with_free_func(g_free);
    pack->digests = g_array_new(FALSE, FALSE, sizeof(guint64));
    pack->events = g_array_new(FALSE, FALSE, sizeof(guint32));
    pack->bookmarks = g_ptr_array_new_with_free_func((GDestroyNotify) bookmark_free);
    return pack;
}

void pack_free(Pack *pack)
{
    if (pack == NULL)
        return;
    g_free(pack->build);
    g_free(pack->player_name);
    g_free(pack->created);
    g_free(pack->updated);
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        g_free(pack->content[f]);
    g_ptr_array_unref(pack->commands);
    g_array_unref(pack->digests);
    g_array_unref(pack->events);
    g_ptr_array_unref(pack->bookmarks);
    lineage_clear(&pack->lineage);
    g_free(pack);
}

/* ---- writing ------------------------------------------------------------- */

static GVariant *content_variant(const Pack *pack)
{
    GVariantBuilder files;

    g_variant_builder_init(&files, G_VARIANT_TYPE("a(ss)"));
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        g_variant_builder_add(&files, "(ss)", content_file_name(f),
                              pack->content[f] != NULL ? pack->content[f] : "");
    return g_variant_builder_end(&files);
}

static GVariant *bookmarks_variant(const Pack *pack)
{
    GVariantBuilder marks;

    g_variant_builder_init(&marks, G_VARIANT_TYPE("a(xss)"));
    for (guint i = 0; i < pack->bookmarks->len; i++) {
        const Bookmark *mark = g_ptr_array_index(pack->bookmarks, i);
        g_variant_builder_add(&marks, "(xss)", mark->seq, mark->note, mark->created);
    }
    return g_variant_builder_end(&marks);
}

static GVariant *lineage_variant(const Pack *pack)
{
    GVariantBuilder lineage;
    const Lineage *l = &pack->lineage;

    g_variant_builder_init(&lineage, G_VARIANT_TYPE("a(sxsti)"));
    if (pack->forked)
        g_variant_builder_add(&lineage, "(sxsti)", l->parent_file, l->parent_seed,
                              l->parent_created, l->parent_digest, l->turn);
    return g_variant_builder_end(&lineage);
}

/* @pack as its GVariant, little-endian (floating). */
static GVariant *pack_variant(const Pack *pack)
{
    GVariant *commands = g_variant_new_strv((const char *const *) pack->commands->pdata,
                                            (gssize) pack->commands->len);
    GVariant *digests = g_variant_new_fixed_array(G_VARIANT_TYPE_UINT64, pack->digests->data,
                                                  pack->digests->len, sizeof(guint64));
    GVariant *events = g_variant_new_fixed_array(G_VARIANT_TYPE_UINT32, pack->events->data,
                                                 pack->events->len, sizeof(guint32));
    g_autoptr(GVariant) whole = g_variant_ref_sink(
        g_variant_new("(sxsss@a(ss)@as@at@au@a(xss)@a(sxsti))", pack->build, pack->seed,
                      pack->player_name, pack->created, pack->updated, content_variant(pack),
                      commands, digests, events, bookmarks_variant(pack), lineage_variant(pack)));

    if (G_BYTE_ORDER == G_BIG_ENDIAN)
        return g_variant_byteswap(whole);
    return g_variant_ref(whole);
}

/* @data through @converter, into memory; NULL when it fails or grows past
 * @max bytes (*@over then set). */
static GBytes *convert(GConverter *converter, const void *data, gsize size, gsize max,
                       gboolean *over, GError **error)
{
    g_autoptr(GByteArray) out = g_byte_array_new();
    const guint8 *at = data;
    guint8 buffer[65536];
    GConverterResult result;

    *over = FALSE;
    do {
        gsize read = 0, wrote = 0;
        result = g_converter_convert(converter, at, size, buffer, sizeof buffer,
                                     G_CONVERTER_INPUT_AT_END, &read, &wrote, error);
        if (result == G_CONVERTER_ERROR)
            return NULL;
        g_byte_array_append(out, buffer, (guint) wrote);
        if (out->len > max) {
            *over = TRUE;
            return NULL;
        }
        at += read;
        size -= read;
    } while (result != G_CONVERTER_FINISHED);
    return g_byte_array_free_to_bytes(g_steal_pointer(&out));
}

GBytes *pack_encode(const Pack *pack)
{
    g_autoptr(GVariant) whole = pack_variant(pack);
    g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
    g_autoptr(GBytes) body = NULL;
    g_autoptr(GByteArray) file = g_byte_array_new();
    guint32 format = GUINT32_TO_LE(PACK_FORMAT);
    gboolean over;

    g_return_val_if_fail(pack != NULL, NULL);
    body = convert(G_CONVERTER(zlib), g_variant_get_data(whole), g_variant_get_size(whole),
                   G_MAXUINT32, &over, NULL);
    g_return_val_if_fail(body != NULL, NULL);
    g_byte_array_append(file, (const guint8 *) STORE_PACK_MAGIC, STORE_PACK_MAGIC_LEN);
    g_byte_array_append(file, (const guint8 *) &format, sizeof format);
    g_byte_array_append(file, g_bytes_get_data(body, NULL), (guint) g_bytes_get_size(body));
    return g_byte_array_free_to_bytes(g_steal_pointer(&file));
}

/* ---- reading ------------------------------------------------------------- */

static gboolean refuse(GError **error, const char *path, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

/* A damaged or hostile pack: STORE_ERROR_CORRUPT, "PATH: message". */
static gboolean refuse(GError **error, const char *path, const char *format, ...)
{
    va_list args;
    g_autofree char *what = NULL;

    va_start(args, format);
    what = g_strdup_vprintf(format, args);
    va_end(args);
    return store_fail(error, STORE_ERROR_CORRUPT, path, "a damaged pack: %s", what);
}

/* The header: the magic and a format this build reads. */
static gboolean check_header(const guint8 *data, gsize size, const char *path, GError **error)
{
    guint32 format;

    if (size < HEADER_LEN || memcmp(data, STORE_PACK_MAGIC, STORE_PACK_MAGIC_LEN) != 0)
        return store_fail(error, STORE_ERROR_NOT_A_GAME, path, "not a cavelog pack");
    memcpy(&format, data + STORE_PACK_MAGIC_LEN, sizeof format);
    format = GUINT32_FROM_LE(format);
    if (format > PACK_FORMAT)
        return store_fail(error, STORE_ERROR_NEWER, path,
                          "a pack of a newer format (%u) than this build reads (%d); unpack it "
                          "with a newer cavelog",
                          format, PACK_FORMAT);
    if (format != PACK_FORMAT)
        return refuse(error, path, "no pack format %u", format);
    return TRUE;
}

/* The pack's GVariant (in this host's byte order), from the file's bytes. */
static GVariant *inflate(const guint8 *data, gsize size, const char *path, GError **error)
{
    g_autoptr(GZlibDecompressor) zlib = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
    g_autoptr(GError) local = NULL;
    g_autoptr(GBytes) body = NULL;
    g_autoptr(GVariant) whole = NULL;
    gboolean over;

    if (size > PACK_FILE_MAX) {
        refuse(error, path, "larger than %d MB", PACK_FILE_MAX >> 20);
        return NULL;
    }
    body = convert(G_CONVERTER(zlib), data + HEADER_LEN, size - HEADER_LEN, PACK_DATA_MAX, &over,
                   &local);
    if (body == NULL) {
        refuse(error, path, "%s", over ? "its data grows past 64 MB" : local->message);
        return NULL;
    }
    whole = g_variant_ref_sink(g_variant_new_from_bytes(G_VARIANT_TYPE(PACK_TYPE), body, FALSE));
    if (!g_variant_is_normal_form(whole)) {
        refuse(error, path, "its data is not in the form cavelog writes");
        return NULL;
    }
    if (G_BYTE_ORDER == G_BIG_ENDIAN)
        return g_variant_byteswap(whole);
    return g_steal_pointer(&whole);
}

/* @text (from a pack) is at most @max bytes, of plain text. */
static gboolean text_ok(const char *text, gsize max)
{
    return strlen(text) <= max && ev_text_clean(text);
}

static gboolean read_names(Pack *pack, GVariant *whole, const char *path, GError **error)
{
    g_variant_get_child(whole, 0, "s", &pack->build);
    g_variant_get_child(whole, 1, "x", &pack->seed);
    g_variant_get_child(whole, 2, "s", &pack->player_name);
    g_variant_get_child(whole, 3, "s", &pack->created);
    g_variant_get_child(whole, 4, "s", &pack->updated);
    if (!text_ok(pack->build, SHORT_TEXT_MAX) || !text_ok(pack->created, SHORT_TEXT_MAX) ||
        !text_ok(pack->updated, SHORT_TEXT_MAX))
        return refuse(error, path, "a release or a time that is not one");
    if (strlen(pack->player_name) >= CAV_STR_MAX || !ev_text_clean(pack->player_name))
        return refuse(error, path, "a player's name that is not one");
    if (pack->seed < 0)
        return refuse(error, path, "a seed below 0");
    return TRUE;
}

static gboolean read_content(Pack *pack, GVariant *whole, const char *path, GError **error)
{
    g_autoptr(GVariant) files = g_variant_get_child_value(whole, 5);

    if (g_variant_n_children(files) != CAV_CONTENT_FILES)
        return refuse(error, path, "%zu data files, not %d", g_variant_n_children(files),
                      CAV_CONTENT_FILES);
    for (guint f = 0; f < CAV_CONTENT_FILES; f++) {
        const char *name, *text;
        g_variant_get_child(files, f, "(&s&s)", &name, &text);
        if (strcmp(name, content_file_name(f)) != 0 || strlen(text) > PACK_TEXT_MAX)
            return refuse(error, path, "data file %u is not %s", f + 1, content_file_name(f));
        pack->content[f] = g_strdup(text);
    }
    return TRUE;
}

/* Each turn's command, digest and number of events: as many of each, at
 * least the start, at most PACK_TURNS_MAX. */
static gboolean read_turns(Pack *pack, GVariant *whole, const char *path, GError **error)
{
    g_autoptr(GVariant) commands = g_variant_get_child_value(whole, 6);
    g_autoptr(GVariant) digests = g_variant_get_child_value(whole, 7);
    g_autoptr(GVariant) events = g_variant_get_child_value(whole, 8);
    gsize n = g_variant_n_children(commands), nd = 0, ne = 0;
    const guint64 *d = g_variant_get_fixed_array(digests, &nd, sizeof(guint64));
    const guint32 *e = g_variant_get_fixed_array(events, &ne, sizeof(guint32));

    if (n == 0 || n > PACK_TURNS_MAX || nd != n || ne != n)
        return refuse(error, path, "%zu commands, %zu digests and %zu counts of events", n, nd, ne);
    for (gsize t = 0; t < n; t++) {
        const char *command;
        g_variant_get_child(commands, t, "&s", &command);
        if (strlen(command) > PACK_COMMAND_MAX || e[t] == 0 || e[t] > PACK_TURN_EVENTS_MAX)
            return refuse(error, path, "turn %zu's command or count of events is out of bounds", t);
        g_ptr_array_add(pack->commands, g_strdup(command));
    }
    g_array_append_vals(pack->digests, d, (guint) n);
    g_array_append_vals(pack->events, e, (guint) n);
    return TRUE;
}

static gboolean read_bookmarks(Pack *pack, GVariant *whole, const char *path, GError **error)
{
    g_autoptr(GVariant) marks = g_variant_get_child_value(whole, 9);
    gsize n = g_variant_n_children(marks);

    for (gsize i = 0; i < n; i++) {
        Bookmark *mark = g_new0(Bookmark, 1);
        g_variant_get_child(marks, i, "(xss)", &mark->seq, &mark->note, &mark->created);
        g_ptr_array_add(pack->bookmarks, mark);
        if (mark->seq < 1 || !bookmarks_note_ok(mark->note, NULL) ||
            !text_ok(mark->created, SHORT_TEXT_MAX))
            return refuse(error, path, "bookmark %zu is not one cavelog writes", i + 1);
    }
    return TRUE;
}

static gboolean read_lineage(Pack *pack, GVariant *whole, const char *path, GError **error)
{
    g_autoptr(GVariant) lineage = g_variant_get_child_value(whole, 10);
    Lineage *l = &pack->lineage;

    if (g_variant_n_children(lineage) > 1)
        return refuse(error, path, "more than one lineage");
    if (g_variant_n_children(lineage) == 0)
        return TRUE;
    pack->forked = TRUE;
    g_variant_get_child(lineage, 0, "(sxsti)", &l->parent_file, &l->parent_seed, &l->parent_created,
                        &l->parent_digest, &l->turn);
    if (strlen(l->parent_file) > LINEAGE_FILE_MAX || !ev_text_clean(l->parent_file) ||
        !text_ok(l->parent_created, LINEAGE_CREATED_MAX) || l->turn < 0)
        return refuse(error, path, "a lineage that is not one cavelog writes");
    return TRUE;
}

Pack *pack_decode(const guint8 *data, gsize size, const char *path, GError **error)
{
    g_autoptr(Pack) pack = NULL;
    g_autoptr(GVariant) whole = NULL;

    g_return_val_if_fail(data != NULL || size == 0, NULL);
    if (!check_header(data, size, path, error) ||
        (whole = inflate(data, size, path, error)) == NULL)
        return NULL;
    pack = pack_new();
    if (!read_names(pack, whole, path, error) || !read_content(pack, whole, path, error) ||
        !read_turns(pack, whole, path, error) || !read_bookmarks(pack, whole, path, error) ||
        !read_lineage(pack, whole, path, error))
        return NULL;
    return g_steal_pointer(&pack);
}
