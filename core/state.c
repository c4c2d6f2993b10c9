/* SPDX-License-Identifier: GPL-3.0-or-later */
/* state.c — constructing, querying and digesting the game state. */
#include "state.h"

#include <string.h>
#include <xxhash.h>

CavState *state_new(void)
{
    CavState *state = g_new(CavState, 1);

    state_init(state);
    return state;
}

void state_init(CavState *state)
{
    g_return_if_fail(state != NULL);
    memset(state, 0, sizeof *state);
}

CavTile state_tile(const CavState *state, gint32 z, gint32 x, gint32 y)
{
    if (z < 0 || z >= CAV_LEVELS || !world_in_bounds(x, y))
        return TILE_OUTSIDE;
    return (CavTile) state->tiles[z][y][x];
}

const CavCreature *state_creature(const CavState *state, gint32 id)
{
    if (id <= 0 || id > state->creature_count || id > CAV_CREATURES_MAX)
        return NULL;
    return state->creatures[id].id == id ? &state->creatures[id] : NULL;
}

const CavCreature *state_player(const CavState *state)
{
    return state_creature(state, state->player);
}

gint32 state_bonus_level(const CavCreature *creature)
{
    return creature->level - MAX(creature->pending_bonuses, 1) + 1;
}

const CavCreature *state_creature_at(const CavState *state, gint32 z, gint32 x, gint32 y)
{
    const CavCreature *c;

    if (z < 0 || z >= CAV_LEVELS || !world_in_bounds(x, y))
        return NULL;
    c = state_creature(state, state->occupant[z][y][x]);
    if (c == NULL || !c->alive || c->z != z || c->x != x || c->y != y)
        return NULL;
    return c;
}

const CavItem *state_item(const CavState *state, gint32 id)
{
    if (id <= 0 || id > state->item_count || id > CAV_ITEMS_MAX)
        return NULL;
    return state->items[id].id == id ? &state->items[id] : NULL;
}

const CavItem *state_item_at(const CavState *state, gint32 z, gint32 x, gint32 y)
{
    const CavItem *item;

    if (z < 0 || z >= CAV_LEVELS || !world_in_bounds(x, y))
        return NULL;
    item = state_item(state, state->floor_item[z][y][x]);
    if (item == NULL || item->count <= 0 || item->holder != 0 || item->z != z || item->x != x ||
        item->y != y)
        return NULL;
    return item;
}

static gint32 item_bonus(const CavState *state, gint32 id, gboolean attack)
{
    const CavItem *item = state_item(state, id);

    if (item == NULL)
        return 0;
    return attack ? item->attack : item->defense;
}

gint32 state_attack(const CavState *state, const CavCreature *creature)
{
    return creature->attack + item_bonus(state, creature->weapon, TRUE) +
           item_bonus(state, creature->armour, TRUE) + creature->effect_attack;
}

gint32 state_defense(const CavState *state, const CavCreature *creature)
{
    return creature->defense + item_bonus(state, creature->weapon, FALSE) +
           item_bonus(state, creature->armour, FALSE) + creature->effect_defense;
}

gint32 state_vision(const CavCreature *creature)
{
    return MAX(0, creature->vision + creature->effect_vision);
}

gint32 state_hp_regen(const CavCreature *creature)
{
    return MAX(0, creature->hp_regen + creature->effect_hp_regen);
}

gint32 state_mana_regen(const CavCreature *creature)
{
    return MAX(0, creature->mana_regen + creature->effect_mana_regen);
}

const CavEffect *state_effect(const CavState *state, gint32 id)
{
    if (id <= 0 || id > CAV_EFFECTS_MAX || state->effects[id].id != id)
        return NULL;
    return &state->effects[id];
}

const CavPotionLook *state_look_of_kind(const CavState *state, const char *kind)
{
    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++)
        if (strcmp(state->looks[i].kind, kind) == 0)
            return &state->looks[i];
    return NULL;
}

const CavSpell *state_spell(const CavState *state, const char *book, const char *name)
{
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        if (strcmp(state->spells[i].book, book) == 0 && strcmp(state->spells[i].name, name) == 0)
            return &state->spells[i];
    return NULL;
}

gboolean state_perceives(const CavCreature *c, const CavCreature *other,
                         const guint8 visible[CAV_HEIGHT][CAV_WIDTH])
{
    if (c == other)
        return TRUE;
    if (!other->alive || other->z != c->z || !world_in_bounds(other->x, other->y))
        return FALSE;
    return c->effect_detect > 0 || visible[other->y][other->x] != 0;
}

gint32 state_look_index(const CavState *state, const char *appearance)
{
    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++)
        if (strcmp(state->looks[i].appearance, appearance) == 0)
            return i;
    return -1;
}

gboolean state_knows_item(const CavState *state, const CavCreature *creature, const CavItem *item)
{
    const CavPotionLook *look = state_look_of_kind(state, item->type);

    if (look == NULL || creature == NULL)
        return TRUE;
    return (creature->known & (1u << (look - state->looks))) != 0;
}

void state_item_name_for(const CavState *state, const CavCreature *creature, const CavItem *item,
                         GString *out)
{
    const CavPotionLook *look;

    if (state_knows_item(state, creature, item)) {
        g_string_append(out, item->name);
        return;
    }
    look = state_look_of_kind(state, item->type);
    g_string_append_printf(out, "%s potion", look->appearance);
    if (look->called[0] != '\0' && creature->id == state->player)
        g_string_append_printf(out, " called %s", look->called);
}

gboolean state_item_rotten(const CavState *state, const CavItem *item)
{
    return item->rot_turns > 0 && state->turn - item->born >= item->rot_turns;
}

gboolean state_carries_tag(const CavState *state, const CavCreature *creature, CavTag tag)
{
    for (guint i = 0; i < CAV_PACK_SLOTS; i++) {
        const CavItem *item = state_item(state, creature->pack[i]);
        if (item != NULL && item->count > 0 && (item->tags & (1u << tag)))
            return TRUE;
    }
    return FALSE;
}

const char *state_outcome_name(CavOutcome outcome)
{
    switch (outcome) {
    case OUTCOME_WON:
        return "won";
    case OUTCOME_LOST:
        return "lost";
    case OUTCOME_PLAYING:
    default:
        return "playing";
    }
}

gint32 state_pack_used(const CavCreature *creature)
{
    gint32 used = 0;

    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        used += creature->pack[i] != 0;
    return used;
}

gint32 state_score(const CavState *state)
{
    const CavCreature *player = state_player(state);
    gint32 kills = player != NULL ? player->kills : 0;

    return (state->deepest + 1) * 100 + kills * 10 + state->turn / 10 +
           (state->outcome == OUTCOME_WON ? 1000 : 0);
}

/* Snapshot layout: the state up to its creature slots, the slots in use
 * (creatures 0 … creature_count, items 0 … item_count), then the cell maps. */
/* The records' hashes up to the highest ids in use, after the records. */
static guint8 *copy_parts_out(const CavState *state, guint8 *at)
{
    gsize c = sizeof(guint64) * (gsize) (state->creature_count + 1);
    gsize i = sizeof(guint64) * (gsize) (state->item_count + 1);
    gsize e = sizeof(guint64) * (gsize) (state->effect_count + 1);

    memcpy(at, state->creature_parts, c);
    memcpy(at + c, state->item_parts, i);
    memcpy(at + c + i, state->effect_parts, e);
    return at + c + i + e;
}

static const guint8 *copy_parts_in(CavState *state, const guint8 *at)
{
    gsize c = sizeof(guint64) * (gsize) (state->creature_count + 1);
    gsize i = sizeof(guint64) * (gsize) (state->item_count + 1);
    gsize e = sizeof(guint64) * (gsize) (state->effect_count + 1);

    memset(state->creature_parts, 0, sizeof state->creature_parts);
    memset(state->item_parts, 0, sizeof state->item_parts);
    memset(state->effect_parts, 0, sizeof state->effect_parts);
    memcpy(state->creature_parts, at, c);
    memcpy(state->item_parts, at + c, i);
    memcpy(state->effect_parts, at + c + i, e);
    return at + c + i + e;
}

/* The creatures' levels (creature_on) from their records, as evolve keeps
 * them: a living creature on a level. */
static void index_levels(CavState *state)
{
    memset(state->creature_on, 0, sizeof state->creature_on);
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        if (c->id != 0 && c->alive && c->z >= 0 && c->z < CAV_LEVELS)
            state->creature_on[id] = (guint8) (c->z + 1);
    }
}

GBytes *state_snapshot(const CavState *state)
{
    gsize head = G_STRUCT_OFFSET(CavState, creatures);
    gsize creatures = sizeof(CavCreature) * (gsize) (state->creature_count + 1);
    gsize items = sizeof(CavItem) * (gsize) (state->item_count + 1);
    gsize effects = sizeof(CavEffect) * (gsize) (state->effect_count + 1);
    gsize maps = sizeof state->occupant + sizeof state->floor_item;
    gsize parts = sizeof(guint64) *
                  (gsize) (state->creature_count + state->item_count + state->effect_count + 3);
    gsize size = head + creatures + items + effects + parts + maps;
    guint8 *data = g_malloc(size), *at = data;

    memcpy(at, state, head);
    at += head;
    memcpy(at, state->creatures, creatures);
    at += creatures;
    memcpy(at, state->items, items);
    at += items;
    memcpy(at, state->effects, effects);
    at += effects;
    at = copy_parts_out(state, at);
    memcpy(at, state->occupant, sizeof state->occupant);
    at += sizeof state->occupant;
    memcpy(at, state->floor_item, sizeof state->floor_item);
    return g_bytes_new_take(data, size);
}

void state_restore(CavState *state, GBytes *snapshot)
{
    gsize head = G_STRUCT_OFFSET(CavState, creatures), size;
    const guint8 *at = g_bytes_get_data(snapshot, &size);
    gsize creatures, items, effects;

    g_return_if_fail(size >= head);
    memcpy(state, at, head);
    at += head;
    creatures = sizeof(CavCreature) * (gsize) (state->creature_count + 1);
    items = sizeof(CavItem) * (gsize) (state->item_count + 1);
    effects = sizeof(CavEffect) * (gsize) (state->effect_count + 1);
    g_return_if_fail(size ==
                     head + creatures + items + effects +
                         sizeof(guint64) * (gsize) (state->creature_count + state->item_count +
                                                    state->effect_count + 3) +
                         sizeof state->occupant + sizeof state->floor_item);
    memcpy(state->creatures, at, creatures);
    at += creatures;
    memset(state->creatures + state->creature_count + 1, 0, sizeof state->creatures - creatures);
    memcpy(state->items, at, items);
    at += items;
    memset(state->items + state->item_count + 1, 0, sizeof state->items - items);
    memcpy(state->effects, at, effects);
    at += effects;
    memset(state->effects + state->effect_count + 1, 0, sizeof state->effects - effects);
    at = copy_parts_in(state, at);
    memcpy(state->occupant, at, sizeof state->occupant);
    at += sizeof state->occupant;
    memcpy(state->floor_item, at, sizeof state->floor_item);
    index_levels(state);
    state->turn_acts = 0;
}

/* The count at @offset of a snapshot's head, when in 0 … @max; else -1. */
static gint64 snapshot_count(const guint8 *data, gsize offset, gint32 max)
{
    gint32 count;

    memcpy(&count, data + offset, sizeof count);
    return count >= 0 && count <= max ? count : -1;
}

gboolean state_restore_checked(CavState *state, const guint8 *data, gsize size)
{
    gsize head = G_STRUCT_OFFSET(CavState, creatures);
    gint64 creatures, items, effects;
    g_autoptr(GBytes) bytes = NULL;

    g_return_val_if_fail(state != NULL && (data != NULL || size == 0), FALSE);
    if (size < head)
        return FALSE;
    creatures = snapshot_count(data, G_STRUCT_OFFSET(CavState, creature_count), CAV_CREATURES_MAX);
    items = snapshot_count(data, G_STRUCT_OFFSET(CavState, item_count), CAV_ITEMS_MAX);
    effects = snapshot_count(data, G_STRUCT_OFFSET(CavState, effect_count), CAV_EFFECTS_MAX);
    if (creatures < 0 || items < 0 || effects < 0)
        return FALSE;
    if (size != head + sizeof(CavCreature) * (gsize) (creatures + 1) +
                    sizeof(CavItem) * (gsize) (items + 1) +
                    sizeof(CavEffect) * (gsize) (effects + 1) +
                    sizeof(guint64) * (gsize) (creatures + items + effects + 3) +
                    sizeof state->occupant + sizeof state->floor_item)
        return FALSE;
    bytes = g_bytes_new_static(data, size);
    state_restore(state, bytes);
    memset(&state->memo, 0, sizeof state->memo);
    return TRUE;
}

/* XXH3 fed through a buffer: the canonical encoding is many small values,
 * and the hash of the bytes does not depend on how they are fed. */
typedef struct {
    XXH3_state_t *state;
    gsize len;
    guint8 buf[8192];
} Hasher;

static void hasher_update(Hasher *h, const void *data, gsize len)
{
    if (h->len + len > sizeof h->buf) {
        XXH3_64bits_update(h->state, h->buf, h->len);
        h->len = 0;
    }
    if (len > sizeof h->buf) {
        XXH3_64bits_update(h->state, data, len);
        return;
    }
    memcpy(h->buf + h->len, data, len);
    h->len += len;
}

static void hasher_begin(Hasher *h)
{
    h->state = XXH3_createState();
    h->len = 0;
    XXH3_64bits_reset(h->state);
}

static guint64 hasher_end(Hasher *h)
{
    guint64 digest;

    XXH3_64bits_update(h->state, h->buf, h->len);
    digest = XXH3_64bits_digest(h->state);
    XXH3_freeState(h->state);
    return digest;
}

static void hash_i64(Hasher *h, gint64 value)
{
    guint8 bytes[8];

    for (gint i = 0; i < 8; i++)
        bytes[i] = (guint8) ((guint64) value >> (8 * i));
    hasher_update(h, bytes, sizeof bytes);
}

static void hash_text(Hasher *h, const char *text, gsize cap)
{
    gsize len = strnlen(text, cap);

    hash_i64(h, (gint64) len);
    hasher_update(h, text, len);
}

/* The same bytes as hash_i64 on each number (little-endian, 8 each), fed
 * in one piece: the digest is most of a turn's cost. */
static void hash_numbers(Hasher *h, const gint64 *numbers, guint n)
{
    guint64 bytes[64];

    while (n > 0) {
        guint chunk = MIN(n, G_N_ELEMENTS(bytes));
        for (guint i = 0; i < chunk; i++)
            bytes[i] = GUINT64_TO_LE((guint64) numbers[i]);
        hasher_update(h, bytes, chunk * sizeof bytes[0]);
        numbers += chunk;
        n -= chunk;
    }
}

/* A creature's numbers in the order both digests take them (the schema 2
 * digest takes exactly these; don't reorder). Returns how many. */
#define CREATURE_NUMBERS 29
static guint creature_numbers(const CavCreature *c, gint64 numbers[CREATURE_NUMBERS])
{
    const gint64 values[CREATURE_NUMBERS] = {c->id,
                                             c->behaviour,
                                             c->glyph,
                                             c->z,
                                             c->x,
                                             c->y,
                                             c->hp,
                                             c->max_hp,
                                             c->attack,
                                             c->defense,
                                             c->vision,
                                             c->level,
                                             c->xp,
                                             c->kills,
                                             c->food,
                                             c->max_food,
                                             c->mana,
                                             c->max_mana,
                                             c->hp_regen,
                                             c->mana_regen,
                                             c->hp_regen_acc,
                                             c->mana_regen_acc,
                                             c->pending_bonuses,
                                             c->weapon,
                                             c->armour,
                                             c->colony,
                                             c->colony_size,
                                             c->died_turn,
                                             c->alive ? 1 : 0};

    memcpy(numbers, values, sizeof values);
    return CREATURE_NUMBERS;
}

static void hash_creature(Hasher *h, const CavCreature *c)
{
    gint64 numbers[CREATURE_NUMBERS];

    creature_numbers(c, numbers);
    hash_text(h, c->kind, sizeof c->kind);
    hash_text(h, c->colour, sizeof c->colour);
    hash_text(h, c->hunger, sizeof c->hunger);
    hash_numbers(h, numbers, G_N_ELEMENTS(numbers));
    {
        gint64 pack[CAV_PACK_SLOTS];
        for (guint i = 0; i < CAV_PACK_SLOTS; i++)
            pack[i] = c->pack[i];
        hash_numbers(h, pack, CAV_PACK_SLOTS);
    }
}

static void hash_item(Hasher *h, const CavItem *item)
{
    const gint64 numbers[] = {
        item->id,      item->glyph,  item->tags,   item->features, item->stack,     item->attack,
        item->defense, item->thrown, item->ranged, item->food,     item->rot_turns, item->born,
        item->count,   item->holder, item->z,      item->x,        item->y};

    hash_text(h, item->type, sizeof item->type);
    hash_text(h, item->name, sizeof item->name);
    hash_text(h, item->colour, sizeof item->colour);
    hash_numbers(h, numbers, G_N_ELEMENTS(numbers));
}

static void hash_spec(Hasher *h, const CavEffectSpec *spec)
{
#define HASH_FIELD(type, name) hash_i64(h, spec->name);
    CAV_EFFECT_FIELDS(HASH_FIELD)
#undef HASH_FIELD
}

/* Potions, effects and knowledge (cavelog 0.2 on). A state without potion
 * looks or effects — every game recorded before they existed — adds nothing,
 * so older files keep their digests. */
static void hash_magic(Hasher *h, const CavState *state)
{
    if (state->look_count == 0 && state->effect_count == 0 && state->spell_count == 0)
        return;
    hash_i64(h, state->look_count);
    hash_i64(h, state->effect_count);
    hash_i64(h, state->time);
    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++) {
        hash_text(h, state->looks[i].kind, sizeof state->looks[i].kind);
        hash_text(h, state->looks[i].effect, sizeof state->looks[i].effect);
        hash_text(h, state->looks[i].appearance, sizeof state->looks[i].appearance);
        hash_text(h, state->looks[i].colour, sizeof state->looks[i].colour);
        hash_spec(h, &state->looks[i].spec);
        hash_text(h, state->looks[i].called, sizeof state->looks[i].called);
    }
    hash_i64(h, state->spell_count);
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++) {
        const CavSpell *spell = &state->spells[i];
        hash_text(h, spell->name, sizeof spell->name);
        hash_text(h, spell->book, sizeof spell->book);
        hash_text(h, spell->effect, sizeof spell->effect);
        hash_text(h, spell->summon, sizeof spell->summon);
        hash_i64(h, spell->cost);
        hash_i64(h, spell->special);
        hash_i64(h, spell->range);
        hash_spec(h, &spell->spec);
    }
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *e = &state->effects[id];
        const gint64 numbers[] = {e->id, e->creature, e->item, e->remaining, e->active ? 1 : 0};
        hash_numbers(h, numbers, G_N_ELEMENTS(numbers));
        hash_text(h, e->name, sizeof e->name);
        hash_spec(h, &e->spec);
    }
    /* Only the creatures with something to say, each named by its id: most
     * have no effect on them and know nothing. */
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        const gint64 numbers[] = {c->id,
                                  c->effect_attack,
                                  c->effect_defense,
                                  c->effect_vision,
                                  c->effect_hp_regen,
                                  c->effect_mana_regen,
                                  c->effect_detect,
                                  c->known};
        if ((c->effect_attack | c->effect_defense | c->effect_vision | c->effect_hp_regen |
             c->effect_mana_regen | c->effect_detect | (gint32) c->known) != 0)
            hash_numbers(h, numbers, G_N_ELEMENTS(numbers));
    }
}

guint64 state_digest_v1(const CavState *state)
{
    Hasher hasher, *h = &hasher;
    const gint64 header[] = {state->seed,           state->last_seq,
                             state->turn,           state->levels_generated,
                             state->rows_generated, state->player_acted_turn,
                             state->player,         state->creature_count,
                             state->outcome,        state->deepest};
    guint64 digest;

    g_return_val_if_fail(state != NULL, 0);
    hasher_begin(h);
    hash_numbers(h, header, G_N_ELEMENTS(header));
    hash_text(h, state->cause, sizeof state->cause);
    hash_text(h, state->player_name, sizeof state->player_name);
    hasher_update(h, state->tiles, sizeof state->tiles);
    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *c = &state->creatures[id];
        const gint64 numbers[] = {c->id,     c->z,      c->x,       c->y,      c->hp,
                                  c->max_hp, c->attack, c->defense, c->vision, c->alive ? 1 : 0};
        hash_text(h, c->kind, sizeof c->kind);
        hash_numbers(h, numbers, G_N_ELEMENTS(numbers));
    }
    digest = hasher_end(h);
    return digest;
}

guint64 state_digest_v2(const CavState *state)
{
    Hasher hasher, *h = &hasher;
    const gint64 header[] = {
        state->seed,           state->last_seq,          state->turn,   state->levels_generated,
        state->rows_generated, state->player_acted_turn, state->player, state->creature_count,
        state->item_count,     state->outcome,           state->deepest};
    guint64 digest;

    g_return_val_if_fail(state != NULL, 0);
    hasher_begin(h);
    for (guint i = 0; i < G_N_ELEMENTS(header); i++)
        hash_i64(h, header[i]);
    hash_text(h, state->cause, sizeof state->cause);
    hash_text(h, state->player_name, sizeof state->player_name);
    hasher_update(h, state->tiles, sizeof state->tiles);
    for (gint32 id = 1; id <= state->creature_count; id++)
        hash_creature(h, &state->creatures[id]);
    for (gint32 id = 1; id <= state->item_count; id++)
        hash_item(h, &state->items[id]);
    hash_magic(h, state);
    digest = hasher_end(h);
    return digest;
}

/* ---- the digest of store schema 3: parts hashed one by one --------------- */

/* One record's canonical bytes: numbers as 8 little-endian bytes, text as
 * its length and its bytes. Made with RECORD_INIT: only the bytes written
 * are hashed, so the buffer is not cleared (a record per touched part). */
typedef struct {
    gsize len;
    guint8 bytes[1024];
} Record;

#define RECORD_INIT(r) ((r).len = 0)

static void put_numbers(Record *r, const gint64 *numbers, guint n)
{
    g_assert(r->len + 8 * n <= sizeof r->bytes);
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
    memcpy(r->bytes + r->len, numbers, 8 * (gsize) n);
    r->len += 8 * (gsize) n;
#else
    for (guint i = 0; i < n; i++) {
        guint64 le = GUINT64_TO_LE((guint64) numbers[i]);
        memcpy(r->bytes + r->len, &le, sizeof le);
        r->len += sizeof le;
    }
#endif
}

static void put_text(Record *r, const char *text, gsize cap)
{
    gint64 len = (gint64) strnlen(text, cap);

    put_numbers(r, &len, 1);
    g_assert(r->len + (gsize) len <= sizeof r->bytes);
    memcpy(r->bytes + r->len, text, (gsize) len);
    r->len += (gsize) len;
}

static void put_spec(Record *r, const CavEffectSpec *spec)
{
#define PUT_FIELD(type, name) spec->name,
    const gint64 numbers[] = {CAV_EFFECT_FIELDS(PUT_FIELD)};
#undef PUT_FIELD
    put_numbers(r, numbers, G_N_ELEMENTS(numbers));
}

static guint64 record_hash(const Record *r)
{
    return XXH3_64bits(r->bytes, r->len);
}

static guint64 creature_part(const CavCreature *c)
{
    /* The numbers in one array (one copy into the record), the pack last. */
    gint64 numbers[1 + CREATURE_NUMBERS + 7 + CAV_PACK_SLOTS];
    guint n = 0;
    Record r;

    RECORD_INIT(r);
    numbers[n++] = CAV_PART_CREATURE;
    n += creature_numbers(c, numbers + n);
    numbers[n++] = c->effect_attack;
    numbers[n++] = c->effect_defense;
    numbers[n++] = c->effect_vision;
    numbers[n++] = c->effect_hp_regen;
    numbers[n++] = c->effect_mana_regen;
    numbers[n++] = c->effect_detect;
    numbers[n++] = c->known;
    for (guint i = 0; i < CAV_PACK_SLOTS; i++)
        numbers[n++] = c->pack[i];
    g_assert(n == G_N_ELEMENTS(numbers));
    put_numbers(&r, numbers, n);
    put_text(&r, c->kind, sizeof c->kind);
    put_text(&r, c->colour, sizeof c->colour);
    put_text(&r, c->hunger, sizeof c->hunger);
    return record_hash(&r);
}

static guint64 item_part(const CavItem *item)
{
    const gint64 numbers[] = {
        CAV_PART_ITEM, item->id,      item->glyph,  item->tags,   item->features, item->stack,
        item->attack,  item->defense, item->thrown, item->ranged, item->food,     item->rot_turns,
        item->born,    item->count,   item->holder, item->z,      item->x,        item->y};
    Record r;

    RECORD_INIT(r);
    put_numbers(&r, numbers, G_N_ELEMENTS(numbers));
    put_text(&r, item->type, sizeof item->type);
    put_text(&r, item->name, sizeof item->name);
    put_text(&r, item->colour, sizeof item->colour);
    return record_hash(&r);
}

static guint64 effect_part(const CavEffect *e)
{
    const gint64 numbers[] = {CAV_PART_EFFECT, e->id,        e->creature,
                              e->item,         e->remaining, e->active ? 1 : 0};
    Record r;

    RECORD_INIT(r);
    put_numbers(&r, numbers, G_N_ELEMENTS(numbers));
    put_text(&r, e->name, sizeof e->name);
    put_spec(&r, &e->spec);
    return record_hash(&r);
}

static guint64 tiles_part(const CavState *state, gint32 z)
{
    return XXH3_64bits(state->tiles[z], sizeof state->tiles[z]);
}

static guint64 look_hash(const CavPotionLook *look)
{
    Record r;

    RECORD_INIT(r);
    put_text(&r, look->kind, sizeof look->kind);
    put_text(&r, look->effect, sizeof look->effect);
    put_text(&r, look->appearance, sizeof look->appearance);
    put_text(&r, look->colour, sizeof look->colour);
    put_spec(&r, &look->spec);
    put_text(&r, look->called, sizeof look->called);
    return record_hash(&r);
}

static guint64 spell_hash(const CavSpell *spell)
{
    const gint64 numbers[] = {spell->cost, spell->special, spell->range};
    const gint64 since_0_4[] = {spell->min_range, spell->hp_per_mana};
    Record r;

    RECORD_INIT(r);
    put_text(&r, spell->name, sizeof spell->name);
    put_text(&r, spell->book, sizeof spell->book);
    put_text(&r, spell->effect, sizeof spell->effect);
    put_text(&r, spell->summon, sizeof spell->summon);
    put_numbers(&r, numbers, G_N_ELEMENTS(numbers));
    put_spec(&r, &spell->spec);
    /* The numbers of cavelog 0.4.0 on, only where they differ from what
     * earlier files' spells mean (1 and 1): those keep their digests. */
    if (spell->min_range != 1 || spell->hp_per_mana != 1)
        put_numbers(&r, since_0_4, G_N_ELEMENTS(since_0_4));
    return record_hash(&r);
}

static guint64 magic_part(const CavState *state)
{
    guint64 hashes[CAV_POTION_KINDS_MAX + CAV_SPELLS_MAX];
    guint n = 0;

    for (gint32 i = 0; i < state->look_count && i < CAV_POTION_KINDS_MAX; i++)
        hashes[n++] = GUINT64_TO_LE(look_hash(&state->looks[i]));
    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
        hashes[n++] = GUINT64_TO_LE(spell_hash(&state->spells[i]));
    return XXH3_64bits(hashes, n * sizeof hashes[0]);
}

/* The hash of the record @part @id as it is now, or 0 for none. */
static guint64 part_now(const CavState *state, CavPart part, gint32 id)
{
    switch (part) {
    case CAV_PART_CREATURE:
        return id >= 1 && id <= state->creature_count ? creature_part(&state->creatures[id]) : 0;
    case CAV_PART_ITEM:
        return id >= 1 && id <= state->item_count ? item_part(&state->items[id]) : 0;
    case CAV_PART_EFFECT:
        return id >= 1 && id <= state->effect_count ? effect_part(&state->effects[id]) : 0;
    case CAV_PART_TILES:
    case CAV_PART_MAGIC:
    default:
        return 0;
    }
}

/* The digest of the head of @state with the parts' hashes. */
static guint64 digest_of_parts(const CavState *state, guint64 sum, const guint64 *tiles,
                               guint64 magic)
{
    const gint64 head[] = {
        state->seed,           state->last_seq,          state->turn,       state->levels_generated,
        state->rows_generated, state->player_acted_turn, state->player,     state->creature_count,
        state->item_count,     state->effect_count,      state->look_count, state->spell_count,
        state->outcome,        state->deepest,           state->time};
    gint64 parts[CAV_LEVELS + 2];
    Record r;

    RECORD_INIT(r);
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        parts[z] = (gint64) tiles[z];
    parts[CAV_LEVELS] = (gint64) magic;
    parts[CAV_LEVELS + 1] = (gint64) sum;
    put_numbers(&r, head, G_N_ELEMENTS(head));
    put_text(&r, state->cause, sizeof state->cause);
    put_text(&r, state->player_name, sizeof state->player_name);
    put_numbers(&r, parts, G_N_ELEMENTS(parts));
    return record_hash(&r);
}

guint64 state_digest_full(const CavState *state)
{
    guint64 sum = 0, tiles[CAV_LEVELS];

    g_return_val_if_fail(state != NULL, 0);
    for (gint32 id = 1; id <= state->creature_count; id++)
        sum += creature_part(&state->creatures[id]);
    for (gint32 id = 1; id <= state->item_count; id++)
        sum += item_part(&state->items[id]);
    for (gint32 id = 1; id <= state->effect_count; id++)
        sum += effect_part(&state->effects[id]);
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        tiles[z] = tiles_part(state, z);
    return digest_of_parts(state, sum, tiles, magic_part(state));
}

void state_touch(CavState *state, CavPart part, gint32 id)
{
    CavDigestMemo *memo = &state->memo;

    if (memo->n_touched < CAV_TOUCHED_MAX)
        memo->touched[memo->n_touched] = ((guint32) part << 24) | ((guint32) id & 0xffffff);
    if (memo->n_touched <= CAV_TOUCHED_MAX)
        memo->n_touched++;
}

/* The slot of part @part's hash in @state, or NULL for tiles and magic. */
static guint64 *part_slot(CavState *state, CavPart part, gint32 id)
{
    if (part == CAV_PART_CREATURE && id >= 0 && id <= CAV_CREATURES_MAX)
        return &state->creature_parts[id];
    if (part == CAV_PART_ITEM && id >= 0 && id <= CAV_ITEMS_MAX)
        return &state->item_parts[id];
    if (part == CAV_PART_EFFECT && id >= 0 && id <= CAV_EFFECTS_MAX)
        return &state->effect_parts[id];
    return NULL;
}

static void refresh_part(CavState *state, CavPart part, gint32 id)
{
    guint64 *slot = part_slot(state, part, id);
    guint64 now;

    if (part == CAV_PART_TILES && id >= 0 && id < CAV_LEVELS) {
        state->memo.tiles[id] = tiles_part(state, id);
    } else if (part == CAV_PART_MAGIC) {
        state->memo.magic = magic_part(state);
    } else if (slot != NULL) {
        now = part_now(state, part, id);
        state->memo.sum += now - *slot;
        *slot = now;
    }
}

/* Hash every part again (a fresh state, or more touched than listed). */
static void rebuild_memo(CavState *state)
{
    CavDigestMemo *memo = &state->memo;

    memset(state->creature_parts, 0, sizeof state->creature_parts);
    memset(state->item_parts, 0, sizeof state->item_parts);
    memset(state->effect_parts, 0, sizeof state->effect_parts);
    memo->sum = 0;
    for (gint32 id = 1; id <= state->creature_count; id++)
        refresh_part(state, CAV_PART_CREATURE, id);
    for (gint32 id = 1; id <= state->item_count; id++)
        refresh_part(state, CAV_PART_ITEM, id);
    for (gint32 id = 1; id <= state->effect_count; id++)
        refresh_part(state, CAV_PART_EFFECT, id);
    for (gint32 z = 0; z < CAV_LEVELS; z++)
        refresh_part(state, CAV_PART_TILES, z);
    refresh_part(state, CAV_PART_MAGIC, 0);
}

/* Where each kind of part starts in the bits of the parts already hashed
 * again by one digest. */
#define SEEN_CREATURES 0
#define SEEN_ITEMS (SEEN_CREATURES + CAV_CREATURES_MAX + 1)
#define SEEN_EFFECTS (SEEN_ITEMS + CAV_ITEMS_MAX + 1)
#define SEEN_TILES (SEEN_EFFECTS + CAV_EFFECTS_MAX + 1)
#define SEEN_MAGIC (SEEN_TILES + CAV_LEVELS)
#define SEEN_BITS (SEEN_MAGIC + 1)

/* The bit of touched part @key (as state_touch lists it), or -1 for an id
 * out of range (refreshing it does nothing). */
static gint seen_bit(guint32 key)
{
    CavPart part = (CavPart) (key >> 24);
    gint id = (gint) (key & 0xffffff);

    switch (part) {
    case CAV_PART_CREATURE:
        return id <= CAV_CREATURES_MAX ? SEEN_CREATURES + id : -1;
    case CAV_PART_ITEM:
        return id <= CAV_ITEMS_MAX ? SEEN_ITEMS + id : -1;
    case CAV_PART_EFFECT:
        return id <= CAV_EFFECTS_MAX ? SEEN_EFFECTS + id : -1;
    case CAV_PART_TILES:
        return id < CAV_LEVELS ? SEEN_TILES + id : -1;
    case CAV_PART_MAGIC:
        return SEEN_MAGIC;
    default:
        return -1;
    }
}

/* Hash again each part touched since the last digest, once: the events of
 * a turn touch the player and the monsters that act several times. */
static void refresh_touched(CavState *state)
{
    const CavDigestMemo *memo = &state->memo;
    guint8 seen[(SEEN_BITS + 7) / 8];

    memset(seen, 0, sizeof seen);
    for (guint32 i = 0; i < memo->n_touched; i++) {
        guint32 key = memo->touched[i];
        gint bit = seen_bit(key);
        if (bit >= 0 && (seen[bit / 8] & (1u << (bit % 8))) != 0)
            continue;
        if (bit >= 0)
            seen[bit / 8] |= (guint8) (1u << (bit % 8));
        refresh_part(state, (CavPart) (key >> 24), (gint32) (key & 0xffffff));
    }
}

guint64 state_digest(const CavState *state)
{
    /* The memo is derived data: refreshing it changes no fact of the state. */
    CavState *s = (CavState *) state;
    CavDigestMemo *memo;

    g_return_val_if_fail(state != NULL, 0);
    memo = &s->memo;
    if (!memo->kept || memo->n_touched > CAV_TOUCHED_MAX)
        rebuild_memo(s);
    else
        refresh_touched(s);
    /* Cleared as used, so that two equal states digested are equal bytes. */
    memset(memo->touched, 0, sizeof memo->touched[0] * MIN(memo->n_touched, CAV_TOUCHED_MAX));
    memo->kept = TRUE;
    memo->n_touched = 0;
    return digest_of_parts(s, memo->sum, memo->tiles, memo->magic);
}
