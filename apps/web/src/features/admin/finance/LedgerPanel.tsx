import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import type { LedgerEntry } from '@souq/shared/api/payouts';
import { LEDGER_ACCOUNTS, LEDGER_KINDS, LEDGER_PAGE_SIZE, payoutReference, type LedgerKind } from '@souq/shared/constants';
import { ACCOUNT_NAMES, KIND_NAMES } from './ledger-names';
import { useMsg } from '@/lib/use-msg';
import { formatCents } from '@souq/shared/rules/money';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Input } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { Pagination } from '@/components/ui/Pagination';
import { useListQuery } from '@/lib/use-list-query';
import { VendorFilter } from '../parts/VendorSelect';
import { formatCount, formatDate } from '@souq/shared/rules/locale';

const accountOptions = (i18n: I18n) => LEDGER_ACCOUNTS.map((a) => ({ value: a, label: i18n._(ACCOUNT_NAMES[a]) }));
const kindOptions = (i18n: I18n) => LEDGER_KINDS.map((k) => ({ value: k, label: i18n._(KIND_NAMES[k]) }));

/** The columns, made when drawn: their words in the page's language (the admin catalogue loads with the route). */
const columns = (i18n: I18n): DataTableColumn<LedgerEntry>[] => [
  {
    key: 'date',
    header: t`Date`,
    cell: (e) => (
      <div className="min-w-0">
        <p className="whitespace-nowrap text-slate-900">{formatDate(e.created_at, 'dayTime')}</p>
        <p className="text-xs text-slate-500 md:hidden">{i18n._(ACCOUNT_NAMES[e.account])} · {i18n._(KIND_NAMES[e.kind])}</p>
      </div>
    ),
  },
  { key: 'account', header: t`Account`, hideBelow: 'md', cell: (e) => <span className="whitespace-nowrap">{i18n._(ACCOUNT_NAMES[e.account])}{e.vendor_id !== null ? <bdi>{` #${e.vendor_id}`}</bdi> : ''}</span> },
  { key: 'kind', header: t`Kind`, hideBelow: 'md', cell: (e) => i18n._(KIND_NAMES[e.kind]) },
  {
    key: 'cause',
    header: t`Cause`,
    hideBelow: 'lg',
    cell: (e) => {
      const cause = e.order_number ?? (e.payout_id !== null ? payoutReference(e.payout_id) : null);
      const text = [cause, e.memo].filter(Boolean).join(' · ') || '—';
      return <span className="block max-w-[14rem] truncate" title={text}>{text}</span>;
    },
  },
  { key: 'amount', header: t`Amount`, align: 'right', cell: (e) => <span className="whitespace-nowrap tabular-nums">{formatCents(e.amount_cents, e.currency)}</span> },
];

type Filters = { account: string; kind: string; vendor_id: string; from: string; to: string };

/**
 * The ledger browser: every row, newest first, by account, kind, vendor and day (debits +, credits −). With `kind`
 * fixed it is the refunds list (the refund rows cancellations and returns post).
 */
export function LedgerPanel({ kind, urlPrefix }: { kind?: LedgerKind; urlPrefix: string }) {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const list = useListQuery<LedgerEntry, Filters>({
    queryKey: 'admin-finance-ledger', path: '/api/admin/finance/ledger', auth: 'admin', searchParam: null, urlPrefix, limit: LEDGER_PAGE_SIZE,
    filters: { account: kind ? 'shopper_receivable' : '', kind: kind ?? '', vendor_id: '', from: '', to: '' },
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-500" aria-live="polite">{list.items ? plural(list.total, { one: `${formatCount(list.total)} entry`, other: `${formatCount(list.total)} entries` }) : '\u00a0'}</p>
        <FilterBar onClear={list.resetFilters} canClear={list.isFiltered}>
          {/* phones: two controls a row; from sm the bar's own wrapping row */}
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center sm:gap-3">
            {!kind && <FilterSelect label={t`Account`} value={list.filters.account} onChange={(v) => list.setFilter('account', v)} options={accountOptions(i18n)} allLabel={t`All accounts`} />}
            {!kind && <FilterSelect label={t`Kind`} value={list.filters.kind} onChange={(v) => list.setFilter('kind', v)} options={kindOptions(i18n)} allLabel={t`All kinds`} />}
            {!kind && <div className="col-span-2 grid sm:contents"><VendorFilter value={list.filters.vendor_id} onChange={(v) => list.setFilter('vendor_id', v)} /></div>}
            <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-600 sm:flex-row sm:items-center sm:gap-2 sm:text-sm">
              <Trans>From</Trans> <Input type="date" value={list.filters.from} max={list.filters.to || undefined} onChange={(e) => list.setFilter('from', e.target.value)} className="sm:w-40" />
            </label>
            <label className="flex min-w-0 flex-col gap-1 text-xs text-slate-600 sm:flex-row sm:items-center sm:gap-2 sm:text-sm">
              <Trans>To</Trans> <Input type="date" value={list.filters.to} min={list.filters.from || undefined} onChange={(e) => list.setFilter('to', e.target.value)} className="sm:w-40" />
            </label>
          </div>
        </FilterBar>
      </div>
      <DataTable
        caption={kind ? t`Refunds` : t`Ledger entries`}
        columns={columns(i18n)}
        rowKey={(e) => e.id}
        {...list.tableProps}
        errorTitle={MSG.loadFinanceFailed}
        density="compact"
        empty={{ title: MSG.noLedgerEntries, description: list.isFiltered ? t`Nothing matches these filters.` : undefined }}
      />
      <Pagination {...list.paginationProps} label={kind ? t`Refund pages` : t`Ledger pages`} />
    </div>
  );
}
