import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders } from '../../db/schema/orders.js';
import type { Db, Tx } from '../../platform/db.js';
import { post, postingId } from './ledger.post.js';

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

/**
 * The VAT that registered sellers' sales posted before decision 0133 left on sales_tax_payable, moved to each seller's
 * payable (decision 0142): under the disclosed-agent model (0099) the seller is the supplier, declares that VAT and
 * owes it, so the money is the seller's. One posting per affected sub-order, `vat-to-seller:<sub-order id>`: the
 * sub-order's VAT still on sales_tax_payable (what its sale put there less what its cancellations and refunds took
 * back) debited there and credited to the vendor's payable as kind `sales_tax`, the row kind its VAT carries since
 * 0133, so its documents' VAT and the VAT credited to the seller are then equal. Each in its own transaction under
 * the sub-order's row lock, through `post`. Idempotent: a sub-order already moved, or whose VAT there nets to zero,
 * posts nothing, so a second run (or two at once) posts nothing more. Afterwards `vatHolderOf` answers 'seller' for
 * those sub-orders, so a later refund takes their VAT back from the seller, where it now is.
 */
export async function settleLegacySellerVat(db: Db, opts: { createdBy?: number | null } = {}): Promise<{ subOrders: number; byCurrency: Record<string, number> }> {
  const legacy = await db.select({ orderId: ledgerEntries.orderId, vendorId: orders.sellerVendorId, currency: ledgerEntries.currency })
    .from(ledgerEntries).innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.account, 'sales_tax_payable'), isNotNull(orders.sellerVendorId)))
    .groupBy(ledgerEntries.orderId, orders.sellerVendorId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`)
    .orderBy(ledgerEntries.orderId);
  const byCurrency: Record<string, number> = {};
  let subOrders = 0;
  for (const l of legacy) {
    const moved = await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, l.orderId!)).for('update');
      const id = postingId('vat-to-seller', l.orderId!);
      const [done] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.posting, id)).limit(1);
      if (done) return 0;
      const [row] = await tx.select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, l.orderId!), eq(ledgerEntries.account, 'sales_tax_payable'), eq(ledgerEntries.currency, l.currency)));
      // credits are negative: the VAT held is minus the rows' sum
      const held = -Number(row?.cents ?? 0);
      if (held === 0) return 0;
      await post(tx, {
        kind: 'vat-to-seller', ref: l.orderId!, currency: l.currency, orderId: l.orderId, createdBy: opts.createdBy ?? null,
        memo: 'VAT of a sale posted before decision 0133, moved to its supplier (decision 0142)',
        lines: [
          { account: 'sales_tax_payable', vendorId: null, kind: 'sales_tax', amountCents: held },
          { account: 'vendor_payable', vendorId: l.vendorId!, kind: 'sales_tax', amountCents: -held },
        ],
      });
      return held;
    });
    if (moved) {
      subOrders += 1;
      byCurrency[l.currency] = (byCurrency[l.currency] ?? 0) + moved;
    }
  }
  return { subOrders, byCurrency };
}
