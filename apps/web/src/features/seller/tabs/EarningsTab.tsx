import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LedgerEntry, Payout } from '@souq/shared/api/payouts';
import { LEDGER_PAGE_SIZE, payoutReference, type LedgerKind } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { formatCents } from '@souq/shared/rules/money';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Field, Input } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { useListQuery } from '@/lib/use-list-query';
import { VendorSignedIn } from '../VendorSignedIn';
import { Money } from '../parts/Money';
import { PayoutAccountCard } from '../parts/PayoutAccountCard';
import { ProviderTransfers } from '../parts/ProviderTransfers';
import { PromotionCost } from '../parts/PromotionCost';
import { CommissionDocuments } from '../parts/CommissionDocuments';
import { VatSummary } from '../parts/VatSummary';
import { downloadStatement, earningsKeys, useBalance, usePayouts } from '../earnings-api';
import { formatCount, formatDate } from '@souq/shared/rules/locale';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

// the kinds a vendor's own account can hold (the others never touch vendor_payable)
// (their names as the vendor reads them: the English of LEDGER_KIND_LABELS, in the vendor's catalogue)
const KIND_LABELS: Partial<Record<LedgerKind, MessageDescriptor>> = {
  // a registered seller's VAT on its sales and shipping, which it declares and pays (decision 0133)
  sale: msg`Sale`, shipping: msg`Shipping`, sales_tax: msg`VAT on your sales`, commission: msg`Commission`, commission_vat: msg`VAT on commission`, refund: msg`Refund`,
  commission_reversal: msg`Commission reversed`, payout: msg`Payout`, payout_reversal: msg`Payout failed (returned)`, adjustment: msg`Adjustment`,
  transfer: msg`Transferred to your provider account`, transfer_reversal: msg`Transfer returned`,
};
const VENDOR_KINDS = Object.keys(KIND_LABELS) as LedgerKind[];
const kindLabel = (i18n: I18n, kind: LedgerKind): string => {
  const label = KIND_LABELS[kind];
  return label ? i18n._(label) : kind;
};

/** A ledger row as the vendor reads it: money owed to it positive (the ledger keeps credits negative). */
const ownAmount = (e: LedgerEntry) => -e.amount_cents;

const entryColumns = (i18n: I18n): DataTableColumn<LedgerEntry>[] => [
  {
    key: 'date',
    header: i18n._(msg`Date`),
    cell: (e) => (
      <div className="min-w-0">
        <p className="whitespace-nowrap text-slate-900">{formatDate(e.created_at, 'dayTime')}</p>
        <p className="text-xs text-slate-500 sm:hidden">{kindLabel(i18n, e.kind)}</p>
      </div>
    ),
  },
  { key: 'kind', header: i18n._(msg`Kind`), hideBelow: 'sm', cell: (e) => kindLabel(i18n, e.kind) },
  {
    key: 'ref',
    header: i18n._(msg`Order / note`),
    hideBelow: 'md',
    cell: (e) => {
      const text = e.order_number ?? (e.payout_id !== null ? payoutReference(e.payout_id) : null) ?? e.memo ?? '—';
      return <span className="block max-w-[16rem] truncate" title={[text, e.memo].filter(Boolean).join(' · ')} dir="auto">{text}</span>;
    },
  },
  {
    key: 'amount',
    header: i18n._(msg`Amount`),
    align: 'right',
    // an amount reads left to right in both languages: in an Arabic row its minus would otherwise move to its end
    cell: (e) => <span dir="ltr" className={cx('whitespace-nowrap tabular-nums', ownAmount(e) < 0 ? 'text-red-700' : 'text-slate-900')}>{formatCents(ownAmount(e), e.currency)}</span>,
  },
];

const payoutColumns = (i18n: I18n): DataTableColumn<Payout>[] => [
  {
    key: 'reference',
    header: i18n._(msg`Reference`),
    cell: (p) => (
      <div className="min-w-0">
        <p className="font-mono text-xs whitespace-nowrap text-slate-900">{p.reference}</p>
        <p className="text-xs text-slate-500">{formatDate(p.created_at)}</p>
      </div>
    ),
  },
  { key: 'status', header: i18n._(msg`Status`), cell: (p) => <StatusBadge kind="payout" status={p.status} /> },
  { key: 'note', header: i18n._(msg`Note`), hideBelow: 'md', cell: (p) => <span className="block max-w-[14rem] truncate" title={p.failure_reason ?? ''}>{p.failure_reason ?? '—'}</span> },
  { key: 'amount', header: i18n._(msg`Amount`), align: 'right', cell: (p) => <span className="whitespace-nowrap tabular-nums">{formatCents(p.amount_cents, p.currency)}</span> },
];

function Statement() {
  const MSG = useMsg();
  const { t } = useLingui();
  const [range, setRange] = useState({ from: monthStart(), to: today() });
  const [busy, setBusy] = useState(false);
  const reversed = range.from > range.to;
  async function onDownload() {
    setBusy(true);
    try {
      await downloadStatement(range.from, range.to);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="statement-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id="statement-heading" className="text-base font-semibold text-slate-900"><Trans>Statement</Trans></h3>
      <p className="text-sm text-slate-500"><Trans>Every entry of a period with the running balance, as CSV (days in UTC).</Trans></p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={t`From`}><Input type="date" value={range.from} max={range.to} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} className="w-40" /></Field>
        <Field label={t`To`}><Input type="date" value={range.to} min={range.from} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} className="w-40" /></Field>
        <Button variant="secondary" onClick={() => void onDownload()} loading={busy} disabled={reversed}><Trans>Download statement</Trans></Button>
      </div>
      {reversed && <p role="alert" className="mt-2 text-sm text-red-700">{MSG.dateRangeInvalid}</p>}
    </section>
  );
}

function Earnings({ vendorId }: { vendorId: number }) {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const balance = useBalance();
  const payouts = usePayouts();
  const client = useQueryClient();
  const list = useListQuery<LedgerEntry, { kind: string }>({
    queryKey: earningsKeys.entries, path: '/api/vendor/earnings/entries', auth: 'vendor', filters: { kind: '' }, searchParam: null,
    urlPrefix: 'entries_', limit: LEDGER_PAGE_SIZE,
  });
  // money moves while the vendor is elsewhere (orders, payouts): opening the tab reads it again
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['vendor-earnings'] });
    void client.invalidateQueries({ queryKey: [earningsKeys.entries] });
  }, [client]);
  const b = balance.data;
  const money = (cents: number) => <Money text={formatCents(cents, b?.currency)} />;

  return (
    <div className="space-y-6">
      <PageHeader title={t`Earnings`} description={t`What the marketplace owes you, from its ledger: sales and shipping with the VAT you charged on them (yours to declare and pay), less commission and refunds, less payouts.`} />
      {balance.isError && !b ? (
        <Alert tone="error" title={MSG.loadEarningsFailed}>
          <p>{balance.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void balance.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      ) : (
        <StatGrid label={t`Your balance`} columns={3}>
          <StatCard label={t`Available`} loading={!b} value={b && money(b.available_cents)} hint={t`paid in the next payout batch`} />
          <StatCard
            label={t`Held`}
            loading={!b}
            value={b && money(b.held_cents)}
            hint={b && (b.next_release_at ? t`until ${b.return_window_days} days after delivery; next on ${formatDate(b.next_release_at)}` : t`until ${b.return_window_days} days after delivery`)}
          />
          <StatCard label={t`Paid out`} loading={!b} value={b && money(b.paid_cents)} hint={t`sent in payouts`} />
        </StatGrid>
      )}
      <PayoutAccountCard vendorId={vendorId} />
      {/* card orders paid by transfer to a payout account at the provider (issue 36 item 5, decision 0147) */}
      <ProviderTransfers />
      {/* its share of promotions and what the marketplace paid toward its sales (decision 0152) */}
      <PromotionCost />

      <section aria-labelledby="payouts-heading" className="space-y-3">
        <h3 id="payouts-heading" className="text-lg font-semibold text-slate-900"><Trans>Payouts</Trans></h3>
        <DataTable
          caption={t`Your payouts`}
          columns={payoutColumns(i18n)}
          rowKey={(p) => p.id}
          rows={payouts.data?.items}
          loading={payouts.isPending}
          error={payouts.isError ? payouts.error : null}
          onRetry={() => void payouts.refetch()}
          density="compact"
          empty={{ title: MSG.noPayouts, description: t`Payouts are made in batches once money is available.` }}
        />
      </section>

      <CommissionDocuments />

      <section aria-labelledby="entries-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h3 id="entries-heading" className="text-lg font-semibold text-slate-900"><Trans>Entries</Trans></h3>
            <p className="text-sm text-slate-500" aria-live="polite">{list.items ? <Plural value={list.total} one={`${formatCount(list.total)} entry`} other={`${formatCount(list.total)} entries`} /> : '\u00a0'}</p>
          </div>
          <FilterBar onClear={list.resetFilters} canClear={list.isFiltered}>
            <FilterSelect label={t`Kind`} value={list.filters.kind} onChange={(v) => list.setFilter('kind', v)} options={VENDOR_KINDS.map((k) => ({ value: k, label: kindLabel(i18n, k) }))} allLabel={t`All kinds`} />
          </FilterBar>
        </div>
        <DataTable
          caption={t`Ledger entries behind your balance`}
          columns={entryColumns(i18n)}
          rowKey={(e) => e.id}
          {...list.tableProps}
          errorTitle={MSG.loadEarningsFailed}
          density="compact"
          empty={{ title: MSG.noLedgerEntries, description: list.isFiltered ? t`No entries of this kind.` : t`Entries appear with your first sale.` }}
        />
        <Pagination {...list.paginationProps} label={t`Entry pages`} />
      </section>
      <Statement />
      <VatSummary />
    </div>
  );
}

/** The dashboard's Earnings tab (issue 24 item 5): balance cards, payout account, payouts, entries, statement. */
export default function EarningsTab() {
  return <VendorSignedIn>{(vendor) => <Earnings vendorId={vendor.id} />}</VendorSignedIn>;
}
