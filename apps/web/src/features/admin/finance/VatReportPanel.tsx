import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VatIssuer, VatReport } from '@souq/shared/api/vat-report';
import { formatCents } from '@souq/shared/rules/money';
import type { Locale } from '@souq/shared/rules/locale';
import { VatFigures } from '@/components/tax/VatFigures';
import { defaultPeriod, VatPeriod, type Period } from '@/components/tax/VatPeriod';
import { Button } from '@/components/ui/Button';
import { DataTable } from '@/components/ui/DataTable';
import { Field, Select } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { queryString, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The VAT report (issue 25 item 7, decision 0109): for a period, every issuer (each vendor, the marketplace's own
 * sales) with its 201 boxes and reconciliation, and the marketplace's total; the period and the issuer shown live in
 * the URL (?vat_from=…&vat_to=…&vat_issuer=…). CSV of the whole report.
 */
export function VatReportPanel() {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const fallback = defaultPeriod();
  const period: Period = {
    from: DAY.test(params.get('vat_from') ?? '') ? params.get('vat_from')! : fallback.from,
    to: DAY.test(params.get('vat_to') ?? '') ? params.get('vat_to')! : fallback.to,
  };
  const shown = params.get('vat_issuer') ?? 'all';
  const update = (next: Record<string, string>) => {
    const q = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(next)) q.set(k, v);
    navigate({ search: `?${q}` }, { replace: true, state: location.state });
  };
  const report = useAdminQuery<VatReport>(['admin-vat-report', period.from, period.to], `/api/admin/reports/vat${queryString(period)}`);
  const [busy, setBusy] = useState(false);
  const r = report.data;
  const money = (cents: number) => formatCents(cents, r?.currency ?? 'AED', i18n.locale as Locale);
  const issuer = r?.issuers.find((i) => i.issuer === shown);
  const figures = shown === 'all' ? r?.total : issuer ?? r?.total;

  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/reports/vat.csv${queryString(period)}`, 'admin', `vat-report-${period.from}-to-${period.to}.csv`);
    } catch (err) {
      notify.error(t`Could not download the VAT report: ${err instanceof Error ? err.message : t`the request failed`}`);
    } finally {
      setBusy(false);
    }
  }

  const amount = (text: string) => <span className="whitespace-nowrap tabular-nums">{text}</span>;
  return (
    <div className="space-y-5">
      <VatPeriod
        value={period}
        onChange={(p) => update({ vat_from: p.from, vat_to: p.to })}
        error={report.error instanceof ApiError && report.error.status === 400 ? report.error.message : null}
        actions={<Button variant="secondary" onClick={() => void download()} loading={busy}><Trans>Download CSV</Trans></Button>}
      />
      {report.isError && !r ? (
        <LoadError title={t`Failed to load the VAT report`} error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <DataTable<VatIssuer>
            caption={t`Issuers: the marketplace for its own sales, each vendor for its sales (the marketplace issues them as its disclosed agent)`}
            rows={r?.issuers}
            loading={!r}
            rowKey={(i) => i.issuer}
            density="compact"
            empty={{ title: <Trans>No tax documents in this period.</Trans>, description: <Trans>Invoices are issued when sub-orders ship (or are paid, as the tax settings say).</Trans> }}
            onRowClick={(i) => update({ vat_issuer: i.issuer })}
            rowClickLabel={(i) => t`Show the figures of ${i.name}`}
            columns={[
              {
                key: 'name', header: <Trans>Issuer</Trans>,
                cell: (i) => (
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900" title={i.name}><bdi>{i.name}</bdi></p>
                    <p className="text-xs text-slate-500">{i.trn ? <span dir="ltr" className="font-mono">{i.trn}</span> : <Trans>Not VAT-registered</Trans>}</p>
                    {(i.box1_not_set.net_cents !== 0 || i.box1_not_set.tax_cents !== 0) && (
                      <p className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"><Trans>Emirate not set: {money(i.box1_not_set.net_cents)} outside Box 1</Trans></p>
                    )}
                  </div>
                ),
              },
              { key: 'box1', header: <Trans>Box 1 supplies</Trans>, align: 'right', hideBelow: 'md', cell: (i) => amount(money(i.boxes.box1_standard_cents)) },
              { key: 'vat', header: <Trans>Output VAT</Trans>, align: 'right', cell: (i) => amount(money(i.boxes.box1_vat_cents)) },
              { key: 'zero', header: <Trans>Zero-rated</Trans>, align: 'right', hideBelow: 'lg', cell: (i) => amount(money(i.boxes.box4_zero_rated_cents)) },
              { key: 'exempt', header: <Trans>Exempt</Trans>, align: 'right', hideBelow: 'lg', cell: (i) => amount(money(i.boxes.box5_exempt_cents)) },
              {
                key: 'diff', header: <Trans>Ledger difference</Trans>, align: 'right', hideBelow: 'sm',
                cell: (i) => <span className={i.reconciliation.difference_cents === 0 ? 'tabular-nums text-emerald-700' : 'tabular-nums font-semibold text-red-700'}>{money(i.reconciliation.difference_cents)}</span>,
              },
            ]}
          />
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h3 className="text-lg font-semibold text-slate-900">
              {shown === 'all' || !issuer ? <Trans>All issuers together</Trans> : <bdi>{issuer.name}</bdi>}
            </h3>
            <Field label={<Trans>Figures of</Trans>} className="w-full sm:w-72">
              <Select value={issuer ? shown : 'all'} onChange={(e) => update({ vat_issuer: e.target.value })}>
                <option value="all">{t`All issuers together`}</option>
                {r?.issuers.map((i) => <option key={i.issuer} value={i.issuer}>{i.name}</option>)}
              </Select>
            </Field>
          </div>
          <VatFigures figures={figures} currency={r?.currency ?? 'AED'} asAt={period.to} loading={!r} />
          <p className="text-xs text-slate-500"><Trans>Each registered vendor files its own return; the marketplace's return covers its own sales. The total is for checking, not a return. This is not tax advice.</Trans></p>
        </>
      )}
    </div>
  );
}
