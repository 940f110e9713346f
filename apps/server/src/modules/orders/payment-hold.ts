import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { orderItems, orders, orderStatusHistory, purchases } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { builtOnce } from '../../platform/built-once.js';
import type { Bus } from '../../platform/bus.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { randomUUID } from 'node:crypto';
import { promotionReturnedEntries, saleEntries } from '../ledger/ledger.postings.js';
import { moneyBackEntries } from '../ledger/ledger.credit.js';
import { post as postToLedger, postingsInsert, type Posting } from '../ledger/ledger.post.js';
import { moveSubOrderStock, subOrderMoney } from './sub-order-moves.js';

// A card purchase on hold (decision 0137). Placed like any purchase — stock reserved in the one statement — but its
// sub-orders wait in `awaiting_payment`, unreleased (sellers do not see them) and with no ledger rows, until the payments
// module, having read the payment back from the provider, either releases them (authorised: the sale is posted exactly
// as the purchase statement posts a cash-on-delivery sale, with the same posting ids) or gives them up (the time to pay
// ran out and the payment is cancelled at the provider: the stock comes back, nothing was ever posted). Both run in
// the payments module's transaction, so the payment's state and the orders' move commit together.

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

/** A released purchase as its release read it (rows as they are after the release): what its listeners need, not read again. */
export type ReleasedPurchase = { purchase: PurchaseRow; subs: { row: OrderRow; items: ItemRow[]; sellerName: string | null }[] };

/** An order line as a JSON object keyed as Drizzle's row is (the sub-orders' read brings their lines along). */
const ITEM_JSON = sql.raw(`json_build_object(${Object.entries(getTableColumns(orderItems)).map(([key, c]) => `'${key}', i."${c.name}"`).join(', ')})`);

/**
 * Writes of the caller's that go in the release's own statement (decision 0172): CTEs named apart from the release's
 * (`moved`, `histories`, `posted`), and one integer the statement answers from them (`HoldMove.tail`).
 */
export type ReleaseTail = { ctes: SQL[]; select: SQL };

export type HoldMove = {
  /** What the statement answered from the caller's `tail` (null without one). */
  tail?: number | null;
  /** The sub-orders moved (none when another delivery of the same news moved them first). */
  orderIds: number[];
  /** The purchase released, as the release read it (null when nothing moved). */
  released?: ReleasedPurchase | null;
  /** What to announce once the caller's transaction has committed. */
  afterCommit: () => void;
};

/**
 * The purchase's sub-orders still awaiting payment, under their row locks in id order (setStatus's lock), with their
 * lines, their purchase and their sellers' names: one round trip. A named statement (decision 0186): parsed and planned
 * once per pooled connection on PostgreSQL, where planning this join was 0.3 ms of every card purchase's release; and
 * built once (decision 0196), where building it again in each transaction was ~0.6 ms of Souq's CPU a paid purchase.
 */
const heldQuery = (db: Db | Tx) => db.select({
  row: orders, purchase: purchases, sellerName: vendors.companyName,
  items: sql<ItemRow[]>`(select coalesce(json_agg(${ITEM_JSON} order by i.id), '[]'::json) from order_items i where i.order_id = ${orders.id})`,
}).from(orders)
  .innerJoin(purchases, eq(purchases.id, orders.purchaseId))
  .leftJoin(vendors, eq(vendors.id, orders.sellerVendorId))
  .where(and(eq(orders.purchaseId, sql.placeholder('purchaseId')), eq(orders.status, 'awaiting_payment'))).orderBy(asc(orders.id));
const heldRead = builtOnce('payment-hold-held', (db) => heldQuery(db).for('update', { of: orders }));
/**
 * The same read without the row locks: what a release checked and written in its own statement starts from
 * (`releaseGuarded`, decision 0203), where the locks are taken by that statement.
 */
const heldUnlocked = builtOnce('payment-hold-held-unlocked', heldQuery);

/** A held sub-order as the hold reads it: its row, its purchase, its lines and its seller's name. */
export type HeldSubOrder = Awaited<ReturnType<typeof heldRead>>[number];

/**
 * What the caller of `releaseGuarded` writes in the release's statement (decision 0203): `lock`, a CTE named `lockName`
 * that takes the caller's own row lock FIRST (before the sub-orders', the order of the transactional release, whose
 * caller locks its row before the hold reads); `writes`, its CTEs, given the condition that every sub-order read is
 * still held under its lock; `gate`, the name of one of them: the release writes only when it wrote a row.
 */
export type ReleaseGuard = { lockName: string; lock: SQL; writes: (stillHeld: SQL) => SQL[]; gate: string };

/** The sales of sub-orders being released (`placed:<id>`, the posting ids the purchase statement gives a cash sale). */
function salePostings(subs: readonly HeldSubOrder[], purchaseId: number): Posting[] {
  return subs.flatMap(({ row, items }) => {
    const lines = saleEntries(subOrderMoney(row, items));
    return lines.length ? [{ kind: 'placed' as const, ref: row.id, lines, currency: row.currency, purchaseId, orderId: row.id, createdBy: row.userId }] : [];
  });
}

/**
 * The release's writes as CTEs (decision 0171): the sub-orders' status, their histories and their sales with the
 * caller's postings; with `gate`, only when the caller's CTE of that name wrote a row.
 */
function releaseCtes(ids: readonly number[], now: Date, note: string, postings: readonly Posting[], gate?: string): SQL[] {
  const gated = gate ? sql` and exists (select 1 from ${sql.identifier(gate)})` : sql``;
  return [
    ...(ids.length ? [sql`moved as (
      update orders set status = 'pending', released_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where id = any(${`{${ids.join(',')}}`}::int[])${gated} returning id
    )`, sql`histories as (
      insert into order_status_history (order_id, from_status, to_status, notes, changed_by)
      select id, 'awaiting_payment', 'pending', ${note}, null from moved
    )`] : []),
    ...(postings.length ? [sql`posted as (${postingsInsert(postings, gate ? { onlyIf: gate } : {})})`] : []),
  ];
}

export function createPaymentHold(deps: {
  bus: Bus;
  catalogue: CatalogueService;
  /** The placed purchase's confirmation mail (queued after the commit of its release). */
  confirm: (released: ReleasedPurchase) => Promise<void>;
  /** A sub-order given up unpaid gives its promotion uses back (decision 0152). */
  releasePromotions?: (tx: Tx, orderId: number) => Promise<void>;
}) {
  const held = (tx: Tx, purchaseId: number) => heldRead(tx, { purchaseId });

  /** A release's result: the purchase as read (rows as the release left them), announced once the caller commits. */
  function releasedMove(subs: readonly HeldSubOrder[], now: Date, tail: number | null): HoldMove {
    const released: ReleasedPurchase | null = subs.length ? {
      purchase: subs[0]!.purchase,
      subs: subs.map((s) => ({ row: { ...s.row, status: 'pending', releasedAt: now, updatedAt: now }, items: s.items, sellerName: s.sellerName })),
    } : null;
    return {
      orderIds: subs.map((s) => s.row.id),
      released,
      tail,
      afterCommit: () => {
        if (!released) return;
        // as a cash-on-delivery purchase is announced after its statement: each seller hears of its own part
        for (const { row, items } of released.subs) {
          void deps.bus.emit('order.placed', {
            orderId: row.id, orderNumber: row.orderNumber, userId: row.userId,
            items: items.filter((i) => i.productId !== null).map((i) => ({ productId: i.productId!, vendorId: i.vendorId, quantity: i.quantity, unitPriceCents: i.unitPriceCents })),
          });
        }
        void deps.confirm(released);
      },
    };
  }

  return {
    /**
     * The payment is authorised: each sub-order goes to its seller as `pending`, its sale posted (`placed:<id>`).
     * `also`: the caller's postings of the same cause, written in the same insert (a payment captured at authorisation
     * brings its cash in with its sales, decision 0166); posted even when another delivery released the sub-orders first.
     */
    async release(tx: Tx, purchaseId: number, note: string, also: readonly Posting[] = [], tail?: ReleaseTail): Promise<HoldMove> {
      const subs = await held(tx, purchaseId);
      const now = new Date();
      const ids = subs.map((s) => s.row.id);
      // the sub-orders move together in ONE statement (decision 0171), whatever the number of sellers: their status,
      // their histories and their sales (with the caller's postings of the same cause) — under the locks taken above
      const parts = [
        ...releaseCtes(ids, now, note, [...salePostings(subs, purchaseId), ...also]),
        // the caller's own writes of the same news (its payment's change and its event's row, decision 0172)
        ...(tail?.ctes ?? []),
      ];
      const [row] = parts.length
        ? await rowsOf<{ tail: number | null }>(tx, sql`with ${sql.join(parts, sql`, `)} select ${tail?.select ?? sql`null::int`} as tail`)
        : [];
      return releasedMove(subs, now, row?.tail ?? null);
    },

    /** The purchase's sub-orders awaiting payment, read WITHOUT their locks (for `releaseGuarded`, decision 0203). */
    readHeld: (db: Db, purchaseId: number): Promise<HeldSubOrder[]> => heldUnlocked(db, { purchaseId }),

    /**
     * The release as ONE statement outside any transaction (decision 0203), from sub-orders read without locks
     * (`readHeld`): the caller's row lock first (`guard.lock`), then the sub-orders' locks with their status read again
     * (a sub-order that moved meanwhile — given up, cancelled — is no longer returned), then the caller's writes, given
     * the condition that every one read is still held, then the sub-orders moved, their histories and their sales
     * (with `also`) only when the caller's `gate` wrote a row. All or nothing: answers null when nothing was written
     * (the caller's row or a sub-order moved on), and the caller then takes the transactional path, which reads
     * everything again under its locks and does what that finds. The sales are computed from the read, which is exact
     * because a held sub-order's amounts and lines never change while it waits: only its status does, checked here.
     */
    async releaseGuarded(db: Db, subs: readonly HeldSubOrder[], note: string, also: readonly Posting[], guard: ReleaseGuard): Promise<HoldMove | null> {
      if (!subs.length) return null;
      const purchaseId = subs[0]!.purchase.id;
      const now = new Date();
      const ids = subs.map((s) => s.row.id);
      const parts = [
        guard.lock,
        sql`still_held as (
          select id from orders where id = any(${`{${ids.join(',')}}`}::int[]) and status = 'awaiting_payment'
            and exists (select 1 from ${sql.identifier(guard.lockName)}) order by id for update
        )`,
        ...guard.writes(sql`(select count(*) from still_held) = ${ids.length}`),
        ...releaseCtes(ids, now, note, [...salePostings(subs, purchaseId), ...also], guard.gate),
      ];
      const [row] = await rowsOf<{ moved: number }>(db, sql`with ${sql.join(parts, sql`, `)} select (select count(*) from moved)::int as moved`);
      return row!.moved === ids.length ? releasedMove(subs, now, null) : null;
    },

    /** The time to pay ran out and the payment is cancelled: the sub-orders are cancelled unpaid, their stock back. */
    async giveUp(tx: Tx, purchaseId: number, note: string): Promise<HoldMove> {
      const subs = await held(tx, purchaseId);
      const now = new Date();
      let stock: { id: number; stock: number }[] = [];
      for (const { row, items } of subs) {
        // (the promotions' locks before the products', as the purchase takes them)
        await deps.releasePromotions?.(tx, row.id);
        stock = stock.concat(await moveSubOrderStock(tx, deps.catalogue, items, true));
        // the marketplace's share of its promotions was paid toward it with the purchase: it goes back too
        if (row.promotionPaidCents > 0) {
          await postToLedger(tx, {
            kind: 'promotion-back', ref: `${row.id}:${randomUUID()}`, lines: promotionReturnedEntries(row.promotionPaidCents),
            currency: row.currency, purchaseId, orderId: row.id, createdBy: null,
          });
        }
        // the store credit it reserved goes back (decision 0141): nothing else was posted while it waited
        if (row.storeCreditCents > 0 && row.userId !== null) {
          await postToLedger(tx, {
            kind: 'credit-back', ref: `${row.id}:${randomUUID()}`, lines: moneyBackEntries(row.userId, { creditCents: row.storeCreditCents, cashCents: 0 }, 'store_credit'),
            currency: row.currency, purchaseId, orderId: row.id, createdBy: null,
          });
        }
        await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, row.id));
        await tx.insert(orderStatusHistory).values({ orderId: row.id, fromStatus: 'awaiting_payment', toStatus: 'cancelled', notes: note, changedBy: null });
      }
      return { orderIds: subs.map((s) => s.row.id), afterCommit: () => deps.catalogue.announceStock(stock) };
    },
  };
}
export type PaymentHold = ReturnType<typeof createPaymentHold>;
