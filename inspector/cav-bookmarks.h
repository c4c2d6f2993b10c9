/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-bookmarks.h — bookmarks and "Play from here" in the inspector's window:
 * the window's actions for them (win.bookmark, win.bookmark-note,
 * win.bookmark-jump, win.fork), the bookmarks popover with its list, and
 * the bookmarks drawn as marks on the scrubber. The inspector cannot run
 * the terminal game: a fork is saved beside the games, and the window says
 * where. */
#ifndef CAV_INSPECTOR_CAV_BOOKMARKS_H
#define CAV_INSPECTOR_CAV_BOOKMARKS_H

#include "cav-inspector-window.h"

G_BEGIN_DECLS

/* Add the actions to @window and fill the popover of @button (the
 * bookmarks menu button); @scrubber gets a mark per bookmark. Once, while
 * the window is made. */
void cav_bookmarks_install(CavInspectorWindow *window, GtkScale *scrubber, GtkMenuButton *button);

/* Read the shown game's bookmarks again (after a game is loaded). */
void cav_bookmarks_reload(CavInspectorWindow *window);

/* The shown game's bookmarks (Bookmark, by seq; borrowed), or NULL. */
const GPtrArray *cav_bookmarks_get_bookmarks(CavInspectorWindow *window);

/* What the window last said of a fork or a bookmark: where the fork was
 * saved, or why something failed; NULL before anything. Borrowed. */
const char *cav_bookmarks_get_notice(CavInspectorWindow *window);

/* The path of the last fork made, or NULL. Borrowed. */
const char *cav_bookmarks_get_fork_path(CavInspectorWindow *window);

G_END_DECLS

#endif
