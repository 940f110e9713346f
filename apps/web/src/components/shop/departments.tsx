import { useCallback } from 'react';
import { pickText } from '@souq/shared/rules/content-lang';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { useDepartmentNamesAr } from '@/lib/shop/catalogue-api';

/**
 * The departments (categories) a shopper reads, in the page's language (issue 26 item 1): products, favourites and
 * filters hold the English name the catalogue files them under, which is what goes back to the server; only what is
 * shown is the Arabic one (GET /api/categories/names), the English name where the catalogue has none. Favourites
 * are kept as the shopper's list wrote them, so the name is looked up without its case.
 */
function arabicOf(names: ReadonlyMap<string, string>, name: string): string | undefined {
  const exact = names.get(name);
  if (exact !== undefined || names.size === 0) return exact;
  const lower = name.toLowerCase();
  for (const [en, ar] of names) if (en.toLowerCase() === lower) return ar;
  return undefined;
}

/** A department's name as text (titles, labels read aloud) in the page's language. */
export function useDepartmentName(): (name: string) => string {
  const lang = useContentLang();
  const names = useDepartmentNamesAr(lang);
  return useCallback((name: string) => pickText(name, arabicOf(names, name) ?? '', lang), [names, lang]);
}

/** A department's name shown in the page's language, isolated and marked with the language it is in. */
export function DepartmentName({ name }: { name: string }) {
  const lang = useContentLang();
  const names = useDepartmentNamesAr(lang);
  return <LocalText en={name} ar={arabicOf(names, name)} lang={lang} />;
}
