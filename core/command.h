/* SPDX-License-Identifier: GPL-3.0-or-later */
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
    CMD_PICKUP,  /* pick up what lies here */
    CMD_DROP,    /* drop one of @item (the whole item when it does not stack) */
    CMD_EAT,     /* eat one of @item */
    CMD_EQUIP,   /* wield or wear @item; take it off when it is already on */
    CMD_CHOOSE,  /* choose @bonus for a level gained; takes no time */
    CMD_THROW,   /* throw one of @item at the cell (x, y) */
    CMD_FIRE,    /* fire the wielded ranged weapon at the cell (x, y) */
    CMD_QUAFF,   /* drink one of @item */
    CMD_CAST,    /* read @word (a spell) from the book @item at the creature at (x, y) */
    CMD_NAME,    /* call potions that look @word by the name @text; takes no time */
} CavCommandKind;

#define CAV_COMMAND_WORD_MAX 32

typedef struct {
    CavCommandKind kind;
    gint32 dx, dy; /* CMD_MOVE: each in -1 … 1, not both 0 */
    gint64 seed;   /* CMD_START only */
    gint32 item;   /* CMD_DROP, CMD_EAT, CMD_EQUIP, CMD_THROW, CMD_QUAFF: an item id in the pack */
    gint32 bonus;  /* CMD_CHOOSE: a CavBonus */
    gint32 x, y;   /* CMD_THROW, CMD_FIRE, CMD_CAST: the cell aimed at, on the actor's level */
    char word[CAV_COMMAND_WORD_MAX]; /* CMD_CAST: the spell; CMD_NAME: the look */
    char text[CAV_COMMAND_WORD_MAX]; /* CMD_NAME: the name ("" forgets it) */
} CavCommand;

CavCommand command_move(gint32 dx, gint32 dy);
CavCommand command_simple(CavCommandKind kind);
CavCommand command_item(CavCommandKind kind, gint32 item);
CavCommand command_choose(gint32 bonus);
CavCommand command_throw(gint32 item, gint32 x, gint32 y);
CavCommand command_fire(gint32 x, gint32 y);
CavCommand command_cast(gint32 book, const char *spell, gint32 x, gint32 y);
CavCommand command_name(const char *appearance, const char *name);

/* Append @command as a JSON object to @out. */
void command_to_json(const CavCommand *command, GString *out);

#define COMMAND_ERROR (command_error_quark())
GQuark command_error_quark(void);

/* Parse a stored command. FALSE (with a message in @error) when it is not a
 * command this build knows. */
gboolean command_from_json(const char *json, CavCommand *out, GError **error);

G_END_DECLS

#endif
