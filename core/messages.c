/* SPDX-License-Identifier: GPL-3.0-or-later */
/* messages.c — what the player reads about each event. The player learns of
 * their own deeds and of what happens on a cell in their view; second person
 * for the player ("You hit the bat."), third for others ("The bat dies.").
 * One small function per kind of event; the switch lists every type. */
#include "messages.h"

#include <string.h>

static gboolean is_player(const CavState *after, gint32 creature)
{
    return creature != 0 && creature == after->player;
}

/* Whether the player sees creature @id where it stands (or fell), or
 * detects it on their level. */
static gboolean sees_creature(const CavState *after, const CavView *view, gint32 id)
{
    const CavCreature *c = state_creature(after, id);
    const CavCreature *player = state_player(after);

    if (c == NULL)
        return FALSE;
    if (player != NULL && player->effect_detect > 0 && c->z == player->z)
        return TRUE;
    return view_sees(view, c->z, c->x, c->y);
}

/* Whether @id is the player or a creature the player sees. */
static gboolean perceives(const CavState *after, const CavView *view, gint32 id)
{
    return is_player(after, id) || sees_creature(after, view, id);
}

static void name_of(const CavState *after, gint32 id, GString *out)
{
    const CavCreature *c = state_creature(after, id);

    if (c == NULL)
        g_string_append(out, "something");
    else
        messages_creature_name(after, c, out);
}

/* Append @text to @out with its first letter raised. */
static void sentence(GString *out, const char *text)
{
    gsize start = out->len;

    g_string_append(out, text);
    if (out->len > start)
        out->str[start] = g_ascii_toupper(out->str[start]);
}

/* "You hit the bat." / "The goblin hits you." / "The bat hits the goblin." */
static gboolean describe_attacked(const CavState *after, const CavView *view,
                                  const CavEvCreatureAttacked *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (!perceives(after, view, e->creature) && !perceives(after, view, e->target))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, is_player(after, e->creature) ? " hit " : " hits ");
    name_of(after, e->target, text);
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_hurt(const CavState *after, const CavView *view,
                              const CavEvCreatureHurt *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (is_player(after, e->creature)) {
        if (strcmp(e->cause, "rotten food") == 0)
            g_string_append(out, "You feel sick.");
        else if (strcmp(e->cause, "overeating") == 0)
            g_string_append(out, "Your belly aches.");
        else
            g_string_append_printf(out, "You lose %d hp to %s.", e->damage, e->cause);
        return TRUE;
    }
    if (!sees_creature(after, view, e->creature))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, " is hurt.");
    sentence(out, text->str);
    return TRUE;
}

/* "You kill the bat." for the player's kills, "You die." for the player,
 * "The zombie dies." for the rest in view. */
static gboolean describe_died(const CavState *after, const CavView *view,
                              const CavEvCreatureDied *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (is_player(after, e->creature)) {
        g_string_append(out, "You die.");
        return TRUE;
    }
    if (is_player(after, e->killer)) {
        g_string_append(text, "you kill ");
        name_of(after, e->creature, text);
        g_string_append_c(text, '.');
    } else if (sees_creature(after, view, e->creature)) {
        name_of(after, e->creature, text);
        g_string_append(text, " dies.");
    } else {
        return FALSE;
    }
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_hunger(const CavState *after, const CavEvHungerChanged *e, GString *out)
{
    static const struct {
        const char *word, *text;
    } words[] = {
        {.word = "starving", .text = "You are starving!"},
        {.word = "hungry", .text = "You feel hungry."},
        {.word = "full", .text = "You feel full."},
        {.word = "stuffed", .text = "You are stuffed."},
    };

    if (!is_player(after, e->creature))
        return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(words); i++)
        if (strcmp(words[i].word, e->word) == 0) {
            g_string_append(out, words[i].text);
            return TRUE;
        }
    return FALSE;
}

gboolean messages_hunger_hint(const CavState *after, const CavEvent *event, GString *out)
{
    g_return_val_if_fail(after != NULL && event != NULL && out != NULL, FALSE);
    if (event->type != CAV_EVENT_HUNGER_CHANGED ||
        !is_player(after, event->as.HungerChanged.creature) ||
        strcmp(event->as.HungerChanged.word, "hungry") != 0)
        return FALSE;
    g_string_append(out, " Fresh corpses are food, and so is bread.");
    return TRUE;
}

static gboolean describe_level_gained(const CavState *after, const CavView *view,
                                      const CavEvLevelGained *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (is_player(after, e->creature)) {
        g_string_append_printf(out, "You reach level %d! Choose a bonus.", e->level);
        return TRUE;
    }
    if (!sees_creature(after, view, e->creature))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, " looks more dangerous.");
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_bonus(const CavState *after, const CavEvLevelUpChosen *e, GString *out)
{
    CavBonus bonus;

    if (!is_player(after, e->creature) || !content_bonus_from_name(e->bonus, &bonus))
        return FALSE;
    g_string_append_printf(out, "You gain %+d %s.", e->amount, content_bonus_words(bonus));
    if (bonus == CAV_BONUS_HP_REGEN || bonus == CAV_BONUS_MANA_REGEN) {
        const CavCreature *c = state_creature(after, e->creature);
        gboolean hp = bonus == CAV_BONUS_HP_REGEN;
        g_string_append(out, " You now regain ");
        messages_regen_words(hp ? c->hp_regen : c->mana_regen, hp ? "hp" : "mana", out);
        g_string_append_c(out, '.');
    }
    return TRUE;
}

/* "<Creature> <verb> <item>.", with the verb in the person of the creature:
 * @mine for the player ("pick up"), @theirs for others ("picks up"). */
static gboolean describe_item_deed(const CavState *after, const CavView *view, gint32 creature,
                                   const char *mine, const char *theirs, const CavItem *item,
                                   gint32 count, MessagesArticle article, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (item == NULL || !perceives(after, view, creature))
        return FALSE;
    name_of(after, creature, text);
    g_string_append_printf(text, " %s ", is_player(after, creature) ? mine : theirs);
    messages_item_name(after, item, count, article, text);
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

/* "You pick up a dagger.", "You pick up 5 rocks.", and for a pick that
 * joins a stack already carried "You pick up more rocks (7 now)." */
static gboolean describe_picked_up(const CavState *after, const CavView *view,
                                   const CavEvItemPickedUp *e, GString *out)
{
    const CavItem *item = state_item(after, e->item);
    const CavItem *into = state_item(after, e->into);
    g_autoptr(GString) text = g_string_new(NULL);

    if (into == NULL)
        return describe_item_deed(after, view, e->creature, "pick up", "picks up", item,
                                  item != NULL ? item->count : 1, MESSAGES_A, out);
    if (!perceives(after, view, e->creature))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, is_player(after, e->creature) ? " pick up more " : " picks up more ");
    g_autoptr(GString) name = g_string_new(NULL);
    state_item_name_for(after, state_player(after), into, name);
    messages_plural(name->str, text);
    if (is_player(after, e->creature))
        g_string_append_printf(text, " (%d now)", into->count);
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

/* A dead creature's belongings fall with it: the death says enough. */
static gboolean describe_dropped(const CavState *after, const CavView *view,
                                 const CavEvItemDropped *e, GString *out)
{
    const CavCreature *c = state_creature(after, e->creature);

    if (c == NULL || !c->alive)
        return FALSE;
    return describe_item_deed(after, view, e->creature, "drop", "drops", state_item(after, e->item),
                              1, MESSAGES_A, out);
}

static gboolean describe_equipped(const CavState *after, const CavView *view, gint32 creature,
                                  gint32 item, const char *slot, gboolean on, GString *out)
{
    gboolean weapon = strcmp(slot, "weapon") == 0;
    const char *mine = on ? (weapon ? "wield" : "put on") : (weapon ? "put away" : "take off");
    const char *theirs =
        on ? (weapon ? "wields" : "puts on") : (weapon ? "puts away" : "takes off");

    return describe_item_deed(after, view, creature, mine, theirs, state_item(after, item), 1,
                              on && !is_player(after, creature) ? MESSAGES_A : MESSAGES_THE, out);
}

/* "You see here a dagger.": the player stepped onto an item; "…, on the
 * stairs down." when it lies on stairs, which the map then does not show. */
static gboolean describe_moved(const CavState *after, const CavEvCreatureMoved *e, GString *out)
{
    gint32 z;
    const CavItem *item;

    if (!is_player(after, e->creature))
        return FALSE;
    z = state_player(after)->z;
    item = state_item_at(after, z, e->x, e->y);
    if (item == NULL)
        return FALSE;
    g_string_append(out, "You see here ");
    messages_item_name(after, item, item->count, MESSAGES_A, out);
    switch (state_tile(after, z, e->x, e->y)) {
    case TILE_STAIRS_DOWN:
        g_string_append(out, ", on the stairs down");
        break;
    case TILE_STAIRS_UP:
        g_string_append(out, z == 0 ? ", on the way out" : ", on the stairs up");
        break;
    case TILE_FLOOR:
    case TILE_WALL:
    case TILE_OUTSIDE:
    default:
        break;
    }
    g_string_append_c(out, '.');
    return TRUE;
}

static gboolean describe_stairs(const CavState *after, const CavEvCreatureTookStairs *e,
                                GString *out)
{
    if (!is_player(after, e->creature))
        return FALSE;
    g_string_append_printf(out, "You climb %s to depth %d.", e->z > e->from_z ? "down" : "up",
                           e->z + 1);
    return TRUE;
}

static gboolean describe_appeared(const CavState *after, const CavView *view, const CavEvent *event,
                                  GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);
    const CavCreature *c = state_creature(after, event->as.CreatureSpawned.creature);

    if (event->turn == 0 || c == NULL || is_player(after, c->id) ||
        !sees_creature(after, view, c->id))
        return FALSE;
    g_string_append_printf(text, "%s %s appears.", messages_indefinite(c->kind), c->kind);
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_spread(const CavView *view, const CavEvFungusSpread *e, GString *out)
{
    if (!view_sees(view, e->z, e->x, e->y))
        return FALSE;
    g_string_append(out, "A fungus spreads.");
    return TRUE;
}

static gboolean describe_lost(const CavEvGameLost *e, GString *out)
{
    g_string_append_printf(out, "Game over: %s.", e->cause[0] != '\0' ? e->cause : "you died");
    return TRUE;
}

/* "You throw a dagger; it hits the goblin." "The goblin throws a rock." A
 * potion: "A red potion shatters on the zombie." */
static gboolean describe_thrown(const CavState *after, const CavView *view,
                                const CavEvItemThrown *e, GString *out)
{
    const CavItem *item = state_item(after, e->split != 0 ? e->split : e->item);
    gboolean potion = item != NULL && (item->tags & (1u << CAV_TAG_POTION));
    g_autoptr(GString) deed = g_string_new(NULL);
    g_autoptr(GString) shatters = g_string_new(NULL);

    if (item == NULL)
        return FALSE;
    if (perceives(after, view, e->creature)) {
        name_of(after, e->creature, deed);
        g_string_append(deed, is_player(after, e->creature) ? " throw " : " throws ");
        messages_item_name(after, item, 1, MESSAGES_A, deed);
        if (e->target != 0 && !potion && perceives(after, view, e->target)) {
            g_string_append(deed, "; it hits ");
            name_of(after, e->target, deed);
        }
        g_string_append_c(deed, '.');
    }
    if (potion && (view_sees(view, e->z, e->to_x, e->to_y) || is_player(after, e->target))) {
        messages_item_name(after, item, 1, MESSAGES_THE, shatters);
        g_string_append(shatters, " shatters");
        if (e->target != 0) {
            g_string_append(shatters, " on ");
            name_of(after, e->target, shatters);
        }
        g_string_append_c(shatters, '.');
    }
    if (deed->len > 0)
        sentence(out, deed->str);
    if (deed->len > 0 && shatters->len > 0)
        g_string_append(out, "  "); /* as the log joins sentences */
    if (shatters->len > 0)
        sentence(out, shatters->str);
    return deed->len > 0 || shatters->len > 0;
}

/* "You shoot the goblin." "The goblin shoots you." "You shoot and miss." */
static gboolean describe_fired(const CavState *after, const CavView *view, const CavEvShotFired *e,
                               GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (!perceives(after, view, e->creature) && !perceives(after, view, e->target))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, is_player(after, e->creature) ? " shoot" : " shoots");
    if (e->target != 0) {
        g_string_append_c(text, ' ');
        name_of(after, e->target, text);
    } else {
        g_string_append(text, " and miss");
        if (!is_player(after, e->creature))
            g_string_append_c(text, 'e');
        g_string_append_c(text, 's');
        if (is_player(after, e->creature))
            g_string_truncate(text, text->len - 1);
    }
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

/* Which of describe_effect's feelings an effect starting on @c shows, or -1
 * when nothing shows (a healing draught at full hp, mana at full mana). */
static gint effect_feeling(const CavEvEffectStarted *e, const CavCreature *c)
{
    if (e->hp > 0 && c->hp < c->max_hp)
        return 0;
    if (e->mana > 0 && c->mana < c->max_mana)
        return 1;
    if (e->xp_per_level > 0)
        return 2;
    if (e->turn_hp < 0)
        return 3;
    if (e->attack > 0 || e->defense > 0) /* inner strength heals a little too */
        return 5;
    if (e->turn_hp > 0)
        return 4;
    if (e->vision > 0)
        return 6;
    return e->detect > 0 ? 7 : -1;
}

/* How an effect shows: "You feel better." / "The goblin looks better." */
static gboolean describe_effect(const CavState *after, const CavView *view,
                                const CavEvEffectStarted *e, GString *out)
{
    static const char *const felt[][2] = {
        {"feel better", "looks better"},
        {"feel your mind clear", "looks calmer"},
        {"feel more experienced", "looks wiser"},
        {"feel sick", "looks sick"},
        {"feel a slow warmth", "looks healthier"},
        {"feel stronger", "looks stronger"},
        {"see farther", "looks sharp-eyed"},
        {"sense every creature around you", "looks watchful"},
    };
    const CavCreature *c = state_creature(after, e->creature);
    g_autoptr(GString) text = g_string_new(NULL);
    gint k;

    if (c == NULL || !perceives(after, view, e->creature))
        return FALSE;
    k = effect_feeling(e, c);
    if (k < 0 && !is_player(after, e->creature))
        return FALSE;
    name_of(after, e->creature, text);
    if (k < 0)
        g_string_append(text, " feel nothing special.");
    else
        g_string_append_printf(text, " %s.", felt[k][is_player(after, e->creature) ? 0 : 1]);
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_effect_ended(const CavState *after, const CavEvEffectEnded *e,
                                      GString *out)
{
    const CavEffect *effect = state_effect(after, e->effect);
    g_autoptr(GString) text = g_string_new("the ");

    if (effect == NULL || !is_player(after, e->creature) || effect->spec.duration <= 1 ||
        strcmp(e->reason, "wore off") != 0)
        return FALSE;
    g_string_append_printf(text, "%s wears off.", effect->name);
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_identified(const CavState *after, const CavEvItemIdentified *e,
                                    GString *out)
{
    if (!is_player(after, e->creature))
        return FALSE;
    g_string_append_printf(out, "You now know: %s potions are ", e->appearance);
    messages_plural(e->kind, out);
    g_string_append_c(out, '.');
    return TRUE;
}

/* "You cast minor heal on yourself." "You cast blink on the goblin." */
static gboolean describe_cast(const CavState *after, const CavView *view, const CavEvSpellCast *e,
                              GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (!perceives(after, view, e->creature))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append_printf(text, " %s %s on ", is_player(after, e->creature) ? "cast" : "casts",
                           e->spell);
    if (e->target == e->creature)
        g_string_append(text, is_player(after, e->creature) ? "yourself" : "itself");
    else
        name_of(after, e->target, text);
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_blinked(const CavState *after, const CavView *view,
                                 const CavEvCreatureBlinked *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (is_player(after, e->creature)) {
        g_string_append(out, "You blink to another spot.");
        return TRUE;
    }
    if (!view_sees(view, e->z, e->from_x, e->from_y) && !view_sees(view, e->z, e->x, e->y))
        return FALSE;
    name_of(after, e->creature, text);
    g_string_append(text, " blinks.");
    sentence(out, text->str);
    return TRUE;
}

static gboolean describe_summoned(const CavState *after, const CavView *view,
                                  const CavEvCreatureSummoned *e, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);

    if (!view_sees(view, e->z, e->x, e->y) && !is_player(after, e->summoner))
        return FALSE;
    g_string_append_printf(text, "%s %s appears beside ", messages_indefinite(e->kind), e->kind);
    name_of(after, e->summoner, text);
    g_string_append_c(text, '.');
    sentence(out, text->str);
    return TRUE;
}

/* Spells and naming; see messages_describe(). */
static gboolean describe_spell_event(const CavState *after, const CavView *view,
                                     const CavEvent *event, GString *out)
{
    if (event->type == CAV_EVENT_SPELL_CAST)
        return describe_cast(after, view, &event->as.SpellCast, out);
    if (event->type == CAV_EVENT_CREATURE_BLINKED)
        return describe_blinked(after, view, &event->as.CreatureBlinked, out);
    if (event->type == CAV_EVENT_CREATURE_SUMMONED)
        return describe_summoned(after, view, &event->as.CreatureSummoned, out);
    if (event->type == CAV_EVENT_MANA_DRAWN && is_player(after, event->as.ManaDrawn.creature)) {
        g_string_append_printf(out, "You turn %d hp into %d mana.", event->as.ManaDrawn.hp,
                               event->as.ManaDrawn.mana);
        return TRUE;
    }
    if (event->type == CAV_EVENT_ITEM_NAMED && is_player(after, event->as.ItemNamed.creature)) {
        if (event->as.ItemNamed.name[0] == '\0')
            g_string_append_printf(out, "You forget your name for %s potions.",
                                   event->as.ItemNamed.appearance);
        else
            g_string_append_printf(out, "You call %s potions \"%s\".",
                                   event->as.ItemNamed.appearance, event->as.ItemNamed.name);
        return TRUE;
    }
    return FALSE;
}

/* Throwing, firing, drinking and effects; see messages_describe(). */
static gboolean describe_magic_event(const CavState *after, const CavView *view,
                                     const CavEvent *event, GString *out)
{
    if (event->type == CAV_EVENT_ITEM_THROWN)
        return describe_thrown(after, view, &event->as.ItemThrown, out);
    if (event->type == CAV_EVENT_SHOT_FIRED)
        return describe_fired(after, view, &event->as.ShotFired, out);
    if (event->type == CAV_EVENT_ITEM_QUAFFED)
        return describe_item_deed(after, view, event->as.ItemQuaffed.creature, "drink", "drinks",
                                  state_item(after, event->as.ItemQuaffed.item), 1, MESSAGES_A,
                                  out);
    if (event->type == CAV_EVENT_EFFECT_STARTED)
        return describe_effect(after, view, &event->as.EffectStarted, out);
    if (event->type == CAV_EVENT_EFFECT_ENDED)
        return describe_effect_ended(after, &event->as.EffectEnded, out);
    if (event->type == CAV_EVENT_ITEM_IDENTIFIED)
        return describe_identified(after, &event->as.ItemIdentified, out);
    return FALSE;
}

/* The events about items and levels; see messages_describe(). */
static gboolean describe_item_event(const CavState *after, const CavView *view,
                                    const CavEvent *event, GString *out)
{
    switch (event->type) {
    case CAV_EVENT_ITEM_PICKED_UP:
        return describe_picked_up(after, view, &event->as.ItemPickedUp, out);
    case CAV_EVENT_ITEM_DROPPED:
        return describe_dropped(after, view, &event->as.ItemDropped, out);
    case CAV_EVENT_ITEM_EATEN:
        return describe_item_deed(after, view, event->as.ItemEaten.creature, "eat", "eats",
                                  state_item(after, event->as.ItemEaten.item), 1, MESSAGES_THE,
                                  out);
    case CAV_EVENT_ITEM_EQUIPPED:
        return describe_equipped(after, view, event->as.ItemEquipped.creature,
                                 event->as.ItemEquipped.item, event->as.ItemEquipped.slot, TRUE,
                                 out);
    case CAV_EVENT_ITEM_UNEQUIPPED:
        return describe_equipped(after, view, event->as.ItemUnequipped.creature,
                                 event->as.ItemUnequipped.item, event->as.ItemUnequipped.slot,
                                 FALSE, out);
    case CAV_EVENT_GAME_STARTED:
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_SPAWNED:
    case CAV_EVENT_CREATURE_MOVED:
    case CAV_EVENT_TILE_DUG:
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
    case CAV_EVENT_CREATURE_WAITED:
    case CAV_EVENT_FUNGUS_SPREAD:
    case CAV_EVENT_CREATURE_ATTACKED:
    case CAV_EVENT_CREATURE_HURT:
    case CAV_EVENT_CREATURE_REGENERATED:
    case CAV_EVENT_UPKEEP_APPLIED:
    case CAV_EVENT_HUNGER_CHANGED:
    case CAV_EVENT_CREATURE_OVERATE:
    case CAV_EVENT_CREATURE_DIED:
    case CAV_EVENT_XP_GAINED:
    case CAV_EVENT_LEVEL_GAINED:
    case CAV_EVENT_LEVEL_UP_CHOSEN:
    case CAV_EVENT_ITEM_SPAWNED:
    case CAV_EVENT_SPELL_DEFINED:
    case CAV_EVENT_SPELL_CAST:
    case CAV_EVENT_MANA_DRAWN:
    case CAV_EVENT_CREATURE_BLINKED:
    case CAV_EVENT_CREATURE_SUMMONED:
    case CAV_EVENT_ITEM_NAMED:
    case CAV_EVENT_APPEARANCE_ASSIGNED:
    case CAV_EVENT_ITEM_THROWN:
    case CAV_EVENT_SHOT_FIRED:
    case CAV_EVENT_ITEM_QUAFFED:
    case CAV_EVENT_EFFECT_STARTED:
    case CAV_EVENT_EFFECT_APPLIED:
    case CAV_EVENT_EFFECTS_TICKED:
    case CAV_EVENT_EFFECT_ENDED:
    case CAV_EVENT_ITEM_IDENTIFIED:
    case CAV_EVENT_GAME_WON:
    case CAV_EVENT_GAME_LOST:
    case CAV_EVENT_TYPE_COUNT:
    default:
        return FALSE;
    }
}

gboolean messages_describe(const CavState *after, const CavView *view, const CavEvent *event,
                           GString *out)
{
    g_return_val_if_fail(after != NULL && view != NULL && event != NULL && out != NULL, FALSE);
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        g_string_append(out, "You enter the caves. The teddy bear waits at depth 5.");
        return TRUE;
    case CAV_EVENT_TILE_DUG:
        if (!is_player(after, event->as.TileDug.creature))
            return FALSE;
        g_string_append(out, "You dig through the rock.");
        return TRUE;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return describe_stairs(after, &event->as.CreatureTookStairs, out);
    case CAV_EVENT_CREATURE_MOVED:
        return describe_moved(after, &event->as.CreatureMoved, out);
    case CAV_EVENT_CREATURE_SPAWNED:
        return describe_appeared(after, view, event, out);
    case CAV_EVENT_FUNGUS_SPREAD:
        return describe_spread(view, &event->as.FungusSpread, out);
    case CAV_EVENT_CREATURE_ATTACKED:
        return describe_attacked(after, view, &event->as.CreatureAttacked, out);
    case CAV_EVENT_CREATURE_HURT:
        return describe_hurt(after, view, &event->as.CreatureHurt, out);
    case CAV_EVENT_HUNGER_CHANGED:
        return describe_hunger(after, &event->as.HungerChanged, out);
    case CAV_EVENT_CREATURE_OVERATE:
        if (!is_player(after, event->as.CreatureOverate.creature))
            return FALSE;
        g_string_append(out, "You eat too much; your stomach stretches.");
        return TRUE;
    case CAV_EVENT_CREATURE_DIED:
        return describe_died(after, view, &event->as.CreatureDied, out);
    case CAV_EVENT_LEVEL_GAINED:
        return describe_level_gained(after, view, &event->as.LevelGained, out);
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        return describe_bonus(after, &event->as.LevelUpChosen, out);
    case CAV_EVENT_GAME_WON:
        g_string_append(out, "You carry the bear into the daylight. You win!");
        return TRUE;
    case CAV_EVENT_GAME_LOST:
        return describe_lost(&event->as.GameLost, out);
    case CAV_EVENT_ITEM_PICKED_UP:
    case CAV_EVENT_ITEM_DROPPED:
    case CAV_EVENT_ITEM_EATEN:
    case CAV_EVENT_ITEM_EQUIPPED:
    case CAV_EVENT_ITEM_UNEQUIPPED:
        return describe_item_event(after, view, event, out);
    case CAV_EVENT_ITEM_THROWN:
    case CAV_EVENT_SHOT_FIRED:
    case CAV_EVENT_ITEM_QUAFFED:
    case CAV_EVENT_EFFECT_STARTED:
    case CAV_EVENT_EFFECT_ENDED:
    case CAV_EVENT_ITEM_IDENTIFIED:
        return describe_magic_event(after, view, event, out);
    case CAV_EVENT_SPELL_CAST:
    case CAV_EVENT_MANA_DRAWN:
    case CAV_EVENT_CREATURE_BLINKED:
    case CAV_EVENT_CREATURE_SUMMONED:
    case CAV_EVENT_ITEM_NAMED:
        return describe_spell_event(after, view, event, out);
    case CAV_EVENT_SPELL_DEFINED:
    case CAV_EVENT_APPEARANCE_ASSIGNED:
    case CAV_EVENT_EFFECT_APPLIED:
    case CAV_EVENT_EFFECTS_TICKED:
    case CAV_EVENT_LEVEL_GENERATED:
    case CAV_EVENT_LEVEL_ROW_GENERATED:
    case CAV_EVENT_CREATURE_WAITED:
    case CAV_EVENT_CREATURE_REGENERATED:
    case CAV_EVENT_UPKEEP_APPLIED:
    case CAV_EVENT_XP_GAINED:
    case CAV_EVENT_ITEM_SPAWNED:
    case CAV_EVENT_TYPE_COUNT:
    default:
        return FALSE;
    }
}

/* ---- names -------------------------------------------------------------- */

/* Nouns whose plural is not made with -s or -es: the last word of a name. */
static const struct {
    const char *one, *many;
} irregular_plurals[] = {
    {"fungus", "fungi"},
    {"bread", "loaves of bread"},
};

/* Whether the first @len bytes of @name end in the whole word @word. */
static gboolean ends_in_word(const char *name, gsize len, const char *word)
{
    gsize n = strlen(word);

    return len >= n && memcmp(name + len - n, word, n) == 0 &&
           (len == n || name[len - n - 1] == ' ');
}

/* Append the plural of the first @len bytes of @name: its last word made plural. */
static void plural_words(const char *name, gsize len, GString *out)
{
    for (gsize i = 0; i < G_N_ELEMENTS(irregular_plurals); i++) {
        const char *one = irregular_plurals[i].one;

        if (ends_in_word(name, len, one)) {
            g_string_append_len(out, name, (gssize) (len - strlen(one)));
            g_string_append(out, irregular_plurals[i].many);
            return;
        }
    }
    g_string_append_len(out, name, (gssize) len);
    if (len > 0 && (name[len - 1] == 's' || name[len - 1] == 'x'))
        g_string_append(out, "es");
    else
        g_string_append_c(out, 's');
}

void messages_plural(const char *name, GString *out)
{
    const char *of, *called;
    gsize len;

    g_return_if_fail(name != NULL && out != NULL);
    of = strstr(name, " of ");
    called = strstr(name, " called ");
    if (of == NULL || (called != NULL && called < of))
        of = called;
    len = of != NULL ? (gsize) (of - name) : strlen(name);
    plural_words(name, len, out);
    if (of != NULL)
        g_string_append(out, of);
}

void messages_item_name(const CavState *state, const CavItem *item, gint32 count,
                        MessagesArticle article, GString *out)
{
    g_autoptr(GString) name = g_string_new(NULL);

    g_return_if_fail(state != NULL && item != NULL && out != NULL);
    if (state_item_rotten(state, item))
        g_string_append(name, "rotten ");
    state_item_name_for(state, state_player(state), item, name);
    if (count > 1) {
        g_string_append_printf(out, "%d ", count);
        messages_plural(name->str, out);
    } else if (article == MESSAGES_THE) {
        g_string_append_printf(out, "the %s", name->str);
    } else if (messages_mass_noun(name->str)) {
        g_string_append(out, name->str);
    } else {
        g_string_append_printf(out, "%s %s", messages_indefinite(name->str), name->str);
    }
}

void messages_creature_name(const CavState *state, const CavCreature *creature, GString *out)
{
    g_return_if_fail(state != NULL && creature != NULL && out != NULL);
    if (creature->id == state->player)
        g_string_append(out, "you");
    else
        g_string_append_printf(out, "the %s", creature->kind);
}

const char *messages_indefinite(const char *name)
{
    g_return_val_if_fail(name != NULL, "a");
    return name[0] != '\0' && strchr("aeiou", name[0]) != NULL ? "an" : "a";
}

gboolean messages_mass_noun(const char *name)
{
    g_return_val_if_fail(name != NULL, FALSE);
    return g_str_has_suffix(name, "mail") || ends_in_word(name, strlen(name), "bread");
}

char *messages_capitalised(const char *text)
{
    char *copy = g_strdup(text != NULL ? text : "");

    if (copy[0] != '\0')
        copy[0] = g_ascii_toupper(copy[0]);
    return copy;
}

void messages_count(gint32 n, const char *noun, GString *out)
{
    g_return_if_fail(noun != NULL && out != NULL);
    g_string_append_printf(out, "%d ", n);
    if (n == 1 || n == -1)
        g_string_append(out, noun);
    else
        messages_plural(noun, out);
}

/* Append ", " unless @out is empty (the start of a list). */
static void list_next(GString *out, gsize from)
{
    if (out->len > from)
        g_string_append(out, ", ");
}

/* The numbers an effect adds while it lasts, as "+2 attack, …". */
static void effect_modifiers(const CavEffectSpec *spec, GString *out, gsize from)
{
    const struct {
        gint32 value;
        const char *words;
    } modifiers[] = {
        {spec->attack, "attack"},
        {spec->defense, "defense"},
        {spec->vision, "vision"},
    };
    const struct {
        gint32 permille;
        const char *what;
    } regens[] = {{spec->hp_regen, "hp"}, {spec->mana_regen, "mana"}};

    for (gsize i = 0; i < G_N_ELEMENTS(modifiers); i++)
        if (modifiers[i].value != 0) {
            list_next(out, from);
            g_string_append_printf(out, "%+d %s", modifiers[i].value, modifiers[i].words);
        }
    /* "+1 hp every 100 turns": regeneration gained (or lost) */
    for (gsize i = 0; i < G_N_ELEMENTS(regens); i++)
        if (regens[i].permille != 0) {
            list_next(out, from);
            g_string_append_c(out, regens[i].permille > 0 ? '+' : '-');
            messages_regen_words(ABS(regens[i].permille), regens[i].what, out);
        }
}

void messages_effect_words(const CavEffectSpec *spec, GString *out)
{
    gsize from;

    g_return_if_fail(spec != NULL && out != NULL);
    from = out->len;
    if (spec->hp != 0)
        g_string_append_printf(out, "%+d hp", spec->hp);
    if (spec->mana != 0) {
        list_next(out, from);
        g_string_append_printf(out, "%+d mana", spec->mana);
    }
    if (spec->xp_per_level != 0) {
        list_next(out, from);
        g_string_append_printf(out, "%+d xp for each level you have", spec->xp_per_level);
    }
    if (spec->turn_hp != 0) {
        list_next(out, from);
        if (spec->turn_chance > 0 && spec->turn_chance < 100)
            g_string_append_printf(out, "a %d%% chance of ", spec->turn_chance);
        g_string_append_printf(out, "%+d hp a turn", spec->turn_hp);
    }
    effect_modifiers(spec, out, from);
    if (spec->detect != 0) {
        list_next(out, from);
        g_string_append(out, "see every creature on the level");
    }
    if (out->len == from)
        g_string_append(out, "nothing you can see");
    if (spec->duration > 1) {
        g_string_append(out, " for ");
        messages_count(spec->duration, "turn", out);
    }
}

void messages_spell_words(const CavSpell *spell, GString *out)
{
    g_return_if_fail(spell != NULL && out != NULL);
    switch (spell->special) {
    case CAV_SPECIAL_BLOOD_TO_MANA:
        g_string_append_printf(out,
                               "turn %d hp of the target into each mana, as much as there "
                               "is room for",
                               spell->hp_per_mana);
        break;
    case CAV_SPECIAL_BLINK:
        if (spell->min_range < spell->range)
            g_string_append_printf(out, "the target jumps to an open cell in view %d to ",
                                   spell->min_range);
        else
            g_string_append(out, "the target jumps to an open cell in view ");
        messages_count(spell->range, "cell", out);
        g_string_append(out, " away");
        break;
    case CAV_SPECIAL_SUMMON:
        g_string_append_printf(out, "call a hostile %s into each free cell around you",
                               spell->summon);
        break;
    case CAV_SPECIAL_NONE:
    case CAV_SPECIAL_COUNT:
    default:
        messages_effect_words(&spell->spec, out);
        break;
    }
}

const char *messages_health_words(gint32 hp, gint32 max_hp)
{
    if (hp >= max_hp)
        return "unhurt";
    if ((gint64) hp * 2 >= max_hp)
        return "wounded";
    if ((gint64) hp * 4 >= max_hp)
        return "badly wounded";
    return "nearly dead";
}

/* Append @tenths / 10 with one decimal unless it is whole: "10", "6.7". */
static void append_tenths(gint64 tenths, GString *out)
{
    if (tenths % 10 == 0)
        g_string_append_printf(out, "%" G_GINT64_FORMAT, tenths / 10);
    else
        g_string_append_printf(out, "%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT, tenths / 10,
                               tenths % 10);
}

void messages_regen_words(gint32 permille, const char *what, GString *out)
{
    gint64 tenths;

    g_return_if_fail(what != NULL && out != NULL);
    if (permille <= 0) {
        g_string_append_printf(out, "no %s", what);
        return;
    }
    if (permille >= 1000) {
        append_tenths(((gint64) permille + 50) / 100, out);
        g_string_append_printf(out, " %s a turn", what);
        return;
    }
    /* turns per point, in tenths, rounded: 10000 / permille */
    tenths = (10000 + (gint64) permille / 2) / permille;
    if (tenths <= 10) {
        g_string_append_printf(out, "1 %s a turn", what);
        return;
    }
    g_string_append_printf(out, "1 %s every ", what);
    append_tenths(tenths, out);
    g_string_append(out, " turns");
}
