/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tui-items.c — the play screen's items, driven for real in tmux
 * (tui-play.h) over games made to carry what each test needs: wielding,
 * what lies here, throwing and firing along the aim line, drinking and the
 * effects line, the message rows, reading spells, detecting, calling a
 * potion by a name, and the pack. */
#include <glib.h>
#include <string.h>

#include "rules.h"
#include "tui-play.h"

/* ---- a game in a known situation ---------------------------------------- */

/* Walk to @item and pick it up; the pack's slot a then holds it. */
static gboolean fetch_walk(Session *session, gint32 item)
{
    g_autofree char *why = NULL;
    CavCommand pickup = command_simple(CMD_PICKUP);
    const CavCreature *player;

    if (!fetch_walk_to(session, item))
        return FALSE;
    g_assert_true(session_play(session, &pickup, &why, NULL));
    player = state_player(session_state(session));
    return why == NULL && player->pack[0] != 0 && state_pack_used(player) == 1;
}

/* A direction in which the two cells next to the player are open floor,
 * empty, seen and aimable; FALSE when there is none. */
static gboolean fetch_open_line(const CavState *state, const CavView *view, Fetched *out)
{
    const CavCreature *p = state_player(state);

    for (gint32 dy = -1; dy <= 1; dy++)
        for (gint32 dx = -1; dx <= 1; dx++) {
            gboolean open = dx != 0 || dy != 0;
            for (gint32 step = 1; step <= 2 && open; step++) {
                gint32 x = p->x + dx * step, y = p->y + dy * step;
                open = state_tile(state, p->z, x, y) == TILE_FLOOR &&
                       state_creature_at(state, p->z, x, y) == NULL &&
                       state_item_at(state, p->z, x, y) == NULL && view_sees(view, p->z, x, y) &&
                       rules_can_aim(state, p, x, y);
            }
            if (open) {
                out->dx = dx;
                out->dy = dy;
                return TRUE;
            }
        }
    return FALSE;
}

typedef struct {
    ItemFits fits;
} Wanted;

/* The player carries one item that fits (pack slot a) and stands alone
 * with an open line to throw along. */
static gboolean make_carrying(Session *session, Fetched *out, gconstpointer data)
{
    const Wanted *wanted = data;
    const CavItem *item = fetch_nearest(session_state(session), wanted->fits);

    out->item = item != NULL ? item->id : 0;
    return item != NULL && fetch_walk(session, out->item) &&
           fetch_alone(session_state(session), session_view(session)) &&
           fetch_open_line(session_state(session), session_view(session), out);
}

/* Make the game file f->save one where the player carries one item that
 * @fits (pack slot a), stands alone with an open line to throw along, and
 * has no bonus to choose. */
static Fetched fetch_game(Fixture *f, ItemFits fits)
{
    Wanted wanted = {.fits = fits};

    return fetch_situation(f, make_carrying, NULL, &wanted);
}

/* ---- situations of the older tests -------------------------------------- */

static gboolean fits_sword(G_GNUC_UNUSED const CavState *state, const CavItem *item)
{
    return g_str_equal(item->type, "sword");
}

/* The player, with an empty pack and their base attack of 20, stands
 * alone on a sword. */
static gboolean make_on_sword(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    const CavItem *sword = fetch_nearest(session_state(session), fits_sword);
    const CavState *state;

    out->item = sword != NULL ? sword->id : 0;
    if (sword == NULL || !fetch_walk_to(session, sword->id))
        return FALSE;
    state = session_state(session);
    return state_pack_used(state_player(state)) == 0 &&
           state_attack(state, state_player(state)) == 20 &&
           state_item_at(state, 0, state_player(state)->x, state_player(state)->y) == sword &&
           fetch_alone(state, session_view(session));
}

/* Step onto a sword and pick it up, wield it from the menu, and the attack
 * on the stats line goes up by the sword's 10. The menus pass no turn; Esc
 * closes them. */
static void test_wield(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    turn = fetch_situation(f, make_on_sword, NULL, NULL).turn;
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_assert_cmpint(screen_turn(f), ==, turn);
    text = press_for(f, "g", "You pick up a sword.");
    g_assert_nonnull(strstr(text, "Atk 20 "));
    g_assert_cmpint(screen_turn(f), ==, turn + 1);

    g_free(text);
    text = press_for(f, "w", "Wield or wear what?");
    g_assert_nonnull(strstr(text, "a - sword"));
    g_assert_null(strstr(text, "(wielded)"));
    g_free(text);
    text = press_for(f, "a", "You wield the sword.");
    g_assert_nonnull(strstr(text, "Atk 30 "));
    g_assert_null(strstr(text, "Atk 20 "));
    g_assert_cmpint(screen_turn(f), ==, turn + 2);

    /* the menu marks it; Esc closes the menu and no turn passes */
    g_free(text);
    text = press_for(f, "w", "a - sword (wielded)");
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(
        tmux_wait_until(&f->tmux, tmux_hides, "Wield or wear what?", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn + 2);

    /* examine: the numbers and tags, no turn */
    g_free(text);
    tmux_send_text(&f->tmux, "x");
    g_free(tmux_wait_for(&f->tmux, "Examine what?"));
    text = press_for(f, "a", "Tags: weapon, blade");
    g_assert_nonnull(strstr(text, "attack 10"));
    g_assert_nonnull(strstr(text, "You wield it."));
    tmux_send_text(&f->tmux, " ");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Tags: weapon", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn + 2);

    /* nothing to eat: said on the message line, no menu, no turn */
    g_free(text);
    text = press_for(f, "e", "You have nothing to eat.");
    g_assert_null(strstr(text, "Eat what?"));
    g_assert_cmpint(screen_turn(f), ==, turn + 2);
}

static gboolean fits_rock(G_GNUC_UNUSED const CavState *state, const CavItem *item)
{
    return g_str_equal(item->type, "rock") && item->count == 1;
}

/* A potion whose effect lasts (duration > 1) and gives no xp (which could
 * open the level-up screen). */
static gboolean fits_lasting_potion(const CavState *state, const CavItem *item)
{
    const CavPotionLook *look = state_look_of_kind(state, item->type);

    return look != NULL && item->count == 1 && look->spec.duration > 1 &&
           look->spec.xp_per_level == 0;
}

typedef struct {
    const Screen *screen;
    int dx, dy;
} LineAt;

/* The aiming line is drawn at (dx, dy) from the player. */
static gboolean shows_line_at(const char *text, gconstpointer data)
{
    const LineAt *at = data;

    return screen_char_at(text, at->screen, at->dx, at->dy) == '*';
}

/* `t` opens a menu of what can be thrown; picking the rock opens targeting
 * (the cursor on the player, alone, says so); two steps of the cursor show
 * the line; Esc leaves with no turn. Then `t`, the rock, two steps and
 * Enter throw it: a turn passes, the message says so, and nothing is left
 * to throw. Aiming at the player is refused and stays in targeting. */
static void test_throw(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Fetched fetched;
    Screen screen;
    const char *step;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_game(f, fits_rock);
    step = step_key(fetched.dx, fetched.dy);
    continue_game(f, 100);
    text = tmux_wait_for(&f->tmux, "Turn ");
    g_assert_true(parse_screen(text, &screen));

    g_free(text);
    text = press_for(f, "t", "Throw what?");
    g_assert_nonnull(strstr(text, "a - rock"));
    g_free(text);
    text = press_for(f, "a", "Enter to throw, Tab next target, Esc cancel");
    g_assert_nonnull(strstr(text, "You ("));
    /* Enter on the player is refused, and targeting goes on */
    tmux_send_text(&f->tmux, "\r");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Aim at something other than yourself.");
    g_assert_nonnull(strstr(text, "Enter to throw"));
    tmux_send_text(&f->tmux, step);
    tmux_send_text(&f->tmux, step);
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Floor.");
    /* The second step may still be on its way: wait for the line it draws. */
    {
        LineAt at = {.screen = &screen, .dx = fetched.dx, .dy = fetched.dy};
        g_free(text);
        text = NULL;
        tmux_wait_until(&f->tmux, shows_line_at, &at, TMUX_WAIT_MS, &text);
    }
    g_test_message("aiming:\n%s", text);
    g_assert_cmpint(screen_char_at(text, &screen, fetched.dx, fetched.dy), ==, '*');
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Enter to throw", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_char_at(text, &screen, fetched.dx, fetched.dy), !=, '*');
    g_assert_cmpint(screen_turn(f), ==, screen.turn);

    g_free(text);
    text = press_for(f, "t", "Throw what?");
    g_free(text);
    text = press_for(f, "a", "Enter to throw");
    tmux_send_text(&f->tmux, step);
    tmux_send_text(&f->tmux, step);
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Floor.");
    g_free(text);
    text = press_for_turn(f, "\r");
    g_test_message("after the throw:\n%s", text);
    g_assert_nonnull(strstr(text, "You throw a rock."));
    g_assert_cmpint(screen_turn(f), ==, screen.turn + 1);
    g_free(text);
    text = press_for(f, "t", "You have nothing to throw.");
    g_assert_null(strstr(text, "Throw what?"));
    g_assert_cmpint(screen_turn(f), ==, screen.turn + 1);
}

/* `f` with no bow says the rules' refusal and passes no turn, with no
 * targeting. */
static void test_fire_without_bow(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    start_game(f, 100, 30);
    g_free(tmux_wait_for(&f->tmux, "Turn 0"));
    text = press_for(f, "f", "You wield nothing that shoots.");
    g_assert_null(strstr(text, "Enter to fire"));
    g_usleep(300 * 1000);
    g_assert_cmpint(screen_turn(f), ==, 0);
}

static gboolean fits_bow(G_GNUC_UNUSED const CavState *state, const CavItem *item)
{
    return item->ranged > 0 && (item->features & (1u << CAV_FEATURE_WIELD)) != 0;
}

/* With a bow wielded, `f` opens targeting straight away (no menu); Esc
 * leaves with no turn; aiming two cells off and Enter shoots: a turn passes
 * and the shot is told. */
static void test_fire(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Fetched fetched;
    const char *step;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_game(f, fits_bow);
    step = step_key(fetched.dx, fetched.dy);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_free(press_for(f, "w", "Wield or wear what?"));
    text = press_for(f, "a", "You wield the bow.");
    turn = screen_turn(f);
    g_free(text);
    text = press_for(f, "f", "Enter to fire, Tab next target, Esc cancel");
    g_assert_null(strstr(text, "what?"));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Enter to fire", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn);
    g_free(text);
    text = press_for(f, "f", "Enter to fire");
    tmux_send_text(&f->tmux, step);
    tmux_send_text(&f->tmux, step);
    g_free(text);
    text = tmux_wait_for(&f->tmux, "Floor.");
    g_free(text);
    text = press_for_turn(f, "f");
    g_test_message("after the shot:\n%s", text);
    g_assert_nonnull(strstr(text, "You shoot and miss."));
    g_assert_cmpint(screen_turn(f), ==, turn + 1);
}

/* `q` lists the potion by its look; drinking it passes a turn, says so, and
 * its effect shows on the stats line with its turns left; then nothing is
 * left to drink. */
static void test_quaff(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *listed = NULL, *drunk = NULL, *pattern = NULL;
    g_autofree char *escaped = NULL;
    g_autoptr(GRegex) effect = NULL;
    const CavPotionLook *look;
    Fetched fetched;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_game(f, fits_lasting_potion);
    {
        g_autoptr(Session) session = session_resume(f->save, NULL, NULL);
        const CavState *state = session_state(session);

        look = state_look_of_kind(state, state_item(state, fetched.item)->type);
        g_assert_cmpstr(look->effect, !=, ""); /* the stats line names it */
        listed = g_strdup_printf("a - %s potion", look->appearance);
        drunk = g_strdup_printf("You drink a%s %s potion.",
                                strchr("aeiou", look->appearance[0]) != NULL ? "n" : "",
                                look->appearance);
        escaped = g_regex_escape_string(look->effect, -1);
        pattern = g_strdup_printf("^%s (\\d+)", escaped); /* the effects line */
    }
    continue_game(f, 120);
    text = tmux_wait_for(&f->tmux, "Turn ");
    turn = screen_turn(f);
    g_free(text);
    text = press_for(f, "q", "Drink what?");
    g_test_message("menu:\n%s", text);
    g_assert_nonnull(strstr(text, listed));
    g_assert_null(strstr(text, "potion of"));
    g_free(text);
    text = press_for_turn(f, "a");
    g_test_message("after drinking:\n%s", text);
    g_assert_nonnull(strstr(text, drunk));
    g_assert_cmpint(screen_turn(f), ==, turn + 1);
    effect = g_regex_new(pattern, G_REGEX_MULTILINE, 0, NULL);
    g_assert_true(g_regex_match(effect, text, 0, NULL));
    g_free(text);
    text = press_for(f, "q", "You have nothing to drink.");
    g_assert_cmpint(screen_turn(f), ==, turn + 1);
}

/* A lasting potion of a kind the player does not carry yet. */
static gboolean fits_new_lasting_potion(const CavState *state, const CavItem *item)
{
    const CavCreature *player = state_player(state);

    for (int slot = 0; slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *held = state_item(state, player->pack[slot]);
        if (held != NULL && g_str_equal(held->type, item->type))
            return FALSE;
    }
    return fits_lasting_potion(state, item);
}

/* The player carries two lasting potions of different kinds (pack slots a
 * and b) and sees no one. */
static gboolean make_two_potions(Session *session, Fetched *out, G_GNUC_UNUSED gconstpointer data)
{
    const CavItem *first = fetch_nearest(session_state(session), fits_lasting_potion);
    const CavItem *second;
    g_autofree char *why = NULL;
    CavCommand pickup = command_simple(CMD_PICKUP);

    if (first == NULL || !fetch_walk(session, first->id))
        return FALSE;
    out->item = first->id;
    second = fetch_nearest(session_state(session), fits_new_lasting_potion);
    if (second == NULL || !fetch_walk_to(session, second->id))
        return FALSE;
    out->creature = second->id; /* the second potion */
    g_assert_true(session_play(session, &pickup, &why, NULL));
    return why == NULL && state_player(session_state(session))->pack[1] == second->id &&
           fetch_alone(session_state(session), session_view(session));
}

/* The name of the effect of potion @item. Caller frees. */
static char *potion_effect(Fixture *f, gint32 item)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_open(f->save, NULL, &error);
    const CavState *state;

    g_assert_no_error(error);
    state = session_state(session);
    return g_strdup(state_look_of_kind(state, state_item(state, item)->type)->effect);
}

/* Many potions on every level (items.ini). */
static char *potion_rich_data(guint index, const char *text)
{
    g_autoptr(GRegex) pool = g_regex_new("^spawn=pool:potion:1$", G_REGEX_MULTILINE, 0, NULL);

    return index == 1 ? g_regex_replace(pool, text, -1, 0, "spawn=pool:potion:12", 0, NULL)
                      : g_strdup(text);
}

/* At 80 × 24, the smallest screen, two effects at once are both named with
 * the turns they have left, on the line under the stats. */
static void test_two_effects(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *first = NULL, *second = NULL;
    g_auto(GStrv) lines = NULL;
    g_autoptr(GRegex) named = NULL;
    g_autofree char *pattern = NULL, *first_escaped = NULL, *second_escaped = NULL;
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, potion_rich_data);
    fetched = fetch_situation(f, make_two_potions, NULL, NULL);
    first = potion_effect(f, fetched.item);
    second = potion_effect(f, fetched.creature);
    continue_game(f, 80);
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "80", "-y", "24");
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    /* (the stats line need not show the position: waits are on messages) */
    g_free(press_for(f, "q", "Drink what?"));
    g_free(press_for(f, "a", "You drink"));
    g_free(press_for(f, "q", "Drink what?"));
    text = press_for(f, "b", "You drink");
    g_test_message("after drinking two:\n%s", text);
    lines = g_strsplit(text, "\n", -1);
    g_assert_cmpuint(g_strv_length(lines), >=, 24);
    first_escaped = g_regex_escape_string(first, -1);
    second_escaped = g_regex_escape_string(second, -1);
    pattern = g_strdup_printf("(^|  )(%s \\d+  %s|%s \\d+  %s) \\d+  ", first_escaped,
                              second_escaped, second_escaped, first_escaped);
    named = g_regex_new(pattern, 0, 0, NULL);
    /* under the map: the stats line or the line after it */
    g_assert_true(g_regex_match(named, lines[22], 0, NULL) ||
                  g_regex_match(named, lines[23], 0, NULL));
}

/* At 80 × 24 the messages of a turn take two rows before they fall back to
 * "(more: Ctrl-P)": drinking a potion the player does not know says what
 * they drink, what it does and what it was, more than one row holds. */
static void test_message_rows(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *joined = NULL;
    g_auto(GStrv) lines = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    use_data(f, potion_rich_data);
    fetch_situation(f, make_two_potions, NULL, NULL);
    continue_game(f, 80);
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "80", "-y", "24");
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    g_free(press_for(f, "q", "Drink what?"));
    text = press_for_turn(f, "a");
    g_test_message("after drinking:\n%s", text);
    lines = g_strsplit(text, "\n", -1);
    joined = g_strdup_printf("%s %s", g_strstrip(lines[0]), g_strstrip(lines[1]));
    g_assert_true(g_str_has_prefix(joined, "You drink a"));
    g_assert_nonnull(strstr(joined, "You now know: "));
    g_assert_true(g_str_has_suffix(joined, "."));
    g_assert_null(strstr(text, "(more: Ctrl-P)"));
}

/* ---- spells and names --------------------------------------------------- */

static gboolean fits_white_book(G_GNUC_UNUSED const CavState *state, const CavItem *item)
{
    return g_str_equal(item->type, "white mage's spellbook");
}

static gboolean fits_blue_book(G_GNUC_UNUSED const CavState *state, const CavItem *item)
{
    return g_str_equal(item->type, "blue mage's spellbook");
}

/* Whether the line of the styled screen @styled that holds @needle is drawn
 * dim (SGR 2) where @needle starts. */
static gboolean drawn_dim(const char *styled, const char *needle)
{
    g_auto(GStrv) lines = g_strsplit(styled, "\n", -1);
    g_autoptr(GRegex) sgr = g_regex_new("\\x1b\\[([0-9;]*)m", 0, 0, NULL);

    for (guint i = 0; lines[i] != NULL; i++) {
        const char *at = strstr(lines[i], needle);
        g_autofree char *before = NULL;
        g_autoptr(GMatchInfo) match = NULL;
        gboolean dim = FALSE;

        if (at == NULL)
            continue;
        before = g_strndup(lines[i], (gsize) (at - lines[i]));
        /* the last attributes set before the needle decide */
        g_regex_match(sgr, before, 0, &match);
        while (g_match_info_matches(match)) {
            g_autofree char *codes = g_match_info_fetch(match, 1);
            g_auto(GStrv) each = g_strsplit(codes, ";", -1);
            for (guint c = 0; each[c] != NULL; c++) {
                if (g_str_equal(each[c], "0") || each[c][0] == '\0' || g_str_equal(each[c], "22"))
                    dim = FALSE;
                else if (g_str_equal(each[c], "2"))
                    dim = TRUE;
            }
            g_match_info_next(match, NULL);
        }
        return dim;
    }
    g_error("\"%s\" is not on the screen:\n%s", needle, styled);
}

/* Wait for @needle, then the same screen with its attributes. */
static char *wait_styled(Fixture *f, const char *needle)
{
    g_free(tmux_wait_for(&f->tmux, needle));
    return tmux_capture_styled(&f->tmux);
}

/* `r` lists the books, then the white book's spells with their costs, those
 * the player cannot afford greyed; one of those is refused with the rules'
 * words and no turn. Minor heal opens the cursor on the player; Esc leaves
 * with no turn; Enter casts it on the player: a turn passes, the mana is
 * spent, and now minor heal is greyed and refused too. */
static void test_read(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *styled = NULL, *short_of = NULL, *now_short = NULL;
    g_autofree char *spent = NULL;
    gint32 mana = 0, minor = 0, major = 0, turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetch_game(f, fits_white_book);
    {
        g_autoptr(Session) session = session_resume(f->save, NULL, NULL);
        const CavState *state = session_state(session);

        mana = state_player(state)->mana;
        minor = state_spell(state, "white mage's spellbook", "minor heal")->cost;
        major = state_spell(state, "white mage's spellbook", "major heal")->cost;
    }
    g_assert_cmpint(minor, <=, mana);
    g_assert_cmpint(major, >, mana);
    short_of = g_strdup_printf("You need %d mana for major heal; you have %d.", major, mana);
    now_short =
        g_strdup_printf("You need %d mana for minor heal; you have %d.", minor, mana - minor);
    spent = g_strdup_printf("MP %d/", mana - minor);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    turn = screen_turn(f);

    text = press_for(f, "r", "Read what?");
    g_assert_nonnull(strstr(text, "a - white mage's spellbook"));
    tmux_send_text(&f->tmux, "a");
    styled = wait_styled(f, "Cast which spell");
    g_free(text);
    text = tmux_capture(&f->tmux);
    g_test_message("spells:\n%s", text);
    g_assert_nonnull(strstr(text, "minor heal"));
    g_assert_nonnull(strstr(text, "4 mana"));
    g_assert_nonnull(strstr(text, "8 mana"));
    g_assert_false(drawn_dim(styled, "a - minor heal"));
    g_assert_true(drawn_dim(styled, "b - major heal"));
    g_free(text);
    text = press_for(f, "b", short_of);
    g_assert_null(strstr(text, "Enter to cast"));
    g_assert_cmpint(screen_turn(f), ==, turn);

    g_free(press_for(f, "r", "Read what?"));
    g_free(press_for(f, "a", "Cast which spell"));
    g_free(text);
    text = press_for(f, "a", "Enter to cast, Tab next creature, Esc cancel");
    g_assert_nonnull(strstr(text, "You ("));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Enter to cast", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn);

    g_free(press_for(f, "r", "Read what?"));
    g_free(press_for(f, "a", "Cast which spell"));
    g_free(text);
    text = press_for(f, "a", "Enter to cast");
    g_free(text);
    text = press_for_turn(f, "\r");
    g_test_message("after the cast:\n%s", text);
    g_assert_nonnull(strstr(text, "You cast minor heal on yourself."));
    g_assert_nonnull(strstr(text, spent));
    g_assert_cmpint(screen_turn(f), ==, turn + 1);

    g_free(press_for(f, "r", "Read what?"));
    g_free(styled);
    tmux_send_text(&f->tmux, "a");
    styled = wait_styled(f, "Cast which spell");
    g_assert_true(drawn_dim(styled, "a - minor heal"));
    g_free(text);
    text = press_for(f, "a", now_short);
    g_assert_cmpint(screen_turn(f), ==, turn + 1);
}

/* Creature letters on the map rows of @text (not the messages or stats). */
static int creatures_drawn(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint n_lines = g_strv_length(lines);
    int count = 0;

    for (guint row = 3; row < n_lines && strstr(lines[row], "Turn ") == NULL; row++)
        for (const char *c = lines[row]; *c != '\0'; c++)
            count += strchr("bfzg", *c) != NULL;
    return count;
}

/* Copy core/data into @dir with detect creatures made affordable (1 mana). */
static void write_cheap_detect(const char *dir)
{
    const char *names[] = {"creatures.ini", "items.ini", "spells.ini"};

    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *src =
            g_test_build_filename(G_TEST_DIST, "..", "core", "data", names[i], NULL);
        g_autofree char *dst = g_build_filename(dir, names[i], NULL);
        g_autofree char *text = NULL, *changed = NULL;
        g_auto(GStrv) parts = NULL;

        g_assert_true(g_file_get_contents(src, &text, NULL, NULL));
        parts = g_strsplit(text, "book=blue mage's spellbook\ncost=16\n", 2);
        g_assert_cmpuint(g_strv_length(parts), ==, i == 2 ? 2 : 1);
        changed = g_strjoinv("book=blue mage's spellbook\ncost=1\n", parts);
        g_assert_true(g_file_set_contents(dst, changed, -1, NULL));
    }
}

/* Detect creatures (made cheap by the game's data files) cast on the
 * player shows every creature of the level, none of which was in view, and
 * its effect on the stats line. */
static void test_detect(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;

    if (TMUX_GAME_SKIPPED(f))
        return;
    f->data = g_build_filename(f->dir, "data", NULL);
    write_cheap_detect(f->data);
    g_setenv("CAVELOG_DATA_DIR", f->data, TRUE);
    fetch_game(f, fits_blue_book);
    continue_game(f, 120);
    tmux_do(&f->tmux, "resize-window", "-t", "cav", "-x", "120", "-y", "40");
    text = tmux_wait_for(&f->tmux, "Turn ");
    g_assert_cmpint(creatures_drawn(text), ==, 0);
    g_free(press_for(f, "r", "Read what?"));
    g_free(text);
    text = press_for(f, "a", "Cast which spell");
    g_assert_nonnull(strstr(text, "detect creatures"));
    g_free(text);
    text = press_for(f, "d", "Enter to cast");
    g_free(text);
    text = press_for_turn(f, "\r");
    g_test_message("after detecting:\n%s", text);
    g_assert_nonnull(strstr(text, "You cast detect creatures on yourself."));
    g_assert_nonnull(strstr(text, "detect creatures 7"));
    g_assert_cmpint(creatures_drawn(text), >, 0);
}

static gboolean fits_potion(const CavState *state, const CavItem *item)
{
    return state_look_of_kind(state, item->type) != NULL && item->count == 1;
}

/* `c` lists the potion the player carries by its look; a name typed for it
 * (Esc first: nothing named, no turn) shows in the drink menu. From the
 * examine panel `c` opens the name again; erased, it is forgotten. (The
 * rules record a name as a turn of its own in which nothing else happens,
 * so the turn counter does move.) */
static void test_call(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL, *listed = NULL, *asked = NULL, *called = NULL;
    g_autofree char *named = NULL, *forgot = NULL, *prefilled = NULL;
    Fetched fetched;
    gint32 turn;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_game(f, fits_potion);
    {
        g_autoptr(Session) session = session_resume(f->save, NULL, NULL);
        const CavState *state = session_state(session);
        const char *look =
            state_look_of_kind(state, state_item(state, fetched.item)->type)->appearance;

        listed = g_strdup_printf("a - %s potion", look);
        asked = g_strdup_printf("Call %s potions: _", look);
        prefilled = g_strdup_printf("Call %s potions: maybe poison_", look);
        called = g_strdup_printf("a - %s potion called maybe poison", look);
        named = g_strdup_printf("You call %s potions \"maybe poison\".", look);
        forgot = g_strdup_printf("You forget your name for %s potions.", look);
    }
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    turn = screen_turn(f);

    text = press_for(f, "c", "Call which potions by a name?");
    g_test_message("looks:\n%s", text);
    g_assert_nonnull(strstr(text, listed));
    g_free(text);
    text = press_for(f, "a", asked);
    tmux_send_text(&f->tmux, "xyz");
    g_free(text);
    text = tmux_wait_for(&f->tmux, "potions: xyz_");
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "potions: xyz", TMUX_WAIT_MS, &text));
    g_assert_cmpint(screen_turn(f), ==, turn);

    g_free(press_for(f, "c", "Call which potions by a name?"));
    g_free(press_for(f, "a", asked));
    tmux_send_text(&f->tmux, "maybe poison");
    g_free(tmux_wait_for(&f->tmux, "potions: maybe poison_"));
    g_free(text);
    text = press_for(f, "\r", named);
    g_free(text);
    text = press_for(f, "q", "Drink what?");
    g_test_message("drink menu:\n%s", text);
    g_assert_nonnull(strstr(text, called));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Drink what?", TMUX_WAIT_MS, &text));

    g_free(press_for(f, "x", "Examine what?"));
    g_free(text);
    text = press_for(f, "a", "c calls potions like it");
    g_free(text);
    text = press_for(f, "c", prefilled);
    for (int i = 0; i < 12; i++)
        tmux_send_named_key(&f->tmux, "BSpace");
    g_free(text);
    text = tmux_wait_for(&f->tmux, asked);
    g_free(text);
    text = press_for(f, "\r", forgot);
    g_free(text);
    text = press_for(f, "q", listed);
    g_assert_null(strstr(text, "called"));
}

/* ---- the pack and what lies here ----------------------------------------- */

/* `i` shows the pack and passes no turn; Esc closes it. An unbound key
 * says so, and passes no turn either. */
static void test_pack(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_game(f, fits_rock);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    text = press_for(f, "i", "Your pack (1 of 20 slots used)");
    g_assert_nonnull(strstr(text, "a - rock"));
    tmux_send_named_key(&f->tmux, "Escape");
    g_free(text);
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Your pack", TMUX_WAIT_MS, &text));
    g_free(text);
    text = press_for(f, "V", "Unknown key: V (press ? for help).");
    g_assert_cmpint(screen_turn(f), ==, fetched.turn);
    /* Esc with nothing open says nothing (it is no unknown key): the
     * screen drawn after it has V's message gone and no other */
    g_free(text);
    tmux_send_named_key(&f->tmux, "Escape");
    g_assert_true(tmux_wait_until(&f->tmux, tmux_hides, "Unknown key: V", TMUX_WAIT_MS, &text));
    g_assert_null(strstr(text, "Unknown key"));
}

/* The player stands on a sword (not picked up) with an open line to step
 * along. */
static gboolean make_on_sword_open(Session *session, Fetched *out, gconstpointer data)
{
    return make_on_sword(session, out, data) &&
           fetch_open_line(session_state(session), session_view(session), out);
}

/* Stepping onto an item says what lies there. */
static void test_see_here(Fixture *f, G_GNUC_UNUSED gconstpointer data)
{
    g_autofree char *text = NULL;
    Fetched fetched;

    if (TMUX_GAME_SKIPPED(f))
        return;
    fetched = fetch_situation(f, make_on_sword_open, NULL, NULL);
    continue_game(f, 100);
    g_free(tmux_wait_for(&f->tmux, "Turn "));
    text = press_for_turn(f, step_key(fetched.dx, fetched.dy));
    g_assert_null(strstr(text, "You see here"));
    g_free(text);
    text = press_for_turn(f, step_key(-fetched.dx, -fetched.dy));
    g_assert_nonnull(strstr(text, "You see here a sword."));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmux_catch_fatal_signals();
    g_test_add("/tui/wield", Fixture, NULL, fixture_set_up, test_wield, fixture_tear_down);
    g_test_add("/tui/throw", Fixture, NULL, fixture_set_up, test_throw, fixture_tear_down);
    g_test_add("/tui/fire-without-bow", Fixture, NULL, fixture_set_up, test_fire_without_bow,
               fixture_tear_down);
    g_test_add("/tui/fire", Fixture, NULL, fixture_set_up, test_fire, fixture_tear_down);
    g_test_add("/tui/quaff", Fixture, NULL, fixture_set_up, test_quaff, fixture_tear_down);
    g_test_add("/tui/two-effects", Fixture, NULL, fixture_set_up, test_two_effects,
               fixture_tear_down);
    g_test_add("/tui/message-rows", Fixture, NULL, fixture_set_up, test_message_rows,
               fixture_tear_down);
    g_test_add("/tui/read", Fixture, NULL, fixture_set_up, test_read, fixture_tear_down);
    g_test_add("/tui/detect", Fixture, NULL, fixture_set_up, test_detect, fixture_tear_down);
    g_test_add("/tui/call", Fixture, NULL, fixture_set_up, test_call, fixture_tear_down);
    g_test_add("/tui/pack", Fixture, NULL, fixture_set_up, test_pack, fixture_tear_down);
    g_test_add("/tui/see-here", Fixture, NULL, fixture_set_up, test_see_here, fixture_tear_down);
    return g_test_run();
}
