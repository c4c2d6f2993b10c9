/* SPDX-License-Identifier: GPL-3.0-or-later */
/* validate.c — checking untrusted events before they reach evolve. Every
 * check says, in words, what is impossible about the event. */
#include "rules-private.h"

#include "effects.h"
#include "fov.h"

#include <string.h>

G_DEFINE_QUARK(cavelog_validate_error, validate_error)

static gboolean invalid(GError **error, const CavEvent *event, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

static gboolean invalid(GError **error, const CavEvent *event, const char *format, ...)
{
    va_list args;
    g_autofree char *what = NULL;

    va_start(args, format);
    what = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error(error, VALIDATE_ERROR, 0, "event %" G_GINT64_FORMAT " (%s): %s", event->seq,
                ev_type_name(event->type), what);
    return FALSE;
}

/* Whether @lo <= @value <= @hi; never negates, so INT_MIN is just small. */
static gboolean within(gint64 value, gint64 lo, gint64 hi)
{
    return value >= lo && value <= hi;
}

/* Whether a new creature's numbers (CreatureSpawned, CreatureSummoned) are
 * ones creatures.ini can give: they take part in arithmetic every turn. */
#define CREATURE_LIMIT(key, event_key, lo, hi) &&within(e->event_key, lo, hi)
#define CREATURE_STATS_POSSIBLE(e)                                                                 \
    ((TRUE CAV_CREATURE_LIMITS(CREATURE_LIMIT)) && (e)->food <= (e)->max_food &&                   \
     g_utf8_strlen((e)->glyph, -1) == 1)

/* Food spent on one action: never negative, never absurd. */
static gboolean check_food(const CavEvent *event, gint32 food, GError **error)
{
    if (food < 0 || food > 1000)
        return invalid(error, event, "an action cannot cost %d food", food);
    return TRUE;
}

static gboolean check_place(const CavEvent *event, gint32 z, gint32 x, gint32 y, GError **error)
{
    if (z < 0 || z >= CAV_LEVELS)
        return invalid(error, event, "level index %d does not exist", z);
    if (!world_in_bounds(x, y))
        return invalid(error, event, "position (%d,%d) is outside the map", x, y);
    return TRUE;
}

static gboolean check_creature(const CavState *state, const CavEvent *event, gint32 id,
                               GError **error)
{
    const CavCreature *c = state_creature(state, id);

    if (c == NULL)
        return invalid(error, event, "creature %d does not exist", id);
    if (!c->alive)
        return invalid(error, event, "creature %d is dead", id);
    return TRUE;
}

/* Text fields hold printable text only: no control characters that a
 * terminal would act on when `cavelog events` prints them. */
static gboolean check_text(const CavEvent *event, GError **error)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        const guchar *text = (const guchar *) &event->as + fields[i].offset;
        if (fields[i].kind != CAV_FIELD_STR && fields[i].kind != CAV_FIELD_ROW)
            continue;
        if (!g_utf8_validate((const char *) text, -1, NULL))
            return invalid(error, event, "field %s is not valid text", fields[i].name);
        for (gsize k = 0; text[k] != '\0'; k++)
            if (text[k] < 0x20 || text[k] == 0x7f)
                return invalid(error, event, "field %s holds a control character", fields[i].name);
    }
    return TRUE;
}

static gboolean is_setup(CavEventType type)
{
    return type == CAV_EVENT_GAME_STARTED || type == CAV_EVENT_LEVEL_GENERATED ||
           type == CAV_EVENT_LEVEL_ROW_GENERATED;
}

/* Turn 0 sets the game up; every later turn begins with the player's own
 * action, and the player acts once a turn. */
static gboolean check_turn_shape(const CavState *state, const CavEvent *event, GError **error)
{
    if (is_setup(event->type) && event->turn != 0)
        return invalid(error, event, "the world can only be made at turn 0");
    if (event->turn == 0 && event->actor != 0)
        return invalid(error, event, "no one acts at turn 0");
    if (event->turn == state->turn + 1 && (event->actor != state->player || event->cause != 0))
        return invalid(error, event, "turn %d does not begin with the player's action",
                       event->turn);
    if (event->turn > 0 && event->turn == state->turn && event->actor == state->player &&
        event->actor != 0 && event->cause == 0 && state->player_acted_turn == event->turn)
        return invalid(error, event, "the player acts twice in turn %d", event->turn);
    return TRUE;
}

static gboolean check_envelope(const CavState *state, const CavEvent *event, GError **error)
{
    if (event->seq != state->last_seq + 1)
        return invalid(error, event, "comes out of order (expected event %" G_GINT64_FORMAT ")",
                       state->last_seq + 1);
    if (event->turn < state->turn || event->turn > state->turn + 1)
        return invalid(error, event, "turn %d cannot follow turn %d", event->turn, state->turn);
    if (event->cause < 0 || event->cause >= event->seq)
        return invalid(error, event, "names a cause that is not an earlier event");
    if (event->actor != 0 && state_creature(state, event->actor) == NULL)
        return invalid(error, event, "actor %d does not exist", event->actor);
    if (event->actor != 0 && !state_creature(state, event->actor)->alive)
        return invalid(error, event, "actor %d acts after its death", event->actor);
    if (event->seq == 1 && event->type != CAV_EVENT_GAME_STARTED)
        return invalid(error, event, "a game must begin with GameStarted");
    if (event->cause != 0 && (event->turn != state->turn || event->cause < state->turn_first_seq))
        return invalid(error, event, "names a cause outside its own turn");
    if (event->actor != 0 && event->actor != state->player && event->cause == 0 &&
        event->turn == state->turn && state->turn_last_actor != CAV_ACTS_OVER &&
        event->actor < state->turn_last_actor)
        return invalid(error, event, "creature %d acts before creature %d: out of spawn order",
                       event->actor, state->turn_last_actor);
    return check_text(event, error) && check_turn_shape(state, event, error);
}

static gboolean check_started(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvGameStarted *e = &event->as.GameStarted;

    if (event->seq != 1 || state->last_seq != 0)
        return invalid(error, event, "a game can start only once, at the beginning");
    if (e->levels != CAV_LEVELS || e->width != CAV_WIDTH || e->height != CAV_HEIGHT)
        return invalid(error, event, "the world must be %d levels of %dx%d", CAV_LEVELS, CAV_WIDTH,
                       CAV_HEIGHT);
    return TRUE;
}

static gboolean check_level(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelGenerated *e = &event->as.LevelGenerated;

    if (e->z != state->levels_generated || state->rows_generated != e->z * CAV_HEIGHT ||
        state->player != 0)
        return invalid(error, event, "levels are made once each, in order, before anyone lives");
    if (e->width != CAV_WIDTH || e->height != CAV_HEIGHT)
        return invalid(error, event, "a level must be %dx%d", CAV_WIDTH, CAV_HEIGHT);
    return check_place(event, e->z, 0, 0, error);
}

static gboolean check_row(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelRowGenerated *e = &event->as.LevelRowGenerated;
    CavTile tile;

    if (!check_place(event, e->z, 0, e->y, error))
        return FALSE;
    if (e->z != state->levels_generated - 1 || e->z * CAV_HEIGHT + e->y != state->rows_generated)
        return invalid(error, event,
                       "terrain rows are laid once each, in order, after their "
                       "level");
    if (strlen(e->cells) != CAV_WIDTH)
        return invalid(error, event, "a row must have %d cells", CAV_WIDTH);
    for (gint32 x = 0; x < CAV_WIDTH; x++)
        if (!world_tile_from_glyph(e->cells[x], &tile))
            return invalid(error, event, "'%c' is not a kind of terrain", e->cells[x]);
    return TRUE;
}

static gboolean check_spawned(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureSpawned *e = &event->as.CreatureSpawned;
    CavBehaviour behaviour;

    if (e->creature != state->creature_count + 1 || e->creature > CAV_CREATURES_MAX)
        return invalid(error, event, "creature id %d is not the next free id", e->creature);
    if (!check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    if (state->rows_generated != CAV_LEVELS * CAV_HEIGHT)
        return invalid(error, event, "no creature can appear before the world is made");
    if (event->turn != 0)
        return invalid(error, event, "creatures appear only when the world is made");
    if (!content_kind_name_ok(e->kind))
        return invalid(error, event, "“%s” is not a kind of creature", e->kind);
    if (strcmp(e->kind, "player") == 0 && state->player != 0)
        return invalid(error, event, "there is only one player");
    if (!CREATURE_STATS_POSSIBLE(e))
        return invalid(error, event, "impossible stats");
    if (!content_behaviour_from_name(e->behaviour, &behaviour))
        return invalid(error, event, "“%s” is not a behaviour", e->behaviour);
    if ((behaviour == CAV_BEHAVIOUR_PLAYER) != (strcmp(e->kind, "player") == 0))
        return invalid(error, event, "only the player behaves as the player");
    if (e->colony != (behaviour == CAV_BEHAVIOUR_FUNGUS ? e->creature : 0))
        return invalid(error, event, "a colony begins with its first fungus");
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "a creature cannot appear inside a wall");
    if (state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a creature cannot appear where another stands");
    return TRUE;
}

static gboolean check_moved(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureMoved *e = &event->as.CreatureMoved;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (c->z != e->z || c->x != e->from_x || c->y != e->from_y)
        return invalid(error, event, "creature %d is not at (%d,%d)", e->creature, e->from_x,
                       e->from_y);
    if (ABS(e->x - e->from_x) > 1 || ABS(e->y - e->from_y) > 1)
        return invalid(error, event, "a step of more than one cell");
    if (e->x == e->from_x && e->y == e->from_y)
        return invalid(error, event, "a step that goes nowhere");
    if (event->actor != e->creature)
        return invalid(error, event, "creature %d is moved by someone else", e->creature);
    if (!check_food(event, e->food, error))
        return FALSE;
    if (state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a step onto another creature");
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "a step into a wall");
    return TRUE;
}

static gboolean check_dug(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvTileDug *e = &event->as.TileDug;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    if (state_tile(state, e->z, e->x, e->y) != TILE_WALL)
        return invalid(error, event, "there is no wall at (%d,%d) to dig", e->x, e->y);
    if (event->actor != e->creature || e->creature != state->player)
        return invalid(error, event, "only the player digs, by their own action");
    if (!check_food(event, e->food, error))
        return FALSE;
    {
        const CavCreature *c = state_creature(state, e->creature);
        if (c->z != e->z || ABS(c->x - e->x) > 1 || ABS(c->y - e->y) > 1)
            return invalid(error, event, "creature %d cannot reach (%d,%d)", e->creature, e->x,
                           e->y);
    }
    return TRUE;
}

static gboolean check_stairs(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureTookStairs *e = &event->as.CreatureTookStairs;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (c->z != e->from_z || ABS(e->z - e->from_z) != 1 || c->x != e->x || c->y != e->y ||
        state_tile(state, c->z, c->x, c->y) !=
            (e->z > e->from_z ? TILE_STAIRS_DOWN : TILE_STAIRS_UP) ||
        state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "no stairs lead that way from where creature %d stands",
                       e->creature);
    if (state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "someone stands at the other end of the stairs");
    return TRUE;
}

static gboolean is_follow_up(const CavState *state, const CavEvent *event, GError **error)
{
    (void) state;
    if (event->cause == 0 || event->actor != 0)
        return invalid(error, event, "this happens only as the consequence of another event");
    return TRUE;
}

static gboolean adjacent(const CavCreature *a, gint32 z, gint32 x, gint32 y)
{
    return a->z == z && ABS(a->x - x) <= 1 && ABS(a->y - y) <= 1;
}

static gboolean check_spread(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvFungusSpread *e = &event->as.FungusSpread;
    const CavCreature *parent;

    if (!check_creature(state, event, e->parent, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    parent = state_creature(state, e->parent);
    if (parent->behaviour != CAV_BEHAVIOUR_FUNGUS || event->actor != e->parent)
        return invalid(error, event, "only a fungus spreads, by itself");
    if (e->child != state->creature_count + 1 || e->child > CAV_CREATURES_MAX)
        return invalid(error, event, "creature id %d is not the next free id", e->child);
    if (e->colony != parent->colony || state_creature(state, e->colony) == NULL)
        return invalid(error, event, "fungus %d is not of colony %d", e->parent, e->colony);
    if (parent->z != e->z || ABS(parent->x - e->x) > 10 || ABS(parent->y - e->y) > 10)
        return invalid(error, event, "a fungus spreads only nearby");
    if (state_tile(state, e->z, e->x, e->y) != TILE_FLOOR ||
        state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a fungus spreads only onto free floor");
    return TRUE;
}

static gboolean check_attacked(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureAttacked *e = &event->as.CreatureAttacked;
    const CavCreature *a, *t;
    gint32 most;

    if (!check_creature(state, event, e->creature, error) ||
        !check_creature(state, event, e->target, error) || !check_food(event, e->food, error))
        return FALSE;
    a = state_creature(state, e->creature);
    t = state_creature(state, e->target);
    if (event->actor != a->id || a == t || !adjacent(a, t->z, t->x, t->y))
        return invalid(error, event, "creature %d cannot strike creature %d", a->id, t->id);
    most = MAX(1, state_attack(state, a) - state_defense(state, t));
    if (e->damage < 1 || e->damage > most)
        return invalid(error, event, "a blow of %d cannot come from attack %d against defense %d",
                       e->damage, state_attack(state, a), state_defense(state, t));
    return TRUE;
}

static gboolean check_hurt(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureHurt *e = &event->as.CreatureHurt;

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    if (e->damage < 0 || e->damage > 10000 || e->cause[0] == '\0')
        return invalid(error, event, "a wound needs a cause and a sane size");
    return TRUE;
}

static gboolean check_regenerated(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureRegenerated *e = &event->as.CreatureRegenerated;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (event->actor != 0 || !within(e->hp, 0, 1000) || !within(e->mana, 0, 1000) ||
        e->hp + e->mana == 0 || (gint64) e->hp * 1000 > c->hp_regen_acc ||
        (gint64) e->mana * 1000 > c->mana_regen_acc || e->hp > c->max_hp - c->hp ||
        e->mana > c->max_mana - c->mana || e->food != e->hp + e->mana)
        return invalid(error, event, "creature %d has not gathered that much regeneration", c->id);
    return TRUE;
}

static gboolean check_upkeep(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvUpkeepApplied *e = &event->as.UpkeepApplied;
    const CavCreature *player = state_player(state);

    if (player == NULL || !player->alive || e->z != player->z || event->actor != 0 ||
        event->turn == 0)
        return invalid(error, event, "upkeep happens on the living player's level, after turn 0");
    return check_food(event, e->food, error);
}

static gboolean check_hunger(const CavState *state, const CavEvent *event, GError **error)
{
    static const char *const words[] = {"", "starving", "hungry", "full", "stuffed"};
    const CavEvHungerChanged *e = &event->as.HungerChanged;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(words); i++)
        if (strcmp(words[i], e->word) == 0)
            return TRUE;
    return invalid(error, event, "“%s” is not a hunger word", e->word);
}

static gboolean check_overate(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureOverate *e = &event->as.CreatureOverate;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (c->food <= c->max_food || e->max_food != (gint32) (((gint64) c->max_food + c->food) / 2))
        return invalid(error, event, "creature %d has not overeaten so", c->id);
    return TRUE;
}

static gboolean check_died(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureDied *e = &event->as.CreatureDied;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (event->actor != 0 || e->cause[0] == '\0')
        return invalid(error, event, "a death needs a cause and no actor");
    if (c->hp > 0 && !(e->creature == state->player && c->food <= 0))
        return invalid(error, event, "creature %d is not dying", c->id);
    if (e->killer != 0 && state_creature(state, e->killer) == NULL)
        return invalid(error, event, "killer %d does not exist", e->killer);
    return TRUE;
}

static gboolean check_xp(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvXpGained *e = &event->as.XpGained;

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    if (e->amount <= 0 || e->amount > 1000000)
        return invalid(error, event, "xp of %d", e->amount);
    return TRUE;
}

static gboolean check_level_gained(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelGained *e = &event->as.LevelGained;

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    if (e->level != state_creature(state, e->creature)->level + 1 || !within(e->heal, 0, 1000000))
        return invalid(error, event, "levels are gained one at a time");
    return TRUE;
}

static gboolean check_bonus(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelUpChosen *e = &event->as.LevelUpChosen;
    CavBonus bonus;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    if (state_creature(state, e->creature)->pending_bonuses <= 0)
        return invalid(error, event, "creature %d has no bonus to choose", e->creature);
    if (!content_bonus_from_name(e->bonus, &bonus) || e->amount < 0 || e->amount > 1000)
        return invalid(error, event, "“%s” is not a bonus", e->bonus);
    if (e->creature == state->player ? event->actor != e->creature : event->cause == 0)
        return invalid(error, event,
                       "the player chooses their own bonus; monsters' follow a level");
    return TRUE;
}

static gboolean check_item_type(const CavEvent *event, const CavEvItemSpawned *e, GError **error)
{
    guint32 bits;
    CavStack stack;

    if (!content_tags_from_names(e->tags, &bits) ||
        !content_features_from_names(e->features, &bits) ||
        !content_stack_from_name(e->stack, &stack) || g_utf8_strlen(e->glyph, -1) != 1 ||
        e->type[0] == '\0' || e->name[0] == '\0')
        return invalid(error, event, "not a kind of item");
    if (e->attack < 0 || e->defense < 0 || e->thrown < 0 || e->ranged < 0 || e->rot_turns < 0 ||
        !within(e->food, -1000000, 1000000) || e->count < 1 || e->count > 100000)
        return invalid(error, event, "impossible item numbers");
    return TRUE;
}

static gboolean check_item_spawned(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemSpawned *e = &event->as.ItemSpawned;

    if (!check_item_type(event, e, error))
        return FALSE;
    if (e->item != state->item_count + 1 || e->item > CAV_ITEMS_MAX)
        return invalid(error, event, "item id %d is not the next free id", e->item);
    if (event->turn != 0 && event->cause == 0)
        return invalid(error, event, "after the start, items appear only as consequences");
    if (e->holder != 0) {
        if (!check_creature(state, event, e->holder, error))
            return FALSE;
        if (state_pack_used(state_creature(state, e->holder)) >= CAV_PACK_SLOTS)
            return invalid(error, event, "creature %d has no room", e->holder);
        return TRUE;
    }
    if (!check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL ||
        state_item_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "an item cannot lie in a wall or on another item");
    return TRUE;
}

/* The item @id, present and carried by @holder. */
static const CavItem *held_item(const CavState *state, const CavEvent *event, gint32 holder,
                                gint32 id, GError **error)
{
    const CavItem *item = state_item(state, id);

    if (item == NULL || item->count <= 0 || item->holder != holder) {
        invalid(error, event, "creature %d does not carry item %d", holder, id);
        return NULL;
    }
    return item;
}

static gboolean check_picked_up(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemPickedUp *e = &event->as.ItemPickedUp;
    const CavCreature *c;
    const CavItem *item = state_item(state, e->item);

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (event->actor != c->id || item == NULL || item != state_item_at(state, c->z, c->x, c->y))
        return invalid(error, event, "creature %d cannot reach item %d", c->id, e->item);
    if (e->into != 0) {
        const CavItem *into = held_item(state, event, c->id, e->into, error);
        if (into == NULL)
            return FALSE;
        if (!rules_stacks_with(item, into))
            return invalid(error, event, "items %d and %d do not stack", e->item, e->into);
        return TRUE;
    }
    if (state_pack_used(c) >= CAV_PACK_SLOTS)
        return invalid(error, event, "creature %d has no room", c->id);
    return TRUE;
}

/* A living creature's drop lies where it stands, or — when an item that
 * does not stack with it lies there — on the nearest free open cell. */
static gboolean living_drop_place(const CavState *state, const CavCreature *c, const CavItem *item,
                                  const CavEvItemDropped *e)
{
    const CavItem *below = state_item_at(state, c->z, c->x, c->y);
    gint32 x, y;

    if (c->z != e->z)
        return FALSE;
    if (c->x == e->x && c->y == e->y)
        return TRUE;
    if (below == NULL || rules_stacks_with(item, below) ||
        !rules_free_item_cell(state, c->z, c->x, c->y, 20, NULL, &x, &y))
        return FALSE;
    return x == e->x && y == e->y;
}

static gboolean check_dropped(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemDropped *e = &event->as.ItemDropped;
    const CavCreature *c = state_creature(state, e->creature);
    const CavItem *item, *below;

    if (c == NULL)
        return invalid(error, event, "creature %d does not exist", e->creature);
    if (!check_place(event, e->z, e->x, e->y, error) ||
        (item = held_item(state, event, c->id, e->item, error)) == NULL)
        return FALSE;
    /* The living drop where they stand, or beside it; the dead scatter their
     * pack nearby. */
    if (c->alive ? event->actor != c->id || !living_drop_place(state, c, item, e)
                 : !is_follow_up(state, event, error) || c->z != e->z || ABS(c->x - e->x) > 20 ||
                       ABS(c->y - e->y) > 20)
        return invalid(error, event, "item %d cannot land at (%d,%d)", e->item, e->x, e->y);
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "an item cannot land in a wall");
    below = state_item_at(state, e->z, e->x, e->y);
    if (e->into != 0) {
        if (below == NULL || below->id != e->into || !rules_stacks_with(item, below) ||
            e->split != 0)
            return invalid(error, event, "item %d does not stack onto item %d", e->item, e->into);
        return TRUE;
    }
    if (below != NULL)
        return invalid(error, event, "an item cannot land on another item");
    if (e->split != 0 && (e->split != state->item_count + 1 || e->split > CAV_ITEMS_MAX ||
                          item->count < 2 || item->stack != CAV_STACK_HARD))
        return invalid(error, event, "item %d cannot be split as %d", e->item, e->split);
    return TRUE;
}

static gboolean check_eaten(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemEaten *e = &event->as.ItemEaten;
    const CavItem *item;

    if (!check_creature(state, event, e->creature, error) ||
        (item = held_item(state, event, e->creature, e->item, error)) == NULL)
        return FALSE;
    if (event->actor != e->creature || !(item->features & (1u << CAV_FEATURE_EAT)))
        return invalid(error, event, "item %d is not food for creature %d", e->item, e->creature);
    if (e->food > item->food || (!state_item_rotten(state, item) && e->food != item->food))
        return invalid(error, event, "item %d does not give %d food", e->item, e->food);
    return TRUE;
}

static gboolean check_equipped(const CavState *state, const CavEvent *event, gint32 creature,
                               gint32 id, const char *slot, gboolean on, GError **error)
{
    const CavCreature *c;
    const CavItem *item;
    gboolean weapon = strcmp(slot, "weapon") == 0;

    if (!check_creature(state, event, creature, error) ||
        (item = held_item(state, event, creature, id, error)) == NULL)
        return FALSE;
    c = state_creature(state, creature);
    if (event->actor != creature || (!weapon && strcmp(slot, "armour") != 0))
        return invalid(error, event, "“%s” is not a slot of creature %d", slot, creature);
    if (!on)
        return (weapon ? c->weapon : c->armour) == id ||
               invalid(error, event, "item %d is not on creature %d", id, creature);
    if (!(item->features & ((1u << CAV_FEATURE_WIELD) | (1u << CAV_FEATURE_WEAR))) ||
        rules_is_weapon(item) != weapon)
        return invalid(error, event, "item %d cannot be used as %s", id, slot);
    return TRUE;
}

static gboolean check_won(const CavState *state, const CavEvent *event, GError **error)
{
    const CavCreature *c;

    if (!check_creature(state, event, event->as.GameWon.creature, error))
        return FALSE;
    c = state_creature(state, event->as.GameWon.creature);
    if (c->id != state->player || event->actor != c->id || c->z != 0 ||
        state_tile(state, 0, c->x, c->y) != TILE_STAIRS_UP ||
        !state_carries_tag(state, c, CAV_TAG_BEAR))
        return invalid(error, event, "only the player with the bear at the exit wins");
    return TRUE;
}

static gboolean check_lost(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvGameLost *e = &event->as.GameLost;
    const CavCreature *c;

    if (e->creature != state->player || state->player == 0)
        return invalid(error, event, "only the player can lose the game");
    c = state_creature(state, e->creature);
    if (!c->alive) {
        if (event->cause == 0)
            return invalid(error, event, "a death ends the game only as its consequence");
        return TRUE;
    }
    if (c->z != 0 || state_tile(state, 0, c->x, c->y) != TILE_STAIRS_UP)
        return invalid(error, event, "the player can only flee by the exit on level 1");
    if (state_carries_tag(state, c, CAV_TAG_BEAR))
        return invalid(error, event, "the player carries the bear out: that is a win");
    return TRUE;
}

/* The numbers an effect may have (the data files' limits). */
static gboolean check_spec(const CavEvent *event, const CavEffectSpec *spec, GError **error)
{
#define WITHIN_LIMITS(key, lo, hi) &&within(spec->key, lo, hi)
    if (!(TRUE CAV_EFFECT_LIMITS(WITHIN_LIMITS)))
        return invalid(error, event, "impossible effect numbers");
#undef WITHIN_LIMITS
    return TRUE;
}

static gboolean check_look(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvAppearanceAssigned *e = &event->as.AppearanceAssigned;
    CavEffectSpec spec;

    CAV_EFFECT_COPY(&spec, e);

    if (event->turn != 0 || state->rows_generated != CAV_LEVELS * CAV_HEIGHT ||
        state->creature_count != 0 || state->look_count >= CAV_POTION_KINDS_MAX)
        return invalid(error, event,
                       "potions get their looks once the world is made, before anyone");
    if (e->kind[0] == '\0' || strlen(e->kind) >= CAV_NAME_MAX ||
        !content_kind_name_ok(e->appearance) || strlen(e->appearance) >= CAV_WORD_MAX ||
        e->colour[0] == '\0' || strlen(e->colour) >= CAV_COLOUR_MAX)
        return invalid(error, event, "not a kind of potion and a look");
    if (state_look_of_kind(state, e->kind) != NULL || state_look_index(state, e->appearance) >= 0)
        return invalid(error, event, "“%s” or “%s” already has a look", e->kind, e->appearance);
    return check_spec(event, &spec, error);
}

/* The thrower or shooter, acting, at the line's start, aiming at a cell in
 * its view and within its vision; the line stops where the event says. */
static gboolean check_line(const CavState *state, const CavEvent *event, gint32 creature,
                           const gint32 line[7], gint32 target, GError **error)
{
    const CavCreature *c;
    gint32 to_x, to_y, hit;

    if (!check_creature(state, event, creature, error) ||
        !check_place(event, line[0], line[1], line[2], error) ||
        !check_place(event, line[0], line[3], line[4], error) ||
        !check_place(event, line[0], line[5], line[6], error))
        return FALSE;
    c = state_creature(state, creature);
    if (event->actor != creature || c->z != line[0] || c->x != line[1] || c->y != line[2])
        return invalid(error, event, "creature %d does not stand where it shoots from", creature);
    if (!rules_can_aim(state, c, line[3], line[4]))
        return invalid(error, event, "creature %d cannot see (%d,%d) to aim at it", creature,
                       line[3], line[4]);
    rules_flight(state, c->z, c->x, c->y, line[3], line[4], &to_x, &to_y, &hit);
    if (to_x != line[5] || to_y != line[6] || hit != target)
        return invalid(error, event, "a missile on that line stops at (%d,%d), hitting %d", to_x,
                       to_y, hit);
    return TRUE;
}

static gboolean check_missile_damage(const CavState *state, const CavEvent *event, gint32 creature,
                                     gint32 target, gint32 value, gint32 damage, GError **error)
{
    gint32 attack = rules_missile_attack(state, state_creature(state, creature), value), most;

    if (target == 0)
        return damage == 0 || invalid(error, event, "a missile that hits nobody does no damage");
    most = MAX(1, attack - state_defense(state, state_creature(state, target)));
    if (damage < 1 || damage > most)
        return invalid(error, event,
                       "a missile of %d cannot come from attack %d against defense %d", damage,
                       attack, state_defense(state, state_creature(state, target)));
    return TRUE;
}

static gboolean check_landing(const CavState *state, const CavEvent *event, const CavItem *item,
                              const CavEvItemThrown *e, GError **error)
{
    if (item->tags & (1u << CAV_TAG_POTION))
        return (e->x == e->to_x && e->y == e->to_y) ||
               invalid(error, event, "a potion breaks where it stops");
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL ||
        state_item_at(state, e->z, e->x, e->y) != NULL || ABS(e->x - e->to_x) > 20 ||
        ABS(e->y - e->to_y) > 20)
        return invalid(error, event, "item %d cannot land at (%d,%d)", e->item, e->x, e->y);
    return TRUE;
}

static gboolean check_thrown(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemThrown *e = &event->as.ItemThrown;
    const gint32 line[7] = {e->z, e->from_x, e->from_y, e->aim_x, e->aim_y, e->to_x, e->to_y};
    const CavItem *item;

    if (!check_line(state, event, e->creature, line, e->target, error) ||
        !check_food(event, e->food, error) || !check_place(event, e->z, e->x, e->y, error) ||
        (item = held_item(state, event, e->creature, e->item, error)) == NULL)
        return FALSE;
    if (!(item->features & (1u << CAV_FEATURE_THROW)))
        return invalid(error, event, "item %d cannot be thrown", e->item);
    if (item->count > 1 ? e->split != state->item_count + 1 || e->split > CAV_ITEMS_MAX
                        : e->split != 0)
        return invalid(error, event, "item %d cannot be split as %d", e->item, e->split);
    return check_landing(state, event, item, e, error) &&
           check_missile_damage(state, event, e->creature, e->target, item->thrown, e->damage,
                                error);
}

static gboolean check_fired(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvShotFired *e = &event->as.ShotFired;
    const gint32 line[7] = {e->z, e->from_x, e->from_y, e->aim_x, e->aim_y, e->to_x, e->to_y};
    const CavItem *weapon;

    if (!check_line(state, event, e->creature, line, e->target, error) ||
        !check_food(event, e->food, error) ||
        (weapon = held_item(state, event, e->creature, e->item, error)) == NULL)
        return FALSE;
    if (state_creature(state, e->creature)->weapon != e->item || weapon->ranged <= 0)
        return invalid(error, event, "creature %d wields nothing that shoots", e->creature);
    return check_missile_damage(state, event, e->creature, e->target, weapon->ranged, e->damage,
                                error);
}

static gboolean check_quaffed(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemQuaffed *e = &event->as.ItemQuaffed;
    const CavItem *item;

    if (!check_creature(state, event, e->creature, error) ||
        (item = held_item(state, event, e->creature, e->item, error)) == NULL)
        return FALSE;
    if (event->actor != e->creature || !(item->features & (1u << CAV_FEATURE_QUAFF)) ||
        state_look_of_kind(state, item->type) == NULL)
        return invalid(error, event, "item %d is not a potion creature %d can drink", e->item,
                       e->creature);
    return TRUE;
}

static gboolean check_effect_started(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvEffectStarted *e = &event->as.EffectStarted;
    const CavItem *item = state_item(state, e->item);
    const CavPotionLook *look = item != NULL ? state_look_of_kind(state, item->type) : NULL;
    CavEffectSpec spec;

    CAV_EFFECT_COPY(&spec, e);

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error) ||
        !check_spec(event, &spec, error))
        return FALSE;
    if (e->effect != state->effect_count + 1 || e->effect > CAV_EFFECTS_MAX)
        return invalid(error, event, "effect id %d is not the next free id", e->effect);
    if (look != NULL)
        return (strcmp(look->effect, e->name) == 0 &&
                memcmp(&look->spec, &spec, sizeof spec) == 0) ||
               invalid(error, event, "a %s does not do that", look->kind);
    for (gint32 i = 0; item != NULL && i < state->spell_count && i < CAV_SPELLS_MAX; i++) {
        const CavSpell *spell = &state->spells[i];
        if (strcmp(spell->book, item->type) == 0 && strcmp(spell->effect, e->name) == 0 &&
            memcmp(&spell->spec, &spec, sizeof spec) == 0)
            return TRUE;
    }
    return invalid(error, event, "no potion or spell of item %d does that", e->item);
}

/* The effect @id, active and held by @creature. */
static const CavEffect *held_effect(const CavState *state, const CavEvent *event, gint32 id,
                                    gint32 creature, GError **error)
{
    const CavEffect *effect = state_effect(state, id);

    if (effect == NULL || !effect->active || effect->creature != creature) {
        invalid(error, event, "creature %d is under no effect %d", creature, id);
        return NULL;
    }
    return effect;
}

static gboolean between(gint32 value, gint32 a, gint32 b)
{
    return value >= MIN(0, MIN(a, b)) && value <= MAX(0, MAX(a, b));
}

static gboolean check_effect_applied(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvEffectApplied *e = &event->as.EffectApplied;
    const CavEffect *effect;

    if (!check_creature(state, event, e->creature, error) ||
        (effect = held_effect(state, event, e->effect, e->creature, error)) == NULL)
        return FALSE;
    if (event->actor != 0 || (e->hp == 0 && e->mana == 0) ||
        !between(e->hp, effect->spec.hp, effect->spec.turn_hp) ||
        !between(e->mana, effect->spec.mana, 0))
        return invalid(error, event, "effect %d does not change hp by %d and mana by %d", e->effect,
                       e->hp, e->mana);
    return TRUE;
}

static gboolean check_ticked(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvEffectsTicked *e = &event->as.EffectsTicked;
    const CavCreature *player = state_player(state);

    if (player == NULL || !player->alive || e->z != player->z || event->actor != 0 ||
        event->cause != 0 || event->turn == 0)
        return invalid(error, event, "effects work on the living player's level, after turn 0");
    if (e->effects <= 0 || e->effects != effects_working_on(state, e->z))
        return invalid(error, event, "%d effects do not work on level %d", e->effects, e->z + 1);
    return TRUE;
}

static gboolean check_effect_ended(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvEffectEnded *e = &event->as.EffectEnded;
    const CavEffect *effect = held_effect(state, event, e->effect, e->creature, error);
    const CavCreature *c;

    if (effect == NULL)
        return FALSE;
    c = state_creature(state, e->creature);
    if (event->actor != 0 || e->reason[0] == '\0' || (c->alive && effect->remaining > 0))
        return invalid(error, event, "effect %d has not run out", e->effect);
    return TRUE;
}

static gboolean check_identified(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemIdentified *e = &event->as.ItemIdentified;
    gint32 look = state_look_index(state, e->appearance);

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    if (look < 0 || strcmp(state->looks[look].kind, e->kind) != 0 || e->how[0] == '\0')
        return invalid(error, event, "%s potions are not %s", e->appearance, e->kind);
    if (state_creature(state, e->creature)->known & (1u << look))
        return invalid(error, event, "creature %d knows %s potions already", e->creature,
                       e->appearance);
    return TRUE;
}

static gboolean check_spell_defined(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvSpellDefined *e = &event->as.SpellDefined;
    CavEffectSpec spec;
    CavSpecial special;

    CAV_EFFECT_COPY(&spec, e);
    if (event->turn != 0 || state->rows_generated != CAV_LEVELS * CAV_HEIGHT ||
        state->creature_count != 0 || state->spell_count >= CAV_SPELLS_MAX)
        return invalid(error, event, "spells are set down once the world is made, before anyone");
    if (!content_kind_name_ok(e->spell) || e->book[0] == '\0' ||
        !content_special_from_name(e->special, &special) || e->cost < 0 || e->cost > 1000 ||
        e->range < 0 || e->range > 40 || e->min_range < 1 || e->min_range > 40 ||
        e->hp_per_mana < 1 || e->hp_per_mana > 1000 ||
        (e->effect[0] != '\0') == (special != CAV_SPECIAL_NONE) ||
        (special == CAV_SPECIAL_SUMMON) != (e->summon[0] != '\0') ||
        (special == CAV_SPECIAL_SUMMON && !content_kind_name_ok(e->summon)))
        return invalid(error, event, "not a spell");
    if (state_spell(state, e->book, e->spell) != NULL)
        return invalid(error, event, "%s already holds %s", e->book, e->spell);
    return check_spec(event, &spec, error);
}

static gboolean check_cast(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvSpellCast *e = &event->as.SpellCast;
    const CavCreature *c, *target;
    const CavItem *book;
    const CavSpell *spell;

    if (!check_creature(state, event, e->creature, error) ||
        !check_creature(state, event, e->target, error) ||
        (book = held_item(state, event, e->creature, e->item, error)) == NULL)
        return FALSE;
    c = state_creature(state, e->creature);
    target = state_creature(state, e->target);
    spell = state_spell(state, book->type, e->spell);
    if (event->actor != c->id || spell == NULL)
        return invalid(error, event, "item %d holds no spell %s", e->item, e->spell);
    if (e->cost != spell->cost || c->mana < spell->cost)
        return invalid(error, event, "creature %d has not %d mana for %s", c->id, e->cost,
                       e->spell);
    if (target != c && !rules_can_aim(state, c, target->x, target->y))
        return invalid(error, event, "creature %d cannot see creature %d", c->id, target->id);
    return TRUE;
}

/* Whether one of the game's blood to mana spells turns @hp into @mana. */
static gboolean blood_ratio_known(const CavState *state, gint32 hp, gint32 mana)
{
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        if (state->spells[i].special == CAV_SPECIAL_BLOOD_TO_MANA &&
            (gint64) mana * state->spells[i].hp_per_mana == hp)
            return TRUE;
    return FALSE;
}

static gboolean check_drawn(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvManaDrawn *e = &event->as.ManaDrawn;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (e->hp <= 0 || e->mana <= 0 || e->hp > c->hp - 1 || e->mana > c->max_mana - c->mana ||
        !blood_ratio_known(state, e->hp, e->mana))
        return invalid(error, event, "creature %d cannot turn %d hp into %d mana", c->id, e->hp,
                       e->mana);
    return TRUE;
}

/* The longest blink any of the game's spells allows, and the shortest. */
static gint32 blink_range(const CavState *state, gint32 *nearest)
{
    gint32 range = 0;

    *nearest = G_MAXINT32;
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        if (state->spells[i].special == CAV_SPECIAL_BLINK) {
            range = MAX(range, state->spells[i].range);
            *nearest = MIN(*nearest, state->spells[i].min_range);
        }
    return range;
}

static gboolean check_blinked(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureBlinked *e = &event->as.CreatureBlinked;
    const CavCreature *c;
    CavTile tile;
    gint32 nearest, farthest = blink_range(state, &nearest);

    if (!check_creature(state, event, e->creature, error) || !is_follow_up(state, event, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    c = state_creature(state, e->creature);
    tile = state_tile(state, e->z, e->x, e->y);
    if (c->z != e->z || c->x != e->from_x || c->y != e->from_y)
        return invalid(error, event, "creature %d is not at (%d,%d)", c->id, e->from_x, e->from_y);
    if (tile == TILE_WALL || state_creature_at(state, e->z, e->x, e->y) != NULL ||
        (e->x == c->x && e->y == c->y) || MAX(ABS(e->x - c->x), ABS(e->y - c->y)) < nearest ||
        !fov_sees(state, c->z, c->x, c->y, farthest, e->x, e->y))
        return invalid(error, event, "a blink cannot land at (%d,%d)", e->x, e->y);
    return TRUE;
}

static gboolean check_summoned(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureSummoned *e = &event->as.CreatureSummoned;
    const CavCreature *summoner;
    gboolean known = FALSE;

    if (!check_creature(state, event, e->summoner, error) || !is_follow_up(state, event, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    summoner = state_creature(state, e->summoner);
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        known |= state->spells[i].special == CAV_SPECIAL_SUMMON &&
                 strcmp(state->spells[i].summon, e->kind) == 0;
    if (e->creature != state->creature_count + 1 || e->creature > CAV_CREATURES_MAX)
        return invalid(error, event, "creature id %d is not the next free id", e->creature);
    if (!known || strcmp(e->behaviour, "player") == 0 || e->colony != 0 ||
        !CREATURE_STATS_POSSIBLE(e))
        return invalid(error, event, "no spell calls such a %s", e->kind);
    if (!adjacent(summoner, e->z, e->x, e->y) || state_tile(state, e->z, e->x, e->y) == TILE_WALL ||
        state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a summoned creature appears only on a free cell beside");
    return TRUE;
}

static gboolean check_named(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvItemNamed *e = &event->as.ItemNamed;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    if (e->creature != state->player || event->actor != e->creature)
        return invalid(error, event, "only the player names things, by their own action");
    if (state_look_index(state, e->appearance) < 0)
        return invalid(error, event, "no potion looks %s", e->appearance);
    return TRUE;
}

static gboolean check_payload(const CavState *state, const CavEvent *event, GError **error)
{
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        return check_started(state, event, error);
    case CAV_EVENT_LEVEL_GENERATED:
        return check_level(state, event, error);
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        return check_row(state, event, error);
    case CAV_EVENT_CREATURE_SPAWNED:
        return check_spawned(state, event, error);
    case CAV_EVENT_CREATURE_MOVED:
        return check_moved(state, event, error);
    case CAV_EVENT_TILE_DUG:
        return check_dug(state, event, error);
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return check_stairs(state, event, error);
    case CAV_EVENT_CREATURE_WAITED:
        return check_creature(state, event, event->as.CreatureWaited.creature, error);
    case CAV_EVENT_FUNGUS_SPREAD:
        return check_spread(state, event, error);
    case CAV_EVENT_CREATURE_ATTACKED:
        return check_attacked(state, event, error);
    case CAV_EVENT_CREATURE_HURT:
        return check_hurt(state, event, error);
    case CAV_EVENT_CREATURE_REGENERATED:
        return check_regenerated(state, event, error);
    case CAV_EVENT_UPKEEP_APPLIED:
        return check_upkeep(state, event, error);
    case CAV_EVENT_HUNGER_CHANGED:
        return check_hunger(state, event, error);
    case CAV_EVENT_CREATURE_OVERATE:
        return check_overate(state, event, error);
    case CAV_EVENT_CREATURE_DIED:
        return check_died(state, event, error);
    case CAV_EVENT_XP_GAINED:
        return check_xp(state, event, error);
    case CAV_EVENT_LEVEL_GAINED:
        return check_level_gained(state, event, error);
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        return check_bonus(state, event, error);
    case CAV_EVENT_ITEM_SPAWNED:
        return check_item_spawned(state, event, error);
    case CAV_EVENT_ITEM_PICKED_UP:
        return check_picked_up(state, event, error);
    case CAV_EVENT_ITEM_DROPPED:
        return check_dropped(state, event, error);
    case CAV_EVENT_ITEM_EATEN:
        return check_eaten(state, event, error);
    case CAV_EVENT_ITEM_EQUIPPED:
        return check_equipped(state, event, event->as.ItemEquipped.creature,
                              event->as.ItemEquipped.item, event->as.ItemEquipped.slot, TRUE,
                              error);
    case CAV_EVENT_ITEM_UNEQUIPPED:
        return check_equipped(state, event, event->as.ItemUnequipped.creature,
                              event->as.ItemUnequipped.item, event->as.ItemUnequipped.slot, FALSE,
                              error);
    case CAV_EVENT_APPEARANCE_ASSIGNED:
        return check_look(state, event, error);
    case CAV_EVENT_ITEM_THROWN:
        return check_thrown(state, event, error);
    case CAV_EVENT_SHOT_FIRED:
        return check_fired(state, event, error);
    case CAV_EVENT_ITEM_QUAFFED:
        return check_quaffed(state, event, error);
    case CAV_EVENT_EFFECT_STARTED:
        return check_effect_started(state, event, error);
    case CAV_EVENT_EFFECT_APPLIED:
        return check_effect_applied(state, event, error);
    case CAV_EVENT_EFFECTS_TICKED:
        return check_ticked(state, event, error);
    case CAV_EVENT_EFFECT_ENDED:
        return check_effect_ended(state, event, error);
    case CAV_EVENT_ITEM_IDENTIFIED:
        return check_identified(state, event, error);
    case CAV_EVENT_SPELL_DEFINED:
        return check_spell_defined(state, event, error);
    case CAV_EVENT_SPELL_CAST:
        return check_cast(state, event, error);
    case CAV_EVENT_MANA_DRAWN:
        return check_drawn(state, event, error);
    case CAV_EVENT_CREATURE_BLINKED:
        return check_blinked(state, event, error);
    case CAV_EVENT_CREATURE_SUMMONED:
        return check_summoned(state, event, error);
    case CAV_EVENT_ITEM_NAMED:
        return check_named(state, event, error);
    case CAV_EVENT_GAME_WON:
        return check_won(state, event, error);
    case CAV_EVENT_GAME_LOST:
        return check_lost(state, event, error);
    case CAV_EVENT_TYPE_COUNT:
    default:
        return invalid(error, event, "unknown event type");
    }
}

/* The most acts @c may take in one turn: a bat blunders up to the most
 * steps creatures.ini can give one (the state does not say the game's own
 * number); every other creature acts once. */
static gint32 acts_allowed(const CavCreature *c)
{
    return c->behaviour == CAV_BEHAVIOUR_BAT ? CAV_BAT_STEPS_MAX : 1;
}

static gboolean is_step(CavEventType type)
{
    return type == CAV_EVENT_CREATURE_MOVED || type == CAV_EVENT_CREATURE_ATTACKED;
}

/* One act a turn, for every creature. An act is an event that names its
 * actor: the creature's own decision (a step, a blow, a shot, a drink, a
 * cast...); what follows from it, and the turn's upkeep (food, regeneration,
 * effects, wounds, deaths and what the dead drop), names none. The player
 * acts once (check_turn_shape), then the monsters in spawn order, a bat up
 * to its steps in a row, and no one after the upkeep began. */
static gboolean check_acts(const CavState *state, const CavEvent *event, GError **error)
{
    const CavCreature *c = state_creature(state, event->actor);

    if (event->actor == 0)
        return TRUE;
    if (event->cause != 0)
        return invalid(error, event, "creature %d acts as the consequence of another event",
                       event->actor);
    if (event->actor == state->player || event->turn != state->turn)
        return TRUE;
    if (state->turn_last_actor == CAV_ACTS_OVER)
        return invalid(error, event, "creature %d (%s) acts after the upkeep of turn %d", c->id,
                       c->kind, event->turn);
    if (event->actor != state->turn_last_actor)
        return TRUE;
    if (acts_allowed(c) == 1)
        return invalid(error, event, "creature %d (%s) acts twice in turn %d", c->id, c->kind,
                       event->turn);
    if (!is_step(event->type))
        return invalid(error, event, "creature %d (%s) acts twice in turn %d, not by a step", c->id,
                       c->kind, event->turn);
    if (state->turn_acts >= acts_allowed(c))
        return invalid(error, event, "creature %d (%s) takes more than %d steps in turn %d", c->id,
                       c->kind, acts_allowed(c), event->turn);
    return TRUE;
}

gboolean validate_event(const CavState *state, const CavEvent *event, GError **error)
{
    g_return_val_if_fail(state != NULL && event != NULL, FALSE);
    if (event->type >= CAV_EVENT_TYPE_COUNT)
        return invalid(error, event, "unknown event type");
    if (state->outcome != OUTCOME_PLAYING)
        return invalid(error, event, "the game was already over");
    return check_envelope(state, event, error) && check_payload(state, event, error) &&
           check_acts(state, event, error);
}
