/* SPDX-License-Identifier: GPL-3.0-or-later */
/* verify.h — re-running a game's recorded commands to prove its events.
 *
 * A digest proves that a file's events fold to the states it records, not
 * that the events are what the game would have produced: anyone can write
 * events that fold and recompute the digests. Re-simulation starts a fresh
 * game from the recorded seed, plays each recorded command with this
 * build's rules and content, and compares what it produces with the stored
 * events, field by field. */
#ifndef CAV_HISTORY_VERIFY_H
#define CAV_HISTORY_VERIFY_H

#include "store.h"

G_BEGIN_DECLS

/* Re-run every recorded command of @store with @content (taken over: the
 * content the game is played by) and compare each produced event with the
 * stored one. TRUE when every event is reproduced; *@turns then holds the
 * turns re-run. Otherwise a STORE_ERROR_TAMPERED whose message names the
 * first divergence — turn, command, stored and produced event, the field
 * that differs — and, when the file was written by another version of
 * cavelog, says that its rules differ from this build's instead of calling
 * the file tampered. Never writes to @store. */
gboolean verify_resimulate(Store *store, CavContent *content, gint32 *turns, GError **error);

/* What verify_game found in a file that passed. */
typedef struct {
    gint32 turns;              /* the turn the game stands at, as list counts */
    gint64 events;             /* events folded (and, re-run, reproduced) */
    gboolean recorded_content; /* re-run by the data recorded in the file (else: the installed) */
    gboolean rerun; /* FALSE: another release wrote the file; its commands were not re-run */
    char build[32]; /* the release that wrote the file, as its game row says */
    gint32 score;   /* state_score() of the checked fold, by this build's rules */
} VerifyReport;

/* Everything `cavelog verify` checks: fold every event with every check a
 * resume makes (each event validated, every turn's digest, the game row),
 * and re-run the recorded commands by the data the file records (a file
 * too old to record it: by the data games are played by) and compare every
 * event. One read of the events feeds both (each event goes to the re-run
 * once the fold has checked it); FALSE with the first problem, the fold's
 * before the re-run's, as if the re-run came after the fold.
 *
 * A file whose game row names another release than this build's had its
 * commands played by that release's rules, which this build does not have:
 * it is folded with every check and not re-run, and passes with
 * report->rerun FALSE — never a full verification, whatever the row says
 * (a file claiming this build's release is re-run). */
gboolean verify_game(Store *store, VerifyReport *report, GError **error);

/* verify_game, handing each event to @each (nullable) once the fold has
 * checked it, on this thread (@each must not use @store). An event handed
 * over is not yet proven: only a TRUE return says the whole file passed. */
gboolean verify_game_each(Store *store, VerifyReport *report, StoreEventFunc each,
                          gpointer user_data, GError **error);

G_END_DECLS

#endif
