/* SPDX-License-Identifier: GPL-3.0-or-later */
/* history.h — a game file's whole history, for seeking: the state after any
 * event, backward as well as forward, without re-playing from the start.
 * Opening folds the file once (with every check a resume makes) and keeps a
 * compact snapshot of the state and the player's view every N events; a seek
 * restores the nearest snapshot at or before the target and folds forward
 * from there (or folds on from where it stands, when that is nearer).
 *
 * Opening also keeps an index: one small entry per event (turn, type, cause,
 * the entities it names), so that timelines, filters and an entity's history
 * need no payload decoding, and the name of every creature and item.
 *
 * Read-only: the file is never changed. A file being played right now opens
 * too (WAL), and history_update() takes in the turns appended since. */
#ifndef CAV_HISTORY_HISTORY_H
#define CAV_HISTORY_HISTORY_H

#include <gio/gio.h>

#include "replay-query.h"
#include "state.h"
#include "store.h"
#include "view.h"

G_BEGIN_DECLS

typedef struct History History;

/* Entities an entry records, per kind; no event names more (checked). */
#define HISTORY_REFS 3

/* What the index knows of one event without decoding it. */
typedef struct {
    gint64 cause; /* seq of the event that triggered it, 0 for none */
    gint32 turn;
    guint16 type;                    /* CavEventType */
    guint16 actor;                   /* envelope actor, a creature id; 0 for none */
    guint16 creatures[HISTORY_REFS]; /* creature ids the payload names, 0-padded */
    guint16 items[HISTORY_REFS];     /* item ids the payload names, 0-padded */
    guint16 target;                  /* the entity it happens to (ev_target), 0 for none */
    guint8 target_kind;              /* CavRefKind of @target */
    guint32 sum;                     /* of the event as folded (history_read checks it) */
} HistoryEntry;

/* Called now and then while opening: @done of @total events folded. */
typedef void (*HistoryProgress)(gint64 done, gint64 total, gpointer data);

/* Open @path and fold it, keeping a snapshot every @every events (0: a
 * default, 2,048 events, more in a long game so that about 128 snapshots
 * are kept, at most 16,384 events apart). NULL with an error naming the problem for a bad file. */
History *history_open(const char *path, gint64 every, GError **error);

/* The same, reporting progress to @progress (nullable) and stopping with
 * G_IO_ERROR_CANCELLED when @cancellable is cancelled. Safe to run in a
 * worker thread; the History may then be handed to another thread. */
History *history_open_full(const char *path, gint64 every, HistoryProgress progress, gpointer data,
                           GCancellable *cancellable, GError **error);

/* Called once, early, with the state and the player's view after the
 * newest event (borrowed for the call), when an authenticated keyframe of
 * this installation (seal.h) gives them without the full fold. They are
 * checked from that keyframe on, but the history before it is not yet:
 * show them as a preview, "checking…", until the open returns. */
typedef void (*HistoryPreview)(const CavState *state, const CavView *view, gpointer data);

/* history_open_full, calling @preview (nullable; in the opening thread,
 * with @data) first when a keyframe allows. */
History *history_open_previewed(const char *path, gint64 every, HistoryPreview preview,
                                HistoryProgress progress, gpointer data, GCancellable *cancellable,
                                GError **error);

void history_free(History *history);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(History, history_free)

const char *history_path(const History *history);

/* The file as the history reads it (read-only, checked; borrowed), for
 * what else a viewer reads or writes beside it (bookmarks, a fork). Use it
 * in the thread that uses the history. A process must not open a file it
 * has open a second time with store_open(): closing the second open drops
 * the POSIX locks the first holds. */
Store *history_store(History *history);

/* The number of events (the last seq) the history holds. */
gint64 history_length(const History *history);

/* Take in the turns appended to the file since it was opened or last
 * updated, with the same checks. *@added (nullable) receives the number of
 * new events (0 when there are none). FALSE with an error when the file
 * changed in a way a game never writes; the history is then as before. */
gboolean history_update(History *history, gint64 *added, GError **error);

/* Make the current state the one after event @seq (0: before any event).
 * FALSE with an error if the file cannot be read any more. */
gboolean history_seek(History *history, gint64 seq, GError **error);

/* The current state and the player's view and memory at it. Borrowed;
 * they change with each seek. */
const CavState *history_state(const History *history);
const CavView *history_view(const History *history);

/* The state after the newest event (what a follower shows). Borrowed. */
const CavState *history_last_state(const History *history);

/* The index entry of event @seq (1 … length), or NULL out of range. */
const HistoryEntry *history_entry(const History *history, gint64 seq);

/* Whether @entry names the entity @id of @kind (as actor or in its payload). */
gboolean history_entry_names(const HistoryEntry *entry, CavRefKind kind, gint32 id);

/* The first event of @turn (0 when there is no such turn), and the turn count. */
gint64 history_turn_start(const History *history, gint32 turn);
gint32 history_turns(const History *history);

/* The player's state at the end of @turn (what a condition's state terms
 * read, replay-query.h): sets @facts' turn and state, not its types.
 * FALSE for a turn the history does not hold. */
gboolean history_turn_facts(const History *history, gint32 turn, ReplayFacts *facts);

/* Decode events @first … @last (inclusive, within 1 … length) into @out
 * (a GArray of CavEvent, appended). Each must be the event that was folded
 * (validated) when the history was opened or updated: one that has changed
 * in the file since is a STORE_ERROR_TAMPERED naming it. */
gboolean history_read(History *history, gint64 first, gint64 last, GArray *out, GError **error);

/* The command of @turn as recorded (JSON text; caller frees). */
char *history_turn_command(History *history, gint32 turn, GError **error);

/* The events whose cause is @seq, in order, as a GArray of gint64 seqs. */
GArray *history_caused(const History *history, gint64 seq);

/* A name for an entity: "you" for the player, else "goblin 5", "bread 12";
 * "nobody" / "nothing" for 0. Appended to @out. */
void history_append_name(const History *history, CavRefKind kind, gint32 id, GString *out);

/* The kind of creature @id ("goblin") or the name of item @id ("bread"; a
 * potion with its look: "cyan potion (potion of poison)"), or NULL when the
 * file never spawned it. */
const char *history_kind(const History *history, CavRefKind kind, gint32 id);

/* @event's one-line summary with entities named: "goblin 5 hit you for 7". */
void history_summary(const History *history, const CavEvent *event, GString *out);

/* The player's view at event @seq: history_append_name(), but a potion
 * whose look the player did not know after @seq is named by its look
 * alone ("cyan potion 12"). */
void history_append_name_seen(const History *history, CavRefKind kind, gint32 id, gint64 seq,
                              GString *out);

/* history_summary() as the player could know it after the event: names
 * as history_append_name_seen(), and a payload's word naming an unknown
 * potion's kind (an item appearing, a look assigned, an effect begun)
 * replaced by its look or "unknown". */
void history_summary_seen(const History *history, const CavEvent *event, GString *out);

/* The first event after which the player stood on depth @z (0-based), or
 * G_MAXINT64 when they never did. */
gint64 history_depth_seen(const History *history, gint32 z);

/* Bytes held in snapshots, for the benchmark's report. */
gsize history_snapshot_bytes(const History *history);

G_END_DECLS

#endif
