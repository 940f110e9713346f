import { eq, inArray, type SQL } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { MARKETPLACE_SELLER_NAME } from '@souq/shared/constants';
import type { Order, Purchase } from '@souq/shared/api/orders';
import { amountToCents, centsToAmount } from '@souq/shared/rules/money';
import { purchaseStatus } from '@souq/shared/rules/pricing';
import { orderItems, orders, purchases } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';

// The orders module's rows as the API shows them, and their numbers: pure mappers other modules may import (the
// admin's order detail, the demo seed), and the reads that build them from the database (`createOrderReads`).

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

// No 0/O/1/I/L: the number is read out over the phone.
const ORDER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 'SQ-250310-7KX4M': day of the order plus five random characters (28 million per day), unique by index. */
export function newOrderNumber(now: Date = new Date()): string {
  const d = now.toISOString();
  const day = `${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}`;
  let tail = '';
  for (let i = 0; i < 5; i++) tail += ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)];
  return `SQ-${day}-${tail}`;
}

/**
 * A sub-order's DTO. `sub` names its purchase and seller (decision 0086); callers that only read amounts and lines
 * (the admin detail's totals) may leave it out.
 */
export function toOrderDto(o: OrderRow, items: ItemRow[], sub?: { purchaseNumber: string; sellerName: string | null }): Order {
  return {
    id: o.id,
    order_number: o.orderNumber,
    status: o.status,
    subtotal: centsToAmount(o.subtotalCents),
    shipping: centsToAmount(o.shippingCents),
    tax: centsToAmount(o.taxCents),
    total_amount: centsToAmount(o.totalCents),
    store_credit_amount: centsToAmount(o.storeCreditCents),
    // the seller's share of a promotion lowered its lines below their price (decision 0152)
    promotion_discount: centsToAmount(items.reduce((s, i) => s + i.unitPriceCents * i.quantity - i.lineTotalCents, 0) + o.promotionPaidCents),
    promotion_paid_amount: centsToAmount(o.promotionPaidCents),
    amount_due: centsToAmount(o.totalCents - o.storeCreditCents - o.promotionPaidCents),
    currency: o.currency,
    payment_method: o.paymentMethod,
    notes: o.notes,
    customer_name: o.customerName,
    customer_email: o.customerEmail,
    created_at: o.createdAt.toISOString(),
    items: items.map((i) => ({
      product_id: i.productId,
      product_name: i.productName,
      quantity: i.quantity,
      unit_price: centsToAmount(i.unitPriceCents),
      total_price: centsToAmount(i.lineTotalCents),
      variants: i.variants,
      variant_label: i.variantLabel,
    })),
    purchase_number: sub?.purchaseNumber ?? o.orderNumber,
    vendor_id: o.sellerVendorId,
    seller_name: sub?.sellerName ?? MARKETPLACE_SELLER_NAME,
    tracking_number: o.trackingNumber,
    carrier: o.carrier,
    tax_included: o.taxIncluded,
    delivery_promise: o.promiseEarliest && o.promiseLatest ? { earliest: o.promiseEarliest, latest: o.promiseLatest } : null,
    delivery_address: o.deliveryAddress ?? null,
    shipping_address: freeText(o.shippingAddress),
  };
}

/** An order's address as one line: its free text as written (older orders), with the city and country when given. */
const freeText = (a: OrderRow['shippingAddress']) => [a.address, a.city, a.country, a.zip].map((x) => x?.trim()).filter(Boolean).join(', ');

/** A purchase's DTO: its own number and totals, every line, and its sub-orders (status summed up by `purchaseStatus`). */
export function toPurchaseDto(p: PurchaseRow, subOrders: Order[]): Purchase {
  return {
    id: p.id,
    order_number: p.purchaseNumber,
    status: purchaseStatus(subOrders.map((o) => o.status)),
    subtotal: centsToAmount(p.subtotalCents),
    shipping: centsToAmount(p.shippingCents),
    tax: centsToAmount(p.taxCents),
    total_amount: centsToAmount(p.totalCents),
    store_credit_amount: centsToAmount(p.storeCreditCents),
    promotion_discount: centsToAmount(subOrders.reduce((s, o) => s + amountToCents(o.promotion_discount), 0)),
    promotion_paid_amount: centsToAmount(p.promotionPaidCents),
    amount_due: centsToAmount(p.totalCents - p.storeCreditCents - p.promotionPaidCents),
    currency: p.currency,
    payment_method: p.paymentMethod,
    notes: p.notes,
    customer_name: p.customerName,
    customer_email: p.customerEmail,
    created_at: p.createdAt.toISOString(),
    items: subOrders.flatMap((o) => o.items),
    purchase_number: p.purchaseNumber,
    vendor_id: null,
    seller_name: subOrders.length === 1 ? subOrders[0]!.seller_name : '',
    tracking_number: null,
    carrier: null,
    tax_included: p.taxIncluded,
    delivery_promise: null,
    delivery_address: p.deliveryAddress ?? null,
    shipping_address: freeText(p.shippingAddress),
    sub_orders: subOrders,
  };
}

/**
 * Sub-order numbers (decision 0086): a purchase with one seller keeps its number for its only sub-order (what a
 * single-seller shop always showed); with several, each is the purchase number and its place, 'SQ-250310-7KX4M-2'.
 */
export function subOrderNumber(purchaseNumber: string, index: number, count: number): string {
  return count === 1 ? purchaseNumber : `${purchaseNumber}-${index + 1}`;
}

/** The reads that turn rows into DTOs, on the service's database or inside a caller's transaction. */
export function createOrderReads(db: Db) {
  async function itemsOf(orderIds: number[], tx: Db | Tx = db): Promise<Map<number, ItemRow[]>> {
    const map = new Map<number, ItemRow[]>();
    if (!orderIds.length) return map;
    const rows = await tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
    for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
    return map;
  }

  /** Sub-orders matching `where`, in the order they were placed, with their purchase's number and seller's name. */
  async function subOrderDtos(where: SQL, tx: Db | Tx = db): Promise<Order[]> {
    const rows = await tx
      .select({ o: orders, purchaseNumber: purchases.purchaseNumber, sellerName: vendors.companyName })
      .from(orders)
      .leftJoin(purchases, eq(purchases.id, orders.purchaseId))
      .leftJoin(vendors, eq(vendors.id, orders.sellerVendorId))
      .where(where)
      .orderBy(orders.id);
    const items = await itemsOf(rows.map((r) => r.o.id), tx);
    return rows.map((r) => toOrderDto(r.o, items.get(r.o.id) ?? [], { purchaseNumber: r.purchaseNumber ?? r.o.orderNumber, sellerName: r.sellerName }));
  }

  async function dtoOf(row: OrderRow, tx: Db | Tx = db): Promise<Order> {
    return (await subOrderDtos(eq(orders.id, row.id), tx))[0]!;
  }

  /** Purchases with their sub-orders, in the rows' order. */
  async function purchaseDtos(rows: PurchaseRow[], tx: Db | Tx = db): Promise<Purchase[]> {
    if (!rows.length) return [];
    const subs = await subOrderDtos(inArray(orders.purchaseId, rows.map((r) => r.id)), tx);
    return rows.map((p) => toPurchaseDto(p, subs.filter((o) => o.purchase_number === p.purchaseNumber)));
  }

  return { itemsOf, subOrderDtos, dtoOf, purchaseDtos };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
