import { and, eq } from 'drizzle-orm';
import { paymentAttempts, paymentDisputes } from '../../db/schema/payments.js';
import type { Tx } from '../../platform/db.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import type { Entry } from '../ledger/ledger.postings.js';
import type { Dispute } from './payments.provider.js';

// Card disputes (issue 36 items 4 and 9, decision 0145). A shopper's bank disputes a captured payment; the provider
// takes the money (and a fee) out of the marketplace's balance at once, gives the money back if the marketplace wins,
// and keeps it if it loses. Souq books exactly what the provider's read-back says, whatever order its events come in:
// each read-back posts the difference between the dispute as it is now and what is already booked, so a duplicate,
// late or reordered event posts nothing more, and provider clearing keeps equal to the provider's balance.

export type DisputeBooked = { withdrawnCents: number; feeCents: number; lostCents: number };

/**
 * The rows that take the booked state to the provider's: money in or out of `provider_disputes` against clearing,
 * the fee as a provider expense, and — once lost — what the dispute holds moved to `dispute_losses` (the marketplace
 * bears a lost dispute; recovering it from a seller is a policy decision of its own). Zero rows are left out.
 */
export function disputeEntries(booked: DisputeBooked, now: { withdrawn: number; fee: number; lost: boolean }): { lines: Entry[]; next: DisputeBooked } {
  const lines: Entry[] = [];
  const moved = now.withdrawn - booked.withdrawnCents;
  if (moved !== 0) {
    const kind = moved > 0 ? 'dispute_withdrawn' : 'dispute_reinstated';
    lines.push({ account: 'provider_disputes', vendorId: null, kind, amountCents: moved }, { account: 'provider_clearing', vendorId: null, kind, amountCents: -moved });
  }
  const fee = now.fee - booked.feeCents;
  if (fee !== 0) lines.push({ account: 'provider_fees', vendorId: null, kind: 'dispute_fee', amountCents: fee }, { account: 'provider_clearing', vendorId: null, kind: 'dispute_fee', amountCents: -fee });
  // what is lost for good is what the dispute holds once it is decided against the marketplace
  const lost = (now.lost ? now.withdrawn : 0) - booked.lostCents;
  if (lost !== 0) lines.push({ account: 'dispute_losses', vendorId: null, kind: 'dispute_lost', amountCents: lost }, { account: 'provider_disputes', vendorId: null, kind: 'dispute_lost', amountCents: -lost });
  return { lines, next: { withdrawnCents: now.withdrawn, feeCents: now.fee, lostCents: now.lost ? now.withdrawn : 0 } };
}

/**
 * Applies a dispute as read back from the provider, in the caller's transaction (the webhook's, with its event row),
 * under the dispute's row lock. Returns what it did, or null when the disputed payment is not one of Souq's.
 */
export async function applyDisputeIn(tx: Tx, d: Dispute, at: Date): Promise<string | null> {
  if (!d.paymentId) return null;
  const [attempt] = await tx.select().from(paymentAttempts).where(and(eq(paymentAttempts.provider, d.provider), eq(paymentAttempts.providerPaymentId, d.paymentId)));
  if (!attempt) return null;
  await tx.insert(paymentDisputes).values({
    attemptId: attempt.id, provider: d.provider, providerDisputeId: d.id, status: d.status, reason: d.reason, amountCents: d.amount,
  }).onConflictDoNothing();
  const [row] = await tx.select().from(paymentDisputes)
    .where(and(eq(paymentDisputes.provider, d.provider), eq(paymentDisputes.providerDisputeId, d.id))).for('update');
  const { lines, next } = disputeEntries(row!, { withdrawn: d.withdrawn, fee: d.fee, lost: d.status === 'lost' });
  if (lines.length) {
    await postToLedger(tx, {
      kind: 'dispute', ref: `${row!.id}:${row!.updatedAt.getTime()}:${next.withdrawnCents}:${next.feeCents}:${next.lostCents}`, lines, currency: attempt.currency,
      purchaseId: attempt.purchaseId, createdBy: null, memo: `${d.id} (${d.status}, ${d.reason})`,
    });
  }
  await tx.update(paymentDisputes).set({ ...next, status: d.status, updatedAt: at }).where(eq(paymentDisputes.id, row!.id));
  return lines.length ? `dispute ${d.status}` : `dispute ${d.status}: nothing new`;
}
