import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, lineTax, shippingTax, splitBySeller, type PricedLine } from './pricing.js';
import { invoiceFormFor, lineTaxCents, normaliseTrn, SIMPLIFIED_INVOICE_LIMIT_CENTS, STANDARD_RATE_BPS, TAX_CATEGORIES } from './tax.js';

describe('UAE VAT rules (decision 0098)', () => {
  it('extracts 5/105 of an inclusive line and rounds half up to the fil', () => {
    expect(lineTaxCents(10_500, STANDARD_RATE_BPS, 'inclusive')).toBe(500);
    expect(lineTaxCents(2100, STANDARD_RATE_BPS, 'inclusive')).toBe(100);
    // 21 × 5/105 = 1 exactly; 1050 fils → 50; 1 fil → 0.0476 → 0; 11 fils → 0.5238 → 1; 10.5 would be half: 210 × 5/105 = 10
    expect(lineTaxCents(1, STANDARD_RATE_BPS, 'inclusive')).toBe(0);
    expect(lineTaxCents(11, STANDARD_RATE_BPS, 'inclusive')).toBe(1);
    // exclusive: 10 fils × 5 % = 0.5 → 1 (half up)
    expect(lineTaxCents(10, STANDARD_RATE_BPS, 'exclusive')).toBe(1);
    expect(lineTaxCents(-2100, STANDARD_RATE_BPS, 'inclusive')).toBe(-100);
  });

  it('charges nothing on zero-rated and exempt lines, nor for an unregistered seller', () => {
    const line = { unitPriceCents: 10_500, quantity: 1 };
    expect(lineTax({ ...line, taxCategory: 'zero' }).taxCents).toBe(0);
    expect(lineTax({ ...line, taxCategory: 'exempt' }).taxCents).toBe(0);
    expect(lineTax(line, { mode: 'inclusive', registered: false })).toEqual({ rateBps: 0, taxCents: 0, netCents: 10_500 });
    expect(computeTotals([line], undefined, { mode: 'exclusive', registered: false }).totalCents).toBe(10_500);
  });

  it('taxes each seller by its own registration', () => {
    const lines = [{ unitPriceCents: 10_500, quantity: 1, vendorId: 1 }, { unitPriceCents: 10_500, quantity: 1, vendorId: 2 }];
    const { parts, totals } = splitBySeller(lines, undefined, (v) => ({ mode: 'inclusive', registered: v === 1 }));
    expect(parts.map((p) => p.totals.taxCents)).toEqual([500, 0]);
    expect(totals.taxCents).toBe(500);
    expect(totals.totalCents).toBe(21_000 + 0);
  });

  it('rounds per line: many lines add up to the document exactly, each within half a fil of exact', () => {
    const line = fc.record({
      unitPriceCents: fc.integer({ min: 1, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      taxCategory: fc.constantFrom(...TAX_CATEGORIES),
    });
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.constantFrom('inclusive' as const, 'exclusive' as const), (lines: PricedLine[], registered, mode) => {
      const ctx = { mode, registered };
      const totals = computeTotals(lines, { feeCents: 999, freeAboveCents: 5000 }, ctx);
      const taxes = lines.map((l) => lineTax(l, ctx));
      // the document's tax is its lines' and its shipping's (decision 0133: a registered seller's at 5 %, else none)
      const shipping = shippingTax(totals.shippingCents, ctx);
      expect(totals.shippingTaxCents).toBe(shipping.taxCents);
      if (!registered) expect(shipping.taxCents).toBe(0);
      expect(taxes.reduce((s, t) => s + t.taxCents, 0) + shipping.taxCents).toBe(totals.taxCents);
      const net = taxes.reduce((s, t) => s + t.netCents, 0);
      expect(net + totals.taxCents + shipping.netCents).toBe(totals.totalCents);
      lines.forEach((l, i) => {
        const total = l.unitPriceCents * l.quantity;
        const r = taxes[i]!.rateBps / 10_000;
        const exact = mode === 'inclusive' ? (total * r) / (1 + r) : total * r;
        expect(Math.abs(taxes[i]!.taxCents - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      });
    }), { numRuns: 500 });
  });

  it('checks TRNs: 15 digits starting with 100', () => {
    expect(normaliseTrn('100123456700003')).toBe('100123456700003');
    expect(normaliseTrn('100-1234-5670-0003')).toBe('100123456700003');
    expect(normaliseTrn('200123456700003')).toBeNull();
    expect(normaliseTrn('10012345670000')).toBeNull();
    expect(normaliseTrn('1001234567000031')).toBeNull();
    expect(normaliseTrn('10012345670000a')).toBeNull();
  });

  it('chooses full or simplified invoices on both sides of AED 10,000', () => {
    expect(invoiceFormFor(null, 5_000_000)).toBe('simplified');
    expect(invoiceFormFor('100123456700003', SIMPLIFIED_INVOICE_LIMIT_CENTS)).toBe('simplified');
    expect(invoiceFormFor('100123456700003', SIMPLIFIED_INVOICE_LIMIT_CENTS + 1)).toBe('full');
  });
});
