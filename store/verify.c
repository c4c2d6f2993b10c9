/* SPDX-License-Identifier: GPL-3.0-or-later */
/* verify.c — re-simulating a game file: a fresh game from the recorded seed
 * plays each recorded command, and every event it produces must equal the
 * stored one, field by field. The stored events are read in seq order and
 * gathered a turn at a time; each turn is then played and compared. */
#include "verify.h"

#include "cavelog-config.h"
#include "session.h"

#include <string.h>

typedef struct {
    Store *store;
    Game *game;
    const char *path;
    const char *build;   /* the version that wrote the file */
    GArray *stored;      /* of CavEvent: the turn being gathered */
    GPtrArray *commands; /* each turn's recorded command, by turn */
    gint32 turn;
    gint32 turns;
} Resim;

/* Whether field @f of @a and @b holds the same value (as
 * ev_append_field_value would print it: text up to its NUL). */
static gboolean same_field(const CavEvent *a, const CavEvent *b, const CavFieldInfo *f)
{
    const char *x = (const char *) &a->as + f->offset;
    const char *y = (const char *) &b->as + f->offset;

    switch (f->kind) {
    case CAV_FIELD_I32:
        return *(const gint32 *) (const void *) x == *(const gint32 *) (const void *) y;
    case CAV_FIELD_I64:
        return *(const gint64 *) (const void *) x == *(const gint64 *) (const void *) y;
    case CAV_FIELD_STR:
    case CAV_FIELD_ROW:
        return strncmp(x, y, f->size) == 0;
    }
    return FALSE;
}

/* The first difference between @a (stored) and @b (produced), as
 * "field: stored S, this build P", or NULL when they are the same. */
static char *difference(const CavEvent *a, const CavEvent *b)
{
    const CavFieldInfo *fields;
    guint n;

    if (a->type != b->type)
        return g_strdup_printf("type: stored %s, this build %s", ev_type_name(a->type),
                               ev_type_name(b->type));
    if (a->seq != b->seq || a->turn != b->turn || a->cause != b->cause || a->actor != b->actor)
        return g_strdup_printf("envelope: stored seq %" G_GINT64_FORMAT " cause %" G_GINT64_FORMAT
                               " actor %d, this build seq %" G_GINT64_FORMAT
                               " cause %" G_GINT64_FORMAT " actor %d",
                               a->seq, a->cause, a->actor, b->seq, b->cause, b->actor);
    n = ev_type_fields(a->type, &fields);
    for (guint i = 0; i < n; i++) {
        if (same_field(a, b, &fields[i]))
            continue; /* the common case, without printing */
        g_autoptr(GString) x = g_string_new(NULL);
        g_autoptr(GString) y = g_string_new(NULL);
        ev_append_field_value(a, &fields[i], x);
        ev_append_field_value(b, &fields[i], y);
        if (strcmp(x->str, y->str) != 0)
            return g_strdup_printf("%s: stored %s, this build %s", fields[i].name, x->str, y->str);
    }
    return NULL;
}

/* The error for a divergence at turn @r->turn: the file's own build's rules
 * when another build wrote it, else a tampered file. */
static gboolean diverged(Resim *r, const char *command, const char *what, GError **error)
{
    if (g_strcmp0(r->build, CAVELOG_VERSION) != 0)
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                    "%s: recorded with the rules of cavelog %s; this build's (%s) differ from "
                    "turn %d (%s): %s",
                    r->path, r->build, CAVELOG_VERSION, r->turn, command, what);
    else
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                    "%s: turn %d (%s) does not replay: %s", r->path, r->turn, command, what);
    return FALSE;
}

/* Compare what the game produced for the turn with what was stored. */
static gboolean compare_turn(Resim *r, const char *command, GError **error)
{
    const GArray *produced = game_turn_events(r->game);

    for (guint i = 0; i < MAX(produced->len, r->stored->len); i++) {
        const CavEvent *a = i < r->stored->len ? &g_array_index(r->stored, CavEvent, i) : NULL;
        const CavEvent *b = i < produced->len ? &g_array_index(produced, CavEvent, i) : NULL;
        g_autofree char *field = NULL;
        g_autofree char *what = NULL;
        if (a == NULL || b == NULL)
            what = g_strdup_printf("the file holds %u events, this build produces %u",
                                   r->stored->len, produced->len);
        else if ((field = difference(a, b)) != NULL)
            what = g_strdup_printf("event %" G_GINT64_FORMAT " (%s) %s", a->seq,
                                   ev_type_name(a->type), field);
        if (what != NULL)
            return diverged(r, command, what, error);
    }
    r->turns++;
    return TRUE;
}

/* Play the recorded command of the gathered turn (turn 0: the start). */
static gboolean replay_turn(Resim *r, GError **error)
{
    const char *json =
        (guint) r->turn < r->commands->len ? g_ptr_array_index(r->commands, (guint) r->turn) : NULL;
    g_autofree char *why = NULL;
    CavCommand command;

    if (json == NULL) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED, "%s: turn %d has no command", r->path,
                    r->turn);
        return FALSE;
    }
    if (!command_from_json(json, &command, NULL))
        return diverged(r, json, "this build does not know the command", error);
    if (r->turn == 0) {
        const CavEvent *first = &g_array_index(r->stored, CavEvent, 0);
        if (command.kind != CMD_START || first->type != CAV_EVENT_GAME_STARTED)
            return diverged(r, json, "a game begins with its start", error);
        game_start(r->game, first->as.GameStarted.seed, first->as.GameStarted.player_name);
    } else if (!game_play(r->game, &command, &why)) {
        g_autofree char *what = g_strdup_printf("this build refuses the command: %s", why);
        return diverged(r, json, what, error);
    }
    return compare_turn(r, json, error);
}

static gboolean gather(const CavEvent *event, gpointer user_data, GError **error)
{
    Resim *r = user_data;

    if (event->turn != r->turn && r->stored->len > 0) {
        if (!replay_turn(r, error))
            return FALSE;
        g_array_set_size(r->stored, 0);
    }
    r->turn = event->turn;
    g_array_append_val(r->stored, *event);
    return TRUE;
}

gboolean verify_resimulate(Store *store, CavContent *content, gint32 *turns, GError **error)
{
    g_autoptr(Game) game = game_new_with_content(content, NULL);
    StoreGameInfo info = {0};
    Resim r = {.store = store, .game = game, .path = store_path(store)};
    gboolean ok;

    g_return_val_if_fail(store != NULL && content != NULL, FALSE);
    if (!store_read_info(store, &info, error))
        return FALSE;
    game_track_view(game, FALSE);
    r.build = info.build;
    r.stored = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    r.commands = store_turn_commands(store, error);
    ok = r.commands != NULL && store_foreach_event_piped(store, NULL, gather, &r, error) &&
         (r.stored->len == 0 || replay_turn(&r, error));
    g_array_unref(r.stored);
    if (r.commands != NULL)
        g_ptr_array_unref(r.commands);
    store_game_info_clear(&info);
    if (ok && turns != NULL)
        *turns = r.turns;
    return ok;
}

gboolean verify_game(Store *store, VerifyReport *report, GError **error)
{
    g_autoptr(Game) game = game_new(NULL);
    g_autoptr(GError) damaged = NULL;
    CavContent *content;

    g_return_val_if_fail(store != NULL && report != NULL, FALSE);
    memset(report, 0, sizeof *report);
    game_track_view(game, FALSE); /* the digests cover the rules state only */
    if (!store_fold_checked(store, game, NULL, NULL, error))
        return FALSE;
    report->events = game_state(game)->last_seq;
    content = store_read_content(store, &damaged);
    if (damaged != NULL) {
        g_propagate_error(error, g_steal_pointer(&damaged));
        return FALSE;
    }
    report->recorded_content = content != NULL;
    if (content == NULL)
        content = session_load_content(error);
    return content != NULL && verify_resimulate(store, content, &report->turns, error);
}
