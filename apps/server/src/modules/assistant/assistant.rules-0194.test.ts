import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { readable } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { cartAsked, countWished } from './assistant.words.js';
import { readNegation, standardArabic } from '../search/query-understanding.js';

// Decision 0194: general behaviours for the kinds the blind summaries name as weak (cart requests in free wording, gifts,
// situations, product facts), each checked in wordings and items of our own.

const read = (text: string) => standardArabic(readArabic(text));

describe('a count wished for is an add of that many of the product in question', () => {
  it.each([
    ['I need four, one for each of my kids', 4],
    ['ok i want two of them please', 2],
    ['give me a couple of those', 2],
    ['أبغى أربع حبات منها', 4],
    ['ابي ثنتين وحدة لي ووحدة لخالتي', 2],
    ['أريد ثلاثة واحد لي وواحد لأخي وواحد لأبوي', 3],
  ])('«%s» → %i', (text, n) => {
    expect(countWished(read(text))).toBe(n);
  });
  it.each(['i want two lamps', 'ابي سماعتين بلوتوث', 'I need 3 books under 100', 'how many are left?'])('«%s» names a product or asks: no count wished', (text) => {
    expect(countWished(read(text))).toBeNull();
  });
});

describe("the shopper's own cart in free wording", () => {
  it.each(["what's in my basket right now?", 'how much does my cart come to?', 'what did I put in my cart', 'ايش في سلتي الحين؟', 'كم الاجمالي في السلة'])('«%s» asks to see it', (text) => {
    expect(cartAsked(readable(text))).toBe('view');
  });
  it.each(['please take the lamp out of my cart', 'change the number of mugs in my basket to 2', 'احذف الكتاب من سلتي', 'نقص الكمية في السلة'])('«%s» changes it', (text) => {
    expect(cartAsked(readable(text))).toBe('change');
  });
  it.each(['add the lamp to my cart', 'pop two in my basket', 'حط القلاية في السلة', 'a lamp for my desk'])('«%s» is no question about it', (text) => {
    expect(cartAsked(readable(text))).toBeNull();
  });
});

describe('what a negation rules out is a whole word, or the object of a relative clause', () => {
  it.each([
    ['a gift for my uncle but nothing electronic', ['electronic']],
    ['earphones, but nothing that sits in my ears', ['in ears']],
    ['a clock, none that needs batteries', ['batteries']],
    ['a desk lamp but not a clip one', ['clip']],
    ['سماعة بس مو اللي تدخل الاذن', ['الاذن']],
  ])('«%s» rules out %j', (text, excluded) => {
    expect(readNegation(read(text)).excluded).toEqual(excluded);
  });
  it("'nothing that is too expensive' is a price wish, no word ruled out", () => {
    expect(readNegation('a toaster, nothing that is too expensive').excluded).toEqual([]);
  });
});

let ctx: TestContext;
const ids = new Map<string, number>();
beforeAll(async () => {
  ctx = await createTestApp();
  for (const [name, priceCents] of [['Orbit Desk Lamp', 12_000], ['Pebble Ceramic Mug', 3_500]] as const) {
    const row = await ctx.app.services.catalogue.createProduct({ name, brand: name.split(' ')[0]!, categories: ['home'], priceCents, stock: 40 });
    ids.set(name, row.id);
  }
});
afterAll(async () => ctx?.close());

async function chat(body: Record<string, unknown>) {
  const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body });
  expect(res.status, res.body).toBe(200);
  return res.json as { response: string; mentionedProducts: { id: number; action: string; quantity?: number }[] };
}

describe('POST /api/ai/chat: the cart', () => {
  const cart = () => [{ product_id: ids.get('Orbit Desk Lamp')!, quantity: 1 }, { product_id: ids.get('Pebble Ceramic Mug')!, quantity: 3 }];
  it('lists the lines the storefront sent, at the catalogue prices, and their total', async () => {
    const r = await chat({ message: "what's in my basket right now?", cart: cart() });
    expect(r.response).toContain('**Orbit Desk Lamp** × 1');
    expect(r.response).toContain('**Pebble Ceramic Mug** × 3');
    expect(r.response).toMatch(/In all: AED\s?225\.00/);
    expect(r.mentionedProducts.every((m) => m.action === 'mention')).toBe(true);
  });
  it('in Arabic too', async () => {
    const r = await chat({ message: 'كم الاجمالي في السلة؟', cart: cart() });
    expect(r.response).toMatch(/^في سلتك/);
    expect(r.response).toContain('225.00');
  });
  it('an empty cart is said so; no cart sent is never a search for "cart"', async () => {
    expect((await chat({ message: 'what is in my cart', cart: [] })).response).toMatch(/empty/);
    const r = await chat({ message: 'what is in my cart' });
    expect(r.response).toMatch(/can't see your cart/);
    expect(r.mentionedProducts).toEqual([]);
  });
  it('a change other than adding is done in the cart, and nothing is added', async () => {
    for (const message of ['please take the lamp out of my cart', 'احذف الكوب من سلتي']) {
      const r = await chat({ message, cart: cart() });
      expect(r.mentionedProducts.filter((m) => m.action === 'add_to_cart')).toEqual([]);
      expect(r.response).toMatch(/open the cart|افتح السلة/);
    }
  });
  it('a count wished for after a product was shown adds that many of it', async () => {
    const conversationHistory = [
      { isBot: false, text: 'a desk lamp' },
      { isBot: true, text: 'Here is the best match:\n\n1. **Orbit Desk Lamp** — AED 120.00' },
    ];
    for (const [message, quantity] of [['I need four, one for each of my kids', 4], ['ابي ثنتين وحدة لي ووحدة لخالتي', 2]] as const) {
      const r = await chat({ message, conversationHistory });
      expect(r.mentionedProducts).toContainEqual({ id: ids.get('Orbit Desk Lamp'), action: 'add_to_cart', quantity });
    }
  });
});
