import { and, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { SubOrderFacts } from '@souq/shared/rules/seller-performance';
import { orders } from '../../db/schema/orders.js';
import type { Db, Tx } from '../../platform/db.js';

// The sub-orders the rates count, read from the rows other modules write (decision 0154): the sub-order (status, the
// moments it shipped and was delivered, the promise frozen at the purchase and the emirate it went to), its status
// history (who cancelled it), its booked parcel (shipping) and its return requests. Read only: nothing here writes.
// (The subqueries name `orders.` outright: drizzle leaves a one-table select's columns unqualified.)

export type SellerSubOrder = SubOrderFacts & { vendorId: number; releasedAt: Date };

/** Returns asked for the seller's fault; a shopper who no longer needs an item does not count against the seller. */
const SELLER_FAULT_REASONS = sql`('damaged', 'wrong_item', 'not_as_described')`;

/** The sub-orders handed to these sellers (released: paid, or cash on delivery) from `from` to `to`. */
export async function sellerSubOrders(exec: Db | Tx, vendorIds: number[] | 'all', from: Date, to: Date): Promise<SellerSubOrder[]> {
  if (vendorIds !== 'all' && !vendorIds.length) return [];
  const rows = await exec.select({
    vendorId: orders.sellerVendorId,
    status: orders.status,
    releasedAt: orders.releasedAt,
    shippedAt: orders.shippedAt,
    deliveredAt: orders.deliveredAt,
    promiseEarliest: orders.promiseEarliest,
    promiseLatest: orders.promiseLatest,
    emirate: sql<string | null>`${orders.deliveryAddress}->>'emirate'`,
    carrierBooked: sql<boolean>`exists (select 1 from shipments s where s.order_id = orders.id and s.kind = 'outbound')`,
    cancelledBySeller: sql<boolean>`exists (
      select 1 from order_status_history h join vendors v on v.id = orders.seller_vendor_id
      where h.order_id = orders.id and h.to_status = 'cancelled' and h.changed_by = v.user_id)`,
    returned: sql<boolean>`exists (
      select 1 from return_requests r where r.order_id = orders.id and r.status <> 'rejected' and r.reason in ${SELLER_FAULT_REASONS})`,
  }).from(orders).where(and(
    vendorIds === 'all' ? isNotNull(orders.sellerVendorId) : inArray(orders.sellerVendorId, vendorIds),
    gte(orders.releasedAt, from),
    lte(orders.releasedAt, to),
  ));
  return rows.map((r) => ({
    ...r,
    vendorId: r.vendorId!,
    releasedAt: r.releasedAt!,
    carrierBooked: r.carrierBooked === true || String(r.carrierBooked) === 't',
    cancelledBySeller: r.cancelledBySeller === true || String(r.cancelledBySeller) === 't',
    returned: r.returned === true || String(r.returned) === 't',
  }));
}

/** The sellers with a sub-order handed to them since `from`. */
export async function activeSellers(exec: Db | Tx, from: Date): Promise<number[]> {
  const rows = await exec.selectDistinct({ id: orders.sellerVendorId }).from(orders)
    .where(and(isNotNull(orders.sellerVendorId), gte(orders.releasedAt, from)));
  return rows.map((r) => r.id!);
}
