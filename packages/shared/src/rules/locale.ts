// The languages Souq speaks and how each writes numbers, money and dates (issue 26 items 2 and 4). Pure: the web
// app, the server's e-mails and push texts, and documents all take the reader's locale from here.

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Latin digits (CLDR's default for ar-AE) or Arabic-Indic digits, a reader's choice in Arabic. */
export type Digits = 'latn' | 'arab';
/** A reader's way of writing: the language and, in Arabic, the digits. */
export type LocaleChoice = Locale | { locale: Locale; digits?: Digits };

/** Each language's name in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية' };
/** The URL parameter that opens a page in a language (a shared link keeps its language), and the cookie that remembers it. */
export const LANG_PARAM = 'lang';
export const LANG_COOKIE = 'souq_lang';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
export const localeOf = (choice: LocaleChoice): Locale => (typeof choice === 'string' ? choice : choice.locale);
export const textDirection = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

export const DIGITS: readonly Digits[] = ['latn', 'arab'];
export const isDigits = (value: unknown): value is Digits => value === 'latn' || value === 'arab';
/** The cookie that carries the digits a reader chose, so the page's formatter writes them from its first render. */
export const DIGITS_COOKIE = 'souq_digits';

// The reader a formatter writes for when a caller names no locale (decision 0105). Held on globalThis under a
// registered symbol, so the copies of this module that bundles carry (the web app, the server render) share it. In
// the browser it is the page's reader (lib/i18n.ts sets it at start: the page's language and the digits cookie); on
// the server nothing is set outside a render, so the server's texts stay English with Latin digits.
type ReaderSource = () => LocaleChoice | undefined;
const READER = Symbol.for('souq.reader-locale');
type ReaderHolder = { [READER]?: ReaderSource };

/** Sets where the default reader comes from: a choice, a function read on every call, or nothing (English). */
export function setReaderLocale(source: LocaleChoice | ReaderSource | null): void {
  (globalThis as ReaderHolder)[READER] = source === null ? undefined : typeof source === 'function' ? source : () => source;
}
/** The reader formatters write for when their caller names none. */
export function readerLocale(): LocaleChoice {
  return (globalThis as ReaderHolder)[READER]?.() ?? DEFAULT_LOCALE;
}
/** The digits the default reader chose (Latin unless they asked for Arabic-Indic). */
const readerDigits = (): Digits => {
  const reader = readerLocale();
  return typeof reader === 'string' ? 'latn' : (reader.digits ?? 'latn');
};

/**
 * The BCP 47 tag Intl formats with: English as the spec writes it ('Nov 27, 2026', 'AED 1,234.50'), Arabic as the
 * UAE writes it, with its digits named so no platform default changes them. 'ar' without digits takes the default
 * reader's (a page whose reader chose Arabic-Indic digits writes them wherever a caller passes its language).
 */
export function intlTag(choice: LocaleChoice): string {
  const locale = localeOf(choice);
  if (locale === 'en') return 'en-US';
  const digits = (typeof choice === 'string' ? undefined : choice.digits) ?? readerDigits();
  return `ar-AE-u-nu-${digits}`;
}

/**
 * The language to answer in: the URL's `lang` (a shared link opens in its language), then the signed-in person's saved
 * choice, then the cookie of an earlier visit, then the browser's Accept-Language in its order of preference, else
 * English.
 */
export function pickLocale(from: { url?: string | null; saved?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  for (const candidate of [from.url, from.saved, from.cookie]) {
    if (isLocale(candidate)) return candidate;
  }
  const ranked = (from.acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: (tag ?? '').trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.base && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((t) => t.base).find(isLocale) ?? DEFAULT_LOCALE;
}

// Intl formatters are costly to make and cheap to use: one per tag and options, made on first use.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export function numberFormat(choice: LocaleChoice, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${intlTag(choice)}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(intlTag(choice), options)));
  return f;
}
function dateFormat(choice: LocaleChoice, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${intlTag(choice)}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(intlTag(choice), options)));
  return f;
}

/** A count as the reader writes it: '1,234' / '1,234' / '١٬٢٣٤'; nothing for nothing (a figure still loading). */
export function formatCount(n: number, choice?: LocaleChoice): string;
export function formatCount(n: number | undefined, choice?: LocaleChoice): string | undefined;
export function formatCount(n: number | undefined, choice: LocaleChoice = readerLocale()): string | undefined {
  return n === undefined ? undefined : numberFormat(choice, { maximumFractionDigits: 0 }).format(n);
}
/** A measure with up to one decimal: '12.5'. */
export const formatDecimal = (n: number, choice: LocaleChoice = readerLocale()): string => numberFormat(choice, { maximumFractionDigits: 1 }).format(n);

const DATE_STYLES = {
  /** 'Nov 27, 2026' */
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 'Nov 27, 2026, 3:04 PM' */
  dayTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'Nov 27' */
  monthDay: { month: 'short', day: 'numeric' },
  /** 'Tue, Dec 2': a delivery promise's day (decision 0151) */
  weekdayDay: { weekday: 'short', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const asDate = (value: string | number | Date): Date | null => {
  // a calendar day 'YYYY-MM-DD' is that day wherever the reader is
  const d = value instanceof Date ? value : new Date(typeof value === 'string' && value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * THE date formatter: a moment or a calendar day in a style, in the reader's language. A calendar day ('2026-11-27')
 * is written in UTC so no time zone moves it; a value that is not a date reads as '' (or itself, for a string).
 */
export function formatDate(value: string | number | Date, style: DateStyle = 'day', choice: LocaleChoice = readerLocale()): string {
  const d = asDate(value);
  if (!d) return typeof value === 'string' ? value : '';
  const calendarDay = typeof value === 'string' && value.length === 10;
  return dateFormat(choice, { ...DATE_STYLES[style], ...(calendarDay ? { timeZone: 'UTC' } : {}) }).format(d);
}
