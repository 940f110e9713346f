import { asc, inArray } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { CouponRefusal } from '@souq/shared/rules/promotions';
import { orderItems } from '../../db/schema/orders.js';
import type { Tx } from '../../platform/db.js';
import { unprocessable } from '../../platform/errors.js';
import { promotionPaidEntries } from '../ledger/ledger.postings.js';
import { postMany as postManyToLedger } from '../ledger/ledger.post.js';
import type { Applied, CartLine } from '../promotions/promotions.apply.js';
import type { Redeemed, Redemptions } from '../promotions/promotions.redeem.js';

// A purchase's promotions (decision 0152), the steps place-purchase.ts runs around its one statement: applied to the
// lines priced at database prices (`on`, unlocked; a refused code stops the purchase before anything is written),
// applied again under the promotions' locks in the purchase's transaction (`lock`), and recorded there once the
// purchase is written (`redeem`: the promotions module's rows, and the marketplace's share through the ledger).

/**
 * The promotions module as the purchase uses it (late-bound in services.ts: orders never writes its tables).
 */
export type PurchasePromotions = {
  apply: Redemptions['apply'];
  lockAndApply: Redemptions['lockAndApply'];
  record: Redemptions['record'];
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

/** Each line's promotions by cart line, as comparable text (the unlocked and the locked answers must agree). */
const discountsKey = (r: Redeemed) => `${r.promotionIds.join()}|${JSON.stringify([...r.applied.lines.entries()].sort(([a], [b]) => a - b))}`;

export function createPurchasePromotions(promotions: (() => PurchasePromotions) | undefined, changed: () => Error) {
  const refused = (reason: CouponRefusal) => {
    const message = promotions ? promotions().refusalMessage(reason) : MSG.promoNotFound;
    return unprocessable(message, message);
  };

  return {
    /**
     * The promotions on the cart at its database prices: null when none applies and no code was typed. A typed code
     * that does not apply refuses the purchase here, with its reason, before anything is written.
     */
    async on(typed: string | undefined, cart: { parts: readonly { lines: readonly PricedLineRef[] }[] }, userId: number | null): Promise<CartPromotions | null> {
      const code = typed?.trim() || null;
      if (!promotions) {
        if (code) throw refused('not_found');
        return null;
      }
      const lines = cartLinesOf(cart);
      const redeemed = await promotions().apply(lines, code, userId);
      const refusal = redeemed.applied.coupon?.refusal ?? null;
      if (refusal) throw refused(refusal);
      if (!redeemed.promotionIds.length && !code) return null;
      return { redeemed, lines, code };
    },

    /**
     * Under the promotions' locks, the promotions applied again from what is committed now: a coupon used up or used
     * meanwhile refuses the purchase with its reason (the transaction writes nothing); any other difference (a deal
     * ended, a limit reached) prices the purchase again (`changed`). Promotions without a limit have nothing to hold
     * (decision 0159): the answer read a moment before stands, as a product's price read before the statement does.
     */
    async lock(tx: Tx, promo: CartPromotions, userId: number | null): Promise<void> {
      if (!promo.redeemed.limited.length) return;
      const locked = await promotions!().lockAndApply(tx, promo.redeemed.limited, promo.lines, promo.code, userId);
      const refusal = locked.applied.coupon?.refusal ?? null;
      if (refusal) throw refused(refusal);
      if (discountsKey(locked) !== discountsKey(promo.redeemed)) throw changed();
    },

    /**
     * The purchase written: what it redeemed recorded by the promotions module, and the marketplace's share of each
     * sub-order posted as its promotion expense (`promotion-paid:<sub-order>`), in the purchase's transaction. The
     * lines' ids are read back in id order, which is the statement's insert order (cart line order, `lines` its `n`s).
     */
    async redeem(tx: Tx, promo: CartPromotions, placed: {
      purchaseId: number; orderIds: number[]; userId: number | null; currency: string; lines: number[]; paidCents: number[];
    }): Promise<void> {
      const ids = await tx.select({ id: orderItems.id, orderId: orderItems.orderId }).from(orderItems)
        .where(inArray(orderItems.orderId, placed.orderIds)).orderBy(asc(orderItems.id));
      const byN = [...placed.lines].sort((a, b) => a - b);
      const itemIds = new Map<number, Map<number, number>>(placed.orderIds.map((id) => [id, new Map()]));
      ids.forEach((r, k) => itemIds.get(r.orderId)!.set(byN[k]!, r.id));
      await promotions!().record(tx, {
        purchaseId: placed.purchaseId, userId: placed.userId,
        orders: placed.orderIds.map((orderId) => ({ orderId, itemIds: itemIds.get(orderId)! })),
      }, promo.redeemed.applied, promo.redeemed.limited);
      // one insert for every sub-order's posting: the purchase's transaction holds its products' locks until it commits
      await postManyToLedger(tx, placed.orderIds.flatMap((orderId, n) => {
        const lines = promotionPaidEntries(placed.paidCents[n] ?? 0);
        return lines.length ? [{ kind: 'promotion-paid' as const, ref: orderId, lines, currency: placed.currency, purchaseId: placed.purchaseId, orderId, createdBy: placed.userId }] : [];
      }));
    },
  };
}
