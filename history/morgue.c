/* SPDX-License-Identifier: GPL-3.0-or-later */
/* morgue.c — a game's story in plain text: a projection over the checked
 * fold of its events (kills, timeline, last messages, what was learned how)
 * and the state the fold ends in (the character, the pack, the outcome). */
#include "morgue.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "checks.h"
#include "messages.h"

/* One line of the timeline. */
typedef struct {
    gint32 turn;
    guint order; /* which came first within a turn */
    char *text;
} Moment;

/* The lowest point of a spell near death. */
typedef struct {
    gint32 turn, hp, max_hp;
    guint order;
} LowPoint;

/* What the events tell beyond the final state, gathered as they are folded. */
typedef struct {
    Game *game;
    GHashTable *kills;  /* kind (owned) → count */
    GPtrArray *moments; /* of Moment, in the order noted (a low point may come late) */
    guint orders;       /* moments numbered so far */
    GQueue messages;    /* of char *: the last MORGUE_MESSAGES */
    GString *scratch;
    gint32 deepest;  /* 0-based level the player reached so far */
    gboolean low;    /* below a quarter of max hp, not yet back above half */
    LowPoint lowest; /* while @low: the lowest hp of this spell */
    gint32 learned_turn[CAV_POTION_KINDS_MAX];           /* turn the player learned look i */
    char learned_how[CAV_POTION_KINDS_MAX][CAV_STR_MAX]; /* "" while not learned */
} Projection;

static void moment_free(gpointer data)
{
    Moment *moment = data;

    g_free(moment->text);
    g_free(moment);
}

static void note_at(Projection *p, gint32 turn, guint order, char *text)
{
    Moment *moment = g_new(Moment, 1);

    moment->turn = turn;
    moment->order = order;
    moment->text = text;
    g_ptr_array_add(p->moments, moment);
}

static void note(Projection *p, gint32 turn, const char *format, ...) G_GNUC_PRINTF(3, 4);

static void note(Projection *p, gint32 turn, const char *format, ...)
{
    va_list args;
    char *text;

    va_start(args, format);
    text = g_strdup_vprintf(format, args);
    va_end(args);
    note_at(p, turn, p->orders++, text);
}

static void count_kill(Projection *p, const CavState *state, const CavEvCreatureDied *e)
{
    const CavCreature *dead = state_creature(state, e->creature);
    gpointer count;

    if (dead == NULL || e->killer == 0 || e->killer != state->player)
        return;
    count = g_hash_table_lookup(p->kills, dead->kind);
    g_hash_table_insert(p->kills, g_strdup(dead->kind),
                        GINT_TO_POINTER(GPOINTER_TO_INT(count) + 1));
}

static void learn(Projection *p, const CavState *state, const CavEvent *event)
{
    const CavEvItemIdentified *e = &event->as.ItemIdentified;
    gint32 look = state_look_index(state, e->appearance);
    g_autoptr(GString) kinds = g_string_new(NULL); /* "warrior's potions" */

    if (e->creature != state->player || look < 0)
        return;
    p->learned_turn[look] = event->turn;
    g_strlcpy(p->learned_how[look], e->how, sizeof p->learned_how[look]);
    messages_plural(e->kind, kinds);
    note(p, event->turn, "learned that %s potions are %s (%s)", e->appearance, kinds->str, e->how);
}

/* Note the lowest point of the spell near death that is ending. */
static void note_low_point(Projection *p)
{
    if (!p->low)
        return;
    p->low = FALSE;
    note_at(p, p->lowest.turn, p->lowest.order,
            g_strdup_printf("near death: %d of %d hp", p->lowest.hp, p->lowest.max_hp));
}

/* A player below a quarter of their hp is near death; once back above half
 * they can be again (so that one long fight is one moment, not many). The
 * moment is the spell's low point: the fewest hp it came to. */
static void watch_hp(Projection *p, const CavState *state, gint32 turn)
{
    const CavCreature *player = state_player(state);

    if (player == NULL || !player->alive || player->max_hp <= 0)
        return;
    if (player->hp > 0 && player->hp * 4 < player->max_hp &&
        (!p->low || player->hp < p->lowest.hp)) {
        p->low = TRUE;
        p->lowest = (LowPoint){
            .turn = turn, .hp = player->hp, .max_hp = player->max_hp, .order = p->orders++};
    } else if (p->low && player->hp * 2 >= player->max_hp) {
        note_low_point(p);
    }
}

static void remember_message(Projection *p, const CavState *state, const CavEvent *event)
{
    g_string_truncate(p->scratch, 0);
    if (!messages_describe(state, game_view(p->game), event, p->scratch))
        return;
    g_queue_push_tail(&p->messages, g_strdup(p->scratch->str));
    if (p->messages.length > MORGUE_MESSAGES)
        g_free(g_queue_pop_head(&p->messages));
}

/* The player picking up the bear (the one thing a game is about). */
static void note_bear(Projection *p, const CavState *state, const CavEvent *event)
{
    const CavEvItemPickedUp *e = &event->as.ItemPickedUp;
    const CavItem *item = state_item(state, e->item);
    const CavCreature *player = state_player(state);

    if (player != NULL && e->creature == player->id && item != NULL &&
        (item->tags & (1u << CAV_TAG_BEAR)))
        note(p, event->turn, "picked up the %s at depth %d", item->name, player->z + 1);
}

/* The timeline's moments that one event marks. */
static void mark_moment(Projection *p, const CavState *state, const CavEvent *event)
{
    gint32 player = state->player;

    switch ((gint) event->type) {
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        if (event->as.CreatureTookStairs.creature == player &&
            event->as.CreatureTookStairs.z > p->deepest) {
            p->deepest = event->as.CreatureTookStairs.z;
            note(p, event->turn, "reached depth %d", p->deepest + 1);
        }
        break;
    case CAV_EVENT_LEVEL_GAINED:
        if (event->as.LevelGained.creature == player)
            note(p, event->turn, "reached experience level %d", event->as.LevelGained.level);
        break;
    case CAV_EVENT_ITEM_IDENTIFIED:
        learn(p, state, event);
        break;
    case CAV_EVENT_CREATURE_DIED:
        count_kill(p, state, &event->as.CreatureDied);
        if (event->as.CreatureDied.creature == player)
            note(p, event->turn, "died: %s", event->as.CreatureDied.cause);
        break;
    case CAV_EVENT_ITEM_PICKED_UP:
        note_bear(p, state, event);
        break;
    case CAV_EVENT_GAME_WON:
        note(p, event->turn, "brought the bear out of the caves");
        break;
    default:
        break;
    }
}

static gboolean project(const CavEvent *event, gpointer user_data, GError **error)
{
    Projection *p = user_data;
    const CavState *state = game_state(p->game);

    (void) error;
    mark_moment(p, state, event);
    watch_hp(p, state, event->turn);
    remember_message(p, state, event);
    return TRUE;
}

/* ---- writing it out ------------------------------------------------------ */

/* The player's name, or a word for none. */
static const char *name_of(const CavState *state)
{
    return state->player_name[0] != '\0' ? state->player_name : "a nameless delver";
}

static void write_header(const CavState *state, const StoreGameInfo *info, GString *out)
{
    g_autofree char *cause = messages_capitalised(state->cause);

    g_string_append_printf(out, "cavelog — the story of %s\n\n", name_of(state));
    g_string_append_printf(out, "Seed %" G_GINT64_FORMAT ", begun %s, last played %s.\n",
                           state->seed, info->created, info->updated);
    if (state->outcome == OUTCOME_WON)
        g_string_append(out, "Won: brought the bear out of the caves.\n");
    else if (state->outcome == OUTCOME_LOST)
        g_string_append_printf(out, "Lost: %s.\n", cause);
    else
        g_string_append(out, "Still playing.\n");
    g_string_append_printf(out, "Turns: %d. Deepest: depth %d of %d. Score: %d.\n\n", state->turn,
                           state->deepest + 1, CAV_LEVELS, state_score(state));
}

static void write_character(const CavState *state, GString *out)
{
    const CavCreature *c = state_player(state);

    g_string_append(out, "Character\n");
    if (c == NULL) {
        g_string_append(out, "  (not yet in the caves)\n\n");
        return;
    }
    g_string_append_printf(out,
                           "  %s, level %d (%d xp), at depth %d of the caves\n"
                           "  hp %d/%d, attack %d, defense %d, mana %d/%d\n\n",
                           name_of(state), c->level, c->xp, c->z + 1, MAX(c->hp, 0), c->max_hp,
                           state_attack(state, c), state_defense(state, c), c->mana, c->max_mana);
}

static gint by_count(gconstpointer a, gconstpointer b, gpointer user_data)
{
    GHashTable *kills = user_data;
    gint x = GPOINTER_TO_INT(g_hash_table_lookup(kills, a));
    gint y = GPOINTER_TO_INT(g_hash_table_lookup(kills, b));

    return x != y ? y - x : strcmp(a, b);
}

static void write_kills(const Projection *p, const CavState *state, GString *out)
{
    const CavCreature *c = state_player(state);
    GList *kinds = g_list_sort_with_data(g_hash_table_get_keys(p->kills), by_count, p->kills);

    g_string_append_printf(out, "Kills: %d\n", c != NULL ? c->kills : 0);
    for (GList *k = kinds; k != NULL; k = k->next) {
        gint count = GPOINTER_TO_INT(g_hash_table_lookup(p->kills, k->data));

        g_string_append_printf(out, "  %4d ", count);
        if (count == 1)
            g_string_append(out, (const char *) k->data);
        else
            messages_plural((const char *) k->data, out);
        g_string_append_c(out, '\n');
    }
    g_list_free(kinds);
    g_string_append_c(out, '\n');
}

static void write_pack(const CavState *state, GString *out)
{
    const CavCreature *c = state_player(state);
    gint32 used = c != NULL ? state_pack_used(c) : 0;

    g_string_append_printf(out, "Pack: %d of %d slots\n", used, CAV_PACK_SLOTS);
    for (gint32 slot = 0; c != NULL && slot < CAV_PACK_SLOTS; slot++) {
        const CavItem *item = state_item(state, c->pack[slot]);
        if (item == NULL || item->count == 0)
            continue;
        g_string_append_printf(out, "  %c) ", 'a' + slot);
        messages_item_name(state, item, item->count, MESSAGES_A, out);
        if (item->id == c->weapon)
            g_string_append(out, " (wielded)");
        if (item->id == c->armour)
            g_string_append(out, " (worn)");
        g_string_append_c(out, '\n');
    }
    g_string_append_c(out, '\n');
}

static void write_potions(const Projection *p, const CavState *state, GString *out)
{
    g_string_append(out, "Potions\n");
    for (gint32 i = 0; i < state->look_count; i++) {
        const CavPotionLook *look = &state->looks[i];
        g_string_append_printf(out, "  %-10s ", look->appearance);
        if (p->learned_how[i][0] != '\0')
            g_string_append_printf(out, "%s: learned on turn %d (%s)", look->kind,
                                   p->learned_turn[i], p->learned_how[i]);
        else
            g_string_append(out, "not identified");
        if (look->called[0] != '\0')
            g_string_append_printf(out, ", called \"%s\"", look->called);
        g_string_append_c(out, '\n');
    }
    g_string_append_c(out, '\n');
}

static gint by_time(gconstpointer a, gconstpointer b)
{
    const Moment *x = *(const Moment *const *) a, *y = *(const Moment *const *) b;

    if (x->turn != y->turn)
        return x->turn < y->turn ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static void write_story(Projection *p, GString *out)
{
    note_low_point(p); /* a spell near death the game ended in */
    g_ptr_array_sort(p->moments, by_time);
    g_string_append(out, "Timeline\n");
    for (guint i = 0; i < p->moments->len; i++) {
        const Moment *moment = g_ptr_array_index(p->moments, i);
        g_string_append_printf(out, "  turn %6d  %s\n", moment->turn, moment->text);
    }
    if (p->moments->len == 0)
        g_string_append(out, "  (nothing of note)\n");
    g_string_append_printf(out, "\nLast messages\n");
    for (GList *m = p->messages.head; m != NULL; m = m->next)
        g_string_append_printf(out, "  %s\n", (const char *) m->data);
}

/* Control characters (a name is the player's own text) as '?', so that the
 * report prints safely on a terminal. */
static void make_printable(GString *text, gsize from)
{
    for (gsize i = from; i < text->len; i++)
        if (((guchar) text->str[i] < 0x20 && text->str[i] != '\n') || text->str[i] == 0x7f)
            text->str[i] = '?';
}

static void projection_clear(Projection *p)
{
    game_free(p->game);
    g_hash_table_unref(p->kills);
    g_ptr_array_unref(p->moments);
    g_string_free(p->scratch, TRUE);
    g_queue_clear_full(&p->messages, g_free);
}

gboolean morgue_describe(Store *store, GString *out, GError **error)
{
    Projection p = {
        .game = game_new(NULL),
        .kills = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
        .moments = g_ptr_array_new_with_free_func(moment_free),
        .scratch = g_string_new(NULL),
    };
    StoreGameInfo info = {0};
    gsize from = out->len;
    gboolean ok;

    g_return_val_if_fail(store != NULL && out != NULL, FALSE);
    g_queue_init(&p.messages);
    ok = store_read_info(store, &info, error) && checks_fold(store, p.game, project, &p, error);
    if (ok) {
        const CavState *state = game_state(p.game);
        write_header(state, &info, out);
        write_character(state, out);
        write_kills(&p, state, out);
        write_pack(state, out);
        write_potions(&p, state, out);
        write_story(&p, out);
        make_printable(out, from);
    }
    store_game_info_clear(&info);
    projection_clear(&p);
    return ok;
}

char *morgue_path_for(const char *game_path)
{
    g_return_val_if_fail(game_path != NULL, NULL);
    static const char *const endings[] = {".cavelog", ".cavelog.gz", ".cavepack"};
    gsize stem = strlen(game_path);

    for (guint i = 0; i < G_N_ELEMENTS(endings); i++)
        if (g_str_has_suffix(game_path, endings[i]))
            stem = strlen(game_path) - strlen(endings[i]);
    return g_strdup_printf("%.*s.morgue.txt", (int) stem, game_path);
}

gboolean morgue_write(Store *store, const char *path, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    GStatBuf info;
    /* A device or a pipe (or a link to one) is written into, never
     * replaced by a file renamed over it (/dev/stdout, /dev/full). */
    gboolean in_place =
        g_stat(path, &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);

    g_return_val_if_fail(store != NULL && path != NULL, FALSE);
    return morgue_describe(store, text, error) &&
           g_file_set_contents_full(
               path, text->str, (gssize) text->len,
               in_place ? G_FILE_SET_CONTENTS_NONE : G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}
