import type { Entry } from './ledger.postings.js';
import type { PostingLine } from './ledger.post.js';

// Store credit and bank-transfer refunds (decision 0141), as pure functions, so the services and the property tests
// post the same rows. Debits positive, credits negative; each list sums to zero. The shopper's accounts
// (shopper_store_credit, shopper_refunds_payable) are liabilities: a balance is minus the sum of the shopper's rows.

/**
 * Splits `creditCents` over the sub-orders' totals in their order (the first sub-order first), so each sub-order knows
 * the part of it paid with credit (what its cancellation gives back). Never more than a total; the parts add up to
 * min(credit, Σ totals).
 */
export function splitCredit(creditCents: number, totals: readonly number[]): number[] {
  let left = Math.max(0, creditCents);
  return totals.map((t) => {
    const part = Math.min(left, Math.max(0, t));
    left -= part;
    return part;
  });
}

/** Store credit spent on a sub-order: the shopper's credit goes down, what they owe for it too. */
export const creditSpentEntries = (shopperId: number, amountCents: number): PostingLine[] => [
  { account: 'shopper_store_credit', vendorId: null, shopperId, kind: 'credit_spent', amountCents },
  { account: 'shopper_receivable', vendorId: null, shopperId: null, kind: 'credit_spent', amountCents: -amountCents },
];

/**
 * A cancelled sub-order's money given back (after its sale's reversal has credited the receivable): what the shopper
 * paid is moved from their receivable to their store credit or, by bank transfer, to what the marketplace owes them.
 */
export function moneyBackEntries(shopperId: number, parts: { creditCents: number; cashCents: number }, cashTo: 'store_credit' | 'bank_transfer'): PostingLine[] {
  const rows: PostingLine[] = [
    { account: 'shopper_receivable', vendorId: null, shopperId: null, kind: 'credit_returned', amountCents: parts.creditCents + parts.cashCents },
    { account: 'shopper_store_credit', vendorId: null, shopperId, kind: 'credit_returned', amountCents: -(parts.creditCents + (cashTo === 'store_credit' ? parts.cashCents : 0)) },
  ];
  if (cashTo === 'bank_transfer') rows.push({ account: 'shopper_refunds_payable', vendorId: null, shopperId, kind: 'refund', amountCents: -parts.cashCents });
  return rows.filter((r) => r.amountCents !== 0);
}

/** Cash collected by the courier of a cash-on-delivery sub-order: in the marketplace's bank, no longer owed by the shopper. */
export const cashCollectedEntries = (amountCents: number): Entry[] => [
  { account: 'bank', vendorId: null, kind: 'cash_collected', amountCents },
  { account: 'shopper_receivable', vendorId: null, kind: 'cash_collected', amountCents: -amountCents },
];

/** A bank-transfer refund sent in a batch: from what is owed to the shopper to the clearing, waiting for the bank. */
export const refundSentEntries = (shopperId: number, amountCents: number): PostingLine[] => [
  { account: 'shopper_refunds_payable', vendorId: null, shopperId, kind: 'refund_sent', amountCents },
  { account: 'refunds_clearing', vendorId: null, shopperId: null, kind: 'refund_sent', amountCents: -amountCents },
];

/** The bank paid it: clearing → the marketplace's bank account. */
export const refundPaidEntries = (amountCents: number): PostingLine[] => [
  { account: 'refunds_clearing', vendorId: null, shopperId: null, kind: 'refund_paid', amountCents },
  { account: 'bank', vendorId: null, shopperId: null, kind: 'refund_paid', amountCents: -amountCents },
];

/** The transfer failed: clearing → owed to the shopper again. */
export const refundFailedEntries = (shopperId: number, amountCents: number): PostingLine[] => [
  { account: 'refunds_clearing', vendorId: null, shopperId: null, kind: 'refund_reversal', amountCents },
  { account: 'shopper_refunds_payable', vendorId: null, shopperId, kind: 'refund_reversal', amountCents: -amountCents },
];
