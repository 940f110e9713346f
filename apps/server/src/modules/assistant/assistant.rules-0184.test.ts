import { describe, expect, it } from 'vitest';
import { readNegation } from '../search/query-understanding.js';
import { CANCEL, POLICY_WORD, RETURN_WORD, RETURNS_WORD, WHERE, readable, reasonIn } from './assistant.aftersales-words.js';
import { readArabic } from './assistant.arabic.js';
import { isComplement } from './assistant.prepurchase.js';
import { isOrderQuestion, policyTopics } from './assistant.shop.js';
import { needFunctions, possessedWords } from './assistant.understanding.js';
import { CHEAPEST, PRICIEST, REF } from './assistant.words.js';

// Decision 0184: general rules for the kinds the second blind set's fourth summary named as weak (needs, returns,
// policy, follow-ups, negation, cancel, where), each in English and Arabic, from the tuning set tune-2026-11-30e.

// [pattern, what it is about, messages it reads, messages it leaves alone]
const PATTERNS: [RegExp, string, string[], string[]][] = [
  [CANCEL, "cancel: 'scrap it', 'call it off', the plural imperative «ألغوه»",
    ['found it cheaper elsewhere, scrap it', 'please call the order off', 'ما عاد أبي الجزمة، الغوها', 'الغوه لو سمحت'],
    ['scrap metal art', 'a call with my team', 'noise cancelling headphones']],
  [RETURN_WORD, 'asking for the money back is a return',
    ['the mat is too slippery, I want my money back', 'the webcam is grainy, refund it please', 'I want a refund for this'],
    ['what is the money-back guarantee on laptops?', 'refunds policy']],
  [POLICY_WORD, 'the last day or the deadline to return asks the window',
    ['what is the last day to return the mat?', 'deadline for returning the shoes', 'متى آخر يوم أقدر أرجع فيه السجادة؟', 'آخر موعد للإرجاع'],
    ['return the mat please', 'ابي ارجع السجادة']],
  [WHERE, 'whether an item has left: dispatched, sent out, left the shop',
    ['has the ukulele left the shop yet?', 'was my order dispatched?', 'has it been sent out', 'هل انرسل الطلب؟'],
    ['I left my charger at home, need a new one', 'a bag to carry my laptop']],
  [RETURNS_WORD, "changing one's mind after delivery is the return rule",
    ['كم يوماً لدي لأغير رأيي بعد الاستلام؟', 'إذا غيرت رأيي أقدر أرجعه؟'],
    ['ابي اغير لون الشاشة']],
];

// one case a message: the pattern, what it is about, the message, whether the pattern reads it
const CASES = PATTERNS.flatMap(([pattern, about, reads, leaves]) =>
  [...reads.map((m) => [about, m, true] as const), ...leaves.map((m) => [about, m, false] as const)].map(([a, m, read]) => ({ pattern, about: a, m, read })));

it.each(CASES)('$about: «$m» read $read', ({ pattern, m, read }) => {
  expect(pattern.test(readable(m))).toBe(read);
});

describe('a reason in the shopper own words still comes first', () => {
  it("keeps «ما عاد أبي» (I don't want it anymore) as no longer needed", () => {
    expect(reasonIn('ما عاد أبي الجزمة')?.reason).toBe('no_longer_needed');
  });
});

describe('what delivery costs is a rule, even when it says "my order"', () => {
  it('reads paying extra as a cost', () => {
    const q = 'do I pay extra to get my order delivered to Abu Dhabi?';
    expect(isOrderQuestion(q)).toBe(false);
    expect(policyTopics(q, { productInQuestion: false })).toContain('shipping');
    // still an order question without a cost word
    expect(isOrderQuestion('has my order been delivered?')).toBe(true);
  });
});

describe('the price said with the verb', () => {
  it("reads 'costs the least' and 'costs the most' as a pick among those shown", () => {
    expect(CHEAPEST.test('which of those costs the least?')).toBe(true);
    expect(PRICIEST.test('the one that costs the most')).toBe(true);
    expect(REF.test('which of those costs the least?')).toBe(true);
    expect(CHEAPEST.test('how much does it cost?')).toBe(false);
  });
});

describe('Arabic read as the English patterns read it', () => {
  it("reads «المتوفرة» after a definite noun as which products, a bare «متوفر» as a stock question", () => {
    expect(readArabic('أرني الساعات الذكية المتوفرة')).not.toMatch(/in stock/);
    expect(readArabic('هل كيس النوم متوفر؟')).toMatch(/in stock/);
  });
  it("reads changing one's mind as the return rule", () => {
    expect(readArabic('كم يوماً لدي لأغير رأيي بعد استلام المنتج؟')).toMatch(/\breturns\b/);
  });
});

describe('«لا يكون» rules out what follows', () => {
  it('excludes what a product must not be, and leaves a bare «لا» alone', () => {
    expect(readNegation('أريد كتابا لا يكون رواية').excluded).toContain('رواية');
    expect(readNegation('ما تكون جلد').excluded.length).toBe(1);
    expect(readNegation('لا شكرا').excluded).toEqual([]);
  });
});

describe('needs stated indirectly', () => {
  const cases: [string, string][] = [
    ['something to keep my coffee hot at work', 'insulated'],
    ['أبي شي يخلي الشاي حار طول الدوام', 'insulated'],
    ['my electricity bill is crazy every summer because of the AC', 'energy saving'],
    ['فاتورة المكيف نار، وش يخفف الاستهلاك؟', 'energy saving'],
    ['I need to charge my phone on camping trips', 'power bank'],
    ['أبي شي أشحن فيه جوالي وإحنا في البر', 'power bank'],
    ['I want to film the coast from above', 'aerial'],
    ['أرغب في تصوير الشاطئ من الأعلى', 'aerial'],
    ['lights for the living room that change colours', 'bulb'],
    ['أبي إضاءة ألوانها تتغير للمجلس', 'bulb'],
  ];
  it.each(cases)('%s', (message, means) => {
    expect(needFunctions(readable(message))).toContain(means);
  });
  it('reads light as one field: every kind of product that gives light, not only the lantern', () => {
    for (const m of ['أحتاج إضاءة للمجلس', 'I need lighting for the garden', 'أبي نور للغرفة']) {
      expect(needFunctions(readable(m)), m).toEqual(expect.arrayContaining(['lamp', 'bulb', 'lantern']));
    }
    // a kind of the field names itself: no need is read from it
    expect(needFunctions('smart lights')).toEqual([]);
    // darkness still asks for a light that works without the mains
    expect(needFunctions('a light for the power cuts at night')).toContain('lumens');
  });
  it('leaves a request that states no such need alone', () => {
    expect(needFunctions('a hot pink lipstick')).not.toContain('insulated');
    expect(needFunctions('wireless headphones')).toEqual([]);
  });
});

describe('what the shopper already has', () => {
  it('reads the nouns after a possessive, in both languages', () => {
    expect(possessedWords('I want to film my mountain bike rides')).toEqual(expect.arrayContaining(['mountain', 'bike', 'rides']));
    expect(possessedWords('something to charge my phone while camping')).toEqual(['phone']);
    expect(possessedWords('أبي شي أشحن فيه جوالي')).toContain('هاتف');
    expect(possessedWords('سيارتي')).toContain('سياره');
  });
  it('reads no possessive in a word with the article or an adjective of the catalogue', () => {
    expect(possessedWords('الساعات الذكية')).toEqual([]);
    expect(possessedWords('a phone for my dad')).toEqual(['dad']);
  });
});

describe('a kind another noun is of is no kind asked for', () => {
  it('reads the cause and the Arabic annexation as the complement, a wish as the kind asked', () => {
    expect(isComplement('ac', 'my electricity bill is crazy because of the AC')).toBe(true);
    expect(isComplement('المكيف', 'فاتوره المكيف نار، وش يخفف الاستهلاك؟')).toBe(true);
    expect(isComplement('مكيف', 'show مكيف للغرفه')).toBe(false);
    expect(isComplement('المكيفات', 'have المكيفات؟')).toBe(false);
    expect(isComplement('bicycle', 'looking for a bicycle for my commute')).toBe(false);
  });
});
