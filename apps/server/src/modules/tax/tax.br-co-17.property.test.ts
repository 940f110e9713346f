import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STANDARD_RATE_BPS, categoryTaxCents, grossCategorySplit, lineTaxCents } from '@souq/shared/rules/tax';
import { documentRoundingEntries } from '../ledger/ledger.postings.js';
import { documentTax } from './tax.documents.js';

// Decision 0142 as properties, over random sale documents: lines of any category with their VAT frozen at the sale
// (per line, either price mode), taxed shipping or none. The document's VAT per rate is its taxable amount × rate
// rounded once (BR-CO-17, exactly), the lines add up to it, what was paid does not change, and the ledger's VAT —
// the frozen VAT the sale posted plus the document's rounding posting — is the document's, for any VAT holder.
const line = fc.record({
  unit: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 9 }),
  category: fc.constantFrom('standard', 'standard', 'standard', 'zero', 'exempt'),
});
const doc = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 60 }),
  inclusive: fc.boolean(),
  shipping: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
  vendor: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  holder: fc.constantFrom('seller' as const, 'marketplace' as const),
  on: fc.constantFrom('invoice' as const, 'credit_note' as const),
});

describe('BR-CO-17 on sale documents (decision 0142), as properties', () => {
  it('a gross always splits into net + VAT (+ a rounding of at most one fil) with VAT = round(net × 5 %)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (gross) => {
      const s = grossCategorySplit(gross, STANDARD_RATE_BPS);
      expect(s.netCents + s.taxCents + s.roundingCents).toBe(gross);
      expect(s.taxCents).toBe(categoryTaxCents(s.netCents, STANDARD_RATE_BPS));
      expect(Math.abs(s.roundingCents)).toBeLessThanOrEqual(1);
      // a rounding amount only where no exact split exists (5 %: a gross ≡ 10 fils mod 21)
      expect(s.roundingCents !== 0).toBe(gross % 21 === 10);
    }), { numRuns: 2_000 });
  });

  it('per rate, the document\'s VAT is its taxable × rate rounded once, its lines add up, the paid total holds, the ledger follows', () => {
    fc.assert(fc.property(doc, (d) => {
      const mode = d.inclusive ? 'inclusive' : 'exclusive';
      const frozen = d.lines.map((l, i) => {
        const rateBps = l.category === 'standard' ? STANDARD_RATE_BPS : 0;
        const gross = l.unit * l.quantity;
        const tax = lineTaxCents(gross, rateBps, mode);
        const net = d.inclusive ? gross - tax : gross;
        return { orderItemId: i + 1, description: `line ${i + 1}`, quantity: l.quantity, unitPriceCents: l.unit, category: l.category, rateBps, netCents: net, taxCents: tax, totalCents: net + tax };
      });
      const shipTax = d.shipping === null ? 0 : lineTaxCents(d.shipping, STANDARD_RATE_BPS, mode);
      const shipping = { netCents: d.shipping === null ? 0 : d.inclusive ? d.shipping - shipTax : d.shipping, taxCents: shipTax, rateBps: d.shipping === null ? 0 : STANDARD_RATE_BPS };
      const paid = frozen.reduce((n, l) => n + l.totalCents, 0) + shipping.netCents + shipping.taxCents;
      const t = documentTax(frozen, shipping);

      // per rate: BR-CO-17 exactly
      const byRate = new Map<number, { net: number; tax: number }>();
      const add = (rate: number, net: number, tax: number) => byRate.set(rate, { net: (byRate.get(rate)?.net ?? 0) + net, tax: (byRate.get(rate)?.tax ?? 0) + tax });
      t.lines.forEach((l) => add(l.rateBps, l.netCents, l.taxCents));
      if (shipping.rateBps) add(shipping.rateBps, t.shipping.netCents, t.shipping.taxCents);
      for (const [rate, c] of byRate) expect(c.tax).toBe(categoryTaxCents(c.net, rate));
      // the lines add up to the document; each line's VAT within two fils of its exact share of its gross (in fact 1.5)
      expect(t.lines.reduce((n, l) => n + l.taxCents, 0) + t.shipping.taxCents).toBe(t.totals.taxCents);
      expect(t.lines.reduce((n, l) => n + l.netCents, 0) + t.shipping.netCents).toBe(t.totals.netCents);
      t.lines.forEach((l, i) => {
        expect(l.netCents + l.taxCents).toBe(l.totalCents);
        const gross = frozen[i]!.totalCents;
        expect(Math.abs(l.taxCents * (10_000 + l.rateBps) - gross * l.rateBps)).toBeLessThan(2 * (10_000 + l.rateBps));
        expect(l.netCents).toBeGreaterThanOrEqual(0);
      });
      // what was paid never moves: net + VAT + the rounding fil
      expect(t.totals.totalCents).toBe(paid);
      expect(t.totals.netCents + t.totals.taxCents + t.roundingCents).toBe(paid);
      expect(Math.abs(t.roundingCents)).toBeLessThanOrEqual(1);

      // the ledger: the frozen VAT (posted with the sale or refund) plus the document's rounding posting = the document's
      const rows = documentRoundingEntries(d.vendor, d.holder, t.totals.taxCents - t.frozen.taxCents, d.on);
      expect(rows.reduce((n, r) => n + r.amountCents, 0)).toBe(0);
      const vatRows = rows.filter((r) => r.kind === 'sales_tax' || r.account === 'sales_tax_payable');
      const moved = vatRows.reduce((n, r) => n + r.amountCents, 0);
      // an invoice credits the VAT (negative), a credit note debits it back
      expect(t.frozen.taxCents + (d.on === 'invoice' ? -moved : moved)).toBe(t.totals.taxCents);
      // the VAT stays where the sub-order's VAT is held; the other side is the supplier's goods
      for (const r of vatRows) expect(r.account).toBe(d.vendor !== null && d.holder === 'seller' ? 'vendor_payable' : 'sales_tax_payable');
    }), { numRuns: 400 });
  });
});
