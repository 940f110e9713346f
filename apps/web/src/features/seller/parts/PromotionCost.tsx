import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { VendorPromotionCost } from '@souq/shared/api/promotions';
import { formatCents } from '@souq/shared/rules/money';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { useLocale } from '@/lib/use-locale';
import { noRetryOnAuth, vendorGet } from '../api';
import { Money } from './Money';

/**
 * What promotions cost the vendor on its sales (decision 0152): its own share (taken off its prices, so it was never
 * paid to it) and what the marketplace paid toward them, in all and per promotion, from the redemptions the server
 * recorded with each purchase.
 */
export function PromotionCost() {
  const { t } = useLingui();
  const locale = useLocale();
  const cost = useQuery({
    queryKey: ['vendor-promotion-cost'], retry: noRetryOnAuth(),
    queryFn: ({ signal }) => vendorGet<VendorPromotionCost>('/api/vendor/promotions/cost', signal),
  });
  const c = cost.data;
  const money = (cents: number) => <Money text={formatCents(cents, undefined, locale)} />;
  return (
    <section aria-labelledby="promotion-cost-heading" className="space-y-3">
      <div>
        <h3 id="promotion-cost-heading" className="text-lg font-semibold text-slate-900"><Trans>What promotions cost you</Trans></h3>
        <p className="text-sm text-slate-500"><Trans>Your share of your coupons, deals and the campaigns you joined is taken off your price (commission and VAT are on the price after it); the marketplace's share is paid by Souq.</Trans></p>
      </div>
      {cost.isError && !c ? (
        <Alert tone="error" title={t`Failed to load what promotions cost you`}>
          <p>{cost.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void cost.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      ) : (
        <>
          <StatGrid>
            <StatCard label={t`Your share`} loading={!c} value={c && money(c.seller_cost_cents)} hint={t`taken off your prices`} />
            <StatCard label={t`Paid by Souq`} loading={!c} value={c && money(c.marketplace_cost_cents)} hint={t`toward your sales`} />
          </StatGrid>
          {c && (c.promotions.length === 0 ? (
            <p className="text-sm text-slate-500"><Trans>No sale of yours has used a promotion yet.</Trans></p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
              {c.promotions.map((p) => (
                <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2">
                  <span className="min-w-0 break-words font-medium text-slate-900"><bdi>{p.name}</bdi></span>
                  <span className="text-slate-600 tabular-nums">
                    <Plural value={p.uses} one="# use" other="# uses" /> · <Trans>yours {formatCents(p.seller_cost_cents, undefined, locale)} · marketplace {formatCents(p.marketplace_cost_cents, undefined, locale)}</Trans>
                  </span>
                </li>
              ))}
            </ul>
          ))}
        </>
      )}
    </section>
  );
}
