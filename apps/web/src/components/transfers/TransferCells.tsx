import type { SellerTransfer } from '@souq/shared/api/transfers';
import { formatCents } from '@souq/shared/rules/money';

// A transfer's colour and amount read the same to the admin and to the seller (their words for the status differ,
// each area's own catalogue, so the labels stay with them).

/** A transfer's status colour: sent green, under way neutral, taken back or refused red. */
export const TRANSFER_TONE: Record<SellerTransfer['status'], string> = {
  requested: 'text-slate-700', paid: 'text-emerald-700', partially_reversed: 'text-amber-800', reversed: 'text-red-700', failed: 'text-red-700',
};

/** The amount transferred and, under it, what was taken back for refunds. */
export function TransferAmount({ tr }: { tr: SellerTransfer }) {
  return (
    <div className="whitespace-nowrap tabular-nums">
      <p>{formatCents(tr.amount_cents, tr.currency)}</p>
      {tr.reversed_cents > 0 && <p className="text-xs text-red-700" dir="ltr">−{formatCents(tr.reversed_cents, tr.currency)}</p>}
    </div>
  );
}
