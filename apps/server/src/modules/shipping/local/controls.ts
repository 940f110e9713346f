import { PARCEL_STATES, type ParcelState } from '../../../db/schema/shipping.js';
import { formFields, type LocalRequest, type LocalResponse } from '../../payments/local/http.js';
import type { LocalCarrier } from './index.js';

// The local carrier's test controls (decision 0160): what a browser journey needs to drive the carrier as API tests
// drive it in process — a driver's scan (`move`), the Quiqup webhook queue held, reordered, duplicated, dropped and
// released, and Souq's Aramex poll run now instead of in five minutes. They live on the local carrier's own listener,
// beside its protocol, like the payment provider's test clock (decision 0155): Souq's API gains no route, and the
// listener only starts with SHIPPING_LOCAL_TEST_CONTROLS set and a carrier running locally.

export const CONTROLS_PREFIX = '/local/carrier';

type Deps = {
  local: LocalCarrier;
  /** Souq's poll of the carriers that do not push (Aramex), run when the journey asks. */
  poll: () => Promise<number>;
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
      default:
        return json(404, { error: { type: 'not_found', message: 'not found' } });
    }
  }
  return { handle };
}
