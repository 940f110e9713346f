/**
 * The simple baseline of bench/reviews-eval.ts: the summary's lexicon read as a bag of words over the whole
 * sentence — every aspect whose term appears anywhere in it, each credited with the sentence's sentiment (sentiment
 * words counted, a negation in the three words before flipping one, 'too' turning praise into a complaint). No clauses,
 * no contrast, no 'at first': what decision 0093 first did per sentence.
 */
import { aspectsIn, sentimentOf } from '../../apps/server/src/modules/reviews/review-summary.js';

export function bagOfWordsClaims(sentence: string): [aspect: string, polarity: 'positive' | 'negative'][] {
  const sentiment = sentimentOf(sentence);
  return sentiment ? aspectsIn(sentence).map((a) => [a, sentiment]) : [];
}
