/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shown.h — the one rule for text that came from a file, a file name or a
 * data folder and is shown to a person: every byte that could steer a
 * terminal or reorder what is read (C0 controls, DEL, C1 controls, bidi
 * controls) and every byte that is not UTF-8 is shown escaped, never raw. */
#ifndef CAV_EVENTS_SHOWN_H
#define CAV_EVENTS_SHOWN_H

#include <glib.h>

G_BEGIN_DECLS

/* @text (nullable: "") as it may be shown: C0 controls, DEL and C1
 * controls (U+0080–U+009F) as `\e` (ESC), `\n`, `\r`, `\t`, `\xNN` or `\uNNNN`; the
 * bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) as
 * `\uNNNN`; each byte that is not part of valid UTF-8 as `\xNN`. Everything
 * else is kept. Caller frees. */
char *ev_shown(const char *text);

/* ev_shown(), but newlines and tabs kept: for a whole text made of lines
 * (what a command prints), whose values were each shown already. */
char *ev_shown_lines(const char *text);

/* Whether @text is valid UTF-8 that ev_shown() leaves as it is: what
 * cavelog itself writes into a file (a name, a note) must be. */
gboolean ev_text_clean(const char *text);

G_END_DECLS

#endif
