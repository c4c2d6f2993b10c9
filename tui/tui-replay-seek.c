/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui-replay-seek.c — finding turns in a history for the replay: a turn's
 * messages worded as the player read them, the message history up to a
 * turn, the next or previous change of depth or notable moment, and the
 * next turn where a condition holds. Events are read in chunks of turns;
 * states come from the history's snapshots. */
#include "tui-replay.h"

#include "messages.h"

#include <string.h>

/* Turns read at once while searching or gathering messages. */
#define REPLAY_CHUNK_TURNS 256

gint32 replay_last_turn(const History *history)
{
    return MAX(history_turns(history) - 1, 0);
}

gint64 replay_turn_end(const History *history, gint32 turn)
{
    if (turn < 0)
        return 0;
    if (turn >= replay_last_turn(history))
        return history_length(history);
    return history_turn_start(history, turn + 1) - 1;
}

/* The first event of @turn (past replay_turn_end() when it has none). */
static gint64 replay_turn_first(const History *history, gint32 turn)
{
    gint64 first = history_turn_start(history, turn);

    return first > 0 ? first : history_length(history) + 1;
}

/* Word events @first … @last as the player read them: each seq's message
 * appended to @texts, its turn to @turns. Leaves @history after @last. */
static gboolean replay_describe(History *history, gint64 first, gint64 last, GPtrArray *texts,
                                GArray *turns, GError **error)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GString) text = g_string_new(NULL);

    if (!history_seek(history, first - 1, error))
        return FALSE;
    if (last < first)
        return TRUE;
    if (!history_read(history, first, last, events, error))
        return FALSE;
    for (guint i = 0; i < events->len; i++) {
        const CavEvent *event = &g_array_index(events, CavEvent, i);

        if (!history_seek(history, event->seq, error))
            return FALSE;
        g_string_truncate(text, 0);
        if (!messages_describe(history_state(history), history_view(history), event, text) ||
            text->len == 0)
            continue;
        g_ptr_array_add(texts, g_strdup(text->str));
        g_array_append_val(turns, event->turn);
    }
    return TRUE;
}

gboolean replay_show_turn(History *history, gint32 turn, TuiLog *log, GError **error)
{
    g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) turns = g_array_new(FALSE, FALSE, sizeof(gint32));
    gint64 first = replay_turn_first(history, turn), last = replay_turn_end(history, turn);

    if (!replay_describe(history, MIN(first, last + 1), last, texts, turns, error))
        return FALSE;
    for (guint i = 0; i < texts->len; i++)
        tui_log_add(log, turn, texts->pdata[i]);
    return TRUE;
}

gboolean replay_history_upto(History *history, gint32 turn, TuiLog *log, GError **error)
{
    g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GArray) turns = g_array_new(FALSE, FALSE, sizeof(gint32));
    gint32 to = turn;

    /* Chunks of turns, newest first, each worded oldest first. */
    while (to >= 0 && texts->len < TUI_LOG_HISTORY_MAX) {
        gint32 from = MAX(to - REPLAY_CHUNK_TURNS + 1, 0);
        g_autoptr(GPtrArray) chunk = g_ptr_array_new_with_free_func(g_free);
        g_autoptr(GArray) chunk_turns = g_array_new(FALSE, FALSE, sizeof(gint32));
        gint64 first = replay_turn_first(history, from), last = replay_turn_end(history, to);

        if (!replay_describe(history, MIN(first, last + 1), last, chunk, chunk_turns, error))
            return FALSE;
        g_ptr_array_extend_and_steal(chunk, g_steal_pointer(&texts));
        texts = g_steal_pointer(&chunk);
        g_array_append_vals(chunk_turns, turns->data, turns->len);
        g_array_unref(turns);
        turns = g_steal_pointer(&chunk_turns);
        to = from - 1;
    }
    for (guint i = 0; i < texts->len; i++)
        tui_log_add(log, g_array_index(turns, gint32, i), texts->pdata[i]);
    tui_log_mark_read(log);
    return TRUE;
}

/* Whether @event hurt creature @player (a blow, a missile, a wound, an
 * effect). If-chains, not switches: most types are none of these. */
static gboolean replay_hurts(const CavEvent *event, gint32 player)
{
    if (event->type == CAV_EVENT_CREATURE_ATTACKED)
        return event->as.CreatureAttacked.target == player && event->as.CreatureAttacked.damage > 0;
    if (event->type == CAV_EVENT_CREATURE_HURT)
        return event->as.CreatureHurt.creature == player && event->as.CreatureHurt.damage > 0;
    if (event->type == CAV_EVENT_ITEM_THROWN)
        return event->as.ItemThrown.target == player && event->as.ItemThrown.damage > 0;
    if (event->type == CAV_EVENT_SHOT_FIRED)
        return event->as.ShotFired.target == player && event->as.ShotFired.damage > 0;
    if (event->type == CAV_EVENT_EFFECT_APPLIED)
        return event->as.EffectApplied.creature == player && event->as.EffectApplied.hp < 0;
    return FALSE;
}

/* Why @event is a notable moment for @player, or NULL. */
static const char *replay_notable(const CavEvent *event, gint32 player)
{
    if (replay_hurts(event, player))
        return "you were hurt";
    if (event->type == CAV_EVENT_CREATURE_DIED && event->as.CreatureDied.creature == player)
        return "you died";
    if (event->type == CAV_EVENT_CREATURE_DIED && event->as.CreatureDied.killer == player)
        return "a kill";
    if (event->type == CAV_EVENT_LEVEL_GAINED && event->as.LevelGained.creature == player)
        return "a level gained";
    if (event->type == CAV_EVENT_ITEM_IDENTIFIED)
        return "an item identified";
    if (event->type == CAV_EVENT_GAME_WON)
        return "the game won";
    if (event->type == CAV_EVENT_GAME_LOST)
        return "the game lost";
    return NULL;
}

static const char *replay_matches(const CavEvent *event, gint32 player, ReplayFind what)
{
    if (what == REPLAY_FIND_NOTABLE)
        return replay_notable(event, player);
    if (event->type == CAV_EVENT_CREATURE_TOOK_STAIRS &&
        event->as.CreatureTookStairs.creature == player)
        return "a change of depth";
    return NULL;
}

/* The first (@forward) or last event of turns @from … @to that matches. */
static gboolean replay_find_in(History *history, gint32 from, gint32 to, gboolean forward,
                               ReplayFind what, gint32 *found, const char **why, GError **error)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint64 first = replay_turn_first(history, from), last = replay_turn_end(history, to);
    gint32 player = history_last_state(history)->player;

    if (last < first || !history_read(history, first, last, events, error))
        return FALSE;
    for (guint n = 0; n < events->len; n++) {
        const CavEvent *event = &g_array_index(events, CavEvent, forward ? n : events->len - 1 - n);
        const char *reason = replay_matches(event, player, what);

        if (reason != NULL) {
            *found = event->turn;
            *why = reason;
            return TRUE;
        }
    }
    return FALSE;
}

gboolean replay_find(History *history, gint32 from, gboolean forward, ReplayFind what,
                     gint32 *found, const char **why, GError **error)
{
    gint32 last = replay_last_turn(history);
    const char *reason = NULL;
    g_autoptr(GError) local = NULL;

    g_return_val_if_fail(history != NULL && found != NULL, FALSE);
    for (gint32 at = forward ? from + 1 : from - 1; forward ? at <= last : at >= 0;
         at += forward ? REPLAY_CHUNK_TURNS : -REPLAY_CHUNK_TURNS) {
        gint32 lo = forward ? at : MAX(at - REPLAY_CHUNK_TURNS + 1, 0);
        gint32 hi = forward ? MIN(at + REPLAY_CHUNK_TURNS - 1, last) : at;

        if (replay_find_in(history, lo, hi, forward, what, found, &reason, &local)) {
            if (why != NULL)
                *why = reason;
            return TRUE;
        }
        if (local != NULL) {
            g_propagate_error(error, g_steal_pointer(&local));
            return FALSE;
        }
    }
    return FALSE;
}

/* The facts of @turn the index answers: the types of its events. */
static void turn_types(const History *history, gint32 turn, ReplayFacts *facts)
{
    gint64 last = replay_turn_end(history, turn);

    memset(facts, 0, sizeof *facts);
    facts->turn = turn;
    for (gint64 seq = replay_turn_first(history, turn); seq <= last; seq++)
        facts->types[history_entry(history, seq)->type] = TRUE;
}

/* Whether @query holds at @turn: its events first (the index answers), then
 * the player at the turn's end, kept by the history when it opened. */
static gboolean query_holds_at(History *history, gint32 turn, const ReplayQuery *query)
{
    ReplayFacts facts;

    turn_types(history, turn, &facts);
    if (!replay_query_events_hold(query, &facts))
        return FALSE;
    return history_turn_facts(history, turn, &facts) && replay_query_holds(query, &facts);
}

gboolean replay_find_query(History *history, gint32 from, gboolean forward,
                           const ReplayQuery *query, gint32 *found, GError **error)
{
    gint32 last = replay_last_turn(history), step = forward ? 1 : -1;

    g_return_val_if_fail(history != NULL && query != NULL && found != NULL, FALSE);
    (void) error; /* the history's index and its turns' facts answer: nothing is read */
    for (gint32 turn = CLAMP(from + step, -1, last + 1); turn >= 0 && turn <= last; turn += step)
        if (query_holds_at(history, turn, query)) {
            *found = turn;
            return TRUE;
        }
    return FALSE;
}
