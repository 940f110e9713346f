import type { SummaryAspect } from '@souq/shared/api/reviews';
import { MSG } from '@souq/shared/messages';

/**
 * What buyers praise and criticise, built offline from review texts (decision 0093): no model, no download, the
 * same answer for the same reviews. A sentence that names an aspect (from a general lexicon, not the demo's texts)
 * and carries a sentiment (sentiment words, with negation) becomes a claim (per clause), and every claim is quoted from the
 * review that makes it. An aspect no review mentions can never appear: claims come only from matched sentences.
 */

export type SummaryInput = { id: number; title: string; body: string; stars: number };
export type Sentiment = 'positive' | 'negative';

/** An aspect's key is its label's key in MSG.reviewAspects (the label in each language the summary is read in). */
type AspectKey = keyof typeof MSG.reviewAspects;
type AspectDef = { aspect: AspectKey; label: string; terms: string[] };

/** Aspects shoppers talk about across a general catalogue. Terms are whole words or phrases, lower case. */
export const ASPECTS: readonly AspectDef[] = [
  { aspect: 'battery', label: MSG.reviewAspects.battery, terms: ['battery', 'batteries', 'charge', 'charging', 'charger', 'battery life'] },
  { aspect: 'screen', label: MSG.reviewAspects.screen, terms: ['screen', 'display', 'brightness', 'resolution'] },
  { aspect: 'sound', label: MSG.reviewAspects.sound, terms: ['sound', 'audio', 'bass', 'volume', 'speaker', 'speakers', 'microphone', 'mic'] },
  { aspect: 'noise', label: MSG.reviewAspects.noise, terms: ['noise', 'noisy', 'loud', 'quiet', 'silent', 'noise cancelling'] },
  { aspect: 'quality', label: MSG.reviewAspects.quality, terms: ['quality', 'build', 'build quality', 'sturdy', 'solid', 'flimsy', 'well made', 'cheaply made'] },
  { aspect: 'durability', label: MSG.reviewAspects.durability, terms: ['durable', 'durability', 'lasts', 'lasted', 'broke', 'broken', 'wear', 'worn', 'tear', 'scratches', 'scratched'] },
  { aspect: 'value', label: MSG.reviewAspects.value, terms: ['price', 'value', 'money', 'worth', 'expensive', 'cheap', 'overpriced', 'bargain', 'deal'] },
  { aspect: 'size', label: MSG.reviewAspects.size, terms: ['size', 'fit', 'fits', 'sizing', 'small', 'large', 'tight', 'loose', 'big'] },
  { aspect: 'comfort', label: MSG.reviewAspects.comfort, terms: ['comfort', 'comfortable', 'uncomfortable', 'cushion', 'cushioning', 'soft', 'ergonomic'] },
  { aspect: 'weight', label: MSG.reviewAspects.weight, terms: ['weight', 'heavy', 'light', 'lightweight', 'bulky'] },
  { aspect: 'design', label: MSG.reviewAspects.design, terms: ['design', 'look', 'looks', 'style', 'stylish', 'colour', 'color', 'finish', 'beautiful', 'ugly'] },
  { aspect: 'performance', label: MSG.reviewAspects.performance, terms: ['performance', 'speed', 'powerful', 'power', 'lag', 'laggy', 'processor', 'responsive'] },
  { aspect: 'ease', label: MSG.reviewAspects.ease, terms: ['easy', 'simple', 'intuitive', 'setup', 'set up', 'install', 'instructions', 'complicated', 'confusing'] },
  { aspect: 'connectivity', label: MSG.reviewAspects.connectivity, terms: ['bluetooth', 'wifi', 'wi-fi', 'app', 'connection', 'connects', 'pairing', 'pairs', 'signal'] },
  { aspect: 'camera', label: MSG.reviewAspects.camera, terms: ['camera', 'photos', 'pictures', 'video', 'lens', 'zoom'] },
  { aspect: 'material', label: MSG.reviewAspects.material, terms: ['material', 'materials', 'fabric', 'leather', 'plastic', 'metal', 'stitching'] },
  { aspect: 'cleaning', label: MSG.reviewAspects.cleaning, terms: ['clean', 'cleaning', 'wash', 'washable', 'dishwasher'] },
  { aspect: 'smell', label: MSG.reviewAspects.smell, terms: ['smell', 'smells', 'scent', 'fragrance', 'taste', 'flavour', 'flavor'] },
  { aspect: 'delivery', label: MSG.reviewAspects.delivery, terms: ['delivery', 'delivered', 'shipping', 'arrived', 'packaging', 'package', 'box'] },
  { aspect: 'service', label: MSG.reviewAspects.service, terms: ['seller', 'service', 'support', 'warranty', 'refund', 'replacement'] },
];

const POSITIVE = new Set([
  'good', 'great', 'excellent', 'amazing', 'awesome', 'love', 'loved', 'loves', 'perfect', 'fantastic', 'brilliant', 'nice',
  'best', 'happy', 'pleased', 'impressive', 'impressed', 'superb', 'solid', 'sturdy', 'comfortable', 'easy', 'fast',
  'quick', 'quickly', 'bright', 'clear', 'crisp', 'reliable', 'recommend', 'recommended', 'worth', 'bargain', 'beautiful',
  'stylish', 'lasts', 'smooth', 'quiet', 'light', 'lightweight', 'powerful', 'durable', 'intuitive', 'simple', 'well',
  'strong', 'soft', 'fine', 'generous', 'helpful', 'lovely', 'gorgeous', 'decent', 'outstanding', 'flawless', 'rich',
  'accurate', 'responsive', 'stable', 'secure', 'premium', 'sharp', 'vivid', 'long', 'plenty', 'fits',
]);
const NEGATIVE = new Set([
  'bad', 'poor', 'terrible', 'awful', 'horrible', 'worst', 'hate', 'hated', 'disappointed', 'disappointing', 'broke',
  'broken', 'cheap', 'flimsy', 'slow', 'uncomfortable', 'difficult', 'hard', 'complicated', 'confusing', 'expensive',
  'overpriced', 'noisy', 'loud', 'heavy', 'bulky', 'dim', 'weak', 'short', 'late', 'damaged', 'faulty', 'defective',
  'useless', 'problem', 'problems', 'issue', 'issues', 'fails', 'failed', 'stopped', 'died', 'drains', 'tight', 'small',
  'loose', 'leaks', 'leaked', 'scratched', 'scratches', 'ugly', 'laggy', 'lag', 'annoying', 'mediocre', 'dull',
  'unreliable', 'unstable', 'disconnects', 'drops', 'smells', 'rough', 'thin', 'wobbly', 'missing', 'returned', 'waste',
]);
const NEGATIONS = new Set(['not', 'no', 'never', 'hardly', 'barely', "isn't", "wasn't", "doesn't", "didn't", "don't", "aren't", "won't", "can't", 'cannot', 'nothing', 'without']);
/** "too" turns a neutral or positive size/weight word into a complaint ("too small", "too light"). */
const INTENSIFY_NEGATIVE = new Set(['too']);

/** Sentences with their exact text (a substring of the review), so a quote is always the buyer's own words. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[^.!?\n]+[.!?]*/g)) {
    const s = m[0].trim();
    if (s.length >= 3) out.push(s);
  }
  return out;
}

/**
 * Clauses of a sentence, split at commas, semicolons and contrast words ("good phone, average battery"; "great
 * sound but heavy"), so a sentiment word in one clause is not credited to an aspect named in another. Each clause
 * is verbatim text of the review.
 */
export function clausesOf(sentence: string): string[] {
  return sentence.split(/[,;]|\s(?=(?:but|though|although|except|yet)\s)/i).map((c) => c.trim()).filter((c) => c.length >= 3);
}

const wordsOf = (sentence: string) => sentence.toLowerCase().replace(/[’']/g, "'").match(/[a-z][a-z'-]*/g) ?? [];

/** Whether a word sequence contains a term (one or more words) as whole words. */
function hasTerm(words: string[], term: string): boolean {
  const parts = term.split(' ');
  outer: for (let i = 0; i + parts.length <= words.length; i++) {
    for (let j = 0; j < parts.length; j++) if (words[i + j] !== parts[j]) continue outer;
    return true;
  }
  return false;
}

/** The aspects a sentence names. */
export function aspectsIn(sentence: string): string[] {
  const words = wordsOf(sentence);
  return ASPECTS.filter((a) => a.terms.some((t) => hasTerm(words, t))).map((a) => a.aspect);
}

/** The sentiment of a sentence from its words (a negation within the three words before flips one), or null. */
export function sentimentOf(sentence: string): Sentiment | null {
  const words = wordsOf(sentence);
  let score = 0;
  words.forEach((w, i) => {
    const before = words.slice(Math.max(0, i - 3), i);
    const negated = before.some((b) => NEGATIONS.has(b) || b.endsWith("n't"));
    if (POSITIVE.has(w)) score += negated || before.some((b) => INTENSIFY_NEGATIVE.has(b)) ? -1 : 1;
    else if (NEGATIVE.has(w)) score += negated ? 1 : -1;
  });
  return score > 0 ? 'positive' : score < 0 ? 'negative' : null;
}

const QUOTE_MAX = 240;
const QUOTES_PER_ASPECT = 3;
const ASPECTS_PER_SIDE = 5;

/**
 * Aspects with their counts (reviews, each counted once per aspect and side) and quotes, split into praise and
 * criticism. Deterministic: ties break by aspect order, quotes by newest review id first.
 */
export function summarize(reviews: readonly SummaryInput[]): { praise: SummaryAspect[]; criticism: SummaryAspect[] } {
  type Acc = { positive: Map<number, string>; negative: Map<number, string> };
  const acc = new Map<string, Acc>();
  const ordered = [...reviews].sort((a, b) => b.id - a.id);
  for (const r of ordered) {
    for (const sentence of [...sentencesOf(r.title), ...sentencesOf(r.body)].flatMap(clausesOf)) {
      // a claim rests only on a clause it can quote whole: cutting a long one could drop the very words (the aspect,
      // the sentiment) the claim is drawn from (fast-check found such a quote)
      if (sentence.length > QUOTE_MAX) continue;
      const aspects = aspectsIn(sentence);
      if (!aspects.length) continue;
      const sentiment = sentimentOf(sentence);
      if (!sentiment) continue;
      for (const aspect of aspects) {
        let a = acc.get(aspect);
        if (!a) acc.set(aspect, (a = { positive: new Map(), negative: new Map() }));
        const side = a[sentiment];
        if (!side.has(r.id)) side.set(r.id, sentence);
      }
    }
  }
  const side = (sentiment: Sentiment): SummaryAspect[] =>
    ASPECTS.flatMap((def) => {
      const a = acc.get(def.aspect);
      if (!a || a[sentiment].size === 0) return [];
      const quotes = [...a[sentiment]].slice(0, QUOTES_PER_ASPECT).map(([review_id, quote]) => ({ review_id, quote, sentiment }));
      return [{ aspect: def.aspect, label: def.label, positive: a.positive.size, negative: a.negative.size, quotes }];
    })
      .sort((x, y) => (sentiment === 'positive' ? y.positive - x.positive : y.negative - x.negative))
      .slice(0, ASPECTS_PER_SIDE);
  return { praise: side('positive'), criticism: side('negative') };
}
