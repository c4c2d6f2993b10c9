/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-keys.c — the play screen's key bindings, as one table: arrows, vi-keys
 * (hjklyubn), the numeric keypad (with and without numlock), running
 * (HJKLYUBN, shifted arrows, G then a direction), auto-explore and travel,
 * stairs, wait, pick up, the pack, the item menus, throw, fire and read,
 * naming potions, look, help, message history, save and quit. */
#include "tui-private.h"

typedef struct {
    int key;
    TuiAction action;
    CavCommandKind kind; /* for TUI_ACTION_COMMAND */
    gint32 dx, dy;       /* for CMD_MOVE */
} TuiBinding;

/* clang-format off */
#define TUI_MOVE(k, x, y) \
    {.key = (k), .action = TUI_ACTION_COMMAND, .kind = CMD_MOVE, .dx = (x), .dy = (y)}
#define TUI_RUN(k, x, y) \
    {.key = (k), .action = TUI_ACTION_RUN, .kind = CMD_MOVE, .dx = (x), .dy = (y)}
#define TUI_DO(k, command) {.key = (k), .action = TUI_ACTION_COMMAND, .kind = (command)}
#define TUI_SCREEN(k, what) {.key = (k), .action = (what)}

static const TuiBinding tui_bindings[] = {
    /* west, east, north, south */
    TUI_MOVE('h', -1, 0), TUI_MOVE(KEY_LEFT, -1, 0), TUI_MOVE('4', -1, 0),
    TUI_MOVE('l', 1, 0), TUI_MOVE(KEY_RIGHT, 1, 0), TUI_MOVE('6', 1, 0),
    TUI_MOVE('k', 0, -1), TUI_MOVE(KEY_UP, 0, -1), TUI_MOVE('8', 0, -1),
    TUI_MOVE('j', 0, 1), TUI_MOVE(KEY_DOWN, 0, 1), TUI_MOVE('2', 0, 1),
    /* the diagonals: vi-key, keypad without numlock (two spellings), digit */
    TUI_MOVE('y', -1, -1), TUI_MOVE(KEY_A1, -1, -1), TUI_MOVE(KEY_HOME, -1, -1),
    TUI_MOVE('7', -1, -1),
    TUI_MOVE('u', 1, -1), TUI_MOVE(KEY_A3, 1, -1), TUI_MOVE(KEY_PPAGE, 1, -1),
    TUI_MOVE('9', 1, -1),
    TUI_MOVE('b', -1, 1), TUI_MOVE(KEY_C1, -1, 1), TUI_MOVE(KEY_END, -1, 1),
    TUI_MOVE('1', -1, 1),
    TUI_MOVE('n', 1, 1), TUI_MOVE(KEY_C3, 1, 1), TUI_MOVE(KEY_NPAGE, 1, 1),
    TUI_MOVE('3', 1, 1),
    /* running: the vi-keys shifted, and the arrows that terminals shift */
    TUI_RUN('H', -1, 0), TUI_RUN('L', 1, 0), TUI_RUN('K', 0, -1), TUI_RUN('J', 0, 1),
    TUI_RUN('Y', -1, -1), TUI_RUN('U', 1, -1), TUI_RUN('B', -1, 1), TUI_RUN('N', 1, 1),
    TUI_RUN(KEY_SLEFT, -1, 0), TUI_RUN(KEY_SRIGHT, 1, 0), TUI_RUN(KEY_SR, 0, -1),
    TUI_RUN(KEY_SF, 0, 1),
    TUI_SCREEN('G', TUI_ACTION_RUN_PREFIX),
    TUI_SCREEN('o', TUI_ACTION_EXPLORE), TUI_SCREEN('_', TUI_ACTION_TRAVEL),
    TUI_SCREEN('Z', TUI_ACTION_REST),
    TUI_SCREEN('i', TUI_ACTION_PACK),
    TUI_DO('.', CMD_WAIT), TUI_DO('5', CMD_WAIT), TUI_DO(KEY_B2, CMD_WAIT),
    TUI_DO('<', CMD_ASCEND), TUI_DO('>', CMD_DESCEND),
    TUI_DO('g', CMD_PICKUP), TUI_DO(',', CMD_PICKUP),
    TUI_SCREEN('d', TUI_ACTION_DROP), TUI_SCREEN('e', TUI_ACTION_EAT),
    TUI_SCREEN('w', TUI_ACTION_EQUIP), TUI_SCREEN('x', TUI_ACTION_EXAMINE),
    TUI_SCREEN('q', TUI_ACTION_QUAFF), TUI_SCREEN('t', TUI_ACTION_THROW),
    TUI_SCREEN('f', TUI_ACTION_FIRE), TUI_SCREEN('r', TUI_ACTION_READ),
    TUI_SCREEN('c', TUI_ACTION_CALL),
    TUI_SCREEN(';', TUI_ACTION_LOOK),
    TUI_SCREEN('?', TUI_ACTION_HELP),
    TUI_SCREEN(TUI_KEY_CTRL('P'), TUI_ACTION_HISTORY),
    TUI_SCREEN('S', TUI_ACTION_SAVE_QUIT),
    TUI_SCREEN(KEY_RESIZE, TUI_ACTION_REDRAW),
    TUI_SCREEN(TUI_KEY_CTRL('L'), TUI_ACTION_REDRAW),
};
/* clang-format on */

TuiAction tui_keys_action(int key, CavCommand *command)
{
    g_return_val_if_fail(command != NULL, TUI_ACTION_NONE);
    for (gsize i = 0; i < G_N_ELEMENTS(tui_bindings); i++) {
        const TuiBinding *binding = &tui_bindings[i];

        if (binding->key != key)
            continue;
        if (binding->action == TUI_ACTION_COMMAND || binding->action == TUI_ACTION_RUN)
            *command = binding->kind == CMD_MOVE ? command_move(binding->dx, binding->dy)
                                                 : command_simple(binding->kind);
        return binding->action;
    }
    return TUI_ACTION_NONE;
}

gboolean tui_keys_direction(int key, gint32 *dx, gint32 *dy)
{
    g_return_val_if_fail(dx != NULL && dy != NULL, FALSE);
    for (gsize i = 0; i < G_N_ELEMENTS(tui_bindings); i++) {
        const TuiBinding *binding = &tui_bindings[i];

        if (binding->key == key && binding->action == TUI_ACTION_COMMAND &&
            binding->kind == CMD_MOVE) {
            *dx = binding->dx;
            *dy = binding->dy;
            return TRUE;
        }
    }
    return FALSE;
}

/* The keys a player knows by a name of their own, not as Ctrl-something. */
static const struct {
    int key;
    const char *name;
} tui_key_names[] = {
    {.key = '\r', .name = "Enter"},
    {.key = '\n', .name = "Enter"},
    {.key = KEY_ENTER, .name = "Enter"},
    {.key = '\t', .name = "Tab"},
    {.key = KEY_BTAB, .name = "Shift-Tab"},
    {.key = TUI_KEY_ESCAPE, .name = "Esc"},
    {.key = ' ', .name = "Space"},
    {.key = 0x7f, .name = "Backspace"},
    {.key = KEY_BACKSPACE, .name = "Backspace"},
};

gboolean tui_keys_nothing(int key)
{
    return key == TUI_KEY_ESCAPE || key == '\r' || key == '\n' || key == KEY_ENTER;
}

void tui_keys_name(int key, GString *out)
{
    const char *name;

    g_return_if_fail(out != NULL);
    for (gsize i = 0; i < G_N_ELEMENTS(tui_key_names); i++)
        if (tui_key_names[i].key == key) {
            g_string_append(out, tui_key_names[i].name);
            return;
        }
    if (key > 0 && key < 0x20)
        g_string_append_printf(out, "Ctrl-%c", key + '@');
    else if (key >= 0x20 && key < 0x7f)
        g_string_append_c(out, (char) key);
    else if ((name = keyname(key)) != NULL)
        g_string_append(out, name);
    else
        g_string_append_printf(out, "#%d", key);
}
