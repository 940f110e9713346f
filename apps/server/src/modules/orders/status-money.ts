import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { OrderStatus } from '@souq/shared/constants';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { taxDocuments } from '../../db/schema/tax.js';
import type { Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';

// A status change cannot move money by itself (issue 34 item 7, decision 0117). The moves that do move money keep
// doing it in setStatus's transaction: a cancellation reverses the sale and credits the invoice, taking a cancelled
// sub-order back posts the sale again. Refunds go through returns (per unit, with their credit note). What is left
// for a status to claim about money is checked here, under the sub-order's row lock, against the ledger and the tax
// documents, before anything is written.

/** What the sub-order's shopper has been charged and not had back, per the ledger (its sale less every refund). */
async function shopperMoney(tx: Tx, orderId: number): Promise<{ posted: boolean; owedCents: number }> {
  const [row] = await tx
    .select({
      n: sql<string>`count(*)`,
      // the cash a courier collected settles the sale, it refunds nothing (decision 0140)
      owed: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} in ('shopper_receivable', 'shopper_store_credit', 'shopper_refunds_payable') and ${ledgerEntries.kind} <> 'cod_collected'), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  return { posted: Number(row?.n ?? 0) > 0, owedCents: Number(row?.owed ?? 0) };
}

/**
 * Refuses (409, nothing written) a move whose status would say something the money does not:
 * - to `refunded` unless the ledger shows the shopper has had back everything the sale charged (every unit received
 *   back through returns, or the sub-order cancelled); the status then records the refund, it never makes one;
 * - out of `refunded` once the money is back (it would show a sale the ledger has reversed, and a later cancellation
 *   would reverse it twice); a sub-order marked refunded by hand before this rule, its sale still posted, may move on,
 *   so it can be cancelled properly;
 * - into or out of `awaiting_payment`, which only the card payment moves (decision 0137);
 * - from `cancelled` back to a live status once a credit note exists (the sale would be posted again while its
 *   invoice stays cancelled: the documents' tax would no longer equal the ledger's).
 */
export async function checkStatusMoney(tx: Tx, current: { id: number; status: OrderStatus }, to: OrderStatus): Promise<void> {
  if (to === current.status) return;
  // a card purchase leaves awaiting_payment only through its payment (released when authorised, cancelled unpaid when
  // the time to pay runs out: payment-hold.ts); no one moves a sub-order into it (decision 0137)
  if (current.status === 'awaiting_payment' || to === 'awaiting_payment') throw conflict(MSG.orderAwaitingPayment);
  if (to === 'refunded' || current.status === 'refunded') {
    const money = await shopperMoney(tx, current.id);
    const refundedInFull = money.posted && money.owedCents === 0;
    if (to === 'refunded' && !refundedInFull) throw conflict(MSG.orderRefundThroughReturns);
    if (current.status === 'refunded' && refundedInFull) throw conflict(MSG.orderRefundedFinal);
  }
  if (current.status === 'cancelled' && to !== 'refunded') {
    const [credited] = await tx.select({ id: taxDocuments.id }).from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, current.id), eq(taxDocuments.kind, 'credit_note'))).limit(1);
    if (credited) throw conflict(MSG.orderReinstateCredited);
  }
}
