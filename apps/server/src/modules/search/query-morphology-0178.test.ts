import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arabicBase, arabicReadings, arabicStem, brokenSingulars } from './search.arabic.js';
import { catalogueReading } from './query-analysis.js';
import type { Vocabulary } from './search.vocabulary.js';
import { normalize, stem } from './search.text.js';
import { askedAge, forAge, listingAges } from './query-age.js';

// Decision 0178: Arabic words read as the catalogue writes them (particles, attached pronouns, the imperfect's letter,
// broken plurals), the Arabic dual, and ages in requests and listings.

/** A vocabulary that holds the stems of these words and nothing else. */
function vocabOf(words: string[]): Vocabulary {
  const held = new Set(words.map((w) => stem(arabicBase(normalize(w)))));
  return {
    df: (t) => (held.has(t) ? 1 : 0),
    uses: () => 0,
    termOf: () => undefined,
    wordsWithTrigram: () => [],
    wordsStartingWith: () => [],
    wordsEndingWith: () => [],
  };
}
const read = (word: string, catalogue: string[]) => catalogueReading(arabicBase(normalize(word)), vocabOf(catalogue))?.term ?? null;

describe('an Arabic word read as the catalogue writes it', () => {
  it.each([
    // [the shopper's word, the catalogue's words, the catalogue word it is read as]
    ['بصوتي', ['صوت', 'مكبر'], 'صوت'], // 'with my voice' → voice
    ['أتحكم', ['تحكم', 'جدول'], 'تحكم'], // 'I control' → control (the imperative and noun listings write)
    ['نتحكم', ['تحكم'], 'تحكم'], // 'we control'
    ['بشرتها', ['البشرة', 'مرطب'], 'بشره'], // 'her skin': the ta marbuta written ت before the pronoun
    ['أجهزتي', ['جهاز'], 'جهاز'], // 'my devices': pronoun, ta marbuta, then the broken plural
    ['فوانيس', ['فانوس', 'خيمة'], 'فانوس'], // فواعيل → فاعول
    ['صواريخ', ['صاروخ'], 'صاروخ'],
    ['أنوار', ['نور'], 'نور'], // أفعال → فعل
    ['لقطتي', ['قطة', 'طعام'], 'قطة'], // 'for my cat'
    ['بيتنا', ['بيت'], 'بيت'], // 'our home'
    ['جدولك', ['جدول'], 'جدول'], // 'your schedule', as listings address the buyer
    ['سيارتكم', ['سيارة'], 'سيار'], // 'your car'
  ])('%s → %s', (word, catalogue, expected) => {
    expect(read(word, catalogue)).toBe(stem(arabicBase(normalize(expected))));
  });

  it('reads nothing the catalogue does not hold (English words too)', () => {
    expect(read('بصوتي', ['مكبر'])).toBeNull();
    expect(arabicReadings('speaker')).toEqual([]);
    expect(arabicReadings('صوت')).toEqual([]); // three letters: nothing shorter is read
  });

  it('never reads a word as fewer than three letters, never as itself (property)', () => {
    const letters = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'.split(''));
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 9 }).map((a) => a.join('')), (w) => {
        for (const r of arabicReadings(w)) {
          expect(r.length).toBeGreaterThanOrEqual(3);
          expect(r).not.toBe(w);
        }
        for (const s of brokenSingulars(w)) expect(s.length).toBeGreaterThanOrEqual(3);
        // the stem never empties a word
        expect(arabicStem(w).length).toBeGreaterThan(0);
      }),
    );
  });

  it('the readings of a reading are among the readings (property: reading is a closed set of cuts)', () => {
    const letters = fc.constantFrom(...'ابتجحدرسعفقكلمنهوي'.split(''));
    fc.assert(
      fc.property(fc.array(letters, { minLength: 4, maxLength: 8 }).map((a) => a.join('')), (w) => {
        const once = arabicReadings(w);
        // a reading keeps letters of the word in order (no letter is invented, except ه for a ta marbuta and the vowel
        // letters of a broken plural's singular)
        for (const r of once) expect(r.replace(/[اوه]/g, '').length).toBeLessThanOrEqual(w.replace(/[اوه]/g, '').length);
      }),
    );
  });
});

describe('the stem: the Arabic dual', () => {
  it.each([
    ['خيمتين', 'خيمة'], // the dual of a noun of three letters
    ['ساعتين', 'ساعة'],
    ['سماعتين', 'سماعة'],
    ['جوالين', 'جوال'],
  ])('%s is read as %s', (a, b) => {
    expect(stem(arabicBase(normalize(a)))).toBe(stem(arabicBase(normalize(b))));
  });

  it.each(['سمك', 'بنك', 'سلك', 'بيتين', 'صوتين', 'تحكم', 'مهم'])('%s keeps its last letters', (w) => {
    const n = normalize(w);
    expect(arabicStem(n).length).toBeGreaterThanOrEqual(n.length - 2);
    expect(arabicStem(n).startsWith(n.slice(0, 3))).toBe(true);
  });
});

describe('ages', () => {
  it.each([
    ['gift for a 13 year old boy', 13],
    ['present for a 5-year-old', 5],
    ['a present for my toddler', 2],
    ['gift ideas for a newborn baby', 0],
    ['something for an 18 months old', 1],
    ['a gift for my brother', null],
    ['a 5 year warranty laptop', 5], // (the assistant reads ages only in gift and audience requests)
  ])('asked: %s → %s', (text, age) => {
    expect(askedAge(text)).toBe(age);
  });

  it.each([
    ['Board book, 26 pages. Ages 0–4', { min: 0, max: 4 }],
    ['Size 5 for players aged 12 and up.', { min: 12, max: 120 }],
    ['للأعمار من 0 إلى 4 سنوات', { min: 0, max: 4 }],
    ['المقاس 5 للاعبين من سن 12 عاماً فأكثر', { min: 12, max: 120 }],
    ['للأعمار من ٣ إلى ٨ سنوات', { min: 3, max: 8 }],
    ['A swim-proof activity watch for children', null],
  ])('listing: %s', (text, ages) => {
    expect(listingAges(text)).toEqual(ages);
  });

  it('keeps the listings whose ages include the asked one; else drops only those that exclude it', () => {
    const items = [
      { name: 'watch', text: 'for children' },
      { name: 'book', text: 'Ages 0–4' },
      { name: 'ball', text: 'aged 12 and up' },
    ];
    const names = (age: number) => forAge(items, age, (p) => p.text).map((p) => p.name);
    expect(names(2)).toEqual(['book']);
    expect(names(13)).toEqual(['ball']);
    expect(names(8)).toEqual(['watch']);
  });
});
