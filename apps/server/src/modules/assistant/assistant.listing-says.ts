import type { Product } from '@souq/shared/api/catalogue';
import type { Locale } from '@souq/shared/rules/locale';

// Decision 0188: a question about what the product in question says of something that is no fixed fact of ours ('how
// long does it take to put up?', 'what's the heel drop on these', «كم لومن إضاءته؟», «كم يوفر من فاتورة الكهرباء؟»):
// answered with the passages of its own listing (bullets, sentences of its description, both languages) that say the
// asked words, or — for 'how long', 'how big', 'how heavy', 'what colour' — that give a measure of that kind.

/** How a text is read: the search module's stems, tokens and normalisation. */
export type ListingText = { analyze: (s: string) => string[]; tokenize: (s: string) => string[]; normalize: (s: string) => string };

/** All a listing says in its own words, both languages: names, description, bullets and tags. */
export const listingText = (p: Product): string =>
  [p.name, p.name_ar, p.description, p.description_ar, ...p.bullet_points, ...p.bullet_points_ar, ...p.tags].join(' ');

/** The kinds of measure a question asks for, by its question words (the message as read: Arabic «كم» is 'how many'). */
export type Measure = 'time' | 'size' | 'weight' | 'count' | 'colour' | 'contents' | 'material';

const ASKS: [Measure, RegExp][] = [
  ['time', /\bhow long\b|\bhow many (?:hours?|minutes?|days?|years?|weeks?|months?)\b|\b(?:hours?|minutes?|runtime|run time|last|lasts)\b|(?:^|[\s\u060C])(?:ساعه|ساعات|دقيقه|دقايق|دقائق|يوم|ايام|مده|تقعد|يقعد|تدوم|يدوم)(?=$|[\s؟?.,\u060C])/i],
  ['size', /\bhow (?:big|large|small|tall|wide|deep)\b|\b(?:size|capacity|dimensions?|volume)\b|(?:^|\s)(?:حجم|حجمه|حجمها|سعه|سعته|سعتها|مقاس|مقاسه)(?=$|[\s؟?.,])/i],
  ['weight', /\bhow heavy\b|\b(?:weight|weigh|weighs)\b|(?:^|\s)(?:وزن|وزنه|وزنها|ثقيل)(?=$|[\s؟?.,])/i],
  ['count', /\bhow (?:many|much)\b|\bwhat(?:'s| is) the\b/i],
  ['colour', /\bcolou?rs?\b|(?:^|\s)(?:لون|لونه|لونها|الوان|الوانه)(?=$|[\s؟?.,])/i],
  // what comes in the box and what it is made of (decision 0194): answered by the passages that name parts or a material
  ['contents', /\b(?:in the (?:box|package|pack|set)|comes? with|come in|included|includes?|inclusions?|accessories|what do i get|what you get)\b|(?:^|\s)(?:يجي معه|يجي معها|تجي معه|تجي معها|يأتي مع|يأتي معه|تأتي معه|مرفق|المرفقات|ملحقات|الملحقات|محتويات|الكرتون|العلبه|الكرتونه|الصندوق)(?=$|[\s؟?.,])/i],
  ['material', /\b(?:made (?:of|from|out of)|materials?|fabric|what is it made)\b|(?:^|\s)(?:مصنوع|مصنوعه|مصنوعة|خامه|خامة|خامته|خامتها|ماده|مادة|مادته|قماش|قماشه)(?=$|[\s؟?.,])/i],
];

/** What a passage must give for each measure: a number with its unit, or a colour. */
const GIVES: Record<Measure, RegExp> = {
  time: /\d[\d.,]*\s*[-–]?\s*(?:h|hrs?|hours?|minutes?|mins?|days?|weeks?|months?|years?)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty)[\s-]+(?:hours?|minutes?|days?|years?)\b|\d+\s*(?:ساعه|ساعة|ساعات|دقيقه|دقيقة|دقائق|يوما|يوماً|يوم|أيام|ايام|سنه|سنة|سنوات)/i,
  size: /\d[\d.,]*\s*[-–]?\s*(?:l|litres?|liters?|ml|cm|mm|m|in|inch(?:es)?|"|people|persons?)\b|\d+\s*(?:لتر|مل|سم|مم|م|بوصه|بوصة|أشخاص|اشخاص)/i,
  weight: /\d[\d.,]*\s*[-–]?\s*(?:g|grams?|kg|kilos?|lbs?)\b|\d+\s*(?:غ|غرام|غراماً|جرام|كجم|كغ|كيلو)/i,
  count: /\d/,
  contents: /\b(?:includes?|included|comes? with|in the box|bundled|with (?:a |an |its |the )?(?:[a-z-]+ )?(?:case|bag|pouch|cable|charger|strap|bow|stand|remote|mount|cushions?|tips|adapter|dock|stick|sticks|rosin|pegs|poles|lid|basket)|(?:travel |carry(?:ing)? )?(?:case|pouch)|outfit|set of|pack of|\d+-pack|\d+-piece|\d+\s*pieces?)\b|(?:^|\s)(?:مع|يشمل|تشمل|يتضمن|تتضمن|حقيبه|حقيبة|كابل|شاحن|عبوه|عبوة|طقم|قطع)(?=$|[\s.,،])/i,
  material: /\b(?:leather|cotton|steel|stainless|alumin(?:i)?um|titanium|wood(?:en)?|cork|mesh|plastic|glass|ceramic|carbon|graphite|cast iron|iron|silicone|foam|fabric|nylon|down|wool|rubber|metal|spruce|mahogany|maple|rosewood|bamboo|polyester|canvas|beryllium)\b|جلد|قطن|فولاذ|ستانلس|ألومنيوم|ألمنيوم|تيتانيوم|خشب|فلين|شبكي|بلاستيك|زجاج|سيراميك|كربون|حديد|سيليكون|إسفنج|قماش|نايلون|ريش|صوف|مطاط|معدن/i,
  colour: /\bcolou?r|\b(?:black|white|grey|gray|silver|gold|red|blue|green|cream|pink|navy|beige|brown|orange|yellow|purple)\b|لون|أسود|ابيض|أبيض|رمادي|فضي|ذهبي|أحمر|أزرق|أخضر|كريمي|وردي|بيج|بني/i,
};

export function measuresAsked(msg: string): Measure[] {
  const asked = ASKS.filter(([, re]) => re.test(msg)).map(([m]) => m);
  // (a size asked may be a weight: the Arabic reading writes «وزن» as 'size')
  return asked.includes('size') && !asked.includes('weight') ? [...asked, 'weight'] : asked;
}

/**
 * A listing's passages as pairs of its two languages: its bullets, then the sentences of its description (paired by
 * position when both languages have as many).
 */
export function passagesOf(p: Product): { en: string; ar: string }[] {
  const sentences = (t: string) => t.split(/(?<=[.!?؟])\s+/).map((s) => s.trim()).filter(Boolean);
  const pair = (en: string[], ar: string[]) =>
    en.length === ar.length ? en.map((e, i) => ({ en: e, ar: ar[i]! })) : [...en.map((e) => ({ en: e, ar: '' })), ...ar.map((a) => ({ en: '', ar: a }))];
  return [...pair(p.bullet_points, p.bullet_points_ar), ...pair(sentences(p.description), sentences(p.description_ar))].filter((x) => x.en || x.ar);
}

/** An Arabic verb's present-tense letter (ي ت ن أ) off a word of four letters or more: «يوفر» and «توفر» say the same. */
const bareVerb = (w: string) => (/^[يتنا][\u0621-\u064A]{3,}$/u.test(w) ? w.slice(1) : w);

/**
 * The passages of `p`'s listing that answer a question asking `asked` (the shopper's content words, not the product's own
 * name) and the measures `measures`; in the reader's language, best first, at most two. A passage counts each asked word
 * it says (its stems, or a word starting with it: 'colour' in 'cream-coloured') twice and a measure it gives once; it
 * must say an asked word, or give a measure of time, size, weight or colour (a bare number answers nothing). Null when
 * none does.
 */
export function listingSays(p: Product, asked: string[], measures: Measure[], text: ListingText, locale: Locale): string[] | null {
  const words = asked.map((w) => ({ stems: text.analyze(w), form: bareVerb(text.normalize(w)) })).filter((w) => w.stems.length > 0);
  // (what comes in the box, what it is made of: asked without a word of the listing's own — 'what is it made of?')
  if (words.length === 0 && !measures.some((m) => m === 'contents' || m === 'material')) return null;
  const sayIt = (passage: string) => {
    if (!passage) return { hits: 0, gives: 0 };
    const stems = new Set(text.analyze(passage));
    const raw = text.tokenize(passage).map(bareVerb);
    const hits = words.filter((w) => w.stems.every((s) => stems.has(s)) || raw.includes(w.form) ||
      (w.form.length >= 4 && raw.some((r) => r.startsWith(w.form) || (r.length >= 4 && w.form.startsWith(r))))).length;
    const gives = measures.filter((m) => GIVES[m].test(passage)).length;
    return { hits, gives };
  };
  const scored = passagesOf(p)
    .map((x) => {
      const en = sayIt(x.en);
      const ar = sayIt(x.ar);
      const hits = Math.max(en.hits, ar.hits);
      const gives = Math.max(en.gives, ar.gives);
      const strong = gives > 0 && measures.some((m) => m !== 'count' && GIVES[m].test(`${x.en} ${x.ar}`));
      return { text: locale === 'ar' ? x.ar || x.en : x.en || x.ar, hits, gives, score: hits * 2 + gives, ok: hits > 0 || strong };
    })
    .filter((x) => x.ok && x.score > 0)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return null;
  const top = scored[0]!.score;
  return [...new Set(scored.filter((x) => x.score === top).map((x) => x.text))].slice(0, 2);
}
