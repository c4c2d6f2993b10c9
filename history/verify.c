/* SPDX-License-Identifier: GPL-3.0-or-later */
/* verify.c — re-simulating a game file: a fresh game from the recorded seed
 * plays each recorded command, and every event it produces must equal the
 * stored one, field by field. The stored events are read in seq order and
 * gathered a turn at a time; each turn is then played and compared. */
#include "verify.h"

#include "cavelog-config.h"
#include "checks.h"
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

/* Get @r ready to re-run @store's game with @content (taken over):
 * the build that wrote it and each turn's command. */
static gboolean resim_begin(Resim *r, Store *store, CavContent *content, StoreGameInfo *info,
                            GError **error)
{
    memset(r, 0, sizeof *r);
    r->store = store;
    r->path = store_path(store);
    r->game = game_new_with_content(content, NULL);
    game_track_view(r->game, FALSE);
    r->stored = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    if (!store_read_info(store, info, error))
        return FALSE;
    r->build = info->build;
    r->commands = store_turn_commands(store, error);
    return r->commands != NULL;
}

/* Re-run the last turn gathered: every event has been read. */
static gboolean resim_end(Resim *r, GError **error)
{
    return r->stored->len == 0 || replay_turn(r, error);
}

static void resim_clear(Resim *r)
{
    g_clear_pointer(&r->stored, g_array_unref);
    g_clear_pointer(&r->commands, g_ptr_array_unref);
    g_clear_pointer(&r->game, game_free);
}

gboolean verify_resimulate(Store *store, CavContent *content, gint32 *turns, GError **error)
{
    StoreGameInfo info = {0};
    Resim r;
    gboolean ok;

    g_return_val_if_fail(store != NULL && content != NULL, FALSE);
    ok = resim_begin(&r, store, content, &info, error) &&
         store_foreach_event_piped(store, NULL, gather, &r, error) && resim_end(&r, error);
    resim_clear(&r);
    store_game_info_clear(&info);
    if (ok && turns != NULL)
        *turns = r.turns;
    return ok;
}

/* verify_game's re-run, fed by its checked fold: each event, once checked,
 * goes to the re-run too; the re-run's first problem waits in @problem
 * until the fold is over (the fold's own problems come first). */
typedef struct {
    Resim resim;
    StoreGameInfo info;
    GError *problem;
    gboolean rerunning;
    StoreEventFunc each; /* the caller's, nullable */
    gpointer data;
} Rerun;

static gboolean rerun_each(const CavEvent *event, gpointer user_data, GError **error)
{
    Rerun *rerun = user_data;

    if (rerun->rerunning && rerun->problem == NULL)
        gather(event, &rerun->resim, &rerun->problem);
    return rerun->each == NULL || rerun->each(event, rerun->data, error);
}

/* The data the game is re-run by: the data the file records, or (a file
 * too old to record it) the data games are played by. */
static CavContent *rerun_content(Store *store, VerifyReport *report, GError **error)
{
    g_autoptr(GError) damaged = NULL;
    CavContent *content = store_read_content(store, &damaged);

    if (damaged != NULL) {
        g_propagate_error(error, g_steal_pointer(&damaged));
        return NULL;
    }
    report->recorded_content = content != NULL;
    return content != NULL ? content : session_load_content(error);
}

/* The checked fold alone, for a file of another release: every event and
 * digest, no re-run. */
static gboolean fold_only(Store *store, VerifyReport *report, Rerun *rerun, GError **error)
{
    g_autoptr(Game) game = game_new(NULL);

    game_track_view(game, FALSE);
    if (!checks_fold(store, game, rerun->each != NULL ? rerun_each : NULL, rerun, error))
        return FALSE;
    report->events = game_state(game)->last_seq;
    report->turns = game_state(game)->turn;
    report->score = state_score(game_state(game));
    return TRUE;
}

/* Whether this build re-runs @store's commands: it wrote the file, by its
 * game row (in report->build). */
static gboolean rules_of_this_build(Store *store, VerifyReport *report, GError **error)
{
    StoreGameInfo info = {0};
    gboolean ok = store_read_info(store, &info, error);

    if (ok)
        g_strlcpy(report->build, info.build != NULL ? info.build : "", sizeof report->build);
    store_game_info_clear(&info);
    report->rerun = ok && strcmp(report->build, CAVELOG_VERSION) == 0;
    return ok;
}

gboolean verify_game(Store *store, VerifyReport *report, GError **error)
{
    return verify_game_each(store, report, NULL, NULL, error);
}

gboolean verify_game_each(Store *store, VerifyReport *report, StoreEventFunc each,
                          gpointer user_data, GError **error)
{
    g_autoptr(Game) game = game_new(NULL);
    Rerun rerun = {.problem = NULL, .each = each, .data = user_data};
    CavContent *content;
    gboolean ready, ok;

    g_return_val_if_fail(store != NULL && report != NULL, FALSE);
    memset(report, 0, sizeof *report);
    if (!rules_of_this_build(store, report, error))
        return FALSE;
    if (!report->rerun)
        return fold_only(store, report, &rerun, error);
    game_track_view(game, FALSE); /* the digests cover the rules state only */
    /* One read of the events for both: the re-run gets ready first, and
     * what stops it waits until the fold has had its say. */
    content = rerun_content(store, report, &rerun.problem);
    ready =
        content != NULL && resim_begin(&rerun.resim, store, content, &rerun.info, &rerun.problem);
    rerun.rerunning = ready;
    ok = checks_fold(store, game, ready || each != NULL ? rerun_each : NULL, &rerun, error);
    if (ok) {
        report->events = game_state(game)->last_seq;
        report->score = state_score(game_state(game));
        if (rerun.problem == NULL)
            resim_end(&rerun.resim, &rerun.problem);
        if (rerun.problem != NULL) {
            g_propagate_error(error, g_steal_pointer(&rerun.problem));
            ok = FALSE;
        }
        report->turns = game_state(game)->turn; /* as list and the morgue count */
    }
    g_clear_error(&rerun.problem);
    resim_clear(&rerun.resim);
    store_game_info_clear(&rerun.info);
    return ok;
}
