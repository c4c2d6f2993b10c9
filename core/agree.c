/* SPDX-License-Identifier: GPL-3.0-or-later */
/* agree.c — what one event of a turn says about another, and about the
 * game's data, in every game the rules play (decide.c, policies.c,
 * effects.c write these events; this file reads them back): the command and
 * the player's action, a death and what killed, a spawn and its kind. */
#include "agree.h"

#include "effects.h"
#include "rules-private.h"

#include <string.h>

static gboolean disagree(char **why, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean disagree(char **why, const char *format, ...)
{
    va_list args;

    if (why != NULL) {
        va_start(args, format);
        *why = g_strdup_vprintf(format, args);
        va_end(args);
    }
    return FALSE;
}

/* ---- the command and the player's action -------------------------------- */

static gboolean at(const CavCreature *c, gint32 z, gint32 x, gint32 y)
{
    return c != NULL && c->z == z && c->x == x && c->y == y;
}

/* A move: a step, a blow or a dig toward (dx, dy). */
static gboolean move_agrees(const CavState *state, const CavCreature *p, const CavCommand *command,
                            const CavEvent *e)
{
    gint32 x = p->x + command->dx, y = p->y + command->dy;

    switch ((gint) e->type) {
    case CAV_EVENT_CREATURE_MOVED:
        return e->as.CreatureMoved.creature == p->id && e->as.CreatureMoved.z == p->z &&
               e->as.CreatureMoved.from_x == p->x && e->as.CreatureMoved.from_y == p->y &&
               e->as.CreatureMoved.x == x && e->as.CreatureMoved.y == y;
    case CAV_EVENT_TILE_DUG:
        return e->as.TileDug.creature == p->id && e->as.TileDug.z == p->z && e->as.TileDug.x == x &&
               e->as.TileDug.y == y;
    case CAV_EVENT_CREATURE_ATTACKED:
        return e->as.CreatureAttacked.creature == p->id &&
               at(state_creature(state, e->as.CreatureAttacked.target), p->z, x, y);
    default:
        return FALSE;
    }
}

/* Stairs down (@dz 1) or up (-1); up from level 1 ends the game. */
static gboolean stairs_agree(const CavCreature *p, gint32 dz, const CavEvent *e)
{
    gboolean exit = dz < 0 && p->z == 0;

    switch ((gint) e->type) {
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return !exit && e->as.CreatureTookStairs.creature == p->id &&
               e->as.CreatureTookStairs.from_z == p->z && e->as.CreatureTookStairs.z == p->z + dz;
    case CAV_EVENT_GAME_WON:
        return exit && e->as.GameWon.creature == p->id;
    case CAV_EVENT_GAME_LOST:
        return exit && e->as.GameLost.creature == p->id &&
               strcmp(e->as.GameLost.cause, RULES_FLED_CAUSE) == 0;
    default:
        return FALSE;
    }
}

/* A command on an item of the pack: the event names that item. */
static gboolean item_agrees(const CavCommand *c, const CavEvent *e)
{
    switch ((gint) c->kind) {
    case CMD_DROP:
        return e->type == CAV_EVENT_ITEM_DROPPED && e->as.ItemDropped.item == c->item;
    case CMD_EAT:
        return e->type == CAV_EVENT_ITEM_EATEN && e->as.ItemEaten.item == c->item;
    case CMD_EQUIP:
        return (e->type == CAV_EVENT_ITEM_EQUIPPED && e->as.ItemEquipped.item == c->item) ||
               (e->type == CAV_EVENT_ITEM_UNEQUIPPED && e->as.ItemUnequipped.item == c->item);
    case CMD_QUAFF:
        return e->type == CAV_EVENT_ITEM_QUAFFED && e->as.ItemQuaffed.item == c->item;
    case CMD_THROW:
        return e->type == CAV_EVENT_ITEM_THROWN && e->as.ItemThrown.item == c->item &&
               e->as.ItemThrown.aim_x == c->x && e->as.ItemThrown.aim_y == c->y;
    case CMD_CAST:
        return e->type == CAV_EVENT_SPELL_CAST && e->as.SpellCast.item == c->item &&
               strcmp(e->as.SpellCast.spell, c->word) == 0;
    default:
        return FALSE;
    }
}

static gboolean action_agrees(const CavState *state, const CavCreature *p, const CavCommand *c,
                              const CavEvent *e)
{
    switch ((gint) c->kind) {
    case CMD_WAIT:
        return e->type == CAV_EVENT_CREATURE_WAITED && e->as.CreatureWaited.creature == p->id;
    case CMD_MOVE:
        return move_agrees(state, p, c, e);
    case CMD_DESCEND:
    case CMD_ASCEND:
        return stairs_agree(p, c->kind == CMD_DESCEND ? 1 : -1, e);
    case CMD_PICKUP:
        return e->type == CAV_EVENT_ITEM_PICKED_UP && e->as.ItemPickedUp.creature == p->id;
    case CMD_FIRE:
        return e->type == CAV_EVENT_SHOT_FIRED && e->as.ShotFired.aim_x == c->x &&
               e->as.ShotFired.aim_y == c->y;
    case CMD_CHOOSE:
        return e->type == CAV_EVENT_LEVEL_UP_CHOSEN && c->bonus >= 0 &&
               c->bonus < CAV_BONUS_COUNT &&
               strcmp(e->as.LevelUpChosen.bonus, content_bonus_name((CavBonus) c->bonus)) == 0;
    case CMD_NAME:
        return e->type == CAV_EVENT_ITEM_NAMED &&
               strcmp(e->as.ItemNamed.appearance, c->word) == 0 &&
               strcmp(e->as.ItemNamed.name, c->text) == 0;
    default:
        return item_agrees(c, e);
    }
}

gboolean agree_command(const CavState *state, const CavCommand *command, const CavEvent *first,
                       char **why)
{
    const CavCreature *player;
    g_autoptr(GString) json = g_string_new(NULL);

    g_return_val_if_fail(state != NULL && command != NULL && first != NULL, FALSE);
    player = state_player(state);
    if (player != NULL && first->cause == 0 && first->actor == player->id &&
        action_agrees(state, player, command, first))
        return TRUE;
    command_to_json(command, json);
    return disagree(why,
                    "its command %s is not what its first event %" G_GINT64_FORMAT " (%s) does",
                    json->str, first->seq, ev_type_name(first->type));
}

/* ---- causes --------------------------------------------------------------- */

/* A missile's death: thrown (the flying part of a stack) or shot. */
static gboolean missile_death(const CavState *state, const CavEvent *cause, gint32 *victim,
                              gint32 *killer, GString *text)
{
    gboolean thrown = cause->type == CAV_EVENT_ITEM_THROWN;
    const CavEvItemThrown *t = &cause->as.ItemThrown;
    const CavCreature *by;

    *victim = thrown ? t->target : cause->as.ShotFired.target;
    *killer = thrown ? t->creature : cause->as.ShotFired.creature;
    by = state_creature(state, *killer);
    if (by == NULL)
        return FALSE;
    effects_missile_cause(
        state, by, thrown ? (t->split != 0 ? t->split : t->item) : cause->as.ShotFired.item, text);
    return TRUE;
}

/* The death the rules write for @cause (NULL: starving, the only death
 * decided without a cause): its victim, killer and text. FALSE when no rule
 * kills in answer to an event of that type. */
static gboolean death_for(const CavState *state, const CavEvent *died, const CavEvent *cause,
                          gint32 *victim, gint32 *killer, GString *text)
{
    const CavCreature *by;
    const CavEffect *effect;

    *killer = 0;
    switch (cause != NULL ? (gint) cause->type : -1) {
    case -1:
        *victim = state->player;
        g_string_append(text, "starved");
        return TRUE;
    case CAV_EVENT_CREATURE_ATTACKED:
        *victim = cause->as.CreatureAttacked.target;
        *killer = cause->as.CreatureAttacked.creature;
        by = state_creature(state, *killer);
        g_string_append(text, "killed by ");
        rules_article(by != NULL ? by->kind : "", text);
        return by != NULL;
    case CAV_EVENT_CREATURE_HURT:
        *victim = cause->as.CreatureHurt.creature;
        g_string_append(text, cause->as.CreatureHurt.cause);
        return TRUE;
    case CAV_EVENT_ITEM_THROWN:
    case CAV_EVENT_SHOT_FIRED:
        return missile_death(state, cause, victim, killer, text);
    case CAV_EVENT_EFFECT_APPLIED:
        effect = state_effect(state, cause->as.EffectApplied.effect);
        *victim = cause->as.EffectApplied.creature;
        g_string_append(text, effect != NULL ? effect->name : "");
        return effect != NULL;
    case CAV_EVENT_EFFECTS_TICKED:
        *victim = died->as.CreatureDied.creature;
        by = state_creature(state, *victim);
        g_string_append(text, by != NULL ? effects_harm_of(state, by) : "");
        return by != NULL;
    default:
        return FALSE;
    }
}

static gboolean died_agrees(const CavState *state, const CavEvent *event, const CavEvent *cause,
                            char **why)
{
    const CavEvCreatureDied *e = &event->as.CreatureDied;
    g_autoptr(GString) text = g_string_new(NULL);
    gint32 victim = 0, killer = 0;

    if (!death_for(state, event, cause, &victim, &killer, text))
        return disagree(why, "no rule kills in answer to event %" G_GINT64_FORMAT " (%s)",
                        event->cause, cause != NULL ? ev_type_name(cause->type) : "none");
    if (e->creature == victim && e->killer == killer && strcmp(e->cause, text->str) == 0)
        return TRUE;
    if (cause == NULL)
        return disagree(why,
                        "the death of creature %d (“%s”) names no cause; only starving "
                        "kills without one",
                        e->creature, e->cause);
    return disagree(why,
                    "its cause, event %" G_GINT64_FORMAT " (%s), kills creature %d (killer %d) "
                    "“%s”, not creature %d (killer %d) “%s”",
                    event->cause, ev_type_name(cause->type), victim, killer, text->str, e->creature,
                    e->killer, e->cause);
}

/* A lost game: the player's death, in its words, or the exit without the bear. */
static gboolean lost_agrees(const CavEvent *event, const CavEvent *cause, char **why)
{
    const char *text = RULES_FLED_CAUSE;

    if (cause != NULL && (cause->type != CAV_EVENT_CREATURE_DIED ||
                          cause->as.CreatureDied.creature != event->as.GameLost.creature))
        return disagree(why,
                        "its cause, event %" G_GINT64_FORMAT " (%s), is not the player's death",
                        event->cause, ev_type_name(cause->type));
    if (cause != NULL)
        text = cause->as.CreatureDied.cause;
    if (strcmp(event->as.GameLost.cause, text) != 0)
        return disagree(why, "it says “%s” where the rules write “%s”", event->as.GameLost.cause,
                        text);
    return TRUE;
}

/* Xp: the killer's from a death, or the drinker's from an effect. */
static gboolean xp_agrees(const CavEvent *event, const CavEvent *cause, char **why)
{
    gint32 to = event->as.XpGained.creature;

    if (cause != NULL && cause->type == CAV_EVENT_CREATURE_DIED &&
        cause->as.CreatureDied.killer == to)
        return TRUE;
    if (cause != NULL && cause->type == CAV_EVENT_EFFECT_STARTED &&
        cause->as.EffectStarted.creature == to)
        return TRUE;
    return disagree(why,
                    "no rule gives creature %d xp in answer to event %" G_GINT64_FORMAT " (%s)", to,
                    event->cause, cause != NULL ? ev_type_name(cause->type) : "none");
}

gboolean agree_cause(const CavState *state, const CavEvent *event, const CavEvent *cause,
                     char **why)
{
    g_return_val_if_fail(state != NULL && event != NULL, FALSE);
    switch ((gint) event->type) {
    case CAV_EVENT_CREATURE_DIED:
        return died_agrees(state, event, cause, why);
    case CAV_EVENT_GAME_LOST:
        return lost_agrees(event, cause, why);
    case CAV_EVENT_XP_GAINED:
        return xp_agrees(event, cause, why);
    default:
        return TRUE;
    }
}

/* ---- the game's data ------------------------------------------------------ */

/* Whether field @f of @a and @b holds the same value, as
 * ev_append_field_value would print it (text up to its NUL). */
static gboolean same_value(const CavEvent *a, const CavEvent *b, const CavFieldInfo *f)
{
    const char *x = (const char *) &a->as + f->offset;
    const char *y = (const char *) &b->as + f->offset;

    switch (f->kind) {
    case CAV_FIELD_I32:
        return memcmp(x, y, sizeof(gint32)) == 0;
    case CAV_FIELD_I64:
        return memcmp(x, y, sizeof(gint64)) == 0;
    case CAV_FIELD_STR:
    case CAV_FIELD_ROW:
        return strncmp(x, y, f->size) == 0;
    }
    return FALSE;
}

/* Whether @a (stored) and @b (what the data gives, of one type) agree;
 * if not, the first field that differs is described in @what. */
static gboolean same_fields(const CavEvent *a, const CavEvent *b, GString *what)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(a->type, &fields);

    for (guint i = 0; i < n; i++) {
        if (same_value(a, b, &fields[i]))
            continue; /* the common case, without printing */
        g_autoptr(GString) x = g_string_new(NULL);
        g_autoptr(GString) y = g_string_new(NULL);
        ev_append_field_value(a, &fields[i], x);
        ev_append_field_value(b, &fields[i], y);
        if (strcmp(x->str, y->str) == 0)
            continue;
        g_string_append_printf(what, "its %s is not what the game's data gives", fields[i].name);
        if (fields[i].kind == CAV_FIELD_I32 || fields[i].kind == CAV_FIELD_I64)
            g_string_append_printf(what, ": %s, the data %s", x->str, y->str);
        return FALSE;
    }
    return TRUE;
}

/* The name @name of a kind, type or spell the game's data lacks, in @what. */
static gboolean missing(GString *what, const char *of, const char *name)
{
    g_string_append_printf(what, "the game's data has no %s “%s”", of, name);
    return FALSE;
}

/* A new creature (spawned or summoned, read as spawned) against its kind. */
static gboolean creature_agrees(const CavContent *content, const CavEvCreatureSpawned *e,
                                GString *what)
{
    const CavCreatureKind *kind = content_creature_kind(content, e->kind);
    CavEvent stored = ev_init(CAV_EVENT_CREATURE_SPAWNED), expected;

    if (kind == NULL)
        return missing(what, "creature", e->kind);
    stored.as.CreatureSpawned = *e;
    expected = rules_creature_spawned(kind, e->creature, e->z, e->x, e->y);
    return same_fields(&stored, &expected, what);
}

/* A new item against its type; its look (a potion's colour) and, for a
 * corpse, its name, colour and food come from the game, not the type. */
static gboolean item_agrees_with_type(const CavContent *content, const CavEvItemSpawned *e,
                                      GString *what)
{
    const CavItemType *type = content_item_type(content, e->type);
    CavEvent stored = ev_init(CAV_EVENT_ITEM_SPAWNED), expected;

    if (type == NULL)
        return missing(what, "item type", e->type);
    stored.as.ItemSpawned = *e;
    expected = rules_item_spawned(type, e->item, e->holder, e->z, e->x, e->y);
    EV_SET_STR(expected.as.ItemSpawned.colour, e->colour);
    if (strcmp(e->type, "corpse") == 0) {
        EV_SET_STR(expected.as.ItemSpawned.name, e->name);
        expected.as.ItemSpawned.food = e->food;
    }
    return same_fields(&stored, &expected, what);
}

/* A spell as the game defines it against the spell of that name and book. */
static gboolean spell_agrees(const CavContent *content, const CavEvent *e, GString *what)
{
    const CavSpellKind *spells;
    guint n = content_spells(content, &spells);

    for (guint i = 0; i < n; i++) {
        CavEvent expected = rules_spell_defined(&spells[i]);
        if (strcmp(spells[i].name, e->as.SpellDefined.spell) == 0 &&
            strcmp(spells[i].book, e->as.SpellDefined.book) == 0)
            return same_fields(e, &expected, what);
    }
    return missing(what, "spell", e->as.SpellDefined.spell);
}

/* A potion's effect, given its look (drawn by the game), against its type. */
static gboolean look_agrees(const CavContent *content, const CavEvent *e, GString *what)
{
    const CavItemType *type = content_item_type(content, e->as.AppearanceAssigned.kind);
    CavAppearanceLook look;
    CavEvent expected;

    if (type == NULL)
        return missing(what, "item type", e->as.AppearanceAssigned.kind);
    g_strlcpy(look.name, e->as.AppearanceAssigned.appearance, sizeof look.name);
    g_strlcpy(look.colour, e->as.AppearanceAssigned.colour, sizeof look.colour);
    expected = rules_look_assigned(type, &look);
    return same_fields(e, &expected, what);
}

/* Whether @event agrees with @content (see agree_content); if not, why in @what. */
static gboolean data_agrees(const CavContent *content, const CavEvent *event, GString *what)
{
    CavEvCreatureSpawned summoned;

    switch ((gint) event->type) {
    case CAV_EVENT_CREATURE_SPAWNED:
        return creature_agrees(content, &event->as.CreatureSpawned, what);
    case CAV_EVENT_CREATURE_SUMMONED:
        memcpy(&summoned, &event->as.CreatureSummoned, sizeof summoned);
        return creature_agrees(content, &summoned, what);
    case CAV_EVENT_ITEM_SPAWNED:
        return item_agrees_with_type(content, &event->as.ItemSpawned, what);
    case CAV_EVENT_SPELL_DEFINED:
        return spell_agrees(content, event, what);
    case CAV_EVENT_APPEARANCE_ASSIGNED:
        return look_agrees(content, event, what);
    default:
        return TRUE;
    }
}

gboolean agree_content(const CavContent *content, const CavEvent *event, char **why)
{
    g_autoptr(GString) what = g_string_new(NULL);

    g_return_val_if_fail(content != NULL && event != NULL, FALSE);
    return data_agrees(content, event, what) || disagree(why, "%s", what->str);
}
