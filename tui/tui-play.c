/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-play.c — the play screen: the Tui object (a bus subscriber feeding the
 * message log) and the loop that reads a key, plays it as a turn through the
 * session (opening an item menu first where the key asks for an item, the
 * spell menu for a spell, the targeting cursor where it asks for a cell or a
 * creature, and the naming prompt for a name; asking before a dig or
 * before leaving without the bear; starting walks of many steps), opens the
 * level-up screen while a bonus waits, draws the result, and holds the end
 * of a game behind a --More--. */
#include "tui.h"

#include "rules.h"
#include "tui-private.h"

struct Tui {
    Bus *bus;
    guint subscription;
    const CavState *state;     /* the state being played, while tui_run() runs */
    const CavView *sight;      /* the player's view and memory, likewise */
    const CavContent *content; /* what the game plays by, likewise */
    TuiLog *log;
    /* Why no keyframes are written was shown (session_keyframe_problem). */
    gboolean keys_told;
    TuiViewport viewport;
    gboolean digging;      /* a dig was confirmed and the player keeps on that way */
    gint32 dig_dx, dig_dy; /* which way */
    gboolean was_playing;  /* the game was going on when tui_run() began */
    TravelWatch *watch;    /* what the player met so far in this game, and blows */
};

/* What one key press did to the loop. */
typedef enum {
    TUI_STEP_GO_ON,
    TUI_STEP_QUIT,
    TUI_STEP_FAILED,
} TuiStep;

static void tui_on_event(const CavEvent *event, gpointer user_data)
{
    Tui *tui = user_data;

    tui_log_event(tui->log, tui->state, tui->state != NULL ? tui->sight : NULL, event);
    if (tui->state != NULL && tui->watch != NULL)
        travel_watch_event(tui->watch, tui->state, event);
}

Tui *tui_new(Bus *bus)
{
    Tui *tui;

    g_return_val_if_fail(bus != NULL, NULL);
    tui = g_new0(Tui, 1);
    tui->bus = bus;
    tui->log = tui_log_new();
    tui->subscription = bus_subscribe_all(bus, tui_on_event, tui);
    return tui;
}

void tui_resume_start(const CavState *state, const CavView *view, gpointer tui)
{
    g_return_if_fail(tui != NULL);
    tui_log_start(((Tui *) tui)->log, state, view);
}

void tui_free(Tui *tui)
{
    if (tui == NULL)
        return;
    bus_unsubscribe(tui->bus, tui->subscription);
    tui_log_free(tui->log);
    g_free(tui->watch);
    g_free(tui);
}

static void tui_play_draw(gpointer data)
{
    Tui *tui = data;

    tui_draw_play(tui->state, tui->sight, tui->log, &tui->viewport);
}

static TuiStep tui_play_command(Tui *tui, Session *session, const CavCommand *command,
                                GError **error)
{
    g_autofree char *why = NULL;

    if (!session_play(session, command, &why, error))
        return TUI_STEP_FAILED;
    if (why != NULL)
        tui_log_add(tui->log, tui->state->turn, why);
    if (session_keyframe_problem(session) != NULL && !tui->keys_told) {
        tui_log_add(tui->log, tui->state->turn, session_keyframe_problem(session));
        tui->keys_told = TRUE;
    }
    return TUI_STEP_GO_ON;
}

static const CavCommandKind tui_menu_commands[] = {
    [TUI_MENU_DROP] = CMD_DROP,
    [TUI_MENU_EAT] = CMD_EAT,
    [TUI_MENU_EQUIP] = CMD_EQUIP,
    [TUI_MENU_QUAFF] = CMD_QUAFF,
};

/* What the rules say when the player fires with no ranged weapon wielded;
 * said before the targeting cursor opens rather than after. */
#define TUI_NOTHING_SHOOTS "You wield nothing that shoots."

/* The targeting cursor for @aim; TRUE with the cell picked. */
static gboolean tui_play_aim(Tui *tui, TuiAim aim, gint32 *x, gint32 *y)
{
    return tui_target(tui->state, tui->sight, &tui->viewport, aim, tui_play_draw, tui, x, y);
}

/* Throw: pick an item, then a cell; play the throw. Closing either passes
 * no turn. */
static TuiStep tui_play_throw(Tui *tui, Session *session, GError **error)
{
    const char *nothing = NULL;
    gint32 item = tui_menu_pick(tui->state, TUI_MENU_THROW, tui_play_draw, tui, &nothing);
    CavCommand command;
    gint32 x, y;

    if (nothing != NULL)
        tui_log_add(tui->log, tui->state->turn, nothing);
    if (item == 0 || !tui_play_aim(tui, TUI_AIM_THROW, &x, &y))
        return TUI_STEP_GO_ON;
    command = command_throw(item, x, y);
    return tui_play_command(tui, session, &command, error);
}

/* Fire: refused at once without a ranged weapon, else pick a cell and play
 * the shot. */
static TuiStep tui_play_fire(Tui *tui, Session *session, GError **error)
{
    const CavCreature *player = state_player(tui->state);
    const CavItem *weapon = player != NULL ? state_item(tui->state, player->weapon) : NULL;
    CavCommand command;
    gint32 x, y;

    if (weapon == NULL || weapon->ranged <= 0) {
        tui_log_add(tui->log, tui->state->turn, TUI_NOTHING_SHOOTS);
        return TUI_STEP_GO_ON;
    }
    if (!tui_play_aim(tui, TUI_AIM_FIRE, &x, &y))
        return TUI_STEP_GO_ON;
    command = command_fire(x, y);
    return tui_play_command(tui, session, &command, error);
}

/* Where a cast of @spell starts the cursor: away from the player for a
 * spell that hurts, else on the player. */
static TuiAim tui_play_cast_aim(const CavSpell *spell)
{
    return spell->spec.hp < 0 || spell->spec.turn_hp < 0 ? TUI_AIM_CAST_AWAY : TUI_AIM_CAST;
}

/* Read: pick a book, a spell of it, then a creature; play the cast. A spell
 * the player cannot afford goes to the rules at once, which say why (no
 * turn). Closing any step passes no turn. */
static TuiStep tui_play_read(Tui *tui, Session *session, GError **error)
{
    const char *nothing = NULL;
    gint32 book = tui_menu_pick(tui->state, TUI_MENU_READ, tui_play_draw, tui, &nothing);
    const CavCreature *player = state_player(tui->state);
    const CavSpell *spell;
    CavCommand command;
    gint32 x = player->x, y = player->y;

    if (nothing != NULL)
        tui_log_add(tui->log, tui->state->turn, nothing);
    if (book == 0)
        return TUI_STEP_GO_ON;
    spell = tui_spells_pick(tui->state, state_item(tui->state, book), tui_play_draw, tui);
    if (spell == NULL)
        return TUI_STEP_GO_ON;
    if (spell->cost <= player->mana && !tui_play_aim(tui, tui_play_cast_aim(spell), &x, &y))
        return TUI_STEP_GO_ON;
    command = command_cast(book, spell->name, x, y);
    return tui_play_command(tui, session, &command, error);
}

/* Name look @look of potion: ask for the name, then play it (no time). */
static TuiStep tui_play_name(Tui *tui, Session *session, gint32 look, GError **error)
{
    char name[CAV_COMMAND_WORD_MAX];
    CavCommand command;

    if (!tui_call_ask(tui->state, look, tui_play_draw, tui, name))
        return TUI_STEP_GO_ON;
    command = command_name(tui->state->looks[look].appearance, name);
    return tui_play_command(tui, session, &command, error);
}

/* Call: pick a potion look the player does not know, then name it. */
static TuiStep tui_play_call(Tui *tui, Session *session, GError **error)
{
    const char *nothing = NULL;
    gint32 look = tui_call_pick(tui->state, tui->sight, tui_log_drunk_looks(tui->log),
                                tui_play_draw, tui, &nothing);

    if (nothing != NULL)
        tui_log_add(tui->log, tui->state->turn, nothing);
    if (look < 0)
        return TUI_STEP_GO_ON;
    return tui_play_name(tui, session, look, error);
}

/* Examine @item; `c` on an unknown potion's panel names its look. */
static TuiStep tui_play_examine(Tui *tui, Session *session, gint32 item, GError **error)
{
    const CavItem *examined = state_item(tui->state, item);
    const CavPotionLook *look = state_look_of_kind(tui->state, examined->type);
    int key = tui_items_examine(tui->state, tui->content, examined, tui_play_draw, tui);

    if (key != 'c' || look == NULL ||
        state_knows_item(tui->state, state_player(tui->state), examined))
        return TUI_STEP_GO_ON;
    return tui_play_name(tui, session, (gint32) (look - tui->state->looks), error);
}

/* Open the item menu @kind; play the command it asks for, if any. */
static TuiStep tui_play_menu(Tui *tui, Session *session, TuiMenuKind kind, GError **error)
{
    const char *nothing = NULL;
    gint32 item = tui_menu_pick(tui->state, kind, tui_play_draw, tui, &nothing);
    CavCommand command;

    if (nothing != NULL)
        tui_log_add(tui->log, tui->state->turn, nothing);
    if (item == 0)
        return TUI_STEP_GO_ON;
    if (kind == TUI_MENU_EXAMINE)
        return tui_play_examine(tui, session, item, error);
    command = command_item(tui_menu_commands[kind], item);
    return tui_play_command(tui, session, &command, error);
}

/* Walk @walk (steps of ordinary turns) from the play screen. */
static TuiStep tui_play_walk(Tui *tui, Session *session, const TuiWalk *walk, GError **error)
{
    return tui_walk(session, tui->log, tui->watch, walk, tui_play_draw, tui, error)
               ? TUI_STEP_GO_ON
               : TUI_STEP_FAILED;
}

/* Travel: pick a place (or the nearest known stairs) with the cursor, then
 * walk there. */
static TuiStep tui_play_travel(Tui *tui, Session *session, GError **error)
{
    TuiWalk walk = {.kind = TUI_WALK_TRAVEL};
    const CavCreature *player = state_player(tui->state);

    if (!tui_play_aim(tui, TUI_AIM_TRAVEL, &walk.x, &walk.y))
        return TUI_STEP_GO_ON;
    if (walk.x == player->x && walk.y == player->y) {
        tui_log_add(tui->log, tui->state->turn, tui_target_here(tui->state, player));
        return TUI_STEP_GO_ON;
    }
    return tui_play_walk(tui, session, &walk, error);
}

/* Look around; `_` there travels to the cell under the cursor. */
static TuiStep tui_play_look(Tui *tui, Session *session, GError **error)
{
    TuiWalk walk = {.kind = TUI_WALK_TRAVEL};

    if (!tui_look(tui->state, tui->sight, &tui->viewport, tui_play_draw, tui, &walk.x, &walk.y))
        return TUI_STEP_GO_ON;
    return tui_play_walk(tui, session, &walk, error);
}

/* G: the next movement key runs that way; any other key cancels. */
static TuiStep tui_play_run_prefix(Tui *tui, Session *session, GError **error)
{
    TuiWalk walk = {.kind = TUI_WALK_RUN};
    TuiLayout layout;
    int key;

    tui_play_draw(tui);
    if (tui_screen_big_enough()) {
        tui_draw_layout(&layout);
        tui_draw_message_rows(&layout, "Run which way?", "(a direction; Esc cancels)");
    }
    refresh();
    key = tui_screen_read_key();
    if (!tui_keys_direction(key, &walk.dx, &walk.dy))
        return TUI_STEP_GO_ON;
    return tui_play_walk(tui, session, &walk, error);
}

/* A key bound to nothing: say so, and where the keys are. No turn. */
static TuiStep tui_play_unknown(Tui *tui, int key)
{
    g_autoptr(GString) text = g_string_new("Unknown key: ");

    tui_keys_name(key, text);
    g_string_append(text, " (press ? for help).");
    tui_log_add(tui->log, tui->state->turn, text->str);
    return TUI_STEP_GO_ON;
}

/* The screens a key opens that pass no turn, and the item menus. */
static TuiStep tui_play_screen(Tui *tui, Session *session, TuiAction action, GError **error)
{
    switch (action) {
    case TUI_ACTION_DROP:
        return tui_play_menu(tui, session, TUI_MENU_DROP, error);
    case TUI_ACTION_EAT:
        return tui_play_menu(tui, session, TUI_MENU_EAT, error);
    case TUI_ACTION_EQUIP:
        return tui_play_menu(tui, session, TUI_MENU_EQUIP, error);
    case TUI_ACTION_QUAFF:
        return tui_play_menu(tui, session, TUI_MENU_QUAFF, error);
    case TUI_ACTION_THROW:
        return tui_play_throw(tui, session, error);
    case TUI_ACTION_FIRE:
        return tui_play_fire(tui, session, error);
    case TUI_ACTION_READ:
        return tui_play_read(tui, session, error);
    case TUI_ACTION_CALL:
        return tui_play_call(tui, session, error);
    case TUI_ACTION_EXAMINE:
        return tui_play_menu(tui, session, TUI_MENU_EXAMINE, error);
    case TUI_ACTION_LOOK:
        return tui_play_look(tui, session, error);
    case TUI_ACTION_HELP:
        tui_panels_help(tui_play_draw, tui);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_HISTORY:
        tui_panels_history(tui->log);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_SAVE_QUIT:
        return TUI_STEP_QUIT;
    case TUI_ACTION_REDRAW:
        clearok(curscr, TRUE);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_PACK:
        tui_items_pack(tui->state, tui_play_draw, tui);
        return TUI_STEP_GO_ON;
    case TUI_ACTION_EXPLORE:
        return tui_play_walk(tui, session, &(TuiWalk){.kind = TUI_WALK_EXPLORE}, error);
    case TUI_ACTION_REST:
        return tui_play_walk(tui, session, &(TuiWalk){.kind = TUI_WALK_REST}, error);
    case TUI_ACTION_TRAVEL:
        return tui_play_travel(tui, session, error);
    case TUI_ACTION_RUN_PREFIX:
        return tui_play_run_prefix(tui, session, error);
    case TUI_ACTION_RUN:
    case TUI_ACTION_COMMAND:
    case TUI_ACTION_NONE:
    default:
        return TUI_STEP_GO_ON;
    }
}

/* A move into rock digs: asked first, so that no dig happens by accident;
 * once confirmed, the player digs on that way unasked while they keep
 * moving that way. */
static gboolean tui_play_dig_confirmed(Tui *tui, const CavCommand *command)
{
    const CavCreature *player = state_player(tui->state);

    if (state_tile(tui->state, player->z, player->x + command->dx, player->y + command->dy) !=
        TILE_WALL)
        return TRUE;
    if (tui->digging && tui->dig_dx == command->dx && tui->dig_dy == command->dy)
        return TRUE;
    tui->digging =
        tui_panels_ask("Dig through the rock? It takes a turn and food.", tui_play_draw, tui);
    tui->dig_dx = command->dx;
    tui->dig_dy = command->dy;
    return tui->digging;
}

/* Whether the player, on level 1's exit without the bear, means to leave
 * (which ends the game); TRUE for any other command. */
static gboolean tui_play_leave_confirmed(Tui *tui)
{
    const CavCreature *player = state_player(tui->state);

    if (player->z != 0 || state_tile(tui->state, 0, player->x, player->y) != TILE_STAIRS_UP ||
        state_carries_tag(tui->state, player, CAV_TAG_BEAR))
        return TRUE;
    return tui_panels_ask("Leave the caves without the bear? The game ends, lost.", tui_play_draw,
                          tui);
}

/* Whether @command may be played: a dig or leaving without the bear is
 * confirmed first (no turn passes when the player says no). */
static gboolean tui_play_confirmed(Tui *tui, const CavCommand *command)
{
    if (state_player(tui->state) == NULL)
        return TRUE;
    if (command->kind == CMD_MOVE)
        return tui_play_dig_confirmed(tui, command);
    if (command->kind == CMD_ASCEND)
        return tui_play_leave_confirmed(tui);
    return TRUE;
}

static TuiStep tui_play_key(Tui *tui, Session *session, int key, GError **error)
{
    CavCommand command;
    TuiAction action;

    if (key == TUI_KEY_LOST)
        return TUI_STEP_QUIT;
    if (key == KEY_RESIZE)
        return TUI_STEP_GO_ON;
    if (!tui_screen_big_enough())
        return key == 'S' ? TUI_STEP_QUIT : TUI_STEP_GO_ON;
    tui_log_mark_read(tui->log);
    action = tui_keys_action(key, &command);
    if (action != TUI_ACTION_COMMAND || command.kind != CMD_MOVE)
        tui->digging = FALSE;
    if (action == TUI_ACTION_COMMAND && !tui_play_confirmed(tui, &command))
        return TUI_STEP_GO_ON;
    if (action == TUI_ACTION_COMMAND)
        return tui_play_command(tui, session, &command, error);
    if (action == TUI_ACTION_RUN)
        return tui_play_walk(tui, session,
                             &(TuiWalk){.kind = TUI_WALK_RUN, .dx = command.dx, .dy = command.dy},
                             error);
    if (action == TUI_ACTION_NONE && tui_keys_nothing(key))
        return TUI_STEP_GO_ON; /* closes or passes what is open; with nothing open, nothing */
    if (action == TUI_ACTION_NONE)
        return tui_play_unknown(tui, key);
    return tui_play_screen(tui, session, action, error);
}

/* A level gained waits for its bonus: the level-up screen, then the choice
 * as a command (it takes no time). */
static TuiStep tui_play_levelup(Tui *tui, Session *session, GError **error)
{
    int bonus;
    CavCommand command;

    bonus = tui_panels_levelup(tui->content, state_player(tui->state), tui_play_draw, tui);
    if (bonus < 0)
        return TUI_STEP_QUIT;
    tui_log_mark_read(tui->log);
    command = command_choose(bonus);
    return tui_play_command(tui, session, &command, error);
}

/* Whether the player has a level-up bonus to choose. */
static gboolean tui_play_bonus_waits(const CavState *state)
{
    const CavCreature *player = state_player(state);

    return player != NULL && player->alive && player->pending_bonuses > 0;
}

/* One round of the loop: the level-up screen while a bonus waits, else the
 * play screen and a key. */
static TuiStep tui_play_step(Tui *tui, Session *session, GError **error)
{
    if (tui_play_bonus_waits(tui->state))
        return tui_play_levelup(tui, session, error);
    tui_play_draw(tui);
    refresh();
    /* what the player has seen is no news to a later walk */
    travel_watch_see(tui->watch, tui->state, tui->sight);
    return tui_play_key(tui, session, tui_screen_read_key(), error);
}

static gboolean tui_play_loop(Tui *tui, Session *session, GError **error)
{
    for (;;) {
        tui->state = session_state(session);
        tui->sight = session_view(session);
        if (tui->state->outcome != OUTCOME_PLAYING) {
            /* the last messages (how it ended) stay until passed on purpose */
            if (tui->was_playing)
                tui_panels_more(tui->log, tui_play_draw, tui);
            tui_panels_end(tui->state, tui_play_draw, tui);
            return TRUE;
        }
        switch (tui_play_step(tui, session, error)) {
        case TUI_STEP_GO_ON:
            break;
        case TUI_STEP_QUIT:
            return TRUE;
        case TUI_STEP_FAILED:
        default:
            return FALSE;
        }
    }
}

gboolean tui_run(Tui *tui, Session *session, GError **error)
{
    gboolean ok;

    g_return_val_if_fail(tui != NULL && session != NULL, FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    tui->state = session_state(session);
    tui->sight = session_view(session);
    tui->content = session_content(session);
    tui_log_settle(tui->log, tui->state);
    tui->viewport.placed = FALSE;
    tui->digging = FALSE;
    tui->was_playing = tui->state->outcome == OUTCOME_PLAYING;
    g_free(tui->watch);
    tui->watch = g_new0(TravelWatch, 1);
    if (!tui_screen_begin(error)) {
        tui->state = NULL;
        tui->sight = NULL;
        tui->content = NULL;
        return FALSE;
    }
    ok = tui_play_loop(tui, session, error);
    tui_screen_end();
    tui->state = NULL;
    tui->sight = NULL;
    tui->content = NULL;
    return ok;
}
