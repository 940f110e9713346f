import type { LiveEvent, LiveEventType, LiveEvents } from '@souq/shared/api/events';
import type { Bus, BusEvent, BusEvents } from '../../platform/bus.js';
import type {} from '../prices/prices.service.js';

/** Who is listening on one open stream of this instance. */
export type Listener = {
  kind: 'user' | 'vendor' | 'admin' | 'anonymous';
  userId: number | null;
  vendorId: number | null;
  /** An assistant chat session the stream asked for (`?chat=`), already checked to be the caller's. */
  chatSessionId: string | null;
  send(event: LiveEvent): void;
  close(): void;
};

/** Who may receive an event: its customer, a vendor, staff, or the holder of an assistant chat session. */
export type Audience = { userId?: number | null; vendorId?: number | null; admins?: boolean; chatSessionId?: string | null };

type Route<K extends BusEvent> = (payload: BusEvents[K]) => { to: Audience; event: LiveEvent } | null;

const live = <T extends LiveEventType>(type: T, data: LiveEvents[T]) => ({ type, data }) as LiveEvent;

/**
 * Which bus event reaches which browsers, in one table: a customer receives only events about their own
 * conversations, chat sessions and orders; staff receive the support inbox and the chat monitor.
 */
const ROUTES: { [K in BusEvent]?: Route<K> } = {
  'support.message': (p) => ({ to: { userId: p.userId, admins: true }, event: live('support.message', { conversationId: p.conversationId, message: p.message }) }),
  'support.conversation': (p) => ({
    to: { userId: p.userId, admins: true },
    event: live('support.conversation', { conversationId: p.conversationId, status: p.status, priority: p.priority }),
  }),
  'chat.reply': (p) => ({ to: { userId: p.userId, chatSessionId: p.sessionId }, event: live('chat.reply', { sessionId: p.sessionId, reply: p.reply }) }),
  'chat.session': (p) => ({ to: { admins: true }, event: live('chat.session', { sessionId: p.sessionId }) }),
  // a return's shopper, its seller and staff (their Orders screens refetch)
  'return.changed': (p) => ({
    to: { userId: p.userId, admins: true, ...(p.vendorId ? { vendorId: p.vendorId } : {}) },
    event: live('return.status', { returnId: p.returnId, orderId: p.orderId, orderNumber: p.orderNumber, status: p.status, refundCents: p.refundCents, currency: p.currency }),
  }),
  'order.parcelMoved': (p) => ({
    to: { ...(p.userId ? { userId: p.userId } : {}), ...(p.vendorId ? { vendorId: p.vendorId } : {}) },
    event: live('order.parcel', { orderId: p.orderId, orderNumber: p.orderNumber, state: p.state, reason: p.reason }),
  }),
  'order.statusChanged': (p) =>
    p.userId ? { to: { userId: p.userId }, event: live('order.status', { orderId: p.orderId, orderNumber: p.orderNumber, status: p.to, ...(p.tracking ? { tracking: p.tracking } : {}) }) } : null,
  'price.alertFired': (p) => ({
    to: { userId: p.userId },
    event: live('price.alert', { alertId: p.alertId, productId: p.productId, productName: p.productName, priceCents: p.priceCents, belowCents: p.belowCents, currency: p.currency }),
  }),
};

/** The index keys a listener is found under, and the keys an audience reaches. */
function listenerKeys(l: Listener): string[] {
  const keys: string[] = [];
  if (l.kind === 'admin') keys.push('admins');
  if (l.kind === 'user' && l.userId !== null) keys.push(`u:${l.userId}`);
  if (l.kind === 'vendor' && l.vendorId !== null) keys.push(`v:${l.vendorId}`);
  if (l.chatSessionId) keys.push(`c:${l.chatSessionId}`);
  return keys;
}
function audienceKeys(a: Audience): string[] {
  const keys: string[] = [];
  if (a.admins) keys.push('admins');
  if (a.userId) keys.push(`u:${a.userId}`);
  if (a.vendorId) keys.push(`v:${a.vendorId}`);
  if (a.chatSessionId) keys.push(`c:${a.chatSessionId}`);
  return keys;
}

/** Streams one account may keep open on one instance (tabs, devices). */
export const MAX_STREAMS_PER_ACCOUNT = 8;

export type EventsService = ReturnType<typeof createEventsService>;

/**
 * The browsers connected to THIS instance, indexed by who they are. Bus handlers run with the default 'cluster'
 * scope, so an event emitted on any instance reaches the streams open on every instance.
 */
export function createEventsService(deps: {
  bus: Bus;
  /** The vendors whose products an order holds, or who were assigned it (read only when a vendor is listening). */
  vendorsOfOrder?: (orderId: number) => Promise<number[]>;
}) {
  const index = new Map<string, Set<Listener>>();
  const all = new Set<Listener>();
  const perAccount = new Map<string, Listener[]>();
  /** open vendor streams on this instance: an order looks its vendors up only when there is one */
  let vendorStreams = 0;

  function deliver(to: Audience, event: LiveEvent) {
    const targets = new Set<Listener>();
    for (const key of audienceKeys(to)) for (const l of index.get(key) ?? []) targets.add(l);
    for (const l of targets) l.send(event);
    return targets.size;
  }

  const unsubscribe = (Object.entries(ROUTES) as [BusEvent, Route<BusEvent>][]).map(([name, route]) =>
    deps.bus.on(name, (payload) => {
      const out = route(payload);
      if (out) deliver(out.to, out.event);
    }),
  );

  // Orders reach their vendors too. The payloads do not carry the vendors (the order's hot path stays as it is), so
  // this instance looks them up, and only when one of its streams is a vendor's.
  const toVendors = async (p: { orderId: number; orderNumber: string }) => {
    if (!deps.vendorsOfOrder || vendorStreams === 0) return;
    const event = live('vendor.order', { orderId: p.orderId, orderNumber: p.orderNumber });
    for (const vendorId of await deps.vendorsOfOrder(p.orderId)) deliver({ vendorId }, event);
  };
  unsubscribe.push(deps.bus.on('order.placed', toVendors), deps.bus.on('order.statusChanged', toVendors));

  return {
    /** Starts delivering to a stream; returns the function that stops it. */
    attach(l: Listener): () => void {
      all.add(l);
      const isVendor = l.kind === 'vendor' && l.vendorId !== null;
      if (isVendor) vendorStreams++;
      // one account keeps a bounded number of streams (tabs) per instance: the oldest gives way
      const account = l.userId !== null ? `${l.kind}:${l.userId}` : null;
      if (account) {
        const open = perAccount.get(account) ?? [];
        open.push(l);
        perAccount.set(account, open);
        if (open.length > MAX_STREAMS_PER_ACCOUNT) open[0]!.close();
      }
      for (const key of listenerKeys(l)) {
        let set = index.get(key);
        if (!set) index.set(key, (set = new Set()));
        set.add(l);
      }
      return () => {
        if (!all.delete(l)) return;
        if (isVendor) vendorStreams--;
        if (account) {
          const open = (perAccount.get(account) ?? []).filter((x) => x !== l);
          if (open.length) perAccount.set(account, open);
          else perAccount.delete(account);
        }
        for (const key of listenerKeys(l)) {
          const set = index.get(key);
          set?.delete(l);
          if (set?.size === 0) index.delete(key);
        }
      };
    },

    get connected() {
      return all.size;
    },

    /** Ends every stream (server shutdown): clients reconnect to another instance. */
    close() {
      for (const l of [...all]) l.close();
      for (const off of unsubscribe) off();
    },
  };
}
