/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pack-game.c — a pack from a verified game file, and a game file rebuilt
 * from a pack: each command re-run by the pack's data, each turn checked
 * against its digest and number of events as it is saved, and the file
 * read back with every check before anyone sees it. */
#include "pack.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "cavelog-config.h"
#include "checks.h"
#include "copies.h"
#include "pack-rows.h"
#include "parts.h"
#include "verify.h"

/* ---- from a game file ---------------------------------------------------- */

/* The game row and the data the game was played by. */
static gboolean collect_game(Pack *pack, Store *store, GError **error)
{
    StoreGameInfo info = {0};
    g_autoptr(CavContent) content = NULL;

    if (!store_read_info(store, &info, error))
        return FALSE;
    pack->build = g_steal_pointer(&info.build);
    pack->seed = info.seed;
    pack->player_name = g_steal_pointer(&info.player_name);
    pack->created = g_steal_pointer(&info.created);
    pack->updated = g_steal_pointer(&info.updated);
    store_game_info_clear(&info);
    content = store_read_content(store, error);
    if (content == NULL)
        return error != NULL && *error != NULL
                   ? FALSE
                   : store_fail(error, STORE_ERROR_TAMPERED, store_path(store),
                                "the file records no data to re-run it by");
    for (guint f = 0; f < CAV_CONTENT_FILES; f++)
        pack->content[f] = g_strdup(content_text(content, f));
    return TRUE;
}

/* Each turn's command, digest and number of events. */
static gboolean collect_turns(Pack *pack, Store *store, GError **error)
{
    g_autoptr(GArray) starts = NULL;
    g_autoptr(GPtrArray) commands = NULL;
    gint32 last = -1;
    guint64 digest;
    gint64 last_seq = 0;

    if (!store_check_turns(store, &starts, error) ||
        !store_last_turn(store, &last, &digest, &last_seq, error) ||
        (commands = store_turn_commands(store, error)) == NULL)
        return FALSE;
    if (last < 0 || commands->len != (guint) last + 1 || starts->len != (guint) last + 1)
        return store_fail(error, STORE_ERROR_TAMPERED, store_path(store),
                          "its turns and their commands do not agree");
    for (gint32 t = 0; t <= last; t++) {
        gint64 end = t < last ? g_array_index(starts, gint64, t + 1) : last_seq + 1;
        guint32 events = (guint32) (end - g_array_index(starts, gint64, t));
        if (!store_turn_digest(store, t, &digest, error))
            return FALSE;
        g_ptr_array_add(pack->commands, g_strdup(g_ptr_array_index(commands, (guint) t)));
        g_array_append_val(pack->digests, digest);
        g_array_append_val(pack->events, events);
    }
    return TRUE;
}

static gboolean collect_notes(Pack *pack, Store *store, GError **error)
{
    g_autoptr(GPtrArray) marks = bookmarks_read(store, error);

    if (marks == NULL)
        return FALSE;
    for (guint i = 0; i < marks->len; i++)
        g_ptr_array_add(pack->bookmarks, g_steal_pointer(&g_ptr_array_index(marks, i)));
    g_ptr_array_set_free_func(marks, NULL);
    return lineage_read(store, &pack->forked, &pack->lineage, error);
}

Pack *pack_from_store(Store *store, GError **error)
{
    g_autoptr(Pack) pack = pack_new();
    VerifyReport report;

    g_return_val_if_fail(store != NULL, NULL);
    if (!verify_game(store, &report, error))
        return NULL;
    if (!report.rerun) {
        store_fail(error, STORE_ERROR_NEWER, store_path(store),
                   "its commands were recorded under the rules of cavelog %s, which this build "
                   "(%s) does not re-run, so a pack of it could not be rebuilt: not packed",
                   report.build, CAVELOG_VERSION);
        return NULL;
    }
    if (!collect_game(pack, store, error) || !collect_turns(pack, store, error) ||
        !collect_notes(pack, store, error))
        return NULL;
    return g_steal_pointer(&pack);
}

/* ---- to a game file ------------------------------------------------------ */

typedef struct {
    const Pack *pack;
    const char *path; /* the pack's, for messages */
    Game *game;
    Store *store;
    gint32 turn;
} Rebuild;

/* The pack is of this release, and its data parse. */
static CavContent *rebuild_content(const Pack *pack, const char *path, GError **error)
{
    g_autoptr(GError) local = NULL;
    CavContent *content;

    if (strcmp(pack->build, CAVELOG_VERSION) != 0) {
        store_fail(error, STORE_ERROR_NEWER, path,
                   "a game recorded under the rules of cavelog %s, which this build (%s) does "
                   "not re-run: unpack it with cavelog %s",
                   pack->build, CAVELOG_VERSION, pack->build);
        return NULL;
    }
    content = content_parse(pack->content[CAV_CONTENT_CREATURES], "creatures.ini (packed)",
                            pack->content[CAV_CONTENT_ITEMS], "items.ini (packed)",
                            pack->content[CAV_CONTENT_SPELLS], "spells.ini (packed)", &local);
    if (content == NULL)
        store_fail(error, STORE_ERROR_CORRUPT, path, "a damaged pack: %s", local->message);
    return content;
}

/* The turn just played made what the pack says, and is saved. */
static gboolean keep_turn(Rebuild *r, const char *command, GError **error)
{
    const GArray *events = game_turn_events(r->game);
    const CavState *state = game_state(r->game);
    guint32 expected = g_array_index(r->pack->events, guint32, (guint) r->turn);

    if (events->len != expected ||
        state_digest(state) != g_array_index(r->pack->digests, guint64, (guint) r->turn))
        return store_fail(error, STORE_ERROR_TAMPERED, r->path, "turn %d (%s) does not rebuild: %s",
                          r->turn, command,
                          events->len != expected ? "it makes another number of events"
                                                  : "its digest differs");
    return store_append_turn(r->store, game_turn_command(r->game), (const CavEvent *) events->data,
                             events->len, state, error);
}

/* Play turn @r->turn's command (turn 0: the start). */
static gboolean play_turn(Rebuild *r, GError **error)
{
    const char *json = g_ptr_array_index(r->pack->commands, (guint) r->turn);
    g_autofree char *why = NULL;
    CavCommand command;

    if (!command_from_json(json, &command, NULL))
        return store_fail(error, STORE_ERROR_TAMPERED, r->path,
                          "turn %d holds a command this build does not know", r->turn);
    if ((command.kind == CMD_START) != (r->turn == 0))
        return store_fail(error, STORE_ERROR_TAMPERED, r->path,
                          "turn %d (%s) does not rebuild: a game starts at turn 0, once", r->turn,
                          json);
    if (r->turn == 0)
        game_start(r->game, r->pack->seed, r->pack->player_name);
    else if (!game_play(r->game, &command, &why))
        return store_fail(error, STORE_ERROR_TAMPERED, r->path,
                          "turn %d (%s) does not rebuild: this build refuses it (%s)", r->turn,
                          json, why);
    return keep_turn(r, json, error);
}

/* Every turn of @r->pack into @r->store, then the rows re-running does not make. */
static gboolean rebuild_turns(Rebuild *r, GError **error)
{
    const Pack *pack = r->pack;

    for (r->turn = 0; (guint) r->turn < pack->commands->len; r->turn++)
        if (!play_turn(r, error))
            return FALSE;
    return pack_rows_write(r->store, pack->created, pack->updated, pack->bookmarks,
                           pack->forked ? &pack->lineage : NULL, error);
}

/* The rebuilt file at @dest, read back with every check a reader makes. */
static gboolean check_rebuilt(const char *dest, const char *path, GError **error)
{
    g_autoptr(Store) store = store_open(dest, FALSE, error);
    g_autoptr(Game) game = game_new(NULL);

    game_track_view(game, FALSE);
    if (store != NULL && checks_fold(store, game, NULL, NULL, error))
        return TRUE;
    store_error_rename(error != NULL ? *error : NULL, dest, path);
    return FALSE;
}

/* The pack file @path, read whole (it is small) and decoded: a regular
 * file by its own name (a FIFO would block, a link is not followed). */
static Pack *read_pack(const char *path, GError **error)
{
    g_autoptr(GMappedFile) file = NULL;
    struct stat info;
    int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);

    if (fd < 0) {
        store_fail(error, errno == ENOENT ? STORE_ERROR_NOT_FOUND : STORE_ERROR_IO, path, "%s",
                   g_strerror(errno));
        return NULL;
    }
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > PACK_FILE_MAX) {
        close(fd);
        store_fail(error, STORE_ERROR_NOT_A_GAME, path,
                   S_ISREG(info.st_mode) ? "not a cavelog pack (larger than any)"
                                         : "not a cavelog pack (not a regular file)");
        return NULL;
    }
    file = info.st_size > 0 ? g_mapped_file_new_from_fd(fd, FALSE, NULL) : NULL;
    close(fd);
    if (file == NULL)
        return pack_decode((const guint8 *) "", 0, path, error);
    return pack_decode((const guint8 *) g_mapped_file_get_contents(file),
                       g_mapped_file_get_length(file), path, error);
}

/* pack_rebuild, counting the turns and events rebuilt into @counts. */
static gboolean rebuild_counted(const char *path, const char *dest, PackCounts *counts,
                                GError **error)
{
    g_autoptr(Pack) pack = NULL;
    CavContent *content;
    Rebuild r = {.path = path};
    gboolean ok;

    if ((pack = read_pack(path, error)) == NULL ||
        (content = rebuild_content(pack, path, error)) == NULL)
        return FALSE;
    r.pack = pack;
    r.store = store_create(dest, pack->seed, pack->player_name, content, error);
    r.game = game_new_with_content(content, NULL);
    game_track_view(r.game, FALSE);
    ok = r.store != NULL && rebuild_turns(&r, error);
    ok = store_close(g_steal_pointer(&r.store), ok ? error : NULL) && ok;
    game_free(r.game);
    ok = ok && check_rebuilt(dest, path, error);
    if (!ok)
        store_remove_part(dest);
    counts->turns = (gint32) pack->commands->len - 1;
    for (guint t = 0; t < pack->events->len; t++)
        counts->events += g_array_index(pack->events, guint32, t);
    return ok;
}

gboolean pack_rebuild(const char *path, const char *dest, GError **error)
{
    PackCounts counts = {0};

    g_return_val_if_fail(path != NULL && dest != NULL, FALSE);
    return rebuild_counted(path, dest, &counts, error);
}

gboolean pack_unpack(const char *path, const char *out, PackCounts *counts, GError **error)
{
    g_autofree char *part = NULL;

    g_return_val_if_fail(path != NULL && out != NULL && counts != NULL, FALSE);
    memset(counts, 0, sizeof *counts);
    if (!store_check_free(out, error))
        return FALSE;
    store_remove_dead_parts(out);
    part = g_strdup_printf("%s.%d.part", out, (int) getpid());
    store_remove_part(part); /* left by a killed process that had our pid */
    if (!rebuild_counted(path, part, counts, error)) {
        store_error_rename(error != NULL ? *error : NULL, part, out); /* name OUT, not its part */
        return FALSE;
    }
    return store_move_into_place(part, out, error);
}

gboolean pack_save(const Pack *pack, const char *out, gsize *size, GError **error)
{
    g_autoptr(GBytes) bytes = pack_encode(pack);
    g_autofree char *part = g_strdup_printf("%s.%d.part", out, (int) getpid());
    g_autoptr(GError) local = NULL;

    g_return_val_if_fail(pack != NULL && out != NULL, FALSE);
    *size = g_bytes_get_size(bytes);
    if (!store_check_free(out, error))
        return FALSE;
    if (!g_file_set_contents_full(part, g_bytes_get_data(bytes, NULL), (gssize) *size,
                                  G_FILE_SET_CONTENTS_CONSISTENT, 0644, &local)) {
        g_unlink(part);
        return store_fail(error, STORE_ERROR_IO, out, "%s", local->message);
    }
    return store_move_into_place(part, out, error);
}

void pack_enable_readers(void)
{
    store_set_rebuilder(pack_rebuild);
}
