import type { ParcelState } from '../../../db/schema/shipping.js';
import { idSequence, type Clock } from '../../payments/local/clock.js';
import type { LocalRequest, LocalResponse } from '../../payments/local/http.js';
import { createWebhookQueue, type WebhookQueue } from '../../payments/local/webhook-queue.js';
import { ARAMEX_SHIPPING, ARAMEX_TRACKING, ARAMEX_UPDATE_CODES, parseWcfDate, wcfDate, type AramexCredentials } from '../aramex.js';
import { QUIQUP_SIGNATURE, QUIQUP_STATES, QUIQUP_TIMESTAMP, quiqupSignature, type QuiqupCredentials, type QuiqupWebhook } from '../quiqup.js';

// The local carrier (decision 0150): one in-process handler that speaks Aramex's JSON Shipping and Tracking services
// and Quiqup's partner API as their documentation shows them, the default in the demo and every test. Under a test
// clock every waybill, id and timestamp follows from the requests and the clock. A parcel moves when the test (or
// the demo's driver) says so: an Aramex update joins the waybill's tracking history (Souq polls TrackShipments), a
// Quiqup state change goes out as a signed webhook through a queue a test can hold, delay, duplicate, reorder, drop
// or tamper with.

export const QUIQUP_PREFIX = '/quiqup';

type Parcel = {
  carrier: 'aramex' | 'quiqup';
  waybill: string;
  reference: string;
  codMajor: number;
  history: { code: string; state: ParcelState; at: number; reason: string | null }[];
};

const json = (status: number, body: unknown): LocalResponse => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
const aramexError = (code: string, message: string) => json(200, { HasErrors: true, Notifications: [{ Code: code, Message: message }] });
const codeOf = (carrier: 'aramex' | 'quiqup', state: ParcelState) =>
  Object.entries(carrier === 'aramex' ? ARAMEX_UPDATE_CODES : QUIQUP_STATES).find(([, s]) => s === state)![0];

export function createLocalCarrier(opts: { clock: Clock; seed?: number }) {
  const { clock } = opts;
  const ids = idSequence(opts.seed ?? 0xca11);
  const aramex: AramexCredentials = {
    userName: 'souq-local@aramex.test', password: 'local-aramex-password', accountNumber: '20016', accountPin: '331421', accountEntity: 'DXB', accountCountryCode: 'AE',
  };
  const quiqup: QuiqupCredentials = { clientId: 'souq-local-client', clientSecret: `qs_${ids.chars(32)}`, webhookSecret: `qw_${ids.chars(32)}` };
  const parcels = new Map<string, Parcel>();
  const tokens = new Set<string>();
  const pickups: { id: string; reference: string; readyAt: number }[] = [];
  let waybillSeq = 0;
  let webhookUrl: string | null = null;
  const queue: WebhookQueue = createWebhookQueue({
    clock,
    signWith: (secret, body, ts) => ({ [QUIQUP_SIGNATURE]: quiqupSignature(secret, body, ts), [QUIQUP_TIMESTAMP]: String(ts) }),
  });
  /** Requests as received (a contract test reads the shapes Souq sent). */
  const received: { path: string; body: unknown; headers: Record<string, string | undefined> }[] = [];

  function aramexClient(body: { ClientInfo?: Partial<AramexCredentials & { UserName: string; Password: string; AccountNumber: string; AccountPin: string }> }): LocalResponse | null {
    const c = body.ClientInfo as Record<string, string> | undefined;
    if (!c || c.UserName !== aramex.userName || c.Password !== aramex.password || c.AccountNumber !== aramex.accountNumber || c.AccountPin !== aramex.accountPin) {
      return aramexError('ERR01', 'Invalid username or password');
    }
    return null;
  }

  function handleAramex(op: string, body: Record<string, unknown>): LocalResponse {
    const refused = aramexClient(body);
    if (refused) return refused;
    if (op === 'CreateShipments') {
      const list = body.Shipments as { Reference1: string; Details: { CashOnDeliveryAmount: { Value: number } | null; NumberOfPieces: number }; Consignee: { PartyAddress: { City: string } } }[] | undefined;
      if (!Array.isArray(list) || !list.length) return aramexError('ERR03', 'Shipments is required');
      const out = list.map((s) => {
        if (!s.Consignee?.PartyAddress?.City) return { ID: null, Reference1: s.Reference1, HasErrors: true, Notifications: [{ Code: 'ERR06', Message: 'Consignee City is required' }], ShipmentLabel: null };
        // Aramex waybills are 11 digits
        const waybill = String(40_000_000_000 + (waybillSeq += 1) * 7919);
        parcels.set(waybill, { carrier: 'aramex', waybill, reference: s.Reference1, codMajor: s.Details?.CashOnDeliveryAmount?.Value ?? 0, history: [] });
        return { ID: waybill, Reference1: s.Reference1, HasErrors: false, Notifications: [], ShipmentLabel: { LabelURL: `https://ws.aramex.local/labels/${waybill}.pdf`, LabelFileContents: null } };
      });
      return json(200, { Transaction: body.Transaction ?? null, Notifications: [], HasErrors: out.some((s) => s.HasErrors), Shipments: out });
    }
    if (op === 'PrintLabel') {
      const waybill = String(body.ShipmentNumber ?? '');
      if (!parcels.has(waybill)) return aramexError('ERR52', `Shipment ${waybill} not found`);
      return json(200, { Transaction: body.Transaction ?? null, Notifications: [], HasErrors: false, ShipmentNumber: waybill, ShipmentLabel: { LabelURL: `https://ws.aramex.local/labels/${waybill}.pdf`, LabelFileContents: null } });
    }
    if (op === 'CreatePickup') {
      const p = body.Pickup as { PickupDate?: string; Reference1?: string } | undefined;
      const at = parseWcfDate(p?.PickupDate);
      if (!p || !at) return aramexError('ERR11', 'PickupDate is required');
      const id = `PU${ids.chars(8, '0123456789')}`;
      pickups.push({ id, reference: p.Reference1 ?? '', readyAt: at.getTime() });
      return json(200, { Transaction: body.Transaction ?? null, Notifications: [], HasErrors: false, ProcessedPickup: { ID: id, GUID: ids.chars(32, '0123456789abcdef'), Reference1: p.Reference1 ?? '', ProcessedShipments: [] } });
    }
    if (op === 'TrackShipments') {
      const list = body.Shipments as string[] | undefined;
      if (!Array.isArray(list)) return aramexError('ERR03', 'Shipments is required');
      const results = list.filter((w) => parcels.get(w)?.carrier === 'aramex').map((w) => ({
        Key: w,
        Value: [...parcels.get(w)!.history].reverse().map((h) => ({
          WaybillNumber: w, UpdateCode: h.code, UpdateDescription: h.state, UpdateDateTime: wcfDate(h.at), UpdateLocation: 'Dubai', Comments: h.reason ?? '', ProblemCode: '', GrossWeight: '', ChargeableWeight: '', WeightUnit: 'KG',
        })),
      }));
      return json(200, { Transaction: body.Transaction ?? null, Notifications: [], HasErrors: false, NonExistingWaybills: list.filter((w) => !parcels.has(w)), TrackingResults: results });
    }
    return json(404, { Message: 'Endpoint not found.' });
  }

  function handleQuiqup(method: string, path: string, req: LocalRequest): LocalResponse {
    if (method === 'POST' && path === '/oauth/token') {
      const f = Object.fromEntries(new URLSearchParams(req.body));
      if (f.grant_type !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
      if (f.client_id !== quiqup.clientId || f.client_secret !== quiqup.clientSecret) return json(401, { error: 'invalid_client' });
      const token = ids.chars(40);
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 7200, created_at: Math.floor(clock.now() / 1000) });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(401, { error: 'invalid_token' });
    if (method === 'POST' && path === '/partner/orders') {
      let b: { kind?: string; destination?: { address?: { town?: string } }; origin?: { partner_order_id?: string }; payment_mode?: string; payment_amount?: number };
      try {
        b = JSON.parse(req.body);
      } catch {
        return json(400, { message: 'body is not JSON' });
      }
      if (!['partner_same_day', 'partner_next_day', 'partner_4hr', 'partner_return'].includes(b.kind ?? '')) return json(422, { message: 'kind is not valid' });
      if (!b.destination?.address?.town) return json(422, { message: 'destination.address.town is required' });
      if (b.payment_mode === 'paid_on_delivery' && !(Number(b.payment_amount) > 0)) return json(422, { message: 'payment_amount is required for paid_on_delivery' });
      const id = String(1_000_000 + (waybillSeq += 1));
      parcels.set(id, { carrier: 'quiqup', waybill: id, reference: b.origin?.partner_order_id ?? '', codMajor: Number(b.payment_amount ?? 0), history: [] });
      return json(201, { order: { id: Number(id), state: 'pending', kind: b.kind, partner_order_id: b.origin?.partner_order_id ?? '' } });
    }
    const ready = /^\/partner\/orders\/(\d+)\/ready_for_collection$/.exec(path);
    if (method === 'POST' && ready) {
      const p = parcels.get(ready[1]!);
      if (!p || p.carrier !== 'quiqup') return json(404, { message: 'order not found' });
      return json(200, { order: { id: Number(p.waybill), state: 'ready_for_collection', partner_order_id: p.reference } });
    }
    return json(404, { message: 'not found' });
  }

  let eventSeq = 0;
  return {
    aramex,
    quiqup,
    queue,
    received,
    pickups,
    /** Where Quiqup's webhooks go (Souq's route). */
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    handle(req: LocalRequest): LocalResponse {
      const url = new URL(req.url, 'http://local');
      let body: unknown = req.body;
      try {
        body = req.body && req.headers['content-type']?.includes('json') ? JSON.parse(req.body) : req.body;
      } catch {
        return json(400, { Message: 'The request body is not JSON.' });
      }
      received.push({ path: url.pathname, body, headers: req.headers });
      for (const base of [ARAMEX_SHIPPING, ARAMEX_TRACKING]) {
        if (req.method === 'POST' && url.pathname.startsWith(`${base}/`)) return handleAramex(url.pathname.slice(base.length + 1), (body ?? {}) as Record<string, unknown>);
      }
      if (url.pathname.startsWith(`${QUIQUP_PREFIX}/`)) return handleQuiqup(req.method, url.pathname.slice(QUIQUP_PREFIX.length), req);
      return json(404, { message: 'not found' });
    },
    /**
     * The parcel moves (a driver scanned it): at the clock's time or `at`. An Aramex update joins its history; a
     * Quiqup one is queued as a signed webhook (returns the delivery, for a test to rearrange).
     */
    move(waybill: string, state: ParcelState, o: { reason?: string; at?: number } = {}) {
      const p = parcels.get(waybill);
      if (!p) throw new Error(`local carrier: no parcel ${waybill}`);
      const at = o.at ?? clock.now();
      const code = codeOf(p.carrier, state);
      p.history.push({ code, state, at, reason: o.reason ?? null });
      if (p.carrier === 'aramex') return null;
      if (!webhookUrl) throw new Error('local carrier: no webhook URL');
      const event: QuiqupWebhook = {
        id: `evt_${(eventSeq += 1).toString().padStart(6, '0')}_${ids.chars(8)}`, event: 'order.state_changed', occurred_at: new Date(at).toISOString(),
        data: { order: { id: p.waybill, partner_order_id: p.reference, state: code, failure_reason: o.reason ?? null } },
      };
      return queue.enqueue({
        eventId: event.id, type: event.event, body: JSON.stringify(event),
        target: { id: 'souq', url: webhookUrl, sign: (b, ts) => ({ [QUIQUP_SIGNATURE]: quiqupSignature(quiqup.webhookSecret, b, ts), [QUIQUP_TIMESTAMP]: String(ts) }) },
      });
    },
    parcel: (waybill: string) => parcels.get(waybill) ?? null,
  };
}
export type LocalCarrier = ReturnType<typeof createLocalCarrier>;
