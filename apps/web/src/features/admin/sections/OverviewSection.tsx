import type { AdminOverview } from '@souq/shared/api/reports';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { RefreshButton } from '../parts/RefreshButton';
import { When } from '../parts/When';
import { formatCount } from '@souq/shared/rules/locale';

const count = (n: number) => formatCount(n);

/**
 * Dashboard (admin §2 Overview): the four cards from the database, Refresh ('Refreshing...'), and the AI Summary,
 * a text the server writes from the same figures.
 */
export function OverviewSection() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const overview = useAdminQuery<AdminOverview>(['admin-overview'], '/api/admin/overview');
  const o = overview.data;
  const loading = overview.isPending;
  const refreshing = overview.isFetching && !overview.isPending;

  return (
    <section aria-labelledby="overview-heading" className="space-y-5">
      <PageHeader
        id="overview-heading"
        title={t`Dashboard`}
        description={t`The catalogue and its stock at a glance, with a summary of the last 30 days.`}
        actions={<RefreshButton query={overview} />}
      />
      {overview.isError && !o ? (
        <LoadError title={MSG.loadOverviewFailed} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <StatGrid label={t`Catalogue summary`} className="grid-cols-2">
            <StatCard label={t`Total Products`} loading={loading} value={o && count(o.total_products)} hint={o && t`${count(o.low_stock)} active low on stock`} />
            <StatCard label={t`Active Products`} loading={loading} value={o && count(o.active_products)} hint={o && o.total_products > 0 ? t`${Math.round((o.active_products / o.total_products) * 100)}% of the catalogue` : undefined} />
            <StatCard label={t`Total Inventory`} loading={loading} value={o && t`${count(o.total_inventory)} units`} />
            {/* money cards take a whole row of the phones' two-column grid: amounts stay on one line */}
            <StatCard label={t`Inventory Value`} className="col-span-2 sm:col-span-1" loading={loading} value={o && formatMoney(o.inventory_value, o.currency)} hint={t`at current prices`} />
          </StatGrid>
          <StatGrid label={t`Last 30 days`} columns={3}>
            <StatCard label={t`Orders (30 days)`} loading={loading} value={o && count(o.orders_30d)} hint={o && t`${count(o.pending_orders)} pending`} />
            <StatCard label={t`Sales (30 days)`} loading={loading} value={o && formatMoney(o.revenue_30d, o.currency)} hint={t`merchandise, without shipping and tax`} />
            <StatCard label={t`Top category (30 days)`} loading={loading} value={o ? (o.top_category_30d ? <bdi>{(i18n.locale === 'ar' && o.top_category_30d_ar) || o.top_category_30d}</bdi> : '—') : undefined} />
          </StatGrid>
          <section aria-labelledby="ai-summary-heading" className="rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-5 shadow-sm" aria-busy={loading || refreshing || undefined}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="ai-summary-heading" className="text-sm font-semibold tracking-wide text-brand-800 uppercase"><Trans>AI Summary</Trans></h3>
              {o && <p className="text-xs text-slate-500"><Trans>Written from the figures above, <When iso={o.generated_at} /></Trans></p>}
            </div>
            {loading ? (
              <div className="mt-3 space-y-2">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            ) : (
              <p dir="auto" className="mt-2 text-sm leading-relaxed text-slate-800">{o?.ai.summary}</p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
