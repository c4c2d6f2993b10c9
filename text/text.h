/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text.h — the line-mode front-end, for screen readers and braille: the same
 * game as the play screen, told as plain lines on one stream (what the
 * player perceives each turn, worded by the message log's rules, then what
 * changed of their status) and played by lines read from another (a word or
 * a key a line). No cursor addressing, no redraw, no terminal needed. */
#ifndef CAV_TEXT_TEXT_H
#define CAV_TEXT_TEXT_H

#include <stdio.h>

#include <glib.h>

#include "bus.h"
#include "session.h"

G_BEGIN_DECLS

typedef struct Text Text;

/* A line-mode game reading commands from @in and telling the game on @out
 * (neither owned; @in may be NULL for a Text that only tells, text_replay). It subscribes to @bus
 * (not owned; it must outlive the Text): events that arrive before text_run() (folding a saved
 * game, turn 0 of a new one) are worded as the player read them, and those of the last turn are
 * told when text_run() starts. Free with text_free(). */
Text *text_new(Bus *bus, FILE *in, FILE *out);

/* A SessionStartFunc (session.h) for session_open_from with @text as its
 * data: the events the resume publishes start from @state and @view. */
void text_resume_start(const CavState *state, const CavView *view, gpointer text);

/* Unsubscribe from the bus and free @text (NULL is ignored). */
void text_free(Text *text);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Text, text_free)

/* Play @session line by line until the player saves and quits (S, "quit"),
 * the input ends or a signal comes (text_signal(); every turn is saved
 * already) or the game ends (how it
 * ended is told). A level gained asks for its bonus as a numbered list.
 * FALSE with @error only when saving a turn failed (session_play()). */
gboolean text_run(Text *text, Session *session, GError **error);

/* The fatal signal (SIGINT, SIGTERM or SIGHUP) text_run() caught, or 0.
 * It ends the game as the end of the input does (every turn saved, the
 * file closed in order); the program should then die of the signal. */
int text_signal(void);

/* Tell the game in the file @path (opened read-only, with every check) as
 * lines on @out: each turn from @from_turn on that the player perceived
 * something in, headed by its number, with the status when it changed.
 * FALSE with @error when the file cannot be read. */
gboolean text_replay(const char *path, gint32 from_turn, FILE *out, GError **error);

/* ---- what a player types, for those who drive text mode (tests) -------- */

/* The item menus of text mode. */
typedef enum {
    TEXT_MENU_DROP,
    TEXT_MENU_EAT,
    TEXT_MENU_EQUIP,
    TEXT_MENU_QUAFF,
    TEXT_MENU_THROW,
    TEXT_MENU_EXAMINE,
    TEXT_MENU_READ,
    TEXT_MENU_COUNT
} TextMenuKind;

/* The items menu @kind lists for the player of @state, in its order (the
 * number typed is the index + 1): an array of item ids (caller frees). */
GArray *text_menu_items(const CavState *state, TextMenuKind kind);

/* The spells the menu of @book lists, in its order (borrowed pointers
 * into @state; caller frees the array). */
GPtrArray *text_menu_spells(const CavState *state, const CavItem *book);

/* The creatures a target menu lists for the player of @state seeing
 * @view, in its order: creature ids (caller frees). */
GArray *text_menu_targets(const CavState *state, const CavView *view);

/* The potion looks the call menu lists, in its order: those of potions
 * the player carries or sees lying, or drank or saw drunk (the bits of
 * @drunk, text_note_drunk()), that they do not know or that bear a name
 * they gave (to forget it): indexes into CavState.looks. */
GArray *text_menu_looks(const CavState *state, const CavView *view, guint32 drunk);

/* When @event is an ItemQuaffed that the player of @state drinks or sees
 * (in @view), set the bit of the potion's look in *@drunk. */
void text_note_drunk(guint32 *drunk, const CavState *state, const CavView *view,
                     const CavEvent *event);

G_END_DECLS

#endif
