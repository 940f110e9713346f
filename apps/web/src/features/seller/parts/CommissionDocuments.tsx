import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { formatMoney } from '@souq/shared/rules/money';
import { formatDate } from '@souq/shared/rules/locale';
import { api, ApiError, downloadFile } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { documentTitle } from '@/components/tax/document-title';

/**
 * The marketplace's monthly commission invoices and credit notes to this vendor (decision 0108), on the Earnings tab:
 * each as PDF, and as PINT AE XML when the vendor is VAT-registered (a B2B e-invoice needs both TRNs).
 */
export function CommissionDocuments() {
  const { t } = useLingui();
  const locale = useLocale();
  const msg = useMsg();
  const docs = useQuery({
    queryKey: ['vendor-commission-documents'],
    queryFn: ({ signal }) => api<TaxDocument[]>('/api/vendor/commission-documents', { auth: 'vendor', signal }),
  });
  const [error, setError] = useState<string | null>(null);
  const download = (d: TaxDocument, format: 'pdf' | 'pint-ae') => {
    setError(null);
    downloadFile(`/api/vendor/tax-documents/${d.id}/${format}`, `${d.number}.${format === 'pdf' ? 'pdf' : 'xml'}`, { auth: 'vendor' })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : msg.requestFailed));
  };
  const columns: DataTableColumn<TaxDocument>[] = [
    {
      key: 'number',
      header: t`Document`,
      cell: (d) => (
        <div className="min-w-0">
          <p className="text-slate-900">{documentTitle(d.title, locale)} <span className="font-mono text-xs tabular-nums">{d.number}</span></p>
          <p className="text-xs text-slate-500">
            {d.corrects_number ? <Trans>Corrects <bdi>{d.corrects_number}</bdi></Trans> : <Trans>Period <bdi dir="ltr" className="whitespace-nowrap">{d.period}</bdi></Trans>}
            <span className="sm:hidden"> · <bdi className="whitespace-nowrap">{formatDate(d.issued_at)}</bdi></span>
          </p>
        </div>
      ),
    },
    { key: 'issued', header: t`Issued`, hideBelow: 'sm', cell: (d) => <span className="whitespace-nowrap">{formatDate(d.issued_at)}</span> },
    { key: 'net', header: t`Commission`, align: 'right', hideBelow: 'md', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatMoney(d.net, d.currency)}</span> },
    { key: 'tax', header: t`VAT`, align: 'right', hideBelow: 'md', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatMoney(d.tax, d.currency)}</span> },
    { key: 'total', header: t`Total`, align: 'right', cell: (d) => <span className="whitespace-nowrap tabular-nums">{formatMoney(d.total, d.currency)}</span> },
    {
      key: 'download',
      header: t`Download`,
      align: 'right',
      cell: (d) => (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" onClick={() => download(d, 'pdf')} aria-label={t`Download ${d.number} as PDF`}><Trans>PDF</Trans></Button>
          {d.pint_ae && (
            <Button size="sm" variant="secondary" onClick={() => download(d, 'pint-ae')} aria-label={t`Download ${d.number} as PINT AE XML`}>
              <Trans>XML</Trans>
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="commission-documents-heading" className="space-y-3">
      <div>
        <h3 id="commission-documents-heading" className="text-lg font-semibold text-slate-900"><Trans>Commission invoices</Trans></h3>
        <p className="text-sm text-slate-500">
          <Trans>Each month the marketplace invoices its commission and the VAT on it, from its ledger; commission given back on refunds comes as a credit note.</Trans>
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <DataTable
        caption={t`Commission invoices and credit notes`}
        columns={columns}
        rowKey={(d) => d.id}
        rows={docs.data}
        loading={docs.isPending}
        error={docs.isError ? docs.error : null}
        onRetry={() => void docs.refetch()}
        density="compact"
        empty={{ title: t`No commission invoices yet`, description: t`The first one is issued after the month of your first sale ends.` }}
      />
    </section>
  );
}
