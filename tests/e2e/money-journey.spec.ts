import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { formatCents } from '../../packages/shared/src/rules/money.js';
import { bothLanguages, screenshots } from './support/shots.js';
import { adminToken, DEMO_PASSWORD, signIn } from './support/sign-in.js';
import { demoSellers } from './support/demo-sellers.js';
import { vendorPage } from './support/sessions.js';
import { fillCheckoutAddress } from './support/checkout-address.js';
import { toast } from './support/vendor-onboarding.js';

// Issue 36 item 9, the browser journey: money that really moves. A cart from three sellers is paid by a 3-D Secure
// card on the local provider's challenge page → each seller ships and delivers its part from its Orders tab → the
// shopper returns one unit, refunded to the card (seen at the provider and on /profile) → the return windows close on
// the local provider's test clock (decision 0155) → the sellers are paid by transfer, each exactly what the ledger
// owes it → the admin's reconciliation shows no difference. Every payments screen it visits is saved at 1280 and
// 390 px in English and Arabic when SOUQ_SHOTS names a folder.

test.describe.configure({ timeout: 420_000 });
const shoot = screenshots(process.env.SOUQ_SHOTS, { settleMs: 400 });
const CART_KEY = 'souq_assistant_cart';
// the local provider's well-known test key (the official client's own key in local mode): the journey reads the
// provider's side back with it, as an operator would in Stripe's dashboard
const LOCAL_KEY = 'sk_test_souq_local';
const SELLERS = [
  { email: 'vendor@souq.test', quantity: 2 },
  { email: 'home@souq.test', quantity: 1 },
  { email: 'sports@souq.test', quantity: 1 },
] as const;

type Sub = { id: number; order_number: string; vendor_id: number; subtotal: number; total_amount: number; status: string; items: { id: number; product_id: number; quantity: number }[] };
type Entry = { account: string; order_id: number | null; amount_cents: number; kind: string };
const fils = (aed: number) => Math.round(aed * 100);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The local provider's API, read with its test key (`path` under /v1). */
async function provider<T>(request: APIRequestContext, base: string, path: string): Promise<T> {
  const res = await request.get(`${base}/v1/${path}`, { headers: bearer(LOCAL_KEY) });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** Vendor › Earnings' part about the provider: the connected account and the transfers (the page above it is long). */
const providerRegion = (p: Page) => p.locator('section[aria-labelledby="provider-transfers-heading"]');

const shootBoth = bothLanguages(process.env.SOUQ_SHOTS, shoot);

test('three sellers, a 3-D Secure card, a refunded return, the windows closing, transfers to the sellers and a reconciliation at zero', async ({ page, browser, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `money-${stamp}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Mona Money', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);
  const shopperToken = ((await signup.json()) as { token: string }).token;

  // the three sellers' sessions and one plain product each (no options to choose)
  const sellers = await demoSellers(request, SELLERS);

  // 1. each seller connects a payout account at the provider from Earnings (the provider's onboarding page, and back)
  for (const [i, s] of sellers.entries()) {
    const { vendor, close } = await vendorPage(browser, '/vendor?tab=earnings', { email: s.email, password: DEMO_PASSWORD });
    const connect = vendor.getByRole('button', { name: 'Connect payout account' });
    const receiving = vendor.getByText('Receiving transfers: each card order is paid when its return window closes.');
    await expect(connect.or(receiving)).toBeVisible();
    // a seller connected by an earlier journey of the same run keeps its account
    if (await connect.isVisible()) {
      if (i === 0) await shootBoth(vendor, 'earnings-connect', { ready: (p) => expect(providerRegion(p).getByRole('button')).toBeVisible(), part: providerRegion });
      await connect.click();
      await expect(vendor).toHaveURL(/\/local\/connect\/onboarding\//);
      if (i === 0) await shootBoth(vendor, 'provider-onboarding', { ready: (p) => expect(p.locator('button.ok')).toBeVisible() });
      await vendor.locator('button.ok').click();
      await expect(vendor).toHaveURL(/\/vendor\?tab=earnings/);
      await expect(toast(vendor, 'Payout account connected: card orders are paid to it by transfer.')).toBeVisible();
    }
    await expect(receiving).toBeVisible();
    await close();
  }

  // 2. the shopper's cart holds the three sellers' products; the checkout's summary is the amount the card is asked for
  const items = sellers.map((s) => ({ product_id: s.product.id, quantity: s.quantity }));
  const quote = (await (await request.post('/api/orders/quote', { data: { items, emirate: 'dubai' } })).json()) as { total: number; sellers: { vendor_id: number; total: number }[] };
  expect(quote.sellers).toHaveLength(3);
  const totalFils = fils(quote.total);
  await signIn(page, 'customer', { credentials: { email, password: 'password-123' } });
  await page.evaluate(([key, lines]) => localStorage.setItem(key as string, JSON.stringify({ state: { lines }, version: 1 })), [
    CART_KEY, sellers.map((s) => ({ id: s.product.id, name: s.product.name, price: s.product.price, image: null, quantity: s.quantity })),
  ] as const);
  await page.goto('/checkout?lang=en');
  await page.getByLabel('Name').first().fill('Mona Money');
  await fillCheckoutAddress(page, '12 Marina Promenade');
  await expect(page.getByText(/you pay on the payment provider's secure page/)).toBeVisible();
  await expect(page.getByText(formatCents(totalFils, 'AED')).first()).toBeVisible();
  await shootBoth(page, 'checkout-card', {
    ready: async (p) => {
      await expect(p.getByRole('button', { name: /Place Order|تأكيد الطلب/ })).toBeVisible();
      await fillCheckoutAddress(p, '12 Marina Promenade', p.url().includes('lang=ar') ? 'ar' : 'en');
    },
  });
  await page.getByRole('button', { name: 'Place Order' }).click();

  // 3. the provider's card page asks for the whole cart's amount; a 3-D Secure card goes to the bank's challenge
  await expect(page).toHaveURL(/\/local\/pay\/pi_/);
  const base = new URL(page.url()).origin;
  const intentId = /\/local\/pay\/(pi_[^?]+)/.exec(page.url())![1]!;
  await expect(page.locator('button.ok')).toContainText(formatCents(totalFils, 'AED').replace('AED ', ''));
  await shootBoth(page, 'provider-card', { ready: (p) => expect(p.locator('input[name=number]')).toBeVisible() });
  await page.locator('input[name=number]').fill('4000 0027 6000 3184');
  await page.locator('input[name=expiry]').fill('12 / 34');
  await page.locator('input[name=cvc]').fill('123');
  await page.locator('button.ok').click();
  await expect(page).toHaveURL(/\/local\/3ds\//);
  await shootBoth(page, 'provider-challenge', { ready: (p) => expect(p.locator('button.ok')).toBeVisible() });
  await page.getByRole('button', { name: 'Complete' }).click();

  // 4. back on Souq: paid; at the provider the payment is the cart's total to the fils
  await expect(page).toHaveURL(/\/checkout\/payment\?purchase=/);
  const paid = page.getByRole('status');
  await expect(paid).toContainText(/Order placed! Order #SQ-/);
  await expect(paid).toContainText('is confirmed');
  await shootBoth(page, 'payment-paid', { ready: (p) => expect(p.getByRole('status')).toBeVisible() });
  const intent = await provider<{ amount: number; currency: string; status: string; latest_charge: string }>(request, base, `payment_intents/${intentId}`);
  expect(intent).toMatchObject({ amount: totalFils, currency: 'aed' });
  await expect.poll(async () => (await provider<{ status: string }>(request, base, `payment_intents/${intentId}`)).status).toBe('succeeded');

  const purchases = (await (await request.get('/api/my/orders', { headers: bearer(shopperToken) })).json()) as { order_number: string; total_amount: number; sub_orders: Sub[] }[];
  const purchase = purchases[0]!;
  expect(fils(purchase.total_amount)).toBe(totalFils);
  expect(purchase.sub_orders).toHaveLength(3);
  const subOf = (vendorId: number) => purchase.sub_orders.find((o) => o.vendor_id === vendorId)!;
  for (const s of sellers) expect(fils(subOf(s.id).total_amount)).toBe(fils(quote.sellers.find((q) => q.vendor_id === s.id)!.total));

  // 5. each seller confirms, ships with its tracking and marks delivered, from its Orders tab
  for (const s of sellers) {
    const sub = subOf(s.id);
    const { vendor, close } = await vendorPage(browser, `/vendor?tab=orders&orders_search=${sub.order_number}`, { email: s.email, password: DEMO_PASSWORD });
    const row = vendor.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: sub.order_number });
    // the seller's row shows its goods (the shipping is the purchase's)
    expect(fils(sub.subtotal)).toBe(s.quantity * fils(s.product.price));
    await expect(row).toContainText(`${s.quantity} × ${s.product.name}`);
    await expect(row).toContainText(formatCents(fils(sub.subtotal), 'AED'));
    await row.getByRole('button', { name: `Confirm order ${sub.order_number}` }).click();
    await vendor.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(vendor, MSG.vendorOrderConfirmed(sub.order_number))).toBeVisible();
    await row.getByRole('button', { name: `Ship order ${sub.order_number}` }).click();
    const ship = vendor.getByRole('dialog', { name: 'Ship order' });
    await ship.getByLabel('Tracking number').fill(`AWB ${stamp} ${s.id}`);
    await ship.getByLabel('Carrier').fill('Aramex');
    await ship.getByRole('button', { name: 'Ship' }).click();
    await expect(toast(vendor, MSG.vendorOrderShipped(sub.order_number))).toBeVisible();
    await row.getByRole('button', { name: `Mark as delivered order ${sub.order_number}` }).click();
    await vendor.getByRole('dialog', { name: 'Mark delivered order' }).getByRole('button', { name: 'Mark delivered' }).click();
    await expect(toast(vendor, MSG.vendorOrderDelivered(sub.order_number))).toBeVisible();
    await expect(row).toContainText('Delivered');
    await close();
  }

  // 6. the shopper returns one of the two units of the first seller's product, back to the card
  const first = sellers[0]!;
  const firstSub = subOf(first.id);
  await page.goto('/profile?lang=en');
  const returns = page.getByRole('region', { name: MSG.returnsTitle });
  await returns.getByRole('button', { name: `${MSG.returnButton} ${first.product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: MSG.returnDialogTitle(first.product.name) });
  await dialog.getByLabel(MSG.returnUnitsLabel).fill('1');
  await dialog.getByLabel(MSG.returnReasonLabel).selectOption('no_longer_needed');
  // a card purchase is refunded to its card: no other way is offered
  await expect(dialog).toContainText('Refund to: Back to the card you paid with');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await shoot(page, 'return-dialog-en', dialog);
  await dialog.getByRole('button', { name: MSG.returnSubmit }).click();
  await expect(returns.getByText(MSG.returnRequested)).toBeVisible();
  // the seller takes it back (its Orders tab steps are the returns journey's): approved, received, restocked
  const mine = (await (await request.get('/api/my/returns', { headers: bearer(shopperToken) })).json()) as { returns: { id: number; order_id: number }[] };
  const returnId = mine.returns.find((r) => r.order_id === firstSub.id)!.id;
  expect((await request.post(`/api/vendor/returns/${returnId}/approve`, { headers: bearer(first.token), data: {} })).status()).toBe(200);
  expect((await request.post(`/api/vendor/returns/${returnId}/receive`, { headers: bearer(first.token), data: { restock: true } })).status()).toBe(200);
  const after = (await (await request.get('/api/my/returns', { headers: bearer(shopperToken) })).json()) as { returns: { id: number; refund: { total_cents: number; goods_cents: number; tax_cents: number } | null }[] };
  const refund = after.returns.find((r) => r.id === returnId)!.refund!;
  // one unit's price back, its VAT included (prices include it): nothing of the shipping, the other unit kept
  expect(refund.total_cents).toBe(fils(first.product.price));
  expect(refund.goods_cents + refund.tax_cents).toBe(refund.total_cents);

  // at the provider: one refund of exactly that, succeeded, on this payment
  await expect.poll(async () => {
    const list = await provider<{ data: { amount: number; status: string }[] }>(request, base, `refunds?payment_intent=${intentId}`);
    return list.data.map((r) => [r.amount, r.status]);
  }, { timeout: 20_000 }).toEqual([[refund.total_cents, 'succeeded']]);
  // on /profile: the refund, and where it went
  await page.reload();
  const refunded = returns.getByRole('list', { name: MSG.returnRequestsTitle }).getByRole('listitem').first();
  await expect(refunded.getByTestId('return-refund')).toHaveText(MSG.returnRefundIssued(formatCents(refund.total_cents, 'AED')));
  await expect(refunded).toContainText('Back to the card you paid with');
  await shootBoth(page, 'profile-card-refund', { ready: (p) => expect(p.getByTestId('return-refund').first()).toBeVisible(), part: (p) => p.locator('section[aria-labelledby="my-returns"]') });

  // 7. what the ledger owes each seller for its part, before the windows close: sale less commission less refunds
  const owed = new Map<number, number>();
  for (const s of sellers) {
    const res = await request.get('/api/vendor/earnings/entries?limit=200', { headers: bearer(s.token) });
    const rows = (await res.json()) as Entry[];
    const net = -rows.filter((e) => e.account === 'vendor_payable' && e.order_id === subOf(s.id).id).reduce((sum, e) => sum + e.amount_cents, 0);
    expect(net, s.email).toBeGreaterThan(0);
    owed.set(s.id, net);
  }
  // the refunded unit came off its seller's due
  expect(owed.get(first.id)!).toBeLessThan(fils(firstSub.total_amount) - refund.total_cents + 1);

  // nothing is transferred while the windows are open
  const noneYet = await provider<{ data: unknown[] }>(request, base, `transfers?transfer_group=${encodeURIComponent(purchase.order_number)}`);
  expect(noneYet.data).toHaveLength(0);

  // 8. the return windows close (the longest of the three is 30 days): the test clock moves 31 days, and the
  // transfers job runs before the clock answers
  const moved = await request.post(`${base}/local/test-clock`, { form: { days: '31' } });
  expect(moved.status(), await moved.text()).toBe(200);

  // at the provider: one transfer per seller, from the charge that paid, of exactly what the ledger owed it
  await expect.poll(async () => (await provider<{ data: unknown[] }>(request, base, `transfers?transfer_group=${encodeURIComponent(purchase.order_number)}`)).data.length, { timeout: 20_000 }).toBe(3);
  const transfers = await provider<{ data: { amount: number; destination: string; source_transaction: string | null; reversed: boolean }[] }>(request, base, `transfers?transfer_group=${encodeURIComponent(purchase.order_number)}`);
  expect(transfers.data.every((t) => t.source_transaction === intent.latest_charge && !t.reversed)).toBe(true);
  expect(transfers.data.map((t) => t.amount).sort((a, b) => a - b)).toEqual([...owed.values()].sort((a, b) => a - b));
  // and the ledger now owes them nothing for these parts
  for (const s of sellers) {
    const rows = (await (await request.get('/api/vendor/earnings/entries?limit=200', { headers: bearer(s.token) })).json()) as Entry[];
    expect(rows.filter((e) => e.account === 'vendor_payable' && e.order_id === subOf(s.id).id).reduce((sum, e) => sum + e.amount_cents, 0), s.email).toBe(0);
  }

  // each seller's Earnings lists its transfer, sent, to the fils
  for (const [i, s] of sellers.entries()) {
    const { vendor, close } = await vendorPage(browser, '/vendor?tab=earnings&lang=en', { email: s.email, password: DEMO_PASSWORD });
    const row = vendor.getByRole('table', { name: 'Your transfers' }).getByRole('row').filter({ hasText: subOf(s.id).order_number });
    await expect(row).toContainText(formatCents(owed.get(s.id)!, 'AED'));
    await expect(row).toContainText('Sent');
    if (i === 0) await shootBoth(vendor, 'earnings-transfers', { ready: (p) => expect(providerRegion(p).getByRole('table')).toBeVisible(), part: providerRegion });
    await close();
  }

  // 9. the admin: Finance › Seller transfers lists the three; Reconciliation, run now, finds no difference
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await adminContext.addInitScript((t) => {
    localStorage.setItem('admin_token', t);
    localStorage.setItem('admin_access_granted', 'true');
  }, await adminToken(request));
  const admin = await adminContext.newPage();
  await admin.goto('/admin?section=finance&finance=transfers&lang=en');
  const listed = admin.getByRole('table', { name: 'Transfers to sellers' });
  for (const s of sellers) {
    const row = listed.getByRole('row').filter({ hasText: subOf(s.id).order_number });
    await expect(row).toContainText(formatCents(owed.get(s.id)!, 'AED'));
    await expect(row).toContainText(s.company);
  }
  await shootBoth(admin, 'admin-seller-transfers', { ready: (p) => expect(p.getByRole('table').first()).toBeVisible() });
  await admin.goto('/admin?section=finance&finance=reconciliation&lang=en');
  await admin.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(toast(admin, 'Reconciled: no differences')).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('heading', { name: 'Reconciled: no differences' }).or(admin.getByText('Reconciled: no differences').first())).toBeVisible();
  const summary = (await (await request.get('/api/admin/finance/reconciliation', { headers: bearer(await adminToken(request)) })).json()) as { run: { differences: number; provider_status: string } };
  expect(summary.run).toMatchObject({ differences: 0, provider_status: 'checked' });
  await shootBoth(admin, 'admin-reconciliation', { ready: (p) => expect(p.getByRole('button', { name: /Run reconciliation|تشغيل/ })).toBeVisible() });
  await adminContext.close();
});
