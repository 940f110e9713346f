/**
 * Shoppers of the assistant evaluation (bench/assistant-eval.ts) with the orders a conversation assumes: each
 * conversation that names a fixture gets a FRESH account of its own, with the fixture's purchases placed through the
 * orders service (split per seller, priced, posted in the ledger), each part walked to its status as its seller would,
 * moved back to the days the fixture gives, and its returns asked and decided through the returns service. So one
 * conversation's cancel or return never changes what the next one sees.
 *
 * Also what happened to a shopper's orders during one answer (sub-orders cancelled, returns asked, a person asked
 * for), read from the database before and after it: the bench checks that the assistant did exactly what the shopper
 * confirmed, and nothing on any other turn.
 */
import { DEMO_PASSWORD, MARKETPLACE_SELLER_NAME, type OrderStatus, type ReturnReason } from '@souq/shared/constants';
import type { Product } from '@souq/shared/api/catalogue';
import { orderRequestSchema } from '@souq/shared/api/orders';
import type { App } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/platform/db.js';
import type { Actor } from '../../apps/server/src/platform/audit.js';

const DAY = 86_400_000;
const LIFECYCLE: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];
const BENCH_ACTOR: Actor = { userId: null, role: 'system', name: 'Assistant bench', ip: null };

/** A part of a purchase (one seller's sub-order), named by one of its products. */
export type PartSpec = { status: OrderStatus; shippedDaysAgo?: number; deliveredDaysAgo?: number };
export type ReturnSpec = { item: string; units: number; reason: ReturnReason; text?: string; status: 'requested' | 'approved' | 'rejected' | 'received' };
export type PurchaseSpec = {
  daysAgo: number;
  payment: 'card' | 'cod';
  lines: [name: string, quantity: number][];
  /** Every part's status and days, unless `parts` names the part by one of its products. */
  status: OrderStatus;
  shippedDaysAgo?: number;
  deliveredDaysAgo?: number;
  parts?: Record<string, PartSpec>;
  returns?: ReturnSpec[];
};
export type ShopperSpec = { description?: string; purchases: PurchaseSpec[] };

/** A shopper made for one conversation: who, and the numbers of their parts and purchases by product name. */
export type Shopper = {
  userId: number;
  token: string;
  /** The sub-order (part) number holding a product, by the product's name (lower case). */
  partOf: Map<string, string>;
  /** The purchase number holding a product. */
  purchaseOf: Map<string, string>;
  /** Every product the shopper bought, lower-cased name → product. */
  bought: Map<string, Product>;
};

/** Seller names as the assistant may write them: the vendor's company name, or the marketplace's own. */
export type SellerOf = (p: Product) => string;

export function createShopperFactory(deps: { app: App; database: Database; product: (name: string) => Product; sellerName: SellerOf }) {
  const { app, database, product } = deps;
  const services = app.services;
  let made = 0;

  async function walk(orderId: number, status: OrderStatus) {
    const steps: OrderStatus[] = status === 'cancelled' ? ['confirmed', 'cancelled'] : LIFECYCLE.slice(1, LIFECYCLE.indexOf(status) + 1) as OrderStatus[];
    for (const step of steps) {
      const tracking = step === 'shipped' ? { number: `SQ${String(orderId).padStart(6, '0')}AE`, carrier: 'Aramex' } : undefined;
      await services.orders.setStatus(orderId, step, { notes: `Marked ${step}`, tracking });
    }
  }

  async function make(spec: ShopperSpec): Promise<Shopper> {
    const n = ++made;
    const email = `bench-shopper-${n}@souq.test`;
    const name = `Bench Shopper ${n}`;
    const user = await services.accounts.createUser({ name, email, password: DEMO_PASSWORD, role: 'user' });
    // a session as signing in opens one (the login route limits how often one client may sign in)
    const token = await services.sessions.create(user.id, 'user', DAY);
    const shopper: Shopper = { userId: user.id, token, partOf: new Map(), purchaseOf: new Map(), bought: new Map() };
    const actor: Actor = { userId: user.id, role: 'user', name, ip: null };
    const now = Date.now();
    // oldest first, so 'the latest order' is the one the fixture lists last by its days
    for (const p of [...spec.purchases].sort((a, b) => b.daysAgo - a.daysAgo)) {
      const request = orderRequestSchema.parse({
        items: p.lines.map(([item, quantity]) => ({ product_id: product(item).id, quantity })),
        customer_info: { email, name, phone: '+971 50 000 0000' },
        shipping_address: { address: 'Al Barsha 1, Villa 7', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
        payment_method: p.payment, payment_intent_id: null,
      });
      const { order } = await services.orders.placeOrder(request, { userId: user.id });
      const placedAt = new Date(now - p.daysAgo * DAY);
      await database.query('update purchases set created_at = $1 where id = $2', [placedAt, order.id]);
      for (const sub of order.sub_orders) {
        const names = sub.items.map((i) => i.product_name);
        const own = Object.entries(p.parts ?? {}).find(([item]) => names.some((x) => x.toLowerCase() === item.toLowerCase()))?.[1];
        const part: PartSpec = own ?? { status: p.status, shippedDaysAgo: p.shippedDaysAgo, deliveredDaysAgo: p.deliveredDaysAgo };
        await walk(sub.id, part.status);
        // a delivered part came a day after it shipped; a part on its way left halfway since the purchase
        const deliveredAgo = part.deliveredDaysAgo ?? p.daysAgo / 2;
        const shippedAgo = part.shippedDaysAgo ?? (part.status === 'delivered' ? Math.min(p.daysAgo, deliveredAgo + 1) : p.daysAgo / 2);
        const shipped = ['shipped', 'delivered'].includes(part.status) ? new Date(now - shippedAgo * DAY) : null;
        const delivered = part.status === 'delivered' ? new Date(now - deliveredAgo * DAY) : null;
        await database.query('update orders set created_at = $1, shipped_at = $2, delivered_at = $3 where id = $4', [placedAt, shipped, delivered, sub.id]);
        for (const item of names) {
          shopper.partOf.set(item.toLowerCase(), sub.order_number);
          shopper.purchaseOf.set(item.toLowerCase(), order.order_number);
          shopper.bought.set(item.toLowerCase(), product(item));
        }
      }
      for (const r of p.returns ?? []) {
        const line = (await database.query<{ order_id: number; line_id: number }>(
          'select o.id as order_id, i.id as line_id from order_items i join orders o on o.id = i.order_id where o.user_id = $1 and i.product_id = $2 order by i.id desc limit 1',
          [user.id, product(r.item).id],
        ))[0];
        if (!line) throw new Error(`fixture return of ${r.item}: not in the purchase`);
        const request = await services.returns.request(user.id, {
          order_id: line.order_id, line_id: line.line_id, units: r.units, reason: r.reason, reason_text: r.text ?? '',
          refund_method: p.payment === 'cod' ? 'store_credit' : undefined,
        }, actor);
        if (r.status === 'rejected') await services.returns.reject(request.id, { admin: true }, 'Used, not in its box.', BENCH_ACTOR);
        if (r.status === 'approved' || r.status === 'received') await services.returns.approve(request.id, { admin: true }, '', BENCH_ACTOR);
        if (r.status === 'received') await services.returns.receive(request.id, { admin: true }, true, BENCH_ACTOR);
      }
    }
    return shopper;
  }

  return { make };
}

// ---- what an answer did ----------------------------------------------------------------------------------------

export type Snapshot = {
  parts: Map<number, { status: string; items: string[]; payment: string }>;
  returns: Map<number, { item: string; units: number; reason: string; reason_text: string; refund_method: string; status: string }>;
  support: number;
};

export type Done = {
  cancelled: string[][];
  returned: { item: string; units: number; reason: string; reasonText: string; refund: string }[];
  handoffs: number;
  /** Anything else that moved (a status other than cancelled, a return changed): never asked for in a chat. */
  other: string[];
};

export async function snapshot(database: Database, userId: number): Promise<Snapshot> {
  const parts = await database.query<{ id: number; status: string; payment_method: string; items: string[] }>(
    'select o.id, o.status, o.payment_method, array_agg(i.product_name order by i.id) as items from orders o join order_items i on i.order_id = o.id where o.user_id = $1 group by o.id',
    [userId],
  );
  const returns = await database.query<{ id: number; item: string; units: number; reason: string; reason_text: string; refund_method: string; status: string }>(
    'select r.id, i.product_name as item, r.units, r.reason, r.reason_text, r.refund_method, r.status from return_requests r join order_items i on i.id = r.order_item_id where r.user_id = $1',
    [userId],
  );
  const [support] = await database.query<{ n: number }>('select count(*)::int as n from support_conversations where user_id = $1', [userId]);
  return {
    parts: new Map(parts.map((p) => [p.id, { status: p.status, items: p.items, payment: p.payment_method }])),
    returns: new Map(returns.map((r) => [r.id, r])),
    support: support?.n ?? 0,
  };
}

export function done(before: Snapshot, after: Snapshot): Done {
  const out: Done = { cancelled: [], returned: [], handoffs: after.support - before.support, other: [] };
  for (const [id, p] of after.parts) {
    const was = before.parts.get(id);
    if (!was || was.status === p.status) continue;
    if (p.status === 'cancelled') out.cancelled.push(p.items);
    else out.other.push(`${p.items.join(' + ')}: ${was.status} → ${p.status}`);
  }
  for (const [id, r] of after.returns) {
    const was = before.returns.get(id);
    if (!was) out.returned.push({ item: r.item, units: r.units, reason: r.reason, reasonText: r.reason_text, refund: r.refund_method });
    else if (was.status !== r.status) out.other.push(`return of ${r.item}: ${was.status} → ${r.status}`);
  }
  return out;
}

export const isMarketplace = (seller: string) => seller === MARKETPLACE_SELLER_NAME;
