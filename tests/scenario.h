/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scenario.h — hand-made game states for rule tests, built the
 * event-sourced way: by folding hand-written events into a fresh game, then
 * playing commands and reading the recorded event stream (STYLE.md §14). */
#ifndef CAV_TESTS_SCENARIO_H
#define CAV_TESTS_SCENARIO_H

#include "game.h"
#include "recorder.h"

typedef struct {
    Bus *bus;
    Game *game;
    Recorder *recorder;
    gint64 seq;
    GArray *folded; /* of CavEvent: every event folded in by hand, in order */
} Scenario;

/* Level 0 from @top and level 1 from @below (NULL: solid rock), each a
 * picture of rows padded with rock; the player spawns at the '@' of @top
 * with the data's player stats. */
void scenario_setup(Scenario *s, const char *const *top, const char *const *below);

/* The same with the player's max hp and food set (0 keeps the data's). */
void scenario_setup_player(Scenario *s, const char *const *top, const char *const *below,
                           gint32 max_hp, gint32 food);

/* Level 0 from @top, with a player of @max_mana (full). */
void scenario_setup_caster(Scenario *s, const char *const *top, gint32 max_mana);

/* The same with levels 0 and 1 and the player's max hp set too (0 keeps the
 * data's). */
void scenario_setup_mage(Scenario *s, const char *const *top, const char *const *below,
                         gint32 max_hp, gint32 max_mana);

/* scenario_setup_mage with level 0 alone, played by @content (taken
 * over): its spells are the game's. */
void scenario_setup_with_content(Scenario *s, const char *const *top, gint32 max_hp,
                                 gint32 max_mana, CavContent *content);

void scenario_teardown(Scenario *s);

/* Fold @event (at the current turn, 0 before any is played) into the
 * scenario; aborts the test if refused. */
void scenario_fold(Scenario *s, CavEvent event);

/* Begin a new turn by hand with the player's wait, and nothing after it:
 * the acts of creatures folded next are theirs in this turn (a played turn
 * ends with its upkeep, after which no one acts). */
void scenario_begin_turn(Scenario *s);

/* A creature of @kind at (z, x, y) with the data's stats, except @max_hp,
 * @attack, @defense where they are >= 0. Returns its id. */
gint32 scenario_spawn(Scenario *s, const char *kind, gint32 z, gint32 x, gint32 y, gint32 max_hp,
                      gint32 attack, gint32 defense);

/* @count of item @type, carried by @holder or (0) lying at (z, x, y). */
gint32 scenario_item(Scenario *s, const char *type, gint32 holder, gint32 z, gint32 x, gint32 y,
                     gint32 count);

/* Take @damage hp from @creature (at the current turn, as a wound whose
 * cause is the turn's first event). */
void scenario_hurt(Scenario *s, gint32 creature, gint32 damage);

/* Play @command; return the recorded stream (caller frees), or "rejected: WHY". */
char *scenario_play(Scenario *s, CavCommand command);

/* The messages of the last turn played, as the player reads them, joined
 * by " | " (caller frees). */
char *scenario_turn_messages(Scenario *s);

/* Play @command @n times, dropping the stream; aborts if one is rejected. */
void scenario_repeat(Scenario *s, CavCommand command, gint n);

/* Play @command and check that its stream starts with @expected (what the
 * creatures do afterwards may be left to chance). */
void scenario_assert_starts(Scenario *s, CavCommand command, const char *expected);

/* Fold @e (stamped as the next event, of a new turn or the current one) and
 * check that it is refused with a message mentioning @problem, leaving the
 * state as it was. */
void scenario_assert_refused(Scenario *s, CavEvent e, gboolean new_turn, const char *problem);

#define ASSERT_PLAY(s, command, expected)                                                          \
    do {                                                                                           \
        g_autofree char *got_ = scenario_play((s), (command));                                     \
        g_assert_cmpstr(got_, ==, (expected));                                                     \
    } while (0)

#endif
