/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-walk.c — walks of many steps: auto-explore (`o`), travel (`_`),
 * running (Shift+direction, or `G` then a direction) and resting (`Z`, a
 * walk that waits). Each step is an ordinary move (or wait) played through
 * the session, its own recorded turn, drawn
 * as it happens; the way and the reasons to stop are travel.h's pure rules.
 * A key pressed during a walk stops it (and is thrown away). */
#include "tui-private.h"

#include <string.h>

#include "messages.h"
#include "travel.h"

/* Pause after drawing each step, so the walk can be followed by eye. */
#define TUI_WALK_STEP_MS 12

/* Why auto-explore stops when it comes back to where it stood without
 * having learned a cell since (travel_going_round()): places may be left
 * to explore, but the way to them learns nothing. */
#define TUI_WALK_GOING_ROUND "You stop: you keep coming back the same way and see nothing new."

/* At most this many steps per walk (a level has fewer cells). */
#define TUI_WALK_MAX_STEPS (CAV_WIDTH * CAV_HEIGHT)

/* The next step of @walk in *@dx, *@dy, or why there is none. */
static TravelStop tui_walk_next(const TuiWalk *walk, const CavState *state, const CavView *view,
                                gboolean first, gint32 *dx, gint32 *dy)
{
    const CavCreature *player = state_player(state);

    switch (walk->kind) {
    case TUI_WALK_EXPLORE:
        return travel_explore_step(state, view, dx, dy) ? TRAVEL_GO : TRAVEL_EXPLORED;
    case TUI_WALK_TRAVEL:
        if (player->x == walk->x && player->y == walk->y)
            return TRAVEL_ARRIVED;
        return travel_step_to(state, view, walk->x, walk->y, dx, dy) ? TRAVEL_GO : TRAVEL_NO_WAY;
    case TUI_WALK_REST:
        *dx = *dy = 0;
        return travel_rest_check(state);
    case TUI_WALK_RUN:
    default:
        *dx = walk->dx;
        *dy = walk->dy;
        return travel_run_check(state, view, walk->dx, walk->dy, first);
    }
}

/* Tell the player why the walk stopped, where the screen does not show it:
 * what came into view, or who struck, is named. */
static void tui_walk_say(TuiLog *log, const CavState *state, const CavView *view, TravelStop stop,
                         gint32 noticed)
{
    g_autoptr(GString) text = g_string_new(NULL);
    const CavCreature *creature = state_creature(state, noticed);
    const CavItem *item = state_item(state, noticed);

    if (stop == TRAVEL_HURT && creature != NULL) {
        if (view_sees(view, creature->z, creature->x, creature->y))
            g_string_append_printf(text, "You stop: the %s attacks you.", creature->kind);
        else
            g_string_append(text, "You stop: something attacks you.");
    } else if (stop == TRAVEL_CREATURE && creature != NULL) {
        g_string_append_printf(text, "You stop: %s %s comes into view.",
                               messages_indefinite(creature->kind), creature->kind);
    } else if (stop == TRAVEL_ITEM && item != NULL) {
        g_string_append(text, "You stop: you spot ");
        messages_item_name(state, item, item->count, MESSAGES_A, text);
        g_string_append_c(text, '.');
    } else if (stop == TRAVEL_EXPLORED) {
        travel_explored_words(state, view, text);
    } else if (travel_stop_text(stop) != NULL) {
        g_string_append(text, travel_stop_text(stop));
    }
    if (text->len > 0)
        tui_log_add(log, state->turn, text->str);
}

/* The compass word for a step of (@dx, @dy): "north", "south-west"… (as
 * text mode and the README write them). */
static const char *tui_walk_compass(gint32 dx, gint32 dy)
{
    static const char *const words[3][3] = {
        {"north-west", "north", "north-east"},
        {"west", "here", "east"},
        {"south-west", "south", "south-east"},
    };

    return words[CLAMP(dy, -1, 1) + 1][CLAMP(dx, -1, 1) + 1];
}

/* Whether a creature next to the player forbids a walk (which would give
 * it free blows); says so, and where it stands. */
static gboolean tui_walk_threatened(TuiLog *log, const CavState *state, const CavView *view)
{
    const CavCreature *threat = state_creature(state, travel_threat(state, view));
    const CavCreature *player = state_player(state);
    g_autofree char *text = NULL;

    if (threat == NULL)
        return FALSE;
    text = g_strdup_printf("Not with the %s next to you (%s).", threat->kind,
                           tui_walk_compass(threat->x - player->x, threat->y - player->y));
    tui_log_add(log, state->turn, text);
    return TRUE;
}

/* Whether the game itself stops the walk: over, or a bonus to choose. */
static gboolean tui_walk_interrupted(const CavState *state)
{
    const CavCreature *player = state_player(state);

    return state->outcome != OUTCOME_PLAYING || player == NULL || !player->alive ||
           player->pending_bonuses > 0;
}

gboolean tui_walk(Session *session, TuiLog *log, TravelWatch *watch, const TuiWalk *walk,
                  TuiBackdrop backdrop, gpointer data, GError **error)
{
    TravelStop stop = TRAVEL_GO;
    g_autofree guint8 *been = g_new0(guint8, CAV_WIDTH * CAV_HEIGHT);
    gint known = -1;

    g_return_val_if_fail(session != NULL && log != NULL && watch != NULL && walk != NULL, FALSE);
    if (tui_walk_threatened(log, session_state(session), session_view(session)))
        return TRUE;
    travel_watch_begin(watch, session_state(session), session_view(session));
    for (int step = 0; step < TUI_WALK_MAX_STEPS && stop == TRAVEL_GO; step++) {
        g_autofree char *why = NULL;
        CavCommand move;
        gint32 dx = 0, dy = 0;

        stop =
            tui_walk_next(walk, session_state(session), session_view(session), step == 0, &dx, &dy);
        if (stop != TRAVEL_GO || (step > 0 && tui_screen_key_waiting()))
            break;
        tui_log_mark_read(log);
        move = walk->kind == TUI_WALK_REST ? command_simple(CMD_WAIT) : command_move(dx, dy);
        if (!session_play(session, &move, &why, error))
            return FALSE;
        if (why != NULL) {
            tui_log_add(log, session_state(session)->turn, why);
            return TRUE;
        }
        if (tui_walk_interrupted(session_state(session)))
            return TRUE;
        stop = travel_watch_step(watch, session_state(session), session_view(session));
        if (walk->kind == TUI_WALK_EXPLORE &&
            travel_going_round(session_state(session), session_view(session), been, &known)) {
            tui_log_add(log, session_state(session)->turn, TUI_WALK_GOING_ROUND);
            return TRUE;
        }
        backdrop(data);
        refresh();
        if (walk->kind != TUI_WALK_REST) /* a rest is followed by its turn count */
            napms(TUI_WALK_STEP_MS);
    }
    tui_walk_say(log, session_state(session), session_view(session), stop, watch->noticed);
    return TRUE;
}
