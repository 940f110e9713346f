import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PromotionDto } from '@souq/shared/api/promotions';
import { api } from '@/lib/api-client';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { notify } from '@/components/ui/toast';
import { PromotionForm } from '@/components/promotions/PromotionForm';
import { PromotionList } from '@/components/promotions/PromotionList';

// The admin's Promotions section (issue 39, decision 0148): marketplace campaigns and every seller's promotion with
// their uses and cost to the marketplace and to each seller; create a campaign, pause or resume any promotion, and
// whether deals and a coupon stack. Every change is audited.

const key = ['admin-promotions'] as const;

export function AdminPromotionsSection() {
  const { t } = useLingui();
  const MSG = useMsg();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<PromotionDto[]>('/api/admin/promotions', { auth: 'admin', signal }) });

  async function run(id: number | null, action: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await action();
      notify.success(done);
      await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      notify.errorFrom(err, MSG.requestFailed);
      throw err;
    } finally {
      setBusy(null);
    }
  }
  const stacking = (value: boolean) => run(null, () => api('/api/admin/promotions/stacking', { method: 'PUT', body: { deals_stack_with_coupons: value }, auth: 'admin' }),
    value ? t`Deals and a coupon now stack` : t`A coupon now skips lines that have a deal`).catch(() => {});
  const campaigns = (list.data ?? []).filter((p) => p.owner_vendor_id === null);
  const sellers = (list.data ?? []).filter((p) => p.owner_vendor_id !== null);
  const status = (p: PromotionDto, s: 'active' | 'paused') => void run(p.id, () => api(`/api/admin/promotions/${p.id}/status`, { method: 'POST', body: { status: s }, auth: 'admin' }),
    s === 'paused' ? t`Promotion paused` : t`Promotion resumed`).catch(() => {});
  const sellerName = (id: number | null) => (id === null ? t`Marketplace` : t`Seller #${id}`);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`Promotions`} description={t`Campaigns funded by the marketplace or split with sellers, and every seller's own promotions, with what they cost.`} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700"><Trans>Deals and a coupon on the same line:</Trans></span>
        <Button size="sm" variant="secondary" onClick={() => void stacking(true)}><Trans>Stack</Trans></Button>
        <Button size="sm" variant="secondary" onClick={() => void stacking(false)}><Trans>Do not stack</Trans></Button>
      </div>
      <PromotionForm area="admin" products={[]} onSubmit={(body) => run(null, () => api('/api/admin/promotions', { method: 'POST', body, auth: 'admin' }), t`Campaign created`)} />
      {list.isError ? <p className="text-sm text-red-700">{MSG.requestFailed}</p> : (
        <>
          <section className="flex flex-col gap-3">
            <h3 className="text-base font-semibold text-slate-900"><Trans>Marketplace campaigns</Trans></h3>
            <PromotionList items={campaigns} onStatus={status} busyId={busy} perSeller sellerName={sellerName}
              empty={{ title: t`No campaigns yet`, description: t`Campaigns the marketplace creates appear here with their uses and what they cost each funder.` }} />
          </section>
          <section className="flex flex-col gap-3">
            <h3 className="text-base font-semibold text-slate-900"><Trans>Sellers' promotions</Trans></h3>
            <PromotionList items={sellers} onStatus={status} busyId={busy} perSeller sellerName={sellerName}
              empty={{ title: t`No seller promotions yet`, description: t`Coupons and deals sellers create on their own products appear here.` }} />
          </section>
        </>
      )}
    </div>
  );
}
