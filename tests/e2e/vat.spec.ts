import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, STORAGE_KEYS } from '@souq/shared/constants';
import { E2E_ADMIN_CODE } from '../../playwright.config.js';
import { formatMoney } from '@souq/shared/rules/money';

// screenshots for looking at: VAT_SHOTS=dir, else beside the other test output
const SHOTS = process.env.VAT_SHOTS ?? 'test-results/vat-shots';

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
  // the marketplace's own product and one of the demo vendor, both VAT registrants (decision 0098)
  const demoVendor = ((await (await page.request.post('/api/vendor/login', { data: { email: 'vendor@souq.test', password: DEMO_PASSWORD } })).json()) as { vendor: { id: number } }).vendor.id;
  const own = products.find((p) => p.vendor_id === null && p.stock > 2)!;
  const vendor = products.find((p) => p.vendor_id === demoVendor && p.stock > 2)!;
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
  await page.screenshot({ path: `${SHOTS}/checkout-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/checkout-390.png`, fullPage: true });
});

test('two sellers ship: /profile lists each seller\'s tax invoice, the PDF downloads', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const products = (await (await request.get('/api/products?limit=100')).json()) as P[];
  const demoVendor = ((await (await request.post('/api/vendor/login', { data: { email: 'vendor@souq.test', password: DEMO_PASSWORD } })).json()) as { vendor: { id: number } }).vendor.id;
  const own = products.find((p) => p.vendor_id === null && p.stock > 2)!;
  const vendor = products.find((p) => p.vendor_id === demoVendor && p.stock > 2)!;
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `vat-${Date.now()}` },
    data: {
      items: [{ product_id: own.id, quantity: 1 }, { product_id: vendor.id, quantity: 1 }],
      customer_info: { email: DEMO_CUSTOMER_EMAIL, name: 'Layla Customer', company: 'Layla Trading LLC', trn: '100999888777666' },
      shipping_address: { address: 'Marina Walk 7', city: 'Dubai', country: 'UAE', zip: '00000' },
      payment_method: 'cod',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).order as { sub_orders: { id: number }[] };
  const admin = ((await (await request.post('/api/admin/access', { data: { code: E2E_ADMIN_CODE } })).json()) as { token: string }).token;
  for (const sub of order.sub_orders) {
    const res = await request.put(`/api/admin/orders/${sub.id}/status`, { headers: { authorization: `Bearer ${admin}` }, data: { status: 'shipped' } });
    expect(res.status()).toBe(200);
  }
  await page.addInitScript(([t, u]) => {
    localStorage.setItem('auth_token', t);
    localStorage.setItem('auth_user', u);
  }, [token, JSON.stringify(user)] as const);
  await page.goto('/profile');
  const docs = page.getByRole('region', { name: 'Tax invoices and credit notes' });
  // the marketplace (registered, demo TRN) issues a simplified tax invoice; the demo vendor is a verified registrant
  await expect(docs.getByText(/Simplified Tax Invoice SQ-INV-/).first()).toBeVisible();
  await expect(docs.getByText(/Tax Invoice V\d+-INV-/).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await docs.getByRole('button', { name: 'Download PDF' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^(SQ|V\d+)-INV-\d{6}\.pdf$/);
  await file.saveAs(`${SHOTS}/profile-download.pdf`);
  await docs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/profile-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/profile-390.png`, fullPage: true });
});
