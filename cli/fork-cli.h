/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork-cli.h — `cavelog fork FILE --turn N [--save NEW]`: play on from any
 * turn of a saved game, in a new game file (see history/fork.h). */
#ifndef CAV_CLI_FORK_CLI_H
#define CAV_CLI_FORK_CLI_H

#include <glib.h>

G_BEGIN_DECLS

/* The subcommand; returns the exit status (see cli.h). */
int fork_cli(int argc, char **argv);

G_END_DECLS

#endif
