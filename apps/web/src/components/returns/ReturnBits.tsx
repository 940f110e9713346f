import type { RefundMethod, ReturnReason, ReturnStatus } from '@souq/shared/constants';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReturnRequest } from '@souq/shared/api/returns';
import { useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { formatCount } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { cx } from '@/components/ui/cx';

// What the shopper's, the seller's and the admin's return screens show alike (decision 0094).

// The words of shared/constants (RETURN_STATUS_LABELS, RETURN_REASON_LABELS, REFUND_METHOD_LABELS), in the catalogue
// so every return screen reads them in its page's language: `i18n._(RETURN_REASON_TEXT[r.reason])`.
export const RETURN_STATUS_TEXT: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved — send it back`,
  rejected: msg`Rejected`,
  received: msg`Received — refunded`,
};
export const RETURN_REASON_TEXT: Record<ReturnReason, MessageDescriptor> = {
  damaged: msg`Arrived damaged or faulty`,
  wrong_item: msg`Wrong item sent`,
  not_as_described: msg`Not as described`,
  no_longer_needed: msg`No longer needed`,
  other: msg`Other reason`,
};
export const REFUND_METHOD_TEXT: Record<RefundMethod, MessageDescriptor> = {
  original: msg`Back to the card you paid with`,
  store_credit: msg`Store credit`,
  bank_transfer: msg`Bank transfer`,
};

const TONES: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  received: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function ReturnBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[status], className)}>
      {i18n._(RETURN_STATUS_TEXT[status])}
    </span>
  );
}

/** One return: what, why, where the money goes, the seller's note and, once received, the refund. */
export function ReturnSummary({ r, showCustomer = false }: { r: ReturnRequest; showCustomer?: boolean }) {
  const { i18n } = useLingui();
  const MSG = useMsg();
  const locale = useLocale();
  const lang = useContentLang();
  const cents = (n: number) => formatCents(n, r.currency, locale);
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">
          <span className="tabular-nums">{formatCount(r.units, locale)} ×</span> <bdi>{pickText(r.product_name, r.product_name_ar, lang)}</bdi>
        </span>
        <ReturnBadge status={r.status} />
      </p>
      {r.variant_label && <p className="text-xs text-slate-600"><bdi>{r.variant_label}</bdi></p>}
      <p className="text-xs text-slate-600">
        <bdi>{r.order_number}</bdi>
        {showCustomer ? <> · <bdi>{r.customer_name}</bdi></> : <> · <bdi>{r.seller_name}</bdi></>}
        {' · '}{i18n._(RETURN_REASON_TEXT[r.reason])}{r.reason_text && <>: “<bdi>{r.reason_text}</bdi>”</>}
      </p>
      <p className="text-xs text-slate-600">{MSG.returnRefundMethodLabel}: {i18n._(REFUND_METHOD_TEXT[r.refund_method])}</p>
      {r.decision_note && <p className="text-xs text-slate-700">“<bdi>{r.decision_note}</bdi>”</p>}
      {r.refund && (
        <p className="text-sm font-semibold text-emerald-800" data-testid="return-refund">
          {MSG.returnRefundIssued(cents(r.refund.total_cents))}
        </p>
      )}
      {/* staff see how the refund was made up, as posted to the ledger */}
      {r.refund && showCustomer && (
        <p className="text-xs text-slate-600">
          {MSG.returnRefundParts(
            cents(r.refund.goods_cents), cents(r.refund.tax_cents), cents(r.refund.shipping_cents),
            cents(r.refund.commission_reversed_cents + r.refund.commission_vat_reversed_cents),
          )}
        </p>
      )}
    </div>
  );
}
