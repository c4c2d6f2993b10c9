/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-why.c — why an event happened: the chain of causes within its
 * turn back to the player's command or a creature's own decision, what put
 * an attacker next to its target, the hp a victim lost over the turns
 * before; and "why did I die" from the GameLost event. */
#include "analysis-private.h"

#include "command.h"

#include <string.h>

static AnalysisNode *node_new(AnalysisNodeKind kind, gint64 seq, gint32 turn, char *text)
{
    AnalysisNode *node = g_new0(AnalysisNode, 1);

    node->kind = kind;
    node->seq = seq;
    node->turn = turn;
    node->text = text;
    node->children = g_ptr_array_new_with_free_func((GDestroyNotify) analysis_node_free);
    return node;
}

void analysis_node_free(AnalysisNode *node)
{
    if (node == NULL)
        return;
    g_free(node->text);
    g_ptr_array_unref(node->children);
    g_free(node);
}

static AnalysisNode *add(AnalysisNode *parent, AnalysisNode *child)
{
    g_ptr_array_add(parent->children, child);
    return child;
}

static AnalysisNode *group_new(const char *text)
{
    return node_new(ANALYSIS_NODE_GROUP, 0, 0, g_strdup(text));
}

/* Event @seq, decoded into @out. */
static gboolean read_event(History *history, gint64 seq, CavEvent *out, GError **error)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));

    if (!history_read(history, seq, seq, events, error))
        return FALSE;
    *out = g_array_index(events, CavEvent, 0);
    return TRUE;
}

static AnalysisNode *event_node(History *history, const CavEvent *event)
{
    GString *text = g_string_new(NULL);
    AnalysisNode *node;

    g_string_printf(text, "#%" G_GINT64_FORMAT " ", event->seq);
    history_summary(history, event, text);
    node = node_new(ANALYSIS_NODE_EVENT, event->seq, event->turn, g_string_free(text, FALSE));
    node->creature = event->actor;
    return node;
}

/* ---- commands ------------------------------------------------------------------- */

static void append_command(const History *history, const CavCommand *c, GString *out)
{
    static const char *const verbs[] = {
        [CMD_START] = "start",  [CMD_MOVE] = "move",
        [CMD_WAIT] = "wait",    [CMD_DESCEND] = "go down",
        [CMD_ASCEND] = "go up", [CMD_PICKUP] = "pick up",
        [CMD_DROP] = "drop",    [CMD_EAT] = "eat",
        [CMD_EQUIP] = "equip",  [CMD_CHOOSE] = "choose a bonus",
        [CMD_THROW] = "throw",  [CMD_FIRE] = "fire",
        [CMD_QUAFF] = "quaff",  [CMD_CAST] = "cast",
        [CMD_NAME] = "name",
    };

    g_string_append(out, verbs[c->kind]);
    if (c->kind == CMD_MOVE)
        g_string_append_printf(out, " (%+d,%+d)", c->dx, c->dy);
    if (c->item != 0) {
        g_string_append_c(out, ' ');
        history_append_name(history, CAV_REF_ITEM, c->item, out);
    }
    if (c->word[0] != '\0')
        g_string_append_printf(out, " %s", c->word);
    if (c->kind == CMD_THROW || c->kind == CMD_FIRE || c->kind == CMD_CAST)
        g_string_append_printf(out, " at (%d,%d)", c->x, c->y);
}

static AnalysisNode *command_node(History *history, gint32 turn, GError **error)
{
    g_autofree char *json = history_turn_command(history, turn, error);
    CavCommand command;
    GString *text = g_string_new(NULL);
    AnalysisNode *node;

    if (json == NULL) {
        g_string_free(text, TRUE);
        return NULL;
    }
    g_string_printf(text, "turn %d: you chose to ", turn);
    if (command_from_json(json, &command, NULL))
        append_command(history, &command, text);
    g_string_append_printf(text, " — %s", json);
    node = node_new(ANALYSIS_NODE_COMMAND, history_turn_start(history, turn), turn,
                    g_string_free(text, FALSE));
    node->creature = history_last_state(history)->player;
    return node;
}

/* ---- what put a creature where it stood ------------------------------------------------ */

static gboolean places(const CavEvent *event, gint32 creature)
{
    CavEventType t = event->type;

    if (t == CAV_EVENT_CREATURE_MOVED)
        return event->as.CreatureMoved.creature == creature;
    if (t == CAV_EVENT_CREATURE_BLINKED)
        return event->as.CreatureBlinked.creature == creature;
    if (t == CAV_EVENT_CREATURE_TOOK_STAIRS)
        return event->as.CreatureTookStairs.creature == creature;
    if (t == CAV_EVENT_CREATURE_SPAWNED)
        return event->as.CreatureSpawned.creature == creature;
    if (t == CAV_EVENT_CREATURE_SUMMONED)
        return event->as.CreatureSummoned.creature == creature;
    if (t == CAV_EVENT_FUNGUS_SPREAD)
        return event->as.FungusSpread.child == creature;
    return FALSE;
}

/* A PLACED node for the last event before @seq that put @creature where it
 * stands; NULL when none (or on error, with *@error set). */
static AnalysisNode *placed_node(History *history, gint32 creature, gint64 seq, GError **error)
{
    for (gint64 s = seq - 1; s >= 1; s--) {
        CavEvent event;
        if (!history_entry_names(history_entry(history, s), CAV_REF_CREATURE, creature))
            continue;
        if (!read_event(history, s, &event, error))
            return NULL;
        if (places(&event, creature)) {
            AnalysisNode *node = event_node(history, &event);
            node->kind = ANALYSIS_NODE_PLACED;
            node->creature = creature;
            return node;
        }
    }
    return NULL;
}

/* The creature @event hits or hurts, or 0. */
static gint32 victim_of(const CavEvent *event)
{
    CavEventType t = event->type;

    if (t == CAV_EVENT_CREATURE_ATTACKED)
        return event->as.CreatureAttacked.target;
    if (t == CAV_EVENT_SHOT_FIRED)
        return event->as.ShotFired.target;
    if (t == CAV_EVENT_ITEM_THROWN)
        return event->as.ItemThrown.target;
    if (t == CAV_EVENT_SPELL_CAST)
        return event->as.SpellCast.target;
    if (t == CAV_EVENT_CREATURE_HURT)
        return event->as.CreatureHurt.creature;
    if (t == CAV_EVENT_CREATURE_DIED)
        return event->as.CreatureDied.creature;
    if (t == CAV_EVENT_EFFECT_APPLIED)
        return event->as.EffectApplied.creature;
    if (t == CAV_EVENT_GAME_LOST)
        return event->as.GameLost.creature;
    return 0;
}

/* Under @origin (the COMMAND or DECISION behind @first), what put @first's
 * actor and its victim where they stood, when @first is one creature's blow
 * at another beside it (a melee attack; not a spell on oneself, a throw or a
 * shot from afar). */
static gboolean add_placements(History *history, AnalysisNode *origin, const CavEvent *first,
                               GError **error)
{
    gint32 ids[2] = {first->actor, victim_of(first)};
    GError *local = NULL;

    if (first->type != CAV_EVENT_CREATURE_ATTACKED || ids[0] == 0 || ids[1] == ids[0])
        return TRUE;
    for (guint i = 0; i < G_N_ELEMENTS(ids); i++) {
        AnalysisNode *placed =
            ids[i] != 0 ? placed_node(history, ids[i], first->seq, &local) : NULL;
        if (local != NULL) {
            g_propagate_error(error, local);
            return FALSE;
        }
        if (placed != NULL)
            add(origin, placed);
    }
    return TRUE;
}

/* ---- the cause chain ----------------------------------------------------------------- */

static AnalysisNode *origin_node(History *history, const CavEvent *first, GError **error)
{
    gint32 player = history_last_state(history)->player;
    AnalysisNode *node;
    GString *text;

    if (first->actor != 0 && first->actor == player && first->turn > 0)
        node = command_node(history, first->turn, error);
    else {
        text = g_string_new(NULL);
        if (first->actor != 0) {
            history_append_name(history, CAV_REF_CREATURE, first->actor, text);
            g_string_append_printf(text, " decided this on its own in turn %d", first->turn);
        } else {
            g_string_printf(text,
                            first->turn == 0 ? "the game's setup (turn 0)"
                                             : "time passing in turn %d (upkeep, effects)",
                            first->turn);
        }
        node =
            node_new(ANALYSIS_NODE_DECISION, first->seq, first->turn, g_string_free(text, FALSE));
        node->creature = first->actor;
    }
    if (node != NULL && !add_placements(history, node, first, error))
        g_clear_pointer(&node, analysis_node_free);
    return node;
}

/* Hang under @node the chain of causes of @event: EVENT → EVENT … → the
 * COMMAND or DECISION that started it. */
static gboolean add_chain(History *history, AnalysisNode *node, const CavEvent *event,
                          GError **error)
{
    CavEvent current = *event;

    while (current.cause != 0) {
        if (!read_event(history, current.cause, &current, error))
            return FALSE;
        node = add(node, event_node(history, &current));
    }
    AnalysisNode *origin = origin_node(history, &current, error);
    if (origin == NULL)
        return FALSE;
    add(node, origin);
    return TRUE;
}

/* The first seq of the turn @turns before @turn (at least turn 1). */
static gint64 window_start(const History *history, gint32 turn, gint32 turns)
{
    gint64 start = history_turn_start(history, MAX(1, turn - turns + 1));

    return start > 0 ? start - 1 : 0;
}

/* A GROUP of @creature's hp changes over the @turns turns up to @seq. */
static AnalysisNode *hp_group(History *history, gint32 creature, gint64 seq, gint32 turn,
                              gint32 turns, GError **error)
{
    g_autoptr(GArray) changes =
        analysis_origins(history, creature, ANALYSIS_FIELD_HP,
                         MIN(seq, window_start(history, turn, turns)), seq, error);
    GString *title = g_string_new(NULL);
    AnalysisNode *group;

    if (changes == NULL) {
        g_string_free(title, TRUE);
        return NULL;
    }
    g_string_append(title, "hp of ");
    history_append_name(history, CAV_REF_CREATURE, creature, title);
    g_string_append_printf(title, " over the last %d turn%s", turns, turns == 1 ? "" : "s");
    group = node_new(ANALYSIS_NODE_GROUP, 0, 0, g_string_free(title, FALSE));
    for (guint i = 0; i < changes->len; i++) {
        const AnalysisChange *change = &g_array_index(changes, AnalysisChange, i);
        CavEvent event;
        if (!read_event(history, change->seq, &event, error)) {
            analysis_node_free(group);
            return NULL;
        }
        AnalysisNode *node = add(group, event_node(history, &event));
        node->kind = ANALYSIS_NODE_HP_CHANGE;
        node->creature = creature;
        node->value = change->after;
        g_autofree char *line = node->text;
        node->text = g_strdup_printf("%s → hp %" G_GINT64_FORMAT, line, change->after);
    }
    return group;
}

AnalysisNode *analysis_why(History *history, gint64 seq, gint32 turns, GError **error)
{
    g_autoptr(AnalysisNode) root = NULL;
    CavEvent event;
    gint32 victim;

    g_return_val_if_fail(history != NULL && 1 <= seq && seq <= history_length(history), NULL);
    if (!read_event(history, seq, &event, error))
        return NULL;
    root = event_node(history, &event);
    if (!add_chain(history, root, &event, error))
        return NULL;
    victim = victim_of(&event);
    if (victim != 0 && event.type != CAV_EVENT_SPELL_CAST) {
        AnalysisNode *group = hp_group(history, victim, seq, event.turn, turns, error);
        if (group == NULL)
            return NULL;
        add(root, group);
    }
    return g_steal_pointer(&root);
}

/* ---- why did I die ------------------------------------------------------------------ */

/* Whether an effect gives hp back, at once or over time. */
static gboolean heals(const CavEffectSpec *spec)
{
    return spec->hp > 0 || (spec->turn_hp > 0 && spec->duration > 0);
}

/* Whether @spell of a book could have saved @player: it heals or gets
 * away (blink), and the player had the mana to cast it. */
static gboolean spell_helps(const CavSpell *spell, const CavCreature *player)
{
    return spell->cost <= player->mana &&
           (heals(&spell->spec) || spell->special == CAV_SPECIAL_BLINK);
}

/* Whether @item, in @player's pack before the death, could have helped:
 * a potion that heals (known or not: drinking it would have), food when
 * the death was starving, a book with a spell that heals or escapes and
 * the mana to cast it. Not food otherwise, nor a book out of reach. */
static gboolean may_help(const CavState *state, const CavCreature *player, const CavItem *item,
                         gboolean starved)
{
    const CavPotionLook *look;

    if (item == NULL || item->count <= 0)
        return FALSE;
    if (item->tags & (1u << CAV_TAG_FOOD))
        return starved;
    if (item->tags & (1u << CAV_TAG_POTION))
        return (look = state_look_of_kind(state, item->type)) != NULL && heals(&look->spec);
    if (item->tags & (1u << CAV_TAG_BOOK))
        for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++)
            if (strcmp(state->spells[i].book, item->type) == 0 &&
                spell_helps(&state->spells[i], player))
                return TRUE;
    return FALSE;
}

/* The spells of book @item that could have helped: " (minor heal, 4 mana; …)". */
static void append_spells(const CavState *state, const CavCreature *player, const CavItem *item,
                          GString *text)
{
    const char *joint = " (";

    for (gint32 i = 0; i < state->spell_count && i < CAV_SPELLS_MAX; i++) {
        const CavSpell *spell = &state->spells[i];
        if (strcmp(spell->book, item->type) != 0 || !spell_helps(spell, player))
            continue;
        g_string_append_printf(text, "%s%s, %d mana", joint, spell->name, spell->cost);
        joint = "; ";
    }
    g_string_append(text, ")");
}

static AnalysisNode *item_node(const CavState *state, const CavCreature *player,
                               const CavItem *item)
{
    GString *text = g_string_new(NULL);
    AnalysisNode *node;

    g_string_append_printf(text, "%d ", item->count);
    state_item_name_for(state, player, item, text);
    if (item->tags & (1u << CAV_TAG_POTION))
        g_string_append_printf(
            text, state_knows_item(state, player, item) ? " (known)" : " (unknown: it was %s)",
            item->type);
    if (item->tags & (1u << CAV_TAG_FOOD))
        g_string_append_printf(text, " (food %d)", item->food);
    if (item->tags & (1u << CAV_TAG_BOOK))
        append_spells(state, player, item, text);
    node = node_new(ANALYSIS_NODE_ITEM, 0, 0, g_string_free(text, FALSE));
    node->item = item->id;
    node->creature = player->id;
    return node;
}

/* A GROUP of what the player carried, before event @seq, that could have
 * helped (@starved: the death was starving). */
static AnalysisNode *pack_group(History *history, gint64 seq, gboolean starved, GError **error)
{
    g_autofree CavState *state = analysis_state_at(history, seq - 1, error);
    const CavCreature *player;
    AnalysisNode *group;
    gboolean carried = FALSE;

    if (state == NULL)
        return NULL;
    group = group_new("In your pack");
    player = state_player(state);
    for (gint32 slot = 0; player != NULL && slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, player->pack[slot]);
        carried |= item != NULL && item->count > 0;
        if (may_help(state, player, item, starved))
            add(group, item_node(state, player, item));
    }
    if (group->children->len == 0) {
        g_free(group->text);
        group->text = g_strdup(carried ? "In your pack: nothing that could have helped"
                                       : "In your pack: nothing (it was empty)");
    }
    return group;
}

static AnalysisNode *commands_group(History *history, gint32 turn, gint32 turns, GError **error)
{
    AnalysisNode *group = group_new("Your commands");

    for (gint32 t = turn; t >= MAX(1, turn - turns + 1); t--) {
        AnalysisNode *command = command_node(history, t, error);
        if (command == NULL) {
            analysis_node_free(group);
            return NULL;
        }
        add(group, command);
    }
    return group;
}

static gboolean add_died_groups(History *history, AnalysisNode *root, const CavEvent *lost,
                                gint32 turns, GError **error)
{
    AnalysisNode *blow = add(root, group_new("Killing blow"));
    gint64 died = lost->cause != 0 ? lost->cause : lost->seq;
    CavEvent death;
    AnalysisNode *group;
    gboolean starved;

    if (!read_event(history, died, &death, error))
        return FALSE;
    if (!add_chain(history, add(blow, event_node(history, &death)), &death, error))
        return FALSE;
    group = hp_group(history, lost->as.GameLost.creature, lost->seq, lost->turn, turns, error);
    if (group == NULL)
        return FALSE;
    add(root, group);
    if ((group = commands_group(history, lost->turn, turns, error)) == NULL)
        return FALSE;
    add(root, group);
    starved = death.type == CAV_EVENT_CREATURE_DIED &&
              strcmp(death.as.CreatureDied.cause, "starved") == 0;
    if ((group = pack_group(history, died, starved, error)) == NULL)
        return FALSE;
    add(root, group);
    return TRUE;
}

AnalysisNode *analysis_why_died(History *history, gint64 seq, gint32 turns, GError **error)
{
    g_autoptr(AnalysisNode) root = NULL;
    CavEvent lost;

    g_return_val_if_fail(history != NULL && 1 <= seq && seq <= history_length(history), NULL);
    if (!read_event(history, seq, &lost, error))
        return NULL;
    if (lost.type != CAV_EVENT_GAME_LOST) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    "event %" G_GINT64_FORMAT " is not the end of a lost game", seq);
        return NULL;
    }
    root = event_node(history, &lost);
    if (!add_died_groups(history, root, &lost, turns, error))
        return NULL;
    return g_steal_pointer(&root);
}

static void dump(const AnalysisNode *node, guint depth, GString *out)
{
    static const char *const kinds[] = {
        [ANALYSIS_NODE_EVENT] = "event",       [ANALYSIS_NODE_COMMAND] = "command",
        [ANALYSIS_NODE_DECISION] = "decision", [ANALYSIS_NODE_PLACED] = "placed",
        [ANALYSIS_NODE_HP_CHANGE] = "hp",      [ANALYSIS_NODE_ITEM] = "item",
        [ANALYSIS_NODE_GROUP] = "group",
    };

    for (guint i = 0; i < depth; i++)
        g_string_append(out, "  ");
    g_string_append_printf(out, "%s: %s\n", kinds[node->kind], node->text);
    for (guint i = 0; i < node->children->len; i++)
        dump(g_ptr_array_index(node->children, i), depth + 1, out);
}

void analysis_node_dump(const AnalysisNode *node, GString *out)
{
    g_return_if_fail(node != NULL && out != NULL);
    dump(node, 0, out);
}
