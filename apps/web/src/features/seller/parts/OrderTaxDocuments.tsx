import { useQuery } from '@tanstack/react-query';
import type { TaxDocument } from '@souq/shared/api/tax';
import { OrderTaxDocumentList } from '@/components/tax/TaxDocumentList';
import { api } from '@/lib/api-client';

/** A sub-order's tax invoice and credit notes, for its vendor (decision 0099), each downloadable as PDF. */
export function OrderTaxDocuments({ orderId }: { orderId: number }) {
  const docs = useQuery({
    queryKey: ['vendor-order-tax-documents', orderId],
    queryFn: ({ signal }) => api<TaxDocument[]>(`/api/vendor/orders/${orderId}/tax-documents`, { auth: 'vendor', signal }),
  });
  return <OrderTaxDocumentList docs={docs.data ?? []} reader="seller" filesAt="/api/vendor/tax-documents" auth="vendor" headingClassName="font-medium text-slate-500" />;
}
