/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — `cavelog`: the start screen, and a subcommand per verb (new,
 * continue, list, events, autoplay, verify, pack…). Games started here are
 * played in the ncurses screen of tui-play.c, or with --text (CAVELOG_TEXT=1)
 * in the line mode of text/. */
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "cavelog-config.h"
#include "cli.h"
#include "fork-cli.h"
#include "pack-cli.h"
#include "pack.h"
#include "replay-cli.h"
#include "seal.h"
#include "session.h"
#include "shown.h"
#include "store.h"
#include "text.h"
#include "tui.h"

/* Play @session on the play screen of @tui, or in line mode with @text
 * (when not NULL); *@over (when not NULL) says whether the game has ended. */
static int play(Session *session, Tui *tui, Text *text, gboolean *over)
{
    g_autoptr(GError) error = NULL;
    gboolean ok = text != NULL ? text_run(text, session, &error) : tui_run(tui, session, &error);

    if (over != NULL)
        *over = session_state(session)->outcome != OUTCOME_PLAYING;
    if (!ok || !session_close(session, &error))
        return cli_fail(error);
    if (session_morgue_problem(session) != NULL) {
        /* A write that failed is an error, though the game itself is saved. */
        g_printerr("cavelog: %s\n", session_morgue_problem(session));
        return CLI_EXIT_ERROR;
    }
    if (session_morgue_path(session) != NULL)
        g_print("The story of this game: %s\n", session_morgue_path(session));
    return CLI_EXIT_OK;
}

/* A new game in line mode: no terminal needed, stdin and stdout. */
static int start_new_text(gint64 seed, const char *save, const char *name)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Text) text = text_new(bus, stdin, stdout);
    g_autofree char *path = save != NULL ? g_strdup(save) : cli_new_save_path(seed);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_new_game(path, seed, name, bus, &error);

    if (session == NULL)
        return cli_fail(error);
    return play(session, NULL, text, NULL);
}

static int start_new(gint64 seed, const char *save, const char *name, gboolean *over)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Tui) tui = NULL;
    g_autofree char *path = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = NULL;

    /* no terminal, no game: checked before the file is made, and no file
     * until the terminal is big enough to play in */
    if (!tui_check_terminal(&error))
        return cli_fail(error);
    if (!tui_wait_for_room(&error)) {
        if (over != NULL)
            *over = TRUE; /* back to the start screen, if it showed */
        return error != NULL ? cli_fail(error) : CLI_EXIT_OK;
    }
    tui = tui_new(bus);
    path = save != NULL ? g_strdup(save) : cli_new_save_path(seed);
    session = session_new_game(path, seed, name, bus, &error);
    if (session == NULL)
        return cli_fail(error);
    return play(session, tui, NULL, over);
}

static int cmd_new(int argc, char **argv)
{
    gboolean text = FALSE;
    gint64 seed = G_MININT64;
    g_autofree char *save = NULL;
    g_autofree char *name = NULL;
    const GOptionEntry entries[] = {
        {"seed", 's', 0, G_OPTION_ARG_INT64, &seed, "World seed (default: from the clock)", "N"},
        {"save", 'o', 0, G_OPTION_ARG_FILENAME, &save,
         "Where to save (default: a new file in the games folder)", "FILE"},
        {"name", 0, 0, G_OPTION_ARG_STRING, &name, "Your name (default: your login)", "NAME"},
        {"text", 0, 0, G_OPTION_ARG_NONE, &text,
         "Line mode, for screen readers (or CAVELOG_TEXT=1)", NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("— start a new game");
    int status;

    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc > 1) {
        g_printerr("cavelog: new takes no file names; use --save FILE\n");
        return CLI_EXIT_USAGE;
    }
    if (name != NULL && !ev_text_clean(name))
        return cli_usage_error("--name holds a control character (a terminal or bidi control); a "
                               "name is plain text");
    if (seed == G_MININT64)
        seed = cli_random_seed();
    else if (seed < 0)
        return cli_usage_error("--seed takes a whole number, 0 or more");
    if (cli_text_wanted(text))
        return start_new_text(seed, save, name != NULL ? name : g_get_user_name());
    return start_new(seed, save, name != NULL ? name : g_get_user_name(), NULL);
}

/* The most recently played unfinished game, or NULL. */
static char *latest_unfinished(void)
{
    g_autofree char *dir = store_games_dir();
    g_autoptr(GPtrArray) games = store_list_games(dir, seal_open_listed);

    for (guint i = 0; i < games->len; i++) {
        const StoreListing *game = g_ptr_array_index(games, i);
        /* a compressed game is only read: not one to go on with */
        if (game->problem == NULL && g_strcmp0(game->info.outcome, "playing") == 0 &&
            !g_str_has_suffix(game->path, ".gz"))
            return g_strdup(game->path);
    }
    return NULL;
}

/* Go on with @path in line mode: no terminal needed. */
static int continue_text(const char *path)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Text) text = text_new(bus, stdin, stdout);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_open_from(path, bus, text_resume_start, text, &error);

    if (session == NULL || !session_make_writable(session, &error))
        return cli_fail(error);
    return play(session, NULL, text, NULL);
}

static int continue_game(const char *path, gboolean *over)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Tui) tui = tui_new(bus);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_open_from(path, bus, tui_resume_start, tui, &error);

    if (session == NULL)
        return cli_fail(error);
    /* Checked before the file is made writable (which may migrate it). */
    if (!tui_check_terminal(&error)) {
        g_printerr("cavelog: %s: %s; the file is left as it was\n", path, error->message);
        return CLI_EXIT_ERROR;
    }
    if (!session_make_writable(session, &error))
        return cli_fail(error);
    /* A finished game opens on its end screen: how it was won or lost. */
    return play(session, tui, NULL, over);
}

static int cmd_continue(int argc, char **argv)
{
    g_autoptr(GOptionContext) context = g_option_context_new("[FILE]");
    g_autofree char *path = NULL;
    gboolean text = FALSE;
    const GOptionEntry entries[] = {
        {"text", 0, 0, G_OPTION_ARG_NONE, &text,
         "Line mode, for screen readers (or CAVELOG_TEXT=1)", NULL},
        G_OPTION_ENTRY_NULL,
    };
    int status;

    g_option_context_add_main_entries(context, entries, NULL);
    g_option_context_set_summary(context,
                                 "Go on with a saved game (default: the latest unfinished one).");
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc > 2) {
        g_printerr("cavelog: continue takes at most one FILE. Try “cavelog continue --help”.\n");
        return CLI_EXIT_USAGE;
    }
    path = argc == 2 ? g_strdup(argv[1]) : latest_unfinished();
    if (path == NULL) {
        g_printerr("cavelog: no unfinished game to continue; start one with “cavelog new”\n");
        return CLI_EXIT_ERROR;
    }
    if (cli_text_wanted(text))
        return continue_text(path);
    return continue_game(path, NULL);
}

/* The start screen, and the game chosen there; after a game that ended,
 * the start screen again. */
static int start_screen(void)
{
    for (;;) {
        g_autofree char *latest = latest_unfinished();
        gboolean over = FALSE;
        int status;

        switch (tui_start_screen(latest != NULL)) {
        case TUI_START_NEW:
            status = start_new(cli_random_seed(), NULL, g_get_user_name(), &over);
            break;
        case TUI_START_CONTINUE:
            status = continue_game(latest, &over);
            break;
        case TUI_START_REPLAY:
            status = replay_cli_pick();
            over = TRUE; /* back to the start screen after watching */
            break;
        case TUI_START_FAILED:
            return CLI_EXIT_ERROR;
        case TUI_START_QUIT:
        default:
            return CLI_EXIT_OK;
        }
        if (status != CLI_EXIT_OK || !over)
            return status;
    }
}

/* CAVELOG_TEXT=1 without a command: the start screen in line mode is the
 * latest unfinished game, or a new one. */
static int text_start(void)
{
    g_autofree char *latest = latest_unfinished();

    if (latest != NULL)
        return continue_text(latest);
    return start_new_text(cli_random_seed(), NULL, g_get_user_name());
}

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Subcommand;

static const Subcommand subcommands[] = {
    {.name = "new",
     .run = cmd_new,
     .summary = "Start a new game [--seed N] [--save FILE] [--text]"},
    {.name = "continue", .run = cmd_continue, .summary = "Go on with a saved game [FILE] [--text]"},
    {.name = "list",
     .run = cli_list,
     .summary = "List saved games: outcome, cause, score [FOLDER]"},
    {.name = "events",
     .run = cli_events,
     .summary = "Print a game's events FILE [--type T] "
                "[--turns A..B] [--json]"},
    {.name = "autoplay",
     .run = cli_autoplay,
     .summary = "Let the bot play --seed N --turns T "
                "[--games K] [--save FILE]"},
    {.name = "verify", .run = cli_verify, .summary = "Check a game file's whole history FILE"},
    {.name = "replay",
     .run = replay_cli,
     .summary = "Watch a game, seek anywhere FILE [--turn N] [--text]"},
    {.name = "fork", .run = fork_cli, .summary = "Play on from a turn FILE --turn N [--save NEW]"},
    {.name = "morgue",
     .run = cli_morgue,
     .summary = "Write the story of a game FILE [--output OUT|-]"},
    {.name = "pack",
     .run = pack_cli,
     .summary = "A game in kilobytes, to share FILE [-o OUT.cavepack]"},
    {.name = "unpack", .run = unpack_cli, .summary = "Rebuild a game from its pack PACK [-o OUT]"},
    {.name = "scores", .run = cli_scores, .summary = "Rank past games by score [FOLDER|--db URI]"},
    {.name = "stats",
     .run = cli_stats,
     .summary = "Statistics across past games [FOLDER|--db URI]"},
    {.name = "achievements",
     .run = cli_achievements,
     .summary = "Which past games earned each achievement [FOLDER|--db URI]"},
    {.name = "archive",
     .run = cli_archive,
     .summary = "Put finished games into a PostgreSQL archive FILE… --to URI"},
};

static int top_level(int argc, char **argv)
{
    g_autoptr(GOptionContext) context = g_option_context_new("[COMMAND] [OPTIONS…]");
    g_autoptr(GString) help = g_string_new("Commands (each has --help):\n");
    int status;

    for (guint i = 0; i < G_N_ELEMENTS(subcommands); i++)
        g_string_append_printf(help, "  %-13s %s\n", subcommands[i].name, subcommands[i].summary);
    g_string_append(help, "\nWithout a command, cavelog shows its start screen.");
    g_option_context_set_summary(context, "An event-sourced roguelike: every deed is a recorded "
                                          "fact in a SQLite file.");
    g_option_context_set_description(context, help->str);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc > 1) {
        g_printerr("cavelog: unknown command “%s”. Try “cavelog --help”.\n", argv[1]);
        return CLI_EXIT_USAGE;
    }
    if (cli_text_wanted(FALSE))
        return text_start();
    return start_screen();
}

/* @status, or death by the signal that ended the screen (after the game
 * was closed in order), as the one who sent it expects. */
static int exit_status(int status)
{
    int signum = tui_screen_signal() != 0 ? tui_screen_signal() : text_signal();

    if (signum == 0)
        return status;
    signal(signum, SIG_DFL);
    raise(signum);
    return 128 + signum;
}

static int run(int argc, char **argv)
{
    cli_check_stdout_at_exit();
    cli_print_shown();
    pack_enable_readers(); /* every reader opens a pack as a game */
    if (argc >= 2 && argv[1][0] != '-') {
        for (guint i = 0; i < G_N_ELEMENTS(subcommands); i++)
            if (strcmp(argv[1], subcommands[i].name) == 0) {
                /* Usage lines and hints then read "cavelog new …". */
                g_autofree char *prgname = g_strdup_printf("cavelog %s", argv[1]);
                g_set_prgname(prgname);
                return subcommands[i].run(argc - 1, argv + 1);
            }
        g_printerr("cavelog: unknown command “%s”. Try “cavelog --help”.\n", argv[1]);
        return CLI_EXIT_USAGE;
    }
    g_set_prgname("cavelog");
    return top_level(argc, argv);
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    return exit_status(run(argc, argv));
}
