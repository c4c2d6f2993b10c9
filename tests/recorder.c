/* recorder.c — compact event tokens for stream assertions in tests. */
#include "recorder.h"

struct Recorder {
    Bus *bus;
    guint subscription;
    gboolean with_rows;
    GString *text;
};

void recorder_token(const CavEvent *e, GString *out)
{
    switch (e->type) {
    case CAV_EVENT_GAME_STARTED:
        g_string_append_printf(out, "started(%" G_GINT64_FORMAT ")", e->as.GameStarted.seed);
        break;
    case CAV_EVENT_LEVEL_GENERATED:
        g_string_append_printf(out, "level(%d)", e->as.LevelGenerated.z);
        break;
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        g_string_append_printf(out, "row(%d,%d)", e->as.LevelRowGenerated.z,
                               e->as.LevelRowGenerated.y);
        break;
    case CAV_EVENT_CREATURE_SPAWNED:
        g_string_append_printf(out, "spawned(%s c%d %d:%d,%d)", e->as.CreatureSpawned.kind,
                               e->as.CreatureSpawned.creature, e->as.CreatureSpawned.z,
                               e->as.CreatureSpawned.x, e->as.CreatureSpawned.y);
        break;
    case CAV_EVENT_CREATURE_MOVED:
        g_string_append_printf(out, "moved(c%d %d,%d>%d,%d)", e->as.CreatureMoved.creature,
                               e->as.CreatureMoved.from_x, e->as.CreatureMoved.from_y,
                               e->as.CreatureMoved.x, e->as.CreatureMoved.y);
        break;
    case CAV_EVENT_TILE_DUG:
        g_string_append_printf(out, "dug(%d,%d)", e->as.TileDug.x, e->as.TileDug.y);
        break;
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        g_string_append_printf(out, "stairs(c%d %d>%d)", e->as.CreatureTookStairs.creature,
                               e->as.CreatureTookStairs.from_z, e->as.CreatureTookStairs.z);
        break;
    case CAV_EVENT_CREATURE_WAITED:
        g_string_append_printf(out, "waited(c%d)", e->as.CreatureWaited.creature);
        break;
    case CAV_EVENT_GAME_WON:
        g_string_append_printf(out, "won(c%d)", e->as.GameWon.creature);
        break;
    case CAV_EVENT_GAME_LOST:
        g_string_append_printf(out, "lost(c%d,%s)", e->as.GameLost.creature, e->as.GameLost.cause);
        break;
    case CAV_EVENT_TYPE_COUNT:
    default:
        g_string_append(out, "?");
        break;
    }
}

static void on_event(const CavEvent *event, gpointer user_data)
{
    Recorder *r = user_data;

    if (event->type == CAV_EVENT_LEVEL_ROW_GENERATED && !r->with_rows)
        return;
    if (r->text->len > 0)
        g_string_append_c(r->text, ' ');
    recorder_token(event, r->text);
}

Recorder *recorder_new(Bus *bus, gboolean with_rows)
{
    Recorder *r = g_new0(Recorder, 1);

    r->bus = bus;
    r->with_rows = with_rows;
    r->text = g_string_new(NULL);
    r->subscription = bus_subscribe_all(bus, on_event, r);
    return r;
}

void recorder_free(Recorder *r)
{
    if (r == NULL)
        return;
    bus_unsubscribe(r->bus, r->subscription);
    g_string_free(r->text, TRUE);
    g_free(r);
}

char *recorder_take(Recorder *r)
{
    char *text = g_strdup(r->text->str);

    g_string_truncate(r->text, 0);
    return text;
}
