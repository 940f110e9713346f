import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Payout, PayoutBatch } from '@souq/shared/api/payouts';
import { ACCOUNT_FAILURE_CODES, PAYOUT_FAILURE_CODES, PAYOUT_MINIMUM_CENTS, type PayoutFailureCode, type PayoutSkipReason } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { amountToCents, centsToAmount, formatCents } from '@souq/shared/rules/money';
import { formatIban } from '@souq/shared/rules/iban';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select } from '@/components/ui/Field';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { downloadFile } from '@/lib/download';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { BankFailureFields } from '../parts/BankFailureFields';
import { formatDate } from '@souq/shared/rules/locale';

const REFRESH = ['admin-finance', 'admin-finance-ledger'];

/** Why a batch left a vendor out (decision 0125). */
const SKIP_REASON: Record<PayoutSkipReason, MessageDescriptor> = {
  no_iban: msg`no IBAN`,
  unverified: msg`IBAN not verified`,
  waiting: msg`changed IBAN still in its waiting days`,
  account_failed: msg`account failed, waits for new details`,
};
/** The bank's kinds of failure; the first three stop payouts to the account until the vendor changes it. */
const FAILURE_CODE: Record<PayoutFailureCode, MessageDescriptor> = {
  account_closed: msg`Account closed`,
  invalid_account: msg`No such account / invalid IBAN`,
  holder_mismatch: msg`Holder name does not match`,
  bank_rejected: msg`Rejected by the bank (may be retried)`,
  other: msg`Other (may be retried)`,
};

const COLUMNS: DataTableColumn<Payout>[] = [
  {
    key: 'vendor',
    header: t`Vendor`,
    cell: (p) => (
      <div className="min-w-0 max-w-[9rem] sm:max-w-[14rem]">
        <p className="truncate font-medium text-slate-900" title={p.vendor_name}>{p.vendor_name}</p>
        <p className="font-mono text-xs text-slate-500">{p.reference}</p>
        <StatusBadge kind="payout" status={p.status} className="mt-1 sm:hidden" />
      </div>
    ),
  },
  { key: 'iban', header: t`IBAN`, hideBelow: 'lg', cell: (p) => <span className="font-mono text-xs whitespace-nowrap">{formatIban(p.iban)}</span> },
  { key: 'status', header: t`Status`, hideBelow: 'sm', cell: (p) => <StatusBadge kind="payout" status={p.status} /> },
  { key: 'amount', header: t`Amount`, align: 'right', cell: (p) => <span className="whitespace-nowrap tabular-nums">{formatCents(p.amount_cents, p.currency)}</span> },
];

function Batch({ batch, onPaid, onFail }: { batch: PayoutBatch; onPaid: (p: Payout) => void; onFail: (p: Payout) => void }) {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  async function onDownload() {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/finance/payout-batches/${batch.id}/transfers.csv`, 'admin', `payout-batch-${batch.id}.csv`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-label={t`Payout batch ${batch.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="text-base font-semibold text-slate-900"><Trans>Batch #{batch.id} · {formatCents(batch.total_cents, batch.currency)}</Trans></h4>
          <p className="text-sm text-slate-500"><Trans>{formatDate(batch.created_at, 'dayTime')} by <bdi>{batch.created_by}</bdi> · minimum {formatCents(batch.minimum_cents, batch.currency)}</Trans></p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void onDownload()} loading={busy}><Trans>Download bank file</Trans></Button>
      </div>
      <DataTable
        caption={t`Payouts of batch ${batch.id}`}
        columns={COLUMNS}
        rows={batch.payouts}
        rowKey={(p) => p.id}
        density="compact"
        empty={{ title: MSG.noPayouts }}
        rowLabel={(p) => `payout ${p.reference}`}
        rowActions={(p) =>
          p.status === 'pending' ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => onPaid(p)}><Trans>Mark paid</Trans></Button>
              <Button variant="ghost" size="sm" onClick={() => onFail(p)}><Trans>Mark failed</Trans></Button>
            </>
          ) : null
        }
      />
      {batch.skipped.length > 0 && (
        <p className="text-sm text-amber-800">
          <Trans>Skipped (the money stays in their balance):</Trans> {batch.skipped.map((s) => `${s.vendor_name} (${formatCents(s.available_cents, batch.currency)}, ${i18n._(SKIP_REASON[s.reason])})`).join(', ')}
        </p>
      )}
    </section>
  );
}

/** Payout batches: create one over every vendor at or above the minimum, download its bank file, settle each payout. */
export function PayoutsPanel() {
  const MSG = useMsg();
  const batches = useAdminQuery<PayoutBatch[]>(['admin-finance', 'batches'], '/api/admin/finance/payout-batches?limit=20');
  const [minimum, setMinimum] = useState(centsToAmount(PAYOUT_MINIMUM_CENTS).toFixed(2));
  const [confirmPaid, setConfirmPaid] = useState<Payout | null>(null);
  const [failing, setFailing] = useState<Payout | null>(null);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState<PayoutFailureCode>('account_closed');
  const { i18n } = useLingui();
  const create = useAdminMutation((minimum_cents: number) => adminApi<PayoutBatch>('/api/admin/finance/payout-batches', { method: 'POST', body: { minimum_cents } }), REFRESH);
  const paid = useAdminMutation((id: number) => adminApi<Payout>(`/api/admin/finance/payouts/${id}/paid`, { method: 'POST' }), REFRESH);
  const failed = useAdminMutation(({ id, reason, code }: { id: number; reason: string; code: PayoutFailureCode }) => adminApi<Payout>(`/api/admin/finance/payouts/${id}/failed`, { method: 'POST', body: { reason, code } }), REFRESH);

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    try {
      const batch = await create.mutateAsync(amountToCents(minimum));
      notify.success(MSG.payoutBatchCreated(batch.payouts.length));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  async function onFail(e: FormEvent) {
    e.preventDefault();
    if (!failing) return;
    try {
      await failed.mutateAsync({ id: failing.id, reason, code });
      notify.success(MSG.payoutMarkedFailed);
      setFailing(null);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void onCreate(e)} className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <Field label={t`Minimum available balance (AED)`} hint={t`Vendors at or above it with an IBAN are paid all of their available money`}>
          <Input inputMode="decimal" value={minimum} onChange={(e) => setMinimum(e.target.value)} className="w-40" />
        </Field>
        <Button type="submit" loading={create.isPending}><Trans>Create payout batch</Trans></Button>
      </form>
      {batches.isError && !batches.data ? (
        <LoadError title={MSG.loadFinanceFailed} error={batches.error} onRetry={() => void batches.refetch()} />
      ) : batches.data?.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{MSG.noPayoutBatches}</p>
      ) : (
        (batches.data ?? []).map((b) => <Batch key={b.id} batch={b} onPaid={setConfirmPaid} onFail={(p) => { setReason(''); setCode('account_closed'); setFailing(p); }} />)
      )}
      <ConfirmDialog
        open={!!confirmPaid}
        onClose={() => setConfirmPaid(null)}
        title={t`Mark payout paid`}
        message={confirmPaid ? `The bank sent ${formatCents(confirmPaid.amount_cents, confirmPaid.currency)} to ${confirmPaid.vendor_name} (${confirmPaid.reference})?` : ''}
        confirmLabel={t`Mark paid`}
        onConfirm={async () => {
          await paid.mutateAsync(confirmPaid!.id);
          notify.success(MSG.payoutMarkedPaid);
          setConfirmPaid(null);
        }}
      />
      <Dialog open={!!failing} onClose={() => setFailing(null)} title={t`Mark payout failed`} description={failing ? t`${failing.vendor_name} gets ${formatCents(failing.amount_cents, failing.currency)} back in its available balance.` : undefined}>
        <form onSubmit={(e) => void onFail(e)} className="grid gap-4 p-4 sm:p-5">
          <Field label={t`Kind of failure`} required hint={ACCOUNT_FAILURE_CODES.includes(code) ? t`The vendor's account is marked failed: no payout goes to it until the vendor changes its details.` : t`The account stays payable: the next batch pays it again.`}>
            <Select value={code} onChange={(e) => setCode(e.target.value as PayoutFailureCode)}>
              {PAYOUT_FAILURE_CODES.map((c) => <option key={c} value={c}>{i18n._(FAILURE_CODE[c])}</option>)}
            </Select>
          </Field>
          <BankFailureFields reason={reason} onReason={setReason} onCancel={() => setFailing(null)} pending={failed.isPending} />
        </form>
      </Dialog>
    </div>
  );
}
