/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-records.c — morgue, scores, stats and achievements: the subcommands
 * that tell what past games hold. They read game files and never change
 * them; the work is in history/morgue.c and history/records.c. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "morgue.h"
#include "records.h"
#include "shown.h"

/* Write @text to stdout; a failed write (a full disk, a closed pipe) is an
 * error like any other. */
static int print_out(const GString *text)
{
    g_autofree char *shown = ev_shown_lines(text->str); /* what came from the files */
    gsize len = strlen(shown);

    if (fwrite(shown, 1, len, stdout) != len || fflush(stdout) != 0) {
        g_printerr("cavelog: could not write the output: %s\n", g_strerror(errno));
        return CLI_EXIT_ERROR;
    }
    return CLI_EXIT_OK;
}

int cli_morgue(int argc, char **argv)
{
    g_autofree char *output = NULL;
    const GOptionEntry entries[] = {
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
         "Where to write it, - to print (default: GAME.morgue.txt)", "OUT"},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("FILE");
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    g_autoptr(GString) text = g_string_new(NULL);
    g_autofree char *path = NULL;
    int status;

    g_option_context_set_summary(
        context, "Write the story of a game: character, end, kills, pack, what was known,\n"
                 "timeline, last messages; beside the game (GAME.morgue.txt), in OUT, or printed.");
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc != 2)
        return cli_usage_error("morgue needs exactly one FILE. Try “cavelog morgue --help”.");
    store = store_open(argv[1], FALSE, &error);
    if (store == NULL)
        return cli_fail(error);
    if (g_strcmp0(output, "-") == 0)
        return morgue_describe(store, text, &error) ? print_out(text) : cli_fail(error);
    path = output != NULL ? g_strdup(output) : morgue_path_for(argv[1]);
    if (!morgue_write(store, path, &error))
        return cli_fail(error);
    g_print("%s\n", path);
    return CLI_EXIT_OK;
}

/* The FOLDER argument of scores, stats and achievements (default: the
 * games folder); NULL after printing the problem. */
static char *folder_argument(const char *command, int argc, char **argv, int *status)
{
    g_autofree char *dir = NULL;

    if (argc > 2) {
        g_autofree char *message = g_strdup_printf("%s takes at most one FOLDER", command);
        *status = cli_usage_error(message);
        return NULL;
    }
    dir = argc == 2 ? g_strdup(argv[1]) : store_games_dir();
    if (argc == 1 && !g_file_test(dir, G_FILE_TEST_EXISTS)) {
        g_print("No games in %s yet.\n", dir); /* none played yet */
        *status = CLI_EXIT_OK;
        return NULL;
    }
    if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
        g_printerr("cavelog: %s: %s\n", dir,
                   g_file_test(dir, G_FILE_TEST_EXISTS) ? "not a folder of games"
                                                        : "no such folder");
        *status = CLI_EXIT_ERROR;
        return NULL;
    }
    return g_steal_pointer(&dir);
}

static const char folder_summary[] =
    "Reads every game file (*.cavelog) in FOLDER (default: the games folder,\n"
    "$XDG_DATA_HOME/cavelog/games), each read-only and checked; a file that cannot\n"
    "be read is listed with its problem.";

/* Parse the options of a folder command; NULL with *@status when done. */
static char *parse_folder_command(const char *command, const char *what, int argc, char **argv,
                                  int *status)
{
    g_autofree char *summary = g_strdup_printf("%s\n%s", what, folder_summary);
    g_autoptr(GOptionContext) context = g_option_context_new("[FOLDER]");

    g_option_context_set_summary(context, summary);
    if (!cli_parse(context, &argc, &argv, status))
        return NULL;
    return folder_argument(command, argc, argv, status);
}

int cli_scores(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_autofree char *dir =
        parse_folder_command("scores", "Rank past games by score.", argc, argv, &status);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (dir == NULL)
        return status;
    games = records_scores(dir, &error);
    if (games == NULL)
        return cli_fail(error);
    records_scores_print(games, text);
    return print_out(text);
}

int cli_stats(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_autofree char *dir = parse_folder_command(
        "stats", "Win rate, causes of death, killers, turns, items: SQL over every game.", argc,
        argv, &status);
    g_autoptr(GError) error = NULL;
    g_autoptr(RecordsStats) stats = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (dir == NULL)
        return status;
    stats = records_stats(dir, &error);
    if (stats == NULL)
        return cli_fail(error);
    records_stats_print(stats, text);
    return print_out(text);
}

int cli_achievements(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_autofree char *dir = parse_folder_command(
        "achievements", "Which past games earned each achievement.", argc, argv, &status);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (dir == NULL)
        return status;
    achievements = records_achievements_load(&error);
    if (achievements == NULL)
        return cli_fail(error);
    games = records_achievements_evaluate(dir, achievements, &error);
    if (games == NULL)
        return cli_fail(error);
    records_achievements_print(achievements, games, text);
    return print_out(text);
}
