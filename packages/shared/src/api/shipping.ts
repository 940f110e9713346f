import { z } from 'zod';
import { CARRIERS, PARCEL_STATES } from '../rules/shipping.js';
import { pageQuerySchema } from './common.js';

/** POST /api/vendor/orders/{id}/shipment: book a carrier for the vendor's own sub-order (decision 0150). */
export const bookShipmentSchema = z.object({
  carrier: z.enum(CARRIERS),
  /** Quiqup: today or the next working day; Aramex ignores it (domestic express). */
  service: z.enum(['same_day', 'scheduled']).default('scheduled'),
  pieces: z.number().int().min(1).max(20).default(1),
  /** The parcel's weight in grams (30 kg at most: a courier's parcel, not freight). */
  weight_grams: z.number().int().min(1).max(30_000).default(1000),
}).strict();
export type BookShipment = z.infer<typeof bookShipmentSchema>;

export const shipmentEventSchema = z.object({
  state: z.enum(PARCEL_STATES),
  occurred_at: z.string(),
  reason: z.string().nullable(),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  return_id: z.number().int().nullable(),
  kind: z.enum(['outbound', 'return']),
  carrier: z.enum(CARRIERS),
  waybill: z.string(),
  pickup_ref: z.string().nullable(),
  state: z.enum(PARCEL_STATES),
  failed_attempts: z.number().int(),
  failure_reason: z.string().nullable(),
  /** Cash the courier collects at the door, in fils (0: prepaid). */
  cod_cents: z.number().int(),
  label_url: z.string(),
  /** Booked through the carrier (true), as opposed to a carrier and number typed by hand. */
  verified: z.literal(true),
  events: z.array(shipmentEventSchema),
  created_at: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** What a sub-order's tracking is: a booked parcel, or a carrier and number typed by hand (not verified), or none. */
export const orderTrackingSchema = z.object({
  shipment: shipmentSchema.nullable(),
  manual: z.object({ carrier: z.string(), tracking_number: z.string(), verified: z.literal(false) }).nullable(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

export const shippingWebhookAnswerSchema = z.object({ received: z.literal(true), stored: z.number().int() });
export const carrierParamSchema = z.object({ carrier: z.enum(CARRIERS) });

/** GET /api/admin/shipping/parcels: every booked parcel across sellers, newest first, or those in one state. */
export const adminParcelsQuerySchema = pageQuerySchema.extend({
  state: z.enum(PARCEL_STATES).optional(),
  carrier: z.enum(CARRIERS).optional(),
});
export const adminParcelSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  seller_id: z.number().int().nullable(),
  seller_name: z.string(),
  seller_name_ar: z.string(),
  kind: z.enum(['outbound', 'return']),
  carrier: z.enum(CARRIERS),
  waybill: z.string(),
  state: z.enum(PARCEL_STATES),
  failed_attempts: z.number().int(),
  failure_reason: z.string().nullable(),
  cod_cents: z.number().int(),
  label_url: z.string(),
  /** When the carrier says the parcel reached its state (null: booked, no event yet). */
  state_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminParcel = z.infer<typeof adminParcelSchema>;
export const adminParcelsSchema = z.object({
  items: z.array(adminParcelSchema),
  total: z.number().int(),
  /** Parcels in each state (of the carrier filtered on, or all), every state once, for the filter's counts. */
  counts: z.array(z.object({ state: z.enum(PARCEL_STATES), count: z.number().int() })),
});
export type AdminParcels = z.infer<typeof adminParcelsSchema>;
