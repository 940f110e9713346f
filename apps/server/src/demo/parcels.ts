import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@souq/shared/constants';
import type { ParcelState } from '../db/schema/shipping.js';
import { vendors } from '../db/schema/vendors.js';
import type { Db } from '../platform/db.js';
import type { Services } from '../services.js';

// The demo's recent parcels (decision 0160): the sellers of the last days' purchases book a carrier as a seller does
// (the shipping service against the local carrier: a real waybill, a label, a pickup), and the carrier's scans reach
// Souq by the carrier's own path. Parts delivered go with Aramex, whose scans Souq polls at once, so the delivery is
// posted by the tracking (the courier's cash of a cash parcel included); parts still on their way go with Quiqup,
// whose signed webhooks wait in the local carrier's queue and reach Souq's endpoint once the server listens.

/** Purchases placed at most this many days ago have their sellers' parts booked with a carrier. */
export const PARCEL_DAYS = 10;
const HOUR = 3_600_000;

/** The seller books its sub-order, then the carrier scans it up to `status` (shipped or delivered). */
export async function shipByCarrier(services: Services, db: Db, orderId: number, vendorId: number, status: OrderStatus) {
  const [v] = await db.select({ userId: vendors.userId, name: vendors.companyName }).from(vendors).where(eq(vendors.id, vendorId));
  const carrier = status === 'delivered' ? 'aramex' : 'quiqup';
  const parcel = await services.shipping.book(vendorId, orderId, { carrier, service: 'scheduled', pieces: 1, weight_grams: 800 + (orderId % 5) * 300 }, {
    userId: v!.userId, role: 'vendor', name: v!.name, ip: null,
  });
  const scans: ParcelState[] = status === 'delivered' ? ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] : ['picked_up', 'in_transit'];
  // the times are placed again after the purchase is moved to its day (alignParcels); these only keep the order
  const now = Date.now();
  scans.forEach((state, k) => services.shipping.local.move(parcel.waybill, state, { at: now - (scans.length - k) * HOUR }));
  if (carrier === 'aramex') await services.shipping.poll();
}

/**
 * After a purchase is moved back to its day: its parcels were booked when their sub-orders shipped, and their scans
 * spread evenly from then until delivered (or now). One statement for the purchase.
 */
export async function alignParcels(db: Db, orderIds: number[]) {
  if (!orderIds.length) return;
  await db.execute(sql`
    with ev as (
      select e.id, e.shipment_id, o.shipped_at, coalesce(o.delivered_at, now()) as end_at,
        row_number() over (partition by e.shipment_id order by e.occurred_at, e.id) as i, count(*) over (partition by e.shipment_id) as n
      from shipment_events e join shipments s on s.id = e.shipment_id join orders o on o.id = s.order_id
      where s.order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) and o.shipped_at is not null
    ), moved as (
      update shipment_events e set occurred_at = ev.shipped_at + (ev.end_at - ev.shipped_at) * (ev.i::float8 / ev.n)
      from ev where e.id = ev.id
      returning e.shipment_id, e.occurred_at
    )
    update shipments s set created_at = o.shipped_at,
      state_at = coalesce((select max(m.occurred_at) from moved m where m.shipment_id = s.id), s.state_at),
      updated_at = coalesce((select max(m.occurred_at) from moved m where m.shipment_id = s.id), o.shipped_at)
    from orders o
    where o.id = s.order_id and s.order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) and o.shipped_at is not null`);
}
