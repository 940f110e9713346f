import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';

// UAE VAT at checkout (issue 25, decision 0098): prices include VAT; the summary says per seller how much of it is
// VAT instead of adding a tax line on top. Screenshots at 1280 and 390 px.
type P = { id: number; name: string; price: number; vendor_id: number | null; stock: number };

async function cartWith(page: Page, products: P[]) {
  const lines = products.map((p) => ({ id: p.id, name: p.name, price: p.price, image: null, quantity: 1 }));
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cart, JSON.stringify({ state: { lines }, version: 1 })] as const);
}

test('checkout shows the total with "includes VAT" per seller, no tax on top', async ({ page }) => {
  const res = await page.request.get('/api/products?limit=100');
  const products = (await res.json()) as P[];
  const own = products.find((p) => p.vendor_id === null && p.stock > 2)!;
  const vendor = products.find((p) => p.vendor_id !== null && p.stock > 2)!;
  expect(own && vendor).toBeTruthy();
  await cartWith(page, [own, vendor]);
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('includes VAT')).toHaveCount(2);
  await expect(summary.getByText('Tax (5%)')).toHaveCount(0);
  // the quote the summary shows: total = subtotal + shipping, VAT inside it
  const quote = await (await page.request.post('/api/orders/quote', { data: { items: [{ product_id: own.id, quantity: 1 }, { product_id: vendor.id, quantity: 1 }] } })).json();
  expect(quote.tax_included).toBe(true);
  expect(Math.round((quote.subtotal + quote.shipping) * 100)).toBe(Math.round(quote.total * 100));
  await expect(summary).toContainText(formatMoney(quote.total, 'AED'));
  await page.getByLabel('Company TRN (optional)').fill('12345');
  await expect(page.getByText('A TRN is 15 digits starting with 100')).toBeVisible();
  await page.getByLabel('Company TRN (optional)').fill('100999888777666');
  await page.screenshot({ path: '/work/shots/vat/checkout-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/work/shots/vat/checkout-390.png', fullPage: true });
});
