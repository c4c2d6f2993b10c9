/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fov.h — field of view by libtcod's symmetric shadowcasting: if A sees B, B
 * sees A. Walls are seen; nothing behind them is. */
#ifndef CAV_CORE_FOV_H
#define CAV_CORE_FOV_H

#include "state.h"

G_BEGIN_DECLS

/* Mark in @out (1 = visible, 0 = not) the cells of level @z seen from (x, y)
 * within @radius. Cells outside the radius window are cleared. */
void fov_compute(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius,
                 guint8 out[CAV_HEIGHT][CAV_WIDTH]);

/* Whether (tx, ty) is within @radius of (x, y) on the same level and visible
 * from it. Symmetric, so it answers "does the target see me" too. */
gboolean fov_sees(const CavState *state, gint32 z, gint32 x, gint32 y, gint32 radius, gint32 tx,
                  gint32 ty);

G_END_DECLS

#endif
