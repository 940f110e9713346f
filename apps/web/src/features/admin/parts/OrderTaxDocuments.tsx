import { useQuery } from '@tanstack/react-query';
import type { TaxDocument } from '@souq/shared/api/tax';
import { OrderTaxDocumentList } from '@/components/tax/TaxDocumentList';
import { adminApi } from '../api';

/** A sub-order's tax invoice and credit notes in the admin's order details (decision 0099), each as PDF. */
export function OrderTaxDocuments({ orderId }: { orderId: number }) {
  const docs = useQuery({
    queryKey: ['admin-order-tax-documents', orderId],
    queryFn: ({ signal }) => adminApi<TaxDocument[]>(`/api/admin/orders/${orderId}/tax-documents`, { signal }),
  });
  return <OrderTaxDocumentList docs={docs.data ?? []} reader="admin" filesAt="/api/admin/tax-documents" auth="admin" headingClassName="text-sm font-semibold text-slate-900" />;
}
