import { expect, type Page } from '@playwright/test';
import { fillCheckoutAddress } from './checkout-address.js';

/**
 * At checkout (English), cash on delivery to a new address on `street`: places the order and gives the server's answer
 * (201), so a journey asserts what was charged, not only what the page showed.
 */
export async function placeCashOrder<T = { order: Record<string, unknown> }>(page: Page, street: string): Promise<T> {
  await fillCheckoutAddress(page, street);
  await page.getByLabel('Payment method').selectOption('cod');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  const res = await placed;
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}
