import type { FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { LANG_COOKIE, LANG_PARAM, LOCALES, pickLocale, textDirection, type Locale } from '@souq/shared/rules/locale';

// The language a page is sent in (issue 26 item 2, decision 0104): chosen by the server, written into `<html lang dir>`
// in the first byte, so nothing flips after the scripts load.

/** Where the web build lists each language's storefront catalogue script (apps/web/vite.config.ts; never served). */
export const CATALOGUES_FILE = '.vite/catalogues.json';
const YEAR_SECONDS = 365 * 24 * 3600;

const cookieOf = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
};

/**
 * The request's language: the URL's `lang` (a shared link opens in its language), then the cookie a switch or an
 * earlier visit left, then Accept-Language. A `lang` in the URL is also remembered (the cookie), so the next page the
 * reader opens without it stays in that language.
 */
export function pageLocaleOf(req: FastifyRequest, reply: FastifyReply): Locale {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const url = typeof query[LANG_PARAM] === 'string' ? (query[LANG_PARAM] as string) : null;
  const cookie = cookieOf(req.headers.cookie, LANG_COOKIE);
  const locale = pickLocale({ url, cookie, acceptLanguage: req.headers['accept-language'] });
  if (url === locale && cookie !== locale) {
    void reply.header('set-cookie', `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  }
  // the same address answers in several languages: caches must keep them apart
  void reply.header('vary', 'Accept-Language, Cookie');
  return locale;
}

/**
 * The language of an API request that answers in words (the assistant): the `souq_lang` cookie the page's language
 * switch left, then Accept-Language; a message written in Arabic script is answered in Arabic whatever the page.
 */
export function requestLocaleOf(req: FastifyRequest, text = ''): Locale {
  if (/[\u0600-\u06FF]/.test(text)) return 'ar';
  return pickLocale({ cookie: cookieOf(req.headers.cookie, LANG_COOKIE), acceptLanguage: req.headers['accept-language'] });
}

/** The built page with its `<html>` in a language and direction. */
export function htmlIn(html: string, locale: Locale): string {
  return html.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${textDirection(locale)}">`);
}

/** Each language's storefront catalogue script, preloaded by every page in that language (its texts come first). */
export function readCatalogueScripts(dist: string): Map<Locale, string> {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dist, CATALOGUES_FILE), 'utf8')) as Record<string, unknown>;
    return new Map(LOCALES.flatMap((l) => (typeof data[l] === 'string' && (data[l] as string).startsWith('/assets/') ? [[l, data[l] as string] as const] : [])));
  } catch {
    return new Map();
  }
}
