/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bot-private.h — what the bot's files share: the picture of the player's
 * level that one choice builds (who and what stands where, path costs from
 * the player) and the search over it. Rebuilt from scratch for every choice,
 * so the bot keeps no memory between turns. */
#ifndef CAV_CORE_BOT_PRIVATE_H
#define CAV_CORE_BOT_PRIVATE_H

#include "bot.h"

G_BEGIN_DECLS

#define BOT_CELLS (CAV_WIDTH * CAV_HEIGHT)
#define BOT_UNREACHED G_MAXINT32
#define BOT_BUCKETS 16 /* more than the dearest step (bot-map.c) */

typedef struct {
    const CavState *state;
    const CavContent *content;
    const CavView *view;
    const CavCreature *player;
    gint32 z, here;             /* the player's level and cell (y * width + x) */
    gint32 creature[BOT_CELLS]; /* the living creature on each cell, 0 for none */
    gint32 item[BOT_CELLS];     /* the item lying on each cell, 0 for none */
    guint8 seen[BOT_CELLS];     /* the player has seen the cell, now or before */
    guint8 visible[BOT_CELLS];  /* the player sees the cell now */
    guint8 cost[BOT_CELLS];     /* the cost of stepping onto the cell */
    gint32 dist[BOT_CELLS];     /* path cost from the player, BOT_UNREACHED if none */
    gint32 prev[BOT_CELLS];     /* the cell before on a cheapest path, -1 at the start */
    gint32 digs[BOT_CELLS];     /* known walls dug on that path */
    /* The search's queue: cells in buckets by distance (modulo BOT_BUCKETS),
     * each bucket a list of entries (entry_cell, linked by entry_next). */
    gint32 bucket[BOT_BUCKETS];
    gint32 entries, queued; /* entries used; entries still in a bucket */
    gint32 entry_cell[BOT_CELLS * 8 + 1];
    gint32 entry_next[BOT_CELLS * 8 + 1];
} Bot;

/* ---- what the player carries (bot.c's helpers, shared) ---- */

/* The item in pack @slot, or NULL for an empty slot or a used-up entry. */
static inline const CavItem *bot_pack_item(const Bot *bot, guint slot)
{
    const CavItem *item = state_item(bot->state, bot->player->pack[slot]);

    return item != NULL && item->count > 0 ? item : NULL;
}

static inline gboolean bot_has_tag(const CavItem *item, CavTag tag)
{
    return (item->tags & (1u << tag)) != 0;
}

static inline gboolean bot_can(const CavItem *item, CavFeature feature)
{
    return (item->features & (1u << feature)) != 0;
}

/* Whether the player wields or wears @item. */
static inline gboolean bot_equipped(const Bot *bot, const CavItem *item)
{
    return item->id == bot->player->weapon || item->id == bot->player->armour;
}

/* How much a piece of gear adds to a fight hand to hand (NULL adds 0). */
static inline gint32 bot_gear_score(const CavItem *item)
{
    return item != NULL ? item->attack + item->defense : 0;
}

/* Fill @bot's maps (creatures, items, what is known, step costs) for the
 * player's level. */
void bot_map_scan(Bot *bot);

/* Cheapest paths from the player to every cell of the level: known floor
 * costs 1, an unknown cell 2, a known wall 6 (digging costs food), a
 * fungus 3 more (it must be cut down first). */
void bot_map_search(Bot *bot);

/* The move that takes the player along the cheapest path to @cell (a
 * reached cell other than the player's own). */
CavCommand bot_map_step(const Bot *bot, gint32 cell);

/* Whether the player has seen @cell (now or before); whether it sees it now. */
static inline gboolean bot_map_seen(const Bot *bot, gint32 cell)
{
    return bot->seen[cell] != 0;
}

static inline gboolean bot_map_visible(const Bot *bot, gint32 cell)
{
    return bot->visible[cell] != 0;
}

/* An unknown cell next to a known open one: where exploring goes. */
gboolean bot_map_frontier(const Bot *bot, gint32 cell);

/* Known cells of the player's level. */
gint32 bot_map_seen_cells(const Bot *bot);

/* Whether the player means to go down: the level is well known, or it is
 * hungry with nothing to eat (and it does not carry the bear). */
gboolean bot_wants_down(const Bot *bot);

/* Where exploring leads (bot-walk.c): a step, or taking the stairs the
 * player stands on. Needs the search (bot_map_search) done. FALSE when
 * there is nowhere to go. */
gboolean bot_walk_explore(Bot *bot, CavCommand *out);

/* Whether the player carries the teddy bear. */
gboolean bot_carries_bear(const Bot *bot);

/* Whether @c is a living monster that fights (fungi do not). */
gboolean bot_hostile(const CavCreature *c);

/* Whether a hostile creature stands where the player sees it. */
gboolean bot_hostile_in_view(const Bot *bot);

/* Whether @foe is a goblin with a bow in hand (it shoots, near or far). */
gboolean bot_fight_fires(const Bot *bot, const CavCreature *foe);

/* The hp (in tenths) the player is likely to lose killing @foe (the shots
 * of one that fires, else its blows). */
gint32 bot_fight_cost(const Bot *bot, const CavCreature *foe);

/* Whether a fight likely to cost @cost (tenths of hp) leaves the player a
 * safe margin. */
gboolean bot_fight_winnable(const Bot *bot, gint32 cost);

/* Whether the stairs (@tile) on @cell can be taken (no one stands on the
 * other end) and land the player clear of a fight it would likely lose.
 * (The bot does look at the other level here: it stands for remembering
 * what it fled from.) */
gboolean bot_fight_stairs_safe(const Bot *bot, gint32 cell, CavTile tile);

/* The hp (tenths) that @bonus (attack or defense; 0 for any other) saves
 * over the fights ahead, against a goblin with middling gear. */
gint32 bot_fight_bonus_worth(const Bot *bot, CavBonus bonus);

/* Facing neighbours it would likely lose to: take the stairs when standing
 * on them, else cast its way out, else (unless one of them shoots: a step
 * away would not help) step toward the nearest known stairs, or anywhere
 * out of reach (a hunter that only follows never strikes). FALSE when there
 * is no threat, or no way out (then it fights). Runs the search. */
gboolean bot_fight_flee(Bot *bot, CavCommand *out);

/* The hp (tenths) the hostile creatures next to @cell are likely to cost. */
gint32 bot_fight_threat(const Bot *bot, gint32 cell);

/* ---- at range (bot-missile.c) ---- */

/* With a bow in hand and a hostile creature two steps away or nearer: the
 * best melee weapon carried back in hand. FALSE otherwise. */
gboolean bot_missile_ready(Bot *bot, CavCommand *out);

/* At the nearest goblin or zombie in view, not adjacent, that a missile
 * reaches: fire the bow in hand, else throw a known harmful potion (at a
 * goblin), a missile or a spare weapon, else take up a bow for a far foe.
 * FALSE when there is no such foe or nothing to shoot it with. */
gboolean bot_missile_shoot(Bot *bot, CavCommand *out);

/* Whether @item (on the floor) is worth carrying for range: a potion, a
 * missile while the player carries few, a bow when it has none. */
gboolean bot_missile_wanted(const Bot *bot, const CavItem *item);

/* Whether @item is the bow the player keeps (never dropped as junk). */
gboolean bot_missile_keeps(const Bot *bot, const CavItem *item);

/* ---- potions (bot-potion.c) ---- */

/* Whether @item is a potion the player knows to harm whoever drinks it. */
gboolean bot_potion_harmful(const Bot *bot, const CavItem *item);

/* Below half its hp: drink the known potion that heals most, else one that
 * heals over time (unless one already works), else an unknown one (a
 * gamble). Never a known harmful one. FALSE when there is nothing to drink
 * or no need. */
gboolean bot_potion_heal(Bot *bot, CavCommand *out);

/* A known strength potion before a hard fight (next to foes likely to cost
 * a quarter of the hp left), or a known experience potion with no foe in
 * view. FALSE otherwise. */
gboolean bot_potion_boost(Bot *bot, CavCommand *out);

/* Drink an unknown potion to learn it, when nothing hostile is in view and
 * the hp is neither low nor full (a potion of health at full hp would teach
 * nothing). FALSE otherwise. */
gboolean bot_potion_try(Bot *bot, CavCommand *out);

/* Call the look of an unknown potion carried "untried" (once: a look the
 * player has called anything keeps its name), and forget the name once the
 * kind is known. Takes no turn. FALSE when there is nothing to name. */
gboolean bot_potion_name(Bot *bot, CavCommand *out);

/* ---- level-up bonuses (bot-bonus.c) ---- */

/* The bonus to choose now: max mana while a carried spell is out of reach
 * (bot_spell_wants_mana), else the one worth the most hp over the stretch
 * ahead, each worth less the more often it was taken. */
CavBonus bot_bonus_choose(const Bot *bot);

/* ---- spells (bot-spell.c) ---- */

/* Whether the player carries the book of spell @name. */
gboolean bot_spell_knows(const Bot *bot, const char *name);

/* Whether @item (on the floor) is a spellbook of a kind the player lacks. */
gboolean bot_spell_wanted(const Bot *bot, const CavItem *item);

/* Whether the next level-up bonus should be max mana: with a book, until a
 * major heal or a blink is affordable, then (with the blue book) every other
 * level until detection and bats are. */
gboolean bot_spell_wants_mana(const Bot *bot);

/* Hurt: cast the biggest heal affordable, else a slow heal with no foe in
 * view, else blood to mana when that pays for a heal and leaves hp to
 * spare; with full mana, a heal the wound takes whole. FALSE otherwise. */
gboolean bot_spell_heal(Bot *bot, CavCommand *out);

/* On a level just arrived at (few cells known), with no foe next to it:
 * detect creatures (turning blood to mana for it when healthy). */
gboolean bot_spell_detect(Bot *bot, CavCommand *out);

/* Inner strength before a hard fight (as bot_potion_boost), unless it
 * already works. */
gboolean bot_spell_boost(Bot *bot, CavCommand *out);

/* In a losing fight (bot_fight_flee's call): summon bats when a crowd of
 * foes is within two steps and there is room for them, else blink away,
 * else (nowhere to land) bats as a wall. FALSE when none can be cast. */
gboolean bot_spell_escape(Bot *bot, CavCommand *out);

/* A foe two steps away and coming whose fight would be hard (as for inner
 * strength), none next to it yet: summon bats, a wall between them (they
 * blunder into it). */
gboolean bot_spell_wall(Bot *bot, CavCommand *out);

/* Below half its hp with a foe next to it (and no heal or potion cast or
 * drunk first): escape by spell (bot_spell_escape). */
gboolean bot_spell_blink_hurt(Bot *bot, CavCommand *out);

G_END_DECLS

#endif
