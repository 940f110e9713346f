import type { Product } from '@souq/shared/api/catalogue';
import type { SearchService } from '../search/search.service.js';
export { aboutTheQuery } from '../search/query-kind.js';

// How the assistant reads products out of a shopper's words, on top of the search's ranking (never inside it):
// which products a message NAMES ('the aura studio', 'nova x15 pro'), and which of the search's matches are about the
// words the shopper typed rather than merely mentioning them in a description (a tote "fits a laptop" is no laptop).

type Text = SearchService['text'];

/** Sizes, capacities and the like are no part of a name a shopper would type ('256gb', '1l', '6mm'). */
const UNIT = /^\d+(gb|tb|mm|cm|ml|l|kg|g|w|mah|inch|hz)$/;
/** A word in the names of at most this many of the message's best matches tells one product from the rest. */
const DISTINCT_MAX = 2;

const isModelNumber = (t: string) => /\d/.test(t) && /[a-z]/.test(t);

/**
 * Words that ask for a range of products of an activity or a kind ('camping gear', 'gaming accessories', «معدات تخييم»,
 * «مستلزمات القطط»): beside them a word that happens to be in one product's name names no product; only a model number
 * does. ('Essentials' and 'kit' are in product names, so they are not among them.)
 */
export const RANGE_WORDS = /\b(gear|equipment|supplies|accessories)\b|(^|\s)(?:و|ب|ل)?(?:ال)?(معدات|ادوات|أدوات|مستلزمات|لوازم|اغراض|أغراض|اكسسوارات|إكسسوارات|تجهيزات)(?=[\s،,.؟?!]|$)/i;

/** A product's names as a shopper may type them: its own and its Arabic one, without the bracketed asides. */
const nameOf = (p: Product) => `${p.name} ${p.name_ar}`.replace(/\([^)]*\)/g, ' ');

/**
 * The products a message names, best first, among the search's best matches for it (`candidates`). A product is named
 * when the message has at least two words of its name or brand, one of them telling (a model number, or a word in the
 * names of at most two of the candidates and no kind of product), or its model number, or a word no other
 * candidate's name has that is not its brand ('liftdesk'). A product whose matched words another named product also matched, and more, is not named on
 * its own ('nova x15 pro' names the Pro, not also the Mini).
 */
export function namedProducts(text: Text, message: string, candidates: Product[]): Product[] {
  const { analyze, isStopword } = text;
  const said = new Set(analyze(message));
  const range = RANGE_WORDS.test(message);
  const nameWords = new Map(candidates.map((p) => [p.id, new Set([...analyze(nameOf(p)), ...analyze(p.brand)])]));
  const frequency = (t: string) => candidates.filter((p) => nameWords.get(p.id)!.has(t)).length;
  // a kind of product names none: a category word, or a tag several candidates share ('books', 'headphones')
  const categoryWords = new Set(candidates.flatMap((p) => analyze(p.categories.join(' '))));
  const tagCount = new Map<string, number>();
  for (const p of candidates) for (const t of new Set(analyze([...p.tags, ...p.keywords].join(' ')))) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
  // a word inside a category's compound is a kind too ('phone' of 'smartphones')
  const compounds = [...new Set(candidates.flatMap((p) => text.tokenize(p.categories.join(' '))))].filter((w) => w.length >= 7);
  const kindWord = (t: string) => categoryWords.has(t) || (tagCount.get(t) ?? 0) >= 2 || (t.length >= 4 && compounds.some((w) => w !== t && w.includes(t)));
  // a word other candidates' own texts use too ('charge' of 'FitBand Charge 6', when listings speak of charging) is an
  // everyday word, not a name: it names no product on its own ('how much do you charge for delivery?')
  const textWords = new Map(candidates.map((p) => [p.id, new Set(analyze([p.description, ...p.bullet_points].join(' ')))]));
  const everyday = (t: string, self: Product) => candidates.filter((p) => p.id !== self.id && textWords.get(p.id)!.has(t)).length >= 2;
  type Match = { p: Product; words: Set<string>; telling: number };
  const matches: Match[] = [];
  for (const p of candidates) {
    const brand = new Set(analyze(p.brand));
    const tokens = [...new Set(analyze(nameOf(p)))].filter((t) => !isStopword(t) && !UNIT.test(t));
    const matched = tokens.filter((t) => said.has(t));
    if (matched.length === 0) continue;
    const words = new Set([...matched, ...[...brand].filter((t) => said.has(t))]);
    let telling = 0;
    let unique = false;
    for (const t of matched) {
      if (isModelNumber(t)) {
        telling++;
        // a model number names its product on its own ('the Q30')
        if (t.length >= 3) unique = true;
        continue;
      }
      if (kindWord(t)) continue;
      const n = frequency(t);
      if (n <= DISTINCT_MAX && t.length >= 3) telling++;
      if (n === 1 && !brand.has(t) && t.length >= 4 && !/^\d+$/.test(t) && !everyday(t, p)) unique = true;
    }
    const byModel = matched.some((t) => isModelNumber(t) && t.length >= 3);
    if (range && !byModel) continue;
    if ((telling >= 1 && words.size >= 2) || unique) matches.push({ p, words, telling });
  }
  const dominated = (a: Match) => matches.some((b) => b !== a && b.words.size > a.words.size && [...a.words].every((w) => b.words.has(w)));
  return matches
    .filter((m) => !dominated(m))
    .sort((a, b) => b.telling - a.telling || b.words.size - a.words.size)
    .map((m) => m.p);
}
