/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli.c — list, events, autoplay and verify: the subcommands that need no
 * terminal screen, for scripts, tests and benchmarks. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cavelog-config.h"
#include "checks.h"
#include "codec.h"
#include "autoplay.h"
#include "messages.h"
#include "seal.h"
#include "session.h"
#include "shown.h"
#include "store.h"
#include "verify.h"

static gboolean show_version;

static const GOptionEntry version_entries[] = {
    {"version", 0, 0, G_OPTION_ARG_NONE, &show_version, "Show the version and exit", NULL},
    G_OPTION_ENTRY_NULL,
};

gboolean cli_parse(GOptionContext *context, int *argc, char ***argv, int *status)
{
    g_autoptr(GError) error = NULL;

    g_option_context_add_main_entries(context, version_entries, NULL);
    if (!g_option_context_parse(context, argc, argv, &error)) {
        g_printerr("cavelog: %s\nTry “%s --help”.\n", error->message,
                   g_get_prgname() != NULL ? g_get_prgname() : "cavelog");
        *status = CLI_EXIT_USAGE;
        return FALSE;
    }
    if (show_version) {
        g_print("cavelog %s\n", CAVELOG_VERSION);
        *status = CLI_EXIT_OK;
        return FALSE;
    }
    return TRUE;
}

int cli_fail(const GError *error)
{
    g_printerr("cavelog: %s\n", error->message);
    return CLI_EXIT_ERROR;
}

int cli_usage_error(const char *message)
{
    g_printerr("cavelog: %s\n", message);
    return CLI_EXIT_USAGE;
}

/* Set once the loss of standard output has been told, so that it is told once. */
static gboolean stdout_failure_told;

/* Say that standard output could not be written, and why when @reason is
 * not NULL, once. */
static void tell_stdout_failure(const char *reason)
{
    if (stdout_failure_told)
        return;
    if (reason != NULL)
        g_printerr("cavelog: cannot write to standard output: %s\n", reason);
    else
        g_printerr("cavelog: cannot write to standard output\n");
    stdout_failure_told = TRUE;
}

/* @error says that standard output could not be written (errno says why);
 * whoever prints it tells the loss, so the check at exit stays silent. */
static void set_stdout_error(GError **error)
{
    int saved = errno;

    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "cannot write to standard output: %s", g_strerror(saved));
    stdout_failure_told = TRUE;
}

/* At exit: whatever went to standard output must have arrived. (g_print
 * flushes as it goes, so an earlier failure may have left only the error
 * flag, without its reason.) */
static void check_stdout(void)
{
    if (fflush(stdout) != 0)
        tell_stdout_failure(g_strerror(errno));
    else if (ferror(stdout))
        tell_stdout_failure(NULL);
    else
        return;
    _exit(CLI_EXIT_ERROR);
}

void cli_check_stdout_at_exit(void)
{
    atexit(check_stdout);
}

/* ASCII for the typographic characters the program's words use. */
static const struct {
    const char *utf8, *ascii;
} cli_ascii_fallbacks[] = {
    {"\u2014", "-"}, {"\u2013", "-"}, {"\u2026", "..."}, {"\u201c", "\""}, {"\u201d", "\""},
    {"\u2018", "'"}, {"\u2019", "'"}, {"\u00d7", "x"},   {"\u2192", "->"}, {"\u00b7", "."},
};

char *cli_for_terminal(const char *text)
{
    g_autoptr(GString) ascii = NULL;
    const char *charset = NULL;
    char *shown;

    g_return_val_if_fail(text != NULL, NULL);
    if (g_get_charset(&charset))
        return g_strdup(text);
    ascii = g_string_new(text);
    for (gsize i = 0; i < G_N_ELEMENTS(cli_ascii_fallbacks); i++)
        g_string_replace(ascii, cli_ascii_fallbacks[i].utf8, cli_ascii_fallbacks[i].ascii, 0);
    shown = g_convert_with_fallback(ascii->str, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
    return shown != NULL ? shown : g_strdup(ascii->str);
}

/* g_print's and g_printerr's text, as it may be shown (shown.h), in the
 * locale's charset. */
static void print_shown(const gchar *text)
{
    g_autofree char *lines = ev_shown_lines(text);
    g_autofree char *shown = cli_for_terminal(lines);

    fputs(shown, stdout);
    fflush(stdout);
}

static void printerr_shown(const gchar *text)
{
    g_autofree char *lines = ev_shown_lines(text);
    g_autofree char *shown = cli_for_terminal(lines);

    fputs(shown, stderr);
    fflush(stderr);
}

void cli_print_shown(void)
{
    g_set_print_handler(print_shown);
    g_set_printerr_handler(printerr_shown);
}

char *cli_new_save_path(gint64 seed)
{
    g_autofree char *dir = store_games_dir();
    g_autoptr(GDateTime) now = g_date_time_new_now_local();
    g_autofree char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
    g_autofree char *name = g_strdup_printf("%s-seed%" G_GINT64_FORMAT ".cavelog", stamp, seed);
    char *path = g_build_filename(dir, name, NULL);

    for (int n = 2; !store_check_free(path, NULL); n++) {
        g_free(path);
        g_free(name);
        name = g_strdup_printf("%s-seed%" G_GINT64_FORMAT "-%d.cavelog", stamp, seed, n);
        path = g_build_filename(dir, name, NULL);
    }
    return path;
}

gint64 cli_random_seed(void)
{
    return (gint64) (g_get_real_time() % G_GINT64_CONSTANT(1000000000));
}

gboolean cli_text_wanted(gboolean option)
{
    return option || g_strcmp0(g_getenv("CAVELOG_TEXT"), "1") == 0;
}

/* ---- list ----------------------------------------------------------------- */

static char *status_text(const StoreListing *game)
{
    if (game->problem != NULL)
        return g_strdup("unreadable");
    g_autofree char *outcome = store_printable(game->info.outcome);
    g_autofree char *cause = store_printable(game->info.cause);

    if (g_strcmp0(outcome, "playing") == 0)
        return g_strdup("playing");
    if (game->info.cause != NULL)
        return g_strdup_printf("%s: %s", outcome, cause);
    return g_steal_pointer(&outcome);
}

/* Fold @path with every check a resume makes; NULL when it passes (with
 * *@score the checked events' score: the row's is checked only for this
 * build's files), else the problem (caller frees). */
static char *check_listed(const char *path, gint32 *score)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(path, FALSE, &error);
    g_autoptr(Game) game = game_new(NULL);

    game_track_view(game, FALSE);
    if (store != NULL && checks_fold(store, game, NULL, NULL, &error)) {
        *score = state_score(game_state(game));
        return NULL;
    }
    return g_strdup(error->message);
}

/* The columns @text (valid UTF-8) takes on a terminal: a wide character
 * two, a zero-width one none, any other one. */
static int text_columns(const char *text)
{
    int cols = 0;

    for (const char *p = text; *p != '\0'; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        cols += g_unichar_iswide(c) ? 2 : g_unichar_iszerowidth(c) ? 0 : 1;
    }
    return cols;
}

/* @game's file name as it is shown (ev_shown: controls and bytes that are
 * not UTF-8 escaped). Caller frees. */
static char *listed_name(const StoreListing *game)
{
    g_autofree char *base = g_path_get_basename(game->path);

    return ev_shown(base);
}

/* @text, then spaces up to @width columns (none when it is wider). */
static void append_padded(GString *line, const char *text, int width)
{
    g_string_append(line, text);
    for (int cols = text_columns(text); cols < width; cols++)
        g_string_append_c(line, ' ');
}

/* The columns of the widest of @games' names, at least the header's. */
static int name_column(const GPtrArray *games)
{
    int width = (int) strlen("FILE");

    for (guint i = 0; i < games->len; i++) {
        g_autofree char *name = listed_name(g_ptr_array_index(games, i));
        width = MAX(width, text_columns(name));
    }
    return width;
}

/* @problem without the "PATH: " it starts with when it names @path: the
 * row names the file already. */
static const char *problem_of_row(const char *problem, const char *path)
{
    gsize n = strlen(path);

    return strncmp(problem, path, n) == 0 && g_str_has_prefix(problem + n, ": ") ? problem + n + 2
                                                                                 : problem;
}

/* What @game's row says after its name and seed. */
static void append_listing(GString *line, const StoreListing *game, gboolean check)
{
    g_autofree char *text = status_text(game);
    g_autofree char *problem = NULL;
    g_autofree char *updated = NULL;
    gint32 score = game->info.score;

    if (game->problem != NULL) {
        g_string_append_printf(line, " %12s %7s %5s %5s %6s  %-20s  %s: %s", "-", "-", "-", "-",
                               "-", "-", text, problem_of_row(game->problem, game->path));
        return;
    }
    updated = store_printable(game->info.updated);
    problem = check ? check_listed(game->path, &score) : NULL;
    if (problem != NULL) {
        g_autofree char *shown = store_printable(problem_of_row(problem, game->path));
        g_string_append_printf(line,
                               " %12" G_GINT64_FORMAT " %7s %5s %5s %6s  %-20s  does not check: %s",
                               game->info.seed, "?", "?", "?", "?", updated, shown);
        return;
    }
    g_string_append_printf(line, " %12" G_GINT64_FORMAT " %7d %5d %5d %6d  %-20s  %s%s%s%s%s",
                           game->info.seed, game->info.turns, game->info.depth, game->info.kills,
                           score, updated, text, game->lineage != NULL ? " (" : "",
                           game->lineage != NULL ? game->lineage : "",
                           game->lineage != NULL ? ")" : "", check ? " (checked)" : "");
}

static void print_listing(const StoreListing *game, gboolean check, int width)
{
    g_autofree char *name = listed_name(game);
    g_autoptr(GString) line = g_string_new(NULL);

    append_padded(line, name, width);
    append_listing(line, game, check);
    g_print("%s\n", line->str);
}

/* The header row, its FILE column @width wide. */
static void print_list_header(int width)
{
    g_autoptr(GString) line = g_string_new(NULL);

    append_padded(line, "FILE", width);
    g_string_append_printf(line, " %12s %7s %5s %5s %6s  %-20s  %s", "SEED", "TURNS", "DEPTH",
                           "KILLS", "SCORE", "LAST PLAYED", "STATUS");
    g_print("%s\n", line->str);
}

int cli_list(int argc, char **argv)
{
    gboolean check = FALSE;
    const GOptionEntry entries[] = {
        {"check", 'c', 0, G_OPTION_ARG_NONE, &check,
         "Check each game against its events first, as continue does", NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("[FOLDER]");
    g_autofree char *dir = NULL;
    g_autoptr(GPtrArray) games = NULL;
    int status, width;

    g_option_context_add_main_entries(context, entries, NULL);
    g_option_context_set_summary(context,
                                 "List saved games: outcome, cause of death, score (--check: each\n"
                                 "checked against its events: every event, every turn's digest).\n"
                                 "Saved games live in $XDG_DATA_HOME/cavelog/games; give a FOLDER\n"
                                 "to list another (such as one filled by autoplay --games).");
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc > 2)
        return cli_usage_error("list takes at most one FOLDER");
    if (argc == 2 && !g_file_test(argv[1], G_FILE_TEST_EXISTS)) {
        g_printerr("cavelog: %s: no such folder\n", argv[1]);
        return CLI_EXIT_ERROR;
    }
    if (argc == 2 && !g_file_test(argv[1], G_FILE_TEST_IS_DIR))
        return cli_usage_error("list takes a FOLDER of games, not a file");
    dir = argc == 2 ? g_strdup(argv[1]) : store_games_dir();
    games = store_list_games(dir, seal_open_listed);
    if (games->len == 0) {
        g_print("No saved games in %s.\n", dir);
        return CLI_EXIT_OK;
    }
    width = name_column(games);
    print_list_header(width);
    for (guint i = 0; i < games->len; i++)
        print_listing(g_ptr_array_index(games, i), check, width);
    /* a note to the reader, not a row: a script reading the rows skips it;
     * none when the rows were lost (the exit says so alone) */
    if (!check && fflush(stdout) == 0 && !ferror(stdout))
        g_printerr("(Each game as its file describes it, not checked against its events: "
                   "`cavelog list --check` checks them.)\n");
    return CLI_EXIT_OK;
}

/* ---- events --------------------------------------------------------------- */

typedef struct {
    gboolean json;
    GString *line;
    Store *store;
    Game *game;                /* folds every event: a bad file is an error */
    const StoreFilter *filter; /* what to print */
} EventsPrinter;

static gboolean print_event(const CavEvent *event, gpointer user_data, GError **error)
{
    EventsPrinter *printer = user_data;

    if (!checks_fold_event(printer->store, printer->game, NULL, event, error))
        return FALSE;
    if (!store_filter_wants(printer->filter, event))
        return TRUE;
    g_string_truncate(printer->line, 0);
    if (printer->json) {
        codec_encode_event(event, printer->line);
    } else {
        g_string_append_printf(printer->line, "%8" G_GINT64_FORMAT " t%-6d %-20s ", event->seq,
                               event->turn, ev_type_name(event->type));
        ev_summary(event, printer->line);
        if (event->cause != 0)
            g_string_append_printf(printer->line, "  (caused by %" G_GINT64_FORMAT ")",
                                   event->cause);
    }
    g_string_append_c(printer->line, '\n');
    {
        g_autofree char *lines = ev_shown_lines(printer->line->str); /* names, causes, notes */
        /* --json is data, kept UTF-8; the summaries are for a reader */
        g_autofree char *shown = printer->json ? g_strdup(lines) : cli_for_terminal(lines);
        gsize len = strlen(shown);
        if (fwrite(shown, 1, len, stdout) == len)
            return TRUE;
    }
    set_stdout_error(error); /* stop here: nobody reads the rest */
    return FALSE;
}

gboolean cli_parse_turn_range(const char *text, gint32 *first, gint32 *last)
{
    char *end = NULL;
    const char *dots = strstr(text, "..");
    gint64 from, to;

    if (dots == NULL)
        return FALSE;
    from = dots == text ? 0 : g_ascii_strtoll(text, &end, 10);
    if (dots != text && end != dots)
        return FALSE;
    to = dots[2] == '\0' ? G_MAXINT32 : g_ascii_strtoll(dots + 2, &end, 10);
    if (dots[2] != '\0' && *end != '\0')
        return FALSE;
    if (from < 0 || to < from || to > G_MAXINT32)
        return FALSE;
    *first = (gint32) from;
    *last = (gint32) to;
    return TRUE;
}

static gboolean parse_turns(const char *text, StoreFilter *filter)
{
    if (!cli_parse_turn_range(text, &filter->first_turn, &filter->last_turn))
        return FALSE;
    filter->by_turn = TRUE;
    return TRUE;
}

/* The event type named @name in any case (creaturedied, as the replay's
 * conditions take it); FALSE when none is. */
static gboolean type_named(const char *name, CavEventType *type)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
        if (g_ascii_strcasecmp(name, ev_type_name((CavEventType) t)) == 0) {
            *type = (CavEventType) t;
            return TRUE;
        }
    return FALSE;
}

static gboolean parse_types(char **names, StoreFilter *filter)
{
    for (guint i = 0; names != NULL && names[i] != NULL; i++) {
        g_auto(GStrv) parts = g_strsplit(names[i], ",", -1);
        for (guint k = 0; parts[k] != NULL; k++) {
            CavEventType type;
            if (!type_named(g_strstrip(parts[k]), &type)) {
                g_printerr("cavelog: unknown event type “%s”. Known types:", parts[k]);
                for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
                    g_printerr(" %s", ev_type_name((CavEventType) t));
                g_printerr("\n");
                return FALSE;
            }
            filter->by_type = TRUE;
            filter->types[type] = TRUE;
        }
    }
    return TRUE;
}

int cli_events(int argc, char **argv)
{
    g_auto(GStrv) types = NULL;
    g_autofree char *turns = NULL;
    gboolean json = FALSE;
    const GOptionEntry entries[] = {
        {"type", 't', 0, G_OPTION_ARG_STRING_ARRAY, &types,
         "Only events of this type (repeat, or separate with commas)", "TYPE"},
        {"turns", 0, 0, G_OPTION_ARG_STRING, &turns, "Only events of turns A to B (A.., ..B too)",
         "A..B"},
        {"json", 0, 0, G_OPTION_ARG_NONE, &json, "One JSON object per line", NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new("FILE — print a game's events");
    StoreFilter filter = {0};
    g_autoptr(Store) store = NULL;
    g_autoptr(GError) error = NULL;
    EventsPrinter printer = {0};
    int status;

    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc != 2)
        return cli_usage_error("events needs exactly one FILE. Try “cavelog events --help”.");
    if (turns != NULL && !parse_turns(turns, &filter))
        return cli_usage_error("--turns takes A..B, A.. or ..B with whole numbers, A <= B");
    if (!parse_types(types, &filter))
        return CLI_EXIT_USAGE;
    store = store_open(argv[1], FALSE, &error);
    if (store == NULL)
        return cli_fail(error);
    printer.json = json;
    printer.line = g_string_sized_new(256);
    printer.store = store;
    printer.game = game_new(NULL);
    printer.filter = &filter;
    game_track_view(printer.game, FALSE);
    if (!store_foreach_event(store, NULL, print_event, &printer, &error))
        status = cli_fail(error);
    else
        status = CLI_EXIT_OK;
    g_string_free(printer.line, TRUE);
    game_free(printer.game);
    return status;
}

/* ---- autoplay ------------------------------------------------------------- */

/* One line about a game played with --games: outcome (and cause), turns,
 * depth, kills, score, file. */
static void print_summary(const Session *session)
{
    const CavState *state = session_state(session);
    const CavCreature *player = state_player(state);
    g_autofree char *outcome =
        state->cause[0] != '\0'
            ? g_strdup_printf("%s (%s)", state_outcome_name(state->outcome), state->cause)
            : g_strdup(state_outcome_name(state->outcome));

    g_autoptr(GString) turns = g_string_new(NULL);
    g_autoptr(GString) kills = g_string_new(NULL);

    messages_count(state->turn, "turn", turns);
    messages_count(player != NULL ? player->kills : 0, "kill", kills);
    g_print("seed %" G_GINT64_FORMAT ": %s, %s, depth %d, %s, score %d — %s\n", state->seed,
            outcome, turns->str, state->deepest + 1, kills->str, state_score(state),
            session_path(session));
}

/* Where game @index (0-based) of a run of @games goes: @save itself for a
 * single game, else a file per seed in the folder @save; without @save, a
 * new file in the games folder. Caller frees. */
static char *game_path(const char *save, gint64 games, gint64 seed)
{
    g_autofree char *name = NULL;

    if (save == NULL)
        return cli_new_save_path(seed);
    if (games == 1)
        return g_strdup(save);
    name = g_strdup_printf("seed-%" G_GINT64_FORMAT ".cavelog", seed);
    return g_build_filename(save, name, NULL);
}

typedef struct {
    gint64 seed, turns, games;
    const char *save;
    gboolean quiet;
    gint64 won, lost, playing;
} AutoplayRun;

static gboolean autoplay_one(AutoplayRun *run, gint64 seed, GError **error)
{
    g_autofree char *path = game_path(run->save, run->games, seed);
    g_autoptr(Session) session = autoplay_open(path, seed, error);
    const CavState *state;

    if (session == NULL || !autoplay_play(session, run->turns, error) ||
        !session_close(session, error))
        return FALSE;
    if (session_morgue_problem(session) != NULL) {
        /* A write that failed is an error, though the game itself is saved. */
        g_set_error_literal(error, STORE_ERROR, STORE_ERROR_IO, session_morgue_problem(session));
        return FALSE;
    }
    state = session_state(session);
    run->won += state->outcome == OUTCOME_WON;
    run->lost += state->outcome == OUTCOME_LOST;
    run->playing += state->outcome == OUTCOME_PLAYING;
    if (run->quiet)
        return TRUE;
    if (run->games > 1)
        print_summary(session);
    else
        g_print("%s: seed %" G_GINT64_FORMAT ", turn %d, %" G_GINT64_FORMAT
                " events, depth %d%s%s\n",
                path, state->seed, state->turn, state->last_seq, state->deepest + 1,
                state->outcome == OUTCOME_PLAYING ? "" : ", ",
                state->outcome == OUTCOME_WON ? "won: brought the bear out" : state->cause);
    return TRUE;
}

/* The options make sense together, and --save names a folder (or nothing
 * yet) when several games go into it. */
static int check_autoplay(AutoplayRun *run)
{
    if (run->turns < 0)
        return cli_usage_error("--turns must be 0 or more");
    if (run->games < 1)
        return cli_usage_error("--games must be 1 or more");
    if (run->seed == G_MININT64)
        run->seed = cli_random_seed();
    else if (run->seed < 0)
        return cli_usage_error("--seed takes a whole number, 0 or more");
    if (run->seed > G_MAXINT64 - run->games)
        return cli_usage_error("--seed is too large for that many --games");
    if (run->games > 1 && run->save != NULL && g_file_test(run->save, G_FILE_TEST_EXISTS) &&
        !g_file_test(run->save, G_FILE_TEST_IS_DIR))
        return cli_usage_error("with --games, --save names a folder, and this is a file");
    return CLI_EXIT_OK;
}

int cli_autoplay(int argc, char **argv)
{
    g_autofree char *save = NULL;
    AutoplayRun run = {.seed = G_MININT64, .turns = 1000, .games = 1};
    const GOptionEntry entries[] = {
        {"seed", 's', 0, G_OPTION_ARG_INT64, &run.seed,
         "World seed (default: the clock); with --games, the first", "N"},
        {"turns", 'n', 0, G_OPTION_ARG_INT64, &run.turns, "Turns to play per game (default 1000)",
         "T"},
        {"games", 'g', 0, G_OPTION_ARG_INT64, &run.games,
         "Play K games (seeds N, N+1, …), a line each (default 1)", "K"},
        {"save", 'o', 0, G_OPTION_ARG_FILENAME, &save,
         "Game file (continued if it exists); with --games, a folder", "FILE"},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &run.quiet, "Print nothing on success", NULL},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context =
        g_option_context_new("— let the bot play and record a game");
    g_autoptr(GError) error = NULL;
    int status;

    g_option_context_set_summary(
        context,
        "The bot plays each game until it is won or lost, or for --turns turns, and saves\n"
        "it (without --save, in $XDG_DATA_HOME/cavelog/games). An existing game file is\n"
        "continued where it stopped. With --games, --save names a folder that gets\n"
        "seed-N.cavelog for each game.");
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc > 1)
        return cli_usage_error("autoplay takes no file names; use --save FILE");
    run.save = save;
    status = check_autoplay(&run);
    if (status != CLI_EXIT_OK)
        return status;
    for (gint64 g = 0; g < run.games; g++)
        if (!autoplay_one(&run, run.seed + g, &error))
            return cli_fail(error);
    if (run.games > 1 && !run.quiet)
        g_print("%" G_GINT64_FORMAT " games: %" G_GINT64_FORMAT " won, %" G_GINT64_FORMAT
                " lost, %" G_GINT64_FORMAT " still playing\n",
                run.games, run.won, run.lost, run.playing);
    return CLI_EXIT_OK;
}

/* ---- verify --------------------------------------------------------------- */

int cli_verify(int argc, char **argv)
{
    g_autoptr(GOptionContext) context = g_option_context_new("FILE");
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = NULL;
    VerifyReport report;
    int status;

    g_option_context_set_summary(
        context, "Check every event and every turn's digest, and re-run the recorded commands\n"
                 "to reproduce every event.\n\n"
                 "Exit status: 0 when every check passed and the re-run reproduced every event;\n"
                 "1 when the file is damaged, was tampered with or does not replay; 3 when every\n"
                 "event and digest checks out but another release of cavelog wrote the file:\n"
                 "its commands were played by that release's rules, which this build does not\n"
                 "re-run, so it is not a full verification.");
    if (!cli_parse(context, &argc, &argv, &status))
        return status;
    if (argc != 2)
        return cli_usage_error("verify needs exactly one FILE. Try “cavelog verify --help”.");
    store = store_open(argv[1], FALSE, &error);
    if (store == NULL || !verify_game(store, &report, &error))
        return cli_fail(error);
    if (!report.rerun) {
        g_print("%s: %d turns, %" G_GINT64_FORMAT
                " events, every digest matches; but its commands were recorded under the rules "
                "of cavelog %s, which this build (%s) does not re-run: not a full verification\n",
                argv[1], report.turns, report.events, report.build, CAVELOG_VERSION);
        return CLI_EXIT_NOT_RERUN;
    }
    g_print("%s: ok — %d turns, %" G_GINT64_FORMAT
            " events, every digest matches, and re-running the commands (by the %s data) "
            "reproduces every event\n",
            argv[1], report.turns, report.events,
            report.recorded_content ? "game's own recorded" : "installed");
    return CLI_EXIT_OK;
}
