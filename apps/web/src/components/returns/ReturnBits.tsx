import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, REFUND_METHOD_LABELS, type ReturnStatus } from '@souq/shared/constants';
import type { ReturnRequest } from '@souq/shared/api/returns';
import { MSG } from '@souq/shared/messages';
import { formatCents } from '@souq/shared/rules/money';
import { cx } from '@/components/ui/cx';

// What the shopper's, the seller's and the admin's return screens show alike (decision 0094).

const TONES: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  received: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function ReturnBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[status], className)}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

/** One return: what, why, where the money goes, the seller's note and, once received, the refund. */
export function ReturnSummary({ r, showCustomer = false }: { r: ReturnRequest; showCustomer?: boolean }) {
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          <span className="tabular-nums">{r.units} ×</span> <bdi>{r.product_name}</bdi>
        </span>
        <ReturnBadge status={r.status} />
      </p>
      {r.variant_label && <p className="text-xs text-slate-600"><bdi>{r.variant_label}</bdi></p>}
      <p className="text-xs text-slate-600">
        {r.order_number}
        {showCustomer ? <> · <bdi>{r.customer_name}</bdi></> : <> · <bdi>{r.seller_name}</bdi></>}
        {' · '}{RETURN_REASON_LABELS[r.reason]}{r.reason_text && <>: “<bdi>{r.reason_text}</bdi>”</>}
      </p>
      <p className="text-xs text-slate-600">{MSG.returnRefundMethodLabel}: {REFUND_METHOD_LABELS[r.refund_method]}</p>
      {r.decision_note && <p className="text-xs text-slate-700">“<bdi>{r.decision_note}</bdi>”</p>}
      {r.refund && (
        <p className="text-sm font-semibold text-emerald-800" data-testid="return-refund">
          {MSG.returnRefundIssued(formatCents(r.refund.total_cents, r.currency))}
        </p>
      )}
      {/* staff see how the refund was made up, as posted to the ledger */}
      {r.refund && showCustomer && (
        <p className="text-xs text-slate-600">
          {MSG.returnRefundParts(
            formatCents(r.refund.goods_cents, r.currency), formatCents(r.refund.tax_cents, r.currency), formatCents(r.refund.shipping_cents, r.currency),
            formatCents(r.refund.commission_reversed_cents + r.refund.commission_vat_reversed_cents, r.currency),
          )}
        </p>
      )}
    </div>
  );
}
