/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game.c — the turn's unit of work: decide, then evolve + publish every
 * event in order, letting policies queue follow-ups that name their cause;
 * then every creature of the player's level and the upkeep, each deciding
 * against the state the events before it left. */
#include "game.h"

#include "fov.h"
#include "policies.h"
#include "rules.h"

typedef struct {
    gpointer data;
    GDestroyNotify free;
} Kept;

typedef struct {
    CavEventType type;
    GamePolicy policy;
    gpointer user_data;
    const char *name;
} PolicyEntry;

struct Game {
    CavState *state;
    CavView *view;
    gboolean track_view;
    Bus *bus;
    CavContent *content;
    GArray *policies;    /* of PolicyEntry */
    GArray *kept;        /* of Kept: the policies' own data (game_keep) */
    GArray *turn_events; /* of CavEvent, the last turn's */
    GArray *follow_ups;  /* scratch for one policy call */
    GArray *decided;     /* scratch for one decision */
    CavRng rng;          /* the turn's draws */
    CavCommand command;  /* the last turn's */
    GameTracer tracer;   /* nullable */
    gpointer tracer_data;
    GameExplainer explainer; /* nullable */
    gpointer explainer_data;
};

Game *game_new_with_content(CavContent *content, Bus *bus)
{
    Game *game = g_new0(Game, 1);

    g_return_val_if_fail(content != NULL, NULL);
    game->state = state_new();
    game->view = g_new(CavView, 1);
    view_init(game->view);
    game->track_view = TRUE;
    game->bus = bus;
    game->content = content;
    game->policies = g_array_new(FALSE, FALSE, sizeof(PolicyEntry));
    game->kept = g_array_new(FALSE, FALSE, sizeof(Kept));
    game->turn_events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    game->follow_ups = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    game->decided = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    policies_install(game, game->content);
    return game;
}

Game *game_new(Bus *bus)
{
    return game_new_with_content(content_new_builtin(), bus);
}

void game_free(Game *game)
{
    if (game == NULL)
        return;
    g_free(game->state);
    g_free(game->view);
    content_free(game->content);
    g_array_unref(game->policies);
    for (guint i = 0; i < game->kept->len; i++)
        g_array_index(game->kept, Kept, i).free(g_array_index(game->kept, Kept, i).data);
    g_array_unref(game->kept);
    g_array_unref(game->turn_events);
    g_array_unref(game->follow_ups);
    g_array_unref(game->decided);
    g_free(game);
}

const CavState *game_state(const Game *game)
{
    g_return_val_if_fail(game != NULL, NULL);
    return game->state;
}

const CavView *game_view(const Game *game)
{
    g_return_val_if_fail(game != NULL, NULL);
    return game->view;
}

const CavContent *game_content(const Game *game)
{
    g_return_val_if_fail(game != NULL, NULL);
    return game->content;
}

void game_track_view(Game *game, gboolean track)
{
    g_return_if_fail(game != NULL);
    if (track && !game->track_view)
        view_refresh(game->view, game->state);
    game->track_view = track;
}

/* Evolve @event into the state and, if tracked, the player's view. */
static void apply(Game *game, const CavEvent *event)
{
    evolve(game->state, event);
    if (game->track_view)
        view_apply(game->view, game->state, event);
}

void game_add_policy_named(Game *game, CavEventType type, GamePolicy policy, gpointer user_data,
                           const char *name)
{
    PolicyEntry entry = {.type = type, .policy = policy, .user_data = user_data, .name = name};

    g_return_if_fail(game != NULL && policy != NULL && type < CAV_EVENT_TYPE_COUNT);
    g_array_append_val(game->policies, entry);
}

void game_keep(Game *game, gpointer data, GDestroyNotify free)
{
    Kept kept = {.data = data, .free = free};

    g_return_if_fail(game != NULL && free != NULL);
    g_array_append_val(game->kept, kept);
}

gboolean game_reacts_to(const Game *game, CavEventType type)
{
    g_return_val_if_fail(game != NULL, FALSE);
    for (guint i = 0; i < game->policies->len; i++)
        if (g_array_index(game->policies, PolicyEntry, i).type == type)
            return TRUE;
    return FALSE;
}

guint game_policy_names(const Game *game, CavEventType type, const char **names, guint max)
{
    guint n = 0;

    g_return_val_if_fail(game != NULL, 0);
    for (guint i = 0; i < game->policies->len; i++) {
        const PolicyEntry *entry = &g_array_index(game->policies, PolicyEntry, i);
        if (entry->type != type)
            continue;
        if (n < max)
            names[n] = entry->name;
        n++;
    }
    return n;
}

void game_set_explainer(Game *game, GameExplainer explainer, gpointer data)
{
    g_return_if_fail(game != NULL);
    game->explainer = explainer;
    game->explainer_data = data;
}

void game_set_tracer(Game *game, GameTracer tracer, gpointer data)
{
    g_return_if_fail(game != NULL);
    game->tracer = tracer;
    game->tracer_data = data;
}

void game_restore(Game *game, const CavState *state)
{
    g_return_if_fail(game != NULL && state != NULL);
    *game->state = *state;
    view_init(game->view);
    view_refresh(game->view, game->state);
}

void game_restore_seen(Game *game, const CavState *state, const CavView *view)
{
    g_return_if_fail(game != NULL && state != NULL && view != NULL);
    *game->state = *state;
    *game->view = *view;
}

static void publish(Game *game, const CavEvent *event)
{
    if (game->bus != NULL)
        bus_publish(game->bus, event);
}

/* Stamp, evolve, publish and record @event; queue its policies' follow-ups
 * on @queue (a FIFO of CavEvent). */
static void commit(Game *game, CavEvent *event, gint32 turn, GQueue *queue)
{
    event->seq = game->state->last_seq + 1;
    event->turn = turn;
    event->version = ev_type_version(event->type);
    apply(game, event);
    g_array_append_val(game->turn_events, *event);
    for (guint i = 0; i < game->policies->len; i++) {
        PolicyEntry *entry = &g_array_index(game->policies, PolicyEntry, i);
        if (entry->type != event->type)
            continue;
        g_array_set_size(game->follow_ups, 0);
        entry->policy(game->state, event, &game->rng, game->follow_ups, entry->user_data);
        if (game->tracer != NULL)
            game->tracer(event, entry->name, game->follow_ups, game->tracer_data);
        for (guint k = 0; k < game->follow_ups->len; k++) {
            CavEvent *follow =
                g_memdup2(&g_array_index(game->follow_ups, CavEvent, k), sizeof(CavEvent));
            follow->cause = event->seq;
            g_queue_push_tail(queue, follow);
        }
    }
    publish(game, event);
}

static gboolean over(const Game *game)
{
    return game->state->outcome != OUTCOME_PLAYING;
}

/* Commit the events in game->decided and everything they trigger. Once the
 * game is over, whatever is still queued is dropped: nothing follows the end. */
static void commit_decided(Game *game, gint32 turn)
{
    GQueue queue = G_QUEUE_INIT;
    CavEvent *next;

    for (guint i = 0; i < game->decided->len; i++)
        g_queue_push_tail(&queue,
                          g_memdup2(&g_array_index(game->decided, CavEvent, i), sizeof(CavEvent)));
    g_array_set_size(game->decided, 0);
    while ((next = g_queue_pop_head(&queue)) != NULL) {
        if (!over(game))
            commit(game, next, turn, &queue);
        g_free(next);
    }
}

/* How many actions @c takes a turn (a bat blunders twice). */
static gint32 actions_of(const Game *game, const CavCreature *c)
{
    return c->behaviour == CAV_BEHAVIOUR_BAT ? content_rules(game->content)->bat_steps : 1;
}

/* The largest vision of any living creature on level @z. */
static gint32 widest_vision(const CavState *state, gint32 z)
{
    gint32 vision = 0;

    for (gint32 id = 1; id <= state->creature_count; id++)
        if (state_alive_on(state, id, z))
            vision = MAX(vision, state_vision(&state->creatures[id]));
    return vision;
}

/* Creature @id decides and its events are committed; with an explainer,
 * its reasons (CavDecision) and the events it made are handed over. */
static void explain_creature(Game *game, const guint8 fov[CAV_HEIGHT][CAV_WIDTH], gint32 id,
                             gint32 turn)
{
    CavDecision decision;
    gint64 first = game->state->last_seq + 1;

    decide_creature(game->state, game->content, fov, id, &game->rng, game->decided,
                    game->explainer != NULL ? &decision : NULL);
    commit_decided(game, turn);
    if (game->explainer != NULL)
        game->explainer(&decision, first, game->state->last_seq, game->rng.counter,
                        game->explainer_data);
}

/* Every living creature on the player's level acts, in spawn order; those
 * spawned during this phase wait for the next turn. The player's field of
 * view is computed once: the player does not move while the others act. */
static void creatures_act(Game *game, gint32 turn)
{
    const CavCreature *player = state_player(game->state);
    gint32 last = game->state->creature_count;
    g_autofree guint8(*fov)[CAV_WIDTH] = g_malloc0(sizeof(guint8[CAV_HEIGHT][CAV_WIDTH]));

    if (player == NULL || !player->alive)
        return;
    fov_compute(game->state, player->z, player->x, player->y, widest_vision(game->state, player->z),
                fov);
    for (gint32 id = 1; id <= last && !over(game); id++) {
        const CavCreature *c;
        if (id == game->state->player || !state_alive_on(game->state, id, player->z))
            continue;
        c = state_creature(game->state, id);
        for (gint32 n = actions_of(game, c); n > 0 && c->alive && !over(game); n--) {
            explain_creature(game, (const guint8(*)[CAV_WIDTH]) fov, id, turn);
        }
    }
}

static void upkeep(Game *game, gint32 turn)
{
    decide_upkeep(game->state, game->content, game->decided);
    commit_decided(game, turn);
    if (!over(game))
        decide_effects(game->state, &game->rng, game->decided);
    commit_decided(game, turn);
    if (!over(game))
        decide_effect_ends(game->state, game->decided);
    commit_decided(game, turn);
    if (!over(game))
        decide_regeneration(game->state, game->decided);
    commit_decided(game, turn);
    if (!over(game))
        decide_hunger(game->state, game->content, game->decided);
    commit_decided(game, turn);
}

void game_start(Game *game, gint64 seed, const char *player_name)
{
    g_return_if_fail(game != NULL && game->state->last_seq == 0);
    game->rng = rng_at((guint64) seed, RNG_STREAM_GAME, 0);
    g_array_set_size(game->decided, 0);
    decide_start(game->state, game->content, seed, player_name, &game->rng, game->decided);
    game->command = (CavCommand){.kind = CMD_START, .seed = seed};
    g_array_set_size(game->turn_events, 0);
    commit_decided(game, 0);
}

gboolean game_play(Game *game, const CavCommand *command, char **why)
{
    gint32 turn;

    g_return_val_if_fail(game != NULL && command != NULL, FALSE);
    turn = game->state->turn + 1;
    game->rng = rng_at((guint64) game->state->seed, RNG_STREAM_GAME, turn);
    g_array_set_size(game->decided, 0);
    if (!decide_player(game->state, game->content, command, &game->rng, game->decided, why)) {
        g_array_set_size(game->decided, 0);
        return FALSE;
    }
    game->command = *command;
    g_array_set_size(game->turn_events, 0);
    commit_decided(game, turn);
    if (command->kind != CMD_CHOOSE && command->kind != CMD_NAME && !over(game)) {
        creatures_act(game, turn);
        if (!over(game))
            upkeep(game, turn);
    }
    return TRUE;
}

const GArray *game_turn_events(const Game *game)
{
    g_return_val_if_fail(game != NULL, NULL);
    return game->turn_events;
}

const CavCommand *game_turn_command(const Game *game)
{
    g_return_val_if_fail(game != NULL, NULL);
    return &game->command;
}

gboolean game_fold(Game *game, const CavEvent *event, GError **error)
{
    g_return_val_if_fail(game != NULL && event != NULL, FALSE);
    if (!validate_event(game->state, event, error))
        return FALSE;
    apply(game, event);
    publish(game, event);
    return TRUE;
}
