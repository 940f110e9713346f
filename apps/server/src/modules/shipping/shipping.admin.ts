import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminParcels } from '@souq/shared/api/shipping';
import { PARCEL_STATES } from '@souq/shared/rules/shipping';
import { orders } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import { shipments, type CarrierCode, type ParcelState } from '../../db/schema/shipping.js';
import type { Db } from '../../platform/db.js';

/**
 * The admin's view of parcels across sellers (decision 0150): where each booked parcel is, failed attempts and
 * returns to the seller first to see by their state's filter, with the counts per state. Read only: a parcel moves by
 * its carrier's events, never by staff.
 */
export function createParcelsOverview(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(q: { state?: ParcelState; carrier?: CarrierCode; limit: number; offset: number }): Promise<AdminParcels> {
      const where: SQL[] = [];
      if (q.state) where.push(eq(shipments.state, q.state));
      if (q.carrier) where.push(eq(shipments.carrier, q.carrier));
      const filter = where.length ? and(...where) : undefined;
      const seller = sql`coalesce(${orders.sellerVendorId}, ${orders.vendorId})`;
      const [rows, [total], byState] = await Promise.all([
        db.select({ s: shipments, orderNumber: orders.orderNumber, sellerId: sql<number | null>`${seller}`, name: vendors.companyName, nameAr: vendors.companyNameAr })
          .from(shipments)
          .innerJoin(orders, eq(orders.id, shipments.orderId))
          .leftJoin(vendors, sql`${vendors.id} = ${seller}`)
          .where(filter)
          .orderBy(desc(shipments.createdAt), desc(shipments.id))
          .limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(shipments).where(filter),
        db.select({ state: shipments.state, n: count() }).from(shipments).where(q.carrier ? eq(shipments.carrier, q.carrier) : undefined).groupBy(shipments.state),
      ]);
      const counts = PARCEL_STATES.map((state) => ({ state, count: byState.find((b) => b.state === state)?.n ?? 0 }));
      return {
        total: total?.n ?? 0,
        counts,
        items: rows.map(({ s, orderNumber, sellerId, name, nameAr }) => ({
          id: s.id, order_id: s.orderId, order_number: orderNumber, seller_id: sellerId, seller_name: name ?? 'Souq', seller_name_ar: nameAr || name || 'سوق',
          kind: s.kind, carrier: s.carrier, waybill: s.waybill, state: s.state, failed_attempts: s.failedAttempts, failure_reason: s.failureReason,
          cod_cents: s.label.codCents, label_url: `/api/shipping/shipments/${s.id}/label.pdf`, state_at: s.stateAt?.toISOString() ?? null, created_at: s.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type ParcelsOverview = ReturnType<typeof createParcelsOverview>;
