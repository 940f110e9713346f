import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { CommissionIssueResult, TaxDocument } from '@souq/shared/api/tax';
import { ApiError, downloadFile } from '@/lib/api-client';
import { useMsg } from '@/lib/use-msg';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CommissionDocumentTable } from '@/components/tax/CommissionDocumentTable';
import { Field, Input } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { adminApi, queryString, useAdminMutation, useAdminQuery } from '../api';

// The Finance section's commission invoices (decision 0108): the month's run on demand, every commission document
// with its PDF and PINT AE XML, and the bulk PINT AE export of every B2B document of a period.

const LIST_KEY = 'admin-commission-documents';
const today = () => new Date().toISOString().slice(0, 10);
/** The last month that has ended (the one the monthly run invoices), as 'YYYY-MM'. */
function lastMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

function IssueCard() {
  const { t } = useLingui();
  const msg = useMsg();
  const [period, setPeriod] = useState(lastMonth());
  const issue = useAdminMutation(
    (p: string) => adminApi<CommissionIssueResult>('/api/admin/commission-documents/issue', { method: 'POST', body: { period: p } }),
    [LIST_KEY],
  );
  const run = () =>
    issue.mutate(period, {
      onSuccess: (r) => {
        const n = r.issued.length;
        const month = r.period;
        notify.success(n ? plural(n, { one: `Issued # document for ${month}`, other: `Issued # documents for ${month}` }) : t`Nothing new to issue for ${month}`);
      },
      onError: (err) => notify.error(err instanceof ApiError ? err.message : msg.requestFailed),
    });
  return (
    <section aria-labelledby="commission-issue-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id="commission-issue-heading" className="text-base font-semibold text-slate-900"><Trans>Issue commission invoices</Trans></h3>
      <p className="text-sm text-slate-500">
        <Trans>Runs by itself after each month ends. Issuing again for a month issues only what is missing: each vendor gets one invoice per month, and a credit note for commission reversed.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={t`Month`}>
          <Input type="month" value={period} max={lastMonth()} onChange={(e) => e.target.value && setPeriod(e.target.value)} className="w-44" />
        </Field>
        <Button onClick={run} loading={issue.isPending}><Trans>Issue now</Trans></Button>
      </div>
    </section>
  );
}

function ExportCard() {
  const { t } = useLingui();
  const msg = useMsg();
  const [range, setRange] = useState({ from: `${today().slice(0, 8)}01`, to: today() });
  const [busy, setBusy] = useState(false);
  const reversed = range.from > range.to;
  async function onExport() {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/pint-ae/export${queryString(range)}`, `pint-ae-${range.from}-${range.to}.zip`, { auth: 'admin' });
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : msg.requestFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="pint-export-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id="pint-export-heading" className="text-base font-semibold text-slate-900"><Trans>PINT AE export</Trans></h3>
      <p className="text-sm text-slate-500">
        <Trans>Every business-to-business document issued in the period (commission documents, invoices to buyers with a TRN and their credit notes) as UBL XML files in one ZIP, for the accredited service provider. Days in UTC.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={t`From`}><Input type="date" value={range.from} max={range.to} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} className="w-40" /></Field>
        <Field label={t`To`}><Input type="date" value={range.to} min={range.from} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} className="w-40" /></Field>
        <Button variant="secondary" onClick={() => void onExport()} loading={busy} disabled={reversed}><Trans>Download ZIP</Trans></Button>
      </div>
      {reversed && <p role="alert" className="mt-2 text-sm text-red-700">{msg.dateRangeInvalid}</p>}
    </section>
  );
}

/** Commission invoices and credit notes, the run on demand and the PINT AE export. */
export function CommissionPanel() {
  const { t } = useLingui();
  const [period, setPeriod] = useState('');
  const docs = useAdminQuery<TaxDocument[]>([LIST_KEY, period], `/api/admin/commission-documents${queryString({ period })}`);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <IssueCard />
        <ExportCard />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900"><Trans>Commission invoices and credit notes</Trans></h3>
        <div className="flex items-end gap-2">
          <Field label={t`Month`}><Input type="month" value={period} onChange={(e) => setPeriod(e.target.value)} className="w-44" /></Field>
          {period && <Button variant="ghost" size="sm" onClick={() => setPeriod('')}><Trans>All months</Trans></Button>}
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <CommissionDocumentTable
        reader="admin"
        rows={docs.data}
        loading={docs.isPending}
        error={docs.isError ? docs.error : null}
        onRetry={() => void docs.refetch()}
        empty={{ title: t`No commission documents`, description: period ? t`None issued for this month.` : t`They are issued after each month ends.` }}
        filesAt="/api/admin/tax-documents"
        auth="admin"
        onError={setError}
      />
    </div>
  );
}
