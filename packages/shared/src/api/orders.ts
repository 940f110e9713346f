import { z } from 'zod';
import { emailSchema } from './email.js';
import { ORDER_STATUSES, PAID_BY, PAYMENT_METHODS } from '../constants.js';
import { MSG } from '../messages.js';
import { normaliseTrn } from '../rules/tax.js';
import { paymentStateSchema } from './payments.js';
import { uaeAddressFieldsSchema, uaeAddressSchema } from './addresses.js';
import { deliveryPromiseSchema } from './delivery.js';
import { UAE_EMIRATES } from '../rules/uae-address.js';

const text = (max: number) => z.string().trim().max(max);

export const orderAddressSchema = z.object({
  address: text(300),
  city: text(100).default(''),
  country: text(100).default(''),
  zip: text(20).default(''),
});

/** POST /api/orders (customer spec §3 "Order request"). Amounts are never taken from the client. */
export const orderRequestSchema = z.object({
  items: z
    .array(
      z.object({
        product_id: z.coerce.number().int().positive(),
        quantity: z.coerce.number().int().min(1).max(999),
        /** One option per kind the product has, type → value ({ size: 'XL' }); priced and stocked by the server. */
        variants: z.record(z.string().trim().max(40), z.string().trim().max(100)).optional().default({}),
      }),
    )
    .min(1, { error: 'Your cart is empty' })
    .max(100),
  customer_info: z.object({
    email: emailSchema,
    name: text(120).min(1, { error: 'Name is required' }),
    phone: text(40).nullable().optional(),
    /** A business buyer's company and TRN (decision 0099): printed on its tax invoices; a TRN makes it a registrant. */
    company: text(200).optional(),
    trn: z.string().trim().max(40).optional().transform((v, ctx) => {
      if (!v) return undefined;
      const trn = normaliseTrn(v);
      if (!trn) ctx.addIssue({ code: 'custom', message: MSG.trnInvalid });
      return trn ?? undefined;
    }),
  }),
  shipping_address: orderAddressSchema.extend({ address: text(300).min(1, { error: 'Address is required' }) }),
  billing_address: orderAddressSchema.optional(),
  payment_method: z.enum(PAYMENT_METHODS).default('cod'),
  // (a card's details never reach Souq: the provider's own page takes them after the purchase is placed, decision 0137)
  payment_intent_id: z.null().optional(),
  notes: text(1000).optional().default(''),
  /**
   * Store credit to spend (decision 0141), at most this much and never more than the total: the signed-in shopper's
   * balance must cover it (422 otherwise); the card or cash on delivery pays only the rest.
   */
  store_credit_amount: z.number().min(0).max(10_000_000).optional(),
  /**
   * A coupon code (decision 0152): checked again under the promotion's lock with the purchase; a code that does not
   * apply refuses the purchase with its reason (422) and writes nothing. Running deals apply without a code.
   */
  coupon_code: z.string().trim().min(1).max(64).optional(),
  /**
   * The structured UAE address to ship to (decision 0151): typed at checkout (`delivery_address`, saved to the
   * signed-in shopper's book with `save_address`), or one of the shopper's saved ones (`address_id`; 404 for anyone
   * else's). Either one replaces `shipping_address`'s free text with the address on one line; each seller's part gets
   * its delivery promise to the address's emirate, frozen on the sub-order.
   */
  delivery_address: uaeAddressFieldsSchema.optional(),
  address_id: z.number().int().positive().max(2_147_483_647).optional(),
  save_address: z.boolean().optional(),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

export const orderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
  /** The options bought (type → value) and how screens name them ('Size: XL'; '' for none). */
  variants: z.record(z.string(), z.string()),
  variant_label: z.string(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total_amount: z.number(),
  /** The part of the total paid with store credit (decision 0141), and what is left to pay by card or cash. */
  store_credit_amount: z.number(),
  /**
   * What promotions took off (decision 0152): in all, and the marketplace's share of it, paid toward the total on the
   * shopper's behalf (the seller's share already lowered the lines). `amount_due` is the total less store credit and
   * that share.
   */
  promotion_discount: z.number(),
  promotion_paid_amount: z.number(),
  amount_due: z.number(),
  currency: z.string(),
  payment_method: z.enum(PAID_BY),
  notes: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  created_at: z.string(),
  items: z.array(orderItemSchema),
  /** The purchase (one checkout) this sub-order is part of (decision 0086); a purchase's own number on a purchase. */
  purchase_number: z.string(),
  /** The seller running this sub-order: a vendor's id, or null for the marketplace's own products (and on a purchase). */
  vendor_id: z.number().int().nullable(),
  /** The seller's name as the shopper sees it. */
  seller_name: z.string(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The prices include VAT and `tax` is the part of them that is VAT (decision 0098); false: tax added on top. */
  tax_included: z.boolean(),
  /** The promise shown at checkout, frozen at the purchase (decision 0151); null on older orders and without an emirate. */
  delivery_promise: deliveryPromiseSchema.nullable(),
  /** The structured address shipped to (decision 0151); null on older orders, whose `shipping_address` free text stays. */
  delivery_address: uaeAddressSchema.nullable(),
  /** The address as one line of text, as written at the purchase (every order has it). */
  shipping_address: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * What the shopper bought in one checkout (decision 0086): the number, payment and totals they paid, and one
 * sub-order per seller with its own lines, shipping, status and tracking. `id` is the purchase's; its status sums
 * up the sub-orders' (`purchaseStatus`).
 */
export const purchaseSchema = orderSchema.extend({ sub_orders: z.array(orderSchema) });
export type Purchase = z.infer<typeof purchaseSchema>;

export const orderResponseSchema = z.object({
  /** The purchase; its sub-orders (one per seller) in `order.sub_orders`. */
  order: purchaseSchema,
  order_number: z.string(),
  /** True when a confirmation e-mail to the customer was queued; screens promise one only then. */
  confirmation_email_queued: z.boolean(),
  /** A card purchase's payment: where the shopper pays (the purchase waits, stock held, until it is authorised); null for cash. */
  // with the token the return page reads it by (a guest has no other way to show it is theirs)
  payment: paymentStateSchema.extend({ token: z.string() }).nullable(),
});

/** POST /api/orders/quote: the cart's lines, as the order request has them (decision 0086). */
export const quoteRequestSchema = orderRequestSchema.pick({ items: true, coupon_code: true }).extend({
  /** The emirate shipped to: each seller's part then carries its delivery promise (decision 0151). */
  emirate: z.enum(UAE_EMIRATES, { error: MSG.emirateInvalid }).optional(),
});

/** The checkout's summary before paying: one part per seller with its own shipping, and the purchase's totals. */
export const quoteSchema = z.object({
  currency: z.string(),
  sellers: z.array(z.object({
    vendor_id: z.number().int().nullable(),
    seller_name: z.string(),
    product_ids: z.array(z.number().int()),
    subtotal: z.number(),
    shipping: z.number(),
    tax: z.number(),
    total: z.number(),
    /** What promotions take off this part (both funders' shares) and what the shopper pays for it (decision 0158). */
    promotion_discount: z.number(),
    amount_due: z.number(),
    /** The seller charges VAT (registered, decision 0098). */
    vat_registered: z.boolean(),
    /** When this part arrives, given the emirate (decision 0151); null when the quote named none. */
    delivery_promise: deliveryPromiseSchema.nullable(),
  })),
  /** The lines at their prices, before any promotion. */
  subtotal_before_promotions: z.number(),
  /**
   * As the order has them (decision 0152): the lines less the sellers' shares of promotions (shipping judged on that),
   * the total of the parts; the marketplace's share (`promotion_paid`) is paid toward it: `amount_due` = total − it.
   */
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  promotion_discount: z.number(),
  promotion_paid: z.number(),
  amount_due: z.number(),
  /** Prices include VAT ('includes VAT AED x'); false: the tax is added on top. */
  tax_included: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;
