// Which commission rate applies (decision 0087: most specific wins), for screens that show it before an order exists.
import type { CommissionRates } from '../api/ledger.js';

export type RateSource = 'vendor' | 'category' | 'default' | 'marketplace';

/**
 * The rate a line of `category` sold by `vendorId` would freeze now: the vendor's rate, else the category's, else the
 * default in force. The marketplace's own products (no vendor) carry 0, as orders freeze them.
 */
export function effectiveRate(rates: CommissionRates, vendorId: number | null, category: string | null): { bps: number; source: RateSource } {
  if (vendorId === null) return { bps: 0, source: 'marketplace' };
  const vendor = rates.rates.find((r) => r.scope === 'vendor' && r.vendor_id === vendorId);
  if (vendor) return { bps: vendor.rate_bps, source: 'vendor' };
  const cat = category ? rates.rates.find((r) => r.scope === 'category' && r.category === category) : undefined;
  if (cat) return { bps: cat.rate_bps, source: 'category' };
  return { bps: rates.default_bps, source: 'default' };
}

/** Basis points as a percentage for people: 1000 → '10%', 650 → '6.5%', 1234 → '12.34%'. */
export const bpsToPercent = (bps: number): string => `${Number((bps / 100).toFixed(2))}%`;

/** A percentage typed by a person ('12.5', '12,5 %') to basis points; null when it is not 0–100 with ≤ 2 decimals. */
export function percentToBps(text: string): number | null {
  const clean = text.replace('%', '').replace(',', '.').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const bps = Math.round(Number(clean) * 100);
  return bps >= 0 && bps <= 10_000 ? bps : null;
}
