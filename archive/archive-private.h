/* SPDX-License-Identifier: GPL-3.0-or-later */
/* archive-private.h — what archive.c and schema.c share: running cavelog's
 * own statements, and making the schema. */
#ifndef CAV_ARCHIVE_ARCHIVE_PRIVATE_H
#define CAV_ARCHIVE_ARCHIVE_PRIVATE_H

#include "archive.h"

G_BEGIN_DECLS

/* PostgreSQL's type oid of boolean (pg_type.h, stable since forever). */
#define ARCHIVE_BOOL_OID 16

/* Run @sql, cavelog's own statements (several allowed, no parameters). */
gboolean archive_exec(Archive *archive, const char *sql, const char *doing, GError **error);

/* Make the tables when missing and this build's views when the archive's
 * differ, in one transaction under an advisory lock (archivers may race). */
gboolean archive_schema_ensure(Archive *archive, GError **error);

/* The views as this build makes them (for tests and the README). */
void archive_schema_views(GString *out);

G_END_DECLS

#endif
