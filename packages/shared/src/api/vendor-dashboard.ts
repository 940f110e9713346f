// The vendor dashboard's business data (vendor §2 dashboard, Orders, Analytics, Settings; §3 analytics response):
// always the signed-in vendor's own figures, never another vendor's lines (decision 0037).
import { z } from 'zod';
import { uaeAddressSchema } from './addresses.js';
import { LOW_STOCK_THRESHOLD, ORDER_STATUSES, PAID_BY, type OrderStatus } from '../constants.js';
import { MSG } from '../messages.js';
import { pageQuerySchema } from './common.js';
import { salesQuerySchema } from './reports.js';

/** The dashboard header's four stat cards (vendor §2), from the server for the signed-in vendor. */
export const vendorDashboardStatsSchema = z.object({
  /** Products the vendor has (archived ones are gone from the shop and left out). */
  total_products: z.number().int(),
  active_products: z.number().int(),
  /** Orders holding at least one of the vendor's lines. */
  total_orders: z.number().int(),
  /** The vendor's line totals in orders that are not cancelled or refunded. */
  total_revenue: z.number(),
  currency: z.string(),
});
export type VendorDashboardStats = z.infer<typeof vendorDashboardStatsSchema>;

/** The status filter of the Orders tab (vendor §2: All Status, Pending, Processing, Shipped, Delivered, Cancelled). */
export const VENDOR_ORDER_FILTER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

export const vendorOrderFiltersSchema = z.object({
  /** Order number, customer name or one of the vendor's product names in the order. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type VendorOrderFilters = z.infer<typeof vendorOrderFiltersSchema>;
export const vendorOrdersQuerySchema = pageQuerySchema.extend(vendorOrderFiltersSchema.shape);
export type VendorOrdersQuery = z.infer<typeof vendorOrdersQuerySchema>;

const addressSchema = z.object({ address: z.string(), city: z.string(), country: z.string(), zip: z.string() });

export const vendorOrderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  sku: z.string(),
  /** The options bought ('Size: XL'; '' for none). */
  variant_label: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
});

/**
 * One order as the vendor sees it: its own lines only, and the customer data it needs to ship (name and shipping
 * address; no e-mail or phone). `total` is the sum of the vendor's lines, not the order's total.
 */
export const vendorOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  customer: z.object({ name: z.string(), shipping_address: addressSchema }),
  payment_method: z.enum(PAID_BY),
  items: z.array(vendorOrderLineSchema),
  item_count: z.number().int(),
  total: z.number(),
  currency: z.string(),
  /** The order also holds other vendors' lines (they are not shown): only orders placed before sub-orders (0086). */
  shared_order: z.boolean(),
  /** Ship is allowed now: the vendor runs this sub-order and it is confirmed or processing (decision 0086). */
  can_ship: z.boolean(),
  /** Every move the vendor may make now, in VENDOR_ORDER_ACTIONS' order. */
  actions: z.array(z.enum(['confirm', 'ship', 'deliver', 'cancel'])),
  /** The purchase (the shopper's checkout) this sub-order is part of. */
  purchase_number: z.string(),
  /** This sub-order's shipping fee (the vendor's own rule). */
  shipping: z.number(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The delivery promise the shopper was given at checkout (decision 0151), and the structured address; null on older orders. */
  delivery_promise: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
  delivery_address: uaeAddressSchema.nullable(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

/** The Orders tab's four stat cards (vendor §2): Total Orders, Pending Orders, Shipped Orders, Total Revenue. */
export const vendorOrderStatsSchema = z.object({
  total_orders: z.number().int(),
  pending_orders: z.number().int(),
  /** Waiting to be shipped (the Quick Actions' "Orders to ship"). */
  processing_orders: z.number().int(),
  shipped_orders: z.number().int(),
  total_revenue: z.number(),
  currency: z.string(),
});
export type VendorOrderStats = z.infer<typeof vendorOrderStatsSchema>;

/** The Orders tab's Recent Activity: the latest status changes of the vendor's orders, newest first. */
export const VENDOR_ACTIVITY_ROWS = 8;
export const vendorOrderActivitySchema = z.array(
  z.object({
    order_id: z.number().int(),
    order_number: z.string(),
    /** null when the order was placed. */
    from_status: z.enum(ORDER_STATUSES).nullable(),
    to_status: z.enum(ORDER_STATUSES),
    at: z.string(),
  }),
);
export type VendorOrderActivity = z.infer<typeof vendorOrderActivitySchema>;

/** GET /api/analytics/vendor: the sales range as the admin's sales analytics (inclusive UTC days). */
export const vendorAnalyticsQuerySchema = salesQuerySchema;
export type VendorAnalyticsQuery = z.infer<typeof vendorAnalyticsQuerySchema>;

/** vendor §3 "Vendor analytics response", plus the vendor's sales per day over the asked range. */
export const vendorAnalyticsSchema = z.object({
  analytics: z.object({
    overview: z.object({
      total_products: z.number().int(),
      active_products: z.number().int(),
      /** Mean price of the vendor's products (major units). */
      avg_price: z.number(),
      /** Sum of price × stock (major units). */
      inventory_value: z.number(),
      /** Active products whose stock is below the vendor's low-stock threshold (Settings). */
      low_stock: z.number().int(),
      low_stock_threshold: z.number().int(),
      currency: z.string(),
    }),
    categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
    tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
    recent_products: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number(), created_at: z.string() })),
    sales: z.object({
      from: z.string(),
      to: z.string(),
      currency: z.string(),
      totals: z.object({ orders: z.number().int(), revenue: z.number(), units_sold: z.number().int() }),
      /** Every day of the range, zero days included: the vendor's line revenue per UTC day. */
      revenue_by_day: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
      /** Best sellers in the range by revenue. */
      // name_ar: the product's Arabic name, '' when it has none (or the product is gone)
      top_products: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), name_ar: z.string(), revenue: z.number(), units_sold: z.number().int() })),
    }),
  }),
  ai: z.object({ summary: z.string() }),
});
export type VendorAnalytics = z.infer<typeof vendorAnalyticsSchema>;

/** Days the Analytics chart may open on (Settings). */
export const VENDOR_ANALYTICS_RANGES = [7, 30, 90] as const;

/** The vendor's dashboard settings (Settings tab), kept on the server per vendor. */
export const vendorSettingsSchema = z.object({
  /** Active products with less stock than this are flagged in Analytics and its insights. */
  low_stock_threshold: z.number().int().min(0).max(100_000),
  /** The range the Analytics chart opens on, in days. */
  analytics_range_days: z.union([z.literal(VENDOR_ANALYTICS_RANGES[0]), z.literal(VENDOR_ANALYTICS_RANGES[1]), z.literal(VENDOR_ANALYTICS_RANGES[2])]),
});
export type VendorSettings = z.infer<typeof vendorSettingsSchema>;
export const vendorSettingsUpdateSchema = vendorSettingsSchema.partial().refine((v) => Object.keys(v).length > 0, { error: 'Send at least one setting' });
export const DEFAULT_VENDOR_SETTINGS: VendorSettings = { low_stock_threshold: LOW_STOCK_THRESHOLD, analytics_range_days: 30 };

/**
 * What a vendor may do with its own sub-order, and from which statuses (decision 0086; an admin may set any status).
 * `verb` completes "Only orders that are … can be {verb}".
 */
export const VENDOR_ORDER_ACTIONS = {
  confirm: { from: ['pending'], to: 'confirmed', verb: 'confirmed' },
  ship: { from: ['confirmed', 'processing'], to: 'shipped', verb: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered', verb: 'marked as delivered' },
  cancel: { from: ['pending', 'confirmed', 'processing'], to: 'cancelled', verb: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; verb: string }>;
export type VendorOrderAction = keyof typeof VENDOR_ORDER_ACTIONS;

/** The actions open to the sub-order's seller in this status. */
export function vendorActionsFor(status: OrderStatus): VendorOrderAction[] {
  return (Object.keys(VENDOR_ORDER_ACTIONS) as VendorOrderAction[]).filter((a) => (VENDOR_ORDER_ACTIONS[a].from as readonly OrderStatus[]).includes(status));
}

/** POST /api/vendor/orders/{id}/ship: both required (decision 0086). */
export const shipRequestSchema = z.object({
  tracking_number: z.string({ error: MSG.trackingRequired }).trim().min(1, { error: MSG.trackingRequired }).max(100),
  carrier: z.string({ error: MSG.trackingRequired }).trim().min(1, { error: MSG.trackingRequired }).max(100),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;
