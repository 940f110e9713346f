import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offers } from '@souq/shared/api/promotions';
import { call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// GET /api/promotions/offers (decision 0158) against the real database: a running deal's price is the checkout's own
// figure, the "was" price is the lowest of the 30 days before the reduction from the price log (deals included), and a
// vendor's typed compare-at price is never shown by itself.
let t: TestContext;
let a: { token: string; id: number };
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ vendorA: a } = await verifiedVendorPair(t, 'Amber Offers LLC', 'Basil Offers LLC'));
  shopper = await signupCustomer(t.app, 'Omar Offers');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
let seq = 0;
/** A product of seller A whose price log is `history` ([days ago, fils], oldest first; the last is its price). */
async function productWith(history: [number, number][], extra: { compareAtCents?: number } = {}) {
  const priceCents = history.at(-1)![1];
  const p = await makeProduct(t.app, { name: `Offer Item ${++seq}`, priceCents, vendorId: a.id, stock: 100 });
  // what a vendor types in its product form as the "original price"
  if (extra.compareAtCents) await t.database.query('update products set compare_at_cents = $2 where id = $1', [p.id, extra.compareAtCents]);
  await t.app.services.prices.seedHistory(p.id, history.map(([d, cents]) => ({ at: ago(d), cents })));
  return p.id;
}
const deal = async (productIds: number[], value: object, startsDaysAgo = 1, endsInDays = 3) => {
  const res = await call(t.app, {
    method: 'POST', url: '/api/vendor/promotions', token: a.token,
    body: { kind: 'deal', name: `Deal ${++seq}`, product_ids: productIds, starts_at: ago(startsDaysAgo).toISOString(), ends_at: new Date(Date.now() + endsInDays * DAY).toISOString(), ...value },
  });
  expect(res.status, res.body).toBe(201);
  return res.json as { id: number; ends_at: string };
};
/** The shopper buys one unit of the product (cash on delivery): what its line charged (AED). */
const buyOne = async (productId: number) => {
  const placed = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, body: {
      items: [{ product_id: productId, quantity: 1 }], customer_info: { email: 'omar@example.com', name: 'Omar Offers', phone: null },
      shipping_address: { address: '1 Creek Road', city: 'Dubai', country: 'UAE', zip: '00000' }, payment_method: 'cod',
    },
  });
  expect(placed.status, placed.body).toBe(201);
  return placed.json.order.sub_orders[0].items[0].total_price as number;
};
const offers = async (ids: number[], token?: string) => {
  const res = await call(t.app, { method: 'GET', url: `/api/promotions/offers?ids=${ids.join(',')}`, token });
  expect(res.status, res.body).toBe(200);
  return res.json as Offers;
};

describe('offers: deals and honest was prices', () => {
  it('a running deal shows the price checkout charges, its end, and the 30-day lowest as the was price', async () => {
    const id = await productWith([[90, 20_000]]);
    const d = await deal([id], { percent_bps: 2550 });
    const { offers: [o], was_days } = await offers([id]);
    // 25.5 % of 200.00 = 51.00 → 149.00 a unit
    expect(o).toEqual({
      product_id: id, price_cents: 20_000, was_cents: 20_000,
      deal: { promotion_id: d.id, price_cents: 14_900, percent_bps: 2550, amount_cents: null, starts_at: expect.any(String), ends_at: d.ends_at, per_shopper_limit: null },
    });
    expect(was_days).toBe(30);
    // the checkout's own quote takes the same off a unit, and the order charges it
    const quote = await call(t.app, { method: 'POST', url: '/api/promotions/deals', body: { items: [{ product_id: id, quantity: 1 }] } });
    expect(quote.json.discount_cents).toBe(20_000 - o!.deal!.price_cents);
    expect(await buyOne(id)).toBe(149);
  });

  it('a price raised two weeks before a deal shows no was price (the deal only brings it back)', async () => {
    const id = await productWith([[90, 15_000], [14, 30_000]]);
    await deal([id], { percent_bps: 5000 });
    const [o] = (await offers([id])).offers;
    expect(o!.deal!.price_cents).toBe(15_000);
    expect(o!.was_cents).toBeNull();
  });

  it('a deal that ran inside the window lowers the was price: a smaller deal now shows none', async () => {
    const id = await productWith([[90, 20_000]]);
    const old = await deal([id], { percent_bps: 4000 }, 20, 1);
    // it ran from 20 days ago to 15 days ago (ended: moved back in the database)
    await t.database.query('update promotions set ends_at = $2 where id = $1', [old.id, ago(15)]);
    await deal([id], { amount_cents: 2_000 });
    const [o] = (await offers([id])).offers;
    // 180.00 now; the lowest of the 30 days before was the old deal's 120.00
    expect(o!.deal!.price_cents).toBe(18_000);
    expect(o!.was_cents).toBeNull();
  });

  it("a vendor's typed compare-at price is not the was price: the history's figure is, and only for a real cut", async () => {
    // no history before today: a compare-at of 999.00 shows nothing
    const fresh = await productWith([[0, 10_000]], { compareAtCents: 99_900 });
    // 200.00 for two months, cut to 160.00 three days ago, compare-at typed as 500.00: the was price is 200.00
    const cut = await productWith([[90, 20_000], [3, 16_000]], { compareAtCents: 50_000 });
    // a cut 40 days ago is simply the price now
    const old = await productWith([[90, 20_000], [40, 16_000]], { compareAtCents: 20_000 });
    const list = (await offers([fresh, cut, old])).offers;
    expect(list.map((o) => [o.product_id, o.deal, o.was_cents])).toEqual([[fresh, null, null], [cut, null, 20_000], [old, null, null]]);
    // the product itself still carries what the vendor typed (its own tools show it)
    const dto = await call(t.app, { method: 'GET', url: `/api/products/${cut}` });
    expect(dto.json.compare_at_price).toBe(500);
  });

  it('an ended deal is gone and the price is back; unknown and inactive products are left out', async () => {
    const id = await productWith([[90, 10_000]]);
    const d = await deal([id], { percent_bps: 1000 });
    await t.database.query('update promotions set ends_at = now() - interval \'1 second\' where id = $1', [d.id]);
    const hidden = await productWith([[90, 10_000]]);
    await t.database.query("update products set status = 'inactive' where id = $1", [hidden]);
    const list = (await offers([id, hidden, 2_000_000])).offers;
    expect(list).toEqual([{ product_id: id, price_cents: 10_000, deal: null, was_cents: null }]);
  });

  it('a deal limited per shopper: gone from the offers of a shopper who used it up, still there for another and for a guest (decision 0163)', async () => {
    const id = await productWith([[90, 10_000]]);
    const d = await deal([id], { percent_bps: 2000, per_shopper_limit: 1 });
    const other = await signupCustomer(t.app, 'Huda Offers');
    const before = await offers([id], shopper.token);
    expect(before.offers[0]!.deal).toMatchObject({ promotion_id: d.id, price_cents: 8_000, per_shopper_limit: 1 });
    expect(await buyOne(id)).toBe(80);
    // the shopper who used it: the list price, as their checkout now charges
    const res = await call(t.app, { method: 'GET', url: `/api/promotions/offers?ids=${id}`, token: shopper.token });
    expect(res.json.offers).toEqual([{ product_id: id, price_cents: 10_000, deal: null, was_cents: null }]);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const quote = await call(t.app, { method: 'POST', url: '/api/promotions/deals', token: shopper.token, body: { items: [{ product_id: id, quantity: 1 }] } });
    expect(quote.json.discount_cents).toBe(0);
    // another shopper and a guest still see the deal's price
    expect((await offers([id], other.token)).offers[0]!.deal!.price_cents).toBe(8_000);
    const guest = await call(t.app, { method: 'GET', url: `/api/promotions/offers?ids=${id}` });
    expect(guest.json.offers[0].deal.price_cents).toBe(8_000);
    expect(guest.headers['cache-control']).toBe('public, max-age=30');
  });

  it('refuses malformed and too long id lists', async () => {
    for (const q of ['', 'ids=', 'ids=a,b', 'ids=1,,2', 'ids=0', `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const res = await call(t.app, { method: 'GET', url: `/api/promotions/offers?${q}` });
      expect(res.status, q).toBe(400);
    }
  });
});
