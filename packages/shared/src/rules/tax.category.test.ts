import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCategoryTax, categoryTaxCents, STANDARD_RATE_BPS } from './tax.js';

// BR-CO-17 (EN 16931, kept by PINT AE): a document's tax per VAT category is its taxable base × rate rounded once, and
// the lines' VAT adds up to it. The reference below rounds with BigInt, independent of the code under test.
const reference = (base: number, bps: number): number => {
  const num = BigInt(Math.abs(base)) * BigInt(bps);
  const q = num / 10_000n;
  const r = num % 10_000n;
  return (base < 0 ? -1 : 1) * Number(2n * r >= 10_000n ? q + 1n : q) + 0;
};

const line = fc.record({ cents: fc.integer({ min: -2_000_000, max: 50_000_000 }), bps: fc.constantFrom(STANDARD_RATE_BPS, 0) });

describe('document tax per VAT category (BR-CO-17)', () => {
  it('category tax = round(base × rate) and the lines add up to it, each within a fil of its exact share', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), (lines) => {
      for (const bps of [STANDARD_RATE_BPS, 0]) {
        const bases = lines.filter((l) => l.bps === bps).map((l) => l.cents);
        const base = bases.reduce((n, b) => n + b, 0);
        const tax = categoryTaxCents(base, bps);
        expect(tax).toBe(reference(base, bps));
        const shares = allocateCategoryTax(bases, bps);
        expect(shares).toHaveLength(bases.length);
        expect(shares.reduce((n, s) => n + s, 0)).toBe(tax);
        bases.forEach((b, i) => expect(Math.abs(shares[i]! * 10_000 - b * bps)).toBeLessThan(10_000));
        // deterministic: the same document allocates the same way
        expect(allocateCategoryTax(bases, bps)).toEqual(shares);
      }
    }), { numRuns: 500 });
  });

  it('the audit case: 14 lines whose separately rounded VAT drifts from 5 % of their sum', () => {
    // fourteen commissions each ending in 10 fils: each line's 5 % is x.5 fils, rounded up line by line (+7 fils)
    const bases = Array.from({ length: 14 }, (_, i) => 38_210 + i * 100);
    const perLine = bases.reduce((n, b) => n + categoryTaxCents(b, STANDARD_RATE_BPS), 0);
    const base = bases.reduce((n, b) => n + b, 0);
    expect(categoryTaxCents(base, STANDARD_RATE_BPS)).toBe(Math.round(base * 0.05));
    expect(perLine - categoryTaxCents(base, STANDARD_RATE_BPS)).toBe(7);
    expect(allocateCategoryTax(bases, STANDARD_RATE_BPS).reduce((n, s) => n + s, 0)).toBe(Math.round(base * 0.05));
  });

  it('a zero rate taxes nothing; an empty category is zero', () => {
    expect(allocateCategoryTax([100, 250], 0)).toEqual([0, 0]);
    expect(allocateCategoryTax([], STANDARD_RATE_BPS)).toEqual([]);
  });
});
