/* content.h — creature kinds and item types, read from data files
 * (core/data/creatures.ini and items.ini, GLib key files). Item types are
 * data, not code: tags say what a thing is, features what can be done with it.
 * A malformed file is an error naming the file, the line and the key. */
#ifndef CAV_CORE_CONTENT_H
#define CAV_CORE_CONTENT_H

#include <glib.h>

#include "event.h"

G_BEGIN_DECLS

#define CONTENT_ERROR (content_error_quark())
GQuark content_error_quark(void);

#define CAV_COLOUR_MAX 24

/* X(ENUM, "name") lists; each becomes a bit in CavItemType.tags / .features. */
#define CAV_TAG_LIST(X)                                                                            \
    X(WEAPON, "weapon")                                                                            \
    X(BLADE, "blade")                                                                              \
    X(ARMOUR, "armour")                                                                            \
    X(FOOD, "food")                                                                                \
    X(MISSILE, "missile")                                                                          \
    X(STONE, "stone")                                                                              \
    X(POTION, "potion")                                                                            \
    X(BOOK, "book")                                                                                \
    X(BEAR, "bear")
#define CAV_FEATURE_LIST(X)                                                                        \
    X(WIELD, "wield")                                                                              \
    X(WEAR, "wear")                                                                                \
    X(EAT, "eat")                                                                                  \
    X(QUAFF, "quaff")                                                                              \
    X(READ, "read")                                                                                \
    X(THROW, "throw")
#define CAV_BEHAVIOUR_LIST(X)                                                                      \
    X(PLAYER, "player")                                                                            \
    X(FUNGUS, "fungus")                                                                            \
    X(BAT, "bat")                                                                                  \
    X(ZOMBIE, "zombie")                                                                            \
    X(GOBLIN, "goblin")

typedef enum {
#define CAV_X(ENUM, name) CAV_TAG_##ENUM,
    CAV_TAG_LIST(CAV_X)
#undef CAV_X
        CAV_TAG_COUNT
} CavTag;

typedef enum {
#define CAV_X(ENUM, name) CAV_FEATURE_##ENUM,
    CAV_FEATURE_LIST(CAV_X)
#undef CAV_X
        CAV_FEATURE_COUNT
} CavFeature;

typedef enum {
#define CAV_X(ENUM, name) CAV_BEHAVIOUR_##ENUM,
    CAV_BEHAVIOUR_LIST(CAV_X)
#undef CAV_X
        CAV_BEHAVIOUR_COUNT
} CavBehaviour;

typedef struct {
    char name[CAV_STR_MAX];
    char glyph;
    char colour[CAV_COLOUR_MAX];
    CavBehaviour behaviour;
    gint32 hp, attack, defense, vision;
    gint32 inventory, max_food, food, level, max_mana;
    gint32 hp_regen_permille, mana_regen_permille;
    gint32 spawn_base, spawn_per_level; /* on level z (0-based): base + z * per_level */
} CavCreatureKind;

typedef struct {
    char name[CAV_STR_MAX];
    char glyph;
    char colour[CAV_COLOUR_MAX];
    guint32 tags;     /* bit (1 << CavTag) per tag */
    guint32 features; /* bit (1 << CavFeature) per feature */
    gint32 attack, defense, thrown, ranged, food;
    gint32 spawn;           /* per level; with a pool, picks from the pool */
    char pool[CAV_STR_MAX]; /* "" or the pool the type is picked from */
    gint32 spawn_level;     /* 0: every level; else only that level (1-based) */
} CavItemType;

typedef struct CavContent CavContent;

/* Parse the two files' texts; the names are used in error messages
 * ("items.ini:12: …"). NULL with a CONTENT_ERROR on any problem. */
CavContent *content_parse(const char *creatures_text, const char *creatures_name,
                          const char *items_text, const char *items_name, GError **error);

/* Read DIR/creatures.ini and DIR/items.ini. */
CavContent *content_load(const char *dir, GError **error);

/* The copy of core/data built into the program (checked by the tests). */
CavContent *content_new_builtin(void);

void content_free(CavContent *content);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CavContent, content_free)

/* All kinds / types in file order. Borrowed; valid while @content lives. */
guint content_creature_kinds(const CavContent *content, const CavCreatureKind **out);
guint content_item_types(const CavContent *content, const CavItemType **out);

/* By name, or NULL. */
const CavCreatureKind *content_creature_kind(const CavContent *content, const char *name);
const CavItemType *content_item_type(const CavContent *content, const char *name);

gboolean content_item_has_tag(const CavItemType *type, CavTag tag);
gboolean content_item_can(const CavItemType *type, CavFeature feature);

G_END_DECLS

#endif
