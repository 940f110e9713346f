import { useSearchParams } from 'react-router';
import { contentLangFrom, pickText, type ContentLang } from '@souq/shared/rules/content-lang';

/**
 * The language of the catalogue content the visitor reads (issue 26 item 5): the URL's `lang` (?lang=ar), so a
 * shared link opens in the same language and the server's first view and the browser's agree; English otherwise.
 * The interface's own language (catalogues, the switch, Accept-Language on the first visit) is a later step.
 */
export function useContentLang(): ContentLang {
  const [params] = useSearchParams();
  return contentLangFrom(params.get('lang'));
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
