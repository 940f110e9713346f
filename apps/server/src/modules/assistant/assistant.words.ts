import { parseQuantity } from '@souq/shared/rules/chat-commands';

// The built-in assistant's reading of a message (intents as patterns, words that ask rather than name, budgets, ages
// and hobbies) and its product lines: split from assistant.builtin.ts, which composes them into answers.

export const GREETING = /^(hi|hello|hey|hiya|howdy|salam|salaam|assalamu alaikum|marhaba|ahlan|greetings|yo|good (morning|afternoon|evening))\b/i;
export const THANKS = /\b(thanks|thank you|thx|cheers|appreciate it|bye|goodbye|see you)\b/i;
export const HELP = /\b(what can you do|how does this work|what do you do|who are you|help me|^help$)\b/i;
export const COMPARE = /\b(compare|comparison|versus|vs\.?|difference|differences|which (one|is|has|should|would|of)|better|best value)\b/i;
export const WORTH = /\b(worth|value for money|good (value|deal|price|buy)|overpriced|fair price|rip ?off)\b/i;
export const SIMILAR = /\b(similar|alternatives?|(something|anything) like|others? like|options like|like (this|that|it)|comparable)\b/i;
// the occasions a gift is given on: 'secret santa', 'farewell', 'housewarming', 'graduation' (decision 0187)
// (and something for a person — 'something nice for my grandma', «شي حلو لأمي», read 'شي حلو family' — is bought for them:
// a gift; decision 0194)
/** A word said in a message, lower case and escaped to stand inside a pattern (the readings that look at what surrounds it). */
export const wordPattern = (word: string): string => word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const GIFT = /\bwhat (?:can|should|could|shall|do) (?:i|we) (?:get|buy) (?:him|her|them)\b|\b(gifts?|presents?|birthday|christmas|eid|anniversary|secret santa|farewell|leaving do|housewarming|graduation|baby shower)\b|\b(?:something|anything)\s+(?:[a-z]+\s+){0,2}?for\s+(?:my|our)\s+(?:dad|father|mum|mom|mother|parents|wife|husband|partner|sister|brother|son|daughter|friend|boyfriend|girlfriend|boss|colleague|grandma|grandmother|granny|grandpa|grandfather|grandad|uncle|aunt|cousin|nephew|niece|teacher|neighbou?r)s?\b|(?:^|\s)(?:شي|شيء|حاجه)\s+(?:\S+\s+)?(?:adult\s+)?family\b/i;
export const PRONOUN = /\b(it|this|that|this one|that one)\b/i;
/** A question of judgement ('is the battery any good?', 'how reliable is it', «زينة؟»): what buyers say answers it (decision 0188). */
export const JUDGEMENT = /\b(?:good|bad|decent|great|reliable|durable|quality|worth|nice|sturdy|any good|how (?:is|are|was|were)|how's|recommend(?:ed)?)\b|(?:^|\s)(?:زين|زينه|حلو|حلوه|كويس|كويسه|ممتاز|ممتازه|جيد|جيده|سيء|سيئ|يستاهل|تستاهل)(?=$|[\s؟?.,])/i;
/** A message that refers back to a product already on the table, one or several: 'how long can it fly', 'on these'. */
export const REFERS_BACK = /\b(?:it|its|this|that|these|those|they|them)\b/i;
/** A question asked of something (decision 0188): a question word first, a 'how long / how big' anywhere, or a question mark. */
export const ASKS_OF = /^(?:how|what|what's|whats|which|does|do|is|are|can|will|would)\b|\bhow (?:long|big|many|much|heavy|far|fast|tall|wide|loud|bright)\b|\?\s*$/i;
// the price said with the verb too: 'which of those costs the least?', 'the one that costs the most' (decision 0184)
export const CHEAPEST = /\b(cheapest|least expensive|lowest priced?|most affordable|costs? (the )?least|lowest price)\b/i;
export const PRICIEST = /\b(most expensive|priciest|highest priced?|costs? (the )?most|highest price)\b/i;
export const CHEAPER = /\b(cheaper|less expensive|lower price|more affordable|for less)\b/i;
/** 'the cheaper one', 'the less expensive of the two': a comparative with the article names one of those shown. */
export const THE_CHEAPER = /\bthe (?:cheaper|less expensive|more affordable)(?: one| of (?:the|them|those|these))?\b/i;
/** 'anything', 'is there', 'do you have': asking whether such a product exists, not which of those shown. */
/** An ordinal pointing at one of the products shown ('the third one', 'second'; 'last' only as 'the last one': 'how long does it last'). */
export const ORDINAL_REF = /\b(?:first|second|third|fourth)\b|\b(?:the\s+)?last\s+one\b/i;
/**
 * A count of the product in question wished for, however the count is shared out ('I want two, one for me and one for my
 * brother', «ابي ثلاث حبات منه», «ابي ثنتين وحدة لي ووحدة لامي», read 'show 3 حبات it', 'show 2 وحده لي ووحده family'):
 * a wish whose only content is a number, a unit it is counted in (a piece, a box, a pair; «حبات، قطع، علب») and who each
 * one is for is an add of that many, since a count names no product of its own (decision 0194).
 */
export function countWished(text: string): number | null {
  const rest = text
    .replace(SHARED_OUT, ' ')
    .replace(/[,،]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!COUNT_WISH.test(rest)) return null;
  // (counted after who each one is for is taken out: 'two, one for me …' is two)
  return /\ba (?:couple|pair)\b/i.test(rest) ? 2 : parseQuantity(rest);
}
// 'one for me', 'and one for my mum', 'one for each of my sisters', «وحدة لي ووحدة لأمي» (read 'وحده لي ووحده family')
const SHARED_OUT = /(?:^|\s)(?:and\s+|و)?(?:one|1|واحد|واحده|وحده)\s+(?:(?:for|to)\s+(?:me|myself|him|her|them|us|(?:each|every)(?:\s+of)?(?:\s+(?:my|our|the))?(?:\s+[a-z]+)?|(?:my|our|his|her|the)\s+[a-z]+)|لي|لنا|له|لها|(?:adult\s+)?family|ل[\u0621-\u064A]{2,}|حق\s*[\u0621-\u064A]+)(?=$|[\s,.;!?،؟])/gi;
const COUNT_WORD = String.raw`\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a couple(?: of)?|a pair(?: of)?`;
const UNIT_WORD = String.raw`pieces?|units?|pcs|boxes|packs?|bottles?|pairs?|copies|copy|نسخ|نسخه|حبات|حبه|قطع|قطعه|علب|علبه|عبوات|اكياس|ازواج`;
const COUNT_WISH = new RegExp(
  String.raw`^(?:(?:ok|okay|yes|yeah|then|so|and)\s+)*(?:show|want|need|i (?:want|need|would like|'d like)|i'?ll (?:take|get|have|buy)|give me|get me|بشتري|باشتري|باخذ|بناخذ|بنشتري)\s+(?:${COUNT_WORD})\s*(?:${UNIT_WORD})?\s*(?:(?:of\s+)?(?:it|them|these|those|this|that|this one|that one))?\s*(?:please|pls|plz)?\s*[.!?؟]*$`,
  'i',
);
/**
 * A question about the shopper's own cart, or a change to it other than adding, in free wording and both languages (on
 * the text as `readable` folds it): 'what's in my cart?', 'how much is my basket altogether?', «وش في سلتي؟», «كم مجموع
 * السلة» ask to see it; 'take the kettle out of my cart', 'change the quantity in my cart to 3', «شيل … من السلة», «غير
 * الكمية في سلتي» change it. Adding keeps its own reading (isCartCommand): the cart is named, no product is asked for
 * (decision 0194).
 */
export function cartAsked(folded: string): 'view' | 'change' | null {
  if (!CART_WORD.test(folded)) return null;
  if (CART_CHANGE.test(folded)) return 'change';
  // ('what did I add to my cart?' asks to see it)
  if (/\b(?:what|which)\b[^.?!]*\b(?:did|have) (?:i|we) (?:add|put)\b/i.test(folded)) return 'view';
  if (/\b(?:add|put|place|buy|purchase|throw|toss|pop|chuck|stick|drop|stuff|slip|load|get|include)\b|(?:^|\s)(?:ضيف|اضف|حط|ضع|زود|زيد)(?=\s|$)(?!\s+(?:ال)?(?:كميه|عدد))/i.test(folded)) return null;
  return CART_VIEW.test(folded) ? 'view' : null;
}
const CART_WORD = /\b(?:cart|basket|trolley)\b|(?:^|\s)(?:و|ف)?(?:ب|ل|في)?(?:ال)?(?:سله|سلتي|سلتنا|سلتك|عربه|عربتي|عربة)(?=$|[\s,.;!?،؟])/;
const CART_VIEW = new RegExp(
  [
    String.raw`\b(?:what(?:'s|s| is| do i have| have i got| have i put| did i (?:add|put))?|which|show(?: me)?|list|see|view|check|review|open|read)\b.*\b(?:cart|basket|trolley)\b`,
    String.raw`\b(?:total|subtotal|how much|sum|altogether|in all|come to|comes to|cost)\b`,
    String.raw`\b(?:cart|basket|trolley)\b.*\b(?:total|how much|sum|altogether|come to|comes to|items?|empty)\b`,
    String.raw`(?:^|\s)(?:وش|ايش|شو|ماذا|ما|ويش|شنو|شنهو|كم|بكم|مجموع|المجموع|اجمالي|الاجمالي|محتوى|محتويات|اعرض|وريني|شوف|عرض)(?=\s|$)`,
  ].join('|'),
  'i',
);
const CART_CHANGE = new RegExp(
  [
    String.raw`\b(?:remove|delete|take (?:out|off)|take\b.*\b(?:out of|off)|get rid of|drop\b.*\bfrom|change|update|set|reduce|lower|increase|raise|decrease|empty|clear|edit)\b`,
    String.raw`(?:^|\s)(?:شيل|شيله|شيلها|شيلي|اشيل|احذف|احذفه|احذفها|حذف|امسح|امسحه|امسحها|ازل|ازيل|ازاله|طلع|طلعه|طلعها|نزل|غير|غيري|عدل|عدلي|تعديل|نقص|قلل|فضي|افضي|الغ|الغي)(?=\s|$)`,
    // (more of what is there — «زيد الكمية» — changes it; «زيد في السلة …» adds, as «زود» does: decision 0198)
    String.raw`(?:^|\s)(?:زيد|زود)\s+(?:ال)?(?:كميه|عدد)(?=\s|$)`,
  ].join('|'),
  'i',
);
/** 'And something to …', 'also anything for …', «وكمان شي …»: another thing asked for beside what is on the table (decision 0194). */
export const ANOTHER_THING = /^\s*(?:and|also|plus|what about|how about)\b[^.?!]*\b(?:something|anything)\b|\b(?:something|anything) else\b/i;
export const ANOTHER_THING_AR = /^(?:و|وكمان|كمان|وبعد|بعد|وايضا|ايضا)\s*(?:شي|شيء|حاجه)(?=\s|$)|(?:^|\s)(?:شي|شيء|حاجه) (?:ثاني|ثانيه|غيره|غيرها|اخر|اخري)(?=\s|$)/;
/** 'Which one has …', 'which of them …': asks which of the products shown (decision 0191). */
export const WHICH_ONE = /\bwhich\s+(?:one|ones|of\s+(?:them|these|those|the\s+\w+))\b/i;
export const EXISTS = /\b(any|anything|something|have|got|is there|are there)\b/i;
/** 'I'll take it', 'I'll buy two': buying the product in question, as an add to the cart. */
export const TAKE_IT = /\b(i'?ll|i will|let me) (take|buy|have) (it|this|that|them|one|two|three|\d+)\b|\b(?:i (?:want|need|would like|'d like)|give me|show)\s+(?:\d+|two|three|four|five)\s+(?:of (?:it|them|these|those|this)|it)\b|^\s*(?:\d+|two|three|four|five)\s+(?:of (?:it|them|these|those|this)|it)(?:\s+please)?\s*[.!?]*\s*$/i;
/**
 * 'add two of it', 'add this one', 'ok add them' (and «ضيف اثنين منها», read as 'add 2 it'): a message that starts by adding
 * asks for the cart even when it does not say the cart.
 */
// (any run of assent before it: 'ok yes, add them', 'yes that one, add it': decision 0188)
// (a wish for it said first — 'I want it, add it', «بغيتها، ضيفها» read 'i want it': decision 0198)
export const ADD_IT = /^\s*(?:(?:please|ok|okay|then|so|and|yes|yeah|yep|sure|great|alright|cool|perfect|fine|that one|this one|that|this|hmm|i want (?:it|this|that|them)|i like (?:it|this|that)|i(?:'ll| will) take (?:it|this|that))[,.!\s]+)*(?:add|put in|include)\b(?!.*\b(?:wish ?list|favou?rites|compare|comparison)\b)/i;
/**
 * Wanting a product in one's cart ('I want 2 of the mugs in my cart', «ابي ٢ من الزجاجة بالسلة», read 'show 2 … to my
 * cart'): an add, with no adding verb (decision 0188).
 */
// (and the cart named first as where it goes: 'cart: one football please'; decision 0198)
export const WANT_IN_CART = /\b(?:show|want|need|i'?d like|get me|give me)\b.*\b(?:to|in|into|inside) (?:my|the) (?:cart|basket|trolley)\b|^\s*(?:cart|basket|trolley)\s*[:\-–]\s*\S/i;
/** 'does X have Y', 'is X waterproof': a yes/no question about what one product has or is. */
/** A question to the shop, not about a product: 'do you have washing machines?', 'do you sell tents?' (decision 0184). */
export const ASKS_THE_SHOP = /^(?:do|does) (?:you|you guys|souq|the shop|this shop) (?:have|sell|carry|stock|offer|got)\b/i;
export const FEATURE_Q = /^(does|do|is|are|has|can|will)\b.*\b(have|has|come with|comes with|include|includes|support|supports|work with|got|waterproof|wireless|compatible)\b/i;
export const PURCHASE = /\b(how (do|can|would|should) i (buy|purchase|order|get|pay)|how to (buy|purchase|order)|checkout|check out|payment|pay with|cash on delivery|shipping|delivery)\b/i;
export const PRICE_Q = /\b(how much|price|cost|costs|pricing)\b/i;
export const STOCK_Q = /\b(in stock|stock|available|availability|left|sold out)\b/i;
export const RATING_Q = /\b(rating|rated|reviews?|stars?)\b/i;
export const SPEC_Q = /\b(warranty|guarantee|dimensions?|size|weight|weigh|how big|how heavy|specs?|specifications?|features?)\b/i;
export const TELL = /\b(tell me|more about|describe|details?|info|information|what is|what's|explain)\b/i;
// (a person told with what they love — "my nephew is 14 and loves video games", «يموت في الألعاب» — asks what to get them:
// decision 0191)
export const SHOPPING = /\b(show|find|search|looking|look|need|want|recommend|suggest|any|have|sell|carry|got|options?|gifts?|ideas?|buy|shop|shopping|loves)\b/i;
export const OFF_TOPIC = /\b(weather|jokes?|news|politics?|president|prime minister|capital of|movies?|songs?|sing|lyrics|poem|story|homework|essays?|assignments?|math|time is it|what day|date today|who won|who is winning|translate|meaning of life|love you|do you love|your name|are you (a |an )?(human|real|bot|robot|person|ai|machine)|who (made|built|created) you|taxis?|cabs?|uber|flights?|hotels?|restaurants?|appointments?|forecast|(?:going to|gonna|will it|did it) (?:rain|snow|be (?:hot|cold|sunny|humid))|exchange rates?|prayer times?)\b|\d+\s*(times|plus|minus|divided by|multiplied by|[*+])\s*\d+/i;
/**
 * Is the message off-topic chit-chat? A place or trip after a preposition ('on long flights', 'for hotel stays', 'at the
 * restaurant') is the circumstance of a need, not what is asked: 'earplugs for flights' is shopping, 'book a flight' is not.
 */
export function isOffTopic(text: string): boolean {
  const circumstance = /\b(?:on|for|during|in|at|after|before|while|when)\s+(?:(?:a|an|the|my|our|long|short|early|late|overnight|business|family|night|busy|(?:\w+)ing)\s+){0,3}(?:taxis?|cabs?|ubers?|flights?|hotels?|restaurants?)\b/gi;
  return OFF_TOPIC.test(text.replace(circumstance, ' '));
}
export const REF = /\b(cheaper|cheapest|less expensive|more expensive|pricier|priciest|most expensive|costs? (the )?(least|most)|first|second|third|last|other|better rated|higher rated|best rated|top rated)\b/i;

/** Words that ask about a product rather than name one: they never make a search. */
export const QUESTION_WORDS = new Set(
  (
    'tell more about describe detail details info information explain what whats is are was were be it its this that these those ' +
    'price prices cost costs much many how worth value money good deal fair overpriced similar alternative alternatives like purchase ' +
    'buy order checkout pay payment delivery shipping stock available availability left sold out rating rated review reviews star stars ' +
    'warranty guarantee dimension dimensions size weight weigh big heavy spec specs specification specifications feature features compare ' +
    'comparison versus vs difference differences better best which one ones cheaper cheapest expensive pricier priciest most less least more first ' +
    'second third last other rated higher top and but so ok okay yes no why when where who should will can could would there here them they ' +
    'please thanks hi hello hey do does did am im i you me my your we our us to of for in on with a an the any some get show find search ' +
    'looking look need want recommend suggest have sell carry got option options shop shopping also just really very about up gift gifts ' +
    'idea ideas product products item items thing things stuff anything something help morning afternoon evening there s t d m ll re ve ' +
    // choosing among what was shown ('I'll go with the first', 'I pick the second one'): no product's name
    'go going choose chose pick picked prefer take taking fine ' +
    // 'what do you have from brand X': the brand's name is the product word
    'brand brands ' +
    // chat shorthand for please, thanks and laughing ('keystrike stuff pls', '… lol'): no product's name
    'pls plz plse thx ty lol haha hahaha lmao btw'
  ).split(' '),
);

/**
 * Who a gift is for and why, and how a shopper says what someone likes: they shape the question, they name no product
 * ('a gift for my dad, he loves coffee' is about coffee).
 */
export const PEOPLE_WORDS = new Set(
  (
    'dad father mum mom mother parents wife husband partner sister brother son daughter friend friends boyfriend girlfriend ' +
    'boss colleague coworker grandma grandmother grandpa grandfather uncle aunt cousin nephew niece family him her he she they ' +
    'adult adults grandad granddad granny grandparents colleagues coworkers staff employees studies studying ' +
    'them his hers someone somebody person people who likes like loves love enjoys enjoy into fan lover lovers birthday ' +
    'christmas eid anniversary present presents occasion surprise special starting ' +
    // the occasion, and how a habit is said ('who drinks a lot of tea' likes tea)
    'secret santa farewell leaving graduation drinks drink drinking eats eating lot lots always'
  ).split(' '),
);

/** A shopper's way of saying a budget the search does not read: '50 dirhams or less', '300 and up'. */
export function budgetPhrases(text: string): string {
  const cur = String.raw`(\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks))?`;
  return text
    // a sum spent per day, week or month ('spending 25 dirhams a day on flat whites', «أصرف ٢٥ درهم باليوم على القهوة») is
    // what the shopper spends now, the situation told, never a budget (decision 0202)
    .replace(/\b(?:spend(?:s|ing)?\s+(?:about\s+|around\s+|like\s+|over\s+)?)?\$?\d+(?:[.,]\d+)?k?\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks|درهم|دراهم)\s+(?:(?:a|an|per|every|each)\s+(?:day|week|month|year)\b|(?:باليوم|في اليوم|كل يوم|يوميا|بالشهر|في الشهر|كل شهر|شهريا|بالاسبوع|في الاسبوع|كل اسبوع)(?=$|[\s,.،؟?!]))/gi, ' ')
    // the price said not to matter is a wish for the top of the range ('money is no object', 'whatever it costs')
    .replace(/\b(?:money(?: is)? no object|(?:the )?price (?:doesn'?t|does not|don'?t) matter|whatever (?:it costs|the (?:price|cost))|no matter (?:the|what it) (?:price|costs?)|regardless of (?:the )?(?:price|cost)|(?:i )?(?:don'?t|do not) care (?:about|what) (?:the )?(?:price|it costs))\b/gi, ' premium ')
    // price words that hold 'cost' or 'price' are a wish, not a question about a price ('low cost phone')
    .replace(/\b(?:low[- ]cost|low[- ]priced?|lower[- ]priced|budget[- ]friendly|wallet[- ]friendly|reasonably priced|inexpensive)\b/gi, ' cheap ')
    // a high price denied or a small budget is a wish for a cheap one ('nothing too pricey', 'won't break the bank',
    // 'on a tight budget', 'doesn't cost much')
    .replace(/\b(?:(?:nothing|not|isn'?t|aren'?t|shouldn'?t be|won'?t be)\s+(?:too|that|very|so|super|overly)?\s*(?:expensive|pricey|pricy|costly|dear|fancy)|(?:won'?t|will not|doesn'?t|does not|wouldn'?t|that won'?t|that doesn'?t)\s+(?:break the bank|cost (?:much|a lot|a fortune|the earth))|(?:on|with|for)\s+a\s+(?:tight|small|limited|low|modest|student|shoestring)\s+budget|(?:tight|limited|small|shoestring)\s+budget|cheap[- ]?ish|cheapo|not a lot of money|without spending (?:much|a lot))\b/gi, ' cheap ')
    // 'doesn't cost more than 500', 'not over 300', 'shouldn't go above 200': at most
    .replace(/\b(?:(?:does ?n[o']?t|do ?n[o']?t|won'?t|will not|should ?n[o']?t|must ?n[o']?t|not|never)\s+(?:cost|be|go|run|come to|get|be priced)?\s*(?:more than|over|above|beyond|past)|(?:max(?:imum)?|tops)\s+of)\s+/gi, ' under ')
    .replace(/\b(\d+(?:\.\d+)?k?)(\s*(?:aed|dhs?|dirhams?|usd|dollars?|bucks))?\s+(?:max|tops|maximum|at most)\b/gi, ' under $1$2 ')
    // the currency before the amount ('under AED 300', 'below $50'): the amount first, as the price rules read it
    .replace(/(?:\b(aed|dhs?|dirhams?|usd)|\$)\s*(\d+(?:[.,]\d+)?k?)\b/gi, (_m, c: string | undefined, n: string) => ` ${n} ${c ? c.toLowerCase() : 'usd'} `)
    .replace(new RegExp(String.raw`\b(?:for\s+)?\$?(\d+(?:\.\d+)?k?)${cur}\s+(?:or|and)\s+(?:less|under|below|cheaper)\b`, 'gi'), ' under $1$2 ')
    .replace(new RegExp(String.raw`\b\$?(\d+(?:\.\d+)?k?)${cur}\s+(?:or more|and up|and above|or above|plus)\b`, 'gi'), ' over $1$2 ')
    .replace(new RegExp(String.raw`\b(?:have|got)\s+(?:about\s+|around\s+|up to\s+)?\$?(\d+(?:\.\d+)?k?)${cur}\s+to\s+spend\b`, 'gi'), ' under $1$2 ')
    .replace(new RegExp(String.raw`\bspend(?:ing)?\s+(?:about\s+|around\s+|up to\s+|max\s+)?\$?(\d+(?:\.\d+)?k?)${cur}`, 'gi'), ' under $1$2 ');
}

/** What a hobby is shopped as: the department words a shop uses for someone who likes it. */
export const INTERESTS: Record<string, string> = {
  // a new home's gift is for its kitchen (decision 0202)
  housewarming: 'kitchen',
  reading: 'books', reader: 'books', readers: 'books', bookworm: 'books', novels: 'novel', photography: 'camera',
  photographer: 'camera', photos: 'camera', musician: 'musical instruments', chef: 'cooking', baking: 'kitchen',
  gym: 'fitness', workout: 'fitness', workouts: 'fitness', traveller: 'travel', traveler: 'travel', travelling: 'travel',
  traveling: 'travel', gardening: 'garden', gardener: 'garden',
  // the same pastimes in Arabic verbal nouns (folded, with or without the article): what a shop sells for them
  قراءه: 'كتب', القراءه: 'كتب', تصوير: 'كاميرا', التصوير: 'كاميرا',
};

/**
 * A gift for a grown-up by who they are (a parent, a grandparent, a partner, a boss, colleagues, the staff; the Arabic
 * read as 'adult'): a children's listing is no answer (decision 0191).
 */
export const FOR_ADULT = /\b(adults?|grown[- ]?ups?|dad|father|mum|mom|mother|parents|wife|husband|boss|colleagues?|coworkers?|grandma|grandmother|grandpa|grandfather|grandad|granddad|granny|grandparents|uncle|aunt|staff|employees|in-laws?)\b/i;

/** Ages and little ones read as the shop's word for them; teenagers and adults need no word of their own. */
export function audienceWords(text: string): string {
  return text
    .replace(/\b(\d{1,2})[\s-]*(?:years?|yrs?)[\s-]*old\b/gi, (_m, age: string) => (Number(age) <= 12 ? ' kids ' : ' '))
    .replace(/\b(toddlers?|bab(?:y|ies)|infants?|new[\s-]?borns?|little ones?|child|children|kid|boys?|girls?)\b/gi, ' kids ')
    .replace(/\b(teen|teens|teenagers?|adults?|grown[- ]?ups?)\b/gi, ' ');
}

/** The bold names the assistant wrote in its recent replies, newest reply first, in their order ('Added **2 × X**' → X). */
export function boldNames(history: { isBot: boolean; text: string }[]): string[] {
  const names: string[] = [];
  for (const m of [...history].reverse()) {
    if (!m.isBot) continue;
    // a reply that lists products ('1. **X** — …') offers those: the product it compared them with ('cheaper than **Y**')
    // is not 'the first one' (decision 0191)
    const listed = [...m.text.matchAll(/^\s*\d+\.\s+\*\*([^*]{2,200})\*\*/gm)].map((x) => x[1]!.trim());
    if (listed.length) return listed;
    for (const match of m.text.matchAll(/\*\*([^*]{2,200})\*\*/g)) {
      const name = match[1]!.replace(/^\d+\s*[×x]\s*/, '').trim();
      if (!names.includes(name)) names.push(name);
    }
    if (names.length) break;
  }
  return names;
}

/**
 * Colours as shoppers ask for them ('in red?', 'باللون الأبيض', 'عندكم كحلي؟'), in folded spelling, each with the words a
 * listing may describe it by in either language. A word class: a follow-up naming only a colour narrows what was shown.
 */
const COLOURS: { words: string[]; forms: string[] }[] = [
  { words: ['red', 'احمر', 'حمراء', 'حمرا'], forms: ['red', 'ruby', 'crimson', 'scarlet', 'أحمر', 'حمراء'] },
  { words: ['white', 'ابيض', 'بيضاء', 'بيضا'], forms: ['white', 'ivory', 'أبيض', 'بيضاء'] },
  { words: ['black', 'اسود', 'سوداء', 'سودا'], forms: ['black', 'أسود', 'سوداء'] },
  { words: ['blue', 'ازرق', 'زرقاء', 'زرقا'], forms: ['blue', 'أزرق', 'زرقاء'] },
  { words: ['navy', 'كحلي', 'كحليه'], forms: ['navy', 'كحلي'] },
  { words: ['green', 'اخضر', 'خضراء', 'خضرا'], forms: ['green', 'أخضر', 'خضراء'] },
  { words: ['grey', 'gray', 'رمادي', 'رماديه'], forms: ['grey', 'gray', 'رمادي'] },
  { words: ['pink', 'وردي', 'ورديه', 'زهري'], forms: ['pink', 'وردي', 'زهري'] },
  { words: ['brown', 'tan', 'بني', 'بنيه'], forms: ['brown', 'tan', 'بني'] },
  { words: ['cream', 'beige', 'كريمي', 'بيج'], forms: ['cream', 'beige', 'كريمي', 'بيج'] },
  { words: ['gold', 'golden', 'ذهبي', 'ذهبيه'], forms: ['gold', 'ذهبي'] },
  { words: ['silver', 'فضي', 'فضيه'], forms: ['silver', 'فضي'] },
  { words: ['purple', 'بنفسجي', 'بنفسجيه'], forms: ['purple', 'بنفسجي'] },
  { words: ['teal', 'turquoise', 'فيروزي'], forms: ['teal', 'turquoise', 'فيروزي'] },
];
/** 'colour', 'in', 'it' and kin: the words around a colour in a follow-up, naming no product. */
const COLOUR_FRAME = new Set(['colour', 'color', 'colours', 'colors', 'in', 'shade', 'لون', 'اللون', 'باللون', 'بلون', 'لونه', 'لونها', 'منها', 'منه']);

/** The colours a message asks for, when its content words are colours only; null when it names anything else. */
export function coloursOnly(words: string[]): { forms: string[] }[] | null {
  const bareWord = (w: string) => w.replace(/^(?:بال|ال|ب)(?=\S{3})/, '');
  const found: { forms: string[] }[] = [];
  for (const w of words) {
    if (COLOUR_FRAME.has(w) || COLOUR_FRAME.has(bareWord(w))) continue;
    const c = COLOURS.find((x) => x.words.includes(w) || x.words.includes(bareWord(w)));
    if (!c) return null;
    found.push(c);
  }
  return found.length ? found : null;
}
