import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxDocument } from '@souq/shared/api/tax';
import { api } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { CommissionDocumentTable } from '@/components/tax/CommissionDocumentTable';

/**
 * The marketplace's monthly commission invoices and credit notes to this vendor (decision 0108), on the Earnings tab:
 * each as PDF, and as PINT AE XML when the vendor is VAT-registered (a B2B e-invoice needs both TRNs).
 */
export function CommissionDocuments() {
  const { t } = useLingui();
  const docs = useQuery({
    queryKey: ['vendor-commission-documents'],
    queryFn: ({ signal }) => api<TaxDocument[]>('/api/vendor/commission-documents', { auth: 'vendor', signal }),
  });
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="commission-documents-heading" className="space-y-3">
      <div>
        <h3 id="commission-documents-heading" className="text-lg font-semibold text-slate-900"><Trans>Commission invoices</Trans></h3>
        <p className="text-sm text-slate-500">
          <Trans>Each month the marketplace invoices its commission and the VAT on it, from its ledger; commission given back on refunds comes as a credit note.</Trans>
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <CommissionDocumentTable
        reader="seller"
        rows={docs.data}
        loading={docs.isPending}
        error={docs.isError ? docs.error : null}
        onRetry={() => void docs.refetch()}
        empty={{ title: t`No commission invoices yet`, description: t`The first one is issued after the month of your first sale ends.` }}
        filesAt="/api/vendor/tax-documents"
        auth="vendor"
        onError={setError}
      />
    </section>
  );
}
