/* SPDX-License-Identifier: GPL-3.0-or-later */
/* policies.c — the rules that answer a fact with more facts (DESIGN.md
 * "policies"): a blow or a wound that empties hp kills; a death leaves a
 * corpse, drops the pack, pays the killer and, for the player, ends the game;
 * xp crosses level thresholds; monsters pick their level-up bonus; eating too
 * much or eating rot hurts. Each returns follow-ups; the Game stamps their
 * cause. */
#include "policies.h"

#include "effects.h"
#include "spells.h"

#include "rules-private.h"

#include <string.h>

static CavEvent died(const CavCreature *victim, const CavCreature *killer)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_DIED);
    g_autoptr(GString) cause = g_string_new("killed by ");

    rules_article(killer->kind, cause);
    event.as.CreatureDied.creature = victim->id;
    event.as.CreatureDied.killer = killer->id;
    EV_SET_STR(event.as.CreatureDied.cause, cause->str);
    return event;
}

static void on_attacked(const CavState *state, const CavEvent *event, CavRng *rng,
                        GArray *follow_ups, gpointer user_data)
{
    const CavCreature *target = state_creature(state, event->as.CreatureAttacked.target);
    const CavCreature *attacker = state_creature(state, event->as.CreatureAttacked.creature);

    (void) rng;
    (void) user_data;
    if (target != NULL && attacker != NULL && target->alive && target->hp <= 0)
        rules_push(follow_ups, died(target, attacker));
}

static void on_hurt(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                    gpointer user_data)
{
    const CavCreature *c = state_creature(state, event->as.CreatureHurt.creature);
    CavEvent death;

    (void) rng;
    (void) user_data;
    if (c == NULL || !c->alive || c->hp > 0)
        return;
    death = ev_init(CAV_EVENT_CREATURE_DIED);
    death.as.CreatureDied.creature = c->id;
    EV_SET_STR(death.as.CreatureDied.cause, event->as.CreatureHurt.cause);
    rules_push(follow_ups, death);
}

/* What the deaths of this cascade have laid down but not yet evolved: two
 * creatures that die of one event (a poison tick) are both decided before
 * either corpse lies, so the second must leave the first's cells and item
 * id alone (GAME.md: one item a cell). */
typedef struct {
    gint32 item;    /* the corpse's new id, or the dropped item */
    gint32 z, cell; /* where it is to lie */
    gboolean corpse;
} Laid;

typedef struct {
    const CavContent *content;
    gint32 turn;
    GArray *laid; /* of Laid, not yet evolved */
} DropLedger;

static void ledger_free(gpointer data)
{
    DropLedger *ledger = data;

    g_array_unref(ledger->laid);
    g_free(ledger);
}

/* Forget what has been evolved since (or belongs to another turn). */
static void ledger_prune(DropLedger *ledger, const CavState *state)
{
    guint kept = 0;

    if (ledger->turn != state->turn)
        g_array_set_size(ledger->laid, 0);
    ledger->turn = state->turn;
    for (guint i = 0; i < ledger->laid->len; i++) {
        Laid laid = g_array_index(ledger->laid, Laid, i);
        const CavItem *item = state_item(state, laid.item);
        gboolean done =
            laid.corpse ? laid.item <= state->item_count : item == NULL || item->holder == 0;
        if (!done)
            g_array_index(ledger->laid, Laid, kept++) = laid;
    }
    g_array_set_size(ledger->laid, kept);
}

/* Lay @item at (z, x, y) in the ledger, and mark its cell taken. */
static void ledger_lay(DropLedger *ledger, GArray *taken, gint32 item, gboolean corpse, gint32 z,
                       gint32 x, gint32 y)
{
    Laid laid = {.item = item, .z = z, .cell = y * CAV_WIDTH + x, .corpse = corpse};

    g_array_append_val(ledger->laid, laid);
    g_array_append_val(taken, laid.cell);
}

/* The cells of level @z laid but not yet evolved; the next free item id. */
static gint32 ledger_taken(const DropLedger *ledger, const CavState *state, gint32 z, GArray *taken)
{
    gint32 next = state->item_count + 1;

    for (guint i = 0; i < ledger->laid->len; i++) {
        const Laid *laid = &g_array_index(ledger->laid, Laid, i);
        if (laid->z == z)
            g_array_append_val(taken, laid->cell);
        if (laid->corpse)
            next = MAX(next, laid->item + 1);
    }
    return next;
}

/* The corpse on the nearest free cell (none for a summoned creature), then
 * everything carried around it. */
static void on_died_drop(const CavState *state, const CavEvent *event, CavRng *rng,
                         GArray *follow_ups, gpointer user_data)
{
    DropLedger *ledger = user_data;
    const CavContent *content = ledger->content;
    const CavCreature *dead = state_creature(state, event->as.CreatureDied.creature);
    gint32 radius = content_rules(content)->drop_radius;
    g_autoptr(GArray) taken = g_array_new(FALSE, FALSE, sizeof(gint32));
    gint32 x, y, id;

    (void) rng;
    if (dead == NULL)
        return;
    ledger_prune(ledger, state);
    id = ledger_taken(ledger, state, dead->z, taken);
    /* A summoned creature leaves no corpse (GAME.md "Experience"). */
    if (!dead->summoned && content_item_type(content, "corpse") != NULL && id <= CAV_ITEMS_MAX &&
        rules_free_item_cell(state, dead->z, dead->x, dead->y, radius, taken, &x, &y)) {
        rules_push(follow_ups, rules_corpse_spawned(content, dead, id, x, y));
        ledger_lay(ledger, taken, id, TRUE, dead->z, x, y);
    }
    /* The player's pack stays with the body: the game is over, and the end
     * screen and the inspector show what was carried. */
    for (guint i = 0; i < CAV_PACK_SLOTS && dead->id != state->player; i++) {
        const CavItem *item = state_item(state, dead->pack[i]);
        CavEvent dropped = ev_init(CAV_EVENT_ITEM_DROPPED);
        if (item == NULL || item->count <= 0 ||
            !rules_free_item_cell(state, dead->z, dead->x, dead->y, radius, taken, &x, &y))
            continue;
        dropped.as.ItemDropped = (CavEvItemDropped){
            .creature = dead->id, .item = item->id, .z = dead->z, .x = x, .y = y};
        rules_push(follow_ups, dropped);
        ledger_lay(ledger, taken, item->id, FALSE, dead->z, x, y);
    }
}

static void on_died_xp(const CavState *state, const CavEvent *event, CavRng *rng,
                       GArray *follow_ups, gpointer user_data)
{
    const CavCreature *dead = state_creature(state, event->as.CreatureDied.creature);
    const CavCreature *killer = state_creature(state, event->as.CreatureDied.killer);
    CavEvent xp = ev_init(CAV_EVENT_XP_GAINED);

    (void) rng;
    (void) user_data;
    if (dead == NULL || killer == NULL || !killer->alive || killer == dead || dead->summoned ||
        rules_kill_xp(dead, killer) <= 0)
        return;
    xp.as.XpGained = (CavEvXpGained){.creature = killer->id, .amount = rules_kill_xp(dead, killer)};
    rules_push(follow_ups, xp);
}

/* Registered last for CreatureDied, so the corpse and the drops come first. */
static void on_died_game(const CavState *state, const CavEvent *event, CavRng *rng,
                         GArray *follow_ups, gpointer user_data)
{
    CavEvent lost = ev_init(CAV_EVENT_GAME_LOST);

    (void) rng;
    (void) user_data;
    if (event->as.CreatureDied.creature != state->player)
        return;
    lost.as.GameLost.creature = state->player;
    EV_SET_STR(lost.as.GameLost.cause, event->as.CreatureDied.cause);
    rules_push(follow_ups, lost);
}

static void on_xp(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                  gpointer user_data)
{
    const CavContent *content = user_data;
    const CavCreature *c = state_creature(state, event->as.XpGained.creature);
    gint32 level;

    (void) rng;
    if (c == NULL)
        return;
    for (level = c->level; level < 1000 && c->xp > rules_xp_threshold(content, level); level++) {
        CavEvent gained = ev_init(CAV_EVENT_LEVEL_GAINED);
        gained.as.LevelGained =
            (CavEvLevelGained){.creature = c->id,
                               .level = level + 1,
                               .heal = (level + 1) * content_rules(content)->heal_per_level};
        rules_push(follow_ups, gained);
    }
}

/* Monsters choose their bonus at random; the player chooses on a screen. */
static void on_level_gained(const CavState *state, const CavEvent *event, CavRng *rng,
                            GArray *follow_ups, gpointer user_data)
{
    const CavContent *content = user_data;
    const CavCreature *c = state_creature(state, event->as.LevelGained.creature);
    CavEvent chosen = ev_init(CAV_EVENT_LEVEL_UP_CHOSEN);
    CavBonus bonus;

    if (c == NULL || c->id == state->player)
        return;
    bonus = (CavBonus) rng_range(rng, 0, CAV_BONUS_COUNT - 1);
    chosen.as.LevelUpChosen.creature = c->id;
    EV_SET_STR(chosen.as.LevelUpChosen.bonus, content_bonus_name(bonus));
    chosen.as.LevelUpChosen.amount = content_rules(content)->bonus[bonus];
    rules_push(follow_ups, chosen);
}

static CavEvent hurt(gint32 creature, gint32 damage, const char *cause)
{
    CavEvent event = ev_init(CAV_EVENT_CREATURE_HURT);

    event.as.CreatureHurt.creature = creature;
    event.as.CreatureHurt.damage = damage;
    EV_SET_STR(event.as.CreatureHurt.cause, cause);
    return event;
}

static void on_eaten(const CavState *state, const CavEvent *event, CavRng *rng, GArray *follow_ups,
                     gpointer user_data)
{
    const CavContent *content = user_data;
    const CavEvItemEaten *e = &event->as.ItemEaten;
    const CavCreature *c = state_creature(state, e->creature);
    const CavItem *item = state_item(state, e->item);
    const CavItemType *type = item != NULL ? content_item_type(content, item->type) : NULL;

    (void) rng;
    if (c == NULL)
        return;
    if (c->food > c->max_food) {
        CavEvent overate = ev_init(CAV_EVENT_CREATURE_OVERATE);
        overate.as.CreatureOverate = (CavEvCreatureOverate){
            .creature = c->id, .max_food = (gint32) (((gint64) c->max_food + c->food) / 2)};
        rules_push(follow_ups, overate);
        rules_push(follow_ups, hurt(c->id, content_rules(content)->overeat_damage, "overeating"));
    }
    if (e->food < 0 && type != NULL && type->sick_damage > 0)
        rules_push(follow_ups, hurt(c->id, type->sick_damage, "rotten food"));
}

void policies_install(Game *game, const CavContent *content)
{
    gpointer data = (gpointer) content;
    DropLedger *ledger = g_new0(DropLedger, 1);

    ledger->content = content;
    ledger->laid = g_array_new(FALSE, FALSE, sizeof(Laid));
    game_keep(game, ledger, ledger_free);

    game_add_policy(game, CAV_EVENT_CREATURE_ATTACKED, on_attacked, data);
    game_add_policy(game, CAV_EVENT_CREATURE_HURT, on_hurt, data);
    game_add_policy(game, CAV_EVENT_CREATURE_DIED, on_died_drop, ledger);
    game_add_policy(game, CAV_EVENT_CREATURE_DIED, on_died_xp, data);
    effects_install(game);
    spells_install(game, content);
    game_add_policy(game, CAV_EVENT_CREATURE_DIED, on_died_game, data);
    game_add_policy(game, CAV_EVENT_XP_GAINED, on_xp, data);
    game_add_policy(game, CAV_EVENT_LEVEL_GAINED, on_level_gained, data);
    game_add_policy(game, CAV_EVENT_ITEM_EATEN, on_eaten, data);
}
