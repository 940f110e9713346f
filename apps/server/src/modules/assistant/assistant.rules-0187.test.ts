import { describe, expect, it } from 'vitest';
import { aftersalesPhrases } from './assistant.aftersales-phrases.js';
import { SHOP_POLICIES_AR } from '@souq/shared/rules/policies';
import { HUMAN, POLICY_WORD, itemWords, readable, unitsIn } from './assistant.aftersales-words.js';
import { OWN_ORDERS_AR, RULE_NOUN } from './assistant.aftersales.js';
import { readArabic } from './assistant.arabic.js';
import { relatedKinds } from './assistant.search-reply.js';
import { readNegation } from '../search/query-understanding.js';
import { extractPrice } from '../search/search.text.js';
import { kindsAsked } from './assistant.understanding.js';
import { CHEAPER, GIFT, PEOPLE_WORDS, QUESTION_WORDS, THE_CHEAPER, budgetPhrases } from './assistant.words.js';
import { PRICE_HISTORY_Q } from './assistant.prepurchase.js';

// Decision 0187: general behaviours for the causes the spent blind set (blind-2026-11-30.json, read in full) showed,
// each checked with wordings of our own, not the set's.

describe('a count said with the return request', () => {
  it.each([
    ['send back just one of the three mugs', 3, 1],
    ['I only want to return 2 of the 4 candles', 4, 2],
    ['return a single pack please, we kept the other', 2, 1],
    ['return one pack of the chews', 3, 1],
    ['أبغى أرجع حبة وحدة بس من الأكواب', 3, 1],
    ['ارجع ثنتين منها', 4, 2],
    ['رجع لي شمعة وحدة', 2, 1],
  ])('«%s» (%i left) → %i', (text, left, units) => {
    expect(unitsIn(text, left)).toBe(units);
  });
  it.each([
    ['return both candles', 2],
    ['return the mugs, they chipped', 3],
    ['ابي ارجع الاكواب كلها', 3],
    ['return 5 of them', 3],
  ])('«%s» (%i left) says no count of its own', (text, left) => {
    expect(unitsIn(text, left)).toBeNull();
  });
});

describe('the shopper own orders named in Arabic', () => {
  it.each(['شو طلباتي اللي قبل؟', 'ورني مشترياتي', 'أبي أشوف طلبياتي الأخيرة', 'عطني حالة طلبي'])('«%s» names them', (m) => {
    expect(OWN_ORDERS_AR.test(readable(m))).toBe(true);
  });
  it.each(['طلبات الشحن الدولي', 'أبي أطلب جوال'])('«%s» does not', (m) => {
    expect(OWN_ORDERS_AR.test(readable(m))).toBe(false);
  });
});

describe('a returns question names the window beside the seller who sets it', () => {
  it('one sentence in either language', () => {
    expect(aftersalesPhrases('en').policyReturnsOf('Amber Bags LLC', 21)).toMatch(/^Amber Bags LLC .*21 days/);
    expect(aftersalesPhrases('ar').policyReturnsOf('Amber Bags LLC', 21)).toMatch(/Amber Bags LLC.*21/);
  });
});

describe('asking for a person of the support team', () => {
  it.each([
    'the lamp is broken, can someone from support look at it?',
    'I need a person to help me with this order',
    'أبغى أحد من خدمة العملاء يكلمني',
    'الشاشة فيها خط، ابي شخص يساعدني',
    'حولني على الدعم لو سمحت',
  ])('«%s» asks for a person', (m) => {
    expect(HUMAN.test(readable(m))).toBe(true);
  });
  it.each(['a person-shaped lamp', 'ابي احد الكتب'])('«%s» does not', (m) => {
    expect(HUMAN.test(readable(m))).toBe(false);
  });
});

describe('how much time is left to return asks the window', () => {
  it.each(['how many days left to send the kettle back?', 'do I still have time to return the lamp', 'كم بقي لي أرجع الكتاب؟', 'كم يوم باقي على الإرجاع'])('«%s»', (m) => {
    expect(POLICY_WORD.test(readable(m))).toBe(true);
  });
});

describe('a negative contraction names no item', () => {
  it("'hasn't', 'didn't', 'won't' leave no word behind", () => {
    expect(itemWords("cancel whatever hasn't left yet")).not.toContain('hasn');
    expect(itemWords("return the lamp that didn't work")).toEqual(['lamp', 'work']);
    expect(itemWords("it won't turn on")).not.toContain('won');
  });
});

describe("the Arabic returns rule is the shop's own text", () => {
  it('quotes SHOP_POLICIES_AR, with the sellers after it', () => {
    const text = aftersalesPhrases('ar').returnsPolicy(['• Amber Bags LLC: 21']);
    expect(text).toContain(SHOP_POLICIES_AR.returns.text);
    expect(text).toContain('Amber Bags LLC');
  });
});

describe('Arabic wordings of seeing, counting pieces, being available, the plain kind', () => {
  it.each([
    ['ودي أطالع الأولى', /\bshow me first\b/],
    ['خليني أشوف الأرخص', /\bshow me cheapest\b/],
    ['كم قطعة باقية من الكتاب؟', /\bhow many in stock\b/],
    ['موجودة بالمقاس الكبير؟', /\bin stock\b/],
    ['أبغى لابتوب عادي للدراسة', /^(?!.*عادي)/],
  ])('«%s»', (m, read) => {
    expect(readArabic(m)).toMatch(read);
  });
  it('keeps «الموجودة» after a definite noun as which products, not stock', () => {
    expect(readArabic('الكاميرات الموجودة')).not.toMatch(/in stock/);
  });
});

describe('«بدون ما تكون / من غير ان يكون» rules out what follows', () => {
  it.each([
    ['سماعة بدون ما تكون حق ألعاب', 'العاب'],
    ['أبي كتاب من غير ان يكون رواية', 'روايه'],
  ])('«%s» rules out %s', (m, word) => {
    expect(readNegation(readArabic(m)).excluded.join(' ')).toContain(word);
  });
});

describe("other makers' product lines are kinds of their own", () => {
  it.each([
    ['any iphones in stock?', 'iphone'],
    ['I want an xbox for my son', 'xbox'],
    ['عندكم ايفون ١٥؟', 'iphone'],
    ['أبغى لابتوب ماك بوك', 'macbook'],
    ['تبيعون اكس بوكس؟', 'xbox'],
    ['do you sell cat litter', 'cat litter'],
  ])('«%s» asks for %s', (m, type) => {
    const kinds = kindsAsked(readArabic(m));
    expect(kinds.map((k) => k.type)).toContain(type);
  });
  it('a maker line is marked as one, a plain kind is not', () => {
    expect(kindsAsked('samsung tablets').find((k) => k.type === 'samsung')?.group.maker).toBe(true);
    expect(kindsAsked('a fridge').find((k) => k.type === 'refrigerator')?.group.maker).toBeUndefined();
  });
});

describe('chat shorthand, gift occasions and habits', () => {
  it('pls, lol, thx name no product', () => {
    for (const w of ['pls', 'plz', 'lol', 'thx']) expect(QUESTION_WORDS.has(w)).toBe(true);
  });
  it.each(['something for a housewarming', 'graduation present ideas', 'farewell for my manager', 'our secret santa is 50 max'])('«%s» is a gift', (m) => {
    expect(GIFT.test(m)).toBe(true);
  });
  it('a habit said with drinks / eats is no product word', () => {
    for (const w of ['drinks', 'eats', 'lot']) expect(PEOPLE_WORDS.has(w)).toBe(true);
  });
});

describe("'max' before an amount with its currency is a budget", () => {
  it.each([['earbuds max 150 aed', 15_000], ['a lamp, max 80 dirhams', 8_000]])('«%s»', (q, cents) => {
    expect(extractPrice(q).maxCents).toBe(cents);
  });
  it("leaves a model name alone: 'pro max 256'", () => {
    expect(extractPrice('nova pro max 256').maxCents).toBeUndefined();
  });
});

describe('the cheaper one is a pick among those shown, anything cheaper a new search', () => {
  it.each(["fine, I'll look at the cheaper one", 'the less expensive of the two please', 'show the more affordable one'])('«%s» picks', (m) => {
    expect(THE_CHEAPER.test(m)).toBe(true);
  });
  it.each(['anything cheaper?', 'is there a cheaper one for school?'])('«%s» searches', (m) => {
    expect(CHEAPER.test(m) && !THE_CHEAPER.test(m)).toBe(true);
  });
  it('an opening «اوكي / طيب» is the ok the patterns skip', () => {
    expect(readArabic('طيب حط الشنطة بالسلة')).toMatch(/^\s*ok add/);
  });
});

describe('price words', () => {
  it.each(['money is no object, I want a camera', 'a watch, whatever it costs', "I don't care about the price, best laptop"])('«%s» is the top of the range', (m) => {
    expect(budgetPhrases(m)).toMatch(/\bpremium\b/);
  });
  it.each(['ساعة والسعر مو مشكلة', 'أبغى كاميرا مهما كان السعر'])('«%s» is the top of the range', (m) => {
    expect(readArabic(m)).toMatch(/\bpremium\b/);
  });
  it.each(['how low has the blender gone?', "what's the cheapest this kettle has been"])('«%s» asks the price log', (m) => {
    expect(PRICE_HISTORY_Q.test(m)).toBe(true);
  });
  it('«قارن لي بين» compares', () => {
    expect(readArabic('قارن لي بين الساعتين')).toMatch(/\bcompare\b/);
  });
});

describe('buying said as a verb names no item (a rules question naming a kind)', () => {
  it.each([['لو اشتريت سماعة Aura كم يوم للإرجاع؟', 'سماعه'], ['if I buy a kettle how long can I return it', 'kettle']])('«%s»', (m, kind) => {
    const words = itemWords(m);
    expect(words).toContain(kind);
    expect(words.some((w) => /^(buy|اشتريت)$/.test(w))).toBe(false);
  });
});

describe('a kind with all of it ruled out falls back on its related kinds', () => {
  it('shoes → sneakers, earbuds → headphones and headsets; a kind without relations has none', () => {
    expect(relatedKinds(['shoes'])).toEqual(['sneakers']);
    expect(relatedKinds(['earbuds'])).toEqual(['headphones', 'headset']);
    expect(relatedKinds(['kettle'])).toEqual([]);
  });
});

describe('the nouns of a rule are no kind of product', () => {
  it.each(['period', 'limit', 'فتره', 'مهله'])('%s', (w) => {
    expect(RULE_NOUN.test(w)).toBe(true);
  });
  it.each(['books', 'kettle', 'جوال'])('%s is a kind', (w) => {
    expect(RULE_NOUN.test(w)).toBe(false);
  });
});
