import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { api, ApiError, downloadFile } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { documentTitle } from '@/components/tax/document-title';

/** The shopper's tax invoices and credit notes on /profile (decision 0099), each downloadable as PDF. */
export function TaxDocuments() {
  const MSG = useMsg();
  const { t } = useLingui();
  const locale = useLocale();
  const docs = useQuery({ queryKey: ['my-tax-documents'], queryFn: ({ signal }) => api<TaxDocument[]>('/api/my/tax-documents', { signal }) });
  const [error, setError] = useState<string | null>(null);
  async function download(d: TaxDocument, format: 'pdf' | 'pint-ae' = 'pdf') {
    setError(null);
    try {
      // PINT AE XML (decision 0108): only business-to-business documents (the shopper gave a TRN)
      await downloadFile(`/api/my/tax-documents/${d.id}/${format}`, `${d.number}.${format === 'pdf' ? 'pdf' : 'xml'}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : currentMsg().requestFailed);
    }
  }
  return (
    <section aria-labelledby="tax-documents" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="tax-documents" className="mb-4 text-lg font-semibold text-slate-900">{MSG.taxDocumentsHeading}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {docs.isPending ? (
        <Spinner size="sm" label={MSG.taxDocumentsLoading} />
      ) : docs.isError ? (
        <Alert tone="error">{docs.error.message}</Alert>
      ) : docs.data.length === 0 ? (
        <p className="text-sm text-slate-600">{MSG.taxDocumentsNone}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {docs.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {documentTitle(d.title, locale)} <bdi className="tabular-nums">{d.number}</bdi>
                </p>
                <p className="text-xs text-slate-500">
                  <bdi>{d.supplier_name}</bdi> · <bdi>{d.order_number}</bdi>
                  {d.corrects_number ? ` · ${MSG.taxDocumentCorrects(d.corrects_number)}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-end">
                  <Price value={d.total} />
                  {/* an unregistered seller's document charges no VAT: its total only (decision 0121) */}
                  {d.charges_vat && (
                    <span className="block text-xs text-slate-500">
                      {MSG.taxDocumentVat} <Price value={d.tax} />
                    </span>
                  )}
                </span>
                <Button size="sm" variant="secondary" onClick={() => void download(d)}>
                  {MSG.taxDocumentDownload}
                </Button>
                {d.pint_ae && (
                  <Button size="sm" variant="secondary" aria-label={t`Download ${d.number} as PINT AE XML`} onClick={() => void download(d, 'pint-ae')}>
                    <Trans>XML</Trans>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
