/* SPDX-License-Identifier: GPL-3.0-or-later */
/* event.h — the domain event as a value: envelope plus typed payload.
 *
 * Everything here is expanded from catalog.h. An event is a plain struct with
 * fixed-size fields; it never points into game state, so it can be copied,
 * queued, stored and compared with memcmp-free field checks. */
#ifndef CAV_EVENTS_EVENT_H
#define CAV_EVENTS_EVENT_H

#include <glib.h>

#include "catalog.h"

G_BEGIN_DECLS

/* Capacity of STR fields (short names, causes) and ROW fields (a terrain row),
 * including the terminating NUL. */
#define CAV_STR_MAX 48
#define CAV_ROW_MAX 96

typedef gint32 cav_I32;
typedef gint64 cav_I64;
typedef char cav_STR[CAV_STR_MAX];
typedef char cav_ROW[CAV_ROW_MAX];

typedef enum {
#define CAV_X_ENUM(ENUM, Name, version, meaning, summary, fields) CAV_EVENT_##ENUM,
#define CAV_F_NONE(type, name)
    CAV_EVENT_CATALOG(CAV_X_ENUM, CAV_F_NONE)
#undef CAV_X_ENUM
        CAV_EVENT_TYPE_COUNT
} CavEventType;

#define CAV_F_MEMBER(type, name) cav_##type name;
#define CAV_X_STRUCT(ENUM, Name, version, meaning, summary, fields)                                \
    typedef struct {                                                                               \
        fields                                                                                     \
    } CavEv##Name;
CAV_EVENT_CATALOG(CAV_X_STRUCT, CAV_F_MEMBER)
#undef CAV_X_STRUCT

/* A sequence number or entity id of 0 means "none". */
typedef struct {
    gint64 seq;  /* 1, 2, 3 … in the order events were appended */
    gint32 turn; /* 0 is the game's setup; player turns count from 1 */
    CavEventType type;
    gint32 version; /* schema version of this type's payload */
    gint64 cause;   /* seq of the event that triggered this one, or 0 */
    gint32 actor;   /* creature id that brought it about, or 0 */
    union {
#define CAV_X_UNION(ENUM, Name, version, meaning, summary, fields) CavEv##Name Name;
        CAV_EVENT_CATALOG(CAV_X_UNION, CAV_F_NONE)
#undef CAV_X_UNION
    } as;
} CavEvent;

/* The catalog's static facts about each type. Every function takes a valid
 * type (g_return_val_if_fail otherwise) and returns a static string. */
const char *ev_type_name(CavEventType type);
const char *ev_type_meaning(CavEventType type);
const char *ev_type_summary_template(CavEventType type);
gint32 ev_type_version(CavEventType type);

/* The payload field naming the entity an event of @type happens to (its
 * Target, CAV_EVENT_ROLES), or NULL when the type names none. (Its Actor
 * is always the envelope's actor.) */
const char *ev_type_target_field(CavEventType type);

/* Look up a type by its catalog name ("CreatureMoved"). Returns FALSE when the
 * name is unknown (which, for a file, means a tampered or newer event). */
gboolean ev_type_from_name(const char *name, CavEventType *out_type);

/* A zeroed event of @type with the type's current version filled in. */
CavEvent ev_init(CavEventType type);

/* Copy @src into a STR/ROW field of capacity @cap as valid UTF-8 (invalid
 * bytes replaced), cut at a character boundary when it does not fit. */
void ev_set_text(char *field, gsize cap, const char *src);
#define EV_SET_STR(field, src) ev_set_text((field), sizeof(field), (src))

/* What an entity id in a payload field refers to. A field refers to a
 * creature or an item by its name alone (creature, target, killer, parent,
 * child, colony, holder; item, split, into), so every tool finds the same
 * references without a list per type. */
typedef enum { CAV_REF_NONE = 0, CAV_REF_CREATURE, CAV_REF_ITEM } CavRefKind;

typedef struct {
    CavRefKind kind;
    gint32 id;
    const char *field; /* the payload field naming it (static) */
} CavRef;

CavRefKind ev_field_ref_kind(const char *field_name);

/* The entities @event's payload names (non-zero ids, in field order), at
 * most @max of them; returns how many were written. */
guint ev_refs(const CavEvent *event, CavRef *out, guint max);

/* The entity @event happens to (its type's target field; id 0 and kind
 * CAV_REF_NONE when the type names none or the field holds 0). */
CavRef ev_target(const CavEvent *event);

/* Render the catalog's one-line summary for @event into @out (appended),
 * with entities as "creature 5" / "item 7" ("nobody", "nothing" for 0) and
 * depths numbered for people, 1 to 5 (a payload's `z` 0 reads "depth 1"). */
void ev_summary(const CavEvent *event, GString *out);

/* Appends the name of entity @id of @kind (id may be 0) to @out. */
typedef void (*CavRefNamer)(CavRefKind kind, gint32 id, GString *out, gpointer data);

/* The summary with each entity named by @namer (say "goblin 5", "you"). */
void ev_summary_named(const CavEvent *event, CavRefNamer namer, gpointer data, GString *out);

/* Number of payload fields of @type and their names / kinds, for codecs,
 * views and tools that walk payloads generically. */
typedef enum { CAV_FIELD_I32, CAV_FIELD_I64, CAV_FIELD_STR, CAV_FIELD_ROW } CavFieldKind;
typedef struct {
    const char *name;
    gsize name_len;
    const char *key; /* "\"name\":", as JSON writes it before the value */
    gsize key_len;
    CavFieldKind kind;
    gsize offset; /* from the start of the payload (CavEvent.as) */
    gsize size;
} CavFieldInfo;
guint ev_type_fields(CavEventType type, const CavFieldInfo **out_fields);

/* Append the value of @field (one of @event's type) to @out as text: the
 * number, or the string as stored (unquoted, unescaped). */
void ev_append_field_value(const CavEvent *event, const CavFieldInfo *field, GString *out);

G_END_DECLS

#endif
