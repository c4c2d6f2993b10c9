/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay-pick.c — "Replay a game" on the start screen: the saved games,
 * newest first, one letter each, to pick the one to replay. */
#include "tui.h"

#include "store.h"
#include "tui-private.h"

/* Most games listed: one letter each, a to p, so that q still quits. */
#define PICK_MAX 16

/* "a  g.cavelog  won, turn 1834, depth 5": a line of the list. */
static char *pick_line(const StoreListing *game, char letter)
{
    g_autofree char *name = g_path_get_basename(game->path);

    if (game->problem != NULL)
        return g_strdup_printf("%c  %s  (cannot be read)", letter, name);
    return g_strdup_printf("%c  %s  %s, turn %d, depth %d", letter, name, game->info.outcome,
                           game->info.turns, game->info.depth);
}

char *tui_replay_pick(const GPtrArray *games)
{
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GError) error = NULL;
    gboolean dimmed[PICK_MAX + 2] = {FALSE};
    guint n = MIN(games->len, PICK_MAX);
    char *chosen = NULL;

    g_ptr_array_add(lines, g_strdup(n > 0 ? "Replay which game?" : "No saved games to replay"));
    for (guint i = 0; i < n; i++) {
        const StoreListing *game = g_ptr_array_index(games, i);
        g_ptr_array_add(lines, pick_line(game, (char) ('a' + i)));
        dimmed[i + 1] = game->problem != NULL;
    }
    g_ptr_array_add(lines, g_strdup("A letter picks a game; Esc leaves."));
    if (!tui_screen_begin(&error)) {
        g_printerr("cavelog: %s\n", error->message);
        return NULL;
    }
    while (chosen == NULL) {
        int key;

        erase();
        tui_panels_box_dimmed((const char *const *) lines->pdata, lines->len, dimmed);
        refresh();
        key = tui_screen_read_key();
        if (key == TUI_KEY_ESCAPE || key == 'q' || key == TUI_KEY_LOST)
            break;
        if (key >= 'a' && key < 'a' + (int) n && !dimmed[key - 'a' + 1])
            chosen = g_strdup(((const StoreListing *) g_ptr_array_index(games, key - 'a'))->path);
    }
    tui_screen_end();
    return chosen;
}
