/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-render.c — libFuzzer target for what the inspector renders from an
 * event: the input is fuzz-payload's (a type byte, a version byte, a
 * payload's JSON); whatever decodes is rendered as the timeline and the
 * detail pane do (the summary, named and plain; each field's value, marked
 * up; its references and target), none of which may crash or overflow,
 * and each text, once ev_shown(), must be clean. */
#include <stdint.h>
#include <string.h>

#include "codec.h"
#include "shown.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A name as the history gives one: words and the id. */
static void name_ref(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    g_string_append_printf(out, "%s %" G_GINT32_FORMAT, kind == CAV_REF_ITEM ? "item" : "goblin",
                           id);
}

/* @text shown must be clean, whatever it holds. */
static void check_shown(const char *text)
{
    g_autofree char *shown = ev_shown(text);

    if (!ev_text_clean(shown))
        __builtin_trap();
}

/* The detail pane's payload lines: each field's value, marked up. */
static void render_fields(const CavEvent *event)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        g_autoptr(GString) value = g_string_new(NULL);
        g_autofree char *escaped = NULL;

        (void) ev_field_ref_kind(fields[i].name);
        ev_append_field_value(event, &fields[i], value);
        escaped = g_markup_escape_text(value->str, -1);
        check_shown(value->str);
    }
}

static void render(const CavEvent *event)
{
    g_autoptr(GString) summary = g_string_new(NULL);
    CavRef refs[8];

    ev_summary(event, summary);
    check_shown(summary->str);
    g_string_truncate(summary, 0);
    ev_summary_named(event, name_ref, NULL, summary);
    check_shown(summary->str);
    render_fields(event);
    (void) ev_refs(event, refs, G_N_ELEMENTS(refs));
    (void) ev_target(event);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static CodecDecoder *decoder;
    CavEvent event = {.seq = 1, .turn = 1, .actor = 1};

    if (size < 2)
        return 0;
    if (decoder == NULL)
        decoder = codec_decoder_new();
    event.type = (CavEventType) (data[0] % CAV_EVENT_TYPE_COUNT);
    event.version = (gint32) (data[1] % 4);
    if (codec_decode_payload(decoder, event.type, event.version, (const char *) data + 2, size - 2,
                             &event, NULL))
        render(&event);
    return 0;
}
