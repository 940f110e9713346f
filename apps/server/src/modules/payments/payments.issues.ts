import { desc, eq } from 'drizzle-orm';
import type { CardIssues } from '@souq/shared/api/payments';
import { purchases } from '../../db/schema/orders.js';
import { paymentAttempts, paymentDisputes, paymentRefunds } from '../../db/schema/payments.js';
import type { Db } from '../../platform/db.js';

/** How many of each the admin sees (newest first). */
const LIMIT = 200;

/**
 * What needs staff on card money (decision 0145): the disputes the provider reported (open ones first, then the most
 * recently changed) and the refunds to a card that failed — until now only the log said so.
 */
export async function cardIssues(db: Db): Promise<CardIssues> {
  const [disputes, failed] = await Promise.all([
    db.select({ d: paymentDisputes, number: purchases.purchaseNumber, currency: paymentAttempts.currency })
      .from(paymentDisputes)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentDisputes.attemptId))
      .innerJoin(purchases, eq(purchases.id, paymentAttempts.purchaseId))
      .orderBy(desc(paymentDisputes.updatedAt)).limit(LIMIT),
    db.select({ r: paymentRefunds, number: purchases.purchaseNumber, currency: paymentAttempts.currency })
      .from(paymentRefunds)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentRefunds.attemptId))
      .innerJoin(purchases, eq(purchases.id, paymentAttempts.purchaseId))
      .where(eq(paymentRefunds.status, 'failed'))
      .orderBy(desc(paymentRefunds.updatedAt)).limit(LIMIT),
  ]);
  const open = (s: string) => (s === 'won' || s === 'lost' ? 1 : 0);
  return {
    disputes: disputes
      .sort((a, b) => open(a.d.status) - open(b.d.status))
      .map(({ d, number, currency }) => ({
        id: d.id, purchase_number: number, provider_dispute_id: d.providerDisputeId, status: d.status, reason: d.reason,
        amount_cents: d.amountCents, withdrawn_cents: d.withdrawnCents, fee_cents: d.feeCents, lost_cents: d.lostCents, currency,
        updated_at: d.updatedAt.toISOString(),
      })),
    failed_refunds: failed.map(({ r, number, currency }) => ({
      id: r.id, purchase_number: number, amount_cents: r.amountCents, currency, failure_reason: r.failureReason, updated_at: r.updatedAt.toISOString(),
    })),
  };
}
