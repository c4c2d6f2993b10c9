/* SPDX-License-Identifier: GPL-3.0-or-later */
/* codec.c — JSON encoding by hand (it is only printing) and strict decoding
 * straight into the fixed payload structs: a payload exactly as cavelog
 * writes it is read in one pass that checks every byte (decode_canonical);
 * any other goes to yajl's streaming parser and the spelling check, which
 * name its first problem. The fast pass costs less than half what parsing
 * and checking the spelling did. */
#include "codec.h"

#include <string.h>
#include <yajl/yajl_parse.h>

G_DEFINE_QUARK(cavelog_codec_error, codec_error)

/* Where encoded text goes: appended to @out, or (with @out NULL) checked
 * against @against, byte by byte, without being written: the decoder's
 * check that a payload is spelled the way cavelog spells it. */
typedef struct {
    GString *out;
    const char *against;
    gsize len, at;    /* @against's length; the bytes matched so far */
    gboolean differs; /* a byte did not match, or @against ran out */
} Sink;

/* memcmp for the few bytes of a key or a number, without the call. */
static inline gboolean same_bytes(const char *a, const char *b, gsize n)
{
    for (gsize i = 0; i < n; i++)
        if (a[i] != b[i])
            return FALSE;
    return TRUE;
}

static void emit(Sink *s, const char *bytes, gsize n)
{
    if (s->out != NULL)
        g_string_append_len(s->out, bytes, (gssize) n);
    else if (s->differs || n > s->len - s->at || !same_bytes(s->against + s->at, bytes, n))
        s->differs = TRUE;
    else
        s->at += n;
}

static inline void emit_c(Sink *s, char c)
{
    if (s->out != NULL)
        g_string_append_c(s->out, c);
    else if (s->differs || s->at == s->len || s->against[s->at] != c)
        s->differs = TRUE;
    else
        s->at++;
}

static void append_json_string(Sink *out, const char *text, gsize cap)
{
    gsize len = strnlen(text, cap);

    emit_c(out, '"');
    for (gsize i = 0; i < len; i++) {
        guchar c = (guchar) text[i];
        if (c == '"' || c == '\\') {
            emit_c(out, '\\');
            emit_c(out, (char) c);
        } else if (c < 0x20) {
            char escape[8];
            g_snprintf(escape, sizeof escape, "\\u%04x", c);
            emit(out, escape, 6);
        } else {
            emit_c(out, (char) c);
        }
    }
    emit_c(out, '"');
}

/* @value in decimal, as printf's %d would write it, without printf (the
 * decoder writes every payload again to check its form). */
static void append_int(Sink *out, gint64 value)
{
    char digits[21];
    guint n = sizeof digits;
    guint64 magnitude = value < 0 ? (guint64) 0 - (guint64) value : (guint64) value;

    do {
        digits[--n] = (char) ('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0)
        digits[--n] = '-';
    emit(out, digits + n, sizeof digits - n);
}

/* The payload's @n @fields (its type's, or an older version's layout of
 * them), less those whose bit is set in @skip (fields an older version did
 * not have), as cavelog writes them. */
static void encode_fields(const CavFieldInfo *fields, guint n, const CavEvent *event, guint32 skip,
                          Sink *out)
{
    const guint8 *payload = (const guint8 *) &event->as;
    gboolean first = TRUE;

    emit_c(out, '{');
    for (guint i = 0; i < n; i++) {
        const void *at = payload + fields[i].offset;
        if (skip & (1u << i))
            continue;
        if (!first)
            emit_c(out, ',');
        first = FALSE;
        emit(out, fields[i].key, fields[i].key_len);
        switch (fields[i].kind) {
        case CAV_FIELD_I32:
            append_int(out, *(const gint32 *) at);
            break;
        case CAV_FIELD_I64:
            append_int(out, *(const gint64 *) at);
            break;
        case CAV_FIELD_STR:
        case CAV_FIELD_ROW:
            append_json_string(out, at, fields[i].size);
            break;
        }
        if (out->differs)
            return;
    }
    emit_c(out, '}');
}

void codec_encode_payload(const CavEvent *event, GString *out)
{
    Sink sink = {.out = out};
    const CavFieldInfo *fields;
    guint n;

    g_return_if_fail(event != NULL && event->type < CAV_EVENT_TYPE_COUNT);
    n = ev_type_fields(event->type, &fields);
    encode_fields(fields, n, event, 0, &sink);
}

/* Whether @json (@len bytes) is exactly @event's @n @fields, less @skip,
 * as cavelog writes them. */
static gboolean spelled_canonically(const CavFieldInfo *fields, guint n, const CavEvent *event,
                                    guint32 skip, const char *json, gsize len)
{
    Sink sink = {.against = json, .len = len};

    encode_fields(fields, n, event, skip, &sink);
    return !sink.differs && sink.at == len;
}

static void append_id_or_null(GString *out, const char *key, gint64 id)
{
    if (id == 0)
        g_string_append_printf(out, ",\"%s\":null", key);
    else
        g_string_append_printf(out, ",\"%s\":%" G_GINT64_FORMAT, key, id);
}

void codec_encode_event(const CavEvent *event, GString *out)
{
    g_return_if_fail(event != NULL && event->type < CAV_EVENT_TYPE_COUNT);
    g_string_append_printf(out,
                           "{\"seq\":%" G_GINT64_FORMAT ",\"turn\":%" G_GINT32_FORMAT
                           ",\"type\":\"%s\",\"version\":%" G_GINT32_FORMAT,
                           event->seq, event->turn, ev_type_name(event->type), event->version);
    append_id_or_null(out, "cause", event->cause);
    append_id_or_null(out, "actor", event->actor);
    g_string_append(out, ",\"payload\":");
    codec_encode_payload(event, out);
    g_string_append_c(out, '}');
}

/* ---- decoding ---------------------------------------------------------- */

gboolean codec_json_is_one_object(const char *json, gsize len, guint max_depth)
{
    /* The bytes that matter; the loop skips every other one fast (folds
     * decode a million payloads a second). */
    static const guint8 special[256] = {
        ['\0'] = 1, ['"'] = 1, ['\\'] = 1, ['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1};
    gsize i = 0;
    guint depth = 0;
    gboolean in_string = FALSE;

    while (i < len && g_ascii_isspace(json[i]))
        i++;
    if (i == len || json[i] != '{')
        return FALSE;
    for (; i < len; i++) {
        while (i < len && !special[(guchar) json[i]])
            i++;
        if (i == len)
            break;
        char c = json[i];
        if (c == '\0')
            return FALSE;
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped character cannot end the string */
            else if (c == '"')
                in_string = FALSE;
        } else if (c == '"') {
            in_string = TRUE;
        } else if (c == '{' || c == '[') {
            if (++depth > max_depth)
                return FALSE;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                break;
        }
    }
    if (i >= len)
        return FALSE; /* the object never ends */
    for (i++; i < len; i++)
        if (!g_ascii_isspace(json[i]))
            return FALSE;
    return TRUE;
}

struct CodecDecoder {
    yajl_handle parser;
    /* per-payload state, reset by begin_payload() */
    CavEvent *event;
    const CavFieldInfo *fields;
    guint n_fields;
    gint field;   /* index of the key just read, -1 before any */
    guint next;   /* the field expected next (cavelog writes them in order) */
    guint32 seen; /* bit i set once field i has a value */
    gint depth;
    gint values;       /* top-level values completed */
    char problem[128]; /* first problem found by a callback */
    /* An older version's layout of the fields, when it named some
     * differently (see renamed_fields). */
    CavFieldInfo former[32];
};

static gboolean fail(CodecDecoder *d, const char *what)
{
    if (d->problem[0] == '\0')
        g_strlcpy(d->problem, what, sizeof d->problem);
    return FALSE;
}

/* The field the current value belongs to, or NULL (and a recorded problem). */
static const CavFieldInfo *current_field(CodecDecoder *d)
{
    if (d->depth != 1 || d->field < 0) {
        fail(d, "a value outside the payload object");
        return NULL;
    }
    return &d->fields[d->field];
}

static guint8 *field_address(CodecDecoder *d, const CavFieldInfo *f)
{
    return (guint8 *) &d->event->as + f->offset;
}

static int on_integer(void *ctx, long long value)
{
    CodecDecoder *d = ctx;
    const CavFieldInfo *f = current_field(d);

    if (f == NULL)
        return 0;
    if (f->kind == CAV_FIELD_I64) {
        gint64 v = value;
        memcpy(field_address(d, f), &v, sizeof v);
    } else if (f->kind == CAV_FIELD_I32) {
        if (value < G_MININT32 || value > G_MAXINT32)
            return fail(d, "a number too large for its field");
        gint32 v = (gint32) value;
        memcpy(field_address(d, f), &v, sizeof v);
    } else {
        return fail(d, "a number where text belongs");
    }
    d->field = -1;
    return 1;
}

static int on_string(void *ctx, const unsigned char *text, size_t len)
{
    CodecDecoder *d = ctx;
    const CavFieldInfo *f = current_field(d);

    if (f == NULL)
        return 0;
    if (f->kind != CAV_FIELD_STR && f->kind != CAV_FIELD_ROW)
        return fail(d, "text where a number belongs");
    if (len >= f->size)
        return fail(d, "text too long for its field");
    if (memchr(text, '\0', len) != NULL)
        return fail(d, "a NUL character inside text");
    memset(field_address(d, f), 0, f->size);
    memcpy(field_address(d, f), text, len);
    d->field = -1;
    return 1;
}

static int on_key(void *ctx, const unsigned char *key, size_t len)
{
    CodecDecoder *d = ctx;

    if (d->depth != 1)
        return fail(d, "a nested object");
    for (guint k = 0; k <= d->n_fields; k++) {
        /* The expected field first, then every field from the start. */
        guint i = k == 0 ? d->next : k - 1;
        if (i < d->n_fields && d->fields[i].name_len == len &&
            same_bytes(d->fields[i].name, (const char *) key, len)) {
            if (d->seen & (1u << i))
                return fail(d, "a field given twice");
            d->seen |= 1u << i;
            d->field = (gint) i;
            d->next = i + 1;
            return 1;
        }
    }
    return fail(d, "a field this event type does not have");
}

static int on_start_map(void *ctx)
{
    CodecDecoder *d = ctx;

    if (d->depth != 0 || d->values != 0)
        return fail(d, "a nested or second object");
    d->depth++;
    return 1;
}

static int on_end_map(void *ctx)
{
    CodecDecoder *d = ctx;

    d->depth--;
    d->values++;
    return 1;
}

static int on_other(void *ctx)
{
    return fail(ctx, "a value of the wrong kind (null, boolean, fraction or list)");
}

static int on_bool(void *ctx, int value)
{
    (void) value;
    return on_other(ctx);
}

static int on_double(void *ctx, double value)
{
    (void) value;
    return on_other(ctx);
}

static const yajl_callbacks callbacks = {
    .yajl_null = on_other,
    .yajl_boolean = on_bool,
    .yajl_integer = on_integer,
    .yajl_double = on_double,
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_key,
    .yajl_end_map = on_end_map,
    .yajl_start_array = on_other,
    .yajl_end_array = on_other,
};

static void reset_parser(CodecDecoder *d)
{
    if (d->parser != NULL)
        yajl_free(d->parser);
    d->parser = yajl_alloc(&callbacks, NULL, d);
    yajl_config(d->parser, yajl_allow_multiple_values, 1);
}

CodecDecoder *codec_decoder_new(void)
{
    CodecDecoder *d = g_new0(CodecDecoder, 1);

    reset_parser(d);
    return d;
}

void codec_decoder_free(CodecDecoder *decoder)
{
    if (decoder == NULL)
        return;
    yajl_free(decoder->parser);
    g_free(decoder);
}

/* Upcasting: a payload written at an older version lacks the fields its type
 * gained since. Each entry says which field arrived at which version and the
 * value that reproduces the old meaning; decoding an older payload requires
 * every other field, refuses the added ones, and fills these in. */
typedef struct {
    CavEventType type;
    gint32 since; /* the first version that has the field */
    const char *field;
    gint64 number;    /* for I32/I64 fields */
    const char *text; /* for STR fields */
} AddedField;

static const AddedField added_fields[] = {
    /* Version 1 spawned only the player, with GAME.md's player numbers. */
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "behaviour", .text = "player"},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "glyph", .text = "@"},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "colour", .text = "bright white"},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "level", .number = 1},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "max_food", .number = 1000},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "food", .number = 666},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "max_mana", .number = 5},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "hp_regen", .number = 10},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "mana_regen", .number = 20},
    {.type = CAV_EVENT_CREATURE_SPAWNED, .since = 2, .field = "colony", .number = 0},
    /* Version 1 moves and digs cost no food: food arrived with creatures. */
    {.type = CAV_EVENT_CREATURE_MOVED, .since = 2, .field = "food", .number = 0},
    {.type = CAV_EVENT_TILE_DUG, .since = 2, .field = "food", .number = 0},
    /* Version 1 spells: a blink lands anywhere from the next cell on, and
     * blood to mana turns one hp into one mana (cavelog 0.3.0's rules). */
    {.type = CAV_EVENT_SPELL_DEFINED, .since = 2, .field = "min_range", .number = 1},
    {.type = CAV_EVENT_SPELL_DEFINED, .since = 2, .field = "hp_per_mana", .number = 1},
};

/* Renamed fields: a payload written before version @since holds the value
 * of @field under the name @former. Several fields may take the value of
 * one former field, in the place of the first of them. */
typedef struct {
    CavEventType type;
    gint32 since;
    const char *field;
    const char *former;
    const char *former_key; /* "\"former\":", as JSON writes it */
} RenamedField;

static const RenamedField renamed_fields[] = {
    /* Version 1 recorded one amount: the hp spent and the mana gained, one
     * for one (cavelog 0.3.0's blood to mana). */
    {.type = CAV_EVENT_MANA_DRAWN,
     .since = 2,
     .field = "hp",
     .former = "amount",
     .former_key = "\"amount\":"},
    {.type = CAV_EVENT_MANA_DRAWN,
     .since = 2,
     .field = "mana",
     .former = "amount",
     .former_key = "\"amount\":"},
};

static gint field_index(CodecDecoder *d, const char *name)
{
    for (guint i = 0; i < d->n_fields; i++)
        if (strcmp(d->fields[i].name, name) == 0)
            return (gint) i;
    return -1;
}

/* Bits of the fields @type gained after @version. */
static guint32 fields_added_after(CodecDecoder *d, CavEventType type, gint32 version)
{
    guint32 mask = 0;

    for (guint i = 0; i < G_N_ELEMENTS(added_fields); i++) {
        gint k = field_index(d, added_fields[i].field);
        if (added_fields[i].type == type && added_fields[i].since > version && k >= 0)
            mask |= 1u << k;
    }
    return mask;
}

/* The index in @fields (@n) of the first field that @former turned into for
 * @type before @version, or -1. */
static gint former_place(const CavFieldInfo *fields, guint n, CavEventType type, gint32 version,
                         const char *former)
{
    for (guint i = 0; i < G_N_ELEMENTS(renamed_fields); i++) {
        const RenamedField *r = &renamed_fields[i];
        if (r->type != type || r->since <= version || strcmp(r->former, former) != 0)
            continue;
        for (guint k = 0; k < n; k++)
            if (strcmp(fields[k].name, r->field) == 0)
                return (gint) k;
    }
    return -1;
}

/* Make d->fields the layout of @type's fields at @version when a field had
 * another name then: the first field taking a former field's value reads
 * it under that name; the others (their bits returned) are not in the
 * payload and take the value after it is read (fill_renamed_fields). */
static guint32 use_former_layout(CodecDecoder *d, CavEventType type, gint32 version)
{
    guint32 copies = 0;
    gboolean renamed = FALSE;

    for (guint i = 0; i < G_N_ELEMENTS(renamed_fields); i++) {
        const RenamedField *r = &renamed_fields[i];
        gint k = field_index(d, r->field);
        gint first;
        if (r->type != type || r->since <= version || k < 0)
            continue;
        if (!renamed) {
            memcpy(d->former, d->fields, d->n_fields * sizeof d->fields[0]);
            renamed = TRUE;
        }
        first = former_place(d->fields, d->n_fields, type, version, r->former);
        if (first != k) {
            copies |= 1u << k;
            continue;
        }
        d->former[k].name = r->former;
        d->former[k].name_len = strlen(r->former);
        d->former[k].key = r->former_key;
        d->former[k].key_len = strlen(r->former_key);
    }
    if (renamed)
        d->fields = d->former;
    return copies;
}

/* Give each field in @copies the value of the field that read its former
 * field's value (see use_former_layout). */
static void fill_renamed_fields(CodecDecoder *d, CavEventType type, gint32 version, guint32 copies)
{
    const CavFieldInfo *current;

    ev_type_fields(type, &current);
    for (guint k = 0; k < d->n_fields && copies != 0; k++) {
        gint from = -1;
        if (!(copies & (1u << k)))
            continue;
        for (guint i = 0; i < G_N_ELEMENTS(renamed_fields) && from < 0; i++) {
            const RenamedField *r = &renamed_fields[i];
            if (r->type == type && r->since > version && strcmp(r->field, current[k].name) == 0)
                from = former_place(current, d->n_fields, type, version, r->former);
        }
        if (from >= 0)
            memcpy(field_address(d, &d->fields[k]), field_address(d, &d->fields[from]),
                   d->fields[k].size);
    }
}

static void fill_added_fields(CodecDecoder *d, CavEventType type, gint32 version)
{
    for (guint i = 0; i < G_N_ELEMENTS(added_fields); i++) {
        const AddedField *a = &added_fields[i];
        gint k = field_index(d, a->field);
        const CavFieldInfo *f;
        if (a->type != type || a->since <= version || k < 0)
            continue;
        f = &d->fields[k];
        if (f->kind == CAV_FIELD_I32) {
            gint32 v = (gint32) a->number;
            memcpy(field_address(d, f), &v, sizeof v);
        } else if (f->kind == CAV_FIELD_I64) {
            memcpy(field_address(d, f), &a->number, sizeof a->number);
        } else {
            g_strlcpy((char *) field_address(d, f), a->text, f->size);
        }
    }
}

/* The fields an older payload lacks: added since, or copies of a renamed one. */
static void fill_older_fields(CodecDecoder *d, CavEventType type, gint32 version, guint32 copies)
{
    fill_added_fields(d, type, version);
    fill_renamed_fields(d, type, version, copies);
}

/* Read a number at *@at as append_int writes it (no sign on zero, no
 * leading zero), of at most 18 digits; FALSE for any other form. */
static gboolean read_canonical_int(const char **at, const char *end, gint64 *value)
{
    const char *p = *at;
    gboolean negative = p < end && *p == '-';
    guint64 magnitude = 0;
    guint digits = 0;

    p += negative;
    if (p == end || *p < '0' || *p > '9' ||
        (*p == '0' && (negative || (p + 1 < end && p[1] >= '0' && p[1] <= '9'))))
        return FALSE;
    for (; p < end && *p >= '0' && *p <= '9'; p++, digits++)
        magnitude = magnitude * 10 + (guint64) (*p - '0');
    if (digits > 18)
        return FALSE;
    *value = negative ? -(gint64) magnitude : (gint64) magnitude;
    *at = p;
    return TRUE;
}

/* Read a string at *@at into @f's place in @event as cavelog writes it
 * with nothing to escape: printable ASCII or valid UTF-8, shorter than
 * the field; FALSE for anything else (escapes go to the full parser). */
static gboolean read_canonical_text(const char **at, const char *end, const CavFieldInfo *f,
                                    CavEvent *event)
{
    const char *start = *at + 1, *p = start;
    gboolean ascii = TRUE;

    if (*at == end || **at != '"')
        return FALSE;
    for (; p < end && *p != '"'; p++) {
        guchar c = (guchar) *p;
        if (c < 0x20 || c == '\\' || c == 0x7f)
            return FALSE;
        ascii = ascii && c < 0x80;
    }
    if (p == end || (gsize) (p - start) >= f->size ||
        (!ascii && !g_utf8_validate_len(start, (gsize) (p - start), NULL)))
        return FALSE;
    memcpy((guint8 *) &event->as + f->offset, start, (gsize) (p - start));
    *at = p + 1;
    return TRUE;
}

/* Read one value of field @f at *@at into @event, canonical form only. */
static gboolean read_canonical_value(const char **at, const char *end, const CavFieldInfo *f,
                                     CavEvent *event)
{
    guint8 *place = (guint8 *) &event->as + f->offset;
    gint64 v;

    switch (f->kind) {
    case CAV_FIELD_I32:
        if (!read_canonical_int(at, end, &v) || v < G_MININT32 || v > G_MAXINT32)
            return FALSE;
        gint32 v32 = (gint32) v;
        memcpy(place, &v32, sizeof v32);
        return TRUE;
    case CAV_FIELD_I64:
        if (!read_canonical_int(at, end, &v))
            return FALSE;
        memcpy(place, &v, sizeof v);
        return TRUE;
    case CAV_FIELD_STR:
    case CAV_FIELD_ROW:
        return read_canonical_text(at, end, f, event);
    }
    return FALSE;
}

/* The fast way in: @json (@len bytes) read straight into @event (its
 * payload zeroed already) when it is exactly encode_fields' text, less
 * @skip, and holds only what needs no escape. What it accepts, the
 * parser and the spelling check would accept with the same result; on
 * FALSE the full parser judges the payload and names its problem. */
static gboolean decode_canonical(const CavFieldInfo *fields, guint n, guint32 skip,
                                 const char *json, gsize len, CavEvent *event)
{
    const char *at = json, *end = json + len;
    gboolean first = TRUE;

    if (at == end || *at++ != '{')
        return FALSE;
    for (guint i = 0; i < n; i++) {
        if (skip & (1u << i))
            continue;
        if (!first && (at == end || *at++ != ','))
            return FALSE;
        first = FALSE;
        if ((gsize) (end - at) < fields[i].key_len ||
            !same_bytes(at, fields[i].key, fields[i].key_len))
            return FALSE;
        at += fields[i].key_len;
        if (!read_canonical_value(&at, end, &fields[i], event))
            return FALSE;
    }
    return at + 1 == end && *at == '}';
}

static gboolean decode_version(CodecDecoder *d, CavEventType type, gint32 version, const char *json,
                               gsize len, CavEvent *event, GError **error)
{
    yajl_status status;
    guint32 all, added, copies;

    d->event = event;
    d->n_fields = ev_type_fields(type, &d->fields);
    d->field = -1;
    d->next = 0;
    d->seen = 0;
    d->depth = 0;
    d->values = 0;
    d->problem[0] = '\0';
    memset(&event->as, 0, sizeof event->as);
    event->type = type;
    event->version = ev_type_version(type);

    /* Only an older payload has fields to fill (the common case skips the table). */
    added = version < ev_type_version(type) ? fields_added_after(d, type, version) : 0;
    copies = version < ev_type_version(type) ? use_former_layout(d, type, version) : 0;
    added |= copies;
    if (decode_canonical(d->fields, d->n_fields, added, json, len, event)) {
        if (added != 0)
            fill_older_fields(d, type, version, copies);
        return TRUE;
    }

    /* The streaming parser may hold back a trailing token (a number waits
     * for its end, a string for its closing quote), and it keeps its state
     * from one payload to the next: so the payload must be exactly one
     * object, ending at its last byte. A payload spelled as cavelog spells
     * it is; any other fails below, where the first problem is named. */
    gsize written = len;

    while (len > 0 && g_ascii_isspace(json[len - 1]))
        len--;
    status = yajl_parse(d->parser, (const unsigned char *) json, len);
    if (status == yajl_status_ok && (d->depth != 0 || d->values != 1))
        fail(d, "an unfinished or missing object");
    all = d->n_fields == 32 ? G_MAXUINT32 : (1u << d->n_fields) - 1;
    if (status == yajl_status_ok && d->problem[0] == '\0' && (d->seen & added) != 0)
        fail(d, "a field its version does not have");
    if (status == yajl_status_ok && d->problem[0] == '\0' && d->seen != (all & ~added))
        fail(d, "a missing field");
    if (status == yajl_status_ok && d->problem[0] == '\0') {
        /* One spelling for one event: what `sqlite3` reads (json_extract
         * takes the first of two keys, no escaped key, and the views…) is
         * then exactly what the game reads. */
        if (spelled_canonically(d->fields, d->n_fields, event, added, json, written)) {
            if (added != 0)
                fill_older_fields(d, type, version, copies);
            return TRUE;
        }
        fail(d, "a payload not written the way cavelog writes it (spacing, escapes, field order "
                "or the form of a number)");
    }

    if (!codec_json_is_one_object(json, len, 8)) {
        d->problem[0] = '\0'; /* the first problem, as the parser never saw it */
        fail(d, "text after the payload object (a second object?), or no object");
    }
    if (d->problem[0] == '\0')
        fail(d, "text that is not JSON");
    g_set_error(error, CODEC_ERROR, CODEC_ERROR_MALFORMED, "%s payload holds %s",
                ev_type_name(type), d->problem);
    reset_parser(d); /* the parser may be mid-value or in its error state */
    return FALSE;
}

gboolean codec_decode_payload(CodecDecoder *decoder, CavEventType type, gint32 version,
                              const char *json, gsize len, CavEvent *event, GError **error)
{
    g_return_val_if_fail(decoder != NULL && event != NULL && json != NULL, FALSE);
    if (type >= CAV_EVENT_TYPE_COUNT) {
        g_set_error(error, CODEC_ERROR, CODEC_ERROR_UNKNOWN_TYPE, "unknown event type");
        return FALSE;
    }
    if (version < 1 || version > ev_type_version(type)) {
        g_set_error(error, CODEC_ERROR, CODEC_ERROR_VERSION,
                    "%s at version %" G_GINT32_FORMAT " (this build reads version %" G_GINT32_FORMAT
                    ")%s",
                    ev_type_name(type), version, ev_type_version(type),
                    version > ev_type_version(type) ? "; the file is from a newer cavelog" : "");
        return FALSE;
    }
    return decode_version(decoder, type, version, json, len, event, error);
}

/* The former name of @type's @field (see renamed_fields), or NULL. */
static const char *former_name(CavEventType type, const char *field)
{
    for (guint i = 0; i < G_N_ELEMENTS(renamed_fields); i++)
        if (renamed_fields[i].type == type && strcmp(renamed_fields[i].field, field) == 0)
            return renamed_fields[i].former;
    return NULL;
}

/* One column of a view: the payload's @field, or (a field older payloads
 * held under another name) the first of the two that is there. */
static char *sql_column(CavEventType type, const char *field)
{
    const char *former = former_name(type, field);

    if (former == NULL)
        return g_strdup_printf(", json_extract(payload, '$.%s') AS \"%s\"", field, field);
    return g_strdup_printf(", coalesce(json_extract(payload, '$.%s'), json_extract(payload, "
                           "'$.%s')) AS \"%s\"",
                           field, former, field);
}

/* The view of @type's payload fields, as "CREATE VIEW … FROM events WHERE
 * type = 'Name'" (no IF NOT EXISTS, no semicolon: as SQLite keeps it). */
static void sql_view(CavEventType type, GString *out)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(type, &fields);
    const char *name = ev_type_name(type);

    g_string_append_printf(out, "CREATE VIEW \"%s\" AS SELECT seq, turn, cause AS cause_seq, actor",
                           name);
    for (guint i = 0; i < n; i++) {
        g_autofree char *column = sql_column(type, fields[i].name);
        g_string_append(out, column);
    }
    g_string_append_printf(out, " FROM events WHERE type = '%s'", name);
}

void codec_sql_views(GString *out)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        sql_view((CavEventType) t, out);
        g_string_append(out, ";\n");
    }
}

/* Skip @prefix at *@at; FALSE when *@at does not start with it. */
static gboolean skip(const char **at, const char *prefix)
{
    gsize len = strlen(prefix);

    if (strncmp(*at, prefix, len) != 0)
        return FALSE;
    *at += len;
    return TRUE;
}

/* Skip one column naming a field of @type as this build writes it, or as
 * an older build did: `, json_extract(payload, '$.F') AS "F"` for a field
 * of this version or a former name of one. */
static gboolean skip_field_column(const char **at, CavEventType type)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(type, &fields);

    for (guint i = 0; i < n; i++) {
        g_autofree char *column = sql_column(type, fields[i].name);
        g_autofree char *plain = g_strdup_printf(", json_extract(payload, '$.%s') AS \"%s\"",
                                                 fields[i].name, fields[i].name);
        if (skip(at, column) || skip(at, plain))
            return TRUE;
    }
    for (guint i = 0; i < G_N_ELEMENTS(renamed_fields); i++) {
        const char *former = renamed_fields[i].former;
        g_autofree char *column =
            g_strdup_printf(", json_extract(payload, '$.%s') AS \"%s\"", former, former);
        if (renamed_fields[i].type == type && skip(at, column))
            return TRUE;
    }
    return FALSE;
}

gboolean codec_sql_view_is_honest(const char *name, const char *sql)
{
    CavEventType type;
    g_autofree char *head = NULL;
    g_autofree char *tail = NULL;
    const char *at = sql;

    g_return_val_if_fail(name != NULL, FALSE);
    if (sql == NULL || !ev_type_from_name(name, &type))
        return FALSE;
    head = g_strdup_printf("CREATE VIEW \"%s\" AS SELECT seq, turn, ", name);
    tail = g_strdup_printf(" FROM events WHERE type = '%s'", name);
    if (!skip(&at, head) || !(skip(&at, "cause AS cause_seq, actor") || skip(&at, "cause, actor")))
        return FALSE;
    while (skip_field_column(&at, type))
        ;
    return skip(&at, tail) && *at == '\0';
}
