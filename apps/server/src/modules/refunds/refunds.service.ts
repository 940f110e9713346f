import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { centsToAmount } from '@souq/shared/rules/money';
import type { AdminBankRefundsQuery, BankRefund, MyStoreCredit, RefundBankAccount, RefundBatch } from '@souq/shared/api/refunds';
import { refundBankAccountSchema } from '@souq/shared/api/refunds';
import { bankRefunds, ledgerEntries, refundBatches } from '../../db/schema/ledger.js';
import { orders } from '../../db/schema/orders.js';
import { users } from '../../db/schema/accounts.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { toCsv } from '../../platform/csv.js';
import { badRequest, conflict, notFound, say } from '../../platform/errors.js';
import { maskIban } from '@souq/shared/rules/iban';
import { post as postToLedger } from '../ledger/ledger.post.js';
import { refundFailedEntries, refundPaidEntries, refundSentEntries } from '../ledger/ledger.credit.js';

export type RefundsService = ReturnType<typeof createRefundsService>;

/** /profile shows the latest movements, bounded like every list. */
const MOVEMENTS_LIMIT = 100;
type Row = typeof bankRefunds.$inferSelect;

/**
 * Store credit reads and bank-transfer refunds (issue 34 item 8, decision 0141). The money is only in the ledger: a
 * shopper's store credit is minus the sum of their shopper_store_credit rows; a bank refund owed sits on their
 * shopper_refunds_payable until a refunds batch sends it (→ refunds_clearing), the bank pays it (→ bank) or it fails
 * (→ owed again, the shopper told and asked for new details). The bank_refunds row holds the details and the state.
 */
export function createRefundsService(deps: { db: Db; audit: AuditLog; currency: string }) {
  const { db, audit } = deps;

  const dto = (r: Row, shopperName: string, orderNumber: string): BankRefund => ({
    id: r.id, shopper_id: r.shopperId, shopper_name: shopperName, order_id: r.orderId, order_number: orderNumber, return_id: r.returnId,
    amount_cents: Number(r.amountCents), currency: r.currency, iban: r.iban, account_holder: r.accountHolder, status: r.status, batch_id: r.batchId,
    failure_reason: r.failureReason, created_at: r.createdAt.toISOString(), settled_at: r.settledAt?.toISOString() ?? null,
  });

  async function read(where: SQL, page?: { limit: number; offset: number }): Promise<BankRefund[]> {
    const q = db.select({ r: bankRefunds, name: users.name, number: orders.orderNumber }).from(bankRefunds)
      .innerJoin(users, eq(users.id, bankRefunds.shopperId)).innerJoin(orders, eq(orders.id, bankRefunds.orderId))
      .where(where).orderBy(desc(bankRefunds.id));
    const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
    return rows.map((x) => dto(x.r, x.name, x.number));
  }
  const one = async (id: number) => (await read(eq(bankRefunds.id, id)))[0]!;

  async function lockRefund(tx: Tx, id: number, from: Row['status'][]): Promise<Row> {
    const [row] = await tx.select().from(bankRefunds).where(eq(bankRefunds.id, id)).for('update');
    if (!row) throw notFound(MSG.bankRefundNotFound);
    if (!from.includes(row.status)) throw conflict(say.bankRefundWrongStatus(row.status));
    return row;
  }

  async function batchDto(id: number): Promise<RefundBatch> {
    const [b] = await db.select().from(refundBatches).where(eq(refundBatches.id, id));
    if (!b) throw notFound(MSG.bankRefundNotFound);
    const [agg] = await db.select({
      count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${bankRefunds.amountCents}), 0)`,
      paid: sql<number>`count(*) filter (where ${bankRefunds.status} = 'paid')::int`, failed: sql<number>`count(*) filter (where ${bankRefunds.status} = 'failed')::int`,
    }).from(bankRefunds).where(eq(bankRefunds.batchId, id));
    return {
      id: b.id, currency: b.currency, created_by_name: b.createdByName, created_at: b.createdAt.toISOString(),
      count: Number(agg?.count ?? 0), total_cents: Number(agg?.total ?? 0), paid_count: Number(agg?.paid ?? 0), failed_count: Number(agg?.failed ?? 0),
    };
  }

  return {
    /** The shopper's store credit: the balance (a sum of ledger rows) and its latest movements (+ received, − spent). */
    async myStoreCredit(userId: number): Promise<MyStoreCredit> {
      const [bal] = await db.select({ c: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, 'shopper_store_credit'), eq(ledgerEntries.shopperId, userId), eq(ledgerEntries.currency, deps.currency)));
      const rows = await db.select({ e: ledgerEntries, number: orders.orderNumber }).from(ledgerEntries).leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
        .where(and(eq(ledgerEntries.account, 'shopper_store_credit'), eq(ledgerEntries.shopperId, userId), eq(ledgerEntries.currency, deps.currency)))
        .orderBy(desc(ledgerEntries.id)).limit(MOVEMENTS_LIMIT);
      return {
        balance_cents: Number(bal?.c ?? 0), currency: deps.currency,
        movements: rows.map(({ e, number }) => ({ id: e.id, kind: e.kind, amount_cents: -Number(e.amountCents), order_number: number, created_at: e.createdAt.toISOString() })),
      };
    },

    /** The shopper's own bank-transfer refunds, newest first. */
    myRefunds: (userId: number) => read(eq(bankRefunds.shopperId, userId), { limit: MOVEMENTS_LIMIT, offset: 0 }),

    /**
     * A failed refund's new account, from its shopper (another's is a 404): owed again, the next batch sends it. The
     * money is already back on their refunds payable (the failure's posting); this only changes where it goes.
     */
    async updateMyAccount(userId: number, id: number, input: RefundBankAccount, actor: Actor): Promise<BankRefund> {
      const body = refundBankAccountSchema.parse(input);
      await db.transaction(async (tx) => {
        const [peek] = await tx.select({ shopperId: bankRefunds.shopperId }).from(bankRefunds).where(eq(bankRefunds.id, id));
        if (!peek || peek.shopperId !== userId) throw notFound(MSG.bankRefundNotFound);
        const row = await lockRefund(tx, id, ['owed', 'failed']);
        await tx.update(bankRefunds).set({ iban: body.iban, accountHolder: body.account_holder, status: 'owed', batchId: null }).where(eq(bankRefunds.id, id));
        await audit.record(tx, {
          actor, action: 'refund.account', target: { type: 'bank_refund', id },
          changes: { iban: { before: maskIban(row.iban), after: maskIban(body.iban) }, status: { before: row.status, after: 'owed' } },
        });
      });
      return one(id);
    },

    /** Every bank-transfer refund (or those in a state or batch), newest first, paged. */
    async list(q: AdminBankRefundsQuery): Promise<{ items: BankRefund[]; total: number }> {
      const conds: SQL[] = [sql`true`];
      if (q.status) conds.push(eq(bankRefunds.status, q.status));
      if (q.batch_id) conds.push(eq(bankRefunds.batchId, q.batch_id));
      const where = and(...conds)!;
      const [items, [count]] = await Promise.all([read(where, q), db.select({ n: sql<number>`count(*)::int` }).from(bankRefunds).where(where)]);
      return { items, total: Number(count?.n ?? 0) };
    },

    /**
     * A refunds batch: every refund owed (under their row locks, so two batches never send one twice) goes out, each
     * posted from the shopper's refunds payable to the clearing. 409 when none is owed.
     */
    async createBatch(actor: Actor): Promise<RefundBatch> {
      const id = await db.transaction(async (tx) => {
        const owed = await tx.select().from(bankRefunds).where(and(eq(bankRefunds.status, 'owed'), eq(bankRefunds.currency, deps.currency)))
          .orderBy(bankRefunds.id).for('update', { skipLocked: true });
        if (!owed.length) throw conflict(MSG.bankRefundNoneOwed);
        const [batch] = await tx.insert(refundBatches).values({ currency: deps.currency, createdBy: actor.userId, createdByName: actor.name }).returning({ id: refundBatches.id });
        for (const r of owed) {
          await postToLedger(tx, {
            kind: 'refund-sent', ref: `${r.id}:${batch!.id}`, lines: refundSentEntries(r.shopperId, Number(r.amountCents)), currency: r.currency,
            orderId: null, createdBy: actor.userId, memo: `refund batch ${batch!.id}`,
          });
        }
        await tx.update(bankRefunds).set({ status: 'sent', batchId: batch!.id }).where(inArray(bankRefunds.id, owed.map((r) => r.id)));
        await audit.record(tx, {
          actor, action: 'refund.batch', target: { type: 'refund_batch', id: batch!.id },
          changes: { refunds: { before: null, after: owed.length }, total_cents: { before: null, after: owed.reduce((n, r) => n + Number(r.amountCents), 0) } },
        });
        return batch!.id;
      });
      return batchDto(id);
    },

    async batches(page: { limit: number; offset: number }): Promise<{ items: RefundBatch[]; total: number }> {
      const [ids, [count]] = await Promise.all([
        db.select({ id: refundBatches.id }).from(refundBatches).orderBy(desc(refundBatches.id)).limit(page.limit).offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(refundBatches),
      ]);
      return { items: await Promise.all(ids.map((r) => batchDto(r.id))), total: Number(count?.n ?? 0) };
    },

    /** The bank-transfer file of a batch: one row per refund sent or paid (failed ones left out). */
    async batchCsv(batchId: number): Promise<string> {
      await batchDto(batchId);
      const rows = await read(and(eq(bankRefunds.batchId, batchId), inArray(bankRefunds.status, ['sent', 'paid']))!);
      return toCsv(
        ['account_holder', 'iban', 'amount', 'currency', 'reference'],
        rows.reverse().map((r) => [r.account_holder, r.iban, centsToAmount(r.amount_cents).toFixed(2), r.currency, `SOUQ-REFUND-${r.id} ${r.order_number}`]),
      );
    },

    /** The bank paid a sent refund: clearing → bank. 409 unless sent. */
    async markPaid(id: number, actor: Actor): Promise<BankRefund> {
      await db.transaction(async (tx) => {
        const r = await lockRefund(tx, id, ['sent']);
        await postToLedger(tx, { kind: 'refund-paid', ref: r.id, lines: refundPaidEntries(Number(r.amountCents)), currency: r.currency, createdBy: actor.userId });
        await tx.update(bankRefunds).set({ status: 'paid', settledAt: new Date(), settledBy: actor.userId }).where(eq(bankRefunds.id, id));
        await audit.record(tx, { actor, action: 'refund.paid', target: { type: 'bank_refund', id }, changes: { status: { before: 'sent', after: 'paid' } } });
      });
      return one(id);
    },

    /**
     * The transfer failed: the money goes back to what is owed to the shopper (clearing → refunds payable), the refund
     * shows the bank's reason and asks the shopper for new details; the next batch sends it once they give them.
     */
    async markFailed(id: number, reason: string, actor: Actor): Promise<BankRefund> {
      if (!reason.trim()) throw badRequest(MSG.bankRefundFailureReasonRequired);
      await db.transaction(async (tx) => {
        const r = await lockRefund(tx, id, ['sent']);
        await postToLedger(tx, {
          kind: 'refund-failed', ref: `${r.id}:${r.batchId}`, lines: refundFailedEntries(r.shopperId, Number(r.amountCents)), currency: r.currency,
          createdBy: actor.userId, memo: reason.trim(),
        });
        await tx.update(bankRefunds).set({ status: 'failed', failureReason: reason.trim(), settledAt: new Date(), settledBy: actor.userId }).where(eq(bankRefunds.id, id));
        await audit.record(tx, {
          actor, action: 'refund.failed', target: { type: 'bank_refund', id },
          changes: { status: { before: 'sent', after: 'failed' }, reason: { before: null, after: reason.trim() } },
        });
      });
      return one(id);
    },
  };
}
