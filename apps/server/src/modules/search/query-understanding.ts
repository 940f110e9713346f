import { foldArabic } from './search.arabic.js';
import { readArabicPrices } from './query-price.js';

// The understanding of a request shared by the search box and the assistant (issue 37 item 2, decisions 0135, 0139):
// general rules of language read before anything is ranked — what the shopper rules out ('lamp without cable',
// 'not gaming', 'مو لاسلكية', 'بدون زيت') and the Gulf words a catalogue writes in Modern Standard Arabic. Pure functions
// of the text. The search service applies them to every query before ranking (`understandQuery`, then the ruled-out
// products as the index's exclude filter); the assistant reads the same functions, so both read one request alike.

/** Arabic in folded spelling (diacritics and hamza seats dropped, ة as ه, ى as ي): the tables below are written as people spell and folded once. */
const fold = (text: string) => foldArabic(text.normalize('NFKD')).normalize('NFC');

// ---- negation --------------------------------------------------------------------------------------------------------

/** What a request rules out, and the request without those words. */
export type Negation = {
  /** The request without the negated words. */
  text: string;
  /** Words a product must not be (by its own name, categories or tags): 'gaming', 'soundbar', 'ألعاب'. */
  excluded: string[];
  /** Substances or parts a product should do without ('without oil'): a product whose listing says it needs less of them fits. */
  freeOf: string[];
};

/** Words after 'no' that do not rule out a product ('no thanks', 'no problem', 'no more than 300'). */
const NOT_AFTER_NO = new Set(['thanks', 'thank', 'problem', 'problems', 'worries', 'need', 'idea', 'more', 'longer', 'one', 'way', 'matter', 'rush', 'i', 'it', 'its', 'that', 'this', 'doubt', 'less', 'later', 'sooner']);
/** Filler between a negation and what it negates ('not for gaming', 'without using oil', 'isn't a drone'). */
// (the maker of what is ruled out: 'not made by Zentek', 'nothing by Nova', 'none from Aura'; decision 0205)
const EN_FILLER = String.raw`(?:(?:a|an|the|for|any|using|use|made of|made from|made by|by|from|of|too|very|much|really|so)\s+)*`;
/** What is negated: a word, and up to two more that go with it ('wireless earbuds'), up to a word that starts something else. */
const EN_NEGATED = String.raw`([a-z][a-z-]{1,}(?:\s+(?!(?:please|pls|plz|thanks|thx|so|because|since|and|or|but|with|without|except|other|apart|instead|not|no|for|in|on|at|that|which|who|under|below|over|than|from|to|i|me|my|is|are|it|one|near|nearby|around|close|here|there)(?![\w-]))[a-z][a-z-]{1,}){0,2})`;
/** Filler after an Arabic negation ('مو حق القيمنق', 'غير مصنوع من الجلد'). */
// 'بدون ما تكون حق أطفال', 'من غير ان يكون …': «ما / ان» before the verb 'be' is filler too
// ('something', «شي»: 'مو شي إلكتروني' rules out the electronic; decision 0191)
// ('مو اللي تغطي الاذن', 'بدون اللي يحتاج …': a relative pronoun and its verb lead to what is ruled out; decision 0194)
// ('لا يكون مخصصاً للألعاب', not made for gaming: what it is made or meant for is what is ruled out; «بدون ما أزعج أحد»,
// without my disturbing anyone: «ما / ان» before any verb leads to what the product spares, not to the product; decision 0205)
const AR_FILLER = String.raw`(?:(?:(?:اللي|الذي|التي|الي)\s+[يت][\u0621-\u064A]{2,}|شي|شيء|حاجه|حق|مال|مصنوع من|مصنوعه من|مخصص|مخصصه|مخصصا|مصمم|مصممه|مصمما|من|فيه|فيها|(?:ما|ان)(?=\s+(?:يكون|تكون|[اينت][\u0621-\u064A]{2,})\s)|يكون|تكون|استخدام|استعمال|قابل|قابله)\s+)*`;
/** An Arabic word with its article or attached preposition taken off (the table writes words bare). */
export const bareArabic = (w: string) => w.replace(/^(?:وال|بال|كال|فال|لل|ال)(?=\S{3})/, '').replace(/^[لب](?=\S{4})/, '');

/** A word of a negated Arabic term, in either script (the assistant reads some Arabic words as English first). */
const AR_TERM_WORD = String.raw`(?:[\u0600-\u06FF]{2,}|[a-z][a-z-]{1,})`;
/**
 * Words that end a negated Arabic term: conjunctions (a word that starts with «و» too: 'وسعره'), prepositions, price
 * words and asking verbs, in either script.
 */
const AR_TERM_END = String.raw`(?:(?:بس|لكن|ولكن|او|و|ولا|ثم|تحت|فوق|اقل|اكثر|في|من|علي|الي|عن|مع|حتي|عشان|لان|لانه|لانها|بسعر|سعر|سعره|سعرها|ابي|ابغي|ابغا|اريد|احتاج|لو|اذا|هل|ممكن|مثل|زي|يكون|تكون|اللي|الي|الذي|التي|بدون|بلا|مو|مب|مش|غير|ليس|ليست|عدا|و\S*|please|thanks|and|or|but|with|without|except|not|no|for|in|on|at|that|which|who|under|below|over|than|from|to|i|me|my|is|are|it|one|cheap|cheapest|cheaper|budget|premium|aed|most|expensive|show|have|does|gift|loves|family|what|brand|this|them|how|many|between)(?=[\s,.;?!]|$)|\d)`;

/**
 * Reads what a request rules out. English: 'not X', 'isn't / aren't / is not X', 'no X' (not 'no thanks'), 'without X',
 * 'non-X', 'except / other than / apart from / instead of X'. Arabic (folded, as readArabic leaves it): 'مو', 'مب', 'مش',
 * 'ليس', 'ليست', 'غير', 'بدون', 'بلا', 'من غير', 'عدا', 'ماعدا', 'الا', and 'لا' or 'ما' before 'يكون / تكون' (that is not:
 * 'كتاباً لا يكون رواية'). 'without' and 'بدون' / 'بلا' / 'من غير' also name
 * what the product should do without (freeOf).
 */
/** Words that only classify what is negated ('kind', 'type', 'ones', 'itself') and size words before it ('big'). */
const CLASSIFIER = /^(?:kinds?|types?|sorts?|ones?|styles?|versions?|models?|itself|themselves|variety|varieties|stuff)$/;
const SIZE_WORD = /^(?:big|bulky|huge|large|chunky|heavy|actual|whole)$/;
function classified(term: string): string {
  const words = term.split(/\s+/);
  while (words.length > 1 && CLASSIFIER.test(words[words.length - 1]!)) words.pop();
  while (words.length > 1 && SIZE_WORD.test(words[0]!)) words.shift();
  return words.join(' ');
}

export function readNegation(text: string): Negation {
  const excluded: string[] = [];
  const freeOf: string[] = [];
  let t = ` ${text} `;
  const take = (word: string, without: boolean) => {
    // an Arabic word keeps its article (the search's analysis reads it); a Gulf word is looked up bare; an English term
    // without the words that only classify it ('the big over-ear kind', 'the console itself': decision 0188)
    const w = /[\u0600-\u06FF]/.test(word) ? GULF[word] ?? GULF[bareArabic(word)] ?? word : classified(word.toLowerCase());
    if (w.length < 2) return;
    excluded.push(w);
    if (without) freeOf.push(w);
  };
  // English
  // 'non-stick': the prefix negates its own word
  t = t.replace(/\bnon-([a-z]{2,})/gi, (_m, w: string) => {
    take(w, false);
    return ' ';
  });
  // a place the shopper lacks ('no gym near me', 'there's no shop around here', «ما في نادي قريب»): where they are, not a
  // product's word to rule out; it names nothing the listings are asked to lack (decision 0194)
  t = t.replace(/\b(?:there(?:'s| is) )?no\s+([a-z][a-z-]+)\s+(?:near|nearby|around|close(?: to| by)?)(?:\s+(?:me|us|here|my (?:place|house|home|area)|where i live))?\b/gi, ' ');
  // a relative clause says what is ruled out: 'nothing that goes over my ears' is nothing over-ear, 'none that needs
  // batteries', 'nothing which has a cord': the verb's object (with its preposition), without the possessive (decision 0194)
  t = t.replace(/\b(?:nothing|none|no ones?)\s+(?:that|which)\s+(?:goes|go|sits|sit|is|are|has|have|uses|use|needs|need|runs|run|covers|cover|comes|come)\s+(?:with\s+)?(?:(over|on|in|around|behind|under|inside)\s+)?(?:(?:a|an|my|your|the|his|her|our|their)\s+)?([a-z][a-z-]{2,})\b/gi, (m, prep: string | undefined, noun: string) => {
    if (/^(?:expensive|cheap|pricey|costly|much|more|less|too|very|so|really)$/i.test(noun)) return m;
    take(prep ? `${prep} ${noun}` : noun, /^(?:needs?|uses?|runs?)$/i.test(m.split(/\s+/)[2] ?? ''));
    return ' ';
  });
  // 'nothing for coffee', 'none with leather': only before what a product is for or has, so 'nothing over 500' stays a budget
  // 'nothing foldable', 'none of the pink ones' too (decision 0188), but not a budget or 'nothing else'
  // ('but nothing electronic' is 'nothing', not 'but not' before 'hing': a whole word is negated; decision 0194)
  // ('nothing over-ear' is a kind, not 'over' a price: a hyphenated word is one word; 'anything but a drone' is 'except';
  // 'nothing cheap' is a price wish the price rules read; decision 0205)
  t = t.replace(new RegExp(String.raw`\b(without|except|other than|apart from|instead of|but not(?![a-z])|(?:nothing|none)\s+(?:for|with|made of)(?=\s)|(?:nothing|none(?:\s+of)?)(?=\s+(?!(?:over|under|above|below|more|less|than|else|at|much|too|but|to|fancy|special|wrong|yet|that|which|cheap|budget|expensive|pricey|costly)(?![\w-]))[a-z])|(?:anything|everything)\s+(?:but|besides)(?=\s))\s*${EN_FILLER}${EN_NEGATED}`, 'gi'), (_m, neg: string, w: string) => {
    // what a product does without is one thing ('without using oil'): its first word
    if (/^without$/i.test(neg)) freeOf.push(w.split(/\s+/)[0]!.toLowerCase());
    take(w, false);
    return ' ';
  });
  t = t.replace(new RegExp(String.raw`\b(?:that|which|who)?\s*(?:is not|are not|isn'?t|aren'?t|isnt|arent|does not|doesn'?t|do not|don'?t|not)\s+(?:be\s+|have\s+|need\s+|want\s+)?${EN_FILLER}${EN_NEGATED}`, 'gi'), (m, w: string) => {
    // 'not sure', 'not too expensive' (a price wish, read by the price rules), 'don't know'
    // ('over-ear' is a kind of headphones, not 'over' a price)
    // (a spending verb denied is a budget, read by the price rules: "don't want to spend more than 300", 'can't go over
    // 2k', 'shouldn't cost over 500'; decision 0191)
    if (/^(sure|know|mind|care|expensive|cheap|pricey|costly|over|more|less|above|below|under|sell|carry|stock|to|spend|pay|go|cost|costs|exceed|exceeding)(?![\w-])/i.test(w)) return m;
    take(w, false);
    return ' ';
  });
  // what the shopper already has is not what they ask for ('I already own a coffee machine', 'already got a kettle')
  // (decision 0191)
  t = t.replace(new RegExp(String.raw`\b(?:i\s+)?already\s+(?:have|own|got|bought)\s+${EN_FILLER}${EN_NEGATED}`, 'gi'), (_m, w: string) => {
    take(w, false);
    return ' ';
  });
  t = t.replace(new RegExp(String.raw`(^|[\s,;])no\s+${EN_NEGATED}`, 'gi'), (m, pre: string, w: string) => {
    if (NOT_AFTER_NO.has(w.split(/\s+/)[0]!.toLowerCase()) || w.length < 3) return m;
    take(w, false);
    return `${pre} `;
  });
  // Arabic (folded: no hamza on alef, ة as ه, ى as ي); the word negated in either script ('مو gaming', and what the
  // assistant's reading of Arabic leaves in English: 'مو لاسلكية' → 'مو wireless')
  // A negated term is a noun with what qualifies it, up to three words ('مو ساوند بار', 'مو كاميرا أكشن', 'بدون هيدسيت
  // قيمنق'): negating its first word alone ruled out every camera. It ends at a word that starts something else (a
  // conjunction, a preposition, a price word, a verb of asking).
  // 'I don't want (it)' («ما ابيها حق ألعاب، ما أبغى شي فيه سكر»): what follows is ruled out, as after «مو» (decision 0191)
  // (with «و» written on: 'ولا أريد ساعة أطفال', and I don't want …; decision 0205)
  t = t.replace(new RegExp(String.raw`(?<=\s)و?(?:لا|ما)\s+(?:ابي|ابغي|ابغا|اريد|show)(?:ه|ها|هم)?(?=\s)`, 'g'), ' مو ');
  t = t.replace(new RegExp(String.raw`(?<=\s)(?:لا|ما|مو|مب)\s+(?:يحتاج|تحتاج|يحتاجون|يستخدم|تستخدم|يشتغل علي|تشتغل علي|يشتغل ب|تشتغل ب|يعمل علي|تعمل علي|يعمل ب|تعمل ب)(?=\s)`, 'g'), ' بدون ');
  // (with «و» written on: 'ومو فوق الأذن', 'وبدون سكر': decision 0188)
  // ('skip the …' «بلاش», 'except' «إلا» as everyone writes it: decision 0205)
  t = t.replace(new RegExp(String.raw`(?<=\s)و?(بدون|بلا|بلاش|من غير|مو|مب|مش|ليس|ليست|غير|عدا|ماعدا|ما عدا|الا|(?:لا|ما)(?=\s+(?:يكون|تكون)\s))\s+${AR_FILLER}(${AR_TERM_WORD}(?:\s+(?!${AR_TERM_END})${AR_TERM_WORD}){0,2})(?=[\s,.;?!]|$)`, 'gi'), (m, neg: string, term: string) => {
    // a price word denied ('مو cheap' as the assistant's reading leaves «مو رخيص») is a price wish the price rules read
    if (/^(?:cheap|cheapest|budget|expensive|premium)$/i.test(term.split(/\s+/)[0]!)) return m;
    const without = /^(بدون|بلا|من غير)$/.test(neg);
    const words = term.split(/\s+/);
    take(words.join(' '), false);
    // what a product does without is one thing ('بدون زيت'): its first word
    if (without) freeOf.push(/[\u0600-\u06FF]/.test(words[0]!) ? GULF[words[0]!] ?? GULF[bareArabic(words[0]!)] ?? words[0]! : words[0]!.toLowerCase());
    return ' ';
  });
  return { text: t.replace(/\s+/g, ' ').trim(), excluded: [...new Set(excluded)], freeOf: [...new Set(freeOf)] };
}

// ---- Gulf words ------------------------------------------------------------------------------------------------------

/**
 * Gulf (and general colloquial) words → the Modern Standard Arabic a catalogue writes, folded. Everyday vocabulary, not
 * the catalogue's products: water, gaming, hurt, outside, want, something, who, make, see, like.
 */
const GULF: Record<string, string> = Object.fromEntries(Object.entries<string>({
  ماي: 'ماء', مويه: 'ماء', مايه: 'ماء', قيمنق: 'الالعاب', قيمينق: 'الالعاب', جيمنج: 'الالعاب', جيمنق: 'الالعاب', جيمينج: 'الالعاب', قيمز: 'الالعاب',
  يعورني: 'يؤلمني', تعورني: 'تؤلمني', يعور: 'يؤلم', تعور: 'تؤلم', يوجعني: 'يؤلمني', توجعني: 'تؤلمني', برا: 'خارج', بره: 'خارج', مين: 'من', اسوي: 'اصنع', سوي: 'اصنع', يسوي: 'يصنع',
  شنطه: 'حقيبة', حذا: 'حذاء', حذيان: 'أحذية', شنطة: 'حقيبة', شنط: 'حقائب', جزمه: 'حذاء', جزمة: 'حذاء', نعال: 'حذاء', جوتي: 'حذاء', جواتي: 'أحذية', كندرة: 'حذاء', كندره: 'حذاء', قطوه: 'قطة', قطوة: 'قطة', قطو: 'قط', بسه: 'قطة', بسة: 'قطة', اشوف: 'أرى', يشوف: 'يرى', زي: 'مثل', عطوني: 'أعطني', عطني: 'أعطني', جوال: 'هاتف', موبايل: 'هاتف', تلفون: 'هاتف', روج: 'أحمر شفاه', كوره: 'كرة', كورة: 'كرة', كور: 'كرات',
  // 'house, home' as everyone says it, the catalogue's «منزل» (its department «المنزل الذكي»: decision 0191)
  بيت: 'منزل', بيوت: 'منازل',
}).map(([k, v]) => [fold(k), fold(v)]));

/** A Gulf word in the MSA a catalogue writes (folded); any other word as it is. */
export function gulfToStandard(word: string): string {
  return GULF[word] ?? gulfPossessed(word) ?? gulfNumbered(word) ?? word;
}

/**
 * A Gulf noun in the dual or a sound plural ('جوالين' two phones, 'جوالات'): the MSA noun with the same ending, so the
 * number it says is still read ('أرخص جوالين' asks for two).
 */
function gulfNumbered(word: string): string | undefined {
  const m = /^(.{3,})(ين|ان|ات)$/.exec(word);
  if (!m) return undefined;
  const std = GULF[m[1]!];
  return std && !std.includes(' ') ? std + m[2] : undefined;
}

/** A Gulf noun with a possessive ending ('قطوتي' my cat, 'جوالي' my phone): the MSA noun, the ending dropped. */
function gulfPossessed(word: string): string | undefined {
  if (word.length < 4) return undefined;
  // a feminine noun: its ة written ت before the ending ('قطوتي' → 'قطوه')
  const fem = /^(.{2,})ت(?:ي|ك|ه|ها|نا)$/.exec(word);
  if (fem && GULF[`${fem[1]}ه`]) return GULF[`${fem[1]}ه`];
  // a stem of four letters or more: 'مايك' is a microphone, not 'your water'
  const m = /^(.{4,})(?:ي|ك|ه|ها|نا)$/.exec(word);
  return m ? GULF[m[1]!] : undefined;
}

/** A folded Arabic text with its Gulf words in MSA (article and attached prepositions kept off the looked-up word). */
export function standardArabic(text: string): string {
  return text.replace(/[\u0600-\u06FF]+/g, (w) => {
    const bare = bareArabic(w);
    const std = GULF[w] ?? GULF[bare] ?? gulfPossessed(bare) ?? gulfNumbered(bare);
    return std ?? w;
  });
}


// ---- a request read before ranking ---------------------------------------------------------------------------------------

/** A request as search and the assistant read it: the text to rank (Gulf words in MSA, negated words out) and what it rules out. */
export type UnderstoodQuery = Negation & {
  /** true when a rule changed the text (the text is then in folded spelling) */
  changed: boolean;
};

/**
 * Reads a search query before ranking: Arabic folded, its price words read (query-price.ts), Gulf words in MSA, then negation. A query no rule applies to is
 * returned exactly as written (so its ranking is unchanged). `englishNegation: false`: a query without Arabic is left
 * as written.
 */
export function understandQuery(text: string, opts: { englishNegation?: boolean } = {}): UnderstoodQuery {
  const arabic = /[\u0600-\u06FF]/.test(text);
  // the search box reads English negation only when asked (decision 0139: it made the Home Depot bench drop)
  if (!arabic && opts.englishNegation === false) return { text, excluded: [], freeOf: [], changed: false };
  if (!arabic && !/\b(?:not|no|non|without|except|other than|apart from|instead of|anything but|everything but|anything besides|everything besides|isn'?t|aren'?t|isnt|arent|doesn'?t|don'?t|nothing|none)\b/i.test(text)) {
    return { text, excluded: [], freeOf: [], changed: false };
  }
  const folded = arabic ? fold(text).replace(/\s+/g, ' ').trim() : text;
  // Arabic price words as the English ones the price rules read ('أرخص', 'تحت ٢٠٠ درهم'), before negation reads 'مو غالي'
  const std = standardArabic(readArabicPrices(folded));
  const negation = readNegation(std);
  if (negation.excluded.length === 0 && std === folded) return { text, excluded: [], freeOf: [], changed: false };
  return { ...negation, changed: true };
}

/**
 * A listing's own words for what rules it out: its names, categories, tags and keywords, and the phrase its description
 * opens with, which says what it is ('Over-ear wireless headphones with …', «سماعات رأس لاسلكية فوق الأذن بخاصية …»: up to
 * the first preposition, clause or six words). What the rest of a description mentions (what it works with, what it
 * does without) is no part of what the listing is (decision 0194).
 */
export function ownWordsOf(p: { name: string; name_ar?: string | null; categories: readonly string[]; tags: readonly string[]; keywords?: readonly string[] | null; description?: string | null; description_ar?: string | null }): string {
  const en = (p.description ?? '').split(/[,.;:!?(]|\s(?:with|that|which|for|in|on|and|from|to|by|featuring|made|plus|built)\s/i)[0]!.split(/\s+/).slice(0, 6).join(' ');
  const arWords: string[] = [];
  for (const w of (p.description_ar ?? '').split(/\s+/)) {
    if (arWords.length >= 6 || /[،,.؛:!؟(]/.test(w) || /^(?:ب|لل|مع$|من$|في$|تعمل|يعمل|الذي|التي|و)/.test(w)) {
      if (/[،,.؛:!؟(]/.test(w) && arWords.length < 6) arWords.push(w.replace(/[،,.؛:!؟(].*$/, ''));
      break;
    }
    arWords.push(w);
  }
  return [p.name, p.name_ar ?? '', ...p.categories, ...p.tags, ...(p.keywords ?? []), en, arWords.join(' ')].join(' ');
}

/**
 * Is a product ruled out by what a request negates? When a negated word (all its analysed terms) is one of the
 * product's own words: name (either language), categories, tags, keywords — not its description, which may mention a
 * thing only to say the product has none. Its own words are read by the same rule: what they negate is not theirs (a
 * camera named «كاميرا بدون مرآة», mirrorless, is not ruled out by «بدون مرآة»: it is what was asked for).
 */
export function isRuledOut(ownWords: string, excluded: readonly string[], analyze: (s: string) => string[]): boolean {
  if (excluded.length === 0) return false;
  const own = new Set(analyze(readNegation(fold(ownWords)).text));
  return excluded.some((w) => {
    const stems = analyze(w);
    // a term of two words is also written as one ('sound bar' is a soundbar, 'smart watch' a smartwatch)
    const joined = w.includes(' ') ? analyze(w.replace(/\s+/g, '')) : [];
    return (stems.length > 0 && stems.every((x) => own.has(x))) || (joined.length === 1 && own.has(joined[0]!));
  });
}

/**
 * Does a product's own name say it does without a negated word ('Non-Slip Mat', «كاميرا بدون مرآة»)? Then the
 * negation is, in this catalogue, the name of an attribute, and a request saying it is searched as written.
 */
export function namesItsAbsence(ownWords: string, word: string, analyze: (s: string) => string[]): boolean {
  const stems = analyze(word);
  if (stems.length === 0) return false;
  const negated = new Set(readNegation(fold(ownWords)).excluded.flatMap(analyze));
  return stems.every((x) => negated.has(x));
}
