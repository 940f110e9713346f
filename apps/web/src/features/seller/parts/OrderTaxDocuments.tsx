import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMsg } from '@/lib/use-msg';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { formatMoney } from '@souq/shared/rules/money';
import { api, ApiError, downloadFile } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { useLocale } from '@/lib/use-locale';
import { documentTitle } from '@/components/tax/document-title';

/** A sub-order's tax invoice and credit notes, for its vendor (decision 0099), each downloadable as PDF. */
export function OrderTaxDocuments({ orderId }: { orderId: number }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const locale = useLocale();
  const docs = useQuery({
    queryKey: ['vendor-order-tax-documents', orderId],
    queryFn: ({ signal }) => api<TaxDocument[]>(`/api/vendor/orders/${orderId}/tax-documents`, { auth: 'vendor', signal }),
  });
  const [error, setError] = useState<string | null>(null);
  if (!docs.data?.length) return null;
  return (
    <section aria-label={MSG.taxDocumentsHeading} className="space-y-2">
      <h3 className="font-medium text-slate-500">{MSG.taxDocumentsHeading}</h3>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {docs.data.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
            <span className="min-w-0 text-slate-900">
              {documentTitle(d.title, locale)} <bdi className="tabular-nums">{d.number}</bdi>
              {/* an unregistered seller's document charges no VAT: its total only (decision 0121) */}
              <span className="block text-xs text-slate-500">{d.charges_vat ? `${MSG.taxDocumentVat} ${formatMoney(d.tax, d.currency)} · ` : ''}{formatMoney(d.total, d.currency)}</span>
            </span>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => {
                setError(null);
                downloadFile(`/api/vendor/tax-documents/${d.id}/pdf`, `${d.number}.pdf`, { auth: 'vendor' })
                  .catch((err: unknown) => setError(err instanceof ApiError ? err.message : MSG.requestFailed));
              }}>
                {MSG.taxDocumentDownload}
              </Button>
              {d.pint_ae && (
                <Button size="sm" variant="secondary" aria-label={t`Download ${d.number} as PINT AE XML`} onClick={() => {
                  setError(null);
                  downloadFile(`/api/vendor/tax-documents/${d.id}/pint-ae`, `${d.number}.xml`, { auth: 'vendor' })
                    .catch((err: unknown) => setError(err instanceof ApiError ? err.message : MSG.requestFailed));
                }}>
                  <Trans>XML</Trans>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
