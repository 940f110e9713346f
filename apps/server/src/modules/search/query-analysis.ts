import porterStem from 'wink-porter2-stemmer';
import { ARABIC_PARTICLES, arabicBase, arabicReadings, isArabic } from './search.arabic.js';
import {
  editDistance, extractPrice, fvPlural, maxEditsFor, memoiseWords, normalize, numberForms, RELATED_GROUPS, spellingVariants, splitMeasure,
  splitSize, stem, STOPWORDS, subSizes, SYNONYM_GROUPS, tokenize, trigrams,
  type PriceConstraint,
} from './search.text.js';
import type { Vocabulary } from './search.vocabulary.js';
import { arabicSkeleton, LOANWORD_MIN_SKELETON } from './query-loanwords.js';
import {
  KIN_SCAN, MAX_QUERY_TOKENS, PREFIX_INNER_MIN, PREFIX_SCAN, PREFIX_TERMS, RARE_DF, RARE_FIX_MIN_USES, RARE_RATIO, SUFFIX_MIN, SUFFIX_SCAN,
  SUFFIX_TERMS, W_JOINED, W_JOINED_APART, W_KIN, W_NUMBERS_ONLY, W_PARTICLE, W_PREFIX_CLOSED, W_PREFIX_INNER, W_PREFIX_OPEN, W_RELATED,
  W_SIZE_PARTS, W_SPELLING, W_SPLIT, W_SUFFIX, W_SYNONYM, W_TRANSLATED, W_TYPO, W_TYPO_OF_KNOWN, W_UNIT_CONVERTED,
} from './search.weights.js';

// The query analysis (decision 0134): a query's text becomes what the ranking scores — its price words, and its
// concepts (a word or a known phrase, each with its readings: synonyms, related kinds, corrections, completions,
// compounds, word forms, Arabic particles), before any posting is read. A pure function of the text, the options and
// the index's Vocabulary (what the catalogue's words are and how common): the same inputs give the same answer.

/** One way of reading a query concept: its analysed terms and how much a match is worth. */
export type Alternative = { terms: string[]; weight: number };
/** A word or known phrase of the query, with every reading the catalogue knows; `label` is the word as read (corrected). */
export type Concept = { alternatives: Alternative[]; label: string };

export type AnalysedQuery = {
  /** price bounds and intent read from the text ('under 200', 'cheap'), and the text without them */
  price: PriceConstraint;
  /** the concepts, in the query's order; empty when no word is known to the catalogue */
  concepts: Concept[];
  /** each concept's words as read, with the spellings that count for them (the re-ranking's surface bonus) */
  surfaceForms: string[][][];
  /** the neighbouring word pairs around a stop word, as written (the re-ranking's stop-word pair bonus) */
  stopPairs: string[][];
};

/** Reads a query: its price words first, then its concepts from the rest (prefix: the last word may be half typed). */
export function analyseQuery(text: string, opts: { prefix: boolean; translate?: boolean }, vocab: Vocabulary): AnalysedQuery {
  const price = extractPrice(text);
  const concepts = parseConcepts(price.text, opts.prefix, opts.translate === false ? { ...vocab, englishFor: undefined } : vocab);
  return { price, concepts, surfaceForms: surfaceForms(concepts), stopPairs: stopPairs(price.text) };
}

/** The analysed term a typed word would match in this catalogue, with typo correction (for the assistant). */
export function correctWord(token: string, vocab: Vocabulary): string | null {
  const word = normalize(token);
  const t = stem(word);
  if (!t) return null;
  if (vocab.df(t) > 0) return t;
  return fuzzy(word, vocab)[0]?.term ?? null;
}

/** Porter stems of vocabulary words, memoised (each costs microseconds, and a query word looks at up to KIN_SCAN) */
const PORTER_CACHE_MAX = 50_000;
const porter = memoiseWords((w) => porterStem(w), PORTER_CACHE_MAX);

/** synonym lookup: analysed phrase → all analysed phrases of its group */
const SYNONYMS = new Map<string, string[][]>();
let MAX_PHRASE = 1;
const analyzeContent = (text: string) => tokenize(text).filter((t) => !STOPWORDS.has(t)).map(stem);
for (const group of SYNONYM_GROUPS) {
  const analysed = group.map(analyzeContent).filter((p) => p.length > 0);
  for (const p of analysed) {
    const key = p.join(' ');
    const existing = SYNONYMS.get(key) ?? [];
    for (const q of analysed) if (!existing.some((e) => e.join(' ') === q.join(' '))) existing.push(q);
    SYNONYMS.set(key, existing);
    MAX_PHRASE = Math.max(MAX_PHRASE, p.length);
  }
}

/** related lookup: analysed phrase → the analysed first entries of its related groups' synonym sets */
const RELATED = new Map<string, string[][]>();
for (const group of RELATED_GROUPS) {
  const analysed = group.map(analyzeContent);
  for (const p of analysed) {
    const others = analysed.filter((q) => q.join(' ') !== p.join(' '));
    // every synonym of the related kind counts too ('headphones' → earbuds, earphones, buds …)
    const expanded = others.flatMap((o) => SYNONYMS.get(o.join(' ')) ?? [o]);
    for (const syn of SYNONYMS.get(p.join(' ')) ?? [p]) RELATED.set(syn.join(' '), expanded);
  }
}

/** Splits the query into concepts (a word or a known phrase), each with its readings. */
function parseConcepts(text: string, prefix: boolean, vocab: Vocabulary): Concept[] {
  const has = (term: string) => vocab.df(term) > 0;
  const raw = tokenize(text).slice(0, MAX_QUERY_TOKENS);
  const content = raw.filter((t) => !STOPWORDS.has(t));
  const tokens = content.length > 0 ? content : raw;
  const stems = tokens.map(stem);
  const concepts: Concept[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const isLast = i === tokens.length - 1;
    // a known phrase of up to MAX_PHRASE words ('running shoes', 'smart watch')
    let phraseLen = 0;
    for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 2; n--) {
      if (SYNONYMS.has(stems.slice(i, i + n).join(' '))) {
        phraseLen = n;
        break;
      }
    }
    if (phraseLen) {
      const key = stems.slice(i, i + phraseLen).join(' ');
      const alternatives = SYNONYMS.get(key)!.map((terms) => ({ terms, weight: terms.join(' ') === key ? 1 : W_SYNONYM }));
      for (const terms of RELATED.get(key) ?? []) alternatives.push({ terms, weight: W_RELATED });
      concepts.push({ alternatives: known(alternatives, vocab), label: tokens.slice(i, i + phraseLen).join(' ') });
      i += phraseLen - 1;
      continue;
    }
    const t = stems[i]!;
    const alternatives: Alternative[] = [];
    let label = tokens[i]!;
    const exact = has(t);
    if (exact) alternatives.push({ terms: [t], weight: 1 });
    for (const syn of SYNONYMS.get(t) ?? []) if (syn.join(' ') !== t) alternatives.push({ terms: syn, weight: W_SYNONYM });
    for (const rel of RELATED.get(t) ?? []) alternatives.push({ terms: rel, weight: W_RELATED });
    // sizes and measures also find the same numbers written another way ('12x24x1' → 12x24 and 24x1; '10ft' → 10)
    const size = splitSize(t);
    if (size) {
      if (size.length > 2) alternatives.push({ terms: subSizes(size), weight: W_SIZE_PARTS });
      alternatives.push({ terms: size, weight: W_NUMBERS_ONLY });
    }
    const measure = splitMeasure(t);
    if (measure) alternatives.push({ terms: [measure.num], weight: W_NUMBERS_ONLY });
    const converted = measure && otherLengthUnit(measure);
    if (converted) alternatives.push({ terms: [converted], weight: W_UNIT_CONVERTED });
    // 'head phones' → 'headphones'
    const next = tokens[i + 1];
    if (next && /^\p{L}+$/u.test(tokens[i]!) && /^\p{L}+$/u.test(next)) {
      const joined = stem(tokens[i]! + next);
      if (has(joined)) {
        alternatives.push({ terms: [joined], weight: W_JOINED });
        concepts.push({ alternatives: known(alternatives.concat({ terms: [t, stems[i + 1]!], weight: W_JOINED_APART }), vocab), label: `${tokens[i]} ${next}` });
        i++;
        continue;
      }
    }
    const arabic = isArabic(tokens[i]!);
    // an Arabic word is compared without its article in typos and completions (the index keeps its words so)
    const typed = arabic ? arabicBase(tokens[i]!) : tokens[i]!;
    if (arabic && !exact) {
      // a one-letter particle written against the word ('بسماعات', 'لكرسي'): the rest is the catalogue's word
      const bare = withoutParticle(typed, vocab) ?? catalogueReading(typed, vocab);
      if (bare) {
        alternatives.push({ terms: [bare.term], weight: 1 });
        label = bare.word;
      }
    }
    if (arabic && vocab.englishFor) {
      // the catalogue's own bilingual vocabulary (search.bilingual.ts): the English words of listings' names and tags
      // this Arabic word stands for ('تخييم' → camping), so a listing that says it only in English is found too
      const own = alternatives.find((a) => a.weight === 1 && a.terms.length === 1)?.terms[0];
      for (const term of own ? vocab.englishFor(own) : []) {
        if (has(term) && !alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: W_TRANSLATED });
      }
    }
    if (arabic) {
      // the catalogue writes the word with a particle ('لكرسي', 'بلوتوث' in 'وبلوتوث' is handled by the stemmer)
      for (const p of ARABIC_PARTICLES) {
        const term = stem(p + typed);
        if (term !== t && has(term) && !alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: W_PARTICLE });
      }
    }
    const df = vocab.df(t);
    if (!exact || df <= RARE_DF) {
      // 'wiremesh' → wire mesh, '4shelves' → 4 shelves (Latin words only: Arabic does not write compounds together)
      const split = arabic ? null : splitCompound(tokens[i]!, vocab);
      if (split) {
        alternatives.push({ terms: split.terms, weight: W_SPLIT });
        if (!exact) label = split.words.join(' ');
      }
      // a real but rare word is only corrected towards a much more common one ('wireles' → 'wireless')
      const fixes = fuzzy(typed, vocab).filter((f) => !exact || f.count >= Math.max(RARE_FIX_MIN_USES, RARE_RATIO * (vocab.uses(typed) || df)));
      for (const fix of fixes) {
        alternatives.push({ terms: [fix.term], weight: W_TYPO[fix.dist]! * (exact ? W_TYPO_OF_KNOWN : 1) });
        for (const syn of SYNONYMS.get(fix.term) ?? []) alternatives.push({ terms: syn, weight: W_TYPO[fix.dist]! * W_SYNONYM });
      }
      if (!exact && !split && fixes[0] && label === tokens[i]) label = fixes[0].word;
    }
    if (prefix && isLast && typed.length >= 2) {
      for (const term of prefixTerms(typed, t, vocab)) alternatives.push({ terms: [term], weight: exact ? W_PREFIX_CLOSED : W_PREFIX_OPEN });
    } else if (prefix && typed.length >= PREFIX_INNER_MIN && /^\p{L}+$/u.test(typed)) {
      for (const term of prefixTerms(typed, t, vocab)) alternatives.push({ terms: [term], weight: exact ? W_PREFIX_INNER : W_PREFIX_OPEN });
    }
    // the English word-form readings below (f/v plurals, British spellings, compounds, Porter kin) are for Latin words
    if (!arabic && /^\p{L}{3,}$/u.test(tokens[i]!)) {
      // 'shelf' also as shelves (indexed as 'shelve'), 'knives' also as knife
      for (const v of fvPlural(tokens[i]!)) {
        const term = stem(v);
        if (term !== t && has(term) && !alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: 1 });
      }
    }
    if (!arabic && /^\p{L}{4,}$/u.test(tokens[i]!)) {
      for (const v of spellingVariants(tokens[i]!)) {
        const term = stem(v);
        if (term !== t && has(term) && !alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: W_SPELLING });
      }
    }
    if (!arabic && prefix && tokens[i]!.length >= SUFFIX_MIN && /^\p{L}+$/u.test(tokens[i]!)) {
      for (const term of suffixTerms(tokens[i]!, vocab)) {
        if (!alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: W_SUFFIX });
      }
    }
    if (!arabic && tokens[i]!.length >= 3 && /^\p{L}+$/u.test(tokens[i]!)) {
      for (const term of kinTerms(tokens[i]!, t, vocab)) {
        if (!alternatives.some((a) => a.terms.length === 1 && a.terms[0] === term)) alternatives.push({ terms: [term], weight: W_KIN });
      }
    }
    let readings = known(alternatives, vocab);
    if (readings.length === 0 && arabic) {
      // an English trade word in Arabic letters the catalogue writes in Latin ('سبيكر' speaker, 'ساوند بار' soundbar):
      // two words written apart first, then the word alone
      const nextWord = tokens[i + 1];
      const two = nextWord && isArabic(nextWord) && vocab.df(stems[i + 1]!) === 0 ? loanwordReading(typed + arabicBase(nextWord), vocab) : null;
      const one = two ? null : loanwordReading(typed, vocab);
      const loan = two ?? one;
      if (loan) {
        readings = [{ terms: [loan.term], weight: W_TYPO[1]! }];
        label = loan.word;
        if (two) i++;
      }
    }
    if (readings.length > 0) concepts.push({ alternatives: readings, label });
  }
  return concepts;
}

/**
 * The catalogue's Latin word an Arabic word sounds like (query-loanwords.ts), when the catalogue does not hold the Arabic
 * word: 'سبيكر' → speaker, 'كيبورد' → keyboard, 'ساوندبار' → soundbar. The Arabic plural and dual endings are tried off
 * too ('سبيكرات'). Null when no Latin word of the catalogue sounds so.
 */
export function loanwordReading(word: string, vocab: Vocabulary): { term: string; word: string } | null {
  if (!vocab.wordsSounding || word.length < 4) return null;
  for (const w of [word, word.replace(/(?:ات|ين|ان)$/, '')]) {
    const skeleton = arabicSkeleton(w);
    if (skeleton.length < LOANWORD_MIN_SKELETON) continue;
    for (const latin of vocab.wordsSounding(skeleton)) {
      const term = vocab.termOf(latin);
      if (term && vocab.df(term) > 0) return { term, word: latin };
    }
  }
  return null;
}

/**
 * An Arabic word read without a one-letter particle (و ب ل ف ك) when what remains is a word of the catalogue of 2+
 * letters ('بسماعات' → سماعات); null otherwise.
 */
function withoutParticle(word: string, vocab: Vocabulary): { term: string; word: string } | null {
  if (word.length < 4 || !ARABIC_PARTICLES.includes(word[0]!)) return null;
  const rest = arabicBase(word.slice(1));
  const term = stem(rest);
  return vocab.df(term) > 0 ? { term, word: rest } : null;
}

/**
 * The catalogue's form of an Arabic word it does not hold (decision 0178): the first of its readings without particle,
 * attached pronoun or the imperfect's letter, or as the singular of a broken plural (search.arabic `arabicReadings`)
 * whose stem the catalogue holds ('بصوتي' → صوت, 'اتحكم' → تحكم, 'فوانيس' → فانوس); null when none is.
 */
export function catalogueReading(word: string, vocab: Vocabulary): { term: string; word: string } | null {
  for (const w of arabicReadings(word)) {
    const term = stem(w);
    if (vocab.df(term) > 0) return { term, word: w };
  }
  return null;
}

/** The readings all of whose terms the catalogue holds. */
function known(alts: Alternative[], vocab: Vocabulary): Alternative[] {
  return alts.filter((a) => a.terms.every((t) => vocab.df(t) > 0));
}

/** Known words within the typo budget of a typed word, closest first, then most used; with their stems. */
function fuzzy(word: string, vocab: Vocabulary): { term: string; word: string; dist: number; count: number }[] {
  const max = maxEditsFor(word);
  if (max === 0 || !/^\p{L}+$/u.test(word)) return [];
  const grams = trigrams(word);
  const counts = new Map<string, number>();
  for (const g of grams) for (const w of vocab.wordsWithTrigram(g)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const need = Math.max(1, grams.length - 3 * max);
  const out: { term: string; word: string; dist: number; count: number }[] = [];
  for (const [w, c] of counts) {
    if (c < need || w === word) continue;
    const term = vocab.termOf(w)!;
    if (vocab.df(term) === 0) continue;
    const dist = editDistance(word, w, max);
    if (dist <= max) out.push({ term, word: w, dist, count: vocab.uses(w) });
  }
  out.sort((a, b) => a.dist - b.dist || b.count - a.count || (a.word < b.word ? -1 : 1));
  const best = out[0]?.dist;
  const seen = new Set<string>();
  return out.filter((o) => o.dist === best && !seen.has(o.term) && seen.add(o.term)).slice(0, 3);
}

/**
 * A word written together that the catalogue writes as two ('wiremesh' → wire mesh, '4shelves' → 4 shelves):
 * the split whose rarer half is most common, when both halves are known words (or a number and a word).
 */
function splitCompound(word: string, vocab: Vocabulary): { terms: string[]; words: string[] } | null {
  let best: { terms: string[]; words: string[]; support: number } | null = null;
  for (let i = 1; i < word.length; i++) {
    // never inside a number ('2708' is a model number, not 270 8)
    if (/\d/.test(word[i - 1]!) && /\d/.test(word[i]!)) continue;
    const a = word.slice(0, i);
    const b = word.slice(i);
    const support = Math.min(partSupport(a, vocab), partSupport(b, vocab));
    if (support >= 2 && (!best || support > best.support)) best = { terms: [stem(a), stem(b)], words: [a, b], support };
  }
  return best && { terms: best.terms, words: best.words };
}

/** How much a piece of a split word looks like a real word: its use count (letters, 3+), or its df (a number). */
function partSupport(part: string, vocab: Vocabulary): number {
  if (/^\d+$/.test(part)) return vocab.df(part);
  if (part.length < 3 || !/^\p{L}+$/u.test(part) || STOPWORDS.has(part)) return 0;
  return vocab.df(stem(part)) > 0 ? vocab.uses(part) : 0;
}

/**
 * The terms of the catalogue's words with the same Porter stem as the typed word ('painting' → paint, painted):
 * such words begin with nearly all of that stem, so the catalogue's words beginning so are read, at most KIN_SCAN
 * of them (no table of its own: nothing more is stored).
 */
function kinTerms(raw: string, stemmed: string, vocab: Vocabulary): string[] {
  const key = porter(raw);
  const from = key.slice(0, Math.max(3, key.length - 1));
  const found = new Set<string>();
  for (const w of vocab.wordsStartingWith(from, KIN_SCAN)) {
    const t = vocab.termOf(w)!;
    if (t !== stemmed && !found.has(t) && vocab.df(t) > 0 && porter(w) === key) found.add(t);
  }
  return [...found];
}

/**
 * The terms of the catalogue's compounds that end with the typed word after a known word ('bench' → workbench,
 * 'board' → baseboard; not 'net' → cabinet, 'cabi' being no word), most common first (0078).
 */
function suffixTerms(raw: string, vocab: Vocabulary): string[] {
  const found = new Map<string, number>();
  for (const w of vocab.wordsEndingWith(raw, SUFFIX_SCAN)) {
    const head = w.slice(0, w.length - raw.length);
    if (head.length < 3 || partSupport(head, vocab) < 2) continue;
    const t = vocab.termOf(w)!;
    const df = vocab.df(t);
    if (df > 0) found.set(t, df);
  }
  return [...found].sort((a, b) => b[1] - a[1]).slice(0, SUFFIX_TERMS).map(([t]) => t);
}

/** Frequent terms of the words that begin like the word being typed. */
function prefixTerms(raw: string, stemmed: string, vocab: Vocabulary): string[] {
  const found = new Map<string, number>();
  for (const w of vocab.wordsStartingWith(raw, PREFIX_SCAN)) {
    const t = vocab.termOf(w)!;
    const df = vocab.df(t);
    if (t !== stemmed && df > 0) found.set(t, df);
  }
  return [...found].sort((a, b) => b[1] - a[1]).slice(0, PREFIX_TERMS).map(([t]) => t);
}

/**
 * The words of each query concept with letters only, as read (typed, or corrected: its label), not stemmed; each word
 * with the spellings that count for it: itself and its other number ('logs' also as 'log', 0072).
 */
export function surfaceForms(concepts: Concept[]): string[][][] {
  return concepts
    .map((c) => c.label.split(' '))
    .filter((words) => words.every((w) => /^\p{L}+$/u.test(w)))
    // an Arabic word also as the name keeps it: without its article (the index's arabicSurface)
    .map((words) => words.map((w) => (isArabic(w) ? [w, arabicBase(w)] : [w, ...numberForms(w)])));
}

/**
 * The query's neighbouring words of which exactly one is a stop word, as written (letters only): 'trash can' →
 * [trash, can], 'sink and faucet' → [sink, and], [and, faucet] (0075).
 */
export function stopPairs(text: string): string[][] {
  const w = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const out: string[][] = [];
  for (let i = 0; i + 1 < w.length; i++) {
    const a = w[i]!;
    const b = w[i + 1]!;
    if (STOPWORDS.has(a) === STOPWORDS.has(b) || !/^\p{L}+$/u.test(a) || !/^\p{L}+$/u.test(b)) continue;
    out.push([a, b]);
  }
  return out;
}

/** A length in whole feet as inches, or inches that make whole feet as feet ('8ft' → 96in, '96in' → 8ft); else null. */
export function otherLengthUnit(m: { num: string; unit: string }): string | null {
  const v = Number(m.num);
  if (m.unit === 'ft' && Number.isInteger(v) && v > 0) return `${v * 12}in`;
  if (m.unit === 'in' && v >= 12 && Number.isInteger(v / 12)) return `${v / 12}ft`;
  return null;
}
