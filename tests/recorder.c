/* SPDX-License-Identifier: GPL-3.0-or-later */
/* recorder.c — compact event tokens for stream assertions in tests. */
#include "recorder.h"

struct Recorder {
    Bus *bus;
    guint subscription;
    gboolean with_rows;
    GString *text;
};

void recorder_token(const CavEvent *e, GString *out)
{
    switch (e->type) {
    case CAV_EVENT_GAME_STARTED:
        g_string_append_printf(out, "started(%" G_GINT64_FORMAT ")", e->as.GameStarted.seed);
        break;
    case CAV_EVENT_LEVEL_GENERATED:
        g_string_append_printf(out, "level(%d)", e->as.LevelGenerated.z);
        break;
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        g_string_append_printf(out, "row(%d,%d)", e->as.LevelRowGenerated.z,
                               e->as.LevelRowGenerated.y);
        break;
    case CAV_EVENT_CREATURE_SPAWNED:
        g_string_append_printf(out, "spawned(%s c%d %d:%d,%d)", e->as.CreatureSpawned.kind,
                               e->as.CreatureSpawned.creature, e->as.CreatureSpawned.z,
                               e->as.CreatureSpawned.x, e->as.CreatureSpawned.y);
        break;
    case CAV_EVENT_CREATURE_MOVED:
        g_string_append_printf(out, "moved(c%d %d,%d>%d,%d)", e->as.CreatureMoved.creature,
                               e->as.CreatureMoved.from_x, e->as.CreatureMoved.from_y,
                               e->as.CreatureMoved.x, e->as.CreatureMoved.y);
        break;
    case CAV_EVENT_TILE_DUG:
        g_string_append_printf(out, "dug(%d,%d)", e->as.TileDug.x, e->as.TileDug.y);
        break;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        g_string_append_printf(out, "stairs(c%d %d>%d)", e->as.CreatureTookStairs.creature,
                               e->as.CreatureTookStairs.from_z, e->as.CreatureTookStairs.z);
        break;
    case CAV_EVENT_CREATURE_WAITED:
        g_string_append_printf(out, "waited(c%d)", e->as.CreatureWaited.creature);
        break;
    case CAV_EVENT_FUNGUS_SPREAD:
        g_string_append_printf(out, "spread(c%d>c%d %d,%d col%d)", e->as.FungusSpread.parent,
                               e->as.FungusSpread.child, e->as.FungusSpread.x, e->as.FungusSpread.y,
                               e->as.FungusSpread.colony);
        break;
    case CAV_EVENT_CREATURE_ATTACKED:
        g_string_append_printf(out, "attacked(c%d>c%d %d)", e->as.CreatureAttacked.creature,
                               e->as.CreatureAttacked.target, e->as.CreatureAttacked.damage);
        break;
    case CAV_EVENT_CREATURE_HURT:
        g_string_append_printf(out, "hurt(c%d %d,%s)", e->as.CreatureHurt.creature,
                               e->as.CreatureHurt.damage, e->as.CreatureHurt.cause);
        break;
    case CAV_EVENT_CREATURE_REGENERATED:
        g_string_append_printf(out, "regen(c%d +%d,+%d)", e->as.CreatureRegenerated.creature,
                               e->as.CreatureRegenerated.hp, e->as.CreatureRegenerated.mana);
        break;
    case CAV_EVENT_UPKEEP_APPLIED:
        g_string_append_printf(out, "upkeep(%d)", e->as.UpkeepApplied.z);
        break;
    case CAV_EVENT_HUNGER_CHANGED:
        g_string_append_printf(out, "hunger(c%d,%s)", e->as.HungerChanged.creature,
                               e->as.HungerChanged.word);
        break;
    case CAV_EVENT_CREATURE_OVERATE:
        g_string_append_printf(out, "overate(c%d,%d)", e->as.CreatureOverate.creature,
                               e->as.CreatureOverate.max_food);
        break;
    case CAV_EVENT_CREATURE_DIED:
        g_string_append_printf(out, "died(c%d,%s)", e->as.CreatureDied.creature,
                               e->as.CreatureDied.cause);
        break;
    case CAV_EVENT_XP_GAINED:
        g_string_append_printf(out, "xp(c%d +%d)", e->as.XpGained.creature, e->as.XpGained.amount);
        break;
    case CAV_EVENT_LEVEL_GAINED:
        g_string_append_printf(out, "levelled(c%d %d)", e->as.LevelGained.creature,
                               e->as.LevelGained.level);
        break;
    case CAV_EVENT_LEVEL_UP_CHOSEN:
        g_string_append_printf(out, "chose(c%d %s)", e->as.LevelUpChosen.creature,
                               e->as.LevelUpChosen.bonus);
        break;
    case CAV_EVENT_ITEM_SPAWNED:
        g_string_append_printf(out, "item(i%d %s", e->as.ItemSpawned.item, e->as.ItemSpawned.name);
        if (e->as.ItemSpawned.holder != 0)
            g_string_append_printf(out, " @c%d)", e->as.ItemSpawned.holder);
        else
            g_string_append_printf(out, " %d,%d)", e->as.ItemSpawned.x, e->as.ItemSpawned.y);
        break;
    case CAV_EVENT_ITEM_PICKED_UP:
        g_string_append_printf(out, "picked(c%d i%d", e->as.ItemPickedUp.creature,
                               e->as.ItemPickedUp.item);
        if (e->as.ItemPickedUp.into != 0)
            g_string_append_printf(out, ">i%d", e->as.ItemPickedUp.into);
        g_string_append_c(out, ')');
        break;
    case CAV_EVENT_ITEM_DROPPED:
        g_string_append_printf(out, "dropped(c%d i%d", e->as.ItemDropped.creature,
                               e->as.ItemDropped.item);
        if (e->as.ItemDropped.split != 0)
            g_string_append_printf(out, "/i%d", e->as.ItemDropped.split);
        if (e->as.ItemDropped.into != 0)
            g_string_append_printf(out, ">i%d", e->as.ItemDropped.into);
        g_string_append_printf(out, " %d,%d)", e->as.ItemDropped.x, e->as.ItemDropped.y);
        break;
    case CAV_EVENT_ITEM_EATEN:
        g_string_append_printf(out, "ate(c%d i%d %d)", e->as.ItemEaten.creature,
                               e->as.ItemEaten.item, e->as.ItemEaten.food);
        break;
    case CAV_EVENT_ITEM_EQUIPPED:
        g_string_append_printf(out, "equipped(c%d i%d %s)", e->as.ItemEquipped.creature,
                               e->as.ItemEquipped.item, e->as.ItemEquipped.slot);
        break;
    case CAV_EVENT_ITEM_UNEQUIPPED:
        g_string_append_printf(out, "unequipped(c%d i%d)", e->as.ItemUnequipped.creature,
                               e->as.ItemUnequipped.item);
        break;
    case CAV_EVENT_APPEARANCE_ASSIGNED:
        g_string_append_printf(out, "look(%s=%s)", e->as.AppearanceAssigned.kind,
                               e->as.AppearanceAssigned.appearance);
        break;
    case CAV_EVENT_ITEM_THROWN:
        g_string_append_printf(out, "thrown(c%d i%d", e->as.ItemThrown.creature,
                               e->as.ItemThrown.item);
        if (e->as.ItemThrown.split != 0)
            g_string_append_printf(out, "/i%d", e->as.ItemThrown.split);
        if (e->as.ItemThrown.target != 0)
            g_string_append_printf(out, ">c%d %d", e->as.ItemThrown.target,
                                   e->as.ItemThrown.damage);
        g_string_append_printf(out, " %d,%d)", e->as.ItemThrown.x, e->as.ItemThrown.y);
        break;
    case CAV_EVENT_SHOT_FIRED:
        g_string_append_printf(out, "fired(c%d i%d", e->as.ShotFired.creature,
                               e->as.ShotFired.item);
        if (e->as.ShotFired.target != 0)
            g_string_append_printf(out, ">c%d %d", e->as.ShotFired.target, e->as.ShotFired.damage);
        g_string_append_printf(out, " %d,%d)", e->as.ShotFired.to_x, e->as.ShotFired.to_y);
        break;
    case CAV_EVENT_ITEM_QUAFFED:
        g_string_append_printf(out, "quaffed(c%d i%d)", e->as.ItemQuaffed.creature,
                               e->as.ItemQuaffed.item);
        break;
    case CAV_EVENT_EFFECT_STARTED:
        g_string_append_printf(out, "effect(e%d %s c%d %d)", e->as.EffectStarted.effect,
                               e->as.EffectStarted.name, e->as.EffectStarted.creature,
                               e->as.EffectStarted.duration);
        break;
    case CAV_EVENT_EFFECT_APPLIED:
        g_string_append_printf(out, "applied(e%d c%d %+d,%+d)", e->as.EffectApplied.effect,
                               e->as.EffectApplied.creature, e->as.EffectApplied.hp,
                               e->as.EffectApplied.mana);
        break;
    case CAV_EVENT_EFFECTS_TICKED:
        g_string_append_printf(out, "ticked(%d x%d)", e->as.EffectsTicked.z,
                               e->as.EffectsTicked.effects);
        break;
    case CAV_EVENT_EFFECT_ENDED:
        g_string_append_printf(out, "ended(e%d c%d %s)", e->as.EffectEnded.effect,
                               e->as.EffectEnded.creature, e->as.EffectEnded.reason);
        break;
    case CAV_EVENT_SPELL_DEFINED:
        g_string_append_printf(out, "spell(%s)", e->as.SpellDefined.spell);
        break;
    case CAV_EVENT_SPELL_CAST:
        g_string_append_printf(out, "cast(c%d %s>c%d -%d)", e->as.SpellCast.creature,
                               e->as.SpellCast.spell, e->as.SpellCast.target, e->as.SpellCast.cost);
        break;
    case CAV_EVENT_MANA_DRAWN:
        g_string_append_printf(out, "drawn(c%d %d>%d)", e->as.ManaDrawn.creature,
                               e->as.ManaDrawn.hp, e->as.ManaDrawn.mana);
        break;
    case CAV_EVENT_CREATURE_BLINKED:
        g_string_append_printf(out, "blinked(c%d %d,%d>%d,%d)", e->as.CreatureBlinked.creature,
                               e->as.CreatureBlinked.from_x, e->as.CreatureBlinked.from_y,
                               e->as.CreatureBlinked.x, e->as.CreatureBlinked.y);
        break;
    case CAV_EVENT_CREATURE_SUMMONED:
        g_string_append_printf(out, "summoned(%s c%d %d,%d by c%d)", e->as.CreatureSummoned.kind,
                               e->as.CreatureSummoned.creature, e->as.CreatureSummoned.x,
                               e->as.CreatureSummoned.y, e->as.CreatureSummoned.summoner);
        break;
    case CAV_EVENT_ITEM_NAMED:
        g_string_append_printf(out, "named(c%d %s=%s)", e->as.ItemNamed.creature,
                               e->as.ItemNamed.appearance, e->as.ItemNamed.name);
        break;
    case CAV_EVENT_ITEM_IDENTIFIED:
        g_string_append_printf(out, "identified(c%d %s=%s %s)", e->as.ItemIdentified.creature,
                               e->as.ItemIdentified.appearance, e->as.ItemIdentified.kind,
                               e->as.ItemIdentified.how);
        break;
    case CAV_EVENT_GAME_WON:
        g_string_append_printf(out, "won(c%d)", e->as.GameWon.creature);
        break;
    case CAV_EVENT_GAME_LOST:
        g_string_append_printf(out, "lost(c%d,%s)", e->as.GameLost.creature, e->as.GameLost.cause);
        break;
    case CAV_EVENT_TYPE_COUNT:
    default:
        g_string_append(out, "?");
        break;
    }
}

static void on_event(const CavEvent *event, gpointer user_data)
{
    Recorder *r = user_data;

    if (event->type == CAV_EVENT_LEVEL_ROW_GENERATED && !r->with_rows)
        return;
    if (r->text->len > 0)
        g_string_append_c(r->text, ' ');
    recorder_token(event, r->text);
}

Recorder *recorder_new(Bus *bus, gboolean with_rows)
{
    Recorder *r = g_new0(Recorder, 1);

    r->bus = bus;
    r->with_rows = with_rows;
    r->text = g_string_new(NULL);
    r->subscription = bus_subscribe_all(bus, on_event, r);
    return r;
}

void recorder_free(Recorder *r)
{
    if (r == NULL)
        return;
    bus_unsubscribe(r->bus, r->subscription);
    g_string_free(r->text, TRUE);
    g_free(r);
}

char *recorder_take(Recorder *r)
{
    char *text = g_strdup(r->text->str);

    g_string_truncate(r->text, 0);
    return text;
}
