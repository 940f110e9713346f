import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ChangeEvent } from 'react';
import type { BankStatement, ReconciliationCause, ReconciliationDifference, ReconciliationRun, ReconciliationSummary } from '@souq/shared/api/reconciliation';
import { BANK_STATEMENT_HEADER } from '@souq/shared/api/reconciliation';
import { formatCents } from '@souq/shared/rules/money';
import { formatCount, formatDate, formatDecimal } from '@souq/shared/rules/locale';
import { useMsg } from '@/lib/use-msg';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { notify } from '@/components/ui/toast';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

const KEY = 'admin-reconciliation';

/** What each cause means, in the admin's words (decision 0143). */
const CAUSE: Record<ReconciliationCause, MessageDescriptor> = {
  missing_in_ledger: msg`Missing in the ledger`,
  missing_at_provider: msg`Missing at the provider`,
  missing_in_statement: msg`Missing in the bank statement`,
  amount_differs: msg`Amount differs`,
  fee_differs: msg`Fee differs`,
};
/** The provider's balance transaction types and the items they are matched as. */
const KIND: Record<string, MessageDescriptor> = {
  charge: msg`Payment`,
  payment: msg`Payment`,
  refund: msg`Refund`,
  refund_failure: msg`Failed refund`,
  dispute: msg`Card dispute`,
  adjustment: msg`Dispute or adjustment`,
  transfer: msg`Transfer to a seller`,
  transfer_refund: msg`Transfer reversed`,
  payout: msg`Payout to the bank`,
  payout_failure: msg`Payout returned`,
  other: msg`Other`,
};

type Totals = ReconciliationRun['provider_totals'][number];

/**
 * Finance › Reconciliation (issue 36 item 7, decision 0143): the last run — the provider clearing account against the
 * provider's balance transactions, the bank account against the imported statements — its totals per side and every
 * difference with its cause; a button to run it now and the bank statement import.
 */
export function ReconciliationPanel() {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const summary = useAdminQuery<ReconciliationSummary>([KEY], '/api/admin/finance/reconciliation');
  const statements = useAdminQuery<BankStatement[]>([KEY, 'statements'], '/api/admin/finance/reconciliation/bank-statements');
  const runNow = useAdminMutation(() => adminApi<ReconciliationRun>('/api/admin/finance/reconciliation/runs', { method: 'POST' }), [KEY]);
  const upload = useAdminMutation((body: { filename: string; content: string }) => adminApi<BankStatement>('/api/admin/finance/reconciliation/bank-statements', { method: 'POST', body }), [KEY]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const s = summary.data;
  const run = s?.run ?? null;
  const kindLabel = (k: string) => (KIND[k] ? i18n._(KIND[k]!) : k);
  const cents = (v: number | null, currency: string) => (v === null ? '—' : formatCents(v, currency));

  async function onRun() {
    try {
      const r = await runNow.mutateAsync(undefined);
      if (r.differences) notify.error(plural(r.differences, { one: `Reconciliation found ${formatCount(r.differences)} difference`, other: `Reconciliation found ${formatCount(r.differences)} differences` }));
      else notify.success(t`Reconciled: no differences`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const st = await upload.mutateAsync({ filename: file.name, content: await file.text() });
      notify.success(plural(st.lines, { one: `Statement imported: ${formatCount(st.lines)} line`, other: `Statement imported: ${formatCount(st.lines)} lines` }));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    } finally {
      setUploading(false);
    }
  }

  if (summary.isError && !s) return <LoadError title={MSG.loadReconciliationFailed} error={summary.error} onRetry={() => void summary.refetch()} />;

  const differenceColumns: DataTableColumn<ReconciliationDifference>[] = [
    {
      key: 'cause',
      header: t`Cause`,
      cell: (d) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{i18n._(CAUSE[d.cause])}</p>
          <p className="text-xs text-slate-500">{d.source === 'provider' ? t`Payment provider` : t`Bank`} · {kindLabel(d.kind)}</p>
        </div>
      ),
    },
    { key: 'reference', header: t`Reference`, cell: (d) => <span className="font-mono text-xs break-all" dir="ltr">{d.reference}</span> },
    {
      key: 'theirs',
      header: t`Provider or bank`,
      align: 'right',
      cell: (d) => (
        <span className="whitespace-nowrap tabular-nums">
          {cents(d.their_amount_cents, d.currency)}
          {d.their_fee_cents ? <span className="block text-xs text-slate-500">{t`fee ${formatCents(d.their_fee_cents, d.currency)}`}</span> : null}
        </span>
      ),
    },
    {
      key: 'ours',
      header: t`Ledger`,
      align: 'right',
      cell: (d) => (
        <span className="whitespace-nowrap tabular-nums">
          {cents(d.our_amount_cents, d.currency)}
          {d.our_fee_cents ? <span className="block text-xs text-slate-500">{t`fee ${formatCents(d.our_fee_cents, d.currency)}`}</span> : null}
        </span>
      ),
    },
    { key: 'detail', header: t`Detail`, hideBelow: 'lg', cell: (d) => <span className="text-xs break-all text-slate-500" dir="auto">{d.detail ?? ''}</span> },
  ];

  const totalsColumns: DataTableColumn<Totals>[] = [
    { key: 'type', header: t`Type`, cell: (x) => kindLabel(x.type) },
    // at phone width the type, gross and net fit; the count and the fee (also a stat card above) come from sm up
    { key: 'count', header: t`Transactions`, align: 'right', hideBelow: 'sm', cell: (x) => <span className="tabular-nums">{formatCount(x.count)}</span> },
    { key: 'amount', header: t`Gross`, align: 'right', cell: (x) => <span className="whitespace-nowrap tabular-nums">{formatCents(x.amount_cents, x.currency)}</span> },
    { key: 'fee', header: t`Fees`, align: 'right', hideBelow: 'sm', cell: (x) => <span className="whitespace-nowrap tabular-nums">{formatCents(x.fee_cents, x.currency)}</span> },
    { key: 'net', header: t`Net`, align: 'right', cell: (x) => <span className="whitespace-nowrap tabular-nums">{formatCents(x.net_cents, x.currency)}</span> },
  ];

  const providerNet = (currency: string) => run?.provider_totals.filter((x) => x.currency === currency).reduce((n, x) => n + x.net_cents, 0) ?? 0;
  const currencies = [...new Set([...(run?.ledger_totals.map((x) => x.currency) ?? []), ...(run?.provider_totals.map((x) => x.currency) ?? [])])];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-500">
          <Trans>Every day, and when you press the button: the provider clearing account against the payment provider's balance transactions, and the bank account against the imported bank statements. Each difference is listed with its cause.</Trans>
        </p>
        <Button onClick={() => void onRun()} loading={runNow.isPending}><Trans>Run reconciliation</Trans></Button>
      </div>

      {s && !run && <Alert tone="info" title={t`No reconciliation has run yet`} />}
      {run && (
        <Alert
          tone={run.status === 'failed' ? 'error' : run.differences ? 'warning' : 'success'}
          title={run.status === 'failed' ? t`The last reconciliation failed` : run.differences ? plural(run.differences, { one: `${formatCount(run.differences)} difference found`, other: `${formatCount(run.differences)} differences found` }) : t`Reconciled: no differences`}
        >
          <p>
            {run.trigger === 'job' ? t`Daily run of ${formatDate(run.started_at, 'dayTime')}` : t`Run by ${run.created_by_name ?? '—'} on ${formatDate(run.started_at, 'dayTime')}`}
            {run.duration_ms !== null ? ` · ${t`${formatDecimal(run.duration_ms / 1000)} s`}` : ''}
          </p>
          {run.error && <p dir="auto">{run.error}</p>}
        </Alert>
      )}

      {run && (
        <>
          <StatGrid label={t`Reconciliation totals`} columns={4}>
            <StatCard label={t`Provider transactions`} value={formatCount(run.provider_items)} hint={run.provider_status === 'checked' ? t`read from the payment provider` : t`not checked: ${run.provider_error ?? '—'}`} />
            {currencies.map((c) => {
              const l = run.ledger_totals.find((x) => x.currency === c);
              return <StatCard key={`clearing-${c}`} label={t`Provider clearing (ledger)`} value={formatCents(l?.clearing_cents ?? 0, c)} hint={t`provider's net ${formatCents(providerNet(c), c)}`} />;
            })}
            {currencies.map((c) => {
              const l = run.ledger_totals.find((x) => x.currency === c);
              return <StatCard key={`fees-${c}`} label={t`Provider fees (ledger)`} value={formatCents(l?.fees_cents ?? 0, c)} />;
            })}
            <StatCard label={t`Bank statement lines`} value={formatCount(run.bank_lines)} hint={run.bank_status === 'checked' ? run.bank_totals.map((b) => t`statement ${formatCents(b.statement_cents, b.currency)} · ledger ${formatCents(b.ledger_cents, b.currency)}`).join(' · ') : t`no statement imported yet`} />
          </StatGrid>

          <DataTable<ReconciliationDifference>
            caption={t`Differences`}
            rows={s?.differences}
            loading={!s}
            rowKey={(d) => d.id}
            density="compact"
            columns={differenceColumns}
            empty={{ title: t`No differences`, description: t`The ledger agrees with the payment provider and the bank.` }}
          />
          {run.differences > (s?.differences.length ?? 0) && (
            <p className="text-sm text-slate-500">{t`The first ${formatCount(s?.differences.length ?? 0)} of ${formatCount(run.differences)} differences are shown.`}</p>
          )}

          <DataTable<Totals>
            caption={t`Payment provider: payments, refunds, disputes, transfers and payouts`}
            rows={run.provider_totals}
            rowKey={(x) => `${x.type}-${x.currency}`}
            density="compact"
            columns={totalsColumns}
            empty={{ title: run.provider_status === 'checked' ? t`No balance transactions at the provider` : t`The provider was not checked` }}
          />
        </>
      )}

      <section aria-labelledby="bank-statements-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h4 id="bank-statements-heading" className="text-base font-semibold text-slate-900"><Trans>Bank statements</Trans></h4>
            <p className="text-sm text-slate-500">
              <Trans>A CSV file with the header line</Trans> <code className="font-mono text-xs" dir="ltr">{BANK_STATEMENT_HEADER.join(',')}</code>
              {' · '}
              <Trans>dates as YYYY-MM-DD, money out negative (-1234.50), payouts named by their SOUQ-PO reference.</Trans>
            </p>
          </div>
          <input ref={fileInput} type="file" accept=".csv,text/csv" className="sr-only" aria-label={t`Bank statement file`} onChange={(e) => void onFile(e)} />
          <Button variant="secondary" size="sm" loading={uploading} onClick={() => fileInput.current?.click()}><Trans>Import bank statement</Trans></Button>
        </div>
        <DataTable<BankStatement>
          caption={t`Imported statements`}
          rows={statements.data}
          loading={statements.isPending}
          error={statements.isError ? statements.error : null}
          onRetry={() => void statements.refetch()}
          rowKey={(x) => x.id}
          density="compact"
          columns={[
            // a file name breaks only where it must, and the period's two dates may go on two lines: at phone width the
            // name was otherwise squeezed to one character a line beside a period kept on one
            { key: 'file', header: t`File`, cell: (x) => <span className="wrap-anywhere" dir="auto">{x.filename}</span> },
            { key: 'period', header: t`Period`, cell: (x) => <><span className="whitespace-nowrap">{formatDate(x.starts_on)}</span> – <span className="whitespace-nowrap">{formatDate(x.ends_on)}</span></> },
            { key: 'lines', header: t`Lines`, align: 'right', cell: (x) => <span className="tabular-nums">{formatCount(x.lines)}</span> },
            { key: 'by', header: t`Imported`, hideBelow: 'sm', cell: (x) => <span className="text-xs text-slate-500"><bdi>{x.imported_by_name}</bdi> · {formatDate(x.imported_at, 'dayTime')}</span> },
          ]}
          empty={{ title: t`No bank statement imported yet`, description: t`Until one is, the bank side is not checked.` }}
        />
      </section>
    </div>
  );
}
