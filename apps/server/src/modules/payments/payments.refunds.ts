import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { paymentAttempts, paymentRefunds } from '../../db/schema/payments.js';
import type { Db, Tx } from '../../platform/db.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import { cardRefundEntries } from './payments.postings.js';
import { ProviderError, type PaymentProvider, type Refund } from './payments.provider.js';

// Refunds that reach the card (issue 36 item 4, decision 0137). The ledger already says what a card purchase's shopper
// is owed — a cancellation reverses the sale, a return refunded to the original payment credits the receivable — so
// the rule is one: what the shopper of a captured card purchase is owed, and no refund is already on its way for, is
// refunded through the provider. Requested under a stored idempotency key before the provider is called (a retry is
// the same refund), posted once when the provider says it succeeded (provider clearing → the shopper's receivable),
// taken back if it later fails — the money is owed again, and an alert says so; a failed refund is not retried on its
// own (the same card would refuse it again): staff decide.
type RefundRow = typeof paymentRefunds.$inferSelect;

export function createCardRefunds(deps: { db: Db; provider: () => PaymentProvider; log: (msg: string) => void; now: () => Date }) {
  const { db } = deps;

  /**
   * What the purchase's shopper is owed per the ledger, less the refunds requested and not yet posted: ONE statement,
   * so one snapshot. Read as two, a refund posted between them (its posting and its `posted_at` commit together, under
   * no lock this caller holds) was counted in neither, and the same money was refunded twice: found by the transfers
   * property test on PostgreSQL under load.
   */
  async function toRefund(tx: Tx, attempt: typeof paymentAttempts.$inferSelect): Promise<number> {
    const owed = sql`(select coalesce(-sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries}
      where ${ledgerEntries.purchaseId} = ${attempt.purchaseId} and ${ledgerEntries.account} = 'shopper_receivable')`;
    const inFlight = sql`(select coalesce(sum(${paymentRefunds.amountCents}), 0) from ${paymentRefunds}
      where ${paymentRefunds.attemptId} = ${attempt.id} and ${paymentRefunds.postedAt} is null and ${paymentRefunds.status} in ('requested', 'pending', 'succeeded'))`;
    const [row] = await tx.select({ c: sql<string>`${owed} - ${inFlight}` }).from(sql`(select 1) as one`);
    return Number(row?.c ?? 0);
  }

  /** Applies a refund as read back from the provider, in the caller's transaction; null when it is not Souq's. */
  async function applyIn(tx: Tx, refund: Refund): Promise<string | null> {
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, refund.id)).for('update');
    if (!row) return null;
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, row.attemptId));
    const at = deps.now();
    const base = { kind: 'payment-refund' as const, currency: attempt!.currency, purchaseId: attempt!.purchaseId, createdBy: null, memo: refund.id };
    if (refund.status === 'succeeded' && !row.postedAt) {
      await postToLedger(tx, { ...base, ref: `${row.id}:succeeded`, lines: cardRefundEntries(row.amountCents) });
      await tx.update(paymentRefunds).set({ status: 'succeeded', postedAt: at, updatedAt: at }).where(eq(paymentRefunds.id, row.id));
      return 'refunded to the card';
    }
    if ((refund.status === 'failed' || refund.status === 'canceled') && row.status !== refund.status) {
      // a refund that succeeded and then failed gives the money back to the provider clearing: owed to the shopper again
      if (row.postedAt) await postToLedger(tx, { ...base, ref: `${row.id}:failed`, lines: cardRefundEntries(row.amountCents).map((l) => ({ ...l, amountCents: -l.amountCents })) });
      await tx.update(paymentRefunds).set({ status: refund.status, failureReason: refund.failureReason, updatedAt: at }).where(eq(paymentRefunds.id, row.id));
      deps.log(`payments: refund ${refund.id} of purchase ${attempt!.purchaseId} ${refund.status} (${refund.failureReason ?? 'no reason given'}): the shopper is still owed ${row.amountCents} — staff must refund another way`);
      return `refund ${refund.status}`;
    }
    if (row.status === 'requested' && refund.status === 'pending') await tx.update(paymentRefunds).set({ status: 'pending', updatedAt: at }).where(eq(paymentRefunds.id, row.id));
    return `no change (${refund.status})`;
  }

  async function apply(refund: Refund): Promise<void> {
    await db.transaction((tx) => applyIn(tx, refund));
  }

  /** Sends a requested refund to the provider (again, under its own key) and applies the answer. */
  async function send(row: RefundRow, paymentId: string): Promise<void> {
    let refund: Refund;
    try {
      refund = await deps.provider().refund({ paymentId, amount: row.amountCents, reason: 'requested_by_customer', metadata: { souq_refund: String(row.id) }, idempotencyKey: row.idempotencyKey });
    } catch (err) {
      // refused outright (a 4xx other than a key still in use or too many requests: the charge already refunded or
      // charged back): sent again every minute it would be refused again, its money counted as on its way for ever. It
      // fails like a refund the card refused: owed to the shopper again, and staff decide
      if (err instanceof ProviderError && err.status >= 400 && err.status < 500 && err.status !== 409 && err.status !== 429) {
        await db.update(paymentRefunds).set({ status: 'failed', failureReason: err.code, updatedAt: deps.now() })
          .where(and(eq(paymentRefunds.id, row.id), isNull(paymentRefunds.providerRefundId)));
        deps.log(`payments: refund ${row.id} of ${row.amountCents} refused by the provider (${err.code}: ${err.message}): the shopper is still owed it — staff must refund another way`);
      }
      throw err;
    }
    await db.update(paymentRefunds).set({ providerRefundId: refund.id, status: refund.status === 'pending' ? 'pending' : row.status, updatedAt: deps.now() })
      .where(and(eq(paymentRefunds.id, row.id), isNull(paymentRefunds.providerRefundId)));
    await apply(refund);
  }

  return {
    applyIn,

    /**
     * Refunds to the card what the purchase's shopper is owed and nothing covers yet (after a cancellation or a
     * refunded return; and from the sweep). Does nothing for a purchase not paid by card through the provider, or
     * while an earlier refund of it has failed (staff decide).
     */
    async settleOwed(purchaseId: number): Promise<number> {
      const requested = await db.transaction(async (tx) => {
        const [attempt] = await tx.select().from(paymentAttempts)
          .where(and(eq(paymentAttempts.purchaseId, purchaseId), isNotNull(paymentAttempts.cashPostedAt))).for('update');
        if (!attempt) return null;
        const [failed] = await tx.select({ id: paymentRefunds.id }).from(paymentRefunds)
          .where(and(eq(paymentRefunds.attemptId, attempt.id), inArray(paymentRefunds.status, ['failed', 'canceled']))).limit(1);
        if (failed) return null;
        const amount = Math.min(await toRefund(tx, attempt), attempt.capturedCents);
        if (amount <= 0) return null;
        const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(paymentRefunds).where(eq(paymentRefunds.attemptId, attempt.id))) as [{ n: number }];
        const [row] = await tx.insert(paymentRefunds).values({
          attemptId: attempt.id, idempotencyKey: `souq-payment-${attempt.id}-refund-${n + 1}`, amountCents: amount, status: 'requested',
        }).returning();
        return { row: row!, paymentId: attempt.providerPaymentId };
      });
      if (!requested) return 0;
      await send(requested.row, requested.paymentId);
      return requested.row.amountCents;
    },

    /** Refunds requested but never answered (the provider was down): sent again under the same key. */
    async resend(): Promise<number> {
      const rows = await db.select({ r: paymentRefunds, paymentId: paymentAttempts.providerPaymentId }).from(paymentRefunds)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
        .where(and(isNull(paymentRefunds.providerRefundId), eq(paymentRefunds.status, 'requested'))).orderBy(asc(paymentRefunds.id)).limit(100);
      let sent = 0;
      for (const { r, paymentId } of rows) {
        // one refund the provider cannot take now does not hold back the others
        try {
          await send(r, paymentId);
          sent += 1;
        } catch (err) {
          deps.log(`payments: refund ${r.id} not sent again: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return sent;
    },
  };
}
export type CardRefunds = ReturnType<typeof createCardRefunds>;
