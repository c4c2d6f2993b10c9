/* SPDX-License-Identifier: GPL-3.0-or-later */
/* catalog.h — every domain event of cavelog, listed once.
 *
 * Each entry: X(ENUM, Name, version, "meaning", "summary template", fields).
 * Fields are F(TYPE, name) with TYPE one of I32, I64, STR (short name), ROW
 * (one row of terrain). The enum, payload structs, names, JSON codec, SQL views
 * and summaries are all expanded from this list; nothing else names a field.
 * A summary template names fields in braces: "{creature} moved to ({x},{y})";
 * a part in brackets is shown only when every entity it names is one:
 * "{creature} picked up {item}[ (stacked with {into})]".
 * "{word|fed}" says "fed" where the text field `word` is empty.
 * Adding an event, the checklist:
 *   - one entry here, and its row in CAV_EVENT_ROLES below (the build
 *     fails without it);
 *   - its case in core/evolve.c and core/validate.c (-Wswitch-enum finds
 *     every switch that must learn it), and its words in core/messages.c if
 *     the player sees it;
 *   - a rule that makes it: the golden recordings must hold it (the
 *     `golden` test says which type none holds; tests/golden/regenerate.sh);
 *   - the outside audit, tests/audit/rules.py, if a rule of GAME.md shows
 *     in it.
 * Changing a payload: bump its version, add an upcaster in events/codec.c,
 * and keep the files of earlier releases (tests/data, suite `releases`)
 * folding with every digest. A change of rules bumps the version in
 * meson.build (the golden recordings of this version stop re-running
 * otherwise). */
#ifndef CAV_EVENTS_CATALOG_H
#define CAV_EVENTS_CATALOG_H

/* clang-format off */
/* What an effect does (potions and spells): hp, mana and xp (× the holder's
 * level) once at its start; turn_hp each turn, with turn_chance percent; the
 * rest added to the holder's numbers while it lasts (detect: perceives every
 * creature on its level). */
#define CAV_EFFECT_FIELDS(F)                                                                     \
    F(I32, duration) F(I32, hp) F(I32, mana) F(I32, xp_per_level) F(I32, turn_hp)                \
    F(I32, turn_chance) F(I32, attack) F(I32, defense) F(I32, vision) F(I32, hp_regen)           \
    F(I32, mana_regen) F(I32, detect)

/* A creature as it comes into the world (CreatureSpawned, CreatureSummoned). */
#define CAV_CREATURE_FIELDS(F)                                                                   \
    F(I32, creature) F(STR, kind) F(STR, behaviour) F(STR, glyph) F(STR, colour)                 \
    F(I32, z) F(I32, x) F(I32, y) F(I32, max_hp) F(I32, attack) F(I32, defense)                  \
    F(I32, vision) F(I32, level) F(I32, max_food) F(I32, food) F(I32, max_mana)                  \
    F(I32, hp_regen) F(I32, mana_regen) F(I32, colony)

#define CAV_EVENT_CATALOG(X, F)                                                                  \
    X(GAME_STARTED, GameStarted, 1, "A new game began.",                                        \
      "game began with seed {seed} on {levels} depths of {width}x{height}",                     \
      F(I64, seed) F(I32, levels) F(I32, width) F(I32, height) F(STR, player_name))            \
    X(LEVEL_GENERATED, LevelGenerated, 1, "A depth of the caves was generated; its rows follow.",       \
      "depth {z} generated ({width}x{height})",                                                 \
      F(I32, z) F(I32, width) F(I32, height))                                                   \
    X(LEVEL_ROW_GENERATED, LevelRowGenerated, 1, "One row of a generated depth's terrain.",     \
      "depth {z} row {y}: {cells}",                                                             \
      F(I32, z) F(I32, y) F(ROW, cells))                                                        \
    X(CREATURE_SPAWNED, CreatureSpawned, 2, "A creature appeared in the caves.",                \
      "{creature} appeared at ({x},{y}) on depth {z}: a {kind} of {max_hp} hp",                                   \
      CAV_CREATURE_FIELDS(F))                                                                   \
    X(CREATURE_MOVED, CreatureMoved, 2, "A creature stepped to a neighbouring cell.",          \
      "{creature} moved ({from_x},{from_y}) -> ({x},{y}) on depth {z}",                \
      F(I32, creature) F(I32, z) F(I32, from_x) F(I32, from_y) F(I32, x) F(I32, y)             \
      F(I32, food))                                                                             \
    X(TILE_DUG, TileDug, 2, "A wall was dug into floor.",                                       \
      "wall at ({x},{y}) on depth {z} dug into floor by {creature}",                           \
      F(I32, creature) F(I32, z) F(I32, x) F(I32, y) F(I32, food))                             \
    X(CREATURE_TOOK_STAIRS, CreatureTookStairs, 1, "A creature climbed to another depth.",     \
      "{creature} took the stairs from depth {from_z} to depth {z} at ({x},{y})",      \
      F(I32, creature) F(I32, from_z) F(I32, z) F(I32, x) F(I32, y))                           \
    X(CREATURE_WAITED, CreatureWaited, 1, "A creature let a turn pass.",                        \
      "{creature} waited",                                                             \
      F(I32, creature))                                                                         \
    X(FUNGUS_SPREAD, FungusSpread, 1, "A fungus grew a new fungus of its colony nearby.",      \
      "{parent} spread to ({x},{y}) on depth {z} as {child} (colony of {colony})",         \
      F(I32, parent) F(I32, child) F(I32, colony) F(I32, z) F(I32, x) F(I32, y))              \
    X(CREATURE_ATTACKED, CreatureAttacked, 1, "A creature hit another in melee.",              \
      "{creature} hit {target} for {damage}",                                \
      F(I32, creature) F(I32, target) F(I32, damage) F(I32, food))                             \
    X(CREATURE_HURT, CreatureHurt, 1, "A creature lost hit points to something not a blow.",   \
      "{creature} lost {damage} hp: {cause}",                                          \
      F(I32, creature) F(I32, damage) F(STR, cause))                                            \
    X(CREATURE_REGENERATED, CreatureRegenerated, 1,                                             \
      "A creature's body restored hit points or mana, paying in food.",                         \
      "{creature} regenerated {hp} hp and {mana} mana for {food} food",                \
      F(I32, creature) F(I32, hp) F(I32, mana) F(I32, food))                                   \
    X(UPKEEP_APPLIED, UpkeepApplied, 1,                                                         \
      "Every living creature at one depth spent a turn's food and gathered regeneration.",   \
      "creatures on depth {z} spent {food} food each",                                          \
      F(I32, z) F(I32, food))                                                                   \
    X(HUNGER_CHANGED, HungerChanged, 1, "A creature's hunger passed a threshold.",             \
      "{creature} is now {word|neither hungry nor full}",                              \
      F(I32, creature) F(STR, word))                                                            \
    X(CREATURE_OVERATE, CreatureOverate, 1, "A creature ate past its limit; its stomach grew.", \
      "{creature} overate; max food now {max_food}",                                   \
      F(I32, creature) F(I32, max_food))                                                        \
    X(CREATURE_DIED, CreatureDied, 1, "A creature died.",                                       \
      "{creature} died: {cause}",                                                      \
      F(I32, creature) F(I32, killer) F(STR, cause))                                            \
    X(XP_GAINED, XpGained, 1, "A creature gained experience.",                                  \
      "{creature} gained {amount} xp",                                                 \
      F(I32, creature) F(I32, amount))                                                          \
    X(LEVEL_GAINED, LevelGained, 1, "A creature reached a new experience level.",              \
      "{creature} reached experience level {level} and healed {heal}",                            \
      F(I32, creature) F(I32, level) F(I32, heal))                                              \
    X(LEVEL_UP_CHOSEN, LevelUpChosen, 1, "A creature chose the bonus of a level gained.",      \
      "{creature} chose {bonus} (+{amount})",                                          \
      F(I32, creature) F(STR, bonus) F(I32, amount))                                            \
    X(ITEM_SPAWNED, ItemSpawned, 1, "An item appeared, on the floor or carried.",              \
      "{item} appeared: {count} {name}, held by {holder}, at ({x},{y}) on depth {z}",                       \
      F(I32, item) F(STR, type) F(STR, name) F(STR, glyph) F(STR, colour) F(STR, tags)         \
      F(STR, features) F(STR, stack) F(I32, attack) F(I32, defense) F(I32, thrown)             \
      F(I32, ranged) F(I32, food) F(I32, rot_turns) F(I32, count) F(I32, holder)               \
      F(I32, z) F(I32, x) F(I32, y))                                                            \
    X(ITEM_PICKED_UP, ItemPickedUp, 1, "A creature picked an item up from the floor.",         \
      "{creature} picked up {item}[ (stacked with {into})]",                               \
      F(I32, creature) F(I32, item) F(I32, into))                                               \
    X(ITEM_DROPPED, ItemDropped, 1, "An item left a creature's pack for the floor.",           \
      "{creature} dropped {item}[ (split off as {split})][ (stacked with {into})] at ({x},{y})",     \
      F(I32, creature) F(I32, item) F(I32, split) F(I32, into) F(I32, z) F(I32, x) F(I32, y)) \
    X(ITEM_EATEN, ItemEaten, 1, "A creature ate one of an item.",                               \
      "{creature} ate {item} for {food} food",                                    \
      F(I32, creature) F(I32, item) F(I32, food))                                               \
    X(ITEM_EQUIPPED, ItemEquipped, 1, "A creature wielded or wore an item.",                   \
      "{creature} equipped {item} as {slot}",                                     \
      F(I32, creature) F(I32, item) F(STR, slot))                                               \
    X(ITEM_UNEQUIPPED, ItemUnequipped, 1, "A creature put away an item it wielded or wore.",   \
      "{creature} took off {item} ({slot})",                                      \
      F(I32, creature) F(I32, item) F(STR, slot))                                               \
    X(APPEARANCE_ASSIGNED, AppearanceAssigned, 1,                                               \
      "A kind of potion was given its look for this game, with what it does.",                  \
      "{kind} looks {appearance} in this game",                                                 \
      F(STR, kind) F(STR, appearance) F(STR, colour) F(STR, effect) CAV_EFFECT_FIELDS(F))                      \
    X(ITEM_THROWN, ItemThrown, 1, "A creature threw an item along a line.",                     \
      "{creature} threw {item} at ({aim_x},{aim_y}): it hit {target} for {damage}",             \
      F(I32, creature) F(I32, item) F(I32, split) F(I32, target) F(I32, z)                      \
      F(I32, from_x) F(I32, from_y) F(I32, aim_x) F(I32, aim_y) F(I32, to_x) F(I32, to_y)       \
      F(I32, x) F(I32, y) F(I32, damage) F(I32, food))                                          \
    X(SHOT_FIRED, ShotFired, 1, "A creature fired its ranged weapon along a line.",             \
      "{creature} fired {item} at ({aim_x},{aim_y}): it hit {target} for {damage}",             \
      F(I32, creature) F(I32, item) F(I32, target) F(I32, z) F(I32, from_x) F(I32, from_y)      \
      F(I32, aim_x) F(I32, aim_y) F(I32, to_x) F(I32, to_y) F(I32, damage) F(I32, food))        \
    X(ITEM_QUAFFED, ItemQuaffed, 1, "A creature drank a potion.",                               \
      "{creature} drank {item}",                                                                \
      F(I32, creature) F(I32, item))                                                            \
    X(EFFECT_STARTED, EffectStarted, 1, "An effect took hold of a creature.",                   \
      "effect {effect} ({name}, {duration} turns) began on {creature}",                         \
      F(I32, effect) F(I32, creature) F(I32, item) F(STR, name) CAV_EFFECT_FIELDS(F))           \
    X(EFFECT_APPLIED, EffectApplied, 1, "An effect changed a creature's hp or mana.",          \
      "effect {effect} changed {creature} by {hp} hp and {mana} mana",                          \
      F(I32, effect) F(I32, creature) F(I32, hp) F(I32, mana))                                  \
    X(EFFECTS_TICKED, EffectsTicked, 1,                                                         \
      "Every active effect on a depth worked for one more turn.",                               \
      "{effects} effects on depth {z} worked a turn",                                           \
      F(I32, z) F(I32, effects))                                                                \
    X(EFFECT_ENDED, EffectEnded, 1, "An effect wore off or lost its holder.",                   \
      "effect {effect} on {creature} ended: {reason}",                                          \
      F(I32, effect) F(I32, creature) F(STR, reason))                                           \
    X(ITEM_IDENTIFIED, ItemIdentified, 1, "A creature learned what a kind of potion is.",       \
      "{creature} learned that {appearance} potions are {kind} ({how})",                        \
      F(I32, creature) F(STR, appearance) F(STR, kind) F(STR, how))                             \
    X(SPELL_DEFINED, SpellDefined, 2,                                                           \
      "A spell one of the game's books holds, with what it costs and does.",                    \
      "{book} holds {spell} for {cost} mana",                                                   \
      F(STR, spell) F(STR, book) F(I32, cost) F(STR, effect) F(STR, special) F(I32, range)      \
      F(I32, min_range) F(I32, hp_per_mana) F(STR, summon) CAV_EFFECT_FIELDS(F))                \
    X(SPELL_CAST, SpellCast, 1, "A creature read a spell from a book and cast it.",             \
      "{creature} cast {spell} from {item} on {target} for {cost} mana",                        \
      F(I32, creature) F(I32, item) F(STR, spell) F(I32, target) F(I32, cost))                  \
    X(MANA_DRAWN, ManaDrawn, 2, "A creature turned some of its hp into mana.",                 \
      "{creature} turned {hp} hp into {mana} mana",                                             \
      F(I32, creature) F(I32, hp) F(I32, mana))                                                 \
    X(CREATURE_BLINKED, CreatureBlinked, 1, "A creature vanished and reappeared nearby.",       \
      "{creature} blinked ({from_x},{from_y}) -> ({x},{y}) on depth {z}",                       \
      F(I32, creature) F(I32, z) F(I32, from_x) F(I32, from_y) F(I32, x) F(I32, y))             \
    X(CREATURE_SUMMONED, CreatureSummoned, 1, "A creature was called into the caves by another.",\
      "{summoner} called {creature} to ({x},{y}) on depth {z}: a {kind}",                       \
      CAV_CREATURE_FIELDS(F) F(I32, summoner))                                                  \
    X(ITEM_NAMED, ItemNamed, 1, "A creature gave a look of potion a name of its own.",          \
      "{creature} calls {appearance} potions \"{name}\"",                                       \
      F(I32, creature) F(STR, appearance) F(STR, name))                                         \
    X(GAME_WON, GameWon, 1, "The player brought the bear to the surface.",                     \
      "{creature} won the game",                                                                \
      F(I32, creature))                                                                         \
    X(GAME_LOST, GameLost, 1, "The game ended without a win.",                                  \
      "{creature} lost the game: {cause}",                                                      \
      F(I32, creature) F(STR, cause))
/* clang-format on */

/* What an event happens to, as the inspector's Target column shows it
 * (README, "The inspector"): R(ENUM, target). (Its Actor column is the
 * envelope's actor for every type, as the file holds it.) @target names
 * the payload field of the entity it happens to — the one hit or cast
 * upon, the victim, the item used, the creature whose numbers change — or
 * "" for none (a creature's own step, wait or stairs; the world's levels,
 * tiles and upkeep); a missile that hits nobody has none. */
/* clang-format off */
#define CAV_EVENT_ROLES(R)                                                                         \
    R(GAME_STARTED, "")             R(LEVEL_GENERATED, "")                           \
    R(LEVEL_ROW_GENERATED, "")      R(CREATURE_SPAWNED, "creature")                  \
    R(CREATURE_MOVED, "")           R(TILE_DUG, "")                                  \
    R(CREATURE_TOOK_STAIRS, "")     R(CREATURE_WAITED, "")                           \
    R(FUNGUS_SPREAD, "child")       R(CREATURE_ATTACKED, "target")                   \
    R(CREATURE_HURT, "creature")    R(CREATURE_REGENERATED, "creature")              \
    R(UPKEEP_APPLIED, "")           R(HUNGER_CHANGED, "creature")                    \
    R(CREATURE_OVERATE, "creature") R(CREATURE_DIED, "creature")                     \
    R(XP_GAINED, "creature")        R(LEVEL_GAINED, "creature")                      \
    R(LEVEL_UP_CHOSEN, "creature")  R(ITEM_SPAWNED, "item")                          \
    R(ITEM_PICKED_UP, "item")       R(ITEM_DROPPED, "item")                          \
    R(ITEM_EATEN, "item")           R(ITEM_EQUIPPED, "item")                         \
    R(ITEM_UNEQUIPPED, "item")      R(APPEARANCE_ASSIGNED, "")                       \
    R(ITEM_THROWN, "target")        R(SHOT_FIRED, "target")                          \
    R(ITEM_QUAFFED, "item")         R(EFFECT_STARTED, "creature")                    \
    R(EFFECT_APPLIED, "creature")   R(EFFECTS_TICKED, "")                            \
    R(EFFECT_ENDED, "creature")     R(ITEM_IDENTIFIED, "creature")                   \
    R(SPELL_DEFINED, "")            R(SPELL_CAST, "target")                          \
    R(MANA_DRAWN, "creature")       R(CREATURE_BLINKED, "creature")                  \
    R(CREATURE_SUMMONED, "creature") R(ITEM_NAMED, "")                               \
    R(GAME_WON, "creature")      R(GAME_LOST, "creature")
/* clang-format on */

#endif
