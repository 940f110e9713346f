import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotalCents, splitBySeller, type TaxContext } from '@souq/shared/rules/pricing';
import { cancellationEntries, commissionCents, commissionVatCents, promotionPaidEntries, promotionReturnedEntries, saleEntries, type Entry } from '../ledger/ledger.postings.js';
import { promotionMoney } from '../orders/purchase-promotions.js';
import { applyPromotions, type CartLine, type LoadedCoupon, type LoadedPromotion } from './promotions.apply.js';

// For random carts, deals and a coupon with random funders (decision 0152): the lines add up to the fil, each line's
// funders add up to its discount, the seller's share comes off its line and the marketplace's is paid toward the part,
// and every sub-order's sale with its promotion posting balances — and its cancellation brings each account back to zero.

const now = new Date('2026-06-01T10:00:00Z');
const base = { status: 'active' as const, startsAt: new Date('2026-01-01'), endsAt: new Date('2027-01-01'), minSpendCents: 0, perShopperLimit: null, totalLimit: null, oneTime: false };
const value = fc.oneof(
  fc.record({ percentBps: fc.integer({ min: 1, max: 10_000 }), amountCents: fc.constant(null) }),
  fc.record({ percentBps: fc.constant(null), amountCents: fc.integer({ min: 1, max: 200_000 }) }),
);
const sellers = [null, 11, 12, 13] as const;
const cartArb = fc.array(fc.record({
  vendorId: fc.constantFrom(...sellers), quantity: fc.integer({ min: 1, max: 6 }), unitPriceCents: fc.integer({ min: 1, max: 500_000 }),
  taxCategory: fc.constantFrom('standard' as const, 'zero' as const, 'exempt' as const),
}), { minLength: 1, maxLength: 12 });
const promoArb = fc.record({ value, sellerPercent: fc.integer({ min: 0, max: 100 }), covers: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }) });
type PromoSpec = { value: { percentBps: number | null; amountCents: number | null }; sellerPercent: number; covers: boolean[] };
const ctxArb = fc.record({ mode: fc.constantFrom('inclusive' as const, 'exclusive' as const), registered: fc.boolean() });

const sum = (rows: readonly Entry[], account?: string) => rows.filter((r) => !account || r.account === account).reduce((s, r) => s + r.amountCents, 0);

describe('promotions through the purchase money (decision 0152)', () => {
  it('lines add up to the fil, funders add up, the ledger balances and a cancellation undoes it', () => {
    fc.assert(fc.property(cartArb, fc.array(promoArb, { maxLength: 3 }), fc.option(promoArb, { nil: null }), fc.boolean(), ctxArb, fc.integer({ min: 0, max: 3000 }),
      (cart, dealSpecs, couponSpec, stack, tax, commissionBps) => {
        const lines = cart.map((l, n) => ({ ...l, n, productId: 100 + n, commissionBps }));
        const cartLines: CartLine[] = lines.map((l) => ({ n: l.n, productId: l.productId, vendorId: l.vendorId, quantity: l.quantity, grossCents: l.unitPriceCents * l.quantity }));
        const loaded = (spec: PromoSpec, id: number, kind: 'deal' | 'coupon'): LoadedPromotion => ({
          ...base, ...spec.value, id, kind, sellerPercent: spec.sellerPercent, ownerVendorId: null,
          productIds: new Set(lines.filter((_, i) => spec.covers[i]).map((l) => l.productId)),
        });
        const deals = dealSpecs.map((d, i) => loaded(d, i + 1, 'deal'));
        const coupon: LoadedCoupon | null = couponSpec
          ? { found: true, code: 'X', promotion: loaded(couponSpec, 99, 'coupon'), codeId: null, codeOwnerId: null, usedTotal: 0, usedByShopper: 0, codeUsed: false }
          : null;
        const applied = applyPromotions(cartLines, deals, coupon, { now, userId: 1, dealsStackWithCoupons: stack });
        const taxOf = (): TaxContext => tax;
        const gross = splitBySeller(lines, undefined, taxOf);
        const { sellerShares, paidByPromotions } = promotionMoney(gross.parts, applied);

        // per line: funders add up, never more than the line, the seller's share off the line exactly
        let discounts = 0;
        for (const l of cartLines) {
          const parts = applied.lines.get(l.n) ?? [];
          for (const d of parts) expect(d.sellerCents + d.marketplaceCents).toBe(d.discountCents);
          const lineDiscount = parts.reduce((s, d) => s + d.discountCents, 0);
          expect(lineDiscount).toBeLessThanOrEqual(l.grossCents);
          expect(sellerShares.get(l.n) ?? 0).toBe(parts.reduce((s, d) => s + d.sellerCents, 0));
          discounts += lineDiscount;
        }
        const couponParts = [...applied.lines.values()].flat().filter((d) => d.kind === 'coupon').reduce((s, d) => s + d.discountCents, 0);
        expect(couponParts).toBe(applied.coupon?.discountCents ?? 0);
        const sellerTotal = [...sellerShares.values()].reduce((a, b) => a + b, 0);
        const marketTotal = [...paidByPromotions.values()].reduce((a, b) => a + b, 0);
        expect(sellerTotal + marketTotal).toBe(discounts);

        const reduced = splitBySeller(lines.map((l) => ({ ...l, discountCents: sellerShares.get(l.n) ?? 0 })), undefined, taxOf);
        // the reduced lines add up to the gross less the sellers' shares, to the fil
        expect(reduced.parts.flatMap((p) => p.lines).reduce((s, l) => s + lineTotalCents(l), 0)).toBe(gross.totals.subtotalCents - sellerTotal);
        expect(reduced.totals.subtotalCents).toBe(gross.totals.subtotalCents - sellerTotal);
        for (const part of reduced.parts) {
          const paid = paidByPromotions.get(part.vendorId) ?? 0;
          for (const l of part.lines) expect(lineTotalCents(l)).toBeGreaterThanOrEqual(0);
          // the marketplace never pays more than the part's total: the shopper's due is never negative
          expect(paid).toBeLessThanOrEqual(part.totals.totalCents);
          const money = { vendorId: part.vendorId, ...part.totals, lines: part.lines.map((l) => ({ lineTotalCents: lineTotalCents(l), commissionBps: l.commissionBps })) };
          const sale = [...saleEntries(money), ...promotionPaidEntries(paid)];
          expect(sum(sale) + 0).toBe(0);
          expect(sum(sale, 'shopper_receivable')).toBe(part.totals.totalCents - paid);
          expect(sum(sale, 'marketplace_promotions')).toBe(paid);
          if (part.vendorId !== null) {
            // commission on the seller's price after its own share; the seller is owed that price, whatever the marketplace paid
            const commission = commissionCents(money.lines);
            expect(sum(sale, 'commission_revenue') + commission).toBe(0);
            expect(sum(sale, 'vendor_payable') + part.totals.totalCents - commission - commissionVatCents(commission)).toBe(0);
          }
          const undone = [...sale, ...cancellationEntries(money), ...promotionReturnedEntries(paid)];
          for (const account of new Set(undone.map((r) => r.account))) expect(sum(undone, account) + 0, account).toBe(0);
        }
      }), { numRuns: 400 });
  });
});
