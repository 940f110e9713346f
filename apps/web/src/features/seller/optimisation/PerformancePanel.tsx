import type { PerformanceSample } from '@souq/shared/api/optimisation';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { cx } from '@/components/ui/cx';
import { METRICS, meetsTarget } from './performance-monitor';
import { formatDate, formatDecimal } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';


const fmt = (v: number | null, unit: string) => (v === null ? 'n/a' : `${formatDecimal(v)}${unit === '%' ? '%' : ' ms'}`);

function Verdict({ ok }: { ok: boolean | null }) {
  if (ok === null) return <span className="text-xs text-slate-500"><Trans>Not measurable here</Trans></span>;
  return <span className={cx('text-xs font-semibold', ok ? 'text-green-700' : 'text-red-700')}>{ok ? <Trans>On target</Trans> : <Trans>Over target</Trans>}</span>;
}

/** The history's columns, their headers in the page's language. */
const columns = (i18n: I18n): DataTableColumn<PerformanceSample>[] => [
  { key: 'when', header: i18n._(msg`Measured`), className: 'whitespace-nowrap text-slate-700', cell: (s) => <time dateTime={s.created_at} title={formatDate(s.created_at, 'dayTime')}>{formatRelativeTime(s.created_at)}</time> },
  ...METRICS.map((m): DataTableColumn<PerformanceSample> => ({
    key: m.key,
    header: i18n._(m.label),
    align: 'right',
    hideBelow: m.key === 'latency_ms' ? undefined : 'sm',
    cell: (s) => {
      const ok = meetsTarget(s[m.key], m.target);
      return <span className={cx(ok === false && 'font-semibold text-red-700')}>{fmt(s[m.key], m.unit)}</span>;
    },
  })),
];

/** Performance tab: the latest reading against the §9 targets, Measure now, and the history of the last 10 readings. */
export function PerformancePanel({ history, loading, measure, measuring, error, autoRefresh }: {
  history: PerformanceSample[] | undefined;
  loading: boolean;
  measure: () => void;
  measuring: boolean;
  error: string | null;
  autoRefresh: boolean;
}) {
  const { t, i18n } = useLingui();
  const last = history?.[0];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {autoRefresh ? <Trans>Measured again every 10 minutes while this dashboard is open.</Trans> : <Trans>Automatic measuring is off (Settings).</Trans>}
          {last && <> <Trans>Last reading {formatRelativeTime(last.created_at)}.</Trans></>}
        </p>
        <Button onClick={measure} loading={measuring}><Trans>Measure now</Trans></Button>
      </div>
      {error && <Alert tone="error" title={t`Measurement failed`}>{error}</Alert>}
      <StatGrid label={t`Latest reading`}>
        {METRICS.map((m) => {
          const value = last ? last[m.key] : null;
          return (
            <StatCard
              key={m.key}
              label={i18n._(m.label)}
              value={last ? fmt(value, m.unit) : '—'}
              hint={<span className="flex flex-col gap-0.5"><span>{m.unit === '%' ? <Trans>Target: under {m.target}%</Trans> : <Trans>Target: under {m.target} ms</Trans>}</span>{last && <Verdict ok={meetsTarget(value, m.target)} />}</span>}
              loading={loading}
            />
          );
        })}
      </StatGrid>
      <ul className="grid gap-1 text-xs text-slate-500 sm:grid-cols-2">
        {METRICS.map((m) => <li key={m.key}><span className="font-medium text-slate-600">{i18n._(m.label)}:</span> {i18n._(m.how)}</li>)}
      </ul>
      <section aria-labelledby="perf-history" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <h3 id="perf-history" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"><Trans>Performance history</Trans></h3>
        <DataTable caption={t`Performance history`} columns={columns(i18n)} rows={history} rowKey={(s) => s.id} loading={loading} empty={{ title: t`No readings yet`, description: t`Measure now to take the first one.` }} />
      </section>
    </div>
  );
}
