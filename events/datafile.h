/* SPDX-License-Identifier: GPL-3.0-or-later */
/* datafile.h — reading a data file a person may point cavelog at (the ini
 * files of $CAVELOG_DATA_DIR, achievements.ini) as wary as any file input:
 * a regular file, not too big, text. */
#ifndef CAV_EVENTS_DATAFILE_H
#define CAV_EVENTS_DATAFILE_H

#include <glib.h>

G_BEGIN_DECLS

/* The most bytes a data file may hold (the installed ones hold a few KB). */
#define EV_DATA_FILE_MAX (1024 * 1024)

/* The text of the data file at @path into *@text (caller frees): a regular
 * file (a FIFO or a device is refused, never waited on) of at most
 * EV_DATA_FILE_MAX bytes, with no NUL byte, in UTF-8. FALSE with a
 * G_FILE_ERROR naming @path and what is wrong with it. */
gboolean ev_read_data_file(const char *path, char **text, GError **error);

G_END_DECLS

#endif
