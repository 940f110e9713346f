// UAE addresses (issue 40 item 6, decision 0151): the seven emirates with their English and Arabic names, phone
// numbers in +971 form, Makani numbers and map pins within the country.
import { VAT_EMIRATES, type VatEmirate } from './tax.js';

/** The seven emirates' codes (the same codes as the VAT return's, decision 0111). */
export const UAE_EMIRATES = VAT_EMIRATES;
export type Emirate = VatEmirate;

/** Each emirate's name in English and in Arabic, as addresses, labels and screens print it. */
export const EMIRATE_NAMES: Record<Emirate, { en: string; ar: string }> = {
  abu_dhabi: { en: 'Abu Dhabi', ar: 'أبوظبي' },
  dubai: { en: 'Dubai', ar: 'دبي' },
  sharjah: { en: 'Sharjah', ar: 'الشارقة' },
  ajman: { en: 'Ajman', ar: 'عجمان' },
  umm_al_quwain: { en: 'Umm Al Quwain', ar: 'أم القيوين' },
  ras_al_khaimah: { en: 'Ras Al Khaimah', ar: 'رأس الخيمة' },
  fujairah: { en: 'Fujairah', ar: 'الفجيرة' },
};

export const isEmirate = (v: unknown): v is Emirate => typeof v === 'string' && (UAE_EMIRATES as readonly string[]).includes(v);

/**
 * A UAE phone number in E.164 form (+9715XXXXXXXX), or null when it is not one. Accepts what people type: 05x…,
 * 5x…, 9715x…, 009715x…, +971 5x… and +971 (0)5x…, with spaces, dashes, dots or brackets. Mobiles are 5 and eight
 * digits; landlines an area code (2, 3, 4, 6, 7, 9) and seven digits; 800 toll-free numbers are not a delivery contact.
 */
export function normaliseUaePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d{8,15}$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith('+971')) national = compact.slice(4);
  else if (compact.startsWith('00971')) national = compact.slice(5);
  else if (compact.startsWith('971')) national = compact.slice(3);
  else if (compact.startsWith('+')) return null;
  else national = compact;
  if (national.startsWith('0')) national = national.slice(1);
  if (/^5[0-9]\d{7}$/.test(national) || /^[234679]\d{7}$/.test(national)) return `+971${national}`;
  return null;
}

/** A phone as people read it: +971 50 123 4567 (mobile) or +971 4 123 4567 (landline). */
export function formatUaePhone(e164: string): string {
  const n = e164.replace(/^\+971/, '');
  return n.length === 9 ? `+971 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}` : `+971 ${n.slice(0, 1)} ${n.slice(1, 4)} ${n.slice(4)}`;
}

/**
 * A Makani number (Dubai's building entrance number): ten digits, often written in two groups of five. No check-digit
 * rule is published (decision 0151), so only the form is checked: ten digits once spaces are taken out, not all zero.
 * Returns the ten digits, or null.
 */
export function normaliseMakani(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits) || /^0+$/.test(digits)) return null;
  return digits;
}

/** 12345 67890, as printed on Makani plates. */
export const formatMakani = (digits: string) => `${digits.slice(0, 5)} ${digits.slice(5)}`;

/** A box around the UAE (its land and islands) a map pin must fall in. */
export const UAE_BOUNDS = { latMin: 22.5, latMax: 26.5, lngMin: 51.0, lngMax: 56.5 } as const;
export const withinUae = (lat: number, lng: number) =>
  lat >= UAE_BOUNDS.latMin && lat <= UAE_BOUNDS.latMax && lng >= UAE_BOUNDS.lngMin && lng <= UAE_BOUNDS.lngMax;

/** A structured UAE address as an order keeps it. */
export type UaeAddress = {
  name: string; phone: string; emirate: Emirate; area: string; street: string; flat: string; landmark: string;
  makani: string | null; latitude: number | null; longitude: number | null;
};

/**
 * The address on one line in a language (the free-text line old screens, mails and couriers read). `emirate: false`
 * leaves the emirate out, for a line printed beside a city field that already names it.
 */
export function addressLine(a: Pick<UaeAddress, 'emirate' | 'area' | 'street' | 'flat' | 'landmark' | 'makani'>, lang: 'en' | 'ar' = 'en', opts: { emirate?: boolean } = {}): string {
  const sep = lang === 'ar' ? '، ' : ', ';
  const makani = a.makani ? (lang === 'ar' ? `مكاني ${formatMakani(a.makani)}` : `Makani ${formatMakani(a.makani)}`) : '';
  // a landmark typed as 'near …' / 'بالقرب من …' is not given a second 'near'
  const landmark = !a.landmark ? '' : /^(near|opp(osite)?|behind|next to|beside)\b|^(بالقرب|قرب|مقابل|خلف|بجانب)/i.test(a.landmark) ? a.landmark
    : lang === 'ar' ? `بالقرب من ${a.landmark}` : `near ${a.landmark}`;
  return [a.flat, a.street, a.area, opts.emirate === false ? '' : EMIRATE_NAMES[a.emirate][lang], landmark, makani].filter(Boolean).join(sep);
}

/**
 * The other ways an emirate is written in postal addresses from outside Souq (UCP agents' destinations): ISO 3166-2
 * codes, common spellings and the Arabic names without their article or hamza. Keys are folded (see `fold`).
 */
const EMIRATE_SPELLINGS: Record<string, Emirate> = {
  'ae-az': 'abu_dhabi', 'ae-du': 'dubai', 'ae-sh': 'sharjah', 'ae-aj': 'ajman', 'ae-uq': 'umm_al_quwain', 'ae-rk': 'ras_al_khaimah', 'ae-fu': 'fujairah',
  abudhabi: 'abu_dhabi', umalquwain: 'umm_al_quwain', ummalqaiwain: 'umm_al_quwain', rak: 'ras_al_khaimah', rasalkhaima: 'ras_al_khaimah', fujeirah: 'fujairah',
  ابوظبي: 'abu_dhabi', الشارقه: 'sharjah', امالقيوين: 'umm_al_quwain', راسالخيمه: 'ras_al_khaimah', الفجيره: 'fujairah',
};

/** Lower case, no spaces, dashes only in ISO codes, Arabic alef/ta marbuta folded, "emirate of" dropped. */
const fold = (s: string) => s.trim().toLowerCase()
  .replace(/^(the\s+)?emirate\s+of\s+|^إمارة\s+/u, '')
  .replace(/[أإآ]/gu, 'ا').replace(/ة/gu, 'ه')
  .replace(/(?<!^ae)[\s\-_'’.]/gu, '');

/**
 * The emirate a piece of text names (a region or city field: "Dubai", "AE-DU", "dubai", "دبي", "Emirate of Sharjah",
 * "Ras al-Khaimah"), or null when it names none. Only whole names count: "Dubai Marina" is an area, not an emirate.
 */
export function emirateNamed(text: string | null | undefined): Emirate | null {
  if (!text) return null;
  const key = fold(text);
  if (!key) return null;
  for (const e of UAE_EMIRATES) {
    if (key === fold(e) || key === fold(EMIRATE_NAMES[e].en) || key === fold(EMIRATE_NAMES[e].ar)) return e;
  }
  return EMIRATE_SPELLINGS[key] ?? null;
}

/** A country field that means the UAE: its ISO codes, its names in English and Arabic. */
export const isUaeCountry = (text: string | null | undefined): boolean =>
  !!text && ['ae', 'are', 'uae', 'unitedarabemirates', 'theunitedarabemirates', 'الامارات', 'الاماراتالعربيهالمتحده', 'دولهالاماراتالعربيهالمتحده'].includes(fold(text));
