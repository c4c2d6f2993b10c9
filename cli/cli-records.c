/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-records.c — morgue, scores, stats and achievements: the subcommands
 * that tell what past games hold. They read game files and never change
 * them; the work is in history/morgue.c and history/records.c. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "morgue.h"
#include "records-archive.h"
#include "records.h"
#include "shown.h"

/* Write @text to stdout in the locale's charset (cli_for_terminal); a
 * failed write (a full disk, a closed pipe) is an error like any other. */
static int print_out(const GString *text)
{
    g_autofree char *lines = ev_shown_lines(text->str); /* what came from the files */
    g_autofree char *shown = cli_for_terminal(lines);
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
    if (g_file_test(path, G_FILE_TEST_IS_DIR)) { /* the story goes into a file, never over one */
        g_printerr("cavelog: %s: a folder, not a file to write the morgue to\n", path);
        return CLI_EXIT_ERROR;
    }
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
    "Reads every game file (*.cavelog, *.cavelog.gz) in FOLDER (default: the games\n"
    "folder, $XDG_DATA_HOME/cavelog/games), each read-only and checked; a file\n"
    "that cannot be read is listed with its problem.";

/* Where scores, stats and achievements read: a folder, or the archive. */
typedef struct {
    char *dir;        /* a folder of game files, or NULL */
    Archive *archive; /* with --db */
} Source;

static void source_clear(Source *source)
{
    g_free(source->dir);
    g_clear_pointer(&source->archive, archive_close);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Source, source_clear)

/* Parse the options of a folder command into @source; FALSE with *@status
 * when done (help, a usage error, no games yet). */
static gboolean parse_folder_command(const char *command, const char *what, int argc, char **argv,
                                     Source *source, int *status)
{
    g_autofree char *summary = g_strdup_printf("%s\n\n%s", what, folder_summary);
    g_autoptr(GOptionContext) context = g_option_context_new("[FOLDER]");
    g_autofree char *db = NULL;
    g_autoptr(GError) error = NULL;
    const GOptionEntry entries[] = {
        {"db", 0, 0, G_OPTION_ARG_STRING, &db, "Answer from the archive at URI (see archive)",
         "URI"},
        G_OPTION_ENTRY_NULL,
    };

    g_option_context_set_summary(context, summary);
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, status))
        return FALSE;
    if (db == NULL)
        return (source->dir = folder_argument(command, argc, argv, status)) != NULL;
    if (argc > 1) {
        *status = cli_usage_error("--db takes no FOLDER: the archive holds the games");
        return FALSE;
    }
    source->archive = archive_open(db, &error);
    if (source->archive == NULL)
        *status = cli_fail(error);
    return source->archive != NULL;
}

int cli_scores(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_auto(Source) source = {NULL, NULL};
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (!parse_folder_command("scores", "Rank past games by score.", argc, argv, &source, &status))
        return status;
    games = source.archive != NULL ? records_archive_scores(source.archive, &error)
                                   : records_scores(source.dir, &error);
    if (games == NULL)
        return cli_fail(error);
    records_scores_print(games, text);
    return print_out(text);
}

int cli_stats(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_auto(Source) source = {NULL, NULL};
    g_autoptr(GError) error = NULL;
    g_autoptr(RecordsStats) stats = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (!parse_folder_command(
            "stats", "Win rate, causes of death, killers, turns, items: SQL over every game.", argc,
            argv, &source, &status))
        return status;
    stats = source.archive != NULL ? records_archive_stats(source.archive, &error)
                                   : records_stats(source.dir, &error);
    if (stats == NULL)
        return cli_fail(error);
    if (source.archive != NULL) {
        records_stats_print_figures(stats, text);
        records_archive_print_how(text);
    } else {
        records_stats_print(stats, text);
    }
    return print_out(text);
}

int cli_achievements(int argc, char **argv)
{
    int status = CLI_EXIT_OK;
    g_auto(Source) source = {NULL, NULL};
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = NULL;
    g_autoptr(GPtrArray) games = NULL;
    g_autoptr(GString) text = g_string_new(NULL);

    if (!parse_folder_command("achievements", "Which past games earned each achievement.", argc,
                              argv, &source, &status))
        return status;
    achievements = records_achievements_load(&error);
    if (achievements == NULL)
        return cli_fail(error);
    games = source.archive != NULL
                ? records_archive_achievements(source.archive, achievements, &error)
                : records_achievements_evaluate(source.dir, achievements, &error);
    if (games == NULL)
        return cli_fail(error);
    records_achievements_print(achievements, games, text);
    return print_out(text);
}

/* One line about a file archived (stdout) or refused (stderr). */
static void say_archived(const char *line, gboolean refused, gpointer user_data)
{
    g_autofree char *shown = ev_shown_lines(line);

    if (refused)
        g_printerr("cavelog: %s\n", shown);
    else if (!*(gboolean *) user_data)
        g_print("%s\n", shown);
}

/* "3 games archived in 1.20 s (120000 events, 100000 events/s: checked in …,
 * copied in … (N events/s), queries answered in …, at once), 1 already
 * there, 1 refused". */
static void print_tally(const RecordsArchiveTally *tally)
{
    double wall_s = (double) tally->wall_us / 1e6, copy_s = (double) tally->copy_us / 1e6;

    g_print("%u game%s archived in %.2f s (%" G_GINT64_FORMAT " events", tally->archived,
            tally->archived == 1 ? "" : "s", wall_s, tally->events);
    if (wall_s > 0)
        g_print(", %.0f events/s", (double) tally->events / wall_s);
    g_print(": checked in %.2f s, copied in %.2f s", (double) tally->check_us / 1e6, copy_s);
    if (copy_s > 0)
        g_print(" (%.0f events/s)", (double) tally->events / copy_s);
    g_print(", queries answered in %.2f s, at once), %u already there, %u refused\n",
            (double) tally->answer_us / 1e6, tally->already, tally->refused);
}

int cli_archive(int argc, char **argv)
{
    g_autofree char *to = NULL;
    gboolean quiet = FALSE;
    const GOptionEntry entries[] = {
        {"to", 0, 0, G_OPTION_ARG_STRING, &to,
         "The archive: postgresql://USER@HOST/DB or key=value words", "URI"},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print only the refused files and the total",
         NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("FILE… --to URI");
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) achievements = NULL;
    RecordsArchiveTally tally = {0};
    int status;

    g_option_context_set_summary(
        context, "Put finished games into the community archive on PostgreSQL.\n"
                 "Each FILE, a finished game, is checked as `cavelog verify` checks it, then\n"
                 "stored in one transaction; a game already archived is skipped. A file that\n"
                 "fails a check is named and skipped, and the exit status is then 1.\n"
                 "Then: cavelog scores|stats|achievements --db URI.");
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (to == NULL || argc < 2)
        return cli_usage_error("archive needs FILE… and --to URI. Try “cavelog archive --help”.");
    achievements = records_achievements_load(NULL); /* their answers kept at once, if any */
    if (!records_archive_files(to, (const char *const *) argv + 1, achievements, &tally,
                               say_archived, &quiet, &error))
        return cli_fail(error);
    print_tally(&tally);
    return tally.refused > 0 ? CLI_EXIT_ERROR : CLI_EXIT_OK;
}
