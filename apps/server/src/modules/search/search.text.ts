// Text analysis shared by the index, the query side and the assistant: one normalisation, one stemmer,
// so a word typed by a shopper and the same word in a product meet on the same term.
import { ARABIC_STOPWORDS, ARABIC_UNITS, arabicMaxEdits, arabicStem, foldArabic, isArabic } from './search.arabic.js';

/** Lower case, accents folded, everything but letters and digits turned into spaces ('.' and '/' kept inside numbers). */
export function normalize(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}./]+/gu, ' ')
    .replace(/(?<!\d)[./]+|[./]+(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Lower case, accents folded, Arabic normalised (diacritics and tatweel removed, letter variants unified, Arabic-Indic
 * digits read as digits: search.arabic.ts), thousands separators dropped ('5,000' → '5000').
 */
function fold(text: string): string {
  return foldArabic(text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, '$1$2');
}

// ---- numbers, units and sizes ----
// Catalogues and shoppers write the same size many ways: '10 ft.', '10ft', "10'", '10-Foot'; '2 in. x 4 in.' and
// '2x4'. Every spelling becomes one token: the number fused with a canonical unit ('10ft'), and a size made of
// several numbers joined by 'x' ('2x4').

/** Unit words after a number → their canonical short form. */
const UNITS: Record<string, string> = {};
for (const [canon, words] of Object.entries({
  in: ['in', 'inch', 'inches'], ft: ['ft', 'foot', 'feet'], yd: ['yd', 'yard', 'yards'],
  mm: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'], cm: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'],
  m: ['m', 'meter', 'meters', 'metre', 'metres'],
  lb: ['lb', 'lbs', 'pound', 'pounds'], oz: ['oz', 'ounce', 'ounces'], kg: ['kg', 'kilo', 'kilos', 'kilogram', 'kilograms'], g: ['g', 'gram', 'grams'],
  gal: ['gal', 'gallon', 'gallons'], qt: ['qt', 'quart', 'quarts'], pt: ['pt', 'pint', 'pints'],
  l: ['l', 'liter', 'liters', 'litre', 'litres'], ml: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
  v: ['v', 'volt', 'volts', 'vac', 'vdc'], w: ['w', 'watt', 'watts'], kw: ['kw', 'kilowatt', 'kilowatts'], a: ['a', 'amp', 'amps', 'ampere', 'amperes'],
  ah: ['ah'], mah: ['mah'], hp: ['hp'], cc: ['cc'], btu: ['btu', 'btus'], psi: ['psi'], gpm: ['gpm'], gpf: ['gpf'], cfm: ['cfm'], rpm: ['rpm'],
  k: ['k', 'kelvin'], hz: ['hz'], mp: ['mp', 'megapixel', 'megapixels'], gb: ['gb'], tb: ['tb'], mb: ['mb'],
  pk: ['pk', 'pack', 'packs'], pc: ['pc', 'pcs', 'piece', 'pieces'], ct: ['ct', 'count'], ga: ['ga', 'gauge'],
  gang: ['gang'], light: ['light', 'lights'], tier: ['tier', 'tiers'], cuft: ['cuft'], sqft: ['sqft'], cu: ['cu'], sq: ['sq'],
})) for (const w of words) UNITS[w] = canon;
Object.assign(UNITS, ARABIC_UNITS);
/** 'cu. ft.', 'sq ft' → one unit */
const AREA_VOLUME = new Set(['cu', 'sq']);
// one-letter units (and 'in') only count when written against the number or after a hyphen: '15a', '15-Amp',
// '3/4 in.' — but never '2 a' or '3 m'
const LOOSE_UNIT_OK = (word: string) => word.length > 1 || word === 'v' || word === 'w';

/** two … twelve, written out */
const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const NUMBER_WORD_RE = new RegExp(`\\b(?:${NUMBER_WORDS.join('|')})\\b`, 'g');
const NUMBER = /^\d+(?:[./]\d+)?$/;
const NUMBER_THEN_LETTERS = /^(\d+(?:[./]\d+)?)([a-z]+)$/;

/**
 * The words of a text, in order, with sizes made uniform: a number followed by a unit becomes one token
 * ('10 ft.', '10ft', "10'" → '10ft'), numbers joined by 'x' become one size token ('4 ft. x 8 ft.', '4x8', '4 x 8'
 * → '4x8'; units inside a size are left out).
 */
export function tokenize(text: string, opts: { index?: boolean } = {}): string[] {
  const marked = fold(text)
    // inch and foot marks: 10" and 10'' → 10 in, 6' → 6 ft
    .replace(/(\d)\s*(?:''|"|\u201d|\u2033)/g, '$1 in ')
    .replace(/(\d)\s*(?:'|\u2019|\u2032)(?![a-wyz])/g, '$1 ft ')
    // number words are numbers: 'two light' → 2 light (then 2light), 'Three-Handle' → 3-handle; not 'one', a stop word
    // ('the red one') (0075)
    .replace(NUMBER_WORD_RE, (w) => String(NUMBER_WORDS.indexOf(w) + 2))
    // 'x' written against the next number of a size: 4 ft x8 ft → 4 ft x 8 ft
    .replace(/(\d(?:\s*[a-wyz]{1,6}\.?\s*|\s+))x(?=\d)/g, '$1x ')
    // '4*8', '4×8' → 4 x 8
    .replace(/(\d)\s*[*\u00d7]\s*(?=\d)/g, '$1 x ')
    // '.75' → 0.75
    .replace(/(^|\s)\.(\d)/g, '$10.$2')
    // mixed numbers: '1-1/2', '1 1/2' → 1.5
    .replace(/\b(\d+)[-\s]+(\d+)\/(\d+)\b/g, (m, whole: string, a: string, b: string) => mixedNumber(whole, a, b) ?? m)
    // a hyphen between a number and a unit binds them like writing them together ('15-Amp'), not other words ('3-Way')
    .replace(/(\d)-([a-z]+)\b/g, (m, d: string, word: string) => (UNITS[word] ? d + word : `${d} ${word}`));
  const words = normalize(marked).split(' ').filter(Boolean).map(canonicalNumber);
  const out: string[] = [];
  /** a number with the unit that follows it at words[at], if any; `next` is the index after it */
  const measureAt = (at: number): { num: string; unit: string; next: number } | null => {
    const w = words[at];
    if (w === undefined) return null;
    const glued = NUMBER_THEN_LETTERS.exec(w);
    if (glued && UNITS[glued[2]!]) return withArea(glued[1]!, UNITS[glued[2]!]!, at + 1);
    if (!NUMBER.test(w)) return null;
    const next = words[at + 1];
    if (next !== undefined && UNITS[next] && LOOSE_UNIT_OK(next)) return withArea(w, UNITS[next]!, at + 2);
    return { num: w, unit: '', next: at + 1 };
  };
  const withArea = (num: string, unit: string, next: number) => {
    // '24.7 cu. ft.' → 24.7cuft
    if (AREA_VOLUME.has(unit) && ['ft', 'in', 'yd', 'm'].includes(UNITS[words[next] ?? ''] ?? '')) return { num, unit: unit + UNITS[words[next]!], next: next + 1 };
    return { num, unit, next };
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const parts = splitSize(w);
    if (parts) {
      // a written-together size: '4x8', '12x24x1'
      out.push(parts.join('x'));
      if (opts.index) out.push(...subSizes(parts), ...parts);
      continue;
    }
    const first = measureAt(i);
    if (!first) {
      out.push(w);
      continue;
    }
    // a size: number [unit] x number [unit] …
    const dims = [first];
    let j = first.next;
    while (words[j] === 'x') {
      const m = measureAt(j + 1);
      if (!m) break;
      dims.push(m);
      j = m.next;
    }
    i = j - 1;
    const measures = dims.map((d) => d.num + d.unit);
    if (dims.length === 1) {
      out.push(measures[0]!);
      // the bare number too, for a query that names no unit
      if (opts.index && first.unit) out.push(first.num);
      continue;
    }
    const nums = dims.map((d) => d.num);
    out.push(nums.join('x'));
    if (opts.index) out.push(...subSizes(nums), ...measures.filter((m, k) => m !== nums[k]), ...nums);
  }
  return out;
}

/** The sizes of two neighbouring numbers in a longer size: 2x4x96 → 2x4, 4x96. */
export const subSizes = (nums: string[]) => (nums.length > 2 ? nums.slice(1).map((n, k) => `${nums[k]}x${n}`) : []);

/** '0.750' → '0.75', '1.0' → '1', '3/4' → '0.75' (fractions of halves, quarters … 64ths, and tenths). */
function canonicalNumber(word: string): string {
  const frac = /^(\d+)\/(\d+)$/.exec(word);
  if (frac) return fraction(0, Number(frac[1]), Number(frac[2])) ?? word;
  if (/^\d+\.\d+$/.test(word)) return word.replace(/0+$/, '').replace(/\.$/, '');
  return word;
}

function mixedNumber(whole: string, a: string, b: string): string | null {
  return fraction(Number(whole), Number(a), Number(b));
}

function fraction(whole: number, a: number, b: number): string | null {
  if (!(a > 0 && a < b && (b === 10 || (b <= 64 && (b & (b - 1)) === 0)))) return null;
  return String(Math.round((whole + a / b) * 1e6) / 1e6);
}

/** '4x8' → ['4', '8'], '12x24x1' → ['12', '24', '1']; null for anything else. */
export function splitSize(token: string): string[] | null {
  if (!/^\d[\d./]*x\d/.test(token)) return null;
  const parts = token.split('x');
  return parts.every((p) => NUMBER.test(p)) ? parts : null;
}

/** '10ft' → { num: '10', unit: 'ft' }; null for anything else. */
export function splitMeasure(token: string): { num: string; unit: string } | null {
  const m = NUMBER_THEN_LETTERS.exec(token);
  return m && UNITS[m[2]!] === m[2] ? { num: m[1]!, unit: m[2]! } : null;
}

const STEM_CACHE_MAX = 200_000;

/**
 * `fn` remembered for up to `max` distinct words (then forgotten all at once): word analysis costs microseconds and
 * the same few thousand words come back in every query and title.
 */
export function memoiseWords(fn: (word: string) => string, max: number): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let s = cache.get(word);
    if (s === undefined) {
      s = fn(word);
      if (cache.size >= max) cache.clear();
      cache.set(word, s);
    }
    return s;
  };
}
const singularOf = memoiseWords((w) => singular(w), STEM_CACHE_MAX);
const arabicStemOf = memoiseWords((w) => arabicStem(w), STEM_CACHE_MAX);

/**
 * The word's singular ('logs' → log, 'batteries' → battery, 'boxes' → box), memoised (the catalogue repeats its
 * words a lot). Tokens with digits stay as they are. Only plural endings are removed: Porter stemming (0004 … 0070)
 * also made 'lighting' and 'light', 'painting' and 'paint', 'fitting' and 'fit' one term, and on the Home Depot
 * titles the singular alone ranks better, on both halves of the queries, with and without typos (0072).
 */
export function stem(token: string): string {
  if (token.length <= 2 || /\d/.test(token)) return token;
  // Arabic words get the Arabic light stemmer (0100); English ones only lose their plural ending
  return isArabic(token) ? arabicStemOf(token) : singularOf(token);
}

/**
 * Harman's 'S' stemmer (1991), with 'es' also dropped after ch, sh, ss, x and z ('boxes', 'benches', 'glasses'):
 * ies → y (not eies, aies), es → e (not aes, ees, oes), s → '' (not us, ss).
 */
export function singular(w: string): string {
  if (w.endsWith('ies') && !w.endsWith('eies') && !w.endsWith('aies')) return w.slice(0, -3) + 'y';
  if (/(?:ch|sh|ss|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('es') && !w.endsWith('aes') && !w.endsWith('ees') && !w.endsWith('oes')) return w.slice(0, -1);
  if (w.endsWith('s') && !w.endsWith('us') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** A word's other number: the spellings of its plural or singular a name may use ('log' ↔ 'logs', 'battery' ↔ 'batteries'). */
export function numberForms(w: string): string[] {
  const out = [w + 's', w + 'es'];
  if (w.endsWith('ies')) out.push(w.slice(0, -3) + 'y');
  if (w.endsWith('y')) out.push(w.slice(0, -1) + 'ies');
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  if (w.endsWith('s')) out.push(w.slice(0, -1));
  out.push(...fvPlural(w));
  return out;
}

/**
 * The other number of a word whose plural turns f into v ('shelf' ↔ shelves, 'knife' ↔ knives): the singular stemmer
 * cannot tell 'shelves' (shelf) from 'valves' (valve), so these forms are candidates, kept where the catalogue has
 * them (0078).
 */
export function fvPlural(w: string): string[] {
  if (w.length >= 5 && w.endsWith('ves')) return [w.slice(0, -3) + 'f', w.slice(0, -3) + 'fe'];
  if (w.endsWith('fe')) return [w.slice(0, -2) + 'ves'];
  if (w.endsWith('f')) return [w.slice(0, -1) + 'ves'];
  return [];
}

/** British and American spellings of one word, as patterns of the word's letters (0078). */
const SPELLING_RULES: [RegExp, string][] = [
  // colour ↔ color, harbours ↔ harbors, colouring ↔ coloring (after a consonant: not floor → flour)
  [/([^aeiou])our(s?)$/, '$1or$2'], [/([^aeiou])or(s?)$/, '$1our$2'], [/([^aeiou])our(?=[aeiy])/, '$1or'], [/([^aeiou])or(?=[aeiy])/, '$1our'],
  // mould ↔ mold, moult ↔ molt
  [/mould/, 'mold'], [/mold/, 'mould'], [/moult/, 'molt'], [/molt/, 'moult'],
  // centre ↔ center, mitres ↔ miters
  [/([^aeiou])re(s?)$/, '$1er$2'], [/([^aeiou])er(s?)$/, '$1re$2'],
  // galvanise ↔ galvanize, analyse ↔ analyze
  [/is(e|ed|es|ing|ation)$/, 'iz$1'], [/iz(e|ed|es|ing|ation)$/, 'is$1'], [/ys(e|ed|es|ing)$/, 'yz$1'], [/yz(e|ed|es|ing)$/, 'ys$1'],
  [/grey/, 'gray'], [/gray/, 'grey'], [/aluminium/, 'aluminum'], [/aluminum/, 'aluminium'],
  // bevelled ↔ beveled, panelling ↔ paneling (after e or a: not filled → filed)
  [/([ea])ll(ed|ing|er)$/, '$1l$2'], [/([ea])l(ed|ing|er)$/, '$1ll$2'],
];

/**
 * The other spellings of a word between British and American English ('moulding' → molding, 'color' → colour,
 * 'mitre' → miter, 'grey' → gray): a shop's titles use one, its shoppers either. Candidates only: the engine keeps
 * those the catalogue has.
 */
export function spellingVariants(w: string): string[] {
  const out = new Set<string>();
  for (const [re, to] of SPELLING_RULES) {
    const v = w.replace(re, to);
    if (v !== w) out.add(v);
  }
  return [...out];
}

export const analyze = (text: string): string[] => tokenize(text).map(stem);

/** Words that carry no product meaning in a shopping query. Removed only when something else remains. */
export const STOPWORDS = new Set([
  'a', 'an', 'the', 'for', 'with', 'and', 'or', 'of', 'in', 'on', 'to', 'my', 'me', 'i', 'im', 'want', 'wanna', 'need',
  'looking', 'look', 'show', 'find', 'search', 'some', 'any', 'please', 'is', 'are', 'that', 'this', 'it', 'get', 'buy',
  'best', 'good', 'great', 'nice', 'what', 'which', 'do', 'does', 'you', 'have', 'has', 'can', 'could', 'would', 'like',
  'something', 'products', 'product', 'items', 'item', 'stuff', 'thing', 'things', 'got', 'by', 'from', 'at', 'your',
  'our', 'us', 'we', 'there', 'about', 'all', 'one', 'ones', 'let', 'see', 'give', 'recommend', 'suggest', 'options',
  ...ARABIC_STOPWORDS.map(foldArabic),
]);

/**
 * Equivalent names for the same kind of product. A query naming one also finds the others. Phrases are allowed
 * (a group entry of two words matches those two words in a row). Each group also holds the kind's usual Arabic names
 * (normalised spelling: ة as ه, no hamza on alef), as UAE shoppers type them (0100), so an Arabic query also finds a
 * product with an English name only, and the English one a product named only in Arabic.
 */
export const SYNONYM_GROUPS: string[][] = [
  ['phone', 'smartphone', 'mobile', 'mobile phone', 'cellphone', 'cell phone', 'هاتف', 'جوال', 'موبايل', 'هاتف ذكي', 'تلفون'],
  ['headphones', 'headphone', 'over ear headphones', 'cans', 'سماعات راس', 'سماعه راس', 'هيدفون'],
  ['earbuds', 'earphones', 'ear buds', 'in ear headphones', 'earpods', 'buds', 'سماعات اذن', 'ايربودز'],
  ['headset', 'gaming headset', 'سماعه العاب', 'هيدسيت'],
  ['laptop', 'notebook computer', 'notebook', 'ultrabook', 'لابتوب', 'لاب توب', 'حاسوب محمول', 'كمبيوتر محمول', 'حاسب محمول'],
  ['tv', 'television', 'smart tv', 'تلفزيون', 'تلفاز', 'شاشه تلفزيون'],
  ['sneakers', 'running shoes', 'trainers', 'sneaker', 'سنيكرز', 'حذاء رياضي', 'حذاء جري'],
  ['sofa', 'couch', 'settee', 'كنبه', 'اريكه'],
  ['fridge', 'refrigerator', 'ثلاجه', 'براد'],
  ['smartwatch', 'smart watch', 'fitness watch', 'ساعه ذكيه'],
  ['fitness tracker', 'activity tracker', 'fitness band', 'سوار لياقه', 'متتبع لياقه'],
  ['speaker', 'loudspeaker', 'مكبر صوت', 'سماعه بلوتوث'],
  ['monitor', 'display', 'screen', 'شاشه', 'مونيتور'],
  ['bike', 'bicycle', 'cycle', 'دراجه', 'سيكل'],
  ['backpack', 'rucksack', 'knapsack', 'حقيبه ظهر', 'شنطه ظهر'],
  ['trousers', 'pants', 'بنطلون', 'بنطال'],
  ['hoodie', 'sweatshirt', 'هودي'],
  ['tshirt', 't shirt', 'tee', 'تيشيرت', 'تي شيرت'],
  ['perfume', 'fragrance', 'cologne', 'eau de parfum', 'عطر', 'برفان'],
  ['vacuum', 'vacuum cleaner', 'hoover', 'مكنسه كهربائيه'],
  ['coffee maker', 'coffee machine', 'espresso machine', 'ماكينه قهوه', 'اله قهوه', 'ماكينه اسبريسو', 'اله اسبريسو'],
  ['sunglasses', 'shades', 'نظارات شمسيه', 'نظاره شمسيه'],
  ['wireless', 'bluetooth', 'cordless', 'لاسلكي', 'بلوتوث'],
  ['kids', 'children', 'child', 'اطفال', 'طفل'],
  ['puppy', 'dog', 'كلب', 'كلاب'],
  ['kitten', 'cat', 'قطه', 'قطط'],
  ['pan', 'skillet', 'frying pan', 'مقلاه', 'طاوه'],
  ['mug', 'cup', 'كوب', 'مج'],
  ['jacket', 'coat', 'جاكيت', 'معطف', 'جاكت'],
  ['dumbbells', 'weights', 'dumbbell', 'دمبل', 'دمبلز', 'اثقال'],
  ['yoga mat', 'exercise mat', 'workout mat', 'سجاده يوغا', 'حصيره يوغا'],
  ['console', 'gaming console', 'game console', 'جهاز العاب', 'بلايستيشن'],
  ['charger', 'charging adapter', 'power adapter', 'شاحن'],
  ['power bank', 'portable charger', 'powerbank', 'باور بانك', 'بنك طاقه'],
  ['moisturizer', 'moisturiser', 'face cream', 'كريم مرطب', 'مرطب'],
  ['shampoo', 'hair wash', 'شامبو'],
  ['blender', 'smoothie maker', 'خلاط'],
  ['novel', 'fiction book', 'روايه'],
  ['guitar', 'acoustic guitar', 'جيتار', 'غيتار', 'قيتار'],
  ['keyboard', 'keypad', 'لوحه مفاتيح', 'كيبورد'],
  ['mouse', 'computer mouse', 'ماوس', 'فاره'],
  ['tablet', 'ipad', 'تابلت', 'جهاز لوحي'],
  ['camera', 'camcorder', 'كاميرا', 'كاميرات'],
  ['drone', 'quadcopter', 'درون', 'طائره مسيره', 'طائره بدون طيار'],
  ['watch', 'wristwatch', 'ساعه يد'],
  ['lamp', 'light', 'مصباح', 'اباجوره', 'لمبه'],
  ['kettle', 'electric kettle', 'غلايه', 'كتل'],
  ['سشوار', 'مجفف شعر', 'استشوار'],
  ['stroller', 'pram', 'pushchair', 'عربه اطفال'],
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
  // 'max' only before an amount with its currency ('max 60 aed'): 'pro max 256' is a product name
  String.raw`(?:\b(?:under|below|less than|cheaper than|up to|upto|maximum|within|no more than|at most|not more than|budget(?: of| is)?|max\.?(?=\s*\$?\s*\d+(?:\.\d+)?\s*k?\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks)\b))|<=?)\s*${NUM}${CUR}${END}`, 'g');
// a 'more than' denied is a ceiling ('can't go over 2k', 'nothing over 400', "don't want to spend more than 300",
// 'not exceeding 150'): read before 'over' is read as a floor (decision 0191)
const DENIED_OVER_RE = new RegExp(
  String.raw`\b(?:(?:can'?t|cannot|can not|won'?t|will not|don'?t|do not|doesn'?t|does not|shouldn'?t|should not|mustn'?t|must not|not|nothing|never)\s+(?:[a-z']+\s+){0,3}?(?:over|above|more than|exceed(?:s|ing)?|beyond)|not exceeding)\s*${NUM}${CUR}${END}`, 'g');
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
  text = text.replace(DENIED_OVER_RE, (_m, a: string, k?: string) => {
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
  // a high price denied is a low one ('not too expensive'); a high price complained of ('the gym is too expensive', 'so
  // pricey') is no wish for the dear end (decision 0191)
  text = text.replace(/\b(?:not|nothing|isn'?t|aren'?t)\s+(?:too\s+|so\s+|very\s+|that\s+|overly\s+)?(?:expensive|pricey|costly)\b/g, () => ((intent = 'low'), ' '));
  text = text.replace(/\b(?:too|so|way too|really|super)\s+(?:expensive|pricey|costly)\b/g, ' ');
  // and a low price denied is a high one ('not a cheap one', 'nothing cheap', 'isn't budget'): the better made, dearer end
  // (decision 0205)
  text = text.replace(/\b(?:not|nothing|isn'?t|aren'?t)\s+(?:a\s+|too\s+|so\s+|very\s+|that\s+)?(?:cheap|cheapo|budget)(?:\s+(?:ones?|kind|stuff))?\b/g, () => ((intent = 'high'), ' '));
  text = text.replace(/(?:^|(?<=\s))و?(?:مو|مب|مش|غير|ليس|ليست)\s+(?:cheap|budget)\b/g, () => ((intent = 'high'), ' '));
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
export const maxEditsFor = (token: string) => (isArabic(token) ? arabicMaxEdits(token) : token.length <= 3 ? 0 : token.length <= 5 ? 1 : 2);

export function trigrams(term: string): string[] {
  const padded = `^${term}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}
