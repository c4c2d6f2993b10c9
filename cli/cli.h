/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli.h — the headless subcommands of `cavelog`: list, events, autoplay,
 * verify. Each takes its own argv (argv[0] is the subcommand's name), parses
 * it with GOptionContext and returns the process exit status: 0 success, 1 a
 * runtime error (already printed as one line on stderr), 2 a usage error,
 * 3 (verify) a file of another release, checked but not re-run. */
#ifndef CAV_CLI_CLI_H
#define CAV_CLI_CLI_H

#include <glib.h>

G_BEGIN_DECLS

#define CLI_EXIT_OK 0
#define CLI_EXIT_ERROR 1
#define CLI_EXIT_USAGE 2
/* verify: every event and digest checked, but the file was written by
 * another release, whose rules this build does not re-run. */
#define CLI_EXIT_NOT_RERUN 3

int cli_list(int argc, char **argv);
int cli_events(int argc, char **argv);
int cli_autoplay(int argc, char **argv);
int cli_verify(int argc, char **argv);

/* cli-records.c: what past games tell. */
int cli_morgue(int argc, char **argv);
int cli_scores(int argc, char **argv);
int cli_stats(int argc, char **argv);
int cli_achievements(int argc, char **argv);
int cli_archive(int argc, char **argv);

/* Parse @argv with @context; on failure print the problem and a hint on
 * stderr. Handles --version. Returns TRUE to go on; *@status is the exit
 * status to return otherwise. */
gboolean cli_parse(GOptionContext *context, int *argc, char ***argv, int *status);

/* Print "cavelog: MESSAGE" on stderr and return CLI_EXIT_USAGE. */
int cli_usage_error(const char *message);

/* Print "cavelog: MESSAGE" on stderr and return CLI_EXIT_ERROR. */
int cli_fail(const GError *error);

/* Check at exit that everything written to standard output arrived (a full
 * disk, a closed pipe): if not, say so on stderr and exit CLI_EXIT_ERROR,
 * even after --help. Call once, early in main. */
void cli_check_stdout_at_exit(void);

/* Everything printed with g_print and g_printerr from now on goes out as
 * ev_shown_lines() shows it: no control byte from a file, a file name or a
 * data folder reaches the terminal raw, whatever message carries it; and
 * in the locale's charset (cli_for_terminal). */
void cli_print_shown(void);

/* @text (UTF-8) as the locale's charset can show it (caller frees): as it
 * is under a UTF-8 locale; else the typographic characters the program's
 * words use ("—", "…", "“”", "’", "×", "→") spelled in ASCII, and any other
 * character the charset lacks as "?". What goes to a terminal passes here;
 * files written (morgues, --json) stay UTF-8. */
char *cli_for_terminal(const char *text);

/* Parse a range of turns "A..B", "A.." (to the last) or "..B" (from 0),
 * whole numbers with A <= B, into *@first and *@last (G_MAXINT32 for an
 * open end). FALSE, leaving them, for anything else. */
gboolean cli_parse_turn_range(const char *text, gint32 *first, gint32 *last);

/* A new save path in the games folder for a game with @seed. */
char *cli_new_save_path(gint64 seed);

/* Whether to play or replay in line mode (text/): @option (--text) was
 * given, or $CAVELOG_TEXT is 1. */
gboolean cli_text_wanted(gboolean option);

/* A seed from the clock, for games started without --seed. */
gint64 cli_random_seed(void);

G_END_DECLS

#endif
