import { describe, expect, it } from 'vitest';
import { analyze, normalize, tokenize } from './search.text.js';
import { needFit, NEED_MIN_WEIGHT, STANDS_FOR_SHARE, wordWeight, type NeedTerm } from './query-needs.js';

// Decision 0176: a need matched to what listings say they do, each asked word weighed by how few of the catalogue's
// listings say it. The listings below are made up for the test (not the demo catalogue's texts).

const text = { analyze, normalize, tokenize };

/** Each word's weight from how many of `listings` say it, as the assistant counts it from the search index. */
function weightsOver(listings: string[], terms: NeedTerm[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of terms) {
    const df = listings.filter((l) => needFit(l, [{ term: t.term, own: true }], new Map([[t.term, 1]]), text).said > 0).length;
    if (df > 0) out.set(t.term, wordWeight(df, listings.length));
  }
  return out;
}

const best = (listings: string[], terms: NeedTerm[]) => {
  const weights = weightsOver(listings, terms);
  return listings.map((l) => ({ l, fit: needFit(l, terms, weights, text).weight })).sort((a, b) => b.fit - a.fit);
};

describe('wordWeight', () => {
  it('weighs a word said by one listing most and one said by every listing nothing', () => {
    expect(wordWeight(1, 100)).toBe(1);
    expect(wordWeight(100, 100)).toBe(0);
    expect(wordWeight(0, 100)).toBe(0);
    expect(wordWeight(2, 100)).toBeGreaterThan(wordWeight(10, 100));
    // two words each said by a tenth of the catalogue tell less than one said by a single listing
    expect(2 * wordWeight(10, 100)).toBeLessThan(wordWeight(1, 100));
  });
});

describe('needFit', () => {
  const filler = Array.from({ length: 12 }, (_, i) => `Everyday item ${i} that will make a home tidier; جهاز منزلي رقم ${i} يجعل البيت أجمل كل يوم`);

  it('puts the listing that says the activity before those sharing only common words (English)', () => {
    const listings = [
      'Leather sneakers that go with everything and make every day comfortable',
      'A high-speed blender that turns frozen fruit into smoothies in seconds',
      ...filler,
    ];
    const terms: NeedTerm[] = ['make', 'smoothies', 'every'].map((term) => ({ term, own: true }));
    const ranked = best(listings, terms);
    expect(ranked[0]!.l).toContain('blender');
    expect(ranked[0]!.fit).toBeGreaterThanOrEqual(NEED_MIN_WEIGHT);
    // the sneakers say two asked words, both common: not an answer on their own
    expect(ranked.find((x) => x.l.includes('sneakers'))!.fit).toBeLessThan(NEED_MIN_WEIGHT);
  });

  it('puts the listing that says the activity first in Arabic, with the article and clitics read by the search', () => {
    const listings = [
      'حذاء جلد يناسب كل يوم ويجعل المشي مريحا',
      'خلاط سريع يحول الفواكه المجمدة إلى سموذي خلال ثوان',
      ...filler,
    ];
    const terms: NeedTerm[] = ['سموذي', 'يوم'].map((term) => ({ term, own: true }));
    const ranked = best(listings, terms);
    expect(ranked[0]!.l).toContain('خلاط');
    expect(ranked[0]!.fit).toBeGreaterThanOrEqual(NEED_MIN_WEIGHT);
    expect(ranked.find((x) => x.l.includes('حذاء'))!.fit).toBeLessThan(NEED_MIN_WEIGHT);
  });

  it('credits the words a need stands for at a share of a word the shopper said', () => {
    const listings = ['Rechargeable lantern with 300 lumens of light, فانوس', 'A digital piano for beginners to learn on', ...filler];
    const lightWords: NeedTerm[] = ['light', 'lantern', 'lumens', 'فانوس'].map((term) => ({ term, own: false }));
    const weights = weightsOver(listings, [...lightWords, { term: 'piano', own: true }]);
    const lantern = needFit(listings[0]!, lightWords, weights, text);
    expect(lantern.said).toBe(4);
    expect(lantern.weight).toBeCloseTo(STANDS_FOR_SHARE * lightWords.reduce((n, t) => n + (weights.get(t.term) ?? 0), 0));
    // one spelling of a function said by a single listing weighs a share of the shopper's own word
    expect(needFit(listings[0]!, [{ term: 'lantern', own: false }], weights, text).weight).toBe(STANDS_FOR_SHARE);
    // the shopper's own rare word outweighs two spellings of a function the assistant read into the request
    const piano = needFit(listings[1]!, [{ term: 'piano', own: true }], weights, text);
    const twoSpellings = needFit(listings[0]!, lightWords.slice(1, 3), weights, text);
    expect(piano.weight).toBeGreaterThan(twoSpellings.weight);
  });

  it('counts the start of a compound as saying the word', () => {
    const listings = ['Mesh chair with an adjustable backrest', ...filler];
    const terms: NeedTerm[] = [{ term: 'back', own: true }];
    expect(needFit(listings[0]!, terms, weightsOver(listings, terms), text).said).toBe(1);
  });
});
