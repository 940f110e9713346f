import { useState } from 'react';
import { currentMsg } from '@/lib/use-msg';
import { useUpdateProduct } from '@/lib/products-api';
import { notify } from '@/components/ui/toast';
import { useRecordApplied } from './api';

export type ProposalField = 'title' | 'description' | 'keywords';

/**
 * Applies a proposed title, description or keyword list to a product in one click: the change goes through
 * PUT /api/products/{id} (with its audit entry), then the optimiser's activity log notes it.
 */
export function useApplyProposal() {
  const update = useUpdateProduct('vendor');
  const record = useRecordApplied();
  const [pending, setPending] = useState<string | null>(null);

  async function apply(productId: number, field: ProposalField, value: string | string[]) {
    const body = field === 'title' ? { name: value as string } : field === 'description' ? { description: value as string } : { keywords: value as string[] };
    setPending(`${productId}:${field}`);
    try {
      await update.mutateAsync({ id: productId, body });
      notify.success(currentMsg().optimiserApplied(field));
      await record.mutateAsync({ product_id: productId, field }).catch(() => undefined);
    } catch (err) {
      notify.errorFrom(err, currentMsg().pmUpdateFailed);
    } finally {
      setPending(null);
    }
  }
  return { apply, isPending: (productId: number, field: ProposalField) => pending === `${productId}:${field}` };
}
