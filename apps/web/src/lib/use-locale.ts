import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@souq/shared/rules/locale';

/** The page's language for the one formatter (numbers, money, dates): the active catalogue's, in the browser and in the server's render. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
