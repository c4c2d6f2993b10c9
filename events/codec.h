/* SPDX-License-Identifier: GPL-3.0-or-later */
/* codec.h — events to and from JSON, and the SQL views derived from the catalog.
 *
 * Payloads are stored as JSON objects whose keys are exactly the catalog's
 * field names. Decoding is strict: every field present once, no other keys, the
 * right JSON type, integers in range, strings that fit their field. That makes
 * the decoder the first line of defence against hostile files. */
#ifndef CAV_EVENTS_CODEC_H
#define CAV_EVENTS_CODEC_H

#include "event.h"

G_BEGIN_DECLS

#define CODEC_ERROR (codec_error_quark())
GQuark codec_error_quark(void);

typedef enum {
    CODEC_ERROR_UNKNOWN_TYPE,
    CODEC_ERROR_VERSION,
    CODEC_ERROR_MALFORMED,
} CodecError;

/* Append @event's payload as a JSON object to @out. */
void codec_encode_payload(const CavEvent *event, GString *out);

/* Append the whole event (envelope and payload) as one JSON object. */
void codec_encode_event(const CavEvent *event, GString *out);

/* A reusable decoder; keeps parser state between calls so a fold does not
 * allocate per event. Not thread-safe; one per reader. */
typedef struct CodecDecoder CodecDecoder;
CodecDecoder *codec_decoder_new(void);
void codec_decoder_free(CodecDecoder *decoder);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CodecDecoder, codec_decoder_free)

/* A quick look at untrusted JSON before any parser sees it: @json (@len
 * bytes, NUL-terminated or not) holds, after optional white space, one
 * object that ends at the last byte that is not white space, nests at most
 * @max_depth objects and lists deep, and holds no NUL byte. Strings and their
 * escapes are followed, not checked (the parser does that). */
gboolean codec_json_is_one_object(const char *json, gsize len, guint max_depth);

/* Decode a stored payload of @type, written at schema @version, into
 * @event->as (the envelope fields are left as they are, except type and
 * version, which become the current ones). @json need not be NUL-terminated.
 * Returns FALSE with a CODEC_ERROR naming the problem; @event is then
 * unspecified. Older versions go through the upcasters in codec.c. */
gboolean codec_decode_payload(CodecDecoder *decoder, CavEventType type, gint32 version,
                              const char *json, gsize len, CavEvent *event, GError **error);

/* Append SQL creating one view per event type, named after the type, whose
 * columns are the envelope (seq, turn, cause_seq, actor) plus the payload's
 * fields (CREATE VIEW: drop any older views first). */
void codec_sql_views(GString *out);

/* Whether @sql, a view's text as SQLite keeps it in sqlite_schema, is one
 * that this build or an older one generated for event type @name: every
 * column named after the payload field it reads, from events of that type
 * alone. (Older builds made fewer columns and called cause_seq "cause".) */
gboolean codec_sql_view_is_honest(const char *name, const char *sql);

G_END_DECLS

#endif
