import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultPeriod, VatPeriod, type Period } from '@/components/tax/VatPeriod';
import { VatFigures } from '@/components/tax/VatFigures';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { notify } from '@/components/ui/toast';
import { downloadVatSummary, useVatSummary } from '../tax-api';

/**
 * The vendor's own VAT summary for a period (issue 25 item 7, decision 0109): its invoices and credit notes by
 * category, the VAT 201 boxes they fill, and whether the ledger agrees. Only its own documents: the server scopes it.
 */
export function VatSummary() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const [busy, setBusy] = useState(false);
  const summary = useVatSummary(period.from, period.to);
  const r = summary.data;
  const mine = r?.issuers[0];

  async function download() {
    setBusy(true);
    try {
      await downloadVatSummary(period.from, period.to);
    } catch (err) {
      notify.error(t`Could not download the VAT summary: ${err instanceof Error ? err.message : t`the request failed`}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="vat-summary" aria-labelledby="vat-summary-heading" className="space-y-4">
      <div>
        <h3 id="vat-summary-heading" className="text-lg font-semibold text-slate-900"><Trans>VAT summary</Trans></h3>
        <p className="text-sm text-slate-500"><Trans>Your tax invoices and credit notes in a period, the boxes of your VAT 201 return they fill, and a check against the marketplace's ledger.</Trans></p>
      </div>
      <VatPeriod value={period} onChange={setPeriod} actions={<Button variant="secondary" onClick={() => void download()} loading={busy}><Trans>Download CSV</Trans></Button>} />
      {summary.isError && !r ? (
        <Alert tone="error" title={t`Failed to load your VAT summary`}>
          <p>{summary.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void summary.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      ) : (
        <VatFigures figures={r ? (mine ?? r.total) : undefined} currency={r?.currency ?? 'AED'} asAt={period.to} loading={summary.isFetching && !r} />
      )}
      <p className="text-xs text-slate-500"><Trans>This is not tax advice. The rules applied are from the UAE VAT Decree-Law and its Executive Regulation (Art. 27, 59, 60); check your setup with a tax adviser.</Trans></p>
    </section>
  );
}
