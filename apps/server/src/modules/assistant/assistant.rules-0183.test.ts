import { describe, expect, it } from 'vitest';
import { readNegation } from '../search/query-understanding.js';
import type { Product } from '@souq/shared/api/catalogue';
import { CANCEL, ORDER_WORD, PAYMENT_WORD, WHERE, readable } from './assistant.aftersales-words.js';
import { namedProducts, RANGE_WORDS } from './assistant.matching.js';
import { needFunctions } from './assistant.understanding.js';

// Decision 0183: general rules for the kinds the second blind set's summaries named as weak (where an order is, cancel,
// policy, negation), each in English and Arabic, from the tuning set tune-2026-11-30d.

// [pattern, what it is about, messages it reads, messages it leaves alone], each in English and Arabic
const PATTERNS: [RegExp, string, string[], string[]][] = [
  [WHERE, 'where an item is: news, updates, what happened',
    ['any news on my ukulele?', 'is there an update on the desk', 'what happened to the feeder I ordered', 'وش صار على وعاء الأكل؟', 'ماذا حدث لطلبي؟', 'أي أخبار عن الكتاب؟'],
    ['a good book about habits', 'أبغى سماعات لاسلكية']],
  // a word that only holds the letters is no cancel, nor is a feature
  [CANCEL, 'cancel, with the Gulf loanword «كنسل» and its forms',
    ['خلاص ما ابي اليوكليلي، كنسله', 'ابي اكنسل الطلب', 'كنسلها لو سمحت'],
    ['كنسلتو', 'سماعات عازلة', 'noise cancelling headphones']],
  [PAYMENT_WORD, 'paying, when an order comes too',
    ['ممكن ادفع كاش لما يوصلني الطلب؟', 'can I pay cash when the parcel arrives?', 'تقبلون فيزا؟'],
    ['where is my order?', 'متى يوصل طلبي؟']],
];

describe.each(PATTERNS)('%s', (pattern, about, reads, leaves) => {
  it(`reads ${about}`, () => {
    for (const m of reads) expect(pattern.test(readable(m)), m).toBe(true);
  });
  it('leaves the others alone', () => {
    for (const m of leaves) expect(pattern.test(readable(m)), m).toBe(false);
  });
});

describe('paying when an order comes', () => {
  it('still names the order and its arrival: the payment word is what decides', () => {
    const ar = readable('ممكن ادفع كاش لما يوصلني الطلب؟');
    expect(WHERE.test(ar) && ORDER_WORD.test(ar)).toBe(true);
  });
});

describe('nothing for …', () => {
  it('rules out what follows "nothing for" and "none with"', () => {
    expect(readNegation('kitchen appliances, nothing for coffee').excluded).toContain('coffee');
    expect(readNegation('bags, none with leather').excluded).toContain('leather');
  });
  it('leaves a budget after "nothing" to the price rules', () => {
    expect(readNegation('headphones, nothing over 500').excluded).toEqual([]);
    expect(readNegation('nothing too expensive please').excluded).toEqual([]);
  });
});

describe('a range of an activity', () => {
  // a plain word analysis: enough to show which products the words name
  const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const text = { analyze: words, tokenize: words, normalize: (s: string) => s.toLowerCase(), isStopword: () => false } as unknown as Parameters<typeof namedProducts>[0];
  const product = (id: number, name: string, name_ar: string, tags: string[]) =>
    ({ id, name, name_ar, brand: name.split(' ')[0]!, categories: ['Outdoor'], tags, keywords: [], description: '', bullet_points: [] }) as unknown as Product;
  const tent = product(1, 'Summit Camping Tent', 'خيمة تخييم Summit', ['tent']);
  const lantern = product(2, 'Glowtrail LED Lantern GX50', 'فانوس Glowtrail', ['lantern']);
  it('names no product by a word of its name beside gear, equipment, «معدات، أدوات، مستلزمات»', () => {
    expect(namedProducts(text, 'معدات تخييم', [tent, lantern])).toEqual([]);
    expect(namedProducts(text, 'مستلزمات التخييم', [tent, lantern])).toEqual([]);
    expect(namedProducts(text, 'camping gear', [tent, lantern])).toEqual([]);
  });
  it('still names a product by that word alone, or by its model number beside a range word', () => {
    expect(namedProducts(text, 'تخييم', [tent, lantern]).map((p) => p.id)).toEqual([1]);
    expect(namedProducts(text, 'accessories for the gx50', [tent, lantern]).map((p) => p.id)).toEqual([2]);
  });
  it('does not take a product name word for a range word', () => {
    expect(RANGE_WORDS.test('essentials t-shirt')).toBe(false);
    expect(RANGE_WORDS.test('electronic drum kit')).toBe(false);
    expect(RANGE_WORDS.test('عدة منتجات')).toBe(false);
  });
});

describe('what a thing is to track', () => {
  it('reads the verb said of the thing as tracking, as the shopper\'s own verb is', () => {
    expect(needFunctions('something that tracks my sleep')).toContain('tracker');
    expect(needFunctions(readable('ابغى شي يتابع نومي'))).toContain('tracker');
    expect(needFunctions(readable('جهاز يراقب النوم'))).toContain('tracker');
    expect(needFunctions('a sleeping bag for winter')).not.toContain('tracker');
  });
});
