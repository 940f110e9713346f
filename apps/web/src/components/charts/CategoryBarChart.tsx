// The recharts drawing of amounts per category (horizontal bars, so long names fit on phones). Loaded lazily
// through ./index.tsx; import the chart from '@/components/charts', never this file.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '@souq/shared/rules/money';
import { DRAWING_STYLE, useChartLayout } from './direction';
import { categoryLabel, type CategoryPoint } from './format';

const BRAND = 'var(--color-brand-600)';
const GRID = '#e2e8f0';
const TICK = { fontSize: 12, fill: '#64748b' };

export default function CategoryBarDrawing({ data, currency, valueLabel, height }: {
  data: CategoryPoint[];
  currency: string;
  valueLabel: string;
  height: number;
}) {
  const layout = useChartLayout();
  return (
    <ResponsiveContainer width="100%" height={height} style={DRAWING_STYLE}>
      <BarChart data={data} layout="vertical" margin={layout.categoryMargin}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" reversed={layout.categoryAxis === 'right'} tickFormatter={(v: number) => formatMoneyCompact(v, currency)} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} />
        <YAxis type="category" orientation={layout.categoryAxis} dataKey="category" tickFormatter={categoryLabel} tick={TICK} tickLine={false} axisLine={false} width={96} />
        <Tooltip
          reverseDirection={{ x: layout.tooltipTowardsLeft }}
          formatter={(v) => [formatMoney(v, currency), valueLabel]}
          labelFormatter={(c) => categoryLabel(String(c))}
          contentStyle={{ borderRadius: 12, borderColor: GRID, fontSize: 13, direction: layout.dir }}
          cursor={{ fill: '#f1f5f9' }}
        />
        <Bar dataKey="value" name={valueLabel} fill={BRAND} radius={layout.barEndRadius} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
