import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DIGITS_COOKIE, LANG_COOKIE, LANG_PARAM, isDigits, isLocale, pickLocale, setReaderLocale, type Digits, type Locale } from '@souq/shared/rules/locale';

// The reader of a request (issue 26 item 2, decision 0105): the language and digits the server answers in, for pages
// and the API alike. One reading, so a page and the errors of the calls it makes agree.

/** A reader's way of writing: the language, and the digits (Latin unless an Arabic reader chose Arabic-Indic). */
export type Reader = { locale: Locale; digits: Digits };
export const ENGLISH_READER: Reader = { locale: 'en', digits: 'latn' };

const YEAR_SECONDS = 365 * 24 * 3600;

export const cookieOf = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
};

/** A parameter of the request's URL as sent (a route's query schema may drop keys it does not know, like `lang`). */
export function urlParamOf(req: FastifyRequest, name: string): string | null {
  const at = req.url.indexOf('?');
  return at < 0 ? null : new URLSearchParams(req.url.slice(at + 1)).get(name);
}
/** The `lang` of the request's URL, when it names one. */
export const urlLangOf = (req: FastifyRequest): string | null => urlParamOf(req, LANG_PARAM);

/**
 * The request's reader: the URL's `lang`, then the signed-in person's saved choice (a bearer session), then the
 * `souq_lang` cookie, then Accept-Language (`pickLocale`), else English. Digits: the saved choice, then the cookie.
 * A request that says nothing (no lang, no session choice, no cookie, no Accept-Language) reads English.
 */
export function readerOf(req: FastifyRequest): Reader {
  const principal = req.principal;
  const locale = pickLocale({
    url: urlLangOf(req),
    saved: principal?.locale ?? null,
    cookie: cookieOf(req.headers.cookie, LANG_COOKIE),
    acceptLanguage: req.headers['accept-language'],
  });
  if (locale !== 'ar') return { locale, digits: 'latn' };
  const saved = principal?.digits;
  const cookie = cookieOf(req.headers.cookie, DIGITS_COOKIE);
  return { locale, digits: isDigits(saved) ? saved : isDigits(cookie) ? cookie : 'latn' };
}

/**
 * The language (and digits) a person was reading in when they chose one: the URL's `lang` or the cookie (the switch,
 * a `?lang=` link), else Arabic when the browser asks for it first. English by default is no choice: null. What a
 * sign-in or sign-up saves for an account that has none yet (issue 34 item 13).
 */
export function chosenReaderOf(req: FastifyRequest): { locale: Locale; digits?: Digits } | null {
  const explicit = [urlLangOf(req), cookieOf(req.headers.cookie, LANG_COOKIE)].find(isLocale);
  const locale = explicit ?? (pickLocale({ acceptLanguage: req.headers['accept-language'] }) === 'ar' ? 'ar' : null);
  if (!locale) return null;
  const digits = cookieOf(req.headers.cookie, DIGITS_COOKIE);
  return locale === 'ar' && isDigits(digits) ? { locale, digits } : { locale };
}

/**
 * Remembers a reader's choice in the browser (the cookies every page request carries: a page navigation sends no
 * bearer token, so a signed-in person's saved choice reaches their pages this way, from the sign-in or the switch on).
 */
export function setReaderCookies(reply: FastifyReply, choice: { locale?: string | null; digits?: string | null }): void {
  const cookies: string[] = [];
  if (isLocale(choice.locale)) cookies.push(`${LANG_COOKIE}=${choice.locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  if (isDigits(choice.digits)) cookies.push(`${DIGITS_COOKIE}=${choice.digits}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  if (cookies.length) void reply.header('set-cookie', cookies);
}

// Work done for one reader (a page's server render, a person's e-mail): the shared formatters' default reader is the
// one of the work in progress, and English with Latin digits outside any (the server's own texts and logs).
const current = new AsyncLocalStorage<Reader>();
setReaderLocale(() => current.getStore());

/** Runs `work` (and everything it awaits) writing numbers, money and dates for `reader` by default. */
export const withReader = <T>(reader: Reader, work: () => T): T => current.run(reader, work);
