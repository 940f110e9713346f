// Returns and refunds per line (issue 24 item 6, decision 0094). Money is integer minor units (`*_cents`).
import { z } from 'zod';
import { refundBankAccountSchema } from './refunds.js';
import { COD_REFUND_METHODS, ORDER_STATUSES, PAID_BY, REFUND_METHODS, RETURN_REASONS, RETURN_STATUSES } from '../constants.js';

const id = z.coerce.number().int().positive();

/** POST /api/my/returns: some units of one delivered line of the shopper's own sub-order. */
export const returnCreateSchema = z.object({
  order_id: id,
  line_id: id,
  units: z.coerce.number().int().min(1, { error: 'Return at least one unit' }).max(999),
  reason: z.enum(RETURN_REASONS),
  reason_text: z.string().trim().max(1000).optional().default(''),
  /** Only for cash-on-delivery orders (required there); card orders are refunded to the card. */
  refund_method: z.enum(COD_REFUND_METHODS).optional(),
  /** A bank-transfer refund's account (required with refund_method bank_transfer; decision 0141): a checked UAE IBAN. */
  bank_account: refundBankAccountSchema.optional(),
});
export type ReturnCreate = z.input<typeof returnCreateSchema>;

/** POST …/returns/{id}/approve: an optional note to the shopper. */
export const returnApproveSchema = z.object({ note: z.string().trim().max(1000).optional().default('') });
/** POST …/returns/{id}/reject: the note is required (the shopper is told why). */
export const returnRejectSchema = z.object({ note: z.string().trim().min(1, { error: 'Say why the return is rejected' }).max(1000) });
/** POST …/returns/{id}/receive: the units came back; whether they go back on sale. Issues the refund. */
export const returnReceiveSchema = z.object({ restock: z.boolean() });

/** The refund a received return issued, as posted to the ledger (decision 0094). */
export const returnRefundSchema = z.object({
  /** What the shopper got back: goods + their share of the tax (+ the shipping when the whole sub-order came back). */
  total_cents: z.number().int(),
  goods_cents: z.number().int(),
  tax_cents: z.number().int(),
  shipping_cents: z.number().int(),
  /** The marketplace's share of a promotion on these units (decision 0152): given back to the marketplace, not to the shopper (the total is without it). */
  promotion_cents: z.number().int(),
  /** Commission and its VAT given back to the vendor (0 on the marketplace's own sub-orders). */
  commission_reversed_cents: z.number().int(),
  commission_vat_reversed_cents: z.number().int(),
  /** The ledger posting that holds the entries. */
  posting: z.string(),
});
export type ReturnRefund = z.infer<typeof returnRefundSchema>;

export const returnRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  order_id: z.number().int(),
  order_number: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  line_id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  /** The product's Arabic name as the catalogue has it now ('' when none, or the product is gone): issue 34 item 11. */
  product_name_ar: z.string(),
  variant_label: z.string(),
  units: z.number().int(),
  unit_price_cents: z.number().int(),
  currency: z.string(),
  reason: z.enum(RETURN_REASONS),
  reason_text: z.string(),
  payment_method: z.enum(PAID_BY),
  refund_method: z.enum(REFUND_METHODS),
  vendor_id: z.number().int().nullable(),
  seller_name: z.string(),
  customer_name: z.string(),
  decision_note: z.string(),
  restock: z.boolean().nullable(),
  refund: returnRefundSchema.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** A delivered line the shopper may still return (units left, until when). */
export const returnableLineSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  line_id: z.number().int(),
  product_name: z.string(),
  /** The product's Arabic name ('' when none). */
  product_name_ar: z.string(),
  variant_label: z.string(),
  quantity: z.number().int(),
  units_left: z.number().int(),
  unit_price_cents: z.number().int(),
  currency: z.string(),
  payment_method: z.enum(PAID_BY),
  seller_name: z.string(),
  window_closes_at: z.string(),
});
export type ReturnableLine = z.infer<typeof returnableLineSchema>;

/** GET /api/my/returns: the shopper's requests, what they can still return and their store-credit balance (a ledger sum). */
export const myReturnsSchema = z.object({
  returns: z.array(returnRequestSchema),
  returnable: z.array(returnableLineSchema),
  store_credit: z.object({ balance_cents: z.number().int(), currency: z.string() }),
});
export type MyReturns = z.infer<typeof myReturnsSchema>;

/** GET /api/admin/returns: every return, filtered, newest first, paged (total in X-Total-Count). */
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  /** Only returns still waiting for the seller: requested or approved (not yet received). */
  open: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  vendor_id: z.coerce.number().int().positive().optional(),
  order_id: z.coerce.number().int().positive().optional(),
  /** Only returns whose refund was issued from / until these days (YYYY-MM-DD, inclusive). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;

/** GET /api/vendor/returns: the vendor's own returns, with the admin list's filters but the seller's. */
export const vendorReturnsQuerySchema = adminReturnsQuerySchema.omit({ vendor_id: true });
export type VendorReturnsQuery = z.infer<typeof vendorReturnsQuerySchema>;
