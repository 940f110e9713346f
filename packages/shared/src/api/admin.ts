import { refundBankAccountSchema } from './refunds.js';
import { z } from 'zod';
import { ORDER_STATUSES, PAID_BY } from '../constants.js';
import { MSG } from '../messages.js';
import { publicUserSchema, userRoleSchema } from './auth.js';
import { optionalText, pageQuerySchema, sortQuerySchema } from './common.js';
import { orderAddressSchema, orderItemSchema } from './orders.js';
import { managedProductSchema } from './products.js';

// The admin dashboard's lists and their writes (admin §2, §7). Money in major units of `currency` (the shop's),
// like the order DTOs; every list is bounded with its total in X-Total-Count.

const id = z.coerce.number().int().positive();
const isoDate = z.string();

// ---------- users ----------

/** A user as the admin list shows it: the public fields and whether an admin deactivated the account. */
export const adminUserSchema = publicUserSchema.extend({ deactivated_at: isoDate.nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({ search: optionalText(200) });

export const adminUserOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  item_count: z.number().int(),
  total_amount: z.number(),
  currency: z.string(),
  created_at: isoDate,
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;

/** GET /api/admin/users/{id}: the account, its sign-up date, its latest orders and their totals. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  orders: z.array(adminUserOrderSchema),
  order_count: z.number().int(),
  /** Spent over orders that bring revenue (not cancelled or refunded), major units. */
  total_spent: z.number(),
  currency: z.string(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PUT /api/admin/users/{id}: the name and the role (role rules: decision 0041). */
export const adminUserUpdateSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Name is required' }).max(120).optional(),
    role: userRoleSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined, { error: MSG.nothingToUpdate });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const adminUserDeactivatedSchema = z.object({
  success: z.literal(true),
  user: adminUserSchema,
  /** Sessions ended by the deactivation. */
  sessions_revoked: z.number().int(),
});

// ---------- orders ----------

export const ADMIN_ORDER_SORTS = ['created_at', 'total_amount', 'order_number', 'status'] as const;

/** GET /api/admin/orders: search (order number, customer e-mail or name), exact status and assigned vendor. */
export const adminOrdersQuerySchema = pageQuerySchema
  .extend({
    search: optionalText(200),
    status: z.enum(ORDER_STATUSES).optional(),
    vendor_id: id.optional(),
  })
  .extend(sortQuerySchema(ADMIN_ORDER_SORTS, { sort: 'created_at', order: 'desc' }).shape);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;
export const adminOrderFiltersSchema = adminOrdersQuerySchema.pick({ search: true, status: true, vendor_id: true });
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string().nullable(),
  item_count: z.number().int(),
  total_amount: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAID_BY),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  vendor_contact: z.string().nullable(),
  created_at: isoDate,
  /** The purchase (one checkout) this sub-order is part of, and who sells it: null = the marketplace (decision 0086). */
  purchase_number: z.string(),
  seller_vendor_id: z.number().int().nullable(),
  seller_name: z.string(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const orderHistoryEntrySchema = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  notes: z.string(),
  changed_by: z.string().nullable(),
  created_at: isoDate,
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** GET /api/admin/orders/{id}: the row, amounts, addresses, notes, items and the status history (oldest first). */
export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  notes: z.string(),
  shipping_address: orderAddressSchema,
  billing_address: orderAddressSchema,
  updated_at: isoDate,
  items: z.array(orderItemSchema),
  status_history: z.array(orderHistoryEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderStatsSchema = z.object({
  total_orders: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  /** Orders that bring revenue (not cancelled or refunded), major units. */
  total_revenue: z.number(),
  currency: z.string(),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

/** PUT /api/admin/orders/{id}/status (admin §4: any status from any status, optional notes). */
export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` }),
  notes: optionalText(1000),
  /**
   * Cancelling a delivered cash-on-delivery sub-order gives its cash back (decision 0141): as the shopper's store
   * credit, or by bank transfer to this account (a checked UAE IBAN and its holder) when given.
   */
  refund_bank_account: refundBankAccountSchema.optional(),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** PUT /api/admin/orders/{id}/assign-vendor: a vendor id, or null to take the assignment back. */
export const assignVendorSchema = z.object({
  vendor_id: z.number({ error: 'Choose a vendor' }).int().positive().nullable(),
});
export type AssignVendorRequest = z.infer<typeof assignVendorSchema>;

/** The answer of assign-vendor (admin §7: the vendor with company_name and contact_name) and the updated row. */
export const assignVendorResponseSchema = z.object({
  vendor_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  contact_name: z.string().nullable(),
  order: adminOrderRowSchema,
});

// ---------- products ----------

/**
 * A row of GET /api/admin/products: the product as its vendor and the admins manage it (the product manager's card)
 * with the order figures of the Products section: orders holding it, units ordered and revenue (orders not cancelled
 * or refunded).
 */
export const adminProductRowSchema = managedProductSchema.extend({
  order_count: z.number().int(),
  total_ordered: z.number().int(),
  total_revenue: z.number(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const productStatsSchema = z.object({
  total_products: z.number().int(),
  active_products: z.number().int(),
  /** Products with a stock under the low-stock threshold (10). */
  low_stock: z.number().int(),
  total_revenue: z.number(),
  total_orders: z.number().int(),
  currency: z.string(),
});
export type ProductStats = z.infer<typeof productStatsSchema>;

export const productRecentOrderSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: z.number().int(),
  total_price: z.number(),
  customer_name: z.string(),
  customer_email: z.string(),
  created_at: isoDate,
});
export type ProductRecentOrder = z.infer<typeof productRecentOrderSchema>;

/** GET /api/admin/products/{id}: the row plus the vendor's e-mail, performance metrics and the latest orders. */
export const adminProductDetailSchema = adminProductRowSchema.extend({
  vendor_email: z.string().nullable(),
  metrics: z.object({
    order_count: z.number().int(),
    units_sold: z.number().int(),
    total_revenue: z.number(),
    /** Revenue per unit over the orders that count (null before the first sale). */
    average_unit_price: z.number().nullable(),
    last_ordered_at: isoDate.nullable(),
    cancelled_units: z.number().int(),
  }),
  recent_orders: z.array(productRecentOrderSchema),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

const MAX_PRICE_CENTS = 100_000_000;
const MAX_STOCK = 1_000_000;

/** PUT /api/admin/products/{id} (admin §7): the edit modal's fields; absent fields keep their value. */
export const adminProductUpdateSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Name is required' }).max(200).optional(),
    description: z.string().trim().max(2000).optional(),
    price_cents: z.number({ error: 'Price must be a number' }).int().min(0, { error: 'Price must not be negative' }).max(MAX_PRICE_CENTS).optional(),
    stock_quantity: z.number({ error: 'Stock must be a number' }).int().min(0, { error: 'Stock must not be negative' }).max(MAX_STOCK).optional(),
    is_active: z.boolean().optional(),
    vendor_id: z.number().int().positive().nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: MSG.nothingToUpdate });
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

export const productRemovedSchema = z.object({
  success: z.literal(true),
  /** 'archived' when orders hold the product: it leaves the shop, order history stays whole. */
  outcome: z.enum(['deleted', 'archived']),
});

/** GET /api/admin/products/categories: the category filter's options. */
export const adminProductCategoriesSchema = z.array(z.object({ category: z.string(), products: z.number().int() }));
