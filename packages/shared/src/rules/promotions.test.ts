import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDiscount, couponRefusal, dealForShopper, discountOn, largestRemainder, returnedShare, sellerPercentOf, type PromotionRule } from './promotions.js';

const line = fc.record({ lineTotalCents: fc.integer({ min: 0, max: 5_000_000 }), eligible: fc.boolean() });

describe('promotion allocation (decision 0148)', () => {
  it('largest remainder: shares add up to the total exactly and stay within one fil of the exact part', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 30 }), (total, weights) => {
      const shares = largestRemainder(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      shares.forEach((s, i) => {
        expect(Number.isInteger(s)).toBe(true);
        expect(Math.abs(s - (total * weights[i]!) / sum)).toBeLessThan(1);
      });
    }));
  });

  it('the lines add up to the discount, the funders add up on every line, no line goes below zero', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(line, { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 100 }), (discount, lines, pct) => {
      const out = allocateDiscount(discount, lines, pct);
      const eligible = lines.reduce((a, l) => a + (l.eligible ? l.lineTotalCents : 0), 0);
      const total = out.reduce((a, l) => a + l.discountCents, 0);
      // capped at what the promotion covers
      expect(total).toBe(Math.min(discount, eligible));
      out.forEach((a, i) => {
        expect(a.sellerCents + a.marketplaceCents).toBe(a.discountCents);
        expect(a.sellerCents).toBeGreaterThanOrEqual(0);
        expect(a.marketplaceCents).toBeGreaterThanOrEqual(0);
        // never a negative line, never a discount on a line the promotion does not cover
        expect(lines[i]!.lineTotalCents - a.discountCents).toBeGreaterThanOrEqual(0);
        if (!lines[i]!.eligible) expect(a.discountCents).toBe(0);
      });
      // the seller's share of the whole is its percent, rounded half up
      expect(out.reduce((a, l) => a + l.sellerCents, 0)).toBe(Math.round((total * pct) / 100));
    }));
  });

  it('a 50/50 split of 10.01 over three lines: 3.34 + 3.34 + 3.33, the seller 5.01', () => {
    const out = allocateDiscount(1001, [{ lineTotalCents: 1000, eligible: true }, { lineTotalCents: 1000, eligible: true }, { lineTotalCents: 1000, eligible: true }], sellerPercentOf('split', 50));
    expect(out.map((a) => a.discountCents)).toEqual([334, 334, 333]);
    expect(out.reduce((a, l) => a + l.sellerCents, 0)).toBe(501);
    expect(out.reduce((a, l) => a + l.marketplaceCents, 0)).toBe(500);
  });

  it('a percentage rounds down to the fil and a fixed amount never exceeds what it covers', () => {
    expect(discountOn(999, { percentBps: 1500, amountCents: null })).toBe(149);
    expect(discountOn(3000, { percentBps: null, amountCents: 5000 })).toBe(3000);
    expect(discountOn(0, { percentBps: null, amountCents: 5000 })).toBe(0);
  });

  it('partial returns in any steps give back each funder exactly its whole, never a negative part', () => {
    const alloc = fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }))
      .map(([s, m]) => ({ sellerCents: s, marketplaceCents: m, discountCents: s + m }));
    fc.assert(fc.property(alloc, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }), (a, steps) => {
      const quantity = steps.reduce((x, y) => x + y, 0);
      let before = 0;
      let seller = 0;
      let market = 0;
      for (const units of steps) {
        const r = returnedShare(a, quantity, units, before);
        expect(r.sellerCents).toBeGreaterThanOrEqual(0);
        expect(r.marketplaceCents).toBeGreaterThanOrEqual(0);
        expect(r.sellerCents + r.marketplaceCents).toBe(r.discountCents);
        seller += r.sellerCents;
        market += r.marketplaceCents;
        before += units;
      }
      expect(seller).toBe(a.sellerCents);
      expect(market).toBe(a.marketplaceCents);
    }));
  });
});

describe('coupon refusals (decision 0148)', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const base: PromotionRule = {
    status: 'active', startsAt: new Date('2026-11-01'), endsAt: new Date('2026-12-31'), minSpendCents: 10_000,
    perShopperLimit: 1, totalLimit: 100, oneTime: false, percentBps: 1000, amountCents: null,
  };
  const ctx = { now, eligibleCents: 20_000, userId: 7, codeOwnerId: null, usedTotal: 0, usedByShopper: 0, codeUsed: false };
  it('names the first reason in a fixed order', () => {
    expect(couponRefusal(base, ctx)).toBeNull();
    expect(couponRefusal({ ...base, status: 'paused' }, ctx)).toBe('paused');
    expect(couponRefusal(base, { ...ctx, now: new Date('2026-10-01') })).toBe('not_started');
    expect(couponRefusal(base, { ...ctx, now: new Date('2026-12-31') })).toBe('expired');
    expect(couponRefusal(base, { ...ctx, userId: null })).toBe('sign_in');
    expect(couponRefusal({ ...base, perShopperLimit: null }, { ...ctx, userId: null })).toBeNull();
    expect(couponRefusal(base, { ...ctx, eligibleCents: 0 })).toBe('no_eligible_products');
    expect(couponRefusal(base, { ...ctx, eligibleCents: 9_999 })).toBe('min_spend');
    expect(couponRefusal(base, { ...ctx, usedTotal: 100 })).toBe('used_up');
    expect(couponRefusal(base, { ...ctx, usedByShopper: 1 })).toBe('already_used');
    expect(couponRefusal({ ...base, oneTime: true }, { ...ctx, codeOwnerId: 8 })).toBe('not_yours');
    expect(couponRefusal({ ...base, oneTime: true }, { ...ctx, codeOwnerId: 7, codeUsed: true })).toBe('already_used');
  });
});

describe("a deal's per-shopper limit (decision 0158)", () => {
  it('is for everyone without a limit; with one, for signed-in shoppers below it', () => {
    expect(dealForShopper({ perShopperLimit: null }, null, 0)).toBe(true);
    expect(dealForShopper({ perShopperLimit: null }, 7, 99)).toBe(true);
    expect(dealForShopper({ perShopperLimit: 2 }, null, 0)).toBe(false);
    expect(dealForShopper({ perShopperLimit: 2 }, 7, 1)).toBe(true);
    expect(dealForShopper({ perShopperLimit: 2 }, 7, 2)).toBe(false);
  });
});
