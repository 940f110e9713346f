// The recharts drawing of amounts per category (horizontal bars, so long names fit on phones). Loaded lazily
// through ./index.tsx; import the chart from '@/components/charts', never this file.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact } from '@souq/shared/rules/money';
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
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => formatMoneyCompact(v, currency)} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} />
        <YAxis type="category" dataKey="category" tickFormatter={categoryLabel} tick={TICK} tickLine={false} axisLine={false} width={96} />
        <Tooltip
          formatter={(v) => [formatMoney(v, currency), valueLabel]}
          labelFormatter={(c) => categoryLabel(String(c))}
          contentStyle={{ borderRadius: 12, borderColor: GRID, fontSize: 13 }}
          cursor={{ fill: '#f1f5f9' }}
        />
        <Bar dataKey="value" name={valueLabel} fill={BRAND} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
