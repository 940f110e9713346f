import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '@souq/shared/rules/money';
import { plainProductsOf, type DemoProduct } from './support/demo-sellers.js';
import { placeCashOrder } from './support/place-order.js';
import { screenshots } from './support/shots.js';
import { signIn, vendorSession } from './support/sign-in.js';

// Issue 39 items 5 and 7 / decisions 0158 and 0163: a deal limited to one purchase per shopper. A shopper who has not
// used it sees the deal's price on the card and in the product dialog and is charged it; once they bought it, their
// card, dialog and checkout show and charge the list price (no deal badge, no strike-through) — without a reload, in
// the same tab — while another shopper (and a guest) still sees the deal.

const shoot = screenshots(process.env.SCREENSHOTS_DIR);
type Shelf = { id: string; items: { id: number; title: string; price: number }[] };
type Product = DemoProduct;
type Offer = { product_id: number; price_cents: number; deal: { price_cents: number; per_shopper_limit: number | null } | null; was_cents: number | null };
type Quote = { subtotal_before_promotions: number; promotion_discount: number; amount_due: number };
type PlacedOrder = { order: { subtotal: number; promotion_discount: number; amount_due: number; total_amount: number } };
const DAY = 86_400_000;
const PERCENT_BPS = 2500;
const cents = (amount: number) => Math.round(amount * 100);
const money = (c: number) => formatMoney(c / 100, 'AED', 'en');

/** A product of the demo vendor on the first shelves (no options, stock for two purchases) with no deal running. */
async function shelfProduct(request: APIRequestContext, vendorId: number) {
  const shelves = (await (await request.get('/api/shelves')).json()) as Shelf[];
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const mine = new Map((await plainProductsOf(request, products, vendorId)).map((p) => [p.id, p]));
  const onShelves = [...new Set(shelves.slice(0, 2).flatMap((s) => s.items.map((i) => i.id)))].filter((id) => mine.has(id));
  const offers = (await (await request.get(`/api/promotions/offers?ids=${onShelves.join(',')}`)).json()) as { offers: Offer[] };
  const free = offers.offers.find((o) => o.deal === null);
  expect(free, 'a product of the demo vendor on the first shelves without a running deal').toBeDefined();
  return mine.get(free!.product_id)!;
}

/** A fresh shopper (no purchases, so no use of any deal), signed in on a page of their own. */
async function shopperPage(browser: Browser, request: APIRequestContext, who: string) {
  const email = `deal-${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: `Deal ${who}`, email, password: 'password-123' } });
  expect(signup.status(), await signup.text()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'customer', { credentials: { email, password: 'password-123' }, landing: '/?lang=en' });
  return { page, token, close: () => context.close() };
}

const card = (page: Page, id: number) => page.locator(`article[data-product-id="${id}"]`).first();

/** This product's offer in the answer to the page's next offers request that names it (read at once: a navigation drops it). */
const nextOffer = (page: Page, id: number) => page.waitForResponse((r) =>
  r.url().includes('/api/promotions/offers?') && new URL(r.url()).searchParams.get('ids')!.split(',').includes(String(id)) && r.ok())
  .then(async (r) => ((await r.json()) as { offers: Offer[] }).offers.find((o) => o.product_id === id)!);

/** The checkout's quote for one unit, asked as this shopper (or a guest): what the order will charge. */
async function quoteOne(request: APIRequestContext, productId: number, token: string | null) {
  const res = await request.post('/api/orders/quote', { data: { items: [{ product_id: productId, quantity: 1 }] }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Quote;
}

/** The card shows the deal: its price, the Deal badge. */
async function expectDealCard(page: Page, id: number, dealCents: number) {
  const c = card(page, id);
  await c.scrollIntoViewIfNeeded();
  await expect(c.getByText(money(dealCents), { exact: true })).toBeVisible();
  await expect(c.getByText('Deal', { exact: true })).toBeVisible();
}

/** The card shows the list price only: no deal badge, no strike-through, no countdown. */
async function expectListCard(page: Page, id: number, listCents: number, dealCents: number) {
  const c = card(page, id);
  await c.scrollIntoViewIfNeeded();
  await expect(c.getByText(money(listCents), { exact: true })).toBeVisible();
  await expect(c.getByText('Deal', { exact: true })).toHaveCount(0);
  await expect(c.getByText(money(dealCents), { exact: true })).toHaveCount(0);
  await expect(c.getByText(/Ends in/)).toHaveCount(0);
  await expect(c.locator('s')).toHaveCount(0);
}

/** Opens the product's dialog from its card and adds one unit to the cart. */
async function openDialog(page: Page, id: number) {
  await card(page, id).locator('h3 button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** From the chat's cart button to the checkout, in the same tab (no reload: what the app knows is what it shows). */
async function toCheckout(page: Page) {
  await page.getByRole('button', { name: /^Cart, 1 item$/ }).first().click();
  await page.getByRole('dialog', { name: 'My Cart' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  return page.getByRole('region', { name: 'Order Summary' });
}

/** A row of the summary's figures (its term and amount), e.g. 'Total' or 'Deals'. */
const row = (summary: Locator, term: string) => summary.locator('dl > div').filter({ has: summary.page().getByText(term, { exact: true }) });

/** Cash on delivery: the order's answer (the charge as the server worked it out), once the page thanks the shopper. */
async function placeCod(page: Page, street: string) {
  const placed = await placeCashOrder<PlacedOrder>(page, street);
  await expect(page.getByText('Thank you!')).toBeVisible();
  return placed;
}

test('a deal limited to one purchase per shopper: used up, the card, dialog and checkout show and charge the list price; another shopper still sees the deal', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const vendor = await vendorSession(request) as { token: string; vendor: { id: number } };
  const product = await shelfProduct(request, vendor.vendor.id);
  const listCents = cents(product.price);
  // 25 % off, rounded down to the fil as checkout rounds it
  const offCents = Math.floor(listCents * PERCENT_BPS / 10_000);
  const dealCents = listCents - offCents;
  expect(offCents).toBeGreaterThan(0);

  // the seller puts a deal on its product: one purchase per shopper
  const created = await request.post('/api/vendor/promotions', {
    headers: { authorization: `Bearer ${vendor.token}` },
    data: {
      kind: 'deal', name: `Once each ${product.id}`, percent_bps: PERCENT_BPS, per_shopper_limit: 1, product_ids: [product.id],
      starts_at: new Date(Date.now() - DAY).toISOString(), ends_at: new Date(Date.now() + 3 * DAY).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dealId = ((await created.json()) as { id: number }).id;
  const one = await shopperPage(browser, request, 'one');
  const two = await shopperPage(browser, request, 'two');
  try {
    // shopper 1: the deal on the card and in the dialog, with its condition
    const page = one.page;
    const firstOffer = nextOffer(page, product.id);
    await page.goto('/ai-assistant?lang=en');
    expect((await firstOffer).deal!.price_cents).toBe(dealCents);
    await expectDealCard(page, product.id, dealCents);
    await shoot(page, 'deal-once-card-before', card(page, product.id));
    let dialog = await openDialog(page, product.id);
    await expect(dialog.getByText(money(dealCents), { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('Signed-in shoppers, 1 purchase each')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.keyboard.press('Escape');

    // checkout: the deal taken off, the total the quote asks for this shopper
    const before = await quoteOne(request, product.id, one.token);
    expect(cents(before.subtotal_before_promotions)).toBe(listCents);
    expect(cents(before.promotion_discount)).toBe(offCents);
    let summary = await toCheckout(page);
    await expect(row(summary, 'Deals')).toHaveText(`Deals−${money(offCents)}`);
    await expect(row(summary, 'Total')).toHaveText(`Total${money(cents(before.amount_due))}`);
    // the order is charged what the checkout showed; the cards ask again for this shopper's offers once it is placed
    const reasked = nextOffer(page, product.id);
    const first = await placeCod(page, '1 Deal Street');
    expect(cents(first.order.promotion_discount)).toBe(offCents);
    expect(cents(first.order.amount_due)).toBe(cents(before.amount_due));
    const mine = await reasked;
    expect(mine.price_cents).toBe(listCents);
    expect(mine.deal).toBeNull();

    // back in the shop in the same tab: the list price on the card and in the dialog, no badge, no strike-through
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await expectListCard(page, product.id, listCents, dealCents);
    await shoot(page, 'deal-once-card-used', card(page, product.id));
    dialog = await openDialog(page, product.id);
    await expect(dialog.getByText(money(listCents), { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText('Deal', { exact: true })).toHaveCount(0);
    await expect(dialog.getByText(money(dealCents), { exact: true })).toHaveCount(0);
    await expect(dialog.locator('s')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.keyboard.press('Escape');

    // checkout again, still in the same tab: no deal line, the list price's total, and that is what the order charges
    const again = await quoteOne(request, product.id, one.token);
    expect(cents(again.subtotal_before_promotions)).toBe(listCents);
    expect(cents(again.promotion_discount)).toBe(0);
    expect(cents(again.amount_due)).toBe(cents(before.amount_due) + offCents);
    summary = await toCheckout(page);
    await expect(row(summary, 'Total')).toHaveText(`Total${money(cents(again.amount_due))}`);
    await expect(row(summary, 'Subtotal')).toHaveText(`Subtotal${money(listCents)}`);
    await expect(row(summary, 'Deals')).toHaveCount(0);
    await shoot(page, 'deal-once-checkout-used', summary);
    const reaskedAgain = nextOffer(page, product.id);
    const second = await placeCod(page, '2 Deal Street');
    expect(cents(second.order.promotion_discount)).toBe(0);
    expect(cents(second.order.amount_due)).toBe(cents(again.amount_due));
    expect((await reaskedAgain).deal).toBeNull();
    // a fresh load of the shop agrees (the server's answer, not a remembered one)
    const reloaded = nextOffer(page, product.id);
    await page.goto('/ai-assistant?lang=en');
    expect((await reloaded).deal).toBeNull();
    await expectListCard(page, product.id, listCents, dealCents);

    // shopper 2 (and a guest) still see and get the deal
    const other = two.page;
    const theirs = nextOffer(other, product.id);
    await other.goto('/ai-assistant?lang=en');
    expect((await theirs).deal!.price_cents).toBe(dealCents);
    await expectDealCard(other, product.id, dealCents);
    const otherDialog = await openDialog(other, product.id);
    await expect(otherDialog.getByText(money(dealCents), { exact: true }).first()).toBeVisible();
    await expect(otherDialog.getByText('Deal', { exact: true })).toBeVisible();
    expect(cents((await quoteOne(request, product.id, two.token)).promotion_discount)).toBe(offCents);
    const guest = (await (await request.get(`/api/promotions/offers?ids=${product.id}`)).json()) as { offers: Offer[] };
    expect(guest.offers[0]!.deal!.price_cents).toBe(dealCents);
    expect(guest.offers[0]!.deal!.per_shopper_limit).toBe(1);
  } finally {
    // the journeys after this one share the demo product: priced without the deal
    await request.post(`/api/vendor/promotions/${dealId}/status`, { headers: { authorization: `Bearer ${vendor.token}` }, data: { status: 'paused' } });
    await one.close();
    await two.close();
  }
});
