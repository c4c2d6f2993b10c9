/* catalog.h — every domain event of cavelog, listed once.
 *
 * Each entry: X(ENUM, Name, version, "meaning", "summary template", fields).
 * Fields are F(TYPE, name) with TYPE one of I32, I64, STR (short name), ROW
 * (one row of terrain). The enum, payload structs, names, JSON codec, SQL views
 * and summaries are all expanded from this list; nothing else names a field.
 * A summary template names fields in braces: "{creature} moved to ({x},{y})".
 * Adding an event: one entry here, one case in core/evolve.c (-Wswitch-enum
 * finds the rest). Changing a payload: bump its version, add an upcaster in
 * events/codec.c. */
#ifndef CAV_EVENTS_CATALOG_H
#define CAV_EVENTS_CATALOG_H

/* clang-format off */
#define CAV_EVENT_CATALOG(X, F)                                                                  \
    X(GAME_STARTED, GameStarted, 1, "A new game began.",                                        \
      "game began with seed {seed} on {levels} levels of {width}x{height}",                     \
      F(I64, seed) F(I32, levels) F(I32, width) F(I32, height) F(STR, player_name))            \
    X(LEVEL_GENERATED, LevelGenerated, 1, "A cave level was generated; its rows follow.",       \
      "level {z} generated ({width}x{height})",                                                 \
      F(I32, z) F(I32, width) F(I32, height))                                                   \
    X(LEVEL_ROW_GENERATED, LevelRowGenerated, 1, "One row of a generated level's terrain.",     \
      "level {z} row {y}: {cells}",                                                             \
      F(I32, z) F(I32, y) F(ROW, cells))                                                        \
    X(CREATURE_SPAWNED, CreatureSpawned, 1, "A creature appeared in the caves.",                \
      "{kind} {creature} appeared at ({x},{y}) on level {z}",                                   \
      F(I32, creature) F(STR, kind) F(I32, z) F(I32, x) F(I32, y) F(I32, max_hp)              \
      F(I32, attack) F(I32, defense) F(I32, vision))                                            \
    X(CREATURE_MOVED, CreatureMoved, 1, "A creature stepped to a neighbouring cell.",          \
      "creature {creature} moved ({from_x},{from_y}) -> ({x},{y}) on level {z}",                \
      F(I32, creature) F(I32, z) F(I32, from_x) F(I32, from_y) F(I32, x) F(I32, y))            \
    X(TILE_DUG, TileDug, 1, "A wall was dug into floor.",                                       \
      "wall at ({x},{y}) on level {z} dug into floor by {creature}",                           \
      F(I32, creature) F(I32, z) F(I32, x) F(I32, y))                                           \
    X(CREATURE_TOOK_STAIRS, CreatureTookStairs, 1, "A creature climbed to another level.",     \
      "creature {creature} took the stairs from level {from_z} to level {z} at ({x},{y})",      \
      F(I32, creature) F(I32, from_z) F(I32, z) F(I32, x) F(I32, y))                           \
    X(CREATURE_WAITED, CreatureWaited, 1, "A creature let a turn pass.",                        \
      "creature {creature} waited",                                                             \
      F(I32, creature))                                                                         \
    X(GAME_WON, GameWon, 1, "The player brought the bear to the surface.",                     \
      "game won by {creature}",                                                                 \
      F(I32, creature))                                                                         \
    X(GAME_LOST, GameLost, 1, "The game ended without a win.",                                  \
      "game lost by {creature}: {cause}",                                                       \
      F(I32, creature) F(STR, cause))
/* clang-format on */

#endif
