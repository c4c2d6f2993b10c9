/* SPDX-License-Identifier: GPL-3.0-or-later */
/* checks.c — judging what a game file holds, on top of the store: the
 * turns table as store_read_turns_checked reads it, every event folded and
 * validated in its turn, every turn's digest, the data the game records and
 * the game row against the fold. Every reader (continue, verify, replay,
 * the inspector, list --check, fork) goes through checks_fold. */
#include "checks.h"

#include <string.h>

#include "agree.h"
#include "bookmarks.h"
#include "cavelog-config.h"
#include "lineage.h"
#include "rules.h"
#include "store.h"
#include "turns-table.h"

static gboolean event_in_turn(const GArray *starts, const CavEvent *event)
{
    guint turn = (guint) event->turn;

    if (event->turn < 0 || turn >= starts->len)
        return FALSE;
    return event->seq >= g_array_index(starts, gint64, turn) &&
           (turn + 1 == starts->len || event->seq < g_array_index(starts, gint64, turn + 1));
}

gboolean checks_fold_event(Store *store, Game *game, const GArray *starts, const CavEvent *event,
                           GError **error)
{
    g_autoptr(GError) local = NULL;

    if (starts != NULL && !event_in_turn(starts, event))
        return store_fail(error, STORE_ERROR_TAMPERED, store_path(store),
                          "event %" G_GINT64_FORMAT " is not where the turns table puts turn %d",
                          event->seq, event->turn);
    return game_fold(game, event, &local) ||
           store_fail(error, STORE_ERROR_TAMPERED, store_path(store), "%s", local->message);
}

typedef struct {
    Store *store;
    Game *game;
    GArray *starts;      /* each turn's first seq */
    GArray *digests;     /* each turn's recorded digest */
    gint32 turn;         /* the turn being folded */
    GArray *commands;    /* each turn's recorded command */
    CavContent *content; /* the data the game was played with; NULL: not known */
    GArray *events;      /* of CavEvent: the turn's events so far */
    gboolean forked;     /* the file has a lineage: */
    Lineage lineage;     /* where it says the fork was made */
    StoreEventFunc each;
    gpointer data;
} CheckedFold;

/* The digest of @state as files of this store's schema record it. */
static guint64 digest_of(const Store *store, const CavState *state)
{
    gint64 version = store_schema_version(store);

    if (version < 2)
        return state_digest_v1(state);
    return version == 2 ? state_digest_v2(state) : state_digest(state);
}

/* The state, now at the end of turn @f->turn, against that turn's digest. */
/* A fork's lineage names the turn it was made at and its parent's digest
 * of that turn, which is the fork's own state then (by this build's digest,
 * or an older schema's: a fork of an older file records the digest that
 * file holds). A lineage that lies about either is refused. */
static gboolean check_lineage_turn(CheckedFold *f, GError **error)
{
    const CavState *state = game_state(f->game);
    guint64 claimed = f->lineage.parent_digest;

    if (!f->forked || f->turn != f->lineage.turn)
        return TRUE;
    return claimed == state_digest(state) || claimed == state_digest_v2(state) ||
           claimed == state_digest_v1(state) ||
           store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                      "the lineage says the game was forked at turn %d from another state than "
                      "this game's at that turn (its fork turn or its parent's digest is wrong)",
                      f->lineage.turn);
}

static gboolean check_turn_digest(CheckedFold *f, GError **error)
{
    guint64 recorded = g_array_index(f->digests, guint64, f->turn);

    return (recorded == digest_of(f->store, game_state(f->game)) ||
            store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                       "the state after turn %d does not match its recorded digest", f->turn)) &&
           check_lineage_turn(f, error);
}

/* A follow-up's cause (validated to lie earlier in its own turn) is an
 * event some rule of the game reacts to: a death is not caused by a step.
 * (Turn 0, the world made from the seed, is re-run whole by verify.) */
static gboolean check_cause_type(CheckedFold *f, const CavEvent *event, GError **error)
{
    /* The fold put the event in its turn's run, which starts here. */
    gint64 at = event->cause - g_array_index(f->starts, gint64, event->turn);
    CavEventType type;

    if (event->cause == 0 || event->turn == 0)
        return TRUE;
    if (at < 0 || at >= (gint64) f->events->len)
        return store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                          "event %" G_GINT64_FORMAT " names a cause outside its own turn",
                          event->seq);
    type = g_array_index(f->events, CavEvent, at).type;
    return game_reacts_to(f->game, type) ||
           store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                      "event %" G_GINT64_FORMAT " (%s) names as its cause event %" G_GINT64_FORMAT
                      " (%s), which no rule of the game reacts to",
                      event->seq, ev_type_name(event->type), event->cause, ev_type_name(type));
}

static gboolean disagrees(CheckedFold *f, const CavEvent *event, char *why, GError **error)
{
    store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
               "turn %d, event %" G_GINT64_FORMAT " (%s): %s", event->turn, event->seq,
               ev_type_name(event->type), why);
    g_free(why);
    return FALSE;
}

/* The event of @event's turn folded so far that it names as its cause, or
 * NULL (none named, or one outside: check_cause_type says what is wrong). */
static const CavEvent *cause_in_turn(const CheckedFold *f, const CavEvent *event)
{
    gint64 start = g_array_index(f->starts, gint64, event->turn);

    if (event->cause < start || event->cause - start >= (gint64) f->events->len)
        return NULL;
    return &g_array_index(f->events, CavEvent, event->cause - start);
}

/* Whether core/agree.h has something to say about @event (the @first of its turn or not). */
static gboolean agreement_applies(const CavEvent *event, gboolean first)
{
    return first || event->type == CAV_EVENT_CREATURE_DIED || event->type == CAV_EVENT_GAME_LOST ||
           event->type == CAV_EVENT_XP_GAINED;
}

/* What the rules say between the events of a turn (core/agree.h), before
 * @event is folded: the player's action (a turn's first event) is its
 * command, a follow-up agrees with its cause. Turn 0 is re-run by verify.
 * An event validation refuses is left to checks_fold_event, which says why. */
static gboolean check_agreement(CheckedFold *f, const CavEvent *event, GError **error)
{
    const CavState *state = game_state(f->game);
    gboolean first = f->events->len == 0;
    const CavEvent *cause;
    char *why = NULL;

    if (event->turn == 0 || !event_in_turn(f->starts, event) || !agreement_applies(event, first) ||
        !validate_event(state, event, NULL))
        return TRUE;
    if (first &&
        !agree_command(state, &g_array_index(f->commands, CavCommand, event->turn), event, &why))
        return disagrees(f, event, why, error);
    cause = cause_in_turn(f, event);
    if (event->cause != 0 && (cause == NULL || !game_reacts_to(f->game, cause->type)))
        return TRUE; /* check_cause_type says what is wrong */
    return agree_cause(state, event, cause, &why) || disagrees(f, event, why, error);
}

/* A spawned creature's or item's numbers are the game's data's. */
static gboolean check_spawn_data(CheckedFold *f, const CavEvent *event, GError **error)
{
    char *why = NULL;

    return f->content == NULL || agree_content(f->content, event, &why) ||
           disagrees(f, event, why, error);
}

static gboolean fold_checked_one(const CavEvent *event, gpointer user_data, GError **error)
{
    CheckedFold *f = user_data;

    /* A turn is over when the next begins (event_in_turn keeps turns in order). */
    if (event->seq > 1 && event->turn != f->turn && !check_turn_digest(f, error))
        return FALSE;
    if (event->seq == 1 || event->turn != f->turn)
        g_array_set_size(f->events, 0);
    f->turn = event->turn;
    if (!check_agreement(f, event, error) ||
        !checks_fold_event(f->store, f->game, f->starts, event, error) ||
        !check_cause_type(f, event, error) || !check_spawn_data(f, event, error))
        return FALSE;
    g_array_append_val(f->events, *event);
    return f->each == NULL || f->each(event, f->data, error);
}

/* After folding: the state must end exactly at the last turn, with its digest. */
static gboolean check_last_turn(CheckedFold *f, GError **error)
{
    const CavState *state = game_state(f->game);
    gint32 turn;
    guint64 digest;
    gint64 last_seq;

    if (!store_last_turn(f->store, &turn, &digest, &last_seq, error))
        return FALSE;
    if (turn < 0 || state->last_seq == 0)
        return store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                          "the game has no turns");
    if (state->turn != turn || state->last_seq != last_seq)
        return store_fail(error, STORE_ERROR_TAMPERED, store_path(f->store),
                          "the events do not end where turn %d ends", turn);
    return check_turn_digest(f, error); /* f->turn is that last turn */
}

/* The recorded data, if any, reads. A file this build wrote also goes
 * into @content: its recorded data, or (none recorded) this build's, which
 * it was played with; the spawns of such a game are checked against it by
 * this build's rules. Another build's file leaves @content NULL. */
static gboolean check_content(Store *store, CavContent **content, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(CavContent) recorded = store_read_content(store, &local);
    StoreGameInfo info;
    gboolean ours;

    *content = NULL;
    if (local != NULL) {
        g_propagate_error(error, g_steal_pointer(&local));
        return FALSE;
    }
    if (!store_read_info(store, &info, error))
        return FALSE;
    ours = g_strcmp0(info.build, CAVELOG_VERSION) == 0;
    store_game_info_clear(&info);
    if (ours)
        *content = recorded != NULL ? g_steal_pointer(&recorded) : content_new_builtin();
    return TRUE;
}

/* Fold the events after @f's first turn with every check; @f's starts and
 * digests are read. */
static gboolean fold_checked(CheckedFold *f, const StoreFilter *filter, GError **error)
{
    return lineage_read(f->store, &f->forked, &f->lineage, error) &&
           bookmarks_check(f->store, error) &&
           store_foreach_event_piped(f->store, filter, fold_checked_one, f, error) &&
           check_last_turn(f, error) && checks_description(f->store, game_state(f->game), error);
}

static void checked_fold_clear(CheckedFold *f)
{
    g_clear_pointer(&f->starts, g_array_unref);
    g_clear_pointer(&f->digests, g_array_unref);
    g_clear_pointer(&f->commands, g_array_unref);
    g_clear_pointer(&f->content, content_free);
    g_clear_pointer(&f->events, g_array_unref);
    lineage_clear(&f->lineage);
}

gboolean checks_fold(Store *store, Game *game, StoreEventFunc each, gpointer data, GError **error)
{
    CheckedFold f = {.store = store, .game = game, .each = each, .data = data};
    gboolean ok;

    g_return_val_if_fail(store != NULL && game != NULL, FALSE);
    f.events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    ok = check_content(store, &f.content, error) &&
         store_read_turns_checked(store, &f.starts, &f.digests, &f.commands, error) &&
         fold_checked(&f, NULL, error);
    checked_fold_clear(&f);
    return ok;
}

gboolean checks_fold_after(Store *store, Game *game, StoreEventFunc each, gpointer data,
                           GError **error)
{
    const CavState *state = game_state(game);
    CheckedFold f = {.store = store, .game = game, .each = each, .data = data};
    StoreFilter after = {.by_seq = TRUE, .first_seq = state->last_seq + 1, .last_seq = G_MAXINT64};
    gboolean ok;

    g_return_val_if_fail(store != NULL && game != NULL && state->last_seq > 0, FALSE);
    f.turn = state->turn;
    f.events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    ok = check_content(store, &f.content, error) &&
         store_read_turns_checked_from(store, state->turn, state->last_seq, &f.starts, &f.digests,
                                       &f.commands, error) &&
         fold_checked(&f, &after, error);
    checked_fold_clear(&f);
    return ok;
}

/* The score as cavelog 0.2.0 counted it in a game with potions: only the
 * turns in which time passed, not bonuses chosen or looks named (which
 * made it disagree with the turns the game shows). */
static gint32 score_by_time(const CavState *state)
{
    const CavCreature *player = state_player(state);
    gint32 turns = state->look_count > 0 ? state->time : state->turn;

    return (state->deepest + 1) * 100 + (player != NULL ? player->kills : 0) * 10 + turns / 10 +
           (state->outcome == OUTCOME_WON ? 1000 : 0);
}

/* The score the row may hold: this build's rule (every build's but
 * 0.2.0's, and what version 1 files are given from their events); for a
 * file another build wrote, 0.2.0's rule as well (never anything else: a
 * file that says another build wrote it does not get to name its own
 * score). */
static gboolean score_matches(const Store *store, const StoreGameInfo *info, const CavState *state)
{
    if (info->score == state_score(state))
        return TRUE;
    return (store_schema_version(store) < 2 || g_strcmp0(info->build, CAVELOG_VERSION) != 0) &&
           info->score == score_by_time(state);
}

gboolean checks_description(Store *store, const CavState *state, GError **error)
{
    StoreGameInfo info;
    const CavCreature *player = state_player(state);
    gboolean same;

    if (!store_read_info(store, &info, error))
        return FALSE;
    same = info.seed == state->seed && info.turns == state->turn &&
           info.depth == state->deepest + 1 && info.kills == (player != NULL ? player->kills : 0) &&
           g_strcmp0(info.outcome, state_outcome_name(state->outcome)) == 0 &&
           g_strcmp0(info.cause != NULL ? info.cause : "", state->cause) == 0 &&
           g_strcmp0(info.player_name, state->player_name) == 0 &&
           score_matches(store, &info, state);
    store_game_info_clear(&info);
    return same || store_fail(error, STORE_ERROR_TAMPERED, store_path(store),
                              "the game's description (seed, player, turns, depth, kills, score, "
                              "outcome or cause) does not match its events");
}

gboolean checks_digest(Store *store, gint32 turn, const CavState *state, GError **error)
{
    guint64 digest = 0;

    if (!store_turn_digest(store, turn, &digest, error))
        return FALSE;
    return digest == digest_of(store, state) ||
           store_fail(error, STORE_ERROR_TAMPERED, store_path(store),
                      "the state after turn %d does not match its recorded digest", turn);
}
