/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rng.h — counter-based randomness: every draw is a pure function of
 * (game seed, stream, turn, draw counter). Nothing carries over between turns,
 * so a resumed game draws exactly what an uninterrupted one would. */
#ifndef CAV_CORE_RNG_H
#define CAV_CORE_RNG_H

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
    RNG_STREAM_GAME = 0,     /* everything that changes game state */
    RNG_STREAM_COSMETIC = 1, /* flicker and animation; never game state */
} RngStream;

typedef struct {
    guint64 seed;
    guint32 stream;
    gint32 turn;
    guint64 counter; /* draws made so far in this turn */
} CavRng;

/* A generator positioned at the first draw of @turn. */
CavRng rng_at(guint64 seed, RngStream stream, gint32 turn);

/* The draw for (seed, stream, turn, counter) without advancing anything. */
guint64 rng_peek(guint64 seed, guint32 stream, gint32 turn, guint64 counter);

/* Next 64 random bits; advances the counter. */
guint64 rng_next(CavRng *rng);

/* A uniform integer in lo … hi (inclusive; requires lo <= hi). */
gint32 rng_range(CavRng *rng, gint32 lo, gint32 hi);

/* TRUE with probability @permille / 1000. */
gboolean rng_permille(CavRng *rng, gint32 permille);

G_END_DECLS

#endif
