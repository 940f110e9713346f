import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { isRuledOut, understandQuery } from './query-understanding.js';

// Issue 37 item 2, decision 0139: one understanding of a request, run before ranking, for the search box and the
// assistant — what the shopper rules out and the Gulf words in MSA. The search API's first products and the assistant's
// first suggested products agree for the same request, in English and Arabic.

describe('understandQuery', () => {
  it('leaves a query no rule applies to exactly as written', () => {
    for (const q of ['wireless headphones', 'Lamp', 'سماعة لاسلكية', 'notebook', 'nova knot']) {
      expect(understandQuery(q), q).toEqual({ text: q, excluded: [], freeOf: [], changed: false });
    }
  });

  it('takes the negated words out of the text and rules them out, in English and Arabic', () => {
    expect(understandQuery('lamp without cable')).toEqual({ text: 'lamp', excluded: ['cable'], freeOf: ['cable'], changed: true });
    expect(understandQuery('headphones that are not wireless')).toMatchObject({ text: 'headphones', excluded: ['wireless'] });
    // as the search box reads it: English left as written, Arabic read
    expect(understandQuery('lamp without cable', { englishNegation: false })).toMatchObject({ text: 'lamp without cable', changed: false });
    expect(understandQuery('مصباح بدون سلك', { englishNegation: false })).toMatchObject({ text: 'مصباح', excluded: ['سلك'] });
    expect(understandQuery('سماعة مو لاسلكية')).toMatchObject({ text: 'سماعه', excluded: ['لاسلكيه'], changed: true });
    // a word in either script after an Arabic negation ('مو gaming'; the assistant's reading leaves some words in English)
    expect(understandQuery('لابتوب مو gaming')).toMatchObject({ text: 'لابتوب', excluded: ['gaming'] });
  });

  it('negates an Arabic term of several words as a whole, up to a word that starts something else', () => {
    // the noun and what qualifies it ('not an action camera' is not 'not a camera')
    expect(understandQuery('كاميرا بس مو كاميرا أكشن')).toMatchObject({ excluded: ['كاميرا اكشن'] });
    expect(understandQuery('مكبر صوت بس مو ساوند بار')).toMatchObject({ text: 'مكبر صوت بس', excluded: ['ساوند بار'] });
    // a conjunction, a price word or a preposition ends the term; 'without' names one thing done without
    expect(understandQuery('لابتوب مو للألعاب وسعره تحت ٣٠٠٠ درهم')).toMatchObject({ excluded: ['للالعاب'] });
    expect(understandQuery('مقلاة بدون زيت عشان الرجيم')).toMatchObject({ excluded: ['زيت'], freeOf: ['زيت'] });
    expect(understandQuery('سماعة مو لاسلكية رخيصة')).toMatchObject({ excluded: ['لاسلكيه'] });
  });

  it('rules out a product by a two-word term written as one word in its name, in English and Arabic', () => {
    const analyze = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    expect(isRuledOut('Cinema Soundbar', ['sound bar'], analyze)).toBe(true);
    expect(isRuledOut('Boomcube Portable Speaker', ['sound bar'], analyze)).toBe(false);
    expect(isRuledOut('ساعة سمارتواتش Stride', ['سمارت واتش'], analyze)).toBe(true);
    expect(isRuledOut('ساعة Stride للأطفال', ['سمارت واتش'], analyze)).toBe(false);
  });

  it('reads Gulf words as the MSA a catalogue writes, and a Gulf word negated as its MSA', () => {
    expect(understandQuery('جوال سامسونج').text).toBe('هاتف سامسونج');
    expect(understandQuery('شاشة مب للقيمنق')).toMatchObject({ text: 'شاشه', excluded: ['الالعاب'] });
  });
});

type Seed = { name: string; name_ar: string; categories: string[]; price: number; tags: string[]; description: string };
const PRODUCTS: Seed[] = [
  { name: 'Lumo Corded Desk Lamp', name_ar: 'مصباح مكتب Lumo مع سلك', categories: ['Lighting'], price: 90, tags: ['lamp', 'cable'], description: 'A desk lamp on a 2 m power cable.' },
  { name: 'Lumo Cordless Desk Lamp', name_ar: 'مصباح مكتب Lumo قابل للشحن', categories: ['Lighting'], price: 160, tags: ['lamp', 'rechargeable'], description: 'A rechargeable desk lamp, 40 hours a charge, no cords.' },
  { name: 'Lumo Lamp Cable Kit', name_ar: 'طقم سلك مصباح Lumo', categories: ['Lighting'], price: 25, tags: ['cable', 'lamp'], description: 'A replacement cable with a switch for any lamp.' },
  { name: 'Lumo Floor Lamp', name_ar: 'مصباح أرضي Lumo', categories: ['Lighting'], price: 240, tags: ['lamp'], description: 'A tall floor lamp with a linen shade.' },
  { name: 'Sonic Wireless Headphones', name_ar: 'سماعة Sonic لاسلكية', categories: ['Audio'], price: 350, tags: ['headphones', 'wireless', 'bluetooth'], description: 'Over-ear wireless headphones, 30 hours a charge.' },
  { name: 'Sonic Wired Headphones', name_ar: 'سماعة Sonic سلكية', categories: ['Audio'], price: 150, tags: ['headphones', 'wired'], description: 'Over-ear headphones on a 1.5 m cable.' },
  { name: 'Studio Wired Earphones', name_ar: 'سماعة أذن Studio سلكية', categories: ['Audio'], price: 60, tags: ['earphones', 'wired'], description: 'In-ear earphones with a 3.5 mm plug.' },
  { name: 'Pulse Wireless Earbuds', name_ar: 'سماعة أذن Pulse لاسلكية', categories: ['Audio'], price: 280, tags: ['earbuds', 'wireless'], description: 'True wireless earbuds with a charging case.' },
];

let ctx: TestContext;
const nameOf = new Map<number, string>();
beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of PRODUCTS) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name, nameAr: p.name_ar, brand: p.name.split(' ')[0]!, categories: p.categories, priceCents: p.price * 100, stock: 10,
      description: p.description, tags: p.tags,
    });
    nameOf.set(row.id, p.name);
  }
});
afterAll(async () => ctx?.close());

/** The search box's products for a request, in its order. */
async function searched(q: string): Promise<string[]> {
  const res = await call(ctx.app, { url: `/api/products/search/${encodeURIComponent(q)}` });
  expect(res.status, res.body).toBe(200);
  return (res.json as { id: number }[]).map((p) => nameOf.get(p.id)!);
}
/** The assistant's suggested products for the same request, in the order it mentions them. */
async function suggested(message: string): Promise<string[]> {
  const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message, productContext: null, conversationHistory: [], lockedProductIds: [] } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { mentionedProducts: { id: number }[] }).mentionedProducts.map((m) => nameOf.get(m.id)!);
}

describe('the search box and the assistant read one request alike', () => {
  const cases: { q: string; out: string[] }[] = [
    // English negation is not applied by the search box yet (decision 0139: it lowered the Home Depot bench)
    { q: 'مصباح بدون سلك', out: ['Lumo Corded Desk Lamp', 'Lumo Lamp Cable Kit'] },
    { q: 'سماعة مو لاسلكية', out: ['Sonic Wireless Headphones', 'Pulse Wireless Earbuds'] },
  ];
  for (const { q, out } of cases) {
    it(`rules out the same products and puts the same ones first: ${q}`, async () => {
      const [box, assistant] = [await searched(q), await suggested(q)];
      expect(box.length, q).toBeGreaterThan(0);
      expect(assistant.length, q).toBeGreaterThan(0);
      for (const n of out) {
        expect(box, q).not.toContain(n);
        expect(assistant, q).not.toContain(n);
      }
      // the assistant lists up to three: the search box's first ones, in the same order
      const n = Math.min(3, assistant.length);
      expect(assistant.slice(0, n), q).toEqual(box.slice(0, n));
    });
  }

  it('does not rule out a product whose own name says it does without the thing (a mirrorless camera for «بدون مرآة»)', async () => {
    const r = await ctx.app.services.catalogue.createProduct({
      name: 'Alpha M7 Mirrorless Camera', nameAr: 'كاميرا Alpha M7 بدون مرآة', brand: 'Alpha', categories: ['Cameras'], priceCents: 300_000, stock: 3,
      description: 'A mirrorless camera.', tags: ['camera'],
    });
    nameOf.set(r.id, 'Alpha M7 Mirrorless Camera');
    expect((await searched('كاميرا Alpha M7 بدون مرآة'))[0]).toBe('Alpha M7 Mirrorless Camera');
  });

  it("reads a negated phrase the catalogue names products by as an attribute ('non slip'), ruling nothing out", async () => {
    for (const [name, tags] of [['Grip Non-Slip Stair Tape', ['tape']], ['Grip Anti-Slip Floor Tape', ['tape', 'slip']]] as const) {
      const r = await ctx.app.services.catalogue.createProduct({
        name, brand: 'Grip', categories: ['Hardware'], priceCents: 2_000, stock: 5, description: `${name}.`, tags: [...tags],
      });
      nameOf.set(r.id, name);
    }
    const found = await searched('non slip tape');
    expect(found.slice(0, 2).sort()).toEqual(['Grip Anti-Slip Floor Tape', 'Grip Non-Slip Stair Tape']);
  });

  it('still finds what was ruled out when it is asked for', async () => {
    expect((await searched('lamp cable')).slice(0, 2)).toContain('Lumo Lamp Cable Kit');
    expect(await searched('سماعة لاسلكية')).toContain('Sonic Wireless Headphones');
  });
});
