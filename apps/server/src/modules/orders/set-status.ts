import { and, eq, like } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import type { OrderStatus } from '@souq/shared/constants';
import type { Order } from '@souq/shared/api/orders';
import { orders, orderStatusHistory } from '../../db/schema/orders.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { changesBetween, SYSTEM_ACTOR, type Actor, type AuditLog } from '../../platform/audit.js';
import { conflict, notFound, type MsgText } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { cancellationEntries, promotionPaidEntries, promotionReturnedEntries, saleEntries } from '../ledger/ledger.postings.js';
import { vatHolderOf } from '../ledger/ledger.vat.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import { lockVendors } from '../payouts/balances.js';
import { cashCollectedEntries, moneyBackEntries } from '../ledger/ledger.credit.js';
import { oweBankRefund } from '../refunds/refunds.owe.js';
import { formatCents } from '@souq/shared/rules/money';
import { documentsForStatus } from '../tax/tax.documents.js';
import { codForStatus } from '../cod/cod.status.js';
import { checkStatusMoney } from './status-money.js';
import { moveSubOrderStock, subOrderMoney } from './sub-order-moves.js';
import type { ItemRow, OrderReads, OrderRow } from './orders.dto.js';

// A sub-order's status change, in named steps inside one transaction (docs/ARCHITECTURE.md): `lock` the row and check
// the move → `moveStock` (on cancel or reinstate) → `postMoney` (the reversal, or the sale again) → `record` (the row and
// its history) → `issueDocuments` (tax) → `audit`; after the commit `announce` (stock events, `order.statusChanged`).

export type SetStatusOptions = {
  actor?: Actor;
  notes?: string;
  /** Only from these statuses (checked under the row lock): otherwise a 409 with `conflictMessage`, nothing written. */
  expectFrom?: { status: OrderStatus | readonly OrderStatus[]; conflictMessage: (current: OrderStatus) => string | MsgText };
  /** Only on this vendor's sub-order (its seller, or the vendor an admin assigned it to): otherwise a 404, nothing written. */
  vendorId?: number;
  /** Shipping: the tracking number and carrier, stored with the move and sent to the customer (decision 0086). */
  tracking?: { number: string; carrier: string };
  /**
   * Cancelling a delivered cash-on-delivery sub-order gives the cash back (decision 0141): as store credit (the
   * default) or owed by bank transfer to this account (IBAN checked by the caller's schema).
   */
  refundTo?: { method: 'store_credit' } | { method: 'bank_transfer'; iban: string; accountHolder: string };
  /**
   * Another module's part of the move, in its transaction right after the lock (a refused delivery records the refusal,
   * decision 0140): throwing rolls the whole move back.
   */
  within?: (tx: Tx, current: OrderRow) => Promise<void>;
  /**
   * The moment it happened, as another party reported it (a carrier's scan or booking, decision 0168): the first
   * shipped / delivered moment is this instead of now. The history row and `updatedAt` stay when Souq recorded the move.
   */
  at?: Date;
};

type StockMove = { id: number; stock: number };

export function createSetStatus(deps: {
  db: Db;
  bus: Bus;
  audit: AuditLog;
  catalogue: CatalogueService;
  itemsOf: OrderReads['itemsOf'];
  dtoOf: OrderReads['dtoOf'];
  /** A cancelled sub-order's promotion uses given back (the promotions module, decision 0152). */
  releasePromotions?: (tx: Tx, orderId: number) => Promise<void>;
}) {
  const { db, bus, catalogue } = deps;

  /** Lock: the sub-order under its row lock, checked against who asks, where it may move from and the money (0117). */
  async function lock(tx: Tx, orderId: number, status: OrderStatus, opts: SetStatusOptions): Promise<OrderRow> {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw notFound(MSG.orderNotFound);
    // another vendor's sub-order is as invisible as one that does not exist
    if (opts.vendorId !== undefined && current.sellerVendorId !== opts.vendorId && current.vendorId !== opts.vendorId) throw notFound(MSG.orderNotFound);
    const allowed: readonly OrderStatus[] | null = opts.expectFrom ? [opts.expectFrom.status].flat() : null;
    if (allowed && !allowed.includes(current.status)) throw conflict(opts.expectFrom!.conflictMessage(current.status));
    // a status never claims money the ledger does not show (decision 0117)
    await checkStatusMoney(tx, current, status);
    return current;
  }

  /** Whether the move releases the sub-order (cancel) or takes a cancelled one back: the two that move stock and money. */
  function movesGoods(current: OrderRow, status: OrderStatus): { moves: boolean; releases: boolean } {
    const wasReleased = current.status === 'cancelled';
    const releases = status === 'cancelled';
    // `refunded` records money already given back (checked in `lock`): it moves no stock and posts nothing
    return { moves: wasReleased !== releases && status !== 'refunded', releases };
  }

  /** Stock: back to the shelves on a cancellation, reserved again on a take-back (409 when it is gone). */
  async function moveStock(tx: Tx, current: OrderRow, releases: boolean): Promise<{ items: ItemRow[]; stockMoves: StockMove[] }> {
    // a sub-order part of which was refunded through a return cannot also be reversed in full (decision 0094)
    if (releases) {
      const [refunded] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, current.id), like(ledgerEntries.posting, 'return:%'))).limit(1);
      if (refunded) throw conflict(MSG.returnCancelWithRefunds);
    }
    const items = (await deps.itemsOf([current.id], tx)).get(current.id) ?? [];
    return { items, stockMoves: await moveSubOrderStock(tx, catalogue, items, releases) };
  }

  /**
   * Money, in the same transaction (decision 0087): a cancellation reverses the sale in full, taking a cancelled
   * sub-order back posts its sale again (a sale posted before decision 0133 keeps its VAT where it was put: vatHolderOf).
   */
  async function postMoney(tx: Tx, current: OrderRow, items: ItemRow[], releases: boolean, actor: Actor, refundTo: SetStatusOptions['refundTo']): Promise<string | null> {
    const orderId = current.id;
    const money = { ...subOrderMoney(current, items), vatHolder: await vatHolderOf(tx, current) };
    // an order placed before the ledger (migration 0012) has no sale to reverse: it posts nothing
    const [posted] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).limit(1);
    const rows = !posted ? [] : releases ? cancellationEntries(money) : saleEntries(money);
    if (!rows.length) return null;
    // a cancellation lowers the vendor's balance: under the vendor's lock, like a payout batch, so the two
    // never both spend the same available money (decision 0095)
    if (releases && current.sellerVendorId !== null) await lockVendors(tx, [current.sellerVendorId]);
    await postToLedger(tx, {
      kind: releases ? 'cancelled' : 'reinstated', ref: `${orderId}:${randomUUID()}`, lines: rows, currency: current.currency,
      purchaseId: current.purchaseId, orderId, createdBy: actor.userId,
    });
    // the marketplace's share of its promotions (decision 0152) follows the sale: given back with it, paid again when
    // the sub-order is taken back (the uses themselves stay given back: a one-time code may have been used since)
    const promotion = releases ? promotionReturnedEntries(current.promotionPaidCents) : promotionPaidEntries(current.promotionPaidCents);
    if (promotion.length) {
      await postToLedger(tx, {
        kind: releases ? 'promotion-back' : 'promotion-paid', ref: `${orderId}:${randomUUID()}`, lines: promotion, currency: current.currency,
        purchaseId: current.purchaseId, orderId, createdBy: actor.userId,
      });
    }
    return releases ? giveMoneyBack(tx, current, actor, refundTo ?? { method: 'store_credit' }) : null;
  }

  /**
   * A cancellation reaches the shopper (issue 34 item 8, decision 0141). The reversal has credited their receivable
   * with the whole sale; what they had actually paid is then moved where it can be used: the store credit the sub-order
   * used goes back to their store credit, and the cash a delivered cash-on-delivery sub-order collected (recorded now as
   * collected) goes to their store credit or is owed by bank transfer. A card's part stays on the receivable, where
   * the payments module refunds it to the card. Once per sub-order (a reinstated, again cancelled one gives nothing
   * twice). Returns the history's note.
   */
  async function giveMoneyBack(tx: Tx, current: OrderRow, actor: Actor, refundTo: NonNullable<SetStatusOptions['refundTo']>): Promise<string | null> {
    if (current.userId === null) return null;
    const [done] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, current.id), like(ledgerEntries.posting, 'credit-back:%'))).limit(1);
    if (done) return null;
    const creditCents = current.storeCreditCents;
    // the courier collected the cash when it was delivered (a delivered sub-order of a cash-on-delivery purchase)
    const cashCents = current.paymentMethod === 'cod' && current.deliveredAt ? current.totalCents - creditCents - current.promotionPaidCents : 0;
    if (creditCents <= 0 && cashCents <= 0) return null;
    const base = { currency: current.currency, purchaseId: current.purchaseId, createdBy: actor.userId };
    // the cash is the purchase's, as a card's capture is (no sub-order: the sub-order's own rows stay its sale and
    // refunds) — unless the delivery already booked it as held by the courier (decision 0140), which cleared the same
    // receivable
    const [withCourier] = cashCents > 0
      ? await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(and(eq(ledgerEntries.orderId, current.id), eq(ledgerEntries.kind, 'cod_collected'))).limit(1)
      : [];
    if (cashCents > 0 && !withCourier) await postToLedger(tx, { ...base, kind: 'cash-collected', ref: current.id, lines: cashCollectedEntries(cashCents), orderId: null });
    const cashTo = refundTo.method;
    const ref = `${current.id}:${randomUUID()}`;
    await postToLedger(tx, { ...base, kind: 'credit-back', ref, orderId: current.id, lines: moneyBackEntries(current.userId, { creditCents, cashCents }, cashTo) });
    if (cashTo === 'bank_transfer' && cashCents > 0) {
      await oweBankRefund(tx, { shopperId: current.userId, orderId: current.id, returnId: null, amountCents: cashCents, currency: current.currency, iban: refundTo.iban, accountHolder: refundTo.accountHolder });
    }
    const notes = [];
    if (creditCents + (cashTo === 'store_credit' ? cashCents : 0) > 0) notes.push(MSG.orderCancelToCredit(formatCents(creditCents + (cashTo === 'store_credit' ? cashCents : 0), current.currency)));
    if (cashTo === 'bank_transfer' && cashCents > 0) notes.push(MSG.orderCancelToBank(formatCents(cashCents, current.currency)));
    return notes.join('; ');
  }

  /** Record: the row's new status (with tracking, and the first shipped / delivered moments) and a history row. */
  async function record(tx: Tx, current: OrderRow, status: OrderStatus, opts: SetStatusOptions, actor: Actor, moneyNote: string | null): Promise<OrderRow> {
    const tracking = opts.tracking ? { trackingNumber: opts.tracking.number, carrier: opts.tracking.carrier } : {};
    // the first time a sub-order ships / is delivered is when the return window and the held money start: when it
    // happened (as the carrier reported it, when it did) rather than when Souq heard of it
    const now = new Date();
    const at = opts.at ?? now;
    const moments = {
      ...(status === 'shipped' && !current.shippedAt ? { shippedAt: at } : {}),
      ...(status === 'delivered' && !current.deliveredAt ? { deliveredAt: at } : {}),
    };
    const [row] = await tx.update(orders).set({ status, ...tracking, ...moments, updatedAt: now }).where(eq(orders.id, current.id)).returning();
    await tx.insert(orderStatusHistory).values({
      orderId: current.id, fromStatus: current.status, toStatus: status, notes: [opts.notes, moneyNote].filter(Boolean).join(' — '), changedBy: actor.userId,
    });
    return row!;
  }

  /**
   * Documents: the tax documents the move makes due, in its transaction (decision 0099): the invoice when it ships
   * (or is paid, a setting), a credit note when an invoiced sub-order is cancelled.
   */
  async function issueDocuments(tx: Tx, current: OrderRow, status: OrderStatus): Promise<void> {
    if (current.status !== status) await documentsForStatus(tx, current, status);
  }

  async function audit(tx: Tx, current: OrderRow, status: OrderStatus, opts: SetStatusOptions, actor: Actor): Promise<void> {
    await deps.audit.record(tx, {
      actor,
      action: 'order.status',
      target: { type: 'order', id: current.id },
      changes: {
        status: { before: current.status, after: status },
        ...(opts.notes ? { notes: { before: null, after: opts.notes } } : {}),
        ...(opts.tracking ? changesBetween({ tracking_number: current.trackingNumber, carrier: current.carrier }, { tracking_number: opts.tracking.number, carrier: opts.tracking.carrier }) : {}),
      },
    });
  }

  /** Emit, after the commit: the stock moves, then `order.statusChanged` (notifications, events, agents listen). */
  function announce(stockMoves: StockMove[], orderId: number, order: Order, from: OrderStatus, to: OrderStatus, userId: number | null, opts: SetStatusOptions): void {
    catalogue.announceStock(stockMoves);
    if (from !== to) {
      void bus.emit('order.statusChanged', {
        orderId, orderNumber: order.order_number, userId, from, to,
        ...(opts.tracking ? { tracking: opts.tracking } : {}),
      });
    }
  }

  /**
   * Moves an order to a new status (admin tools, a vendor shipping, seed), in one transaction with its
   * status-history entry and its audit entry. Cancelling returns the reserved stock; moving a cancelled order back
   * to a live status reserves it again (409 when it is gone). Announces `order.statusChanged` after the commit.
   */
  async function setStatus(orderId: number, status: OrderStatus, opts: SetStatusOptions = {}): Promise<Order> {
    const actor = opts.actor ?? SYSTEM_ACTOR;
    let stockMoves: StockMove[] = [];
    const result = await db.transaction(async (tx) => {
      const current = await lock(tx, orderId, status, opts);
      if (opts.within) await opts.within(tx, current);
      const { moves, releases } = movesGoods(current, status);
      let moneyNote: string | null = null;
      if (moves) {
        // the promotions' locks before the products' (the purchase's lock order: promotions, then products)
        if (releases) await deps.releasePromotions?.(tx, current.id);
        const stock = await moveStock(tx, current, releases);
        stockMoves = stock.stockMoves;
        moneyNote = await postMoney(tx, current, stock.items, releases, actor, opts.refundTo);
      }
      const row = await record(tx, current, status, opts, actor, moneyNote);
      await issueDocuments(tx, current, status);
      // cash on delivery: the courier recorded at shipping, the cash held by it from delivery (decision 0140)
      await codForStatus(tx, current, status, opts.tracking?.carrier ?? null, actor);
      await audit(tx, current, status, opts, actor);
      return { order: await deps.dtoOf(row, tx), from: current.status, userId: current.userId };
    });
    announce(stockMoves, orderId, result.order, result.from, status, result.userId, opts);
    return result.order;
  }

  return { setStatus };
}
