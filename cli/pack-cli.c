/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-cli.c — `cavelog pack FILE [-o OUT]` writes NAME.cavepack beside the
 * game; `cavelog unpack PACK [-o OUT]` rebuilds NAME.cavelog beside the pack,
 * re-running every command; both say what they wrote and how large. */
#include "pack-cli.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cli.h"
#include "messages.h"
#include "pack.h"

char *pack_cli_size(guint64 bytes)
{
    if (bytes < 1024)
        return g_strdup_printf("%" G_GUINT64_FORMAT " %s", bytes, bytes == 1 ? "byte" : "bytes");
    if (bytes < 10 * 1024 * 1024)
        return g_strdup_printf("%" G_GUINT64_FORMAT " KB", (bytes + 512) / 1024);
    return g_strdup_printf("%" G_GUINT64_FORMAT " MB", (bytes + (1 << 19)) >> 20);
}

/* @path without @suffix (when it ends so) and with @ending. */
static char *renamed(const char *path, const char *suffix, const char *ending)
{
    gsize stem = strlen(path);

    if (g_str_has_suffix(path, suffix))
        stem -= strlen(suffix);
    return g_strdup_printf("%.*s%s", (int) stem, path, ending);
}

/* Where a pack of @game goes by default: beside it, NAME.cavepack. */
static char *pack_path_for(const char *game)
{
    g_autofree char *plain = renamed(game, ".gz", "");

    return renamed(plain, ".cavelog", ".cavepack");
}

/* The size of the file at @path, or 0. */
static guint64 file_size(const char *path)
{
    GStatBuf info;

    return g_stat(path, &info) == 0 ? (guint64) info.st_size : 0;
}

static int pack_to(const char *game, const char *out)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(Store) store = store_open(game, FALSE, &error);
    g_autoptr(Pack) pack = NULL;
    g_autofree char *size_text = NULL;
    guint64 game_size = file_size(game);
    gsize size = 0;

    if (store == NULL || (pack = pack_from_store(store, &error)) == NULL ||
        !pack_save(pack, out, &size, &error))
        return cli_fail(error);
    size_text = pack_cli_size(size);
    if (store_reads_copy(store)) /* FILE is a .gz or a pack: no game file to compare with */
        g_print("cavelog pack: wrote %s (%s)\n", out, size_text);
    else
        g_print("cavelog pack: wrote %s (%s, 1/%" G_GUINT64_FORMAT " of the game)\n", out,
                size_text, MAX(game_size / MAX(size, 1), 1));
    return CLI_EXIT_OK;
}

/* Parse the one FILE of @verb (@what: "FILE — what it does") and -o OUT,
 * with @summary in --help; NULL (with *@status) when the line is wrong. */
static char *parse_file(int *argc, char ***argv, const char *verb, const char *what,
                        const char *summary, char **out, int *status)
{
    const GOptionEntry entries[] = {
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, out, "Where to write it (never over a file)",
         "OUT"},
        G_OPTION_ENTRY_NULL,
    };
    g_autoptr(GOptionContext) context = g_option_context_new(what);

    g_option_context_set_summary(context, summary);
    g_option_context_add_main_entries(context, entries, NULL);
    if (!cli_parse(context, argc, argv, status))
        return NULL;
    if (*argc != 2) {
        g_autofree char *message =
            g_strdup_printf("%s needs exactly one FILE. Try “cavelog %s --help”.", verb, verb);
        *status = cli_usage_error(message);
        return NULL;
    }
    return g_strdup((*argv)[1]);
}

int pack_cli(int argc, char **argv)
{
    g_autofree char *out = NULL;
    g_autofree char *game = NULL;
    int status = CLI_EXIT_OK;

    game = parse_file(&argc, &argv, "pack", "FILE — a game in kilobytes, to share",
                      "Writes NAME.cavepack beside FILE: the seed, the release and data the game\n"
                      "was played by, every turn's command and digest, the bookmarks. The game is\n"
                      "verified first; one recorded by another release is not packed.",
                      &out, &status);
    if (game == NULL)
        return status;
    if (out == NULL)
        out = pack_path_for(game);
    return pack_to(game, out);
}

int unpack_cli(int argc, char **argv)
{
    g_autofree char *out = NULL;
    g_autofree char *pack = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) turns = g_string_new(NULL);
    g_autoptr(GString) events = g_string_new(NULL);
    PackCounts counts;
    int status = CLI_EXIT_OK;

    pack = parse_file(&argc, &argv, "unpack", "PACK — rebuild the game file from a pack",
                      "Writes NAME.cavelog beside PACK by re-running its commands, each turn\n"
                      "checked against its digest; a pack that does not rebuild exactly is\n"
                      "refused, naming the first turn that differs, and leaves no file.",
                      &out, &status);
    if (pack == NULL)
        return status;
    if (out == NULL)
        out = renamed(pack, ".cavepack", ".cavelog");
    if (!pack_unpack(pack, out, &counts, &error))
        return cli_fail(error);
    messages_count(counts.turns, "turn", turns);
    messages_count((gint32) MIN(counts.events, G_MAXINT32), "event", events);
    g_print("cavelog unpack: wrote %s (%s, %s; every turn's digest matches)\n", out, turns->str,
            events->str);
    return CLI_EXIT_OK;
}
