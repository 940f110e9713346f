import { sql, type SQL } from 'drizzle-orm';
import { CART_VALUE_BUCKET_EDGES, PRICE_BUCKET_EDGES, SALES_TOP_ROWS } from '@souq/shared/constants';
import type { SalesAnalytics } from '@souq/shared/api/reports';
import { centsToAmount, formatAmount } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import type { Db } from '../../platform/db.js';
import type { DayRange } from '../../platform/day-range.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { bringsRevenue } from './report-sql.js';

/** 'AED 50–100', the last one 'AED 1,000+' (edges in major units). */
export function bucketLabels(edges: readonly number[], currency: string): string[] {
  const money = (n: number) => formatAmount(n).replace(/\.00$/, '');
  return edges.map((edge, i) => (i + 1 < edges.length ? `${currency} ${money(edge)}–${money(edges[i + 1]!)}` : `${currency} ${money(edge)}+`));
}

/** A bucket's edges in major units (`high` null for the last, open one): a screen writes them in its reader's language. */
const bucketEdges = (edges: readonly number[], i: number) => ({ low: edges[i]!, high: edges[i + 1] ?? null });

/** The index (0-based) of the bucket a cents amount falls in, as SQL: edges are major units, [edge, next). */
const bucketIndex = (cents: SQL, edges: readonly number[]) =>
  sql`(width_bucket(${cents}::float8 / 100, array[${sql.join(edges.slice(1).map((e) => sql`${e}`), sql`, `)}]::float8[]))`;

/**
 * Sales analytics over orders that bring revenue, placed in the range (decision 0040). Revenue is merchandise:
 * order lines (or the order subtotal), without shipping and tax. Every figure is one grouped SQL query.
 */
export function createSalesQueries(db: Db) {
  return {
    async sales(range: DayRange, currency: string): Promise<SalesAnalytics> {
      const inRange = sql`${orders.createdAt} >= ${range.start.toISOString()} and ${orders.createdAt} < ${range.end.toISOString()} and ${bringsRevenue}`;
      const linesInRange = sql`${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId} where ${inRange}`;
      const primaryCategory = sql`coalesce(nullif(${products.categories}[1], ''), 'Uncategorized')`;
      const [totals, categories, top, priceBuckets, cartBuckets, days] = await Promise.all([
        rowsOf<{ orders: number; revenue: number; units: number }>(db, sql`
          select count(distinct ${orders.id})::int8 as orders, coalesce(sum(${orderItems.lineTotalCents}), 0)::int8 as revenue,
                 coalesce(sum(${orderItems.quantity}), 0)::int8 as units
          from ${linesInRange}`),
        // a product counts under its primary category, so the rows add up to the total; a deleted product's lines are 'Uncategorized'
        rowsOf<{ category: string; revenue: number; units: number }>(db, sql`
          select ${primaryCategory} as category, sum(${orderItems.lineTotalCents})::int8 as revenue, sum(${orderItems.quantity})::int8 as units
          from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
            left join ${products} on ${products.id} = ${orderItems.productId}
          where ${inRange}
          group by 1 order by 2 desc, 1 limit ${SALES_TOP_ROWS}`),
        rowsOf<{ id: number | null; name: string; name_ar: string | null; revenue: number; units: number }>(db, sql`
          select ${orderItems.productId} as id, max(${orderItems.productName}) as name,
                 (select ${products.nameAr} from ${products} where ${products.id} = ${orderItems.productId}) as name_ar,
                 sum(${orderItems.lineTotalCents})::int8 as revenue, sum(${orderItems.quantity})::int8 as units
          from ${linesInRange}
          group by ${orderItems.productId}, case when ${orderItems.productId} is null then ${orderItems.productName} end
          order by 3 desc, 2 limit ${SALES_TOP_ROWS}`),
        rowsOf<{ bucket: number; items: number; revenue: number }>(db, sql`
          select ${bucketIndex(sql`${orderItems.unitPriceCents}`, PRICE_BUCKET_EDGES)} as bucket,
                 sum(${orderItems.quantity})::int8 as items, sum(${orderItems.lineTotalCents})::int8 as revenue
          from ${linesInRange} group by 1`),
        rowsOf<{ bucket: number; orders: number; revenue: number }>(db, sql`
          select ${bucketIndex(sql`${orders.subtotalCents}`, CART_VALUE_BUCKET_EDGES)} as bucket,
                 count(*)::int8 as orders, sum(${orders.subtotalCents})::int8 as revenue
          from ${orders} where ${inRange} group by 1`),
        rowsOf<{ date: string; revenue: number; orders: number }>(db, sql`
          select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(${orders.subtotalCents}), 0)::int8 as revenue, count(${orders.id})::int8 as orders
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
            left join ${orders} on (${orders.createdAt} at time zone 'UTC')::date = d.day::date and ${inRange}
          group by d.day order by d.day`),
      ]);
      const priceLabels = bucketLabels(PRICE_BUCKET_EDGES, currency);
      const cartLabels = bucketLabels(CART_VALUE_BUCKET_EDGES, currency);
      const byIndex = <T extends { bucket: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.bucket), r]));
      const prices = byIndex(priceBuckets);
      const carts = byIndex(cartBuckets);
      const t = totals[0];
      return {
        from: range.from,
        to: range.to,
        currency,
        totals: { orders: Number(t?.orders ?? 0), revenue: centsToAmount(t?.revenue ?? 0), units_sold: Number(t?.units ?? 0) },
        categories: categories.map((c) => ({ category: c.category, revenue: centsToAmount(c.revenue), units_sold: Number(c.units) })),
        products: top.map((p) => ({ id: p.id === null ? null : Number(p.id), name: p.name, name_ar: p.name_ar ?? '', revenue: centsToAmount(p.revenue), units_sold: Number(p.units) })),
        // every bucket, empty ones with zeros, so the table reads as a distribution
        price_buckets: priceLabels.map((bucket, i) => ({ bucket, ...bucketEdges(PRICE_BUCKET_EDGES, i), items: Number(prices.get(i)?.items ?? 0), revenue: centsToAmount(prices.get(i)?.revenue ?? 0) })),
        cart_value_buckets: cartLabels.map((bucket, i) => ({ bucket, ...bucketEdges(CART_VALUE_BUCKET_EDGES, i), orders: Number(carts.get(i)?.orders ?? 0), revenue: centsToAmount(carts.get(i)?.revenue ?? 0) })),
        revenue_by_day: days.map((d) => ({ date: d.date, revenue: centsToAmount(d.revenue), orders: Number(d.orders) })),
      };
    },
  };
}
