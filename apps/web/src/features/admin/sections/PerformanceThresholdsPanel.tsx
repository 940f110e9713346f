import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { percentToBps } from '@souq/shared/rules/commission';
import { PERFORMANCE_RATES, RATE_DIRECTION, levelsInOrder, type PerformanceRate, type PerformanceThresholds } from '@souq/shared/rules/seller-performance';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { usePerformanceThresholds, useSaveThresholds } from '@/components/performance/api';
import { RATE_NAME } from '@/components/performance/SellerPerformanceView';
import { LoadError } from '../parts/LoadError';

type Form = { rates: Record<PerformanceRate, { warn: string; pause: string }>; min_orders: string };
const asText = (bps: number) => String(bps / 100);
const formOf = (t: PerformanceThresholds): Form => ({
  rates: Object.fromEntries(PERFORMANCE_RATES.map((r) => [r, { warn: asText(t.rates[r].warn_bps), pause: asText(t.rates[r].pause_bps) }])) as Form['rates'],
  min_orders: String(t.min_orders),
});

/** Admin › System: the seller performance levels (decision 0154), a warning and a pause level per rate; audited. */
export function PerformanceThresholdsPanel() {
  const { t } = useLingui();
  const q = usePerformanceThresholds();
  return (
    <section aria-labelledby="thresholds-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="thresholds-heading" className="text-lg font-semibold text-slate-900"><Trans>Seller performance levels</Trans></h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        <Trans>Past a warning level the seller is told; past a pause level its listings are hidden until an admin lifts the pause. Rates where more is worse pass a level above it; tracking and on-time delivery pass it below.</Trans>
      </p>
      {q.isError && <LoadError title={t`The performance levels could not be loaded.`} error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <ThresholdsForm initial={q.data} />}
    </section>
  );
}

function ThresholdsForm({ initial }: { initial: PerformanceThresholds }) {
  const { t, i18n } = useLingui();
  const save = useSaveThresholds();
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const rates = {} as PerformanceThresholds['rates'];
    for (const r of PERFORMANCE_RATES) {
      const warn = percentToBps(form.rates[r].warn);
      const pause = percentToBps(form.rates[r].pause);
      if (warn === null || pause === null) next[r] = t`Levels are percentages from 0 to 100`;
      else if (!levelsInOrder(r, { warn_bps: warn, pause_bps: pause })) next[r] = t`The warning level must come before the pause level`;
      else rates[r] = { warn_bps: warn, pause_bps: pause };
    }
    const min = Number(form.min_orders);
    if (!Number.isInteger(min) || min < 1 || min > 1000) next.min_orders = t`The minimum number of orders is between 1 and 1000`;
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({ rates, min_orders: min });
      notify.success(t`Performance levels saved`);
    } catch (err) {
      notify.errorFrom(err, t`The levels were not saved`);
    }
  }
  const setLevel = (r: PerformanceRate, key: 'warn' | 'pause', value: string) => setForm({ ...form, rates: { ...form.rates, [r]: { ...form.rates[r], [key]: value } } });

  return (
    <form onSubmit={submit} noValidate aria-label={t`Seller performance levels`} className="space-y-3">
      {PERFORMANCE_RATES.map((r) => (
        <fieldset key={r} className="grid grid-cols-2 gap-x-3 sm:grid-cols-[minmax(0,14rem)_9rem_9rem] sm:items-start">
          <legend className="sr-only">{i18n._(RATE_NAME[r])}</legend>
          <p aria-hidden="true" className="col-span-2 pt-1 text-sm font-medium text-slate-800 sm:col-span-1 sm:pt-8">
            {i18n._(RATE_NAME[r])} <span className="text-xs font-normal text-slate-500">{RATE_DIRECTION[r] === 'max' ? t`(above)` : t`(below)`}</span>
          </p>
          <Field label={t`Warning (%)`} error={errors[r]}>
            <Input inputMode="decimal" dir="ltr" value={form.rates[r].warn} onChange={(e) => setLevel(r, 'warn', e.target.value)} />
          </Field>
          <Field label={t`Pause (%)`}>
            <Input inputMode="decimal" dir="ltr" value={form.rates[r].pause} onChange={(e) => setLevel(r, 'pause', e.target.value)} />
          </Field>
        </fieldset>
      ))}
      <Field label={t`Orders a rate needs before it is judged`} error={errors.min_orders} className="sm:w-72">
        <Input inputMode="numeric" dir="ltr" value={form.min_orders} onChange={(e) => setForm({ ...form, min_orders: e.target.value })} />
      </Field>
      <Button type="submit" loading={save.isPending}><Trans>Save levels</Trans></Button>
    </form>
  );
}
