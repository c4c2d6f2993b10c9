/* SPDX-License-Identifier: GPL-3.0-or-later */
/* history.c — snapshots plus folding: the state at any event of a game, an
 * index of every event, and following a file that is still being written. */
#include "history.h"

#include "shown.h"

#include "checks.h"
#include "game.h"
#include "seal.h"
#include "rules.h"
#include "store.h"

#include <gio/gio.h>
#include <string.h>

#define HISTORY_DEFAULT_EVERY 2048
/* With the default, a long game keeps about this many snapshots (each a
 * whole state, ~270 kB): the interval grows with the game, up to
 * HISTORY_MAX_EVERY events (a seek folds at most that many: a few ms). */
#define HISTORY_DEFAULT_SHOTS 128
#define HISTORY_MAX_EVERY 16384
#define HISTORY_PROGRESS_EVERY 16384

/* The state and the player's view after event index × every. */
typedef struct {
    GBytes *state;
    CavView *view;
} Shot;

/* The player at the end of a turn, for conditions on the player's state. */
typedef struct {
    gint32 hp, max_hp, mp, max_mp, food, max_food, xp, kills;
    gint16 depth, level;
} TurnFacts;

struct History {
    char *path;
    Store *store;
    gint64 every;                       /* events between snapshots */
    GArray *shots;                      /* of Shot: shots[i] is after event i × every */
    GArray *entries;                    /* of HistoryEntry: entries[seq - 1] */
    GArray *turn_start;                 /* of gint64: the first seq of each turn */
    GArray *turn_facts;                 /* of TurnFacts: the player at each turn's end */
    GPtrArray *names[CAV_REF_ITEM + 1]; /* of char *: kind or name by id */
    CavState *state;                    /* the current state (seeks) */
    CavView *view;
    CavState *last; /* the state after the newest event (updates) */
    CavView *last_view;
    gsize shot_bytes;
    /* the player's knowledge, for the player's view: when each look of
     * potion became known (G_MAXINT64: never), and each item's look */
    gint64 learned[CAV_POTION_KINDS_MAX];
    guint32 known;       /* the looks the player knows after the newest event */
    GByteArray *looks;   /* by item id: 0 for none, else the look's index + 1 */
    GArray *depths_seen; /* of gint64: the first event after which the player stood on depth i */
};

static void shot_clear(gpointer data)
{
    Shot *shot = data;

    g_bytes_unref(shot->state);
    g_free(shot->view);
}

static void add_shot(History *h, const CavState *state, const CavView *view)
{
    Shot shot = {.state = state_snapshot(state), .view = g_memdup2(view, sizeof *view)};

    h->shot_bytes += g_bytes_get_size(shot.state) + sizeof *view;
    g_array_append_val(h->shots, shot);
}

/* The name of entity @ref in @after, or NULL: a creature's kind; an item's
 * name, and for a potion its look as well ("cyan potion (potion of poison)"),
 * since the inspector tells the whole truth. Caller frees. */
static char *entity_name(const CavRef *ref, const CavState *after)
{
    const CavCreature *creature;
    const CavItem *item;
    const CavPotionLook *look;

    if (ref->kind == CAV_REF_CREATURE) {
        creature = state_creature(after, ref->id);
        return creature != NULL ? g_strdup(creature->kind) : NULL;
    }
    item = state_item(after, ref->id);
    if (item == NULL)
        return NULL;
    look = state_look_of_kind(after, item->type);
    if (look != NULL)
        return g_strdup_printf("%s potion (%s)", look->appearance, item->name);
    return g_strdup(item->name);
}

/* Remember which look item @id has, if a potion's. */
static void learn_look(History *h, guint id, const CavState *after)
{
    const CavItem *item = state_item(after, (gint32) id);
    const CavPotionLook *look = item != NULL ? state_look_of_kind(after, item->type) : NULL;

    if (look == NULL)
        return;
    if (id >= h->looks->len)
        g_byte_array_set_size(h->looks, id + 1); /* zeroed: see history_alloc */
    h->looks->data[id] = (guint8) (look - after->looks + 1);
}

/* Remember the names of the entities in @refs (an event's) that are new,
 * from @after. */
static void learn_names(History *h, const CavRef *refs, guint n, const CavState *after)
{
    for (guint i = 0; i < n; i++) {
        GPtrArray *names = h->names[refs[i].kind];
        guint id = (guint) refs[i].id;
        char *name;

        if (id < names->len && names->pdata[id] != NULL)
            continue;
        name = entity_name(&refs[i], after);
        if (name == NULL)
            continue;
        if (id >= names->len)
            g_ptr_array_set_size(names, (gint) id + 1);
        names->pdata[id] = name;
        if (refs[i].kind == CAV_REF_ITEM)
            learn_look(h, id, after);
    }
}

/* What the player knows after @seq: the looks newly known, the depth
 * newly stood on. */
static void note_knowledge(History *h, gint64 seq, const CavState *after)
{
    const CavCreature *player = state_player(after);
    gint64 never = G_MAXINT64;

    if (player == NULL)
        return;
    for (gint32 i = 0; i < CAV_POTION_KINDS_MAX && player->known != h->known; i++) {
        if ((player->known & ~h->known & (1u << i)) != 0)
            h->learned[i] = seq;
    }
    h->known |= player->known;
    while (h->depths_seen->len <= (guint) player->z)
        g_array_append_val(h->depths_seen, never);
    if (g_array_index(h->depths_seen, gint64, player->z) == never)
        g_array_index(h->depths_seen, gint64, player->z) = seq;
}

/* Index @event (just evolved into @after, with @view beside it). */
/* FNV-1a over @len bytes at @at, continuing @sum, eight bytes a step (a
 * checksum kept in memory only: opening a million events sums each once). */
static guint64 sum_bytes(guint64 sum, const void *at, gsize len)
{
    const guint8 *bytes = at;
    gsize i = 0;

    for (; i + 8 <= len; i += 8) {
        guint64 word;
        memcpy(&word, bytes + i, sizeof word);
        sum = (sum ^ word) * 1099511628211u;
    }
    for (; i < len; i++)
        sum = (sum ^ bytes[i]) * 1099511628211u;
    return sum;
}

/* A checksum of everything @event says: its envelope and each payload field
 * (a text up to its NUL), so that a row re-read can be matched against the
 * event folded. */
static guint32 event_sum(const CavEvent *event)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    gint64 envelope[] = {event->seq,     event->turn,  event->type,
                         event->version, event->cause, event->actor};
    guint64 sum = sum_bytes(14695981039346656037u, envelope, sizeof envelope);

    for (guint i = 0; i < n; i++) {
        const char *at = (const char *) &event->as + fields[i].offset;
        gboolean text = fields[i].kind == CAV_FIELD_STR || fields[i].kind == CAV_FIELD_ROW;

        sum = sum_bytes(sum, at, text ? strnlen(at, fields[i].size) + 1 : fields[i].size);
    }
    return (guint32) (sum ^ (sum >> 32));
}

/* The player after an event of @turn: the last of the turn's is its end. */
static void note_player(History *h, gint32 turn, const CavState *after)
{
    const CavCreature *player = state_player(after);
    TurnFacts *facts;

    if ((gint64) h->turn_facts->len <= turn)
        g_array_set_size(h->turn_facts, (guint) turn + 1);
    facts = &g_array_index(h->turn_facts, TurnFacts, turn);
    if (player == NULL)
        return;
    *facts = (TurnFacts){
        .hp = player->hp,
        .max_hp = player->max_hp,
        .mp = player->mana,
        .max_mp = player->max_mana,
        .food = player->food,
        .max_food = player->max_food,
        .xp = player->xp,
        .kills = player->kills,
        .depth = (gint16) (player->z + 1),
        .level = (gint16) player->level,
    };
}

static void take_in(History *h, const CavEvent *event, const CavState *after, const CavView *view)
{
    HistoryEntry entry = {
        .cause = event->cause,
        .turn = event->turn,
        .type = (guint16) event->type,
        .actor = (guint16) event->actor,
        .sum = event_sum(event),
    };
    CavRef refs[8];
    guint n = ev_refs(event, refs, G_N_ELEMENTS(refs)), creatures = 0, items = 0;

    for (guint i = 0; i < n; i++) {
        /* The catalog never names more (test-store checks every type). */
        if (refs[i].kind == CAV_REF_CREATURE && creatures < HISTORY_REFS)
            entry.creatures[creatures++] = (guint16) refs[i].id;
        else if (refs[i].kind == CAV_REF_ITEM && items < HISTORY_REFS)
            entry.items[items++] = (guint16) refs[i].id;
    }
    CavRef target = ev_target(event);
    entry.target = (guint16) target.id;
    entry.target_kind = (guint8) target.kind;
    g_array_append_val(h->entries, entry);
    while ((gint64) h->turn_start->len <= event->turn)
        g_array_append_val(h->turn_start, event->seq);
    note_player(h, event->turn, after);
    learn_names(h, refs, n, after);
    note_knowledge(h, event->seq, after);
    if (event->seq % h->every == 0)
        add_shot(h, after, view);
}

typedef struct {
    History *history;
    Game *game;
    HistoryProgress progress;
    gpointer data;
    GCancellable *cancellable;
    gint64 total;
} Opening;

static gboolean open_one(const CavEvent *event, gpointer user_data, GError **error)
{
    Opening *o = user_data;

    /* Reserve the index at once (a million entries grow no copies), but only
     * now: the turns table, which says how many events there are, has been
     * checked against the events before the first one is folded. */
    if (event->seq == 1) {
        g_array_set_size(o->history->entries, (guint) o->total);
        g_array_set_size(o->history->entries, 0);
    }
    take_in(o->history, event, game_state(o->game), game_view(o->game));
    if (event->seq % HISTORY_PROGRESS_EVERY == 0) {
        if (g_cancellable_set_error_if_cancelled(o->cancellable, error))
            return FALSE;
        if (o->progress != NULL)
            o->progress(event->seq, o->total, o->data);
    }
    return TRUE;
}

static History *history_alloc(const char *path, gint64 every)
{
    History *h = g_new0(History, 1);

    h->path = g_strdup(path);
    h->every = every > 0 ? every : HISTORY_DEFAULT_EVERY;
    h->shots = g_array_new(FALSE, FALSE, sizeof(Shot));
    g_array_set_clear_func(h->shots, shot_clear);
    h->entries = g_array_new(FALSE, FALSE, sizeof(HistoryEntry));
    h->turn_start = g_array_new(FALSE, FALSE, sizeof(gint64));
    h->turn_facts = g_array_new(FALSE, TRUE, sizeof(TurnFacts));
    /* Cleared, so that a size grown leaves zeros (no look) behind: GByteArray's
     * own constructor does not clear. */
    h->looks = (GByteArray *) g_array_new(FALSE, TRUE, 1);
    h->depths_seen = g_array_new(FALSE, FALSE, sizeof(gint64));
    for (guint i = 0; i < CAV_POTION_KINDS_MAX; i++)
        h->learned[i] = G_MAXINT64;
    h->names[CAV_REF_NONE] = g_ptr_array_new();
    h->names[CAV_REF_CREATURE] = g_ptr_array_new_with_free_func(g_free);
    h->names[CAV_REF_ITEM] = g_ptr_array_new_with_free_func(g_free);
    h->state = state_new();
    h->view = g_new0(CavView, 1);
    h->last = state_new();
    h->last_view = g_new0(CavView, 1);
    view_init(h->view);
    return h;
}

/* The state and view after the newest event of @store, folded (checked)
 * from its newest keyframe that this installation's key verifies, into
 * @state and @view; FALSE when there is none or the fold from it fails
 * (the full fold then finds and names any problem). */
static gboolean fold_from_keyframe(Store *store, CavState *state, CavView *view)
{
    KeyframeFound found;
    g_autoptr(Game) game = NULL;

    if (!seal_restore_newest(store, FALSE, state, view, &found))
        return FALSE;
    game = game_new(NULL);
    game_restore_seen(game, state, view);
    if (!checks_fold_after(store, game, NULL, NULL, NULL))
        return FALSE;
    memcpy(state, game_state(game), sizeof *state);
    memcpy(view, game_view(game), sizeof *view);
    return TRUE;
}

/* Hand @preview the newest state, when a keyframe gives it cheaply. */
static void preview_newest(Store *store, HistoryPreview preview, gpointer data)
{
    g_autofree CavState *state = state_new();
    g_autofree CavView *view = g_new0(CavView, 1);

    view_init(view);
    if (preview != NULL && fold_from_keyframe(store, state, view))
        preview(state, view, data);
}

History *history_open_full(const char *path, gint64 every, HistoryProgress progress, gpointer data,
                           GCancellable *cancellable, GError **error)
{
    return history_open_previewed(path, every, NULL, progress, data, cancellable, error);
}

History *history_open_previewed(const char *path, gint64 every, HistoryPreview preview,
                                HistoryProgress progress, gpointer data, GCancellable *cancellable,
                                GError **error)
{
    g_autoptr(History) h = NULL;
    g_autoptr(Game) game = game_new(NULL);
    Opening o = {.game = game, .progress = progress, .data = data, .cancellable = cancellable};
    gint32 last_turn;
    guint64 digest;
    gboolean ok;

    g_return_val_if_fail(path != NULL, NULL);
    h = history_alloc(path, every);
    o.history = h;
    h->store = store_open(path, FALSE, error);
    if (h->store == NULL)
        return NULL;
    preview_newest(h->store, preview, data);
    if (!store_begin_read(h->store, error))
        return NULL;
    ok = store_last_turn(h->store, &last_turn, &digest, &o.total, error);
    if (ok && every <= 0) /* the default: snapshots bounded in number for a long game */
        h->every = CLAMP(o.total / HISTORY_DEFAULT_SHOTS, HISTORY_DEFAULT_EVERY, HISTORY_MAX_EVERY);
    if (ok) {
        add_shot(h, h->state, h->view);
        ok = checks_fold(h->store, game, open_one, &o, error);
    }
    store_end_read(h->store);
    if (!ok)
        return NULL;
    memcpy(h->state, game_state(game), sizeof *h->state);
    memcpy(h->view, game_view(game), sizeof *h->view);
    memcpy(h->last, h->state, sizeof *h->last);
    memcpy(h->last_view, h->view, sizeof *h->last_view);
    if (progress != NULL)
        progress(o.total, o.total, data);
    return g_steal_pointer(&h);
}

History *history_open(const char *path, gint64 every, GError **error)
{
    return history_open_full(path, every, NULL, NULL, NULL, error);
}

void history_free(History *history)
{
    if (history == NULL)
        return;
    store_free(history->store);
    g_array_unref(history->shots);
    g_array_unref(history->entries);
    g_array_unref(history->turn_start);
    g_array_unref(history->turn_facts);
    g_byte_array_unref(history->looks);
    g_array_unref(history->depths_seen);
    for (guint k = 0; k < G_N_ELEMENTS(history->names); k++)
        g_ptr_array_unref(history->names[k]);
    g_free(history->state);
    g_free(history->view);
    g_free(history->last);
    g_free(history->last_view);
    g_free(history->path);
    g_free(history);
}

Store *history_store(History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->store;
}

const char *history_path(const History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->path;
}

gint64 history_length(const History *history)
{
    g_return_val_if_fail(history != NULL, 0);
    return (gint64) history->entries->len;
}

const CavState *history_state(const History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->state;
}

const CavView *history_view(const History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->view;
}

const CavState *history_last_state(const History *history)
{
    g_return_val_if_fail(history != NULL, NULL);
    return history->last;
}

gsize history_snapshot_bytes(const History *history)
{
    g_return_val_if_fail(history != NULL, 0);
    return history->shot_bytes;
}

/* Validate and evolve one event into a state and view (seeks, updates). */
typedef struct {
    History *history;
    CavState *state;
    CavView *view;
    gboolean index; /* updates: index the event too, and check each turn's digest */
    gint32 checked; /* updates: the last turn whose digest is checked */
} Folding;

static gboolean fold_one(const CavEvent *event, gpointer user_data, GError **error)
{
    Folding *f = user_data;
    g_autoptr(GError) local = NULL;

    /* Checked when the history was opened; checked again, since the file
     * may have been changed behind our back (the checks are cheap). */
    if (event->seq != f->state->last_seq + 1 || event->turn < f->state->turn)
        return g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                           "“%s”: event %" G_GINT64_FORMAT " is out of order", f->history->path,
                           event->seq),
               FALSE;
    /* A new turn: the one before it is over. */
    if (f->index && event->turn != f->state->turn && f->state->turn > f->checked) {
        if (!checks_digest(f->history->store, f->state->turn, f->state, error))
            return FALSE;
        f->checked = f->state->turn;
    }
    if (!validate_event(f->state, event, &local)) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED, "“%s”: %s", f->history->path,
                    local->message);
        return FALSE;
    }
    evolve(f->state, event);
    view_apply(f->view, f->state, event);
    if (f->index)
        take_in(f->history, event, f->state, f->view);
    return TRUE;
}

gboolean history_update(History *history, gint64 *added, GError **error)
{
    History *h = history;
    g_autofree CavState *state = NULL;
    g_autofree CavView *view = NULL;
    Folding f;
    gint32 turn;
    guint64 digest;
    gint64 last_seq, length, old_turns;
    guint old_shots, old_names[G_N_ELEMENTS(h->names)];
    gboolean ok;
    StoreFilter filter = {.by_seq = TRUE};

    g_return_val_if_fail(history != NULL, FALSE);
    if (added != NULL)
        *added = 0;
    length = history_length(h);
    if (!store_begin_read(h->store, error))
        return FALSE;
    ok = store_last_turn(h->store, &turn, &digest, &last_seq, error);
    if (!ok || last_seq == length) {
        store_end_read(h->store);
        return ok;
    }
    if (last_seq < length) {
        store_end_read(h->store);
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                    "“%s”: the file lost events it held before", h->path);
        return FALSE;
    }
    /* Fold into copies, so that a bad turn leaves everything as it was. */
    state = g_memdup2(h->last, sizeof *state);
    view = g_memdup2(h->last_view, sizeof *view);
    old_shots = h->shots->len;
    old_turns = h->turn_start->len;
    for (guint k = 0; k < G_N_ELEMENTS(h->names); k++)
        old_names[k] = h->names[k]->len;
    f = (Folding){
        .history = h, .state = state, .view = view, .index = TRUE, .checked = state->turn};
    filter.first_seq = length + 1;
    filter.last_seq = last_seq;
    ok = store_foreach_event(h->store, &filter, fold_one, &f, error);
    if (ok && (state->last_seq != last_seq || state->turn != turn)) {
        g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                    "“%s”: the events do not end where turn %d ends", h->path, turn);
        ok = FALSE;
    }
    ok = ok && checks_digest(h->store, turn, state, error);
    store_end_read(h->store);
    if (!ok) {
        g_array_set_size(h->entries, (guint) length);
        g_array_set_size(h->shots, old_shots);
        g_array_set_size(h->turn_start, (guint) old_turns);
        g_array_set_size(h->turn_facts, (guint) old_turns);
        for (guint k = 0; k < G_N_ELEMENTS(h->names); k++)
            g_ptr_array_set_size(h->names[k], (gint) old_names[k]);
        return FALSE;
    }
    memcpy(h->last, state, sizeof *state);
    memcpy(h->last_view, view, sizeof *view);
    if (added != NULL)
        *added = last_seq - length;
    return TRUE;
}

gboolean history_seek(History *history, gint64 seq, GError **error)
{
    CavState *state;
    gint64 shot;
    StoreFilter filter = {.by_seq = TRUE};
    Folding f;

    g_return_val_if_fail(history != NULL, FALSE);
    state = history->state;
    seq = CLAMP(seq, 0, history_length(history));
    shot = seq / history->every;
    /* Fold on from here when here is at or past the nearest snapshot. */
    if (state->last_seq > seq || state->last_seq < shot * history->every) {
        const Shot *at = &g_array_index(history->shots, Shot, shot);
        state_restore(state, at->state);
        memcpy(history->view, at->view, sizeof *history->view);
    }
    if (state->last_seq == seq)
        return TRUE;
    filter.first_seq = state->last_seq + 1;
    filter.last_seq = seq;
    f = (Folding){.history = history, .state = state, .view = history->view};
    return store_foreach_event(history->store, &filter, fold_one, &f, error);
}

const HistoryEntry *history_entry(const History *history, gint64 seq)
{
    g_return_val_if_fail(history != NULL, NULL);
    if (seq < 1 || seq > history_length(history))
        return NULL;
    return &g_array_index(history->entries, HistoryEntry, seq - 1);
}

gboolean history_entry_names(const HistoryEntry *entry, CavRefKind kind, gint32 id)
{
    const guint16 *ids;

    g_return_val_if_fail(entry != NULL, FALSE);
    if (id <= 0 || id > G_MAXUINT16)
        return FALSE;
    if (kind == CAV_REF_CREATURE && entry->actor == id)
        return TRUE;
    ids = kind == CAV_REF_CREATURE ? entry->creatures : kind == CAV_REF_ITEM ? entry->items : NULL;
    for (guint i = 0; ids != NULL && i < HISTORY_REFS; i++)
        if (ids[i] == id)
            return TRUE;
    return FALSE;
}

gint64 history_turn_start(const History *history, gint32 turn)
{
    g_return_val_if_fail(history != NULL, 0);
    if (turn < 0 || (guint) turn >= history->turn_start->len)
        return 0;
    return g_array_index(history->turn_start, gint64, turn);
}

gint32 history_turns(const History *history)
{
    g_return_val_if_fail(history != NULL, 0);
    return (gint32) history->turn_start->len;
}

gboolean history_turn_facts(const History *history, gint32 turn, ReplayFacts *facts)
{
    const TurnFacts *t;

    g_return_val_if_fail(history != NULL && facts != NULL, FALSE);
    if (turn < 0 || (guint) turn >= history->turn_facts->len)
        return FALSE;
    t = &g_array_index(history->turn_facts, TurnFacts, turn);
    facts->turn = turn;
    facts->hp = t->hp;
    facts->max_hp = t->max_hp;
    facts->mp = t->mp;
    facts->max_mp = t->max_mp;
    facts->food = t->food;
    facts->max_food = t->max_food;
    facts->depth = t->depth;
    facts->level = t->level;
    facts->xp = t->xp;
    facts->kills = t->kills;
    return TRUE;
}

typedef struct {
    const History *history;
    GArray *out;
} Rereading;

/* Keep @event if it is still the event folded at its seq. */
static gboolean append_event(const CavEvent *event, gpointer user_data, GError **error)
{
    Rereading *r = user_data;
    const HistoryEntry *entry = history_entry(r->history, event->seq);

    if (entry == NULL || entry->sum != event_sum(event))
        return g_set_error(error, STORE_ERROR, STORE_ERROR_TAMPERED,
                           "“%s”: event %" G_GINT64_FORMAT " changed after the file was opened",
                           r->history->path, event->seq),
               FALSE;
    g_array_append_vals(r->out, event, 1);
    return TRUE;
}

gboolean history_read(History *history, gint64 first, gint64 last, GArray *out, GError **error)
{
    StoreFilter filter = {.by_seq = TRUE, .first_seq = first, .last_seq = last};
    Rereading r = {history, out};

    g_return_val_if_fail(history != NULL && out != NULL, FALSE);
    g_return_val_if_fail(g_array_get_element_size(out) == sizeof(CavEvent), FALSE);
    return store_foreach_event(history->store, &filter, append_event, &r, error);
}

char *history_turn_command(History *history, gint32 turn, GError **error)
{
    char *json = NULL;

    g_return_val_if_fail(history != NULL, NULL);
    store_turn_command(history->store, turn, &json, error);
    return json;
}

GArray *history_caused(const History *history, gint64 seq)
{
    GArray *caused = g_array_new(FALSE, FALSE, sizeof(gint64));
    const HistoryEntry *entry = history_entry(history, seq);

    /* Consequences follow their cause within its turn. */
    for (gint64 s = seq + 1; entry != NULL && s <= history_length(history); s++) {
        const HistoryEntry *e = history_entry(history, s);

        if (e->turn != entry->turn)
            break;
        if (e->cause == seq)
            g_array_append_val(caused, s);
    }
    return caused;
}

const char *history_kind(const History *history, CavRefKind kind, gint32 id)
{
    GPtrArray *names;

    g_return_val_if_fail(history != NULL, NULL);
    if (kind != CAV_REF_CREATURE && kind != CAV_REF_ITEM)
        return NULL;
    names = history->names[kind];
    return id > 0 && (guint) id < names->len ? names->pdata[id] : NULL;
}

void history_append_name(const History *history, CavRefKind kind, gint32 id, GString *out)
{
    const char *name = history_kind(history, kind, id);

    if (id == 0)
        g_string_append(out, kind == CAV_REF_ITEM ? "nothing" : "nobody");
    else if (kind == CAV_REF_CREATURE && id == history->last->player)
        g_string_append(out, "you");
    else
        g_string_append_printf(out, "%s %" G_GINT32_FORMAT,
                               name != NULL           ? name
                               : kind == CAV_REF_ITEM ? "item"
                                                      : "creature",
                               id);
}

static void name_ref(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    history_append_name(data, kind, id, out);
}

/* The look of item @id the player did not know after event @seq, or NULL. */
static const CavPotionLook *unknown_look(const History *history, gint32 id, gint64 seq)
{
    guint look;

    if (id <= 0 || (guint) id >= history->looks->len || history->looks->data[id] == 0)
        return NULL;
    look = history->looks->data[id] - 1u;
    return history->learned[look] > seq ? &history->last->looks[look] : NULL;
}

void history_append_name_seen(const History *history, CavRefKind kind, gint32 id, gint64 seq,
                              GString *out)
{
    const CavPotionLook *look = kind == CAV_REF_ITEM ? unknown_look(history, id, seq) : NULL;

    g_return_if_fail(history != NULL && out != NULL);
    if (look == NULL)
        history_append_name(history, kind, id, out);
    else
        g_string_append_printf(out, "%s potion %" G_GINT32_FORMAT, look->appearance, id);
}

/* The event being summarized as the player saw it. */
typedef struct {
    const History *history;
    gint64 seq;
} Seen;

static void name_seen(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    const Seen *seen = data;

    history_append_name_seen(seen->history, kind, id, seen->seq, out);
}

/* Whether the player knew the look @appearance after event @seq. */
static gboolean knew_appearance(const History *history, const char *appearance, gint64 seq)
{
    for (gint32 i = 0; i < history->last->look_count && i < CAV_POTION_KINDS_MAX; i++)
        if (strcmp(history->last->looks[i].appearance, appearance) == 0)
            return history->learned[i] <= seq;
    return TRUE;
}

/* @event with the words the player could not know after it hidden: an
 * unknown potion's kind where a payload spells it out. */
static void hide_unknown(const History *history, CavEvent *event)
{
    const CavPotionLook *look;

    if (event->type == CAV_EVENT_ITEM_SPAWNED) {
        look = unknown_look(history, event->as.ItemSpawned.item, event->seq);
        if (look != NULL)
            g_snprintf(event->as.ItemSpawned.name, sizeof event->as.ItemSpawned.name, "%s potion",
                       look->appearance);
    } else if (event->type == CAV_EVENT_APPEARANCE_ASSIGNED &&
               !knew_appearance(history, event->as.AppearanceAssigned.appearance, event->seq)) {
        g_strlcpy(event->as.AppearanceAssigned.kind, "a kind of potion",
                  sizeof event->as.AppearanceAssigned.kind);
    } else if (event->type == CAV_EVENT_EFFECT_STARTED &&
               unknown_look(history, event->as.EffectStarted.item, event->seq) != NULL) {
        g_strlcpy(event->as.EffectStarted.name, "unknown", sizeof event->as.EffectStarted.name);
    }
}

void history_summary_seen(const History *history, const CavEvent *event, GString *out)
{
    g_autoptr(GString) summary = g_string_new(NULL);
    g_autofree char *shown = NULL;
    CavEvent hidden = *event;
    Seen seen = {history, event->seq};

    g_return_if_fail(history != NULL && event != NULL);
    hide_unknown(history, &hidden);
    ev_summary_named(&hidden, name_seen, &seen, summary);
    shown = ev_shown(summary->str);
    g_string_append(out, shown);
}

gint64 history_depth_seen(const History *history, gint32 z)
{
    g_return_val_if_fail(history != NULL, G_MAXINT64);
    if (z < 0 || (guint) z >= history->depths_seen->len)
        return G_MAXINT64;
    return g_array_index(history->depths_seen, gint64, z);
}

void history_summary(const History *history, const CavEvent *event, GString *out)
{
    g_autoptr(GString) summary = g_string_new(NULL);
    g_autofree char *shown = NULL;

    g_return_if_fail(history != NULL && event != NULL);
    ev_summary_named(event, name_ref, (gpointer) history, summary);
    shown = ev_shown(summary->str); /* a name or cause may hold controls (\u escapes) */
    g_string_append(out, shown);
}
