import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_AR } from '@souq/shared/messages.ar';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct } from '../../../test/admin-fixtures.js';

// Promotions (issue 39, decision 0148) against the real database: who may create what, a seller only on its own
// products, campaigns and opt-ins, the reasons a code is refused, the split per seller and funder, the audit trail
// and the limit on code guessing.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let other: Awaited<ReturnType<typeof signupCustomer>>;
let a: { token: string; id: number };
let b: { token: string; id: number };
let pa1: number;
let pa2: number;
let pb1: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Sara Shopper');
  other = await signupCustomer(t.app, 'Omar Other');
  ({ vendorA: a, vendorB: b } = await verifiedVendorPair(t, 'Amber Promo LLC', 'Basil Promo LLC'));
  pa1 = (await makeProduct(t.app, { name: 'Amber Lamp', priceCents: 10_000, vendorId: a.id })).id;
  pa2 = (await makeProduct(t.app, { name: 'Amber Rug', priceCents: 3_333, vendorId: a.id })).id;
  pb1 = (await makeProduct(t.app, { name: 'Basil Kettle', priceCents: 20_000, vendorId: b.id })).id;
});
afterAll(() => t.close());

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const running = { starts_at: iso(-1), ends_at: iso(30) };
const create = (token: string, body: object, area: 'vendor' | 'admin' = 'vendor') => call(t.app, { method: 'POST', url: `/api/${area}/promotions`, token, body });
const check = (code: string, items: { product_id: number; quantity: number }[], userId: number | null = shopper.user.id) =>
  t.app.services.promotions.checkCoupon(code, items, userId);

describe('who may do what', () => {
  it('vendor routes need a vendor, admin routes an admin', async () => {
    for (const [method, url] of [['GET', '/api/vendor/promotions'], ['POST', '/api/vendor/promotions'], ['GET', '/api/vendor/campaigns'], ['POST', '/api/vendor/campaigns/1/opt-in']] as const) {
      expect((await call(t.app, { method, url, body: {} })).status, url).toBe(401);
      expect((await call(t.app, { method, url, token: shopper.token, body: {} })).status, url).toBe(403);
    }
    const failures = await expectAdminOnly(t.app, { customer: shopper.token, vendor: a.token }, [
      { method: 'GET', url: '/api/admin/promotions' },
      { method: 'POST', url: '/api/admin/promotions', body: {} },
      { method: 'POST', url: '/api/admin/promotions/1/status', body: { status: 'paused' } },
      { method: 'PUT', url: '/api/admin/promotions/stacking', body: { deals_stack_with_coupons: false } },
    ]);
    expect(failures).toEqual([]);
  });

  it('a seller cannot put a promotion on another seller\'s product, nor make the marketplace fund it', async () => {
    const res = await create(a.token, { kind: 'coupon', name: 'Steal', code: 'STEAL10', percent_bps: 1000, product_ids: [pb1], ...running });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe('A promotion can only cover your own products');
    expect((await t.database.query<{ n: number }>("select count(*)::int as n from promotions where code = 'STEAL10'"))[0]!.n).toBe(0);
    // a funder is not the seller's to choose: the body's field is ignored, the row says seller 100 %
    const own = await create(a.token, { kind: 'coupon', name: 'Own', code: 'AMBER-OWN', percent_bps: 1000, funder: 'marketplace', ...running });
    expect(own.status).toBe(201);
    expect(own.json).toMatchObject({ funder: 'seller', seller_percent: 100, owner_vendor_id: a.id });
    // and the database refuses it too
    await expect(t.database.query(
      `insert into promotions (kind, code, name, percent_bps, starts_at, ends_at, funder, seller_percent, owner_vendor_id)
       values ('coupon', 'X-BAD', 'x', 100, now(), now() + interval '1 day', 'marketplace', 0, $1)`, [a.id],
    )).rejects.toThrow(/promotions_seller_funds_own/);
  });

  it('answers clear validation errors', async () => {
    const both = await create(a.token, { kind: 'coupon', name: 'Both', code: 'BOTH1', percent_bps: 1000, amount_cents: 500, ...running });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.json)).toContain('Give either a percentage or a fixed amount');
    const dates = await create(a.token, { kind: 'coupon', name: 'Dates', code: 'DATES1', amount_cents: 500, starts_at: iso(2), ends_at: iso(1) });
    expect(JSON.stringify(dates.json)).toContain('The end must be after the start');
    const ar = await call(t.app, { method: 'POST', url: '/api/vendor/promotions?lang=ar', token: a.token, body: { kind: 'deal', name: 'D', code: 'DEAL1', percent_bps: 10, ...running } });
    expect(ar.status).toBe(400);
    expect(JSON.stringify(ar.json)).toContain(MSG_AR.promoDealNoCode);
    // a code is unique whatever its case
    expect((await create(b.token, { kind: 'coupon', name: 'Dup', code: 'amber-own', amount_cents: 100, ...running })).status).toBe(409);
  });
});

describe('checking a code against a cart', () => {
  it('names each reason a code does not apply', async () => {
    const mk = async (code: string, extra: object = {}) =>
      expect((await create(a.token, { kind: 'coupon', name: code, code, percent_bps: 1000, product_ids: [pa1], ...running, ...extra })).status).toBe(201);
    await mk('LATER10', { starts_at: iso(2), ends_at: iso(3) });
    await mk('MIN500', { min_spend_cents: 50_000 });
    const cart = [{ product_id: pa1, quantity: 1 }];
    expect((await check('NOPE-NOPE', cart)).reason).toBe('not_found');
    expect((await check('later10', cart)).reason).toBe('not_started');
    expect((await check('MIN500', cart)).reason).toBe('min_spend');
    expect((await check('MIN500', [{ product_id: pa1, quantity: 5 }])).applies).toBe(true);
    expect((await check('MIN500', [{ product_id: pb1, quantity: 5 }])).reason).toBe('no_eligible_products');
    // expired: a coupon whose end has passed (the API refuses only an end before the start)
    await mk('GONE10', { starts_at: iso(-10), ends_at: iso(-1) });
    expect((await check('GONE10', cart)).reason).toBe('expired');
    const paused = (await t.database.query<{ id: number }>("select id from promotions where code = 'LATER10'"))[0]!.id;
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/promotions/${paused}/status`, token: a.token, body: { status: 'paused' } })).status).toBe(200);
    expect((await check('LATER10', cart)).reason).toBe('paused');
    // another seller cannot pause it
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/promotions/${paused}/status`, token: b.token, body: { status: 'active' } })).status).toBe(404);
    // a per-shopper limit needs a signed-in shopper
    await mk('ONCE10', { per_shopper_limit: 1 });
    expect((await check('ONCE10', cart, null)).reason).toBe('sign_in');
    expect((await check('ONCE10', cart)).applies).toBe(true);
  });

  it('a seller coupon takes off its own lines only, to the fil, all funded by the seller', async () => {
    // 15 % of 2 × 33.33 + 100.00 = 166.66 → 24.999 → 24.99, split 100.00 : 66.66 by largest remainder
    expect((await create(a.token, { kind: 'coupon', name: 'Amber 15', code: 'AMBER15', percent_bps: 1500, ...running })).status).toBe(201);
    const res = await check('AMBER15', [{ product_id: pa1, quantity: 1 }, { product_id: pa2, quantity: 2 }, { product_id: pb1, quantity: 1 }]);
    expect(res).toMatchObject({ applies: true, reason: null, discount_cents: 2499 });
    expect(res.sellers).toEqual([{ vendor_id: a.id, discount_cents: 2499, seller_cents: 2499, marketplace_cents: 0 }]);
  });

  it('a split campaign covers what sellers opted in; each seller and the marketplace pay their share', async () => {
    const camp = await create(admin, { kind: 'coupon', name: 'White Friday', code: 'WHITEFRI', amount_cents: 3001, funder: 'split', seller_percent: 50, ...running }, 'admin');
    expect(camp.status).toBe(201);
    const id = camp.json.id as number;
    // nothing opted in yet: not for these products
    expect((await check('WHITEFRI', [{ product_id: pa1, quantity: 1 }])).reason).toBe('no_eligible_products');
    // a seller opts in its own product only
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${id}/opt-in`, token: a.token, body: { product_ids: [pb1] } })).status).toBe(422);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${id}/opt-in`, token: a.token, body: { product_ids: [pa1] } })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${id}/opt-in`, token: b.token, body: { product_ids: [pb1] } })).status).toBe(200);
    // 30.01 over 100.00 (A) and 200.00 (B): 10.00 and 20.01 by largest remainder; each half the seller's, rounded half up
    const res = await check('WHITEFRI', [{ product_id: pa1, quantity: 1 }, { product_id: pb1, quantity: 1 }]);
    expect(res.discount_cents).toBe(3001);
    expect(res.sellers).toEqual([
      { vendor_id: a.id, discount_cents: 1000, seller_cents: 500, marketplace_cents: 500 },
      { vendor_id: b.id, discount_cents: 2001, seller_cents: 1001, marketplace_cents: 1000 },
    ]);
    // the seller sees the campaign with its own products only
    const seen = await call(t.app, { method: 'GET', url: '/api/vendor/campaigns', token: a.token });
    expect(seen.json.find((c: { id: number }) => c.id === id).product_ids).toEqual([pa1]);
  });

  it('deals apply by themselves; whether a coupon also applies to a deal line is the stacking setting', async () => {
    const deal = await create(b.token, { kind: 'deal', name: 'Kettle week', percent_bps: 2000, product_ids: [pb1], ...running });
    expect(deal.status).toBe(201);
    expect((await create(b.token, { kind: 'coupon', name: 'Basil 10', code: 'BASIL10', amount_cents: 1000, ...running })).status).toBe(201);
    const cart = [{ product_id: pb1, quantity: 1 }];
    // stacking (the default): 20 % deal (40.00) then 10.00 off what is left
    expect((await check('BASIL10', cart)).sellers).toEqual([{ vendor_id: b.id, discount_cents: 5000, seller_cents: 5000, marketplace_cents: 0 }]);
    expect((await call(t.app, { method: 'PUT', url: '/api/admin/promotions/stacking', token: admin, body: { deals_stack_with_coupons: false } })).status).toBe(200);
    const alone = await check('BASIL10', cart);
    expect(alone.reason).toBe('no_eligible_products');
    expect(alone.sellers).toEqual([{ vendor_id: b.id, discount_cents: 4000, seller_cents: 4000, marketplace_cents: 0 }]);
    await call(t.app, { method: 'PUT', url: '/api/admin/promotions/stacking', token: admin, body: { deals_stack_with_coupons: true } });
    // before any code, checkout shows what the deal takes off unasked (a guest too); a line without a deal has nothing
    const quote = await call(t.app, { method: 'POST', url: '/api/promotions/deals', body: { items: [...cart, { product_id: pa2, quantity: 2 }] } });
    expect(quote.status, quote.body).toBe(200);
    expect(quote.json).toEqual({ discount_cents: 4000, sellers: [{ vendor_id: b.id, discount_cents: 4000, seller_cents: 4000, marketplace_cents: 0 }] });
    expect((await call(t.app, { method: 'POST', url: '/api/promotions/deals', body: { items: [] } })).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url: '/api/promotions/deals', body: { items: [{ product_id: 'x', quantity: 1 }] } })).status).toBe(400);
  });

  it('one-time codes belong to one shopper', async () => {
    const p = await create(a.token, { kind: 'coupon', name: 'Welcome', one_time: true, amount_cents: 500, ...running });
    expect(p.status).toBe(201);
    const issued = await call(t.app, { method: 'POST', url: `/api/vendor/promotions/${p.json.id}/codes`, token: a.token, body: { user_id: shopper.user.id } });
    expect(issued.status).toBe(201);
    const code = issued.json.code as string;
    expect(code).toMatch(/^WELCOM-[A-Z2-9]{10}$/);
    // another seller cannot issue codes of it
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/promotions/${p.json.id}/codes`, token: b.token, body: { user_id: shopper.user.id } })).status).toBe(404);
    const cart = [{ product_id: pa1, quantity: 1 }];
    expect((await check(code.toLowerCase(), cart)).applies).toBe(true);
    expect((await check(code, cart, other.user.id)).reason).toBe('not_yours');
    expect((await check(code, cart, null)).reason).toBe('sign_in');
  });
});

describe('the route', () => {
  it('answers the reason in the reader\'s language, audits creates and pauses, and limits code guessing', async () => {
    const ar = await call(t.app, { method: 'POST', url: '/api/promotions/check?lang=ar', body: { code: 'GONE10', items: [{ product_id: pa1, quantity: 1 }] } });
    expect(ar.status).toBe(200);
    expect(ar.json).toMatchObject({ applies: false, reason: 'expired', message: MSG_AR.promoExpired });
    const audit = await t.database.query<{ action: string }>("select action from audit_log where target_type = 'promotion' order by id");
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['promotion.create', 'promotion.pause', 'promotion.opt_in', 'promotion.issue_code']));
    const list = await call(t.app, { method: 'GET', url: '/api/admin/promotions', token: admin });
    expect(list.status).toBe(200);
    expect(list.json.length).toBeGreaterThanOrEqual(8);
    // 20 tries a minute per client; the next is refused before any lookup
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await call(t.app, { method: 'POST', url: '/api/promotions/check', token: shopper.token, body: { code: `GUESS-${i}`, items: [{ product_id: pa1, quantity: 1 }] } })).status;
    }
    expect(last).toBe(429);
  });
});
