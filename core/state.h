/* SPDX-License-Identifier: GPL-3.0-or-later */
/* state.h — the game's rules state: terrain, creatures, outcome. (The
 * player's view and memory are a projection: view.h.) It is a flat value (no pointers), so a
 * snapshot is a copy and the digest is a hash over a canonical field-by-field encoding.
 *
 * Only evolve.c writes a CavState (besides state_init); everyone else reads. */
#ifndef CAV_CORE_STATE_H
#define CAV_CORE_STATE_H

#include <glib.h>

#include "content.h"
#include "event.h"
#include "world.h"

G_BEGIN_DECLS

#define CAV_CREATURES_MAX 1024
#define CAV_ITEMS_MAX 2048
#define CAV_PACK_SLOTS 20
#define CAV_EFFECTS_MAX 4096 /* effect instances over a whole game */

typedef enum {
    OUTCOME_PLAYING = 0,
    OUTCOME_WON,
    OUTCOME_LOST,
} CavOutcome;

typedef struct {
    gint32 id; /* index into CavState.creatures; 0 for an empty slot */
    char kind[CAV_NAME_MAX];
    CavBehaviour behaviour;
    char glyph;
    char colour[CAV_COLOUR_MAX];
    gint32 z, x, y;
    gint32 hp, max_hp, attack, defense, vision; /* base stats; see state_attack() */
    gint32 level, xp, kills;
    gint32 food, max_food, mana, max_mana;
    gint32 hp_regen, mana_regen;         /* per mille per turn */
    gint32 hp_regen_acc, mana_regen_acc; /* per mille gathered toward the next point */
    gint32 pending_bonuses;              /* levels gained whose bonus is not chosen yet */
    gint32 weapon, armour;               /* item ids, 0 for none */
    gint32 pack[CAV_PACK_SLOTS];         /* item ids by slot (letter), 0 for empty */
    gint32 colony;                       /* fungi: the colony's founder id */
    gint32 colony_size;                  /* on a founder: fungi its colony has grown */
    gint32 died_turn;                    /* the turn it died, when !alive */
    char hunger[CAV_WORD_MAX];           /* the last hunger word announced, "" for none */
    gboolean alive;
    /* Called into the caves by a spell (CreatureSummoned): it gives no xp
     * and leaves no corpse. Derived from the events and outside the
     * digest: files of cavelog 0.3.0 hold summoned creatures, and their
     * recorded digests did not count this. */
    gboolean summoned;
    /* The sum of the active effects' modifiers (kept by evolve as effects
     * start and end), and the potion looks this creature knows: bit i for
     * CavState.looks[i]. */
    gint32 effect_attack, effect_defense, effect_vision, effect_hp_regen, effect_mana_regen;
    gint32 effect_detect; /* > 0: perceives every creature on its level */
    guint32 known;
} CavCreature;

/* A kind of potion as this game has it: its look and what it does. */
typedef struct {
    char kind[CAV_NAME_MAX];       /* the item type, "potion of poison" */
    char effect[CAV_NAME_MAX];     /* the effect's name, "poison" */
    char appearance[CAV_WORD_MAX]; /* "cyan" */
    char colour[CAV_COLOUR_MAX];
    CavEffectSpec spec;
    char called[CAV_NAME_MAX]; /* the player's own name for it, "" for none */
} CavPotionLook;

/* A spell as this game has it (SpellDefined at the start). */
typedef struct {
    char name[CAV_NAME_MAX];
    char book[CAV_NAME_MAX]; /* the item type it is read from */
    gint32 cost;
    char effect[CAV_NAME_MAX]; /* "" for a special */
    CavEffectSpec spec;
    CavSpecial special;
    gint32 range;       /* blink: the farthest landing, in cells */
    gint32 min_range;   /* blink: the nearest landing (1 in files of cavelog 0.3.0) */
    gint32 hp_per_mana; /* blood to mana: hp for a mana (1 in files of cavelog 0.3.0) */
    char summon[CAV_NAME_MAX];
} CavSpell;

#define CAV_SPELLS_MAX 32

/* One application of an effect: two potions of poison are two of these. */
typedef struct {
    gint32 id;       /* index into CavState.effects; 0 for an empty slot */
    gint32 creature; /* its holder */
    gint32 item;     /* the potion it came from, or 0 */
    char name[CAV_NAME_MAX];
    CavEffectSpec spec;
    gint32 remaining; /* turns it still works */
    gboolean active;
} CavEffect;

typedef struct {
    gint32 id; /* index into CavState.items; 0 for an empty slot */
    char type[CAV_NAME_MAX];
    char name[CAV_NAME_MAX]; /* "rock", "bat corpse" */
    char glyph;
    char colour[CAV_COLOUR_MAX];
    guint32 tags, features; /* bits of CavTag / CavFeature */
    CavStack stack;
    gint32 attack, defense, thrown, ranged, food;
    gint32 rot_turns, born; /* rots rot_turns after the turn it was born (0: never) */
    gint32 count;           /* 0 once it is gone (eaten, merged) */
    gint32 holder;          /* creature carrying it, or 0 when on the floor */
    gint32 z, x, y;         /* where it lies, when on the floor */
} CavItem;

/* The parts of a state the digest (store schema 3 on) hashes one by one:
 * each creature, item and effect, each level's terrain, the looks and
 * spells. The digest hashes the head of the state with the parts' hashes,
 * and hashes again only the parts touched since it last ran: it costs what
 * the events changed, not the size of the world. */
typedef enum {
    CAV_PART_CREATURE = 1,
    CAV_PART_ITEM,
    CAV_PART_EFFECT,
    CAV_PART_TILES, /* id: the level */
    CAV_PART_MAGIC, /* the looks (with the player's names) and the spells */
} CavPart;

#define CAV_TOUCHED_MAX 1024

/* What the digest keeps between runs. Derived (not part of the digest). */
typedef struct {
    gboolean kept; /* FALSE (a fresh state): nothing is kept; hash every part */
    guint64 sum;   /* the hashes of every creature, item and effect, added up */
    guint64 tiles[CAV_LEVELS];
    guint64 magic;
    guint32 n_touched;                /* over CAV_TOUCHED_MAX: too many to list; hash every part */
    guint32 touched[CAV_TOUCHED_MAX]; /* (part << 24) | id */
} CavDigestMemo;

typedef struct {
    gint64 seed;
    gint64 last_seq; /* seq of the last evolved event; 0 for a fresh state */
    gint32 turn;     /* turn of the last evolved event */
    gint32 levels_generated;
    gint32 rows_generated;    /* terrain rows laid so far, over all levels */
    gint32 player_acted_turn; /* the last turn in which the player acted */
    gint32 player;            /* creature id of the player, 0 before spawn */
    gint32 creature_count;    /* highest creature id in use */
    gint32 item_count;        /* highest item id in use */
    CavOutcome outcome;
    char cause[CAV_STR_MAX];
    char player_name[CAV_STR_MAX];
    gint32 deepest; /* deepest level (0-based) the player reached */
    gint32 time;    /* turns in which time passed (an upkeep): not bonuses or names */
    /* Where the current turn began and the last monster that acted in it, so
     * that causes stay within their turn and monsters act in spawn order
     * (derived from the events' order; not part of the digest);
     * CAV_ACTS_OVER once the turn's upkeep began: no one acts after it. */
    gint64 turn_first_seq;
    gint32 turn_last_actor;
    gint32 look_count;   /* kinds of potion given a look at the start */
    gint32 effect_count; /* highest effect id in use */
    CavPotionLook looks[CAV_POTION_KINDS_MAX];
    gint32 spell_count; /* spells the game's books hold */
    CavSpell spells[CAV_SPELLS_MAX];
    CavDigestMemo memo; /* derived: see state_digest() */
    CavLevelTiles tiles[CAV_LEVELS];
    CavCreature creatures[CAV_CREATURES_MAX + 1];
    CavItem items[CAV_ITEMS_MAX + 1];
    CavEffect effects[CAV_EFFECTS_MAX + 1];
    /* The hash of each record as the digest last took it (derived). */
    guint64 creature_parts[CAV_CREATURES_MAX + 1];
    guint64 item_parts[CAV_ITEMS_MAX + 1];
    guint64 effect_parts[CAV_EFFECTS_MAX + 1];
    /* Where everyone and everything is: the living creature and the floor
     * item on each cell (0 for none). Derived from the records above and
     * kept by evolve, so a lookup is not a scan; not part of the digest. */
    guint16 occupant[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
    guint16 floor_item[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
    /* The level each living creature is on, plus one (0: dead, or no such
     * creature). Derived like the maps above, kept by evolve beside the
     * occupant map and rebuilt on restore (not in the snapshot): the
     * creatures of one level are found without reading every creature's
     * record, so a turn does not cost more with creatures elsewhere. */
    guint8 creature_on[CAV_CREATURES_MAX + 1];
    /* How many acts turn_last_actor has taken in a row while the creatures
     * act (a bat steps twice): 0 before and after their phase, so 0 at every
     * turn's end. Derived like turn_last_actor, but after the snapshot's
     * end: a state restored from one holds 0 (never more than it should). */
    gint32 turn_acts;
} CavState;

/* turn_last_actor once the turn's upkeep began (see above). */
#define CAV_ACTS_OVER G_MAXINT32

/* A fresh, empty state (before GameStarted). Caller frees with g_free(). */
CavState *state_new(void);

/* Reset @state to the fresh, empty state. */
void state_init(CavState *state);

/* The tile at (z, x, y), TILE_OUTSIDE for anything out of range. */
CavTile state_tile(const CavState *state, gint32 z, gint32 x, gint32 y);

/* The creature with @id, or NULL for 0, out of range or an empty slot. */
const CavCreature *state_creature(const CavState *state, gint32 id);

/* The player creature, or NULL before the player has spawned. */
const CavCreature *state_player(const CavState *state);

/* The level whose bonus @creature chooses next: bonuses waiting are chosen
 * in the order their levels were gained, so with two waiting at level 3 the
 * next one is level 2's. */
gint32 state_bonus_level(const CavCreature *creature);

/* The living creature standing at (z, x, y), or NULL. */
const CavCreature *state_creature_at(const CavState *state, gint32 z, gint32 x, gint32 y);

/* Whether creature @id (0 … CAV_CREATURES_MAX) is alive on level @z. */
static inline gboolean state_alive_on(const CavState *state, gint32 id, gint32 z)
{
    return z >= 0 && z < CAV_LEVELS && state->creature_on[id] == (guint8) (z + 1);
}

/* The item with @id (present or gone), or NULL for 0, out of range or an empty slot. */
const CavItem *state_item(const CavState *state, gint32 id);

/* The item lying on the floor at (z, x, y), or NULL. */
const CavItem *state_item_at(const CavState *state, gint32 z, gint32 x, gint32 y);

/* Effective attack and defense: base + weapon + armour + active effects. */
gint32 state_attack(const CavState *state, const CavCreature *creature);
gint32 state_defense(const CavState *state, const CavCreature *creature);

/* Effective vision (base + active effects, never below 0) and regeneration
 * per mille (likewise). */
gint32 state_vision(const CavCreature *creature);
gint32 state_hp_regen(const CavCreature *creature);
gint32 state_mana_regen(const CavCreature *creature);

/* The effect with @id, or NULL for 0, out of range or an empty slot. */
const CavEffect *state_effect(const CavState *state, gint32 id);

/* The look of potion type @kind in this game, or NULL when it has none. */
const CavPotionLook *state_look_of_kind(const CavState *state, const char *kind);

/* The spell @name read from a book of type @book, or NULL. */
const CavSpell *state_spell(const CavState *state, const char *book, const char *name);

/* Whether @c perceives @other: it is itself, stands in @c's field of view
 * (@visible, the cells @c sees), or @c detects every creature on its level. */
gboolean state_perceives(const CavCreature *c, const CavCreature *other,
                         const guint8 visible[CAV_HEIGHT][CAV_WIDTH]);

/* The index in CavState.looks of @appearance, or -1. */
gint32 state_look_index(const CavState *state, const char *appearance);

/* Whether @creature knows what @item is: anything but a potion whose look
 * it has not learned. */
gboolean state_knows_item(const CavState *state, const CavCreature *creature, const CavItem *item);

/* @item's name as @creature knows it ("cyan potion" or "potion of poison");
 * @creature NULL knows everything. Appended to @out. */
void state_item_name_for(const CavState *state, const CavCreature *creature, const CavItem *item,
                         GString *out);

/* Whether @item has rotted by the state's current turn. */
gboolean state_item_rotten(const CavState *state, const CavItem *item);

/* Whether @creature carries an item with @tag (say, the bear). */
gboolean state_carries_tag(const CavState *state, const CavCreature *creature, CavTag tag);

/* "playing", "won" or "lost", as the game row and the CLI spell it. */
const char *state_outcome_name(CavOutcome outcome);

/* The number of items in @creature's pack (slots in use). */
gint32 state_pack_used(const CavCreature *creature);

/* The player's score: (deepest level reached) × 100 + kills × 10 + turns ÷ 10,
 * plus 1000 for a win. Turns are the recorded turns, the number the game
 * shows everywhere (status line, end screen, morgue, list, the game row's
 * `turns`), as GAME.md has it; a bonus chosen or a look named is one too.
 * (cavelog 0.2.0 counted only turns in which time passed: see
 * checks_description.) */
gint32 state_score(const CavState *state);

/* A compact copy of @state: everything except the creature and item slots
 * past the highest ids in use. Free with g_bytes_unref. */
GBytes *state_snapshot(const CavState *state);

/* Make @state what @snapshot (from state_snapshot) holds. */
void state_restore(CavState *state, GBytes *snapshot);

/* state_restore for @size bytes at @data that came from a file: FALSE,
 * with @state untouched, unless they have exactly the size state_snapshot
 * gives for the counts they hold, each count in its range. The digest's memo
 * is not taken from them: the next digest hashes every part. */
gboolean state_restore_checked(CavState *state, const guint8 *data, gsize size);

/* 64-bit digest of a canonical encoding of the whole state. Two states have
 * the same digest exactly when every field is equal (up to hash collisions).
 * The digest of store schema 3 on: parts (see CavPart) hashed one by one
 * and the head with them. It hashes again only the parts touched (by
 * state_touch) since it last ran on @state, and keeps their hashes in
 * @state's memo: derived data, never a fact of the game, which is why a
 * const state may have its memo refreshed. */
guint64 state_digest(const CavState *state);

/* The same digest worked out from nothing, leaving the memo alone: what
 * state_digest must always equal (the tests check it after every event). */
guint64 state_digest_full(const CavState *state);

/* Note that evolve is changing part @part (@id: the creature, item or effect
 * id, or the level) of @state. */
void state_touch(CavState *state, CavPart part, gint32 id);

/* The digest as files of store schema 2 recorded it (cavelog 0.2: every
 * field of the whole world, each turn). */
guint64 state_digest_v2(const CavState *state);

/* The digest as files of store schema 1 recorded it (cavelog 0.1, before
 * creatures had food and items existed): the fields that build knew. */
guint64 state_digest_v1(const CavState *state);

G_END_DECLS

#endif
