/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lineage.h — where a fork came from: the `lineage` table a fork's file
 * holds (the parent's file name, seed, creation and digest of the turn it
 * was made at), read back checked like any other row. */
#ifndef CAV_STORE_LINEAGE_H
#define CAV_STORE_LINEAGE_H

#include "store.h"

G_BEGIN_DECLS

/* The longest parent file name and creation time a lineage row holds. */
#define LINEAGE_FILE_MAX 255
#define LINEAGE_CREATED_MAX 64

/* At most one row: where this game was forked from. */
#define LINEAGE_TABLE_SQL                                                                          \
    "CREATE TABLE IF NOT EXISTS lineage (id INTEGER PRIMARY KEY CHECK (id = 1),"                   \
    " parent_file TEXT NOT NULL, parent_seed INTEGER NOT NULL, parent_created TEXT NOT NULL,"      \
    " parent_digest TEXT NOT NULL, turn INTEGER NOT NULL) STRICT;\n"

typedef struct {
    char *parent_file;     /* the parent's file name (no folder), valid UTF-8 */
    gint64 parent_seed;    /* the parent's seed (the fork's too) */
    char *parent_created;  /* when the parent game was created */
    guint64 parent_digest; /* the parent's recorded digest of turn @turn */
    gint32 turn;           /* the turn the fork was made at */
} Lineage;

void lineage_clear(Lineage *lineage);

/* *@found: whether @store records a lineage; if so @out holds it (clear
 * it with lineage_clear). FALSE with a STORE_ERROR_TAMPERED when the
 * table holds anything cavelog does not write. */
gboolean lineage_read(Store *store, gboolean *found, Lineage *out, GError **error);

/* "forked from FILE at turn N" for a fork, NULL otherwise (or when the
 * lineage cannot be read; the checks of a fold say why). Caller frees. */
char *lineage_describe(Store *store);

G_END_DECLS

#endif
