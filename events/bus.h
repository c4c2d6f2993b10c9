/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bus.h — synchronous publish/subscribe for domain events.
 *
 * Contract:
 * - A handler subscribes to one type, a set of types, or all types.
 * - bus_publish() dispatches synchronously: it returns after every interested
 *   handler has run, in subscription order (first subscribed, first called).
 * - The event pointer a handler receives is borrowed and valid only during
 *   the call; a handler that wants to keep the event copies the struct (events
 *   are plain values, so a struct copy is a full copy).
 * - Publishing from inside a handler does not nest: the new event is queued
 *   and dispatched, to all its subscribers, after the current event has been
 *   offered to every handler. Queued events keep their publication order, so
 *   every handler sees one global order of events (breadth first).
 * - Unsubscribing (any subscription, including the running one) during
 *   dispatch takes effect at once: the handler is not called again, not even
 *   for the event being dispatched. Subscribing during dispatch takes effect
 *   from the next event.
 * - Not thread-safe: one bus belongs to one thread. */
#ifndef CAV_EVENTS_BUS_H
#define CAV_EVENTS_BUS_H

#include "event.h"

G_BEGIN_DECLS

typedef struct Bus Bus;

typedef void (*BusHandler)(const CavEvent *event, gpointer user_data);

/* A new bus with no subscribers; free with bus_free(). */
Bus *bus_new(void);
void bus_free(Bus *bus);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(Bus, bus_free)

/* Subscribe @handler to events of @type / any of @types / every type. Returns
 * a subscription id (> 0) for bus_unsubscribe(). @user_data is not owned. */
guint bus_subscribe(Bus *bus, CavEventType type, BusHandler handler, gpointer user_data);
guint bus_subscribe_set(Bus *bus, const CavEventType *types, gsize n_types, BusHandler handler,
                        gpointer user_data);
guint bus_subscribe_all(Bus *bus, BusHandler handler, gpointer user_data);

/* Remove a subscription. Unknown or already removed ids are ignored. */
void bus_unsubscribe(Bus *bus, guint subscription);

/* Dispatch @event (copied if it must wait in the queue). */
void bus_publish(Bus *bus, const CavEvent *event);

G_END_DECLS

#endif
