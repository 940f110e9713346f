import { DIGITS_COOKIE, LANG_COOKIE, LANG_PARAM, LOCALE_NAMES, readerLocale, type Digits, type Locale } from '@souq/shared/rules/locale';
import { useLingui } from '@lingui/react/macro';
import type { LanguageChoice } from '@souq/shared/api/auth';
import { api } from '@/lib/api-client';
import { tokens } from '@/lib/storage';
import { buttonClass } from './ui/Button';
import { cx } from './ui/cx';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The signed-in door of the area this page belongs to (its token), or null when nobody is signed in there. */
function signedInDoor(): 'customer' | 'vendor' | 'admin' | null {
  const path = window.location.pathname;
  const door = path.startsWith('/vendor') ? 'vendor' : path.startsWith('/admin') ? 'admin' : 'customer';
  return tokens[door]() ? door : null;
}

/**
 * Remembers a choice: the cookies every page sends (the server answers pages and API errors in it from the first
 * byte) and, for a signed-in person, their account (PUT /api/auth/language: their e-mails, push texts and other
 * devices follow it). A failed save keeps the cookie; the account keeps its old choice until the next one.
 */
async function remember(choice: LanguageChoice, onChoose?: (locale: Locale) => Promise<unknown> | void): Promise<void> {
  document.cookie = `${LANG_COOKIE}=${choice.locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  if (choice.digits) document.cookie = `${DIGITS_COOKIE}=${choice.digits}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  const door = signedInDoor();
  await Promise.allSettled([
    door ? api('/api/auth/language', { method: 'PUT', auth: door, body: choice }) : null,
    onChoose?.(choice.locale),
  ]);
}

/** The same page again with `?lang=`, so the server sends it in that language and direction from the first byte. */
function reopenIn(locale: Locale) {
  const url = new URL(window.location.href);
  url.searchParams.set(LANG_PARAM, locale);
  window.location.assign(url.toString());
}

/**
 * The header's language switch: names the other language in itself ('العربية' / 'English'). Choosing it remembers the
 * choice (a cookie; the account too when signed in, for e-mails and push) and opens the same page with `?lang=`, so
 * the server sends it in that language and direction from the first byte, and the link can be shared as it is.
 * On an Arabic page the digits switch stands beside it (issue 34 item 13: the choice had no place on screen).
 */
export function LanguageSwitch({ className, onChoose }: { className?: string; onChoose?: (locale: Locale) => Promise<unknown> | void }) {
  // the active language, not the document's: the server's first-view render has no document and must draw the same switch
  const { i18n } = useLingui();
  const other: Locale = i18n.locale === 'ar' ? 'en' : 'ar';
  async function choose() {
    await remember({ locale: other }, onChoose);
    reopenIn(other);
  }
  return (
    <>
      <button type="button" lang={other} onClick={() => void choose()} className={cx(buttonClass('ghost', 'sm'), className)}>
        {LOCALE_NAMES[other]}
      </button>
      <DigitsSwitch className="shrink-0 px-2" />
    </>
  );
}

/** How each choice of digits writes itself: Arabic-Indic '١٢٣' or Latin '123'. */
const DIGITS_SAMPLE: Record<Digits, string> = { arab: '١٢٣', latn: '123' };

/**
 * On an Arabic page: the other way of writing numbers (Latin digits, CLDR's default for the UAE, or Arabic-Indic),
 * shown as its own sample. Remembered like the language (cookie, and the account when signed in); nothing on an
 * English page, whose digits are always Latin.
 */
export function DigitsSwitch({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  // the active language, as the switch above reads it, and the digits the page is written in (the formatter's reader:
  // the server's first-view render has no document, and must draw the same switch as the browser)
  if (i18n.locale !== 'ar') return null;
  const reader = readerLocale();
  const other: Digits = typeof reader !== 'string' && reader.digits === 'arab' ? 'latn' : 'arab';
  const label = other === 'arab' ? t`Write numbers in Arabic-Indic digits` : t`Write numbers in Latin digits`;
  async function choose() {
    await remember({ locale: 'ar', digits: other });
    window.location.reload();
  }
  return (
    // the name starts with the sample the button shows (WCAG 2.5.3, label in name: a voice user says what they see),
    // then says what it does
    <button type="button" title={label} lang="ar" onClick={() => void choose()} className={cx(buttonClass('ghost', 'sm'), 'tabular-nums', className)}>
      {DIGITS_SAMPLE[other]}
      <span className="sr-only"> {label}</span>
    </button>
  );
}
