import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { createHash, randomInt } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { PAYMENT_NOTES, type OrderStatus } from '@souq/shared/constants';
import type { Order, orderRequestSchema } from '@souq/shared/api/orders';
import { centsToAmount } from '@souq/shared/rules/money';
import { computeTotals, lineTotalCents } from '@souq/shared/rules/pricing';
import type { z } from 'zod';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Mailer } from '../../platform/mailer.js';
import { SYSTEM_ACTOR, type Actor, type AuditLog } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { orderConfirmationMail } from './orders.mail.js';

export type PlaceOrderInput = z.infer<typeof orderRequestSchema>;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A product's price changed while the order was being written; the whole transaction is retried. */
class PriceChanged extends Error {}

const pgCode = (err: unknown): { code?: string; constraint?: string } => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
};

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

/** Luhn-valid runs of 13–19 digits (card numbers) never reach the database, even typed into the notes. */
export function redactCardNumbers(text: string): string {
  return text.replace(/\b(?:\d[ -]?){12,18}\d\b/g, (m) => {
    const digits = m.replace(/\D/g, '');
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    return sum % 10 === 0 ? '[card number removed]' : m;
  });
}

/** The stored note: the server's payment line, then whatever else the customer wrote (their own "Payment:" line dropped). */
function orderNotes(method: PlaceOrderInput['payment_method'], notes: string): string {
  const rest = redactCardNumbers(notes)
    .split('\n')
    .filter((line) => !/^\s*payment\s*:/i.test(line))
    .join('\n')
    .trim();
  return [PAYMENT_NOTES[method], rest].filter(Boolean).join('\n');
}

/** Same request ⇔ same hash: canonical JSON of the validated body plus who placed it. */
function requestHash(input: PlaceOrderInput, userId: number | null): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical({ input, userId }))).digest('hex');
}

export function toOrderDto(o: OrderRow, items: ItemRow[]): Order {
  return {
    id: o.id,
    order_number: o.orderNumber,
    status: o.status,
    subtotal: centsToAmount(o.subtotalCents),
    shipping: centsToAmount(o.shippingCents),
    tax: centsToAmount(o.taxCents),
    total_amount: centsToAmount(o.totalCents),
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
    })),
  };
}

export function createOrdersService(deps: {
  db: Db;
  bus: Bus;
  audit: AuditLog;
  catalogue: CatalogueService;
  currency: string;
  /** Sends the order confirmation; without one no mail is sent and the answer says so. */
  mailer?: Mailer | null;
  log?: (msg: string) => void;
}) {
  const { db, bus, catalogue } = deps;

  /** Queues the confirmation of a committed order; a mail problem never fails the order. True when queued. */
  function queueConfirmation(order: Order, shipTo: PlaceOrderInput['shipping_address']): boolean {
    if (!deps.mailer) return false;
    try {
      return deps.mailer.queue(orderConfirmationMail(order, shipTo));
    } catch (err) {
      deps.log?.(`order ${order.order_number}: confirmation not queued: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  async function itemsOf(orderIds: number[], tx: Db | Tx = db): Promise<Map<number, ItemRow[]>> {
    const map = new Map<number, ItemRow[]>();
    if (!orderIds.length) return map;
    const rows = await tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
    for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
    return map;
  }

  async function dtoOf(row: OrderRow, tx: Db | Tx = db): Promise<Order> {
    return toOrderDto(row, (await itemsOf([row.id], tx)).get(row.id) ?? []);
  }

  /** An earlier order with this Idempotency-Key: the same order again for the same request, else a conflict. */
  async function replay(tx: Db | Tx, key: string, hash: string): Promise<Order | null> {
    const [existing] = await tx.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw conflict(MSG.idempotencyConflict);
    return dtoOf(existing, tx);
  }

  /**
   * Checkout in one transaction, as named steps: (1) idempotency check, (2) check the products at their database
   * prices, (3) price with the shared rule, (4) write order, items and first status, (5) reserve stock with the
   * guarded decrement, last, so hot rows are locked only until the commit. Any failure rolls all of it back.
   */
  async function placeOnce(input: PlaceOrderInput, userId: number | null, key: string | null, hash: string) {
    return db.transaction(async (tx) => {
      if (key) {
        // concurrent requests with one key queue here; the second then finds the first's order
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-idem:${key}`}))`);
        const earlier = await replay(tx, key, hash);
        if (earlier) return { order: earlier, replayed: true };
      }
      const stockLines = input.items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
      const priced = await catalogue.productsForOrder(tx, stockLines);
      const lines = input.items.map((i) => {
        const p = priced.get(i.product_id)!;
        return { item: i, product: p, unitPriceCents: p.priceCents, quantity: i.quantity };
      });
      const totals = computeTotals(lines);
      const shipping = { address: input.shipping_address.address, city: input.shipping_address.city, country: input.shipping_address.country, zip: input.shipping_address.zip };
      const billing = input.billing_address
        ? { address: input.billing_address.address, city: input.billing_address.city, country: input.billing_address.country, zip: input.billing_address.zip }
        : shipping;
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          userId,
          customerName: input.customer_info.name,
          customerEmail: input.customer_info.email,
          customerPhone: input.customer_info.phone || null,
          shippingAddress: shipping,
          billingAddress: billing,
          paymentMethod: input.payment_method,
          currency: deps.currency,
          subtotalCents: totals.subtotalCents,
          shippingCents: totals.shippingCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          status: 'pending',
          notes: orderNotes(input.payment_method, input.notes),
          idempotencyKey: key,
          requestHash: key ? hash : null,
        })
        .returning();
      const items = await tx
        .insert(orderItems)
        .values(lines.map((l) => ({
          orderId: order!.id,
          productId: l.product.id,
          vendorId: l.product.vendorId,
          productName: l.product.name,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          lineTotalCents: lineTotalCents(l),
          variants: l.item.variants,
        })))
        .returning();
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, fromStatus: null, toStatus: 'pending', notes: 'Order placed', changedBy: userId });
      // last write before the commit: a popular product's row stays locked for as short a time as possible
      const reserved = await catalogue.reserveStock(tx, stockLines);
      for (const [id, row] of reserved) if (row.priceCents !== priced.get(id)!.priceCents) throw new PriceChanged();
      const placed = lines.map((l) => ({ productId: l.product.id, vendorId: l.product.vendorId, quantity: l.quantity, unitPriceCents: l.unitPriceCents }));
      const stock = [...reserved.values()].map((r) => ({ id: r.id, stock: r.stock }));
      return { order: toOrderDto(order!, items), replayed: false, placed, stock };
    });
  }

  return {
    toOrderDto,

    /**
     * Places an order from a validated request. Prices, totals and stock come from the database; with an
     * Idempotency-Key the same request answers the same order (replayed: true) and a different one is a 409.
     */
    async placeOrder(input: PlaceOrderInput, opts: { userId: number | null; idempotencyKey?: string | null }) {
      const key = opts.idempotencyKey?.trim() || null;
      const hash = requestHash(input, opts.userId);
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await placeOnce(input, opts.userId, key, hash);
          if (result.replayed) {
            // the first request queued the confirmation (when mail is configured); a replay sends no second one
            return { order: result.order, replayed: true, confirmationQueued: Boolean(deps.mailer) };
          }
          // after the commit: the stock moves, then the order itself, then the customer's confirmation
          catalogue.announceStock(result.stock ?? []);
          void bus.emit('order.placed', { orderId: result.order.id, orderNumber: result.order.order_number, userId: opts.userId, items: result.placed ?? [] });
          const confirmationQueued = queueConfirmation(result.order, input.shipping_address);
          return { order: result.order, replayed: false, confirmationQueued };
        } catch (err) {
          // a price changed between reading and locking: price the order again
          if (err instanceof PriceChanged && attempt < 3) continue;
          const { code, constraint } = pgCode(err);
          if (code !== '23505' || attempt >= 3) throw err;
          // the same key won a race on another instance (advisory locks are per database, so rare): replay it
          if (key && constraint !== 'orders_number_key') {
            const earlier = await replay(db, key, hash);
            if (earlier) return { order: earlier, replayed: true, confirmationQueued: Boolean(deps.mailer) };
          }
          // else an order-number collision: try again with a new number
        }
      }
    },

    /** A customer's own orders, newest first, bounded; total for X-Total-Count. */
    async listForUser(userId: number, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
      ]);
      const items = await itemsOf(rows.map((r) => r.id));
      return { items: rows.map((r) => toOrderDto(r, items.get(r.id) ?? [])), total: total?.n ?? 0 };
    },

    async getForUser(userId: number, orderId: number): Promise<Order> {
      const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!row) throw notFound(MSG.orderNotFound);
      return dtoOf(row);
    },

    /** A customer's own order by its number (the assistant's order answers); null when it is not theirs or unknown. */
    async findForUserByNumber(userId: number, orderNumber: string): Promise<Order | null> {
      const [row] = await db.select().from(orders).where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), eq(orders.userId, userId)));
      return row ? dtoOf(row) : null;
    },

    /** Whether any order ever held this product (a product with orders is archived, never erased). */
    async productHasOrders(productId: number): Promise<boolean> {
      const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, productId)).limit(1);
      return Boolean(row);
    },

    /**
     * Moves an order to a new status (admin tools, a vendor shipping, seed), in one transaction with its
     * status-history entry and its audit entry. Cancelling returns the reserved stock; moving a cancelled order back
     * to a live status reserves it again (409 when it is gone). Announces `order.statusChanged` after the commit.
     */
    async setStatus(orderId: number, status: OrderStatus, opts: { actor?: Actor; notes?: string } = {}): Promise<Order> {
      const actor = opts.actor ?? SYSTEM_ACTOR;
      let stockMoves: { id: number; stock: number }[] = [];
      const result = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!current) throw notFound(MSG.orderNotFound);
        const wasReleased = current.status === 'cancelled';
        const releases = status === 'cancelled';
        if (wasReleased !== releases) {
          const lines = ((await itemsOf([orderId], tx)).get(orderId) ?? [])
            .filter((i): i is ItemRow & { productId: number } => i.productId !== null)
            .map((i) => ({ productId: i.productId, quantity: i.quantity }));
          stockMoves = releases
            ? await catalogue.releaseStock(tx, lines)
            : [...(await catalogue.reserveStock(tx, lines)).values()].map((p) => ({ id: p.id, stock: p.stock }));
        }
        const [row] = await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
        await tx.insert(orderStatusHistory).values({
          orderId, fromStatus: current.status, toStatus: status, notes: opts.notes ?? '', changedBy: actor.userId,
        });
        await deps.audit.record(tx, {
          actor,
          action: 'order.status',
          target: { type: 'order', id: orderId },
          changes: { status: { before: current.status, after: status }, ...(opts.notes ? { notes: { before: null, after: opts.notes } } : {}) },
        });
        return { order: await dtoOf(row!, tx), from: current.status, userId: current.userId };
      });
      catalogue.announceStock(stockMoves);
      if (result.from !== status) {
        void bus.emit('order.statusChanged', {
          orderId, orderNumber: result.order.order_number, userId: result.userId, from: result.from, to: status,
        });
      }
      return result.order;
    },
  };
}
