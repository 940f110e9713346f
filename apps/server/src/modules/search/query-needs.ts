// Issue 37 item 2, decision 0176: a need matched to what listings say they do, weighed with the catalogue's own
// statistics. Shared by the assistant's need answer (assistant.needs.ts) and anything else that reads a request told by
// an activity ('smoothies every morning', «أتحكم فيها بالصوت») rather than by a product type.

/** How a text is read: the search module's own analysis (stems, Arabic normalisation) and tokens. */
export type NeedText = { analyze: (s: string) => string[]; tokenize: (s: string) => string[]; normalize: (s: string) => string };

/**
 * One asked word: the shopper's own word, or a word a need stands for (a guess of the words listings use for it). Those
 * count at STANDS_FOR_SHARE of a word the shopper said, so the shopper's own rare word ('piano') outweighs two or three
 * spellings of a function the assistant read into the request ('beginners', 'learn').
 */
export type NeedTerm = { term: string; own: boolean };

/** A word a need stands for counts this share of a word the shopper said: it is our reading, not their words. */
export const STANDS_FOR_SHARE = 0.3;

/**
 * How much a word tells about a listing that says it: its inverse document frequency over the catalogue, scaled so a word
 * said by one listing weighs 1 and a word said by every listing 0 (log N / df over log N). 'smoothies', said by one
 * listing, weighs as much as any word can; 'make' or 'every' ('everything', 'everyday'), said by many, weigh little.
 * `df` is how many listings say the word, `size` how many listings there are.
 */
export function wordWeight(df: number, size: number): number {
  if (df <= 0 || size <= 1) return 0;
  const idf = Math.max(0, Math.log(size / Math.min(df, size)) / Math.log(size));
  // squared: two words each said by a tenth of the catalogue ('make', 'every') tell less than one said by a single
  // listing ('smoothies')
  return idf * idf;
}

/**
 * Does a listing's text say the asked word? Its stems include all of the word's stems, or — for a single word of four
 * letters or more — one of its words starts with it (the start of a compound: 'back' in 'backrest'). The word's weight
 * must count the listings the same way (prefix search for such words), or 'every' would weigh as a rare word while
 * matching 'everything'.
 */
export function matchesByPrefix(term: string, text: NeedText): boolean {
  return isPrefixWord(text.normalize(term));
}
/** A normalised single word of four letters or more: also read as the start of a compound. */
const isPrefixWord = (n: string) => n.length >= 4 && !n.includes(' ');

/** An asked word as a listing is checked for it: its stems, and its normalised form when a compound may start with it. */
type AskedWord = { stems: string[]; prefix: string | null };
const askedWord = (term: string, text: NeedText): AskedWord => {
  const n = text.normalize(term);
  return { stems: text.analyze(term), prefix: isPrefixWord(n) ? n : null };
};
const says = (listing: { stems: Set<string>; raw: string[] }, w: AskedWord): boolean =>
  (w.stems.length > 0 && w.stems.every((x) => listing.stems.has(x))) || (w.prefix !== null && listing.raw.some((r) => r.startsWith(w.prefix!)));

export function saysWord(listing: { stems: Set<string>; raw: string[] }, term: string, text: NeedText): boolean {
  return says(listing, askedWord(term, text));
}

/**
 * A listing's fit to a need: the summed weight of the asked words its text says (the shopper's own words in full, the
 * words a need stands for at STANDS_FOR_SHARE), and how many of them it says. A listing is an answer when that weight is
 * at least NEED_MIN_WEIGHT: one word only a listing or two of the catalogue say (the blender that says smoothies), or
 * several words that are each less rare.
 */
export function needFit(listingText: string, terms: NeedTerm[], weights: Map<string, number>, text: NeedText): { weight: number; said: number } {
  return needFitOf(terms, weights, text)(listingText);
}

/**
 * needFit for one request's words over many listings: the asked words are read (analysed, normalised) once, not again
 * for every listing (decision 0177); each listing's text is read once.
 */
export function needFitOf(terms: NeedTerm[], weights: Map<string, number>, text: NeedText): (listingText: string) => { weight: number; said: number } {
  const asked = terms.flatMap((t) => {
    const w = weights.get(t.term);
    return w === undefined ? [] : [{ ...askedWord(t.term, text), weight: w * (t.own ? 1 : STANDS_FOR_SHARE) }];
  });
  const anyPrefix = asked.some((a) => a.prefix !== null);
  return (listingText) => {
    const listing = { stems: new Set(text.analyze(listingText)), raw: anyPrefix ? text.tokenize(listingText) : [] };
    let weight = 0;
    let said = 0;
    for (const a of asked) {
      if (!says(listing, a)) continue;
      said++;
      weight += a.weight;
    }
    return { weight, said };
  };
}

/**
 * The least fit (summed squared word weight) that answers a need. Of 80 listings: one word said by at most two of them,
 * or two words each said by at most about six; of 50,000: one word said by at most about twelve.
 */
export const NEED_MIN_WEIGHT = 0.7;
