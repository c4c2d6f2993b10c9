/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack.h — a game in kilobytes: a pack (NAME.cavepack) holds what the game
 * file's history follows from (the game's identity and seed, the release
 * and the data it was played by, every turn's command with the digest and
 * the number of events it made, the bookmarks, a fork's lineage), and the
 * game file is rebuilt from it by re-running the commands, every turn
 * checked as it goes. A pack is untrusted input like any game file.
 *
 * The file: the 8 bytes "CAVEPACK", the format as 4 bytes little-endian
 * (PACK_FORMAT), then a zlib stream of one GVariant (PACK_TYPE, little-
 * endian, normal form). */
#ifndef CAV_HISTORY_PACK_H
#define CAV_HISTORY_PACK_H

#include "bookmarks.h"
#include "content.h"
#include "lineage.h"
#include "store.h"

G_BEGIN_DECLS

#define PACK_FORMAT 1

/* build, seed, player name, created, updated, the data files (name, text),
 * each turn's command (JSON as the game file holds it), digest and number
 * of events, the bookmarks (seq, note, created), a fork's lineage (none or
 * one: parent file, seed, created, digest, turn). */
#define PACK_TYPE "(sxsssa(ss)asataua(xss)a(sxsti))"

/* Limits on what a pack may hold: a pack file of at most 16 MiB whose data
 * grows to at most 64 MiB, up to 500,000 turns (a game file of about 1 GB). */
#define PACK_FILE_MAX (16 << 20)
#define PACK_DATA_MAX (64 << 20)
#define PACK_TURNS_MAX 500000
#define PACK_COMMAND_MAX 4096
#define PACK_TEXT_MAX (1 << 20)
#define PACK_TURN_EVENTS_MAX 100000

typedef struct {
    char *build; /* the release that recorded the game */
    gint64 seed;
    char *player_name;
    char *created, *updated;
    char *content[CAV_CONTENT_FILES]; /* the texts of the data files, by CavContentFile */
    GPtrArray *commands;              /* char *, by turn from 0 */
    GArray *digests;                  /* guint64, by turn */
    GArray *events;                   /* guint32: the events each turn made */
    GPtrArray *bookmarks;             /* Bookmark */
    gboolean forked;
    Lineage lineage; /* when forked */
} Pack;

Pack *pack_new(void);
void pack_free(Pack *pack);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Pack, pack_free)

/* @pack as a pack file's bytes (header and compressed data). */
GBytes *pack_encode(const Pack *pack);

/* The pack in @data (a whole pack file's bytes), every limit and field
 * checked; NULL with a STORE_ERROR naming @path and the problem (not a
 * pack, a newer format, damaged, a count or a text out of bounds). */
Pack *pack_decode(const guint8 *data, gsize size, const char *path, GError **error);

/* Everything a pack needs of the game @store reads: @store is verified
 * first, with every check `cavelog verify` makes and its commands re-run
 * (a game of another release, whose rules this build does not have, is
 * refused: its pack could not be rebuilt here). NULL with an error. */
Pack *pack_from_store(Store *store, GError **error);

/* Rebuild the game file @dest (which must not exist) from the pack file
 * @path: each recorded command re-run by the pack's own data, and each
 * turn's digest and number of events checked as it goes; then the game
 * row's times, the bookmarks and the lineage; then the whole file read
 * back with every check a reader makes. The first turn that differs is
 * named; a pack of another release is refused, naming it. On any problem
 * FALSE with a STORE_ERROR and no file at @dest. The StoreRebuildFunc of copies.h, for readers. */
gboolean pack_rebuild(const char *path, const char *dest, GError **error);

/* What pack_unpack rebuilt. */
typedef struct {
    gint32 turns;  /* the last turn */
    gint64 events; /* every event */
} PackCounts;

/* pack_rebuild into @out, by way of a temporary file beside it that is
 * put in place only once the game is whole and checked: on any problem
 * (or when @out exists) FALSE and no file. */
gboolean pack_unpack(const char *path, const char *out, PackCounts *counts, GError **error);

/* Write @pack to the new file @out (never over one), by way of a temporary
 * file beside it; *@size gets the pack's size in bytes. */
gboolean pack_save(const Pack *pack, const char *out, gsize *size, GError **error);

/* Let every reader open a pack (store_open read-only rebuilds it into a
 * private copy). Call once, early, in a program that reads games. */
void pack_enable_readers(void);

G_END_DECLS

#endif
