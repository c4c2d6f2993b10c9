/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork.c — a new game file from another's history up to a turn: the parent
 * folded whole with every check, the rows up to the turn copied in one
 * transaction, the lineage recorded; and the lineage read back, checked. */
#include "fork.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "checks.h"
#include "fork-rows.h"
#include "seal.h"
#include "parts.h"
#include "session.h"

/* One fork being made: the parent being folded, the fork being written. */
typedef struct {
    Store *parent;
    gboolean owns_parent; /* opened here (else the caller's) */
    Game *game;
    Store *fork;        /* the new file (under its .part name) */
    ForkRows *rows;     /* what is written into it */
    gint32 turn;        /* the fork's last turn */
    GArray *ends;       /* gint64: the last seq of each turn 0 … turn */
    GError *ends_error; /* why they did not load: told at the first event */
    gint64 end_seq;     /* the fork's last event */
    GArray *digests;    /* guint64: this build's digest after each turn 0 … turn */
    CavState *at;       /* the state at the end of turn */
    char *parent_build; /* the build that recorded the parent */
    gint64 copied, copy_us;
} Forking;

static gboolean tampered(GError **error, Store *store, const char *what)
{
    return store_fail(error, STORE_ERROR_TAMPERED, store_path(store), "%s", what);
}

/* The last seq of each turn 0 … @f->turn, from the parent's turns table
 * (loaded before the fold, whose reader then holds the connection; checked
 * by the fold before the first event, so a failure waits for that). */
static gboolean load_turn_ends(Forking *f, GError **error)
{
    f->ends = g_array_new(FALSE, FALSE, sizeof(gint64));
    if (!fork_rows_turn_ends(f->parent, f->turn, f->ends, error))
        return FALSE;
    if (f->ends->len != (guint) f->turn + 1)
        return tampered(error, f->parent, "the turns changed while the game was being forked");
    f->end_seq = g_array_index(f->ends, gint64, f->turn);
    return TRUE;
}

/* @event, checked and folded, as a row of the fork (as store.c writes it). */
static gboolean copy_event(Forking *f, const CavEvent *event, GError **error)
{
    gint64 start = g_get_monotonic_time();
    gboolean ok = fork_rows_event(f->rows, event, error);

    f->copy_us += g_get_monotonic_time() - start;
    f->copied++;
    return ok;
}

/* Called after each event of the parent is folded (with every check). */
static gboolean fork_one(const CavEvent *event, gpointer user_data, GError **error)
{
    Forking *f = user_data;
    const CavState *state = game_state(f->game);

    if (f->ends_error != NULL) {
        g_propagate_error(error, g_steal_pointer(&f->ends_error));
        return FALSE;
    }
    if (event->seq > f->end_seq)
        return TRUE; /* checked, not copied */
    if (event->seq == g_array_index(f->ends, gint64, event->turn)) {
        guint64 digest = state_digest(state);
        g_array_append_val(f->digests, digest);
        if (event->turn == f->turn)
            f->at = g_memdup2(state, sizeof *state);
    }
    return copy_event(f, event, error);
}

/* Everything but the events, once the parent is folded whole. */
static gboolean finish_fork(Forking *f, const char *parent, ForkReport *report, GError **error)
{
    if (f->at == NULL)
        return tampered(error, f->parent, "the turn to fork at was not found in the events");
    return fork_rows_turns(f->rows, f->parent, f->turn, f->digests, error) &&
           fork_rows_bookmarks(f->rows, f->parent, f->end_seq, &report->bookmarks, error) &&
           fork_rows_lineage(f->rows, f->parent, parent, f->turn, error) &&
           fork_rows_game(f->rows, f->at, f->parent_build, error) && fork_rows_commit(f->rows);
}

/* Fold the parent (every check) while copying into the fork, then finish. */
static gboolean fork_into(Forking *f, const char *parent, ForkReport *report, GError **error)
{
    if ((f->rows = fork_rows_begin(f->fork, error)) == NULL)
        return FALSE;
    load_turn_ends(f, &f->ends_error);
    if (!checks_fold(f->parent, f->game, fork_one, f, error) ||
        !finish_fork(f, parent, report, error)) {
        fork_rows_abandon(f->rows, error);
        return FALSE;
    }
    return TRUE;
}

/* The parent, read in one transaction, checked far enough to know @turn is one of its
 * turns; the game to fold it into, by the data it is played by. */
static gboolean open_parent(Forking *f, gint32 turn, GError **error)
{
    const char *parent = store_path(f->parent);
    g_autoptr(GError) damaged = NULL;
    CavContent *content;
    gint32 last;
    guint64 digest;
    gint64 last_seq;

    if (!store_begin_read(f->parent, error) ||
        !store_last_turn(f->parent, &last, &digest, &last_seq, error))
        return FALSE;
    if (turn < 0 || turn > last) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_NOT_FOUND,
                    "%s: the game has no turn %d (its turns are 0 to %d)", parent, turn, last);
        return FALSE;
    }
    content = store_read_content(f->parent, &damaged);
    if (damaged != NULL) {
        g_propagate_error(error, g_steal_pointer(&damaged));
        return FALSE;
    }
    if (content == NULL && (content = session_load_content(error)) == NULL)
        return FALSE;
    f->game = game_new_with_content(content, NULL);
    game_track_view(f->game, FALSE); /* the digests cover the rules state only */
    return TRUE;
}

/* The fork's file under @part, with its schema, views, data and game row. */
static gboolean create_fork(Forking *f, const char *part, GError **error)
{
    StoreGameInfo info;

    if (!store_read_info(f->parent, &info, error))
        return FALSE;
    f->fork = store_create(part, info.seed, info.player_name, game_content(f->game), error);
    f->parent_build = g_steal_pointer(&info.build);
    store_game_info_clear(&info);
    return f->fork != NULL;
}

static void forking_clear(Forking *f)
{
    fork_rows_free(f->rows);
    if (f->parent != NULL)
        store_end_read(f->parent);
    if (f->owns_parent)
        store_free(f->parent);
    store_free(f->fork);
    game_free(f->game);
    if (f->ends != NULL)
        g_array_unref(f->ends);
    g_clear_error(&f->ends_error);
    g_array_unref(f->digests);
    g_free(f->at);
    g_free(f->parent_build);
}

/* fork_game_from with the Forking ready, its parent open. */
static gboolean fork_with(Forking *f, gint32 turn, const char *path, ForkReport *report,
                          GError **error)
{
    ForkReport figures = {0};
    g_autofree char *part = NULL;
    gint64 start = g_get_monotonic_time();
    gboolean ok;

    ok = store_check_free(path, error) && open_parent(f, turn, error);
    if (ok) {
        store_remove_dead_parts(path);
        part = g_strdup_printf("%s.%d.part", path, (int) getpid());
        store_remove_part(part);
        ok = create_fork(f, part, error) && fork_into(f, store_path(f->parent), &figures, error);
    }
    figures.events = f->copied;
    figures.copy_us = f->copy_us;
    g_clear_pointer(&f->rows, fork_rows_free);
    /* The WAL folded into @part: a fork that cannot be finished is none. */
    if (ok)
        ok = store_close_part(g_steal_pointer(&f->fork), part, path, error);
    forking_clear(f);
    if (part != NULL)
        ok = ok ? store_move_into_place(part, path, error) : (store_remove_part(part), FALSE);
    if (!ok && part != NULL && error != NULL)
        store_error_rename(*error, part, path); /* the player knows no .part */
    if (ok) /* made here from a parent folded whole and checked: its history is vouched for */
        seal_remember(path, SEAL_HISTORY);
    figures.total_us = g_get_monotonic_time() - start;
    if (ok && report != NULL)
        *report = figures;
    return ok;
}

gboolean fork_game_from(Store *parent, gint32 turn, const char *path, ForkReport *report,
                        GError **error)
{
    Forking f = {
        .parent = parent, .turn = turn, .digests = g_array_new(FALSE, FALSE, sizeof(guint64))};

    g_return_val_if_fail(parent != NULL && path != NULL, FALSE);
    return fork_with(&f, turn, path, report, error);
}

gboolean fork_game(const char *parent, gint32 turn, const char *path, ForkReport *report,
                   GError **error)
{
    Forking f = {
        .turn = turn, .owns_parent = TRUE, .digests = g_array_new(FALSE, FALSE, sizeof(guint64))};

    g_return_val_if_fail(parent != NULL && path != NULL, FALSE);
    if (!store_check_free(path, error) || (f.parent = store_open(parent, FALSE, error)) == NULL) {
        forking_clear(&f);
        return FALSE;
    }
    return fork_with(&f, turn, path, report, error);
}

char *fork_default_path(const char *parent, gint32 turn)
{
    g_autofree char *dir = store_games_dir();
    g_autofree char *base = g_path_get_basename(parent);
    /* g.cavelog, g.cavelog.gz and g.cavepack all fork to g-turnN.cavelog */
    static const char *const endings[] = {".cavelog", ".cavelog.gz", ".cavepack"};
    gsize stem_length = strlen(base);
    g_autofree char *stem = NULL;
    char *path = NULL;

    for (guint i = 0; i < G_N_ELEMENTS(endings); i++)
        if (g_str_has_suffix(base, endings[i]) && strlen(base) > strlen(endings[i]))
            stem_length = strlen(base) - strlen(endings[i]);
    stem = g_strndup(base, stem_length);

    for (int n = 1; path == NULL || !store_check_free(path, NULL); n++) {
        g_autofree char *name = n == 1 ? g_strdup_printf("%s-turn%d.cavelog", stem, turn)
                                       : g_strdup_printf("%s-turn%d-%d.cavelog", stem, turn, n);
        g_free(path);
        path = g_build_filename(dir, name, NULL);
    }
    return path;
}
