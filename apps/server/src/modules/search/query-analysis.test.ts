import { describe, expect, it } from 'vitest';
import { analyseQuery, correctWord, type AnalysedQuery } from './query-analysis.js';
import { stem, tokenize } from './search.text.js';
import { vocabularyOf } from './test-vocabulary.js';
import { W_JOINED, W_PARTICLE, W_PREFIX_OPEN, W_RELATED, W_SPLIT, W_SYNONYM, W_TYPO } from './search.weights.js';

// The query analysis alone (decision 0134): no index, no products, only a vocabulary of a few product names, built
// as the index builds its own (the words as written in a WordList, document frequencies of the analysed terms).

const NAMES = [
  'Wireless Headphones Pro',
  'Noise Cancelling Headphones',
  'Running Shoes for Men',
  'Gaming Laptop 15 in.',
  'Laptop Sleeve',
  'Galvanized Wire Mesh Panel',
  'Wire Shelf',
  'Steel Mesh Guard',
  'Chair Rail Moulding',
  'سماعات رأس لاسلكية',
  'هاتف ذكي',
  'كرسي مكتب',
];


const vocab = vocabularyOf(NAMES);
const read = (q: string, prefix = false) => analyseQuery(q, { prefix }, vocab);
/** a word as the index analyses it (folded, stemmed) */
const term = (word: string) => stem(tokenize(word)[0]!);
const labels = (a: AnalysedQuery) => a.concepts.map((c) => c.label);
/** the weight of the reading of a concept that is exactly these terms, or undefined */
const weightOf = (a: AnalysedQuery, concept: number, terms: string[]) =>
  a.concepts[concept]?.alternatives.find((x) => x.terms.join(' ') === terms.join(' '))?.weight;

describe('query analysis: English', () => {
  it('reads each known word as a concept, corrects a typo towards the catalogue and keeps the corrected word as its label', () => {
    const a = read('wireles headphones');
    expect(labels(a)).toEqual(['wireless', 'headphones']);
    expect(weightOf(a, 0, ['wireless'])).toBe(W_TYPO[1]);
    expect(weightOf(a, 1, ['headphone'])).toBe(1);
    expect(correctWord('hedphones', vocab)).toBe('headphone');
    expect(correctWord('xyz', vocab)).toBeNull();
  });

  it('finds no concept in words the catalogue does not know', () => {
    expect(read('xyzzy').concepts).toEqual([]);
    expect(read('xyzzy', true).concepts).toEqual([]);
  });

  it('reads a word written together as the two words the catalogue writes (wiremesh → wire mesh)', () => {
    const a = read('wiremesh');
    expect(labels(a)).toEqual(['wire mesh']);
    expect(weightOf(a, 0, ['wire', 'mesh'])).toBe(W_SPLIT);
  });

  it('joins two words the catalogue writes as one (head phones → headphones)', () => {
    const a = read('head phones');
    expect(labels(a)).toEqual(['head phones']);
    expect(weightOf(a, 0, ['headphone'])).toBe(W_JOINED);
  });

  it('completes the last word only with prefix matching on', () => {
    expect(read('lapt').concepts).toEqual([]);
    const a = read('lapt', true);
    expect(weightOf(a, 0, ['laptop'])).toBe(W_PREFIX_OPEN);
  });

  it('expands a known phrase by its synonyms and related kinds, keeping only readings the catalogue holds', () => {
    const a = read('sneakers');
    expect(weightOf(a, 0, ['running', 'shoe'])).toBe(W_SYNONYM);
    expect(weightOf(a, 0, ['shoe'])).toBe(W_RELATED);
    for (const alt of a.concepts[0]!.alternatives) for (const t of alt.terms) expect(vocab.df(t)).toBeGreaterThan(0);
  });

  it('keeps the word pairs around a stop word for the re-ranking, and the words as read with their other number', () => {
    const a = read('chair and rail');
    expect(labels(a)).toEqual(['chair', 'rail']);
    expect(a.stopPairs).toEqual([['chair', 'and'], ['and', 'rail']]);
    expect(a.surfaceForms[0]![0]).toContain('chairs');
  });
});

describe('query analysis: price intent', () => {
  it('takes the price words out of the text before reading concepts', () => {
    const a = read('cheap laptop under 200');
    expect(a.price).toMatchObject({ maxCents: 20_000, intent: 'low', text: 'laptop' });
    expect(labels(a)).toEqual(['laptop']);
  });

  it('reads a range and a high intent', () => {
    expect(read('between 50 and 100 aed headphones').price).toMatchObject({ minCents: 5000, maxCents: 10_000, intent: null });
    const premium = read('premium headphones');
    expect(premium.price.intent).toBe('high');
    expect(labels(premium)).toEqual(['headphones']);
  });

  it('leaves no concept for a query made only of price words', () => {
    const a = read('under 100');
    expect(a.price.maxCents).toBe(10_000);
    expect(a.concepts).toEqual([]);
  });
});

describe('query analysis: Arabic', () => {
  it('folds the article and letter forms and finds the catalogue words, with their English synonyms', () => {
    const a = read('السماعات اللاسلكية');
    expect(a.concepts).toHaveLength(2);
    expect(weightOf(a, 0, [term('سماعات')])).toBe(1);
    expect(weightOf(a, 1, [term('لاسلكية')])).toBe(1);
    expect(weightOf(a, 1, ['wireless'])).toBe(W_SYNONYM);
  });

  it('reads a word written with a one-letter particle as the catalogue word, labelled without it', () => {
    const a = read('بسماعات');
    expect(labels(a)).toEqual(['سماعات']);
    expect(weightOf(a, 0, [term('سماعات')])).toBe(1);
    expect(labels(read('لكرسي'))).toEqual(['كرسي']);
  });

  it('reads a catalogue word that is written with a particle when the query writes it bare', () => {
    const withParticle = analyseQuery('كرسي', { prefix: false }, vocabularyOf(['لكرسي المكتب']));
    expect(weightOf(withParticle, 0, [term('لكرسي')])).toBe(W_PARTICLE);
  });

  it('reads a phrase in the plural (هواتف ذكية) through its synonym group', () => {
    const a = read('هواتف ذكية');
    expect(a.concepts).toHaveLength(1);
    expect(weightOf(a, 0, [term('هاتف'), term('ذكي')])).toBe(1);
  });
});

describe('query analysis: pure', () => {
  it('gives the same answer for the same text, options and vocabulary', () => {
    for (const q of ['wireles headphones', 'السماعات اللاسلكية', 'cheap laptop under 200', 'lapt']) {
      expect(read(q, true)).toEqual(read(q, true));
    }
  });

  it('answers from the vocabulary it is given: the same words read against an empty catalogue find nothing', () => {
    const empty = vocabularyOf([]);
    expect(analyseQuery('wireless headphones', { prefix: true }, empty).concepts).toEqual([]);
  });
});
