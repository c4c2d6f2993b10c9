/* SPDX-License-Identifier: GPL-3.0-or-later */
/* messages.h — the player's message log as a projection of events: what the
 * player could perceive (their own deeds, and what happens in their view),
 * in second person for their own deeds and third person for others. */
#ifndef CAV_CORE_MESSAGES_H
#define CAV_CORE_MESSAGES_H

#include "state.h"
#include "view.h"

G_BEGIN_DECLS

/* Append the message @event gives the player to @out. @after is the state
 * right after evolving @event and @view the player's view at that moment
 * (what they see decides what they learn). Returns FALSE (and appends
 * nothing) when the player perceives nothing worth a message: events out of
 * view, bookkeeping (upkeep, regeneration), and the set-up of turn 0. */
gboolean messages_describe(const CavState *after, const CavView *view, const CavEvent *event,
                           GString *out);

/* Append to @out, after the message of @event, the hint a player gets the
 * first time they feel hungry in a game ("Fresh corpses are food."), when
 * @event is the player's hunger turning "hungry" (state @after); FALSE,
 * appending nothing, for any other event. The log that tells the messages
 * of the whole game (folded from its start) asks it until it said it once:
 * a hint derived from the events, not one of them. */
gboolean messages_hunger_hint(const CavState *after, const CavEvent *event, GString *out);

/* How an item is named in a sentence. */
typedef enum {
    MESSAGES_A,   /* "a dagger", "an apple" */
    MESSAGES_THE, /* "the dagger" */
} MessagesArticle;

/* Append @item's name, as the player of @state knows it, for @count of it
 * to @out: "a dagger" / "the dagger", "5 rocks" when @count > 1, "a cyan
 * potion" until the player knows what it is, "a bat corpse"; a mass noun
 * (messages_mass_noun()) takes no "a": "platemail". */
void messages_item_name(const CavState *state, const CavItem *item, gint32 count,
                        MessagesArticle article, GString *out);

/* Append @name in the plural ("rocks", "bat corpses", "potions of health",
 * "fungi", "loaves of bread"). */
void messages_plural(const char *name, GString *out);

/* Append "the goblin" for @creature, "you" for the player. */
void messages_creature_name(const CavState *state, const CavCreature *creature, GString *out);

/* "a" or "an", the indefinite article for @name. Static. */
const char *messages_indefinite(const char *name);

/* Whether @name is a mass noun, said without "a": armour of mail
 * ("platemail", "chainmail") and "bread". */
gboolean messages_mass_noun(const char *name);

/* Append what an effect of @spec does, in a player's words: "+15 hp",
 * "-1 hp a turn for 20 turns", "+5 attack, +5 defense for 20 turns". */
void messages_effect_words(const CavEffectSpec *spec, GString *out);

/* Append what @spell does to its target: its effect's words, or its
 * special's ("the target jumps to an open cell in view up to 5 cells
 * away"). */
void messages_spell_words(const CavSpell *spell, GString *out);

/* Append "1 turn" / "@n turns": @n and @noun (singular), made plural
 * unless @n is 1 or -1. */
void messages_count(gint32 n, const char *noun, GString *out);

/* Append a regeneration of @permille per mille a turn of @what ("hp",
 * "mana") as a player reads it: "1 hp every 10 turns", "1 hp every 6.7
 * turns", "2 hp a turn", "no hp" for none. */
void messages_regen_words(gint32 permille, const char *what, GString *out);

/* How hurt a creature with @hp of @max_hp looks: "unhurt" (full),
 * "wounded" (half or more), "badly wounded" (a quarter or more) or
 * "nearly dead". Static. */
const char *messages_health_words(gint32 hp, gint32 max_hp);

/* "Killed by a goblin" for the cause "killed by a goblin": the first letter
 * raised. Caller frees. */
char *messages_capitalised(const char *text);

G_END_DECLS

#endif
