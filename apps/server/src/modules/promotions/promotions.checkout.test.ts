import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// Promotions redeemed with a purchase (decision 0152) against the real database: the seller's share lowers the line
// (its VAT and commission follow), the marketplace's is paid toward the total through the ledger, a refused code
// writes nothing, limits hold when 64 checkouts race, and a cancelled sub-order gives its use back.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let a: { token: string; id: number };
let b: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Sara Shopper');
  ({ vendorA: a, vendorB: b } = await verifiedVendorPair(t, 'Amber Checkout LLC', 'Basil Checkout LLC'));
  // seller A is VAT-registered (its lines carry VAT, decision 0098); B is not
  await t.database.query("update vendors set vat_registered = true, vat_number = '100000000000003' where id = $1", [a.id]);
});
afterAll(() => t.close());

let seq = 0;
const product = async (priceCents: number, vendorId: number, stock = 500) =>
  (await makeProduct(t.app, { name: `Promo Item ${++seq}`, priceCents, vendorId, stock })).id;
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const running = { starts_at: iso(-1), ends_at: iso(30) };
const promo = async (token: string, body: object, area: 'vendor' | 'admin' = 'vendor') => {
  const res = await call(t.app, { method: 'POST', url: `/api/${area}/promotions`, token, body: { ...running, ...body } });
  expect(res.status, res.body).toBe(201);
  return res.json as { id: number };
};
const body = (items: { product_id: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  items,
  customer_info: { email: 'noura@example.com', name: 'Noura Buyer', phone: null },
  shipping_address: { address: '12 Palm Street', city: 'Dubai', country: 'UAE', zip: '00000' },
  payment_method: 'cod',
  ...extra,
});
const place = (payload: unknown, token?: string, lang = '') => call(t.app, { method: 'POST', url: `/api/orders${lang}`, body: payload, token });
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const counts = async () => (await q<{ p: number; r: number; d: number; l: number }>(
  `select (select count(*)::int from purchases) as p, (select count(*)::int from promotion_redemptions) as r,
     (select count(*)::int from order_item_discounts) as d, (select count(*)::int from ledger_entries) as l`,
))[0]!;
/** Every posting of the purchase balances, and each account's sum for it. */
async function ledgerOf(purchaseId: number) {
  const unbalanced = await q<{ posting: string }>('select posting from ledger_entries where purchase_id = $1 group by posting having sum(amount_cents) <> 0', [purchaseId]);
  expect(unbalanced).toEqual([]);
  const rows = await q<{ account: string; vendor_id: number | null; cents: string }>(
    'select account, vendor_id, sum(amount_cents)::text as cents from ledger_entries where purchase_id = $1 group by account, vendor_id', [purchaseId],
  );
  return (account: string, vendorId: number | null = null) => Number(rows.find((r) => r.account === account && r.vendor_id === vendorId)?.cents ?? 0);
}

describe('placing a purchase with promotions', () => {
  it("a seller's coupon lowers its lines: VAT and commission on the price after it, the seller paid that price", async () => {
    const lamp = await product(10_000, a.id);
    const rug = await product(3_333, a.id);
    const kettle = await product(20_000, b.id);
    await promo(a.token, { kind: 'coupon', name: 'Amber 10', code: 'AMBER-TEN', percent_bps: 1000 });
    const res = await place(body([{ product_id: lamp, quantity: 1 }, { product_id: rug, quantity: 2 }, { product_id: kettle, quantity: 1 }], { coupon_code: 'amber-ten' }), shopper.token);
    expect(res.status, res.body).toBe(201);
    // 10 % of 166.66 → 16.66 (rounded down), split 100.00 : 66.66 by largest remainder → 10.00 and 6.66; all the seller's
    const [subA, subB] = res.json.order.sub_orders;
    expect(subA.items.map((i: { total_price: number }) => i.total_price)).toEqual([90, 60]);
    expect(subA).toMatchObject({ subtotal: 150, promotion_discount: 16.66, promotion_paid_amount: 0, shipping: 0 });
    expect(subB).toMatchObject({ subtotal: 200, promotion_discount: 0 });
    expect(res.json.order).toMatchObject({ subtotal: 350, promotion_discount: 16.66, promotion_paid_amount: 0, total_amount: 350, amount_due: 350 });
    // VAT included in the reduced lines: 90.00 → 4.29, 60.00 → 2.86
    const lines = await q<{ line_total_cents: number; tax_cents: number }>('select line_total_cents, tax_cents from order_items where order_id = $1 order by id', [subA.id]);
    expect(lines).toEqual([{ line_total_cents: 9000, tax_cents: 429 }, { line_total_cents: 6000, tax_cents: 286 }]);
    const discounts = await q<{ discount_cents: number; seller_cents: number; marketplace_cents: number }>(
      'select d.discount_cents, d.seller_cents, d.marketplace_cents from order_item_discounts d join order_items i on i.id = d.order_item_id where i.order_id = $1 order by i.id', [subA.id],
    );
    expect(discounts).toEqual([{ discount_cents: 1000, seller_cents: 1000, marketplace_cents: 0 }, { discount_cents: 666, seller_cents: 666, marketplace_cents: 0 }]);
    const ledger = await ledgerOf(res.json.order.id);
    // commission 10 % of A's 150.00 (not of 166.66) and of B's 200.00; the marketplace paid nothing
    expect(ledger('commission_revenue')).toBe(-(1500 + 2000));
    expect(ledger('marketplace_promotions')).toBe(0);
    expect(ledger('shopper_receivable')).toBe(35_000);
    const [red] = await q<{ counted: boolean; discount_cents: number; order_id: number }>('select counted, discount_cents, order_id from promotion_redemptions where purchase_id = $1', [res.json.order.id]);
    expect(red).toEqual({ counted: true, discount_cents: 1666, order_id: subA.id });
  });

  it("a split campaign: the seller's half lowers its line, the marketplace's half is paid toward the total through the ledger", async () => {
    const lamp = await product(10_000, a.id);
    const camp = await promo(admin, { kind: 'coupon', name: 'Split 20', code: 'SPLIT-20', percent_bps: 2000, funder: 'split', seller_percent: 50 }, 'admin');
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.id}/opt-in`, token: a.token, body: { product_ids: [lamp] } })).status).toBe(200);
    const res = await place(body([{ product_id: lamp, quantity: 2 }], { coupon_code: 'SPLIT-20' }), shopper.token);
    expect(res.status, res.body).toBe(201);
    // 20 % of 200.00 = 40.00: 20.00 the seller's (the line is 180.00), 20.00 the marketplace's (paid toward it)
    const sub = res.json.order.sub_orders[0];
    expect(sub).toMatchObject({ subtotal: 180, total_amount: 180, promotion_discount: 40, promotion_paid_amount: 20, amount_due: 160 });
    const ledger = await ledgerOf(res.json.order.id);
    expect(ledger('marketplace_promotions')).toBe(2000);
    // the shopper owes the total less the marketplace's payment; the seller is owed its price after its own share
    expect(ledger('shopper_receivable')).toBe(16_000);
    const vendorPayable = ledger('vendor_payable', a.id);
    // goods and VAT 180.00 less commission 18.00 and its VAT 0.90
    expect(vendorPayable).toBe(-(18_000 - 1_800 - 90));
  });

  it('a running deal applies without a code; a marketplace-funded one costs the seller nothing', async () => {
    const kettle = await product(5_000, b.id);
    const deal = await promo(admin, { kind: 'deal', name: 'Kettle days', amount_cents: 500, funder: 'marketplace', product_ids: [kettle] }, 'admin');
    const res = await place(body([{ product_id: kettle, quantity: 3 }]));
    expect(res.status, res.body).toBe(201);
    // 5.00 off each of 3 units, all the marketplace's: the line stays 150.00, 15.00 paid toward it
    expect(res.json.order).toMatchObject({ subtotal: 150, promotion_discount: 15, promotion_paid_amount: 15, amount_due: 135 });
    const ledger = await ledgerOf(res.json.order.id);
    expect(ledger('marketplace_promotions')).toBe(1500);
    // its use is its counted redemption; a deal without a limit keeps no counter (nothing to hold, decision 0159)
    expect((await q<{ n: number }>('select count(*)::int as n from promotion_redemptions where promotion_id = $1 and counted', [deal.id]))[0]!.n).toBe(1);
    expect((await q<{ n: number }>('select redeemed_count as n from promotions where id = $1', [deal.id]))[0]!.n).toBe(0);
    // with a total limit it does: counted under its lock
    const capped = await product(5_000, a.id);
    const limited = await promo(admin, { kind: 'deal', name: 'Capped days', amount_cents: 500, funder: 'marketplace', total_limit: 3, product_ids: [capped] }, 'admin');
    expect((await place(body([{ product_id: capped, quantity: 1 }]))).status).toBe(201);
    expect((await q<{ n: number }>('select redeemed_count as n from promotions where id = $1', [limited.id]))[0]!.n).toBe(1);
  });

  it('a code that does not apply refuses the purchase with its reason, in the reader\'s language, and writes nothing', async () => {
    const lamp = await product(2_000, a.id);
    const kettle = await product(2_000, b.id);
    await promo(a.token, { kind: 'coupon', name: 'Old', code: 'AMBER-OLD', amount_cents: 100, starts_at: iso(-10), ends_at: iso(-1) });
    await promo(a.token, { kind: 'coupon', name: 'Big', code: 'AMBER-BIG', amount_cents: 100, min_spend_cents: 100_000 });
    await promo(a.token, { kind: 'coupon', name: 'Own', code: 'AMBER-OWN5', amount_cents: 500 });
    const before = await counts();
    const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [kettle]))[0]!.stock;
    const stockBefore = await stock();
    const cases: [string, number, string][] = [
      ['NO-SUCH-CODE', lamp, MSG.promoNotFound],
      ['AMBER-OLD', lamp, MSG.promoExpired],
      ['AMBER-BIG', lamp, MSG.promoMinSpend],
      // seller A's code on seller B's product
      ['AMBER-OWN5', kettle, MSG.promoNoEligibleProducts],
    ];
    for (const [code, productId, message] of cases) {
      const res = await place(body([{ product_id: productId, quantity: 1 }], { coupon_code: code }), shopper.token);
      expect(res.status, code).toBe(422);
      expect(res.json.error, code).toBe(message);
    }
    const ar = await place(body([{ product_id: lamp, quantity: 1 }], { coupon_code: 'AMBER-OLD' }), shopper.token, '?lang=ar');
    expect(ar.json.error).toBe(MSG_AR.promoExpired);
    // a code too long is refused by validation
    expect((await place(body([{ product_id: lamp, quantity: 1 }], { coupon_code: 'X'.repeat(65) }))).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await stock()).toBe(stockBefore);
  });
});

describe('limits under concurrency', () => {
  const request = (items: { product_id: number; quantity: number }[], code: string, email: string) => orderRequestSchema.parse(body(items, { coupon_code: code, customer_info: { email, name: 'Racer', phone: null } }));

  it('a one-time code used by 64 concurrent checkouts through the service is used exactly once', async () => {
    const lamp = await product(1_000, a.id, 1_000);
    const once = await promo(a.token, { kind: 'coupon', name: 'Welcome', one_time: true, amount_cents: 300 });
    const issued = await call(t.app, { method: 'POST', url: `/api/vendor/promotions/${once.id}/codes`, token: a.token, body: { user_id: shopper.user.id } });
    const code = issued.json.code as string;
    const results = await Promise.allSettled(Array.from({ length: 64 }, () =>
      t.app.services.orders.placeOrder(request([{ product_id: lamp, quantity: 1 }], code, shopper.email), { userId: shopper.user.id })));
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(MSG.promoAlreadyUsed);
    const [use] = await q<{ n: number; count: number }>(
      "select (select count(*)::int from promotion_redemptions where promotion_id = $1 and status = 'live') as n, redeemed_count as count from promotions where id = $1", [once.id],
    );
    expect(use).toEqual({ n: 1, count: 1 });
    // the stock moved for one purchase only
    expect((await q<{ stock: number }>('select stock from products where id = $1', [lamp]))[0]!.stock).toBe(999);
  });

  it('a total limit of 5 never overshoots with 64 shoppers racing', async () => {
    const rug = await product(1_000, b.id, 1_000);
    const five = await promo(b.token, { kind: 'coupon', name: 'First five', code: 'BASIL-FIRST5', amount_cents: 100, total_limit: 5 });
    const results = await Promise.allSettled(Array.from({ length: 64 }, (_, i) =>
      t.app.services.orders.placeOrder(request([{ product_id: rug, quantity: 1 }], 'BASIL-FIRST5', `racer${i}@example.com`), { userId: null })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(MSG.promoUsedUp);
    const [row] = await q<{ count: number; live: number }>(
      "select redeemed_count as count, (select count(*)::int from promotion_redemptions where promotion_id = $1 and counted) as live from promotions where id = $1", [five.id],
    );
    expect(row).toEqual({ count: 5, live: 5 });
  });
});

describe("a deal's per-shopper limit (decision 0158)", () => {
  const request = (items: { product_id: number; quantity: number }[], email: string) => orderRequestSchema.parse(body(items, { customer_info: { email, name: 'Racer', phone: null } }));
  const discountOf = async (purchaseId: number) => (await q<{ n: number }>('select coalesce(sum(discount_cents), 0)::int as n from promotion_redemptions where purchase_id = $1', [purchaseId]))[0]!.n;

  it('applies once per signed-in shopper, not to a guest, and again once a cancelled use is given back', async () => {
    const mug = await product(3_000, a.id);
    await promo(a.token, { kind: 'deal', name: 'One each', amount_cents: 1_000, per_shopper_limit: 1, product_ids: [mug] });
    const other = await signupCustomer(t.app, 'Huda Second');
    const first = await place(body([{ product_id: mug, quantity: 2 }]), shopper.token);
    expect(first.status, first.body).toBe(201);
    // 10.00 off each unit, on the shopper's first purchase
    expect(first.json.order.promotion_discount).toBe(20);
    const second = await place(body([{ product_id: mug, quantity: 1 }]), shopper.token);
    expect(second.json.order.promotion_discount).toBe(0);
    expect((await place(body([{ product_id: mug, quantity: 1 }]), other.token)).json.order.promotion_discount).toBe(10);
    // a guest cannot be counted: the deal is not theirs
    expect((await place(body([{ product_id: mug, quantity: 1 }]))).json.order.promotion_discount).toBe(0);
    // what checkout shows before the order says the same
    const deals = (token?: string) => call(t.app, { method: 'POST', url: '/api/promotions/deals', token, body: { items: [{ product_id: mug, quantity: 1 }] } });
    expect((await deals(shopper.token)).json.discount_cents).toBe(0);
    expect((await deals()).json.discount_cents).toBe(0);
    // the card shows the deal with its condition
    const offer = await call(t.app, { method: 'GET', url: `/api/promotions/offers?ids=${mug}` });
    expect(offer.json.offers[0].deal).toMatchObject({ price_cents: 2_000, per_shopper_limit: 1 });
    // cancelled, the use is given back and the deal is the shopper's again
    await t.app.services.orders.setStatus(first.json.order.sub_orders[0].id, 'cancelled');
    expect((await deals(shopper.token)).json.discount_cents).toBe(1_000);
  });

  it('64 checkouts racing by one shopper get the deal once; the others pay the price', async () => {
    // seller A's (B's costs are counted exactly below)
    const lamp = await product(2_000, a.id, 1_000);
    const d = await promo(a.token, { kind: 'deal', name: 'Once per shopper', percent_bps: 5000, per_shopper_limit: 1, product_ids: [lamp] });
    const racer = await signupCustomer(t.app, 'Rami Racer');
    const results = await Promise.allSettled(Array.from({ length: 64 }, () =>
      t.app.services.orders.placeOrder(request([{ product_id: lamp, quantity: 1 }], racer.email), { userId: racer.user.id })));
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order] : []));
    for (const r of results) if (r.status === 'rejected') throw r.reason;
    const discounts = await Promise.all(placed.map((o) => discountOf(o.id)));
    expect(discounts.filter((x) => x > 0)).toEqual([1_000]);
    expect(placed.filter((o) => o.promotion_discount === 0)).toHaveLength(63);
    const [row] = await q<{ live: number }>(
      "select count(*)::int as live from promotion_redemptions where promotion_id = $1 and user_id = $2 and status = 'live' and counted", [d.id, racer.user.id],
    );
    expect(row!.live).toBe(1);
  });
});

describe('a cancelled sub-order', () => {
  it("gives its one-time code's use back and the marketplace's share back through the ledger", async () => {
    const lamp = await product(4_000, a.id);
    const camp = await promo(admin, { kind: 'coupon', name: 'Gift', one_time: true, amount_cents: 1_000, funder: 'marketplace' }, 'admin');
    await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.id}/opt-in`, token: a.token, body: { product_ids: [lamp] } });
    const code = (await call(t.app, { method: 'POST', url: `/api/admin/promotions/${camp.id}/codes`, token: admin, body: { user_id: shopper.user.id } })).json.code as string;
    const first = await place(body([{ product_id: lamp, quantity: 1 }], { coupon_code: code }), shopper.token);
    expect(first.status, first.body).toBe(201);
    expect(first.json.order).toMatchObject({ promotion_paid_amount: 10, amount_due: 30 + 9.99 });
    expect((await place(body([{ product_id: lamp, quantity: 1 }], { coupon_code: code }), shopper.token)).json.error).toBe(MSG.promoAlreadyUsed);
    await t.app.services.orders.setStatus(first.json.order.sub_orders[0].id, 'cancelled');
    const ledger = await ledgerOf(first.json.order.id);
    expect(ledger('marketplace_promotions')).toBe(0);
    expect(ledger('shopper_receivable')).toBe(0);
    const [red] = await q<{ status: string }>('select status from promotion_redemptions where purchase_id = $1', [first.json.order.id]);
    expect(red!.status).toBe('returned');
    expect((await q<{ n: number }>('select redeemed_count as n from promotions where id = $1', [camp.id]))[0]!.n).toBe(0);
    // and the code can be used again
    expect((await place(body([{ product_id: lamp, quantity: 1 }], { coupon_code: code }), shopper.token)).status).toBe(201);
  });
});

describe('returns of discounted units', () => {
  const ask = (body: unknown) => call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body });
  async function returnUnits(orderId: number, lineId: number, units: number) {
    const asked = await ask({ order_id: orderId, line_id: lineId, units, reason: 'damaged', refund_method: 'store_credit' });
    expect(asked.status, asked.body).toBe(201);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/approve`, token: a.token, body: {} })).status).toBe(200);
    const received = await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/receive`, token: a.token, body: { restock: true } });
    expect(received.status, received.body).toBe(200);
    return received.json.refund as { total_cents: number; promotion_cents: number };
  }
  const lineOf = async (orderId: number) => (await q<{ id: number }>('select id from order_items where order_id = $1', [orderId]))[0]!.id;

  it('give back what was paid for the units, discount included, each funder\'s share in proportion, to the whole in any steps', async () => {
    const cup = await product(1_000, a.id);
    const camp = await promo(admin, { kind: 'coupon', name: 'Cups', code: 'CUPS-20', percent_bps: 2000, funder: 'split', seller_percent: 50 }, 'admin');
    await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.id}/opt-in`, token: a.token, body: { product_ids: [cup] } });
    const res = await place(body([{ product_id: cup, quantity: 3 }], { coupon_code: 'CUPS-20' }), shopper.token);
    expect(res.status, res.body).toBe(201);
    // 20 % of 30.00 = 6.00: 3.00 off the line (27.00), 3.00 paid by the marketplace; shipping 9.99; due 33.99
    const sub = res.json.order.sub_orders[0];
    expect(sub).toMatchObject({ subtotal: 27, shipping: 9.99, total_amount: 36.99, promotion_paid_amount: 3, amount_due: 33.99 });
    await t.app.services.orders.setStatus(sub.id, 'delivered');
    const line = await lineOf(sub.id);
    // one unit: 9.00 of supply, of which the shopper paid 8.00 (the marketplace's 1.00 goes back to it)
    expect(await returnUnits(sub.id, line, 1)).toMatchObject({ total_cents: 800, promotion_cents: 100 });
    // the other two, and the shipping with the last unit: 18.00 − 2.00 + 9.99
    expect(await returnUnits(sub.id, line, 2)).toMatchObject({ total_cents: 1_600 + 999, promotion_cents: 200 });
    const ledger = await ledgerOf(res.json.order.id);
    expect(ledger('marketplace_promotions')).toBe(0);
    expect(ledger('vendor_payable', a.id)).toBe(0);
    // every fil the shopper was due came back as store credit
    const [credit] = await q<{ cents: string }>("select (-sum(amount_cents))::text as cents from ledger_entries where account = 'shopper_store_credit' and order_id = $1", [sub.id]);
    expect(Number(credit!.cents)).toBe(3_399);
    // the credit notes take back the reduced supply: their totals add up to the invoice's
    const docs = await q<{ kind: string; total: string }>('select kind, sum(total_cents)::text as total from tax_documents where order_id = $1 group by kind order by kind', [sub.id]);
    expect(docs).toEqual([{ kind: 'credit_note', total: '3699' }, { kind: 'invoice', total: '3699' }]);
  });

  it('a return that breaks the minimum spend claws nothing back: the kept unit keeps its discount', async () => {
    const jug = await product(3_000, a.id);
    await promo(a.token, { kind: 'coupon', name: 'Jugs', code: 'JUGS-MIN50', amount_cents: 1_000, min_spend_cents: 5_000 });
    const res = await place(body([{ product_id: jug, quantity: 2 }], { coupon_code: 'JUGS-MIN50' }), shopper.token);
    expect(res.status, res.body).toBe(201);
    const sub = res.json.order.sub_orders[0];
    expect(sub).toMatchObject({ subtotal: 50, promotion_discount: 10 });
    await t.app.services.orders.setStatus(sub.id, 'delivered');
    // the kept unit (30.00) alone would not meet the 50.00 minimum; the returned one gives back what was paid for it
    expect(await returnUnits(sub.id, await lineOf(sub.id), 1)).toMatchObject({ total_cents: 2_500, promotion_cents: 0 });
    const postings = await q<{ posting: string }>("select distinct split_part(posting, ':', 1) as posting from ledger_entries where order_id = $1 order by 1", [sub.id]);
    expect(postings.map((p) => p.posting)).toEqual(['cod-collected', 'placed', 'return']);
    const [red] = await q<{ status: string; discount_cents: number }>('select status, discount_cents from promotion_redemptions where order_id = $1', [sub.id]);
    expect(red).toEqual({ status: 'live', discount_cents: 1_000 });
  });
});

describe("a seller's promotion cost", () => {
  it('GET /api/vendor/promotions/cost: its own share and the marketplace\'s, per promotion, its own sales only', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/vendor/promotions/cost' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/vendor/promotions/cost', token: shopper.token })).status).toBe(403);
    const res = await call(t.app, { method: 'GET', url: '/api/vendor/promotions/cost', token: b.token });
    expect(res.status).toBe(200);
    // seller B's sales above: five uses of its own 1.00 coupon, and the marketplace's 15.00 deal on its kettles
    expect(res.json).toEqual({
      seller_cost_cents: 500, marketplace_cost_cents: 1_500,
      promotions: [
        { id: expect.any(Number), name: 'First five', uses: 5, seller_cost_cents: 500, marketplace_cost_cents: 0 },
        { id: expect.any(Number), name: 'Kettle days', uses: 1, seller_cost_cents: 0, marketplace_cost_cents: 1_500 },
      ],
    });
  });

  it('nets out the shares given back by returned units (decision 0158)', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/vendor/promotions/cost', token: a.token });
    expect(res.status).toBe(200);
    const byName = (name: string) => (res.json.promotions as { name: string; uses: number; seller_cost_cents: number; marketplace_cost_cents: number }[]).find((p) => p.name === name);
    // Cups: 3.00 + 3.00 given, all three units returned in two steps: nothing is left of either share; the use stays
    expect(byName('Cups')).toMatchObject({ uses: 1, seller_cost_cents: 0, marketplace_cost_cents: 0 });
    // Jugs: 10.00 of the seller's own over two units, one returned: 5.00 is its cost
    expect(byName('Jugs')).toMatchObject({ uses: 1, seller_cost_cents: 500, marketplace_cost_cents: 0 });
    // the whole is the sum of its promotions
    const list = res.json.promotions as { seller_cost_cents: number; marketplace_cost_cents: number }[];
    expect(res.json.seller_cost_cents).toBe(list.reduce((s, p) => s + p.seller_cost_cents, 0));
    expect(res.json.marketplace_cost_cents).toBe(list.reduce((s, p) => s + p.marketplace_cost_cents, 0));
  });

  it("the admin's promotions list nets out the same, per seller (decision 0163): the cost the ledger kept", async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/admin/promotions', token: admin });
    expect(res.status).toBe(200);
    type Row = { name: string; uses: number; discount_cents: number; seller_cost_cents: number; marketplace_cost_cents: number; sellers: { vendor_id: number | null; seller_cost_cents: number; marketplace_cost_cents: number }[] };
    const byName = (name: string) => (res.json as Row[]).find((p) => p.name === name)!;
    expect(byName('Cups')).toMatchObject({ uses: 1, discount_cents: 0, seller_cost_cents: 0, marketplace_cost_cents: 0, sellers: [{ vendor_id: a.id, seller_cost_cents: 0, marketplace_cost_cents: 0 }] });
    expect(byName('Jugs')).toMatchObject({ uses: 1, discount_cents: 500, seller_cost_cents: 500, marketplace_cost_cents: 0, sellers: [{ vendor_id: a.id, seller_cost_cents: 500, marketplace_cost_cents: 0 }] });
    // and each promotion's figures for a seller are that seller's own Earnings figures
    const own = (await call(t.app, { method: 'GET', url: '/api/vendor/promotions/cost', token: a.token })).json as { promotions: { name: string; seller_cost_cents: number; marketplace_cost_cents: number }[] };
    for (const p of own.promotions) {
      expect(byName(p.name).sellers.find((s) => s.vendor_id === a.id), p.name).toMatchObject({ seller_cost_cents: p.seller_cost_cents, marketplace_cost_cents: p.marketplace_cost_cents });
    }
  });
});
