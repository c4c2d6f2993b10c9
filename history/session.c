/* SPDX-License-Identifier: GPL-3.0-or-later */
/* session.c — a game and its file together: new games, resuming (fold and
 * digest check), and saving every played turn before returning. */
#include "session.h"

#include <unistd.h>

#include "cavelog-config.h"
#include "checks.h"
#include "seal.h"
#include "morgue.h"
#include "parts.h"
#include "shown.h"
#include "store.h"

struct Session {
    Game *game;
    Store *store;
    gboolean broken;        /* a turn could not be saved: the game is ahead of its file */
    GArray *digests;        /* while resuming an older file: each turn's digest by this build */
    char *morgue;           /* where the morgue went when the game ended here, or NULL */
    char *morgue_problem;   /* why it could not be written, or NULL */
    gint32 keyframe_every;  /* turns between the keyframes written; 0: none */
    gboolean keyframes_off; /* no key could be had: no keyframes this session */
    SealKey *key;           /* once a keyframe is written */
    char *identity;         /* the game's, as keyframes name it */
    char *keyframe_problem; /* why no keyframes are written, or NULL */
    KeyframeFound resumed;  /* the keyframe the fold started from */
    SealTrust trust;        /* what this installation knows of the file */
    char *closed_path;      /* the file's path once session_close() closed it */
};

void session_free(Session *session)
{
    if (session == NULL)
        return;
    game_free(session->game);
    seal_close(session->store, &session->trust, NULL);
    if (session->digests != NULL)
        g_array_unref(session->digests);
    g_free(session->morgue);
    g_free(session->morgue_problem);
    g_free(session->key);
    g_free(session->identity);
    g_free(session->keyframe_problem);
    g_free(session->closed_path);
    g_free(session);
}

gboolean session_close(Session *session, GError **error)
{
    g_return_val_if_fail(session != NULL, FALSE);
    session->broken = TRUE; /* nothing more is saved */
    if (session->store == NULL)
        return TRUE;
    session->closed_path = g_strdup(store_path(session->store));
    return seal_close(g_steal_pointer(&session->store), &session->trust, error);
}

/* A session with nothing yet, writing keyframes every KEYFRAME_EVERY turns. */
static Session *session_alloc(void)
{
    Session *session = g_new0(Session, 1);

    session->keyframe_every = KEYFRAME_EVERY;
    session->resumed.turn = -1;
    return session;
}

/* No keyframes from now on, because of @problem (kept, and shown once). */
static void keyframes_stop(Session *session, GError *problem)
{
    session->keyframes_off = TRUE;
    session->keyframe_problem =
        g_strdup_printf("long games will resume slowly: %s", problem->message);
    g_error_free(problem);
}

/* The key and the game's identity, made or read on the first keyframe. */
static gboolean keyframes_ready(Session *session)
{
    GError *problem = NULL;

    if (session->key == NULL) {
        SealKey key;
        if (!seal_load_key(&key, TRUE, &problem)) {
            keyframes_stop(session, problem);
            return FALSE;
        }
        session->key = g_memdup2(&key, sizeof key);
    }
    if (session->identity == NULL &&
        (session->identity = seal_identity(session->store, &problem)) == NULL)
        keyframes_stop(session, problem);
    return session->identity != NULL;
}

/* The keyframe this turn writes, or NULL when it writes none. */
static GBytes *turn_keyframe(Session *session)
{
    const CavState *state = game_state(session->game);

    if (session->keyframe_every <= 0 || session->keyframes_off || state->turn == 0 ||
        state->turn % session->keyframe_every != 0 || !keyframes_ready(session))
        return NULL;
    return seal_keyframe(session->key, session->identity, state_digest(state), state,
                         game_view(session->game));
}

static gboolean save_turn(Session *session, GError **error)
{
    const GArray *events = game_turn_events(session->game);
    g_autoptr(GBytes) keyframe = turn_keyframe(session);

    return store_append_turn_keyframe(session->store, game_turn_command(session->game),
                                      (const CavEvent *) events->data, events->len,
                                      game_state(session->game), keyframe, error);
}

/* The content a game plays by: the data files in $CAVELOG_DATA_DIR when it
 * is set, else the installed ones when they exist, else the copy built into
 * the program. A malformed file is an error naming its file, line and key. */
CavContent *session_load_content(GError **error)
{
    const char *dir = g_getenv("CAVELOG_DATA_DIR");
    g_autofree char *installed = g_build_filename(CAVELOG_DATADIR, "creatures.ini", NULL);

    if (dir != NULL && dir[0] != '\0')
        return content_load(dir, error);
    if (g_file_test(installed, G_FILE_TEST_EXISTS))
        return content_load(CAVELOG_DATADIR, error);
    return content_new_builtin();
}

/* A game to play by @content, or (NULL) by the data games are played by. */
static gboolean start_game(Session *session, CavContent *content, Bus *bus, GError **error)
{
    if (content == NULL)
        content = session_load_content(error);
    if (content == NULL)
        return FALSE;
    session->game = game_new_with_content(content, bus);
    return TRUE;
}

/* The game is built under a temporary name and moved into place only once
 * turn 0 is saved, so a process killed while creating it leaves no
 * half-made game at @path (at most a stray PATH.PID.part file, which the
 * next game created or resumed beside it removes). */
Session *session_new_game(const char *path, gint64 seed, const char *player_name, Bus *bus,
                          GError **error)
{
    char name[CAV_STR_MAX];
    g_autoptr(Session) session = session_alloc();
    g_autofree char *part = NULL;

    g_return_val_if_fail(path != NULL, NULL);
    if (!store_check_free(path, error))
        return NULL;
    ev_set_text(name, sizeof name, player_name); /* as GameStarted will hold it */
    if (!ev_text_clean(name)) {
        g_autofree char *shown = ev_shown(name);
        g_set_error(error, STORE_ERROR, STORE_ERROR_IO,
                    "the name “%s” holds a control character (a terminal or bidi control); a "
                    "name is plain text",
                    shown);
        return NULL;
    }
    if (!start_game(session, NULL, bus, error))
        return NULL;
    store_remove_dead_parts(path);
    part = g_strdup_printf("%s.%d.part", path, (int) getpid());
    store_remove_part(part); /* left by a killed process that had our pid */
    session->store = store_create(part, seed, name, game_content(session->game), error);
    if (session->store == NULL) {
        store_error_rename(error != NULL ? *error : NULL, part, path);
        return NULL;
    }
    game_start(session->game, seed, name);
    if (!save_turn(session, error)) {
        g_clear_pointer(&session->store, store_free);
        store_remove_part(part);
        store_error_rename(error != NULL ? *error : NULL, part, path);
        return NULL;
    }
    /* The WAL folded into @part: a game that cannot be finished is none. */
    if (!store_close_part(g_steal_pointer(&session->store), part, path, error))
        return NULL;
    if (!store_move_into_place(part, path, error))
        return NULL;
    session->store = store_open(path, TRUE, error);
    if (session->store == NULL)
        return NULL;
    seal_vouch_made(&session->trust); /* made by this session: sound when closed cleanly */
    return g_steal_pointer(&session);
}

/* An older file's turns get this build's digests when it is updated: the
 * digest after each event, the last one of a turn standing for the turn.
 * (Only old files pay for a digest per event, and only once.) */
static gboolean note_digest(const CavEvent *event, gpointer user_data, GError **error)
{
    Session *session = user_data;

    if (session->digests->len <= (guint) event->turn)
        g_array_set_size(session->digests, (guint) event->turn + 1);
    g_array_index(session->digests, guint64, event->turn) = state_digest(game_state(session->game));
    return TRUE;
}

/* Make the game the newest keyframe of the file that this installation's
 * key verifies; FALSE (and the game fresh) when there is none to use. A
 * problem reading keyframes is left to the full fold to find and name. */
static gboolean restore_keyframe(Session *session)
{
    g_autofree CavState *state = state_new();
    g_autofree CavView *view = g_new(CavView, 1);

    if (!seal_restore_newest(session->store, session->trust.history, state, view,
                             &session->resumed))
        return FALSE;
    game_restore_seen(session->game, state, view);
    return TRUE;
}

/* Fold the file into the game, from its newest usable keyframe when
 * @keyframes, else from the start; @start (nullable) is first told where. */
static gboolean fold_file(Session *session, gboolean keyframes, SessionStartFunc start,
                          gpointer data, GError **error)
{
    gboolean from_keyframe = keyframes && restore_keyframe(session);

    if (start != NULL)
        start(game_state(session->game), game_view(session->game), data);
    if (from_keyframe)
        return checks_fold_after(session->store, session->game, NULL, NULL, error);
    if (store_schema_version(session->store) < STORE_SCHEMA_VERSION)
        session->digests = g_array_new(FALSE, TRUE, sizeof(guint64));
    if (!checks_fold(session->store, session->game, session->digests != NULL ? note_digest : NULL,
                     session, error))
        return FALSE;
    seal_vouch_history(&session->trust, session->store);
    if (session->digests != NULL) {
        store_set_current_digests(session->store, session->digests);
        g_clear_pointer(&session->digests, g_array_unref);
    }
    return TRUE;
}

Session *session_open_from(const char *path, Bus *bus, SessionStartFunc start, gpointer data,
                           GError **error)
{
    g_autoptr(Session) session = session_alloc();
    g_autoptr(GError) damaged = NULL;
    CavContent *recorded;

    g_return_val_if_fail(path != NULL, NULL);
    /* Check everything read-only first: opening a file for writing may
     * already change it (SQLite copies a -wal into it on close). A game
     * that another process plays is refused before all that. */
    if (!store_check_not_played(path, error))
        return NULL;
    /* Where keyframes serve, the file may be one this installation
     * remembers as sound: it is then not read whole. */
    session->store = bus == NULL || start != NULL ? seal_open_own(path, &session->trust, error)
                                                  : store_open(path, FALSE, error);
    if (session->store == NULL)
        return NULL;
    /* A game goes on by the numbers it was played by, when the file has them. */
    recorded = store_read_content(session->store, &damaged);
    if (damaged != NULL) {
        g_propagate_error(error, g_steal_pointer(&damaged));
        return NULL;
    }
    if (!start_game(session, recorded, bus, error) ||
        !fold_file(session, bus == NULL || start != NULL, start, data, error))
        return NULL;
    return g_steal_pointer(&session);
}

Session *session_open(const char *path, Bus *bus, GError **error)
{
    return session_open_from(path, bus, NULL, NULL, error);
}

gboolean session_make_writable(Session *session, GError **error)
{
    g_return_val_if_fail(session != NULL, FALSE);
    if (!store_make_writable(session->store, error))
        return FALSE;
    /* A creation killed after its file was in place left its .part. */
    store_remove_dead_parts(store_path(session->store));
    return TRUE;
}

Session *session_resume(const char *path, Bus *bus, GError **error)
{
    g_autoptr(Session) session = session_open(path, bus, error);

    if (session == NULL || !session_make_writable(session, error))
        return NULL;
    return g_steal_pointer(&session);
}

/* The game has just ended (and is saved): its morgue goes beside the file.
 * A failure is only noted: the game itself is safe in its file. */
static void write_morgue(Session *session)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *path = morgue_path_for(store_path(session->store));

    if (morgue_write(session->store, path, &error))
        session->morgue = g_steal_pointer(&path);
    else
        session->morgue_problem =
            g_strdup_printf("the game is saved, but its story could not be written to %s: %s", path,
                            error->message);
}

gboolean session_play(Session *session, const CavCommand *command, char **why, GError **error)
{
    gboolean playing;

    g_return_val_if_fail(session != NULL && command != NULL, FALSE);
    if (why != NULL)
        *why = NULL;
    if (session->broken) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_IO,
                    "%s: an earlier turn could not be saved; continue the game to go on",
                    session_path(session));
        return FALSE;
    }
    playing = game_state(session->game)->outcome == OUTCOME_PLAYING;
    if (!game_play(session->game, command, why))
        return TRUE;
    session->broken = !save_turn(session, error);
    if (!session->broken && playing && game_state(session->game)->outcome != OUTCOME_PLAYING)
        write_morgue(session);
    return !session->broken;
}

const CavState *session_state(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return game_state(session->game);
}

const CavView *session_view(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return game_view(session->game);
}

const CavContent *session_content(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return game_content(session->game);
}

const char *session_morgue_path(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return session->morgue;
}

const char *session_morgue_problem(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return session->morgue_problem;
}

const char *session_path(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return session->store != NULL ? store_path(session->store) : session->closed_path;
}

void session_set_keyframe_every(Session *session, gint32 turns)
{
    g_return_if_fail(session != NULL && turns >= 0);
    session->keyframe_every = turns;
}

gint32 session_keyframe_turn(const Session *session)
{
    g_return_val_if_fail(session != NULL, -1);
    return session->resumed.turn;
}

gboolean session_seal_remembered(const Session *session)
{
    g_return_val_if_fail(session != NULL, FALSE);
    return session->trust.remembered;
}

guint session_keyframes_ignored(const Session *session)
{
    g_return_val_if_fail(session != NULL, 0);
    return session->resumed.ignored;
}

const char *session_keyframe_problem(const Session *session)
{
    g_return_val_if_fail(session != NULL, NULL);
    return session->keyframe_problem;
}
