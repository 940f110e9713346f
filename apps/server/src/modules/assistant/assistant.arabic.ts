import { foldArabic, isArabic } from '../search/search.arabic.js';
import { arabicAmountsAsDigits } from '../search/query-amounts.js';
import { ARABIC_AMOUNT_RULES, ARABIC_NUMBER_WORDS, ARABIC_PRICE_WORD_RULES, bare, END, NUMBER, numberOf, phrase, PRE, type ArabicRule } from '../search/query-price.js';
import { loanwordOf } from './assistant.understanding.js';
import { UNIT_DUALS } from './assistant.aftersales-words.js';

// The built-in assistant's reading of Arabic (issue 26 item 7, decision 0110). The assistant reads intents with English
// patterns (assistant.words.ts); an Arabic message is read by rewriting its intent phrases — 'قارن', 'أرخص', 'تحت ٢٠٠
// درهم', 'أضف اثنين إلى السلة', 'أين طلبي' — into the words those patterns read, after the orthographic folding the
// search applies (diacritics, tatweel, alef forms, ta marbuta, alef maqsura, Arabic-Indic digits). What is left are the
// product words, in Arabic, for the search, which finds products by their Arabic names (decision 0100). One set of
// intents, two languages that reach it: an intent added in English is reached from Arabic by adding its phrases here.

/**
 * Words of the Arabic script against Latin words: a message is Arabic when it has at least as many Arabic words as Latin
 * words that are not names. A product or brand name typed in Latin letters ('Nova X15 Pro', 'Pixelite 8a': capitalised
 * or holding a digit) does not make 'أيهما أفضل Nova X15 Pro ولا Pixelite 8a؟' English.
 */
export function isArabicMessage(text: string): boolean {
  const words = text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  const arabic = words.filter((w) => [...w].some(isArabic)).length;
  const latin = words.filter((w) => /^[a-z][a-z'-]*$/.test(w)).length;
  return arabic > 0 && arabic >= latin;
}

/** Does the message hold Arabic at all: its Arabic phrases are read even beside English words. */
const hasArabic = (text: string) => [...text].some(isArabic);

/** The ordinals of a child's year of life, folded, both genders ('الرابعة' → 4): «في الرابعة من عمره» (decision 0191). */
const ORDINALS: Record<string, number> = {
  ثانيه: 2, ثاني: 2, ثالثه: 3, ثالث: 3, رابعه: 4, رابع: 4, خامسه: 5, خامس: 5, سادسه: 6, سادس: 6, سابعه: 7, سابع: 7,
  ثامنه: 8, ثامن: 8, تاسعه: 9, تاسع: 9, عاشره: 10, عاشر: 10, 'حاديه عشره': 11, 'حادي عشر': 11, 'ثانيه عشره': 12, 'ثاني عشر': 12,
};
const ORDINAL_AGES = Object.keys(ORDINALS).sort((a, b) => b.length - a.length).join('|');

export { ARABIC_NUMBER_WORDS };

/**
 * Intent phrases in folded spelling → the words the English patterns read, most specific first (a rule sees the text
 * the rules before it left). Each English word is one the patterns of assistant.words.ts or assistant.shop.ts test.
 */
const RULES: ArabicRule[] = [
  ...ARABIC_AMOUNT_RULES,
  // two of a unit said in the dual ('عبوتين، حبتين، قطعتين، علبتين'): the count 2 (decision 0188)
  [new RegExp(String.raw`(?<=^|\s)(?:${UNIT_DUALS})(?=[\s,.;?!]|$)`, 'g'), ' 2 '],
  // adding to the cart, with a quantity in digits or words: 'أضف اثنين إلى السلة', 'ضع 3 منه في سلتي'
  // the verb may carry its object ('أضفها', 'حطه': add it) and a number may follow ('ضيف ٣')
  [new RegExp(String.raw`(?:^|\s)(?:اضف|اضيف|اضافه|ضع|ضيف|حط|حطي|زود|زيد(?!\s+(?:ال)?(?:كميه|عدد)))(ها|ه|هم)?(?:\s+(?:لي|ها|ه))?(?:\s+${NUMBER})?(?=\s)`, 'g'), (_m, it, n) => ` add ${it ? 'it ' : ''}${n ? numberOf(n) : ''} `],
  [new RegExp(String.raw`(?:الي|في|لل|ل|بال|ب)\s*(?:ال)?(?:سله|سلتي|سله التسوق|عربه التسوق|عربتي)${END}`, 'g'), ' to my cart '],
  [phrase('السله|سلتي|سله التسوق'), ' cart '],
  // the shopper's own orders
  [phrase('اين طلبي|وين طلبي|اين طلبيتي|وين طلبيتي|متي يصل طلبي|متي سيصل طلبي|متي يوصل طلبي|حاله طلبي|حاله الطلب|تتبع طلبي|تتبع الطلب'), ' where is my order '],
  [phrase('طلبي|طلبيتي|طلباتي|مشترياتي|شحنتي'), ' my order '],
  // what the shop sells, the price log, what buyers say
  // 'what' in MSA and its Gulf and Levantine forms (وش، ايش، شو، شنو، اي) before the departments or what is sold
  [phrase('(?:ما|ماذا|وش|ايش|شو|شنو|شنهي|شنهو|اي) (?:هي )?(?:الفئات|الفيات|الاقسام|الاصناف|الانواع)|(?:ماذا|وش|ايش|شو|شنو|ويش) (?:تبيعون|تبيع|تبيعوا|تبيعونه)|اعرض الاقسام|الفئات المتوفره|الاقسام المتوفره'), ' what categories do you have '],
  [phrase('هل كان ارخص|هل كان سعره ارخص|هل نزل سعره|هل انخفض سعره|هل انخفض السعر|هل نزل سعر|هل انخفض سعر|نزل سعر|انخفض سعر|تاريخ السعر|سجل الاسعار|سجل السعر'), ' has it been cheaper '],
  [phrase('ماذا يقول المشترون عن|ماذا يقول المشترون|ماذا يقول العملاء عن|ماذا يقول العملاء|اراء المشترين في|اراء المشترين|اراء العملاء في|اراء العملاء|تعليقات المشترين|شكاوي|شكاوى'), ' what do buyers say about '],
  // the same question as Gulf speakers ask it: 'وش يقولون الناس عن …', 'ايش رأي الناس في …'
  [new RegExp(String.raw`${PRE}(?:وش|ايش|شو|ماذا|ما) (?:يقولون|يقول|رأي|راي) (?:الناس|المشترين|المشترون|العملاء|الزباين|الزبائن)(?: (?:عن|في))?${END}`, 'g'), ' what do buyers say about '],
  // the shop's rules
  [phrase('سياسه الارجاع|سياسه الاسترجاع|الارجاع|الاسترجاع|ارجاع|استرجاع|استرداد المبلغ|استرداد'), ' returns '],
  // changing one's mind after delivery asks the return rule (decision 0184): 'لأغير رأيي', 'إذا غيرت رايي'
  [new RegExp(String.raw`${PRE}(?:ل|و)?(?:اغير|نغير|غيرت|تغيير) (?:رايي|راي|رأيي)${END}`, 'g'), ' returns '],
  // (a battery's charge — «على الشحنة»، «بشحنة وحدة» — is no shipping: decision 0198)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:علي\s+(?:ال)?|ب(?:ال)?)شحنه(?:\s+(?:وحده|واحده|كامله))?${END}`, 'g'), ' on one charge '],
  [phrase('رسوم الشحن|رسوم التوصيل|تكلفه الشحن|تكلفه التوصيل'), ' shipping fee '],
  [phrase('الشحن|شحن|التوصيل|توصيل'), ' shipping '],
  [phrase('ضريبه القيمه المضافه|الضريبه|ضريبه'), ' vat '],
  // (with or without the article, on receipt or on delivery: «فيه دفع عند الاستلام؟»، «الدفع عند التوصيل»; decision 0202)
  [phrase('(?:ال)?دفع (?:عند|وقت|بعد) (?:الاستلام|التوصيل|الوصول)'), ' cash on delivery '],
  [phrase('طرق الدفع|طريقه الدفع|الدفع|ادفع'), ' payment '],
  // how one may pay, said by its means: cards, cash, instalments («تقبلون بطاقات ولا بس كاش؟»، «عندكم تقسيط؟»; decision 0198)
  [phrase('بالبطاقه|بالبطاقات|بطاقه ائتمان|بطاقات ائتمان|بطاقه ائتمانيه|البطاقات الائتمانيه|تقبلون بطاقات|تقبلون البطاقات|تقبلون بطاقه|تاخذون بطاقات|تاخذون بطاقه'), ' card payments '],
  [phrase('كاش|نقدا|نقدي|نقد|بالكاش'), ' cash '],
  [phrase('تقسيط|بالتقسيط|اقساط|بالاقساط|قسط'), ' instalments '],
  [phrase('كيف اشتري|كيف اطلب|كيف يمكنني شراء|كيف اشتريه'), ' how do i buy '],
  // comparisons and references
  [phrase('افضل قيمه|الافضل قيمه|قيمه افضل'), ' better value '],
  // the best rated, the cheapest or the dearest of those on the table, asked with the pronoun of them («أيهم أعلى تقييم؟»،
  // «أرخصهم؟»، «أغلاهم»): which of them, not a comparison nor a search (decision 0202)
  [phrase('(?:ايهم|ايهما|مين فيهم|اي واحد) (?:هو |هي )?(?:ال)?(?:اعلي|افضل|احسن) (?:تقييما|تقييم)'), ' which one is best rated '],
  [phrase('ارخصهم|ارخصها|ارخصهن|ارخص واحد فيهم|اقلهم سعرا|اقلهم سعر'), ' which one is the cheapest '],
  [phrase('اغلاهم|اغلاها|اغلي واحد فيهم'), ' which one is the most expensive '],
  // cheaper than a product named («أرخص من البيانو KeyNote 88»): not a budget, whatever number its name holds
  [/(?:^|(?<=[\s,.;?!]))ارخص من (?=(?:ال|ب)?[\u0621-\u064Aa-z])/g, ' cheaper than '],
  [phrase('قارن لي بين|قارني لي بين|قارن لنا بين|قارن بين|قارن|قارني|مقارنه|ما الفرق بين|الفرق بين|ما الفرق|ايهما افضل|ايهما|ايهم افضل|ايهم'), ' compare '],
  // 'which is better' asked with a question word («ايش أحسن، وش أفضل، مين أحسن»): a comparison, not the best of a kind
  // (decision 0188)
  // (with its two sides: «وش أفضل جوال» alone asks the best phone)
  [/(?:^|(?<=[\s,.;?!]))(?:ايش|وش|شو|مين|ايهم) (?:احسن|افضل)(?=.*\s(?:ولا|او)\s)/g, ' compare '],
  // within a comparison, Gulf 'ولا' and 'أو' are 'or' ('أيهما أفضل X ولا Y')
  [/ (?:ولا|او) (?=.)/g, (...m: string[]) => (/\bcompare\b/.test(m.at(-1)!) ? ' or ' : m[0]!)],
  [phrase('الاعلي تقييما|الافضل تقييما|اعلي تقييما|افضل تقييما'), ' best rated '],
  // a price complained of for oneself («غالي علي، غالية شوي علينا، واجد غالي»): a wish for cheaper, not for the dear end
  // (decision 0191)
  [new RegExp(String.raw`${PRE}(?:(?:واجد|وايد|مره|جدا|كثير)\s+)?(?:غالي|غاليه|مكلف|مكلفه)\s+(?:(?:شوي|شويه|شوي|مره|جدا|واجد|وايد)\s+)?(?:علي|علينا|عليه|عليها|بالنسبه لي)${END}`, 'g'), ' cheaper '],
  ...ARABIC_PRICE_WORD_RULES,
  // 'one' after a superlative and 'of them' written «فيهم»: «أرخص وحدة فيهم» is the cheapest one of them (decision 0191)
  [/\b(cheapest|most expensive|best rated)\s+(?:وحده|واحد|واحده)(?=\s|$)/g, ' $1 one '],
  [phrase('فيهم|فيهن'), ' of them '],
  // 'which one' («أي وحدة فيها …، أي واحد فيه …، مين فيهم»): which of those shown (decision 0191)
  [new RegExp(String.raw`${PRE}(?:اي|اني|مين|منو)\s+(?:وحده|واحد|واحده|منهم|منهن)${END}`, 'g'), ' which one '],
  // an age said as an ordinal year of life («في الرابعة من عمره», «بالثامنة من العمر», «عمرها الخامسة»): that many years
  // old, before the ordinals below read 'the second one' (decision 0191)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:و)?(?:في|ب)\s*ال(${ORDINAL_AGES})\s+(?:من\s+)?(?:عمره|عمرها|عمري|العمر)${END}|(?:^|(?<=[\s,.;?!]))(?:عمره|عمرها|بعمر)\s+ال(${ORDINAL_AGES})${END}`, 'g'),
    (_m, a?: string, b?: string) => ` ${ORDINALS[(a ?? b)!]} years old `],
  [phrase('الاول|الاولي'), ' first '],
  [phrase('الثاني|الثانيه'), ' second '],
  [phrase('الثالث|الثالثه'), ' third '],
  [phrase('الاخير|الاخيره'), ' last '],
  // a question about one product
  [phrase('مشابه|مشابهه|مشابهات|بدائل|بديل|شبيه|مثل هذا|مثله|مثلها'), ' similar '],
  [phrase('هل يستحق السعر|يستحق السعر|يستحق سعره|هل يستحق|يستحق|تستحق|يستاهل|تستاهل|يسوي|قيمه مقابل السعر|يستحق سعره'), ' worth '],
  [phrase('كم سعره|كم سعرها|كم سعرهم|كم سعر|كم ثمن|بكم|كم يكلف|كم تكلف|السعر|سعر|سعره|سعرها|التكلفه'), ' how much '],
  [phrase('كم باقي|كم تبقي|كم متبقي|كم الكميه|كم عندكم'), ' how many in stock '],
  // 'available' as a definite adjective after a definite noun («الساعات الذكية المتوفرة») says which products to show,
  // not a stock question, which Arabic asks with the bare predicate («متوفر؟») (decision 0184)
  [/(?<=(?:^|\s)ال[\u0600-\u06FF]+\s)(?:المتوفره|المتوفرين|المتاحه|المتاحين|الموجوده)(?=[\s.!،,؟?]|$)/g, ' '],
  // how many pieces, counted with a unit word («كم حبة عندكم منها، كم قطعة باقي»): the stock
  [new RegExp(String.raw`${PRE}كم (?:حبه|حبات|قطعه|قطع|وحده|علبه|علب)${END}`, 'g'), ' how many in stock '],
  // «موجود / موجودة» as a bare predicate is 'available', like «متوفر» (the definite adjective went above)
  [phrase('متوفر|متوفره|متاح|متاحه|موجود|موجوده|في المخزون|المخزون|نفد|نفذ|نفدت'), ' in stock '],
  // ('are there reviews on …': «في تقييمات على …، هل توجد مراجعات عن …»: what buyers say, not the star rating; decision 0191)
  [new RegExp(String.raw`${PRE}(?:(?:هل\s+)?(?:في|فيه|يوجد|توجد)\s+)?(?:تقييمات|مراجعات|اراء|تعليقات)\s+(?:علي|عن|حول|ل|في)${END}`, 'g'), ' any reviews on '],
  [phrase('تقييم|تقييمه|تقييمها|تقييمات|مراجعات|نجوم'), ' rating '],
  [phrase('الضمان|ضمان'), ' warranty '],
  [phrase('المقاسات|المقاس|مقاس|الحجم|حجم|الابعاد|ابعاد|الوزن|وزن'), ' size '],
  [phrase('المواصفات|مواصفات|المميزات|مميزات|ميزات'), ' specs '],
  // (with the pronoun written on: «وش مواصفاته؟», «مميزاتها»; decision 0191)
  [phrase('مواصفاته|مواصفاتها|مواصفاتهم|مميزاته|مميزاتها|مميزاتهم'), ' its specs '],
  // 'ما هو الأرخص …', 'وش أرخص …': 'what is' before a superlative asks which product, not about one
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:ما هو|ما هي|ايش هو|وش هو|شو هو|ايش|وش|شو|شنو)\s+(?=(?:the\s+)?(?:cheapest|most expensive|best rated|cheaper)\b)`, 'g'), ' '],
  // the details asked with a pronoun or a 'give me' («الثاني عطني تفاصيله»: decision 0188)
  [phrase('اعطني تفاصيله|اعطني تفاصيلها|اعطني تفاصيلهم|اعطني تفاصيل|عطني تفاصيله|عطني تفاصيلها|عطني تفاصيلهم|عطني تفاصيل|تفاصيله|تفاصيلها|تفاصيلهم'), ' tell me about '],
  [phrase('اخبرني عن|اخبرني|حدثني عن|قل لي عن|معلومات عن|تفاصيل|صف لي|ما هو|ما هي|ايش هو|شو هو'), ' tell me about '],
  [phrase('مقاوم للماء|مقاومه للماء|ضد الماء'), ' waterproof '],
  [phrase('لاسلكي|لاسلكيه'), ' wireless '],
  // 'هذي فيها مايك؟', 'هو فيه بلوتوث؟': does it have
  [new RegExp(String.raw`^\s*(?:هل\s+)?(?:هذا|هذه|هذي|هاذي|ذي|هو|هي)\s+(?:فيه|فيها)${END}`, 'g'), ' does it have '],
  [phrase('يحتوي علي|يحتوي|فيه|يدعم|تدعم|يأتي مع|ياتي مع'), ' have '],
  // gifts, greetings, thanks, help
  // (and the Eid gift, «عيدية», said by its own name: decision 0198)
  [phrase('هديه|هدايا|عيديه|العيديه|عيديات'), ' gift '],
  // the occasions a gift is for, not products: a birthday, a new baby, Eid (decision 0191)
  [phrase('عيد ميلاد|عيد الميلاد|عيد ميلادها|عيد ميلاده'), ' birthday '],
  [phrase('تخرج|التخرج|تخرجه|تخرجها'), ' graduation '],
  // a new home («بيت جديد، شقته الجديدة») is a housewarming (decision 0202)
  [phrase('(?:ال)?(?:بيت|بيته|بيتها|بيتهم|شقه|شقته|شقتها|منزل|منزله)(?: ال)? ?(?:ال)?(?:جديد|جديده)'), ' housewarming '],
  // (the greeting in full: «السلام عليكم ورحمة الله وبركاته», «صباح الخير والسرور»; decision 0191)
  [new RegExp(String.raw`^\s*(?:مرحبا|مرحبتين|اهلا وسهلا|اهلا|هلا|السلام عليكم|سلام عليكم|سلام|صباح الخير|مساء الخير)(?:\s+(?:ورحمه الله وبركاته|ورحمه الله|والسرور|والنور|يا هلا))?${END}`, 'g'), ' hello '],
  [phrase('شكرا جزيلا|شكرا لك|شكرا|مشكور|يعطيك العافيه|مع السلامه|الي اللقاء'), ' thanks '],
  [phrase('ماذا تستطيع ان تفعل|ماذا تستطيع|ماذا يمكنك ان تفعل|ماذا يمكنك|كيف تعمل|من انت|ساعدني'), ' what can you do '],
  // off-topic questions the English patterns turn away
  // (a film, a hotel or a restaurant after a preposition is where a need is felt — «الكلام في الأفلام ما ينسمع», «للمطعم» —
  // not chit-chat, as the English reading of a circumstance: decision 0188)
  // (only those that can be a place or a time of a need: a match or the news after «في» is still the topic — «مين فاز في
  // مباراة العين؟»)
  [phrase('الطقس|الجو|درجه الحراره|نكته|الاخبار|اخبار|السياسه|الرئيس|المباراه|مباراه|اغنيه|قصيده|واجب'), ' weather '],
  // (homework with «ب» written on, a head of state, and sums said in words: «بواجب الرياضيات»، «رئيس أمريكا»، «٢٣ ضرب ١٧»;
  // decision 0191)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))(?:بواجب|واجبي|واجباتي|رييس|الرييس|رييسه|وزير|حاكم)(?=$|[\s,.;?!:])`, 'g'), ' weather '],
  // (the times of prayer and the rate of a currency are facts of the day, not shopping: «متى أذان المغرب؟»، «سعر صرف
  // الدولار»; decision 0202)
  [phrase('اذان|الاذان|مواعيد الصلاه|وقت الصلاه|اوقات الصلاه|سعر الصرف|سعر صرف|اسعار الصرف|صرف (?:ال)?(?:دولار|ريال|يورو|جنيه|روبيه|استرليني|عمله|عملات)'), ' weather '],
  [/(\d+)\s*(?:ضرب|×)\s*(\d+)/g, ' $1 times $2 '],
  [/(\d+)\s*(?:زايد|زائد|\+)\s*(\d+)/g, ' $1 plus $2 '],
  [/(\d+)\s*ناقص\s*(\d+)/g, ' $1 minus $2 '],
  [/(\d+)\s*(?:تقسيم|قسمه|مقسوم علي)\s*(\d+)/g, ' $1 divided by $2 '],
  [new RegExp(String.raw`(?<!(?:^|\s)(?:في|على|علي|عند|مع|وقت|اثناء)\s)` + phrase('فيلم|افلام|رحلات طيران|فندق|مطعم|تاكسي').source, 'g'), ' weather '],
  // a match or a league with «ب» written onto it («بمباراة، بالدوري»), and who won or scored: news, not shopping (decision 0190)
  [new RegExp(String.raw`(?:^|(?<=[\s,.;?!]))ب(?:مباراه|الدوري|دوري)(?=$|[\s,.;?!])|(?:^|(?<=[\s,.;?!]))(?:مين|من|منو|شو|وش) (?:فاز|ربح|غلب|سجل|كسب)(?=$|[\s,.;?!])`, 'g'), ' weather '],
  // 'ok', 'fine', 'alright' opening a request («اوكي ضيف الخيمة»): the English 'ok' the patterns skip
  [/^\s*(?:اوكي|اوك|طيب|تمام|زين|يلا)(?=[\s,،]|$)/g, ' ok '],
  // seeing: 'let me see', 'I want to see', «خلني أشوف، ودي أطالع»: show me (the first, the cheaper one …)
  [new RegExp(String.raw`${PRE}(?:(?:خلني|خليني|دعني|ابي|ابغي|ابغا|اريد|ودي|بغيت)\s+)?(?:اشوف|اري|اطالع|نشوف)${END}`, 'g'), ' show me '],
  // 'normal', 'ordinary' after a kind («جوال عادي»): the plain kind, no word a listing must hold
  [new RegExp(String.raw`(?<=[\u0600-\u06FF]\s)(?:عادي|عاديه|عاديين)${END}`, 'g'), ' '],
  // shopping verbs and the question particle: 'is there', 'show me', 'I want', 'do you have' (yes/no → 'does')
  [phrase('هل عندكم|هل لديكم|هل يوجد|عندكم|لديكم|تبيعون|تبيعوا|توفرون|تبيع'), ' have '],
  // wanting the product in question, said as the Gulf past or with its object written on («بغيتها، ابيه، ابغاها»): 'I want
  // it', which an add after it refers to (decision 0198)
  // (not denied: «ما ابيها حق ألعاب» rules out what follows, decision 0191)
  [new RegExp(String.raw`(?<!(?:^|\s)(?:ما|لا|مو|مب)\s)` + phrase('بغيتها|بغيته|بغيتهم|ابيها|ابيه|ابغاها|ابغاه|ابغيها|ابغيه').source, 'g'), ' i want it '],
  // a need denied ('that doesn't need electricity', «ما تحتاج كهرباء») is 'without' it, before need verbs read as 'show'
  [new RegExp(String.raw`${PRE}(?:لا|ما|مو|مب)\s+(?:يحتاج|تحتاج|يحتاجون|يستخدم|تستخدم|يشتغل علي|تشتغل علي|يعمل علي|تعمل علي)${END}`, 'g'), ' بدون '],
  [phrase('اعرض لي|اعرض|ارني|وريني|ابحث عن|ابحث|ادور علي|ادور|ابغي|ابي|اريد|احتاج|محتاج|محتاجه|محتاجين|تحتاج|يحتاج|نحتاج|ودي|بغيت|اقترح|اقترح لي|رشح لي|رشح'), ' show '],
  [new RegExp(String.raw`^\s*هل${END}`, 'g'), ' does '],
  // 'this' and 'that' in MSA and Gulf ('هذي، هاذي، ذاك، ذيك'); 'these' ('هذول')
  [phrase('هذا المنتج|هذي المنتج|هذا|هذه|هذي|هاذي|هاذا|ذلك|تلك|ذاك|ذيك|هذاك|هذيك|ذي'), ' this '],
  // 'this' written onto its noun the Gulf way («هالكرسي، هالجوال»: this chair, this phone; decision 0191)
  [/(?:^|(?<=[\s,.;?!]))(?:و|ب|ل|ف)?هال(?=[\u0621-\u064A]{3,}(?=$|[\s,.;?!]))/g, ' this ال'],
  [phrase('هذول|هذولا|هذولي|هاذول|هؤلاء|هولاء'), ' them '],
  // a pronoun written onto a preposition: 'أخبرني عنه' (about it), 'أضف 2 منه' (of it), 'قارن بينهما' (between them)
  [phrase('عنه|عنها|منه|منها|فيه|فيها'), ' it '],
  [phrase('بينهما|بينها|بينهم'), ' them '],
  [phrase('منهم|منهن|منهما'), ' of them '],
  // who a gift is for and what they like: read as the English words the assistant already sets aside
  // grown-ups a gift is for (a grandparent, an uncle or aunt, a boss, a colleague, the staff: «جدي، لخالتي، للموظفين»):
  // family, and adults, so a children's listing is no answer (decision 0191)
  [phrase('ل?جدي|ل?جدتي|ل?جدو|ل?عمي|ل?عمتي|ل?خالي|ل?خالتي|ل?مديري|ل?مديرتي|ل?زميلي|ل?زميلتي|ل?زملائي|ل?زملايي|ل?موظفين|ل?موظفيني|ل?الموظفين'), ' adult family '],
  // a son or a daughter, and a sibling's child («ولدي، بنتي، ولد أختي، بنت أخوي»): family, not a product word
  [new RegExp(String.raw`${PRE}ل?(?:(?:ولد|بنت|عيال)\s+(?:اختي|اخوي|اخي|عمي|خالي|عمتي|خالتي)|ولدي|بنتي|عيالي|اخوي|اخويا|خويي|ربعي)${END}`, 'g'), ' family '],
  // what someone studies is what they are into («بيدرس هندسة كمبيوتر»: computers; decision 0191)
  [phrase('بيدرس|يدرس|تدرس|بتدرس|يتخصص|تتخصص|متخصص'), ' studies '],
  [phrase('ل?ابوي|ل?ابي|ل?امي|ل?اخي|ل?اختي|ل?زوجتي|ل?زوجي|ل?صديقي|ل?صديقتي|ل?ابني|ل?ابنتي|ل?والدي|ل?والدتي'), ' family '],
  [phrase('يحب|تحب|يعشق|تعشق|يهوي|تهوي'), ' loves '],
  // a passion said the Gulf way: 'crazy about', 'dies for', 'addicted to', 'obsessed with' («مجنون كورة»، «يموت في
  // الألعاب»، «مدمن قراءة»): loves, so what follows is the hobby a gift is for (decision 0191)
  [new RegExp(String.raw`${PRE}(?:مجنون|مجنونه|مهووس|مهووسه|مدمن|مدمنه|متيم|يموت|تموت|يذوب|تذوب)(?:\s+(?:في|علي|ب))?${END}`, 'g'), ' loves '],
  // a child's age (decision 0178): «عمره ٣ سنوات», «بعمر 5 سنين», «ابن سنتين», «عمرها سنة», a newborn: read as the English
  // the audience and age rules read ('3 years old', 'baby')
  [new RegExp(`${PRE}(?:عمره|عمرها|عمر|بعمر|ابن|بنت)\\s*(\\d{1,2}|${NUMBER.slice(1, -1)})\\s*(?:سنه|سنوات|سنين|عام|اعوام|عاما)${END}`, 'g'), (_m, n) => ` ${numberOf(n!)} years old `],
  // (an age with no unit after «عمره» is in years too: «ولد عمره ١٤»; decision 0191)
  [new RegExp(`${PRE}(?:عمره|عمرها|بعمر)\\s*(\\d{1,2})${END}`, 'g'), (_m, n) => ` ${n} years old `],
  [new RegExp(`${PRE}(?:عمره|عمرها|عمر|بعمر|ابن|بنت)\\s+(?:سنتين|عامين)${END}`, 'g'), ' 2 years old '],
  [new RegExp(`${PRE}(?:عمره|عمرها|عمر|بعمر|ابن|بنت)\\s+(?:سنه|عام)${END}`, 'g'), ' 1 years old '],
  // (also for one, with «ل» written on: «هدية لمولود جديد»; a child or a girl, «لطفل»، «لبنت», is the audience the English
  // 'child', 'girl' is, not a kin word: decision 0191)
  [new RegExp(String.raw`${PRE}ل?(?:مولود|مولوده|رضيع|رضيعه|بيبي|حديث الولاده|حديثي الولاده)(?:\s+جديد|\s+جديده)?${END}`, 'g'), ' baby '],
  [new RegExp(String.raw`(?<=(?:gift|birthday)\s+)ل(?:طفل|طفله|اطفال|بنت|بنات|ولد|صبي|اولاد)${END}`, 'g'), ' child '],
  // 'هدية لـX': whoever follows the gift's «ل» is the one it is for, any kin or friend word ('لصاحبي', 'لأخوي', 'لواحد'),
  // not a product word; «لل» is the article, a thing or a place ('هدية للبيت')
  [/\bgift\s+ل(?!ل)[\u0600-\u06FF]{2,}/g, ' gift family '],
  [phrase('مؤخرا|موخرا|مؤخراً|قبل فتره|هالفتره'), ' recently '],
  [bare('كم'), ' how many '],
  // 'what' in its Gulf and Levantine forms, left over by the rules above ('وش عندكم من ماركة Nova؟'); 'brand' as
  // shoppers say it (a brand's name follows: the search finds it)
  [phrase('وش|ويش|ايش|شنو|شنهو'), ' what '],
  [phrase('الماركه|ماركه|ماركات|الماركات|البراند|براند|نوع ماركه'), ' brand '],
  // a count left in words ('أرخص اثنين'): as digits, the way the English patterns read counts
  [new RegExp(`${PRE}${NUMBER}${END}`, 'g'), (_m, n) => ` ${numberOf(n!)} `],
];

/**
 * An Arabic message as the assistant's patterns read it: folded, its intent phrases rewritten in English, its product
 * words left in Arabic for the search. A message without Arabic is returned as it is.
 */
export function readArabic(text: string): string {
  if (!hasArabic(text)) return text;
  // folded, and the Arabic question mark and comma as the Latin ones, so the rules see one spelling
  let t = ` ${arabicAmountsAsDigits(foldArabic(text.normalize('NFKD')).normalize('NFC').replace(/\s+/g, ' ').trim())} `;
  for (const [pattern, to] of RULES) t = t.replace(pattern, to as string);
  return t.replace(/\s+/g, ' ').trim();
}

/**
 * The Arabic a reply shows for the English content words the rules above read an Arabic message into ('لاسلكي' is read
 * as 'wireless'): an Arabic answer echoes the shopper's request in Arabic, never in the words it was read as.
 */
const ARABIC_FOR: Record<string, string> = {
  wireless: 'لاسلكي', waterproof: 'مقاوم للماء', gift: 'هدية', kids: 'أطفال', cheap: 'رخيص', premium: 'فاخر', recently: 'مؤخرًا',
  // an age read as 'N years old' ('عمرها سنة' → '1 years old'): the number and 'سنوات', 'old' left out (a label drops it)
  years: 'سنوات', old: '',
  // the department a housewarming is read as (decision 0202)
  kitchen: 'المطبخ',
};

/**
 * How an Arabic answer writes the words it read from the shopper: each folded word back in the shopper's own spelling
 * (from their message and the conversation), an English word a rule read it as in Arabic, a name typed in Latin as typed.
 */
export function arabicSpelling(...texts: string[]): (word: string) => string {
  const own = new Map<string, string>();
  for (const text of texts) {
    for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
      if (!raw) continue;
      // a Latin word (a brand, a model) as the shopper typed it, accents and capitals kept ('Lumière', read as lumiere)
      if (!hasArabic(raw)) {
        const plain = raw.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
        if (plain !== raw && !own.has(plain)) own.set(plain, raw);
        continue;
      }
      const folded = foldArabic(raw.normalize('NFKD')).normalize('NFC');
      if (!own.has(folded)) own.set(folded, raw);
      // a transliteration read as its English trade word ('سبيكر' → speaker) is written back as the shopper wrote it
      const loan = loanwordOf(folded);
      if (loan && !own.has(loan)) own.set(loan, raw);
      // the word as the search reads it, without its article or attached 'and', 'with', 'for'
      const bareWord = folded.replace(/^(?:وال|بال|كال|فال|لل|ال|و)(?=\S{2})/, '');
      if (!own.has(bareWord)) own.set(bareWord, raw.replace(/^(?:وال|بال|كال|فال|لل|ال|و)(?=\S{2})/, ''));
    }
  }
  return (word) => own.get(word) ?? ARABIC_FOR[word] ?? word;
}
