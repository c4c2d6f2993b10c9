/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-play.c — text mode's game: the Text object (a bus subscriber that
 * words each event for the player) and the loop that reads a line, plays it
 * as a turn through the session (asking first, as numbered menus, for the
 * item, spell, target or place it needs; asking before a dig or before
 * leaving without the bear), answers the questions, and tells what the turn
 * brought. The game file is the one the play screen writes. */
#include "text-private.h"

#include <signal.h>
#include <string.h>

#include "messages.h"
#include "rules.h"

/* What one line did to the loop. */
typedef enum {
    TEXT_STEP_GO_ON,
    TEXT_STEP_QUIT,
    TEXT_STEP_FAILED,
} TextStep;

static void text_on_event(const CavEvent *event, gpointer user_data)
{
    text_hear(user_data, event);
}

static void text_heard_free(gpointer data)
{
    TextHeard *heard = data;

    g_free(heard->text);
    g_free(heard);
}

Text *text_new(Bus *bus, FILE *in, FILE *out)
{
    Text *text;

    g_return_val_if_fail(bus != NULL && out != NULL, NULL);
    text = g_new0(Text, 1);
    text->bus = bus;
    text->in = in;
    text->out = out;
    text->heard = g_ptr_array_new_with_free_func(text_heard_free);
    text->history = g_ptr_array_new_with_free_func(text_heard_free);
    text->last = g_ptr_array_new_with_free_func(g_free);
    text->narrate_from = -1;
    text->subscription = bus_subscribe_all(bus, text_on_event, text);
    return text;
}

void text_resume_start(const CavState *state, const CavView *view, gpointer data)
{
    Text *text = data;

    g_return_if_fail(text != NULL && state != NULL && view != NULL);
    g_clear_pointer(&text->shadow, g_free);
    g_clear_pointer(&text->shadow_view, g_free);
    text->shadow = g_memdup2(state, sizeof *state);
    text->shadow_view = g_memdup2(view, sizeof *view);
}

void text_free(Text *text)
{
    if (text == NULL)
        return;
    bus_unsubscribe(text->bus, text->subscription);
    g_ptr_array_unref(text->heard);
    g_ptr_array_unref(text->history);
    g_ptr_array_unref(text->last);
    g_free(text->shadow);
    g_free(text->shadow_view);
    g_free(text->watch);
    g_free(text);
}

static TextStep text_play_command(Text *text, Session *session, const CavCommand *command,
                                  GError **error)
{
    g_autofree char *why = NULL;

    if (!session_play(session, command, &why, error))
        return TEXT_STEP_FAILED;
    if (why != NULL)
        text_hear_note(text, why);
    if (session_keyframe_problem(session) != NULL && !text->keys_told) {
        text_hear_note(text, session_keyframe_problem(session));
        text->keys_told = TRUE;
    }
    return TEXT_STEP_GO_ON;
}

static TextStep text_play_walk(Text *text, Session *session, TextWalkKind kind, gint32 x, gint32 y,
                               gint32 dx, gint32 dy, GError **error)
{
    return text_walk(text, session, kind, x, y, dx, dy, error) ? TEXT_STEP_GO_ON : TEXT_STEP_FAILED;
}

/* Throw: an item, then where. */
static TextStep text_play_throw(Text *text, Session *session, GError **error)
{
    gint32 item = text_menu_item(text, TEXT_MENU_THROW);
    CavCommand command;
    gint32 x, y;

    if (item == 0 || !text_menu_target(text, "Throw at what?", FALSE, &x, &y))
        return TEXT_STEP_GO_ON;
    command = command_throw(item, x, y);
    return text_play_command(text, session, &command, error);
}

/* Fire: refused at once without a ranged weapon, else where. */
static TextStep text_play_fire(Text *text, Session *session, GError **error)
{
    const CavCreature *player = state_player(text->state);
    const CavItem *weapon = state_item(text->state, player->weapon);
    CavCommand command;
    gint32 x, y;

    if (weapon == NULL || weapon->ranged <= 0) {
        text_say(text, "You wield nothing that shoots.");
        return TEXT_STEP_GO_ON;
    }
    if (!text_menu_target(text, "Fire at what?", FALSE, &x, &y))
        return TEXT_STEP_GO_ON;
    command = command_fire(x, y);
    return text_play_command(text, session, &command, error);
}

/* Read: a book, a spell of it, then its target (none when it is too dear:
 * the rules say why). */
static TextStep text_play_read(Text *text, Session *session, GError **error)
{
    gint32 book = text_menu_item(text, TEXT_MENU_READ);
    const CavCreature *player = state_player(text->state);
    const CavSpell *spell;
    CavCommand command;
    gint32 x = player->x, y = player->y;

    if (book == 0 || (spell = text_menu_spell(text, state_item(text->state, book))) == NULL)
        return TEXT_STEP_GO_ON;
    if (spell->cost <= player->mana && !text_menu_target(text, "Cast at whom?", TRUE, &x, &y))
        return TEXT_STEP_GO_ON;
    command = command_cast(book, spell->name, x, y);
    return text_play_command(text, session, &command, error);
}

static TextStep text_play_menu(Text *text, Session *session, TextMenuKind kind, GError **error)
{
    static const CavCommandKind commands[] = {
        [TEXT_MENU_DROP] = CMD_DROP,
        [TEXT_MENU_EAT] = CMD_EAT,
        [TEXT_MENU_EQUIP] = CMD_EQUIP,
        [TEXT_MENU_QUAFF] = CMD_QUAFF,
    };
    gint32 item = text_menu_item(text, kind);
    CavCommand command;

    if (item == 0)
        return TEXT_STEP_GO_ON;
    if (kind == TEXT_MENU_EXAMINE) {
        text_menu_examine(text, state_item(text->state, item));
        return TEXT_STEP_GO_ON;
    }
    command = command_item(commands[kind], item);
    return text_play_command(text, session, &command, error);
}

static TextStep text_play_travel(Text *text, Session *session, GError **error)
{
    const CavCreature *player = state_player(text->state);
    gint32 x, y;

    if (!text_menu_place(text, &x, &y))
        return TEXT_STEP_GO_ON;
    if (x == player->x && y == player->y) {
        text_say(text, "You are there.");
        return TEXT_STEP_GO_ON;
    }
    return text_play_walk(text, session, TEXT_WALK_TRAVEL, x, y, 0, 0, error);
}

static TextStep text_play_run_prefix(Text *text, Session *session, GError **error)
{
    g_autofree char *line = NULL;
    gint32 dx, dy;

    text_say(text, "Run which way?");
    line = text_read_line(text);
    if (line == NULL || !text_words_direction(line, &dx, &dy))
        return TEXT_STEP_GO_ON;
    return text_play_walk(text, session, TEXT_WALK_RUN, 0, 0, dx, dy, error);
}

static TextStep text_play_call(Text *text, Session *session, GError **error)
{
    CavCommand command;

    if (!text_menu_call(text, &command))
        return TEXT_STEP_GO_ON;
    return text_play_command(text, session, &command, error);
}

/* A move into rock digs: asked first; once confirmed, the player digs on
 * that way unasked while they keep moving that way. */
static gboolean text_play_dig_confirmed(Text *text, const CavCommand *command)
{
    const CavCreature *player = state_player(text->state);

    if (state_tile(text->state, player->z, player->x + command->dx, player->y + command->dy) !=
        TILE_WALL)
        return TRUE;
    if (text->digging && text->dig_dx == command->dx && text->dig_dy == command->dy)
        return TRUE;
    text->digging = text_menu_yes(text, "Dig through the rock? It takes a turn and food.");
    text->dig_dx = command->dx;
    text->dig_dy = command->dy;
    return text->digging;
}

/* Whether the player, on level 1's exit without the bear, means to leave. */
static gboolean text_play_leave_confirmed(Text *text)
{
    const CavCreature *player = state_player(text->state);

    if (player->z != 0 || state_tile(text->state, 0, player->x, player->y) != TILE_STAIRS_UP ||
        state_carries_tag(text->state, player, CAV_TAG_BEAR))
        return TRUE;
    return text_menu_yes(text, "Leave the caves without the bear? The game ends, lost.");
}

static TextStep text_play_turn(Text *text, Session *session, const CavCommand *command,
                               GError **error)
{
    if (command->kind == CMD_MOVE && !text_play_dig_confirmed(text, command))
        return TEXT_STEP_GO_ON;
    if (command->kind == CMD_ASCEND && !text_play_leave_confirmed(text))
        return TEXT_STEP_GO_ON;
    return text_play_command(text, session, command, error);
}

/* The last messages, oldest first, each with its turn. */
static void text_play_messages(Text *text)
{
    guint from = text->history->len > 10 ? text->history->len - 10 : 0;

    if (text->history->len == 0)
        text_say(text, "No messages yet.");
    for (guint i = from; i < text->history->len; i++) {
        const TextHeard *heard = text->history->pdata[i];
        g_autofree char *line = g_strdup_printf("Turn %d: %s", heard->turn, heard->text);
        text_say(text, line);
    }
}

/* The questions, which pass no turn. */
static TextStep text_play_question(Text *text, TextDo what)
{
    g_autoptr(GString) status = g_string_new(NULL);

    switch (what) {
    case TEXT_DO_WHERE:
        text_ask_where(text);
        break;
    case TEXT_DO_SEE:
        text_ask_see(text);
        break;
    case TEXT_DO_STAIRS:
        text_ask_stairs(text);
        break;
    case TEXT_DO_AROUND:
        text_ask_around(text);
        break;
    case TEXT_DO_PACK:
        text_ask_pack(text);
        break;
    case TEXT_DO_EFFECTS:
        text_ask_effects(text);
        break;
    case TEXT_DO_STATUS:
        text_status_words(text->state, status);
        text_say(text, status->str);
        break;
    case TEXT_DO_MESSAGES:
        text_play_messages(text);
        break;
    case TEXT_DO_AGAIN:
        for (guint i = 0; i < text->last->len; i++)
            text_say(text, text->last->pdata[i]);
        break;
    case TEXT_DO_HELP:
        text_words_help(text);
        break;
    case TEXT_DO_UNKNOWN:
    case TEXT_DO_NOTHING:
    case TEXT_DO_COMMAND:
    case TEXT_DO_RUN:
    case TEXT_DO_RUN_PREFIX:
    case TEXT_DO_EXPLORE:
    case TEXT_DO_TRAVEL:
    case TEXT_DO_REST:
    case TEXT_DO_MENU:
    case TEXT_DO_THROW:
    case TEXT_DO_FIRE:
    case TEXT_DO_READ:
    case TEXT_DO_CALL:
    case TEXT_DO_KEYS:
    case TEXT_DO_QUIT:
    default:
        break; /* not questions */
    }
    return TEXT_STEP_GO_ON;
}

static TextStep text_play_unknown(Text *text, const char *line)
{
    g_autofree char *said =
        g_strdup_printf("Unknown command: %s. Type help for the commands.", line);

    text_say(text, said);
    return TEXT_STEP_GO_ON;
}

/* "keys": key mode on or off. */
static TextStep text_play_keys(Text *text)
{
    if (!text_keys_toggle(text))
        text_say(text, "Key mode needs a terminal.");
    else if (text->keys)
        text_say(text, "Key mode: keys act at once. Colon, then Enter, for a word.");
    else
        text_say(text, "Line mode: type a command, then Enter.");
    return TEXT_STEP_GO_ON;
}

static TextStep text_play_line(Text *text, Session *session, const char *line, GError **error)
{
    TextWords words = text_words_parse(line);

    if (words.what != TEXT_DO_COMMAND || words.command.kind != CMD_MOVE)
        text->digging = FALSE;
    switch (words.what) {
    case TEXT_DO_NOTHING:
        return TEXT_STEP_GO_ON;
    case TEXT_DO_UNKNOWN:
        return text_play_unknown(text, line);
    case TEXT_DO_COMMAND:
        return text_play_turn(text, session, &words.command, error);
    case TEXT_DO_RUN:
        return text_play_walk(text, session, TEXT_WALK_RUN, 0, 0, words.command.dx,
                              words.command.dy, error);
    case TEXT_DO_RUN_PREFIX:
        return text_play_run_prefix(text, session, error);
    case TEXT_DO_EXPLORE:
        return text_play_walk(text, session, TEXT_WALK_EXPLORE, 0, 0, 0, 0, error);
    case TEXT_DO_REST:
        return text_play_walk(text, session, TEXT_WALK_REST, 0, 0, 0, 0, error);
    case TEXT_DO_TRAVEL:
        return text_play_travel(text, session, error);
    case TEXT_DO_MENU:
        return text_play_menu(text, session, words.menu, error);
    case TEXT_DO_THROW:
        return text_play_throw(text, session, error);
    case TEXT_DO_FIRE:
        return text_play_fire(text, session, error);
    case TEXT_DO_READ:
        return text_play_read(text, session, error);
    case TEXT_DO_CALL:
        return text_play_call(text, session, error);
    case TEXT_DO_QUIT:
        return TEXT_STEP_QUIT;
    case TEXT_DO_KEYS:
        return text_play_keys(text);
    case TEXT_DO_WHERE:
    case TEXT_DO_SEE:
    case TEXT_DO_STAIRS:
    case TEXT_DO_AROUND:
    case TEXT_DO_PACK:
    case TEXT_DO_EFFECTS:
    case TEXT_DO_STATUS:
    case TEXT_DO_MESSAGES:
    case TEXT_DO_AGAIN:
    case TEXT_DO_HELP:
    default:
        return text_play_question(text, words.what);
    }
}

/* How the game ended, as lines. */
static void text_play_end(Text *text)
{
    const CavState *state = text->state;
    const CavCreature *player = state_player(state);
    g_autofree char *cause = messages_capitalised(state->cause[0] != '\0' ? state->cause : "died");
    g_autofree char *tally =
        g_strdup_printf("Turns %d, depth reached %d, kills %d, score %d.", state->turn,
                        state->deepest + 1, player != NULL ? player->kills : 0, state_score(state));

    if (state->outcome == OUTCOME_WON) {
        text_say(text, "You won! You brought the teddy bear back to the surface.");
    } else {
        g_autofree char *line = g_strdup_printf("Game over. %s.", cause);
        text_say(text, line);
    }
    text_say(text, tally);
}

/* A level gained: its bonus, asked as a numbered list, played at once. */
static TextStep text_play_levelup(Text *text, Session *session, GError **error)
{
    gint bonus = text_menu_bonus(text);
    CavCommand command;

    if (bonus < 0)
        return TEXT_STEP_QUIT;
    command = command_choose(bonus);
    return text_play_command(text, session, &command, error);
}

/* One round: a bonus while one waits, else a line of input. */
static TextStep text_play_step(Text *text, Session *session, GError **error)
{
    const CavCreature *player = state_player(text->state);
    g_autofree char *line = NULL;

    if (player != NULL && player->alive && player->pending_bonuses > 0)
        return text_play_levelup(text, session, error);
    /* what the player has been told is no news to a later walk */
    travel_watch_see(text->watch, text->state, text->sight);
    if ((line = text_read_command(text)) == NULL)
        return TEXT_STEP_QUIT;
    return text_play_line(text, session, line, error);
}

static gboolean text_play_loop(Text *text, Session *session, GError **error)
{
    for (;;) {
        TextStep step;

        text->state = session_state(session);
        text->sight = session_view(session);
        if (text->state->outcome != OUTCOME_PLAYING) {
            text_play_end(text);
            return TRUE;
        }
        step = text_play_step(text, session, error);
        text_tell(text);
        if (step == TEXT_STEP_QUIT)
            return TRUE;
        if (step == TEXT_STEP_FAILED)
            return FALSE;
    }
}

/* The live state takes over: the own fold goes; of the messages heard so
 * far, those of the last turn are still to tell. */
static void text_settle(Text *text)
{
    guint keep = 0;

    g_clear_pointer(&text->shadow, g_free);
    g_clear_pointer(&text->shadow_view, g_free);
    while (keep < text->heard->len &&
           ((TextHeard *) text->heard->pdata[text->heard->len - 1 - keep])->turn ==
               text->state->turn)
        keep++;
    g_ptr_array_remove_range(text->heard, 0, text->heard->len - keep);
}

/* ---- signals: Ctrl-C, a kill, a closed terminal -------------------------- */

/* SIGPIPE too: a reader of the output gone (`| head`) makes a write fail,
 * and the game is closed in order, not killed with turns in its -wal. */
static const int text_fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
static volatile sig_atomic_t text_caught_signal;
static struct sigaction text_old_actions[G_N_ELEMENTS(text_fatal_signals)];

static void text_on_signal(int signum)
{
    text_caught_signal = signum;
}

/* No SA_RESTART: a signal interrupts the read of a line, which then reads
 * as the end of the input: the game is closed in order. */
static void text_catch_signals(void)
{
    struct sigaction action;

    memset(&action, 0, sizeof action);
    action.sa_handler = text_on_signal;
    sigemptyset(&action.sa_mask);
    for (gsize i = 0; i < G_N_ELEMENTS(text_fatal_signals); i++) {
        sigaction(text_fatal_signals[i], NULL, &text_old_actions[i]);
        if (text_old_actions[i].sa_handler != SIG_IGN)
            sigaction(text_fatal_signals[i], &action, NULL);
    }
}

static void text_release_signals(void)
{
    for (gsize i = 0; i < G_N_ELEMENTS(text_fatal_signals); i++)
        sigaction(text_fatal_signals[i], &text_old_actions[i], NULL);
}

int text_signal(void)
{
    return text_caught_signal;
}

gboolean text_run(Text *text, Session *session, GError **error)
{
    gboolean ok;

    g_return_val_if_fail(text != NULL && session != NULL, FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    text->state = session_state(session);
    text->sight = session_view(session);
    text->content = session_content(session);
    text_settle(text);
    g_free(text->watch);
    text->watch = g_new0(TravelWatch, 1);
    text->status.known = FALSE;
    memset(text->in_view, 0, sizeof text->in_view);
    text->digging = FALSE;
    text_catch_signals(); /* before the first line is written */
    text_say(text, "Cavelog, text mode. Type help for the commands.");
    text_tell(text);
    ok = text_play_loop(text, session, error);
    text_keys_end(text);
    text_release_signals();
    text->state = NULL;
    text->sight = NULL;
    text->content = NULL;
    return ok;
}
