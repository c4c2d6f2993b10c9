/* SPDX-License-Identifier: GPL-3.0-or-later */
/* event.c — catalog tables (names, meanings, versions, field layouts) and the
 * one-line summaries, all expanded from catalog.h. */
#include "event.h"

#include <stddef.h>
#include <string.h>

typedef struct {
    const char *name;
    const char *meaning;
    const char *summary;
    gint32 version;
} TypeInfo;

static const TypeInfo type_info[CAV_EVENT_TYPE_COUNT] = {
#define CAV_X_INFO(ENUM, Name, ver, mean, summ, fields)                                            \
    [CAV_EVENT_##ENUM] = {.name = #Name, .meaning = mean, .summary = summ, .version = ver},
    CAV_EVENT_CATALOG(CAV_X_INFO, CAV_F_NONE)
#undef CAV_X_INFO
};

/* One function per type returns its static field table; the local typedef
 * lets each field entry use offsetof on the right payload struct. */
#define CAV_F_KIND_I32 CAV_FIELD_I32
#define CAV_F_KIND_I64 CAV_FIELD_I64
#define CAV_F_KIND_STR CAV_FIELD_STR
#define CAV_F_KIND_ROW CAV_FIELD_ROW
#define CAV_F_INFO(type, fname)                                                                    \
    {.name = #fname,                                                                               \
     .name_len = sizeof(#fname) - 1,                                                               \
     .key = "\"" #fname "\":",                                                                     \
     .key_len = sizeof("\"" #fname "\":") - 1,                                                     \
     .kind = CAV_F_KIND_##type,                                                                    \
     .offset = offsetof(Payload, fname),                                                           \
     .size = sizeof(cav_##type)},
#define CAV_X_FIELDS(ENUM, Name, ver, mean, summ, fields)                                          \
    static const CavFieldInfo *fields_of_##Name(guint *n_fields)                                   \
    {                                                                                              \
        typedef CavEv##Name Payload;                                                               \
        static const CavFieldInfo table[] = {fields};                                              \
        *n_fields = G_N_ELEMENTS(table);                                                           \
        return table;                                                                              \
    }
CAV_EVENT_CATALOG(CAV_X_FIELDS, CAV_F_INFO)
#undef CAV_X_FIELDS
#undef CAV_F_INFO

guint ev_type_fields(CavEventType type, const CavFieldInfo **out_fields)
{
    guint n = 0;

    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, 0);
    switch (type) {
#define CAV_X_CASE(ENUM, Name, ver, mean, summ, fields)                                            \
    case CAV_EVENT_##ENUM:                                                                         \
        *out_fields = fields_of_##Name(&n);                                                        \
        break;
        CAV_EVENT_CATALOG(CAV_X_CASE, CAV_F_NONE)
#undef CAV_X_CASE
    case CAV_EVENT_TYPE_COUNT:
    default:
        *out_fields = NULL;
        break;
    }
    return n;
}

const char *ev_type_name(CavEventType type)
{
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, "?");
    return type_info[type].name;
}

const char *ev_type_meaning(CavEventType type)
{
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, "?");
    return type_info[type].meaning;
}

const char *ev_type_summary_template(CavEventType type)
{
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, "?");
    return type_info[type].summary;
}

gint32 ev_type_version(CavEventType type)
{
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, 0);
    return type_info[type].version;
}

/* The payload field each type happens to, "" for none (CAV_EVENT_ROLES). */
static const char *const type_targets[CAV_EVENT_TYPE_COUNT] = {
#define CAV_R_ROLES(ENUM, target_field) [CAV_EVENT_##ENUM] = target_field,
    CAV_EVENT_ROLES(CAV_R_ROLES)
#undef CAV_R_ROLES
};

/* Every type has its row in CAV_EVENT_ROLES: as many rows as types, and a
 * type named twice would be an override the build refuses (-Woverride-init,
 * on with -Wextra), so a new event without its row fails the build. */
#define CAV_R_ONE(ENUM, target_field) +1
G_STATIC_ASSERT(0 CAV_EVENT_ROLES(CAV_R_ONE) == CAV_EVENT_TYPE_COUNT);
#undef CAV_R_ONE

const char *ev_type_target_field(CavEventType type)
{
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, NULL);
    g_assert(type_targets[type] != NULL); /* every type is in CAV_EVENT_ROLES */
    return type_targets[type][0] != '\0' ? type_targets[type] : NULL;
}

/* Type number + 1 by name, made once (a fold looks up a million names). */
static GHashTable *types_by_name(void)
{
    static GHashTable *table;

    if (g_once_init_enter(&table)) {
        GHashTable *made = g_hash_table_new(g_str_hash, g_str_equal);
        for (guint i = 0; i < CAV_EVENT_TYPE_COUNT; i++)
            g_hash_table_insert(made, (gpointer) type_info[i].name, GUINT_TO_POINTER(i + 1));
        g_once_init_leave(&table, made);
    }
    return table;
}

gboolean ev_type_from_name(const char *name, CavEventType *out_type)
{
    guint found;

    g_return_val_if_fail(name != NULL, FALSE);
    found = GPOINTER_TO_UINT(g_hash_table_lookup(types_by_name(), name));
    if (found == 0)
        return FALSE;
    *out_type = (CavEventType) (found - 1);
    return TRUE;
}

CavEvent ev_init(CavEventType type)
{
    CavEvent event;

    memset(&event, 0, sizeof event);
    g_return_val_if_fail(type < CAV_EVENT_TYPE_COUNT, event);
    event.type = type;
    event.version = type_info[type].version;
    return event;
}

void ev_set_text(char *field, gsize cap, const char *src)
{
    g_autofree char *valid = NULL;
    gsize len;

    g_return_if_fail(field != NULL && cap > 0);
    memset(field, 0, cap);
    if (src == NULL)
        return;
    valid = g_utf8_make_valid(src, -1);
    len = strlen(valid);
    if (len >= cap) {
        /* Cut at a character boundary: half a character is not text. */
        const char *end = g_utf8_find_prev_char(valid, valid + cap);
        len = end != NULL ? (gsize) (end - valid) : 0;
    }
    memcpy(field, valid, len);
}

CavRefKind ev_field_ref_kind(const char *field_name)
{
    static const char *const creatures[] = {"creature", "target", "killer", "parent",
                                            "child",    "colony", "holder", "summoner"};
    static const char *const items[] = {"item", "split", "into"};

    g_return_val_if_fail(field_name != NULL, CAV_REF_NONE);
    for (guint i = 0; i < G_N_ELEMENTS(creatures); i++)
        if (strcmp(field_name, creatures[i]) == 0)
            return CAV_REF_CREATURE;
    for (guint i = 0; i < G_N_ELEMENTS(items); i++)
        if (strcmp(field_name, items[i]) == 0)
            return CAV_REF_ITEM;
    return CAV_REF_NONE;
}

/* Per type, the reference kind of each field, worked out once from the names. */
#define REF_FIELDS_MAX 32
static const guint8 *field_ref_kinds(CavEventType type)
{
    static guint8 kinds[CAV_EVENT_TYPE_COUNT][REF_FIELDS_MAX];
    static gsize done;

    if (g_once_init_enter(&done)) {
        for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
            const CavFieldInfo *fields;
            guint n = ev_type_fields((CavEventType) t, &fields);

            g_assert(n <= REF_FIELDS_MAX);
            for (guint i = 0; i < n; i++)
                kinds[t][i] = fields[i].kind == CAV_FIELD_I32
                                  ? (guint8) ev_field_ref_kind(fields[i].name)
                                  : (guint8) CAV_REF_NONE;
        }
        g_once_init_leave(&done, 1);
    }
    return kinds[type];
}

guint ev_refs(const CavEvent *event, CavRef *out, guint max)
{
    const CavFieldInfo *fields;
    const guint8 *kinds;
    guint n, found = 0;

    g_return_val_if_fail(event != NULL && event->type < CAV_EVENT_TYPE_COUNT, 0);
    n = ev_type_fields(event->type, &fields);
    kinds = field_ref_kinds(event->type);
    for (guint i = 0; i < n && found < max; i++) {
        gint32 id;

        if (kinds[i] == CAV_REF_NONE)
            continue;
        memcpy(&id, (const guint8 *) &event->as + fields[i].offset, sizeof id);
        if (id == 0)
            continue;
        out[found++] = (CavRef){.kind = (CavRefKind) kinds[i], .id = id, .field = fields[i].name};
    }
    return found;
}

void ev_append_field_value(const CavEvent *event, const CavFieldInfo *field, GString *out)
{
    const void *at = (const guint8 *) &event->as + field->offset;

    switch (field->kind) {
    case CAV_FIELD_I32:
        g_string_append_printf(out, "%" G_GINT32_FORMAT, *(const gint32 *) at);
        break;
    case CAV_FIELD_I64:
        g_string_append_printf(out, "%" G_GINT64_FORMAT, *(const gint64 *) at);
        break;
    case CAV_FIELD_STR:
    case CAV_FIELD_ROW:
        g_string_append_len(out, at, (gssize) strnlen(at, field->size));
        break;
    }
}

static void default_namer(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    if (id == 0)
        g_string_append(out, kind == CAV_REF_ITEM ? "nothing" : "nobody");
    else
        g_string_append_printf(out, "%s %" G_GINT32_FORMAT,
                               kind == CAV_REF_ITEM ? "item" : "creature", id);
}

/* Whether the field called @name is a level's 0-based number (`z`,
 * `from_z`), which text for people shows 1-based, as the game's depth. */
static gboolean is_depth_field(const char *name)
{
    return strcmp(name, "z") == 0 || g_str_has_suffix(name, "_z");
}

/* Append the value of the field called @name (length @len) to @out, naming
 * entities through @namer and numbering levels from 1. */
static gboolean append_field(const CavEvent *event, const char *name, gsize len, CavRefNamer namer,
                             gpointer data, GString *out)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    const guint8 *kinds = field_ref_kinds(event->type);
    const guint8 *payload = (const guint8 *) &event->as;

    for (guint i = 0; i < n; i++) {
        if (strlen(fields[i].name) != len || strncmp(fields[i].name, name, len) != 0)
            continue;
        const void *at = payload + fields[i].offset;
        if (kinds[i] != CAV_REF_NONE)
            namer((CavRefKind) kinds[i], *(const gint32 *) at, out, data);
        else if (fields[i].kind == CAV_FIELD_I32 && is_depth_field(fields[i].name))
            /* As a wider number: a depth read from a file may be any gint32. */
            g_string_append_printf(out, "%" G_GINT64_FORMAT, (gint64) * (const gint32 *) at + 1);
        else
            ev_append_field_value(event, &fields[i], out);
        return TRUE;
    }
    return FALSE;
}

/* Append the field named between @open and @close (a template's "{name}"
 * or "{name|fallback}") to @out: the fallback when the field is an empty
 * text. FALSE when @event has no such field. */
static gboolean append_placeholder(const CavEvent *event, const char *open, const char *close,
                                   CavRefNamer namer, gpointer data, GString *out)
{
    const char *bar = memchr(open, '|', (gsize) (close - open));
    const char *end = bar != NULL ? bar : close;
    gsize start = out->len;

    if (!append_field(event, open + 1, (gsize) (end - open - 1), namer, data, out))
        return FALSE;
    if (bar != NULL && out->len == start)
        g_string_append_len(out, bar + 1, close - bar - 1);
    return TRUE;
}

/* The namer of an optional part: notes whether it named nobody, then names
 * through the caller's namer. */
typedef struct {
    CavRefNamer namer;
    gpointer data;
    gboolean named_none;
} OptionalNamer;

static void optional_namer(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    OptionalNamer *optional = data;

    optional->named_none |= id == 0;
    optional->namer(kind, id, out, optional->data);
}

/* Render the template from @p to @end (exclusive) into @out; a part in
 * brackets ("[ (into {into})]") is left out when an entity it names is 0. */
static void render_template(const CavEvent *event, const char *p, const char *end,
                            CavRefNamer namer, gpointer data, GString *out)
{
    for (; p < end; p++) {
        const char *close = *p == '{' ? memchr(p, '}', (gsize) (end - p)) : NULL;
        const char *bracket = *p == '[' ? memchr(p, ']', (gsize) (end - p)) : NULL;
        if (bracket != NULL) {
            OptionalNamer optional = {.namer = namer, .data = data};
            g_autoptr(GString) part = g_string_new(NULL);
            render_template(event, p + 1, bracket, optional_namer, &optional, part);
            if (!optional.named_none)
                g_string_append_len(out, part->str, (gssize) part->len);
            p = bracket;
        } else if (close != NULL && append_placeholder(event, p, close, namer, data, out)) {
            p = close;
        } else {
            g_string_append_c(out, *p);
        }
    }
}

void ev_summary_named(const CavEvent *event, CavRefNamer namer, gpointer data, GString *out)
{
    const char *summary;

    g_return_if_fail(event != NULL && event->type < CAV_EVENT_TYPE_COUNT && namer != NULL);
    summary = type_info[event->type].summary;
    render_template(event, summary, summary + strlen(summary), namer, data, out);
}

CavRef ev_target(const CavEvent *event)
{
    CavRef refs[16];
    const char *field;
    guint n;

    g_return_val_if_fail(event != NULL && event->type < CAV_EVENT_TYPE_COUNT,
                         (CavRef){.kind = CAV_REF_NONE});
    field = ev_type_target_field(event->type);
    n = ev_refs(event, refs, G_N_ELEMENTS(refs));
    for (guint i = 0; field != NULL && i < n; i++)
        if (strcmp(refs[i].field, field) == 0)
            return refs[i];
    return (CavRef){.kind = CAV_REF_NONE};
}

void ev_summary(const CavEvent *event, GString *out)
{
    ev_summary_named(event, default_namer, NULL, out);
}
