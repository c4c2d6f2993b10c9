/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-cli.h — `cavelog replay FILE` and the start screen's "Replay a
 * game": opening the file with every check, then the replay screen. */
#ifndef CAV_CLI_REPLAY_CLI_H
#define CAV_CLI_REPLAY_CLI_H

#include <glib.h>

G_BEGIN_DECLS

/* `cavelog replay FILE [--turn N]`; returns the exit status (see cli.h). */
int replay_cli(int argc, char **argv);

/* The start screen's "Replay a game": pick one of the saved games and
 * replay it from its first turn. Returns the exit status. */
int replay_cli_pick(void);

G_END_DECLS

#endif
