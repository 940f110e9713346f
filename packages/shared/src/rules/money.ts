// Money: the database and the pricing rules work in integer minor units (cents); screens, the assistant's answers
// and e-mails show major units. Every shown amount goes through formatMoney (issue 23 item 1, decision 0080): one
// currency, the shop's, written as Intl writes it for the language ('AED 89.50' in English).
import { SHOP_CURRENCY_DEFAULT } from '../constants.js';

/** The languages amounts are written in. Only English today; the parameter is there so Arabic is one more entry. */
export type MoneyLocale = 'en';
export const MONEY_LOCALE_DEFAULT: MoneyLocale = 'en';

/** A finite number from a number or a numeric string, else null (spec §5: prices that are not numbers show 0.00). */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

// Intl formatters are costly to make and cheap to use: one per locale, currency and style, made on first use (a
// module-level one would be built in every bundle that imports money.ts).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: MoneyLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

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
export function formatMoney(value: unknown, currency?: string | null, locale: MoneyLocale = MONEY_LOCALE_DEFAULT): string {
  return formatter(locale, { style: 'currency', currency: currencyOf(currency), minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(shown(value));
}

/** formatMoney of an amount held in cents. */
export const formatCents = (cents: unknown, currency?: string | null, locale?: MoneyLocale): string => formatMoney(centsToAmount(cents), currency, locale);

/** The number alone, as formatMoney writes it without the currency ('1,234.50'): form fields and ranges whose currency is named beside them. */
export function formatAmount(value: unknown, locale: MoneyLocale = MONEY_LOCALE_DEFAULT): string {
  return formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(shown(value));
}

/** A short amount for chart axes, e.g. 'AED 1.2K', 'AED 950', 'AED 3.5M'; non-numbers read 'AED 0'. */
export function formatMoneyCompact(value: unknown, currency?: string | null, locale: MoneyLocale = MONEY_LOCALE_DEFAULT): string {
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
