import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Signed-in pages of their own (a browser context each, so their local storage is apart): an admin through the
// access page, the demo vendor through the vendor door's stored session.

export const ADMIN_CODE = 'e2e-admin-code'; // ADMIN_ACCESS_CODE of playwright.config.ts
export const DEMO_VENDOR = { email: 'vendor@souq.test', password: 'souq-demo-1' };

/** An admin, in a browser of their own, on the dashboard after entering the access code. */
export async function adminPage(browser: Browser): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/admin-access');
  await admin.getByLabel('Access code').fill(ADMIN_CODE);
  await admin.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  return { admin, close: () => context.close() };
}

/** A vendor's session from the API (token and vendor): the demo vendor's unless another seeded seller is named. */
export async function vendorSession(request: APIRequestContext, credentials = DEMO_VENDOR): Promise<{ token: string; vendor: unknown }> {
  const res = await request.post('/api/vendor/login', { data: credentials });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; vendor: unknown };
}

/** The demo vendor (or another seeded seller), in a browser of their own, on `path` of the vendor area. */
export async function vendorPage(browser: Browser, path: string, credentials = DEMO_VENDOR): Promise<{ vendor: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const vendor = await context.newPage();
  const session = await vendorSession(vendor.request, credentials);
  await vendor.goto('/');
  await vendor.evaluate((s) => {
    localStorage.setItem('vendor_token', s.token);
    localStorage.setItem('vendor', JSON.stringify(s.vendor));
  }, session);
  await vendor.goto(path);
  return { vendor, close: () => context.close() };
}
