import type { CarrierCode, LabelParty, ParcelState } from '../../db/schema/shipping.js';

// One interface for every carrier (decision 0150): book a parcel (shipment, pickup, the carrier's label reference),
// and tracking events in, either pushed to Souq's webhook (verified here, over the exact bytes) or read by polling the
// carrier's tracking API. Aramex and Quiqup implement it from their published protocols; SMSA or Emirates Post would
// be one more file each.

export type BookInput = {
  /** Souq's reference (the sub-order number, or RET-<id> for a return): the carrier's Reference1 / partner_order_id. */
  reference: string;
  kind: 'outbound' | 'return';
  sender: LabelParty;
  receiver: LabelParty;
  pieces: number;
  weightGrams: number;
  description: string;
  /** Cash the courier collects at the door, in fils (0: prepaid). */
  codCents: number;
  currency: string;
  /** When the parcel is ready for collection (the carrier's clock or the test clock). */
  readyAt: Date;
  /** Same day or the next working day (Quiqup's kinds; Aramex's domestic express either way). */
  service: 'same_day' | 'scheduled';
};

export type Booking = {
  waybill: string;
  carrierRef: string | null;
  pickupRef: string | null;
  /** The carrier's own label (Aramex's LabelURL), kept beside Souq's. */
  labelUrl: string | null;
};

export type TrackingEvent = {
  /** Unique per carrier: a duplicate is recognised by it. */
  eventId: string;
  waybill: string;
  state: ParcelState;
  occurredAt: Date;
  reason: string | null;
  payload: unknown;
};

/** A webhook that is not the carrier's (no or a bad signature, a stale timestamp, not JSON): 400, nothing written. */
export class WebhookRejected extends Error {}

/** A carrier answered with an error (its own message kept for the log and the seller). */
export class CarrierError extends Error {
  constructor(readonly carrier: CarrierCode, message: string) {
    super(`${carrier}: ${message}`);
  }
}

export interface Carrier {
  readonly code: CarrierCode;
  book(input: BookInput): Promise<Booking>;
  /** Verifies and reads a pushed event (carriers that push). */
  parseWebhook?(body: string, headers: Record<string, string | string[] | undefined>, nowMs: number): TrackingEvent[];
  /** Reads the tracking history of these waybills (carriers polled). */
  track?(waybills: string[]): Promise<TrackingEvent[]>;
}

/** Fils as the carriers' decimal amounts (AED 12.50). */
export const major = (cents: number) => Math.round(cents) / 100;
