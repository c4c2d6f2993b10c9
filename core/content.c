/* SPDX-License-Identifier: GPL-3.0-or-later */
/* content.c — reading creature kinds and item types from key files. Each
 * key of a group is read through a table of fields (name, kind, limits), so
 * a new number is one table row and one line in the data file. */
#include "content.h"

#include <stddef.h>
#include <string.h>

#include "datafile.h"

G_DEFINE_QUARK(cavelog_content_error, content_error)

struct CavContent {
    GArray *kinds;       /* of CavCreatureKind */
    GArray *types;       /* of CavItemType */
    GArray *appearances; /* of CavAppearanceLook */
    GArray *spells;      /* of CavSpellKind */
    CavRules rules;
    char *texts[CAV_CONTENT_FILES]; /* the files as parsed ("" for no spells.ini) */
};

typedef enum {
    FIELD_INT,
    FIELD_GLYPH,
    FIELD_COLOUR,
    FIELD_BEHAVIOUR,
    FIELD_TAGS,
    FIELD_FEATURES,
    FIELD_SPAWN,
    FIELD_STACK,
    FIELD_TEXT,   /* a short name of printable ASCII */
    FIELD_SPECIAL /* a spell's special */
} FieldKind;

typedef struct {
    const char *key;
    FieldKind kind;
    gsize offset;
    gint32 min, max; /* FIELD_INT */
    gboolean required;
} Field;

#define KIND_INT(key, lo, hi, req)                                                                 \
    {                                                                                              \
#key, FIELD_INT, offsetof(CavCreatureKind, key), lo, hi, req                               \
    }
static const Field creature_fields[] = {
    {"glyph", FIELD_GLYPH, offsetof(CavCreatureKind, glyph), 0, 0, TRUE},
    {"colour", FIELD_COLOUR, offsetof(CavCreatureKind, colour), 0, 0, TRUE},
    {"behaviour", FIELD_BEHAVIOUR, offsetof(CavCreatureKind, behaviour), 0, 0, TRUE},
#define KIND_LIMIT(key, event_key, lo, hi) KIND_INT(key, lo, hi, TRUE),
    CAV_CREATURE_LIMITS(KIND_LIMIT)
#undef KIND_LIMIT
        KIND_INT(inventory, 0, 26, TRUE),
    KIND_INT(spawn_base, 0, 1000, TRUE),
    KIND_INT(spawn_per_level, 0, 1000, TRUE),
};

#define TYPE_INT(key, lo, hi)                                                                      \
    {                                                                                              \
#key, FIELD_INT, offsetof(CavItemType, key), lo, hi, FALSE                                 \
    }
static const Field item_fields[] = {
    {"glyph", FIELD_GLYPH, offsetof(CavItemType, glyph), 0, 0, TRUE},
    {"colour", FIELD_COLOUR, offsetof(CavItemType, colour), 0, 0, TRUE},
    {"tags", FIELD_TAGS, offsetof(CavItemType, tags), 0, 0, TRUE},
    {"features", FIELD_FEATURES, offsetof(CavItemType, features), 0, 0, TRUE},
    {"spawn", FIELD_SPAWN, 0, 0, 0, TRUE},
    TYPE_INT(attack, 0, 10000),
    TYPE_INT(defense, 0, 10000),
    TYPE_INT(thrown, 0, 10000),
    TYPE_INT(ranged, 0, 10000),
    TYPE_INT(food, -100000, 100000),
    TYPE_INT(spawn_level, 0, 5),
    TYPE_INT(goblin_from_depth, 1, 5),
    {"stack", FIELD_STACK, offsetof(CavItemType, stack), 0, 0, FALSE},
    TYPE_INT(rot_turns, 0, 1000000),
    TYPE_INT(food_per_hp, 0, 1000),
    TYPE_INT(rotten_food_percent, -1000, 1000),
    TYPE_INT(sick_damage, 0, 10000),
    TYPE_INT(spawn_per_level, 0, 1000),
    TYPE_INT(weight, 1, 1000),
    {"effect", FIELD_TEXT, offsetof(CavItemType, effect_name), 0, 0, FALSE},
#define EFFECT_INT(key, lo, hi)                                                                    \
    {"effect_" #key, FIELD_INT, offsetof(CavItemType, effect.key), lo, hi, FALSE},
    CAV_EFFECT_LIMITS(EFFECT_INT)
#undef EFFECT_INT
};

#define RULE_INT(key, lo, hi)                                                                      \
    {                                                                                              \
#key, FIELD_INT, offsetof(CavRules, key), lo, hi, TRUE                                     \
    }
static const Field rule_fields[] = {
    RULE_INT(turn_food, 0, 1000),
    RULE_INT(move_food, 0, 1000),
    RULE_INT(attack_food, 0, 1000),
    RULE_INT(dig_food, 0, 1000),
    RULE_INT(fungus_spread_permille, 0, 1000),
    RULE_INT(fungus_spread_radius, 1, 10),
    RULE_INT(colony_max, 1, 1000),
    RULE_INT(zombie_idle_percent, 0, 100),
    RULE_INT(bat_steps, 1, CAV_BAT_STEPS_MAX),
    RULE_INT(hunt_radius, 1, 90),
    RULE_INT(xp_base, 1, 100000),
    RULE_INT(xp_exponent_permille, 0, 5000),
    RULE_INT(heal_per_level, 0, 1000),
    RULE_INT(starving_percent, 0, 100),
    RULE_INT(hungry_percent, 0, 100),
    RULE_INT(full_percent, 0, 100),
    RULE_INT(stuffed_percent, 0, 100),
    RULE_INT(overeat_damage, 0, 1000),
    RULE_INT(drop_radius, 0, 90),
};

static const Field bonus_fields[] = {
#define CAV_X(ENUM, name, words)                                                                   \
    {name, FIELD_INT, offsetof(CavRules, bonus) + sizeof(gint32) * CAV_BONUS_##ENUM, 0, 1000, TRUE},
    CAV_BONUS_LIST(CAV_X)
#undef CAV_X
};

static const char *const tag_names[] = {
#define CAV_X(ENUM, name) [CAV_TAG_##ENUM] = name,
    CAV_TAG_LIST(CAV_X)
#undef CAV_X
};
static const char *const feature_names[] = {
#define CAV_X(ENUM, name) [CAV_FEATURE_##ENUM] = name,
    CAV_FEATURE_LIST(CAV_X)
#undef CAV_X
};
static const char *const behaviour_names[] = {
#define CAV_X(ENUM, name) [CAV_BEHAVIOUR_##ENUM] = name,
    CAV_BEHAVIOUR_LIST(CAV_X)
#undef CAV_X
};

static const char *const bonus_names[] = {
#define CAV_X(ENUM, name, words) [CAV_BONUS_##ENUM] = name,
    CAV_BONUS_LIST(CAV_X)
#undef CAV_X
};
static const char *const bonus_words[] = {
#define CAV_X(ENUM, name, words) [CAV_BONUS_##ENUM] = words,
    CAV_BONUS_LIST(CAV_X)
#undef CAV_X
};
#define SPELL_INT(key, lo, hi)                                                                     \
    {                                                                                              \
#key, FIELD_INT, offsetof(CavSpellKind, key), lo, hi, FALSE                                \
    }
#define SPELL_EFFECT_INT(key, lo, hi)                                                              \
    {"effect_" #key, FIELD_INT, offsetof(CavSpellKind, effect.key), lo, hi, FALSE},
static const Field spell_fields[] = {
    {"book", FIELD_TEXT, offsetof(CavSpellKind, book), 0, 0, TRUE},
    {"cost", FIELD_INT, offsetof(CavSpellKind, cost), 0, 1000, TRUE},
    {"effect", FIELD_TEXT, offsetof(CavSpellKind, effect_name), 0, 0, FALSE},
    {"special", FIELD_SPECIAL, offsetof(CavSpellKind, special), 0, 0, FALSE},
    {"summon", FIELD_TEXT, offsetof(CavSpellKind, summon), 0, 0, FALSE},
    SPELL_INT(range, 1, 40),
    SPELL_INT(min_range, 1, 40),
    SPELL_INT(hp_per_mana, 1, 1000),
    CAV_EFFECT_LIMITS(SPELL_EFFECT_INT)};
#undef SPELL_INT
#undef SPELL_EFFECT_INT

static const char *const special_names[] = {
#define CAV_X(ENUM, name) [CAV_SPECIAL_##ENUM] = name,
    CAV_SPECIAL_LIST(CAV_X)
#undef CAV_X
};

static const char *const stack_names[] = {
    [CAV_STACK_NONE] = "none", [CAV_STACK_HARD] = "hard", [CAV_STACK_SOFT] = "soft"};

/* One file being read: its text (for line numbers) and key file. */
typedef struct {
    const char *name;
    const char *text;
    GKeyFile *keys;
} Source;

/* The 1-based line of `key=` inside `[group]`, or of the group header when
 * @key is NULL or absent; 0 when neither is found. */
static guint line_of(const Source *src, const char *group, const char *key)
{
    g_auto(GStrv) lines = g_strsplit(src->text, "\n", -1);
    guint header = 0;

    for (guint i = 0; lines[i] != NULL; i++) {
        const char *line = g_strstrip(lines[i]);
        if (line[0] == '[') {
            if (header != 0)
                break;
            if (strlen(line) == strlen(group) + 2 && strncmp(line + 1, group, strlen(group)) == 0)
                header = i + 1;
            continue;
        }
        if (header != 0 && key != NULL && g_str_has_prefix(line, key)) {
            const char *rest = line + strlen(key);
            while (*rest == ' ')
                rest++;
            if (*rest == '=')
                return i + 1;
        }
    }
    return header;
}

static gboolean bad(GError **error, const Source *src, const char *group, const char *key,
                    const char *format, ...) G_GNUC_PRINTF(5, 6);

static gboolean bad(GError **error, const Source *src, const char *group, const char *key,
                    const char *format, ...)
{
    va_list args;
    g_autofree char *what = NULL;

    va_start(args, format);
    what = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error(error, CONTENT_ERROR, 0, "%s:%u: [%s] %s%s%s", src->name, line_of(src, group, key),
                group, key != NULL ? key : "", key != NULL ? ": " : "", what);
    return FALSE;
}

/* The value of @key in @group, falling back to [defaults] when @defaults. */
static char *value_of(const Source *src, const char *group, const char *key, gboolean defaults,
                      const char **from)
{
    char *value = g_key_file_get_value(src->keys, group, key, NULL);

    *from = group;
    if (value == NULL && defaults) {
        value = g_key_file_get_value(src->keys, "defaults", key, NULL);
        *from = "defaults";
    }
    return value;
}

static gboolean parse_names(const Source *src, const char *group, const char *key,
                            const char *value, const char *const *names, guint n, guint32 *out,
                            GError **error)
{
    g_auto(GStrv) words = g_strsplit(value, ";", -1);

    *out = 0;
    for (guint i = 0; words[i] != NULL; i++) {
        const char *word = g_strstrip(words[i]);
        guint k;
        if (word[0] == '\0')
            continue;
        for (k = 0; k < n && strcmp(names[k], word) != 0; k++)
            ;
        if (k == n)
            return bad(error, src, group, key, "“%s” is not one of the known names", word);
        *out |= 1u << k;
    }
    return TRUE;
}

static gboolean parse_int(const Source *src, const char *group, const Field *f, const char *value,
                          gint32 *out, GError **error)
{
    gint64 number;

    if (!g_ascii_string_to_signed(value, 10, f->min, f->max, &number, NULL))
        return bad(error, src, group, f->key, "“%s” is not a whole number from %d to %d", value,
                   f->min, f->max);
    *out = (gint32) number;
    return TRUE;
}

static gboolean parse_colour(const Source *src, const char *group, const char *value, char *out,
                             GError **error)
{
    static const char *const colours[] = {"black", "red",     "green", "yellow",
                                          "blue",  "magenta", "cyan",  "white"};
    const char *base = g_str_has_prefix(value, "bright ") ? value + 7 : value;

    for (guint i = 0; i < G_N_ELEMENTS(colours); i++)
        if (strcmp(base, colours[i]) == 0) {
            g_strlcpy(out, value, CAV_COLOUR_MAX);
            return TRUE;
        }
    return bad(error, src, group, "colour",
               "“%s” is not a colour (black, red, green, yellow, "
               "blue, magenta, cyan, white, or bright …)",
               value);
}

/* spawn=N, or spawn=pool:NAME:N */
static gboolean parse_spawn(const Source *src, const char *group, const char *value,
                            CavItemType *type, GError **error)
{
    static const Field count = {"spawn", FIELD_INT, 0, 0, 1000, TRUE};
    g_auto(GStrv) parts = g_strsplit(value, ":", -1);

    if (g_strv_length(parts) == 3 && strcmp(parts[0], "pool") == 0 && parts[1][0] != '\0') {
        g_strlcpy(type->pool, parts[1], sizeof type->pool);
        return parse_int(src, group, &count, parts[2], &type->spawn, error);
    }
    return parse_int(src, group, &count, value, &type->spawn, error);
}

static gboolean parse_field(const Source *src, const char *group, const Field *f, const char *value,
                            guint8 *record, GError **error)
{
    guint32 bits;

    switch (f->kind) {
    case FIELD_INT:
        return parse_int(src, group, f, value, (gint32 *) (record + f->offset), error);
    case FIELD_GLYPH:
        if (strlen(value) != 1 || !g_ascii_isgraph(value[0]))
            return bad(error, src, group, f->key, "a glyph is one visible character");
        record[f->offset] = (guint8) value[0];
        return TRUE;
    case FIELD_COLOUR:
        return parse_colour(src, group, value, (char *) (record + f->offset), error);
    case FIELD_BEHAVIOUR:
        if (!parse_names(src, group, f->key, value, behaviour_names, CAV_BEHAVIOUR_COUNT, &bits,
                         error))
            return FALSE;
        if (bits == 0 || (bits & (bits - 1)) != 0)
            return bad(error, src, group, f->key, "name exactly one behaviour");
        *(CavBehaviour *) (record + f->offset) = (CavBehaviour) g_bit_nth_lsf(bits, -1);
        return TRUE;
    case FIELD_TAGS:
        return parse_names(src, group, f->key, value, tag_names, CAV_TAG_COUNT,
                           (guint32 *) (record + f->offset), error);
    case FIELD_FEATURES:
        return parse_names(src, group, f->key, value, feature_names, CAV_FEATURE_COUNT,
                           (guint32 *) (record + f->offset), error);
    case FIELD_STACK:
        if (!content_stack_from_name(value, (CavStack *) (record + f->offset)))
            return bad(error, src, group, f->key, "“%s” is not none, hard or soft", value);
        return TRUE;
    case FIELD_TEXT:
        if (value[0] == '\0' || strlen(value) >= CAV_NAME_MAX ||
            strspn(value, "abcdefghijklmnopqrstuvwxyz '-") != strlen(value))
            return bad(error, src, group, f->key,
                       "a name of at most %d lowercase letters, spaces, ' and -", CAV_NAME_MAX - 1);
        g_strlcpy((char *) (record + f->offset), value, CAV_NAME_MAX);
        return TRUE;
    case FIELD_SPECIAL:
        if (!content_special_from_name(value, (CavSpecial *) (record + f->offset)) ||
            value[0] == '\0')
            return bad(error, src, group, f->key, "“%s” is not blood to mana, blink or summon",
                       value);
        return TRUE;
    case FIELD_SPAWN:
    default:
        return parse_spawn(src, group, value, (CavItemType *) record, error);
    }
}

/* Fill @record from @group: every key must be a known field, every required
 * field present (here or, with @defaults, in [defaults]). */
static gboolean parse_group(const Source *src, const char *group, const Field *fields, guint n,
                            gboolean defaults, guint8 *record, GError **error)
{
    g_auto(GStrv) keys = g_key_file_get_keys(src->keys, group, NULL, NULL);

    for (guint i = 0; keys != NULL && keys[i] != NULL; i++) {
        guint k;
        for (k = 0; k < n && strcmp(fields[k].key, keys[i]) != 0; k++)
            ;
        if (k == n)
            return bad(error, src, group, keys[i], "not a key this file knows");
    }
    for (guint k = 0; k < n; k++) {
        const char *from;
        g_autofree char *value = value_of(src, group, fields[k].key, defaults, &from);
        if (value == NULL && fields[k].required)
            return bad(error, src, group, NULL, "needs a value for “%s”", fields[k].key);
        if (value != NULL && !parse_field(src, from, &fields[k], g_strstrip(value), record, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean load_source(Source *src, GError **error)
{
    g_autoptr(GError) local = NULL;

    src->keys = g_key_file_new();
    if (g_key_file_load_from_data(src->keys, src->text, (gsize) -1, G_KEY_FILE_NONE, &local))
        return TRUE;
    g_set_error(error, CONTENT_ERROR, 0, "%s: %s", src->name, local->message);
    return FALSE;
}

gboolean content_kind_name_ok(const char *name)
{
    g_return_val_if_fail(name != NULL, FALSE);
    return name[0] != '\0' && strspn(name, "abcdefghijklmnopqrstuvwxyz ") == strlen(name);
}

static gboolean parse_kinds(CavContent *content, const Source *src, GError **error)
{
    g_auto(GStrv) groups = g_key_file_get_groups(src->keys, NULL);

    if (!g_key_file_has_group(src->keys, "rules") || !g_key_file_has_group(src->keys, "levelup"))
        return bad(error, src, "rules", NULL, "the file needs a [rules] and a [levelup] group");
    if (!parse_group(src, "rules", rule_fields, G_N_ELEMENTS(rule_fields), FALSE,
                     (guint8 *) &content->rules, error) ||
        !parse_group(src, "levelup", bonus_fields, G_N_ELEMENTS(bonus_fields), FALSE,
                     (guint8 *) &content->rules, error))
        return FALSE;
    for (guint i = 0; groups[i] != NULL; i++) {
        CavCreatureKind kind = {0};
        if (strcmp(groups[i], "defaults") == 0 || strcmp(groups[i], "rules") == 0 ||
            strcmp(groups[i], "levelup") == 0)
            continue;
        if (!content_kind_name_ok(groups[i]) || strlen(groups[i]) >= sizeof kind.name)
            return bad(error, src, groups[i], NULL,
                       "a creature kind is named with at most %zu lowercase letters and spaces",
                       sizeof kind.name - 1);
        g_strlcpy(kind.name, groups[i], sizeof kind.name);
        if (!parse_group(src, groups[i], creature_fields, G_N_ELEMENTS(creature_fields), TRUE,
                         (guint8 *) &kind, error))
            return FALSE;
        g_array_append_val(content->kinds, kind);
    }
    return TRUE;
}

/* A potion can be drunk and must fit in a game's table of looks. */
static gboolean check_potion(const Source *src, const CavItemType *type, GError **error)
{
    if (!content_item_has_tag(type, CAV_TAG_POTION))
        return TRUE;
    if (!content_item_can(type, CAV_FEATURE_QUAFF) || type->stack != CAV_STACK_HARD ||
        type->effect_name[0] == '\0')
        return bad(error, src, type->name, NULL,
                   "a potion can be quaffed, stacks hard and names its effect");
    if (strlen(type->name) >= CAV_NAME_MAX)
        return bad(error, src, type->name, NULL, "a potion's name has at most %d characters",
                   CAV_NAME_MAX - 1);
    return TRUE;
}

/* [appearances]: each key a look (lowercase letters), its value a colour.
 * There must be a look for every kind of potion. */
static gboolean parse_appearances(CavContent *content, const Source *src, GError **error)
{
    g_auto(GStrv) keys = g_key_file_get_keys(src->keys, "appearances", NULL, NULL);
    guint potions = 0;

    for (guint i = 0; keys != NULL && keys[i] != NULL; i++) {
        CavAppearanceLook look = {0};
        g_autofree char *value = g_key_file_get_value(src->keys, "appearances", keys[i], NULL);
        if (!content_kind_name_ok(keys[i]) || strlen(keys[i]) >= CAV_WORD_MAX)
            return bad(error, src, "appearances", keys[i],
                       "a look is named with at most %d lowercase letters", CAV_WORD_MAX - 1);
        g_strlcpy(look.name, keys[i], sizeof look.name);
        if (!parse_colour(src, "appearances", g_strstrip(value), look.colour, error))
            return FALSE;
        g_array_append_val(content->appearances, look);
    }
    for (guint i = 0; i < content->types->len; i++)
        potions +=
            content_item_has_tag(&g_array_index(content->types, CavItemType, i), CAV_TAG_POTION);
    if (potions > content->appearances->len || potions > CAV_POTION_KINDS_MAX)
        return bad(error, src, "appearances", NULL,
                   "%u kinds of potion need as many looks (and at most %d kinds)", potions,
                   CAV_POTION_KINDS_MAX);
    return TRUE;
}

static gboolean parse_types(CavContent *content, const Source *src, GError **error)
{
    g_auto(GStrv) groups = g_key_file_get_groups(src->keys, NULL);

    for (guint i = 0; groups[i] != NULL; i++) {
        CavItemType type = {
            .weight = 1, .goblin_from_depth = 1, .effect = {.duration = 1, .turn_chance = 100}};
        if (strcmp(groups[i], "appearances") == 0)
            continue;
        g_strlcpy(type.name, groups[i], sizeof type.name);
        if (!parse_group(src, groups[i], item_fields, G_N_ELEMENTS(item_fields), FALSE,
                         (guint8 *) &type, error) ||
            !check_potion(src, &type, error))
            return FALSE;
        g_array_append_val(content->types, type);
    }
    return parse_appearances(content, src, error);
}

/* A spell is read from a book the items know, and does one thing: an
 * effect, or a special (a summon names a creature kind). */
static gboolean check_spell(const CavContent *content, const Source *src, const CavSpellKind *spell,
                            GError **error)
{
    const CavItemType *book = content_item_type(content, spell->book);

    if (book == NULL || !content_item_has_tag(book, CAV_TAG_BOOK) ||
        !content_item_can(book, CAV_FEATURE_READ))
        return bad(error, src, spell->name, "book", "“%s” is not a book of items.ini", spell->book);
    if ((spell->effect_name[0] != '\0') == (spell->special != CAV_SPECIAL_NONE))
        return bad(error, src, spell->name, NULL, "a spell has an effect or a special, not both");
    if (spell->special == CAV_SPECIAL_SUMMON &&
        content_creature_kind(content, spell->summon) == NULL)
        return bad(error, src, spell->name, "summon", "“%s” is not a kind of creature",
                   spell->summon);
    if (spell->special == CAV_SPECIAL_BLINK && spell->range <= 0)
        return bad(error, src, spell->name, "range", "a blink needs a range");
    if (spell->min_range > MAX(spell->range, 1))
        return bad(error, src, spell->name, "min_range", "a blink lands no nearer than its range");
    return TRUE;
}

static gboolean parse_spells(CavContent *content, const Source *src, GError **error)
{
    g_auto(GStrv) groups = g_key_file_get_groups(src->keys, NULL);

    for (guint i = 0; groups[i] != NULL; i++) {
        CavSpellKind spell = {
            .effect = {.duration = 1, .turn_chance = 100}, .min_range = 1, .hp_per_mana = 1};
        if (!content_kind_name_ok(groups[i]) || strlen(groups[i]) >= sizeof spell.name)
            return bad(error, src, groups[i], NULL,
                       "a spell is named with at most %zu lowercase letters and spaces",
                       sizeof spell.name - 1);
        g_strlcpy(spell.name, groups[i], sizeof spell.name);
        if (!parse_group(src, groups[i], spell_fields, G_N_ELEMENTS(spell_fields), FALSE,
                         (guint8 *) &spell, error) ||
            !check_spell(content, src, &spell, error))
            return FALSE;
        g_array_append_val(content->spells, spell);
    }
    return TRUE;
}

CavContent *content_parse(const char *creatures_text, const char *creatures_name,
                          const char *items_text, const char *items_name, const char *spells_text,
                          const char *spells_name, GError **error)
{
    g_autoptr(CavContent) content = g_new0(CavContent, 1);
    Source creatures = {.name = creatures_name, .text = creatures_text};
    Source items = {.name = items_name, .text = items_text};
    Source spells = {.name = spells_name, .text = spells_text != NULL ? spells_text : ""};
    gboolean ok;

    g_return_val_if_fail(creatures_text != NULL && items_text != NULL, NULL);
    content->kinds = g_array_new(FALSE, TRUE, sizeof(CavCreatureKind));
    content->types = g_array_new(FALSE, TRUE, sizeof(CavItemType));
    content->appearances = g_array_new(FALSE, TRUE, sizeof(CavAppearanceLook));
    content->spells = g_array_new(FALSE, TRUE, sizeof(CavSpellKind));
    ok = load_source(&creatures, error) && load_source(&items, error) &&
         load_source(&spells, error) && parse_kinds(content, &creatures, error) &&
         parse_types(content, &items, error) && parse_spells(content, &spells, error);
    if (creatures.keys != NULL)
        g_key_file_free(creatures.keys);
    if (items.keys != NULL)
        g_key_file_free(items.keys);
    if (spells.keys != NULL)
        g_key_file_free(spells.keys);
    if (ok && content_creature_kind(content, "player") == NULL) {
        g_set_error(error, CONTENT_ERROR, 0, "%s: there must be a [player]", creatures_name);
        ok = FALSE;
    }
    content->texts[CAV_CONTENT_CREATURES] = g_strdup(creatures.text);
    content->texts[CAV_CONTENT_ITEMS] = g_strdup(items.text);
    content->texts[CAV_CONTENT_SPELLS] = g_strdup(spells.text);
    return ok ? g_steal_pointer(&content) : NULL;
}

CavContent *content_load(const char *dir, GError **error)
{
    g_autofree char *creatures_path = g_build_filename(dir, "creatures.ini", NULL);
    g_autofree char *items_path = g_build_filename(dir, "items.ini", NULL);
    g_autofree char *creatures = NULL;
    g_autofree char *items = NULL;
    g_autofree char *spells_path = g_build_filename(dir, "spells.ini", NULL);
    g_autofree char *spells = NULL;

    if (!ev_read_data_file(creatures_path, &creatures, error) ||
        !ev_read_data_file(items_path, &items, error))
        return NULL;
    if (g_file_test(spells_path, G_FILE_TEST_EXISTS) &&
        !ev_read_data_file(spells_path, &spells, error))
        return NULL;
    return content_parse(creatures, creatures_path, items, items_path, spells, spells_path, error);
}

extern const char content_builtin_creatures[];
extern const char content_builtin_items[];
extern const char content_builtin_spells[];

CavContent *content_new_builtin(void)
{
    g_autoptr(GError) error = NULL;
    CavContent *content = content_parse(content_builtin_creatures, "creatures.ini (built in)",
                                        content_builtin_items, "items.ini (built in)",
                                        content_builtin_spells, "spells.ini (built in)", &error);

    if (content == NULL)
        g_error("the built-in game data is broken: %s", error->message);
    return content;
}

void content_free(CavContent *content)
{
    if (content == NULL)
        return;
    if (content->kinds != NULL)
        g_array_unref(content->kinds);
    if (content->types != NULL)
        g_array_unref(content->types);
    if (content->appearances != NULL)
        g_array_unref(content->appearances);
    if (content->spells != NULL)
        g_array_unref(content->spells);
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        g_free(content->texts[f]);
    g_free(content);
}

const char *content_file_name(CavContentFile file)
{
    static const char *const names[CAV_CONTENT_FILES] = {
        [CAV_CONTENT_CREATURES] = "creatures.ini",
        [CAV_CONTENT_ITEMS] = "items.ini",
        [CAV_CONTENT_SPELLS] = "spells.ini",
    };

    g_return_val_if_fail(file < CAV_CONTENT_FILES, NULL);
    return names[file];
}

const char *content_text(const CavContent *content, CavContentFile file)
{
    g_return_val_if_fail(content != NULL && file < CAV_CONTENT_FILES, NULL);
    return content->texts[file];
}

gboolean content_is_builtin(const CavContent *content)
{
    const char *const builtin[CAV_CONTENT_FILES] = {
        [CAV_CONTENT_CREATURES] = content_builtin_creatures,
        [CAV_CONTENT_ITEMS] = content_builtin_items,
        [CAV_CONTENT_SPELLS] = content_builtin_spells,
    };

    g_return_val_if_fail(content != NULL, FALSE);
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        if (strcmp(content->texts[f], builtin[f]) != 0)
            return FALSE;
    return TRUE;
}

guint content_creature_kinds(const CavContent *content, const CavCreatureKind **out)
{
    *out = (const CavCreatureKind *) content->kinds->data;
    return content->kinds->len;
}

guint content_item_types(const CavContent *content, const CavItemType **out)
{
    *out = (const CavItemType *) content->types->data;
    return content->types->len;
}

const CavCreatureKind *content_creature_kind(const CavContent *content, const char *name)
{
    for (guint i = 0; i < content->kinds->len; i++)
        if (strcmp(g_array_index(content->kinds, CavCreatureKind, i).name, name) == 0)
            return &g_array_index(content->kinds, CavCreatureKind, i);
    return NULL;
}

const CavItemType *content_item_type(const CavContent *content, const char *name)
{
    for (guint i = 0; i < content->types->len; i++)
        if (strcmp(g_array_index(content->types, CavItemType, i).name, name) == 0)
            return &g_array_index(content->types, CavItemType, i);
    return NULL;
}

guint content_spells(const CavContent *content, const CavSpellKind **out)
{
    g_return_val_if_fail(content != NULL && out != NULL, 0);
    *out = (const CavSpellKind *) content->spells->data;
    return content->spells->len;
}

const char *content_special_name(CavSpecial special)
{
    g_return_val_if_fail(special < CAV_SPECIAL_COUNT, "");
    return special_names[special];
}

gboolean content_special_from_name(const char *name, CavSpecial *out)
{
    for (guint i = 0; i < CAV_SPECIAL_COUNT; i++)
        if (strcmp(special_names[i], name) == 0) {
            *out = (CavSpecial) i;
            return TRUE;
        }
    return FALSE;
}

guint content_appearances(const CavContent *content, const CavAppearanceLook **out)
{
    g_return_val_if_fail(content != NULL && out != NULL, 0);
    *out = (const CavAppearanceLook *) content->appearances->data;
    return content->appearances->len;
}

const CavRules *content_rules(const CavContent *content)
{
    return &content->rules;
}

static gboolean name_index(const char *const *names, guint n, const char *name, guint *out)
{
    for (guint i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) {
            *out = i;
            return TRUE;
        }
    return FALSE;
}

static gboolean names_to_bits(const char *const *names, guint n, const char *list, guint32 *out)
{
    g_auto(GStrv) words = g_strsplit(list, ";", -1);

    *out = 0;
    for (guint i = 0; words[i] != NULL; i++) {
        guint k;
        if (words[i][0] == '\0')
            continue;
        if (!name_index(names, n, words[i], &k))
            return FALSE;
        *out |= 1u << k;
    }
    return TRUE;
}

static void bits_to_names(const char *const *names, guint n, guint32 bits, char *out, gsize cap)
{
    g_autoptr(GString) text = g_string_new(NULL);

    for (guint i = 0; i < n; i++)
        if (bits & (1u << i))
            g_string_append_printf(text, "%s%s", text->len > 0 ? ";" : "", names[i]);
    g_strlcpy(out, text->str, cap);
}

const char *content_tag_name(CavTag tag)
{
    g_return_val_if_fail(tag < CAV_TAG_COUNT, "?");
    return tag_names[tag];
}

const char *content_feature_name(CavFeature feature)
{
    g_return_val_if_fail(feature < CAV_FEATURE_COUNT, "?");
    return feature_names[feature];
}

const char *content_behaviour_name(CavBehaviour behaviour)
{
    g_return_val_if_fail(behaviour < CAV_BEHAVIOUR_COUNT, "?");
    return behaviour_names[behaviour];
}

const char *content_bonus_name(CavBonus bonus)
{
    g_return_val_if_fail(bonus < CAV_BONUS_COUNT, "?");
    return bonus_names[bonus];
}

const char *content_bonus_words(CavBonus bonus)
{
    g_return_val_if_fail(bonus < CAV_BONUS_COUNT, "?");
    return bonus_words[bonus];
}

const char *content_stack_name(CavStack stack)
{
    g_return_val_if_fail(stack <= CAV_STACK_SOFT, "?");
    return stack_names[stack];
}

gboolean content_tags_from_names(const char *names, guint32 *out)
{
    return names_to_bits(tag_names, CAV_TAG_COUNT, names, out);
}

gboolean content_features_from_names(const char *names, guint32 *out)
{
    return names_to_bits(feature_names, CAV_FEATURE_COUNT, names, out);
}

gboolean content_behaviour_from_name(const char *name, CavBehaviour *out)
{
    guint k;

    if (!name_index(behaviour_names, CAV_BEHAVIOUR_COUNT, name, &k))
        return FALSE;
    *out = (CavBehaviour) k;
    return TRUE;
}

gboolean content_bonus_from_name(const char *name, CavBonus *out)
{
    guint k;

    if (!name_index(bonus_names, CAV_BONUS_COUNT, name, &k))
        return FALSE;
    *out = (CavBonus) k;
    return TRUE;
}

gboolean content_stack_from_name(const char *name, CavStack *out)
{
    guint k;

    if (!name_index(stack_names, G_N_ELEMENTS(stack_names), name, &k))
        return FALSE;
    *out = (CavStack) k;
    return TRUE;
}

void content_tags_to_names(guint32 bits, char *out, gsize cap)
{
    bits_to_names(tag_names, CAV_TAG_COUNT, bits, out, cap);
}

void content_features_to_names(guint32 bits, char *out, gsize cap)
{
    bits_to_names(feature_names, CAV_FEATURE_COUNT, bits, out, cap);
}

gboolean content_item_has_tag(const CavItemType *type, CavTag tag)
{
    return (type->tags & (1u << tag)) != 0;
}

gboolean content_item_can(const CavItemType *type, CavFeature feature)
{
    return (type->features & (1u << feature)) != 0;
}
