import { expect, type APIRequestContext } from '@playwright/test';

// The local carrier's test controls (decision 0160) on a listener of their own: the journeys' server opens it on the
// port next to its own range (E2E_PORT + 100), so helpers running their own servers at once do not collide.
export const CARRIER_CONTROLS_PORT = Number(process.env.E2E_PORT ?? 4173) + 100;
const base = `http://127.0.0.1:${CARRIER_CONTROLS_PORT}/local/carrier`;

/** POSTs a control form (a driver's scan, the queue held, reordered, released …) and answers its JSON. */
export async function carrierControl<T = Record<string, unknown>>(request: APIRequestContext, path: string, form: Record<string, string> = {}): Promise<T> {
  const res = await request.post(`${base}${path}`, { form });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** What the carrier's webhook queue holds, in the order it will send it. */
export async function carrierQueue(request: APIRequestContext): Promise<{ holding: boolean; pending: { id: number; waybill: string; state: string }[] }> {
  const res = await request.get(`${base}/queue`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { holding: boolean; pending: { id: number; waybill: string; state: string }[] };
}

/** A driver's scan of a parcel at the carrier: `state` at `at`, with a reason for a failed attempt. */
export const scan = (request: APIRequestContext, waybill: string, state: string, at: Date, reason?: string) =>
  carrierControl<{ delivery_id: number | null }>(request, `/parcels/${waybill}/move`, { state, at: at.toISOString(), ...(reason ? { reason } : {}) });

/**
 * The carrier's clock (decision 0168): where it is, moved forward by whole days (its bookings and scans are then that
 * late), and back to the wall clock (refused while a webhook waits in the queue). The server is shared by the specs
 * that follow: a journey that moves it puts it back.
 */
export async function carrierClock(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${base}/clock`);
  expect(res.status(), await res.text()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}
export const moveCarrierClock = (request: APIRequestContext, days: number) => carrierControl<{ now: string; ahead_ms: number }>(request, '/clock/advance', { days: String(days) });
export const resetCarrierClock = (request: APIRequestContext) => carrierControl<{ now: string; ahead_ms: number }>(request, '/clock/reset');
