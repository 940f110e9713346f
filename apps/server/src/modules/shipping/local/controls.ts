import { PARCEL_STATES, type ParcelState } from '../../../db/schema/shipping.js';
import { DAY_MS } from '../../payments/local/clock.js';
import { formFields, type LocalRequest, type LocalResponse } from '../../payments/local/http.js';
import type { LocalCarrier } from './index.js';

// The local carrier's test controls (decision 0160): what a browser journey needs to drive the carrier as API tests
// drive it in process — a driver's scan (`move`), the Quiqup webhook queue held, reordered, duplicated, dropped and
// released, and Souq's Aramex poll run now instead of in five minutes. They live on the local carrier's own listener,
// beside its protocol, like the payment provider's test clock (decision 0155): Souq's API gains no route, and the
// listener only starts with SHIPPING_LOCAL_TEST_CONTROLS set and a carrier running locally. The carrier's clock moves
// forward on request (decision 0168), so a journey can make a parcel late: the scans, bookings and Souq's bound on a
// carrier's moments all read it.

export const CONTROLS_PREFIX = '/local/carrier';

type Deps = {
  local: LocalCarrier;
  /** Souq's poll of the carriers that do not push (Aramex), run when the journey asks. */
  poll: () => Promise<number>;
  /**
   * The carrier's clock (the shipping service's): moved forward by a journey, and back to the wall clock when it is
   * done (`reset` answers false when the clock is not the service's own shifted one, e.g. an API test's).
   */
  clock: { now(): number; advance(ms: number): void; reset(): boolean };
};

const json = (status: number, body: unknown): LocalResponse => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
const invalid = (message: string) => json(400, { error: { type: 'invalid_request', message } });

export function createCarrierControls(deps: Deps) {
  const { local } = deps;
  const pending = () => local.queue.pending().map((d) => {
    const e = JSON.parse(d.body) as { id: string; occurred_at: string; data: { order: { id: string; state: string } } };
    return { id: d.id, event_id: e.id, waybill: e.data.order.id, state: e.data.order.state, occurred_at: e.occurred_at, held: d.held, attempts: d.attempts };
  });
  const ids = (v: string | undefined) => (v ?? '').split(',').filter(Boolean).map(Number);
  // a delivery id the queue does not hold is the caller's mistake (400), not the carrier's failure (500)
  const queued = (id: number) => local.queue.pending().some((d) => d.id === id);
  // the carrier's time, and how far ahead of the wall clock a journey moved it
  const clockNow = () => {
    const now = deps.clock.now();
    return json(200, { now: new Date(now).toISOString(), ahead_ms: now - Date.now() });
  };

  async function handle(req: LocalRequest): Promise<LocalResponse> {
    const url = new URL(req.url, 'http://local');
    const path = url.pathname.slice(CONTROLS_PREFIX.length);
    const f = req.method === 'POST' ? formFields(req.body) : {};
    const parcel = /^\/parcels\/([A-Za-z0-9-]{1,40})(\/move)?$/.exec(path);
    if (parcel) {
      const p = local.parcel(parcel[1]!);
      if (!p) return json(404, { error: { type: 'not_found', message: `no parcel ${parcel[1]}` } });
      if (!parcel[2] && req.method === 'GET') return json(200, { ...p, pending: pending().filter((d) => d.waybill === p.waybill) });
      if (!parcel[2] || req.method !== 'POST') return json(405, { error: { type: 'invalid_request', message: 'GET the parcel, POST its move' } });
      if (!PARCEL_STATES.includes(f.state as ParcelState) || f.state === 'booked') return invalid(`state: one of ${PARCEL_STATES.filter((s) => s !== 'booked').join(', ')}`);
      const at = f.at ? Date.parse(f.at) : undefined;
      if (at !== undefined && !Number.isFinite(at)) return invalid('at: an ISO 8601 time');
      if ((f.reason ?? '').length > 200) return invalid('reason: at most 200 characters');
      const delivery = local.move(p.waybill, f.state as ParcelState, { reason: f.reason || undefined, at });
      return json(200, { waybill: p.waybill, state: f.state, delivery_id: delivery?.id ?? null });
    }
    if (req.method === 'GET' && path === '/queue') return json(200, { holding: local.queue.holding, pending: pending() });
    if (req.method === 'GET' && path === '/clock') return clockNow();
    if (req.method !== 'POST') return json(405, { error: { type: 'invalid_request', message: 'POST' } });
    switch (path) {
      case '/queue/hold':
        local.queue.hold();
        return json(200, { holding: true, pending: pending() });
      case '/queue/release': {
        // released and sent before the answer, so the journey reads Souq after its events arrived
        local.queue.release();
        const attempts = await local.queue.flush();
        return json(200, { holding: false, sent: attempts.map((a) => ({ event_id: a.eventId, status: a.status })), pending: pending() });
      }
      case '/queue/reorder': {
        const order = f.order === 'reverse' ? 'reverse' : ids(f.ids);
        if (order !== 'reverse' && (!order.length || !order.every(queued))) return invalid('order=reverse, or ids: queued delivery ids separated by commas');
        local.queue.reorder(order);
        return json(200, { pending: pending() });
      }
      case '/queue/duplicate':
      case '/queue/drop': {
        const id = Number(f.id);
        if (!queued(id)) return invalid('id: a queued delivery');
        if (path === '/queue/drop') local.queue.drop(id);
        else local.queue.duplicate(id, Math.min(5, Math.max(1, Number(f.times) || 1)));
        return json(200, { pending: pending() });
      }
      case '/track':
        return json(200, { stored: await deps.poll() });
      case '/clock/advance': {
        // whole days (a promise's days) or milliseconds, forward only, at most a year
        const whole = (v: string | undefined, unit: number) => (v !== undefined && Number.isInteger(Number(v)) ? Number(v) * unit : NaN);
        const ms = f.days !== undefined ? whole(f.days, DAY_MS) : whole(f.ms, 1);
        if ((f.days !== undefined) === (f.ms !== undefined) || !(ms >= 1 && ms <= 366 * DAY_MS)) return invalid('days (1 to 366) or ms (1 to 366 days): a whole number');
        try {
          deps.clock.advance(ms);
        } catch (err) {
          return json(409, { error: { type: 'invalid_request', message: (err as Error).message } });
        }
        return clockNow();
      }
      case '/clock/reset':
        // a webhook queued under the moved clock would wait for the wall clock to reach it: sent or dropped first
        if (local.queue.pending().length) return json(409, { error: { type: 'invalid_request', message: 'the webhook queue is not empty: release or drop its deliveries first' } });
        if (!deps.clock.reset()) return json(409, { error: { type: 'invalid_request', message: 'this clock is not the carrier\'s test clock' } });
        return clockNow();
      default:
        return json(404, { error: { type: 'not_found', message: 'not found' } });
    }
  }
  return { handle };
}
