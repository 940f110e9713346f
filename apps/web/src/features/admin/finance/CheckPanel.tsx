import { t } from '@lingui/core/macro';
import type { LedgerCheck } from '@souq/shared/api/ledger';
import type { LedgerAccount } from '@souq/shared/constants';
import { useLingui } from '@lingui/react';
import { ACCOUNT_NAMES } from './ledger-names';
import { useMsg } from '@/lib/use-msg';
import { formatCents } from '@souq/shared/rules/money';
import { Alert } from '@/components/ui/Alert';
import { DataTable } from '@/components/ui/DataTable';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { formatCount } from '@souq/shared/rules/locale';

type AccountRow = LedgerCheck['accounts'][number];

/** The zero check: every posting balanced, so the ledger's total per currency is zero; each account's balance. */
export function CheckPanel() {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const check = useAdminQuery<LedgerCheck>(['admin-finance', 'check'], '/api/admin/finance/ledger-check');
  const c = check.data;
  if (check.isError && !c) return <LoadError title={MSG.loadFinanceFailed} error={check.error} onRetry={() => void check.refetch()} />;
  return (
    <div className="space-y-4">
      {c && (
        <Alert tone={c.balanced ? 'success' : 'error'} title={c.balanced ? t`The ledger balances` : t`The ledger does not balance`}>
          <p>{c.totals.length ? c.totals.map((x) => t`Total ${formatCents(x.total_cents, x.currency)}`).join(' · ') : t`No entries yet.`}</p>
        </Alert>
      )}
      <StatGrid label={t`Ledger`} columns={2}>
        <StatCard label={t`Entries`} loading={!c} value={formatCount(c?.entries)} />
        <StatCard label={t`Accounts in use`} loading={!c} value={formatCount(c?.accounts.length)} />
      </StatGrid>
      <DataTable<AccountRow>
        caption={t`Account balances`}
        rows={c?.accounts}
        loading={!c}
        rowKey={(a) => `${a.account}-${a.vendor_id ?? 'all'}-${a.currency}`}
        density="compact"
        empty={{ title: MSG.noLedgerEntries }}
        columns={[
          { key: 'account', header: t`Account`, cell: (a) => (a.account in ACCOUNT_NAMES ? i18n._(ACCOUNT_NAMES[a.account as LedgerAccount]) : a.account) },
          { key: 'vendor', header: t`Vendor`, cell: (a) => (a.vendor_id === null ? '—' : `#${a.vendor_id}`) },
          { key: 'balance', header: t`Balance (debit +, credit −)`, align: 'right', cell: (a) => <span className="whitespace-nowrap tabular-nums">{formatCents(a.balance_cents, a.currency)}</span> },
        ]}
      />
    </div>
  );
}
