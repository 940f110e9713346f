import { foldArabic, isArabic } from '../search/search.arabic.js';

// The built-in assistant's reading of Arabic (issue 26 item 7, decision 0110). The assistant reads intents with English
// patterns (assistant.words.ts); an Arabic message is read by rewriting its intent phrases — 'قارن', 'أرخص', 'تحت ٢٠٠
// درهم', 'أضف اثنين إلى السلة', 'أين طلبي' — into the words those patterns read, after the orthographic folding the
// search applies (diacritics, tatweel, alef forms, ta marbuta, alef maqsura, Arabic-Indic digits). What is left are the
// product words, in Arabic, for the search, which finds products by their Arabic names (decision 0100). One set of
// intents, two languages that reach it: an intent added in English is reached from Arabic by adding its phrases here.

/** Letters of the Arabic script against Latin letters: a message is Arabic when most of its letters are. */
export function isArabicMessage(text: string): boolean {
  let arabic = 0;
  let latin = 0;
  for (const ch of text) {
    if (isArabic(ch)) arabic++;
    else if (/[a-z]/i.test(ch)) latin++;
  }
  return arabic > 0 && arabic >= latin;
}

/** Number words a shopper writes for a quantity (folded spelling: ة is ه, ى is ي), masculine and feminine. */
export const ARABIC_NUMBER_WORDS: Record<string, number> = {
  واحد: 1, واحده: 1, اثنين: 2, اثنان: 2, اثنتين: 2, اثنتان: 2, ثنتين: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4,
  خمس: 5, خمسه: 5, ست: 6, سته: 6, سبع: 7, سبعه: 7, ثماني: 8, ثمانيه: 8, ثمان: 8, تسع: 9, تسعه: 9, عشر: 10, عشره: 10,
};
const NUMBER = String.raw`(\d+(?:\.\d+)?|${Object.keys(ARABIC_NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
const numberOf = (s: string) => ARABIC_NUMBER_WORDS[s] ?? s;

/** 'ال' and the attached particles 'و', 'ب', 'ل', 'ف' before a word of the table: the table writes words bare. */
const PRE = String.raw`(?:^|(?<=[\s,.;?!]))(?:و|ف)?(?:ال|بال|لل)?`;
/** The end of a word: a space, punctuation or the end (JavaScript's \b knows no Arabic letters). */
const END = String.raw`(?=$|[\s,.;?!])`;
const phrase = (words: string) => new RegExp(`${PRE}(?:${words})${END}`, 'g');

/**
 * Intent phrases in folded spelling → the words the English patterns read, most specific first (a rule sees the text
 * the rules before it left). Each English word is one the patterns of assistant.words.ts or assistant.shop.ts test.
 */
const RULES: [RegExp, string | ((...m: string[]) => string)][] = [
  // budgets: 'تحت ٢٠٠ درهم', 'بأقل من 300', 'بين 100 و 200', 'أكثر من 500'
  [new RegExp(String.raw`(?:ب?ين|ما بين)\s+${NUMBER}\s*(?:درهم|دراهم)?\s*(?:و|الي|حتي|-)\s*${NUMBER}\s*(?:درهم|دراهم)?`, 'g'), (_m, a, b) => ` between ${numberOf(a!)} and ${numberOf(b!)} aed `],
  [new RegExp(String.raw`(?:تحت|ب?اقل من|لا يزيد عن|لا تتجاوز|حتي|في حدود|بحدود|ميزانيتي|ب?ميزانيه)\s+${NUMBER}\s*(?:درهم|دراهم|دهم)?`, 'g'), (_m, n) => ` under ${numberOf(n!)} aed `],
  [new RegExp(String.raw`(?:فوق|ب?اكثر من|ب?اعلي من)\s+${NUMBER}\s*(?:درهم|دراهم|دهم)?`, 'g'), (_m, n) => ` over ${numberOf(n!)} aed `],
  [new RegExp(String.raw`${NUMBER}\s*(?:درهم|دراهم|دهم)`, 'g'), (_m, n) => ` ${numberOf(n!)} aed `],
  // adding to the cart, with a quantity in digits or words: 'أضف اثنين إلى السلة', 'ضع 3 منه في سلتي'
  [new RegExp(String.raw`(?:^|\s)(?:اضف|اضيف|اضافه|ضع|حط|زود)(?:\s+(?:لي|ها|ه))?(?:\s+${NUMBER})?(?=\s)`, 'g'), (_m, n) => ` add ${n ? numberOf(n) : ''} `],
  [new RegExp(String.raw`(?:الي|في|ل)\s*(?:ال)?(?:سله|سلتي|سله التسوق|عربه التسوق|عربتي)${END}`, 'g'), ' to my cart '],
  [phrase('السله|سلتي|سله التسوق'), ' cart '],
  // the shopper's own orders
  [phrase('اين طلبي|وين طلبي|اين طلبيتي|وين طلبيتي|متي يصل طلبي|متي سيصل طلبي|متي يوصل طلبي|حاله طلبي|حاله الطلب|تتبع طلبي|تتبع الطلب'), ' where is my order '],
  [phrase('طلبي|طلبيتي|طلباتي|مشترياتي|شحنتي'), ' my order '],
  // what the shop sells, the price log, what buyers say
  [phrase('ما الفئات|ما هي الفئات|ما الاقسام|ما هي الاقسام|ما الاصناف|ماذا تبيعون|ماذا تبيع|شو تبيعون|ايش تبيعون|اعرض الاقسام|الفئات المتوفره'), ' what categories do you have '],
  [phrase('هل كان ارخص|هل كان سعره ارخص|هل نزل سعره|هل انخفض سعره|هل انخفض السعر|تاريخ السعر|سجل الاسعار|سجل السعر'), ' has it been cheaper '],
  [phrase('ماذا يقول المشترون عن|ماذا يقول المشترون|ماذا يقول العملاء عن|ماذا يقول العملاء|اراء المشترين في|اراء المشترين|اراء العملاء في|اراء العملاء|تعليقات المشترين|شكاوي|شكاوى'), ' what do buyers say about '],
  // the shop's rules
  [phrase('سياسه الارجاع|سياسه الاسترجاع|الارجاع|الاسترجاع|ارجاع|استرجاع|استرداد المبلغ|استرداد'), ' returns '],
  [phrase('رسوم الشحن|رسوم التوصيل|تكلفه الشحن|تكلفه التوصيل'), ' shipping fee '],
  [phrase('الشحن|شحن|التوصيل|توصيل'), ' shipping '],
  [phrase('ضريبه القيمه المضافه|الضريبه|ضريبه'), ' vat '],
  [phrase('الدفع عند الاستلام'), ' cash on delivery '],
  [phrase('طرق الدفع|طريقه الدفع|الدفع|ادفع'), ' payment '],
  [phrase('كيف اشتري|كيف اطلب|كيف يمكنني شراء|كيف اشتريه'), ' how do i buy '],
  // comparisons and references
  [phrase('افضل قيمه|الافضل قيمه|قيمه افضل'), ' better value '],
  [phrase('قارن بين|قارن|قارني|مقارنه|ما الفرق بين|الفرق بين|ما الفرق|ايهما افضل|ايهما|ايهم افضل|ايهم'), ' compare '],
  [phrase('الاعلي تقييما|الافضل تقييما|اعلي تقييما|افضل تقييما'), ' best rated '],
  [phrase('ارخص من هذا|ارخص منه|بسعر اقل|اقل سعرا|ارخص شوي'), ' cheaper '],
  [phrase('الارخص|ارخص|اقل سعر|الاقل سعرا'), ' cheapest '],
  [phrase('الاغلي|اغلي|الاعلي سعرا'), ' most expensive '],
  [phrase('رخيص|رخيصه|اقتصادي|اقتصاديه'), ' cheap '],
  [phrase('فاخر|فاخره|فخم|فخمه|راقي|راقيه'), ' premium '],
  [phrase('الاول|الاولي'), ' first '],
  [phrase('الثاني|الثانيه'), ' second '],
  [phrase('الثالث|الثالثه'), ' third '],
  [phrase('الاخير|الاخيره'), ' last '],
  // a question about one product
  [phrase('مشابه|مشابهه|مشابهات|بدائل|بديل|شبيه|مثل هذا|مثله|مثلها'), ' similar '],
  [phrase('هل يستحق السعر|يستحق السعر|يستحق سعره|هل يستحق|يستحق|تستحق|يستاهل|تستاهل|يسوي|قيمه مقابل السعر|يستحق سعره'), ' worth '],
  [phrase('كم سعر|كم ثمن|بكم|كم يكلف|كم تكلف|السعر|سعر|سعره|سعرها|التكلفه'), ' how much '],
  [phrase('متوفر|متوفره|متاح|متاحه|في المخزون|المخزون|نفد|نفذ|نفدت'), ' in stock '],
  [phrase('تقييم|تقييمه|تقييمها|تقييمات|مراجعات|نجوم'), ' rating '],
  [phrase('الضمان|ضمان'), ' warranty '],
  [phrase('المقاسات|المقاس|مقاس|الحجم|حجم|الابعاد|ابعاد|الوزن|وزن'), ' size '],
  [phrase('المواصفات|مواصفات|المميزات|مميزات|ميزات'), ' specs '],
  [phrase('اخبرني عن|اخبرني|حدثني عن|قل لي عن|معلومات عن|تفاصيل|صف لي|ما هو|ما هي|ايش هو|شو هو'), ' tell me about '],
  [phrase('مقاوم للماء|ضد الماء'), ' waterproof '],
  [phrase('لاسلكي|لاسلكيه'), ' wireless '],
  [phrase('يحتوي علي|يحتوي|فيه|يدعم|تدعم|يأتي مع|ياتي مع'), ' have '],
  // gifts, greetings, thanks, help
  [phrase('هديه|هدايا'), ' gift '],
  [new RegExp(String.raw`^\s*(?:مرحبا|مرحبتين|اهلا وسهلا|اهلا|هلا|السلام عليكم|سلام عليكم|سلام|صباح الخير|مساء الخير)${END}`, 'g'), ' hello '],
  [phrase('شكرا جزيلا|شكرا لك|شكرا|مشكور|يعطيك العافيه|مع السلامه|الي اللقاء'), ' thanks '],
  [phrase('ماذا تستطيع ان تفعل|ماذا تستطيع|ماذا يمكنك ان تفعل|ماذا يمكنك|كيف تعمل|من انت|ساعدني'), ' what can you do '],
  // off-topic questions the English patterns turn away
  [phrase('الطقس|نكته|الاخبار|اخبار|السياسه|الرئيس|فيلم|افلام|اغنيه|قصيده|واجب|رحلات طيران|فندق|مطعم|تاكسي'), ' weather '],
  // shopping verbs and the question particle: 'is there', 'show me', 'I want', 'do you have' (yes/no → 'does')
  [phrase('هل عندكم|هل لديكم|هل يوجد|عندكم|لديكم'), ' have '],
  [phrase('اعرض لي|اعرض|ارني|وريني|ابحث عن|ابحث|ابغي|ابي|اريد|احتاج|اقترح|اقترح لي|رشح لي|رشح'), ' show '],
  [new RegExp(String.raw`^\s*هل${END}`, 'g'), ' does '],
  [phrase('هذا المنتج|هذا|هذه|ذلك|تلك'), ' this '],
  // a pronoun written onto a preposition: 'أخبرني عنه' (about it), 'أضف 2 منه' (of it), 'قارن بينهما' (between them)
  [phrase('عنه|عنها|منه|منها|فيه|فيها'), ' it '],
  [phrase('بينهما|بينها|بينهم'), ' them '],
  // who a gift is for and what they like: read as the English words the assistant already sets aside
  [phrase('ل?ابي|ل?امي|ل?اخي|ل?اختي|ل?زوجتي|ل?زوجي|ل?صديقي|ل?صديقتي|ل?ابني|ل?ابنتي|ل?والدي|ل?والدتي'), ' family '],
  [phrase('يحب|تحب|يعشق|تعشق|يهوي|تهوي'), ' loves '],
  // a count left in words ('أرخص اثنين'): as digits, the way the English patterns read counts
  [new RegExp(`${PRE}${NUMBER}${END}`, 'g'), (_m, n) => ` ${numberOf(n!)} `],
];

/**
 * An Arabic message as the assistant's patterns read it: folded, its intent phrases rewritten in English, its product
 * words left in Arabic for the search. A message without Arabic is returned as it is.
 */
export function readArabic(text: string): string {
  if (!isArabicMessage(text)) return text;
  // folded, and the Arabic question mark and comma as the Latin ones, so the rules see one spelling
  let t = ` ${foldArabic(text.normalize('NFKD')).normalize('NFC').replace(/\s+/g, ' ').trim()} `;
  for (const [pattern, to] of RULES) t = t.replace(pattern, to as string);
  return t.replace(/\s+/g, ' ').trim();
}
