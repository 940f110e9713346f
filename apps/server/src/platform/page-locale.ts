import type { FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { DIGITS_COOKIE, LANG_COOKIE, LOCALES, isDigits, textDirection, type Digits, type Locale } from '@souq/shared/rules/locale';
import { MSG_AR } from '@souq/shared/messages.ar';
import { cookieOf, readerOf, urlLangOf, urlParamOf, type Reader } from './request-locale.js';

// The language a page is sent in (issue 26 item 2, decision 0104): chosen by the server, written into `<html lang dir>`
// in the first byte, so nothing flips after the scripts load.

/** Where the web build lists each language's storefront catalogue script (apps/web/vite.config.ts; never served). */
export const CATALOGUES_FILE = '.vite/catalogues.json';
const YEAR_SECONDS = 365 * 24 * 3600;
/** The URL parameter that opens an Arabic page with the digits it names ('latn' | 'arab'). */
export const DIGITS_PARAM = 'digits';

const urlDigitsOf = (req: FastifyRequest): Digits | null => {
  const value = urlParamOf(req, DIGITS_PARAM);
  return isDigits(value) ? value : null;
};

/**
 * The page's reader (`readerOf`: the URL's `lang`, a saved choice, the cookie a switch, a sign-in or an earlier visit
 * left, then Accept-Language; the digits from the saved choice or their cookie). A `lang` in the URL is also
 * remembered (the cookie), so the next page the reader opens without it stays in that language.
 */
export function pageReaderOf(req: FastifyRequest, reply: FastifyReply): Reader {
  const url = urlLangOf(req);
  const reader = readerOf(req);
  const cookies: string[] = [];
  if (url === reader.locale && cookieOf(req.headers.cookie, LANG_COOKIE) !== reader.locale) {
    cookies.push(`${LANG_COOKIE}=${reader.locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  }
  // `?digits=arab` (a shared link, or a page opened to show them): remembered like `lang`, read by the page at start
  const digits = urlDigitsOf(req);
  if (digits && reader.locale === 'ar') {
    reader.digits = digits;
    if (cookieOf(req.headers.cookie, DIGITS_COOKIE) !== digits) cookies.push(`${DIGITS_COOKIE}=${digits}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  }
  if (cookies.length) void reply.header('set-cookie', cookies.length === 1 ? cookies[0]! : cookies);
  // the same address answers in several languages: caches must keep them apart
  void reply.header('vary', 'Accept-Language, Cookie');
  return reader;
}

/** The page's language (pageReaderOf without the digits). */
export const pageLocaleOf = (req: FastifyRequest, reply: FastifyReply): Locale => pageReaderOf(req, reply).locale;

/** An API request's reader language (readerOf: the URL's `lang`, the saved choice, the cookie, Accept-Language). */
export const readerLocale = (req: FastifyRequest): Locale => readerOf(req).locale;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The built page with its `<html>` in a language and direction, and its tab title and description in that language
 * (issue 34 item 10: an Arabic page's tab read English). index.html is written in English (MSG.pageTitle and
 * MSG.pageDescription are its words), so an English page is sent as built.
 */
export function htmlIn(html: string, locale: Locale): string {
  const page = html.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${textDirection(locale)}">`);
  if (locale === 'en') return page;
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(MSG_AR.pageTitle)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(MSG_AR.pageDescription)}"`);
}

/**
 * Each language's text scripts, preloaded by every page in that language (its texts come first): its storefront
 * catalogue and, in Arabic, the shared messages browser code reads (decision 0136). The build writes a list per
 * language (an earlier build one file name).
 */
export function readCatalogueScripts(dist: string): Map<Locale, string[]> {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dist, CATALOGUES_FILE), 'utf8')) as Record<string, unknown>;
    const scripts = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/'));
    return new Map(LOCALES.flatMap((l) => (scripts(data[l]).length ? [[l, scripts(data[l])] as const] : [])));
  } catch {
    return new Map();
  }
}

/**
 * The font files a page in each language announces from its first byte (decision 0106): an Arabic page preloads the
 * four files of its font (IBM Plex Sans Arabic, the Arabic letters and the Latin companion, weights 400 and 700), so
 * the browser fetches them while it reads the HTML rather than once the CSS has been applied and the text laid out:
 * they then arrive within `font-display: optional`'s short wait, and a first visit draws in them. An English page
 * names no font. Found among the build's hashed assets by the @fontsource file names. The Latin letters a first view
 * does not write (the `latin-supplement` files: accented letters, decision 0156) are not announced: the browser fetches
 * them only for a page that writes one.
 */
export const PRELOADED_FONTS: Readonly<Record<Locale, readonly RegExp[]>> = {
  en: [],
  ar: [/^ibm-plex-sans-arabic-(arabic|latin)-(400|700)-normal-[\w-]+\.woff2$/],
};

export function readFontPreloads(dist: string): Map<Locale, string[]> {
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(dist, 'assets'));
  } catch {
    // no build: no page to announce fonts in
  }
  return new Map(LOCALES.map((l) => [l, PRELOADED_FONTS[l].flatMap((name) => files.filter((f) => name.test(f)).map((f) => `/assets/${f}`))]));
}
