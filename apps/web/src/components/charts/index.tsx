// The charts of the vendor and admin areas, as light components: recharts (large) loads only when a chart with
// data is on screen, in its own chunk. Import charts from here: '@/components/charts'.
import { lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@souq/shared/rules/money';
import { ChartFrame, type ChartFrameProps } from './ChartFrame';
import { categoryLabel, formatDayLong, type CategoryPoint, type TimePoint } from './format';

export type { CategoryPoint, TimePoint } from './format';

const TimeSeriesDrawing = lazy(() => import('./TimeSeriesChart'));
const CategoryBarDrawing = lazy(() => import('./CategoryBarChart'));

type MoneyChartProps = ChartFrameProps & {
  /** The shop currency of the amounts, e.g. 'AED' (axis 'AED 1.2K', tooltip and table 'AED 1,234.50'). */
  currency: string;
  /** What the amounts are: tooltip and table header (default 'Revenue'). */
  valueLabel?: string;
};

/** Amount per day (e.g. revenue per day) as a line or bars; `data` is ordered by day, amounts in major units. */
export function TimeSeriesChart({ data, variant = 'line', currency, valueLabel: label, height = 260, fitValues, ...frame }: MoneyChartProps & {
  /** The value axis spans the values (prices) instead of starting at zero (revenue). */
  fitValues?: boolean;
  /** One point per day 'YYYY-MM-DD', oldest first (fill days without sales with 0 so the line does not skip them). */
  data: TimePoint[];
  /** 'line' for trends over many days, 'bar' for a few days. */
  variant?: 'line' | 'bar';
}) {
  const { t } = useLingui();
  const valueLabel = label ?? t`Revenue`;
  return (
    <ChartFrame
      {...frame}
      height={height}
      hasData={data.length > 0}
      table={{ labelHeader: t`Date`, valueHeader: valueLabel, rows: data.map((p) => [formatDayLong(p.date), formatMoney(p.value, currency)]) }}
    >
      <TimeSeriesDrawing data={data} variant={variant} currency={currency} valueLabel={valueLabel} height={height} fitValues={fitValues} />
    </ChartFrame>
  );
}

/** Amount per category (e.g. revenue by category) as horizontal bars, in the order given (sort largest first). */
export function CategoryBarChart({ data, currency, valueLabel: label, height, ...frame }: MoneyChartProps & {
  data: CategoryPoint[];
}) {
  const { t } = useLingui();
  const valueLabel = label ?? t`Revenue`;
  const h = height ?? Math.max(160, data.length * 34 + 32);
  return (
    <ChartFrame
      {...frame}
      height={h}
      hasData={data.length > 0}
      table={{ labelHeader: t`Category`, valueHeader: valueLabel, rows: data.map((p) => [categoryLabel(p.category), formatMoney(p.value, currency)]) }}
    >
      <CategoryBarDrawing data={data} currency={currency} valueLabel={valueLabel} height={h} />
    </ChartFrame>
  );
}
