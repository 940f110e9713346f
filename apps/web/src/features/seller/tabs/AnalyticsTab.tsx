import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMsg } from '@/lib/use-msg';
import { VENDOR_ANALYTICS_RANGES, type VendorAnalytics } from '@souq/shared/api/vendor-dashboard';
import { formatMoney } from '@souq/shared/rules/money';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { TimeSeriesChart } from '@/components/charts';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard } from '@/components/ui/StatCard';
import { Money } from '../parts/Money';
import { useVendorAnalytics } from '../dashboard-api';
import { formatCount, formatDate } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { useDepartmentName } from '@/components/shop/departments';
import { plural } from '@lingui/core/macro';

const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** A card with a heading and a list, its loading rows and its empty text. */
function Panel({ title, loading, isEmpty, emptyText, children }: { title: string; loading: boolean; isEmpty: boolean; emptyText: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">
        {loading ? (
          <div className="space-y-2.5">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-5 w-full" />)}</div>
        ) : isEmpty ? (
          <p className="text-sm text-slate-500">{emptyText}</p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** Rows of name → count with a bar relative to the largest, for Top Categories and Top Tags. */
function CountBars({ rows, label }: { rows: { name: string; count: number }[]; label: string }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul className="space-y-2" aria-label={label}>
      {rows.map((r) => (
        <li key={r.name} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="truncate text-slate-800 capitalize" title={r.name} dir="auto">{r.name}</span>
            <span className="shrink-0 tabular-nums text-slate-600">{formatCount(r.count)}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-100">
            <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${(r.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Insights({ data, loading }: { data: VendorAnalytics | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="insights-heading" className="rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="insights-heading" className="text-base font-semibold text-slate-900"><Trans>AI Insights</Trans></h3>
        <p className="text-xs text-slate-500"><Trans>Written from your own figures on this page</Trans></p>
      </div>
      {loading || !data ? (
        <div className="mt-3 space-y-2"><Skeleton className="h-4 w-full" /><Skeleton className="h-4 w-5/6" /><Skeleton className="h-4 w-2/3" /></div>
      ) : (
        <p dir="auto" className="mt-2 text-sm leading-relaxed text-slate-700">{data.ai.summary}</p>
      )}
    </section>
  );
}

/**
 * The Analytics tab (vendor §2, §3): overview cards (Total Products, Active Products, Average Price, Inventory
 * Value), the vendor's revenue per day over a chosen range as a chart (with its table for screen readers), Top
 * Categories, Top Tags, Recent Products, best sellers and the AI Insights text, all from GET /api/analytics/vendor.
 * The range lives in the URL; without one the server uses the vendor's default range (Settings).
 */
export default function AnalyticsTab() {
  const MSG = useMsg();
  const { t } = useLingui();
  // departments and best sellers in the page's language (issue 26 item 1), the English where there is no Arabic
  const lang = useContentLang();
  const departmentName = useDepartmentName();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const asked = { from: params.get('analytics_from') ?? undefined, to: params.get('analytics_to') ?? undefined };
  const reversed = !!asked.from && !!asked.to && asked.from > asked.to;
  const analytics = useVendorAnalytics(reversed ? {} : asked);
  const data = analytics.data;
  const a = data?.analytics;
  const o = a?.overview;
  const sales = a?.sales;
  const money = (v: number) => formatMoney(v, o?.currency ?? '');
  const loading = !data;

  const setRange = (next: { from: string; to: string }) => {
    const q = new URLSearchParams(location.search);
    q.set('analytics_from', next.from);
    q.set('analytics_to', next.to);
    navigate({ search: `?${q}` }, { replace: true, state: location.state });
  };
  const from = sales?.from ?? asked.from ?? '';
  const to = sales?.to ?? asked.to ?? '';

  if (analytics.isError && !data) {
    return (
      <div className="flex flex-col gap-5">
        <PageHeader title={t`Analytics`} description={t`Your catalogue and sales in figures.`} />
        <Alert tone="error" title={MSG.analyticsLoadFailed}>
          <p>{analytics.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void analytics.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t`Analytics`}
        description={MSG.vendorAnalyticsDescription}
        actions={
          <Button variant="secondary" onClick={() => void analytics.refetch()} loading={analytics.isFetching && !!data}>
            <Trans>Refresh</Trans>
          </Button>
        }
      />

      <section aria-label={t`Catalogue overview`} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t`Total Products`} loading={loading} value={formatCount(o?.total_products)} />
        <StatCard
          label={t`Active Products`}
          loading={loading}
          value={formatCount(o?.active_products)}
          hint={o && (o.low_stock > 0 ? t`${o.low_stock} under ${o.low_stock_threshold} in stock` : t`none under ${o.low_stock_threshold} in stock`)}
        />
        <StatCard label={t`Average Price`} loading={loading} value={o && <Money text={money(o.avg_price)} />} />
        <StatCard label={t`Inventory Value`} loading={loading} value={o && <Money text={money(o.inventory_value)} />} hint={t`price × stock`} />
      </section>

      <Insights data={data} loading={loading} />

      <div role="group" aria-label={t`Date range`} className="flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        {VENDOR_ANALYTICS_RANGES.map((days) => {
          const end = todayUtc();
          const start = daysBefore(end, days - 1);
          const on = from === start && to === end;
          return (
            <Button key={days} size="sm" variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => setRange({ from: start, to: end })}>
              <Trans>Last {days} days</Trans>
            </Button>
          );
        })}
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          <Trans>From</Trans>
          <Input type="date" value={from} max={to || undefined} onChange={(e) => e.target.value && setRange({ from: e.target.value, to: to || todayUtc() })} className="w-40" />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          <Trans>To</Trans>
          <Input type="date" value={to} min={from || undefined} onChange={(e) => e.target.value && setRange({ from: from || e.target.value, to: e.target.value })} className="w-40" />
        </label>
        {reversed && <p role="alert" className="w-full text-sm text-red-700">{MSG.dateRangeInvalid}</p>}
      </div>

      <TimeSeriesChart
        title={t`Sales over time: revenue per day`}
        description={
          sales
            ? t`${money(sales.totals.revenue)} from ${plural(sales.totals.orders, { one: `${formatCount(sales.totals.orders)} order`, other: `${formatCount(sales.totals.orders)} orders` })} (${plural(sales.totals.units_sold, { one: `${formatCount(sales.totals.units_sold)} unit`, other: `${formatCount(sales.totals.units_sold)} units` })}), ${formatDate(sales.from)} – ${formatDate(sales.to)}`
            : undefined
        }
        loading={loading}
        currency={o?.currency ?? ''}
        data={sales && sales.totals.orders > 0 ? sales.revenue_by_day.map((d) => ({ date: d.date, value: d.revenue })) : []}
        variant={(sales?.revenue_by_day.length ?? 0) <= 14 ? 'bar' : 'line'}
        empty={{ title: t`No sales in this range`, description: t`Your items in orders appear here by the day the order was placed.` }}
      />

      <div className="grid gap-4 md:grid-cols-2">
        <Panel title={t`Top Categories`} loading={loading} isEmpty={!a?.categories.length} emptyText={t`None of your products has a category yet.`}>
          <CountBars label={t`Products per category`} rows={(a?.categories ?? []).map((c) => ({ name: departmentName(c.category), count: c.count }))} />
        </Panel>
        <Panel title={t`Top Tags`} loading={loading} isEmpty={!a?.tags.length} emptyText={t`None of your products has tags yet.`}>
          <CountBars label={t`Products per tag`} rows={(a?.tags ?? []).map((g) => ({ name: g.tag, count: g.count }))} />
        </Panel>
        <Panel title={t`Recent Products`} loading={loading} isEmpty={!a?.recent_products.length} emptyText={t`No products yet.`}>
          <ul className="divide-y divide-slate-100 text-sm">
            {a?.recent_products.map((p) => (
              <li key={p.id} className="flex items-baseline justify-between gap-3 py-1.5 first:pt-0">
                <span className="min-w-0">
                  <span className="block truncate text-slate-800" title={p.name} dir="auto">{p.name}</span>
                  <time className="text-xs text-slate-500" dateTime={p.created_at} title={formatDate(p.created_at, 'dayTime')}>{formatRelativeTime(new Date(p.created_at))}</time>
                </span>
                <span className="shrink-0 tabular-nums text-slate-700">{money(p.price)}</span>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t`Best Sellers`} loading={loading} isEmpty={!sales?.top_products.length} emptyText={t`No sales in this range.`}>
          <ul className="divide-y divide-slate-100 text-sm">
            {sales?.top_products.map((p) => (
              <li key={`${p.id}-${p.name}`} className="flex items-baseline justify-between gap-3 py-1.5 first:pt-0">
                <span className="min-w-0">
                  <span className="block truncate text-slate-800" title={pickText(p.name, p.name_ar, lang)}><LocalText en={p.name} ar={p.name_ar} lang={lang} /></span>
                  <span className="text-xs text-slate-500"><Trans>{formatCount(p.units_sold)} sold</Trans></span>
                </span>
                <span className="shrink-0 tabular-nums text-slate-700">{money(p.revenue)}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}
