// The recharts drawing of a time series. Loaded lazily through ./index.tsx; import the chart from
// '@/components/charts', never this file, so recharts stays out of the chunks that import the chart.
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '@souq/shared/rules/money';
import { DRAWING_STYLE, useChartLayout } from './direction';
import { formatDayLong, formatDayShort, type TimePoint } from './format';

const BRAND = 'var(--color-brand-600)';
const GRID = '#e2e8f0'; // slate-200
const TICK = { fontSize: 12, fill: '#64748b' }; // slate-500

export default function TimeSeriesDrawing({ data, variant, currency, valueLabel, height, fitValues = false }: {
  data: TimePoint[];
  variant: 'line' | 'bar';
  currency: string;
  valueLabel: string;
  height: number;
  /** The value axis spans the values (prices), not from zero (revenue). */
  fitValues?: boolean;
}) {
  const layout = useChartLayout();
  const axes = (
    <>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="date" reversed={layout.reversedTime} tickFormatter={formatDayShort} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={24} />
      <YAxis orientation={layout.valueAxis} tickFormatter={(v: number) => formatMoneyCompact(v, currency)} tick={TICK} tickLine={false} axisLine={false} width={76}
        {...(fitValues ? { domain: [(min: number) => Math.floor(min * 0.9), (max: number) => Math.ceil(max * 1.05)] as [(n: number) => number, (n: number) => number], tickCount: 4 } : {})} />
      <Tooltip
        reverseDirection={{ x: layout.tooltipTowardsLeft }}
        formatter={(v) => [formatMoney(v, currency), valueLabel]}
        labelFormatter={(d) => formatDayLong(String(d))}
        contentStyle={{ borderRadius: 12, borderColor: GRID, fontSize: 13, direction: layout.dir }}
        cursor={variant === 'bar' ? { fill: '#f1f5f9' } : { stroke: GRID }}
      />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={height} style={DRAWING_STYLE}>
      {variant === 'bar' ? (
        <BarChart data={data} margin={layout.timeMargin}>
          {axes}
          <Bar dataKey="value" name={valueLabel} fill={BRAND} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      ) : (
        <LineChart data={data} margin={layout.timeMargin}>
          {axes}
          <Line dataKey="value" name={valueLabel} type="monotone" stroke={BRAND} strokeWidth={2} dot={data.length <= 31 ? { r: 2.5, fill: BRAND } : false} activeDot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
