/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-decision.c — a creature's decision in words: each line a GROUP node
 * without children, under one heading, as the Why page's tree shows them. */
#include "cav-decision.h"

static AnalysisNode *line_new(char *text)
{
    AnalysisNode *node = g_new0(AnalysisNode, 1);

    node->kind = ANALYSIS_NODE_GROUP;
    node->text = text;
    node->children = g_ptr_array_new_with_free_func((GDestroyNotify) analysis_node_free);
    return node;
}

static void add_line(AnalysisNode *group, char *text)
{
    g_ptr_array_add(group->children, line_new(text));
}

/* The cells it saw, counted. */
static guint seen_cells(const AnalysisDecision *d)
{
    guint n = 0;

    for (gint32 y = 0; y < CAV_HEIGHT; y++)
        for (gint32 x = 0; x < CAV_WIDTH; x++)
            n += d->sight[y][x] != 0;
    return n;
}

/* "(8,3) → (7,3) → … → (4,2), 6 steps". */
static char *path_text(const CavDecision *d)
{
    GString *text = g_string_new("the path it meant to take: ");

    for (gint32 i = 0; i < d->path_length; i++) {
        if (i > 0 && i == 4 && d->path_length > 6) {
            g_string_append(text, " → …");
            i = d->path_length - 2;
            continue;
        }
        g_string_append_printf(text, "%s(%d,%d)", i > 0 ? " → " : "", d->path_x[i], d->path_y[i]);
    }
    g_string_append_printf(text, ", %d %s", d->path_length, d->path_length == 1 ? "step" : "steps");
    return g_string_free(text, FALSE);
}

static char *named(const History *history, const char *what, CavRefKind kind, gint32 id)
{
    GString *text = g_string_new(what);

    history_append_name(history, kind, id, text);
    return g_string_free(text, FALSE);
}

static char *draws_text(const AnalysisDecision *d)
{
    guint64 n = d->decision.draws_to - d->decision.draws_from;
    guint64 more = d->draws_after - d->decision.draws_to;

    if (n == 0)
        return g_strdup_printf(
            "random draws: none deciding, %" G_GUINT64_FORMAT " as it played out", more);
    return g_strdup_printf("random draws: %" G_GUINT64_FORMAT
                           " deciding (the turn's %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT
                           "), %" G_GUINT64_FORMAT " as it played out",
                           n, d->decision.draws_from + 1, d->decision.draws_to, more);
}

AnalysisNode *cav_decision_node(const History *history, const AnalysisDecision *decision)
{
    const CavDecision *d = &decision->decision;
    AnalysisNode *group;

    g_return_val_if_fail(history != NULL && decision != NULL, NULL);
    group = line_new(g_strdup_printf("Why it did it: %s", d->rule != NULL ? d->rule : "nothing"));
    add_line(group, g_strdup_printf("it stood at (%d,%d) on depth %d and saw %u cells (tinted on "
                                    "the map); it %s you",
                                    d->x, d->y, d->z + 1, seen_cells(decision),
                                    d->sees_player ? "saw" : "did not see"));
    if (d->target != 0)
        add_line(group, named(history, "its target: ", CAV_REF_CREATURE, d->target));
    if (d->item != 0)
        add_line(group, named(history, "with: ", CAV_REF_ITEM, d->item));
    if (d->path_length > 0)
        add_line(group, path_text(d));
    else if (d->goal_x >= 0)
        add_line(group, g_strdup_printf("it went for (%d,%d)", d->goal_x, d->goal_y));
    add_line(group, draws_text(decision));
    return group;
}
