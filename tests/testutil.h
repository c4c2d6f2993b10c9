/* SPDX-License-Identifier: GPL-3.0-or-later */
/* testutil.h — what the store-level test programs share: a fresh temporary
 * folder per test (a g_test_add fixture) that is removed afterwards, and
 * playing a turn with the bot. */
#ifndef CAV_TESTS_TESTUTIL_H
#define CAV_TESTS_TESTUTIL_H

#include <glib.h>

#include <sqlite3.h>

#include "scenario.h"
#include "autoplay.h"
#include "session.h"
#include "store.h"

typedef struct {
    char *dir; /* a fresh temporary folder, removed after the test */
} TmpDir;

void tmp_dir_setup(TmpDir *fixture, gconstpointer data);
void tmp_dir_teardown(TmpDir *fixture, gconstpointer data);

/* @name inside the fixture's folder. Caller frees. */
char *tmp_path(const TmpDir *fixture, const char *name);

/* Play one turn with the autoplay bot, asserting it was saved. Returns FALSE
 * (and plays nothing) once the game is over. */
gboolean play_bot_turn(Session *session);

/* The first seed from @first on whose game the bot lives at least @turns
 * turns (tried in scratch files in @dir, removed after), so that a test
 * that follows a live game never rests on one seed's fate under the rules
 * of the day. Fails the test when none of 50 seeds does. */
gint64 seed_lasting(const TmpDir *fixture, gint64 first, gint32 turns);

/* One integer from @sql (a query giving one row, one column) on @db. */
gint64 db_int(sqlite3 *db, const char *sql);

/* db_int() on the game file at @path, opened read-only for the query. */
gint64 file_int(const char *path, const char *query);

/* Fold every event of the game file at @path into @game (fresh), appending
 * to @digests the state's digest before any event and after each one (index
 * = seq), and, when @view_digests is non-NULL, the player's view's digest
 * likewise (@game must track the view then). */
void fold_digests(const char *path, Game *game, GArray *digests, GArray *view_digests);

/* A game file at @path holding scenario @s as it stands (its hand-made
 * set-up as turn 0), for more turns to be written with scenario_store_play. */
Store *scenario_store_new(const char *path, Scenario *s, GError **error);

/* Play @command in @s and append the turn to @store, asserting both work. */
void scenario_store_play(Scenario *s, Store *store, CavCommand command);

/* Gunzip the file @source (a path) into @target, replacing it; asserts
 * both work. */
void gunzip_file(const char *source, const char *target);

/* Remove @path and, if it is a folder, everything below it. */
void remove_tree(const char *path);

#endif
