import { z } from 'zod';
import { MSG } from '../messages.js';
import { PAID_BY } from '../constants.js';

// The admin area's read-only figures (decision 0040): overview, sales analytics, payments, the AI chatbot and the
// notification bell. Money in major units of `currency`, the shop currency.

/** GET /api/admin/overview: the four cards of the spec, a few order figures and the summary written from them. */
export const adminOverviewSchema = z.object({
  total_products: z.number().int(),
  active_products: z.number().int(),
  /** Units in stock over live (not archived) products. */
  total_inventory: z.number().int(),
  /** Price × stock over live products. */
  inventory_value: z.number(),
  low_stock: z.number().int(),
  orders_30d: z.number().int(),
  revenue_30d: z.number(),
  pending_orders: z.number().int(),
  top_category_30d: z.string().nullable(),
  /** Its name in Arabic (`category_names`), null when the catalogue has none: a page in Arabic shows it (decision 0100). */
  top_category_30d_ar: z.string().nullable(),
  currency: z.string(),
  generated_at: z.string(),
  ai: z.object({ summary: z.string() }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2025-01-31' }).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: 'Not a real date' });

/** GET /api/analytics/sales: an inclusive range of UTC days (default: the last 30 days up to today; at most 366 days). */
export const salesQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: MSG.dateRangeInvalid, path: ['from'] });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

export const salesAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: z.object({ orders: z.number().int(), revenue: z.number(), units_sold: z.number().int() }),
  categories: z.array(z.object({ category: z.string(), revenue: z.number(), units_sold: z.number().int() })),
  /** name_ar: the product's Arabic name as the catalogue has it ('' when none, or the product is gone). */
  products: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), name_ar: z.string(), revenue: z.number(), units_sold: z.number().int() })),
  /** `bucket` is the English label ('AED 50–100'); `low`/`high` its edges in major units (high null for the last, open one). */
  price_buckets: z.array(z.object({ bucket: z.string(), low: z.number(), high: z.number().nullable(), items: z.number().int(), revenue: z.number() })),
  cart_value_buckets: z.array(z.object({ bucket: z.string(), low: z.number(), high: z.number().nullable(), orders: z.number().int(), revenue: z.number() })),
  /** Every day of the range, zero days included. */
  revenue_by_day: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
});
export type SalesAnalytics = z.infer<typeof salesAnalyticsSchema>;

/** GET /api/admin/payments: totals by payment method and the cash on delivery still to collect. */
export const paymentsSummarySchema = z.object({
  currency: z.string(),
  methods: z.array(z.object({
    method: z.enum(PAID_BY),
    label: z.string(),
    /** Orders that bring revenue (not cancelled or refunded) and their amount. */
    orders: z.number().int(),
    amount: z.number(),
    /**
     * Whether that money reached the marketplace (issue 34 item 9): `not_taken` — card orders whose money no payment
     * provider has taken; `by_provider` — card payments captured by the provider (`collected`, decision 0137);
     * `on_delivery` — cash collected by the courier when the order is delivered (what is not yet is cod_to_collect).
     */
    collection: z.enum(['not_taken', 'by_provider', 'on_delivery', 'store_credit']),
    /** Card: what the payment provider captured (the ledger's cash side, decision 0137), major units; null for cash. */
    collected: z.number().nullable(),
  })),
  cod_to_collect: z.object({ orders: z.number().int(), amount: z.number() }),
  /** Sub-orders marked refunded and what the ledger gave their shoppers back (decision 0117), major units. */
  refunded: z.object({ orders: z.number().int(), amount: z.number() }),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

/** GET /api/admin/chatbot: figures from the stored assistant conversations of the last 24 hours. */
export const chatbotStatsSchema = z.object({
  window_hours: z.number().int(),
  /** Chat sessions with a message in the window. */
  chats: z.number().int(),
  messages: z.number().int(),
  user_messages: z.number().int(),
  messages_per_chat: z.number(),
  /** Chats of the window in which something went into the cart from the chat. */
  chats_with_add_to_cart: z.number().int(),
  /** chats_with_add_to_cart / chats, 0..1 (0 without chats). */
  add_to_cart_share: z.number(),
  /** Topics of the shoppers' messages by a fixed keyword list, most asked first (topics never asked are left out). */
  topics: z.array(z.object({ topic: z.string(), messages: z.number().int() })),
});
export type ChatbotStats = z.infer<typeof chatbotStatsSchema>;

/** GET /api/admin/notifications/summary: what waits for an admin, for the bell. A part not known yet is null. */
export const adminAlertsSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({
    kind: z.enum(['vendors_pending_review', 'support_awaiting_staff']),
    label: z.string(),
    count: z.number().int(),
    /** The dashboard section that deals with it. */
    section: z.string(),
  })),
});
export type AdminAlerts = z.infer<typeof adminAlertsSchema>;
