// A small typed event bus. Modules announce facts ("a product changed") without knowing who listens (search index,
// caches, image features, real-time streams, push). With REDIS_URL every fact is also published on a Redis channel,
// so all instances of the server hear it: a product edited through instance A refreshes the search index of B, a
// support reply posted on A reaches a browser connected to B.
import { randomUUID } from 'node:crypto';

export type OrderPlacedItem = { productId: number | null; vendorId: number | null; quantity: number; unitPriceCents: number };

/**
 * Event name → payload. Payloads are plain JSON (they cross process boundaries through Redis): numbers, strings,
 * booleans, arrays and objects of those; dates as ISO text. Other modules may add events by augmenting this
 * interface (`declare module '../../platform/bus.js' { interface BusEvents { … } }`).
 */
export interface BusEvents {
  'product.changed': { id: number };
  'product.deleted': { id: number };
  /** Only the stock moved (an order reserved it, a cancellation returned it): cheaper to apply than a full change. */
  'product.stockChanged': { id: number; stock: number };
  'order.placed': { orderId: number; orderNumber: string; userId: number | null; items: OrderPlacedItem[] };
  /** A purchase held for its card payment was released: the provider authorised the payment (decision 0137). */
  'purchase.paid': {
    purchaseId: number;
    /**
     * The purchase's idempotency key as its release read it (decision 0171): who placed it is in it (an agent's
     * checkout places with its own, agents.place-order), so a listener need not read the purchase to know it is not
     * its own; undefined when the release did not read it.
     */
    idempotencyKey?: string | null;
  };
  /** An order moved to another status (admin, vendor shipping): the customer's page and push notifications follow. */
  'order.statusChanged': {
    orderId: number; orderNumber: string; userId: number | null; from: string; to: string;
    /** When the move is a shipment with its tracking (decision 0086). */
    tracking?: { number: string; carrier: string };
  };
  /** A booked parcel moved (decision 0150): its shopper and seller follow live, the shopper by push too. */
  'order.parcelMoved': { orderId: number; orderNumber: string; userId: number | null; vendorId: number | null; state: string; reason: string | null };
  /** A return request was made, decided or received (decision 0094): its shopper, its seller and staff follow. */
  'return.changed': {
    returnId: number; orderId: number; orderNumber: string; userId: number; vendorId: number | null; status: string;
    /** Set once the refund is issued (received). */
    refundCents: number | null; currency: string;
  };
}

export type BusEvent = keyof BusEvents;
export type BusHandler<K extends BusEvent> = (payload: BusEvents[K]) => void | Promise<void>;

/**
 * Where a handler runs:
 * - 'cluster' (default): on every instance, for every event wherever it was emitted. For in-memory state that each
 *   instance keeps (caches, indexes, open browser streams).
 * - 'origin': only on the instance that emitted the event. For side effects that must happen once in the cluster
 *   (sending a push notification or an e-mail, writing a row).
 */
export type HandlerScope = 'cluster' | 'origin';

export type Bus = {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends BusEvent>(event: K, fn: BusHandler<K>, opts?: { scope?: HandlerScope }): () => void;
  /**
   * Calls every local handler and publishes the event to the other instances. A failing handler is logged and
   * never fails the emitter (the fact already happened). The promise settles when the local handlers are done;
   * callers normally do not wait (`void bus.emit(...)`).
   */
  emit<K extends BusEvent>(event: K, payload: BusEvents[K]): Promise<void>;
  /** Stops listening to other instances and closes the Redis connections. */
  close(): Promise<void>;
};

const CHANNEL = 'souq:bus';
type Wire = { origin: string; event: BusEvent; payload: unknown };
type Entry = { fn: BusHandler<never>; scope: HandlerScope };

export function createBus(opts: { log?: (msg: string) => void; redisUrl?: string } = {}): Bus {
  const log = opts.log ?? (() => {});
  const handlers = new Map<BusEvent, Set<Entry>>();
  const origin = randomUUID();

  async function dispatch(event: BusEvent, payload: unknown, fromHere: boolean) {
    const set = handlers.get(event);
    if (!set?.size) return;
    await Promise.all(
      [...set].map(async ({ fn, scope }) => {
        if (scope === 'origin' && !fromHere) return;
        try {
          await (fn as BusHandler<BusEvent>)(payload as never);
        } catch (err) {
          log(`event handler for ${event} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  }

  // Two connections: a subscribed Redis connection cannot publish. The publisher fails fast when Redis is away
  // (the event still reaches this instance; the others catch up through their caches' TTLs). ioredis loads only
  // with REDIS_URL, so a single instance does not pay for it at start-up.
  const redis = opts.redisUrl ? connect(opts.redisUrl) : null;
  async function connect(url: string) {
    const { Redis } = await import('ioredis');
    const pub = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const sub = new Redis(url, { maxRetriesPerRequest: null });
    for (const conn of [pub, sub]) conn.on('error', (err: Error) => log(`bus: redis ${err.message}`));
    sub.subscribe(CHANNEL).catch((err: Error) => log(`bus: subscribe failed: ${err.message}`));
    sub.on('message', (_channel: string, text: string) => {
      let msg: Wire;
      try {
        msg = JSON.parse(text) as Wire;
      } catch {
        return log('bus: ignored a malformed message');
      }
      if (msg.origin !== origin) void dispatch(msg.event, msg.payload, false);
    });
    return { pub, sub };
  }

  return {
    on(event, fn, { scope = 'cluster' } = {}) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const entry: Entry = { fn: fn as BusHandler<never>, scope };
      set.add(entry);
      return () => void set.delete(entry);
    },
    async emit(event, payload) {
      if (redis) {
        const wire: Wire = { origin, event, payload };
        void redis
          .then(({ pub }) => pub.publish(CHANNEL, JSON.stringify(wire)))
          .catch((err: Error) => log(`bus: publish ${event} failed: ${err.message}`));
      }
      await dispatch(event, payload, true);
    },
    async close() {
      const conns = await redis;
      await Promise.all([conns?.pub, conns?.sub].map((c) => c?.quit().catch(() => c.disconnect())));
    },
  };
}
