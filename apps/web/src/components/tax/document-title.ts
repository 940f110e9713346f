import { TAX_DOCUMENT_TITLES } from '@souq/shared/tax-document-titles';
import type { Locale } from '@souq/shared/rules/locale';

// A tax document's title as the server sends it is the English of an MSG text ('Tax Invoice', 'Tax Credit Note'…) whose
// Arabic sits beside it under the same key with 'Ar' (the PDFs print both, decision 0099). A screen in Arabic shows that
// twin (issue 34 item 10: the titles on /profile were English); a title without one is shown as it came.
const ARABIC_OF_TITLE = new Map<string, string>();
for (const [key, value] of Object.entries(TAX_DOCUMENT_TITLES)) {
  const twin = (TAX_DOCUMENT_TITLES as Record<string, unknown>)[`${key}Ar`];
  if (/Title$/.test(key) && typeof value === 'string' && typeof twin === 'string') ARABIC_OF_TITLE.set(value, twin);
}

/** A tax document's title in the reader's language. */
export const documentTitle = (title: string, locale: Locale): string => (locale === 'ar' ? (ARABIC_OF_TITLE.get(title) ?? title) : title);
