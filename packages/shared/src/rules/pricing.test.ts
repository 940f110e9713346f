import { describe, expect, it } from 'vitest';
import { cartTotals, computeTotals, shippingCents, splitBySeller, taxCents } from './pricing.js';

describe('pricing (customer spec §9)', () => {
  it('charges nothing for an empty cart', () => {
    expect(computeTotals([])).toEqual({ subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0, shippingTaxCents: 0 });
  });

  it('prices include VAT by default: the total is the shown prices plus shipping, the tax extracted (decision 0098)', () => {
    // 2 × 12.50 = 25.00 incl. VAT 25.00 × 5/105 = 1.190… → 1.19; shipping 9.99 incl. VAT 9.99 × 5/105 = 0.475… → 0.48
    // (decision 0133: the shipping's price does not change, its VAT is extracted) → 34.99, of which VAT 1.67
    expect(computeTotals([{ unitPriceCents: 1250, quantity: 2 }])).toEqual({
      subtotalCents: 2500, shippingCents: 999, taxCents: 119 + 48, totalCents: 3499, shippingTaxCents: 48,
    });
    // an unregistered seller's shipping carries no VAT
    expect(computeTotals([{ unitPriceCents: 1250, quantity: 2 }], undefined, { mode: 'inclusive', registered: false })).toEqual({
      subtotalCents: 2500, shippingCents: 999, taxCents: 0, totalCents: 3499, shippingTaxCents: 0,
    });
  });

  it('adds 5% tax on top in exclusive mode (shops outside the UAE)', () => {
    expect(computeTotals([{ unitPriceCents: 1250, quantity: 2 }], undefined, { mode: 'exclusive', registered: true })).toEqual({
      // 9.99 × 5 % = 0.4995 → 0.50 on the shipping too
      subtotalCents: 2500, shippingCents: 999, taxCents: 125 + 50, totalCents: 2500 + 999 + 175, shippingTaxCents: 50,
    });
  });

  it('ships free only when the subtotal is above 50', () => {
    expect(shippingCents(5000, 1)).toBe(999);
    expect(shippingCents(5001, 1)).toBe(0);
    // 59.98 × 5/105 = 2.856… → 2.86, included
    expect(computeTotals([{ unitPriceCents: 2999, quantity: 2 }])).toEqual({
      subtotalCents: 5998, shippingCents: 0, taxCents: 286, totalCents: 5998, shippingTaxCents: 0,
    });
  });

  it('rounds tax to the nearest cent', () => {
    expect(taxCents(1999)).toBe(100); // 99.95 → 100
    expect(taxCents(1989)).toBe(99); // 99.45 → 99
    expect(taxCents(10)).toBe(1); // 0.5 → 1
  });

  it('prices a client cart in major units the same way', () => {
    const t = cartTotals([{ price: 19.99, quantity: 3 }, { price: 'oops', quantity: 1 }]);
    // 59.97 × 5/105 = 2.8557 → 2.86 included in the 59.97
    expect(t).toMatchObject({ subtotal: 59.97, shipping: 0, tax: 2.86, total: 59.97, subtotalCents: 5997, tax_included: true });
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
    // tax included: 10.00 → 0.48, 20.00 → 0.95, 60.00 → 2.86; shipping 9.99 → 0.48, 5.00 → 0.24
    expect(totals).toEqual({ subtotalCents: 9000, shippingCents: 1499, taxCents: 48 + 95 + 286 + 48 + 24, totalCents: 9000 + 1499, shippingTaxCents: 48 + 24 });
  });
});
