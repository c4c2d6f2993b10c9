/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rng.c — a counter-based generator built from the SplitMix64 finaliser: the
 * key (seed, stream, turn, counter) is mixed through two rounds, so adjacent
 * counters give unrelated outputs. */
#include "rng.h"

static guint64 mix(guint64 z)
{
    z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

guint64 rng_peek(guint64 seed, guint32 stream, gint32 turn, guint64 counter)
{
    guint64 key = mix(seed + G_GUINT64_CONSTANT(0x9e3779b97f4a7c15) *
                                 (((guint64) stream << 32) | (guint32) turn));
    return mix(key ^ mix(counter + G_GUINT64_CONSTANT(0x632be59bd9b4e019)));
}

CavRng rng_at(guint64 seed, RngStream stream, gint32 turn)
{
    return (CavRng){.seed = seed, .stream = stream, .turn = turn, .counter = 0};
}

guint64 rng_next(CavRng *rng)
{
    g_return_val_if_fail(rng != NULL, 0);
    return rng_peek(rng->seed, rng->stream, rng->turn, rng->counter++);
}

gint32 rng_range(CavRng *rng, gint32 lo, gint32 hi)
{
    guint64 span;

    g_return_val_if_fail(rng != NULL && lo <= hi, lo);
    span = (guint64) ((gint64) hi - (gint64) lo) + 1;
    /* Multiply-shift keeps the bias below 2^-32 for the spans used here. */
    return (gint32) ((gint64) lo + (gint64) (((rng_next(rng) >> 32) * span) >> 32));
}

gboolean rng_permille(CavRng *rng, gint32 permille)
{
    return rng_range(rng, 0, 999) < permille;
}
