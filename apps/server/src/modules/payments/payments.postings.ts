import type { Entry } from '../ledger/ledger.postings.js';

// What a card payment posts on the ledger's cash side (decision 0137), as pure functions, so the service and the
// property tests post the same rows.

/**
 * The provider captured a card payment: the money is no longer owed by the shopper but held by the provider for the
 * marketplace (provider clearing against the shopper's receivable), less the provider's fee, which is an expense.
 * Zero rows are left out (a fee not yet known posts nothing for it).
 */
export function cashInEntries(p: { capturedCents: number; feeCents: number }): Entry[] {
  const rows: Entry[] = [
    { account: 'provider_clearing', vendorId: null, kind: 'payment_received', amountCents: p.capturedCents },
    { account: 'shopper_receivable', vendorId: null, kind: 'payment_received', amountCents: -p.capturedCents },
    { account: 'provider_fees', vendorId: null, kind: 'provider_fee', amountCents: p.feeCents },
    { account: 'provider_clearing', vendorId: null, kind: 'provider_fee', amountCents: -p.feeCents },
  ];
  return rows.filter((r) => r.amountCents !== 0);
}

/**
 * The provider gave money back to the shopper's card: the marketplace no longer owes the shopper (their receivable,
 * credited by the cancellation or the refunded return, is debited back) and the provider holds that much less for it.
 */
export function cardRefundEntries(amountCents: number): Entry[] {
  return [
    { account: 'shopper_receivable', vendorId: null, kind: 'card_refund', amountCents },
    { account: 'provider_clearing', vendorId: null, kind: 'card_refund', amountCents: -amountCents },
  ];
}

/** A card sub-order's money sent to its seller's connected account (decision 0147): the seller's payable → provider clearing. */
export const transferEntries = (vendorId: number, amountCents: number): Entry[] => [
  { account: 'vendor_payable', vendorId, kind: 'transfer', amountCents },
  { account: 'provider_clearing', vendorId: null, kind: 'transfer', amountCents: -amountCents },
];

/** A transfer (part) reversed: back in provider clearing, owed to the seller again (a refund's debt settled, or money returned). */
export const transferReversalEntries = (vendorId: number, amountCents: number): Entry[] => [
  { account: 'provider_clearing', vendorId: null, kind: 'transfer_reversal', amountCents },
  { account: 'vendor_payable', vendorId, kind: 'transfer_reversal', amountCents: -amountCents },
];
