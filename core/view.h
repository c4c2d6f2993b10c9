/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view.h — the player's knowledge as a projection: what they see now,
 * every cell they have ever seen and the item last seen on it. It is derived from the events (the
 * player's position and the terrain) and kept beside the rules state, not inside it, so that
 * folding the rules (resume, verify, seeking) never pays for field of view; whoever shows or uses
 * the player's knowledge folds this too. */
#ifndef CAV_CORE_VIEW_H
#define CAV_CORE_VIEW_H

#include "state.h"

G_BEGIN_DECLS

/* Cell flags in CavView.memory. */
enum {
    MEMORY_SEEN = 1 << 0, /* the player has seen this cell at least once */
};

typedef struct {
    gint32 z; /* the level `visible` is of; -1 before the player exists */
    guint8 visible[CAV_HEIGHT][CAV_WIDTH];
    guint8 memory[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
    /* the id of the item last seen lying on each cell (the one drawn, as
     * state_item_at() gives it); 0: none */
    guint16 items[CAV_LEVELS][CAV_HEIGHT][CAV_WIDTH];
} CavView;

/* An empty view: nothing seen. */
void view_init(CavView *view);

/* Bring @view up to date after @event was evolved into @after (recomputing
 * the field of view when the player moved, changed level or the terrain in
 * sight changed; the items remembered on the cells in view when an item
 * was involved). Returns TRUE when the view may have changed. */
gboolean view_apply(CavView *view, const CavState *after, const CavEvent *event);

/* Recompute the view from scratch for the player's position in @state,
 * keeping the memory. */
void view_refresh(CavView *view, const CavState *state);

gboolean view_sees(const CavView *view, gint32 z, gint32 x, gint32 y);
gboolean view_remembers(const CavView *view, gint32 z, gint32 x, gint32 y);

/* The id of the item the player last saw lying on (@z, @x, @y), or 0: the
 * one there now when they see the cell. The item may have gone since. */
gint32 view_remembered_item(const CavView *view, gint32 z, gint32 x, gint32 y);

/* 64-bit digest of the view, for fold-equals-live checks. */
guint64 view_digest(const CavView *view);

G_END_DECLS

#endif
