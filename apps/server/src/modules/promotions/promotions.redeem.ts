import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CouponRefusal } from '@souq/shared/rules/promotions';
import { orderItemDiscounts, promotionRedemptions, promotions } from '../../db/schema/promotions.js';
import type { Db, Tx } from '../../platform/db.js';
import { applyPromotions, type Applied, type CartLine, type LoadedCoupon, type LoadedPromotion } from './promotions.apply.js';

// Redeeming promotions with a purchase (decision 0152). The purchase prices its lines at database prices and asks for
// the promotions that apply (`apply`, unlocked); then, in the purchase's transaction, it locks the promotions named in
// id order (`lockAndApply`: the coupon's limits and a one-time code's use are read again under the lock, so 64
// checkouts racing with one code see each other's redemptions), places the purchase, and `record`s what each sub-order
// redeemed. A cancelled sub-order `release`s its uses. This module is the one writer of the redemptions, the lines'
// discounts and the promotions' counters.

export type Redeemed = {
  applied: Applied;
  /** Every promotion that took money off a line (deals and the coupon), in id order. */
  promotionIds: number[];
  /**
   * Of those, the ones with a limit to hold (a total, a per-shopper limit, a one-time code), in id order: the ones to
   * lock and count. A promotion without one needs neither (its limits cannot change: no route edits them), so a
   * coupon typed on every cart does not make every purchase wait for the one before (bench:orders, decision 0159).
   */
  limited: number[];
};

/** What a placed purchase redeemed, per sub-order: its id and seller, and its lines' ids by cart line (`n`). */
export type PlacedForRedemption = {
  purchaseId: number;
  userId: number | null;
  orders: { orderId: number; itemIds: Map<number, number> }[];
};

export function createRedemptions(deps: {
  db: Db;
  loadCoupon: (exec: Db | Tx, code: string, userId: number | null, productIds: readonly number[]) => Promise<LoadedCoupon>;
  dealsFor: (exec: Db | Tx, productIds: number[], userId: number | null) => Promise<LoadedPromotion[]>;
  dealsStack: (exec: Db | Tx) => Promise<boolean>;
}) {
  async function applyWith(exec: Db | Tx, lines: readonly CartLine[], code: string | null, userId: number | null, now: Date): Promise<Redeemed> {
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const [coupon, deals, stack] = await Promise.all([
      code === null ? Promise.resolve(null) : deps.loadCoupon(exec, code, userId, productIds),
      deps.dealsFor(exec, productIds, userId),
      deps.dealsStack(exec),
    ]);
    const applied = applyPromotions(lines, deals, coupon, { now, userId, dealsStackWithCoupons: stack });
    const ids = new Set<number>();
    for (const list of applied.lines.values()) for (const d of list) ids.add(d.promotionId);
    if (applied.coupon?.promotionId) ids.add(applied.coupon.promotionId);
    const loaded = [...deals, ...(coupon?.found ? [coupon.promotion] : [])];
    const hasLimit = new Set(loaded.filter((p) => p.totalLimit !== null || p.perShopperLimit !== null || p.oneTime).map((p) => p.id));
    const promotionIds = [...ids].sort((a, b) => a - b);
    return { applied, promotionIds, limited: promotionIds.filter((id) => hasLimit.has(id)) };
  }

  return {
    /** The promotions on a cart priced at database prices, unlocked (the purchase's first step and its quote). */
    apply: (lines: readonly CartLine[], code: string | null, userId: number | null, now = new Date()) => applyWith(deps.db, lines, code, userId, now),

    /**
     * In the purchase's transaction: the promotions `ids` locked (FOR UPDATE, id order, the one lock order of every
     * redemption and release), then applied again from what is committed now. The caller compares the answer with the
     * unlocked one: the same, the purchase goes on holding the locks until its commit; a coupon refused now (used up,
     * already used) refuses the purchase; anything else changed, it is priced again.
     */
    async lockAndApply(tx: Tx, ids: readonly number[], lines: readonly CartLine[], code: string | null, userId: number | null, now = new Date()): Promise<Redeemed> {
      if (ids.length) await tx.execute(sql`select id from promotions where id = any(${sql.param([...ids])}::int[]) order by id for update`);
      return applyWith(tx, lines, code, userId, now);
    },

    /**
     * Writes what a placed purchase redeemed, in its transaction and under the locks: each line's part of each
     * promotion (`order_item_discounts`), one redemption per sub-order and promotion — `counted` on the purchase's
     * first sub-order using it, the one use the limits count — and each counted promotion's counter raised (its check
     * keeps it within the total limit; a one-time code's unique index keeps it to one live use).
     */
    async record(tx: Tx, placed: PlacedForRedemption, applied: Applied, limited: readonly number[]): Promise<void> {
      const discounts: (typeof orderItemDiscounts.$inferInsert)[] = [];
      const perOrder = new Map<string, typeof promotionRedemptions.$inferInsert>();
      for (const o of placed.orders) {
        for (const [n, itemId] of o.itemIds) {
          for (const d of applied.lines.get(n) ?? []) {
            if (d.discountCents <= 0) continue;
            discounts.push({ orderItemId: itemId, promotionId: d.promotionId, discountCents: d.discountCents, sellerCents: d.sellerCents, marketplaceCents: d.marketplaceCents });
            const key = `${o.orderId}:${d.promotionId}`;
            const r = perOrder.get(key) ?? {
              promotionId: d.promotionId, codeId: d.kind === 'coupon' ? applied.coupon?.codeId ?? null : null, purchaseId: placed.purchaseId,
              orderId: o.orderId, userId: placed.userId, counted: false, discountCents: 0, sellerCents: 0, marketplaceCents: 0,
            };
            r.discountCents! += d.discountCents;
            r.sellerCents! += d.sellerCents;
            r.marketplaceCents! += d.marketplaceCents;
            perOrder.set(key, r);
          }
        }
      }
      if (!discounts.length) return;
      const counted = new Set<number>();
      const rows = [...perOrder.values()].map((r) => {
        const first = !counted.has(r.promotionId);
        counted.add(r.promotionId);
        return { ...r, counted: first };
      });
      await tx.insert(orderItemDiscounts).values(discounts);
      await tx.insert(promotionRedemptions).values(rows);
      // only a promotion with a limit keeps its counter (and was locked for it); the uses of others are their rows
      const raised = [...counted].filter((id) => limited.includes(id));
      if (raised.length) {
        await tx.update(promotions).set({ redeemedCount: sql`${promotions.redeemedCount} + 1`, updatedAt: new Date() })
          .where(inArray(promotions.id, raised));
      }
    },

    /**
     * A cancelled sub-order's uses given back, in the cancellation's transaction: its live redemptions become
     * `returned` (a one-time code can be used again; the limits count it no more) and each counted one lowers its
     * promotion's counter, under the promotion's lock. Nothing when it redeemed nothing (or gave it back already).
     */
    async release(tx: Tx, orderId: number): Promise<void> {
      const live = await tx.select({ id: promotionRedemptions.id, promotionId: promotionRedemptions.promotionId, counted: promotionRedemptions.counted })
        .from(promotionRedemptions).where(and(eq(promotionRedemptions.orderId, orderId), eq(promotionRedemptions.status, 'live')));
      if (!live.length) return;
      const ids = [...new Set(live.map((r) => r.promotionId))].sort((a, b) => a - b);
      await tx.execute(sql`select id from promotions where id = any(${sql.param(ids)}::int[]) order by id for update`);
      await tx.update(promotionRedemptions).set({ status: 'returned' }).where(inArray(promotionRedemptions.id, live.map((r) => r.id)));
      const countedIds = live.filter((r) => r.counted).map((r) => r.promotionId);
      if (countedIds.length) {
        await tx.update(promotions).set({ redeemedCount: sql`greatest(${promotions.redeemedCount} - 1, 0)`, updatedAt: new Date() })
          .where(inArray(promotions.id, countedIds));
      }
    },
  };
}

export type Redemptions = ReturnType<typeof createRedemptions>;
export type { CouponRefusal };
