import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@souq/shared/constants';
import { codShipments, couriers } from '../../db/schema/cod.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import type { orders } from '../../db/schema/orders.js';
import type { Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/audit.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import { collectedEntries } from './cod.postings.js';

// A cash-on-delivery sub-order's status moves, as the orders module's setStatus makes them, inside its transaction
// (decision 0140): shipped → a courier is recorded if none is; delivered → the courier holds the cash (posted once).

type OrderRow = typeof orders.$inferSelect;

/** The courier a carrier's name or code names (case-insensitive), else the first active courier; null with none. */
async function courierFor(tx: Tx, carrier: string | null): Promise<number | null> {
  const name = carrier?.trim().toLowerCase() ?? '';
  const rows = await tx.select({ id: couriers.id, code: couriers.code, name: couriers.name }).from(couriers)
    .where(eq(couriers.active, true)).orderBy(asc(couriers.id));
  const named = name ? rows.find((c) => c.code.toLowerCase() === name || c.name.toLowerCase() === name) : undefined;
  return (named ?? rows[0])?.id ?? null;
}

/** The sub-order's shipment row, made (with its courier) when it has none; locked for the rest of the transaction. */
export async function shipmentOf(tx: Tx, order: Pick<OrderRow, 'id' | 'carrier'>, carrier: string | null) {
  const [found] = await tx.select().from(codShipments).where(eq(codShipments.orderId, order.id)).for('update');
  if (found) {
    if (found.courierId !== null) return found;
    const courierId = await courierFor(tx, carrier ?? order.carrier);
    if (courierId === null) return found;
    const [row] = await tx.update(codShipments).set({ courierId }).where(eq(codShipments.orderId, order.id)).returning();
    return row!;
  }
  const courierId = await courierFor(tx, carrier ?? order.carrier);
  await tx.insert(codShipments).values({ orderId: order.id, courierId }).onConflictDoNothing();
  const [row] = await tx.select().from(codShipments).where(eq(codShipments.orderId, order.id)).for('update');
  return row!;
}

/** What the ledger says the sub-order's shopper still owes (its sale less reversals and what was collected). */
async function shopperOwes(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx.select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'shopper_receivable')));
  return Number(row?.cents ?? 0);
}

/**
 * Called by setStatus after the row moved, in its transaction. Only cash-on-delivery sub-orders: shipping (or a
 * delivery with no courier recorded) records the courier; the first delivery posts the cash the shopper owed as held by
 * the courier (`cod-collected:<sub-order>`), so the courier_cash account is the cash to collect.
 */
export async function codForStatus(tx: Tx, current: OrderRow, to: OrderStatus, carrier: string | null, actor: Actor): Promise<void> {
  if (current.paymentMethod !== 'cod' || current.status === to) return;
  if (to !== 'shipped' && to !== 'delivered') return;
  const shipment = await shipmentOf(tx, current, carrier);
  if (to !== 'delivered' || shipment.collectedAt) return;
  const owes = await shopperOwes(tx, current.id);
  const lines = collectedEntries(owes);
  // an order placed before the ledger, or one whose sale is reversed, has no cash to collect
  if (lines.length) {
    await postToLedger(tx, {
      kind: 'cod-collected', ref: current.id, lines, currency: current.currency, purchaseId: current.purchaseId, orderId: current.id,
      createdBy: actor.userId,
    });
  }
  await tx.update(codShipments).set({ collectedAt: new Date(), refusedAt: null }).where(eq(codShipments.orderId, current.id));
}
