import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { BankRefund, RefundBatch } from '@souq/shared/api/refunds';
import type { BankRefundStatus } from '@souq/shared/constants';
import { formatCents } from '@souq/shared/rules/money';
import { formatIban } from '@souq/shared/rules/iban';
import { formatDate } from '@souq/shared/rules/locale';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { notify } from '@/components/ui/toast';
import { downloadFile } from '@/lib/download';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { BankFailureFields } from '../parts/BankFailureFields';

// Bank-transfer refunds to shoppers (issue 34 item 8, decision 0141): what is owed, refunds batches with their bank
// file, each transfer marked paid or failed (a failed one is owed to the shopper again, who is asked for new details).

const REFRESH = ['admin-refund-transfers', 'admin-finance-ledger'];

const STATUS: Record<BankRefundStatus, MessageDescriptor> = {
  owed: msg`Owed`,
  sent: msg`Sent to the bank`,
  paid: msg`Paid`,
  failed: msg`Failed: new details asked`,
};
const TONE: Record<BankRefundStatus, string> = {
  owed: 'bg-amber-50 text-amber-800', sent: 'bg-sky-50 text-sky-800', paid: 'bg-emerald-50 text-emerald-800', failed: 'bg-rose-50 text-rose-800',
};

function StatusPill({ status }: { status: BankRefundStatus }) {
  const { i18n } = useLingui();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>{i18n._(STATUS[status])}</span>;
}

function columns(): DataTableColumn<BankRefund>[] {
  return [
    {
      key: 'shopper',
      header: t`Shopper`,
      cell: (r) => (
        <div className="min-w-0 max-w-[10rem] sm:max-w-[16rem]">
          <p className="truncate font-medium text-slate-900" title={r.account_holder}><bdi>{r.account_holder}</bdi></p>
          <p className="font-mono text-xs text-slate-500"><bdi>{r.order_number}</bdi></p>
          <p className="mt-1 sm:hidden"><StatusPill status={r.status} /></p>
          {r.failure_reason && <p className="text-xs text-rose-700"><bdi>{r.failure_reason}</bdi></p>}
        </div>
      ),
    },
    { key: 'iban', header: t`IBAN`, hideBelow: 'lg', cell: (r) => <span className="font-mono text-xs whitespace-nowrap" dir="ltr">{formatIban(r.iban)}</span> },
    { key: 'status', header: t`Status`, hideBelow: 'sm', cell: (r) => <StatusPill status={r.status} /> },
    { key: 'amount', header: t`Amount`, align: 'right', cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatCents(r.amount_cents, r.currency)}</span> },
  ];
}

/** The refunds owed or on their way, the batches, and each transfer's outcome. */
export function RefundTransfersPanel() {
  const MSG = useMsg();
  const refunds = useAdminQuery<BankRefund[]>(['admin-refund-transfers', 'list'], '/api/admin/refunds?limit=100');
  const batches = useAdminQuery<RefundBatch[]>(['admin-refund-transfers', 'batches'], '/api/admin/refund-batches?limit=20');
  const [confirmPaid, setConfirmPaid] = useState<BankRefund | null>(null);
  const [failing, setFailing] = useState<BankRefund | null>(null);
  const [reason, setReason] = useState('');
  const [downloading, setDownloading] = useState<number | null>(null);
  const create = useAdminMutation(() => adminApi<RefundBatch>('/api/admin/refund-batches', { method: 'POST' }), REFRESH);
  const paid = useAdminMutation((id: number) => adminApi<BankRefund>(`/api/admin/refunds/${id}/paid`, { method: 'POST' }), REFRESH);
  const failed = useAdminMutation(({ id, reason }: { id: number; reason: string }) => adminApi<BankRefund>(`/api/admin/refunds/${id}/failed`, { method: 'POST', body: { reason } }), REFRESH);
  const owed = (refunds.data ?? []).filter((r) => r.status === 'owed');
  const owedTotal = owed.reduce((n, r) => n + r.amount_cents, 0);
  const currency = refunds.data?.[0]?.currency ?? 'AED';

  async function onCreate() {
    try {
      const batch = await create.mutateAsync();
      notify.success(t`Refunds batch #${batch.id} created: ${batch.count} transfer(s)`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  async function onDownload(id: number) {
    setDownloading(id);
    try {
      await downloadFile(`/api/admin/refund-batches/${id}/transfers.csv`, 'admin', `refund-batch-${id}.csv`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    } finally {
      setDownloading(null);
    }
  }
  async function onFail(e: FormEvent) {
    e.preventDefault();
    if (!failing) return;
    try {
      await failed.mutateAsync({ id: failing.id, reason });
      notify.success(t`Marked failed: the shopper is owed it again and asked for new bank details`);
      setFailing(null);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  if (refunds.isError && !refunds.data) return <LoadError title={MSG.loadFinanceFailed} error={refunds.error} onRetry={() => void refunds.refetch()} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <p className="text-sm text-slate-700">
          <Trans>{owed.length} refund(s) owed by bank transfer · {formatCents(owedTotal, currency)}</Trans>
        </p>
        <Button onClick={() => void onCreate()} loading={create.isPending} disabled={!owed.length}><Trans>Create refunds batch</Trans></Button>
      </div>
      {(batches.data ?? []).length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t`Refunds batches`}>
          {(batches.data ?? []).map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900"><Trans>Batch #{b.id} · {formatCents(b.total_cents, b.currency)}</Trans></span>
                <span className="block text-xs text-slate-500"><Trans>{formatDate(b.created_at, 'dayTime')} · {b.count} sent, {b.paid_count} paid, {b.failed_count} failed</Trans></span>
              </span>
              <Button variant="secondary" size="sm" loading={downloading === b.id} onClick={() => void onDownload(b.id)}><Trans>Download bank file</Trans></Button>
            </li>
          ))}
        </ul>
      )}
      <DataTable
        caption={t`Bank-transfer refunds`}
        columns={columns()}
        rows={refunds.data ?? []}
        rowKey={(r) => r.id}
        density="compact"
        loading={refunds.isLoading}
        empty={{ title: t`No bank-transfer refunds yet` }}
        rowLabel={(r) => `refund ${r.id}`}
        rowActions={(r) =>
          r.status === 'sent' ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => setConfirmPaid(r)}><Trans>Mark paid</Trans></Button>
              <Button variant="ghost" size="sm" onClick={() => { setReason(''); setFailing(r); }}><Trans>Mark failed</Trans></Button>
            </>
          ) : null
        }
      />
      <ConfirmDialog
        open={!!confirmPaid}
        onClose={() => setConfirmPaid(null)}
        title={t`Mark refund paid`}
        message={confirmPaid ? t`The bank sent ${formatCents(confirmPaid.amount_cents, confirmPaid.currency)} to ${confirmPaid.account_holder}?` : ''}
        confirmLabel={t`Mark paid`}
        onConfirm={async () => {
          await paid.mutateAsync(confirmPaid!.id);
          notify.success(t`Refund marked paid`);
          setConfirmPaid(null);
        }}
      />
      <Dialog open={!!failing} onClose={() => setFailing(null)} title={t`Mark refund failed`} description={failing ? t`${formatCents(failing.amount_cents, failing.currency)} is owed to ${failing.account_holder} again; they are shown the reason and asked for new bank details.` : undefined}>
        <form onSubmit={(e) => void onFail(e)} className="grid gap-4 p-4 sm:p-5">
          <BankFailureFields reason={reason} onReason={setReason} onCancel={() => setFailing(null)} pending={failed.isPending} />
        </form>
      </Dialog>
    </div>
  );
}
