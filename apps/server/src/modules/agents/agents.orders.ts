import { and, asc, eq, inArray } from 'drizzle-orm';
import { UCP_ORDER, UCP_VERSION } from '@souq/shared/api/ucp';
import { orderItems, orders, orderStatusHistory, purchases } from '../../db/schema/orders.js';
import { returnRequests } from '../../db/schema/returns.js';
import { agentCheckouts } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AuditLog } from '../../platform/audit.js';
import { addableTotals, MARKETPLACE_SELLER, money } from './agents.lines.js';

export { UCP_ORDER };
/** Souq's extension on an order: its sub-orders, one per seller, each with its own status and tracking. */
export const UCP_SUB_ORDERS = 'test.souq.shopping.sub_orders';

export type AgentOrders = ReturnType<typeof createAgentOrders>;

/** A sub-order status as a fulfilment event type (order.json: the append-only log of what actually happened). */
const EVENT_OF: Record<string, string | undefined> = { confirmed: 'processing', processing: 'processing', shipped: 'shipped', delivered: 'delivered', cancelled: 'canceled' };

/**
 * The UCP order capability (order.json) over Souq purchases: a purchase is the UCP order (the id a completed
 * checkout answers); its lines are every sub-order's lines, one fulfilment expectation per sub-order (each seller
 * ships its own part), and the fulfilment events are each sub-order's status changes, with tracking number and
 * carrier once shipped. Only the linked shopper's own purchases are found; anything else is not found.
 */
export function createAgentOrders(deps: {
  db: Db; audit: AuditLog;
  /** the sellers' names and delivery estimates (the vendors' own settings) */
  sellers: (vendorIds: number[]) => Promise<Map<number, { name: string; min: number | null; max: number | null }>>;
}) {
  const { db } = deps;

  /** The purchase as the release's order (a current-state snapshot), or null when there is none. */
  async function snapshot(purchaseId: number, origin: string, userId?: number) {
    const [purchase] = await db.select().from(purchases).where(userId === undefined ? eq(purchases.id, purchaseId) : and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
    if (!purchase) return null;
    return build(purchase, origin);
  }

  async function build(purchase: typeof purchases.$inferSelect, origin: string) {
    const subs = await db.select().from(orders).where(eq(orders.purchaseId, purchase.id)).orderBy(asc(orders.id));
    const subIds = subs.map((s) => s.id);
    const [items, history, returns, [checkout]] = await Promise.all([
      subIds.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, subIds)).orderBy(asc(orderItems.id)) : [],
      subIds.length ? db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, subIds)).orderBy(asc(orderStatusHistory.id)) : [],
      subIds.length ? db.select().from(returnRequests).where(inArray(returnRequests.orderId, subIds)).orderBy(asc(returnRequests.id)) : [],
      db.select({ id: agentCheckouts.id }).from(agentCheckouts).where(eq(agentCheckouts.orderId, purchase.id)).limit(1),
    ]);
    const sellers = await deps.sellers([...new Set(subs.flatMap((s) => (s.sellerVendorId === null ? [] : [s.sellerVendorId])))]);
    const sellerOf = (vendorId: number | null) => (vendorId === null ? { name: MARKETPLACE_SELLER, min: null, max: null } : sellers.get(vendorId) ?? { name: `vendor ${vendorId}`, min: null, max: null });
    const a = purchase.shippingAddress;
    const destination = { street_address: a.address, address_locality: a.city, address_country: a.country, postal_code: a.zip };
    const lineId = (itemId: number) => `line_${itemId}`;
    const fulfilled = (status: string) => status === 'delivered';
    return {
      ucp: { version: UCP_VERSION, status: 'success' as const, capabilities: { [UCP_ORDER]: [{ version: UCP_VERSION }] } },
      id: String(purchase.id),
      label: purchase.purchaseNumber,
      checkout_id: checkout?.id ?? `purchase_${purchase.id}`,
      permalink_url: new URL('/profile', origin).href,
      currency: purchase.currency,
      line_items: items.map((it) => {
        const sub = subs.find((s) => s.id === it.orderId)!;
        const total = sub.status === 'cancelled' ? 0 : it.quantity;
        const done = fulfilled(sub.status) ? total : 0;
        return {
          id: lineId(it.id),
          item: { id: it.productId === null ? `removed:${it.id}` : String(it.productId), title: it.variantLabel ? `${it.productName} (${it.variantLabel})` : it.productName, price: it.unitPriceCents },
          quantity: { original: it.quantity, total, fulfilled: done },
          totals: [money('subtotal', it.lineTotalCents), money('total', it.lineTotalCents)],
          status: total === 0 ? 'removed' : done === total ? 'fulfilled' : 'processing',
        };
      }),
      fulfillment: {
        expectations: subs.map((s) => ({
          id: `sub_order_${s.id}`,
          line_items: items.filter((it) => it.orderId === s.id).map((it) => ({ id: lineId(it.id), quantity: it.quantity })),
          method_type: 'shipping' as const,
          destination,
          description: (() => {
            const seller = sellerOf(s.sellerVendorId);
            const days = seller.min !== null && seller.max !== null ? (seller.min === seller.max ? `${seller.min}` : `${seller.min}–${seller.max}`) : null;
            return `Shipped by ${seller.name} as order ${s.orderNumber}${days ? `; arrives in ${days} business days` : ''}`;
          })(),
        })),
        events: history.flatMap((h) => {
          const type = EVENT_OF[h.toStatus];
          const sub = subs.find((s) => s.id === h.orderId)!;
          if (!type) return [];
          const lines = items.filter((it) => it.orderId === sub.id).map((it) => ({ id: lineId(it.id), quantity: it.quantity }));
          const tracking = type === 'shipped' || type === 'delivered' ? { ...(sub.trackingNumber ? { tracking_number: sub.trackingNumber } : {}), ...(sub.carrier ? { carrier: sub.carrier } : {}) } : {};
          return [{ id: `event_${h.id}`, occurred_at: h.createdAt.toISOString(), type, line_items: lines, ...tracking, description: `${sub.orderNumber}: ${h.toStatus}` }];
        }),
      },
      // returns and their refunds (types/adjustment.json): signed quantities and amounts, pending until received
      ...(returns.length ? {
        adjustments: returns.map((r) => {
          const refunded = r.status === 'received' ? (r.refundGoodsCents ?? 0) + (r.refundTaxCents ?? 0) + (r.refundShippingCents ?? 0) : 0;
          return {
            id: `return_${r.id}`,
            type: r.status === 'received' ? 'refund' : 'return',
            occurred_at: (r.receivedAt ?? r.decidedAt ?? r.createdAt).toISOString(),
            status: r.status === 'received' ? 'completed' : r.status === 'rejected' ? 'failed' : 'pending',
            line_items: [{ id: lineId(r.orderItemId), quantity: -r.units }],
            ...(refunded ? { totals: [money('total', -refunded)] } : {}),
            description: `Return of ${r.units} (${r.reason.replace(/_/g, ' ')}): ${r.status}`,
          };
        }),
      } : {}),
      totals: addableTotals(
        { subtotalCents: purchase.subtotalCents, shippingCents: purchase.shippingCents, taxCents: purchase.taxCents, totalCents: purchase.totalCents },
        { taxIncluded: purchase.taxIncluded, shippingBySeller: subs.map((s) => ({ name: sellerOf(s.sellerVendorId).name, cents: s.shippingCents })) },
      ),
      [UCP_SUB_ORDERS]: subs.map((s) => ({
        id: String(s.id),
        number: s.orderNumber,
        seller_vendor_id: s.sellerVendorId === null ? 'marketplace' : String(s.sellerVendorId),
        seller_name: sellerOf(s.sellerVendorId).name,
        status: s.status,
        line_item_ids: items.filter((it) => it.orderId === s.id).map((it) => lineId(it.id)),
        tracking_number: s.trackingNumber,
        carrier: s.carrier,
        totals: addableTotals({ subtotalCents: s.subtotalCents, shippingCents: s.shippingCents, taxCents: s.taxCents, totalCents: s.totalCents }, { taxIncluded: s.taxIncluded }),
      })),
    };
  }

  return {
    snapshot,
    /** The order, read by a linked agent for its shopper (audited with the agent's name); another's is not found. */
    async get(userId: number, id: string, origin: string, agent: { clientName: string; clientId: string }) {
      const purchaseId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
      const order = Number.isFinite(purchaseId) ? await snapshot(purchaseId, origin, userId) : null;
      if (!order) throw notFound('Order not found');
      await deps.audit.record(db, {
        actor: { userId, role: 'user', name: `agent ${agent.clientName}`, ip: null },
        action: 'agent.order_read', target: { type: 'purchase', id: purchaseId }, changes: { client: { before: null, after: agent.clientId } },
      });
      return order;
    },
  };
}
