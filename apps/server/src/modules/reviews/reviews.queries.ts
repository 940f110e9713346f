import { and, eq, isNull, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/orders.js';
import { products } from '../../db/schema/catalogue.js';
import { reviews } from '../../db/schema/reviews.js';
import type { Db, Tx } from '../../platform/db.js';

/**
 * What "a delivered purchase line of this shopper" means, in one place (decision 0092). It reads only order_items,
 * the order's status and the order's customer, so when orders become one purchase with per-vendor sub-orders the
 * lead adapts this function (the sub-order's status instead of the order's) and nothing else.
 */
function deliveredLinesWhere(userId: number) {
  return and(eq(orders.userId, userId), eq(orders.status, 'delivered'));
}

export type PurchaseLine = { orderItemId: number; productId: number; orderNumber: string; productName: string; image: string | null };

const lineColumns = {
  orderItemId: orderItems.id,
  productId: sql<number>`${orderItems.productId}`,
  orderNumber: orders.orderNumber,
  productName: products.name,
  image: sql<string | null>`${products.images}[1]`,
};

/** One purchase line, if it is a delivered line of this shopper with a product still in the catalogue. */
export async function deliveredLine(exec: Db | Tx, userId: number, orderItemId: number): Promise<PurchaseLine | null> {
  const [row] = await exec.select(lineColumns).from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, orderItemId), deliveredLinesWhere(userId)));
  return row ?? null;
}

/** The shopper's delivered lines without a review yet (optionally of one product), newest first. */
export async function unreviewedLines(exec: Db | Tx, userId: number, productId?: number): Promise<PurchaseLine[]> {
  return exec.select(lineColumns).from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(and(deliveredLinesWhere(userId), isNull(reviews.id), productId ? eq(orderItems.productId, productId) : undefined))
    .orderBy(sql`${orders.createdAt} desc`, orderItems.id)
    .limit(200);
}

/**
 * The product's rating and review count, recomputed from its visible reviews in the caller's transaction: a kept
 * aggregate (the product list and search read two columns), never a counter nudged up and down.
 */
export async function refreshProductRating(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`
    update products set
      rating = s.rating,
      review_count = s.n
    from (
      select round(avg(stars)::numeric, 2)::float8 as rating, count(*)::int as n
      from reviews where product_id = ${productId} and status = 'visible'
    ) s
    where products.id = ${productId}`);
}
