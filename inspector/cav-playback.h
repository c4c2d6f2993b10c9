/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-playback.h — playing a history: while "playing", each frame asks its
 * owner to move on as many steps (events or turns, the owner's choice) as
 * the speed asks for by then, and stops when the owner says it is at the
 * end. */
#ifndef CAV_INSPECTOR_CAV_PLAYBACK_H
#define CAV_INSPECTOR_CAV_PLAYBACK_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CAV_TYPE_PLAYBACK (cav_playback_get_type())
G_DECLARE_FINAL_TYPE(CavPlayback, cav_playback, CAV, PLAYBACK, GObject)

/* Move @steps steps on from the one shown; FALSE when there is none to
 * move to (playing stops). */
typedef gboolean (*CavPlaybackAdvance)(gint64 steps, gpointer user_data);

/* A playback paced by @clock's frame clock (not referenced: it must outlive
 * the playback, or see it stopped first), calling @advance with
 * @user_data. */
CavPlayback *cav_playback_new(GtkWidget *clock, CavPlaybackAdvance advance, gpointer user_data);

/* Play or pause. Playing (again) counts the steps from now. Property
 * "playing" is notified when it changes, also when playing stops at the
 * end. */
void cav_playback_set_playing(CavPlayback *self, gboolean playing);
gboolean cav_playback_get_playing(CavPlayback *self);

/* Play @per_second steps a second (several a frame when frames are fewer),
 * counted from now. */
void cav_playback_set_speed(CavPlayback *self, guint per_second);

/* Show the state on @button (a pause icon while playing, else a play icon)
 * and take the speed from @speeds, whose items are 2, 10, 50, 250 and 1000
 * steps a second (neither is referenced: they must outlive the playback). */
void cav_playback_bind_controls(CavPlayback *self, GtkButton *button, GtkDropDown *speeds);

G_END_DECLS

#endif
