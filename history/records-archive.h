/* SPDX-License-Identifier: GPL-3.0-or-later */
/* records-archive.h — finished games put into the community archive
 * (archive/, PostgreSQL), each checked as `verify` checks it first, and
 * the high scores, statistics and achievements answered from it with the
 * same figures as from the files. Each query over one game (a statistic's,
 * an achievement's) runs unchanged on the archive's views of that game;
 * its answer is kept, by the query's SHA-256, so that the next question
 * over 10,000 games reads answers instead of events. */
#ifndef CAV_HISTORY_RECORDS_ARCHIVE_H
#define CAV_HISTORY_RECORDS_ARCHIVE_H

#include "archive.h"
#include "records.h"

G_BEGIN_DECLS

/* What archiving a list of files did. */
typedef struct {
    guint archived, already, refused;
    gint64 events;    /* events of the archived games */
    gint64 check_us;  /* opening and checking the files (and making the COPY rows) */
    gint64 copy_us;   /* storing the game row and its events (COPY) */
    gint64 answer_us; /* answering the known queries over each game, and committing */
    gint64 wall_us;   /* the whole, checking and storing at once */
} RecordsArchiveTally;

/* Called with one line about each file ("FILE: archived", "FILE: refused:
 * why"…). */
typedef void (*RecordsArchiveSay)(const char *line, gboolean refused, gpointer user_data);

/* Archive each of @paths into the archive at @uri: a finished game, fully
 * checked (verify_game), is stored in one transaction with the answers of
 * the statistics' queries and of @achievements (nullable); a game already
 * there (by its identity) is skipped, and a file that fails a check is
 * refused and named. Files are checked on this thread while another, on a
 * connection of its own, stores the ones checked before; @say is called on
 * this thread (a file's line may come after the next file's). FALSE with
 * an ARCHIVE_ERROR only when the archive itself fails. */
gboolean records_archive_files(const char *uri, const char *const *paths, GPtrArray *achievements,
                               RecordsArchiveTally *tally, RecordsArchiveSay say,
                               gpointer user_data, GError **error);

/* records_scores() over every archived game (each RecordsGame's path is its
 * file's name). */
GPtrArray *records_archive_scores(Archive *archive, GError **error);

/* records_stats() over every archived game. */
RecordsStats *records_archive_stats(Archive *archive, GError **error);

/* records_achievements_evaluate() over every archived game. */
GPtrArray *records_archive_achievements(Archive *archive, GPtrArray *achievements, GError **error);

/* How the archive's statistics are computed, for records_stats_print's
 * place. */
void records_archive_print_how(GString *out);

G_END_DECLS

#endif
