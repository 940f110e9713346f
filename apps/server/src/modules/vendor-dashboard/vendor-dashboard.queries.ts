import { and, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { vendorActionsFor, type VendorAnalytics, type VendorOrder, type VendorOrderAction, type VendorOrderActivity, type VendorOrderFilters, type VendorOrderStats } from '@souq/shared/api/vendor-dashboard';
import { purchases } from '../../db/schema/orders.js';
import { centsToAmount } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders.js';
import type { Db } from '../../platform/db.js';
import { containsPattern } from '../../platform/like.js';
import { bringsRevenue, intOf } from '../reports/report-sql.js';
import { rowsOf } from '../../platform/sql-rows.js';
import type { DayRange } from '../../platform/day-range.js';

// Read-only figures of one vendor, in the reports module's style (decision 0040: aggregated in SQL, nothing loaded
// into memory whole), always scoped to the vendor's own order lines (order_items.vendor_id) and products.

// The subqueries name their tables in full: in a one-table select drizzle writes columns without their table, and
// "order_id" = "id" inside the subquery would then compare two columns of order_items.
const ORDER_ID = sql.raw('"orders"."id"');

/** The order holds at least one line of the vendor. */
// a card purchase's sub-order reaches its seller only once its payment is authorised (released, decision 0137)
const holdsLineOf = (vendorId: number) =>
  sql`("orders"."released_at" is not null and exists (select 1 from order_items own where own.order_id = ${ORDER_ID} and own.vendor_id = ${vendorId}))`;

/** The order also holds a line that is not the vendor's (another vendor's, or the shop's own product). */
const holdsOtherLines = (vendorId: number) =>
  sql<boolean>`exists (select 1 from order_items other where other.order_id = ${ORDER_ID} and other.vendor_id is distinct from ${vendorId})`;

/** The vendor's products still in the shop (an archived product is a deleted one that had orders). */
const liveProductsOf = (vendorId: number) => and(eq(products.vendorId, vendorId), ne(products.status, 'archived'));

function ordersWhere(vendorId: number, f: VendorOrderFilters): SQL | undefined {
  const pattern = f.search ? containsPattern(f.search) : null;
  return and(
    holdsLineOf(vendorId),
    f.status ? eq(orders.status, f.status) : undefined,
    pattern
      ? sql`(lower(${orders.orderNumber} || ' ' || ${orders.customerName}) like ${pattern}
          or exists (select 1 from order_items own where own.order_id = ${ORDER_ID} and own.vendor_id = ${vendorId}
                     and lower(own.product_name) like ${pattern}))`
      : undefined,
  );
}

/**
 * The moves a vendor may make on an order (decision 0086): on a sub-order it sells, or one an admin assigned to it,
 * those its status allows; none on an order it only has lines in (a mixed order placed before sub-orders).
 */
export function actionsOf(o: { status: VendorOrder['status']; sellerVendorId: number | null; assignedVendorId: number | null }, vendorId: number): VendorOrderAction[] {
  return o.sellerVendorId === vendorId || o.assignedVendorId === vendorId ? vendorActionsFor(o.status) : [];
}

/**
 * What the vendor sold, from the ledger (decision 0095), so the dashboard, the Earnings tab and the admin's Finance
 * agree: its goods and shipping less refunds, before commission — minus the vendor_payable rows of kinds sale,
 * shipping and refund (net of VAT: a registered vendor's VAT is on rows of kind sales_tax, decision 0133, which are in
 * its balance, not its sales). A sub-order placed before the ledger existed (migration 0012) has no rows and counts nothing.
 */
const VENDOR_REVENUE_KINDS = sql.raw(`('sale', 'shipping', 'refund')`);
const revenueCentsOf = (db: Db, vendorId: number) =>
  rowsOf<{ cents: number }>(db, sql`
    select coalesce(-sum(amount_cents), 0)::int8 as cents from ledger_entries
    where account = 'vendor_payable' and vendor_id = ${vendorId} and kind in ${VENDOR_REVENUE_KINDS}`).then((rows) => rows.map((r) => ({ cents: Number(r.cents) })));

export type VendorOrderHead = { id: number; orderNumber: string; status: VendorOrder['status']; sellerVendorId: number | null; assignedVendorId: number | null };

export function createVendorDashboardQueries(db: Db, currency: string) {
  const orderColumns = (vendorId: number) => ({
    id: orders.id,
    orderNumber: orders.orderNumber,
    status: orders.status,
    createdAt: orders.createdAt,
    customerName: orders.customerName,
    shippingAddress: orders.shippingAddress,
    paymentMethod: orders.paymentMethod,
    currency: orders.currency,
    assignedVendorId: orders.vendorId,
    sellerVendorId: orders.sellerVendorId,
    shared: holdsOtherLines(vendorId),
    purchaseNumber: sql<string>`coalesce((select ${purchases.purchaseNumber} from ${purchases} where ${purchases.id} = ${orders.purchaseId}), ${orders.orderNumber})`,
    shippingCents: orders.shippingCents,
    trackingNumber: orders.trackingNumber,
    carrier: orders.carrier,
    promiseEarliest: orders.promiseEarliest,
    promiseLatest: orders.promiseLatest,
    deliveryAddress: orders.deliveryAddress,
  });

  /** The vendor's own lines of these orders, with the product's SKU, by order. */
  async function linesOf(vendorId: number, orderIds: number[]) {
    const map = new Map<number, VendorOrder['items']>();
    if (!orderIds.length) return map;
    const rows = await db
      .select({
        orderId: orderItems.orderId, productId: orderItems.productId, name: orderItems.productName, sku: products.sku,
        variantLabel: orderItems.variantLabel, quantity: orderItems.quantity, unitCents: orderItems.unitPriceCents, totalCents: orderItems.lineTotalCents,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.vendorId, vendorId)))
      .orderBy(orderItems.id);
    for (const r of rows) {
      const line = { product_id: r.productId, name: r.name, sku: r.sku ?? '', variant_label: r.variantLabel, quantity: r.quantity, unit_price: centsToAmount(r.unitCents), total_price: centsToAmount(r.totalCents) };
      map.set(r.orderId, [...(map.get(r.orderId) ?? []), line]);
    }
    return map;
  }

  return {
    /** The dashboard header's stat cards. */
    async dashboardStats(vendorId: number) {
      const [[catalogue], [ordered], [revenue]] = await Promise.all([
        db
          .select({ total: intOf(sql`count(*)`), active: intOf(sql`count(*) filter (where ${products.status} = 'active')`) })
          .from(products)
          .where(liveProductsOf(vendorId)),
        db.select({ n: intOf(sql`count(*)`) }).from(orders).where(holdsLineOf(vendorId)),
        revenueCentsOf(db, vendorId),
      ]);
      return {
        total_products: catalogue?.total ?? 0,
        active_products: catalogue?.active ?? 0,
        total_orders: ordered?.n ?? 0,
        total_revenue: centsToAmount(revenue?.cents ?? 0),
        currency,
      };
    },

    /** A page of the vendor's orders (newest first) with the total of the filters (X-Total-Count). */
    async orders(vendorId: number, q: VendorOrderFilters & { limit: number; offset: number }): Promise<{ items: VendorOrder[]; total: number }> {
      const where = ordersWhere(vendorId, q);
      const [rows, [count]] = await Promise.all([
        db.select(orderColumns(vendorId)).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.limit).offset(q.offset),
        db.select({ n: intOf(sql`count(*)`) }).from(orders).where(where),
      ]);
      const lines = await linesOf(vendorId, rows.map((r) => r.id));
      const items = rows.map((r): VendorOrder => {
        const own = lines.get(r.id) ?? [];
        const cents = own.reduce((sum, l) => sum + Math.round(l.total_price * 100), 0);
        return {
          id: r.id,
          order_number: r.orderNumber,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          customer: { name: r.customerName, shipping_address: r.shippingAddress },
          payment_method: r.paymentMethod,
          items: own,
          item_count: own.reduce((n, l) => n + l.quantity, 0),
          total: centsToAmount(cents),
          currency: r.currency,
          shared_order: r.shared,
          can_ship: actionsOf(r, vendorId).includes('ship'),
          actions: actionsOf(r, vendorId),
          purchase_number: r.purchaseNumber,
          shipping: centsToAmount(r.shippingCents),
          tracking_number: r.trackingNumber,
          carrier: r.carrier,
          delivery_promise: r.promiseEarliest && r.promiseLatest ? { earliest: r.promiseEarliest, latest: r.promiseLatest } : null,
          delivery_address: r.deliveryAddress ?? null,
        };
      });
      return { items, total: count?.n ?? 0 };
    },

    /** The Orders tab's stat cards over all the vendor's orders. */
    async orderStats(vendorId: number): Promise<VendorOrderStats> {
      const [[row], [revenue]] = await Promise.all([
        db
          .select({
            total: intOf(sql`count(*)`),
            pending: intOf(sql`count(*) filter (where ${orders.status} = 'pending')`),
            processing: intOf(sql`count(*) filter (where ${orders.status} = 'processing')`),
            shipped: intOf(sql`count(*) filter (where ${orders.status} = 'shipped')`),
          })
          .from(orders)
          .where(holdsLineOf(vendorId)),
        revenueCentsOf(db, vendorId),
      ]);
      return {
        total_orders: row?.total ?? 0,
        pending_orders: row?.pending ?? 0,
        processing_orders: row?.processing ?? 0,
        shipped_orders: row?.shipped ?? 0,
        total_revenue: centsToAmount(revenue?.cents ?? 0),
        currency,
      };
    },

    /** The latest status changes (the order being placed included) of the vendor's orders, newest first. */
    async activity(vendorId: number, limit: number): Promise<VendorOrderActivity> {
      const rows = await db
        .select({ orderId: orders.id, orderNumber: orders.orderNumber, from: orderStatusHistory.fromStatus, to: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
        .from(orderStatusHistory)
        .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
        // only moves: a history line that keeps the status (a return's step, an admin's note) is not a status change
        .where(and(holdsLineOf(vendorId), sql`${orderStatusHistory.fromStatus} is distinct from ${orderStatusHistory.toStatus}`))
        .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id))
        .limit(limit);
      return rows.map((r) => ({
        order_id: r.orderId,
        order_number: r.orderNumber,
        from_status: r.from as VendorOrderActivity[number]['from_status'],
        to_status: r.to as VendorOrderActivity[number]['to_status'],
        at: r.at.toISOString(),
      }));
    },

    /** What shipping needs to know of an order the vendor can see; null when it holds none of its lines. */
    async orderHead(vendorId: number, orderId: number): Promise<VendorOrderHead | null> {
      const [row] = await db
        .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, sellerVendorId: orders.sellerVendorId, assignedVendorId: orders.vendorId })
        .from(orders)
        .where(and(eq(orders.id, orderId), holdsLineOf(vendorId)));
      return row ?? null;
    },

    /** Every vendor an order concerns: those whose products it holds and the one an admin assigned it to. */
    async vendorsOfOrder(orderId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ vendorId: orderItems.vendorId })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.vendorId)))
        .union(db.select({ vendorId: orders.vendorId }).from(orders).where(and(eq(orders.id, orderId), isNotNull(orders.vendorId))));
      return rows.map((r) => r.vendorId!);
    },

    /** The vendor's order lines for the CSV export, oldest order first, bounded by `max`. */
    async exportLines(vendorId: number, f: VendorOrderFilters, max: number) {
      return db
        .select({
          orderNumber: orders.orderNumber, createdAt: orders.createdAt, status: orders.status, customerName: orders.customerName,
          shippingAddress: orders.shippingAddress, paymentMethod: orders.paymentMethod, currency: orders.currency,
          productName: orderItems.productName, sku: products.sku, variantLabel: orderItems.variantLabel, quantity: orderItems.quantity,
          unitCents: orderItems.unitPriceCents, totalCents: orderItems.lineTotalCents,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(and(eq(orderItems.vendorId, vendorId), ordersWhere(vendorId, f)))
        .orderBy(orders.createdAt, orders.id, orderItems.id)
        .limit(max);
    },

    /** The Analytics tab's catalogue figures and the vendor's sales per day over `range`. */
    async analytics(vendorId: number, range: DayRange, lowStockThreshold: number): Promise<VendorAnalytics['analytics']> {
      const live = liveProductsOf(vendorId);
      const inRange = sql`${orders.createdAt} >= ${range.start.toISOString()} and ${orders.createdAt} < ${range.end.toISOString()} and ${bringsRevenue}`;
      const ownLinesInRange = sql`${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${orderItems.vendorId} = ${vendorId} and ${inRange}`;
      const [[overview], categories, tags, recent, [totals], days, top] = await Promise.all([
        db
          .select({
            total: intOf(sql`count(*)`),
            active: intOf(sql`count(*) filter (where ${products.status} = 'active')`),
            avgCents: sql<number>`coalesce(round(avg(${products.priceCents})), 0)::int8`.mapWith(Number),
            valueCents: intOf(sql`sum(${products.priceCents}::int8 * ${products.stock})`),
            lowStock: intOf(sql`count(*) filter (where ${products.status} = 'active' and ${products.stock} < ${lowStockThreshold})`),
          })
          .from(products)
          .where(live),
        // every category a product is filed under counts once for it
        rowsOf<{ category: string; count: number }>(db, sql`
          select c.category, count(*)::int8 as count
          from ${products}, unnest(${products.categories}) as c(category)
          where ${live} and c.category <> ''
          group by 1 order by 2 desc, 1 limit 10`),
        rowsOf<{ tag: string; count: number }>(db, sql`
          select lower(t.tag) as tag, count(distinct ${products.id})::int8 as count
          from ${products}, unnest(${products.tags}) as t(tag)
          where ${live} and t.tag <> ''
          group by 1 order by 2 desc, 1 limit 10`),
        db
          .select({ id: products.id, name: products.name, priceCents: products.priceCents, createdAt: products.createdAt })
          .from(products)
          .where(live)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(5),
        // orders and units from the vendor's lines; revenue from the ledger, on the day each row was posted
        rowsOf<{ orders: number; revenue: number; units: number }>(db, sql`
          select count(distinct ${orders.id})::int8 as orders,
                 (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e
                  where e.account = 'vendor_payable' and e.vendor_id = ${vendorId} and e.kind in ${VENDOR_REVENUE_KINDS}
                    and e.created_at >= ${range.start.toISOString()} and e.created_at < ${range.end.toISOString()})::int8 as revenue,
                 coalesce(sum(${orderItems.quantity}), 0)::int8 as units
          from ${ownLinesInRange}`),
        rowsOf<{ date: string; revenue: number; orders: number }>(db, sql`
          select to_char(d.day, 'YYYY-MM-DD') as date,
                 (select coalesce(-sum(e.amount_cents), 0) from ledger_entries e
                  where e.account = 'vendor_payable' and e.vendor_id = ${vendorId} and e.kind in ${VENDOR_REVENUE_KINDS}
                    and e.created_at >= (d.day at time zone 'UTC') and e.created_at < ((d.day + interval '1 day') at time zone 'UTC'))::int8 as revenue,
                 (select count(distinct ${orderItems.orderId}) from ${ownLinesInRange} and (${orders.createdAt} at time zone 'UTC')::date = d.day::date)::int8 as orders
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
          order by d.day`),
        // the Arabic name is the product's as it is now (a line keeps only the English name it was sold under)
        rowsOf<{ id: number | null; name: string; name_ar: string | null; revenue: number; units: number }>(db, sql`
          select ${orderItems.productId} as id, max(${orderItems.productName}) as name,
                 (select p.name_ar from ${products} p where p.id = ${orderItems.productId}) as name_ar,
                 sum(${orderItems.lineTotalCents})::int8 as revenue, sum(${orderItems.quantity})::int8 as units
          from ${ownLinesInRange}
          group by ${orderItems.productId}, case when ${orderItems.productId} is null then ${orderItems.productName} end
          order by 3 desc, 2 limit 5`),
      ]);
      return {
        overview: {
          total_products: overview?.total ?? 0,
          active_products: overview?.active ?? 0,
          avg_price: centsToAmount(overview?.avgCents ?? 0),
          inventory_value: centsToAmount(overview?.valueCents ?? 0),
          low_stock: overview?.lowStock ?? 0,
          low_stock_threshold: lowStockThreshold,
          currency,
        },
        categories: categories.map((c) => ({ category: c.category, count: Number(c.count) })),
        tags: tags.map((t) => ({ tag: t.tag, count: Number(t.count) })),
        recent_products: recent.map((p) => ({ id: p.id, name: p.name, price: centsToAmount(p.priceCents), created_at: p.createdAt.toISOString() })),
        sales: {
          from: range.from,
          to: range.to,
          currency,
          totals: { orders: Number(totals?.orders ?? 0), revenue: centsToAmount(totals?.revenue ?? 0), units_sold: Number(totals?.units ?? 0) },
          revenue_by_day: days.map((d) => ({ date: d.date, revenue: centsToAmount(d.revenue), orders: Number(d.orders) })),
          top_products: top.map((p) => ({ id: p.id === null ? null : Number(p.id), name: p.name, name_ar: p.name_ar ?? '', revenue: centsToAmount(p.revenue), units_sold: Number(p.units) })),
        },
      };
    },
  };
}
