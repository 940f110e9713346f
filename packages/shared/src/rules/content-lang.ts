// The language of the content a visitor reads (issue 26 item 5): products and vendor profiles carry English and
// Arabic text side by side; the storefront shows the visitor's language and falls back to the other one when the
// vendor wrote only one. The interface's own texts (catalogues, the switch) are a later step: this only picks content.

import { pickLocale } from './locale.js';

export const CONTENT_LANGS = ['en', 'ar'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

/** Any letter of the Arabic script blocks (Arabic, Supplement, Extended-A, Presentation Forms A and B). */
const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** Whether a text has at least one Arabic letter (an Arabic field that has none was filled in the wrong language). */
export const hasArabicLetter = (text: string) => ARABIC_LETTER.test(text);

/**
 * The content language asked for: an explicit `lang` (the URL's, so a shared link opens in the same language) wins,
 * then the first language of an Accept-Language header (or the browser's languages) that we have; English otherwise.
 */
export function contentLangFrom(lang: string | null | undefined, accepted?: string | readonly string[] | null): ContentLang {
  // one reading of a language request for the whole product (rules/locale.ts): an explicit tag by its language part
  const explicit = lang?.trim().toLowerCase().slice(0, 2) ?? null;
  return pickLocale({ url: explicit, acceptLanguage: typeof accepted === 'string' ? accepted : accepted?.join(',') });
}

/** The text in `lang`, or the other language's when that one is empty. */
export function pickText(en: string, ar: string, lang: ContentLang): string {
  const [first, second] = lang === 'ar' ? [ar, en] : [en, ar];
  return first.trim() ? first : second;
}

/** The bullet points in `lang`, or the other language's when there are none. */
export function pickList(en: readonly string[], ar: readonly string[], lang: ContentLang): readonly string[] {
  const [first, second] = lang === 'ar' ? [ar, en] : [en, ar];
  return first.length ? first : second;
}
