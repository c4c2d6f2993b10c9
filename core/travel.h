/* SPDX-License-Identifier: GPL-3.0-or-later */
/* travel.h — finding the player's way by what they know: the nearest
 * unexplored cell (auto-explore), a known path to a chosen cell (travel),
 * and the rules that stop a walk of many steps (something new to the player
 * on their level comes into view, a blow strikes them, they grow hungrier, a
 * run meets a wall or a branching, a rest is over). Pure queries over a
 * CavState, the player's CavView and the events of a turn: a route runs only
 * over remembered floor and stairs, never through rock, so it never digs. */
#ifndef CAV_CORE_TRAVEL_H
#define CAV_CORE_TRAVEL_H

#include "event.h"
#include "state.h"
#include "view.h"

G_BEGIN_DECLS

/* Why a walk of many steps stops, or TRAVEL_GO when it goes on. */
typedef enum {
    TRAVEL_GO,
    TRAVEL_ARRIVED,   /* travel: the player stands on the cell chosen */
    TRAVEL_EXPLORED,  /* auto-explore: no reachable cell borders the unknown */
    TRAVEL_NO_WAY,    /* travel: no known way there */
    TRAVEL_CREATURE,  /* a creature not met on this level came into view */
    TRAVEL_ITEM,      /* an item of a kind not seen on this level came into view */
    TRAVEL_HURT,      /* a blow struck the player, or a harmful effect took hold */
    TRAVEL_UNDERFOOT, /* run: something lies here, or stairs */
    TRAVEL_BLOCKED,   /* run: the next cell is rock, unknown or taken */
    TRAVEL_BRANCH,    /* run: a way opens to one side */
    TRAVEL_RESTED,    /* rest: hp and mana are full */
    TRAVEL_HUNGRIER,  /* the player became hungry, or starving */
    TRAVEL_STARVING,  /* rest: the player is starving (resting would kill them) */
} TravelStop;

/* What the player perceived after the last step, to tell what is new. */
typedef struct {
    char hunger[CAV_WORD_MAX];               /* the player's hunger word */
    gint32 noticed;                          /* after a stop for a creature or an item: its id; for
                                              * a blow: the creature that struck (0: none seen) */
    gint32 struck;                           /* since the last look (travel_watch_event()): the
                                              * creature whose blow hit the player, -1 for a harmful
                                              * effect that took hold of them, 0 for none */
    guint8 creatures[CAV_CREATURES_MAX + 1]; /* 1: in view when the walk began, or since */
    guint8 met[CAV_CREATURES_MAX + 1];       /* bit z: seen by the player on level z in
                                              * this game; kept from walk to walk, and
                                              * between walks (travel_watch_see()) */
    guint8 items[CAV_ITEMS_MAX + 1];         /* 1: known: remembered at the start, or
                                              * seen lying in view since */
} TravelWatch;

/* Whether the player may walk onto (@z, @x, @y) by what they know: a
 * remembered floor or stairs cell where they see no creature. */
gboolean travel_walkable(const CavState *state, const CavView *view, gint32 z, gint32 x, gint32 y);

/* The first step (*@dx, *@dy) of a shortest known way from the player to
 * the nearest walkable cell, other than their own, that borders a cell they
 * have never seen. FALSE when there is none (the level is explored). */
gboolean travel_explore_step(const CavState *state, const CavView *view, gint32 *dx, gint32 *dy);

/* Whether auto-explore came back to a cell it stood on since it last
 * learned a cell: @been (CAV_WIDTH × CAV_HEIGHT flags, the cells stood on)
 * is cleared whenever *@known, the number of cells of the player's level
 * remembered, grows; then the player's cell is marked. With nothing
 * learned, the same way would go round again (as it could for a player who
 * sees nothing), so a walk stops there. */
gboolean travel_going_round(const CavState *state, const CavView *view, guint8 *been, gint *known);

/* Append to @out why auto-explore found nothing to explore: what the player
 * sees standing on the only known way on ("A fungus blocks the way on.",
 * "Fungi block the way on."), else that nothing is left they can reach. */
void travel_explored_words(const CavState *state, const CavView *view, GString *out);

/* The first step of a shortest known way from the player to (@x, @y) on
 * their level. FALSE when they stand there or know no way. */
gboolean travel_step_to(const CavState *state, const CavView *view, gint32 x, gint32 y, gint32 *dx,
                        gint32 *dy);

/* The remembered stairs (@tile: TILE_STAIRS_DOWN or TILE_STAIRS_UP) nearest
 * the player by a known way, in *@x, *@y; FALSE when they know of none they
 * can reach. */
gboolean travel_nearest_tile(const CavState *state, const CavView *view, CavTile tile, gint32 *x,
                             gint32 *y);

/* A creature the player sees next to them that can hurt them (attack above
 * 0; a fungus cannot): its id, or 0. A walk does not start beside one. */
gint32 travel_threat(const CavState *state, const CavView *view);

/* Note what the player perceives now, as the start of a walk. @watch->met
 * is kept: zero the whole watch once per game (g_new0), not per walk. */
void travel_watch_begin(TravelWatch *watch, const CavState *state, const CavView *view);

/* Note the creatures the player sees now as met on their level, so that no
 * later walk stops for them: call it whenever the player has looked at the
 * screen between walks (after every turn); walks note them themselves. */
void travel_watch_see(TravelWatch *watch, const CavState *state, const CavView *view);

/* Offer @event, just evolved into @state, to @watch: a blow that hits the
 * player (melee, thrown or fired, whatever its damage) or a harmful effect
 * taking hold of them (one that hurts at once or each turn) is noted in
 * @watch->struck for the next travel_watch_step(). An effect already on the
 * player working another turn (a poison tick) is no blow, nor is hunger. */
void travel_watch_event(TravelWatch *watch, const CavState *state, const CavEvent *event);

/* Whether resting goes on: TRAVEL_RESTED when the player lacks neither hp
 * nor mana, TRAVEL_STARVING when they starve, else TRAVEL_GO. */
TravelStop travel_rest_check(const CavState *state);

/* After a step: TRAVEL_HURT when a blow struck the player since the last
 * look (travel_watch_event(); losing hp to an effect already on them does
 * not count); TRAVEL_HUNGRIER when the player became hungry or starving;
 * TRAVEL_CREATURE when a creature is in view that the player has not met on
 * this level (a bat seen once, on this walk or before, stops no walk again)
 * and that is not a fungus of a colony met there (fungi never move, and a
 * colony's growth is more of the same); TRAVEL_ITEM for an item in view
 * that the player did not know of (remembered when the walk began, or seen
 * since) and of a kind they remember nowhere else on the level (a second
 * rock is no news); else TRAVEL_GO. Updates @watch to now (with the id of
 * the creature that struck, or the creature or item first noticed, in
 * @watch->noticed). */
TravelStop travel_watch_step(TravelWatch *watch, const CavState *state, const CavView *view);

/* Whether a run in direction (@dx, @dy), having just stepped onto the
 * player's cell, stops there: TRAVEL_UNDERFOOT on an item or stairs,
 * TRAVEL_BRANCH when a cell to the left or right of the way is open here
 * but was closed one step back, TRAVEL_BLOCKED when the next cell is not
 * walkable, else TRAVEL_GO. With @first (no step taken yet) only the next
 * cell counts. */
TravelStop travel_run_check(const CavState *state, const CavView *view, gint32 dx, gint32 dy,
                            gboolean first);

/* A short sentence for the player on why the walk stopped ("Nothing left to
 * explore here."), or NULL when the screen already says it. Static. */
const char *travel_stop_text(TravelStop stop);

G_END_DECLS

#endif
