import { eq } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import {
  DEFAULT_VENDOR_SETTINGS, VENDOR_ACTIVITY_ROWS, VENDOR_ORDER_ACTIONS, vendorSettingsSchema, type ShipRequest, type VendorOrderAction, type VendorAnalytics, type VendorAnalyticsQuery, type VendorOrder, type VendorOrderFilters,
  type VendorOrdersQuery, type VendorSettings,
} from '@souq/shared/api/vendor-dashboard';
import { centsToAmount } from '@souq/shared/rules/money';
import { settings } from '../../db/schema/accounts.js';
import type { Db, Tx } from '../../platform/db.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { notFound, say } from '../../platform/errors.js';
import type { OrdersService } from '../orders/orders.service.js';
import { resolveRange } from '../../platform/day-range.js';
import { createVendorDashboardQueries } from './vendor-dashboard.queries.js';
import { vendorInsights } from './insights.js';
import { ENGLISH_READER, withReader, type Reader } from '../../platform/request-locale.js';
import { toCsv } from '../../platform/csv.js';
import { messagesFor } from '@souq/shared/messages-for';
import type { Locale } from '@souq/shared/rules/locale';

export type VendorDashboardService = ReturnType<typeof createVendorDashboardService>;

/** An export holds at most this many order lines (a bounded response; filter to export a part). */
export const VENDOR_EXPORT_MAX_LINES = 20_000;

/** The vendor's settings live in the shop's key/value settings table under this key (decision 0039). */
const settingsKey = (vendorId: number) => `vendor-dashboard:${vendorId}`;

export const EXPORT_HEADER = MSG.ordersCsvHeader;

/**
 * The vendor dashboard's business data (issue 8): stat cards, the vendor's orders (its own lines only) with Ship and
 * a CSV export, analytics with insights, and the dashboard settings. Every call takes the vendor id of the session;
 * writes of order status go through the orders module (status history, audit, event), settings are audited here.
 */
export function createVendorDashboardService(deps: {
  db: Db;
  audit: AuditLog;
  orders: Pick<OrdersService, 'setStatus'>;
  currency: string;
  now?: () => Date;
  /** The departments' Arabic names (the catalogue's), for the insights of a reader in Arabic. */
  departmentsAr?: () => Promise<ReadonlyMap<string, string>>;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const queries = createVendorDashboardQueries(db, deps.currency);

  async function getSettings(vendorId: number, exec: Db | Tx = db): Promise<VendorSettings> {
    const [row] = await exec.select({ value: settings.value }).from(settings).where(eq(settings.key, settingsKey(vendorId)));
    if (!row) return { ...DEFAULT_VENDOR_SETTINGS };
    // a stored value from an older shape keeps its valid fields and takes the defaults for the rest
    const parsed = vendorSettingsSchema.partial().safeParse(JSON.parse(row.value));
    return { ...DEFAULT_VENDOR_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  return {
    stats: (vendorId: number) => queries.dashboardStats(vendorId),
    orders: (vendorId: number, q: VendorOrdersQuery) => queries.orders(vendorId, q),
    orderStats: (vendorId: number) => queries.orderStats(vendorId),
    activity: (vendorId: number) => queries.activity(vendorId, VENDOR_ACTIVITY_ROWS),
    vendorsOfOrder: (orderId: number) => queries.vendorsOfOrder(orderId),

    /**
     * A vendor runs its own sub-order (decision 0086, replacing 0037's shared-order rule): confirm, ship (tracking
     * number and carrier required), mark delivered, cancel (the stock comes back), each through orders.setStatus
     * (status history, audit entry with the vendor as actor, the customer told live and by push). Another vendor's
     * sub-order, or one holding none of its lines, is a 404; from a status the action does not start from, a 409;
     * both are checked under the order's row lock, so nothing is written.
     */
    async act(vendorId: number, orderId: number, action: VendorOrderAction, actor: Actor, tracking?: ShipRequest): Promise<VendorOrder> {
      const head = await queries.orderHead(vendorId, orderId);
      if (!head) throw notFound(MSG.orderNotFound);
      const rule = VENDOR_ORDER_ACTIONS[action];
      await deps.orders.setStatus(orderId, rule.to, {
        actor,
        vendorId,
        notes: `${rule.to[0]!.toUpperCase()}${rule.to.slice(1)} by the vendor`,
        expectFrom: { status: rule.from, conflictMessage: (current) => say.vendorOrderActionFrom(rule.verb, rule.from, current) },
        ...(tracking ? { tracking: { number: tracking.tracking_number, carrier: tracking.carrier } } : {}),
      });
      const { items } = await queries.orders(vendorId, { search: head.orderNumber, limit: 5, offset: 0 });
      const order = items.find((o) => o.id === orderId);
      if (!order) throw notFound(MSG.orderNotFound);
      return order;
    },

    /**
     * The vendor's order lines matching the filters as CSV (one row per line; its own lines only), its header row in the
     * requester's language (the cells are data: numbers stay machine-readable).
     */
    async exportCsv(vendorId: number, f: VendorOrderFilters, locale: Locale = 'en'): Promise<{ csv: string; lines: number }> {
      const rows = await queries.exportLines(vendorId, f, VENDOR_EXPORT_MAX_LINES);
      const csv = toCsv(
        messagesFor(locale).ordersCsvHeader,
        rows.map((r) => [
          r.orderNumber, r.createdAt.toISOString().replace('T', ' ').slice(0, 19), r.status, r.customerName, r.shippingAddress.address,
          r.shippingAddress.city, r.shippingAddress.country, r.shippingAddress.zip, r.paymentMethod === 'cod' ? 'Cash on delivery' : r.paymentMethod === 'store_credit' ? 'Store credit' : 'Card',
          r.productName, r.sku ?? '', r.variantLabel, r.quantity, centsToAmount(r.unitCents), centsToAmount(r.totalCents), r.currency,
        ]),
      );
      return { csv, lines: rows.length };
    },

    /**
     * vendor §3 analytics and the AI Insights text, written for `reader` (its language, digits, money and dates);
     * without a range, the vendor's chosen number of days up to today.
     */
    async analytics(vendorId: number, q: VendorAnalyticsQuery, reader: Reader = ENGLISH_READER): Promise<VendorAnalytics> {
      const mine = await getSettings(vendorId);
      const today = now();
      const to = q.to ?? today.toISOString().slice(0, 10);
      const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (mine.analytics_range_days - 1) * 86_400_000).toISOString().slice(0, 10);
      const range = resolveRange({ from, to }, today);
      const analytics = await queries.analytics(vendorId, range, mine.low_stock_threshold);
      if (reader.locale === 'en') return { analytics, ai: { summary: vendorInsights(analytics) } };
      const names = reader.locale === 'ar' && deps.departmentsAr ? await deps.departmentsAr() : new Map<string, string>();
      const summary = withReader(reader, () => vendorInsights(analytics, reader.locale, (c) => names.get(c) || c));
      return { analytics, ai: { summary } };
    },

    getSettings: (vendorId: number) => getSettings(vendorId),

    /** Saves the changed settings with their audit entry in one transaction; answers all settings. */
    async updateSettings(vendorId: number, patch: Partial<VendorSettings>, actor: Actor): Promise<VendorSettings> {
      return db.transaction(async (tx) => {
        const before = await getSettings(vendorId, tx);
        const after = { ...before, ...patch };
        const value = JSON.stringify(after);
        await tx
          .insert(settings)
          .values({ key: settingsKey(vendorId), value })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
        await deps.audit.record(tx, {
          actor,
          action: 'vendor.settings',
          target: { type: 'vendor', id: vendorId },
          changes: changesBetween(before, patch),
        });
        return after;
      });
    },
  };
}
