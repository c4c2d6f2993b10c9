/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-visits.c — Back and Forward through the events jumped to (see
 * cav-visits.h). */
#include "cav-visits.h"

/* How many visits each way are kept (the oldest go first). */
#define VISITS_MAX 200

void cav_visits_init(CavVisits *visits)
{
    visits->back = g_array_new(FALSE, FALSE, sizeof(gint64));
    visits->ahead = g_array_new(FALSE, FALSE, sizeof(gint64));
}

void cav_visits_clear(CavVisits *visits)
{
    g_clear_pointer(&visits->back, g_array_unref);
    g_clear_pointer(&visits->ahead, g_array_unref);
    cav_visits_init(visits);
}

static void push(GArray *stack, gint64 seq)
{
    if (stack->len > 0 && g_array_index(stack, gint64, stack->len - 1) == seq)
        return; /* there already */
    if (stack->len >= VISITS_MAX)
        g_array_remove_index(stack, 0);
    g_array_append_val(stack, seq);
}

void cav_visits_jump(CavVisits *visits, gint64 from, gint64 to)
{
    g_return_if_fail(visits != NULL && visits->back != NULL);
    if (from == to)
        return;
    push(visits->back, from);
    g_array_set_size(visits->ahead, 0);
}

gint64 cav_visits_go(CavVisits *visits, gint64 at, gboolean forward)
{
    GArray *from = forward ? visits->ahead : visits->back;
    gint64 seq;

    g_return_val_if_fail(visits != NULL && visits->back != NULL, -1);
    if (from->len == 0)
        return -1;
    seq = g_array_index(from, gint64, from->len - 1);
    g_array_set_size(from, from->len - 1);
    push(forward ? visits->back : visits->ahead, at);
    return seq;
}

gboolean cav_visits_can_go(const CavVisits *visits, gboolean forward)
{
    g_return_val_if_fail(visits != NULL && visits->back != NULL, FALSE);
    return (forward ? visits->ahead : visits->back)->len > 0;
}
