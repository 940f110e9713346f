import { readable } from './assistant.aftersales-words.js';
import { GIFT } from './assistant.words.js';

// Requests that are no shopping request (decision 0201): a service asked of the assistant (calculate, translate, write,
// tell me a …), media to watch or listen to (a film, a series, a song: the shop sells none), a sum. Their other words
// mostly mean nothing to the catalogue, so whatever weakly matches one of them — the verb 'watch', a number, «ترجم» —
// would otherwise be listed. Read on the shopper's own words (`readable`: lower case, Arabic letters as after-sales reads
// them, ASCII digits), in both languages. What decides is grammar — the verb that opens the request, what the medium is
// to the sentence — never a wording; whether another word names a kind the shop sells is the catalogue's to say (the
// caller asks tools.namesSoldKind of the words `otherWords` leaves).

const MEDIA_EN = String.raw`(?:movies?|films?|series|tv shows?|shows?|episodes?|songs?|podcasts?|documentar(?:y|ies)|anime|cartoons?|playlists?)`;
const MEDIA_AR = 'فيلم|افلام|فلم|مسلسل|مسلسلات|اغنيه|اغاني|بودكاست|انمي|كرتون';
/** What one does with media ('watch', 'binge', «أشوفه»): no product word beside a medium asked for. */
const CONSUME_EN = /^(?:watch|watching|listen|listening|binge|stream|see|hear|tonight|weekend|good|nice|great|new|fun|funny|scary)$/;
/** Verbs and words of a service asked: no product words. */
const SERVICE_WORDS = /^(?:translate|calculate|compute|work|solve|convert|write|compose|draft|tell|fact|facts|fun|joke|jokes|poem|email|letter|essay|story|ترجم|ترجملي|احسب|احسبلي|اكتب|اكتبلي|قول|قولي|قل|قلي|معلومه|كلمه)$/;

// The request opens with the service's verb, said to the assistant ('can you translate …', 'write me a …', «ترجم لي …»,
// «اكتب لي …»); 'tell me' is a service only with an indefinite object ('tell me a joke', not 'tell me about the kettle'),
// 'work out' and 'convert' only of a number ('work out 20% of 350', not 'work out at home').
const OPENS = String.raw`^(?:(?:hey|hi|ok|okay|so|please|pls)[,!]?\s+)*(?:(?:can|could|would|will) you\s+(?:please\s+)?)?`;
const SERVICE_EN = new RegExp(OPENS + String.raw`(?:translate|calculate|compute|solve|(?:write|compose|draft)(?: me| us)? (?:a|an|some|another|my)|tell me (?:a|an|some|another)(?! (?:bit|little|lot) )|(?:work out|convert) (?:\d|what))\b`);
const SERVICE_AR = /^(?:(?:لو سمحت|ممكن|تقدر|ابيك|ابغاك|بليز|يا ليت)\s+)*(?:ترجم(?:لي)?|احسب(?:لي)?|اكتب ?لي|(?:قول|قل) ?لي|قولي|قلي)(?=\s|$)(?! (?:وش|ايش|شو|كم|متي|وين|اي|اين|هل|عن|كيف|ليش|لماذا|ماذا|ما|مين|من|الفرق)(?:\s|$))/;
// a sum or a percentage of a number ('what is 15% of 240', «كم يساوي ١٥٪ من ٢٤٠», '12 x 7')
const SUM = /\d\s*[%٪]\s*(?:of|من)\s*\d|\d\s*(?:[x×*/÷+]|times|plus|minus|divided by|multiplied by|ضرب|زائد|ناقص|على)\s*\d/;
// a medium is what is asked when it is asked for (recommend/suggest, 'what's a good …'; «انصحني ب…», «اقترح علي …») or
// when the verb of watching follows it, about it ('a movie to watch', «فيلم حلو أشوفه»); after the verb ('a monitor to
// watch movies on', «شاشة أشوف عليها أفلام») it is what a product is for
const MEDIA_ASKED_EN = new RegExp(String.raw`\b(?:recommend|suggest)(?: me| us)?(?: (?:a|an|some|any))?(?: \w+){0,2} ${MEDIA_EN}\b|\b(?:what'?s|what is|whats) (?:a|an|the) (?:good|nice|great|fun|funny|new|best) ${MEDIA_EN}\b|\b${MEDIA_EN} to (?:watch|listen|binge|stream|see)\b`);
const MEDIA_ASKED_AR = new RegExp(String.raw`(?:^|\s)(?:(?:انصحني|انصحيني|رشحلي|رشح لي|اقترح|اقترحي|اقترحلي)(?: علي| لي)? ?ب?|ب|وش|ايش|شو)(?:${MEDIA_AR})(?=\s|$)|(?:^|\s)(?:${MEDIA_AR})(?: \S+)? [انت](?:شوف|تابع|سمع|حضر)(?:ه|ها|هم)(?=\s|$)`);

// (built once: read on every message that may be one)
const MEDIA_NAMED_EN = new RegExp(String.raw`\b${MEDIA_EN}\b`);
const MEDIA_NAMED_AR = new RegExp(String.raw`(?:^|\s)(?:ال|ب|لل|و)?(?:${MEDIA_AR})(?=\s|$)`);
const MEDIA_WORD = new RegExp(String.raw`^(?:${MEDIA_EN}|(?:ال|ب|لل|و)?(?:${MEDIA_AR}))$`);
const WATCHING_MEDIUM = new RegExp(String.raw`\b(?:to |for )?(?:watch|watching|stream|streaming|see|listen to|listening to|play)\s+(?:\w+\s+){0,2}?${MEDIA_EN}\b`, 'gi');

export type NotShopping = { kind: 'service' | 'media' | 'sum' };

/** Does the message ask for a service or for media, not for a product? Null when it does not. */
export function serviceAsked(message: string): NotShopping | null {
  const m = readable(message);
  if (SUM.test(m)) return { kind: 'sum' };
  if (SERVICE_EN.test(m) || SERVICE_AR.test(m)) return { kind: 'service' };
  // (a gift for someone who loves films is a gift: 'suggest gifts for movie lovers')
  if ((MEDIA_ASKED_EN.test(m) || MEDIA_ASKED_AR.test(m)) && !GIFT.test(m)) return { kind: 'media' };
  return null;
}

/** A medium named as what a product is for ('to watch movies on', «اشوف عليها افلام»): the message may still ask for a product. */
export function mediaNamed(message: string): boolean {
  const m = readable(message);
  return MEDIA_NAMED_EN.test(m) || MEDIA_NAMED_AR.test(m);
}

/** The words left to name a product: not the service's, the medium's or a number. */
export function otherWords(words: readonly string[]): string[] {
  return words.filter((w) => {
    const r = readable(w);
    return !/^\d+$/.test(r) && !MEDIA_WORD.test(r) && !CONSUME_EN.test(r) && !SERVICE_WORDS.test(r);
  });
}

/**
 * Does one of the words name a kind the shop sells, as the catalogue reads it (an Arabic word in the catalogue's form:
 * search.catalogueWord; the head of a listing's name or a one-word tag: namesSoldKind)? Then the message asks for that
 * product, whatever service or medium it also names ('headphones to listen to songs', «احسب لي سعر سماعتين»).
 */
export async function namesAKind(words: readonly string[], read: { catalogueWord: (w: string) => Promise<string>; namesSoldKind: (w: string) => Promise<boolean>; namesNoKind: (w: string) => boolean }): Promise<boolean> {
  for (const w of words) {
    if (read.namesNoKind(w)) continue;
    if ((await read.namesSoldKind(w)) || (await read.namesSoldKind(await read.catalogueWord(w)))) return true;
  }
  return false;
}

/**
 * The text without the medium a product is for and the verb of watching it ('a monitor to watch movies on' → 'a monitor
 * on'): the verb 'watch' there is no product word, and the search would list a watch.
 */
export function withoutMedium(text: string): string {
  return text.replace(WATCHING_MEDIUM, ' ').replace(/\s+/g, ' ').trim();
}
