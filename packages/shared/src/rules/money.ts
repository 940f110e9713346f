// Money helpers shared by the cart, checkout, admin and the server's DTOs.
// The database and the pricing rules work in integer minor units (cents); screens show major units.

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A finite number from a number or a numeric string, else null (spec §5: prices that are not numbers show 0.00). */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** '1,234.50' — two decimals; anything that is not a number reads '0.00'. */
export function formatAmount(value: unknown): string {
  const n = toFiniteNumber(value) ?? 0;
  // -0.001 would otherwise read "-0.00"
  return twoDecimals.format(Object.is(Math.round(n * 100), -0) ? 0 : n);
}

/** '$1,234.50' — the customer cart, checkout and admin views show a dollar sign (spec §1, §9). */
export function formatMoney(value: unknown): string {
  const n = toFiniteNumber(value) ?? 0;
  const text = formatAmount(Math.abs(n));
  return n < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}

/** Formats an amount held in cents. */
export const formatCents = (cents: unknown): string => formatMoney(centsToAmount(cents));

/** An amount in a named currency, e.g. 'AED 1,234.50' (catalogue and vendor tools). */
export function formatCurrency(value: unknown, currency: string): string {
  return `${currency} ${formatAmount(value)}`;
}

// made on first use: a module-level formatter would be kept in every bundle that imports money.ts
let compactNumber: Intl.NumberFormat | undefined;

/** A short amount for chart axes, e.g. 'AED 1.2K', 'AED 950', 'AED 3.4M'; non-numbers read 'AED 0'. */
export function formatCurrencyCompact(value: unknown, currency: string): string {
  compactNumber ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return `${currency} ${compactNumber.format(toFiniteNumber(value) ?? 0)}`;
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
