import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SalesAnalytics } from '@souq/shared/api/reports';
import { SALES_DEFAULT_DAYS } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { CategoryBarChart, TimeSeriesChart } from '@/components/charts';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { cx } from '@/components/ui/cx';
import { queryString, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { perOrderHint, rangeHint } from '../parts/range-hints';
import { formatCount, numberFormat, type Locale } from '@souq/shared/rules/locale';
import { pickText } from '@souq/shared/rules/content-lang';
import { useLocale } from '@/lib/use-locale';
import { useDepartmentName } from '@/components/shop/departments';

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
const PRESETS = [7, 30, 90] as const;

type Column<Row> = { header: string; cell: (row: Row) => ReactNode; numeric?: boolean };

/** The currency's sign as the reader's language writes it ('AED', 'د.إ.'). */
const currencySign = (currency: string, locale: Locale) =>
  numberFormat({ locale }, { style: 'currency', currency: currency || 'AED' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;

/** A price or cart-value bucket in the reader's language and digits: 'AED 50–100', 'AED 1,000+' in English. */
function bucketLabel(b: { low: number; high: number | null }, currency: string, locale: Locale): string {
  const sign = currencySign(currency, locale);
  const low = formatCount(b.low, locale);
  if (b.high === null) return t`${sign} ${low}+`;
  const high = formatCount(b.high, locale);
  return t`${sign} ${low}–${high}`;
}

/** One of the spec's four tables, with its 'No data' text. */
function ReportTable<Row>({ title, rows, columns, rowKey }: { title: string; rows: Row[] | undefined; columns: Column<Row>[]; rowKey: (row: Row, i: number) => string }) {
  const MSG = useMsg();
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">{title}</h3>
      {!rows ? (
        <div className="space-y-2 p-4"><Skeleton className="h-4 w-full" /><Skeleton className="h-4 w-5/6" /><Skeleton className="h-4 w-2/3" /></div>
      ) : rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500 sm:px-5">{MSG.noData}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>{columns.map((c) => <th key={c.header} scope="col" className={cx('px-4 py-2 sm:px-5', c.numeric && 'text-end')}>{c.header}</th>)}</tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <td key={c.header} className={cx('px-4 py-2 sm:px-5', c.numeric ? 'text-end whitespace-nowrap tabular-nums' : 'max-w-[14rem]')}>
                      {/* a name is cut at its own end (an English name on an Arabic page keeps its start, and the reverse) */}
                      {c.numeric ? c.cell(row) : <bdi dir="auto" className="block truncate">{c.cell(row)}</bdi>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Sales Analytics (admin §2): a date range (in the URL), revenue per day and by category as charts with their
 * tables for screen readers, and the spec's four tables (Top Categories, Top Products, Price Buckets, Cart Value
 * Buckets) from real orders, cancelled and refunded ones left out.
 */
export function ReportsSection() {
  const MSG = useMsg();
  const locale = useLocale();
  // departments and products in the page's language (the English where there is no Arabic)
  const departmentName = useDepartmentName();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const to = params.get('to') || today();
  const from = params.get('from') || daysBefore(to, SALES_DEFAULT_DAYS - 1);
  const reversed = from > to;
  const setRange = (next: { from: string; to: string }) => {
    const q = new URLSearchParams(location.search);
    q.set('from', next.from);
    q.set('to', next.to);
    navigate({ search: `?${q}` }, { replace: true, state: location.state });
  };
  const sales = useAdminQuery<SalesAnalytics>(['admin-sales', from, to], `/api/analytics/sales${queryString({ from, to })}`, { enabled: !reversed });
  const s = sales.data;
  const money = (v: number) => formatMoney(v, s?.currency ?? '');
  const hasOrders = (s?.totals.orders ?? 0) > 0;
  // the bucket tables list every bucket; with no orders at all they read 'No data' like the others
  const buckets = <T,>(rows: T[] | undefined) => (s ? (hasOrders ? rows : []) : undefined);

  return (
    <section aria-labelledby="reports-heading" className="space-y-5">
      <PageHeader
        id="reports-heading"
        title={t`Sales Analytics`}
        description={t`Revenue from order lines (without shipping and tax); cancelled and refunded orders are left out. Days in UTC.`}
      />
      <div role="group" aria-label={t`Date range`} className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          <Trans>From</Trans>
          <Input type="date" value={from} max={to} onChange={(e) => e.target.value && setRange({ from: e.target.value, to })} className="w-40" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          <Trans>To</Trans>
          <Input type="date" value={to} min={from} onChange={(e) => e.target.value && setRange({ from, to: e.target.value })} className="w-40" />
        </label>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((days) => {
            const end = today();
            const start = daysBefore(end, days - 1);
            return (
              <Button key={days} variant={from === start && to === end ? 'primary' : 'secondary'} size="sm" onClick={() => setRange({ from: start, to: end })} aria-pressed={from === start && to === end}>
                <Trans>Last {days} days</Trans>
              </Button>
            );
          })}
        </div>
        {reversed && <p role="alert" className="w-full text-sm text-red-700">{MSG.dateRangeInvalid}</p>}
      </div>

      {sales.isError && !s ? (
        <LoadError title={MSG.loadSalesFailed} error={sales.error} onRetry={() => void sales.refetch()} />
      ) : (
        <>
          <StatGrid label={t`Sales totals`} columns={3}>
            <StatCard label={t`Revenue`} loading={!s} value={s && money(s.totals.revenue)} hint={s && rangeHint(s.from, s.to)} />
            <StatCard label={t`Orders`} loading={!s} value={formatCount(s?.totals.orders)} hint={s && hasOrders ? perOrderHint(money(s.totals.revenue / s.totals.orders)) : undefined} />
            <StatCard label={t`Units sold`} loading={!s} value={formatCount(s?.totals.units_sold)} />
          </StatGrid>
          <div className="grid gap-4 xl:grid-cols-2">
            <TimeSeriesChart
              title={t`Revenue per day`}
              loading={!s}
              currency={s?.currency ?? ''}
              data={hasOrders ? s!.revenue_by_day.map((d) => ({ date: d.date, value: d.revenue })) : []}
              empty={{ title: MSG.noData, description: t`No orders in this range.` }}
              variant={(s?.revenue_by_day.length ?? 0) <= 14 ? 'bar' : 'line'}
            />
            <CategoryBarChart
              title={t`Revenue by category`}
              description={t`Each product under its first category`}
              loading={!s}
              currency={s?.currency ?? ''}
              data={(s?.categories ?? []).map((c) => ({ category: departmentName(c.category), value: c.revenue }))}
              empty={{ title: MSG.noData, description: t`No orders in this range.` }}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <ReportTable
              title={t`Top Categories`}
              rows={s?.categories}
              rowKey={(r) => r.category}
              columns={[
                { header: t`Category`, cell: (r) => <span title={departmentName(r.category)}>{departmentName(r.category)}</span> },
                { header: t`Revenue`, numeric: true, cell: (r) => money(r.revenue) },
                { header: t`Units`, numeric: true, cell: (r) => formatCount(r.units_sold, locale) },
              ]}
            />
            <ReportTable
              title={t`Top Products`}
              rows={s?.products}
              rowKey={(r, i) => `${r.id ?? r.name}-${i}`}
              columns={[
                { header: t`Product`, cell: (r) => <span title={pickText(r.name, r.name_ar, locale)}>{pickText(r.name, r.name_ar, locale)}</span> },
                { header: t`Revenue`, numeric: true, cell: (r) => money(r.revenue) },
                { header: t`Units`, numeric: true, cell: (r) => formatCount(r.units_sold, locale) },
              ]}
            />
            <ReportTable
              title={t`Price Buckets`}
              rows={buckets(s?.price_buckets)}
              rowKey={(r) => r.bucket}
              columns={[
                { header: t`Bucket`, cell: (r) => bucketLabel(r, s?.currency ?? '', locale) },
                { header: t`Items`, numeric: true, cell: (r) => formatCount(r.items, locale) },
                { header: t`Revenue`, numeric: true, cell: (r) => money(r.revenue) },
              ]}
            />
            <ReportTable
              title={t`Cart Value Buckets`}
              rows={buckets(s?.cart_value_buckets)}
              rowKey={(r) => r.bucket}
              columns={[
                { header: t`Bucket`, cell: (r) => bucketLabel(r, s?.currency ?? '', locale) },
                { header: t`Orders`, numeric: true, cell: (r) => formatCount(r.orders, locale) },
                { header: t`Revenue`, numeric: true, cell: (r) => money(r.revenue) },
              ]}
            />
          </div>
        </>
      )}
    </section>
  );
}
