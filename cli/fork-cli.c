/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork-cli.c — `cavelog fork`: a new game file holding a saved game's
 * history up to a turn, to be played on with `cavelog continue`. */
#include "fork-cli.h"

#include "cli.h"
#include "fork.h"

/* Fork @parent at @turn into @save (NULL: a new file in the games folder). */
static int fork_to(const char *parent, gint32 turn, const char *save)
{
    g_autofree char *path = save != NULL ? g_strdup(save) : fork_default_path(parent, turn);
    g_autoptr(GError) error = NULL;
    g_autofree char *quoted = NULL;
    ForkReport report;

    if (!fork_game(parent, turn, path, &report, &error))
        return cli_fail(error);
    /* a line to paste into a shell: the path quoted as one word */
    quoted = g_shell_quote(path);
    g_print("Forked %s at turn %d into %s (%" G_GINT64_FORMAT " events, %" G_GINT64_FORMAT
            " bookmarks).\nPlay on with: cavelog continue %s\n",
            parent, turn, path, report.events, report.bookmarks, quoted);
    return CLI_EXIT_OK;
}

int fork_cli(int argc, char **argv)
{
    gint64 turn = -1;
    g_autofree char *save = NULL;
    const GOptionEntry entries[] = {
        {"turn", 't', 0, G_OPTION_ARG_INT64, &turn, "The turn to play on from (required)", "N"},
        {"save", 'o', 0, G_OPTION_ARG_FILENAME, &save,
         "Where to save the fork (default: in the games folder)", "NEW"},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("FILE --turn N");
    int status;

    g_option_context_set_summary(
        context, "A new game holding FILE's history up to turn N. The fork records where it came\n"
                 "from (cavelog list shows it) and is played on with cavelog continue.");
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc != 2)
        return cli_usage_error("fork needs exactly one FILE. Try “cavelog fork --help”.");
    if (turn < 0 || turn > G_MAXINT32)
        return cli_usage_error("fork needs --turn N, a turn of the game (0 or more)");
    return fork_to(argv[1], (gint32) turn, save);
}
