// Money: the database and the pricing rules work in integer minor units (cents); screens, the assistant's answers
// and e-mails show major units. Every shown amount goes through formatMoney (issue 23 item 1, decision 0080): one
// currency, the shop's, written as Intl writes it for the language ('AED 89.50' in English).
import { SHOP_CURRENCY_DEFAULT, USE_DIRHAM_SIGN } from '../constants.js';
import { DEFAULT_LOCALE, numberFormat, readerLocale, type LocaleChoice } from './locale.js';

/** The UAE dirham sign (Unicode 18, U+20C3), written before the number in both languages once fonts carry it. */
export const DIRHAM_SIGN = '\u20C3';

/** A finite number from a number or a numeric string, else null (spec §5: prices that are not numbers show 0.00). */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const formatter = numberFormat;

/** A currency code Intl accepts; anything else (missing, '', a typo) is the shop's, so a screen never throws. */
const currencyOf = (currency: string | null | undefined): string =>
  currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : SHOP_CURRENCY_DEFAULT;

/** A number to show: non-numbers are 0 (spec §5), and an amount that rounds to zero is 0, never '-0.00'. */
function shown(value: unknown): number {
  const n = toFiniteNumber(value) ?? 0;
  return Math.round(n * 100) === 0 ? 0 : n;
}

/**
 * THE money formatter: an amount in major units in a currency (missing or invalid: the shop's), two decimals, thousands
 * separated, written as Intl writes it for `locale` — 'AED 1,234.50', '-AED 5.00'. Anything that is not a number
 * reads 0.00. Every amount a person reads (web app, assistant, e-mails) is written by this function.
 */
export function formatMoney(value: unknown, currency?: string | null, locale: LocaleChoice = readerLocale(), dirhamSign = USE_DIRHAM_SIGN): string {
  const code = currencyOf(currency);
  const options = { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  if (!(dirhamSign && code === 'AED')) return formatter(locale, options).format(shown(value));
  // the sign goes before the number in both languages (a minus before the sign); the digits are the reader's
  const n = shown(value);
  const digits = formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(n));
  return `${n < 0 ? '-' : ''}${DIRHAM_SIGN}\u00a0${digits}`;
}

/** formatMoney of an amount held in cents. */
export const formatCents = (cents: unknown, currency?: string | null, locale?: LocaleChoice): string => formatMoney(centsToAmount(cents), currency, locale);

/**
 * The number alone, as formatMoney writes it without the currency ('1,234.50'): form fields and ranges whose currency
 * is named beside them. English unless a caller names the language: a field's value is read back as a number.
 */
export function formatAmount(value: unknown, locale: LocaleChoice = DEFAULT_LOCALE): string {
  return formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(shown(value));
}

/** A short amount for chart axes, e.g. 'AED 1.2K', 'AED 950', 'AED 3.5M'; non-numbers read 'AED 0'. */
export function formatMoneyCompact(value: unknown, currency?: string | null, locale: LocaleChoice = readerLocale()): string {
  return formatter(locale, { style: 'currency', currency: currencyOf(currency), notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(toFiniteNumber(value) ?? 0);
}

/** Major units → integer cents, rounded half away from zero; non-numbers become 0. */
export function amountToCents(value: unknown): number {
  const n = toFiniteNumber(value) ?? 0;
  // toFixed avoids 1.005 * 100 = 100.49999…
  return Math.round(Number((Math.abs(n) * 100).toFixed(6))) * Math.sign(n) || 0;
}

/** Integer cents → major units (2 decimals); non-numbers become 0. */
export function centsToAmount(cents: unknown): number {
  const n = toFiniteNumber(cents) ?? 0;
  return Math.round(n) / 100;
}
