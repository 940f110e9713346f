import type { Entry } from '../ledger/ledger.postings.js';

// What cash on delivery posts (decision 0140), as pure functions, so the service and the property tests post the same
// rows. The sale posted at placement debits shopper_receivable as for any purchase; the cash then moves in two steps.

/**
 * Delivered: the courier took the shopper's cash. The shopper owes nothing more; the courier owes it to the
 * marketplace (courier_cash against shopper_receivable, what the ledger says the shopper still owed on the sub-order).
 */
export function collectedEntries(amountCents: number): Entry[] {
  if (amountCents <= 0) return [];
  return [
    { account: 'courier_cash', vendorId: null, kind: 'cod_collected', amountCents },
    { account: 'shopper_receivable', vendorId: null, kind: 'cod_collected', amountCents: -amountCents },
  ];
}

/**
 * Remitted: the courier handed in the sub-order's cash. What it held for the sub-order leaves courier_cash in full;
 * what reached the bank is what the courier says it collected; a short amount is debited to cod_differences (the
 * courier still owes it, or it is written off), an over amount credited there (owed back to the courier). Zero rows
 * are left out.
 */
export function remittedEntries(p: { expectedCents: number; collectedCents: number }): Entry[] {
  const rows: Entry[] = [
    { account: 'bank', vendorId: null, kind: 'cod_remitted', amountCents: p.collectedCents },
    { account: 'courier_cash', vendorId: null, kind: 'cod_remitted', amountCents: -p.expectedCents },
    { account: 'cod_differences', vendorId: null, kind: 'cod_difference', amountCents: p.expectedCents - p.collectedCents },
  ];
  return rows.filter((r) => r.amountCents !== 0);
}
