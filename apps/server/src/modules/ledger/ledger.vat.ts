import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema/ledger.js';
import type { Tx } from '../../platform/db.js';

/**
 * Where a sub-order's VAT sits in the ledger, so a cancellation or a refund takes it back from there (decision 0133):
 * on the supplier's payable (a vendor's sale since that decision), or on sales_tax_payable (the marketplace's own
 * sales, and a vendor's sale posted before it, whose VAT the marketplace still holds). Read in the caller's transaction.
 */
export type VatHolder = 'seller' | 'marketplace';

export async function vatHolderOf(tx: Tx, order: { id: number; sellerVendorId: number | null }): Promise<VatHolder> {
  if (order.sellerVendorId === null) return 'marketplace';
  const [row] = await tx.select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, 'sales_tax_payable')));
  return Number(row?.cents ?? 0) !== 0 ? 'marketplace' : 'seller';
}
