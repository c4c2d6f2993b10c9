/* command.h — what an actor wants to do, as a small value. Commands are
 * stored (as JSON) with each turn so a game can be re-run and checked. */
#ifndef CAV_CORE_COMMAND_H
#define CAV_CORE_COMMAND_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
    CMD_START,   /* set up a new game; only as turn 0 */
    CMD_MOVE,    /* step (or dig, or attack) toward dx, dy */
    CMD_WAIT,    /* let a turn pass */
    CMD_DESCEND, /* take stairs down */
    CMD_ASCEND,  /* take stairs up (on level 1: leave the caves) */
} CavCommandKind;

typedef struct {
    CavCommandKind kind;
    gint32 dx, dy; /* CMD_MOVE: each in -1 … 1, not both 0 */
    gint64 seed;   /* CMD_START only */
} CavCommand;

CavCommand command_move(gint32 dx, gint32 dy);
CavCommand command_simple(CavCommandKind kind);

/* Append @command as a JSON object to @out. */
void command_to_json(const CavCommand *command, GString *out);

#define COMMAND_ERROR (command_error_quark())
GQuark command_error_quark(void);

/* Parse a stored command. FALSE (with a message in @error) when it is not a
 * command this build knows. */
gboolean command_from_json(const char *json, CavCommand *out, GError **error);

G_END_DECLS

#endif
