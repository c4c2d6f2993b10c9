/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-inspector-window.h — one game file's history in a window: the map at
 * the shown event, the timeline, filters, the scrubber, entities and the
 * selected event's detail. */
#ifndef CAV_INSPECTOR_CAV_INSPECTOR_WINDOW_H
#define CAV_INSPECTOR_CAV_INSPECTOR_WINDOW_H

#include <adwaita.h>

#include "history.h"

G_BEGIN_DECLS

#define CAV_TYPE_INSPECTOR_WINDOW (cav_inspector_window_get_type())
G_DECLARE_FINAL_TYPE(CavInspectorWindow, cav_inspector_window, CAV, INSPECTOR_WINDOW,
                     AdwApplicationWindow)

CavInspectorWindow *cav_inspector_window_new(GtkApplication *application);

/* Read @file in the background and show it ("loaded"). A file that cannot
 * be read is reported: when the window showed no game, on a status page
 * with the error's line and to the "failed" signal (a GError); else in a
 * dialog over the game, which stays shown (to "failed" only when
 * headless). */
void cav_inspector_window_open(CavInspectorWindow *self, GFile *file);

/* The file shown, or NULL. */
GFile *cav_inspector_window_get_file(CavInspectorWindow *self);

/* Whether a game is loaded and shown. */
gboolean cav_inspector_window_is_loaded(CavInspectorWindow *self);

/* Headless use: no dialogs, no remembered settings written; every failure
 * goes to "failed" (a GError). */
void cav_inspector_window_set_headless(CavInspectorWindow *self, gboolean headless);

/* Whether the window is headless (no dialogs). */
gboolean cav_inspector_window_get_headless(CavInspectorWindow *self);

/* Show the world after event @seq (clamped to the history). */
void cav_inspector_window_show_event(CavInspectorWindow *self, gint64 seq);

/* Show entity @id of @kind (CAV_REF_CREATURE or CAV_REF_ITEM) on the
 * Entities page: what it is at the shown event, and its history. Does
 * nothing before a game is loaded. */
void cav_inspector_window_select_entity(CavInspectorWindow *self, CavRefKind kind, gint32 id);

/* The seq of the event shown (0: before the first). */
gint64 cav_inspector_window_get_event(CavInspectorWindow *self);

/* The history shown (borrowed), or NULL before one is loaded. */
History *cav_inspector_window_get_history(CavInspectorWindow *self);

/* The filtered timeline, as the window shows it (borrowed). */
GListModel *cav_inspector_window_get_timeline(CavInspectorWindow *self);

/* The turn of the newest state previewed (from an authenticated keyframe,
 * history.h) while the file shown last was being checked; -1 when none was. */
gint32 cav_inspector_window_get_preview_turn(CavInspectorWindow *self);

/* Tell the person at the window something that needs no answer, in a toast
 * (nothing for a headless window). */
void cav_inspector_window_add_toast(CavInspectorWindow *self, const char *text);

/* Tell the person at the window something they must read, in a dialog with
 * @heading and @body (nothing for a headless window). */
void cav_inspector_window_alert(CavInspectorWindow *self, const char *heading, const char *body);

/* The same for @error, a STORE_ERROR or other "PATH: what is wrong": its
 * body says what is wrong as a sentence, then where the file is. */
void cav_inspector_window_alert_error(CavInspectorWindow *self, const char *heading,
                                      const GError *error);

G_END_DECLS

#endif
