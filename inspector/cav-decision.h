/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-decision.h — a creature's decision (analysis_explain) in words, for
 * the Why page: the rule that fired, what it saw, its target, its path and
 * the random draws it consumed. */
#ifndef CAV_INSPECTOR_DECISION_H
#define CAV_INSPECTOR_DECISION_H

#include "analysis.h"

G_BEGIN_DECLS

/* A GROUP node "Why it did it: RULE" over one line for each of the rest
 * (caller frees; analysis_node_free). */
AnalysisNode *cav_decision_node(const History *history, const AnalysisDecision *decision);

G_END_DECLS

#endif
