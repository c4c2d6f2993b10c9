/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-say.c — telling the game as lines: the messages of the events (the
 * message log's own wording, messages.h, from the state and view of the
 * moment each happened), then the status where it changed since it was last
 * told. Every line goes out clean: no control character reaches the reader. */
#include "text-private.h"

#include <string.h>

#include "messages.h"
#include "shown.h"
#include "rules.h"

static TextHeard *text_heard_new(gint32 turn, const char *line)
{
    TextHeard *heard = g_new(TextHeard, 1);

    heard->turn = turn;
    heard->text = g_strdup(line);
    return heard;
}

static void text_heard_add(Text *text, gint32 turn, const char *line)
{
    g_ptr_array_add(text->heard, text_heard_new(turn, line));
    g_ptr_array_add(text->history, text_heard_new(turn, line));
    if (text->history->len > TEXT_HISTORY_MAX)
        g_ptr_array_remove_index(text->history, 0);
}

static void text_describe(Text *text, const CavState *state, const CavView *view,
                          const CavEvent *event)
{
    g_autoptr(GString) line = g_string_new(NULL);

    text_note_drunk(&text->drunk, state, view, event);
    if (!messages_describe(state, view, event, line) || line->len == 0)
        return;
    if (!text->hunger_hinted)
        text->hunger_hinted = messages_hunger_hint(state, event, line);
    text_heard_add(text, event->turn, line->str);
}

void text_hear(Text *text, const CavEvent *event)
{
    if (text->state != NULL) {
        text_describe(text, text->state, text->sight, event);
        if (text->watch != NULL)
            travel_watch_event(text->watch, text->state, event);
        return;
    }
    if (text->shadow == NULL) {
        text->shadow = state_new();
        text->shadow_view = g_new(CavView, 1);
        view_init(text->shadow_view);
    }
    if (text->narrate_from >= 0 && event->turn != text->shadow->turn)
        text_narrate_turn(text);
    evolve(text->shadow, event);
    view_apply(text->shadow_view, text->shadow, event);
    text_describe(text, text->shadow, text->shadow_view, event);
}

void text_narrate_turn(Text *text)
{
    g_autoptr(GString) status = g_string_new(NULL);
    g_autoptr(GPtrArray) news = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *heading = NULL;

    if (text->shadow == NULL || text->shadow->turn < text->narrate_from) {
        text_forget(text);
        return;
    }
    if (state_player(text->shadow) != NULL)
        text_news_creatures(text, text->shadow, text->shadow_view, news);
    text_status_changes(text->shadow, &text->status, status);
    if (text->heard->len == 0 && status->len == 0 && news->len == 0)
        return;
    heading = g_strdup_printf("Turn %d.", text->shadow->turn);
    text_say(text, heading);
    for (guint i = 0; i < text->heard->len; i++)
        text_say(text, ((TextHeard *) text->heard->pdata[i])->text);
    text_forget(text);
    for (guint i = 0; i < news->len; i++)
        text_say(text, news->pdata[i]);
    if (status->len > 0)
        text_say(text, status->str);
}

void text_hear_note(Text *text, const char *line)
{
    text_heard_add(text, text->state != NULL ? text->state->turn : 0, line);
}

void text_forget(Text *text)
{
    g_ptr_array_set_size(text->heard, 0);
}

void text_say(Text *text, const char *line)
{
    /* Escaped as everywhere (shown.h): not only C0 and DEL, but C1 (a CSI
     * of its own), bidi controls and bytes that are not UTF-8. */
    g_autofree char *clean = ev_shown(line);

    /* Output that cannot be written (a reader gone: EPIPE; a full disk)
     * ends the game as the input's end does: saved, in order. */
    if (fprintf(text->out, "%s\n", clean) < 0 || fflush(text->out) != 0)
        text->lost = TRUE;
}

/* The names of the effects on the player, joined by ", ". */
static void text_effect_names(const CavState *state, const CavCreature *player, GString *out)
{
    for (gint32 id = 1; id <= state->effect_count; id++) {
        const CavEffect *effect = state_effect(state, id);

        if (effect == NULL || !effect->active || effect->creature != player->id)
            continue;
        g_string_append_printf(out, "%s%s", out->len > 0 ? ", " : "", effect->name);
    }
}

void text_status_words(const CavState *state, GString *out)
{
    const CavCreature *player = state_player(state);

    if (player == NULL)
        return;
    g_string_append_printf(out, "HP %d of %d, mana %d of %d", MAX(player->hp, 0), player->max_hp,
                           player->mana, player->max_mana);
    if (player->hunger[0] != '\0')
        g_string_append_printf(out, ", %s", player->hunger);
    g_string_append_printf(out, ", level %d, depth %d, turn %d.", player->level, player->z + 1,
                           state->turn);
}

/* Append one part of the changes, comma-separated, capitalised first. */
static void text_status_part(GString *out, const char *part)
{
    if (out->len == 0) {
        g_string_append_c(out, g_ascii_toupper(part[0]));
        g_string_append(out, part + 1);
    } else {
        g_string_append_printf(out, ", %s", part);
    }
}

static TextStatus text_status_now(const CavState *state, const CavCreature *player)
{
    TextStatus now = {.known = TRUE};
    g_autoptr(GString) effects = g_string_new(NULL);

    now.hp = MAX(player->hp, 0);
    now.max_hp = player->max_hp;
    now.mana = player->mana;
    now.max_mana = player->max_mana;
    now.level = player->level;
    now.depth = player->z + 1;
    g_strlcpy(now.hunger, player->hunger, sizeof now.hunger);
    text_effect_names(state, player, effects);
    g_strlcpy(now.effects, effects->str, sizeof now.effects);
    return now;
}

void text_status_changes(const CavState *state, TextStatus *told, GString *out)
{
    const CavCreature *player = state_player(state);
    g_autoptr(GString) parts = g_string_new(NULL);
    g_autofree char *part = NULL;
    TextStatus now;

    if (player == NULL)
        return;
    now = text_status_now(state, player);
    if (!told->known || now.hp != told->hp || now.max_hp != told->max_hp)
        text_status_part(parts, (part = g_strdup_printf("HP %d of %d", now.hp, now.max_hp)));
    g_clear_pointer(&part, g_free);
    if (!told->known || now.mana != told->mana || now.max_mana != told->max_mana)
        text_status_part(parts, (part = g_strdup_printf("mana %d of %d", now.mana, now.max_mana)));
    if (strcmp(now.hunger, told->hunger) != 0)
        text_status_part(parts, now.hunger[0] != '\0' ? now.hunger : "not hungry");
    if (strcmp(now.effects, told->effects) != 0)
        text_status_part(parts, now.effects[0] != '\0' ? now.effects : "no effects");
    *told = now;
    if (parts->len > 0)
        g_string_append_printf(out, "%s.", parts->str);
}

/* "You see 3 fungi, the nearest 2 east." for the @count new creatures of
 * @nearest's kind. Caller frees. */
static char *text_news_line(const CavState *state, const CavCreature *nearest, guint count)
{
    const CavCreature *player = state_player(state);
    GString *line = g_string_new("You see ");

    if (count == 1) {
        text_ask_creature(state, nearest, line);
    } else {
        g_string_append_printf(line, "%u ", count);
        messages_plural(nearest->kind, line);
        g_string_append(line, ", the nearest ");
        text_ask_direction(nearest->x - player->x, nearest->y - player->y, line);
    }
    g_string_append_c(line, '.');
    return g_string_free(line, FALSE);
}

void text_news_creatures(Text *text, const CavState *state, const CavView *view, GPtrArray *lines)
{
    g_autoptr(GArray) ids = text_menu_targets(state, view);
    g_autoptr(GHashTable) told = g_hash_table_new(g_str_hash, g_str_equal);
    guint8 now[CAV_CREATURES_MAX + 1] = {0};

    for (guint i = 0; i < ids->len; i++)
        now[g_array_index(ids, gint32, i)] = 1;
    for (guint i = 0; i < ids->len; i++) {
        const CavCreature *c = state_creature(state, g_array_index(ids, gint32, i));
        guint count = 0;

        if (text->in_view[c->id] || g_hash_table_contains(told, c->kind))
            continue;
        g_hash_table_add(told, (gpointer) c->kind);
        for (guint j = i; j < ids->len; j++) {
            const CavCreature *other = state_creature(state, g_array_index(ids, gint32, j));
            count += !text->in_view[other->id] && g_str_equal(other->kind, c->kind);
        }
        g_ptr_array_add(lines, text_news_line(state, c, count));
    }
    memcpy(text->in_view, now, sizeof now);
}

void text_tell(Text *text)
{
    g_autoptr(GString) status = g_string_new(NULL);

    g_ptr_array_set_size(text->last, 0);
    for (guint i = 0; i < text->heard->len; i++) {
        const TextHeard *heard = text->heard->pdata[i];
        g_ptr_array_add(text->last, g_strdup(heard->text));
    }
    text_forget(text);
    if (text->state != NULL)
        text_news_creatures(text, text->state, text->sight, text->last);
    if (text->state != NULL)
        text_status_changes(text->state, &text->status, status);
    if (status->len > 0)
        g_ptr_array_add(text->last, g_strdup(status->str));
    for (guint i = 0; i < text->last->len; i++)
        text_say(text, text->last->pdata[i]);
}
