import { describe, expect, it } from 'vitest';
import { cartTotals, computeTotals, shippingCents, splitBySeller, taxCents } from './pricing.js';

describe('pricing (customer spec §9)', () => {
  it('charges nothing for an empty cart', () => {
    expect(computeTotals([])).toEqual({ subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('adds 9.99 shipping and 5% tax to a small order', () => {
    // 2 × 12.50 = 25.00; tax 1.25; shipping 9.99 → 36.24
    expect(computeTotals([{ unitPriceCents: 1250, quantity: 2 }])).toEqual({
      subtotalCents: 2500, shippingCents: 999, taxCents: 125, totalCents: 3624,
    });
  });

  it('ships free only when the subtotal is above 50', () => {
    expect(shippingCents(5000, 1)).toBe(999);
    expect(shippingCents(5001, 1)).toBe(0);
    expect(computeTotals([{ unitPriceCents: 2999, quantity: 2 }])).toEqual({
      subtotalCents: 5998, shippingCents: 0, taxCents: 300, totalCents: 6298,
    });
  });

  it('rounds tax to the nearest cent', () => {
    expect(taxCents(1999)).toBe(100); // 99.95 → 100
    expect(taxCents(1989)).toBe(99); // 99.45 → 99
    expect(taxCents(10)).toBe(1); // 0.5 → 1
  });

  it('prices a client cart in major units the same way', () => {
    const t = cartTotals([{ price: 19.99, quantity: 3 }, { price: 'oops', quantity: 1 }]);
    expect(t).toMatchObject({ subtotal: 59.97, shipping: 0, tax: 3, total: 62.97, subtotalCents: 5997 });
    expect(cartTotals([{ price: 1.005, quantity: 1 }]).subtotalCents).toBe(101);
  });

  it('splits a cart by seller, the marketplace first, each part shipped by its own rule (decision 0086)', () => {
    const lines = [
      { unitPriceCents: 3000, quantity: 2, vendorId: 7 }, // 60.00 → free under the default rule
      { unitPriceCents: 1000, quantity: 1, vendorId: null }, // 10.00 → 9.99
      { unitPriceCents: 2000, quantity: 1, vendorId: 3 }, // 20.00 → vendor 3's own 5.00, free above 100.00
    ];
    const { parts, totals } = splitBySeller(lines, (v) => (v === 3 ? { feeCents: 500, freeAboveCents: 10000 } : { feeCents: 999, freeAboveCents: 5000 }));
    expect(parts.map((p) => [p.vendorId, p.lines.length, p.totals.shippingCents])).toEqual([[null, 1, 999], [3, 1, 500], [7, 1, 0]]);
    expect(totals).toEqual({ subtotalCents: 9000, shippingCents: 1499, taxCents: 50 + 100 + 300, totalCents: 9000 + 1499 + 450 });
  });
});
