// Decision 0178 (issue 37): ages in a request and in listings. A gift for a toddler, a baby or «طفل عمره سنتين» is for an
// age; a listing says which ages it is for in its own words ('Ages 0–4', 'for players aged 12 and up', «للأعمار من 0 إلى
// 4 سنوات», «من سن 12 عاماً فأكثر»). Pure functions on text; the assistant reads the asked age once per question and a
// listing's stated ages on the few products a search found.

/** The oldest age a range written 'and up' stands for. */
const NO_UPPER = 120;

/** Arabic-Indic digits as Latin ones (a listing or a request may write either). */
const latinDigits = (s: string) =>
  s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/**
 * The age a request asks for, in years, or null: 'a 13 year old', '5-year-old', 'aged 8'; a newborn, a baby or an
 * infant is 0, a toddler 2. Read on English text (the assistant's readArabic writes «عمره ٣ سنوات» as '3 years old' and
 * «مولود» as 'baby').
 */
export function askedAge(text: string): number | null {
  const t = latinDigits(text).toLowerCase();
  const years = /\b(\d{1,2})[\s-]*(?:years?|yrs?)(?:[\s-]*old)?\b|\baged?\s+(\d{1,2})\b/.exec(t);
  if (years) return Number(years[1] ?? years[2]);
  // the age a birthday brings, or said of the person ('he's turning 2', 'she is 7 now': decision 0202)
  const turning = /\bturn(?:s|ing|ed)\s+(\d{1,2})\b(?!\s*(?:%|aed|dhs?|dirhams?|pieces?|pcs))|\b(?:he|she)(?:'s|\s+is|\s+will be)\s+(\d{1,2})(?:\s+now)?(?=\s*(?:$|[,.;!?]|and\b|but\b))/.exec(t);
  if (turning) return Number(turning[1] ?? turning[2]);
  const months = /\b(\d{1,2})[\s-]*months?(?:[\s-]*old)?\b/.exec(t);
  if (months) return Math.floor(Number(months[1]) / 12);
  if (/\b(?:new[\s-]?borns?|bab(?:y|ies)|infants?)\b/.test(t)) return 0;
  if (/\btoddlers?\b/.test(t)) return 2;
  return null;
}

/**
 * The ages a listing says it is for, or null when it says none: a range ('Ages 0–4', 'ages 3 to 8', «للأعمار من 0 إلى 4
 * سنوات») or a lower bound ('aged 12 and up', '12+', «من سن 12 عاماً فأكثر»).
 */
export function listingAges(text: string): { min: number; max: number } | null {
  const t = latinDigits(text).toLowerCase();
  const range = /\bages?\s*(\d{1,2})\s*(?:[-–—]|to)\s*(\d{1,2})\b/.exec(t) ?? /(?:الأعمار|الاعمار|أعمار|اعمار|سن)\s*(?:من\s*)?(\d{1,2})\s*(?:[-–—]|إلى|الى)\s*(\d{1,2})/.exec(t);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  const up = /\b(?:aged?|ages)\s*(\d{1,2})\s*(?:\+|and (?:up|over|older|above))/.exec(t) ?? /\b(\d{1,2})\s*\+\s*(?:years|yrs)/.exec(t) ??
    /(?:سن|عمر)\s*(\d{1,2})\s*(?:عام|عاما|عامًا|عاماً|سنة|سنه|سنوات)?\s*(?:فأكثر|فاكثر|فما فوق|وما فوق|وأكثر|واكثر)/.exec(t);
  if (up) return { min: Number(up[1]), max: NO_UPPER };
  return null;
}

/**
 * The listings for an asked age: when some say ages that include it, only those (what the listings themselves promise),
 * in their order; otherwise every listing except those whose stated ages exclude it.
 */
export function forAge<T>(items: T[], age: number, text: (item: T) => string): T[] {
  const ages = items.map((p) => listingAges(text(p)));
  const fits = items.filter((_, i) => ages[i] !== null && ages[i]!.min <= age && age <= ages[i]!.max);
  if (fits.length) return fits;
  return items.filter((_, i) => ages[i] === null);
}

/** A listing for children: the ages it states end at 12, or its own tags say kids or children (decision 0191). */
export function forChildren(p: { tags: string[] }, text: string): boolean {
  const ages = listingAges(text);
  return (ages !== null && ages.max <= 12) || p.tags.some((t) => /^(?:kids?|child|children|toddlers?|baby|babies)$/i.test(t));
}
