/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-cli.c — `cavelog replay FILE`: the file is opened read-only with
 * the checks `continue` makes (a bad file gets the same one line), then
 * shown in the replay screen of tui-replay.c. */
#include "replay-cli.h"

#include <unistd.h>

#include "cli.h"
#include "seal.h"
#include "session.h"
#include "store.h"
#include "text.h"
#include "tui.h"

/* Events between the history's snapshots: the default (2048), as the
 * inspector's. A step back then costs about 2 ms on a 30 000-event game
 * and the snapshots about 120 KB per 1000 events; 512 would make the step
 * 0.8 ms for four times the memory. */
#define REPLAY_SNAPSHOT_EVERY 0

/* Play on the fork made with `P` in the replay (a terminal is there). */
static int play_fork(const char *path)
{
    g_autoptr(Bus) bus = bus_new();
    g_autoptr(Tui) tui = tui_new(bus);
    g_autoptr(GError) error = NULL;
    g_autoptr(Session) session = session_open_from(path, bus, tui_resume_start, tui, &error);

    if (session == NULL || !session_make_writable(session, &error) ||
        !tui_run(tui, session, &error))
        return cli_fail(error);
    return CLI_EXIT_OK;
}

static int replay_file(const char *path, gint32 turn)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = history_open(path, REPLAY_SNAPSHOT_EVERY, &error);
    g_autofree char *play_on = NULL;

    if (history == NULL)
        return cli_fail(error);
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        g_printerr("cavelog: %s: the replay needs a terminal to show in\n", path);
        return CLI_EXIT_ERROR;
    }
    if (!tui_replay_run_full(history, turn, &play_on, &error))
        return cli_fail(error);
    if (play_on != NULL) {
        g_clear_pointer(&history, history_free);
        return play_fork(play_on);
    }
    return CLI_EXIT_OK;
}

/* `replay --text`: the game told as lines on stdout; no terminal needed. */
static int replay_text(const char *path, gint32 turn)
{
    g_autoptr(GError) error = NULL;

    if (!text_replay(path, turn, stdout, &error))
        return cli_fail(error);
    return CLI_EXIT_OK;
}

int replay_cli(int argc, char **argv)
{
    gint turn = 0;
    gboolean text = FALSE;
    const GOptionEntry entries[] = {
        {"turn", 't', 0, G_OPTION_ARG_INT, &turn, "Start at this turn (default: 0)", "N"},
        {"text", 0, 0, G_OPTION_ARG_NONE, &text,
         "Tell the game as lines, for screen readers (also CAVELOG_TEXT=1)", NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context =
        g_option_context_new("FILE — watch a game turn by turn, backward and forward");
    int status;

    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc != 2)
        return cli_usage_error("replay takes one FILE");
    if (turn < 0)
        return cli_usage_error("--turn takes a whole number, 0 or more");
    if (cli_text_wanted(text))
        return replay_text(argv[1], turn);
    return replay_file(argv[1], turn);
}

int replay_cli_pick(void)
{
    g_autofree char *dir = store_games_dir();
    g_autoptr(GPtrArray) games = store_list_games(dir, seal_open_listed);
    g_autofree char *path = tui_replay_pick(games);

    return path != NULL ? replay_file(path, 0) : CLI_EXIT_OK;
}
