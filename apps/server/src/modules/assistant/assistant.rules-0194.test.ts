import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { readable } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { ANOTHER_THING, ANOTHER_THING_AR, GIFT, cartAsked, countWished } from './assistant.words.js';
import { ARABIC_STOPWORDS } from '../search/search.arabic.js';
import { isNeed, needFunctionGroups, possessedWords } from './assistant.understanding.js';
import { WHERE } from './assistant.aftersales-words.js';
import { isRuledOut, ownWordsOf, readNegation, standardArabic } from '../search/query-understanding.js';
import { analyze, normalize, tokenize } from '../search/search.text.js';
import { listingSays, measuresAsked } from './assistant.listing-says.js';
import type { Product } from '@souq/shared/api/catalogue';

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

describe("what a listing is: its names and the phrase its description opens with", () => {
  const listing = (description: string, description_ar = '') => ({ name: 'Tidal Studio Headphones', name_ar: 'سماعات Tidal', categories: ['Audio'], tags: [], keywords: [], description, description_ar });
  it('a word of the opening phrase rules the listing out', () => {
    expect(isRuledOut(ownWordsOf(listing('Closed-back over-ear headphones with a detachable cable.')), ['over ear'], analyze)).toBe(true);
    expect(isRuledOut(ownWordsOf(listing('', 'سماعات رأس سلكية فوق الأذن بكابل قابل للفصل.')), ['فوق الاذن'], analyze)).toBe(true);
  });
  it('what the rest of the description mentions does not', () => {
    expect(isRuledOut(ownWordsOf(listing('Light headphones that sit on the ear, with spare over-ear cushions in the box.')), ['over ear'], analyze)).toBe(false);
    expect(isRuledOut(ownWordsOf(listing('', 'سماعات خفيفة على الأذن مع وسائد فوق الأذن إضافية.')), ['فوق الاذن'], analyze)).toBe(false);
  });
});

describe('situations: when a need is felt, what is lit, what one works on, a place one lacks', () => {
  const first = (text: string) => needFunctionGroups(read(text)).map((g) => g[0]);
  it.each([
    ['we sleep on the roof in winter and the nights are really cold', 'warm'],
    ['رحلتنا للجبل والليل بارد مرة', 'warm'],
  ])('«%s»: a night said cold is when, the cold is the need', (text, need) => {
    expect(first(text)).toContain(need);
    expect(first(text)).not.toContain('light');
  });
  it('a dark night is still the dark', () => {
    expect(first("the path to the beach is dark at night")).toContain('light');
    expect(first('ما نشوف شي بالليل في المخيم')).toContain('light');
  });
  it("a face lit or filmed is no skin complaint; a face that feels dry is", () => {
    expect(first('something to light up my face when I stream')).not.toContain('skincare');
    expect(first('something to light up my face when I stream')).toContain('light');
    expect(first('my face feels tight and dry in winter')).toContain('skincare');
  });
  it('what one is working on is what one has, not what is asked for', () => {
    expect(possessedWords('editing photos on a tiny netbook all day')).toEqual(expect.arrayContaining(['tiny', 'netbook']));
    expect(possessedWords('gaming on a budget')).toEqual([]);
  });
  it("a place one lacks ('no pool near me') rules nothing out", () => {
    expect(readNegation('goggles to train at home, no pool near me').excluded).toEqual([]);
    expect(readNegation('a tent, no pegs please').excluded).toEqual(['pegs']);
  });
});

describe("what comes in the box and what it is made of: the listing's own passages", () => {
  const kit = {
    name: 'Ridge Trekking Poles', name_ar: 'عصي مشي Ridge',
    bullet_points: ['Carbon fibre shafts', 'Cork grips', 'Comes with rubber tips and a carry bag'],
    bullet_points_ar: ['أعمدة من ألياف الكربون', 'مقابض من الفلين', 'تأتي مع رؤوس مطاطية وحقيبة حمل'],
    description: 'Light folding poles for steep trails.', description_ar: 'عصي خفيفة قابلة للطي للمسارات الشديدة.',
  } as unknown as Product;
  const says = (msg: string, words: string[] = [], locale: 'en' | 'ar' = 'en') => listingSays(kit, words, measuresAsked(read(msg)), { analyze, tokenize, normalize }, locale);
  it.each([["what's included with these?", 'carry bag'], ['what do I get in the box', 'carry bag'], ['what are they made of?', 'Carbon']])('«%s» → %s', (msg, part) => {
    expect(says(msg)?.join(' ')).toContain(part);
  });
  it('in Arabic too', () => {
    expect(says('وش يجي معها؟', [], 'ar')?.join(' ')).toContain('حقيبة');
    expect(says('خامتها ايش؟', [], 'ar')?.join(' ')).toMatch(/الكربون|الفلين/);
  });
  it('a question of neither asks nothing of them', () => {
    expect(measuresAsked('how much is it?').some((m) => m === 'contents' || m === 'material')).toBe(false);
  });
});

describe("'when' as a question word, not the conjunction of a situation", () => {
  it.each(['when will the blender get here', "when's my parcel due?", 'and when?', 'الطلب متى يوصل؟'])('«%s» asks when', (text) => {
    expect(WHERE.test(readable(text))).toBe(true);
  });
  it.each(['the dog barks when someone walks past', 'my toddler cries when we switch off the lamp'])('«%s» tells a situation', (text) => {
    expect(WHERE.test(readable(text))).toBe(false);
  });
});

describe('a part of the body said with how it feels is a need', () => {
  it.each(['his knees get really stiff after football', 'my hands are so dry in winter', 'her eyes are tired after reading'])('«%s»', (text) => {
    expect(isNeed(text)).toBe(true);
  });
  it('a body part alone is no complaint', () => {
    expect(isNeed('a cream for hands')).toBe(false);
  });
});

describe('another thing asked for beside what is on the table', () => {
  it.each(['and something to keep it clean?', 'also anything for the car', 'is there something else for my desk'])('«%s»', (text) => {
    expect(ANOTHER_THING.test(text)).toBe(true);
  });
  it.each(['وكمان شي ينظفه', 'ابي شي ثاني للمكتب'])('«%s»', (text) => {
    expect(ANOTHER_THING_AR.test(readable(text))).toBe(true);
  });
  it.each(['something to keep my tea hot', 'anything under 200?'])('«%s» asks for no other thing', (text) => {
    expect(ANOTHER_THING.test(text)).toBe(false);
  });
});

describe('something for a person is a gift', () => {
  it.each(['anything special for my teacher?', 'something for my nephew, he is into chess', 'شي حلو لخالتي', 'ابي شي لأبوي يحب القهوة'])('«%s»', (text) => {
    expect(GIFT.test(read(text))).toBe(true);
  });
  it.each(['something for my back pain', 'something for my desk', 'شي للمطبخ'])('«%s» is for a thing, not a person', (text) => {
    expect(GIFT.test(read(text))).toBe(false);
  });
  it("'nice', 'special' in Arabic name nothing", () => {
    expect(ARABIC_STOPWORDS).toEqual(expect.arrayContaining(['حلو', 'مميزه', 'لطيف']));
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
    // a line's quantity and amount are held together (no break spaces): a narrow bubble wraps the name, never
    // leaving '— AED …' to start a line of its own
    expect(r.response).toMatch(/\*\*Orbit Desk Lamp\*\* ×\u00A01\u00A0—\u00A0AED\s?\d/);
    expect(r.response).toContain('**Pebble Ceramic Mug** ×\u00A03');
    expect(r.response).toMatch(/In all: AED\s?225\.00/);
    expect(r.mentionedProducts.every((m) => m.action === 'mention')).toBe(true);
  });
  it('in Arabic too', async () => {
    const r = await chat({ message: 'كم الاجمالي في السلة؟', cart: cart() });
    expect(r.response).toMatch(/^في سلتك/);
    expect(r.response).toContain('225.00');
    expect(r.response).toMatch(/×\u00A0\S+\u00A0—\u00A0\S/);
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
  it("a gift's words the catalogue never says are the person's, not a product we don't sell", async () => {
    for (const message of ['a gift for my sister who studies astrophysics', 'هدية لأختي تدرس علم الفلك']) {
      const r = await chat({ message });
      expect(r.response).not.toMatch(/don't (?:have|sell)|ليس لدينا|لا نبيع/);
      expect(r.response).toMatch(/gift ideas|أفكار هدايا/);
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
