/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-pack.c — libFuzzer target for packs (history/pack.h): the first
 * byte chooses whether the rest is a whole pack file (0) or the data inside
 * one (1: wrapped in the header and compressed here, so that mutations reach
 * the checks of every field, not only zlib's). The pack is then rebuilt into
 * a game file, as `cavelog unpack` does. Any input must be rebuilt or
 * refused with an error, never crash, hang or exhaust memory. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <unistd.h>

#include "copies.h"
#include "pack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* @body (a pack's data) as a whole pack file: header, zlib stream. */
static GBytes *wrap(const uint8_t *body, size_t size)
{
    g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1);
    g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data(body, (gssize) size, NULL);
    g_autoptr(GInputStream) packed = g_converter_input_stream_new(in, G_CONVERTER(zlib));
    GByteArray *file = g_byte_array_new();
    guint32 format = GUINT32_TO_LE(PACK_FORMAT);
    guint8 buffer[65536];
    gssize got;

    g_byte_array_append(file, (const guint8 *) STORE_PACK_MAGIC, STORE_PACK_MAGIC_LEN);
    g_byte_array_append(file, (const guint8 *) &format, sizeof format);
    while ((got = g_input_stream_read(packed, buffer, sizeof buffer, NULL, NULL)) > 0)
        g_byte_array_append(file, buffer, (guint) got);
    return g_byte_array_free_to_bytes(file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *path, *dest;
    g_autoptr(GBytes) file = NULL;
    GError *error = NULL;

    if (size < 1)
        return 0;
    if (path == NULL) {
        path = g_strdup_printf("%s/cavelog-fuzz-%d.cavepack", g_get_tmp_dir(), (int) getpid());
        dest = g_strdup_printf("%s/cavelog-fuzz-%d.cavelog", g_get_tmp_dir(), (int) getpid());
    }
    file = data[0] == 1 ? wrap(data + 1, size - 1) : g_bytes_new(data + 1, size - 1);
    if (!g_file_set_contents(path, g_bytes_get_data(file, NULL), (gssize) g_bytes_get_size(file),
                             NULL))
        return 0;
    if (pack_rebuild(path, dest, &error))
        g_unlink(dest);
    g_clear_error(&error);
    g_unlink(path);
    return 0;
}
