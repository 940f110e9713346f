import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ParcelState } from '../../db/schema/shipping.js';
import { CarrierError, major, WebhookRejected, type BookInput, type Booking, type Carrier, type TrackingEvent } from './carrier.js';

// Quiqup's partner REST API (decision 0150): an OAuth 2 client-credentials token (POST /oauth/token), orders created
// with POST /partner/orders (kind partner_same_day or partner_next_day, partner_return for a return; origin and
// destination contacts and addresses; items; payment_mode and payment_amount for cash on delivery), and marked ready
// for collection (the pickup request). State changes are pushed to Souq's webhook, signed with HMAC-SHA256 over
// "<timestamp>.<raw body>" with the shared webhook secret.

export type QuiqupCredentials = { clientId: string; clientSecret: string; webhookSecret: string };

/** Quiqup's order states as Souq reads them. */
export const QUIQUP_STATES: Record<string, ParcelState> = {
  collected: 'picked_up',
  in_transit: 'in_transit',
  at_depot: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  delivery_failed: 'delivery_failed',
  rescheduled: 'rescheduled',
  returned_to_origin: 'returned_to_sender',
};

export const QUIQUP_SIGNATURE = 'x-quiqup-signature';
export const QUIQUP_TIMESTAMP = 'x-quiqup-timestamp';
/** A signed event older (or newer) than this is refused: a replay. */
export const QUIQUP_TOLERANCE_S = 300;

export const quiqupSignature = (secret: string, body: string, timestampS: number) =>
  createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');

export type QuiqupWebhook = {
  id: string;
  event: 'order.state_changed';
  occurred_at: string;
  data: { order: { id: string; partner_order_id: string; state: string; failure_reason: string | null } };
};

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

const place = (p: BookInput['sender'], reference: string) => ({
  contact_name: p.name, contact_phone: p.phone, partner_order_id: reference, notes: '',
  address: { address1: p.lines[0] ?? '', address2: p.lines.slice(1).join(', '), town: p.city, country: 'UAE' },
});

export function createQuiqupCarrier(deps: { baseUrl: string; credentials: QuiqupCredentials; fetch?: typeof fetch; now?: () => number }): Carrier {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > now() + 30_000) return token.value;
    const res = await doFetch(`${deps.baseUrl}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: deps.credentials.clientId, client_secret: deps.credentials.clientSecret }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !json.access_token) throw new CarrierError('quiqup', `token: ${json.error ?? `HTTP ${res.status}`}`);
    token = { value: json.access_token, until: now() + (json.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: object): Promise<T> {
    const res = await doFetch(`${deps.baseUrl}${path}`, {
      method, headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & { error?: string; message?: string };
    if (res.status === 401) token = null;
    if (!res.ok) throw new CarrierError('quiqup', json.message ?? json.error ?? `HTTP ${res.status}`);
    return json;
  }

  return {
    code: 'quiqup',
    async book(input: BookInput): Promise<Booking> {
      const kind = input.kind === 'return' ? 'partner_return' : input.service === 'same_day' ? 'partner_same_day' : 'partner_next_day';
      const created = await call<{ order: { id: string | number; state: string } }>('POST', '/partner/orders', {
        kind,
        origin: place(input.sender, input.reference),
        destination: { ...place(input.receiver, input.reference), share_tracking: true },
        items: [{ name: input.description.slice(0, 100), quantity: input.pieces, parcel_barcode: input.reference }],
        payment_mode: input.codCents > 0 ? 'paid_on_delivery' : 'pre_paid',
        payment_amount: major(input.codCents),
        ...(input.service === 'scheduled' ? { scheduled_for: new Date(input.readyAt.getTime() + 86_400_000).toISOString().slice(0, 10) } : {}),
        notes: input.reference,
      });
      const id = String(created.order.id);
      // the pickup request: the order is ready for a driver to collect
      await call('POST', `/partner/orders/${encodeURIComponent(id)}/ready_for_collection`);
      return { waybill: id, carrierRef: id, pickupRef: id, labelUrl: null };
    },
    parseWebhook(body: string, headers, nowMs: number): TrackingEvent[] {
      const sig = header(headers, QUIQUP_SIGNATURE);
      const ts = Number(header(headers, QUIQUP_TIMESTAMP));
      if (!sig || !Number.isInteger(ts)) throw new WebhookRejected('unsigned');
      if (Math.abs(nowMs / 1000 - ts) > QUIQUP_TOLERANCE_S) throw new WebhookRejected('stale timestamp');
      const expected = Buffer.from(quiqupSignature(deps.credentials.webhookSecret, body, ts), 'hex');
      const given = Buffer.from(sig.replace(/^sha256=/, ''), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected('bad signature');
      let event: QuiqupWebhook;
      try {
        event = JSON.parse(body) as QuiqupWebhook;
      } catch {
        throw new WebhookRejected('not JSON');
      }
      const order = event?.data?.order;
      const at = new Date(event?.occurred_at);
      if (typeof event.id !== 'string' || !order || Number.isNaN(at.getTime())) throw new WebhookRejected('not an order event');
      const state = QUIQUP_STATES[order.state];
      // a state Souq does not follow (pending, ready_for_collection…) is acknowledged and not stored
      if (!state) return [];
      return [{ eventId: event.id, waybill: String(order.id), state, occurredAt: at, reason: order.failure_reason ?? null, payload: event }];
    },
  };
}
