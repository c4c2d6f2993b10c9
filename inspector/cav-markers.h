/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-markers.h — the moments worth finding in a long game (deaths, the
 * player's end, stairs, the player hurt, level-ups, bookmarks) as a sorted
 * list of seqs, found in one pass over the history's index (decoding only
 * the few events that may have hurt the player) and extended as a followed
 * game grows; and the turn arithmetic of playing by turns. No widgets. */
#ifndef CAV_INSPECTOR_CAV_MARKERS_H
#define CAV_INSPECTOR_CAV_MARKERS_H

#include <glib.h>

#include "history.h"

G_BEGIN_DECLS

typedef enum {
    CAV_MARKER_DEATH,    /* a creature other than the player died */
    CAV_MARKER_END,      /* the player died, or the game was lost or won */
    CAV_MARKER_STAIRS,   /* the player took stairs to another level */
    CAV_MARKER_HURT,     /* the player's hp went down */
    CAV_MARKER_LEVEL_UP, /* the player reached a new experience level */
    CAV_MARKER_BOOKMARK, /* a bookmark of the game file */
    CAV_MARKER_KINDS
} CavMarkerKind;

typedef struct {
    gint64 seq;
    CavMarkerKind kind;
} CavMarker;

typedef struct CavMarkers CavMarkers;

/* The markers of @history (borrowed; it must outlive the markers) with a
 * bookmark at each of the @n_bookmarks seqs in @bookmarks (nullable). */
CavMarkers *cav_markers_new(History *history, const gint64 *bookmarks, guint n_bookmarks);

/* The bookmarks merged in are now @bookmarks (seqs), in place of those
 * given before; the events are not scanned again. */
void cav_markers_set_bookmarks(CavMarkers *markers, const gint64 *bookmarks, guint n_bookmarks);

void cav_markers_free(CavMarkers *markers);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CavMarkers, cav_markers_free)

/* Take in events the history gained since (history_update()): only they
 * are scanned. */
void cav_markers_extend(CavMarkers *markers);

/* The markers, by seq (then kind); *@n receives their number. Borrowed. */
const CavMarker *cav_markers_get(const CavMarkers *markers, guint *n);

/* The seq of the first marker after @seq (or the last before it, when not
 * @forward) of a kind @shown allows (indexed by CavMarkerKind; NULL for
 * all); -1 when there is none. */
gint64 cav_markers_next(const CavMarkers *markers, gint64 seq, gboolean forward,
                        const gboolean *shown);

/* The kind's colour ("#2ec27e"), the same on the scrubber and the chart.
 * Static. */
const char *cav_marker_kind_colour(CavMarkerKind kind);

/* What the kind is called, for menus and tooltips ("A death"). Static. */
const char *cav_marker_kind_name(CavMarkerKind kind);

/* The event @turns turns after the one shown at @seq when playing by
 * turns: the last event of the turn @seq is in counts as one turn unless
 * @seq is already its last event. -1 when @seq is the game's last event;
 * the game's last event when fewer turns are left. */
gint64 cav_markers_turns_ahead(const History *history, gint64 seq, gint64 turns);

G_END_DECLS

#endif
