import type { ReturnReason } from '@souq/shared/constants';

// How shoppers ask for after-sales help, in English and Arabic (decision 0107). Arabic is matched after `normaliseAr`
// (one alef, one yeh, teh marbuta as heh, no diacritics or tatweel), so each phrasing is written once.

/** Arabic letters folded the way people type them: أإآ → ا, ى → ي, ة → ه, no diacritics or tatweel. */
export function normaliseAr(text: string): string {
  return text
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
}

/** Arabic-Indic and Persian digits as ASCII digits ('٣' → '3'). */
export const asciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** The shopper's message as the patterns read it: lower case, Arabic folded, digits in ASCII, spaces single. */
// (a battery's charge — «على الشحنة»، «بشحنة وحدة» — is no shipment and no shipping: decision 0198)
const ON_A_CHARGE = /(?:^|(?<=\s))(?:(?:علي|على)\s+(?:ال)?|ب(?:ال)?)شحنه(?:\s+(?:وحده|واحده|كامله))?(?=$|[\s,.;?!،؟])/g;
export const readable = (text: string) => asciiDigits(normaliseAr(text.toLowerCase())).replace(ON_A_CHARGE, ' on one charge ').replace(/\s+/g, ' ').trim();

export const HUMAN =
  /\b(get|give|find|connect|transfer|put) me (through )?(to |with )?(a |an |the |some )?(real |live |human )?(agent|person|human|representative|rep)\b|\b(human|humans|real person|live (agent|person|support|chat)|customer (service|care|support)|representative|operator)\b|\b(talk|speak|chat) (to|with) (a |an |some )?(person|someone|somebody|agent|staff|people|support|team)\b|\b(someone|somebody|a person|anyone|people) (from|at|in|on) (the |your )?(support|help ?desk|customer (service|care)|team|staff)\b|\b(get|need|want) (a |some )?(person|human|someone|somebody) to (help|look|call|contact)\b|((?<!(?:^|\s)(?:ل|لل))موظف|انسان|بشري|شخص حقيقي|خدمه العملاء|ممثل خدمه|(اكلم|اتكلم|اتحدث|التحدث|تحدث|كلمني) (مع |الي )?(شخص|احد|موظف|الدعم|فريق)|(احد|شخص|حد) (من|في) (ال)?(دعم|خدمه العملاء|فريق|موظفين)|(ابي|ابغي|ابغا|اريد|احتاج) (احد|شخص|حد) (يساعدني|يكلمني|يتواصل|يشوف|يتابع)|(حولني|وصلني|تواصلني) (مع |الي |علي |ل)?(ال)?(دعم|موظف|شخص|احد|خدمه العملاء))/;

/** Cancelling an order ('noise cancelling' is a feature, not a request); 'scrap it', 'call it off', the plural «ألغوه». */
// Gulf speakers say it with the English loanword too («كنسل، كنسله، أكنسل الطلب»)
export const CANCEL = /(?<!noise[ -])\bcancel(l?ing|l?ed|lation)?\b|\bscrap (it|that|this|them|the order|my order)\b|\bcall (it|that|the order) off\b|(^|\s)(الغاء|الغي|الغ|تلغي|يلغي|الغيه|الغيها|الغيهم|الغوه|الغوها|الغوهم|الغوا|ابي الغي)(?=[\s.!،,؟?]|$)|(^|\s)(ا|ت|ي|ن)?كنسل(ه|ها|هم|وه|وها|ت)?(?=[\s.!،,؟?]|$)/;

/**
 * Returning: the verb, or sending, giving or taking something back with its object between ('send the lipsticks back'),
 * or asking for the money back ('I want my money back', 'refund it please').
 */
export const RETURN_WORD = /\b(return|returning|(send|sending|give|giving|take|taking|bring|ship|post)( [\w'-]+){0,4} back|(my|the) money back|refund (it|them|this|that|me)|want a refund)\b|(ارجاع|ارجع|استرجاع|استرجع|ارجعه|ارجعها|رجع)/;

/**
 * A question whether something can be returned at all, not a request to return one item: it asks ('can I', 'if I …',
 * «هل، ممكن، أقدر، يمديني، إذا، لو»); with no item named it is answered by the rules.
 */
export const ASKS_IF_ALLOWED = /^(can|could|may|do|how|if|what if|is it possible)\b|^(هل|كيف|ممكن|اقدر|يمديني|يمدي|يصير|اذا|لو)\s|\sاذا\s/;

/** A question about the rules rather than a request to return something ('what is your return policy?', 'the last day to …'). */
export const POLICY_WORD =
  /\b(policy|policies|window|rules?|how (long|many days)|how do (i|returns?)|days? (do|to|for)|terms|conditions|until when|by when|last day|deadline)\b|\b((days?|time) (left|remaining)|how (much|many days) (time )?(is |do i have )?(left|remaining)|still (have time|in time))\b|(سياس|مده|مهله|كم يوم|شروط|قواعد|قوانين|الي متي|لين متي|لحد متي|حتي متي|اخر يوم|اخر موعد|اخر مهله|كم باقي|كم بقي|كم تبقي|كم متبقي|كم يوم باقي|باقي لي|بقي لي|لسه الحق|لازال فيه وقت|باقي وقت)/;

/**
 * Where an order is, when it comes, whether it has left ('has it been dispatched?', 'has the ukulele left the shop?'), or
 * what became of it: 'any news on my ukulele?', 'an update on my order', 'what
 * happened to the feeder?', «وش صار على …، ماذا حدث لـ …، أي أخبار عن …».
 */
// ('when' asks a time as a question word — 'when will it come?', 'when's my order due', 'when?' — not as the conjunction of
// a situation told: 'the baby wakes up when we turn on the light'; decision 0194)
export const WHERE =
  /(?:^|[,.;!?]\s*)when\b|\bwhen(?:'s|\s*[?؟]|\s+(?:will|would|does|do|did|is|are|can|could|should|shall|might|may)\b)|\b(where|track|tracking|status|arrive|arriving|arrived|deliver(ed|y)?|coming|come|shipped|ship|news|updates?|what happened|happened to|what'?s happening|what is happening|what'?s going on with|what'?s up with|dispatched|sent out|left (the )?(shop|store|warehouse|seller))\b|(وين|اين|متي|تتبع|حاله|وصل|يوصل|توصل|سيصل|يصل|شحن|انرسل|ارسلتوه|ارسلتوها|تم ارسال|طلع من المستودع|خرج من المستودع|(وش|ايش|شو|شنو|ماذا|ما) (صار|حدث|حصل|الجديد)|اخبار|مستجدات)/;

/**
 * Paying ('can I pay cash when it arrives?', «ممكن ادفع كاش لما يوصلني الطلب؟»): a question about the payment rule, not
 * where an order is, though it says 'order' and 'arrive'.
 */
export const PAYMENT_WORD =
  /\b(pay|paying|payment|cash|cod|card|visa|mastercard|apple pay|instal?lments?)\b|(ادفع|الدفع|دفع|تدفع|كاش|نقدا|نقدي|فيزا|ماستر|بطاقه|بالبطاقه|اقساط|تقسيط)/;

/** A question after an order's arrival or state that WHERE's single words miss ('is it on its way?'). */
export const ARRIVAL = /\b(on (its|the|their) way|in transit|get here|got here|be here|reach me)\b|(في الطريق|وصلت|وصل)/;

/**
 * What an order cost the shopper ('how much did I pay for it?', 'what was my order's total', «كم دفعت على طلبي؟، بكم
 * طلبي، كم كلفني»): past, about their own order. 'How much do I pay on delivery?' asks the rule, not this.
 */
export const PAID_Q =
  /\bhow much (did|have) (i|we) (pay|paid|spend|spent)\b|\bwhat did (i|we) (pay|spend)\b|\bhow much (was|were) (my|our)( \w+)? (order|orders|purchase|purchases)\b|\b(total|amount) (of|for|on) (my|our) (order|purchase)\b|(^|\s)(كم|بكم|قديش) (دفعت|دفعنا|حاسبت|حاسبتوني|كلفني|كلفتني)(\s|[?؟.!،]|$)|(^|\s)(كم|بكم) (طلبي|طلبيتي|مشترياتي)(\s|[?؟.!،]|$)|(^|\s)(مجموع|اجمالي|قيمه) (طلبي|طلبيتي|مشترياتي)/;

// («على الشحنة»، «بشحنة وحدة» is a battery's charge, not a shipment: 'how many hours does it run on a charge'; decision 0198)
export const ORDER_WORD = /\b(orders?|oders?|ordrs?|oredrs?|odrers?|packages?|parcels?|purchases?|shipments?|deliver(y|ies)|my (stuff|things))\b|(طلب|طلبي|طلبيتي|طلبات|(?<!(?:علي|على) (?:ال)?|(?:^|\s)(?:بال|ب))شحنه(?!\s+(?:وحده|واحده|كامله))|شحنتي|طرد|مشتريات|اغراضي|حاجاتي)/;

/**
 * How long delivery takes *usually* ('how long does delivery usually take?', «الطلب عادة كم يوم ياخذ لين يوصل؟»): a
 * question of the shop's rule, not of one of the shopper's orders (decision 0188).
 */
export const USUAL_DELIVERY_TIME = (text: string) =>
  /\b(usually|normally|typically|generally|in general|on average)\b|(عاده|عادتا|عادتن|غالبا|بالعاده|عموما)/.test(text) &&
  /\b(how long|how many days|how soon|when)\b|(كم يوم|كم ايام|كم مده|متي|قديش)/.test(text) &&
  /\b(deliver\w*|arrive\w*|ship\w*|get here|come|take)\b|(يوصل|توصل|يجي|توصيل|الشحن|شحن|ياخذ|تاخذ)/.test(text);

export const SHIPPING_WORD = /\b(shipping|delivery|deliver|postage|courier)\b|(شحن|الشحن|توصيل|التوصيل)/;
// changing one's mind after delivery is the return rule («كم يوماً لدي لأغير رأيي؟»)
export const RETURNS_WORD = /\b(returns?|refunds?|exchange)\b|(ارجاع|الارجاع|استرجاع|الاسترجاع|استرداد|اغير رايي|غيرت رايي|تغيير رايي)/;

export const YES = /^(yes|y|yeah|yea|yep|yup|sure|ok|okay|k|alright|all right|right|correct|that'?s (right|correct|it)|exactly|confirm|confirmed|proceed|please proceed|go ahead|go on|do it|please do|yes please|absolutely|definitely|of course|sounds good|نعم|اي|ايه|ايوه|ايوا|اكيد|موافق|تمام|اوكي|اوك|اكد|نعم اكد|اجل|طيب|صح|صحيح|بالضبط|زين|يلا|توكل|تفضل|ابشر|ماشي|اكمل|كمل|اوافق|بلى)([ .!،,؟?]|$)/;
export const NO = /^(no|n|nope|nah|stop|never ?mind|don'?t|keep it|not now|leave it|لا|كلا|توقف|لا شكرا|لا تلغي|لا تفعل|خلاص لا|خلها|اتركه|اتركها|مو لازم|بلاش)([ .!،,]|$)/;

/** An answer that only says yes or no (or ok, thanks), naming no reason: never the reason of a return. */
export const ONLY_YES_OR_NO = (text: string) => {
  const t = readable(text).replace(/[.!،,؟?]+/g, ' ').trim();
  return (YES.test(t) || NO.test(t)) && t.split(/\s+/).length <= 3 && !REASON_WORDS.some(([, re]) => re.test(t));
};

/** Colours, sizes and such in Arabic, as the English words of variant labels and product names. */
const AR_WORDS: Record<string, string> = {
  ازرق: 'blue', زرقاء: 'blue', احمر: 'red', حمراء: 'red', اسود: 'black', سوداء: 'black', ابيض: 'white', بيضاء: 'white',
  اخضر: 'green', خضراء: 'green', رمادي: 'grey', فضي: 'silver', ذهبي: 'gold', وردي: 'pink', بني: 'brown', برتقالي: 'orange',
  اصفر: 'yellow', صفراء: 'yellow', بنفسجي: 'purple', كبير: 'large', صغير: 'small', وسط: 'medium', سماعه: 'headphones', سماعات: 'headphones',
  حذاء: 'shoes', قميص: 'shirt', ساعه: 'watch', هاتف: 'phone', جوال: 'phone', حصيره: 'mat',
};
const SAME_AS: Record<string, string[]> = { grey: ['gray'], gray: ['grey'], colour: ['color'], color: ['colour'] };

/**
 * Words that say what to do, when, or how the shopper feels about it, never which item: verbs of the request, pronouns,
 * auxiliaries, time and order words, politeness, in both languages (folded spelling).
 */
const NOT_AN_ITEM = new Set(
  ('return returning returned send sent give back the a an one ones my me i i\'d id im want wanted would like to please from of in on at last latest most ' +
    'recent previous order orders ordered purchase purchased item items thing things product products it its this that these those them they ' +
    'can could may you your for with and or but cancel cancelled cancelling cancellation part parts sub bought got get everything all whole entire ' +
    'both again just still yet already yesterday today week ago is are was were be been has have had do does did will where when how long until ' +
    'by way status shipped ship arrive arrived arriving delivered delivery coming come here there still too very really also so now ' +
    // what any purchase is called, and how long or how many (days) of a rule: 'how many days do I get to return things?'
    // asks about the rules, not about an item called 'many' or 'days'
    'stuff anything something many much day days time long if change changed mind ' +
    // the negative contractions, split at the apostrophe ('hasn't' → 'hasn'), say whether, never which item
    'hasn haven isn aren wasn weren doesn didn don won wouldn couldn shouldn can cant ' +
    'ارجع ارجاع استرجاع استرجع ارجعه ارجعها رجع اريد ابي ابغي ابغا ممكن من في طلبي طلب الطلب طلبته طلبتها طلبت الاخير اخير السابق هذا هذه ذلك تلك ' +
    'لو سمحت رجاء المنتج منتج الذي اللي الي القطعه قطعه الغاء الغي الغ الغيه كل شي شيء امس اليوم هل تم وين اين متي يوصل توصل وصل وصلت ولا لا ' +
    'اقدر اقدري استطيع عندي عندكم كم يوم ايام حق حقت حقي بس لين حتي عشان ليش مره ثاني ثانيه ' +
    // buying said as a verb ('if I buy', «لو اشتريت») names no item
    'buy buying اشتري اشتريت اشتريته اشتريتها شريت نشتري ' +
    'اغراض اغراضي الاغراض اشياء الاشياء اشيائي مشتريات المشتريات مشترياتي حاجات الحاجات حاجاتي منتجات المنتجات اذا لو غيرت رايي ' +
    // 'all of it' with its pronoun, and placing an order said as making or doing it («الطلب اللي سويته اليوم»)
    'كله كلها كلهم جميعه جميعها جميعهم سويت سويته سويتها سويتهم عملت عملته عملتها سويناه ' +
    // paying said as a verb ('how much did I pay for my last order?', «كم دفعت على آخر طلب؟»), its prepositions and
    // 'last' as «آخر» name no item: read as items they matched some listing's words, and the answer told of one item
    'pay paid paying spend spent cost costs charged دفعت دفعنا دفعته ادفع دفع حاسبت حاسبتوني كلفني كلفتني ' +
    'what which we our us علي عن مع الي اخر اخره الاخره اخيره الاخيره الجديد بكم قديش').split(' '),
);

/** The words of a message that can name an item ('the blue one' → ['blue']), folded, without the article. */
export function itemWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of readable(text).replace(/sq-?\d{6}-?[a-z0-9]{5}(-\d+)?/g, ' ').split(/[^\p{L}\p{N}]+/u)) {
    let w = raw;
    if (/^[\u0600-\u06FF]+$/.test(w) && w.startsWith('ال') && w.length > 4) w = w.slice(2);
    // the cancel verb in any of its forms («ألغوا، ألغيها، كنسلوه») is the request, never the item (its «ال» is no article)
    if (!w || NOT_AN_ITEM.has(raw) || NOT_AN_ITEM.has(w) || CANCEL.test(raw) || /^\d+$/.test(w) || /^[a-z]{1,2}$/.test(w)) continue;
    out.push(w);
  }
  return [...new Set(out)];
}

/** The forms a word may take in an item's own words: itself, an Arabic colour or size as the English of variant labels. */
export const wordForms = (w: string): string[] => [w, ...(AR_WORDS[w] ? [AR_WORDS[w]] : []), ...(SAME_AS[w] ?? [])];

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, single: 1, both: 2, first: 1, second: 2, third: 3,
  واحد: 1, واحده: 1, وحده: 1, اثنين: 2, اثنان: 2, ثنتين: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4, خمس: 5, خمسه: 5, الاول: 1, الثاني: 2, الثالث: 3,
};

/** A number the shopper replied with ('2', 'two', '٢', 'اثنين'); 'all' is `all`. Null when there is none. */
export function replyNumber(text: string, all: number): number | null {
  const t = readable(text);
  if (/\b(all|all of them|everything)\b|(الكل|كلها|كلهم|جميعها)/.test(t)) return all;
  const digits = /\b(\d{1,3})\b/.exec(t);
  if (digits) return Number(digits[1]);
  for (const w of t.split(/[^\p{L}\p{N}]+/u)) {
    const bare = /^ال[\u0600-\u06FF]{3,}$/.test(w) ? w.slice(2) : w;
    if (w in NUMBER_WORDS) return NUMBER_WORDS[w]!;
    if (bare in NUMBER_WORDS) return NUMBER_WORDS[bare]!;
  }
  return null;
}

/**
 * A count said with the request itself, of units of one line: 'one of the two', 'just one', 'a single pack', '2 of
 * them', «وحدة من الثنتين، حبة وحدة، واحد بس، ٢ منها». Null when none is said ('all', 'both' are the caller's). A count
 * of more than the units left is none.
 */
const COUNT_OF = /\b(one|two|three|four|five|\d{1,3}) (of|out of)\b|\b(just|only) (one|two|three|\d{1,3})\b|\ba single\b|\bone (pack|piece|unit|box|pair|set|of them)\b/;
const COUNT_OF_AR = /(^|\s)(واحد|واحده|وحده|حبه وحده|حبه|قطعه وحده|قطعه|ثنتين|اثنين|\d{1,3}) (من|منها|منهم|بس|فقط)(\s|$)|(^|\s)[\u0621-\u064A]{2,} (واحده|وحده|واحد)(\s|$)/;
/**
 * Words that count units of what they hold or come in (a piece, a bottle, a box, a bag, a pair): their dual says two
 * («قارورتين، علبتين، حبتين، كيسين، كرتونين»), as «ثنتين» does. Only these: a word ending like a dual may be no dual at all
 * («بروتين» is protein).
 */
const UNIT_WORDS = ['حبه', 'قطعه', 'علبه', 'عبوه', 'قاروره', 'زجاجه', 'كوب', 'كيس', 'كرتون', 'باكيت', 'باكت', 'بكت', 'زوج', 'جوز', 'شنطه', 'لفه', 'ربطه', 'شده', 'صندوق', 'نسخه'];
/** The duals of the unit words, folded, as a regular expression's alternatives (the assistant's reading of Arabic counts them too). */
export const UNIT_DUALS = UNIT_WORDS.map((w) => (w.endsWith('ه') ? `${w.slice(0, -1)}تين|${w.slice(0, -1)}تان` : `${w}ين|${w}ان`)).join('|');
const DUAL_OF_UNIT = new RegExp(`(^|\\s)(ال)?(${UNIT_DUALS})(\\s|$)`);
export function unitsIn(text: string, left: number): number | null {
  const t = readable(text);
  if (DUAL_OF_UNIT.test(t)) return left >= 2 ? 2 : null;
  const m = COUNT_OF.exec(t) ?? COUNT_OF_AR.exec(t);
  if (!m) return null;
  const said = m[0].trim().split(' ');
  const n = said.map((w) => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w])).find((x) => x !== undefined) ?? 1;
  return n >= 1 && n <= left ? n : null;
}

const REASON_WORDS: [ReturnReason, RegExp][] = [
  ['damaged', /\b(damaged|broken|faulty|defective|cracked|does ?n[o']?t work|not working|stopped working|dead)\b|(تالف|مكسور|معطل|عطلان|خربان|لا يعمل|مايشتغل|ما يشتغل)/],
  ['wrong_item', /\b(wrong|different item|not what i ordered|incorrect)\b|(خطا|غلط|غير المطلوب|منتج اخر)/],
  ['not_as_described', /\b(not as described|different from|does ?n[o']?t (match|look like)|description|fit|fits|size|(too|very|so) (small|big|large|tight|loose))\b|(غير مطابق|مختلف|لا يطابق|الوصف|المقاس|مقاس|صغير|كبير|ضيق|واسع)/],
  ['no_longer_needed', /\b(no longer|don'?t (need|want)|changed my mind|not needed|unwanted|(?:do|did|does) ?n[o']?t (?:like|love) (?:it|them|this|that|the)|not for me)\b|(ما عجبني|ما عجبتني|ماعجبني|ماعجبتني|مو عاجبني|مو عاجبتني|ما حبيته|ما حبيتها|لم يعجبني|لم تعجبني|لم اعد|لا احتاج|ما احتاج|غيرت رايي|ما ابيه|لا اريده|ما عاد ابي|ما عاد ابغي|ما عدت ابي|ما عدت احتاج|ما عاد احتاج)/],
  // (decision 0188) the damage a thing shows — torn, leaking, scratched, dented, shattered — and a thing that fails to do
  // what it does, said with its own negated verb: 'it won't stay in tune', 'they don't charge', «ما تسخن، ما يشحن، لا تقفل»
  // (after the other reasons: «ما تجي على مقاسي» is a size)
  ['damaged', /\b(torn|ripped|rip|split|leak|leaks|leaking|leaky|scratched|dented|chipped|shattered|burst|punctured|bent|cracks?|tear|hole|holes|malfunction\w*)\b|\b(?:it|they|this|that|the \w+) (?:won'?t|wont|doesn'?t|does not|don'?t|do not|didn'?t|did not|can'?t|cannot|isn'?t|aren'?t|stopped|keeps? (?:turning|switching|shutting|dying|dropping)) ?\w*|(مشقوق|ممزق|مشقق|مخدوش|مخدش|مطعوج|مبعوج|مكسر|تسريب|يسرب|تسرب|مثقوب|شق |خدش)|(?:^|\s)(?:ما|مو|مب)\s+[تي][\u0621-\u064A]{2,}/],
];

/** A reaction of the body to a product ('it gave me a rash', «سبب لي حساسية»): a reason of its own, told as the shopper says it. */
const REACTION = /\b(allerg\w*|rash|rashes|itch\w*|irritat\w*|breakouts?|broke me out|burn(?:s|ed|ing)?|reaction|swelling)\b|(حساسيه|حساسية|حكه|حكة|تهيج|احمرار|حبوب|التهاب|حرقان)/;

/** Where a request gives its reason: 'because', 'since', ', it …', 'لأنه', 'عشان', 'بسبب'. */
const BECAUSE = /\b(?:because|since)\s+|,\s*(?=(?:it|they|its|their|the|one|both)\b)|(?:^|\s)(?:لأن|لان|لإن)(?:ه|ها|هم)?\s+|(?:^|\s)(?:عشان|بسبب|كونه|كونها)\s+/i;

/**
 * A reason given with the request itself ('return the mouse, it double-clicks', 'too small, I want to return them',
 * 'لأنه يعلق'): its kind and the shopper's own words (after 'because' and kin, else the whole message), or null.
 */
export function reasonIn(text: string): { reason: ReturnReason; words: string } | null {
  const m = BECAUSE.exec(text);
  const after = m ? text.slice(m.index + m[0].length).trim() : '';
  const t = readable(text);
  const kind = REASON_WORDS.find(([, re]) => re.test(t))?.[0] ?? (REACTION.test(t) ? 'other' : undefined);
  if (!kind && !after) return null;
  return { reason: kind ?? 'other', words: after || text.trim() };
}

/** The reason a reply gives: its number in the list, else words that say it, else 'other' with the words kept. */
export function replyReason(text: string, order: readonly ReturnReason[]): ReturnReason {
  const t = readable(text);
  const n = /^\s*(\d)\s*[.)]?\s*$/.exec(t);
  if (n && Number(n[1]) >= 1 && Number(n[1]) <= order.length) return order[Number(n[1]) - 1]!;
  for (const [reason, re] of REASON_WORDS) if (re.test(t)) return reason;
  return 'other';
}
