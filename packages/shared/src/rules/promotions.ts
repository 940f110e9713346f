// Promotions (issue 39, decisions 0148 and 0149): which promotion applies to a cart, how much it takes off, and how
// that discount is split over the lines of each seller's sub-order and between who funds it — pure functions in
// integer fils, so the quote, the purchase and the property tests all compute the same figures.

export const PROMOTION_KINDS = ['coupon', 'deal'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_FUNDERS = ['seller', 'marketplace', 'split'] as const;
export type PromotionFunder = (typeof PROMOTION_FUNDERS)[number];
export const PROMOTION_STATUSES = ['active', 'paused'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Why a code does not apply to a cart, in the order they are checked (each has a message in English and Arabic). */
export const COUPON_REFUSALS = [
  'not_found', 'paused', 'not_started', 'expired', 'sign_in', 'not_yours', 'no_eligible_products', 'min_spend', 'used_up', 'already_used',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** Codes: letters, digits and dashes, compared without case (stored as typed, matched on upper case). */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,31}$/;
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** How a promotion takes money off: a percentage in basis points (1500 = 15 %) or a fixed amount in fils. */
export type PromotionValue = { percentBps: number | null; amountCents: number | null };

/** Who funds a promotion: the seller's share in percent (100 seller, 0 marketplace, 1–99 split). */
export function sellerPercentOf(funder: PromotionFunder, sellerPercent: number | null): number {
  if (funder === 'seller') return 100;
  if (funder === 'marketplace') return 0;
  return Math.min(99, Math.max(1, Math.trunc(sellerPercent ?? 50)));
}

/**
 * The discount a promotion gives on an amount: a percentage rounded DOWN to the fil (the shopper never gets more than
 * the stated percent), or the fixed amount; never more than the amount itself, never negative.
 */
export function discountOn(amountCents: number, value: PromotionValue): number {
  if (amountCents <= 0) return 0;
  const raw = value.percentBps !== null ? Math.floor((amountCents * value.percentBps) / 10_000) : value.amountCents ?? 0;
  return Math.max(0, Math.min(amountCents, raw));
}

/**
 * Splits `total` fils over weights by the largest remainder: each share is the floor of its exact part, and the fils
 * left over go one by one to the largest fractional parts (ties to the earlier weight). The shares add up to `total`
 * exactly, and a zero weight gets nothing. `total` must be ≥ 0; all weights ≥ 0 (a zero sum gives all zeros only when
 * `total` is 0, otherwise everything to the first weight).
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  // integer arithmetic with BigInt so large carts cannot lose a fil to floating point
  const T = BigInt(total);
  const S = BigInt(sum);
  const shares = weights.map((w) => (T * BigInt(w)) / S);
  const rest = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    if (weights[i]! === 0) continue;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/** One line of a sub-order as the allocation sees it: its amount as priced, and whether the promotion covers it. */
export type AllocationLine = { lineTotalCents: number; eligible: boolean };
/** A line's part of the discount, and who funds it; `sellerCents + marketplaceCents === discountCents`. */
export type LineAllocation = { discountCents: number; sellerCents: number; marketplaceCents: number };

/**
 * A sub-order's discount (`discountCents`, capped at its eligible lines' total) allocated across its eligible lines in
 * proportion to their amounts, to the fil (largest remainder); the seller's share of the whole is its percent of the
 * discount rounded half up, then allocated across the lines the same way in proportion to each line's discount, so
 * each line's seller and marketplace parts add up to its discount and the parts add up to the sub-order's. An
 * ineligible line gets nothing; no line is discounted below zero.
 */
export function allocateDiscount(discountCents: number, lines: readonly AllocationLine[], sellerPercent: number): LineAllocation[] {
  const weights = lines.map((l) => (l.eligible ? Math.max(0, l.lineTotalCents) : 0));
  const eligibleTotal = weights.reduce((a, b) => a + b, 0);
  const discount = Math.max(0, Math.min(discountCents, eligibleTotal));
  if (discount === 0) return lines.map(() => ({ discountCents: 0, sellerCents: 0, marketplaceCents: 0 }));
  const perLine = largestRemainder(discount, weights);
  const sellerTotal = Math.round((discount * Math.min(100, Math.max(0, sellerPercent))) / 100);
  const sellerPerLine = largestRemainder(sellerTotal, perLine);
  return perLine.map((d, i) => ({ discountCents: d, sellerCents: sellerPerLine[i]!, marketplaceCents: d - sellerPerLine[i]! }));
}

/** A promotion as the rules check it against a cart (the database row's relevant fields). */
export type PromotionRule = PromotionValue & {
  status: PromotionStatus;
  startsAt: Date;
  endsAt: Date;
  minSpendCents: number;
  perShopperLimit: number | null;
  totalLimit: number | null;
  /** One-time codes are issued to one shopper each. */
  oneTime: boolean;
};

/** What the cart and the shopper bring to a coupon check. */
export type CouponContext = {
  now: Date;
  /** The eligible lines' total (the minimum spend is measured on what the promotion covers). */
  eligibleCents: number;
  userId: number | null;
  /** For a one-time code: the shopper it was issued to. */
  codeOwnerId: number | null;
  /** Redemptions still counted: the promotion's (or the one-time code's), and this shopper's. */
  usedTotal: number;
  usedByShopper: number;
  codeUsed: boolean;
};

/** The first reason a coupon does not apply, or null when it does (`not_found` is the caller's). */
export function couponRefusal(p: PromotionRule, c: CouponContext): CouponRefusal | null {
  if (p.status !== 'active') return 'paused';
  if (c.now < p.startsAt) return 'not_started';
  if (c.now >= p.endsAt) return 'expired';
  if ((p.oneTime || p.perShopperLimit !== null) && c.userId === null) return 'sign_in';
  if (p.oneTime && c.codeOwnerId !== c.userId) return 'not_yours';
  if (c.eligibleCents <= 0) return 'no_eligible_products';
  if (c.eligibleCents < p.minSpendCents) return 'min_spend';
  if (p.oneTime && c.codeUsed) return 'already_used';
  if (p.totalLimit !== null && c.usedTotal >= p.totalLimit) return 'used_up';
  if (p.perShopperLimit !== null && c.usedByShopper >= p.perShopperLimit) return 'already_used';
  return null;
}

/** A deal runs now: active and within its dates. */
export const dealRunning = (p: Pick<PromotionRule, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean =>
  p.status === 'active' && now >= p.startsAt && now < p.endsAt;

/**
 * Whether a running deal is this shopper's (decision 0158): a deal with a per-shopper limit is for signed-in shoppers
 * (a guest could not be counted), each until their own live uses reach the limit; a deal without one is for everyone.
 */
export const dealForShopper = (p: Pick<PromotionRule, 'perShopperLimit'>, userId: number | null, usedByShopper: number): boolean =>
  p.perShopperLimit === null || (userId !== null && usedByShopper < p.perShopperLimit);

/**
 * A return of `units` of a line that had `quantity` units and a discount of `lineDiscount` (split seller/marketplace):
 * each funder's part that goes back, proportional to the units (cumulative, rounded half up), the last unit taking
 * what is left so returning every unit in any steps gives back exactly the whole. `returnedBefore` units were already returned.
 */
export function returnedShare(a: LineAllocation, quantity: number, units: number, returnedBefore = 0): LineAllocation {
  const upTo = (n: number, whole: number) => (n >= quantity ? whole : Math.round((whole * n) / quantity));
  const after = returnedBefore + units;
  // each funder's part on its own (so neither goes negative), the discount their sum
  const s = upTo(after, a.sellerCents) - upTo(returnedBefore, a.sellerCents);
  const m = upTo(after, a.marketplaceCents) - upTo(returnedBefore, a.marketplaceCents);
  return { discountCents: s + m, sellerCents: s, marketplaceCents: m };
}
