/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-draw.c — drawing the play screen: the unread messages on top, the map
 * of the player's level in a viewport centred on the player that holds every
 * cell they see, and below it the stats line and the line of the effects on the
 * player. Only what the player has seen is drawn: cells in view brightly,
 * remembered cells dimmed (with the item last seen on them, dimmed too);
 * items in view, creatures in view or, while the player detects creatures,
 * anywhere on the level; each in its own glyph and colour (a creature hides
 * the item it stands on). */
#include "tui-private.h"

#include <string.h>

/* Fewest message lines on top (the messages of a turn often take two), and
 * most, when the terminal is taller than the map. */
#define TUI_MESSAGE_ROWS_MIN 2
#define TUI_MESSAGE_ROWS_MAX 3
/* The rows under the map: the stats line and the effects line. */
#define TUI_STATUS_ROWS 2

#define TUI_MORE_MARK " (more: Ctrl-P)"

void tui_draw_layout(TuiLayout *layout)
{
    g_return_if_fail(layout != NULL);
    layout->map_rows = MIN(CAV_HEIGHT, LINES - TUI_MESSAGE_ROWS_MIN - TUI_STATUS_ROWS);
    layout->message_rows = CLAMP(LINES - TUI_STATUS_ROWS - layout->map_rows, TUI_MESSAGE_ROWS_MIN,
                                 TUI_MESSAGE_ROWS_MAX);
    layout->map_top = layout->message_rows;
    layout->map_cols = MIN(CAV_WIDTH, COLS);
    layout->stats_row = layout->map_top + layout->map_rows;
    layout->effects_row = layout->stats_row + 1;
}

gboolean tui_draw_cell_at(const TuiViewport *viewport, const TuiLayout *layout, gint32 x, gint32 y,
                          int *row, int *col)
{
    int c = x - viewport->left, r = y - viewport->top;

    if (c < 0 || c >= layout->map_cols || r < 0 || r >= layout->map_rows || !world_in_bounds(x, y))
        return FALSE;
    *row = layout->map_top + r;
    *col = c;
    return TRUE;
}

/* The new origin of one axis of the view while it follows the map cursor:
 * @span cells of a map @size long, keeping @pos at least a quarter span
 * from either edge. */
static gint32 tui_viewport_axis(gint32 origin, gint32 pos, gint32 span, gint32 size)
{
    gint32 margin = span / 4;

    if (span >= size)
        return 0;
    if (pos < origin + margin)
        origin = pos - margin;
    else if (pos > origin + span - 1 - margin)
        origin = pos - (span - 1 - margin);
    return CLAMP(origin, 0, size - span);
}

/* The origin of one axis of the view that follows the player at @pos: @span
 * cells of a map @size long, the player centred, clamped to the map's edges
 * (no cell wasted beyond them), then moved the least that brings the cells
 * the player sees, from @seen_lo to @seen_hi, on screen where they fit. */
static gint32 tui_viewport_centre(gint32 pos, gint32 seen_lo, gint32 seen_hi, gint32 span,
                                  gint32 size)
{
    gint32 origin;

    if (span >= size)
        return 0;
    origin = CLAMP(pos - span / 2, 0, size - span);
    if (seen_lo > seen_hi || seen_hi - seen_lo >= span)
        return origin; /* nothing seen, or too much to fit: the player centred */
    if (seen_lo < origin)
        origin = seen_lo;
    else if (seen_hi > origin + span - 1)
        origin = seen_hi - (span - 1);
    return origin;
}

/* The smallest box holding every cell of level @z that @sight sees:
 * columns @box[0]…@box[1], rows @box[2]…@box[3] (empty: lo > hi). */
static void tui_viewport_seen_box(const CavView *sight, gint32 z, gint32 box[4])
{
    box[0] = box[2] = G_MAXINT32;
    box[1] = box[3] = G_MININT32;
    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++) {
            if (!view_sees(sight, z, x, y))
                continue;
            box[0] = MIN(box[0], x);
            box[1] = MAX(box[1], x);
            box[2] = MIN(box[2], y);
            box[3] = MAX(box[3], y);
        }
}

/* Place @viewport: centred on the player, keeping every cell they see on
 * screen; while focused, scrolled after the map cursor only when it nears
 * the edge of the screen (from where the player's view left it). */
static void tui_viewport_follow(TuiViewport *viewport, const CavCreature *player,
                                const CavView *sight, const TuiLayout *layout)
{
    gint32 box[4];

    if (viewport->focused && viewport->placed && viewport->z == player->z) {
        viewport->left =
            tui_viewport_axis(viewport->left, viewport->focus_x, layout->map_cols, CAV_WIDTH);
        viewport->top =
            tui_viewport_axis(viewport->top, viewport->focus_y, layout->map_rows, CAV_HEIGHT);
        return;
    }
    tui_viewport_seen_box(sight, player->z, box);
    viewport->left = tui_viewport_centre(player->x, box[0], box[1], layout->map_cols, CAV_WIDTH);
    viewport->top = tui_viewport_centre(player->y, box[2], box[3], layout->map_rows, CAV_HEIGHT);
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

/* @glyph in the colour named @colour at (@x, @y) of the map, if on screen. */
static void tui_draw_thing(const TuiViewport *viewport, const TuiLayout *layout, gint32 x, gint32 y,
                           char glyph, const char *colour)
{
    int row, col;

    if (!tui_draw_cell_at(viewport, layout, x, y, &row, &col))
        return;
    mvaddch(row, col,
            (chtype) (unsigned char) (g_ascii_isgraph(glyph) ? glyph : '?') |
                tui_screen_colour(colour));
}

/* The items remembered on the cells on screen that are out of view. */
static void tui_draw_remembered_items(const CavState *state, const CavView *sight,
                                      const TuiViewport *viewport, const TuiLayout *layout)
{
    for (int row = 0; row < layout->map_rows; row++)
        for (int col = 0; col < layout->map_cols; col++) {
            gint32 x = viewport->left + col, y = viewport->top + row;
            const CavItem *item = state_item(state, view_remembered_item(sight, viewport->z, x, y));

            if (item == NULL || view_sees(sight, viewport->z, x, y))
                continue;
            mvaddch(layout->map_top + row, col,
                    (chtype) (unsigned char) (g_ascii_isgraph(item->glyph) ? item->glyph : '?') |
                        tui_screen_attr(TUI_STYLE_REMEMBERED));
        }
}

static void tui_draw_items(const CavState *state, const CavView *sight, const TuiViewport *viewport,
                           const TuiLayout *layout)
{
    tui_draw_remembered_items(state, sight, viewport, layout);
    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);

        if (item == NULL || item->count <= 0 || item->holder != 0 || item->z != viewport->z ||
            !view_sees(sight, item->z, item->x, item->y))
            continue;
        tui_draw_thing(viewport, layout, item->x, item->y, item->glyph, item->colour);
    }
}

/* The creatures the player perceives (state_perceives()): those in view,
 * all of the level while detecting, and the player. */
static void tui_draw_creatures(const CavState *state, const CavView *sight,
                               const TuiViewport *viewport, const TuiLayout *layout)
{
    const CavCreature *player = state_player(state);

    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *creature = state_creature(state, id);

        if (creature == NULL || !creature->alive || creature->z != viewport->z)
            continue;
        if (id != state->player &&
            (sight->z != player->z || !state_perceives(player, creature, sight->visible)))
            continue;
        tui_draw_thing(viewport, layout, creature->x, creature->y, creature->glyph,
                       creature->colour);
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

void tui_draw_more(const TuiLog *log)
{
    const GPtrArray *history = tui_log_history(log);
    g_autoptr(GString) text = g_string_new(NULL);
    TuiLayout layout;

    g_return_if_fail(log != NULL);
    tui_draw_layout(&layout);
    for (guint i = history->len - tui_log_unread(log); i < history->len; i++) {
        const TuiMessage *message = history->pdata[i];
        g_string_append_printf(text, "%s%s", text->len > 0 ? "  " : "", message->text);
    }
    tui_draw_message_rows(&layout, text->str, "--More--");
}

/* Clear row @row and draw the wrapped @lines there and below, at most @rows. */
static void tui_draw_rows(int row, int rows, const GPtrArray *lines, attr_t attr)
{
    for (int i = 0; i < rows; i++) {
        move(row + i, 0);
        clrtoeol();
        if (i < (int) lines->len)
            tui_screen_put(row + i, 0, lines->pdata[i], COLS, attr);
    }
}

void tui_draw_message_rows(const TuiLayout *layout, const char *text, const char *hint)
{
    g_autoptr(GPtrArray) lines = NULL;
    int hint_cols, used, last_cols, hint_row, hint_col;

    g_return_if_fail(layout != NULL && text != NULL && hint != NULL);
    lines = tui_screen_wrap(text, COLS);
    hint_cols = tui_screen_text_cols(hint);
    used = MAX((int) lines->len, 1);
    last_cols = lines->len > 0 ? tui_screen_text_cols(lines->pdata[lines->len - 1]) : 0;
    tui_draw_rows(0, layout->message_rows, lines, tui_screen_attr(TUI_STYLE_TEXT));
    if (last_cols + 2 + hint_cols <= COLS) { /* after the text */
        hint_row = used - 1;
        hint_col = last_cols > 0 ? last_cols + 2 : 0;
    } else { /* on a row of its own */
        hint_row = used;
        hint_col = 0;
    }
    if (hint_row >= layout->message_rows) { /* the text keeps every message row */
        hint_row = layout->effects_row;
        hint_col = 0;
        move(hint_row, 0);
        clrtoeol();
    }
    tui_screen_put(hint_row, hint_col, hint, COLS, tui_screen_attr(TUI_STYLE_HINT));
}

/* "warrior" for "warrior's strength", "slow-heal" for "slow heal": an
 * effect's name in few columns (the owner of a possessive, else its words
 * joined by hyphens). Caller frees. */
static char *tui_draw_effect_short(const char *name)
{
    const char *owner = strstr(name, "'s ");

    if (owner != NULL)
        return g_strndup(name, (gsize) (owner - name));
    return g_strdelimit(g_strdup(name), " ", '-');
}

/* The player's active effects, each with the turns it has left ("poison
 * 12"), by their names or, with @brief, their short names; into @names. */
static void tui_draw_effect_names(const CavState *state, const CavCreature *player, gboolean brief,
                                  GPtrArray *names)
{
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = state_effect(state, id);
        g_autofree char *name = NULL;

        if (effect == NULL || !effect->active || effect->creature != player->id)
            continue;
        name = brief ? tui_draw_effect_short(effect->name) : g_strdup(effect->name);
        g_ptr_array_add(names, g_strdup_printf("%s %d", name, effect->remaining));
    }
}

/* "poison 12  warrior's strength 3": the player's active effects with the
 * turns each has left, by name when all fit in @room columns, else by short
 * name, as many as fit ("+2" for the rest). */
static void tui_draw_effects(const CavState *state, const CavCreature *player, int room,
                             GString *out)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_null_terminated(0, g_free, TRUE);
    g_autofree char *joined = NULL;
    guint shown = 0;

    tui_draw_effect_names(state, player, FALSE, names);
    if (names->len == 0)
        return;
    joined = g_strjoinv("  ", (char **) names->pdata);
    if (tui_screen_text_cols(joined) <= room) {
        g_string_append(out, joined);
        return;
    }
    g_ptr_array_set_size(names, 0);
    tui_draw_effect_names(state, player, TRUE, names);
    for (; shown < names->len; shown++) {
        int more = shown + 1 < names->len ? (int) strlen("  +99") : 0;
        const char *name = names->pdata[shown];

        if (tui_screen_text_cols(out->str) + 2 + tui_screen_text_cols(name) + more > room)
            break;
        g_string_append_printf(out, "%s%s", out->len > 0 ? "  " : "", name);
    }
    if (shown < names->len)
        g_string_append_printf(out, "%s+%u", out->len > 0 ? "  " : "", names->len - shown);
}

/* How the hp on the stats line look: red below a quarter of the most, yellow
 * below half (bold where there are no colours), else plain. */
static attr_t tui_draw_hp_attr(const CavCreature *player)
{
    if (player->hp * 4 < player->max_hp)
        return tui_screen_attr(TUI_STYLE_DANGER);
    if (player->hp * 2 < player->max_hp)
        return tui_screen_attr(TUI_STYLE_WARNING);
    return tui_screen_attr(TUI_STYLE_TEXT);
}

/* The stats, what matters most first, each after @gap. */
static GString *tui_draw_stats_text(const CavState *state, const CavCreature *player,
                                    const char *gap)
{
    GString *stats = g_string_new(NULL);

    g_string_append_printf(stats, "HP %d/%d", MAX(player->hp, 0), player->max_hp);
    if (player->hunger[0] != '\0')
        g_string_append_printf(stats, "%s%s", gap, player->hunger);
    g_string_append_printf(stats, "%sMP %d/%d%sAtk %d%sDef %d%sLv %d%sXP %d%sDepth %d%sTurn %d",
                           gap, player->mana, player->max_mana, gap, state_attack(state, player),
                           gap, state_defense(state, player), gap, player->level, gap, player->xp,
                           gap, player->z + 1, gap, state->turn);
    return stats;
}

/* The stats line: spaced by two where it fits, else by one (a long game's
 * big numbers), and the player's position where there is room for it. */
static void tui_draw_stats(const CavState *state, const CavCreature *player,
                           const TuiLayout *layout)
{
    g_autoptr(GString) stats = tui_draw_stats_text(state, player, "  ");
    g_autofree char *place = g_strdup_printf("  (%d,%d)", player->x, player->y);
    g_autofree char *hp = g_strdup_printf("HP %d/%d", MAX(player->hp, 0), player->max_hp);
    int hp_cols = tui_screen_text_cols(hp);

    if (tui_screen_text_cols(stats->str) > COLS) {
        g_string_free(stats, TRUE);
        stats = tui_draw_stats_text(state, player, " ");
    }
    if (tui_screen_text_cols(stats->str) + tui_screen_text_cols(place) <= COLS)
        g_string_append(stats, place);
    tui_screen_put(layout->stats_row, 0, stats->str, COLS, tui_screen_attr(TUI_STYLE_TEXT));
    mvchgat(layout->stats_row, 0, hp_cols, tui_draw_hp_attr(player) & ~A_COLOR,
            PAIR_NUMBER(tui_draw_hp_attr(player)), NULL);
}

/* The effects line: the active effects, and the help hint at its right end. */
static void tui_draw_effects_line(const CavState *state, const CavCreature *player,
                                  const TuiLayout *layout)
{
    g_autoptr(GString) effects = g_string_new(NULL);
    const char *hint = "? help";
    int hint_col = COLS - tui_screen_text_cols(hint) - 1;

    tui_draw_effects(state, player, hint_col - 2, effects);
    tui_screen_put(layout->effects_row, 0, effects->str, COLS, tui_screen_attr(TUI_STYLE_TEXT));
    tui_screen_put(layout->effects_row, hint_col, hint, COLS, tui_screen_attr(TUI_STYLE_HINT));
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
    tui_viewport_follow(viewport, player, sight, &layout);
    tui_draw_terrain(state, sight, viewport, &layout);
    tui_draw_items(state, sight, viewport, &layout);
    tui_draw_creatures(state, sight, viewport, &layout);
    tui_draw_stats(state, player, &layout);
    tui_draw_effects_line(state, player, &layout);
}
