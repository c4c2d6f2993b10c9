/* validate.c — checking untrusted events before they reach evolve. Every
 * check says, in words, what is impossible about the event. */
#include "rules.h"

#include <string.h>

G_DEFINE_QUARK(cavelog_validate_error, validate_error)

static gboolean invalid(GError **error, const CavEvent *event, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

static gboolean invalid(GError **error, const CavEvent *event, const char *format, ...)
{
    va_list args;
    g_autofree char *what = NULL;

    va_start(args, format);
    what = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error(error, VALIDATE_ERROR, 0, "event %" G_GINT64_FORMAT " (%s): %s", event->seq,
                ev_type_name(event->type), what);
    return FALSE;
}

static gboolean check_place(const CavEvent *event, gint32 z, gint32 x, gint32 y, GError **error)
{
    if (z < 0 || z >= CAV_LEVELS)
        return invalid(error, event, "level index %d does not exist", z);
    if (!world_in_bounds(x, y))
        return invalid(error, event, "position (%d,%d) is outside the map", x, y);
    return TRUE;
}

static gboolean check_creature(const CavState *state, const CavEvent *event, gint32 id,
                               GError **error)
{
    const CavCreature *c = state_creature(state, id);

    if (c == NULL)
        return invalid(error, event, "creature %d does not exist", id);
    if (!c->alive)
        return invalid(error, event, "creature %d is dead", id);
    return TRUE;
}

/* Text fields hold printable text only: no control characters that a
 * terminal would act on when `cavelog events` prints them. */
static gboolean check_text(const CavEvent *event, GError **error)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        const guchar *text = (const guchar *) &event->as + fields[i].offset;
        if (fields[i].kind != CAV_FIELD_STR && fields[i].kind != CAV_FIELD_ROW)
            continue;
        if (!g_utf8_validate((const char *) text, -1, NULL))
            return invalid(error, event, "field %s is not valid text", fields[i].name);
        for (gsize k = 0; text[k] != '\0'; k++)
            if (text[k] < 0x20 || text[k] == 0x7f)
                return invalid(error, event, "field %s holds a control character", fields[i].name);
    }
    return TRUE;
}

static gboolean is_setup(CavEventType type)
{
    return type == CAV_EVENT_GAME_STARTED || type == CAV_EVENT_LEVEL_GENERATED ||
           type == CAV_EVENT_LEVEL_ROW_GENERATED;
}

/* Turn 0 sets the game up; every later turn begins with the player's own
 * action, and the player acts once a turn. */
static gboolean check_turn_shape(const CavState *state, const CavEvent *event, GError **error)
{
    if (is_setup(event->type) && event->turn != 0)
        return invalid(error, event, "the world can only be made at turn 0");
    if (event->turn == 0 && event->actor != 0)
        return invalid(error, event, "no one acts at turn 0");
    if (event->turn == state->turn + 1 && (event->actor != state->player || event->cause != 0))
        return invalid(error, event, "turn %d does not begin with the player's action",
                       event->turn);
    if (event->turn > 0 && event->turn == state->turn && event->actor == state->player &&
        event->actor != 0 && event->cause == 0 && state->player_acted_turn == event->turn)
        return invalid(error, event, "the player acts twice in turn %d", event->turn);
    return TRUE;
}

static gboolean check_envelope(const CavState *state, const CavEvent *event, GError **error)
{
    if (event->seq != state->last_seq + 1)
        return invalid(error, event, "comes out of order (expected event %" G_GINT64_FORMAT ")",
                       state->last_seq + 1);
    if (event->turn < state->turn || event->turn > state->turn + 1)
        return invalid(error, event, "turn %d cannot follow turn %d", event->turn, state->turn);
    if (event->cause < 0 || event->cause >= event->seq)
        return invalid(error, event, "names a cause that is not an earlier event");
    if (event->actor != 0 && state_creature(state, event->actor) == NULL)
        return invalid(error, event, "actor %d does not exist", event->actor);
    if (event->seq == 1 && event->type != CAV_EVENT_GAME_STARTED)
        return invalid(error, event, "a game must begin with GameStarted");
    return check_text(event, error) && check_turn_shape(state, event, error);
}

static gboolean check_started(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvGameStarted *e = &event->as.GameStarted;

    if (event->seq != 1 || state->last_seq != 0)
        return invalid(error, event, "a game can start only once, at the beginning");
    if (e->levels != CAV_LEVELS || e->width != CAV_WIDTH || e->height != CAV_HEIGHT)
        return invalid(error, event, "the world must be %d levels of %dx%d", CAV_LEVELS, CAV_WIDTH,
                       CAV_HEIGHT);
    return TRUE;
}

static gboolean check_level(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelGenerated *e = &event->as.LevelGenerated;

    if (e->z != state->levels_generated || state->rows_generated != e->z * CAV_HEIGHT ||
        state->player != 0)
        return invalid(error, event, "levels are made once each, in order, before anyone lives");
    if (e->width != CAV_WIDTH || e->height != CAV_HEIGHT)
        return invalid(error, event, "a level must be %dx%d", CAV_WIDTH, CAV_HEIGHT);
    return check_place(event, e->z, 0, 0, error);
}

static gboolean check_row(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvLevelRowGenerated *e = &event->as.LevelRowGenerated;
    CavTile tile;

    if (!check_place(event, e->z, 0, e->y, error))
        return FALSE;
    if (e->z != state->levels_generated - 1 || e->z * CAV_HEIGHT + e->y != state->rows_generated)
        return invalid(error, event,
                       "terrain rows are laid once each, in order, after their "
                       "level");
    if (strlen(e->cells) != CAV_WIDTH)
        return invalid(error, event, "a row must have %d cells", CAV_WIDTH);
    for (gint32 x = 0; x < CAV_WIDTH; x++)
        if (!world_tile_from_glyph(e->cells[x], &tile))
            return invalid(error, event, "'%c' is not a kind of terrain", e->cells[x]);
    return TRUE;
}

static gboolean check_spawned(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureSpawned *e = &event->as.CreatureSpawned;

    if (e->creature != state->creature_count + 1 || e->creature > CAV_CREATURES_MAX)
        return invalid(error, event, "creature id %d is not the next free id", e->creature);
    if (!check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    if (state->rows_generated != CAV_LEVELS * CAV_HEIGHT)
        return invalid(error, event, "no creature can appear before the world is made");
    if (e->kind[0] == '\0' || strspn(e->kind, "abcdefghijklmnopqrstuvwxyz ") != strlen(e->kind))
        return invalid(error, event, "“%s” is not a kind of creature", e->kind);
    if (strcmp(e->kind, "player") == 0 && state->player != 0)
        return invalid(error, event, "there is only one player");
    if (e->max_hp <= 0 || e->attack < 0 || e->defense < 0 || e->vision < 0 || e->vision > 40)
        return invalid(error, event, "impossible stats");
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "a creature cannot appear inside a wall");
    if (state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a creature cannot appear where another stands");
    return TRUE;
}

static gboolean check_moved(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureMoved *e = &event->as.CreatureMoved;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (c->z != e->z || c->x != e->from_x || c->y != e->from_y)
        return invalid(error, event, "creature %d is not at (%d,%d)", e->creature, e->from_x,
                       e->from_y);
    if (ABS(e->x - e->from_x) > 1 || ABS(e->y - e->from_y) > 1)
        return invalid(error, event, "a step of more than one cell");
    if (e->x == e->from_x && e->y == e->from_y)
        return invalid(error, event, "a step that goes nowhere");
    if (event->actor != e->creature)
        return invalid(error, event, "creature %d is moved by someone else", e->creature);
    if (state_creature_at(state, e->z, e->x, e->y) != NULL)
        return invalid(error, event, "a step onto another creature");
    if (state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "a step into a wall");
    return TRUE;
}

static gboolean check_dug(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvTileDug *e = &event->as.TileDug;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    if (state_tile(state, e->z, e->x, e->y) != TILE_WALL)
        return invalid(error, event, "there is no wall at (%d,%d) to dig", e->x, e->y);
    {
        const CavCreature *c = state_creature(state, e->creature);
        if (c->z != e->z || ABS(c->x - e->x) > 1 || ABS(c->y - e->y) > 1)
            return invalid(error, event, "creature %d cannot reach (%d,%d)", e->creature, e->x,
                           e->y);
    }
    return TRUE;
}

static gboolean check_stairs(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvCreatureTookStairs *e = &event->as.CreatureTookStairs;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error) ||
        !check_place(event, e->z, e->x, e->y, error))
        return FALSE;
    c = state_creature(state, e->creature);
    if (c->z != e->from_z || ABS(e->z - e->from_z) != 1 || c->x != e->x || c->y != e->y ||
        state_tile(state, c->z, c->x, c->y) !=
            (e->z > e->from_z ? TILE_STAIRS_DOWN : TILE_STAIRS_UP) ||
        state_tile(state, e->z, e->x, e->y) == TILE_WALL)
        return invalid(error, event, "no stairs lead that way from where creature %d stands",
                       e->creature);
    return TRUE;
}

static gboolean check_lost(const CavState *state, const CavEvent *event, GError **error)
{
    const CavEvGameLost *e = &event->as.GameLost;
    const CavCreature *c;

    if (!check_creature(state, event, e->creature, error))
        return FALSE;
    if (e->creature != state->player)
        return invalid(error, event, "only the player can lose the game");
    c = state_creature(state, e->creature);
    if (c->z != 0 || state_tile(state, 0, c->x, c->y) != TILE_STAIRS_UP)
        return invalid(error, event, "the player can only flee by the exit on level 1");
    return TRUE;
}

static gboolean check_payload(const CavState *state, const CavEvent *event, GError **error)
{
    switch (event->type) {
    case CAV_EVENT_GAME_STARTED:
        return check_started(state, event, error);
    case CAV_EVENT_LEVEL_GENERATED:
        return check_level(state, event, error);
    case CAV_EVENT_LEVEL_ROW_GENERATED:
        return check_row(state, event, error);
    case CAV_EVENT_CREATURE_SPAWNED:
        return check_spawned(state, event, error);
    case CAV_EVENT_CREATURE_MOVED:
        return check_moved(state, event, error);
    case CAV_EVENT_TILE_DUG:
        return check_dug(state, event, error);
    case CAV_EVENT_CREATURE_TOOK_STAIRS:
        return check_stairs(state, event, error);
    case CAV_EVENT_CREATURE_WAITED:
        return check_creature(state, event, event->as.CreatureWaited.creature, error);
    case CAV_EVENT_GAME_WON:
        /* Winning needs the teddy bear, and no bear exists until items do. */
        return invalid(error, event, "no one can win without the teddy bear");
    case CAV_EVENT_GAME_LOST:
        return check_lost(state, event, error);
    case CAV_EVENT_TYPE_COUNT:
    default:
        return invalid(error, event, "unknown event type");
    }
}

gboolean validate_event(const CavState *state, const CavEvent *event, GError **error)
{
    g_return_val_if_fail(state != NULL && event != NULL, FALSE);
    if (event->type >= CAV_EVENT_TYPE_COUNT)
        return invalid(error, event, "unknown event type");
    if (state->outcome != OUTCOME_PLAYING)
        return invalid(error, event, "the game was already over");
    return check_envelope(state, event, error) && check_payload(state, event, error);
}
