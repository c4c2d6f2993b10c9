/* tui-draw.c — drawing the play screen: the unread messages on top, the map
 * of the player's level in a viewport that scrolls when the player nears its
 * edge, and the stats line below. Only what the player has seen is drawn:
 * cells in view brightly, remembered cells dimmed, creatures only in view. */
#include "tui-private.h"

#include <string.h>

/* Most message lines on top, when the terminal is taller than the map. */
#define TUI_MESSAGE_ROWS_MAX 3

#define TUI_MORE_MARK " (more: Ctrl-P)"

typedef struct {
    int message_rows;
    int map_top, map_rows, map_cols;
    int stats_row;
} TuiLayout;

typedef struct {
    const char *kind;
    char glyph;
    TuiStyle style;
} TuiCreatureLook;

static const TuiCreatureLook tui_creature_looks[] = {
    {.kind = "player", .glyph = '@', .style = TUI_STYLE_PLAYER},
    {.kind = "fungus", .glyph = 'f', .style = TUI_STYLE_FUNGUS},
    {.kind = "bat", .glyph = 'b', .style = TUI_STYLE_BAT},
    {.kind = "zombie", .glyph = 'z', .style = TUI_STYLE_ZOMBIE},
    {.kind = "goblin", .glyph = 'g', .style = TUI_STYLE_GOBLIN},
};

static void tui_draw_layout(TuiLayout *layout)
{
    layout->map_rows = MIN(CAV_HEIGHT, LINES - 2);
    layout->message_rows = CLAMP(LINES - 1 - layout->map_rows, 1, TUI_MESSAGE_ROWS_MAX);
    layout->map_top = layout->message_rows;
    layout->map_cols = MIN(CAV_WIDTH, COLS);
    layout->stats_row = layout->map_top + layout->map_rows;
}

/* The new origin of one axis of the view: @span cells of a map @size long,
 * keeping @pos at least a quarter span from either edge (or centred). */
static gint32 tui_viewport_axis(gint32 origin, gint32 pos, gint32 span, gint32 size,
                                gboolean centre)
{
    gint32 margin = span / 4;

    if (span >= size)
        return 0;
    if (centre)
        origin = pos - span / 2;
    else if (pos < origin + margin)
        origin = pos - margin;
    else if (pos > origin + span - 1 - margin)
        origin = pos - (span - 1 - margin);
    return CLAMP(origin, 0, size - span);
}

static void tui_viewport_follow(TuiViewport *viewport, const CavCreature *player,
                                const TuiLayout *layout)
{
    gboolean centre = !viewport->placed || viewport->z != player->z;

    viewport->left =
        tui_viewport_axis(viewport->left, player->x, layout->map_cols, CAV_WIDTH, centre);
    viewport->top =
        tui_viewport_axis(viewport->top, player->y, layout->map_rows, CAV_HEIGHT, centre);
    viewport->z = player->z;
    viewport->placed = TRUE;
}

static TuiStyle tui_tile_style(CavTile tile)
{
    switch (tile) {
    case TILE_WALL:
        return TUI_STYLE_WALL;
    case TILE_STAIRS_DOWN:
    case TILE_STAIRS_UP:
        return TUI_STYLE_STAIRS;
    case TILE_FLOOR:
    case TILE_OUTSIDE:
    default:
        return TUI_STYLE_FLOOR;
    }
}

static void tui_draw_cell(const CavState *state, const CavView *sight, gint32 z, gint32 x, gint32 y,
                          int row, int col)
{
    CavTile tile = state_tile(state, z, x, y);
    TuiStyle style;

    if (tile == TILE_OUTSIDE)
        return;
    if (view_sees(sight, z, x, y))
        style = tui_tile_style(tile);
    else if (view_remembers(sight, z, x, y))
        style = TUI_STYLE_REMEMBERED;
    else
        return;
    mvaddch(row, col, (chtype) (unsigned char) world_tile_glyph(tile) | tui_screen_attr(style));
}

static void tui_draw_terrain(const CavState *state, const CavView *sight,
                             const TuiViewport *viewport, const TuiLayout *layout)
{
    for (int row = 0; row < layout->map_rows; row++)
        for (int col = 0; col < layout->map_cols; col++)
            tui_draw_cell(state, sight, viewport->z, viewport->left + col, viewport->top + row,
                          layout->map_top + row, col);
}

static const TuiCreatureLook *tui_creature_look(const CavCreature *creature)
{
    static TuiCreatureLook stranger = {.style = TUI_STYLE_STRANGER};

    for (gsize i = 0; i < G_N_ELEMENTS(tui_creature_looks); i++)
        if (strcmp(tui_creature_looks[i].kind, creature->kind) == 0)
            return &tui_creature_looks[i];
    stranger.glyph = g_ascii_isgraph(creature->kind[0]) ? creature->kind[0] : '?';
    return &stranger;
}

static void tui_draw_creatures(const CavState *state, const CavView *sight,
                               const TuiViewport *viewport, const TuiLayout *layout)
{
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *creature = state_creature(state, id);
        const TuiCreatureLook *look;
        int col, row;

        if (creature == NULL || !creature->alive || creature->z != viewport->z)
            continue;
        if (!world_in_bounds(creature->x, creature->y))
            continue;
        if (!view_sees(sight, creature->z, creature->x, creature->y) && id != state->player)
            continue;
        col = creature->x - viewport->left;
        row = creature->y - viewport->top;
        if (col < 0 || col >= layout->map_cols || row < 0 || row >= layout->map_rows)
            continue;
        look = tui_creature_look(creature);
        mvaddch(layout->map_top + row, col,
                (chtype) (unsigned char) look->glyph | tui_screen_attr(look->style));
    }
}

/* The unread messages, joined; "(more…)" when they do not fit. */
static void tui_draw_messages(const TuiLog *log, const TuiLayout *layout)
{
    const GPtrArray *history = tui_log_history(log);
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GPtrArray) lines = NULL;
    attr_t attr = tui_screen_attr(TUI_STYLE_TEXT);

    for (guint i = history->len - tui_log_unread(log); i < history->len; i++) {
        const TuiMessage *message = history->pdata[i];
        g_string_append_printf(text, "%s%s", text->len > 0 ? "  " : "", message->text);
    }
    lines = tui_screen_wrap(text->str, COLS);
    if ((int) lines->len > layout->message_rows) {
        int room = COLS - (int) strlen(TUI_MORE_MARK);
        g_ptr_array_unref(lines);
        lines = tui_screen_wrap(text->str, MAX(room, 1));
        g_ptr_array_set_size(lines, (guint) layout->message_rows);
        tui_screen_put(layout->message_rows - 1, tui_screen_text_cols(lines->pdata[lines->len - 1]),
                       TUI_MORE_MARK, COLS, tui_screen_attr(TUI_STYLE_HINT));
    }
    for (guint row = 0; row < lines->len; row++)
        tui_screen_put((int) row, 0, lines->pdata[row], COLS, attr);
}

static void tui_draw_stats(const CavState *state, const CavCreature *player,
                           const TuiLayout *layout)
{
    g_autofree char *stats =
        g_strdup_printf("HP %d/%d  Depth %d  Turn %d  (%d,%d)", player->hp, player->max_hp,
                        player->z + 1, state->turn, player->x, player->y);
    const char *hint = "? help";
    int hint_col = COLS - tui_screen_text_cols(hint) - 1;

    tui_screen_put(layout->stats_row, 0, stats, COLS, tui_screen_attr(TUI_STYLE_TEXT));
    if (hint_col > tui_screen_text_cols(stats) + 2)
        tui_screen_put(layout->stats_row, hint_col, hint, COLS, tui_screen_attr(TUI_STYLE_HINT));
}

void tui_draw_play(const CavState *state, const CavView *sight, const TuiLog *log,
                   TuiViewport *viewport)
{
    const CavCreature *player;
    TuiLayout layout;

    g_return_if_fail(state != NULL && sight != NULL && log != NULL && viewport != NULL);
    if (!tui_screen_big_enough()) {
        tui_screen_draw_too_small();
        return;
    }
    erase();
    tui_draw_layout(&layout);
    tui_draw_messages(log, &layout);
    player = state_player(state);
    if (player == NULL)
        return;
    tui_viewport_follow(viewport, player, &layout);
    tui_draw_terrain(state, sight, viewport, &layout);
    tui_draw_creatures(state, sight, viewport, &layout);
    tui_draw_stats(state, player, &layout);
}
