import { LANG_COOKIE, LANG_PARAM, LOCALE_NAMES, type Locale } from '@souq/shared/rules/locale';
import { useLingui } from '@lingui/react';
import { buttonClass } from './ui/Button';
import { cx } from './ui/cx';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The header's language switch: names the other language in itself ('العربية' / 'English'). Choosing it remembers the
 * choice (a cookie; the account too when signed in, for e-mails and push) and opens the same page with `?lang=`, so
 * the server sends it in that language and direction from the first byte, and the link can be shared as it is.
 */
export function LanguageSwitch({ className, onChoose }: { className?: string; onChoose?: (locale: Locale) => Promise<unknown> | void }) {
  // the active language, not the document's: the server's first-view render has no document and must draw the same switch
  const { i18n } = useLingui();
  const other: Locale = i18n.locale === 'ar' ? 'en' : 'ar';
  async function choose() {
    document.cookie = `${LANG_COOKIE}=${other}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    try {
      await onChoose?.(other);
    } catch {
      // the cookie and the URL still carry the choice; the account keeps its old one until the next switch
    }
    const url = new URL(window.location.href);
    url.searchParams.set(LANG_PARAM, other);
    window.location.assign(url.toString());
  }
  return (
    <button type="button" lang={other} onClick={() => void choose()} className={cx(buttonClass('ghost', 'sm'), className)}>
      {LOCALE_NAMES[other]}
    </button>
  );
}
