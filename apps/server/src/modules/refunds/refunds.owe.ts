import { bankRefunds } from '../../db/schema/ledger.js';
import type { Tx } from '../../platform/db.js';

// The one writer of a new bank_refunds row (decision 0141), called in the transaction of the refund it pays (a
// received return, a cancellation), whose ledger posting has already credited the shopper's refunds payable.

export type BankRefundOwed = {
  shopperId: number;
  orderId: number;
  returnId: number | null;
  amountCents: number;
  currency: string;
  /** Normalised and checked by the request's schema (refundBankAccountSchema). */
  iban: string;
  accountHolder: string;
};

export async function oweBankRefund(tx: Tx, r: BankRefundOwed): Promise<number> {
  const [row] = await tx.insert(bankRefunds).values({
    shopperId: r.shopperId, orderId: r.orderId, returnId: r.returnId, amountCents: r.amountCents, currency: r.currency,
    iban: r.iban, accountHolder: r.accountHolder, status: 'owed',
  }).returning({ id: bankRefunds.id });
  return row!.id;
}
