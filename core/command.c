/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command.c — command values and their JSON form in the turns table. */
#include "command.h"

#include "codec.h"
#include "content.h"

#include <string.h>
#include <yajl/yajl_tree.h>

#define CAV_CELL_MAX 1000 /* no map is wider or taller */

typedef struct {
    CavCommandKind kind;
    const char *name;
} CommandName;

static const CommandName names[] = {
    {.kind = CMD_START, .name = "start"},   {.kind = CMD_MOVE, .name = "move"},
    {.kind = CMD_WAIT, .name = "wait"},     {.kind = CMD_DESCEND, .name = "descend"},
    {.kind = CMD_ASCEND, .name = "ascend"}, {.kind = CMD_PICKUP, .name = "pickup"},
    {.kind = CMD_DROP, .name = "drop"},     {.kind = CMD_EAT, .name = "eat"},
    {.kind = CMD_EQUIP, .name = "equip"},   {.kind = CMD_CHOOSE, .name = "choose"},
    {.kind = CMD_THROW, .name = "throw"},   {.kind = CMD_FIRE, .name = "fire"},
    {.kind = CMD_QUAFF, .name = "quaff"},   {.kind = CMD_CAST, .name = "cast"},
    {.kind = CMD_NAME, .name = "name"},
};

G_DEFINE_QUARK(cavelog_command_error, command_error)

CavCommand command_move(gint32 dx, gint32 dy)
{
    return (CavCommand){.kind = CMD_MOVE, .dx = dx, .dy = dy};
}

CavCommand command_simple(CavCommandKind kind)
{
    return (CavCommand){.kind = kind};
}

CavCommand command_item(CavCommandKind kind, gint32 item)
{
    return (CavCommand){.kind = kind, .item = item};
}

CavCommand command_choose(gint32 bonus)
{
    return (CavCommand){.kind = CMD_CHOOSE, .bonus = bonus};
}

CavCommand command_throw(gint32 item, gint32 x, gint32 y)
{
    return (CavCommand){.kind = CMD_THROW, .item = item, .x = x, .y = y};
}

CavCommand command_fire(gint32 x, gint32 y)
{
    return (CavCommand){.kind = CMD_FIRE, .x = x, .y = y};
}

CavCommand command_cast(gint32 book, const char *spell, gint32 x, gint32 y)
{
    CavCommand command = {.kind = CMD_CAST, .item = book, .x = x, .y = y};

    g_strlcpy(command.word, spell, sizeof command.word);
    return command;
}

CavCommand command_name(const char *appearance, const char *name)
{
    CavCommand command = {.kind = CMD_NAME};

    g_strlcpy(command.word, appearance, sizeof command.word);
    g_strlcpy(command.text, name, sizeof command.text);
    return command;
}

static gboolean has_item(CavCommandKind kind)
{
    return kind == CMD_DROP || kind == CMD_EAT || kind == CMD_EQUIP || kind == CMD_THROW ||
           kind == CMD_QUAFF || kind == CMD_CAST;
}

static gboolean has_cell(CavCommandKind kind)
{
    return kind == CMD_THROW || kind == CMD_FIRE || kind == CMD_CAST;
}

/* Append ,"key":"value" with @value's quotes, backslashes and control
 * characters escaped. */
static void append_string(GString *out, const char *key, const char *value)
{
    g_string_append_printf(out, ",\"%s\":\"", key);
    for (const char *c = value; *c != '\0'; c++) {
        if (*c == '"' || *c == '\\')
            g_string_append_printf(out, "\\%c", *c);
        else if ((guchar) *c < 0x20)
            g_string_append_printf(out, "\\u%04x", (guchar) *c);
        else
            g_string_append_c(out, *c);
    }
    g_string_append_c(out, '"');
}

static const char *kind_name(CavCommandKind kind)
{
    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
        if (names[i].kind == kind)
            return names[i].name;
    return "unknown";
}

void command_to_json(const CavCommand *command, GString *out)
{
    g_return_if_fail(command != NULL && out != NULL);
    g_string_append_printf(out, "{\"command\":\"%s\"", kind_name(command->kind));
    if (command->kind == CMD_MOVE)
        g_string_append_printf(out, ",\"dx\":%d,\"dy\":%d", command->dx, command->dy);
    if (command->kind == CMD_START)
        g_string_append_printf(out, ",\"seed\":%" G_GINT64_FORMAT, command->seed);
    if (has_item(command->kind))
        g_string_append_printf(out, ",\"item\":%d", command->item);
    if (has_cell(command->kind))
        g_string_append_printf(out, ",\"x\":%d,\"y\":%d", command->x, command->y);
    if (command->kind == CMD_CAST)
        append_string(out, "spell", command->word);
    if (command->kind == CMD_NAME) {
        append_string(out, "appearance", command->word);
        append_string(out, "name", command->text);
    }
    if (command->kind == CMD_CHOOSE)
        g_string_append_printf(out, ",\"bonus\":\"%s\"",
                               content_bonus_name((CavBonus) command->bonus));
    g_string_append_c(out, '}');
}

static gboolean get_int(yajl_val root, const char *key, gint64 lo, gint64 hi, gint64 *out)
{
    const char *path[] = {key, NULL};
    yajl_val v = yajl_tree_get(root, path, yajl_t_number);

    if (v == NULL || !YAJL_IS_INTEGER(v) || YAJL_GET_INTEGER(v) < lo || YAJL_GET_INTEGER(v) > hi)
        return FALSE;
    *out = YAJL_GET_INTEGER(v);
    return TRUE;
}

/* A string of at most CAV_COMMAND_WORD_MAX - 1 bytes into @out. */
static gboolean get_word(yajl_val root, const char *key, char *out)
{
    const char *path[] = {key, NULL};
    yajl_val v = yajl_tree_get(root, path, yajl_t_string);
    const char *text = v != NULL ? YAJL_GET_STRING(v) : NULL;

    if (text == NULL || strlen(text) >= CAV_COMMAND_WORD_MAX)
        return FALSE;
    g_strlcpy(out, text, CAV_COMMAND_WORD_MAX);
    return TRUE;
}

static gboolean get_bonus(yajl_val root, gint32 *out)
{
    const char *path[] = {"bonus", NULL};
    yajl_val v = yajl_tree_get(root, path, yajl_t_string);
    CavBonus bonus;

    if (v == NULL || !content_bonus_from_name(YAJL_GET_STRING(v), &bonus))
        return FALSE;
    *out = (gint32) bonus;
    return TRUE;
}

/* Longer than any command cavelog writes (they are flat objects of a few
 * short fields). */
#define COMMAND_JSON_MAX 1024

/* @json is exactly how command_to_json writes @command: one spelling for
 * one command, so that `sqlite3` reads what the game reads. */
static gboolean is_written_form(const CavCommand *command, const char *json, GError **error)
{
    g_autoptr(GString) again = g_string_sized_new(64);

    command_to_json(command, again);
    if (strcmp(again->str, json) == 0)
        return TRUE;
    g_set_error(error, COMMAND_ERROR, 0,
                "a command not written the way cavelog writes it (spacing, escapes, field order or "
                "the form of a number)");
    return FALSE;
}

gboolean command_from_json(const char *json, CavCommand *out, GError **error)
{
    const char *path[] = {"command", NULL};
    gsize len = json != NULL ? strnlen(json, COMMAND_JSON_MAX + 1) : 0;
    /* The tree parser recurses as deep as the text nests: look first. */
    yajl_val root = len <= COMMAND_JSON_MAX && codec_json_is_one_object(json, len, 1)
                        ? yajl_tree_parse(json, NULL, 0)
                        : NULL;
    yajl_val name = root != NULL ? yajl_tree_get(root, path, yajl_t_string) : NULL;
    gboolean ok = FALSE;
    gint64 dx = 0, dy = 0, seed = 0, item = 0, x = 0, y = 0;

    memset(out, 0, sizeof *out);
    for (guint i = 0; name != NULL && i < G_N_ELEMENTS(names); i++) {
        const char *text = YAJL_GET_STRING(name);
        if (text == NULL || strcmp(text, names[i].name) != 0)
            continue;
        out->kind = names[i].kind;
        ok = TRUE;
        if (out->kind == CMD_MOVE)
            ok = get_int(root, "dx", -1, 1, &dx) && get_int(root, "dy", -1, 1, &dy);
        if (out->kind == CMD_START)
            ok = get_int(root, "seed", G_MININT64, G_MAXINT64, &seed);
        if (has_item(out->kind))
            ok = get_int(root, "item", 1, G_MAXINT32, &item);
        if (has_cell(out->kind))
            ok = ok && get_int(root, "x", 0, CAV_CELL_MAX, &x) &&
                 get_int(root, "y", 0, CAV_CELL_MAX, &y);
        if (out->kind == CMD_CHOOSE)
            ok = get_bonus(root, &out->bonus);
        if (out->kind == CMD_CAST)
            ok = ok && get_word(root, "spell", out->word);
        if (out->kind == CMD_NAME)
            ok = get_word(root, "appearance", out->word) && get_word(root, "name", out->text);
    }
    out->item = (gint32) item;
    out->dx = (gint32) dx;
    out->dy = (gint32) dy;
    out->x = (gint32) x;
    out->y = (gint32) y;
    out->seed = seed;
    yajl_tree_free(root);
    if (!ok) {
        g_set_error(error, COMMAND_ERROR, 0, "a command this build does not know");
        return FALSE;
    }
    return is_written_form(out, json, error);
}
