/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#define CAV_WORD_MAX 16         /* hunger words, potion looks */
#define CAV_NAME_MAX 32         /* kinds, item types and names held in the state */
#define CAV_POTION_KINDS_MAX 16 /* kinds of potion one game can have */
#define CAV_BAT_STEPS_MAX 10    /* the most steps creatures.ini can give a bat a turn */

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
    X(BEAR, "bear")                                                                                \
    X(CORPSE, "corpse")
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

/* The seven level-up bonuses (GAME.md "Experience"); amounts are data. */
#define CAV_BONUS_LIST(X)                                                                          \
    X(MAX_HP, "max_hp", "max hp")                                                                  \
    X(MAX_MANA, "max_mana", "max mana")                                                            \
    X(ATTACK, "attack", "attack")                                                                  \
    X(DEFENSE, "defense", "defense")                                                               \
    X(VISION, "vision", "vision")                                                                  \
    X(HP_REGEN, "hp_regen", "hp regeneration")                                                     \
    X(MANA_REGEN, "mana_regen", "mana regeneration")

typedef enum {
#define CAV_X(ENUM, name, words) CAV_BONUS_##ENUM,
    CAV_BONUS_LIST(CAV_X)
#undef CAV_X
        CAV_BONUS_COUNT
} CavBonus;

/* How identical items share a pack slot: never, as one counted entry (hard),
 * or as one line of distinct items that can be unfolded (soft). */
typedef enum { CAV_STACK_NONE, CAV_STACK_HARD, CAV_STACK_SOFT } CavStack;

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

/* What an effect does (catalog.h CAV_EFFECT_FIELDS, field for field): hp,
 * mana and xp_per_level × the holder's level once when it starts; turn_hp
 * each turn with turn_chance percent; attack … mana_regen added to the
 * holder's numbers while it lasts, for duration turns. */
#define CAV_EFFECT_SPEC_MEMBER(type, name) gint32 name;
typedef struct {
    CAV_EFFECT_FIELDS(CAV_EFFECT_SPEC_MEMBER)
} CavEffectSpec;
#undef CAV_EFFECT_SPEC_MEMBER

/* The range each number of a kind of creature may take, in creatures.ini and
 * in a game file's CreatureSpawned or CreatureSummoned alike: X(the kind's
 * name for it, the event's name for it, lowest, highest). */
#define CAV_CREATURE_LIMITS(X)                                                                     \
    X(hp, max_hp, 1, 100000)                                                                       \
    X(attack, attack, 0, 10000)                                                                    \
    X(defense, defense, 0, 10000)                                                                  \
    X(vision, vision, 0, 40)                                                                       \
    X(max_food, max_food, 1, 1000000)                                                              \
    X(food, food, 0, 1000000)                                                                      \
    X(level, level, 1, 100)                                                                        \
    X(max_mana, max_mana, 0, 100000)                                                               \
    X(hp_regen_permille, hp_regen, 0, 100000)                                                      \
    X(mana_regen_permille, mana_regen, 0, 100000)

/* The range each effect number may take, in the data files and in a game
 * file alike: X(field, lowest, highest). */
#define CAV_EFFECT_LIMITS(X)                                                                       \
    X(duration, 1, 100000)                                                                         \
    X(hp, -10000, 10000)                                                                           \
    X(mana, -10000, 10000)                                                                         \
    X(xp_per_level, 0, 10000)                                                                      \
    X(turn_hp, -1000, 1000)                                                                        \
    X(turn_chance, 1, 100)                                                                         \
    X(attack, -1000, 1000)                                                                         \
    X(defense, -1000, 1000)                                                                        \
    X(vision, -40, 40)                                                                             \
    X(hp_regen, -100000, 100000)                                                                   \
    X(mana_regen, -100000, 100000)                                                                 \
    X(detect, 0, 1)

/* Copy the effect numbers from *@src to *@dst: a CavEffectSpec or a payload
 * with the effect fields (EffectStarted, AppearanceAssigned, SpellDefined). */
#define CAV_EFFECT_COPY_ONE(type, name) cav_dst_->name = cav_src_->name;
#define CAV_EFFECT_COPY(dst, src)                                                                  \
    do {                                                                                           \
        __typeof__(dst) cav_dst_ = (dst);                                                          \
        __typeof__(src) cav_src_ = (src);                                                          \
        CAV_EFFECT_FIELDS(CAV_EFFECT_COPY_ONE)                                                     \
    } while (0)

/* A look a potion kind can be given in a game ("cyan"), and its colour. */
typedef struct {
    char name[CAV_STR_MAX];
    char colour[CAV_COLOUR_MAX];
} CavAppearanceLook;

typedef struct {
    char name[CAV_STR_MAX];
    char glyph;
    char colour[CAV_COLOUR_MAX];
    guint32 tags;     /* bit (1 << CavTag) per tag */
    guint32 features; /* bit (1 << CavFeature) per feature */
    gint32 attack, defense, thrown, ranged, food;
    gint32 spawn;                   /* per level; with a pool, picks from the pool */
    gint32 spawn_per_level;         /* added to spawn for each level below the first */
    gint32 weight;                  /* chance of being picked from its pool, relative (default 1) */
    CavEffectSpec effect;           /* potions: what drinking it does */
    char effect_name[CAV_NAME_MAX]; /* potions: the effect's short name ("poison") */
    char pool[CAV_STR_MAX];         /* "" or the pool the type is picked from */
    gint32 spawn_level;             /* 0: every level; else only that level (1-based) */
    gint32 goblin_from_depth;       /* goblins start with it only from this depth (1-based) */
    CavStack stack;
    gint32 rot_turns;           /* 0: never rots; else fresh for this many turns */
    gint32 food_per_hp;         /* corpses: food value per max hp of the dead */
    gint32 rotten_food_percent; /* rotten: food value is this % of the fresh one */
    gint32 sick_damage;         /* hp lost for eating it rotten */
} CavItemType;

/* The numbers of the rules that are not a creature's or an item's own
 * ([rules] in creatures.ini), and the level-up bonuses ([levelup]). */
typedef struct {
    gint32 turn_food, move_food, attack_food, dig_food; /* food spent */
    gint32 fungus_spread_permille, fungus_spread_radius, colony_max;
    gint32 zombie_idle_percent, bat_steps, hunt_radius;
    gint32 xp_base, xp_exponent_permille, heal_per_level;
    gint32 starving_percent, hungry_percent, full_percent, stuffed_percent;
    gint32 overeat_damage, drop_radius;
    gint32 bonus[CAV_BONUS_COUNT];
} CavRules;

/* What a spell does besides (or instead of) an effect on its target. */
#define CAV_SPECIAL_LIST(X)                                                                        \
    X(NONE, "")                                                                                    \
    X(BLOOD_TO_MANA, "blood to mana")                                                              \
    X(BLINK, "blink")                                                                              \
    X(SUMMON, "summon")

typedef enum {
#define CAV_X(ENUM, name) CAV_SPECIAL_##ENUM,
    CAV_SPECIAL_LIST(CAV_X)
#undef CAV_X
        CAV_SPECIAL_COUNT
} CavSpecial;

/* A spell ([NAME] in spells.ini): the book it is read from, its mana cost,
 * and an effect on its target or a special. */
typedef struct {
    char name[CAV_NAME_MAX];
    char book[CAV_NAME_MAX];
    gint32 cost;
    char effect_name[CAV_NAME_MAX]; /* "" for a special */
    CavEffectSpec effect;
    CavSpecial special;
    gint32 range;              /* blink: how far at most, in cells */
    gint32 min_range;          /* blink: how near at least, in cells (default 1) */
    gint32 hp_per_mana;        /* blood to mana: hp paid for each mana (default 1) */
    char summon[CAV_NAME_MAX]; /* summon: the kind of creature */
} CavSpellKind;

typedef struct CavContent CavContent;

/* Parse the files' texts; the names are used in error messages
 * ("items.ini:12: …"). @spells_text may be NULL (a game without spells).
 * NULL with a CONTENT_ERROR on any problem. */
CavContent *content_parse(const char *creatures_text, const char *creatures_name,
                          const char *items_text, const char *items_name, const char *spells_text,
                          const char *spells_name, GError **error);

/* Read DIR/creatures.ini, DIR/items.ini and, if it is there, DIR/spells.ini. */
CavContent *content_load(const char *dir, GError **error);

/* The copy of core/data built into the program (checked by the tests). */
CavContent *content_new_builtin(void);

void content_free(CavContent *content);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CavContent, content_free)

/* The data files a content is parsed from; a game file records their texts
 * so that the game re-simulates with the numbers it was played by. */
typedef enum {
    CAV_CONTENT_CREATURES,
    CAV_CONTENT_ITEMS,
    CAV_CONTENT_SPELLS,
    CAV_CONTENT_FILES
} CavContentFile;

/* "creatures.ini", "items.ini", "spells.ini". */
const char *content_file_name(CavContentFile file);

/* The text @content was parsed from for @file ("" for a missing spells.ini);
 * owned by @content. */
const char *content_text(const CavContent *content, CavContentFile file);

/* Whether @content holds exactly the texts of the data built into this
 * program: a game played by it is a standard game. */
gboolean content_is_builtin(const CavContent *content);

/* All kinds / types in file order. Borrowed; valid while @content lives. */
guint content_creature_kinds(const CavContent *content, const CavCreatureKind **out);
guint content_item_types(const CavContent *content, const CavItemType **out);

/* By name, or NULL. */
const CavCreatureKind *content_creature_kind(const CavContent *content, const char *name);
const CavItemType *content_item_type(const CavContent *content, const char *name);

/* The spells, in file order. Borrowed; valid while @content lives. */
guint content_spells(const CavContent *content, const CavSpellKind **out);

/* "blood to mana" for CAV_SPECIAL_BLOOD_TO_MANA ("" for none); parse one. */
const char *content_special_name(CavSpecial special);
gboolean content_special_from_name(const char *name, CavSpecial *out);

/* The looks potions are given ([appearances] in items.ini), in file order.
 * Borrowed; valid while @content lives. */
guint content_appearances(const CavContent *content, const CavAppearanceLook **out);

/* The rules' numbers. Borrowed; valid while @content lives. */
const CavRules *content_rules(const CavContent *content);

gboolean content_item_has_tag(const CavItemType *type, CavTag tag);

/* Names of tags, features, behaviours, bonuses and stack kinds as the data
 * files and events spell them ("blade", "wield", "max_hp", "hard"). */
const char *content_tag_name(CavTag tag);
const char *content_feature_name(CavFeature feature);
const char *content_behaviour_name(CavBehaviour behaviour);
const char *content_bonus_name(CavBonus bonus);
const char *content_bonus_words(CavBonus bonus); /* "max hp", for the player */
const char *content_stack_name(CavStack stack);

/* Parse a ';'-separated list of tag or feature names into bits; FALSE on an
 * unknown name. Parse one behaviour / bonus / stack name; FALSE if unknown. */
gboolean content_tags_from_names(const char *names, guint32 *out);
gboolean content_features_from_names(const char *names, guint32 *out);
gboolean content_behaviour_from_name(const char *name, CavBehaviour *out);

/* Whether @name can name a creature kind: lowercase ASCII letters and
 * spaces. The data files and recorded games are held to the same rule. */
gboolean content_kind_name_ok(const char *name);
gboolean content_bonus_from_name(const char *name, CavBonus *out);
gboolean content_stack_from_name(const char *name, CavStack *out);

/* Write @bits as ';'-separated names into @out (capacity @cap). */
void content_tags_to_names(guint32 bits, char *out, gsize cap);
void content_features_to_names(guint32 bits, char *out, gsize cap);
gboolean content_item_can(const CavItemType *type, CavFeature feature);

G_END_DECLS

#endif
