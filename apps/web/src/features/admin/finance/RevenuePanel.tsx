import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { FinanceRevenue } from '@souq/shared/api/payouts';
import { useMsg } from '@/lib/use-msg';
import { centsToAmount, formatCents } from '@souq/shared/rules/money';
import { TimeSeriesChart } from '@/components/charts';
import { Button } from '@/components/ui/Button';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { queryString, useAdminQuery } from '../api';
import { rangeHint } from '../parts/range-hints';
import { LoadError } from '../parts/LoadError';
import { daysBefore, today } from './format';

const PRESETS = [7, 30, 90] as const;

/** The marketplace's revenue per day: commission earned less commission reversed (the commission account). */
export function RevenuePanel() {
  const MSG = useMsg();
  const [days, setDays] = useState<(typeof PRESETS)[number]>(30);
  const to = today();
  const from = daysBefore(to, days - 1);
  const revenue = useAdminQuery<FinanceRevenue>(['admin-finance', 'revenue', from, to], `/api/admin/finance/revenue${queryString({ from, to })}`);
  const r = revenue.data;
  const sum = (pick: (d: FinanceRevenue['days'][number]) => number) => (r ? r.days.reduce((n, d) => n + pick(d), 0) : 0);
  if (revenue.isError && !r) return <LoadError title={MSG.loadFinanceFailed} error={revenue.error} onRetry={() => void revenue.refetch()} />;
  return (
    <div className="space-y-4">
      <div role="group" aria-label={t`Period`} className="flex flex-wrap gap-2">
        {PRESETS.map((n) => (
          <Button key={n} size="sm" variant={n === days ? 'primary' : 'secondary'} aria-pressed={n === days} onClick={() => setDays(n)}><Trans>Last {n} days</Trans></Button>
        ))}
      </div>
      <StatGrid label={t`Marketplace revenue`} columns={3}>
        <StatCard label={t`Net revenue`} loading={!r} value={r && formatCents(r.total_cents, r.currency)} hint={r && rangeHint(r.from, r.to)} />
        <StatCard label={t`Commission earned`} loading={!r} value={r && formatCents(sum((d) => d.commission_cents), r.currency)} />
        <StatCard label={t`Commission reversed`} loading={!r} value={r && formatCents(sum((d) => d.reversed_cents), r.currency)} hint={t`cancellations and refunds`} />
      </StatGrid>
      <TimeSeriesChart
        title={t`Net revenue per day`}
        description={t`Commission less reversals, by the day it was posted (UTC)`}
        loading={!r}
        currency={r?.currency ?? ''}
        valueLabel={t`Net revenue`}
        data={r && r.days.some((d) => d.commission_cents || d.reversed_cents) ? r.days.map((d) => ({ date: d.date, value: centsToAmount(d.net_cents) })) : []}
        empty={{ title: MSG.noData, description: t`No commission posted in this period.` }}
        variant={days <= 14 ? 'bar' : 'line'}
      />
    </div>
  );
}
