import { and, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { MARKETPLACE_SELLER_NAME, type OrderStatus, type PaidBy } from '@souq/shared/constants';
import { orderItems, orders, purchases } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import type { Actor } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { OrdersService } from './orders.service.js';

// The signed-in shopper's own sub-orders as the assistant's after-sales answers need them (decision 0107): line ids,
// the moments a sub-order shipped and was delivered, its seller. Every read is scoped to the shopper's user id; the
// one write, cancelling, goes through the orders service's own status move (stock, ledger, documents, history, audit).

/** Sub-orders that have not left the seller yet: the shopper may still cancel them. */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = ['pending', 'confirmed', 'processing'];

export type ShopperLine = { id: number; product_id: number | null; name: string; variant_label: string; quantity: number; unit_price_cents: number };

export type ShopperSubOrder = {
  id: number;
  order_number: string;
  purchase_number: string;
  status: OrderStatus;
  seller_vendor_id: number | null;
  seller_name: string;
  carrier: string | null;
  tracking_number: string | null;
  payment_method: PaidBy;
  currency: string;
  total_cents: number;
  placed_at: Date;
  shipped_at: Date | null;
  delivered_at: Date | null;
  /** The delivery promise given at checkout, frozen on the sub-order (decision 0151); null on older orders. */
  delivery_promise: { earliest: string; latest: string } | null;
  lines: ShopperLine[];
};

export type ShopperOrders = ReturnType<typeof createShopperOrders>;

export function createShopperOrders(deps: { db: Db; orders: Pick<OrdersService, 'setStatus'> }) {
  const { db } = deps;

  async function subOrders(userId: number, where: ReturnType<typeof and>): Promise<ShopperSubOrder[]> {
    const rows = await db
      .select({ o: orders, purchaseNumber: purchases.purchaseNumber, sellerName: vendors.companyName })
      .from(orders)
      .leftJoin(purchases, eq(purchases.id, orders.purchaseId))
      .leftJoin(vendors, eq(vendors.id, orders.sellerVendorId))
      .where(and(eq(orders.userId, userId), where))
      .orderBy(desc(orders.createdAt), orders.id);
    if (rows.length === 0) return [];
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.o.id))).orderBy(orderItems.id);
    return rows.map(({ o, purchaseNumber, sellerName }) => ({
      id: o.id,
      order_number: o.orderNumber,
      purchase_number: purchaseNumber ?? o.orderNumber,
      status: o.status,
      seller_vendor_id: o.sellerVendorId,
      seller_name: sellerName ?? MARKETPLACE_SELLER_NAME,
      carrier: o.carrier,
      tracking_number: o.trackingNumber,
      payment_method: o.paymentMethod,
      currency: o.currency,
      total_cents: o.totalCents,
      placed_at: o.createdAt,
      shipped_at: o.shippedAt,
      delivered_at: o.deliveredAt,
      delivery_promise: o.promiseEarliest && o.promiseLatest ? { earliest: o.promiseEarliest, latest: o.promiseLatest } : null,
      lines: items.filter((i) => i.orderId === o.id).map((i) => ({
        id: i.id, product_id: i.productId, name: i.productName, variant_label: i.variantLabel, quantity: i.quantity, unit_price_cents: i.unitPriceCents,
      })),
    }));
  }

  return {
    /** The sub-orders of the shopper's latest `count` purchases, newest purchase first. */
    async latest(userId: number, count: number): Promise<ShopperSubOrder[]> {
      const recent = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.createdAt), desc(purchases.id)).limit(count);
      if (recent.length === 0) return [];
      return subOrders(userId, and(inArray(orders.purchaseId, recent.map((r) => r.id))));
    },

    /** The shopper's sub-orders (or all sub-orders of a purchase) with this number; empty when it is not theirs. */
    async byNumber(userId: number, number: string): Promise<ShopperSubOrder[]> {
      const n = number.trim().toUpperCase();
      const own = await subOrders(userId, and(eq(orders.orderNumber, n)));
      if (own.length) return own;
      const [p] = await db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.purchaseNumber, n), eq(purchases.userId, userId)));
      return p ? subOrders(userId, and(eq(orders.purchaseId, p.id))) : [];
    },

    /**
     * Cancels one of the shopper's own sub-orders that has not shipped, through the orders service (stock back, the
     * sale reversed in the ledger, a history line and an audit entry in one transaction). Another shopper's is a 404;
     * one that has shipped meanwhile a 409 (checked under the row lock).
     */
    async cancel(userId: number, orderId: number, actor: Actor, notes: string) {
      const [own] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!own) throw notFound(MSG.orderNotFound);
      return deps.orders.setStatus(orderId, 'cancelled', {
        actor, notes,
        expectFrom: { status: SHOPPER_CANCELLABLE, conflictMessage: (current) => MSG.assistantCancelTooLate(current) },
      });
    },
  };
}
