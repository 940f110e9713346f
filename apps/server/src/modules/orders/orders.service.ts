import { and, count, desc, eq, like } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { DEFAULT_COMMISSION_BPS, MARKETPLACE_SELLER_NAME, PAYMENT_NOTES, TAX_SETTING_KEYS, type OrderStatus } from '@souq/shared/constants';
import { normaliseTrn, TAX_CATEGORY_DEFAULT, TAX_MODE_DEFAULT, type TaxCategory, type TaxMode } from '@souq/shared/rules/tax';
import type { Order, orderRequestSchema, Purchase } from '@souq/shared/api/orders';
import { centsToAmount } from '@souq/shared/rules/money';
import { DEFAULT_SHIPPING_RULE, lineTotalCents, splitBySeller, type ShippingRule } from '@souq/shared/rules/pricing';
import type { z } from 'zod';
import { orderItems, orders, orderStatusHistory, purchases } from '../../db/schema/orders.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus, OrderPlacedItem } from '../../platform/bus.js';
import type { Mailer } from '../../platform/mailer.js';
import { changesBetween, SYSTEM_ACTOR, type Actor, type AuditLog } from '../../platform/audit.js';
import { conflict, notFound, type MsgText } from '../../platform/errors.js';
import { checkProductsForOrder, type CatalogueService, type OrderProductRow } from '../catalogue/catalogue.service.js';
import type { OrderOptionRow } from '../catalogue/variant-stock.js';
import { orderConfirmationMail } from './orders.mail.js';
import type { Reader } from '../../platform/request-locale.js';
import { checkOptionStock, optionsWanted, priceOrderLine } from './order-lines.js';
import { cancellationEntries, saleEntries } from '../ledger/ledger.postings.js';
import { vatHolderOf } from '../ledger/ledger.vat.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { placedSales, post as postToLedger } from '../ledger/ledger.post.js';
import { lockVendors } from '../payouts/balances.js';
import { documentsForStatus } from '../tax/tax.documents.js';
import { checkStatusMoney } from './status-money.js';
import { moveSubOrderStock, subOrderMoney } from './sub-order-moves.js';
import { createPaymentHold } from './payment-hold.js';
import { createOrderReads, newOrderNumber, subOrderNumber, toOrderDto, toPurchaseDto, type OrderRow, type PurchaseRow } from './orders.dto.js';

// the row mappers live in orders.dto.ts; kept here for the callers that import them from the service
export { newOrderNumber, subOrderNumber, toOrderDto, toPurchaseDto } from './orders.dto.js';

export type PlaceOrderInput = z.infer<typeof orderRequestSchema>;

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A product's price changed between the check and the order statement; the order is tried again. */
class PriceChanged extends Error {}
/** The request holding the same Idempotency-Key rolled back after this one waited for it; the order is tried again. */
class KeyRaced extends Error {}

type PlaceRow = {
  /** Every product was there, active, with the stock and at the price the order was priced with, under its lock. */
  ok: boolean;
  /** Null when nothing was written: a failed check, or an earlier purchase holds the Idempotency-Key. */
  purchase_id: number | null;
  created_at: Date | string | null;
  /** The sub-orders' ids, in the order they were inserted (the parts' order). */
  order_ids: number[] | null;
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
  select w.id, w.quantity, w.price_cents, w.vendor_id
  from unnest($1::int[], $2::int[], $3::int[], $22::int[]) as w(id, quantity, price_cents, vendor_id)
), locked as (
  select p.id, p.name, p.status, p.price_cents, p.currency, p.vendor_id, p.stock
  from products p where p.id in (select id from wanted) order by p.id for no key update
), wanted_options as (
  select o.id, o.product_id, o.quantity, o.adjustment from unnest($24::int[], $25::int[], $26::int[], $27::int[]) as o(id, product_id, quantity, adjustment)
), locked_options as (
  -- after the products (the one-time filter reads all of them first): the lock order of every writer, products then options
  select v.id, v.product_id, v.type, v.value, v.price_adjustment_cents, v.inventory_quantity
  from product_variants v where v.id in (select id from wanted_options) and (select count(*) from locked) >= 0 order by v.id for no key update
), checked as (
  select (
    select count(*) = (select count(*) from wanted)
    from locked l join wanted w on w.id = l.id
    where l.status = 'active' and l.stock >= w.quantity and l.price_cents = w.price_cents and l.vendor_id is not distinct from w.vendor_id
  ) and (
    select count(*) = (select count(*) from wanted_options)
    from locked_options v join wanted_options w on w.id = v.id
    where v.product_id = w.product_id and v.inventory_quantity >= w.quantity and v.price_adjustment_cents = w.adjustment
  ) as ok
), placed as (
  insert into purchases (purchase_number, user_id, customer_name, customer_email, customer_phone, shipping_address, billing_address,
    payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, notes, idempotency_key, request_hash,
    tax_included, buyer_company, buyer_trn)
  select $4::text, $5::int, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::text, $12::text, $13::int, $14::int, $15::int,
    $16::int, $17::text, $18::text, $19::text, $28::boolean, $29::text, $30::text
  where (select ok from checked)
  on conflict (idempotency_key) do nothing
  returning id, created_at
), subs as (
  insert into orders (purchase_id, seller_vendor_id, order_number, user_id, customer_name, customer_email, customer_phone,
    shipping_address, billing_address, payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, status, notes,
    created_at, updated_at, tax_included, buyer_company, buyer_trn, released_at)
  select p.id, s.vendor_id, s.order_number, $5::int, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::text, $12::text,
    s.subtotal_cents, s.shipping_cents, s.tax_cents, s.total_cents, $31::text, $17::text, p.created_at, p.created_at, $28::boolean, $29::text, $30::text,
    case when $31::text = 'pending' then p.created_at end
  from placed p, jsonb_to_recordset($21::jsonb) as s(n int, vendor_id int, order_number text, subtotal_cents int, shipping_cents int,
    tax_cents int, total_cents int)
  order by s.n
  returning id, order_number
), reserved as (
  update products p set stock = p.stock - w.quantity, updated_at = now()
  from wanted w where p.id = w.id and exists (select 1 from placed)
  returning p.id, p.stock
), options_reserved as (
  update product_variants v set inventory_quantity = v.inventory_quantity - w.quantity
  from wanted_options w where v.id = w.id and exists (select 1 from placed)
), lines as (
  insert into order_items (order_id, product_id, vendor_id, product_name, quantity, unit_price_cents, line_total_cents, variants,
    variant_ids, variant_label, commission_bps, tax_category, tax_rate_bps, tax_cents)
  select o.id, l.product_id, l.vendor_id, l.product_name, l.quantity, l.unit_price_cents, l.line_total_cents, l.variants,
    array(select jsonb_array_elements_text(l.variant_ids)::int), l.variant_label, l.commission_bps, l.tax_category, l.tax_rate_bps, l.tax_cents
  from subs o join jsonb_to_recordset($20::jsonb) as l(n int, order_number text, product_id int, vendor_id int, product_name text,
    quantity int, unit_price_cents int, line_total_cents int, variants jsonb, variant_ids jsonb, variant_label text, commission_bps int,
    tax_category text, tax_rate_bps int, tax_cents int)
    on l.order_number = o.order_number
  order by l.n
), posted as (${placedSales.salesCte({ sales: '$23', currency: '$12', createdBy: '$5' })}
), history as (
  insert into order_status_history (order_id, from_status, to_status, notes, changed_by)
  select o.id, null, $31::text, $32::text, $5::int from subs o
)
select c.ok, o.id as purchase_id, o.created_at,
  (select array_agg(s.id order by s.id) from subs s) as order_ids,
  (select array_agg(r.id order by r.id) from reserved r) as stock_ids,
  (select array_agg(r.stock order by r.id) from reserved r) as stocks,
  case when not c.ok then (select json_agg(l) from locked l) end as locked,
  case when not c.ok then (select json_agg(v) from locked_options v) end as locked_options
from checked c left join placed o on true`;

type Placed =
  | { order: Purchase; replayed: true; placed?: undefined; stock?: undefined }
  | { order: Purchase; replayed: false; placed: Map<number, OrderPlacedItem[]>; stock: { id: number; stock: number }[] };

const pgCode = (err: unknown): { code?: string; constraint?: string } => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
};

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

/** A seller as checkout prices it: its name, shipping rule and whether it charges VAT (decisions 0086, 0098). */
export type Seller = { name: string; rule: ShippingRule; vatRegistered: boolean };

/** The shop's tax settings and the products' tax categories, as checkout prices a cart (decision 0098). */
export type TaxBasis = { mode: TaxMode; marketplaceRegistered: boolean; categories: Map<number, TaxCategory> };

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
  const { itemsOf, dtoOf, purchaseDtos } = createOrderReads(db);

  /** Queues the confirmation of a committed order; a mail problem never fails the order. True when queued. */
  function queueConfirmation(order: Purchase, shipTo: PlaceOrderInput['shipping_address'], reader?: Reader): boolean {
    if (!deps.mailer) return false;
    try {
      return deps.mailer.queue(orderConfirmationMail(order, shipTo, reader));
    } catch (err) {
      deps.log?.(`order ${order.order_number}: confirmation not queued: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  /** An earlier purchase with this Idempotency-Key: the same purchase again for the same request, else a conflict. */
  async function replay(tx: Db | Tx, key: string, hash: string): Promise<Purchase | null> {
    const [existing] = await tx.select().from(purchases).where(eq(purchases.idempotencyKey, key));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw conflict(MSG.idempotencyConflict);
    return (await purchaseDtos([existing], tx))[0]!;
  }

  /** The sellers' names and shipping rules (decision 0086), by vendor id; a named statement like the product read. */
  async function sellersOf(vendorIds: number[]): Promise<Map<number, Seller>> {
    const map = new Map<number, Seller>();
    if (!vendorIds.length) return map;
    const rows = await deps.query<{ id: number; company_name: string; shipping_fee_cents: number | null; free_shipping_above_cents: number | null; vat: boolean }>(
      // VAT only from a declared registrant with a well-formed TRN that an admin has verified (decision 0098)
      `select id, company_name, shipping_fee_cents, free_shipping_above_cents,
         (vat_registered and is_verified and vat_number ~ '^100[0-9]{12}$') as vat
       from vendors where id = any($1::int[])`, [vendorIds], 'orders.sellers',
    );
    for (const r of rows) {
      map.set(r.id, {
        name: r.company_name,
        vatRegistered: r.vat,
        rule: { feeCents: r.shipping_fee_cents ?? DEFAULT_SHIPPING_RULE.feeCents, freeAboveCents: r.free_shipping_above_cents ?? DEFAULT_SHIPPING_RULE.freeAboveCents },
      });
    }
    return map;
  }

  /**
   * The commission rate in force per product (decision 0087): the vendor's own rate, else its first category's, else
   * the default; products of the marketplace get none. A named statement; the rates table is a handful of rows.
   */
  async function commissionRatesOf(productIds: number[]): Promise<Map<number, number>> {
    const rows = await deps.query<{ id: number; bps: number | null }>(
      `select p.id, coalesce(v.rate_bps, c.rate_bps, d.rate_bps) as bps from products p
       left join commission_rates v on v.key = 'vendor:' || p.vendor_id
       left join commission_rates c on c.key = 'category:' || p.categories[1]
       left join commission_rates d on d.key = 'default'
       where p.id = any($1::int[]) and p.vendor_id is not null`, [productIds], 'orders.commissionRates',
    );
    return new Map(rows.flatMap((r) => (r.bps === null ? [] : [[r.id, r.bps] as [number, number]])));
  }

  /**
   * The shop's price mode, whether the marketplace itself is registered (it has a valid TRN set) and each product's
   * tax category: one named statement (decision 0098).
   */
  async function taxBasisOf(productIds: number[]): Promise<TaxBasis> {
    const rows = await deps.query<{ id: number | null; tax_category: TaxCategory | null; mode: string | null; trn: string | null }>(
      `select p.id, p.tax_category, s.mode, s.trn from
         (select max(value) filter (where key = $2) as mode, max(value) filter (where key = $3) as trn from settings) s
       left join products p on p.id = any($1::int[])`,
      [productIds, TAX_SETTING_KEYS.mode, TAX_SETTING_KEYS.trn], 'orders.taxBasis',
    );
    const first = rows[0];
    return {
      mode: first?.mode === 'exclusive' ? 'exclusive' : TAX_MODE_DEFAULT,
      marketplaceRegistered: Boolean(first?.trn && normaliseTrn(first.trn)),
      categories: new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.tax_category ?? TAX_CATEGORY_DEFAULT] as [number, TaxCategory]]))),
    };
  }

  /** The cart priced from database prices and split by seller, each with its own shipping rule (checkout and its quote). */
  async function priceCart(items: { product_id: number; quantity: number; variants?: Record<string, string> }[]) {
    const stockLines = items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
    const priced = await catalogue.productsForOrder(stockLines);
    // each line priced from its product and chosen options (400 for an option the product does not have)
    const withOptions = items.filter((i) => Object.keys(i.variants ?? {}).length).map((i) => i.product_id);
    const [sellers, rates, productOptions, tax] = await Promise.all([
      sellersOf([...new Set([...priced.values()].flatMap((p) => (p.vendorId === null ? [] : [p.vendorId])))]),
      commissionRatesOf([...priced.keys()]),
      withOptions.length ? catalogue.optionsForOrder([...new Set(withOptions)]) : new Map<number, OrderOptionRow[]>(),
      taxBasisOf([...priced.keys()]),
    ]);
    const lines = items.map((i, n) => {
      const p = priced.get(i.product_id)!;
      const line = priceOrderLine(p, productOptions.get(p.id) ?? [], i.variants ?? {});
      // the marketplace takes no commission on what it sells itself
      const commissionBps = p.vendorId === null ? 0 : rates.get(p.id) ?? DEFAULT_COMMISSION_BPS;
      const taxCategory = tax.categories.get(p.id) ?? TAX_CATEGORY_DEFAULT;
      return { n, product: p, vendorId: p.vendorId, unitPriceCents: line.unitPriceCents, quantity: i.quantity, commissionBps, priced: line, taxCategory };
    });
    const options = optionsWanted(lines);
    const nameOf = (productId: number) => priced.get(productId)?.name ?? String(productId);
    checkOptionStock(options, [...options.values()].map((o) => o.option), nameOf);
    const split = splitBySeller(
      lines,
      (v) => (v === null ? DEFAULT_SHIPPING_RULE : sellers.get(v)?.rule ?? DEFAULT_SHIPPING_RULE),
      (v) => ({ mode: tax.mode, registered: v === null ? tax.marketplaceRegistered : sellers.get(v)?.vatRegistered ?? false }),
    );
    const sellerName = (v: number | null) => (v === null ? MARKETPLACE_SELLER_NAME : sellers.get(v)?.name ?? MARKETPLACE_SELLER_NAME);
    return { stockLines, priced, ...split, sellerName, options, nameOf, taxMode: tax.mode };
  }

  /**
   * Checkout as named steps in two statements (decision 0064; 0058 had five in a transaction): (1) check the
   * products at their database prices, unlocked, and split the cart by seller with each one's shipping rule (decision
   * 0086); then ONE statement, atomic on its own, (2) locks the products in id order and checks them again — still
   * active, enough stock, the prices and sellers step 1 used — and only then (3) writes the purchase (with an
   * Idempotency-Key, the key's unique index decides: a second request with the key waits for the first and then
   * finds its purchase), (4) one sub-order per seller with its items and first status, and (5) reserves the stock.
   * A failed check writes nothing and answers from the locked rows.
   */
  async function placeOnce(input: PlaceOrderInput, userId: number | null, key: string | null, hash: string, held: boolean): Promise<Placed> {
    let cart: Awaited<ReturnType<typeof priceCart>>;
    try {
      cart = await priceCart(input.items);
    } catch (err) {
      // a repeated request is answered with its purchase even when the stock has gone since
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { order: earlier, replayed: true };
      throw err;
    }
    const { stockLines, priced, parts, totals, options, nameOf } = cart;
    const shipping = { address: input.shipping_address.address, city: input.shipping_address.city, country: input.shipping_address.country, zip: input.shipping_address.zip };
    const billing = input.billing_address
      ? { address: input.billing_address.address, city: input.billing_address.city, country: input.billing_address.country, zip: input.billing_address.zip }
      : shipping;
    const purchase: Omit<PurchaseRow, 'id' | 'createdAt'> = {
      purchaseNumber: newOrderNumber(),
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
      notes: orderNotes(input.payment_method, input.notes),
      idempotencyKey: key,
      requestHash: key ? hash : null,
      taxIncluded: cart.taxMode === 'inclusive',
      buyerCompany: input.customer_info.company || null,
      buyerTrn: input.customer_info.trn ?? null,
    };
    const subs = parts.map((part, n) => ({
      n,
      vendor_id: part.vendorId,
      order_number: subOrderNumber(purchase.purchaseNumber, n, parts.length),
      subtotal_cents: part.totals.subtotalCents,
      shipping_cents: part.totals.shippingCents,
      tax_cents: part.totals.taxCents,
      total_cents: part.totals.totalCents,
    }));
    const items = parts.flatMap((part, n) => part.lines.map((l, k) => ({
      n: l.n,
      order_number: subs[n]!.order_number,
      product_id: l.product.id,
      vendor_id: l.vendorId,
      product_name: l.product.name,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: lineTotalCents(l),
      variants: input.items[l.n]!.variants ?? {},
      variant_ids: l.priced.options.map((o) => o.id),
      variant_label: l.priced.variantLabel,
      commission_bps: l.commissionBps,
      tax_category: l.taxCategory,
      tax_rate_bps: part.lineTaxes[k]!.rateBps,
      tax_cents: part.lineTaxes[k]!.taxCents,
    })));
    // the sale's ledger rows per sub-order, written by the same statement (decision 0087)
    // (checked to balance by the ledger, which owns the statement's insert: decision 0116); a card purchase waits for
    // its payment with none: they are posted when the provider authorises it (payment-hold.ts, decision 0137)
    const sales = placedSales.salesParam(held ? [] : parts.map((part, n) => ({
      orderNumber: subs[n]!.order_number,
      lines: saleEntries({
        vendorId: part.vendorId, ...part.totals, lines: part.lines.map((l) => ({ lineTotalCents: lineTotalCents(l), commissionBps: l.commissionBps })),
      }),
    })), purchase.currency);
    // one quantity, the expected price and seller per product, in id order (the lock order)
    const optionIds = [...options.keys()].sort((a, b) => a - b);
    const wanted = new Map<number, number>();
    for (const l of stockLines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const p = purchase;
    const [result] = await deps.query<PlaceRow>(PLACE_ORDER_SQL, [
      ids, ids.map((id) => wanted.get(id)!), ids.map((id) => priced.get(id)!.priceCents),
      p.purchaseNumber, p.userId, p.customerName, p.customerEmail, p.customerPhone, JSON.stringify(p.shippingAddress),
      JSON.stringify(p.billingAddress), p.paymentMethod, p.currency, p.subtotalCents, p.shippingCents, p.taxCents,
      p.totalCents, p.notes, p.idempotencyKey, p.requestHash, JSON.stringify(items), JSON.stringify(subs),
      ids.map((id) => priced.get(id)!.vendorId), sales,
      optionIds, optionIds.map((id) => options.get(id)!.option.product_id), optionIds.map((id) => options.get(id)!.quantity),
      optionIds.map((id) => options.get(id)!.option.price_adjustment_cents),
      p.taxIncluded, p.buyerCompany, p.buyerTrn,
      held ? 'awaiting_payment' : 'pending', held ? 'Awaiting card payment' : 'Order placed',
    ], 'orders.place');
    if (!result!.ok) {
      // nothing was written; a repeated request is answered with its purchase even when the stock has gone since
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { order: earlier, replayed: true };
      // the rows as locked name the product or option that failed (404/422/409); if none did, a price or seller moved
      // or an edit replaced the options: try again
      checkProductsForOrder(stockLines, result!.locked ?? []);
      checkOptionStock(options, result!.locked_options ?? [], nameOf);
      throw new PriceChanged();
    }
    if (result!.purchase_id === null) {
      // with a key, a concurrent request holding the same key made the insert wait for its commit, then do nothing
      const earlier = await replay(db, key!, hash);
      if (earlier) return { order: earlier, replayed: true };
      throw new KeyRaced();
    }
    const createdAt = new Date(result!.created_at!);
    const orderIds = result!.order_ids!;
    const placed = new Map<number, OrderPlacedItem[]>();
    const subDtos = subs.map((sub, n) => {
      const id = orderIds[n]!;
      const own = items.filter((i) => i.order_number === sub.order_number);
      placed.set(id, own.map((i) => ({ productId: i.product_id, vendorId: i.vendor_id, quantity: i.quantity, unitPriceCents: i.unit_price_cents })));
      const row: OrderRow = {
        id, orderNumber: sub.order_number, userId: p.userId, customerName: p.customerName, customerEmail: p.customerEmail,
        customerPhone: p.customerPhone, shippingAddress: p.shippingAddress, billingAddress: p.billingAddress, paymentMethod: p.paymentMethod,
        currency: p.currency, subtotalCents: sub.subtotal_cents, shippingCents: sub.shipping_cents, taxCents: sub.tax_cents,
        totalCents: sub.total_cents, taxIncluded: p.taxIncluded, buyerCompany: p.buyerCompany, buyerTrn: p.buyerTrn, status: held ? 'awaiting_payment' : 'pending', vendorId: null, purchaseId: result!.purchase_id!, sellerVendorId: sub.vendor_id,
        trackingNumber: null, carrier: null, shippedAt: null, deliveredAt: null, releasedAt: held ? null : createdAt, notes: p.notes, idempotencyKey: null, requestHash: null, createdAt, updatedAt: createdAt,
      };
      const itemRows = own.map((i, k) => ({
        id: k, orderId: id, productId: i.product_id, vendorId: i.vendor_id, productName: i.product_name, quantity: i.quantity,
        unitPriceCents: i.unit_price_cents, lineTotalCents: i.line_total_cents, variants: i.variants, commissionBps: i.commission_bps,
        variantIds: i.variant_ids, variantLabel: i.variant_label, taxCategory: i.tax_category, taxRateBps: i.tax_rate_bps, taxCents: i.tax_cents,
      }));
      return toOrderDto(row, itemRows, { purchaseNumber: p.purchaseNumber, sellerName: cart.sellerName(sub.vendor_id) });
    });
    const stock = result!.stock_ids!.map((id, i) => ({ id, stock: result!.stocks![i]! }));
    return { order: toPurchaseDto({ ...p, id: result!.purchase_id!, createdAt }, subDtos), replayed: false, placed, stock };
  }

  const paymentHold = createPaymentHold({
    bus, catalogue,
    // the confirmation of a card purchase, once its payment is authorised (to the address it was placed with)
    confirm: async (purchaseId) => {
      const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
      if (!row) return;
      const [purchase] = await purchaseDtos([row]);
      queueConfirmation(purchase!, { ...row.shippingAddress });
    },
  });

  return {
    toOrderDto,
    /** A card purchase's sub-orders released on payment or given up unpaid, in the payments module's transaction. */
    paymentHold,

    /** A purchase by its number (the payments module's return page and webhooks), with who placed it. */
    async purchaseByNumber(purchaseNumber: string): Promise<Purchase & { user_id: number | null } | null> {
      const [row] = await db.select().from(purchases).where(eq(purchases.purchaseNumber, purchaseNumber.trim().toUpperCase()));
      if (!row) return null;
      const [dto] = await purchaseDtos([row]);
      return { ...dto!, user_id: row.userId };
    },

    /**
     * Each seller's name, shipping rule and VAT registration, the shop's price mode and the products' tax categories
     * (decisions 0086, 0098), for callers that price a cart the checkout's way (agents).
     */
    async pricingBasis(vendorIds: number[], productIds: number[]): Promise<{ sellers: Map<number, Seller>; tax: TaxBasis }> {
      const [sellers, tax] = await Promise.all([sellersOf(vendorIds), taxBasisOf(productIds)]);
      return { sellers, tax };
    },

    /**
     * The checkout's summary before paying (decision 0086): the cart priced from the database and split by seller,
     * each part with its own shipping; the same function the order is placed with, so the screen and the charge agree.
     */
    async quote(items: { product_id: number; quantity: number; variants?: Record<string, string> }[]) {
      const { parts, totals, sellerName, taxMode } = await priceCart(items);
      return {
        currency: deps.currency,
        sellers: parts.map((part) => ({
          vendor_id: part.vendorId,
          seller_name: sellerName(part.vendorId),
          product_ids: part.lines.map((l) => l.product.id),
          subtotal: centsToAmount(part.totals.subtotalCents),
          shipping: centsToAmount(part.totals.shippingCents),
          tax: centsToAmount(part.totals.taxCents),
          total: centsToAmount(part.totals.totalCents),
          vat_registered: part.tax.registered,
        })),
        subtotal: centsToAmount(totals.subtotalCents),
        shipping: centsToAmount(totals.shippingCents),
        tax: centsToAmount(totals.taxCents),
        total: centsToAmount(totals.totalCents),
        tax_included: taxMode === 'inclusive',
      };
    },

    /**
     * Places a purchase from a validated request: one sub-order per seller. Prices, totals and stock come from the
     * database; with an Idempotency-Key the same request answers the same purchase (replayed: true) and a different
     * one is a 409.
     */
    /** `reader`: the language and digits of the confirmation mail (the customer's saved choice, else the request's). */
    /**
     * `holdForPayment`: a card purchase from the checkout waits on hold for its payment (decision 0137); callers that
     * record a purchase already paid elsewhere (the demo's history, agents until their payment handler) place it as
     * before.
     */
    async placeOrder(input: PlaceOrderInput, opts: { userId: number | null; idempotencyKey?: string | null; reader?: Reader; holdForPayment?: boolean }) {
      const held = input.payment_method === 'card' && opts.holdForPayment === true;
      const key = opts.idempotencyKey?.trim() || null;
      // the hash only matters with a key (stored with the purchase, compared on a repeat)
      const hash = key ? requestHash(input, opts.userId) : '';
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await placeOnce(input, opts.userId, key, hash, held);
          if (result.replayed) {
            // the first request queued the confirmation (when mail is configured); a replay sends no second one
            return { order: result.order, replayed: true, confirmationQueued: Boolean(deps.mailer) };
          }
          // after the commit: the stock moves, then each sub-order (its seller hears of its own), then the confirmation;
          // a card purchase is announced and confirmed when its payment is authorised (payment-hold.ts)
          catalogue.announceStock(result.stock ?? []);
          if (held) return { order: result.order, replayed: false, confirmationQueued: false };
          for (const sub of result.order.sub_orders) {
            void bus.emit('order.placed', { orderId: sub.id, orderNumber: sub.order_number, userId: opts.userId, items: result.placed?.get(sub.id) ?? [] });
          }
          const confirmationQueued = queueConfirmation(result.order, input.shipping_address, opts.reader);
          return { order: result.order, replayed: false, confirmationQueued };
        } catch (err) {
          // a price changed between reading and locking, or the key's first holder rolled back: try again
          if ((err instanceof PriceChanged || err instanceof KeyRaced) && attempt < 3) continue;
          const { code, constraint } = pgCode(err);
          if (code !== '23505' || attempt >= 3) throw err;
          // a unique violation on the key itself (not expected with the conflict clause, kept as a safety net): replay
          if (key && constraint !== 'purchases_number_key' && constraint !== 'orders_number_key') {
            const earlier = await replay(db, key, hash);
            if (earlier) return { order: earlier, replayed: true, confirmationQueued: Boolean(deps.mailer) };
          }
          // else a purchase-number collision: try again with a new number
        }
      }
    },

    /** A customer's own purchases with their sub-orders, newest first, bounded; total for X-Total-Count. */
    async listForUser(userId: number, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt), desc(purchases.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(purchases).where(eq(purchases.userId, userId)),
      ]);
      return { items: await purchaseDtos(rows), total: total?.n ?? 0 };
    },

    /** One of a customer's purchases by its id. */
    async getForUser(userId: number, purchaseId: number): Promise<Purchase> {
      const [row] = await db.select().from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
      if (!row) throw notFound(MSG.orderNotFound);
      return (await purchaseDtos([row]))[0]!;
    },

    /** A customer's own sub-order by its number (the assistant's order answers); null when it is not theirs or unknown. */
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
        /** Only from these statuses (checked under the row lock): otherwise a 409 with `conflictMessage`, nothing written. */
        expectFrom?: { status: OrderStatus | readonly OrderStatus[]; conflictMessage: (current: OrderStatus) => string | MsgText };
        /** Only on this vendor's sub-order (its seller, or the vendor an admin assigned it to): otherwise a 404, nothing written. */
        vendorId?: number;
        /** Shipping: the tracking number and carrier, stored with the move and sent to the customer (decision 0086). */
        tracking?: { number: string; carrier: string };
      } = {},
    ): Promise<Order> {
      const actor = opts.actor ?? SYSTEM_ACTOR;
      let stockMoves: { id: number; stock: number }[] = [];
      const result = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!current) throw notFound(MSG.orderNotFound);
        // another vendor's sub-order is as invisible as one that does not exist
        if (opts.vendorId !== undefined && current.sellerVendorId !== opts.vendorId && current.vendorId !== opts.vendorId) throw notFound(MSG.orderNotFound);
        const allowed: readonly OrderStatus[] | null = opts.expectFrom ? [opts.expectFrom.status].flat() : null;
        if (allowed && !allowed.includes(current.status)) throw conflict(opts.expectFrom!.conflictMessage(current.status));
        // a status never claims money the ledger does not show (decision 0117)
        await checkStatusMoney(tx, current, status);
        const wasReleased = current.status === 'cancelled';
        const releases = status === 'cancelled';
        // `refunded` records money already given back (checked above): it moves no stock and posts nothing
        if (wasReleased !== releases && status !== 'refunded') {
          // a sub-order part of which was refunded through a return cannot also be reversed in full (decision 0094)
          if (releases) {
            const [refunded] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries)
              .where(and(eq(ledgerEntries.orderId, orderId), like(ledgerEntries.posting, 'return:%'))).limit(1);
            if (refunded) throw conflict(MSG.returnCancelWithRefunds);
          }
          const items = (await itemsOf([orderId], tx)).get(orderId) ?? [];
          stockMoves = await moveSubOrderStock(tx, catalogue, items, releases);
          // the money follows in the same transaction (decision 0087): a cancellation reverses the sale in full,
          // taking a cancelled sub-order back posts its sale again
          // (a sale posted before decision 0133 keeps its VAT where it was put: vatHolderOf)
          const money = { ...subOrderMoney(current, items), vatHolder: await vatHolderOf(tx, current) };
          // an order placed before the ledger (migration 0012) has no sale to reverse: it posts nothing
          const [posted] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).limit(1);
          const rows = !posted ? [] : releases ? cancellationEntries(money) : saleEntries(money);
          if (rows.length) {
            // a cancellation lowers the vendor's balance: under the vendor's lock, like a payout batch, so the two
            // never both spend the same available money (decision 0095)
            if (releases && current.sellerVendorId !== null) await lockVendors(tx, [current.sellerVendorId]);
            await postToLedger(tx, {
              kind: releases ? 'cancelled' : 'reinstated', ref: `${orderId}:${randomUUID()}`, lines: rows, currency: current.currency,
              purchaseId: current.purchaseId, orderId, createdBy: actor.userId,
            });
          }
        }
        const tracking = opts.tracking ? { trackingNumber: opts.tracking.number, carrier: opts.tracking.carrier } : {};
        // the first time a sub-order ships / is delivered is when the return window and the held money start
        const now = new Date();
        const moments = {
          ...(status === 'shipped' && !current.shippedAt ? { shippedAt: now } : {}),
          ...(status === 'delivered' && !current.deliveredAt ? { deliveredAt: now } : {}),
        };
        const [row] = await tx.update(orders).set({ status, ...tracking, ...moments, updatedAt: now }).where(eq(orders.id, orderId)).returning();
        await tx.insert(orderStatusHistory).values({
          orderId, fromStatus: current.status, toStatus: status, notes: opts.notes ?? '', changedBy: actor.userId,
        });
        // the tax documents the move makes due, in its transaction (decision 0099): the invoice when it ships (or is
        // paid, a setting), a credit note when an invoiced sub-order is cancelled
        if (current.status !== status) await documentsForStatus(tx, current, status);
        await deps.audit.record(tx, {
          actor,
          action: 'order.status',
          target: { type: 'order', id: orderId },
          changes: {
            status: { before: current.status, after: status },
            ...(opts.notes ? { notes: { before: null, after: opts.notes } } : {}),
            ...(opts.tracking ? changesBetween({ tracking_number: current.trackingNumber, carrier: current.carrier }, { tracking_number: opts.tracking.number, carrier: opts.tracking.carrier }) : {}),
          },
        });
        return { order: await dtoOf(row!, tx), from: current.status, userId: current.userId };
      });
      catalogue.announceStock(stockMoves);
      if (result.from !== status) {
        void bus.emit('order.statusChanged', {
          orderId, orderNumber: result.order.order_number, userId: result.userId, from: result.from, to: status,
          ...(opts.tracking ? { tracking: opts.tracking } : {}),
        });
      }
      return result.order;
    },
  };
}
