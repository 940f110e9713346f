import type { Entry } from '../ledger/ledger.postings.js';

// What payouts and adjustments post (decision 0095), as pure functions like the sale's (ledger.postings.ts), so the
// service and the property tests post the same rows. Debits positive, credits negative; each list sums to zero.

/** A payout leaves the vendor's balance for the clearing account, where it waits for the bank's answer. */
export const payoutEntries = (vendorId: number, amountCents: number): Entry[] => [
  { account: 'vendor_payable', vendorId, kind: 'payout', amountCents },
  { account: 'payouts_clearing', vendorId: null, kind: 'payout', amountCents: -amountCents },
];

/** The bank sent it: clearing → the marketplace's bank account. */
export const payoutPaidEntries = (amountCents: number): Entry[] => [
  { account: 'payouts_clearing', vendorId: null, kind: 'payout_paid', amountCents },
  { account: 'bank', vendorId: null, kind: 'payout_paid', amountCents: -amountCents },
];

/** The transfer failed: clearing → back to the vendor's balance, available again. */
export const payoutFailedEntries = (vendorId: number, amountCents: number): Entry[] => [
  { account: 'payouts_clearing', vendorId: null, kind: 'payout_reversal', amountCents },
  { account: 'vendor_payable', vendorId, kind: 'payout_reversal', amountCents: -amountCents },
];

/**
 * A manual adjustment against the marketplace: a credit (amount > 0) raises what the vendor is owed at the
 * marketplace's cost, a debit (amount < 0) lowers it in the marketplace's favour.
 */
export const adjustmentEntries = (vendorId: number, amountCents: number): Entry[] => [
  { account: 'marketplace_adjustments', vendorId: null, kind: 'adjustment', amountCents },
  { account: 'vendor_payable', vendorId, kind: 'adjustment', amountCents: -amountCents },
];
