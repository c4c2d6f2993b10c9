/* SPDX-License-Identifier: GPL-3.0-or-later */
/* decide.c — turning the player's commands into events, and setting up a new
 * game from the content data. One function per command; each returns the
 * facts that follow or a rejection the player reads. */
#include "rules-private.h"
#include "spells.h"

#include <math.h>
#include <string.h>

static void decide_level(CavLevelTiles tiles, gint32 z, GArray *out)
{
    CavEvent level = ev_init(CAV_EVENT_LEVEL_GENERATED);

    level.as.LevelGenerated =
        (CavEvLevelGenerated){.z = z, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    rules_push(out, level);
    for (gint32 y = 0; y < CAV_HEIGHT; y++) {
        CavEvent row = ev_init(CAV_EVENT_LEVEL_ROW_GENERATED);
        row.as.LevelRowGenerated.z = z;
        row.as.LevelRowGenerated.y = y;
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            row.as.LevelRowGenerated.cells[x] = world_tile_glyph((CavTile) tiles[y][x]);
        rules_push(out, row);
    }
}

/* The world while it is being set up: terrain plus which cells already hold
 * a creature or an item (the state learns of them only when the events are
 * evolved). */
typedef struct {
    CavLevelTiles *levels;
    guint8 creature[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
    guint8 item[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
    gint32 next_creature, next_item;
    GHashTable *looks; /* potion type name → its CavAppearanceLook */
} Setup;

/* A random plain floor cell of level @z free of whatever @taken marks, or
 * FALSE if there is none. */
static gboolean random_floor(const Setup *setup, gint32 z, guint8 taken[CAV_HEIGHT][CAV_WIDTH],
                             CavRng *rng, gint32 *x, gint32 *y)
{
    gint32 floors = 0, pick;

    for (gint32 cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++)
        floors += setup->levels[z][cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR &&
                  !taken[cell / CAV_WIDTH][cell % CAV_WIDTH];
    if (floors == 0)
        return FALSE;
    pick = rng_range(rng, 0, floors - 1);
    for (gint32 cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++) {
        if (setup->levels[z][cell / CAV_WIDTH][cell % CAV_WIDTH] == TILE_FLOOR &&
            !taken[cell / CAV_WIDTH][cell % CAV_WIDTH] && pick-- == 0) {
            *x = cell % CAV_WIDTH;
            *y = cell / CAV_WIDTH;
            taken[*y][*x] = 1;
            return TRUE;
        }
    }
    return FALSE;
}

/* The spells of the game's books, as they are played with. */
static void define_spells(const CavContent *content, GArray *out)
{
    const CavSpellKind *spells;
    guint n = content_spells(content, &spells);

    for (guint i = 0; i < n && i < CAV_SPELLS_MAX; i++)
        rules_push(out, rules_spell_defined(&spells[i]));
}

static void place_creature(Setup *setup, const CavCreatureKind *kind, gint32 z, CavRng *rng,
                           GArray *out)
{
    gint32 x, y, id;
    CavEvent spawned;

    if (setup->next_creature > CAV_CREATURES_MAX ||
        !random_floor(setup, z, setup->creature[z], rng, &x, &y))
        return;
    id = setup->next_creature++;
    spawned = rules_creature_spawned(kind, id, z, x, y);
    rules_push(out, spawned);
}

/* The player on a random floor cell of level 1's largest region, where the
 * exit lies too (GAME.md "World"). */
static void place_player(Setup *setup, const CavContent *content, CavRng *rng, GArray *out)
{
    guint8 outside[CAV_HEIGHT][CAV_WIDTH];
    gint32 x, y;

    world_largest_region(setup->levels[0], outside);
    for (gint32 cell = 0; cell < CAV_WIDTH * CAV_HEIGHT; cell++)
        outside[cell / CAV_WIDTH][cell % CAV_WIDTH] ^= 1;
    if (!random_floor(setup, 0, outside, rng, &x, &y))
        return;
    setup->creature[0][y][x] = 1;
    rules_push(out, rules_creature_spawned(content_creature_kind(content, "player"),
                                           setup->next_creature++, 0, x, y));
}

/* Whether @type is in @pool and may be given to a goblin of @depth (1-based;
 * 0: whatever lies on the floor, where depth does not restrict). */
static gboolean pool_offers(const CavItemType *type, const char *pool, gint32 depth)
{
    return strcmp(type->pool, pool) == 0 && (depth == 0 || type->goblin_from_depth <= depth);
}

/* A random type from @pool (by the members' weights) that @depth allows, or
 * NULL. */
static const CavItemType *pick_from_pool(const CavContent *content, const char *pool, gint32 depth,
                                         CavRng *rng)
{
    const CavItemType *types;
    guint n = content_item_types(content, &types);
    gint32 weights = 0, pick;

    for (guint i = 0; i < n; i++)
        weights += pool_offers(&types[i], pool, depth) ? types[i].weight : 0;
    if (weights == 0)
        return NULL;
    pick = rng_range(rng, 0, weights - 1);
    for (guint i = 0; i < n; i++) {
        if (!pool_offers(&types[i], pool, depth))
            continue;
        pick -= types[i].weight;
        if (pick < 0)
            return &types[i];
    }
    return NULL;
}

static void place_item(Setup *setup, const CavItemType *type, gint32 holder, gint32 z, CavRng *rng,
                       GArray *out)
{
    gint32 x = 0, y = 0;
    CavEvent spawned;
    const CavAppearanceLook *look;

    if (type == NULL || setup->next_item > CAV_ITEMS_MAX)
        return;
    if (holder == 0 && !random_floor(setup, z, setup->item[z], rng, &x, &y))
        return;
    spawned = rules_item_spawned(type, setup->next_item++, holder, z, x, y);
    look = g_hash_table_lookup(setup->looks, type->name);
    if (look != NULL)
        EV_SET_STR(spawned.as.ItemSpawned.colour, look->colour);
    rules_push(out, spawned);
}

/* Every kind of potion gets a look of its own, drawn anew each game (a
 * shuffle of the looks, the first ones given out in file order). */
static void assign_looks(Setup *setup, const CavContent *content, CavRng *rng, GArray *out)
{
    const CavAppearanceLook *looks;
    const CavItemType *types;
    guint n_looks = content_appearances(content, &looks), n = content_item_types(content, &types);
    g_autofree guint *order = g_new(guint, MAX(n_looks, 1));
    guint next = 0;

    for (guint i = 0; i < n_looks; i++)
        order[i] = i;
    for (guint i = n_looks; i > 1; i--) {
        guint j = (guint) rng_range(rng, 0, (gint32) i - 1), swap = order[i - 1];
        order[i - 1] = order[j];
        order[j] = swap;
    }
    for (guint t = 0; t < n && next < n_looks; t++) {
        const CavAppearanceLook *look = &looks[order[next]];
        if (!content_item_has_tag(&types[t], CAV_TAG_POTION))
            continue;
        next++;
        rules_push(out, rules_look_assigned(&types[t], look));
        g_hash_table_insert(setup->looks, (gpointer) types[t].name, (gpointer) look);
    }
}

/* Each kind's spawn count on level @z; goblins get a random weapon and armour
 * no better than their depth allows (items.ini's goblin_from_depth). */
static void populate_creatures(Setup *setup, const CavContent *content, gint32 z, CavRng *rng,
                               GArray *out)
{
    const CavCreatureKind *kinds;
    guint n = content_creature_kinds(content, &kinds);

    for (guint k = 0; k < n; k++) {
        gint32 count = kinds[k].spawn_base + z * kinds[k].spawn_per_level;
        if (kinds[k].behaviour == CAV_BEHAVIOUR_PLAYER)
            continue;
        for (gint32 i = 0; i < count; i++) {
            gint32 id = setup->next_creature;
            place_creature(setup, &kinds[k], z, rng, out);
            if (kinds[k].behaviour != CAV_BEHAVIOUR_GOBLIN || id == setup->next_creature)
                continue;
            place_item(setup, pick_from_pool(content, "weapon", z + 1, rng), id, z, rng, out);
            place_item(setup, pick_from_pool(content, "armour", z + 1, rng), id, z, rng, out);
        }
    }
}

/* Each type's spawn count on level @z: plain counts first, then each pool's
 * random picks, in file order. */
static void populate_items(Setup *setup, const CavContent *content, gint32 z, CavRng *rng,
                           GArray *out)
{
    const CavItemType *types;
    guint n = content_item_types(content, &types);
    g_autoptr(GHashTable) pools_done = g_hash_table_new(g_str_hash, g_str_equal);

    for (guint t = 0; t < n; t++) {
        const CavItemType *type = &types[t];
        if (type->spawn_level != 0 && type->spawn_level != z + 1)
            continue;
        gint32 count = type->spawn + z * type->spawn_per_level;
        if (type->pool[0] == '\0') {
            for (gint32 i = 0; i < count; i++)
                place_item(setup, type, 0, z, rng, out);
        } else if (g_hash_table_add(pools_done, (gpointer) type->pool)) {
            for (gint32 i = 0; i < count; i++)
                place_item(setup, pick_from_pool(content, type->pool, 0, rng), 0, z, rng, out);
        }
    }
}

void decide_start(const CavState *state, const CavContent *content, gint64 seed,
                  const char *player_name, CavRng *rng, GArray *out)
{
    g_autofree Setup *setup = g_new0(Setup, 1);
    g_autofree CavLevelTiles *levels = g_new0(CavLevelTiles, CAV_LEVELS);
    CavEvent started = ev_init(CAV_EVENT_GAME_STARTED);

    g_return_if_fail(state->last_seq == 0 && content != NULL);
    started.as.GameStarted = (CavEvGameStarted){
        .seed = seed, .levels = CAV_LEVELS, .width = CAV_WIDTH, .height = CAV_HEIGHT};
    EV_SET_STR(started.as.GameStarted.player_name, player_name);
    rules_push(out, started);

    world_generate(rng, levels);
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        decide_level(levels[z], z, out);

    setup->levels = levels;
    setup->next_creature = 1;
    setup->next_item = 1;
    setup->looks = g_hash_table_new(g_str_hash, g_str_equal);
    assign_looks(setup, content, rng, out);
    define_spells(content, out);
    place_player(setup, content, rng, out);
    for (gint32 z = 0; z < CAV_LEVELS; z++) {
        populate_creatures(setup, content, z, rng, out);
        populate_items(setup, content, z, rng, out);
    }
    g_hash_table_unref(setup->looks);
}

static gboolean reject(char **why, const char *message)
{
    if (why != NULL)
        *why = g_strdup(message);
    return FALSE;
}

static gboolean decide_move(const CavState *state, const CavContent *content,
                            const CavCreature *player, gint32 dx, gint32 dy, CavRng *rng,
                            GArray *out, char **why)
{
    gint32 x, y;
    CavEvent event;

    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return reject(why, "That is not a direction.");
    x = player->x + dx;
    y = player->y + dy;
    switch (state_tile(state, player->z, x, y)) {
    case TILE_OUTSIDE:
        return reject(why, "Solid bedrock: the caves end here.");
    case TILE_WALL:
        event = ev_init(CAV_EVENT_TILE_DUG);
        event.as.TileDug = (CavEvTileDug){.creature = player->id,
                                          .z = player->z,
                                          .x = x,
                                          .y = y,
                                          .food = content_rules(content)->dig_food};
        event.actor = player->id;
        rules_push(out, event);
        return TRUE;
    case TILE_FLOOR:
    case TILE_STAIRS_DOWN:
    case TILE_STAIRS_UP:
    default:
        return rules_step(state, content, player, x, y, rng, out) ||
               reject(why, "Something is in the way.");
    }
}

static gboolean decide_stairs(const CavState *state, const CavCreature *player, gint32 dz,
                              GArray *out, char **why)
{
    CavTile here = state_tile(state, player->z, player->x, player->y);
    CavEvent event;

    if (dz > 0 && here != TILE_STAIRS_DOWN)
        return reject(why, "There are no stairs down here.");
    if (dz < 0 && here != TILE_STAIRS_UP)
        return reject(why, "There are no stairs up here.");
    if (player->z + dz >= 0 && state_creature_at(state, player->z + dz, player->x, player->y))
        return reject(why, "Something stands on the other end of the stairs.");
    if (dz < 0 && player->z == 0 && state_carries_tag(state, player, CAV_TAG_BEAR)) {
        event = ev_init(CAV_EVENT_GAME_WON);
        event.as.GameWon.creature = player->id;
    } else if (dz < 0 && player->z == 0) {
        event = ev_init(CAV_EVENT_GAME_LOST);
        event.as.GameLost.creature = player->id;
        EV_SET_STR(event.as.GameLost.cause, RULES_FLED_CAUSE);
    } else {
        event = ev_init(CAV_EVENT_CREATURE_TOOK_STAIRS);
        event.as.CreatureTookStairs = (CavEvCreatureTookStairs){.creature = player->id,
                                                                .from_z = player->z,
                                                                .z = player->z + dz,
                                                                .x = player->x,
                                                                .y = player->y};
    }
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

static gboolean decide_pickup(const CavState *state, const CavCreature *player, GArray *out,
                              char **why)
{
    const CavItem *item = state_item_at(state, player->z, player->x, player->y);
    const CavItem *into;
    CavEvent event = ev_init(CAV_EVENT_ITEM_PICKED_UP);

    if (item == NULL)
        return reject(why, "There is nothing here to pick up.");
    into = rules_pack_stack_for(state, player, item);
    if (into == NULL && state_pack_used(player) >= CAV_PACK_SLOTS)
        return reject(why, "Your pack is full.");
    event.as.ItemPickedUp = (CavEvItemPickedUp){
        .creature = player->id, .item = item->id, .into = into != NULL ? into->id : 0};
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

/* The item @id from @player's pack, or NULL (and a rejection). */
static const CavItem *own_item(const CavState *state, const CavCreature *player, gint32 id,
                               char **why)
{
    const CavItem *item = state_item(state, id);

    if (item == NULL || item->count <= 0 || item->holder != player->id) {
        reject(why, "You do not have that.");
        return NULL;
    }
    return item;
}

/* Where @item dropped by @player lies: merged into the stack below, on the
 * player's cell when it is free, else on the nearest free open cell (GAME.md:
 * one item a cell). FALSE when there is no room within the drop radius. */
static gboolean drop_place(const CavState *state, const CavContent *content,
                           const CavCreature *player, const CavItem *item, CavEvItemDropped *e)
{
    const CavItem *below = state_item_at(state, player->z, player->x, player->y);

    e->z = player->z;
    e->x = player->x;
    e->y = player->y;
    if (below != NULL && rules_stacks_with(item, below)) {
        e->into = below->id;
        return TRUE;
    }
    return below == NULL ||
           rules_free_item_cell(state, player->z, player->x, player->y,
                                content_rules(content)->drop_radius, NULL, &e->x, &e->y);
}

static gboolean decide_drop(const CavState *state, const CavContent *content,
                            const CavCreature *player, gint32 id, GArray *out, char **why)
{
    const CavItem *item = own_item(state, player, id, why);
    CavEvent event = ev_init(CAV_EVENT_ITEM_DROPPED);
    CavEvItemDropped *e = &event.as.ItemDropped;

    if (item == NULL)
        return FALSE;
    *e = (CavEvItemDropped){.creature = player->id, .item = item->id};
    if (!drop_place(state, content, player, item, e))
        return reject(why, "There is no room to drop it here.");
    e->split = e->into == 0 && item->count > 1 ? state->item_count + 1 : 0;
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

static gboolean decide_eat(const CavState *state, const CavContent *content,
                           const CavCreature *player, gint32 id, GArray *out, char **why)
{
    const CavItem *item = own_item(state, player, id, why);
    CavEvent event = ev_init(CAV_EVENT_ITEM_EATEN);

    if (item == NULL)
        return FALSE;
    if (!(item->features & (1u << CAV_FEATURE_EAT)))
        return reject(why, "You cannot eat that.");
    event.as.ItemEaten = (CavEvItemEaten){
        .creature = player->id, .item = item->id, .food = rules_food_value(state, content, item)};
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

static gboolean decide_equip(const CavState *state, const CavCreature *player, gint32 id,
                             GArray *out, char **why)
{
    const CavItem *item = own_item(state, player, id, why);
    gboolean weapon;
    CavEvent event;

    if (item == NULL)
        return FALSE;
    if (!(item->features & ((1u << CAV_FEATURE_WIELD) | (1u << CAV_FEATURE_WEAR))))
        return reject(why, "You cannot wield or wear that.");
    weapon = rules_is_weapon(item);
    if (player->weapon == item->id || player->armour == item->id) {
        event = ev_init(CAV_EVENT_ITEM_UNEQUIPPED);
        event.as.ItemUnequipped.creature = player->id;
        event.as.ItemUnequipped.item = item->id;
        EV_SET_STR(event.as.ItemUnequipped.slot, player->weapon == item->id ? "weapon" : "armour");
    } else {
        event = ev_init(CAV_EVENT_ITEM_EQUIPPED);
        event.as.ItemEquipped.creature = player->id;
        event.as.ItemEquipped.item = item->id;
        EV_SET_STR(event.as.ItemEquipped.slot, weapon ? "weapon" : "armour");
    }
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

/* The cell the player aims at, or a rejection. */
static gboolean aim_ok(const CavState *state, const CavCreature *player, gint32 x, gint32 y,
                       char **why)
{
    if (x == player->x && y == player->y)
        return reject(why, "Aim at something other than yourself.");
    if (!rules_can_aim(state, player, x, y))
        return reject(why, "You cannot see there.");
    return TRUE;
}

static gboolean decide_throw(const CavState *state, const CavContent *content,
                             const CavCreature *player, const CavCommand *command, CavRng *rng,
                             GArray *out, char **why)
{
    const CavItem *item = own_item(state, player, command->item, why);

    if (item == NULL)
        return FALSE;
    if (!(item->features & (1u << CAV_FEATURE_THROW)))
        return reject(why, "You cannot throw that.");
    if (!aim_ok(state, player, command->x, command->y, why))
        return FALSE;
    return rules_throw(state, content, player, item, command->x, command->y, rng, out) ||
           reject(why, "There is no room for it to land.");
}

static gboolean decide_fire(const CavState *state, const CavContent *content,
                            const CavCreature *player, const CavCommand *command, CavRng *rng,
                            GArray *out, char **why)
{
    const CavItem *weapon = state_item(state, player->weapon);

    if (weapon == NULL || weapon->ranged <= 0)
        return reject(why, "You wield nothing that shoots.");
    if (!aim_ok(state, player, command->x, command->y, why))
        return FALSE;
    return rules_fire(state, content, player, command->x, command->y, rng, out);
}

static gboolean decide_quaff(const CavState *state, const CavCreature *player, gint32 id,
                             GArray *out, char **why)
{
    const CavItem *item = own_item(state, player, id, why);

    if (item == NULL)
        return FALSE;
    if (!(item->features & (1u << CAV_FEATURE_QUAFF)) ||
        state_look_of_kind(state, item->type) == NULL)
        return reject(why, "You cannot drink that.");
    rules_quaff(player, item, out);
    return TRUE;
}

/* Casting: the book carried, the spell in it, the mana, a creature in view
 * at the cell; any of them missing is refused before anything is spent. */
static gboolean decide_cast(const CavState *state, const CavCreature *player,
                            const CavCommand *command, GArray *out, char **why)
{
    const CavItem *book = own_item(state, player, command->item, why);
    const CavSpell *spell;
    const CavCreature *target;
    g_autofree char *short_of = NULL;

    if (book == NULL)
        return FALSE;
    if (!(book->features & (1u << CAV_FEATURE_READ)))
        return reject(why, "There is nothing to read in that.");
    spell = state_spell(state, book->type, command->word);
    if (spell == NULL)
        return reject(why, "That book holds no such spell.");
    if (player->mana < spell->cost) {
        short_of = g_strdup_printf("You need %d mana for %s; you have %d.", spell->cost,
                                   spell->name, player->mana);
        return reject(why, short_of);
    }
    target = state_creature_at(state, player->z, command->x, command->y);
    if (target == NULL || (target != player && !rules_can_aim(state, player, target->x, target->y)))
        return reject(why, "There is no one there you can see to cast it on.");
    if (spell->special == CAV_SPECIAL_BLINK &&
        spells_blink_landings(state, target, spell, NULL) == 0)
        return reject(why, "There is no open spot in sight to blink to.");
    rules_cast(player, book, spell, target, out);
    return TRUE;
}

/* Naming a look of potion the player has seen (any of the game's). */
static gboolean decide_name(const CavState *state, const CavCreature *player,
                            const CavCommand *command, GArray *out, char **why)
{
    CavEvent event = ev_init(CAV_EVENT_ITEM_NAMED);

    if (state_look_index(state, command->word) < 0)
        return reject(why, "No potion looks like that.");
    for (const guchar *c = (const guchar *) command->text; *c != '\0'; c++)
        if (*c < 0x20 || *c == 0x7f)
            return reject(why, "A name is plain text.");
    if (!g_utf8_validate(command->text, -1, NULL))
        return reject(why, "A name is plain text.");
    event.as.ItemNamed.creature = player->id;
    EV_SET_STR(event.as.ItemNamed.appearance, command->word);
    EV_SET_STR(event.as.ItemNamed.name, command->text);
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

static gboolean decide_choose(const CavContent *content, const CavCreature *player, gint32 bonus,
                              GArray *out, char **why)
{
    CavEvent event = ev_init(CAV_EVENT_LEVEL_UP_CHOSEN);

    if (player->pending_bonuses <= 0)
        return reject(why, "You have no level-up bonus to choose.");
    if (bonus < 0 || bonus >= CAV_BONUS_COUNT)
        return reject(why, "That is not a bonus.");
    event.as.LevelUpChosen.creature = player->id;
    EV_SET_STR(event.as.LevelUpChosen.bonus, content_bonus_name((CavBonus) bonus));
    event.as.LevelUpChosen.amount = content_rules(content)->bonus[bonus];
    event.actor = player->id;
    rules_push(out, event);
    return TRUE;
}

gboolean decide_player(const CavState *state, const CavContent *content, const CavCommand *command,
                       CavRng *rng, GArray *out, char **why)
{
    const CavCreature *player = state_player(state);
    CavEvent waited;

    if (state->outcome != OUTCOME_PLAYING)
        return reject(why, "The game is over.");
    if (player == NULL || !player->alive)
        return reject(why, "There is no one to command.");
    if (player->pending_bonuses > 0 && command->kind != CMD_CHOOSE && command->kind != CMD_NAME)
        return reject(why, "Choose the bonus of your new level first.");
    switch (command->kind) {
    case CMD_MOVE:
        return decide_move(state, content, player, command->dx, command->dy, rng, out, why);
    case CMD_DESCEND:
        return decide_stairs(state, player, +1, out, why);
    case CMD_ASCEND:
        return decide_stairs(state, player, -1, out, why);
    case CMD_WAIT:
        waited = ev_init(CAV_EVENT_CREATURE_WAITED);
        waited.actor = player->id;
        waited.as.CreatureWaited.creature = player->id;
        rules_push(out, waited);
        return TRUE;
    case CMD_PICKUP:
        return decide_pickup(state, player, out, why);
    case CMD_DROP:
        return decide_drop(state, content, player, command->item, out, why);
    case CMD_EAT:
        return decide_eat(state, content, player, command->item, out, why);
    case CMD_EQUIP:
        return decide_equip(state, player, command->item, out, why);
    case CMD_CHOOSE:
        return decide_choose(content, player, command->bonus, out, why);
    case CMD_THROW:
        return decide_throw(state, content, player, command, rng, out, why);
    case CMD_FIRE:
        return decide_fire(state, content, player, command, rng, out, why);
    case CMD_QUAFF:
        return decide_quaff(state, player, command->item, out, why);
    case CMD_CAST:
        return decide_cast(state, player, command, out, why);
    case CMD_NAME:
        return decide_name(state, player, command, out, why);
    case CMD_START:
    default:
        return reject(why, "The game has already started.");
    }
}
