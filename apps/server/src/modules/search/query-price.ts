import { foldArabic } from './search.arabic.js';
import { arabicAmountsAsDigits } from './query-amounts.js';

// Price words read the same by the search box and the assistant (issue 37 item 2): an Arabic request's budgets and price
// words ('تحت ٢٠٠ درهم', 'بأقل من ثلاثمية', 'أرخص', 'رخيص', 'على قد الميزانية', 'فاخر') are written as the English price
// words extractPrice reads ('under 200 aed', 'cheapest', 'cheap', 'budget', 'premium'), and a request with a price intent
// is answered within the kind it asks for: the matches of the kind's department first, by price (orderWithinKind). The
// search service applies both to every query before and after ranking; the assistant reads its Arabic through the same
// rules (assistant.arabic.ts) and orders its answers with the same function.

/** Number words a shopper writes for a quantity (folded spelling: ة is ه, ى is ي), masculine and feminine. */
export const ARABIC_NUMBER_WORDS: Record<string, number> = {
  واحد: 1, واحده: 1, اثنين: 2, اثنان: 2, اثنتين: 2, اثنتان: 2, ثنتين: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4,
  خمس: 5, خمسه: 5, ست: 6, سته: 6, سبع: 7, سبعه: 7, ثماني: 8, ثمانيه: 8, ثمان: 8, تسع: 9, تسعه: 9, عشر: 10, عشره: 10,
};
export const NUMBER = String.raw`(\d+(?:\.\d+)?|${Object.keys(ARABIC_NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
export const numberOf = (s: string) => ARABIC_NUMBER_WORDS[s] ?? s;

/** 'ال' and the attached particles 'و', 'ب', 'ل', 'ف' before a word of the table: the table writes words bare. */
export const PRE = String.raw`(?:^|(?<=[\s,.;?!]))(?:و|ف)?(?:ال|بال|لل)?`;
/** The end of a word: a space, punctuation or the end (JavaScript's \b knows no Arabic letters). */
export const END = String.raw`(?=$|[\s,.;?!])`;
export const phrase = (words: string) => new RegExp(`${PRE}(?:${words})${END}`, 'g');
/** A phrase that takes no article: 'أرخص منه' is 'cheaper than it', 'الأرخص منهم' is 'the cheapest of them'. */
export const bare = (words: string) => new RegExp(`(?:^|(?<=[\\s,.;?!]))(?:و|ف)?(?:${words})${END}`, 'g');

/** A rewrite of folded Arabic: the phrase and what it is read as. */
export type ArabicRule = [RegExp, string | ((...m: string[]) => string)];

/** Budgets with an amount, and a budget without one, in folded Arabic → the English price phrases. */
export const ARABIC_AMOUNT_RULES: ArabicRule[] = [
  // a limit said with the amount first ('٢٠٠ درهم أو أقل', '500 وفوق') or a 'more than' denied ('ما يكلف أكثر من ٥٠٠',
  // 'لا يزيد سعره عن ألف'): at most, at least
  [new RegExp(String.raw`(?:(?<=[\s,.;?!])ب\s*)?${NUMBER}\s*(?:درهم|دراهم|دهم)?\s*(?:او|و)\s?(?:اقل|ارخص|تحت|انزل)(?=$|[\s,.;?!])`, 'g'), (_m, n) => ` under ${numberOf(n!)} aed `],
  [new RegExp(String.raw`(?:(?<=[\s,.;?!])ب\s*)?${NUMBER}\s*(?:درهم|دراهم|دهم)?\s*(?:او|و)\s?(?:اكثر|فوق|اعلي)(?=$|[\s,.;?!])`, 'g'), (_m, n) => ` over ${numberOf(n!)} aed `],
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:(?:سعره|سعرها|سعرهم|سعر|السعر|بسعر)\s+)?(?:ما|لا|مو|مب|مش|ليس|ماراح|ما راح)\s+(?:\S+\s+){0,2}?(?:اكثر من|اعلي من|فوق|عن|علي)\s+${NUMBER}\s*(?:درهم|دراهم|دهم)?`, 'g'), (_m, n) => ` under ${numberOf(n!)} aed `],
  // an amount with 'at most' after it, each ('٥٠ درهم للواحد بالكثير', '300 كحد أقصى', '200 درهم ماكس'): at most that, for one
  // of them (decision 0191)
  [new RegExp(String.raw`${NUMBER}\s*(?:درهم|دراهم|دهم)?\s*(?:(?:للواحد|لكل واحد|للشخص|لكل شخص|للحبه|للقطعه)\s*)?(?:بالكثير|بالاكثر|كحد اقصي|حد اقصي|كاقصي حد|اقصي شي|ماكس)(?=$|[\s,.;?!])`, 'g'), (_m, n) => ` under ${numberOf(n!)} aed `],
  // 'each', 'per person' after an amount ('٥٠ درهم للواحد'): the amount is of one; the words name nothing
  [new RegExp(String.raw`(?<=(?:\d|درهم|دراهم|aed)\s*)(?:للواحد|لكل واحد|للشخص|لكل شخص|للحبه|للقطعه)(?=$|[\s,.;?!])`, 'g'), ' '],
  // budgets: 'تحت ٢٠٠ درهم', 'بأقل من 300', 'بين 100 و 200', 'أكثر من 500'
  [new RegExp(String.raw`(?:ب?ين|ما بين)\s+${NUMBER}\s*(?:درهم|دراهم)?\s*(?:و|الي|حتي|-)\s*${NUMBER}\s*(?:درهم|دراهم)?`, 'g'), (_m, a, b) => ` between ${numberOf(a!)} and ${numberOf(b!)} aed `],
  [new RegExp(String.raw`(?:تحت|ب?اقل من|ب?ارخص من|(?:لا|ما|مو|ما\s+راح)\s+(?:ي|ت)(?:زيد|تعدي|تجاوز|طلع)(?:\s+(?:عن|علي|فوق))?|حتي|في حدود|بحدود|ميزانيتي|ب?ميزانيه)\s+${NUMBER}\s*(?:درهم|دراهم|دهم)?`, 'g'), (_m, n) => ` under ${numberOf(n!)} aed `],
  [new RegExp(String.raw`(?:فوق|ب?اكثر من|ب?اعلي من)\s+${NUMBER}\s*(?:درهم|دراهم|دهم)?`, 'g'), (_m, n) => ` over ${numberOf(n!)} aed `],
  [new RegExp(String.raw`${NUMBER}\s*(?:درهم|دراهم|دهم)`, 'g'), (_m, n) => ` ${numberOf(n!)} aed `],
  // a budget without an amount ('على قد الميزانية', 'ميزانيتي محدودة', 'اقتصادي' below): the lower prices of the kind
  [phrase('علي قد الميزانيه|علي قد ميزانيتي|علي قدي|علي قد الجيب|ميزانيتي محدوده|ميزانيه محدوده|ميزانيه بسيطه|بميزانيه|الميزانيه|ميزانيه|ميزانيتي'), ' budget '],
];

/** Price words in folded Arabic → the English ones: cheaper (than this), cheapest, most expensive, cheap, premium. */
export const ARABIC_PRICE_WORD_RULES: ArabicRule[] = [
  [bare('ارخص من هذا|ارخص منه|ارخص منها|ارخص منهم|ارخص شوي'), ' cheaper '],
  // «أرخص» after its noun is the comparative ('something cheaper': «شي أرخص، خيار أرخص، وحدة أرخص»); before it, the
  // superlative («أرخص شي») read below (decision 0191)
  [bare('(?:شي|شيء|حاجه|اشياء|خيار|خيارات|بديل|وحده|واحد|واحده) ارخص'), ' something cheaper '],
  [phrase('بسعر اقل|اقل سعرا'), ' cheaper '],
  [phrase('الارخص|ارخص|اقل سعر|الاقل سعرا'), ' cheapest '],
  [phrase('الاغلي|اغلي|الاعلي سعرا'), ' most expensive '],
  // a dual after a superlative counts two ('أرخص ساعتين ذكيتين': the two cheapest smart watches)
  [/\b(cheapest|most expensive|best rated)\s+([\u0600-\u06FF]{2,}?)(?:تين|تان)(?:\s+([\u0600-\u06FF]{2,}?)(?:تين|تان))?(?=\s|$)/g,
    (...m: string[]) => ` ${m[1]} 2 ${m[2]}ه${m[3] ? ` ${m[3]}ه` : ''} `],
  // a high price denied: 'مو غالي', 'غير مكلف', 'ما يكون غالي', 'سعره مو غالي'
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:(?:سعره|سعرها|سعرهم|سعر|السعر|بسعر)\s+)?(?:مو|مب|مش|غير|ليس|ما يكون|ما تكون|ما يكلف|ما تكلف|ما يطلع|ما تطلع)\s+(?:(?:جدا|كثير|وايد|مره)\s+)?(?:غالي|غاليه|غاليين|مكلف|مكلفه|كثير|وايد|فلوس)(?:\s+(?:جدا|كثير|وايد|مره|مرا|حيل))?(?=$|[\s,.;?!])`, 'g'), ' cheap '],
  // a low price denied is a high one: 'مو رخيص', 'ما تكون رخيصة', 'مب رخيصه' — the better made, dearer end (decision 0205)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))و?(?:مو|مب|مش|غير|ليس|ليست|ما يكون|ما تكون|لا يكون|لا تكون)\s+(?:(?:جدا|كثير|وايد|مره)\s+)?(?:رخيص|رخيصه|رخيصين|اقتصادي|اقتصاديه)(?=$|[\s,.;?!])`, 'g'), ' premium '],
  [phrase('بسعر منخفض|سعر منخفض|بسعر رخيص|سعر رخيص|بسعر رخيصه|بسعر معقول|سعر معقول|بسعر مناسب|سعر مناسب|سعره معقول|سعرها معقول|في المتناول|رخيص|رخيصه|اقتصادي|اقتصاديه'), ' cheap '],
  // 'even if it is expensive' («حتى لو غالي، ولو كان غالي») wants the best whatever it costs; a bare «غالي» asks for the
  // dear end, as 'expensive' does in English (the price denied, «مو غالي», was read as cheap above)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:حتي لو|حتي ولو|ولو|حتي لو كان|ولو كان|حتي لو كانت|ولو كانت|لو كان|لو كانت) (?:سعره |سعرها )?(?:غالي|غاليه|مكلف|مكلفه|عالي)(?=$|[\s,.;?!])`, 'g'), ' premium '],
  [phrase('من الفئه الفاخره|فاخر|فاخره|فخم|فخمه|راقي|راقيه|غالي|غاليه'), ' premium '],
  // the price said not to matter is a wish for the best, the top of the range (decision 0187): «ما يهمني السعر، السعر مو
  // مشكلة، مهما كان السعر، بغض النظر عن السعر»
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:و)?(?:(?:ما|مو|مب|مش|لا) (?:يهمني|تهمني|يهم|تهم|مهم|مشكله|فارق|فارقه) (?:ال)?(?:سعر|فلوس|ميزانيه)|(?:ال)?(?:سعر|فلوس|ميزانيه) (?:ما|مو|مب|مش|لا|غير) (?:يهمني|مهم|مشكله|فارق)|مهما كان (?:ال)?سعر|بغض النظر عن (?:ال)?سعر)(?:ه|ها)?(?=$|[\s,.;?!])`, 'g'), ' premium '],
];

/** A text in the folded spelling the rules are written in (diacritics and hamza seats dropped, ة as ه, ى as ي). */
const fold = (text: string) => foldArabic(text.normalize('NFKD')).normalize('NFC');

/**
 * A request's Arabic price words as the English ones the price rules read ('سماعات رخيصة تحت ٢٠٠' → 'سماعات cheap under
 * 200 aed'), folded; a text without Arabic as it is.
 */
export function readArabicPrices(text: string): string {
  if (!/[\u0600-\u06FF]/.test(text)) return text;
  let t = ` ${arabicAmountsAsDigits(fold(text).replace(/\s+/g, ' ').trim())} `;
  for (const [pattern, to] of [...ARABIC_AMOUNT_RULES, ...ARABIC_PRICE_WORD_RULES]) t = t.replace(pattern, to as string);
  return t.replace(/\s+/g, ' ').trim();
}

/** What orderWithinKind needs of a product. */
export type Priced = { category: string; price_cents: number };

/**
 * The department a list of matches is about: the one most of them are in (the first such, in rank order). 'cheap
 * laptop' is about Laptops even when a laptop sleeve matches too.
 */
export function mainDepartment<T extends { category: string }>(items: T[]): string | null {
  const counts = new Map<string, number>();
  for (const p of items) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  let best: string | null = null;
  for (const p of items) if (best === null || counts.get(p.category)! > counts.get(best)!) best = p.category;
  return best;
}

/**
 * A price intent applied within the asked kind: the matches of the main department, cheapest first ('low') or dearest
 * first ('high'), then the others as ranked. The search box orders its first page so and the assistant its answer, so
 * both put the same products first for one request.
 */
export function orderWithinKind<T extends Priced>(items: T[], intent: 'low' | 'high'): T[] {
  const department = mainDepartment(items);
  const own = items.filter((p) => p.category === department);
  const sorted = [...own].sort((a, b) => (intent === 'low' ? a.price_cents - b.price_cents : b.price_cents - a.price_cents));
  return [...sorted, ...items.filter((p) => p.category !== department)];
}
