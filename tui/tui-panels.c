/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-panels.c — the screens around play: the start screen, and the panels
 * drawn over the play screen (key help, message history, level-up choice,
 * end of game). None of them passes a turn; each redraws itself after a
 * resize. */
#include "tui-private.h"

#include "messages.h"
#include "tui.h"

static const char *const tui_help_lines[] = {
    "Keys",
    "",
    "  y k u   7 8 9   move or attack; into rock it asks, then digs",
    "   \\|/     \\|/    HJKLYUBN (or G, then a direction): run",
    "  h-@-l   4-@-6   vi-keys, the keypad or the arrows",
    "   /|\\     /|\\    o explore    _ travel (then < > for stairs, * for items)",
    "  b j n   1 2 3   any key stops a walk; so do something new and a blow",
    "  . or 5          wait a turn      Z rest until healed or disturbed",
    "  <  >            climb the stairs up / down",
    "  g or ,          pick up what lies here",
    "  d  e  w  q      drop, eat, wield or wear, drink (a menu; Esc closes)",
    "  t               throw something: pick it, then aim",
    "  f               fire what you wield (a bow) at what you aim at",
    "  r               read a spell from a book: pick the book, the spell, whom",
    "                  aiming: move the cursor, Tab next target, Enter picks",
    "  c               call potions that look alike by a name of yours",
    "  i  x            your pack; examine something you carry",
    "  ;               look around (move the cursor; Esc ends)",
    "  Ctrl-P  ?       message history; this help",
    "  S               save and quit (every turn is saved as you play)",
    "Press any key to go back.",
};

void tui_panels_box(const char *const *lines, gsize n_lines)
{
    tui_panels_box_dimmed(lines, n_lines, NULL);
}

void tui_panels_box_dimmed(const char *const *lines, gsize n_lines, const gboolean *dimmed)
{
    int width = 0, height = (int) n_lines + 2, top, left;

    g_return_if_fail(lines != NULL);
    for (gsize i = 0; i < n_lines; i++)
        width = MAX(width, tui_screen_text_cols(lines[i]));
    width = MIN(width + 4, COLS);
    height = MIN(height, LINES);
    top = (LINES - height) / 2;
    left = (COLS - width) / 2;
    tui_screen_frame(top, left, height, width);
    for (gsize i = 0; i < n_lines && (int) i < height - 2; i++) {
        TuiStyle style =
            i == 0 ? TUI_STYLE_TITLE : (i + 1 == n_lines ? TUI_STYLE_HINT : TUI_STYLE_TEXT);
        attr_t attr = tui_screen_attr(style);

        if (dimmed != NULL && dimmed[i])
            attr = tui_screen_attr(TUI_STYLE_REMEMBERED);
        tui_screen_put(top + 1 + (int) i, left + 2, lines[i], width - 4, attr);
    }
}

int tui_panels_show(const char *const *lines, gsize n_lines, TuiBackdrop backdrop, gpointer data)
{
    int key;

    g_return_val_if_fail(lines != NULL && backdrop != NULL, TUI_KEY_LOST);
    do {
        backdrop(data);
        if (tui_screen_big_enough())
            tui_panels_box(lines, n_lines);
        refresh();
        key = tui_screen_read_key();
    } while (key == KEY_RESIZE);
    return key;
}

gboolean tui_panels_ask(const char *question, TuiBackdrop backdrop, gpointer data)
{
    TuiLayout layout;
    int key;

    g_return_val_if_fail(question != NULL && backdrop != NULL, FALSE);
    for (;;) {
        backdrop(data);
        if (tui_screen_big_enough()) {
            tui_draw_layout(&layout);
            tui_draw_message_rows(&layout, question, "(y/n)");
        }
        refresh();
        key = tui_screen_read_key();
        if (key == 'y' || key == 'Y')
            return TRUE;
        if (key == 'n' || key == 'N' || key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            return FALSE;
    }
}

void tui_panels_more(const TuiLog *log, TuiBackdrop backdrop, gpointer data)
{
    int key;

    g_return_if_fail(log != NULL && backdrop != NULL);
    tui_screen_flush_input();
    do {
        backdrop(data);
        if (tui_screen_big_enough())
            tui_draw_more(log);
        refresh();
        key = tui_screen_read_key();
    } while (key != ' ' && key != '\r' && key != '\n' && key != KEY_ENTER &&
             key != TUI_KEY_ESCAPE && key != TUI_KEY_LOST);
}

void tui_panels_help(TuiBackdrop backdrop, gpointer data)
{
    g_return_if_fail(backdrop != NULL);
    tui_panels_show(tui_help_lines, G_N_ELEMENTS(tui_help_lines), backdrop, data);
}

/* ---- level up ---------------------------------------------------------- */

/* What @player would have of what @bonus raises with @extra more of it,
 * in the units a player reads: "30", "8 cells", "1 hp every 6.7 turns". */
static char *tui_levelup_value(const CavCreature *player, CavBonus bonus, gint32 extra)
{
    GString *text = g_string_new(NULL);

    switch (bonus) {
    case CAV_BONUS_MAX_HP:
        g_string_append_printf(text, "%d hp", player->max_hp + extra);
        break;
    case CAV_BONUS_MAX_MANA:
        g_string_append_printf(text, "%d mana", player->max_mana + extra);
        break;
    case CAV_BONUS_ATTACK:
        g_string_append_printf(text, "%d", player->attack + extra);
        break;
    case CAV_BONUS_DEFENSE:
        g_string_append_printf(text, "%d", player->defense + extra);
        break;
    case CAV_BONUS_VISION:
        messages_count(player->vision + extra, "cell", text);
        break;
    case CAV_BONUS_HP_REGEN:
        messages_regen_words(player->hp_regen + extra, "hp", text);
        break;
    case CAV_BONUS_MANA_REGEN:
        messages_regen_words(player->mana_regen + extra, "mana", text);
        break;
    case CAV_BONUS_COUNT:
    default:
        break;
    }
    return g_string_free(text, FALSE);
}

/* "  f - +50 hp regeneration  1 hp every 10 turns   1 hp every 6.7 turns",
 * marked "> " when it is the one picked. */
static char *tui_levelup_line(const CavContent *content, const CavCreature *player, int bonus,
                              int picked)
{
    gint32 amount = content_rules(content)->bonus[bonus];
    g_autofree char *raise =
        g_strdup_printf("%+d %s", amount, content_bonus_words((CavBonus) bonus));
    g_autofree char *now = tui_levelup_value(player, (CavBonus) bonus, 0);
    g_autofree char *after = tui_levelup_value(player, (CavBonus) bonus, amount);

    return g_strdup_printf("%s%c - %-22s %-22s %s", bonus == picked ? "> " : "  ", 'a' + bonus,
                           raise, now, after);
}

/* The level-up screen with bonus @picked marked (-1: none yet). */
static GPtrArray *tui_levelup_lines(const CavContent *content, const CavCreature *player,
                                    int picked)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    g_ptr_array_add(lines, g_strdup_printf("Level %d! Choose a bonus:", state_bonus_level(player)));
    g_ptr_array_add(lines, g_strdup(""));
    g_ptr_array_add(lines, g_strdup_printf("      %-22s %-22s %s", "bonus", "now", "after"));
    for (int bonus = 0; bonus < CAV_BONUS_COUNT; bonus++)
        g_ptr_array_add(lines, tui_levelup_line(content, player, bonus, picked));
    g_ptr_array_add(lines, g_strdup(""));
    if (player->pending_bonuses > 2)
        g_ptr_array_add(lines, g_strdup_printf("%d more bonuses to choose after this one.",
                                               player->pending_bonuses - 1));
    else if (player->pending_bonuses == 2)
        g_ptr_array_add(lines, g_strdup("1 more bonus to choose after this one."));
    if (picked < 0)
        g_ptr_array_add(lines,
                        g_strdup("A letter picks a bonus, Enter takes it (S saves and quits)."));
    else
        g_ptr_array_add(lines, g_strdup_printf("Enter takes %+d %s; a letter picks another.",
                                               content_rules(content)->bonus[picked],
                                               content_bonus_words((CavBonus) picked)));
    return lines;
}

/* The bonus @key picks or moves the mark to from @picked; @picked when it
 * is no such key. */
static int tui_levelup_pick(int key, int picked)
{
    if (key >= 'a' && key < 'a' + CAV_BONUS_COUNT)
        return key - 'a';
    if (key == KEY_DOWN)
        return picked < 0 ? 0 : (picked + 1) % CAV_BONUS_COUNT;
    if (key == KEY_UP)
        return picked <= 0 ? CAV_BONUS_COUNT - 1 : picked - 1;
    return picked;
}

int tui_panels_levelup(const CavContent *content, const CavCreature *player, TuiBackdrop backdrop,
                       gpointer data)
{
    int picked = -1;

    g_return_val_if_fail(content != NULL && player != NULL && backdrop != NULL, -1);
    /* a key typed on while the turn was played must not choose unseen; and
     * since a-g are also keys of play (b steps, g picks up), a letter only
     * marks a bonus: Enter takes it */
    tui_screen_flush_input();
    for (;;) {
        g_autoptr(GPtrArray) lines = tui_levelup_lines(content, player, picked);
        int key = tui_panels_show((const char *const *) lines->pdata, lines->len, backdrop, data);

        if ((key == '\r' || key == '\n' || key == KEY_ENTER) && picked >= 0 &&
            tui_screen_big_enough())
            return picked;
        if (key == 'S' || key == TUI_KEY_LOST)
            return -1;
        picked = tui_levelup_pick(key, picked);
    }
}

/* ---- the end ------------------------------------------------------------ */

/* Keys that come this soon after the end screen opens are ignored. */
#define TUI_END_GRACE_MS 500

/* "a sword (wielded), 5 rocks and the bat corpse", or "nothing". */
static char *tui_end_carried(const CavState *state, const CavCreature *player)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GString) text = g_string_new(NULL);

    for (int slot = 0; slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, player->pack[slot]);
        GString *name;

        if (item == NULL || item->count <= 0)
            continue;
        name = g_string_new(NULL);
        messages_item_name(state, item, item->count, MESSAGES_A, name);
        g_ptr_array_add(names, g_string_free(name, FALSE));
    }
    for (guint i = 0; i < names->len; i++)
        g_string_append_printf(text, "%s%s", i == 0 ? "" : (i + 1 == names->len ? " and " : ", "),
                               (char *) names->pdata[i]);
    return g_strdup(names->len > 0 ? text->str : "nothing");
}

/* The end screen's lines: what happened, the tally, the pack, the score. */
static GPtrArray *tui_end_lines(const CavState *state)
{
    const CavCreature *player = state_player(state);
    gboolean won = state->outcome == OUTCOME_WON;
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *carried =
        player != NULL ? tui_end_carried(state, player) : g_strdup("nothing");
    g_autofree char *pack = g_strdup_printf("You carried %s.", carried);
    g_autoptr(GPtrArray) wrapped = tui_screen_wrap(pack, MAX(MIN(COLS - 6, 60), 10));
    g_autofree char *cause = messages_capitalised(state->cause[0] != '\0' ? state->cause : "died");

    g_ptr_array_add(lines, g_strdup(won ? "You won!" : "Game over"));
    if (won)
        g_ptr_array_add(lines, g_strdup("You brought the teddy bear back to the surface."));
    else
        g_ptr_array_add(lines, g_strdup_printf("%s.", cause));
    g_ptr_array_add(lines, g_strdup(""));
    g_ptr_array_add(lines, g_strdup_printf("Turns: %d   Depth reached: %d   Kills: %d", state->turn,
                                           state->deepest + 1, player != NULL ? player->kills : 0));
    for (guint i = 0; i < wrapped->len; i++)
        g_ptr_array_add(lines, g_strdup(wrapped->pdata[i]));
    g_ptr_array_add(lines, g_strdup_printf("Score: %d", state_score(state)));
    g_ptr_array_add(lines, g_strdup(""));
    g_ptr_array_add(lines, g_strdup("Press any key."));
    return lines;
}

void tui_panels_end(const CavState *state, TuiBackdrop backdrop, gpointer data)
{
    g_autoptr(GPtrArray) lines = NULL;
    gint64 shown;
    int key;

    g_return_if_fail(state != NULL && backdrop != NULL);
    lines = tui_end_lines(state);
    tui_screen_flush_input();
    shown = g_get_monotonic_time();
    /* keys typed on while the game ended must not close the screen unseen */
    do
        key = tui_panels_show((const char *const *) lines->pdata, lines->len, backdrop, data);
    while (key != TUI_KEY_LOST && g_get_monotonic_time() - shown < TUI_END_GRACE_MS * 1000);
}

/* ---- message history --------------------------------------------------- */

/* The history as screen lines: the turn, then the message wrapped. */
static GPtrArray *tui_history_lines(const TuiLog *log)
{
    const GPtrArray *history = tui_log_history(log);
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < history->len; i++) {
        const TuiMessage *message = history->pdata[i];
        g_autoptr(GPtrArray) wrapped = tui_screen_wrap(message->text, MAX(COLS - 9, 10));

        for (guint j = 0; j < wrapped->len; j++) {
            if (j == 0)
                g_ptr_array_add(
                    lines, g_strdup_printf("%7d  %s", message->turn, (char *) wrapped->pdata[j]));
            else
                g_ptr_array_add(lines, g_strdup_printf("         %s", (char *) wrapped->pdata[j]));
        }
    }
    return lines;
}

static void tui_history_draw(const GPtrArray *lines, int first, int body)
{
    erase();
    tui_screen_put(0, 0, "Messages, oldest first.  Up/Down/PgUp/PgDn scroll; other keys go back.",
                   COLS, tui_screen_attr(TUI_STYLE_TITLE));
    if (lines->len == 0)
        tui_screen_put(2, 2, "Nothing has happened yet.", COLS, tui_screen_attr(TUI_STYLE_TEXT));
    for (int row = 0; row < body && first + row < (int) lines->len; row++)
        tui_screen_put(1 + row, 0, lines->pdata[first + row], COLS,
                       tui_screen_attr(TUI_STYLE_TEXT));
    refresh();
}

/* The new first line after @key, or -1 when @key leaves the history. */
static int tui_history_scroll(int key, int first, int body, int last)
{
    switch (key) {
    case KEY_UP:
    case 'k':
        return MAX(first - 1, 0);
    case KEY_DOWN:
    case 'j':
        return MIN(first + 1, last);
    case KEY_PPAGE:
        return MAX(first - body, 0);
    case KEY_NPAGE:
    case ' ':
        return MIN(first + body, last);
    case KEY_HOME:
        return 0;
    case KEY_END:
        return last;
    case KEY_RESIZE:
        return first;
    default:
        return -1;
    }
}

void tui_panels_history(const TuiLog *log)
{
    int first = G_MAXINT;

    g_return_if_fail(log != NULL);
    while (first >= 0) {
        g_autoptr(GPtrArray) lines = tui_history_lines(log);
        int body = MAX(LINES - 1, 1), last = MAX((int) lines->len - body, 0);

        first = CLAMP(first, 0, last);
        tui_history_draw(lines, first, body);
        first = tui_history_scroll(tui_screen_read_key(), first, body, last);
    }
}

/* ---- start screen ------------------------------------------------------ */

/* The start screen, without refreshing; a TuiBackdrop whose data points
 * to whether "continue" is offered. */
static void tui_start_draw(gpointer data)
{
    const char *items[] = {"n   new game", "c   continue", "r   replay a game", "?   help",
                           "q   quit"};
    gboolean can_continue = *(const gboolean *) data;
    int top = MAX(0, LINES / 2 - 5), left = MAX(0, (COLS - 12) / 2), row = top + 4;

    erase();
    tui_screen_put_centred(top, "c a v e l o g", tui_screen_attr(TUI_STYLE_TITLE));
    tui_screen_put_centred(top + 1, "five levels of caves, and every deed written down",
                           tui_screen_attr(TUI_STYLE_HINT));
    for (gsize i = 0; i < G_N_ELEMENTS(items); i++) {
        if (i == 1 && !can_continue)
            continue;
        tui_screen_put(row++, left, items[i], COLS, tui_screen_attr(TUI_STYLE_TEXT));
    }
}

static TuiStartChoice tui_start_loop(gboolean can_continue)
{
    for (;;) {
        int key;

        tui_start_draw(&can_continue);
        refresh();
        key = tui_screen_read_key();
        if (key == 'n' || key == 'N')
            return TUI_START_NEW;
        if ((key == 'c' || key == 'C') && can_continue)
            return TUI_START_CONTINUE;
        if (key == 'r' || key == 'R')
            return TUI_START_REPLAY;
        if (key == '?')
            tui_panels_help(tui_start_draw, &can_continue);
        if (key == 'q' || key == 'Q' || key == TUI_KEY_ESCAPE || key == TUI_KEY_LOST)
            return TUI_START_QUIT;
    }
}

TuiStartChoice tui_start_screen(gboolean can_continue)
{
    g_autoptr(GError) error = NULL;
    TuiStartChoice choice;

    if (!tui_screen_begin(&error)) {
        g_printerr("cavelog: %s\n", error->message);
        return TUI_START_FAILED;
    }
    choice = tui_start_loop(can_continue);
    tui_screen_end();
    return choice;
}
