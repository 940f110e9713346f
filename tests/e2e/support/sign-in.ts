import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../../packages/shared/src/constants.js';

// Signing a browser page in without its sign-in form: the session from the API, kept in local storage under the keys
// the web app's own doors write (apps/web/src/lib/session.ts), so the page opens signed in. The one place the specs
// do this; a journey that is about a sign-in form fills the form instead.

export const ADMIN_CODE = 'e2e-admin-code'; // ADMIN_ACCESS_CODE of playwright.config.ts
export const DEMO_PASSWORD = 'souq-demo-1';
export const DEMO_VENDOR = { email: 'vendor@souq.test', password: DEMO_PASSWORD };
export const DEMO_CUSTOMER = { email: 'customer@souq.test', password: DEMO_PASSWORD };
type Credentials = { email: string; password: string };

/** Who a page can be signed in as. */
export type Door = 'customer' | 'vendor' | 'admin';

/** A vendor's session from the API (token and vendor): the demo vendor's unless another seeded seller is named. */
export async function vendorSession(request: APIRequestContext, credentials: Credentials = DEMO_VENDOR): Promise<{ token: string; vendor: unknown }> {
  const res = await request.post('/api/vendor/login', { data: credentials });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; vendor: unknown };
}

/** A shopper's session from the API: the demo customer's unless others are named. */
export async function customerSession(request: APIRequestContext, credentials: Credentials = DEMO_CUSTOMER): Promise<{ token: string; user: { id: number } }> {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; user: { id: number } };
}

/** An admin's token through the access code. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/access', { data: { code: ADMIN_CODE } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The local storage a door writes once signed in. */
async function sessionStorage(request: APIRequestContext, door: Door, credentials?: Credentials): Promise<Record<string, string>> {
  if (door === 'customer') {
    const s = await customerSession(request, credentials);
    return { [STORAGE_KEYS.authToken]: s.token, [STORAGE_KEYS.authUser]: JSON.stringify(s.user), [STORAGE_KEYS.user]: JSON.stringify({ id: s.user.id }) };
  }
  if (door === 'vendor') {
    const s = await vendorSession(request, credentials);
    return { [STORAGE_KEYS.vendorToken]: s.token, [STORAGE_KEYS.vendor]: JSON.stringify(s.vendor) };
  }
  return { [STORAGE_KEYS.adminToken]: await adminToken(request), [STORAGE_KEYS.adminAccessGranted]: 'true' };
}

/**
 * Signs the page in at a door (the demo customer, the demo vendor or another seller named by `credentials`, the
 * admin): the storage is written on `landing` (the site's origin, '/' unless a page in a language is wanted), then
 * the page goes to `path` if one is given.
 */
export async function signIn(page: Page, door: Door, opts: { credentials?: Credentials; landing?: string; path?: string } = {}): Promise<void> {
  const items = await sessionStorage(page.request, door, opts.credentials);
  await page.goto(opts.landing ?? '/');
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, items);
  if (opts.path) await page.goto(opts.path);
}
