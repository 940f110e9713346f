import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { readCouponCode } from './assistant.coupon.js';

// Issue 39 item 5: the assistant applies a code the shopper types in the chat. The code is read by a general rule (a
// word for a code and a token shaped like one), checked against the cart the storefront sends exactly as the checkout's
// code box checks it (the same refusals, the same tries against guessing), and an applying code is handed back for the
// storefront to keep for checkout.

describe('reading a code from a message', () => {
  it.each([
    ['apply code SAVE10', 'SAVE10'],
    ['can you apply my coupon save10 please', 'SAVE10'],
    ['I have a voucher: EID-25', 'EID-25'],
    ['use WELCOME code', 'WELCOME'],
    ['my promo code is spring2026', 'SPRING2026'],
    ['عندي كود خصم SAVE10', 'SAVE10'],
    ['طبق الكوبون welcome', 'WELCOME'],
    ['استخدم القسيمة EID٢٥', 'EID25'],
    ['رمز الخصم هو RAMADAN-5', 'RAMADAN-5'],
  ])('%s → %s', (message, code) => expect(readCouponCode(message)).toBe(code));

  it.each([
    'any coupon codes today?',
    'do you have a discount code for headphones',
    'what is the code for free shipping',
    'هل عندكم كوبونات؟',
    'wireless headphones under 200',
    'add SAVE10 headphones to my cart',
  ])('%s hands no code over', (message) => expect(readCouponCode(message)).toBeNull());
});

let t: TestContext;
const ids = new Map<string, number>();
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const { vendorA } = await verifiedVendorPair(t, 'Amber Codes LLC', 'Basil Codes LLC');
  for (const [name, price] of [['Aura Studio Headphones', 1_200], ['Brewmaster Espresso Machine', 300]] as const) {
    ids.set(name, (await makeProduct(t.app, { name, priceCents: price * 100, vendorId: vendorA.id, stock: 20 })).id);
  }
  // the seller's own coupons, on its own products
  const coupon = async (body: object) => {
    const res = await call(t.app, { method: 'POST', url: '/api/vendor/promotions', token: vendorA.token, body: { kind: 'coupon', starts_at: iso(-1), ends_at: iso(30), ...body } });
    expect(res.status, res.body).toBe(201);
  };
  await coupon({ name: 'Ten off', code: 'CHAT-TEN', percent_bps: 1_000 });
  await coupon({ name: 'Big spenders', code: 'CHAT-BIG', amount_cents: 5_000, min_spend_cents: 500_000 });
  await coupon({ name: 'Gone', code: 'CHAT-OLD', amount_cents: 1_000, starts_at: iso(-10), ends_at: iso(-1) });
});
afterAll(async () => t?.close());

type ChatReply = { response: string; coupon?: { code: string; applies: boolean }; mentionedProducts: unknown[] };
async function chat(message: string, cart: { product_id: number; quantity: number }[], lang = 'en') {
  const res = await call(t.app, { method: 'POST', url: `/api/ai/chat?lang=${lang}`, body: { message, cart } });
  expect(res.status, res.body).toBe(200);
  return res.json as ChatReply;
}
const headphones = () => [{ product_id: ids.get('Aura Studio Headphones')!, quantity: 1 }];

describe('POST /api/ai/chat with a code', () => {
  it('applies a code that applies to the cart, with what it takes off, as the code box checks it', async () => {
    const r = await chat('apply code chat-ten please', headphones());
    expect(r.coupon).toEqual({ code: 'CHAT-TEN', applies: true });
    // 10 % of AED 1,200.00 (money is written with a no-break space after the currency)
    expect(r.response).toMatch(/^Code CHAT-TEN takes AED\s120\.00 off your cart\./u);
    const box = await call(t.app, { method: 'POST', url: '/api/promotions/check', body: { code: 'CHAT-TEN', items: headphones() } });
    expect(box.json).toMatchObject({ applies: true, discount_cents: 12_000 });
  });

  it('says why a code does not apply, in the code box\'s words, and hands nothing to keep', async () => {
    const min = await chat('I have a coupon: CHAT-BIG', headphones());
    expect(min.coupon).toEqual({ code: 'CHAT-BIG', applies: false });
    expect(min.response).toBe('I checked code CHAT-BIG against your cart. Spend more on the products this code covers: its minimum is not met.');
    const old = await chat('use CHAT-OLD code', headphones());
    expect(old.response).toContain('This code has expired');
    const none = await chat('promo code NOPE-99', headphones());
    expect(none.response).toContain('This code does not exist');
  });

  it('answers in Arabic, the code isolated in the sentence', async () => {
    const r = await chat('عندي كود خصم CHAT-TEN', headphones(), 'ar');
    expect(r.coupon).toEqual({ code: 'CHAT-TEN', applies: true });
    expect(r.response).toContain('\u2068CHAT-TEN\u2069');
    expect(r.response).toContain('من سلتك');
    const refused = await chat('طبق الكوبون CHAT-OLD', headphones(), 'ar');
    expect(refused.response).toContain('انتهت صلاحية هذا الرمز');
    expect(refused.response).not.toMatch(/[a-z]{3,}/);
  });

  it('with an empty cart it says what to do, checking nothing', async () => {
    const r = await chat('apply code CHAT-TEN', []);
    expect(r.coupon).toBeUndefined();
    expect(r.response).toContain('Your cart is empty');
  });

  it('spends the code box\'s tries: guessing through the chat is stopped as in the code box', async () => {
    // (every request of this file comes from the one test client: its earlier tries count too)
    let stopped = 0;
    for (let i = 0; i < 22; i++) {
      const r = await chat(`apply code GUESS-${i}`, headphones());
      if (r.response === 'Too many codes tried. Please wait a moment and try again.') stopped++;
    }
    expect(stopped).toBeGreaterThan(0);
    // the same client's code box is stopped too: one counter for both
    const box = await call(t.app, { method: 'POST', url: '/api/promotions/check', body: { code: 'CHAT-TEN', items: headphones() } });
    expect(box.status).toBe(429);
  });

  it('a message without a code is the assistant\'s as before', async () => {
    const r = await chat('any coupon codes today?', headphones());
    expect(r.coupon).toBeUndefined();
  });

  it('refuses a cart line that is not a cart line', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/ai/chat', body: { message: 'apply code CHAT-TEN', cart: [{ product_id: -1, quantity: 0 }] } });
    expect(res.status).toBe(400);
  });
});
