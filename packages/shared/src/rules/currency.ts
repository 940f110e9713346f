import { CURRENCIES, CURRENCY_RATES_TO_AED } from '../constants.js';

export type Currency = (typeof CURRENCIES)[number];
export const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);

/**
 * Cents in one currency → cents in another at the configured rates (ARCHITECTURE: "prices entered in another
 * currency of the product form are converted at configured rates"), rounded to the nearest cent. A currency
 * without a configured rate is refused rather than guessed.
 */
export function convertCents(cents: number, from: string, to: string): number {
  if (from === to) return cents;
  if (!isCurrency(from) || !isCurrency(to)) throw new Error(`No exchange rate for ${from} → ${to}`);
  return Math.round((cents * CURRENCY_RATES_TO_AED[from]) / CURRENCY_RATES_TO_AED[to]);
}
