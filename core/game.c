/* game.c — the turn's unit of work: decide, then evolve + publish every
 * event in order, letting policies queue follow-ups that name their cause. */
#include "game.h"

#include "rules.h"

typedef struct {
    CavEventType type;
    GamePolicy policy;
    gpointer user_data;
} PolicyEntry;

struct Game {
    CavState *state;
    CavView *view;
    gboolean track_view;
    Bus *bus;
    GArray *policies;    /* of PolicyEntry */
    GArray *turn_events; /* of CavEvent, the last turn's */
    GArray *follow_ups;  /* scratch for one policy call */
    CavCommand command;  /* the last turn's */
};

Game *game_new(Bus *bus)
{
    Game *game = g_new0(Game, 1);

    game->state = state_new();
    game->view = g_new(CavView, 1);
    view_init(game->view);
    game->track_view = TRUE;
    game->bus = bus;
    game->policies = g_array_new(FALSE, FALSE, sizeof(PolicyEntry));
    game->turn_events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    game->follow_ups = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    return game;
}

void game_free(Game *game)
{
    if (game == NULL)
        return;
    g_free(game->state);
    g_free(game->view);
    g_array_unref(game->policies);
    g_array_unref(game->turn_events);
    g_array_unref(game->follow_ups);
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

void game_add_policy(Game *game, CavEventType type, GamePolicy policy, gpointer user_data)
{
    PolicyEntry entry = {.type = type, .policy = policy, .user_data = user_data};

    g_return_if_fail(game != NULL && policy != NULL && type < CAV_EVENT_TYPE_COUNT);
    g_array_append_val(game->policies, entry);
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
        entry->policy(game->state, event, game->follow_ups, entry->user_data);
        for (guint k = 0; k < game->follow_ups->len; k++) {
            CavEvent *follow =
                g_memdup2(&g_array_index(game->follow_ups, CavEvent, k), sizeof(CavEvent));
            follow->cause = event->seq;
            g_queue_push_tail(queue, follow);
        }
    }
    publish(game, event);
}

/* Commit @decided (a GArray of CavEvent) and everything it triggers. */
static void run_turn(Game *game, GArray *decided, gint32 turn)
{
    GQueue queue = G_QUEUE_INIT;
    CavEvent *next;

    g_array_set_size(game->turn_events, 0);
    for (guint i = 0; i < decided->len; i++)
        g_queue_push_tail(&queue,
                          g_memdup2(&g_array_index(decided, CavEvent, i), sizeof(CavEvent)));
    while ((next = g_queue_pop_head(&queue)) != NULL) {
        commit(game, next, turn, &queue);
        g_free(next);
    }
}

void game_start(Game *game, gint64 seed, const char *player_name)
{
    g_autoptr(GArray) decided = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    CavRng rng = rng_at((guint64) seed, RNG_STREAM_GAME, 0);

    g_return_if_fail(game != NULL && game->state->last_seq == 0);
    decide_start(game->state, seed, player_name, &rng, decided);
    game->command = (CavCommand){.kind = CMD_START, .seed = seed};
    run_turn(game, decided, 0);
}

gboolean game_play(Game *game, const CavCommand *command, char **why)
{
    g_autoptr(GArray) decided = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    gint32 turn;
    CavRng rng;

    g_return_val_if_fail(game != NULL && command != NULL, FALSE);
    turn = game->state->turn + 1;
    rng = rng_at((guint64) game->state->seed, RNG_STREAM_GAME, turn);
    if (!decide_player(game->state, command, &rng, decided, why))
        return FALSE;
    game->command = *command;
    run_turn(game, decided, turn);
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
