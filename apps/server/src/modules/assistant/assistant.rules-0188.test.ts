import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { everydayListings, seedNeedCatalogue, type NeedSeed } from '../../../test/need-catalogue.js';
import type { Product } from '@souq/shared/api/catalogue';
import { RETURN_REASONS } from '@souq/shared/constants';
import { SHOP_POLICIES, SHOP_POLICIES_AR } from '@souq/shared/rules/policies';
import { ONLY_YES_OR_NO, USUAL_DELIVERY_TIME, readable, reasonIn, replyReason } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { listingSays, measuresAsked, passagesOf } from './assistant.listing-says.js';
import { ADD_IT, ASKS_OF, JUDGEMENT, WANT_IN_CART } from './assistant.words.js';
import { readNegation } from '../search/query-understanding.js';
import { NEED_GRAMMAR } from './assistant.needs.js';
import { needFunctions, ownThingsTold } from './assistant.understanding.js';
import { analyze, normalize, tokenize } from '../search/search.text.js';

// Decision 0188: general behaviours for the causes the third blind set (blind-2026-11-30b.json, spent and read in full)
// showed, each checked with wordings and products of our own, not the set's.

const text = { analyze, tokenize, normalize };
const listing = (over: Partial<Product>): Product =>
  ({ name: '', name_ar: '', brand: '', description: '', description_ar: '', bullet_points: [], bullet_points_ar: [], ...over }) as Product;

const kettle = listing({
  name: 'Brewmaster Glass Kettle 1.7 L',
  name_ar: 'غلاية زجاجية Brewmaster سعة 1.7 لتر',
  description: 'A borosilicate glass kettle with a blue glow while it heats. Boils a full jug in four minutes and switches off by itself.',
  description_ar: 'غلاية من زجاج البوروسيليكات تضيء بلون أزرق أثناء التسخين. تغلي الإبريق كاملاً في أربع دقائق وتطفئ نفسها.',
  bullet_points: ['1.7 L capacity', 'Boils in 4 minutes', 'Weighs 1.1 kg', 'Auto shut-off and boil-dry protection'],
  bullet_points_ar: ['سعة 1.7 لتر', 'تغلي في 4 دقائق', 'وزنها 1.1 كجم', 'إطفاء تلقائي وحماية من التشغيل بدون ماء'],
});

describe('a question of what the product in question says', () => {
  it('pairs bullets and description sentences of the two languages', () => {
    const pairs = passagesOf(kettle);
    expect(pairs[0]).toEqual({ en: '1.7 L capacity', ar: 'سعة 1.7 لتر' });
    expect(pairs.length).toBe(6);
  });
  it.each([
    ['how long does it take to boil?', ['boil'], /4 minutes/],
    ['how heavy is the thing', ['thing'], /1\.1 kg/],
    ['what protection does it have against running dry', ['protection', 'running', 'dry'], /boil-dry protection/],
  ])('«%s» → the passage that says it', (q, asked, says) => {
    const r = listingSays(kettle, asked, measuresAsked(q), text, 'en');
    expect(r?.join(' ')).toMatch(says);
  });
  it('answers in the reader language from a passage matched in either', () => {
    const r = listingSays(kettle, ['وزنها'], measuresAsked(readArabic('كم وزنها؟')), text, 'ar');
    expect(r?.join(' ')).toMatch(/1\.1 كجم/);
  });
  it('an Arabic verb of another person says the same («تغلي» asked as «يغلي»)', () => {
    expect(listingSays(kettle, ['يغلي'], measuresAsked('how many يغلي الابريق?'), text, 'ar')?.join(' ')).toMatch(/دقائق/);
  });
  it('a bare number answers nothing, and a word the listing never says is no answer', () => {
    expect(listingSays(kettle, ['warranty'], measuresAsked('what warranty does it carry'), text, 'en')).toBeNull();
    expect(listingSays(kettle, ['tea'], ['count'], text, 'en')).toBeNull();
  });
  it.each([
    ['how long will it run on a charge', 'time'],
    ['how big is the bowl', 'size'],
    ['what does it weigh', 'weight'],
    ['which colours are there', 'colour'],
    ['كم ساعة تشتغل؟', 'time'],
  ])('«%s» asks a measure of %s', (q, m) => {
    expect(measuresAsked(readArabic(q))).toContain(m);
  });
  it.each(['how long does the pump last?', 'what is the grip made of', 'كم لتر يشيل؟'])('«%s» is a question', (q) => {
    expect(ASKS_OF.test(readArabic(q))).toBe(true);
    expect(JUDGEMENT.test(readArabic(q))).toBe(false);
  });
  it.each(['is the zoom any good?', 'how reliable is the hinge', 'الشاشة زينة؟'])('«%s» asks a judgement: what buyers say', (q) => {
    expect(JUDGEMENT.test(readArabic(q))).toBe(true);
  });
});

describe('a reason said of the item', () => {
  it.each([
    ['the strap is ripped at the buckle', 'damaged'],
    ['it won\'t hold a charge any more', 'damaged'],
    ['they keep dropping the connection', 'damaged'],
    ['the screen came scratched', 'damaged'],
    ['الشنطة ممزقة من تحت', 'damaged'],
    ['الخلاط ما يطحن زين', 'damaged'],
    ['فيها خدش في الغطاء', 'damaged'],
  ])('«%s» → %s', (m, reason) => {
    expect(replyReason(m, RETURN_REASONS)).toBe(reason);
  });
  it('a size said with a negated verb stays a size', () => {
    expect(replyReason('ما تجي على مقاسي', RETURN_REASONS)).toBe('not_as_described');
  });
  it('a reaction of the body is a reason in the shopper words', () => {
    expect(reasonIn('the cream gave me a rash, please take it back')).toEqual({ reason: 'other', words: 'the cream gave me a rash, please take it back' });
    expect(reasonIn('العطر سوى لي حكة')?.reason).toBe('other');
  });
  it('a no stays a no', () => {
    expect(ONLY_YES_OR_NO('لا تلغي')).toBe(true);
    expect(ONLY_YES_OR_NO('no thanks')).toBe(true);
  });
  it('a wrong item said with no verb', () => {
    expect(reasonIn('the charger that came is the wrong one')?.reason).toBe('wrong_item');
    expect(reasonIn('الشاحن جاني غلط')?.reason).toBe('wrong_item');
  });
});

describe('follow-ups', () => {
  it.each([
    ['الثالث عطني تفاصيلها', /third tell me about/],
    ['ابغى تفاصيله', /tell me about/],
  ])('«%s» asks the details of one shown', (m, read) => {
    expect(readArabic(m)).toMatch(read);
  });
  it.each(['sure, that one, add it please', 'yeah ok add those', 'perfect. add it'])('«%s» adds', (m) => {
    expect(ADD_IT.test(m)).toBe(true);
  });
  it('a message that only mentions adding later does not', () => {
    expect(ADD_IT.test('yes, but what does it add to the sound?')).toBe(false);
  });
});

describe('which is better, said with a question word and its two sides', () => {
  it('«وش أحسن الساعة ولا السوار؟» compares', () => {
    const r = readArabic('وش أحسن الساعة ولا السوار؟');
    expect(r).toMatch(/\bcompare\b/);
    expect(r).toMatch(/\bor\b/);
  });
  it('«وش أفضل خلاط» alone asks for the best one, not a comparison', () => {
    expect(readArabic('وش أفضل خلاط')).not.toMatch(/\bcompare\b/);
  });
});

describe('how long delivery usually takes', () => {
  it.each(['how many days does shipping normally take?', 'when do parcels usually arrive', 'عادة كم يوم يوصل الطلب؟', 'غالبا متى توصل الشحنة'])('«%s» asks the rule', (m) => {
    expect(USUAL_DELIVERY_TIME(readable(m))).toBe(true);
  });
  it.each(['when will my order arrive?', 'وين طلبي؟', 'I usually buy two'])('«%s» does not', (m) => {
    expect(USUAL_DELIVERY_TIME(readable(m))).toBe(false);
  });
  it('the shipping rule says it depends on the seller, in both languages', () => {
    expect(SHOP_POLICIES.shipping.text).toMatch(/depends on the seller/);
    expect(SHOP_POLICIES_AR.shipping.text).toMatch(/البائع/);
  });
});

describe('needs told by a situation', () => {
  it('grammar words are no part of a need', () => {
    for (const w of ['before', 'after', 'every', 'make', 'keep', 'help', 'يساعدني', 'يصير']) expect(NEED_GRAMMAR.has(normalize(w))).toBe(true);
    for (const w of ['smoothies', 'camping', 'شعري']) expect(NEED_GRAMMAR.has(normalize(w))).toBe(false);
  });
  it.each([
    ['my neck is killing me after the flight', 'posture'],
    ['my phone dies by lunchtime on hikes', 'power bank'],
  ])('«%s» stands for %s', (m, word) => {
    expect(needFunctions(m)).toContain(word);
  });
  it.each([
    ["my cat's fur is everywhere on the sofa", true],
    ['بشرتي تصير ناشفة في الشتاء', true],
    ['تنصحني بأي شنطة؟', false],
    ['يساعدني أختار لابتوب', false],
    ['planning a beach weekend with my cousins', false],
    ['أبي أطلع رحلة مع أخوي', false],
  ])('«%s» tells of the shopper own things: %s', (m, told) => {
    expect(ownThingsTold(m).length > 0).toBe(told);
  });
  it('a film after a preposition is where the need is felt; films asked about are chit-chat', () => {
    expect(readArabic('الصوت في الأفلام واطي مرة')).not.toMatch(/weather/);
    expect(readArabic('تعرف أفلام حلوة؟')).toMatch(/weather/);
    expect(readArabic('مين فاز في المباراة البارحة؟')).toMatch(/weather/);
  });
});

// Through POST /api/ai/chat on a small catalogue of its own (not the demo catalogue's texts).
const PRODUCTS: NeedSeed[] = [
  { name: 'Pitchside Wireless Headset', nameAr: 'سماعة Pitchside', category: 'Audio',
    description: 'Closed-back headphones to get in the zone before the match and after it.',
    descriptionAr: 'سماعات مغلقة للتركيز قبل المباراة وبعدها.' },
  { name: 'Spinwell Personal Blender', nameAr: 'خلاط Spinwell', category: 'Kitchen',
    description: 'A personal blender that turns frozen berries into smoothies in a travel cup.',
    descriptionAr: 'خلاط شخصي يحول التوت المجمد إلى سموذي في كوب للسفر.' },
  { name: 'Juicebox 20000 mAh Power Bank', nameAr: 'بنك طاقة Juicebox', category: 'Electronics',
    description: 'A power bank that charges a phone four times, for road trips and long days out.',
    descriptionAr: 'بنك طاقة يشحن الهاتف أربع مرات للرحلات والأيام الطويلة.' },
  { name: 'Roamer Trip Duffel', nameAr: 'حقيبة Roamer', category: 'Travel',
    description: 'A duffel for road trips with a shoe pocket and a trolley sleeve.',
    descriptionAr: 'حقيبة للرحلات بجيب للأحذية.' },
  { name: 'Silkline Diffuser Dryer', nameAr: 'مجفف Silkline', category: 'Beauty',
    description: 'An ionic hair dryer that tames frizz and leaves hair smooth.',
    descriptionAr: 'مجفف شعر أيوني يقلل الهيشان ويترك الشعر ناعماً ومنفوشاً أقل.' },
  ...everydayListings((n) => ({ description: `An everyday ${n.toLowerCase()} for the home.`, descriptionAr: 'منتج يومي للبيت.' })),
];

describe('a need answered by what listings say (API)', () => {
  let ctx: TestContext;
  let ids = new Map<string, number>();
  beforeAll(async () => {
    ctx = await createTestApp();
    ids = await seedNeedCatalogue(ctx, PRODUCTS);
  });
  afterAll(async () => ctx?.close());
  const mentioned = async (message: string, lang?: string) => {
    const res = await call(ctx.app, {
      method: 'POST', url: `/api/ai/chat${lang ? `?lang=${lang}` : ''}`,
      body: { message, productContext: null, conversationHistory: [], lockedProductIds: [] },
    });
    expect(res.status, res.body).toBe(200);
    return (res.json as { mentionedProducts: { id: number }[] }).mentionedProducts.map((m) => m.id);
  };

  it('a grammar word a listing happens to say does not answer the need', async () => {
    expect((await mentioned("I'd like to have smoothies before the gym"))[0]).toBe(ids.get('Spinwell Personal Blender'));
  });
  it('a need read as a function is answered by the listings that say it, not those sharing the circumstance', async () => {
    expect(await mentioned('something so my phone stops dying on road trips')).toEqual([ids.get('Juicebox 20000 mAh Power Bank')]);
  });
  it('a sentence about the shopper own thing that asks for nothing is read as a need (Arabic)', async () => {
    expect((await mentioned('شعري دايم منفوش وخشن', 'ar'))[0]).toBe(ids.get('Silkline Diffuser Dryer'));
  });
});

describe('what is ruled out', () => {
  it.each([
    ['a rucksack but not the huge hiking kind', 'hiking'],
    ['speakers, not the soundbar itself', 'soundbar'],
    ['show me kettles, nothing plastic', 'plastic'],
    ['none of the glass ones please', 'glass'],
    ['earbuds but not the in-ear type', 'in-ear'],
  ])('«%s» rules out %s', (m, word) => {
    expect(readNegation(m).excluded).toEqual([word]);
  });
  it.each(['a phone, nothing over 2000', 'nothing else, thanks', 'a simple bag, nothing fancy'])('«%s» rules out nothing', (m) => {
    expect(readNegation(m).excluded).toEqual([]);
  });
  it('an Arabic negation with «و» written on', () => {
    expect(readNegation(readArabic('ساعة رياضية ومو ذكية')).excluded).toContain('ذكيه');
  });
});

describe('the cart said without an adding verb, and two of a unit in the Arabic dual', () => {
  it.each(['I want 3 of the candles in my cart', 'need two mugs into the basket'])('«%s» adds', (m) => {
    expect(WANT_IN_CART.test(m)).toBe(true);
  });
  it('a basket of a product is no cart', () => {
    expect(WANT_IN_CART.test('I want a fryer with a big basket')).toBe(false);
  });
  it.each([['حط علبتين من القهوة', /add 2/], ['ابي حبتين من الصابون بالسلة', /2 .* to my cart/]])('«%s»', (m, read) => {
    expect(readArabic(m)).toMatch(read);
  });
});
