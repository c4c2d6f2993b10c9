/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inspector-testutil.h — what every inspector test does to a window on a
 * real (virtual) display: wait for a condition or a painted frame with a
 * generous deadline (CI runs suites side by side on 2 cores), find a
 * widget, wait for an event to be shown. */
#ifndef CAV_TESTS_INSPECTOR_TESTUTIL_H
#define CAV_TESTS_INSPECTOR_TESTUTIL_H

#include <adwaita.h>
#include <gtk/gtk.h>

#include "cav-inspector-window.h"
#include "testutil.h"

G_BEGIN_DECLS

/* What itest_init() set up, for itest_run() to take down. */
typedef struct {
    char *data_home;
    char *fonts;
} ItestEnv;

/* Begin an inspector test program: pinned fonts (the window's size and
 * the map's pixels follow the font: the same one everywhere, here and in a
 * cavelog-inspector it starts), a data folder of its own (recent files),
 * X11 without accessibility, GTK's test setup and libadwaita's style. */
void itest_init(int *argc, char ***argv, ItestEnv *env);

/* Run the tests added since itest_init(), remove what it made, and return
 * g_test_run()'s status. */
int itest_run(ItestEnv *env);

/* A test's fixture: a game file in a folder of its own, and the window
 * the test opens on it (or NULL). */
typedef struct {
    TmpDir tmp;
    char *path; /* "game.cavelog" in the folder; no file yet */
    GtkWidget *window;
} ItestGame;

/* g_test_add() setup and teardown of an ItestGame: the folder and path;
 * then the window destroyed (if any), pending events run, all removed. */
void itest_game_setup(ItestGame *game, gconstpointer data);
void itest_game_teardown(ItestGame *game, gconstpointer data);

/* Let the bot play a new game of @seed in @path for up to @turns turns
 * (fewer when it ends first). */
void itest_record_bot(const char *path, gint64 seed, gint32 turns);

/* How long any wait may take before the test fails. */
#define ITEST_WAIT_S 90

/* Run the main loop until @done(@data) holds or ITEST_WAIT_S pass; whether
 * it holds. */
gboolean itest_wait_until(gboolean (*done)(gpointer), gpointer data);

/* A signal handler that sets the gboolean at @data; and whether it is set. */
void itest_on_flag(gpointer data);
gboolean itest_flag_set(gpointer data);

/* Queue a draw of @widget and wait until its frame clock has painted
 * (after it is realized); fails the test after ITEST_WAIT_S. */
void itest_wait_painted(GtkWidget *widget);

/* The first widget of @type (and, when non-NULL, named @name) below @root,
 * depth first, or NULL. */
GtkWidget *itest_find_named(GtkWidget *root, GType type, const char *name);

/* Render @window to the PNG @path once transitions have run out and a frame
 * is painted (fails the test after ITEST_WAIT_S without one). */
void itest_render_shot(GtkWidget *window, const char *path);

/* With CAVELOG_TEST_SHOTS=DIR, save @window as DIR/@name, to look at (see
 * itest_render_shot); nothing without it. */
void itest_save_shot(GtkWidget *window, const char *name);

/* Run xdotool with @args (NULL-terminated; "XID" stands for @window's X
 * window) after focusing @window: real X input through XTEST. Fails the
 * test if xdotool does. */
void itest_xdotool(GtkWidget *window, const char *const *args);

/* Press @keys (xdotool's names: "Return", "shift+m") one after another on
 * @window, as a person would. */
void itest_press_keys(GtkWidget *window, const char *const *keys);

/* Type @text on @window (xdotool type), as a person would. */
void itest_type(GtkWidget *window, const char *text);

/* A real click of the first button at (@x, @y) of @widget, in @window. */
void itest_click_at(GtkWidget *window, GtkWidget *widget, double x, double y);

/* A window and the event it should show, for itest_shows_event(). */
typedef struct {
    CavInspectorWindow *window;
    gint64 seq;
} EventWait;

/* Whether the EventWait at @data's window shows its event. */
gboolean itest_shows_event(gpointer data);

G_END_DECLS

#endif
