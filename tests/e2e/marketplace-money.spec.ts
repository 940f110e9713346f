import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { formatCents } from '../../packages/shared/src/rules/money.js';
import { adminPage, vendorPage } from './support/sessions.js';
import { payByCard } from './support/pay-card.js';
import { plainProductsOf, type DemoProduct } from './support/demo-sellers.js';

// Issue 24 item 9, the marketplace's money in one journey: a shopper buys from three sellers in one checkout; each
// seller ships and delivers its own part; the shopper returns one unit of one line; its seller approves and receives
// it; the refund reads the same on the shopper's /profile, in that seller's Earnings and in the admin's Finance; an
// admin then runs a payout batch.

const PASSWORD = 'souq-demo-1';
const SELLERS = ['vendor@souq.test', 'home@souq.test', 'sports@souq.test'];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Product = { id: number; name: string; vendor_id: number | null; stock: number; variants?: unknown[] };

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/vendor/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), email).toBe(true);
  const body = (await res.json()) as { token: string; vendor: { id: number; company_name: string } };
  return { email, token: body.token, id: body.vendor.id, name: body.vendor.company_name };
}

test('three sellers in one checkout: each ships its part, one unit comes back, the refund reads the same for shopper, seller and admin; a payout batch', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const sellers = await Promise.all(SELLERS.map((email) => signIn(request, email)));
  const email = `three-sellers-${Date.now()}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Salma Three', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);
  const shopper = (await signup.json()) as { token: string };

  // one product of each seller, without options to choose
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const picks = await Promise.all(sellers.map(async (s) => (await plainProductsOf(request, products as DemoProduct[], s.id, 3))[0]!));
  expect(picks.every(Boolean), 'each seller sells a product without options').toBe(true);
  const placed = await request.post('/api/orders', {
    headers: bearer(shopper.token),
    data: {
      items: picks.map((p) => ({ product_id: p.id, quantity: 2 })), payment_method: 'card',
      customer_info: { name: 'Salma Three', email }, shipping_address: { address: '9 Creek Road', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await payByCard(request, await placed.json());
  const purchase = (await placed.json()).order as { sub_orders: { id: number; order_number: string; vendor_id: number | null }[] };
  expect(purchase.sub_orders).toHaveLength(3);

  // each seller runs its own part, and only its own
  for (const s of sellers) {
    const mine = purchase.sub_orders.filter((o) => o.vendor_id === s.id);
    expect(mine, s.email).toHaveLength(1);
    const other = purchase.sub_orders.find((o) => o.vendor_id !== s.id)!;
    expect((await request.post(`/api/vendor/orders/${other.id}/confirm`, { headers: bearer(s.token) })).status()).toBe(404);
    for (const [step, data] of [['confirm', {}], ['ship', { tracking_number: `AWB-${mine[0]!.id}`, carrier: 'Aramex' }], ['deliver', {}]] as const) {
      const res = await request.post(`/api/vendor/orders/${mine[0]!.id}/${step}`, { headers: bearer(s.token), data });
      expect(res.status(), `${s.email} ${step}: ${await res.text()}`).toBe(200);
    }
  }

  // the shopper sends back one unit of the first seller's line, which the seller approves and receives
  const [seller] = sellers;
  const returnable = ((await (await request.get('/api/my/returns', { headers: bearer(shopper.token) })).json()) as { returnable: { order_id: number; line_id: number; product_name: string }[] }).returnable;
  const line = returnable.find((l) => l.product_name === picks[0]!.name)!;
  const asked = await request.post('/api/my/returns', { headers: bearer(shopper.token), data: { order_id: line.order_id, line_id: line.line_id, units: 1, reason: 'damaged', reason_text: 'Dented corner' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const returnId = ((await asked.json()) as { id: number }).id;
  expect((await request.post(`/api/vendor/returns/${returnId}/approve`, { headers: bearer(seller!.token), data: { note: 'Send it back' } })).status()).toBe(200);
  const received = await request.post(`/api/vendor/returns/${returnId}/receive`, { headers: bearer(seller!.token), data: { restock: true } });
  expect(received.status()).toBe(200);
  const refund = ((await received.json()) as { refund: { total_cents: number; goods_cents: number; tax_cents: number } }).refund;
  expect(refund.total_cents).toBeGreaterThan(0);
  const subOrder = purchase.sub_orders.find((o) => o.id === line.order_id)!;

  // the shopper's /profile: the refund
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password-123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  await page.goto('/profile');
  const returns = page.getByRole('region', { name: MSG.returnsTitle });
  await expect(returns.getByTestId('return-refund').first()).toHaveText(MSG.returnRefundIssued(formatCents(refund.total_cents, 'AED')));

  // the seller's Earnings: the refund taken back from its balance (the goods, net of the VAT that was never its)
  const { vendor, close: closeVendor } = await vendorPage(browser, '/vendor?tab=earnings', { email: seller!.email, password: PASSWORD });
  const entries = vendor.getByRole('table', { name: 'Ledger entries behind your balance' }).getByRole('row').filter({ hasText: subOrder.order_number });
  await expect(entries.filter({ hasText: 'Refund' })).toContainText(formatCents(-refund.goods_cents, 'AED'));
  await closeVendor();

  // the admin's Finance: the same refund to the shopper, the ledger still at zero; then a payout batch
  const { admin, close: closeAdmin } = await adminPage(browser);
  await admin.goto('/admin?section=finance&finance=refunds');
  const refundRows = admin.getByRole('table', { name: 'Refunds' }).getByRole('row').filter({ hasText: subOrder.order_number });
  await expect(refundRows.filter({ hasText: formatCents(-refund.total_cents, 'AED') })).toHaveCount(1);
  const adminToken = await admin.evaluate(() => localStorage.getItem('admin_token') ?? '');
  // the second seller's new money is held for its return window: a credit makes some available to pay out now
  const adjusted = await admin.request.post('/api/admin/finance/adjustments', {
    headers: bearer(adminToken), data: { vendor_id: sellers[1]!.id, amount_cents: 15_000, reason: 'Launch bonus' },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
  await admin.goto('/admin?section=finance&finance=payouts');
  await admin.getByRole('button', { name: 'Create payout batch' }).click();
  await expect(admin.getByRole('row').filter({ hasText: sellers[1]!.name }).first()).toContainText('Pending');
  await closeAdmin();
  const check = (await (await request.get('/api/admin/finance/ledger-check', { headers: bearer(adminToken) })).json()) as { balanced: boolean };
  expect(check.balanced).toBe(true);
});
