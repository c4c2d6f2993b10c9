/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-payload.c — libFuzzer target for the payload decoder: the first two
 * bytes pick an event type and version, the rest is the JSON text a file's
 * payload column could hold. Any input must decode or be refused, never
 * crash, hang or overflow. */
#include <stdint.h>
#include <string.h>

#include "codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static CodecDecoder *decoder;
    CavEvent event;

    if (size < 2)
        return 0;
    if (decoder == NULL)
        decoder = codec_decoder_new();
    codec_decode_payload(decoder, (CavEventType) (data[0] % CAV_EVENT_TYPE_COUNT),
                         (gint32) (data[1] % 4), (const char *) data + 2, size - 2, &event, NULL);
    return 0;
}
