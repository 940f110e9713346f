import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// The checkout's quote prices promotions as the order does (decision 0158): the sellers' shares off the lines, each
// seller's free-shipping threshold judged on its reduced subtotal, the marketplace's share paid toward the total; the
// quote and the placed order agree to the fil.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let a: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Qamar Quote');
  ({ vendorA: a } = await verifiedVendorPair(t, 'Amber Quote LLC', 'Basil Quote LLC'));
  // seller A: 15.00 shipping, free from 100.00
  await t.database.query('update vendors set shipping_fee_cents = 1500, free_shipping_above_cents = 10000 where id = $1', [a.id]);
});
afterAll(() => t.close());

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let seq = 0;
const product = async (priceCents: number) => (await makeProduct(t.app, { name: `Quote Item ${++seq}`, priceCents, vendorId: a.id, stock: 100 })).id;
const promo = async (token: string, body: object, area: 'vendor' | 'admin' = 'vendor') => {
  const res = await call(t.app, { method: 'POST', url: `/api/${area}/promotions`, token, body: { starts_at: iso(-1), ends_at: iso(10), ...body } });
  expect(res.status, res.body).toBe(201);
  return res.json as { id: number };
};
const quote = async (items: object[], extra: object = {}) => {
  const res = await call(t.app, { method: 'POST', url: '/api/orders/quote', token: shopper.token, body: { items, ...extra } });
  expect(res.status, res.body).toBe(200);
  return res.json;
};
const place = async (items: object[], extra: object = {}) => {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, body: {
      items, customer_info: { email: 'qamar@example.com', name: 'Qamar Quote', phone: null },
      shipping_address: { address: '3 Marina Walk', city: 'Dubai', country: 'UAE', zip: '00000' }, payment_method: 'cod', ...extra,
    },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.order;
};

describe('the quote with promotions', () => {
  it("judges free shipping on the seller's reduced subtotal, as the order does", async () => {
    const vase = await product(10_500);
    // without a promotion: 105.00 is above the 100.00 threshold, shipping is free
    expect(await quote([{ product_id: vase, quantity: 1 }])).toMatchObject({ subtotal: 105, shipping: 0, total: 105, amount_due: 105, promotion_discount: 0 });
    await promo(a.token, { kind: 'deal', name: 'Vase week', percent_bps: 1000, product_ids: [vase] });
    // the seller's deal takes 10.50 off its line: 94.50 is under the threshold, so the order charges 15.00 shipping
    const q = await quote([{ product_id: vase, quantity: 1 }]);
    expect(q).toMatchObject({ subtotal_before_promotions: 105, subtotal: 94.5, shipping: 15, total: 109.5, promotion_discount: 10.5, promotion_paid: 0, amount_due: 109.5 });
    expect(q.sellers[0]).toMatchObject({ subtotal: 94.5, shipping: 15, promotion_discount: 10.5, amount_due: 109.5 });
    const order = await place([{ product_id: vase, quantity: 1 }]);
    expect(order).toMatchObject({ subtotal: q.subtotal, shipping: q.shipping, total_amount: q.total, amount_due: q.amount_due, promotion_discount: q.promotion_discount });
  });

  it("a marketplace share is paid toward the total: the threshold sees only the seller's share; a code that does not apply is left out", async () => {
    const bowl = await product(10_800);
    const camp = await promo(admin, { kind: 'coupon', name: 'Bowls', code: 'BOWLS-10', percent_bps: 1000, funder: 'split', seller_percent: 50 }, 'admin');
    await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.id}/opt-in`, token: a.token, body: { product_ids: [bowl] } });
    const items = [{ product_id: bowl, quantity: 1 }];
    // 10.80 off: 5.40 the seller's (the line is 102.60, still free shipping), 5.40 paid by the marketplace
    const q = await quote(items, { coupon_code: 'bowls-10' });
    expect(q).toMatchObject({ subtotal: 102.6, shipping: 0, total: 102.6, promotion_discount: 10.8, promotion_paid: 5.4, amount_due: 97.2 });
    const order = await place(items, { coupon_code: 'BOWLS-10' });
    expect(order).toMatchObject({ subtotal: q.subtotal, shipping: q.shipping, total_amount: q.total, amount_due: q.amount_due, promotion_paid_amount: q.promotion_paid });
    // an unknown code: priced as without one (the code box gives the reason; the order would refuse it)
    expect(await quote(items, { coupon_code: 'NO-SUCH-CODE' })).toMatchObject({ subtotal: 108, promotion_discount: 0, amount_due: 108 });
  });
});
