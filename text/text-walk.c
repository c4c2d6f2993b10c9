/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-walk.c — walks of many steps in text mode: explore, travel, run and
 * rest. Each step is an ordinary recorded turn played through the session;
 * the way and the reasons to stop are travel.h's pure rules, as on the play
 * screen. Only what stops a walk is told: the last step's messages and why. */
#include "text-private.h"

#include <string.h>

#include "messages.h"

/* At most this many steps per walk (a level has fewer cells). */
#define TEXT_WALK_MAX_STEPS (CAV_WIDTH * CAV_HEIGHT)

#define TEXT_WALK_GOING_ROUND "You stop: you keep coming back the same way and see nothing new."

typedef struct {
    TextWalkKind kind;
    gint32 x, y, dx, dy;
} TextWalk;

static TravelStop text_walk_next(const TextWalk *walk, const CavState *state, const CavView *view,
                                 gboolean first, gint32 *dx, gint32 *dy)
{
    const CavCreature *player = state_player(state);

    switch (walk->kind) {
    case TEXT_WALK_EXPLORE:
        return travel_explore_step(state, view, dx, dy) ? TRAVEL_GO : TRAVEL_EXPLORED;
    case TEXT_WALK_TRAVEL:
        if (player->x == walk->x && player->y == walk->y)
            return TRAVEL_ARRIVED;
        return travel_step_to(state, view, walk->x, walk->y, dx, dy) ? TRAVEL_GO : TRAVEL_NO_WAY;
    case TEXT_WALK_REST:
        *dx = *dy = 0;
        return travel_rest_check(state);
    case TEXT_WALK_RUN:
    default:
        *dx = walk->dx;
        *dy = walk->dy;
        return travel_run_check(state, view, walk->dx, walk->dy, first);
    }
}

/* Why a walk stopped where the play screen shows it and the ear cannot
 * tell: arrived, a wall ahead, a branching, stairs underfoot (an item
 * underfoot is in the step's messages). Static; "" for none. */
static const char *text_walk_unseen_stop(const CavState *state, TravelStop stop)
{
    const CavCreature *player = state_player(state);
    CavTile tile = state_tile(state, player->z, player->x, player->y);

    switch (stop) {
    case TRAVEL_ARRIVED:
        return "You arrive.";
    case TRAVEL_BLOCKED:
        return "You stop: the way ahead is closed.";
    case TRAVEL_BRANCH:
        return "You stop: a way opens to one side.";
    case TRAVEL_UNDERFOOT:
        return tile == TILE_STAIRS_DOWN || tile == TILE_STAIRS_UP ? "You stop on stairs." : "";
    case TRAVEL_GO:
    case TRAVEL_EXPLORED:
    case TRAVEL_NO_WAY:
    case TRAVEL_CREATURE:
    case TRAVEL_ITEM:
    case TRAVEL_HURT:
    case TRAVEL_RESTED:
    case TRAVEL_HUNGRIER:
    case TRAVEL_STARVING:
    default:
        return "";
    }
}

/* Why the walk stopped, with what came into view or struck named. */
static void text_walk_say(Text *text, TravelStop stop, gint32 noticed)
{
    const CavState *state = text->state;
    g_autoptr(GString) line = g_string_new(NULL);
    const CavCreature *creature = state_creature(state, noticed);
    const CavItem *item = state_item(state, noticed);

    if (stop == TRAVEL_HURT && creature != NULL &&
        view_sees(text->sight, creature->z, creature->x, creature->y)) {
        g_string_append_printf(line, "You stop: the %s attacks you.", creature->kind);
    } else if (stop == TRAVEL_HURT && creature != NULL) {
        g_string_append(line, "You stop: something attacks you.");
    } else if (stop == TRAVEL_CREATURE && creature != NULL) {
        text->in_view[creature->id] = 1; /* told here, not again as news */
        g_string_append(line, "You stop: ");
        text_ask_creature(state, creature, line);
        g_string_append(line, ", comes into view.");
    } else if (stop == TRAVEL_ITEM && item != NULL) {
        const CavCreature *player = state_player(state);
        g_string_append(line, "You stop: you spot ");
        messages_item_name(state, item, item->count, MESSAGES_A, line);
        g_string_append(line, ", ");
        text_ask_direction(item->x - player->x, item->y - player->y, line);
        g_string_append_c(line, '.');
    } else if (stop == TRAVEL_EXPLORED) {
        travel_explored_words(state, text->sight, line);
    } else if (travel_stop_text(stop) != NULL) {
        g_string_append(line, travel_stop_text(stop));
    } else {
        g_string_append(line, text_walk_unseen_stop(state, stop));
    }
    if (line->len > 0)
        text_hear_note(text, line->str);
}

/* A creature next to the player forbids a walk: said, with where it is. */
static gboolean text_walk_threatened(Text *text)
{
    const CavCreature *threat =
        state_creature(text->state, travel_threat(text->state, text->sight));
    const CavCreature *player = state_player(text->state);
    g_autoptr(GString) line = g_string_new(NULL);

    if (threat == NULL)
        return FALSE;
    g_string_append_printf(line, "Not with %s %s next to you, ", messages_indefinite(threat->kind),
                           threat->kind);
    text_ask_direction(threat->x - player->x, threat->y - player->y, line);
    g_string_append_c(line, '.');
    text_hear_note(text, line->str);
    return TRUE;
}

/* Whether the game itself stops the walk: over, or a bonus to choose. */
static gboolean text_walk_interrupted(const CavState *state)
{
    const CavCreature *player = state_player(state);

    return state->outcome != OUTCOME_PLAYING || player == NULL || !player->alive ||
           player->pending_bonuses > 0;
}

/* One step: FALSE when the walk ends here (*@ok FALSE when saving failed). */
static gboolean text_walk_step(Text *text, Session *session, const TextWalk *walk, gint32 dx,
                               gint32 dy, gboolean *ok, GError **error)
{
    g_autofree char *why = NULL;
    CavCommand move =
        walk->kind == TEXT_WALK_REST ? command_simple(CMD_WAIT) : command_move(dx, dy);

    text_forget(text); /* only what stops the walk is told */
    if (!session_play(session, &move, &why, error)) {
        *ok = FALSE;
        return FALSE;
    }
    if (why != NULL)
        text_hear_note(text, why);
    return why == NULL && !text_walk_interrupted(session_state(session));
}

gboolean text_walk(Text *text, Session *session, TextWalkKind kind, gint32 x, gint32 y, gint32 dx,
                   gint32 dy, GError **error)
{
    TextWalk walk = {.kind = kind, .x = x, .y = y, .dx = dx, .dy = dy};
    g_autofree guint8 *been = g_new0(guint8, CAV_WIDTH * CAV_HEIGHT);
    TravelStop stop = TRAVEL_GO;
    gboolean ok = TRUE;
    gint known = -1;

    if (text_walk_threatened(text))
        return TRUE;
    travel_watch_begin(text->watch, text->state, text->sight);
    for (int step = 0; step < TEXT_WALK_MAX_STEPS && stop == TRAVEL_GO; step++) {
        gint32 sx = 0, sy = 0;

        stop = text_walk_next(&walk, text->state, text->sight, step == 0, &sx, &sy);
        if (stop != TRAVEL_GO)
            break;
        if (!text_walk_step(text, session, &walk, sx, sy, &ok, error))
            return ok;
        stop = travel_watch_step(text->watch, text->state, text->sight);
        if (kind == TEXT_WALK_EXPLORE &&
            travel_going_round(session_state(session), session_view(session), been, &known)) {
            text_hear_note(text, TEXT_WALK_GOING_ROUND);
            return TRUE;
        }
    }
    text_walk_say(text, stop, text->watch->noticed);
    return TRUE;
}
