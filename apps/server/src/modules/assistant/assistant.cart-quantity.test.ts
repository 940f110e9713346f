import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

// Quantities in typed cart commands (customer spec §4: the first number in the text, else a number word, else 1;
// minimum 1): digits that belong to a product's name ('Stride GPS Smartwatch 5') are never a quantity, a number the
// shopper put before or after the name is, and a negative or zero quantity is lifted to the minimum of 1.
const NAMES = ['Stride GPS Smartwatch 5', 'Nexus 5 Game Console', 'Alpine Down Sleeping Bag -5°C', 'Lumo Smart LED Bulb 4-Pack'];

let ctx: TestContext;
const ids = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  for (const name of NAMES) {
    const row = await ctx.app.services.catalogue.createProduct({ name, brand: name.split(' ')[0]!, categories: ['electronics'], priceCents: 10_000, stock: 50 });
    ids.set(name, row.id);
  }
});
afterAll(async () => ctx?.close());

async function added(message: string) {
  const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message } });
  expect(res.status, res.body).toBe(200);
  return res.json as { response: string; mentionedProducts: { id: number; action: string; quantity?: number }[] };
}

describe('POST /api/ai/chat: the quantity of a typed cart command', () => {
  it.each([
    ['add Stride GPS Smartwatch 5 to my cart', 'Stride GPS Smartwatch 5', 1],
    ['add 5 Stride GPS Smartwatch 5 to my cart', 'Stride GPS Smartwatch 5', 5],
    ['add 2 stride gps smartwatch 5 to my cart', 'Stride GPS Smartwatch 5', 2],
    ['add Stride GPS Smartwatch 5 x 3 to my cart', 'Stride GPS Smartwatch 5', 3],
    ['put the Nexus 5 Game Console in my bag', 'Nexus 5 Game Console', 1],
    ['add three Nexus 5 Game Console to my cart', 'Nexus 5 Game Console', 3],
    ['add Alpine Down Sleeping Bag -5°C to my cart', 'Alpine Down Sleeping Bag -5°C', 1],
    ['add Lumo Smart LED Bulb 4-Pack to my cart', 'Lumo Smart LED Bulb 4-Pack', 1],
    ['add -5 Stride GPS Smartwatch 5 to my cart', 'Stride GPS Smartwatch 5', 1],
    ['add -5 Nexus 5 Game Console to my cart', 'Nexus 5 Game Console', 1],
    ['add 0 Nexus 5 Game Console to my cart', 'Nexus 5 Game Console', 1],
    ['add the nexus 5 console to my cart', 'Nexus 5 Game Console', 1],
    ['add 2 of the nexus 5 console to my cart', 'Nexus 5 Game Console', 2],
  ])('%s → %s × %i', async (message, name, quantity) => {
    const r = await added(message);
    expect(r.response).toBe(MSG.addedToCart(quantity, name));
    expect(r.mentionedProducts).toContainEqual({ id: ids.get(name), action: 'add_to_cart', quantity });
  });
});

describe('POST /api/ai/chat: a quantity of "it" after a list', () => {
  // decision 0153: with nothing selected, 'it' is the product the last answer put first (as for 'is it waterproof?')
  it.each([
    ['add three of it', 3],
    ['two of those please', 2],
    ['ضيف ثلاث منها', 3],
  ])('%s → the first listed × %i', async (message, quantity) => {
    const conversationHistory = [
      { isBot: false, text: 'smart bulbs and watches' },
      { isBot: true, text: 'Here are the top 2:\n\n1. **Lumo Smart LED Bulb 4-Pack** — AED 100.00\n2. **Stride GPS Smartwatch 5** — AED 100.00' },
    ];
    const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message, conversationHistory } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.mentionedProducts).toContainEqual({ id: ids.get('Lumo Smart LED Bulb 4-Pack'), action: 'add_to_cart', quantity });
  });
});
