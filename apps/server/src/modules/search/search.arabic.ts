// Arabic text analysis for search (issue 26 item 6, decision 0100): the orthographic normalisation every Arabic search
// engine applies, and a light stemmer in the manner of Larkey et al.'s Light10 (2007): only the definite article and
// its attached particles, the conjunction wa-, and the common suffixes are removed — no root extraction, which merges
// unrelated words (كتب 'books' and مكتب 'desk' share a root). Pure functions on words that fold() has normalised.

/** Any letter of the Arabic script (after fold(): presentation forms are already the base letters). */
const ARABIC = /[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff\u0750-\u077f]/;
export const isArabic = (word: string) => ARABIC.test(word);

/**
 * Orthographic normalisation of Arabic text, run after NFKD (which splits آ أ إ ؤ ئ into a letter and a combining
 * madda or hamza, and turns presentation forms into base letters):
 * - diacritics (tashkeel: fatha … sukun, shadda, tanween, superscript alef, Quranic marks) and the combining hamza and
 *   madda removed: أ إ آ → ا, ؤ → و, ئ → ي;
 * - tatweel (kashida, the stretching stroke) removed;
 * - ٱ (alef wasla) → ا, ة (ta marbuta) → ه, ى (alef maqsura) → ي — shoppers type these interchangeably;
 * - Arabic-Indic digits (٠-٩, and the Persian/Urdu ۰-۹) → 0-9, the Arabic decimal separator ٫ → '.', the thousands
 *   separator ٬ → ',', so '٢٧' meets '27';
 * - Arabic punctuation (، ؛ ؟) → its Latin counterpart (tokenizing treats it as a separator either way).
 * Text with no Arabic character is returned as it is.
 */
export function foldArabic(text: string): string {
  if (!/[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]/.test(text)) return text;
  return text
    .replace(/[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/\u0671/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/\u060c/g, ',')
    .replace(/\u061b/g, ';')
    .replace(/\u061f/g, '?');
}

/**
 * The definite article with the particles that attach before it ('and the', 'with the', 'like the', 'so the', 'for
 * the'), longest first, in normalised spelling; removed when at least 2 letters remain (Light10's guard).
 */
const ARTICLE_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/**
 * Suffixes (normalised: ة is ه): duals and sound plurals, the relative adjective, the attached pronouns 'her'/'his'. The
 * other attached pronouns (ك، كم، هم، نا) are not removed here: too many words end in those letters (سمك، تحكم، مهم، هنا),
 * and removing 'your' from the listings' words («بصوتك») moved the Arabic search set (decision 0178). The query side reads
 * them when the catalogue holds the rest (`arabicReadings`).
 */
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

/** The word without a leading article (and its particle) or conjunction wa-: 'والسماعات' → سماعات. */
export function arabicBase(word: string): string {
  for (const p of ARTICLE_PREFIXES) {
    if (word.startsWith(p) && word.length - p.length >= 2) return word.slice(p.length);
  }
  // wa- ('and') only before a word of 3+ letters: ورد 'roses' and وزن 'weight' keep their first letter
  if (word.startsWith('و') && word.length >= 4) return word.slice(1);
  return word;
}

/**
 * Light10-style stem of a normalised Arabic word: the article family and wa- removed (arabicBase), then each suffix of
 * the list in turn while at least 2 letters would remain — so 'ساعات', 'ساعه' (ساعة) and 'الساعة' all become ساع,
 * 'الذكية' and 'ذكي' become ذك, 'سماعات' and 'سماعه' become سماع.
 */
export function arabicStem(word: string): string {
  let w = arabicBase(word);
  const singular = BROKEN_PLURALS.get(w);
  if (singular) w = singular;
  for (const s of SUFFIXES) {
    if (w.length >= s.length + 2 && w.endsWith(s)) {
      w = w.slice(0, -s.length);
      // a feminine dual keeps its ta marbuta as ت before the ending ('سماعتين', 'سماعتان' → سماع, as 'سماعة'); only in
      // longer words, where ت is rarely part of the stem (not 'بيتين', 'صوتين')
      // (decision 0178: also a noun of three letters, 'خيمتين' → خيم as 'خيمة', when the word had the dual's length of
      // six — 'بيتين', 'صوتين', 'زيتين' have five and keep their ت)
      if ((s === 'ين' || s === 'ان') && w.endsWith('ت') && w.length >= 4) w = w.slice(0, -1);
    }
  }
  return w;
}

/**
 * Broken plurals of common product words → their singular (normalised spelling). A light stemmer only removes
 * affixes, and 'كتب' (books), 'حقائب' (bags) or 'أحذية' (shoes) share no affix with 'كتاب', 'حقيبة', 'حذاء': the
 * plural is read as the singular, on both sides, so either finds the other.
 */
const BROKEN_PLURALS = new Map<string, string>(Object.entries({
  كتب: 'كتاب', حقايب: 'حقيبه', شنط: 'شنطه', احذيه: 'حذاء', اجهزه: 'جهاز', اقلام: 'قلم', مصابيح: 'مصباح', كراسي: 'كرسي',
  اطفال: 'طفل', كلاب: 'كلب', قطط: 'قطه', عطور: 'عطر', ادوات: 'اداه', اكواب: 'كوب', صحون: 'صحن', اطباق: 'طبق',
  خواتم: 'خاتم', اساور: 'سوار', قمصان: 'قميص', فساتين: 'فستان', مفاتيح: 'مفتاح', شواحن: 'شاحن', اسره: 'سرير',
  ستاير: 'ستاره', هواتف: 'هاتف', حواسيب: 'حاسوب', مكاتب: 'مكتب', العاب: 'لعبه', الوان: 'لون', اقراط: 'قرط',
  جوارب: 'جورب', عدد: 'عده', مضارب: 'مضرب', كرات: 'كره', خيام: 'خيمه', ملاعق: 'ملعقه', سكاكين: 'سكين', مقالي: 'مقلاه',
}));

/**
 * One-letter particles written against the next word: 'bi-' (with), 'li-' (for), 'fa-' (so), 'ka-' (like), 'wa-'
 * (and). Removing them always would ruin words that begin with those letters (بيانو, لابتوب, فانوس, كاميرا), so the
 * engine removes one only when the word as typed is unknown and the rest is a word of the catalogue (and adds one
 * when the catalogue writes the word with it).
 */
export const ARABIC_PARTICLES = ['و', 'ب', 'ل', 'ف', 'ك'];

/**
 * Typo budget of an Arabic word: Arabic words are written without short vowels, so they are shorter than English ones
 * with as much meaning, and two edits in a 6-letter Arabic word change it into another real word far more often.
 */
export const arabicMaxEdits = (word: string) => (word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2);

/** Arabic unit words after a number → the canonical short unit of search.text's UNITS ('27 بوصة' meets '27"'). */
export const ARABIC_UNITS: Record<string, string> = {
  بوصه: 'in', انش: 'in', انشات: 'in', سم: 'cm', سنتيمتر: 'cm', مم: 'mm', مليمتر: 'mm', متر: 'm', مترا: 'm', امتار: 'm',
  كجم: 'kg', كغ: 'kg', كيلو: 'kg', كيلوغرام: 'kg', كيلوجرام: 'kg', جم: 'g', غرام: 'g', جرام: 'g', غراما: 'g', جراما: 'g',
  لتر: 'l', لترا: 'l', لترات: 'l', مل: 'ml', مللتر: 'ml', واط: 'w', وات: 'w', فولت: 'v', هرتز: 'hz',
  جيجابايت: 'gb', جيجا: 'gb', تيرابايت: 'tb', تيرا: 'tb', ميجابايت: 'mb', ميجابكسل: 'mp', ميغابكسل: 'mp',
  قطع: 'pc', قطعه: 'pc', حبه: 'pc', حبات: 'pc',
};

/**
 * Words that carry no product meaning in an Arabic shopping query (normalised spelling): prepositions, pronouns,
 * 'I want', 'I'm looking for', 'show me', Gulf 'ابي'/'ابغى' ('I want'), 'best'. Removed only when something else remains.
 */
export const ARABIC_STOPWORDS = [
  'في', 'من', 'على', 'الى', 'عن', 'مع', 'او', 'ام', 'ثم', 'لي', 'لك', 'هل', 'ما', 'ماذا', 'هذا', 'هذه', 'ذلك', 'تلك',
  'الذي', 'التي', 'اللي', 'كل', 'بعض', 'اي', 'اريد', 'ابحث', 'ابي', 'ابغي', 'ابغى', 'بدي', 'عايز', 'اعطني', 'ارني',
  'اعرض', 'عندكم', 'عندك', 'يوجد', 'هناك', 'ممكن', 'لو', 'سمحت', 'افضل', 'احسن', 'شي', 'شيء', 'منتج', 'منتجات', 'عند',
  // 'but' ('كاميرا بس مو كاميرا أكشن'): joins two parts of a request, names nothing
  'بس', 'لكن', 'ولكن',
  // 'even', 'until' and 'simple, modest' («حتى لو، هدايا بسيطة، شي بسيط»): they qualify a request, they name nothing
  'حتى', 'حتي', 'بسيط', 'بسيطه', 'بسيطة',
  // 'nice, lovely, special' («شي حلو لأمي، هدية مميزة»): they praise what is asked, they name nothing (decision 0194)
  'حلو', 'حلوه', 'حلوة', 'حلوين', 'زين', 'زينه', 'زينة', 'مميز', 'مميزه', 'مميزة', 'لطيف', 'لطيفه', 'لطيفة',
];

/**
 * The word of an Arabic name that names what the product is: Arabic noun phrases put the head first ('سماعات رأس
 * لاسلكية', 'لابتوب الألعاب Raptor G16'), so it is the first Arabic word (null when the name has none).
 */
export function arabicHead(words: string[]): string | null {
  return words.find((w) => isArabic(w) && w.length >= 2) ?? null;
}

// ---- the catalogue's form of a shopper's word (decision 0178) ---------------------------------------------------------

/** Attached pronouns a shopper writes on a noun or a verb: my/me, your, his, her, our, your (plural), their. */
const ENCLITICS = ['ني', 'كم', 'هم', 'نا', 'ها', 'ك', 'ه', 'ي'];
/** The letters of the imperfect verb: I (أ, folded ا), we (ن), he (ي), she / you (ت). */
const IMPERFECT = ['ا', 'ن', 'ي', 'ت'];
/** Arabic letters only (folded). */
const LETTERS = /^[\u0621-\u064a]+$/;
/** The fewest letters a reading may keep: two-letter remains are too often another word. */
const MIN_READING = 3;

/**
 * The forms an Arabic word the catalogue does not hold may stand for, fewest changes first (decision 0178): without a
 * one-letter particle written against it (بـ، لـ، فـ، كـ، وـ: «بصوتي» → صوتي), without an attached pronoun («بصوتي» → صوت,
 * «أجهزتي» → اجهزه: a ta marbuta written ت before the pronoun is ة again), without the letter of the imperfect verb
 * («أتحكم» → تحكم, the noun and the imperative listings write), and a broken plural of the patterns فواعيل، مفاعيل، أفعال
 * read as its singular («فوانيس» → فانوس, «مصابيح» → مصباح, «أنوار» → نور). Every form keeps at least three letters.
 * Pure: the caller keeps the first form its vocabulary holds, so the rule never invents a word the catalogue does not say.
 * `word` is folded and without its article (arabicBase).
 * Last, the hard g of a loanword in the other letters Arabic writes it with («يوجا، يوقا» → يوغا, «قيمنج» → قيمنق): ج, غ and ق
 * each stand for it in one spelling or another (decision 0198).
 */
export function arabicReadings(word: string): string[] {
  if (!LETTERS.test(word) || word.length < MIN_READING + 1) return [];
  const out: string[] = [];
  const put = (w: string) => {
    if (w.length >= MIN_READING && w !== word && !out.includes(w)) out.push(w);
  };
  const withoutParticle = ARABIC_PARTICLES.includes(word[0]!) && word.length - 1 >= MIN_READING ? [arabicBase(word.slice(1))] : [];
  const starts = [word, ...withoutParticle];
  const cores: string[] = [];
  for (const w of starts) {
    cores.push(w);
    for (const e of ENCLITICS) {
      if (!w.endsWith(e) || w.length - e.length < MIN_READING) continue;
      const bare = w.slice(0, -e.length);
      // the ta marbuta before a pronoun: 'بشرتها' → بشره (بشرة)
      if (bare.endsWith('ت') && bare.length >= MIN_READING) cores.push(`${bare.slice(0, -1)}ه`);
      cores.push(bare);
    }
  }
  for (const c of cores) put(c);
  for (const c of cores) if (IMPERFECT.includes(c[0]!) && c.length - 1 >= MIN_READING) put(c.slice(1));
  for (const c of [...out, word]) for (const s of brokenSingulars(c)) put(s);
  for (const c of [word, ...out]) for (const s of hardGSpellings(c)) put(s);
  return out;
}

/** The word with one of its ج، غ، ق written as each of the others (the hard g of a loanword; candidates only). */
function hardGSpellings(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    if (!'جغق'.includes(w[i]!)) continue;
    for (const g of 'جغق') if (g !== w[i]) out.push(w.slice(0, i) + g + w.slice(i + 1));
  }
  return out;
}

/**
 * The singulars a broken plural of a common pattern stands for: فواعيل → فاعول (فوانيس → فانوس), مفاعيل → مفعال (مصابيح →
 * مصباح), أفعال → فعل (أنوار → نور, folded انوار). Candidates only: the caller keeps one the catalogue holds.
 */
export function brokenSingulars(w: string): string[] {
  const out: string[] = [];
  if (w.length === 6 && w[1] === 'و' && w[2] === 'ا' && w[4] === 'ي') out.push(`${w[0]}ا${w[3]}و${w[5]}`);
  if (w.length === 6 && w[2] === 'ا' && w[4] === 'ي') out.push(`${w[0]}${w[1]}${w[3]}ا${w[5]}`);
  if (w.length === 5 && w[0] === 'ا' && w[3] === 'ا') out.push(`${w[1]}${w[2]}${w[4]}`);
  return out;
}
