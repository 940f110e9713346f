import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ADMIN_RECENT_ORDERS, LOW_STOCK_THRESHOLD } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { AdminProductDetail, AdminProductRow, ProductStats } from '@souq/shared/api/admin';
import type { AdminProductFilters, AdminProductsQuery, ManagedProduct } from '@souq/shared/api/products';
import { amountToCents, centsToAmount } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { containsPattern } from '../../platform/like.js';
import { bringsRevenue, intOf } from './report-sql.js';

type Figures = { orderCount: number; units: number; revenueCents: number };
const NO_FIGURES: Figures = { orderCount: 0, units: 0, revenueCents: 0 };

/**
 * The admin product list's filters as SQL (admin §5). Without a status filter archived products (deleted while
 * orders held them) are left out: the admin deleted them. The search reads the generated column search_text and
 * the tags filter souq_tags_text(tags), each through its trigram index (migration admin-lists); each tag term must
 * then be a substring of one tag, not of two joined.
 */
function whereOf(f: AdminProductFilters): SQL | undefined {
  const tagTerms = (f.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean).map(containsPattern);
  return and(
    f.status ? eq(products.status, f.status) : ne(products.status, 'archived'),
    f.is_active === true ? eq(products.status, 'active') : f.is_active === false ? ne(products.status, 'active') : undefined,
    f.search ? sql`${products.searchText} like ${containsPattern(f.search)}` : undefined,
    f.category ? sql`${products.categories} @> array[${f.category}]::text[]` : undefined,
    f.vendor_id !== undefined ? eq(products.vendorId, f.vendor_id) : undefined,
    f.min_price !== undefined ? gte(products.priceCents, amountToCents(f.min_price)) : undefined,
    f.max_price !== undefined ? lte(products.priceCents, amountToCents(f.max_price)) : undefined,
    ...tagTerms.map((pattern) => sql`souq_tags_text(${products.tags}) like ${pattern} and exists (select 1 from unnest(${products.tags}) as t(tag) where lower(t.tag) like ${pattern})`),
  );
}

const SORT_COLUMN = {
  created_at: products.createdAt,
  name: products.name,
  price: products.priceCents,
  stock: products.stock,
} as const;

const withFigures = (p: ManagedProduct, f: Figures): AdminProductRow => ({
  ...p,
  order_count: f.orderCount,
  total_ordered: f.units,
  total_revenue: centsToAmount(f.revenueCents),
});

/**
 * Admin reads of products with their order figures (decision 0040): the page is chosen here (filters and sort in
 * SQL), the products themselves come from the catalogue as it manages them (`managedProducts`).
 */
export function createAdminProductQueries(db: Db, managedProducts: (ids: number[]) => Promise<ManagedProduct[]>) {
  /** Orders, units and revenue per product, from order lines of orders that bring revenue; only for the given ids. */
  async function figuresOf(ids: number[]): Promise<Map<number, Figures>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        productId: orderItems.productId,
        orderCount: intOf(sql`count(distinct ${orderItems.orderId})`),
        units: intOf(sql`sum(${orderItems.quantity})`),
        revenueCents: intOf(sql`sum(${orderItems.lineTotalCents})`),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inArray(orderItems.productId, ids), bringsRevenue))
      .groupBy(orderItems.productId);
    return new Map(rows.map((r) => [r.productId!, r]));
  }

  return {
    /** A page of the list (figures computed for that page only) and the total of the filters. */
    async list(q: AdminProductsQuery): Promise<{ items: AdminProductRow[]; total: number }> {
      const where = whereOf(q);
      const dir = q.order === 'asc' ? asc : desc;
      const [page, [total]] = await Promise.all([
        db.select({ id: products.id }).from(products).where(where).orderBy(dir(SORT_COLUMN[q.sort]), dir(products.id)).limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const ids = page.map((r) => r.id);
      const [items, figures] = await Promise.all([managedProducts(ids), figuresOf(ids)]);
      return { items: items.map((p) => withFigures(p, figures.get(p.id) ?? NO_FIGURES)), total: total?.n ?? 0 };
    },

    /** The stat cards over the list's filters: counts, low stock (under 10), and the orders and revenue they drew. */
    async stats(f: AdminProductFilters, currency: string): Promise<ProductStats> {
      const where = whereOf(f);
      const [[counts], [sales]] = await Promise.all([
        db
          .select({
            total: intOf(sql`count(*)`),
            active: intOf(sql`count(*) filter (where ${products.status} = 'active')`),
            lowStock: intOf(sql`count(*) filter (where ${products.stock} < ${LOW_STOCK_THRESHOLD})`),
          })
          .from(products)
          .where(where),
        db
          .select({ orders: intOf(sql`count(distinct ${orderItems.orderId})`), revenueCents: intOf(sql`sum(${orderItems.lineTotalCents})`) })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(bringsRevenue, inArray(orderItems.productId, db.select({ id: products.id }).from(products).where(where)))),
      ]);
      return {
        total_products: counts?.total ?? 0,
        active_products: counts?.active ?? 0,
        low_stock: counts?.lowStock ?? 0,
        total_revenue: centsToAmount(sales?.revenueCents ?? 0),
        total_orders: sales?.orders ?? 0,
        currency,
      };
    },

    /** The details modal: the row, brand/SKU/images, performance metrics and the latest orders holding it. */
    async detail(productId: number): Promise<AdminProductDetail> {
      const [[found], [vendor], [metrics], recent] = await Promise.all([
        managedProducts([productId]),
        db.select({ email: vendors.email }).from(products).innerJoin(vendors, eq(vendors.id, products.vendorId)).where(eq(products.id, productId)),
        db
          .select({
            orderCount: intOf(sql`count(distinct ${orderItems.orderId}) filter (where ${bringsRevenue})`),
            units: intOf(sql`sum(${orderItems.quantity}) filter (where ${bringsRevenue})`),
            revenueCents: intOf(sql`sum(${orderItems.lineTotalCents}) filter (where ${bringsRevenue})`),
            cancelledUnits: intOf(sql`sum(${orderItems.quantity}) filter (where not ${bringsRevenue})`),
            lastOrderedAt: sql<Date | null>`max(${orders.createdAt})`.mapWith(orders.createdAt),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orderItems.productId, productId)),
        db
          .select({
            orderId: orders.id, orderNumber: orders.orderNumber, status: orders.status, quantity: orderItems.quantity,
            lineTotalCents: orderItems.lineTotalCents, customerName: orders.customerName, customerEmail: orders.customerEmail, createdAt: orders.createdAt,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orderItems.productId, productId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(ADMIN_RECENT_ORDERS),
      ]);
      if (!found) throw notFound(MSG.productNotFound);
      const m = { orderCount: metrics?.orderCount ?? 0, units: metrics?.units ?? 0, revenueCents: metrics?.revenueCents ?? 0 };
      return {
        ...withFigures(found, m),
        vendor_email: vendor?.email ?? null,
        metrics: {
          order_count: m.orderCount,
          units_sold: m.units,
          total_revenue: centsToAmount(m.revenueCents),
          average_unit_price: m.units > 0 ? centsToAmount(Math.round(m.revenueCents / m.units)) : null,
          last_ordered_at: metrics?.lastOrderedAt ? new Date(metrics.lastOrderedAt).toISOString() : null,
          cancelled_units: metrics?.cancelledUnits ?? 0,
        },
        recent_orders: recent.map((o) => ({
          order_id: o.orderId,
          order_number: o.orderNumber,
          status: o.status,
          quantity: o.quantity,
          total_price: centsToAmount(o.lineTotalCents),
          customer_name: o.customerName,
          customer_email: o.customerEmail,
          created_at: o.createdAt.toISOString(),
        })),
      };
    },

    /** The categories in use (the category filter's options), most used first; archived products left out. */
    async categories(): Promise<{ category: string; products: number }[]> {
      const rows = await db
        .select({ category: sql<string>`c.category`, n: intOf(sql`count(*)`) })
        .from(sql`${products}, unnest(${products.categories}) as c(category)`)
        .where(ne(products.status, 'archived'))
        .groupBy(sql`c.category`)
        .orderBy(sql`count(*) desc`, sql`c.category`);
      return rows.map((r) => ({ category: r.category, products: r.n }));
    },
  };
}
