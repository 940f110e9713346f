import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardIssues } from '@souq/shared/api/payments';
import { formatCents } from '@souq/shared/rules/money';
import { formatDate } from '@souq/shared/rules/locale';
import { useMsg } from '@/lib/use-msg';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

type Dispute = CardIssues['disputes'][number];
type FailedRefund = CardIssues['failed_refunds'][number];

/** A dispute's state at the provider, in the admin's words. */
const STATUS: Record<Dispute['status'], MessageDescriptor> = {
  needs_response: msg`Needs a response`,
  under_review: msg`Under review by the bank`,
  won: msg`Won: money back`,
  lost: msg`Lost`,
  other: msg`Other`,
};
const TONE: Record<Dispute['status'], string> = {
  needs_response: 'text-amber-800', under_review: 'text-slate-700', won: 'text-emerald-700', lost: 'text-red-700', other: 'text-slate-700',
};

/**
 * Admin › Finance › Card disputes and refunds (decision 0145): what the provider reported about disputed card payments
 * (what each holds out of the provider's balance, its fee, what was lost) and the refunds to a card that failed — the
 * shopper is owed that money again and staff decide how to pay it.
 */
export function CardIssuesPanel() {
  const { i18n, t } = useLingui();
  const MSG = useMsg();
  const q = useAdminQuery<CardIssues>(['admin-card-issues'], '/api/admin/finance/card-issues');
  if (q.isError && !q.data) return <LoadError title={MSG.loadCardIssuesFailed} error={q.error} onRetry={() => void q.refetch()} />;

  const disputeColumns: DataTableColumn<Dispute>[] = [
    {
      key: 'purchase',
      header: t`Purchase`,
      cell: (d) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900" dir="ltr">{d.purchase_number}</p>
          <p className="font-mono text-xs break-all text-slate-500" dir="ltr">{d.provider_dispute_id}</p>
        </div>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (d) => (
        <div className="min-w-0">
          <p className={`font-medium ${TONE[d.status]}`}>{i18n._(STATUS[d.status])}</p>
          <p className="text-xs text-slate-500" dir="auto">{d.reason}</p>
        </div>
      ),
    },
    { key: 'amount', header: t`Disputed`, align: 'right', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatCents(d.amount_cents, d.currency)}</span> },
    { key: 'held', header: t`Held by the provider`, align: 'right', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatCents(d.withdrawn_cents - d.lost_cents, d.currency)}</span> },
    { key: 'fee', header: t`Fee`, align: 'right', hideBelow: 'sm', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatCents(d.fee_cents, d.currency)}</span> },
    { key: 'lost', header: t`Lost`, align: 'right', hideBelow: 'sm', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatCents(d.lost_cents, d.currency)}</span> },
    { key: 'updated', header: t`Last change`, hideBelow: 'lg', cell: (d) => <span className="whitespace-nowrap text-slate-500">{formatDate(d.updated_at, 'dayTime')}</span> },
  ];
  const refundColumns: DataTableColumn<FailedRefund>[] = [
    { key: 'purchase', header: t`Purchase`, cell: (r) => <span className="font-medium text-slate-900" dir="ltr">{r.purchase_number}</span> },
    { key: 'amount', header: t`Owed to the shopper`, align: 'right', cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatCents(r.amount_cents, r.currency)}</span> },
    { key: 'reason', header: t`Why it failed`, cell: (r) => <span className="text-sm text-slate-600" dir="auto">{r.failure_reason ?? t`No reason given`}</span> },
    { key: 'updated', header: t`Failed on`, hideBelow: 'sm', cell: (r) => <span className="whitespace-nowrap text-slate-500">{formatDate(r.updated_at, 'dayTime')}</span> },
  ];

  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-slate-500">
        <Trans>Disputes are answered in the payment provider's dashboard; each is booked here as the provider reports it. A refund to a card that failed leaves the money owed to the shopper: pay it another way.</Trans>
      </p>
      <DataTable<Dispute>
        caption={t`Card disputes`}
        rows={q.data?.disputes}
        loading={!q.data}
        rowKey={(d) => d.id}
        density="compact"
        columns={disputeColumns}
        empty={{ title: t`No card disputes`, description: t`No shopper's bank has disputed a card payment.` }}
      />
      <DataTable<FailedRefund>
        caption={t`Refunds to a card that failed`}
        rows={q.data?.failed_refunds}
        loading={!q.data}
        rowKey={(r) => r.id}
        density="compact"
        columns={refundColumns}
        empty={{ title: t`No failed refunds`, description: t`Every refund to a card has reached it or is on its way.` }}
      />
    </div>
  );
}
