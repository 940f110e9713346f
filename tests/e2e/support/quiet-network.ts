import type { Page, Request } from '@playwright/test';

// The route walks wait for a page's requests to end before they read it. Playwright's 'networkidle' counts the live
// stream (GET /api/events, an EventSource that stays open) as a request in flight, so every signed-in page waited its
// whole timeout instead: over the few hundred pages the walks open, minutes of the test run spent waiting on a stream
// that never ends. This waits the same way (no request in flight for half a second) but leaves the streams out.

const inFlight = new WeakMap<Page, Set<Request>>();

/** The page's requests in flight but its streams, counted from the first call on (call it before page.goto). */
export function watchRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') pending.add(r);
  });
  const done = (r: Request) => pending.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/** Waits until no request but a stream has been in flight for `idleMs` (at most `timeout`; a page that keeps fetching is read then). */
export async function quietNetwork(page: Page, { idleMs = 500, timeout = 1_500 } = {}): Promise<void> {
  const pending = watchRequests(page);
  const started = Date.now();
  let quietSince = 0;
  while (Date.now() - started < timeout) {
    if (pending.size) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= idleMs) return;
    await page.waitForTimeout(50);
  }
}

/** page.goto, then the wait above. */
export async function gotoQuiet(page: Page, url: string, opts?: { idleMs?: number; timeout?: number }): Promise<void> {
  watchRequests(page);
  await page.goto(url);
  await quietNetwork(page, opts);
}
