import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { adjustmentCreateSchema, type LedgerEntry, type VendorBalanceRow } from '@souq/shared/api/payouts';
import { useMsg } from '@/lib/use-msg';
import { amountToCents, formatCents } from '@souq/shared/rules/money';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { formatDate } from '@souq/shared/rules/locale';
import type { PayoutAccount } from '@souq/shared/api/payouts';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';

const money = (cents: number, currency: string) => <span className={cx('whitespace-nowrap tabular-nums', cents < 0 && 'text-red-700')}>{formatCents(cents, currency)}</span>;

/** The payout account's state (decision 0125): batches pay only a verified account whose waiting days are over. */
function accountLabel(b: VendorBalanceRow): string {
  if (!b.has_payout_account) return t`No IBAN`;
  const waitingUntil = b.payout_payable_from && Date.parse(b.payout_payable_from) > Date.now() ? formatDate(b.payout_payable_from) : null;
  if (b.payout_account_state === 'failed') return t`Account failed: not paid until the vendor changes it`;
  if (b.payout_account_state === 'pending_verification') return waitingUntil ? t`IBAN changed: verify (payable from ${waitingUntil})` : t`IBAN to verify`;
  return waitingUntil ? t`IBAN verified, payable from ${waitingUntil}` : t`IBAN verified`;
}

const COLUMNS: DataTableColumn<VendorBalanceRow>[] = [
  {
    key: 'vendor',
    header: t`Vendor`,
    cell: (b) => (
      <div className="min-w-0 max-w-[9rem] sm:max-w-[14rem]">
        <p className="truncate font-medium text-slate-900" title={b.vendor_name}>{b.vendor_name}</p>
        <p className={cx('text-xs', b.payout_account_state === 'verified' ? 'text-slate-500' : b.payout_account_state === 'failed' ? 'text-red-700' : 'text-amber-800')}>{accountLabel(b)}</p>
        <p className="text-xs text-slate-500 md:hidden"><Trans>Held {formatCents(b.held_cents, b.currency)}</Trans></p>
      </div>
    ),
  },
  { key: 'available', header: t`Available`, align: 'right', cell: (b) => money(b.available_cents, b.currency) },
  { key: 'held', header: t`Held`, align: 'right', hideBelow: 'md', cell: (b) => money(b.held_cents, b.currency) },
  { key: 'paid', header: t`Paid out`, align: 'right', hideBelow: 'lg', cell: (b) => money(b.paid_cents, b.currency) },
];

/** A manual credit or debit with its required reason (posted against the marketplace, audited). */
function AdjustDialog({ vendor, onClose }: { vendor: VendorBalanceRow | null; onClose: () => void }) {
  const MSG = useMsg();
  const [form, setForm] = useState({ direction: 'credit', amount: '', reason: '' });
  const [errors, setErrors] = useState<{ amount_cents?: string; reason?: string }>({});
  const adjust = useAdminMutation(
    (body: { vendor_id: number; amount_cents: number; reason: string }) => adminApi<LedgerEntry[]>('/api/admin/finance/adjustments', { method: 'POST', body }),
    ['admin-finance', 'admin-finance-ledger'],
  );
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!vendor) return;
    const cents = amountToCents(form.amount) * (form.direction === 'debit' ? -1 : 1);
    const parsed = adjustmentCreateSchema.safeParse({ vendor_id: vendor.vendor_id, amount_cents: cents, reason: form.reason });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof typeof errors] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      await adjust.mutateAsync(parsed.data);
      notify.success(MSG.adjustmentPosted);
      setForm({ direction: 'credit', amount: '', reason: '' });
      onClose();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  return (
    <Dialog open={!!vendor} onClose={onClose} title={t`Adjust balance`} description={vendor ? t`${vendor.vendor_name}: a credit raises what it is owed, a debit lowers it.` : undefined}>
      <form id="adjust-form" onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 p-4 sm:p-5">
        <Field label={t`Direction`}>
          <Select value={form.direction} onChange={(e) => setForm({ ...form, direction: e.target.value })}>
            <option value="credit"><Trans>Credit the vendor</Trans></option>
            <option value="debit"><Trans>Debit the vendor</Trans></option>
          </Select>
        </Field>
        <Field label={t`Amount (${vendor?.currency ?? ''})`} required error={errors.amount_cents}>
          <Input inputMode="decimal" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} placeholder="25.00" />
        </Field>
        <Field label={t`Reason`} required error={errors.reason} hint={t`Shown to the vendor on the entry and kept in the audit trail`}>
          <Textarea value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} maxLength={500} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button type="submit" loading={adjust.isPending}><Trans>Post adjustment</Trans></Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Every vendor's balance from the ledger, with a manual adjustment per vendor. */
export function BalancesPanel() {
  const MSG = useMsg();
  const balances = useAdminQuery<VendorBalanceRow[]>(['admin-finance', 'balances'], '/api/admin/finance/balances');
  const [adjusting, setAdjusting] = useState<VendorBalanceRow | null>(null);
  const verify = useAdminMutation(
    (vendorId: number) => adminApi<PayoutAccount>(`/api/admin/finance/payout-accounts/${vendorId}/verify`, { method: 'POST' }),
    ['admin-finance'],
  );
  async function onVerify(b: VendorBalanceRow) {
    try {
      await verify.mutateAsync(b.vendor_id);
      notify.success(t`Payout account of ${b.vendor_name} verified`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  return (
    <>
      <DataTable
        caption={t`Vendor balances`}
        columns={COLUMNS}
        rowKey={(b) => b.vendor_id}
        rows={balances.data}
        loading={balances.isPending}
        error={balances.isError ? balances.error : null}
        errorTitle={MSG.loadFinanceFailed}
        onRetry={() => void balances.refetch()}
        density="compact"
        empty={{ title: t`No vendors yet` }}
        rowLabel={(b) => b.vendor_name}
        rowActions={(b) => (
          <div className="flex flex-wrap justify-end gap-1">
            {b.payout_account_state === 'pending_verification' && (
              <Button variant="secondary" size="sm" loading={verify.isPending && verify.variables === b.vendor_id} onClick={() => void onVerify(b)} aria-label={t`Verify the payout account of ${b.vendor_name}`}><Trans>Verify IBAN</Trans></Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setAdjusting(b)} aria-label={t`Adjust the balance of ${b.vendor_name}`}><Trans>Adjust</Trans></Button>
          </div>
        )}
      />
      <AdjustDialog vendor={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}
