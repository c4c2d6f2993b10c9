/* SPDX-License-Identifier: GPL-3.0-or-later */
/* recorder.h — a bus subscriber that writes each event as a short token, so a
 * test can assert a whole event stream as one literal string (STYLE.md §14):
 * "moved(c1 3,4>4,4) dug(5,4) stairs(c1 0>1)". */
#ifndef CAV_TESTS_RECORDER_H
#define CAV_TESTS_RECORDER_H

#include "bus.h"

typedef struct Recorder Recorder;

/* Subscribe a recorder to every event on @bus. Terrain rows are left out
 * unless @with_rows. Free with recorder_free() (which unsubscribes). */
Recorder *recorder_new(Bus *bus, gboolean with_rows);
void recorder_free(Recorder *recorder);

/* The tokens recorded since the last recorder_take(), space-separated;
 * clears them. Caller frees. */
char *recorder_take(Recorder *recorder);

/* Append the token for @event to @out (no separator). */
void recorder_token(const CavEvent *event, GString *out);

#endif
