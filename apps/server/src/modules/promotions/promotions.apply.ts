import {
  allocateDiscount, couponRefusal, dealForShopper, dealRunning, discountOn, largestRemainder, type CouponContext, type CouponRefusal, type LineAllocation,
  type PromotionRule,
} from '@souq/shared/rules/promotions';

// Applying promotions to a priced cart (decision 0148), as a pure function of what was read: the running deals on
// each line first (the best one per line), then at most one coupon on what the deals left, split per seller's
// sub-order and per line, each share split between the seller and the marketplace by the promotion's funder.

/** A cart line as priced from database prices (before any promotion). */
export type CartLine = { n: number; productId: number; vendorId: number | null; quantity: number; grossCents: number };

/** A promotion as read for applying: its rule, value and funder, and the products it covers. */
export type LoadedPromotion = PromotionRule & {
  id: number;
  kind: 'coupon' | 'deal';
  sellerPercent: number;
  /** null: a seller's coupon covering all of its own products (`ownerVendorId`). */
  productIds: ReadonlySet<number> | null;
  ownerVendorId: number | null;
  /** A deal's live uses by the shopper pricing the cart (0 for a guest, or when not read). */
  usedByShopper?: number;
};

/** The coupon typed, as found (or not) with its usage so far. */
export type LoadedCoupon =
  | { found: false; code: string }
  | { found: true; code: string; promotion: LoadedPromotion; codeId: number | null; codeOwnerId: number | null; usedTotal: number; usedByShopper: number; codeUsed: boolean };

/** One promotion's part of one line. */
export type LineDiscount = LineAllocation & { promotionId: number; kind: 'coupon' | 'deal' };

export type Applied = {
  /** Per cart line (by `n`), the promotions that took money off it. */
  lines: Map<number, LineDiscount[]>;
  /** The coupon as checked: null when none was typed. */
  coupon: { code: string; promotionId: number | null; codeId: number | null; refusal: CouponRefusal | null; discountCents: number } | null;
};

const covers = (p: LoadedPromotion, l: CartLine) => (p.productIds ? p.productIds.has(l.productId) : p.ownerVendorId !== null && l.vendorId === p.ownerVendorId);

/** A deal on one line: a percentage of it, or a fixed amount off each unit; never more than the line. */
export function dealOn(p: Pick<LoadedPromotion, 'percentBps' | 'amountCents'>, l: Pick<CartLine, 'grossCents' | 'quantity'>): number {
  if (p.percentBps !== null) return discountOn(l.grossCents, p);
  return Math.min(l.grossCents, (p.amountCents ?? 0) * l.quantity);
}

const split = (discount: number, sellerPercent: number): LineAllocation => allocateDiscount(discount, [{ lineTotalCents: discount, eligible: true }], sellerPercent)[0]!;

export function applyPromotions(lines: readonly CartLine[], deals: readonly LoadedPromotion[], coupon: LoadedCoupon | null, ctx: {
  now: Date; userId: number | null; dealsStackWithCoupons: boolean;
}): Applied {
  const out = new Map<number, LineDiscount[]>(lines.map((l) => [l.n, []]));
  // deals: the best running one per line (ties to the lower id, so the answer does not depend on read order)
  const after = new Map<number, number>();
  const hadDeal = new Set<number>();
  for (const l of lines) {
    let best: { p: LoadedPromotion; d: number } | null = null;
    for (const p of deals) {
      if (p.kind !== 'deal' || !dealRunning(p, ctx.now) || !covers(p, l) || !dealForShopper(p, ctx.userId, p.usedByShopper ?? 0)) continue;
      const d = dealOn(p, l);
      if (d > 0 && (!best || d > best.d || (d === best.d && p.id < best.p.id))) best = { p, d };
    }
    if (best) {
      out.get(l.n)!.push({ promotionId: best.p.id, kind: 'deal', ...split(best.d, best.p.sellerPercent) });
      hadDeal.add(l.n);
    }
    after.set(l.n, l.grossCents - (best?.d ?? 0));
  }
  if (!coupon) return { lines: out, coupon: null };
  if (!coupon.found) return { lines: out, coupon: { code: coupon.code, promotionId: null, codeId: null, refusal: 'not_found', discountCents: 0 } };
  const p = coupon.promotion;
  const eligible = lines.filter((l) => covers(p, l) && (ctx.dealsStackWithCoupons || !hadDeal.has(l.n)));
  const eligibleCents = eligible.reduce((s, l) => s + after.get(l.n)!, 0);
  const c: CouponContext = {
    now: ctx.now, eligibleCents, userId: ctx.userId, codeOwnerId: coupon.codeOwnerId,
    usedTotal: coupon.usedTotal, usedByShopper: coupon.usedByShopper, codeUsed: coupon.codeUsed,
  };
  const refusal = couponRefusal(p, c);
  const base = { code: coupon.code, promotionId: p.id, codeId: coupon.codeId };
  if (refusal) return { lines: out, coupon: { ...base, refusal, discountCents: 0 } };
  // per seller's sub-order: a percentage of its eligible amount; a fixed amount shared by their eligible amounts
  const sellers = [...new Set(eligible.map((l) => l.vendorId))];
  const amounts = sellers.map((v) => eligible.filter((l) => l.vendorId === v).reduce((s, l) => s + after.get(l.n)!, 0));
  const perSeller = p.percentBps !== null
    ? amounts.map((a) => discountOn(a, p))
    : largestRemainder(discountOn(eligibleCents, p), amounts);
  let total = 0;
  sellers.forEach((v, i) => {
    const own = eligible.filter((l) => l.vendorId === v);
    const shares = allocateDiscount(perSeller[i]!, own.map((l) => ({ lineTotalCents: after.get(l.n)!, eligible: true })), p.sellerPercent);
    own.forEach((l, k) => {
      if (shares[k]!.discountCents > 0) out.get(l.n)!.push({ promotionId: p.id, kind: 'coupon', ...shares[k]! });
      total += shares[k]!.discountCents;
    });
  });
  return { lines: out, coupon: { ...base, refusal: null, discountCents: total } };
}

/** What promotions take off each seller's part: the whole, the seller's share and the marketplace's, in fils. */
export function perSeller(lines: readonly CartLine[], applied: Applied): { vendor_id: number | null; discount_cents: number; seller_cents: number; marketplace_cents: number }[] {
  const by = new Map<number | null, { discount_cents: number; seller_cents: number; marketplace_cents: number }>();
  for (const l of lines) {
    const row = by.get(l.vendorId) ?? { discount_cents: 0, seller_cents: 0, marketplace_cents: 0 };
    for (const d of applied.lines.get(l.n) ?? []) {
      row.discount_cents += d.discountCents;
      row.seller_cents += d.sellerCents;
      row.marketplace_cents += d.marketplaceCents;
    }
    by.set(l.vendorId, row);
  }
  return [...by.entries()].filter(([, r]) => r.discount_cents > 0).sort(([a], [b]) => (a ?? 0) - (b ?? 0)).map(([vendor_id, r]) => ({ vendor_id, ...r }));
}
