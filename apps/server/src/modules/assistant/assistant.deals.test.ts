import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestApp, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// Issue 39 item 5: 'any deals on headphones?' / «هل في عروض على السماعات؟» answered with the deals running on that kind,
// read through the promotions service (the checkout's own rule): the price after the deal, the price before it, the end.
// A deal not yet started, or on another kind, is not told.

let t: TestContext;
let admin: string;
const ids = new Map<string, number>();
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  const { vendorA } = await verifiedVendorPair(t, 'Amber Deals LLC', 'Basil Deals LLC');
  const items: [string, string, string, number][] = [
    ['Aura Studio Headphones', 'سماعات رأس Aura Studio', 'Audio', 1_200],
    ['SoundCore Q45 Headphones', 'سماعات رأس SoundCore Q45', 'Audio', 600],
    ['Brewmaster Espresso Machine', 'ماكينة إسبريسو Brewmaster', 'Kitchen', 1_900],
  ];
  for (const [name, nameAr, category, price] of items) {
    const p = await makeProduct(t.app, { name, nameAr, categories: [category], tags: [name.split(' ').at(-1)!.toLowerCase()], priceCents: price * 100, vendorId: vendorA.id, stock: 20 });
    ids.set(name, p.id);
  }
  const deal = async (body: object) => {
    const res = await call(t.app, { method: 'POST', url: '/api/admin/promotions', token: admin, body: { funder: 'marketplace', ...body } });
    expect(res.status, res.body).toBe(201);
  };
  // running: 100.00 off the Aura, ends in ten days; not yet started: the SoundCore; running on another kind: the espresso
  await deal({ kind: 'deal', name: 'Aura days', amount_cents: 10_000, product_ids: [ids.get('Aura Studio Headphones')], starts_at: iso(-1), ends_at: iso(10) });
  await deal({ kind: 'deal', name: 'Later', amount_cents: 5_000, product_ids: [ids.get('SoundCore Q45 Headphones')], starts_at: iso(5), ends_at: iso(20) });
  await deal({ kind: 'deal', name: 'Coffee', percent_bps: 1_000, product_ids: [ids.get('Brewmaster Espresso Machine')], starts_at: iso(-1), ends_at: iso(10) });
});
afterAll(async () => t?.close());

async function chat(message: string, lang = 'en') {
  const res = await call(t.app, { method: 'POST', url: `/api/ai/chat?lang=${lang}`, body: { message } });
  expect(res.status, res.body).toBe(200);
  return res.json as { response: string; mentionedProducts: { id: number }[] };
}

describe('deals in the assistant', () => {
  it('lists the running deals of the kind asked for, with the price before the deal and its end', async () => {
    const r = await chat('any deals on headphones?');
    // (money is written with a no-break space after the currency)
    expect(r.response).toMatch(/\*\*Aura Studio Headphones\*\* — AED\s1,100\.00 \(AED\s1,200\.00 before the deal\)/u);
    expect(r.response).toMatch(/until \d{1,2} \w+ \d{4}/);
    // the deal that has not started and the deal on espresso machines are not told
    expect(r.response).not.toContain('SoundCore');
    expect(r.response).not.toContain('Brewmaster');
    expect(r.mentionedProducts.map((m) => m.id)).toContain(ids.get('Aura Studio Headphones'));
  });
  it('answers the same in Arabic, in Arabic', async () => {
    const r = await chat('هل في عروض على السماعات؟', 'ar');
    expect(r.response).toContain('سماعات رأس Aura Studio');
    expect(r.response).toContain('قبل العرض');
    expect(r.response).not.toContain('SoundCore');
    expect(r.response).not.toMatch(/\b(?:before|until|deal)\b/);
  });
  it('says so when no deal runs on the kind', async () => {
    const r = await chat('any discounts on headphones?');
    expect(r.response).toContain('Aura');
    const none = await chat('any offers on laptops?');
    expect(none.response).toMatch(/No deal is running on \*\*laptops\*\*/);
  });
});
