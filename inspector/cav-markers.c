/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-markers.c — finding the markers: the index decides deaths, stairs and
 * level-ups; events that may have lowered the player's hp are decoded in
 * runs to read their numbers. Bookmarks are merged in by seq. */
#include "cav-markers.h"

#include "shown.h"

struct CavMarkers {
    History *history; /* borrowed */
    gint32 player;
    gint64 scanned; /* events looked at so far */
    GArray *events; /* CavMarker found in the events, by seq */
    GArray *all;    /* those and the bookmarks, by seq then kind */
    GArray *bookmarks;
};

/* Decoded in runs of at most this many events. */
#define MARKERS_READ_RUN 512

static const char *const kind_names[CAV_MARKER_KINDS] = {
    [CAV_MARKER_DEATH] = "A death",
    [CAV_MARKER_END] = "The end",
    [CAV_MARKER_STAIRS] = "You took the stairs",
    [CAV_MARKER_HURT] = "You were hurt",
    [CAV_MARKER_LEVEL_UP] = "You gained a level",
    [CAV_MARKER_BOOKMARK] = "A bookmark",
};

/* One colour a kind, wherever it is drawn (the scrubber, the chart). */
static const char *const kind_colours[CAV_MARKER_KINDS] = {
    [CAV_MARKER_DEATH] = "#77767b",    [CAV_MARKER_END] = "#e01b24",
    [CAV_MARKER_STAIRS] = "#3584e4",   [CAV_MARKER_HURT] = "#ff7800",
    [CAV_MARKER_LEVEL_UP] = "#2ec27e", [CAV_MARKER_BOOKMARK] = "#9141ac",
};

const char *cav_marker_kind_colour(CavMarkerKind kind)
{
    g_return_val_if_fail(kind < CAV_MARKER_KINDS, "#000000");
    return kind_colours[kind];
}

const char *cav_marker_kind_name(CavMarkerKind kind)
{
    g_return_val_if_fail(kind < CAV_MARKER_KINDS, "");
    return kind_names[kind];
}

/* Whether the index's creatures (in payload field order) hold @id at
 * @index (-1: anywhere). */
static gboolean names_at(const HistoryEntry *entry, gint32 id, int index)
{
    if (id == 0)
        return FALSE; /* no player yet: 0 is the padding */
    for (int i = 0; i < HISTORY_REFS; i++)
        if (entry->creatures[i] == id && (index < 0 || index == i))
            return TRUE;
    return FALSE;
}

/* The marker the index alone decides for @entry; -1 for none, and
 * *@maybe_hurt when the event must be decoded to know whether it hurt. */
static int kind_from_index(const HistoryEntry *entry, gint32 player, gboolean *maybe_hurt)
{
    *maybe_hurt = FALSE;
    switch ((int) entry->type) { /* the few types that matter */
    case CAV_EVENT_CREATURE_DIED:
        return entry->creatures[0] == player ? CAV_MARKER_END : CAV_MARKER_DEATH;
    case CAV_EVENT_GAME_LOST:
    case CAV_EVENT_GAME_WON:
        return CAV_MARKER_END;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return names_at(entry, player, 0) ? CAV_MARKER_STAIRS : -1;
    case CAV_EVENT_LEVEL_GAINED:
        return names_at(entry, player, 0) ? CAV_MARKER_LEVEL_UP : -1;
    case CAV_EVENT_CREATURE_ATTACKED:
    case CAV_EVENT_CREATURE_HURT:
    case CAV_EVENT_ITEM_THROWN:
    case CAV_EVENT_SHOT_FIRED:
    case CAV_EVENT_EFFECT_APPLIED:
    case CAV_EVENT_MANA_DRAWN:
        *maybe_hurt = names_at(entry, player, -1);
        return -1;
    default:
        return -1;
    }
}

/* Whether @event lowered the hp of creature @player (the rules' own
 * conditions: a wound of 1 … 100000, a negative effect, mana drawn). */
static gboolean event_hurts(const CavEvent *event, gint32 player)
{
    switch ((int) event->type) {
    case CAV_EVENT_CREATURE_ATTACKED:
        return event->as.CreatureAttacked.target == player &&
               event->as.CreatureAttacked.damage > 0 && event->as.CreatureAttacked.damage <= 100000;
    case CAV_EVENT_CREATURE_HURT:
        return event->as.CreatureHurt.creature == player && event->as.CreatureHurt.damage > 0;
    case CAV_EVENT_ITEM_THROWN:
        return event->as.ItemThrown.target == player && event->as.ItemThrown.damage > 0 &&
               event->as.ItemThrown.damage <= 100000;
    case CAV_EVENT_SHOT_FIRED:
        return event->as.ShotFired.target == player && event->as.ShotFired.damage > 0 &&
               event->as.ShotFired.damage <= 100000;
    case CAV_EVENT_EFFECT_APPLIED:
        return event->as.EffectApplied.creature == player && event->as.EffectApplied.hp < 0;
    case CAV_EVENT_MANA_DRAWN:
        return event->as.ManaDrawn.creature == player && event->as.ManaDrawn.mana > 0;
    default:
        return FALSE;
    }
}

static void add_marker(GArray *array, gint64 seq, CavMarkerKind kind)
{
    CavMarker marker = {.seq = seq, .kind = kind};

    g_array_append_val(array, marker);
}

/* Decode events @first … @last and mark those of @candidates (seqs, in
 * order, within the run) that hurt the player. */
static void mark_hurts(CavMarkers *markers, const GArray *candidates, gint64 first, gint64 last)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    g_autoptr(GError) error = NULL;

    if (!history_read(markers->history, first, last, events, &error)) {
        g_autofree char *shown = ev_shown(error->message); /* it names the file */

        g_warning("markers: %s", shown);
        return;
    }
    for (guint i = 0; i < candidates->len; i++) {
        gint64 seq = g_array_index(candidates, gint64, i);
        const CavEvent *event = &g_array_index(events, CavEvent, seq - first);

        if (seq - first < (gint64) events->len && event_hurts(event, markers->player))
            add_marker(markers->events, seq, CAV_MARKER_HURT);
    }
}

/* Flush the pending candidates (a run of at most MARKERS_READ_RUN events). */
static void flush_candidates(CavMarkers *markers, GArray *candidates)
{
    if (candidates->len == 0)
        return;
    mark_hurts(markers, candidates, g_array_index(candidates, gint64, 0),
               g_array_index(candidates, gint64, candidates->len - 1));
    g_array_set_size(candidates, 0);
}

/* Scan the index from markers->scanned + 1 to the history's end. The
 * markers of a seq come out in kind order since one event has one kind. */
static void scan(CavMarkers *markers)
{
    g_autoptr(GArray) candidates = g_array_new(FALSE, FALSE, sizeof(gint64));
    gint64 length = history_length(markers->history);

    if (markers->player == 0)
        markers->player = history_last_state(markers->history)->player;
    for (gint64 seq = markers->scanned + 1; seq <= length; seq++) {
        const HistoryEntry *entry = history_entry(markers->history, seq);
        gboolean maybe_hurt;
        int kind = kind_from_index(entry, markers->player, &maybe_hurt);

        if (candidates->len > 0 && seq - g_array_index(candidates, gint64, 0) >= MARKERS_READ_RUN)
            flush_candidates(markers, candidates);
        if (kind >= 0)
            add_marker(markers->events, seq, (CavMarkerKind) kind);
        else if (maybe_hurt)
            g_array_append_val(candidates, seq);
    }
    flush_candidates(markers, candidates);
    markers->scanned = length;
}

static gint compare_markers(gconstpointer a, gconstpointer b)
{
    const CavMarker *x = a, *y = b;

    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    return (int) x->kind - (int) y->kind;
}

/* The events' markers and the bookmarks, merged. */
static void merge(CavMarkers *markers)
{
    g_array_set_size(markers->all, 0);
    g_array_append_vals(markers->all, markers->events->data, markers->events->len);
    for (guint i = 0; i < markers->bookmarks->len; i++)
        add_marker(markers->all, g_array_index(markers->bookmarks, gint64, i), CAV_MARKER_BOOKMARK);
    g_array_sort(markers->all, compare_markers);
}

CavMarkers *cav_markers_new(History *history, const gint64 *bookmarks, guint n_bookmarks)
{
    CavMarkers *markers = g_new0(CavMarkers, 1);

    g_return_val_if_fail(history != NULL, NULL);
    markers->history = history;
    markers->events = g_array_new(FALSE, FALSE, sizeof(CavMarker));
    markers->all = g_array_new(FALSE, FALSE, sizeof(CavMarker));
    markers->bookmarks = g_array_new(FALSE, FALSE, sizeof(gint64));
    if (bookmarks != NULL)
        g_array_append_vals(markers->bookmarks, bookmarks, n_bookmarks);
    scan(markers);
    merge(markers);
    return markers;
}

void cav_markers_set_bookmarks(CavMarkers *markers, const gint64 *bookmarks, guint n_bookmarks)
{
    g_return_if_fail(markers != NULL);
    g_array_set_size(markers->bookmarks, 0);
    if (bookmarks != NULL)
        g_array_append_vals(markers->bookmarks, bookmarks, n_bookmarks);
    merge(markers);
}

void cav_markers_free(CavMarkers *markers)
{
    if (markers == NULL)
        return;
    g_array_unref(markers->events);
    g_array_unref(markers->all);
    g_array_unref(markers->bookmarks);
    g_free(markers);
}

void cav_markers_extend(CavMarkers *markers)
{
    g_return_if_fail(markers != NULL);
    if (history_length(markers->history) == markers->scanned)
        return;
    scan(markers);
    merge(markers);
}

const CavMarker *cav_markers_get(const CavMarkers *markers, guint *n)
{
    g_return_val_if_fail(markers != NULL && n != NULL, NULL);
    *n = markers->all->len;
    return (const CavMarker *) (gconstpointer) markers->all->data;
}

/* The index of the first marker with a seq above @seq (binary search). */
static guint first_after(const CavMarkers *markers, gint64 seq)
{
    guint lo = 0, hi = markers->all->len;

    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;

        if (g_array_index(markers->all, CavMarker, mid).seq <= seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

gint64 cav_markers_next(const CavMarkers *markers, gint64 seq, gboolean forward,
                        const gboolean *shown)
{
    guint i;

    g_return_val_if_fail(markers != NULL, -1);
    if (forward) {
        for (i = first_after(markers, seq); i < markers->all->len; i++) {
            const CavMarker *m = &g_array_index(markers->all, CavMarker, i);
            if (shown == NULL || shown[m->kind])
                return m->seq;
        }
        return -1;
    }
    for (i = first_after(markers, seq - 1); i > 0; i--) {
        const CavMarker *m = &g_array_index(markers->all, CavMarker, i - 1);
        if (shown == NULL || shown[m->kind])
            return m->seq;
    }
    return -1;
}

/* The last event of @turn. */
static gint64 turn_end(const History *history, gint32 turn)
{
    gint64 next = history_turn_start(history, turn + 1);

    return next > 0 ? next - 1 : history_length(history);
}

gint64 cav_markers_turns_ahead(const History *history, gint64 seq, gint64 turns)
{
    const HistoryEntry *entry;
    gint32 turn;
    gint64 target;

    g_return_val_if_fail(history != NULL && turns > 0, -1);
    if (seq >= history_length(history))
        return -1;
    entry = history_entry(history, seq);
    turn = entry != NULL ? entry->turn : -1; /* seq 0: before turn 0 */
    if (entry != NULL && turn_end(history, turn) == seq)
        turn++;
    else if (entry == NULL)
        turn = 0;
    /* now the turn whose end is the first step */
    turn = (gint32) MIN((gint64) turn + turns - 1, (gint64) history_turns(history) - 1);
    target = turn_end(history, turn);
    return target > seq ? target : history_length(history);
}
