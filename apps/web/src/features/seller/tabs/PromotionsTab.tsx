import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PromotionDto } from '@souq/shared/api/promotions';
import type { ManagedProduct } from '@souq/shared/api/products';
import { pickText } from '@souq/shared/rules/content-lang';
import { api } from '@/lib/api-client';
import { useContentLang } from '@/lib/content-lang';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { notify } from '@/components/ui/toast';
import { PromotionForm } from '@/components/promotions/PromotionForm';
import { PromotionList } from '@/components/promotions/PromotionList';

// The vendor's Promotions tab (issue 39, decision 0148): its own coupons and deals (always its own cost, on its own
// products), pause and resume, and the marketplace's campaigns it may opt its products in to.

const keys = { mine: ['vendor-promotions'] as const, campaigns: ['vendor-campaigns'] as const, products: ['vendor-promotion-products'] as const };

export default function VendorPromotionsTab() {
  const lang = useContentLang();
  const { t } = useLingui();
  const MSG = useMsg();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const mine = useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => api<PromotionDto[]>('/api/vendor/promotions', { auth: 'vendor', signal }) });
  const campaigns = useQuery({ queryKey: keys.campaigns, queryFn: ({ signal }) => api<PromotionDto[]>('/api/vendor/campaigns', { auth: 'vendor', signal }) });
  const products = useQuery({ queryKey: keys.products, queryFn: ({ signal }) => api<ManagedProduct[]>('/api/vendor/products?limit=200', { auth: 'vendor', signal }) });
  const choices = (products.data ?? []).map((p) => ({ id: p.id, name: pickText(p.name, p.name_ar, lang) }));
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: keys.mine }), qc.invalidateQueries({ queryKey: keys.campaigns })]);

  async function run(id: number | null, action: () => Promise<unknown>, done: string) {
    setBusy(id);
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (err) {
      notify.errorFrom(err, MSG.requestFailed);
      throw err;
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`Promotions`} description={t`Coupons and deals on your own products. What they take off is your cost: the price you are paid and the commission follow it.`} />
      <PromotionForm area="vendor" products={choices} onSubmit={(body) => run(null, () => api('/api/vendor/promotions', { method: 'POST', body, auth: 'vendor' }), t`Promotion created`)} />
      <section className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900"><Trans>Your promotions</Trans></h3>
        {mine.isError ? <p className="text-sm text-red-700">{MSG.requestFailed}</p> : (
          <PromotionList items={mine.data ?? []} busyId={busy} onStatus={(p, status) => void run(p.id, () => api(`/api/vendor/promotions/${p.id}/status`, { method: 'POST', body: { status }, auth: 'vendor' }), status === 'paused' ? t`Promotion paused` : t`Promotion resumed`).catch(() => {})} />
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900"><Trans>Marketplace campaigns</Trans></h3>
        <p className="text-sm text-slate-600"><Trans>Opt your products in to a campaign; in a split campaign your share of each discount is your cost.</Trans></p>
        <PromotionList items={campaigns.data ?? []} busyId={busy}
          empty={{ title: t`No campaigns open`, description: t`When the marketplace runs a campaign you can join, it appears here.` }}
          extra={(c: PromotionDto) => (
          <OptIn campaign={c} products={choices} onOptIn={(ids) => run(c.id, () => api(`/api/vendor/campaigns/${c.id}/opt-in`, { method: 'POST', body: { product_ids: ids }, auth: 'vendor' }), t`Products opted in`)} />
        )} />
      </section>
    </div>
  );
}

function OptIn({ campaign, products, onOptIn }: { campaign: PromotionDto; products: { id: number; name: string }[]; onOptIn: (ids: number[]) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const left = products.filter((p) => !campaign.product_ids.includes(p.id));
  if (!open) return <Button size="sm" onClick={() => setOpen(true)} disabled={!left.length}><Trans>Opt in</Trans></Button>;
  return (
    <div className="flex w-full flex-col gap-1 sm:w-64">
      {left.map((p) => (
        <label key={p.id} className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, p.id] : chosen.filter((x) => x !== p.id))} />
          <bdi className="truncate">{p.name}</bdi>
        </label>
      ))}
      <Button size="sm" disabled={!chosen.length} onClick={() => void onOptIn(chosen).then(() => { setOpen(false); setChosen([]); }, () => {})}>
        <Trans>Opt in the chosen products</Trans>
      </Button>
    </div>
  );
}
