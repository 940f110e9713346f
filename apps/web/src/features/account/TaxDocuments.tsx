import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TaxDocument } from '@souq/shared/api/tax';
import { api } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useMsg } from '@/lib/use-msg';
import { TaxDocumentList } from '@/components/tax/TaxDocumentList';

/** The shopper's tax invoices and credit notes on /profile (decision 0099), each downloadable as PDF. */
export function TaxDocuments() {
  const MSG = useMsg();
  const docs = useQuery({ queryKey: ['my-tax-documents'], queryFn: ({ signal }) => api<TaxDocument[]>('/api/my/tax-documents', { signal }) });
  const [error, setError] = useState<string | null>(null);
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
        // PINT AE XML (decision 0108): only business-to-business documents (the shopper gave a TRN)
        <TaxDocumentList docs={docs.data} reader="shopper" filesAt="/api/my/tax-documents" onError={setError} />
      )}
    </section>
  );
}
