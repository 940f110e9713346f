import { foldArabic } from './search.arabic.js';
import { bareArabic } from './query-understanding.js';

// The catalogue's departments named by their Arabic names ('أرخص لابتوب', 'قسم الجمال'), read alike by the assistant
// (decision 0153) and the search box (decision 0173): a request that names one is searched within it, for what else it
// says or else for the whole department, so both give the same first products.

/** Arabic in folded spelling (diacritics and hamza seats dropped, ة as ه, ى as ي). */
const fold = (text: string) => foldArabic(text.normalize('NFKD')).normalize('NFC');

/** Arabic words with their article, 'and' or an attached preposition, as a pattern (JavaScript's \b knows no Arabic letters). */
const arabicWords = (words: string) => String.raw`(?:^|\s)(?:و|ف)?(?:ال|بال|لل|ب|ل)?(?:${fold(words)})(?=$|[\s,.;?!])`;

/** Words of an Arabic department name that name no kind ('أجهزة اللابتوب': the laptops), and the word for a department. */
// («جهاز», a device, is any product's head: «جهاز لتتبع اللياقة» asks for a tracker; decision 0191)
const DEPARTMENT_FILLER = new Set(fold('جهاز|الجهاز|أجهزة|الأجهزة|منتجات|المنتجات|منتج|المنتج|مستلزمات|أدوات|قسم|القسم|فئة|الفئة|شي|شيء|حاجة|أغراض|سلعة').split('|'));
/**
 * A word that says what a product is for, not what it is: an Arabic noun with 'لل' (for the: 'للجامعة', 'للمكتب').
 * Beside a department's name it asks for nothing else ('لابتوب اقتصادي للجامعة' is a laptop).
 */
export const isPurpose = (w: string) => /^لل[\u0600-\u06FF]{3,}$/.test(w);

/** A word that names no kind within a department ('منتج', 'شي', 'قسم', 'product'): 'the cheapest product in X' asks for X's cheapest. */
export const namesNoKind = (w: string) => DEPARTMENT_FILLER.has(w) || DEPARTMENT_FILLER.has(bareArabic(w)) || /^(?:products?|items?|things?|stuff|section|department|category)$/i.test(w);
const DEPARTMENT_MARKER = new RegExp(arabicWords('قسم|فئة|أقسام') + String.raw`|\b(?:section|department|category)\b`, 'i');

/**
 * The department a request names by the catalogue's own Arabic department names (category_names: 'أجهزة اللابتوب',
 * 'الجمال', 'المكتب المنزلي'), and its words in the request. A department whose name has one word that may mean something
 * else ('الرياضة' in 'ساعة رياضية') counts only when the request says it is a department ('قسم الجمال') or asks for
 * nothing else ('أرخص لابتوب'); a name of two words or more counts when all of them are there. Null when none is named.
 */
export function departmentNamed(
  words: string[],
  text: string,
  departmentsAr: ReadonlyMap<string, string>,
  analyze: (s: string) => string[],
): { department: string; words: string[] } | null {
  const stemOf = new Map(words.map((w) => [w, analyze(w)[0] ?? w]));
  const said = new Set(stemOf.values());
  const marker = DEPARTMENT_MARKER.test(text);
  let best: { department: string; words: string[]; size: number } | null = null;
  for (const [department, ar] of departmentsAr) {
    const own = fold(ar).split(/\s+/).filter((w) => !DEPARTMENT_FILLER.has(w));
    const stems = new Set(own.flatMap((w) => analyze(w)));
    if (stems.size === 0 || ![...stems].every((x) => said.has(x))) continue;
    const mine = words.filter((w) => stems.has(stemOf.get(w)!));
    const rest = words.filter((w) => !stems.has(stemOf.get(w)!) && !DEPARTMENT_FILLER.has(w) && !DEPARTMENT_FILLER.has(bareArabic(w)) && !isPurpose(w));
    if (stems.size < 2 && !marker && rest.length > 0) continue;
    if (!best || stems.size > best.size) best = { department, words: mine, size: stems.size };
  }
  return best && { department: best.department, words: best.words };
}

/**
 * A search-box query that names a department by its Arabic name, as the assistant searches it: the department as the
 * category filter, and the query without the department's words and the words that name no kind (the department's
 * English name when nothing else is left), its price words kept ('أرخص شي في قسم المطبخ' → 'cheapest Kitchen' in
 * Kitchen). `text` is the query as understood (query-understanding.ts: folded, price words in English). Null when the
 * query names no department or already has a category.
 */
export function departmentQuery(
  text: string,
  departmentsAr: ReadonlyMap<string, string>,
  t: { analyze: (s: string) => string[]; tokenize: (s: string) => string[]; isStopword: (w: string) => boolean; priceFree: (s: string) => string },
): { query: string; category: string } | null {
  if (!/[\u0600-\u06FF]/.test(text) || departmentsAr.size === 0) return null;
  const words = t.tokenize(t.priceFree(text)).filter((w) => !t.isStopword(w));
  const named = departmentNamed(words, text, departmentsAr, t.analyze);
  if (!named) return null;
  const drop = new Set(named.words);
  const kept = t.tokenize(text).filter((w) => !drop.has(w) && !namesNoKind(w) && !isPurpose(w));
  // what else the request asks for (the 'most' of a 'most expensive' the price rules wrote is no kind)
  const content = kept.filter((w) => words.includes(w) && !/^(?:most|least)$/.test(w));
  return { query: (content.length ? kept : [...kept, named.department]).join(' '), category: named.department };
}
