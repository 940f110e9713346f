import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { createHash, randomInt } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { PAYMENT_NOTES, type OrderStatus } from '@souq/shared/constants';
import type { Order, orderRequestSchema } from '@souq/shared/api/orders';
import { centsToAmount } from '@souq/shared/rules/money';
import { computeTotals, lineTotalCents } from '@souq/shared/rules/pricing';
import type { z } from 'zod';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus, OrderPlacedItem } from '../../platform/bus.js';
import type { Mailer } from '../../platform/mailer.js';
import { changesBetween, SYSTEM_ACTOR, type Actor, type AuditLog } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import { checkProductsForOrder, type CatalogueService, type OrderProductRow, type ReservedProduct } from '../catalogue/catalogue.service.js';
import type { OrderOptionRow } from '../catalogue/variant-stock.js';
import { orderConfirmationMail } from './orders.mail.js';
import { checkOptionStock, optionsWanted, priceOrderLine } from './order-lines.js';

export type PlaceOrderInput = z.infer<typeof orderRequestSchema>;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A product's price changed between the check and the order statement; the order is tried again. */
class PriceChanged extends Error {}
/** The request holding the same Idempotency-Key rolled back after this one waited for it; the order is tried again. */
class KeyRaced extends Error {}

type PlaceRow = {
  /** Every product was there, active, with the stock and at the price the order was priced with, under its lock. */
  ok: boolean;
  /** Null when nothing was written: a failed check, or an earlier order holds the Idempotency-Key. */
  order_id: number | null;
  created_at: Date | string | null;
  /** The reserved products' new stock. */
  stock_ids: number[] | null;
  stocks: number[] | null;
  /** The products as locked, when the check failed (to name the one that did). */
  locked: OrderProductRow[] | null;
  /** The chosen options as locked, when the check failed. */
  locked_options: OrderOptionRow[] | null;
};

/**
 * The order as ONE statement (decision 0064), so no BEGIN/COMMIT round trips: a statement is atomic on its own.
 * `locked` takes the products' row locks in id order with FOR NO KEY UPDATE (the lock the stock update takes
 * anyway; it does not conflict with the key-share locks of concurrent orders' lines, decision 0058) and, in READ
 * COMMITTED, returns each row's newest version; `checked` compares them with what the order was priced from. Only
 * then is the order inserted (its Idempotency-Key's unique index makes a concurrent holder of the key wait and then
 * insert nothing), and only with an order are the lines, the first status and the stock written. The stock update
 * has no guard of its own: the locks keep what `checked` saw, and products_stock_nonnegative would fail the whole
 * statement anyway. Named: PostgreSQL parses and plans it once per pooled connection.
 */
const PLACE_ORDER_SQL = `
with wanted as (
  select w.id, w.quantity, w.price_cents from unnest($1::int[], $2::int[], $3::int[]) as w(id, quantity, price_cents)
), locked as (
  select p.id, p.name, p.status, p.price_cents, p.currency, p.vendor_id, p.stock
  from products p where p.id in (select id from wanted) order by p.id for no key update
), wanted_options as (
  select o.id, o.product_id, o.quantity, o.adjustment from unnest($21::int[], $22::int[], $23::int[], $24::int[]) as o(id, product_id, quantity, adjustment)
), locked_options as (
  -- after the products (the one-time filter reads all of them first): the lock order of every writer, products then options
  select v.id, v.product_id, v.type, v.value, v.price_adjustment_cents, v.inventory_quantity
  from product_variants v where v.id in (select id from wanted_options) and (select count(*) from locked) >= 0 order by v.id for no key update
), checked as (
  select (
    select count(*) = (select count(*) from wanted)
    from locked l join wanted w on w.id = l.id
    where l.status = 'active' and l.stock >= w.quantity and l.price_cents = w.price_cents
  ) and (
    select count(*) = (select count(*) from wanted_options)
    from locked_options v join wanted_options w on w.id = v.id
    where v.product_id = w.product_id and v.inventory_quantity >= w.quantity and v.price_adjustment_cents = w.adjustment
  ) as ok
), placed as (
  insert into orders (order_number, user_id, customer_name, customer_email, customer_phone, shipping_address, billing_address,
    payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, status, notes, idempotency_key, request_hash)
  select $4::text, $5::int, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::text, $12::text, $13::int, $14::int, $15::int,
    $16::int, 'pending', $17::text, $18::text, $19::text
  where (select ok from checked)
  on conflict (idempotency_key) do nothing
  returning id, created_at
), reserved as (
  update products p set stock = p.stock - w.quantity, updated_at = now()
  from wanted w where p.id = w.id and exists (select 1 from placed)
  returning p.id, p.stock
), options_reserved as (
  update product_variants v set inventory_quantity = v.inventory_quantity - w.quantity
  from wanted_options w where v.id = w.id and exists (select 1 from placed)
), lines as (
  insert into order_items (order_id, product_id, vendor_id, product_name, quantity, unit_price_cents, line_total_cents, variants, variant_ids, variant_label)
  select o.id, l.product_id, l.vendor_id, l.product_name, l.quantity, l.unit_price_cents, l.line_total_cents, l.variants,
    array(select jsonb_array_elements_text(l.variant_ids)::int), l.variant_label
  from placed o, jsonb_to_recordset($20::jsonb) as l(n int, product_id int, vendor_id int, product_name text, quantity int,
    unit_price_cents int, line_total_cents int, variants jsonb, variant_ids jsonb, variant_label text)
  order by l.n
), history as (
  insert into order_status_history (order_id, from_status, to_status, notes, changed_by)
  select o.id, null, 'pending', 'Order placed', $5::int from placed o
)
select c.ok, o.id as order_id, o.created_at,
  (select array_agg(r.id order by r.id) from reserved r) as stock_ids,
  (select array_agg(r.stock order by r.id) from reserved r) as stocks,
  case when not c.ok then (select json_agg(l) from locked l) end as locked,
  case when not c.ok then (select json_agg(v) from locked_options v) end as locked_options
from checked c left join placed o on true`;

type Placed =
  | { order: Order; replayed: true; placed?: undefined; stock?: undefined }
  | { order: Order; replayed: false; placed: OrderPlacedItem[]; stock: { id: number; stock: number }[] };

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

/**
 * JSON with every object's keys sorted, written straight to text: the same text as `JSON.stringify` of a copy with
 * sorted keys (undefined members left out, undefined array items as null), without building the copy.
 */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  if (v && typeof v === 'object') {
    let out = '';
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out += `${out ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(x)}`;
    }
    return `{${out}}`;
  }
  return JSON.stringify(v);
}

/** Same request ⇔ same hash: canonical JSON of the validated body plus who placed it. */
function requestHash(input: PlaceOrderInput, userId: number | null): string {
  return createHash('sha256').update(canonicalJson({ input, userId })).digest('hex');
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
      variants: i.variants,
      variant_label: i.variantLabel,
    })),
  };
}

/** What assigning a vendor needs to know about it (the vendors module answers; 404 when it does not exist). */
export type AssignableVendor = { id: number; company_name: string; contact_name: string };

export function createOrdersService(deps: {
  db: Db;
  /** Raw (named, prepared) queries: checkout's one statement (decision 0064). */
  query: Database['query'];
  bus: Bus;
  audit: AuditLog;
  catalogue: CatalogueService;
  currency: string;
  /** Sends the order confirmation; without one no mail is sent and the answer says so. */
  mailer?: Mailer | null;
  log?: (msg: string) => void;
  /** The vendor an admin assigns an order to; throws 404 when there is none (late-bound in services.ts). */
  vendorForAssignment?: (vendorId: number) => Promise<AssignableVendor>;
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
   * Checkout as named steps in two statements (decision 0064; 0058 had five in a transaction): (1) check the
   * products at their database prices, unlocked; (2) price with the shared rule; then ONE statement, atomic on its
   * own, (3) locks the products in id order and checks them again — still active, enough stock, the prices step 2
   * used — and only then (4) writes the order (with an Idempotency-Key, the key's unique index decides: a second
   * request with the key waits for the first and then finds its order), (5) its items and first status, and (6)
   * reserves the stock. A failed check writes nothing and answers from the locked rows.
   */
  async function placeOnce(input: PlaceOrderInput, userId: number | null, key: string | null, hash: string): Promise<Placed> {
    const stockLines = input.items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
    let priced: Map<number, ReservedProduct>;
    try {
      priced = await catalogue.productsForOrder(stockLines);
    } catch (err) {
      // a repeated request is answered with its order even when the stock has gone since
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { order: earlier, replayed: true };
      throw err;
    }
    // each line priced from its product and chosen options (400 for an option the product does not have)
    const withOptions = input.items.filter((i) => Object.keys(i.variants ?? {}).length).map((i) => i.product_id);
    const productOptions = withOptions.length ? await catalogue.optionsForOrder([...new Set(withOptions)]) : new Map<number, OrderOptionRow[]>();
    const lines = input.items.map((i) => {
      const p = priced.get(i.product_id)!;
      const line = priceOrderLine(p, productOptions.get(p.id) ?? [], i.variants ?? {});
      return { item: i, product: p, unitPriceCents: line.unitPriceCents, quantity: i.quantity, priced: line };
    });
    const options = optionsWanted(lines);
    const nameOf = (productId: number) => priced.get(productId)?.name ?? String(productId);
    checkOptionStock(options, [...options.values()].map((o) => o.option), nameOf);
    const totals = computeTotals(lines);
    const shipping = { address: input.shipping_address.address, city: input.shipping_address.city, country: input.shipping_address.country, zip: input.shipping_address.zip };
    const billing = input.billing_address
      ? { address: input.billing_address.address, city: input.billing_address.city, country: input.billing_address.country, zip: input.billing_address.zip }
      : shipping;
    const row: Omit<OrderRow, 'id' | 'createdAt' | 'updatedAt'> = {
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
      vendorId: null,
      notes: orderNotes(input.payment_method, input.notes),
      idempotencyKey: key,
      requestHash: key ? hash : null,
    };
    const items = lines.map((l) => ({
      productId: l.product.id,
      vendorId: l.product.vendorId,
      productName: l.product.name,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: lineTotalCents(l),
      variants: l.item.variants ?? {},
      variantIds: l.priced.options.map((o) => o.id),
      variantLabel: l.priced.variantLabel,
    }));
    const optionIds = [...options.keys()].sort((a, b) => a - b);
    // one quantity and the expected price per product, in id order (the lock order)
    const wanted = new Map<number, number>();
    for (const l of stockLines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const [result] = await deps.query<PlaceRow>(PLACE_ORDER_SQL, [
      ids, ids.map((id) => wanted.get(id)!), ids.map((id) => priced.get(id)!.priceCents),
      row.orderNumber, row.userId, row.customerName, row.customerEmail, row.customerPhone, JSON.stringify(row.shippingAddress),
      JSON.stringify(row.billingAddress), row.paymentMethod, row.currency, row.subtotalCents, row.shippingCents, row.taxCents,
      row.totalCents, row.notes, row.idempotencyKey, row.requestHash,
      JSON.stringify(items.map((i, n) => ({
        n, product_id: i.productId, vendor_id: i.vendorId, product_name: i.productName, quantity: i.quantity, unit_price_cents: i.unitPriceCents,
        line_total_cents: i.lineTotalCents, variants: i.variants, variant_ids: i.variantIds, variant_label: i.variantLabel,
      }))),
      optionIds, optionIds.map((id) => options.get(id)!.option.product_id), optionIds.map((id) => options.get(id)!.quantity),
      optionIds.map((id) => options.get(id)!.option.price_adjustment_cents),
    ], 'orders.place');
    if (!result!.ok) {
      // nothing was written; a repeated request is answered with its order even when the stock has gone since
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { order: earlier, replayed: true };
      // the rows as locked name the product or option that failed (404/422/409); if none did, a price moved or an
      // edit replaced the options: try again
      checkProductsForOrder(stockLines, result!.locked ?? []);
      checkOptionStock(options, result!.locked_options ?? [], nameOf);
      throw new PriceChanged();
    }
    if (result!.order_id === null) {
      // with a key, a concurrent request holding the same key made the insert wait for its commit, then do nothing
      const earlier = await replay(db, key!, hash);
      if (earlier) return { order: earlier, replayed: true };
      throw new KeyRaced();
    }
    const createdAt = new Date(result!.created_at!);
    const order: OrderRow = { ...row, id: result!.order_id, createdAt, updatedAt: createdAt };
    const placed = lines.map((l) => ({ productId: l.product.id, vendorId: l.product.vendorId, quantity: l.quantity, unitPriceCents: l.unitPriceCents }));
    const stock = result!.stock_ids!.map((id, i) => ({ id, stock: result!.stocks![i]! }));
    return { order: toOrderDto(order, items.map((i, n) => ({ ...i, id: n, orderId: order.id }))), replayed: false, placed, stock };
  }

  return {
    toOrderDto,

    /**
     * Places an order from a validated request. Prices, totals and stock come from the database; with an
     * Idempotency-Key the same request answers the same order (replayed: true) and a different one is a 409.
     */
    async placeOrder(input: PlaceOrderInput, opts: { userId: number | null; idempotencyKey?: string | null }) {
      const key = opts.idempotencyKey?.trim() || null;
      // the hash only matters with a key (stored with the order, compared on a repeat)
      const hash = key ? requestHash(input, opts.userId) : '';
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
          // a price changed between reading and locking, or the key's first holder rolled back: try again
          if ((err instanceof PriceChanged || err instanceof KeyRaced) && attempt < 3) continue;
          const { code, constraint } = pgCode(err);
          if (code !== '23505' || attempt >= 3) throw err;
          // a unique violation on the key itself (not expected with the conflict clause, kept as a safety net): replay
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
     * An admin assigns the order to a vendor (admin §2 "Assign vendor"), or takes the assignment back with null: the
     * order's vendor and its audit entry in one transaction.
     */
    async assignVendor(orderId: number, vendorId: number | null, opts: { actor: Actor }): Promise<{ vendor: AssignableVendor | null }> {
      if (vendorId !== null && !deps.vendorForAssignment) throw new Error('orders: vendorForAssignment is not wired');
      const vendor = vendorId === null ? null : await deps.vendorForAssignment!(vendorId);
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ vendorId: orders.vendorId }).from(orders).where(eq(orders.id, orderId)).for('update');
        if (!current) throw notFound(MSG.orderNotFound);
        await tx.update(orders).set({ vendorId, updatedAt: new Date() }).where(eq(orders.id, orderId));
        await deps.audit.record(tx, {
          actor: opts.actor,
          action: 'order.assignVendor',
          target: { type: 'order', id: orderId },
          changes: changesBetween({ vendor_id: current.vendorId }, { vendor_id: vendorId }),
        });
      });
      return { vendor };
    },

    /**
     * Moves an order to a new status (admin tools, a vendor shipping, seed), in one transaction with its
     * status-history entry and its audit entry. Cancelling returns the reserved stock; moving a cancelled order back
     * to a live status reserves it again (409 when it is gone). Announces `order.statusChanged` after the commit.
     */
    async setStatus(
      orderId: number,
      status: OrderStatus,
      opts: {
        actor?: Actor;
        notes?: string;
        /** Only from this status (checked under the row lock): otherwise a 409 with `conflictMessage`, nothing written. */
        expectFrom?: { status: OrderStatus; conflictMessage: (current: OrderStatus) => string };
      } = {},
    ): Promise<Order> {
      const actor = opts.actor ?? SYSTEM_ACTOR;
      let stockMoves: { id: number; stock: number }[] = [];
      const result = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!current) throw notFound(MSG.orderNotFound);
        if (opts.expectFrom && current.status !== opts.expectFrom.status) throw conflict(opts.expectFrom.conflictMessage(current.status));
        const wasReleased = current.status === 'cancelled';
        const releases = status === 'cancelled';
        if (wasReleased !== releases) {
          const items = ((await itemsOf([orderId], tx)).get(orderId) ?? []).filter((i): i is ItemRow & { productId: number } => i.productId !== null);
          const lines = items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
          stockMoves = releases
            ? await catalogue.releaseStock(tx, lines)
            : [...(await catalogue.reserveStock(tx, lines)).values()].map((p) => ({ id: p.id, stock: p.stock }));
          // the options' stock moves with their products' (after them: the lock order of the order statement)
          const optionLines = items.filter((i) => Object.keys(i.variants).length)
            .map((i) => ({ productId: i.productId, productName: i.productName, variants: i.variants, quantity: i.quantity }));
          if (optionLines.length) await catalogue.moveOptionStock(tx, optionLines, releases ? 1 : -1);
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
