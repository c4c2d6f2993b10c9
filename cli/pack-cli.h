/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-cli.h — `cavelog pack` and `cavelog unpack`: a game in kilobytes to
 * share, and the game file rebuilt from it (history/pack.h). */
#ifndef CAV_CLI_PACK_CLI_H
#define CAV_CLI_PACK_CLI_H

#include <glib.h>

G_BEGIN_DECLS

/* The verbs, as cli.h's: own argv, exit status returned. */
int pack_cli(int argc, char **argv);
int unpack_cli(int argc, char **argv);

/* "41 KB" for @bytes (whole kilobytes; bytes below one). Caller frees. */
char *pack_cli_size(guint64 bytes);

G_END_DECLS

#endif
