import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { CARRIER_NAMES } from '@souq/shared/rules/shipping';
import { formatCents } from '@souq/shared/rules/money';
import type { BookShipment, OrderTracking, Shipment } from '@souq/shared/api/shipping';
import type { ShippingConfig } from '../../config.js';
import { orders, orderItems } from '../../db/schema/orders.js';
import { returnRequests } from '../../db/schema/returns.js';
import { vendors } from '../../db/schema/vendors.js';
import { codShipments } from '../../db/schema/cod.js';
import { shipmentEvents, shipments, type CarrierCode, type LabelSnapshot, type ParcelState } from '../../db/schema/shipping.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { SYSTEM_ACTOR, type Actor, type AuditLog } from '../../platform/audit.js';
import { AppError, badRequest, conflict, notFound, say } from '../../platform/errors.js';
import type { Clock } from '../payments/local/clock.js';
import { shiftedClock, wallClock } from '../payments/local/clock.js';
import { fetchBridge, startLocalServer, type LocalServer } from '../payments/local/http.js';
import type { SetStatusOptions } from '../orders/set-status.js';
import type { OrderStatus } from '@souq/shared/constants';
import { createAramexCarrier } from './aramex.js';
import { createQuiqupCarrier } from './quiqup.js';
import { createLocalCarrier, QUIQUP_PREFIX, type LocalCarrier } from './local/index.js';
import { CONTROLS_PREFIX, createCarrierControls } from './local/controls.js';
import { CarrierError, WebhookRejected, type Carrier, type TrackingEvent } from './carrier.js';
import { renderShippingLabel } from './shipping.label.js';
import { periodicJob } from '../../platform/periodic-job.js';

// Carriers, labels and tracking (issue 40, decision 0150). A seller books a carrier for its own sub-order: the
// carrier's waybill becomes the sub-order's tracking number (the move to shipped goes through the orders module's
// setStatus), Souq renders the label. Tracking events (pushed and signed, or polled) are stored once per carrier and
// event id; the parcel's state follows the latest event by the carrier's clock, and the sub-order follows the parcel:
// delivered → delivered (a cash parcel's cash is then the courier's to hand in), returned to the seller → cancelled
// as a refused delivery is (stock back, sale reversed, money back only now).

export const shippingWebhookPath = (carrier: CarrierCode) => `/api/shipping/webhooks/${carrier}`;

const TERMINAL: readonly ParcelState[] = ['delivered', 'returned_to_sender'];
const MOVING: readonly ParcelState[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rescheduled'];

type ShipmentRow = typeof shipments.$inferSelect;
/** What the sub-order's following reads of it, beside its parcel. */
const ORDER_FACTS = { status: orders.status, number: orders.orderNumber, userId: orders.userId, vendorId: orders.sellerVendorId, cod: orders.paymentMethod };
type OrderRow = typeof orders.$inferSelect;
type FollowRow = { s: ShipmentRow; status: OrderRow['status']; number: string; userId: number | null; vendorId: number | null; cod: OrderRow['paymentMethod'] };

export type ShippingDeps = {
  db: Db;
  bus: Bus;
  config: ShippingConfig;
  souqUrl: string;
  currency: string;
  setStatus: (orderId: number, status: OrderStatus, opts: SetStatusOptions) => Promise<unknown>;
  /** The returns module's receipt (refund posted, units restocked as told), as the seller's click makes it. */
  receiveReturn: (returnId: number, vendorId: number | null, restock: boolean, actor: Actor) => Promise<unknown>;
  log: (msg: string) => void;
  /** The trail of a return pickup booked (a sub-order's booking is recorded by its status move). */
  audit: AuditLog;
  clock?: Clock;
};

export function createShippingService(deps: ShippingDeps) {
  const { db } = deps;
  // with the local carrier's test controls (decision 0160) a journey may move the carrier's clock forward (decision
  // 0168): the wall clock shifted by what it asked, and back to the wall clock when it is done; never with both real
  const movable = !deps.clock && deps.config.local?.testControls === true && (!deps.config.aramex.credentials || !deps.config.quiqup.credentials);
  let own: Clock | null = movable ? shiftedClock() : null;
  let clock = deps.clock ?? own ?? wallClock();
  // the local carrier reads the clock the service is given later by a test (useClock)
  const shared: Clock = { now: () => clock.now(), advance: (ms) => clock.advance(ms), get manual() { return clock.manual; } };
  const local: LocalCarrier = createLocalCarrier({ clock: shared });
  const localFetch = fetchBridge((req) => local.handle(req));
  const modes: Record<CarrierCode, 'real' | 'local'> = { aramex: deps.config.aramex.credentials ? 'real' : 'local', quiqup: deps.config.quiqup.credentials ? 'real' : 'local' };
  const carriers: Record<CarrierCode, Carrier> = {
    aramex: deps.config.aramex.credentials
      ? createAramexCarrier({ baseUrl: deps.config.aramex.baseUrl, credentials: deps.config.aramex.credentials })
      : createAramexCarrier({ baseUrl: 'http://aramex.local.invalid', credentials: local.aramex, fetch: localFetch }),
    quiqup: deps.config.quiqup.credentials
      ? createQuiqupCarrier({ baseUrl: deps.config.quiqup.baseUrl, credentials: deps.config.quiqup.credentials })
      : createQuiqupCarrier({ baseUrl: `http://quiqup.local.invalid${QUIQUP_PREFIX}`, credentials: local.quiqup, fetch: localFetch, now: () => clock.now() }),
  };
  local.setWebhookUrl(`${deps.souqUrl}${shippingWebhookPath('quiqup')}`);
  deps.log(`shipping: aramex ${modes.aramex}, quiqup ${modes.quiqup}`);

  async function eventsOf(ids: number[]) {
    if (!ids.length) return new Map<number, Shipment['events']>();
    const rows = await db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, ids)).orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.id));
    const out = new Map<number, Shipment['events']>();
    for (const r of rows) out.set(r.shipmentId, [...(out.get(r.shipmentId) ?? []), { state: r.state, occurred_at: r.occurredAt.toISOString(), reason: r.reason }]);
    return out;
  }

  const dtoOf = (s: ShipmentRow, events: Shipment['events']): Shipment => ({
    id: s.id, order_id: s.orderId, return_id: s.returnId, kind: s.kind, carrier: s.carrier, waybill: s.waybill, pickup_ref: s.pickupRef, state: s.state,
    failed_attempts: s.failedAttempts, failure_reason: s.failureReason, cod_cents: s.label.codCents,
    label_url: `/api/shipping/shipments/${s.id}/label.pdf`, verified: true, events, created_at: s.createdAt.toISOString(),
  });

  /** The sub-order's tracking: its booked parcel, or what the seller typed (not verified). */
  async function trackingOf(orderId: number): Promise<OrderTracking> {
    const [order] = await db.select({ trackingNumber: orders.trackingNumber, carrier: orders.carrier }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound(MSG.orderNotFound);
    const [s] = await db.select().from(shipments).where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'outbound')));
    if (s) return { shipment: dtoOf(s, (await eventsOf([s.id])).get(s.id) ?? []), manual: null };
    return { shipment: null, manual: order.trackingNumber ? { carrier: order.carrier ?? '', tracking_number: order.trackingNumber, verified: false } : null };
  }

  /** Who may read a sub-order's tracking: its shopper, its seller, an admin (anyone else: 404). */
  async function trackingFor(orderId: number, who: { userId: number | null; vendorId: number | null; admin: boolean }): Promise<OrderTracking> {
    const [o] = await db.select({ userId: orders.userId, seller: orders.sellerVendorId, vendor: orders.vendorId }).from(orders).where(eq(orders.id, orderId));
    const allowed = o && (who.admin || (who.userId !== null && o.userId === who.userId) || (who.vendorId !== null && (o.seller === who.vendorId || o.vendor === who.vendorId)));
    if (!allowed) throw notFound(MSG.orderNotFound);
    return trackingOf(orderId);
  }

  /** A seller books a carrier for its own sub-order (confirmed or processing): waybill, pickup, label; shipped. */
  async function book(vendorId: number, orderId: number, input: BookShipment, actor: Actor): Promise<Shipment> {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    // another seller's sub-order is as invisible as one that does not exist
    if (!o || (o.sellerVendorId !== vendorId && o.vendorId !== vendorId)) throw notFound(MSG.orderNotFound);
    if (o.status !== 'confirmed' && o.status !== 'processing') throw conflict(say.shipmentNotShippable(o.status));
    const [existing] = await db.select({ id: shipments.id }).from(shipments).where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'outbound')));
    if (existing) throw conflict(say.shipmentAlreadyBooked);
    const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
    if (!v) throw notFound(MSG.vendorNotFound);
    const items = await db.select({ name: orderItems.productName, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const label: LabelSnapshot = {
      sender: { name: v.companyName, nameAr: v.companyNameAr, phone: v.phone, lines: [v.address.street].filter(Boolean), city: v.address.city, country: v.address.country || 'United Arab Emirates' },
      receiver: { name: o.customerName, nameAr: '', phone: o.customerPhone ?? '', lines: [o.shippingAddress.address].filter(Boolean), city: o.shippingAddress.city, country: o.shippingAddress.country },
      orderNumber: o.orderNumber, pieces: input.pieces, weightGrams: input.weight_grams,
      description: items.map((i) => `${i.quantity} × ${i.name}`).join(', ').slice(0, 200),
      service: input.carrier === 'quiqup' ? (input.service === 'same_day' ? 'Same day' : 'Next day') : 'Domestic express',
      // the cash the shopper still owes at the door: the sub-order less the store credit it used and the marketplace's
      // share of its promotions (decision 0152)
      codCents: o.paymentMethod === 'cod' ? Math.max(0, o.totalCents - o.storeCreditCents - o.promotionPaidCents) : 0,
      currency: o.currency,
    };
    if (!label.receiver.city) throw badRequest(MSG.validationFailed);
    // the booking's moment by the carrier's clock (the wall clock but under a journey's test clock): the parcel's
    // booking and the sub-order's shipping, the earliest any of its scans can move it (decision 0168)
    const bookedAt = new Date(clock.now());
    let booking;
    try {
      booking = await carriers[input.carrier].book({
        reference: o.orderNumber, kind: 'outbound', sender: label.sender, receiver: label.receiver, pieces: input.pieces, weightGrams: input.weight_grams,
        description: label.description || o.orderNumber, codCents: label.codCents, currency: o.currency, readyAt: bookedAt, service: input.service,
      });
    } catch (err) {
      if (err instanceof CarrierError) throw new AppError(502, say.carrierUnavailable(CARRIER_NAMES[input.carrier][0], err.message));
      throw err;
    }
    let id = 0;
    await deps.setStatus(orderId, 'shipped', {
      actor, vendorId,
      notes: `Booked with ${CARRIER_NAMES[input.carrier][0]} by the vendor`,
      expectFrom: { status: ['confirmed', 'processing'], conflictMessage: (current) => say.shipmentNotShippable(current) },
      tracking: { number: booking.waybill, carrier: CARRIER_NAMES[input.carrier][0] },
      at: bookedAt,
      within: async (tx) => {
        const [row] = await tx.insert(shipments).values({
          orderId, kind: 'outbound', carrier: input.carrier, mode: modes[input.carrier], waybill: booking.waybill, carrierRef: booking.carrierRef,
          pickupRef: booking.pickupRef, carrierLabelUrl: booking.labelUrl, label, createdBy: actor.userId, createdAt: bookedAt,
        }).onConflictDoNothing().returning({ id: shipments.id });
        if (!row) throw conflict(say.shipmentAlreadyBooked);
        id = row.id;
      },
    });
    const [s] = await db.select().from(shipments).where(eq(shipments.id, id));
    return dtoOf(s!, []);
  }

  /** An approved return's pickup (a return label): from the shopper's address back to its seller. */
  async function bookReturnPickup(vendorId: number, returnId: number, input: BookShipment, actor: Actor): Promise<Shipment> {
    const [r] = await db.select({ ret: returnRequests, o: orders }).from(returnRequests).innerJoin(orders, eq(orders.id, returnRequests.orderId)).where(eq(returnRequests.id, returnId));
    if (!r || (r.o.sellerVendorId !== vendorId && r.o.vendorId !== vendorId)) throw notFound(MSG.returnNotFound);
    if (r.ret.status !== 'approved') throw conflict(say.returnPickupNotApproved);
    const [existing] = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.returnId, returnId));
    if (existing) throw conflict(say.returnPickupBooked);
    const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
    if (!v) throw notFound(MSG.vendorNotFound);
    const [item] = await db.select({ name: orderItems.productName }).from(orderItems).where(eq(orderItems.id, r.ret.orderItemId));
    const o = r.o;
    const label: LabelSnapshot = {
      sender: { name: o.customerName, nameAr: '', phone: o.customerPhone ?? '', lines: [o.shippingAddress.address].filter(Boolean), city: o.shippingAddress.city, country: o.shippingAddress.country },
      receiver: { name: v.companyName, nameAr: v.companyNameAr, phone: v.phone, lines: [v.address.street].filter(Boolean), city: v.address.city || 'Dubai', country: v.address.country || 'United Arab Emirates' },
      orderNumber: `${o.orderNumber}-R${returnId}`, pieces: input.pieces, weightGrams: input.weight_grams,
      description: `${r.ret.units} × ${item?.name ?? ''}`.slice(0, 200), service: 'Return pickup', codCents: 0, currency: o.currency,
    };
    const bookedAt = new Date(clock.now());
    let booking;
    try {
      booking = await carriers[input.carrier].book({
        reference: label.orderNumber, kind: 'return', sender: label.sender, receiver: label.receiver, pieces: input.pieces, weightGrams: input.weight_grams,
        description: label.description, codCents: 0, currency: o.currency, readyAt: bookedAt, service: input.service,
      });
    } catch (err) {
      if (err instanceof CarrierError) throw new AppError(502, say.carrierUnavailable(CARRIER_NAMES[input.carrier][0], err.message));
      throw err;
    }
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(shipments).values({
        orderId: o.id, returnId, kind: 'return', carrier: input.carrier, mode: modes[input.carrier], waybill: booking.waybill, carrierRef: booking.carrierRef,
        pickupRef: booking.pickupRef, carrierLabelUrl: booking.labelUrl, label, createdBy: actor.userId, createdAt: bookedAt,
      }).onConflictDoNothing().returning();
      if (!inserted) throw conflict(say.returnPickupBooked);
      await deps.audit.record(tx, {
        actor, action: 'return.pickup', target: { type: 'return', id: returnId },
        changes: { carrier: { before: null, after: input.carrier }, waybill: { before: null, after: booking.waybill } },
      });
      return inserted;
    });
    return dtoOf(row, []);
  }

  /** The label PDF of a parcel its seller (or an admin) may print. */
  async function labelPdf(shipmentId: number, who: { vendorId: number | null; admin: boolean }): Promise<{ pdf: Buffer; waybill: string }> {
    const [s] = await db.select({ s: shipments, seller: orders.sellerVendorId, vendor: orders.vendorId }).from(shipments).innerJoin(orders, eq(orders.id, shipments.orderId)).where(eq(shipments.id, shipmentId));
    if (!s || !(who.admin || (who.vendorId !== null && (s.seller === who.vendorId || s.vendor === who.vendorId)))) throw notFound(say.shipmentNotFound);
    const pdf = await renderShippingLabel({ carrier: s.s.carrier, waybill: s.s.waybill, kind: s.s.kind, label: s.s.label, formatMoney: (c) => formatCents(c, s.s.label.currency) });
    return { pdf, waybill: s.s.waybill };
  }

  /**
   * Stores each event once and moves the parcel: its state is the latest event's by the carrier's clock (an older
   * one arriving late is kept in the history and moves nothing); delivered and returned are final. Then the sub-order
   * follows the parcel as committed. Answers how many events were new.
   */
  async function applyEvents(carrier: CarrierCode, events: TrackingEvent[]): Promise<number> {
    let stored = 0;
    for (const e of events) {
      // the sub-order's facts are read with the locked parcel and the parcel's new state comes back from its update:
      // four statements and the commit per event, and the sub-order follows what was committed (decision 0160)
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx.select({ s: shipments, ...ORDER_FACTS }).from(shipments).innerJoin(orders, eq(orders.id, shipments.orderId))
          .where(and(eq(shipments.carrier, carrier), eq(shipments.waybill, e.waybill))).for('update', { of: shipments });
        // a waybill Souq did not book (another shop's account): acknowledged, nothing stored
        if (!row) return null;
        const { s } = row;
        const [ins] = await tx.insert(shipmentEvents).values({
          shipmentId: s.id, carrier, eventId: e.eventId, state: e.state, occurredAt: e.occurredAt, reason: e.reason, payload: e.payload as object,
        }).onConflictDoNothing().returning({ id: shipmentEvents.id });
        if (!ins) return null;
        stored += 1;
        const failed = e.state === 'delivery_failed' ? 1 : 0;
        const later = !s.stateAt || e.occurredAt.getTime() >= s.stateAt.getTime();
        const next = TERMINAL.includes(s.state) ? s.state : TERMINAL.includes(e.state) || later ? e.state : s.state;
        const [updated] = await tx.update(shipments).set({
          state: next, failedAttempts: sql`${shipments.failedAttempts} + ${failed}`,
          // the latest failure's reason (an older one arriving late keeps its place in the history only)
          ...(failed && e.reason && later ? { failureReason: e.reason } : {}),
          ...(next !== s.state || later ? { stateAt: e.occurredAt } : {}), updatedAt: new Date(),
        }).where(eq(shipments.id, s.id)).returning();
        return next !== s.state ? { ...row, s: updated! } : null;
      });
      if (moved !== null) await follow(moved);
    }
    return stored;
  }

  /** The sub-order follows its parcel as committed (never from the event alone). */
  async function follow(row: FollowRow): Promise<void> {
    const { s } = row;
    const carrierName = CARRIER_NAMES[s.carrier][0];
    if (s.kind === 'return') {
      // a return's parcel reached its seller: received as the seller's click receives it (a damaged item is not
      // put back on the shelf; the seller's click decides that when it receives by hand)
      if (s.state !== 'delivered' || s.returnId === null) return;
      const [ret] = await db.select({ status: returnRequests.status, reason: returnRequests.reason, vendorId: returnRequests.vendorId }).from(returnRequests).where(eq(returnRequests.id, s.returnId));
      if (ret?.status !== 'approved') return;
      try {
        await deps.receiveReturn(s.returnId, ret.vendorId, ret.reason !== 'damaged', { ...SYSTEM_ACTOR, name: carrierName });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        deps.log(`shipping: return ${s.returnId} not received: ${err.message}`);
      }
      return;
    }
    // the carrier's moment of the event that moved the parcel (decision 0168), bounded: never after the carrier's clock
    // (a carrier cannot claim the future) and never before the parcel's booking, which wins (both on that clock)
    const at = new Date(Math.max(s.createdAt.getTime(), Math.min(s.stateAt?.getTime() ?? clock.now(), clock.now())));
    const opts = { actor: { ...SYSTEM_ACTOR, name: carrierName }, at };
    const quietly = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        // a move the sub-order no longer allows (cancelled by an admin meanwhile): the parcel's state stays recorded
        if (!(err instanceof AppError)) throw err;
        deps.log(`shipping: ${row.number} did not follow ${s.state}: ${err.message}`);
      }
    };
    if (MOVING.includes(s.state) || s.state === 'delivered') {
      if (row.status === 'confirmed' || row.status === 'processing') {
        await quietly(() => deps.setStatus(s.orderId, 'shipped', { ...opts, notes: `${carrierName}: ${s.state}`, tracking: { number: s.waybill, carrier: carrierName }, expectFrom: { status: ['confirmed', 'processing'], conflictMessage: () => say.shipmentNotShippable(row.status) } }));
      }
    }
    if (s.state === 'delivered') {
      await quietly(() => deps.setStatus(s.orderId, 'delivered', { ...opts, notes: `Delivered (${carrierName} ${s.waybill})`, expectFrom: { status: 'shipped', conflictMessage: (c) => say.shipmentNotShippable(c) } }));
      return;
    }
    if (s.state === 'returned_to_sender') {
      // back with its seller: cancelled as a refused delivery is (decision 0140) — the stock back, the sale reversed and
      // the money given back only now; a cash parcel the shopper refused counts as their refusal
      const refused = row.cod === 'cod' && /refus/i.test(s.failureReason ?? '');
      await quietly(() => deps.setStatus(s.orderId, 'cancelled', {
        ...opts, notes: `Returned to the seller by ${carrierName}${s.failureReason ? ` (${s.failureReason})` : ''}`,
        expectFrom: { status: 'shipped', conflictMessage: (c) => say.shipmentNotShippable(c) },
        within: refused ? async (tx, current) => {
          await tx.insert(codShipments).values({ orderId: current.id, courierId: null }).onConflictDoNothing();
          await tx.update(codShipments).set({ refusedAt: new Date() }).where(eq(codShipments.orderId, current.id));
        } : undefined,
      }));
      return;
    }
    // moves the status does not name (out for delivery, a failed attempt, rescheduled): told live and by push
    void deps.bus.emit('order.parcelMoved', { orderId: s.orderId, orderNumber: row.number, userId: row.userId, vendorId: row.vendorId, state: s.state, reason: s.state === 'delivery_failed' ? s.failureReason : null });
  }

  /** A carrier's pushed event: verified over its exact bytes (400, nothing written, when it is not the carrier's). */
  async function webhook(carrier: CarrierCode, body: string, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; stored: number }> {
    const c = carriers[carrier];
    if (!c.parseWebhook) throw notFound(MSG.notFound);
    let events: TrackingEvent[];
    try {
      events = c.parseWebhook(body, headers, clock.now());
    } catch (err) {
      if (err instanceof WebhookRejected) throw badRequest(say.webhookRejected);
      throw err;
    }
    return { received: true, stored: await applyEvents(carrier, events) };
  }

  /** Polls the carriers that do not push (Aramex's TrackShipments) for their open parcels. */
  async function poll(): Promise<number> {
    let stored = 0;
    for (const code of ['aramex', 'quiqup'] as const) {
      const c = carriers[code];
      if (!c.track) continue;
      const open = await db.select({ waybill: shipments.waybill }).from(shipments).where(and(eq(shipments.carrier, code), notInArray(shipments.state, [...TERMINAL]))).limit(500);
      for (let i = 0; i < open.length; i += 50) stored += await applyEvents(code, await c.track(open.slice(i, i + 50).map((r) => r.waybill)));
    }
    return stored;
  }

  /**
   * The running server's part (main.ts): Aramex's tracking polled every few minutes, and in the demo (no keys, the wall
   * clock) the local Quiqup's webhooks sent as they are queued. Tests drive both themselves.
   */
  const pollJob = periodicJob('shipping: tracking poll', () => poll(), { everyMs: 5 * 60_000, log: deps.log });
  function start() {
    pollJob.start();
    if (!clock.manual && modes.quiqup === 'local') local.queue.startAuto();
  }
  let controls: LocalServer | null = null;
  /**
   * A browser journey's controls of the local carrier (decision 0160), on a listener of their own: only with
   * SHIPPING_LOCAL_TEST_CONTROLS and a carrier running locally; answers their address (null when off).
   */
  async function startControls(): Promise<string | null> {
    const want = deps.config.local?.testControls === true && (modes.aramex === 'local' || modes.quiqup === 'local');
    if (!want || controls) return controls?.url ?? null;
    const c = createCarrierControls({
      local, poll,
      clock: {
        now: () => clock.now(),
        advance: (ms) => clock.advance(ms),
        // only the service's own shifted clock goes back to the wall clock (a test's clock given by useClock stays)
        reset: () => {
          if (!own || clock !== own) return false;
          clock = own = shiftedClock();
          return true;
        },
      },
    });
    controls = await startLocalServer((req) => (new URL(req.url, 'http://local').pathname.startsWith(`${CONTROLS_PREFIX}/`) ? c.handle(req) : { status: 404, headers: {}, body: '' }), { port: deps.config.local!.port });
    deps.log(`shipping: the local carrier's test controls at ${controls.url}${CONTROLS_PREFIX}`);
    return controls.url;
  }
  async function stop() {
    pollJob.stop();
    local.queue.stop();
    await controls?.close();
    controls = null;
  }

  return {
    start, stop, startControls,
    book, bookReturnPickup, labelPdf, trackingOf, trackingFor, webhook, poll, applyEvents,
    modes,
    /** The local carrier (tests, the demo's driver). */
    local,
    useClock(c: Clock) {
      clock = c;
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
