import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SellerTransfer } from '@souq/shared/api/transfers';
import { SELLER_TRANSFER_STATUS_VALUES } from '@souq/shared/api/transfers';
import { formatDate } from '@souq/shared/rules/locale';
import { useMsg } from '@/lib/use-msg';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { TRANSFER_TONE, TransferAmount } from '@/components/transfers/TransferCells';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

/** A transfer's status in the admin's words (the admin area's own catalogue). */
const TRANSFER_STATUS: Record<SellerTransfer['status'], MessageDescriptor> = {
  requested: msg`Being sent`,
  paid: msg`Sent`,
  partially_reversed: msg`Partly reversed`,
  reversed: msg`Reversed: money back to the seller's balance`,
  failed: msg`Refused by the provider`,
};

/**
 * Admin › Finance › Seller transfers (decision 0147): every transfer of a card sub-order's money to its seller's
 * connected account at the provider, newest first, with its status — a refused one, one the provider took back or a
 * reversal refused for a short balance says why (the provider's words).
 */
export function TransfersPanel() {
  const { i18n, t } = useLingui();
  const MSG = useMsg();
  const [status, setStatus] = useState('');
  const q = useAdminQuery<SellerTransfer[]>(['admin-transfers', status], `/api/admin/finance/transfers?${new URLSearchParams({ limit: '100', ...(status ? { status } : {}) })}`);
  if (q.isError && !q.data) return <LoadError title={MSG.loadTransfersFailed} error={q.error} onRetry={() => void q.refetch()} />;

  const columns: DataTableColumn<SellerTransfer>[] = [
    {
      key: 'seller',
      header: t`Seller`,
      cell: (tr) => (
        <div className="min-w-0">
          {/* the name and number isolated, the lines aligned to the page's start: a Latin name in Arabic sat at the left */}
          <p className="font-medium text-slate-900"><bdi>{tr.vendor_name}</bdi></p>
          <p className="text-xs whitespace-nowrap text-slate-500"><bdi dir="ltr">{tr.order_number}</bdi></p>
        </div>
      ),
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (tr) => (
        <div className="min-w-0">
          <p className={`font-medium ${TRANSFER_TONE[tr.status]}`}>{i18n._(TRANSFER_STATUS[tr.status])}</p>
          {tr.reversal_refused && <p className="text-xs text-amber-800">{t`Reversal refused: the seller owes it`}</p>}
          {tr.failure && <p className="max-w-[18rem] truncate text-xs text-slate-500" title={tr.failure} dir="auto">{tr.failure}</p>}
        </div>
      ),
    },
    { key: 'date', header: t`Date`, hideBelow: 'sm', cell: (tr) => <span className="whitespace-nowrap">{formatDate(tr.created_at)}</span> },
    { key: 'id', header: t`At the provider`, hideBelow: 'md', cell: (tr) => <span className="font-mono text-xs break-all" dir="ltr">{tr.provider_transfer_id ?? '—'}</span> },
    {
      key: 'amount',
      header: t`Amount`,
      align: 'right',
      cell: (tr) => <TransferAmount tr={tr} />,
    },
  ];
  return (
    <div className="space-y-3">
      <FilterBar onClear={() => setStatus('')} canClear={status !== ''}>
        <FilterSelect label={t`Status`} value={status} onChange={setStatus} options={SELLER_TRANSFER_STATUS_VALUES.map((s) => ({ value: s, label: i18n._(TRANSFER_STATUS[s]) }))} allLabel={t`All statuses`} />
      </FilterBar>
      <DataTable
        caption={t`Transfers to sellers`}
        columns={columns}
        rowKey={(tr) => tr.id}
        rows={q.data}
        loading={q.isPending}
        density="compact"
        empty={{ title: MSG.noTransfers, description: t`Card orders are transferred to sellers with a connected account when their return window closes.` }}
      />
    </div>
  );
}
