import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN_CODE, signIn } from './sign-in.js';

// Signed-in pages of their own (a browser context each, so their local storage is apart): an admin through the
// access page, the demo vendor through the vendor door's stored session.

export { ADMIN_CODE, DEMO_VENDOR, vendorSession } from './sign-in.js';

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

/** The demo vendor (or another seeded seller), in a browser of their own, on `path` of the vendor area. */
export async function vendorPage(browser: Browser, path: string, credentials?: { email: string; password: string }): Promise<{ vendor: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const vendor = await context.newPage();
  await signIn(vendor, 'vendor', { credentials, path });
  return { vendor, close: () => context.close() };
}
