import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { ucpErrors } from '../../../test/ucp-schemas.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';

// The UCP discount extension on agents' checkouts (decision 0159), against the real database and the release's own
// JSON Schemas: codes checked by the promotions module's rule (the storefront's code box and purchase give the same
// figures), applied discounts with allocations, rejected codes as warnings with the release's codes, the purchase
// carrying the coupon (redemption, ledger), the profile advertising it, and code guessing counted per agent.

/** checkout.json as each extension Souq serves extends it. */
const WITH_DISCOUNT = 'schemas/shopping/discount.json#/$defs/dev.ucp.shopping.checkout';
const WITH_FULFILLMENT = 'schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';
const itUcp = itWithShared('ucp-2026-04-08');

let t: TestContext;
let agent: TestAgent;
let admin: string;
let a: { token: string; id: number };
let b: { token: string; id: number };
const ids: Record<string, number> = {};

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const promo = async (token: string, body: object, area: 'vendor' | 'admin' = 'vendor') => {
  const res = await call(t.app, { method: 'POST', url: `/api/${area}/promotions`, token, body: { starts_at: iso(-1), ends_at: iso(30), ...body } });
  expect(res.status, res.body).toBe(201);
  return res.json as { id: number };
};

beforeAll(async () => {
  t = await createTestApp();
  agent = await startTestAgent();
  admin = await adminToken(t.app, t.config);
  ({ vendorA: a, vendorB: b } = await verifiedVendorPair(t, 'Cedar Agents LLC', 'Dune Agents LLC'));
  ids.lamp = (await makeProduct(t.app, { name: 'Agent Lamp', priceCents: 10_000, vendorId: a.id, stock: 50 })).id;
  ids.kettle = (await makeProduct(t.app, { name: 'Agent Kettle', priceCents: 20_000, vendorId: b.id, stock: 50 })).id;
  // seller B's own deal on its kettle (10 %, its cost); the marketplace's coupon split 50/50 with seller A, who opts in
  await promo(b.token, { kind: 'deal', name: 'Kettle week', percent_bps: 1000, product_ids: [ids.kettle] });
  const camp = await promo(admin, { kind: 'coupon', name: 'Split twenty', code: 'SPLIT-20', percent_bps: 2000, funder: 'split', seller_percent: 50 }, 'admin');
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.id}/opt-in`, token: a.token, body: { product_ids: [ids.lamp] } })).status).toBe(200);
  await promo(a.token, { kind: 'coupon', name: 'Old five', code: 'OLD-5', percent_bps: 500, starts_at: iso(-10), ends_at: iso(-2) });
  await promo(a.token, { kind: 'coupon', name: 'Big spender', code: 'BIG-SPEND', amount_cents: 1_000, min_spend_cents: 100_000 });
});
afterAll(async () => {
  await t?.close();
  await agent?.close();
});

const write = (method: string, url: string, body: unknown) =>
  call(t.app, { method, url, body, headers: { 'ucp-agent': agent.header, 'idempotency-key': randomUUID() } });
const buyer = { first_name: 'Maha', last_name: 'Saleh', email: 'maha@example.com', phone_number: '+971500000002' };
const fulfillment = { methods: [{ type: 'shipping', destinations: [{ street_address: '3 Marina Walk', address_locality: 'Dubai', address_country: 'AE', postal_code: '00000' }] }] };
const payment = { instruments: [{ id: 'pay_1', handler_id: 'cod', type: 'cash_on_delivery' }] };
const lines = () => [{ item: { id: String(ids.lamp) }, quantity: 2 }, { item: { id: String(ids.kettle) }, quantity: 1 }];
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

describe('the UCP discount extension on checkout sessions', () => {
  itUcp('the profile advertises it on checkout, and agents that take it get it in every checkout answer', async () => {
    const profile = await call(t.app, { method: 'GET', url: '/.well-known/ucp' });
    expect(profile.json.ucp.capabilities['dev.ucp.shopping.discount']).toEqual([{
      version: '2026-04-08', spec: 'https://ucp.dev/specification/discount', schema: 'https://ucp.dev/schemas/shopping/discount.json', extends: ['dev.ucp.shopping.checkout'],
    }]);
    expect(ucpErrors('discovery/profile_schema.json#/$defs/business_profile', profile.json)).toEqual([]);
  });

  itUcp('codes: the first that applies is the coupon, the others rejected with reasons; the figures are the storefront checkout\'s own', async () => {
    const res = await write('POST', '/ucp/checkout-sessions', { line_items: lines(), buyer, fulfillment, payment, discounts: { codes: ['NOPE-1', 'split-20', 'SPLIT-20', 'BIG-SPEND'] } });
    expect(res.status, res.body).toBe(201);
    expect(ucpErrors(WITH_DISCOUNT, res.json)).toEqual([]);
    expect(ucpErrors(WITH_FULFILLMENT, res.json)).toEqual([]);
    expect(res.json.ucp.capabilities['dev.ucp.shopping.discount']).toEqual([{ version: '2026-04-08' }]);
    // the deal on the kettle (10 % of 200.00, automatic, first) and the coupon on the lamps (20 % of 200.00)
    expect(res.json.discounts).toEqual({
      codes: ['NOPE-1', 'split-20', 'SPLIT-20', 'BIG-SPEND'],
      applied: [
        { title: 'Kettle week', amount: 2_000, automatic: true, method: 'each', priority: 1, allocations: [{ path: '$.line_items[1]', amount: 2_000 }] },
        { code: 'split-20', title: 'Split twenty', amount: 4_000, automatic: false, method: 'across', priority: 2, allocations: [{ path: '$.line_items[0]', amount: 4_000 }] },
      ],
    });
    expect(res.json.messages.filter((m: { type: string }) => m.type === 'warning')).toEqual([
      { type: 'warning', code: 'discount_code_invalid', path: '$.discounts.codes[0]', content: `Code 'NOPE-1': ${MSG.promoNotFound}` },
      { type: 'warning', code: 'discount_code_already_applied', path: '$.discounts.codes[2]', content: "Code 'SPLIT-20' was sent twice" },
      { type: 'warning', code: 'discount_code_combination_disallowed', path: '$.discounts.codes[3]', content: "Code 'BIG-SPEND' cannot be combined with 'split-20': one coupon per order" },
    ]);
    // a rejected code is the shopper's to know, not a reason to stop: the session is ready
    expect(res.json.status).toBe('ready_for_complete');
    expect(res.json.line_items.map((l: { totals: unknown }) => l.totals)).toEqual([
      [{ type: 'subtotal', amount: 20_000 }, { type: 'items_discount', amount: -4_000 }, { type: 'total', amount: 16_000 }],
      [{ type: 'subtotal', amount: 20_000 }, { type: 'items_discount', amount: -2_000 }, { type: 'total', amount: 18_000 }],
    ]);
    const totals = Object.fromEntries(res.json.totals.map((x: { type: string; amount: number }) => [x.type, x.amount]));
    // both parts stay above the free-shipping threshold after the sellers' shares
    expect(totals).toEqual({ subtotal: 40_000, items_discount: -6_000, fulfillment: 0, total: 34_000 });
    // the storefront's code box and deals quote, on the same cart: the same figures
    const items = [{ product_id: ids.lamp, quantity: 2 }, { product_id: ids.kettle, quantity: 1 }];
    const check = await call(t.app, { method: 'POST', url: '/api/promotions/check', body: { code: 'split-20', items } });
    const deals = await call(t.app, { method: 'POST', url: '/api/promotions/deals', body: { items } });
    expect([check.json.discount_cents, deals.json.discount_cents]).toEqual([4_000, 2_000]);

    // completing places the purchase with the coupon: charged the quoted total, redeemed, the marketplace's half posted
    const done = await write('POST', `/ucp/checkout-sessions/${res.json.id}/complete`, { payment });
    expect(done.json.status, done.body).toBe('completed');
    expect(ucpErrors(WITH_DISCOUNT, done.json)).toEqual([]);
    const purchaseId = Number(done.json.order.id);
    const [p] = await q<{ total_cents: number; promotion_paid_cents: number }>('select total_cents, promotion_paid_cents from purchases where id = $1', [purchaseId]);
    expect(p!.total_cents - p!.promotion_paid_cents).toBe(totals.total);
    expect(p!.promotion_paid_cents).toBe(2_000);
    const red = await q<{ name: string; discount_cents: number; seller_cents: number; marketplace_cents: number }>(
      'select pr.name, r.discount_cents, r.seller_cents, r.marketplace_cents from promotion_redemptions r join promotions pr on pr.id = r.promotion_id where r.purchase_id = $1 order by pr.name', [purchaseId],
    );
    expect(red).toEqual([
      { name: 'Kettle week', discount_cents: 2_000, seller_cents: 2_000, marketplace_cents: 0 },
      { name: 'Split twenty', discount_cents: 4_000, seller_cents: 2_000, marketplace_cents: 2_000 },
    ]);
    const [ledger] = await q<{ cents: string }>("select coalesce(sum(amount_cents), 0)::text as cents from ledger_entries where purchase_id = $1 and account = 'marketplace_promotions'", [purchaseId]);
    expect(Number(ledger!.cents)).toBe(2_000);
    // read again later, the session shows what the purchase took (not the code checked again, now used)
    const again = await call(t.app, { method: 'GET', url: `/ucp/checkout-sessions/${res.json.id}`, headers: { 'ucp-agent': agent.header } });
    expect(again.json.discounts.applied.map((d: { amount: number }) => d.amount)).toEqual([2_000, 4_000]);
    expect(again.json.totals.at(-1).amount).toBe(34_000);
  });

  itUcp('each reason in the release\'s words; codes replace the ones before, [] clears them, left out they stay', async () => {
    const res = await write('POST', '/ucp/checkout-sessions', { line_items: lines(), discounts: { codes: ['OLD-5'] } });
    const warn = (r: typeof res) => r.json.messages.filter((m: { type: string }) => m.type === 'warning').map((m: { code: string; content: string }) => [m.code, m.content]);
    expect(warn(res)).toEqual([['discount_code_expired', `Code 'OLD-5': ${MSG.promoExpired}`]]);
    expect(ucpErrors(WITH_DISCOUNT, res.json)).toEqual([]);
    const id = res.json.id as string;
    const big = await write('PUT', `/ucp/checkout-sessions/${id}`, { line_items: lines(), discounts: { codes: ['BIG-SPEND'] } });
    expect(warn(big)).toEqual([['discount_code_user_ineligible', `Code 'BIG-SPEND': ${MSG.promoMinSpend}`]]);
    // only the deal applies; the code stays when the next update leaves discounts out
    const kept = await write('PUT', `/ucp/checkout-sessions/${id}`, { line_items: lines(), buyer });
    expect(kept.json.discounts.codes).toEqual(['BIG-SPEND']);
    expect(kept.json.discounts.applied.map((d: { title: string }) => d.title)).toEqual(['Kettle week']);
    const cleared = await write('PUT', `/ucp/checkout-sessions/${id}`, { line_items: lines(), discounts: { codes: [] } });
    expect(cleared.json.discounts.codes).toEqual([]);
    expect(warn(cleared)).toEqual([]);
    expect(ucpErrors(WITH_DISCOUNT, cleared.json)).toEqual([]);
  });

  itUcp('an agent that did not take the extension gets no discounts object (the deals still show in the totals)', async () => {
    const caps = (await import('../../../test/ucp-agent.js')).allCapabilities();
    const plain = await startTestAgent({ capabilities: Object.fromEntries(Object.entries(caps).filter(([k]) => k !== 'dev.ucp.shopping.discount')) });
    try {
      const res = await call(t.app, { method: 'POST', url: '/ucp/checkout-sessions', body: { line_items: lines() }, headers: { 'ucp-agent': plain.header, 'idempotency-key': randomUUID() } });
      expect(res.json.discounts).toBeUndefined();
      expect(res.json.ucp.capabilities['dev.ucp.shopping.discount']).toBeUndefined();
      expect(res.json.totals.find((x: { type: string }) => x.type === 'items_discount').amount).toBe(-2_000);
      expect(ucpErrors(WITH_FULFILLMENT, res.json)).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  itUcp('code guessing: an agent sending codes spends the storefront\'s counter of tries (20 a minute), then 429 with retry-after', async () => {
    const guesser = await startTestAgent();
    try {
      const created = await call(t.app, { method: 'POST', url: '/ucp/checkout-sessions', body: { line_items: lines(), discounts: { codes: ['GUESS-0'] } }, headers: { 'ucp-agent': guesser.header, 'idempotency-key': randomUUID() } });
      expect(created.status).toBe(201);
      const statuses: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const res = await call(t.app, { method: 'PUT', url: `/ucp/checkout-sessions/${created.json.id}`, body: { line_items: lines(), discounts: { codes: [`GUESS-${i}`] } }, headers: { 'ucp-agent': guesser.header, 'idempotency-key': randomUUID() } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers['retry-after']).toMatch(/^\d+$/);
          expect(res.json.messages[0].code).toBe('rate_limited');
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(19);
      expect(statuses.at(-1)).toBe(429);
      // updates without codes are not tries
      const plain = await call(t.app, { method: 'PUT', url: `/ucp/checkout-sessions/${created.json.id}`, body: { line_items: lines() }, headers: { 'ucp-agent': guesser.header, 'idempotency-key': randomUUID() } });
      expect(plain.status).toBe(200);
    } finally {
      await guesser.close();
    }
  });
});
