import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import { PAYMENT_NOTES, type PaidBy } from '@souq/shared/constants';
import type { orderRequestSchema, Purchase } from '@souq/shared/api/orders';
import { lineTotalCents } from '@souq/shared/rules/pricing';
import type { z } from 'zod';
import { purchases } from '../../db/schema/orders.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus, OrderPlacedItem } from '../../platform/bus.js';
import { badRequest, conflict, unprocessable } from '../../platform/errors.js';
import { amountToCents } from '@souq/shared/rules/money';
import type { Reader } from '../../platform/request-locale.js';
import { checkProductsForOrder, type CatalogueService, type OrderProductRow } from '../catalogue/catalogue.service.js';
import type { OrderOptionRow } from '../catalogue/variant-stock.js';
import { promotionPaidEntries, saleEntries } from '../ledger/ledger.postings.js';
import { placedRedemptions } from '../promotions/promotions.redeem.js';
import { placedCredit, placedSales } from '../ledger/ledger.post.js';
import { createPurchasePromotions, promotionMoney, type CartPromotions, type PurchasePromotions } from './purchase-promotions.js';
import { splitCredit } from '../ledger/ledger.credit.js';
import { checkOptionStock } from './order-lines.js';
import { newOrderNumber, subOrderNumber, toOrderDto, toPurchaseDto, type OrderReads, type OrderRow, type PurchaseRow } from './orders.dto.js';
import type { PricedCart } from './price-cart.js';
import type { Emirate, UaeAddress } from '@souq/shared/rules/uae-address';
import type { DeliveryPromise } from '@souq/shared/rules/delivery-promise';

// Placing a purchase, in three named steps (docs/ARCHITECTURE.md "How a request travels"): `price` the cart at
// database prices, write it with ONE statement (`purchaseRows` → `writeOnce`, then `refused` or `placedAnswer`), and
// `afterCommit` announce it; `placePurchase` tries again on a price that moved or a key race.

export type PlaceOrderInput = z.infer<typeof orderRequestSchema>;
export type { PurchasePromotions } from './purchase-promotions.js';

/** A product's price changed between the check and the order statement; the order is tried again. */
class PriceChanged extends Error {}
/** The request holding the same Idempotency-Key rolled back after this one waited for it; the order is tried again. */
class KeyRaced extends Error {}

type PlaceRow = {
  /** Every product was there, active, with the stock and at the price the order was priced with, under its lock. */
  ok: boolean;
  /** The shopper's store credit covered what the purchase spends of it (always true when it spends none). */
  credit_ok: boolean;
  /** The limited promotions it redeems were still within their limits under their locks (always true with none). */
  promotions_ok: boolean;
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
const placeOrderSql = (promotions: boolean) => `
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
  select x.stock_ok and x.promotions_ok as ok, x.promotions_ok from (select (
    select count(*) = (select count(*) from wanted)
    from locked l join wanted w on w.id = l.id
    where l.status = 'active' and l.stock >= w.quantity and l.price_cents = w.price_cents and l.vendor_id is not distinct from w.vendor_id
  ) and (
    select count(*) = (select count(*) from wanted_options)
    from locked_options v join wanted_options w on w.id = v.id
    where v.product_id = w.product_id and v.inventory_quantity >= w.quantity and v.price_adjustment_cents = w.adjustment
  ) and (
    -- store credit (decision 0141): the shopper's balance, read after their lock (taken just before this statement)
    $34::int8 = 0 or (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e
      where e.account = 'shopper_store_credit' and e.shopper_id = $5::int and e.currency = $12::text) >= $34::int8
  ) as stock_ok,
  -- promotions with a limit (decision 0167): read again after their locks, taken just before this statement
  ${promotions ? placedRedemptions.check({ limited: '$40', code: '$41', user: '$5' }) : 'true'} as promotions_ok
  offset 0) x
), placed as (
  insert into purchases (purchase_number, user_id, customer_name, customer_email, customer_phone, shipping_address, billing_address,
    payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, notes, idempotency_key, request_hash,
    tax_included, buyer_company, buyer_trn, store_credit_cents, delivery_address, promotion_paid_cents)
  select $4::text, $5::int, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::text, $12::text, $13::int, $14::int, $15::int,
    $16::int, $17::text, $18::text, $19::text, $28::boolean, $29::text, $30::text, $34::int, $35::jsonb, $36::int
  where (select ok from checked)
  on conflict (idempotency_key) do nothing
  returning id, created_at
), subs as (
  insert into orders (purchase_id, seller_vendor_id, order_number, user_id, customer_name, customer_email, customer_phone,
    shipping_address, billing_address, payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, status, notes,
    created_at, updated_at, tax_included, buyer_company, buyer_trn, released_at, store_credit_cents, delivery_address, promise_earliest, promise_latest,
    promotion_paid_cents)
  select p.id, s.vendor_id, s.order_number, $5::int, $6::text, $7::text, $8::text, $9::jsonb, $10::jsonb, $11::text, $12::text,
    s.subtotal_cents, s.shipping_cents, s.tax_cents, s.total_cents, $31::text, $17::text, p.created_at, p.created_at, $28::boolean, $29::text, $30::text,
    case when $31::text = 'pending' then p.created_at end, s.store_credit_cents, $35::jsonb, s.promise_earliest::date, s.promise_latest::date,
    s.promotion_paid_cents
  from placed p, jsonb_to_recordset($21::jsonb) as s(n int, vendor_id int, order_number text, subtotal_cents int, shipping_cents int,
    tax_cents int, total_cents int, store_credit_cents int, promise_earliest text, promise_latest text, promotion_paid_cents int)
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
  returning id
), posted as (${placedSales.salesCte({ sales: '$23', currency: '$12', createdBy: '$5' })}
), credit_spent as (${placedCredit.creditCte({ credit: '$33', currency: '$12', shopper: '$5' })}
), history as (
  insert into order_status_history (order_id, from_status, to_status, notes, changed_by)
  select o.id, null, $31::text, $32::text, $5::int from subs o
)${promotions ? placedRedemptions.ctes({ discounts: '$37', redemptions: '$38', raised: '$39', user: '$5' }) : ''}
select c.ok, c.promotions_ok, $34::int8 = 0 or (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e
    where e.account = 'shopper_store_credit' and e.shopper_id = $5::int and e.currency = $12::text) >= $34::int8 as credit_ok,
  o.id as purchase_id, o.created_at,
  (select array_agg(s.id order by s.id) from subs s) as order_ids,
  (select array_agg(r.id order by r.id) from reserved r) as stock_ids,
  (select array_agg(r.stock order by r.id) from reserved r) as stocks,
  case when not c.ok then (select json_agg(l) from locked l) end as locked,
  case when not c.ok then (select json_agg(v) from locked_options v) end as locked_options
from checked c left join placed o on true`;
const PLACE_ORDER_SQL = placeOrderSql(false);
/** The same statement writing what the purchase redeemed too (decision 0167): parameters $37–$41 after the others. */
const PLACE_ORDER_PROMOTIONS_SQL = placeOrderSql(true);

type Placed =
  | { order: Purchase; replayed: true; placed?: undefined; stock?: undefined }
  | { order: Purchase; replayed: false; placed: Map<number, OrderPlacedItem[]>; stock: { id: number; stock: number }[]; held?: boolean };

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
function orderNotes(method: PaidBy, notes: string): string {
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

/** What the one statement writes, built from the priced cart: the purchase, its sub-orders and lines, the sale's ledger rows. */
type PurchaseRows = {
  purchase: Omit<PurchaseRow, 'id' | 'createdAt'>;
  subs: {
    n: number; vendor_id: number | null; order_number: string; subtotal_cents: number; shipping_cents: number; tax_cents: number; total_cents: number; store_credit_cents: number;
    promise_earliest: string | null; promise_latest: string | null; promotion_paid_cents: number;
  }[];
  items: {
    n: number; order_number: string; product_id: number; vendor_id: number | null; product_name: string; quantity: number;
    unit_price_cents: number; line_total_cents: number; variants: Record<string, string>; variant_ids: number[]; variant_label: string;
    commission_bps: number; tax_category: PricedCart['parts'][number]['lines'][number]['taxCategory']; tax_rate_bps: number; tax_cents: number;
  }[];
  sales: ReturnType<typeof placedSales.salesParam>;
  /** The store credit spent, per sub-order (JSON parameter), and in all. */
  credit: string;
  creditCents: number;
};

export function createPlacePurchase(deps: {
  db: Db;
  /** Raw (named, prepared) queries: checkout's one statement (decision 0064). */
  query: Database['query'];
  /** A transaction of raw queries: the statement after the shopper's or the promotions' locks (decision 0167). */
  transaction: Database['transaction'];
  bus: Bus;
  catalogue: CatalogueService;
  currency: string;
  priceCart: (items: PlaceOrderInput['items']) => Promise<PricedCart>;
  purchaseDtos: OrderReads['purchaseDtos'];
  /** Whether confirmation mails are sent at all (a replay answers that the first request queued one). */
  mailConfigured: () => boolean;
  /** Queues the confirmation of a committed purchase; true when queued. */
  queueConfirmation: (order: Purchase, shipTo: PlaceOrderInput['shipping_address'], reader?: Reader) => boolean;
  /** Each part's delivery promise to an emirate (decision 0151), keyed by the part's seller. */
  promises: (cart: PricedCart, emirate: Emirate) => Promise<Map<number | null, DeliveryPromise>>;
  /** Coupons and deals (decision 0152); without it (tests of other modules) no purchase is discounted. */
  promotions?: () => PurchasePromotions;
}) {
  const { db, bus, catalogue } = deps;
  const promotions = createPurchasePromotions(deps.promotions, () => new PriceChanged());

  /** An earlier purchase with this Idempotency-Key: the same purchase again for the same request, else a conflict. */
  async function replay(tx: Db | Tx, key: string, hash: string): Promise<Purchase | null> {
    const [existing] = await tx.select().from(purchases).where(eq(purchases.idempotencyKey, key));
    if (!existing) return null;
    if (existing.requestHash !== hash) throw conflict(MSG.idempotencyConflict);
    return (await deps.purchaseDtos([existing], tx))[0]!;
  }

  /** Step 1, price: the cart at database prices, unlocked (price-cart.ts). */
  async function price(input: PlaceOrderInput, key: string | null, hash: string): Promise<{ cart: PricedCart; earlier?: undefined } | { earlier: Purchase }> {
    try {
      return { cart: await deps.priceCart(input.items) };
    } catch (err) {
      // a repeated request is answered with its purchase even when the stock has gone since
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { earlier };
      throw err;
    }
  }

  /** Step 2a: the rows the statement writes, from the priced cart. */
  function purchaseRows(
    input: PlaceOrderInput, cart: PricedCart, userId: number | null, key: string | null, hash: string, held: boolean, creditCents: number,
    delivery: { address: UaeAddress | null; promises: Map<number | null, DeliveryPromise> }, paidByPromotions: ReadonlyMap<number | null, number>,
  ): PurchaseRows {
    const { parts, totals } = cart;
    const promotionPaid = parts.map((p) => paidByPromotions.get(p.vendorId) ?? 0);
    // store credit pays what is left of each part once the marketplace's share of its promotions is paid
    const creditParts = splitCredit(creditCents, parts.map((p, n) => p.totals.totalCents - promotionPaid[n]!));
    const shipping = { address: input.shipping_address.address, city: input.shipping_address.city, country: input.shipping_address.country, zip: input.shipping_address.zip };
    const billing = input.billing_address
      ? { address: input.billing_address.address, city: input.billing_address.city, country: input.billing_address.country, zip: input.billing_address.zip }
      : shipping;
    // paid in full by store credit (issue 34, decision 0157): stored so — no card to charge, no cash at the door —
    // whatever was chosen for a rest there is not
    const dueCents = totals.totalCents - promotionPaid.reduce((a, b) => a + b, 0);
    const paidBy: PaidBy = creditCents > 0 && creditCents >= dueCents ? 'store_credit' : input.payment_method;
    const purchase: Omit<PurchaseRow, 'id' | 'createdAt'> = {
      purchaseNumber: newOrderNumber(),
      userId,
      customerName: input.customer_info.name,
      customerEmail: input.customer_info.email,
      customerPhone: input.customer_info.phone || null,
      shippingAddress: shipping,
      billingAddress: billing,
      paymentMethod: paidBy,
      currency: deps.currency,
      subtotalCents: totals.subtotalCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      notes: orderNotes(paidBy, input.notes),
      idempotencyKey: key,
      requestHash: key ? hash : null,
      taxIncluded: cart.taxMode === 'inclusive',
      buyerCompany: input.customer_info.company || null,
      buyerTrn: input.customer_info.trn ?? null,
      storeCreditCents: creditCents,
      promotionPaidCents: promotionPaid.reduce((a, b) => a + b, 0),
      deliveryAddress: delivery.address,
    };
    const subs = parts.map((part, n) => ({
      n,
      vendor_id: part.vendorId,
      order_number: subOrderNumber(purchase.purchaseNumber, n, parts.length),
      subtotal_cents: part.totals.subtotalCents,
      shipping_cents: part.totals.shippingCents,
      tax_cents: part.totals.taxCents,
      total_cents: part.totals.totalCents,
      store_credit_cents: creditParts[n]!,
      promise_earliest: delivery.promises.get(part.vendorId)?.earliest ?? null,
      promise_latest: delivery.promises.get(part.vendorId)?.latest ?? null,
      promotion_paid_cents: promotionPaid[n]!,
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
    // beside them, each sub-order's marketplace-funded share of its promotions (`promotion-paid`, decision 0152), held
    // or not: the marketplace's promotion expense, written by the same insert (decision 0167)
    const sales = placedSales.salesParam([
      ...(held ? [] : parts.map((part, n) => ({
        orderNumber: subs[n]!.order_number,
        lines: saleEntries({
          vendorId: part.vendorId, ...part.totals, lines: part.lines.map((l) => ({ lineTotalCents: lineTotalCents(l), commissionBps: l.commissionBps })),
        }),
      }))),
      ...subs.map((sub) => ({ orderNumber: sub.order_number, kind: 'promotion-paid' as const, lines: promotionPaidEntries(sub.promotion_paid_cents) })),
    ], purchase.currency);
    const credit = placedCredit.creditParam(subs.map((sub) => ({ orderNumber: sub.order_number, amountCents: sub.store_credit_cents })));
    return { purchase, subs, items, sales, credit, creditCents };
  }

  /** Step 2b: the ONE statement (PLACE_ORDER_SQL) — lock, check again, write everything or nothing. */
  async function writeOnce(rows: PurchaseRows, cart: PricedCart, held: boolean, promo: CartPromotions | null): Promise<PlaceRow> {
    const { stockLines, priced, options } = cart;
    const { purchase: p, subs, items, sales } = rows;
    // one quantity, the expected price and seller per product, in id order (the lock order)
    const optionIds = [...options.keys()].sort((a, b) => a - b);
    const wanted = new Map<number, number>();
    for (const l of stockLines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const params = [
      ids, ids.map((id) => wanted.get(id)!), ids.map((id) => priced.get(id)!.priceCents),
      p.purchaseNumber, p.userId, p.customerName, p.customerEmail, p.customerPhone, JSON.stringify(p.shippingAddress),
      JSON.stringify(p.billingAddress), p.paymentMethod, p.currency, p.subtotalCents, p.shippingCents, p.taxCents,
      p.totalCents, p.notes, p.idempotencyKey, p.requestHash, JSON.stringify(items), JSON.stringify(subs),
      ids.map((id) => priced.get(id)!.vendorId), sales,
      optionIds, optionIds.map((id) => options.get(id)!.option.product_id), optionIds.map((id) => options.get(id)!.quantity),
      optionIds.map((id) => options.get(id)!.option.price_adjustment_cents),
      p.taxIncluded, p.buyerCompany, p.buyerTrn,
      held ? 'awaiting_payment' : 'pending', held ? 'Awaiting card payment' : 'Order placed',
      rows.credit, rows.creditCents, p.deliveryAddress === null ? null : JSON.stringify(p.deliveryAddress), p.promotionPaidCents,
    ];
    const spendsCredit = rows.creditCents > 0 && p.userId !== null;
    // what the purchase redeemed, written by the same statement (decision 0167)
    const redeemed = promo ? placedRedemptions.params(promo.redeemed, subs.map((sub) => ({
      orderNumber: sub.order_number, lineNs: items.filter((i) => i.order_number === sub.order_number).map((i) => i.n),
    }))) : null;
    const [text, name] = redeemed ? [PLACE_ORDER_PROMOTIONS_SQL, 'orders.place.promotions'] : [PLACE_ORDER_SQL, 'orders.place'];
    const all = redeemed ? [...params, redeemed.discounts, redeemed.redemptions, redeemed.raised, redeemed.limited, redeemed.codeId] : params;
    // nothing to lock: the statement alone, atomic on its own (decision 0064)
    if (!spendsCredit && !redeemed?.limited.length) return (await deps.query<PlaceRow>(text, all, name))[0]!;
    const shopper = p.userId;
    return deps.transaction(async (query) => {
      // spending store credit (decision 0141): the shopper's row lock first, so the statement's balance check reads
      // every purchase committed before it; two purchases racing for the same credit wait for each other
      if (spendsCredit) await query('select id from users where id = $1 for update', [shopper], 'orders.lockShopper');
      // promotions with a limit (decisions 0152, 0167): their locks next, in id order; the statement, whose snapshot
      // is taken after them, checks the limits again and writes nothing when one is reached
      if (redeemed?.limited.length) await query(placedRedemptions.lockSql, [redeemed.limited], 'promotions.lock');
      const result = (await query<PlaceRow>(text, all, name))[0]!;
      if (promo && result.promotions_ok === false) await promotions.recheck(query, promo, p.userId);
      return result;
    });
  }

  /**
   * Step 2c, when the statement wrote nothing: a repeated request is answered with its purchase (even when the stock
   * has gone since); else the rows as locked name the product or option that failed (404/422/409); if none did, a
   * price or seller moved, an edit replaced the options or the key's first holder rolled back: try again.
   */
  async function refused(result: PlaceRow, cart: PricedCart, key: string | null, hash: string): Promise<Placed> {
    if (!result.ok) {
      const earlier = key ? await replay(db, key, hash) : null;
      if (earlier) return { order: earlier, replayed: true };
      if (!result.credit_ok) throw unprocessable(MSG.storeCreditTooLow);
      checkProductsForOrder(cart.stockLines, result.locked ?? []);
      checkOptionStock(cart.options, result.locked_options ?? [], cart.nameOf);
      throw new PriceChanged();
    }
    // with a key, a concurrent request holding the same key made the insert wait for its commit, then do nothing
    const earlier = await replay(db, key!, hash);
    if (earlier) return { order: earlier, replayed: true };
    throw new KeyRaced();
  }

  /** Step 2d: the placed purchase's answer from the rows just written (no read back). */
  function placedAnswer(result: PlaceRow, rows: PurchaseRows, cart: PricedCart, held: boolean): Placed {
    const { purchase: p, subs, items } = rows;
    const createdAt = new Date(result.created_at!);
    const orderIds = result.order_ids!;
    const placed = new Map<number, OrderPlacedItem[]>();
    const subDtos = subs.map((sub, n) => {
      const id = orderIds[n]!;
      const own = items.filter((i) => i.order_number === sub.order_number);
      placed.set(id, own.map((i) => ({ productId: i.product_id, vendorId: i.vendor_id, quantity: i.quantity, unitPriceCents: i.unit_price_cents })));
      const row: OrderRow = {
        id, orderNumber: sub.order_number, userId: p.userId, customerName: p.customerName, customerEmail: p.customerEmail,
        customerPhone: p.customerPhone, shippingAddress: p.shippingAddress, billingAddress: p.billingAddress, paymentMethod: p.paymentMethod,
        currency: p.currency, subtotalCents: sub.subtotal_cents, shippingCents: sub.shipping_cents, taxCents: sub.tax_cents,
        totalCents: sub.total_cents, deliveryAddress: p.deliveryAddress, promiseEarliest: sub.promise_earliest, promiseLatest: sub.promise_latest, taxIncluded: p.taxIncluded, buyerCompany: p.buyerCompany, buyerTrn: p.buyerTrn, storeCreditCents: sub.store_credit_cents, promotionPaidCents: sub.promotion_paid_cents, status: held ? 'awaiting_payment' : 'pending', vendorId: null, purchaseId: result.purchase_id!, sellerVendorId: sub.vendor_id,
        trackingNumber: null, carrier: null, shippedAt: null, deliveredAt: null, releasedAt: held ? null : createdAt, notes: p.notes, idempotencyKey: null, requestHash: null, createdAt, updatedAt: createdAt,
      };
      const itemRows = own.map((i, k) => ({
        id: k, orderId: id, productId: i.product_id, vendorId: i.vendor_id, productName: i.product_name, quantity: i.quantity,
        unitPriceCents: i.unit_price_cents, lineTotalCents: i.line_total_cents, variants: i.variants, commissionBps: i.commission_bps,
        variantIds: i.variant_ids, variantLabel: i.variant_label, taxCategory: i.tax_category, taxRateBps: i.tax_rate_bps, taxCents: i.tax_cents,
      }));
      return toOrderDto(row, itemRows, { purchaseNumber: p.purchaseNumber, sellerName: cart.sellerName(sub.vendor_id) });
    });
    const stock = result.stock_ids!.map((id, i) => ({ id, stock: result.stocks![i]! }));
    return { order: toPurchaseDto({ ...p, id: result.purchase_id!, createdAt }, subDtos), replayed: false, placed, stock };
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
  async function placeOnce(input: PlaceOrderInput, userId: number | null, key: string | null, hash: string, holdForPayment: boolean, address: UaeAddress | null): Promise<Placed> {
    // the promotions on the cart's products are read once, beside its prices (decision 0167)
    const [priced, loaded] = await Promise.all([price(input, key, hash), promotions.load(input.items, input.coupon_code, userId)]);
    if (priced.earlier) return { order: priced.earlier, replayed: true };
    const promo = promotions.on(input.coupon_code, priced.cart, userId, loaded);
    // the seller's share of each line's promotions lowers its supply; the marketplace's is paid toward the part
    const { sellerShares, paidByPromotions } = promotionMoney(priced.cart.parts, promo?.redeemed.applied ?? null);
    const cart: PricedCart = promo ? { ...priced.cart, ...priced.cart.withSellerShares(sellerShares) } : priced.cart;
    const promotionPaidCents = [...paidByPromotions.values()].reduce((a, b) => a + b, 0);
    const dueCents = cart.totals.totalCents - promotionPaidCents;
    // store credit pays up to what is due; the card is asked only for the rest (nothing when the credit covers it all)
    const creditCents = Math.min(input.store_credit_amount ? amountToCents(input.store_credit_amount) : 0, dueCents);
    if (creditCents > 0 && userId === null) throw badRequest(MSG.storeCreditSignIn);
    const held = holdForPayment && creditCents < dueCents;
    // each part's promise to the address's emirate, frozen on its sub-order (decision 0151)
    const promises = address ? await deps.promises(cart, address.emirate) : new Map<number | null, DeliveryPromise>();
    const rows = purchaseRows(input, cart, userId, key, hash, held, creditCents, { address, promises }, paidByPromotions);
    const result = await writeOnce(rows, cart, held, promo);
    if (!result.ok || result.purchase_id === null) return refused(result, cart, key, hash);
    const answer = placedAnswer(result, rows, cart, held);
    return answer.replayed ? answer : { ...answer, held };
  }

  /**
   * Step 3, after the commit: the stock moves, then each sub-order (its seller hears of its own), then the
   * confirmation; a card purchase is announced and confirmed when its payment is authorised (payment-hold.ts).
   * True when the confirmation was queued.
   */
  function afterCommit(result: Placed & { replayed: false }, input: PlaceOrderInput, userId: number | null, held: boolean, reader?: Reader): boolean {
    catalogue.announceStock(result.stock ?? []);
    if (held) return false;
    for (const sub of result.order.sub_orders) {
      void bus.emit('order.placed', { orderId: sub.id, orderNumber: sub.order_number, userId, items: result.placed?.get(sub.id) ?? [] });
    }
    return deps.queueConfirmation(result.order, input.shipping_address, reader);
  }

  /**
   * Places a purchase from a validated request: one sub-order per seller. Prices, totals and stock come from the
   * database; with an Idempotency-Key the same request answers the same purchase (replayed: true) and a different
   * one is a 409. Up to 4 tries on a price that moved, a key race or a purchase-number collision.
   */
  async function placePurchase(input: PlaceOrderInput, opts: {
    userId: number | null; idempotencyKey?: string | null; reader?: Reader; holdForPayment?: boolean;
    /** The structured address shipped to (decision 0151), already checked; its emirate gives each part its promise. */
    deliveryAddress?: UaeAddress | null;
  }) {
    const held = input.payment_method === 'card' && opts.holdForPayment === true;
    const key = opts.idempotencyKey?.trim() || null;
    // the hash only matters with a key (stored with the purchase, compared on a repeat)
    const hash = key ? requestHash(input, opts.userId) : '';
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await placeOnce(input, opts.userId, key, hash, held, opts.deliveryAddress ?? null);
        if (result.replayed) {
          // the first request queued the confirmation (when mail is configured); a replay sends no second one
          return { order: result.order, replayed: true, confirmationQueued: deps.mailConfigured() };
        }
        const confirmationQueued = afterCommit(result, input, opts.userId, result.held ?? held, opts.reader);
        return { order: result.order, replayed: false, confirmationQueued };
      } catch (err) {
        // a price changed between reading and locking, or the key's first holder rolled back: try again
        if ((err instanceof PriceChanged || err instanceof KeyRaced) && attempt < 3) continue;
        const { code, constraint } = pgCode(err);
        if (code !== '23505' || attempt >= 3) throw err;
        // a unique violation on the key itself (not expected with the conflict clause, kept as a safety net): replay
        if (key && constraint !== 'purchases_number_key' && constraint !== 'orders_number_key') {
          const earlier = await replay(db, key, hash);
          if (earlier) return { order: earlier, replayed: true, confirmationQueued: deps.mailConfigured() };
        }
        // else a purchase-number collision: try again with a new number
      }
    }
  }

  return { placePurchase };
}
