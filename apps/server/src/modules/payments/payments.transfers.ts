import type { Actor, AuditLog } from '../../platform/audit.js';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SellerAccount as SellerAccountDto, SellerAccountState, SellerTransfer } from '@souq/shared/api/transfers';
import { MSG } from '@souq/shared/messages';
import { orders, purchases } from '../../db/schema/orders.js';
import { paymentAttempts, sellerAccounts, sellerTransferReversals, sellerTransfers } from '../../db/schema/payments.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import { balanceSql, lockVendors } from '../payouts/balances.js';
import { transferEntries, transferReversalEntries } from './payments.postings.js';
import { ProviderError, type PaymentProvider, type SellerAccount, type SellerPayout, type Transfer, type TransferReversal } from './payments.provider.js';

/**
 * Sellers paid from what was collected (issue 36 item 5, decision 0147).
 *
 * A seller connects an account at the provider (its hosted onboarding; the local provider's instant page in local
 * mode); Souq reads it back on the seller's return and on every `account.updated`. When a card sub-order's return
 * window closes (on the payments runtime's clock), what the ledger says its seller is due for it — sale less
 * commission less refunds, the sum of its vendor_payable rows — is transferred to the seller's account from the charge
 * that paid it (`source_transaction`, the purchase as transfer group), under an idempotency key per sub-order and
 * attempt, stored before the provider is called and posted (vendor payable → provider clearing) in the transaction
 * that records the answer. A refund after the seller was paid leaves that sub-order owing: it is netted against the
 * next transfers (each capped by what the seller's transfer side is due in all), and when nothing of the seller's is
 * still in a return window, the transfer is reversed for it — refused by the provider when the seller's balance there
 * is short, in which case the debt stays on the seller's balance, shown, and is netted later. A transfer the provider
 * takes back, or a payout that fails on the connected account (Souq then takes the returned money back by reversal),
 * posts the money back to the seller's Souq balance, pauses transfers to that account and tells the seller.
 */
type TransferRow = typeof sellerTransfers.$inferSelect;
type AccountRow = typeof sellerAccounts.$inferSelect;
const DAY_MS = 86_400_000;

export type TransferNotice =
  | { kind: 'returned'; vendorId: number; amountCents: number; orderNumber: string; reason: string }
  | { kind: 'reversal_refused'; vendorId: number; amountCents: number; orderNumber: string }
  | { kind: 'payout_failed'; vendorId: number; amountCents: number; reason: string };

type DueRow = { order_id: number; order_number: string; purchase_id: number; purchase_number: string; attempt_id: number; payment_id: string; closed: boolean; net: string; in_flight: string; failed_recently: boolean };

export function createSellerTransfers(deps: {
  db: Db;
  provider: () => PaymentProvider;
  publicUrl: string;
  currency: string;
  log: (msg: string) => void;
  /** The payments runtime's clock (a test clock in tests). */
  now: () => Date;
  notify: (n: TransferNotice) => Promise<void>;
  audit: AuditLog;
}) {
  const { db } = deps;
  const provider = () => deps.provider();
  const earningsUrl = (step: 'return' | 'refresh') => `${deps.publicUrl}/vendor?${new URLSearchParams({ tab: 'earnings', provider_account: step })}`;

  const receives = (a: AccountRow) => a.transfersEnabled && a.payoutFailure === null;
  const accountDto = (a: AccountRow): SellerAccountDto => ({
    provider: a.provider, account_id: a.accountId, transfers_enabled: a.transfersEnabled, payouts_enabled: a.payoutsEnabled,
    details_submitted: a.detailsSubmitted, requirements_due: a.requirementsDue, payout_failure: a.payoutFailure, receives_transfers: receives(a),
    updated_at: a.updatedAt.toISOString(),
  });

  async function accountOf(vendorId: number, exec: Db | Tx = db): Promise<AccountRow | null> {
    const [row] = await exec.select().from(sellerAccounts).where(and(eq(sellerAccounts.vendorId, vendorId), eq(sellerAccounts.provider, provider().name)));
    return row ?? null;
  }

  /** Stores what the provider says of an account (read back), in the caller's transaction; null when it is no seller's. */
  async function applyAccountIn(tx: Tx, a: SellerAccount, opts: { clearFailure?: boolean } = {}): Promise<AccountRow | null> {
    const [row] = await tx.update(sellerAccounts).set({
      transfersEnabled: a.transfersEnabled, payoutsEnabled: a.payoutsEnabled, detailsSubmitted: a.detailsSubmitted, requirementsDue: a.requirementsDue,
      ...(opts.clearFailure && a.payoutsEnabled && a.transfersEnabled ? { payoutFailure: null } : {}), updatedAt: deps.now(),
    }).where(and(eq(sellerAccounts.provider, a.provider), eq(sellerAccounts.accountId, a.id))).returning();
    return row ?? null;
  }

  /** Every card sub-order of the seller paid through this provider, with what the ledger says it is due. */
  async function dueOf(exec: Db | Tx, vendorId: number, at: Date): Promise<DueRow[]> {
    return rowsOf<DueRow>(exec as Db, sql`
      select o.id as order_id, o.order_number, o.purchase_id, p.purchase_number, pa.id as attempt_id, pa.provider_payment_id as payment_id,
        (o.delivered_at is not null and o.delivered_at + make_interval(days => v.return_window_days) <= ${at.toISOString()}::timestamptz) as closed,
        coalesce((select -sum(e.amount_cents) from ledger_entries e where e.account = 'vendor_payable' and e.order_id = o.id and e.vendor_id = ${vendorId} and e.currency = ${deps.currency}), 0)::int8 as net,
        coalesce((select sum(t.amount_cents) from seller_transfers t where t.order_id = o.id and t.status = 'requested'), 0)::int8 as in_flight,
        exists (select 1 from seller_transfers t where t.order_id = o.id and t.status = 'failed' and t.updated_at > ${new Date(at.getTime() - DAY_MS).toISOString()}::timestamptz) as failed_recently
      from orders o
      join vendors v on v.id = ${vendorId}
      join purchases p on p.id = o.purchase_id
      join payment_attempts pa on pa.purchase_id = o.purchase_id and pa.cash_posted_at is not null and pa.provider = ${provider().name}
      where coalesce(o.seller_vendor_id, o.vendor_id) = ${vendorId}
      order by o.id`);
  }

  /**
   * What the seller is owed in all and may be paid now (by the runtime's clock), less the transfers on their way: its
   * whole balance — bank payouts and adjustments are rows of the seller's, not of a sub-order's — less what sub-orders
   * still in their return window or with a courier's cash hold (as a payout batch counts it). A sub-order paid by a bank
   * batch while transfers to the account paused still says it is due; this caps what is transferred for it.
   */
  async function payableOf(tx: Tx, vendorId: number, at: Date): Promise<number> {
    // the payout batches' own balance (one rule for what is held), judged at the runtime's clock, in one statement
    const [row] = await rowsOf<{ free: string }>(tx as unknown as Db, sql`
      select b.balance - b.held - coalesce((select sum(t.amount_cents) from seller_transfers t where t.vendor_id = ${vendorId} and t.status = 'requested'), 0)::int8 as free
      from (${balanceSql([vendorId], deps.currency, at)}) b`);
    return Number(row?.free ?? 0);
  }

  /** A reversal to ask for; one taking back a failed payout names it (its idempotency key is that payout's). */
  type Reversal = { row: TransferRow; amount: number; reason: 'refund' | 'payout_failed'; orderNumber: string; payoutId?: string };

  /**
   * Plans a seller's transfers and reversals under its row lock (so a payout batch or another run waits), storing each
   * transfer with its key before any provider call; the calls happen after the commit.
   */
  async function plan(vendorId: number, at: Date): Promise<{ send: TransferRow[]; reverse: Reversal[] }> {
    return db.transaction(async (tx) => {
      const [locked] = await lockVendors(tx, [vendorId]);
      const account = await accountOf(vendorId, tx);
      if (!locked || !account || !receives(account)) return { send: [], reverse: [] };
      const rows = await dueOf(tx, vendorId, at);
      const closed = rows.filter((r) => r.closed);
      const left = (r: DueRow) => Number(r.net) - Number(r.in_flight);
      // what the seller's transfer side is due in all: a sub-order refunded after its transfer counts against the others
      let due = closed.reduce((s, r) => s + left(r), 0);
      // and never more than the seller is owed in all (what a bank batch paid is not sent again)
      let sendable = due > 0 ? Math.min(due, await payableOf(tx, vendorId, at)) : 0;
      const send: TransferRow[] = [];
      for (const r of closed) {
        if (sendable <= 0) break;
        const amount = Math.min(left(r), sendable);
        if (amount <= 0 || r.failed_recently) continue;
        const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(sellerTransfers).where(eq(sellerTransfers.orderId, r.order_id))) as [{ n: number }];
        const [row] = await tx.insert(sellerTransfers).values({
          vendorId, orderId: r.order_id, purchaseId: r.purchase_id, provider: account.provider, destination: account.accountId,
          idempotencyKey: `souq-suborder-${r.order_id}-transfer-${n + 1}`, amountCents: amount, currency: deps.currency, status: 'requested',
        }).returning();
        send.push(row!);
        due -= amount;
        sendable -= amount;
      }
      const reverse: Reversal[] = [];
      // the paid transfers are read in a statement after dueOf's: safe only because every writer of a transfer's
      // reversed_cents (applyTransferIn) posts a vendor_payable row for this seller in its transaction, and that row's
      // foreign key takes the vendor row's KEY SHARE lock, which waits for this FOR UPDATE (decision 0193):
      // such a writer commits before this plan's lock is granted or after its commit, never between its reads
      // owed and nothing of the seller's still in its return window to net it against: taken back by reversal
      const coming = rows.some((r) => !r.closed && Number(r.net) > 0);
      if (due < 0 && !coming) {
        let owed = -due;
        for (const r of closed.filter((c) => Number(c.net) < 0)) {
          let short = Math.min(-Number(r.net), owed);
          const paid = await tx.select().from(sellerTransfers)
            .where(and(eq(sellerTransfers.orderId, r.order_id), sql`${sellerTransfers.status} in ('paid', 'partially_reversed')`)).orderBy(desc(sellerTransfers.id));
          for (const t of paid) {
            if (short <= 0) break;
            if (t.reversalRefusedAt && t.reversalRefusedAt.getTime() > at.getTime() - DAY_MS) continue;
            const amount = Math.min(short, t.amountCents - t.reversedCents);
            if (amount <= 0) continue;
            reverse.push({ row: t, amount, reason: 'refund', orderNumber: r.order_number });
            short -= amount;
            owed -= amount;
          }
        }
      }
      return { send, reverse };
    });
  }

  /** Records a transfer as the provider answered or reads it back, posting it once, and books its reversals. */
  async function applyTransferIn(tx: Tx, t: Transfer): Promise<{ outcome: string; notices: TransferNotice[] } | null> {
    let [row] = await tx.select().from(sellerTransfers).where(and(eq(sellerTransfers.provider, t.provider), eq(sellerTransfers.providerTransferId, t.id))).for('update');
    // an answer lost on the way: the provider's object names Souq's row in its metadata
    if (!row && /^\d+$/.test(t.metadata.souq_transfer ?? '')) {
      [row] = await tx.select().from(sellerTransfers).where(and(eq(sellerTransfers.id, Number(t.metadata.souq_transfer)), isNull(sellerTransfers.providerTransferId))).for('update');
    }
    if (!row) return null;
    const at = deps.now();
    const outcomes: string[] = [];
    const notices: TransferNotice[] = [];
    const [order] = await tx.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId));
    const base = { currency: row.currency, orderId: row.orderId, purchaseId: row.purchaseId, createdBy: null };
    let reversed = row.reversedCents;
    if (!row.postedAt && t.status !== 'failed') {
      await postToLedger(tx, { ...base, kind: 'seller-transfer', ref: row.id, lines: transferEntries(row.vendorId, row.amountCents), memo: t.id });
      outcomes.push('transferred');
    }
    let returned = false;
    for (const r of t.reversals) {
      const bySouq = Boolean(r.metadata.souq_reversal);
      const [stored] = await tx.insert(sellerTransferReversals).values({
        transferId: row.id, providerReversalId: r.id, amountCents: r.amount, by: bySouq ? 'souq' : 'provider',
        reason: bySouq ? r.metadata.souq_reversal! : 'reversed by the payment provider',
      }).onConflictDoNothing().returning();
      if (!stored) continue;
      await postToLedger(tx, { ...base, kind: 'seller-transfer-reversal', ref: stored.id, lines: transferReversalEntries(row.vendorId, r.amount), memo: r.id });
      reversed += r.amount;
      outcomes.push(`${r.amount} reversed by ${stored.by}`);
      if (!bySouq) {
        returned = true;
        notices.push({ kind: 'returned', vendorId: row.vendorId, amountCents: r.amount, orderNumber: order?.number ?? String(row.orderId), reason: MSG.transferReturnedReason });
      }
    }
    const status = t.status === 'failed' && !row.postedAt ? 'failed' : reversed === 0 ? 'paid' : reversed >= row.amountCents ? 'reversed' : 'partially_reversed';
    await tx.update(sellerTransfers).set({
      providerTransferId: t.id, fundsSource: t.fundsSource ?? row.fundsSource, status, reversedCents: reversed, postedAt: row.postedAt ?? (t.status !== 'failed' ? at : null),
      ...(returned ? { failure: MSG.transferReturnedReason } : {}), ...(outcomes.some((o) => o.includes('by souq')) ? { reversalRefusedAt: null } : {}), updatedAt: at,
    }).where(eq(sellerTransfers.id, row.id));
    // money the provider took back: transfers to that account pause until the seller updates it (or it loops)
    if (returned) await tx.update(sellerAccounts).set({ payoutFailure: MSG.transferReturnedReason, updatedAt: at }).where(and(eq(sellerAccounts.provider, t.provider), eq(sellerAccounts.accountId, row.destination)));
    return { outcome: outcomes.join(', ') || `no change (${status})`, notices };
  }

  async function notifyAll(notices: readonly TransferNotice[]) {
    for (const n of notices) await deps.notify(n);
  }

  /** Sends a stored transfer (again, under its own key) from the charge that paid its sub-order, and records the answer. */
  async function send(row: TransferRow): Promise<void> {
    const [ctx] = await db.select({ paymentId: paymentAttempts.providerPaymentId, group: purchases.purchaseNumber, orderNumber: orders.orderNumber })
      .from(orders).innerJoin(purchases, eq(purchases.id, orders.purchaseId))
      .innerJoin(paymentAttempts, eq(paymentAttempts.purchaseId, orders.purchaseId)).where(eq(orders.id, row.orderId)).orderBy(asc(paymentAttempts.id)).limit(1);
    if (!ctx) return;
    let transfer: Transfer;
    try {
      const p = provider();
      const fundsSource = p.capabilities.transfersFromPayment ? (await p.getPayment(ctx.paymentId)).fundsSource ?? undefined : undefined;
      transfer = await p.transfer({
        destination: row.destination, amount: row.amountCents, currency: row.currency, ...(fundsSource ? { fundsSource } : {}), group: ctx.group,
        metadata: { souq_transfer: String(row.id), souq_sub_order: ctx.orderNumber }, idempotencyKey: row.idempotencyKey,
      });
    } catch (err) {
      // refused: nothing left the marketplace, the money stays on the seller's balance (tried again after a day);
      // anything else (no answer): sent again under the same key by the next run
      if (err instanceof ProviderError && err.status < 500) {
        await db.update(sellerTransfers).set({ status: 'failed', failure: err.message, updatedAt: deps.now() }).where(and(eq(sellerTransfers.id, row.id), eq(sellerTransfers.status, 'requested')));
        deps.log(`payments: transfer ${row.id} to vendor ${row.vendorId} refused by the provider: ${err.message}`);
      } else deps.log(`payments: transfer ${row.id} to vendor ${row.vendorId} not answered, sent again later: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    // the answer to this row's own call: it names the row even where the provider keeps no metadata (Checkout.com's transfers)
    const result = await db.transaction((tx) => applyTransferIn(tx, { ...transfer, metadata: { ...transfer.metadata, souq_transfer: String(row.id) } }));
    await notifyAll(result?.notices ?? []);
  }

  /** Asks the provider to take back part of a transfer, then books what it reads back; a refusal keeps the debt, shown. */
  async function reverse(r: Reversal): Promise<boolean> {
    const p = provider();
    let back: TransferReversal;
    try {
      back = await p.reverseTransfer({
        transferId: r.row.providerTransferId!, amount: r.amount, metadata: { souq_reversal: r.reason },
        // a payout's take-back keys on the payout: two payouts failing at once that both reach this transfer are two
        // requests (the provider refuses what the transfer no longer holds), never one answer counted twice
        idempotencyKey: r.payoutId ? `souq-transfer-${r.row.id}-payout-${r.payoutId}-${r.amount}` : `souq-transfer-${r.row.id}-reversal-${r.row.reversedCents}-${r.amount}`,
      });
    } catch (err) {
      if (!(err instanceof ProviderError) || err.status >= 500) throw err;
      const first = !r.row.reversalRefusedAt;
      await db.update(sellerTransfers).set({ reversalRefusedAt: deps.now(), failure: err.message, updatedAt: deps.now() }).where(eq(sellerTransfers.id, r.row.id));
      deps.log(`payments: reversal of transfer ${r.row.providerTransferId} for ${r.amount} refused: ${err.message}`);
      if (first && r.reason === 'refund') await deps.notify({ kind: 'reversal_refused', vendorId: r.row.vendorId, amountCents: r.amount, orderNumber: r.orderNumber });
      return false;
    }
    const transfer = await p.getTransfer(r.row.providerTransferId!);
    // Checkout.com lists no reversals on a transfer (the money came back by a transfer of its own, decision 0179): the
    // answer is the record, under its own id, so a repeat (the same key answers the same transfer) books it once
    if (!transfer.reversals.some((x) => x.id === back.id)) transfer.reversals.push({ id: back.id, amount: back.amount, metadata: { souq_reversal: r.reason } });
    const result = await db.transaction((tx) => applyTransferIn(tx, transfer));
    await notifyAll(result?.notices ?? []);
    return true;
  }

  /** One seller: stored transfers never answered sent again, then what is due now planned and sent. */
  async function runVendor(vendorId: number, at: Date): Promise<{ sent: number; reversed: number }> {
    const stale = await db.select().from(sellerTransfers).where(and(eq(sellerTransfers.vendorId, vendorId), eq(sellerTransfers.status, 'requested'))).orderBy(asc(sellerTransfers.id));
    for (const row of stale) await send(row);
    const { send: rows, reverse: reversals } = await plan(vendorId, at);
    for (const row of rows) await send(row);
    let reversed = 0;
    for (const r of reversals) if (await reverse(r)) reversed += r.amount;
    return { sent: rows.length, reversed };
  }

  /**
   * A payout failed on a seller's connected account (read back), claimed once in the event's transaction: transfers to
   * the account pause (the marker names the payout, so its other events change nothing).
   */
  async function claimPayoutFailureIn(tx: Tx, account: AccountRow, payout: SellerPayout): Promise<boolean> {
    const [a] = await tx.select().from(sellerAccounts).where(eq(sellerAccounts.id, account.id)).for('update');
    if (!a || a.payoutFailure?.startsWith(`${payout.id}:`)) return false;
    await tx.update(sellerAccounts).set({ payoutFailure: `${payout.id}: ${payout.failureMessage ?? 'failed'}`, updatedAt: deps.now() }).where(eq(sellerAccounts.id, a.id));
    return true;
  }

  /**
   * After the claim committed: the money is on the connected account again, so Souq takes it back by reversing the
   * seller's latest transfers up to the payout's amount — it returns to the seller's Souq balance (paid by bank
   * payouts, or by transfer once the seller updates its account) — and tells the seller.
   */
  function takeBackPayout(account: AccountRow, payout: SellerPayout): Promise<number> {
    // one take-back at a time per connected account (in this process): each reads the transfers after the one before
    // booked its reversals, so two payouts failing at once take back different transfers (decision 0197)
    const run = (takingBack.get(account.id) ?? Promise.resolve()).then(() => takeBackNow(account, payout));
    const tail = run.catch(() => undefined);
    takingBack.set(account.id, tail);
    void tail.then(() => { if (takingBack.get(account.id) === tail) takingBack.delete(account.id); });
    return run;
  }
  const takingBack = new Map<number, Promise<unknown>>();

  async function takeBackNow(account: AccountRow, payout: SellerPayout): Promise<number> {
    let left = payout.amount;
    const paid = await db.select({ t: sellerTransfers, number: orders.orderNumber }).from(sellerTransfers).innerJoin(orders, eq(orders.id, sellerTransfers.orderId))
      .where(and(eq(sellerTransfers.provider, account.provider), eq(sellerTransfers.destination, account.accountId), sql`${sellerTransfers.status} in ('paid', 'partially_reversed')`))
      .orderBy(desc(sellerTransfers.id));
    for (const { t, number } of paid) {
      if (left <= 0) break;
      const amount = Math.min(left, t.amountCents - t.reversedCents);
      if (amount > 0 && await reverse({ row: t, amount, reason: 'payout_failed', orderNumber: number, payoutId: payout.id })) left -= amount;
    }
    await deps.notify({ kind: 'payout_failed', vendorId: account.vendorId, amountCents: payout.amount - left, reason: payout.failureMessage ?? '' });
    return payout.amount - left;
  }

  const toDto = (t: TransferRow, vendorName: string, orderNumber: string): SellerTransfer => ({
    id: t.id, vendor_id: t.vendorId, vendor_name: vendorName, order_id: t.orderId, order_number: orderNumber, amount_cents: t.amountCents,
    reversed_cents: t.reversedCents, currency: t.currency, status: t.status, provider_transfer_id: t.providerTransferId, failure: t.failure,
    reversal_refused: t.reversalRefusedAt !== null, created_at: t.createdAt.toISOString(),
  });

  async function list(filter: { vendorId?: number; status?: TransferRow['status'] }, page: { limit: number; offset: number }): Promise<{ items: SellerTransfer[]; total: number }> {
    const where = and(filter.vendorId !== undefined ? eq(sellerTransfers.vendorId, filter.vendorId) : undefined, filter.status ? eq(sellerTransfers.status, filter.status) : undefined);
    const [rows, [count]] = await Promise.all([
      db.select({ t: sellerTransfers, name: vendors.companyName, number: orders.orderNumber }).from(sellerTransfers)
        .innerJoin(vendors, eq(vendors.id, sellerTransfers.vendorId)).innerJoin(orders, eq(orders.id, sellerTransfers.orderId))
        .where(where).orderBy(desc(sellerTransfers.id)).limit(page.limit).offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(sellerTransfers).where(where),
    ]);
    return { items: rows.map((r) => toDto(r.t, r.name, r.number)), total: Number(count?.n ?? 0) };
  }

  return {
    applyAccountIn,
    applyTransferIn,
    notifyAll,
    runVendor,

    /** The seller's connected account, the provider fees behind its transfers, and what it owes on refunds after payment. */
    async state(vendorId: number): Promise<SellerAccountState> {
      const account = await accountOf(vendorId);
      const [fig] = await rowsOf<{ fees: string; owed: string }>(db, sql`
        select coalesce((select sum(round(pa.fee_cents::numeric * o.total_cents / nullif(pa.captured_cents, 0)))
                 from (select distinct order_id from seller_transfers where vendor_id = ${vendorId} and posted_at is not null) t
                 join orders o on o.id = t.order_id
                 join payment_attempts pa on pa.purchase_id = o.purchase_id and pa.fee_cents is not null), 0)::int8 as fees,
               coalesce((select sum(greatest(n, 0)) from (select sum(e.amount_cents) as n from ledger_entries e
                 where e.account = 'vendor_payable' and e.vendor_id = ${vendorId}
                   and e.order_id in (select order_id from seller_transfers where vendor_id = ${vendorId} and posted_at is not null)
                 group by e.order_id) d), 0)::int8 as owed`);
      return {
        can_connect: provider().capabilities.onboardingLinks, account: account ? accountDto(account) : null,
        provider_fees_cents: Number(fig?.fees ?? 0), owed_cents: Number(fig?.owed ?? 0),
      };
    },

    /**
     * The provider's onboarding page for the seller: its account created at the provider once (one idempotency key
     * per seller), stored, and a fresh link that brings the seller back to its Earnings.
     */
    async onboarding(vendorId: number, actor: Actor): Promise<{ url: string; expires_at: string }> {
      const p = provider();
      if (!p.capabilities.onboardingLinks) throw conflict(MSG.sellerAccountNotSupported);
      const before = await accountOf(vendorId);
      let account = before;
      if (!account) {
        const [v] = await db.select({ email: vendors.email, name: vendors.companyName }).from(vendors).where(eq(vendors.id, vendorId));
        if (!v) throw notFound(MSG.vendorNotFound);
        const created = await p.createSellerAccount({ email: v.email, businessName: v.name, country: 'AE', metadata: { souq_vendor: String(vendorId) }, idempotencyKey: `souq-vendor-${vendorId}-account` });
        await db.insert(sellerAccounts).values({
          vendorId, provider: p.name, accountId: created.id, transfersEnabled: created.transfersEnabled, payoutsEnabled: created.payoutsEnabled,
          detailsSubmitted: created.detailsSubmitted, requirementsDue: created.requirementsDue, updatedAt: deps.now(),
        }).onConflictDoNothing();
        account = (await accountOf(vendorId))!;
      }
      const link = await p.onboardingLink({ accountId: account.accountId, returnUrl: earningsUrl('return'), refreshUrl: earningsUrl('refresh') });
      // the trail: who sent the seller to the provider's page, for which account (created now, or already there)
      await deps.audit.record(db, {
        actor, action: 'payout_account.onboarding', target: { type: 'vendor', id: vendorId },
        changes: { account_id: { before: before?.accountId ?? null, after: account.accountId }, provider: { before: before?.provider ?? null, after: p.name } },
      });
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },

    /** The seller came back from the provider's page: its account read back and stored (a paused account resumes when enabled again). */
    async refresh(vendorId: number, actor: Actor): Promise<SellerAccountState> {
      const account = await accountOf(vendorId);
      if (!account) throw notFound(MSG.sellerAccountMissing);
      const read = await provider().getSellerAccount(account.accountId);
      await db.transaction(async (tx) => {
        const after = await applyAccountIn(tx, read, { clearFailure: true });
        const fields = (a: AccountRow | null) => ({ transfers_enabled: a?.transfersEnabled ?? null, payouts_enabled: a?.payoutsEnabled ?? null, payout_failure: a?.payoutFailure ?? null });
        const [b, a] = [fields(account), fields(after)];
        await deps.audit.record(tx, {
          actor, action: 'payout_account.refresh', target: { type: 'vendor', id: vendorId },
          changes: { account_id: { before: account.accountId, after: account.accountId }, ...Object.fromEntries(Object.keys(b).map((k) => [k, { before: b[k as keyof typeof b], after: a[k as keyof typeof a] }])) },
        });
      });
      return this.state(vendorId);
    },

    /** A connected account's payout, read back (before the event's transaction); null when the account is not a seller's of Souq's. */
    async readPayout(accountId: string, payoutId: string): Promise<{ account: AccountRow; payout: SellerPayout } | null> {
      const p = provider();
      const [account] = await db.select().from(sellerAccounts).where(and(eq(sellerAccounts.provider, p.name), eq(sellerAccounts.accountId, accountId)));
      if (!account || !p.getSellerPayout) return null;
      return { account, payout: await p.getSellerPayout(accountId, payoutId) };
    },
    claimPayoutFailureIn,
    takeBackPayout,
    /** Whether an account is a seller's of Souq's (an unknown one is not read back). */
    async knowsAccount(accountId: string): Promise<boolean> {
      const [row] = await db.select({ id: sellerAccounts.id }).from(sellerAccounts).where(and(eq(sellerAccounts.provider, provider().name), eq(sellerAccounts.accountId, accountId)));
      return Boolean(row);
    },

    /**
     * The job (on the payments runtime's clock): every seller with a connected account that receives transfers gets
     * what its closed card sub-orders are due, or gives back by reversal what it owes when nothing is coming.
     */
    async run(at: Date = deps.now()): Promise<{ sent: number; reversed: number }> {
      const sellers = await db.select({ vendorId: sellerAccounts.vendorId }).from(sellerAccounts)
        .where(and(eq(sellerAccounts.provider, provider().name), eq(sellerAccounts.transfersEnabled, true), isNull(sellerAccounts.payoutFailure))).orderBy(asc(sellerAccounts.vendorId));
      const total = { sent: 0, reversed: 0 };
      for (const s of sellers) {
        try {
          const r = await runVendor(s.vendorId, at);
          total.sent += r.sent;
          total.reversed += r.reversed;
        } catch (err) {
          deps.log(`payments: transfers of vendor ${s.vendorId} stopped for this run: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return total;
    },

    list,
  };
}
export type SellerTransfers = ReturnType<typeof createSellerTransfers>;
