import type { SummaryAspect } from '@souq/shared/api/reviews';
import { MSG } from '@souq/shared/messages';
import { foldArabic } from '../search/search.arabic.js';
import { claimsOf, type Sentiment } from './review-claims.js';
import { ASPECT_ORDER, NEGATIONS, NEGATIVE, POSITIVE, TERMS, TOO, type AspectKey } from './review-lexicon.js';

/**
 * What buyers praise and criticise, built offline from review texts (decisions 0093, 0129): no model, no download, the
 * same answer for the same reviews. Each sentence of each review is read clause by clause (review-claims.ts, in English
 * and Arabic): the aspects it judges, with their polarity, and the quote it was read from. An aspect no review mentions
 * can never appear: claims come only from what reviews say. An aspect with praise and complaints is on both sides,
 * with both counts: a complaint is never dropped because others praise the same thing.
 */

export type SummaryInput = { id: number; title: string; body: string; stars: number };
export type { Sentiment } from './review-claims.js';

/** Sentences with their exact text (a substring of the review), so a quote is always the buyer's own words. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[^.!?؟\n]+[.!?؟]*/g)) {
    const s = m[0].trim();
    if (s.length >= 3) out.push(s);
  }
  return out;
}

/** The words of a text as the lexicon reads them (Arabic folded). */
const wordsOf = (text: string) =>
  (foldArabic(text.normalize('NFKD')).normalize('NFC').toLowerCase().replace(/[’']/g, "'").match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [])
    .map((w) => w.replace(/^(?:وال|بال|فال|كال|لل|ال)(?=\S{2})/, ''));

/** The aspects a text names anywhere (a shopper's question names the aspects it asks about: 'how is the battery?'). */
export function aspectsIn(text: string): AspectKey[] {
  const words = wordsOf(text);
  const named = new Set<AspectKey>();
  for (const term of TERMS) {
    for (let i = 0; i + term.words.length <= words.length; i++) {
      if (term.words.every((w, k) => words[i + k] === w)) named.add(term.aspect);
    }
  }
  return ASPECT_ORDER.filter((a) => named.has(a));
}

/**
 * The sentiment of a whole text as a bag of words (a negation within the three words before flips one, 'too' makes a
 * complaint), or null: the simple reading the clause reader is measured against (bench:reviews).
 */
export function sentimentOf(text: string): Sentiment | null {
  const words = wordsOf(text);
  let score = 0;
  words.forEach((w, i) => {
    const before = words.slice(Math.max(0, i - 3), i);
    const negated = before.some((b) => NEGATIONS.has(b) || b.endsWith("n't"));
    if (POSITIVE.has(w)) score += negated || before.some((b) => TOO.has(b)) ? -1 : 1;
    else if (NEGATIVE.has(w)) score += negated ? 1 : -1;
  });
  return score > 0 ? 'positive' : score < 0 ? 'negative' : null;
}

const QUOTE_MAX = 240;
const QUOTES_PER_ASPECT = 3;
const ASPECTS_PER_SIDE = 5;
const label = (aspect: AspectKey) => MSG.reviewAspects[aspect];

/**
 * Aspects with their counts (reviews, each counted once per aspect and side) and quotes, split into praise and
 * criticism. Deterministic: ties break by aspect order, quotes by newest review id first. Each side lists its five most
 * mentioned aspects, and criticism also every aspect the praise lists that some buyer complains about.
 */
export function summarize(reviews: readonly SummaryInput[]): { praise: SummaryAspect[]; criticism: SummaryAspect[] } {
  type Acc = { positive: Map<number, string>; negative: Map<number, string> };
  const acc = new Map<AspectKey, Acc>();
  const ordered = [...reviews].sort((a, b) => b.id - a.id);
  for (const r of ordered) {
    for (const sentence of [...sentencesOf(r.title), ...sentencesOf(r.body)]) {
      for (const claim of claimsOf(sentence)) {
        // a claim rests only on a quote it can show whole: cutting a long one could drop the very words it is read from
        if (claim.quote.length > QUOTE_MAX) continue;
        let a = acc.get(claim.aspect);
        if (!a) acc.set(claim.aspect, (a = { positive: new Map(), negative: new Map() }));
        const side = a[claim.sentiment];
        if (!side.has(r.id)) side.set(r.id, claim.quote);
      }
    }
  }
  const side = (sentiment: Sentiment): SummaryAspect[] =>
    ASPECT_ORDER.flatMap((aspect) => {
      const a = acc.get(aspect);
      if (!a || a[sentiment].size === 0) return [];
      const quotes = [...a[sentiment]].slice(0, QUOTES_PER_ASPECT).map(([review_id, quote]) => ({ review_id, quote, sentiment }));
      return [{ aspect, label: label(aspect), positive: a.positive.size, negative: a.negative.size, quotes }];
    }).sort((x, y) => (sentiment === 'positive' ? y.positive - x.positive : y.negative - x.negative));
  const praise = side('positive').slice(0, ASPECTS_PER_SIDE);
  const praised = new Set(praise.map((a) => a.aspect));
  const complaints = side('negative');
  const criticism = complaints.filter((a, i) => i < ASPECTS_PER_SIDE || praised.has(a.aspect));
  return { praise, criticism };
}
