import type { ReactNode } from 'react';
import { Skeleton } from './Skeleton';
import { cx } from './cx';

const TREND = {
  up: { className: 'text-emerald-700', d: 'M4 12l4-4 3 3 5-5M12 6h4v4', word: 'Up' },
  down: { className: 'text-red-700', d: 'M4 8l4 4 3-3 5 5M12 14h4v-4', word: 'Down' },
  flat: { className: 'text-slate-500', d: 'M4 10h12', word: 'Unchanged' },
} as const;

export type StatTrend = {
  /** Which way the figure moved; 'up' is drawn green and 'down' red unless `good` says otherwise. */
  direction: keyof typeof TREND;
  /** The change in words, e.g. '+12% vs last week'. */
  text: string;
  /** Override of the colour when down is good (e.g. fewer refunds): 'up' | 'down'. */
  good?: 'up' | 'down';
};

/** One headline figure: label, value, an optional trend and hint; skeleton while loading. */
export function StatCard({ label, value, hint, trend, icon, loading, className }: {
  /** What the figure is, e.g. 'Revenue (30 days)'. */
  label: ReactNode;
  /** The figure, already formatted (e.g. formatMoney(total, currency)). */
  value: ReactNode;
  /** Small text under the value, e.g. 'from 128 orders'. */
  hint?: ReactNode;
  /** Change against a previous period. */
  trend?: StatTrend;
  /** Decorative icon at the top right. */
  icon?: ReactNode;
  /** Shows skeleton lines in place of value, hint and trend. */
  loading?: boolean;
  className?: string;
}) {
  const t = trend && TREND[trend.direction];
  const trendClass = trend && trend.good && trend.direction !== 'flat' ? (trend.direction === trend.good ? TREND.up.className : TREND.down.className) : t?.className;
  return (
    <div className={cx('min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)} aria-busy={loading || undefined}>
      <div className="flex items-start justify-between gap-3">
        <p className="truncate text-sm font-medium text-slate-500">{label}</p>
        {icon && <span aria-hidden="true" className="shrink-0 text-slate-400">{icon}</span>}
      </div>
      {loading ? (
        <>
          <Skeleton className="mt-3 h-7 w-28" />
          <Skeleton className="mt-3 h-3.5 w-20" />
        </>
      ) : (
        <>
          <p className="mt-2 text-xl font-semibold tracking-tight break-words text-slate-900 tabular-nums">{value}</p>
          {(trend || hint) && (
            <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
              {trend && t && (
                <span className={cx('inline-flex items-center gap-1 font-medium', trendClass)}>
                  <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d={t.d} />
                  </svg>
                  <span className="sr-only">{t.word}: </span>
                  {trend.text}
                </span>
              )}
              {hint && <span>{hint}</span>}
            </p>
          )}
        </>
      )}
    </div>
  );
}

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 xl:grid-cols-4' } as const;

/** A responsive row of StatCards: one column on phones, two on tablets, `columns` on wide screens. */
export function StatGrid({ columns = 4, label, children, className }: {
  /** Cards per row on wide screens. */
  columns?: keyof typeof COLUMNS;
  /** Accessible name of the group, e.g. 'Sales summary'. */
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={label} className={cx('grid grid-cols-1 gap-3 sm:gap-4', COLUMNS[columns], className)}>
      {children}
    </section>
  );
}
