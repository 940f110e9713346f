import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, DIGITS_COOKIE, isDigits, isLocale, LANG_COOKIE, readerLocale, setReaderLocale, type Digits, type Locale } from '@souq/shared/rules/locale';
import { registerWebMessages } from '@souq/shared/web-messages';
import type { WebMessages } from '@souq/shared/messages.ar-web';

// The reader's language in the browser (issue 26, decision 0104). The server chose it for the page (the URL's
// `lang`, the saved choice, the cookie, Accept-Language) and wrote it into `<html lang dir>` in the first byte; the
// app reads it there, loads that language's catalogue of the storefront before the first render, and the vendor's
// or admin's catalogue with their routes. Nothing flips after load: the page is in its language from the start.

export type Area = 'storefront' | 'vendor' | 'admin';
type Catalogue = () => Promise<{ messages: Messages; web?: WebMessages }>;

// one import() per file, written out, so the build makes each catalogue a file of its own. The storefront's, which
// every page loads first, carries the shared texts browser code reads (MSG) in the same language (./texts, decision
// 0156): a page loads its own language's only, in one request.
const CATALOGUES: Record<Locale, Record<Area, Catalogue>> = {
  en: {
    storefront: () => import('./texts/storefront.en'),
    vendor: () => import('../locales/en/vendor.po'),
    admin: () => import('../locales/en/admin.po'),
  },
  ar: {
    storefront: () => import('./texts/storefront.ar'),
    vendor: () => import('../locales/ar/vendor.po'),
    admin: () => import('../locales/ar/admin.po'),
  },
};

const loaded = new Set<string>();
// English, the source language, until a page's catalogue is loaded: a function that translates outside a page (a
// status badge's words in a unit test) reads the source text instead of failing for want of a language. The source
// language's texts are the code's own, so it starts with an empty catalogue (merged into when the page's loads):
// activating a language with none loaded is what Lingui warns about ('Messages for locale "en" not loaded', which the
// server's render printed at its first page: its bundle runs Lingui's checks unless NODE_ENV is production).
if (!i18n.locale) {
  i18n.load(DEFAULT_LOCALE, {});
  i18n.activate(DEFAULT_LOCALE);
}

/** The page's language, as the server wrote it into `<html lang>`. */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Loads an area's texts in the page's language (once), merged into what is loaded. */
export async function loadArea(area: Area, locale: Locale = pageLocale()): Promise<void> {
  const key = `${locale}/${area}`;
  if (loaded.has(key)) return;
  const { messages, web } = await CATALOGUES[locale][area]();
  // the shared texts browser code reads (MSG: alerts, spec labels), in the page's language only; in Arabic the
  // server's own texts (e-mails, errors it translates itself) never reach the browser
  if (web) registerWebMessages(locale, web);
  i18n.load(locale, messages); // merged into the language's texts already loaded
  loaded.add(key);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/**
 * The digits the reader chose for Arabic (their cookie: the switch, a sign-in with a saved choice, or `?digits=` set
 * it; decision 0105), Latin otherwise. English pages always write Latin digits.
 */
export function pageDigits(): Digits {
  if (typeof document === 'undefined' || pageLocale() !== 'ar') return 'latn';
  const value = cookie(DIGITS_COOKIE);
  return isDigits(value) ? value : 'latn';
}

const cookie = (name: string): string | undefined => document.cookie.split(';').map((c) => c.trim().split('=')).find(([k]) => k === name)?.[1];

/**
 * After a sign-in or sign-up (issue 34 item 13): whether the person's saved language or digits — the cookies the
 * answer set, decision 0105 — differ from the ones this page was drawn in. Then the next page is opened by the browser
 * (`window.location.assign`), so the server sends it in that language and direction from the first byte; otherwise
 * the app moves on without a reload.
 */
export function signInChangedLanguage(): boolean {
  if (typeof document === 'undefined') return false;
  const saved = cookie(LANG_COOKIE);
  if (isLocale(saved) && saved !== pageLocale()) return true;
  const reader = readerLocale();
  const drawn = typeof reader === 'string' ? 'latn' : (reader.digits ?? 'latn');
  return pageLocale() === 'ar' && pageDigits() !== drawn;
}

/** Goes to `path` after a sign-in: in the saved language from the first byte when it changed (above), else in the app. */
export function goAfterSignIn(path: string, navigate: (path: string) => void, opts: { replace?: boolean } = {}): void {
  if (!signInChangedLanguage()) navigate(path);
  else if (opts.replace) window.location.replace(path);
  else window.location.assign(path);
}

/**
 * Before the first render: the shared formatter writes for this page's reader by default (its language and digits,
 * as the server's render of the page did), and the storefront's texts (every page shows its header) load in it.
 */
export function startI18n(): Promise<void> {
  setReaderLocale({ locale: pageLocale(), digits: pageDigits() });
  return loadArea('storefront');
}

export { i18n };
