import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';

// A VAT period: two UAE calendar days and the usual return periods as presets (a month, a quarter), decision 0109.

/** Today in UAE time (UTC+4, no daylight saving): the report's days are the FTA's. */
export const uaeToday = (now = Date.now()) => new Date(now + 4 * 3_600_000).toISOString().slice(0, 10);

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

export type Period = { from: string; to: string };
type Preset = { id: string; label: MessageDescriptor; period: (today: string) => Period };

export const VAT_PRESETS: Preset[] = [
  { id: 'month', label: msg`This month`, period: (t) => ({ from: `${t.slice(0, 8)}01`, to: t }) },
  { id: 'last-month', label: msg`Last month`, period: (t) => { const y = +t.slice(0, 4); const m = +t.slice(5, 7) - 1; return { from: day(y, m - 1, 1), to: day(y, m, 0) }; } },
  { id: 'quarter', label: msg`This quarter`, period: (t) => { const y = +t.slice(0, 4); const q = Math.floor((+t.slice(5, 7) - 1) / 3); return { from: day(y, q * 3, 1), to: t }; } },
  { id: 'last-quarter', label: msg`Last quarter`, period: (t) => { const y = +t.slice(0, 4); const q = Math.floor((+t.slice(5, 7) - 1) / 3); return { from: day(y, q * 3 - 3, 1), to: day(y, q * 3, 0) }; } },
];

export const defaultPeriod = (today = uaeToday()) => VAT_PRESETS[2]!.period(today);

/** From and to (both inclusive), the presets, and the CSV download beside them. */
export function VatPeriod({ value, onChange, error, actions }: { value: Period; onChange: (p: Period) => void; error?: string | null; actions?: React.ReactNode }) {
  const { i18n, t } = useLingui();
  const today = uaeToday();
  return (
    <div className="space-y-3">
      <div role="group" aria-label={t`Period presets`} className="flex flex-wrap gap-2">
        {VAT_PRESETS.map((p) => {
          const period = p.period(today);
          const on = period.from === value.from && period.to === value.to;
          return <Button key={p.id} size="sm" variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => onChange(period)}>{i18n._(p.label)}</Button>;
        })}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={<Trans>From</Trans>} error={error}>
          <Input type="date" value={value.from} max={value.to} onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })} />
        </Field>
        <Field label={<Trans>To</Trans>}>
          <Input type="date" value={value.to} min={value.from} onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })} />
        </Field>
        {actions}
      </div>
      <p className="text-xs text-slate-500"><Trans>Days in UAE time, both included. Documents count on the day they were issued.</Trans></p>
    </div>
  );
}
