import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MARKETPLACE_SELLER_NAME, ORDER_STATUSES } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { AdminOrderDetail, AdminOrderFilters, AdminOrderRow, AdminOrdersQuery, AdminUserOrder, OrderStats } from '@souq/shared/api/admin';
import { centsToAmount } from '@souq/shared/rules/money';
import { orderItems, orders, orderStatusHistory, purchases } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import { users } from '../../db/schema/accounts.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { containsPattern } from '../../platform/like.js';
import { toOrderDto } from '../orders/orders.dto.js';
import { bringsRevenue, intOf } from './report-sql.js';

/** Units in an order (the Items column), one indexed look-up per row of the page. */
const itemCount = intOf(sql`(select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`);

const rowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  totalCents: orders.totalCents,
  currency: orders.currency,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  vendorId: orders.vendorId,
  vendorName: vendors.companyName,
  vendorContact: vendors.contactName,
  createdAt: orders.createdAt,
  itemCount,
  // one indexed look-up each per row of the page, like the item count
  purchaseNumber: sql<string>`coalesce((select ${purchases.purchaseNumber} from ${purchases} where ${purchases.id} = ${orders.purchaseId}), ${orders.orderNumber})`,
  sellerVendorId: orders.sellerVendorId,
  sellerName: sql<string | null>`(select s.company_name from ${vendors} s where s.id = ${orders.sellerVendorId})`,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
};
type RowData = {
  id: number; orderNumber: string; customerName: string; customerEmail: string; customerPhone: string | null; totalCents: number;
  currency: string; status: AdminOrderRow['status']; paymentMethod: AdminOrderRow['payment_method']; vendorId: number | null;
  vendorName: string | null; vendorContact: string | null; createdAt: Date; itemCount: number; purchaseNumber: string;
  sellerVendorId: number | null; sellerName: string | null; trackingNumber: string | null; carrier: string | null;
};

function toRow(r: RowData): AdminOrderRow {
  return {
    id: r.id,
    order_number: r.orderNumber,
    customer_name: r.customerName,
    customer_email: r.customerEmail,
    customer_phone: r.customerPhone,
    item_count: r.itemCount,
    total_amount: centsToAmount(r.totalCents),
    currency: r.currency,
    status: r.status,
    payment_method: r.paymentMethod,
    vendor_id: r.vendorId,
    vendor_name: r.vendorName,
    vendor_contact: r.vendorContact,
    created_at: r.createdAt.toISOString(),
    purchase_number: r.purchaseNumber,
    seller_vendor_id: r.sellerVendorId,
    seller_name: r.sellerName ?? MARKETPLACE_SELLER_NAME,
    tracking_number: r.trackingNumber,
    carrier: r.carrier,
  };
}

/**
 * The filters of the admin order list as SQL. Search goes through the trigram index orders_admin_search_trgm (the
 * expression here must stay the index's); status and vendor through (status|vendor_id, created_at) indexes.
 */
function whereOf(f: AdminOrderFilters): SQL | undefined {
  return and(
    f.search ? sql`lower(${orders.orderNumber} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail}) like ${containsPattern(f.search)}` : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.vendor_id !== undefined ? eq(orders.vendorId, f.vendor_id) : undefined,
  );
}

const lifecycle = sql`array_position(array[${sql.join(ORDER_STATUSES.map((s) => sql`${s}`), sql`, `)}]::text[], ${orders.status}::text)`;

const SORT_COLUMN = {
  created_at: orders.createdAt,
  total_amount: orders.totalCents,
  order_number: orders.orderNumber,
  status: lifecycle,
} as const;

/** Admin reads of orders across orders, items, vendors and users (decision 0040: read-only, aggregated in SQL). */
export function createAdminOrderQueries(db: Db) {
  async function rowsWhere(where: SQL | undefined, order: SQL[], page?: { limit: number; offset: number }) {
    const q = db.select(rowColumns).from(orders).leftJoin(vendors, eq(vendors.id, orders.vendorId)).where(where).orderBy(...order);
    const rows: RowData[] = page ? await q.limit(page.limit).offset(page.offset) : await q;
    return rows.map(toRow);
  }

  return {
    /** A page of the list and the total of the filters (X-Total-Count). */
    async list(q: AdminOrdersQuery): Promise<{ items: AdminOrderRow[]; total: number }> {
      const where = whereOf(q);
      const dir = q.order === 'asc' ? asc : desc;
      const [items, [total]] = await Promise.all([
        rowsWhere(where, [dir(SORT_COLUMN[q.sort]), dir(orders.id)], q),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** The stat cards over the same filters as the list: how many, how many pending/processing, and their revenue. */
    async stats(f: AdminOrderFilters, currency: string): Promise<OrderStats> {
      const [row] = await db
        .select({
          total: intOf(sql`count(*)`),
          pending: intOf(sql`count(*) filter (where ${orders.status} = 'pending')`),
          processing: intOf(sql`count(*) filter (where ${orders.status} = 'processing')`),
          revenueCents: intOf(sql`sum(${orders.totalCents}) filter (where ${bringsRevenue})`),
        })
        .from(orders)
        .where(whereOf(f));
      return {
        total_orders: row?.total ?? 0,
        pending: row?.pending ?? 0,
        processing: row?.processing ?? 0,
        total_revenue: centsToAmount(row?.revenueCents ?? 0),
        currency,
      };
    },

    async row(orderId: number): Promise<AdminOrderRow> {
      const [row] = await rowsWhere(eq(orders.id, orderId), []);
      if (!row) throw notFound(MSG.orderNotFound);
      return row;
    },

    /** One order with its amounts, addresses, items and status history (oldest first, with who changed it). */
    async detail(orderId: number): Promise<AdminOrderDetail> {
      const [[order], [row], items, history] = await Promise.all([
        db.select().from(orders).where(eq(orders.id, orderId)),
        rowsWhere(eq(orders.id, orderId), []),
        db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
        db
          .select({ h: orderStatusHistory, by: users.name })
          .from(orderStatusHistory)
          .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(orderStatusHistory.createdAt, orderStatusHistory.id),
      ]);
      if (!order || !row) throw notFound(MSG.orderNotFound);
      // amounts and items as the orders module writes them for the customer
      const { subtotal, shipping, tax, notes, items: lines } = toOrderDto(order, items);
      return {
        ...row,
        subtotal,
        shipping,
        tax,
        notes,
        shipping_address: order.shippingAddress,
        billing_address: order.billingAddress,
        updated_at: order.updatedAt.toISOString(),
        items: lines,
        status_history: history.map(({ h, by }) => ({
          from_status: h.fromStatus,
          to_status: h.toStatus,
          notes: h.notes,
          changed_by: by,
          created_at: h.createdAt.toISOString(),
        })),
      };
    },

    /** A customer's latest orders, how many there are and what they spent (orders that bring revenue). */
    async forUser(userId: number, limit: number) {
      const [latest, [sum]] = await Promise.all([
        db
          .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, totalCents: orders.totalCents, currency: orders.currency, createdAt: orders.createdAt, itemCount })
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit),
        db
          .select({ n: intOf(sql`count(*)`), spentCents: intOf(sql`sum(${orders.totalCents}) filter (where ${bringsRevenue})`) })
          .from(orders)
          .where(eq(orders.userId, userId)),
      ]);
      const list: AdminUserOrder[] = latest.map((o) => ({
        id: o.id,
        order_number: o.orderNumber,
        status: o.status,
        item_count: o.itemCount,
        total_amount: centsToAmount(o.totalCents),
        currency: o.currency,
        created_at: o.createdAt.toISOString(),
      }));
      return { orders: list, orderCount: sum?.n ?? 0, spentCents: sum?.spentCents ?? 0 };
    },
  };
}
