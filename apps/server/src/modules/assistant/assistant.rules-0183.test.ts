import { describe, expect, it } from 'vitest';
import { readNegation } from '../search/query-understanding.js';
import type { Product } from '@souq/shared/api/catalogue';
import { CANCEL, ORDER_WORD, PAYMENT_WORD, WHERE, readable } from './assistant.aftersales-words.js';
import { namedProducts, RANGE_WORDS } from './assistant.matching.js';
import { needFunctions } from './assistant.understanding.js';

// Decision 0183: general rules for the kinds the second blind set's summaries named as weak (where an order is, cancel,
// policy, negation), each in English and Arabic, from the tuning set tune-2026-11-30d.

describe('what became of an order', () => {
  it('reads news, updates and what happened as a question about where an item is', () => {
    expect(WHERE.test(readable('any news on my ukulele?'))).toBe(true);
    expect(WHERE.test(readable('is there an update on the desk'))).toBe(true);
    expect(WHERE.test(readable('what happened to the feeder I ordered'))).toBe(true);
    expect(WHERE.test(readable('وش صار على وعاء الأكل؟'))).toBe(true);
    expect(WHERE.test(readable('ماذا حدث لطلبي؟'))).toBe(true);
    expect(WHERE.test(readable('أي أخبار عن الكتاب؟'))).toBe(true);
  });
  it('leaves a shopping question alone', () => {
    expect(WHERE.test(readable('a good book about habits'))).toBe(false);
    expect(WHERE.test(readable('أبغى سماعات لاسلكية'))).toBe(false);
  });
});

describe('cancelling with the Gulf loanword', () => {
  it('reads «كنسل» and its forms as cancel', () => {
    expect(CANCEL.test(readable('خلاص ما ابي اليوكليلي، كنسله'))).toBe(true);
    expect(CANCEL.test(readable('ابي اكنسل الطلب'))).toBe(true);
    expect(CANCEL.test(readable('كنسلها لو سمحت'))).toBe(true);
  });
  it('does not read a word that only contains the letters', () => {
    expect(CANCEL.test(readable('كنسلتو'))).toBe(false);
    expect(CANCEL.test(readable('سماعات عازلة')) || CANCEL.test(readable('noise cancelling headphones'))).toBe(false);
  });
});

describe('paying when an order comes', () => {
  it('is a payment question, though it names the order and its arrival', () => {
    const ar = readable('ممكن ادفع كاش لما يوصلني الطلب؟');
    expect(PAYMENT_WORD.test(ar)).toBe(true);
    // the words that made it read as where an order is are still there: the payment word is what decides
    expect(WHERE.test(ar) && ORDER_WORD.test(ar)).toBe(true);
    expect(PAYMENT_WORD.test(readable('can I pay cash when the parcel arrives?'))).toBe(true);
    expect(PAYMENT_WORD.test(readable('تقبلون فيزا؟'))).toBe(true);
  });
  it('is not read in a where question', () => {
    expect(PAYMENT_WORD.test(readable('where is my order?'))).toBe(false);
    expect(PAYMENT_WORD.test(readable('متى يوصل طلبي؟'))).toBe(false);
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
