import porterStem from 'wink-porter2-stemmer';

// Text analysis shared by the index, the query side and the assistant: one normalisation, one stemmer,
// so a word typed by a shopper and the same word in a product meet on the same term.

/** Lower case, accents folded, everything but letters and digits turned into spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokenize(text: string): string[] {
  const n = normalize(text);
  return n ? n.split(' ') : [];
}

const STEM_CACHE_MAX = 200_000;
const stemCache = new Map<string, string>();

/** Porter2 stem, memoised (the catalogue repeats its words a lot). Tokens with digits stay as they are. */
export function stem(token: string): string {
  if (token.length <= 2 || /\d/.test(token)) return token;
  let s = stemCache.get(token);
  if (s === undefined) {
    s = porterStem(token);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(token, s);
  }
  return s;
}

export const analyze = (text: string): string[] => tokenize(text).map(stem);

/** Words that carry no product meaning in a shopping query. Removed only when something else remains. */
export const STOPWORDS = new Set([
  'a', 'an', 'the', 'for', 'with', 'and', 'or', 'of', 'in', 'on', 'to', 'my', 'me', 'i', 'im', 'want', 'wanna', 'need',
  'looking', 'look', 'show', 'find', 'search', 'some', 'any', 'please', 'is', 'are', 'that', 'this', 'it', 'get', 'buy',
  'best', 'good', 'great', 'nice', 'what', 'which', 'do', 'does', 'you', 'have', 'has', 'can', 'could', 'would', 'like',
  'something', 'products', 'product', 'items', 'item', 'stuff', 'thing', 'things', 'got', 'by', 'from', 'at', 'your',
  'our', 'us', 'we', 'there', 'about', 'all', 'one', 'ones', 'let', 'see', 'give', 'recommend', 'suggest', 'options',
]);

/**
 * Equivalent names for the same kind of product. A query naming one also finds the others. Phrases are allowed
 * (a group entry of two words matches those two words in a row).
 */
export const SYNONYM_GROUPS: string[][] = [
  ['phone', 'smartphone', 'mobile', 'mobile phone', 'cellphone', 'cell phone'],
  ['headphones', 'headphone', 'over ear headphones', 'cans'],
  ['earbuds', 'earphones', 'ear buds', 'in ear headphones', 'earpods', 'buds'],
  ['headset', 'gaming headset'],
  ['laptop', 'notebook computer', 'notebook', 'ultrabook'],
  ['tv', 'television', 'smart tv'],
  ['sneakers', 'running shoes', 'trainers', 'sneaker'],
  ['sofa', 'couch', 'settee'],
  ['fridge', 'refrigerator'],
  ['smartwatch', 'smart watch', 'fitness watch'],
  ['fitness tracker', 'activity tracker', 'fitness band'],
  ['speaker', 'loudspeaker'],
  ['monitor', 'display', 'screen'],
  ['bike', 'bicycle', 'cycle'],
  ['backpack', 'rucksack', 'knapsack'],
  ['trousers', 'pants'],
  ['hoodie', 'sweatshirt'],
  ['tshirt', 't shirt', 'tee'],
  ['perfume', 'fragrance', 'cologne', 'eau de parfum'],
  ['vacuum', 'vacuum cleaner', 'hoover'],
  ['coffee maker', 'coffee machine', 'espresso machine'],
  ['sunglasses', 'shades'],
  ['wireless', 'bluetooth', 'cordless'],
  ['kids', 'children', 'child'],
  ['puppy', 'dog'],
  ['kitten', 'cat'],
  ['pan', 'skillet', 'frying pan'],
  ['mug', 'cup'],
  ['jacket', 'coat'],
  ['dumbbells', 'weights', 'dumbbell'],
  ['yoga mat', 'exercise mat', 'workout mat'],
  ['console', 'gaming console', 'game console'],
  ['charger', 'charging adapter', 'power adapter'],
  ['power bank', 'portable charger', 'powerbank'],
  ['moisturizer', 'moisturiser', 'face cream'],
  ['shampoo', 'hair wash'],
  ['blender', 'smoothie maker'],
  ['novel', 'fiction book'],
  ['guitar', 'acoustic guitar'],
  ['keyboard', 'keypad'],
  ['mouse', 'computer mouse'],
  ['tablet', 'ipad'],
  ['camera', 'camcorder'],
  ['drone', 'quadcopter'],
  ['watch', 'wristwatch'],
  ['lamp', 'light'],
  ['kettle', 'electric kettle'],
  ['stroller', 'pram', 'pushchair'],
];

/** Kinds of product close enough to show for each other, ranked below the equivalents. */
export const RELATED_GROUPS: string[][] = [
  ['headphones', 'earbuds', 'headset'],
  ['smartwatch', 'fitness tracker'],
  ['laptop', 'tablet'],
  ['sneakers', 'shoes'],
  ['speaker', 'soundbar'],
];

/**
 * The word that names what a product is: the last word of its name before 'for', 'with', 'by' or a colon,
 * skipping sizes and model numbers ('Laptop Cooling Pad' → pad, 'Case for iPhone 15' → case).
 */
export function headNoun(name: string): string | null {
  const core = name.replace(/\([^)]*\)/g, ' ').split(/\s(?:for|with|by|from|in|-)\s|:|,/i)[0] ?? name;
  const tokens = tokenize(core).filter((t) => !/\d/.test(t));
  return tokens.length ? tokens[tokens.length - 1]! : null;
}

export type PriceIntent = 'low' | 'high' | null;
export type PriceConstraint = { minCents?: number; maxCents?: number; intent: PriceIntent; text: string };

const CUR = String.raw`(?:\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks|\$))?`;
const NUM = String.raw`\$?\s*(\d+(?:\.\d+)?)\s*(k)?`;
const toCents = (n: string, k?: string) => Math.round(parseFloat(n) * (k ? 1000 : 1) * 100);

const RANGE_RES = [
  new RegExp(String.raw`\b(?:between|from)\s+${NUM}${CUR}\s*(?:and|to|-)\s*${NUM}${CUR}`, 'g'),
  new RegExp(String.raw`\$\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:-|to)\s*\$?\s*(\d+(?:\.\d+)?)\s*(k)?`, 'g'),
  new RegExp(String.raw`\b(\d+(?:\.\d+)?)\s*(k)?\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks)\b`, 'g'),
];
// the number must end the phrase: 'pro max 256gb' is a product name, not a price
const END = String.raw`(?![a-z0-9])`;
const MAX_RE = new RegExp(
  String.raw`(?:\b(?:under|below|less than|cheaper than|up to|upto|maximum|within|no more than|at most|not more than|budget(?: of| is)?)|<=?)\s*${NUM}${CUR}${END}`, 'g');
const MIN_RE = new RegExp(
  String.raw`(?:\b(?:over|above|more than|at least|minimum|starting at|from|pricier than)|>=?)\s*${NUM}${CUR}${END}`, 'g');
const AROUND_RE = new RegExp(String.raw`\b(?:around|about|approximately|roughly|circa|~)\s*${NUM}${CUR}${END}`, 'g');
const LOW_WORDS = /\b(?:cheap|cheapest|cheaper|budget|affordable|inexpensive|low cost|low priced|bargain|economical)\b/g;
const HIGH_WORDS = /\b(?:premium|luxury|luxurious|expensive|high end|highend|top end|flagship|priciest|high quality)\b/g;

/**
 * Pulls price wishes out of free text ('under 200', 'between 50 and 100', '$20-$40', 'cheap', 'premium').
 * Returns the bounds in minor units and the text with those phrases removed.
 */
export function extractPrice(raw: string): PriceConstraint {
  let text = raw.toLowerCase().replace(/(\d),(\d{3})\b/g, '$1$2');
  let minCents: number | undefined;
  let maxCents: number | undefined;
  for (const re of RANGE_RES) {
    text = text.replace(re, (_m, a: string, ak: string | undefined, b: string, bk: string | undefined) => {
      const lo = toCents(a, ak);
      const hi = toCents(b, bk);
      minCents = Math.min(lo, hi);
      maxCents = Math.max(lo, hi);
      return ' ';
    });
  }
  text = text.replace(MAX_RE, (_m, a: string, k?: string) => {
    maxCents = Math.min(maxCents ?? Infinity, toCents(a, k));
    return ' ';
  });
  text = text.replace(MIN_RE, (_m, a: string, k?: string) => {
    minCents = Math.max(minCents ?? 0, toCents(a, k));
    return ' ';
  });
  text = text.replace(AROUND_RE, (_m, a: string, k?: string) => {
    const c = toCents(a, k);
    minCents = Math.round(c * 0.75);
    maxCents = Math.round(c * 1.25);
    return ' ';
  });
  let intent: PriceIntent = null;
  text = text.replace(LOW_WORDS, () => ((intent = 'low'), ' '));
  text = text.replace(HIGH_WORDS, () => ((intent = intent ?? 'high'), ' '));
  return { minCents, maxCents, intent, text: text.replace(/\s+/g, ' ').trim() };
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps), stopping early once it exceeds max.
 * Returns max + 1 when the distance is larger than max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]! > max ? max + 1 : prev[n]!;
}

/** The typo budget of a query word: short words must match exactly, long ones may be two edits away. */
export const maxEditsFor = (token: string) => (token.length <= 3 ? 0 : token.length <= 5 ? 1 : 2);

export function trigrams(term: string): string[] {
  const padded = `^${term}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}
