import { useLingui } from '@lingui/react';
import { contentLangFrom, pickText, type ContentLang } from '@souq/shared/rules/content-lang';

/**
 * The language of the catalogue content the visitor reads (issue 26 item 5): the page's language (decision 0104: the
 * URL's `lang`, the cookie or Accept-Language, chosen by the server), so the interface and the catalogue agree, in
 * the server's first view as in the browser.
 */
export function useContentLang(): ContentLang {
  return contentLangFrom(useLingui().i18n.locale);
}

/**
 * A text a vendor typed, in the visitor's language or the other one when that is empty, isolated (<bdi>) and marked
 * with the language it is in, so an Arabic name inside English text (or the reverse) reads in its own direction.
 */
export function LocalText({ en, ar, lang }: { en: string; ar: string | undefined; lang: ContentLang }) {
  const text = pickText(en, ar ?? '', lang);
  const inArabic = text === (ar ?? '') && text !== en;
  return <bdi lang={inArabic ? 'ar' : 'en'} dir="auto">{text}</bdi>;
}
