/* SPDX-License-Identifier: GPL-3.0-or-later */
/* store.h — one SQLite file per game: metadata, one row per turn (command and
 * state digest), one row per event (payload as JSON), optional snapshots.
 *
 * Files are untrusted: opening one sets SQLite's defensive options, runs
 * quick_check (unless the caller knows the very file sound, as history's
 * seal remembers one's own games: store_open_sound) and checks the schema
 * before anything is read,
 * and nothing is written to a file opened read-only. Every failure is a
 * STORE_ERROR whose message names the file and the problem in words a
 * player understands. */
#ifndef CAV_STORE_STORE_H
#define CAV_STORE_STORE_H

#include "command.h"
#include "event.h"
#include "game.h"
#include "state.h"

G_BEGIN_DECLS

/* 1: the first format. 2: the game row holds the player's kills and score.
 * 3: the content table holds the data files the game is played by, and the
 * header's application id says "CAVL". Older files are read as they are and
 * migrated when opened for writing (when the views are refreshed, too). */
#define STORE_SCHEMA_VERSION 3

#define STORE_ERROR (store_error_quark())
GQuark store_error_quark(void);

typedef enum {
    STORE_ERROR_NOT_FOUND,  /* no such file */
    STORE_ERROR_EXISTS,     /* creating over an existing file */
    STORE_ERROR_NOT_A_GAME, /* not SQLite, or SQLite without our tables */
    STORE_ERROR_CORRUPT,    /* quick_check failed, truncated, malformed */
    STORE_ERROR_TAMPERED,   /* a row that could not have been written by cavelog */
    STORE_ERROR_NEWER,      /* written by a newer cavelog */
    STORE_ERROR_IO,         /* disk full, permission, … */
} StoreError;

typedef struct Store Store;

/* Metadata of a game file (the `game` table). */
typedef struct {
    gint64 seed;
    char *build;
    char *created;
    char *updated;
    char *player_name;
    char *outcome; /* "playing", "won", "lost" */
    char *cause;   /* cause of the end, or NULL */
    gint32 turns;  /* completed player turns */
    gint32 depth;  /* deepest level reached, 1-based */
    gint32 kills;  /* creatures the player killed */
    gint32 score;  /* state_score() when last saved */
} StoreGameInfo;

void store_game_info_clear(StoreGameInfo *info);

/* Whether a new game may be created at @path: no file is there, nor a
 * -wal or -journal with something in it, left by an earlier game of that
 * name, which SQLite would replay into the new file as its own. FALSE with
 * STORE_ERROR_EXISTS. */
gboolean store_check_free(const char *path, GError **error);

/* Create a new game file at @path (fails with STORE_ERROR_EXISTS if there is
 * one), with schema, views, the metadata row and the texts of the data files
 * of @content, which the game is played by. Parent folders are made. */
Store *store_create(const char *path, gint64 seed, const char *player_name,
                    const CavContent *content, GError **error);

/* Open an existing game file. @writable FALSE never writes to it. The checks
 * above run first; on failure NULL and the file unchanged. A writable store
 * is refused while another process writes the file. */
Store *store_open(const char *path, gboolean writable, GError **error);

/* store_open read-only for a file the caller knows to be sound exactly as
 * it is now (history/seal.h remembers the files this installation checked
 * or wrote): the same checks, except SQLite's whole-file check
 * (quick_check, which reads every page); SQLite's own checks of every page
 * read still hold. Whether to trust a file is the caller's decision; the
 * readers that judge a file (verify, replay, the inspector) use store_open. */
Store *store_open_sound(const char *path, GError **error);

/* Whether @store's open ran SQLite's whole-file check (every open but
 * store_open_sound's, and store_create's file, which is new). */
gboolean store_checked_whole(const Store *store);

/* Whether @store is open for writing. */
gboolean store_writable(const Store *store);

/* Whether @store reads a private copy (a .cavelog.gz decompressed, a pack
 * rebuilt): what it holds is vouched for by nobody, so nothing seals it. */
gboolean store_reads_copy(const Store *store);

/* Set @error to a STORE_ERROR @code, "PATH: message"; returns FALSE. */
gboolean store_fail(GError **error, StoreError code, const char *path, const char *format, ...)
    G_GNUC_PRINTF(4, 5);

/* FALSE, with "this game is being played by process N", when another
 * process holds @path open for writing (every writer locks its file). */
gboolean store_check_not_played(const char *path, GError **error);

/* Reopen a store opened read-only, whose contents the caller has checked,
 * for writing (without running quick_check over the file a second time). On
 * failure the store is left read-only. */
gboolean store_make_writable(Store *store, GError **error);

/* The file's schema version (PRAGMA user_version). */
gint64 store_schema_version(const Store *store);

/* Hand over every turn's digest (guint64, index = turn) as this build
 * computes it. A file of an older schema is migrated when made writable,
 * and its turns' digests are rewritten from these in the same transaction;
 * without them it cannot be migrated. The store keeps a reference. */
void store_set_current_digests(Store *store, GArray *digests);

/* Close @store (nullable) and free it. A writable store folds its -wal
 * into the file first, waiting a few seconds for readers to let go, so that
 * the file stands alone; FALSE with a STORE_ERROR_IO when it cannot (a full
 * disk, a reader that holds on): the turns are then still in the -wal. */
gboolean store_close(Store *store, GError **error);

/* Called by store_close_then() with the path of a file this store wrote
 * and closed cleanly. */
typedef void (*StoreClosedFunc)(const char *path, gpointer data);

/* store_close(), then, when @store was writable, no write to it failed, it
 * closed without a failure and the file at its path is still the one it
 * opened, @closed (nullable) with its path: before the writer's lock is let
 * go, so that no other writer has touched the file since (history's seal
 * remembers one's own game so). */
gboolean store_close_then(Store *store, StoreClosedFunc closed, gpointer data, GError **error);

/* store_close() with any failure only noted. */
void store_free(Store *store);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Store, store_free)

const char *store_path(const Store *store);

gboolean store_read_info(Store *store, StoreGameInfo *out, GError **error);

/* Append one turn in one transaction: its events, the turn row (command,
 * digest of @after, first/last seq) and the metadata derived from @after. On
 * failure (disk full…) the transaction is rolled back and the file holds
 * exactly the turns before. A file deleted or replaced since it was opened
 * is a STORE_ERROR_IO saying so, and nothing is written. */
gboolean store_append_turn(Store *store, const CavCommand *command, const CavEvent *events,
                           guint n_events, const CavState *after, GError **error);

/* store_append_turn, with @keyframe (nullable; a blob sealed by
 * history/seal.h) written in the same transaction as the snapshot row of
 * the turn's last event. */
gboolean store_append_turn_keyframe(Store *store, const CavCommand *command, const CavEvent *events,
                                    guint n_events, const CavState *after, GBytes *keyframe,
                                    GError **error);

/* The last recorded turn: its number, digest and last seq. *@turn is -1 for
 * a file without turns. */
gboolean store_last_turn(Store *store, gint32 *turn, guint64 *digest, gint64 *last_seq,
                         GError **error);

/* Check the turns table against itself and the events table: turns
 * numbered 0…N without gaps, each a run of events that starts right after
 * the previous one, every event inside its own turn's run, every command
 * readable (a start for turn 0, none later). On success *@starts (if
 * non-NULL) receives a GArray of gint64: the first seq of each turn, indexed
 * by turn (caller unrefs). */
gboolean store_check_turns(Store *store, GArray **starts, GError **error);

/* The digest recorded for @turn. */
gboolean store_turn_digest(Store *store, gint32 turn, guint64 *digest, GError **error);

/* The command of @turn as recorded (its JSON text; caller frees). */
gboolean store_turn_command(Store *store, gint32 turn, char **json, GError **error);

/* Called by store_foreach_snapshot() for each row of the snapshots table:
 * the seq of the event it ends at and its blob (NULL, 0 when the value is
 * not a blob; SQLite's until the call returns). Return FALSE to stop: with
 * @error set, the read fails with it; without, it has seen enough. */
typedef gboolean (*StoreSnapshotFunc)(gint64 seq, const guint8 *blob, gsize size,
                                      gpointer user_data, GError **error);

/* Hand over @store's snapshot rows (keyframes), newest first. */
gboolean store_foreach_snapshot(Store *store, StoreSnapshotFunc func, gpointer user_data,
                                GError **error);

/* *@same: whether @turn is recorded with exactly @digest and @last_seq
 * (FALSE, not an error, when there is no such turn or its digest is
 * damaged). FALSE with @error only when the file cannot be read. */
gboolean store_turn_ends(Store *store, gint32 turn, guint64 digest, gint64 last_seq, gboolean *same,
                         GError **error);

/* Every turn's command as recorded, by turn from 0 while the turns follow
 * one another (NULL where a command is not text): for reading them all at
 * once, before a read that holds the connection (checks_fold). */
GPtrArray *store_turn_commands(Store *store, GError **error);

/* Hold one read transaction from begin to end, so that reads in between see
 * one moment of a file another process is writing (WAL): no turn half seen. */
gboolean store_begin_read(Store *store, GError **error);
void store_end_read(Store *store);

/* Which events store_foreach_event() reads. Zeroed means everything. */
typedef struct {
    gboolean by_type;
    gboolean types[CAV_EVENT_TYPE_COUNT];
    gboolean by_turn;
    gint32 first_turn, last_turn; /* inclusive */
    gboolean by_seq;
    gint64 first_seq, last_seq; /* inclusive */
} StoreFilter;

/* Whether @filter (NULL: everything) selects @event. */
gboolean store_filter_wants(const StoreFilter *filter, const CavEvent *event);

/* Called for each event in seq order; return FALSE (with @error set) to stop. */
typedef gboolean (*StoreEventFunc)(const CavEvent *event, gpointer user_data, GError **error);

/* Read, decode and hand over events (all, or those @filter selects). A
 * payload that does not decode is a STORE_ERROR_TAMPERED naming its seq. */
gboolean store_foreach_event(Store *store, const StoreFilter *filter, StoreEventFunc func,
                             gpointer user_data, GError **error);

/* The same, on two cores: another thread reads and decodes the rows while
 * @func runs on the caller's thread, with the same events in the same
 * order and the same error at the same event. @func must not use @store
 * (its connection is the reader's until this returns). */
gboolean store_foreach_event_piped(Store *store, const StoreFilter *filter, StoreEventFunc func,
                                   gpointer user_data, GError **error);

/* Called for each row of store_query(): its @n_columns values as text
 * (NULL for SQL NULL). Return FALSE to stop early: with @error set, the
 * query fails with it; without, it has simply seen enough. */
typedef gboolean (*StoreRowFunc)(int n_columns, const char *const *values, gpointer user_data,
                                 GError **error);

/* Run @sql, one read-only SELECT written by a user or an installed data file
 * (never by a game file), over @store opened read-only. The per-event-type
 * views it names are this build's (temporary views over the file's events
 * table, shadowing any view the file holds), and the query is stopped after
 * @max_steps steps of SQLite's virtual machine or @max_ms milliseconds, so a
 * hostile file cannot hang it. FALSE with a STORE_ERROR naming the file for
 * a query that fails, writes, or runs too long. */
gboolean store_query(Store *store, const char *sql, gint64 max_steps, gint64 max_ms,
                     StoreRowFunc func, gpointer user_data, GError **error);

/* The data the game was played by, as recorded in the file (caller frees).
 * NULL without an error for a file that records none (made before cavelog
 * 0.3); NULL with a STORE_ERROR_TAMPERED when the record is damaged. */
CavContent *store_read_content(Store *store, GError **error);

/* *@standard: whether the game was played by the data built into this
 * program (a file that records none is not known to be). */
gboolean store_read_content_standard(Store *store, gboolean *standard, GError **error);

/* @text read from a file (a name, a cause) as it may be shown, by
 * ev_shown() (shown.h): no control byte raw. NULL reads as "". Caller frees. */
char *store_printable(const char *text);

/* Where saved games live: $XDG_DATA_HOME/cavelog/games. Owned by the caller. */
char *store_games_dir(void);

/* A saved game found by store_list_games(). */
typedef struct {
    char *path;
    StoreGameInfo info;
    char *problem; /* non-NULL when the file could not be read */
    char *lineage; /* "forked from FILE at turn N" for a fork, else NULL */
} StoreListing;

/* How store_list_games() opens each file (read-only): store_open's whole
 * check, or a caller's that knows some files sound (history/seal.h). */
typedef Store *(*StoreOpenFunc)(const char *path, GError **error);

/* Every *.cavelog (and *.cavelog.gz) file in @dir, most recently played first, each opened by
 * @opener (NULL: store_open read-only). Returns a GPtrArray of StoreListing
 * (free with g_ptr_array_unref). */
GPtrArray *store_list_games(const char *dir, StoreOpenFunc opener);

G_END_DECLS

#endif
