import type { OptimiserState } from '@souq/shared/api/optimisation';
import { SCORE_RECOMMENDATION_BELOW } from '@souq/shared/constants';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { ScoreBadge } from './ScoreBadge';
import { formatDate } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';


type Run = OptimiserState['runs'][number];

const when = (iso: string) => <time dateTime={iso} title={formatDate(iso, 'dayTime')}>{formatRelativeTime(iso)}</time>;

/** The run table's columns, their headers in the page's language. */
const runColumns = (i18n: I18n): DataTableColumn<Run>[] => [
  { key: 'when', header: i18n._(msg`Run`), className: 'whitespace-nowrap text-slate-700', cell: (r) => when(r.created_at) },
  { key: 'products', header: i18n._(msg`Products`), align: 'right', cell: (r) => r.products },
  { key: 'seo', header: 'SEO', align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.averages.seo} /> },
  { key: 'performance', header: i18n._(msg`Performance`), align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.averages.performance} /> },
  { key: 'conversion', header: i18n._(msg`Conversion`), align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.averages.conversion} /> },
  { key: 'overall', header: i18n._(msg`Overall`), align: 'right', cell: (r) => <ScoreBadge score={r.averages.overall} /> },
  { key: 'below', header: i18n._(msg`Below ${SCORE_RECOMMENDATION_BELOW}`), align: 'right', hideBelow: 'sm', cell: (r) => r.below_threshold },
];

/** Overview tab: the latest run's numbers, the run history (10) and the activity log (20). */
export function OverviewPanel({ state, loading }: { state: OptimiserState | undefined; loading: boolean }) {
  const { t, i18n } = useLingui();
  const last = state?.runs[0];
  const recs = last ? last.recommendations.critical + last.recommendations.high + last.recommendations.medium : 0;
  return (
    <div className="flex flex-col gap-6">
      <StatGrid label={t`Latest optimisation run`}>
        <StatCard label={t`Products analysed`} value={last?.products ?? '—'} hint={last ? <><Trans>Last run: {formatRelativeTime(last.created_at)}</Trans></> : t`No run yet`} loading={loading} />
        <StatCard label={t`Average score`} value={last ? <ScoreBadge score={last.averages.overall} className="px-3 py-1 text-base" /> : '—'} hint={t`Mean of SEO, performance and conversion`} loading={loading} />
        <StatCard label={t`Below ${SCORE_RECOMMENDATION_BELOW}`} value={last?.below_threshold ?? '—'} hint={t`Products with recommendations`} loading={loading} />
        <StatCard
          label={t`Recommendations`}
          value={last ? recs : '—'}
          hint={last ? t`${last.recommendations.critical} critical · ${last.recommendations.high} high · ${last.recommendations.medium} medium` : undefined}
          loading={loading}
        />
      </StatGrid>

      <div className="flex flex-col gap-6">
        <section aria-labelledby="run-history" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <h3 id="run-history" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"><Trans>Run history</Trans></h3>
          <DataTable
            caption={t`Run history`}
            columns={runColumns(i18n)}
            rows={state?.runs}
            rowKey={(r) => r.id}
            loading={loading}
            empty={{ title: t`No runs yet`, description: t`Run the optimisation to score every product.` }}
          />
        </section>
        <section aria-labelledby="activity-log" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <h3 id="activity-log" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"><Trans>Activity</Trans></h3>
          {state?.activity.length ? (
            <ol className="divide-y divide-slate-100">
              {state.activity.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm sm:px-5">
                  <span className="text-slate-800">{a.message}</span>
                  <span className="shrink-0 text-xs text-slate-500">{when(a.created_at)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState className="border-0 bg-transparent py-8" title={loading ? t`Loading...` : t`No activity yet`} description={loading ? undefined : t`Runs, applied proposals and settings changes appear here.`} />
          )}
        </section>
      </div>
    </div>
  );
}
