/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bus.c — the event bus: an ordered subscription list, a FIFO for events
 * published during dispatch, and lazy removal of unsubscribed handlers. */
#include "bus.h"

#include <string.h>

#define TYPE_WORDS ((CAV_EVENT_TYPE_COUNT + 63) / 64)

typedef struct {
    guint id; /* 0 once unsubscribed */
    guint64 types[TYPE_WORDS];
    BusHandler handler;
    gpointer user_data;
} Subscription;

struct Bus {
    GArray *subscriptions; /* of Subscription, in subscription order */
    GQueue pending;        /* of CavEvent *, published during dispatch */
    guint next_id;
    gboolean dispatching;
    gboolean needs_compaction;
};

Bus *bus_new(void)
{
    Bus *bus = g_new0(Bus, 1);

    bus->subscriptions = g_array_new(FALSE, TRUE, sizeof(Subscription));
    g_queue_init(&bus->pending);
    bus->next_id = 1;
    return bus;
}

void bus_free(Bus *bus)
{
    if (bus == NULL)
        return;
    g_queue_clear_full(&bus->pending, g_free);
    g_array_unref(bus->subscriptions);
    g_free(bus);
}

static guint add(Bus *bus, const guint64 *types, BusHandler handler, gpointer user_data)
{
    Subscription sub = {.id = bus->next_id++, .handler = handler, .user_data = user_data};

    memcpy(sub.types, types, sizeof sub.types);
    g_array_append_val(bus->subscriptions, sub);
    return sub.id;
}

guint bus_subscribe_set(Bus *bus, const CavEventType *types, gsize n_types, BusHandler handler,
                        gpointer user_data)
{
    guint64 mask[TYPE_WORDS] = {0};

    g_return_val_if_fail(bus != NULL && handler != NULL, 0);
    g_return_val_if_fail(types != NULL || n_types == 0, 0);
    for (gsize i = 0; i < n_types; i++) {
        g_return_val_if_fail(types[i] < CAV_EVENT_TYPE_COUNT, 0);
        mask[types[i] / 64] |= G_GUINT64_CONSTANT(1) << (types[i] % 64);
    }
    return add(bus, mask, handler, user_data);
}

guint bus_subscribe(Bus *bus, CavEventType type, BusHandler handler, gpointer user_data)
{
    return bus_subscribe_set(bus, &type, 1, handler, user_data);
}

guint bus_subscribe_all(Bus *bus, BusHandler handler, gpointer user_data)
{
    guint64 mask[TYPE_WORDS];

    g_return_val_if_fail(bus != NULL && handler != NULL, 0);
    memset(mask, 0xff, sizeof mask);
    return add(bus, mask, handler, user_data);
}

static void compact(Bus *bus)
{
    guint kept = 0;

    for (guint i = 0; i < bus->subscriptions->len; i++) {
        Subscription *sub = &g_array_index(bus->subscriptions, Subscription, i);
        if (sub->id != 0)
            g_array_index(bus->subscriptions, Subscription, kept++) = *sub;
    }
    g_array_set_size(bus->subscriptions, kept);
    bus->needs_compaction = FALSE;
}

void bus_unsubscribe(Bus *bus, guint subscription)
{
    g_return_if_fail(bus != NULL);
    for (guint i = 0; i < bus->subscriptions->len; i++) {
        Subscription *sub = &g_array_index(bus->subscriptions, Subscription, i);
        if (sub->id == subscription && subscription != 0) {
            sub->id = 0;
            bus->needs_compaction = TRUE;
        }
    }
    if (!bus->dispatching && bus->needs_compaction)
        compact(bus);
}

static void dispatch_one(Bus *bus, const CavEvent *event)
{
    guint word = event->type / 64;
    guint64 bit = G_GUINT64_CONSTANT(1) << (event->type % 64);
    /* Handlers added during this dispatch sit beyond @n and wait for the next
     * event; the array may grow, so index it afresh on every step. */
    guint n = bus->subscriptions->len;

    for (guint i = 0; i < n; i++) {
        Subscription sub = g_array_index(bus->subscriptions, Subscription, i);
        if (sub.id != 0 && (sub.types[word] & bit))
            sub.handler(event, sub.user_data);
    }
}

void bus_publish(Bus *bus, const CavEvent *event)
{
    CavEvent *queued;

    g_return_if_fail(bus != NULL && event != NULL && event->type < CAV_EVENT_TYPE_COUNT);
    if (bus->dispatching) {
        g_queue_push_tail(&bus->pending, g_memdup2(event, sizeof *event));
        return;
    }
    bus->dispatching = TRUE;
    dispatch_one(bus, event);
    while ((queued = g_queue_pop_head(&bus->pending)) != NULL) {
        dispatch_one(bus, queued);
        g_free(queued);
    }
    bus->dispatching = FALSE;
    if (bus->needs_compaction)
        compact(bus);
}
