import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { MARKETPLACE_SELLER_NAME, RETURN_LIVE_STATUSES, RETURN_REASON_LABELS, RETURN_WINDOW_DAYS_DEFAULT, type PaidBy, type ReturnReason, type ReturnStatus } from '@souq/shared/constants';
import type { AdminReturnsQuery, MyReturns, ReturnCreate, ReturnableLine, ReturnRequest } from '@souq/shared/api/returns';
import { returnCreateSchema } from '@souq/shared/api/returns';
import { formatCents } from '@souq/shared/rules/money';
import { frozenShippingTax } from '@souq/shared/rules/tax';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders.js';
import { returnRequests } from '../../db/schema/returns.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { badRequest, conflict, notFound, unprocessable, say } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { post as postToLedger, postingId } from '../ledger/ledger.post.js';
import { promotionRefundEntries, refundEntries, refundStep, type RefundableSubOrder } from '../ledger/ledger.refunds.js';
import { returnedShare } from '@souq/shared/rules/promotions';
import { vatHolderOf } from '../ledger/ledger.vat.js';
import { lockVendors } from '../payouts/balances.js';
import { issueCreditNote } from '../tax/tax.documents.js';
import { oweBankRefund } from '../refunds/refunds.owe.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { returnDto, RETURN_ROWS_SQL, type ReturnRow } from './returns.read.js';

export type ReturnsService = ReturnType<typeof createReturnsService>;

/** Who acts on a return: the sub-order's seller (another vendor's is a 404) or an admin (any). */
export type ReturnScope = { vendorId: number } | { admin: true };

const DAY_MS = 86_400_000;
/** /profile shows the latest requests and delivered lines, bounded like every list. */
const MY_RETURNS_LIMIT = 100;
type OrderRow = typeof orders.$inferSelect;

/**
 * Returns and refunds per line (issue 24 item 6, decision 0094). Every step writes, in ONE transaction, the return's
 * new state, a line in the sub-order's status history and an audit entry; receiving also posts the refund to the
 * ledger and puts the units back in stock when the seller says so. The shopper, the seller and staff are told after
 * the commit ('return.changed': live and by push).
 */
export function createReturnsService(deps: { db: Db; bus: Bus; audit: AuditLog; catalogue: CatalogueService; currency: string }) {
  const { db, bus, audit, catalogue } = deps;

  async function windowDays(tx: Db | Tx, vendorId: number | null): Promise<number> {
    if (vendorId === null) return RETURN_WINDOW_DAYS_DEFAULT;
    const [v] = await tx.select({ days: vendors.returnWindowDays }).from(vendors).where(eq(vendors.id, vendorId));
    return v?.days ?? RETURN_WINDOW_DAYS_DEFAULT;
  }

  /** Units of each line still counted against it (requests not rejected), or only those received back. */
  async function unitsByLine(tx: Db | Tx, orderId: number, statuses: readonly ReturnStatus[]): Promise<Map<number, number>> {
    const rows = await tx
      .select({ line: returnRequests.orderItemId, units: sql<number>`sum(${returnRequests.units})::int`.mapWith(Number) })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...statuses])))
      .groupBy(returnRequests.orderItemId);
    return new Map(rows.map((r) => [r.line, r.units]));
  }

  /**
   * The marketplace's share of a line's promotions on `units` returned after `before` (decision 0152): in proportion
   * to the units, cumulative (`returnedShare`), so all units back in any steps give back exactly the whole share.
   */
  async function marketplaceShareOf(exec: Db | Tx, line: { id: number; quantity: number }, before: number, units: number): Promise<number> {
    const [row] = await rowsOf<{ cents: number | null }>(exec as Db, sql`
      select sum(marketplace_cents)::int as cents from order_item_discounts where order_item_id = ${line.id}`);
    const whole = Number(row?.cents ?? 0);
    if (whole === 0) return 0;
    return returnedShare({ discountCents: whole, sellerCents: 0, marketplaceCents: whole }, line.quantity, units, before).marketplaceCents;
  }

  async function readReturns(where: SQL, page?: { limit: number; offset: number }): Promise<ReturnRequest[]> {
    const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
    const rows = await rowsOf<ReturnRow>(db, sql`${sql.raw(RETURN_ROWS_SQL)} where ${where} order by r.created_at desc, r.id desc${paging}`);
    return rows.map(returnDto);
  }

  const oneReturn = async (id: number) => (await readReturns(sql`r.id = ${id}`))[0]!;

  function announce(r: ReturnRequest, userId: number) {
    void bus.emit('return.changed', {
      returnId: r.id, orderId: r.order_id, orderNumber: r.order_number, userId, vendorId: r.vendor_id, status: r.status,
      refundCents: r.refund?.total_cents ?? null, currency: r.currency,
    });
  }

  /**
   * Locks the sub-order, then the return (every writer takes them in that order, so a request and a receipt on the
   * same sub-order never deadlock); a return out of the scope is a 404; a return not in `from` a 409.
   */
  async function lockForStep(tx: Tx, id: number, scope: ReturnScope, from: ReturnStatus) {
    const [peek] = await tx.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id));
    if (!peek) throw notFound(MSG.returnNotFound);
    const [order] = await tx.select().from(orders).where(eq(orders.id, peek.orderId)).for('update');
    const [ret] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
    if (!order || !ret) throw notFound(MSG.returnNotFound);
    // another vendor's return is as invisible as one that does not exist
    if ('vendorId' in scope && order.sellerVendorId !== scope.vendorId) throw notFound(MSG.returnNotFound);
    if (ret.status !== from) throw conflict(say.returnWrongStatus(ret.status));
    const [line] = await tx.select().from(orderItems).where(eq(orderItems.id, ret.orderItemId));
    return { order, ret, line: line! };
  }

  async function history(tx: Tx, order: OrderRow, notes: string, actor: Actor) {
    // a return does not move the sub-order's status: the line says what happened beside it
    await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, notes, changedBy: actor.userId });
  }

  /** Approve (optional note) or reject (note required) a requested return. */
  async function decide(id: number, scope: ReturnScope, decision: 'approved' | 'rejected', note: string, actor: Actor): Promise<ReturnRequest> {
    if (decision === 'rejected' && !note.trim()) throw badRequest(MSG.returnRejectNoteRequired);
    const userId = await db.transaction(async (tx) => {
      const { order, ret, line } = await lockForStep(tx, id, scope, 'requested');
      await tx.update(returnRequests)
        .set({ status: decision, decisionNote: note.trim(), decidedBy: actor.userId, decidedAt: new Date() })
        .where(eq(returnRequests.id, id));
      const text = decision === 'approved' ? MSG.returnHistory.approved(ret.units, line.productName, note.trim()) : MSG.returnHistory.rejected(ret.units, line.productName, note.trim());
      await history(tx, order, text, actor);
      await audit.record(tx, {
        actor, action: decision === 'approved' ? 'return.approve' : 'return.reject', target: { type: 'return', id },
        changes: { status: { before: 'requested', after: decision }, ...(note.trim() ? { note: { before: null, after: note.trim() } } : {}) },
      });
      return ret.userId;
    });
    const dto = await oneReturn(id);
    announce(dto, userId);
    return dto;
  }

  /** What the marketplace owes the shopper as store credit: minus the SUM of their shopper_store_credit entries. */
  async function storeCreditCents(userId: number): Promise<number> {
    const [row] = await rowsOf<{ cents: number | null }>(db, sql`
      select -sum(amount_cents)::int8 as cents from ledger_entries where account = 'shopper_store_credit' and shopper_id = ${userId} and currency = ${deps.currency}`);
    return Number(row?.cents ?? 0);
  }

  return {
    /**
     * A shopper asks to return `units` of one delivered line of their own sub-order, within its seller's return
     * window. Another shopper's order or line is a 404; not delivered, the window closed or more units than are left
     * (requests not rejected count) a 422; a cash-on-delivery order needs the refund method, a card order takes none
     * (400). The sub-order's row lock makes two requests for the last unit one success and one 422.
     */
    async request(userId: number, input: ReturnCreate, actor: Actor): Promise<ReturnRequest> {
      const body = returnCreateSchema.parse(input);
      const { id, orderUserId } = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, body.order_id)).for('update');
        if (!order || order.userId !== userId) throw notFound(MSG.orderNotFound);
        const [line] = await tx.select().from(orderItems).where(and(eq(orderItems.id, body.line_id), eq(orderItems.orderId, order.id)));
        if (!line) throw notFound(MSG.returnLineNotFound);
        if (order.paymentMethod === 'cod' && !body.refund_method) throw badRequest(MSG.returnRefundMethodRequired);
        if (order.paymentMethod !== 'cod' && body.refund_method) throw badRequest(MSG.returnRefundMethodCardOnly);
        // a bank transfer needs the account it is paid to (checked by the schema: UAE IBAN, its checksum, a holder)
        if (body.refund_method === 'bank_transfer' && !body.bank_account) throw badRequest(MSG.refundBankRequired);
        if (order.status !== 'delivered' || !order.deliveredAt) throw unprocessable(MSG.returnNotDelivered);
        const days = await windowDays(tx, order.sellerVendorId);
        if (Date.now() > order.deliveredAt.getTime() + days * DAY_MS) throw unprocessable(say.returnWindowClosed(days));
        const taken = (await unitsByLine(tx, order.id, RETURN_LIVE_STATUSES)).get(line.id) ?? 0;
        const left = line.quantity - taken;
        if (body.units > left) throw unprocessable(say.returnTooManyUnits(left));
        const [row] = await tx.insert(returnRequests).values({
          orderId: order.id, orderItemId: line.id, userId, vendorId: order.sellerVendorId, units: body.units, reason: body.reason,
          reasonText: body.reason_text, refundMethod: body.refund_method ?? 'original',
          refundIban: body.refund_method === 'bank_transfer' ? body.bank_account!.iban : null,
          refundAccountHolder: body.refund_method === 'bank_transfer' ? body.bank_account!.account_holder : null,
        }).returning({ id: returnRequests.id });
        await history(tx, order, MSG.returnHistory.requested(body.units, line.productName, RETURN_REASON_LABELS[body.reason]), actor);
        await audit.record(tx, {
          actor, action: 'return.request', target: { type: 'return', id: row!.id },
          changes: {
            order_id: { before: null, after: order.id }, line_id: { before: null, after: line.id }, units: { before: null, after: body.units },
            reason: { before: null, after: body.reason }, refund_method: { before: null, after: body.refund_method ?? 'original' },
          },
        });
        return { id: row!.id, orderUserId: order.userId! };
      });
      const dto = await oneReturn(id);
      announce(dto, orderUserId);
      return dto;
    },

    /** The shopper's returns, the delivered lines they can still return (window open, units left) and their store credit. */
    async mine(userId: number): Promise<MyReturns> {
      const returns = await readReturns(sql`r.user_id = ${userId}`, { limit: MY_RETURNS_LIMIT, offset: 0 });
      const lines = await rowsOf<{
        order_id: number; order_number: string; line_id: number; product_name: string; product_name_ar: string; variant_label: string; quantity: number;
        unit_price_cents: number; currency: string; payment_method: PaidBy; seller_name: string | null; delivered_at: Date | string; window_days: number | null; taken: number;
      }>(db, sql`
        select o.id as order_id, o.order_number, i.id as line_id, i.product_name, coalesce(p.name_ar, '') as product_name_ar, i.variant_label, i.quantity, i.unit_price_cents, o.currency,
          o.payment_method, v.company_name as seller_name, o.delivered_at, v.return_window_days as window_days,
          coalesce((select sum(r.units) from return_requests r where r.order_item_id = i.id and r.status <> 'rejected'), 0)::int as taken
        from orders o join order_items i on i.order_id = o.id left join vendors v on v.id = o.seller_vendor_id
        left join products p on p.id = i.product_id
        where o.user_id = ${userId} and o.status = 'delivered' and o.delivered_at is not null
        order by o.delivered_at desc, i.id limit ${MY_RETURNS_LIMIT}`);
      const now = Date.now();
      const returnable: ReturnableLine[] = [];
      for (const l of lines) {
        const closes = new Date(new Date(l.delivered_at).getTime() + (l.window_days ?? RETURN_WINDOW_DAYS_DEFAULT) * DAY_MS);
        const left = l.quantity - l.taken;
        if (left <= 0 || closes.getTime() < now) continue;
        returnable.push({
          order_id: l.order_id, order_number: l.order_number, line_id: l.line_id, product_name: l.product_name, product_name_ar: l.product_name_ar,
          variant_label: l.variant_label,
          quantity: l.quantity, units_left: left, unit_price_cents: l.unit_price_cents, currency: l.currency, payment_method: l.payment_method,
          seller_name: l.seller_name ?? MARKETPLACE_SELLER_NAME, window_closes_at: closes.toISOString(),
        });
      }
      return { returns, returnable, store_credit: { balance_cents: await storeCreditCents(userId), currency: deps.currency } };
    },

    storeCreditCents,

    /**
     * What returning `units` of one line of the shopper's own sub-order would refund, by the same rule receiving it
     * posts (refundStep over the units already received): the assistant quotes it before the shopper confirms
     * (decision 0107). Null when the sub-order or line is not theirs.
     */
    async refundQuote(userId: number, orderId: number, lineId: number, units: number): Promise<{ total_cents: number; currency: string } | null> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) return null;
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      if (!lines.some((l) => l.id === lineId)) return null;
      const received = await unitsByLine(db, order.id, ['received']);
      const step = refundStep({
        vendorId: order.sellerVendorId, shippingCents: order.shippingCents, taxIncluded: order.taxIncluded,
        shippingTaxCents: frozenShippingTax(order, lines.reduce((n, l) => n + l.taxCents, 0)).taxCents,
        lines: lines.map((l) => ({
          id: l.id, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents, taxRateBps: l.taxRateBps, taxCents: l.taxCents,
          commissionBps: l.commissionBps,
        })),
      }, received, lineId, units);
      const market = await marketplaceShareOf(db, lines.find((l) => l.id === lineId)!, received.get(lineId) ?? 0, units);
      return { total_cents: step.goodsCents + step.taxCents + step.shippingCents - market, currency: order.currency };
    },

    /** A sub-order's returns, for its seller (another vendor's sub-order is a 404) or an admin. */
    async forOrder(orderId: number, scope: ReturnScope): Promise<ReturnRequest[]> {
      const [order] = await db.select({ seller: orders.sellerVendorId }).from(orders).where(eq(orders.id, orderId));
      if (!order || ('vendorId' in scope && order.seller !== scope.vendorId)) throw notFound(MSG.orderNotFound);
      return readReturns(sql`r.order_id = ${orderId}`);
    },

    approve: (id: number, scope: ReturnScope, note: string, actor: Actor) => decide(id, scope, 'approved', note, actor),
    reject: (id: number, scope: ReturnScope, note: string, actor: Actor) => decide(id, scope, 'rejected', note, actor),

    /**
     * The approved units came back: the refund for them is posted (refund + commission reversal, decision 0094), the
     * units go back in stock when `restock`, with the return's new state, a history line and an audit entry, all in one
     * transaction. A refund larger than what the shopper paid for the sub-order and has not had back (it was cancelled
     * in full meanwhile, or placed before the ledger) is a 422, nothing written.
     */
    async receive(id: number, scope: ReturnScope, restock: boolean, actor: Actor): Promise<ReturnRequest> {
      let stockMoves: { id: number; stock: number }[] = [];
      const userId = await db.transaction(async (tx) => {
        const { order, ret, line } = await lockForStep(tx, id, scope, 'approved');
        // a refund lowers the vendor's balance: under the vendor's lock, as a payout batch reads it (decision 0095),
        // so a batch running meanwhile never pays out money this refund takes back
        if (order.sellerVendorId !== null) await lockVendors(tx, [order.sellerVendorId]);
        const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const money: RefundableSubOrder = {
          vendorId: order.sellerVendorId, shippingCents: order.shippingCents, taxIncluded: order.taxIncluded,
        shippingTaxCents: frozenShippingTax(order, lines.reduce((n, l) => n + l.taxCents, 0)).taxCents,
          lines: lines.map((l) => ({
            id: l.id, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents, taxRateBps: l.taxRateBps, taxCents: l.taxCents,
            commissionBps: l.commissionBps,
          })),
        };
        const received = await unitsByLine(tx, order.id, ['received']);
        const step = refundStep(money, received, line.id, ret.units);
        // what the shopper paid for these units: their supply less the marketplace's share of a promotion on them,
        // which goes back to the marketplace (decision 0152)
        const market = await marketplaceShareOf(tx, line, received.get(line.id) ?? 0, ret.units);
        const total = step.goodsCents + step.taxCents + step.shippingCents - market;
        // what the shopper paid for this sub-order and has not had back: the sale's debit less every refund so far
        // (the cash a courier collected settles the debit, it is no refund: decision 0140)
        const [paid] = await rowsOf<{ cents: number | null }>(tx as Db, sql`
          select sum(amount_cents)::int8 as cents from ledger_entries
          where order_id = ${order.id} and account in ('shopper_receivable', 'shopper_store_credit', 'shopper_refunds_payable') and kind <> 'cod_collected' and currency = ${order.currency}`);
        if (total > Number(paid?.cents ?? 0)) throw unprocessable(MSG.returnOverRefund);
        const ref = `${order.id}:${ret.id}`;
        const posting = postingId('return', ref);
        const to = ret.refundMethod === 'store_credit' ? { kind: 'store_credit' as const, shopperId: ret.userId }
          : ret.refundMethod === 'bank_transfer' ? { kind: 'bank_transfer' as const, shopperId: ret.userId }
          : { kind: 'receivable' as const };
        const rows = [...refundEntries(order.sellerVendorId, step, to, await vatHolderOf(tx, order)), ...promotionRefundEntries(to, market)];
        if (rows.length) {
          await postToLedger(tx, {
            kind: 'return', ref, lines: rows, currency: order.currency, purchaseId: order.purchaseId, orderId: order.id, createdBy: actor.userId,
          });
        }
        // a bank-transfer refund is owed to the account the shopper gave, paid by a refunds batch (decision 0141)
        if (ret.refundMethod === 'bank_transfer' && total > 0) {
          await oweBankRefund(tx, {
            shopperId: ret.userId, orderId: order.id, returnId: ret.id, amountCents: total, currency: order.currency,
            iban: ret.refundIban ?? '', accountHolder: ret.refundAccountHolder ?? '',
          });
        }
        // the Tax Credit Note for these units against the sub-order's invoice (Art. 60, decision 0099), in the same
        // transaction and priced by the same rule as the refund rows, so the documents' tax equals the ledger's
        await issueCreditNote(tx, {
          orderId: order.id, lines: [{ orderItemId: line.id, quantity: ret.units }], shippingCents: step.shippingCents, prepaidCents: market,
          reason: MSG.creditReasonReturned(RETURN_REASON_LABELS[ret.reason as ReturnReason] ?? ret.reason),
        });
        if (restock && line.productId !== null) {
          stockMoves = await catalogue.releaseStock(tx, [{ productId: line.productId, quantity: ret.units }]);
          if (Object.keys(line.variants).length) {
            await catalogue.moveOptionStock(tx, [{ productId: line.productId, productName: line.productName, variants: line.variants, quantity: ret.units }], 1);
          }
        }
        await tx.update(returnRequests).set({
          status: 'received', restock, refundPosting: posting, refundGoodsCents: step.goodsCents, refundTaxCents: step.taxCents,
          refundShippingCents: step.shippingCents, refundPromotionCents: market, commissionReversedCents: step.commissionCents, commissionVatReversedCents: step.commissionVatCents,
          receivedBy: actor.userId, receivedAt: new Date(),
        }).where(eq(returnRequests.id, id));
        await history(tx, order, MSG.returnHistory.received(ret.units, line.productName, formatCents(total, order.currency), restock), actor);
        await audit.record(tx, {
          actor, action: 'return.receive', target: { type: 'return', id },
          changes: {
            status: { before: 'approved', after: 'received' }, restock: { before: null, after: restock },
            refund_cents: { before: null, after: total }, posting: { before: null, after: posting },
          },
        });
        return ret.userId;
      });
      catalogue.announceStock(stockMoves);
      const dto = await oneReturn(id);
      announce(dto, userId);
      return dto;
    },

    /** Every return (or one seller's) for the Finance and Orders views: filtered by status, seller, sub-order and refund day, paged. */
    async list(q: AdminReturnsQuery): Promise<{ items: ReturnRequest[]; total: number }> {
      const conds: SQL[] = [sql`true`];
      if (q.status) conds.push(sql`r.status = ${q.status}`);
      if (q.open !== undefined) conds.push(q.open ? sql`r.status in ('requested', 'approved')` : sql`r.status in ('rejected', 'received')`);
      if (q.vendor_id) conds.push(sql`r.vendor_id = ${q.vendor_id}`);
      if (q.order_id) conds.push(sql`r.order_id = ${q.order_id}`);
      if (q.from) conds.push(sql`r.received_at >= ${q.from}::date`);
      if (q.to) conds.push(sql`r.received_at < ${q.to}::date + 1`);
      const where = sql.join(conds, sql` and `);
      const [items, [count]] = await Promise.all([
        readReturns(where, q),
        rowsOf<{ n: number }>(db, sql`select count(*)::int as n from return_requests r where ${where}`),
      ]);
      return { items, total: Number(count?.n ?? 0) };
    },

    /** The refund rows of one return (tests and the Finance views read the ledger through this). */
    async refundRows(id: number): Promise<(typeof ledgerEntries.$inferSelect)[]> {
      const [r] = await db.select({ posting: returnRequests.refundPosting }).from(returnRequests).where(eq(returnRequests.id, id));
      if (!r?.posting) return [];
      return db.select().from(ledgerEntries).where(eq(ledgerEntries.posting, r.posting)).orderBy(desc(ledgerEntries.id));
    },
  };
}

