import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CouponRefusal } from '@souq/shared/rules/promotions';
import { promotionRedemptions, promotions } from '../../db/schema/promotions.js';
import type { Database, Tx } from '../../platform/db.js';
import { applyPromotions, type Applied, type CartLine, type LoadedCoupon, type LoadedPromotion } from './promotions.apply.js';

// Redeeming promotions with a purchase (decisions 0152, 0167). The purchase reads the promotions on its cart ONCE
// (`load`: one named statement, beside its prices) and applies them to its lines at database prices (`applyLoaded`);
// its one statement then writes what each sub-order redeemed (`placedRedemptions`: the lines' discounts, the
// redemptions, the counters and, through the ledger's part, the marketplace's share) — no transaction, no round trip
// of its own. A promotion with a limit (a total, a per-shopper limit, a one-time code) is locked first, in id order, in
// a transaction around that statement, and the statement checks the limits again under the lock (`placedRedemptions.
// check`): 64 checkouts racing with one code see each other's redemptions. A cancelled sub-order `release`s its uses.
// This module is the one writer of the redemptions, the lines' discounts and the promotions' counters.

/** What a cart's promotions are applied from: the typed code's coupon (null: none typed), the deals that may cover it, the stacking setting. */
export type CartPromotionsLoad = { coupon: LoadedCoupon | null; deals: LoadedPromotion[]; stack: boolean };

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

/** Applies what was loaded to a cart's lines: pure (the purchase loads once and applies again from the same rows). */
export function applyLoaded(loaded: CartPromotionsLoad, lines: readonly CartLine[], userId: number | null, now = new Date()): Redeemed {
  const { coupon, deals, stack } = loaded;
  const applied = applyPromotions(lines, deals, coupon, { now, userId, dealsStackWithCoupons: stack });
  const ids = new Set<number>();
  for (const list of applied.lines.values()) for (const d of list) ids.add(d.promotionId);
  if (applied.coupon?.promotionId) ids.add(applied.coupon.promotionId);
  const all = [...deals, ...(coupon?.found ? [coupon.promotion] : [])];
  const hasLimit = new Set(all.filter((p) => p.totalLimit !== null || p.perShopperLimit !== null || p.oneTime).map((p) => p.id));
  const promotionIds = [...ids].sort((a, b) => a - b);
  return { applied, promotionIds, limited: promotionIds.filter((id) => hasLimit.has(id)) };
}

/**
 * The purchase statement's part (decision 0167), as the ledger's `placedSales` is: `params` gives the JSON parameters
 * from what was applied; `ctes` are the statement's writes, reading its CTEs `placed` (the purchase's id), `subs` (the
 * sub-orders' id and order_number) and `lines` (the inserted lines' ids: their id order is the cart's line order, the
 * insert's order); `check` is the limits read again, a condition of the statement's own check, true when nothing is
 * limited. `lockSql` takes the limited promotions' locks before the statement, in id order (the one lock order of
 * every redemption and release); FOR NO KEY UPDATE, the counter update's own lock, which the foreign-key checks of
 * concurrent redemptions (FOR KEY SHARE) do not wait for.
 */
export const placedRedemptions = {
  lockSql: 'select id from promotions where id = any($1::int[]) order by id for no key update',

  params(redeemed: Redeemed, orders: readonly { orderNumber: string; lineNs: readonly number[] }[]) {
    const { applied, limited } = redeemed;
    const rank = new Map(orders.flatMap((o) => o.lineNs).sort((a, b) => a - b).map((n, k) => [n, k]));
    const discounts: { k: number; promotion_id: number; discount_cents: number; seller_cents: number; marketplace_cents: number }[] = [];
    const perOrder = new Map<string, { order_number: string; promotion_id: number; code_id: number | null; counted: boolean; discount_cents: number; seller_cents: number; marketplace_cents: number }>();
    for (const o of orders) {
      for (const n of [...o.lineNs].sort((a, b) => a - b)) {
        for (const d of applied.lines.get(n) ?? []) {
          if (d.discountCents <= 0) continue;
          discounts.push({ k: rank.get(n)!, promotion_id: d.promotionId, discount_cents: d.discountCents, seller_cents: d.sellerCents, marketplace_cents: d.marketplaceCents });
          const key = `${o.orderNumber}:${d.promotionId}`;
          const r = perOrder.get(key) ?? {
            order_number: o.orderNumber, promotion_id: d.promotionId, code_id: d.kind === 'coupon' ? applied.coupon?.codeId ?? null : null, counted: false,
            discount_cents: 0, seller_cents: 0, marketplace_cents: 0,
          };
          r.discount_cents += d.discountCents;
          r.seller_cents += d.sellerCents;
          r.marketplace_cents += d.marketplaceCents;
          perOrder.set(key, r);
        }
      }
    }
    // one redemption per sub-order and promotion; `counted` on the purchase's first sub-order using it, the one use
    // the limits count; only a promotion with a limit keeps its counter (and was locked for it)
    const counted = new Set<number>();
    const redemptions = [...perOrder.values()].map((r) => {
      const first = !counted.has(r.promotion_id);
      counted.add(r.promotion_id);
      return { ...r, counted: first };
    });
    return {
      discounts: JSON.stringify(discounts),
      redemptions: JSON.stringify(redemptions),
      raised: [...counted].filter((id) => limited.includes(id)).sort((a, b) => a - b),
      limited: [...limited],
      codeId: limited.length ? applied.coupon?.codeId ?? null : null,
    };
  },

  /** The writes, as further CTEs of the statement (each begins with a comma). */
  ctes: (p: { discounts: string; redemptions: string; raised: string; user: string }): string => `
, promo_redemptions as (
  insert into promotion_redemptions (promotion_id, code_id, purchase_id, order_id, user_id, counted, discount_cents, seller_cents, marketplace_cents)
  select r.promotion_id, r.code_id, p.id, o.id, ${p.user}::int, r.counted, r.discount_cents, r.seller_cents, r.marketplace_cents
  from placed p, subs o join jsonb_to_recordset(${p.redemptions}::jsonb) as r(order_number text, promotion_id int, code_id int, counted boolean,
    discount_cents int, seller_cents int, marketplace_cents int) on r.order_number = o.order_number
), promo_discounts as (
  insert into order_item_discounts (order_item_id, promotion_id, discount_cents, seller_cents, marketplace_cents)
  select li.id, d.promotion_id, d.discount_cents, d.seller_cents, d.marketplace_cents
  from (select id, (row_number() over (order by id) - 1)::int as k from lines) li
    join jsonb_to_recordset(${p.discounts}::jsonb) as d(k int, promotion_id int, discount_cents int, seller_cents int, marketplace_cents int) on d.k = li.k
), promo_counted as (
  -- the check below keeps each within its total limit, and so does the table's own check
  update promotions set redeemed_count = redeemed_count + 1, updated_at = now()
  where id = any(${p.raised}::int[]) and exists (select 1 from placed)
)`,

  /**
   * The limits of the limited promotions as committed now (the statement runs after their locks, so its snapshot holds
   * every redemption committed before): each still active, under its total limit and the shopper's own, and a one-time
   * code not used. False: the statement writes nothing and the purchase applies its promotions again.
   */
  check: (p: { limited: string; code: string; user: string }): string => `(
    (select count(*) from promotions pr where pr.id = any(${p.limited}::int[]) and pr.status = 'active'
      and (pr.total_limit is null or pr.redeemed_count < pr.total_limit)
      and (pr.per_shopper_limit is null or ${p.user}::int is null or (select count(*) from promotion_redemptions r
        where r.promotion_id = pr.id and r.user_id = ${p.user}::int and r.status = 'live' and r.counted) < pr.per_shopper_limit)
    ) = cardinality(${p.limited}::int[])
    and (${p.code}::int is null or not exists (select 1 from promotion_redemptions r where r.code_id = ${p.code}::int and r.status = 'live' and r.counted)))`,
};

export function createRedemptions(deps: {
  /** The promotions on a cart, in one named statement (promotions.service.ts `loadForCart`); `query` the caller's when given. */
  load: (productIds: readonly number[], code: string | null, userId: number | null, query?: Database['query']) => Promise<CartPromotionsLoad>;
}) {
  return {
    load: deps.load,
    applyLoaded,

    /** The promotions on a cart priced at database prices, unlocked (the checkout's quote, agents' discounts). */
    async apply(lines: readonly CartLine[], code: string | null, userId: number | null, now = new Date()): Promise<Redeemed> {
      return applyLoaded(await deps.load([...new Set(lines.map((l) => l.productId))], code, userId), lines, userId, now);
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
      await tx.execute(sql`select id from promotions where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
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
