import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { formatCents } from '../../packages/shared/src/rules/money.js';
import { TAX_DOCUMENT_LABELS as L } from '../../packages/shared/src/rules/tax.js';
import { pageTexts } from '../../apps/server/test/pdf-pages.js';
import { placeCashOrder } from './support/place-order.js';
import { demoSellers, plainProductsOf, type DemoProduct } from './support/demo-sellers.js';
import { STORAGE_KEYS } from '../../packages/shared/src/constants.js';
import { customerSession, DEMO_PASSWORD, vendorSession } from './support/sign-in.js';
import { toast } from './support/vendor-onboarding.js';

// Issue 39 item 8, the browser journey of promotions that know who pays for them. The admin creates a marketplace
// campaign (a deal, 20 % off) split 50/50 with the sellers who join; seller A opts its product in from its Promotions
// tab; seller B creates its own 10 % coupon there; a shopper puts products of three sellers in the cart from the
// product dialog (two units of A's), applies B's code at checkout and places the order. Each figure is worked out here
// from the prices, to the fil: A's sub-order's tax invoice prints the seller's half as a reduction of the supply and
// the marketplace's half as paid by Souq toward the total; one unit of A's comes back (asked on /profile, approved and
// received by the seller) and its credit note gives back half of each; the admin's Promotions screen and each seller's
// Earnings show what the promotions cost. Moving the sub-order to delivered is setup through the seller's API (the
// fulfilment screens have their own journeys).

const SELLERS = [
  { email: 'vendor@souq.test', role: 'campaign' },
  { email: 'home@souq.test', role: 'coupon' },
  { email: 'sports@souq.test', role: 'plain' },
] as const;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const money = (cents: number) => formatCents(cents, 'AED', 'en');
/** The tax document PDF's own money format (tax.pdf.ts): `AED 12.34`, `AED -12.34`. */
const pdfMoney = (cents: number) => `AED ${(cents / 100).toFixed(2)}`;
const centsOf = (p: DemoProduct) => Math.round(p.price * 100);

/** The text a PDF reader finds on every page of a downloaded document, one drawing operation a line. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const file = test.info().outputPath(`${Date.now()}.pdf`);
  await (await download).saveAs(file);
  const fs = await import('node:fs/promises');
  return pageTexts(await fs.readFile(file)).flat().join('\n');
}

/** A seller's sub-order moved to delivered (setup: the fulfilment screens have journeys of their own). */
async function deliver(request: APIRequestContext, token: string, subId: number) {
  for (const [step, data] of [['confirm', {}], ['ship', { tracking_number: 'AWB-PROMO-1', carrier: 'Aramex' }], ['deliver', {}]] as const) {
    const res = await request.post(`/api/vendor/orders/${subId}/${step}`, { headers: bearer(token), data });
    expect(res.status(), `${step}: ${await res.text()}`).toBe(200);
  }
}

/** Pauses the journey's promotions, from a request context of its own (the test's may be gone after a timeout). */
async function pauseAll(adminToken: string, ids: number[]) {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  await Promise.all(ids.map((id) => api.post(`/api/admin/promotions/${id}/status`, { headers: bearer(adminToken), data: { status: 'paused' } })));
  await api.dispose();
}

/**
 * A browser of its own, signed in by the storage its door writes (set before the first page loads: one navigation,
 * not three — this journey opens four of them).
 */
async function signedIn(browser: Browser, storage: Record<string, string>, path: string) {
  const context = await browser.newContext();
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

async function sellerScreen(browser: Browser, request: APIRequestContext, email: string, path: string) {
  const s = await vendorSession(request, { email, password: DEMO_PASSWORD });
  const { page, close } = await signedIn(browser, { [STORAGE_KEYS.vendorToken]: s.token, [STORAGE_KEYS.vendor]: JSON.stringify(s.vendor) }, path);
  return { vendor: page, close };
}

test('a 50/50 campaign and a seller coupon on a three-seller cart: invoice, a one-unit return, its credit note, and the cost shown to the admin and the sellers', async ({ page, browser, request }) => {
  // four browsers and a dozen pages: a few minutes when two shared cores are busy (measured: 4+ min at load 28)
  test.setTimeout(480_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const [a, b, c] = await demoSellers(request, SELLERS);
  // seller A's product: a price in whole tenths of a dirham, so every half and tenth below is a whole fil
  const all = (await (await request.get('/api/products?limit=200')).json()) as DemoProduct[];
  a!.product = (await plainProductsOf(request, all, a!.id)).find((p) => centsOf(p) % 10 === 0) ?? a!.product;
  const pA = centsOf(a!.product);
  const pB = centsOf(b!.product);
  expect(pA % 10, `a price of seller A in tenths: ${pA}`).toBe(0);
  // the figures, from the prices: 20 % off A's two units, half each; 10 % off B's one unit, all B's
  const deal = Math.floor((2 * pA * 2000) / 10_000);
  const dealSeller = Math.round(deal / 2);
  const dealMarket = deal - dealSeller;
  const coupon = Math.floor((pB * 1000) / 10_000);
  const adminToken = ((await (await request.post('/api/admin/access', { data: { code: 'e2e-admin-code' } })).json()) as { token: string }).token;
  const created: number[] = [];

  try {
    // 1. the admin creates the campaign on the Promotions screen
    const campaignName = `Split week ${stamp}`;
    const { page: admin, close: closeAdmin } = await signedIn(browser, { [STORAGE_KEYS.adminToken]: adminToken, [STORAGE_KEYS.adminAccessGranted]: 'true' }, '/admin?section=promotions&lang=en');
    const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Create campaign' }) });
    await form.getByLabel('Kind').selectOption('deal');
    await form.getByLabel(/^Name/).fill(campaignName);
    await form.getByLabel(/^Percent/).fill('20');
    await form.getByLabel('Who funds it').selectOption('split');
    await form.getByLabel(/^Sellers' share/).fill('50');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect(toast(admin, 'Campaign created')).toBeVisible();
    const campaigns = (await (await request.get('/api/admin/promotions', { headers: bearer(adminToken) })).json()) as { id: number; name: string; funder: string; seller_percent: number }[];
    const campaign = campaigns.find((p) => p.name === campaignName)!;
    expect(campaign).toMatchObject({ funder: 'split', seller_percent: 50 });
    created.push(campaign.id);

    // 2. seller A opts its product in from its Promotions tab
    const sellerA = await sellerScreen(browser, request, a!.email, '/vendor?tab=promotions&lang=en');
    const offer = sellerA.vendor.getByRole('listitem').filter({ hasText: campaignName }).first();
    await offer.getByRole('button', { name: 'Opt in', exact: true }).click();
    await offer.getByRole('checkbox', { name: a!.product.name }).check();
    await offer.getByRole('button', { name: 'Opt in the chosen products' }).click();
    await expect(toast(sellerA.vendor, 'Products opted in')).toBeVisible();

    // 3. seller B creates its own coupon
    const code = `HOME-${stamp}`;
    const sellerB = await sellerScreen(browser, request, b!.email, '/vendor?tab=promotions&lang=en');
    const own = sellerB.vendor.locator('form').filter({ has: sellerB.vendor.getByRole('button', { name: 'Create promotion' }) });
    await own.getByLabel(/^Name/).fill(`Home ten ${stamp}`);
    await own.getByLabel(/^Code/).fill(code);
    await own.getByLabel(/^Percent/).fill('10');
    await own.getByRole('button', { name: 'Create promotion' }).click();
    await expect(toast(sellerB.vendor, 'Promotion created')).toBeVisible();
    const mine = (await (await request.get('/api/vendor/promotions', { headers: bearer(b!.token) })).json()) as { id: number; code: string | null; funder: string }[];
    const couponRow = mine.find((p) => p.code === code)!;
    expect(couponRow.funder).toBe('seller');
    created.push(couponRow.id);

    // 4. a shopper fills the cart from the product dialog: two units of A's, one of B's, one of C's
    const email = `promo-${stamp.toLowerCase()}@example.test`;
    const signup = await request.post('/api/auth/signup', { data: { name: 'Salma Promo', email, password: 'password-123' } });
    expect(signup.status()).toBe(201);
    const shopper = await customerSession(request, { email, password: 'password-123' });
    await page.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, { [STORAGE_KEYS.authToken]: shopper.token, [STORAGE_KEYS.authUser]: JSON.stringify(shopper.user), [STORAGE_KEYS.user]: JSON.stringify({ id: shopper.user.id }) });
    for (const [p, times] of [[a!.product, 2], [b!.product, 1], [c!.product, 1]] as const) {
      await page.goto(`/ai-assistant?product=${p.id}&lang=en`);
      const dialog = page.getByRole('dialog', { name: p.name });
      for (let i = 0; i < times; i++) await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('region', { name: 'Chat with AI' }).getByRole('button', { name: /^Cart, 4 items/ }).click();
    await page.getByRole('dialog', { name: 'My Cart' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout/);

    // 5. the code at checkout, then the order
    await page.getByLabel('Promo code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: code })).toContainText(`${money(coupon)} off`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Salma Promo');
    type Sub = { id: number; order_number: string; vendor_id: number | null; items: { id: number; product_id: number; quantity: number; total_price: number }[] };
    const { order } = await placeCashOrder<{ order: { promotion_discount: number; promotion_paid_amount: number; sub_orders: Sub[] } }>(page, '12 Campaign Street');
    // the whole discount: the deal and the code; the marketplace's half of the deal is what it pays
    expect(Math.round(order.promotion_discount * 100)).toBe(deal + coupon);
    expect(Math.round(order.promotion_paid_amount * 100)).toBe(dealMarket);
    const subA = order.sub_orders.find((s) => s.vendor_id === a!.id)!;
    expect(order.sub_orders.map((s) => s.vendor_id).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    // A's line is the two units less the seller's own half: the marketplace's half is a payment, not a price cut
    expect(Math.round(subA.items[0]!.total_price * 100)).toBe(2 * pA - dealSeller);

    // 6. A's tax invoice: the seller's half reduces the supply, the marketplace's half is paid toward the total
    await deliver(request, a!.token, subA.id);
    await page.goto('/profile?lang=en');
    const docs = page.getByRole('region', { name: 'Tax invoices and credit notes' });
    const invoiceRow = docs.getByRole('listitem').filter({ hasText: subA.order_number }).filter({ hasText: /Tax Invoice/ }).first();
    const invoice = await downloadedText(page, () => invoiceRow.getByRole('button', { name: 'Download PDF' }).click());
    expect(invoice).toContain(`${L.sellerDiscount[0]}: -${pdfMoney(dealSeller)}`);
    expect(invoice).toContain(L.prepaid[0]);
    expect(invoice).toContain(pdfMoney(-dealMarket));
    expect(invoice).toContain(L.amountDue[0]);

    // 7. one unit of A's comes back: asked on /profile, approved and received by the seller
    const returns = page.getByRole('region', { name: MSG.returnsTitle });
    await returns.getByRole('button', { name: `${MSG.returnButton} ${a!.product.name}` }).click();
    const ask = page.getByRole('dialog', { name: MSG.returnDialogTitle(a!.product.name) });
    await ask.getByLabel(MSG.returnUnitsLabel).fill('1');
    await ask.getByLabel(MSG.returnReasonLabel).selectOption('damaged');
    await ask.getByRole('radio', { name: 'Store credit' }).check();
    await ask.getByRole('button', { name: MSG.returnSubmit }).click();
    await expect(returns.getByText(MSG.returnRequested)).toBeVisible();
    await sellerA.vendor.goto(`/vendor?tab=orders&orders_search=${subA.order_number}&lang=en`);
    await sellerA.vendor.getByRole('button', { name: `View order ${subA.order_number}` }).first().click();
    const panel = sellerA.vendor.getByRole('region', { name: MSG.returnRequestsTitle });
    await panel.getByRole('button', { name: MSG.returnApprove }).click();
    await sellerA.vendor.getByRole('dialog', { name: MSG.returnApprove }).getByRole('button', { name: MSG.returnApprove }).click();
    await panel.getByRole('button', { name: MSG.returnReceive }).click();
    await sellerA.vendor.getByRole('dialog', { name: MSG.returnReceive }).getByRole('button', { name: MSG.returnReceive }).click();
    // what was paid for that unit: its price less both halves of its share of the deal
    const refund = pA - dealSeller / 2 - dealMarket / 2;
    await expect(panel.getByTestId('return-refund')).toHaveText(MSG.returnRefundIssued(money(refund)));
    const mineReturn = returns.getByRole('list', { name: MSG.returnRequestsTitle }).getByRole('listitem').first();
    await expect(mineReturn.getByTestId('return-refund')).toHaveText(MSG.returnRefundIssued(money(refund)));

    // 8. the credit note gives back half of each: the seller's reduction and the marketplace's payment (the shopper
    // opens their documents again)
    await page.reload();
    const noteRow = docs.getByRole('listitem').filter({ hasText: /Credit Note/ }).filter({ hasText: subA.order_number }).first();
    await expect(noteRow).toBeVisible();
    const note = await downloadedText(page, () => noteRow.getByRole('button', { name: 'Download PDF' }).click());
    expect(note).toContain(`${L.sellerDiscount[0]}: -${pdfMoney(dealSeller / 2)}`);
    expect(note).toContain(L.prepaid[0]);
    expect(note).toContain(pdfMoney(-dealMarket / 2));

    // 9. the cost, to the admin: per promotion, to the marketplace and to each seller
    await admin.goto('/admin?section=promotions&lang=en');
    const campaignCard = admin.getByRole('listitem').filter({ hasText: campaignName }).first();
    const couponCard = admin.getByRole('listitem').filter({ hasText: code }).first();
    // what the ledger kept: the returned unit's halves came back to each funder
    await expect(campaignCard.getByRole('term').filter({ hasText: 'Cost to sellers' })).toBeVisible({ timeout: 45_000 });
    const figure = (card: typeof campaignCard, term: string) => card.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(figure(campaignCard, 'Cost to sellers')).toHaveText(money(dealSeller / 2));
    await expect(figure(campaignCard, 'Cost to the marketplace')).toHaveText(money(dealMarket / 2));
    await expect(campaignCard.getByText(`Seller #${a!.id}: seller ${money(dealSeller / 2)}, marketplace ${money(dealMarket / 2)}`)).toBeVisible();
    await expect(figure(couponCard, 'Cost to sellers')).toHaveText(money(coupon));
    await expect(figure(couponCard, 'Cost to the marketplace')).toHaveText(money(0));
    await expect(couponCard.getByText(`Seller #${b!.id}: seller ${money(coupon)}, marketplace ${money(0)}`)).toBeVisible();
    await closeAdmin();

    // 10. and to each seller, in Earnings: A's half of the deal less the returned unit's, and B's coupon
    await sellerA.vendor.goto('/vendor?tab=earnings&lang=en');
    const costA = sellerA.vendor.getByRole('region', { name: 'What promotions cost you' });
    // the Earnings tab asks for a dozen figures at once: a busy machine answers this one last
    await expect(costA.getByRole('listitem').filter({ hasText: campaignName })).toContainText(`yours ${money(dealSeller / 2)} · marketplace ${money(dealMarket / 2)}`, { timeout: 45_000 });
    await sellerA.close();
    await sellerB.vendor.goto('/vendor?tab=earnings&lang=en');
    const costB = sellerB.vendor.getByRole('region', { name: 'What promotions cost you' });
    await expect(costB.getByRole('listitem').filter({ hasText: `Home ten ${stamp}` })).toContainText(`yours ${money(coupon)} · marketplace ${money(0)}`, { timeout: 45_000 });
    await sellerB.close();
  } finally {
    // the journeys after this one share the demo products: their prices go back to the list price
    await pauseAll(adminToken, created);
  }
});
