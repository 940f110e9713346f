import { and, count, desc, eq } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { Order, Purchase } from '@souq/shared/api/orders';
import { centsToAmount } from '@souq/shared/rules/money';
import { orderItems, orders, purchases } from '../../db/schema/orders.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Mailer } from '../../platform/mailer.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { orderConfirmationMail } from './orders.mail.js';
import type { Reader } from '../../platform/request-locale.js';
import { createPaymentHold } from './payment-hold.js';
import { createOrderReads, toOrderDto, toPurchaseDto } from './orders.dto.js';
import { createCartPricing, type Seller, type TaxBasis } from './price-cart.js';
import { cartLinesOf, promotionMoney } from './purchase-promotions.js';
import type { Applied } from '../promotions/promotions.apply.js';
import { createPlacePurchase, type PlaceOrderInput, type PurchasePromotions } from './place-purchase.js';
import { createSetStatus } from './set-status.js';
import type { SavedAddress } from '@souq/shared/api/addresses';
import { addressLine, EMIRATE_NAMES, type Emirate, type UaeAddress } from '@souq/shared/rules/uae-address';
import type { DeliveryPromise } from '@souq/shared/rules/delivery-promise';
import type { DeliveryService } from '../delivery/delivery.service.js';
import { badRequest } from '../../platform/errors.js';

// The orders service is the composition: the reads and row mappers (orders.dto.ts), pricing (price-cart.ts), placing
// a purchase (place-purchase.ts), a sub-order's status change (set-status.ts) and a card purchase's hold
// (payment-hold.ts), plus the small reads and the vendor assignment below.

// kept here for the callers that import them from the service (the row mappers live in orders.dto.ts)
export { newOrderNumber, subOrderNumber, toOrderDto, toPurchaseDto } from './orders.dto.js';
export { canonicalJson, redactCardNumbers, type PlaceOrderInput } from './place-purchase.js';
export type { Seller, TaxBasis } from './price-cart.js';

export type OrdersService = ReturnType<typeof createOrdersService>;

/** What assigning a vendor needs to know about it (the vendors module answers; 404 when it does not exist). */
export type AssignableVendor = { id: number; company_name: string; contact_name: string };

export function createOrdersService(deps: {
  db: Db;
  /** Raw (named, prepared) queries: checkout's one statement (decision 0064). */
  query: Database['query'];
  /** A transaction of raw queries: checkout's statement after its locks (decision 0167). */
  transaction: Database['transaction'];
  bus: Bus;
  audit: AuditLog;
  catalogue: CatalogueService;
  currency: string;
  /** Sends the order confirmation; without one no mail is sent and the answer says so. */
  mailer?: Mailer | null;
  log?: (msg: string) => void;
  /** The vendor an admin assigns an order to; throws 404 when there is none (late-bound in services.ts). */
  vendorForAssignment?: (vendorId: number) => Promise<AssignableVendor>;
  /** The delivery promise (decision 0151): each seller's dates to an emirate. */
  delivery: Pick<DeliveryService, 'promises'>;
  /** A signed-in shopper's saved address (404 for anyone else's), and saving a typed one to their book (decision 0151). */
  addresses: {
    get: (userId: number, id: number) => Promise<SavedAddress>;
    create?: (userId: number, input: { label: string; address: UaeAddress }) => Promise<unknown>;
  };
  /**
   * Coupons and deals (decision 0152), late-bound in services.ts: applied to a purchase and recorded in its
   * transaction, a cancelled sub-order's uses given back in its own.
   */
  promotions?: () => PurchasePromotions & { release: (tx: Tx, orderId: number) => Promise<void> };
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

  const { priceCart, sellersOf, taxBasisOf } = createCartPricing({ query: deps.query, catalogue });
  /** Each part's promise to the emirate (decision 0151), keyed by the part's seller. */
  async function promisesOf(parts: { vendorId: number | null }[], dispatchOf: (v: number | null) => { handlingDays: number; cutoff: string }, emirate: Emirate, at?: Date) {
    return deps.delivery.promises(parts.map((p) => ({ key: p.vendorId, rule: dispatchOf(p.vendorId) })), emirate, at);
  }

  const { placePurchase } = createPlacePurchase({
    db, query: deps.query, transaction: deps.transaction, bus, catalogue, currency: deps.currency, priceCart, purchaseDtos,
    mailConfigured: () => Boolean(deps.mailer), queueConfirmation,
    promises: (cart, emirate) => promisesOf(cart.parts, cart.dispatchOf, emirate),
    ...(deps.promotions ? { promotions: deps.promotions } : {}),
  });
  const releasePromotions = async (tx: Tx, orderId: number) => deps.promotions?.().release(tx, orderId);

  /**
   * The structured address of a purchase (decision 0151): a saved one of the signed-in shopper's, or the one typed.
   * Either replaces the free text with the address on one line (what mails and older screens read).
   */
  async function withDeliveryAddress(input: PlaceOrderInput, userId: number | null): Promise<{ input: PlaceOrderInput; address: UaeAddress | null }> {
    let address: UaeAddress | null = input.delivery_address ?? null;
    if (input.address_id !== undefined) {
      if (userId === null) throw badRequest(MSG.addressSignIn);
      address = (await deps.addresses.get(userId, input.address_id)).address;
    }
    if (!address) return { input, address: null };
    // the emirate goes in the city field (older screens, exports and carriers' forms print the two side by side)
    const line = addressLine(address, 'en', { emirate: false });
    return {
      input: {
        ...input,
        customer_info: { ...input.customer_info, phone: input.customer_info.phone || address.phone },
        shipping_address: { address: line.slice(0, 300), city: EMIRATE_NAMES[address.emirate].en, country: 'United Arab Emirates', zip: '' },
      },
      address,
    };
  }
  const { setStatus } = createSetStatus({ db, bus, audit: deps.audit, catalogue, itemsOf, dtoOf, releasePromotions });

  const paymentHold = createPaymentHold({
    bus, catalogue, releasePromotions,
    // the confirmation of a card purchase, once its payment is authorised (to the address it was placed with)
    // from what the release read under its locks (decision 0171): nothing read again
    confirm: async ({ purchase, subs }) => {
      const dto = toPurchaseDto(purchase, subs.map((s) => toOrderDto(s.row, s.items, { purchaseNumber: purchase.purchaseNumber, sellerName: s.sellerName })));
      queueConfirmation(dto, { ...purchase.shippingAddress });
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
     * With promotions (decisions 0152, 0158) it is priced as the order is: the running deals and the code (one that
     * does not apply is left out: the code box says why), the sellers' shares off the lines — so each seller's
     * free-shipping threshold is judged on its reduced subtotal, as the order judges it — and the marketplace's share
     * paid toward the total (`amount_due`).
     */
    async quote(items: { product_id: number; quantity: number; variants?: Record<string, string> }[], emirate?: Emirate, opts: { couponCode?: string; userId?: number | null } = {}) {
      const cart = await priceCart(items);
      let applied: Applied | null = null;
      if (deps.promotions) {
        const lines = cartLinesOf(cart);
        const code = opts.couponCode?.trim() || null;
        let redeemed = await deps.promotions().apply(lines, code, opts.userId ?? null);
        if (redeemed.applied.coupon?.refusal) redeemed = await deps.promotions().apply(lines, null, opts.userId ?? null);
        applied = redeemed.applied;
      }
      const { sellerShares, paidByPromotions } = promotionMoney(cart.parts, applied);
      const { parts, totals } = applied ? cart.withSellerShares(sellerShares) : cart;
      const { sellerName, taxMode, dispatchOf } = cart;
      const promises: Map<number | null, DeliveryPromise> = emirate ? await promisesOf(parts, dispatchOf, emirate) : new Map();
      const discountOf = (vendorId: number | null) => [...(applied?.lines.entries() ?? [])]
        .filter(([n]) => cart.parts.some((p) => p.vendorId === vendorId && p.lines.some((l) => l.n === n)))
        .reduce((s, [, ds]) => s + ds.reduce((a, d) => a + d.discountCents, 0), 0);
      const paid = [...paidByPromotions.values()].reduce((a, b) => a + b, 0);
      const discount = cart.parts.reduce((s, p) => s + discountOf(p.vendorId), 0);
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
          promotion_discount: centsToAmount(discountOf(part.vendorId)),
          amount_due: centsToAmount(part.totals.totalCents - (paidByPromotions.get(part.vendorId) ?? 0)),
          vat_registered: part.tax.registered,
          delivery_promise: promises.get(part.vendorId) ?? null,
        })),
        subtotal_before_promotions: centsToAmount(cart.totals.subtotalCents),
        subtotal: centsToAmount(totals.subtotalCents),
        shipping: centsToAmount(totals.shippingCents),
        tax: centsToAmount(totals.taxCents),
        total: centsToAmount(totals.totalCents),
        promotion_discount: centsToAmount(discount),
        promotion_paid: centsToAmount(paid),
        amount_due: centsToAmount(totals.totalCents - paid),
        tax_included: taxMode === 'inclusive',
      };
    },

    /**
     * Places a purchase from a validated request (place-purchase.ts). `reader`: the language and digits of the
     * confirmation mail (the customer's saved choice, else the request's). `holdForPayment`: a card purchase from the
     * checkout waits on hold for its payment (decision 0137); callers that record a purchase already paid elsewhere
     * (the demo's history, agents until their payment handler) place it as before.
     */
    async placeOrder(input: PlaceOrderInput, opts: Parameters<typeof placePurchase>[1]) {
      const { input: resolved, address } = await withDeliveryAddress(input, opts.userId);
      const placed = await placePurchase(resolved, { ...opts, deliveryAddress: address });
      // a typed address the shopper asked to keep goes to their book once the purchase is placed; a full book
      // (or any other refusal) never fails the purchase
      if (!placed.replayed && input.save_address && input.delivery_address && opts.userId !== null && deps.addresses.create) {
        await deps.addresses.create(opts.userId, { label: '', address: input.delivery_address }).catch((err: unknown) => {
          deps.log?.(`order ${placed.order.order_number}: address not saved: ${err instanceof Error ? err.message : String(err)}`);
        });
      }
      return placed;
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

    /** Moves a sub-order to a new status (set-status.ts): lock → stock → money → record → documents → audit → emit. */
    setStatus,
  };
}
