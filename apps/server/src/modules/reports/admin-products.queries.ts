import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ADMIN_RECENT_ORDERS, LOW_STOCK_THRESHOLD } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { AdminProductDetail, AdminProductFilters, AdminProductRow, AdminProductsQuery, ProductStats } from '@souq/shared/api/admin';
import { amountToCents, centsToAmount } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { containsPattern } from '../../platform/like.js';
import { bringsRevenue, intOf } from './report-sql.js';

type ProductRow = typeof products.$inferSelect;
type Figures = { orderCount: number; units: number; revenueCents: number };
const NO_FIGURES: Figures = { orderCount: 0, units: 0, revenueCents: 0 };

/**
 * The admin product list's filters as SQL (admin §5). Without a status filter archived products (deleted while
 * orders held them) are left out: the admin deleted them. Search and tags go through the trigram indexes of
 * migration admin-search; the expressions here must stay those indexes' expressions.
 */
function whereOf(f: AdminProductFilters): SQL | undefined {
  const tagPattern = f.tags ? containsPattern(f.tags) : null;
  return and(
    f.status ? eq(products.status, f.status) : ne(products.status, 'archived'),
    f.search
      ? sql`souq_product_search_text(${products.name}, ${products.slug}, ${products.description}, ${products.tags}, ${products.categories}) like ${containsPattern(f.search)}`
      : undefined,
    f.category ? sql`${products.categories} @> array[${f.category}]::text[]` : undefined,
    f.vendor_id !== undefined ? eq(products.vendorId, f.vendor_id) : undefined,
    f.min_price !== undefined ? gte(products.priceCents, amountToCents(f.min_price)) : undefined,
    f.max_price !== undefined ? lte(products.priceCents, amountToCents(f.max_price)) : undefined,
    // the index finds candidates by the joined tags; the exact rule is "a substring of one tag"
    tagPattern
      ? sql`souq_tags_text(${products.tags}) like ${tagPattern} and exists (select 1 from unnest(${products.tags}) as t(tag) where lower(t.tag) like ${tagPattern})`
      : undefined,
  );
}

const SORT_COLUMN = {
  created_at: products.createdAt,
  name: products.name,
  price: products.priceCents,
  stock: products.stock,
} as const;

type Vendor = { name: string | null; contact: string | null; email: string | null };

function toRow(p: ProductRow, v: Vendor, f: Figures): AdminProductRow {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    price: centsToAmount(p.priceCents),
    price_cents: p.priceCents,
    currency: p.currency,
    stock_quantity: p.stock,
    status: p.status,
    is_active: p.status === 'active',
    categories: p.categories,
    tags: p.tags,
    image_url: p.images[0] ?? null,
    vendor_id: p.vendorId,
    vendor_name: v.name,
    vendor_contact: v.contact,
    order_count: f.orderCount,
    total_ordered: f.units,
    total_revenue: centsToAmount(f.revenueCents),
    created_at: p.createdAt.toISOString(),
  };
}

/** Admin reads of products with their vendor and their order figures (decision 0040). */
export function createAdminProductQueries(db: Db) {
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

  const withVendor = () =>
    db
      .select({ p: products, vendorName: vendors.companyName, vendorContact: vendors.contactName, vendorEmail: vendors.email })
      .from(products)
      .leftJoin(vendors, eq(vendors.id, products.vendorId));

  return {
    /** A page of the list (figures computed for that page only) and the total of the filters. */
    async list(q: AdminProductsQuery): Promise<{ items: AdminProductRow[]; total: number }> {
      const where = whereOf(q);
      const dir = q.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        withVendor().where(where).orderBy(dir(SORT_COLUMN[q.sort]), dir(products.id)).limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const figures = await figuresOf(rows.map((r) => r.p.id));
      const items = rows.map((r) => toRow(r.p, { name: r.vendorName, contact: r.vendorContact, email: r.vendorEmail }, figures.get(r.p.id) ?? NO_FIGURES));
      return { items, total: total?.n ?? 0 };
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
      const [[found], [metrics], recent] = await Promise.all([
        withVendor().where(eq(products.id, productId)),
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
      const p = found.p;
      return {
        ...toRow(p, { name: found.vendorName, contact: found.vendorContact, email: found.vendorEmail }, m),
        brand: p.brand,
        sku: p.sku,
        images: p.images,
        vendor_email: found.vendorEmail,
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
