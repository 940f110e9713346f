import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { formatMoney } from '@souq/shared/rules/money';
import { ApiError, downloadFile } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { useMsg } from '@/lib/use-msg';
import { adminApi } from '../api';
import { useLocale } from '@/lib/use-locale';
import { documentTitle } from '@/components/tax/document-title';

/** A sub-order's tax invoice and credit notes in the admin's order details (decision 0099), each as PDF. */
export function OrderTaxDocuments({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();
  const docs = useQuery({
    queryKey: ['admin-order-tax-documents', orderId],
    queryFn: ({ signal }) => adminApi<TaxDocument[]>(`/api/admin/orders/${orderId}/tax-documents`, { signal }),
  });
  const [error, setError] = useState<string | null>(null);
  if (!docs.data?.length) return null;
  return (
    <section aria-labelledby={`tax-docs-${orderId}`}>
      <h3 id={`tax-docs-${orderId}`} className="text-sm font-semibold text-slate-900">{MSG.taxDocumentsHeading}</h3>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {docs.data.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              {documentTitle(d.title, locale)} <span className="tabular-nums">{d.number}</span>
              <span className="block text-xs text-slate-500">
                {/* an unregistered seller's document charges no VAT: its total only (decision 0121) */}
                <bdi>{d.supplier_name}</bdi> · {d.charges_vat ? `${MSG.taxDocumentVat} ${formatMoney(d.tax, d.currency)} · ` : ''}{formatMoney(d.total, d.currency)}
                {d.corrects_number ? ` · ${MSG.taxDocumentCorrects(d.corrects_number)}` : ''}
              </span>
            </span>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => {
                setError(null);
                downloadFile(`/api/admin/tax-documents/${d.id}/pdf`, `${d.number}.pdf`, { auth: 'admin' })
                  .catch((err: unknown) => setError(err instanceof ApiError ? err.message : MSG.requestFailed));
              }}>
                {MSG.taxDocumentDownload}
              </Button>
              {d.pint_ae && (
                <Button size="sm" variant="secondary" aria-label={t`Download ${d.number} as PINT AE XML`} onClick={() => {
                  setError(null);
                  downloadFile(`/api/admin/tax-documents/${d.id}/pint-ae`, `${d.number}.xml`, { auth: 'admin' })
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
