import { MSG } from '@souq/shared/messages';
import type { CouponRefusal } from '@souq/shared/rules/promotions';
import type { Database } from '../../platform/db.js';
import { unprocessable } from '../../platform/errors.js';
import type { Applied, CartLine } from '../promotions/promotions.apply.js';
import type { CartPromotionsLoad, Redeemed, Redemptions } from '../promotions/promotions.redeem.js';

// A purchase's promotions (decisions 0152, 0167), the steps place-purchase.ts runs around its one statement: read
// once beside the cart's prices (`load`), applied to the lines priced at database prices (`on`; a refused code stops
// the purchase before anything is written), and, when the statement's own check of the limits under their locks
// failed, applied again from what is committed now (`recheck`: the reason, or the purchase priced again). What the
// purchase redeemed is written by its statement (the promotions module's `placedRedemptions`).

/**
 * The promotions module as the purchase uses it (late-bound in services.ts: orders never writes its tables).
 */
export type PurchasePromotions = {
  load: Redemptions['load'];
  apply: Redemptions['apply'];
  applyLoaded: Redemptions['applyLoaded'];
  /** A refused code's reason as the message the shopper reads (English and Arabic in packages/shared). */
  refusalMessage: (reason: CouponRefusal) => string;
};

/** What promotions did to a cart: the redemption as applied, the cart's lines as the promotions module reads them. */
export type CartPromotions = { redeemed: Redeemed; lines: CartLine[]; code: string | null };

type Part = { vendorId: number | null; lines: readonly { n: number }[] };
/** A cart line as checkout priced it (price-cart.ts), before any promotion. */
type PricedLineRef = { n: number; product: { id: number }; vendorId: number | null; quantity: number; unitPriceCents: number };

/**
 * Who pays what of a cart's promotions: each line's seller-funded share (taken off its supply: the line's total, VAT
 * and commission are worked out after it) and, per seller's part, the marketplace-funded share (paid toward its total
 * on the shopper's behalf). Pure: the purchase and the property tests compute the same figures.
 */
export function promotionMoney(parts: readonly Part[], applied: Applied | null) {
  const sellerShares = new Map<number, number>();
  const paidByPromotions = new Map<number | null, number>();
  for (const part of parts) {
    for (const l of part.lines) {
      for (const d of applied?.lines.get(l.n) ?? []) {
        sellerShares.set(l.n, (sellerShares.get(l.n) ?? 0) + d.sellerCents);
        paidByPromotions.set(part.vendorId, (paidByPromotions.get(part.vendorId) ?? 0) + d.marketplaceCents);
      }
    }
  }
  return { sellerShares, paidByPromotions };
}

/** A cart priced at database prices as the promotions module reads its lines (the purchase and its quote). */
export function cartLinesOf(cart: { parts: readonly { lines: readonly PricedLineRef[] }[] }): CartLine[] {
  return cart.parts.flatMap((part) => part.lines.map((l) => ({
    n: l.n, productId: l.product.id, vendorId: l.vendorId, quantity: l.quantity, grossCents: l.unitPriceCents * l.quantity,
  })));
}

export function createPurchasePromotions(promotions: (() => PurchasePromotions) | undefined, changed: () => Error) {
  const refused = (reason: CouponRefusal) => {
    const message = promotions ? promotions().refusalMessage(reason) : MSG.promoNotFound;
    return unprocessable(message, message);
  };

  return {
    /**
     * The promotions on a cart's products, read once (one statement, run beside the cart's pricing: the products are
     * known from the request). Null without the promotions module.
     */
    load(items: readonly { product_id: number }[], typed: string | undefined, userId: number | null): Promise<CartPromotionsLoad> | null {
      if (!promotions) return null;
      return promotions().load([...new Set(items.map((i) => i.product_id))], typed?.trim() || null, userId);
    },

    /**
     * The promotions on the cart at its database prices: null when none applies and no code was typed. A typed code
     * that does not apply refuses the purchase here, with its reason, before anything is written.
     */
    on(typed: string | undefined, cart: { parts: readonly { lines: readonly PricedLineRef[] }[] }, userId: number | null, loaded: CartPromotionsLoad | null): CartPromotions | null {
      const code = typed?.trim() || null;
      if (!promotions || !loaded) {
        if (code) throw refused('not_found');
        return null;
      }
      const lines = cartLinesOf(cart);
      const redeemed = promotions().applyLoaded(loaded, lines, userId);
      const refusal = redeemed.applied.coupon?.refusal ?? null;
      if (refusal) throw refused(refusal);
      if (!redeemed.promotionIds.length && !code) return null;
      return { redeemed, lines, code };
    },

    /**
     * The statement found a limit reached under the promotions' locks (it wrote nothing): the promotions applied again
     * from what is committed now, in the same transaction, still holding the locks. A coupon used up or used meanwhile
     * refuses the purchase with its reason; anything else (a deal paused or at its limit) prices the purchase again
     * (`changed`). Always throws.
     */
    async recheck(query: Database['query'], promo: CartPromotions, userId: number | null): Promise<never> {
      const productIds = [...new Set(promo.lines.map((l) => l.productId))];
      const again = promotions!().applyLoaded(await promotions!().load(productIds, promo.code, userId, query), promo.lines, userId);
      const refusal = again.applied.coupon?.refusal ?? null;
      if (refusal) throw refused(refusal);
      throw changed();
    },
  };
}
