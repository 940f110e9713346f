import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { returnRequests } from './returns.js';

// The shipping module's tables (decision 0150): a parcel booked with a carrier for a sub-order (or a return's
// pickup), and every tracking event a carrier sent, stored once. The sub-order's status stays the orders module's:
// these rows say where the parcel is, the orders module says what that means for the sale.

// spelled out: drizzle-kit reads this file without the shared package's runtime
export const CARRIER_CODES = ['aramex', 'quiqup'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];
/** Where a parcel is, as its latest tracking event says (a failed attempt and a reschedule are not terminal). */
export const PARCEL_STATES = ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rescheduled', 'delivered', 'returned_to_sender'] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

/** Who and where the label names, frozen at booking (the sub-order's address as written, the seller's as it was). */
export type LabelParty = { name: string; nameAr: string; phone: string; lines: string[]; city: string; country: string };
export type LabelSnapshot = {
  sender: LabelParty;
  receiver: LabelParty;
  orderNumber: string;
  pieces: number;
  weightGrams: number;
  description: string;
  service: string;
  /** The cash the courier collects at the door (fils), 0 when paid already. */
  codCents: number;
  currency: string;
};

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** Set on a return's pickup (the parcel goes from the shopper back to the seller). */
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['outbound', 'return'] }).notNull(),
    carrier: text('carrier', { enum: CARRIER_CODES }).notNull(),
    /** The carrier's own (real) or the local carrier's (local): which protocol endpoint booked it. */
    mode: text('mode', { enum: ['real', 'local'] }).notNull(),
    waybill: text('waybill').notNull(),
    /** The carrier's reference when it is not the waybill (Quiqup's order id). */
    carrierRef: text('carrier_ref'),
    pickupRef: text('pickup_ref'),
    state: text('state', { enum: PARCEL_STATES }).notNull().default('booked'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    /** The carrier's time of the event the state comes from: an older event arriving later does not move it. */
    stateAt: timestamp('state_at', { withTimezone: true }),
    label: jsonb('label').$type<LabelSnapshot>().notNull(),
    carrierLabelUrl: text('carrier_label_url'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_carrier_waybill_key').on(t.carrier, t.waybill),
    // one live outbound parcel per sub-order, one pickup per return
    uniqueIndex('shipments_outbound_order_key').on(t.orderId).where(sql`${t.kind} = 'outbound'`),
    uniqueIndex('shipments_return_key').on(t.returnId).where(sql`${t.returnId} is not null`),
    index('shipments_open_idx').on(t.carrier, t.state),
    check('shipments_return_has_return', sql`(${t.kind} = 'return') = (${t.returnId} is not null)`),
  ],
);

/** A tracking event as the carrier sent it: unique per carrier and event id, so a duplicate changes nothing. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id').notNull().references(() => shipments.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: CARRIER_CODES }).notNull(),
    eventId: text('event_id').notNull(),
    state: text('state', { enum: PARCEL_STATES }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_events_carrier_event_key').on(t.carrier, t.eventId),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.occurredAt),
  ],
);
