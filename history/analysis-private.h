/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analysis-private.h — what the analysis files share: a walk over a range of
 * events that folds each into a private copy of the state, and a copy of
 * the state after any event. */
#ifndef CAV_HISTORY_ANALYSIS_PRIVATE_H
#define CAV_HISTORY_ANALYSIS_PRIVATE_H

#include "analysis.h"

/* A fold from the state after event `from` through event `to`. */
typedef struct {
    History *history;
    CavState *state; /* the state after the last event stepped over */
    GArray *batch;   /* of CavEvent: decoded events not yet stepped over */
    guint index;     /* the next event of batch */
    gint64 next;     /* the seq of the first event not yet decoded */
    gint64 to;
} AnalysisFold;

/* Start a fold at the state after @from, to end after @to. Leaves the
 * history where it stood. FALSE with an error if the file cannot be read. */
gboolean analysis_fold_begin(AnalysisFold *fold, History *history, gint64 from, gint64 to,
                             GError **error);

/* Evolve the next event into fold->state and return it (borrowed, valid
 * until the next step); NULL at the end or on error (then *@error is set). */
const CavEvent *analysis_fold_step(AnalysisFold *fold, GError **error);

void analysis_fold_end(AnalysisFold *fold);

/* A copy of the state after event @seq (caller g_free()s), leaving the
 * history where it stood; NULL with an error. */
CavState *analysis_state_at(History *history, gint64 seq, GError **error);

#endif
