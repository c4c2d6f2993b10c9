/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-a11y.h — names for screen readers: every control without words of
 * its own (an icon button, a menu button, a drop-down, a slider, a text
 * field) is named after its tooltip, so that none is announced by its
 * GTK class ("GtkMenuButton", "GtkImage"). */
#ifndef CAV_INSPECTOR_CAV_A11Y_H
#define CAV_INSPECTOR_CAV_A11Y_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Name @widget @label for screen readers, and the button inside it that
 * takes the focus (a menu button's, a drop-down's). */
void cav_a11y_name(GtkWidget *widget, const char *label);

/* Tell screen readers @drop_down's current choice as its description (on
 * it and its focusable button), now and whenever the choice changes. Safe to
 * call more than once. */
void cav_a11y_follow_choice(GtkDropDown *drop_down);

/* Name every control below @root (popovers included: a menu button's
 * popover is its child) that has no words of
 * its own: from its tooltip up to its first ":", ";" or " (", else from
 * its placeholder text; every drop-down also tells its choice (as
 * cav_a11y_follow_choice). */
void cav_a11y_name_controls(GtkWidget *root);

G_END_DECLS

#endif
