import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_FAILURE_CODES, PAYOUT_MINIMUM_CENTS, payoutReference, type PayoutFailureCode, type PayoutSkipReason } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { maskIban } from '@souq/shared/rules/iban';
import { centsToAmount } from '@souq/shared/rules/money';
import type { AdjustmentCreate, LedgerEntry, Payout, PayoutAccount, PayoutAccountUpdate, PayoutBatch } from '@souq/shared/api/payouts';
import { ledgerEntries, payoutBatches, payouts } from '../../db/schema/ledger.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { conflict, notFound, unprocessable, say } from '../../platform/errors.js';
import type { Entry } from '../ledger/ledger.postings.js';
import { post as postToLedger, type PostingKind } from '../ledger/ledger.post.js';
import { toCsv } from '../../platform/csv.js';
import { balancesOf, lockVendors, skipReasonOf } from './balances.js';
import type { PayoutNotice } from './payouts.notices.js';
import { adjustmentEntries, payoutEntries, payoutFailedEntries, payoutPaidEntries } from './payouts.postings.js';

export type PayoutsService = ReturnType<typeof createPayoutsService>;

type PayoutRow = typeof payouts.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;
const DAY_MS = 86_400_000;

const toAccount = (v: Pick<VendorRow, 'payoutIban' | 'payoutAccountHolder' | 'payoutAccountUpdatedAt' | 'payoutAccountState' | 'payoutPayableFrom' | 'payoutVerifiedAt' | 'payoutFailureReason'>): PayoutAccount => ({
  iban: v.payoutIban, account_holder: v.payoutAccountHolder, updated_at: v.payoutAccountUpdatedAt?.toISOString() ?? null,
  state: v.payoutIban ? (v.payoutAccountState ?? 'pending_verification') : null, payable_from: v.payoutPayableFrom?.toISOString() ?? null,
  verified_at: v.payoutVerifiedAt?.toISOString() ?? null, failure_reason: v.payoutAccountState === 'failed' ? v.payoutFailureReason : null,
});

const toPayout = (p: PayoutRow, vendorName: string): Payout => ({
  id: p.id,
  batch_id: p.batchId,
  vendor_id: p.vendorId,
  vendor_name: vendorName,
  amount_cents: Number(p.amountCents),
  currency: p.currency,
  iban: p.iban,
  account_holder: p.accountHolder,
  reference: payoutReference(p.id),
  status: p.status,
  failure_reason: p.failureReason,
  failure_code: p.failureCode,
  created_at: p.createdAt.toISOString(),
  settled_at: p.settledAt?.toISOString() ?? null,
});

/**
 * Payout accounts, payout batches and manual adjustments (decision 0095). Every money movement is a balanced posting
 * in the transaction of its cause; every write takes the vendor row's lock first (balances.ts) and is audited.
 */
export function createPayoutsService(deps: {
  db: Db; audit: AuditLog; currency: string;
  /** Days a changed payout account waits, once verified, before a batch pays it (decision 0125). */
  waitDays: number;
  /** Tells the vendor's owner about its account (e-mail, push), after the commit. */
  notify: (n: PayoutNotice) => Promise<void>;
}) {
  const { db, audit, currency } = deps;

  /** One posting through the ledger's writer (decision 0116), in the caller's transaction. */
  async function post(tx: Tx, kind: PostingKind, ref: string | number, rows: Entry[], extra: { payoutId?: number; memo?: string | null; actor: Actor }) {
    return postToLedger(tx, { kind, ref, lines: rows, currency, payoutId: extra.payoutId ?? null, memo: extra.memo ?? null, createdBy: extra.actor.userId });
  }

  async function batchDto(batchId: number, exec: Db | Tx = db): Promise<PayoutBatch> {
    const [batch] = await exec.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    if (!batch) throw notFound(MSG.payoutBatchNotFound);
    const rows = await exec
      .select({ p: payouts, name: vendors.companyName })
      .from(payouts).innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(eq(payouts.batchId, batchId)).orderBy(payouts.vendorId);
    const list = rows.map((r) => toPayout(r.p, r.name));
    return {
      id: batch.id, currency: batch.currency, minimum_cents: Number(batch.minimumCents), created_by: batch.createdByName,
      created_at: batch.createdAt.toISOString(), total_cents: list.reduce((n, p) => n + p.amount_cents, 0), payouts: list, skipped: batch.skipped,
    };
  }

  /** Moves a pending payout to paid or failed under its row's lock (409 from any other status), with its posting. */
  async function settle(payoutId: number, outcome: 'paid' | 'failed', actor: Actor, reason?: string, code?: PayoutFailureCode): Promise<Payout> {
    let notice: PayoutNotice | null = null;
    const result = await db.transaction(async (tx) => {
      const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (!p) throw notFound(MSG.payoutNotFound);
      if (p.status !== 'pending') throw conflict(say.payoutNotPending(p.status));
      const amount = Number(p.amountCents);
      const rows = outcome === 'paid' ? payoutPaidEntries(amount) : payoutFailedEntries(p.vendorId, amount);
      await post(tx, outcome === 'paid' ? 'payout-paid' : 'payout-failed', p.id, rows, { payoutId: p.id, memo: reason ?? null, actor });
      const [after] = await tx.update(payouts)
        .set({ status: outcome, failureReason: reason ?? null, failureCode: outcome === 'failed' ? (code ?? 'other') : null, settledAt: new Date(), settledBy: actor.userId })
        .where(eq(payouts.id, p.id)).returning();
      await audit.record(tx, {
        actor, action: `payout.${outcome}`, target: { type: 'payout', id: p.id },
        changes: {
          status: { before: 'pending', after: outcome },
          ...(reason ? { reason: { before: null, after: reason } } : {}),
          ...(outcome === 'failed' ? { code: { before: null, after: code ?? 'other' } } : {}),
        },
      });
      // the bank refused the account itself: no batch pays it again until the seller changes its details (decision
      // 0125). Only when the account is still the one the payout went to: details changed since are a new account.
      if (outcome === 'failed' && code && ACCOUNT_FAILURE_CODES.includes(code)) {
        const [v] = await lockVendors(tx, [p.vendorId]);
        if (v && v.payout_iban === p.iban && v.payout_account_holder === p.accountHolder && v.payout_account_state !== 'failed') {
          await tx.update(vendors).set({ payoutAccountState: 'failed', payoutFailureReason: reason ?? code }).where(eq(vendors.id, p.vendorId));
          await audit.record(tx, {
            actor, action: 'vendor.payout_account_failed', target: { type: 'vendor', id: p.vendorId },
            changes: { state: { before: v.payout_account_state, after: 'failed' }, payout_id: { before: null, after: p.id }, code: { before: null, after: code } },
          });
          notice = { vendorId: p.vendorId, kind: 'failed', iban: p.iban, holder: p.accountHolder, payableFrom: null, reason: reason ?? code };
        }
      }
      const [v] = await tx.select({ name: vendors.companyName }).from(vendors).where(eq(vendors.id, p.vendorId));
      return toPayout(after!, v?.name ?? '');
    });
    if (notice) await deps.notify(notice);
    return result;
  }

  async function payoutAccount(vendorId: number, exec: Db | Tx = db): Promise<PayoutAccount> {
    const [v] = await exec.select().from(vendors).where(eq(vendors.id, vendorId));
    if (!v) throw notFound(MSG.vendorNotFound);
    return toAccount(v);
  }

  return {
    payoutAccount: (vendorId: number) => payoutAccount(vendorId),

    /**
     * Sets the IBAN (already checked by its schema) and holder; audited with the IBAN masked to its last four. New or
     * changed details wait for an admin's verification; a change of an existing account also waits `waitDays` (the
     * seller is told at once, so a change it did not make is stopped before money leaves). The same details again
     * change nothing (a failed account stays failed).
     */
    async setPayoutAccount(vendorId: number, input: PayoutAccountUpdate, actor: Actor): Promise<PayoutAccount> {
      const { account, notice } = await db.transaction(async (tx) => {
        const [before] = await lockVendors(tx, [vendorId]);
        if (!before) throw notFound(MSG.vendorNotFound);
        if (before.payout_iban === input.iban && before.payout_account_holder === input.account_holder) return { account: await payoutAccount(vendorId, tx), notice: null };
        const at = new Date();
        const payableFrom = before.payout_iban ? new Date(at.getTime() + deps.waitDays * DAY_MS) : at;
        await tx.update(vendors).set({
          payoutIban: input.iban, payoutAccountHolder: input.account_holder, payoutAccountUpdatedAt: at,
          payoutAccountState: 'pending_verification', payoutPayableFrom: payableFrom, payoutVerifiedAt: null, payoutVerifiedBy: null, payoutFailureReason: null,
        }).where(eq(vendors.id, vendorId));
        await audit.record(tx, {
          actor, action: 'vendor.payout_account', target: { type: 'vendor', id: vendorId },
          changes: {
            iban: { before: before.payout_iban ? maskIban(before.payout_iban) : null, after: maskIban(input.iban) },
            account_holder: { before: before.payout_account_holder, after: input.account_holder },
            state: { before: before.payout_iban ? before.payout_account_state : null, after: 'pending_verification' },
            payable_from: { before: null, after: payableFrom.toISOString() },
          },
        });
        const notice: PayoutNotice = { vendorId, kind: 'changed', iban: input.iban, holder: input.account_holder, payableFrom, reason: null };
        return { account: await payoutAccount(vendorId, tx), notice };
      });
      if (notice) await deps.notify(notice);
      return account;
    },

    /** An admin confirms the account pending verification is the seller's (decision 0125); a batch pays it once its wait is over. */
    async verifyPayoutAccount(vendorId: number, actor: Actor): Promise<PayoutAccount> {
      return db.transaction(async (tx) => {
        const [v] = await lockVendors(tx, [vendorId]);
        if (!v) throw notFound(MSG.vendorNotFound);
        if (!v.payout_iban) throw unprocessable(MSG.payoutAccountMissingForVerify);
        if (v.payout_account_state !== 'pending_verification') throw conflict(MSG.payoutAccountNotPending);
        await tx.update(vendors).set({ payoutAccountState: 'verified', payoutVerifiedAt: new Date(), payoutVerifiedBy: actor.name }).where(eq(vendors.id, vendorId));
        await audit.record(tx, {
          actor, action: 'vendor.payout_account_verify', target: { type: 'vendor', id: vendorId },
          changes: { state: { before: 'pending_verification', after: 'verified' }, iban: { before: null, after: maskIban(v.payout_iban) } },
        });
        return payoutAccount(vendorId, tx);
      });
    },

    /**
     * One batch over every vendor whose available balance is at least the minimum. The candidates are found without
     * locks, then locked in id order and their balances read again under the lock, so a batch run at the same time
     * by another admin either already committed its payouts (and this one sees them) or waits. Vendors without a
     * payout account it may pay now (none, unverified, in its waiting days, failed: decision 0125) are listed as
     * skipped with the reason; their money stays in their balance. 422 with nothing written when no one is to be paid.
     */
    async createBatch(minimum: number | undefined, actor: Actor): Promise<PayoutBatch> {
      const minimumCents = minimum ?? PAYOUT_MINIMUM_CENTS;
      const candidates = (await balancesOf(db, null, currency)).filter((b) => b.available_cents >= minimumCents).map((b) => b.vendor_id);
      return db.transaction(async (tx) => {
        const locked = await lockVendors(tx, candidates);
        const fresh = new Map((await balancesOf(tx, candidates, currency)).map((b) => [b.vendor_id, b.available_cents]));
        const due = locked.filter((v) => (fresh.get(v.id) ?? 0) >= minimumCents);
        const payable = due.filter((v) => skipReasonOf(v) === null);
        const skipped = due.filter((v) => skipReasonOf(v) !== null)
          .map((v) => ({ vendor_id: v.id, vendor_name: v.company_name, available_cents: fresh.get(v.id)!, reason: skipReasonOf(v) as PayoutSkipReason }));
        if (!payable.length) {
          throw unprocessable(MSG.payoutBatchEmpty, skipped.length ? `Skipped: ${skipped.map((s) => `${s.vendor_name} (${s.reason})`).join(', ')}` : undefined);
        }
        const [batch] = await tx.insert(payoutBatches)
          .values({ currency, minimumCents, skipped, createdBy: actor.userId, createdByName: actor.name }).returning();
        for (const v of payable) {
          const amount = fresh.get(v.id)!;
          const [p] = await tx.insert(payouts).values({
            batchId: batch!.id, vendorId: v.id, amountCents: amount, currency, iban: v.payout_iban!, accountHolder: v.payout_account_holder!,
          }).returning();
          await post(tx, 'payout', p!.id, payoutEntries(v.id, amount), { payoutId: p!.id, actor });
        }
        await audit.record(tx, {
          actor, action: 'payout.batch', target: { type: 'payout_batch', id: batch!.id },
          changes: {
            payouts: { before: null, after: payable.length },
            total_cents: { before: null, after: payable.reduce((n, v) => n + fresh.get(v.id)!, 0) },
            skipped: { before: null, after: skipped.length },
          },
        });
        return batchDto(batch!.id, tx);
      });
    },

    batch: (id: number) => batchDto(id),

    /** The batches, newest first, with their payouts. */
    async batches(page: { limit: number; offset: number }): Promise<{ items: PayoutBatch[]; total: number }> {
      const [ids, [count]] = await Promise.all([
        db.select({ id: payoutBatches.id }).from(payoutBatches).orderBy(desc(payoutBatches.id)).limit(page.limit).offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(payoutBatches),
      ]);
      return { items: await Promise.all(ids.map((r) => batchDto(r.id))), total: Number(count?.n ?? 0) };
    },

    /** The bank-transfer file of a batch: one row per payout still to send or sent (failed ones left out). */
    async batchCsv(batchId: number): Promise<string> {
      const b = await batchDto(batchId);
      return toCsv(
        ['vendor', 'iban', 'account_holder', 'amount', 'currency', 'reference'],
        b.payouts.filter((p) => p.status !== 'failed').map((p) => [p.vendor_name, p.iban, p.account_holder, centsToAmount(p.amount_cents).toFixed(2), p.currency, p.reference]),
      );
    },

    markPaid: (id: number, actor: Actor) => settle(id, 'paid', actor),
    markFailed: (id: number, reason: string, actor: Actor, code: PayoutFailureCode = 'other') => settle(id, 'failed', actor, reason, code),

    /** A vendor's payouts, newest first. */
    async vendorPayouts(vendorId: number, page: { limit: number; offset: number }): Promise<{ items: Payout[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db.select({ p: payouts, name: vendors.companyName }).from(payouts).innerJoin(vendors, eq(vendors.id, payouts.vendorId))
          .where(eq(payouts.vendorId, vendorId)).orderBy(desc(payouts.id)).limit(page.limit).offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(eq(payouts.vendorId, vendorId)),
      ]);
      return { items: rows.map((r) => toPayout(r.p, r.name)), total: Number(count?.n ?? 0) };
    },

    /** A manual credit or debit of a vendor's balance against the marketplace, with its reason, audited. */
    async adjust(input: AdjustmentCreate, actor: Actor): Promise<LedgerEntry[]> {
      return db.transaction(async (tx) => {
        const [v] = await lockVendors(tx, [input.vendor_id]);
        if (!v) throw notFound(MSG.vendorNotFound);
        const posting = await post(tx, 'adjustment', `${v.id}:${randomUUID()}`, adjustmentEntries(v.id, input.amount_cents), { memo: input.reason, actor });
        await audit.record(tx, {
          actor, action: 'vendor.adjustment', target: { type: 'vendor', id: v.id },
          changes: { amount_cents: { before: null, after: input.amount_cents }, reason: { before: null, after: input.reason } },
        });
        const rows = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.posting, posting)).orderBy(ledgerEntries.id);
        return rows.map((r) => ({
          id: r.id, posting: r.posting, account: r.account, vendor_id: r.vendorId, kind: r.kind, amount_cents: Number(r.amountCents), currency: r.currency,
          order_id: r.orderId, order_number: null, payout_id: r.payoutId, memo: r.memo, created_at: r.createdAt.toISOString(),
        }));
      });
    },

    /** Names of vendors by id (balances table). */
    async vendorNames(ids: number[]): Promise<Map<number, { name: string; hasAccount: boolean }>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: vendors.id, name: vendors.companyName, iban: vendors.payoutIban }).from(vendors).where(inArray(vendors.id, ids));
      return new Map(rows.map((r) => [r.id, { name: r.name, hasAccount: !!r.iban }]));
    },
  };
}
