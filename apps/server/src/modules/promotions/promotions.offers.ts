import { and, eq, inArray } from 'drizzle-orm';
import type { Offers } from '@souq/shared/api/promotions';
import { honestWasPrice, REFERENCE_PRICE_DAYS, type PastReduction, type PriceStep } from '@souq/shared/rules/reference-price';
import { products } from '../../db/schema/catalogue.js';
import { promotionProducts, promotions } from '../../db/schema/promotions.js';
import type { Db } from '../../platform/db.js';
import { applyPromotions, dealOn, type LoadedPromotion } from './promotions.apply.js';

// What a shopper is charged for one unit of each product now, for the cards, the product dialog and the shelves
// (issue 39 items 4 and 5, decision 0158): the running deal worked out by the checkout's own rule (`applyPromotions`
// on a one-unit line, so the card and the charge cannot differ), its end, and the honest "was" price from the price log
// (`honestWasPrice`: the lowest price of the 30 days before the reduction, deals included). Nothing is written.

export function createOffers(deps: {
  db: Db;
  /**
   * The deals that may cover these products (the checkout's own read, `loadForCart`: decision 0167), with the signed-in
   * shopper's own uses of each (decision 0163).
   */
  deals: (productIds: number[], userId: number | null) => Promise<LoadedPromotion[]>;
  /** The products' price logs, oldest first (the prices module's). */
  priceLogs: (productIds: readonly number[]) => Promise<Map<number, PriceStep[]>>;
}) {
  const { db } = deps;

  /** Every deal that ever covered these products (paused or used up too: a deal that ran is a price the product had). */
  async function everyDeal(productIds: number[]) {
    return db.select({ productId: promotionProducts.productId, startsAt: promotions.startsAt, endsAt: promotions.endsAt, percentBps: promotions.percentBps, amountCents: promotions.amountCents })
      .from(promotionProducts).innerJoin(promotions, eq(promotions.id, promotionProducts.promotionId))
      .where(and(inArray(promotionProducts.productId, productIds), eq(promotions.kind, 'deal')));
  }

  /**
   * `userId`: the signed-in shopper asking (decision 0163). A deal with a per-shopper limit is priced for them as their
   * checkout prices it — gone once their own live uses reach the limit; for a guest (null) it is shown with its
   * condition, as for every shopper who has not used it.
   */
  return async function offers(ids: readonly number[], now = new Date(), userId: number | null = null): Promise<Offers> {
    const list = [...new Set(ids)];
    const rows = list.length
      ? await db.select({ id: products.id, priceCents: products.priceCents, vendorId: products.vendorId }).from(products)
        .where(and(inArray(products.id, list), eq(products.status, 'active')))
      : [];
    const found = rows.map((r) => r.id);
    const [running, past, logs] = found.length
      ? await Promise.all([deps.deals(found, userId), everyDeal(found), deps.priceLogs(found)])
      : [[], [], new Map<number, PriceStep[]>()];
    // one unit of each product as a cart line: the checkout's rule picks the deal and its discount
    const lines = rows.map((r, n) => ({ n, productId: r.id, vendorId: r.vendorId, quantity: 1, grossCents: r.priceCents }));
    // a deal with a per-shopper limit is for signed-in shoppers who have not reached it (decision 0158): for a guest its
    // price is worked out as for any shopper who has not, and the offer says the condition; a signed-in shopper's own
    // uses are counted as their checkout counts them (decision 0163)
    const deals = userId === null ? running.map((p) => ({ ...p, perShopperLimit: null })) : running;
    const applied = applyPromotions(lines, deals, null, { now, userId, dealsStackWithCoupons: true });
    const byId = new Map(running.map((p) => [p.id, p]));
    const byRow = new Map(rows.map((r) => [r.id, r]));
    return {
      now: now.toISOString(),
      was_days: REFERENCE_PRICE_DAYS,
      offers: list.flatMap((id) => {
        const r = byRow.get(id);
        if (!r) return [];
        const n = rows.indexOf(r);
        const d = applied.lines.get(n)?.find((x) => x.kind === 'deal') ?? null;
        const deal = d ? byId.get(d.promotionId)! : null;
        const steps = logs.get(id) ?? [];
        const reductions: PastReduction[] = past.filter((p) => p.productId === id)
          .map((p) => ({ startsAt: p.startsAt, endsAt: p.endsAt, priceOn: (list) => list - dealOn(p, { grossCents: list, quantity: 1 }) }));
        const nowCents = deal ? r.priceCents - d!.discountCents : r.priceCents;
        // a deal is a reduction from its start; without one, the current list price is one from when it was set
        // (the log's last step, when it is the price now: a product older than its log has no reduction to show)
        const last = steps.at(-1);
        const reducedSince = deal ? deal.startsAt : last && last.cents === r.priceCents ? last.at : null;
        const was = reducedSince ? honestWasPrice({ nowCents, reducedSince, steps, reductions, deal: deal !== null, now }) : null;
        return [{
          product_id: id,
          price_cents: r.priceCents,
          deal: deal ? {
            promotion_id: deal.id, price_cents: nowCents, percent_bps: deal.percentBps, amount_cents: deal.amountCents,
            starts_at: deal.startsAt.toISOString(), ends_at: deal.endsAt.toISOString(), per_shopper_limit: deal.perShopperLimit,
          } : null,
          was_cents: was,
        }];
      }),
    };
  };
}
