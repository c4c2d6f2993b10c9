/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay-cli.c — `cavelog replay FILE`: the file is opened read-only with
 * the checks `continue` makes (a bad file gets the same one line), then
 * shown in the replay screen of tui-replay.c, or written as an asciicast
 * (--asciicast OUT), which needs no terminal. */
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

/* An asciicast's turns a second, by default (the replay's own default) and at most. */
#define CAST_SPEED_DEFAULT 4.0
#define CAST_SPEED_MAX 1000.0

typedef struct {
    const char *path; /* --asciicast OUT */
    double speed;
    const char *turns; /* --turns A..B, or NULL for all */
} CastOptions;

/* `--asciicast OUT`: write turns A to B of @path as an asciicast. */
static int cast_file(const char *path, const CastOptions *cast)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(History) history = NULL;
    gint32 first = 0, last = G_MAXINT32;

    if (cast->turns != NULL && !cli_parse_turn_range(cast->turns, &first, &last))
        return cli_usage_error("--turns takes A..B, A.. or ..B with whole numbers, A <= B");
    if (g_file_test(cast->path, G_FILE_TEST_IS_DIR)) { /* said before the game is read */
        g_printerr("cavelog: %s: a folder, not a file to write the asciicast to\n", cast->path);
        return CLI_EXIT_ERROR;
    }
    history = history_open(path, REPLAY_SNAPSHOT_EVERY, &error);
    if (history == NULL)
        return cli_fail(error);
    if (first > history_last_state(history)->turn) {
        g_printerr("cavelog: %s: --turns starts at turn %d; the game has %d\n", path, first,
                   history_last_state(history)->turn);
        return CLI_EXIT_USAGE;
    }
    if (!tui_replay_cast(history, first, last, cast->speed, cast->path, &error))
        return cli_fail(error);
    return CLI_EXIT_OK;
}

/* The arguments make sense together: CLI_EXIT_OK, or a usage error, said. */
static int check_replay_options(int argc, gint turn, const CastOptions *cast)
{
    if (argc != 2)
        return cli_usage_error("replay needs exactly one FILE. Try “cavelog replay --help”.");
    if (turn < 0)
        return cli_usage_error("--turn takes a whole number, 0 or more");
    if (cast->path == NULL && (cast->turns != NULL || cast->speed != CAST_SPEED_DEFAULT))
        return cli_usage_error("--speed and --turns go with --asciicast OUT");
    if (cast->path != NULL && turn != 0)
        return cli_usage_error("--turn is for watching; an asciicast takes --turns A..B");
    if (!(cast->speed > 0 && cast->speed <= CAST_SPEED_MAX))
        return cli_usage_error("--speed takes turns a second: more than 0, at most 1000");
    return CLI_EXIT_OK;
}

int replay_cli(int argc, char **argv)
{
    gint turn = 0;
    g_autofree char *out = NULL;
    g_autofree char *turns = NULL;
    gboolean text = FALSE;
    CastOptions cast = {.speed = CAST_SPEED_DEFAULT};
    const GOptionEntry entries[] = {
        {"turn", 't', 0, G_OPTION_ARG_INT, &turn, "Start at this turn (default: 0)", "N"},
        {"text", 0, 0, G_OPTION_ARG_NONE, &text, "Tell it as lines, for screen readers", NULL},
        {"asciicast", 0, 0, G_OPTION_ARG_FILENAME, &out, "Write the replay to OUT as an asciicast",
         "OUT"},
        {"speed", 0, 0, G_OPTION_ARG_DOUBLE, &cast.speed,
         "With --asciicast: turns a second (default: 4)", "X"},
        {"turns", 0, 0, G_OPTION_ARG_STRING, &turns,
         "With --asciicast: only turns A to B (A.., ..B too)", "A..B"},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("FILE");
    int status;

    g_option_context_set_summary(
        context, "Watch a game turn by turn, backward and forward. With --asciicast, write the\n"
                 "replay to OUT instead as an asciicast (80x24, a frame a turn), which any\n"
                 "asciicast player plays; no terminal is needed.");
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    cast.path = out;
    cast.turns = turns;
    status = check_replay_options(argc, turn, &cast);
    if (status != CLI_EXIT_OK)
        return status;
    if (out != NULL)
        return cast_file(argv[1], &cast);
    return cli_text_wanted(text) ? replay_text(argv[1], turn) : replay_file(argv[1], turn);
}

int replay_cli_pick(void)
{
    g_autofree char *dir = store_games_dir();
    g_autoptr(GPtrArray) games = store_list_games(dir, seal_open_listed);
    g_autofree char *path = tui_replay_pick(games);

    return path != NULL ? replay_file(path, 0) : CLI_EXIT_OK;
}
