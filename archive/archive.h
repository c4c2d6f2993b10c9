/* SPDX-License-Identifier: GPL-3.0-or-later */
/* archive.h — the community archive: every finished game of a server in one
 * PostgreSQL database (libpq), the only folder that speaks to it. A game's
 * rows go in as parameters and COPY data, never as SQL text; the per-type
 * views are made from the event catalog, like a game file's, once across
 * games (schema cavelog, with a game_id column) and once for one game at a
 * time (schema cavelog_game), so a query written for one game file runs
 * unchanged over every archived game. */
#ifndef CAV_ARCHIVE_ARCHIVE_H
#define CAV_ARCHIVE_ARCHIVE_H

#include "event.h"

G_BEGIN_DECLS

#define ARCHIVE_ERROR (archive_error_quark())
GQuark archive_error_quark(void);

typedef enum {
    ARCHIVE_ERROR_UNAVAILABLE, /* this cavelog was built without PostgreSQL */
    ARCHIVE_ERROR_CONNECT,     /* the server cannot be reached or refuses us */
    ARCHIVE_ERROR_SERVER,      /* a statement failed on the server */
    ARCHIVE_ERROR_QUERY,       /* a user's query failed, wrote, or ran too long */
} ArchiveError;

/* Whether this build can reach an archive at all. */
gboolean archive_available(void);

typedef struct Archive Archive;

/* Connect to the archive at @uri ("postgresql://…", libpq's forms) and make
 * its schema when it has none (or the views of event types it lacks).
 * NULL with an ARCHIVE_ERROR that names the problem, never the password. */
Archive *archive_open(const char *uri, GError **error);

void archive_close(Archive *archive);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Archive, archive_close)

/* One game's row, as checked by the reader (history/). */
typedef struct {
    const char *file; /* the file's name, without folders */
    gint64 seed;
    const char *build, *created, *updated, *player_name, *outcome, *cause; /* cause nullable */
    gint32 turns, depth, kills, score;
    gboolean standard;   /* played by the standard content data */
    guint64 last_digest; /* the last turn's state digest: with seed, created and
                          * the name, the game's identity */
    gint64 events;
} ArchiveGameRow;

/* *@there: whether a game of @row's identity is archived already. */
gboolean archive_has_game(Archive *archive, const ArchiveGameRow *row, gboolean *there,
                          GError **error);

/* A fresh game id, for the COPY rows of a game not yet stored. */
gboolean archive_new_game_id(Archive *archive, gint64 *id, GError **error);

/* Append @event as one COPY row (text format) of game @id to @out: each
 * field escaped as COPY reads it, the payload as this build encodes it. */
void archive_copy_row(gint64 id, const CavEvent *event, GString *out);

/* Begin storing game @id (one transaction): its row, then @rows (from
 * archive_copy_row) by COPY. *@there TRUE (and nothing stored, the
 * transaction ended) when a game of the same identity is there already.
 * Answers may then be added (archive_answer_put); archive_commit ends it. */
gboolean archive_put_game(Archive *archive, gint64 id, const ArchiveGameRow *row,
                          const GString *rows, gboolean *there, GError **error);

/* Inside archive_put_game's transaction: when the planner's count of the
 * events is a fifth or more below the archive's (a fresh or fast-growing
 * archive: the queries over one game would then be planned for a tiny
 * table, and run for seconds), ANALYZE the events first. A few times as
 * the archive grows by a quarter, never on every game. */
gboolean archive_refresh_statistics(Archive *archive, GError **error);

gboolean archive_commit(Archive *archive, GError **error);
void archive_rollback(Archive *archive);

/* Called for each row of a query: its @n values as text (NULL for NULL). */
typedef gboolean (*ArchiveRowFunc)(int n, const char *const *values, gpointer user_data,
                                   GError **error);

/* Run @sql, one statement written by a user or a data file (never by a
 * game), over game @id alone: the views of schema cavelog_game, read-only,
 * stopped after @max_ms. A boolean reads as 1 or 0, as in a game file.
 * Inside a transaction (archive_begin or archive_put_game) and leaving
 * nothing of its own behind. FALSE with an ARCHIVE_ERROR_QUERY. */
gboolean archive_query_game(Archive *archive, gint64 id, const char *sql, gint64 max_ms,
                            ArchiveRowFunc func, gpointer user_data, GError **error);

gboolean archive_begin(Archive *archive, GError **error);

/* Run @sql, cavelog's own statement, with @n text @params ($1…). */
gboolean archive_select(Archive *archive, const char *sql, int n, const char *const *params,
                        ArchiveRowFunc func, gpointer user_data, GError **error);

G_END_DECLS

#endif
