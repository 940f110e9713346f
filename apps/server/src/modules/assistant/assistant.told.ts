import { readable } from './assistant.aftersales-words.js';
import { isNeed } from './assistant.understanding.js';

// Decision 0202: a situation told in a sentence of one's own ('I fly to London twice a month and the engine drone gives
// me a headache', «أتأخر في الدوام وقطتي تجوع») asks what answers it, however the sentence is worded: no table of
// situations can list every way of telling one, but the listings say what their products do ('blocks engine noise …
// ideal for long flights', «يقدم وجبات في موعدها»). Such a sentence is read as a need — the listings that say the most
// of its rare words answer it (assistant.needs.ts) — before its words are searched as product names or a not-sold kind.

/** The shopper speaks of themselves or of what is theirs: I, my, we, our (English; 'tell me', 'show me' ask). */
const FIRST_PERSON_EN = /\b(?:i|i'm|im|i've|ive|i'd|i'll|my|we|we're|our)\b/i;
/**
 * Arabic: a verb in the first person (the present's «أ، ن» before three letters or more: «أشرب، أتأخر، أنسى، نطبخ», not
 * the article «ال»), a word with the first person's pronoun («ولدي، قطتي، جهازي، جسمي»: four letters or more ending in
 * «ي» after a consonant, not the adjective's «ية»), or a wish or a need said of oneself («ودي، لازم، عندي»). Read on the
 * text as `readable` leaves it (hamza folded: «أ» is «ا»).
 */
const FIRST_PERSON_AR =
  /(?:^|\s)(?:و|ف)?(?:ا(?!ل)|ن(?!ا\s))[\u0621-\u064A]{3,}(?=$|[\s,.،؟?!])|(?:^|\s)(?:و|ف)?[\u0621-\u064A]{2,}[^\sاويى]ي(?=$|[\s,.،؟?!])|(?:^|\s)(?:ودي|عندي|لازم)(?=$|\s)/u;
/**
 * Asking the shop something directly (a price, whether it sells, a comparison) or asking how to do something ('how do I
 * fix …', «كيف أطبخ …»: instructions, which the off-topic reading answers): a question, not a situation told.
 */
const ASKS_THE_SHOP = /\b(?:do you (?:have|sell|carry|stock)|have you got|how much|which (?:is|one)|compare|vs\.?|versus|cheapest|best|how (?:do|can|should|would|to) (?:i|we|you|one)?)\b|(?:^|\s)(?:عندكم|تبيعون|تبيع|بكم|كم سعر|قارن|ارخص|افضل|كيف|شلون|اشلون)(?=$|\s)/i;

/**
 * Does the shopper tell a situation of their own in a sentence: four content words or more (`words`, as the assistant
 * reads them), said in the first person or as a need (`read`: the message as the assistant reads it — 'trying to …'),
 * and no question put to the shop?
 */
export function tellsSituation(said: string, read: string, words: readonly string[]): boolean {
  if (words.length < 4) return false;
  const text = readable(said);
  if (ASKS_THE_SHOP.test(text)) return false;
  return FIRST_PERSON_EN.test(text) || FIRST_PERSON_AR.test(text) || isNeed(read);
}
